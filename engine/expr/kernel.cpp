#include "expr/kernel.h"

namespace streamstep::expr {

Column makeColumn(const DataType &type, size_t n)
{
    Column c(type);
    c.nulls.assign(n, 0);
    switch (type.kind) {
    case TypeKind::Null: c.nulls.assign(n, 1); break;
    case TypeKind::Boolean:
    case TypeKind::Int:
    case TypeKind::Long:
    case TypeKind::Timestamp: c.ints.assign(n, 0); break;
    case TypeKind::Window:
        c.ints.assign(n, 0);
        c.ends.assign(n, 0);
        break;
    case TypeKind::Double: c.doubles.assign(n, 0.0); break;
    case TypeKind::Decimal: c.decimals.assign(n, 0); break;
    case TypeKind::String: c.strings.assign(n, std::string()); break;
    }
    return c;
}

Column repeatValue(const DataType &type, const Value &value, size_t n)
{
    Column one(type);
    one.append(value); // converts like Column::append (decimal rescale, int/long)
    Column out(type);
    out.nulls.assign(n, one.nulls[0]);
    switch (type.kind) {
    case TypeKind::Null: break;
    case TypeKind::Boolean:
    case TypeKind::Int:
    case TypeKind::Long:
    case TypeKind::Timestamp: out.ints.assign(n, one.ints[0]); break;
    case TypeKind::Window:
        out.ints.assign(n, one.ints[0]);
        out.ends.assign(n, one.ends[0]);
        break;
    case TypeKind::Double: out.doubles.assign(n, one.doubles[0]); break;
    case TypeKind::Decimal: out.decimals.assign(n, one.decimals[0]); break;
    case TypeKind::String: out.strings.assign(n, one.strings[0]); break;
    }
    return out;
}

void copyValue(const Column &source, size_t from, Column &out, size_t to)
{
    switch (out.type().kind) {
    case TypeKind::Null: break;
    case TypeKind::Boolean:
    case TypeKind::Int:
    case TypeKind::Long:
    case TypeKind::Timestamp: out.ints[to] = source.ints[from]; break;
    case TypeKind::Window:
        out.ints[to] = source.ints[from];
        out.ends[to] = source.ends[from];
        break;
    case TypeKind::Double: out.doubles[to] = source.doubles[from]; break;
    case TypeKind::Decimal: out.decimals[to] = source.decimals[from]; break;
    case TypeKind::String: out.strings[to] = source.strings[from]; break;
    }
}

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
            m_owned.push_back(repeatValue(a->type, a->literal, 1));
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
