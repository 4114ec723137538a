#include "analysis/ast_rewrite.h"

#include "streamstep/value_format.h"
#include "types/text.h"

#include <algorithm>
#include <cctype>

namespace streamstep {

using expr::AstNode;
using expr::AstPtr;

AstPtr rewriteAst(const AstPtr &ast, const std::function<AstPtr(const AstNode &)> &replace)
{
    if (AstPtr replaced = replace(*ast))
        return replaced;
    auto copy = std::make_shared<AstNode>(*ast);
    for (AstPtr &child : copy->children)
        child = rewriteAst(child, replace);
    return copy;
}

std::vector<AstPtr> splitConjuncts(const AstPtr &ast)
{
    if (ast->kind == AstNode::Kind::Binary && ast->op == "AND") {
        std::vector<AstPtr> out = splitConjuncts(ast->children[0]);
        std::vector<AstPtr> right = splitConjuncts(ast->children[1]);
        out.insert(out.end(), right.begin(), right.end());
        return out;
    }
    return {ast};
}

std::string astToText(const AstNode &ast)
{
    auto child = [&](size_t i) { return astToText(*ast.children[i]); };
    switch (ast.kind) {
    case AstNode::Kind::Column: {
        std::string out;
        for (const std::string &part : ast.nameParts)
            out += (out.empty() ? "" : ".") + part;
        return out;
    }
    case AstNode::Kind::Literal:
        if (ast.literal.type().kind == TypeKind::String)
            return "'" + ast.literal.asString() + "'";
        if (ast.literal.type().kind == TypeKind::Timestamp)
            return "TIMESTAMP '" + formatTimestamp(ast.literal.asTimestamp()) + "'";
        return toDisplayString(ast.literal);
    case AstNode::Kind::Star: return "*";
    case AstNode::Kind::Unary:
        return ast.op == "NOT" ? "(NOT " + child(0) + ")" : "(- " + child(0) + ")";
    case AstNode::Kind::Binary: return "(" + child(0) + " " + ast.op + " " + child(1) + ")";
    case AstNode::Kind::Function: {
        std::string out = ast.name + "(" + (ast.distinct ? "DISTINCT " : "");
        for (size_t i = 0; i < ast.children.size(); ++i)
            out += (i ? ", " : "") + child(i);
        return out + ")";
    }
    case AstNode::Kind::Case: {
        std::string out = "CASE";
        size_t pairs = (ast.children.size() - (ast.hasElse ? 1 : 0)) / 2;
        for (size_t i = 0; i < pairs; ++i)
            out += " WHEN " + child(2 * i) + " THEN " + child(2 * i + 1);
        if (ast.hasElse)
            out += " ELSE " + child(ast.children.size() - 1);
        return out + " END";
    }
    case AstNode::Kind::Cast: return "CAST(" + child(0) + " AS " + ast.castType.sparkName() + ")";
    case AstNode::Kind::In: {
        std::string out = "(" + child(0) + (ast.negated ? " NOT IN (" : " IN (");
        for (size_t i = 1; i < ast.children.size(); ++i)
            out += (i > 1 ? ", " : "") + child(i);
        return out + "))";
    }
    case AstNode::Kind::Between:
        return "(" + child(0) + (ast.negated ? " NOT BETWEEN " : " BETWEEN ") + child(1) + " AND "
            + child(2) + ")";
    case AstNode::Kind::Like: return "(" + child(0) + (ast.negated ? " NOT LIKE " : " LIKE ") + child(1) + ")";
    case AstNode::Kind::IsNull: return "(" + child(0) + (ast.negated ? " IS NOT NULL)" : " IS NULL)");
    case AstNode::Kind::Interval: return "INTERVAL '" + ast.name + "'";
    }
    return "?";
}

} // namespace streamstep
