// Checks demonstrateCrash, the engine's "exactly-once, made visible" report, against a scenario
// whose batches are known by heart: a filter on amount > 100.00 over three steps, so batch 0 emits
// A, batch 1 emits C and D, batch 2 emits E. For each durable sink (json, csv, parquet, sqlite)
// and each point the report must say what the checkpoint held, which batch ran again, whether the
// sink skipped it, what the sink holds (the uninterrupted run's rows) and what a naive sink
// without batch ids would hold (batch 1's rows twice after a crash between sink and commit log).
// A memory sink is not fault tolerant: it is given the batch twice. Windowed aggregation in update
// mode into sqlite shows the same with a no-data batch in the plan.
#include "test_columns.h"
#include "expect_error.h"
#include "stream_test.h"

#include "streamstep/crash_demo.h"
#include "streamstep/error.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace streamstep;
using namespace streamstep::testing;

namespace {

const char *kSteps = R"J([
    [["A", "MUMBAI", "150.00", "2026-03-01 10:00:00"], ["B", "DELHI", "50.00", "2026-03-01 10:00:01"]],
    [["C", "PUNE", "200.00", "2026-03-01 10:01:00"], ["D", "PUNE", "300.00", "2026-03-01 10:01:01"]],
    [["E", "DELHI", "120.00", "2026-03-01 10:02:00"], ["F", "DELHI", "1.00", "2026-03-01 10:02:01"]]])J";

std::string sinkFor(const QString &format)
{
    if (format == "sqlite")
        return R"J({"format": "sqlite", "options": {"path": "out/t.db", "table": "high_value"}})J";
    if (format == "memory")
        return R"J({"format": "memory", "options": {"queryName": "high_value"}})J";
    if (format == "csv")
        return R"J({"format": "csv", "options": {"path": "out/high_value", "header": true}})J";
    const nlohmann::json sink = {{"format", format.toStdString()}, {"options", {{"path", "out/high_value"}}}};
    return sink.dump();
}

Scenario filterScenario(const QString &format)
{
    return makeScenario(R"J([{"op": "filter", "condition": "amount > 100.00"},
                             {"op": "select", "columns": ["accountId", "amount"]}])J",
                        "append", kSteps, sinkFor(format));
}

QStringList ids(const std::vector<int64_t> &v)
{
    QStringList out;
    for (int64_t id : v)
        out << QString::number(id);
    return out;
}

QStringList accounts(const ColumnBatch &rows)
{
    QStringList out;
    for (size_t r = 0; r < rows.numRows; ++r)
        out << QString::fromStdString(rows.get(r, 0).asString());
    return out;
}

} // namespace

class TestCrashDemo : public QObject {
    Q_OBJECT

private slots:
    void reportFollowsTheRuns_data()
    {
        // replayed, sinkHeld: -1 for none; naive: the accounts, in delivery order.
        addColumns<QString, QString, QStringList, int, int, bool, QStringList, QStringList>(
            "format", "point", "committed", "replayed", "sinkHeld", "skipped", "naive", "duplicated");
        for (const char *format : {"json", "csv", "parquet", "sqlite"}) {
            QTest::addRow("%s after-offsets", format) << format << "after-offsets" << QStringList{"0"} << 1 << 0 << false
                                                    << QStringList{"A", "C", "D", "E"} << QStringList{};
            QTest::addRow("%s mid-sink", format) << format << "mid-sink" << QStringList{"0"} << 1 << 0 << false
                                               << QStringList{"A", "C", "D", "E"} << QStringList{};
            QTest::addRow("%s after-sink", format) << format << "after-sink" << QStringList{"0"} << 1 << 1 << true
                                                 << QStringList{"A", "C", "D", "C", "D", "E"} << QStringList{"C", "D"};
            QTest::addRow("%s after-commit", format) << format << "after-commit" << QStringList{"0", "1"} << -1 << 1 << false
                                                   << QStringList{"A", "C", "D", "E"} << QStringList{};
        }
    }
    void reportFollowsTheRuns()
    {
        QFETCH(QString, format);
        QFETCH(QString, point);
        QFETCH(QStringList, committed);
        QFETCH(int, replayed);
        QFETCH(int, sinkHeld);
        QFETCH(bool, skipped);
        QFETCH(QStringList, naive);
        QFETCH(QStringList, duplicated);
        QTemporaryDir dir;
        const RecoveryReport r = demonstrateCrash(filterScenario(format), CrashPlan{1, point.toStdString()}, dir.path().toStdString());
        QVERIFY(r.crashed);
        QCOMPARE(r.crashStep, 1);
        QVERIFY(r.faultTolerant);
        QCOMPARE(int(r.planned.size()), 2); // batches 0 and 1 planned, 2 not yet
        QCOMPARE(r.planned[1].batchId, int64_t(1));
        QCOMPARE(r.planned[1].step, 1);
        QCOMPARE(ids(r.committed), committed);
        QCOMPARE(r.replayedBatch ? int(*r.replayedBatch) : -1, replayed);
        QCOMPARE(r.sinkLastBatch ? int(*r.sinkLastBatch) : -1, sinkHeld);
        QCOMPARE(r.sinkSkippedReplay, skipped);
        // Exactly once: the sink holds what the uninterrupted run's holds.
        QCOMPARE(sorted(accounts(r.sinkRows)), QStringList({"A", "C", "D", "E"}));
        QCOMPARE(rowsOf(r.sinkRows), rowsOf(r.uninterruptedRows));
        QVERIFY(r.sinkEqualsUninterrupted);
        QCOMPARE(accounts(r.naiveRows), naive);
        QCOMPARE(accounts(r.duplicatedRows), duplicated);
        QCOMPARE(r.naiveRowInfo.size(), r.naiveRows.numRows);
        int marked = 0;
        for (const RecoveryReport::NaiveRow &info : r.naiveRowInfo) {
            marked += info.duplicate;
            QVERIFY(!info.duplicate || (info.afterRestart && info.batchId == 1));
        }
        QCOMPARE(marked, int(duplicated.size()));
        QVERIFY2(std::any_of(r.notices.begin(), r.notices.end(),
                             [](const std::string &n) { return n.starts_with("Resuming from checkpoint"); }),
                 "the restart said it resumed");
        // The text the CLI prints says the same.
        const std::string text = formatRecoveryReport(r);
        QVERIFY2(text.find("  offsets planned: 0 (step 0) 1 (step 1)\n  batches committed: " + committed.join(QLatin1Char(' ')).toStdString() + "\n")
                     != std::string::npos,
                 text.c_str());
        QVERIFY2(text.find(std::to_string(duplicated.size()) + " of them duplicated") != std::string::npos, text.c_str());
        if (skipped)
            QVERIFY2(text.find("Batch 1 ran again with the same input and watermark; the sink already held it, so it "
                               "skipped the batch and wrote nothing.")
                         != std::string::npos,
                     text.c_str());
    }

    void aMemorySinkIsGivenTheBatchTwice()
    {
        QTemporaryDir dir;
        const RecoveryReport r = demonstrateCrash(filterScenario("memory"), CrashPlan{1, "after-sink"}, dir.path().toStdString());
        QVERIFY(r.crashed);
        QVERIFY(!r.faultTolerant);
        QVERIFY(!r.sinkSkippedReplay);
        QCOMPARE(r.replayedBatch, std::optional<int64_t>(1));
        QCOMPARE(accounts(r.sinkRows), QStringList({"A", "C", "D", "C", "D", "E"}));
        QVERIFY(!r.sinkEqualsUninterrupted);
        QCOMPARE(accounts(r.duplicatedRows), QStringList({"C", "D"}));
        QVERIFY(formatRecoveryReport(r).find("the memory sink is not fault tolerant and was given it again") != std::string::npos);
    }

    // Windowed counts in update mode into a keyed sqlite table: batch 1 is the no-data batch
    // that follows batch 0 (the watermark moved); a crash after the sink wrote data batch 2
    // replays it, and the upsert table is the uninterrupted run's.
    void updateModeWithANoDataBatch()
    {
        const Scenario scenario = makeScenario(
            R"J([{"op": "withWatermark", "column": "eventTime", "delay": "1 minute"},
                 {"op": "groupBy", "keys": ["window(eventTime, '1 minute')", "accountId"], "aggs": ["count(*) AS n"]}])J",
            "update", kSteps,
            R"J({"format": "sqlite", "options": {"path": "counts.db", "table": "counts", "key": ["window", "accountId"]}})J");
        QTemporaryDir dir;
        const RecoveryReport r = demonstrateCrash(scenario, CrashPlan{2, "after-sink"}, dir.path().toStdString());
        QVERIFY(r.crashed);
        QCOMPARE(r.crashStep, 1);
        QCOMPARE(int(r.planned.size()), 3);
        QVERIFY(r.planned[1].noData);
        QCOMPARE(ids(r.committed), QStringList({"0", "1"}));
        QCOMPARE(r.replayedBatch, std::optional<int64_t>(2));
        QVERIFY(r.sinkSkippedReplay);
        QVERIFY(r.sinkEqualsUninterrupted);
        QCOMPARE(r.sinkRows.numRows, size_t(6)); // one row per account and window
        // Batch 2's two updated counts (C, D) would be inserted twice by a sink without batch ids.
        QCOMPARE(r.duplicatedRows.schema.fields[1].name, std::string("accountId"));
        QStringList duplicated;
        for (size_t i = 0; i < r.duplicatedRows.numRows; ++i)
            duplicated << QString::fromStdString(r.duplicatedRows.get(i, 1).asString());
        QCOMPARE(sorted(duplicated), QStringList({"C", "D"}));
    }

    void aPointNeverReachedIsSaid()
    {
        QTemporaryDir dir;
        const RecoveryReport r = demonstrateCrash(filterScenario("json"), CrashPlan{7, "after-sink"}, dir.path().toStdString());
        QVERIFY(!r.crashed);
        QVERIFY(!r.replayedBatch);
        QVERIFY(r.sinkEqualsUninterrupted);
        QCOMPARE(r.duplicatedRows.numRows, size_t(0));
        QVERIFY(formatRecoveryReport(r).starts_with("The run never reached after-sink of batch 7"));
    }

    void plansAreParsedAndPostgresIsRefused()
    {
        const CrashPlan plan = parseCrashPlan("3:mid-sink");
        QCOMPARE(plan.batchId, int64_t(3));
        QCOMPARE(plan.point, std::string("mid-sink"));
        for (const char *bad : {"x:after-sink", "3", "3:somewhere", "-1:after-sink", ":after-sink"}) {
            try {
                parseCrashPlan(bad);
                QFAIL(bad);
            } catch (const Error &e) {
                QVERIFY2(e.message().starts_with(std::string("--crash '") + bad + "'"), e.what());
            }
        }
        // (The url is built outside a raw string: moc reads its "//" as a comment.)
        const nlohmann::json pgSink = {{"format", "postgres"}, {"options", {{"url", "postgresql://u@127.0.0.1:1/db"}, {"table", "t"}}}};
        const Scenario pg = makeScenario(R"J([{"op": "filter", "condition": "amount > 100.00"}])J", "append", kSteps, pgSink.dump());
        QTemporaryDir dir;
        VERIFY_ERROR_CONTAINS(demonstrateCrash(pg, CrashPlan{1, "after-sink"}, dir.path().toStdString()),
                              "the postgres sink would write both runs into the server's table");
    }
};

QTEST_APPLESS_MAIN(TestCrashDemo)
#include "tst_crash_demo.moc"
