// Tells, for each row of a batch's result table, whether that batch wrote it to the sink, and
// for each written row which result row it is. The
// statuses alone do not say it: a group the watermark finalised (ResultRowStatus::Final) is
// written in append mode but only evicted in update mode; what the batch wrote is its `emitted`
// rows, so a result row counts as written when an equal row is among them (matched by a hash of
// the cells, then compared exactly: one pass over each table). Scenario format §4.3 gives every
// result row an `emitted` flag; once BatchReport carries it, this becomes a lookup.
#pragma once

#include "streamstep/engine.h"

#include <vector>

namespace streamstep {

std::vector<bool> writtenResultRows(const BatchReport &report);
// For each row the batch wrote (`emitted`), the result-table row it is (-1: none, e.g. a query
// without a result table): how a written row finds its group's status, why and provenance.
std::vector<int> resultRowsOfEmitted(const BatchReport &report);
// The first row of `table` equal to row `row` of `rows` (same column types), or -1: which batch's
// written row a memory-sink row is, whose table does not say.
int equalRowIn(const ColumnBatch &table, const ColumnBatch &rows, size_t row);

} // namespace streamstep
