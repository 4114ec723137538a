#include "streamstep/compare.h"

#include <algorithm>

namespace streamstep {

std::vector<ModeRun> compareOutputModes(const Scenario &scenario, size_t numSteps, bool explain)
{
    std::vector<ModeRun> runs;
    const std::vector<int64_t> times = triggerTimesMicros(scenario.steps);
    for (OutputMode mode : {OutputMode::Append, OutputMode::Update, OutputMode::Complete}) {
        ModeRun out;
        out.mode = mode;
        Scenario variant = scenario;
        variant.outputMode = mode;
        try {
            out.query = Query::compile(variant);
        } catch (const Error &e) {
            out.rejected = e;
            runs.push_back(std::move(out));
            continue;
        }
        Run run(out.query);
        run.setExplain(explain);
        try {
            for (size_t i = 0; i < std::min(numSteps, variant.steps.size()); ++i)
                for (BatchReport &r : run.step(variant.steps[i].rows, static_cast<int>(i), times[i]))
                    out.reports.push_back(std::move(r));
        } catch (const Error &e) {
            out.failure = e;
        }
        runs.push_back(std::move(out));
    }
    return runs;
}

} // namespace streamstep
