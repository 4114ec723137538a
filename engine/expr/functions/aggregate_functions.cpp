// Spark's aggregate functions (catalyst/expressions/aggregate/): their names and arities. The
// binder binds them inside groupBy aggs (bindAggregate); their per-group state and results are
// in aggregate_state.cpp.
#include "expr/function_registry.h"

namespace streamstep::expr {

void registerAggregateFunctions(FunctionRegistry &registry)
{
    const auto aggregate = [&](std::string name, std::vector<std::string> aliases, size_t maxArgs,
                               AggregateKind kind) {
        registry.add({.name = std::move(name), .aliases = std::move(aliases), .kind = FunctionKind::Aggregate,
                      .minArgs = 1, .maxArgs = maxArgs, .aggregate = kind});
    };
    aggregate("count", {}, kVariadic, AggregateKind::Count); // count(DISTINCT a, b) parses; one argument binds
    aggregate("sum", {}, 1, AggregateKind::Sum);
    aggregate("avg", {"mean"}, 1, AggregateKind::Avg);
    aggregate("min", {}, 1, AggregateKind::Min);
    aggregate("max", {}, 1, AggregateKind::Max);
    // first(x, ignoreNulls = false), last(x, ignoreNulls = false).
    aggregate("first", {"first_value"}, 2, AggregateKind::First);
    aggregate("last", {"last_value"}, 2, AggregateKind::Last);
}

} // namespace streamstep::expr
