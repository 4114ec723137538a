#include "mode_comparison_chart.h"

#include "chart_marks.h"
#include "text_scale.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QPainter>
#include <QPixmap>
#include <QToolTip>
#include <QVXYModelMapper>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace streamstep {

namespace {

constexpr int kShapes[3] = {kCircle, kSquare, kDiamond};
constexpr Qt::PenStyle kDashes[3] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine};

} // namespace

ModeComparisonChart::ModeComparisonChart(ModeComparisonModel *model, QWidget *parent) : QWidget(parent), m_model(model)
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    for (int i = 0; i < 2; ++i) {
        addChart(i);
        layout->addWidget(m_charts[i].view->parentWidget(), 1);
    }
    setMinimumHeight(200);
    retranslate();
    applyPalette();
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        retranslate();
        rescale();
    });
    rescale();
}

void ModeComparisonChart::addChart(int index)
{
    Chart &c = m_charts[index];
    const ChartPage p = addChartPage(this, 2);
    c.view = p.view;
    c.view->setObjectName(index == 0 ? QStringLiteral("writtenChart") : QStringLiteral("stateChart"));
    QWidget *legend = p.legend;
    auto *legendLayout = new QHBoxLayout(legend);
    legendLayout->setContentsMargins(8, 0, 8, 0);
    legendLayout->setSpacing(4);
    c.triggerAxis = p.batchAxis;
    c.valueAxis = p.valueAxis;
    c.currentMarker = p.currentMarker;
    QChart *chart = c.view->chart();
    for (size_t m = 0; m < ModeComparisonModel::kModes.size(); ++m) {
        const OutputMode mode = ModeComparisonModel::kModes[m];
        auto *line = new QLineSeries(chart);
        line->setPointsVisible(true);
        line->setMarkerSize(11);
        chart->addSeries(line);
        line->attachAxis(c.triggerAxis);
        line->attachAxis(c.valueAxis);
        auto *mapper = new QVXYModelMapper(this);
        mapper->setXColumn(ModeComparisonModel::column(ModeComparisonModel::Column::Trigger));
        mapper->setYColumn(index == 0 ? ModeComparisonModel::writtenColumn(mode) : ModeComparisonModel::stateColumn(mode));
        mapper->setSeries(line);
        mapper->setModel(m_model);
        connect(line, &QLineSeries::hovered, this, [this, index, mode](const QPointF &point, bool state) {
            if (!state) {
                QToolTip::hideText();
                return;
            }
            const int trigger = int(std::lround(point.x()));
            const int col = index == 0 ? ModeComparisonModel::writtenColumn(mode) : ModeComparisonModel::stateColumn(mode);
            QToolTip::showText(QCursor::pos(), m_model->index(trigger, col).data(Qt::ToolTipRole).toString(), m_charts[index].view);
        });
        c.lines[m] = line;
        c.icons[m] = new QLabel(legend);
        c.texts[m] = new QLabel(legend);
        c.texts[m]->setForegroundRole(QPalette::Text);
        legendLayout->addWidget(c.icons[m]);
        legendLayout->addWidget(c.texts[m]);
        legendLayout->addSpacing(8);
    }
    legendLayout->addStretch(1);
}

QLineSeries *ModeComparisonChart::series(int chart, OutputMode mode) const
{
    for (size_t m = 0; m < ModeComparisonModel::kModes.size(); ++m)
        if (ModeComparisonModel::kModes[m] == mode)
            return m_charts[chart].lines[m];
    return nullptr;
}

QLabel *ModeComparisonChart::legendEntry(int chart, OutputMode mode) const
{
    for (size_t m = 0; m < ModeComparisonModel::kModes.size(); ++m)
        if (ModeComparisonModel::kModes[m] == mode)
            return m_charts[chart].texts[m];
    return nullptr;
}

void ModeComparisonChart::setCurrentTrigger(int trigger)
{
    m_currentTrigger = trigger;
    rescale();
}

void ModeComparisonChart::retranslate()
{
    m_charts[0].view->chart()->setTitle(tr("Rows written per trigger"));
    m_charts[1].view->chart()->setTitle(tr("Rows in state after each trigger"));
    for (Chart &c : m_charts) {
        c.triggerAxis->setTitleText(tr("Trigger"));
        c.valueAxis->setTitleText(tr("Rows"));
        c.currentMarker->setName(tr("Shown trigger"));
        for (size_t m = 0; m < ModeComparisonModel::kModes.size(); ++m) {
            const OutputMode mode = ModeComparisonModel::kModes[m];
            const QString name = QString::fromStdString(outputModeName(mode));
            const bool rejected = !m_model->rejection(mode).isEmpty();
            c.lines[m]->setName(name);
            c.lines[m]->setVisible(!rejected);
            c.texts[m]->setText(rejected ? tr("%1: rejected by Spark, no line").arg(name) : name);
        }
    }
}

void ModeComparisonChart::rescale()
{
    const int triggers = m_model->rowCount();
    const double maxTrigger = std::max(1, triggers - 1);
    for (int chart = 0; chart < 2; ++chart) {
        Chart &c = m_charts[chart];
        double high = 0;
        for (OutputMode mode : ModeComparisonModel::kModes) {
            const int col = chart == 0 ? ModeComparisonModel::writtenColumn(mode) : ModeComparisonModel::stateColumn(mode);
            for (int row = 0; row < triggers; ++row) {
                const QVariant v = m_model->index(row, col).data(ModeComparisonModel::ValueRole);
                if (v.isValid())
                    high = std::max(high, v.toDouble());
            }
        }
        c.triggerAxis->setRange(-0.25, maxTrigger + 0.25);
        c.triggerAxis->setTickInterval(std::max(1.0, niceStep(maxTrigger, 10)));
        // Whole numbers of rows: a top that is a round multiple of a whole tick.
        const double step = std::max(1.0, niceStep(std::max(high, 1.0), 5));
        const double top = step * (std::floor(high / step) + 1);
        c.valueAxis->setLabelFormat(QStringLiteral("%d"));
        c.valueAxis->setRange(0, top);
        c.valueAxis->setTickCount(int(std::lround(top / step)) + 1);
        c.currentMarker->clear();
        if (m_currentTrigger >= 0 && m_currentTrigger < triggers) {
            c.currentMarker->append(m_currentTrigger, 0);
            c.currentMarker->append(m_currentTrigger, top);
        }
    }
}

void ModeComparisonChart::applyPalette()
{
    const QPalette pal = palette();
    const QColor base = pal.color(QPalette::Base);
    const bool dark = base.lightness() < 128;
    for (Chart &c : m_charts) {
        applyChartPalette(pal, c.view, c.triggerAxis, c.valueAxis, c.currentMarker);
        for (size_t m = 0; m < 3; ++m) {
            c.icons[m]->setPixmap(
                styleFigure(c.lines[m], kShapes[m], kDashes[m], figureColor(int(m), dark), base, devicePixelRatioF()));
        }
    }
}

void ModeComparisonChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
    else if (event->type() == QEvent::LanguageChange)
        retranslate();
    else if (event->type() == QEvent::FontChange)
        for (const Chart &c : m_charts)
            applyChartTextScale(c.view, textScale(this));
    QWidget::changeEvent(event);
}

} // namespace streamstep
