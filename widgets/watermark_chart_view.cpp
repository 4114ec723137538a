#include "watermark_chart_view.h"

#include "batch_list_model.h"

#include <QChart>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPalette>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <limits>

namespace streamstep {

namespace {

// QDateTimeAxis labels in local time; shift UTC instants so the labels read as UTC, like Spark.
qreal plotTime(qint64 utcMs)
{
    const qint64 offsetMs = qint64(QDateTime::fromMSecsSinceEpoch(utcMs).offsetFromUtc()) * 1000;
    return qreal(utcMs - offsetMs);
}

} // namespace

WatermarkChartView::WatermarkChartView(BatchListModel *model, QWidget *parent)
    : QChartView(parent), m_model(model), m_batchAxis(new QValueAxis(this)),
      m_timeAxis(new QDateTimeAxis(this)), m_watermark(new QLineSeries(this)),
      m_maxEventTime(new QLineSeries(this)), m_current(new QScatterSeries(this))
{
    auto *chart = new QChart;
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
    m_timeAxis->setTitleText(tr("Event time"));
    m_timeAxis->setFormat(QStringLiteral("HH:mm"));
    chart->addAxis(m_batchAxis, Qt::AlignBottom);
    chart->addAxis(m_timeAxis, Qt::AlignLeft);

    m_maxEventTime->setName(tr("Max event time"));
    m_maxEventTime->setPointsVisible(true);
    m_watermark->setName(tr("Watermark"));
    m_watermark->setPointsVisible(true);
    QPen watermarkPen = m_watermark->pen();
    watermarkPen.setWidth(3);
    m_watermark->setPen(watermarkPen);
    m_current->setName(tr("Shown batch"));
    m_current->setMarkerSize(14);
    m_current->setColor(Qt::transparent);
    m_current->setBorderColor(palette().color(QPalette::Highlight));
    for (QXYSeries *series : {static_cast<QXYSeries *>(m_maxEventTime), static_cast<QXYSeries *>(m_watermark),
                              static_cast<QXYSeries *>(m_current)}) {
        chart->addSeries(series);
        series->attachAxis(m_batchAxis);
        series->attachAxis(m_timeAxis);
        connect(series, &QXYSeries::clicked, this, [this](const QPointF &point) {
            for (int row = 0; row < m_model->rowCount(); ++row) {
                if (m_model->report(row)->batchId == qRound(point.x())) {
                    Q_EMIT batchClicked(row);
                    return;
                }
            }
        });
    }
    for (QLegendMarker *marker : chart->legend()->markers(m_current))
        marker->setVisible(false);

    connect(m_model, &QAbstractItemModel::rowsInserted, this, &WatermarkChartView::refill);
    connect(m_model, &QAbstractItemModel::modelReset, this, &WatermarkChartView::refill);
    refill();
}

int WatermarkChartView::numPoints() const
{
    return static_cast<int>(m_watermark->count() + m_maxEventTime->count());
}

void WatermarkChartView::setCurrentBatch(int row)
{
    m_currentRow = row;
    refill();
}

void WatermarkChartView::refill()
{
    m_watermark->clear();
    m_maxEventTime->clear();
    m_current->clear();
    qint64 low = std::numeric_limits<qint64>::max();
    qint64 high = std::numeric_limits<qint64>::min();
    const int rows = m_model->rowCount();
    const int watermarkColumn = BatchListModel::column(BatchListModel::Column::Watermark);
    const int maxColumn = BatchListModel::column(BatchListModel::Column::EventTimeMax);
    for (int row = 0; row < rows; ++row) {
        const double x = double(m_model->report(row)->batchId);
        const QVariant watermark = m_model->index(row, watermarkColumn).data(BatchListModel::ValueRole);
        const QVariant maxTime = m_model->index(row, maxColumn).data(BatchListModel::ValueRole);
        // Before the first batch with event times, Spark's watermark is 0 (1970): not plotted.
        if (watermark.isValid() && watermark.toLongLong() > 0) {
            m_watermark->append(x, plotTime(watermark.toLongLong()));
            low = std::min(low, watermark.toLongLong());
            high = std::max(high, watermark.toLongLong());
        }
        if (maxTime.isValid()) {
            m_maxEventTime->append(x, plotTime(maxTime.toLongLong()));
            low = std::min(low, maxTime.toLongLong());
            high = std::max(high, maxTime.toLongLong());
        }
        if (row == m_currentRow) {
            const QVariant y = maxTime.isValid() ? maxTime : watermark;
            if (y.isValid() && y.toLongLong() > 0)
                m_current->append(x, plotTime(y.toLongLong()));
        }
    }
    double minBatch = 0;
    double maxBatch = 1;
    if (rows > 0) {
        minBatch = double(m_model->report(0)->batchId);
        maxBatch = std::max(minBatch + 1, double(m_model->report(rows - 1)->batchId));
    }
    m_batchAxis->setRange(minBatch - 0.25, maxBatch + 0.25);
    m_timeAxis->setVisible(low <= high);
    const bool noWatermark = rows > 0 && !m_model->report(0)->hasWatermark;
    chart()->setTitle(noWatermark ? tr("No watermark: this query has no withWatermark")
                                  : tr("Watermark and max event time (UTC)"));
    if (low <= high) {
        const qint64 margin = std::max<qint64>((high - low) / 10, 60'000);
        m_timeAxis->setRange(QDateTime::fromMSecsSinceEpoch(qint64(plotTime(low - margin))),
                             QDateTime::fromMSecsSinceEpoch(qint64(plotTime(high + margin))));
    } else {
        const qint64 now = QDateTime::currentMSecsSinceEpoch() / 3'600'000 * 3'600'000;
        m_timeAxis->setRange(QDateTime::fromMSecsSinceEpoch(now), QDateTime::fromMSecsSinceEpoch(now + 3'600'000));
    }
}

} // namespace streamstep
