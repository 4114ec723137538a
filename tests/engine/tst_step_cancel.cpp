// Tests the hook the app's worker thread uses to follow and stop a long step (StepControl): a step
// cancelled at any of its checkpoints leaves the Run exactly as before (state stores, watermark,
// next batch id, memory table), and stepping on afterwards gives the reports of a run that was
// never cancelled. Progress is reported at every checkpoint with strictly increasing fractions.
#include "test_columns.h"
#include "stream_test.h"


#include <QtTest>

#include <atomic>

using namespace streamstep;
using namespace streamstep::testing;

namespace {

constexpr int kNumSteps = 3;
constexpr int64_t kRowsPerStep = 20'000; // two row-loop chunks (16,384 rows) per step

std::vector<ColumnBatch> generatedSteps()
{
    return lateTransactionSteps(kNumSteps, kRowsPerStep, 7, 50);
}

int64_t triggerTime(int step)
{
    return int64_t(step) * 1'000'000;
}

void compareReports(const std::vector<BatchReport> &actual, const std::vector<BatchReport> &expected)
{
    QCOMPARE(actual.size(), expected.size());
    for (size_t i = 0; i < actual.size(); ++i) {
        const BatchReport &a = actual[i];
        const BatchReport &e = expected[i];
        compareReport(a, e);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(a.eventTime.has_value(), e.eventTime.has_value());
        if (a.eventTime) {
            QCOMPARE(a.eventTime->minMs, e.eventTime->minMs);
            QCOMPARE(a.eventTime->maxMs, e.eventTime->maxMs);
            QCOMPARE(a.eventTime->count, e.eventTime->count);
        }
        QCOMPARE(a.stateRowsUpdated, e.stateRowsUpdated);
        QCOMPARE(a.stateRowsRemoved, e.stateRowsRemoved);
        QCOMPARE(a.hasResultTable, e.hasResultTable);
        QVERIFY(a.resultStatuses == e.resultStatuses);
        QCOMPARE(a.hasSinkTable, e.hasSinkTable);
        QVERIFY(sameBatch(a.sinkTable, e.sinkTable));
    }
}

// Everything a step may change, to compare before and after a cancelled step.
struct RunSnapshot {
    std::string state;
    int64_t nextBatchId = 0;
    int64_t watermarkMs = 0;
    ColumnBatch memoryTable;
    bool failed = false;

    explicit RunSnapshot(const Run &run)
        : state(run.saveState()), nextBatchId(run.nextBatchId()), watermarkMs(run.watermarkMs()),
          memoryTable(run.memoryTable()), failed(run.failure().has_value())
    {
    }
};

struct Checkpoint {
    double fraction;
    StepPhase phase;
};

} // namespace

class TestStepCancel : public QObject {
    Q_OBJECT

private slots:
    void cancelAtEveryCheckpoint_data();
    void cancelAtEveryCheckpoint();
    void progressIsReportedAtEveryPhase();
    void uncancelledControlChangesNothing();
};

void TestStepCancel::cancelAtEveryCheckpoint_data()
{
    addColumns<QString, QString, QString>("query", "mode", "sink");
    const QString memory = QStringLiteral(R"J({"format": "memory", "options": {"queryName": "q"}})J");
    const QString console = QStringLiteral(R"J({"format": "console", "options": {}})J");
    // Append: windows close as the watermark moves, with Spark's no-data batch after most steps.
    QTest::newRow("windowed totals, append, memory")
        << R"J([{"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
               {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"],
                "aggs": ["sum(amount) AS total", "count(*) AS n"]}])J"
        << "append" << memory;
    // Complete: the memory table is replaced by every batch (the undo keeps the old one aside).
    QTest::newRow("branch totals, complete, memory")
        << R"J([{"op": "filter", "condition": "amount > 1000"},
               {"op": "groupBy", "keys": ["branchCode"], "aggs": ["sum(amount) AS total", "max(amount) AS top"]}])J"
        << "complete" << memory;
    // Append without state: tens of thousands of rows appended to the memory table per batch,
    // with checkpoints between chunks of them (the undo cuts them off again).
    QTest::newRow("filter, append, memory")
        << R"J([{"op": "filter", "condition": "amount > 50000"},
               {"op": "withColumn", "name": "cents", "expr": "amount * 100"}])J"
        << "append" << memory;
    QTest::newRow("sliding windows, update, console")
        << R"J([{"op": "withWatermark", "column": "eventTime", "delay": "5 minutes"},
               {"op": "groupBy", "keys": ["window(eventTime, '10 minutes', '5 minutes')", "branchCode"],
                "aggs": ["count(*) AS n"]}])J"
        << "update" << console;
    QTest::newRow("dropDuplicates with watermark, append, memory")
        << R"J([{"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
               {"op": "dropDuplicates", "columns": ["accountId", "eventTime"]}])J"
        << "append" << memory;
    QTest::newRow("session windows, append, memory")
        << R"J([{"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
               {"op": "groupBy", "keys": ["session_window(eventTime, '1 minute')", "accountId"],
                "aggs": ["count(*) AS n"]}])J"
        << "append" << memory;
}

void TestStepCancel::cancelAtEveryCheckpoint()
{
    QFETCH(QString, query);
    QFETCH(QString, mode);
    QFETCH(QString, sink);
    const Scenario scenario = makeScenario(query.toStdString(), mode.toStdString(), "[]", sink.toStdString());
    const auto compiled = Query::compile(scenario);
    const std::vector<ColumnBatch> steps = generatedSteps();

    Run reference(compiled);
    Run run(compiled);
    int numCancelled = 0;
    int noDataBatches = 0;
    for (int s = 0; s < kNumSteps; ++s) {
        const ColumnBatch &rows = steps[size_t(s)];
        const std::vector<BatchReport> expected = reference.step(rows, s, triggerTime(s));
        noDataBatches += expected.size() > 1;

        // How many checkpoints this step has: count them on a copy of the run.
        const int numCheckpoints = checkpointsOfStep(run, rows, s, triggerTime(s));
        QVERIFY2(numCheckpoints >= 6, qPrintable(QString::number(numCheckpoints)));

        // Cancel at each of them in turn, on the same run: every time it must be untouched.
        for (int k = 0; k < numCheckpoints; ++k) {
            const RunSnapshot before(run);
            CancelAt stop(k);
            QVERIFY_THROWS_EXCEPTION(StepCancelled, run.step(rows, s, triggerTime(s), stop.control));
            QCOMPARE(stop.seen, k + 1); // it stopped at that very checkpoint
            const RunSnapshot after(run);
            QVERIFY2(after.state == before.state, qPrintable(QStringLiteral("step %1, checkpoint %2").arg(s).arg(k)));
            QCOMPARE(after.nextBatchId, before.nextBatchId);
            QCOMPARE(after.watermarkMs, before.watermarkMs);
            QVERIFY(sameBatch(after.memoryTable, before.memoryTable));
            QCOMPARE(after.failed, before.failed);
            ++numCancelled;
        }

        // Then the step runs for real (cancellable, not cancelled): the reports of a run that
        // was never cancelled.
        std::atomic<bool> never{false};
        StepControl control;
        control.cancel = &never;
        const std::vector<BatchReport> actual = run.step(rows, s, triggerTime(s), control);
        compareReports(actual, expected);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(RunSnapshot(run).state, RunSnapshot(reference).state);
        QVERIFY(sameBatch(run.memoryTable(), reference.memoryTable()));
    }
    QVERIFY(numCancelled >= kNumSteps * 6);
    if (qstrcmp(QTest::currentDataTag(), "windowed totals, append, memory") == 0)
        QVERIFY(noDataBatches > 0); // the cancels after a completed data batch were exercised
}

void TestStepCancel::progressIsReportedAtEveryPhase()
{
    const Scenario scenario = makeScenario(
        R"J([{"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
             {"op": "filter", "condition": "amount > 0"},
             {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"], "aggs": ["sum(amount) AS total"]}])J",
        "append", "[]");
    Run run(Query::compile(scenario));
    const std::vector<ColumnBatch> steps = generatedSteps();
    run.step(steps[0], 0, triggerTime(0));

    std::vector<Checkpoint> seen;
    StepControl control;
    control.progress = [&](double fraction, StepPhase phase) { seen.push_back({fraction, phase}); };
    const std::vector<BatchReport> reports = run.step(steps[1], 1, triggerTime(1), control);
    QCOMPARE(reports.size(), size_t(2)); // the data batch and Spark's no-data batch

    QVERIFY(!seen.empty());
    QCOMPARE(seen.front().fraction, 0.0);
    QCOMPARE(seen.front().phase, StepPhase::Input);
    for (size_t i = 1; i < seen.size(); ++i) {
        QVERIFY2(seen[i].fraction > seen[i - 1].fraction, qPrintable(QString::number(i)));
        QVERIFY(seen[i].fraction < 1.0);
    }
    const auto count = [&](StepPhase phase) {
        return int(std::count_if(seen.begin(), seen.end(), [&](const Checkpoint &c) { return c.phase == phase; }));
    };
    QCOMPARE(count(StepPhase::Watermark), 2); // once per batch
    QCOMPARE(count(StepPhase::Filter), 2);
    QCOMPARE(count(StepPhase::Window), 2);
    QCOMPARE(count(StepPhase::Aggregate), 2);
    QCOMPARE(count(StepPhase::ResultTable), 2);
    QCOMPARE(count(StepPhase::NoDataBatch), 1);
    // The late-row loop of the 20,000-row data batch checks every 16,384 rows: 2 checkpoints,
    // and 1 in the no-data batch.
    QCOMPARE(count(StepPhase::LateRows), 3);
    // The no-data batch gets the last tenth of the bar.
    const auto noData = std::find_if(seen.begin(), seen.end(), [](const Checkpoint &c) { return c.phase == StepPhase::NoDataBatch; });
    QCOMPARE(noData->fraction, 0.9);
}

void TestStepCancel::uncancelledControlChangesNothing()
{
    // A control whose flag stays false: same reports as no control at all, across steps.
    const Scenario scenario = makeScenario(
        R"J([{"op": "filter", "condition": "amount > 0"}])J", "append", "[]");
    const auto compiled = Query::compile(scenario);
    const std::vector<ColumnBatch> steps = generatedSteps();
    Run plain(compiled);
    Run controlled(compiled);
    std::atomic<bool> cancel{false};
    StepControl control;
    control.cancel = &cancel;
    for (int s = 0; s < kNumSteps; ++s) {
        compareReports(controlled.step(steps[size_t(s)], s, triggerTime(s), control),
                       plain.step(steps[size_t(s)], s, triggerTime(s)));
        if (QTest::currentTestFailed())
            return;
    }
    QCOMPARE(controlled.memoryTable().numRows, plain.memoryTable().numRows);
    QCOMPARE(controlled.memoryTable().numRows, size_t(kNumSteps * kRowsPerStep)); // chunked appends
    QCOMPARE(controlled.saveState(), plain.saveState());
}

QTEST_MAIN(TestStepCancel)
#include "tst_step_cancel.moc"
