#include "expr/lexer.h"
#include "expr/quoted_run.h"

#include "streamstep/error.h"
#include "types/utf8.h"

#include <cctype>

namespace streamstep::expr {

namespace {

bool isIdentifierChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_'
        || static_cast<unsigned char>(c) >= 0x80;
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// Spark's ParserUtils.unescapeSQLString for the body of a quoted string.
std::string unescape(std::string_view body)
{
    std::string out;
    for (size_t i = 0; i < body.size(); ++i) {
        const char c = body[i];
        if (c != '\\' || i + 1 >= body.size()) {
            out.push_back(c);
            continue;
        }
        const char n = body[++i];
        if (n == 'u' && i + 4 < body.size()) {
            const std::string hex(body.substr(i + 1, 4));
            bool ok = hex.size() == 4;
            for (char h : hex)
                ok = ok && std::isxdigit(static_cast<unsigned char>(h));
            if (ok) {
                appendUtf8(out, static_cast<char32_t>(std::stoul(hex, nullptr, 16)));
                i += 4;
                continue;
            }
        }
        if (n >= '0' && n <= '7' && i + 2 < body.size() && body[i + 1] >= '0' && body[i + 1] <= '7'
            && body[i + 2] >= '0' && body[i + 2] <= '7' && n <= '3') {
            const int v = (n - '0') * 64 + (body[i + 1] - '0') * 8 + (body[i + 2] - '0');
            appendUtf8(out, static_cast<char32_t>(v));
            i += 2;
            continue;
        }
        switch (n) {
        case '0': out.push_back('\0'); break;
        case 'b': out.push_back('\b'); break;
        case 'n': out.push_back('\n'); break;
        case 'r': out.push_back('\r'); break;
        case 't': out.push_back('\t'); break;
        case 'Z': out.push_back('\x1A'); break;
        case '%': out += "\\%"; break; // kept escaped for LIKE, as Spark does
        case '_': out += "\\_"; break;
        default: out.push_back(n); break;
        }
    }
    return out;
}

} // namespace

bool Token::isKeyword(std::string_view upper) const
{
    if (kind != Kind::Identifier || text.size() != upper.size())
        return false;
    for (size_t i = 0; i < text.size(); ++i)
        if (std::toupper(static_cast<unsigned char>(text[i])) != upper[i])
            return false;
    return true;
}

std::vector<Token> tokenize(std::string_view text)
{
    std::vector<Token> tokens;
    const int n = static_cast<int>(text.size());
    int i = 0;
    while (i < n) {
        const char c = text[static_cast<size_t>(i)];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
            continue;
        }
        Token t;
        t.begin = i;
        // Ends the token: its kind and text, and where the next one starts.
        const auto emit = [&](Token::Kind kind, std::string tokenText, int end) {
            t.kind = kind;
            t.text = std::move(tokenText);
            t.end = end;
            tokens.push_back(std::move(t));
            i = end;
        };
        if (c == '\'' || c == '"') {
            // Quoted string: backslash escapes, and a doubled quote stands for one quote.
            int j = i + 1;
            std::string body;
            bool closed = false;
            while (j < n) {
                const char d = text[static_cast<size_t>(j)];
                if (d == '\\' && j + 1 < n) {
                    body.push_back(d);
                    body.push_back(text[static_cast<size_t>(j + 1)]);
                    j += 2;
                    continue;
                }
                if (d == c) {
                    if (j + 1 < n && text[static_cast<size_t>(j + 1)] == c) {
                        body.push_back('\\');
                        body.push_back(c);
                        j += 2;
                        continue;
                    }
                    closed = true;
                    ++j;
                    break;
                }
                body.push_back(d);
                ++j;
            }
            if (!closed)
                throw analysisError("unterminated string literal", TextPosition{1, i + 1});
            emit(Token::Kind::String, unescape(body), j);
            continue;
        }
        if (c == '`') {
            const std::optional<QuotedRun> name = readQuotedRun(text, static_cast<size_t>(i), '`');
            if (!name)
                throw analysisError("unterminated quoted identifier", TextPosition{1, i + 1});
            emit(Token::Kind::QuotedIdentifier, name->text, static_cast<int>(name->end));
            continue;
        }
        if (isDigit(c) || (c == '.' && i + 1 < n && isDigit(text[static_cast<size_t>(i + 1)]))) {
            int j = i;
            while (j < n && isDigit(text[static_cast<size_t>(j)]))
                ++j;
            bool fraction = false;
            bool exponent = false;
            if (j < n && text[static_cast<size_t>(j)] == '.') {
                fraction = true;
                ++j;
                while (j < n && isDigit(text[static_cast<size_t>(j)]))
                    ++j;
            }
            if (j < n && (text[static_cast<size_t>(j)] == 'e' || text[static_cast<size_t>(j)] == 'E')) {
                int k = j + 1;
                if (k < n && (text[static_cast<size_t>(k)] == '+' || text[static_cast<size_t>(k)] == '-'))
                    ++k;
                if (k < n && isDigit(text[static_cast<size_t>(k)])) {
                    while (k < n && isDigit(text[static_cast<size_t>(k)]))
                        ++k;
                    exponent = true;
                    j = k;
                }
            }
            std::string number(text.substr(static_cast<size_t>(i), static_cast<size_t>(j - i)));
            // Optional type suffix (Spark: 10L, 10S, 10Y, 1.5D, 1.5BD).
            int k = j;
            while (k < n && isIdentifierChar(text[static_cast<size_t>(k)]))
                ++k;
            std::string rest(text.substr(static_cast<size_t>(j), static_cast<size_t>(k - j)));
            for (char &r : rest)
                r = static_cast<char>(std::toupper(static_cast<unsigned char>(r)));
            if (!rest.empty()) {
                const bool integral = !fraction && !exponent;
                if ((integral && (rest == "L" || rest == "S" || rest == "Y")) || rest == "D"
                    || rest == "BD") {
                    t.suffix = rest;
                } else if (integral && c != '.') {
                    // Spark's lexer: digits followed by letters form an identifier (e.g. 1a).
                    emit(Token::Kind::Identifier, std::string(text.substr(static_cast<size_t>(i), static_cast<size_t>(k - i))), k);
                    continue;
                } else {
                    k = j; // leave the letters to the next token (a syntax error later)
                }
            }
            emit(exponent ? Token::Kind::Double : (fraction ? Token::Kind::Decimal : Token::Kind::Integer), number, k);
            continue;
        }
        if (isIdentifierChar(c)) {
            int j = i;
            while (j < n && isIdentifierChar(text[static_cast<size_t>(j)]))
                ++j;
            emit(Token::Kind::Identifier, std::string(text.substr(static_cast<size_t>(i), static_cast<size_t>(j - i))), j);
            continue;
        }
        static const char *const kSymbols[] = {"<=>", "==", "!=", "<>", "<=", ">=", "+", "-", "*",
                                               "/",   "%",  "=",  "<",  ">",  "(",  ")", ",", "."};
        bool matched = false;
        for (const char *symbol : kSymbols) {
            const std::string_view s(symbol);
            if (text.substr(static_cast<size_t>(i), s.size()) == s) {
                t.kind = Token::Kind::Symbol;
                t.text = std::string(s);
                t.end = i + static_cast<int>(s.size());
                matched = true;
                break;
            }
        }
        if (!matched)
            throw analysisError("syntax error at or near '" + std::string(1, c) + "'",
                                TextPosition{1, i + 1});
        i = t.end;
        tokens.push_back(std::move(t));
    }
    Token end;
    end.kind = Token::Kind::End;
    end.begin = n;
    end.end = n;
    tokens.push_back(end);
    return tokens;
}

} // namespace streamstep::expr
