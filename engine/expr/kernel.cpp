#include "expr/kernel.h"

namespace streamstep::expr {

ArgumentColumns::ArgumentColumns(std::vector<Column> columns) : m_owned(std::move(columns))
{
    for (const Column &c : m_owned) {
        m_columns.push_back(&c);
        m_scalar.push_back(0);
    }
}

ArgumentColumns::ArgumentColumns(const std::vector<NodePtr> &args, const ColumnBatch &batch,
                                 const EvalContext &context, LiteralRows literals)
{
    m_owned.reserve(args.size());
    m_columns.reserve(args.size());
    m_scalar.reserve(args.size());
    for (const NodePtr &a : args) {
        if (a->op == ExprOp::ColumnRef) {
            m_columns.push_back(&batch.columns[static_cast<size_t>(a->index)]);
            m_scalar.push_back(0);
        } else if (literals == LiteralRows::Single && a->isLiteral()) {
            m_owned.push_back(Column::repeat(a->type, a->literal, 1));
            m_columns.push_back(&m_owned.back());
            m_scalar.push_back(1);
        } else {
            m_owned.push_back(a->evaluate(batch, context));
            m_columns.push_back(&m_owned.back());
            m_scalar.push_back(0);
        }
    }
}

} // namespace streamstep::expr
