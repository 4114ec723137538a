// How a watermark comes about (Spark's WatermarkTracker, spark-semantics.md §2) as the reports
// carry it — which withWatermark, which max event time and delay, set in which batch — and the
// engine's one trigger clock. Views print these facts; they must never have to guess them.
#include "test_columns.h"
#include "runtime/watermark_tracker.h"
#include "stream_test.h"

using namespace streamstep;
using namespace streamstep::testing;

namespace {

EventTimeAccumulator seen(std::initializer_list<const char *> times)
{
    EventTimeAccumulator stats;
    for (const char *t : times)
        stats.add(ms(t));
    return stats;
}

} // namespace

class TestWatermarkTracker : public QObject {
    Q_OBJECT

private slots:
    // Before any row: the initial 0, set by no batch.
    void theInitialWatermarkHasNoOrigin()
    {
        WatermarkTracker tracker({{"eventTime", 600'000}});
        QCOMPARE(tracker.globalWatermarkMs(), int64_t(0));
        QCOMPARE(tracker.origin().setByBatch, int64_t(-1));
        QCOMPARE(tracker.origin().operatorIndex, -1);
    }

    // The report of every batch says where the watermark in force and the next one came from.
    void reportsCarryTheWatermarkArithmetic()
    {
        StreamTester t(makeScenario(kWindowedSum, "append", R"J([
            [["A1", "M", "10.00", "2026-03-01 10:01:00"], ["A2", "M", "1.00", "2026-03-01 10:07:00"]],
            [["A1", "M", "2.00", "2026-03-01 10:05:00"]],
            [["A1", "M", "2.00", "2026-03-01 10:20:00"]]])J"));
        const auto s0 = t.addData();
        QCOMPARE(s0.size(), size_t(2));
        // Batch 0 ran with the initial watermark; its rows set 10:07 − 10 min.
        QCOMPARE(s0[0].watermarkOrigin.setByBatch, int64_t(-1));
        QCOMPARE(s0[0].nextWatermarkOrigin.setByBatch, int64_t(0));
        QCOMPARE(s0[0].nextWatermarkOrigin.operatorIndex, 0);
        QCOMPARE(QString::fromStdString(s0[0].nextWatermarkOrigin.eventTimeColumn), QStringLiteral("eventTime"));
        QCOMPARE(s0[0].nextWatermarkOrigin.maxEventTimeMs, ms("2026-03-01 10:07:00"));
        QCOMPARE(s0[0].nextWatermarkOrigin.delayMs, int64_t(600'000));
        QCOMPARE(s0[0].nextWatermarkMs, s0[0].nextWatermarkOrigin.maxEventTimeMs - s0[0].nextWatermarkOrigin.delayMs);
        QCOMPARE(s0[0].watermarkProposals.size(), size_t(1));
        QVERIFY(s0[0].watermarkProposals[0].raised);
        QCOMPARE(s0[0].watermarkProposals[0].proposedMs, ms("2026-03-01 09:57:00"));
        // The no-data batch runs with it and proposes nothing (it saw no rows).
        QCOMPARE(s0[1].watermarkOrigin.setByBatch, int64_t(0));
        QVERIFY(s0[1].watermarkProposals.empty());

        // Batch 2's max 10:05 proposes 09:55, not later than 09:57: the watermark stays, and its
        // origin is still batch 0.
        const auto s1 = t.addData();
        QCOMPARE(s1.size(), size_t(1));
        QCOMPARE(s1[0].watermarkProposals.size(), size_t(1));
        QVERIFY(!s1[0].watermarkProposals[0].raised);
        QCOMPARE(s1[0].watermarkProposals[0].proposedMs, ms("2026-03-01 09:55:00"));
        QCOMPARE(s1[0].nextWatermarkMs, ms("2026-03-01 09:57:00"));
        QCOMPARE(s1[0].nextWatermarkOrigin.setByBatch, int64_t(0));

        const auto s2 = t.addData();
        QCOMPARE(s2[0].batchId, int64_t(3));
        QCOMPARE(s2[0].nextWatermarkOrigin.setByBatch, int64_t(3));
        QCOMPARE(s2[0].nextWatermarkOrigin.maxEventTimeMs, ms("2026-03-01 10:20:00"));
    }

    // Spark's default policy "min": the slowest withWatermark decides; one that saw no rows holds
    // the global watermark at 0.
    void theMinimumOperatorDecides()
    {
        WatermarkTracker tracker({{"a", 60'000}, {"b", 0}});
        auto proposals = tracker.update({seen({"2026-03-01 10:10:00"}), EventTimeAccumulator{}}, 0);
        QCOMPARE(proposals.size(), size_t(1));
        QCOMPARE(tracker.globalWatermarkMs(), int64_t(0));
        QCOMPARE(tracker.origin().setByBatch, int64_t(-1));

        proposals = tracker.update({seen({"2026-03-01 10:20:00"}), seen({"2026-03-01 10:05:00"})}, 1);
        QCOMPARE(proposals.size(), size_t(2));
        QCOMPARE(tracker.globalWatermarkMs(), ms("2026-03-01 10:05:00"));
        QCOMPARE(tracker.origin().operatorIndex, 1);
        QCOMPARE(QString::fromStdString(tracker.origin().eventTimeColumn), QStringLiteral("b"));
        QCOMPARE(tracker.origin().setByBatch, int64_t(1));

        // A later batch moves only operator a: b still holds the minimum, set in batch 1.
        tracker.update({seen({"2026-03-01 10:30:00"}), EventTimeAccumulator{}}, 2);
        QCOMPARE(tracker.globalWatermarkMs(), ms("2026-03-01 10:05:00"));
        QCOMPARE(tracker.origin().setByBatch, int64_t(1));
    }

    // The tracker's snapshot keeps the origin across a restart.
    void aSavedTrackerKeepsItsOrigin()
    {
        WatermarkTracker tracker({{"eventTime", 600'000}});
        tracker.update({seen({"2026-03-01 10:07:00"})}, 4);
        StateWriter out;
        tracker.save(out);
        WatermarkTracker restored({{"eventTime", 600'000}});
        StateReader in(out.bytes());
        restored.load(in);
        QVERIFY(in.atEnd());
        QCOMPARE(restored.globalWatermarkMs(), tracker.globalWatermarkMs());
        QCOMPARE(restored.origin().setByBatch, int64_t(4));
        QCOMPARE(restored.origin().maxEventTimeMs, ms("2026-03-01 10:07:00"));
    }

    // The query says which source column its event time is, through aliases and window().
    void theEventTimeSourceColumnIsTracedThroughTheQuery_data()
    {
        addColumns<QString, int>("query", "sourceColumn");
        QTest::newRow("the column") << QStringLiteral(R"J([{"op": "withWatermark", "column": "eventTime", "delay": "1 minute"}])J") << 3;
        QTest::newRow("an alias") << QStringLiteral(R"J([{"op": "select", "columns": ["eventTime AS t", "amount"]},
            {"op": "withWatermark", "column": "t", "delay": "1 minute"}])J") << 3;
        QTest::newRow("a window of it") << QStringLiteral(R"J([{"op": "select", "columns": ["window(eventTime, '5 minutes') AS w", "amount"]},
            {"op": "withWatermark", "column": "w", "delay": "1 minute"}])J") << 3;
        QTest::newRow("computed") << QStringLiteral(R"J([{"op": "withColumn", "name": "t", "expr": "eventTime + INTERVAL 1 MINUTE"},
            {"op": "withWatermark", "column": "t", "delay": "1 minute"}])J") << -1;
    }
    void theEventTimeSourceColumnIsTracedThroughTheQuery()
    {
        QFETCH(QString, query);
        QFETCH(int, sourceColumn);
        const auto compiled = Query::compile(makeScenario(query.toStdString(), "append", "[]"));
        QCOMPARE(compiled->watermarks().size(), size_t(1));
        QCOMPARE(compiled->watermarks()[0].sourceColumn, sourceColumn);
        QCOMPARE(compiled->watermarks()[0].delayMs, int64_t(60'000));
        QCOMPARE(QString::fromStdString(compiled->watermarks()[0].delayText), QStringLiteral("1 minute"));
    }

    // One trigger clock for the CLI, the app and the tests: a step's processingTime, else the
    // previous trigger plus one second, from 0.
    void theTriggerClock()
    {
        Scenario s = makeScenario(kWindowedSum, "append", "[[], [], [], []]");
        s.steps[2].processingTimeMicros = micros("2026-03-01 12:00:00");
        const std::vector<int64_t> times = triggerTimesMicros(s.steps);
        QCOMPARE(times, (std::vector<int64_t>{0, 1'000'000, micros("2026-03-01 12:00:00"),
                                               micros("2026-03-01 12:00:01")}));
        for (size_t i = 0; i < s.steps.size(); ++i)
            QCOMPARE(triggerTimeMicros(s.steps, i), times[i]);
        // Steps 0 and 1 run on the manual clock alone; from step 2 on the clock is the lesson's.
        QCOMPARE(triggerTimeIsManualClock(s.steps, 0), true);
        QCOMPARE(triggerTimeIsManualClock(s.steps, 1), true);
        QCOMPARE(triggerTimeIsManualClock(s.steps, 2), false);
        QCOMPARE(triggerTimeIsManualClock(s.steps, 3), false);
    }
};

QTEST_APPLESS_MAIN(TestWatermarkTracker)
#include "tst_watermark_tracker.moc"
