#include "query_op_list_model.h"

#include <QStringList>

namespace streamstep {

namespace {

QString quoted(const std::string &text)
{
    return QLatin1Char('"') + QString::fromStdString(text) + QLatin1Char('"');
}

QString joined(const std::vector<ExprText> &exprs)
{
    QStringList parts;
    for (const ExprText &e : exprs)
        parts << quoted(e.text);
    return parts.join(QStringLiteral(", "));
}

} // namespace

QueryOpListModel::QueryOpListModel(QObject *parent) : QAbstractListModel(parent) {}

void QueryOpListModel::setOps(std::vector<QueryOp> ops)
{
    beginResetModel();
    m_ops = std::move(ops);
    endResetModel();
}

QString QueryOpListModel::callText(const QueryOp &op)
{
    switch (op.kind) {
    case QueryOp::Kind::WithWatermark:
        return QStringLiteral(".withWatermark(%1, %2)").arg(quoted(op.column), quoted(op.delay));
    case QueryOp::Kind::Filter:
        return QStringLiteral(".%1(%2)")
            .arg(op.opName == "where" ? QStringLiteral("where") : QStringLiteral("filter"), quoted(op.condition.text));
    case QueryOp::Kind::Select: return QStringLiteral(".selectExpr(%1)").arg(joined(op.columns));
    case QueryOp::Kind::WithColumn:
        return QStringLiteral(".withColumn(%1, expr(%2))").arg(quoted(op.name), quoted(op.expr.text));
    case QueryOp::Kind::GroupBy:
        return QStringLiteral(".groupBy(%1).agg(%2)").arg(joined(op.keys), joined(op.aggs));
    case QueryOp::Kind::DropDuplicates:
        return op.allColumns || op.columns.empty() ? QStringLiteral(".dropDuplicates()")
                                                   : QStringLiteral(".dropDuplicates(%1)").arg(joined(op.columns));
    }
    return {};
}

int QueryOpListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : numOps();
}

QVariant QueryOpListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QueryOp &op = m_ops[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole: return callText(op);
    default: return {};
    }
}

} // namespace streamstep
