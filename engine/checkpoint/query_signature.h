// Describes what a checkpoint's state and logs depend on — the stateful operators' keys and
// aggregates, the output mode, the source schema, the plan and the durable sink — so a restart
// with a changed query is refused with a message naming the difference (Spark: the state schema
// check, StateSchemaNotCompatible) before anything is written.
#pragma once

#include "streamstep/engine.h"

#include <nlohmann/json.hpp>

#include <string>

namespace streamstep {

class QuerySignature {
public:
    // The query's signature as JSON (stored in the checkpoint's metadata file).
    static nlohmann::json describe(const Query &query);
    // A short hash of the signature (recorded in every offset log entry).
    static std::string hash(const nlohmann::json &signature);
    // Throws Error(Analysis) explaining the first difference that makes `current` unable to
    // continue from a checkpoint written with `stored`.
    static void checkCompatible(const nlohmann::json &stored, const nlohmann::json &current,
                                const std::string &checkpointDir);
    // FNV-1a 64 as 16 hex digits.
    static std::string fnv1a(std::string_view text);
};

} // namespace streamstep
