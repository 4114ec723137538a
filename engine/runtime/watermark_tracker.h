// The global event-time watermark: Spark's WatermarkTracker (policy "min"), keeping for every
// value how it came about so reports can show the arithmetic.
#pragma once

#include <cstdint>

#include "operators/flow.h"
#include "state/state_codec.h"
#include "streamstep/engine.h"

#include <optional>
#include <string>
#include <vector>

namespace streamstep {

// One withWatermark of the plan, in plan order.
struct WatermarkSlot {
    std::string column;
    int64_t delayMs = 0;
};

class WatermarkTracker {
public:
    // The latest watermark a run can hold: operators compare it in microseconds (× 1000), so a
    // restored state or checkpoint with a later one is damaged, not a value to overflow on.
    static constexpr int64_t kMaxWatermarkMs = INT64_MAX / 1000;

    // `maxPolicy`: spark.sql.streaming.multipleWatermarkPolicy=max (the fastest operator
    // decides) instead of Spark's default min.
    explicit WatermarkTracker(std::vector<WatermarkSlot> slots, bool maxPolicy = false);

    // Spark: after a batch, each withWatermark that saw rows proposes max(eventTime) - delay,
    // kept if greater than its previous value (the first proposal is always kept); one that
    // never saw rows counts as 0. The global watermark is the minimum over operators and only
    // ever increases from 0.
    // Returns what each operator that saw rows proposed.
    std::vector<WatermarkProposal> update(const std::vector<EventTimeAccumulator> &stats, int64_t batchId);
    int64_t globalWatermarkMs() const { return m_global.watermarkMs; }
    // How the global watermark came about.
    WatermarkOrigin origin() const;
    void save(StateWriter &out) const;
    void load(StateReader &in);

private:
    struct Candidate {
        int64_t watermarkMs = 0;
        int64_t maxEventTimeMs = 0;
        int64_t batchId = -1; // -1: the 0 of an operator that has not seen rows yet
        int slot = -1;
    };
    std::vector<WatermarkSlot> m_slots;
    bool m_maxPolicy = false;
    std::vector<std::optional<Candidate>> m_operatorWatermarks;
    Candidate m_global;
};

} // namespace streamstep
