// streamstep-cli as a contract (shared/scenario-format.md §3): --jsonl lines, Spark's console
// output, exit codes 0/1/2/4 with their messages, check's readable differences.
#include "../engine/test_columns.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "cli_run.h"

#include <nlohmann/json.hpp>

using streamstep::testing::addColumns;

namespace {

using Result = streamstep::testing::CliResult;
using streamstep::testing::runCli;

QString lesson(const char *name)
{
    return QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/") + QLatin1String(name);
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void jsonlHasOneObjectPerBatchInTheContractsShape()
    {
        Result r = runCli({"run", lesson("04-windowed-totals-append.scenario.json"), "--jsonl"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.isEmpty());
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QVERIFY(lines.size() >= 5);
        const std::vector<std::string> keys = {"batchId", "step", "noData", "numInputRows",
                                               "numRowsDroppedByWatermark", "watermark", "nextWatermark"};
        int64_t previousBatch = -1;
        for (const QByteArray &line : lines) {
            const nlohmann::json object = nlohmann::json::parse(line.toStdString()); // nothing else on stdout
            for (const std::string &k : keys)
                QVERIFY2(object.contains(k), k.c_str());
            for (const char *k : {"stateRows", "stateRowsUpdated", "stateRowsRemoved", "stateMemoryBytes", "emitted", "durationMs"})
                QVERIFY2(object.contains(k), k);
            QCOMPARE(object["batchId"].get<int64_t>(), previousBatch + 1);
            previousBatch = object["batchId"].get<int64_t>();
            QVERIFY(object["watermark"].get<std::string>().ends_with(".000Z"));
            QCOMPARE(object.contains("eventTime"), !object["noData"].get<bool>());
        }
        // Batch 1 is the no-data batch Spark runs after batch 0 moved the watermark.
        const nlohmann::json b0 = nlohmann::json::parse(lines[0].toStdString());
        const nlohmann::json b1 = nlohmann::json::parse(lines[1].toStdString());
        QCOMPARE(b0["watermark"].get<std::string>(), std::string("1970-01-01T00:00:00.000Z"));
        QCOMPARE(b0["nextWatermark"].get<std::string>(), std::string("2026-03-01T09:58:45.000Z"));
        QCOMPARE(b1["noData"].get<bool>(), true);
        QCOMPARE(b1["step"].get<int>(), 0);
        QVERIFY(b1["watermark"] == b0["nextWatermark"]);
        // Emitted rows: windows as {start, end}, decimals as numbers keeping their scale.
        const nlohmann::json b3 = nlohmann::json::parse(lines[3].toStdString());
        QCOMPARE(b3["emitted"].size(), size_t(2));
        QVERIFY(lines[3].contains(R"("window": {"start": "2026-03-01T10:00:00.000Z", "end": "2026-03-01T10:05:00.000Z"}, "accountId": "ACC-0001", "total": 150000.00})"));
    }

    void consolePrintsWhatSparkPrints()
    {
        Result r = runCli({"run", lesson("02-branch-totals-complete.scenario.json")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QString::fromUtf8(r.out),
                 QStringLiteral("-------------------------------------------\n"
                                "Batch: 0\n"
                                "-------------------------------------------\n"
                                "+----------+-----------+\n"
                                "|branchCode|totalAmount|\n"
                                "+----------+-----------+\n"
                                "|     DELHI|  320000.00|\n"
                                "|    MUMBAI|  500000.00|\n"
                                "+----------+-----------+\n"
                                "\n"
                                "-------------------------------------------\n"
                                "Batch: 1\n"
                                "-------------------------------------------\n"
                                "+----------+-----------+\n"
                                "|branchCode|totalAmount|\n"
                                "+----------+-----------+\n"
                                "|   CHENNAI|  120000.00|\n"
                                "|     DELHI|  410000.00|\n"
                                "|    MUMBAI|  750000.00|\n"
                                "+----------+-----------+\n"
                                "\n"));
    }

    void rejectedQueryExitsWithTwoAndSparksMessage()
    {
        Result r = runCli({"run", lesson("05a-complete-on-filter.scenario.json"), "--jsonl"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(QString::fromUtf8(r.err).trimmed(),
                 QStringLiteral("AnalysisException: Complete output mode not supported when there are "
                                "no streaming aggregations on streaming DataFrames/Datasets"));
    }

    // --spark-version, --conf and --output-mode win over the file (format §4.1).
    void overridesWinOverTheFile()
    {
        Result spark4 = runCli({"run", lesson("05a-complete-on-filter.scenario.json"), "--jsonl", "--spark-version", "4.2"});
        QCOMPARE(spark4.exitCode, 2);
        QVERIFY2(spark4.err.startsWith("AnalysisException: [STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid streaming "
                                       "output mode: complete."),
                 spark4.err.constData());

        // Lesson 04 in append mode writes each window once; in update mode every changed one.
        Result append = runCli({"run", lesson("04-windowed-totals-append.scenario.json"), "--jsonl"});
        Result update = runCli({"run", lesson("04-windowed-totals-append.scenario.json"), "--jsonl", "--output-mode", "update"});
        QCOMPARE(append.exitCode, 0);
        QCOMPARE(update.exitCode, 0);
        QVERIFY(append.out != update.out);
        // No-data batches off: no line says "noData": true.
        Result noNoData = runCli({"run", lesson("04-windowed-totals-append.scenario.json"), "--jsonl", "--conf",
                                  "spark.sql.streaming.noDataMicroBatches.enabled=false"});
        QCOMPARE(noNoData.exitCode, 0);
        QVERIFY(append.out.contains("\"noData\": true"));
        QVERIFY(!noNoData.out.contains("\"noData\": true"));

        Result badConf = runCli({"run", lesson("04-windowed-totals-append.scenario.json"), "--conf", "spark.sql.ansi.enabled=maybe"});
        QCOMPARE(badConf.exitCode, 1);
        QCOMPARE(QString::fromUtf8(badConf.err).trimmed(),
                 QStringLiteral("--conf spark.sql.ansi.enabled=maybe: spark.sql.ansi.enabled should be boolean, but was maybe"));
        QCOMPARE(runCli({"run", lesson("04-windowed-totals-append.scenario.json"), "--conf", "novalue"}).exitCode, 1);
        QCOMPARE(runCli({"run", lesson("04-windowed-totals-append.scenario.json"), "--spark-version", "2.4"}).exitCode, 1);
        QCOMPARE(runCli({"run", lesson("04-windowed-totals-append.scenario.json"), "--output-mode", "upsert"}).exitCode, 1);
    }

    // ANSI mode (the 4.2 profile's default, or spark.sql.ansi.enabled=true on 3.5): the batch
    // with the bad row fails with exit 3 and Spark 4.2.0's text first (copied from real runs of
    // these scenarios), StreamStep's located line after it; Spark 3.5 keeps NULL / wrap-around.
    void ansiErrorsFailTheBatch_data()
    {
        addColumns<QString, QStringList, QString>("scenario", "profile", "spark");
        const QString excerpt = QStringLiteral("\n== SQL (line 1, position 1) ==\n");
        const QString divide = QStringLiteral(
            "StreamingQueryException: [DIVIDE_BY_ZERO] Division by zero. Use `try_divide` to tolerate divisor being 0 "
            "and return NULL instead. If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this "
            "error. SQLSTATE: 22012") + excerpt + "amount / qty\n^^^^^^^^^^^^\n";
        const QString overflow = QStringLiteral(
            "StreamingQueryException: [ARITHMETIC_OVERFLOW] overflow. Use 'try_multiply' to tolerate overflow and "
            "return NULL instead. If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error. "
            "SQLSTATE: 22003") + excerpt + "qty * 2147483647\n^^^^^^^^^^^^^^^^\n";
        const QString cast = QStringLiteral(
            "StreamingQueryException: [CAST_INVALID_INPUT] The value 'A1' of the type \"STRING\" cannot be cast to "
            "\"INT\" because it is malformed. Correct the value as per the syntax, or change its target type. Use "
            "`try_cast` to tolerate malformed input and return NULL instead. SQLSTATE: 22018") + excerpt
            + "CAST(accountId AS int)\n^^^^^^^^^^^^^^^^^^^^^^\n";
        const QStringList spark42{"--spark-version", "4.2"};
        const QStringList ansi35{"--conf", "spark.sql.ansi.enabled=true"};
        QTest::newRow("divide by zero 4.2") << "ansi-divide-by-zero" << spark42 << divide;
        QTest::newRow("int overflow 4.2") << "ansi-int-overflow" << spark42 << overflow;
        QTest::newRow("invalid cast 4.2") << "ansi-invalid-cast" << spark42 << cast;
        QTest::newRow("divide by zero 3.5 ansi") << "ansi-divide-by-zero" << ansi35 << divide;
        QTest::newRow("int overflow 3.5 ansi") << "ansi-int-overflow" << ansi35 << overflow;
        QTest::newRow("invalid cast 3.5 ansi") << "ansi-invalid-cast" << ansi35 << cast;
    }

    void ansiErrorsFailTheBatch()
    {
        QFETCH(QString, scenario);
        QFETCH(QStringList, profile);
        QFETCH(QString, spark);
        const QString file = QStringLiteral(STREAMSTEP_SOURCE_DIR "/tests/data/spark/") + scenario + ".scenario.json";
        Result r = runCli(QStringList{"run", file, "--jsonl"} + profile);
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.out.isEmpty(), r.out.constData()); // the first batch fails: nothing emitted
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.startsWith(spark), qPrintable(err));
        QVERIFY2(err.mid(spark.size()).startsWith("  batch 0 (step 0) failed: withColumn expr: "), qPrintable(err));
        // Spark 3.5's default: the row is emitted (NULL, wrapped, NULL).
        Result legacy = runCli({"run", file, "--jsonl"});
        QCOMPARE(legacy.exitCode, 0);
        QCOMPARE(legacy.out.trimmed().split('\n').size(), 1);
        QCOMPARE(runCli({"run", file, "--jsonl", "--spark-version", "4.2", "--conf", "spark.sql.ansi.enabled=false"}).exitCode, 0);
    }

    // The batches before the failing one are emitted and committed; the failing one writes
    // nothing, so a restart from the checkpoint fails in the same batch again.
    void ansiFailureKeepsTheEarlierBatches()
    {
        QTemporaryDir dir;
        QFile in(QStringLiteral(STREAMSTEP_SOURCE_DIR "/tests/data/spark/ansi-divide-by-zero.scenario.json"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        nlohmann::json scenario = nlohmann::json::parse(in.readAll().toStdString());
        nlohmann::json steps = nlohmann::json::array();
        steps.push_back({{"rows", nlohmann::json::array({scenario["steps"][0]["rows"][0]})}});
        steps.push_back({{"rows", nlohmann::json::array({scenario["steps"][0]["rows"][1]})}});
        scenario["steps"] = steps;
        scenario["sparkVersion"] = "4.2";
        const QString path = dir.filePath("two-steps.scenario.json");
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QByteArray::fromStdString(scenario.dump(2)));
        out.close();
        const QString checkpoint = dir.filePath("checkpoint");
        for (int attempt = 0; attempt < 2; ++attempt) {
            Result r = runCli({"run", path, "--jsonl", "--checkpoint", checkpoint});
            QCOMPARE(r.exitCode, 3);
            const QList<QByteArray> lines = r.out.trimmed().split('\n');
            if (attempt == 0) {
                QCOMPARE(lines.size(), 1);
                const nlohmann::json batch = nlohmann::json::parse(lines[0].toStdString());
                QCOMPARE(batch["batchId"].get<int>(), 0);
                QCOMPARE(batch["emitted"].size(), size_t(1));
                QVERIFY2(lines[0].contains("\"perUnit\": 5.0000000000000}"), lines[0].constData());
            }
            // (after the note that the memory sink does not survive a restart)
            QVERIFY2(r.err.contains("StreamingQueryException: [DIVIDE_BY_ZERO] Division by zero."), r.err.constData());
            QVERIFY2(r.err.contains("\n  batch 1 (step 1) failed: withColumn expr: division by zero in `amount / qty`"),
                     r.err.constData());
        }
    }

    // A second run of lesson 01 into the same folder: Spark's file sink skips the batch ids its
    // _spark_metadata log holds, so the run succeeds and the folder's rows stay as they were.
    void aSecondRunIntoTheSameFolderSkipsCommittedBatches()
    {
        QTemporaryDir dir;
        const QString file = lesson("01-high-value-filter.scenario.json");
        Result first = runCli({"run", file, "--jsonl", "--output-dir", dir.path()});
        QCOMPARE(first.exitCode, 0);
        const QString folder = dir.filePath("high_value");
        Result before = runCli({"sink-cat", folder});
        QVERIFY(!before.out.isEmpty());
        Result second = runCli({"run", file, "--jsonl", "--output-dir", dir.path()});
        QCOMPARE(second.exitCode, 0);
        QVERIFY2(second.err.contains("As Spark's file sink does, this query skips its batches up to"), second.err.constData());
        QCOMPARE(runCli({"sink-cat", folder}).out, before.out);
        // The skipped batches' plans never run (Spark reports numInputRows 0 for them).
        for (const QByteArray &line : second.out.trimmed().split('\n')) {
            const nlohmann::json batch = nlohmann::json::parse(line.toStdString());
            QCOMPARE(batch["numInputRows"].get<int>(), 0);
            QVERIFY(batch["emitted"].empty());
        }
    }

    // run --jsonl --why (format §4.3): input rows with fate and why, result rows with status,
    // emitted and why, and a narrative; the late row names its window end and the watermark.
    void whyExplainsEveryRow()
    {
        Result r = runCli({"run", lesson("04-windowed-totals-append.scenario.json"), "--jsonl", "--why"});
        QCOMPARE(r.exitCode, 0);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        bool sawDropped = false;
        bool sawFinal = false;
        for (const QByteArray &line : lines) {
            const nlohmann::json batch = nlohmann::json::parse(line.toStdString());
            QVERIFY(batch.contains("input") && batch.contains("result") && batch["narrative"].is_string());
            QCOMPARE(batch["input"].size(), batch["numInputRows"].get<size_t>());
            for (const auto &in : batch["input"]) {
                QVERIFY(in.contains("row") && in.contains("fate") && in["why"].is_string());
                if (in["fate"] == "droppedByWatermark") {
                    sawDropped = true;
                    QCOMPARE(QString::fromStdString(in["eventTime"].get<std::string>()), QStringLiteral("2026-03-01T10:05:00.000Z"));
                    QCOMPARE(QString::fromStdString(in["watermark"].get<std::string>()), QStringLiteral("2026-03-01T10:07:30.000Z"));
                    QVERIFY(QString::fromStdString(in["why"].get<std::string>()).startsWith("dropped as late: its window [10:00, 10:05)"));
                }
            }
            for (const auto &res : batch["result"])
                if (res["status"] == "final") {
                    sawFinal = true;
                    QCOMPARE(res["emitted"].get<bool>(), true);
                }
        }
        QVERIFY(sawDropped);
        QVERIFY(sawFinal);
        // Without --why the objects keep the contract's shape only.
        Result plain = runCli({"run", lesson("04-windowed-totals-append.scenario.json"), "--jsonl"});
        QVERIFY(!plain.out.contains("\"narrative\""));
    }

    // compare (format §4.2): one object per mode and batch, a rejected mode as one error object.
    void compareRunsTheThreeModes()
    {
        Result r = runCli({"compare", lesson("05a-complete-on-filter.scenario.json"), "--jsonl"});
        QCOMPARE(r.exitCode, 0);
        std::map<std::string, int> batches;
        bool completeRejected = false;
        for (const QByteArray &line : r.out.trimmed().split('\n')) {
            const nlohmann::json o = nlohmann::json::parse(line.toStdString());
            const std::string mode = o["outputMode"].get<std::string>();
            if (o.contains("error")) {
                QCOMPARE(QString::fromStdString(mode), QStringLiteral("complete"));
                QCOMPARE(o["exitCode"].get<int>(), 2);
                QVERIFY(QString::fromStdString(o["error"].get<std::string>()).startsWith("AnalysisException: Complete output mode not supported"));
                completeRejected = true;
            } else {
                QVERIFY(o.contains("batchId") && o.contains("emitted"));
                ++batches[mode];
            }
        }
        QVERIFY(completeRejected);
        QCOMPARE(batches["append"], batches["update"]); // a stateless query: the same batches
        QVERIFY(batches["append"] > 0);
        Result table = runCli({"compare", lesson("04-windowed-totals-append.scenario.json")});
        QCOMPARE(table.exitCode, 0);
        QVERIFY(table.out.contains("append: 0 rows written") && table.out.contains("complete:"));
    }

    void invalidFileExitsWithOneAndPosition()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("broken.scenario.json");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\n  \"format\": \"streamstep-scenario\",\n  \"version\": 1,\n  \"colour\": 3\n}\n");
        file.close();
        Result r = runCli({"run", path});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.startsWith((path + ":4:3: ").toUtf8()), r.err.constData());
        QVERIFY2(r.err.contains("colour"), r.err.constData());
    }

    // Issue 13: a lesson whose filter nests 10,000 levels is an AnalysisException with the
    // position of the level that crossed the limit, not a crash; at the limit it runs.
    void deepExpressions_data()
    {
        // output: stderr for exit code 2, else a line of stdout
        addColumns<QString, int, QString>("condition", "exitCode", "output");
        const auto times = [](const QString &part, int n) { return part.repeated(n); };
        const QString tooDeep = "filter condition, column %1: expression nested deeper than 1000 levels";
        QTest::newRow("10,000 parentheses") << times("(", 10000) + "a > 0" + times(")", 10000) << 2
                                            << tooDeep.arg(1001);
        QTest::newRow("10,000 NOTs") << times("NOT ", 10000) + "x" << 2 << tooDeep.arg(4001);
        QTest::newRow("10,000 upper()") << times("upper(", 10000) + "s" + times(")", 10000) + " = 'A'" << 2
                                        << tooDeep.arg(6001);
        QString terms = "a";
        for (int i = 1; i < 10000; ++i)
            terms += " + a";
        QTest::newRow("10,000 terms") << terms + " > 0" << 2 << tooDeep.arg(3999);
        // Exactly 1000 levels.
        QTest::newRow("998 parentheses") << times("(", 998) + "a > 0" + times(")", 998) << 0 << "|  1|  a| true|";
        QTest::newRow("999 NOTs") << times("NOT ", 999) + "x" << 0 << "|  2|  b|false|";
        QTest::newRow("998 upper()") << times("upper(", 998) + "s" + times(")", 998) + " = 'A'" << 0
                                     << "|  1|  a|true|"; // only the true row: a narrow column
        QTest::newRow("999 terms") << terms.left(4 * 999 - 3) + " > 0" << 0 << "|  1|  a| true|";
    }
    void deepExpressions()
    {
        QFETCH(QString, condition);
        QFETCH(int, exitCode);
        QFETCH(QString, output);
        QTemporaryDir dir;
        const QString path = dir.filePath("deep.scenario.json");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\n  \"format\": \"streamstep-scenario\", \"version\": 1, \"outputMode\": \"append\",\n"
                   "  \"source\": {\"name\": \"t\", \"schema\": [{\"name\": \"a\", \"type\": \"int\"}, "
                   "{\"name\": \"s\", \"type\": \"string\"}, {\"name\": \"x\", \"type\": \"boolean\"}]},\n"
                   "  \"sink\": {\"format\": \"console\"},\n"
                   "  \"steps\": [{\"rows\": [[1, \"a\", true], [2, \"b\", false]]}],\n"
                   "  \"query\": [{\"op\": \"filter\", \"condition\": \"");
        file.write(condition.toUtf8());
        file.write("\"}]\n}\n");
        file.close();
        Result r = runCli({"run", path});
        QCOMPARE(r.exitCode, exitCode);
        if (exitCode == 2) {
            QVERIFY(r.out.isEmpty());
            QCOMPARE(QString::fromUtf8(r.err), "AnalysisException: " + path + ":6:43: " + output + "\n");
        } else {
            QVERIFY2(r.err.isEmpty(), r.err.constData());
            QVERIFY2(r.out.contains(output.toUtf8()), r.out.constData());
        }
    }

    void checkPassesEveryBundledLesson()
    {
        const QStringList lessons = QDir(QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios"))
                                        .entryList({"*.scenario.json"}, QDir::Files, QDir::Name);
        QStringList arguments{"check"};
        for (const QString &name : lessons)
            arguments << lesson(name.toUtf8().constData());
        Result r = runCli(arguments);
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral("%1 passed, 0 failed").arg(lessons.size()).toUtf8()));
    }

    void checkReportsAMismatchWithExitCodeFour()
    {
        QFile original(lesson("02-branch-totals-complete.scenario.json"));
        QVERIFY(original.open(QIODevice::ReadOnly));
        nlohmann::json doc = nlohmann::json::parse(original.readAll().toStdString());
        doc["expect"][0]["emitted"][0]["totalAmount"] = "320000.01";
        QTemporaryDir dir;
        const QString path = dir.filePath("wrong.scenario.json");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(doc.dump(2)));
        file.close();
        Result r = runCli({"check", path});
        QCOMPARE(r.exitCode, 4);
        QVERIFY2(r.out.contains("FAIL"), r.out.constData());
        QVERIFY2(r.out.contains("step 0: emitted rows differ: 1 missing, 1 unexpected (expected 2 rows, got 2)"), r.out.constData());
        QVERIFY2(r.out.contains(R"(- missing:    {"branchCode": "DELHI", "totalAmount": 320000.01})"), r.out.constData());
        QVERIFY2(r.out.contains(R"(+ unexpected: {"branchCode": "DELHI", "totalAmount": 320000.00})"), r.out.constData());
    }

    // run --crash BATCH:POINT: the crash demonstration's report, computed from the two runs.
    void crashShowsWhatTheCheckpointAndTheSinkDid()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("crash.scenario.json"));
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"J({"format": "streamstep-scenario", "version": 1,
                "source": {"name": "t", "schema": [{"name": "accountId", "type": "string"}, {"name": "amount", "type": "decimal(12,2)"}]},
                "query": [{"op": "filter", "condition": "amount > 100.00"}], "outputMode": "append",
                "sink": {"format": "json", "options": {"path": "out/high_value"}},
                "steps": [{"rows": [["A", "150.00"], ["B", "50.00"]]}, {"rows": [["C", "200.00"], ["D", "300.00"]]},
                          {"rows": [["E", "120.00"]]}]})J");
        }
        const Result r = runCli({"run", file, "--crash", "1:after-sink", "--output-dir", dir.path()});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString out = QString::fromUtf8(r.out);
        for (const char *line : {"Crashed at after-sink of batch 1 (step 1): after the sink wrote the batch, before the commit log.",
                                 "  offsets planned: 0 (step 0) 1 (step 1)\n  batches committed: 0\n",
                                 "  The json sink held batches up to 1 when it opened.",
                                 "  Batch 1 ran again with the same input and watermark; the sink already held it, so it "
                                 "skipped the batch and wrote nothing.",
                                 "The sink now holds 4 rows; the uninterrupted run's holds 4: the same rows (exactly once).",
                                 "would hold 6 rows, 2 of them duplicated:\n    {\"accountId\": \"C\", \"amount\": 200.00}\n"
                                 "    {\"accountId\": \"D\", \"amount\": 300.00}\n"})
            QVERIFY2(out.contains(QString::fromUtf8(line)), qPrintable(out + "\nmissing: " + line));
        // The two runs' folders stay for a look; the user's own output folder is not written.
        QVERIFY(QFile::exists(dir.filePath("crash-demo/crashed/out/high_value/_spark_metadata/1")));
        QVERIFY(!QFile::exists(dir.filePath("out")));
        const Result bad = runCli({"run", file, "--crash", "1:nowhere"});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.err.contains("--crash '1:nowhere': unknown point 'nowhere'; the points are after-offsets, mid-sink, "
                                  "after-sink, after-commit"),
                 bad.err.constData());
    }

    void helpDocumentsEveryOption()
    {
        Result r = runCli({"--help"});
        QCOMPARE(r.exitCode, 0);
        for (const char *option : {"run", "check", "--jsonl", "--output-dir", "--checkpoint", "--explain", "--spark-version",
                                   "--conf", "--output-mode", "--why", "--crash", "compare", "Exit codes"})
            QVERIFY2(r.out.contains(option), option);
        QCOMPARE(runCli({"run", "--no-such-option", "x"}).exitCode, 1);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
