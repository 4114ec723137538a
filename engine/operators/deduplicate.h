// dropDuplicates with its state store: Spark's StreamingDeduplicateExec.
#pragma once

#include "analysis/logical_plan.h"
#include "operators/flow.h"
#include "state/state_codec.h"
#include "operators/stateful_aggregate.h"

#include <string>
#include <unordered_map>

namespace streamstep {

class Deduplicate {
public:
    explicit Deduplicate(const PlanNode *node) : m_node(node) {}

    // Drops late rows (event-time column <= watermark, even when it is not a key), passes the
    // first row of each new key, and evicts keys by the watermark when a key is the event time.
    Flow process(const Flow &input, BatchContext &context, OperatorMetrics &metrics);
    void save(StateWriter &out) const;
    void load(StateReader &in);

private:
    const PlanNode *m_node;
    std::unordered_map<std::string, std::optional<int64_t>> m_keys; // key -> event time
};

} // namespace streamstep
