// Feeds the engine the inputs the fuzzers (tests/fuzz) found crashing it, each rebuilt by hand
// so the case says what is wrong with it: state snapshots whose values have other types or whose
// watermark is out of range, session state that breaks its invariants, checkpoint metadata and
// offset logs edited by a stranger, timestamp texts with endless digits. Every one must be
// refused with an Error that says what is damaged — never a crash, an exception of another
// kind or undefined behaviour (the sanitizer build of CI runs these too).
#include "test_columns.h"
#include "expect_error.h"
#include "stream_test.h"

#include "checkpoint/atomic_file.h"
#include "sinks/file_sink.h"
#include "operators/flow.h"
#include "state/state_codec.h"

#include "streamstep/streaming_query.h"

#include <QTemporaryDir>

#include <filesystem>
#include <limits>

using namespace streamstep;
using namespace streamstep::testing;
namespace fs = std::filesystem;

namespace {

QString errorOf(const std::function<void()> &f)
{
    return QString::fromStdString(errorMessageOf(f));
}

const char *kOneStep = R"J([[["A1", "M", "10.00", "2026-03-01 10:01:00"]]])J";

// The first fields every snapshot of `query` starts with (magic, format version, the query's
// state fingerprint), taken from a real snapshot, so a test writes the rest as it likes.
StateWriter snapshotHeader(const std::shared_ptr<const Query> &query)
{
    const std::string real = Run(query).saveState();
    StateReader in(real);
    StateWriter out;
    out.writeI64(in.readI64());
    out.writeI64(in.readI64());
    out.writeString(in.readString());
    return out;
}

// Run fields after the header: the run's next batch id (2: the snapshots below have operators at
// batch 1), ran-batch flag and last batch's watermark.
void writeRunFields(StateWriter &out, int64_t lastBatchWatermarkMs = 0, int64_t nextBatchId = 2)
{
    out.writeI64(nextBatchId);
    out.writeU8(1);
    out.writeI64(lastBatchWatermarkMs);
}

// The watermark tracker: the global candidate, then one operator candidate per withWatermark.
void writeTracker(StateWriter &out, int64_t globalWatermarkMs, int numWatermarks)
{
    for (int64_t v : {globalWatermarkMs, int64_t{0}, int64_t{0}, int64_t{numWatermarks > 0 ? 0 : -1}})
        out.writeI64(v);
    out.writeI64(numWatermarks);
    for (int i = 0; i < numWatermarks; ++i) {
        out.writeU8(1);
        for (int64_t v : {globalWatermarkMs, int64_t{0}, int64_t{0}, int64_t{0}})
            out.writeI64(v);
    }
}

void writeNoAggregateState(StateWriter &out)
{
    out.writeI128(0);
    out.writeDouble(0);
    out.writeI64(0);
    out.writeU8(0);
}

std::string encodedKey(const Value &value, const DataType &type)
{
    Column column(type);
    column.append(value);
    std::string encoded;
    encodeKeyValue(encoded, column, 0);
    return encoded;
}

QString tempTemplate()
{
    return fs::is_directory("/dev/shm") ? QStringLiteral("/dev/shm/tst_hostile-XXXXXX")
                                        : QDir::tempPath() + "/tst_hostile-XXXXXX";
}

} // namespace

class TestHostileInputs : public QObject {
    Q_OBJECT

private slots:
    // fuzz_state_snapshot: a memory sink's table held a string where the column is a decimal,
    // and Column::append threw std::bad_variant_access out of Run::restoreState.
    void aSnapshotValueOfAnotherTypeIsDamage_data()
    {
        addColumns<int, QString>("cell", "message");
        QTest::addRow("string for decimal") << 0 << "a string value where the query keeps a decimal(12,2)";
        QTest::addRow("long for timestamp") << 1 << "a long value where the query keeps a timestamp";
        QTest::addRow("decimal beyond its precision") << 2 << "a decimal that does not fit decimal(12,2)";
        QTest::addRow("decimal of another scale") << 3 << "a decimal that does not fit decimal(12,2)";
    }
    void aSnapshotValueOfAnotherTypeIsDamage()
    {
        QFETCH(int, cell);
        QFETCH(QString, message);
        const auto query = Query::compile(makeScenario("[]", "append", kOneStep));
        StateWriter out = snapshotHeader(query);
        writeRunFields(out);
        writeTracker(out, 0, 0);
        out.writeU8(1); // the memory table: one row
        out.writeI64(1);
        out.writeValue(Value::string("A1"));
        out.writeValue(Value::string("M"));
        out.writeValue(cell == 0   ? Value::string("12.50")
                       : cell == 2 ? Value::decimal(Int128(1) << 80, 12, 2)
                       : cell == 3 ? Value::decimal(1250, 12, 3)
                                   : Value::decimal(1250, 12, 2));
        out.writeValue(cell == 1 ? Value::int64(42) : Value::timestamp(0));
        out.writeU8(0);
        Run run(query);
        QCOMPARE(errorOf([&] { run.restoreState(out.bytes()); }), "state snapshot is damaged (" + message + ")");
        // The run is as before: it steps from the beginning.
        QCOMPARE(run.nextBatchId(), 0);
        QCOMPARE(run.step(makeScenario("[]", "append", kOneStep).steps[0].rows, 0).size(), size_t{1});
    }

    // fuzz_state_snapshot: a watermark near INT64_MAX overflowed `watermarkMs * 1000` in
    // Deduplicate (undefined behaviour); no run can reach one, so it is damage.
    void aSnapshotWatermarkOutOfRangeIsDamage_data()
    {
        addColumns<qint64, qint64>("globalMs", "lastBatchMs");
        const qint64 over = std::numeric_limits<int64_t>::max() / 1000 + 1;
        QTest::addRow("global watermark") << over << qint64(0);
        QTest::addRow("negative global watermark") << qint64(-1) << qint64(0);
        QTest::addRow("last batch's watermark") << qint64(0) << over;
    }
    void aSnapshotWatermarkOutOfRangeIsDamage()
    {
        QFETCH(qint64, globalMs);
        QFETCH(qint64, lastBatchMs);
        const auto query = Query::compile(makeScenario(R"J([
            {"op": "withWatermark", "column": "eventTime", "delay": "1 minute"},
            {"op": "dropDuplicates", "columns": ["accountId", "eventTime"]}])J", "append", kOneStep));
        StateWriter out = snapshotHeader(query);
        writeRunFields(out, lastBatchMs);
        writeTracker(out, globalMs, 1);
        out.writeI64(0); // no deduplication keys
        out.writeU8(1);  // an empty memory table
        out.writeI64(0);
        out.writeU8(0);
        Run run(query);
        QVERIFY(errorOf([&] { run.restoreState(out.bytes()); }).contains("out of range"));
        // The same snapshot with a watermark a run can have restores and steps.
        StateWriter good = snapshotHeader(query);
        writeRunFields(good, 0);
        writeTracker(good, 60'000, 1);
        good.writeI64(0);
        good.writeU8(1);
        good.writeI64(0);
        good.writeU8(0);
        run.restoreState(good.bytes());
        QCOMPARE(run.watermarkMs(), 60'000);
    }

    // The aggregate's min/max/first/last value must have its argument's type (a string min of
    // a decimal column would reach the decimal comparison).
    void anAggregateValueOfAnotherTypeIsDamage()
    {
        const auto query = Query::compile(makeScenario(R"J([
            {"op": "groupBy", "keys": ["accountId"], "aggs": ["min(amount) AS low", "count(*) AS n"]}])J", "complete",
                                                       kOneStep));
        StateWriter out = snapshotHeader(query);
        writeRunFields(out);
        writeTracker(out, 0, 0);
        out.writeI64(1); // the aggregate's batch
        out.writeI64(1); // one group
        out.writeString(encodedKey(Value::string("A1"), DataType::string()));
        out.writeValues({Value::string("A1")});
        out.writeI64(2); // two aggregates, one call each
        out.writeI64(1);
        out.writeI128(0);
        out.writeDouble(0);
        out.writeI64(1);
        out.writeU8(1);
        out.writeValue(Value::string("not a decimal"));
        out.writeI64(1);
        writeNoAggregateState(out);
        out.writeValue(Value::null());
        out.writeU8(0);
        out.writeI64(0);
        out.writeI64(1);
        out.writeI64(1);
        out.writeI64(0); // no evicted rows
        out.writeU8(1);
        out.writeI64(0);
        out.writeU8(0);
        Run run(query);
        QCOMPARE(errorOf([&] { run.restoreState(out.bytes()); }),
                 "state snapshot is damaged (a string value where the query keeps a decimal(12,2))");
    }

    // fuzz_state_snapshot: an aggregate's batch id of INT64_MIN restored, and the next save
    // (which writes an earlier batch as batch - 1) overflowed. A run's batch ids start at -1. And
    // an aggregate ahead of the run (regressions/state_snapshot/aggregate-ahead-of-the-run: the
    // aggregate at 2^53, the run at batch 1) stepped past 2^53 into a state that did not restore.
    void anAggregateBatchIdARunCannotReachIsDamage_data()
    {
        // nextBatch: the run's
        addColumns<qint64, qint64, QString>("batch", "nextBatch", "error");
        const QString aggregate = QStringLiteral("state snapshot is damaged (aggregate state)");
        const qint64 limit = qint64(1) << 53;
        QTest::addRow("batch 1") << qint64(1) << qint64(2) << "(no error)";
        QTest::addRow("before the first batch") << qint64(-1) << qint64(0) << "(no error)";
        QTest::addRow("-2") << qint64(-2) << qint64(2) << aggregate;
        QTest::addRow("INT64_MIN") << std::numeric_limits<qint64>::min() << qint64(2) << aggregate;
        // regressions/state_snapshot/batch-id-near-int64-max: batch + 100 overflowed in eviction
        QTest::addRow("2^53 - 1, the largest") << limit - 1 << limit << "(no error)";
        QTest::addRow("2^53 + 1") << limit + 1 << limit << aggregate;
        QTest::addRow("INT64_MAX - 79") << std::numeric_limits<qint64>::max() - 79 << limit << aggregate;
        QTest::addRow("ahead of the run") << qint64(5) << qint64(3)
                                          << "state snapshot is damaged (an operator's batch 5 is ahead of the run's last batch 2)";
        QTest::addRow("2^53, the run at 1") << limit << qint64(2)
                                            << "state snapshot is damaged (an operator's batch 9007199254740992 is ahead of the run's last batch 1)";
    }
    void anAggregateBatchIdARunCannotReachIsDamage()
    {
        QFETCH(qint64, batch);
        QFETCH(qint64, nextBatch);
        QFETCH(QString, error);
        const auto query = Query::compile(makeScenario(R"J([
            {"op": "groupBy", "keys": ["accountId"], "aggs": ["count(*) AS n"]}])J", "complete", kOneStep));
        StateWriter out = snapshotHeader(query);
        writeRunFields(out, 0, nextBatch);
        writeTracker(out, 0, 0);
        out.writeI64(batch);
        out.writeI64(0); // no groups
        out.writeI64(0); // no evicted rows
        out.writeU8(1);
        out.writeI64(0);
        out.writeU8(0);
        Run run(query);
        QCOMPARE(errorOf([&] { run.restoreState(out.bytes()); }), error);
        if (error == "(no error)")
            QVERIFY(!run.saveState().empty()); // and saves again
    }

    // A run at the largest batch id a snapshot holds runs no further batch, and what it saves
    // restores again (fuzz_state_snapshot's rule: an accepted snapshot leaves a run whose saved
    // state restores).
    void aRunEndsBeforeTheLargestBatchId()
    {
        const auto query = Query::compile(makeScenario(R"J([
            {"op": "groupBy", "keys": ["accountId"], "aggs": ["count(*) AS n"]}])J", "complete", kOneStep));
        const qint64 limit = qint64(1) << 53;
        StateWriter out = snapshotHeader(query);
        writeRunFields(out, 0, limit);
        writeTracker(out, 0, 0);
        out.writeI64(limit - 1);
        out.writeI64(0);
        out.writeI64(0);
        out.writeU8(1);
        out.writeI64(0);
        out.writeU8(0);
        Run run(query);
        run.restoreState(out.bytes());
        const QString refused = "batch 9007199254740992 cannot run: a run ends before batch 9007199254740992, the "
                                "largest batch id a state snapshot holds";
        QCOMPARE(errorOf([&] { run.skipBatch(0); }), refused);
        const Scenario scenario = makeScenario("[]", "complete", kOneStep);
        QCOMPARE(errorOf([&] { run.step(scenario.steps[0].rows, 0); }), refused);
        Run again(query);
        QCOMPARE(errorOf([&] { again.restoreState(run.saveState()); }), "(no error)");
    }

    // A session window's state: a key's encoding must be its values', its sessions sorted and
    // disjoint (merging relies on both).
    void brokenSessionStateIsDamage_data()
    {
        addColumns<QString, qint64, qint64, bool>("key", "secondStart", "secondEnd", "refused");
        QTest::addRow("sound") << "A1" << qint64(40'000'000) << qint64(50'000'000) << false;
        QTest::addRow("overlapping sessions") << "A1" << qint64(15'000'000) << qint64(50'000'000) << true;
        QTest::addRow("empty session") << "A1" << qint64(40'000'000) << qint64(40'000'000) << true;
        QTest::addRow("key encoding of another value") << "" << qint64(40'000'000) << qint64(50'000'000) << true;
    }
    void brokenSessionStateIsDamage()
    {
        QFETCH(QString, key);
        QFETCH(qint64, secondStart);
        QFETCH(qint64, secondEnd);
        QFETCH(bool, refused);
        const auto query = Query::compile(makeScenario(R"J([
            {"op": "withWatermark", "column": "eventTime", "delay": "1 minute"},
            {"op": "groupBy", "keys": ["session_window(eventTime, '5 minutes')", "accountId"],
             "aggs": ["count(*) AS n"]}])J", "append", kOneStep));
        StateWriter out = snapshotHeader(query);
        writeRunFields(out);
        writeTracker(out, 0, 1);
        out.writeI64(1); // the operator's batch
        out.writeI64(1); // one key
        out.writeString(key.isEmpty() ? std::string("bogus") : encodedKey(Value::string("A1"), DataType::string()));
        out.writeValues({Value::string("A1")});
        out.writeI64(2); // two sessions
        for (const auto &[start, end] : {std::pair<int64_t, int64_t>{10'000'000, 20'000'000}, {secondStart, secondEnd}}) {
            out.writeI64(start);
            out.writeI64(end);
            out.writeI64(1);
            out.writeI64(1);
            writeNoAggregateState(out);
            out.writeValue(Value::null());
            out.writeI64(1);
            out.writeI64(1);
        }
        out.writeI64(0); // nothing evicted
        out.writeU8(0);  // console sink: no memory table
        out.writeU8(0);
        Run run(query);
        const QString error = errorOf([&] { run.restoreState(out.bytes()); });
        QCOMPARE(error, refused ? QStringLiteral("state snapshot is damaged (session state)") : QStringLiteral("(no error)"));
    }

    // fuzz_checkpoint: a checkpoint's metadata whose stored output mode or sink are not what
    // StreamStep writes threw nlohmann's type_error out of QuerySignature::checkCompatible.
    void editedCheckpointMetadataIsRefusedInWords_data()
    {
        addColumns<QString, QString, QString>("key", "value", "message");
        QTest::addRow("output mode a number") << "outputMode" << "5" << "written by a query in 5 output mode";
        QTest::addRow("sink a number") << "sink" << "7" << "wrote to the ? sink";
        QTest::addRow("sink format a number") << "sink" << R"J({"format": 3, "path": ["x"]})J"
                                              << "wrote to the 3 sink '[\"x\"]'";
    }
    void editedCheckpointMetadataIsRefusedInWords()
    {
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, message);
        QTemporaryDir dir(tempTemplate());
        QVERIFY(dir.isValid());
        const Scenario scenario = makeScenario(R"J([{"op": "filter", "condition": "amount > 1"}])J", "append", kOneStep,
                                               R"J({"format": "json", "options": {"path": "out"}})J");
        StreamingQueryOptions options;
        options.outputDir = dir.path().toStdString();
        options.checkpointDir = (dir.path() + "/checkpoint").toStdString();
        StreamingQuery(scenario, options).runAll();
        const fs::path metadataPath = fs::path(options.checkpointDir) / "metadata";
        nlohmann::json metadata = nlohmann::json::parse(AtomicFile::read(metadataPath));
        metadata["query"][key.toStdString()] = nlohmann::json::parse(value.toStdString());
        AtomicFile::write(metadataPath, metadata.dump());
        const QString error = errorOf([&] { StreamingQuery(scenario, options).runAll(); });
        QVERIFY2(error.contains(message), qPrintable(error));
    }

    // An offset or commit log entry with a watermark no run can have (it is multiplied into
    // microseconds) is a damaged file, named.
    void aLogWatermarkOutOfRangeIsDamage_data()
    {
        addColumns<QString, QString>("log", "key");
        QTest::addRow("offsets") << "offsets" << "batchWatermarkMs";
        QTest::addRow("commits") << "commits" << "nextBatchWatermarkMs";
    }
    void aLogWatermarkOutOfRangeIsDamage()
    {
        QFETCH(QString, log);
        QFETCH(QString, key);
        QTemporaryDir dir(tempTemplate());
        QVERIFY(dir.isValid());
        const Scenario scenario = makeScenario(R"J([
            {"op": "withWatermark", "column": "eventTime", "delay": "1 minute"},
            {"op": "dropDuplicates", "columns": ["accountId", "eventTime"]}])J", "append", kOneStep,
                                               R"J({"format": "json", "options": {"path": "out"}})J");
        StreamingQueryOptions options;
        options.outputDir = dir.path().toStdString();
        options.checkpointDir = (dir.path() + "/checkpoint").toStdString();
        StreamingQuery(scenario, options).runAll();
        // The newest entry: the one a restart reads.
        const fs::path logDir = fs::path(options.checkpointDir) / log.toStdString();
        int64_t newest = 0;
        for (const fs::directory_entry &file : fs::directory_iterator(logDir))
            if (const std::string name = file.path().filename().string(); !name.starts_with("."))
                newest = std::max<int64_t>(newest, std::stoll(name));
        const fs::path entry = logDir / std::to_string(newest);
        const std::string text = AtomicFile::read(entry);
        nlohmann::json json = nlohmann::json::parse(text.substr(text.find('\n') + 1));
        json[key.toStdString()] = std::numeric_limits<int64_t>::max();
        AtomicFile::write(entry, "v1\n" + json.dump() + "\n");
        const QString error = errorOf([&] { StreamingQuery(scenario, options).runAll(); });
        QVERIFY2(error.contains(QString::fromStdString(entry.string())) && error.contains("'" + key + "' is out of range"),
                 qPrintable(error));
    }

    // fuzz_expression: to_timestamp('9223372036856775807d') overflowed a segment's value while
    // reading its 19th digit (undefined behaviour) before refusing it; no segment has 19 digits.
    void aTimestampSegmentOfEndlessDigitsIsNoTimestamp_data()
    {
        addColumns<QString, bool>("text", "valid");
        QTest::addRow("19 digits") << "9223372036856775807d" << false;
        QTest::addRow("40 digits") << "9999999999999999999999999999999999999999" << false;
        QTest::addRow("19-digit day") << "2026-03-1000000000000000000" << false;
        QTest::addRow("long fraction truncated") << "2026-03-01 10:00:00.12345678901234567890123" << true;
    }
    void aTimestampSegmentOfEndlessDigitsIsNoTimestamp()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        const auto micros = parseTimestamp(text.toStdString());
        QCOMPARE(micros.has_value(), valid);
        if (valid)
            QCOMPARE(formatTimestamp(*micros), "2026-03-01 10:00:00.123456");
        // And in a query: to_timestamp of such a text is NULL, like Spark's.
        const auto query = Query::compile(makeScenario(
            nlohmann::json::array({{{"op", "select"}, {"columns", {"to_timestamp('" + text.toStdString() + "') AS t"}}}}).dump(),
            "append", kOneStep));
        Run run(query);
        const auto reports = run.step(makeScenario("[]", "append", kOneStep).steps[0].rows, 0);
        QCOMPARE(reports.at(0).emitted.get(0, 0).isNull(), !valid);
    }

    // fuzz_sink_reader's regressions/sink_reader/: a bundle of sink files that no folder can
    // hold ("a" and "a/b", or a name ending in '/') stopped the process with an uncaught
    // std::filesystem_error while the in-memory reader copied it to its scratch folder.
    void sinkFilesNoFolderCanHoldAreDamage_data()
    {
        addColumns<QString, QString>("first", "second");
        QTest::addRow("a folder over a file") << "_spark_metadata" << "_spark_metadata/0";
        QTest::addRow("a name ending in a slash") << "part-00000-c000.csv/" << "";
    }
    void sinkFilesNoFolderCanHoldAreDamage()
    {
        QFETCH(QString, first);
        QFETCH(QString, second);
        FileSink::FolderFiles files{{first.toStdString(), "x"}};
        if (!second.isEmpty())
            files.emplace(second.toStdString(), "v1\n");
        try {
            (void)FileSink::readCommitted(files, "shared-sink");
            QFAIL("read a sink folder that cannot exist");
        } catch (const Error &e) {
            QVERIFY2(QString::fromStdString(e.message()).startsWith(QStringLiteral("cannot write the scratch copy of 'shared-sink/")),
                     e.what());
        }
    }
    // regressions/sink_reader/size-not-a-whole-number: a manifest line whose size is a JSON
    // fraction out of int64's range made nlohmann's get<int64_t>() convert it (undefined
    // behaviour, UBSan in CI's fuzz step). Every whole-number field must be a whole number.
    void sinkManifestNumbersMustBeWholeNumbers_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addRow("size") << R"("size":1.79625e97,"modificationTime":1,"blockReplication":1,"blockSize":33554432)";
        QTest::addRow("modificationTime") << R"("size":8,"modificationTime":-9e300,"blockReplication":1,"blockSize":33554432)";
        QTest::addRow("blockReplication") << R"("size":8,"modificationTime":1,"blockReplication":1.5,"blockSize":33554432)";
        QTest::addRow("blockSize") << R"("size":8,"modificationTime":1,"blockReplication":1,"blockSize":1e40)";
    }
    void sinkManifestNumbersMustBeWholeNumbers()
    {
        QFETCH(QString, field);
        const std::string line = R"({"path":"file:///x/part-00000-c000.json",)" + field.toStdString()
            + R"(,"isDir":false,"action":"add"})";
        FileSink::FolderFiles files{{"_spark_metadata/0", "v1\n" + line + "\n"}, {"part-00000-c000.json", "{\"a\":1}\n"}};
        try {
            (void)FileSink::readCommitted(files, "shared-sink");
            QFAIL("read a manifest whose numbers are not whole numbers");
        } catch (const Error &e) {
            QVERIFY2(QString::fromStdString(e.message()).contains(QStringLiteral("is damaged: a line is not Spark's SinkFileStatus")),
                     e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestHostileInputs)
#include "tst_hostile_inputs.moc"
