// dropDuplicates with its state store: Spark's StreamingDeduplicateExec.
#pragma once

#include "analysis/logical_plan.h"
#include "operators/flow.h"
#include "state/state_codec.h"
#include "operators/operator.h"

#include <string>
#include <unordered_map>

namespace streamstep {

class Deduplicate final : public StatefulOperator<Deduplicate> {
public:
    explicit Deduplicate(const PlanNode &node) : StatefulOperator(node, "dedupe"), m_spec(node.get<DeduplicateNode>()) {}

    StepPhase phase() const override { return StepPhase::Deduplicate; }
    double workUnits() const override { return 2; }
    // Spark: StreamingDeduplicateExec, in every mode it runs in.
    bool shouldRunAnotherBatch(int64_t newWatermarkMs, int64_t evictionWatermarkMs) const override
    {
        return newWatermarkMs > evictionWatermarkMs;
    }
    void saveState(StateWriter &out) const override;
    void loadState(StateReader &in) override;

private:
    // Drops late rows (event-time column <= watermark, even when it is not a key), passes the
    // first row of each new key, and evicts keys by the watermark when a key is the event time.
    Flow processBatch(const Flow &input, BatchContext &context, StateOperatorReport &metrics) override;

    const DeduplicateNode &m_spec;
    struct Seen {
        std::optional<int64_t> eventTime; // kept for eviction when a key is the event time
        int64_t firstBatchId = -1;        // where the key first arrived (for explanations)
        int64_t firstRow = -1;            // …and its input row in that batch
    };
    std::unordered_map<std::string, Seen> m_keys;
};

} // namespace streamstep
