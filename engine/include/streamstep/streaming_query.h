// Runs a scenario the way Spark's MicroBatchExecution runs a query with a checkpoint: the offset
// log is written before a batch runs, the sink gets the batch, the commit log (and the state
// snapshot) after the sink succeeded. A restart resumes after the last committed batch and
// re-runs a planned-but-uncommitted one with the same input and watermark; idempotent sinks
// (file, SQLite) keep the output exactly once. Console and memory sinks are not fault tolerant.
#pragma once

#include "streamstep/engine.h"
#include "streamstep/scenario.h"
#include "streamstep/sink_connection.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace streamstep {

// Called at the named points of every batch — "after-offsets", "mid-sink" (inside the sink's
// write, before it commits), "after-sink", "after-commit" — so crash tests can kill the process
// exactly there. Production runs leave it empty.
using FaultHook = std::function<void(std::string_view point, int64_t batchId)>;

struct StreamingQueryOptions {
    // Folder that file and SQLite sink paths are relative to (the CLI's --output-dir, default
    // the scenario file's folder). It must exist; sink paths must stay inside it.
    std::string outputDir;
    // Checkpoint folder (created if missing); empty runs without one, like Spark's temporary
    // checkpoint: nothing can be resumed.
    std::string checkpointDir;
    // Informational messages for the user: resuming, nothing to do, sinks that are not fault
    // tolerant. The CLI prints them on stderr.
    std::function<void(const std::string &)> onNotice;
    FaultHook faultHook;
    // Asked before the sink connects to a server over the network (the postgres and jdbc sinks;
    // sinkEndpoint tells which one): return false and the query fails with Error(Runtime) before
    // anything is sent. Empty connects: the CLI runs what its user ran; the app asks the user, as
    // a shared lesson file must not reach a server the user did not approve.
    std::function<bool(const SinkEndpoint &)> approveConnection;
    // Record why every row went where (Run::setExplain), for `run --jsonl --why`.
    bool explain = false;
    // Whether the reports keep each batch's input rows and the result table (on by default).
    // `run` without --why prints neither and turns this off: the step's rows then move through
    // the operators instead of being copied (Run::setKeepInput) and no result table is built, so
    // a big step's peak memory is about its rows once. A step that fails keeps no rows for a
    // later runAll then (the query has terminated anyway).
    bool keepBatchDetail = true;
    // Called with a batch's report when the sink's write of it returned, before the commit log
    // (also for a replayed batch the sink skipped: what a sink without batch ids would write).
    std::function<void(const BatchReport &)> onSinkWrite;
    // The scenario's query when the caller has compiled it already: Query::compile of this same
    // scenario (a Query is immutable and may be shared by many runs). A caller that starts the
    // one query over and over (the checkpoint fuzz harness restarts a few hundred times a
    // second) then does not plan it each time; planning was a quarter of such a restart. Empty
    // (the default): the query is compiled from the scenario.
    std::shared_ptr<const Query> compiledQuery;
};

// What the checkpoint says about the run (the app shows it next to the batches).
struct CheckpointStatus {
    std::string queryId;                      // the checkpoint's id (random when there is none)
    std::optional<int64_t> lastPlannedBatch;  // newest offset log entry
    std::optional<int64_t> lastCommittedBatch; // newest commit log entry
    int nextStep = 0;                          // first scenario step not yet fully committed
    bool finished = false;                     // every step with data is committed
    // The newest batch id the sink said it holds when it opened (its batch-id table, its
    // _spark_metadata log); nullopt for a sink without one or not opened.
    std::optional<int64_t> sinkLastBatch;
};

class StreamingQueryRunner;

class StreamingQuery {
public:
    // Compiles the query, checks the sink paths, reads and checks the checkpoint against the
    // query, restores the state of the last committed trigger and opens the sink — in that
    // order, so a rejected query, a path outside the output folder or an incompatible
    // checkpoint fails before anything is written. Throws Error: Analysis (query rejected or
    // incompatible with the checkpoint), Scenario (sink path outside the output folder), Runtime
    // (missing or unwritable output folder, damaged checkpoint file — named in the message).
    StreamingQuery(Scenario scenario, StreamingQueryOptions options); // moved in by a caller done with it
    ~StreamingQuery();
    StreamingQuery(const StreamingQuery &) = delete;
    StreamingQuery &operator=(const StreamingQuery &) = delete;

    const Query &query() const;
    CheckpointStatus status() const;

    // Runs every step that is not committed yet, calling onBatch after each batch is committed
    // (batches already committed before this call are not run again and not reported). Returns
    // the reports of this call. Throws Error(Runtime) naming the batch when a batch or a sink
    // write fails; the checkpoint then still describes the last committed batch.
    std::vector<BatchReport> runAll(const std::function<void(const BatchReport &)> &onBatch = {});

private:
    std::unique_ptr<StreamingQueryRunner> m_runner;
};

// Whether a sink format keeps its output across crashes exactly once (csv, json, parquet,
// sqlite, postgres and its jdbc spelling).
bool isFaultTolerantSink(const std::string &format);

// Reads what a durable sink holds, as a reader would see it: a file sink folder's committed
// rows (only files listed in its _spark_metadata manifest, in batch order), a SQLite
// database's table, or, for a postgresql:// (or jdbc:postgresql://) url, a PostgreSQL table
// (`table` may be empty when the database has exactly one table). Throws
// Error(Runtime) with a clear message for anything else.
ColumnBatch readSinkOutput(const std::string &path, const std::string &table = {});

} // namespace streamstep
