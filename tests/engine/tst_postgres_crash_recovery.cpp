// Proves the postgres sink exactly once across real crashes, against a real server
// (postgres_test_server.h): streamstep-cli runs with a checkpoint in a child process that is
// killed with SIGKILL at every injected point (STREAMSTEP_CRASH_AT) of a data and a no-data batch
// and at random moments, then restarted from the checkpoint until it finishes; the table
// `sink-cat` reads back must equal an uninterrupted run's, row for row. Small batches go through
// the multi-row INSERT, large ones through binary COPY and the staging table. A statement that
// fails mid-batch (a CHECK constraint), a server that is not there and the jdbc spelling are
// checked through the CLI as a user meets them.
#include "cli_child.h"
#include "crash_runs.h"
#include "postgres_test_schema.h"
#include "sinks/postgres_connection.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <libpq-fe.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>

namespace fs = std::filesystem;
using namespace cli_child;

namespace {

// The configurations every crash test runs (makeConfig's names).
constexpr std::initializer_list<const char *> kConfigs = {"postgres-update", "postgres-complete", "jdbc-append",
                                                          "postgres-update-copy"};

// A sink configuration: query, output mode, rows per step and how the sink is spelled.
struct Config {
    std::string name;
    nlohmann::json doc; // without the sink's table, which each run gets anew
    nlohmann::json sink;
    std::string tableOption; // "table" or "dbtable"
};

// `rowsPerStep` transactions a step over `accounts` accounts, some named with quotes and a newline.
nlohmann::json transactions(int rowsPerStep, int accounts)
{
    return crash_runs::transactionSteps(20261201, rowsPerStep, [accounts](int, int, std::mt19937 &random) {
        const int account = static_cast<int>(random() % static_cast<unsigned>(accounts));
        return account % 7 == 0 ? "ACC '" + std::to_string(account) + "'\n\"q\"" : "ACC-" + std::to_string(account);
    });
}

Config makeConfig(const std::string &name)
{
    const bool large = name == "postgres-update-copy";
    const nlohmann::json doc = crash_runs::scenarioDoc("postgres crash recovery: " + name,
                                                       large ? transactions(1500, 4000) : transactions(12, 5));
    const nlohmann::json windowed = crash_runs::windowedTotals();
    Config c{name, doc, {}, "table"};
    const std::string url = testPostgresUrl();
    if (name == "postgres-update" || large) {
        c.doc["query"] = windowed;
        c.doc["outputMode"] = "update";
        c.sink = {{"format", "postgres"}, {"options", {{"url", url}, {"key", {"window", "accountId"}}}}};
    } else if (name == "postgres-complete") {
        c.doc["query"] = crash_runs::branchTotals();
        c.doc["outputMode"] = "complete";
        c.sink = {{"format", "postgres"}, {"options", {{"url", url}, {"key", "branchCode"}}}};
    } else { // jdbc-append: the lesson's spelling, append mode, no key
        c.doc["query"] = windowed;
        c.doc["outputMode"] = "append";
        const streamstep::PostgresTarget target = streamstep::postgresTarget(url);
        c.sink = {{"format", "jdbc"},
                  {"options", {{"url", "jdbc:postgresql://127.0.0.1:" + target.endpoint.port + "/streamstep"},
                               {"user", "streamstep"}, {"password", "streamstep"}}}};
        c.tableOption = "dbtable";
    }
    return c;
}

} // namespace

class TestPostgresCrashRecovery : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void injectedCrashes_data();
    void injectedCrashes();
    void randomKills_data();
    void randomKills();
    void failingStatementMidBatch();
    void serverNotThere();
    void cleanupTestCase();

private:
    // A folder and a table of their own for one run of a configuration.
    struct RunFolder : crash_runs::CheckpointedRun {
        std::string table; // the sink option: schema.name, the name needing quotes
        std::string quotedTable(const std::string &schema) const
        {
            return schema + ".\"" + table.substr(schema.size() + 1) + "\"";
        }
    };
    struct Reference : crash_runs::BatchReports {
        std::string rows;
    };

    RunFolder newRun(const Config &config, const std::string &label);
    std::string sinkCat(const RunFolder &folder);
    const Reference &reference(const std::string &config);
    QStringList sql(const std::string &query) const { return m_pg.query(query); }

    QTemporaryDir m_dir{QDir::tempPath() + "/tst_postgres_crash_recovery-XXXXXX"};
    fs::path m_base;
    PostgresTestSchema m_pg;
    std::map<std::string, Reference> m_references;
    int m_runs = 0;
    int m_injected = 0;
    int m_randomKills = 0;
    int m_randomConfigs = 0;
};

void TestPostgresCrashRecovery::initTestCase()
{
    QVERIFY2(fs::exists(cliPath()), ("streamstep-cli not found at " + cliPath()).c_str());
    QVERIFY(m_dir.isValid());
    m_base = m_dir.path().toStdString();
    m_pg.create("tst_pg_crash");
}

void TestPostgresCrashRecovery::cleanupTestCase()
{
    m_pg.drop();
    qInfo("%d injected crashes and %d random SIGKILLs (%d kills) recovered exactly once", m_injected, m_randomKills,
          m_injected + m_randomKills);
    if (m_randomConfigs == 4) // the whole test ran (not a selected function)
        QVERIFY2(m_injected + m_randomKills >= 50, "the crash test must kill the CLI at least 50 times");
}

TestPostgresCrashRecovery::RunFolder TestPostgresCrashRecovery::newRun(const Config &config, const std::string &label)
{
    const fs::path root = m_base / (label + "-" + std::to_string(++m_runs));
    RunFolder folder{{root, root}, {}};
    // A table name that needs quoting, in the test's schema.
    folder.table = m_pg.name() + "." + config.name + " run " + std::to_string(m_runs);
    fs::create_directories(folder.root);
    nlohmann::json doc = config.doc;
    doc["sink"] = config.sink;
    doc["sink"]["options"][config.tableOption] = folder.table;
    std::ofstream(folder.scenario()) << doc.dump(2);
    return folder;
}

std::string TestPostgresCrashRecovery::sinkCat(const RunFolder &folder)
{
    const ChildResult r = runCli({"sink-cat", testPostgresUrl(), "--table", folder.table}, folder.root);
    if (r.exitCode != 0)
        return "sink-cat failed: " + r.err;
    return r.out;
}

const TestPostgresCrashRecovery::Reference &TestPostgresCrashRecovery::reference(const std::string &name)
{
    if (const auto it = m_references.find(name); it != m_references.end())
        return it->second;
    const Config config = makeConfig(name);
    const RunFolder folder = newRun(config, "reference-" + name);
    Reference ref{crash_runs::referenceReports(runCli(folder.runArgs(), folder.root), name)};
    ref.rows = sinkCat(folder);
    if (std::count(ref.rows.begin(), ref.rows.end(), '\n') < 2)
        qFatal("reference run of %s wrote too little: %s", name.c_str(), ref.rows.c_str());
    return m_references[name] = ref;
}

void TestPostgresCrashRecovery::injectedCrashes_data()
{
    crash_runs::addInjectedCrashRows(kConfigs);
}

void TestPostgresCrashRecovery::injectedCrashes()
{
    const crash_runs::InjectedCrashRow row = crash_runs::injectedCrashRow();
    const Config c = makeConfig(row.config);
    const Reference &ref = reference(c.name);
    const RunFolder folder = newRun(c, "injected");
    ChildResult resumed;
    crash_runs::crashAndResume(folder, ref, row, resumed);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(sinkCat(folder), ref.rows);
    // Killed after the sink committed but before the commit log: the sink skipped the replayed
    // batch, and the bookkeeping table holds each batch id once.
    QCOMPARE(sql("SELECT count(*) = count(DISTINCT batch_id) FROM " + m_pg.name() + "._streamstep_batches WHERE table_name = '"
                 + folder.table + "'"),
             QStringList{"t"});
    ++m_injected;
}

void TestPostgresCrashRecovery::randomKills_data()
{
    crash_runs::addConfigRows(kConfigs);
}

void TestPostgresCrashRecovery::randomKills()
{
    const Config c = makeConfig(crash_runs::rowConfig());
    const Reference &ref = reference(c.name);
    // Up to 30 fresh runs, at least 3, until 8 kills landed in this configuration.
    crash_runs::RandomKillCounts counts;
    crash_runs::killAtRandom<RunFolder>(
        {.minIterations = 3, .maxIterations = 30, .minKills = 8, .killedAttempts = 5}, ref.ms,
        static_cast<unsigned>(qHash(QString::fromStdString(c.name))) ^ 0x5eed, [&] { return newRun(c, "random"); },
        [&](const RunFolder &folder) { return sinkCat(folder); }, ref.rows, counts);
    m_randomKills += counts.kills;
    if (QTest::currentTestFailed())
        return;
    ++m_randomConfigs;
}

void TestPostgresCrashRecovery::failingStatementMidBatch()
{
    // The server refuses a row of batch 2 (a CHECK constraint): the batch rolls back, the query
    // stops with the server's words, the checkpoint keeps batches 0-1; once the constraint is
    // gone the same command finishes, and the table equals the uninterrupted run's.
    const Config c = makeConfig("postgres-update");
    const Reference &ref = reference(c.name);
    const RunFolder folder = newRun(c, "failing");
    QVERIFY(runCli(folder.runArgs(), folder.root, {"after-commit:1", 0, false, {}}).killed());
    sql("ALTER TABLE " + folder.quotedTable(m_pg.name()) + " ADD CONSTRAINT few CHECK (n < 2) NOT VALID");
    const ChildResult failed = runCli(folder.runArgs(), folder.root);
    QVERIFY2(failed.exitCode == 3, describe(failed));
    QVERIFY2(failed.err.find("StreamingQueryException: batch 2 (step 1) failed: postgres sink '") != std::string::npos, failed.err.c_str());
    QVERIFY2(failed.err.find("violates check constraint \"few\"; DETAIL: Failing row contains (") != std::string::npos,
             failed.err.c_str());
    QVERIFY2(failed.err.find("The transaction was rolled back") != std::string::npos, failed.err.c_str());
    QCOMPARE(folder.numCommits(), size_t(2));
    sql("ALTER TABLE " + folder.quotedTable(m_pg.name()) + " DROP CONSTRAINT few");
    const ChildResult resumed = runCli(folder.runArgs(), folder.root);
    QVERIFY2(resumed.exitCode == 0, describe(resumed));
    QCOMPARE(sinkCat(folder), ref.rows);
}

void TestPostgresCrashRecovery::serverNotThere()
{
    Config c = makeConfig("postgres-update");
    std::string url = testPostgresUrl();
    const size_t portAt = url.rfind(':');
    // Port 1 on the loopback: nothing listens there.
    c.sink["options"]["url"] = url.substr(0, portAt + 1) + "1" + url.substr(url.rfind('/'));
    const RunFolder folder = newRun(c, "not-there");
    const ChildResult r = runCli(folder.runArgs(), folder.root);
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.find("StreamingQueryException: postgres sink 'postgresql://streamstep@127.0.0.1:1/streamstep' table ")
                 != std::string::npos, r.err.c_str());
    QVERIFY2(r.err.find("cannot reach PostgreSQL at 127.0.0.1:1 (database 'streamstep', user 'streamstep'), as the sink's "
                        "url option says") != std::string::npos, r.err.c_str());
    QVERIFY2(r.err.find("tools/postgres/start-test-server.sh") != std::string::npos, r.err.c_str());
    QCOMPARE(folder.numCommits(), size_t(0));
    // The same file pointed at the real server by STREAMSTEP_POSTGRES_URL runs (and says so).
    ::setenv("STREAMSTEP_POSTGRES_URL", testPostgresUrl().c_str(), 1);
    const ChildResult ok = runCli(folder.runArgs(), folder.root);
    ::unsetenv("STREAMSTEP_POSTGRES_URL");
    QVERIFY2(ok.exitCode == 0, describe(ok));
    QVERIFY2(ok.err.find("from STREAMSTEP_POSTGRES_URL instead of the sink's url option") != std::string::npos, ok.err.c_str());
    QCOMPARE(sinkCat(folder), reference(c.name).rows);
}

int main(int argc, char **argv)
{
    TestPostgresCrashRecovery test;
    return runPostgresTest(test, argc, argv, "tst_postgres_crash_recovery");
}

#include "tst_postgres_crash_recovery.moc"
