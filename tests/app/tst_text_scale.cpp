// View ▸ Larger Text / Smaller Text / Normal Text Size, as a teacher at a projector uses them: one
// scale reaches every text of the window — labels, every table (rows as tall as their text, headers
// never cut to "atc"), the query's code, the lesson's code, the charts and the timeline — the story
// panels are fitted again, and after a restart Ctrl+0 brings back exactly the normal sizes.
#include "batch_chart_view.h"
#include "gui_test_support.h"
#include "event_time_timeline.h"
#include "main_window.h"
#include "query_editor.h"
#include "query_summary_view.h"
#include "run_controller.h"
#include "text_scale.h"

#include <QAbstractAxis>
#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSplitter>
#include <QTableView>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QtTest>

#include <memory>

using namespace streamstep;
using namespace streamstep::testing;

namespace {

// The point sizes of the document's fixed-pitch runs (the lesson's `code`).
QList<double> codeSizes(const QTextDocument *document)
{
    QList<double> sizes;
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it)
            if (it.fragment().isValid() && it.fragment().charFormat().fontFixedPitch())
                sizes << it.fragment().charFormat().font().pointSizeF();
    return sizes;
}

// Everything the test measures, at one scale.
struct Sizes {
    double windowPoint = 0;
    double opsPoint = 0;
    double consolePoint = 0;
    QList<double> lessonCode;
    double axisLabels = 0;
    double timelinePoint = 0;
    int inputRowHeight = 0;
    int batchRowHeight = 0;
    int batchHeaderHeight = 0;

    // Every size, named, to 12 significant digits: two measurements compare as one text.
    QString text() const
    {
        const auto number = [](double v) { return QString::number(v, 'g', 12); };
        QStringList code;
        for (double point : lessonCode)
            code << number(point);
        return QStringLiteral("window %1, ops %2, console %3, lesson code [%4], axis labels %5, timeline %6, "
                              "input rows %7, batch rows %8, batch header %9")
            .arg(number(windowPoint), number(opsPoint), number(consolePoint), code.join(QLatin1String(", ")),
                 number(axisLabels), number(timelinePoint), QString::number(inputRowHeight),
                 QString::number(batchRowHeight), QString::number(batchHeaderHeight));
    }
};

std::unique_ptr<MainWindow> openedWindow()
{
    auto window = std::make_unique<MainWindow>();
    showAt(*window, {1600, 1000});
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    if (!window->openScenario(lessonPath("04-windowed-totals-append")))
        return nullptr;
    for (int i = 0; i < 3 && window->controller()->step(); ++i)
        window->controller()->waitForIdle();
    QApplication::processEvents();
    return window;
}

Sizes measure(MainWindow &window)
{
    Sizes s;
    s.windowPoint = window.font().pointSizeF();
    s.opsPoint = window.queryEditor()->findChild<QListView *>(QStringLiteral("opsView"))->font().pointSizeF();
    s.consolePoint = window.consoleView()->font().pointSizeF();
    s.lessonCode = codeSizes(window.summaryView()->lessonView()->document());
    s.axisLabels = window.chartView()->chartViewAt(0)->chart()->axes().first()->labelsFont().pointSizeF();
    s.timelinePoint = window.timelineView()->font().pointSizeF();
    auto *input = qobject_cast<QTableView *>(window.storyViews()[0]);
    s.inputRowHeight = input->verticalHeader()->defaultSectionSize();
    s.batchRowHeight = window.batchesView()->verticalHeader()->defaultSectionSize();
    s.batchHeaderHeight = window.batchesView()->horizontalHeader()->sizeHint().height();
    return s;
}

// Every table of the window: rows at least as tall as their text (bold marks included), the
// header as tall as its text, and every column at least as wide as its header's text.
void checkTables(MainWindow &window)
{
    const QList<QTableView *> tables = window.findChildren<QTableView *>();
    QVERIFY(!tables.isEmpty());
    for (QTableView *table : tables) {
        if (!table->model() || !table->isVisibleTo(&window))
            continue;
        const QString name = table->objectName();
        QFont bold = table->font();
        bold.setBold(true);
        const int textHeight = std::max(QFontMetrics(table->font()).height(), QFontMetrics(bold).height());
        QVERIFY2(table->verticalHeader()->defaultSectionSize() >= textHeight,
                 qPrintable(QStringLiteral("%1: rows %2 px for text %3 px").arg(name).arg(table->verticalHeader()->defaultSectionSize()).arg(textHeight)));
        QHeaderView *header = table->horizontalHeader();
        QVERIFY2(header->font().pointSizeF() == table->font().pointSizeF(),
                 qPrintable(QStringLiteral("%1: header %2 pt, rows %3 pt").arg(name).arg(header->font().pointSizeF()).arg(table->font().pointSizeF())));
        QVERIFY2(header->sizeHint().height() >= QFontMetrics(header->font()).height(), qPrintable(name));
        for (int c = 0; c < table->model()->columnCount(); ++c) {
            if (table->isColumnHidden(c))
                continue;
            QVERIFY2(header->sectionSize(c) >= header->sectionSizeHint(c),
                     qPrintable(QStringLiteral("%1: header '%2' is %3 px, its text needs %4 px")
                                    .arg(name, table->model()->headerData(c, Qt::Horizontal).toString())
                                    .arg(header->sectionSize(c))
                                    .arg(header->sectionSizeHint(c))));
        }
    }
}

} // namespace

class TestTextScale : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void largerTextScalesEverything();
    void smallerTextAndBoundsAreKept();
    void normalTextSizeAfterARestartResetsEverything();
    void codeRunsTakeTheScale();
};

void TestTextScale::init()
{
    QSettings().remove(QStringLiteral("fontScale"));
}

void TestTextScale::cleanup()
{
    QSettings().remove(QStringLiteral("fontScale"));
}

void TestTextScale::largerTextScalesEverything()
{
    std::unique_ptr<MainWindow> window = openedWindow();
    QVERIFY(window);
    const Sizes normal = measure(*window);
    QVERIFY(!normal.lessonCode.isEmpty()); // the lesson's text has `code`
    checkTables(*window);

    for (int i = 0; i < 3; ++i)
        window->zoomInAction()->trigger();
    QApplication::processEvents();
    const double scale = window->fontScale();
    QVERIFY(scale > 1.5 && scale < 1.53);
    QCOMPARE(QSettings().value(QStringLiteral("fontScale")).toDouble(), scale);
    const Sizes large = measure(*window);

    QVERIFY(qAbs(large.windowPoint - normal.windowPoint * scale) < 0.05);
    QCOMPARE(textScale(window->timelineView()), textScale(window.get()));
    // The code grows with the text, never shrinks against it.
    QVERIFY2(qAbs(large.opsPoint - normal.opsPoint * scale) < 0.05, qPrintable(QString::number(large.opsPoint)));
    QVERIFY(qAbs(large.consolePoint - normal.consolePoint * scale) < 0.05);
    QCOMPARE(large.lessonCode.size(), normal.lessonCode.size());
    for (int i = 0; i < large.lessonCode.size(); ++i)
        QVERIFY2(qAbs(large.lessonCode[i] - normal.lessonCode[i] * scale) < 0.05,
                 qPrintable(QStringLiteral("code run %1: %2 pt").arg(i).arg(large.lessonCode[i])));
    QVERIFY(qAbs(large.axisLabels - normal.axisLabels * scale) < 0.05);
    QVERIFY(qAbs(large.timelinePoint - normal.timelinePoint * scale) < 0.05);
    // Rows and headers grow with their text: no row overlaps the next.
    QVERIFY(large.inputRowHeight > normal.inputRowHeight);
    QVERIFY(large.batchRowHeight > normal.batchRowHeight);
    QVERIFY(large.batchHeaderHeight > normal.batchHeaderHeight);
    checkTables(*window);
    // The timeline lays its text out in the larger font: its rows of batch labels are taller.
    QVERIFY(window->timelineView()->timelineLayout().geometry().headerHeight
            >= QFontMetrics(window->timelineView()->font()).height() * 2);
    // The layout reflows: the story panels share the width they have, each fitted again.
    auto *panels = window->findChild<QSplitter *>(QStringLiteral("panelSplitter"));
    int sum = 0;
    for (int size : panels->sizes())
        sum += size;
    QVERIFY(sum <= panels->width());
    QVERIFY(window->sidePanel()->minimumWidth() >= int(270 * scale));
}

void TestTextScale::smallerTextAndBoundsAreKept()
{
    std::unique_ptr<MainWindow> window = openedWindow();
    QVERIFY(window);
    const Sizes normal = measure(*window);
    window->zoomOutAction()->trigger();
    QApplication::processEvents();
    QVERIFY(window->fontScale() < 1.0);
    QVERIFY(measure(*window).opsPoint < normal.opsPoint);
    checkTables(*window);
    for (int i = 0; i < 30; ++i)
        window->zoomInAction()->trigger();
    QCOMPARE(window->fontScale(), 3.0);
    QVERIFY(!window->zoomInAction()->isEnabled());
    checkTables(*window);
    window->zoomResetAction()->trigger();
    QCOMPARE(window->fontScale(), 1.0);
    QVERIFY(window->zoomInAction()->isEnabled());
}

void TestTextScale::normalTextSizeAfterARestartResetsEverything()
{
    Sizes fresh;
    {
        std::unique_ptr<MainWindow> window = openedWindow();
        QVERIFY(window);
        fresh = measure(*window);
    }
    // The last session left the text large; this one starts so and the teacher presses Ctrl+0.
    QSettings().setValue(QStringLiteral("fontScale"), 1.75);
    std::unique_ptr<MainWindow> window = openedWindow();
    QVERIFY(window);
    QCOMPARE(window->fontScale(), 1.75);
    const Sizes restored = measure(*window);
    QVERIFY(restored.opsPoint > fresh.opsPoint * 1.7);
    for (double size : restored.lessonCode)
        QVERIFY(size > fresh.lessonCode.first() * 1.7);
    QVERIFY(restored.batchHeaderHeight > fresh.batchHeaderHeight);
    checkTables(*window);

    window->zoomResetAction()->trigger();
    QApplication::processEvents();
    const Sizes reset = measure(*window);
    QCOMPARE(reset.text(), fresh.text());
    // Nothing explicit is left: the window takes the application's font as it is.
    QCOMPARE(window->font().resolveMask(), 0u);
    QCOMPARE(QSettings().value(QStringLiteral("fontScale")).toDouble(), 1.0);
    checkTables(*window);
}

void TestTextScale::codeRunsTakeTheScale()
{
    QTextDocument document;
    document.setMarkdown(QStringLiteral("Sums `amount` per window.\n\n```\nSELECT 1\n```\n"));
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    scaleCodeRuns(&document, 2.0);
    const QList<double> sizes = codeSizes(&document);
    QVERIFY(sizes.size() >= 2);
    for (double size : sizes)
        QCOMPARE(size, fixed.pointSizeF() * 2.0);
    QVERIFY(document.toPlainText().contains(QLatin1String("SELECT 1")));
    QCOMPARE(scaledFixedFont(1.5).pointSizeF(), fixed.pointSizeF() * 1.5);
}

QTEST_MAIN(TestTextScale)
#include "tst_text_scale.moc"
