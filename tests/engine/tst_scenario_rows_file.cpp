// Tests "rowsFile" (docs/scenario-format.md, "Rows from a file"): a step's rows read from an
// NDJSON or CSV file next to the scenario give the same batch as the same rows written inline,
// the path is confined to the scenario's folder (no absolute path, no "..", no symbolic link
// out), and every error in a rows file names that file with its line and column.
#include "test_columns.h"
#include "scenario/fast_rows.h"
#include "scenario/rows_fingerprint.h"
#include "streamstep/scenario.h"
#include "test_data.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

using namespace streamstep;
using streamstep::testing::errorOf;
using streamstep::testing::addColumns;

namespace {

bool writeFile(const QString &path, const std::string &text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size());
}

std::string scenarioWithStep(const std::string &step) { return streamstep::testing::kAccountsScenarioHead + step + "]}"; }

void compareRows(const ColumnBatch &a, const ColumnBatch &b)
{
    QCOMPARE(a.numRows, b.numRows);
    QCOMPARE(a.columns.size(), b.columns.size());
    for (size_t c = 0; c < a.columns.size(); ++c)
        QVERIFY2(a.columns[c].sameStorage(b.columns[c]), qPrintable(QStringLiteral("column %1 differs").arg(c)));
}

// n rows as NDJSON lines (arrays and objects mixed), the same rows as an inline "rows" array.
std::pair<std::string, std::string> generatedRows(int n)
{
    std::string ndjson;
    std::string inlineRows;
    for (int i = 0; i < n; ++i) {
        const std::string account = "\"ACC-" + std::to_string(i % 97) + (i % 13 == 0 ? " \\\"Zürich\\\"" : "") + "\"";
        const std::string amount = "\"" + std::to_string(i) + "." + std::to_string(10 + i % 90) + "\"";
        const std::string time = "\"2026-03-01 10:" + std::string(i % 60 < 10 ? "0" : "") + std::to_string(i % 60) + ":00\"";
        const std::string count = i % 7 == 0 ? "null" : std::to_string(i * 1000003LL);
        const std::string row = i % 3 == 0 ? "{\"n\": " + count + ", \"eventTime\": " + time + ", \"accountId\": " + account
                + (i % 2 ? ", \"amount\": " + amount : std::string()) + "}"
                                           : "[" + account + ", " + amount + ", " + time + ", " + count + "]";
        ndjson += row + (i % 11 == 0 ? "\r\n\n  \n" : "\n");
        inlineRows += (i ? ",\n" : "") + row;
    }
    return {ndjson, inlineRows};
}

} // namespace

class TestScenarioRowsFile : public QObject {
    Q_OBJECT

private slots:
    void ndjsonRowsEqualTheSameRowsInline()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto [ndjson, inlineRows] = generatedRows(5000);
        QVERIFY(writeFile(dir.filePath("data/step0.ndjson"), ndjson));
        QVERIFY(writeFile(dir.filePath("data/step1.jsonl"), "[\"A\", \"1.50\", \"2026-03-01 11:00:00\", 7]"));
        const std::string path = dir.filePath("big.scenario.json").toStdString();
        QVERIFY(writeFile(QString::fromStdString(path),
                          scenarioWithStep("{\"rowsFile\": \"data/step0.ndjson\", \"processingTime\": \"2026-03-01 12:00:00\"},\n"
                                           "{\"rows\": []}, {\"rowsFile\": \"./data/step1.jsonl\"}")));
        const Scenario fromFile = readScenarioFile(path);
        const Scenario inlined = parseScenarioPrecise(
            scenarioWithStep("{\"rows\": [" + inlineRows + "]}, {\"rows\": []}, {\"rows\": [[\"A\", \"1.50\", \"2026-03-01 11:00:00\", 7]]}"),
            "inline.json");
        QCOMPARE(fromFile.steps.size(), size_t(3));
        QCOMPARE(fromFile.steps[0].rows.numRows, size_t(5000));
        QVERIFY(fromFile.steps[0].processingTimeMicros.has_value());
        for (size_t s = 0; s < 3; ++s)
            compareRows(fromFile.steps[s].rows, inlined.steps[s].rows);
        // The precise reader (a file the fast one refuses) reads the same rows.
        QVERIFY(writeFile(dir.filePath("data/step0.ndjson"), ndjson + "[\"B\", \"2.00\", \"2026-03-01 11:00:00\", 1e0]\n"));
        const auto line = std::count(ndjson.begin(), ndjson.end(), '\n') + 1;
        QCOMPARE(errorOf([&] { readScenarioFile(path); }),
                 dir.filePath(QStringLiteral("data/step0.ndjson:%1:38: column 'n': 1e0 is not a long")).arg(line));
    }

    // Strings and keys are read in place when a chunk holds no backslash, and unescaped when it
    // holds one: keys spelled with escapes, keys in another case or order, and escaped values
    // give the precise reader's rows whatever chunks the lines fall into.
    void escapedAndPlainChunksGiveTheSameRows()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        std::string ndjson;
        std::string inlineRows;
        for (int i = 0; i < 400; ++i) {
            std::string row;
            switch (i % 50) {
            case 7: row = "{\"\\u0061ccountId\": \"ACC-\\u00307\", \"amount\": \"1.50\", \"eventTime\": \"2026-03-01 10:00:07\", \"n\": 7}"; break;
            case 19: row = "{\"amount\": \"2.50\", \"accountid\": \"tab\\there\", \"EVENTTIME\": \"2026-03-01 10:00:19\", \"n\": null}"; break;
            case 31: row = "{\"accountId\": \"quote \\\" and \\\\ backslash\", \"amount\": 3, \"eventTime\": \"2026-03-01 10:00:31\"}"; break;
            default:
                row = "{\"accountId\": \"ACC-" + std::to_string(i) + "\", \"amount\": \"" + std::to_string(i) + ".25\", \"eventTime\": "
                    + "\"2026-03-01 10:01:" + (i % 60 < 10 ? "0" : "") + std::to_string(i % 60) + "\", \"n\": " + std::to_string(i) + "}";
            }
            ndjson += row + "\n";
            inlineRows += (i ? ",\n" : "") + row;
        }
        const QString path = dir.filePath("rows.ndjson");
        QVERIFY(writeFile(path, ndjson));
        const Scenario inlined = parseScenarioPrecise(scenarioWithStep("{\"rows\": [" + inlineRows + "]}"), "i.json");
        QCOMPARE(inlined.steps[0].rows.numRows, size_t(400));
        QCOMPARE(inlined.steps[0].rows.columns[0].strings()[7], std::string("ACC-07"));
        for (size_t chunk : {size_t(100), size_t(700), size_t(4096), size_t(1 << 20)}) {
            std::unique_ptr<std::FILE, int (*)(std::FILE *)> file(std::fopen(path.toLocal8Bit().constData(), "rb"), &std::fclose);
            QVERIFY(file);
            // The fingerprint taken chunk by chunk is the one of all the rows at once.
            RowsFingerprinter fingerprint;
            const ColumnBatch rows = readNdjsonFileFast(file.get(), ndjson.size(), inlined.sourceSchema, 1'000'000, chunk, &fingerprint);
            compareRows(rows, inlined.steps[0].rows);
            QCOMPARE(fingerprint.value(rows), rowsFingerprint(inlined.steps[0].rows));
        }
        // readScenarioFile keeps that fingerprint as the rows file's.
        QVERIFY(writeFile(dir.filePath("s.scenario.json"), scenarioWithStep("{\"rowsFile\": \"rows.ndjson\"}")));
        const Scenario fromFile = readScenarioFile(dir.filePath("s.scenario.json").toStdString());
        QVERIFY(fromFile.steps[0].rowsFile.has_value());
        QCOMPARE(fromFile.steps[0].rowsFile->fingerprint, rowsFingerprint(inlined.steps[0].rows));
    }

    // The file is read a chunk of whole lines at a time; any chunk size gives the same rows (37
    // bytes is shorter than a line: the buffer grows).
    void ndjsonChunksGiveTheSameRows()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto [ndjson, inlineRows] = generatedRows(3000);
        const QString path = dir.filePath("rows.ndjson");
        QVERIFY(writeFile(path, ndjson));
        const Scenario inlined = parseScenarioPrecise(scenarioWithStep("{\"rows\": [" + inlineRows + "]}"), "i.json");
        for (size_t chunk : {size_t(37), size_t(1000), size_t(65536), size_t(8 << 20)}) {
            std::unique_ptr<std::FILE, int (*)(std::FILE *)> file(std::fopen(path.toLocal8Bit().constData(), "rb"), &std::fclose);
            QVERIFY(file);
            const ColumnBatch rows = readNdjsonFileFast(file.get(), ndjson.size(), inlined.sourceSchema, 1'000'000, chunk);
            compareRows(rows, inlined.steps[0].rows);
        }
        // The row limit counts across chunks.
        std::unique_ptr<std::FILE, int (*)(std::FILE *)> file(std::fopen(path.toLocal8Bit().constData(), "rb"), &std::fclose);
        QVERIFY_THROWS_EXCEPTION(FastPathRefused, readNdjsonFileFast(file.get(), ndjson.size(), inlined.sourceSchema, 2999, 1000));
    }

    void fastNdjsonReaderRefusesAnythingButOneRowALine_data()
    {
        // rows: -1: refused
        addColumns<QString, int>("text", "rows");
        QTest::newRow("rows") << QStringLiteral("[\"a\", \"1\", null, 1]\n{\"n\": 2}\n") << 2;
        QTest::newRow("blank lines and CRLF") << QStringLiteral("\n[\"a\", \"1\", null, 1]\r\n\r\n \t\n{\"n\": 2}") << 2;
        QTest::newRow("empty file") << QString() << 0;
        QTest::newRow("two rows on a line") << QStringLiteral("[\"a\", \"1\", null, 1] {\"n\": 2}\n") << -1;
        QTest::newRow("two rows with a comma") << QStringLiteral("[\"a\", \"1\", null, 1], {\"n\": 2}\n{\"n\": 3}\n") << -1;
        QTest::newRow("a row over two lines") << QStringLiteral("[\"a\", \"1\",\nnull, 1]\n") << -1;
        QTest::newRow("rows split across lines") << QStringLiteral("[[\"a\", \"1\", null, 1], [\n{\"n\": 2}]]\n") << -1;
        QTest::newRow("trailing comma") << QStringLiteral("{\"n\": 2},\n") << -1;
    }
    void fastNdjsonReaderRefusesAnythingButOneRowALine()
    {
        QFETCH(QString, text);
        QFETCH(int, rows);
        const Scenario scenario = parseScenarioPrecise(scenarioWithStep("{\"rows\": []}"), "s.json");
        const std::string utf8 = text.toStdString();
        std::string buffer(utf8.size() + 2 + FastRowReader::kPadding, ' ');
        std::copy(utf8.begin(), utf8.end(), buffer.begin() + 1);
        try {
            const ColumnBatch batch = readNdjsonRowsFast(buffer, utf8.size(), scenario.sourceSchema, 100);
            QCOMPARE(static_cast<int>(batch.numRows), rows);
        } catch (const FastPathRefused &) {
            QCOMPARE(-1, rows);
        }
    }

    void csvRowsEqualTheSameRowsInline()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(writeFile(dir.filePath("step0.csv"),
                          "\xEF\xBB\xBFn,eventTime,AccountId,amount\r\n"
                          "1,2026-03-01 10:00:00,\"Zürich, \"\"Ost\"\"\",12.50\r\n"
                          "NULL,2026-03-01T10:01:00Z,\"two\nlines\",\r\n"
                          "\n"
                          " 3 ,2026-03-01 10:02:00.5,,-0.01\n"));
        const std::string path = dir.filePath("c.scenario.json").toStdString();
        QVERIFY(writeFile(QString::fromStdString(path), scenarioWithStep(R"({"rowsFile": "step0.csv"})")));
        const Scenario fromFile = readScenarioFile(path);
        const Scenario inlined = parseScenarioPrecise(scenarioWithStep("{\"rows\": [[\"Zürich, \\\"Ost\\\"\", \"12.50\", \"2026-03-01 10:00:00\", 1],\n"
                             "[\"two\\nlines\", null, \"2026-03-01T10:01:00Z\", null],\n"
                             "[\"\", \"-0.01\", \"2026-03-01 10:02:00.5\", 3]]}"), "inline.json");
        compareRows(fromFile.steps[0].rows, inlined.steps[0].rows);
    }

    void pathsAreConfinedToTheScenarioFolder_data()
    {
        // message: after "DIR/s.scenario.json:6:24: "
        addColumns<QString, QString>("rowsFile", "message");
        QTest::newRow("absolute") << QStringLiteral("/etc/passwd.csv")
                                  << QStringLiteral("'rowsFile' \"/etc/passwd.csv\" must be a path relative to the scenario's folder");
        QTest::newRow("parent") << QStringLiteral("data/../../x.ndjson")
                                << QStringLiteral("'rowsFile' \"data/../../x.ndjson\" must stay inside the scenario's folder (no '..')");
        QTest::newRow("extension") << QStringLiteral("rows.json")
                                   << QStringLiteral("'rowsFile' \"rows.json\" must name a .ndjson, .jsonl or .csv file");
        QTest::newRow("missing") << QStringLiteral("nowhere.ndjson")
                                 << QStringLiteral("'rowsFile' \"nowhere.ndjson\": cannot open DIR/nowhere.ndjson: No such file or directory");
        QTest::newRow("link out") << QStringLiteral("out.ndjson")
                                  << QStringLiteral("'rowsFile' \"out.ndjson\" leads outside the scenario's folder (DIR/out.ndjson is a link to OUTSIDE)");
        QTest::newRow("folder") << QStringLiteral("sub.csv")
                                << QStringLiteral("'rowsFile' \"sub.csv\": DIR/sub.csv is not a file");
        QTest::newRow("empty") << QString() << QStringLiteral("'rowsFile' must not be empty");
    }
    void pathsAreConfinedToTheScenarioFolder()
    {
        QFETCH(QString, rowsFile);
        QFETCH(QString, message);
        QTemporaryDir outside;
        QTemporaryDir dir;
        QVERIFY(dir.isValid() && outside.isValid());
        const QString target = outside.filePath("secret.ndjson");
        QVERIFY(writeFile(target, "[\"a\", \"1\", null, 1]\n"));
        std::filesystem::create_symlink(target.toStdString(), dir.filePath("out.ndjson").toStdString());
        QVERIFY(QDir(dir.path()).mkdir("sub.csv"));
        const QString path = dir.filePath("s.scenario.json");
        QVERIFY(writeFile(path, scenarioWithStep("\n  {\"rowsFile\": \"" + rowsFile.toStdString() + "\"}")));
        const QString expected = path + QStringLiteral(":6:16: ")
            + QString(message).replace(QStringLiteral("DIR"), dir.path())
                  .replace(QStringLiteral("OUTSIDE"), QString::fromStdString(std::filesystem::canonical(target.toStdString()).string()));
        QCOMPARE(errorOf([&] { readScenarioFile(path.toStdString()); }), expected);
    }

    void errorsNameTheRowsFileLineAndColumn_data()
    {
        // message: after "DIR/"
        addColumns<QString, QString, QString>("file", "text", "message");
        const QString ok = QStringLiteral("[\"a\", \"1.00\", \"2026-03-01 10:00:00\", 1]\n");
        QTest::newRow("ndjson value") << QStringLiteral("r.ndjson") << ok + ok + QStringLiteral("\n[\"a\", \"1.001\", null, 1]\n")
                                      << QStringLiteral("r.ndjson:4:7: column 'amount': value 1.001 does not fit decimal(12,2)");
        QTest::newRow("ndjson syntax") << QStringLiteral("r.ndjson") << ok + QStringLiteral("  {\"n\": 1,}\n")
                                       << QStringLiteral("r.ndjson:2:11: invalid JSON: unexpected '}', expected string literal");
        QTest::newRow("ndjson two rows") << QStringLiteral("r.ndjson") << ok + QStringLiteral("{\"n\": 1} {\"n\": 2}\n")
                                         << QStringLiteral("r.ndjson:2:10: invalid JSON: unexpected '{', expected end of input");
        QTest::newRow("ndjson unknown column") << QStringLiteral("r.jsonl") << QStringLiteral("{\"n\": 1, \"x\": 2}")
                                               << QStringLiteral("r.jsonl:1:10: unknown column 'x' in row (schema: accountId, amount, eventTime, n)");
        QTest::newRow("csv value") << QStringLiteral("r.csv") << QStringLiteral("n,amount\n1,2.00\n2,\"x\"\n")
                                   << QStringLiteral("r.csv:3:3: column 'amount': \"x\" is not a plain decimal number");
        QTest::newRow("csv header") << QStringLiteral("r.csv") << QStringLiteral("n,amount,zz\n")
                                    << QStringLiteral("r.csv:1:10: unknown column 'zz' in the CSV header (schema: accountId, amount, eventTime, n)");
        QTest::newRow("csv cells") << QStringLiteral("r.csv") << QStringLiteral("n,amount\n1,2.00\n3\n")
                                   << QStringLiteral("r.csv:3:1: row has 1 cells but the header names 2 columns");
        QTest::newRow("csv quote") << QStringLiteral("r.csv") << QStringLiteral("n,accountId\n1,\"open\n")
                                   << QStringLiteral("r.csv:2:3: a quoted CSV cell is not closed");
    }
    void errorsNameTheRowsFileLineAndColumn()
    {
        QFETCH(QString, file);
        QFETCH(QString, text);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(writeFile(dir.filePath(file), text.toStdString()));
        const QString path = dir.filePath("s.scenario.json");
        QVERIFY(writeFile(path, scenarioWithStep("{\"rowsFile\": \"" + file.toStdString() + "\"}")));
        QCOMPARE(errorOf([&] { readScenarioFile(path.toStdString()); }), dir.path() + QLatin1Char('/') + message);
    }

    void rowsAndRowsFileTogetherAreRefused()
    {
        const QString error = errorOf([] { parseScenario(scenarioWithStep(R"({"rows": [], "rowsFile": "a.csv"})"), "s.json"); });
        QCOMPARE(error, QStringLiteral("s.json:5:25: a step takes its rows from 'rows' or from 'rowsFile', not both"));
    }
};

QTEST_APPLESS_MAIN(TestScenarioRowsFile)
#include "tst_scenario_rows_file.moc"
