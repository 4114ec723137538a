// Keeps one small JSON document per batch id in a folder, written atomically (Spark:
// HDFSMetadataLog, the base of OffsetSeqLog, CommitLog and the file sink's _spark_metadata), so a
// batch is either recorded completely or not at all, and a damaged entry is reported by name.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace streamstep {

class MetadataLog {
public:
    // what names the log in messages ("offset log", "commit log", "file sink manifest").
    MetadataLog(std::filesystem::path dir, std::string what);

    const std::filesystem::path &dir() const { return m_dir; }
    std::filesystem::path entryPath(int64_t batchId) const;

    // The batch ids that have an entry, ascending (temp files and other names are skipped).
    // An absent folder is an empty log.
    std::vector<int64_t> batchIds() const;
    std::optional<int64_t> latestBatchId() const;

    // Reads an entry; nullopt when there is none. Throws Error(Runtime) "… file PATH is damaged:
    // …" when it cannot be parsed or has a version this build does not know.
    std::optional<nlohmann::json> get(int64_t batchId) const;

    // Writes the entry for batchId atomically (temp + fsync + rename + folder fsync), creating
    // the folder if needed; an existing entry is replaced.
    void add(int64_t batchId, const nlohmann::json &entry) const;

    // Removes the entry (used to prune old state entries; never for offsets or commits).
    void remove(int64_t batchId) const;

    // Spark's log files start with a version line ("v1"), then the entry.
    static constexpr const char *kVersionLine = "v1";

    // The batch id a file named `name` holds an entry for (digits only, at most 18), or nullopt.
    static std::optional<int64_t> batchIdOf(std::string_view name);
    // The batch ids `idOf` reads from the names of the files in `dir`, ascending and each once; an
    // absent folder has none. Throws Error(Runtime) "cannot list WHAT 'DIR': …".
    static std::vector<int64_t> batchIdsIn(const std::filesystem::path &dir, const std::string &what,
                                           const std::function<std::optional<int64_t>(std::string_view)> &idOf);
    // Parses an entry's text (get() without the file): throws Error(Runtime) "WHAT file 'PATH'
    // is damaged: …".
    static nlohmann::json parseEntry(const std::string &text, const std::string &what, const std::string &path);

private:
    std::filesystem::path m_dir;
    std::string m_what;
};

} // namespace streamstep
