// Tests View ▸ Compare Output Modes as a student uses it: for every bundled lesson and every
// trigger, each mode's column shows what a separate run of the query in that mode alone wrote in
// the trigger, what its sink then holds and what is in its state; a mode Spark rejects shows the
// AnalysisException and the usual fix instead; changing the query or the input runs all three
// again; the toolbar toggle, its shortcut and --compare open it.
#include "batch_table_model.h"
#include "command_line.h"
#include "compare_view.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "mode_comparison_chart.h"
#include "mode_comparison_model.h"
#include "query_summary_view.h"
#include "run_controller.h"
#include "sink_contents_model.h"

#include "streamstep/display_order.h"
#include "streamstep/engine.h"
#include "streamstep/scenario.h"
#include "streamstep/sink_image.h"
#include "streamstep/value_format.h"

#include <QAction>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QPlainTextEdit>
#include <QTableView>
#include <QToolBar>
#include <QUndoStack>
#include <QtTest>

using namespace streamstep;
using namespace streamstep::testing;

namespace {

// A run of the scenario's query in `mode` alone (Spark would run exactly one of them).
struct SeparateRun {
    std::optional<Error> rejected;
    std::vector<std::shared_ptr<const BatchReport>> reports;
};

SeparateRun separateRun(Scenario scenario, OutputMode mode)
{
    scenario.outputMode = mode;
    SeparateRun out;
    std::shared_ptr<const Query> query;
    try {
        query = Query::compile(scenario);
    } catch (const Error &e) {
        out.rejected = e;
        return out;
    }
    Run run(query);
    try {
        for (size_t i = 0; i < scenario.steps.size(); ++i)
            for (BatchReport &r : run.step(scenario.steps[i].rows, int(i), triggerTimeMicros(scenario.steps, i)))
                out.reports.push_back(std::make_shared<const BatchReport>(std::move(r)));
    } catch (const Error &) {
    }
    return out;
}

QString cell(const ColumnBatch &batch, size_t row, size_t column)
{
    return QString::fromStdString(toDisplayString(batch.get(row, column)));
}

// The model shows exactly these rows (Spark's text of every cell, after any mark columns).
void compareRows(const BatchTableModel *model, const std::vector<std::pair<const ColumnBatch *, size_t>> &rows)
{
    QCOMPARE(model->rowCount(), int(rows.size()));
    for (int r = 0; r < model->rowCount(); ++r) {
        const auto &[batch, row] = rows[size_t(r)];
        const int offset = model->columnCount() - int(batch->columns.size());
        for (size_t c = 0; c < batch->columns.size(); ++c)
            QCOMPARE(model->index(r, int(c) + offset).data(BatchTableModel::SparkTextRole).toString(), cell(*batch, row, c));
    }
}

std::vector<std::pair<const ColumnBatch *, size_t>> allRows(const ColumnBatch &batch)
{
    std::vector<std::pair<const ColumnBatch *, size_t>> rows;
    for (size_t r = 0; r < batch.numRows; ++r)
        rows.emplace_back(&batch, r);
    return rows;
}

} // namespace

class TestCompareView : public QObject {
    Q_OBJECT

private slots:
    void columnsEqualThreeSeparateRuns_data();
    void columnsEqualThreeSeparateRuns();
    void rejectedModeShowsSparksMessageAndTheFix();
    void editsRunTheThreeModesAgain();
    void toggleShortcutAndCommandLineOpenIt();
    void everyColumnFitsItsTable_data();
    void everyColumnFitsItsTable();
};

void TestCompareView::columnsEqualThreeSeparateRuns_data()
{
    QTest::addColumn<QString>("lesson");
    for (const char *lesson : {"01-high-value-filter", "02-branch-totals-complete", "03-account-counts-update",
                               "04-windowed-totals-append", "05a-complete-on-filter", "06a-complete-vs-update-complete",
                               "06b-complete-vs-update-update"})
        QTest::newRow(lesson) << QString::fromLatin1(lesson);
}

void TestCompareView::columnsEqualThreeSeparateRuns()
{
    QFETCH(QString, lesson);
    const QString path = lessonPath(lesson);
    Scenario scenario = readScenarioFile(path.toStdString());
    MainWindow window;
    QVERIFY(showScenario(window, {1920, 1080}, path));
    window.compareAction()->trigger();
    QVERIFY(window.isCompareShown());
    CompareView *view = window.compareView();
    QVERIFY(view->waitForRuns(60'000));
    const ModeComparisonModel *model = view->model();
    QCOMPARE(model->rowCount(), int(scenario.steps.size()));

    for (OutputMode mode : ModeComparisonModel::kModes) {
        const SeparateRun alone = separateRun(scenario, mode);
        QCOMPARE(bool(alone.rejected), view->showsRejection(mode));
        if (alone.rejected) {
            QVERIFY(!model->index(0, ModeComparisonModel::writtenColumn(mode)).data(ModeComparisonModel::ValueRole).isValid());
            QVERIFY(view->rejectionLabel(mode)->text().contains(QString::fromStdString(alone.rejected->message()).toHtmlEscaped()));
            continue;
        }
        QCOMPARE(model->reports(mode).size(), alone.reports.size());
        for (int trigger = 0; trigger < int(scenario.steps.size()); ++trigger) {
            view->setTrigger(trigger);
            QCOMPARE(view->trigger(), trigger);
            // The trigger's batches and what they wrote, in batch order.
            std::vector<std::pair<const ColumnBatch *, size_t>> written;
            int64_t rows = 0;
            int last = -1;
            QString console;
            for (size_t i = 0; i < alone.reports.size(); ++i) {
                const BatchReport &r = *alone.reports[i];
                if (r.step <= trigger)
                    last = int(i);
                if (r.step != trigger)
                    continue;
                QCOMPARE(model->reports(mode)[i]->batchId, r.batchId);
                // Each batch's rows in the engine's display order (an aggregation's by key).
                for (uint32_t row : emittedDisplayOrder(r))
                    written.emplace_back(&r.emitted, row);
                rows += r.numOutputRows;
                console += QString::fromStdString(r.sinkText);
            }
            QCOMPARE(model->index(trigger, ModeComparisonModel::writtenColumn(mode)).data(ModeComparisonModel::ValueRole).toLongLong(),
                     qlonglong(rows));
            compareRows(view->writtenModel(mode), written);
            if (last < 0)
                continue;
            const BatchReport &after = *alone.reports[size_t(last)];
            QCOMPARE(model->index(trigger, ModeComparisonModel::stateColumn(mode)).data(ModeComparisonModel::ValueRole).toLongLong(),
                     qlonglong(after.stateRows));
            QVERIFY2(view->titleLabel(mode)->text().contains(QStringLiteral("%1 row(s) in state").arg(after.stateRows)),
                     qPrintable(view->titleLabel(mode)->text()));
            // The state: the result table after the trigger, with each group's status.
            if (after.hasResultTable) {
                compareRows(view->stateModel(mode), allRows(after.resultTable));
                for (size_t g = 0; g < after.resultTable.numRows; ++g)
                    QCOMPARE(RowMark(view->stateModel(mode)->index(int(g), 0).data(BatchTableModel::RowMarkRole).toInt()) == RowMark::None,
                             after.resultStatuses[g] == ResultRowStatus::Unchanged);
            }
            // The sink after the trigger.
            const std::string &format = scenario.sink.format;
            if (format == "console") {
                QCOMPARE(view->consoleView(mode)->toPlainText(), console);
            } else if (format == "memory") {
                QVERIFY(after.hasSinkTable);
                // Shown in the engine's display order: each batch's rows by key, batch after batch.
                std::vector<std::pair<const ColumnBatch *, size_t>> shown = allRows(after.sinkTable);
                if (!after.sinkTableDisplayRows.empty()) {
                    QCOMPARE(after.sinkTableDisplayRows.size(), after.sinkTable.numRows);
                    for (size_t r = 0; r < shown.size(); ++r)
                        shown[r].second = after.sinkTableDisplayRows[r];
                }
                compareRows(view->sinkTableModel(mode), shown);
            } else if (hasSinkImage(format)) {
                std::vector<const BatchReport *> upTo;
                for (int i = 0; i <= last; ++i)
                    upTo.push_back(alone.reports[size_t(i)].get());
                const SinkImage image = sinkImageAfter(scenario.sink, mode, upTo);
                const SinkContentsModel *sink = view->sinkContentsModel(mode);
                QCOMPARE(sink->rowCount(), int(image.rows.size()));
                for (int r = 0; r < sink->rowCount(); ++r)
                    for (size_t c = 0; c < image.columns.size(); ++c)
                        QCOMPARE(sink->index(r, sink->firstDataColumn() + int(c)).data(BatchTableModel::SparkTextRole).toString(),
                                 QString::fromStdString(toDisplayString(image.value(size_t(r), c))));
            }
        }
    }
    // The chart draws a line per mode that runs, with a point per trigger.
    for (OutputMode mode : ModeComparisonModel::kModes) {
        QLineSeries *line = view->chart()->series(0, mode);
        QCOMPARE(line->isVisible(), !view->showsRejection(mode));
        if (line->isVisible())
            QCOMPARE(line->count(), int(scenario.steps.size()));
    }
}

void TestCompareView::rejectedModeShowsSparksMessageAndTheFix()
{
    // Lesson 02 groups without a watermark: append cannot run it.
    MainWindow window;
    QVERIFY(showScenario(window, {1280, 800}, lessonPath("02-branch-totals-complete")));
    window.setCompareShown(true);
    CompareView *view = window.compareView();
    QVERIFY(view->showsRejection(OutputMode::Append));
    QVERIFY(!view->showsRejection(OutputMode::Update));
    QVERIFY(!view->showsRejection(OutputMode::Complete));
    const QString text = view->rejectionLabel(OutputMode::Append)->text();
    const QString message = QStringLiteral("AnalysisException: Append output mode not supported when there are streaming "
                                           "aggregations on streaming DataFrames/DataSets without watermark");
    QVERIFY2(text.contains(message.toHtmlEscaped()), qPrintable(text));
    QVERIFY2(text.contains(QuerySummaryView::suggestedFix(message).toHtmlEscaped()), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("Fix:")));
    QCOMPARE(view->model()->rejection(OutputMode::Append), message);
    QVERIFY(view->chart()->legendEntry(0, OutputMode::Append)->text().contains(QStringLiteral("rejected")));
    QVERIFY(view->rejectionLabel(OutputMode::Append)->isVisible());
}

void TestCompareView::editsRunTheThreeModesAgain()
{
    MainWindow window;
    QVERIFY(showScenario(window, {1920, 1080}, lessonPath("04-windowed-totals-append")));
    window.setCompareShown(true);
    CompareView *view = window.compareView();
    QVERIFY(!view->showsRejection(OutputMode::Append));
    // Without its watermark the windowed aggregation cannot run in append mode.
    QuerySpec spec = QuerySpec::fromScenario(window.controller()->scenario());
    spec.ops.erase(spec.ops.begin());
    window.editQuery(spec, QStringLiteral("Remove withWatermark"));
    QVERIFY(view->showsRejection(OutputMode::Append));
    QVERIFY(!view->showsRejection(OutputMode::Update));
    window.undoStack()->undo();
    QVERIFY(!view->showsRejection(OutputMode::Append));
    // Changing the mode runs them again (the comparison stays the same: it is all three).
    spec = QuerySpec::fromScenario(window.controller()->scenario());
    spec.outputMode = OutputMode::Update;
    window.editQuery(spec, QStringLiteral("Update mode"));
    QCOMPARE(view->model()->rowsWritten(OutputMode::Complete, 1), qint64(6));
    // New input: the last trigger's rows gone, one trigger fewer everywhere.
    const int before = view->model()->rowCount();
    window.controller()->editInput([](Scenario &s) { s.steps.pop_back(); });
    QCOMPARE(view->model()->rowCount(), before - 1);
    // The view follows the trigger of the batch the main window shows.
    window.setCompareShown(false);
    QVERIFY(window.controller()->step());
    QVERIFY(window.controller()->step());
    window.setCompareShown(true);
    QCOMPARE(view->trigger(), 1);
    QVERIFY(view->headerText().contains(QStringLiteral("trigger 1")));
}

void TestCompareView::toggleShortcutAndCommandLineOpenIt()
{
    MainWindow window;
    QAction *action = window.compareAction();
    QVERIFY(action->isCheckable());
    QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_M));
    const auto *toolBar = window.findChild<QToolBar *>(QStringLiteral("stepperToolBar"));
    QVERIFY(toolBar->actions().contains(action));
    QVERIFY(window.openScenario(lessonPath("04-windowed-totals-append")));
    action->trigger();
    QVERIFY(window.isCompareShown());
    action->trigger();
    QVERIFY(!window.isCompareShown());

    QString error;
    const auto options = CommandLine::parse({QStringLiteral("streamstep"), QStringLiteral("--compare"), QStringLiteral("--dark")}, &error);
    QVERIFY2(options, qPrintable(error));
    QVERIFY(options->compare);
    QVERIFY(options->dark);
    QVERIFY(!CommandLine::parse({QStringLiteral("streamstep")}, &error)->compare);
}

void TestCompareView::everyColumnFitsItsTable_data()
{
    addScreenshotSizes();
}

// Lesson 04 at trigger 2: update's state holds "evicted, nothing written" rows, whose status once
// pushed the totals out of a third of a 1280-pixel window. Every column of every table now starts
// inside the view and the numbers (the last column) are shown in full.
void TestCompareView::everyColumnFitsItsTable()
{
    QFETCH(QSize, size);
    MainWindow window;
    QVERIFY(showExposed(window, size));
    QVERIFY(window.openScenario(lessonPath("04-windowed-totals-append")));
    window.setCompareShown(true);
    CompareView *view = window.compareView();
    QVERIFY(view->waitForRuns(60'000));
    view->setTrigger(2);
    QCoreApplication::processEvents();
    const auto *update = view->findChild<QTableView *>(QStringLiteral("updateStateView"));
    QVERIFY(update);
    bool sawNothingWritten = false;
    for (int row = 0; row < update->model()->rowCount(); ++row)
        sawNothingWritten |= update->model()->index(row, 0).data().toString().startsWith(QLatin1String("evicted, nothing written"));
    QVERIFY(sawNothingWritten);
    for (OutputMode mode : ModeComparisonModel::kModes) {
        const QString name = QString::fromStdString(outputModeName(mode));
        for (const char *suffix : {"WrittenView", "StateView"}) {
            const auto *table = view->findChild<QTableView *>(name + QLatin1String(suffix));
            QVERIFY(table);
            const QHeaderView *header = table->horizontalHeader();
            const int count = header->count();
            if (count == 0)
                continue;
            int total = 0;
            for (int i = 0; i < count; ++i)
                total += header->sectionSize(i);
            QVERIFY2(total <= table->viewport()->width(),
                     qPrintable(QStringLiteral("%1%2: %3 > %4").arg(name, QLatin1String(suffix)).arg(total).arg(table->viewport()->width())));
            // The last column (the totals) is as wide as its widest cell.
            const int last = count - 1;
            const int needed = static_cast<const QAbstractItemView *>(table)->sizeHintForColumn(last);
            QVERIFY2(header->sectionSize(last) >= needed,
                     qPrintable(QStringLiteral("%1%2: last column %3 < %4").arg(name, QLatin1String(suffix)).arg(header->sectionSize(last)).arg(needed)));
        }
    }
}

QTEST_MAIN(TestCompareView)
#include "tst_compare_view.moc"
