// Tests a step's "generate" (docs/scenario-format.md, "Generated rows"): the rows the engine
// computes from a running id, each column's expression over `id` cast to the column's type, with
// the lesson's Spark version (ANSI under 4.2); the reader's located errors (bad expression,
// missing or unknown column, too many rows, a start whose range leaves a long, rows and generate
// together); writing and saving keep "generate" while the rows are unedited and write edited
// rows as rows; the Java/Scala/PySpark replays let Spark compute the same rows with spark.range.
#include "test_columns.h"
#include "streamstep/scenario.h"
#include "streamstep/spark_export.h"
#include "streamstep/value_format.h"
#include "test_data.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <limits>

using namespace streamstep;
using streamstep::testing::errorKindOf;
using streamstep::testing::errorOf;
using streamstep::testing::addColumns;

namespace {

// The steps start on line 5 at column 11 (a new line, as the head ends, lets positions be read
// from column 1); the steps of generateStep span two lines.
std::string scenarioWith(const std::string &steps, const std::string &extra = {})
{
    return streamstep::testing::kAccountsScenarioHead + "\n" + steps + "]" + extra + "}";
}

// A generate step of `rows` rows from `start` whose column `n` is `n`.
std::string generateStep(int64_t rows, int64_t start, const std::string &n = "id * 2")
{
    return R"({"generate": {"rows": )" + std::to_string(rows) + R"(, "start": )" + std::to_string(start)
        + R"json(, "columns": {"accountId": "concat('ACC-', id)", "AMOUNT": "id * 7919 % 2500 + 1",
   "eventTime": "timestamp_seconds(1772359200 + id % 300)", "n": ")json" + n + R"("}}})";
}

QString rowText(const ColumnBatch &rows, size_t r)
{
    QStringList cells;
    for (size_t c = 0; c < rows.columns.size(); ++c)
        cells << QString::fromStdString(toDisplayString(rows.get(r, c)));
    return cells.join(QStringLiteral(" | "));
}

} // namespace

class TestScenarioGenerate : public QObject {
    Q_OBJECT

private slots:
    void aLoweredLimitRefusesBiggerSteps()
    {
        // The fuzz harnesses lower the rows a generate step may compute (setMaxGeneratedStepRows);
        // a bigger step is then the reader's located error, and the limit never rises above the
        // rows-file limit.
        QCOMPARE(maxGeneratedStepRows(), kMaxRowsFileRows);
        setMaxGeneratedStepRows(10);
        QCOMPARE(parseScenario(scenarioWith(generateStep(10, 0)), "g.json").steps[0].rows.numRows, size_t(10));
        try {
            (void)parseScenario(scenarioWith(generateStep(11, 0)), "g.json");
            QFAIL("an 11-row generate step read under a limit of 10");
        } catch (const Error &e) {
            QCOMPARE(QString::fromStdString(e.message()),
                     QStringLiteral("g.json:6:23: more than 10 rows in one generated step; a step may generate at most that many"));
        }
        setMaxGeneratedStepRows(kMaxRowsFileRows + 1);
        QCOMPARE(maxGeneratedStepRows(), kMaxRowsFileRows);
        setMaxGeneratedStepRows(kMaxRowsFileRows);
    }

    void rowsAreComputedFromTheRunningId()
    {
        const Scenario scenario = parseScenario(scenarioWith(generateStep(5, 299) + R"(, {"rows": []})"), "g.json");
        QCOMPARE(scenario.steps.size(), size_t(2));
        const ColumnBatch &rows = scenario.steps[0].rows;
        QCOMPARE(rows.numRows, size_t(5));
        QCOMPARE(rows.schema.fields.size(), size_t(4));
        // id 299: 299 * 7919 = 2367781, % 2500 = 281, + 1; 1772359200 + 299 is 10:04:59.
        QCOMPARE(rowText(rows, 0), QStringLiteral("ACC-299 | 282.00 | 2026-03-01 10:04:59 | 598"));
        // id 300: 2375700 % 2500 = 700; 300 % 300 = 0 is 10:00:00 again.
        QCOMPARE(rowText(rows, 1), QStringLiteral("ACC-300 | 701.00 | 2026-03-01 10:00:00 | 600"));
        // id 303: 2399457 % 2500 = 1957.
        QCOMPARE(rowText(rows, 4), QStringLiteral("ACC-303 | 1958.00 | 2026-03-01 10:00:03 | 606"));
        QCOMPARE(rows.columns[1].type(), DataType::decimal(12, 2)); // cast to the column's type
        QVERIFY(scenario.steps[0].generate.has_value());
        QVERIFY(stillGenerated(scenario.steps[0]));
        QCOMPARE(scenario.steps[0].generate->start, int64_t(299));
        QCOMPARE(scenario.steps[0].generate->columns[1].text, std::string("id * 7919 % 2500 + 1"));
        QVERIFY(!scenario.steps[1].generate.has_value());

        // The same rows written out inline are the same batch.
        const Scenario written = parseScenario(scenarioWith(R"({"rows": [
            ["ACC-299", "282.00", "2026-03-01 10:04:59", 598], ["ACC-300", "701.00", "2026-03-01 10:00:00", 600],
            ["ACC-301", "1120.00", "2026-03-01 10:00:01", 602], ["ACC-302", "1539.00", "2026-03-01 10:00:02", 604],
            ["ACC-303", "1958.00", "2026-03-01 10:00:03", 606]]})"), "w.json");
        QCOMPARE(rowsFingerprint(written.steps[0].rows), rowsFingerprint(rows));
    }

    void noRowsAndAConstantColumn()
    {
        const Scenario scenario = parseScenario(
            scenarioWith(generateStep(0, 0) + ", " + generateStep(3, -1, "NULL") + ", " + generateStep(2, 7, "42")), "g.json");
        QCOMPARE(scenario.steps[0].rows.numRows, size_t(0));
        QCOMPARE(scenario.steps[1].rows.numRows, size_t(3));
        // id -1: Spark's % keeps the dividend's sign, -7919 % 2500 = -419; -1 % 300 = -1.
        QCOMPARE(rowText(scenario.steps[1].rows, 0), QStringLiteral("ACC--1 | -418.00 | 2026-03-01 09:59:59 | NULL"));
        QCOMPARE(rowText(scenario.steps[2].rows, 1), QStringLiteral("ACC-8 | 853.00 | 2026-03-01 10:00:08 | 42"));
    }

    // The lesson's Spark version applies as for the query: Spark 4's ANSI cast fails on a string
    // that is no number, Spark 3.5's gives NULL.
    void theSparkVersionDecidesTheCast()
    {
        const std::string step = generateStep(2, 0, "concat('x', id)");
        const Scenario legacy = parseScenario(scenarioWith(step), "g.json");
        QVERIFY(legacy.steps[0].rows.columns[3].isNull(0));
        QVERIFY(legacy.steps[0].rows.columns[3].isNull(1));
        const QString ansi = errorOf([&] { parseScenario(scenarioWith(step, R"(, "sparkVersion": "4.2")"), "g.json"); });
        QVERIFY2(ansi.startsWith(QStringLiteral("g.json:7:66: generate column 'n': ")), qPrintable(ansi));
        QVERIFY2(ansi.contains(QStringLiteral("concat('x', id)")), qPrintable(ansi));
        QCOMPARE(errorKindOf([&] { parseScenario(scenarioWith(step, R"(, "sparkVersion": "4.2")"), "g.json"); }),
                 int(ErrorKind::Scenario));
        // An override of the version computes the unedited generated rows again.
        Scenario overridden = parseScenario(scenarioWith(generateStep(2, 0, "CAST(id AS string)")), "g.json");
        ScenarioOverrides overrides;
        overrides.sparkVersion = SparkVersion::Spark42;
        QCOMPARE(errorOf([&] { applyOverrides(overridden, overrides); }), QString());
        QCOMPARE(rowText(overridden.steps[0].rows, 1), QStringLiteral("ACC-1 | 420.00 | 2026-03-01 10:00:01 | 1"));
    }

    void errorsAreLocated_data()
    {
        addColumns<QString, QString>("steps", "message");
        // Line 7 holds "eventTime" and "n"; the "n" expression's string opens at column 66.
        QTest::newRow("syntax") << QString::fromStdString(generateStep(3, 0, "id +* 2"))
                                << QStringLiteral("g.json:7:66: generate column 'n', column 5: syntax error at or near '*'");
        QTest::newRow("unknown name") << QString::fromStdString(generateStep(3, 0, "idx + 1"))
                                      << QStringLiteral("g.json:7:66: generate column 'n', column 1: ");
        QTest::newRow("cannot cast") << QString::fromStdString(generateStep(3, 0, "timestamp_seconds(id) > 0"))
                                     << QStringLiteral("g.json:7:66: generate column 'n'");
        QTest::newRow("not deterministic") << QString::fromStdString(generateStep(3, 0, "CAST(current_timestamp() AS long)"))
                                           << QStringLiteral("g.json:7:66: generate column 'n': the expression is not deterministic");
        QTest::newRow("missing column")
            << QStringLiteral(R"({"generate": {"rows": 1, "columns": {"accountId": "'a'", "amount": "1", "n": "id"}}})")
            << QStringLiteral("g.json:6:37: no expression for column \"eventTime\" in 'columns' of 'generate'; every "
                              "column of the source needs one");
        QTest::newRow("unknown column")
            << QStringLiteral(R"({"generate": {"rows": 1, "columns": {"accountId": "'a'", "amout": "1", "eventTime": "NULL", "n": "id"}}})")
            << QStringLiteral("g.json:6:58: unknown column \"amout\" in 'columns' of 'generate'; the source's columns "
                              "are accountId, amount, eventTime, n");
        QTest::newRow("column twice")
            << QStringLiteral(R"({"generate": {"rows": 1, "columns": {"n": "1", "N": "2"}}})")
            << QStringLiteral("g.json:6:48: column \"N\" appears twice in 'columns' of 'generate'");
        QTest::newRow("too many rows") << QString::fromStdString(generateStep(int64_t(kMaxRowsFileRows) + 1, 0))
                                       << QStringLiteral("g.json:6:23: more than 10,000,000 rows in one generated step; a "
                                                         "step may generate at most that many");
        QTest::newRow("too many values")
            << QString::fromStdString(generateStep(9'000'000, 0) + ", " + generateStep(2'000'000, 0))
            << QStringLiteral("g.json:7:101: more than 40,000,000 values in the rows of all steps (rows times 4 columns); "
                              "a scenario may have at most that many");
        QTest::newRow("negative rows") << QString::fromStdString(generateStep(-1, 0))
                                       << QStringLiteral("g.json:6:23: 'rows' of 'generate' must be a whole number from 0 to 10,000,000");
        QTest::newRow("range leaves long")
            << QString::fromStdString(generateStep(2, std::numeric_limits<int64_t>::max() - 1))
            << QStringLiteral("g.json:6:35: 'start' of 'generate' is too large: the end of the range, start + rows, must "
                              "fit a long (Spark's spark.range(start, start + rows))");
        QTest::newRow("rows and generate")
            << QStringLiteral(R"({"rows": [], "generate": {"rows": 1, "columns": {}}})")
            << QStringLiteral("g.json:6:14: a step takes its rows from exactly one of 'rows', 'rowsFile' and 'generate'");
        QTest::newRow("unknown key") << QStringLiteral(R"({"generate": {"rows": 1, "seed": 3, "columns": {}}})")
                                     << QStringLiteral("g.json:6:26: unknown key 'seed' in 'generate'");
    }
    void errorsAreLocated()
    {
        QFETCH(QString, steps);
        QFETCH(QString, message);
        const auto read = [&] { parseScenario(scenarioWith(steps.toStdString()), "g.json"); };
        const QString error = errorOf(read);
        QVERIFY2(error.startsWith(message), qPrintable(error));
        // An expression the engine refuses makes the file unreadable, as a bad key does: exit code
        // 1, not the query's 2 (found by fuzz_scenario_reader: a syntax error came out as 2).
        QCOMPARE(errorKindOf(read), int(ErrorKind::Scenario));
    }

    void writingKeepsGenerateWhileTheRowsAreUnedited()
    {
        Scenario scenario = parseScenario(scenarioWith(generateStep(20000, 5) + R"(, {"rows": [["a", "1.00", null, 1]]})"), "g.json");
        const std::string text = writeScenario(scenario);
        QVERIFY(text.find("\"generate\"") != std::string::npos);
        QVERIFY(text.find("\"ACC-5\"") == std::string::npos); // no generated row is written out
        const Scenario again = parseScenario(text, "again.json");
        QVERIFY(stillGenerated(again.steps[0]));
        QCOMPARE(again.steps[0].generate->start, int64_t(5));
        QCOMPARE(again.steps[0].generate->rows, int64_t(20000));
        QCOMPARE(rowsFingerprint(again.steps[0].rows), rowsFingerprint(scenario.steps[0].rows));
        QCOMPARE(writeScenario(again), text);

        // An edited step is written as its rows.
        scenario.steps[0].rows.columns[3].ints()[0] = -7;
        QVERIFY(!stillGenerated(scenario.steps[0]));
        const Scenario edited = parseScenario(writeScenario(scenario), "edited.json");
        QVERIFY(!edited.steps[0].generate.has_value());
        QCOMPARE(edited.steps[0].rows.numRows, size_t(20000));
        QCOMPARE(rowText(edited.steps[0].rows, 0), QStringLiteral("ACC-5 | 2096.00 | 2026-03-01 10:00:05 | -7"));
        QCOMPARE(rowsFingerprint(edited.steps[0].rows), rowsFingerprint(scenario.steps[0].rows));
    }

    void savingKeepsGenerateAndWritesEditedRowsToAFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("big.scenario.json")).toStdString();
        Scenario scenario = parseScenario(scenarioWith(generateStep(250000, 0) + ", " + generateStep(250000, 250000)), "g.json");
        saveScenarioFile(scenario, path);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("big.scenario.json")});
        QFile saved(QString::fromStdString(path));
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QVERIFY(saved.size() < 4000); // two specs, no rows
        const Scenario reopened = readScenarioFile(path);
        QVERIFY(stillGenerated(reopened.steps[0]) && stillGenerated(reopened.steps[1]));
        QCOMPARE(rowsFingerprint(reopened.steps[1].rows), rowsFingerprint(scenario.steps[1].rows));

        // Step 1 edited: a rows file of its 250,000 rows; step 0 stays generated.
        scenario.steps[1].rows.columns[0].strings()[3] = "edited";
        saveScenarioFile(scenario, path);
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("big.step1.ndjson"))));
        const Scenario afterEdit = readScenarioFile(path);
        QVERIFY(stillGenerated(afterEdit.steps[0]));
        QVERIFY(!afterEdit.steps[1].generate.has_value());
        QVERIFY(afterEdit.steps[1].rowsFile.has_value());
        QCOMPARE(afterEdit.steps[1].rows.get(3, 0).asString(), std::string("edited"));
        QCOMPARE(rowsFingerprint(afterEdit.steps[1].rows), rowsFingerprint(scenario.steps[1].rows));
    }

    // Spark computes a generated step's rows itself: the replays hold the spec, not the rows.
    void theReplayLetsSparkComputeTheRows_data()
    {
        addColumns<int, QString>("language", "call");
        QTest::newRow("java") << int(SparkLanguage::Java) << QStringLiteral("rows.addAll(generatedRows(250000L, 500000L,");
        QTest::newRow("scala") << int(SparkLanguage::Scala) << QStringLiteral("rows ++= generatedRows(250000L, 500000L,");
        QTest::newRow("pyspark") << int(SparkLanguage::PySpark) << QStringLiteral("{\"range\": (250000, 500000), \"columns\": [");
    }
    void theReplayLetsSparkComputeTheRows()
    {
        QFETCH(int, language);
        QFETCH(QString, call);
        Scenario scenario = parseScenario(scenarioWith(generateStep(250000, 250000) + ", " + generateStep(3, 0)), "g.json");
        SparkExportOptions options;
        options.language = static_cast<SparkLanguage>(language);
        options.replay = true;
        options.programName = "Generated";
        const QString program = QString::fromStdString(exportSparkProgram(scenario, options));
        QVERIFY2(program.contains(call), qPrintable(program.left(6000)));
        QVERIFY(program.contains(QStringLiteral("CAST((concat('ACC-', id)) AS string) AS `accountId`")));
        QVERIFY(program.contains(QStringLiteral("CAST((id * 7919 % 2500 + 1) AS decimal(12,2)) AS `amount`")));
        QVERIFY(program.contains(QStringLiteral("CAST((id * 2) AS bigint) AS `n`")));
        QVERIFY(program.contains(QStringLiteral(".range(")));
        QVERIFY(!program.contains(QStringLiteral("ACC-250000")));
        // Edited, the rows travel as rows again.
        scenario.steps[1].rows.columns[3].ints()[0] = 99;
        const QString edited = QString::fromStdString(exportSparkProgram(scenario, options));
        QVERIFY(edited.contains(QStringLiteral("ACC-2")));
        QVERIFY(!edited.contains(QStringLiteral("generatedRows(0L, 3L")));
    }
};

QTEST_APPLESS_MAIN(TestScenarioGenerate)
#include "tst_scenario_generate.moc"
