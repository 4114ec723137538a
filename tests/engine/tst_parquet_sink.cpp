// Checks the parquet sink's files with a real reader: DuckDB (tools/parquet/duckdb-read.sh, npm's
// @duckdb/node-api) reads every file written here and must see the same columns, DuckDB types,
// rows and column statistics; StreamStep's own reader (sink-cat) must read them back equal too.
// Covers every engine type with nulls, the window struct as a nested group, decimals on INT32,
// INT64 and FIXED_LEN_BYTE_ARRAY, booleans bit-packed across bytes, empty and large files, the
// sink's manifest-committed part files, update mode rejected as Spark does, and a damaged file.
#include "test_data.h"
#include "sinks/file_sink.h"
#include "sinks/parquet_format.h"

#include "streamstep/error.h"
#include "streamstep/scenario.h"
#include "streamstep/scenario_check.h"
#include "streamstep/streaming_query.h"
#include "streamstep/value_format.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

using namespace streamstep;
using namespace streamstep::testing;
namespace fs = std::filesystem;

namespace {

Schema allTypes()
{
    return Schema{{Field{"window", DataType::window(), std::nullopt}, Field{"accountId", DataType::string(), std::nullopt},
                   Field{"n", DataType::int32(), std::nullopt}, Field{"count", DataType::int64(), std::nullopt},
                   Field{"ratio", DataType::float64(), std::nullopt}, Field{"flag", DataType::boolean(), std::nullopt},
                   Field{"small", DataType::decimal(7, 2), std::nullopt}, Field{"amount", DataType::decimal(12, 2), std::nullopt},
                   Field{"total", DataType::decimal(38, 10), std::nullopt}, Field{"eventTime", DataType::timestamp(), std::nullopt}}};
}

// Rows with every kind of value: nulls in every column at different rates, extremes, odd text.
ColumnBatch sampleRows(size_t numRows, unsigned seed)
{
    std::mt19937_64 random(seed);
    ColumnBatch batch = ColumnBatch::empty(allTypes());
    const std::vector<std::string> texts{"ACC-0001", "", "O'Brien \"q\"", "ünïcødé €", "a,b\nc", std::string("nul\0byte", 8)};
    const std::vector<double> doubles{1.5, -0.25, 0.0, -0.0, 1e300, -1e-300, std::nan(""), HUGE_VAL, -HUGE_VAL, 0.1};
    const Int128 big = static_cast<Int128>(9999999999999999999ULL) * static_cast<Int128>(10000000000000000000ULL)
        + 1234567891234567891LL;
    for (size_t r = 0; r < numRows; ++r) {
        const auto pick = [&](unsigned every) { return random() % every == 0; };
        const int64_t start = kMarch1At10 + static_cast<int64_t>(random() % 1000) * 5 * kMinute - 400 * kMinute * 1000;
        std::vector<Value> row{
            pick(11) ? Value::null() : Value::window(start, start + 5 * kMinute),
            pick(7) ? Value::null() : Value::string(texts[random() % texts.size()] + std::to_string(r % 50)),
            pick(5) ? Value::null() : Value::int32(static_cast<int32_t>(random())),
            pick(6) ? Value::null() : Value::int64(r == 1 ? INT64_MIN : r == 2 ? INT64_MAX : static_cast<int64_t>(random())),
            pick(4) ? Value::null() : Value::float64(doubles[random() % doubles.size()]),
            pick(3) ? Value::null() : Value::boolean(random() & 1),
            pick(9) ? Value::null() : Value::decimal(static_cast<int64_t>(random() % 19999999) - 9999999, 7, 2),
            pick(8) ? Value::null() : Value::decimal(static_cast<int64_t>(random() % 1999999999999LL) - 999999999999LL, 12, 2),
            pick(10) ? Value::null() : Value::decimal(r % 3 == 0 ? big : r % 3 == 1 ? -big : Int128(-1), 38, 10),
            pick(12) ? Value::null() : Value::timestamp(kMarch1At10 + static_cast<int64_t>(random() % 2000000000000LL) - 1000000000000LL),
        };
        batch.appendRow(row);
    }
    return batch;
}

std::string writeFile(const fs::path &path, const std::string &bytes)
{
    std::ofstream(path, std::ios::binary) << bytes;
    return path.string();
}

// DuckDB's reading of each file (duckdb-read.sh's JSON lines).
std::vector<nlohmann::json> duckdbRead(const std::vector<std::string> &files)
{
    QProcess process;
    QStringList args{QString(STREAMSTEP_SOURCE_DIR) + "/tools/parquet/duckdb-read.sh"};
    for (const std::string &f : files)
        args << QString::fromStdString(f);
    process.start("bash", args);
    process.waitForFinished(600000);
    const QByteArray err = process.readAllStandardError();
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        qFatal("DuckDB could not read the files: %s", err.constData());
    std::vector<nlohmann::json> out;
    for (const QByteArray &line : process.readAllStandardOutput().split('\n'))
        if (!line.isEmpty())
            out.push_back(nlohmann::json::parse(line.toStdString()));
    return out;
}

QString duckdbType(const DataType &type)
{
    switch (type.kind) {
    case TypeKind::Boolean: return "BOOLEAN";
    case TypeKind::Int: return "INTEGER";
    case TypeKind::Long: return "BIGINT";
    case TypeKind::Double: return "DOUBLE";
    case TypeKind::Decimal: return QString("DECIMAL(%1,%2)").arg(type.precision).arg(type.scale);
    case TypeKind::Timestamp: return "TIMESTAMP WITH TIME ZONE";
    case TypeKind::Window: return R"(STRUCT("start" TIMESTAMP WITH TIME ZONE, "end" TIMESTAMP WITH TIME ZONE))";
    default: return "VARCHAR";
    }
}

std::optional<int64_t> duckdbTimestamp(std::string text)
{
    if (text.size() > 3 && text.compare(text.size() - 3, 3, "+00") == 0)
        text.resize(text.size() - 3);
    return parseTimestamp(text);
}

// Whether DuckDB's VARCHAR of a cell is the engine's value.
bool sameCell(const nlohmann::json &duck, const Value &value, bool windowEnd, QString *why)
{
    if (value.isNull() || duck.is_null()) {
        *why = QString("null: duckdb %1, engine %2").arg(QString::fromStdString(duck.dump()), QString::fromStdString(toJsonText(value)));
        return value.isNull() && duck.is_null();
    }
    const std::string text = duck.get<std::string>();
    *why = QString("duckdb '%1', engine %2").arg(QString::fromStdString(text), QString::fromStdString(toJsonText(value)));
    switch (value.type().kind) {
    case TypeKind::Boolean: return text == (value.asBool() ? "true" : "false");
    case TypeKind::Int:
    case TypeKind::Long: return text == toDisplayString(value);
    case TypeKind::Double: {
        const double d = std::strtod(text.c_str(), nullptr);
        const double v = value.asDouble();
        return (std::isnan(d) && std::isnan(v)) || (d == v && std::signbit(d) == std::signbit(v));
    }
    case TypeKind::Decimal: return text == formatDecimal(value.asDecimal().unscaled, value.type().scale);
    case TypeKind::Timestamp: return duckdbTimestamp(text) == value.asTimestamp();
    case TypeKind::Window:
        return duckdbTimestamp(text) == (windowEnd ? value.asWindow().endMicros : value.asWindow().startMicros);
    default: return text == value.asString();
    }
}

// Compares DuckDB's reading of a file with the rows written to it: columns, types, every cell,
// and each column chunk's null count and min/max.
void compareWithDuckdb(const nlohmann::json &duck, const ColumnBatch &rows)
{
    QCOMPARE(duck["columns"].size(), rows.schema.fields.size());
    for (size_t c = 0; c < rows.schema.fields.size(); ++c) {
        QCOMPARE(QString::fromStdString(duck["columns"][c]["name"].get<std::string>()), QString::fromStdString(rows.schema.fields[c].name));
        QCOMPARE(QString::fromStdString(duck["columns"][c]["type"].get<std::string>()), duckdbType(rows.schema.fields[c].type));
    }
    QCOMPARE(duck["rows"].size(), rows.numRows);
    for (size_t r = 0; r < rows.numRows; ++r) {
        size_t cell = 0;
        for (size_t c = 0; c < rows.columns.size(); ++c) {
            const Value value = rows.get(r, c);
            const int parts = rows.schema.fields[c].type.kind == TypeKind::Window ? 2 : 1;
            for (int p = 0; p < parts; ++p) {
                QString why;
                if (!sameCell(duck["rows"][r][cell++], value, p == 1, &why))
                    QFAIL(qPrintable(QString("row %1 column %2: %3").arg(r).arg(QString::fromStdString(rows.schema.fields[c].name), why)));
            }
        }
    }
    // Statistics per column chunk (a window gives two): null counts, and min/max where comparable.
    size_t leaf = 0;
    for (size_t c = 0; c < rows.columns.size(); ++c) {
        const DataType &type = rows.schema.fields[c].type;
        const int parts = type.kind == TypeKind::Window ? 2 : 1;
        for (int p = 0; p < parts; ++p, ++leaf) {
            const nlohmann::json &stats = duck["stats"][leaf];
            QCOMPARE(QString::fromStdString(stats["compression"].get<std::string>()), QString("SNAPPY"));
            int64_t nulls = 0;
            std::optional<Value> min, max;
            for (size_t r = 0; r < rows.numRows; ++r) {
                const Value v = rows.get(r, c);
                if (v.isNull()) {
                    ++nulls;
                    continue;
                }
                if (type.kind == TypeKind::Double && std::isnan(v.asDouble()))
                    continue;
                const auto less = [&](const Value &a, const Value &b) {
                    switch (type.kind) {
                    case TypeKind::String: return a.asString() < b.asString();
                    case TypeKind::Decimal: return a.asDecimal().unscaled < b.asDecimal().unscaled;
                    case TypeKind::Double: return a.asDouble() < b.asDouble();
                    case TypeKind::Window:
                        return p == 0 ? a.asWindow().startMicros < b.asWindow().startMicros : a.asWindow().endMicros < b.asWindow().endMicros;
                    case TypeKind::Boolean: return !a.asBool() && b.asBool();
                    case TypeKind::Timestamp: return a.asTimestamp() < b.asTimestamp();
                    default: return std::stoll(toDisplayString(a)) < std::stoll(toDisplayString(b));
                    }
                };
                if (!min || less(v, *min))
                    min = v;
                if (!max || less(*max, v))
                    max = v;
            }
            QCOMPARE(std::stoll(stats["nulls"].get<std::string>()), nulls);
            if (!min) {
                QVERIFY(stats["stats_min_value"].is_null());
                continue;
            }
            QString why;
            if (type.kind != TypeKind::Double) { // a zero double's min is -0.0 (integerStatistics)
                QVERIFY2(sameCell(stats["stats_min_value"], *min, p == 1, &why), qPrintable("min of " + QString::number(leaf) + ": " + why));
                QVERIFY2(sameCell(stats["stats_max_value"], *max, p == 1, &why), qPrintable("max of " + QString::number(leaf) + ": " + why));
            }
        }
    }
}

} // namespace

class TestParquetSink : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void filesReadBack_data();
    void filesReadBack();
    void integerStatistics();
    void sinkWritesCommittedPartFiles();
    void updateModeIsRejected();
    void damagedFileIsNamed();

private:
    QTemporaryDir m_dir{QDir::tempPath() + "/tst_parquet_sink-XXXXXX"};
    fs::path m_base;
};

void TestParquetSink::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_base = m_dir.path().toStdString();
}

void TestParquetSink::filesReadBack_data()
{
    QTest::addColumn<int>("numRows");
    for (int n : {0, 1, 7, 9, 1000, 100000})
        QTest::addRow("%d rows", n) << n;
}

void TestParquetSink::filesReadBack()
{
    QFETCH(int, numRows);
    const ColumnBatch rows = sampleRows(static_cast<size_t>(numRows), static_cast<unsigned>(numRows) + 17);
    const std::string bytes = ParquetFormat::write(rows);
    QVERIFY(bytes.starts_with("PAR1") && bytes.ends_with("PAR1"));
    const std::string file = writeFile(m_base / ("all-" + std::to_string(numRows) + ".parquet"), bytes);

    // StreamStep's reader: the same schema and values.
    const ColumnBatch back = ParquetFormat::read(bytes);
    QCOMPARE(back.schema.fields.size(), rows.schema.fields.size());
    for (size_t c = 0; c < rows.schema.fields.size(); ++c)
        QCOMPARE(QString::fromStdString(back.schema.fields[c].type.sparkName()), QString::fromStdString(rows.schema.fields[c].type.sparkName()));
    QCOMPARE(back.numRows, rows.numRows);
    for (size_t r = 0; r < rows.numRows; ++r)
        if (rowToJson(back, r) != rowToJson(rows, r))
            QFAIL(qPrintable(QString("row %1: %2 read back as %3").arg(r).arg(QString::fromStdString(rowToJson(rows, r)),
                                                                               QString::fromStdString(rowToJson(back, r)))));

    // DuckDB: the same columns, types, rows and statistics.
    const std::vector<nlohmann::json> duck = duckdbRead({file});
    QCOMPARE(duck.size(), size_t(1));
    compareWithDuckdb(duck[0], rows);
}

void TestParquetSink::integerStatistics()
{
    // Signed min/max of INT32 and INT64 columns as DuckDB reads them from the footer.
    const Schema schema{{Field{"n", DataType::int32(), std::nullopt}, Field{"count", DataType::int64(), std::nullopt},
                         Field{"ratio", DataType::float64(), std::nullopt}, Field{"empty", DataType::string(), std::nullopt}}};
    ColumnBatch rows = ColumnBatch::empty(schema);
    rows.appendRow({Value::int32(-7), Value::int64(INT64_MIN), Value::float64(std::nan("")), Value::null()});
    rows.appendRow({Value::int32(12), Value::int64(5), Value::float64(-0.0), Value::null()});
    rows.appendRow({Value::null(), Value::int64(INT64_MAX), Value::float64(2.5), Value::null()});
    const std::string file = writeFile(m_base / "stats.parquet", ParquetFormat::write(rows));
    const nlohmann::json duck = duckdbRead({file}).at(0);
    compareWithDuckdb(duck, rows);
    const nlohmann::json &stats = duck["stats"];
    QCOMPARE(stats[0]["stats_min_value"].get<std::string>(), std::string("-7"));
    QCOMPARE(stats[0]["stats_max_value"].get<std::string>(), std::string("12"));
    QCOMPARE(stats[1]["stats_min_value"].get<std::string>(), std::to_string(INT64_MIN));
    QCOMPARE(stats[1]["stats_max_value"].get<std::string>(), std::to_string(INT64_MAX));
    QCOMPARE(stats[2]["stats_min_value"].get<std::string>(), std::string("-0.0")); // NaN left out; zero min is -0.0
    QCOMPARE(stats[2]["stats_max_value"].get<std::string>(), std::string("2.5"));
    QCOMPARE(stats[3]["nulls"].get<std::string>(), std::string("3"));
    QVERIFY(stats[3]["stats_max_value"].is_null());
}

void TestParquetSink::sinkWritesCommittedPartFiles()
{
    // The windowed-totals lesson in append mode into the parquet sink, through the engine.
    Scenario scenario = readScenarioFile(std::string(STREAMSTEP_SOURCE_DIR) + "/scenarios/04-windowed-totals-append.scenario.json");
    scenario.sink = SinkSpec{"parquet", {{"path", "out/windowed"}}, {}};
    const fs::path output = m_base / "sink";
    fs::create_directories(output);
    StreamingQueryOptions options;
    options.outputDir = output.string();
    options.checkpointDir = (m_base / "sink-checkpoint").string();
    StreamingQuery query(scenario, options);
    ColumnBatch emitted;
    std::vector<std::string> files;
    std::vector<ColumnBatch> perFile;
    for (const BatchReport &r : query.runAll()) {
        if (r.emitted.numRows == 0)
            continue;
        files.push_back((output / "out/windowed" / FileSink::partFileName(r.batchId, FileSink::Format::Parquet)).string());
        perFile.push_back(r.emitted);
        if (emitted.schema.fields.empty())
            emitted = ColumnBatch::empty(r.emitted.schema);
        for (size_t row = 0; row < r.emitted.numRows; ++row) {
            std::vector<Value> values;
            for (size_t c = 0; c < r.emitted.columns.size(); ++c)
                values.push_back(r.emitted.get(row, c));
            emitted.appendRow(values);
        }
    }
    QVERIFY(files.size() >= 2);
    QVERIFY(QString::fromStdString(files[0]).endsWith("-c000.snappy.parquet"));
    const ColumnBatch committed = readSinkOutput((output / "out/windowed").string());
    QCOMPARE(committed.numRows, emitted.numRows);
    for (size_t r = 0; r < emitted.numRows; ++r)
        QCOMPARE(QString::fromStdString(rowToJson(committed, r)), QString::fromStdString(rowToJson(emitted, r)));
    const std::vector<nlohmann::json> duck = duckdbRead(files);
    QCOMPARE(duck.size(), files.size());
    for (size_t i = 0; i < files.size(); ++i)
        compareWithDuckdb(duck[i], perFile[i]);
}

void TestParquetSink::updateModeIsRejected()
{
    Scenario scenario = readScenarioFile(std::string(STREAMSTEP_SOURCE_DIR) + "/scenarios/03-account-counts-update.scenario.json");
    scenario.sink = SinkSpec{"parquet", {{"path", "out/counts"}}, {}};
    try {
        StreamingQueryOptions options;
        options.outputDir = m_base.string();
        StreamingQuery query(scenario, options);
        QFAIL("Spark refuses update mode for a file sink");
    } catch (const Error &e) {
        QCOMPARE(e.kind(), ErrorKind::Analysis);
        QCOMPARE(QString::fromStdString(e.message()), QString("Data source parquet does not support Update output mode."));
    }
}

void TestParquetSink::damagedFileIsNamed()
{
    const ColumnBatch rows = sampleRows(20, 3);
    std::string bytes = ParquetFormat::write(rows);
    const auto refused = [](std::string_view b) {
        try {
            ParquetFormat::read(b);
        } catch (const Error &e) {
            return QString::fromStdString(e.message());
        }
        return QString();
    };
    QCOMPARE(refused(bytes.substr(0, bytes.size() - 1)), QString("it is not a Parquet file (no PAR1 at its start and end)"));
    std::string cut = bytes;
    cut.erase(40, 30); // a page loses bytes: the footer's offsets point elsewhere
    QVERIFY(!refused(cut).isEmpty());
    std::string footer = bytes;
    footer[footer.size() - 8] = static_cast<char>(0xFF);
    footer[footer.size() - 7] = static_cast<char>(0xFF);
    QCOMPARE(refused(footer), QString("its footer length is larger than the file"));
}

QTEST_APPLESS_MAIN(TestParquetSink)
#include "tst_parquet_sink.moc"
