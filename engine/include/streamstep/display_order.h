// Orders rows for a person to read. Spark defines no order for the rows an aggregation hands to
// its sink, so the engine emits them in the order it has them (the order its state first saw the
// groups: no sort on the hot path) and every sink but the console takes them so. What shows rows
// (the console sink's table, the CLI's printouts, the app's tables) sorts them here, by the
// grouping key as Spark's examples read: ascending, nulls first, in the state's own key order.
#pragma once

#include "streamstep/column_batch.h"
#include "streamstep/engine.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace streamstep {

// The rows of `rows` in display order, as row indices: ascending by the columns `keyColumns`
// names (the first decides, then the next, …), in the key order of the state's group table
// (nulls first; windows by start, then end; strings by bytes; doubles with -0.0 = 0.0 and one
// NaN after +Infinity); rows with equal keys keep their order. No key columns: the rows' own
// order. With `limit`, only the first `limit` rows of that order (a partial sort).
std::vector<uint32_t> displayOrder(const ColumnBatch &rows, const std::vector<int> &keyColumns,
                                   size_t limit = std::numeric_limits<size_t>::max());

// The rows themselves in display order (a copy; the rows unchanged when there are no key columns).
ColumnBatch sortedForDisplay(const ColumnBatch &rows, const std::vector<int> &keyColumns);

// What a batch wrote, as the console shows it: report.emitted by report.emittedKeyColumns
// (report.emittedDisplayRows when the run made them).
inline std::vector<uint32_t> emittedDisplayOrder(const BatchReport &report)
{
    if (!report.emittedKeyColumns.empty() && report.emittedDisplayRows.size() == report.emitted.numRows)
        return report.emittedDisplayRows;
    return displayOrder(report.emitted, report.emittedKeyColumns);
}

} // namespace streamstep
