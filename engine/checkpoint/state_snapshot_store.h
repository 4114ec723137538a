// Keeps the run's state (Run::saveState) after each committed trigger, one checksummed file per
// batch id, so a restart restores exactly the state the last commit was made with (Spark:
// HDFSBackedStateStoreProvider's snapshot files, one per version).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace streamstep {

class StateSnapshotStore {
public:
    explicit StateSnapshotStore(std::filesystem::path dir);

    std::filesystem::path snapshotPath(int64_t batchId) const;
    // Batch ids with a snapshot file, ascending; an absent folder has none.
    std::vector<int64_t> batchIds() const;
    // Writes "STREAMSTEP-STATE v1 <size> <crc32>\n" + bytes atomically.
    void write(int64_t batchId, const std::string &bytes) const;
    // Reads and verifies a snapshot. Throws Error(Runtime) "state snapshot 'PATH' is damaged: …"
    // for a wrong header, size or checksum.
    std::string read(int64_t batchId) const;
    // Removes snapshots older than the newest `keep` ones at or below upTo.
    void prune(int64_t upTo, size_t keep) const;

    static uint32_t crc32(const std::string &bytes);

private:
    std::filesystem::path m_dir;
};

} // namespace streamstep
