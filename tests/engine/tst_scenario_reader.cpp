// Tests the scenario reader and writer against the contract (shared/scenario-format.md §1): a
// rich valid file read completely, every rejected input with its exact "FILE:LINE:COL: …"
// message, hostile inputs (100 MB of garbage, 100000-deep nesting) and the writer round trip.
#include "test_columns.h"
#include "streamstep/scenario.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <cmath>
#include <limits>
#include <random>

using namespace streamstep;
using streamstep::testing::addColumns;

Q_DECLARE_METATYPE(std::string)

namespace {

const QString kDataDir = QStringLiteral(STREAMSTEP_SOURCE_DIR "/tests/data/scenarios/");

// The base text of the inline rejection cases; each case replaces one snippet of it.
const QByteArray kBase = QByteArray("{\"format\": \"streamstep-scenario\", \"version\": 1,\n \"source\": {\"name\": \"s\", \"schema\": [{\"name\": \"id\", \"type\": \"long\"}, {\"name\": \"ts\", \"type\": \"timestamp\"}]},\n \"query\": [{\"op\": \"withWatermark\", \"column\": \"ts\", \"delay\": \"5 seconds\"}, {\"op\": \"dropDuplicates\"}],\n \"outputMode\": \"append\",\n \"sink\": {\"format\": \"json\", \"options\": {\"path\": \"out\"}},\n \"steps\": [{\"rows\": [[1, \"2026-03-01 10:00:00\"], {\"id\": 2}]}],\n \"expect\": [{\"step\": 0, \"droppedByWatermark\": 0}],\n \"expectError\": {\"exitCode\": 2, \"messageContains\": \"x\"}}");

int64_t utcMicros(int y, int mo, int d, int h, int mi, int s, int micros = 0)
{
    const QDateTime t(QDate(y, mo, d), QTime(h, mi, s), QTimeZone::utc());
    return t.toMSecsSinceEpoch() * 1000 + micros;
}

// Returns the message of the Error that `read` throws, or "no error" (and fails on other kinds).
template<typename Read>
QString errorOf(Read read)
{
    try {
        read();
    } catch (const Error &e) {
        if (e.kind() != ErrorKind::Scenario || e.exitCode() != 1)
            return QStringLiteral("wrong error kind: ") + QString::fromStdString(e.message());
        return QString::fromStdString(e.message());
    }
    return QStringLiteral("no error");
}

// A one-column scenario whose single row holds `value`; valueColumn is where value starts.
std::string oneValueScenario(const std::string &type, const std::string &value, int *valueColumn)
{
    const std::string head = R"({"format": "streamstep-scenario", "version": 1, "source": {"name": "s", "schema": [{"name": "c", "type": ")"
        + type + R"("}]}, "query": [], "outputMode": "append", "sink": {"format": "console"}, "steps": [{"rows": [[)";
    *valueColumn = static_cast<int>(head.size()) + 1;
    return head + value + "]]}]}";
}

std::string oneValueScenarioText()
{
    int column = 0;
    return oneValueScenario("long", "1", &column);
}

Value readOneValue(const std::string &type, const std::string &value)
{
    int column = 0;
    const Scenario s = parseScenario(oneValueScenario(type, value, &column), "v.json");
    return s.steps.at(0).rows.get(0, 0);
}

void compareScenarios(const Scenario &a, const Scenario &b)
{
    QCOMPARE(a.title, b.title);
    QCOMPARE(a.description, b.description);
    QCOMPARE(a.titleDe, b.titleDe);
    QCOMPARE(a.descriptionDe, b.descriptionDe);
    QCOMPARE(a.topic, b.topic);
    QVERIFY(a.level == b.level);
    QVERIFY(a.tags == b.tags);
    QCOMPARE(a.sourceName, b.sourceName);
    QCOMPARE(a.sourceSchema.size(), b.sourceSchema.size());
    for (size_t i = 0; i < a.sourceSchema.size(); ++i) {
        QCOMPARE(a.sourceSchema.fields[i].name, b.sourceSchema.fields[i].name);
        QVERIFY(a.sourceSchema.fields[i].type == b.sourceSchema.fields[i].type);
    }
    QCOMPARE(a.query.size(), b.query.size());
    for (size_t i = 0; i < a.query.size(); ++i) {
        const QueryOp &x = a.query[i];
        const QueryOp &y = b.query[i];
        QVERIFY(x.kind == y.kind);
        QCOMPARE(x.opName, y.opName);
        QCOMPARE(x.column, y.column);
        QCOMPARE(x.delay, y.delay);
        QCOMPARE(x.delayMs, y.delayMs);
        QCOMPARE(x.condition.text, y.condition.text);
        QCOMPARE(x.name, y.name);
        QCOMPARE(x.expr.text, y.expr.text);
        QCOMPARE(x.allColumns, y.allColumns);
        auto texts = [](const std::vector<ExprText> &v) {
            std::vector<std::string> out;
            for (const ExprText &e : v)
                out.push_back(e.text);
            return out;
        };
        QVERIFY(texts(x.columns) == texts(y.columns));
        QVERIFY(texts(x.keys) == texts(y.keys));
        QVERIFY(texts(x.aggs) == texts(y.aggs));
    }
    QVERIFY(a.outputMode == b.outputMode);
    QCOMPARE(a.sink.format, b.sink.format);
    QVERIFY(a.sink.options == b.sink.options);
    QCOMPARE(a.steps.size(), b.steps.size());
    for (size_t i = 0; i < a.steps.size(); ++i) {
        const ColumnBatch &x = a.steps[i].rows;
        const ColumnBatch &y = b.steps[i].rows;
        QCOMPARE(x.numRows, y.numRows);
        QCOMPARE(x.columns.size(), y.columns.size());
        for (size_t r = 0; r < x.numRows; ++r) {
            for (size_t c = 0; c < x.columns.size(); ++c) {
                const Value u = x.get(r, c);
                const Value v = y.get(r, c);
                if (!u.isNull() && u.type().kind == TypeKind::Double && std::isnan(u.asDouble())) {
                    QVERIFY(!v.isNull() && std::isnan(v.asDouble()));
                    continue;
                }
                QVERIFY2(u == v, qPrintable(QStringLiteral("step %1 row %2 column %3").arg(i).arg(r).arg(c)));
                if (!u.isNull() && u.type().kind == TypeKind::Double)
                    QCOMPARE(std::signbit(u.asDouble()), std::signbit(v.asDouble()));
            }
        }
        QVERIFY(a.steps[i].processingTimeMicros == b.steps[i].processingTimeMicros);
    }
    QCOMPARE(a.expect.size(), b.expect.size());
    for (size_t i = 0; i < a.expect.size(); ++i) {
        QCOMPARE(a.expect[i].step, b.expect[i].step);
        QVERIFY(a.expect[i].emitted == b.expect[i].emitted);
        QVERIFY(a.expect[i].stateRows == b.expect[i].stateRows);
        QVERIFY(a.expect[i].stateRowsUpdated == b.expect[i].stateRowsUpdated);
        QVERIFY(a.expect[i].droppedByWatermark == b.expect[i].droppedByWatermark);
        QVERIFY(a.expect[i].eventTime == b.expect[i].eventTime);
    }
    QCOMPARE(a.expectError.has_value(), b.expectError.has_value());
    if (a.expectError) {
        QCOMPARE(a.expectError->exitCode, b.expectError->exitCode);
        QVERIFY(a.expectError->messageContains == b.expectError->messageContains);
    }
}

} // namespace

class TestScenarioReader : public QObject {
    Q_OBJECT

private slots:
    void readsValidScenario();
    void rejectsBadFile_data();
    void rejectsBadFile();
    void rejectsBadText_data();
    void rejectsBadText();
    void readsValue_data();
    void readsValue();
    void rejectsValue_data();
    void rejectsValue();
    void failsFastOnGarbage();
    void rejectsDeepNesting();
    void acceptsNestingUpTo64();
    void reportsUnopenableFile();
    void roundTripsThroughWriter();
    void readsLessonMetadata();
    void writesContractFormat();
};

void TestScenarioReader::readsValidScenario()
{
    const std::string path = (kDataDir + "valid_full.scenario.json").toStdString();
    const Scenario s = readScenarioFile(path);

    QCOMPARE(s.fileName, path);
    QCOMPARE(s.title, std::string("Every type, every op"));
    QCOMPARE(s.description, std::string("Rows as arrays and objects, nulls, exact decimals \u2014 and both timestamp forms."));
    QCOMPARE(s.sourceName, std::string("transactions"));

    const std::vector<std::pair<std::string, DataType>> schema = {
        {"accountId", DataType::string()}, {"flagged", DataType::boolean()},
        {"quantity", DataType::int32()},   {"seq", DataType::int64()},
        {"score", DataType::float64()},    {"amount", DataType::decimal(12, 2)},
        {"eventTime", DataType::timestamp()}};
    QCOMPARE(s.sourceSchema.size(), schema.size());
    for (size_t i = 0; i < schema.size(); ++i) {
        QCOMPARE(s.sourceSchema.fields[i].name, schema[i].first);
        QVERIFY(s.sourceSchema.fields[i].type == schema[i].second);
        QVERIFY(!s.sourceSchema.fields[i].isEventTime());
    }

    QCOMPARE(s.query.size(), size_t(7));
    const QueryOp &watermark = s.query[0];
    QVERIFY(watermark.kind == QueryOp::Kind::WithWatermark);
    QCOMPARE(watermark.column, std::string("eventTime"));
    QCOMPARE(watermark.delay, std::string("1 hour 30 minutes"));
    QCOMPARE(watermark.delayMs, int64_t(5'400'000));
    QCOMPARE(watermark.position.line, 19);
    QCOMPARE(watermark.position.column, 5);
    const QueryOp &where = s.query[1];
    QVERIFY(where.kind == QueryOp::Kind::Filter);
    QCOMPARE(where.opName, std::string("where"));
    QCOMPARE(where.condition.text, std::string("amount > 0"));
    QCOMPARE(where.condition.filePosition.line, 20);
    QCOMPARE(where.condition.filePosition.column, 34);
    const QueryOp &withColumn = s.query[2];
    QVERIFY(withColumn.kind == QueryOp::Kind::WithColumn);
    QCOMPARE(withColumn.name, std::string("big"));
    QCOMPARE(withColumn.expr.text, std::string("amount >= 100000.00"));
    QCOMPARE(withColumn.expr.filePosition.line, 21);
    QCOMPARE(withColumn.expr.filePosition.column, 49);
    const QueryOp &select = s.query[3];
    QVERIFY(select.kind == QueryOp::Kind::Select);
    QCOMPARE(select.columns.size(), size_t(4));
    QCOMPARE(select.columns[3].text, std::string("big AS isBig"));
    QCOMPARE(select.columns[3].filePosition.line, 22);
    QCOMPARE(select.columns[3].filePosition.column, 70);
    QVERIFY(s.query[4].kind == QueryOp::Kind::DropDuplicates);
    QVERIFY(s.query[4].allColumns);
    QVERIFY(s.query[4].columns.empty());
    QVERIFY(!s.query[5].allColumns);
    QCOMPARE(s.query[5].columns.size(), size_t(2));
    QCOMPARE(s.query[5].columns[1].text, std::string("eventTime"));
    QVERIFY(s.query[6].kind == QueryOp::Kind::GroupBy);
    QVERIFY(s.query[6].keys.empty()); // global aggregation
    QCOMPARE(s.query[6].aggs.at(0).text, std::string("count(*) AS n"));

    QVERIFY(s.outputMode == OutputMode::Update); // "Update": case-insensitive like Spark
    QCOMPARE(s.outputModePosition.line, 27);
    QCOMPARE(s.outputModePosition.column, 17);
    QCOMPARE(s.sink.format, std::string("memory"));
    QCOMPARE(s.sink.options.size(), size_t(2));
    QVERIFY(s.sink.options.at("queryName") == nlohmann::json("totals"));
    QVERIFY(s.sink.options.at("numRows") == nlohmann::json(5));
    QCOMPARE(s.sink.position.line, 28);
    QCOMPARE(s.sink.position.column, 11);

    QCOMPARE(s.steps.size(), size_t(3));
    const ColumnBatch &b0 = s.steps[0].rows;
    QCOMPARE(b0.numRows, size_t(3));
    QCOMPARE(b0.schema.size(), size_t(7));
    QCOMPARE(s.steps[0].position.line, 30);
    QCOMPARE(s.steps[0].position.column, 5);
    QVERIFY(!s.steps[0].processingTimeMicros);
    QVERIFY(b0.get(0, 0) == Value::string("A1"));
    QVERIFY(b0.get(0, 1) == Value::boolean(true));
    QVERIFY(b0.get(0, 2) == Value::int32(3));
    QVERIFY(b0.get(0, 3) == Value::int64(9007199254740993LL)); // beyond a double's exact range
    QVERIFY(b0.get(0, 4) == Value::float64(1.5));
    QVERIFY(b0.get(0, 5) == Value::decimal(25000010, 12, 2)); // JSON number 250000.10, exact
    QVERIFY(b0.get(0, 6) == Value::timestamp(utcMicros(2026, 3, 1, 10, 1, 0)));
    QVERIFY(b0.get(1, 2) == Value::int32(std::numeric_limits<int32_t>::min()));
    QVERIFY(b0.get(1, 3) == Value::int64(-1));
    QVERIFY(b0.get(1, 4) == Value::float64(1000.0));
    QVERIFY(b0.get(1, 5) == Value::decimal(1250, 12, 2)); // "12.5" -> 12.50
    QVERIFY(b0.get(1, 6) == Value::timestamp(utcMicros(2026, 3, 1, 10, 2, 3, 123456)));
    for (size_t c : {0, 1, 2, 3, 5, 6})
        QVERIFY(b0.get(2, c).isNull());
    QVERIFY(std::isnan(b0.get(2, 4).asDouble()));

    const ColumnBatch &b1 = s.steps[1].rows;
    QCOMPARE(b1.numRows, size_t(2));
    QVERIFY(b1.get(0, 0) == Value::string("\u00c43"));
    for (size_t c : {1, 2, 3, 4})
        QVERIFY(b1.get(0, c).isNull()); // missing in the row object = NULL
    QVERIFY(b1.get(0, 5) == Value::decimal(700, 12, 2));
    QVERIFY(b1.get(0, 6) == Value::timestamp(utcMicros(2026, 3, 1, 10, 20, 0)));
    QVERIFY(b1.get(1, 0).isNull());
    QVERIFY(b1.get(1, 5) == Value::decimal(-5, 12, 2)); // "AMOUNT": column names are case-insensitive
    QVERIFY(std::signbit(b1.get(1, 4).asDouble()));
    QVERIFY(b1.get(1, 6) == Value::timestamp(utcMicros(2026, 3, 1, 10, 21, 0, 500000)));
    QCOMPARE(s.steps[1].processingTimeMicros.value(), utcMicros(2026, 3, 1, 10, 30, 0));
    QCOMPARE(s.steps[2].rows.numRows, size_t(0));
    QCOMPARE(s.steps[2].rows.columns.size(), size_t(7));

    QCOMPARE(s.expect.size(), size_t(2));
    const Expectation &e0 = s.expect[0];
    QCOMPARE(e0.step, 0);
    QVERIFY(e0.emitted == nlohmann::json::parse(R"([{"n": 2}])"));
    QCOMPARE(e0.stateRows.value(), int64_t(1));
    QCOMPARE(e0.stateRowsUpdated.value(), int64_t(1));
    QCOMPARE(e0.droppedByWatermark.value(), int64_t(0));
    QVERIFY(e0.eventTime == nlohmann::json::parse(
                R"({"min": "2026-03-01T10:01:00.000Z", "watermark": "1970-01-01 00:00:00"})"));
    QCOMPARE(e0.position.line, 42);
    QCOMPARE(e0.position.column, 5);
    const Expectation &e1 = s.expect[1];
    QCOMPARE(e1.step, 2);
    QVERIFY(!e1.emitted && !e1.stateRows && !e1.stateRowsUpdated && !e1.droppedByWatermark && !e1.eventTime);

    QVERIFY(s.expectError.has_value());
    QCOMPARE(s.expectError->exitCode, 2);
    QVERIFY(s.expectError->messageContains == std::vector<std::string>({"Append output mode", "watermark"}));
}

void TestScenarioReader::rejectsBadFile_data()
{
    // expected: after "FILE:"
    addColumns<QString, QString>("file", "expected");
    QTest::newRow("invalid_json") << "invalid_json.scenario.json" << "21:47: invalid JSON: unexpected '}', expected string literal";
    QTest::newRow("unknown_top_level_key") << "unknown_top_level_key.scenario.json" << "4:3: unknown key 'titel' at top level; valid keys: format, version, title, description, title_de, description_de, topic, level, tags, source, query, outputMode, sink, steps, expect, expectError, sparkVersion, conf";
    QTest::newRow("unknown_op_key") << "unknown_op_key.scenario.json" << "16:22: unknown key 'conditon' in 'filter' op; valid keys: op, condition";
    QTest::newRow("wrong_type") << "wrong_type.scenario.json" << "20:17: 'outputMode' must be a string";
    QTest::newRow("int_out_of_range") << "int_out_of_range.scenario.json" << "23:22: column 'quantity': value 3000000000 does not fit int";
    QTest::newRow("decimal_too_precise") << "decimal_too_precise.scenario.json" << "24:60: column 'amount': value 123.456 does not fit decimal(12,2)";
    QTest::newRow("decimal_overflow") << "decimal_overflow.scenario.json" << "23:25: column 'amount': value 12345678901.5 does not fit decimal(12,2)";
    QTest::newRow("bad_timestamp") << "bad_timestamp.scenario.json" << "23:38: column 'eventTime': \"2026-03-01 10:01\" is not a timestamp (expected \"YYYY-MM-DD HH:MM:SS[.ffffff]\" or ISO-8601 \"YYYY-MM-DDTHH:MM:SS[.ffffff][Z]\")";
    QTest::newRow("invalid_duration") << "invalid_duration.scenario.json" << "15:61: invalid delay '10 minuts': invalid unit 'minuts'";
    QTest::newRow("negative_delay") << "negative_delay.scenario.json" << "15:61: delay threshold (-5 minutes) should not be negative.";
    QTest::newRow("duplicate_column") << "duplicate_column.scenario.json" << "9:16: duplicate column name 'AccountID' (same as 'accountId' at 8:16)";
    QTest::newRow("duplicate_key") << "duplicate_key.scenario.json" << "21:3: duplicate key 'outputMode' (first at 20:3)";
    QTest::newRow("unknown_row_column") << "unknown_row_column.scenario.json" << "24:35: unknown column 'qty' in row (schema: accountId, quantity, amount, eventTime)";
    QTest::newRow("row_wrong_length") << "row_wrong_length.scenario.json" << "23:15: row has 3 values but the schema has 4 columns (accountId, quantity, amount, eventTime)";
    QTest::newRow("expect_step_out_of_range") << "expect_step_out_of_range.scenario.json" << "26:23: 'step' 2 is out of range: the scenario has 2 steps, numbered from 0";
    QTest::newRow("missing_key") << "missing_key.scenario.json" << "1:1: missing required key 'sink' at top level";
    QTest::newRow("unknown_sink_format") << "unknown_sink_format.scenario.json" << "21:22: unknown sink format 'kafka'; valid formats: console, memory, csv, json, parquet, sqlite, postgres, jdbc, foreachBatch";
    QTest::newRow("unknown_type") << "unknown_type.scenario.json" << "10:37: unknown type 'decimel(12,2)' for column 'amount'; valid types: boolean, int, long, double, decimal(p,s), string, timestamp";
    QTest::newRow("invalid_utf8") << "invalid_utf8.scenario.json" << "24:32: invalid JSON: invalid string: ill-formed UTF-8 byte";
    QTest::newRow("empty") << "empty.scenario.json" << "1:1: empty file";
}

void TestScenarioReader::rejectsBadFile()
{
    QFETCH(QString, file);
    QFETCH(QString, expected);
    const std::string path = (kDataDir + file).toStdString();
    QCOMPARE(errorOf([&] { readScenarioFile(path); }), QString::fromStdString(path) + ":" + expected);
}

void TestScenarioReader::rejectsBadText_data()
{
    // expected: after "t.json:"
    addColumns<QByteArray, QByteArray, QByteArray>("from", "to", "expected");
    QTest::newRow("format") << QByteArray("\"streamstep-scenario\"") << QByteArray("\"streamstep\"") << QByteArray("1:12: 'format' must be \"streamstep-scenario\"");
    QTest::newRow("version") << QByteArray("\"version\": 1") << QByteArray("\"version\": 2") << QByteArray("1:46: unsupported version 2 (this reader knows version 1)");
    QTest::newRow("version type") << QByteArray("\"version\": 1") << QByteArray("\"version\": \"1\"") << QByteArray("1:46: 'version' must be a number");
    QTest::newRow("steps not array") << QByteArray("\"steps\": [{\"rows\": [[1, \"2026-03-01 10:00:00\"], {\"id\": 2}]}]") << QByteArray("\"steps\": {}") << QByteArray("6:11: 'steps' must be an array");
    QTest::newRow("step not object") << QByteArray("\"steps\": [{\"rows\": [[1, \"2026-03-01 10:00:00\"], {\"id\": 2}]}]") << QByteArray("\"steps\": [[]]") << QByteArray("6:12: each step must be an object");
    QTest::newRow("rows missing") << QByteArray("{\"rows\": [[1, \"2026-03-01 10:00:00\"], {\"id\": 2}]}") << QByteArray("{}") << QByteArray("6:12: missing required key 'rows' in a step");
    QTest::newRow("unknown step key") << QByteArray("{\"rows\": [[1") << QByteArray("{\"row\": [], \"rows\": [[1") << QByteArray("6:13: unknown key 'row' in a step; valid keys: rows, rowsFile, generate, processingTime, quiz");
    QTest::newRow("processingTime") << QByteArray("{\"rows\": [[1") << QByteArray("{\"processingTime\": \"soon\", \"rows\": [[1") << QByteArray("6:31: 'processingTime': \"soon\" is not a timestamp (expected \"YYYY-MM-DD HH:MM:SS[.ffffff]\" or ISO-8601 \"YYYY-MM-DDTHH:MM:SS[.ffffff][Z]\")");
    QTest::newRow("row not array") << QByteArray("{\"id\": 2}") << QByteArray("\"2\"") << QByteArray("6:50: each row must be an array (in schema order) or an object (by column name)");
    QTest::newRow("row column twice") << QByteArray("{\"id\": 2}") << QByteArray("{\"id\": 2, \"ID\": 3}") << QByteArray("6:60: column 'ID' appears twice in row (also as 'id')");
    QTest::newRow("op missing") << QByteArray("{\"op\": \"dropDuplicates\"}") << QByteArray("{\"columns\": [\"id\"]}") << QByteArray("3:75: missing required key 'op' in a query op");
    QTest::newRow("unknown op") << QByteArray("\"dropDuplicates\"") << QByteArray("\"distinct\"") << QByteArray("3:82: unknown op 'distinct'; valid ops: withWatermark, filter, where, select, withColumn, groupBy, dropDuplicates");
    QTest::newRow("op not object") << QByteArray("{\"op\": \"dropDuplicates\"}") << QByteArray("\"dropDuplicates\"") << QByteArray("3:75: each query op must be an object");
    QTest::newRow("dropDuplicates empty") << QByteArray("{\"op\": \"dropDuplicates\"}") << QByteArray("{\"op\": \"dropDuplicates\", \"columns\": []}") << QByteArray("3:111: 'columns' must not be empty (leave it out to use all columns)");
    QTest::newRow("select expr type") << QByteArray("{\"op\": \"dropDuplicates\"}") << QByteArray("{\"op\": \"select\", \"columns\": [\"id\", 2]}") << QByteArray("3:110: each element of 'columns' must be a string");
    QTest::newRow("filter empty") << QByteArray("{\"op\": \"dropDuplicates\"}") << QByteArray("{\"op\": \"filter\", \"condition\": \" \"}") << QByteArray("3:105: 'condition' must not be empty");
    QTest::newRow("groupBy no aggs") << QByteArray("{\"op\": \"dropDuplicates\"}") << QByteArray("{\"op\": \"groupBy\", \"keys\": [\"id\"], \"aggs\": []}") << QByteArray("3:117: 'aggs' must not be empty");
    QTest::newRow("groupBy missing keys") << QByteArray("{\"op\": \"dropDuplicates\"}") << QByteArray("{\"op\": \"groupBy\", \"aggs\": [\"count(*)\"]}") << QByteArray("3:75: missing required key 'keys' in 'groupBy' op");
    QTest::newRow("delay empty") << QByteArray("\"5 seconds\"") << QByteArray("\"\"") << QByteArray("3:61: invalid delay '': interval string cannot be empty");
    QTest::newRow("delay fraction") << QByteArray("\"5 seconds\"") << QByteArray("\"1.5 minutes\"") << QByteArray("3:61: invalid delay '1.5 minutes': 'minutes' cannot have fractional part");
    QTest::newRow("delay number") << QByteArray("\"5 seconds\"") << QByteArray("5") << QByteArray("3:61: 'delay' must be a string");
    QTest::newRow("output mode") << QByteArray("\"append\"") << QByteArray("\"Apend\"") << QByteArray("4:16: Unknown output mode Apend. Accepted output modes are 'append', 'complete', 'update'");
    QTest::newRow("sink not object") << QByteArray("\"sink\": {\"format\": \"json\", \"options\": {\"path\": \"out\"}}") << QByteArray("\"sink\": \"json\"") << QByteArray("5:10: 'sink' must be an object");
    QTest::newRow("sink options type") << QByteArray("\"options\": {\"path\": \"out\"}") << QByteArray("\"options\": [\"path\"]") << QByteArray("5:40: 'options' must be an object");
    QTest::newRow("sink unknown key") << QByteArray("\"options\": {\"path\": \"out\"}") << QByteArray("\"option\": {\"path\": \"out\"}") << QByteArray("5:29: unknown key 'option' in 'sink'; valid keys: format, options");
    QTest::newRow("schema empty") << QByteArray("[{\"name\": \"id\", \"type\": \"long\"}, {\"name\": \"ts\", \"type\": \"timestamp\"}]") << QByteArray("[]") << QByteArray("2:36: 'schema' must list at least one column");
    QTest::newRow("schema column key") << QByteArray("{\"name\": \"id\", \"type\": \"long\"}") << QByteArray("{\"name\": \"id\", \"type\": \"long\", \"nullable\": true}") << QByteArray("2:68: unknown key 'nullable' in a schema column; valid keys: name, type");
    QTest::newRow("decimal type") << QByteArray("\"type\": \"long\"") << QByteArray("\"type\": \"decimal(40,2)\"") << QByteArray("2:60: invalid type 'decimal(40,2)' for column 'id': a decimal needs 1 <= precision <= 38 and 0 <= scale <= precision");
    QTest::newRow("expect not array") << QByteArray("\"expect\": [{\"step\": 0, \"droppedByWatermark\": 0}]") << QByteArray("\"expect\": {\"step\": 0}") << QByteArray("7:12: 'expect' must be an array");
    QTest::newRow("expect unknown key") << QByteArray("\"droppedByWatermark\": 0") << QByteArray("\"dropped\": 0") << QByteArray("7:25: unknown key 'dropped' in an 'expect' entry; valid keys: step, emitted, rowsWritten, stateRows, stateRowsUpdated, droppedByWatermark, eventTime");
    QTest::newRow("expect missing step") << QByteArray("{\"step\": 0, \"droppedByWatermark\": 0}") << QByteArray("{\"stateRows\": 1}") << QByteArray("7:13: missing required key 'step' in an 'expect' entry");
    QTest::newRow("expect negative count") << QByteArray("\"droppedByWatermark\": 0") << QByteArray("\"droppedByWatermark\": -1") << QByteArray("7:47: 'droppedByWatermark' must be a non-negative integer");
    QTest::newRow("expect fractional step") << QByteArray("\"step\": 0") << QByteArray("\"step\": 0.5") << QByteArray("7:22: 'step' must be a non-negative integer (an index into 'steps')");
    QTest::newRow("expect emitted rows") << QByteArray("\"droppedByWatermark\": 0") << QByteArray("\"emitted\": [{\"id\": 1}, [1]]") << QByteArray("7:48: each row of 'emitted' must be an object");
    QTest::newRow("expect eventTime key") << QByteArray("\"droppedByWatermark\": 0") << QByteArray("\"eventTime\": {\"mean\": \"2026-03-01 10:00:00\"}") << QByteArray("7:39: unknown key 'mean' in 'eventTime'; valid keys: min, max, avg, watermark");
    QTest::newRow("expect eventTime value") << QByteArray("\"droppedByWatermark\": 0") << QByteArray("\"eventTime\": {\"max\": \"10:00\"}") << QByteArray("7:46: 'max': \"10:00\" is not a timestamp (expected \"YYYY-MM-DD HH:MM:SS[.ffffff]\" or ISO-8601 \"YYYY-MM-DDTHH:MM:SS[.ffffff][Z]\")");
    QTest::newRow("expectError contains") << QByteArray("\"messageContains\": \"x\"") << QByteArray("\"messageContains\": 3") << QByteArray("8:52: 'messageContains' must be a string or an array of strings");
    QTest::newRow("expectError exit code") << QByteArray("\"exitCode\": 2") << QByteArray("\"exitCode\": 256") << QByteArray("8:30: 'exitCode' must be an integer from 0 to 255");
    QTest::newRow("topic type") << QByteArray("\"version\": 1,") << QByteArray("\"version\": 1, \"topic\": 3,") << QByteArray("1:58: 'topic' must be a string");
    QTest::newRow("topic unknown") << QByteArray("\"version\": 1,") << QByteArray("\"version\": 1, \"topic\": \"joins\",") << QByteArray("1:58: unknown topic \"joins\"; valid topics: output-modes, sinks, mistakes, windows, watermarks, state, spark-versions");
    QTest::newRow("level unknown") << QByteArray("\"version\": 1,") << QByteArray("\"version\": 1, \"level\": \"expert\",") << QByteArray("1:58: unknown level \"expert\"; valid levels: beginner, intermediate, advanced");
    QTest::newRow("level type") << QByteArray("\"version\": 1,") << QByteArray("\"version\": 1, \"level\": [\"beginner\"],") << QByteArray("1:58: 'level' must be a string");
    QTest::newRow("tags type") << QByteArray("\"version\": 1,") << QByteArray("\"version\": 1, \"tags\": \"watermark\",") << QByteArray("1:57: 'tags' must be an array");
    QTest::newRow("tag type") << QByteArray("\"version\": 1,") << QByteArray("\"version\": 1, \"tags\": [\"watermark\", 2],") << QByteArray("1:71: each element of 'tags' must be a string");
    QTest::newRow("tag empty") << QByteArray("\"version\": 1,") << QByteArray("\"version\": 1, \"tags\": [\" \"],") << QByteArray("1:58: each element of 'tags' must not be empty");
    QTest::newRow("tag twice") << QByteArray("\"version\": 1,") << QByteArray("\"version\": 1, \"tags\": [\"csv\", \"csv\"],") << QByteArray("1:65: tag \"csv\" appears twice in 'tags'");
    QTest::newRow("title_de type") << QByteArray("\"version\": 1,") << QByteArray("\"version\": 1, \"title_de\": null,") << QByteArray("1:61: 'title_de' must be a string");
    QTest::newRow("description_de empty") << QByteArray("\"version\": 1,") << QByteArray("\"version\": 1, \"description_de\": \"\",") << QByteArray("1:67: 'description_de' must not be empty");
    QTest::newRow("metadata key") << QByteArray("\"version\": 1,") << QByteArray("\"version\": 1, \"title_fr\": \"x\",") << QByteArray("1:49: unknown key 'title_fr' at top level; valid keys: format, version, title, description, title_de, description_de, topic, level, tags, source, query, outputMode, sink, steps, expect, expectError, sparkVersion, conf");
    QTest::newRow("top not object") << QByteArray("") << QByteArray("[1, 2]") << QByteArray("1:1: a scenario file must be an object");
    QTest::newRow("trailing garbage") << QByteArray("") << QByteArray("@BASE@ x") << QByteArray("8:58: invalid JSON: invalid literal");
    QTest::newRow("truncated") << QByteArray("") << QByteArray("@TRUNC@") << QByteArray("8:56: invalid JSON: unexpected end of input, expected '}'");
}

void TestScenarioReader::rejectsBadText()
{
    QFETCH(QByteArray, from);
    QFETCH(QByteArray, to);
    QFETCH(QByteArray, expected);
    QByteArray text = kBase;
    if (from.isEmpty()) {
        text = to == "@TRUNC@" ? kBase.chopped(1) : QByteArray(to).replace("@BASE@", kBase);
    } else {
        QVERIFY2(kBase.count(from) >= 1, from.constData());
        text.replace(kBase.indexOf(from), from.size(), to);
    }
    QCOMPARE(errorOf([&] { parseScenario(text.toStdString(), "t.json"); }),
             QString::fromUtf8("t.json:" + expected));
}

void TestScenarioReader::readsValue_data()
{
    // expected: the value's written form, checked below
    addColumns<std::string, std::string, std::string>("type", "json", "expected");

    QTest::newRow("int max") << std::string("int") << std::string("2147483647") << std::string("int:2147483647");
    QTest::newRow("int negative") << std::string("int") << std::string("-7") << std::string("int:-7");
    QTest::newRow("long max") << std::string("long") << std::string("9223372036854775807") << std::string("long:9223372036854775807");
    QTest::newRow("long min") << std::string("long") << std::string("-9223372036854775808") << std::string("long:-9223372036854775808");
    QTest::newRow("double exponent") << std::string("double") << std::string("1.5e3") << std::string("double:1500");
    QTest::newRow("double integer") << std::string("double") << std::string("2") << std::string("double:2");
    QTest::newRow("double infinity") << std::string("double") << std::string("\"-Infinity\"") << std::string("double:-inf");
    QTest::newRow("decimal string") << std::string("decimal(12,2)") << std::string("\"250000.10\"") << std::string("decimal:25000010");
    QTest::newRow("decimal number") << std::string("decimal(12,2)") << std::string("250000.10") << std::string("decimal:25000010");
    QTest::newRow("decimal fewer digits") << std::string("decimal(12,2)") << std::string("12.5") << std::string("decimal:1250");
    QTest::newRow("decimal integer") << std::string("decimal(12,2)") << std::string("-3") << std::string("decimal:-300");
    QTest::newRow("decimal trailing zero") << std::string("decimal(4,1)") << std::string("\"123.40\"") << std::string("decimal:1234");
    QTest::newRow("decimal max digits") << std::string("decimal(12,2)") << std::string("9999999999.99") << std::string("decimal:999999999999");
    QTest::newRow("decimal 38") << std::string("decimal(38,0)") << std::string("\"99999999999999999999999999999999999999\"") << std::string("decimal:99999999999999999999999999999999999999");
    QTest::newRow("decimal leading point") << std::string("decimal(3,2)") << std::string("\".5\"") << std::string("decimal:50");
    QTest::newRow("boolean") << std::string("boolean") << std::string("false") << std::string("boolean:false");
    QTest::newRow("string escapes") << std::string("string") << std::string("\"a\\\"b\\u00e9\"") << std::string("string:a\"b\u00e9");
    QTest::newRow("timestamp space") << std::string("timestamp") << std::string("\"1970-01-01 00:00:01.000001\"") << std::string("timestamp:1000001");
    QTest::newRow("timestamp iso") << std::string("timestamp") << std::string("\"1970-01-02T00:00:00Z\"") << std::string("timestamp:86400000000");
    QTest::newRow("timestamp before epoch") << std::string("timestamp") << std::string("\"1969-12-31 23:59:59.5\"") << std::string("timestamp:-500000");
    QTest::newRow("timestamp leap day") << std::string("timestamp") << std::string("\"2024-02-29T12:00:00\"") << std::string("timestamp:1709208000000000");
    QTest::newRow("null") << std::string("decimal(12,2)") << std::string("null") << std::string("null");
}

static std::string int128Text(Int128 v)
{
    if (v == 0)
        return "0";
    const bool negative = v < 0;
    std::string digits;
    while (v != 0) {
        const int d = static_cast<int>(v % 10);
        digits.insert(digits.begin(), static_cast<char>('0' + (d < 0 ? -d : d)));
        v /= 10;
    }
    return (negative ? "-" : "") + digits;
}

void TestScenarioReader::readsValue()
{
    QFETCH(std::string, type);
    QFETCH(std::string, json);
    QFETCH(std::string, expected);
    Value v;
    try {
        v = readOneValue(type, json);
    } catch (const Error &e) {
        QFAIL(e.what());
    }
    std::string actual;
    if (v.isNull()) {
        actual = "null";
    } else {
        switch (v.type().kind) {
        case TypeKind::Int: actual = "int:" + std::to_string(v.asInt()); break;
        case TypeKind::Long: actual = "long:" + std::to_string(v.asLong()); break;
        case TypeKind::Double:
            actual = std::isinf(v.asDouble()) ? (v.asDouble() < 0 ? "double:-inf" : "double:inf")
                                              : "double:" + std::to_string(static_cast<int64_t>(v.asDouble()));
            if (!std::isinf(v.asDouble()))
                QCOMPARE(v.asDouble(), static_cast<double>(static_cast<int64_t>(v.asDouble())));
            break;
        case TypeKind::Decimal:
            QVERIFY(v.type() == *parseTypeName(type));
            actual = "decimal:" + int128Text(v.asDecimal().unscaled);
            break;
        case TypeKind::Boolean: actual = std::string("boolean:") + (v.asBool() ? "true" : "false"); break;
        case TypeKind::String: actual = "string:" + v.asString(); break;
        case TypeKind::Timestamp: actual = "timestamp:" + std::to_string(v.asTimestamp()); break;
        default: actual = "unexpected type"; break;
        }
    }
    QCOMPARE(actual, expected);
}

void TestScenarioReader::rejectsValue_data()
{
    // expected: after "v.json:1:<column of the value>: "
    addColumns<std::string, std::string, std::string>("type", "json", "expected");

    const std::string tsForms = " is not a timestamp (expected \"YYYY-MM-DD HH:MM:SS[.ffffff]\" or ISO-8601 \"YYYY-MM-DDTHH:MM:SS[.ffffff][Z]\")";
    QTest::newRow("int too big") << std::string("int") << std::string("2147483648") << std::string("column 'c': value 2147483648 does not fit int");
    QTest::newRow("int too small") << std::string("int") << std::string("-2147483649") << std::string("column 'c': value -2147483649 does not fit int");
    QTest::newRow("long too big") << std::string("long") << std::string("9223372036854775808") << std::string("column 'c': value 9223372036854775808 does not fit long");
    QTest::newRow("int fraction") << std::string("int") << std::string("12.0") << std::string("column 'c': 12.0 is not an int");
    QTest::newRow("int exponent") << std::string("int") << std::string("1e3") << std::string("column 'c': 1e3 is not an int");
    QTest::newRow("int string") << std::string("int") << std::string("\"12\"") << std::string("column 'c': \"12\" is not an int");
    QTest::newRow("long array") << std::string("long") << std::string("[1]") << std::string("column 'c': an array is not a long");
    QTest::newRow("double string") << std::string("double") << std::string("\"nan\"") << std::string("column 'c': \"nan\" is not a double");
    QTest::newRow("double overflow") << std::string("double") << std::string("-1e400") << std::string("number -1e400 is too large for a double");
    QTest::newRow("boolean string") << std::string("boolean") << std::string("\"true\"") << std::string("column 'c': \"true\" is not a boolean");
    QTest::newRow("boolean number") << std::string("boolean") << std::string("1") << std::string("column 'c': 1 is not a boolean");
    QTest::newRow("string number") << std::string("string") << std::string("42") << std::string("column 'c': 42 is not a string");
    QTest::newRow("decimal too precise") << std::string("decimal(12,2)") << std::string("123.456") << std::string("column 'c': value 123.456 does not fit decimal(12,2)");
    QTest::newRow("decimal too big") << std::string("decimal(12,2)") << std::string("\"12345678901\"") << std::string("column 'c': value 12345678901 does not fit decimal(12,2)");
    QTest::newRow("decimal 39 digits") << std::string("decimal(38,0)") << std::string("\"999999999999999999999999999999999999999\"") << std::string("column 'c': value 999999999999999999999999999999999999999 does not fit decimal(38,0)");
    QTest::newRow("decimal exponent") << std::string("decimal(12,2)") << std::string("1e3") << std::string("column 'c': 1e3 is not a plain decimal number");
    QTest::newRow("decimal text") << std::string("decimal(12,2)") << std::string("\"12,5\"") << std::string("column 'c': \"12,5\" is not a plain decimal number");
    QTest::newRow("decimal boolean") << std::string("decimal(12,2)") << std::string("true") << std::string("column 'c': true is not a decimal(12,2)");
    QTest::newRow("timestamp date only") << std::string("timestamp") << std::string("\"2026-03-01\"") << std::string("column 'c': \"2026-03-01\"" + tsForms);
    QTest::newRow("timestamp offset") << std::string("timestamp") << std::string("\"2026-03-01T10:00:00+01:00\"") << std::string("column 'c': \"2026-03-01T10:00:00+01:00\"" + tsForms);
    QTest::newRow("timestamp Z without T") << std::string("timestamp") << std::string("\"2026-03-01 10:00:00Z\"") << std::string("column 'c': \"2026-03-01 10:00:00Z\"" + tsForms);
    QTest::newRow("timestamp nanos") << std::string("timestamp") << std::string("\"2026-03-01 10:00:00.1234567\"") << std::string("column 'c': \"2026-03-01 10:00:00.1234567\"" + tsForms);
    QTest::newRow("timestamp feb 30") << std::string("timestamp") << std::string("\"2026-02-30 10:00:00\"") << std::string("column 'c': \"2026-02-30 10:00:00\"" + tsForms);
    QTest::newRow("timestamp hour 24") << std::string("timestamp") << std::string("\"2026-03-01 24:00:00\"") << std::string("column 'c': \"2026-03-01 24:00:00\"" + tsForms);
    QTest::newRow("timestamp number") << std::string("timestamp") << std::string("1700000000") << std::string("column 'c': 1700000000 is not a timestamp");
}

void TestScenarioReader::rejectsValue()
{
    QFETCH(std::string, type);
    QFETCH(std::string, json);
    QFETCH(std::string, expected);
    int column = 0;
    const std::string text = oneValueScenario(type, json, &column);
    QCOMPARE(errorOf([&] { parseScenario(text, "v.json"); }),
             QString::fromStdString("v.json:1:" + std::to_string(column) + ": " + expected));
}

void TestScenarioReader::failsFastOnGarbage()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("garbage.scenario.json"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        std::mt19937_64 random(20260301);
        QByteArray chunk(1 << 20, '\0');
        // 60 MiB: under the file size limit (tst_scenario_limits), so the garbage itself is read.
        for (int i = 0; i < 60; ++i) {
            for (qsizetype j = 0; j < chunk.size(); j += 8) {
                const uint64_t bits = random();
                memcpy(chunk.data() + j, &bits, 8);
            }
            if (i == 0)
                chunk[0] = '\x01'; // a control character: not JSON at the very first byte
            QCOMPARE(file.write(chunk), qint64(chunk.size()));
        }
    }
    QCOMPARE(QFileInfo(path).size(), qint64(60) << 20);

    QElapsedTimer timer;
    timer.start();
    const QString message = errorOf([&] { readScenarioFile(path.toStdString()); });
    const qint64 elapsedMs = timer.elapsed();
    QCOMPARE(message, path + QStringLiteral(":1:1: invalid JSON: invalid literal"));
    QVERIFY2(elapsedMs < 1000, qPrintable(QStringLiteral("took %1 ms").arg(elapsedMs)));

    // Garbage that starts like JSON fails within its first bytes too.
    const QByteArray text = QByteArray("{\"format\": \"streamstep-scenario\", \"version\": 1, \"source\": {\"name\": \"\xff\xfe");
    QCOMPARE(errorOf([&] { parseScenario(text.toStdString(), "g.json"); }),
             QStringLiteral("g.json:1:69: invalid JSON: invalid string: ill-formed UTF-8 byte"));
}

void TestScenarioReader::rejectsDeepNesting()
{
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    QCOMPARE(errorOf([&] { parseScenario(deep, "deep.json"); }),
             QStringLiteral("deep.json:1:65: nesting too deep (more than 64 levels)"));

    // Deep objects too, and through a file, on its second line.
    std::string objects = "\n";
    for (int i = 0; i < 100000; ++i)
        objects += "{\"a\":";
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("deep.scenario.json"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(objects.data(), static_cast<qint64>(objects.size()));
    }
    QCOMPARE(errorOf([&] { readScenarioFile(path.toStdString()); }),
             path + QStringLiteral(":2:321: nesting too deep (more than 64 levels)"));
}

void TestScenarioReader::acceptsNestingUpTo64()
{
    // 64 levels are valid JSON; the reader then objects to the document's shape, not its depth.
    const std::string deep = std::string(64, '[') + std::string(64, ']');
    QCOMPARE(errorOf([&] { parseScenario(deep, "d.json"); }),
             QStringLiteral("d.json:1:1: a scenario file must be an object"));
    const std::string emitted = R"({"format": "streamstep-scenario", "version": 1, "source": {"name": "s", "schema": [{"name": "c", "type": "int"}]}, "query": [], "outputMode": "append", "sink": {"format": "console"}, "steps": [{"rows": []}], "expect": [{"step": 0, "emitted": [{"x": )"
        + std::string(59, '[') + std::string(59, ']') + "}]}]}";
    const Scenario s = parseScenario(emitted);
    QCOMPARE(s.expect.at(0).emitted->at(0).at("x").size(), size_t(1));
}

void TestScenarioReader::reportsUnopenableFile()
{
    QTemporaryDir dir;
    const std::string missing = dir.filePath(QStringLiteral("missing.scenario.json")).toStdString();
    QCOMPARE(errorOf([&] { readScenarioFile(missing); }),
             QString::fromStdString(missing + ": cannot open: No such file or directory"));
    const std::string directory = dir.path().toStdString();
    QCOMPARE(errorOf([&] { readScenarioFile(directory); }),
             QString::fromStdString(directory + ": cannot open: Is a directory"));
    QCOMPARE(errorOf([&] { parseScenario("", "e.json"); }), QStringLiteral("e.json:1:1: empty file"));
    QCOMPARE(errorOf([&] { parseScenario(" \n\t ", "e.json"); }), QStringLiteral("e.json:1:1: empty file"));
}

void TestScenarioReader::roundTripsThroughWriter()
{
    const Scenario original = readScenarioFile((kDataDir + "valid_full.scenario.json").toStdString());
    const std::string written = writeScenario(original);
    Scenario reread;
    try {
        reread = parseScenario(written, "written.json");
    } catch (const Error &e) {
        QFAIL(e.what());
    }
    compareScenarios(original, reread);
    QCOMPARE(reread.fileName, std::string("written.json"));
    QCOMPARE(writeScenario(reread), written); // writing is stable

    // A scenario of another shape: single message, complete mode, no title, every op kind.
    const std::string other = R"json({"format": "streamstep-scenario", "version": 1,
      "source": {"name": "s", "schema": [{"name": "d", "type": "decimal(38,10)"}, {"name": "t", "type": "timestamp"}]},
      "query": [{"op": "filter", "condition": "d > 0"}, {"op": "groupBy", "keys": ["t"], "aggs": ["max(d)"]}],
      "outputMode": "COMPLETE", "sink": {"format": "SQLite", "options": {"path": "o.db", "key": ["t"], "nested": {"a": [1, 2.5, null]}}},
      "steps": [{"rows": [["-1234567890123456789012345678.0123456789", "1969-12-31T23:59:59.999999Z"], ["0.0000000001", null]], "processingTime": "2026-01-01T00:00:00.000001Z"}],
      "expectError": {"exitCode": 1, "messageContains": "only one"}})json";
    const Scenario second = parseScenario(other);
    QCOMPARE(second.sink.format, std::string("sqlite"));
    const Scenario secondAgain = parseScenario(writeScenario(second));
    compareScenarios(second, secondAgain);
    Int128 unscaled = 0;
    for (char c : std::string("12345678901234567890123456780123456789"))
        unscaled = unscaled * 10 + (c - '0');
    QVERIFY(secondAgain.steps[0].rows.get(0, 0) == Value::decimal(-unscaled, 38, 10));
    QVERIFY(secondAgain.steps[0].rows.get(1, 0) == Value::decimal(1, 38, 10));
    QCOMPARE(secondAgain.steps[0].rows.get(0, 1).asTimestamp(), int64_t(-1));
    QCOMPARE(secondAgain.steps[0].processingTimeMicros.value(), utcMicros(2026, 1, 1, 0, 0, 0, 1));
    QVERIFY(secondAgain.sink.options.at("nested") == nlohmann::json::parse(R"({"a": [1, 2.5, null]})"));
    QVERIFY(secondAgain.expectError->messageContains == std::vector<std::string>{"only one"});
}

void TestScenarioReader::readsLessonMetadata()
{
    // The Lessons page's keys: German title and description, topic, level, tags.
    QByteArray text = kBase;
    text.replace("\"expectError\": {\"exitCode\": 2, \"messageContains\": \"x\"}", "\"tags\": [\"csv\", \"Watermark\"]");
    text.replace("\"version\": 1,", "\"version\": 1, \"title\": \"Late rows\", \"title_de\": \"Verspätete Zeilen\",\n"
                                  " \"description_de\": \"Beobachten Sie **den Watermark**.\", \"topic\": \"watermarks\", \"level\": \"intermediate\",");
    Scenario s;
    try {
        s = parseScenario(text.toStdString(), "m.json");
    } catch (const Error &e) {
        QFAIL(e.what());
    }
    QCOMPARE(s.title, std::string("Late rows"));
    QCOMPARE(s.titleDe, std::string("Verspätete Zeilen"));
    QCOMPARE(s.descriptionDe, std::string("Beobachten Sie **den Watermark**."));
    QCOMPARE(s.topic, std::string("watermarks"));
    QVERIFY(s.level == LessonLevel::Intermediate);
    QVERIFY(s.tags == (std::vector<std::string>{"csv", "Watermark"}));
    const std::string written = writeScenario(s);
    QVERIFY2(QString::fromStdString(written).contains(QString::fromUtf8("\"title_de\": \"Verspätete Zeilen\",\n  \"description_de\": ")), written.c_str());
    QVERIFY(QString::fromStdString(written).contains(QStringLiteral("\"level\": \"intermediate\"")));
    const Scenario again = parseScenario(written, "again.json");
    compareScenarios(s, again);

    // Without the keys a lesson has none of them, and the writer adds none.
    const Scenario plain = parseScenario(oneValueScenarioText(), "p.json");
    QVERIFY(plain.titleDe.empty() && plain.descriptionDe.empty() && plain.topic.empty() && plain.tags.empty());
    QVERIFY(plain.level == LessonLevel::None);
    QVERIFY(!QString::fromStdString(writeScenario(plain)).contains(QStringLiteral("\"level\"")));

    // The topics are the Lessons page's groups, in course order; levels round-trip by name.
    QCOMPARE(lessonTopics().front(), std::string("output-modes"));
    for (LessonLevel level : {LessonLevel::Beginner, LessonLevel::Intermediate, LessonLevel::Advanced})
        QVERIFY(parseLessonLevel(lessonLevelName(level)) == level);
    QVERIFY(!parseLessonLevel("Beginner"));
}

void TestScenarioReader::writesContractFormat()
{
    const Scenario s = readScenarioFile((kDataDir + "valid_full.scenario.json").toStdString());
    const std::string written = writeScenario(s);
    const QString text = QString::fromStdString(written);
    QVERIFY(text.startsWith(QStringLiteral("{\n  \"format\": \"streamstep-scenario\",\n  \"version\": 1,\n  \"title\": ")));
    QVERIFY(text.endsWith(QStringLiteral("\n}\n")));
    // Rows as arrays in schema order, decimals as strings with their scale, timestamps in the
    // space form, NaN as Spark spells it, explicit nulls for missing object members.
    QVERIFY2(text.contains(QStringLiteral(R"(["A1", true, 3, 9007199254740993, 1.5, "250000.10", "2026-03-01 10:01:00"])")), written.c_str());
    QVERIFY(text.contains(QStringLiteral(R"(["A2", false, -2147483648, -1, 1000.0, "12.50", "2026-03-01 10:02:03.123456"])")));
    QVERIFY(text.contains(QStringLiteral(R"([null, null, null, null, "NaN", null, null])")));
    QVERIFY(text.contains(QStringLiteral(R"([null, null, null, null, -0.0, "-0.05", "2026-03-01 10:21:00.5"])")));
    QVERIFY(text.contains(QStringLiteral(R"("processingTime": "2026-03-01 10:30:00")")));
    QVERIFY(text.contains(QStringLiteral(R"({"op": "where", "condition": "amount > 0"})")));
    QVERIFY(text.contains(QStringLiteral(R"({"op": "dropDuplicates"},)")));
    QVERIFY(text.contains(QStringLiteral(R"("outputMode": "update",)")));
    QVERIFY(text.contains(QStringLiteral(R"({"name": "seq", "type": "long"})")));
    QVERIFY(text.contains(QStringLiteral(R"("messageContains": ["Append output mode", "watermark"])")));
}

QTEST_APPLESS_MAIN(TestScenarioReader)
#include "tst_scenario_reader.moc"
