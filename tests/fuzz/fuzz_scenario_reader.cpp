// Fuzzes the scenario reader as `streamstep-cli check` and the app use it on a stranger's
// lesson: parse (every failure must be a located Error), write back and re-read (the contract's
// parseScenario(writeScenario(s)) == s), then compile the query (planner and Spark's checks;
// running it is the state and checkpoint harnesses' part, which keeps this one fast).
#include "fuzz_support.h"
#include "streamstep/engine.h"
#include "streamstep/scenario.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace streamstep;

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    fuzz::limitGeneratedRows(); // a mutated "generate" of 10,000,000 rows is a timeout, not a find
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    Scenario scenario;
    try {
        scenario = parseScenario(text, "fuzz.scenario.json");
    } catch (const Error &e) {
        if (e.kind() != ErrorKind::Scenario || !e.message().starts_with("fuzz.scenario.json:")) {
            std::fprintf(stderr, "unlocated or misfiled reader error: %s\n", e.what());
            std::abort();
        }
        return 0;
    }
    const std::string written = writeScenario(scenario);
    try {
        const std::string rewritten = writeScenario(parseScenario(written, "fuzz.scenario.json"));
        if (rewritten != written) {
            std::fprintf(stderr, "writeScenario does not round-trip:\n%s\n---\n%s\n", written.c_str(), rewritten.c_str());
            std::abort();
        }
    } catch (const Error &e) {
        std::fprintf(stderr, "a written scenario does not read back: %s\n%s\n", e.what(), written.c_str());
        std::abort();
    }
    try {
        (void)Query::compile(scenario);
    } catch (const Error &) {
    }
    return 0;
}
