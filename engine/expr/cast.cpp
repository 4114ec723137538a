#include "expr/cast.h"

#include "expr/kernel.h"
#include "expr/runtime_errors.h"
#include "types/decimal.h"

#include "streamstep/value_format.h"
#include "streamstep/time_math.h"
#include "types/text.h"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

namespace streamstep::expr {

namespace {

bool isSpace(char c) { return static_cast<unsigned char>(c) <= ' ' || c == 0x7F; }

std::string_view trim(std::string_view s)
{
    size_t b = 0;
    size_t e = s.size();
    while (b < e && isSpace(s[b]))
        ++b;
    while (e > b && isSpace(s[e - 1]))
        --e;
    return s.substr(b, e - b);
}

// Java's (long) and (int) casts of a double: NaN -> 0, saturating at the range ends (for long the
// bound 2^63 is the double nearest Long.MAX_VALUE, as in Java).
template <typename T>
T doubleToIntegralJava(double d)
{
    if (std::isnan(d))
        return 0;
    if (d >= static_cast<double>(std::numeric_limits<T>::max()))
        return std::numeric_limits<T>::max();
    if (d <= static_cast<double>(std::numeric_limits<T>::min()))
        return std::numeric_limits<T>::min();
    return static_cast<T>(d);
}

int32_t doubleToIntJava(double d) { return doubleToIntegralJava<int32_t>(d); }

int64_t wrapToInt(int64_t v) { return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(v))); }

// Spark's DateTimeUtils: seconds -> micros saturating (TimeUnit.SECONDS.toMicros).
int64_t secondsToMicros(int64_t s)
{
    constexpr int64_t kMax = std::numeric_limits<int64_t>::max() / kMicrosPerSecond;
    if (s > kMax)
        return std::numeric_limits<int64_t>::max();
    if (s < -kMax)
        return std::numeric_limits<int64_t>::min();
    return s * kMicrosPerSecond;
}

std::optional<bool> parseBooleanText(std::string_view text)
{
    const std::string s = asciiLowerCase(trim(text));
    if (s == "t" || s == "true" || s == "y" || s == "yes" || s == "1")
        return true;
    if (s == "f" || s == "false" || s == "n" || s == "no" || s == "0")
        return false;
    return std::nullopt;
}

// The value of row `i` as a double, for numeric sources.
double numericAsDouble(const Column &c, size_t i)
{
    switch (c.type().kind) {
    case TypeKind::Int:
    case TypeKind::Long: return static_cast<double>(c.ints()[i]);
    case TypeKind::Double: return c.doubles()[i];
    case TypeKind::Decimal: return decimalToDouble(c.decimals()[i], c.type().scale);
    case TypeKind::Boolean: return c.ints()[i] ? 1.0 : 0.0;
    case TypeKind::Timestamp: return static_cast<double>(c.ints()[i]) / 1e6;
    default: return 0;
    }
}

std::string rowToString(const Column &c, size_t i)
{
    switch (c.type().kind) {
    case TypeKind::Boolean: return c.ints()[i] ? "true" : "false";
    case TypeKind::Int:
    case TypeKind::Long: return std::to_string(c.ints()[i]);
    case TypeKind::Double: return formatDouble(c.doubles()[i]);
    case TypeKind::Decimal: return formatDecimal(c.decimals()[i], c.type().scale);
    case TypeKind::String: return c.strings()[i];
    case TypeKind::Timestamp: return formatTimestamp(c.ints()[i]);
    case TypeKind::Window: return toDisplayString(c.get(i));
    case TypeKind::Null: return "";
    }
    return "";
}

} // namespace

std::optional<int64_t> parseIntegralText(std::string_view text, int64_t min, int64_t max)
{
    std::string_view s = trim(text);
    if (s.empty())
        return std::nullopt;
    size_t i = 0;
    const bool negative = s[0] == '-';
    if (negative || s[0] == '+') {
        if (s.size() == 1)
            return std::nullopt;
        i = 1;
    }
    __int128 result = 0;
    for (; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '.')
            break;
        if (c < '0' || c > '9')
            return std::nullopt;
        result = result * 10 + (c - '0');
        if (result > static_cast<__int128>(max) + 1)
            return std::nullopt;
    }
    if (i < s.size()) { // the fraction must be digits; it is dropped
        for (++i; i < s.size(); ++i)
            if (s[i] < '0' || s[i] > '9')
                return std::nullopt;
    }
    if (negative)
        result = -result;
    if (result < min || result > max)
        return std::nullopt;
    return static_cast<int64_t>(result);
}

std::optional<double> parseDoubleText(std::string_view text)
{
    const std::string_view s = trim(text);
    // Java's FloatingDecimal grammar: [sign] (NaN | Infinity | digits[.digits][e[sign]digits]
    // | .digits[...]) [fFdD].
    size_t i = 0;
    std::string cleaned;
    if (i < s.size() && (s[i] == '+' || s[i] == '-'))
        cleaned.push_back(s[i++]);
    const std::string_view body = s.substr(i);
    if (body == "NaN")
        return std::numeric_limits<double>::quiet_NaN();
    if (body == "Infinity")
        return cleaned == "-" ? -std::numeric_limits<double>::infinity()
                              : std::numeric_limits<double>::infinity();
    bool digits = false;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
        cleaned.push_back(s[i++]);
        digits = true;
    }
    if (i < s.size() && s[i] == '.') {
        cleaned.push_back(s[i++]);
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
            cleaned.push_back(s[i++]);
            digits = true;
        }
    }
    bool valid = digits;
    if (valid && i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        cleaned.push_back(s[i++]);
        if (i < s.size() && (s[i] == '+' || s[i] == '-'))
            cleaned.push_back(s[i++]);
        bool expDigits = false;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
            cleaned.push_back(s[i++]);
            expDigits = true;
        }
        valid = expDigits;
    }
    if (valid && i < s.size() && (s[i] == 'f' || s[i] == 'F' || s[i] == 'd' || s[i] == 'D'))
        ++i;
    if (valid && i == s.size())
        return std::strtod(cleaned.c_str(), nullptr);
    // Spark's Cast.processFloatingPointSpecialLiterals.
    const std::string lower = asciiLowerCase(s);
    if (lower == "inf" || lower == "+inf" || lower == "infinity" || lower == "+infinity")
        return std::numeric_limits<double>::infinity();
    if (lower == "-inf" || lower == "-infinity")
        return -std::numeric_limits<double>::infinity();
    if (lower == "nan")
        return std::numeric_limits<double>::quiet_NaN();
    return std::nullopt;
}

bool canCast(const DataType &from, const DataType &to)
{
    if (from == to || from.kind == TypeKind::Null)
        return true;
    if (to.kind == TypeKind::String)
        return true;
    if (from.kind == TypeKind::Window || to.kind == TypeKind::Window || to.kind == TypeKind::Null)
        return false;
    return true; // every pair of our atomic types is castable in Spark (non-ANSI)
}

Column castColumn(const Column &input, const DataType &to)
{
    const DataType &from = input.type();
    const size_t n = input.size();
    if (from == to)
        return input;
    Column out = Column::zeros(to, n);
    out.setNulls(input.nulls());
    if (from.kind == TypeKind::Null) {
        std::fill(out.nulls().begin(), out.nulls().end(), uint8_t(1));
        return out;
    }
    auto setNull = [&](size_t i) { out.nulls()[i] = 1; };
    // A parsed or converted value, or NULL where there is none (Spark's non-ANSI cast).
    auto storeOrNull = [&](auto *o, size_t i, const auto &value) {
        if (value)
            o[i] = *value;
        else
            setNull(i);
    };
    // Casts each row that is not NULL (a NULL stays NULL).
    auto forEachValue = [&](auto castRow) {
        for (size_t i = 0; i < n; ++i)
            if (!input.nulls()[i])
                castRow(i);
    };
    switch (to.kind) {
    case TypeKind::Null:
    case TypeKind::Window: break;
    case TypeKind::String: {
        std::string *o = out.strings().data();
        forEachValue([&](size_t i) { o[i] = rowToString(input, i); });
        break;
    }
    case TypeKind::Boolean: {
        int64_t *o = out.ints().data();
        forEachValue([&](size_t i) {
            switch (from.kind) {
            case TypeKind::String: {
                auto b = parseBooleanText(input.strings()[i]);
                storeOrNull(o, i, b);
                break;
            }
            case TypeKind::Double: o[i] = input.doubles()[i] != 0; break;
            case TypeKind::Decimal: o[i] = input.decimals()[i] != 0; break;
            default: o[i] = input.ints()[i] != 0; break;
            }
        });
        break;
    }
    case TypeKind::Int:
    case TypeKind::Long: {
        const bool toInt = to.kind == TypeKind::Int;
        int64_t *o = out.ints().data();
        forEachValue([&](size_t i) {
            int64_t v = 0;
            switch (from.kind) {
            case TypeKind::String: {
                auto parsed = toInt ? parseIntegralText(input.strings()[i], INT32_MIN, INT32_MAX)
                                    : parseIntegralText(input.strings()[i], INT64_MIN, INT64_MAX);
                if (!parsed) {
                    setNull(i);
                    return;
                }
                v = *parsed;
                break;
            }
            case TypeKind::Double:
                v = toInt ? doubleToIntJava(input.doubles()[i]) : doubleToLongJava(input.doubles()[i]);
                break;
            case TypeKind::Decimal:
                v = decimalToLongWrapping(input.decimals()[i], from.scale);
                break;
            case TypeKind::Timestamp: v = floorDiv(input.ints()[i], kMicrosPerSecond); break;
            default: v = input.ints()[i]; break; // boolean, int, long
            }
            o[i] = toInt ? wrapToInt(v) : v;
        });
        break;
    }
    case TypeKind::Double: {
        double *o = out.doubles().data();
        forEachValue([&](size_t i) {
            if (from.kind == TypeKind::String) {
                auto d = parseDoubleText(input.strings()[i]);
                storeOrNull(o, i, d);
            } else {
                o[i] = numericAsDouble(input, i);
            }
        });
        break;
    }
    case TypeKind::Decimal: {
        Int128 *o = out.decimals().data();
        forEachValue([&](size_t i) {
            std::optional<Int128> v;
            switch (from.kind) {
            case TypeKind::String:
                v = parseDecimalToType(input.strings()[i], to.precision, to.scale);
                break;
            case TypeKind::Double: v = doubleToDecimal(input.doubles()[i], to.precision, to.scale); break;
            case TypeKind::Decimal:
                v = rescaleDecimal(input.decimals()[i], from.scale, to.scale, to.precision);
                break;
            case TypeKind::Timestamp:
                v = doubleToDecimal(static_cast<double>(input.ints()[i]) / 1e6, to.precision, to.scale);
                break;
            default: // boolean, int, long
                v = rescaleDecimal(input.ints()[i], 0, to.scale, to.precision);
                break;
            }
            storeOrNull(o, i, v);
        });
        break;
    }
    case TypeKind::Timestamp: {
        int64_t *o = out.ints().data();
        forEachValue([&](size_t i) {
            switch (from.kind) {
            case TypeKind::String: {
                auto micros = parseTimestamp(trim(input.strings()[i]));
                storeOrNull(o, i, micros);
                break;
            }
            case TypeKind::Boolean: o[i] = input.ints()[i] ? 1 : 0; break;
            case TypeKind::Double: {
                const double d = input.doubles()[i];
                if (!std::isfinite(d))
                    setNull(i);
                else
                    o[i] = doubleToLongJava(d * 1e6);
                break;
            }
            case TypeKind::Decimal: {
                // (d * 1000000).longValue: truncation, low 64 bits (the product may exceed Int128:
                // multiplied unsigned, whose low bits are the same and well defined).
                const DataType &t = from;
                const unsigned __int128 micros = t.scale >= 6
                    ? static_cast<unsigned __int128>(input.decimals()[i] / pow10Int128(t.scale - 6))
                    : static_cast<unsigned __int128>(input.decimals()[i])
                        * static_cast<unsigned __int128>(pow10Int128(6 - t.scale));
                o[i] = static_cast<int64_t>(static_cast<uint64_t>(micros));
                break;
            }
            default: o[i] = secondsToMicros(input.ints()[i]); break; // int, long
            }
        });
        break;
    }
    }
    return out;
}

Value castValue(const Value &value, const DataType &to)
{
    Column c(value.type());
    c.append(value);
    return castColumn(c, to).get(0);
}

namespace {

// Why the ANSI cast of one row fails.
struct AnsiCastFailure {
    enum class Kind { InvalidInput, Overflow, OutOfRange } kind;
    std::string value; // the string as written (InvalidInput), Spark's SQL literal (Overflow), the number (OutOfRange)
};

// UTF8String.toLongExact / toIntExact: trimmed, an optional sign, then digits only (no fraction).
bool isExactIntegralText(std::string_view text, int64_t min, int64_t max)
{
    const std::string_view s = trim(text);
    if (s.find('.') != std::string_view::npos)
        return false;
    return parseIntegralText(s, min, max).has_value();
}

// Spark's toSQLValue of a double: Java's Double.toString with a D suffix.
std::string doubleLiteral(double d) { return formatDouble(d) + "D"; }

// Cast.scala's ANSI range checks for a double to an integral type: Math.floor(x) <= MAX and
// Math.ceil(x) >= MIN (NaN fails both).
bool doubleFitsIntegral(double d, bool toInt)
{
    const double max = toInt ? 2147483647.0 : 9223372036854775807.0;
    const double min = toInt ? -2147483648.0 : -9223372036854775808.0;
    return std::floor(d) <= max && std::ceil(d) >= min;
}

std::optional<AnsiCastFailure> ansiFailure(const Column &input, size_t i, const DataType &to)
{
    using Kind = AnsiCastFailure::Kind;
    const DataType &from = input.type();
    if (from == to || input.nulls()[i] || from.kind == TypeKind::Null)
        return std::nullopt;
    if (from.kind == TypeKind::String) {
        const std::string &text = input.strings()[i];
        bool valid = true;
        switch (to.kind) {
        case TypeKind::Int: valid = isExactIntegralText(text, INT32_MIN, INT32_MAX); break;
        case TypeKind::Long: valid = isExactIntegralText(text, INT64_MIN, INT64_MAX); break;
        case TypeKind::Double: valid = parseDoubleText(text).has_value(); break;
        case TypeKind::Boolean: valid = parseBooleanText(text).has_value(); break;
        case TypeKind::Timestamp: valid = parseTimestamp(trim(text)).has_value(); break;
        case TypeKind::Decimal:
            if (parseDecimalToType(text, to.precision, to.scale))
                return std::nullopt;
            // A number too wide for the type is out of range; anything else is malformed.
            if (const auto d = parseDoubleText(text); d && std::isfinite(*d))
                return AnsiCastFailure{Kind::OutOfRange, std::string(trim(text))};
            valid = false;
            break;
        default: break;
        }
        if (!valid)
            return AnsiCastFailure{Kind::InvalidInput, text};
        return std::nullopt;
    }
    if (to.kind == TypeKind::Int || to.kind == TypeKind::Long) {
        const bool toInt = to.kind == TypeKind::Int;
        switch (from.kind) {
        case TypeKind::Long:
            if (toInt && (input.ints()[i] < INT32_MIN || input.ints()[i] > INT32_MAX))
                return AnsiCastFailure{Kind::Overflow, std::to_string(input.ints()[i]) + "L"};
            break;
        case TypeKind::Double:
            if (!doubleFitsIntegral(input.doubles()[i], toInt))
                return AnsiCastFailure{Kind::Overflow, doubleLiteral(input.doubles()[i])};
            break;
        case TypeKind::Decimal: {
            const Int128 whole = input.decimals()[i] / pow10Int128(from.scale);
            if (whole < (toInt ? INT32_MIN : INT64_MIN) || whole > (toInt ? INT32_MAX : INT64_MAX))
                return AnsiCastFailure{Kind::Overflow, formatDecimal(input.decimals()[i], from.scale) + "BD"};
            break;
        }
        default: break;
        }
        return std::nullopt;
    }
    if (to.kind == TypeKind::Decimal) {
        switch (from.kind) {
        case TypeKind::Int:
        case TypeKind::Long:
            if (!rescaleDecimal(input.ints()[i], 0, to.scale, to.precision))
                return AnsiCastFailure{Kind::OutOfRange, std::to_string(input.ints()[i])};
            break;
        case TypeKind::Double:
            if (!doubleToDecimal(input.doubles()[i], to.precision, to.scale))
                return AnsiCastFailure{Kind::OutOfRange, formatDouble(input.doubles()[i])};
            break;
        case TypeKind::Decimal:
            if (!rescaleDecimal(input.decimals()[i], from.scale, to.scale, to.precision))
                return AnsiCastFailure{Kind::OutOfRange, formatDecimal(input.decimals()[i], from.scale)};
            break;
        default: break;
        }
    }
    return std::nullopt;
}

} // namespace

Column ansiCastColumn(const Column &input, const DataType &to, const QueryContext &context)
{
    for (size_t i = 0; i < input.size(); ++i) {
        const auto failure = ansiFailure(input, i, to);
        if (!failure)
            continue;
        switch (failure->kind) {
        case AnsiCastFailure::Kind::InvalidInput: throwCastInvalidInput(context, failure->value, to);
        case AnsiCastFailure::Kind::Overflow: throwCastOverflow(context, failure->value, input.type(), to);
        case AnsiCastFailure::Kind::OutOfRange: throwDecimalOutOfRange(context, failure->value, to);
        }
    }
    return castColumn(input, to);
}

std::optional<Value> ansiCastValue(const Value &value, const DataType &to)
{
    Column c(value.type());
    c.append(value);
    if (ansiFailure(c, 0, to))
        return std::nullopt;
    return castColumn(c, to).get(0);
}

int64_t doubleToLongJava(double d) { return doubleToIntegralJava<int64_t>(d); }

} // namespace streamstep::expr
