// Fuzzes Run::restoreState, the reader of a checkpoint's state snapshot (a file in a folder a
// stranger may hand over): the first byte picks one of the fuzz queries, the rest is the
// snapshot. A damaged snapshot must be refused with an Error; an accepted one must leave a run
// that steps, and whose saved state restores again.
#include "fuzz_support.h"

#include "streamstep/engine.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

using namespace streamstep;

// Reading the lessons and compiling their queries happens before the first input, outside
// libFuzzer's -timeout (fuzz_checkpoint.cpp says why).
extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    (void)fuzz::compiledFuzzQueries();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::vector<std::shared_ptr<const Query>> &queries = fuzz::compiledFuzzQueries();
    if (size < 1)
        return 0;
    const size_t which = data[0] % queries.size();
    const Scenario &scenario = fuzz::fuzzQueries()[which];
    const std::string bytes(reinterpret_cast<const char *>(data) + 1, size - 1);
    Run run(queries[which]);
    try {
        run.restoreState(bytes);
    } catch (const Error &e) {
        if (e.kind() != ErrorKind::Runtime) {
            std::fprintf(stderr, "restoreState failed with a non-runtime error: %s\n", e.what());
            std::abort();
        }
        return 0;
    }
    const std::string saved = run.saveState();
    for (size_t i = 0; i < scenario.steps.size(); ++i) {
        try {
            run.step(scenario.steps[i].rows, static_cast<int>(i), triggerTimeMicros(scenario.steps, i));
        } catch (const Error &) {
            break;
        }
    }
    Run again(queries[which]);
    try {
        again.restoreState(saved);
        again.restoreState(run.saveState());
    } catch (const Error &e) {
        std::fprintf(stderr, "a state saved after an accepted snapshot does not restore: %s\n", e.what());
        std::abort();
    }
    return 0;
}
