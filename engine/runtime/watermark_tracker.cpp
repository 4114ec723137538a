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

} // namespace streamstep
