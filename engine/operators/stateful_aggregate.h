// A streaming aggregation with its state store: Spark's StateStoreRestoreExec +
// StateStoreSaveExec around the aggregate, with the output-mode rules of StateStoreSaveExec.
#pragma once

#include "analysis/logical_plan.h"
#include "operators/flow.h"
#include "state/state_codec.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace streamstep {

struct OperatorMetrics {
    int64_t numRowsTotal = 0;
    int64_t numRowsUpdated = 0;
    int64_t numRowsRemoved = 0;
    int64_t numRowsDroppedByWatermark = 0;
    int64_t memoryUsedBytes = 0;
};

// What the app shows as the result table of an aggregation.
struct ResultTableView {
    ColumnBatch rows;
    std::vector<ResultRowStatus> statuses;
};

class StatefulAggregate {
public:
    explicit StatefulAggregate(const PlanNode *node) : m_node(node) {}

    // Runs one batch: updates state with the non-late input, evicts by the watermark and
    // returns the rows the operator outputs in the context's output mode.
    Flow process(const Flow &input, BatchContext &context, OperatorMetrics &metrics);
    // Every group known to the run (in state, or evicted earlier), sorted by key.
    ResultTableView resultTable() const;
    void save(StateWriter &out) const;
    void load(StateReader &in);

private:
    struct Group {
        std::vector<Value> key;
        std::vector<std::vector<expr::AggregateState>> states; // per output aggregate, per call
        std::optional<int64_t> eventTime; // of the watermarked key, for late checks and eviction
        int64_t lastUpdatedBatch = -1;
        int64_t createdBatch = -1;
    };
    struct EvictedGroup {
        std::vector<Value> key;
        std::vector<Value> values;
        int64_t evictedBatch = -1;
    };

    std::vector<Value> finalValues(const Group &group) const;
    void appendOutput(ColumnBatch &out, const std::vector<Value> &key,
                      const std::vector<Value> &values) const;
    int64_t estimateBytes() const;

    const PlanNode *m_node;
    std::unordered_map<std::string, Group> m_groups;
    std::vector<EvictedGroup> m_evicted;
    int64_t m_batch = -1;
};

} // namespace streamstep
