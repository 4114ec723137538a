// A streaming aggregation with its state store: Spark's StateStoreRestoreExec +
// StateStoreSaveExec around the aggregate, with the output-mode rules of StateStoreSaveExec.
#pragma once

#include "analysis/logical_plan.h"
#include "operators/aggregation_buffers.h"
#include "operators/flow.h"
#include "operators/group_table.h"
#include "operators/operator.h"
#include "operators/scratch.h"
#include "state/state_codec.h"

#include <vector>

namespace streamstep {

class StatefulAggregate final : public AggregateOperator<StatefulAggregate> {
public:
    StatefulAggregate(const PlanNode &node, OutputMode mode);

    std::vector<uint8_t> liveInput(const std::vector<uint8_t> &liveAfter) const override;
    bool shouldRunAnotherBatch(int64_t newWatermarkMs, int64_t evictionWatermarkMs) const override;
    // Every group known to the run (in state, or evicted earlier), sorted by key.
    ResultTableView resultTable() const override;
    void saveState(StateWriter &out) const override;
    void loadState(StateReader &in) override;

private:
    // Runs one batch: updates state with the non-late input, evicts by the watermark and
    // returns the rows the operator outputs in the context's output mode.
    Flow processBatch(const Flow &input, BatchContext &context, StateOperatorReport &metrics) override;
    bool readsColumnApart(const Flow &input, const BatchContext &context) const override;
    bool indexesOrigin(const Flow &input, const BatchContext &context) const override;
    Flow processRows(const Flow &input, BatchContext &context, StateOperatorReport &metrics);
    // Sliding windows without multiplying rows: aggregates each slide-sized pane once, then
    // folds every pane into the windows that contain it (Spark's rows-per-window result, since
    // the aggregates merge exactly; see AggregationBuffers::mergesExactly).
    Flow processPanes(const Flow &input, BatchContext &context, StateOperatorReport &metrics);
    bool canAggregatePanes(const UnexpandedWindows &windows, const BatchContext &context) const;
    // Records, for Run::setExplain, the window or event time each row was judged by.
    void explainEventTimes(const Flow &input, const Column &eventKey, const std::vector<uint8_t> &rowKept,
                           BatchContext &context) const;
    // Emits, evicts and reports after the batch's rows are in state.
    Flow finishBatch(std::vector<uint32_t> &updated, BatchContext &context, StateOperatorReport &metrics);

    // The output rows (keys, then aggregates) of the given groups, in that order.
    ColumnBatch outputRows(const std::vector<uint32_t> &groups) const;
    void sortByKey(std::vector<uint32_t> &groups) const;
    // Brings m_order up to date: the groups added since are sorted and merged in, so the result
    // table does not sort every group of the state on every trigger.
    void extendOrder();
    // Which groups the current batch updated (one bit per group, cleared when a batch starts)
    // and the first group it created (groups are numbered in creation order, and eviction keeps
    // that order): all the result table's statuses and the snapshot need, so group records
    // carry no batch stamps.
    bool updatedNow(uint32_t group) const { return (m_updatedBits[group >> 6] >> (group & 63)) & 1; }
    // Marks a group updated in this batch; true when it was not yet (a new group gets its bit).
    bool markUpdated(uint32_t group)
    {
        if ((group >> 6) >= m_updatedBits.size())
            m_updatedBits.resize((group >> 6) + 1, 0);
        uint64_t &word = m_updatedBits[group >> 6];
        const uint64_t bit = uint64_t(1) << (group & 63);
        if (word & bit)
            return false;
        word |= bit;
        return true;
    }
    // Adds the group to the batch's updated groups unless it is there already.
    void noteUpdate(uint32_t group, bool inserted, std::vector<uint32_t> &updated)
    {
        if (inserted) {
            m_buffers.addGroup();
            if ((group >> 6) >= m_updatedBits.size())
                m_updatedBits.resize((group >> 6) + 1, 0);
        }
        uint64_t &word = m_updatedBits[group >> 6];
        const uint64_t bit = uint64_t(1) << (group & 63);
        if (!(word & bit)) {
            word |= bit;
            updated.push_back(group);
        }
    }

    // noteUpdate for each of a chunk's groups (new ones numbered from m_buffers.numGroups() on).
    void markGroups(const std::vector<uint32_t> &groups, std::vector<uint32_t> &updated);

    // The event time (µs) a group is judged by: its window's end or its timestamp key.
    std::optional<int64_t> eventTimeOf(uint32_t group) const;
    int64_t estimateBytes() const;

    const AggregateNode &m_spec;
    OutputMode m_mode;
    int m_eventKey = -1; // the watermarked key, -1 if none
    bool m_readsPlainColumns = true; // every key and argument is a column of the input
    GroupTable m_groups;
    AggregationBuffers m_buffers;
    // Every group numbered below m_orderedCount, sorted by key.
    std::vector<uint32_t> m_order;
    size_t m_orderedCount = 0;
    // Appends evicted groups' output rows (in key order) to m_evicted, keeping it in key order.
    void appendEvicted(const ColumnBatch &rows);
    void sortEvicted(const std::vector<uint32_t> &order);

    // Groups evicted earlier, as output rows in key order (kept for the result table only).
    ColumnBatch m_evicted;
    std::vector<int64_t> m_evictedBatch;
    std::vector<uint64_t> m_updatedBits;
    size_t m_createdFrom = 0;

    // The key and argument columns of a batch, evaluated once (plain column references in place).
    struct EvaluatedInput {
        std::vector<Column> storage;
        std::vector<const Column *> keys;
        std::vector<const Column *> arguments; // per call, null for count(*)

        // Evaluates them over the flow (forgetting the last batch's).
        void evaluate(const AggregateNode &node, const Flow &flow, const expr::EvalContext &eval);
        // Lets go of the evaluated columns (keeping the vectors' capacity).
        void release()
        {
            storage.clear();
            keys.clear();
            arguments.clear();
        }
    };
    // A batch's working memory (see Scratch): kept, a trigger of a few rows allocates none.
    struct BatchBuffers {
        EvaluatedInput input;
        std::vector<uint64_t> hashes;
        std::vector<uint64_t> packedKeys;
        std::vector<uint32_t> rows;
        std::vector<uint32_t> groups;
        std::vector<uint32_t> updated;
        std::vector<uint32_t> evicted;
        std::vector<uint32_t> all; // complete mode: every group, in their numbering
        std::vector<uint8_t> nullChecks;
    };
    Scratch<BatchBuffers> m_scratch;
};

} // namespace streamstep
