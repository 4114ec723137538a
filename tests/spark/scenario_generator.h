// Generates seeded random scenario files for the conformance suite against real Spark: every
// query op, output mode and sink, sliding and session windows, dropDuplicates with and without
// watermark, late rows, null keys and values, decimals, and the pairings Spark rejects. The
// same seed gives the same files on every machine (the random numbers come from
// std::mt19937_64, whose sequence the standard fixes, mapped without std:: distributions,
// whose results vary between standard libraries).
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace streamstep::testing {

struct GeneratedScenario {
    std::string name;          // "g0042-windowed-agg": unique, usable as a file name
    std::string family;        // which kind of query: "stateless", "windowed-agg", ...
    nlohmann::ordered_json document; // the scenario file's JSON
};

class ScenarioGenerator {
public:
    explicit ScenarioGenerator(uint64_t seed);

    // The index-th scenario of this seed; the same (seed, index) always gives the same file.
    GeneratedScenario generate(int index) const;

private:
    uint64_t m_seed;
};

} // namespace streamstep::testing
