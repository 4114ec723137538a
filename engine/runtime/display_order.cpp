#include "streamstep/display_order.h"

#include "operators/group_table.h"

#include <algorithm>
#include <numeric>

namespace streamstep {

std::vector<uint32_t> displayOrder(const ColumnBatch &rows, const std::vector<int> &keyColumns, size_t limit)
{
    const size_t n = rows.numRows;
    std::vector<uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    limit = std::min(limit, n);
    if (keyColumns.empty() || n < 2) {
        order.resize(limit);
        return order;
    }
    // compareKeys (the group table's order) reads the key columns first: the batch's own
    // columns when they lead in order (an aggregation's output), else copies of them.
    bool leading = true;
    for (size_t k = 0; k < keyColumns.size(); ++k)
        leading = leading && keyColumns[k] == static_cast<int>(k);
    std::vector<Column> copies;
    if (!leading)
        for (int c : keyColumns)
            copies.push_back(rows.columns[static_cast<size_t>(c)]);
    const std::vector<Column> &keys = leading ? rows.columns : copies;
    const size_t numKeys = keyColumns.size();
    // Equal keys keep their order: the row index breaks ties, so a partial sort gives the
    // first rows of the same total order.
    const auto less = [&](uint32_t a, uint32_t b) {
        const int r = compareKeys(keys, numKeys, a, b);
        return r != 0 ? r < 0 : a < b;
    };
    if (limit < n) {
        std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(limit), order.end(), less);
        order.resize(limit);
    } else {
        std::sort(order.begin(), order.end(), less);
    }
    return order;
}

ColumnBatch sortedForDisplay(const ColumnBatch &rows, const std::vector<int> &keyColumns)
{
    if (keyColumns.empty())
        return rows;
    ColumnBatch sorted = rows.gather(displayOrder(rows, keyColumns));
    sorted.schema = rows.schema;
    return sorted;
}

} // namespace streamstep
