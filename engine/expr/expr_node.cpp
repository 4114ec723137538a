// Evaluation of a bound node: its arguments first (ArgumentColumns), then its kernel. Every
// operator has a kernel of its own (operator_kernels.h); a registry function carries its kernel.
#include "expr/expr_node.h"

#include "expr/cast.h"
#include "expr/function_registry.h"
#include "expr/operator_kernels.h"

#include <algorithm>
#include <stdexcept>

namespace streamstep::expr {

std::shared_ptr<ExprNode> makeNode(ExprOp op, DataType type, std::vector<NodePtr> args)
{
    auto node = std::make_shared<ExprNode>();
    node->op = op;
    node->type = type;
    for (const NodePtr &a : args) {
        node->referencedColumns.insert(node->referencedColumns.end(), a->referencedColumns.begin(),
                                       a->referencedColumns.end());
        node->deterministic = node->deterministic && a->deterministic;
    }
    std::sort(node->referencedColumns.begin(), node->referencedColumns.end());
    node->referencedColumns.erase(
        std::unique(node->referencedColumns.begin(), node->referencedColumns.end()),
        node->referencedColumns.end());
    node->args = std::move(args);
    return node;
}

NodePtr makeLiteral(const Value &value, DataType type)
{
    auto node = makeNode(ExprOp::Literal, type);
    node->literal = value;
    return node;
}

NodePtr makeColumnRef(int index, DataType type)
{
    auto node = makeNode(ExprOp::ColumnRef, type);
    node->index = index;
    node->referencedColumns = {index};
    node->columnIndex = index;
    return node;
}

NodePtr castTo(const NodePtr &node, const DataType &type, CastKind kind, EvalMode mode)
{
    if (node->type == type)
        return node;
    std::optional<Value> value;
    if (node->isLiteral()) {
        if (mode == EvalMode::Ansi)
            value = ansiCastValue(node->literal, type);
        else
            value = castValue(node->literal, type);
    }
    if (value) {
        auto folded = makeNode(ExprOp::Literal, type);
        folded->literal = *value;
        if (kind == CastKind::Implicit)
            folded->writtenLiteral = node->writtenLiteral ? *node->writtenLiteral
                                                          : ExprNode::WrittenLiteral{node->literal, node->type};
        return folded;
    }
    auto cast = makeNode(ExprOp::Cast, type, {node});
    cast->implicitCast = kind == CastKind::Implicit;
    cast->evalMode = mode;
    return cast;
}

namespace {

OperatorKernel operatorKernel(ExprOp op)
{
    switch (op) {
    case ExprOp::Add: return addKernel;
    case ExprOp::Subtract: return subtractKernel;
    case ExprOp::Multiply: return multiplyKernel;
    case ExprOp::Divide: return divideKernel;
    case ExprOp::Remainder: return remainderKernel;
    case ExprOp::Negate: return negateKernel;
    case ExprOp::Equal:
    case ExprOp::Less:
    case ExprOp::LessEqual:
    case ExprOp::Greater:
    case ExprOp::GreaterEqual:
    case ExprOp::NullSafeEqual: return comparisonKernel;
    case ExprOp::And: return andKernel;
    case ExprOp::Or: return orKernel;
    case ExprOp::Not: return notKernel;
    case ExprOp::IsNull: return isNullKernel;
    case ExprOp::IsNotNull: return isNotNullKernel;
    case ExprOp::In: return inKernel;
    case ExprOp::Like: return likeKernel;
    case ExprOp::CaseWhen: return caseWhenKernel;
    case ExprOp::TimeAdd: return timeAddKernel;
    case ExprOp::ColumnRef:
    case ExprOp::WindowField:
    case ExprOp::Literal:
    case ExprOp::Cast:
    case ExprOp::Function: break;
    }
    throw std::logic_error("no operator kernel for this node");
}

// The nodes whose arguments Spark evaluates only for the rows that need them.
bool hasLazyBranches(const ExprNode &node)
{
    return node.op == ExprOp::And || node.op == ExprOp::Or || node.op == ExprOp::CaseWhen
        || (node.op == ExprOp::Function && node.function && node.function->name == "coalesce");
}

} // namespace

LiteralRows literalRowsFor(ExprOp op)
{
    switch (op) {
    case ExprOp::Add:
    case ExprOp::Subtract:
    case ExprOp::Multiply:
    case ExprOp::Divide:
    case ExprOp::Remainder:
    case ExprOp::Equal:
    case ExprOp::Less:
    case ExprOp::LessEqual:
    case ExprOp::Greater:
    case ExprOp::GreaterEqual:
    case ExprOp::NullSafeEqual: return LiteralRows::Single;
    default: return LiteralRows::Full;
    }
}

Column ExprNode::evaluate(const ColumnBatch &batch, const EvalContext &context) const
{
    const size_t n = batch.numRows;
    switch (op) {
    case ExprOp::ColumnRef: return batch.columns[static_cast<size_t>(index)];
    case ExprOp::WindowField: {
        const Column &w = batch.columns[static_cast<size_t>(index)];
        const std::span<const uint8_t> nulls = w.nulls();
        const std::span<const int64_t> times = windowEnd ? w.ends() : w.ints();
        return Column::ofInts(type, {nulls.begin(), nulls.end()}, {times.begin(), times.end()});
    }
    case ExprOp::Literal: return Column::repeat(type, literal, n);
    default: break;
    }
    if (evalMode == EvalMode::Ansi && hasLazyBranches(*this)) {
        try {
            const ArgumentColumns in(args, batch, context, literalRowsFor(op));
            return compute(in, context, n);
        } catch (const Error &) {
            return evaluateBranchesLazily(batch, context);
        }
    }
    // The arguments' recursion runs here; the node's own work is out of line (small frames).
    const ArgumentColumns in(args, batch, context, literalRowsFor(op));
    return compute(in, context, n);
}

Column ExprNode::evaluateBranchesLazily(const ColumnBatch &batch, const EvalContext &context) const
{
    const size_t n = batch.numRows;
    std::vector<uint8_t> decided(n, 0); // the row's result needs no further argument
    std::vector<uint8_t> chosen(n, 0);  // CASE WHEN: the current condition was TRUE here
    std::vector<Column> columns;
    // Argument k over the rows where `need` holds, NULL elsewhere (the kernels never read those).
    auto evaluateWhere = [&](const NodePtr &arg, auto &&need) {
        std::vector<uint32_t> rows;
        for (size_t r = 0; r < n; ++r)
            if (need(r))
                rows.push_back(static_cast<uint32_t>(r));
        Column full = Column::zeros(arg->type, n);
        std::fill(full.nulls().begin(), full.nulls().end(), uint8_t(1));
        if (!rows.empty()) {
            const Column part = rows.size() == n ? arg->evaluate(batch, context)
                                                 : arg->evaluate(batch.gather(rows), context);
            for (size_t j = 0; j < rows.size(); ++j) {
                full.nulls()[rows[j]] = part.nulls()[j];
                if (!part.nulls()[j])
                    full.copyValue(rows[j], part, j);
            }
        }
        columns.push_back(std::move(full));
        return &columns.back();
    };
    columns.reserve(args.size());
    auto isTrue = [](const Column &c, size_t r) { return !c.nulls()[r] && c.ints()[r] != 0; };
    auto isFalse = [](const Column &c, size_t r) { return !c.nulls()[r] && c.ints()[r] == 0; };
    if (op == ExprOp::And || op == ExprOp::Or) {
        const Column *left = evaluateWhere(args[0], [](size_t) { return true; });
        const bool andOp = op == ExprOp::And;
        evaluateWhere(args[1], [&](size_t r) { return andOp ? !isFalse(*left, r) : !isTrue(*left, r); });
    } else if (op == ExprOp::CaseWhen) {
        const size_t pairs = (args.size() - 1) / 2;
        for (size_t k = 0; k < pairs; ++k) {
            const Column *condition = evaluateWhere(args[2 * k], [&](size_t r) { return !decided[r]; });
            for (size_t r = 0; r < n; ++r)
                chosen[r] = !decided[r] && isTrue(*condition, r);
            evaluateWhere(args[2 * k + 1], [&](size_t r) { return chosen[r] != 0; });
            for (size_t r = 0; r < n; ++r)
                decided[r] = decided[r] | chosen[r];
        }
        evaluateWhere(args.back(), [&](size_t r) { return !decided[r]; });
    } else { // coalesce
        for (const NodePtr &arg : args) {
            const Column *value = evaluateWhere(arg, [&](size_t r) { return !decided[r]; });
            for (size_t r = 0; r < n; ++r)
                decided[r] = decided[r] | !value->nulls()[r];
        }
    }
    const ArgumentColumns in(std::move(columns));
    return compute(in, context, n);
}

Column ExprNode::compute(const ArgumentColumns &in, const EvalContext &context, size_t rows) const
{
    if (op == ExprOp::Cast)
        return evalMode == EvalMode::Ansi ? ansiCastColumn(in[0], type, queryContext) : castColumn(in[0], type);
    Column out = Column::zeros(type, rows);
    if (op == ExprOp::Function)
        function->kernel(*this, in, context, out);
    else
        operatorKernel(op)(*this, in, context, out);
    return out;
}

} // namespace streamstep::expr
