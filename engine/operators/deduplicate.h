// dropDuplicates with its state store: Spark's StreamingDeduplicateExec.
#pragma once

#include "analysis/logical_plan.h"
#include "operators/flow.h"
#include "state/state_codec.h"
#include "operators/operator.h"

#include <string>
#include <unordered_map>

namespace streamstep {

class Deduplicate final : public OperatorBase<Deduplicate> {
public:
    explicit Deduplicate(const PlanNode &node) : OperatorBase(node), m_spec(node.get<DeduplicateNode>()) {}

    StepPhase phase() const override { return StepPhase::Deduplicate; }
    double workUnits() const override { return 2; }
    // Drops late rows (event-time column <= watermark, even when it is not a key), passes the
    // first row of each new key, and evicts keys by the watermark when a key is the event time.
    Flow process(Flow &input, BatchContext &context) override;

    bool isStateful() const override { return true; }
    // Spark: StreamingDeduplicateExec, in every mode it runs in.
    bool shouldRunAnotherBatch(int64_t newWatermarkMs, int64_t evictionWatermarkMs) const override
    {
        return newWatermarkMs > evictionWatermarkMs;
    }
    StateOperatorReport stateReport() const override { return m_metrics; }
    void saveState(StateWriter &out) const override;
    void loadState(StateReader &in) override;

private:
    Flow processBatch(const Flow &input, BatchContext &context, StateOperatorReport &metrics);

    const DeduplicateNode &m_spec;
    StateOperatorReport m_metrics;
    std::unordered_map<std::string, std::optional<int64_t>> m_keys; // key -> event time
};

} // namespace streamstep
