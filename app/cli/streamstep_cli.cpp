// streamstep-cli: runs scenario files the way a Spark shell would show them, as JSON lines for
// tools and tests, and checks them against their `expect` (shared/scenario-format.md §3).
#include "streamstep/engine.h"
#include "streamstep/scenario.h"
#include "streamstep/scenario_check.h"
#include "streamstep/value_format.h"

#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

using namespace streamstep;

namespace {

const char *kUsage = R"(Usage:
  streamstep-cli run FILE.scenario.json [--jsonl] [--output-dir DIR] [--checkpoint DIR] [--explain]
  streamstep-cli check FILE.scenario.json...
  streamstep-cli --help | --version

Commands:
  run     Runs every step of the scenario, one trigger per step, and prints what the sink
          shows after each micro-batch (Spark's console format for the console sink; the
          memory table for the memory sink).
  check   Runs each scenario and compares every step with its `expect` (or `expectError`),
          printing a readable difference. Exit code 0 when all match, 4 otherwise.

Options:
  --jsonl           With run: print one JSON object per executed micro-batch and nothing else
                    on stdout (batchId, step, noData, numInputRows, numRowsDroppedByWatermark,
                    watermark, nextWatermark, eventTime, stateRows, stateRowsUpdated,
                    stateRowsRemoved, stateMemoryBytes, emitted, durationMs).
  --output-dir DIR  Folder that file and SQLite sink paths are relative to (default: the
                    scenario file's folder).
  --checkpoint DIR  Checkpoint folder (offset and commit logs) to resume from.
  --explain         With run: print the planned operators before running.
  -h, --help        Show this help.
  --version         Show the version.

Exit codes:
  0  success
  1  unreadable or invalid scenario file (FILE:LINE:COL: what is wrong)
  2  AnalysisException: the query is rejected before any batch runs
  3  a runtime failure (the message names the batch)
  4  check found a mismatch with `expect`
)";

std::string errorText(const Error &e)
{
    switch (e.kind()) {
    case ErrorKind::Analysis: return "AnalysisException: " + e.message();
    case ErrorKind::Runtime: return "StreamingQueryException: " + e.message();
    case ErrorKind::Scenario: return e.message();
    }
    return e.message();
}

std::string jsonNumber(double v)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.3f", v);
    return buffer;
}

std::string reportToJsonl(const BatchReport &r)
{
    std::string out = "{\"batchId\": " + std::to_string(r.batchId) + ", \"step\": " + std::to_string(r.step)
        + ", \"noData\": " + (r.noData ? "true" : "false")
        + ", \"numInputRows\": " + std::to_string(r.numInputRows)
        + ", \"numRowsDroppedByWatermark\": " + std::to_string(r.numRowsDroppedByWatermark);
    if (r.hasWatermark) {
        out += ", \"watermark\": \"" + formatTimestampIso(r.watermarkMs * 1000) + "\"";
        out += ", \"nextWatermark\": \"" + formatTimestampIso(r.nextWatermarkMs * 1000) + "\"";
    } else {
        out += ", \"watermark\": null, \"nextWatermark\": null";
    }
    if (r.eventTime) {
        out += ", \"eventTime\": {\"min\": \"" + formatTimestampIso(r.eventTime->minMs * 1000)
            + "\", \"max\": \"" + formatTimestampIso(r.eventTime->maxMs * 1000) + "\", \"avg\": \""
            + formatTimestampIso(static_cast<int64_t>(r.eventTime->avgMs) * 1000) + "\"}";
    }
    out += ", \"stateRows\": " + std::to_string(r.stateRows)
        + ", \"stateRowsUpdated\": " + std::to_string(r.stateRowsUpdated)
        + ", \"stateRowsRemoved\": " + std::to_string(r.stateRowsRemoved)
        + ", \"stateMemoryBytes\": " + std::to_string(r.stateMemoryBytes) + ", \"emitted\": [";
    for (size_t row = 0; row < r.emitted.numRows; ++row)
        out += (row ? ", " : "") + rowToJson(r.emitted, row);
    out += "], \"durationMs\": " + jsonNumber(r.durationMs) + "}";
    return out;
}

int runCommand(const std::string &file, bool jsonl, bool explain)
{
    Scenario scenario = readScenarioFile(file);
    auto query = Query::compile(scenario);
    if (explain && !jsonl)
        std::cout << query->explain() << "\n";
    Run run(query);
    int64_t processingTime = 0;
    for (size_t i = 0; i < scenario.steps.size(); ++i) {
        const Step &step = scenario.steps[i];
        processingTime = step.processingTimeMicros.value_or(i == 0 ? 0 : processingTime + 1'000'000);
        const auto reports = run.step(step.rows, static_cast<int>(i), processingTime);
        for (const BatchReport &r : reports) {
            if (jsonl) {
                std::cout << reportToJsonl(r) << "\n";
            } else if (!r.sinkText.empty()) {
                std::cout << r.sinkText;
            } else {
                std::cout << "-------------------------------------------\nBatch: " << r.batchId
                          << " (" << query->sink().format << " sink, " << r.numOutputRows
                          << " rows written)\n-------------------------------------------\n";
                for (size_t row = 0; row < r.emitted.numRows; ++row)
                    std::cout << rowToJson(r.emitted, row) << "\n";
                std::cout << "\n";
            }
        }
        std::cout.flush();
        if (run.failure())
            throw *run.failure();
    }
    return 0;
}

int checkCommand(const std::vector<std::string> &files)
{
    int exitCode = 0;
    int passed = 0;
    int failed = 0;
    for (const std::string &file : files) {
        CheckResult result;
        try {
            result = checkScenario(readScenarioFile(file));
        } catch (const Error &e) {
            result.passed = false;
            result.exitCode = e.exitCode();
            result.differences.push_back(errorText(e));
        }
        if (result.passed) {
            ++passed;
            std::cout << "PASS  " << file << "\n";
            continue;
        }
        ++failed;
        std::cout << "FAIL  " << file << "\n";
        for (const std::string &d : result.differences)
            std::cout << "  " << d << "\n";
        if (result.exitCode == 4 || exitCode == 0)
            exitCode = result.exitCode;
    }
    std::cout << passed << " passed, " << failed << " failed\n";
    return exitCode;
}

} // namespace

int main(int argc, char **argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        std::cerr << kUsage;
        return 1;
    }
    if (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
        std::cout << kUsage;
        return 0;
    }
    if (args[0] == "--version") {
        std::cout << "streamstep-cli 0.1.0 (Spark 3.5 semantics)\n";
        return 0;
    }
    const std::string command = args[0];
    std::vector<std::string> files;
    bool jsonl = false;
    bool explain = false;
    for (size_t i = 1; i < args.size(); ++i) {
        const std::string &a = args[i];
        if (a == "--jsonl")
            jsonl = true;
        else if (a == "--explain")
            explain = true;
        else if (a == "--output-dir" || a == "--checkpoint") {
            if (i + 1 >= args.size()) {
                std::cerr << "streamstep-cli: " << a << " needs a folder\n";
                return 1;
            }
            ++i; // durable sinks and checkpoints: see the durable-sinks issue
        } else if (a == "-h" || a == "--help") {
            std::cout << kUsage;
            return 0;
        } else if (a.starts_with("--")) {
            std::cerr << "streamstep-cli: unknown option '" << a << "'\n" << kUsage;
            return 1;
        } else
            files.push_back(a);
    }
    try {
        if (command == "run") {
            if (files.size() != 1) {
                std::cerr << "streamstep-cli: run takes exactly one scenario file\n";
                return 1;
            }
            return runCommand(files[0], jsonl, explain);
        }
        if (command == "check") {
            if (files.empty()) {
                std::cerr << "streamstep-cli: check needs at least one scenario file\n";
                return 1;
            }
            return checkCommand(files);
        }
    } catch (const Error &e) {
        std::cout.flush();
        std::cerr << errorText(e) << "\n";
        return e.exitCode();
    }
    std::cerr << "streamstep-cli: unknown command '" << command << "'\n" << kUsage;
    return 1;
}
