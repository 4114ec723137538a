// Gives the engine, the widgets and the tests one home for the integer time arithmetic of
// Spark's timestamps (microseconds since the epoch, UTC): division that rounds toward negative
// infinity, so instants before 1970 fall into the right second, day and window, and the
// proleptic Gregorian calendar of java.time (days <-> year, month, day).
#pragma once

#include <array>
#include <cstddef>
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

struct CivilDate {
    int64_t year;
    int month; // 1..12
    int day;   // 1..31
};

// Days since 1970-01-01 of a date (Howard Hinnant's days_from_civil).
constexpr int64_t daysFromCivil(int64_t y, int m, int d)
{
    y -= m <= 2;
    const int64_t era = floorDiv(y, 400);
    const int64_t yoe = y - era * 400;
    const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

// The date `z` days after 1970-01-01 (Howard Hinnant's civil_from_days).
constexpr CivilDate civilFromDays(int64_t z)
{
    z += 719468;
    const int64_t era = floorDiv(z, 146097);
    const int64_t doe = z - era * 146097;
    const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const int64_t mp = (5 * doy + 2) / 153;
    const int d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
    const int m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
    return {yoe + era * 400 + (m <= 2), m, d};
}

constexpr bool isLeapYear(int64_t y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

constexpr int daysInMonth(int64_t y, int m)
{
    constexpr std::array<int, 12> kDays{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && isLeapYear(y) ? 29 : kDays[static_cast<size_t>(m - 1)];
}

// A timestamp's date and time of day (UTC).
struct CivilTime {
    CivilDate date;
    int hour;
    int minute;
    int second;
    int64_t microOfSecond;
};

constexpr CivilTime splitMicros(int64_t micros)
{
    const int64_t microOfDay = floorMod(micros, kMicrosPerDay);
    const int64_t secondOfDay = microOfDay / kMicrosPerSecond;
    return {civilFromDays(floorDiv(micros, kMicrosPerDay)), static_cast<int>(secondOfDay / 3600),
            static_cast<int>(secondOfDay / 60 % 60), static_cast<int>(secondOfDay % 60),
            microOfDay % kMicrosPerSecond};
}

} // namespace streamstep
