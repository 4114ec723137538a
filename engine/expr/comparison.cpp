// Spark's comparisons (predicates.scala: EqualTo, LessThan, …, EqualNullSafe) and In, as one
// kernel template per comparison over the physical types, plus the filter fast path that
// compares a column with a literal straight from the column array. Orders are Spark's
// (value_order.h): doubles by SQLOrderingUtil.compareDoubles (NaN equals NaN and is largest,
// -0.0 equals 0.0), strings by UTF-8 bytes, windows by start then end.
#include "expr/operator_kernels.h"
#include "expr/physical_types.h"

#include "types/decimal.h"
#include "types/value_order.h"

#include <algorithm>
#include <stdexcept>

namespace streamstep::expr {

namespace {

struct EqualTo {
    static bool holds(int c) { return c == 0; }
};
struct LessThan {
    static bool holds(int c) { return c < 0; }
};
struct LessThanOrEqual {
    static bool holds(int c) { return c <= 0; }
};
struct GreaterThan {
    static bool holds(int c) { return c > 0; }
};
struct GreaterThanOrEqual {
    static bool holds(int c) { return c >= 0; }
};

// Three-way comparison of row i of l with row j of r, both of one type, by physical type, over
// the storage values() gives (taken once per column, out of the row loops).
struct IntegerOrder { // BOOLEAN, INT, BIGINT, TIMESTAMP
    using Values = const int64_t *;
    static Values values(const Column &c) { return c.ints().data(); }
    static int compare(Values l, size_t i, Values r, size_t j) { return threeWay(l[i], r[j]); }
};
struct DoubleOrder {
    using Values = const double *;
    static Values values(const Column &c) { return c.doubles().data(); }
    static int compare(Values l, size_t i, Values r, size_t j) { return compareDoubles(l[i], r[j]); }
};
struct DecimalOrder { // one type, so one scale: the unscaled values compare as the values do
    using Values = const Int128 *;
    static Values values(const Column &c) { return c.decimals().data(); }
    static int compare(Values l, size_t i, Values r, size_t j) { return threeWay(l[i], r[j]); }
};
struct StringOrder {
    using Values = const std::string *;
    static Values values(const Column &c) { return c.strings().data(); }
    static int compare(Values l, size_t i, Values r, size_t j)
    {
        const int c = l[i].compare(r[j]);
        return c < 0 ? -1 : (c == 0 ? 0 : 1);
    }
};
struct WindowOrder {
    struct Values {
        const int64_t *starts;
        const int64_t *ends;
    };
    static Values values(const Column &c) { return {c.ints().data(), c.ends().data()}; }
    static int compare(Values l, size_t i, Values r, size_t j)
    {
        if (l.starts[i] != r.starts[j])
            return l.starts[i] < r.starts[j] ? -1 : 1;
        return threeWay(l.ends[i], r.ends[j]);
    }
};

// NULL on either side gives NULL; `<=>` (NullSafe) is TRUE for two NULLs, FALSE for one.
template <class Cmp, class Order, bool NullSafe, bool LeftScalar, bool RightScalar>
void compareLoop(const Column &l, const Column &r, Column &out)
{
    const uint8_t *ln = l.nulls().data();
    const uint8_t *rn = r.nulls().data();
    int64_t *o = out.ints().data();
    uint8_t *on = out.nulls().data();
    const typename Order::Values lv = Order::values(l);
    const typename Order::Values rv = Order::values(r);
    const size_t n = out.size();
    for (size_t i = 0; i < n; ++i) {
        const size_t li = operandRow<LeftScalar>(i);
        const size_t ri = operandRow<RightScalar>(i);
        const bool anyNull = ln[li] | rn[ri];
        if constexpr (NullSafe) {
            o[i] = anyNull ? (ln[li] & rn[ri]) : Cmp::holds(Order::compare(lv, li, rv, ri));
        } else {
            on[i] = anyNull;
            o[i] = !anyNull && Cmp::holds(Order::compare(lv, li, rv, ri));
        }
    }
}

template <class Cmp, bool NullSafe>
void comparison(const ArgumentColumns &in, Column &out)
{
    const Column &l = in[0];
    const Column &r = in[1];
    withOperandShapes(in, [&]<bool LS, bool RS>() {
        switch (l.type().kind) {
        case TypeKind::Null: // NULL's type has no values: every row is NULL on both sides
            for (size_t i = 0; i < out.size(); ++i) {
                out.nulls()[i] = !NullSafe;
                out.ints()[i] = NullSafe;
            }
            return;
        case TypeKind::Boolean:
        case TypeKind::Int:
        case TypeKind::Long:
        case TypeKind::Timestamp: compareLoop<Cmp, IntegerOrder, NullSafe, LS, RS>(l, r, out); return;
        case TypeKind::Double: compareLoop<Cmp, DoubleOrder, NullSafe, LS, RS>(l, r, out); return;
        case TypeKind::Decimal: compareLoop<Cmp, DecimalOrder, NullSafe, LS, RS>(l, r, out); return;
        case TypeKind::String: compareLoop<Cmp, StringOrder, NullSafe, LS, RS>(l, r, out); return;
        case TypeKind::Window: compareLoop<Cmp, WindowOrder, NullSafe, LS, RS>(l, r, out); return;
        }
    });
}

// The order of one type, for IN's list.
int compareRows(const Column &l, size_t i, const Column &r, size_t j)
{
    switch (l.type().kind) {
    case TypeKind::Null: return 0;
    case TypeKind::Boolean:
    case TypeKind::Int:
    case TypeKind::Long:
    case TypeKind::Timestamp: return IntegerOrder::compare(IntegerOrder::values(l), i, IntegerOrder::values(r), j);
    case TypeKind::Window: return WindowOrder::compare(WindowOrder::values(l), i, WindowOrder::values(r), j);
    case TypeKind::Double: return DoubleOrder::compare(DoubleOrder::values(l), i, DoubleOrder::values(r), j);
    case TypeKind::Decimal: return DecimalOrder::compare(DecimalOrder::values(l), i, DecimalOrder::values(r), j);
    case TypeKind::String: return StringOrder::compare(StringOrder::values(l), i, StringOrder::values(r), j);
    }
    return 0;
}

} // namespace

void comparisonKernel(const ExprNode &node, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    // The binder gives both operands one type (Spark's coercion rules, or a type mismatch).
    if (in.size() != 2 || !(in[0].type() == in[1].type()))
        throw std::logic_error("comparison of operands of different types");
    switch (node.op) {
    case ExprOp::Equal: comparison<EqualTo, false>(in, out); return;
    case ExprOp::NullSafeEqual: comparison<EqualTo, true>(in, out); return;
    case ExprOp::Less: comparison<LessThan, false>(in, out); return;
    case ExprOp::LessEqual: comparison<LessThanOrEqual, false>(in, out); return;
    case ExprOp::Greater: comparison<GreaterThan, false>(in, out); return;
    case ExprOp::GreaterEqual: comparison<GreaterThanOrEqual, false>(in, out); return;
    default: throw std::logic_error("comparisonKernel for a node that is no comparison");
    }
}

// SQL's IN: NULL value -> NULL; a match -> TRUE; no match but a NULL in the list -> NULL.
void inKernel(const ExprNode &, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    const Column &v = in[0];
    for (size_t k = 1; k < in.size(); ++k)
        if (!(in[k].type() == v.type()))
            throw std::logic_error("IN over values of different types");
    for (size_t i = 0; i < out.size(); ++i) {
        if (v.nulls()[i]) {
            out.nulls()[i] = 1;
            continue;
        }
        bool found = false;
        bool sawNull = false;
        for (size_t k = 1; k < in.size() && !found; ++k) {
            if (in[k].nulls()[i])
                sawNull = true;
            else if (compareRows(v, i, in[k], i) == 0)
                found = true;
        }
        if (found)
            out.ints()[i] = 1;
        else if (sawNull)
            out.nulls()[i] = 1;
    }
}

namespace {

bool isComparison(ExprOp op)
{
    return op == ExprOp::Equal || op == ExprOp::Less || op == ExprOp::LessEqual || op == ExprOp::Greater
        || op == ExprOp::GreaterEqual || op == ExprOp::NullSafeEqual;
}

// The comparison with its operands swapped: `lit < col` is `col > lit`.
ExprOp mirrored(ExprOp op)
{
    switch (op) {
    case ExprOp::Less: return ExprOp::Greater;
    case ExprOp::LessEqual: return ExprOp::GreaterEqual;
    case ExprOp::Greater: return ExprOp::Less;
    case ExprOp::GreaterEqual: return ExprOp::LessEqual;
    default: return op;
    }
}

// keep[r] &= row r is not NULL and pred(r). Branch-free (pred reads the zero/empty value slot of
// a NULL row harmlessly), so the compiler can vectorize the plain number cases.
template <typename Pred>
void narrowRows(const uint8_t *nulls, size_t n, uint8_t *keep, Pred pred)
{
    for (size_t r = 0; r < n; ++r)
        keep[r] &= static_cast<uint8_t>(static_cast<uint8_t>(nulls[r] == 0) & static_cast<uint8_t>(pred(r)));
}

// Values with a total order given by operator< and operator== (integers, same-scale decimals).
template <typename T>
void narrowOrdered(ExprOp op, const uint8_t *nulls, const T *v, T lit, size_t n, uint8_t *keep)
{
    switch (op) {
    case ExprOp::Less: narrowRows(nulls, n, keep, [&](size_t r) { return v[r] < lit; }); break;
    case ExprOp::LessEqual: narrowRows(nulls, n, keep, [&](size_t r) { return !(lit < v[r]); }); break;
    case ExprOp::Greater: narrowRows(nulls, n, keep, [&](size_t r) { return lit < v[r]; }); break;
    case ExprOp::GreaterEqual: narrowRows(nulls, n, keep, [&](size_t r) { return !(v[r] < lit); }); break;
    default: narrowRows(nulls, n, keep, [&](size_t r) { return v[r] == lit; }); break;
    }
}

// Any other order, given as a three-way comparison of row r with the literal.
template <typename Three>
void narrowThreeWay(ExprOp op, const uint8_t *nulls, size_t n, uint8_t *keep, Three three)
{
    switch (op) {
    case ExprOp::Less: narrowRows(nulls, n, keep, [&](size_t r) { return three(r) < 0; }); break;
    case ExprOp::LessEqual: narrowRows(nulls, n, keep, [&](size_t r) { return three(r) <= 0; }); break;
    case ExprOp::Greater: narrowRows(nulls, n, keep, [&](size_t r) { return three(r) > 0; }); break;
    case ExprOp::GreaterEqual: narrowRows(nulls, n, keep, [&](size_t r) { return three(r) >= 0; }); break;
    default: narrowRows(nulls, n, keep, [&](size_t r) { return three(r) == 0; }); break;
    }
}

} // namespace

bool narrowByComparison(const BoundExpr &condition, const ColumnBatch &batch, std::vector<uint8_t> &keep)
{
    const auto *node = dynamic_cast<const ExprNode *>(&condition);
    if (!node || !isComparison(node->op) || node->args.size() != 2)
        return false;
    const ExprNode *column = node->args[0].get();
    const ExprNode *literal = node->args[1].get();
    ExprOp op = node->op;
    if (column->op != ExprOp::ColumnRef) {
        std::swap(column, literal);
        op = mirrored(op);
    }
    if (column->op != ExprOp::ColumnRef || !literal->isLiteral() || column->index < 0
        || static_cast<size_t>(column->index) >= batch.columns.size())
        return false;
    const Column &c = batch.columns[static_cast<size_t>(column->index)];
    const TypeKind kind = c.type().kind;
    if (c.type() != literal->type
        || !(kind == TypeKind::Boolean || kind == TypeKind::Int || kind == TypeKind::Long
             || kind == TypeKind::Timestamp || kind == TypeKind::Double || kind == TypeKind::Decimal
             || kind == TypeKind::String))
        return false;
    const size_t n = batch.numRows;
    if (keep.size() != n || c.nulls().size() != n)
        return false;
    uint8_t *k = keep.data();
    const uint8_t *nulls = c.nulls().data();
    // The literal as the generic path reads it: one row of the comparison's type.
    const Column value = Column::repeat(literal->type, literal->literal, 1);
    if (value.nulls()[0]) {
        // NULL <=> x is TRUE exactly for NULL x; any other comparison with NULL is NULL.
        if (op == ExprOp::NullSafeEqual)
            for (size_t r = 0; r < n; ++r)
                k[r] &= static_cast<uint8_t>(nulls[r] != 0);
        else
            std::fill(keep.begin(), keep.end(), uint8_t(0));
        return true;
    }
    if (op == ExprOp::NullSafeEqual) // a non-NULL literal: NULL rows are FALSE, as for =
        op = ExprOp::Equal;
    switch (kind) {
    case TypeKind::Decimal: narrowOrdered(op, nulls, c.decimals().data(), value.decimals()[0], n, k); break;
    case TypeKind::Double: {
        const double *v = c.doubles().data();
        const double lit = value.doubles()[0];
        narrowThreeWay(op, nulls, n, k, [&](size_t r) { return compareDoubles(v[r], lit); });
        break;
    }
    case TypeKind::String: {
        const std::string *v = c.strings().data();
        const std::string &lit = value.strings()[0];
        narrowThreeWay(op, nulls, n, k, [&](size_t r) { return v[r].compare(lit); });
        break;
    }
    default: narrowOrdered(op, nulls, c.ints().data(), value.ints()[0], n, k); break;
    }
    return true;
}

} // namespace streamstep::expr
