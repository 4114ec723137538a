// Runs micro-batches (Spark's MicroBatchExecution.runBatch): the step's data batch through every
// operator, the late-row marks, the result table, the next watermark and the in-run sinks
// (console text, memory table), then Spark's no-data batch when an operator asks for one. It
// loops over operators through their contract (operators/operator.h) and never asks their kind.
#pragma once

#include "runtime/run_state.h"
#include "runtime/step_monitor.h"

#include <optional>
#include <vector>

namespace streamstep {

// Both Run::step overloads: `owned` (the rvalue overload's rows, else null) moves into the data
// batch's report, `rows` is copied there otherwise.
std::vector<BatchReport> runStep(const CompiledQuery &query, RunState &state, const ColumnBatch &rows,
                                 ColumnBatch *owned, int stepIndex, std::optional<int64_t> processingTimeMicros,
                                 const StepControl &control);

// Throws Error(Runtime) when batch `batchId` may not run: kMaxSnapshotBatchId (2^53) and later,
// whose state could not be restored from a snapshot. Reached only by a snapshot near the limit.
void checkBatchIdLimit(int64_t batchId);

} // namespace streamstep
