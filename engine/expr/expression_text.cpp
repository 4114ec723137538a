#include "expr/expression_text.h"

#include "expr/function_registry.h"

#include "streamstep/value_format.h"

#include <cctype>

namespace streamstep::expr {

namespace {

enum class TextStyle { Pretty, Sql };


bool needsQuoting(const std::string &name)
{
    if (name.empty())
        return true;
    for (char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
            return true;
    return false;
}

std::string literalText(const Value &v, TextStyle style)
{
    const DataType t = v.type();
    switch (t.kind) {
    case TypeKind::Null: return "NULL";
    case TypeKind::Boolean: return v.asBool() ? "true" : "false";
    case TypeKind::Int: return std::to_string(v.asInt());
    case TypeKind::Long:
        return std::to_string(v.asLong()) + (style == TextStyle::Sql ? "L" : "");
    case TypeKind::Double:
        return formatDouble(v.asDouble()) + (style == TextStyle::Sql ? "D" : "");
    case TypeKind::Decimal:
        return formatDecimal(v.asDecimal().unscaled, v.asDecimal().scale)
            + (style == TextStyle::Sql ? "BD" : "");
    case TypeKind::String: {
        if (style == TextStyle::Pretty)
            return v.asString();
        std::string out = "'";
        for (char c : v.asString()) {
            if (c == '\'' || c == '\\')
                out.push_back('\\');
            out.push_back(c);
        }
        return out + "'";
    }
    case TypeKind::Timestamp: return "TIMESTAMP '" + formatTimestamp(v.asTimestamp()) + "'";
    case TypeKind::Window: return toDisplayString(v);
    }
    return "";
}

std::string join(const std::vector<std::string> &parts, size_t from)
{
    std::string out;
    for (size_t i = from; i < parts.size(); ++i)
        out += (i > from ? ", " : "") + parts[i];
    return out;
}

// The text of a node whose children are already rendered (`kids`). Out of line and not
// recursive, so that render's own frame, which recursion stacks, stays small.
[[gnu::noinline]] std::string compose(const AstNode &node, const std::vector<std::string> &kids, TextStyle style,
                                      const Schema *schema)
{
    switch (node.kind) {
    case AstNode::Kind::Column: {
        std::string out;
        for (size_t i = 0; i < node.nameParts.size(); ++i) {
            std::string part = node.nameParts[i];
            if (i == 0 && schema) {
                const int index = schema->indexOf(part);
                if (index >= 0)
                    part = schema->fields[static_cast<size_t>(index)].name;
            }
            if (style == TextStyle::Sql && needsQuoting(part))
                part = "`" + part + "`";
            out += (i ? "." : "") + part;
        }
        return out;
    }
    case AstNode::Kind::Literal: return literalText(node.literal, style);
    case AstNode::Kind::Star: return "*";
    case AstNode::Kind::Interval: return "INTERVAL '" + node.name + "'";
    case AstNode::Kind::Unary:
        if (node.op == "NOT")
            return "(NOT " + kids[0] + ")";
        return "(- " + kids[0] + ")";
    case AstNode::Kind::Binary: {
        const std::string &op = node.op;
        if (op == "!=" || op == "<>")
            return "(NOT (" + kids[0] + " = " + kids[1] + "))";
        const std::string sqlOp = op == "==" ? "=" : op;
        // Spark's TimeAdd / DatetimeSub print without parentheses: `ts + INTERVAL ...`.
        if (node.children[0]->kind == AstNode::Kind::Interval
            || node.children[1]->kind == AstNode::Kind::Interval)
            return kids[0] + " " + sqlOp + " " + kids[1];
        return "(" + kids[0] + " " + sqlOp + " " + kids[1] + ")";
    }
    case AstNode::Kind::Function: {
        const std::string &name = node.name;
        if (name == "count" && node.children.size() == 1
            && node.children[0]->kind == AstNode::Kind::Star)
            return "count(1)";
        std::string args = join(kids, 0);
        // Spark fills in default arguments, and they appear in the name.
        if (const FunctionDefinition *function = FunctionRegistry::builtin().find(name))
            for (const Value &v : function->defaultsAfter(node.children.size()))
                args += (args.empty() ? "" : ", ") + literalText(v, style);
        return name + "(" + (node.distinct ? "DISTINCT " : "") + args + ")";
    }
    case AstNode::Kind::Case: {
        std::string out = "CASE";
        const size_t pairs = (node.children.size() - (node.hasElse ? 1 : 0)) / 2;
        for (size_t i = 0; i < pairs; ++i)
            out += " WHEN " + kids[2 * i] + " THEN " + kids[2 * i + 1];
        if (node.hasElse)
            out += " ELSE " + kids.back();
        return out + " END";
    }
    case AstNode::Kind::Cast:
        return "CAST(" + kids[0] + " AS " + sqlTypeName(node.castType) + ")";
    case AstNode::Kind::In: {
        std::string out = "(" + kids[0] + " IN (" + join(kids, 1) + "))";
        return node.negated ? "(NOT " + out + ")" : out;
    }
    case AstNode::Kind::Between: {
        // Spark's parser: lower <= e AND e <= upper, as And(GreaterThanOrEqual, LessThanOrEqual).
        std::string out = "((" + kids[0] + " >= " + kids[1] + ") AND (" + kids[0] + " <= " + kids[2] + "))";
        return node.negated ? "(NOT " + out + ")" : out;
    }
    case AstNode::Kind::Like: {
        std::string out = kids[0] + " LIKE " + kids[1];
        return node.negated ? "(NOT " + out + ")" : out;
    }
    case AstNode::Kind::IsNull:
        return "(" + kids[0] + (node.negated ? " IS NOT NULL)" : " IS NULL)");
    }
    return "";
}

std::string render(const AstNode &node, TextStyle style, const Schema *schema)
{
    std::vector<std::string> kids;
    kids.reserve(node.children.size());
    for (const AstPtr &c : node.children)
        kids.push_back(render(*c, style, schema));
    return compose(node, kids, style, schema);
}

} // namespace

std::string sqlTypeName(const DataType &type)
{
    switch (type.kind) {
    case TypeKind::Null: return "VOID";
    case TypeKind::Boolean: return "BOOLEAN";
    case TypeKind::Int: return "INT";
    case TypeKind::Long: return "BIGINT";
    case TypeKind::Double: return "DOUBLE";
    case TypeKind::Decimal:
        return "DECIMAL(" + std::to_string(type.precision) + "," + std::to_string(type.scale) + ")";
    case TypeKind::String: return "STRING";
    case TypeKind::Timestamp: return "TIMESTAMP";
    case TypeKind::Window: return "STRUCT<start: TIMESTAMP, end: TIMESTAMP>";
    }
    return "";
}

std::string prettyName(const AstNode &node, const Schema *schema)
{
    // A column reference is named by its last part (Spark aliases a.b.c as c).
    if (node.kind == AstNode::Kind::Column && !node.nameParts.empty()) {
        if (node.nameParts.size() == 1 && schema) {
            const int index = schema->indexOf(node.nameParts[0]);
            if (index >= 0)
                return schema->fields[static_cast<size_t>(index)].name;
        }
        return node.nameParts.back();
    }
    return render(node, TextStyle::Pretty, schema);
}

std::string sqlText(const AstNode &node)
{
    return render(node, TextStyle::Sql, nullptr);
}

std::string defaultName(const AstNode &node)
{
    return prettyName(node, nullptr);
}

} // namespace streamstep::expr
