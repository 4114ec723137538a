// Tests the aggregation's result table as the app shows it: every group ever seen, live and
// evicted, in key order (Spark's ascending sort), with the right status. Keys lead with the
// account, so groups evicted later (older windows of account A) sort before groups evicted
// earlier (account B): the evicted rows are kept in key order incrementally and merged with the
// live ones, and statuses come from the operator's per-batch bookkeeping (not stamps).
#include "stream_test.h"

#include <QtTest>

using namespace streamstep;

namespace {

QString statusText(ResultRowStatus s)
{
    switch (s) {
    case ResultRowStatus::Unchanged: return "unchanged";
    case ResultRowStatus::New: return "new";
    case ResultRowStatus::Updated: return "updated";
    case ResultRowStatus::Final: return "final";
    case ResultRowStatus::Evicted: return "evicted";
    }
    return "?";
}

// "account window-start-minute status" per row of the result table.
QStringList tableOf(const BatchReport &r)
{
    QStringList out;
    const int account = r.resultTable.schema.indexOf("accountId");
    const int window = r.resultTable.schema.indexOf("window");
    for (size_t i = 0; i < r.resultTable.numRows; ++i) {
        const Value a = r.resultTable.get(i, static_cast<size_t>(account));
        const Value w = r.resultTable.get(i, static_cast<size_t>(window));
        const int64_t minute = (w.asWindow().startMicros / 60'000'000) % 60;
        out << QString("%1 %2 %3")
                   .arg(a.isNull() ? QString("null") : QString::fromStdString(a.asString()))
                   .arg(minute)
                   .arg(statusText(r.resultStatuses[i]));
    }
    return out;
}

} // namespace

class TestResultTableOrder : public QObject {
    Q_OBJECT

private slots:
    void evictedAndLiveRowsInKeyOrder_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::newRow("update") << "update";
        QTest::newRow("append") << "append";
    }
    void evictedAndLiveRowsInKeyOrder()
    {
        QFETCH(QString, mode);
        const Scenario scenario = testing::makeScenario(
            R"J([{"op": "withWatermark", "column": "eventTime", "delay": "0 minutes"},
                 {"op": "groupBy", "keys": ["accountId", "window(eventTime, '5 minutes')"],
                  "aggs": ["sum(amount) AS total"]}])J",
            mode.toStdString(),
            R"J([[["B", "X", "1.00", "2026-03-01 10:01:00"],
                  ["A", "X", "1.00", "2026-03-01 10:02:00"]],
                 [["B", "X", "2.00", "2026-03-01 10:06:00"],
                  ["C", "X", "2.00", "2026-03-01 10:07:00"]],
                 [["A", "X", "3.00", "2026-03-01 10:11:00"],
                  [null, "X", "3.00", "2026-03-01 10:12:00"],
                  ["B", "X", "3.00", "2026-03-01 10:08:00"]],
                 [["A", "X", "4.00", "2026-03-01 10:21:00"]]])J");
        Run run(Query::compile(scenario));
        std::vector<QStringList> tables;
        for (size_t s = 0; s < scenario.steps.size(); ++s)
            for (const BatchReport &r : run.step(scenario.steps[s].rows, static_cast<int>(s)))
                tables.push_back(tableOf(r));
        // Each data batch is followed by a no-data batch that evicts with the new watermark
        // (delay 0: the latest event time). The last two tables merge groups evicted now
        // (null 10, A 10) before and between groups evicted earlier.
        const std::vector<QStringList> expected = {
            {"A 0 new", "B 0 new"},
            {"A 0 unchanged", "B 0 unchanged"},
            {"A 0 unchanged", "B 0 unchanged", "B 5 new", "C 5 new"},
            {"A 0 final", "B 0 final", "B 5 unchanged", "C 5 unchanged"},
            {"null 10 new", "A 0 evicted", "A 10 new", "B 0 evicted", "B 5 updated", "C 5 unchanged"},
            {"null 10 unchanged", "A 0 evicted", "A 10 unchanged", "B 0 evicted", "B 5 final", "C 5 final"},
            {"null 10 unchanged", "A 0 evicted", "A 10 unchanged", "A 20 new", "B 0 evicted", "B 5 evicted",
             "C 5 evicted"},
            {"null 10 final", "A 0 evicted", "A 10 final", "A 20 unchanged", "B 0 evicted", "B 5 evicted",
             "C 5 evicted"},
        };
        QCOMPARE(tables.size(), expected.size());
        for (size_t i = 0; i < expected.size(); ++i)
            QCOMPARE(tables[i], expected[i]);
    }
};

QTEST_GUILESS_MAIN(TestResultTableOrder)
#include "tst_result_table_order.moc"
