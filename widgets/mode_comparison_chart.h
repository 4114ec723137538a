// Charts the three-mode comparison trigger by trigger: the rows each output mode wrote to the
// sink in a trigger, and the rows in its state after it — where the seed's "common mistake" shows
// at a glance: complete rewrites every group each trigger, update writes only the changed ones,
// append only the final ones. Reads ModeComparisonModel through QVXYModelMapper, so the chart and
// the tables agree. Each mode has its own marker shape and dash, never colour alone; colours
// follow the palette. A mode Spark rejects has no line and says so in the legend.
#pragma once

#include "mode_comparison_model.h"

#include <QWidget>

class QChartView;
class QLabel;
class QLineSeries;
class QValueAxis;

namespace streamstep {

class ModeComparisonChart : public QWidget {
    Q_OBJECT
public:
    explicit ModeComparisonChart(ModeComparisonModel *model, QWidget *parent = nullptr);

    // Marks the trigger shown; -1 for none.
    void setCurrentTrigger(int trigger);
    QChartView *writtenChart() const { return m_charts[0].view; }
    QChartView *stateChart() const { return m_charts[1].view; }
    // The line of a mode in a chart (0: written, 1: state).
    QLineSeries *series(int chart, OutputMode mode) const;
    QLabel *legendEntry(int chart, OutputMode mode) const;

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Chart {
        QChartView *view = nullptr;
        QValueAxis *triggerAxis = nullptr;
        QValueAxis *valueAxis = nullptr;
        QLineSeries *currentMarker = nullptr;
        QLineSeries *lines[3] = {};
        QLabel *icons[3] = {};
        QLabel *texts[3] = {};
    };

    void addChart(int index);
    void retranslate();
    void applyPalette();
    void rescale();

    ModeComparisonModel *m_model;
    Chart m_charts[2];
    int m_currentTrigger = -1;
};

} // namespace streamstep
