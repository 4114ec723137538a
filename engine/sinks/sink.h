// Defines the contract between the micro-batch runner and where results go (Spark: Sink.addBatch).
// A durable sink remembers the batch ids it committed and ignores a replayed one, which together
// with the checkpoint's offset and commit logs makes output exactly once.
#pragma once

#include "streamstep/engine.h"
#include "streamstep/sink_connection.h"
#include "streamstep/streaming_query.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace streamstep {

// Where a sink writes and on behalf of which query, fixed when the query starts.
struct SinkContext {
    std::filesystem::path outputDir; // sink paths are relative to it
    std::string queryId;             // the checkpoint's id: a sink's batch ids belong to one query
    FaultHook faultHook;             // called with "mid-sink" inside a write
    // Asked before a sink connects to a server over the network (StreamingQueryOptions).
    std::function<bool(const SinkEndpoint &)> approveConnection;
};

// Whether the sink writes below the output folder (csv, json, parquet, sqlite), so the folder
// must exist; the postgres sink writes to its server.
bool sinkWritesFiles(const std::string &format);
// Whether the format names the postgres sink (also its jdbc spelling).
bool isPostgresSink(const std::string &format);

class Sink {
public:
    virtual ~Sink() = default;

    // Writes one batch. A batchId at or below lastCommittedBatch() is a replay after a restart
    // and is ignored (Spark's FileStreamSink: "Skipping already committed batch"). Either the
    // whole batch is committed or, after a failure or crash, none of it is visible.
    virtual void addBatch(int64_t batchId, const ColumnBatch &rows, OutputMode mode) = 0;
    // The newest batch id this query committed here; nullopt when none (or the sink keeps
    // nothing, like console and memory).
    virtual std::optional<int64_t> lastCommittedBatch() = 0;
    // Spark's "fault-tolerant" column of the output sinks table.
    virtual bool isFaultTolerant() const = 0;
    // How messages name the sink: "csv sink 'out/high_value'".
    virtual std::string description() const = 0;
    // What the user should know about what the sink found when it opened (empty: nothing).
    virtual std::string openingNotice() const { return {}; }
    // Whether the sink will skip batch `batchId` without reading it because another query's
    // output already holds that id (Spark's FileStreamSink: the batch's plan never runs).
    virtual bool skipsForeignBatch(int64_t batchId) const { (void)batchId; return false; }
};

// Creates the sink the query's SinkSpec names and opens it (folders, database, table). Throws
// Error(Analysis) for invalid sink options, Error(Scenario) for a path that leaves the output
// folder, Error(Runtime) when the sink cannot be opened.
std::unique_ptr<Sink> createSink(const Query &query, const SinkContext &context);

// Checks a durable sink's options against the query's result schema and output mode: a path,
// csv's header and columns, sqlite's table and key, postgres's url, table and key (without
// connecting). Throws Error(Analysis) with the message the
// query would fail to start with; other sinks pass.
void checkSinkOptions(const SinkSpec &sink, const Schema &resultSchema, OutputMode mode);

// Checks the durable sink's options and path before anything is written (same errors as
// createSink, without touching the disk). Returns the resolved path (empty for other sinks).
std::filesystem::path validateSinkOptions(const Query &query, const std::filesystem::path &outputDir);

// Resolves a sink `path` option against the output folder. Throws Error(Scenario,
// "FILE:LINE:COL: …") for an absolute path or one whose `..` leaves the folder: scenario files are
// shared, and must not write outside the folder the user chose.
std::filesystem::path resolveSinkPath(const std::filesystem::path &outputDir, const std::string &path,
                                      const std::string &fileName, TextPosition position);

} // namespace streamstep
