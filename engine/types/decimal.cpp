#include "types/decimal.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>

namespace streamstep {

namespace {

using U128 = unsigned __int128;

// An unsigned 256-bit magnitude (four 64-bit limbs, least significant first): wide enough for
// the exact product of two 38-digit decimals and for the scaled dividends of Spark's division.
struct Wide {
    std::array<uint64_t, 4> limb{};

    static Wide fromU128(U128 v)
    {
        Wide w;
        w.limb[0] = static_cast<uint64_t>(v);
        w.limb[1] = static_cast<uint64_t>(v >> 64);
        return w;
    }
    bool isZero() const { return (limb[0] | limb[1] | limb[2] | limb[3]) == 0; }
    bool fitsU128() const { return limb[2] == 0 && limb[3] == 0; }
    U128 toU128() const { return (static_cast<U128>(limb[1]) << 64) | limb[0]; }
};

int compareWide(const Wide &a, const Wide &b)
{
    for (int i = 3; i >= 0; --i) {
        if (a.limb[i] != b.limb[i])
            return a.limb[i] < b.limb[i] ? -1 : 1;
    }
    return 0;
}

Wide addWide(const Wide &a, const Wide &b, bool &overflow)
{
    Wide r;
    U128 carry = 0;
    for (int i = 0; i < 4; ++i) {
        const U128 s = static_cast<U128>(a.limb[i]) + b.limb[i] + carry;
        r.limb[i] = static_cast<uint64_t>(s);
        carry = s >> 64;
    }
    if (carry)
        overflow = true;
    return r;
}

// a - b for a >= b.
Wide subtractWide(const Wide &a, const Wide &b)
{
    Wide r;
    uint64_t borrow = 0;
    for (int i = 0; i < 4; ++i) {
        const uint64_t bi = b.limb[i] + borrow;
        const bool under = bi < b.limb[i] || a.limb[i] < bi;
        r.limb[i] = a.limb[i] - bi;
        borrow = under ? 1 : 0;
    }
    return r;
}

Wide multiplyWide(const Wide &a, const Wide &b, bool &overflow)
{
    std::array<uint64_t, 8> out{};
    for (int i = 0; i < 4; ++i) {
        U128 carry = 0;
        for (int j = 0; j < 4; ++j) {
            const U128 cur = static_cast<U128>(a.limb[i]) * b.limb[j] + out[i + j] + carry;
            out[i + j] = static_cast<uint64_t>(cur);
            carry = cur >> 64;
        }
        for (int k = i + 4; carry && k < 8; ++k) {
            const U128 cur = static_cast<U128>(out[k]) + carry;
            out[k] = static_cast<uint64_t>(cur);
            carry = cur >> 64;
        }
    }
    if (out[4] | out[5] | out[6] | out[7])
        overflow = true;
    Wide r;
    for (int i = 0; i < 4; ++i)
        r.limb[i] = out[i];
    return r;
}

Wide shiftLeftOne(const Wide &a)
{
    Wide r;
    for (int i = 3; i > 0; --i)
        r.limb[i] = (a.limb[i] << 1) | (a.limb[i - 1] >> 63);
    r.limb[0] = a.limb[0] << 1;
    return r;
}

void divideWide(const Wide &a, const Wide &b, Wide &quotient, Wide &remainder)
{
    quotient = Wide{};
    remainder = Wide{};
    if (a.fitsU128() && b.fitsU128()) {
        quotient = Wide::fromU128(a.toU128() / b.toU128());
        remainder = Wide::fromU128(a.toU128() % b.toU128());
        return;
    }
    for (int bit = 255; bit >= 0; --bit) {
        remainder = shiftLeftOne(remainder);
        remainder.limb[0] |= (a.limb[bit / 64] >> (bit % 64)) & 1;
        if (compareWide(remainder, b) >= 0) {
            remainder = subtractWide(remainder, b);
            quotient.limb[bit / 64] |= uint64_t(1) << (bit % 64);
        }
    }
}

constexpr int kMaxWidePow = 77; // 10^77 < 2^256

const std::array<Wide, kMaxWidePow + 1> &widePowersOfTen()
{
    static const std::array<Wide, kMaxWidePow + 1> table = [] {
        std::array<Wide, kMaxWidePow + 1> t{};
        t[0] = Wide::fromU128(1);
        const Wide ten = Wide::fromU128(10);
        for (int i = 1; i <= kMaxWidePow; ++i) {
            bool overflow = false;
            t[i] = multiplyWide(t[i - 1], ten, overflow);
        }
        return t;
    }();
    return table;
}

int wideDigits(const Wide &a)
{
    const auto &p = widePowersOfTen();
    int d = 1;
    while (d <= kMaxWidePow && compareWide(a, p[d]) >= 0)
        ++d;
    return d;
}

U128 magnitude(Int128 v)
{
    return v < 0 ? static_cast<U128>(0) - static_cast<U128>(v) : static_cast<U128>(v);
}

// HALF_UP division of a magnitude by 10^digits.
Wide roundDownDigits(const Wide &mag, int digits)
{
    if (digits <= 0)
        return mag;
    if (digits > kMaxWidePow)
        return Wide{};
    const Wide &p = widePowersOfTen()[digits];
    Wide q;
    Wide r;
    divideWide(mag, p, q, r);
    if (compareWide(r, subtractWide(p, r)) >= 0) {
        bool overflow = false;
        q = addWide(q, Wide::fromU128(1), overflow);
    }
    return q;
}

// Spark's toPrecision(precision, toScale, HALF_UP, nullOnOverflow = true) for a signed wide value.
std::optional<Int128> finishWide(bool negative, Wide mag, int fromScale, int toScale, int precision)
{
    if (toScale >= fromScale) {
        const int diff = toScale - fromScale;
        if (!mag.isZero()) {
            if (diff > kMaxWidePow)
                return std::nullopt;
            bool overflow = false;
            mag = multiplyWide(mag, widePowersOfTen()[diff], overflow);
            if (overflow)
                return std::nullopt;
        }
    } else {
        mag = roundDownDigits(mag, fromScale - toScale);
    }
    if (!mag.fitsU128())
        return std::nullopt;
    const U128 m = mag.toU128();
    if (m >= static_cast<U128>(pow10Int128(std::min(precision, 38))))
        return std::nullopt;
    const Int128 v = static_cast<Int128>(m);
    return negative ? -v : v;
}

Wide scaledMagnitude(Int128 v, int up, bool &overflow)
{
    Wide w = Wide::fromU128(magnitude(v));
    if (up > 0 && !w.isZero()) {
        if (up > kMaxWidePow) {
            overflow = true;
            return w;
        }
        w = multiplyWide(w, widePowersOfTen()[up], overflow);
    }
    return w;
}

std::string_view trimJava(std::string_view text)
{
    size_t b = 0;
    size_t e = text.size();
    while (b < e && static_cast<unsigned char>(text[b]) <= ' ')
        ++b;
    while (e > b && static_cast<unsigned char>(text[e - 1]) <= ' ')
        --e;
    return text.substr(b, e - b);
}

} // namespace

Int128 pow10Int128(int n)
{
    static const std::array<Int128, 39> table = [] {
        std::array<Int128, 39> t{};
        t[0] = 1;
        for (int i = 1; i <= 38; ++i)
            t[i] = t[i - 1] * 10;
        return t;
    }();
    return table[std::clamp(n, 0, 38)];
}

int decimalDigits(Int128 v)
{
    const U128 m = magnitude(v);
    int d = 1;
    while (d <= 38 && m >= static_cast<U128>(pow10Int128(d)))
        ++d;
    return d;
}

bool fitsPrecision(Int128 unscaled, int precision)
{
    return magnitude(unscaled) < static_cast<U128>(pow10Int128(std::min(precision, 38)));
}

DataType boundedDecimalType(int precision, int scale)
{
    return DataType::decimal(std::min(precision, 38), std::min(scale, 38));
}

DataType adjustPrecisionScale(int precision, int scale)
{
    if (precision <= 38)
        return DataType::decimal(precision, scale);
    const int intDigits = precision - scale;
    const int minScale = std::min(scale, 6);
    return DataType::decimal(38, std::max(38 - intDigits, minScale));
}

DataType decimalTypeForIntegral(TypeKind kind)
{
    return kind == TypeKind::Long ? DataType::decimal(20, 0) : DataType::decimal(10, 0);
}

DataType decimalTypeForIntegralLiteral(int64_t value)
{
    return DataType::decimal(decimalDigits(value), 0);
}

DataType widerDecimalType(const DataType &a, const DataType &b)
{
    const int scale = std::max(a.scale, b.scale);
    const int range = std::max(a.precision - a.scale, b.precision - b.scale);
    return boundedDecimalType(range + scale, scale);
}

DataType decimalAddType(const DataType &a, const DataType &b)
{
    const int scale = std::max(a.scale, b.scale);
    return adjustPrecisionScale(std::max(a.precision - a.scale, b.precision - b.scale) + scale + 1,
                                scale);
}

DataType decimalMultiplyType(const DataType &a, const DataType &b)
{
    return adjustPrecisionScale(a.precision + b.precision + 1, a.scale + b.scale);
}

DataType decimalDivideType(const DataType &a, const DataType &b)
{
    const int intDigits = a.precision - a.scale + b.scale;
    const int scale = std::max(6, a.scale + b.precision + 1);
    return adjustPrecisionScale(intDigits + scale, scale);
}

DataType decimalRemainderType(const DataType &a, const DataType &b)
{
    const int scale = std::max(a.scale, b.scale);
    return adjustPrecisionScale(std::min(a.precision - a.scale, b.precision - b.scale) + scale,
                                scale);
}

std::optional<Int128> rescaleDecimal(Int128 unscaled, int fromScale, int toScale, int precision)
{
    if (toScale == fromScale)
        return fitsPrecision(unscaled, precision) ? std::optional<Int128>(unscaled) : std::nullopt;
    if (toScale < fromScale && fromScale - toScale <= 38) {
        const Int128 p = pow10Int128(fromScale - toScale);
        Int128 q = unscaled / p;
        const Int128 r = unscaled % p;
        if (magnitude(r) * 2 >= static_cast<U128>(p))
            q += unscaled < 0 ? -1 : 1;
        return fitsPrecision(q, precision) ? std::optional<Int128>(q) : std::nullopt;
    }
    return finishWide(unscaled < 0, Wide::fromU128(magnitude(unscaled)), fromScale, toScale,
                      precision);
}

static std::optional<Int128> addOrSubtract(Int128 a, int aScale, Int128 b, int bScale,
                                           const DataType &result, bool subtract)
{
    const int scale = std::max(aScale, bScale);
    // Fast path: both operands aligned without overflow in Int128.
    Int128 x = 0;
    Int128 y = 0;
    if (scale - aScale <= 38 && scale - bScale <= 38
        && !__builtin_mul_overflow(a, pow10Int128(scale - aScale), &x)
        && !__builtin_mul_overflow(b, pow10Int128(scale - bScale), &y)) {
        Int128 sum = 0;
        const bool overflow = subtract ? __builtin_sub_overflow(x, y, &sum)
                                       : __builtin_add_overflow(x, y, &sum);
        if (!overflow)
            return rescaleDecimal(sum, scale, result.scale, result.precision);
    }
    bool overflow = false;
    const Wide wa = scaledMagnitude(a, scale - aScale, overflow);
    const Wide wb = scaledMagnitude(b, scale - bScale, overflow);
    if (overflow)
        return std::nullopt;
    const bool negA = a < 0;
    const bool negB = subtract ? !(b < 0) && b != 0 : b < 0;
    Wide mag;
    bool negative = false;
    if (negA == negB) {
        mag = addWide(wa, wb, overflow);
        negative = negA;
        if (overflow)
            return std::nullopt;
    } else if (compareWide(wa, wb) >= 0) {
        mag = subtractWide(wa, wb);
        negative = negA;
    } else {
        mag = subtractWide(wb, wa);
        negative = negB;
    }
    return finishWide(negative, mag, scale, result.scale, result.precision);
}

std::optional<Int128> decimalAdd(Int128 a, int aScale, Int128 b, int bScale, const DataType &result)
{
    return addOrSubtract(a, aScale, b, bScale, result, false);
}

std::optional<Int128> decimalSubtract(Int128 a, int aScale, Int128 b, int bScale,
                                      const DataType &result)
{
    return addOrSubtract(a, aScale, b, bScale, result, true);
}

std::optional<Int128> decimalMultiply(Int128 a, int aScale, Int128 b, int bScale,
                                      const DataType &result)
{
    const bool negative = (a < 0) != (b < 0);
    int scale = aScale + bScale;
    Int128 product = 0;
    if (!__builtin_mul_overflow(a, b, &product) && decimalDigits(product) <= 38)
        return rescaleDecimal(product, scale, result.scale, result.precision);
    bool overflow = false;
    Wide mag = multiplyWide(Wide::fromU128(magnitude(a)), Wide::fromU128(magnitude(b)), overflow);
    // Java BigDecimal.multiply(x, MathContext(38, HALF_UP)): round to 38 significant digits.
    const int digits = wideDigits(mag);
    if (digits > 38) {
        mag = roundDownDigits(mag, digits - 38);
        scale -= digits - 38;
        if (wideDigits(mag) > 38) { // 99..9 rounded up to 10^38
            mag = roundDownDigits(mag, 1);
            scale -= 1;
        }
    }
    if (scale < 0) {
        // A negative scale: bring it back to 0 first (exact, the value is an integer).
        bool o = false;
        mag = multiplyWide(mag, widePowersOfTen()[std::min(-scale, kMaxWidePow)], o);
        if (o)
            return std::nullopt;
        scale = 0;
    }
    return finishWide(negative && !mag.isZero(), mag, scale, result.scale, result.precision);
}

std::optional<Int128> decimalDivide(Int128 a, int aScale, Int128 b, int bScale,
                                    const DataType &result)
{
    if (b == 0)
        return std::nullopt;
    const bool negative = (a < 0) != (b < 0);
    const int s = result.scale;
    // y = a * 10^(bScale + s - aScale) / b; the quotient at scale s plus its remainder.
    const int e = bScale + s - aScale;
    bool overflow = false;
    Wide num = Wide::fromU128(magnitude(a));
    Wide den = Wide::fromU128(magnitude(b));
    if (e >= 0) {
        if (!num.isZero()) {
            if (e > kMaxWidePow)
                return std::nullopt;
            num = multiplyWide(num, widePowersOfTen()[e], overflow);
        }
    } else {
        den = multiplyWide(den, widePowersOfTen()[std::min(-e, kMaxWidePow)], overflow);
    }
    if (overflow) // |quotient| >= 2^256 / 10^38 > 10^38: does not fit any decimal type
        return std::nullopt;
    Wide q;
    Wide r;
    divideWide(num, den, q, r);
    // Spark divides to 38 fraction digits HALF_UP, then rounds that HALF_UP to scale s.
    const int k = 38 - s;
    bool roundUp = false;
    const Wide twiceR = shiftLeftOne(r); // r < den < 2^255 here
    if (compareWide(twiceR, den) >= 0) {
        roundUp = true;
    } else if (k > 0) {
        const Wide gap = subtractWide(den, twiceR);
        Wide limit;
        Wide ignored;
        divideWide(den, widePowersOfTen()[std::min(k, kMaxWidePow)], limit, ignored);
        roundUp = compareWide(gap, limit) <= 0;
    }
    if (roundUp)
        q = addWide(q, Wide::fromU128(1), overflow);
    if (overflow)
        return std::nullopt;
    return finishWide(negative && !q.isZero(), q, s, s, result.precision);
}

std::optional<Int128> decimalRemainder(Int128 a, int aScale, Int128 b, int bScale,
                                       const DataType &result)
{
    if (b == 0)
        return std::nullopt;
    const int scale = std::max(aScale, bScale);
    bool overflow = false;
    const Wide wa = scaledMagnitude(a, scale - aScale, overflow);
    const Wide wb = scaledMagnitude(b, scale - bScale, overflow);
    if (overflow)
        return std::nullopt;
    Wide q;
    Wide r;
    divideWide(wa, wb, q, r);
    // Java's remainder takes the sign of the dividend.
    return finishWide(a < 0 && !r.isZero(), r, scale, result.scale, result.precision);
}

int compareDecimal(Int128 a, int aScale, Int128 b, int bScale)
{
    if (aScale == bScale)
        return a < b ? -1 : (a == b ? 0 : 1);
    const bool negA = a < 0;
    const bool negB = b < 0;
    if (negA != negB)
        return negA ? -1 : 1;
    const int scale = std::max(aScale, bScale);
    bool overflow = false;
    const Wide wa = scaledMagnitude(a, scale - aScale, overflow);
    const Wide wb = scaledMagnitude(b, scale - bScale, overflow);
    const int c = compareWide(wa, wb);
    return negA ? -c : c;
}

static std::string decimalText(Int128 unscaled, int scale)
{
    U128 m = magnitude(unscaled);
    std::string digits;
    do {
        digits.push_back(static_cast<char>('0' + static_cast<int>(m % 10)));
        m /= 10;
    } while (m != 0);
    std::reverse(digits.begin(), digits.end());
    std::string out = unscaled < 0 ? "-" : "";
    out += digits;
    out += "e-" + std::to_string(scale);
    return out;
}

double decimalToDouble(Int128 unscaled, int scale)
{
    const U128 m = magnitude(unscaled);
    if (m < (static_cast<U128>(1) << 53) && scale <= 22) {
        static const double kPow[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                        1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                        1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
        return static_cast<double>(unscaled) / kPow[scale];
    }
    const std::string text = decimalText(unscaled, scale);
    return std::strtod(text.c_str(), nullptr);
}

std::optional<Int128> doubleToDecimal(double value, int precision, int scale)
{
    if (!std::isfinite(value))
        return std::nullopt;
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, value);
    return parseDecimalToType(std::string_view(buf, static_cast<size_t>(res.ptr - buf)), precision,
                              scale);
}

std::optional<Int128> parseDecimalToType(std::string_view text, int precision, int scale)
{
    text = trimJava(text);
    size_t i = 0;
    bool negative = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
        negative = text[i] == '-';
        ++i;
    }
    // Significand digits (without leading zeros) and the position of the point among them.
    std::string digits;
    long pointPos = 0; // number of significand digits before the decimal point
    bool sawDigit = false;
    bool sawPoint = false;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c >= '0' && c <= '9') {
            sawDigit = true;
            if (digits.empty() && c == '0') {
                if (sawPoint)
                    --pointPos;
                continue;
            }
            if (digits.size() > 200)
                return std::nullopt;
            digits.push_back(c);
            if (!sawPoint)
                ++pointPos;
        } else if (c == '.' && !sawPoint) {
            sawPoint = true;
        } else {
            break;
        }
    }
    if (!sawDigit)
        return std::nullopt;
    if (i < text.size()) {
        if (text[i] != 'e' && text[i] != 'E')
            return std::nullopt;
        ++i;
        bool expNegative = false;
        if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
            expNegative = text[i] == '-';
            ++i;
        }
        if (i >= text.size())
            return std::nullopt;
        long exponent = 0;
        for (; i < text.size(); ++i) {
            if (text[i] < '0' || text[i] > '9')
                return std::nullopt;
            exponent = std::min(exponent * 10 + (text[i] - '0'), 100000L);
        }
        pointPos += expNegative ? -exponent : exponent;
    }
    if (digits.empty())
        return Int128(0);
    // Value = 0.d1 d2 ... * 10^pointPos. Unscaled at `scale`: the first pointPos + scale digits.
    const long keep = pointPos + scale;
    if (keep > 38)
        return std::nullopt;
    Int128 v = 0;
    for (long d = 0; d < keep; ++d)
        v = v * 10 + (d < static_cast<long>(digits.size()) ? digits[static_cast<size_t>(d)] - '0' : 0);
    if (keep >= 0 && keep < static_cast<long>(digits.size()) && digits[static_cast<size_t>(keep)] >= '5')
        v += 1;
    if (!fitsPrecision(v, precision))
        return std::nullopt;
    return negative ? -v : v;
}

int64_t decimalToLongWrapping(Int128 unscaled, int scale)
{
    const Int128 whole = unscaled / pow10Int128(scale);
    return static_cast<int64_t>(static_cast<uint64_t>(static_cast<U128>(whole)));
}

} // namespace streamstep
