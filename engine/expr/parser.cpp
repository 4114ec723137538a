// Recursive-descent parser for the scenario expression subset, with Spark's operator precedence
// (SqlBaseParser: OR < AND < NOT < predicates < comparison < + - < * / % < unary). It bounds the
// nesting (kMaxExpressionDepth): every parsed part knows its height (levels of nodes, and of
// parentheses, down to its deepest leaf), and no part may reach deeper than the limit counted
// from the top of the expression, so the parser's own recursion and every recursive pass after it
// (binder, evaluator, printers) stay within a bounded depth.
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

// A parsed part and its height: 1 for a leaf, one more for each node or pair of parentheses above.
struct Parsed {
    AstPtr node;
    int height = 1;
    // The span with the parentheses around the node, when it was written in some: `(a + b) * 2`
    // spans from its "(" (Spark's parser context of the operator, and so of its error excerpt).
    int outerBegin = -1;
    int outerEnd = -1;

    int begin() const { return outerBegin >= 0 ? outerBegin : node->begin; }
    int end() const { return outerEnd >= 0 ? outerEnd : node->end; }
};

class Parser {
public:
    explicit Parser(std::string_view text) : m_text(text), m_tokens(tokenize(text)) {}

    AstPtr parseAll()
    {
        AstPtr e = parseExpr().node;
        if (peek().kind != Token::Kind::End)
            fail(peek());
        return e;
    }

    NamedAst parseNamed()
    {
        NamedAst named;
        named.expr = parseExpr().node;
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

    [[noreturn, gnu::noinline]] void fail(const Token &t) const
    {
        if (t.kind == Token::Kind::End)
            throw analysisError("unexpected end of expression", TextPosition{1, t.begin + 1});
        throw analysisError("syntax error at or near '"
                                + std::string(m_text.substr(static_cast<size_t>(t.begin),
                                                            static_cast<size_t>(t.end - t.begin)))
                                + "'",
                            TextPosition{1, t.begin + 1});
    }

    // The part starting at `at` would reach `height` levels below the constructs open around it.
    void checkDepth(int height, const Token &at) const
    {
        if (m_open + height > kMaxExpressionDepth)
            tooDeep(at);
    }
    [[noreturn, gnu::noinline]] static void tooDeep(const Token &at)
    {
        throw analysisError("expression nested deeper than " + std::to_string(kMaxExpressionDepth) + " levels",
                            TextPosition{1, at.begin + 1});
    }

    // A construct whose inside is parsed recursively (parentheses, a call's arguments, NOT, a
    // sign, CASE, CAST, an IN list): one more level above everything parsed while it is open.
    class Nesting {
    public:
        Nesting(Parser &parser, const Token &at) : m_parser(parser)
        {
            ++m_parser.m_open;
            m_parser.checkDepth(0, at);
        }
        ~Nesting() { --m_parser.m_open; }
        Nesting(const Nesting &) = delete;
        Nesting &operator=(const Nesting &) = delete;

    private:
        Parser &m_parser;
    };

    // A node above `children`, checked at `at`.
    [[gnu::noinline]] Parsed above(AstPtr node, std::initializer_list<int> childHeights, const Token &at) const
    {
        int height = 0;
        for (int h : childHeights)
            height = std::max(height, h);
        checkDepth(height + 1, at);
        return {std::move(node), height + 1};
    }

    Parsed leaf(AstPtr node, const Token &at) const
    {
        checkDepth(1, at);
        return {std::move(node), 1};
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

    // A binary node `l op r` made at the operator token. Kept out of line, like every helper the
    // recursive path calls, so the recursive functions keep small stack frames.
    [[gnu::noinline]] Parsed binary(const std::string &op, const Token &at, Parsed l, Parsed r) const
    {
        const int begin = l.begin();
        const int end = r.end();
        AstPtr n = makeBinary(op, std::move(l.node), std::move(r.node));
        n->begin = begin;
        n->end = end;
        return above(std::move(n), {l.height, r.height}, at);
    }

    // Spark's precedence as climbing levels, so that each level of nesting costs few stack
    // frames: boolean OR < AND (then NOT and the predicates), value comparison < + - < * / %.
    enum Precedence { kOr = 1, kAnd = 2, kComparison = 1, kAdditive = 2, kMultiplicative = 3 };

    inline static const std::string kOrText = "OR";
    inline static const std::string kAndText = "AND";

    // A unary operator node (NOT, -) at token t.
    [[gnu::noinline]] Parsed unary(const char *op, const Token &t, Parsed child) const
    {
        auto n = makeNode(AstNode::Kind::Unary, t.begin, child.end());
        n->op = op;
        n->children = {child.node};
        return above(n, {child.height}, t);
    }

    Parsed parseExpr() { return parseBoolean(kOr); }

    // OR and AND, left-associative.
    Parsed parseBoolean(int minPrecedence)
    {
        Parsed left = parseNot();
        for (;;) {
            const int precedence = booleanPrecedence(peek());
            if (precedence == 0 || precedence < minPrecedence)
                return left;
            const Token &op = next();
            Parsed right = parseBoolean(precedence + 1);
            left = binary(precedence == kOr ? kOrText : kAndText, op, std::move(left), std::move(right));
        }
    }

    [[gnu::noinline]] static int booleanPrecedence(const Token &t)
    {
        return t.isKeyword("OR") ? kOr : t.isKeyword("AND") ? kAnd : 0;
    }

    Parsed parseNot()
    {
        if (isNot(peek()))
            return parseNotOperator();
        return parsePredicated();
    }

    [[gnu::noinline]] static bool isNot(const Token &t) { return t.isKeyword("NOT"); }

    [[gnu::noinline]] Parsed parseNotOperator()
    {
        const Token &t = next();
        Parsed child;
        {
            const Nesting nesting(*this, t);
            child = parseNot();
        }
        return unary("NOT", t, std::move(child));
    }

    Parsed parsePredicated()
    {
        Parsed value = parseValue(kComparison);
        if (startsPredicate(peek()))
            return parsePredicate(std::move(value));
        return value;
    }

    [[gnu::noinline]] static bool startsPredicate(const Token &t)
    {
        return t.isKeyword("NOT") || t.isKeyword("BETWEEN") || t.isKeyword("IN") || t.isKeyword("LIKE")
            || t.isKeyword("IS");
    }

    // [NOT] BETWEEN / IN / LIKE, IS [NOT] NULL after a value.
    [[gnu::noinline]] Parsed parsePredicate(Parsed value)
    {
        bool negated = false;
        size_t save = m_pos;
        if (peek().isKeyword("NOT")
            && (peek(1).isKeyword("IN") || peek(1).isKeyword("BETWEEN") || peek(1).isKeyword("LIKE"))) {
            negated = true;
            next();
        }
        if (peek().isKeyword("BETWEEN")) {
            const Token &op = next();
            Parsed low = parseValue(kComparison);
            expectKeyword("AND");
            Parsed high = parseValue(kComparison);
            auto n = makeNode(AstNode::Kind::Between, value.node->begin, high.node->end);
            n->negated = negated;
            n->children = {value.node, low.node, high.node};
            return above(n, {value.height, low.height, high.height}, op);
        }
        if (peek().isKeyword("IN")) {
            const Token &op = next();
            expectSymbol("(");
            auto n = makeNode(AstNode::Kind::In, value.node->begin, value.node->end);
            n->negated = negated;
            n->children.push_back(value.node);
            int height = value.height;
            {
                const Nesting nesting(*this, op);
                Parsed item = parseExpr();
                height = std::max(height, item.height);
                n->children.push_back(item.node);
                while (peek().isSymbol(",")) {
                    next();
                    item = parseExpr();
                    height = std::max(height, item.height);
                    n->children.push_back(item.node);
                }
            }
            n->end = peek().end;
            expectSymbol(")");
            return above(n, {height}, op);
        }
        if (peek().isKeyword("LIKE")) {
            const Token &op = next();
            Parsed pattern = parseValue(kComparison);
            auto n = makeNode(AstNode::Kind::Like, value.node->begin, pattern.node->end);
            n->negated = negated;
            n->children = {value.node, pattern.node};
            return above(n, {value.height, pattern.height}, op);
        }
        m_pos = save;
        if (peek().isKeyword("IS")) {
            const Token &op = next();
            bool isNot = false;
            if (peek().isKeyword("NOT")) {
                next();
                isNot = true;
            }
            const Token &t = peek();
            if (!t.isKeyword("NULL"))
                fail(t);
            next();
            auto n = makeNode(AstNode::Kind::IsNull, value.node->begin, t.end);
            n->negated = isNot;
            n->children = {value.node};
            return above(n, {value.height}, op);
        }
        return value;
    }

    [[gnu::noinline]] static int valuePrecedence(const Token &t)
    {
        if (t.kind != Token::Kind::Symbol)
            return 0;
        const std::string &s = t.text;
        if (s == "*" || s == "/" || s == "%")
            return kMultiplicative;
        if (s == "+" || s == "-")
            return kAdditive;
        if (s == "=" || s == "==" || s == "!=" || s == "<>" || s == "<" || s == "<=" || s == ">" || s == ">="
            || s == "<=>")
            return kComparison;
        return 0;
    }

    // Comparisons, + -, * / %: left-associative, each binding tighter than the one before.
    Parsed parseValue(int minPrecedence)
    {
        Parsed left = parseUnary();
        for (;;) {
            const int precedence = valuePrecedence(peek());
            if (precedence == 0 || precedence < minPrecedence)
                return left;
            const Token &op = next();
            Parsed right = parseValue(precedence + 1);
            left = binary(op.text, op, std::move(left), std::move(right));
        }
    }

    Parsed parseUnary()
    {
        if (isSign(peek()))
            return parseSigned();
        return parsePrimary();
    }

    [[gnu::noinline]] static bool isSign(const Token &t) { return t.isSymbol("-") || t.isSymbol("+"); }

    [[gnu::noinline]] Parsed parseSigned()
    {
        const Token &sign = next();
        const Token &t = peek();
        const bool minus = sign.text == "-";
        if (t.kind == Token::Kind::Integer || t.kind == Token::Kind::Decimal || t.kind == Token::Kind::Double) {
            // Spark's `number: MINUS? INTEGER_VALUE ...`: the sign belongs to the literal.
            next();
            AstPtr lit = numberLiteral(t, minus);
            lit->begin = sign.begin;
            return leaf(lit, sign);
        }
        Parsed child;
        {
            const Nesting nesting(*this, sign);
            child = parseUnary();
        }
        if (!minus) {
            child.node->begin = sign.begin;
            // Spark's UnaryPositive is transparent for our purposes; it still nests.
            return above(child.node, {child.height}, sign);
        }
        return unary("-", sign, std::move(child));
    }

    [[gnu::noinline]] AstPtr numberLiteral(const Token &t, bool negative)
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

    // Columns and calls (the way deep nesting mostly goes) and parentheses stay on the short
    // path; every other primary is parsed out of line.
    Parsed parsePrimary()
    {
        switch (primaryKind()) {
        case PrimaryKind::Parenthesized: return parseParenthesized();
        case PrimaryKind::ColumnOrCall: return parseColumnOrCall();
        case PrimaryKind::Other: break;
        }
        return parseOtherPrimary();
    }

    enum class PrimaryKind { Parenthesized, ColumnOrCall, Other };

    [[gnu::noinline]] PrimaryKind primaryKind() const
    {
        const Token &t = peek();
        if (t.isSymbol("("))
            return PrimaryKind::Parenthesized;
        // What parseOtherPrimary would send to parseColumnOrCall, too.
        if (t.kind == Token::Kind::QuotedIdentifier
            || (t.kind == Token::Kind::Identifier && peek(1).isSymbol("(") && !isReserved(t) && !t.isKeyword("CASE")
                && !t.isKeyword("CAST") && !t.isKeyword("NULL") && !t.isKeyword("TRUE") && !t.isKeyword("FALSE")))
            return PrimaryKind::ColumnOrCall;
        return PrimaryKind::Other;
    }

    [[gnu::noinline]] Parsed parseParenthesized()
    {
        const Token &t = next();
        Parsed inner;
        {
            const Nesting nesting(*this, t);
            inner = parseExpr();
        }
        const int close = peek().end;
        expectSymbol(")");
        Parsed out = above(inner.node, {inner.height}, t); // the parentheses are a level
        out.outerBegin = t.begin;
        out.outerEnd = close;
        return out;
    }

    [[gnu::noinline]] Parsed parseOtherPrimary()
    {
        const Token &t = peek();
        switch (t.kind) {
        case Token::Kind::Integer:
        case Token::Kind::Decimal:
        case Token::Kind::Double:
            next();
            return leaf(numberLiteral(t, false), t);
        case Token::Kind::String: return parseStringLiteral();
        case Token::Kind::Symbol:
        case Token::Kind::End:
            fail(t);
        case Token::Kind::QuotedIdentifier:
            return parseColumnOrCall();
        case Token::Kind::Identifier:
            break;
        }
        if (t.isKeyword("NULL") || t.isKeyword("TRUE") || t.isKeyword("FALSE"))
            return parseKeywordLiteral();
        if (t.isKeyword("CASE"))
            return parseCase();
        if (t.isKeyword("CAST") && peek(1).isSymbol("("))
            return parseCast();
        if (t.isKeyword("TIMESTAMP") && peek(1).kind == Token::Kind::String)
            return parseTimestampLiteral();
        if (t.isKeyword("INTERVAL")
            && (peek(1).kind == Token::Kind::String || peek(1).kind == Token::Kind::Integer
                || peek(1).kind == Token::Kind::Decimal || peek(1).isSymbol("-")))
            return leaf(parseInterval(), t);
        if (isReserved(t))
            fail(t);
        return parseColumnOrCall();
    }

    [[gnu::noinline]] Parsed parseStringLiteral()
    {
        const Token &t = next();
        auto n = makeNode(AstNode::Kind::Literal, t.begin, t.end);
        std::string value = t.text;
        // Spark concatenates adjacent string literals: 'a' 'b' is 'ab'.
        while (peek().kind == Token::Kind::String) {
            value += peek().text;
            n->end = next().end;
        }
        n->literal = Value::string(std::move(value));
        return leaf(n, t);
    }

    [[gnu::noinline]] Parsed parseKeywordLiteral()
    {
        const Token &t = next();
        auto n = makeNode(AstNode::Kind::Literal, t.begin, t.end);
        if (!t.isKeyword("NULL"))
            n->literal = Value::boolean(t.isKeyword("TRUE"));
        return leaf(n, t);
    }

    [[gnu::noinline]] Parsed parseTimestampLiteral()
    {
        const Token &t = next();
        const Token &s = next();
        auto micros = parseTimestamp(s.text);
        if (!micros)
            throw analysisError("The value of the typed literal \"TIMESTAMP\" is invalid: '" + s.text + "'.",
                                TextPosition{1, t.begin + 1});
        auto n = makeNode(AstNode::Kind::Literal, t.begin, s.end);
        n->literal = Value::timestamp(*micros);
        return leaf(n, t);
    }

    [[gnu::noinline]] AstPtr parseInterval()
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

    [[gnu::noinline]] Parsed parseCase()
    {
        const Token &start = next();
        auto n = makeNode(AstNode::Kind::Case, start.begin, start.end);
        int height = 0;
        {
            const Nesting nesting(*this, start);
            Parsed operand;
            if (!peek().isKeyword("WHEN"))
                operand = parseExpr();
            if (!peek().isKeyword("WHEN"))
                fail(peek());
            while (peek().isKeyword("WHEN")) {
                const Token &whenToken = next();
                Parsed when = parseExpr();
                expectKeyword("THEN");
                Parsed then = parseExpr();
                // Spark's parser turns `CASE x WHEN v` into `CASE WHEN x = v`.
                if (operand.node) {
                    when = {makeBinary("=", operand.node, when.node), std::max(operand.height, when.height) + 1};
                    checkDepth(when.height, whenToken);
                }
                height = std::max({height, when.height, then.height});
                n->children.push_back(when.node);
                n->children.push_back(then.node);
            }
            if (peek().isKeyword("ELSE")) {
                next();
                Parsed otherwise = parseExpr();
                height = std::max(height, otherwise.height);
                n->children.push_back(otherwise.node);
                n->hasElse = true;
            }
        }
        const Token &end = peek();
        expectKeyword("END");
        n->end = end.end;
        return above(n, {height}, start);
    }

    [[gnu::noinline]] Parsed parseCast()
    {
        const Token &start = next();
        expectSymbol("(");
        Parsed child;
        {
            const Nesting nesting(*this, start);
            child = parseExpr();
        }
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
        n->children = {child.node};
        return above(n, {child.height}, start);
    }

    Parsed parseColumnOrCall()
    {
        const Token &first = next();
        if (first.kind == Token::Kind::Identifier && opensCall())
            return parseCall(first);
        return parseColumn(first);
    }

    [[gnu::noinline]] bool opensCall() const { return peek().isSymbol("("); }

    [[gnu::noinline]] bool nextIs(const char *symbol)
    {
        if (!peek().isSymbol(symbol))
            return false;
        next();
        return true;
    }

    [[gnu::noinline]] Parsed parseColumn(const Token &first)
    {
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
        return leaf(n, first);
    }

    // name(args): the arguments recurse, the node is made and finished out of line.
    [[gnu::noinline]] Parsed parseCall(const Token &nameToken)
    {
        AstPtr n = startCall(nameToken);
        int height = n->children.empty() ? 0 : 1; // a star
        if (n->children.empty() && !peek().isSymbol(")")) {
            const Nesting nesting(*this, nameToken);
            do {
                Parsed arg = parseExpr();
                height = std::max(height, arg.height);
                n->children.push_back(std::move(arg.node));
            } while (nextIs(","));
        }
        return finishCall(std::move(n), height, nameToken);
    }

    [[gnu::noinline]] AstPtr startCall(const Token &nameToken)
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
        }
        return n;
    }

    [[gnu::noinline]] Parsed finishCall(AstPtr n, int height, const Token &nameToken)
    {
        const Token &close = peek();
        expectSymbol(")");
        n->end = close.end;
        return above(std::move(n), {height}, nameToken);
    }

    int m_open = 0; // nesting constructs open around the part being parsed
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
