// Tests the scenario reader's fast path (engine/scenario/fast_rows.h): on every bundled lesson and
// on generated rows of every type it gives exactly the precise parser's scenario, and whenever it
// refuses a file the error is still the precise parser's, with the right FILE:LINE:COL.
#include "test_columns.h"
#include "scenario/fast_rows.h"
#include "streamstep/scenario.h"
#include "test_data.h"
#include "streamstep/value_format.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <random>

using namespace streamstep;
using streamstep::testing::errorOf;
using streamstep::testing::addColumns;

Q_DECLARE_METATYPE(std::string)

namespace {

std::string readText(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll().toStdString();
}

// Fails unless both scenarios hold the same steps: the same rows bit for bit (doubles too), and
// the same everything else as the writer writes it back.
void compareScenarios(const Scenario &fast, const Scenario &precise)
{
    QCOMPARE(fast.steps.size(), precise.steps.size());
    for (size_t s = 0; s < fast.steps.size(); ++s) {
        const ColumnBatch &a = fast.steps[s].rows;
        const ColumnBatch &b = precise.steps[s].rows;
        QCOMPARE(a.numRows, b.numRows);
        QCOMPARE(a.columns.size(), b.columns.size());
        for (size_t c = 0; c < a.columns.size(); ++c) {
            QVERIFY2(a.columns[c].sameStorage(b.columns[c]),
                     qPrintable(QStringLiteral("step %1 column %2 differs").arg(s).arg(c)));
            QCOMPARE(a.columns[c].size(), a.numRows);
        }
        QCOMPARE(fast.steps[s].position.line, precise.steps[s].position.line);
        QCOMPARE(fast.steps[s].position.column, precise.steps[s].position.column);
    }
    QCOMPARE(writeScenario(fast), writeScenario(precise));
    for (size_t i = 0; i < fast.query.size(); ++i) {
        QCOMPARE(fast.query[i].position.line, precise.query[i].position.line);
        QCOMPARE(fast.query[i].position.column, precise.query[i].position.column);
    }
}

const std::string kHead = R"json({"format": "streamstep-scenario", "version": 1,
 "source": {"name": "s", "schema": [{"name": "b", "type": "boolean"}, {"name": "i", "type": "int"},
  {"name": "l", "type": "long"}, {"name": "d", "type": "double"}, {"name": "m", "type": "decimal(12,2)"},
  {"name": "s", "type": "string"}, {"name": "t", "type": "timestamp"}]},
 "query": [], "outputMode": "append", "sink": {"format": "console"},
 "steps": [{"rows": [
)json";

} // namespace

class TestScenarioFastReader : public QObject {
    Q_OBJECT

private slots:
    void bundledLessonsAreReadAlikeByBothPaths_data()
    {
        QTest::addColumn<QString>("path");
        const QStringList files = streamstep::testing::bundledLessonPaths();
        QVERIFY(files.size() >= 20);
        for (const QString &path : files)
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    }
    void bundledLessonsAreReadAlikeByBothPaths()
    {
        QFETCH(QString, path);
        const std::string text = readText(path);
        QVERIFY(!text.empty());
        std::optional<Scenario> fast = parseScenarioFast(text, path.toStdString());
        QVERIFY2(fast.has_value(), "the fast path refused a bundled lesson");
        Scenario precise = parseScenarioPrecise(text, path.toStdString());
        // Either path reads a generated step's spec (lesson 27c); the rows are computed after it.
        computeGeneratedRows(*fast);
        computeGeneratedRows(precise);
        size_t rows = 0;
        for (const Step &step : fast->steps)
            rows += step.rows.numRows;
        QVERIFY(rows > 0);
        compareScenarios(*fast, precise);
        // readScenarioFile takes the fast path too and gives the same scenario.
        compareScenarios(readScenarioFile(path.toStdString()), precise);
    }

    // 20,000 random rows of every type, as arrays and as objects (some columns left out), with
    // NULLs, escapes, non-ASCII text, NaN and infinities, fractions of a second.
    void generatedRowsOfEveryTypeAreReadAlike()
    {
        std::mt19937_64 random(17);
        std::string text = kHead;
        for (int r = 0; r < 20000; ++r) {
            auto pick = [&](int n) { return static_cast<int>(random() % static_cast<uint64_t>(n)); };
            std::vector<std::string> cells;
            cells.push_back(pick(5) == 0 ? "null" : (pick(2) ? "true" : "false"));
            cells.push_back(pick(7) == 0 ? "null" : std::to_string(static_cast<int32_t>(random())));
            cells.push_back(std::to_string(static_cast<int64_t>(random())));
            const double d = std::ldexp(static_cast<double>(random() % 1000000) - 500000, pick(40) - 20);
            const char *special[] = {"\"NaN\"", "\"Infinity\"", "\"-Infinity\"", "-0.0", "1e-320", "2.5E+3"};
            cells.push_back(pick(10) == 0 ? special[pick(6)] : formatDouble(d));
            const int64_t cents = static_cast<int64_t>(random() % 100000000) - 50000000;
            const std::string money = formatDecimal(cents, 2);
            cells.push_back(pick(3) == 0 ? money : pick(2) ? "\"" + money + "\"" : std::to_string(cents / 100));
            const char *strings[] = {"\"ACC-0001\"", "\"Zürich \\\"Ost\\\"\"", "\"\\u00e9t\\u00e9\\n\"", "\"\"",
                                     "\"a\\\\b\\/c\"", "\"日本\""};
            cells.push_back(strings[pick(6)]);
            const int64_t micros = 1'772'359'200'000'000LL + static_cast<int64_t>(random() % 86'400'000'000LL);
            cells.push_back(pick(9) == 0 ? "null" : "\"" + (pick(2) ? formatTimestamp(micros) : formatTimestampIso(micros)) + "\"");
            text += r ? ",\n" : "";
            if (pick(3) == 0) {
                const char *names[] = {"b", "i", "l", "D", "m", "s", "T"};
                text += "{";
                bool first = true;
                for (int c = 6; c >= 0; --c)
                    if (pick(4) != 0) {
                        text += std::string(first ? "" : ", ") + "\"" + names[c] + "\": " + cells[static_cast<size_t>(c)];
                        first = false;
                    }
                text += "}";
            } else {
                text += "[";
                for (size_t c = 0; c < cells.size(); ++c)
                    text += (c ? ", " : "") + cells[c];
                text += "]";
            }
        }
        text += "]}, {\"rows\": [], \"processingTime\": \"2026-03-01 11:00:00\"}, {\"rows\": [[true, 1, 2, 3.5, 4, \"x\", null]]}]}";
        const std::optional<Scenario> fast = parseScenarioFast(text, "g.json");
        QVERIFY(fast.has_value());
        QCOMPARE(fast->steps.size(), size_t(3));
        QCOMPARE(fast->steps[0].rows.numRows, size_t(20000));
        QCOMPARE(fast->steps[1].rows.numRows, size_t(0));
        QCOMPARE(fast->steps[2].rows.numRows, size_t(1));
        QVERIFY(fast->steps[1].processingTimeMicros.has_value());
        compareScenarios(*fast, parseScenarioPrecise(text, "g.json"));
    }

    // Each bad row makes the fast path refuse; the error is the precise parser's, FILE:LINE:COL.
    void refusedRowsGiveThePreciseError_data()
    {
        addColumns<std::string, QString>("row", "message");
        QTest::newRow("syntax") << std::string(R"([true, 1, 2, 3, 4, "x", null,])")
                                << QStringLiteral("f.json:8:30: invalid JSON: unexpected ']', expected '[', '{', or a literal");
        QTest::newRow("leading zero") << std::string(R"([true, 01, 2, 3, 4, "x", null])")
                                      << QStringLiteral("f.json:8:9: invalid JSON: unexpected number literal, expected ']'");
        QTest::newRow("string for an int") << std::string(R"([true, "1", 2, 3, 4, "x", null])")
                                           << QStringLiteral("f.json:8:8: column 'i': \"1\" is not an int");
        QTest::newRow("fraction for a long") << std::string(R"([true, 1, 2.5, 3, 4, "x", null])")
                                             << QStringLiteral("f.json:8:11: column 'l': 2.5 is not a long");
        QTest::newRow("int too large") << std::string(R"([true, 3000000000, 2, 3, 4, "x", null])")
                                       << QStringLiteral("f.json:8:8: column 'i': value 3000000000 does not fit int");
        QTest::newRow("double overflow") << std::string(R"([true, 1, 2, 1e999, 4, "x", null])")
                                         << QStringLiteral("f.json:8:14: number 1e999 is too large for a double");
        QTest::newRow("finite double as string") << std::string(R"([true, 1, 2, "3", 4, "x", null])")
                                                 << QStringLiteral("f.json:8:14: column 'd': \"3\" is not a double");
        QTest::newRow("bad timestamp") << std::string(R"([true, 1, 2, 3, 4, "x", "10:00"])")
                                       << QStringLiteral("f.json:8:25: column 't': \"10:00\" is not a timestamp");
        QTest::newRow("too few values") << std::string(R"([true, 1, 2])")
                                        << QStringLiteral("f.json:8:1: row has 3 values but the schema has 7 columns");
        QTest::newRow("unknown column") << std::string(R"({"b": true, "zz": 1})")
                                        << QStringLiteral("f.json:8:13: unknown column 'zz' in row");
        QTest::newRow("column twice") << std::string(R"({"s": "a", "S": "b"})")
                                      << QStringLiteral("f.json:8:12: column 'S' appears twice in row (also as 's')");
        QTest::newRow("duplicate key") << std::string(R"({"s": "a", "s": "b"})")
                                       << QStringLiteral("f.json:8:12: duplicate key 's' (first at 8:2)");
        QTest::newRow("nested value") << std::string(R"([true, [1], 2, 3, 4, "x", null])")
                                      << QStringLiteral("f.json:8:8: column 'i': an array is not an int");
        QTest::newRow("scalar row") << std::string("42")
                                    << QStringLiteral("f.json:8:1: each row must be an array");
    }
    void refusedRowsGiveThePreciseError()
    {
        QFETCH(std::string, row);
        QFETCH(QString, message);
        const std::string text = kHead + "[false, 0, 0, 0, 0, \"ok\", null],\n" + row + "\n]}]}";
        // The first line of the rows is line 7; the bad row is on line 8.
        QVERIFY(!parseScenarioFast(text, "f.json").has_value());
        const QString error = errorOf([&] { parseScenario(text, "f.json"); });
        QVERIFY2(error.startsWith(message), qPrintable(error));
        QCOMPARE(error, errorOf([&] { parseScenarioPrecise(text, "f.json"); }));
    }

    // A problem after a big row array, on the line where it ends, is placed exactly: the blanked
    // array keeps its line breaks and the width of its last line (in characters, not bytes).
    void errorsAfterTheRowsKeepTheirPlace()
    {
        const std::string text = kHead
            + "[false, 0, 0, 0, 0, \"ok\", null],\n[true, 1, 2, 3, 4, \"Zürich 日本\", null]], \"processingTime\": \"noon\"}]}";
        QVERIFY(!parseScenarioFast(text, "p.json").has_value()); // the precise parser words it
        const QString error = errorOf([&] { parseScenario(text, "p.json"); });
        // Line 8; "noon" starts after 41 characters of the row plus `], "processingTime": `.
        const int column = static_cast<int>(QString::fromUtf8(R"([true, 1, 2, 3, 4, "Zürich 日本", null]], "processingTime": )").size()) + 1;
        QCOMPARE(error, QStringLiteral("p.json:8:%1: 'processingTime': \"noon\" is not a timestamp "
                                       "(expected \"YYYY-MM-DD HH:MM:SS[.ffffff]\" or ISO-8601 "
                                       "\"YYYY-MM-DDTHH:MM:SS[.ffffff][Z]\")").arg(column));
        QCOMPARE(error, errorOf([&] { parseScenarioPrecise(text, "p.json"); }));
        // Blanking alone keeps every byte offset's line and column.
        const std::string blanked = blankRows(text, {RowsSpan{0, kHead.size() - 2, text.find("]], ") + 2}});
        auto placeOf = [](const std::string &t, size_t offset) {
            int line = 1;
            int col = 1;
            for (size_t i = 0; i < offset; ++i) {
                if (t[i] == '\n') {
                    ++line;
                    col = 1;
                } else if ((static_cast<unsigned char>(t[i]) & 0xC0) != 0x80) {
                    ++col;
                }
            }
            return std::make_pair(line, col);
        };
        QCOMPARE(placeOf(blanked, blanked.find("\"noon\"")), placeOf(text, text.find("\"noon\"")));
        QCOMPARE(placeOf(text, text.find("\"noon\"")), std::make_pair(8, column));
        QVERIFY(blanked.size() < text.size());
        QVERIFY(blanked.find("Zürich") == std::string::npos);
    }

    // A decimal cell of at most 18 digits is read in 64-bit arithmetic; the same text with
    // leading zeros past 18 digits (the same value and scale) takes the general path, and both
    // must agree: the value, or a refusal, for every column type.
    void shortDecimalCellsMatchTheGeneralPath()
    {
        const std::vector<std::string> texts = {
            "0", "-0", "+0", "1", "12.5", "12.50", "12.505", "12.500", "-12.34", "+12.34", ".5", "5.", "0.05", "00.10",
            "9999999999.99", "10000000000.00", "-9999999999.99", "123456789012345678", "12345678901234567.8",
            "1.23456789012345678", "999999999999999999", "0.000000000000000001", "1.000000000000000000",
            "12.3400000000000000", "99999.9", "99999.95", "1000", "100000", "0.00", "-0.001"};
        const std::vector<DataType> types = {DataType::decimal(12, 2), DataType::decimal(5, 0), DataType::decimal(4, 1),
                                             DataType::decimal(38, 10), DataType::decimal(18, 18), DataType::decimal(1, 0),
                                             DataType::decimal(38, 0), DataType::decimal(20, 2)};
        int refused = 0;
        int read = 0;
        for (const std::string &text : texts) {
            const size_t signs = text[0] == '-' || text[0] == '+' ? 1 : 0;
            const std::string padded = text.substr(0, signs) + std::string(19, '0') + text.substr(signs);
            for (const DataType &type : types) {
                const std::optional<Int128> shortPath = parseDecimalCell(text, type);
                const std::optional<Int128> general = parseDecimalCell(padded, type);
                QVERIFY2(shortPath == general, qPrintable(QString::fromStdString(text + " as " + type.scenarioName())));
                (shortPath ? read : refused) += 1;
            }
        }
        QVERIFY(read > 50);
        QVERIFY(refused > 50);
        QCOMPARE(parseDecimalCell("12.5", DataType::decimal(12, 2)), std::optional<Int128>(1250));
        QCOMPARE(parseDecimalCell("-0.05", DataType::decimal(12, 2)), std::optional<Int128>(-5));
        QCOMPARE(parseDecimalCell("12.505", DataType::decimal(12, 2)), std::nullopt);
        QCOMPARE(parseDecimalCell("12.500", DataType::decimal(12, 2)), std::optional<Int128>(1250));
        QCOMPARE(parseDecimalCell("10000000000.00", DataType::decimal(12, 2)), std::nullopt);
        QCOMPARE(parseDecimalCell("1.2.3", DataType::decimal(12, 2)), std::nullopt);
        QCOMPARE(parseDecimalCell("-", DataType::decimal(12, 2)), std::nullopt);
        QCOMPARE(parseDecimalCell("1e3", DataType::decimal(12, 2)), std::nullopt);
    }

    // A timestamp cell of the plain shape is computed without parseTimestamp; it must give what
    // parseTimestamp gives, the same microseconds or the same refusal of an impossible date.
    void timestampCellsMatchParseTimestamp()
    {
        const std::vector<std::string> texts = {
            "2026-03-01 10:00:00", "2026-03-01 10:00:00.5", "2026-03-01 10:00:00.00036", "2026-03-01T10:00:00.123456",
            "1970-01-01 00:00:00", "1969-12-31 23:59:59.999999", "2024-02-29 12:00:00", "2023-02-29 12:00:00",
            "2026-13-01 10:00:00", "2026-00-10 10:00:00", "2026-04-31 10:00:00", "2026-04-00 10:00:00",
            "2026-03-01 24:00:00", "2026-03-01 23:60:00", "2026-03-01 23:59:60", "0001-01-01 00:00:00",
            "9999-12-31 23:59:59.9", "2026-03-01T10:00:00Z", "2026-03-01T10:00:00.25Z"};
        int read = 0;
        for (const std::string &text : texts) {
            const std::optional<int64_t> cell = parseTimestampCell(text);
            QVERIFY2(cell == parseTimestamp(text), text.c_str());
            read += cell.has_value();
        }
        QCOMPARE(read, 11);
        QCOMPARE(parseTimestampCell("2026-03-01 10:00:00.00036"), std::optional<int64_t>(1'772'359'200'000'360));
        // Shapes the cell refuses whatever parseTimestamp would make of them.
        for (const char *text : {"2026-03-01 10:00", "2026-03-01 10:00:00.", "2026-03-01 10:00:00.1234567",
                                 " 2026-03-01 10:00:00", "2026-03-01 10:00:00Z", "2026-3-01 10:00:00"})
            QVERIFY2(!parseTimestampCell(text).has_value(), text);
    }

    // Over the per-step row limit the fast path refuses and the precise message is given.
    void rowLimitIsThePreciseOne()
    {
        std::string text = kHead;
        for (size_t r = 0; r <= kMaxScenarioRowsPerStep; ++r)
            text += r ? ",[]" : "[]";
        text += "]}]}";
        QVERIFY(!parseScenarioFast(text, "n.json").has_value());
        const QString error = errorOf([&] { parseScenario(text, "n.json"); });
        QVERIFY2(error.contains(QStringLiteral("more than 1,000,000 rows in one step")), qPrintable(error));
    }
};

QTEST_APPLESS_MAIN(TestScenarioFastReader)
#include "tst_scenario_fast_reader.moc"
