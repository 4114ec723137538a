// The operators without state: they map one batch to another. Spark: FilterExec, ProjectExec,
// the Project/Expand + Filter of ResolveTimeWindows, and EventTimeWatermarkExec (which only
// observes event times).
#pragma once

#include "analysis/logical_plan.h"
#include "operators/flow.h"
#include "streamstep/engine.h"

namespace streamstep {

// These three consume their input: its columns move into the result (filtered in place)
// instead of being copied, since callers replace their flow with the result. A borrowed input
// (Flow::borrowed) is only read: the result owns copies of what it keeps.

// Keeps rows for which every conjunct is true (NULL counts as false). `liveAfter` (optional,
// one flag per column) names the columns later operators read; the others may come out pruned
// (see isPruned) instead of being filtered.
Flow applyFilter(const PlanNode &node, Flow &input, BatchContext &context,
                 const std::vector<uint8_t> *liveAfter = nullptr);
Flow applyProject(const PlanNode &node, Flow &input, BatchContext &context);
// Adds the window column; a row appears once per window containing its timestamp (sliding
// windows whose length is a multiple of the slide are left unexpanded, see Flow); rows with a
// NULL timestamp are removed.
Flow assignTimeWindows(const PlanNode &node, Flow &input, BatchContext &context);

// Spark's EventTimeStats: max/min/avg of event times in ms (avg as a running double mean).
struct EventTimeAccumulator {
    int64_t maxMs = std::numeric_limits<int64_t>::min();
    int64_t minMs = std::numeric_limits<int64_t>::max();
    double avgMs = 0;
    int64_t count = 0;

    void add(int64_t eventTimeMs)
    {
        maxMs = std::max(maxMs, eventTimeMs);
        minMs = std::min(minMs, eventTimeMs);
        ++count;
        avgMs += (static_cast<double>(eventTimeMs) - avgMs) / static_cast<double>(count);
    }
};

// Records the event time of every row passing withWatermark (EventTimeWatermarkExec).
void observeEventTimes(const PlanNode &node, const Flow &input, EventTimeAccumulator &stats);

void markFates(const Flow &before, const std::vector<uint32_t> &keptRows, InputRowFate fate,
               BatchContext &context);

} // namespace streamstep
