// The one contract every physical operator of a run keeps (Velox's Operator, Spark's SparkPlan
// with StateStoreWriter for the stateful ones): the batch runner loops over operators through it
// and never asks which kind an operator is. An Operator belongs to one Run: it reads its
// immutable PlanNode (shared by every run of the query) and owns the run's state of that node.
#pragma once

#include "analysis/logical_plan.h"
#include "operators/flow.h"
#include "state/state_codec.h"
#include "streamstep/engine.h"

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace streamstep {

// What the app shows as the result table of an aggregation. Groups the watermark evicted stay in
// it (marked Evicted) for this many batches after their eviction, so a lesson shows what was
// finalised while a run of 10,000 triggers keeps neither the run nor its reports growing with
// every group it ever evicted.
inline constexpr int64_t kEvictedBatchesShown = 100;

// The largest batch id a state snapshot may carry (2^53, far beyond any run): a snapshot from a
// stranger with a batch id near INT64_MAX made `batch + kEvictedBatchesShown` overflow (UBSan,
// fuzz_state_snapshot). A batch a snapshot names (updated, created, evicted) lies in [-1, current].
inline constexpr int64_t kMaxSnapshotBatchId = int64_t(1) << 53;
inline bool snapshotBatchInRange(int64_t batch, int64_t current) { return batch >= -1 && batch <= current; }
// A run therefore never runs a batch with this id or a later one (Error(Runtime)): its saved state
// could not be restored (the next batch id would be beyond the limit).

struct ResultTableView {
    ColumnBatch rows;
    std::vector<ResultRowStatus> statuses;
};

class Operator {
public:
    explicit Operator(const PlanNode &node) : m_node(&node) {}
    virtual ~Operator() = default;

    // A copy that continues independently (Run copies, and a step's undo copy).
    virtual std::unique_ptr<Operator> clone() const = 0;
    const PlanNode &node() const { return *m_node; }

    // What the progress bar says while this operator runs, and its share of a batch's work.
    virtual StepPhase phase() const = 0;
    virtual double workUnits() const { return 1; }

    // Column pruning, as Spark's optimizer does it: which columns of its input this operator or
    // any later one reads, given the columns read after it (one flag per column of its output).
    // An operator that passes whole rows on keeps them all.
    virtual std::vector<uint8_t> liveInput(const std::vector<uint8_t> &liveAfter) const
    {
        (void)liveAfter;
        return std::vector<uint8_t>(m_node->input.size(), 1);
    }
    // Told once, before the first batch: the columns later operators read (see liveInput).
    void setLiveColumns(std::vector<uint8_t> liveIn, std::vector<uint8_t> liveAfter)
    {
        m_liveIn = std::move(liveIn);
        m_liveAfter = std::move(liveAfter);
    }

    // Runs one batch: consumes `input` (its columns may move into the result) and returns what
    // the operator outputs.
    virtual Flow process(Flow &input, BatchContext &context) = 0;

    // Where the columns that order its input for display (Flow::displayKeys) are in its output,
    // when it keeps its rows' relative order and passes those columns on unchanged (a filter, a
    // projection keeping them); nullopt (the default): its input is put in display order first,
    // since its output depends on the rows' order or loses the keys.
    virtual std::optional<std::vector<int>> displayKeysAfter(const std::vector<int> &keys) const
    {
        (void)keys;
        return std::nullopt;
    }

    // Whether the result table of an earlier aggregation passes through this operator (a
    // filter or projection after the aggregate); then process() is applied to its rows too.
    virtual bool transformsResultTable() const { return false; }
    virtual Flow transformResultTable(Flow &rows, BatchContext &context) { return process(rows, context); }

    // ---- Stateful operators (Spark's StateStoreWriter); stateless ones keep the defaults. ----
    virtual bool isStateful() const { return false; }
    // Spark's shouldRunAnotherBatch(newInputWatermark): whether a no-data batch with the new
    // watermark would change this operator's output or state. `evictionWatermarkMs` is the
    // watermark this operator evicted with in the last batch.
    virtual bool shouldRunAnotherBatch(int64_t newWatermarkMs, int64_t evictionWatermarkMs) const
    {
        (void)newWatermarkMs;
        (void)evictionWatermarkMs;
        return false;
    }
    // Spark's progress.stateOperators entry for the last batch (operatorName as Spark names it).
    virtual StateOperatorReport stateReport() const { return {}; }
    // The rows of the query's result table this operator keeps (aggregations): every group known
    // to the run, with what the last batch did to it.
    virtual bool hasResultTable() const { return false; }
    virtual ResultTableView resultTable() const { return {}; }
    // The operator's state for a restart: loadState() reads exactly what saveState() wrote.
    virtual void saveState(StateWriter &out) const { (void)out; }
    virtual void loadState(StateReader &in) { (void)in; }
    // The last batch the operator's state counted (-1: none, or an operator that counts none).
    // A run restores only a snapshot whose operators are not ahead of the run's own batch id.
    virtual int64_t stateBatch() const { return -1; }

protected:
    const std::vector<uint8_t> &liveIn() const { return m_liveIn; }
    const std::vector<uint8_t> &liveAfter() const { return m_liveAfter; }

private:
    const PlanNode *m_node;
    std::vector<uint8_t> m_liveIn;
    std::vector<uint8_t> m_liveAfter;
};

// Gives an operator class its clone() (a plain copy).
template <class Derived> class OperatorBase : public Operator {
public:
    using Operator::Operator;
    std::unique_ptr<Operator> clone() const override
    {
        return std::make_unique<Derived>(static_cast<const Derived &>(*this));
    }
};

// Gives a stateful operator the part of Spark's StateStoreWriter every one shares: a fresh
// progress entry per batch under Spark's operator name, and rows that index their origin.
template <class Derived> class StatefulOperator : public OperatorBase<Derived> {
public:
    StatefulOperator(const PlanNode &node, const char *sparkName) : OperatorBase<Derived>(node), m_sparkName(sparkName) {}

    Flow process(Flow &input, BatchContext &context) final
    {
        m_metrics = StateOperatorReport{};
        m_metrics.operatorName = m_sparkName;
        if (input.appended && !readsColumnApart(input, context)) // see Flow::appended
            input.own(this->liveIn().empty() ? nullptr : &this->liveIn());
        if (indexesOrigin(input, context))
            input.fillOrigin(); // stateful operators index the origin directly
        return processBatch(input, context, m_metrics);
    }
    bool isStateful() const final { return true; }
    StateOperatorReport stateReport() const final { return m_metrics; }

protected:
    // Runs one batch, adding to `metrics` what Spark's progress reports for it.
    virtual Flow processBatch(const Flow &input, BatchContext &context, StateOperatorReport &metrics) = 0;
    // Whether processBatch reads this input with its column apart (Flow::appended) through
    // Flow::column, never Flow::rows; else the input is made an ordinary flow first.
    virtual bool readsColumnApart(const Flow &input, const BatchContext &context) const
    {
        (void)input;
        (void)context;
        return false;
    }

    // Whether processBatch may index input.origin in this batch (then it is made explicit
    // first); one that reads it only for some batches says so and saves a pass per batch.
    virtual bool indexesOrigin(const Flow &input, const BatchContext &context) const
    {
        (void)input;
        (void)context;
        return true;
    }

private:
    const char *m_sparkName;
    StateOperatorReport m_metrics;
};

// What the two streaming aggregations (StatefulAggregate, SessionWindowAggregate) answer alike:
// they run in the Aggregate phase at three work units, show a result table, and their state
// is that of the batch they last ran.
template <class Derived> class AggregateOperator : public StatefulOperator<Derived> {
public:
    using StatefulOperator<Derived>::StatefulOperator;

    StepPhase phase() const override { return StepPhase::Aggregate; }
    double workUnits() const override { return 3; }
    bool hasResultTable() const override { return true; }
    int64_t stateBatch() const override { return m_batch; }

protected:
    int64_t m_batch = -1;
};

// Makes the operator a plan node runs as (the one place that maps node kinds to operators).
std::unique_ptr<Operator> makeOperator(const PlanNode &node, const CompiledQuery &query);

// Operator::clone for a whole plan.
std::vector<std::unique_ptr<Operator>> cloneOperators(const std::vector<std::unique_ptr<Operator>> &operators);

} // namespace streamstep
