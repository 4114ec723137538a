// Draws the marks the charts share, so a figure reads the same in every chart: Okabe–Ito colours
// (safe for colour-blind readers; a lighter set on dark palettes), marker shapes filled with the
// figure's colour and outlined in the background colour, and round tick steps; and the page each
// chart sits on, built one way for every chart widget.
#pragma once

#include <QColor>
#include <QImage>
#include <QPixmap>

class QChartView;
class QLineSeries;
class QPalette;
class QValueAxis;
class QWidget;

namespace streamstep {

enum MarkerShape { kCircle, kSquare, kTriangle, kDiamond, kCross };

QColor figureColor(int index, bool dark);
QImage markerImage(int shape, const QColor &color, const QColor &outline);
// A tick step of 1, 2 or 5 × 10^n that gives at most `maxTicks` intervals over `range`.
double niceStep(double range, int maxTicks);
// `a` mixed with `b` by `t` (0: a, 1: b).
QColor mixed(const QColor &a, const QColor &b, double t);
// Paints a chart in the widget's palette: background, title, both axes with their grid, and the
// current-batch marker as a wide translucent band in the highlight colour, unlike any figure's line.
void applyChartPalette(const QPalette &palette, QChartView *view, QValueAxis *xAxis, QValueAxis *yAxis,
                       QLineSeries *currentMarker);
// Styles a figure's line: `color`, 2 px wide, `dash`, and `shape` markers outlined in `background`;
// gives its legend icon, the dash pattern through one marker, at `devicePixelRatio`.
QPixmap styleFigure(QLineSeries *series, int shape, Qt::PenStyle dash, const QColor &color, const QColor &background,
                    qreal devicePixelRatio);
// Scales the chart's own fonts (its title, every axis's labels and title), which QtCharts keeps
// apart from the widget's, by the window's text scale (text_scale.h): `scale` times the font
// each had before the first call.
void applyChartTextScale(QChartView *view, double scale);

// One chart's page: filled with the palette's Base, the chart's view above a strip for the legend
// (the chart's own legend is hidden; the strip names every figure in full), and in the chart a
// batch axis with a tick at every whole number, a value axis and the current-batch marker on both.
struct ChartPage {
    QWidget *page;
    QChartView *view;
    QWidget *legend; // empty: the caller lays out its entries
    QValueAxis *batchAxis;
    QValueAxis *valueAxis;
    QLineSeries *currentMarker;
};
// Builds a ChartPage in `parent`, `bottomMargin` pixels below the legend strip.
ChartPage addChartPage(QWidget *parent, int bottomMargin);

} // namespace streamstep
