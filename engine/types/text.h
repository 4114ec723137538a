// Gives the engine one home for the ASCII text rules Spark applies to identifiers, option keys
// and type names (case-insensitive, locale-independent: Spark lower-cases with Locale.ROOT).
#pragma once

#include <algorithm>
#include <string>
#include <string_view>

namespace streamstep {

inline char asciiLower(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

inline std::string asciiLowerCase(std::string_view text)
{
    std::string out(text);
    for (char &c : out)
        c = asciiLower(c);
    return out;
}

inline bool equalsIgnoreCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size()
        && std::equal(a.begin(), a.end(), b.begin(),
                      [](char x, char y) { return asciiLower(x) == asciiLower(y); });
}

} // namespace streamstep
