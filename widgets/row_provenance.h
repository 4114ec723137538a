// Links rows across the panels by the engine's provenance (streamstep/engine.h contributesTo):
// which input rows, of the batch shown and of earlier ones, went into a result row, and which
// result rows an input row went into. Only batches the run explained (Run::setExplain: their
// reports carry inputFacts) can be linked; the others are named so the app can say so.
#pragma once

#include "streamstep/engine.h"

#include <memory>
#include <utility>
#include <vector>

namespace streamstep {

// An input row of a run: the index of its batch's report, and its row in that report's input.
using InputRowRef = std::pair<int, int>;

struct InputRowsOfResult {
    std::vector<InputRowRef> rows;   // in batch and row order
    std::vector<int> unexplained;    // reports with input rows but no facts, up to the target
};

// The input rows of reports[0..target] that went into result row `resultRow` of reports[target].
InputRowsOfResult inputRowsOf(const Query &query, const std::vector<std::shared_ptr<const BatchReport>> &reports,
                              int target, size_t resultRow);

// The rows of `report`'s result table that an input row with these facts went into.
std::vector<int> resultRowsFedBy(const Query &query, const InputRowFacts &facts, const BatchReport &report);

// A table model's rows linked to the row selected elsewhere: sets `linked` to `rows` below
// `numRows`, sorted and each once, and returns the rows whose mark changes (the old and the new
// ones); nothing when the linked rows stay the same.
std::vector<int> relinkRows(std::vector<int> &linked, const std::vector<int> &rows, size_t numRows);

} // namespace streamstep
