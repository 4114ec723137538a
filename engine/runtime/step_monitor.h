// Follows one Run::step for its StepControl: reports progress at checkpoints, stops there when
// cancelled, and keeps what it takes to undo the step. The undo copy is taken lazily, right
// before the step first changes the RunState (its first stateful operator, or the watermark and
// sink when it has none), so the stateless phases cost nothing to cancel; it copies the stateful
// operators' state (O(state rows), the whole cost of being cancellable) but never the memory
// sink's table: rows appended to it are cut off again, a table replaced in complete mode is moved
// aside.
#pragma once

#include "runtime/run_state.h"

#include <optional>

namespace streamstep {

class StepMonitor {
public:
    explicit StepMonitor(const StepControl &control) : m_control(control) {}

    // The current batch spans [start, start + span) of the step's progress and has `units` of work.
    void beginBatch(double start, double span, double units);
    // A checkpoint `done` units into the current batch; throws StepCancelled when cancelled.
    void checkpoint(StepPhase phase, double done);
    // Called before every change of the RunState.
    void aboutToChange(const RunState &state);
    // Called before the memory sink's table is replaced (complete mode).
    void aboutToReplaceMemoryTable(RunState &state);
    void rollback(RunState &state);
    // Whether the step can be cancelled (then it must be able to give its rows back unchanged).
    bool cancellable() const { return m_control.cancel != nullptr; }

private:
    const StepControl &m_control;
    double m_start = 0;
    double m_span = 1;
    double m_units = 1;

    bool m_captured = false;
    int64_t m_nextBatchId = 0;
    std::optional<WatermarkTracker> m_tracker;
    bool m_ranBatch = false;
    int64_t m_lastBatchWatermarkMs = 0;
    std::vector<std::unique_ptr<Operator>> m_operators;
    size_t m_memoryRows = 0;
    std::optional<ColumnBatch> m_savedMemoryTable;
    std::optional<Error> m_failure;
};

// Cuts a batch back to its first `numRows` rows (only the storage a column's type uses is filled).
void truncateRows(ColumnBatch &batch, size_t numRows);

} // namespace streamstep
