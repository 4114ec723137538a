// Tests BatchChartView: the Spark UI's per-batch figures on charts split by unit, the points equal
// to the model's figures (read through QVXYModelMapper), hover tooltips with values, a click
// selecting the batch, marks told apart by shape and dash (not colour alone), colours following
// the palette, and a live language switch.
#include "../app/gui_test_support.h"
#include "batch_chart_view.h"
#include "lesson_reports.h"
#include "dark_palette.h"
#include "batch_list_model.h"

#include "streamstep/engine.h"
#include "streamstep/scenario.h"
#include "streamstep/value_format.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QFile>
#include <QLabel>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTranslator>
#include <QValueAxis>
#include <QXYSeries>
#include <QtTest>

#include <set>

using namespace streamstep;
using streamstep::testing::showExposed;

namespace {

using C = BatchListModel::Column;

const C kFigures[] = {C::InputRows,          C::EmittedRows,        C::StateRows,    C::StateRowsUpdated,
                      C::DroppedByWatermark, C::GlobalWatermarkGap, C::BatchDuration};

std::vector<std::shared_ptr<const BatchReport>> lessonReports(const char *name)
{
    return streamstep::testing::reportsOfFile(
        QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/%1.scenario.json").arg(QLatin1String(name)));
}

// The reports of lesson 04 with realistic trigger times: 10:20, then one minute per batch, so
// the Global Watermark Gap is minutes, as in a live query.
std::vector<std::shared_ptr<const BatchReport>> timedReports()
{
    std::vector<std::shared_ptr<const BatchReport>> reports;
    for (const auto &r : lessonReports("04-windowed-totals-append")) {
        auto copy = std::make_shared<BatchReport>(*r);
        copy->triggerTimeMicros = *parseTimestamp("2026-03-01 10:20:00") + r->batchId * 60'000'000;
        copy->manualClock = false;
        reports.push_back(copy);
    }
    return reports;
}

// Where a point of a series is drawn, in the view's viewport coordinates.
QPoint viewportPosition(QChartView *view, QXYSeries *series, const QPointF &value)
{
    const QPointF inChart = view->chart()->mapToPosition(value, series);
    return view->mapFromScene(view->chart()->mapToScene(inChart));
}

void sendMouse(QWidget *viewport, QEvent::Type type, const QPoint &pos, Qt::MouseButton button = Qt::NoButton)
{
    QMouseEvent event(type, QPointF(pos), viewport->mapToGlobal(QPointF(pos)), button,
                      type == QEvent::MouseMove ? Qt::NoButton : button, Qt::NoModifier);
    QApplication::sendEvent(viewport, &event);
}

} // namespace

class TestBatchChartView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void figuresOnChartsByUnit();
    void pointsEqualTheModel();
    void gapChartLeavesOutBatchesWithoutGap();
    void hoverShowsTheValue();
    void clickSelectsTheBatch();
    void marksAreNotColourAlone();
    void coloursFollowThePalette();
    void screenshots();
    void languageChangeRetranslates();
};

void TestBatchChartView::figuresOnChartsByUnit()
{
    BatchListModel model;
    BatchChartView view(&model);
    QVERIFY(showExposed(view));
    QCOMPARE(view.numSeries(), 7);
    QCOMPARE(view.numCharts(), 4);
    QCOMPARE(view.tabs()->count(), 4);
    // Every figure is charted under the Spark UI's name, and figures of one chart share a unit.
    std::map<int, QString> unitOfChart;
    for (C figure : kFigures) {
        QXYSeries *series = view.seriesFor(figure);
        QVERIFY(series);
        QCOMPARE(series->name(), BatchListModel::sparkName(figure));
        QCOMPARE(view.figureOf(series), figure);
        int chart = -1;
        for (int i = 0; i < view.numCharts(); ++i)
            if (view.chartViewAt(i)->chart()->series().contains(series))
                chart = i;
        QVERIFY(chart >= 0);
        const QString unit = figure == C::GlobalWatermarkGap ? QStringLiteral("Seconds")
            : figure == C::BatchDuration                     ? QStringLiteral("Milliseconds")
                                                             : QStringLiteral("Rows");
        QChart *qchart = view.chartViewAt(chart)->chart();
        const auto vertical = qchart->axes(Qt::Vertical);
        QCOMPARE(vertical.size(), 1);
        QCOMPARE(vertical.first()->titleText(), unit);
        QCOMPARE(qchart->axes(Qt::Horizontal).first()->titleText(), QStringLiteral("Batch"));
        if (unitOfChart.count(chart))
            QCOMPARE(unitOfChart[chart], unit);
        unitOfChart[chart] = unit;
        // The legend below the chart names the figure in full, beside its marker.
        view.tabs()->setCurrentIndex(chart);
        bool inLegend = false;
        for (QLabel *entry : view.legendEntries(chart))
            inLegend = inLegend || (entry->isVisible() && entry->text() == series->name()
                                    && entry->width() >= entry->fontMetrics().horizontalAdvance(entry->text()) / 2);
        QVERIFY2(inLegend, qPrintable(series->name()));
    }
    QVERIFY(view.seriesFor(C::Watermark) == nullptr);
}

void TestBatchChartView::pointsEqualTheModel()
{
    BatchListModel model;
    BatchChartView view(&model);
    const auto reports = lessonReports("04-windowed-totals-append");
    QVERIFY(reports.size() > 3);
    model.appendReports({reports.begin(), reports.begin() + 2});
    model.appendReports({reports.begin() + 2, reports.end()});
    for (C figure : {C::InputRows, C::EmittedRows, C::StateRows, C::StateRowsUpdated, C::DroppedByWatermark,
                     C::BatchDuration}) {
        const QList<QPointF> points = view.seriesFor(figure)->points();
        QCOMPARE(points.size(), int(reports.size()));
        for (int row = 0; row < int(reports.size()); ++row) {
            const BatchReport &r = *reports[size_t(row)];
            QCOMPARE(points[row].x(), double(r.batchId));
            const double expected = figure == C::InputRows  ? double(r.numInputRows)
                : figure == C::EmittedRows                  ? double(r.numOutputRows)
                : figure == C::StateRows                    ? double(r.stateRows)
                : figure == C::StateRowsUpdated             ? double(r.stateRowsUpdated)
                : figure == C::DroppedByWatermark           ? double(r.numRowsDroppedByWatermark)
                                                            : r.durationMs;
            QCOMPARE(points[row].y(), expected);
        }
    }
    // Every point lies inside its axis range.
    for (int i = 0; i < view.numCharts(); ++i) {
        QChart *chart = view.chartViewAt(i)->chart();
        auto *axis = qobject_cast<QValueAxis *>(chart->axes(Qt::Vertical).first());
        for (QAbstractSeries *s : chart->series())
            for (const QPointF &p : static_cast<QXYSeries *>(s)->points())
                QVERIFY2(p.y() >= axis->min() && p.y() <= axis->max(), qPrintable(s->name()));
    }
    model.clear();
    QCOMPARE(view.seriesFor(C::InputRows)->count(), 0);
}

void TestBatchChartView::gapChartLeavesOutBatchesWithoutGap()
{
    BatchListModel model;
    BatchChartView view(&model);
    const auto reports = timedReports();
    model.appendReports(reports);
    // Spark's UI: a point only for batches whose watermark is > 0.
    QList<QPointF> expected;
    for (const auto &r : reports)
        if (const std::optional<double> gap = BatchListModel::globalWatermarkGapSeconds(*r))
            expected.append(QPointF(double(r->batchId), *gap));
    QVERIFY(!expected.isEmpty());
    QVERIFY(expected.size() < int(reports.size())); // batch 0 runs with the epoch watermark
    QCOMPARE(view.seriesFor(C::GlobalWatermarkGap)->points(), expected);
    QVERIFY(view.chartViewAt(2)->chart()->title().isEmpty());

    // A scenario without processingTime runs on the manual clock (seconds after 1970): no gap
    // points (they would read -1.77e9 s), and the chart says why.
    const auto untimedReports = lessonReports("04-windowed-totals-append");
    QVERIFY(!untimedReports.empty() && untimedReports.back()->manualClock && untimedReports.back()->watermarkMs > 0);
    BatchListModel untimed;
    BatchChartView untimedView(&untimed);
    untimed.appendReports(untimedReports);
    QCOMPARE(untimedView.seriesFor(C::GlobalWatermarkGap)->count(), 0);
    QVERIFY(untimedView.chartViewAt(2)->chart()->title().contains(QStringLiteral("no processingTime")));

    // Trigger times of a real clock that lie before the event times: a negative gap, said so.
    std::vector<std::shared_ptr<const BatchReport>> early;
    for (const auto &r : untimedReports) {
        auto copy = std::make_shared<BatchReport>(*r);
        copy->manualClock = false;
        early.push_back(copy);
    }
    BatchListModel earlyModel;
    BatchChartView earlyView(&earlyModel);
    earlyModel.appendReports(early);
    QVERIFY(earlyView.seriesFor(C::GlobalWatermarkGap)->count() > 0);
    QVERIFY(earlyView.seriesFor(C::GlobalWatermarkGap)->at(0).y() < 0);
    QVERIFY(earlyView.chartViewAt(2)->chart()->title().startsWith(QStringLiteral("Negative")));

    // A query without a watermark: no gap points, and the chart says why.
    BatchListModel plain;
    BatchChartView noWatermark(&plain);
    plain.appendReports(lessonReports("02-branch-totals-complete"));
    QVERIFY(plain.rowCount() > 0);
    QCOMPARE(noWatermark.seriesFor(C::GlobalWatermarkGap)->count(), 0);
    QVERIFY(!noWatermark.chartViewAt(2)->chart()->title().isEmpty());
}

void TestBatchChartView::hoverShowsTheValue()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    BatchListModel model;
    BatchChartView view(&model);
    view.resize(700, 420);
    const auto reports = lessonReports("03-account-counts-update");
    QVERIFY(!reports.empty());
    QCOMPARE(reports[0]->numInputRows, 1350);
    model.appendReports(reports);
    QVERIFY(showExposed(view));

    QChartView *rows = view.chartViewAt(0);
    view.tabs()->setCurrentWidget(rows);
    QXYSeries *input = view.seriesFor(C::InputRows);
    const QPoint at = viewportPosition(rows, input, QPointF(0, 1350));
    QVERIFY(rows->viewport()->rect().contains(at));
    sendMouse(rows->viewport(), QEvent::MouseMove, at + QPoint(2, -1));
    QCOMPARE(view.hoverText(), QStringLiteral("Batch 0 — Input Rows: 1,350"));
    QCOMPARE(view.pointText(input, 0), QStringLiteral("Batch 0 — Input Rows: 1,350"));

    const QPoint emitted = viewportPosition(rows, view.seriesFor(C::EmittedRows), QPointF(0, 1000));
    sendMouse(rows->viewport(), QEvent::MouseMove, emitted);
    QCOMPARE(view.hoverText(), QStringLiteral("Batch 0 — Rows Emitted: 1,000"));

    // Away from every point: no tooltip.
    sendMouse(rows->viewport(), QEvent::MouseMove, QPoint(3, 3));
    QCOMPARE(view.hoverText(), QString());

    // Seconds and milliseconds carry their unit.
    BatchListModel timed;
    BatchChartView timedView(&timed);
    timed.appendReports(timedReports());
    const BatchReport &last = *timed.report(timed.rowCount() - 1);
    const double gap = *BatchListModel::globalWatermarkGapSeconds(last);
    QCOMPARE(timedView.pointText(timedView.seriesFor(C::GlobalWatermarkGap), last.batchId),
             QStringLiteral("Batch %1 — Global Watermark Gap: %2 s").arg(last.batchId).arg(QLocale().toString(gap, 'f', 0)));
    QCOMPARE(timedView.pointText(timedView.seriesFor(C::BatchDuration), last.batchId),
             QStringLiteral("Batch %1 — Batch Duration: %2 ms").arg(last.batchId).arg(QLocale().toString(last.durationMs, 'f', 2)));
    QVERIFY(timedView.pointText(timedView.seriesFor(C::GlobalWatermarkGap), 0).isEmpty()); // no point there
    QLocale::setDefault(QLocale::c());
}

void TestBatchChartView::clickSelectsTheBatch()
{
    BatchListModel model;
    BatchChartView view(&model);
    view.resize(700, 420);
    model.appendReports(lessonReports("04-windowed-totals-append"));
    QVERIFY(showExposed(view));
    QSignalSpy clicked(&view, &BatchChartView::batchClicked);
    for (int chart = 0; chart < view.numCharts(); ++chart) {
        view.tabs()->setCurrentIndex(chart);
        QChartView *chartView = view.chartViewAt(chart);
        QChart *qchart = chartView->chart();
        // Anywhere above batch 3 in the plot area, not only on a point.
        const QRectF plot = qchart->plotArea();
        QPointF inChart = qchart->mapToPosition(QPointF(3, 0), qchart->series().first());
        inChart.setY(plot.center().y());
        const QPoint pos = chartView->mapFromScene(qchart->mapToScene(inChart));
        sendMouse(chartView->viewport(), QEvent::MouseButtonPress, pos, Qt::LeftButton);
        sendMouse(chartView->viewport(), QEvent::MouseButtonRelease, pos, Qt::LeftButton);
        QCOMPARE(clicked.count(), 1);
        QCOMPARE(clicked.takeFirst().at(0).toInt(), 3);
        // Outside the plot area nothing is selected.
        sendMouse(chartView->viewport(), QEvent::MouseButtonPress, QPoint(1, 1), Qt::LeftButton);
        QCOMPARE(clicked.count(), 0);
    }
}

void TestBatchChartView::marksAreNotColourAlone()
{
    BatchListModel model;
    BatchChartView view(&model);
    for (int chart = 0; chart < view.numCharts(); ++chart) {
        QChart *qchart = view.chartViewAt(chart)->chart();
        std::vector<QXYSeries *> figures;
        for (QAbstractSeries *s : qchart->series()) {
            auto *series = static_cast<QXYSeries *>(s);
            if (view.figureOf(series) != C::Count)
                figures.push_back(series);
        }
        QVERIFY(!figures.empty());
        QCOMPARE(view.legendEntries(chart).size(), int(figures.size())); // not the shown-batch band
        for (size_t a = 0; a < figures.size(); ++a) {
            QVERIFY(figures[a]->pointsVisible());
            QVERIFY(!figures[a]->lightMarker().isNull());
            for (size_t b = a + 1; b < figures.size(); ++b) {
                // Different shapes: the markers' coverage (alpha) differs, whatever the colours.
                const QImage shapeA = figures[a]->lightMarker().convertToFormat(QImage::Format_Alpha8);
                const QImage shapeB = figures[b]->lightMarker().convertToFormat(QImage::Format_Alpha8);
                QVERIFY2(shapeA != shapeB, qPrintable(figures[a]->name() + QStringLiteral(" / ") + figures[b]->name()));
                QVERIFY(figures[a]->pen().style() != figures[b]->pen().style());
            }
        }
    }
}

namespace {

using streamstep::testing::contrast;

void checkColours(BatchChartView &view, const QPalette &palette)
{
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    for (int chart = 0; chart < view.numCharts(); ++chart) {
        QChart *qchart = view.chartViewAt(chart)->chart();
        QCOMPARE(qchart->backgroundBrush().color(), base);
        for (QLabel *entry : view.legendEntries(chart))
            QVERIFY(contrast(entry->palette().color(entry->foregroundRole()), base) >= 4.5);
        QCOMPARE(qchart->titleBrush().color(), text);
        for (QAbstractAxis *axis : qchart->axes()) {
            QCOMPARE(axis->labelsBrush().color(), text);
            QCOMPARE(axis->titleBrush().color(), text);
        }
        for (QAbstractSeries *s : qchart->series()) {
            auto *series = static_cast<QXYSeries *>(s);
            if (view.figureOf(series) == C::Count)
                continue;
            // WCAG's 3:1 for graphical objects against the chart background.
            QVERIFY2(contrast(series->pen().color(), base) >= 3.0,
                     qPrintable(QStringLiteral("%1: %2 on %3").arg(series->name(), series->pen().color().name(), base.name())));
        }
    }
}

} // namespace

void TestBatchChartView::coloursFollowThePalette()
{
    BatchListModel model;
    BatchChartView view(&model);
    model.appendReports(lessonReports("04-windowed-totals-append"));
    checkColours(view, view.palette());
    const QColor lightInput = view.seriesFor(C::InputRows)->pen().color();

    view.setPalette(darkPalette()); // sends QEvent::PaletteChange
    checkColours(view, darkPalette());
    QVERIFY(view.seriesFor(C::InputRows)->pen().color() != lightInput);
}

void TestBatchChartView::screenshots()
{
    // Every chart, light and dark, for a human look (STREAMSTEP_SCREENSHOT_DIR).
    const QString dir = qEnvironmentVariable("STREAMSTEP_SCREENSHOT_DIR");
    BatchListModel model;
    BatchChartView view(&model);
    view.resize(520, 340);
    model.appendReports(timedReports());
    view.setCurrentBatch(4);
    QVERIFY(showExposed(view));
    for (bool dark : {false, true}) {
        if (dark)
            view.setPalette(darkPalette());
        for (int chart = 0; chart < view.numCharts(); ++chart) {
            view.tabs()->setCurrentIndex(chart);
            const QImage image = view.grab().toImage();
            QVERIFY(!image.isNull());
            // The chart's own background fills the plot: dark on a dark palette.
            const QColor corner = image.pixelColor(image.width() - 3, image.height() - 3);
            QCOMPARE(corner.lightness() < 128, dark);
            if (!dir.isEmpty())
                image.save(QStringLiteral("%1/chart-%2-%3.png").arg(dir).arg(chart).arg(dark ? QStringLiteral("dark") : QStringLiteral("light")));
        }
    }
}

namespace {

// Marks every string of the chart's contexts, so a test sees which texts were retranslated.
class MarkingTranslator : public QTranslator {
public:
    QString translate(const char *context, const char *source, const char *, int) const override
    {
        const QByteArray c(context);
        if (c == "streamstep::BatchChartView" || c == "streamstep::BatchListModel")
            return QStringLiteral("«%1»").arg(QString::fromUtf8(source));
        return {};
    }
    bool isEmpty() const override { return false; }
};

} // namespace

void TestBatchChartView::languageChangeRetranslates()
{
    BatchListModel model;
    BatchChartView view(&model);
    QCOMPARE(view.tabs()->tabText(0), QStringLiteral("Rows"));
    MarkingTranslator translator;
    QVERIFY(QCoreApplication::installTranslator(&translator)); // sends QEvent::LanguageChange
    QCoreApplication::processEvents();
    QCOMPARE(view.tabs()->tabText(0), QStringLiteral("«Rows»"));
    QCOMPARE(view.seriesFor(C::InputRows)->name(), QStringLiteral("«Input Rows»"));
    QCOMPARE(view.chartViewAt(3)->chart()->axes(Qt::Vertical).first()->titleText(), QStringLiteral("«Milliseconds»"));
    QCoreApplication::removeTranslator(&translator);
    QCoreApplication::processEvents();
    QCOMPARE(view.tabs()->tabText(0), QStringLiteral("Rows"));
}

QTEST_MAIN(TestBatchChartView)
#include "tst_batch_chart_view.moc"
