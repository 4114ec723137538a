// Shows what a durable sink (csv, json, sqlite) holds after a batch: the engine's SinkImage
// (streamstep/sink_image.h) of the reports up to the batch shown, with a status column saying
// what that batch wrote and, for file sinks, the part file holding each row. The rows are
// references into the shared reports, which the model keeps alive, never copies. Times read as in
// BatchTableModel (time of day, the date once in the header); Spark's text is in SparkTextRole.
#pragma once

#include "batch_table_model.h"

#include "streamstep/engine.h"
#include "streamstep/scenario.h"
#include "streamstep/sink_image.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <memory>
#include <string>
#include <vector>

namespace streamstep {

class SinkContentsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum class Kind { None, Files, Table };

    explicit SinkContentsModel(QObject *parent = nullptr);

    // Whether this model can show a sink of the format (csv, json, sqlite).
    static bool shows(const std::string &format);

    // Chooses the sink; forgets what was shown. Other formats make the model empty (Kind::None).
    void setSink(const SinkSpec &sink, OutputMode mode);
    // Shows the sink as it stands after reports[index] (earlier reports replayed in order).
    void showAfter(const std::vector<std::shared_ptr<const BatchReport>> &reports, int index);
    void clear();

    Kind kind() const { return m_kind; }
    // "high_value" (folder) or "account_counts.db" with table "account_counts".
    QString path() const { return QString::fromStdString(m_image.path); }
    QString table() const { return QString::fromStdString(m_image.table); }
    // The committed part files after the batch, in batch order.
    QStringList files() const;
    // The first column holding the sink's own data: after the status column (what the batch
    // shown wrote: "new", "updated") and, for file sinks, the part file column.
    int firstDataColumn() const { return m_kind == Kind::Files ? 2 : 1; }
    // Set when a batch up to the one shown would fail in the real sink (a primary-key conflict
    // in append mode): the sink then holds what the batches before it committed. Also set when
    // the sink's options would keep the query from starting (Spark's message).
    QString failure() const { return m_failure; }
    // Where row `row` came from: the index of the report that wrote it (into the reports given to
    // showAfter) and the row of that report's `emitted`; {-1, -1} outside the rows.
    std::pair<int, int> originOf(int row) const;
    // Marks rows linked to the row selected elsewhere, as BatchTableModel::setLinkedRows does.
    void setLinkedRows(const std::vector<int> &rows);
    const std::vector<int> &linkedRows() const { return m_linkedRows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QString cellText(int row, int column) const;
    void updateTimeFormats();
    // Forgets what was shown: the sink as it stands before any batch (inside a model reset).
    void showEmptySink();

    OutputMode m_mode = OutputMode::Append;
    SinkSpec m_sink;
    Kind m_kind = Kind::None;
    std::vector<std::shared_ptr<const BatchReport>> m_reports; // up to the batch shown
    SinkImage m_image;
    QString m_failure;
    std::vector<TimeColumnFormat> m_timeFormats; // one per sink column
    std::vector<int> m_linkedRows; // sorted
};

} // namespace streamstep
