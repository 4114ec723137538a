#include "batch_chart_view.h"

#include "chart_marks.h"
#include "text_scale.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGridLayout>
#include <QImage>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QPalette>
#include <QPixmap>
#include <QSortFilterProxyModel>
#include <QTabBar>
#include <QTabWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <QVXYModelMapper>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace streamstep {

namespace {

using FigureColumn = BatchListModel::Column;

enum ChartIndex { kRowsChart, kStateChart, kGapChart, kDurationChart, kNumCharts };

// Hovering finds the nearest point within this many pixels.
constexpr qreal kHoverRadius = 12;

} // namespace

BatchChartView::BatchChartView(BatchListModel *model, QWidget *parent)
    : QWidget(parent), m_model(model), m_tabs(new QTabWidget(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_tabs->setDocumentMode(true);
    // Every tab whole: the splitter cannot squeeze the charts narrower than their tab bar.
    m_tabs->tabBar()->setUsesScrollButtons(false);
    m_tabs->tabBar()->setElideMode(Qt::ElideNone);
    layout->addWidget(m_tabs);
    setMinimumHeight(160);

    // Spark's UI leaves out batches without a gap: chart only the rows that have one.
    auto *gapRows = new QSortFilterProxyModel(this);
    gapRows->setSourceModel(m_model);
    gapRows->setFilterKeyColumn(BatchListModel::column(FigureColumn::GlobalWatermarkGap));
    gapRows->setFilterRole(BatchListModel::ValueRole);
    gapRows->setFilterRegularExpression(QStringLiteral("."));
    m_gapRows = gapRows;

    for (int i = 0; i < kNumCharts; ++i)
        addChart();
    addFigure(kRowsChart, FigureColumn::InputRows, kCircle, Qt::SolidLine);
    addFigure(kRowsChart, FigureColumn::EmittedRows, kSquare, Qt::DashLine);
    addFigure(kStateChart, FigureColumn::StateRows, kDiamond, Qt::SolidLine);
    addFigure(kStateChart, FigureColumn::StateRowsUpdated, kTriangle, Qt::DashLine);
    addFigure(kStateChart, FigureColumn::DroppedByWatermark, kCross, Qt::DotLine);
    addFigure(kGapChart, FigureColumn::GlobalWatermarkGap, kCircle, Qt::SolidLine);
    addFigure(kDurationChart, FigureColumn::BatchDuration, kSquare, Qt::SolidLine);

    retranslate();
    applyPalette();
    applyTextScale();
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &BatchChartView::rescale);
    connect(m_model, &QAbstractItemModel::modelReset, this, &BatchChartView::rescale);
    rescale();
}

int BatchChartView::addChart()
{
    const ChartPage p = addChartPage(m_tabs, 4);
    p.view->viewport()->installEventFilter(this);
    p.view->viewport()->setMouseTracking(true);
    auto *legendLayout = new QGridLayout(p.legend);
    legendLayout->setContentsMargins(8, 0, 8, 0);
    legendLayout->setHorizontalSpacing(6);
    legendLayout->setVerticalSpacing(1);
    legendLayout->setColumnStretch(1, 1);
    m_tabs->addTab(p.page, QString());
    m_charts.append(Chart{p.view, p.batchAxis, p.valueAxis, p.currentMarker, p.legend});
    return int(m_charts.size()) - 1;
}

QAbstractItemModel *BatchChartView::sourceFor(FigureColumn column)
{
    return column == FigureColumn::GlobalWatermarkGap ? m_gapRows : static_cast<QAbstractItemModel *>(m_model);
}

void BatchChartView::addFigure(int chart, FigureColumn column, int shape, Qt::PenStyle dash)
{
    const Chart &c = m_charts[chart];
    auto *series = new QLineSeries(c.view->chart());
    series->setPointsVisible(true);
    series->setMarkerSize(11);
    c.view->chart()->addSeries(series);
    series->attachAxis(c.batchAxis);
    series->attachAxis(c.valueAxis);
    auto *mapper = new QVXYModelMapper(this);
    mapper->setXColumn(BatchListModel::column(FigureColumn::BatchId));
    mapper->setYColumn(BatchListModel::column(column));
    mapper->setSeries(series);
    mapper->setModel(sourceFor(column));
    auto *grid = static_cast<QGridLayout *>(c.legend->layout());
    auto *icon = new QLabel(c.legend);
    auto *text = new QLabel(c.legend);
    text->setWordWrap(true);
    text->setForegroundRole(QPalette::Text); // on the page's Base background
    const int row = grid->rowCount();
    grid->addWidget(icon, row, 0, Qt::AlignVCenter);
    grid->addWidget(text, row, 1);
    m_figures.append(Figure{column, series, chart, shape, dash, icon, text});
}

int BatchChartView::numSeries() const
{
    return int(m_figures.size());
}

int BatchChartView::numCharts() const
{
    return int(m_charts.size());
}

QList<QLabel *> BatchChartView::legendEntries(int chart) const
{
    QList<QLabel *> entries;
    for (const Figure &f : m_figures)
        if (f.chart == chart)
            entries << f.legendText;
    return entries;
}

QChartView *BatchChartView::chartViewAt(int chart) const
{
    return chart >= 0 && chart < m_charts.size() ? m_charts[chart].view : nullptr;
}

QXYSeries *BatchChartView::seriesFor(FigureColumn figure) const
{
    for (const Figure &f : m_figures)
        if (f.column == figure)
            return f.series;
    return nullptr;
}

BatchListModel::Column BatchChartView::figureOf(const QXYSeries *series) const
{
    for (const Figure &f : m_figures)
        if (f.series == series)
            return f.column;
    return FigureColumn::Count;
}

int BatchChartView::rowOfBatch(qint64 batchId) const
{
    const int rows = m_model->rowCount();
    if (rows == 0)
        return -1;
    // Batch ids are consecutive from the first report; search only if that ever changes.
    const qint64 guess = batchId - m_model->report(0)->batchId;
    if (guess >= 0 && guess < rows && m_model->report(int(guess))->batchId == batchId)
        return int(guess);
    for (int row = 0; row < rows; ++row)
        if (m_model->report(row)->batchId == batchId)
            return row;
    return -1;
}

QString BatchChartView::pointText(const QXYSeries *series, qint64 batchId) const
{
    const FigureColumn column = figureOf(series);
    const int row = rowOfBatch(batchId);
    if (column == FigureColumn::Count || row < 0)
        return {};
    const QVariant value = m_model->index(row, BatchListModel::column(column)).data(BatchListModel::ValueRole);
    if (!value.isValid())
        return {};
    const QLocale locale;
    QString text;
    switch (column) {
    case FigureColumn::GlobalWatermarkGap: {
        const double seconds = value.toDouble();
        text = tr("%1 s").arg(locale.toString(seconds, 'f', seconds == std::floor(seconds) ? 0 : 3));
        break;
    }
    case FigureColumn::BatchDuration: text = tr("%1 ms").arg(locale.toString(value.toDouble(), 'f', 2)); break;
    default: text = locale.toString(value.toLongLong()); break;
    }
    return tr("Batch %1 — %2: %3").arg(batchId).arg(BatchListModel::sparkName(column), text);
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
    if (rows > 0) {
        minBatch = double(m_model->report(0)->batchId);
        maxBatch = std::max(minBatch + 1, double(m_model->report(rows - 1)->batchId));
    }
    const double batchStep = std::max(1.0, niceStep(maxBatch - minBatch, 10));
    bool anyGap = false;
    bool anyWatermark = false;

    for (int chart = 0; chart < m_charts.size(); ++chart) {
        const Chart &c = m_charts[chart];
        double low = 0;
        double high = 0;
        for (const Figure &f : std::as_const(m_figures)) {
            if (f.chart != chart)
                continue;
            for (int row = 0; row < rows; ++row) {
                const QVariant v = m_model->index(row, BatchListModel::column(f.column)).data(BatchListModel::ValueRole);
                if (!v.isValid())
                    continue;
                low = std::min(low, v.toDouble());
                high = std::max(high, v.toDouble());
                anyGap = anyGap || f.column == FigureColumn::GlobalWatermarkGap;
            }
        }
        c.batchAxis->setRange(minBatch - 0.25, maxBatch + 0.25);
        c.batchAxis->setTickInterval(batchStep);
        if (chart == kRowsChart || chart == kStateChart) {
            // Whole numbers of rows: a top that is a round multiple of a whole tick.
            const double step = std::max(1.0, niceStep(std::max(high, 1.0), 5));
            const double top = step * (std::floor(high / step) + 1);
            c.valueAxis->setLabelFormat(QStringLiteral("%d"));
            c.valueAxis->setRange(0, top);
            c.valueAxis->setTickCount(int(std::lround(top / step)) + 1);
        } else {
            if (high == low)
                high = low + 1;
            const double span = high - low;
            c.valueAxis->setRange(low < 0 ? low - span * 0.1 : 0, high + span * 0.1);
            c.valueAxis->setTickCount(5);
            c.valueAxis->applyNiceNumbers();
            const double magnitude = std::max(std::abs(c.valueAxis->min()), std::abs(c.valueAxis->max()));
            c.valueAxis->setLabelFormat(magnitude >= 1e6 ? QStringLiteral("%.3g")
                                        : magnitude >= 10 ? QStringLiteral("%.0f") : QStringLiteral("%.2f"));
        }

        c.currentMarker->clear();
        if (m_currentRow >= 0 && m_currentRow < rows) {
            const double x = double(m_model->report(m_currentRow)->batchId);
            c.currentMarker->append(x, c.valueAxis->min());
            c.currentMarker->append(x, c.valueAxis->max());
        }
    }
    bool negativeGap = false;
    bool manualClock = false;
    for (int row = 0; row < rows; ++row) {
        anyWatermark = anyWatermark || m_model->report(row)->hasWatermark;
        manualClock = manualClock || (m_model->report(row)->manualClock && m_model->report(row)->watermarkMs > 0);
        const std::optional<double> gap = BatchListModel::globalWatermarkGapSeconds(*m_model->report(row));
        negativeGap = negativeGap || (gap && *gap < 0);
    }

    // Spark's UI shows the gap chart only for queries with a watermark: say why it is empty.
    QChart *gap = m_charts[kGapChart].view->chart();
    if (rows > 0 && !anyWatermark)
        gap->setTitle(tr("No points: the query has no watermark"));
    else if (rows > 0 && !anyGap && manualClock)
        gap->setTitle(tr("No points: the steps have no processingTime, so there is no trigger clock to measure from"));
    else if (rows > 0 && !anyGap)
        gap->setTitle(tr("No points yet: the watermark is still at 1970-01-01 00:00:00"));
    else if (negativeGap)
        // Spark measures from the wall clock; a scenario without processingTime steps has none.
        gap->setTitle(tr("Negative: the triggers' processingTime lies before the event times"));
    else
        gap->setTitle(QString());
}

void BatchChartView::retranslate()
{
    m_tabs->setTabText(kRowsChart, tr("Rows"));
    m_tabs->setTabToolTip(kRowsChart, tr("Input Rows and Rows Emitted per batch"));
    m_tabs->setTabText(kStateChart, tr("State"));
    m_tabs->setTabToolTip(kStateChart, tr("State rows and rows dropped by the watermark, summed over the stateful operators"));
    m_tabs->setTabText(kGapChart, tr("Gap"));
    m_tabs->setTabToolTip(kGapChart, tr("Global Watermark Gap: the gap between batch timestamp and global watermark for the batch"));
    m_tabs->setTabText(kDurationChart, tr("Duration"));
    m_tabs->setTabToolTip(kDurationChart, tr("Batch Duration: the process duration of each batch"));
    for (const Chart &c : std::as_const(m_charts))
        c.batchAxis->setTitleText(tr("Batch"));
    m_charts[kRowsChart].valueAxis->setTitleText(tr("Rows"));
    m_charts[kStateChart].valueAxis->setTitleText(tr("Rows"));
    m_charts[kGapChart].valueAxis->setTitleText(tr("Seconds"));
    m_charts[kDurationChart].valueAxis->setTitleText(tr("Milliseconds"));
    for (const Figure &f : std::as_const(m_figures)) {
        f.series->setName(BatchListModel::sparkName(f.column));
        f.legendText->setText(f.series->name());
    }
    for (const Chart &c : std::as_const(m_charts))
        c.currentMarker->setName(tr("Shown batch"));
    rescale();
}

void BatchChartView::applyPalette()
{
    const QPalette pal = palette();
    const QColor base = pal.color(QPalette::Base);
    const bool dark = base.lightness() < 128;
    for (const Chart &c : std::as_const(m_charts))
        applyChartPalette(pal, c.view, c.batchAxis, c.valueAxis, c.currentMarker);
    int index = 0;
    for (const Figure &f : std::as_const(m_figures)) {
        // Colours run per chart, so the figures of one chart always differ.
        int inChart = 0;
        for (int i = 0; i < index; ++i)
            inChart += m_figures[i].chart == f.chart;
        f.legendIcon->setPixmap(
            styleFigure(f.series, f.shape, f.dash, figureColor(inChart, dark), base, devicePixelRatioF()));
        ++index;
    }
}

void BatchChartView::applyTextScale()
{
    const double scale = textScale(this);
    for (const Chart &c : std::as_const(m_charts))
        applyChartTextScale(c.view, scale);
    // The legend a little smaller than the text around it; markers as large as the text is.
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.9);
    for (const Figure &f : std::as_const(m_figures)) {
        f.legendText->setFont(small);
        f.series->setMarkerSize(11 * scale);
    }
}

void BatchChartView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
    else if (event->type() == QEvent::LanguageChange)
        retranslate();
    else if (event->type() == QEvent::FontChange)
        applyTextScale();
    QWidget::changeEvent(event);
}

bool BatchChartView::eventFilter(QObject *watched, QEvent *event)
{
    const QEvent::Type type = event->type();
    if (type != QEvent::MouseMove && type != QEvent::MouseButtonPress && type != QEvent::Leave)
        return QWidget::eventFilter(watched, event);
    const Chart *chart = nullptr;
    for (const Chart &c : std::as_const(m_charts))
        if (c.view->viewport() == watched)
            chart = &c;
    if (!chart)
        return QWidget::eventFilter(watched, event);
    if (type == QEvent::Leave) {
        m_hoverText.clear();
        return false;
    }
    QChart *qchart = chart->view->chart();
    const QPoint pos = static_cast<QMouseEvent *>(event)->position().toPoint();
    const QPointF inChart = qchart->mapFromScene(chart->view->mapToScene(pos));

    if (type == QEvent::MouseButtonPress) {
        // A click anywhere above a batch selects it: points are small targets on a projector.
        if (static_cast<QMouseEvent *>(event)->button() == Qt::LeftButton && qchart->plotArea().contains(inChart)) {
            const int row = rowOfBatch(qRound64(qchart->mapToValue(inChart, chart->currentMarker).x()));
            if (row >= 0)
                Q_EMIT batchClicked(row);
        }
        return false;
    }

    // Hover: the point nearest to the pointer, within a few pixels.
    QString text;
    qreal best = kHoverRadius;
    for (const Figure &f : std::as_const(m_figures)) {
        if (m_charts[f.chart].view != chart->view || !f.series->isVisible())
            continue;
        const QList<QPointF> points = f.series->points();
        for (const QPointF &point : points) {
            const QPointF at = qchart->mapToPosition(point, f.series);
            const qreal distance = std::hypot(at.x() - inChart.x(), at.y() - inChart.y());
            if (distance <= best) {
                best = distance;
                text = pointText(f.series, qRound64(point.x()));
            }
        }
    }
    if (text != m_hoverText) {
        m_hoverText = text;
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(chart->view->viewport()->mapToGlobal(pos), text, chart->view->viewport());
    }
    return false;
}

} // namespace streamstep
