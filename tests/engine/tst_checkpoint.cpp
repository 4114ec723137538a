// Checks the checkpoint (offset log, commit log, state snapshots) and StreamingQuery's restart
// rules in-process: a crash simulated at every point of every batch resumes to exactly the
// output of an uninterrupted run; a finished run does nothing; an incompatible query, a
// changed input or a bad path is refused without touching anything; damaged files are named.
// (tst_crash_recovery does the same with real processes and SIGKILL.)
#include "test_columns.h"
#include "checkpoint/atomic_file.h"
#include "checkpoint/checkpoint.h"
#include "checkpoint/metadata_log.h"
#include "checkpoint/state_snapshot_store.h"

#include "streamstep/error.h"
#include "streamstep/scenario_check.h"
#include "streamstep/streaming_query.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>

using namespace streamstep;
using streamstep::testing::addColumns;
namespace fs = std::filesystem;

namespace {

// Thrown by the fault hook: unwinds like a crash (nothing after the point runs).
struct SimulatedCrash {
    std::string point;
    int64_t batchId;
};

// tmpfs when there is one: these tests prove logic, not fsync; tst_crash_recovery uses a disk.
QString tempRoot()
{
    return fs::is_directory("/dev/shm") ? QStringLiteral("/dev/shm/tst_checkpoint-XXXXXX")
                                        : QDir::tempPath() + "/tst_checkpoint-XXXXXX";
}

// A test's own folder under tempRoot(), removed when the test ends, and its path.
struct ScratchFolder {
    QTemporaryDir dir{tempRoot()};
    fs::path root = dir.path().toStdString();
};

nlohmann::json loadDoc(const std::string &name)
{
    const std::string path = std::string(STREAMSTEP_SOURCE_DIR) + "/tests/data/sinks/" + name + ".scenario.json";
    return nlohmann::json::parse(AtomicFile::read(path));
}

Scenario scenarioOf(const nlohmann::json &doc) { return parseScenario(doc.dump(), "test.scenario.json"); }

// What a reader of the scenario's sink sees.
QStringList sinkRows(const fs::path &outputDir, const nlohmann::json &doc)
{
    const auto &options = doc["sink"]["options"];
    const ColumnBatch rows = readSinkOutput((outputDir / options["path"].get<std::string>()).string(),
                                           options.value("table", std::string()));
    QStringList out;
    for (size_t r = 0; r < rows.numRows; ++r)
        out << QString::fromStdString(rowToJson(rows, r));
    return out;
}

// Every file under dir with its content: "touches nothing" means this map is unchanged.
std::map<std::string, std::string> tree(const fs::path &dir)
{
    std::map<std::string, std::string> files;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec); it != fs::recursive_directory_iterator(); ++it)
        files[it->path().lexically_relative(dir).string()] = it->is_regular_file() ? AtomicFile::read(it->path()) : "<dir>";
    return files;
}

struct Outcome {
    std::vector<int64_t> batchIds;
    std::vector<std::string> notices;
};

Outcome runQuery(const nlohmann::json &doc, const fs::path &root, const FaultHook &hook = {},
                 std::shared_ptr<const Query> compiled = {})
{
    Outcome outcome;
    StreamingQueryOptions options;
    options.compiledQuery = std::move(compiled);
    options.outputDir = (root / "out").string();
    options.checkpointDir = (root / "checkpoint").string();
    options.onNotice = [&](const std::string &text) { outcome.notices.push_back(text); };
    options.faultHook = hook;
    fs::create_directories(root / "out");
    StreamingQuery query(scenarioOf(doc), options);
    query.runAll([&](const BatchReport &r) { outcome.batchIds.push_back(r.batchId); });
    return outcome;
}

// The message of the Error that f throws (or a failure text).
template <typename F>
Error errorOf(F &&f)
{
    try {
        f();
    } catch (const Error &e) {
        return e;
    }
    return Error(ErrorKind::Scenario, "<no error>");
}

void writeFile(const fs::path &path, const std::string &text)
{
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

} // namespace

class TestCheckpoint : public QObject {
    Q_OBJECT

private slots:
    void atomicFileReplacesWhole();
    void metadataLogDamage_data();
    void metadataLogDamage();
    void stateSnapshotDamage_data();
    void stateSnapshotDamage();
    void recoverChecksTheLogs_data();
    void recoverChecksTheLogs();
    void layoutAndOrder();
    void resumesAfterCrash_data();
    void resumesAfterCrash();
    void lessonScenariosWriteTheirSinks();
    void finishedRunDoesNothing();
    void newStepsRunAfterFinishedOnes();
    void incompatibleQueryTouchesNothing_data();
    void incompatibleQueryTouchesNothing();
    void damagedCheckpointIsNamed_data();
    void damagedCheckpointIsNamed();
    void replayNeedsTheSameInput();
    void badPathsTouchNothing();
    void failedSinkLeavesCheckpointConsistent();
    void memorySinkIsNotFaultTolerant();
    void compiledQueryServesEveryRestart();
};

void TestCheckpoint::atomicFileReplacesWhole()
{
    QTemporaryDir dir(tempRoot());
    const fs::path path = fs::path(dir.path().toStdString()) / "a" / "b" / "entry";
    AtomicFile::createDirectories(path.parent_path());
    AtomicFile::write(path, "first");
    AtomicFile::write(path, "second, longer");
    QCOMPARE(AtomicFile::read(path), std::string("second, longer"));
    QCOMPARE(tree(path.parent_path()).size(), size_t(1)); // no temp file left
    const Error e = errorOf([&] { AtomicFile::write(path.parent_path() / "missing" / "x", "y"); });
    QCOMPARE(e.kind(), ErrorKind::Runtime);
    QVERIFY2(e.message().find("/missing/.x.tmp': No such file or directory") != std::string::npos, e.what());
    QVERIFY(AtomicFile::isTempName(".x.tmp"));
    QVERIFY(!AtomicFile::isTempName("x.tmp"));
}

void TestCheckpoint::metadataLogDamage_data()
{
    addColumns<QByteArray, QString>("content", "why");
    QTest::newRow("garbage") << QByteArray("\x01\x02garbage\n") << "it does not start with the version line 'v1'";
    QTest::newRow("newer version") << QByteArray("v7\n{}\n") << "log version 7 is newer than this StreamStep supports (v1)";
    QTest::newRow("torn JSON") << QByteArray("v1\n{\"batchId\": 3,") << "the entry is not a JSON object";
    QTest::newRow("empty") << QByteArray("") << "no version line";
}

void TestCheckpoint::metadataLogDamage()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, why);
    QTemporaryDir dir(tempRoot());
    const MetadataLog log(fs::path(dir.path().toStdString()) / "offsets", "checkpoint offset log");
    log.add(2, {{"batchId", 2}});
    QCOMPARE(log.get(2)->at("batchId").get<int>(), 2);
    QCOMPARE(log.get(3), std::optional<nlohmann::json>());
    writeFile(log.entryPath(3), content.toStdString());
    writeFile(log.dir() / ".4.tmp", "torn"); // never renamed into place: not an entry
    QCOMPARE(log.batchIds(), (std::vector<int64_t>{2, 3}));
    const Error e = errorOf([&] { log.get(3); });
    QCOMPARE(QString::fromStdString(e.message()),
             "checkpoint offset log file '" + QString::fromStdString(log.entryPath(3).string()) + "' is damaged: " + why);
}

void TestCheckpoint::stateSnapshotDamage_data()
{
    addColumns<int, QString>("damage", "why");
    QTest::newRow("flipped byte") << 0 << "checksum mismatch";
    QTest::newRow("truncated") << 1 << "it holds 9 bytes, its header says 10";
    QTest::newRow("no header") << 2 << "it does not start with 'STREAMSTEP-STATE v1 <size> <crc32>'";
}

void TestCheckpoint::stateSnapshotDamage()
{
    QFETCH(int, damage);
    QFETCH(QString, why);
    QTemporaryDir dir(tempRoot());
    const StateSnapshotStore store(fs::path(dir.path().toStdString()) / "state");
    store.write(5, "0123456789");
    QCOMPARE(store.read(5), std::string("0123456789"));
    QCOMPARE(StateSnapshotStore::crc32("123456789"), 0xCBF43926u); // the CRC-32 check value
    std::string bytes = AtomicFile::read(store.snapshotPath(5));
    if (damage == 0)
        bytes[bytes.size() - 3] ^= 0x20;
    else if (damage == 1)
        bytes.pop_back();
    else
        bytes = "not a snapshot\n";
    writeFile(store.snapshotPath(5), bytes);
    const Error e = errorOf([&] { store.read(5); });
    QCOMPARE(QString::fromStdString(e.message()),
             "state snapshot '" + QString::fromStdString(store.snapshotPath(5).string()) + "' is damaged: " + why);
}

void TestCheckpoint::recoverChecksTheLogs_data()
{
    // files: created with a valid entry
    // message: empty: consistent
    addColumns<QStringList, QString>("files", "message");
    QTest::newRow("empty folder") << QStringList{} << "";
    QTest::newRow("planned batch 0") << QStringList{"metadata", "offsets/0"} << "";
    QTest::newRow("gap in offsets") << QStringList{"metadata", "offsets/0", "offsets/2", "commits/0"}
                                    << "checkpoint offset log '<dir>/offsets' is damaged: batch 1 is missing";
    QTest::newRow("commit without offsets") << QStringList{"metadata", "offsets/0", "commits/0", "commits/1"}
                                            << "batch 1 is committed but the offset log ends at batch 0";
    QTest::newRow("two planned batches") << QStringList{"metadata", "offsets/0", "offsets/1", "offsets/2", "commits/0"}
                                         << "it plans batch 2 but batch 1 was never committed";
    QTest::newRow("logs without metadata") << QStringList{"offsets/0"} << "checkpoint file '<dir>/metadata' is missing";
    QTest::newRow("snapshot of a finished step missing")
        << QStringList{"metadata", "offsets/0", "offsets/1", "commits/0", "commits/1"}
        << "checkpoint state snapshot '<dir>/state/0.snapshot' is missing: batch 0 ended step 0";
}

void TestCheckpoint::recoverChecksTheLogs()
{
    QFETCH(QStringList, files);
    QFETCH(QString, message);
    const auto &[dir, root] = ScratchFolder{};
    const Checkpoint checkpoint(root);
    for (const QString &file : files) {
        const std::string name = file.toStdString();
        if (name == "metadata") {
            checkpoint.create({{"id", "q"}, {"version", 1}, {"query", nlohmann::json::object()}});
        } else if (name.starts_with("offsets/")) {
            OffsetEntry e;
            e.batchId = std::stoll(name.substr(8));
            e.step = static_cast<int>(e.batchId); // one batch per step
            checkpoint.writeOffsets(e);
        } else {
            checkpoint.writeCommit({std::stoll(name.substr(8)), 0, 0});
        }
    }
    const Error e = errorOf([&] { checkpoint.recover(); });
    if (message.isEmpty()) {
        QCOMPARE(e.message(), std::string("<no error>"));
        return;
    }
    QString expected = message;
    expected.replace("<dir>", dir.path());
    QVERIFY2(QString::fromStdString(e.message()).contains(expected), e.what());
}

void TestCheckpoint::layoutAndOrder()
{
    // The order of writes per batch, seen through the fault hook and the files present then.
    const auto &[dir, root] = ScratchFolder{};
    const nlohmann::json doc = loadDoc("high_value_csv");
    QStringList seen;
    runQuery(doc, root, [&](std::string_view point, int64_t batchId) {
        const fs::path cp = root / "checkpoint";
        const std::string id = std::to_string(batchId);
        seen << QString("%1:%2 offsets=%3 manifest=%4 state=%5 commit=%6")
                    .arg(QString::fromUtf8(point.data(), qsizetype(point.size())))
                    .arg(batchId)
                    .arg(fs::exists(cp / "offsets" / id))
                    .arg(fs::exists(root / "out/high_value/_spark_metadata" / id))
                    .arg(fs::exists(cp / "state" / (id + ".snapshot")))
                    .arg(fs::exists(cp / "commits" / id));
    });
    QCOMPARE(seen, (QStringList{"after-offsets:0 offsets=1 manifest=0 state=0 commit=0",
                                "mid-sink:0 offsets=1 manifest=0 state=0 commit=0",
                                "after-sink:0 offsets=1 manifest=1 state=0 commit=0",
                                "after-commit:0 offsets=1 manifest=1 state=1 commit=1",
                                "after-offsets:1 offsets=1 manifest=0 state=0 commit=0",
                                "mid-sink:1 offsets=1 manifest=0 state=0 commit=0",
                                "after-sink:1 offsets=1 manifest=1 state=0 commit=0",
                                "after-commit:1 offsets=1 manifest=1 state=1 commit=1"}));
    const nlohmann::json offsets = nlohmann::json::parse(AtomicFile::read(root / "checkpoint/offsets/1").substr(3));
    QCOMPARE(offsets["step"].get<int>(), 1);
    QCOMPARE(offsets["numInputRows"].get<int>(), 25);
    QCOMPARE(offsets["processingTimeMicros"].get<int64_t>(), int64_t(1000000));
    QCOMPARE(sinkRows(root / "out", doc).size(), 23); // 15 + 8, the lesson's numbers
}

void TestCheckpoint::resumesAfterCrash_data()
{
    addColumns<QString, QString, int>("scenario", "point", "batchId");
    // windowed_totals_json runs 9 batches: data batches 0,2,4,6,7 and no-data batches 1,3,5,8.
    const std::vector<std::pair<const char *, std::vector<int>>> cases = {
        {"high_value_csv", {0, 1}}, {"account_counts_sqlite", {0, 1, 2}}, {"windowed_totals_json", {0, 1, 3, 6, 7, 8}}};
    for (const auto &[scenario, batches] : cases)
        for (const char *point : {"after-offsets", "mid-sink", "after-sink", "after-commit"})
            for (int batch : batches)
                QTest::addRow("%s %s %d", scenario, point, batch) << scenario << point << batch;
}

void TestCheckpoint::resumesAfterCrash()
{
    QFETCH(QString, scenario);
    QFETCH(QString, point);
    QFETCH(int, batchId);
    const nlohmann::json doc = loadDoc(scenario.toStdString());
    QTemporaryDir referenceDir(tempRoot());
    const fs::path reference = referenceDir.path().toStdString();
    const Outcome uninterrupted = runQuery(doc, reference);

    const auto &[dir, root] = ScratchFolder{};
    Outcome first;
    bool crashed = false;
    try {
        first = runQuery(doc, root, [&](std::string_view at, int64_t batch) {
            if (at == point.toStdString() && batch == batchId)
                throw SimulatedCrash{std::string(at), batch};
        });
    } catch (const SimulatedCrash &) {
        crashed = true;
    }
    QVERIFY(crashed);
    const Outcome resumed = runQuery(doc, root);
    QCOMPARE(sinkRows(root / "out", doc), sinkRows(reference / "out", doc));
    QVERIFY(!resumed.batchIds.empty() || point == "after-commit");
    // The resumed run reports the batches from the first uncommitted one to the end, once each.
    const int64_t lastBatch = uninterrupted.batchIds.back();
    const int64_t firstRerun = point == "after-commit" ? batchId + 1 : batchId;
    std::vector<int64_t> expected;
    for (int64_t id = firstRerun; id <= lastBatch; ++id)
        expected.push_back(id);
    QCOMPARE(resumed.batchIds, expected);
    QVERIFY(!resumed.notices.empty() && resumed.notices.front().starts_with("Resuming from checkpoint"));
    // And a third run has nothing left to do.
    const Outcome third = runQuery(doc, root);
    QVERIFY(third.batchIds.empty());
}

void TestCheckpoint::lessonScenariosWriteTheirSinks()
{
    // Lesson 01 to csv: 15 then 8 rows; lesson 03 to SQLite: 1000, 45, 12 rows upserted, and the
    // table ends with 1000 rows.
    const auto &[dir, root] = ScratchFolder{};
    runQuery(loadDoc("high_value_csv"), root);
    QList<int> manifestRows;
    for (int batch : {0, 1}) {
        const auto entry = nlohmann::json::parse(AtomicFile::read(root / "out/high_value/_spark_metadata/.streamstep" / std::to_string(batch)).substr(3));
        manifestRows << entry["files"][0]["numRows"].get<int>();
    }
    QCOMPARE(manifestRows, (QList<int>{15, 8}));

    const nlohmann::json doc = loadDoc("account_counts_sqlite");
    runQuery(doc, root / "sqlite");
    const ColumnBatch batches = readSinkOutput((root / "sqlite/out/db/accounts.db").string(), "_streamstep_batches");
    QList<int64_t> upserted;
    for (size_t r = 0; r < batches.numRows; ++r)
        upserted << batches.get(r, 3).asInt();
    QCOMPARE(upserted, (QList<int64_t>{1000, 45, 12}));
    QCOMPARE(sinkRows(root / "sqlite/out", doc).size(), 1000);
    QVERIFY(sinkRows(root / "sqlite/out", doc).contains(R"({"accountId": "ACC-0002", "count": 3})"));
}

void TestCheckpoint::finishedRunDoesNothing()
{
    const auto &[dir, root] = ScratchFolder{};
    const nlohmann::json doc = loadDoc("account_counts_sqlite");
    QCOMPARE(runQuery(doc, root).batchIds, (std::vector<int64_t>{0, 1, 2}));
    QCOMPARE(sinkRows(root / "out", doc).size(), 1000);
    const auto before = tree(root);
    const Outcome again = runQuery(doc, root);
    QVERIFY(again.batchIds.empty());
    QCOMPARE(again.notices.back(), "Nothing to do: checkpoint '" + (root / "checkpoint").string()
                                       + "' has committed every batch of this scenario (last batch 2).");
    QVERIFY(before == tree(root));
}

void TestCheckpoint::newStepsRunAfterFinishedOnes()
{
    // Like new data arriving at a Spark source: steps added to the scenario run after a restart.
    const auto &[dir, root] = ScratchFolder{};
    nlohmann::json doc = loadDoc("high_value_csv");
    nlohmann::json steps = doc["steps"];
    doc["steps"] = nlohmann::json::array({steps[0]});
    QCOMPARE(runQuery(doc, root).batchIds, std::vector<int64_t>{0});
    doc["steps"] = steps;
    StreamingQueryOptions options;
    options.outputDir = (root / "out").string();
    options.checkpointDir = (root / "checkpoint").string();
    const CheckpointStatus status = StreamingQuery(scenarioOf(doc), options).status();
    QCOMPARE(status.lastPlannedBatch, std::optional<int64_t>(0));
    QCOMPARE(status.lastCommittedBatch, std::optional<int64_t>(0));
    QCOMPARE(status.nextStep, 1);
    QVERIFY(!status.finished);
    QCOMPARE(runQuery(doc, root).batchIds, std::vector<int64_t>{1});
    QCOMPARE(sinkRows(root / "out", doc).size(), 23);
}

void TestCheckpoint::incompatibleQueryTouchesNothing_data()
{
    // change: a JSON merge patch applied to the scenario
    addColumns<QString, QString, QString>("scenario", "change", "message");
    QTest::newRow("other grouping key")
        << "account_counts_sqlite" << R"J({"query": [{"op": "groupBy", "keys": ["branchCode"], "aggs": ["count(*) AS count"]}], "sink": {"options": {"key": "branchCode"}}})J"
        << "The query's state does not match the state in checkpoint '<cp>' (Spark: StateSchemaNotCompatible, "
           "\"Provided schema doesn't match to the schema for existing state\"):\n"
           "  checkpoint: stateStoreSave keys [accountId AS accountId: string] aggregates [count(*) AS count: bigint]\n"
           "  this query: stateStoreSave keys [branchCode AS branchCode: string] aggregates [count(*) AS count: bigint]\n"
           "Other grouping keys, aggregates or deduplication columns need a new checkpoint folder.";
    QTest::newRow("other aggregate")
        << "account_counts_sqlite" << R"J({"query": [{"op": "groupBy", "keys": ["accountId"], "aggs": ["max(amount) AS count"]}]})J"
        << "aggregates [max(amount) AS count: decimal(12,2)]";
    QTest::newRow("other output mode")
        << "account_counts_sqlite" << R"J({"outputMode": "complete"})J"
        << "The checkpoint '<cp>' was written by a query in update output mode; this query uses complete output mode. "
           "Resume it in the same mode, or use a new checkpoint folder.";
    QTest::newRow("a filter added")
        << "high_value_csv" << R"J({"query": [{"op": "filter", "condition": "amount > 200000.00"}, {"op": "select", "columns": ["accountId", "amount", "eventTime"]}]})J"
        << "The query differs from the one the checkpoint '<cp>' was written for; its state snapshots belong to that plan:\n"
           "  checkpoint: \"Filter amount > 100000.00\"\n"
           "  this query: \"Filter amount > 200000.00\"";
    QTest::newRow("other sink folder")
        << "high_value_csv" << R"J({"sink": {"options": {"path": "elsewhere"}}})J"
        << "The checkpoint '<cp>' wrote to the csv sink 'high_value'; this query writes to the csv sink 'elsewhere'.";
    QTest::newRow("other source schema")
        << "high_value_csv" << R"J({"source": {"schema": [{"name": "accountId", "type": "string"}, {"name": "branchCode", "type": "string"}, {"name": "amount", "type": "decimal(14,2)"}, {"name": "eventTime", "type": "timestamp"}]}})J"
        << "The source schema differs from the one the checkpoint '<cp>' was written with";
}

void TestCheckpoint::incompatibleQueryTouchesNothing()
{
    QFETCH(QString, scenario);
    QFETCH(QString, change);
    QFETCH(QString, message);
    const auto &[dir, root] = ScratchFolder{};
    nlohmann::json doc = loadDoc(scenario.toStdString());
    nlohmann::json steps = doc["steps"];
    doc["steps"] = nlohmann::json::array({steps[0]});
    runQuery(doc, root);
    doc["steps"] = steps; // more data arrives, but the query changed
    doc.merge_patch(nlohmann::json::parse(change.toStdString()));
    const auto before = tree(root);
    const Error e = errorOf([&] { runQuery(doc, root); });
    QCOMPARE(e.kind(), ErrorKind::Analysis);
    QString expected = message;
    expected.replace("<cp>", QString::fromStdString((root / "checkpoint").string()));
    QVERIFY2(QString::fromStdString(e.message()).contains(expected), e.what());
    QVERIFY(before == tree(root));
}

void TestCheckpoint::damagedCheckpointIsNamed_data()
{
    // content: empty: flip a byte in the middle
    addColumns<QString, QByteArray, QString>("file", "content", "message");
    QTest::newRow("metadata") << "checkpoint/metadata" << QByteArray("{\"id\": ") << "checkpoint file '<root>/checkpoint/metadata' is damaged: it is not a JSON object";
    QTest::newRow("planned offsets") << "checkpoint/offsets/2" << QByteArray("v1\n{\"batchId\": 2}\n")
                                     << "checkpoint file '<root>/checkpoint/offsets/2' is damaged: it has no 'step'";
    // regressions/checkpoint/batch-id-a-fraction: nlohmann cast 1.8e119 to int64 (undefined behaviour)
    QTest::newRow("offsets with a fraction for a whole number")
        << "checkpoint/offsets/2"
        << QByteArray("v1\n{\"batchId\": 1.77236e119, \"step\": 2, \"noData\": false, \"batchWatermarkMs\": 0, "
                      "\"processingTimeMicros\": 0, \"numInputRows\": 1, \"inputHash\": \"x\", \"queryHash\": \"y\"}\n")
        << "checkpoint file '<root>/checkpoint/offsets/2' is damaged: 'batchId' has the wrong type";
    QTest::newRow("commit") << "checkpoint/commits/0" << QByteArray("v1\nnot json")
                            << "checkpoint commit log file '<root>/checkpoint/commits/0' is damaged: the entry is not a JSON object";
    QTest::newRow("state snapshot") << "checkpoint/state/1.snapshot" << QByteArray()
                                    << "state snapshot '<root>/checkpoint/state/1.snapshot' is damaged: checksum mismatch";
    QTest::newRow("snapshot of another query") << "checkpoint/state/1.snapshot" << QByteArray("<other>")
                                               << "checkpoint state snapshot '<root>/checkpoint/state/1.snapshot' cannot be restored: ";
}

void TestCheckpoint::damagedCheckpointIsNamed()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    const auto &[dir, root] = ScratchFolder{};
    const nlohmann::json doc = loadDoc("account_counts_sqlite");
    // Batches 0 and 1 committed, batch 2 planned: the crash left work to resume.
    try {
        runQuery(doc, root, [](std::string_view point, int64_t batchId) {
            if (point == "after-offsets" && batchId == 2)
                throw SimulatedCrash{};
        });
    } catch (const SimulatedCrash &) {
    }
    const fs::path path = root / file.toStdString();
    std::string bytes = AtomicFile::read(path);
    if (content.isEmpty()) {
        bytes[bytes.size() / 2] ^= 0x01;
    } else if (content == "<other>") {
        StateSnapshotStore(path.parent_path()).write(1, "a snapshot of something else");
        bytes = AtomicFile::read(path);
    } else {
        bytes = content.toStdString();
    }
    writeFile(path, bytes);
    const auto before = tree(root);
    const Error e = errorOf([&] { runQuery(doc, root); });
    QCOMPARE(e.kind(), ErrorKind::Runtime);
    QString expected = message;
    expected.replace("<root>", dir.path());
    QVERIFY2(QString::fromStdString(e.message()).startsWith(expected), e.what());
    QVERIFY(before == tree(root)); // never silently restarted from zero
}

void TestCheckpoint::replayNeedsTheSameInput()
{
    const auto &[dir, root] = ScratchFolder{};
    nlohmann::json doc = loadDoc("high_value_csv");
    try {
        runQuery(doc, root, [](std::string_view point, int64_t batchId) {
            if (point == "mid-sink" && batchId == 1)
                throw SimulatedCrash{};
        });
    } catch (const SimulatedCrash &) {
    }
    doc["steps"][1]["rows"].erase(0);
    const Error e = errorOf([&] { runQuery(doc, root); });
    QCOMPARE(e.kind(), ErrorKind::Runtime);
    QVERIFY2(e.message().starts_with("batch 1 (step 1) failed: step 1 no longer has the rows batch 1 was planned with"),
             e.what());
    QCOMPARE(sinkRows(root / "out", doc).size(), 15); // batch 0 only
}

void TestCheckpoint::badPathsTouchNothing()
{
    const auto &[dir, root] = ScratchFolder{};
    nlohmann::json doc = loadDoc("high_value_csv");
    doc["sink"]["options"]["path"] = "../outside";
    Error e = errorOf([&] { runQuery(doc, root); });
    QCOMPARE(e.kind(), ErrorKind::Scenario);
    QVERIFY2(e.message().starts_with("test.scenario.json:"), e.what());
    QVERIFY2(e.message().find("the sink path '../outside' leaves the output folder") != std::string::npos, e.what());
    QVERIFY(!fs::exists(root / "checkpoint"));
    QVERIFY(!fs::exists(root / "outside"));

    doc = loadDoc("account_counts_sqlite");
    StreamingQueryOptions options;
    options.outputDir = (root / "missing").string();
    options.checkpointDir = (root / "checkpoint").string();
    e = errorOf([&] { StreamingQuery query(scenarioOf(doc), options); });
    QCOMPARE(e.kind(), ErrorKind::Runtime);
    QCOMPARE(e.message(), "the output folder '" + options.outputDir
                              + "' does not exist; create it or choose another with --output-dir");
    QVERIFY(!fs::exists(root / "checkpoint"));

    doc["sink"]["options"].erase("key");
    e = errorOf([&] { runQuery(doc, root); });
    QCOMPARE(e.kind(), ErrorKind::Analysis);
    QVERIFY2(e.message().starts_with("the sqlite sink needs the 'key' option in update output mode"), e.what());
    QVERIFY(!fs::exists(root / "checkpoint"));
}

void TestCheckpoint::failedSinkLeavesCheckpointConsistent()
{
    // A sink write that fails (here: the part file's name is taken by a folder) leaves the batch
    // planned but not committed; once the cause is gone the run resumes.
    const auto &[dir, root] = ScratchFolder{};
    const nlohmann::json doc = loadDoc("high_value_csv");
    fs::create_directories(root / "out/high_value/part-00001-c000.csv/x");
    const Error e = errorOf([&] { runQuery(doc, root); });
    QCOMPARE(e.kind(), ErrorKind::Runtime);
    QVERIFY2(e.message().starts_with("batch 1 (step 1) failed: cannot rename temp file into '"), e.what());
    QVERIFY(fs::exists(root / "checkpoint/offsets/1"));
    QVERIFY(!fs::exists(root / "checkpoint/commits/1"));
    fs::remove_all(root / "out/high_value/part-00001-c000.csv");
    QCOMPARE(runQuery(doc, root).batchIds, std::vector<int64_t>{1});
    QCOMPARE(sinkRows(root / "out", doc).size(), 23);
}

void TestCheckpoint::memorySinkIsNotFaultTolerant()
{
    const auto &[dir, root] = ScratchFolder{};
    nlohmann::json doc = loadDoc("account_counts_sqlite");
    doc["sink"] = {{"format", "memory"}, {"options", {{"queryName", "counts"}}}};
    Outcome first;
    try {
        first = runQuery(doc, root, [](std::string_view point, int64_t batchId) {
            if (point == "after-commit" && batchId == 1)
                throw SimulatedCrash{};
        });
    } catch (const SimulatedCrash &) {
    }
    const Outcome resumed = runQuery(doc, root);
    QCOMPARE(resumed.batchIds, std::vector<int64_t>{2});
    QVERIFY(resumed.notices.front().starts_with("Note: the memory sink is not fault tolerant (as in Spark)"));
}

void TestCheckpoint::compiledQueryServesEveryRestart()
{
    // One Query compiled once and handed to a run that crashes after its first sink write and to
    // the restart (StreamingQueryOptions::compiledQuery, as the checkpoint fuzz harness does): the
    // restart re-runs batch 0 and runs batch 1, and the sink holds what an uninterrupted run's does.
    const nlohmann::json doc = loadDoc("high_value_csv");
    QTemporaryDir referenceDir(tempRoot());
    const fs::path reference = referenceDir.path().toStdString();
    QCOMPARE(runQuery(doc, reference).batchIds, (std::vector<int64_t>{0, 1}));

    const std::shared_ptr<const Query> compiled = Query::compile(scenarioOf(doc));
    const auto &[dir, root] = ScratchFolder{};
    bool crashed = false;
    try {
        runQuery(doc, root, [](std::string_view at, int64_t batch) {
            if (at == "after-sink" && batch == 0)
                throw SimulatedCrash{std::string(at), batch};
        }, compiled);
    } catch (const SimulatedCrash &) {
        crashed = true;
    }
    QVERIFY(crashed);
    QCOMPARE(runQuery(doc, root, {}, compiled).batchIds, (std::vector<int64_t>{0, 1}));
    QCOMPARE(sinkRows(root / "out", doc), sinkRows(reference / "out", doc));
    QCOMPARE(sinkRows(root / "out", doc).size(), 23);
    QVERIFY(runQuery(doc, root, {}, compiled).batchIds.empty());
}

QTEST_APPLESS_MAIN(TestCheckpoint)
#include "tst_checkpoint.moc"
