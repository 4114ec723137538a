// Run ▸ Play Until in the main window (offscreen): Play stops at the first batch where the chosen
// moment happens — a row dropped as late, a window written, a no-data batch — shows that batch
// and says in the Why pane what happened, in the engine's words (breakpoints.h, compared with a
// run of the engine alone); a play that runs out first says so. The menu reads in German.
#include "gui_test_support.h"
#include "event_time_timeline.h"
#include "main_window.h"
#include "run_controller.h"
#include "why_view.h"

#include "streamstep/breakpoints.h"

#include <QMenu>
#include <QStatusBar>
#include <QtTest>

using namespace streamstep;
using namespace streamstep::testing;

namespace {

QString lessonPath() { return QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/04-windowed-totals-append.scenario.json"); }

// The engine alone: what batch `batch` of lesson 04 says about the moment.
QString engineSays(int batch, BatchEvent event)
{
    const Scenario s = readScenarioFile(lessonPath().toStdString());
    const auto query = Query::compile(s);
    const std::vector<BatchReport> reports = runScenario(s);
    return QString::fromStdString(batchEvent(*query, reports[size_t(batch)], event)->text());
}

QAction *untilAction(MainWindow &window, BatchEvent event)
{
    return window.playUntilMenu()->findChild<QAction *>(
        QStringLiteral("playUntil_%1").arg(QString::fromStdString(batchEventName(event))));
}

// Plays until the moment and waits until Play stopped and the batch is shown.
void playUntil(MainWindow &window, BatchEvent event)
{
    QAction *action = untilAction(window, event);
    QVERIFY(action);
    QVERIFY(window.playUntilMenu()->isEnabled());
    action->trigger();
    QVERIFY(window.controller()->isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(!window.controller()->isPlaying(), 10000);
    QTest::qWait(20); // the stop shows its batch after the controller showed the trigger's last
}

} // namespace

class TestPlayUntil : public QObject {
    Q_OBJECT

private slots:
    void stopsWhereTheMomentHappens()
    {
        MainWindow window;
        QVERIFY(showScenario(window, {1280, 800}, lessonPath()));
        window.controller()->setPlayIntervalMs(1);
        QCOMPARE(window.playUntilMenu()->actions().size(), 5);

        // Trigger 2's data batch (4) drops three rows; Play does not go on to its no-data batch's trigger.
        playUntil(window, BatchEvent::RowDroppedLate);
        QCOMPARE(window.controller()->currentBatch(), 4);
        QCOMPARE(window.timelineView()->currentBatch(), 4); // the timeline shows where it stopped
        QCOMPARE(window.controller()->nextStep(), 3);
        QCOMPARE(window.whyView()->subjectText(), QStringLiteral("Play stopped at batch 4"));
        QCOMPARE(window.whyView()->whyText(), engineSays(4, BatchEvent::RowDroppedLate));
        QCOMPARE(window.whyView()->whyText(),
                 QStringLiteral("Stopped: batch 4 drops 3 rows as late, judged by the watermark 10:07:30."));
        QCOMPARE(window.statusBar()->currentMessage(), window.whyView()->whyText());

        // From there the next written window is trigger 4's no-data batch (trigger 2's batch 5
        // already ran before the stop).
        playUntil(window, BatchEvent::WindowWritten);
        QCOMPARE(window.controller()->currentBatch(), 8);
        QCOMPARE(window.whyView()->whyText(), engineSays(8, BatchEvent::WindowWritten));

        // Nothing left: the menu waits for data.
        QVERIFY(!window.playUntilMenu()->isEnabled());
    }

    void aNoDataBatchFromTheStart()
    {
        MainWindow window;
        window.show();
        QVERIFY(window.openScenario(lessonPath()));
        window.controller()->setPlayIntervalMs(1);
        playUntil(window, BatchEvent::NoDataBatch);
        QCOMPARE(window.controller()->currentBatch(), 1);
        QCOMPARE(window.whyView()->whyText(),
                 QStringLiteral("Stopped: batch 1 is a no-data batch: no row arrived, it runs because the watermark moved to 09:58:45."));
    }

    void aPlayThatRunsOutSaysSo()
    {
        MainWindow window;
        window.show();
        QVERIFY(window.openScenario(lessonPath()));
        window.controller()->setPlayIntervalMs(1);
        playUntil(window, BatchEvent::RowDroppedLate); // batch 4
        playUntil(window, BatchEvent::RowDroppedLate); // no other batch drops a row
        QCOMPARE(window.controller()->nextStep(), 5);
        QCOMPARE(window.statusBar()->currentMessage(),
                 QStringLiteral("Play stopped at batch 8 without the moment it waited for."));
    }

    void menuInGerman()
    {
        {
            const GermanTranslation german;
            QVERIFY(german.isLoaded());
            MainWindow window;
            window.show();
            QVERIFY(window.openScenario(lessonPath()));
            QCOMPARE(window.playUntilMenu()->title(), QStringLiteral("Abspielen &bis"));
            QCOMPARE(untilAction(window, BatchEvent::StateEvicted)->text(), QStringLiteral("Zustand &entfernt wird"));
            window.controller()->setPlayIntervalMs(1);
            playUntil(window, BatchEvent::StateEvicted);
            QCOMPARE(window.controller()->currentBatch(), 3);
            QCOMPARE(window.whyView()->whyText(),
                     QStringLiteral("Angehalten: Batch 3 entfernt 2 Zustandszeilen: Das Watermark 10:07:30 hat ihr Ende überschritten."));
        }
    }
};

QTEST_MAIN(TestPlayUntil)
#include "tst_play_until.moc"
