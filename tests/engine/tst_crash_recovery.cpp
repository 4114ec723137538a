// Proves exactly-once output across real crashes: streamstep-cli runs scenarios with a
// checkpoint and each durable sink in a child process, which is killed with SIGKILL at every
// injected point (STREAMSTEP_CRASH_AT) and at random moments, then restarted until it finishes;
// what `sink-cat` shows must equal an uninterrupted run, row for row. A full disk (RLIMIT_FSIZE),
// a read-only or missing output folder and a locked SQLite database must each fail with a clear
// message and leave the checkpoint so that a later run completes the same output.
#include "test_columns.h"
#include "cli_child.h"
#include "crash_runs.h"

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

using streamstep::testing::addColumns;

namespace fs = std::filesystem;

using namespace cli_child;

namespace {

// The configurations every crash test runs (makeConfig's names).
constexpr std::initializer_list<const char *> kConfigs = {"csv", "json", "sqlite-update", "sqlite-complete"};

// One scenario configuration: a query, its output mode and a durable sink.
struct Config {
    std::string name;
    nlohmann::json doc;
    std::string sinkPath; // relative to the output folder
    std::string table;
};

Config makeConfig(const std::string &name)
{
    // Account names that need CSV quoting travel through every crash.
    const std::vector<std::string> accounts{"ACC,1", "ACC \"2\"", "ACC\n3", " lead", "plain"};
    const nlohmann::json doc = crash_runs::scenarioDoc(
        "crash recovery: " + name, crash_runs::transactionSteps(20260301, 12, [&](int step, int row, std::mt19937 &) {
            return accounts[static_cast<size_t>(step * 3 + row) % accounts.size()];
        }));
    const nlohmann::json windowed = crash_runs::windowedTotals();
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
        c.doc["query"] = crash_runs::branchTotals();
        c.doc["outputMode"] = "complete";
        c.sinkPath = "db/branches.db";
        c.table = R"(totals "per" branch; --)";
        c.doc["sink"] = {{"format", "sqlite"}, {"options", {{"path", c.sinkPath}, {"table", c.table}, {"key", "branchCode"}}}};
    }
    return c;
}

// A folder per run: scenario, output folder and checkpoint.
struct RunFolder : crash_runs::CheckpointedRun {
    fs::path output() const { return outputDir; }

    RunFolder(const fs::path &base, const std::string &name, const Config &config)
        : CheckpointedRun{base / name, base / name / "output"}
    {
        fs::remove_all(root);
        fs::create_directories(output());
        std::ofstream(scenario()) << config.doc.dump(2);
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

struct Reference : crash_runs::BatchReports {
    std::string rows;              // sink-cat of the uninterrupted run
    uintmax_t largestFile = 0;     // for the full-disk limit
};

// How each failure test ends once the cause is gone: the same command (run as `options` say)
// finishes, and the output is exactly that of an uninterrupted run.
void resumeMatchesReference(const RunFolder &folder, const Config &c, const Reference &ref,
                            const ChildOptions &options = {})
{
    const ChildResult resumed = runCli(folder.runArgs(), folder.root, options);
    QVERIFY2(resumed.exitCode == 0, describe(resumed));
    QCOMPARE(sinkCat(folder, c), ref.rows);
}

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
    Reference ref{crash_runs::referenceReports(runCli(folder.runArgs(), folder.root), name)};
    ref.rows = sinkCat(folder, config);
    for (const fs::path &dir : {folder.output(), folder.checkpoint()})
        for (const auto &e : fs::recursive_directory_iterator(dir))
            if (e.is_regular_file())
                ref.largestFile = std::max(ref.largestFile, e.file_size());
    return m_references[name] = ref;
}

void TestCrashRecovery::injectedCrashes_data()
{
    crash_runs::addInjectedCrashRows(kConfigs);
}

void TestCrashRecovery::injectedCrashes()
{
    const crash_runs::InjectedCrashRow row = crash_runs::injectedCrashRow();
    const Config c = makeConfig(row.config);
    const Reference &ref = reference(c.name);
    const RunFolder folder(m_base, "injected", c);
    ChildResult resumed;
    const int64_t batchId = crash_runs::crashAndResume(folder, ref, row, resumed);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(sinkCat(folder, c), ref.rows);
    // The resumed run reports each batch from the first uncommitted one to the end once.
    const int64_t first = batchId + (row.point == "after-commit" ? 1 : 0);
    const int64_t last = std::max(ref.dataBatches.back(), ref.noDataBatches.empty() ? 0 : ref.noDataBatches.back());
    QCOMPARE(qsizetype(std::count(resumed.out.begin(), resumed.out.end(), '\n')), qsizetype(last - first + 1));
    ++m_injected;
}

void TestCrashRecovery::randomKills_data()
{
    crash_runs::addConfigRows(kConfigs);
}

void TestCrashRecovery::randomKills()
{
    const Config c = makeConfig(crash_runs::rowConfig());
    const Reference &ref = reference(c.name);
    crash_runs::RandomKillCounts counts;
    crash_runs::killAtRandom<RunFolder>(
        crash_runs::RandomKillPlan{}, ref.ms, static_cast<unsigned>(qHash(QString::fromStdString(c.name))) ^ 0x5eed,
        [&] { return RunFolder(m_base, "random", c); }, [&](const RunFolder &folder) { return sinkCat(folder, c); },
        ref.rows, counts);
    m_randomKills += counts.kills;
    m_randomRuns += counts.runs;
}

void TestCrashRecovery::fullDisk_data()
{
    crash_runs::addConfigRows(kConfigs);
}

void TestCrashRecovery::fullDisk()
{
    // A file size limit below what the run needs: some write (a part file, the manifest, the
    // database or its WAL, a state snapshot) fails with EFBIG mid-run, like a full disk.
    const Config c = makeConfig(crash_runs::rowConfig());
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
    resumeMatchesReference(folder, c, ref);
}

void TestCrashRecovery::readOnlyOutputFolder_data()
{
    addColumns<QString, QString>("config", "message");
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

    resumeMatchesReference(folder, c, ref, nobody);
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
    resumeMatchesReference(folder, c, ref);
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

    resumeMatchesReference(folder, c, ref);
}

QTEST_APPLESS_MAIN(TestCrashRecovery)
#include "tst_crash_recovery.moc"
