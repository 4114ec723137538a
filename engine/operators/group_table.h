// Groups rows by a composite key without a heap allocation per group or per row: key values live
// in typed columns (one row per group), and an open-addressing index maps a 32-bit hash tag to a
// group number. Stateful operators keep one as their state store; it also serves as a temporary
// set (late keys of a batch, window panes).
#pragma once

#include "streamstep/column_batch.h"

#include <cstdint>
#include <vector>

namespace streamstep {

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
    size_t slotOf(uint32_t tag) const { return m_shift >= 32 ? 0 : static_cast<size_t>(tag >> m_shift); }
    bool equals(uint32_t group, const std::vector<const Column *> &keys, size_t row,
                const uint8_t *nullChecks) const;
    void grow();
    void insertSlot(uint32_t tag, uint32_t group);

    std::vector<Column> m_keys;
    std::vector<uint8_t> m_keyHasNulls; // per key column: some group's key is NULL
    // (tag << 32) | (group + 1); 0 is an empty slot. The slot of a tag is its top bits, so the
    // index can be rebuilt from the slots alone.
    std::vector<uint64_t> m_slots;
    int m_shift = 64;
    size_t m_size = 0;
    int64_t m_stringBytes = 0; // heap bytes of key strings too long for the inline buffer
};

// Appends rows `rows` of `from` to `to` (same type), typed, without going through Value.
void appendRows(Column &to, const Column &from, const std::vector<uint32_t> &rows);
// The rows with keep[r] != 0, in order.
std::vector<uint32_t> keptRows(const std::vector<uint8_t> &keep);
// Keeps only the given rows (ascending), in that order, in place.
void retainRows(Column &column, const std::vector<uint32_t> &rows);

} // namespace streamstep
