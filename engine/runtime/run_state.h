// Everything one Run of a query changes from batch to batch: its operators (with their state
// stores), the watermark, the next batch id and the memory sink's table. Copying it copies the
// run (the operators are cloned), so runs continue independently.
#pragma once

#include "analysis/logical_plan.h"
#include "operators/operator.h"
#include "operators/scratch.h"
#include "runtime/watermark_tracker.h"
#include "streamstep/engine.h"

#include <memory>
#include <optional>
#include <vector>

namespace streamstep {

class RunState {
public:
    explicit RunState(const CompiledQuery &query);
    RunState(const RunState &other);
    RunState(RunState &&) noexcept = default;
    RunState &operator=(RunState &&) noexcept = default;
    RunState &operator=(const RunState &) = delete;

    int64_t nextBatchId = 0;
    WatermarkTracker tracker;
    bool ranBatch = false;
    int64_t lastBatchWatermarkMs = 0; // the watermark the previous batch ran with
    std::vector<std::unique_ptr<Operator>> operators; // one per plan node, bottom-up
    ColumnBatch memoryTable;
    // With result tables collected: memoryTable's rows in display order (BatchReport::
    // sinkTableDisplayRows), when the query's rows have display keys; else empty.
    std::vector<uint32_t> memoryDisplayRows;
    std::optional<Error> failure; // the query stopped (Spark: the query terminated with it)
    bool collectResultTables = true;
    bool explain = false;
    bool keepInput = true; // Run::setKeepInput
    // The source columns the first operator or a later one reads (the others are dropped as soon
    // as a batch owns its rows).
    std::vector<uint8_t> liveSource;
    // The batch runner's working memory (see Scratch): a batch's event-time statistics per
    // withWatermark and each input row's event time at the first one.
    struct BatchBuffers {
        std::vector<EventTimeAccumulator> eventTimeStats;
        std::vector<std::optional<int64_t>> inputEventTimes;
    };
    Scratch<BatchBuffers> batchBuffers;
};

} // namespace streamstep
