#include "streamstep/interval.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace streamstep {

namespace {

constexpr int64_t kMicrosPerMillis = 1000;
constexpr int64_t kMicrosPerSecond = 1000 * kMicrosPerMillis;
constexpr int64_t kMicrosPerMinute = 60 * kMicrosPerSecond;
constexpr int64_t kMicrosPerHour = 60 * kMicrosPerMinute;
constexpr int64_t kMicrosPerDay = 24 * kMicrosPerHour;
constexpr int kNanosPerMicros = 1000;
using WideInt = __int128;
constexpr int kInitialFractionScale = 100000000; // NANOS_PER_SECOND / 10

// Java's Character.isWhitespace restricted to ASCII, as Spark applies it to UTF-8 bytes.
bool isJavaWhitespace(char c)
{
    const auto b = static_cast<unsigned char>(c);
    return b == ' ' || b == '\t' || b == '\n' || b == 0x0B || b == '\f' || b == '\r'
        || (b >= 0x1C && b <= 0x1F);
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// Splits like Java's String.split("\\s+"): a leading empty piece when the text starts with
// whitespace, trailing empty pieces dropped, and [""] for an empty text.
std::vector<std::string> javaSplit(std::string_view text)
{
    if (text.empty())
        return {std::string()};
    std::vector<std::string> pieces;
    size_t i = 0;
    std::string piece;
    while (i < text.size()) {
        if (isJavaWhitespace(text[i])) {
            pieces.push_back(piece);
            piece.clear();
            while (i < text.size() && isJavaWhitespace(text[i]))
                ++i;
        } else {
            piece.push_back(text[i]);
            ++i;
        }
    }
    pieces.push_back(piece);
    while (!pieces.empty() && pieces.back().empty())
        pieces.pop_back();
    return pieces;
}

// Spark's currentWord: the whitespace-separated word of the input that position i is in.
std::string currentWord(std::string_view s, size_t i)
{
    const std::vector<std::string> words = javaSplit(s);
    const size_t lenRight = javaSplit(s.substr(i)).size();
    if (lenRight == 0 || lenRight > words.size())
        return std::string(s);
    return words[words.size() - lenRight];
}

struct IntervalError {
    std::string message;
};

int64_t addExact(int64_t a, int64_t b)
{
    int64_t r = 0;
    if (__builtin_add_overflow(a, b, &r))
        throw IntervalError{"long overflow"};
    return r;
}

int64_t multiplyExact(int64_t a, int64_t b)
{
    int64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r))
        throw IntervalError{"long overflow"};
    return r;
}

int32_t toIntExact(int64_t v)
{
    if (v < std::numeric_limits<int32_t>::min() || v > std::numeric_limits<int32_t>::max())
        throw IntervalError{"integer overflow"};
    return static_cast<int32_t>(v);
}

int32_t addExact32(int32_t a, int32_t b)
{
    int32_t r = 0;
    if (__builtin_add_overflow(a, b, &r))
        throw IntervalError{"integer overflow"};
    return r;
}

enum class ParseState {
    Prefix,
    TrimBeforeSign,
    Sign,
    TrimBeforeValue,
    Value,
    ValueFractionalPart,
    TrimBeforeUnit,
    UnitBegin,
    UnitSuffix,
    UnitEnd,
};

std::string trimAndLower(std::string_view text)
{
    size_t begin = 0;
    size_t end = text.size();
    while (begin < end && static_cast<unsigned char>(text[begin]) <= 0x20)
        ++begin;
    while (end > begin && static_cast<unsigned char>(text[end - 1]) <= 0x20)
        --end;
    std::string out(text.substr(begin, end - begin));
    for (char &c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// Follows Spark's SparkIntervalUtils.stringToInterval state machine, including its messages.
Interval parseOrThrow(std::string_view input)
{
    const std::string s = trimAndLower(input);
    if (s.empty())
        throw IntervalError{"interval string cannot be empty"};

    auto matchAt = [&s](std::string_view word, size_t at) {
        return s.compare(at, word.size(), word) == 0;
    };
    auto fail = [&s](size_t at, const std::string &prefix, const std::string &suffix) {
        throw IntervalError{prefix + currentWord(s, at) + suffix};
    };

    ParseState state = ParseState::Prefix;
    size_t i = 0;
    int64_t currentValue = 0;
    bool isNegative = false;
    Interval result;
    int fractionScale = 0;
    int64_t fraction = 0;
    bool pointPrefixed = false;

    auto trimToNextState = [&](char b, ParseState next) {
        if (isJavaWhitespace(b))
            ++i;
        else
            state = next;
    };

    while (i < s.size()) {
        const char b = s[i];
        switch (state) {
        case ParseState::Prefix: {
            constexpr std::string_view kInterval = "interval";
            if (s.starts_with(kInterval)) {
                if (s.size() == kInterval.size())
                    throw IntervalError{"interval string cannot be empty"};
                if (!isJavaWhitespace(s[i + kInterval.size()]))
                    fail(i, "invalid interval prefix ", "");
                i += kInterval.size() + 1;
            }
            state = ParseState::TrimBeforeSign;
            break;
        }
        case ParseState::TrimBeforeSign: trimToNextState(b, ParseState::Sign); break;
        case ParseState::Sign:
            currentValue = 0;
            fraction = 0;
            state = ParseState::TrimBeforeValue;
            fractionScale = -1;
            pointPrefixed = false;
            if (b == '-') {
                isNegative = true;
                ++i;
            } else if (b == '+') {
                isNegative = false;
                ++i;
            } else if (isDigit(b)) {
                isNegative = false;
            } else if (b == '.') {
                isNegative = false;
                fractionScale = kInitialFractionScale;
                pointPrefixed = true;
                ++i;
                state = ParseState::ValueFractionalPart;
            } else {
                fail(i, "unrecognized number '", "'");
            }
            break;
        case ParseState::TrimBeforeValue: trimToNextState(b, ParseState::Value); break;
        case ParseState::Value:
            if (isDigit(b))
                currentValue = addExact(multiplyExact(10, currentValue), b - '0');
            else if (isJavaWhitespace(b))
                state = ParseState::TrimBeforeUnit;
            else if (b == '.') {
                fractionScale = kInitialFractionScale;
                state = ParseState::ValueFractionalPart;
            } else
                fail(i, "invalid value '", "'");
            ++i;
            break;
        case ParseState::ValueFractionalPart:
            if (isDigit(b) && fractionScale > 0) {
                fraction += static_cast<int64_t>(b - '0') * fractionScale;
                fractionScale /= 10;
            } else if (isJavaWhitespace(b)
                       && (!pointPrefixed || fractionScale < kInitialFractionScale)) {
                fraction /= kNanosPerMicros;
                state = ParseState::TrimBeforeUnit;
            } else if (isDigit(b)) {
                fail(i, "interval can only support nanosecond precision, '", "' is out of range");
            } else {
                fail(i, "invalid value '", "'");
            }
            ++i;
            break;
        case ParseState::TrimBeforeUnit: trimToNextState(b, ParseState::UnitBegin); break;
        case ParseState::UnitBegin:
            // Spark: only seconds can have a fractional part.
            if (b != 's' && fractionScale >= 0)
                fail(i, "'", "' cannot have fractional part");
            if (isNegative) {
                currentValue = -currentValue;
                fraction = -fraction;
            }
            if (b == 'y' && matchAt("year", i)) {
                result.months = toIntExact(addExact(result.months, multiplyExact(12, currentValue)));
                i += 4;
            } else if (b == 'w' && matchAt("week", i)) {
                result.days = toIntExact(addExact(result.days, multiplyExact(7, currentValue)));
                i += 4;
            } else if (b == 'd' && matchAt("day", i)) {
                result.days = addExact32(result.days, toIntExact(currentValue));
                i += 3;
            } else if (b == 'h' && matchAt("hour", i)) {
                result.micros = addExact(result.micros, multiplyExact(currentValue, kMicrosPerHour));
                i += 4;
            } else if (b == 's' && matchAt("second", i)) {
                const int64_t secondsUs = multiplyExact(currentValue, kMicrosPerSecond);
                result.micros = addExact(addExact(result.micros, secondsUs), fraction);
                i += 6;
            } else if (b == 'm' && matchAt("month", i)) {
                result.months = addExact32(result.months, toIntExact(currentValue));
                i += 5;
            } else if (b == 'm' && matchAt("minute", i)) {
                result.micros = addExact(result.micros, multiplyExact(currentValue, kMicrosPerMinute));
                i += 6;
            } else if (b == 'm' && matchAt("millisecond", i)) {
                result.micros = addExact(result.micros, multiplyExact(currentValue, kMicrosPerMillis));
                i += 11;
            } else if (b == 'm' && matchAt("microsecond", i)) {
                result.micros = addExact(result.micros, currentValue);
                i += 11;
            } else {
                fail(i, "invalid unit '", "'");
            }
            state = ParseState::UnitSuffix;
            break;
        case ParseState::UnitSuffix:
            if (b == 's')
                state = ParseState::UnitEnd;
            else if (isJavaWhitespace(b))
                state = ParseState::TrimBeforeSign;
            else
                fail(i, "invalid unit '", "'");
            ++i;
            break;
        case ParseState::UnitEnd:
            if (isJavaWhitespace(b)) {
                ++i;
                state = ParseState::TrimBeforeSign;
            } else {
                fail(i, "invalid unit '", "'");
            }
            break;
        }
    }

    switch (state) {
    case ParseState::UnitSuffix:
    case ParseState::UnitEnd:
    case ParseState::TrimBeforeSign: return result;
    case ParseState::TrimBeforeValue: fail(i, "expect a number after '", "' but hit EOL"); break;
    case ParseState::Value:
    case ParseState::ValueFractionalPart:
        fail(i, "expect a unit name after '", "' but hit EOL");
        break;
    default: fail(i, "unknown error when parsing '", "'"); break;
    }
    return result;
}

} // namespace

std::optional<Interval> parseInterval(std::string_view text, std::string *error)
{
    try {
        return parseOrThrow(text);
    } catch (const IntervalError &e) {
        if (error)
            *error = e.message;
        return std::nullopt;
    }
}

int64_t watermarkDelayMs(const Interval &interval)
{
    // Spark's IntervalUtils.getDuration(delay, MILLISECONDS) with 31 days per month; TimeUnit's
    // conversion truncates towards zero.
    const WideInt total = static_cast<WideInt>(interval.months) * 31 * kMicrosPerDay
        + static_cast<WideInt>(interval.days) * kMicrosPerDay + interval.micros;
    const WideInt millis = total / kMicrosPerMillis;
    if (millis > std::numeric_limits<int64_t>::max())
        return std::numeric_limits<int64_t>::max();
    if (millis < std::numeric_limits<int64_t>::min())
        return std::numeric_limits<int64_t>::min();
    return static_cast<int64_t>(millis);
}

std::optional<int64_t> windowDurationMicros(const Interval &interval)
{
    if (interval.months != 0)
        return std::nullopt;
    int64_t daysMicros = 0;
    int64_t total = 0;
    if (__builtin_mul_overflow(static_cast<int64_t>(interval.days), kMicrosPerDay, &daysMicros)
        || __builtin_add_overflow(daysMicros, interval.micros, &total))
        return std::nullopt;
    return total;
}

} // namespace streamstep
