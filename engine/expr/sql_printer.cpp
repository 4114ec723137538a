// Spark SQL text of bound expressions (expression.h, toSql). Every node prints so that the
// parser reads back the same tree: parentheses only where precedence needs them
// ("amount > 100000.00 AND qty < 3", "(a + b) * 2"), so the text nests no deeper than the
// expression did; a literal prints in a form whose type is exactly the literal's (else wrapped
// in a CAST); an implicit cast prints as its operand, since binding the operand in the same
// place derives the same cast again.
#include "expr/expression.h"

#include "expr/expr_node.h"
#include "expr/expression_text.h"
#include "expr/function_registry.h"
#include "types/decimal.h"

#include "streamstep/value_format.h"
#include "types/text.h"

#include <array>
#include <optional>
#include <vector>
#include <stdexcept>

namespace streamstep::expr {

namespace {

// Words Spark's parser (and ours) reads as keywords or as a function without parentheses
// (CURRENT_TIMESTAMP): a column so named must be backquoted. Spark's ANSI reserved words are
// included, so the text also parses with spark.sql.ansi.enforceReservedKeywords.
constexpr std::array kKeywords = {
    "all", "and", "any", "as", "authorization", "between", "both", "case", "cast", "check", "collate",
    "column", "constraint", "create", "cross", "current_date", "current_time", "current_timestamp",
    "current_user", "date", "distinct", "div", "else", "end", "escape", "except", "exists", "false",
    "fetch", "filter", "for", "foreign", "from", "full", "grant", "group", "having", "ilike", "in",
    "inner", "intersect", "interval", "into", "is", "join", "lateral", "leading", "left", "like",
    "natural", "not", "null", "offset", "on", "only", "or", "order", "outer", "overlaps", "primary",
    "references", "regexp", "right", "rlike", "select", "session_user", "some", "table", "then", "time",
    "timestamp", "to", "trailing", "true", "union", "unique", "unknown", "user", "using", "when",
    "where", "with"};

std::string identifier(const std::string &name)
{
    bool plain = !name.empty() && !(name[0] >= '0' && name[0] <= '9');
    for (char c : name)
        plain = plain && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_');
    if (plain) {
        const std::string lower = asciiLowerCase(name);
        for (const char *k : kKeywords)
            plain = plain && lower != k;
    }
    if (plain)
        return name;
    std::string out = "`";
    for (char c : name) {
        if (c == '`')
            out.push_back('`');
        out.push_back(c);
    }
    return out + "`";
}

// Spark's string literal: single quotes, backslash escapes (ParserUtils.unescapeSQLString reads
// them back). Control characters use \uXXXX, so no digit after them can turn them into an octal
// escape.
std::string stringLiteral(const std::string &s)
{
    static const char *const kHex = "0123456789ABCDEF";
    std::string out = "'";
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        switch (c) {
        case '\'': out += "\\'"; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (u < 0x20 || u == 0x7F) {
                out += "\\u00";
                out.push_back(kHex[u >> 4]);
                out.push_back(kHex[u & 0xF]);
            } else {
                out.push_back(c);
            }
        }
    }
    return out + "'";
}

std::string castText(const std::string &operand, const DataType &type)
{
    return "CAST(" + operand + " AS " + sqlTypeName(type) + ")";
}

// A literal of exactly `type` (the value is of that type, or NULL).
std::string literalSql(const Value &v, const DataType &type)
{
    if (v.isNull())
        return type.kind == TypeKind::Null ? "NULL" : castText("NULL", type); // Spark's Literal.sql
    switch (type.kind) {
    case TypeKind::Boolean: return v.asBool() ? "true" : "false";
    case TypeKind::Int: return std::to_string(v.asInt());
    case TypeKind::Long: return std::to_string(v.asLong()) + "L";
    case TypeKind::Double: {
        const double d = v.asDouble();
        if (d != d || d - d != 0) // NaN, ±Infinity: no literal syntax
            return castText(stringLiteral(formatDouble(d)), type);
        return formatDouble(d) + "D";
    }
    case TypeKind::Decimal: {
        // The parser types `123.45` as decimal(max(digits, scale), scale) and `123BD` as
        // decimal(digits, 0); any other precision needs a cast.
        const Decimal &d = v.asDecimal();
        const Int128 unscaled = rescaleDecimal(d.unscaled, d.scale, type.scale, 38).value_or(d.unscaled);
        const std::string text = formatDecimal(unscaled, type.scale) + (type.scale == 0 ? "BD" : "");
        const int parsedPrecision = std::max(decimalDigits(unscaled), type.scale);
        return parsedPrecision == type.precision ? text : castText(text, type);
    }
    case TypeKind::String: return stringLiteral(v.asString());
    case TypeKind::Timestamp: {
        // Spark's text of every timestamp (years beyond 9999 as +10000) reads back exactly.
        const std::string text = formatTimestamp(v.asTimestamp());
        if (parseTimestamp(text) != v.asTimestamp())
            throw std::logic_error("timestamp text that does not read back: " + text);
        return "TIMESTAMP " + stringLiteral(text);
    }
    case TypeKind::Null:
    case TypeKind::Window: break;
    }
    throw std::logic_error("a literal of type " + type.sparkName() + " has no SQL text");
}

// Spark's interval text for TimeAdd: `+ INTERVAL '1 hours 30 minutes'`, or `-` when every part is
// negative (the binder folds `ts - INTERVAL …` into a negated interval).
std::string intervalSql(const Interval &interval)
{
    const bool negative = interval.months <= 0 && interval.days <= 0 && interval.micros <= 0
        && (interval.months | interval.days | interval.micros) != 0;
    const int64_t sign = negative ? -1 : 1;
    std::string text;
    const auto part = [&](int64_t n, const char *unit) {
        if (n != 0)
            text += (text.empty() ? "" : " ") + std::to_string(n) + " " + unit;
    };
    part(sign * interval.months, "months");
    part(sign * interval.days, "days");
    // The micros as hours, minutes, seconds and microseconds, each with the sign of the whole.
    const int64_t micros = sign * interval.micros;
    part(micros / 3'600'000'000LL, "hours");
    part(micros / 60'000'000LL % 60, "minutes");
    part(micros / 1'000'000LL % 60, "seconds");
    part(micros % 1'000'000LL, "microseconds");
    if (text.empty())
        text = "0 seconds";
    return std::string(negative ? " - " : " + ") + "INTERVAL " + stringLiteral(text);
}

// Precedence levels of the parser (and of Spark's SqlBaseParser), loosest first. A part is
// parenthesized only where the parser would otherwise read it differently.
enum Level {
    kOrLevel = 1,
    kAndLevel,
    kNotLevel,
    kPredicateLevel,      // IN, LIKE, BETWEEN, IS NULL after a value
    kComparisonLevel,     // = < <= > >= <=> <>
    kAdditiveLevel,       // + - (also timestamp ± INTERVAL)
    kMultiplicativeLevel, // * / %
    kUnaryLevel,          // -x
    kPrimaryLevel,        // columns, literals, calls, CASE, CAST
};

// A printed part, with the printed parts of its children and grandchildren (the forms of NOT
// and AND that print as <>, NOT IN, NOT BETWEEN … read their operands' operands).
struct Sql {
    std::string text;
    Level level = kPrimaryLevel;
    std::vector<Sql> args;
};

struct BinaryOperator {
    const char *text;
    Level level;
};

std::optional<BinaryOperator> binaryOperator(ExprOp op)
{
    switch (op) {
    case ExprOp::Add: return BinaryOperator{" + ", kAdditiveLevel};
    case ExprOp::Subtract: return BinaryOperator{" - ", kAdditiveLevel};
    case ExprOp::Multiply: return BinaryOperator{" * ", kMultiplicativeLevel};
    case ExprOp::Divide: return BinaryOperator{" / ", kMultiplicativeLevel};
    case ExprOp::Remainder: return BinaryOperator{" % ", kMultiplicativeLevel};
    case ExprOp::Equal: return BinaryOperator{" = ", kComparisonLevel};
    case ExprOp::Less: return BinaryOperator{" < ", kComparisonLevel};
    case ExprOp::LessEqual: return BinaryOperator{" <= ", kComparisonLevel};
    case ExprOp::Greater: return BinaryOperator{" > ", kComparisonLevel};
    case ExprOp::GreaterEqual: return BinaryOperator{" >= ", kComparisonLevel};
    case ExprOp::NullSafeEqual: return BinaryOperator{" <=> ", kComparisonLevel};
    case ExprOp::And: return BinaryOperator{" AND ", kAndLevel};
    case ExprOp::Or: return BinaryOperator{" OR ", kOrLevel};
    default: return std::nullopt;
    }
}

// Prints children before their parent: the recursive function keeps only the children's texts
// in its frame, the text itself is composed out of line, so deep trees cost little stack.
class Printer {
public:
    explicit Printer(const Schema &input) : m_input(input) {}

    Sql print(const ExprNode &n) const
    {
        if (n.op == ExprOp::Cast && n.implicitCast)
            return print(*n.args[0]);
        std::vector<Sql> args;
        args.reserve(n.args.size());
        for (const NodePtr &a : n.args)
            args.push_back(print(*a));
        Sql sql = compose(n, args);
        // Keep two levels below: NOT(x >= a AND x <= b) reads the operands of its operand's operands.
        for (Sql &a : args)
            for (Sql &g : a.args)
                g.args.clear();
        sql.args = std::move(args);
        return sql;
    }

private:
    [[gnu::noinline]] Sql compose(const ExprNode &n, const std::vector<Sql> &a) const
    {
        if (const auto op = binaryOperator(n.op)) {
            if (n.op == ExprOp::And)
                if (auto between = betweenText(n, a, ""))
                    return {*between, kPredicateLevel, {}};
            // Left-associative: the right operand of the same level needs parentheses.
            return {operand(a[0], op->level) + op->text + operand(a[1], Level(op->level + 1)), op->level, {}};
        }
        switch (n.op) {
        case ExprOp::ColumnRef: return {column(n.index), kPrimaryLevel, {}};
        case ExprOp::WindowField: return {column(n.index) + (n.windowEnd ? ".end" : ".start"), kPrimaryLevel, {}};
        case ExprOp::Literal:
            return {n.writtenLiteral ? literalSql(n.writtenLiteral->value, n.writtenLiteral->type)
                                     : literalSql(n.literal, n.type),
                    kPrimaryLevel, {}};
        case ExprOp::Cast: return {castText(a[0].text, n.type), kPrimaryLevel, {}};
        case ExprOp::Negate: {
            const std::string x = operand(a[0], kUnaryLevel);
            return {(x.starts_with("-") ? "- " : "-") + x, kUnaryLevel, {}}; // `--` would start a comment
        }
        case ExprOp::Not: return notText(n, a[0]);
        case ExprOp::IsNull: return {operand(a[0], kComparisonLevel) + " IS NULL", kPredicateLevel, {}};
        case ExprOp::IsNotNull: return {operand(a[0], kComparisonLevel) + " IS NOT NULL", kPredicateLevel, {}};
        case ExprOp::In: return {inText(a, ""), kPredicateLevel, {}};
        case ExprOp::Like: return {likeText(a, ""), kPredicateLevel, {}};
        case ExprOp::CaseWhen: {
            std::string out = "CASE";
            const size_t pairs = (a.size() - 1) / 2;
            for (size_t i = 0; i < pairs; ++i)
                out += " WHEN " + a[2 * i].text + " THEN " + a[2 * i + 1].text;
            // Without ELSE the binder adds the NULL literal (of NULL's type, cast to the result's).
            const ExprNode &otherwise = *n.args.back();
            const DataType &writtenType = otherwise.writtenLiteral ? otherwise.writtenLiteral->type : otherwise.type;
            if (!(otherwise.isLiteral() && otherwise.literal.isNull() && writtenType.kind == TypeKind::Null))
                out += " ELSE " + a.back().text;
            return {out + " END", kPrimaryLevel, {}};
        }
        case ExprOp::TimeAdd: return {operand(a[0], kAdditiveLevel) + intervalSql(n.interval), kAdditiveLevel, {}};
        case ExprOp::Function: return {n.function->name + "(" + list(a, 0) + ")", kPrimaryLevel, {}};
        default: break;
        }
        throw std::logic_error("toSql: a node without SQL text");
    }

    // The text of a part in a place that needs at least `level`.
    static std::string operand(const Sql &sql, Level level)
    {
        return sql.level < level ? "(" + sql.text + ")" : sql.text;
    }

    // The binder's forms of `a <> b`, `x NOT IN (…)`, `x NOT LIKE p` and `x NOT BETWEEN a AND b`
    // print as written, so the text nests no deeper than what was parsed.
    Sql notText(const ExprNode &n, const Sql &x) const
    {
        const ExprNode &inner = *n.args[0];
        switch (inner.op) {
        case ExprOp::Equal:
            if (x.args.size() != 2)
                throw std::logic_error("toSql: the operands of = were not kept");
            return {operand(x.args[0], kComparisonLevel) + " <> " + operand(x.args[1], kAdditiveLevel),
                    kComparisonLevel, {}};
        case ExprOp::In: return {inText(x.args, " NOT"), kPredicateLevel, {}};
        case ExprOp::Like: return {likeText(x.args, " NOT"), kPredicateLevel, {}};
        case ExprOp::And:
            if (auto between = betweenText(inner, x.args, " NOT"))
                return {*between, kPredicateLevel, {}};
            break;
        default: break;
        }
        return {"NOT " + operand(x, kNotLevel), kNotLevel, {}};
    }

    static std::string inText(const std::vector<Sql> &a, const char *negation)
    {
        return operand(a[0], kComparisonLevel) + negation + " IN (" + list(a, 1) + ")";
    }

    static std::string likeText(const std::vector<Sql> &a, const char *negation)
    {
        return operand(a[0], kComparisonLevel) + negation + " LIKE " + operand(a[1], kComparisonLevel);
    }

    // `x >= a AND x <= b` (what the binder makes of BETWEEN) as `x BETWEEN a AND b`; `a` are the
    // printed operands of the AND node n.
    static std::optional<std::string> betweenText(const ExprNode &n, const std::vector<Sql> &a, const char *negation)
    {
        if (n.args[0]->op != ExprOp::GreaterEqual || n.args[1]->op != ExprOp::LessEqual)
            return std::nullopt;
        const std::vector<Sql> &ge = a[0].args;
        const std::vector<Sql> &le = a[1].args;
        if (ge.size() != 2 || le.size() != 2)
            throw std::logic_error("toSql: the operands of a comparison were not kept");
        const std::string value = operand(ge[0], kComparisonLevel);
        if (operand(le[0], kComparisonLevel) != value)
            return std::nullopt;
        return value + negation + " BETWEEN " + operand(ge[1], kComparisonLevel) + " AND "
            + operand(le[1], kComparisonLevel);
    }

    std::string column(int index) const
    {
        if (index < 0 || static_cast<size_t>(index) >= m_input.fields.size())
            throw std::logic_error("toSql: a column outside the schema");
        return identifier(m_input.fields[static_cast<size_t>(index)].name);
    }

    static std::string list(const std::vector<Sql> &a, size_t from)
    {
        std::string out;
        for (size_t i = from; i < a.size(); ++i)
            out += (i > from ? ", " : "") + a[i].text;
        return out;
    }

    const Schema &m_input;
};

} // namespace

std::string toSql(const BoundExpr &expression, const Schema &input)
{
    const auto *node = dynamic_cast<const ExprNode *>(&expression);
    if (!node)
        throw std::logic_error("toSql: not a bound expression of the binder");
    return Printer(input).print(*node).text;
}

} // namespace streamstep::expr
