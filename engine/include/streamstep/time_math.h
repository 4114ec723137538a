// Gives the engine, the widgets and the tests one home for the integer time arithmetic of
// Spark's timestamps (microseconds since the epoch, UTC): division that rounds toward negative
// infinity, so instants before 1970 fall into the right second, day and window.
#pragma once

#include <cstdint>

namespace streamstep {

constexpr int64_t kMicrosPerMilli = 1'000;
constexpr int64_t kMicrosPerSecond = 1'000'000;
constexpr int64_t kMicrosPerDay = 86'400 * kMicrosPerSecond;
constexpr int64_t kMillisPerDay = 86'400'000;

// a / b rounded toward negative infinity (Java's Math.floorDiv); b != 0.
constexpr int64_t floorDiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

// a − floorDiv(a, b)·b, in [0, b) for b > 0 (Java's Math.floorMod).
constexpr int64_t floorMod(int64_t a, int64_t b)
{
    // Not a - floorDiv(a, b) * b: that product overflows for the most negative a.
    const int64_t r = a % b;
    return r != 0 && ((r < 0) != (b < 0)) ? r + b : r;
}

} // namespace streamstep
