// Fuzzes a restart from a checkpoint folder and output folder a stranger handed over (the CLI's
// `run --checkpoint DIR`): the first byte picks one of the fuzz queries, the rest is a bundle of
// files (checkpoint/metadata, checkpoint/offsets/N, checkpoint/commits/N,
// checkpoint/state/N.snapshot, and the sink's folder). Recovery must either resume and finish or
// refuse with an Error naming what is damaged.
#include "fuzz_support.h"

#include "streamstep/engine.h"
#include "streamstep/streaming_query.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

using namespace streamstep;

// The queries are read (lessons 27a/27b take their rows from CSV files) and compiled before the
// first input, outside libFuzzer's -timeout: inside the first input this took 9 CPU seconds under
// ASan at -O0 and timed out on a loaded machine. A restart with
// StreamingQueryOptions::compiledQuery runs everything from the checkpoint on; planning the same
// query for every input was a quarter of an input's time. (A query that does not compile has
// none: the restart compiles it and fails as the CLI would.)
extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    (void)fuzz::compiledCheckpointQueries();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const std::vector<Scenario> &queries = fuzz::checkpointQueries();
    const size_t which = data[0] % queries.size();
    const std::filesystem::path root = fuzz::scratchFolder() / "checkpoint";
    fuzz::writeBundleFolder(root, fuzz::parseBundle(std::string_view(reinterpret_cast<const char *>(data) + 1, size - 1)));
    StreamingQueryOptions options;
    options.outputDir = root.string();
    options.checkpointDir = (root / "checkpoint").string();
    options.compiledQuery = fuzz::compiledCheckpointQueries()[which];
    // A fuzz input never reaches a server (lesson 07's postgres sink): refused before connecting.
    options.approveConnection = [](const SinkEndpoint &) { return false; };
    try {
        StreamingQuery query(queries[which], options);
        (void)query.status();
        query.runAll();
    } catch (const Error &) {
    }
    return 0;
}
