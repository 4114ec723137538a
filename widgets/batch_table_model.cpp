#include "batch_table_model.h"

#include "row_provenance.h"
#include "written_result_rows.h"

#include "streamstep/display_order.h"
#include "streamstep/value_format.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <algorithm>

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
    tint(RowMark::EvictedUnwritten, QColor(128, 128, 128, 50));
    m_linkBrush = QBrush(QColor(138, 43, 194, 75));
    m_linkFont.setBold(true);
    m_changeBrush = QBrush(QColor(230, 150, 0, 70));
}

void BatchTableModel::setChangeNotes(std::vector<QString> notes)
{
    if (std::all_of(notes.begin(), notes.end(), [](const QString &n) { return n.isEmpty(); }))
        notes.clear();
    else
        notes.resize(m_numRows);
    if (notes == m_changeNotes)
        return;
    m_changeNotes = std::move(notes);
    if (m_numRows > 0)
        Q_EMIT dataChanged(index(0, 0), index(int(m_numRows) - 1, columnCount() - 1));
}

void BatchTableModel::setLinkedRows(const std::vector<int> &rows)
{
    const std::vector<int> changed = relinkRows(m_linkedRows, rows, m_numRows);
    if (changed.empty())
        return;
    m_linked.assign(m_linkedRows.empty() ? 0 : m_numRows, false);
    for (int row : m_linkedRows)
        m_linked[size_t(row)] = true;
    const int lastColumn = columnCount() - 1;
    for (int row : changed)
        Q_EMIT dataChanged(index(row, 0), index(row, lastColumn));
}

void BatchTableModel::setBatch(std::shared_ptr<const ColumnBatch> batch, std::vector<RowMark> marks,
                               std::vector<uint32_t> order)
{
    std::vector<Part> parts;
    if (batch)
        parts.push_back({std::move(batch), 0, -1, std::move(order)});
    setParts(std::move(parts), std::move(marks), false);
}

void BatchTableModel::setParts(std::vector<Part> parts, std::vector<RowMark> marks, bool batchIdColumn)
{
    beginResetModel();
    m_parts = std::move(parts);
    m_numRows = 0;
    for (Part &part : m_parts) {
        part.firstRow = m_numRows;
        m_numRows += part.batch->numRows;
    }
    m_batchIdColumn = batchIdColumn;
    m_marks = std::move(marks);
    m_linkedRows.clear();
    m_linked.clear();
    m_changeNotes.clear();
    if (!m_parts.empty() && !m_marks.empty())
        m_marks.resize(m_numRows, RowMark::None);
    m_timeFormats.clear();
    if (!m_parts.empty()) {
        const size_t numColumns = m_parts.front().batch->columns.size();
        m_timeFormats.resize(numColumns);
        for (size_t c = 0; c < numColumns; ++c) {
            TimeColumnFormat &format = m_timeFormats[c];
            for (const Part &part : m_parts) {
                const Column &column = part.batch->columns[c];
                const TypeKind kind = column.type().kind;
                for (size_t row = 0; row < column.size(); ++row) {
                    if (column.isNull(row))
                        continue;
                    if (kind == TypeKind::Timestamp)
                        format.addTimestamp(column.ints()[row]);
                    else if (kind == TypeKind::Window)
                        format.addWindow(column.ints()[row], column.ends()[row]);
                    else
                        break;
                }
            }
        }
    }
    endResetModel();
}

std::pair<const BatchTableModel::Part *, size_t> BatchTableModel::locate(size_t row) const
{
    const auto shown = [](const Part &part, size_t partRow) {
        return std::make_pair(&part, part.order.empty() ? partRow : size_t(part.order[partRow]));
    };
    if (m_parts.size() == 1)
        return shown(m_parts.front(), row);
    auto it = std::upper_bound(m_parts.begin(), m_parts.end(), row,
                               [](size_t r, const Part &part) { return r < part.firstRow; });
    --it;
    // Parts without rows share their firstRow with the next one: skip to the one holding the row.
    while (it->batch->numRows == 0 || row >= it->firstRow + it->batch->numRows)
        ++it;
    return shown(*it, row - it->firstRow);
}

QString BatchTableModel::sharedDate(int batchColumn) const
{
    if (batchColumn < 0 || size_t(batchColumn) >= m_timeFormats.size())
        return {};
    return m_timeFormats[size_t(batchColumn)].sharedDate();
}

void BatchTableModel::setInputRows(const std::shared_ptr<const BatchReport> &report)
{
    if (!report)
        return clear();
    std::vector<RowMark> marks;
    marks.reserve(report->input.numRows);
    for (InputRowFate fate : report->inputFates)
        marks.push_back(rowMark(fate));
    setMarkedRows(report, report->input, std::move(marks));
}

void BatchTableModel::setMarkedRows(const std::shared_ptr<const BatchReport> &report, const ColumnBatch &rows,
                                    std::vector<RowMark> marks)
{
    // Keep the status column even when no row has a mark, so the layout does not jump.
    if (marks.empty() && rows.numRows > 0)
        marks.assign(rows.numRows, RowMark::None);
    setBatch(std::shared_ptr<const ColumnBatch>(report, &rows), std::move(marks));
}

void BatchTableModel::setResultTable(const std::shared_ptr<const BatchReport> &report)
{
    if (!report)
        return clear();
    std::vector<RowMark> marks;
    marks.reserve(report->resultStatuses.size());
    for (ResultRowStatus status : report->resultStatuses)
        marks.push_back(rowMark(status));
    if (std::find(marks.begin(), marks.end(), RowMark::Final) != marks.end()) {
        // Final rows the batch did not write were only evicted (update mode).
        const std::vector<bool> written = writtenResultRows(*report);
        for (size_t row = 0; row < marks.size() && row < written.size(); ++row) {
            if (marks[row] == RowMark::Final && !written[row])
                marks[row] = RowMark::EvictedUnwritten;
        }
    }
    setMarkedRows(report, report->resultTable, std::move(marks));
}

void BatchTableModel::setEmittedRows(const std::shared_ptr<const BatchReport> &report)
{
    if (!report)
        return clear();
    std::vector<Part> parts;
    parts.push_back({std::shared_ptr<const ColumnBatch>(report, &report->emitted), 0, -1,
                     report->emittedKeyColumns.empty() ? std::vector<uint32_t>() : emittedDisplayOrder(*report)});
    setParts(std::move(parts), {}, false);
}

void BatchTableModel::setEmittedRows(const std::vector<std::shared_ptr<const BatchReport>> &reports)
{
    std::vector<Part> parts;
    int withRows = 0;
    for (const auto &report : reports) {
        if (!report)
            continue;
        parts.push_back({std::shared_ptr<const ColumnBatch>(report, &report->emitted), 0, report->batchId,
                         report->emittedKeyColumns.empty() ? std::vector<uint32_t>() : emittedDisplayOrder(*report)});
        withRows += report->emitted.numRows > 0;
    }
    setParts(std::move(parts), {}, withRows > 1);
}

void BatchTableModel::clear()
{
    setParts({}, {}, false);
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
    case RowMark::EvictedUnwritten: return tr("evicted, nothing written");
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
                  "evicted from the state and written now (append mode writes a window once, when it is final).");
    case RowMark::Evicted:
        return tr("Evicted: finalised by the watermark in an earlier batch; no longer in the state.");
    case RowMark::EvictedUnwritten:
        return tr("Evicted, nothing written: the watermark passed the end of this window in this batch, so "
                  "the group left the state; this output mode writes a group when it changes, not when it "
                  "is evicted, so the batch wrote nothing for it.");
    }
    return {};
}

int BatchTableModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() || m_parts.empty())
        return 0;
    return static_cast<int>(m_numRows);
}

int BatchTableModel::columnCount(const QModelIndex &parent) const
{
    if (parent.isValid() || m_parts.empty())
        return 0;
    return static_cast<int>(m_parts.front().batch->columns.size()) + numMarkColumns();
}

QString BatchTableModel::cellText(const ColumnBatch &batch, size_t row, size_t column) const
{
    return m_timeFormats[column].text(batch.columns[column], row);
}

QVariant BatchTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || m_parts.empty())
        return {};
    const bool linked = !m_linked.empty() && m_linked[size_t(index.row())];
    if (role == LinkedRole)
        return linked;
    const QString note = m_changeNotes.empty() ? QString() : m_changeNotes[size_t(index.row())];
    if (role == ChangeNoteRole)
        return note;
    if (!note.isEmpty() && !linked) {
        if (role == Qt::BackgroundRole)
            return m_changeBrush;
        if (role == Qt::ToolTipRole)
            return note;
        if (role == Qt::DisplayRole && index.column() == 0)
            return changeMark() + cellData(index, role).toString();
    }
    if (linked) {
        // The link first: its own tint and weight, and a text mark before the row's first cell.
        if (role == Qt::BackgroundRole)
            return m_linkBrush;
        if (role == Qt::FontRole)
            return m_linkFont;
        if (role == Qt::DisplayRole && index.column() == 0)
            return linkMark() + cellData(index, role).toString();
    }
    return cellData(index, role);
}

QVariant BatchTableModel::cellData(const QModelIndex &index, int role) const
{
    const auto row = static_cast<size_t>(index.row());
    const auto [part, partRow] = locate(row);
    const int column = batchColumn(index.column());
    const RowMark mark = hasStatusColumn() ? m_marks[row] : RowMark::None;

    if (role == RowMarkRole)
        return static_cast<int>(mark);
    if (role == BatchIdRole)
        return qlonglong(part->batchId);
    if (role == SourceRowRole)
        return qlonglong(partRow);
    if (m_batchIdColumn && index.column() == 0) {
        if (role == Qt::DisplayRole)
            return tr("batch %1").arg(part->batchId);
        if (role == Qt::ToolTipRole)
            return tr("Written by batch %1").arg(part->batchId);
        return {};
    }
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
    const ColumnBatch &batch = *part->batch;
    const Column &c = batch.columns[static_cast<size_t>(column)];
    switch (role) {
    case Qt::DisplayRole: return cellText(batch, partRow, static_cast<size_t>(column));
    case SparkTextRole:
        return c.isNull(partRow) ? QStringLiteral("NULL") : QString::fromStdString(toDisplayString(c.get(partRow)));
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(
            (c.type().isNumeric() ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    case Qt::FontRole:
        if (c.isNull(partRow) || mark == RowMark::Evicted || mark == RowMark::Late || mark == RowMark::EvictedUnwritten)
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
    if (m_parts.empty() || section < 0 || section >= columnCount())
        return {};
    if (m_batchIdColumn && section == 0) {
        if (role == Qt::DisplayRole)
            return tr("batch");
        if (role == Qt::ToolTipRole)
            return tr("The micro-batch that wrote the row: a trigger runs its data batch, then a no-data batch "
                      "when the watermark moved");
        return {};
    }
    const int column = batchColumn(section);
    if (column < 0) {
        if (role == Qt::DisplayRole)
            return tr("status");
        if (role == Qt::ToolTipRole)
            return tr("What this batch did with the row (text mark; hover a row for why)");
        return {};
    }
    const Field &field = m_parts.front().batch->schema.fields[static_cast<size_t>(column)];
    const QString date = sharedDate(column);
    switch (role) {
    case Qt::DisplayRole:
        // The date once, under the name, when every time of the column falls on it.
        return date.isEmpty() ? QString::fromStdString(field.name)
                              : QStringLiteral("%1\n%2").arg(QString::fromStdString(field.name), date);
    case Qt::ToolTipRole: {
        QString tip = QStringLiteral("%1: %2").arg(QString::fromStdString(field.name),
                                                   QString::fromStdString(field.type.sparkName()));
        if (!date.isEmpty())
            tip += QLatin1Char('\n') + tr("Every time in this column is on %1 (UTC); cells show the time of day.").arg(date);
        if (field.type.kind == TypeKind::Window)
            tip += QLatin1Char('\n') + tr("A window [start, end) holds the event times from its start up to, not "
                                          "including, its end.");
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
