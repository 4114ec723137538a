#include "expr/type_coercion.h"

#include "types/decimal.h"

namespace streamstep::expr {

namespace {

int numericRank(TypeKind k)
{
    switch (k) {
    case TypeKind::Int: return 1;
    case TypeKind::Long: return 2;
    case TypeKind::Double: return 4;
    default: return 0;
    }
}

// Spark's DecimalType.isWiderThan for an integral type.
bool decimalWiderThanIntegral(const DataType &d, TypeKind integral)
{
    const DataType asDecimal = decimalTypeForIntegral(integral);
    return d.precision - d.scale >= asDecimal.precision - asDecimal.scale && d.scale >= 0;
}

} // namespace

bool isAtomic(const DataType &t) { return t.kind != TypeKind::Window && t.kind != TypeKind::Null; }

std::optional<DataType> tightestCommonType(const DataType &a, const DataType &b)
{
    if (a == b)
        return a;
    if (a.kind == TypeKind::Null)
        return b;
    if (b.kind == TypeKind::Null)
        return a;
    if (a.isIntegral() && b.kind == TypeKind::Decimal && decimalWiderThanIntegral(b, a.kind))
        return b;
    if (b.isIntegral() && a.kind == TypeKind::Decimal && decimalWiderThanIntegral(a, b.kind))
        return a;
    if (numericRank(a.kind) && numericRank(b.kind))
        return numericRank(a.kind) >= numericRank(b.kind) ? a : b;
    return std::nullopt;
}

std::optional<DataType> widerTypeForTwo(const DataType &a, const DataType &b)
{
    if (auto t = tightestCommonType(a, b))
        return t;
    if (a.kind == TypeKind::Decimal && b.kind == TypeKind::Decimal)
        return widerDecimalType(a, b);
    if (a.isIntegral() && b.kind == TypeKind::Decimal)
        return widerDecimalType(decimalTypeForIntegral(a.kind), b);
    if (b.isIntegral() && a.kind == TypeKind::Decimal)
        return widerDecimalType(a, decimalTypeForIntegral(b.kind));
    if ((a.kind == TypeKind::Decimal && b.kind == TypeKind::Double)
        || (b.kind == TypeKind::Decimal && a.kind == TypeKind::Double))
        return DataType::float64();
    if (a.kind == TypeKind::String && isAtomic(b) && b.kind != TypeKind::Boolean)
        return DataType::string();
    if (b.kind == TypeKind::String && isAtomic(a) && a.kind != TypeKind::Boolean)
        return DataType::string();
    return std::nullopt;
}

std::optional<DataType> widerCommonType(const std::vector<DataType> &types)
{
    std::optional<DataType> result = DataType::null();
    for (const DataType &t : types) {
        if (!result)
            return std::nullopt;
        result = widerTypeForTwo(*result, t);
    }
    return result;
}

std::optional<DataType> implicitCastTarget(const DataType &from, const DataType &to)
{
    if (from == to)
        return to;
    if (from.kind == TypeKind::Null)
        return to;
    if (from.isNumeric() && to.isNumeric())
        return to;
    if (from.kind == TypeKind::String && (to.isNumeric() || to.kind == TypeKind::Timestamp))
        return to;
    if (isAtomic(from) && to.kind == TypeKind::String)
        return to;
    return std::nullopt;
}

} // namespace streamstep::expr
