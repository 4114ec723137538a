#include "streamstep/value_format.h"
#include "streamstep/column_batch.h"
#include "streamstep/time_math.h"
#include "types/plain_timestamp.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>

namespace streamstep {

namespace {

std::string int128ToString(Int128 v)
{
    if (v == 0)
        return "0";
    const bool negative = v < 0;
    // Work on the negative side so the minimum value does not overflow.
    std::string digits;
    Int128 n = negative ? v : -v;
    while (n != 0) {
        digits.push_back(static_cast<char>('0' - static_cast<int>(n % 10)));
        n /= 10;
    }
    if (negative)
        digits.push_back('-');
    return {digits.rbegin(), digits.rend()};
}

void appendJsonString(std::string &out, std::string_view text)
{
    static constexpr char kHex[] = "0123456789abcdef";
    out.push_back('"');
    size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20) {
                    out += "\\u00";
                    out.push_back(kHex[c >> 4]);
                    out.push_back(kHex[c & 0xF]);
                } else {
                    out.push_back(static_cast<char>(c));
                }
            }
            ++i;
            continue;
        }
        // Pass a well-formed UTF-8 sequence through; replace a malformed byte with U+FFFD.
        const size_t length = readUtf8Sequence(text, i).length;
        const bool valid = length != 0;
        if (valid) {
            out.append(text.substr(i, length));
            i += length;
        } else {
            out += "\xEF\xBF\xBD";
            ++i;
        }
    }
    out.push_back('"');
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// Java's Character.isWhitespace/isISOControl for ASCII, as UTF8String.trimAll trims.
bool isTrimmedByte(char c)
{
    return static_cast<unsigned char>(c) <= 0x20 || c == 0x7F;
}

bool parseDigits(std::string_view s, int &value)
{
    if (s.empty() || s.size() > 2)
        return false;
    value = 0;
    for (char c : s) {
        if (!isDigit(c))
            return false;
        value = value * 10 + (c - '0');
    }
    return true;
}

// java.time's ZoneOffset.of: "+h", "+hh", "+hh:mm", "+hhmm", "+hh:mm:ss", "+hhmmss", max 18:00.
std::optional<int64_t> parseOffsetSeconds(std::string_view s)
{
    if (s.empty() || (s[0] != '+' && s[0] != '-'))
        return std::nullopt;
    const int sign = s[0] == '-' ? -1 : 1;
    s.remove_prefix(1);
    int hours = 0;
    int minutes = 0;
    int seconds = 0;
    auto two = [&](std::string_view part, int &v) {
        return part.size() == 2 && parseDigits(part, v);
    };
    bool ok = false;
    switch (s.size()) {
    case 1:
    case 2: ok = parseDigits(s, hours); break;
    case 4: ok = two(s.substr(0, 2), hours) && two(s.substr(2, 2), minutes); break;
    case 5: ok = s[2] == ':' && two(s.substr(0, 2), hours) && two(s.substr(3, 2), minutes); break;
    case 6:
        ok = two(s.substr(0, 2), hours) && two(s.substr(2, 2), minutes)
            && two(s.substr(4, 2), seconds);
        break;
    case 8:
        ok = s[2] == ':' && s[5] == ':' && two(s.substr(0, 2), hours)
            && two(s.substr(3, 2), minutes) && two(s.substr(6, 2), seconds);
        break;
    default: break;
    }
    if (!ok || hours > 18 || minutes > 59 || seconds > 59)
        return std::nullopt;
    const int64_t total = hours * 3600 + minutes * 60 + seconds;
    if (total > 18 * 3600)
        return std::nullopt;
    return sign * total;
}

// Spark's getZoneId subset: "Z", "UTC"/"GMT"/"UT" with an optional offset, and bare offsets
// (also Spark's legacy "+h:mm" and "+hh:m"). Region ids (Europe/Berlin) are not supported.
std::optional<int64_t> parseZoneSeconds(std::string_view zone)
{
    while (!zone.empty() && isTrimmedByte(zone.front()))
        zone.remove_prefix(1);
    while (!zone.empty() && isTrimmedByte(zone.back()))
        zone.remove_suffix(1);
    std::string z(zone);
    // Spark: (+|-)h: -> (+|-)0h:   and   (+|-)hh:m$ -> (+|-)hh:0m
    for (size_t i = 0; i + 2 < z.size(); ++i) {
        if ((z[i] == '+' || z[i] == '-') && isDigit(z[i + 1]) && z[i + 2] == ':') {
            z.insert(i + 1, "0");
            break;
        }
    }
    if (z.size() >= 5) {
        const size_t n = z.size();
        if ((z[n - 5] == '+' || z[n - 5] == '-') && isDigit(z[n - 4]) && isDigit(z[n - 3])
            && z[n - 2] == ':' && isDigit(z[n - 1]))
            z.insert(n - 1, "0");
    }
    if (z == "Z" || z == "UTC" || z == "GMT" || z == "UT")
        return 0;
    std::string_view rest = z;
    for (std::string_view prefix : {"UTC", "GMT", "UT"}) {
        if (rest.starts_with(prefix) && rest.size() > prefix.size()
            && (rest[prefix.size()] == '+' || rest[prefix.size()] == '-')) {
            rest.remove_prefix(prefix.size());
            break;
        }
    }
    return parseOffsetSeconds(rest);
}

// A double's decimal digits and scientific exponent, from std::to_chars's text.
struct ShortestDecimal {
    std::string digits; // no leading/trailing zeros, at least one digit
    int exponent = 0;   // scientific exponent: value = d1.d2d3... * 10^exponent
};

ShortestDecimal splitScientific(std::string_view text)
{
    // text like "1.2345e+07" or "5e-324"
    ShortestDecimal out;
    const size_t e = text.find('e');
    for (char c : text.substr(0, e))
        if (isDigit(c))
            out.digits.push_back(c);
    std::string_view exponent = text.substr(e + 1);
    if (!exponent.empty() && exponent[0] == '+')
        exponent.remove_prefix(1);
    std::from_chars(exponent.data(), exponent.data() + exponent.size(), out.exponent);
    while (out.digits.size() > 1 && out.digits.back() == '0')
        out.digits.pop_back();
    return out;
}

} // namespace

std::string formatDouble(double v)
{
    if (std::isnan(v))
        return "NaN";
    if (std::isinf(v))
        return v > 0 ? "Infinity" : "-Infinity";
    if (v == 0)
        return std::signbit(v) ? "-0.0" : "0.0";

    std::string sign = v < 0 ? "-" : "";
    const double magnitude = std::fabs(v);
    char buffer[64];
    auto result = std::to_chars(buffer, buffer + sizeof(buffer), magnitude,
                                std::chars_format::scientific);
    ShortestDecimal decimal = splitScientific(std::string_view(buffer, result.ptr - buffer));
    if (decimal.digits.size() == 1) {
        // Java (JDK 19+ spec, Raffaello Giulietti): when one digit suffices, the closest decimal
        // of one or two digits is chosen ("4.9E-324", not "5.0E-324").
        result = std::to_chars(buffer, buffer + sizeof(buffer), magnitude,
                               std::chars_format::scientific, 1);
        decimal = splitScientific(std::string_view(buffer, result.ptr - buffer));
    }

    const std::string &digits = decimal.digits;
    const int exponent = decimal.exponent;
    std::string out = sign;
    if (magnitude >= 1e-3 && magnitude < 1e7) {
        if (exponent >= 0) {
            const size_t integerDigits = static_cast<size_t>(exponent) + 1;
            if (digits.size() <= integerDigits) {
                out += digits;
                out.append(integerDigits - digits.size(), '0');
                out += ".0";
            } else {
                out += digits.substr(0, integerDigits);
                out += '.';
                out += digits.substr(integerDigits);
            }
        } else {
            out += "0.";
            out.append(static_cast<size_t>(-exponent - 1), '0');
            out += digits;
        }
    } else {
        out += digits[0];
        out += '.';
        out += digits.size() > 1 ? digits.substr(1) : "0";
        out += 'E';
        out += std::to_string(exponent);
    }
    return out;
}

std::string formatDecimal(Int128 unscaled, int scale)
{
    std::string out;
    appendDecimal(out, unscaled, scale);
    return out;
}

void appendDecimal(std::string &out, Int128 unscaled, int scale)
{
    const bool negative = unscaled < 0;
    // The digits of |unscaled|: std::to_chars for what fits 64 bits (nearly every amount).
    char buffer[48];
    const char *digits = buffer;
    size_t length = 0;
    std::string wide;
    constexpr Int128 kMax64 = std::numeric_limits<int64_t>::max();
    if (unscaled >= -kMax64 && unscaled <= kMax64) {
        const auto magnitude = static_cast<uint64_t>(negative ? -unscaled : unscaled);
        length = static_cast<size_t>(std::to_chars(buffer, buffer + sizeof buffer, magnitude).ptr - buffer);
    } else {
        wide = int128ToString(unscaled);
        digits = wide.data() + (negative ? 1 : 0);
        length = wide.size() - (negative ? 1 : 0);
    }
    if (negative)
        out += '-';
    if (scale <= 0) {
        out.append(digits, length);
        if (unscaled != 0)
            out.append(static_cast<size_t>(-scale), '0');
        return;
    }
    const size_t fraction = static_cast<size_t>(scale);
    if (length <= fraction) {
        out += "0.";
        out.append(fraction - length, '0');
        out.append(digits, length);
        return;
    }
    out.append(digits, length - fraction);
    out += '.';
    out.append(digits + length - fraction, fraction);
}

namespace {

// Writes a non-negative v with at least `width` digits into `at`; returns the end.
char *putZeroPadded(char *at, int64_t v, int width)
{
    char digits[24];
    const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, v);
    for (int n = static_cast<int>(end - digits); n < width; ++n)
        *at++ = '0';
    return std::copy(digits, end, at);
}

// Spark's timestamp text, written in place: every cell of a shown or printed batch comes here,
// and one string per part (the earlier way) was most of a 100,000-row table's formatting time.
void appendTimestamp(std::string &out, int64_t micros)
{
    const CivilTime t = splitMicros(micros);
    char text[64];
    char *at = text;
    // java.time's ISO_LOCAL_DATE year: at least 4 digits, '+' beyond 9999, '-' before year 0.
    if (t.date.year > 9999)
        *at++ = '+';
    else if (t.date.year < 0)
        *at++ = '-';
    at = putZeroPadded(at, t.date.year < 0 ? -t.date.year : t.date.year, 4);
    *at++ = '-';
    at = putZeroPadded(at, t.date.month, 2);
    *at++ = '-';
    at = putZeroPadded(at, t.date.day, 2);
    *at++ = ' ';
    at = putZeroPadded(at, t.hour, 2);
    *at++ = ':';
    at = putZeroPadded(at, t.minute, 2);
    *at++ = ':';
    at = putZeroPadded(at, t.second, 2);
    if (t.microOfSecond != 0) {
        *at++ = '.';
        at = putZeroPadded(at, t.microOfSecond, 6);
        while (at[-1] == '0')
            --at;
    }
    out.append(text, at);
}

} // namespace

std::string formatTimestamp(int64_t micros)
{
    std::string out;
    appendTimestamp(out, micros);
    return out;
}

void appendTimestampIso(std::string &out, int64_t micros)
{
    const CivilTime t = splitMicros(micros);
    // SimpleDateFormat's "yyyy": at least four digits, no sign; years before 1 as year of era.
    const int64_t year = t.date.year > 0 ? t.date.year : 1 - t.date.year;
    char text[48];
    char *at = putZeroPadded(text, year, 4);
    *at++ = '-';
    at = putZeroPadded(at, t.date.month, 2);
    *at++ = '-';
    at = putZeroPadded(at, t.date.day, 2);
    *at++ = 'T';
    at = putZeroPadded(at, t.hour, 2);
    *at++ = ':';
    at = putZeroPadded(at, t.minute, 2);
    *at++ = ':';
    at = putZeroPadded(at, t.second, 2);
    *at++ = '.';
    at = putZeroPadded(at, t.microOfSecond / 1000, 3);
    *at++ = 'Z';
    out.append(text, at);
}

std::string formatTimestampIso(int64_t micros)
{
    std::string out;
    appendTimestampIso(out, micros);
    return out;
}

std::string toDisplayString(const Value &value)
{
    struct Visitor {
        std::string operator()(std::monostate) const { return "NULL"; }
        std::string operator()(bool v) const { return v ? "true" : "false"; }
        std::string operator()(int32_t v) const { return std::to_string(v); }
        std::string operator()(Long v) const { return std::to_string(v.value); }
        std::string operator()(double v) const { return formatDouble(v); }
        std::string operator()(const Decimal &v) const { return formatDecimal(v.unscaled, v.scale); }
        std::string operator()(const std::string &v) const { return v; }
        std::string operator()(Timestamp v) const { return formatTimestamp(v.micros); }
        std::string operator()(const WindowBounds &v) const
        {
            std::string out = "{";
            appendTimestamp(out, v.startMicros);
            out += ", ";
            appendTimestamp(out, v.endMicros);
            out += '}';
            return out;
        }
    };
    return std::visit(Visitor{}, value.storage());
}

namespace {

void appendInteger(std::string &out, int64_t v)
{
    char digits[24];
    out.append(digits, std::to_chars(digits, digits + sizeof digits, v).ptr);
}

} // namespace

void appendDisplayText(std::string &out, const Column &column, size_t row)
{
    if (column.isNull(row)) {
        out += "NULL";
        return;
    }
    const DataType &type = column.type();
    switch (type.kind) {
    case TypeKind::Null: out += "NULL"; return;
    case TypeKind::Boolean: out += column.ints()[row] != 0 ? "true" : "false"; return;
    case TypeKind::Int:
    case TypeKind::Long: appendInteger(out, column.ints()[row]); return;
    case TypeKind::Double: out += formatDouble(column.doubles()[row]); return;
    case TypeKind::Decimal: appendDecimal(out, column.decimals()[row], type.scale); return;
    case TypeKind::String: out += column.strings()[row]; return;
    case TypeKind::Timestamp: appendTimestamp(out, column.ints()[row]); return;
    case TypeKind::Window:
        out += '{';
        appendTimestamp(out, column.ints()[row]);
        out += ", ";
        appendTimestamp(out, column.ends()[row]);
        out += '}';
        return;
    }
}

std::string toJsonText(const Value &value)
{
    struct Visitor {
        std::string operator()(std::monostate) const { return "null"; }
        std::string operator()(bool v) const { return v ? "true" : "false"; }
        std::string operator()(int32_t v) const { return std::to_string(v); }
        std::string operator()(Long v) const { return std::to_string(v.value); }
        std::string operator()(double v) const
        {
            if (std::isfinite(v))
                return formatDouble(v);
            return '"' + formatDouble(v) + '"';
        }
        std::string operator()(const Decimal &v) const { return formatDecimal(v.unscaled, v.scale); }
        std::string operator()(const std::string &v) const
        {
            std::string out;
            out.reserve(v.size() + 2);
            appendJsonString(out, v);
            return out;
        }
        std::string operator()(Timestamp v) const { return '"' + formatTimestampIso(v.micros) + '"'; }
        std::string operator()(const WindowBounds &v) const
        {
            return "{\"start\": \"" + formatTimestampIso(v.startMicros) + "\", \"end\": \""
                + formatTimestampIso(v.endMicros) + "\"}";
        }
    };
    return std::visit(Visitor{}, value.storage());
}

void appendJsonText(std::string &out, const Column &column, size_t row)
{
    if (column.isNull(row)) {
        out += "null";
        return;
    }
    const DataType &type = column.type();
    switch (type.kind) {
    case TypeKind::Null: out += "null"; return;
    case TypeKind::Boolean: out += column.ints()[row] != 0 ? "true" : "false"; return;
    case TypeKind::Int:
    case TypeKind::Long: appendInteger(out, column.ints()[row]); return;
    case TypeKind::Double: {
        const double v = column.doubles()[row];
        if (std::isfinite(v)) {
            out += formatDouble(v);
        } else {
            out += '"';
            out += formatDouble(v);
            out += '"';
        }
        return;
    }
    case TypeKind::Decimal: appendDecimal(out, column.decimals()[row], type.scale); return;
    case TypeKind::String: appendJsonString(out, column.strings()[row]); return;
    case TypeKind::Timestamp:
        out += '"';
        appendTimestampIso(out, column.ints()[row]);
        out += '"';
        return;
    case TypeKind::Window:
        out += "{\"start\": \"";
        appendTimestampIso(out, column.ints()[row]);
        out += "\", \"end\": \"";
        appendTimestampIso(out, column.ends()[row]);
        out += "\"}";
        return;
    }
}

bool parsePlainTimestamp(std::string_view text, std::optional<int64_t> &micros)
{
    if (!((text.size() == 19 || (text.size() >= 21 && text.size() <= 26 && text[19] == '.')) && text[4] == '-'
          && text[7] == '-' && (text[10] == ' ' || text[10] == 'T') && text[13] == ':' && text[16] == ':'))
        return false;
    auto number = [&](size_t from, size_t count) -> int {
        int v = 0;
        for (size_t k = from; k < from + count; ++k) {
            if (!isDigit(text[k]))
                return -1;
            v = v * 10 + (text[k] - '0');
        }
        return v;
    };
    const int year = number(0, 4);
    const int month = number(5, 2);
    const int day = number(8, 2);
    const int hour = number(11, 2);
    const int minute = number(14, 2);
    const int second = number(17, 2);
    int fraction = text.size() > 19 ? number(20, text.size() - 20) : 0;
    for (size_t digits = text.size() > 19 ? text.size() - 20 : 6; digits < 6 && fraction >= 0; ++digits)
        fraction *= 10;
    if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0 || fraction < 0)
        return false;
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59)
        micros = std::nullopt;
    else
        micros = (daysFromCivil(year, month, day) * 86'400 + hour * 3600 + minute * 60 + second) * kMicrosPerSecond + fraction;
    return true;
}

std::optional<int64_t> parseTimestamp(std::string_view text)
{
    // Spark 3.5 DateTimeUtils.parseTimestampString + stringToTimestamp, UTC session zone.
    while (!text.empty() && isTrimmedByte(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isTrimmedByte(text.back()))
        text.remove_suffix(1);
    if (text.empty())
        return std::nullopt;

    // The common shape, "YYYY-MM-DD HH:MM:SS[.ffffff]" (or with 'T'), without the general scan
    // below; the checks and the arithmetic are the same.
    if (std::optional<int64_t> micros; parsePlainTimestamp(text, micros))
        return micros;

    auto isValidDigits = [](int segment, int digits) {
        constexpr int kMaxDigitsYear = 6;
        return segment == 6 || (segment == 0 && digits >= 4 && digits <= kMaxDigitsYear)
            || (segment == 7 && digits <= 2)
            || (segment != 0 && segment != 6 && segment != 7 && digits > 0 && digits <= 2);
    };

    std::array<int64_t, 9> segments{1, 1, 1, 0, 0, 0, 0, 0, 0};
    std::optional<std::string_view> zone;
    int i = 0;
    int64_t currentValue = 0;
    int currentDigits = 0;
    int fractionDigits = 0;
    bool justTime = false;
    int yearSign = 1;
    bool hasYearSign = false;
    size_t j = 0;
    if (text[0] == '-' || text[0] == '+') {
        yearSign = text[0] == '-' ? -1 : 1;
        hasYearSign = true;
        j = 1;
    }
    auto closeSegment = [&](int segment) {
        if (!isValidDigits(segment, currentDigits))
            return false;
        segments[static_cast<size_t>(segment)] = currentValue;
        currentValue = 0;
        currentDigits = 0;
        return true;
    };
    while (j < text.size()) {
        const char b = text[j];
        if (!isDigit(b)) {
            if (j == 0 && b == 'T') {
                justTime = true;
                i += 3;
            } else if (i < 2) {
                if (b == '-') {
                    if (!closeSegment(i))
                        return std::nullopt;
                    ++i;
                } else if (i == 0 && b == ':' && !hasYearSign) {
                    justTime = true;
                    if (!closeSegment(3))
                        return std::nullopt;
                    i = 4;
                } else {
                    return std::nullopt;
                }
            } else if (i == 2) {
                if (b != ' ' && b != 'T')
                    return std::nullopt;
                if (!closeSegment(i))
                    return std::nullopt;
                ++i;
            } else if (i == 3 || i == 4) {
                if (b != ':')
                    return std::nullopt;
                if (!closeSegment(i))
                    return std::nullopt;
                ++i;
            } else if (i == 5 || i == 6) {
                if (b == '.' && i == 5) {
                    if (!closeSegment(i))
                        return std::nullopt;
                    ++i;
                } else {
                    if (!closeSegment(i))
                        return std::nullopt;
                    ++i;
                    zone = text.substr(j);
                    j = text.size() - 1;
                }
                if (i == 6 && b != '.')
                    ++i;
            } else {
                return std::nullopt;
            }
        } else {
            if (i == 6)
                ++fractionDigits;
            // More than 18 digits in a field is no timestamp (checked before the digit is added,
            // which could overflow).
            if (currentDigits >= 18 && i != 6)
                return std::nullopt;
            // Spark: fraction digits beyond microseconds are truncated.
            if (i != 6 || currentDigits < 6)
                currentValue = currentValue * 10 + (b - '0');
            ++currentDigits;
        }
        ++j;
    }
    if (!isValidDigits(i, currentDigits))
        return std::nullopt;
    segments[static_cast<size_t>(i)] = currentValue;
    if (justTime)
        return std::nullopt;
    for (; fractionDigits < 6; ++fractionDigits)
        segments[6] *= 10;

    int64_t offsetSeconds = 0;
    if (zone) {
        const auto parsed = parseZoneSeconds(*zone);
        if (!parsed)
            return std::nullopt;
        offsetSeconds = *parsed;
    }
    const int64_t year = segments[0] * yearSign;
    const int64_t month = segments[1];
    const int64_t day = segments[2];
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, static_cast<int>(month)))
        return std::nullopt;
    if (segments[3] > 23 || segments[4] > 59 || segments[5] > 59)
        return std::nullopt;
    const int64_t days = daysFromCivil(year, static_cast<int>(month), static_cast<int>(day));
    const int64_t seconds = days * 86'400 + segments[3] * 3600 + segments[4] * 60 + segments[5]
        - offsetSeconds;
    // Spark: instantToMicros overflows (-> null) beyond the long range.
    const Int128 micros = static_cast<Int128>(seconds) * kMicrosPerSecond + segments[6];
    if (micros > std::numeric_limits<int64_t>::max() || micros < std::numeric_limits<int64_t>::min())
        return std::nullopt;
    return static_cast<int64_t>(micros);
}

std::optional<Decimal> parseDecimalText(std::string_view text)
{
    if (text.empty())
        return std::nullopt;
    bool negative = false;
    if (text[0] == '+' || text[0] == '-') {
        negative = text[0] == '-';
        text.remove_prefix(1);
    }
    Int128 unscaled = 0;
    int significantDigits = 0;
    int scale = 0;
    bool anyDigit = false;
    bool seenPoint = false;
    for (char c : text) {
        if (c == '.') {
            if (seenPoint)
                return std::nullopt;
            seenPoint = true;
            continue;
        }
        if (!isDigit(c))
            return std::nullopt;
        anyDigit = true;
        if (seenPoint)
            ++scale;
        if (significantDigits == 0 && c == '0')
            continue;
        if (++significantDigits > DataType::kMaxPrecision)
            return std::nullopt;
        unscaled = unscaled * 10 + (c - '0');
    }
    if (!anyDigit)
        return std::nullopt;
    const int precision = std::max({significantDigits, scale, 1});
    if (precision > DataType::kMaxPrecision)
        return std::nullopt;
    return Decimal{negative ? -unscaled : unscaled, precision, scale};
}

Utf8Sequence readUtf8Sequence(std::string_view text, size_t at)
{
    const auto c = static_cast<unsigned char>(text[at]);
    size_t length = 0;
    char32_t codePoint = 0;
    if (c >= 0xC2 && c <= 0xDF) {
        length = 2;
        codePoint = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        length = 3;
        codePoint = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        length = 4;
        codePoint = c & 0x07;
    }
    if (length == 0 || at + length > text.size())
        return {};
    for (size_t k = 1; k < length; ++k) {
        const auto cc = static_cast<unsigned char>(text[at + k]);
        if ((cc & 0xC0) != 0x80)
            return {};
        codePoint = (codePoint << 6) | (cc & 0x3F);
    }
    if ((length == 3 && (codePoint < 0x800 || (codePoint >= 0xD800 && codePoint <= 0xDFFF)))
        || (length == 4 && (codePoint < 0x10000 || codePoint > 0x10FFFF)))
        return {};
    return {codePoint, length};
}

} // namespace streamstep
