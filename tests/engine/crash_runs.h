// What the crash tests (tst_crash_recovery, tst_postgres_crash_recovery) share: the scenario they
// run (seeded transactions, some late, through a windowed or a per-branch aggregation), a folder
// per checkpointed run of streamstep-cli, the batch reports of an uninterrupted run, a crash at an
// injected point followed by a resumed run, and the random-kill loop.
#pragma once

#include "cli_child.h"
#include "test_columns.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

namespace crash_runs {

namespace fs = std::filesystem;
using namespace cli_child;

// Six steps of `rowsPerStep` seeded transactions, some arriving late; `account` names the
// account of row `row` of step `step` (it may draw from `random`, after the time and amount).
inline nlohmann::json transactionSteps(unsigned seed, int rowsPerStep,
                                       const std::function<std::string(int step, int row, std::mt19937 &random)> &account)
{
    std::mt19937 random(seed);
    nlohmann::json steps = nlohmann::json::array();
    for (int s = 0; s < 6; ++s) {
        nlohmann::json rows = nlohmann::json::array();
        for (int i = 0; i < rowsPerStep; ++i) {
            const int minute = 600 + s * 4 + static_cast<int>(random() % 10) - 6; // some rows arrive late
            char time[32];
            std::snprintf(time, sizeof time, "2026-03-01 %02d:%02d:%02d", minute / 60, minute % 60, i % 60);
            char amount[32];
            std::snprintf(amount, sizeof amount, "%u.%02u", 1 + static_cast<unsigned>(random() % 99999),
                          static_cast<unsigned>(random() % 100));
            const std::string name = account(s, i, random);
            rows.push_back({name, i % 3 ? "MUMBAI" : "DELHI", amount, time});
        }
        steps.push_back({{"rows", rows}});
    }
    return steps;
}

// A scenario over the transactions source, without query, output mode and sink.
inline nlohmann::json scenarioDoc(const std::string &title, const nlohmann::json &steps)
{
    return {{"format", "streamstep-scenario"},
            {"version", 1},
            {"title", title},
            {"source",
             {{"name", "transactions"},
              {"schema", nlohmann::json::parse(R"J([{"name": "accountId", "type": "string"},
                {"name": "branchCode", "type": "string"}, {"name": "amount", "type": "decimal(12,2)"},
                {"name": "eventTime", "type": "timestamp"}])J")}}},
            {"steps", steps}};
}

// Totals per 5-minute window and account, with a 5-minute watermark.
inline nlohmann::json windowedTotals()
{
    return nlohmann::json::parse(R"J([
        {"op": "withWatermark", "column": "eventTime", "delay": "5 minutes"},
        {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"],
         "aggs": ["sum(amount) AS total", "count(*) AS n"]}])J");
}

// Totals per branch (complete mode).
inline nlohmann::json branchTotals()
{
    return nlohmann::json::parse(
        R"J([{"op": "groupBy", "keys": ["branchCode"], "aggs": ["sum(amount) AS total", "count(*) AS n"]}])J");
}

// A folder for one checkpointed run: its scenario file, the checkpoint and where output goes.
struct CheckpointedRun {
    fs::path root;
    fs::path outputDir;
    fs::path scenario() const { return root / "crash.scenario.json"; }
    fs::path checkpoint() const { return root / "checkpoint"; }
    std::vector<std::string> runArgs() const
    {
        return {"run", scenario().string(), "--jsonl", "--output-dir", outputDir.string(), "--checkpoint", checkpoint().string()};
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

// The batches an uninterrupted run reported (its --jsonl lines) and how long it took.
struct BatchReports {
    std::vector<int64_t> dataBatches;
    std::vector<int64_t> noDataBatches;
    qint64 ms = 0;
};

inline BatchReports batchReports(const ChildResult &run)
{
    BatchReports reports;
    reports.ms = run.ms;
    size_t start = 0;
    while (start < run.out.size()) {
        const size_t end = run.out.find('\n', start);
        const nlohmann::json report = nlohmann::json::parse(run.out.substr(start, end - start));
        (report["noData"].get<bool>() ? reports.noDataBatches : reports.dataBatches).push_back(report["batchId"].get<int64_t>());
        start = end + 1;
    }
    return reports;
}

// The batch reports of the uninterrupted run of configuration `name`; the test stops when it failed.
inline BatchReports referenceReports(const ChildResult &run, const std::string &name)
{
    if (run.exitCode != 0)
        qFatal("reference run of %s failed: %s", name.c_str(), describe(run).constData());
    return batchReports(run);
}

// A table of one row per configuration ("config").
inline void addConfigRows(std::initializer_list<const char *> configs)
{
    QTest::addColumn<QString>("config");
    for (const char *config : configs)
        QTest::newRow(config) << config;
}

// The configuration of the current row of addConfigRows' table.
inline std::string rowConfig()
{
    QFETCH(QString, config);
    return config.toStdString();
}

// The injected-crash table of both crash tests: each configuration crashed at each point, in a
// data batch ("data": mid-run) and in a no-data batch ("nodata": a no-data batch, or the last).
inline void addInjectedCrashRows(std::initializer_list<const char *> configs)
{
    streamstep::testing::addColumns<QString, QString, QString>("config", "point", "batch");
    for (const char *config : configs)
        for (const char *point : {"after-offsets", "mid-sink", "after-sink", "after-commit"})
            for (const char *batch : {"data", "nodata"})
                QTest::addRow("%s %s %s", config, point, batch) << config << point << batch;
}

// The current row of addInjectedCrashRows' table.
struct InjectedCrashRow {
    std::string config;
    std::string point; // "after-offsets", "mid-sink", "after-sink" or "after-commit"
    bool dataBatch = true;
};

inline InjectedCrashRow injectedCrashRow()
{
    QFETCH(QString, config);
    QFETCH(QString, point);
    QFETCH(QString, batch);
    return {config.toStdString(), point.toStdString(), batch == "data"};
}

// The batch an injected crash hits: the middle data batch, or the second no-data batch (the last
// batch when there is none).
inline int64_t crashBatch(const BatchReports &reports, bool dataBatch)
{
    return dataBatch ? reports.dataBatches[reports.dataBatches.size() / 2]
                     : (reports.noDataBatches.empty() ? reports.dataBatches.back() : reports.noDataBatches[1]);
}

// Crashes the run at `point` ("after-offsets", "mid-sink", "after-sink", "after-commit") of batch
// `batchId`, checks what the checkpoint committed, and resumes it to the end: `resumed` is that run.
inline void crashAndResume(const CheckpointedRun &run, const std::string &point, int64_t batchId, ChildResult &resumed)
{
    const ChildResult crashed = runCli(run.runArgs(), run.root, {point + ":" + std::to_string(batchId), 0, false, {}});
    QVERIFY2(crashed.killed(), describe(crashed));
    QCOMPARE(run.numCommits(), size_t(batchId + (point == "after-commit" ? 1 : 0)));
    resumed = runCli(run.runArgs(), run.root);
    QVERIFY2(resumed.exitCode == 0, describe(resumed));
    QVERIFY2(resumed.err.find("Resuming from checkpoint") != std::string::npos, resumed.err.c_str());
}

// The crash of `row` in `run`, a fresh run of the row's configuration whose uninterrupted run is
// `reference` (at least four data batches), resumed to the end: `resumed` is that run. Returns the
// batch it crashed in.
inline int64_t crashAndResume(const CheckpointedRun &run, const BatchReports &reference, const InjectedCrashRow &row,
                              ChildResult &resumed)
{
    if (reference.dataBatches.size() < 4) {
        QTest::qFail("the uninterrupted run should have at least four data batches", __FILE__, __LINE__);
        return -1;
    }
    const int64_t batchId = crashBatch(reference, row.dataBatch);
    crashAndResume(run, row.point, batchId, resumed);
    return batchId;
}

// How many fresh runs the random-kill loop makes and how many kills must land.
struct RandomKillPlan {
    int minIterations = 4;
    int maxIterations = 16;
    int minKills = 4;
    int killedAttempts = 6; // attempts of a run that get a kill; the next one may finish
};

struct RandomKillCounts {
    int kills = 0;
    int runs = 0;
};

// Runs the configuration in fresh folders (`newRun`), each killed with SIGKILL at random moments
// and restarted from its checkpoint until it finishes; what `sinkCat` reads back must equal
// `rows` each time, and at least plan.minKills kills must land. Kill times are drawn from the
// first half of a full run. The reference run's time (`referenceMs`) may have been taken while
// other tests loaded the machine (ctest -j2 starts the Spark runs first), so the window shrinks
// to half of every full run that outlived its kill: a kill then lands mid-run however fast the
// machine is now. A run resumed after a kill is shorter still, so iterations go on (up to
// plan.maxIterations) until enough kills landed.
template <class Run>
void killAtRandom(const RandomKillPlan &plan, qint64 referenceMs, unsigned seed, const std::function<Run()> &newRun,
                  const std::function<std::string(const Run &)> &sinkCat, const std::string &rows, RandomKillCounts &counts)
{
    std::mt19937 random(seed);
    int kills = 0;
    qint64 windowUs = std::max<qint64>(referenceMs * 500, 1000);
    for (int iteration = 0; iteration < plan.maxIterations && (iteration < plan.minIterations || kills < plan.minKills);
         ++iteration) {
        const Run run = newRun();
        for (int attempts = 1;; ++attempts) {
            ChildOptions options;
            if (attempts <= plan.killedAttempts) // then let it finish
                options.killAfterUs = static_cast<int>(random() % static_cast<unsigned>(windowUs + 1));
            const ChildResult r = runCli(run.runArgs(), run.root, options);
            ++counts.runs;
            if (r.killed()) {
                ++counts.kills;
                ++kills;
                continue;
            }
            QVERIFY2(r.exitCode == 0, describe(r));
            if (attempts == 1) // a whole run from an empty folder that its kill missed
                windowUs = std::clamp<qint64>(r.ms * 500, 1000, windowUs);
            break;
        }
        QCOMPARE(sinkCat(run), rows);
    }
    QVERIFY2(kills >= plan.minKills, "the random kills should land during the runs");
}

} // namespace crash_runs
