#include "chart_marks.h"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QFont>
#include <QVariant>
#include <QLineSeries>
#include <QPainter>
#include <QValueAxis>
#include <QVBoxLayout>
#include <QWidget>
#include <QPainterPath>
#include <QTransform>

#include <cmath>

namespace streamstep {

QColor figureColor(int index, bool dark)
{
    static const QColor light[] = {QColor(0x00, 0x72, 0xb2), QColor(0xd5, 0x5e, 0x00), QColor(0x00, 0x9e, 0x73),
                                   QColor(0xcc, 0x79, 0xa7), QColor(0x8a, 0x6d, 0x00)};
    static const QColor darkSet[] = {QColor(0x56, 0xb4, 0xe9), QColor(0xe6, 0x9f, 0x00), QColor(0x3c, 0xd0, 0xa0),
                                     QColor(0xe8, 0x9b, 0xc8), QColor(0xf0, 0xe4, 0x42)};
    return (dark ? darkSet : light)[index % 5];
}

QImage markerImage(int shape, const QColor &color, const QColor &outline)
{
    constexpr int size = 24;
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(outline, 2));
    p.setBrush(color);
    const QRectF r(3, 3, size - 6, size - 6);
    QPainterPath path;
    switch (shape) {
    case kCircle: path.addEllipse(r); break;
    case kSquare: path.addRect(r.adjusted(1, 1, -1, -1)); break;
    case kTriangle:
        path.moveTo(r.center().x(), r.top());
        path.lineTo(r.bottomRight());
        path.lineTo(r.bottomLeft());
        path.closeSubpath();
        break;
    case kDiamond:
        path.moveTo(r.center().x(), r.top());
        path.lineTo(r.right(), r.center().y());
        path.lineTo(r.center().x(), r.bottom());
        path.lineTo(r.left(), r.center().y());
        path.closeSubpath();
        break;
    default: { // a bold ×
        const qreal w = 3.5;
        QPainterPath bar;
        bar.addRect(QRectF(-w, -r.width() / 2, 2 * w, r.width()));
        QTransform t;
        t.translate(r.center().x(), r.center().y());
        t.rotate(45);
        path = t.map(bar);
        t.rotate(90);
        path = path.united(t.map(bar));
        break;
    }
    }
    p.drawPath(path);
    return image;
}

double niceStep(double range, int maxTicks)
{
    if (range <= 0)
        return 1;
    const double raw = range / maxTicks;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * magnitude >= raw)
            return m * magnitude;
    return 10 * magnitude;
}

QColor mixed(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t), float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

void applyChartPalette(const QPalette &palette, QChartView *view, QValueAxis *xAxis, QValueAxis *yAxis,
                       QLineSeries *currentMarker)
{
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    const QColor grid = mixed(base, text, 0.18);
    const QColor axisLine = mixed(base, text, 0.55);
    QChart *chart = view->chart();
    chart->setBackgroundBrush(base);
    chart->setBackgroundPen(Qt::NoPen);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(text);
    view->setBackgroundBrush(base);
    for (QValueAxis *axis : {xAxis, yAxis}) {
        axis->setLabelsBrush(text);
        axis->setTitleBrush(text);
        axis->setLinePenColor(axisLine);
        axis->setGridLineColor(grid);
        axis->setMinorGridLineColor(grid);
    }
    QColor band = palette.color(QPalette::Highlight);
    band.setAlpha(70);
    QPen marker(band);
    marker.setWidth(12);
    marker.setCapStyle(Qt::FlatCap);
    currentMarker->setPen(marker);
}

namespace {

// `scale` times the font `object` had when first scaled (kept as a property of the object).
QFont scaledFont(QObject *object, const char *key, const QFont &current, double scale)
{
    QVariant base = object->property(key);
    if (!base.isValid()) {
        base = QVariant::fromValue(current);
        object->setProperty(key, base);
    }
    QFont font = base.value<QFont>();
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * scale);
    else if (font.pixelSize() > 0)
        font.setPixelSize(std::max(1, int(std::lround(font.pixelSize() * scale))));
    return font;
}

} // namespace

void applyChartTextScale(QChartView *view, double scale)
{
    QChart *chart = view->chart();
    chart->setTitleFont(scaledFont(chart, "streamstepTitleFont", chart->titleFont(), scale));
    const QList<QAbstractAxis *> axes = chart->axes();
    for (QAbstractAxis *axis : axes) {
        axis->setLabelsFont(scaledFont(axis, "streamstepLabelsFont", axis->labelsFont(), scale));
        axis->setTitleFont(scaledFont(axis, "streamstepTitleFont", axis->titleFont(), scale));
    }
}

QPixmap styleFigure(QLineSeries *series, int shape, Qt::PenStyle dash, const QColor &color, const QColor &background,
                    qreal devicePixelRatio)
{
    QPen pen(color);
    pen.setWidthF(2);
    pen.setStyle(dash);
    series->setPen(pen);
    series->setColor(color);
    const QImage marker = markerImage(shape, color, background);
    series->setLightMarker(marker);
    QPixmap icon(QSize(34, 16) * devicePixelRatio);
    icon.setDevicePixelRatio(devicePixelRatio);
    icon.fill(Qt::transparent);
    {
        QPainter p(&icon);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(pen);
        p.drawLine(QPointF(1, 8), QPointF(33, 8));
        p.drawImage(QRectF(10, 1, 14, 14), marker);
    }
    return icon;
}

ChartPage addChartPage(QWidget *parent, int bottomMargin)
{
    auto *chart = new QChart;
    chart->setMargins(QMargins(2, 2, 2, 2));
    chart->setBackgroundRoundness(0);
    chart->legend()->hide();

    ChartPage p{};
    p.page = new QWidget(parent);
    p.page->setAutoFillBackground(true);
    p.page->setBackgroundRole(QPalette::Base);
    auto *layout = new QVBoxLayout(p.page);
    layout->setContentsMargins(0, 0, 0, bottomMargin);
    layout->setSpacing(0);
    p.view = new QChartView(chart, p.page);
    p.view->setRenderHint(QPainter::Antialiasing);
    p.view->setFrameShape(QFrame::NoFrame);
    layout->addWidget(p.view, 1);
    p.legend = new QWidget(p.page);
    layout->addWidget(p.legend);

    p.batchAxis = new QValueAxis(chart);
    p.valueAxis = new QValueAxis(chart);
    p.currentMarker = new QLineSeries(chart);
    p.batchAxis->setLabelFormat(QStringLiteral("%d"));
    p.batchAxis->setTickType(QValueAxis::TicksDynamic);
    p.batchAxis->setTickAnchor(0);
    p.batchAxis->setTickInterval(1);
    chart->addAxis(p.batchAxis, Qt::AlignBottom);
    chart->addAxis(p.valueAxis, Qt::AlignLeft);
    chart->addSeries(p.currentMarker);
    p.currentMarker->attachAxis(p.batchAxis);
    p.currentMarker->attachAxis(p.valueAxis);
    return p;
}

} // namespace streamstep
