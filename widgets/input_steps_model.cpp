#include "input_steps_model.h"

#include "streamstep/scenario.h"
#include "streamstep/value_format.h"

#include <limits>

namespace streamstep {

namespace {

constexpr int kMaxQuotedLength = 40;

// Shows the user's text in a message, shortened like the scenario reader shortens long values.
QString quoted(const QString &text)
{
    QString shown = text.size() > kMaxQuotedLength ? text.left(kMaxQuotedLength) + QStringLiteral("…") : text;
    return QLatin1Char('"') + shown + QLatin1Char('"');
}

} // namespace

InputStepsModel::InputStepsModel(QObject *parent) : QAbstractTableModel(parent)
{
    m_nullFont.setItalic(true);
}

void InputStepsModel::setBatch(const ColumnBatch *batch)
{
    // Compared with the shape remembered, never through m_batch: an edit of the scenario may
    // already have freed the batch shown (a step list that grew moves its steps).
    auto sameShape = [&] {
        if (!m_batch || !batch || m_numRows != batch->numRows || m_schema.size() != batch->schema.size())
            return false;
        for (size_t c = 0; c < batch->schema.size(); ++c)
            if (m_schema.fields[c].name != batch->schema.fields[c].name
                || m_schema.fields[c].type != batch->schema.fields[c].type)
                return false;
        return true;
    };
    auto remember = [&] {
        m_batch = batch;
        m_numRows = batch ? batch->numRows : 0;
        m_schema = batch ? batch->schema : Schema();
    };
    if (sameShape()) {
        remember();
        if (rowCount() > 0 && columnCount() > 0)
            Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        return;
    }
    beginResetModel();
    remember();
    endResetModel();
}

void InputStepsModel::clear()
{
    setBatch(nullptr);
}

std::optional<Value> InputStepsModel::parseCellText(const QString &text, const Field &field, QString *error)
{
    CellTextError refusal;
    const std::optional<Value> value = streamstep::parseCellText(text.toStdString(), field.type, &refusal);
    if (value || !error)
        return value;
    // The engine decides; this only words its refusal for the user, with a hint per type.
    const DataType &type = field.type;
    const QString column = QString::fromStdString(field.name);
    const QString typeName = QString::fromStdString(type.scenarioName());
    const QString shown = quoted(text.trimmed());
    const bool isInt = type.kind == TypeKind::Int;
    const bool isWhole = isInt || type.kind == TypeKind::Long;
    switch (refusal.problem) {
    case CellTextProblem::NotAValue:
        if (type.kind == TypeKind::Boolean)
            *error = tr("Column '%1': %2 is not a boolean (true or false).").arg(column, shown);
        else if (isWhole)
            *error = tr("Column '%1': %2 is not a whole number (%3).").arg(column, shown, typeName);
        else if (type.kind == TypeKind::Double)
            *error = tr("Column '%1': %2 is not a number (a double like 1.5, 2.0E-3, NaN or Infinity).")
                         .arg(column, shown);
        else
            *error = tr("Column '%1': %2.").arg(column, QString::fromStdString(refusal.message));
        break;
    case CellTextProblem::DoesNotFit:
        if (isWhole)
            *error = tr("Column '%1': %2 does not fit %3 (from %4 to %5).")
                         .arg(column, text.trimmed(), typeName,
                              QString::number(isInt ? std::numeric_limits<int32_t>::min()
                                                    : std::numeric_limits<int64_t>::min()),
                              QString::number(isInt ? std::numeric_limits<int32_t>::max()
                                                    : std::numeric_limits<int64_t>::max()));
        else if (type.kind == TypeKind::Decimal)
            *error = tr("Column '%1': %2 does not fit %3 (at most %4 digits before the point and %5 after it).")
                         .arg(column, text.trimmed(), typeName)
                         .arg(type.precision - type.scale)
                         .arg(type.scale);
        else
            *error = tr("Column '%1': %2 does not fit %3.").arg(column, text.trimmed(), typeName);
        break;
    case CellTextProblem::NotAPlainDecimal:
        *error = tr("Column '%1': %2 is not a plain decimal number (like 12.50).").arg(column, shown);
        break;
    case CellTextProblem::NotATimestamp:
        *error = tr("Column '%1': %2 is not a timestamp (expected YYYY-MM-DD HH:MM:SS[.ffffff], UTC).")
                     .arg(column, shown);
        break;
    case CellTextProblem::NoTextForm:
        *error = tr("Column '%1' has type %2, which input rows cannot hold.").arg(column, typeName);
        break;
    }
    return value;
}

QString InputStepsModel::cellText(const Column &c, size_t row)
{
    // Spark's text (times in full), which parseCellText reads back.
    std::string text;
    appendDisplayText(text, c, row);
    return QString::fromStdString(text);
}

int InputStepsModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_batch)
        return 0;
    return static_cast<int>(m_numRows);
}

int InputStepsModel::columnCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_batch)
        return 0;
    return static_cast<int>(m_schema.size());
}

QVariant InputStepsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !m_batch || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const auto row = static_cast<size_t>(index.row());
    const Column &c = m_batch->columns[static_cast<size_t>(index.column())];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole: return cellText(c, row);
    case NullRole: return c.isNull(row);
    case Qt::FontRole:
        if (c.isNull(row))
            return m_nullFont;
        return {};
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment((c.type().isNumeric() ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    default: return {};
    }
}

QVariant InputStepsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical) {
        // Rows are numbered from 1 on screen, like the batch tables beside them.
        if (role == Qt::DisplayRole && section >= 0 && section < rowCount())
            return section + 1;
        return {};
    }
    if (!m_batch || section < 0 || section >= columnCount())
        return {};
    const Field &field = m_batch->schema.fields[static_cast<size_t>(section)];
    switch (role) {
    case Qt::DisplayRole: return QString::fromStdString(field.name);
    case Qt::ToolTipRole:
        return tr("%1: %2 (type a value; NULL or nothing for NULL in non-string columns)")
            .arg(QString::fromStdString(field.name), QString::fromStdString(field.type.scenarioName()));
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment((field.type.isNumeric() ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    default: return {};
    }
}

Qt::ItemFlags InputStepsModel::flags(const QModelIndex &index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return Qt::NoItemFlags;
    return QAbstractTableModel::flags(index) | Qt::ItemIsEditable;
}

bool InputStepsModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !m_batch || !index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    const auto row = static_cast<size_t>(index.row());
    const auto column = static_cast<size_t>(index.column());
    const Column &c = m_batch->columns[column];
    std::optional<Value> parsed;
    if (!value.isValid()) {
        parsed = Value::null();
    } else {
        const QString text = value.toString();
        // An editor closed without a change commits the shown text: keep the value as it is
        // (a NULL string cell would otherwise become the string "NULL").
        if (text == cellText(c, row)) {
            m_lastError.clear();
            return true;
        }
        QString error;
        parsed = parseCellText(text, m_batch->schema.fields[column], &error);
        if (!parsed) {
            m_lastError = error;
            Q_EMIT editRejected(index.row(), index.column(), error);
            return false;
        }
    }
    m_lastError.clear();
    if (*parsed == c.get(row))
        return true;
    Q_EMIT cellEditRequested(index.row(), index.column(), *parsed);
    return true;
}

} // namespace streamstep
