#include "batch_chart_view.h"

#include "batch_list_model.h"

#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPalette>
#include <QVXYModelMapper>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace streamstep {

BatchChartView::BatchChartView(BatchListModel *model, QWidget *parent)
    : QChartView(parent), m_model(model), m_batchAxis(new QValueAxis(this)),
      m_rowsAxis(new QValueAxis(this)), m_currentMarker(new QLineSeries(this))
{
    auto *chart = new QChart;
    chart->setTitle(tr("Per-batch figures"));
    // Legend beside the plot in a smaller font: the Spark UI names stay whole on a 1280 px screen.
    chart->legend()->setAlignment(Qt::AlignRight);
    QFont legendFont = chart->legend()->font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);
    chart->legend()->setFont(legendFont);
    chart->setMargins(QMargins(4, 4, 4, 4));
    if (palette().color(QPalette::Window).lightness() < 128)
        chart->setTheme(QChart::ChartThemeDark);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(160);

    m_batchAxis->setTitleText(tr("Batch"));
    m_batchAxis->setLabelFormat(QStringLiteral("%d"));
    m_batchAxis->setTickType(QValueAxis::TicksDynamic);
    m_batchAxis->setTickAnchor(0);
    m_batchAxis->setTickInterval(1);
    m_rowsAxis->setTitleText(tr("Rows"));
    m_rowsAxis->setLabelFormat(QStringLiteral("%d"));
    chart->addAxis(m_batchAxis, Qt::AlignBottom);
    chart->addAxis(m_rowsAxis, Qt::AlignLeft);

    using C = BatchListModel::Column;
    addFigure(BatchListModel::column(C::InputRows), tr("Input rows"));
    addFigure(BatchListModel::column(C::EmittedRows), tr("Rows emitted"));
    addFigure(BatchListModel::column(C::StateRows), tr("Total state rows"));
    addFigure(BatchListModel::column(C::StateRowsUpdated), tr("Updated state rows"));
    addFigure(BatchListModel::column(C::DroppedByWatermark), tr("Dropped by watermark"));

    m_currentMarker->setName(tr("Shown batch"));
    QPen markerPen(palette().color(QPalette::Highlight));
    markerPen.setStyle(Qt::DashLine);
    markerPen.setWidth(2);
    m_currentMarker->setPen(markerPen);
    chart->addSeries(m_currentMarker);
    m_currentMarker->attachAxis(m_batchAxis);
    m_currentMarker->attachAxis(m_rowsAxis);
    for (QLegendMarker *marker : chart->legend()->markers(m_currentMarker))
        marker->setVisible(false);

    connect(m_model, &QAbstractItemModel::rowsInserted, this, &BatchChartView::rescale);
    connect(m_model, &QAbstractItemModel::modelReset, this, &BatchChartView::rescale);
    rescale();
}

void BatchChartView::addFigure(int column, const QString &name)
{
    auto *series = new QLineSeries(this);
    series->setName(name);
    series->setPointsVisible(true);
    chart()->addSeries(series);
    series->attachAxis(m_batchAxis);
    series->attachAxis(m_rowsAxis);
    auto *mapper = new QVXYModelMapper(this);
    mapper->setXColumn(BatchListModel::column(BatchListModel::Column::BatchId));
    mapper->setYColumn(column);
    mapper->setSeries(series);
    mapper->setModel(m_model);
    connect(series, &QLineSeries::clicked, this, [this](const QPointF &point) {
        const int batchId = qRound(point.x());
        for (int row = 0; row < m_model->rowCount(); ++row) {
            if (m_model->report(row)->batchId == batchId) {
                Q_EMIT batchClicked(row);
                return;
            }
        }
    });
}

int BatchChartView::numSeries() const
{
    return static_cast<int>(chart()->series().size()) - 1; // without the current-batch marker
}

void BatchChartView::setCurrentBatch(int row)
{
    m_currentRow = row;
    rescale();
}

void BatchChartView::rescale()
{
    const int rows = m_model->rowCount();
    double minBatch = 0;
    double maxBatch = 1;
    qint64 maxValue = 1;
    if (rows > 0) {
        minBatch = double(m_model->report(0)->batchId);
        maxBatch = std::max(minBatch + 1, double(m_model->report(rows - 1)->batchId));
    }
    for (int row = 0; row < rows; ++row) {
        const auto &r = *m_model->report(row);
        maxValue = std::max({maxValue, qint64(r.numInputRows), qint64(r.numOutputRows), qint64(r.stateRows),
                             qint64(r.stateRowsUpdated), qint64(r.numRowsDroppedByWatermark)});
    }
    // Whole numbers on the axis: a top that is a multiple of a round tick.
    const qint64 top = maxValue <= 5 ? maxValue + 1 : qint64(std::ceil(maxValue * 1.15));
    m_batchAxis->setRange(minBatch - 0.25, maxBatch + 0.25);
    m_rowsAxis->setRange(0, double(top));
    m_rowsAxis->setTickCount(int(std::min<qint64>(top, 5)) + 1);
    if (top > 5)
        m_rowsAxis->applyNiceNumbers();

    m_currentMarker->clear();
    if (m_currentRow >= 0 && m_currentRow < rows) {
        const double x = double(m_model->report(m_currentRow)->batchId);
        m_currentMarker->append(x, 0);
        m_currentMarker->append(x, m_rowsAxis->max());
    }
}

} // namespace streamstep
