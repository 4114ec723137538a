#include "checkpoint/checkpoint.h"

#include "checkpoint/atomic_file.h"
#include "checkpoint/json_field.h"
#include "runtime/watermark_tracker.h"
#include "streamstep/error.h"

namespace streamstep {

namespace fs = std::filesystem;

namespace {

Error damaged(const fs::path &path, const std::string &why)
{
    return Error(ErrorKind::Runtime, "checkpoint file '" + path.string() + "' is damaged: " + why);
}

template <typename T>
T require(const nlohmann::json &entry, const char *key, const fs::path &path)
{
    const auto it = entry.find(key);
    if (it == entry.end())
        throw damaged(path, std::string("it has no '") + key + "'");
    try {
        return wholeNumberSafeGet<T>(*it);
    } catch (const nlohmann::json::exception &) {
        throw damaged(path, std::string("'") + key + "' has the wrong type");
    }
}

// The log's entry of batch `batchId` and the file it was read from; throws when the entry
// describes another batch.
struct BatchEntry {
    nlohmann::json json;
    fs::path path;
};

std::optional<BatchEntry> batchEntry(const MetadataLog &log, int64_t batchId)
{
    auto json = log.get(batchId);
    if (!json)
        return std::nullopt;
    fs::path path = log.entryPath(batchId);
    const auto described = require<int64_t>(*json, "batchId", path);
    if (described != batchId)
        throw damaged(path, "it describes batch " + std::to_string(described));
    return BatchEntry{std::move(*json), std::move(path)};
}

// The entry of batch `batchId` in `log` as an Entry (OffsetEntry, CommitEntry) that `read` fills
// from the JSON; nullopt when the log has none.
template <class Entry, class Read>
std::optional<Entry> readBatchEntry(const MetadataLog &log, int64_t batchId, Read read)
{
    const auto entry = batchEntry(log, batchId);
    if (!entry)
        return std::nullopt;
    Entry e;
    e.batchId = batchId;
    read(entry->json, entry->path, e);
    return e;
}

// Checks that ids are 0..n without gaps.
void checkContiguous(const std::vector<int64_t> &ids, const fs::path &dir, const char *what)
{
    for (size_t i = 0; i < ids.size(); ++i)
        if (ids[i] != static_cast<int64_t>(i))
            throw Error(ErrorKind::Runtime, "checkpoint " + std::string(what) + " '" + dir.string()
                                                + "' is damaged: batch " + std::to_string(i)
                                                + " is missing (it has " + std::to_string(ids.size())
                                                + " entries up to batch " + std::to_string(ids.back()) + ")");
}

} // namespace

Checkpoint::Checkpoint(fs::path dir)
    : m_dir(std::move(dir)), m_offsets(m_dir / "offsets", "checkpoint offset log"),
      m_commits(m_dir / "commits", "checkpoint commit log"), m_state(m_dir / "state")
{
}

bool Checkpoint::exists() const
{
    std::error_code ec;
    return fs::exists(metadataPath(), ec);
}

nlohmann::json Checkpoint::readMetadata() const
{
    const fs::path path = metadataPath();
    const nlohmann::json metadata = nlohmann::json::parse(AtomicFile::read(path), nullptr, false);
    if (metadata.is_discarded() || !metadata.is_object())
        throw damaged(path, "it is not a JSON object");
    const std::string id = require<std::string>(metadata, "id", path);
    if (require<int>(metadata, "version", path) != 1)
        throw damaged(path, "checkpoint version " + metadata["version"].dump() + " is not supported (1)");
    if (id.empty() || !metadata.contains("query") || !metadata["query"].is_object())
        throw damaged(path, "it has no query signature");
    return metadata;
}

void Checkpoint::create(const nlohmann::json &metadata) const
{
    AtomicFile::createDirectories(m_dir);
    AtomicFile::write(metadataPath(), metadata.dump(2) + "\n");
}

std::optional<OffsetEntry> Checkpoint::offsets(int64_t batchId) const
{
    return readBatchEntry<OffsetEntry>(m_offsets, batchId, [](const nlohmann::json &json, const fs::path &path, OffsetEntry &e) {
        e.step = require<int>(json, "step", path);
        e.noData = require<bool>(json, "noData", path);
        e.watermarkMs = require<int64_t>(json, "batchWatermarkMs", path);
        e.processingTimeMicros = require<int64_t>(json, "processingTimeMicros", path);
        e.numInputRows = require<int64_t>(json, "numInputRows", path);
        if (e.watermarkMs < 0 || e.watermarkMs > WatermarkTracker::kMaxWatermarkMs)
            throw damaged(path, "'batchWatermarkMs' is out of range");
        if (e.step < 0 || e.numInputRows < 0)
            throw damaged(path, "'step' and 'numInputRows' cannot be negative");
        e.inputHash = require<std::string>(json, "inputHash", path);
        e.queryHash = require<std::string>(json, "queryHash", path);
    });
}

void Checkpoint::writeOffsets(const OffsetEntry &e) const
{
    m_offsets.add(e.batchId, {{"batchId", e.batchId},
                              {"step", e.step},
                              {"noData", e.noData},
                              {"batchWatermarkMs", e.watermarkMs},
                              {"processingTimeMicros", e.processingTimeMicros},
                              {"numInputRows", e.numInputRows},
                              {"inputHash", e.inputHash},
                              {"queryHash", e.queryHash}});
}

std::optional<CommitEntry> Checkpoint::commit(int64_t batchId) const
{
    return readBatchEntry<CommitEntry>(m_commits, batchId, [](const nlohmann::json &json, const fs::path &path, CommitEntry &e) {
        e.nextWatermarkMs = require<int64_t>(json, "nextBatchWatermarkMs", path);
        e.numOutputRows = require<int64_t>(json, "numOutputRows", path);
        if (e.nextWatermarkMs < 0 || e.nextWatermarkMs > WatermarkTracker::kMaxWatermarkMs)
            throw damaged(path, "'nextBatchWatermarkMs' is out of range");
    });
}

void Checkpoint::writeCommit(const CommitEntry &e) const
{
    m_commits.add(e.batchId, {{"batchId", e.batchId},
                              {"nextBatchWatermarkMs", e.nextWatermarkMs},
                              {"numOutputRows", e.numOutputRows}});
}

void Checkpoint::writeState(int64_t batchId, const std::string &bytes) const
{
    m_state.write(batchId, bytes);
    m_state.prune(batchId - 1, kSnapshotsToRetain);
}

std::string Checkpoint::readState(int64_t batchId) const { return m_state.read(batchId); }

void Checkpoint::removeStaleTempFiles() const
{
    AtomicFile::removeStaleTempFiles(m_dir);
    AtomicFile::removeStaleTempFiles(m_offsets.dir());
    AtomicFile::removeStaleTempFiles(m_commits.dir());
    AtomicFile::removeStaleTempFiles(m_dir / "state");
}

RecoveryPoint Checkpoint::recover() const
{
    RecoveryPoint point;
    const std::vector<int64_t> planned = m_offsets.batchIds();
    const std::vector<int64_t> committed = m_commits.batchIds();
    if (!exists() && (!planned.empty() || !committed.empty()))
        throw Error(ErrorKind::Runtime, "checkpoint file '" + metadataPath().string()
                                            + "' is missing, but the folder has offset or commit logs");
    checkContiguous(planned, m_offsets.dir(), "offset log");
    checkContiguous(committed, m_commits.dir(), "commit log");
    if (!planned.empty())
        point.lastPlanned = planned.back();
    if (!committed.empty())
        point.lastCommitted = committed.back();
    const int64_t lastPlanned = point.lastPlanned.value_or(-1);
    const int64_t lastCommitted = point.lastCommitted.value_or(-1);
    // Spark's invariant: offsets are written before a batch runs, the commit after its sink.
    if (lastCommitted > lastPlanned)
        throw Error(ErrorKind::Runtime, "checkpoint commit log '" + m_commits.dir().string() + "' is damaged: batch "
                                            + std::to_string(lastCommitted) + " is committed but the offset log "
                                            "ends at batch " + std::to_string(lastPlanned));
    if (lastPlanned > lastCommitted + 1)
        throw Error(ErrorKind::Runtime, "checkpoint offset log '" + m_offsets.dir().string() + "' is damaged: it plans "
                                            "batch " + std::to_string(lastPlanned) + " but batch "
                                            + std::to_string(lastCommitted + 1) + " was never committed");
    if (lastPlanned > lastCommitted)
        point.plannedOffsets = offsets(lastPlanned);
    for (const int64_t commitId : committed)
        commit(commitId); // every entry must be readable: a damaged one is reported, not skipped

    for (int64_t id : m_state.batchIds())
        if (id <= lastCommitted)
            point.snapshotBatch = id;
    if (point.snapshotBatch)
        point.snapshotOffsets = offsets(*point.snapshotBatch);
    // Every committed batch after the snapshot must belong to the one trigger being resumed;
    // otherwise the snapshot of an earlier, finished trigger is missing.
    if (lastCommitted >= 0) {
        const int64_t first = point.snapshotBatch.value_or(-1) + 1;
        if (first <= lastCommitted) {
            const auto firstEntry = offsets(first);
            const auto lastEntry = offsets(lastCommitted);
            if (firstEntry && lastEntry && firstEntry->step != lastEntry->step) {
                int64_t missing = first;
                for (int64_t id = first + 1; id <= lastCommitted; ++id) {
                    if (offsets(id)->step != firstEntry->step)
                        break;
                    missing = id;
                }
                throw Error(ErrorKind::Runtime, "checkpoint state snapshot '" + statePath(missing).string()
                                                    + "' is missing: batch " + std::to_string(missing)
                                                    + " ended step " + std::to_string(firstEntry->step)
                                                    + " and is committed, so its state must be there");
            }
        }
    }
    return point;
}

} // namespace streamstep
