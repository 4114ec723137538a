// Shows one ColumnBatch of a BatchReport (input rows, result table, emitted rows, a sink table)
// as a table, with an optional first column marking each row's fate or status in text — marks
// are never colour alone. Shares the report instead of copying its columns, so reviewing a past
// batch of 100,000 rows costs nothing, and formats cells on demand (Spark's string forms): a
// million-row table holds one mark byte per row and nothing per cell, so it scrolls smoothly.
#pragma once

#include "streamstep/column_batch.h"
#include "streamstep/engine.h"

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
    Final,     // ResultRowStatus::Final
    Evicted,   // ResultRowStatus::Evicted
};

RowMark rowMark(InputRowFate fate);
RowMark rowMark(ResultRowStatus status);

class BatchTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Roles beyond Qt's: the row's mark as an int (RowMark), for views and tests.
    enum Role { RowMarkRole = Qt::UserRole + 1 };

    explicit BatchTableModel(QObject *parent = nullptr);

    // Shows `batch` (kept alive by the shared pointer, usually aliasing a BatchReport) with one
    // mark per row; an empty `marks` hides the status column.
    void setBatch(std::shared_ptr<const ColumnBatch> batch, std::vector<RowMark> marks = {});
    void setInputRows(const std::shared_ptr<const BatchReport> &report);
    void setResultTable(const std::shared_ptr<const BatchReport> &report);
    void setEmittedRows(const std::shared_ptr<const BatchReport> &report);
    void clear();

    const ColumnBatch *batch() const { return m_batch.get(); }
    bool hasStatusColumn() const { return !m_marks.empty(); }
    // The batch column shown in a model column, or -1 for the status column.
    int batchColumn(int modelColumn) const { return modelColumn - (hasStatusColumn() ? 1 : 0); }

    static QString markText(RowMark mark);
    static QString markExplanation(RowMark mark);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QString cellText(size_t row, size_t column) const;

    std::shared_ptr<const ColumnBatch> m_batch;
    std::vector<RowMark> m_marks;
    QFont m_markFont;  // status column: bold marks
    QFont m_quietFont; // NULL cells and rows no longer counted: italic
    std::array<QBrush, 9> m_markBrushes; // the row tint of each RowMark, made once
};

} // namespace streamstep
