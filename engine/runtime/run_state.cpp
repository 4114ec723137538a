#include "runtime/run_state.h"

namespace streamstep {

namespace {

std::vector<WatermarkSlot> watermarkSlots(const CompiledQuery &query)
{
    std::vector<WatermarkSlot> slots;
    for (const PlanNode &node : query.nodes)
        if (const auto *watermark = node.as<WatermarkNode>())
            slots.push_back({node.input.fields[static_cast<size_t>(watermark->eventTimeColumn)].name,
                             watermark->delayMs});
    return slots;
}

} // namespace

RunState::RunState(const CompiledQuery &query)
    : tracker(watermarkSlots(query), query.conf.maxWatermarkPolicy)
{
    for (const PlanNode &node : query.nodes)
        operators.push_back(makeOperator(node, query));
    // Column pruning, back to front: each operator learns which columns of its input it or a
    // later one reads (the emitted rows need all of theirs).
    std::vector<uint8_t> after(query.resultSchema.size(), 1);
    for (size_t i = operators.size(); i-- > 0;) {
        std::vector<uint8_t> in = operators[i]->liveInput(after);
        operators[i]->setLiveColumns(in, after);
        after = std::move(in);
    }
    liveSource = std::move(after);
    memoryTable = ColumnBatch::empty(query.resultSchema);
}

RunState::RunState(const RunState &other)
    : nextBatchId(other.nextBatchId), tracker(other.tracker), ranBatch(other.ranBatch),
      lastBatchWatermarkMs(other.lastBatchWatermarkMs), operators(cloneOperators(other.operators)),
      memoryTable(other.memoryTable), memoryDisplayRows(other.memoryDisplayRows), failure(other.failure), collectResultTables(other.collectResultTables), explain(other.explain),
      keepInput(other.keepInput), liveSource(other.liveSource)
{
}

} // namespace streamstep
