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
            [&](const TimeWindowNode &) -> std::unique_ptr<Operator> {
                bool feedsAggregate = false; // the node after it in the (bottom-up) plan
                for (size_t i = 0; i + 1 < query.nodes.size(); ++i)
                    if (&query.nodes[i] == &node)
                        feedsAggregate = query.nodes[i + 1].is<AggregateNode>();
                return std::make_unique<TimeWindowOperator>(node, feedsAggregate);
            },
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
