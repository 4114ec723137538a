// Spark 3.5's non-ANSI CAST over whole columns: invalid strings and out-of-range decimals become
// NULL instead of failing, integral narrowing wraps, doubles truncate, timestamps <-> numbers
// count seconds.
#pragma once

#include "streamstep/column_batch.h"

namespace streamstep::expr {

// Spark's Cast.canCast for the types we have.
bool canCast(const DataType &from, const DataType &to);
// Casts every row of `input` to `to` (canCast must hold).
Column castColumn(const Column &input, const DataType &to);
// Casts one value (for folding literals).
Value castValue(const Value &value, const DataType &to);

// Spark's UTF8String.toLong/toInt (non-ANSI cast): trims, accepts a sign and a fraction that is
// dropped; nullopt when invalid or out of range.
std::optional<int64_t> parseIntegralText(std::string_view text, int64_t min, int64_t max);
// Spark's cast string -> double: Java Double.parseDouble plus "inf"/"nan" spellings.
std::optional<double> parseDoubleText(std::string_view text);

} // namespace streamstep::expr
