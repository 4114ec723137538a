#include "sinks/spark_file_sink_log.h"

#include "checkpoint/atomic_file.h"
#include "checkpoint/json_field.h"
#include "checkpoint/metadata_log.h"
#include "streamstep/error.h"

#include <nlohmann/json.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <charconv>
#include <cstring>

namespace streamstep {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kCompactSuffix = ".compact";

// Spark's getBatchIdFromFileName: "12" or "12.compact".
std::optional<int64_t> batchIdOfName(std::string_view name)
{
    if (name.ends_with(kCompactSuffix))
        name.remove_suffix(kCompactSuffix.size());
    return MetadataLog::batchIdOf(name);
}

// java.net.URI keeps these in a path (unreserved, punct, '/'; bytes >= 0x80 are its "other").
bool keptInUriPath(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80
        || std::strchr("-_.!~*'()/;:@&=+$,", c) != nullptr;
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// A whole-number field of a log line, or `fallback` when the line leaves it out.
int64_t integerField(const nlohmann::json &line, const char *key, std::optional<int64_t> fallback)
{
    const auto it = line.find(key);
    if (it == line.end()) {
        if (fallback)
            return *fallback;
        throw nlohmann::json::out_of_range::create(403, std::string("key '") + key + "' not found", &line);
    }
    return wholeNumberSafeGet<int64_t>(*it);
}

} // namespace

SparkFileSinkLog::SparkFileSinkLog(fs::path dir) : m_dir(std::move(dir)) {}

std::string SparkFileSinkLog::fileName(int64_t batchId)
{
    return std::to_string(batchId) + (isCompactionBatch(batchId) ? std::string(kCompactSuffix) : std::string());
}

std::optional<fs::path> SparkFileSinkLog::existingFile(int64_t batchId) const
{
    std::error_code ec;
    for (const std::string &name : {std::to_string(batchId), std::to_string(batchId) + std::string(kCompactSuffix)})
        if (fs::is_regular_file(m_dir / name, ec))
            return m_dir / name;
    return std::nullopt;
}

std::vector<int64_t> SparkFileSinkLog::batchIds() const
{
    return MetadataLog::batchIdsIn(m_dir, "the file sink log", batchIdOfName);
}

std::optional<int64_t> SparkFileSinkLog::latestBatchId() const
{
    const std::vector<int64_t> ids = batchIds();
    if (ids.empty())
        return std::nullopt;
    return ids.back();
}

std::vector<SparkFileSinkLog::Entry> SparkFileSinkLog::read(const fs::path &file) const
{
    const std::string text = AtomicFile::read(file);
    const auto damaged = [&](const std::string &why) {
        return Error(ErrorKind::Runtime, "file sink log file '" + file.string() + "' is damaged: " + why);
    };
    size_t end = text.find('\n');
    const std::string version = text.substr(0, end);
    if (version != "v1") {
        if (version.size() > 1 && version[0] == 'v')
            throw damaged("log version " + version.substr(1) + " is newer than this StreamStep supports (v1)");
        throw damaged("it does not start with the version line 'v1'");
    }
    std::vector<Entry> entries;
    while (end != std::string::npos) {
        const size_t start = end + 1;
        end = text.find('\n', start);
        const std::string_view line = std::string_view(text).substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (line.empty())
            continue;
        const nlohmann::json json = nlohmann::json::parse(line, nullptr, false);
        if (json.is_discarded() || !json.is_object())
            throw damaged("a line is not a JSON object");
        Entry e;
        try {
            e.path = json.at("path").get<std::string>();
            e.size = integerField(json, "size", std::nullopt);
            e.isDir = json.value("isDir", false);
            e.modificationTime = integerField(json, "modificationTime", 0);
            e.blockReplication = static_cast<int>(integerField(json, "blockReplication", 1));
            e.blockSize = integerField(json, "blockSize", kLocalBlockSize);
            e.action = json.at("action").get<std::string>();
        } catch (const nlohmann::json::exception &) {
            throw damaged("a line is not Spark's SinkFileStatus (path, size, isDir, modificationTime, "
                          "blockReplication, blockSize, action); a folder an older StreamStep wrote keeps its own "
                          "entries there: run the query again into a new folder");
        }
        entries.push_back(std::move(e));
    }
    return entries;
}

std::vector<SparkFileSinkLog::Entry> SparkFileSinkLog::allFiles() const
{
    const std::vector<int64_t> ids = batchIds();
    // From the latest compact file on (it holds everything before it).
    size_t first = 0;
    for (size_t i = ids.size(); i-- > 0;) {
        std::error_code ec;
        if (fs::is_regular_file(m_dir / (std::to_string(ids[i]) + std::string(kCompactSuffix)), ec)) {
            first = i;
            break;
        }
    }
    std::vector<Entry> all;
    for (size_t i = first; i < ids.size(); ++i)
        if (const std::optional<fs::path> file = existingFile(ids[i]))
            for (Entry &e : read(*file))
                all.push_back(std::move(e));
    // FileStreamSinkLog.compactLogs: a deleted path is not visible.
    std::vector<std::string> deleted;
    for (const Entry &e : all)
        if (e.action == "delete")
            deleted.push_back(e.path);
    std::erase_if(all, [&](const Entry &e) {
        return e.action == "delete" || std::find(deleted.begin(), deleted.end(), e.path) != deleted.end();
    });
    return all;
}

void SparkFileSinkLog::add(int64_t batchId, const std::vector<Entry> &files) const
{
    std::vector<Entry> entries;
    if (isCompactionBatch(batchId)) {
        // getValidBatchesBeforeCompactionBatch: the previous compact file and the batches after
        // it. A batch missing there (a checkpoint that outlived its sink folder) has no files.
        for (int64_t id = std::max<int64_t>(0, batchId - kCompactInterval); id < batchId; ++id)
            if (const std::optional<fs::path> file = existingFile(id))
                for (Entry &e : read(*file))
                    entries.push_back(std::move(e));
    }
    entries.insert(entries.end(), files.begin(), files.end());
    std::string text = "v1";
    for (const Entry &e : entries) {
        // json4s writes SinkFileStatus's fields in declaration order.
        nlohmann::ordered_json json;
        json["path"] = e.path;
        json["size"] = e.size;
        json["isDir"] = e.isDir;
        json["modificationTime"] = e.modificationTime;
        json["blockReplication"] = e.blockReplication;
        json["blockSize"] = e.blockSize;
        json["action"] = e.action;
        text += "\n" + json.dump();
    }
    AtomicFile::createDirectories(m_dir);
    // A crash between a plain file and the compact one (or a folder Spark wrote with another
    // interval) leaves both names: the one this batch is not written to goes.
    std::error_code ec;
    fs::remove(m_dir / (isCompactionBatch(batchId) ? std::to_string(batchId) : std::to_string(batchId) + std::string(kCompactSuffix)), ec);
    AtomicFile::write(m_dir / fileName(batchId), text);
}

SparkFileSinkLog::Entry SparkFileSinkLog::entryFor(const fs::path &file)
{
    const fs::path absolute = fs::absolute(file).lexically_normal();
    Entry e;
    e.path = fileUri(absolute);
    struct stat st{};
    if (::stat(absolute.c_str(), &st) != 0)
        throw Error(ErrorKind::Runtime, "cannot read the size of '" + absolute.string() + "': " + std::strerror(errno));
    e.size = static_cast<int64_t>(st.st_size);
    e.modificationTime = static_cast<int64_t>(st.st_mtim.tv_sec) * 1000 + st.st_mtim.tv_nsec / 1000000;
    return e;
}

std::string SparkFileSinkLog::fileUri(const fs::path &absolute)
{
    static const char *hex = "0123456789ABCDEF";
    std::string uri = "file://";
    for (const char ch : absolute.generic_string()) {
        const auto c = static_cast<unsigned char>(ch);
        if (keptInUriPath(c)) {
            uri.push_back(ch);
        } else {
            uri.push_back('%');
            uri.push_back(hex[c >> 4]);
            uri.push_back(hex[c & 15]);
        }
    }
    return uri;
}

std::optional<std::string> SparkFileSinkLog::fileNameOfUri(const std::string &uri)
{
    if (!uri.starts_with("file:"))
        return std::nullopt;
    const size_t slash = uri.rfind('/');
    if (slash == std::string::npos)
        return std::nullopt;
    std::string name;
    for (size_t i = slash + 1; i < uri.size(); ++i) {
        if (uri[i] == '%') {
            const int hi = i + 2 < uri.size() ? hexValue(uri[i + 1]) : -1;
            const int lo = hi >= 0 ? hexValue(uri[i + 2]) : -1;
            if (lo < 0)
                return std::nullopt;
            name.push_back(static_cast<char>(hi * 16 + lo));
            i += 2;
        } else {
            name.push_back(uri[i]);
        }
    }
    return name;
}

} // namespace streamstep
