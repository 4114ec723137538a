// A scenario run with explanations on (Run::setExplain), and why of one of its rows: what the
// tests of the engine's Why answers (tst_why) and of the app's Why pane (tst_why_pane) compare.
#pragma once

#include "streamstep/engine.h"
#include "streamstep/scenario.h"
#include "streamstep/why.h"

#include <QString>

#include <algorithm>
#include <limits>
#include <memory>
#include <vector>

namespace streamstep::testing {

struct ExplainedRun {
    std::shared_ptr<const Query> query;
    std::vector<BatchReport> batches; // every batch of every step run
};

// Runs the scenario's first `numSteps` steps (all by default) at their trigger times.
inline ExplainedRun explainedRun(const Scenario &scenario, size_t numSteps = std::numeric_limits<size_t>::max())
{
    ExplainedRun out{Query::compile(scenario), {}};
    Run run(out.query);
    run.setExplain(true);
    for (size_t i = 0; i < std::min(numSteps, scenario.steps.size()); ++i)
        for (BatchReport &r : run.step(scenario.steps[i].rows, static_cast<int>(i), triggerTimeMicros(scenario.steps, i)))
            out.batches.push_back(std::move(r));
    return out;
}

// The engine's answer for input row `row` of batch `batch`.
inline QString inputRowWhy(const ExplainedRun &e, size_t batch, size_t row)
{
    return QString::fromStdString(whyInputRow(*e.query, e.batches[batch], row).text());
}

// The engine's answer for result row `row` of batch `batch` (against the batch before it).
inline QString resultRowWhy(const ExplainedRun &e, size_t batch, size_t row)
{
    return QString::fromStdString(
        whyResultRow(*e.query, e.batches[batch], batch > 0 ? &e.batches[batch - 1] : nullptr, row).text());
}

} // namespace streamstep::testing
