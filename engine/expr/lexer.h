// Splits expression text into tokens with their offsets, following Spark's SqlBaseLexer for the
// subset we accept (string escapes, backquoted identifiers, number suffixes), so the parser can
// report errors at the exact column a student typed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace streamstep::expr {

struct Token {
    enum class Kind {
        Identifier,       // a word; keywords are identifiers the parser recognises by text
        QuotedIdentifier, // `odd name` (text without the backquotes)
        Integer,          // 42, 42L (suffix in `suffix`)
        Decimal,          // 1.50, .5
        Double,           // 1.5e3, 1.5D
        String,           // 'text' or "text", unescaped in `text`
        Symbol,           // operators and punctuation
        End,
    };
    Kind kind = Kind::End;
    std::string text;   // identifier/number/symbol text as written, or the unescaped string
    std::string suffix; // number suffix, upper-cased: "L", "D", "BD", "S", "Y"
    int begin = 0;      // 0-based offset of the first character
    int end = 0;        // 0-based offset one past the last character

    bool isKeyword(std::string_view upper) const;
    bool isSymbol(std::string_view symbol) const { return kind == Kind::Symbol && text == symbol; }
};

// Tokenizes the whole text; throws Error(Analysis) for an unterminated string or backquote and
// for characters that start no token.
std::vector<Token> tokenize(std::string_view text);

} // namespace streamstep::expr
