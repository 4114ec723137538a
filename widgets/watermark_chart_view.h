// Plots, per batch, the watermark in force and the batch's max event time on an event-time axis
// (UTC), so a student sees the watermark trail the max event time by the delay and never go back.
#pragma once

#include <QChartView>

class QDateTimeAxis;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace streamstep {

class BatchListModel;

class WatermarkChartView : public QChartView {
    Q_OBJECT
public:
    explicit WatermarkChartView(BatchListModel *model, QWidget *parent = nullptr);

    void setCurrentBatch(int row);
    int numPoints() const;

Q_SIGNALS:
    void batchClicked(int row);

private:
    void refill();

    BatchListModel *m_model;
    QValueAxis *m_batchAxis;
    QDateTimeAxis *m_timeAxis;
    QLineSeries *m_watermark;
    QLineSeries *m_maxEventTime;
    QScatterSeries *m_current;
    int m_currentRow = -1;
};

} // namespace streamstep
