// Compares the batch lines of a Spark --replay program with `streamstep-cli run --jsonl`,
// batch by batch: batchId, step, noData, numInputRows, numRowsDroppedByWatermark, watermark,
// stateRows and the emitted rows as multisets (Spark's row order inside a batch depends on its
// partitioning). Numbers are compared as exact decimal values of their JSON text, so a decimal
// 250000.00 equals 250000.0 and 2.5E1 equals 25, but 0.1 never equals 0.10000000000000001.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace streamstep::testing {

// Parses one JSON text, replacing every number by the string "#<canonical exact value>" (digits
// without leading/trailing zeros and a power of ten: 250000.00 -> "#25e4", -0.0 -> "#-0"), so
// that numbers compare exactly and independently of how they were spelled. nullopt when the
// text is no JSON.
std::optional<nlohmann::json> parseExactJson(const std::string &text);

// The canonical form of a JSON number text ("250000.00" -> "25e4"); exposed for the tests.
std::string canonicalNumber(const std::string &text);

struct RunOutput {
    std::vector<nlohmann::json> batches; // parsed with parseExactJson, in order
    std::vector<std::string> batchLines; // as printed, for messages
    int exitCode = 0;
    std::string error;                   // "AnalysisException: …" (empty when exit 0)
};

// Every difference, one line each, naming the batch; empty when they agree.
std::vector<std::string> compareRuns(const RunOutput &spark, const RunOutput &streamstep);

// Reads what a --replay program printed through a driver (ReplayDriver, pyspark_driver.py):
// batch lines, an optional {"error", "exitCode"} line and the driver's {"driver": …} line.
// Sets `problem` when the output is unusable (no JSON, the program threw, no driver line).
RunOutput parseReplayOutput(const std::string &text, std::string *problem);

// Reads `streamstep-cli run --jsonl`: its stdout lines, exit code and stderr (the error text).
RunOutput parseCliOutput(const std::string &out, const std::string &err, int exitCode, std::string *problem);

} // namespace streamstep::testing
