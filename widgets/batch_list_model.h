// Lists the batches a run has executed, one row per BatchReport, with the per-batch figures the
// Spark UI's Structured Streaming tab charts (Input Rows, rows emitted, Aggregated Number Of
// Total / Updated State Rows, … Rows Dropped By Watermark, Global Watermark Gap, Batch Duration)
// and the watermark. The batch table and the charts both read this model, so they can never
// disagree. The columns a reader needs first (which batch of which trigger, rows in and out,
// rows dropped as late, the watermark, the state) come first, so a narrow table shows them.
#pragma once

#include "streamstep/engine.h"

#include <QAbstractTableModel>

#include <memory>
#include <optional>
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
        Watermark,
        StateRows,
        StateRowsUpdated,
        EventTimeMax,
        GlobalWatermarkGap, // seconds; empty where Spark's UI leaves the batch out
        BatchDuration,      // milliseconds
        Count
    };
    // Raw numbers behind a cell: milliseconds since the epoch for Watermark and EventTimeMax
    // (invalid when there is none), seconds for GlobalWatermarkGap (invalid when Spark's UI has
    // no point for the batch), the count otherwise. Figure columns show plain numbers in
    // Qt::DisplayRole too, since QVXYModelMapper reads that role.
    enum Role { ValueRole = Qt::UserRole + 1 };

    explicit BatchListModel(QObject *parent = nullptr);

    void appendReports(const std::vector<std::shared_ptr<const BatchReport>> &reports);
    // Swaps rows first.. for `reports` with the same numbers (a long run's summaries, or full
    // reports restored), so the model lets go of the old ones. No cell changes, so no signal.
    void replaceReports(int first, const std::vector<std::shared_ptr<const BatchReport>> &reports);
    void clear();
    const std::shared_ptr<const BatchReport> &report(int row) const { return m_reports[static_cast<size_t>(row)]; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    static int column(Column c) { return static_cast<int>(c); }
    // The name the Spark UI gives the figure of a column ("Aggregated Number Of Total State
    // Rows"); empty for columns that are not charted figures.
    static QString sparkName(Column c);
    // Spark's StreamingQueryStatisticsPage: (batch timestamp − global watermark) / 1000 seconds,
    // both in milliseconds, only for a batch whose watermark is > 0 (the first batches of a
    // query, whose watermark is still the epoch, get no point). The batch timestamp is the
    // trigger's processing time.
    static std::optional<double> globalWatermarkGapSeconds(const BatchReport &report);

private:
    std::vector<std::shared_ptr<const BatchReport>> m_reports;
};

} // namespace streamstep
