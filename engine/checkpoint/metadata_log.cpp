#include "checkpoint/metadata_log.h"

#include "checkpoint/atomic_file.h"
#include "streamstep/error.h"

#include <algorithm>
#include <charconv>

namespace streamstep {

namespace fs = std::filesystem;

MetadataLog::MetadataLog(fs::path dir, std::string what) : m_dir(std::move(dir)), m_what(std::move(what)) {}

fs::path MetadataLog::entryPath(int64_t batchId) const { return m_dir / std::to_string(batchId); }

std::vector<int64_t> MetadataLog::batchIds() const
{
    return batchIdsIn(m_dir, m_what, batchIdOf);
}

std::vector<int64_t> MetadataLog::batchIdsIn(const fs::path &dir, const std::string &what,
                                             const std::function<std::optional<int64_t>(std::string_view)> &idOf)
{
    std::vector<int64_t> ids;
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return ids;
    for (const fs::directory_entry &entry : fs::directory_iterator(dir, ec))
        if (const std::optional<int64_t> id = idOf(entry.path().filename().string()))
            ids.push_back(*id);
    if (ec)
        throw Error(ErrorKind::Runtime, "cannot list " + what + " '" + dir.string() + "': " + ec.message());
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

std::optional<int64_t> MetadataLog::latestBatchId() const
{
    const std::vector<int64_t> ids = batchIds();
    if (ids.empty())
        return std::nullopt;
    return ids.back();
}

std::optional<nlohmann::json> MetadataLog::get(int64_t batchId) const
{
    const fs::path path = entryPath(batchId);
    std::error_code ec;
    if (!fs::exists(path, ec))
        return std::nullopt;
    return parseEntry(AtomicFile::read(path), m_what, path.string());
}

std::optional<int64_t> MetadataLog::batchIdOf(std::string_view name)
{
    if (name.empty() || name.size() > 18 || !std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    int64_t id = 0;
    std::from_chars(name.data(), name.data() + name.size(), id);
    return id;
}

nlohmann::json MetadataLog::parseEntry(const std::string &text, const std::string &what, const std::string &path)
{
    auto damaged = [&](const std::string &why) {
        return Error(ErrorKind::Runtime, what + " file '" + path + "' is damaged: " + why);
    };
    const size_t newline = text.find('\n');
    if (newline == std::string::npos)
        throw damaged("no version line");
    const std::string version = text.substr(0, newline);
    if (version != kVersionLine) {
        if (version.size() > 1 && version[0] == 'v')
            throw damaged("log version " + version.substr(1)
                          + " is newer than this StreamStep supports (v1)");
        throw damaged("it does not start with the version line 'v1'");
    }
    nlohmann::json entry = nlohmann::json::parse(text.begin() + static_cast<std::ptrdiff_t>(newline) + 1,
                                                 text.end(), nullptr, false);
    if (entry.is_discarded() || !entry.is_object())
        throw damaged("the entry is not a JSON object");
    return entry;
}

void MetadataLog::add(int64_t batchId, const nlohmann::json &entry) const
{
    AtomicFile::createDirectories(m_dir);
    AtomicFile::write(entryPath(batchId), std::string(kVersionLine) + "\n" + entry.dump() + "\n");
}

void MetadataLog::remove(int64_t batchId) const
{
    std::error_code ec;
    fs::remove(entryPath(batchId), ec);
}

} // namespace streamstep
