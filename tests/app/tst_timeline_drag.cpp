// Tests dragging an input row's dot in the event-time timeline, with real mouse events on its
// viewport: dropped on a later trigger's column the row moves from its step's rows to the end of
// that step's rows, dropped higher or lower it gets the snapped event time, the run runs again
// from batch 0 to where it was and equals a fresh run of the edited scenario, Undo restores the
// scenario exactly, and Escape during a drag changes nothing. The label says where it lands.
#include "event_time_timeline.h"
#include "gui_test_support.h"
#include "input_test_support.h"
#include "main_window.h"
#include "run_controller.h"

#include "streamstep/scenario.h"
#include "streamstep/time_math.h"

#include <QAction>
#include <QApplication>
#include <QMouseEvent>
#include <QUndoStack>
#include <QtTest>

using namespace streamstep;
using streamstep::testing::sameRows;
using streamstep::testing::written;
using streamstep::testing::showExposed;

namespace {

QString lesson()
{
    return QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/13-watermark-append.scenario.json");
}

// The dot of row `row` of step `step`'s batch, -1 when there is none.
int dotOf(const EventTimeTimeline *timeline, int step, int row)
{
    const EventTimeTimelineLayout &layout = timeline->timelineLayout();
    for (size_t i = 0; i < layout.dots().size(); ++i) {
        const TimelineDot &d = layout.dots()[i];
        if (layout.batches()[size_t(d.batch)].step == step && !layout.batches()[size_t(d.batch)].noData && d.row == row)
            return int(i);
    }
    return -1;
}

// The timeline column of step `step`'s batch with its rows.
int columnOf(const EventTimeTimeline *timeline, int step)
{
    const auto &batches = timeline->timelineLayout().batches();
    for (size_t i = 0; i < batches.size(); ++i)
        if (batches[i].step == step && !batches[i].noData)
            return int(i);
    return -1;
}

void send(QWidget *target, QEvent::Type type, QPointF pos, Qt::MouseButtons buttons)
{
    QMouseEvent event(type, pos, target->mapToGlobal(pos), Qt::LeftButton, buttons, Qt::NoModifier);
    QApplication::sendEvent(target, &event);
}

// Presses on dot `dot`, drags it (scrolling at the right edge while `column` is out of view) to
// `column` and `dy` pixels down from the dot's height, and returns that point (not released).
QPointF dragTo(EventTimeTimeline *timeline, int dot, int column, double dy = 0)
{
    QWidget *viewport = timeline->viewport();
    timeline->setCurrentBatch(timeline->timelineLayout().dots()[size_t(dot)].batch);
    const QPointF from = timeline->viewportPosOfDot(dot);
    send(viewport, QEvent::MouseButtonPress, from, Qt::LeftButton);
    send(viewport, QEvent::MouseMove, from + QPointF(2, QApplication::startDragDistance() + 1), Qt::LeftButton);
    auto inView = [&] {
        const double x = timeline->viewportPosOfHeader(column).x();
        return x > timeline->viewportPosOfHeader(0).x() - 1 && x < viewport->width() - 30
            && timeline->batchAt(QPointF(x, from.y())) == column;
    };
    for (int i = 0; i < 20 && !inView(); ++i)
        send(viewport, QEvent::MouseMove, QPointF(viewport->width() - 2, from.y()), Qt::LeftButton);
    const QPointF to(timeline->viewportPosOfHeader(column).x(), timeline->viewportPosOfDot(dot).y() + dy);
    send(viewport, QEvent::MouseMove, to, Qt::LeftButton);
    return to;
}

// Runs `scenario` from the start through every step, as a second, independent controller.
void freshRun(RunController &fresh, const Scenario &scenario)
{
    fresh.setSynchronousLimit(1 << 30);
    fresh.setScenario(scenario);
    fresh.start();
    while (fresh.step()) {
    }
}

} // namespace

class TestTimelineDrag : public QObject {
    Q_OBJECT

private:
    void open(MainWindow &window)
    {
        QVERIFY(showExposed(window, {1280, 800}));
        QVERIFY(window.openScenario(lesson()));
        RunController *c = window.controller();
        c->setSynchronousLimit(1 << 30);
        c->start();
        while (c->step()) {
        }
        QCOMPARE(c->nextStep(), 4);
        // The first batches in view; the drags scroll to later ones at the edge.
        window.timelineView()->setCurrentBatch(0);
        QApplication::processEvents();
        QVERIFY(window.timelineView()->timelineLayout().numVisibleColumns() < c->numBatches());
    }

private slots:
    void dragToALaterTriggerMovesTheRowAndUndoRestoresIt()
    {
        MainWindow window;
        open(window);
        RunController *c = window.controller();
        EventTimeTimeline *timeline = window.timelineView();
        QWidget *viewport = timeline->viewport();
        const QString original = written(*c);
        const Scenario before = c->scenario();
        const int entries = window.undoStack()->count();

        // dog at 12:07 of trigger 0, dropped on trigger 3's column at the same height.
        const int dot = dotOf(timeline, 0, 0);
        const int target = columnOf(timeline, 3);
        QVERIFY(dot >= 0 && target >= 0);
        const QPointF to = dragTo(timeline, dot, target);
        QVERIFY(timeline->isDragging());
        QCOMPARE(timeline->dragText(), QStringLiteral("To trigger 3 (%1), %2 = 12:07 (Esc cancels)")
                                           .arg(timeline->timelineLayout().batches()[size_t(target)].title,
                                                timeline->timelineLayout().info().eventTimeName));
        {
            const QString dir = testing::screenshotDir();
            QVERIFY(window.grab().save(dir + QStringLiteral("/timeline-drag.png")));
        }
        send(viewport, QEvent::MouseButtonRelease, to, Qt::NoButton);
        QVERIFY(!timeline->isDragging());

        // The row left step 0 and is the last row of step 3, value for value.
        const Scenario &after = c->scenario();
        QCOMPARE(after.steps[0].rows.numRows, before.steps[0].rows.numRows - 1);
        QVERIFY(after.steps[0].rows.row(0) == before.steps[0].rows.row(1));
        QCOMPARE(after.steps[3].rows.numRows, before.steps[3].rows.numRows + 1);
        for (size_t r = 0; r < before.steps[3].rows.numRows; ++r)
            QVERIFY(after.steps[3].rows.row(r) == before.steps[3].rows.row(r));
        QVERIFY(after.steps[3].rows.row(before.steps[3].rows.numRows) == before.steps[0].rows.row(0));
        for (size_t s : {size_t(1), size_t(2)})
            QVERIFY(sameRows(after.steps[s].rows, before.steps[s].rows));
        QCOMPARE(window.undoStack()->count(), entries + 1);

        // The run ran again through every trigger, exactly like a fresh run of the edited input;
        // 12:07 arriving in trigger 3 is behind the watermark and dropped.
        QCOMPARE(c->nextStep(), 4);
        RunController fresh;
        freshRun(fresh, after);
        QCOMPARE(c->numBatches(), fresh.numBatches());
        int64_t dropped = 0;
        int64_t droppedBefore = 0;
        for (int b = 0; b < c->numBatches(); ++b) {
            const BatchReport &mine = *c->reports()[size_t(b)];
            const BatchReport &theirs = *fresh.reports()[size_t(b)];
            QCOMPARE(mine.step, theirs.step);
            QCOMPARE(mine.numOutputRows, theirs.numOutputRows);
            QCOMPARE(mine.numRowsDroppedByWatermark, theirs.numRowsDroppedByWatermark);
            QVERIFY(sameRows(mine.emitted, theirs.emitted));
            dropped += mine.numRowsDroppedByWatermark;
        }
        RunController original_run;
        freshRun(original_run, before);
        for (const auto &r : original_run.reports())
            droppedBefore += r->numRowsDroppedByWatermark;
        QCOMPARE(dropped, droppedBefore + 1);
        // The timeline shows the new run: the row is now a dot of trigger 3's batch.
        QCOMPARE(int(timeline->timelineLayout().reports().size()), c->numBatches());
        QVERIFY(dotOf(timeline, 3, int(before.steps[3].rows.numRows)) >= 0);

        window.undoStack()->undo();
        QCOMPARE(written(*c), original);
        for (size_t s = 0; s < before.steps.size(); ++s)
            QVERIFY(sameRows(c->scenario().steps[s].rows, before.steps[s].rows));
        window.undoStack()->redo();
        QVERIFY(sameRows(c->scenario().steps[3].rows, after.steps[3].rows));
    }

    void dragUpwardsChangesTheEventTimeSnapped()
    {
        MainWindow window;
        open(window);
        RunController *c = window.controller();
        EventTimeTimeline *timeline = window.timelineView();
        const Scenario before = c->scenario();
        // cat at 12:09 of trigger 1, dragged straight up by three lines.
        const int dot = dotOf(timeline, 1, 1);
        QVERIFY(dot >= 0);
        const QPointF to = dragTo(timeline, dot, columnOf(timeline, 1), -3 * timeline->timelineLayout().geometry().lineHeight);
        const EventTimeTimeline::DropTarget target = timeline->dropTargetAt(dot, to);
        QCOMPARE(target.batch, columnOf(timeline, 1));
        QCOMPARE(target.timeMs % timeline->timelineLayout().snapMs(), 0);
        QVERIFY(target.timeMs > timeline->timelineLayout().dots()[size_t(dot)].timeMs);
        send(timeline->viewport(), QEvent::MouseButtonRelease, to, Qt::NoButton);

        const int column = timeline->timelineLayout().info().eventTimeColumn;
        const ColumnBatch &rows = c->scenario().steps[1].rows;
        QCOMPARE(rows.numRows, before.steps[1].rows.numRows);
        QCOMPARE(rows.columns[size_t(column)].ints()[1], target.timeMs * 1000);
        QVERIFY(rows.row(0) == before.steps[1].rows.row(0));
        QCOMPARE(c->nextStep(), 4);
        window.undoStack()->undo();
        QVERIFY(sameRows(c->scenario().steps[1].rows, before.steps[1].rows));
    }

    void escapeCancelsADrag()
    {
        testing::GermanTranslation german;
        QVERIFY(german.isLoaded());
        MainWindow window;
        open(window);
        RunController *c = window.controller();
        EventTimeTimeline *timeline = window.timelineView();
        const QString original = written(*c);
        const int entries = window.undoStack()->count();
        const int dot = dotOf(timeline, 0, 1);
        QVERIFY(dot >= 0);
        const QPointF to = dragTo(timeline, dot, columnOf(timeline, 2));
        QVERIFY(timeline->isDragging());
        QVERIFY2(timeline->dragText().startsWith(QStringLiteral("Zu Trigger 2")), qPrintable(timeline->dragText()));
        QVERIFY(timeline->dragText().endsWith(QStringLiteral("(Esc bricht ab)")));
        {
            const QString dir = testing::screenshotDir();
            QVERIFY(window.grab().save(dir + QStringLiteral("/timeline-drag-de.png")));
        }
        QTest::keyClick(timeline, Qt::Key_Escape);
        QVERIFY(!timeline->isDragging());
        send(timeline->viewport(), QEvent::MouseButtonRelease, to, Qt::NoButton);
        QCOMPARE(written(*c), original);
        QCOMPARE(window.undoStack()->count(), entries);
        QCOMPARE(c->nextStep(), 4);
    }
};

QTEST_MAIN(TestTimelineDrag)
#include "tst_timeline_drag.moc"
