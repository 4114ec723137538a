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

class FilterOperator final : public OperatorBase<FilterOperator> {
public:
    explicit FilterOperator(const PlanNode &node) : OperatorBase(node) {}
    StepPhase phase() const override { return StepPhase::Filter; }
    std::vector<uint8_t> liveInput(const std::vector<uint8_t> &liveAfter) const override;
    Flow process(Flow &input, BatchContext &context) override;
    std::optional<std::vector<int>> displayKeysAfter(const std::vector<int> &keys) const override { return keys; }
    bool transformsResultTable() const override { return true; }
    Flow transformResultTable(Flow &rows, BatchContext &context) override;
};

class ProjectOperator final : public OperatorBase<ProjectOperator> {
public:
    explicit ProjectOperator(const PlanNode &node) : OperatorBase(node) {}
    StepPhase phase() const override { return StepPhase::Project; }
    std::vector<uint8_t> liveInput(const std::vector<uint8_t> &liveAfter) const override;
    Flow process(Flow &input, BatchContext &context) override;
    // The keys' places among the projections that are plain references to them.
    std::optional<std::vector<int>> displayKeysAfter(const std::vector<int> &keys) const override;
    bool transformsResultTable() const override { return true; }
    Flow transformResultTable(Flow &rows, BatchContext &context) override;
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

// The operators' work as functions of their plan node, for tests that compare the operators'
// borrowed and pruned paths with a generic one.
// These three consume their input: its columns move into the result (filtered in place)
// instead of being copied, since callers replace their flow with the result. A borrowed input
// (Flow::borrowed) is only read: the result owns copies of what it keeps.

// Keeps rows for which every conjunct is true (NULL counts as false). `liveAfter` (optional,
// one flag per column) names the columns later operators read; the others may come out pruned
// (see isPruned) instead of being filtered.
Flow applyFilter(const PlanNode &node, Flow &input, BatchContext &context,
                 const std::vector<uint8_t> *liveAfter = nullptr);
Flow applyProject(const PlanNode &node, Flow &input, BatchContext &context,
                  const std::vector<uint8_t> *liveAfter = nullptr);
// Adds the window column; a row appears once per window containing its timestamp (sliding
// windows whose length is a multiple of the slide are left unexpanded, see Flow); rows with a
// NULL timestamp are removed. `apart`: a borrowed input stays borrowed and the window column is
// written to *apart (its storage reused) and carried apart (Flow::appended) when no row is removed.
Flow assignTimeWindows(const PlanNode &node, Flow &input, BatchContext &context, Column *apart = nullptr);

void markFates(const Flow &before, const std::vector<uint32_t> &keptRows, InputRowFate fate,
               BatchContext &context);

} // namespace streamstep
