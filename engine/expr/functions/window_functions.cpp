// Spark's time window functions, window() and session_window(): registered so the binder knows
// their names, but they are planner-level (analysis/planner.cpp turns each call into a window
// assignment node before binding, as Spark's ResolveTimeWindows rewrites them). window_time() is
// an ordinary scalar function.
#include "expr/expr_node.h"
#include "expr/function_registry.h"
#include "expr/kernel.h"

namespace streamstep::expr {

namespace {

// Spark's WindowTime (ResolveWindowTime): a window struct's end minus one microsecond, the last
// instant inside the half-open window; as a time column it keeps the window's event-time marker
// (binder.cpp outputField), so a second aggregation can window it in append mode.
NodePtr bindWindowTime(const FunctionCall &call)
{
    if (call.arg(0)->type.kind != TypeKind::Window)
        call.unexpectedInput(0, "\"STRUCT\"");
    return call.make(DataType::timestamp(), {call.arg(0)});
}

void windowTimeKernel(const ExprNode &, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    const Column &w = in[0];
    out.setNulls(w.nulls());
    for (size_t i = 0; i < out.size(); ++i)
        out.ints()[i] = w.nulls()[i] ? 0 : w.ends()[i] - 1;
}

} // namespace

void registerWindowFunctions(FunctionRegistry &registry)
{
    registry.add({.name = "window", .kind = FunctionKind::Planner, .minArgs = 2, .maxArgs = 4});
    registry.add({.name = "session_window", .kind = FunctionKind::Planner, .minArgs = 2, .maxArgs = 2});
    registry.add({.name = "window_time", .minArgs = 1, .maxArgs = 1, .bind = bindWindowTime,
                  .kernel = windowTimeKernel});
}

} // namespace streamstep::expr
