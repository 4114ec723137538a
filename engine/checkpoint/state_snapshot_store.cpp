#include "checkpoint/state_snapshot_store.h"

#include "checkpoint/atomic_file.h"
#include "streamstep/error.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>

namespace streamstep {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kHeaderPrefix = "STREAMSTEP-STATE v1 ";
constexpr std::string_view kSuffix = ".snapshot";

std::array<uint32_t, 256> makeCrcTable()
{
    std::array<uint32_t, 256> table{};
    for (uint32_t i = 0; i < 256; ++i) {
        uint32_t c = i;
        for (int k = 0; k < 8; ++k)
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
    return table;
}

} // namespace

StateSnapshotStore::StateSnapshotStore(fs::path dir) : m_dir(std::move(dir)) {}

uint32_t StateSnapshotStore::crc32(const std::string &bytes)
{
    static const std::array<uint32_t, 256> table = makeCrcTable();
    uint32_t c = 0xFFFFFFFFu;
    for (unsigned char b : bytes)
        c = table[(c ^ b) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

fs::path StateSnapshotStore::snapshotPath(int64_t batchId) const
{
    return m_dir / (std::to_string(batchId) + std::string(kSuffix));
}

std::vector<int64_t> StateSnapshotStore::batchIds() const
{
    std::vector<int64_t> ids;
    std::error_code ec;
    if (!fs::is_directory(m_dir, ec))
        return ids;
    for (const fs::directory_entry &entry : fs::directory_iterator(m_dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (!name.ends_with(kSuffix) || AtomicFile::isTempName(name))
            continue;
        const std::string_view digits(name.data(), name.size() - kSuffix.size());
        int64_t id = 0;
        const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
        if (error == std::errc() && end == digits.data() + digits.size() && !digits.empty())
            ids.push_back(id);
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

void StateSnapshotStore::write(int64_t batchId, const std::string &bytes) const
{
    char header[96];
    std::snprintf(header, sizeof header, "%.*s%zu %08x\n", static_cast<int>(kHeaderPrefix.size()),
                  kHeaderPrefix.data(), bytes.size(), crc32(bytes));
    AtomicFile::createDirectories(m_dir);
    AtomicFile::write(snapshotPath(batchId), header + bytes);
}

std::string StateSnapshotStore::read(int64_t batchId) const
{
    const fs::path path = snapshotPath(batchId);
    std::string text = AtomicFile::read(path);
    auto damaged = [&](const std::string &why) {
        return Error(ErrorKind::Runtime, "state snapshot '" + path.string() + "' is damaged: " + why);
    };
    const size_t newline = text.find('\n');
    if (newline == std::string::npos || !std::string_view(text).substr(0, newline).starts_with(kHeaderPrefix))
        throw damaged("it does not start with '" + std::string(kHeaderPrefix) + "<size> <crc32>'");
    const std::string_view header = std::string_view(text).substr(kHeaderPrefix.size(), newline - kHeaderPrefix.size());
    const size_t space = header.find(' ');
    size_t size = 0;
    uint32_t crc = 0;
    if (space == std::string_view::npos
        || std::from_chars(header.data(), header.data() + space, size).ec != std::errc()
        || std::from_chars(header.data() + space + 1, header.data() + header.size(), crc, 16).ec != std::errc())
        throw damaged("unreadable header");
    std::string bytes = text.substr(newline + 1);
    if (bytes.size() != size)
        throw damaged("it holds " + std::to_string(bytes.size()) + " bytes, its header says " + std::to_string(size));
    if (crc32(bytes) != crc)
        throw damaged("checksum mismatch");
    return bytes;
}

void StateSnapshotStore::prune(int64_t upTo, size_t keep) const
{
    std::vector<int64_t> ids = batchIds();
    std::erase_if(ids, [&](int64_t id) { return id > upTo; });
    if (ids.size() <= keep)
        return;
    std::error_code ec;
    for (size_t i = 0; i + keep < ids.size(); ++i)
        fs::remove(snapshotPath(ids[i]), ec);
}

} // namespace streamstep
