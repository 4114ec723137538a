// SQL LIKE patterns with Spark's rules (StringUtils.escapeLikeRegex): `%` any sequence, `_` one
// character, `\` escapes `%`, `_` or `\`; matching is on Unicode code points, case-sensitive.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace streamstep::expr {

class LikePattern {
public:
    // Spark's error for a bad escape ("the escape character is not allowed to precede 'a'"),
    // or nullopt when the pattern is valid.
    static std::optional<std::string> validate(std::string_view pattern);
    // Compiles a pattern; invalid escapes are taken literally (validate first to reject them).
    static LikePattern compile(std::string_view pattern);

    bool matches(std::string_view text) const;

private:
    enum class Kind : uint8_t { Char, One, Many };
    struct Element {
        Kind kind;
        uint32_t codePoint;
    };
    std::vector<Element> m_elements;
};

} // namespace streamstep::expr
