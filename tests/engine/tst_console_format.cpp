// Checks the console sink's text against Spark 3.5's ConsoleWriter + Dataset.showString output,
// character for character, and its option parsing against ConsoleWriter's getInt/getBoolean.
#include "test_columns.h"
#include "test_data.h"
#include "sinks/console_format.h"

#include "streamstep/error.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace streamstep;
using namespace streamstep::testing;

Q_DECLARE_METATYPE(streamstep::ColumnBatch)

namespace {

const char *const kBatchRule = "-------------------------------------------\n";

QByteArray batchHeader(int batchId)
{
    return QByteArray(kBatchRule) + "Batch: " + QByteArray::number(batchId) + "\n" + kBatchRule;
}

ColumnBatch windowBatch()
{
    return makeBatch({{"window", DataType::window()},
                      {"accountId", DataType::string()},
                      {"total", DataType::decimal(22, 2)},
                      {"n", DataType::int64()}},
                     {{Value::window(kMarch1At10, kMarch1At10 + 5 * kMinute), Value::string("A1"),
                       Value::decimal(25000000, 22, 2), Value::int64(3)},
                      {Value::window(kMarch1At10 + 5 * kMinute, kMarch1At10 + 10 * kMinute),
                       Value::string("B22"), Value::decimal(1250, 22, 2), Value::int64(10)}});
}

ColumnBatch threeRows()
{
    return makeBatch({{"word", DataType::string()}, {"count", DataType::int64()}},
                     {{Value::string("spark"), Value::int64(1)},
                      {Value::string("kafka"), Value::int64(22)},
                      {Value::string("a-much-longer-word"), Value::int64(1000000)}});
}

} // namespace

class TestConsoleFormat : public QObject {
    Q_OBJECT

private slots:
    void formatConsoleBatch_data();
    void formatConsoleBatch();
    void stringHalfWidth_data();
    void stringHalfWidth();
    void parseConsoleOptions_data();
    void parseConsoleOptions();
};

void TestConsoleFormat::formatConsoleBatch_data()
{
    addColumns<int, ColumnBatch, int, int, QByteArray>("batchId", "rows", "numRows", "truncate", "expected");

    QTest::newRow("windows truncated, right-aligned")
        << 0 << windowBatch() << 20 << 20
        << batchHeader(0)
            + "+--------------------+---------+---------+---+\n"
              "|              window|accountId|    total|  n|\n"
              "+--------------------+---------+---------+---+\n"
              "|{2026-03-01 10:00...|       A1|250000.00|  3|\n"
              "|{2026-03-01 10:05...|      B22|    12.50| 10|\n"
              "+--------------------+---------+---------+---+\n"
              "\n";

    QTest::newRow("truncate=false, left-aligned")
        << 7 << windowBatch() << 20 << 0
        << batchHeader(7)
            + "+------------------------------------------+---------+---------+---+\n"
              "|window                                    |accountId|total    |n  |\n"
              "+------------------------------------------+---------+---------+---+\n"
              "|{2026-03-01 10:00:00, 2026-03-01 10:05:00}|A1       |250000.00|3  |\n"
              "|{2026-03-01 10:05:00, 2026-03-01 10:10:00}|B22      |12.50    |10 |\n"
              "+------------------------------------------+---------+---------+---+\n"
              "\n";

    QTest::newRow("NULL cells and escaped newline")
        << 1
        << makeBatch({{"key", DataType::string()}, {"value", DataType::float64()}},
                     {{Value::string("a\nb"), Value::null()},
                      {Value::null(), Value::float64(1.5)},
                      {Value::string("c"), Value::float64(1e7)}})
        << 20 << 20
        << batchHeader(1)
            + "+----+-----+\n"
              "| key|value|\n"
              "+----+-----+\n"
              "|a\\nb| NULL|\n"
              "|NULL|  1.5|\n"
              "|   c|1.0E7|\n"
              "+----+-----+\n"
              "\n";

    QTest::newRow("timestamps and booleans")
        << 2
        << makeBatch({{"eventTime", DataType::timestamp()}, {"late", DataType::boolean()}},
                     {{Value::timestamp(kMarch1At10 + 500000), Value::boolean(true)},
                      {Value::timestamp(kMarch1At10), Value::boolean(false)}})
        << 20 << 20
        << batchHeader(2)
            + "+--------------------+-----+\n"
              "|           eventTime| late|\n"
              "+--------------------+-----+\n"
              "|2026-03-01 10:00:...| true|\n"
              "| 2026-03-01 10:00:00|false|\n"
              "+--------------------+-----+\n"
              "\n";

    QTest::newRow("header longer than truncate is not cut")
        << 3
        << makeBatch({{"a_very_long_column_name_here", DataType::int32()}}, {{Value::int32(5)}})
        << 20 << 20
        << batchHeader(3)
            + "+----------------------------+\n"
              "|a_very_long_column_name_here|\n"
              "+----------------------------+\n"
              "|                           5|\n"
              "+----------------------------+\n"
              "\n";

    QTest::newRow("top 2 rows; widths from shown rows only")
        << 4 << threeRows() << 2 << 20
        << batchHeader(4)
            + "+-----+-----+\n"
              "| word|count|\n"
              "+-----+-----+\n"
              "|spark|    1|\n"
              "|kafka|   22|\n"
              "+-----+-----+\n"
              "only showing top 2 rows\n"
              "\n";

    QTest::newRow("top 1 row")
        << 5 << threeRows() << 1 << 0
        << batchHeader(5)
            + "+-----+-----+\n"
              "|word |count|\n"
              "+-----+-----+\n"
              "|spark|1    |\n"
              "+-----+-----+\n"
              "only showing top 1 row\n"
              "\n";

    QTest::newRow("exactly numRows rows: no footer")
        << 6 << threeRows() << 3 << 20
        << batchHeader(6)
            + "+------------------+-------+\n"
              "|              word|  count|\n"
              "+------------------+-------+\n"
              "|             spark|      1|\n"
              "|             kafka|     22|\n"
              "|a-much-longer-word|1000000|\n"
              "+------------------+-------+\n"
              "\n";

    QTest::newRow("numRows 0")
        << 6 << threeRows() << 0 << 20
        << batchHeader(6)
            + "+----+-----+\n"
              "|word|count|\n"
              "+----+-----+\n"
              "+----+-----+\n"
              "only showing top 0 rows\n"
              "\n";

    QTest::newRow("empty batch")
        << 8 << makeBatch({{"word", DataType::string()}, {"count", DataType::int64()}}, {}) << 20 << 20
        << batchHeader(8)
            + "+----+-----+\n"
              "|word|count|\n"
              "+----+-----+\n"
              "+----+-----+\n"
              "\n";

    QTest::newRow("short columns get width 3")
        << 9 << makeBatch({{"x", DataType::int32()}}, {{Value::int32(1)}}) << 20 << 0
        << batchHeader(9)
            + "+---+\n"
              "|x  |\n"
              "+---+\n"
              "|1  |\n"
              "+---+\n"
              "\n";

    QTest::newRow("wide CJK characters")
        << 10
        << makeBatch({{"name", DataType::string()}, {"城市", DataType::string()}},
                     {{Value::string("日本語"), Value::string("東京")},
                      {Value::string("abc"), Value::string("서울특별시")}})
        << 20 << 20
        << batchHeader(10)
            + "+------+----------+\n"
              "|  name|      城市|\n"
              "+------+----------+\n"
              "|日本語|      東京|\n"
              "|   abc|서울특별시|\n"
              "+------+----------+\n"
              "\n";

    QTest::newRow("wide CJK, truncate=false")
        << 11
        << makeBatch({{"name", DataType::string()}},
                     {{Value::string("日本語")}, {Value::string("abc")}})
        << 20 << 0
        << batchHeader(11)
            + "+------+\n"
              "|name  |\n"
              "+------+\n"
              "|日本語|\n"
              "|abc   |\n"
              "+------+\n"
              "\n";

    QTest::newRow("CJK cut by characters, not columns")
        << 12
        << makeBatch({{"text", DataType::string()}},
                     {{Value::string("一二三四五六七八九十一二三四五六七八九十一")}})
        << 20 << 20
        << batchHeader(12)
            + "+-------------------------------------+\n"
              "|                                 text|\n"
              "+-------------------------------------+\n"
              "|一二三四五六七八九十一二三四五六七...|\n"
              "+-------------------------------------+\n"
              "\n";

    QTest::newRow("truncate below 4: no ellipsis")
        << 13 << makeBatch({{"word", DataType::string()}}, {{Value::string("streaming")}}) << 20 << 3
        << batchHeader(13)
            + "+----+\n"
              "|word|\n"
              "+----+\n"
              "| str|\n"
              "+----+\n"
              "\n";
}

void TestConsoleFormat::formatConsoleBatch()
{
    QFETCH(int, batchId);
    QFETCH(ColumnBatch, rows);
    QFETCH(int, numRows);
    QFETCH(int, truncate);
    QFETCH(QByteArray, expected);
    QCOMPARE(QByteArray::fromStdString(streamstep::formatConsoleBatch(batchId, rows, numRows, truncate)),
             expected);
}

void TestConsoleFormat::stringHalfWidth_data()
{
    addColumns<QByteArray, int>("text", "expected");
    QTest::newRow("ascii") << QByteArray("abc") << 3;
    QTest::newRow("empty") << QByteArray("") << 0;
    QTest::newRow("latin accents") << QByteArray("café") << 4;
    QTest::newRow("kanji") << QByteArray("日本語") << 6;
    QTest::newRow("hangul") << QByteArray("서울") << 4;
    QTest::newRow("fullwidth forms") << QByteArray("ＡＢ") << 4;
    QTest::newRow("halfwidth katakana") << QByteArray("ｱ") << 1;
    QTest::newRow("emoji is two UTF-16 units") << QByteArray("😀") << 2;
}

void TestConsoleFormat::stringHalfWidth()
{
    QFETCH(QByteArray, text);
    QFETCH(int, expected);
    QCOMPARE(streamstep::stringHalfWidth(text.toStdString()), expected);
}

void TestConsoleFormat::parseConsoleOptions_data()
{
    addColumns<QByteArray, int, int, QByteArray>("options", "numRows", "truncate", "error");
    QTest::newRow("defaults") << QByteArray("{}") << 20 << 20 << QByteArray();
    QTest::newRow("number") << QByteArray(R"({"numRows": 5})") << 5 << 20 << QByteArray();
    QTest::newRow("strings") << QByteArray(R"({"numRows": "10", "truncate": "false"})") << 10 << 0
                             << QByteArray();
    QTest::newRow("boolean false") << QByteArray(R"({"truncate": false})") << 20 << 0 << QByteArray();
    QTest::newRow("boolean true") << QByteArray(R"({"truncate": true})") << 20 << 20 << QByteArray();
    QTest::newRow("case-insensitive") << QByteArray(R"({"NUMROWS": "+3", "Truncate": "TRUE"})") << 3
                                      << 20 << QByteArray();
    QTest::newRow("negative numRows") << QByteArray(R"({"numRows": "-1"})") << -1 << 20 << QByteArray();
    QTest::newRow("unknown option ignored") << QByteArray(R"({"checkpointLocation": "x"})") << 20 << 20
                                            << QByteArray();
    QTest::newRow("numRows word") << QByteArray(R"({"numRows": "abc"})") << 0 << 0
                                  << QByteArray("For input string: \"abc\"");
    QTest::newRow("numRows fraction") << QByteArray(R"({"numRows": 2.5})") << 0 << 0
                                      << QByteArray("For input string: \"2.5\"");
    QTest::newRow("numRows with spaces") << QByteArray(R"({"numRows": " 5"})") << 0 << 0
                                         << QByteArray("For input string: \" 5\"");
    QTest::newRow("numRows overflow") << QByteArray(R"({"numRows": 3000000000})") << 0 << 0
                                      << QByteArray("For input string: \"3000000000\"");
    QTest::newRow("numRows boolean") << QByteArray(R"({"numRows": true})") << 0 << 0
                                     << QByteArray("For input string: \"true\"");
    QTest::newRow("truncate word") << QByteArray(R"({"truncate": "yes"})") << 0 << 0
                                   << QByteArray("yes is not a boolean string.");
    QTest::newRow("truncate number") << QByteArray(R"({"truncate": 10})") << 0 << 0
                                     << QByteArray("10 is not a boolean string.");
}

void TestConsoleFormat::parseConsoleOptions()
{
    QFETCH(QByteArray, options);
    QFETCH(int, numRows);
    QFETCH(int, truncate);
    QFETCH(QByteArray, error);
    const auto json = nlohmann::json::parse(options.toStdString());
    std::map<std::string, nlohmann::json> map;
    for (const auto &[key, value] : json.items())
        map.emplace(key, value);
    try {
        const ConsoleOptions parsed = streamstep::parseConsoleOptions(map);
        QVERIFY2(error.isEmpty(), "expected an error");
        QCOMPARE(parsed.numRows, numRows);
        QCOMPARE(parsed.truncate, truncate);
    } catch (const Error &e) {
        QCOMPARE(QByteArray::fromStdString(e.message()), error);
        QCOMPARE(e.kind(), ErrorKind::Analysis);
    }
}

QTEST_APPLESS_MAIN(TestConsoleFormat)
#include "tst_console_format.moc"
