// Spark's boolean logic and null tests (predicates.scala: And, Or, Not; nullExpressions.scala:
// IsNull, IsNotNull) and LIKE (regexpExpressions.scala), over BOOLEAN columns stored as 0/1 ints.
#include "expr/like_pattern.h"
#include "expr/operator_kernels.h"

#include <optional>

namespace streamstep::expr {

namespace {

// The 0/1 values of a BOOLEAN argument, read only at its non-NULL rows; none for the column of a
// NULL literal, whose rows are all NULL.
const int64_t *booleans(const Column &c)
{
    return c.type().kind == TypeKind::Null ? nullptr : c.ints().data();
}

// The arrays AND and OR read (both arguments' NULL flags and values) and write (the result's).
struct LogicArrays {
    LogicArrays(const ArgumentColumns &in, Column &out)
        : lNulls(in[0].nulls().data()), rNulls(in[1].nulls().data()), l(booleans(in[0])), r(booleans(in[1])),
          nulls(out.nulls().data()), values(out.ints().data())
    {
    }
    const uint8_t *lNulls;
    const uint8_t *rNulls;
    const int64_t *l;
    const int64_t *r;
    uint8_t *nulls;
    int64_t *values;
};

} // namespace

// Three-valued logic: FALSE AND NULL = FALSE, TRUE AND NULL = NULL.
void andKernel(const ExprNode &, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    const LogicArrays a(in, out);
    for (size_t i = 0; i < out.size(); ++i) {
        const bool ln = a.lNulls[i];
        const bool rn = a.rNulls[i];
        const bool lFalse = !ln && !a.l[i];
        const bool rFalse = !rn && !a.r[i];
        if (lFalse || rFalse)
            a.values[i] = 0;
        else if (ln || rn)
            a.nulls[i] = 1;
        else
            a.values[i] = 1;
    }
}

// Three-valued logic: TRUE OR NULL = TRUE, FALSE OR NULL = NULL.
void orKernel(const ExprNode &, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    const LogicArrays a(in, out);
    for (size_t i = 0; i < out.size(); ++i) {
        const bool ln = a.lNulls[i];
        const bool rn = a.rNulls[i];
        if ((!ln && a.l[i]) || (!rn && a.r[i]))
            a.values[i] = 1;
        else if (ln || rn)
            a.nulls[i] = 1;
        else
            a.values[i] = 0;
    }
}

void notKernel(const ExprNode &, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    out.setNulls(in[0].nulls());
    const uint8_t *nulls = in[0].nulls().data();
    const int64_t *v = booleans(in[0]);
    int64_t *values = out.ints().data();
    for (size_t i = 0; i < out.size(); ++i)
        values[i] = !nulls[i] && !v[i];
}

void isNullKernel(const ExprNode &, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    const uint8_t *nulls = in[0].nulls().data();
    int64_t *values = out.ints().data();
    for (size_t i = 0; i < out.size(); ++i)
        values[i] = nulls[i] != 0;
}

void isNotNullKernel(const ExprNode &, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    const uint8_t *nulls = in[0].nulls().data();
    int64_t *values = out.ints().data();
    for (size_t i = 0; i < out.size(); ++i)
        values[i] = nulls[i] == 0;
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
        if (v.nulls()[i] || p.nulls()[i]) {
            out.nulls()[i] = 1;
            continue;
        }
        if (constant)
            out.ints()[i] = constant->matches(v.strings()[i]);
        else
            out.ints()[i] = LikePattern::compile(p.strings()[i]).matches(v.strings()[i]);
    }
}

} // namespace streamstep::expr
