// Charts the per-batch figures of a BatchListModel as the Spark UI names them (input rows, rows
// emitted, total and updated state rows, rows dropped by watermark). Reads the model through
// QVXYModelMapper so the chart and the batch table always agree. Kept behind this small widget
// so the chart can move to Qt Graphs when Qt Charts goes (deprecated from Qt 6.10).
#pragma once

#include <QChartView>

class QLineSeries;
class QValueAxis;

namespace streamstep {

class BatchListModel;

class BatchChartView : public QChartView {
    Q_OBJECT
public:
    explicit BatchChartView(BatchListModel *model, QWidget *parent = nullptr);

    // Marks the batch (row of the model) being shown; -1 for none.
    void setCurrentBatch(int row);
    int numSeries() const;

Q_SIGNALS:
    // The user clicked a point of a batch: the row of the model.
    void batchClicked(int row);

private:
    void rescale();
    void addFigure(int column, const QString &name);

    BatchListModel *m_model;
    QValueAxis *m_batchAxis;
    QValueAxis *m_rowsAxis;
    QLineSeries *m_currentMarker;
    int m_currentRow = -1;
};

} // namespace streamstep
