// Shows one ColumnBatch of a BatchReport (input rows, result table, emitted rows, a sink table)
// as a table, with an optional first column marking each row's fate or status in text — marks
// are never colour alone. Shares the report instead of copying its columns, so reviewing a past
// batch of 100,000 rows costs nothing, and formats cells on demand: a million-row table holds one
// mark byte per row and nothing per cell, so it scrolls smoothly. Cells read at a glance (times of
// day with the date once in the header, windows as [10:00, 10:05), see TimeColumnFormat); Spark's
// exact string form of every cell is in SparkTextRole. The rows one trigger wrote (its data batch
// and its no-data batch) can be shown as one table, each row saying which batch wrote it.
#pragma once

#include "streamstep/column_batch.h"
#include "streamstep/engine.h"

#include "time_column_format.h"

#include <QAbstractTableModel>
#include <QBrush>
#include <QFont>

#include <array>
#include <memory>
#include <vector>

namespace streamstep {

// What the status column says about a row: an input row's fate or a result row's status.
enum class RowMark : uint8_t {
    None,      // processed input row, unchanged result row: the column stays empty
    Late,      // InputRowFate::DroppedByWatermark
    LateKept,  // InputRowFate::LateButKept
    Filtered,  // InputRowFate::Filtered
    Duplicate, // InputRowFate::Duplicate
    New,       // ResultRowStatus::New
    Updated,   // ResultRowStatus::Updated
    Final,     // ResultRowStatus::Final, and the batch wrote the row (append mode)
    Evicted,   // ResultRowStatus::Evicted
    EvictedUnwritten, // ResultRowStatus::Final, but the batch wrote nothing for it (update mode)
};

RowMark rowMark(InputRowFate fate);
RowMark rowMark(ResultRowStatus status);

class BatchTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Roles beyond Qt's: the row's mark as an int (RowMark), for views and tests; the cell as
    // Spark prints it (Cast to string: "{2026-03-01 10:00:00, 2026-03-01 10:05:00}"); the id of
    // the batch that holds the row (the report's batchId, -1 for a plain batch); the row's index
    // in that batch's table; whether the row is linked to the selected one (setLinkedRows).
    // ChangeNoteRole: what a what-if run does differently with the row (setChangeNotes), or empty.
    enum Role { RowMarkRole = Qt::UserRole + 1, SparkTextRole, BatchIdRole, SourceRowRole, LinkedRole, ChangeNoteRole };

    explicit BatchTableModel(QObject *parent = nullptr);

    // Shows `batch` (kept alive by the shared pointer, usually aliasing a BatchReport) with one
    // mark per row; an empty `marks` hides the status column. `order`, when given, is the
    // batch's row shown at each place (an engine display order, e.g. sinkTableDisplayRows);
    // marks follow the places, SourceRowRole gives the batch's row.
    void setBatch(std::shared_ptr<const ColumnBatch> batch, std::vector<RowMark> marks = {},
                  std::vector<uint32_t> order = {});
    void setInputRows(const std::shared_ptr<const BatchReport> &report);
    void setResultTable(const std::shared_ptr<const BatchReport> &report);
    void setEmittedRows(const std::shared_ptr<const BatchReport> &report);
    // The rows several batches wrote (the batches of one trigger), in batch order; a first column
    // names each row's batch when more than one of them wrote rows. Each batch's rows are shown
    // in the engine's display order (emittedDisplayOrder: an aggregation's groups by key);
    // SourceRowRole still gives the row's index in `emitted`.
    void setEmittedRows(const std::vector<std::shared_ptr<const BatchReport>> &reports);
    void clear();
    // Marks rows linked to the row selected elsewhere (provenance: the input rows that went into a
    // written row, the result rows an input row went into): "● " before the first cell, bold, a
    // tint of their own. Model rows, any order; empty unmarks. Keeps the selection (no reset).
    void setLinkedRows(const std::vector<int> &rows);
    const std::vector<int> &linkedRows() const { return m_linkedRows; }
    static QString linkMark() { return QStringLiteral("● "); }
    // Marks rows a what-if changes (View ▸ What-if): one note per model row, empty for none;
    // a noted row shows "◆ " before its first cell, its note as the tooltip and a tint of its
    // own. Cleared with the rows; keeps the selection.
    void setChangeNotes(std::vector<QString> notes);
    static QString changeMark() { return QStringLiteral("◆ "); }

    // The (first) batch shown.
    const ColumnBatch *batch() const { return m_parts.empty() ? nullptr : m_parts.front().batch.get(); }
    bool hasStatusColumn() const { return !m_marks.empty(); }
    // Whether the first column names the batch that wrote each row.
    bool hasBatchIdColumn() const { return m_batchIdColumn; }
    // The batch column shown in a model column, or -1 for the status (or batch id) column.
    int batchColumn(int modelColumn) const { return modelColumn - numMarkColumns(); }
    // The UTC date every time of a column shares ("2026-03-01"), said once in its header; empty
    // when the column holds no times or they span days.
    QString sharedDate(int batchColumn) const;

    static QString markText(RowMark mark);
    static QString markExplanation(RowMark mark);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    struct Part {
        std::shared_ptr<const ColumnBatch> batch;
        size_t firstRow = 0; // of the model
        int64_t batchId = -1;
        std::vector<uint32_t> order; // the batch's row shown at each place; empty: in order
    };
    void setParts(std::vector<Part> parts, std::vector<RowMark> marks, bool batchIdColumn);
    // Shows `rows`, a part of `report`, with a row mark each.
    void setMarkedRows(const std::shared_ptr<const BatchReport> &report, const ColumnBatch &rows,
                       std::vector<RowMark> marks);
    int numMarkColumns() const { return (hasStatusColumn() ? 1 : 0) + (m_batchIdColumn ? 1 : 0); }
    // The part holding a model row, and the row of its batch shown there.
    std::pair<const Part *, size_t> locate(size_t row) const;
    QString cellText(const ColumnBatch &batch, size_t row, size_t column) const;
    QVariant cellData(const QModelIndex &index, int role) const; // data() without the link

    std::vector<Part> m_parts;
    size_t m_numRows = 0;
    bool m_batchIdColumn = false;
    std::vector<RowMark> m_marks;
    std::vector<int> m_linkedRows;  // sorted
    std::vector<bool> m_linked;     // per model row, when any
    std::vector<QString> m_changeNotes; // per model row, when any
    QBrush m_changeBrush;
    QBrush m_linkBrush;
    QFont m_linkFont;
    std::vector<TimeColumnFormat> m_timeFormats; // one per batch column
    QFont m_markFont;  // status column: bold marks
    QFont m_quietFont; // NULL cells and rows no longer counted: italic
    std::array<QBrush, 10> m_markBrushes; // the row tint of each RowMark, made once
};

} // namespace streamstep
