// The conformance suite's own parts, without Spark: exact number comparison, batch-by-batch
// differences, and the scenario generator (deterministic, every file valid for streamstep-cli).
#include "../engine/test_columns.h"
#include "batch_comparison.h"
#include "scenario_generator.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace streamstep::testing;

class TestBatchComparison : public QObject {
    Q_OBJECT

private slots:
    void canonicalNumbers_data()
    {
        addColumns<QString, QString>("text", "canonical");
        QTest::newRow("decimal scale 2") << "250000.00" << "25e4";
        QTest::newRow("decimal scale 1") << "250000.0" << "25e4";
        QTest::newRow("integer") << "250000" << "25e4";
        QTest::newRow("exponent") << "2.5E5" << "25e4";
        QTest::newRow("fraction") << "12.50" << "125e-1";
        QTest::newRow("small") << "0.001" << "1e-3";
        QTest::newRow("negative") << "-0.05" << "-5e-2";
        QTest::newRow("zero") << "0.00" << "0";
        QTest::newRow("negative zero") << "-0.0" << "-0";
        QTest::newRow("java double") << "1.0E7" << "1e7";
        QTest::newRow("long digits stay") << "0.10000000000000001" << "10000000000000001e-17";
    }
    void canonicalNumbers()
    {
        compareTextColumns("text", "canonical", canonicalNumber);
    }

    void rowsCompareAsMultisetsWithExactNumbers()
    {
        RunOutput spark;
        RunOutput own;
        spark.batches.push_back(*parseExactJson(R"({"batchId": 0, "step": 0, "noData": false, "numInputRows": 2, "numRowsDroppedByWatermark": 0, "watermark": null, "stateRows": 2, "emitted": [{"k": "a", "v": 1.50}, {"k": "b", "v": 2}]})"));
        own.batches.push_back(*parseExactJson(R"({"batchId": 0, "step": 0, "noData": false, "numInputRows": 2, "numRowsDroppedByWatermark": 0, "watermark": null, "stateRows": 2, "emitted": [{"v": 2.0, "k": "b"}, {"k": "a", "v": 1.5}], "durationMs": 0.1})"));
        spark.batchLines = {"s"};
        own.batchLines = {"o"};
        QVERIFY(compareRuns(spark, own).empty());

        own.batches[0]["emitted"][1]["v"] = *parseExactJson("1.5000000001");
        own.batches[0]["stateRows"] = *parseExactJson("3");
        const std::vector<std::string> differences = compareRuns(spark, own);
        QCOMPARE(differences.size(), size_t(1));
        QVERIFY(differences[0].find("stateRows Spark 2, StreamStep 3") != std::string::npos);
        QVERIFY(differences[0].find("only in Spark:      {\"k\":\"a\",\"v\":\"#15e-1\"}") != std::string::npos);
    }

    void errorsAndBatchCountsAreDifferences()
    {
        RunOutput spark;
        spark.exitCode = 2;
        spark.error = "AnalysisException: x";
        RunOutput own;
        own.batches.push_back(*parseExactJson(R"({"batchId": 0})"));
        own.batchLines = {"{\"batchId\": 0}"};
        const std::vector<std::string> differences = compareRuns(spark, own);
        QCOMPARE(differences.size(), size_t(4)); // exit code, error, number of batches, batch 0
        QVERIFY(differences[3].find("Spark:      (none)") != std::string::npos);
    }

    // StreamStep's own lines may follow Spark's text (where in the lesson, a hint), never replace it.
    void ownLinesMayFollowSparksError()
    {
        RunOutput spark;
        spark.exitCode = 2;
        spark.error = "AnalysisException: [UNRESOLVED_COLUMN.WITH_SUGGESTION] x; line 1 pos 0";
        RunOutput own = spark;
        own.error = spark.error + "\n  f.json:3:4: filter condition, column 1: unknown column 'x'";
        QCOMPARE(compareRuns(spark, own).size(), size_t(0));
        own.error = spark.error + " and more";
        QCOMPARE(compareRuns(spark, own).size(), size_t(1));
        own.error = "AnalysisException: f.json:3:4: unknown column 'x'\n" + spark.error;
        QCOMPARE(compareRuns(spark, own).size(), size_t(1));
    }

    void generatorIsDeterministicAndCoversEveryFamily()
    {
        const ScenarioGenerator a(7);
        const ScenarioGenerator b(7);
        std::set<std::string> families;
        std::set<std::string> modes;
        std::set<std::string> sinks;
        for (int i = 0; i < 200; ++i) {
            const GeneratedScenario x = a.generate(i);
            QCOMPARE(QString::fromStdString(x.document.dump()), QString::fromStdString(b.generate(i).document.dump()));
            families.insert(x.family);
            modes.insert(x.document["outputMode"].get<std::string>());
            sinks.insert(x.document["sink"]["format"].get<std::string>());
        }
        QCOMPARE(families.size(), size_t(8));
        QCOMPARE(modes.size(), size_t(3));
        QCOMPARE(sinks.size(), size_t(6));
    }

    // Every generated file is a valid scenario: streamstep-cli never answers exit 1 for it.
    void generatedScenariosAreValidFiles()
    {
        QTemporaryDir dir;
        const ScenarioGenerator generator(20261201);
        for (int i = 0; i < 64; ++i) {
            const GeneratedScenario scenario = generator.generate(i);
            const QString file = dir.filePath(QString::fromStdString(scenario.name) + ".scenario.json");
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(QByteArray::fromStdString(scenario.document.dump(2)));
            out.close();
            QProcess cli;
            cli.start(QStringLiteral(STREAMSTEP_CLI), {"run", file, "--jsonl", "--output-dir", dir.path()});
            QVERIFY(cli.waitForFinished(60000));
            QVERIFY2(cli.exitCode() != 1, qPrintable(file + ": " + cli.readAllStandardError()));
        }
    }
};

QTEST_GUILESS_MAIN(TestBatchComparison)
#include "tst_batch_comparison.moc"
