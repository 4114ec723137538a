// Spark interval strings ("10 minutes", "1 hour 30 minutes", "500 milliseconds", "2 days"), as
// used by withWatermark delays and window()/session_window() durations.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace streamstep {

struct Interval {
    int32_t months = 0;
    int32_t days = 0;
    int64_t micros = 0;
    friend bool operator==(const Interval &, const Interval &) = default;
};

// Parses Spark's interval text: optional leading "interval", then one or more
// "<signed number> <unit>" pairs; units year(s) month(s) week(s) day(s) hour(s) minute(s)
// second(s) millisecond(s) microsecond(s), case-insensitive; seconds may have a fraction.
// On failure, nullopt and `error` says what is wrong ("invalid unit 'minuts'", Spark's wording).
std::optional<Interval> parseInterval(std::string_view text, std::string *error = nullptr);

// Spark's EventTimeWatermark.getDelayMs: a month counts 31 days (a year 12 months).
int64_t watermarkDelayMs(const Interval &interval);

// Spark's TimeWindow.getIntervalInMicroSeconds: days*86400e6 + micros; nullopt when months != 0
// (Spark: "Intervals greater than a month is not supported (<text>).").
std::optional<int64_t> windowDurationMicros(const Interval &interval);

} // namespace streamstep
