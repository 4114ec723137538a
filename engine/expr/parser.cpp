// Recursive-descent parser for the scenario expression subset, with Spark's operator precedence
// (SqlBaseParser: OR < AND < NOT < predicates < comparison < + - < * / % < unary).
#include "expr/expression.h"
#include "expr/lexer.h"
#include "types/decimal.h"

#include "streamstep/value_format.h"
#include "types/text.h"

#include <cerrno>
#include <cstdlib>
#include <limits>

namespace streamstep::expr {

namespace {

class Parser {
public:
    explicit Parser(std::string_view text) : m_text(text), m_tokens(tokenize(text)) {}

    AstPtr parseAll()
    {
        AstPtr e = parseExpr();
        if (peek().kind != Token::Kind::End)
            fail(peek());
        return e;
    }

    NamedAst parseNamed()
    {
        NamedAst named;
        named.expr = parseExpr();
        if (peek().isKeyword("AS")) {
            next();
            const Token &t = peek();
            if (t.kind != Token::Kind::Identifier && t.kind != Token::Kind::QuotedIdentifier)
                fail(t);
            named.alias = t.text;
            next();
        }
        if (peek().kind != Token::Kind::End)
            fail(peek());
        return named;
    }

private:
    const Token &peek(size_t ahead = 0) const
    {
        return m_tokens[std::min(m_pos + ahead, m_tokens.size() - 1)];
    }
    const Token &next() { return m_tokens[std::min(m_pos++, m_tokens.size() - 1)]; }

    [[noreturn]] void fail(const Token &t) const
    {
        if (t.kind == Token::Kind::End)
            throw analysisError("unexpected end of expression", TextPosition{1, t.begin + 1});
        throw analysisError("syntax error at or near '"
                                + std::string(m_text.substr(static_cast<size_t>(t.begin),
                                                            static_cast<size_t>(t.end - t.begin)))
                                + "'",
                            TextPosition{1, t.begin + 1});
    }

    void expectSymbol(std::string_view symbol)
    {
        if (!peek().isSymbol(symbol))
            fail(peek());
        next();
    }
    void expectKeyword(std::string_view keyword)
    {
        if (!peek().isKeyword(keyword))
            fail(peek());
        next();
    }

    static AstPtr makeNode(AstNode::Kind kind, int begin, int end)
    {
        auto n = std::make_shared<AstNode>();
        n->kind = kind;
        n->begin = begin;
        n->end = end;
        return n;
    }
    static AstPtr makeBinary(std::string op, AstPtr l, AstPtr r)
    {
        auto n = makeNode(AstNode::Kind::Binary, l->begin, r->end);
        n->op = std::move(op);
        n->children = {std::move(l), std::move(r)};
        return n;
    }

    AstPtr parseExpr() { return parseOr(); }

    AstPtr parseOr()
    {
        AstPtr left = parseAnd();
        while (peek().isKeyword("OR")) {
            next();
            left = makeBinary("OR", left, parseAnd());
        }
        return left;
    }

    AstPtr parseAnd()
    {
        AstPtr left = parseNot();
        while (peek().isKeyword("AND")) {
            next();
            left = makeBinary("AND", left, parseNot());
        }
        return left;
    }

    AstPtr parseNot()
    {
        if (peek().isKeyword("NOT")) {
            const Token &t = next();
            AstPtr child = parseNot();
            auto n = makeNode(AstNode::Kind::Unary, t.begin, child->end);
            n->op = "NOT";
            n->children = {child};
            return n;
        }
        return parsePredicated();
    }

    AstPtr parsePredicated()
    {
        AstPtr value = parseComparison();
        bool negated = false;
        size_t save = m_pos;
        if (peek().isKeyword("NOT")
            && (peek(1).isKeyword("IN") || peek(1).isKeyword("BETWEEN") || peek(1).isKeyword("LIKE"))) {
            negated = true;
            next();
        }
        if (peek().isKeyword("BETWEEN")) {
            next();
            AstPtr low = parseComparison();
            expectKeyword("AND");
            AstPtr high = parseComparison();
            auto n = makeNode(AstNode::Kind::Between, value->begin, high->end);
            n->negated = negated;
            n->children = {value, low, high};
            return n;
        }
        if (peek().isKeyword("IN")) {
            next();
            expectSymbol("(");
            auto n = makeNode(AstNode::Kind::In, value->begin, value->end);
            n->negated = negated;
            n->children.push_back(value);
            n->children.push_back(parseExpr());
            while (peek().isSymbol(",")) {
                next();
                n->children.push_back(parseExpr());
            }
            n->end = peek().end;
            expectSymbol(")");
            return n;
        }
        if (peek().isKeyword("LIKE")) {
            next();
            AstPtr pattern = parseComparison();
            auto n = makeNode(AstNode::Kind::Like, value->begin, pattern->end);
            n->negated = negated;
            n->children = {value, pattern};
            return n;
        }
        m_pos = save;
        if (peek().isKeyword("IS")) {
            next();
            bool isNot = false;
            if (peek().isKeyword("NOT")) {
                next();
                isNot = true;
            }
            const Token &t = peek();
            if (!t.isKeyword("NULL"))
                fail(t);
            next();
            auto n = makeNode(AstNode::Kind::IsNull, value->begin, t.end);
            n->negated = isNot;
            n->children = {value};
            return n;
        }
        return value;
    }

    AstPtr parseComparison()
    {
        AstPtr left = parseAdditive();
        for (;;) {
            const Token &t = peek();
            if (t.kind != Token::Kind::Symbol)
                break;
            const std::string &s = t.text;
            if (s != "=" && s != "==" && s != "!=" && s != "<>" && s != "<" && s != "<="
                && s != ">" && s != ">=" && s != "<=>")
                break;
            next();
            left = makeBinary(s, left, parseAdditive());
        }
        return left;
    }

    AstPtr parseAdditive()
    {
        AstPtr left = parseMultiplicative();
        while (peek().isSymbol("+") || peek().isSymbol("-")) {
            const std::string op = next().text;
            left = makeBinary(op, left, parseMultiplicative());
        }
        return left;
    }

    AstPtr parseMultiplicative()
    {
        AstPtr left = parseUnary();
        while (peek().isSymbol("*") || peek().isSymbol("/") || peek().isSymbol("%")) {
            const std::string op = next().text;
            left = makeBinary(op, left, parseUnary());
        }
        return left;
    }

    AstPtr parseUnary()
    {
        if (peek().isSymbol("-") || peek().isSymbol("+")) {
            const Token &sign = next();
            const Token &t = peek();
            const bool minus = sign.text == "-";
            if (t.kind == Token::Kind::Integer || t.kind == Token::Kind::Decimal
                || t.kind == Token::Kind::Double) {
                // Spark's `number: MINUS? INTEGER_VALUE ...`: the sign belongs to the literal.
                next();
                AstPtr lit = numberLiteral(t, minus);
                lit->begin = sign.begin;
                return lit;
            }
            AstPtr child = parseUnary();
            if (!minus) {
                child->begin = sign.begin;
                return child; // Spark's UnaryPositive is transparent for our purposes
            }
            auto n = makeNode(AstNode::Kind::Unary, sign.begin, child->end);
            n->op = "-";
            n->children = {child};
            return n;
        }
        return parsePrimary();
    }

    AstPtr numberLiteral(const Token &t, bool negative)
    {
        auto n = makeNode(AstNode::Kind::Literal, t.begin, t.end);
        const std::string text = (negative ? "-" : "") + t.text;
        auto outOfRange = [&](const char *type) {
            return analysisError("Numeric literal " + text + " does not fit in range for type "
                                     + type,
                                 TextPosition{1, t.begin + 1});
        };
        if (t.kind == Token::Kind::Double || t.suffix == "D") {
            errno = 0;
            const double v = std::strtod(text.c_str(), nullptr);
            n->literal = Value::float64(v);
            return n;
        }
        // Exact decimal value of the text: unscaled digits and scale.
        std::string digits;
        int scale = 0;
        bool afterPoint = false;
        for (char c : t.text) {
            if (c == '.') {
                afterPoint = true;
                continue;
            }
            digits.push_back(c);
            if (afterPoint)
                ++scale;
        }
        size_t firstNonZero = digits.find_first_not_of('0');
        std::string significant = firstNonZero == std::string::npos ? "0" : digits.substr(firstNonZero);
        if (significant.size() > 38)
            throw analysisError("decimal can only support precision up to 38",
                                TextPosition{1, t.begin + 1});
        Int128 unscaled = 0;
        for (char c : significant)
            unscaled = unscaled * 10 + (c - '0');
        if (negative)
            unscaled = -unscaled;
        if (t.kind == Token::Kind::Integer && t.suffix != "BD") {
            if (t.suffix == "L") {
                if (unscaled < std::numeric_limits<int64_t>::min()
                    || unscaled > std::numeric_limits<int64_t>::max())
                    throw outOfRange("bigint");
                n->literal = Value::int64(static_cast<int64_t>(unscaled));
            } else if (t.suffix == "S" || t.suffix == "Y") {
                if (unscaled < std::numeric_limits<int32_t>::min()
                    || unscaled > std::numeric_limits<int32_t>::max())
                    throw outOfRange(t.suffix == "S" ? "smallint" : "tinyint");
                n->literal = Value::int32(static_cast<int32_t>(unscaled));
            } else if (unscaled >= std::numeric_limits<int32_t>::min()
                       && unscaled <= std::numeric_limits<int32_t>::max()) {
                n->literal = Value::int32(static_cast<int32_t>(unscaled));
            } else if (unscaled >= std::numeric_limits<int64_t>::min()
                       && unscaled <= std::numeric_limits<int64_t>::max()) {
                n->literal = Value::int64(static_cast<int64_t>(unscaled));
            } else {
                n->literal = Value::decimal(unscaled, decimalDigits(unscaled), 0);
            }
            return n;
        }
        // Spark's Decimal(BigDecimal): precision = significant digits, at least the scale.
        const int precision = std::max(decimalDigits(unscaled), scale);
        if (precision > 38)
            throw analysisError("decimal can only support precision up to 38",
                                TextPosition{1, t.begin + 1});
        n->literal = Value::decimal(unscaled, precision, scale);
        return n;
    }

    static bool isReserved(const Token &t)
    {
        static const char *const kReserved[] = {"AND",  "OR",   "NOT",  "IS",  "IN",
                                                "BETWEEN", "LIKE", "WHEN", "THEN", "ELSE",
                                                "END",  "AS",   "DISTINCT"};
        for (const char *k : kReserved)
            if (t.isKeyword(k))
                return true;
        return false;
    }

    AstPtr parsePrimary()
    {
        const Token &t = peek();
        switch (t.kind) {
        case Token::Kind::Integer:
        case Token::Kind::Decimal:
        case Token::Kind::Double:
            next();
            return numberLiteral(t, false);
        case Token::Kind::String: {
            next();
            auto n = makeNode(AstNode::Kind::Literal, t.begin, t.end);
            std::string value = t.text;
            // Spark concatenates adjacent string literals: 'a' 'b' is 'ab'.
            while (peek().kind == Token::Kind::String) {
                value += peek().text;
                n->end = next().end;
            }
            n->literal = Value::string(std::move(value));
            return n;
        }
        case Token::Kind::Symbol:
            if (t.isSymbol("(")) {
                next();
                AstPtr inner = parseExpr();
                expectSymbol(")");
                return inner;
            }
            fail(t);
        case Token::Kind::End:
            fail(t);
        case Token::Kind::QuotedIdentifier:
            return parseColumnOrCall();
        case Token::Kind::Identifier:
            break;
        }
        if (t.isKeyword("NULL") || t.isKeyword("TRUE") || t.isKeyword("FALSE")) {
            next();
            auto n = makeNode(AstNode::Kind::Literal, t.begin, t.end);
            if (!t.isKeyword("NULL"))
                n->literal = Value::boolean(t.isKeyword("TRUE"));
            return n;
        }
        if (t.isKeyword("CASE"))
            return parseCase();
        if (t.isKeyword("CAST") && peek(1).isSymbol("("))
            return parseCast();
        if (t.isKeyword("TIMESTAMP") && peek(1).kind == Token::Kind::String) {
            next();
            const Token &s = next();
            auto micros = parseTimestamp(s.text);
            if (!micros)
                throw analysisError("The value of the typed literal \"TIMESTAMP\" is invalid: '"
                                        + s.text + "'.",
                                    TextPosition{1, t.begin + 1});
            auto n = makeNode(AstNode::Kind::Literal, t.begin, s.end);
            n->literal = Value::timestamp(*micros);
            return n;
        }
        if (t.isKeyword("INTERVAL")
            && (peek(1).kind == Token::Kind::String || peek(1).kind == Token::Kind::Integer
                || peek(1).kind == Token::Kind::Decimal || peek(1).isSymbol("-")))
            return parseInterval();
        if (isReserved(t))
            fail(t);
        return parseColumnOrCall();
    }

    AstPtr parseInterval()
    {
        const Token &start = next();
        auto n = makeNode(AstNode::Kind::Interval, start.begin, start.end);
        std::string text;
        if (peek().kind == Token::Kind::String) {
            const Token &s = next();
            text = s.text;
            n->end = s.end;
            if (peek().kind == Token::Kind::Identifier && !isReserved(peek())) {
                text += " " + peek().text;
                n->end = next().end;
            }
        } else {
            while (peek().kind == Token::Kind::Integer || peek().kind == Token::Kind::Decimal
                   || peek().isSymbol("-")) {
                std::string number;
                if (peek().isSymbol("-")) {
                    next();
                    number = "-";
                }
                const Token &num = peek();
                if (num.kind != Token::Kind::Integer && num.kind != Token::Kind::Decimal)
                    fail(num);
                number += next().text;
                const Token &unit = peek();
                if (unit.kind != Token::Kind::Identifier || isReserved(unit))
                    fail(unit);
                next();
                if (!text.empty())
                    text += " ";
                text += number + " " + unit.text;
                n->end = unit.end;
            }
        }
        n->name = text;
        return n;
    }

    AstPtr parseCase()
    {
        const Token &start = next();
        auto n = makeNode(AstNode::Kind::Case, start.begin, start.end);
        AstPtr operand;
        if (!peek().isKeyword("WHEN"))
            operand = parseExpr();
        if (!peek().isKeyword("WHEN"))
            fail(peek());
        while (peek().isKeyword("WHEN")) {
            next();
            AstPtr when = parseExpr();
            expectKeyword("THEN");
            AstPtr then = parseExpr();
            // Spark's parser turns `CASE x WHEN v` into `CASE WHEN x = v`.
            n->children.push_back(operand ? makeBinary("=", operand, when) : when);
            n->children.push_back(then);
        }
        if (peek().isKeyword("ELSE")) {
            next();
            n->children.push_back(parseExpr());
            n->hasElse = true;
        }
        const Token &end = peek();
        expectKeyword("END");
        n->end = end.end;
        return n;
    }

    AstPtr parseCast()
    {
        const Token &start = next();
        expectSymbol("(");
        AstPtr child = parseExpr();
        expectKeyword("AS");
        const Token &typeToken = peek();
        if (typeToken.kind != Token::Kind::Identifier)
            fail(typeToken);
        next();
        std::string typeText = typeToken.text;
        if (peek().isSymbol("(")) {
            next();
            typeText += "(";
            if (peek().kind != Token::Kind::Integer)
                fail(peek());
            typeText += next().text;
            if (peek().isSymbol(",")) {
                next();
                if (peek().kind != Token::Kind::Integer)
                    fail(peek());
                typeText += "," + next().text;
            }
            expectSymbol(")");
            typeText += ")";
        }
        auto type = parseTypeName(typeText);
        if (!type || type->kind == TypeKind::Window || type->kind == TypeKind::Null)
            throw analysisError("Unsupported data type \"" + typeText + "\"",
                                TextPosition{1, typeToken.begin + 1});
        const Token &close = peek();
        expectSymbol(")");
        auto n = makeNode(AstNode::Kind::Cast, start.begin, close.end);
        n->castType = *type;
        n->children = {child};
        return n;
    }

    AstPtr parseColumnOrCall()
    {
        const Token &first = next();
        if (peek().isSymbol("(") && first.kind == Token::Kind::Identifier)
            return parseCall(first);
        auto n = makeNode(AstNode::Kind::Column, first.begin, first.end);
        n->nameParts.push_back(first.text);
        while (peek().isSymbol(".")
               && (peek(1).kind == Token::Kind::Identifier
                   || peek(1).kind == Token::Kind::QuotedIdentifier)) {
            next();
            const Token &part = next();
            n->nameParts.push_back(part.text);
            n->end = part.end;
        }
        return n;
    }

    AstPtr parseCall(const Token &nameToken)
    {
        auto n = makeNode(AstNode::Kind::Function, nameToken.begin, nameToken.end);
        n->name = asciiLowerCase(nameToken.text);
        expectSymbol("(");
        if (peek().isKeyword("DISTINCT")) {
            next();
            n->distinct = true;
        }
        if (peek().isSymbol("*") && peek(1).isSymbol(")")) {
            const Token &star = next();
            n->children.push_back(makeNode(AstNode::Kind::Star, star.begin, star.end));
        } else if (!peek().isSymbol(")")) {
            n->children.push_back(parseExpr());
            while (peek().isSymbol(",")) {
                next();
                n->children.push_back(parseExpr());
            }
        }
        const Token &close = peek();
        expectSymbol(")");
        n->end = close.end;
        return n;
    }

    std::string_view m_text;
    std::vector<Token> m_tokens;
    size_t m_pos = 0;
};

} // namespace

AstPtr parseExpression(std::string_view text)
{
    return Parser(text).parseAll();
}

NamedAst parseNamedExpression(std::string_view text)
{
    return Parser(text).parseNamed();
}

} // namespace streamstep::expr
