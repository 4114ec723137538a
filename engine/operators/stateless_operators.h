// The operators without state: they map one batch to another. Spark: EventTimeWatermarkExec
// (which only observes event times), FilterExec, ProjectExec, and the Project/Expand + Filter
// of ResolveTimeWindows.
#pragma once

#include "analysis/logical_plan.h"
#include "operators/flow.h"
#include "operators/operator.h"
#include "operators/scratch.h"
#include "streamstep/engine.h"

namespace streamstep {

// Spark: EventTimeWatermarkExec — records the event time of every row passing it (its
// EventTimeStats); the first one also notes each input row's event time for the report.
class WatermarkOperator final : public OperatorBase<WatermarkOperator> {
public:
    explicit WatermarkOperator(const PlanNode &node);
    StepPhase phase() const override { return StepPhase::Watermark; }
    std::vector<uint8_t> liveInput(const std::vector<uint8_t> &liveAfter) const override;
    Flow process(Flow &input, BatchContext &context) override;

private:
    const WatermarkNode &m_spec;
};

// The operators' work as functions of their plan node, for tests that compare the operators'
// borrowed and pruned paths with a generic one.
// These (and assignTimeWindows below) consume their input: its columns move into the result
// (filtered in place) instead of being copied, since callers replace their flow with the result.
// A borrowed input (Flow::borrowed) is only read: the result owns copies of what it keeps.

// Keeps rows for which every conjunct is true (NULL counts as false). `liveAfter` (optional,
// one flag per column) names the columns later operators read; the others may come out pruned
// (see isPruned) instead of being filtered.
Flow applyFilter(const PlanNode &node, Flow &input, BatchContext &context,
                 const std::vector<uint8_t> *liveAfter = nullptr);
Flow applyProject(const PlanNode &node, Flow &input, BatchContext &context,
                  const std::vector<uint8_t> *liveAfter = nullptr);

// Spark's FilterExec and ProjectExec: `Apply` maps their input, and the same way the result table
// a stateful operator before them keeps (every column of it); they differ in the columns they read.
template <class Derived, StepPhase Phase,
          Flow (*Apply)(const PlanNode &, Flow &, BatchContext &, const std::vector<uint8_t> *)>
class RowMappingOperator : public OperatorBase<Derived> {
public:
    explicit RowMappingOperator(const PlanNode &node) : OperatorBase<Derived>(node) {}
    StepPhase phase() const override { return Phase; }
    Flow process(Flow &input, BatchContext &context) override
    {
        return Apply(this->node(), input, context, &this->liveAfter());
    }
    bool transformsResultTable() const override { return true; }
    Flow transformResultTable(Flow &rows, BatchContext &context) override
    {
        return Apply(this->node(), rows, context, nullptr);
    }
};

class FilterOperator final : public RowMappingOperator<FilterOperator, StepPhase::Filter, applyFilter> {
public:
    using RowMappingOperator::RowMappingOperator;
    std::vector<uint8_t> liveInput(const std::vector<uint8_t> &liveAfter) const override;
    // A filter keeps its rows' order and every column.
    std::optional<std::vector<int>> displayKeysAfter(const std::vector<int> &keys) const override { return keys; }
};

class ProjectOperator final : public RowMappingOperator<ProjectOperator, StepPhase::Project, applyProject> {
public:
    using RowMappingOperator::RowMappingOperator;
    std::vector<uint8_t> liveInput(const std::vector<uint8_t> &liveAfter) const override;
    // The keys' places among the projections that are plain references to them.
    std::optional<std::vector<int>> displayKeysAfter(const std::vector<int> &keys) const override;
};

class TimeWindowOperator final : public OperatorBase<TimeWindowOperator> {
public:
    // feedsAggregate: the next operator is a StatefulAggregate, which reads a borrowed flow
    // with the window column apart (Flow::appended), so the borrowed input needs no copy.
    TimeWindowOperator(const PlanNode &node, bool feedsAggregate) : OperatorBase(node), m_feedsAggregate(feedsAggregate) {}
    StepPhase phase() const override { return StepPhase::Window; }
    std::vector<uint8_t> liveInput(const std::vector<uint8_t> &liveAfter) const override;
    Flow process(Flow &input, BatchContext &context) override;

private:
    bool m_feedsAggregate = false;
    // The window column a borrowed flow carries apart (Flow::appended), valid until the next
    // batch; a copy of the operator starts without one.
    Scratch<Column> m_window;
};

// The time-window operator's work as a function of its plan node (like applyFilter and
// applyProject above, for tests; it consumes its input the same way).
// Adds the window column; a row appears once per window containing its timestamp (sliding
// windows whose length is a multiple of the slide are left unexpanded, see Flow); rows with a
// NULL timestamp are removed. `apart`: a borrowed input stays borrowed and the window column is
// written to *apart (its storage reused) and carried apart (Flow::appended) when no row is removed.
Flow assignTimeWindows(const PlanNode &node, Flow &input, BatchContext &context, Column *apart = nullptr);

void markFates(const Flow &before, const std::vector<uint32_t> &keptRows, InputRowFate fate,
               BatchContext &context);

} // namespace streamstep
