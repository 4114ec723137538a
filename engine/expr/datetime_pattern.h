// Java DateTimeFormatter patterns as Spark's date_format/to_timestamp/unix_timestamp use them
// (UTC): the subset yyyy yy MM M MMM dd d HH H hh h mm m ss s S… a EEE plus quoted literal text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace streamstep::expr {

class DateTimePattern {
public:
    // Compiles a pattern; nullopt (and `error` set) for an unsupported letter or an unclosed quote.
    static std::optional<DateTimePattern> compile(std::string_view pattern, std::string *error = nullptr);

    std::string format(int64_t micros) const;
    // Parses the whole text; nullopt when it does not match (Spark non-ANSI: NULL).
    std::optional<int64_t> parse(std::string_view text) const;

private:
    struct Part {
        char letter = 0; // 0 for literal text
        int count = 0;
        std::string literal;
    };
    std::vector<Part> m_parts;
};

// Spark's timestampAddInterval in UTC: months (clamping the day), then days, then microseconds.
int64_t addMonthsToMicros(int64_t micros, int months);

} // namespace streamstep::expr
