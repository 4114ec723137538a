// Spark's UnsupportedOperationChecker and DataStreamWriter rules (spark-semantics.md §9–§10):
// each rejected pairing fails before any batch with Spark's own message; allowed ones compile.
#include "test_columns.h"
#include "stream_test.h"

using namespace streamstep;
using namespace streamstep::testing;

namespace {

const char *kCountByAccount = R"J([{"op": "groupBy", "keys": ["accountId"], "aggs": ["count(*) AS n"]}])J";
const char *kWatermark = R"J({"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"})J";
const char *kMemory = R"J({"format": "memory", "options": {"queryName": "q"}})J";
const char *kOneStep = R"J([[["A1", "M", "1.00", "2026-03-01 10:00:00"]]])J";

const char *kCorrectness =
    "Detected pattern of possible 'correctness' issue due to global watermark. The query "
    "contains stateful operation which can emit rows older than the current watermark plus "
    "allowed late record delay, which are \"late rows\" in downstream stateful operations and "
    "these rows can be discarded. Please refer the programming guide doc for more details. If "
    "you understand the possible risk of correctness issue and still need to run the query, you "
    "can disable this check by setting the config "
    "`spark.sql.streaming.statefulOperator.checkCorrectness.enabled` to false.";

} // namespace

class TestUnsupportedOperationChecker : public QObject {
    Q_OBJECT

private slots:
    void rejected_data()
    {
        addColumns<QString, QString, QString, QString>("query", "mode", "sink", "message");

        QTest::newRow("complete without aggregation")
            << R"J([{"op": "filter", "condition": "amount > 100000.00"}])J" << "complete" << kMemory
            << "Complete output mode not supported when there are no streaming aggregations on "
               "streaming DataFrames/Datasets";
        QTest::newRow("complete with only dropDuplicates")
            << R"J([{"op": "dropDuplicates"}])J" << "complete" << kMemory
            << "Complete output mode not supported when there are no streaming aggregations on "
               "streaming DataFrames/Datasets";
        QTest::newRow("append aggregation without watermark")
            << kCountByAccount << "append" << kMemory
            << "Append output mode not supported when there are streaming aggregations on "
               "streaming DataFrames/DataSets without watermark";
        QTest::newRow("append with watermark not on the keys")
            << QStringLiteral("[%1, %2]").arg(kWatermark, QString(kCountByAccount).mid(1).chopped(1))
            << "append" << kMemory
            << "Append output mode not supported when there are streaming aggregations on "
               "streaming DataFrames/DataSets without watermark";
        QTest::newRow("csv sink in update mode")
            << R"J([{"op": "filter", "condition": "amount > 1"}])J" << "update"
            << R"J({"format": "csv", "options": {"path": "out"}})J"
            << "Data source csv does not support Update output mode.";
        QTest::newRow("json sink in complete mode: the sink check comes first")
            << R"J([{"op": "filter", "condition": "amount > 1"}])J" << "complete"
            << R"J({"format": "json", "options": {"path": "out"}})J"
            << "Data source json does not support Complete output mode.";
        QTest::newRow("distinct aggregate")
            << R"J([{"op": "groupBy", "keys": ["branchCode"], "aggs": ["count(DISTINCT accountId)"]}])J"
            << "update" << kMemory
            << "Distinct aggregations are not supported on streaming DataFrames/Datasets. Consider "
               "using approx_count_distinct() instead.";
        QTest::newRow("session window in update mode")
            << QStringLiteral(R"J([%1, {"op": "groupBy", "keys": ["session_window(eventTime, '5 minutes')", "accountId"], "aggs": ["count(*)"]}])J")
                   .arg(kWatermark)
            << "update" << kMemory
            << "Update output mode not supported for session window on streaming DataFrames/DataSets";
        QTest::newRow("aggregation after an update-mode aggregation")
            << R"J([{"op": "groupBy", "keys": ["accountId"], "aggs": ["count(*) AS n"]},
                   {"op": "groupBy", "keys": ["n"], "aggs": ["count(*) AS accounts"]}])J"
            << "update" << kMemory << kCorrectness;
        QTest::newRow("event-time dropDuplicates after a complete-mode aggregation")
            << QStringLiteral(R"J([%1, {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')"], "aggs": ["count(*) AS n"]},
                   {"op": "dropDuplicates", "columns": ["window"]}])J")
                   .arg(kWatermark)
            << "complete" << kMemory << kCorrectness;
        QTest::newRow("memory sink without queryName")
            << R"J([{"op": "filter", "condition": "amount > 1"}])J" << "append"
            << R"J({"format": "memory", "options": {}})J" << "queryName must be specified for memory sink";
        QTest::newRow("watermark on a decimal column")
            << R"J([{"op": "withWatermark", "column": "amount", "delay": "10 minutes"}])J" << "append" << kMemory
            << "Event time must be defined on a window or a timestamp, but amount is of type decimal(12,2)";
    }
    void rejected()
    {
        QFETCH(QString, query);
        QFETCH(QString, mode);
        QFETCH(QString, sink);
        QFETCH(QString, message);
        Scenario s = makeScenario(query.toStdString(), mode.toStdString(), kOneStep, sink.toStdString());
        const QString error = analysisErrorOf(s);
        QVERIFY2(error.endsWith(message), qPrintable(error));
    }

    // What Spark accepts at start but fails with when it plans the first batch: the query
    // compiles, a trigger without data runs nothing, and the first batch fails the query with
    // Spark's StreamingQueryException text (exit 3), writing nothing.
    void failsWhenTheFirstBatchIsPlanned_data()
    {
        addColumns<QString, QString, QString, QString>("query", "sink", "version", "message");
        const QString session = QStringLiteral(R"J([%1, {"op": "groupBy", "keys": ["session_window(eventTime, '5 minutes')"], "aggs": ["count(*)"]}])J").arg(kWatermark);
        const QString csvWindow = QStringLiteral(R"J([%1, {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')"], "aggs": ["count(*)"]}])J").arg(kWatermark);
        const QString csv = R"J({"format": "csv", "options": {"path": "out"}})J";
        for (const char *version : {"3.5", "4.2"}) {
            QTest::addRow("global session window, Spark %s", version)
                << session << kMemory << version
                << "Global aggregation with session window in streaming query is not supported.";
            QTest::addRow("csv sink with a window column, Spark %s", version)
                << csvWindow << csv << version
                << QStringLiteral("[UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE] The CSV datasource doesn't support the column "
                                  "`window` of the type \"STRUCT<start: TIMESTAMP, end: TIMESTAMP>\".%1")
                       .arg(QLatin1String(version) == QLatin1String("4.2") ? " SQLSTATE: 0A000" : "");
        }
    }
    void failsWhenTheFirstBatchIsPlanned()
    {
        QFETCH(QString, query);
        QFETCH(QString, sink);
        QFETCH(QString, version);
        QFETCH(QString, message);
        Scenario s = makeScenario(query.toStdString(), "append", R"J([[], [["A1", "M", "1.00", "2026-03-01 10:00:00"]]])J",
                                  sink.toStdString());
        s.sparkVersion = *parseSparkVersion(version.toStdString());
        QCOMPARE(analysisErrorOf(s), QString()); // accepted at start
        Run run(Query::compile(s));
        QVERIFY(run.step(s.steps[0].rows, 0).empty()); // no data, no batch, no failure
        try {
            run.step(s.steps[1].rows, 1);
            QFAIL("the first batch should fail");
        } catch (const Error &e) {
            QCOMPARE(e.kind(), ErrorKind::Runtime);
            QCOMPARE(QString::fromStdString(e.message()), message);
        }
        QVERIFY(run.failure()); // the query stopped
        QCOMPARE(run.nextBatchId(), int64_t(0));
    }

    void allowed_data()
    {
        addColumns<QString, QString>("query", "mode");
        QTest::newRow("update without aggregation") << R"J([{"op": "filter", "condition": "amount > 1"}])J" << "update";
        QTest::newRow("append windowed aggregation with watermark")
            << QStringLiteral(R"J([%1, {"op": "groupBy", "keys": ["window(eventTime, '5 minutes') AS w", "accountId"], "aggs": ["count(*)"]}])J")
                   .arg(kWatermark)
            << "append";
        QTest::newRow("append grouped by the event-time column")
            << QStringLiteral(R"J([%1, {"op": "groupBy", "keys": ["eventTime"], "aggs": ["count(*)"]}])J").arg(kWatermark)
            << "append";
        QTest::newRow("chained aggregations in append mode")
            << QStringLiteral(R"J([%1, {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"], "aggs": ["count(*) AS n"]},
                   {"op": "groupBy", "keys": ["window"], "aggs": ["sum(n) AS total"]}])J")
                   .arg(kWatermark)
            << "append";
        QTest::newRow("dedup without event time after an update aggregation")
            << R"J([{"op": "groupBy", "keys": ["accountId"], "aggs": ["count(*) AS n"]},
                   {"op": "dropDuplicates", "columns": ["accountId"]}])J"
            << "update";
        QTest::newRow("complete with watermark") << QStringLiteral(R"J([%1, {"op": "groupBy", "keys": ["accountId"], "aggs": ["count(*)"]}])J").arg(kWatermark)
                                                 << "complete";
    }
    void allowed()
    {
        QFETCH(QString, query);
        QFETCH(QString, mode);
        Scenario s = makeScenario(query.toStdString(), mode.toStdString(), kOneStep);
        QCOMPARE(analysisErrorOf(s), QString());
    }

    void unknownColumnNamesTheOpAndPosition()
    {
        Scenario s = makeScenario(R"J([{"op": "filter", "condition": "accountId = 'x' AND amout > 1"}])J",
                                  "append", kOneStep);
        const QString error = analysisErrorOf(s);
        QVERIFY2(error.contains("filter condition, column 21: unknown column 'amout' (did you mean 'amount'?)"),
                 qPrintable(error));
        QVERIFY2(error.startsWith("test.scenario.json:"), qPrintable(error));
    }

    void windowDurationsAreValidated_data()
    {
        addColumns<QString, QString>("window", "message");
        QTest::newRow("slide longer than window")
            << "window(eventTime, '5 minutes', '10 minutes')"
            << "The `slide_duration`(600000000) must be <= the `window_duration`(300000000).";
        QTest::newRow("start beyond slide")
            << "window(eventTime, '10 minutes', '5 minutes', '5 minutes')"
            << "The `abs(start_time)`(300000000) must be < the `slide_duration`(300000000).";
        QTest::newRow("month") << "window(eventTime, '1 month')" << "Intervals greater than a month is not supported (1 month).";
        QTest::newRow("not a timestamp") << "window(amount, '5 minutes')" << "requires a timestamp time column";
    }
    void windowDurationsAreValidated()
    {
        QFETCH(QString, window);
        QFETCH(QString, message);
        const std::string query = "[{\"op\": \"groupBy\", \"keys\": [\"" + window.toStdString()
            + "\"], \"aggs\": [\"count(*)\"]}]";
        const QString error = analysisErrorOf(makeScenario(query, "update", kOneStep));
        QVERIFY2(error.contains(message), qPrintable(error));
    }
};

QTEST_APPLESS_MAIN(TestUnsupportedOperationChecker)
#include "tst_unsupported_operation_checker.moc"
