// Charts the per-batch figures of a BatchListModel as the Spark UI's Structured Streaming tab names
// them, one chart per unit (rows in and out, state rows, seconds of watermark gap, milliseconds of
// batch duration) on tabs, so no figure is squashed against another's scale. Reads the model
// through QVXYModelMapper so the charts and the batch table always agree. Marks are never colour
// alone (each figure has its own marker shape and dash pattern); colours follow the palette.
// Kept behind this small widget so the charts can move to Qt Graphs when Qt Charts goes
// (deprecated from Qt 6.10).
#pragma once

#include "batch_list_model.h"

#include <QList>
#include <QWidget>

class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QTabWidget;
class QValueAxis;
class QXYSeries;

namespace streamstep {

class BatchChartView : public QWidget {
    Q_OBJECT
public:
    explicit BatchChartView(BatchListModel *model, QWidget *parent = nullptr);

    // Marks the batch (row of the model) being shown; -1 for none.
    void setCurrentBatch(int row);
    // The charted figures over all charts (without the shown-batch markers).
    int numSeries() const;
    int numCharts() const;
    QTabWidget *tabs() const { return m_tabs; }
    QChartView *chartViewAt(int chart) const;
    // The series of a figure (a BatchListModel column), or nullptr when it is not charted.
    QXYSeries *seriesFor(BatchListModel::Column figure) const;
    BatchListModel::Column figureOf(const QXYSeries *series) const;
    // What hovering the point of `series` at batch `batchId` shows: "Batch 3 — Input Rows: 1,000".
    QString pointText(const QXYSeries *series, qint64 batchId) const;
    // The legend under a chart: one entry per figure, its marker and dash beside its whole Spark
    // UI name (QLegend would elide names like "Aggregated Number Of Rows Dropped By Watermark").
    QList<QLabel *> legendEntries(int chart) const;
    // The tooltip text last shown by hovering (empty once the pointer left the point).
    QString hoverText() const { return m_hoverText; }

Q_SIGNALS:
    // The user clicked a batch in a chart: the row of the model.
    void batchClicked(int row);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Figure {
        BatchListModel::Column column;
        QLineSeries *series;
        int chart;
        int shape; // index into the marker shapes
        Qt::PenStyle dash;
        QLabel *legendIcon;
        QLabel *legendText;
    };
    struct Chart {
        QChartView *view;
        QValueAxis *batchAxis;
        QValueAxis *valueAxis;
        QLineSeries *currentMarker;
        QWidget *legend;
    };

    int addChart();
    void addFigure(int chart, BatchListModel::Column column, int shape, Qt::PenStyle dash);
    void retranslate();
    void applyPalette();
    // The charts' fonts, legends and markers at the window's text scale.
    void applyTextScale();
    void rescale();
    void onHovered(QLineSeries *series, const QPointF &point, bool state);
    int rowOfBatch(qint64 batchId) const;
    QAbstractItemModel *sourceFor(BatchListModel::Column column);

    BatchListModel *m_model;
    QAbstractItemModel *m_gapRows = nullptr; // the batches Spark's UI gives a gap point
    QTabWidget *m_tabs;
    QList<Chart> m_charts;
    QList<Figure> m_figures;
    int m_currentRow = -1;
    QString m_hoverText;
};

} // namespace streamstep
