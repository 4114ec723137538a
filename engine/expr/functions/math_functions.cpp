// Spark's math functions (mathExpressions.scala, arithmetic.scala): abs and round, with Spark's
// result types (RoundBase.dataType) and HALF_UP rounding of the exact decimal value.
#include "expr/expression_text.h"
#include "expr/function_registry.h"
#include "expr/kernel.h"

#include "types/decimal.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

namespace streamstep::expr {

namespace {

// Spark's Abs in EvalMode.LEGACY: the most negative integer stays itself (Java's Math.abs).
void absKernel(const ExprNode &node, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    const Column &c = in[0];
    out.setNulls(c.nulls());
    const size_t n = out.size();
    switch (node.type.kind) {
    case TypeKind::Int:
        for (size_t i = 0; i < n; ++i) {
            const int32_t v = static_cast<int32_t>(c.ints()[i]);
            out.ints()[i] = v < 0 ? static_cast<int32_t>(0u - static_cast<uint32_t>(v)) : v;
        }
        break;
    case TypeKind::Long:
        for (size_t i = 0; i < n; ++i) {
            const int64_t v = c.ints()[i];
            out.ints()[i] = v < 0 ? static_cast<int64_t>(0ull - static_cast<uint64_t>(v)) : v;
        }
        break;
    case TypeKind::Double:
        for (size_t i = 0; i < n; ++i)
            out.doubles()[i] = std::fabs(c.doubles()[i]);
        break;
    case TypeKind::Decimal:
        for (size_t i = 0; i < n; ++i)
            out.decimals()[i] = c.decimals()[i] < 0 ? -c.decimals()[i] : c.decimals()[i];
        break;
    default: throw std::logic_error("abs over a non-numeric type");
    }
}

NodePtr bindAbs(const FunctionCall &call)
{
    NodePtr x = call.numericArg(0);
    return call.make(x->type, {x});
}

Int128 roundIntegral(Int128 v, int scale)
{
    if (scale >= 0)
        return v;
    if (scale < -38)
        return 0;
    const Int128 unit = pow10Int128(-scale);
    Int128 q = v / unit;
    const Int128 r = v % unit;
    if ((r < 0 ? -r : r) * 2 >= unit)
        q += v < 0 ? -1 : 1;
    return q * unit;
}

// Spark's Round on a double: BigDecimal(d.toString).setScale(scale, HALF_UP).toDouble.
double roundDouble(double d, int scale)
{
    if (!std::isfinite(d))
        return d;
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, d);
    const std::string_view text(buf, static_cast<size_t>(res.ptr - buf));
    if (scale >= 20) {
        const auto v = scale > 38 ? std::nullopt : parseDecimalToType(text, 38, scale);
        return v ? decimalToDouble(*v, scale) : d;
    }
    if (auto v = parseDecimalToType(text, 38, 20)) // exact: a double has at most 17 digits
        return decimalToDouble(roundIntegral(*v, scale - 20), 20);
    if (scale >= 0)
        return d; // |d| >= 1e18 has no fraction digits
    if (auto v = parseDecimalToType(text, 38, 0))
        return decimalToDouble(roundIntegral(*v, scale), 0);
    return d;
}

// The scale argument of a bound round(): an INT literal (bindRound makes it one).
int roundScale(const ExprNode &node) { return node.args[1]->literal.asInt(); }

NodePtr bindRound(const FunctionCall &call)
{
    NodePtr x = call.numericArg(0);
    const NodePtr &s = call.arg(1);
    if (!s->isLiteral() || s->literal.isNull()
        || (s->type.kind != TypeKind::Int && s->type.kind != TypeKind::Long))
        call.mismatch("NON_FOLDABLE_INPUT",
                      "the input `scale` should be a foldable \"INT\" expression; however, got "
                          + sqlText(call.argAst(1)));
    const int scale = s->type.kind == TypeKind::Int ? s->literal.asInt() : static_cast<int>(s->literal.asLong());
    DataType type = x->type;
    if (type.kind == TypeKind::Decimal) {
        // Spark's RoundBase.dataType.
        const int p = type.precision;
        const int sc = type.scale;
        const int integralLeast = p - sc + 1;
        if (scale < 0) {
            type = DataType::decimal(std::min(std::max(integralLeast, -scale + 1), 38), 0);
        } else {
            const int newScale = std::min(sc, scale);
            type = DataType::decimal(std::min(integralLeast + newScale, 38), newScale);
        }
    }
    return call.make(type, {x, makeLiteral(Value::int32(scale), DataType::int32())});
}

void roundKernel(const ExprNode &node, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    const Column &c = in[0];
    const int scale = roundScale(node);
    const DataType &type = node.type;
    out.setNulls(c.nulls());
    for (size_t i = 0; i < out.size(); ++i) {
        if (c.nulls()[i])
            continue;
        switch (type.kind) {
        case TypeKind::Int:
            out.ints()[i] = static_cast<int32_t>(static_cast<uint32_t>(
                static_cast<uint64_t>(static_cast<int64_t>(roundIntegral(c.ints()[i], scale)))));
            break;
        case TypeKind::Long: out.ints()[i] = static_cast<int64_t>(roundIntegral(c.ints()[i], scale)); break;
        case TypeKind::Double: out.doubles()[i] = roundDouble(c.doubles()[i], scale); break;
        case TypeKind::Decimal: {
            // Spark: toPrecision(p, min(s, scale)) HALF_UP; negative scales round left of the
            // point and keep scale 0.
            const int s = c.type().scale;
            std::optional<Int128> v;
            if (scale >= 0) {
                v = rescaleDecimal(c.decimals()[i], s, std::min(s, scale), type.precision);
                if (v)
                    v = rescaleDecimal(*v, std::min(s, scale), type.scale, type.precision);
            } else {
                auto whole = rescaleDecimal(c.decimals()[i], s, 0, 38);
                if (whole) {
                    const Int128 r = roundIntegral(*whole, scale);
                    if (fitsPrecision(r, type.precision))
                        v = r;
                }
            }
            if (v)
                out.decimals()[i] = *v;
            else
                out.nulls()[i] = 1;
            break;
        }
        default: throw std::logic_error("round over a non-numeric type");
        }
    }
}

} // namespace

void registerMathFunctions(FunctionRegistry &registry)
{
    registry.add({.name = "abs", .minArgs = 1, .maxArgs = 1, .bind = bindAbs, .kernel = absKernel});
    // Spark's Round(child, scale = 0): HALF_UP; the scale must be a constant.
    registry.add({.name = "round", .minArgs = 1, .maxArgs = 2, .trailingDefaults = {Value::int32(0)},
                  .bind = bindRound, .kernel = roundKernel});
}

} // namespace streamstep::expr
