// State snapshots (Run::saveState / restoreState) and restarts written like Spark's
// EventTimeWatermarkSuite: StopStream, StartStream from the checkpoint, and the stream goes on
// exactly as if it had never stopped. A snapshot of another format or query is refused clearly.
#include "test_columns.h"
#include "test_data.h"
#include "stream_test.h"

using namespace streamstep;
using namespace streamstep::testing;

namespace {

const char *kSteps = R"J([
    [["A1", "M", "10.00", "2026-03-01 10:01:00"], ["A2", "M", "1.00", "2026-03-01 10:07:00"]],
    [["A1", "M", "2.00", "2026-03-01 10:16:00"]],
    [["A1", "M", "100.00", "2026-03-01 10:04:00"], ["A2", "M", "3.00", "2026-03-01 10:09:00"]],
    [["A3", "M", "7.00", "2026-03-01 10:40:00"]]])J";

} // namespace

class TestStateSnapshot : public QObject {
    Q_OBJECT

private slots:
    // Spark's "recovery" tests: after a restart the watermark, the state and the batch ids are
    // those of the stopped run, so late data is still dropped and windows close as before.
    void aRestartedStreamContinuesExactly_data()
    {
        addColumns<QString, QString, int>("query", "mode", "stopAfter");
        for (int stop = 1; stop <= 3; ++stop) {
            QTest::addRow("windowed append, stop after %d", stop) << QString(kWindowedSum) << "append" << stop;
            QTest::addRow("windowed update, stop after %d", stop) << QString(kWindowedSum) << "update" << stop;
            QTest::addRow("dedup, stop after %d", stop) << QStringLiteral(R"J([
                {"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
                {"op": "dropDuplicates", "columns": ["accountId", "eventTime"]}])J") << "append" << stop;
            QTest::addRow("session, stop after %d", stop) << QStringLiteral(R"J([
                {"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
                {"op": "groupBy", "keys": ["session_window(eventTime, '5 minutes')", "accountId"],
                 "aggs": ["count(*) AS n"]}])J") << "append" << stop;
            QTest::addRow("complete, stop after %d", stop) << QStringLiteral(R"J([
                {"op": "groupBy", "keys": ["accountId"], "aggs": ["sum(amount) AS total"]}])J") << "complete" << stop;
        }
    }
    void aRestartedStreamContinuesExactly()
    {
        QFETCH(QString, query);
        QFETCH(QString, mode);
        QFETCH(int, stopAfter);
        const Scenario scenario = makeScenario(query.toStdString(), mode.toStdString(), kSteps);
        StreamTester uninterrupted(scenario);
        StreamTester restarted(scenario);
        for (int i = 0; i < 4; ++i) {
            const auto expected = uninterrupted.addData();
            if (i == stopAfter)
                restarted.startStream(restarted.stopStream());
            const auto actual = restarted.addData();
            QCOMPARE(actual.size(), expected.size());
            for (size_t b = 0; b < actual.size(); ++b) {
                QCOMPARE(actual[b].batchId, expected[b].batchId);
                QCOMPARE(actual[b].watermarkMs, expected[b].watermarkMs);
                QCOMPARE(actual[b].watermarkOrigin.setByBatch, expected[b].watermarkOrigin.setByBatch);
                QCOMPARE(actual[b].numRowsDroppedByWatermark, expected[b].numRowsDroppedByWatermark);
                QCOMPARE(actual[b].stateRows, expected[b].stateRows);
                QCOMPARE(rowsOf(actual[b].emitted), rowsOf(expected[b].emitted));
                QCOMPARE(rowsOf(actual[b].sinkTable), rowsOf(expected[b].sinkTable));
            }
        }
        // What the snapshot holds is all there is: saving again gives the same bytes.
        QCOMPARE(restarted.run().saveState(), uninterrupted.run().saveState());
    }

    // restoreState reads exactly what saveState wrote: a restored run saves the same bytes.
    void loadReadsExactlyWhatSaveWrote()
    {
        StreamTester t(makeScenario(kWindowedSum, "append", kSteps));
        t.addData();
        t.addData();
        const std::string bytes = t.run().saveState();
        Run copy(Query::compile(makeScenario(kWindowedSum, "append", kSteps)));
        copy.restoreState(bytes);
        QCOMPARE(copy.saveState(), bytes);
        QCOMPARE(copy.nextBatchId(), t.run().nextBatchId());
        QCOMPARE(copy.watermarkMs(), t.run().watermarkMs());
    }

    void foreignOldAndDamagedSnapshotsAreRefused_data()
    {
        addColumns<QByteArray, QString>("bytes", "message");
        StreamTester t(makeScenario(kWindowedSum, "append", kSteps));
        t.addData();
        const std::string good = t.run().saveState();
        const auto bytes = [](const std::string &s) { return QByteArray(s.data(), qsizetype(s.size())); };

        QTest::newRow("not a snapshot") << QByteArray("this is a text file, not state") << "not a StreamStep state snapshot";
        std::string old = good;
        const int64_t oldMagic = 0x3130505453545353; // the unversioned format of StreamStep <= 0.1
        std::memcpy(old.data(), &oldMagic, sizeof oldMagic);
        QTest::newRow("older format") << bytes(old)
                                      << "the state snapshot was written by an older StreamStep (snapshot format 1); "
                                         "this version reads format 2: start again with a new checkpoint folder";
        std::string newer = good;
        const int64_t version = 3;
        std::memcpy(newer.data() + 8, &version, sizeof version);
        QTest::newRow("newer format") << bytes(newer)
                                      << "the state snapshot has format 3; this StreamStep reads format 2: start "
                                         "again with a new checkpoint folder";
        QTest::newRow("truncated") << bytes(good.substr(0, good.size() - 3)) << "";
        QTest::newRow("trailing bytes") << bytes(good + "xyz") << "state snapshot has trailing bytes";
    }
    void foreignOldAndDamagedSnapshotsAreRefused()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, message);
        Run run(Query::compile(makeScenario(kWindowedSum, "append", kSteps)));
        const std::string before = run.saveState();
        const QString error = errorOf([&] { run.restoreState(bytes.toStdString()); });
        QVERIFY2(!error.isEmpty(), "a bad snapshot was accepted");
        if (!message.isEmpty())
            QCOMPARE(error, message);
        QCOMPARE(run.saveState(), before); // a refused snapshot leaves the run as it was
    }

    // Spark's state schema check: a restart with other keys or aggregates is refused, one with
    // another stateless filter on top is not.
    void aChangedStatefulQueryIsRefused()
    {
        const Scenario scenario = makeScenario(kWindowedSum, "append", kSteps);
        StreamTester t(scenario);
        t.addData();
        const std::string checkpoint = t.stopStream();

        const Scenario otherKeys = makeScenario(R"J([
            {"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
            {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "branchCode"],
             "aggs": ["sum(amount) AS total"]}])J", "append", kSteps);
        QCOMPARE(errorOf([&] { t.startStream(checkpoint, &otherKeys); }),
                 QStringLiteral("the state snapshot belongs to another query (its stateful operators' keys or "
                                "values, or the output mode, differ)"));

        const Scenario extraFilter = makeScenario(R"J([
            {"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
            {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"],
             "aggs": ["sum(amount) AS total"]},
            {"op": "filter", "condition": "total > 5"}])J", "append", kSteps);
        t.startStream(checkpoint, &extraFilter);
        const auto reports = t.addData();
        QVERIFY(!reports.empty());
        QCOMPARE(reports[0].batchId, int64_t(2));
    }
};

QTEST_APPLESS_MAIN(TestStateSnapshot)
#include "tst_state_snapshot.moc"
