// Lists a query's ops as the DataFrame calls a Spark user writes, one row per op, so the query
// editor shows exactly what the scenario runs. Holds a copy of the ops and changes only by a
// reset: every edit goes through the undo stack and comes back as a whole new query.
#pragma once

#include "streamstep/scenario.h"

#include <QAbstractListModel>

#include <vector>

namespace streamstep {

class QueryOpListModel : public QAbstractListModel {
    Q_OBJECT
public:
    explicit QueryOpListModel(QObject *parent = nullptr);

    void setOps(std::vector<QueryOp> ops);
    const std::vector<QueryOp> &ops() const { return m_ops; }
    int numOps() const { return static_cast<int>(m_ops.size()); }

    // The op as a DataFrame call: `.withWatermark("eventTime", "10 minutes")`.
    static QString callText(const QueryOp &op);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    std::vector<QueryOp> m_ops;
};

} // namespace streamstep
