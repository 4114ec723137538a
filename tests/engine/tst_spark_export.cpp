// Export to Spark code (engine/export): the programs for a few lessons are golden files
// (tests/data/export/*.golden, test data named for the program they hold plus `.golden`;
// STREAMSTEP_UPDATE_GOLDEN=1 rewrites them after a deliberate change), and
// the parts every program relies on: names, escaping of the scenario's text and values, the
// MemoryStream of each Spark version, the honest sink mapping. That the programs compile and
// run on real Spark is tested under tests/spark (label spark).
#include "test_columns.h"
#include "streamstep/scenario.h"
#include "streamstep/spark_export.h"

#include <QFile>
#include <QTest>

using namespace streamstep;
using streamstep::testing::addColumns;
using streamstep::testing::compareTextColumns;
using streamstep::testing::fetched;

namespace {

QString source(const QString &relative) { return QStringLiteral(STREAMSTEP_SOURCE_DIR "/") + relative; }

std::string exported(const QString &scenarioFile, SparkLanguage language, bool replay, const std::string &name,
                     const std::string &version = "3.5")
{
    SparkExportOptions options;
    options.language = language;
    options.replay = replay;
    options.programName = name;
    options.sparkVersion = version;
    return exportSparkProgram(readScenarioFile(source(scenarioFile).toStdString()), options);
}

bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

} // namespace

class TestSparkExport : public QObject {
    Q_OBJECT

private slots:
    void goldenFiles_data()
    {
        addColumns<QString, QString, bool, QString, QString>("scenario", "language", "replay", "version", "golden");
        const QString lesson04 = QStringLiteral("scenarios/04-windowed-totals-append.scenario.json");
        const QString lesson01 = QStringLiteral("scenarios/01-high-value-filter.scenario.json");
        const QString lesson03 = QStringLiteral("scenarios/03-account-counts-update.scenario.json");
        QTest::newRow("04 java") << lesson04 << "java" << false << "3.5" << "WindowedTotals.java";
        QTest::newRow("04 java replay") << lesson04 << "java" << true << "3.5" << "WindowedTotalsReplay.java";
        QTest::newRow("04 java replay 4.2") << lesson04 << "java" << true << "4.2" << "WindowedTotalsReplay42.java";
        QTest::newRow("04 scala") << lesson04 << "scala" << false << "3.5" << "WindowedTotals.scala";
        QTest::newRow("04 scala replay") << lesson04 << "scala" << true << "3.5" << "WindowedTotalsReplay.scala";
        QTest::newRow("04 pyspark") << lesson04 << "pyspark" << false << "3.5" << "windowed_totals.py";
        QTest::newRow("04 pyspark replay") << lesson04 << "pyspark" << true << "3.5" << "windowed_totals_replay.py";
        QTest::newRow("01 csv java replay") << lesson01 << "java" << true << "3.5" << "HighValueReplay.java";
        QTest::newRow("01 csv pyspark") << lesson01 << "pyspark" << false << "3.5" << "high_value.py";
        QTest::newRow("03 sqlite java") << lesson03 << "java" << false << "3.5" << "AccountCounts.java";
        QTest::newRow("03 sqlite scala") << lesson03 << "scala" << false << "3.5" << "AccountCounts.scala";
        QTest::newRow("03 sqlite pyspark replay") << lesson03 << "pyspark" << true << "3.5" << "account_counts_replay.py";
    }
    void goldenFiles()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, language);
        QFETCH(bool, replay);
        QFETCH(QString, version);
        QFETCH(QString, golden);
        const std::string name = golden.section(QLatin1Char('.'), 0, 0).toStdString();
        const std::string program = exported(scenario, *parseSparkLanguage(language.toStdString()), replay, name,
                                             version.toStdString());
        const QString goldenPath = source(QStringLiteral("tests/data/export/") + golden + QStringLiteral(".golden"));
        if (qEnvironmentVariableIsSet("STREAMSTEP_UPDATE_GOLDEN")) {
            QFile out(goldenPath);
            QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
            out.write(QByteArray::fromStdString(program));
        }
        QFile file(goldenPath);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(goldenPath + " is missing (STREAMSTEP_UPDATE_GOLDEN=1 writes it)"));
        QCOMPARE(QString::fromStdString(program), QString::fromUtf8(file.readAll()));
    }

    void programNames_data()
    {
        addColumns<QString, QString>("file", "name");
        QTest::newRow("lesson") << "scenarios/04-windowed-totals-append.scenario.json" << "Scenario04WindowedTotalsAppend";
        QTest::newRow("letters first") << "/tmp/high_value.scenario.json" << "HighValue";
        QTest::newRow("plain json") << "x-y.json" << "XY";
        QTest::newRow("nothing usable") << "---.scenario.json" << "Scenario";
    }
    void programNames()
    {
        compareTextColumns("file", "name", [](const std::string &file) { return sparkProgramName(file); });
        QVERIFY(isValidSparkProgramName(fetched<QString>("name").toStdString()));
    }

    void invalidProgramNames()
    {
        for (const char *bad : {"", "1abc", "class", "a-b", "a b", "caf\xc3\xa9"})
            QVERIFY2(!isValidSparkProgramName(bad), bad);
        QVERIFY(isValidSparkProgramName("S0001"));
        QVERIFY(isValidSparkProgramName("_x"));
        SparkExportOptions options;
        options.programName = "1bad";
        const Scenario lesson = readScenarioFile(source("scenarios/04-windowed-totals-append.scenario.json").toStdString());
        QVERIFY_THROWS_EXCEPTION(Error, exportSparkProgram(lesson, options));
        options.programName = "Good";
        options.sparkVersion = "3.4";
        QVERIFY_THROWS_EXCEPTION(Error, exportSparkProgram(lesson, options));
    }

    void languages()
    {
        QCOMPARE(parseSparkLanguage("pyspark"), std::optional(SparkLanguage::PySpark));
        QCOMPARE(parseSparkLanguage("scala"), std::optional(SparkLanguage::Scala));
        QCOMPARE(parseSparkLanguage("java"), std::optional(SparkLanguage::Java));
        QVERIFY(!parseSparkLanguage("python"));
        QVERIFY(!parseSparkLanguage("Java"));
        QCOMPARE(sparkLanguageExtension(SparkLanguage::Scala), std::string(".scala"));
    }

    // Spark 4 moved MemoryStream into the runtime package; javap on the 4.2.0 jar says so.
    void memoryStreamPackagePerVersion()
    {
        const QString lesson = QStringLiteral("scenarios/04-windowed-totals-append.scenario.json");
        for (SparkLanguage language : {SparkLanguage::Java, SparkLanguage::Scala}) {
            const std::string v35 = exported(lesson, language, true, "P", "3.5");
            const std::string v42 = exported(lesson, language, true, "P", "4.2");
            QVERIFY(contains(v35, "import org.apache.spark.sql.execution.streaming.MemoryStream"));
            QVERIFY(contains(v42, "import org.apache.spark.sql.execution.streaming.runtime.MemoryStream"));
        }
    }

    // Every value reaches Spark unchanged: Java/Scala literals and PySpark's JSON source lines.
    void valuesAreEscapedExactly()
    {
        const QString file = QStringLiteral("tests/data/export/odd_values.scenario.json");
        const std::string java = exported(file, SparkLanguage::Java, true, "Odd");
        QVERIFY(contains(java, "RowFactory.create(\"say \\\"hi\\\"\\\\\\n\\tnext\", -2147483648, -9223372036854775808L, Double.NaN, true, dec(\"1234567890123456789012345678.0123456789\"), ts(\"2026-03-01T10:00:00.000001Z\"))"));
        QVERIFY(contains(java, "RowFactory.create(\"caf\\u00e9 \\ud83d\\ude00 \\u0001\", 2147483647, 9223372036854775807L, Double.NEGATIVE_INFINITY, false, dec(\"-0.0000000001\"), ts(\"2026-03-01T10:00:01.5Z\"))"));
        QVERIFY(contains(java, "RowFactory.create(null, null, null, null, null, null, null)"));
        // The file's SQL literal 'skip \\ me' (two backslashes: one in Spark SQL) stays two in Java.
        QVERIFY(contains(java, ".filter(\"label <> 'skip \\\\\\\\ me' OR n IS NULL\")"));
        QVERIFY(contains(java, ".withColumn(\"tag\", expr(\"concat(label, '\\\"!')\"))"));
        // The empty step adds nothing: step 1 has no case.
        QVERIFY(contains(java, "case 0:") && !contains(java, "case 1:") && contains(java, "case 2:"));
        const std::string scala = exported(file, SparkLanguage::Scala, true, "Odd");
        QVERIFY(contains(scala, "rows += Row(\"caf\\u00e9 \\ud83d\\ude00 \\u0001\", 2147483647, 9223372036854775807L, Double.NegativeInfinity, false, dec(\"-0.0000000001\"), ts(\"2026-03-01T10:00:01.5Z\"))"));
        const std::string python = exported(file, SparkLanguage::PySpark, true, "odd");
        QVERIFY(contains(python, "\"{\\\"label\\\": \\\"say \\\\\\\"hi\\\\\\\"\\\\\\\\\\\\u000a\\\\u0009next\\\", \\\"n\\\": -2147483648, \\\"big\\\": -9223372036854775808, \\\"x\\\": NaN, \\\"flag\\\": true, \\\"price\\\": 1234567890123456789012345678.0123456789, \\\"at\\\": \\\"2026-03-01 10:00:00.000001\\\"}\","));
        QVERIFY(contains(python, "\\\"x\\\": -0.0, "));
    }

    // Spark has no streaming JDBC sink: the sqlite sink is a foreachBatch upsert, said so.
    void sqliteSinkIsAnIdempotentForeachBatch()
    {
        const QString lesson = QStringLiteral("scenarios/03-account-counts-update.scenario.json");
        for (SparkLanguage language : {SparkLanguage::Java, SparkLanguage::Scala, SparkLanguage::PySpark}) {
            const std::string program = exported(lesson, language, false, "P");
            QVERIFY(contains(program, "Data source jdbc does not support streamed writing"));
            QVERIFY(contains(program, "foreachBatch"));
            QVERIFY(contains(program, "ON CONFLICT ("));
            QVERIFY(contains(program, "_streamstep_batches"));
            QVERIFY(!contains(program, "format(\"jdbc\")"));
        }
    }

    // Console and file sinks keep their format; replay keeps file sinks real (their mode
    // rules run in DataStreamWriter.start) and reads the batch back from _spark_metadata.
    void sinksAreMappedHonestly()
    {
        const std::string csvReplay = exported("scenarios/05c-file-sink-update.scenario.json", SparkLanguage::Java, true, "P");
        QVERIFY(contains(csvReplay, ".format(\"csv\")"));
        QVERIFY(contains(csvReplay, ".outputMode(\"update\")"));
        QVERIFY(contains(csvReplay, "readFileSink("));
        const std::string console = exported("scenarios/04-windowed-totals-append.scenario.json", SparkLanguage::Java, false, "P");
        QVERIFY(contains(console, ".format(\"console\")"));
        QVERIFY(contains(console, ".withWatermark(\"eventTime\", \"10 minutes\")"));
        QVERIFY(contains(console, ".groupBy(expr(\"window(eventTime, '5 minutes')\"), expr(\"accountId\"))"));
        QVERIFY(contains(console, ".agg(expr(\"sum(amount) AS total\"))"));
        QVERIFY(contains(console, ".option(\"checkpointLocation\", workDir + \"/checkpoint\")"));
        const std::string memory = exported("scenarios/06b-complete-vs-update-update.scenario.json", SparkLanguage::PySpark, false, "p");
        QVERIFY(contains(memory, ".format(\"memory\")"));
        QVERIFY(contains(memory, ".queryName(\"account_totals\")"));
    }
};

QTEST_GUILESS_MAIN(TestSparkExport)
#include "tst_spark_export.moc"
