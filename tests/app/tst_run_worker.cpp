// Tests that the app stays responsive with a million rows: the engine runs on the worker thread
// while the GUI event loop keeps running, progress comes in increasing fractions, Cancel (Esc)
// leaves the run exactly as after the last trigger, and stepping on gives what a never-cancelled
// run gives. Also that a million-row table scrolls without per-cell storage.
#include "batch_table_model.h"
#include "main_window.h"
#include "run_controller.h"
#include "run_worker.h"
#include "../engine/report_checks.h"

#include "streamstep/engine.h"
#include "streamstep/scenario.h"
#include "streamstep/transaction_generator.h"

#include <QAction>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QProgressBar>
#include <QScopeGuard>
#include <QSemaphore>
#include <QScrollBar>
#include <QStatusBar>
#include <QTableView>
#include <QtTest>

#include <algorithm>
#include <cstdio>

using namespace streamstep;
using streamstep::testing::compareReport;
using streamstep::testing::sameBatch;

namespace {

constexpr int64_t kMinute = 60'000'000;

QString lessonPath(const char *name)
{
    return QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/") + QLatin1String(name);
}

// A lesson's query over generated transactions: one step per entry of `rowsPerStep`.
Scenario generatedScenario(const char *lesson, const std::vector<int64_t> &rowsPerStep, const char *sinkFormat = nullptr)
{
    Scenario scenario = readScenarioFile(lessonPath(lesson).toStdString());
    if (sinkFormat) {
        scenario.sink.format = sinkFormat;
        scenario.sink.options.clear();
        scenario.sink.options["queryName"] = "q";
    }
    scenario.expect.clear();
    scenario.steps.clear();
    TransactionGeneratorOptions o;
    o.seed = 11;
    o.numRows = 100'000;
    o.eventTimeSpanMicros = 10 * kMinute;
    o.jitterMicros = 3 * kMinute;
    o.lateFraction = 0.02;
    TransactionGenerator generator(o);
    for (int64_t rows : rowsPerStep) {
        Step step;
        step.rows = generator.next(rows);
        scenario.steps.push_back(std::move(step));
    }
    return scenario;
}

// The reports of a run of the scenario's first `numSteps` steps by the engine alone.
std::vector<BatchReport> engineReports(const Scenario &scenario, int numSteps)
{
    Run run(Query::compile(scenario));
    std::vector<BatchReport> all;
    for (int i = 0; i < numSteps; ++i) {
        auto reports = run.step(scenario.steps[size_t(i)].rows, i, scenario.steps[size_t(i)].processingTimeMicros);
        for (BatchReport &r : reports)
            all.push_back(std::move(r));
    }
    return all;
}

void compareWithEngine(const RunController &controller, const std::vector<BatchReport> &expected)
{
    QCOMPARE(controller.numBatches(), int(expected.size()));
    for (size_t i = 0; i < expected.size(); ++i) {
        const BatchReport &a = *controller.reports()[i];
        const BatchReport &e = expected[i];
        compareReport(a, e);
        if (QTest::currentTestFailed())
            return;
        const auto memory = controller.memoryTableAt(int(i));
        QCOMPARE(bool(memory), e.hasSinkTable);
        if (memory)
            QVERIFY(sameBatch(*memory, e.sinkTable));
    }
}

// Ticks on the GUI thread and records the longest time between two ticks: how long the event
// loop was blocked at most.
class GuiTicker {
public:
    GuiTicker()
    {
        m_timer.setInterval(5);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const qint64 now = m_clock.elapsed();
            m_maxGapMs = std::max(m_maxGapMs, now - m_lastMs);
            m_lastMs = now;
            ++m_ticks;
        });
        m_clock.start();
        m_timer.start();
    }
    int ticks() const { return m_ticks; }
    qint64 maxGapMs() const { return m_maxGapMs; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastMs = 0;
    qint64 m_maxGapMs = 0;
    int m_ticks = 0;
};

} // namespace

class TestRunWorker : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void millionRowStepKeepsTheEventLoopRunning();
    void cancelLeavesTheRunAsAfterTheLastTrigger();
    void smallStepsCompleteBeforeStepReturns();
    void resetWhileBusyDiscardsTheStep();
    void runAllChainsBackgroundSteps();
    void windowShowsProgressAndCancelsWithEscape();
    void millionRowTableScrollsWithoutPerCellStorage();
    void triggerTimesMatchTheCommandLine();
};

void TestRunWorker::initTestCase()
{
    // "1,000,000 rows" in the status texts.
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestRunWorker::millionRowStepKeepsTheEventLoopRunning()
{
    const Scenario scenario = generatedScenario("04-windowed-totals-append.scenario.json", {1'000'000});
    RunController controller;
    controller.setScenario(scenario);
    QSignalSpy progress(&controller, &RunController::stepProgressed);
    QSignalSpy busy(&controller, &RunController::busyChanged);
    QSignalSpy completed(&controller, &RunController::triggerCompleted);

    GuiTicker ticker;
    QElapsedTimer clock;
    clock.start();
    QVERIFY(controller.step());
    // step() came back at once: the batch runs on the worker, nothing is there yet.
    QVERIFY(controller.isBusy());
    QCOMPARE(controller.busyRows(), qint64(1'000'000));
    QCOMPARE(controller.numBatches(), 0);
    QVERIFY(!controller.canStep());
    QVERIFY(!controller.step()); // one step at a time
    const int ticksBefore = ticker.ticks();
    QVERIFY(controller.waitForIdle(10 * 60 * 1000));
    const qint64 elapsedMs = clock.elapsed();
    QTest::qWait(20); // one more tick after the outcome was taken in

    // The GUI thread kept processing events all along.
    QVERIFY2(ticker.ticks() - ticksBefore >= 5, qPrintable(QString::number(ticker.ticks() - ticksBefore)));
    std::printf("1M-row step: %.2f s on the worker (%lld ms until idle); longest GUI gap %lld ms over %d ticks\n",
                controller.lastStepSeconds(), static_cast<long long>(elapsedMs),
                static_cast<long long>(ticker.maxGapMs()), ticker.ticks());
    QVERIFY2(ticker.maxGapMs() < 500, qPrintable(QString::number(ticker.maxGapMs())));

    // Progress: several reports, fractions increasing, phases named.
    QVERIFY2(progress.size() >= 3, qPrintable(QString::number(progress.size())));
    double last = -1;
    for (const QList<QVariant> &args : progress) {
        const double fraction = args.at(0).toDouble();
        QVERIFY(fraction >= last);
        QVERIFY(fraction >= 0 && fraction < 1);
        QVERIFY(!args.at(1).toString().isEmpty());
        last = fraction;
    }
    QVERIFY(last > progress.first().at(0).toDouble());

    QCOMPARE(busy.size(), 2);
    QCOMPARE(busy.at(0).at(0).toBool(), true);
    QCOMPARE(busy.at(1).at(0).toBool(), false);
    QCOMPARE(completed.size(), 1);
    QCOMPARE(controller.lastStepRows(), qint64(1'000'000));
    QVERIFY(controller.lastStepSeconds() > 0);
    QCOMPARE(controller.nextStep(), 1);
    compareWithEngine(controller, engineReports(scenario, 1));
    QCOMPARE(controller.reports().front()->numInputRows, int64_t(1'000'000));
}

void TestRunWorker::cancelLeavesTheRunAsAfterTheLastTrigger()
{
    const Scenario scenario = generatedScenario("04-windowed-totals-append.scenario.json", {5'000, 2'000'000, 200}, "memory");
    RunController controller;
    controller.setScenario(scenario);
    QVERIFY(controller.step()); // lesson-sized: done at once
    QVERIFY(!controller.isBusy());
    const int batchesBefore = controller.numBatches();
    QVERIFY(batchesBefore > 0);
    const auto reportsBefore = controller.reports();
    const auto memoryBefore = controller.memoryTableAt(batchesBefore - 1);

    QSignalSpy cancelled(&controller, &RunController::stepCancelled);
    QSignalSpy completed(&controller, &RunController::triggerCompleted);
    // Cancel as soon as the worker reports progress (a 2,000,000-row step runs for far longer than
    // the 40 ms between progress reports, so the cancel lands mid-step on any machine).
    QMetaObject::Connection once;
    once = connect(&controller, &RunController::stepProgressed, this, [&](double fraction) {
        if (fraction > 0) {
            disconnect(once);
            controller.cancel();
        }
    });
    QVERIFY(controller.step());
    QVERIFY(controller.isBusy());
    QVERIFY(controller.waitForIdle(5 * 60 * 1000));
    disconnect(once);

    QCOMPARE(cancelled.size(), 1);
    QCOMPARE(cancelled.at(0).at(0).toInt(), 1);
    QCOMPARE(completed.size(), 0);
    QVERIFY(!controller.isBusy());
    QCOMPARE(controller.nextStep(), 1);
    QCOMPARE(controller.numBatches(), batchesBefore);
    QVERIFY(controller.reports() == reportsBefore);
    QCOMPARE(controller.memoryTableAt(batchesBefore - 1), memoryBefore);
    QVERIFY(controller.canStep());

    // Stepping on: the same batches as a run that was never cancelled.
    QVERIFY(controller.step());
    QVERIFY(controller.waitForIdle(5 * 60 * 1000));
    QVERIFY(controller.step());
    QVERIFY(controller.waitForIdle(5 * 60 * 1000));
    QCOMPARE(controller.nextStep(), 3);
    compareWithEngine(controller, engineReports(scenario, 3));
}

void TestRunWorker::smallStepsCompleteBeforeStepReturns()
{
    RunController controller;
    QVERIFY(controller.openFile(lessonPath("04-windowed-totals-append.scenario.json")));
    QSignalSpy busy(&controller, &RunController::busyChanged);
    QVERIFY(controller.step());
    QVERIFY(controller.numBatches() > 0);
    QCOMPARE(busy.size(), 0);

    // With no synchronous limit even a lesson step runs in the background.
    RunController background;
    background.setSynchronousLimit(0);
    QVERIFY(background.openFile(lessonPath("04-windowed-totals-append.scenario.json")));
    QVERIFY(background.step());
    QVERIFY(background.isBusy());
    QCOMPARE(background.numBatches(), 0);
    QVERIFY(background.waitForIdle(60 * 1000));
    QCOMPARE(background.numBatches(), controller.numBatches());
    compareWithEngine(background, engineReports(background.scenario(), 1));
}

void TestRunWorker::triggerTimesMatchTheCommandLine()
{
    // Steps without processingTime run on the CLI's clock (0, +1 s per trigger); a step's own
    // processingTime wins and later steps count on from it.
    Scenario scenario = readScenarioFile(lessonPath("04-windowed-totals-append.scenario.json").toStdString());
    QVERIFY(scenario.steps.size() >= 4);
    scenario.steps[2].processingTimeMicros = 1'772'359'800'000'000; // 2026-03-01 10:10:00
    RunController controller;
    controller.setScenario(scenario);
    controller.runAll();
    QVERIFY(controller.waitForIdle(60 * 1000));
    const std::vector<BatchReport> expected = runScenario(scenario);
    QCOMPARE(controller.reports().size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i)
        QCOMPARE(controller.reports()[i]->triggerTimeMicros, expected[i].triggerTimeMicros);
    auto timeOfStep = [&](int step) {
        for (const auto &report : controller.reports())
            if (report->step == step)
                return report->triggerTimeMicros;
        return int64_t(-1);
    };
    QCOMPARE(timeOfStep(0), int64_t(0));
    QCOMPARE(timeOfStep(1), int64_t(1'000'000));
    QCOMPARE(timeOfStep(2), int64_t(1'772'359'800'000'000));
    QCOMPARE(timeOfStep(3), int64_t(1'772'359'801'000'000));
}

void TestRunWorker::resetWhileBusyDiscardsTheStep()
{
    const Scenario scenario = generatedScenario("03-account-counts-update.scenario.json", {200'000, 50'000});
    RunController controller;
    controller.setScenario(scenario);
    QSignalSpy completed(&controller, &RunController::triggerCompleted);
    QVERIFY(controller.step());
    QVERIFY(controller.isBusy());
    controller.reset();
    QVERIFY(!controller.isBusy());
    QVERIFY(!controller.isStarted());
    QCOMPARE(controller.numBatches(), 0);
    // The discarded step's outcome never shows up.
    QTest::qWait(200);
    QCOMPARE(completed.size(), 0);

    QVERIFY(controller.step());
    QVERIFY(controller.waitForIdle(5 * 60 * 1000));
    QCOMPARE(completed.size(), 1);
    QCOMPARE(controller.reports().front()->batchId, int64_t(0));
    compareWithEngine(controller, engineReports(scenario, 1));
}

void TestRunWorker::runAllChainsBackgroundSteps()
{
    const Scenario scenario = generatedScenario("02-branch-totals-complete.scenario.json", {60'000, 10, 60'000}, "memory");
    RunController controller;
    controller.setScenario(scenario);
    controller.runAll();
    QVERIFY(controller.isBusy());
    QVERIFY(controller.waitForIdle(5 * 60 * 1000));
    QCOMPARE(controller.nextStep(), 3);
    QVERIFY(!controller.canStep());
    compareWithEngine(controller, engineReports(scenario, 3));
}

void TestRunWorker::windowShowsProgressAndCancelsWithEscape()
{
    MainWindow window;
    window.resize(1280, 800);
    window.controller()->setScenario(
        generatedScenario("04-windowed-totals-append.scenario.json", {1'000, 2'000'000, 300'000}, "memory"));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunController *controller = window.controller();
    window.stepAction()->trigger(); // lesson-sized
    QVERIFY(!controller->isBusy());
    const int batchesBefore = controller->numBatches();
    QVERIFY(!window.progressBar()->isVisible());
    QVERIFY(!window.cancelAction()->isEnabled());

    window.stepAction()->trigger();
    QVERIFY(controller->isBusy());
    QVERIFY(window.progressBar()->isVisible());
    QVERIFY(window.cancelAction()->isEnabled());
    QVERIFY(!window.stepAction()->isEnabled());
    QVERIFY(!window.playAction()->isEnabled());
    QVERIFY(!window.startAction()->isEnabled());
    // The progress bar moves and names the batch being run. Esc goes in as soon as it first
    // moves, from its own signal: polling for it (QTRY, every 50 ms) let the 2,000,000-row batch
    // end before the key on a quiet machine, and nothing was left to cancel. Even from the
    // signal, a fast worker finished the batch before the window took in its first report, so
    // the worker waits at that report until the key went in (RunWorker's test hook).
    QSemaphore escapePressed;
    bool held = false; // the worker's thread's
    RunWorker::setAfterProgressForTesting([&](double fraction) {
        if (held || fraction <= 0)
            return;
        held = true;
        escapePressed.tryAcquire(1, 60 * 1000);
    });
    const auto noHook = qScopeGuard([] { RunWorker::setAfterProgressForTesting({}); });
    QString progressText;
    const QString shot = qEnvironmentVariable("STREAMSTEP_PROGRESS_SCREENSHOT");
    QMetaObject::Connection pressEscape = connect(window.progressBar(), &QProgressBar::valueChanged, &window, [&](int value) {
        if (value <= 0 || !progressText.isEmpty())
            return;
        progressText = window.progressBar()->text();
        if (!shot.isEmpty())
            window.grab().save(shot);
        QTest::keyClick(&window, Qt::Key_Escape);
        escapePressed.release();
    });
    QTRY_VERIFY_WITH_TIMEOUT(!progressText.isEmpty(), 60 * 1000);
    disconnect(pressEscape);
    QVERIFY2(progressText.startsWith(QStringLiteral("Batch %1: 2,000,000 rows · ").arg(batchesBefore)), qPrintable(progressText));
    QVERIFY(controller->waitForIdle(5 * 60 * 1000));
    QCOMPARE(controller->numBatches(), batchesBefore);
    QCOMPARE(window.statusBar()->currentMessage(),
             QStringLiteral("Cancelled: batch %1 was not run; state is as after batch %2.").arg(batchesBefore).arg(batchesBefore - 1));
    QVERIFY(!window.progressBar()->isVisible());
    QVERIFY(window.stepAction()->isEnabled());
    QVERIFY(!window.cancelAction()->isEnabled());

    window.stepAction()->trigger();
    QVERIFY(controller->waitForIdle(5 * 60 * 1000));
    QCOMPARE(controller->nextStep(), 2);
    const QString message = window.statusBar()->currentMessage();
    // The status bar tells the trigger of the batch shown: its batches, rows and wall time.
    QVERIFY2(message.startsWith(QStringLiteral("Showing batch %1 · trigger 1 ran batch").arg(controller->currentBatch())), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral(": 2,000,000 rows in ")) && message.endsWith(QStringLiteral(" s")), qPrintable(message));
    // The panels show the new batch.
    controller->selectBatch(batchesBefore);
    QCOMPARE(window.inputModel()->rowCount(), 2'000'000);
}

void TestRunWorker::millionRowTableScrollsWithoutPerCellStorage()
{
    const Scenario scenario = generatedScenario("04-windowed-totals-append.scenario.json", {1'000'000});
    const std::vector<BatchReport> reports = engineReports(scenario, 1);
    const auto report = std::make_shared<const BatchReport>(reports.front());
    BatchTableModel model;
    model.setInputRows(report);
    // The model shows the report's own columns: no copy, nothing per cell.
    QCOMPARE(model.batch(), &report->input);
    QCOMPARE(model.rowCount(), 1'000'000);
    QCOMPARE(model.index(999'999, 1).data().toString(),
             QString::fromStdString(report->input.columns[0].strings()[999'999]));
    // Row tints are shared brushes, not one made per cell.
    int lateRow = -1;
    for (size_t r = 0; r < report->inputFates.size() && lateRow < 0; ++r)
        if (report->inputFates[r] == InputRowFate::DroppedByWatermark || report->inputFates[r] == InputRowFate::LateButKept)
            lateRow = int(r);
    if (lateRow >= 0) {
        const QBrush brush = qvariant_cast<QBrush>(model.index(lateRow, 0).data(Qt::BackgroundRole));
        QVERIFY(brush.style() != Qt::NoBrush);
        QVERIFY(!brush.isDetached()); // shared with the model's own
    }

    QTableView view;
    view.resize(900, 600);
    view.verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view.setModel(&model);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QScrollBar *bar = view.verticalScrollBar();
    QCOMPARE(bar->maximum() > 900'000, true);
    // Jump through the whole table and page down, repainting each time.
    std::vector<qint64> paints;
    QElapsedTimer clock;
    for (int i = 0; i <= 40; ++i) {
        clock.start();
        bar->setValue(i < 20 ? bar->maximum() / 20 * i : bar->maximum() - (40 - i) * bar->pageStep());
        view.viewport()->repaint();
        paints.push_back(clock.elapsed());
    }
    std::sort(paints.begin(), paints.end());
    std::printf("1M-row table: scroll + repaint median %lld ms, max %lld ms\n",
                static_cast<long long>(paints[paints.size() / 2]), static_cast<long long>(paints.back()));
    QVERIFY2(paints[paints.size() / 2] < 100, qPrintable(QString::number(paints[paints.size() / 2])));
    QCOMPARE(view.rowAt(view.viewport()->height() - 2) > 999'900, true);
}

QTEST_MAIN(TestRunWorker)
#include "tst_run_worker.moc"
