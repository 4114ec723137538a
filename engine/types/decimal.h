// Exact decimal arithmetic on Int128 unscaled values, reproducing Spark's Decimal (Java
// BigDecimal underneath) and the result types of Spark's DecimalPrecision rules, so sums of money
// never drift the way doubles do. Results that do not fit their type are nullopt: Spark's
// non-ANSI "null on overflow".
#pragma once

#include "streamstep/types.h"

#include <optional>
#include <string_view>

namespace streamstep {

// 10^n for 0 <= n <= 38.
Int128 pow10Int128(int n);
// The number of decimal digits of |v| (Java BigDecimal precision: 0 has 1 digit).
int decimalDigits(Int128 v);
// Whether |unscaled| has at most `precision` digits.
bool fitsPrecision(Int128 unscaled, int precision);

// Spark's DecimalType.bounded: both capped at 38.
DataType boundedDecimalType(int precision, int scale);
// Spark's DecimalType.adjustPrecisionScale (spark.sql.decimalOperations.allowPrecisionLoss=true):
// beyond precision 38 the scale shrinks, but not below min(scale, 6).
DataType adjustPrecisionScale(int precision, int scale);
// Spark's DecimalType.forType: int -> decimal(10,0), long -> decimal(20,0).
DataType decimalTypeForIntegral(TypeKind kind);
// Spark's DecimalType.fromLiteral for an integral literal: just the digits the value needs.
DataType decimalTypeForIntegralLiteral(int64_t value);
// Spark's DecimalPrecision.widerDecimalType (bounded).
DataType widerDecimalType(const DataType &a, const DataType &b);
// Result types of Add/Subtract, Multiply, Divide and Remainder in Spark 3.5's arithmetic.scala.
DataType decimalAddType(const DataType &a, const DataType &b);
DataType decimalMultiplyType(const DataType &a, const DataType &b);
DataType decimalDivideType(const DataType &a, const DataType &b);
DataType decimalRemainderType(const DataType &a, const DataType &b);

// Spark's Decimal.changePrecision with ROUND_HALF_UP: the value at `toScale`, nullopt if it
// needs more than `precision` digits.
std::optional<Int128> rescaleDecimal(Int128 unscaled, int fromScale, int toScale, int precision);

// Spark's Decimal `+ - * / %` followed by toPrecision(resultType, HALF_UP, nullOnOverflow):
// multiply rounds to 38 significant digits first (Java MathContext(38, HALF_UP)), divide
// computes 38 fraction digits HALF_UP first (BigDecimal.divide(d, 38, HALF_UP)), both as Spark
// does; division or remainder by zero is nullopt.
std::optional<Int128> decimalAdd(Int128 a, int aScale, Int128 b, int bScale, const DataType &result);
std::optional<Int128> decimalSubtract(Int128 a, int aScale, Int128 b, int bScale,
                                      const DataType &result);
std::optional<Int128> decimalMultiply(Int128 a, int aScale, Int128 b, int bScale,
                                      const DataType &result);
std::optional<Int128> decimalDivide(Int128 a, int aScale, Int128 b, int bScale,
                                    const DataType &result);
std::optional<Int128> decimalRemainder(Int128 a, int aScale, Int128 b, int bScale,
                                       const DataType &result);

// Compares two decimals exactly across scales: -1, 0 or 1.
int compareDecimal(Int128 a, int aScale, Int128 b, int bScale);

// Java BigDecimal.doubleValue (correctly rounded).
double decimalToDouble(Int128 unscaled, int scale);
// Spark's Decimal(double) (the double's shortest decimal text, like Scala's BigDecimal.decimal)
// changed to decimal(precision, scale) HALF_UP; nullopt for NaN, infinities and overflow.
std::optional<Int128> doubleToDecimal(double value, int precision, int scale);
// Spark's Decimal.fromString (Java BigDecimal syntax after trimming: sign, digits, fraction,
// exponent) changed to decimal(precision, scale) HALF_UP; nullopt when invalid or too large.
std::optional<Int128> parseDecimalToType(std::string_view text, int precision, int scale);
// Java BigDecimal.toBigInteger().longValue(): truncates the fraction, keeps the low 64 bits.
int64_t decimalToLongWrapping(Int128 unscaled, int scale);

} // namespace streamstep
