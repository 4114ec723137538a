// Proves exactly-once output across real crashes: streamstep-cli runs scenarios with a
// checkpoint and each durable sink in a child process, which is killed with SIGKILL at every
// injected point (STREAMSTEP_CRASH_AT) and at random moments, then restarted until it finishes;
// what `sink-cat` shows must equal an uninterrupted run, row for row. A full disk (RLIMIT_FSIZE),
// a read-only or missing output folder and a locked SQLite database must each fail with a clear
// message and leave the checkpoint so that a later run completes the same output.
#include "cli_child.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <random>

namespace fs = std::filesystem;

using namespace cli_child;

namespace {

// One scenario configuration: a query, its output mode and a durable sink.
struct Config {
    std::string name;
    nlohmann::json doc;
    std::string sinkPath; // relative to the output folder
    std::string table;
};

nlohmann::json transactions()
{
    // Account names that need CSV quoting travel through every crash.
    const std::vector<std::string> accounts{"ACC,1", "ACC \"2\"", "ACC\n3", " lead", "plain"};
    std::mt19937 random(20260301);
    nlohmann::json steps = nlohmann::json::array();
    for (int s = 0; s < 6; ++s) {
        nlohmann::json rows = nlohmann::json::array();
        for (int i = 0; i < 12; ++i) {
            const int minute = 600 + s * 4 + static_cast<int>(random() % 10) - 6; // some rows arrive late
            char time[32];
            std::snprintf(time, sizeof time, "2026-03-01 %02d:%02d:%02d", minute / 60, minute % 60, i);
            char amount[32];
            std::snprintf(amount, sizeof amount, "%u.%02u", 1 + static_cast<unsigned>(random() % 99999),
                          static_cast<unsigned>(random() % 100));
            rows.push_back({accounts[static_cast<size_t>(s * 3 + i) % accounts.size()], i % 3 ? "MUMBAI" : "DELHI",
                            amount, time});
        }
        steps.push_back({{"rows", rows}});
    }
    return steps;
}

Config makeConfig(const std::string &name)
{
    nlohmann::json doc = {
        {"format", "streamstep-scenario"},
        {"version", 1},
        {"title", "crash recovery: " + name},
        {"source",
         {{"name", "transactions"},
          {"schema", nlohmann::json::parse(R"J([{"name": "accountId", "type": "string"},
                {"name": "branchCode", "type": "string"}, {"name": "amount", "type": "decimal(12,2)"},
                {"name": "eventTime", "type": "timestamp"}])J")}}},
        {"steps", transactions()}};
    const nlohmann::json windowed = nlohmann::json::parse(R"J([
        {"op": "withWatermark", "column": "eventTime", "delay": "5 minutes"},
        {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"],
         "aggs": ["sum(amount) AS total", "count(*) AS n"]}])J");
    Config c{name, doc, "", ""};
    if (name == "csv") {
        c.doc["query"] = windowed;
        c.doc["query"].push_back({{"op", "select"},
                                  {"columns", {"window.start AS windowStart", "window.end AS windowEnd", "accountId", "total", "n"}}});
        c.doc["outputMode"] = "append";
        c.sinkPath = "out/windowed_csv";
        c.doc["sink"] = {{"format", "csv"}, {"options", {{"path", c.sinkPath}, {"header", true}}}};
    } else if (name == "json") {
        c.doc["query"] = windowed;
        c.doc["outputMode"] = "append";
        c.sinkPath = "out/windowed_json";
        c.doc["sink"] = {{"format", "json"}, {"options", {{"path", c.sinkPath}}}};
    } else if (name == "sqlite-update") {
        c.doc["query"] = windowed;
        c.doc["outputMode"] = "update";
        c.sinkPath = "db/totals.db";
        c.table = "window_totals";
        c.doc["sink"] = {{"format", "sqlite"},
                         {"options", {{"path", c.sinkPath}, {"table", c.table}, {"key", {"window", "accountId"}}}}};
    } else {
        c.doc["query"] = nlohmann::json::parse(
            R"J([{"op": "groupBy", "keys": ["branchCode"], "aggs": ["sum(amount) AS total", "count(*) AS n"]}])J");
        c.doc["outputMode"] = "complete";
        c.sinkPath = "db/branches.db";
        c.table = R"(totals "per" branch; --)";
        c.doc["sink"] = {{"format", "sqlite"}, {"options", {{"path", c.sinkPath}, {"table", c.table}, {"key", "branchCode"}}}};
    }
    return c;
}

// A folder per run: scenario, output folder and checkpoint.
struct RunFolder {
    fs::path root;
    fs::path scenario() const { return root / "crash.scenario.json"; }
    fs::path output() const { return root / "output"; }
    fs::path checkpoint() const { return root / "checkpoint"; }

    RunFolder(const fs::path &base, const std::string &name, const Config &config) : root(base / name)
    {
        fs::remove_all(root);
        fs::create_directories(output());
        std::ofstream(scenario()) << config.doc.dump(2);
    }
    std::vector<std::string> runArgs() const
    {
        return {"run", scenario().string(), "--jsonl", "--output-dir", output().string(), "--checkpoint", checkpoint().string()};
    }
    size_t numCommits() const
    {
        std::error_code ec;
        size_t n = 0;
        for (const auto &e : fs::directory_iterator(checkpoint() / "commits", ec))
            n += e.path().filename().string().front() != '.';
        return n;
    }
};

std::string sinkCat(const RunFolder &folder, const Config &config)
{
    std::vector<std::string> args{"sink-cat", (folder.output() / config.sinkPath).string()};
    if (!config.table.empty())
        args.insert(args.end(), {"--table", config.table});
    const ChildResult r = runCli(args, folder.root);
    if (r.exitCode != 0)
        return "sink-cat failed: " + r.err;
    return r.out;
}

void makeWorldWritable(const fs::path &root)
{
    std::error_code ec;
    fs::permissions(root, fs::perms::all, ec);
    for (auto it = fs::recursive_directory_iterator(root, ec); it != fs::recursive_directory_iterator(); ++it)
        fs::permissions(it->path(), it->is_directory() ? fs::perms::all : fs::perms(0666), ec);
}

struct Reference {
    std::string rows;              // sink-cat of the uninterrupted run
    std::vector<int64_t> dataBatches;
    std::vector<int64_t> noDataBatches;
    qint64 ms = 0;
    uintmax_t largestFile = 0;     // for the full-disk limit
};

} // namespace

class TestCrashRecovery : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void injectedCrashes_data();
    void injectedCrashes();
    void randomKills_data();
    void randomKills();
    void fullDisk_data();
    void fullDisk();
    void readOnlyOutputFolder_data();
    void readOnlyOutputFolder();
    void missingOutputFolder();
    void lockedDatabase();
    void cleanupTestCase();

private:
    const Reference &reference(const std::string &config);

    QTemporaryDir m_dir{QDir::tempPath() + "/tst_crash_recovery-XXXXXX"};
    fs::path m_base;
    std::map<std::string, Reference> m_references;
    int m_injected = 0;
    int m_randomKills = 0;
    int m_randomRuns = 0;
};

void TestCrashRecovery::initTestCase()
{
    QVERIFY2(fs::exists(cliPath()), ("streamstep-cli not found at " + cliPath()).c_str());
    QVERIFY(m_dir.isValid());
    m_base = m_dir.path().toStdString();
}

void TestCrashRecovery::cleanupTestCase()
{
    qInfo("%d injected crashes and %d random SIGKILLs (in %d random-kill runs) recovered exactly once", m_injected,
          m_randomKills, m_randomRuns);
}

const Reference &TestCrashRecovery::reference(const std::string &name)
{
    if (const auto it = m_references.find(name); it != m_references.end())
        return it->second;
    const Config config = makeConfig(name);
    const RunFolder folder(m_base, "reference-" + name, config);
    const ChildResult r = runCli(folder.runArgs(), folder.root);
    Reference ref;
    if (r.exitCode != 0)
        qFatal("reference run of %s failed: %s", name.c_str(), describe(r).constData());
    ref.ms = r.ms;
    size_t start = 0;
    while (start < r.out.size()) {
        const size_t end = r.out.find('\n', start);
        const nlohmann::json report = nlohmann::json::parse(r.out.substr(start, end - start));
        (report["noData"].get<bool>() ? ref.noDataBatches : ref.dataBatches).push_back(report["batchId"].get<int64_t>());
        start = end + 1;
    }
    ref.rows = sinkCat(folder, config);
    for (const fs::path &dir : {folder.output(), folder.checkpoint()})
        for (const auto &e : fs::recursive_directory_iterator(dir))
            if (e.is_regular_file())
                ref.largestFile = std::max(ref.largestFile, e.file_size());
    return m_references[name] = ref;
}

void TestCrashRecovery::injectedCrashes_data()
{
    QTest::addColumn<QString>("config");
    QTest::addColumn<QString>("point");
    QTest::addColumn<QString>("batch"); // "data": a data batch mid-run; "nodata": a no-data batch (or the last)
    for (const char *config : {"csv", "json", "sqlite-update", "sqlite-complete"})
        for (const char *point : {"after-offsets", "mid-sink", "after-sink", "after-commit"})
            for (const char *batch : {"data", "nodata"})
                QTest::addRow("%s %s %s", config, point, batch) << config << point << batch;
}

void TestCrashRecovery::injectedCrashes()
{
    QFETCH(QString, config);
    QFETCH(QString, point);
    QFETCH(QString, batch);
    const Config c = makeConfig(config.toStdString());
    const Reference &ref = reference(c.name);
    QVERIFY(ref.dataBatches.size() >= 4);
    const int64_t batchId = batch == "data" ? ref.dataBatches[ref.dataBatches.size() / 2]
                                            : (ref.noDataBatches.empty() ? ref.dataBatches.back() : ref.noDataBatches[1]);
    const RunFolder folder(m_base, "injected", c);

    const ChildResult crashed = runCli(folder.runArgs(), folder.root,
                                       {point.toStdString() + ":" + std::to_string(batchId), 0, false, {}});
    QVERIFY2(crashed.killed(), describe(crashed));
    QCOMPARE(folder.numCommits(), size_t(batchId + (point == "after-commit" ? 1 : 0)));
    const ChildResult resumed = runCli(folder.runArgs(), folder.root);
    QVERIFY2(resumed.exitCode == 0, describe(resumed));
    QVERIFY2(resumed.err.find("Resuming from checkpoint") != std::string::npos, resumed.err.c_str());
    QCOMPARE(sinkCat(folder, c), ref.rows);
    // The resumed run reports each batch from the first uncommitted one to the end once.
    const int64_t first = batchId + (point == "after-commit" ? 1 : 0);
    const int64_t last = std::max(ref.dataBatches.back(), ref.noDataBatches.empty() ? 0 : ref.noDataBatches.back());
    QCOMPARE(qsizetype(std::count(resumed.out.begin(), resumed.out.end(), '\n')), qsizetype(last - first + 1));
    ++m_injected;
}

void TestCrashRecovery::randomKills_data()
{
    QTest::addColumn<QString>("config");
    for (const char *config : {"csv", "json", "sqlite-update", "sqlite-complete"})
        QTest::newRow(config) << config;
}

void TestCrashRecovery::randomKills()
{
    QFETCH(QString, config);
    const Config c = makeConfig(config.toStdString());
    const Reference &ref = reference(c.name);
    std::mt19937 random(static_cast<unsigned>(qHash(config)) ^ 0x5eed);
    int kills = 0;
    // Kill times are drawn from the first half of a full run. The reference run's time may have
    // been taken while other tests loaded the machine (ctest -j2 starts the Spark runs first), so
    // the window shrinks to half of every full run that outlived its kill: a kill then lands
    // mid-run however fast the machine is now. A run resumed after a kill is shorter still, so
    // iterations go on (up to 16) until at least 4 kills landed.
    qint64 windowUs = std::max<qint64>(ref.ms * 500, 1000);
    for (int iteration = 0; iteration < 16 && (iteration < 4 || kills < 4); ++iteration) {
        const RunFolder folder(m_base, "random", c);
        int attempts = 0;
        for (;;) {
            ++attempts;
            ChildOptions options;
            if (attempts <= 6) // then let it finish
                options.killAfterUs = static_cast<int>(random() % static_cast<unsigned>(windowUs + 1));
            const ChildResult r = runCli(folder.runArgs(), folder.root, options);
            ++m_randomRuns;
            if (r.killed()) {
                ++m_randomKills;
                ++kills;
                continue;
            }
            QVERIFY2(r.exitCode == 0, describe(r));
            if (attempts == 1) // a whole run from an empty folder that its kill missed
                windowUs = std::clamp<qint64>(r.ms * 500, 1000, windowUs);
            break;
        }
        QCOMPARE(sinkCat(folder, c), ref.rows);
    }
    QVERIFY2(kills >= 4, "the random kills should land during the runs");
}

void TestCrashRecovery::fullDisk_data()
{
    QTest::addColumn<QString>("config");
    for (const char *config : {"csv", "json", "sqlite-update", "sqlite-complete"})
        QTest::newRow(config) << config;
}

void TestCrashRecovery::fullDisk()
{
    // A file size limit below what the run needs: some write (a part file, the manifest, the
    // database or its WAL, a state snapshot) fails with EFBIG mid-run, like a full disk.
    QFETCH(QString, config);
    const Config c = makeConfig(config.toStdString());
    const Reference &ref = reference(c.name);
    const RunFolder folder(m_base, "full-disk", c);
    // SQLite needs its 32 KiB -shm file; its WAL then grows with every batch past the limit.
    const rlim_t limit = c.table.empty() ? ref.largestFile * 2 / 3 : 64 * 1024;
    const ChildResult full = runCli(folder.runArgs(), folder.root, {"", limit, false, {}});
    QVERIFY2(full.exitCode == 3, describe(full));
    QVERIFY2(full.err.starts_with("StreamingQueryException: batch "), full.err.c_str());
    QVERIFY2(full.err.find("File too large") != std::string::npos, full.err.c_str());
    const size_t committed = folder.numCommits();
    QVERIFY2(committed >= 1, "the limit should be reached mid-run");
    QVERIFY(committed < ref.dataBatches.size() + ref.noDataBatches.size());
    // Space is back: the run resumes and the output is exactly that of an uninterrupted run.
    const ChildResult resumed = runCli(folder.runArgs(), folder.root);
    QVERIFY2(resumed.exitCode == 0, describe(resumed));
    QCOMPARE(sinkCat(folder, c), ref.rows);
}

void TestCrashRecovery::readOnlyOutputFolder_data()
{
    QTest::addColumn<QString>("config");
    QTest::addColumn<QString>("message");
    QTest::newRow("csv") << "csv" << "Permission denied";
    QTest::newRow("sqlite") << "sqlite-update" << "readonly database";
}

void TestCrashRecovery::readOnlyOutputFolder()
{
    QFETCH(QString, config);
    QFETCH(QString, message);
    const Config c = makeConfig(config.toStdString());
    const Reference &ref = reference(c.name);
    const RunFolder folder(m_base, "read-only", c);
    makeWorldWritable(m_base);
    const ChildOptions nobody{"", 0, true, {}};
    ChildOptions crash = nobody;
    crash.crashAt = "after-commit:1";
    QVERIFY(runCli(folder.runArgs(), folder.root, crash).killed());

    // The sink's folder (and database) become read-only mid-run.
    const fs::path sinkFolder = c.table.empty() ? folder.output() / c.sinkPath : (folder.output() / c.sinkPath).parent_path();
    std::vector<std::pair<fs::path, fs::perms>> saved;
    for (const auto &e : fs::recursive_directory_iterator(sinkFolder))
        saved.emplace_back(e.path(), e.status().permissions());
    saved.emplace_back(sinkFolder, fs::status(sinkFolder).permissions());
    for (const auto &[path, perms] : saved)
        fs::permissions(path, fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write,
                        fs::perm_options::remove);
    const ChildResult denied = runCli(folder.runArgs(), folder.root, nobody);
    for (const auto &[path, perms] : saved)
        fs::permissions(path, perms);
    QVERIFY2(denied.exitCode == 3, describe(denied));
    QVERIFY2(denied.err.find(message.toStdString()) != std::string::npos, denied.err.c_str());
    QVERIFY2(denied.err.find(sinkFolder.string()) != std::string::npos || denied.err.find(c.sinkPath) != std::string::npos,
             denied.err.c_str());
    QCOMPARE(folder.numCommits(), size_t(2)); // batches 0 and 1, nothing half-committed

    const ChildResult resumed = runCli(folder.runArgs(), folder.root, nobody);
    QVERIFY2(resumed.exitCode == 0, describe(resumed));
    QCOMPARE(sinkCat(folder, c), ref.rows);
}

void TestCrashRecovery::missingOutputFolder()
{
    const Config c = makeConfig("json");
    const Reference &ref = reference(c.name);
    const RunFolder folder(m_base, "missing-output", c);
    fs::remove_all(folder.output());
    const ChildResult missing = runCli(folder.runArgs(), folder.root);
    QCOMPARE(missing.exitCode, 3);
    QCOMPARE(missing.err, "StreamingQueryException: the output folder '" + folder.output().string()
                              + "' does not exist; create it or choose another with --output-dir\n");
    QVERIFY(!fs::exists(folder.checkpoint()));
    fs::create_directories(folder.output());
    const ChildResult ok = runCli(folder.runArgs(), folder.root);
    QVERIFY2(ok.exitCode == 0, describe(ok));
    QCOMPARE(sinkCat(folder, c), ref.rows);
}

void TestCrashRecovery::lockedDatabase()
{
    const Config c = makeConfig("sqlite-update");
    const Reference &ref = reference(c.name);
    const RunFolder folder(m_base, "locked", c);
    QVERIFY(runCli(folder.runArgs(), folder.root, {"after-commit:1", 0, false, {}}).killed());

    sqlite3 *other = nullptr;
    QCOMPARE(sqlite3_open((folder.output() / c.sinkPath).c_str(), &other), SQLITE_OK);
    QCOMPARE(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
    const ChildResult locked = runCli(folder.runArgs(), folder.root);
    sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_close(other);
    QVERIFY2(locked.exitCode == 3, describe(locked));
    QVERIFY2(locked.err.find("the database is locked by another connection (waited 250 ms)") != std::string::npos,
             locked.err.c_str());
    QCOMPARE(folder.numCommits(), size_t(2));

    const ChildResult resumed = runCli(folder.runArgs(), folder.root);
    QVERIFY2(resumed.exitCode == 0, describe(resumed));
    QCOMPARE(sinkCat(folder, c), ref.rows);
}

QTEST_APPLESS_MAIN(TestCrashRecovery)
#include "tst_crash_recovery.moc"
