// A small Spark-like stream test DSL (AddData / CheckNewAnswer) over scenario text, so engine
// tests read like Spark's own StreamTest suites and never depend on wall time.
#pragma once

#include "report_checks.h"
#include "streamstep/engine.h"
#include "streamstep/scenario.h"
#include "streamstep/scenario_check.h"
#include "streamstep/transaction_generator.h"
#include "streamstep/value_format.h"

#include <QStringList>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <optional>
#include <cstring>
#include <set>
#include <string>
#include <vector>

namespace streamstep::testing {

// The transactions source used by most tests.
inline nlohmann::json transactionsSchema()
{
    return nlohmann::json::parse(R"J([
        {"name": "accountId", "type": "string"},
        {"name": "branchCode", "type": "string"},
        {"name": "amount", "type": "decimal(12,2)"},
        {"name": "eventTime", "type": "timestamp"}])J");
}

// Seeded transactions with event-time jitter and late rows, so watermarks move, windows close,
// rows are dropped as late and no-data batches run: `steps` batches of `rowsPerStep` rows.
inline std::vector<ColumnBatch> lateTransactionSteps(int steps, int64_t rowsPerStep, uint64_t seed,
                                                     int64_t numAccounts)
{
    constexpr int64_t kMinuteMicros = 60'000'000;
    TransactionGeneratorOptions o;
    o.seed = seed;
    o.numRows = rowsPerStep;
    o.numAccounts = numAccounts;
    o.eventTimeSpanMicros = 20 * kMinuteMicros;
    o.jitterMicros = 2 * kMinuteMicros;
    o.lateFraction = 0.05;
    o.latenessMicros = 30 * kMinuteMicros;
    TransactionGenerator generator(o);
    std::vector<ColumnBatch> out;
    for (int i = 0; i < steps; ++i)
        out.push_back(generator.next(rowsPerStep));
    return out;
}

// Builds a scenario document: `query` is the JSON array of ops, `steps` a JSON array of row
// arrays (one per trigger).
inline Scenario makeScenario(const std::string &query, const std::string &mode, const std::string &steps,
                             const std::string &sink = R"J({"format": "memory", "options": {"queryName": "q"}})J",
                             const nlohmann::json &schema = transactionsSchema())
{
    nlohmann::json doc;
    doc["format"] = "streamstep-scenario";
    doc["version"] = 1;
    doc["source"] = {{"name", "transactions"}, {"schema", schema}};
    doc["query"] = nlohmann::json::parse(query);
    doc["outputMode"] = mode;
    doc["sink"] = nlohmann::json::parse(sink);
    nlohmann::json stepArray = nlohmann::json::array();
    for (const auto &rows : nlohmann::json::parse(steps))
        stepArray.push_back({{"rows", rows}});
    doc["steps"] = stepArray;
    return parseScenario(doc.dump(2), "test.scenario.json");
}

// Rows of a batch as compact JSON objects, sorted (CheckNewAnswer is order-insensitive).
inline QStringList rowsOf(const ColumnBatch &batch)
{
    QStringList out;
    for (size_t r = 0; r < batch.numRows; ++r)
        out << QString::fromStdString(rowToJson(batch, r));
    out.sort();
    return out;
}

inline QStringList sorted(QStringList list)
{
    list.sort();
    return list;
}

inline QStringList emittedOf(const std::vector<BatchReport> &reports)
{
    QStringList out;
    for (const BatchReport &r : reports)
        out << rowsOf(r.emitted);
    out.sort();
    return out;
}

// Steps a scenario one trigger at a time, on the engine's trigger clock (triggerTimeMicros), and
// stops and restarts it like Spark's StreamTest: StopStream, then StartStream from the
// checkpoint, with the same or a changed query.
class StreamTester {
public:
    explicit StreamTester(const Scenario &scenario) : m_scenario(scenario), m_run(Query::compile(scenario)) {}

    // Spark's AddData + process: runs the next step and returns its batches.
    std::vector<BatchReport> addData()
    {
        if (!m_run)
            qFatal("StreamTester::addData: the stream is stopped (call startStream)");
        const Step &step = m_scenario.steps.at(static_cast<size_t>(m_next));
        auto reports = m_run->step(step.rows, m_next, triggerTimeMicros(m_scenario.steps, static_cast<size_t>(m_next)));
        ++m_next;
        return reports;
    }
    // Spark's StopStream: the run ends; what a restart needs is what the checkpoint's state file
    // holds after the last batch (Run::saveState), returned here as "the checkpoint".
    std::string stopStream()
    {
        if (!m_run)
            qFatal("StreamTester::stopStream: the stream is already stopped");
        std::string checkpoint = m_run->saveState();
        m_run.reset();
        return checkpoint;
    }
    // Spark's StartStream(checkpointLocation): a new run of the query (or of `changed`, a scenario
    // with another query over the same steps) resumes from the checkpoint; the next addData feeds
    // the step after the last one run. Throws what Run::restoreState throws for a checkpoint that
    // does not fit.
    void startStream(const std::string &checkpoint, const Scenario *changed = nullptr)
    {
        if (changed) {
            m_scenario.query = changed->query;
            m_scenario.outputMode = changed->outputMode;
            m_scenario.sink = changed->sink;
        }
        Run run(Query::compile(m_scenario));
        run.restoreState(checkpoint);
        m_run = std::move(run);
    }
    Run &run() { return *m_run; }

private:
    Scenario m_scenario;
    std::optional<Run> m_run;
    int m_next = 0;
};

inline int64_t micros(const char *timestamp)
{
    return *parseTimestamp(timestamp);
}

inline int64_t ms(const char *timestamp)
{
    return micros(timestamp) / 1000;
}

// The lesson's query: totals per account and 5-minute window, with a 10-minute watermark.
inline const char *kWindowedSum = R"J([
    {"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
    {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"],
     "aggs": ["sum(amount) AS total"]}])J";

// Compares the analysis error of compiling the scenario with Spark's message.
inline QString analysisErrorOf(const Scenario &scenario)
{
    try {
        Query::compile(scenario);
    } catch (const Error &e) {
        if (e.kind() != ErrorKind::Analysis)
            return QStringLiteral("wrong kind: ") + QString::fromStdString(e.message());
        return QString::fromStdString(e.message());
    }
    return QString();
}

// How many checkpoints (StepControl::progress calls) stepping `rows` as step `step` at
// `timeMicros` passes, counted on a copy of `run`.
inline int checkpointsOfStep(const Run &run, const ColumnBatch &rows, int step, int64_t timeMicros)
{
    Run probe(run);
    int checkpoints = 0;
    StepControl count;
    count.progress = [&](double, StepPhase) { ++checkpoints; };
    probe.step(rows, step, timeMicros, count);
    return checkpoints;
}

// A StepControl (`control`) that cancels the step at its checkpoint `at` (from 0); `seen` counts
// the checkpoints the step reached.
class CancelAt {
public:
    explicit CancelAt(int at)
    {
        control.cancel = &m_cancel;
        control.progress = [this, at](double, StepPhase) {
            if (seen++ == at)
                m_cancel = true;
        };
    }
    CancelAt(const CancelAt &) = delete;
    CancelAt &operator=(const CancelAt &) = delete;

    StepControl control;
    int seen = 0;

private:
    std::atomic<bool> m_cancel{false};
};

} // namespace streamstep::testing
