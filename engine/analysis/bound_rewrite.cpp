#include "analysis/bound_rewrite.h"

#include "expr/expr_node.h"

#include <algorithm>

namespace streamstep {

namespace {

using expr::ExprNode;
using expr::ExprOp;
using expr::NodePtr;

NodePtr substitute(const NodePtr &node, const std::vector<expr::BoundExprPtr> &definitions, bool &failed)
{
    if (failed)
        return nullptr;
    if (node->op == ExprOp::ColumnRef) {
        const auto index = static_cast<size_t>(node->index);
        auto definition = index < definitions.size()
            ? std::dynamic_pointer_cast<const ExprNode>(definitions[index])
            : nullptr;
        if (!definition)
            failed = true;
        return definition;
    }
    if (node->op == ExprOp::WindowField) {
        const auto index = static_cast<size_t>(node->index);
        if (index >= definitions.size() || !definitions[index]->columnIndex) {
            failed = true;
            return nullptr;
        }
        auto copy = std::make_shared<ExprNode>(*node);
        copy->index = *definitions[index]->columnIndex;
        copy->referencedColumns = {copy->index};
        return copy;
    }
    if (node->args.empty())
        return node;
    auto copy = std::make_shared<ExprNode>(*node);
    copy->referencedColumns.clear();
    for (NodePtr &arg : copy->args) {
        arg = substitute(arg, definitions, failed);
        if (failed)
            return nullptr;
        copy->referencedColumns.insert(copy->referencedColumns.end(), arg->referencedColumns.begin(),
                                       arg->referencedColumns.end());
        copy->deterministic = copy->deterministic && arg->deterministic;
    }
    std::sort(copy->referencedColumns.begin(), copy->referencedColumns.end());
    copy->referencedColumns.erase(std::unique(copy->referencedColumns.begin(), copy->referencedColumns.end()),
                                  copy->referencedColumns.end());
    return copy;
}

} // namespace

expr::BoundExprPtr substituteColumns(const expr::BoundExprPtr &expression,
                                     const std::vector<expr::BoundExprPtr> &definitions)
{
    auto node = std::dynamic_pointer_cast<const ExprNode>(expression);
    if (!node)
        return nullptr;
    bool failed = false;
    NodePtr out = substitute(node, definitions, failed);
    return failed ? nullptr : out;
}

bool referencesColumn(const expr::BoundExpr &expression, int column)
{
    return std::binary_search(expression.referencedColumns.begin(), expression.referencedColumns.end(), column);
}

} // namespace streamstep
