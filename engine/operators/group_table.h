// Groups rows by a composite key without a heap allocation per group or per row: key values live
// in typed columns (one row per group), and an open-addressing index maps a 32-bit hash tag to a
// group number. Stateful operators keep one as their state store; it also serves as a temporary
// set (late keys of a batch, window panes).
//
// While a table is small (at most kPackedMaxGroups groups) and its keys fit a few 64-bit words
// each (numbers, windows, decimals, strings of at most 16 bytes), it also keeps every group's key
// packed into those words, one record per group, and its index at most a quarter full: a batch's
// rows are packed column at a time as they are hashed (hashAndPackRows) and looked up with findOrInsertPacked, which
// compares a tag and a few words in cache per row instead of walking the key columns.
#pragma once

#include "operators/scratch.h"
#include "streamstep/column_batch.h"

#include <string>

#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace streamstep {

// Small helpers of key hashing and comparison, inline since lookups run once per row.
namespace keyops {

inline uint64_t load64(const char *p)
{
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}

inline uint64_t load32(const char *p)
{
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}

// Whether two strings hold the same bytes, without a call to memcmp for short ones (keys).
inline bool sameBytes(const std::string &x, const std::string &y)
{
    const size_t n = x.size();
    if (n != y.size())
        return false;
    const char *p = x.data();
    const char *q = y.data();
    if (n >= 8) {
        for (size_t i = 0; i + 8 < n; i += 8)
            if (load64(p + i) != load64(q + i))
                return false;
        return load64(p + n - 8) == load64(q + n - 8); // overlaps
    }
    if (n >= 4)
        return load32(p) == load32(q) && load32(p + n - 4) == load32(q + n - 4);
    for (size_t i = 0; i < n; ++i)
        if (p[i] != q[i])
            return false;
    return true;
}

// The bits encodeKeyValue orders a double by: -0.0 is 0.0, every NaN the same NaN.
inline uint64_t orderedDoubleBits(double d)
{
    if (d == 0.0)
        d = 0.0;
    if (d != d)
        d = std::numeric_limits<double>::quiet_NaN();
    uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    return (bits & (uint64_t(1) << 63)) ? ~bits : bits | (uint64_t(1) << 63);
}

} // namespace keyops

// Compares rows a and b over the first numKeys columns in encodeKeyValue's order (Spark's
// ascending sort, nulls first): negative, zero or positive.
int compareKeys(const std::vector<Column> &columns, size_t numKeys, uint32_t a, uint32_t b);

class GroupTable {
public:
    GroupTable() = default;
    explicit GroupTable(const std::vector<DataType> &keyTypes);

    size_t size() const { return m_size; }
    const std::vector<Column> &keys() const { return m_keys; }

    // Hashes the key columns of rows [begin, begin + count), column at a time (equal keys, as
    // Spark groups them, hash equally: -0.0 = 0.0 and every NaN is one NaN); tagOf() turns a
    // hash into a tag.
    static void hashRows(const std::vector<const Column *> &keys, size_t begin, size_t count,
                         std::vector<uint64_t> &hashes);
    // A row's hash is the sum of this term over its key columns (`position` is the column's
    // place in the key), so one column's term can be swapped for another value's.
    static uint64_t columnHash(size_t position, const Column &column, size_t row);
    static uint32_t tagOf(uint64_t hash)
    {
        hash ^= hash >> 33;
        hash *= 0xc4ceb9fe1a85ec53ULL;
        hash ^= hash >> 33;
        return static_cast<uint32_t>(hash >> 32);
    }
    // Per key column, whether lookups of rows of `keys` must compare null flags (0 where
    // neither these columns nor the table hold a NULL): one memory access less per column.
    std::vector<uint8_t> nullChecks(const std::vector<const Column *> &keys) const;
    // Returns the group of row `row` of `keys` (columns of the table's key types) with the given
    // tag, adding the group when it is new. `nullChecks` comes from nullChecks(keys), or is
    // null to compare every null flag.
    uint32_t findOrInsert(const std::vector<const Column *> &keys, size_t row, uint32_t tag,
                          bool &inserted, const uint8_t *nullChecks = nullptr);
    // The in-cache fast path (see the top of this file): whether the table keeps packed keys,
    // and how many words a packed key has.
    static constexpr size_t kPackedMaxGroups = size_t(1) << 14;
    bool packed() const { return m_packedWords != 0; }
    size_t packedWords() const { return m_packedWords; }
    // hashRows, and the rows' packed keys into `packed` (packedWords() words per row, read from
    // the same loads): false, leaving `packed` unspecified, when a row does not fit (a string
    // longer than 16 bytes). Only when packed().
    bool hashAndPackRows(const std::vector<const Column *> &keys, size_t begin, size_t count,
                         std::vector<uint64_t> &hashes, std::vector<uint64_t> &packed) const;
    // findOrInsert for each of rows rows[0 .. count) of `keys` (ascending, no row twice), with the hash and packed key of
    // row r at hashes[r - hashBase] and packedKeys[(r - hashBase) * packedWords()] (from
    // hashAndPackRows): writes the groups to groups[0 .. count).
    // New groups are numbered in row order. The table may stop packing on the way (it grew past
    // kPackedMaxGroups); the remaining rows are then looked up by findOrInsert. Only when packed().
    void findOrInsertPacked(const std::vector<const Column *> &keys, const uint32_t *rows, size_t count,
                            const uint64_t *hashes, size_t hashBase, const uint64_t *packedKeys, uint32_t *groups,
                            const uint8_t *nullChecks = nullptr);
    // hashAndPackRows and findOrInsertPacked of every row of [begin, begin + count), in order
    // (rows[i] is begin + i), with the same groups, hashes and numbering, in fewer passes:
    // (window, string) keys without a NULL are hashed, packed and checked against their home
    // slot's group in one pass, so a row that finds its group there is read once, and only the
    // others' packed keys are written. False, with the hashes complete but nothing looked up
    // or added, when a row does not fit (as hashAndPackRows). Only when packed().
    bool findOrInsertPackedRange(const std::vector<const Column *> &keys, const uint32_t *rows, size_t begin,
                                 size_t count, std::vector<uint64_t> &hashes, std::vector<uint64_t> &packed,
                                 uint32_t *groups);
    // Stops keeping packed keys (for good, until clear()).
    void stopPacking();

    // Starts loading the memory a later findOrInsert with this tag touches first.
    void prefetch(uint32_t tag) const
    {
        if (!m_slots.empty())
            __builtin_prefetch(&m_slots[slotOf(tag)]);
    }
    // Starts loading the key values of the first group with this tag (its slot should be in
    // cache already, see prefetch) and returns that group, or -1 when there is none. Lookups of
    // random keys in a big table then wait for memory once per row instead of once per column.
    int64_t prefetchKeys(uint32_t tag) const;

    // Orders groups by key like Spark's ascending sort with nulls first (the order of
    // encodeKeyValue's bytes): negative, zero or positive.
    int compare(uint32_t a, uint32_t b) const { return compareKeys(m_keys, m_keys.size(), a, b); }
    // Sorts groups by key (compare's order). Sorts 64-bit prefixes of the first key column
    // that differs among them first, so most comparisons touch neither the keys nor memory
    // outside the sorted array.
    void sortGroups(std::vector<uint32_t> &groups) const;
    // Keeps only the groups with keep[g] != 0, in order (group numbers shift down).
    void retain(const std::vector<uint8_t> &keep);
    void clear();
    // Heap bytes held by the keys and the index.
    int64_t memoryBytes() const;

private:
    // A 64-bit prefix of a key column's values that orders a set of groups like compare does
    // (ties left to compare); `exact` when equal prefixes mean equal values among them.
    struct SortPrefix {
        const Column *column = nullptr;
        size_t skip = 0;            // strings: leading bytes all of them share
        bool smallDecimals = false; // decimals: all fit in 64 bits
        bool exact = false;
        uint64_t word(uint32_t group) const;
    };
    static SortPrefix sortPrefix(const Column &column, const std::vector<uint32_t> &groups);

    size_t slotOf(uint32_t tag) const { return m_shift >= 32 ? 0 : static_cast<size_t>(tag >> m_shift); }
    // The index's size at most this full: a quarter while packing, else three quarters.
    size_t maxFill(size_t slots) const { return m_packedWords ? slots / 4 : slots * 3 / 4; }
    // log2 of the index's size for n groups (at least 16 slots).
    int indexBits(size_t n, int atLeast) const;
    template <size_t W>
    void findOrInsertPackedW(const std::vector<const Column *> &keys, const uint32_t *rows, size_t count,
                             const uint64_t *hashes, size_t hashBase, const uint64_t *packedKeys, uint32_t *groups,
                             const uint8_t *nullChecks);
    // Step 2 of findOrInsertPackedW: rows[m] for each m in m_misses[0 .. numMisses) probes on
    // from its home slot, adding its group when it is new.
    template <size_t W>
    void probeMissesW(const std::vector<const Column *> &keys, const uint32_t *rows, size_t numMisses,
                      const uint64_t *hashes, size_t hashBase, const uint64_t *packedKeys, uint32_t *groups,
                      const uint8_t *nullChecks);
    // Appends the packed key of row `row` of `keys` to m_packed, or stops packing when it does not fit.
    void appendPacked(const std::vector<const Column *> &keys, size_t row);
    bool equals(uint32_t group, const std::vector<const Column *> &keys, size_t row,
                const uint8_t *nullChecks) const;
    void grow();
    void insertSlot(uint32_t tag, uint32_t group);
    // packedKey: the row's packed key when the caller has it (else packed here, when packing).
    uint32_t insertGroup(size_t slot, uint32_t tag, const std::vector<const Column *> &keys, size_t row,
                         const uint64_t *packedKey = nullptr);

    std::vector<Column> m_keys;
    std::vector<uint8_t> m_keyHasNulls; // per key column: some group's key is NULL
    // (tag << 32) | (group + 1); 0 is an empty slot. The slot of a tag is its top bits, so the
    // index can be rebuilt from the slots alone.
    std::vector<uint64_t> m_slots;
    size_t m_maxFill = 0; // grow before holding more groups than this
    int m_shift = 64;
    // Packed keys (see the top), m_packedWords per group; 0 words when not packing, and
    // m_packableWords what a cleared table starts with (0 when the key types never fit).
    std::vector<uint64_t> m_packed;
    size_t m_packedWords = 0;
    size_t m_packableWords = 0;
    size_t m_size = 0;
    int64_t m_stringBytes = 0; // heap bytes of key strings too long for the inline buffer
    Scratch<std::vector<uint32_t>> m_misses; // findOrInsertPackedW's rows left for probing
};

inline bool GroupTable::equals(uint32_t group, const std::vector<const Column *> &keys, size_t row,
                               const uint8_t *nullChecks) const
{
    const Column *table = m_keys.data();
    const Column *const *probe = keys.data();
    const size_t n = m_keys.size();
    for (size_t k = 0; k < n; ++k) {
        const Column &a = table[k];
        const Column &b = *probe[k];
        if (!nullChecks || nullChecks[k]) {
            const bool an = a.nulls()[group] != 0;
            if (an != (b.nulls()[row] != 0))
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
            if (a.ints()[group] != b.ints()[row])
                return false;
            break;
        case TypeKind::Window:
            if ((a.ints()[group] ^ b.ints()[row]) | (a.ends()[group] ^ b.ends()[row]))
                return false;
            break;
        case TypeKind::Double:
            if (keyops::orderedDoubleBits(a.doubles()[group]) != keyops::orderedDoubleBits(b.doubles()[row]))
                return false;
            break;
        case TypeKind::Decimal:
            if (a.decimals()[group] != b.decimals()[row])
                return false;
            break;
        case TypeKind::String:
            if (!keyops::sameBytes(a.strings()[group], b.strings()[row]))
                return false;
            break;
        }
    }
    return true;
}

// Inlined into the aggregation loops, as it was before the column accessors' checks made it
// look too big to the compiler (their failure paths are cold).
[[gnu::always_inline]] inline uint32_t GroupTable::findOrInsert(const std::vector<const Column *> &keys, size_t row,
                                                                uint32_t tag, bool &inserted, const uint8_t *nullChecks)
{
    if (m_size + 1 > m_maxFill)
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
    inserted = true;
    return insertGroup(s, tag, keys, row);
}

// The rows with keep[r] != 0, in order.
std::vector<uint32_t> keptRows(const std::vector<uint8_t> &keep);

} // namespace streamstep
