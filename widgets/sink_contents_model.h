// Shows what a durable sink (csv, json, sqlite) holds after a batch. The app steps an in-memory
// Run, which writes no files or databases (only the CLI's `run --output-dir` does), so this model
// replays the reports' emitted rows the way the engine's sinks commit them: a file sink's
// committed part files (one part-NNNNN-c000.<ext> per batch with rows, listed by its
// _spark_metadata manifest, so an empty batch adds no file), a SQLite table after each batch's
// transaction (append inserts, update upserts on the `key` columns, complete replaces the
// table; window structs as <name>_start / <name>_end, rows in primary-key order). Rows are
// references into the shared reports, never copies, so reviewing a batch of 100,000 rows is cheap.
#pragma once

#include "batch_table_model.h"

#include "streamstep/engine.h"
#include "streamstep/scenario.h"

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
    QString path() const { return m_path; }
    QString table() const { return m_table; }
    // The committed part files after the batch, in batch order.
    QStringList files() const;
    // The first column holding the sink's own data: after the status column (what the batch
    // shown wrote: "new", "updated") and, for file sinks, the part file column.
    int firstDataColumn() const { return m_kind == Kind::Files ? 2 : 1; }
    // Set when a batch up to the one shown would fail in the real sink (a primary-key conflict
    // in append mode): the sink then holds what the batches before it committed.
    QString failure() const { return m_failure; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    // One shown column: a result column, or the start or end of a window struct column.
    static constexpr int kStatusColumn = -2;
    static constexpr int kFileColumn = -1;
    struct ColumnRef {
        int field = kFileColumn; // or a result column's index
        enum class Part : uint8_t { Whole, Start, End } part = Part::Whole;
        QString name;
    };
    struct RowRef {
        uint32_t report;
        uint32_t row;
    };
    struct FileRef {
        QString name;
        uint32_t report;
        uint32_t firstRow; // the model row of the file's first row
        uint32_t numRows;
    };

    void rebuildColumns(const Schema &schema);
    QString cellText(const RowRef &ref, const ColumnRef &column) const;
    std::vector<size_t> keyFields() const;

    Kind m_kind = Kind::None;
    std::string m_format;
    OutputMode m_mode = OutputMode::Append;
    QString m_path;
    QString m_table;
    std::vector<std::string> m_keyNames;
    std::vector<std::shared_ptr<const BatchReport>> m_reports; // up to the batch shown
    std::vector<ColumnRef> m_columns;
    std::vector<RowRef> m_rows;
    std::vector<RowMark> m_marks; // per row; empty: no marks
    std::vector<FileRef> m_files;
    QString m_failure;
};

} // namespace streamstep
