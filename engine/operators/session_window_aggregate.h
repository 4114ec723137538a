// A streaming aggregation grouped by session_window(ts, gap) and other keys: Spark's
// SessionWindowStateStoreRestoreExec + MergingSessionsExec + SessionWindowStateStoreSaveExec.
#pragma once

#include "analysis/logical_plan.h"
#include "operators/flow.h"
#include "state/state_codec.h"
#include "operators/operator.h"

#include <map>
#include <string>
#include <vector>

namespace streamstep {

class SessionWindowAggregate final : public AggregateOperator<SessionWindowAggregate> {
public:
    SessionWindowAggregate(const PlanNode &node, OutputMode mode)
        : AggregateOperator(node, "sessionWindowStateStoreSaveExec"), m_spec(node.get<SessionWindowAggregateNode>()), m_mode(mode)
    {
    }

    bool shouldRunAnotherBatch(int64_t newWatermarkMs, int64_t evictionWatermarkMs) const override;
    ResultTableView resultTable() const override;
    void saveState(StateWriter &out) const override;
    void loadState(StateReader &in) override;

private:
    // Drops rows whose own session [ts, ts + gap) ends at or before the watermark, merges the
    // rest with the stored sessions of their key (sessions that overlap or touch merge), then
    // emits (append: evicted sessions; complete: all sessions).
    Flow processBatch(const Flow &input, BatchContext &context, StateOperatorReport &metrics) override;

    struct Session {
        int64_t start = 0;
        int64_t end = 0;
        std::vector<std::vector<expr::AggregateState>> states;
        int64_t lastUpdatedBatch = -1;
        int64_t createdBatch = -1;
    };
    struct KeyGroup {
        std::vector<Value> otherKeys; // grouping keys without the session window, in order
        std::vector<Session> sessions; // sorted by start, disjoint
    };
    struct Evicted {
        std::vector<Value> key;
        std::vector<Value> values;
        int64_t evictedBatch = -1;
    };

    std::vector<Value> outputKey(const KeyGroup &group, const Session &session) const;
    std::vector<Value> finalValues(const KeyGroup &group, const Session &session) const;
    void mergeInto(Session &into, const Session &from) const;

    const SessionWindowAggregateNode &m_spec;
    OutputMode m_mode;
    std::map<std::string, KeyGroup> m_groups;
    std::vector<Evicted> m_evicted;
};

} // namespace streamstep
