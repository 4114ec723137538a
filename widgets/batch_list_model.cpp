#include "batch_list_model.h"

#include "streamstep/value_format.h"
#include "streamstep/time_math.h"

namespace streamstep {

namespace {

// Event times in the lessons share one day; the time of day is what a student compares.
QString shortTimestamp(int64_t ms)
{
    const QString full = QString::fromStdString(formatTimestamp(ms * 1000));
    return full.size() > 11 ? full.mid(11) : full;
}

} // namespace

std::optional<double> BatchListModel::globalWatermarkGapSeconds(const BatchReport &report)
{
    // Spark: eventTime("watermark") exists only for queries with a watermark, and
    // `if (watermarkValue > 0L)` leaves out batches whose watermark is still the epoch.
    if (!report.hasWatermark || report.watermarkMs <= 0)
        return std::nullopt;
    // A lesson without processingTime runs on the manual clock (seconds since 1970): a gap to it
    // would read "-1.77e9 s", a number about the clock, not about the watermark.
    if (report.manualClock)
        return std::nullopt;
    // progress.timestamp is the trigger's start in milliseconds.
    const int64_t batchTimestampMs = floorDiv(report.triggerTimeMicros, 1000);
    return double(batchTimestampMs - report.watermarkMs) / 1000.0;
}

QString BatchListModel::sparkName(Column c)
{
    switch (c) {
    case Column::InputRows: return tr("Input Rows");
    case Column::EmittedRows: return tr("Rows Emitted");
    case Column::StateRows: return tr("Aggregated Number Of Total State Rows");
    case Column::StateRowsUpdated: return tr("Aggregated Number Of Updated State Rows");
    case Column::DroppedByWatermark: return tr("Aggregated Number Of Rows Dropped By Watermark");
    case Column::GlobalWatermarkGap: return tr("Global Watermark Gap");
    case Column::BatchDuration: return tr("Batch Duration");
    default: return {};
    }
}

BatchListModel::BatchListModel(QObject *parent) : QAbstractTableModel(parent) {}

void BatchListModel::appendReports(const std::vector<std::shared_ptr<const BatchReport>> &reports)
{
    if (reports.empty())
        return;
    const int first = static_cast<int>(m_reports.size());
    beginInsertRows({}, first, first + static_cast<int>(reports.size()) - 1);
    m_reports.insert(m_reports.end(), reports.begin(), reports.end());
    endInsertRows();
}

void BatchListModel::replaceReports(int first, const std::vector<std::shared_ptr<const BatchReport>> &reports)
{
    for (size_t i = 0; i < reports.size() && first >= 0 && size_t(first) + i < m_reports.size(); ++i)
        m_reports[size_t(first) + i] = reports[i];
}

void BatchListModel::clear()
{
    if (m_reports.empty())
        return;
    beginResetModel();
    m_reports.clear();
    endResetModel();
}

int BatchListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_reports.size());
}

int BatchListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(Column::Count);
}

QVariant BatchListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const BatchReport &r = *m_reports[static_cast<size_t>(index.row())];
    const auto column = static_cast<Column>(index.column());

    if (role == Qt::TextAlignmentRole) {
        const bool number = column != Column::NoData && column != Column::Watermark
            && column != Column::EventTimeMax;
        return QVariant::fromValue(Qt::Alignment((number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    }
    if (role == Qt::ToolTipRole) {
        if (column == Column::NoData && r.noData)
            return tr("Spark's no-data batch: the previous batch moved the watermark, so the "
                      "stateful operator runs once more without input to emit and evict what "
                      "the new watermark finalises.");
        if (column == Column::NoData)
            return tr("The data batch of trigger %1: it processed the rows that arrived.").arg(r.step);
        if (column == Column::Step)
            return tr("Trigger %1 ran this batch. A trigger runs one micro-batch for the rows that arrived, "
                      "and a no-data batch right after it when the watermark moved.").arg(r.step);
        if (column == Column::GlobalWatermarkGap && r.hasWatermark && r.watermarkMs > 0 && r.manualClock)
            return tr("No gap: the lesson's steps have no processingTime, so its triggers run on a manual clock "
                      "(0 s, 1 s, … after 1970-01-01) and a gap to it says nothing. Give the steps a processingTime "
                      "to see how far the watermark is behind the trigger.");
        if (column == Column::GlobalWatermarkGap && r.hasWatermark && !globalWatermarkGapSeconds(r))
            return tr("No point in Spark's UI: the watermark is still 1970-01-01 00:00:00 (no batch has moved it yet).");
        if (column == Column::Watermark && r.hasWatermark)
            return tr("In force while this batch ran: %1\nNext (from this batch's max event time): %2")
                .arg(QString::fromStdString(formatTimestamp(r.watermarkMs * 1000)),
                     QString::fromStdString(formatTimestamp(r.nextWatermarkMs * 1000)));
        return {};
    }
    if (role != Qt::DisplayRole && role != ValueRole)
        return {};

    const bool display = role == Qt::DisplayRole;
    switch (column) {
    case Column::BatchId: return qlonglong(r.batchId);
    case Column::Step: return r.step;
    case Column::NoData:
        if (display)
            return r.noData ? tr("no-data") : tr("data");
        return r.noData;
    case Column::InputRows: return qlonglong(r.numInputRows);
    case Column::EmittedRows: return qlonglong(r.numOutputRows);
    case Column::DroppedByWatermark: return qlonglong(r.numRowsDroppedByWatermark);
    case Column::StateRows: return qlonglong(r.stateRows);
    case Column::StateRowsUpdated: return qlonglong(r.stateRowsUpdated);
    case Column::Watermark:
        if (!r.hasWatermark)
            return display ? QVariant(tr("none")) : QVariant();
        // Spark's watermark starts at the epoch until a batch has seen event times.
        if (display && r.watermarkOrigin.setByBatch < 0)
            return tr("none yet");
        return display ? QVariant(shortTimestamp(r.watermarkMs)) : QVariant(qlonglong(r.watermarkMs));
    case Column::EventTimeMax:
        if (!r.eventTime)
            return display ? QVariant(QStringLiteral("–")) : QVariant();
        return display ? QVariant(shortTimestamp(r.eventTime->maxMs)) : QVariant(qlonglong(r.eventTime->maxMs));
    case Column::GlobalWatermarkGap:
        if (const std::optional<double> gap = globalWatermarkGapSeconds(r))
            return *gap;
        return {};
    case Column::BatchDuration: return r.durationMs;
    case Column::Count: break;
    }
    return {};
}

QVariant BatchListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= static_cast<int>(Column::Count))
        return {};
    const auto column = static_cast<Column>(section);
    if (role == Qt::DisplayRole) {
        switch (column) {
        case Column::BatchId: return tr("Batch");
        case Column::Step: return tr("Trigger");
        case Column::NoData: return tr("Kind");
        case Column::InputRows: return tr("Input rows");
        case Column::EmittedRows: return tr("Written");
        case Column::DroppedByWatermark: return tr("Late, dropped");
        case Column::StateRows: return tr("State rows");
        case Column::StateRowsUpdated: return tr("Updated state rows");
        case Column::Watermark: return tr("Watermark");
        case Column::EventTimeMax: return tr("Max event time");
        case Column::GlobalWatermarkGap: return tr("Watermark gap (s)");
        case Column::BatchDuration: return tr("Duration (ms)");
        case Column::Count: break;
        }
    }
    if (role == Qt::ToolTipRole) {
        // The names the Spark UI's Structured Streaming tab uses.
        switch (column) {
        case Column::BatchId: return tr("Micro-batch id (batchId)");
        case Column::Step: return tr("The trigger (scenario step) whose data ran the batch; one trigger runs a data "
                                     "batch and, when the watermark moved, a no-data batch after it");
        case Column::NoData: return tr("Data batch, or Spark's no-data batch after the watermark moved");
        case Column::InputRows: return tr("Input Rows (numInputRows)");
        case Column::EmittedRows: return tr("Rows the batch wrote to the sink (numOutputRows)");
        case Column::DroppedByWatermark: return tr("Aggregated Number Of Rows Dropped By Watermark");
        case Column::StateRows: return tr("Aggregated Number Of Total State Rows");
        case Column::StateRowsUpdated: return tr("Aggregated Number Of Updated State Rows");
        case Column::Watermark: return tr("Global watermark in force while the batch ran (eventTime.watermark)");
        case Column::EventTimeMax: return tr("Max event time of the batch's rows (eventTime.max)");
        case Column::GlobalWatermarkGap:
            return tr("Global Watermark Gap: the gap between batch timestamp and global watermark for the batch, "
                      "in seconds (trigger time − watermark)");
        case Column::BatchDuration: return tr("Batch Duration: the process duration of the batch, in milliseconds");
        case Column::Count: break;
        }
    }
    return {};
}

} // namespace streamstep
