// The global event-time watermark: Spark's WatermarkTracker (policy "min").
#pragma once

#include "operators/stateless_operators.h"
#include "state/state_codec.h"

#include <optional>
#include <vector>

namespace streamstep {

class WatermarkTracker {
public:
    explicit WatermarkTracker(int numWatermarkOperators)
        : m_operatorWatermarks(static_cast<size_t>(numWatermarkOperators))
    {
    }

    // Spark: after a batch, each withWatermark that saw rows proposes max(eventTime) - delay,
    // kept if greater than its previous value (the first proposal is always kept); one that
    // never saw rows counts as 0. The global watermark is the minimum over operators and only
    // ever increases from 0.
    void update(const std::vector<int64_t> &delaysMs, const std::vector<EventTimeAccumulator> &stats);
    int64_t globalWatermarkMs() const { return m_globalMs; }
    void save(StateWriter &out) const;
    void load(StateReader &in);

private:
    std::vector<std::optional<int64_t>> m_operatorWatermarks;
    int64_t m_globalMs = 0;
};

} // namespace streamstep
