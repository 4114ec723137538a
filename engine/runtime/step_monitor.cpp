#include "runtime/step_monitor.h"

#include <algorithm>

namespace streamstep {

void truncateRows(ColumnBatch &batch, size_t numRows)
{
    if (batch.numRows <= numRows)
        return;
    for (Column &c : batch.columns)
        c.truncate(numRows);
    batch.numRows = numRows;
}

void StepMonitor::beginBatch(double start, double span, double units)
{
    m_start = start;
    m_span = span;
    m_units = units > 0 ? units : 1;
}

void StepMonitor::checkpoint(StepPhase phase, double done)
{
    if (m_control.progress)
        m_control.progress(m_start + m_span * std::min(done / m_units, 0.999), phase);
    if (m_control.cancel && m_control.cancel->load(std::memory_order_relaxed))
        throw StepCancelled();
}

void StepMonitor::aboutToChange(const RunState &state)
{
    if (!m_control.cancel || m_captured)
        return;
    m_captured = true;
    m_nextBatchId = state.nextBatchId;
    m_tracker = state.tracker;
    m_ranBatch = state.ranBatch;
    m_lastBatchWatermarkMs = state.lastBatchWatermarkMs;
    m_operators = cloneOperators(state.operators);
    m_memoryRows = state.memoryTable.numRows;
    m_failure = state.failure;
}

void StepMonitor::aboutToReplaceMemoryTable(RunState &state)
{
    aboutToChange(state);
    if (!m_control.cancel || m_savedMemoryTable)
        return;
    truncateRows(state.memoryTable, m_memoryRows);
    m_savedMemoryTable = std::move(state.memoryTable);
}

void StepMonitor::rollback(RunState &state)
{
    if (!m_captured)
        return;
    state.nextBatchId = m_nextBatchId;
    state.tracker = std::move(*m_tracker);
    state.ranBatch = m_ranBatch;
    state.lastBatchWatermarkMs = m_lastBatchWatermarkMs;
    state.operators = std::move(m_operators);
    if (m_savedMemoryTable)
        state.memoryTable = std::move(*m_savedMemoryTable);
    else
        truncateRows(state.memoryTable, m_memoryRows);
    state.failure = std::move(m_failure);
    m_captured = false;
}

} // namespace streamstep
