// Presenter mode (View ▸ Presenter Mode, F11) as a teacher uses it at a 1280×720 projector: the
// narrative, what arrived, what the engine holds, what was written and the timeline — nothing
// else — no text clipped and none smaller than the presenter's text scale, for every batch of the
// lessons; leaving it restores the layout, and everything works from the keyboard alone (step,
// back, reveal, next lesson, the key help on ? or F1). Screenshots go to
// $STREAMSTEP_SCREENSHOT_DIR (default: <temp>/streamstep-presenter) for a human look.
#include "../engine/test_columns.h"
#include "batch_narrative_view.h"
#include "event_time_timeline.h"
#include "gui_test_support.h"
#include "key_help.h"
#include "lessons_page.h"
#include "main_window.h"
#include "quiz_panel.h"
#include "run_controller.h"
#include "why_view.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QtTest>

#include <memory>

using namespace streamstep;
using streamstep::testing::addColumns;
using streamstep::testing::lessonPath;
using streamstep::testing::showAt;
using streamstep::testing::showExposed;

namespace {

QString screenshotDir()
{
    return streamstep::testing::screenshotDir(QStringLiteral("streamstep-presenter"));
}

QString nameOf(const QWidget *w)
{
    QString name;
    for (const QObject *o = w; name.isEmpty() && o; o = o->parent())
        name = o->objectName();
    return QStringLiteral("%1 (%2)").arg(QLatin1String(w->metaObject()->className()), name);
}

// Fails when a visible text of the window is smaller than `minPoint` or cut off: a label whose
// text needs more room than it has, a table that hides columns sideways or cuts a cell or header.
void checkReadable(MainWindow &window, double minPoint, const QString &where)
{
    int labels = 0;
    for (QLabel *label : window.findChildren<QLabel *>()) {
        if (!label->isVisibleTo(&window) || label->text().isEmpty() || label->window() != &window)
            continue;
        ++labels;
        QVERIFY2(label->font().pointSizeF() >= minPoint - 0.01,
                 qPrintable(QStringLiteral("%1: %2 %3 pt < %4 pt").arg(where, nameOf(label)).arg(label->font().pointSizeF()).arg(minPoint)));
        const QRect room = label->contentsRect();
        if (label->wordWrap()) {
            QVERIFY2(label->heightForWidth(label->width()) <= label->height() + 1,
                     qPrintable(QStringLiteral("%1: %2 needs %3 px of height, has %4: %5")
                                    .arg(where, nameOf(label))
                                    .arg(label->heightForWidth(label->width()))
                                    .arg(label->height())
                                    .arg(label->text().left(80))));
        } else {
            QVERIFY2(label->sizeHint().width() <= label->width() + 1 && room.height() >= label->fontMetrics().height(),
                     qPrintable(QStringLiteral("%1: %2 is cut: %3").arg(where, nameOf(label), label->text().left(80))));
        }
    }
    QVERIFY(labels >= 4); // the narrative and the three panel titles
    for (QTableView *table : window.findChildren<QTableView *>()) {
        if (!table->isVisibleTo(&window) || !table->model())
            continue;
        const QString name = where + QStringLiteral(": ") + nameOf(table);
        QVERIFY2(table->font().pointSizeF() >= minPoint - 0.01, qPrintable(name));
        QVERIFY2(table->horizontalHeader()->font().pointSizeF() >= minPoint - 0.01, qPrintable(name));
        QVERIFY2(table->horizontalScrollBar()->maximum() == 0, qPrintable(name + QStringLiteral(" scrolls sideways")));
        QHeaderView *header = table->horizontalHeader();
        for (int c = 0; c < table->model()->columnCount(); ++c) {
            if (table->isColumnHidden(c))
                continue;
            const int needs = std::max(static_cast<QAbstractItemView *>(table)->sizeHintForColumn(c), header->sectionSizeHint(c));
            QVERIFY2(header->sectionSize(c) >= needs,
                     qPrintable(QStringLiteral("%1: column '%2' is %3 px, needs %4")
                                    .arg(name, table->model()->headerData(c, Qt::Horizontal).toString())
                                    .arg(header->sectionSize(c))
                                    .arg(needs)));
        }
        QVERIFY2(table->verticalHeader()->defaultSectionSize() >= table->fontMetrics().height(), qPrintable(name));
        // At least three rows show whole (the panels scroll the rest).
        QVERIFY2(table->viewport()->height() >= 3 * table->verticalHeader()->defaultSectionSize(), qPrintable(name));
    }
    EventTimeTimeline *timeline = window.timelineView();
    QVERIFY(timeline->isVisibleTo(&window));
    QVERIFY(timeline->font().pointSizeF() >= minPoint - 0.01);
    QVERIFY2(timeline->timelineLayout().numVisibleColumns() >= 2, qPrintable(where));
    QVERIFY(timeline->height() >= timeline->minimumSizeHint().height());
}

// The windowed lesson open in presenter mode in a 1280×720 window, active for the keys.
std::unique_ptr<MainWindow> presentingWindow()
{
    auto window = std::make_unique<MainWindow>();
    window->resize(1280, 720);
    window->show();
    if (!QTest::qWaitForWindowActive(window.get()) || !window->openScenario(lessonPath(QStringLiteral("04-windowed-totals-append"))))
        return nullptr;
    window->setPresenterMode(true, false);
    return window;
}

void stepAll(MainWindow &window, int steps)
{
    for (int i = 0; i < steps && window.controller()->step(); ++i)
        window.controller()->waitForIdle();
    QApplication::processEvents();
}

} // namespace

class TestPresenterMode : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void presenterLayoutAt1280x720_data();
    void presenterLayoutAt1280x720();
    void leavingRestoresTheLayout();
    void keyboardOnly();
    void keyHelpListsTheKeys();
};

void TestPresenterMode::init()
{
    QSettings settings;
    settings.remove(QStringLiteral("fontScale"));
    settings.remove(QStringLiteral("presenterFontScale"));
    settings.remove(QStringLiteral("layout2"));
}

void TestPresenterMode::presenterLayoutAt1280x720_data()
{
    addColumns<QString, double>("lesson", "scale");
    QTest::newRow("windowed append, default scale") << QStringLiteral("04-windowed-totals-append") << MainWindow::kDefaultPresenterScale;
    QTest::newRow("update mode, default scale") << QStringLiteral("03-account-counts-update") << MainWindow::kDefaultPresenterScale;
    QTest::newRow("high-value filter, larger") << QStringLiteral("01-high-value-filter") << 1.6;
}

void TestPresenterMode::presenterLayoutAt1280x720()
{
    QFETCH(QString, lesson);
    QFETCH(double, scale);
    QSettings().setValue(QStringLiteral("presenterFontScale"), scale);
    MainWindow window;
    QVERIFY(showExposed(window, {1280, 720}));
    QVERIFY(window.openScenario(lessonPath(lesson)));
    stepAll(window, 1000);
    // The offscreen screen is smaller than a projector: the window as large as a 1280×720 one.
    window.setPresenterMode(true, false);
    window.resize(1280, 720);
    QApplication::processEvents();
    QVERIFY(window.isPresenterMode());
    QCOMPARE(window.fontScale(), scale);

    // One focused layout: the narrative, three story panels, the timeline.
    QVERIFY(window.narrativeView()->isVisibleTo(&window));
    for (const char *panel : {"arrivedPanel", "holdsPanel", "writtenPanel"})
        QVERIFY2(window.findChild<QWidget *>(QLatin1String(panel))->isVisibleTo(&window), panel);
    QVERIFY(!window.findChild<QWidget *>(QStringLiteral("sinkPanel"))->isVisibleTo(&window));
    QVERIFY(!window.sidePanel()->isVisibleTo(&window));
    QVERIFY(!window.whyView()->isVisibleTo(&window));
    QVERIFY(!window.findChild<QTabWidget *>(QStringLiteral("batchTabs"))->isVisibleTo(&window));
    QVERIFY(!window.menuBar()->isVisibleTo(&window));
    QVERIFY(!window.findChild<QToolBar *>(QStringLiteral("stepperToolBar"))->isVisibleTo(&window));
    QVERIFY(!window.statusBar()->isVisibleTo(&window));
    // The timeline under the panels.
    QVERIFY(window.timelineView()->mapTo(&window, QPoint()).y()
            > window.findChild<QWidget *>(QStringLiteral("arrivedPanel"))->mapTo(&window, QPoint()).y());
    // The narrative in large type: larger than the rest.
    QVERIFY(window.narrativeView()->font().pointSizeF() > window.font().pointSizeF());

    const double minPoint = QApplication::font().pointSizeF() * scale;
    const int batches = window.controller()->numBatches();
    QVERIFY(batches > 0);
    for (int batch = 0; batch < batches; ++batch) {
        window.controller()->selectBatch(batch);
        QApplication::processEvents();
        checkReadable(window, minPoint, QStringLiteral("%1 batch %2").arg(lesson).arg(batch));
        if (QTest::currentTestFailed())
            break;
    }
    window.grab().save(screenshotDir() + QStringLiteral("/presenter-%1.png").arg(lesson));
}

void TestPresenterMode::leavingRestoresTheLayout()
{
    MainWindow window;
    showAt(window, {1280, 800});
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openScenario(lessonPath(QStringLiteral("04-windowed-totals-append"))));
    stepAll(window, 2);
    window.sidePanelAction()->trigger(); // the user unfolds the side panel
    QApplication::processEvents();
    QVERIFY(window.sidePanel()->isVisible());
    auto *centre = window.findChild<QSplitter *>(QStringLiteral("centreSplitter"));
    const QList<int> centreSizes = centre->sizes();
    const double normalScale = window.fontScale();

    QTest::keyClick(&window, Qt::Key_F11);
    QVERIFY(window.isPresenterMode());
    QVERIFY(window.presenterAction()->isChecked());
    QVERIFY(window.windowState() & Qt::WindowFullScreen);
    QVERIFY(!window.sidePanel()->isVisible());
    QCOMPARE(window.fontScale(), MainWindow::kDefaultPresenterScale);
    // Larger Text while presenting changes the presenter's scale only.
    window.zoomInAction()->trigger();
    const double presenterScale = window.fontScale();
    QVERIFY(presenterScale > MainWindow::kDefaultPresenterScale);
    QCOMPARE(QSettings().value(QStringLiteral("presenterFontScale")).toDouble(), presenterScale);

    QTest::keyClick(&window, Qt::Key_F11);
    QApplication::processEvents();
    QVERIFY(!window.isPresenterMode());
    QVERIFY(!(window.windowState() & Qt::WindowFullScreen));
    QCOMPARE(window.fontScale(), normalScale);
    QVERIFY(window.sidePanel()->isVisible());
    QVERIFY(window.menuBar()->isVisible());
    QVERIFY(window.statusBar()->isVisible());
    QVERIFY(window.findChild<QToolBar *>(QStringLiteral("stepperToolBar"))->isVisible());
    QVERIFY(window.findChild<QWidget *>(QStringLiteral("sinkPanel"))->isVisible());
    QVERIFY(window.whyView()->isVisible());
    QVERIFY(window.findChild<QTabWidget *>(QStringLiteral("batchTabs"))->isVisible());
    QCOMPARE(centre->sizes(), centreSizes);
    // The next time, presenting starts at the scale the teacher chose.
    window.setPresenterMode(true, false);
    QCOMPARE(window.fontScale(), presenterScale);
    window.setPresenterMode(false);
    QCOMPARE(window.fontScale(), normalScale);
}

void TestPresenterMode::keyboardOnly()
{
    std::unique_ptr<MainWindow> presenting = presentingWindow();
    QVERIFY(presenting);
    MainWindow &window = *presenting;
    RunController *c = window.controller();

    // Step: Space, →, Page Down (a clicker's "next").
    QTest::keyClick(&window, Qt::Key_Space);
    c->waitForIdle();
    QCOMPARE(c->nextStep(), 1);
    QTest::keyClick(&window, Qt::Key_Right);
    c->waitForIdle();
    QTest::keyClick(&window, Qt::Key_PageDown);
    c->waitForIdle();
    QCOMPARE(c->nextStep(), 3);
    const int last = c->numBatches() - 1;
    QCOMPARE(c->currentBatch(), last);
    // Back: ←, Page Up show the batch before.
    QTest::keyClick(&window, Qt::Key_Left);
    QCOMPARE(c->currentBatch(), last - 1);
    QTest::keyClick(&window, Qt::Key_PageUp);
    QCOMPARE(c->currentBatch(), last - 2);
    QCOMPARE(c->nextStep(), 3); // going back runs nothing again

    // Reveal: in lesson mode, Space shows the next trigger's rows and asks; Return reveals it.
    QVERIFY(!window.revealAction()->isEnabled());
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
    QVERIFY(window.lessonModeAction()->isChecked());
    QVERIFY(window.quizDock()->isVisible()); // the questions stay while presenting
    QTest::keyClick(&window, Qt::Key_Space);
    QCOMPARE(window.predictingStep(), 3);
    QVERIFY(window.revealAction()->isEnabled());
    const int before = c->numBatches();
    QTest::keyClick(&window, Qt::Key_Return);
    c->waitForIdle();
    QApplication::processEvents();
    QCOMPARE(window.predictingStep(), -1);
    QVERIFY(c->numBatches() > before);
    QCOMPARE(c->nextStep(), 4);
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
    QVERIFY(!window.lessonModeAction()->isChecked());

    // Next lesson: N opens the lesson after this one in the Lessons page's course order.
    const LessonsPage *lessons = window.lessonsPage();
    const auto rowOf = [&](const QString &path) {
        for (int row = 0; row < lessons->numLessons(); ++row)
            if (QFileInfo(lessons->lessonPath(row)).fileName() == QFileInfo(path).fileName())
                return row;
        return -1;
    };
    const int row = rowOf(c->filePath());
    QVERIFY(row >= 0 && row + 2 < lessons->numLessons());
    QVERIFY(window.nextLessonAction()->isEnabled());
    QTest::keyClick(&window, Qt::Key_N);
    QCOMPARE(QFileInfo(c->filePath()).fileName(), QFileInfo(lessons->lessonPath(row + 1)).fileName());
    QVERIFY(window.isPresenterMode());
    QTest::keyClick(&window, Qt::Key_N);
    QCOMPARE(QFileInfo(c->filePath()).fileName(), QFileInfo(lessons->lessonPath(row + 2)).fileName());
    // The last lesson has no next one.
    const QString lastLesson = window.lessonsPage()->lessonPath(window.lessonsPage()->numLessons() - 1);
    QVERIFY(window.openScenario(lastLesson));
    QVERIFY(!window.nextLessonAction()->isEnabled());
}

void TestPresenterMode::keyHelpListsTheKeys()
{
    std::unique_ptr<MainWindow> presenting = presentingWindow();
    QVERIFY(presenting);
    MainWindow &window = *presenting;
    QApplication::processEvents();
    KeyHelpOverlay *help = window.keyHelp();
    QVERIFY(!help->isVisible());
    QTest::keyClick(&window, Qt::Key_Question, Qt::ShiftModifier);
    QVERIFY(help->isVisible());
    // Every key of the classroom, listed with what it does, from the actions themselves.
    QStringList listed;
    for (const auto &[keys, name] : help->entries())
        listed << keys + QStringLiteral(" = ") + name;
    const QString all = listed.join(QLatin1Char('\n'));
    for (QAction *action : {window.stepAction(), window.backAction(), window.revealAction(), window.nextLessonAction(),
                            window.presenterAction(), window.keyHelpAction(), window.zoomInAction(), window.zoomResetAction()}) {
        const QString key = action->shortcut().toString(QKeySequence::NativeText);
        QVERIFY2(all.contains(key), qPrintable(key + QStringLiteral(" missing in\n") + all));
    }
    QVERIFY(all.contains(QStringLiteral("Space")));
    QVERIFY(all.contains(QStringLiteral("Step Back")));
    QVERIFY(all.contains(QStringLiteral("Reveal Trigger")));
    QVERIFY(all.contains(QStringLiteral("Next Lesson")));
    // Over the window, whole, in the presenter's large text.
    QVERIFY(window.rect().contains(help->geometry()));
    for (QLabel *label : help->findChildren<QLabel *>()) {
        QVERIFY(label->font().pointSizeF() >= QApplication::font().pointSizeF() * window.fontScale() - 0.01);
        if (!label->wordWrap())
            QVERIFY2(label->width() >= label->sizeHint().width(), qPrintable(label->text()));
    }
    window.grab().save(screenshotDir() + QStringLiteral("/presenter-key-help.png"));
    QTest::keyClick(&window, Qt::Key_F1);
    QVERIFY(!help->isVisible());
    QTest::keyClick(&window, Qt::Key_F1);
    QVERIFY(help->isVisible());
    QTest::keyClick(help, Qt::Key_Escape);
    QVERIFY(!help->isVisible());
}

QTEST_MAIN(TestPresenterMode)
#include "tst_presenter_mode.moc"
