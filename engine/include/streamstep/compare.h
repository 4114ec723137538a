// The same query and steps in append, update and complete side by side (format §4.2): three
// independent runs, one compiled query per mode, so a lesson shows what each mode writes, keeps
// and rejects on the same data.
#pragma once

#include "streamstep/engine.h"
#include "streamstep/scenario.h"

#include <limits>
#include <optional>
#include <vector>

namespace streamstep {

struct ModeRun {
    OutputMode mode = OutputMode::Append;
    // Spark's AnalysisException when the query cannot run in this mode (nothing ran then).
    std::optional<Error> rejected;
    std::shared_ptr<const Query> query;
    std::vector<BatchReport> reports; // every batch of the steps run, in order
    // A runtime failure that stopped the run after the reports above (Spark: the query terminated).
    std::optional<Error> failure;
};

// Runs the scenario's first `numSteps` steps (all by default) in append, update and complete,
// in that order. `explain` records why every row went where (Run::setExplain).
std::vector<ModeRun> compareOutputModes(const Scenario &scenario,
                                        size_t numSteps = std::numeric_limits<size_t>::max(),
                                        bool explain = false);

} // namespace streamstep
