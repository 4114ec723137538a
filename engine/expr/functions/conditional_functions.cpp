// Spark's conditional expressions: coalesce (nullExpressions.scala), a registry function, and the
// kernel of CASE WHEN (conditionalExpressions.scala), an operator of the binder since its
// branches are no function's argument list.
#include "expr/function_registry.h"
#include "expr/operator_kernels.h"
#include "expr/type_coercion.h"

namespace streamstep::expr {

namespace {

// Spark's Coalesce with FunctionArgumentConversion: every argument cast to the wider common type.
NodePtr bindCoalesce(const FunctionCall &call)
{
    std::vector<DataType> types;
    for (const NodePtr &a : call.args())
        types.push_back(a->type);
    auto common = widerCommonType(types);
    if (!common)
        call.mismatch("DATA_DIFF_TYPES",
                      "Input to `coalesce` should all be the same type, but it's " + joinTypes(call.args()));
    std::vector<NodePtr> args;
    for (const NodePtr &a : call.args())
        args.push_back(castTo(a, *common));
    return call.make(*common, args);
}

// The first non-NULL argument of each row.
void coalesceKernel(const ExprNode &, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    std::fill(out.nulls().begin(), out.nulls().end(), uint8_t(1));
    for (size_t i = 0; i < out.size(); ++i) {
        for (const Column *source : in) {
            if (source->nulls()[i])
                continue;
            out.nulls()[i] = 0;
            out.copyValue(i, *source, i);
            break;
        }
    }
}

} // namespace

// The first branch whose condition is TRUE (NULL counts as not TRUE), else the else value.
void caseWhenKernel(const ExprNode &, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    const size_t pairs = (in.size() - 1) / 2;
    for (size_t i = 0; i < out.size(); ++i) {
        size_t pick = in.size() - 1;
        for (size_t k = 0; k < pairs; ++k) {
            const Column &condition = in[2 * k];
            if (!condition.nulls()[i] && condition.ints()[i]) {
                pick = 2 * k + 1;
                break;
            }
        }
        const Column &source = in[pick];
        out.nulls()[i] = source.nulls()[i];
        if (!source.nulls()[i])
            out.copyValue(i, source, i);
    }
}

void registerConditionalFunctions(FunctionRegistry &registry)
{
    registry.add({.name = "coalesce", .minArgs = 1, .maxArgs = kVariadic, .bind = bindCoalesce,
                  .kernel = coalesceKernel});
}

} // namespace streamstep::expr
