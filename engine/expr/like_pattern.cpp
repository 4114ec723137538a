#include "expr/like_pattern.h"

namespace streamstep::expr {

namespace {

// Decodes one UTF-8 code point at `i` (invalid bytes stand for themselves).
uint32_t decode(std::string_view s, size_t &i)
{
    const unsigned char c = static_cast<unsigned char>(s[i]);
    int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    uint32_t cp = extra == 3 ? (c & 0x07) : extra == 2 ? (c & 0x0F) : extra == 1 ? (c & 0x1F) : c;
    ++i;
    while (extra-- > 0 && i < s.size()) {
        cp = (cp << 6) | (static_cast<unsigned char>(s[i]) & 0x3F);
        ++i;
    }
    return cp;
}

} // namespace

std::optional<std::string> LikePattern::validate(std::string_view pattern)
{
    for (size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] != '\\')
            continue;
        if (i + 1 >= pattern.size())
            return "the escape character is not allowed to end with";
        const char next = pattern[i + 1];
        if (next != '_' && next != '%' && next != '\\') {
            size_t j = i + 1;
            const size_t begin = j;
            decode(pattern, j);
            return "the escape character is not allowed to precede '"
                + std::string(pattern.substr(begin, j - begin)) + "'";
        }
        ++i;
    }
    return std::nullopt;
}

LikePattern LikePattern::compile(std::string_view pattern)
{
    LikePattern p;
    size_t i = 0;
    while (i < pattern.size()) {
        const char c = pattern[i];
        if (c == '\\' && i + 1 < pattern.size()) {
            ++i;
            p.m_elements.push_back({Kind::Char, decode(pattern, i)});
        } else if (c == '%') {
            ++i;
            if (p.m_elements.empty() || p.m_elements.back().kind != Kind::Many)
                p.m_elements.push_back({Kind::Many, 0});
        } else if (c == '_') {
            ++i;
            p.m_elements.push_back({Kind::One, 0});
        } else {
            p.m_elements.push_back({Kind::Char, decode(pattern, i)});
        }
    }
    return p;
}

bool LikePattern::matches(std::string_view text) const
{
    // Greedy wildcard matching with one backtrack point (the last `%`).
    size_t t = 0;
    size_t e = 0;
    size_t starElement = SIZE_MAX;
    size_t starText = 0;
    while (t < text.size()) {
        if (e < m_elements.size() && m_elements[e].kind == Kind::Many) {
            starElement = e++;
            starText = t;
            continue;
        }
        if (e < m_elements.size()) {
            size_t next = t;
            const uint32_t cp = decode(text, next);
            if (m_elements[e].kind == Kind::One
                || (m_elements[e].kind == Kind::Char && m_elements[e].codePoint == cp)) {
                t = next;
                ++e;
                continue;
            }
        }
        if (starElement == SIZE_MAX)
            return false;
        e = starElement + 1;
        decode(text, starText);
        t = starText;
    }
    while (e < m_elements.size() && m_elements[e].kind == Kind::Many)
        ++e;
    return e == m_elements.size();
}

} // namespace streamstep::expr
