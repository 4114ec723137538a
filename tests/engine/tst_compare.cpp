// The three output modes side by side (format §4.2): each mode's run equals a run of the query
// compiled in that mode alone, a mode Spark rejects carries Spark's message, and the same data
// shows the seed's lesson — complete rewrites every group, update only the changed ones.
#include "stream_test.h"

#include "streamstep/compare.h"

using namespace streamstep;
using namespace streamstep::testing;

class TestCompare : public QObject {
    Q_OBJECT

private slots:
    void eachModeEqualsItsOwnRun()
    {
        const Scenario scenario = makeScenario(kWindowedSum, "append", R"J([
            [["A1", "M", "10.00", "2026-03-01 10:01:00"], ["A2", "M", "1.00", "2026-03-01 10:07:00"]],
            [["A1", "M", "2.00", "2026-03-01 10:16:00"]],
            [["A1", "M", "100.00", "2026-03-01 10:04:00"], ["A2", "M", "3.00", "2026-03-01 10:09:00"]]])J");
        const std::vector<ModeRun> runs = compareOutputModes(scenario);
        QCOMPARE(runs.size(), size_t(3));
        for (const ModeRun &run : runs) {
            QVERIFY(!run.rejected);
            Scenario alone = scenario;
            alone.outputMode = run.mode;
            const std::vector<BatchReport> expected = runScenario(alone);
            QCOMPARE(run.reports.size(), expected.size());
            for (size_t b = 0; b < expected.size(); ++b) {
                QCOMPARE(run.reports[b].batchId, expected[b].batchId);
                QCOMPARE(rowsOf(run.reports[b].emitted), rowsOf(expected[b].emitted));
                QCOMPARE(run.reports[b].stateRows, expected[b].stateRows);
                QCOMPARE(run.reports[b].numRowsDroppedByWatermark, expected[b].numRowsDroppedByWatermark);
            }
        }
        // The seed's "common mistake": complete writes every group every batch, update only the
        // groups the batch changed — on step 1's data batch, 3 groups against 1.
        const auto written = [&](OutputMode mode, int64_t batchId) {
            for (const ModeRun &run : runs)
                if (run.mode == mode)
                    for (const BatchReport &r : run.reports)
                        if (r.batchId == batchId)
                            return r.numOutputRows;
            return int64_t(-1);
        };
        QCOMPARE(written(OutputMode::Complete, 2), int64_t(3));
        QCOMPARE(written(OutputMode::Update, 2), int64_t(1));
        QCOMPARE(written(OutputMode::Append, 2), int64_t(0));
    }

    void aRejectedModeCarriesSparksMessage()
    {
        const std::vector<ModeRun> runs = compareOutputModes(makeScenario(
            R"J([{"op": "filter", "condition": "amount > 1"}])J", "append", R"J([[["A1", "M", "2.00", "2026-03-01 10:00:00"]]])J"));
        QVERIFY(!runs[0].rejected && !runs[1].rejected);
        QVERIFY(runs[2].rejected);
        QCOMPARE(runs[2].mode, OutputMode::Complete);
        QCOMPARE(QString::fromStdString(runs[2].rejected->message()),
                 QStringLiteral("Complete output mode not supported when there are no streaming aggregations on "
                                "streaming DataFrames/Datasets"));
        QVERIFY(runs[2].reports.empty());
        QCOMPARE(runs[0].reports.size(), size_t(1));
        // Only the first steps, when asked.
        QVERIFY(compareOutputModes(makeScenario(kWindowedSum, "append", R"J([[["A1", "M", "2.00", "2026-03-01 10:00:00"]]])J"), 0)[0]
                    .reports.empty());
    }
};

QTEST_APPLESS_MAIN(TestCompare)
#include "tst_compare.moc"
