// Why every row went where (format §4.3): each input row's fate with the numbers that decided
// it, each result row's status and whether it was written, and the batch's narrative — all
// computed by the engine from what the run recorded (Run::setExplain).
#include "explained_run.h"
#include "stream_test.h"

#include "streamstep/why.h"

using namespace streamstep;
using namespace streamstep::testing;

namespace {

QString narrative(const ExplainedRun &e, size_t batch)
{
    QStringList out;
    for (const Sentence &s : batchNarrative(*e.query, e.batches[batch], batch > 0 ? &e.batches[batch - 1] : nullptr))
        out << QString::fromStdString(s.text());
    return out.join(' ');
}

// The result-table row whose first column's text is `key` (windows as [10:00, 10:05)).
size_t resultRow(const BatchReport &r, const QString &accountId)
{
    const int column = r.resultTable.schema.indexOf("accountId");
    for (size_t row = 0; row < r.resultTable.numRows; ++row)
        if (QString::fromStdString(r.resultTable.get(row, size_t(column)).asString()) == accountId)
            return row;
    return SIZE_MAX;
}

} // namespace

class TestWhy : public QObject {
    Q_OBJECT

private slots:
    // The lesson's windowed totals: late rows are dropped by their window's end, a late row of
    // an open window is kept, and Spark's counter counts late groups, not rows.
    void windowedAggregationRows()
    {
        const ExplainedRun e = explainedRun(makeScenario(kWindowedSum, "append", R"J([
            [["A1", "M", "10.00", "2026-03-01 10:01:00"], ["A2", "M", "1.00", "2026-03-01 10:17:30"]],
            [["A1", "M", "5.00", "2026-03-01 10:02:00"], ["A1", "M", "6.00", "2026-03-01 10:03:00"],
             ["A3", "M", "7.00", "2026-03-01 10:04:00"], ["A2", "M", "2.00", "2026-03-01 10:06:00"],
             ["A2", "M", "3.00", "2026-03-01 10:30:00"]]])J"));
        // Batch 0 sets the watermark 10:07:30; its no-data batch 1 runs with it; batch 2 has
        // three rows of [10:00, 10:05) (two keys): dropped; 10:06 is late (<= 10:07:30) but
        // its window [10:05, 10:10) is still open.
        QCOMPARE(e.batches.size(), size_t(4));
        const BatchReport &b2 = e.batches[2];
        QCOMPARE(b2.inputFates[0], InputRowFate::DroppedByWatermark);
        QCOMPARE(b2.inputFacts[0].compared, InputRowFacts::Compared::WindowEnd);
        QCOMPARE(b2.inputFacts[0].comparedMicros, micros("2026-03-01 10:05:00"));
        QCOMPARE(b2.inputFacts[0].lateWatermarkMs, ms("2026-03-01 10:07:30"));
        QCOMPARE(inputRowWhy(e, 2, 0), QStringLiteral("dropped as late: its window [10:00, 10:05) ends at or before the "
                                              "watermark 10:07:30 (= max event time 10:17:30 − 10 minutes, set at "
                                              "the end of batch 0)"));
        QCOMPARE(b2.inputFates[3], InputRowFate::LateButKept);
        QCOMPARE(b2.inputFacts[3].comparedMicros, micros("2026-03-01 10:06:00"));
        QCOMPARE(b2.inputFacts[3].windowEndMicros, micros("2026-03-01 10:10:00"));
        QCOMPARE(inputRowWhy(e, 2, 3), QStringLiteral("late but kept: its event time 10:06 is at or before the watermark "
                                              "10:07:30, but its window [10:05, 10:10) is still open"));
        QCOMPARE(inputRowWhy(e, 2, 4), QStringLiteral("processed: counted in window [10:30, 10:35)"));
        QCOMPARE(b2.numRowsDroppedByWatermark, int64_t(2));
        QVERIFY2(narrative(e, 2).contains("3 rows were dropped as late, judged by the watermark 10:07:30. Spark's "
                                          "numRowsDroppedByWatermark says 2: it counts late groups after partial "
                                          "aggregation, not rows."),
                 qPrintable(narrative(e, 2)));
        QVERIFY2(narrative(e, 2).contains("1 row was late but kept: its window was still open."), qPrintable(narrative(e, 2)));

        // Result rows: held until the watermark passes the window's end, then final and written.
        const BatchReport &b0 = e.batches[0];
        QCOMPARE(resultRowWhy(e, 0, resultRow(b0, "A1")),
                 QStringLiteral("held: append writes this window once the watermark passes its end 10:05"));
        const BatchReport &b1 = e.batches[1];
        QVERIFY(b1.noData);
        const size_t a1 = resultRow(b1, "A1");
        QCOMPARE(b1.resultStatuses[a1], ResultRowStatus::Final);
        QVERIFY(resultRowEmitted(b1, a1));
        QCOMPARE(resultRowWhy(e, 1, a1), QStringLiteral("written in append mode: the watermark 10:07:30 passed its end "
                                                     "10:05, so it is final and leaves the state"));
        QVERIFY2(narrative(e, 1).startsWith("No row arrived: Spark ran this no-data batch because the watermark moved "
                                            "from 1970-01-01 00:00 to 10:07:30"),
                 qPrintable(narrative(e, 1)));
        QVERIFY2(narrative(e, 0).contains("this batch's max event time 10:17:30 − 10 minutes = 10:07:30 is later"),
                 qPrintable(narrative(e, 0)));
    }

    // Update mode: a written group says what changed; a group the watermark removes without a
    // write says "evicted, nothing written".
    void updateModeResultRows()
    {
        const ExplainedRun e = explainedRun(makeScenario(kWindowedSum, "update", R"J([
            [["A1", "M", "10.00", "2026-03-01 10:01:00"], ["A2", "M", "1.00", "2026-03-01 10:02:00"]],
            [["A1", "M", "5.00", "2026-03-01 10:03:00"]],
            [["A3", "M", "1.00", "2026-03-01 10:20:00"]]])J"));
        // Each step's data batch moves the watermark (09:52, 09:53, 10:10), so each is followed
        // by a no-data batch: 0, 1 | 2, 3 | 4, 5.
        QCOMPARE(e.batches.size(), size_t(6));
        QCOMPARE(resultRowWhy(e, 0, resultRow(e.batches[0], "A1")), QStringLiteral("written in update mode: a new group"));
        QCOMPARE(resultRowWhy(e, 2, resultRow(e.batches[2], "A1")),
                 QStringLiteral("written in update mode: its total changed from 10.00 to 15.00"));
        QCOMPARE(resultRowWhy(e, 2, resultRow(e.batches[2], "A2")),
                 QStringLiteral("not written: no row of this batch reached it (update writes changed groups only)"));
        const BatchReport &b5 = e.batches[5];
        const size_t a2 = resultRow(b5, "A2");
        QCOMPARE(b5.resultStatuses[a2], ResultRowStatus::Final);
        QVERIFY(!resultRowEmitted(b5, a2));
        QCOMPARE(resultRowWhy(e, 5, a2), QStringLiteral("evicted, nothing written: the watermark 10:10 passed its end "
                                                     "10:05 (update wrote it when it last changed)"));
    }

    // A filter names the condition and the values it read; NULL is told apart from FALSE.
    void filteredRowsNameTheirCondition()
    {
        const ExplainedRun e = explainedRun(makeScenario(R"J([{"op": "filter", "condition": "amount > 100000.00"},
            {"op": "filter", "condition": "branchCode = 'DELHI'"}])J", "append", R"J([
            [["A1", "MUMBAI", "85556.00", "2026-03-01 10:00:00"], ["A2", "DELHI", "250000.00", "2026-03-01 10:01:00"],
             ["A3", null, "150000.00", "2026-03-01 10:02:00"], ["A4", "MUMBAI", "150000.00", "2026-03-01 10:03:00"]]])J"));
        const BatchReport &b = e.batches[0];
        QCOMPARE(b.inputFates[0], InputRowFate::Filtered);
        QCOMPARE(inputRowWhy(e, 0, 0), QStringLiteral("filtered: amount > 100000.00 is false (amount = 85556.00)"));
        QCOMPARE(inputRowWhy(e, 0, 1), QStringLiteral("written: a query without aggregation writes every row that passes it"));
        QCOMPARE(inputRowWhy(e, 0, 2), QStringLiteral("filtered: branchCode = 'DELHI' is NULL (branchCode = NULL), and a filter "
                                              "keeps only TRUE"));
        QVERIFY(b.inputFacts[2].conditionIsNull);
        QCOMPARE(inputRowWhy(e, 0, 3), QStringLiteral("filtered: branchCode = 'DELHI' is false (branchCode = MUMBAI)"));
        QVERIFY2(narrative(e, 0).contains("3 rows were filtered out.") && narrative(e, 0).contains("The query keeps no state."),
                 qPrintable(narrative(e, 0)));
    }

    // dropDuplicates: a duplicate names where its key first arrived; a late row its event time.
    void duplicatesAndLateRowsOfDropDuplicates()
    {
        const ExplainedRun e = explainedRun(makeScenario(R"J([
            {"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
            {"op": "dropDuplicates", "columns": ["accountId", "eventTime"]}])J", "append", R"J([
            [["A1", "M", "1.00", "2026-03-01 10:30:00"], ["A1", "M", "2.00", "2026-03-01 10:30:00"]],
            [["A1", "M", "3.00", "2026-03-01 10:30:00"], ["A2", "M", "4.00", "2026-03-01 10:05:00"]]])J"));
        QCOMPARE(inputRowWhy(e, 0, 1), QStringLiteral("duplicate of input row 0 of this batch"));
        // Batch 0 set the watermark 10:20; its no-data batch 1; batch 2 has the step's rows.
        QCOMPARE(e.batches[2].batchId, int64_t(2));
        QCOMPARE(inputRowWhy(e, 2, 0), QStringLiteral("duplicate of the row that arrived in batch 0"));
        QCOMPARE(inputRowWhy(e, 2, 1), QStringLiteral("dropped as late: its event time 10:05 is at or before the watermark 10:20 "
                                              "(= max event time 10:30 − 10 minutes, set at the end of batch 0)"));
    }

    // A session's late row is judged by its session's end; a NULL event time leaves no window.
    void sessionsAndNullEventTimes()
    {
        const ExplainedRun e = explainedRun(makeScenario(R"J([
            {"op": "withWatermark", "column": "eventTime", "delay": "0 seconds"},
            {"op": "groupBy", "keys": ["session_window(eventTime, '5 minutes')", "accountId"], "aggs": ["count(*) AS n"]}])J",
                                                   "append", R"J([
            [["A1", "M", "1.00", "2026-03-01 10:30:00"]],
            [["A2", "M", "1.00", "2026-03-01 10:20:00"], ["A3", "M", "1.00", null]]])J"));
        const BatchReport &late = e.batches.back();
        QCOMPARE(late.inputFates[0], InputRowFate::DroppedByWatermark);
        QCOMPARE(inputRowWhy(e, e.batches.size() - 1, 0),
                 QStringLiteral("dropped as late: its session [10:20, 10:25) ends at or before the watermark 10:30 "
                                "(= max event time 10:30 − 0 seconds, set at the end of batch 0)"));
        QCOMPARE(inputRowWhy(e, e.batches.size() - 1, 1), QStringLiteral("filtered: its event time is NULL, so window() puts it in no window"));
    }

    // Provenance: a written row knows the input rows, of this batch and earlier ones, that went
    // into it; a dropped row went into none.
    void inputRowsThatContributedToAResultRow()
    {
        const ExplainedRun e = explainedRun(makeScenario(kWindowedSum, "append", R"J([
            [["A1", "M", "10.00", "2026-03-01 10:01:00"], ["A2", "M", "1.00", "2026-03-01 10:02:00"]],
            [["A1", "M", "5.00", "2026-03-01 10:03:00"], ["A1", "M", "1.00", "2026-03-01 10:30:00"]],
            [["A1", "M", "7.00", "2026-03-01 10:04:00"]]])J"));
        // The no-data batch after step 1 (watermark 10:20) writes A1's [10:00, 10:05) = 15.00.
        const BatchReport &written = e.batches[3];
        QVERIFY(written.noData);
        const size_t a1 = resultRow(written, "A1");
        QVERIFY(resultRowEmitted(written, a1));
        QVERIFY(contributesTo(*e.query, e.batches[0].inputFacts[0], written, a1));  // A1 10:01
        QVERIFY(!contributesTo(*e.query, e.batches[0].inputFacts[1], written, a1)); // A2
        QVERIFY(contributesTo(*e.query, e.batches[2].inputFacts[0], written, a1));  // A1 10:03
        QVERIFY(!contributesTo(*e.query, e.batches[2].inputFacts[1], written, a1)); // A1 10:30: another window
        const BatchReport &late = e.batches[4];
        QCOMPARE(late.inputFates[0], InputRowFate::DroppedByWatermark);
        QVERIFY(!contributesTo(*e.query, late.inputFacts[0], late, resultRow(late, "A1")));
    }

    // Explanations cost nothing unless asked for: without setExplain the facts stay empty.
    void factsOnlyWhenExplaining()
    {
        Run run(Query::compile(makeScenario(kWindowedSum, "append", "[]")));
        ColumnBatch rows = ColumnBatch::empty(run.query().sourceSchema());
        rows.appendRow({Value::string("A1"), Value::string("M"), Value::decimal(100, 12, 2), Value::timestamp(micros("2026-03-01 10:00:00"))});
        QVERIFY(run.step(rows, 0)[0].inputFacts.empty());
    }

    void sentencesFillTheirTemplates()
    {
        QCOMPARE(Sentence({"%n row arrived.|%n rows arrived.", {}, 1}).text(), std::string("1 row arrived."));
        QCOMPARE(Sentence({"%n row arrived.|%n rows arrived.", {}, 3}).text(), std::string("3 rows arrived."));
        QCOMPARE(Sentence({"a %1 b %2", {"x", "y"}}).text(), std::string("a x b y"));
        QCOMPARE(timeOfDayText(micros("2026-03-01 10:07:30.25")), std::string("10:07:30.25"));
        QCOMPARE(durationText(90 * 60'000), std::string("1 hour 30 minutes"));
        // Every sentence any function returns uses a listed template (the app translates them).
        QVERIFY(std::find(sentenceTemplates().begin(), sentenceTemplates().end(),
                          std::string("%n row arrived.|%n rows arrived.")) != sentenceTemplates().end());
    }
};

QTEST_APPLESS_MAIN(TestWhy)
#include "tst_why.moc"
