// The Spark version and configuration a lesson runs under (format §4.1, spark-semantics.md §14):
// each key read with Spark's rules and refused with Spark's words, and each one changing what
// Spark changes.
#include "test_columns.h"
#include "test_data.h"
#include "runtime/watermark_tracker.h"
#include "stream_test.h"

using namespace streamstep;
using namespace streamstep::testing;

namespace {

const char *kMemory = R"J({"format": "memory", "options": {"queryName": "q"}})J";

// A scenario document with top-level extras (sparkVersion, conf) spliced in.
Scenario scenarioWith(const std::string &extras, const std::string &query = kWindowedSum,
                      const std::string &mode = "append", const std::string &sink = kMemory,
                      const std::string &steps = R"J([{"rows": [["A1", "M", "1.00", "2026-03-01 10:01:00"]]}])J")
{
    return parseScenario(R"J({"format": "streamstep-scenario", "version": 1,
        "source": {"name": "t", "schema": [{"name": "accountId", "type": "string"}, {"name": "branchCode", "type": "string"},
                                             {"name": "amount", "type": "decimal(12,2)"}, {"name": "eventTime", "type": "timestamp"}]},
        "query": )J" + query + R"J(, "outputMode": ")J" + mode + R"J(", "sink": )J" + sink + R"J(,
        "steps": )J" + steps + extras + "}",
                         "conf.scenario.json");
}

} // namespace

class TestSparkConf : public QObject {
    Q_OBJECT

private slots:
    void versionsHaveTheirDefaults()
    {
        const SparkConf spark35 = sparkConfOf(scenarioWith(""));
        QCOMPARE(spark35.version, SparkVersion::Spark35);
        QVERIFY(!spark35.ansi);
        QVERIFY(spark35.noDataMicroBatches);
        const SparkConf spark42 = sparkConfOf(scenarioWith(R"J(, "sparkVersion": "4.2")J"));
        QCOMPARE(spark42.version, SparkVersion::Spark42);
        QVERIFY(spark42.ansi); // Spark 4: ANSI by default…
        QVERIFY(!sparkConfOf(scenarioWith(R"J(, "sparkVersion": "4.2", "conf": {"spark.sql.ansi.enabled": "FALSE"})J")).ansi);
        QVERIFY(sparkConfOf(scenarioWith(R"J(, "conf": {"spark.sql.ansi.enabled": " true "})J")).ansi); // trimmed, any case
        QCOMPARE(parseSparkVersion("3.5.9"), std::optional(SparkVersion::Spark35));
        QCOMPARE(parseSparkVersion("4.2.0"), std::optional(SparkVersion::Spark42));
        QCOMPARE(parseSparkVersion("4.0"), std::nullopt);
    }

    void badVersionsKeysAndValuesNameTheirPlace_data()
    {
        addColumns<QString, QString>("extras", "message");
        QTest::newRow("unknown version") << R"J(, "sparkVersion": "3.4")J"
                                         << "conf.scenario.json:8:92: unknown sparkVersion '3.4'; StreamStep follows \"3.5\" (the default) or \"4.2\"";
        QTest::newRow("unknown key") << R"J(, "conf": {"spark.sql.adaptive.enabled": "true"})J"
                                     << "conf.scenario.json:8:85: unknown Spark configuration key 'spark.sql.adaptive.enabled'; StreamStep knows: spark.sql.ansi.enabled, spark.sql.streaming.noDataMicroBatches.enabled, spark.sql.streaming.multipleWatermarkPolicy, spark.sql.streaming.statefulOperator.checkCorrectness.enabled, spark.sql.session.timeZone, spark.sql.shuffle.partitions (accepted, no effect)";
        QTest::newRow("not a boolean") << R"J(, "conf": {"spark.sql.streaming.noDataMicroBatches.enabled": "yes"})J"
                                       << "conf.scenario.json:8:135: spark.sql.streaming.noDataMicroBatches.enabled should be boolean, but was yes";
        QTest::newRow("policy") << R"J(, "conf": {"spark.sql.streaming.multipleWatermarkPolicy": "median"})J"
                                << "conf.scenario.json:8:132: Could not recognize watermark policy 'median'";
        QTest::newRow("time zone") << R"J(, "conf": {"spark.sql.session.timeZone": "Asia/Kolkata"})J"
                                   << "conf.scenario.json:8:115: StreamStep shows timestamps in UTC only; the time zone 'Asia/Kolkata' is not supported (use UTC)";
        QTest::newRow("partitions") << R"J(, "conf": {"spark.sql.shuffle.partitions": "0"})J"
                                    << "conf.scenario.json:8:117: spark.sql.shuffle.partitions should be a positive int, but was 0";
        QTest::newRow("not a string") << R"J(, "conf": {"spark.sql.ansi.enabled": ["true"]})J"
                                      << "conf.scenario.json:8:111: the value of conf 'spark.sql.ansi.enabled' must be a string";
    }
    void badVersionsKeysAndValuesNameTheirPlace()
    {
        QFETCH(QString, extras);
        QFETCH(QString, message);
        QCOMPARE(errorOf([&] { scenarioWith(extras.toStdString()); }), message);
    }

    void acceptedKeysAndTheWriterKeepsThem()
    {
        const Scenario s = scenarioWith(R"J(, "sparkVersion": "4.2", "conf": {"spark.sql.shuffle.partitions": "2",
            "spark.sql.session.timeZone": "UTC", "spark.sql.streaming.multipleWatermarkPolicy": "MAX"})J");
        QVERIFY(sparkConfOf(s).maxWatermarkPolicy);
        const Scenario again = parseScenario(writeScenario(s));
        QCOMPARE(again.sparkVersion, SparkVersion::Spark42);
        QVERIFY(again.hasSparkVersion);
        QCOMPARE(again.conf.size(), size_t(3));
        QCOMPARE(QString::fromStdString(again.conf[2].value), QStringLiteral("MAX"));
        // A file without the keys is written back without them.
        const std::string plain = writeScenario(scenarioWith(""));
        QVERIFY(plain.find("sparkVersion") == std::string::npos);
        QVERIFY(plain.find("\"conf\"") == std::string::npos);
    }

    // spark.sql.streaming.noDataMicroBatches.enabled=false: MicroBatchExecution plans no batch
    // without data, so append emits a window only when the next data batch runs.
    void noDataMicroBatchesOffRunsOnlyDataBatches()
    {
        const std::string steps = R"J([{"rows": [["A1", "M", "1.00", "2026-03-01 10:01:00"]]},
            {"rows": [["A1", "M", "2.00", "2026-03-01 10:20:00"]]},
            {"rows": [["A2", "M", "3.00", "2026-03-01 10:21:00"]]}])J";
        for (const bool enabled : {true, false}) {
            const Scenario s = scenarioWith(std::string(R"J(, "conf": {"spark.sql.streaming.noDataMicroBatches.enabled": ")J")
                                                + (enabled ? "true" : "false") + "\"}",
                                            kWindowedSum, "append", kMemory, steps);
            StreamTester t(s);
            const auto s0 = t.addData();
            const auto s1 = t.addData();
            const auto s2 = t.addData();
            if (enabled) {
                // Step 1 moves the watermark to 10:10: its no-data batch writes [10:00, 10:05).
                QCOMPARE(s1.size(), size_t(2));
                QVERIFY(s1[1].noData);
                QCOMPARE(s1[1].numOutputRows, int64_t(1));
            } else {
                for (const auto *batches : {&s0, &s1, &s2}) {
                    QCOMPARE(batches->size(), size_t(1));
                    QVERIFY(!batches->front().noData);
                }
                QCOMPARE(s1[0].numOutputRows, int64_t(0));
                // The next data batch runs with watermark 10:10 and writes the window.
                QCOMPARE(s2[0].watermarkMs, ms("2026-03-01 10:10:00"));
                QCOMPARE(s2[0].numOutputRows, int64_t(1));
                QCOMPARE(s2[0].stateRowsRemoved, int64_t(1));
            }
        }
    }

    // spark.sql.streaming.multipleWatermarkPolicy=max: the fastest withWatermark decides.
    void maxPolicyTakesTheFastestWatermark()
    {
        EventTimeAccumulator early;
        early.add(ms("2026-03-01 10:00:00"));
        EventTimeAccumulator late;
        late.add(ms("2026-03-01 10:30:00"));
        WatermarkTracker minimum({{"a", 0}, {"b", 0}});
        WatermarkTracker maximum({{"a", 0}, {"b", 0}}, true);
        minimum.update({early, late}, 0);
        maximum.update({early, late}, 0);
        QCOMPARE(minimum.globalWatermarkMs(), ms("2026-03-01 10:00:00"));
        QCOMPARE(maximum.globalWatermarkMs(), ms("2026-03-01 10:30:00"));
        QCOMPARE(maximum.origin().operatorIndex, 1);
        // The policy reaches a run's tracker from the lesson's conf.
        QVERIFY(sparkConfOf(scenarioWith(R"J(, "conf": {"spark.sql.streaming.multipleWatermarkPolicy": "max"})J")).maxWatermarkPolicy);
    }

    // spark.sql.streaming.statefulOperator.checkCorrectness.enabled=false turns off Spark's
    // global-watermark check (a dedup with event-time key after an update-mode aggregation).
    void correctnessCheckCanBeTurnedOff()
    {
        const std::string query = R"J([{"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
            {"op": "groupBy", "keys": ["window(eventTime, '5 minutes') AS w", "accountId"], "aggs": ["count(*) AS n"]},
            {"op": "select", "columns": ["w.end AS t", "accountId", "n"]},
            {"op": "withWatermark", "column": "t", "delay": "0 seconds"},
            {"op": "dropDuplicates", "columns": ["accountId", "t"]}])J";
        QVERIFY(analysisErrorOf(scenarioWith("", query, "update")).startsWith("Detected pattern of possible 'correctness' issue"));
        QCOMPARE(analysisErrorOf(scenarioWith(
                     R"J(, "conf": {"spark.sql.streaming.statefulOperator.checkCorrectness.enabled": "false"})J", query, "update")),
                 QString());
    }

    // Spark 4's STREAMING_OUTPUT_MODE error classes (SQLSTATE 42KDE) replace 3.5's texts.
    void spark4OutputModeMessages_data()
    {
        addColumns<QString, QString, QString, QString>("query", "mode", "sink", "message");
        QTest::newRow("complete without aggregation")
            << R"J([{"op": "filter", "condition": "amount > 1"}])J" << "complete" << kMemory
            << "[STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid streaming output mode: complete. This output mode "
               "is not supported for no streaming aggregations on streaming DataFrames/DataSets. SQLSTATE: 42KDE";
        QTest::newRow("append without watermark")
            << R"J([{"op": "groupBy", "keys": ["accountId"], "aggs": ["count(*) AS n"]}])J" << "append" << kMemory
            << "[STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid streaming output mode: append. This output mode "
               "is not supported for streaming aggregations without watermark on streaming DataFrames/DataSets. SQLSTATE: 42KDE";
        QTest::newRow("update with session window")
            << R"J([{"op": "withWatermark", "column": "eventTime", "delay": "1 minute"},
                   {"op": "groupBy", "keys": ["session_window(eventTime, '5 minutes')", "accountId"], "aggs": ["count(*) AS n"]}])J"
            << "update" << kMemory
            << "[STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid streaming output mode: update. This output mode "
               "is not supported for session window streaming aggregations on streaming DataFrames/DataSets. SQLSTATE: 42KDE";
        QTest::newRow("file sink in update mode")
            << R"J([{"op": "filter", "condition": "amount > 1"}])J" << "update"
            << R"J({"format": "csv", "options": {"path": "out"}})J"
            << "[STREAMING_OUTPUT_MODE.UNSUPPORTED_DATASOURCE] Invalid streaming output mode: update. This output mode "
               "is not supported in Data Source csv. SQLSTATE: 42KDE";
    }
    void spark4OutputModeMessages()
    {
        QFETCH(QString, query);
        QFETCH(QString, mode);
        QFETCH(QString, sink);
        QFETCH(QString, message);
        QCOMPARE(analysisErrorOf(scenarioWith(R"J(, "sparkVersion": "4.2")J", query.toStdString(), mode.toStdString(),
                                              sink.toStdString())),
                 message);
        // The same query under 3.5 keeps Spark 3.5's wording.
        QVERIFY(!analysisErrorOf(scenarioWith("", query.toStdString(), mode.toStdString(), sink.toStdString()))
                     .startsWith("[STREAMING_OUTPUT_MODE"));
    }

    // The command line's overrides win over the file and are checked the same way.
    void overridesWinOverTheFile()
    {
        Scenario s = scenarioWith(R"J(, "conf": {"spark.sql.streaming.noDataMicroBatches.enabled": "true"})J");
        ScenarioOverrides o;
        o.sparkVersion = SparkVersion::Spark42;
        o.outputMode = OutputMode::Update;
        o.conf.push_back({"spark.sql.streaming.noDataMicroBatches.enabled", "false", {}, true});
        applyOverrides(s, o);
        const SparkConf conf = sparkConfOf(s);
        QCOMPARE(conf.version, SparkVersion::Spark42);
        QVERIFY(!conf.noDataMicroBatches);
        QCOMPARE(s.outputMode, OutputMode::Update);
        ScenarioOverrides bad;
        bad.conf.push_back({"spark.sql.ansi.enabled", "maybe", {}, true});
        QCOMPARE(errorOf([&] { applyOverrides(s, bad); }),
                 QStringLiteral("--conf spark.sql.ansi.enabled=maybe: spark.sql.ansi.enabled should be boolean, but was maybe"));
    }
};

QTEST_APPLESS_MAIN(TestSparkConf)
#include "tst_spark_conf.moc"
