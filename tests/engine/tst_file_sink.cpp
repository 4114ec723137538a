// Checks the csv and json file sinks: RFC 4180 quoting and Spark's CSV/JSON value forms, exact
// round trips, the _spark_metadata manifest (only committed files are read, a replayed batch id
// is skipped, a crash's orphans are invisible) and the sink path rules.
#include "test_columns.h"
#include "expect_error.h"
#include "test_data.h"
#include "checkpoint/atomic_file.h"
#include "sinks/csv_format.h"
#include "sinks/file_sink.h"
#include "sinks/json_lines_format.h"
#include "sinks/sink.h"
#include "sinks/spark_file_sink_log.h"

#include "streamstep/error.h"
#include "streamstep/scenario_check.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <filesystem>
#include <functional>
#include <fstream>

using namespace streamstep;
using namespace streamstep::testing;
namespace fs = std::filesystem;

Q_DECLARE_METATYPE(streamstep::Value)
Q_DECLARE_METATYPE(streamstep::DataType)

namespace {

// Every type the CSV sink writes, with the values that need care.
ColumnBatch allTypes()
{
    return makeBatch({{"s", DataType::string()},
                      {"i", DataType::int32()},
                      {"l", DataType::int64()},
                      {"d", DataType::float64()},
                      {"amount", DataType::decimal(38, 2)},
                      {"ok", DataType::boolean()},
                      {"at", DataType::timestamp()}},
                     {{Value::string("plain"), Value::int32(-7), Value::int64(9007199254740993LL), Value::float64(1e7),
                       Value::decimal(Int128(123456789012345678LL) * 1000000000000000000LL + 1, 38, 2),
                       Value::boolean(true), Value::timestamp(kMarch1At10 + 123000)},
                      {Value::string("a,b \"c\"\nd\r\ne"), Value::null(), Value::null(), Value::float64(std::nan("")),
                       Value::decimal(-5, 38, 2), Value::boolean(false), Value::null()},
                      {Value::string(""), Value::int32(0), Value::int64(0), Value::float64(-0.5),
                       Value::null(), Value::null(), Value::timestamp(0)},
                      {Value::null(), Value::int32(1), Value::int64(1), Value::float64(HUGE_VAL),
                       Value::decimal(1, 38, 2), Value::boolean(true), Value::timestamp(kMarch1At10)},
                      {Value::string(" padded "), Value::int32(2), Value::int64(2), Value::float64(0.1),
                       Value::decimal(0, 38, 2), Value::boolean(false), Value::timestamp(kMarch1At10)},
                      {Value::string("Zürich — 東京"), Value::int32(3), Value::int64(3), Value::float64(1.25),
                       Value::decimal(99, 38, 2), Value::boolean(true), Value::timestamp(kMarch1At10)}});
}

QStringList jsonRows(const ColumnBatch &batch)
{
    QStringList out;
    for (size_t r = 0; r < batch.numRows; ++r)
        out << QString::fromStdString(rowToJson(batch, r));
    return out;
}

SinkContext context(const std::string &queryId)
{
    return SinkContext{fs::path(), queryId, {}};
}

std::string readText(const fs::path &path) { return AtomicFile::read(path); }

// What a sink test starts from: a fresh temporary folder, the sink's folder `out` in it (not
// created yet), and the rows it writes.
struct SinkTestFolder {
    QTemporaryDir dir;
    fs::path folder = fs::path(dir.path().toStdString()) / "out";
    ColumnBatch batch = allTypes();
};

// The sink formats the folder tests run through, each in its own folder below the test's.
constexpr FileSink::Format kFolderFormats[] = {FileSink::Format::Csv, FileSink::Format::Json};

fs::path formatFolder(const fs::path &folder, FileSink::Format format)
{
    return folder / (format == FileSink::Format::Csv ? "csv" : "json");
}

// The folder tests' two batches: rows 0-2 of `batch` as batch 0, rows 3-5 as batch 1.
void addTwoBatches(FileSink &sink, const ColumnBatch &batch)
{
    sink.addBatch(0, batch.gather({0, 1, 2}), OutputMode::Append);
    sink.addBatch(1, batch.gather({3, 4, 5}), OutputMode::Append);
}

} // namespace

class TestFileSink : public QObject {
    Q_OBJECT

private slots:
    void csvField_data();
    void csvField();
    void csvRoundTrip();
    void csvParseErrors_data();
    void csvParseErrors();
    void jsonRow_data();
    void jsonRow();
    void jsonRoundTripKeepsDecimalsExact();
    void manifestListsCommittedBatches();
    void replayedBatchIsSkipped();
    void crashOrphansAreInvisible();
    void emptyBatchIsCommittedWithoutFiles();
    void anotherQuerySkipsTheBatchesTheFolderHolds();
    void sparkLogIsCompactedEveryTenthBatch();
    void damagedFilesAreNamed();
    void inMemoryFolderReadsLikeTheDisk();
    void sinkPath_data();
    void sinkPath();
};

void TestFileSink::csvField_data()
{
    addColumns<Value, DataType, QByteArray>("value", "type", "expected");

    QTest::newRow("plain") << Value::string("ACC-1") << DataType::string() << QByteArray("ACC-1,x\n");
    QTest::newRow("comma quoted") << Value::string("a,b") << DataType::string() << QByteArray("\"a,b\",x\n");
    QTest::newRow("quote doubled") << Value::string("say \"hi\"") << DataType::string()
                                   << QByteArray("\"say \"\"hi\"\"\",x\n");
    QTest::newRow("newline quoted") << Value::string("a\nb") << DataType::string() << QByteArray("\"a\nb\",x\n");
    QTest::newRow("carriage return quoted") << Value::string("a\rb") << DataType::string()
                                            << QByteArray("\"a\rb\",x\n");
    QTest::newRow("outer spaces quoted") << Value::string(" a ") << DataType::string() << QByteArray("\" a \",x\n");
    QTest::newRow("empty string is \"\"") << Value::string("") << DataType::string() << QByteArray("\"\",x\n");
    QTest::newRow("NULL is nothing") << Value::null() << DataType::string() << QByteArray(",x\n");
    QTest::newRow("utf-8 as is") << Value::string("東京") << DataType::string() << QByteArray("東京,x\n");
    QTest::newRow("decimal keeps scale") << Value::decimal(1250, 12, 2) << DataType::decimal(12, 2)
                                         << QByteArray("12.50,x\n");
    QTest::newRow("negative decimal") << Value::decimal(-5, 12, 2) << DataType::decimal(12, 2)
                                      << QByteArray("-0.05,x\n");
    QTest::newRow("double as Java") << Value::float64(1e7) << DataType::float64() << QByteArray("1.0E7,x\n");
    QTest::newRow("NaN") << Value::float64(std::nan("")) << DataType::float64() << QByteArray("NaN,x\n");
    QTest::newRow("timestamp ISO millis") << Value::timestamp(kMarch1At10 + 123456) << DataType::timestamp()
                                          << QByteArray("2026-03-01T10:00:00.123Z,x\n");
    QTest::newRow("boolean") << Value::boolean(false) << DataType::boolean() << QByteArray("false,x\n");
    QTest::newRow("long") << Value::int64(-9223372036854775807LL - 1) << DataType::int64()
                          << QByteArray("-9223372036854775808,x\n");
}

void TestFileSink::csvField()
{
    QFETCH(Value, value);
    QFETCH(DataType, type);
    QFETCH(QByteArray, expected);
    const ColumnBatch batch = makeBatch({{"v", type}, {"w", DataType::string()}}, {{value, Value::string("x")}});
    std::string out;
    CsvFormat::appendRow(out, batch, 0);
    QCOMPARE(QByteArray::fromStdString(out), expected);
}

void TestFileSink::csvRoundTrip()
{
    const ColumnBatch batch = allTypes();
    std::string text;
    CsvFormat::appendHeader(text, batch.schema);
    for (size_t r = 0; r < batch.numRows; ++r)
        CsvFormat::appendRow(text, batch, r);
    const auto records = CsvFormat::parse(text);
    QCOMPARE(records.size(), batch.numRows + 1);
    QCOMPARE(records[0].size(), batch.schema.size());
    QCOMPARE(records[0][4].text, std::string("amount"));
    ColumnBatch back = ColumnBatch::empty(batch.schema);
    for (size_t i = 1; i < records.size(); ++i)
        back.appendRow(CsvFormat::toRow(records[i], batch.schema));
    // Timestamps are written with milliseconds, like Spark's default timestampFormat.
    ColumnBatch expected = batch;
    expected.columns[6].ints()[0] = kMarch1At10 + 123000;
    QCOMPARE(jsonRows(back), jsonRows(expected));
    QVERIFY(std::isnan(back.columns[3].doubles()[1]));
    QCOMPARE(back.get(2, 0), Value::string(""));  // "" stays an empty string
    QVERIFY(back.get(3, 0).isNull());             // nothing stays NULL

    // CRLF line ends and a final record without a line end read the same.
    const auto crlf = CsvFormat::parse("a,\"b\r\nc\"\r\n1,2");
    QCOMPARE(crlf.size(), size_t(2));
    QCOMPARE(crlf[0][1].text, std::string("b\r\nc"));
    QCOMPARE(crlf[1][1].text, std::string("2"));
}

void TestFileSink::csvParseErrors_data()
{
    addColumns<QByteArray, QString>("text", "message");
    QTest::newRow("unclosed quote") << QByteArray("a,b\n\"never closed,c\n") << "line 2: a quoted field is never closed";
    QTest::newRow("text after quote") << QByteArray("\"a\"b,c\n") << "line 1: text after the closing quote";
}

void TestFileSink::csvParseErrors()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    try {
        CsvFormat::parse(text.toStdString());
        QFAIL("no error");
    } catch (const Error &e) {
        QVERIFY2(QString::fromStdString(e.message()).startsWith(message), e.what());
    }
}

void TestFileSink::jsonRow_data()
{
    addColumns<Value, DataType, QByteArray>("value", "type", "expected");
    QTest::newRow("string escaped") << Value::string("a\"b\\c\n") << DataType::string()
                                    << QByteArray(R"({"v":"a\"b\\c\n","k":1})" "\n");
    QTest::newRow("NULL left out") << Value::null() << DataType::string() << QByteArray("{\"k\":1}\n");
    QTest::newRow("decimal number with scale") << Value::decimal(25000010, 12, 2) << DataType::decimal(12, 2)
                                               << QByteArray("{\"v\":250000.10,\"k\":1}\n");
    QTest::newRow("double") << Value::float64(0.1) << DataType::float64() << QByteArray("{\"v\":0.1,\"k\":1}\n");
    QTest::newRow("NaN as string") << Value::float64(std::nan("")) << DataType::float64()
                                   << QByteArray("{\"v\":\"NaN\",\"k\":1}\n");
    QTest::newRow("timestamp") << Value::timestamp(kMarch1At10) << DataType::timestamp()
                               << QByteArray("{\"v\":\"2026-03-01T10:00:00.000Z\",\"k\":1}\n");
    QTest::newRow("window struct") << Value::window(kMarch1At10, kMarch1At10 + 5 * kMinute) << DataType::window()
                                   << QByteArray(R"({"v":{"start":"2026-03-01T10:00:00.000Z","end":"2026-03-01T10:05:00.000Z"},"k":1})" "\n");
    QTest::newRow("boolean") << Value::boolean(true) << DataType::boolean() << QByteArray("{\"v\":true,\"k\":1}\n");
}

void TestFileSink::jsonRow()
{
    QFETCH(Value, value);
    QFETCH(DataType, type);
    QFETCH(QByteArray, expected);
    const ColumnBatch batch = makeBatch({{"v", type}, {"k", DataType::int32()}}, {{value, Value::int32(1)}});
    std::string out;
    JsonLinesFormat::appendRow(out, batch, 0);
    QCOMPARE(QByteArray::fromStdString(out), expected);
    // …and reads back to the same row.
    const std::vector<Value> back = JsonLinesFormat::parseRow(out.substr(0, out.size() - 1), batch.schema);
    if (type.kind == TypeKind::Double && std::isnan(value.asDouble()))
        QVERIFY(std::isnan(back[0].asDouble()));
    else
        QCOMPARE(back[0], value);
}

void TestFileSink::jsonRoundTripKeepsDecimalsExact()
{
    ColumnBatch batch = allTypes();
    batch.schema.fields.push_back(Field{"w", DataType::window(), std::nullopt});
    batch.columns.push_back(Column(DataType::window()));
    for (size_t r = 0; r < batch.numRows; ++r)
        batch.columns.back().append(r % 2 ? Value::null() : Value::window(kMarch1At10, kMarch1At10 + kMinute));
    ColumnBatch back = ColumnBatch::empty(batch.schema);
    for (size_t r = 0; r < batch.numRows; ++r) {
        std::string line;
        JsonLinesFormat::appendRow(line, batch, r);
        line.pop_back();
        back.appendRow(JsonLinesFormat::parseRow(line, batch.schema));
    }
    ColumnBatch expected = batch;
    expected.columns[6].ints()[0] = kMarch1At10 + 123000;
    QCOMPARE(jsonRows(back), jsonRows(expected));
    // 1234567890123456780000000000000000.01 would not survive a double.
    QCOMPARE(back.get(0, 4), batch.get(0, 4));

    try {
        JsonLinesFormat::parseRow("[1,2]", batch.schema);
        QFAIL("an array is not a row");
    } catch (const Error &) {
    }
    try {
        JsonLinesFormat::parseRow(R"({"amount":"12.5"})", batch.schema);
        QFAIL("a string is not a decimal");
    } catch (const Error &e) {
        QVERIFY2(QString::fromStdString(e.message()).contains("amount"), e.what());
    }
}

void TestFileSink::manifestListsCommittedBatches()
{
    const auto &[dir, folder, batch] = SinkTestFolder{};
    for (const FileSink::Format format : kFolderFormats) {
        const fs::path sinkFolder = formatFolder(folder, format);
        FileSink sink(sinkFolder, "out", format, true, batch.schema, context("q1"));
        QCOMPARE(sink.lastCommittedBatch(), std::optional<int64_t>());
        addTwoBatches(sink, batch);
        QCOMPARE(sink.lastCommittedBatch(), std::optional<int64_t>(1));
        QVERIFY(fs::exists(sinkFolder / FileSink::partFileName(0, format)));
        QVERIFY(fs::exists(sinkFolder / FileSink::kManifestFolder / "1"));
        // Spark's SinkFileStatus line, then StreamStep's own entry in the folder Spark ignores.
        const std::string sparkEntry = readText(sinkFolder / FileSink::kManifestFolder / "0");
        const fs::path part = fs::absolute(sinkFolder / FileSink::partFileName(0, format));
        QVERIFY2(sparkEntry.starts_with("v1\n{\"path\":\"file://" + part.string() + "\",\"size\":"
                                        + std::to_string(fs::file_size(part)) + ",\"isDir\":false,\"modificationTime\":"),
                 sparkEntry.c_str());
        QVERIFY2(sparkEntry.ends_with(",\"blockReplication\":1,\"blockSize\":33554432,\"action\":\"add\"}"), sparkEntry.c_str());
        const std::string entry = readText(sinkFolder / FileSink::kManifestFolder / FileSink::kBookkeepingFolder / "0");
        QVERIFY(entry.starts_with("v1\n{"));
        QVERIFY(entry.find("\"queryId\":\"q1\"") != std::string::npos);

        const ColumnBatch back = FileSink::readCommitted(sinkFolder);
        ColumnBatch expected = batch;
        expected.columns[6].ints()[0] = kMarch1At10 + 123000;
        QCOMPARE(jsonRows(back), jsonRows(expected));

        // Reopening finds the committed batches.
        FileSink again(sinkFolder, "out", format, true, batch.schema, context("q1"));
        QCOMPARE(again.lastCommittedBatch(), std::optional<int64_t>(1));
    }
    const std::string csv = readText(formatFolder(folder, FileSink::Format::Csv) / FileSink::partFileName(0, FileSink::Format::Csv));
    QVERIFY2(csv.starts_with("s,i,l,d,amount,ok,at\nplain,-7,9007199254740993,1.0E7,"), csv.c_str());
}

void TestFileSink::replayedBatchIsSkipped()
{
    const auto &[dir, folder, batch] = SinkTestFolder{};
    {
        FileSink sink(folder, "out", FileSink::Format::Json, false, batch.schema, context("q1"));
        sink.addBatch(0, batch.gather({0}), OutputMode::Append);
        sink.addBatch(1, batch.gather({1}), OutputMode::Append);
    }
    const std::string before = readText(folder / FileSink::partFileName(1, FileSink::Format::Json));
    FileSink sink(folder, "out", FileSink::Format::Json, false, batch.schema, context("q1"));
    sink.addBatch(0, batch.gather({2, 3}), OutputMode::Append); // a replay with other rows
    sink.addBatch(1, batch.gather({4, 5}), OutputMode::Append);
    QCOMPARE(readText(folder / FileSink::partFileName(1, FileSink::Format::Json)), before);
    QCOMPARE(FileSink::readCommitted(folder).numRows, size_t(2));
    sink.addBatch(2, batch.gather({5}), OutputMode::Append);
    QCOMPARE(FileSink::readCommitted(folder).numRows, size_t(3));
    try {
        sink.addBatch(3, batch, OutputMode::Update);
        QFAIL("update mode accepted");
    } catch (const Error &e) {
        QCOMPARE(e.message(), std::string("Data source json does not support update output mode"));
    }
}

void TestFileSink::crashOrphansAreInvisible()
{
    const auto &[dir, folder, batch] = SinkTestFolder{};
    SinkContext crashing = context("q1");
    crashing.faultHook = [](std::string_view point, int64_t batchId) {
        if (point == "mid-sink" && batchId == 1)
            throw std::runtime_error("simulated crash");
    };
    {
        FileSink sink(folder, "out", FileSink::Format::Csv, false, batch.schema, crashing);
        sink.addBatch(0, batch.gather({0}), OutputMode::Append);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, sink.addBatch(1, batch.gather({1, 2}), OutputMode::Append));
    }
    // The part file of batch 1 exists, its manifest entry does not: readers don't see it.
    QVERIFY(fs::exists(folder / FileSink::partFileName(1, FileSink::Format::Csv)));
    QCOMPARE(FileSink::readCommitted(folder).numRows, size_t(1));
    // A torn temp file from a killed write is removed when the sink opens again.
    std::ofstream(folder / ".part-00002-c000.csv.tmp") << "torn";
    FileSink sink(folder, "out", FileSink::Format::Csv, false, batch.schema, context("q1"));
    QVERIFY(!fs::exists(folder / ".part-00002-c000.csv.tmp"));
    QCOMPARE(sink.lastCommittedBatch(), std::optional<int64_t>(0));
    sink.addBatch(1, batch.gather({3}), OutputMode::Append); // the replay overwrites the orphan
    const ColumnBatch back = FileSink::readCommitted(folder);
    QCOMPARE(back.numRows, size_t(2));
    QVERIFY(back.get(1, 0).isNull()); // row 3's NULL string, not the orphan's rows
}

void TestFileSink::emptyBatchIsCommittedWithoutFiles()
{
    const auto &[dir, folder, batch] = SinkTestFolder{};
    FileSink sink(folder, "out", FileSink::Format::Csv, true, batch.schema, context("q1"));
    sink.addBatch(0, ColumnBatch::empty(batch.schema), OutputMode::Append);
    QCOMPARE(sink.lastCommittedBatch(), std::optional<int64_t>(0));
    QVERIFY(!fs::exists(folder / FileSink::partFileName(0, FileSink::Format::Csv)));
    QCOMPARE(FileSink::readCommitted(folder).numRows, size_t(0));
}

// Spark's FileStreamSink.addBatch: a batch id the folder's manifest already holds is skipped
// ("Skipping already committed batch"), also when another query wrote it; later ids are written.
void TestFileSink::anotherQuerySkipsTheBatchesTheFolderHolds()
{
    const auto &[dir, folder, batch] = SinkTestFolder{};
    {
        FileSink sink(folder, "out", FileSink::Format::Csv, false, batch.schema, context("first"));
        QCOMPARE(QString::fromStdString(sink.openingNotice()), QString());
        sink.addBatch(0, batch, OutputMode::Append);
    }
    const size_t afterFirst = FileSink::readCommitted(folder).numRows;
    FileSink sink(folder, "out", FileSink::Format::Csv, false, batch.schema, context("second"));
    QVERIFY2(sink.openingNotice().starts_with("Note: the csv sink 'out' already holds batches up to 0 written by "
                                              "another query (id first). As Spark's file sink does, this query "
                                              "skips its batches up to 0 there"),
             sink.openingNotice().c_str());
    sink.addBatch(0, batch, OutputMode::Append); // skipped: the folder holds batch 0
    QCOMPARE(FileSink::readCommitted(folder).numRows, afterFirst);
    sink.addBatch(1, batch, OutputMode::Append);
    QCOMPARE(FileSink::readCommitted(folder).numRows, afterFirst + batch.numRows);
    QCOMPARE(sink.lastCommittedBatch(), std::optional<int64_t>(1));
}

// Spark's CompactibleFileStreamLog: batch 9 (then 19) is written as 9.compact holding every
// file of batches 0-9, with Spark's percent-encoded file: URIs; readers read the latest compact
// file and the batches after it, and a folder Spark wrote alone is refused by name.
void TestFileSink::sparkLogIsCompactedEveryTenthBatch()
{
    QTemporaryDir dir;
    const fs::path folder = fs::path(dir.path().toStdString()) / "out dir #1";
    const ColumnBatch batch = allTypes();
    FileSink sink(folder, "out", FileSink::Format::Json, false, batch.schema, context("q1"));
    for (int64_t b = 0; b < 23; ++b)
        sink.addBatch(b, b % 4 == 3 ? ColumnBatch::empty(batch.schema) : batch.gather({uint32_t(b % 6)}), OutputMode::Append);
    const fs::path log = folder / FileSink::kManifestFolder;
    QVERIFY(fs::exists(log / "9.compact") && !fs::exists(log / "9"));
    QVERIFY(fs::exists(log / "19.compact") && fs::exists(log / "20") && !fs::exists(log / "20.compact"));
    const SparkFileSinkLog sparkLog(log);
    QCOMPARE(sparkLog.latestBatchId(), std::optional<int64_t>(22));
    const std::vector<SparkFileSinkLog::Entry> compact = sparkLog.read(log / "19.compact");
    QCOMPARE(compact.size(), size_t(15)); // batches 0-19 without the 5 empty ones
    QCOMPARE(compact.front().path, SparkFileSinkLog::fileUri(fs::absolute(folder) / FileSink::partFileName(0, FileSink::Format::Json)));
    QVERIFY2(compact.front().path.find("/out%20dir%20%231/part-00000-c000.json") != std::string::npos, compact.front().path.c_str());
    QCOMPARE(SparkFileSinkLog::fileNameOfUri(compact.back().path), std::optional<std::string>("part-00018-c000.json"));
    QCOMPARE(sparkLog.allFiles().size(), size_t(18));
    QCOMPARE(readText(log / "3"), std::string("v1")); // an empty batch: the version line alone
    QCOMPARE(FileSink::readCommitted(folder).numRows, size_t(18));
    // Without StreamStep's entries the folder is one Spark (or another tool) wrote.
    fs::remove_all(log / FileSink::kBookkeepingFolder);
    VERIFY_ERROR_CONTAINS(FileSink::readCommitted(folder),
                          "lists 'part-00000-c000.json', which StreamStep did not write");
}

void TestFileSink::damagedFilesAreNamed()
{
    const auto &[dir, folder, batch] = SinkTestFolder{};
    {
        FileSink sink(folder, "out", FileSink::Format::Json, false, batch.schema, context("q"));
        sink.addBatch(0, batch, OutputMode::Append);
        sink.addBatch(1, batch, OutputMode::Append);
    }
    const fs::path part = folder / FileSink::partFileName(1, FileSink::Format::Json);
    fs::resize_file(part, fs::file_size(part) - 3);
    VERIFY_ERROR_CONTAINS(FileSink::readCommitted(folder), "part file '" + part.string() + "' is damaged");
    const fs::path entry = folder / FileSink::kManifestFolder / FileSink::kBookkeepingFolder / "0";
    std::ofstream(entry) << "v1\n{\"batchId\": 0, \"files\": [";
    VERIFY_ERROR_CONTAINS(FileSink::readCommitted(folder), "'" + entry.string() + "' is damaged");
    VERIFY_ERROR_CONTAINS(FileSink::readCommitted(fs::path(dir.path().toStdString())), "is not a file sink folder");
}

// FileSink::readCommitted of a folder's files (the fuzzers' entry point) reads what the disk
// reader reads and fails with the same message, for intact and damaged folders alike.
void TestFileSink::inMemoryFolderReadsLikeTheDisk()
{
    const auto &[dir, folder, batch] = SinkTestFolder{};
    for (const FileSink::Format format : kFolderFormats) {
        const fs::path sinkFolder = formatFolder(folder, format);
        {
            FileSink sink(sinkFolder, "out", format, true, batch.schema, context("q1"));
            addTwoBatches(sink, batch);
        }
        const auto filesOf = [&] {
            FileSink::FolderFiles files;
            for (const fs::directory_entry &entry : fs::recursive_directory_iterator(sinkFolder))
                if (entry.is_regular_file())
                    files[fs::relative(entry.path(), sinkFolder).generic_string()] = readText(entry.path());
            return files;
        };
        const auto outcome = [](const std::function<ColumnBatch()> &read) {
            try {
                return jsonRows(read()).join(QLatin1Char('\n'));
            } catch (const Error &e) {
                return QStringLiteral("error: ") + QString::fromStdString(e.message());
            }
        };
        // What the disk reader gives (rows or the error), checked against the in-memory one.
        QString disk, memory;
        const auto readBoth = [&] {
            const FileSink::FolderFiles files = filesOf();
            disk = outcome([&] { return FileSink::readCommitted(sinkFolder); });
            memory = outcome([&] { return FileSink::readCommitted(files, sinkFolder.string()); });
        };
        readBoth();
        QCOMPARE(memory, disk);
        QVERIFY(!disk.startsWith(QLatin1String("error")));
        const fs::path part = sinkFolder / FileSink::partFileName(1, format);
        fs::resize_file(part, fs::file_size(part) - 3);
        readBoth();
        QCOMPARE(memory, disk);
        QVERIFY(disk.contains(QLatin1String("is damaged")));
        fs::remove(part);
        readBoth();
        QCOMPARE(memory, disk);
        QVERIFY(disk.contains(QLatin1String("cannot read")));
        std::ofstream(sinkFolder / FileSink::kManifestFolder / "0") << "v1\n{\"batchId\": 0, \"files\": [";
        readBoth();
        QCOMPARE(memory, disk);
        QVERIFY(disk.contains(QLatin1String("is damaged")));
        std::ofstream(sinkFolder / FileSink::kManifestFolder / "0") << "v7\n{}";
        readBoth();
        QCOMPARE(memory, disk);
        QVERIFY(disk.contains(QLatin1String("newer")));
        fs::remove_all(sinkFolder / FileSink::kManifestFolder);
        readBoth();
        QCOMPARE(memory, disk);
        QVERIFY(disk.contains(QLatin1String("is not a file sink folder")));
    }
}

void TestFileSink::sinkPath_data()
{
    // resolved: empty: refused
    addColumns<QString, QString, QString>("path", "resolved", "message");
    QTest::newRow("plain") << "high_value" << "/out/high_value" << "";
    QTest::newRow("nested") << "sinks/a.db" << "/out/sinks/a.db" << "";
    QTest::newRow("dot") << "./a" << "/out/a" << "";
    QTest::newRow("dot-dot inside") << "a/../b" << "/out/b" << "";
    QTest::newRow("absolute") << "/etc/x" << "" << "is absolute";
    QTest::newRow("parent") << "../x" << "" << "leaves the output folder";
    QTest::newRow("parent after descent") << "a/../../x" << "" << "leaves the output folder";
    QTest::newRow("just dot-dot") << ".." << "" << "leaves the output folder";
    QTest::newRow("empty") << "" << "" << "is empty";
}

void TestFileSink::sinkPath()
{
    QFETCH(QString, path);
    QFETCH(QString, resolved);
    QFETCH(QString, message);
    try {
        const fs::path result = resolveSinkPath("/out", path.toStdString(), "s.scenario.json", TextPosition{12, 3});
        QVERIFY2(!resolved.isEmpty(), "refused path accepted");
        QCOMPARE(QString::fromStdString(result.string()), resolved);
    } catch (const Error &e) {
        QVERIFY2(resolved.isEmpty(), e.what());
        QCOMPARE(e.kind(), ErrorKind::Scenario);
        QVERIFY2(e.message().starts_with("s.scenario.json:12:3: "), e.what());
        QVERIFY2(QString::fromStdString(e.message()).contains(message), e.what());
    }
}

QTEST_APPLESS_MAIN(TestFileSink)
#include "tst_file_sink.moc"
