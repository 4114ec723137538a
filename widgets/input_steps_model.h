// Edits the rows of one input step as a table. Cells show Spark's string forms, formatted on
// demand from the typed columns (no per-cell copy, so a step of a million rows opens at once), and
// take text parsed per the column's type by the engine's parseCellText, the code the scenario
// reader applies to file values, so whatever the table accepts saves and reopens unchanged. The
// model never changes the step itself: a valid edit is announced (cellEditRequested) for the app
// to put on its undo stack, and the changed step comes back through setBatch(); invalid text is
// refused with a message.
#pragma once

#include "streamstep/column_batch.h"

#include <QAbstractTableModel>
#include <QFont>
#include <QMetaType>

#include <optional>

namespace streamstep {

class InputStepsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Roles beyond Qt's: whether the cell holds SQL NULL (bool).
    enum Role { NullRole = Qt::UserRole + 1 };

    explicit InputStepsModel(QObject *parent = nullptr);

    // Shows `batch`, which is not owned and must stay alive until the next setBatch() or clear()
    // for data(); rowCount() and columnCount() answer from the shape remembered, so an editor may
    // ask them after an edit freed the batch, before it shows the new one.
    // A batch of the same shape as the one shown only repaints (the view keeps its current cell);
    // any other resets the model.
    void setBatch(const ColumnBatch *batch);
    void clear();
    const ColumnBatch *batch() const { return m_batch; }

    // Parses `text` as a value of `field`'s type with the engine's streamstep::parseCellText (the
    // scenario reader's rules; in a non-string column empty text and NULL mean SQL NULL). On failure
    // returns nullopt and sets `error` to a translated message naming the column, worded from the
    // engine's reason with a hint per type.
    static std::optional<Value> parseCellText(const QString &text, const Field &field, QString *error = nullptr);
    // The text a cell shows and edits: Spark's string form ("NULL" for NULL).
    static QString cellText(const Column &column, size_t row);

    // The message of the last refused edit (empty after an accepted one).
    QString lastError() const { return m_lastError; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    // Takes a QString (parsed per the column's type) or an invalid QVariant (SQL NULL). Returns
    // false and emits editRejected for text that is not a value of the column's type.
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

Q_SIGNALS:
    // The user typed a valid value that differs from the cell's.
    void cellEditRequested(int row, int column, const streamstep::Value &value);
    // The user typed text that is not a value of the column's type; `message` says why.
    void editRejected(int row, int column, const QString &message);

private:
    const ColumnBatch *m_batch = nullptr;
    size_t m_numRows = 0; // the shape of m_batch when it was set
    Schema m_schema;
    QString m_lastError;
    QFont m_nullFont; // NULL cells: italic, so NULL and the string "NULL" look different
};

} // namespace streamstep

Q_DECLARE_METATYPE(streamstep::Value)
