// Tests the main window the way a student uses it: open each bundled lesson, step it, and check
// that every panel holds exactly the engine's report; invalid pairings show Spark's message and
// cannot start; saving and reopening is lossless; the German translation loads.
#include "batch_chart_view.h"
#include "batch_list_model.h"
#include "batch_narrative_view.h"
#include "event_time_timeline.h"
#include "query_editor.h"
#include "batch_table_model.h"
#include "lessons_page.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "query_summary_view.h"
#include "run_controller.h"

#include "streamstep/display_order.h"
#include "streamstep/engine.h"
#include "streamstep/scenario.h"
#include "streamstep/value_format.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTemporaryDir>
#include <QTranslator>
#include <QMenu>
#include <QStatusBar>
#include <QToolButton>
#include <QMenuBar>
#include <QtTest>

#include <string>
#include <unordered_map>

using namespace streamstep;
using namespace streamstep::testing;

namespace {

QStringList bundledScenarios()
{
    return streamstep::testing::bundledLessonPaths();
}

QString cellText(const ColumnBatch &batch, size_t row, size_t column)
{
    return QString::fromStdString(toDisplayString(batch.get(row, column)));
}

// Checks that `model` shows exactly `batch` (every cell, as Spark's text), after an optional
// status or batch column; the header names each column (the date times share under it).
void compareBatch(const BatchTableModel &model, const ColumnBatch &batch)
{
    const int offset = model.hasStatusColumn() || model.hasBatchIdColumn() ? 1 : 0;
    QCOMPARE(model.rowCount(), int(batch.numRows));
    if (batch.numRows == 0)
        return;
    QCOMPARE(model.columnCount(), int(batch.columns.size()) + offset);
    for (size_t c = 0; c < batch.columns.size(); ++c)
        QCOMPARE(model.headerData(int(c) + offset, Qt::Horizontal, Qt::DisplayRole).toString().section(QLatin1Char('\n'), 0, 0),
                 QString::fromStdString(batch.schema.fields[c].name));
    for (size_t r = 0; r < batch.numRows; ++r)
        for (size_t c = 0; c < batch.columns.size(); ++c)
            QCOMPARE(model.index(int(r), int(c) + offset).data(BatchTableModel::SparkTextRole).toString(), cellText(batch, r, c));
}

// The rows the batches of one trigger wrote, up to and including reports[last], in batch order,
// each batch's in the engine's display order (an aggregation emits its groups unsorted; the
// app shows them sorted by key, as the console does).
ColumnBatch writtenInTrigger(const std::vector<std::shared_ptr<const BatchReport>> &reports, int last)
{
    int first = last;
    while (first > 0 && reports[size_t(first - 1)]->step == reports[size_t(last)]->step)
        --first;
    ColumnBatch rows = ColumnBatch::empty(reports[size_t(last)]->emitted.schema);
    for (int i = first; i <= last; ++i) {
        const BatchReport &report = *reports[size_t(i)];
        const ColumnBatch shown = sortedForDisplay(report.emitted, report.emittedKeyColumns);
        for (size_t r = 0; r < shown.numRows; ++r)
            rows.appendRow(shown.row(r));
    }
    return rows;
}

// A row as text (JSON values joined by a unit separator): a hash key for finding equal rows.
std::string rowText(const std::vector<Value> &row)
{
    std::string text;
    for (const Value &value : row)
        text += toJsonText(value) + '\x1f';
    return text;
}

// The report whose rows arrived in the trigger of reports[index]: its data batch.
const BatchReport &arrivedInTrigger(const std::vector<std::shared_ptr<const BatchReport>> &reports, int index)
{
    int first = index;
    while (first > 0 && reports[size_t(first - 1)]->step == reports[size_t(index)]->step)
        --first;
    for (int i = first; i <= index; ++i)
        if (!reports[size_t(i)]->noData)
            return *reports[size_t(i)];
    return *reports[size_t(index)];
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void lessonsPageListsBundledScenarios();
    void panelsShowTheEngineReport_data();
    void panelsShowTheEngineReport();
    void invalidPairingShowsSparkMessage_data();
    void invalidPairingShowsSparkMessage();
    void reviewPastBatch();
    void resetForgetsTheRun();
    void playIntervalIsChosenAndKept();
    void saveOpenRoundTrip_data();
    void saveOpenRoundTrip();
    void unreadableFileKeepsCurrentScenario();
    void germanTranslationLoads();
    void aTriggerIsShownAsOneStory();
    void changingTheModeKeepsThePreviousRunToCompare();
    void grabsAScreenshot();
};

void TestMainWindow::initTestCase()
{
    streamstep::testing::useTestSettings("tst_main_window");
    QVERIFY(!bundledScenarios().isEmpty());
}

void TestMainWindow::lessonsPageListsBundledScenarios()
{
    MainWindow window;
    window.showLessons();
    QVERIFY(window.isShowingLessons());
    QCOMPARE(window.lessonsPage()->numLessons(), int(bundledScenarios().size()));
    QVERIFY(!window.stepAction()->isEnabled());
    // Opening a lesson from the embedded resources works like a file.
    QVERIFY(window.openScenario(window.lessonsPage()->lessonPath(0)));
    QVERIFY(!window.isShowingLessons());
    QVERIFY(window.controller()->isBundledLesson());
}

void TestMainWindow::panelsShowTheEngineReport_data()
{
    QTest::addColumn<QString>("path");
    for (const QString &path : bundledScenarios()) {
        if (streamstep::testing::leftOutUnderSanitizers(path))
            continue;
        const Scenario scenario = readScenarioFile(path.toStdString());
        if (!scenario.expectError)
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    }
}

void TestMainWindow::panelsShowTheEngineReport()
{
    QFETCH(QString, path);
    MainWindow window;
    QString error;
    QVERIFY2(window.openScenario(path, &error), qPrintable(error));
    RunController *controller = window.controller();
    QVERIFY(controller->isValid());
    QVERIFY(!window.summaryView()->isValidationShown());
    QVERIFY(window.startAction()->isEnabled());
    QVERIFY(window.stepAction()->isEnabled());

    // An independent run of the whole scenario by the engine's own runner.
    const std::vector<BatchReport> expected = runScenario(controller->scenario());

    // A big step (lessons 27a/27b: 25,000 rows from a rowsFile) runs on the worker thread.
    for (;;) {
        QVERIFY(controller->waitForIdle(60000));
        QCoreApplication::processEvents();
        if (!window.stepAction()->isEnabled())
            break;
        window.stepAction()->trigger();
    }
    QCOMPARE(controller->nextStep(), controller->numSteps());
    QVERIFY(!window.stepAction()->isEnabled());
    QCOMPARE(controller->numBatches(), int(expected.size()));
    QCOMPARE(window.batchModel()->rowCount(), int(expected.size()));
    QCOMPARE(window.chartView()->numSeries(), 7);

    const bool console = controller->scenario().sink.format == "console";
    std::string consoleSoFar;
    for (int i = 0; i < controller->numBatches(); ++i) {
        controller->selectBatch(i);
        const BatchReport &report = *controller->reports()[size_t(i)];
        QCOMPARE(report.batchId, expected[size_t(i)].batchId);
        QCOMPARE(report.numOutputRows, expected[size_t(i)].numOutputRows);

        // Input rows and their fates: the rows that arrived in the batch's trigger (a no-data
        // batch shows its data batch's).
        const BatchReport &arrived = arrivedInTrigger(controller->reports(), i);
        compareBatch(*window.inputModel(), arrived.input);
        for (size_t r = 0; r < arrived.input.numRows; ++r)
            QCOMPARE(window.inputModel()->index(int(r), 0).data().toString(),
                     BatchTableModel::markText(rowMark(arrived.inputFates[r])));
        // Result table and statuses.
        if (report.hasResultTable) {
            compareBatch(*window.resultModel(), report.resultTable);
            // The written rows by their text, so that a 100,000-row complete batch (lesson 27a)
            // is not 100,000 x 100,000 row comparisons; candidates are then compared exactly.
            std::unordered_multimap<std::string, size_t> emittedByText;
            for (size_t e = 0; e < report.emitted.numRows; ++e)
                emittedByText.emplace(rowText(report.emitted.row(e)), e);
            for (size_t r = 0; r < report.resultTable.numRows; ++r) {
                // A final group the batch did not write was only evicted (update mode).
                RowMark mark = rowMark(report.resultStatuses[r]);
                const std::vector<Value> resultRow = report.resultTable.row(r);
                bool written = false;
                const auto [first, last] = emittedByText.equal_range(rowText(resultRow));
                for (auto it = first; it != last && !written; ++it)
                    written = report.emitted.row(it->second) == resultRow;
                if (mark == RowMark::Final && !written)
                    mark = RowMark::EvictedUnwritten;
                QCOMPARE(window.resultModel()->index(int(r), 0).data().toString(), BatchTableModel::markText(mark));
            }
        } else {
            QCOMPARE(window.resultModel()->rowCount(), 0);
        }
        // Written rows, exactly: those of the trigger's batches up to this one.
        compareBatch(*window.emittedModel(), writtenInTrigger(controller->reports(), i));
        // The result table's title counts the rows in state, not the groups listed.
        if (report.hasResultTable)
            QVERIFY2(window.findChild<QLabel *>(QStringLiteral("holdsTitle"))->text().contains(
                         QStringLiteral("%1 row").arg(report.stateRows)),
                     qPrintable(window.findChild<QLabel *>(QStringLiteral("holdsTitle"))->text()));
        // Sink content.
        if (console) {
            consoleSoFar += report.sinkText;
            QCOMPARE(window.consoleView()->toPlainText(), QString::fromStdString(consoleSoFar));
        } else if (controller->scenario().sink.format == "memory") {
            const auto table = controller->memoryTableAt(i);
            QVERIFY(table);
            // Shown in the engine's display order: each batch's rows by key, batch after batch.
            const bool ordered = !report.sinkTableDisplayRows.empty();
            QCOMPARE(ordered, !report.emittedKeyColumns.empty() && table->numRows > 0);
            compareBatch(*window.sinkModel(), ordered ? table->gather(report.sinkTableDisplayRows) : *table);
        }
        // The batch list row.
        using C = BatchListModel::Column;
        const auto cell = [&](C column) { return window.batchModel()->index(i, BatchListModel::column(column)).data(); };
        QCOMPARE(cell(C::BatchId).toLongLong(), report.batchId);
        QCOMPARE(cell(C::InputRows).toLongLong(), report.numInputRows);
        QCOMPARE(cell(C::EmittedRows).toLongLong(), report.numOutputRows);
        QCOMPARE(cell(C::StateRows).toLongLong(), report.stateRows);
        QCOMPARE(cell(C::DroppedByWatermark).toLongLong(), report.numRowsDroppedByWatermark);
    }
    // After the last batch, the memory sink holds what the run's memory table holds.
    if (controller->scenario().sink.format == "memory" && controller->numBatches() > 0) {
        Run run(Query::compile(controller->scenario()));
        for (size_t s = 0; s < controller->scenario().steps.size(); ++s)
            run.step(controller->scenario().steps[s].rows, int(s), controller->scenario().steps[s].processingTimeMicros);
        QCOMPARE(controller->memoryTableAt(controller->numBatches() - 1)->numRows, run.memoryTable().numRows);
    }
}

void TestMainWindow::invalidPairingShowsSparkMessage_data()
{
    QTest::addColumn<QString>("path");
    for (const QString &path : bundledScenarios()) {
        const Scenario scenario = readScenarioFile(path.toStdString());
        if (scenario.expectError && scenario.expectError->exitCode == 2)
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    }
}

void TestMainWindow::invalidPairingShowsSparkMessage()
{
    QFETCH(QString, path);
    MainWindow window;
    QVERIFY(window.openScenario(path));
    const Scenario &scenario = window.controller()->scenario();
    QVERIFY(!window.controller()->isValid());
    QVERIFY(window.summaryView()->isValidationShown());
    const QString shown = window.summaryView()->validationText();
    QVERIFY2(shown.contains(QStringLiteral("AnalysisException")), qPrintable(shown));
    for (const std::string &part : scenario.expectError->messageContains)
        QVERIFY2(shown.contains(QString::fromStdString(part).toHtmlEscaped()), qPrintable(shown));
    QVERIFY(!window.startAction()->isEnabled());
    QVERIFY(!window.stepAction()->isEnabled());
    QVERIFY(!window.playAction()->isEnabled());
    QVERIFY(!window.controller()->step());
    QCOMPARE(window.controller()->numBatches(), 0);
}

void TestMainWindow::reviewPastBatch()
{
    MainWindow window;
    QVERIFY(window.openScenario(lessonPath("04-windowed-totals-append")));
    RunController *controller = window.controller();
    QVERIFY(stepTriggers(*controller, 3));
    QVERIFY(controller->numBatches() >= 3);
    QCOMPARE(controller->currentBatch(), controller->numBatches() - 1);
    controller->selectBatch(0);
    QCOMPARE(window.inputModel()->rowCount(), int(controller->reports()[0]->input.numRows));
    QCOMPARE(window.inputModel()->index(0, 1).data().toString(), QStringLiteral("ACC-0001"));
    // Batch 0 of lesson 04: nothing emitted in append mode, four windows waiting in state.
    QCOMPARE(window.emittedModel()->rowCount(), 0);
    QCOMPARE(window.resultModel()->rowCount(), 4);
    // Stepping again jumps to the newest batch.
    QVERIFY(controller->step());
    QCOMPARE(controller->currentBatch(), controller->numBatches() - 1);
}

void TestMainWindow::playIntervalIsChosenAndKept()
{
    {
        MainWindow window;
        QVERIFY(window.playIntervalAction());
        QVERIFY(window.menuBar()->actions().size() > 0);
        bool inRunMenu = false;
        for (QAction *menu : window.menuBar()->actions())
            if (menu->menu() && menu->menu()->actions().contains(window.playIntervalAction()))
                inRunMenu = true;
        QVERIFY(inRunMenu);
        window.setPlayInterval(2.5);
        QCOMPARE(window.controller()->playIntervalMs(), 2500);
        QVERIFY(window.playAction()->toolTip().contains(QStringLiteral("2.5 s")));
        window.setPlayInterval(0.01); // bounded: Play never spins faster than 10 triggers a second
        QCOMPARE(window.controller()->playIntervalMs(), 100);
        window.setPlayInterval(1.5);
    }
    // A new window (the next start of the app) plays at the chosen interval.
    MainWindow next;
    QCOMPARE(next.controller()->playIntervalMs(), 1500);
    next.setPlayInterval(1.0);
}

void TestMainWindow::resetForgetsTheRun()
{
    MainWindow window;
    QVERIFY(window.openScenario(lessonPath("02-branch-totals-complete")));
    QVERIFY(!window.resetAction()->isEnabled());
    window.stepAction()->trigger();
    QVERIFY(window.resetAction()->isEnabled());
    QVERIFY(window.batchModel()->rowCount() > 0);
    window.resetAction()->trigger();
    QCOMPARE(window.batchModel()->rowCount(), 0);
    QCOMPARE(window.inputModel()->rowCount(), 0);
    QCOMPARE(window.controller()->nextStep(), 0);
    QVERIFY(window.startAction()->isEnabled());
    window.startAction()->trigger();
    QVERIFY(window.controller()->isStarted());
    QVERIFY(!window.startAction()->isEnabled());
}

void TestMainWindow::saveOpenRoundTrip_data()
{
    QTest::addColumn<QString>("path");
    for (const QString &path : bundledScenarios())
        if (!streamstep::testing::leftOutUnderSanitizers(path))
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
}

void TestMainWindow::saveOpenRoundTrip()
{
    QFETCH(QString, path);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    RunController controller;
    QVERIFY(controller.openFile(path));
    const std::string original = writeScenario(controller.scenario());
    const QString saved = dir.filePath(QStringLiteral("copy.scenario.json"));
    QString error;
    QVERIFY2(controller.saveFile(saved, &error), qPrintable(error));
    QCOMPARE(controller.filePath(), saved);

    const Scenario reread = readScenarioFile(saved.toStdString());
    QCOMPARE(QString::fromStdString(writeScenario(reread)), QString::fromStdString(original));
    QCOMPARE(reread.title, controller.scenario().title);
    QCOMPARE(reread.steps.size(), controller.scenario().steps.size());
    for (size_t s = 0; s < reread.steps.size(); ++s) {
        const ColumnBatch &a = reread.steps[s].rows;
        const ColumnBatch &b = controller.scenario().steps[s].rows;
        QCOMPARE(a.numRows, b.numRows);
        for (size_t r = 0; r < a.numRows; ++r)
            QVERIFY(a.row(r) == b.row(r));
    }
    // And the app opens what it saved.
    RunController reopened;
    QVERIFY(reopened.openFile(saved));
    QCOMPARE(reopened.isValid(), controller.isValid());
}

void TestMainWindow::unreadableFileKeepsCurrentScenario()
{
    QTemporaryDir dir;
    const QString broken = dir.filePath(QStringLiteral("broken.scenario.json"));
    QFile file(broken);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\n  \"format\": \"streamstep-scenario\",\n  \"version\": 1,\n  \"bogus\": true\n}\n");
    file.close();
    MainWindow window;
    QVERIFY(window.openScenario(lessonPath("01-high-value-filter")));
    const std::string title = window.controller()->scenario().title;
    QString error;
    QVERIFY(!window.openScenario(broken, &error));
    QVERIFY2(error.contains(QStringLiteral("broken.scenario.json:")), qPrintable(error));
    QCOMPARE(window.controller()->scenario().title, title);
}

void TestMainWindow::germanTranslationLoads()
{
    QTranslator translator;
    QVERIFY(translator.load(QStringLiteral(":/i18n/streamstep_de.qm")));
    QVERIFY(QCoreApplication::installTranslator(&translator));
    {
        MainWindow window;
        QCOMPARE(window.stepAction()->text(), QStringLiteral("&Schritt"));
        QCOMPARE(BatchTableModel::markText(RowMark::Late), QStringLiteral("verspätet"));
        QVERIFY(window.openScenario(lessonPath("04-windowed-totals-append")));
        QCOMPARE(window.batchModel()->headerData(BatchListModel::column(BatchListModel::Column::Watermark),
                                                 Qt::Horizontal, Qt::DisplayRole).toString(),
                 QStringLiteral("Watermark"));
        QCOMPARE(window.inputModel()->headerData(0, Qt::Horizontal, Qt::DisplayRole).toString(), QString());
        QVERIFY(window.controller()->step());
        window.controller()->selectBatch(0); // the data batch (a no-data batch has no input)
        QCOMPARE(window.inputModel()->headerData(0, Qt::Horizontal, Qt::DisplayRole).toString(),
                 QStringLiteral("Status"));
    }
    QCoreApplication::removeTranslator(&translator);
    QCOMPARE(BatchTableModel::markText(RowMark::Late), QStringLiteral("late"));
}

void TestMainWindow::aTriggerIsShownAsOneStory()
{
    MainWindow window;
    QVERIFY(openAt(window, {1920, 1080}, lessonPath("04-windowed-totals-append")));
    RunController *controller = window.controller();
    QVERIFY(stepTriggers(*controller, 3));
    // Trigger 2 ran data batch 4 and no-data batch 5; Step lands on batch 5, the trigger's end.
    const auto &reports = controller->reports();
    QCOMPARE(controller->currentBatch(), 5);
    QCOMPARE(reports[4]->step, 2);
    QVERIFY(!reports[4]->noData);
    QVERIFY(reports[5]->noData);
    // What arrived is still in sight: the data batch's rows, with their fates.
    QCOMPARE(window.inputModel()->rowCount(), int(reports[4]->input.numRows));
    QVERIFY(window.findChild<QLabel *>(QStringLiteral("arrivedTitle"))->text().contains(QStringLiteral("trigger 2 (batch 4)")));
    // Written: batch 4's rows (none, in append mode) and batch 5's, which the watermark finalised.
    QCOMPARE(window.emittedModel()->rowCount(), int(reports[4]->numOutputRows + reports[5]->numOutputRows));
    QCOMPARE(window.emittedModel()->rowCount(), 2);
    const QString written = window.findChild<QLabel *>(QStringLiteral("writtenTitle"))->text();
    QVERIFY2(written.contains(QStringLiteral("batch 4: 0 row")) && written.contains(QStringLiteral("no-data batch 5: 2 row")), qPrintable(written));
    // Engine holds: the rows in state, as the report counts them, not the 7 groups listed.
    QCOMPARE(window.resultModel()->rowCount(), 7);
    const QString holds = window.findChild<QLabel *>(QStringLiteral("holdsTitle"))->text();
    QVERIFY2(holds.contains(QStringLiteral("%1 row(s) in state").arg(reports[5]->stateRows)), qPrintable(holds));
    QCOMPARE(reports[5]->stateRows, 3);
    // The narrative line says how the trigger and its batches relate, and the status bar tells
    // the batch shown.
    QCOMPARE(window.narrativeView()->triggerText(),
             QStringLiteral("Trigger 2 ran batch 4 for its 5 row(s), then batch 5, a no-data batch (the watermark had moved). Showing batch 5."));
    // Then the engine's narrative of the batch (why.h batchNarrative), word for word.
    QVERIFY(window.narrativeView()->showsEngineNarrative());
    QCOMPARE(window.narrativeView()->batchText(),
             QStringLiteral("No row arrived: Spark ran this no-data batch because the watermark moved from 10:07:30 to "
                            "10:11, and a stateful operator can evict (and in append mode write) with the new one. The "
                            "watermark in force was 10:11; no event time moved it. 2 rows were written: append writes a "
                            "group once the watermark passes its end. 3 rows remain in state (0 updated, 2 evicted in this "
                            "batch)."));
    QVERIFY2(window.statusBar()->currentMessage().startsWith(QStringLiteral("Showing batch 5 · trigger 2 ran batches 4–5")),
             qPrintable(window.statusBar()->currentMessage()));
    // The data batch alone: its own counts, the late rows in Spark's count and in rows.
    controller->selectBatch(4);
    QCOMPARE(window.emittedModel()->rowCount(), 0);
    QVERIFY2(window.narrativeView()->batchText().contains(
                 QStringLiteral("3 rows were dropped as late, judged by the watermark 10:07:30. Spark's "
                                "numRowsDroppedByWatermark says 2: it counts late groups after partial aggregation, not rows.")),
             qPrintable(window.narrativeView()->batchText()));
    QVERIFY(window.statusBar()->currentMessage().startsWith(QStringLiteral("Showing batch 4 · trigger 2 ran batches 4–5")));
    // Without the query the line falls back to a summary of the report's figures.
    window.narrativeView()->showBatch(reports, 5, OutputMode::Append);
    QVERIFY2(window.narrativeView()->batchText().startsWith(QStringLiteral("Batch 5: no rows arrived · watermark 10:11:00")),
             qPrintable(window.narrativeView()->batchText()));
    QVERIFY(window.narrativeView()->batchText().contains(QStringLiteral("wrote 2 row(s) (append mode) · 3 row(s) in state")));
    // The console sink keeps Spark's exact text.
    QCOMPARE(window.consoleView()->toPlainText(), controller->consoleTextUpTo(4));
    QVERIFY(window.consoleView()->toPlainText().contains(QStringLiteral("|{2026-03-01 10:00...| ACC-0001|150000.00|")));
}

void TestMainWindow::changingTheModeKeepsThePreviousRunToCompare()
{
    MainWindow window;
    QVERIFY(openAt(window, {1920, 1080}, lessonPath("04-windowed-totals-append")));
    RunController *controller = window.controller();
    QVERIFY(stepTriggers(*controller, 3));
    QVERIFY(showExposed(window));
    QVERIFY(!window.runNotice()->isVisible());
    window.queryEditor()->setOutputMode(OutputMode::Update);
    QCOMPARE(controller->scenario().outputMode, OutputMode::Update);
    QCOMPARE(controller->numBatches(), 0);
    // The window says why the run is gone and what it kept.
    QVERIFY(window.runNotice()->isVisible());
    QVERIFY2(window.runNotice()->text().contains(QStringLiteral("from append to update")), qPrintable(window.runNotice()->text()));
    QVERIFY(controller->previousRun());
    QCOMPARE(controller->previousRun()->numTriggers, 3);
    QVERIFY(stepTriggers(*controller, 3));
    QCOMPARE(controller->currentBatch(), 5);
    const QString written = window.findChild<QLabel *>(QStringLiteral("writtenTitle"))->text();
    QVERIFY2(written.contains(QStringLiteral("The previous run (append mode) wrote 2 row(s) in trigger 2.")), qPrintable(written));

    // Update mode wrote [10:05, 10:10) when it changed; the watermark now only evicts it.
    const BatchReport &report = *controller->reports()[5];
    int evictedUnwritten = 0;
    for (int row = 0; row < window.resultModel()->rowCount(); ++row) {
        if (RowMark(window.resultModel()->index(row, 0).data(BatchTableModel::RowMarkRole).toInt()) != RowMark::EvictedUnwritten)
            continue;
        ++evictedUnwritten;
        QCOMPARE(report.resultStatuses[size_t(row)], ResultRowStatus::Final);
        QCOMPARE(window.resultModel()->index(row, 0).data().toString(), QStringLiteral("evicted, nothing written"));
    }
    QCOMPARE(evictedUnwritten, 2);
    QCOMPARE(report.numOutputRows, 0);
    QCOMPARE(window.emittedModel()->rowCount(), int(controller->reports()[4]->numOutputRows));
    // The timeline draws that window as evicted without a write, not as a final (written) one.
    const EventTimeTimelineLayout &layout = window.timelineView()->timelineLayout();
    bool found = false;
    for (const TimelineWindow &w : layout.windows()) {
        if (const TimelineWindowSegment *s = w.segmentAt(5); s && w.label == QStringLiteral("[10:05, 10:10)")) {
            QCOMPARE(s->state, TimelineWindowState::EvictedUnwritten);
            QCOMPARE(s->stateText, QStringLiteral("evicted, nothing written"));
            found = true;
        }
    }
    QVERIFY(found);
    const QString shots = qEnvironmentVariable("STREAMSTEP_SCREENSHOT_DIR");
    if (!shots.isEmpty())
        window.grab().save(shots + QStringLiteral("/04-update-after-append-1920x1080.png"));
    // Closing the notice forgets the previous run.
    window.findChild<QToolButton *>(QStringLiteral("runNoticeClose"))->click();
    QVERIFY(!controller->previousRun());
    QVERIFY(!window.runNotice()->isVisible());
    QVERIFY(!window.findChild<QLabel *>(QStringLiteral("writtenTitle"))->text().contains(QStringLiteral("previous run")));
}

void TestMainWindow::grabsAScreenshot()
{
    MainWindow window;
    QVERIFY(openAt(window, {1280, 800}, lessonPath("04-windowed-totals-append")));
    for (int i = 0; i < 3; ++i)
        window.controller()->step();
    QVERIFY(showExposed(window));
    const QPixmap pixmap = window.grab();
    QCOMPARE(pixmap.size(), QSize(1280, 800));
}

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
