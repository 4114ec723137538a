// Spark 3.5's non-ANSI CAST over whole columns: invalid strings and out-of-range decimals become
// NULL instead of failing, integral narrowing wraps, doubles truncate, timestamps <-> numbers
// count seconds.
#pragma once

#include "streamstep/column_batch.h"

#include <optional>
#include <string_view>

namespace streamstep::expr {

// Spark's Cast.canCast for the types we have.
bool canCast(const DataType &from, const DataType &to);
// Casts every row of `input` to `to` (canCast must hold).
Column castColumn(const Column &input, const DataType &to);
// Casts one value (for folding literals).
Value castValue(const Value &value, const DataType &to);

struct QueryContext; // runtime_errors.h

// Spark's ANSI CAST (Cast with EvalMode.ANSI, the 4.2 profile): the same values as castColumn
// where the input is valid, and the batch fails at the first row that is not: a malformed string
// (CAST_INVALID_INPUT, also "1.5" to INT), a number outside an integral type (CAST_OVERFLOW) or a
// decimal's precision (NUMERIC_VALUE_OUT_OF_RANGE), with `context` as Spark's excerpt.
Column ansiCastColumn(const Column &input, const DataType &to, const QueryContext &context);
// The ANSI cast of one value for folding a literal; nullopt when it would fail.
std::optional<Value> ansiCastValue(const Value &value, const DataType &to);

// Spark's UTF8String.toLong/toInt (non-ANSI cast): trims, accepts a sign and a fraction that is
// dropped; nullopt when invalid or out of range.
std::optional<int64_t> parseIntegralText(std::string_view text, int64_t min, int64_t max);
// Java's (long) of a double, as Spark's casts and SecondsToTimestamp use it: NaN -> 0, and
// saturating at the ends of the range where C++ would be undefined.
int64_t doubleToLongJava(double d);
// Spark's cast string -> double: Java Double.parseDouble plus "inf"/"nan" spellings.
std::optional<double> parseDoubleText(std::string_view text);

} // namespace streamstep::expr
