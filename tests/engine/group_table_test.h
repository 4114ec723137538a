// Test helper for code that builds a GroupTable row by row.
#pragma once

#include "operators/group_table.h"

#include <cstdint>
#include <vector>

namespace streamstep::testing {

// Looks up rows [0, numRows) of `keys` in `table` in order, adding their groups (findOrInsert with
// their hashes): the first row of each group, by group number.
inline std::vector<uint32_t> insertEveryRow(GroupTable &table, const std::vector<const Column *> &keys, size_t numRows)
{
    std::vector<uint64_t> hashes;
    GroupTable::hashRows(keys, 0, numRows, hashes);
    std::vector<uint32_t> firstRow;
    for (size_t r = 0; r < numRows; ++r) {
        bool inserted = false;
        table.findOrInsert(keys, r, GroupTable::tagOf(hashes[r]), inserted);
        if (inserted)
            firstRow.push_back(static_cast<uint32_t>(r));
    }
    return firstRow;
}

} // namespace streamstep::testing
