#include "operators/deduplicate.h"

#include "operators/stateless_operators.h"

#include <algorithm>

namespace streamstep {

Flow Deduplicate::processBatch(const Flow &input, BatchContext &context, StateOperatorReport &metrics)
{
    const PlanNode &node = this->node();
    const ColumnBatch &batch = input.rows();
    // Spark: WatermarkSupport finds the first watermarked column of the child's output.
    const int eventColumn = node.input.eventTimeIndex();
    const bool keyHasEventTime = eventColumn >= 0
        && std::find(m_spec.columns.begin(), m_spec.columns.end(), eventColumn)
            != m_spec.columns.end();
    const int64_t lateLimit = context.lateWatermarkMs * 1000;

    std::vector<uint32_t> kept;
    std::string encoded;
    for (size_t r = 0; r < batch.numRows; ++r) {
        std::optional<int64_t> eventTime;
        if (eventColumn >= 0)
            eventTime = eventTimeOf(batch.get(r, static_cast<size_t>(eventColumn)));
        if (context.hasWatermark && eventTime && *eventTime <= lateLimit) {
            ++metrics.numRowsDroppedByWatermark;
            if (input.tracksOrigin && context.fates)
                (*context.fates)[input.origin[r]] = InputRowFate::DroppedByWatermark;
            if (input.tracksOrigin && context.facts) {
                InputRowFacts &facts = (*context.facts)[input.origin[r]];
                facts.compared = batch.columns[static_cast<size_t>(eventColumn)].type().kind == TypeKind::Window
                    ? InputRowFacts::Compared::WindowEnd
                    : InputRowFacts::Compared::EventTime;
                facts.comparedMicros = *eventTime;
                facts.lateWatermarkMs = context.lateWatermarkMs;
            }
            continue;
        }
        encoded.clear();
        for (int c : m_spec.columns)
            encodeKeyValue(encoded, batch.columns[c], r);
        const int64_t origin = input.tracksOrigin ? input.origin[r] : -1;
        auto [it, inserted] =
            m_keys.try_emplace(encoded, Seen{keyHasEventTime ? eventTime : std::nullopt, context.batchId, origin});
        if (!inserted) {
            if (input.tracksOrigin && context.fates)
                (*context.fates)[input.origin[r]] = InputRowFate::Duplicate;
            if (input.tracksOrigin && context.facts) {
                InputRowFacts &facts = (*context.facts)[input.origin[r]];
                facts.firstBatchId = it->second.firstBatchId;
                facts.firstRowInBatch = it->second.firstBatchId == context.batchId ? it->second.firstRow : -1;
            }
            continue;
        }
        ++metrics.numRowsUpdated;
        kept.push_back(static_cast<uint32_t>(r));
    }

    if (context.hasWatermark && keyHasEventTime) {
        const int64_t limit = context.evictionWatermarkMs * 1000;
        for (auto it = m_keys.begin(); it != m_keys.end();) {
            if (it->second.eventTime && *it->second.eventTime <= limit) {
                ++metrics.numRowsRemoved;
                it = m_keys.erase(it);
            } else {
                ++it;
            }
        }
    }
    metrics.numRowsTotal += static_cast<int64_t>(m_keys.size());
    int64_t bytes = 0;
    for (const auto &[k, v] : m_keys)
        bytes += static_cast<int64_t>(k.size()) + 48;
    metrics.memoryUsedBytes += bytes;
    return input.gather(kept);
}

} // namespace streamstep

namespace streamstep {

void Deduplicate::saveState(StateWriter &out) const
{
    out.writeI64(static_cast<int64_t>(m_keys.size()));
    for (const auto &[k, seen] : m_keys) {
        out.writeString(k);
        out.writeU8(seen.eventTime ? 1 : 0);
        out.writeI64(seen.eventTime.value_or(0));
        out.writeI64(seen.firstBatchId);
        out.writeI64(seen.firstRow);
    }
}

void Deduplicate::loadState(StateReader &in)
{
    m_keys.clear();
    for (int64_t n = in.readI64(); n > 0; --n) {
        std::string k = in.readString();
        const bool has = in.readU8() != 0;
        const int64_t t = in.readI64();
        const int64_t firstBatch = in.readI64();
        const int64_t firstRow = in.readI64();
        m_keys.emplace(std::move(k), Seen{has ? std::optional<int64_t>(t) : std::nullopt, firstBatch, firstRow});
    }
}

} // namespace streamstep
