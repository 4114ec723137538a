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

// Every difference, one line each, naming the batch; empty when they agree. `sparkLabel` and
// `ownLabel` name the sides in the text.
std::vector<std::string> compareRuns(const RunOutput &spark, const RunOutput &streamstep);

} // namespace streamstep::testing
