#include "expr/expr_node.h"

#include "expr/function_registry.h"
#include "expr/kernel.h"

#include "expr/cast.h"
#include "expr/datetime_pattern.h"
#include "expr/like_pattern.h"
#include "types/decimal.h"
#include "types/value_order.h"
#include "streamstep/time_math.h"
#include "types/text.h"

#include <algorithm>
#include <cmath>
#include <charconv>
#include <limits>

namespace streamstep::expr {

namespace {

int compareRows(const Column &l, size_t i, const Column &r, size_t j)
{
    switch (l.type().kind) {
    case TypeKind::Null: return 0;
    case TypeKind::Boolean:
    case TypeKind::Int:
    case TypeKind::Long:
    case TypeKind::Timestamp:
        return l.ints[i] < r.ints[j] ? -1 : (l.ints[i] == r.ints[j] ? 0 : 1);
    case TypeKind::Window:
        if (l.ints[i] != r.ints[j])
            return l.ints[i] < r.ints[j] ? -1 : 1;
        return l.ends[i] < r.ends[j] ? -1 : (l.ends[i] == r.ends[j] ? 0 : 1);
    case TypeKind::Double: return compareDoubles(l.doubles[i], r.doubles[j]);
    case TypeKind::Decimal:
        return compareDecimal(l.decimals[i], l.type().scale, r.decimals[j], r.type().scale);
    case TypeKind::String: {
        const int c = l.strings[i].compare(r.strings[j]);
        return c < 0 ? -1 : (c == 0 ? 0 : 1);
    }
    }
    return 0;
}

} // namespace

std::shared_ptr<ExprNode> makeNode(ExprOp op, DataType type, std::vector<NodePtr> args)
{
    auto node = std::make_shared<ExprNode>();
    node->op = op;
    node->type = type;
    for (const NodePtr &a : args) {
        node->referencedColumns.insert(node->referencedColumns.end(), a->referencedColumns.begin(),
                                       a->referencedColumns.end());
        node->deterministic = node->deterministic && a->deterministic;
    }
    std::sort(node->referencedColumns.begin(), node->referencedColumns.end());
    node->referencedColumns.erase(
        std::unique(node->referencedColumns.begin(), node->referencedColumns.end()),
        node->referencedColumns.end());
    node->args = std::move(args);
    return node;
}

NodePtr makeLiteral(const Value &value, DataType type)
{
    auto node = makeNode(ExprOp::Literal, type);
    node->literal = value;
    return node;
}

NodePtr makeColumnRef(int index, DataType type)
{
    auto node = makeNode(ExprOp::ColumnRef, type);
    node->index = index;
    node->referencedColumns = {index};
    node->columnIndex = index;
    return node;
}

NodePtr castTo(const NodePtr &node, const DataType &type, CastKind kind)
{
    if (node->type == type)
        return node;
    if (node->isLiteral()) {
        auto folded = makeNode(ExprOp::Literal, type);
        folded->literal = castValue(node->literal, type);
        if (kind == CastKind::Implicit)
            folded->writtenLiteral = node->writtenLiteral ? *node->writtenLiteral : node->literal;
        return folded;
    }
    auto cast = makeNode(ExprOp::Cast, type, {node});
    cast->implicitCast = kind == CastKind::Implicit;
    return cast;
}

namespace {

bool isComparison(ExprOp op)
{
    return op == ExprOp::Equal || op == ExprOp::Less || op == ExprOp::LessEqual || op == ExprOp::Greater
        || op == ExprOp::GreaterEqual || op == ExprOp::NullSafeEqual;
}

} // namespace

Column ExprNode::evaluate(const ColumnBatch &batch, const EvalContext &context) const
{
    const size_t n = batch.numRows;
    switch (op) {
    case ExprOp::ColumnRef: return batch.columns[static_cast<size_t>(index)];
    case ExprOp::WindowField: {
        const Column &w = batch.columns[static_cast<size_t>(index)];
        Column out(type);
        out.nulls = w.nulls;
        out.ints = windowEnd ? w.ends : w.ints;
        return out;
    }
    case ExprOp::Literal: return repeatValue(type, literal, n);
    default: break;
    }

    const ArgumentColumns in(args, batch, context, isComparison(op) ? LiteralRows::Single : LiteralRows::Full);
    Column out = makeColumn(type, n);

    switch (op) {
    case ExprOp::Cast: return castColumn(in[0], type);
    case ExprOp::Add:
    case ExprOp::Subtract:
    case ExprOp::Multiply:
    case ExprOp::Divide:
    case ExprOp::Remainder: {
        const Column &l = in[0];
        const Column &r = in[1];
        for (size_t i = 0; i < n; ++i)
            out.nulls[i] = l.nulls[i] | r.nulls[i];
        switch (type.kind) {
        case TypeKind::Int:
            for (size_t i = 0; i < n; ++i) {
                const uint32_t a = static_cast<uint32_t>(l.ints[i]);
                const uint32_t b = static_cast<uint32_t>(r.ints[i]);
                uint32_t v = 0;
                switch (op) {
                case ExprOp::Add: v = a + b; break;
                case ExprOp::Subtract: v = a - b; break;
                case ExprOp::Multiply: v = a * b; break;
                default: {
                    const int32_t x = static_cast<int32_t>(a);
                    const int32_t y = static_cast<int32_t>(b);
                    if (y == 0)
                        out.nulls[i] = 1;
                    else
                        v = static_cast<uint32_t>(y == -1 ? 0 : x % y);
                    break;
                }
                }
                out.ints[i] = static_cast<int32_t>(v);
            }
            break;
        case TypeKind::Long:
            for (size_t i = 0; i < n; ++i) {
                const uint64_t a = static_cast<uint64_t>(l.ints[i]);
                const uint64_t b = static_cast<uint64_t>(r.ints[i]);
                uint64_t v = 0;
                switch (op) {
                case ExprOp::Add: v = a + b; break;
                case ExprOp::Subtract: v = a - b; break;
                case ExprOp::Multiply: v = a * b; break;
                default: {
                    const int64_t x = static_cast<int64_t>(a);
                    const int64_t y = static_cast<int64_t>(b);
                    if (y == 0)
                        out.nulls[i] = 1;
                    else
                        v = static_cast<uint64_t>(y == -1 ? 0 : x % y);
                    break;
                }
                }
                out.ints[i] = static_cast<int64_t>(v);
            }
            break;
        case TypeKind::Double:
            for (size_t i = 0; i < n; ++i) {
                const double a = l.doubles[i];
                const double b = r.doubles[i];
                switch (op) {
                case ExprOp::Add: out.doubles[i] = a + b; break;
                case ExprOp::Subtract: out.doubles[i] = a - b; break;
                case ExprOp::Multiply: out.doubles[i] = a * b; break;
                case ExprOp::Divide:
                    if (b == 0)
                        out.nulls[i] = 1;
                    else
                        out.doubles[i] = a / b;
                    break;
                default:
                    if (b == 0)
                        out.nulls[i] = 1;
                    else
                        out.doubles[i] = std::fmod(a, b);
                    break;
                }
            }
            break;
        case TypeKind::Decimal: {
            const int ls = l.type().scale;
            const int rs = r.type().scale;
            for (size_t i = 0; i < n; ++i) {
                if (out.nulls[i])
                    continue;
                std::optional<Int128> v;
                switch (op) {
                case ExprOp::Add: v = decimalAdd(l.decimals[i], ls, r.decimals[i], rs, type); break;
                case ExprOp::Subtract:
                    v = decimalSubtract(l.decimals[i], ls, r.decimals[i], rs, type);
                    break;
                case ExprOp::Multiply:
                    v = decimalMultiply(l.decimals[i], ls, r.decimals[i], rs, type);
                    break;
                case ExprOp::Divide:
                    v = decimalDivide(l.decimals[i], ls, r.decimals[i], rs, type);
                    break;
                default: v = decimalRemainder(l.decimals[i], ls, r.decimals[i], rs, type); break;
                }
                if (v)
                    out.decimals[i] = *v;
                else
                    out.nulls[i] = 1;
            }
            break;
        }
        default: std::fill(out.nulls.begin(), out.nulls.end(), uint8_t(1)); break;
        }
        return out;
    }
    case ExprOp::Negate: {
        const Column &c = in[0];
        out.nulls = c.nulls;
        for (size_t i = 0; i < n; ++i) {
            switch (type.kind) {
            case TypeKind::Int:
                out.ints[i] = static_cast<int32_t>(0u - static_cast<uint32_t>(c.ints[i]));
                break;
            case TypeKind::Long:
                out.ints[i] = static_cast<int64_t>(0ull - static_cast<uint64_t>(c.ints[i]));
                break;
            case TypeKind::Double: out.doubles[i] = -c.doubles[i]; break;
            case TypeKind::Decimal: out.decimals[i] = -c.decimals[i]; break;
            default: break;
            }
        }
        return out;
    }
    case ExprOp::Equal:
    case ExprOp::Less:
    case ExprOp::LessEqual:
    case ExprOp::Greater:
    case ExprOp::GreaterEqual:
    case ExprOp::NullSafeEqual: {
        const Column &l = in[0];
        const Column &r = in[1];
        const bool nullSafe = op == ExprOp::NullSafeEqual;
        const size_t ls = in.isScalar(0) ? 0 : 1; // a literal side is read at row 0
        const size_t rs = in.isScalar(1) ? 0 : 1;
        const bool sameScaleDecimals = l.type().kind == TypeKind::Decimal && r.type().kind == TypeKind::Decimal
            && l.type().scale == r.type().scale;
        for (size_t i = 0; i < n; ++i) {
            const size_t li = i * ls;
            const size_t ri = i * rs;
            if (l.nulls[li] || r.nulls[ri]) {
                if (nullSafe)
                    out.ints[i] = l.nulls[li] && r.nulls[ri];
                else
                    out.nulls[i] = 1;
                continue;
            }
            const int c = sameScaleDecimals
                ? (l.decimals[li] < r.decimals[ri] ? -1 : (r.decimals[ri] < l.decimals[li] ? 1 : 0))
                : compareRows(l, li, r, ri);
            bool v = false;
            switch (op) {
            case ExprOp::Equal:
            case ExprOp::NullSafeEqual: v = c == 0; break;
            case ExprOp::Less: v = c < 0; break;
            case ExprOp::LessEqual: v = c <= 0; break;
            case ExprOp::Greater: v = c > 0; break;
            default: v = c >= 0; break;
            }
            out.ints[i] = v;
        }
        return out;
    }
    case ExprOp::And:
    case ExprOp::Or: {
        // Three-valued logic: FALSE AND NULL = FALSE, TRUE OR NULL = TRUE.
        const Column &l = in[0];
        const Column &r = in[1];
        const bool isAnd = op == ExprOp::And;
        for (size_t i = 0; i < n; ++i) {
            const bool ln = l.nulls[i];
            const bool rn = r.nulls[i];
            const bool lv = !ln && l.ints[i];
            const bool rv = !rn && r.ints[i];
            if (isAnd) {
                if ((!ln && !lv) || (!rn && !rv))
                    out.ints[i] = 0;
                else if (ln || rn)
                    out.nulls[i] = 1;
                else
                    out.ints[i] = 1;
            } else {
                if (lv || rv)
                    out.ints[i] = 1;
                else if (ln || rn)
                    out.nulls[i] = 1;
                else
                    out.ints[i] = 0;
            }
        }
        return out;
    }
    case ExprOp::Not:
        out.nulls = in[0].nulls;
        for (size_t i = 0; i < n; ++i)
            out.ints[i] = !in[0].nulls[i] && !in[0].ints[i];
        return out;
    case ExprOp::IsNull:
    case ExprOp::IsNotNull:
        for (size_t i = 0; i < n; ++i)
            out.ints[i] = (in[0].nulls[i] != 0) == (op == ExprOp::IsNull);
        return out;
    case ExprOp::In: {
        // SQL: NULL value -> NULL; a match -> TRUE; no match but a NULL in the list -> NULL.
        const Column &v = in[0];
        for (size_t i = 0; i < n; ++i) {
            if (v.nulls[i]) {
                out.nulls[i] = 1;
                continue;
            }
            bool found = false;
            bool sawNull = false;
            for (size_t k = 1; k < in.size() && !found; ++k) {
                if (in[k].nulls[i])
                    sawNull = true;
                else if (compareRows(v, i, in[k], i) == 0)
                    found = true;
            }
            if (found)
                out.ints[i] = 1;
            else if (sawNull)
                out.nulls[i] = 1;
        }
        return out;
    }
    case ExprOp::Like: {
        const Column &v = in[0];
        const Column &p = in[1];
        std::optional<LikePattern> constant;
        if (args[1]->isLiteral() && !args[1]->literal.isNull())
            constant = LikePattern::compile(args[1]->literal.asString());
        for (size_t i = 0; i < n; ++i) {
            if (v.nulls[i] || p.nulls[i]) {
                out.nulls[i] = 1;
                continue;
            }
            if (constant) {
                out.ints[i] = constant->matches(v.strings[i]);
            } else {
                auto compiled = LikePattern::compile(p.strings[i]);
                out.ints[i] = compiled.matches(v.strings[i]);
            }
        }
        return out;
    }
    case ExprOp::CaseWhen: {
        const size_t pairs = (in.size() - 1) / 2;
        for (size_t i = 0; i < n; ++i) {
            size_t pick = in.size() - 1;
            for (size_t k = 0; k < pairs; ++k) {
                const Column &cond = in[2 * k];
                if (!cond.nulls[i] && cond.ints[i]) {
                    pick = 2 * k + 1;
                    break;
                }
            }
            const Column &src = in[pick];
            out.nulls[i] = src.nulls[i];
            if (!src.nulls[i])
                copyValue(src, i, out, i);
        }
        return out;
    }
    case ExprOp::TimeAdd: {
        const Column &ts = in[0];
        out.nulls = ts.nulls;
        for (size_t i = 0; i < n; ++i) {
            if (ts.nulls[i])
                continue;
            int64_t v = addMonthsToMicros(ts.ints[i], interval.months);
            v += static_cast<int64_t>(interval.days) * 86400LL * kMicrosPerSecond + interval.micros;
            out.ints[i] = v;
        }
        return out;
    }
    case ExprOp::Function:
        function->kernel(*this, in, context, out);
        return out;
    default: break;
    }
    return out;
}

namespace {

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
    if (keep.size() != n || c.nulls.size() != n)
        return false;
    uint8_t *k = keep.data();
    const uint8_t *nulls = c.nulls.data();
    // The literal as the generic path reads it: one row of the comparison's type.
    const Column value = repeatValue(literal->type, literal->literal, 1);
    if (value.nulls[0]) {
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
    case TypeKind::Decimal: narrowOrdered(op, nulls, c.decimals.data(), value.decimals[0], n, k); break;
    case TypeKind::Double: {
        const double *v = c.doubles.data();
        const double lit = value.doubles[0];
        narrowThreeWay(op, nulls, n, k, [&](size_t r) { return compareDoubles(v[r], lit); });
        break;
    }
    case TypeKind::String: {
        const std::string *v = c.strings.data();
        const std::string &lit = value.strings[0];
        narrowThreeWay(op, nulls, n, k, [&](size_t r) { return v[r].compare(lit); });
        break;
    }
    default: narrowOrdered(op, nulls, c.ints.data(), value.ints[0], n, k); break;
    }
    return true;
}

} // namespace streamstep::expr
