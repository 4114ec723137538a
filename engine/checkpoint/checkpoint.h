// Lays out a query's checkpoint folder like Spark's, so a restart knows what ran and what the sink
// got: `metadata` (the query id and signature), `offsets/<batchId>` written before a batch runs
// (which step, watermark, processing time), `commits/<batchId>` written after its sink succeeded,
// and `state/<batchId>.snapshot` (the run's state after the last batch of a trigger, written just
// before that batch's commit). Every file is written atomically (temp + fsync + rename), so a crash
// leaves each log entry whole or absent.
#pragma once

#include "checkpoint/metadata_log.h"
#include "checkpoint/state_snapshot_store.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace streamstep {

// Spark: OffsetSeq + OffsetSeqMetadata (batchWatermarkMs, batchTimestampMs, conf).
struct OffsetEntry {
    int64_t batchId = 0;
    int step = 0;           // the scenario step whose data the batch reads (the source offset)
    bool noData = false;    // Spark's no-data batch that follows a data batch in the same step
    int64_t watermarkMs = 0; // the watermark in force while the batch runs
    int64_t processingTimeMicros = 0;
    int64_t numInputRows = 0;
    std::string inputHash;  // of the step's rows: a replay must read the same data
    std::string queryHash;  // QuerySignature::hash of the query that planned it
};

// Spark: CommitMetadata (nextBatchWatermarkMs).
struct CommitEntry {
    int64_t batchId = 0;
    int64_t nextWatermarkMs = 0;
    int64_t numOutputRows = 0;
};

// Where a restart resumes, read from the logs (see Checkpoint::recover).
struct RecoveryPoint {
    std::optional<int64_t> lastPlanned;   // newest offsets entry
    std::optional<int64_t> lastCommitted; // newest commits entry
    std::optional<int64_t> snapshotBatch; // newest state snapshot at or below lastCommitted
    std::optional<OffsetEntry> snapshotOffsets; // the offsets entry of snapshotBatch
    std::optional<OffsetEntry> plannedOffsets;  // the entry of an uncommitted planned batch
};

class Checkpoint {
public:
    explicit Checkpoint(std::filesystem::path dir);

    const std::filesystem::path &dir() const { return m_dir; }
    std::filesystem::path metadataPath() const { return m_dir / "metadata"; }
    // True when the folder holds a checkpoint (its metadata file).
    bool exists() const;
    // Reads the metadata file: {"id", "version", "query": signature}. Throws Error(Runtime)
    // naming the file when it is damaged.
    nlohmann::json readMetadata() const;
    // Creates the folder and writes the metadata file.
    void create(const nlohmann::json &metadata) const;

    std::optional<OffsetEntry> offsets(int64_t batchId) const;
    void writeOffsets(const OffsetEntry &entry) const;
    std::optional<CommitEntry> commit(int64_t batchId) const;
    void writeCommit(const CommitEntry &entry) const;
    // Writes the state snapshot of a batch and prunes older committed snapshots.
    void writeState(int64_t batchId, const std::string &bytes) const;
    std::string readState(int64_t batchId) const;
    std::filesystem::path statePath(int64_t batchId) const { return m_state.snapshotPath(batchId); }

    // Reads the logs and checks they fit together (batch ids 0..n without gaps, at most one
    // planned batch beyond the last commit, a state snapshot for the last fully committed
    // trigger). Throws Error(Runtime) naming the file or folder that is damaged or missing.
    RecoveryPoint recover() const;

    // Removes temp files an interrupted write left behind.
    void removeStaleTempFiles() const;

    // State snapshots kept besides the newest (Spark keeps minBatchesToRetain = 100 versions;
    // a snapshot holds the whole state, so a few suffice here).
    static constexpr size_t kSnapshotsToRetain = 3;

private:
    std::filesystem::path m_dir;
    MetadataLog m_offsets;
    MetadataLog m_commits;
    StateSnapshotStore m_state;
};

} // namespace streamstep
