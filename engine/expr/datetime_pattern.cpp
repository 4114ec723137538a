#include "expr/datetime_pattern.h"
#include "expr/quoted_run.h"
#include "streamstep/time_math.h"

#include <cstring>

namespace streamstep::expr {

namespace {

const char *const kMonthShort[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
const char *const kMonthLong[] = {"January", "February", "March",     "April",   "May",      "June",
                                  "July",    "August",   "September", "October", "November", "December"};
const char *const kDayShort[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
const char *const kDayLong[] = {"Monday", "Tuesday", "Wednesday", "Thursday",
                                "Friday", "Saturday", "Sunday"};

std::string pad(int64_t v, int width)
{
    std::string s = std::to_string(v < 0 ? -v : v);
    while (static_cast<int>(s.size()) < width)
        s.insert(s.begin(), '0');
    return v < 0 ? "-" + s : s;
}

} // namespace

int64_t addMonthsToMicros(int64_t micros, int months)
{
    if (months == 0)
        return micros;
    const int64_t days = floorDiv(micros, kMicrosPerDay);
    const int64_t timeOfDay = micros - days * kMicrosPerDay;
    const CivilDate date = civilFromDays(days);
    int64_t total = date.year * 12 + (date.month - 1) + months;
    const int64_t ny = floorDiv(total, 12);
    const int nm = static_cast<int>(total - ny * 12) + 1;
    const int nd = std::min(date.day, daysInMonth(ny, nm));
    return daysFromCivil(ny, nm, nd) * kMicrosPerDay + timeOfDay;
}

std::optional<DateTimePattern> DateTimePattern::compile(std::string_view pattern, std::string *error)
{
    DateTimePattern p;
    size_t i = 0;
    while (i < pattern.size()) {
        const char c = pattern[i];
        if (c == '\'') {
            const std::optional<QuotedRun> literal = readQuotedRun(pattern, i, '\'');
            if (!literal) {
                if (error)
                    *error = "Pattern ends with an incomplete string literal: " + std::string(pattern);
                return std::nullopt;
            }
            p.m_parts.push_back(Part{0, 0, literal->end == i + 2 ? "'" : literal->text}); // '' is a single quote
            i = literal->end;
            continue;
        }
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
            size_t j = i;
            while (j < pattern.size() && pattern[j] == c)
                ++j;
            if (!std::strchr("yMdHhmsSaEu", c)) {
                if (error)
                    *error = std::string("Unknown pattern letter: ") + c;
                return std::nullopt;
            }
            p.m_parts.push_back(Part{c == 'u' ? 'y' : c, static_cast<int>(j - i), {}});
            i = j;
            continue;
        }
        p.m_parts.push_back(Part{0, 0, std::string(1, c)});
        ++i;
    }
    return p;
}

std::string DateTimePattern::format(int64_t micros) const
{
    const int64_t days = floorDiv(micros, kMicrosPerDay);
    const CivilTime t = splitMicros(micros);
    const int64_t y = t.date.year;
    const int m = t.date.month;
    const int d = t.date.day;
    const int hour = t.hour;
    const int minute = t.minute;
    const int second = t.second;
    const int64_t fraction = t.microOfSecond;
    const int weekday = static_cast<int>(((days % 7) + 7 + 3) % 7); // 1970-01-01 was a Thursday
    std::string out;
    for (const Part &part : m_parts) {
        const int n = part.count;
        switch (part.letter) {
        case 0: out += part.literal; break;
        case 'y': out += n == 2 ? pad(((y % 100) + 100) % 100, 2) : pad(y, n); break;
        case 'M':
            if (n >= 4)
                out += kMonthLong[m - 1];
            else if (n == 3)
                out += kMonthShort[m - 1];
            else
                out += pad(m, n);
            break;
        case 'd': out += pad(d, n); break;
        case 'H': out += pad(hour, n); break;
        case 'h': out += pad(hour % 12 == 0 ? 12 : hour % 12, n); break;
        case 'm': out += pad(minute, n); break;
        case 's': out += pad(second, n); break;
        case 'S': {
            std::string f = pad(fraction, 6);
            while (static_cast<int>(f.size()) < n)
                f.push_back('0');
            out += f.substr(0, static_cast<size_t>(n));
            break;
        }
        case 'a': out += hour < 12 ? "AM" : "PM"; break;
        case 'E': out += n >= 4 ? kDayLong[weekday] : kDayShort[weekday]; break;
        default: break;
        }
    }
    return out;
}

std::optional<int64_t> DateTimePattern::parse(std::string_view text) const
{
    int64_t year = 1970;
    int month = 1;
    int day = 1;
    int hour = 0;
    int minute = 0;
    int second = 0;
    int64_t fraction = 0;
    int hour12 = -1;
    int pm = -1;
    size_t pos = 0;
    auto readNumber = [&](int minDigits, int maxDigits, int64_t &out) {
        size_t j = pos;
        while (j < text.size() && j - pos < static_cast<size_t>(maxDigits) && text[j] >= '0'
               && text[j] <= '9')
            ++j;
        if (j - pos < static_cast<size_t>(minDigits))
            return false;
        out = 0;
        for (size_t k = pos; k < j; ++k)
            out = out * 10 + (text[k] - '0');
        pos = j;
        return true;
    };
    for (const Part &part : m_parts) {
        int64_t v = 0;
        const int n = part.count;
        switch (part.letter) {
        case 0:
            if (text.substr(pos, part.literal.size()) != part.literal)
                return std::nullopt;
            pos += part.literal.size();
            break;
        case 'y':
            if (n == 2) {
                if (!readNumber(2, 2, v))
                    return std::nullopt;
                year = 2000 + v;
            } else {
                if (!readNumber(n, n >= 4 ? 9 : 9, v))
                    return std::nullopt;
                year = v;
            }
            break;
        case 'M':
            if (n >= 3) {
                bool found = false;
                for (int k = 0; k < 12 && !found; ++k) {
                    const std::string_view name = n == 3 ? kMonthShort[k] : kMonthLong[k];
                    if (text.substr(pos, name.size()) == name) {
                        month = k + 1;
                        pos += name.size();
                        found = true;
                    }
                }
                if (!found)
                    return std::nullopt;
            } else {
                if (!readNumber(n, 2, v))
                    return std::nullopt;
                month = static_cast<int>(v);
            }
            break;
        case 'd':
        case 'H':
        case 'h':
        case 'm':
        case 's':
            if (!readNumber(n, 2, v))
                return std::nullopt;
            if (part.letter == 'd')
                day = static_cast<int>(v);
            else if (part.letter == 'H')
                hour = static_cast<int>(v);
            else if (part.letter == 'h')
                hour12 = static_cast<int>(v);
            else if (part.letter == 'm')
                minute = static_cast<int>(v);
            else
                second = static_cast<int>(v);
            break;
        case 'S': {
            const size_t start = pos;
            if (!readNumber(1, n, v))
                return std::nullopt;
            int digits = static_cast<int>(pos - start);
            for (; digits < 6; ++digits)
                v *= 10;
            for (; digits > 6; --digits)
                v /= 10;
            fraction = v;
            break;
        }
        case 'a':
            if (text.substr(pos, 2) == "AM" || text.substr(pos, 2) == "am")
                pm = 0;
            else if (text.substr(pos, 2) == "PM" || text.substr(pos, 2) == "pm")
                pm = 1;
            else
                return std::nullopt;
            pos += 2;
            break;
        case 'E': {
            bool found = false;
            for (int k = 0; k < 7 && !found; ++k) {
                const std::string_view name = n >= 4 ? kDayLong[k] : kDayShort[k];
                if (text.substr(pos, name.size()) == name) {
                    pos += name.size();
                    found = true;
                }
            }
            if (!found)
                return std::nullopt;
            break;
        }
        default: return std::nullopt;
        }
    }
    if (pos != text.size())
        return std::nullopt;
    if (hour12 >= 0) {
        if (hour12 < 1 || hour12 > 12)
            return std::nullopt;
        hour = (hour12 % 12) + (pm == 1 ? 12 : 0);
    }
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23
        || minute > 59 || second > 59)
        return std::nullopt;
    return daysFromCivil(year, month, day) * kMicrosPerDay
        + ((hour * 60LL + minute) * 60 + second) * 1000000 + fraction;
}

} // namespace streamstep::expr
