// Spark's ordering of values, in one place for every operator and aggregate that compares them:
// SQLOrderingUtil.compareDoubles for doubles (NaN equals NaN and is larger than every number,
// -0.0 equals 0.0), decimals by value whatever their scales, strings by UTF-8 bytes, windows by
// start then end, and NULL before everything (ascending, nulls first).
#pragma once

#include "streamstep/types.h"

#include <cmath>

namespace streamstep {

// -1, 0 or 1 by operator<.
template <typename T>
int threeWay(const T &a, const T &b)
{
    return a < b ? -1 : (b < a ? 1 : 0);
}

// Inline: aggregate folds call it per row.
inline int compareDoubles(double a, double b)
{
    if (a == b)
        return 0;
    const bool an = std::isnan(a);
    const bool bn = std::isnan(b);
    if (an || bn)
        return an == bn ? 0 : (an ? 1 : -1);
    return a < b ? -1 : 1;
}
// -1, 0 or 1. Both values have the same type (or are NULL).
int compareValues(const Value &a, const Value &b);

} // namespace streamstep
