// Tells, for each row of a batch's result table, whether that batch wrote it to the sink. The
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

} // namespace streamstep
