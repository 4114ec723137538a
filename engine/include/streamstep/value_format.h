// Text forms of values, as Spark writes and reads them: cast to string (console cells, concat,
// CAST(x AS STRING)), JSON output (the CLI's --jsonl), and parsing timestamps and decimals.
#pragma once

#include "streamstep/types.h"

#include <optional>
#include <string>
#include <string_view>

namespace streamstep {

class Column;

// Java's Double.toString, as Spark prints doubles: "1.0", "0.1", "1.0E7", "1.234E-5", "NaN",
// "Infinity", "-Infinity", "-0.0".
std::string formatDouble(double v);

// Plain decimal text with exactly `scale` fraction digits: "250000.10", "-0.05", "12".
std::string formatDecimal(Int128 unscaled, int scale);
// The same, appended to out (no temporary string).
void appendDecimal(std::string &out, Int128 unscaled, int scale);

// Spark's timestamp to string in UTC: "2026-03-01 10:00:00", fraction without trailing zeros
// ("2026-03-01 10:00:00.5", "...:00.000123"). Years outside 0000-9999 as Spark prints them.
std::string formatTimestamp(int64_t micros);

// ISO-8601 UTC with milliseconds, as Spark's progress JSON: "2026-03-01T10:00:00.000Z"
// (microseconds truncated towards minus infinity to milliseconds).
std::string formatTimestampIso(int64_t micros);
// The same, appended to out (no temporary string).
void appendTimestampIso(std::string &out, int64_t micros);

// Spark's string form of a value (Cast to string / ToPrettyString): NULL -> "NULL", booleans
// "true"/"false", window structs "{2026-03-01 10:00:00, 2026-03-01 10:05:00}".
std::string toDisplayString(const Value &value);
// Appends toDisplayString of a column's row, read from the column's storage (no Value).
void appendDisplayText(std::string &out, const Column &column, size_t row);

// The value as a JSON text for --jsonl: null, true, 42, 12.50 (decimals keep their scale, as
// JSON numbers), doubles as JSON numbers (NaN/Infinity as strings "NaN", "Infinity"), strings
// escaped, timestamps as ISO strings with milliseconds, windows as {"start": …, "end": …}.
std::string toJsonText(const Value &value);
// Appends toJsonText of a column's row, read from the column's storage (no Value, no temporaries).
void appendJsonText(std::string &out, const Column &column, size_t row);

// Parses a timestamp string like Spark's stringToTimestamp in UTC: "YYYY-MM-DD",
// "YYYY-MM-DD HH:MM[:SS[.ffffff]]", ISO-8601 with "T" and an optional "Z" (or +hh:mm offset).
// Returns microseconds since epoch, or nullopt when the text is not a timestamp.
std::optional<int64_t> parseTimestamp(std::string_view text);

// Parses a decimal number text exactly ("-12.50", "1e3" is rejected, "+3", ".5"): the unscaled
// value and the scale as written (precision = number of significant digits, at least scale, at
// least 1). nullopt if not a plain decimal number or more than 38 digits.
std::optional<Decimal> parseDecimalText(std::string_view text);

// Reads the UTF-8 sequence starting at text[at] (not ASCII) as Java's String constructor does:
// its code point and byte length, or length 0 when the byte starts no well-formed sequence
// (overlong, surrogate, beyond U+10FFFF, truncated), which Java turns into U+FFFD.
struct Utf8Sequence {
    char32_t codePoint = 0;
    size_t length = 0;
};
Utf8Sequence readUtf8Sequence(std::string_view text, size_t at);

} // namespace streamstep
