// The micro-batch semantics of Spark Structured Streaming 3.5 (spark-semantics.md §1–§8), one
// rule per test, written like Spark's StreamTest suites: AddData, then check what was emitted.
#include "test_columns.h"
#include "stream_test.h"

using namespace streamstep;
using namespace streamstep::testing;

namespace {

QString window(const char *start, const char *end)
{
    return QStringLiteral(R"J({"start": "2026-03-01T%1.000Z", "end": "2026-03-01T%2.000Z"})J")
        .arg(QLatin1String(start), QLatin1String(end));
}

} // namespace

class TestMicroBatchExecution : public QObject {
    Q_OBJECT

private slots:
    void appendStatelessPassesEachRowOnce()
    {
        StreamTester t(makeScenario(
            R"J([{"op": "filter", "condition": "amount > 100000.00"},
                {"op": "select", "columns": ["accountId", "amount"]}])J",
            "append",
            R"J([[["A1", "MUMBAI", "250000.00", "2026-03-01 10:01:00"],
                 ["A2", "DELHI", "100000.00", "2026-03-01 10:02:00"],
                 ["A3", "DELHI", null, "2026-03-01 10:03:00"]],
                [["A4", "CHENNAI", "100000.01", "2026-03-01 10:04:00"]]])J"));
        auto b0 = t.addData();
        QCOMPARE(b0.size(), size_t(1));
        QCOMPARE(emittedOf(b0), QStringList{R"J({"accountId": "A1", "amount": 250000.00})J"});
        QCOMPARE(b0[0].inputFates[0], InputRowFate::Processed);
        QCOMPARE(b0[0].inputFates[1], InputRowFate::Filtered);
        QCOMPARE(b0[0].inputFates[2], InputRowFate::Filtered);
        QCOMPARE(b0[0].stateRows, int64_t(0));
        auto b1 = t.addData();
        QCOMPARE(emittedOf(b1), QStringList{R"J({"accountId": "A4", "amount": 100000.01})J"});
        QCOMPARE(b1[0].batchId, int64_t(1));
        QCOMPARE(t.run().memoryTable().numRows, size_t(2));
    }

    void emptyTriggerRunsNoBatch()
    {
        StreamTester t(makeScenario(R"J([{"op": "filter", "condition": "amount > 1"}])J", "append",
                                    R"J([[], [["A1", "M", "5.00", "2026-03-01 10:00:00"]]])J"));
        QVERIFY(t.addData().empty());
        auto b = t.addData();
        QCOMPARE(b.size(), size_t(1));
        QCOMPARE(b[0].batchId, int64_t(0));
    }

    void completeModeEmitsTheWholeTableEveryTrigger()
    {
        StreamTester t(makeScenario(
            R"J([{"op": "groupBy", "keys": ["branchCode"], "aggs": ["sum(amount) AS total"]}])J",
            "complete",
            R"J([[["A1", "MUMBAI", "100.00", "2026-03-01 10:00:00"],
                 ["A2", "MUMBAI", "50.00", "2026-03-01 10:00:00"],
                 ["A3", "DELHI", "20.00", "2026-03-01 10:00:00"]],
                [["A4", "CHENNAI", "5.00", "2026-03-01 10:00:00"]]])J"));
        auto b0 = t.addData();
        QCOMPARE(emittedOf(b0), (QStringList{R"J({"branchCode": "DELHI", "total": 20.00})J",
                                             R"J({"branchCode": "MUMBAI", "total": 150.00})J"}));
        QCOMPARE(b0[0].stateRows, int64_t(2));
        auto b1 = t.addData();
        QCOMPARE(emittedOf(b1), (QStringList{R"J({"branchCode": "CHENNAI", "total": 5.00})J",
                                             R"J({"branchCode": "DELHI", "total": 20.00})J",
                                             R"J({"branchCode": "MUMBAI", "total": 150.00})J"}));
        QCOMPARE(b1[0].stateRowsUpdated, int64_t(1));
        QCOMPARE(b1[0].stateRows, int64_t(3));
        // Spark: sum(decimal(12,2)) is decimal(22,2)
        QCOMPARE(t.run().query().resultSchema().fields[1].type, DataType::decimal(22, 2));
    }

    void updateModeEmitsEveryGroupWithInputEvenIfUnchanged()
    {
        StreamTester t(makeScenario(
            R"J([{"op": "groupBy", "keys": ["accountId"], "aggs": ["sum(amount) AS total", "count(*)"]}])J",
            "update",
            R"J([[["A1", "M", "1.00", "2026-03-01 10:00:00"], ["A1", "M", "2.00", "2026-03-01 10:00:00"],
                 ["A2", "M", "5.00", "2026-03-01 10:00:00"]],
                [["A2", "M", "1.00", "2026-03-01 10:00:00"]],
                [["A1", "M", "0.00", "2026-03-01 10:00:00"]]])J"));
        QCOMPARE(emittedOf(t.addData()),
                 (QStringList{R"J({"accountId": "A1", "total": 3.00, "count(1)": 2})J",
                              R"J({"accountId": "A2", "total": 5.00, "count(1)": 1})J"}));
        QCOMPARE(emittedOf(t.addData()), QStringList{R"J({"accountId": "A2", "total": 6.00, "count(1)": 2})J"});
        auto b2 = t.addData();
        QCOMPARE(emittedOf(b2), QStringList{R"J({"accountId": "A1", "total": 3.00, "count(1)": 3})J"});
        QCOMPARE(b2[0].stateRows, int64_t(2));
        QCOMPARE(b2[0].stateRowsUpdated, int64_t(1));
    }

    void appendEmitsWindowsOnceWhenTheWatermarkPassesTheirEnd()
    {
        StreamTester t(makeScenario(kWindowedSum, "append", R"J([
            [["A1", "M", "10.00", "2026-03-01 10:01:00"], ["A1", "M", "5.00", "2026-03-01 10:03:00"],
             ["A2", "M", "1.00", "2026-03-01 10:07:00"]],
            [["A1", "M", "2.00", "2026-03-01 10:16:00"]],
            [["A1", "M", "100.00", "2026-03-01 10:04:00"], ["A2", "M", "3.00", "2026-03-01 10:09:00"],
             ["A3", "M", "7.00", "2026-03-01 10:20:00"]],
            [["A4", "M", "1.00", "2026-03-01 10:11:00"], ["A5", "M", "1.00", "2026-03-01 10:09:59"]]])J"));

        // Step 0: nothing final yet; the watermark moves from 0 to 10:07 - 10 min, so Spark runs
        // a no-data batch right after, with the new watermark.
        auto s0 = t.addData();
        QCOMPARE(s0.size(), size_t(2));
        QVERIFY(!s0[0].noData);
        QVERIFY(s0[1].noData);
        QCOMPARE(s0[0].watermarkMs, int64_t(0));
        QCOMPARE(s0[0].nextWatermarkMs, ms("2026-03-01 09:57:00"));
        QCOMPARE(s0[1].watermarkMs, ms("2026-03-01 09:57:00"));
        QCOMPARE(s0[1].step, 0);
        QVERIFY(emittedOf(s0).isEmpty());
        QCOMPARE(s0[1].stateRows, int64_t(2));
        QCOMPARE(s0[0].eventTime->minMs, ms("2026-03-01 10:01:00"));
        QCOMPARE(s0[0].eventTime->maxMs, ms("2026-03-01 10:07:00"));
        QVERIFY(!s0[1].eventTime);

        // Step 1: watermark 10:06 finalises [10:00, 10:05) in the no-data batch.
        auto s1 = t.addData();
        QCOMPARE(s1.size(), size_t(2));
        QVERIFY(emittedOf({s1[0]}).isEmpty());
        QCOMPARE(emittedOf({s1[1]}),
                 QStringList{QStringLiteral(R"J({"window": %1, "accountId": "A1", "total": 15.00})J")
                                 .arg(window("10:00:00", "10:05:00"))});
        QCOMPARE(s1[1].stateRowsRemoved, int64_t(1));
        QCOMPARE(s1[1].stateRows, int64_t(2));

        // Step 2: 10:04 falls in a window that ended at 10:05 <= watermark 10:06: dropped and
        // counted; 10:09 is older than the max but its window is still open: counted in.
        auto s2 = t.addData();
        QCOMPARE(s2.size(), size_t(2));
        QCOMPARE(s2[0].numRowsDroppedByWatermark, int64_t(1));
        QCOMPARE(s2[0].inputFates[0], InputRowFate::DroppedByWatermark);
        QCOMPARE(s2[0].inputFates[1], InputRowFate::Processed);
        // the late row still counts in the event-time statistics
        QCOMPARE(s2[0].eventTime->minMs, ms("2026-03-01 10:04:00"));
        QCOMPARE(s2[0].nextWatermarkMs, ms("2026-03-01 10:10:00"));
        // window end == watermark is final (<=)
        QCOMPARE(emittedOf(s2),
                 QStringList{QStringLiteral(R"J({"window": %1, "accountId": "A2", "total": 4.00})J")
                                 .arg(window("10:05:00", "10:10:00"))});

        // Step 3: a row whose window ends exactly at the watermark is late; the watermark does
        // not move back, so no no-data batch runs.
        auto s3 = t.addData();
        QCOMPARE(s3.size(), size_t(1));
        QCOMPARE(s3[0].watermarkMs, ms("2026-03-01 10:10:00"));
        QCOMPARE(s3[0].nextWatermarkMs, ms("2026-03-01 10:10:00"));
        QCOMPARE(s3[0].numRowsDroppedByWatermark, int64_t(1));
        QCOMPARE(s3[0].stateRows, int64_t(3));
        QVERIFY(emittedOf(s3).isEmpty());
    }

    void lateRowsAreCountedOncePerGroupKey()
    {
        StreamTester t(makeScenario(kWindowedSum, "append", R"J([
            [["A1", "M", "1.00", "2026-03-01 10:30:00"]],
            [["A1", "M", "1.00", "2026-03-01 10:01:00"], ["A1", "M", "1.00", "2026-03-01 10:02:00"],
             ["A2", "M", "1.00", "2026-03-01 10:03:00"]]])J"));
        t.addData();
        auto s1 = t.addData();
        // three late rows, two (window, accountId) keys: Spark counts partially aggregated rows
        QCOMPARE(s1[0].numRowsDroppedByWatermark, int64_t(2));
    }

    void filtersThatDoNotReferenceEventTimeDoNotMoveTheWatermark_data()
    {
        addColumns<QString, QString, QString>("condition", "nextWatermark", "maxEventTime");
        // pushed below withWatermark: the filtered row is never seen by it
        QTest::newRow("amount") << "amount > 100" << "2026-03-01 09:50:00" << "2026-03-01 10:00:00";
        // references the event time: stays above withWatermark, the row counts
        QTest::newRow("eventTime") << "eventTime < TIMESTAMP '2026-03-01 10:30:00'"
                                   << "2026-03-01 10:50:00" << "2026-03-01 11:00:00";
    }
    void filtersThatDoNotReferenceEventTimeDoNotMoveTheWatermark()
    {
        QFETCH(QString, condition);
        QFETCH(QString, nextWatermark);
        QFETCH(QString, maxEventTime);
        const std::string query =
            "[{\"op\": \"withWatermark\", \"column\": \"eventTime\", \"delay\": \"10 minutes\"}, "
            "{\"op\": \"filter\", \"condition\": \"" + condition.toStdString() + "\"}]";
        StreamTester t(makeScenario(query, "append", R"J([[
            ["A1", "M", "500.00", "2026-03-01 10:00:00"], ["A2", "M", "1.00", "2026-03-01 11:00:00"]]])J"));
        auto s0 = t.addData();
        QCOMPARE(s0[0].nextWatermarkMs, ms(nextWatermark.toUtf8().constData()));
        QCOMPARE(s0[0].eventTime->maxMs, ms(maxEventTime.toUtf8().constData()));
        QCOMPARE(s0[0].numOutputRows, int64_t(1));
    }

    void nullEventTimeCountsAsZeroInEventTimeStats()
    {
        // Spark's EventTimeWatermarkExec reads a NULL event time as 0 (getLong on a null slot).
        StreamTester t(makeScenario(R"J([{"op": "withWatermark", "column": "eventTime", "delay": "1 minute"},
                                        {"op": "select", "columns": ["accountId"]}])J",
                                    "append",
                                    R"J([[["A1", "M", "1.00", "2026-03-01 10:00:00"], ["A2", "M", "1.00", null]]])J"));
        auto s0 = t.addData();
        QCOMPARE(s0[0].eventTime->minMs, int64_t(0));
        QCOMPARE(s0[0].eventTime->maxMs, ms("2026-03-01 10:00:00"));
        QCOMPARE(s0[0].eventTime->count, int64_t(2));
        QCOMPARE(s0[0].nextWatermarkMs, ms("2026-03-01 09:59:00"));
        QCOMPARE(s0.size(), size_t(1)); // stateless: no no-data batch
    }

    void completeModeNeverDropsOrEvicts()
    {
        StreamTester t(makeScenario(kWindowedSum, "complete", R"J([
            [["A1", "M", "1.00", "2026-03-01 10:01:00"]],
            [["A1", "M", "1.00", "2026-03-01 10:30:00"]],
            [["A1", "M", "5.00", "2026-03-01 10:02:00"]]])J"));
        QCOMPARE(t.addData().size(), size_t(1));
        auto s1 = t.addData();
        QCOMPARE(s1.size(), size_t(1)); // no no-data batch in complete mode
        auto s2 = t.addData();
        QCOMPARE(s2[0].watermarkMs, ms("2026-03-01 10:20:00"));
        QCOMPARE(s2[0].numRowsDroppedByWatermark, int64_t(0));
        QCOMPARE(s2[0].stateRows, int64_t(2));
        QCOMPARE(emittedOf(s2),
                 sorted(QStringList{QStringLiteral(R"J({"window": %1, "accountId": "A1", "total": 1.00})J")
                                  .arg(window("10:30:00", "10:35:00")),
                              QStringLiteral(R"J({"window": %1, "accountId": "A1", "total": 6.00})J")
                                  .arg(window("10:00:00", "10:05:00"))}));
    }

    // current_timestamp() is Spark's CurrentBatchTimestamp, Nondeterministic: a filter on it after
    // an aggregation stays above the state, so complete mode keeps the stale group (stateRows 2)
    // but does not write it (Spark 3.5.9 and 4.2.0: complete-filter-current-timestamp).
    void filterOnCurrentTimestampStaysAboveTheAggregate()
    {
        Scenario scenario = makeScenario(R"J([
            {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')"], "aggs": ["sum(amount) AS total"]},
            {"op": "filter", "condition": "window.end > current_timestamp() - INTERVAL 10 MINUTES"}])J",
                                         "complete", R"J([
            [["A1", "M", "10.00", "2026-03-01 10:01:00"], ["A2", "M", "5.00", "2026-03-01 10:04:00"]],
            [["A1", "M", "7.00", "2026-03-01 10:16:00"]]])J");
        scenario.steps[0].processingTimeMicros = micros("2026-03-01 10:06:00");
        scenario.steps[1].processingTimeMicros = micros("2026-03-01 10:21:00");
        StreamTester t(scenario);
        QCOMPARE(emittedOf(t.addData()),
                 QStringList{QStringLiteral(R"J({"window": %1, "total": 15.00})J").arg(window("10:00:00", "10:05:00"))});
        auto s1 = t.addData();
        QCOMPARE(s1[0].stateRows, int64_t(2));
        QCOMPARE(emittedOf(s1),
                 QStringList{QStringLiteral(R"J({"window": %1, "total": 7.00})J").arg(window("10:15:00", "10:20:00"))});
    }

    void updateModeEvictsSilentlyAfterEmitting()
    {
        StreamTester t(makeScenario(kWindowedSum, "update", R"J([
            [["A1", "M", "1.00", "2026-03-01 10:01:00"]],
            [["A1", "M", "2.00", "2026-03-01 10:30:00"]],
            [["A1", "M", "4.00", "2026-03-01 10:02:00"]]])J"));
        auto s0 = t.addData();
        QCOMPARE(s0.size(), size_t(2));
        QCOMPARE(emittedOf(s0), QStringList{QStringLiteral(R"J({"window": %1, "accountId": "A1", "total": 1.00})J")
                                                .arg(window("10:00:00", "10:05:00"))});
        auto s1 = t.addData();
        // the no-data batch evicts [10:00, 10:05) without emitting it again
        QCOMPARE(s1.size(), size_t(2));
        QCOMPARE(emittedOf({s1[1]}), QStringList{});
        QCOMPARE(s1[1].stateRowsRemoved, int64_t(1));
        QCOMPARE(s1[1].stateRows, int64_t(1));
        auto s2 = t.addData();
        QCOMPARE(s2[0].numRowsDroppedByWatermark, int64_t(1));
        QVERIFY(emittedOf(s2).isEmpty());
    }

    void watermarkWithoutEventTimeKeyDropsAndEvictsNothing()
    {
        StreamTester t(makeScenario(R"J([{"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
            {"op": "groupBy", "keys": ["accountId"], "aggs": ["count(*) AS n"]}])J",
                                    "update", R"J([
            [["A1", "M", "1.00", "2026-03-01 10:00:00"]],
            [["A1", "M", "1.00", "2026-03-01 09:00:00"]]])J"));
        auto s0 = t.addData();
        // the watermark moved and the aggregation runs in update mode: Spark asks for a no-data batch
        QCOMPARE(s0.size(), size_t(2));
        auto s1 = t.addData();
        QCOMPARE(s1.size(), size_t(1));
        QCOMPARE(s1[0].numRowsDroppedByWatermark, int64_t(0));
        QCOMPARE(emittedOf(s1), QStringList{R"J({"accountId": "A1", "n": 2})J"});
    }

    void slidingWindowsPutARowInEveryWindowCoveringIt()
    {
        StreamTester t(makeScenario(R"J([{"op": "groupBy",
            "keys": ["window(eventTime, '10 minutes', '5 minutes')"], "aggs": ["count(*) AS n"]}])J",
                                    "update", R"J([
            [["A1", "M", "1.00", "2026-03-01 10:07:00"], ["A1", "M", "1.00", "2026-03-01 10:00:00"]]])J"));
        QCOMPARE(emittedOf(t.addData()),
                 sorted(QStringList{QStringLiteral(R"J({"window": %1, "n": 1})J").arg(window("09:55:00", "10:05:00")),
                              QStringLiteral(R"J({"window": %1, "n": 1})J").arg(window("10:05:00", "10:15:00")),
                              QStringLiteral(R"J({"window": %1, "n": 2})J").arg(window("10:00:00", "10:10:00"))}));
    }

    void aRowCanBeLateForSomeSlidingWindowsOnly()
    {
        StreamTester t(makeScenario(R"J([{"op": "withWatermark", "column": "eventTime", "delay": "5 minutes"},
            {"op": "groupBy", "keys": ["window(eventTime, '10 minutes', '5 minutes')"], "aggs": ["count(*) AS n"]}])J",
                                    "update", R"J([
            [["A1", "M", "1.00", "2026-03-01 10:20:00"]],
            [["A1", "M", "1.00", "2026-03-01 10:12:00"]]])J"));
        t.addData();
        auto s1 = t.addData();
        QCOMPARE(s1[0].watermarkMs, ms("2026-03-01 10:15:00"));
        QCOMPARE(s1[0].numRowsDroppedByWatermark, int64_t(1)); // [10:05, 10:15) is final
        QCOMPARE(s1[0].inputFates[0], InputRowFate::LateButKept);
        QCOMPARE(emittedOf({s1[0]}),
                 QStringList{QStringLiteral(R"J({"window": %1, "n": 1})J").arg(window("10:10:00", "10:20:00"))});
    }

    void dropDuplicatesWithEventTimeKey()
    {
        StreamTester t(makeScenario(R"J([{"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
            {"op": "dropDuplicates", "columns": ["accountId", "eventTime"]}])J",
                                    "append", R"J([
            [["A1", "M", "1.00", "2026-03-01 10:00:00"], ["A1", "X", "2.00", "2026-03-01 10:00:00"],
             ["A2", "M", "1.00", "2026-03-01 10:05:00"]],
            [["A1", "M", "9.00", "2026-03-01 10:00:00"], ["A3", "M", "1.00", "2026-03-01 09:50:00"],
             ["A4", "M", "1.00", "2026-03-01 10:30:00"]]])J"));
        auto s0 = t.addData();
        QCOMPARE(emittedOf(s0),
                 (QStringList{R"J({"accountId": "A1", "branchCode": "M", "amount": 1.00, "eventTime": "2026-03-01T10:00:00.000Z"})J",
                              R"J({"accountId": "A2", "branchCode": "M", "amount": 1.00, "eventTime": "2026-03-01T10:05:00.000Z"})J"}));
        QCOMPARE(s0[0].inputFates[1], InputRowFate::Duplicate);
        QCOMPARE(s0[0].stateRowsUpdated, int64_t(2));
        QCOMPARE(s0.size(), size_t(2));
        auto s1 = t.addData();
        QCOMPARE(s1[0].numRowsDroppedByWatermark, int64_t(1)); // raw rows: 09:50 <= 09:55
        QCOMPARE(emittedOf(s1),
                 QStringList{R"J({"accountId": "A4", "branchCode": "M", "amount": 1.00, "eventTime": "2026-03-01T10:30:00.000Z"})J"});
        QCOMPARE(s1.size(), size_t(2));
        QCOMPARE(s1[1].stateRowsRemoved, int64_t(2)); // keys at or before 10:20 evicted
        QCOMPARE(s1[1].stateRows, int64_t(1));
    }

    void dropDuplicatesWithoutEventTimeKeyKeepsStateButDropsLateRows()
    {
        StreamTester t(makeScenario(R"J([{"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
            {"op": "dropDuplicates", "columns": ["accountId"]}])J",
                                    "update", R"J([
            [["A1", "M", "1.00", "2026-03-01 10:00:00"]],
            [["A2", "M", "1.00", "2026-03-01 10:40:00"]],
            [["A3", "M", "1.00", "2026-03-01 10:00:00"], ["A1", "M", "1.00", "2026-03-01 10:50:00"]]])J"));
        t.addData();
        t.addData();
        auto s2 = t.addData();
        QCOMPARE(s2[0].numRowsDroppedByWatermark, int64_t(1)); // event time is not a key, still late
        QCOMPARE(s2[0].inputFates[1], InputRowFate::Duplicate);
        QCOMPARE(s2.back().stateRows, int64_t(2)); // never evicted
        QVERIFY(emittedOf(s2).isEmpty());
    }

    void sessionWindowsMergeAndEmitWhenFinal()
    {
        StreamTester t(makeScenario(R"J([{"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
            {"op": "groupBy", "keys": ["session_window(eventTime, '5 minutes')", "accountId"],
             "aggs": ["count(*) AS n"]}])J",
                                    "append", R"J([
            [["A1", "M", "1.00", "2026-03-01 10:00:00"], ["A1", "M", "1.00", "2026-03-01 10:04:00"],
             ["A1", "M", "1.00", "2026-03-01 10:20:00"]],
            [["A1", "M", "1.00", "2026-03-01 10:25:00"]],
            [["A1", "M", "1.00", "2026-03-01 10:50:00"]],
            [["A1", "M", "1.00", "2026-03-01 10:28:00"]]])J"));
        auto s0 = t.addData();
        QCOMPARE(emittedOf(s0), QStringList{QStringLiteral(R"J({"session_window": %1, "accountId": "A1", "n": 2})J")
                                                .arg(window("10:00:00", "10:09:00"))});
        auto s1 = t.addData(); // 10:25 touches [10:20, 10:25): they merge
        QVERIFY(emittedOf(s1).isEmpty());
        auto s2 = t.addData();
        QCOMPARE(emittedOf(s2), QStringList{QStringLiteral(R"J({"session_window": %1, "accountId": "A1", "n": 2})J")
                                                .arg(window("10:20:00", "10:30:00"))});
        auto s3 = t.addData(); // [10:28, 10:33) ends before watermark 10:40
        QCOMPARE(s3[0].numRowsDroppedByWatermark, int64_t(1));
        QCOMPARE(s3[0].stateRows, int64_t(1));
    }

    void chainedWatermarksFailAfterTheFirstNonZeroWatermark()
    {
        StreamTester t(makeScenario(R"J([{"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
            {"op": "withWatermark", "column": "eventTime", "delay": "20 minutes"}])J",
                                    "append", R"J([
            [["A1", "M", "1.00", "2026-03-01 10:00:00"]], [["A1", "M", "1.00", "2026-03-01 10:05:00"]]])J"));
        auto s0 = t.addData();
        QCOMPARE(s0.size(), size_t(1)); // the batch itself completed
        QVERIFY(t.run().failure());
        try {
            t.addData();
            QFAIL("the query should have stopped");
        } catch (const Error &e) {
            QCOMPARE(e.kind(), ErrorKind::Runtime);
            QVERIFY(e.message().find("Redefining watermark is disallowed.") != std::string::npos);
        }
    }

    void keyFiltersAfterAnAggregationArePushedBelowIt_data()
    {
        addColumns<QString, int>("condition", "stateRows");
        QTest::newRow("grouping key") << "accountId = 'A1'" << 1;
        QTest::newRow("aggregate value") << "n >= 1" << 2;
    }
    void keyFiltersAfterAnAggregationArePushedBelowIt()
    {
        QFETCH(QString, condition);
        QFETCH(int, stateRows);
        const std::string query =
            "[{\"op\": \"groupBy\", \"keys\": [\"accountId\"], \"aggs\": [\"count(*) AS n\"]}, "
            "{\"op\": \"filter\", \"condition\": \"" + condition.toStdString() + "\"}]";
        StreamTester t(makeScenario(query,
                                    "update", R"J([
            [["A1", "M", "1.00", "2026-03-01 10:00:00"], ["A2", "M", "1.00", "2026-03-01 10:00:00"]]])J"));
        auto s0 = t.addData();
        QCOMPARE(s0[0].stateRows, int64_t(stateRows));
        QVERIFY(emittedOf(s0).contains(R"J({"accountId": "A1", "n": 1})J"));
    }

    void resultTableMarksNewUpdatedAndFinalRows()
    {
        StreamTester t(makeScenario(kWindowedSum, "append", R"J([
            [["A1", "M", "1.00", "2026-03-01 10:01:00"]],
            [["A2", "M", "1.00", "2026-03-01 10:30:00"]]])J"));
        auto s0 = t.addData();
        QVERIFY(s0[0].hasResultTable);
        QCOMPARE(s0[0].resultStatuses, std::vector<ResultRowStatus>{ResultRowStatus::New});
        auto s1 = t.addData();
        QCOMPARE(s1[1].resultTable.numRows, size_t(2));
        QCOMPARE(s1[1].resultStatuses,
                 (std::vector<ResultRowStatus>{ResultRowStatus::Final, ResultRowStatus::Unchanged}));
    }

    // Spark: an aggregation without grouping keys yields its one group for every batch, also
    // when no row reached it — a batch whose rows a filter removed stores and writes it with
    // the initial values, and each no-data batch of update mode writes it again.
    void globalAggregationYieldsItsGroupEveryBatch()
    {
        StreamTester filtered(makeScenario(R"J([{"op": "filter", "condition": "amount > 100"},
            {"op": "groupBy", "keys": [], "aggs": ["count(*) AS n", "sum(amount) AS total"]}])J", "update", R"J([
            [["A1", "M", "1.00", "2026-03-01 10:00:00"], ["A2", "M", "2.00", "2026-03-01 10:01:00"]],
            [["A3", "M", "500.00", "2026-03-01 10:02:00"]]])J"));
        const auto b0 = filtered.addData();
        QCOMPARE(b0.size(), size_t(1));
        QCOMPARE(emittedOf(b0), QStringList{R"J({"n": 0, "total": null})J"});
        QCOMPARE(b0[0].stateRows, int64_t(1));
        QCOMPARE(b0[0].stateRowsUpdated, int64_t(1));
        QCOMPARE(emittedOf(filtered.addData()), QStringList{R"J({"n": 1, "total": 500.00})J"});

        StreamTester watermarked(makeScenario(R"J([{"op": "withWatermark", "column": "eventTime", "delay": "1 minute"},
            {"op": "groupBy", "keys": [], "aggs": ["count(*) AS n"]}])J", "update", R"J([
            [["A1", "M", "1.00", "2026-03-01 10:00:00"], ["A2", "M", "2.00", "2026-03-01 10:05:00"]],
            [["A3", "M", "3.00", "2026-03-01 10:10:00"]]])J"));
        const auto s0 = watermarked.addData();
        QCOMPARE(s0.size(), size_t(2));
        QVERIFY(s0[1].noData);
        QCOMPARE(emittedOf({s0[1]}), QStringList{R"J({"n": 2})J"});
        QCOMPARE(s0[1].stateRowsUpdated, int64_t(1));
        const auto s1 = watermarked.addData();
        QCOMPARE(emittedOf({s1[0]}), QStringList{R"J({"n": 3})J"});
        QCOMPARE(emittedOf({s1[1]}), QStringList{R"J({"n": 3})J"});

        // Complete mode shows the stored group, too.
        StreamTester complete(makeScenario(R"J([{"op": "filter", "condition": "amount > 100"},
            {"op": "groupBy", "keys": [], "aggs": ["count(*) AS n"]}])J", "complete",
                                           R"J([[["A1", "M", "1.00", "2026-03-01 10:00:00"]]])J"));
        QCOMPARE(emittedOf(complete.addData()), QStringList{R"J({"n": 0})J"});
    }

    // Spark >= 3.4 (MultiStatefulOperatorsSuite): in append mode a second time window runs over
    // the first aggregation's window struct (its end − 1 µs). Every stateful operator judges
    // late rows by the previous batch's watermark and evicts by the current one, so a window
    // the first operator emits in a no-data batch reaches the second in that same batch and is
    // written there once its own window ends. Figures checked against Spark 3.5.9 and 4.2.0.
    void chainedWindowAggregationsInAppendMode()
    {
        Scenario s = makeScenario(R"J([{"op": "withWatermark", "column": "eventTime", "delay": "0 seconds"},
            {"op": "groupBy", "keys": ["window(eventTime, '5 seconds') AS window"], "aggs": ["count(*) AS n"]},
            {"op": "groupBy", "keys": ["window(window, '10 seconds')"], "aggs": ["count(*) AS windows", "sum(n) AS n"]}])J",
                                  "append", R"J([
            [["A1", "M", "10.00", "2026-03-01 10:00:01"], ["A1", "M", "20.00", "2026-03-01 10:00:06"],
             ["A2", "M", "5.00", "2026-03-01 10:00:07"]],
            [["A1", "M", "1.00", "2026-03-01 10:00:12"]],
            [["A2", "M", "2.00", "2026-03-01 10:00:31"]]])J");
        StreamTester t(s);
        std::vector<BatchReport> all;
        for (int i = 0; i < 3; ++i)
            for (BatchReport &r : t.addData())
                all.push_back(std::move(r));
        QCOMPARE(all.size(), size_t(6));
        std::vector<int64_t> stateRows;
        for (const BatchReport &r : all) {
            stateRows.push_back(r.stateRows);
            QCOMPARE(r.stateOperators.size(), size_t(2)); // one entry per operator, summed
        }
        QCOMPARE(stateRows, (std::vector<int64_t>{2, 2, 3, 1, 2, 1}));
        QCOMPARE(all[3].watermarkMs, ms("2026-03-01 10:00:12"));
        QCOMPARE(emittedOf({all[3]}),
                 QStringList{QStringLiteral(R"J({"window": %1, "windows": 2, "n": 3})J").arg(window("10:00:00", "10:00:10"))});
        QCOMPARE(emittedOf({all[5]}),
                 QStringList{QStringLiteral(R"J({"window": %1, "windows": 1, "n": 1})J").arg(window("10:00:10", "10:00:20"))});
        for (size_t b : {0, 1, 2, 4})
            QVERIFY(emittedOf({all[b]}).isEmpty());
    }

    void copiedRunsContinueIndependently()
    {
        Scenario s = makeScenario(
            R"J([{"op": "groupBy", "keys": ["accountId"], "aggs": ["count(*) AS n"]}])J", "update",
            R"J([[["A1", "M", "1.00", "2026-03-01 10:00:00"]], [["A1", "M", "1.00", "2026-03-01 10:00:00"]]])J");
        Run a(Query::compile(s));
        a.step(s.steps[0].rows, 0);
        Run b = a;
        QCOMPARE(emittedOf(a.step(s.steps[1].rows, 1)), QStringList{R"J({"accountId": "A1", "n": 2})J"});
        QCOMPARE(emittedOf(b.step(s.steps[1].rows, 1)), QStringList{R"J({"accountId": "A1", "n": 2})J"});
        QCOMPARE(emittedOf(a.step(s.steps[1].rows, 1)), QStringList{R"J({"accountId": "A1", "n": 3})J"});
        QCOMPARE(a.nextBatchId(), int64_t(3));
        QCOMPARE(b.nextBatchId(), int64_t(2));
    }
};

QTEST_APPLESS_MAIN(TestMicroBatchExecution)
#include "tst_micro_batch_execution.moc"
