#include "runtime/watermark_tracker.h"

#include <algorithm>
#include <limits>

namespace streamstep {

WatermarkTracker::WatermarkTracker(std::vector<WatermarkSlot> slots, bool maxPolicy)
    : m_slots(std::move(slots)), m_maxPolicy(maxPolicy), m_operatorWatermarks(m_slots.size())
{
}

std::vector<WatermarkProposal> WatermarkTracker::update(const std::vector<EventTimeAccumulator> &stats,
                                                        int64_t batchId)
{
    std::vector<WatermarkProposal> proposals;
    if (m_operatorWatermarks.empty())
        return proposals;
    for (size_t i = 0; i < m_operatorWatermarks.size(); ++i) {
        auto &current = m_operatorWatermarks[i];
        if (stats[i].count > 0) {
            // A delay of millions of years would overflow: such a watermark is as far back as
            // the clock goes, which never raises the global watermark (it starts at 0).
            int64_t candidate = 0;
            if (__builtin_sub_overflow(stats[i].maxMs, m_slots[i].delayMs, &candidate))
                candidate = std::numeric_limits<int64_t>::min();
            const bool raised = !current || candidate > current->watermarkMs;
            proposals.push_back({static_cast<int>(i), stats[i].maxMs, m_slots[i].delayMs, candidate, raised});
            if (raised)
                current = Candidate{candidate, stats[i].maxMs, batchId, static_cast<int>(i)};
        } else if (!current) {
            current = Candidate{0, 0, -1, static_cast<int>(i)};
        }
    }
    const Candidate *chosen = &*m_operatorWatermarks[0];
    for (const auto &w : m_operatorWatermarks)
        if (m_maxPolicy ? w->watermarkMs > chosen->watermarkMs : w->watermarkMs < chosen->watermarkMs)
            chosen = &*w;
    if (chosen->watermarkMs > m_global.watermarkMs)
        m_global = *chosen;
    return proposals;
}

WatermarkOrigin WatermarkTracker::origin() const
{
    WatermarkOrigin origin;
    if (m_global.batchId < 0 || m_global.slot < 0)
        return origin;
    const WatermarkSlot &slot = m_slots[static_cast<size_t>(m_global.slot)];
    origin.setByBatch = m_global.batchId;
    origin.operatorIndex = m_global.slot;
    origin.eventTimeColumn = slot.column;
    origin.maxEventTimeMs = m_global.maxEventTimeMs;
    origin.delayMs = slot.delayMs;
    return origin;
}

namespace {

void writeCandidate(StateWriter &out, int64_t watermarkMs, int64_t maxEventTimeMs, int64_t batchId, int slot)
{
    out.writeI64(watermarkMs);
    out.writeI64(maxEventTimeMs);
    out.writeI64(batchId);
    out.writeI64(slot);
}

} // namespace

void WatermarkTracker::save(StateWriter &out) const
{
    writeCandidate(out, m_global.watermarkMs, m_global.maxEventTimeMs, m_global.batchId, m_global.slot);
    out.writeI64(static_cast<int64_t>(m_operatorWatermarks.size()));
    for (const auto &w : m_operatorWatermarks) {
        out.writeU8(w ? 1 : 0);
        if (w)
            writeCandidate(out, w->watermarkMs, w->maxEventTimeMs, w->batchId, w->slot);
    }
}

void WatermarkTracker::load(StateReader &in)
{
    const auto readCandidate = [&](int64_t numSlots) {
        Candidate c;
        c.watermarkMs = in.readI64();
        c.maxEventTimeMs = in.readI64();
        c.batchId = in.readI64();
        const int64_t slot = in.readI64();
        if (c.watermarkMs > kMaxWatermarkMs || c.maxEventTimeMs > kMaxWatermarkMs || c.maxEventTimeMs < -kMaxWatermarkMs)
            throw Error(ErrorKind::Runtime, "state snapshot is damaged (a watermark out of range)");
        if (slot < -1 || slot >= numSlots)
            throw Error(ErrorKind::Runtime, "state snapshot names a watermark the query does not have");
        c.slot = static_cast<int>(slot);
        return c;
    };
    const int64_t numSlots = static_cast<int64_t>(m_slots.size());
    m_global = readCandidate(numSlots);
    if (m_global.watermarkMs < 0 || m_global.watermarkMs > kMaxWatermarkMs)
        throw Error(ErrorKind::Runtime, "state snapshot is damaged (a watermark out of range)");
    if (in.readI64() != numSlots)
        throw Error(ErrorKind::Runtime, "state snapshot has another number of watermarks");
    for (auto &w : m_operatorWatermarks)
        w = in.readU8() != 0 ? std::optional<Candidate>(readCandidate(numSlots)) : std::nullopt;
}

} // namespace streamstep
