// Draws the marks the charts share, so a figure reads the same in every chart: Okabe–Ito colours
// (safe for colour-blind readers; a lighter set on dark palettes), marker shapes filled with the
// figure's colour and outlined in the background colour, and round tick steps.
#pragma once

#include <QColor>
#include <QImage>

class QChartView;
class QLineSeries;
class QPalette;
class QValueAxis;

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
// Scales the chart's own fonts (its title, every axis's labels and title), which QtCharts keeps
// apart from the widget's, by the window's text scale (text_scale.h): `scale` times the font
// each had before the first call.
void applyChartTextScale(QChartView *view, double scale);

} // namespace streamstep
