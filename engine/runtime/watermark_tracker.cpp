#include "runtime/watermark_tracker.h"

#include <algorithm>

namespace streamstep {

void WatermarkTracker::update(const std::vector<int64_t> &delaysMs,
                              const std::vector<EventTimeAccumulator> &stats)
{
    if (m_operatorWatermarks.empty())
        return;
    for (size_t i = 0; i < m_operatorWatermarks.size(); ++i) {
        if (stats[i].count > 0) {
            const int64_t candidate = stats[i].maxMs - delaysMs[i];
            if (!m_operatorWatermarks[i] || candidate > *m_operatorWatermarks[i])
                m_operatorWatermarks[i] = candidate;
        } else if (!m_operatorWatermarks[i]) {
            m_operatorWatermarks[i] = 0;
        }
    }
    int64_t chosen = *m_operatorWatermarks[0];
    for (const auto &w : m_operatorWatermarks)
        chosen = std::min(chosen, *w);
    if (chosen > m_globalMs)
        m_globalMs = chosen;
}

void WatermarkTracker::save(StateWriter &out) const
{
    out.writeI64(m_globalMs);
    out.writeI64(static_cast<int64_t>(m_operatorWatermarks.size()));
    for (const auto &w : m_operatorWatermarks) {
        out.writeU8(w ? 1 : 0);
        out.writeI64(w.value_or(0));
    }
}

void WatermarkTracker::load(StateReader &in)
{
    m_globalMs = in.readI64();
    if (in.readI64() != static_cast<int64_t>(m_operatorWatermarks.size()))
        throw Error(ErrorKind::Runtime, "state snapshot has another number of watermarks");
    for (auto &w : m_operatorWatermarks) {
        const bool has = in.readU8() != 0;
        const int64_t value = in.readI64();
        w = has ? std::optional<int64_t>(value) : std::nullopt;
    }
}

} // namespace streamstep
