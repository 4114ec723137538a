// Lists the batches a run has executed, one row per BatchReport, with the per-batch figures the
// Spark UI shows (input rows, rows emitted, state rows, rows dropped by watermark, watermark).
// The batch table and the charts both read this model, so they can never disagree.
#pragma once

#include "streamstep/engine.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace streamstep {

class BatchListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum class Column {
        BatchId,
        Step,
        NoData,
        InputRows,
        EmittedRows,
        DroppedByWatermark,
        StateRows,
        StateRowsUpdated,
        Watermark,
        EventTimeMax,
        Count
    };
    // Raw numbers behind a cell: milliseconds since the epoch for Watermark and EventTimeMax
    // (invalid when there is none), the count otherwise; charts plot this role.
    enum Role { ValueRole = Qt::UserRole + 1 };

    explicit BatchListModel(QObject *parent = nullptr);

    void appendReports(const std::vector<std::shared_ptr<const BatchReport>> &reports);
    void clear();
    const std::shared_ptr<const BatchReport> &report(int row) const { return m_reports[static_cast<size_t>(row)]; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    static int column(Column c) { return static_cast<int>(c); }

private:
    std::vector<std::shared_ptr<const BatchReport>> m_reports;
};

} // namespace streamstep
