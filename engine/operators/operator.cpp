#include "operators/operator.h"

#include "operators/deduplicate.h"
#include "operators/session_window_aggregate.h"
#include "operators/stateful_aggregate.h"
#include "operators/stateless_operators.h"

namespace streamstep {

namespace {

template <class... F> struct Overloaded : F... {
    using F::operator()...;
};
template <class... F> Overloaded(F...) -> Overloaded<F...>;

} // namespace

std::unique_ptr<Operator> makeOperator(const PlanNode &node, const CompiledQuery &query)
{
    const OutputMode mode = query.outputMode;
    return std::visit(
        Overloaded{
            [&](const WatermarkNode &) -> std::unique_ptr<Operator> { return std::make_unique<WatermarkOperator>(node); },
            [&](const FilterNode &) -> std::unique_ptr<Operator> { return std::make_unique<FilterOperator>(node); },
            [&](const ProjectNode &) -> std::unique_ptr<Operator> { return std::make_unique<ProjectOperator>(node); },
            [&](const TimeWindowNode &) -> std::unique_ptr<Operator> { return std::make_unique<TimeWindowOperator>(node); },
            [&](const AggregateNode &) -> std::unique_ptr<Operator> { return std::make_unique<StatefulAggregate>(node, mode); },
            [&](const SessionWindowAggregateNode &) -> std::unique_ptr<Operator> {
                return std::make_unique<SessionWindowAggregate>(node, mode);
            },
            [&](const DeduplicateNode &) -> std::unique_ptr<Operator> { return std::make_unique<Deduplicate>(node); },
        },
        node.spec);
}

std::vector<std::unique_ptr<Operator>> cloneOperators(const std::vector<std::unique_ptr<Operator>> &operators)
{
    std::vector<std::unique_ptr<Operator>> copies;
    copies.reserve(operators.size());
    for (const auto &op : operators)
        copies.push_back(op->clone());
    return copies;
}

} // namespace streamstep
