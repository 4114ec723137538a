#include "operators/group_table.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace streamstep {

namespace {

constexpr uint64_t kSeed = 0x9e3779b97f4a7c15ULL;
constexpr uint64_t kNullHash = 0x5bd1e9955bd1e995ULL;

uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + kSeed + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdULL;
    return h ^ (h >> 32);
}

uint64_t hashBytes(const char *data, size_t size)
{
    uint64_t h = size * kSeed;
    while (size >= 8) {
        uint64_t v;
        std::memcpy(&v, data, 8);
        h = (h ^ (v * 0x87c37b91114253d5ULL)) * 0x4cf5ad432745937fULL;
        h = (h << 31) | (h >> 33);
        data += 8;
        size -= 8;
    }
    uint64_t tail = 0;
    std::memcpy(&tail, data, size);
    h = (h ^ (tail * 0x87c37b91114253d5ULL)) * 0x4cf5ad432745937fULL;
    return h ^ (h >> 29);
}

// The bits encodeKeyValue orders a double by: -0.0 is 0.0, every NaN the same NaN.
uint64_t orderedDoubleBits(double d)
{
    if (d == 0.0)
        d = 0.0;
    if (d != d)
        d = std::numeric_limits<double>::quiet_NaN();
    uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    return (bits & (uint64_t(1) << 63)) ? ~bits : bits | (uint64_t(1) << 63);
}

template <typename T>
int threeWay(const T &a, const T &b)
{
    return a < b ? -1 : (b < a ? 1 : 0);
}

} // namespace

std::vector<uint32_t> keptRows(const std::vector<uint8_t> &keep)
{
    std::vector<uint32_t> rows(keep.size());
    size_t out = 0;
    for (size_t r = 0; r < keep.size(); ++r) { // branch-free: the mask is often random
        rows[out] = static_cast<uint32_t>(r);
        out += keep[r] != 0;
    }
    rows.resize(out);
    return rows;
}

void retainRows(Column &c, const std::vector<uint32_t> &rows)
{
    const auto compact = [&rows](auto &values) {
        if (values.empty())
            return;
        for (size_t j = 0; j < rows.size(); ++j)
            values[j] = values[rows[j]];
        values.resize(rows.size());
    };
    compact(c.nulls);
    compact(c.ints);
    compact(c.ends);
    compact(c.doubles);
    compact(c.decimals);
    if (!c.strings.empty()) {
        for (size_t j = 0; j < rows.size(); ++j)
            if (rows[j] != j)
                c.strings[j] = std::move(c.strings[rows[j]]);
        c.strings.resize(rows.size());
    }
}

namespace {

// The column's own arrays (without the heap blocks of long strings).
int64_t columnBytes(const Column &c)
{
    return static_cast<int64_t>(c.nulls.capacity() + (c.ints.capacity() + c.ends.capacity()) * 8
                                + c.doubles.capacity() * 8 + c.decimals.capacity() * 16
                                + c.strings.capacity() * sizeof(std::string));
}

} // namespace

void appendRows(Column &to, const Column &from, const std::vector<uint32_t> &rows)
{
    const size_t base = to.nulls.size();
    to.nulls.resize(base + rows.size());
    for (size_t i = 0; i < rows.size(); ++i)
        to.nulls[base + i] = from.nulls[rows[i]];
    const auto copy = [&](auto &out, const auto &in) {
        out.resize(base + rows.size());
        for (size_t i = 0; i < rows.size(); ++i)
            out[base + i] = in[rows[i]];
    };
    switch (from.type().kind) {
    case TypeKind::Null: break;
    case TypeKind::Boolean:
    case TypeKind::Int:
    case TypeKind::Long:
    case TypeKind::Timestamp: copy(to.ints, from.ints); break;
    case TypeKind::Window:
        copy(to.ints, from.ints);
        copy(to.ends, from.ends);
        break;
    case TypeKind::Double: copy(to.doubles, from.doubles); break;
    case TypeKind::Decimal: copy(to.decimals, from.decimals); break;
    case TypeKind::String:
        to.strings.reserve(base + rows.size());
        for (uint32_t r : rows)
            to.strings.push_back(from.strings[r]);
        break;
    }
}

namespace {

// Whether two non-null rows of a column hold equal keys (as grouping sees them).
bool sameValue(const Column &c, uint32_t a, uint32_t b)
{
    switch (c.type().kind) {
    case TypeKind::Null: return true;
    case TypeKind::Boolean:
    case TypeKind::Int:
    case TypeKind::Long:
    case TypeKind::Timestamp: return c.ints[a] == c.ints[b];
    case TypeKind::Window: return c.ints[a] == c.ints[b] && c.ends[a] == c.ends[b];
    case TypeKind::Double: return orderedDoubleBits(c.doubles[a]) == orderedDoubleBits(c.doubles[b]);
    case TypeKind::Decimal: return c.decimals[a] == c.decimals[b];
    case TypeKind::String: return c.strings[a] == c.strings[b];
    }
    return false;
}

} // namespace

GroupTable::GroupTable(const std::vector<DataType> &keyTypes)
{
    for (const DataType &t : keyTypes)
        m_keys.emplace_back(t);
    m_keyHasNulls.assign(m_keys.size(), 0);
}

std::vector<uint8_t> GroupTable::nullChecks(const std::vector<const Column *> &keys) const
{
    // A NULL the table gains while these rows are looked up comes from these columns, so
    // checking them now covers it.
    std::vector<uint8_t> checks(keys.size(), 1);
    for (size_t k = 0; k < keys.size() && k < m_keyHasNulls.size(); ++k) {
        const std::vector<uint8_t> &nulls = keys[k]->nulls;
        checks[k] = m_keyHasNulls[k] || std::find(nulls.begin(), nulls.end(), uint8_t(1)) != nulls.end();
    }
    return checks;
}

void GroupTable::hashRows(const std::vector<const Column *> &keys, size_t begin, size_t count,
                          std::vector<uint64_t> &h)
{
    h.assign(count, kSeed);
    for (const Column *k : keys) {
        const Column &c = *k;
        const uint8_t *nulls = c.nulls.data();
        switch (c.type().kind) {
        case TypeKind::Null:
            for (size_t i = 0; i < count; ++i)
                h[i] = mix(h[i], kNullHash);
            break;
        case TypeKind::Boolean:
        case TypeKind::Int:
        case TypeKind::Long:
        case TypeKind::Timestamp:
            for (size_t i = 0, r = begin; i < count; ++i, ++r)
                h[i] = mix(h[i], nulls[r] ? kNullHash : static_cast<uint64_t>(c.ints[r]));
            break;
        case TypeKind::Window:
            for (size_t i = 0, r = begin; i < count; ++i, ++r)
                h[i] = nulls[r] ? mix(h[i], kNullHash)
                                : mix(mix(h[i], static_cast<uint64_t>(c.ints[r])), static_cast<uint64_t>(c.ends[r]));
            break;
        case TypeKind::Double:
            for (size_t i = 0, r = begin; i < count; ++i, ++r)
                h[i] = mix(h[i], nulls[r] ? kNullHash : orderedDoubleBits(c.doubles[r]));
            break;
        case TypeKind::Decimal:
            for (size_t i = 0, r = begin; i < count; ++i, ++r) {
                const auto u = static_cast<unsigned __int128>(c.decimals[r]);
                h[i] = nulls[r] ? mix(h[i], kNullHash)
                                : mix(mix(h[i], static_cast<uint64_t>(u)), static_cast<uint64_t>(u >> 64));
            }
            break;
        case TypeKind::String:
            for (size_t i = 0, r = begin; i < count; ++i, ++r)
                h[i] = mix(h[i], nulls[r] ? kNullHash : hashBytes(c.strings[r].data(), c.strings[r].size()));
            break;
        }
    }
}

int64_t GroupTable::prefetchKeys(uint32_t tag) const
{
    if (m_slots.empty())
        return -1;
    const size_t mask = m_slots.size() - 1;
    for (size_t s = slotOf(tag);; s = (s + 1) & mask) {
        const uint64_t slot = m_slots[s];
        if (!slot)
            return -1;
        if (static_cast<uint32_t>(slot >> 32) != tag)
            continue;
        const size_t group = static_cast<uint32_t>(slot) - 1;
        for (const Column &k : m_keys) {
            __builtin_prefetch(k.nulls.data() + group);
            switch (k.type().kind) {
            case TypeKind::Window:
                __builtin_prefetch(k.ends.data() + group);
                [[fallthrough]];
            case TypeKind::Boolean:
            case TypeKind::Int:
            case TypeKind::Long:
            case TypeKind::Timestamp: __builtin_prefetch(k.ints.data() + group); break;
            case TypeKind::Double: __builtin_prefetch(k.doubles.data() + group); break;
            case TypeKind::Decimal: __builtin_prefetch(k.decimals.data() + group); break;
            case TypeKind::String: __builtin_prefetch(k.strings.data() + group); break;
            case TypeKind::Null: break;
            }
        }
        return static_cast<int64_t>(group);
    }
}

bool GroupTable::equals(uint32_t group, const std::vector<const Column *> &keys, size_t row,
                        const uint8_t *nullChecks) const
{
    for (size_t k = 0; k < keys.size(); ++k) {
        const Column &a = m_keys[k];
        const Column &b = *keys[k];
        if (!nullChecks || nullChecks[k]) {
            const bool an = a.nulls[group] != 0;
            if (an != (b.nulls[row] != 0))
                return false;
            if (an)
                continue;
        }
        switch (a.type().kind) {
        case TypeKind::Null: break;
        case TypeKind::Boolean:
        case TypeKind::Int:
        case TypeKind::Long:
        case TypeKind::Timestamp:
            if (a.ints[group] != b.ints[row])
                return false;
            break;
        case TypeKind::Window:
            if (a.ints[group] != b.ints[row] || a.ends[group] != b.ends[row])
                return false;
            break;
        case TypeKind::Double:
            if (orderedDoubleBits(a.doubles[group]) != orderedDoubleBits(b.doubles[row]))
                return false;
            break;
        case TypeKind::Decimal:
            if (a.decimals[group] != b.decimals[row])
                return false;
            break;
        case TypeKind::String:
            if (a.strings[group] != b.strings[row])
                return false;
            break;
        }
    }
    return true;
}

void GroupTable::insertSlot(uint32_t tag, uint32_t group)
{
    const size_t mask = m_slots.size() - 1;
    size_t s = slotOf(tag);
    while (m_slots[s] != 0)
        s = (s + 1) & mask;
    m_slots[s] = (static_cast<uint64_t>(tag) << 32) | (static_cast<uint64_t>(group) + 1);
}

void GroupTable::grow()
{
    std::vector<uint64_t> old;
    old.swap(m_slots);
    int bits = m_shift >= 32 ? 4 : 32 - m_shift + 1; // at least 16 slots
    while ((size_t(1) << bits) * 3 / 4 <= m_size + 1)
        ++bits;
    if (bits > 32)
        throw std::length_error("more than 3 billion groups");
    m_slots.assign(size_t(1) << bits, 0);
    m_shift = 32 - bits;
    for (uint64_t slot : old)
        if (slot)
            insertSlot(static_cast<uint32_t>(slot >> 32), static_cast<uint32_t>(slot) - 1);
}

uint32_t GroupTable::findOrInsert(const std::vector<const Column *> &keys, size_t row, uint32_t tag,
                                  bool &inserted, const uint8_t *nullChecks)
{
    if ((m_size + 1) * 4 > m_slots.size() * 3)
        grow();
    const size_t mask = m_slots.size() - 1;
    size_t s = slotOf(tag);
    while (const uint64_t slot = m_slots[s]) {
        if (static_cast<uint32_t>(slot >> 32) == tag) {
            const uint32_t group = static_cast<uint32_t>(slot) - 1;
            if (equals(group, keys, row, nullChecks)) {
                inserted = false;
                return group;
            }
        }
        s = (s + 1) & mask;
    }
    const uint32_t group = static_cast<uint32_t>(m_size++);
    m_slots[s] = (static_cast<uint64_t>(tag) << 32) | (static_cast<uint64_t>(group) + 1);
    for (size_t k = 0; k < keys.size(); ++k) {
        Column &key = m_keys[k];
        key.appendFrom(*keys[k], row);
        m_keyHasNulls[k] |= key.nulls.back();
        if (!key.strings.empty() && key.strings.back().capacity() > 15)
            m_stringBytes += static_cast<int64_t>(key.strings.back().capacity() + 1);
    }
    inserted = true;
    return group;
}

int compareKeys(const std::vector<Column> &columns, size_t numKeys, uint32_t a, uint32_t b)
{
    for (size_t k = 0; k < numKeys; ++k) {
        const Column &c = columns[k];
        const bool an = c.nulls[a] != 0;
        const bool bn = c.nulls[b] != 0;
        if (an || bn) {
            if (an != bn)
                return an ? -1 : 1;
            continue;
        }
        int r = 0;
        switch (c.type().kind) {
        case TypeKind::Null: break;
        case TypeKind::Boolean:
        case TypeKind::Int:
        case TypeKind::Long:
        case TypeKind::Timestamp: r = threeWay(c.ints[a], c.ints[b]); break;
        case TypeKind::Window:
            r = threeWay(c.ints[a], c.ints[b]);
            if (r == 0)
                r = threeWay(c.ends[a], c.ends[b]);
            break;
        case TypeKind::Double: r = threeWay(orderedDoubleBits(c.doubles[a]), orderedDoubleBits(c.doubles[b])); break;
        case TypeKind::Decimal: r = threeWay(c.decimals[a], c.decimals[b]); break;
        case TypeKind::String: r = c.strings[a].compare(c.strings[b]); break;
        }
        if (r != 0)
            return r;
    }
    return 0;
}

void GroupTable::sortGroups(std::vector<uint32_t> &groups) const
{
    const auto less = [this](uint32_t a, uint32_t b) { return compare(a, b) < 0; };
    if (groups.size() < 64) {
        std::sort(groups.begin(), groups.end(), less);
        return;
    }
    // Leading key columns equal for all these groups cannot order them.
    const uint32_t first = groups[0];
    size_t k = 0;
    for (; k < m_keys.size(); ++k) {
        const Column &c = m_keys[k];
        bool constant = true;
        for (uint32_t g : groups)
            if (c.nulls[g] != c.nulls[first] || (!c.nulls[g] && !sameValue(c, g, first))) {
                constant = false;
                break;
            }
        if (!constant)
            break;
    }
    if (k == m_keys.size()) {
        std::sort(groups.begin(), groups.end(), less);
        return;
    }
    const Column &c = m_keys[k];
    size_t skip = 0; // strings: the bytes every one of them starts with
    if (c.type().kind == TypeKind::String) {
        const std::string *reference = nullptr;
        for (uint32_t g : groups) {
            if (c.nulls[g])
                continue;
            const std::string &s = c.strings[g];
            if (!reference) {
                reference = &s;
                skip = s.size();
                continue;
            }
            size_t i = 0;
            while (i < skip && i < s.size() && s[i] == (*reference)[i])
                ++i;
            skip = i;
        }
    }
    // A prefix never orders two groups against their keys; equal prefixes fall back to compare.
    const auto prefix = [&c, skip](uint32_t g) -> uint64_t {
        if (c.nulls[g])
            return 0;
        constexpr uint64_t kBias = uint64_t(1) << 63;
        switch (c.type().kind) {
        case TypeKind::Boolean:
        case TypeKind::Int:
        case TypeKind::Long:
        case TypeKind::Timestamp:
        case TypeKind::Window: return static_cast<uint64_t>(c.ints[g]) ^ kBias;
        case TypeKind::Double: return orderedDoubleBits(c.doubles[g]);
        case TypeKind::Decimal:
            return static_cast<uint64_t>(static_cast<unsigned __int128>(c.decimals[g]) >> 64) ^ kBias;
        case TypeKind::String: {
            const std::string &s = c.strings[g];
            uint64_t v = 0;
            for (size_t i = 0; i < 8; ++i)
                v = (v << 8) | (skip + i < s.size() ? static_cast<unsigned char>(s[skip + i]) : 0u);
            return v;
        }
        case TypeKind::Null: return 0;
        }
        return 0;
    };
    std::vector<std::pair<uint64_t, uint32_t>> keyed(groups.size());
    for (size_t i = 0; i < groups.size(); ++i)
        keyed[i] = {prefix(groups[i]), groups[i]};
    std::sort(keyed.begin(), keyed.end(), [this](const auto &x, const auto &y) {
        return x.first != y.first ? x.first < y.first : compare(x.second, y.second) < 0;
    });
    for (size_t i = 0; i < groups.size(); ++i)
        groups[i] = keyed[i].second;
}

void GroupTable::retain(const std::vector<uint8_t> &keep)
{
    std::vector<uint32_t> renumbered(m_size, 0);
    size_t kept = 0;
    for (size_t g = 0; g < m_size; ++g)
        if (keep[g])
            renumbered[g] = static_cast<uint32_t>(kept++);
    if (kept == m_size)
        return;
    m_stringBytes = 0;
    const std::vector<uint32_t> rows = keptRows(keep);
    for (size_t c = 0; c < m_keys.size(); ++c) {
        Column &k = m_keys[c];
        retainRows(k, rows);
        m_keyHasNulls[c] = std::find(k.nulls.begin(), k.nulls.end(), uint8_t(1)) != k.nulls.end();
        for (const std::string &text : k.strings)
            if (text.capacity() > 15)
                m_stringBytes += static_cast<int64_t>(text.capacity() + 1);
    }
    std::vector<uint64_t> old;
    old.swap(m_slots);
    m_size = kept;
    m_shift = 64;
    if (kept == 0)
        return;
    int bits = 4;
    while ((size_t(1) << bits) * 3 / 4 <= kept + 1)
        ++bits;
    m_slots.assign(size_t(1) << bits, 0);
    m_shift = 32 - bits;
    for (uint64_t slot : old) {
        if (!slot)
            continue;
        const uint32_t group = static_cast<uint32_t>(slot) - 1;
        if (keep[group])
            insertSlot(static_cast<uint32_t>(slot >> 32), renumbered[group]);
    }
}

void GroupTable::clear()
{
    for (Column &k : m_keys)
        k = Column(k.type());
    m_keyHasNulls.assign(m_keys.size(), 0);
    m_slots.clear();
    m_shift = 64;
    m_size = 0;
    m_stringBytes = 0;
}

int64_t GroupTable::memoryBytes() const
{
    int64_t bytes = static_cast<int64_t>(m_slots.capacity() * sizeof(uint64_t)) + m_stringBytes;
    for (const Column &k : m_keys)
        bytes += columnBytes(k);
    return bytes;
}

} // namespace streamstep
