// The physical storage of each SQL type as the operator kernels see it (Column keeps one vector
// per type, column_batch.h): which vector holds a row and the C++ type an operator computes in.
// The arithmetic and comparison kernels are templates over these, one instantiation per type,
// instead of a copy of each operator per type.
#pragma once

#include "expr/kernel.h"

#include <cstdint>
#include <string>

namespace streamstep::expr {

// INT: 32-bit values, stored sign-extended in the 64-bit `ints` slots.
struct Int32Storage {
    using Value = int32_t;
    static const int64_t *read(const Column &c) { return c.ints().data(); }
    static int64_t *write(Column &c) { return c.ints().data(); }
    static Value load(int64_t slot) { return static_cast<int32_t>(slot); }
    static int64_t store(Value v) { return v; }
};

// BIGINT, and (for comparisons) TIMESTAMP micros and BOOLEAN 0/1: `ints` as they are.
struct Int64Storage {
    using Value = int64_t;
    static const int64_t *read(const Column &c) { return c.ints().data(); }
    static int64_t *write(Column &c) { return c.ints().data(); }
    static Value load(int64_t slot) { return slot; }
    static int64_t store(Value v) { return v; }
};

struct DoubleStorage {
    using Value = double;
    static const double *read(const Column &c) { return c.doubles().data(); }
    static double *write(Column &c) { return c.doubles().data(); }
    static Value load(double slot) { return slot; }
    static double store(Value v) { return v; }
};

// DECIMAL(p,s): the unscaled Int128 at the column's scale (the scale is in the column's type).
struct DecimalStorage {
    using Value = Int128;
    static const Int128 *read(const Column &c) { return c.decimals().data(); }
    static Int128 *write(Column &c) { return c.decimals().data(); }
    static Value load(Int128 slot) { return slot; }
    static Int128 store(Value v) { return v; }
};

struct StringStorage {
    static const std::string *read(const Column &c) { return c.strings().data(); }
};

// Row i of an operand that is a whole column (Scalar = false) or a one-row literal (true).
template <bool Scalar>
constexpr size_t operandRow(size_t i)
{
    return Scalar ? 0 : i;
}

// Calls body.template operator()<LeftScalar, RightScalar>() for the shapes of the two operands
// in `in`, so each binary kernel is compiled for column/column, column/literal and literal/column.
template <class Body>
void withOperandShapes(const ArgumentColumns &in, Body &&body)
{
    const bool l = in.isScalar(0);
    const bool r = in.isScalar(1);
    if (l && r)
        body.template operator()<true, true>();
    else if (l)
        body.template operator()<true, false>();
    else if (r)
        body.template operator()<false, true>();
    else
        body.template operator()<false, false>();
}

} // namespace streamstep::expr
