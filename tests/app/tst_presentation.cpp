// Checks how the main window presents itself, as a presenter would see it: in a dark (Fusion)
// palette every view and chart follows the palette (no white boxes, readable text); at 1920×1080
// and 1280×800 no panel is squeezed below a usable size, the toolbar is not cut off, and for every
// batch of every bundled lesson each story panel shows all its columns without scrolling sideways
// (the result schema in Engine holds, Written and Sink holds; the source schema in Arrived), the
// batches table its key columns, and the timeline whole batch columns only; with the German
// translation loaded, no visible string is left in English. Screenshots of each case are saved to
// $STREAMSTEP_SCREENSHOT_DIR (default: <temp>/streamstep-presentation) for a human look.
#include "../engine/test_columns.h"
#include "batch_chart_view.h"
#include "batch_list_model.h"
#include "event_time_timeline.h"
#include "batch_table_model.h"
#include "dark_palette.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "query_summary_view.h"
#include "run_controller.h"
#include "why_view.h"

#include "streamstep/engine.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QTableView>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextLayout>
#include <QTextTable>
#include <QSplitter>
#include <QStyleFactory>
#include <QTabBar>
#include <QTabWidget>
#include <QTextDocument>
#include <QToolBar>
#include <QToolButton>
#include <QTranslator>
#include <QtTest>

#include <cmath>

using namespace streamstep;
using namespace streamstep::testing;

namespace {

constexpr int kMinPanelWidth = 150;
constexpr int kMinPanelHeight = 90;

using streamstep::testing::contrast;
using streamstep::testing::screenshotDir;

// `over` painted on `under` with its alpha.
QColor composite(const QColor &over, const QColor &under)
{
    const double a = over.alphaF();
    return QColor::fromRgbF(float(over.redF() * a + under.redF() * (1 - a)), float(over.greenF() * a + under.greenF() * (1 - a)),
                            float(over.blueF() * a + under.blueF() * (1 - a)));
}

double meanLightness(const QImage &image)
{
    const QImage small = image.scaled(64, 64, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    double sum = 0;
    for (int y = 0; y < small.height(); ++y)
        for (int x = 0; x < small.width(); ++x)
            sum += QColor(small.pixel(x, y)).lightnessF();
    return sum / (small.width() * small.height());
}

// The panels a user sees side by side: the children of the main window's splitters.
QList<QWidget *> panels(MainWindow &window)
{
    QList<QWidget *> result;
    for (const char *name : {"mainSplitter", "panelSplitter", "bottomSplitter"}) {
        auto *splitter = window.findChild<QSplitter *>(QLatin1String(name));
        if (!splitter)
            continue;
        for (int i = 0; i < splitter->count(); ++i) {
            QWidget *w = splitter->widget(i);
            if (qobject_cast<QSplitter *>(w) || !w->isVisible())
                continue;
            result << w;
        }
    }
    return result;
}

QString describe(const QWidget *w)
{
    QString name = w->objectName();
    for (const QObject *o = w; name.isEmpty() && o; o = o->parent())
        name = o->objectName();
    return QStringLiteral("%1 (%2)").arg(QLatin1String(w->metaObject()->className()), name);
}

void runLesson(MainWindow &window, const char *lesson)
{
    QVERIFY(window.openScenario(lessonPath(lesson)));
    window.controller()->runAll();
    QTRY_VERIFY(window.controller()->numBatches() > 0);
    window.controller()->selectBatch(window.controller()->numBatches() - 1);
}

// ---- visible strings ----

struct VisibleString {
    QString where;
    QString text;
};

QString plainText(const QString &text)
{
    if (!Qt::mightBeRichText(text))
        return text;
    QTextDocument doc;
    doc.setHtml(text);
    return doc.toPlainText();
}

void addString(QList<VisibleString> &out, const QString &where, const QString &text)
{
    const QString plain = plainText(text).remove(QLatin1Char('&')).trimmed();
    if (!plain.isEmpty())
        out.append({where, plain});
}

void addModel(QList<VisibleString> &out, const QString &where, QAbstractItemModel *model)
{
    if (!model)
        return;
    for (int c = 0; c < model->columnCount(); ++c) {
        addString(out, where + QStringLiteral(" header %1").arg(c), model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString());
        addString(out, where + QStringLiteral(" header tip %1").arg(c), model->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString());
    }
    // Cells hold data (account ids, amounts) except the marks and explanations the app adds.
    const auto *table = qobject_cast<BatchTableModel *>(model);
    const auto *batches = qobject_cast<BatchListModel *>(model);
    for (int r = 0; r < std::min(model->rowCount(), 200); ++r) {
        for (int c = 0; c < model->columnCount(); ++c) {
            const QModelIndex index = model->index(r, c);
            addString(out, where + QStringLiteral(" tip %1,%2").arg(r).arg(c), index.data(Qt::ToolTipRole).toString());
            const bool markColumn = (table && table->hasStatusColumn() && c == 0)
                || (batches && c == BatchListModel::column(BatchListModel::Column::NoData));
            if (markColumn)
                addString(out, where + QStringLiteral(" cell %1,%2").arg(r).arg(c), index.data().toString());
        }
    }
}

void addAction(QList<VisibleString> &out, const QString &where, QAction *action)
{
    if (action->isSeparator())
        return;
    addString(out, where + QStringLiteral(" text"), action->text());
    if (action->toolTip() != QString(action->text()).remove(QLatin1Char('&')).remove(QStringLiteral("…")))
        addString(out, where + QStringLiteral(" tooltip"), action->toolTip());
    addString(out, where + QStringLiteral(" status tip"), action->statusTip());
    if (QMenu *menu = action->menu()) {
        const QList<QAction *> actions = menu->actions();
        for (int i = 0; i < actions.size(); ++i)
            addAction(out, where + QStringLiteral("/%1").arg(i), actions[i]);
    }
}

// Every string the main window shows or can show on hover: widgets' texts, titles, tooltips and
// placeholders, the menus and toolbar actions, the views' headers, marks and tooltips.
QList<VisibleString> visibleStrings(MainWindow &window)
{
    QList<VisibleString> out;
    addString(out, QStringLiteral("window title"), window.windowTitle());
    const QList<QAction *> menus = window.menuBar()->actions();
    for (int i = 0; i < menus.size(); ++i)
        addAction(out, QStringLiteral("menu %1").arg(i), menus[i]);
    const QList<QWidget *> widgets = window.findChildren<QWidget *>();
    for (int i = 0; i < widgets.size(); ++i) {
        QWidget *w = widgets[i];
        if (w->window() != &window || qobject_cast<QMenu *>(w))
            continue;
        const QString where = QStringLiteral("%1 #%2").arg(describe(w)).arg(i);
        addString(out, where + QStringLiteral(" tooltip"), w->toolTip());
        addString(out, where + QStringLiteral(" status tip"), w->statusTip());
        addString(out, where + QStringLiteral(" what's this"), w->whatsThis());
        if (auto *label = qobject_cast<QLabel *>(w))
            addString(out, where, label->text());
        if (auto *button = qobject_cast<QAbstractButton *>(w)) {
            addString(out, where, button->text());
            if (auto *tool = qobject_cast<QToolButton *>(w); tool && tool->defaultAction())
                addAction(out, where + QStringLiteral(" action"), tool->defaultAction());
        }
        if (auto *box = qobject_cast<QGroupBox *>(w))
            addString(out, where, box->title());
        if (auto *edit = qobject_cast<QLineEdit *>(w))
            addString(out, where + QStringLiteral(" placeholder"), edit->placeholderText());
        if (auto *edit = qobject_cast<QPlainTextEdit *>(w))
            addString(out, where + QStringLiteral(" placeholder"), edit->placeholderText());
        if (auto *combo = qobject_cast<QComboBox *>(w))
            for (int k = 0; k < combo->count(); ++k) {
                addString(out, where + QStringLiteral(" item %1").arg(k), combo->itemText(k));
                addString(out, where + QStringLiteral(" item tip %1").arg(k), combo->itemData(k, Qt::ToolTipRole).toString());
            }
        if (auto *tabs = qobject_cast<QTabBar *>(w))
            for (int k = 0; k < tabs->count(); ++k) {
                addString(out, where + QStringLiteral(" tab %1").arg(k), tabs->tabText(k));
                addString(out, where + QStringLiteral(" tab tip %1").arg(k), tabs->tabToolTip(k));
            }
        if (auto *view = qobject_cast<QAbstractItemView *>(w); view && !qobject_cast<QHeaderView *>(w))
            addModel(out, where, view->model());
        if (auto *chartView = qobject_cast<QChartView *>(w)) {
            QChart *chart = chartView->chart();
            addString(out, where + QStringLiteral(" chart title"), chart->title());
            const QList<QAbstractAxis *> axes = chart->axes();
            for (int k = 0; k < axes.size(); ++k)
                addString(out, where + QStringLiteral(" axis %1").arg(k), axes[k]->titleText());
            const QList<QAbstractSeries *> series = chart->series();
            for (int k = 0; k < series.size(); ++k)
                addString(out, where + QStringLiteral(" series %1").arg(k), series[k]->name());
        }
    }
    const QList<QAction *> actions = window.findChildren<QAction *>();
    for (int i = 0; i < actions.size(); ++i)
        addAction(out, QStringLiteral("action #%1 (%2)").arg(i).arg(actions[i]->objectName()), actions[i]);
    return out;
}

// Strings that are the same in English and German on purpose: Spark's and the format's own
// words, names Spark's UI uses, units, and words German takes over unchanged.
bool allowedUntranslated(const QString &text, const QStringList &dataTexts)
{
    static const QStringList allowed = [] {
        QStringList words = {
            QStringLiteral("OK"), QStringLiteral("StreamStep"), QStringLiteral("Watermark"), QStringLiteral("Batch"),
            QStringLiteral("Batches"), QStringLiteral("Sink"), QStringLiteral("Trigger"), QStringLiteral("Status"),
            QStringLiteral("Plan"), QStringLiteral("English"), QStringLiteral("Deutsch"), QStringLiteral("final"),
            QStringLiteral("Spark"), // the product name, and with a version number "Spark 3.5"
            // Sink formats, output modes and query ops: Spark's own words.
            QStringLiteral("console"), QStringLiteral("memory"), QStringLiteral("csv"), QStringLiteral("json"),
            QStringLiteral("sqlite"), QStringLiteral("parquet"), QStringLiteral("postgres"), QStringLiteral("foreachBatch"), QStringLiteral("append"), QStringLiteral("update"),
            QStringLiteral("complete"), QStringLiteral("no-data"), QStringLiteral("filter"), QStringLiteral("where"),
            QStringLiteral("select"), QStringLiteral("file"),
            // Spark's type names.
            QStringLiteral("string"), QStringLiteral("int"), QStringLiteral("bigint"), QStringLiteral("long"),
            QStringLiteral("double"), QStringLiteral("decimal"), QStringLiteral("timestamp"), QStringLiteral("boolean"),
            QStringLiteral("struct"), QStringLiteral("start"), QStringLiteral("end"),
            // Units.
            QStringLiteral("ms"), QStringLiteral("s"),
            // The Spark UI's figure names (Structured Streaming tab), kept as Spark shows them.
            QStringLiteral("Input Rows"), QStringLiteral("Aggregated Number Of Total State Rows"),
            QStringLiteral("Aggregated Number Of Updated State Rows"),
            QStringLiteral("Aggregated Number Of Rows Dropped By Watermark"), QStringLiteral("Global Watermark Gap"),
            QStringLiteral("Batch Duration"),
        };
        // Longest first, so "Global Watermark Gap" goes before "Watermark".
        std::sort(words.begin(), words.end(), [](const QString &a, const QString &b) { return a.size() > b.size(); });
        return words;
    }();
    QString rest = text;
    // File names first (a recent file "09-word-count-complete.scenario.json" holds the column name
    // "count", which must not cut it into words).
    static const QRegularExpression fileNames(QStringLiteral(R"J([\w./-]+\.(json|csv|db|png)\b)J"));
    rest.replace(fileNames, QStringLiteral(" "));
    // Data shown as is: the scenario's title, source and column names.
    for (const QString &data : dataTexts)
        if (!data.isEmpty())
            rest.replace(QRegularExpression(QStringLiteral("(?<!\\w)%1(?!\\w)").arg(QRegularExpression::escape(data))), QStringLiteral(" "));
    static const QRegularExpression identifiers(QStringLiteral(
        R"J([\w./-]+\.(json|csv|db|png)\b|\.\w+\(.*\)|\b[a-z]+[A-Z]\w*\b|\b[A-Z]{2,}[-_]\w+\b|\b\w+_\w+\b|\d[\d:.,\-]*)J"));
    // File names, code, camelCase and snake_case identifiers, numbers and times.
    rest.replace(identifiers, QStringLiteral(" "));
    for (const QString &word : allowed)
        rest.replace(QRegularExpression(QStringLiteral("(?<!\\w)%1(?!\\w)").arg(QRegularExpression::escape(word))), QStringLiteral(" "));
    // Left: at least one word of three letters or more is prose that should be translated.
    static const QRegularExpression word(QStringLiteral("[A-Za-z]{3,}"));
    return !rest.contains(word);
}


// The first line of a header (a time column's shared date is on the second).
QString headerName(const QAbstractItemModel *model, int section)
{
    return model->headerData(section, Qt::Horizontal, Qt::DisplayRole).toString().section(QLatin1Char('\n'), 0, 0);
}

// Problems with a table view whose columns must all be visible: a column narrower than its
// contents, or one beyond the view's right edge (which is what a sideways scroll bar means).
QStringList clippedColumns(const QString &where, QTableView *view)
{
    QStringList problems;
    QAbstractItemModel *model = view->model();
    QHeaderView *header = view->horizontalHeader();
    if (view->horizontalScrollBar()->maximum() > 0)
        problems << QStringLiteral("%1 scrolls sideways (%2 px of columns in %3 px)").arg(where).arg(header->length()).arg(view->viewport()->width());
    for (int c = 0; c < model->columnCount(); ++c) {
        const int needed = std::max(static_cast<QAbstractItemView *>(view)->sizeHintForColumn(c), header->sectionSizeHint(c));
        const int right = header->sectionViewportPosition(c) + header->sectionSize(c);
        if (header->sectionSize(c) + 1 < needed)
            problems << QStringLiteral("%1: column '%2' is %3 px, its contents need %4").arg(where, headerName(model, c)).arg(header->sectionSize(c)).arg(needed);
        else if (header->sectionViewportPosition(c) < 0 || right > view->viewport()->width() + 1)
            problems << QStringLiteral("%1: column '%2' is cut off (ends at %3 of %4 px)").arg(where, headerName(model, c)).arg(right).arg(view->viewport()->width());
    }
    return problems;
}

// The names a view's columns have (the first header line).
QStringList columnNames(const QAbstractItemModel *model)
{
    QStringList names;
    for (int c = 0; c < model->columnCount(); ++c)
        names << headerName(model, c);
    return names;
}

void forgetLayout()
{
    QSettings settings;
    settings.remove(QStringLiteral("layout2"));
}

// Each lesson at a full HD and a laptop screen, in the light and the dark palette.
void addScreenRows(const QStringList &lessons)
{
    addColumns<QSize, bool, QString>("size", "dark", "lesson");
    for (const QSize size : {QSize(1920, 1080), QSize(1280, 800)})
        for (bool dark : {false, true})
            for (const QString &lesson : lessons)
                QTest::addRow("%dx%d %s %s", size.width(), size.height(), dark ? "dark" : "light", qPrintable(lesson))
                    << size << dark << lesson;
}

} // namespace

class TestPresentation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void toolBarKeepsItsLabels_data();
    void toolBarKeepsItsLabels();
    void initTestCase();
    void cleanup();
    void darkPaletteIsFollowed_data();
    void darkPaletteIsFollowed();
    void chartsFollowALivePaletteChange();
    void screenSizes_data();
    void screenSizes();
    void essentialColumnsAreNotClipped_data();
    void essentialColumnsAreNotClipped();
    void sidePanelFoldsAndIsRemembered();
    void lessonTablesBreakBetweenWords();
    void germanLeavesNoVisibleStringInEnglish_data();
    void germanLeavesNoVisibleStringInEnglish();

private:
    QPalette m_lightPalette;
};

void TestPresentation::initTestCase()
{
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    m_lightPalette = QApplication::style()->standardPalette();
    QApplication::setPalette(m_lightPalette);
}

void TestPresentation::cleanup()
{
    QApplication::setPalette(m_lightPalette);
}

void TestPresentation::darkPaletteIsFollowed_data()
{
    addColumns<QString, bool>("lesson", "dark");
    for (const char *lesson : {"01-high-value-filter", "03-account-counts-update", "04-windowed-totals-append",
                               "06a-complete-vs-update-complete"}) {
        QTest::addRow("%s light", lesson) << QString::fromLatin1(lesson) << false;
        QTest::addRow("%s dark", lesson) << QString::fromLatin1(lesson) << true;
    }
}

void TestPresentation::darkPaletteIsFollowed()
{
    QFETCH(QString, lesson);
    QFETCH(bool, dark);
    const QPalette palette = dark ? darkPalette() : m_lightPalette;
    QApplication::setPalette(palette);
    MainWindow window;
    window.resize(1280, 800);
    runLesson(window, lesson.toLatin1().constData());
    QVERIFY(showExposed(window));
    QApplication::processEvents();
    const QImage shot = window.grab().toImage();
    shot.save(screenshotDir() + QStringLiteral("/%1-%2-1280x800.png").arg(lesson, dark ? QStringLiteral("dark") : QStringLiteral("light")));

    QStringList problems;
    // No panel is a light box on a dark palette (or a dark box on a light one).
    for (QWidget *panel : panels(window)) {
        const double lightness = meanLightness(panel->grab().toImage());
        if (dark ? lightness > 0.45 : lightness < 0.55)
            problems << QStringLiteral("%1: mean lightness %2").arg(describe(panel)).arg(lightness, 0, 'f', 2);
    }
    // Charts take their colours from the palette.
    for (QChartView *chartView : window.findChildren<QChartView *>()) {
        QChart *chart = chartView->chart();
        if (chart->backgroundBrush().color() != palette.color(QPalette::Base))
            problems << QStringLiteral("%1: chart background %2, palette base %3")
                            .arg(describe(chartView), chart->backgroundBrush().color().name(), palette.color(QPalette::Base).name());
        for (QAbstractAxis *axis : chart->axes())
            if (contrast(axis->labelsBrush().color(), chart->backgroundBrush().color()) < 4.5)
                problems << QStringLiteral("%1: axis labels %2 on %3").arg(describe(chartView), axis->labelsBrush().color().name(),
                                                                           chart->backgroundBrush().color().name());
    }
    // Text stays readable: labels on their background, table cells (tints included) on Base.
    for (QLabel *label : window.findChildren<QLabel *>()) {
        if (!label->isVisible() || label->text().isEmpty())
            continue;
        const QPalette p = label->palette();
        const QColor background = composite(p.color(label->backgroundRole()), palette.color(QPalette::Window));
        if (contrast(p.color(label->foregroundRole()), background) < 4.5)
            problems << QStringLiteral("%1: text %2 on %3").arg(describe(label), p.color(label->foregroundRole()).name(), background.name());
    }
    for (QAbstractItemView *view : window.findChildren<QAbstractItemView *>()) {
        if (!view->isVisible() || !view->model())
            continue;
        QAbstractItemModel *model = view->model();
        const QColor base = view->palette().color(QPalette::Base);
        for (int r = 0; r < std::min(model->rowCount(view->rootIndex()), 100); ++r) {
            for (int c = 0; c < model->columnCount(view->rootIndex()); ++c) {
                const QModelIndex index = model->index(r, c, view->rootIndex());
                const QVariant bg = index.data(Qt::BackgroundRole);
                const QVariant fg = index.data(Qt::ForegroundRole);
                const QColor background = bg.isValid() ? composite(bg.value<QBrush>().color(), base) : base;
                const QColor text = fg.isValid() ? fg.value<QBrush>().color() : view->palette().color(QPalette::Text);
                if (contrast(text, background) < 4.5) {
                    problems << QStringLiteral("%1 cell %2,%3: text %4 on %5")
                                    .arg(describe(view)).arg(r).arg(c).arg(text.name(), background.name());
                    r = model->rowCount(view->rootIndex()); // one report per view
                    break;
                }
            }
        }
    }
    for (const QString &problem : std::as_const(problems))
        qWarning("%s", qPrintable(problem));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestPresentation::chartsFollowALivePaletteChange()
{
    MainWindow window;
    runLesson(window, "04-windowed-totals-append");
    QVERIFY(showExposed(window));
    BatchChartView *charts = window.chartView();
    QChart *chart = charts->chartViewAt(0)->chart();
    QCOMPARE(chart->backgroundBrush().color(), m_lightPalette.color(QPalette::Base));
    // QApplication::setPalette reaches existing widgets only inside exec(), which Qt Test does not
    // run; a palette set on the window propagates the same QEvent::PaletteChange to every child.
    window.setPalette(darkPalette());
    QCOMPARE(chart->backgroundBrush().color(), darkPalette().color(QPalette::Base));
    QCOMPARE(chart->axes(Qt::Horizontal).first()->labelsBrush().color(), darkPalette().color(QPalette::Text));
    window.setPalette(m_lightPalette);
    QCOMPARE(chart->backgroundBrush().color(), m_lightPalette.color(QPalette::Base));
}

void TestPresentation::screenSizes_data()
{
    addScreenRows({QStringLiteral("03-account-counts-update"), QStringLiteral("04-windowed-totals-append")});
}

void TestPresentation::screenSizes()
{
    QFETCH(QSize, size);
    QFETCH(bool, dark);
    QFETCH(QString, lesson);
    QApplication::setPalette(dark ? darkPalette() : m_lightPalette);
    MainWindow window;
    runLesson(window, lesson.toLatin1().constData());
    QVERIFY(showExposed(window, size));
    QApplication::processEvents();
    QCOMPARE(window.size(), size);
    const QImage shot = window.grab().toImage();
    QCOMPARE(shot.size() / shot.devicePixelRatio(), size);
    shot.save(screenshotDir() + QStringLiteral("/%1-%2-%3x%4.png")
                                    .arg(lesson, dark ? QStringLiteral("dark") : QStringLiteral("light"))
                                    .arg(size.width())
                                    .arg(size.height()));

    QStringList problems;
    const QList<QWidget *> shown = panels(window);
    QVERIFY(shown.size() >= 6);
    for (QWidget *panel : shown)
        if (panel->width() < kMinPanelWidth || panel->height() < kMinPanelHeight)
            problems << QStringLiteral("%1 is %2×%3").arg(describe(panel)).arg(panel->width()).arg(panel->height());

    // The toolbar shows every action and widget whole: no overflow (») button.
    auto *toolBar = window.findChild<QToolBar *>(QStringLiteral("stepperToolBar"));
    QVERIFY(toolBar);
    for (QToolButton *button : toolBar->findChildren<QToolButton *>())
        if (button->objectName() == QLatin1String("qt_toolbar_ext_button") && button->isVisible())
            problems << QStringLiteral("the toolbar overflows into its » menu");
    for (QAction *action : toolBar->actions()) {
        if (action->isSeparator())
            continue;
        QWidget *w = toolBar->widgetForAction(action);
        if (!w || !w->isVisible() || !toolBar->rect().contains(w->geometry()))
            problems << QStringLiteral("toolbar item '%1' is cut off or hidden").arg(action->text());
        else if (auto *label = qobject_cast<QLabel *>(w); label && label->sizeHint().width() > label->width() + 1)
            problems << QStringLiteral("toolbar label '%1' is truncated").arg(label->text());
    }
    for (const QString &problem : std::as_const(problems))
        qWarning("%s", qPrintable(problem));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestPresentation::essentialColumnsAreNotClipped_data()
{
    QStringList lessons;
    for (const QString &path : streamstep::testing::bundledLessonPaths())
        if (!streamstep::testing::leftOutUnderSanitizers(path))
            lessons << QFileInfo(path).fileName().chopped(int(qstrlen(".scenario.json")));
    addScreenRows(lessons);
}

void TestPresentation::essentialColumnsAreNotClipped()
{
    QFETCH(QSize, size);
    QFETCH(bool, dark);
    QFETCH(QString, lesson);
    forgetLayout(); // the layout a new user gets
    QApplication::setPalette(dark ? darkPalette() : m_lightPalette);
    MainWindow window;
    QVERIFY(openAt(window, size, lessonPath(lesson.toLatin1().constData())));
    QVERIFY(showExposed(window));
    const Query *query = window.controller()->query();
    if (!query) {
        // A query Spark rejects runs no batch; its panels are still laid out, none collapsed.
        for (QWidget *panel : panels(window))
            QVERIFY2(panel->width() >= 100 && panel->height() >= kMinPanelHeight, qPrintable(describe(panel)));
        return;
    }
    QStringList resultNames;
    for (const Field &f : query->resultSchema().fields)
        resultNames << QString::fromStdString(f.name);
    QStringList sourceNames;
    for (const Field &f : query->sourceSchema().fields)
        sourceNames << QString::fromStdString(f.name);

    // The side panel shows by default where there is room for it, and folds away where there is not.
    QCOMPARE(window.sidePanel()->isVisible(), size.width() >= 1600);

    window.controller()->runAll();
    QTRY_VERIFY(window.controller()->numBatches() > 0);
    // Big steps (lessons 27a/27b) run on the worker thread: every batch in before one is shown,
    // else a batch arriving later scrolls the timeline to itself.
    QVERIFY(window.controller()->waitForIdle(120000));
    QApplication::processEvents();
    QStringList problems;
    const QStringList panelNames = {QStringLiteral("Arrived"), QStringLiteral("Engine holds"), QStringLiteral("Written"),
                                    QStringLiteral("Sink holds")};
    for (int batch = 0; batch < window.controller()->numBatches(); ++batch) {
        window.controller()->selectBatch(batch);
        QApplication::processEvents();
        const QString at = QStringLiteral("batch %1").arg(batch);
        const QList<QWidget *> views = window.storyViews();
        QCOMPARE(views.size(), 4);
        for (int p = 0; p < views.size(); ++p) {
            QWidget *view = views[p];
            const QString where = QStringLiteral("%1, %2").arg(at, panelNames[p]);
            if (view->isHidden())
                continue; // Engine holds of a query without aggregation: its title says why
            if (view->width() < kMinPanelWidth - 40 || view->height() < kMinPanelHeight)
                problems << QStringLiteral("%1 is collapsed to %2×%3").arg(where).arg(view->width()).arg(view->height());
            if (auto *console = qobject_cast<QPlainTextEdit *>(view)) {
                if (console->horizontalScrollBar()->maximum() > 0)
                    problems << QStringLiteral("%1: the console text scrolls sideways").arg(where);
                if (console->horizontalScrollBar()->value() != 0)
                    problems << QStringLiteral("%1: the console text is scrolled sideways").arg(where);
                continue;
            }
            auto *table = qobject_cast<QTableView *>(view);
            QVERIFY2(table, qPrintable(where));
            problems << clippedColumns(where, table);
            // The panel shows the schema's columns (once the batch has rows to show).
            const QStringList names = columnNames(table->model());
            const QStringList &expected = p == 0 ? sourceNames : resultNames;
            if (table->model()->rowCount() > 0 && (p > 0 || names.size() > 1)) {
                for (const QString &name : expected) {
                    // A SQLite sink stores a window as <name>_start and <name>_end.
                    if (!names.contains(name) && !names.contains(name + QStringLiteral("_start")))
                        problems << QStringLiteral("%1 has no column '%2' (%3)").arg(where, name, names.join(QStringLiteral(", ")));
                }
            }
        }
        // The batches table: which batch of which trigger, rows in and out, late rows, the
        // watermark and the state, all in view.
        QTableView *batches = window.batchesView();
        using C = BatchListModel::Column;
        for (C column : {C::BatchId, C::Step, C::NoData, C::InputRows, C::EmittedRows, C::DroppedByWatermark, C::Watermark, C::StateRows}) {
            const int c = BatchListModel::column(column);
            QHeaderView *header = batches->horizontalHeader();
            const int needed = std::max(static_cast<QAbstractItemView *>(batches)->sizeHintForColumn(c), header->sectionSizeHint(c));
            const int right = header->sectionViewportPosition(c) + header->sectionSize(c);
            if (header->sectionSize(c) + 1 < needed || header->sectionViewportPosition(c) < 0 || right > batches->viewport()->width() + 1)
                problems << QStringLiteral("%1, Batches: column '%2' is not fully visible").arg(at, headerName(batches->model(), c));
        }
        // The timeline shows whole batch columns, the one shown among them.
        EventTimeTimeline *timeline = window.timelineView();
        const TimelineGeometry &g = timeline->timelineLayout().geometry();
        const int visibleColumns = timeline->timelineLayout().numVisibleColumns();
        if (visibleColumns * g.columnWidth > timeline->viewport()->width() - g.gutterWidth + 1)
            problems << QStringLiteral("%1, timeline: %2 columns of %3 px do not fit %4 px").arg(at).arg(visibleColumns).arg(g.columnWidth)
                            .arg(timeline->viewport()->width() - g.gutterWidth);
        const QPointF header = timeline->viewportPosOfHeader(batch);
        if (header.x() - g.columnWidth / 2 < g.gutterWidth - 1 || header.x() + g.columnWidth / 2 > timeline->viewport()->width() + 1)
            problems << QStringLiteral("%1, timeline: the batch shown is not wholly in view").arg(at);
        for (QWidget *panel : panels(window))
            if (panel->width() < 100 || panel->height() < kMinPanelHeight)
                problems << QStringLiteral("%1: %2 is collapsed to %3×%4").arg(at, describe(panel)).arg(panel->width()).arg(panel->height());
        if (problems.size() > 20)
            break;
    }
    window.grab().save(screenshotDir() + QStringLiteral("/columns-%1-%2-%3x%4.png")
                                             .arg(lesson, dark ? QStringLiteral("dark") : QStringLiteral("light"))
                                             .arg(size.width())
                                             .arg(size.height()));
    for (const QString &problem : std::as_const(problems))
        qWarning("%s", qPrintable(problem));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestPresentation::sidePanelFoldsAndIsRemembered()
{
    forgetLayout();
    {
        MainWindow window;
        QVERIFY(openAt(window, {1920, 1080}, lessonPath("04-windowed-totals-append")));
        QVERIFY(showExposed(window));
        QVERIFY(window.sidePanel()->isVisible());
        QCOMPARE(window.sidePanelAction()->shortcut(), QKeySequence(Qt::Key_F9));
        QVERIFY(window.sidePanelAction()->isChecked());
        const int storyWidth = window.storyViews()[1]->width();
        // F9 folds the panel away; the story panels get its room.
        QTest::keyClick(&window, Qt::Key_F9);
        QVERIFY(!window.sidePanel()->isVisible());
        QVERIFY(!window.sidePanelAction()->isChecked());
        QApplication::processEvents();
        QVERIFY(window.storyViews()[1]->width() > storyWidth);
        window.close();
    }
    {
        // The next start keeps it folded, even on a wide screen.
        MainWindow window;
        QVERIFY(openAt(window, {1920, 1080}, lessonPath("04-windowed-totals-append")));
        QVERIFY(showExposed(window));
        QVERIFY(!window.sidePanel()->isVisible());
        window.sidePanelAction()->trigger();
        QVERIFY(window.sidePanel()->isVisible());
        window.close();
    }
    {
        // And open again, even on a narrow one.
        MainWindow window;
        QVERIFY(showExposed(window, {1280, 800}));
        QVERIFY(window.sidePanelAction()->isChecked());
    }
    forgetLayout();
}

void TestPresentation::lessonTablesBreakBetweenWords()
{
    // Lesson 06a's description has a six-column table; in the side panel at its narrowest, a
    // cell's words wrap whole ("accounts / touched") and the table scrolls, never "trigge / r".
    forgetLayout();
    MainWindow window;
    QVERIFY(openAt(window, {1920, 1080}, lessonPath("06a-complete-vs-update-complete")));
    QVERIFY(showExposed(window));
    auto *splitter = window.findChild<QSplitter *>(QStringLiteral("mainSplitter"));
    splitter->setSizes({window.sidePanel()->minimumWidth(), 1920});
    QApplication::processEvents();
    QTextBrowser *lesson = window.summaryView()->lessonView();
    QVERIFY(lesson->isVisible());
    QTextDocument *doc = lesson->document();
    doc->setTextWidth(lesson->viewport()->width());
    int cells = 0;
    QStringList split;
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
        if (!QTextCursor(block).currentTable())
            continue;
        ++cells;
        const QTextLayout *layout = block.layout();
        const QString text = block.text();
        for (int i = 1; i < layout->lineCount(); ++i) {
            const int start = layout->lineAt(i).textStart();
            if (start > 0 && !text.at(start - 1).isSpace() && !text.at(start).isSpace() && text.at(start - 1).isLetterOrNumber()
                && text.at(start).isLetterOrNumber())
                split << text;
        }
    }
    QVERIFY(cells >= 6 * 5);
    QVERIFY2(split.isEmpty(), qPrintable(split.join(QLatin1Char('|'))));
}

void TestPresentation::germanLeavesNoVisibleStringInEnglish_data()
{
    addColumns<QString, bool>("lessonName", "compare");
    // A file sink, an SQLite sink and the console, with and without a watermark; the story with a
    // row explained in the Why pane, and the three modes compared (lesson 02: append rejected).
    for (const char *lesson : {"01-high-value-filter", "03-account-counts-update", "04-windowed-totals-append"})
        QTest::newRow(lesson) << QString::fromLatin1(lesson) << false;
    for (const char *lesson : {"02-branch-totals-complete", "04-windowed-totals-append"})
        QTest::addRow("%s compared", lesson) << QString::fromLatin1(lesson) << true;
}

void TestPresentation::germanLeavesNoVisibleStringInEnglish()
{
    QFETCH(QString, lessonName);
    QFETCH(bool, compare);
    const QByteArray lessonBytes = lessonName.toLatin1();
    const char *lesson = lessonBytes.constData();
    // The lesson run to its end at a laptop's size, shown: the story with the first result row (or
    // input row) explained, or the compare view.
    const auto showRunLesson = [compare, lesson](MainWindow &window) {
        window.resize(1280, 800);
        runLesson(window, lesson);
        QVERIFY(showExposed(window));
        if (compare) {
            window.setCompareShown(true);
            return;
        }
        const QList<QWidget *> views = window.storyViews();
        auto *view = static_cast<QTableView *>(views[window.resultModel()->rowCount() > 0 ? 1 : 0]);
        view->selectRow(0);
        QVERIFY(window.whyView()->isShowingRow());
    };
    // The English strings first, with the same steps, so each German string has its twin.
    QList<VisibleString> english;
    QStringList dataTexts;
    {
        MainWindow window;
        showRunLesson(window);
        if (QTest::currentTestFailed())
            return;
        english = visibleStrings(window);
        const Scenario &s = window.controller()->scenario();
        dataTexts << QString::fromStdString(s.title) << QString::fromStdString(s.sourceName);
        for (const Field &f : s.sourceSchema.fields)
            dataTexts << QString::fromStdString(f.name);
        if (const Query *q = window.controller()->query())
            for (const Field &f : q->resultSchema().fields)
                dataTexts << QString::fromStdString(f.name);
    }
    // Longest first, so a title is removed before a column name inside it.
    std::sort(dataTexts.begin(), dataTexts.end(), [](const QString &a, const QString &b) { return a.size() > b.size(); });

    QTranslator translator;
    QVERIFY(translator.load(QStringLiteral(":/i18n/streamstep_de.qm")));
    QVERIFY(QCoreApplication::installTranslator(&translator));
    QList<VisibleString> german;
    {
        MainWindow window;
        showRunLesson(window);
        if (QTest::currentTestFailed())
            return;
        german = visibleStrings(window);
        window.grab().save(screenshotDir() + QStringLiteral("/%1-german%2-1280x800.png")
                                                 .arg(QLatin1String(lesson), compare ? QStringLiteral("-compare") : QString()));
    }
    QCoreApplication::removeTranslator(&translator);

    QVERIFY(english.size() > 50);
    QHash<QString, QString> englishByPlace;
    for (const VisibleString &s : std::as_const(english))
        englishByPlace.insert(s.where, s.text);
    QStringList untranslated;
    int compared = 0;
    for (const VisibleString &s : std::as_const(german)) {
        const auto it = englishByPlace.constFind(s.where);
        if (it == englishByPlace.constEnd())
            continue;
        ++compared;
        if (*it == s.text && !allowedUntranslated(s.text, dataTexts) && !untranslated.contains(s.text))
            untranslated << s.text;
    }
    QVERIFY(compared > 50);
    for (const QString &text : std::as_const(untranslated))
        qWarning("untranslated: \"%s\"", qPrintable(text));
    QVERIFY2(untranslated.isEmpty(),
             qPrintable(QStringLiteral("%1 visible string(s) not translated into German:\n").arg(untranslated.size())
                        + untranslated.join(QLatin1Char('\n'))));
}

void TestPresentation::toolBarKeepsItsLabels_data()
{
    addColumns<bool, QSize, bool>("german", "size", "named");
    // With every trigger run ("All 5 triggers run") the names fit at 1280 pixels in both
    // languages; in a narrower window the buttons give them up for icons.
    QTest::newRow("en 1280x800") << false << QSize(1280, 800) << true;
    QTest::newRow("de 1280x800") << true << QSize(1280, 800) << true;
    QTest::newRow("de 1024x768") << true << QSize(1024, 768) << false;
    QTest::newRow("de 1920x1080") << true << QSize(1920, 1080) << true;
    QTest::newRow("en 900x700") << false << QSize(900, 700) << false;
}

// The run's position and the batch label stay on the stepper toolbar (never in its overflow
// menu) after three triggers of lesson 04, in English and German.
void TestPresentation::toolBarKeepsItsLabels()
{
    QFETCH(bool, german);
    QFETCH(QSize, size);
    QFETCH(bool, named);
    QTranslator translator;
    if (german) {
        QVERIFY(translator.load(QStringLiteral(":/i18n/streamstep_de.qm")));
        QVERIFY(QCoreApplication::installTranslator(&translator));
    }
    {
        MainWindow window;
        window.resize(size);
        runLesson(window, "04-windowed-totals-append");
        QVERIFY(showExposed(window));
        QCoreApplication::processEvents();
        auto *bar = window.findChild<QToolBar *>(QStringLiteral("stepperToolBar"));
        QVERIFY(bar);
        for (const char *name : {"triggerLabel", "batchLabel"}) {
            auto *label = bar->findChild<QLabel *>(QLatin1String(name));
            QVERIFY(label);
            QVERIFY2(label->isVisible() && bar->rect().contains(label->geometry()),
                     qPrintable(QStringLiteral("%1 at %2,%3 %4 wide, toolbar %5 wide")
                                    .arg(QLatin1String(name)).arg(label->x()).arg(label->y()).arg(label->width()).arg(bar->width())));
            QVERIFY2(label->width() >= label->sizeHint().width(), name);
        }
        auto *step = qobject_cast<QToolButton *>(bar->widgetForAction(window.stepAction()));
        QVERIFY(step);
        QCOMPARE(step->toolButtonStyle() == Qt::ToolButtonTextBesideIcon, named);
        QVERIFY(!step->toolTip().isEmpty());
    }
    if (german)
        QCoreApplication::removeTranslator(&translator);
}

QTEST_MAIN(TestPresentation)
#include "tst_presentation.moc"
