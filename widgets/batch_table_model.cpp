#include "batch_table_model.h"

#include "streamstep/value_format.h"

#include <QBrush>
#include <QColor>
#include <QFont>

namespace streamstep {

RowMark rowMark(InputRowFate fate)
{
    switch (fate) {
    case InputRowFate::Processed: return RowMark::None;
    case InputRowFate::LateButKept: return RowMark::LateKept;
    case InputRowFate::Filtered: return RowMark::Filtered;
    case InputRowFate::DroppedByWatermark: return RowMark::Late;
    case InputRowFate::Duplicate: return RowMark::Duplicate;
    }
    return RowMark::None;
}

RowMark rowMark(ResultRowStatus status)
{
    switch (status) {
    case ResultRowStatus::Unchanged: return RowMark::None;
    case ResultRowStatus::New: return RowMark::New;
    case ResultRowStatus::Updated: return RowMark::Updated;
    case ResultRowStatus::Final: return RowMark::Final;
    case ResultRowStatus::Evicted: return RowMark::Evicted;
    }
    return RowMark::None;
}

BatchTableModel::BatchTableModel(QObject *parent) : QAbstractTableModel(parent)
{
    m_markFont.setBold(true);
    m_quietFont.setItalic(true);
    // A translucent tint that reads on light and dark palettes; the text mark carries the
    // meaning, the tint only groups rows for the eye.
    const auto tint = [this](RowMark mark, QColor color) { m_markBrushes[static_cast<size_t>(mark)] = QBrush(color); };
    tint(RowMark::Late, QColor(220, 50, 47, 60));
    tint(RowMark::LateKept, QColor(203, 75, 22, 40));
    tint(RowMark::Filtered, QColor(128, 128, 128, 50));
    tint(RowMark::Duplicate, QColor(128, 128, 128, 50));
    tint(RowMark::Evicted, QColor(128, 128, 128, 50));
    tint(RowMark::New, QColor(38, 139, 210, 50));
    tint(RowMark::Updated, QColor(181, 137, 0, 55));
    tint(RowMark::Final, QColor(133, 153, 0, 60));
}

void BatchTableModel::setBatch(std::shared_ptr<const ColumnBatch> batch, std::vector<RowMark> marks)
{
    beginResetModel();
    m_batch = std::move(batch);
    m_marks = std::move(marks);
    if (m_batch && !m_marks.empty())
        m_marks.resize(m_batch->numRows, RowMark::None);
    endResetModel();
}

void BatchTableModel::setInputRows(const std::shared_ptr<const BatchReport> &report)
{
    if (!report)
        return clear();
    std::vector<RowMark> marks;
    marks.reserve(report->input.numRows);
    for (InputRowFate fate : report->inputFates)
        marks.push_back(rowMark(fate));
    // Keep the status column even when every row was processed, so the layout does not jump.
    if (marks.empty() && report->input.numRows > 0)
        marks.assign(report->input.numRows, RowMark::None);
    setBatch(std::shared_ptr<const ColumnBatch>(report, &report->input), std::move(marks));
}

void BatchTableModel::setResultTable(const std::shared_ptr<const BatchReport> &report)
{
    if (!report)
        return clear();
    std::vector<RowMark> marks;
    marks.reserve(report->resultStatuses.size());
    for (ResultRowStatus status : report->resultStatuses)
        marks.push_back(rowMark(status));
    if (marks.empty() && report->resultTable.numRows > 0)
        marks.assign(report->resultTable.numRows, RowMark::None);
    setBatch(std::shared_ptr<const ColumnBatch>(report, &report->resultTable), std::move(marks));
}

void BatchTableModel::setEmittedRows(const std::shared_ptr<const BatchReport> &report)
{
    if (!report)
        return clear();
    setBatch(std::shared_ptr<const ColumnBatch>(report, &report->emitted));
}

void BatchTableModel::clear()
{
    setBatch(nullptr);
}

QString BatchTableModel::markText(RowMark mark)
{
    switch (mark) {
    case RowMark::None: return {};
    case RowMark::Late: return tr("late");
    case RowMark::LateKept: return tr("late, kept");
    case RowMark::Filtered: return tr("filtered");
    case RowMark::Duplicate: return tr("duplicate");
    case RowMark::New: return tr("new");
    case RowMark::Updated: return tr("updated");
    case RowMark::Final: return tr("final");
    case RowMark::Evicted: return tr("evicted");
    }
    return {};
}

QString BatchTableModel::markExplanation(RowMark mark)
{
    switch (mark) {
    case RowMark::None: return {};
    case RowMark::Late:
        return tr("Late: dropped by the watermark. Its event time is older than the watermark in "
                  "force while this batch ran, so its window or state was already finalised.");
    case RowMark::LateKept:
        return tr("Late but kept: its event time is at or before the watermark in force, yet "
                  "its window (or state) is still open, so it still counts.");
    case RowMark::Filtered: return tr("Filtered: removed by a filter (or a NULL event time).");
    case RowMark::Duplicate:
        return tr("Duplicate: dropped by dropDuplicates, the key was already seen.");
    case RowMark::New: return tr("New: this group entered the state in this batch.");
    case RowMark::Updated: return tr("Updated: this group was in the state and changed in this batch.");
    case RowMark::Final:
        return tr("Final: the watermark passed the end of this window in this batch; the group is "
                  "evicted from the state (append mode emits it now).");
    case RowMark::Evicted:
        return tr("Evicted: finalised by the watermark in an earlier batch; no longer in the state.");
    }
    return {};
}

int BatchTableModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_batch)
        return 0;
    return static_cast<int>(m_batch->numRows);
}

int BatchTableModel::columnCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_batch)
        return 0;
    return static_cast<int>(m_batch->columns.size()) + (hasStatusColumn() ? 1 : 0);
}

QString BatchTableModel::cellText(size_t row, size_t column) const
{
    const Column &c = m_batch->columns[column];
    if (c.isNull(row))
        return QStringLiteral("NULL");
    switch (c.type().kind) {
    case TypeKind::String: return QString::fromStdString(c.strings[row]);
    case TypeKind::Int:
    case TypeKind::Long: return QString::number(c.ints[row]);
    default: return QString::fromStdString(toDisplayString(c.get(row)));
    }
}

QVariant BatchTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || !m_batch)
        return {};
    const auto row = static_cast<size_t>(index.row());
    const int column = batchColumn(index.column());
    const RowMark mark = hasStatusColumn() ? m_marks[row] : RowMark::None;

    if (role == RowMarkRole)
        return static_cast<int>(mark);
    if (role == Qt::ToolTipRole && mark != RowMark::None)
        return markExplanation(mark);
    if (role == Qt::BackgroundRole && mark != RowMark::None)
        return m_markBrushes[static_cast<size_t>(mark)]; // shared, not a new brush per cell
    if (column < 0) {
        if (role == Qt::DisplayRole)
            return markText(mark);
        if (role == Qt::FontRole && mark != RowMark::None)
            return m_markFont;
        return {};
    }
    const Column &c = m_batch->columns[static_cast<size_t>(column)];
    switch (role) {
    case Qt::DisplayRole: return cellText(row, static_cast<size_t>(column));
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(
            (c.type().isNumeric() ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    case Qt::FontRole:
        if (c.isNull(row) || mark == RowMark::Evicted || mark == RowMark::Late)
            return m_quietFont;
        return {};
    default: return {};
    }
}

QVariant BatchTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical) {
        if (role == Qt::DisplayRole)
            return section + 1;
        return {};
    }
    if (!m_batch || section < 0 || section >= columnCount())
        return {};
    const int column = batchColumn(section);
    if (column < 0) {
        if (role == Qt::DisplayRole)
            return tr("status");
        if (role == Qt::ToolTipRole)
            return tr("What this batch did with the row (text mark; hover a row for why)");
        return {};
    }
    const Field &field = m_batch->schema.fields[static_cast<size_t>(column)];
    switch (role) {
    case Qt::DisplayRole: return QString::fromStdString(field.name);
    case Qt::ToolTipRole: {
        QString tip = QStringLiteral("%1: %2").arg(QString::fromStdString(field.name),
                                                   QString::fromStdString(field.type.sparkName()));
        if (field.isEventTime())
            tip += QLatin1Char('\n') + tr("event-time column (watermark delay %1 ms)").arg(*field.watermarkDelayMs);
        return tip;
    }
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(
            (field.type.isNumeric() ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    default: return {};
    }
}

} // namespace streamstep
