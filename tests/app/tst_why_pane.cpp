// Tests the teaching half of the main window as a student uses it: selecting a row in any story
// panel makes the Why pane say, in the engine's words, why it went where (lesson 04 after three
// triggers: a row dropped as late, a late row its open window kept, a window final and written);
// the input rows that went into a written or result row are marked in 1 · Arrived and ringed on
// the timeline, across batches, and an input row marks the groups it went into; the narrative line
// says the engine's narrative; the timeline's tooltips say the same whys; a step too big to
// explain says so. Every expectation is checked against a separate run of the engine alone.
#include "../engine/test_columns.h"
#include "batch_narrative_view.h"
#include "batch_table_model.h"
#include "command_line.h"
#include "../engine/explained_run.h"
#include "event_time_timeline.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "row_explainer.h"
#include "run_controller.h"
#include "why_view.h"

#include "streamstep/engine.h"
#include "streamstep/scenario.h"
#include "streamstep/why.h"

#include <QTableView>
#include <QtTest>

#include <algorithm>

using namespace streamstep;
using namespace streamstep::testing;

namespace {

// The engine's provenance: the input rows of batches 0..batch that went into result row `row`.
std::vector<std::pair<int, int>> contributors(const ExplainedRun &e, size_t batch, size_t row)
{
    std::vector<std::pair<int, int>> out;
    for (size_t b = 0; b <= batch; ++b)
        for (size_t r = 0; r < e.batches[b].inputFacts.size(); ++r)
            if (contributesTo(*e.query, e.batches[b].inputFacts[r], e.batches[batch], row))
                out.emplace_back(int(b), int(r));
    return out;
}

// The result-table row of a report with this window start (time of day) and account.
size_t resultRow(const BatchReport &r, const QString &windowStart, const QString &account)
{
    for (size_t row = 0; row < r.resultTable.numRows; ++row) {
        const Value window = r.resultTable.get(row, 0);
        const QString start = QString::fromStdString(timeOfDayText(window.asWindow().startMicros));
        if (start == windowStart && QString::fromStdString(r.resultTable.get(row, 1).asString()) == account)
            return row;
    }
    return SIZE_MAX;
}

std::vector<int> linkedRows(const QAbstractItemModel *model)
{
    std::vector<int> rows;
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, 0).data(BatchTableModel::LinkedRole).toBool())
            rows.push_back(r);
    return rows;
}

std::vector<std::pair<int, int>> ringedDots(const EventTimeTimeline *timeline)
{
    std::vector<std::pair<int, int>> out;
    const EventTimeTimelineLayout &layout = timeline->timelineLayout();
    for (int dot : layout.highlightedDots())
        out.emplace_back(layout.dots()[size_t(dot)].batch, layout.dots()[size_t(dot)].row);
    std::sort(out.begin(), out.end());
    return out;
}

// Shows the window at 1920×1080 with a bundled lesson stepped `steps` times.
bool showLessonAfterSteps(MainWindow &window, const char *lesson, int steps)
{
    showAt(window, {1920, 1080});
    if (!window.openScenario(lessonPath(lesson)))
        return false;
    for (int i = 0; i < steps; ++i)
        if (!window.controller()->step())
            return false;
    return true;
}

QTableView *panelView(const MainWindow &window, int panel)
{
    return static_cast<QTableView *>(window.storyViews()[panel]);
}

// The model row of the Written panel holding result row `row` of batch `batchId`'s window/account.
int writtenRow(const MainWindow &window, const QString &account)
{
    const BatchTableModel *model = window.emittedModel();
    for (int r = 0; r < model->rowCount(); ++r)
        for (int c = 0; c < model->columnCount(); ++c)
            if (model->index(r, c).data(BatchTableModel::SparkTextRole).toString() == account)
                return r;
    return -1;
}

} // namespace

class TestWhyPane : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void droppedRowSaysItsWindowAndWatermark();
    void lateButKeptRowSaysItsWindowIsOpen();
    void finalWrittenWindowTracesItsInputRows();
    void inputRowMarksTheGroupsItWentInto();
    void heldGroupSaysWhenAppendWritesIt();
    void narrativeLineShowsTheEngineSentences();
    void timelineTooltipsSayTheEngineWhy();
    void bigStepsAreNamedNotExplained();
    void memorySinkRowsTraceTheirBatch();
    void commandLineExplainsARow();
    void screenshotsForAHumanLook_data();
    void screenshotsForAHumanLook();

private:
    Scenario m_lesson04;
};

void TestWhyPane::initTestCase()
{
    m_lesson04 = readScenarioFile(lessonPath("04-windowed-totals-append").toStdString());
}

void TestWhyPane::droppedRowSaysItsWindowAndWatermark()
{
    MainWindow window;
    QVERIFY(showLessonAfterSteps(window, "04-windowed-totals-append", 3));
    const ExplainedRun engine = explainedRun(m_lesson04, 3);
    QVERIFY(!window.whyView()->isShowingRow());

    // Trigger 2's data batch 4: ACC-0001 at 10:02 arrived after the watermark passed 10:05.
    QCOMPARE(engine.batches[4].inputFates[0], InputRowFate::DroppedByWatermark);
    panelView(window, 0)->selectRow(0);
    QVERIFY(window.whyView()->isShowingRow());
    QCOMPARE(window.whyView()->whyText(), inputRowWhy(engine, 4, 0));
    QCOMPARE(window.whyView()->whyText(),
             QStringLiteral("dropped as late: its window [10:00, 10:05) ends at or before the watermark 10:07:30 (= max "
                            "event time 10:17:30 − 10 minutes, set at the end of batch 2)"));
    QVERIFY2(window.whyView()->subjectText().startsWith(QStringLiteral("input row 0 of batch 4")),
             qPrintable(window.whyView()->subjectText()));
    // It went into no group: nothing is marked anywhere but the row itself on the timeline.
    QVERIFY(window.whyView()->detailTexts().contains(QStringLiteral("It went into no group of the result table after batch 5.")));
    QVERIFY(linkedRows(window.resultModel()).empty());
    QVERIFY(linkedRows(window.emittedModel()).empty());
    QCOMPARE(ringedDots(window.timelineView()), (std::vector<std::pair<int, int>>{{4, 0}}));

    // Selecting in another panel explains that row instead; showing another batch forgets it.
    panelView(window, 1)->selectRow(0);
    QVERIFY(panelView(window, 0)->selectionModel()->selectedRows().isEmpty());
    QCOMPARE(window.rowExplainer()->explainedPanel(), RowExplainer::Panel::Holds);
    window.controller()->selectBatch(2);
    QVERIFY(!window.whyView()->isShowingRow());
    QVERIFY(window.timelineView()->timelineLayout().highlightedDots().empty());
}

void TestWhyPane::lateButKeptRowSaysItsWindowIsOpen()
{
    // Lesson 04's data has no late row of an open window: trigger 2 gets one more, at 10:06,
    // before the watermark 10:07:30 but in the window [10:05, 10:10) that ends after it.
    Scenario scenario = m_lesson04;
    const Schema &schema = scenario.sourceSchema;
    std::vector<Value> row;
    const char *cells[] = {"ACC-0004", "PUNE", "700.00", "2026-03-01 10:06:00"};
    for (size_t c = 0; c < 4; ++c)
        row.push_back(*parseCellText(cells[c], schema.fields[c].type));
    scenario.steps[2].rows.appendRow(row);
    scenario.expect.clear();
    const ExplainedRun engine = explainedRun(scenario, 3);
    QCOMPARE(engine.batches[4].inputFates[5], InputRowFate::LateButKept);

    MainWindow window;
    showAt(window, {1920, 1080});
    window.controller()->setScenario(scenario);
    QVERIFY(stepTriggers(*window.controller(), 3));
    panelView(window, 0)->selectRow(5);
    QCOMPARE(window.whyView()->whyText(), inputRowWhy(engine, 4, 5));
    QCOMPARE(window.whyView()->whyText(),
             QStringLiteral("late but kept: its event time 10:06 is at or before the watermark 10:07:30, but its window "
                            "[10:05, 10:10) is still open"));
    // It went into its group, which batch 5 then wrote as final: marked in Engine holds and Written.
    const BatchReport &shown = engine.batches[5];
    const size_t group = resultRow(shown, QStringLiteral("10:05"), QStringLiteral("ACC-0004"));
    QVERIFY(group != SIZE_MAX);
    QVERIFY(contributesTo(*engine.query, engine.batches[4].inputFacts[5], shown, group));
    QCOMPARE(linkedRows(window.resultModel()), std::vector<int>{int(group)});
    QCOMPARE(linkedRows(window.emittedModel()), std::vector<int>{writtenRow(window, QStringLiteral("ACC-0004"))});
    QVERIFY(window.resultModel()->index(int(group), 0).data().toString().startsWith(BatchTableModel::linkMark()));
}

void TestWhyPane::finalWrittenWindowTracesItsInputRows()
{
    MainWindow window;
    QVERIFY(showLessonAfterSteps(window, "04-windowed-totals-append", 3));
    const ExplainedRun engine = explainedRun(m_lesson04, 3);

    // Batch 5 (no data) wrote [10:05, 10:10) of ACC-0003: 75000 + 60000 + 10000, from three batches.
    const int written = writtenRow(window, QStringLiteral("ACC-0003"));
    QVERIFY(written >= 0);
    const int panelHeight = panelView(window, 1)->height();
    panelView(window, 2)->selectRow(written);
    // The answer takes no room from the panels it explains.
    QCOMPARE(panelView(window, 1)->height(), panelHeight);
    const size_t group = resultRow(engine.batches[5], QStringLiteral("10:05"), QStringLiteral("ACC-0003"));
    QCOMPARE(engine.batches[5].resultStatuses[group], ResultRowStatus::Final);
    QCOMPARE(window.whyView()->whyText(), resultRowWhy(engine, 5, group));
    QCOMPARE(window.whyView()->whyText(),
             QStringLiteral("written in append mode: the watermark 10:11 passed its end 10:10, so it is final and leaves the state"));
    const std::vector<std::pair<int, int>> expected = contributors(engine, 5, group);
    QCOMPARE(expected, (std::vector<std::pair<int, int>>{{0, 3}, {2, 2}, {4, 1}}));
    // Ringed on the timeline in every batch; marked in Arrived where they arrived in this trigger.
    QCOMPARE(ringedDots(window.timelineView()), expected);
    QCOMPARE(linkedRows(window.inputModel()), std::vector<int>{1});
    QVERIFY(window.inputModel()->index(1, 0).data().toString().startsWith(BatchTableModel::linkMark()));
    // The group itself is marked in Engine holds, and the Why pane lists the rows.
    QCOMPARE(linkedRows(window.resultModel()), std::vector<int>{int(group)});
    const QStringList details = window.whyView()->detailTexts();
    QVERIFY2(details.join(QLatin1Char('\n')).contains(QStringLiteral("3 input row(s) went into it — batch 0: row 3; batch 2: row 2; batch 4: row 1")),
             qPrintable(details.join(QLatin1Char('\n'))));
    QVERIFY(window.timelineView()->timelineLayout().geometry().legend.back().text == QStringLiteral("went into the selected row"));
}

void TestWhyPane::inputRowMarksTheGroupsItWentInto()
{
    MainWindow window;
    QVERIFY(showLessonAfterSteps(window, "04-windowed-totals-append", 3));
    const ExplainedRun engine = explainedRun(m_lesson04, 3);
    // Every input row of batch 4: the groups of batch 5's result table the engine says it went into.
    for (int row = 0; row < window.inputModel()->rowCount(); ++row) {
        panelView(window, 0)->selectRow(row);
        QCOMPARE(window.whyView()->whyText(), inputRowWhy(engine, 4, size_t(row)));
        std::vector<int> groups;
        for (size_t g = 0; g < engine.batches[5].resultTable.numRows; ++g)
            if (contributesTo(*engine.query, engine.batches[4].inputFacts[size_t(row)], engine.batches[5], g))
                groups.push_back(int(g));
        QCOMPARE(linkedRows(window.resultModel()), groups);
    }
    // ACC-0003 at 10:08 went into [10:05, 10:10), which batch 5 wrote: that written row is marked.
    panelView(window, 0)->selectRow(1);
    QCOMPARE(linkedRows(window.emittedModel()), std::vector<int>{writtenRow(window, QStringLiteral("ACC-0003"))});
    QVERIFY(window.whyView()->detailTexts().join(QLatin1Char('\n')).contains(QStringLiteral("● in 3 · Written")));
}

void TestWhyPane::heldGroupSaysWhenAppendWritesIt()
{
    MainWindow window;
    QVERIFY(showLessonAfterSteps(window, "04-windowed-totals-append", 3));
    const ExplainedRun engine = explainedRun(m_lesson04, 3);
    const size_t group = resultRow(engine.batches[5], QStringLiteral("10:20"), QStringLiteral("ACC-0002"));
    panelView(window, 1)->selectRow(int(group));
    QCOMPARE(window.whyView()->whyText(), resultRowWhy(engine, 5, group));
    QCOMPARE(window.whyView()->whyText(), QStringLiteral("held: append writes this window once the watermark passes its end 10:25"));
    QCOMPARE(ringedDots(window.timelineView()), contributors(engine, 5, group));
    QCOMPARE(linkedRows(window.inputModel()), std::vector<int>{4});
    QVERIFY(linkedRows(window.emittedModel()).empty());
}

void TestWhyPane::narrativeLineShowsTheEngineSentences()
{
    MainWindow window;
    QVERIFY(openAt(window, {1920, 1080}, lessonPath("04-windowed-totals-append")));
    QVERIFY(stepTriggers(*window.controller(), 5));
    const ExplainedRun engine = explainedRun(m_lesson04, 5);
    QCOMPARE(window.controller()->numBatches(), int(engine.batches.size()));
    for (size_t b = 0; b < engine.batches.size(); ++b) {
        window.controller()->selectBatch(int(b));
        QStringList sentences;
        for (const Sentence &s : batchNarrative(*engine.query, engine.batches[b], b > 0 ? &engine.batches[b - 1] : nullptr))
            sentences << QString::fromStdString(s.text());
        QCOMPARE(window.narrativeView()->batchText(), sentences.join(QLatin1Char(' ')));
        // The trigger sentence stays first.
        QVERIFY(window.narrativeView()->triggerText().startsWith(QStringLiteral("Trigger %1 ran").arg(engine.batches[b].step)));
    }
    // Batch 4's arithmetic, in plural forms.
    window.controller()->selectBatch(4);
    QVERIFY2(window.narrativeView()->batchText().startsWith(QStringLiteral("5 rows arrived. 3 rows were dropped as late")),
             qPrintable(window.narrativeView()->batchText()));
}

void TestWhyPane::timelineTooltipsSayTheEngineWhy()
{
    MainWindow window;
    QVERIFY(showLessonAfterSteps(window, "04-windowed-totals-append", 3));
    const ExplainedRun engine = explainedRun(m_lesson04, 3);
    EventTimeTimeline *timeline = window.timelineView();
    const EventTimeTimelineLayout &layout = timeline->timelineLayout();
    const auto &dots = layout.dots();
    const auto dropped = std::find_if(dots.begin(), dots.end(), [](const TimelineDot &d) { return d.batch == 4 && d.row == 0; });
    QVERIFY(dropped != dots.end());
    timeline->setCurrentBatch(4);
    const QString dotTip = timeline->toolTipAt(timeline->viewportPosOfDot(int(dropped - dots.begin())));
    QVERIFY2(dotTip.contains(QStringLiteral("Why: ") + inputRowWhy(engine, 4, 0)), qPrintable(dotTip));

    // The band of [10:05, 10:10) in batch 5: each group's why, written or not.
    const auto &segments = layout.geometry().segments;
    for (const TimelineGeometry::Segment &s : segments) {
        const TimelineWindow &w = layout.windows()[size_t(s.window)];
        const TimelineWindowSegment &seg = w.segments[size_t(s.segment)];
        if (seg.batch != 5 || w.label != QStringLiteral("[10:05, 10:10)"))
            continue;
        timeline->setCurrentBatch(5);
        const QString tip = timeline->toolTipAt(timeline->viewportPosOfSegment(int(&s - segments.data())));
        for (int row : seg.rows)
            QVERIFY2(tip.contains(resultRowWhy(engine, 5, size_t(row))), qPrintable(tip));
        QVERIFY(tip.contains(QStringLiteral("written in append mode: the watermark 10:11 passed its end 10:10")));
        return;
    }
    QFAIL("no band of [10:05, 10:10) in batch 5");
}

void TestWhyPane::bigStepsAreNamedNotExplained()
{
    MainWindow window;
    QVERIFY(showScenario(window, {1920, 1080}, lessonPath("04-windowed-totals-append")));
    RunController *controller = window.controller();
    QCOMPARE(controller->explainLimit(), RunController::kDefaultExplainLimit);
    // Steps of more rows than the limit run without their facts (Run::setExplain(false)).
    controller->setExplainLimit(4);
    QVERIFY(controller->step()); // 5 rows: not explained
    controller->setExplainLimit(RunController::kDefaultExplainLimit);
    QVERIFY(controller->step()); // 4 rows: explained
    const auto &reports = controller->reports();
    QVERIFY(reports[0]->inputFacts.empty());
    QVERIFY(!RunController::isExplained(*reports[0]));
    QCOMPARE(reports[2]->inputFacts.size(), size_t(4));
    QVERIFY(RunController::isExplained(*reports[2]));

    controller->selectBatch(0);
    panelView(window, 0)->selectRow(0);
    // The fate is the engine's, without its numbers, and the pane says why.
    QCOMPARE(window.whyView()->whyText(), QString::fromStdString(whyInputRow(*controller->query(), *reports[0], 0).text()));
    QVERIFY2(window.whyView()->detailTexts().join(QLatin1Char('\n')).contains(QStringLiteral("Batch 0 had 5 rows, more than the 100,000 rows")),
             qPrintable(window.whyView()->detailTexts().join(QLatin1Char('\n'))));
    // A group of batch 3 that batch 0's unexplained rows went into says its links are partial.
    controller->selectBatch(3);
    const int written = writtenRow(window, QStringLiteral("ACC-0001"));
    QVERIFY(written >= 0);
    panelView(window, 2)->selectRow(written);
    QVERIFY2(window.whyView()->detailTexts().join(QLatin1Char('\n')).contains(QStringLiteral("Batch 0 had 5 rows")),
             qPrintable(window.whyView()->detailTexts().join(QLatin1Char('\n'))));
}

void TestWhyPane::memorySinkRowsTraceTheirBatch()
{
    // Lesson 06b (update, memory sink): a row of the memory table is the row some batch wrote.
    const Scenario scenario = readScenarioFile(lessonPath("06b-complete-vs-update-update").toStdString());
    MainWindow window;
    QVERIFY(showScenario(window, {1920, 1080}, lessonPath("06b-complete-vs-update-update")));
    const int steps = int(scenario.steps.size());
    QVERIFY(stepTriggers(*window.controller(), steps));
    const ExplainedRun engine = explainedRun(scenario, steps);
    auto *sinkView = window.findChild<QTableView *>(QStringLiteral("sinkTableView"));
    QVERIFY(sinkView && sinkView->isVisible());
    QVERIFY(window.sinkModel()->rowCount() > 0);
    const int last = window.controller()->numBatches() - 1;
    // The memory table's last row was written by the last batch that wrote rows.
    const int row = window.sinkModel()->rowCount() - 1;
    sinkView->selectRow(row);
    int writer = last;
    while (writer > 0 && engine.batches[size_t(writer)].numOutputRows == 0)
        --writer;
    const auto &table = *window.controller()->memoryTableAt(last);
    // The table's row the view shows there (the view shows it in the engine's display order).
    const auto tableRow = size_t(window.sinkModel()->index(row, 0).data(BatchTableModel::SourceRowRole).toLongLong());
    size_t group = SIZE_MAX;
    const BatchReport &w = engine.batches[size_t(writer)];
    for (size_t g = 0; g < w.resultTable.numRows && group == SIZE_MAX; ++g) {
        bool same = true;
        for (size_t c = 0; c < table.columns.size(); ++c)
            same = same && w.resultTable.get(g, c) == table.get(tableRow, c);
        if (same)
            group = g;
    }
    QVERIFY(group != SIZE_MAX);
    QCOMPARE(window.whyView()->whyText(), resultRowWhy(engine, size_t(writer), group));
    QVERIFY2(window.whyView()->subjectText().contains(QStringLiteral("written by batch %1").arg(w.batchId)),
             qPrintable(window.whyView()->subjectText()));
    QCOMPARE(ringedDots(window.timelineView()), contributors(engine, size_t(writer), group));
}

// `streamstep --steps 3 --why input:0` (for screenshots of the Why pane): after trigger 2 of
// lesson 04, input row 0 of batch 4 is ACC-0001 at 10:02, dropped as late; the pane says the
// engine's why for it. Bad --why values are refused with a message.
void TestWhyPane::commandLineExplainsARow()
{
    QString error;
    const auto options = CommandLine::parse({QStringLiteral("streamstep"), QStringLiteral("--why"), QStringLiteral("input:0")}, &error);
    QVERIFY2(options, qPrintable(error));
    QCOMPARE(options->whyPanel, 0);
    QCOMPARE(options->whyRow, 0);
    const auto written = CommandLine::parse({QStringLiteral("streamstep"), QStringLiteral("--why=written:12")}, &error);
    QVERIFY2(written, qPrintable(error));
    QCOMPARE(written->whyPanel, 2);
    QCOMPARE(written->whyRow, 12);
    QCOMPARE(CommandLine::parse({QStringLiteral("streamstep")}, &error)->whyPanel, -1);
    for (const char *bad : {"sink:0", "input", "input:-1", "input:x"}) {
        error.clear();
        QVERIFY2(!CommandLine::parse({QStringLiteral("streamstep"), QStringLiteral("--why"), QLatin1String(bad)}, &error), bad);
        QVERIFY2(error.contains(QLatin1String("--why")), qPrintable(error));
    }

    MainWindow window;
    QVERIFY(window.openScenario(lessonPath("04-windowed-totals-append")));
    QVERIFY(stepTriggers(*window.controller(), 3));
    QVERIFY(!window.selectStoryRow(0, 5)); // batch 4 has 5 rows: 0-4
    QVERIFY(!window.selectStoryRow(3, 0));
    QVERIFY(!window.whyView()->isShowingRow());
    QVERIFY(window.selectStoryRow(options->whyPanel, options->whyRow));
    QVERIFY(window.whyView()->isShowingRow());
    const ExplainedRun engine = explainedRun(m_lesson04, 3);
    QCOMPARE(engine.batches[4].inputFates[0], InputRowFate::DroppedByWatermark);
    QCOMPARE(window.whyView()->whyText(), inputRowWhy(engine, 4, 0));
    QVERIFY(window.whyView()->whyText().startsWith(QLatin1String("dropped as late")));
}

void TestWhyPane::screenshotsForAHumanLook_data()
{
    addColumns<QSize, int>("size", "panel");
    for (const QSize size : {QSize(1920, 1080), QSize(1280, 800)})
        for (int panel : {0, 2})
            QTest::addRow("%dx%d panel %d", size.width(), size.height(), panel) << size << panel;
}

// Lesson 04 after three triggers with a row explained, saved to $STREAMSTEP_SCREENSHOT_DIR
// (default <temp>/streamstep-presentation): the written window [10:05, 10:10) of ACC-0003 and the
// input row ACC-0003 at 10:08 that went into it.
void TestWhyPane::screenshotsForAHumanLook()
{
    QFETCH(QSize, size);
    QFETCH(int, panel);
    MainWindow window;
    QVERIFY(showExposed(window, size));
    QVERIFY(window.openScenario(lessonPath("04-windowed-totals-append")));
    QVERIFY(stepTriggers(*window.controller(), 3));
    panelView(window, panel)->selectRow(panel == 0 ? 1 : writtenRow(window, QStringLiteral("ACC-0003")));
    QVERIFY(window.whyView()->isShowingRow());
    QVERIFY(!window.whyView()->detailTexts().isEmpty());
    const QString dir = screenshotDir();
    QVERIFY(window.grab().save(QStringLiteral("%1/why-%2-%3x%4.png").arg(dir, panel == 0 ? QStringLiteral("input") : QStringLiteral("written"))
                                   .arg(size.width()).arg(size.height())));
}

QTEST_MAIN(TestWhyPane)
#include "tst_why_pane.moc"
