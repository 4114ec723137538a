// Semantic breakpoints (issue 14): the moments Play Until waits for, read from a batch's report —
// in lesson 04 exactly the batches its watermark arithmetic says, with the engine's words.
#include "stream_test.h"

#include "streamstep/breakpoints.h"

using namespace streamstep;
using namespace streamstep::testing;

namespace {

struct LessonRun {
    std::shared_ptr<const Query> query;
    std::vector<BatchReport> reports;
};

LessonRun lesson04()
{
    const Scenario s = readScenarioFile(std::string(STREAMSTEP_SOURCE_DIR) + "/scenarios/04-windowed-totals-append.scenario.json");
    LessonRun out{Query::compile(s), runScenario(s)};
    return out;
}

QList<int64_t> batchesWith(const LessonRun &run, BatchEvent event)
{
    QList<int64_t> out;
    for (const BatchReport &r : run.reports)
        if (batchEvent(*run.query, r, event))
            out << r.batchId;
    return out;
}

QString said(const LessonRun &run, int64_t batch, BatchEvent event)
{
    const std::optional<Sentence> s = batchEvent(*run.query, run.reports[size_t(batch)], event);
    return s ? QString::fromStdString(s->text()) : QString();
}

} // namespace

class TestBreakpoints : public QObject {
    Q_OBJECT

private slots:
    // Batches 0–8: trigger 0 (0, no-data 1), 1 (2, no-data 3), 2 (4, no-data 5), 3 (6), 4 (7,
    // no-data 8). The watermark moves in each data batch but trigger 3's (max 10:19 − 10 min is
    // below 10:11); each no-data batch evicts and writes the windows it made final, but the
    // first (the watermark 09:58:45 closes no window); trigger 2's batch drops 3 rows.
    void lesson04sMoments()
    {
        const LessonRun run = lesson04();
        QCOMPARE(run.reports.size(), size_t(9));
        QCOMPARE(batchesWith(run, BatchEvent::WatermarkMoved), QList<int64_t>({0, 2, 4, 7}));
        QCOMPARE(batchesWith(run, BatchEvent::NoDataBatch), QList<int64_t>({1, 3, 5, 8}));
        QCOMPARE(batchesWith(run, BatchEvent::WindowWritten), QList<int64_t>({3, 5, 8}));
        QCOMPARE(batchesWith(run, BatchEvent::StateEvicted), QList<int64_t>({3, 5, 8}));
        QCOMPARE(batchesWith(run, BatchEvent::RowDroppedLate), QList<int64_t>({4}));
        QCOMPARE(batchEvents(*run.query, run.reports[6]).size(), size_t(0));
    }

    void whatHappenedInTheEnginesWords()
    {
        const LessonRun run = lesson04();
        QCOMPARE(said(run, 0, BatchEvent::WatermarkMoved),
                 QStringLiteral("Stopped: batch 0 moves the watermark from 1970-01-01 00:00 to 09:58:45 (in force from the next batch)."));
        QCOMPARE(said(run, 3, BatchEvent::WindowWritten), QStringLiteral("Stopped: batch 3 writes 1 window: [10:00, 10:05)."));
        QCOMPARE(said(run, 8, BatchEvent::WindowWritten),
                 QStringLiteral("Stopped: batch 8 writes 2 windows: [10:10, 10:15), [10:15, 10:20)."));
        QCOMPARE(said(run, 4, BatchEvent::RowDroppedLate),
                 QStringLiteral("Stopped: batch 4 drops 3 rows as late, judged by the watermark 10:07:30."));
        QCOMPARE(said(run, 8, BatchEvent::StateEvicted),
                 QStringLiteral("Stopped: batch 8 evicts 3 state rows: the watermark 10:21 passed their end."));
        QCOMPARE(said(run, 1, BatchEvent::NoDataBatch),
                 QStringLiteral("Stopped: batch 1 is a no-data batch: no row arrived, it runs because the watermark moved to 09:58:45."));
        // Every moment the batch has, in menu order.
        const std::vector<Sentence> all = batchEvents(*run.query, run.reports[3]);
        QCOMPARE(all.size(), size_t(3));
        QCOMPARE(all[0].templ, breakpointSentenceTemplates()[0]); // written, evicted, no-data
        QCOMPARE(all[2].templ, breakpointSentenceTemplates()[4]);
    }

    // Without a window column nothing is a written window; without a watermark nothing moves it.
    void queriesWithoutWindowsOrWatermarks()
    {
        const Scenario s = makeScenario(R"J([{"op": "groupBy", "keys": ["accountId"], "aggs": ["count(*) AS n"]}])J", "update",
                                        R"J([[["A1", "M", "1.00", "2026-03-01 10:00:00"]]])J");
        const std::vector<BatchReport> reports = runScenario(s);
        const auto query = Query::compile(s);
        QCOMPARE(reports.size(), size_t(1));
        QCOMPARE(reports[0].numOutputRows, int64_t(1));
        QVERIFY(batchEvents(*query, reports[0]).empty());
    }
};

QTEST_APPLESS_MAIN(TestBreakpoints)
#include "tst_breakpoints.moc"
