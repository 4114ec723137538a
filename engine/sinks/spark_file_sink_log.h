// The file sink's `_spark_metadata` folder in Spark's own format (FileStreamSinkLog, a
// CompactibleFileStreamLog), so real Spark reads a folder StreamStep wrote
// (`spark.read.parquet(folder)` lists exactly the files this log names):
// * one file per batch, named by its id, holding the version line `v1` and then one JSON line
//   per file: {"path":"file:///abs/out/part-00000-c000.snappy.parquet","size":…,"isDir":false,
//   "modificationTime":<ms>,"blockReplication":1,"blockSize":33554432,"action":"add"} (Spark's
//   SinkFileStatus of a local file; no newline after the last line, as Spark writes it);
// * every 10th batch (batch id + 1 divisible by spark.sql.streaming.fileSink.log.compactInterval,
//   default 10) is written as `<id>.compact` instead, holding the entries of the previous compact
//   file, the batches after it and its own, so a reader needs only the latest compact file and
//   the batches after it.
// Spark also deletes the plain files a compact file covers, 10 minutes later
// (spark.sql.streaming.fileSink.log.cleanupDelay); StreamStep keeps them (they stay valid).
// A name that is not a number or `<number>.compact` (like StreamStep's `.streamstep` folder) is
// no batch, for Spark as for this class.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace streamstep {

class SparkFileSinkLog {
public:
    struct Entry {
        std::string path; // a file: URI
        int64_t size = 0;
        bool isDir = false;
        int64_t modificationTime = 0; // ms since the epoch
        int blockReplication = 1;
        int64_t blockSize = kLocalBlockSize;
        std::string action = "add";
    };
    static constexpr int kCompactInterval = 10;      // spark.sql.streaming.fileSink.log.compactInterval
    static constexpr int64_t kLocalBlockSize = 33554432; // Hadoop's fs.local.block.size

    explicit SparkFileSinkLog(std::filesystem::path dir);

    const std::filesystem::path &dir() const { return m_dir; }
    static bool isCompactionBatch(int64_t batchId) { return (batchId + 1) % kCompactInterval == 0; }
    // `7` or `9.compact`: the file batchId is written to.
    static std::string fileName(int64_t batchId);
    // The file holding batchId's entry as it is on disk (plain or compact), nullopt when none.
    std::optional<std::filesystem::path> existingFile(int64_t batchId) const;

    // The batch ids with a log file, ascending (`.compact` counted as its id).
    std::vector<int64_t> batchIds() const;
    std::optional<int64_t> latestBatchId() const;

    // The entries of one log file (a compact file's cover every batch up to it). Throws
    // Error(Runtime) "file sink log file 'PATH' is damaged: …" naming what is wrong.
    std::vector<Entry> read(const std::filesystem::path &file) const;
    // Spark's allFiles(): the latest compact file's entries and those of the batches after it,
    // without the deleted ones.
    std::vector<Entry> allFiles() const;

    // Writes batchId's entries (atomically), compacting when batchId is a compaction batch.
    void add(int64_t batchId, const std::vector<Entry> &files) const;

    // The entry Spark writes for a file this sink wrote (its size and modification time).
    static Entry entryFor(const std::filesystem::path &file);
    // A file: URI for an absolute path (file:///a/b%20c), percent-encoding as java.net.URI does
    // (everything but letters, digits, "-._~/" and the sub-delimiters Hadoop keeps).
    static std::string fileUri(const std::filesystem::path &absolute);
    // The last path segment of a file: URI, percent-decoded; nullopt when it is no file: URI.
    static std::optional<std::string> fileNameOfUri(const std::string &uri);

private:
    std::filesystem::path m_dir;
};

} // namespace streamstep
