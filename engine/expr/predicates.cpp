// Spark's boolean logic and null tests (predicates.scala: And, Or, Not; nullExpressions.scala:
// IsNull, IsNotNull) and LIKE (regexpExpressions.scala), over BOOLEAN columns stored as 0/1 ints.
#include "expr/like_pattern.h"
#include "expr/operator_kernels.h"

#include <optional>

namespace streamstep::expr {

// Three-valued logic: FALSE AND NULL = FALSE, TRUE AND NULL = NULL.
void andKernel(const ExprNode &, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    const Column &l = in[0];
    const Column &r = in[1];
    for (size_t i = 0; i < out.size(); ++i) {
        const bool ln = l.nulls[i];
        const bool rn = r.nulls[i];
        const bool lFalse = !ln && !l.ints[i];
        const bool rFalse = !rn && !r.ints[i];
        if (lFalse || rFalse)
            out.ints[i] = 0;
        else if (ln || rn)
            out.nulls[i] = 1;
        else
            out.ints[i] = 1;
    }
}

// Three-valued logic: TRUE OR NULL = TRUE, FALSE OR NULL = NULL.
void orKernel(const ExprNode &, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    const Column &l = in[0];
    const Column &r = in[1];
    for (size_t i = 0; i < out.size(); ++i) {
        const bool ln = l.nulls[i];
        const bool rn = r.nulls[i];
        if ((!ln && l.ints[i]) || (!rn && r.ints[i]))
            out.ints[i] = 1;
        else if (ln || rn)
            out.nulls[i] = 1;
        else
            out.ints[i] = 0;
    }
}

void notKernel(const ExprNode &, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    out.nulls = in[0].nulls;
    for (size_t i = 0; i < out.size(); ++i)
        out.ints[i] = !in[0].nulls[i] && !in[0].ints[i];
}

void isNullKernel(const ExprNode &, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    for (size_t i = 0; i < out.size(); ++i)
        out.ints[i] = in[0].nulls[i] != 0;
}

void isNotNullKernel(const ExprNode &, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    for (size_t i = 0; i < out.size(); ++i)
        out.ints[i] = in[0].nulls[i] == 0;
}

// A constant pattern is compiled once per batch, a pattern column once per row.
void likeKernel(const ExprNode &node, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    const Column &v = in[0];
    const Column &p = in[1];
    std::optional<LikePattern> constant;
    if (node.args[1]->isLiteral() && !node.args[1]->literal.isNull())
        constant = LikePattern::compile(node.args[1]->literal.asString());
    for (size_t i = 0; i < out.size(); ++i) {
        if (v.nulls[i] || p.nulls[i]) {
            out.nulls[i] = 1;
            continue;
        }
        if (constant)
            out.ints[i] = constant->matches(v.strings[i]);
        else
            out.ints[i] = LikePattern::compile(p.strings[i]).matches(v.strings[i]);
    }
}

} // namespace streamstep::expr
