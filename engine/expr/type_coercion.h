// Spark 3.5's type coercion rules (TypeCoercion.scala, non-ANSI) as functions of types only, shared
// by the binder's operators and the function registry's argument rules.
#pragma once

#include "streamstep/types.h"

#include <optional>
#include <vector>

namespace streamstep::expr {

// Every type but the window struct and NULL's type (Spark's AtomicType, for our types).
bool isAtomic(const DataType &t);
// Spark's TypeCoercion.findTightestCommonType.
std::optional<DataType> tightestCommonType(const DataType &a, const DataType &b);
// Spark's findWiderTypeForTwo: tightest, then decimal widening, then string promotion.
std::optional<DataType> widerTypeForTwo(const DataType &a, const DataType &b);
// Spark's findWiderCommonType over all types (coalesce, IN, CASE).
std::optional<DataType> widerCommonType(const std::vector<DataType> &types);
// Spark's TypeCoercion.implicitCast towards a concrete type (nullopt: not allowed).
std::optional<DataType> implicitCastTarget(const DataType &from, const DataType &to);

} // namespace streamstep::expr
