// Spark's time window functions, window() and session_window(): registered so the binder knows
// their names, but they are planner-level (analysis/planner.cpp turns each call into a window
// assignment node before binding, as Spark's ResolveTimeWindows rewrites them).
#include "expr/function_registry.h"

namespace streamstep::expr {

void registerWindowFunctions(FunctionRegistry &registry)
{
    registry.add({.name = "window", .kind = FunctionKind::Planner, .minArgs = 2, .maxArgs = 4});
    registry.add({.name = "session_window", .kind = FunctionKind::Planner, .minArgs = 2, .maxArgs = 2});
}

} // namespace streamstep::expr
