// Tests ModeComparisonModel (under QAbstractItemModelTester): one row per trigger, and per mode
// the rows written in it and the rows in state after it, equal to a run of the query in that mode
// alone; a mode Spark rejects has no figures and its AnalysisException; the chart draws what the
// model holds, one line per mode that runs.
#include "mode_comparison_chart.h"
#include "mode_comparison_model.h"

#include "streamstep/compare.h"
#include "streamstep/scenario.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QLineSeries>
#include <QtTest>

using namespace streamstep;

namespace {

Scenario lesson(const char *name)
{
    return readScenarioFile(std::string(STREAMSTEP_SOURCE_DIR "/scenarios/") + name + ".scenario.json");
}

std::shared_ptr<const std::vector<ModeRun>> compared(const Scenario &scenario)
{
    return std::make_shared<const std::vector<ModeRun>>(compareOutputModes(scenario));
}

} // namespace

class TestModeComparisonModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void figuresEqualSeparateRuns_data();
    void figuresEqualSeparateRuns();
    void aRejectedModeHasNoFigures();
    void theCommonMistakeShows();
    void chartReadsTheModel();
};

void TestModeComparisonModel::figuresEqualSeparateRuns_data()
{
    QTest::addColumn<QString>("lesson");
    for (const char *name : {"02-branch-totals-complete", "03-account-counts-update", "04-windowed-totals-append",
                             "06a-complete-vs-update-complete"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestModeComparisonModel::figuresEqualSeparateRuns()
{
    QFETCH(QString, lesson);
    const Scenario scenario = ::lesson(qPrintable(lesson));
    ModeComparisonModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.setRuns(compared(scenario), int(scenario.steps.size()));
    QCOMPARE(model.rowCount(), int(scenario.steps.size()));
    QCOMPARE(model.columnCount(), ModeComparisonModel::column(ModeComparisonModel::Column::Count));
    for (OutputMode mode : ModeComparisonModel::kModes) {
        Scenario alone = scenario;
        alone.outputMode = mode;
        std::vector<BatchReport> reports;
        try {
            reports = runScenario(alone);
        } catch (const Error &e) {
            QCOMPARE(model.rejection(mode), QStringLiteral("AnalysisException: ") + QString::fromStdString(e.message()));
            continue;
        }
        QVERIFY(model.rejection(mode).isEmpty());
        QCOMPARE(model.reports(mode).size(), reports.size());
        for (int trigger = 0; trigger < model.rowCount(); ++trigger) {
            qint64 written = 0;
            qint64 state = -1;
            int first = -1;
            int last = -1;
            for (size_t i = 0; i < reports.size(); ++i) {
                if (reports[i].step == trigger) {
                    written += reports[i].numOutputRows;
                    first = first < 0 ? int(i) : first;
                    last = int(i);
                }
                if (reports[i].step <= trigger)
                    state = reports[i].stateRows;
            }
            QCOMPARE(model.index(trigger, 0).data().toInt(), trigger);
            QCOMPARE(model.index(trigger, ModeComparisonModel::writtenColumn(mode)).data().toLongLong(), written);
            QCOMPARE(model.index(trigger, ModeComparisonModel::stateColumn(mode)).data(ModeComparisonModel::ValueRole).toLongLong(), state);
            QCOMPARE(model.batchesOfTrigger(mode, trigger), std::make_pair(first, last));
            for (int i = first; i >= 0 && i <= last; ++i)
                QCOMPARE(model.reports(mode)[size_t(i)]->batchId, reports[size_t(i)].batchId);
        }
    }
    model.clear();
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(model.isEmpty());
}

void TestModeComparisonModel::aRejectedModeHasNoFigures()
{
    // Lesson 05a filters without aggregating: complete mode is rejected, the others run.
    const Scenario scenario = lesson("05a-complete-on-filter");
    ModeComparisonModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRuns(compared(scenario), int(scenario.steps.size()));
    QCOMPARE(model.rejection(OutputMode::Complete),
             QStringLiteral("AnalysisException: Complete output mode not supported when there are no streaming aggregations "
                            "on streaming DataFrames/Datasets"));
    QVERIFY(model.rejection(OutputMode::Append).isEmpty());
    for (int trigger = 0; trigger < model.rowCount(); ++trigger) {
        QVERIFY(!model.index(trigger, ModeComparisonModel::writtenColumn(OutputMode::Complete)).data().isValid());
        QCOMPARE(model.index(trigger, ModeComparisonModel::writtenColumn(OutputMode::Complete)).data(Qt::ToolTipRole).toString(),
                 model.rejection(OutputMode::Complete));
        QVERIFY(model.index(trigger, ModeComparisonModel::writtenColumn(OutputMode::Append)).data().isValid());
    }
    QCOMPARE(model.batchesOfTrigger(OutputMode::Complete, 0), std::make_pair(-1, -1));
    QCOMPARE(model.stateRowsAfter(OutputMode::Complete, 0), int64_t(-1));
}

void TestModeComparisonModel::theCommonMistakeShows()
{
    // The seed's lesson on lesson 06's data: complete rewrites every group each trigger, update
    // writes only the groups the trigger changed, and both keep every group in state.
    const Scenario scenario = lesson("06a-complete-vs-update-complete");
    ModeComparisonModel model;
    model.setRuns(compared(scenario), int(scenario.steps.size()));
    for (int trigger = 1; trigger < model.rowCount(); ++trigger) {
        QVERIFY(model.rowsWritten(OutputMode::Complete, trigger) >= model.rowsWritten(OutputMode::Update, trigger));
        QCOMPARE(model.rowsWritten(OutputMode::Complete, trigger), model.stateRowsAfter(OutputMode::Complete, trigger));
    }
    QVERIFY(model.rowsWritten(OutputMode::Complete, model.rowCount() - 1) > model.rowsWritten(OutputMode::Update, model.rowCount() - 1));
}

void TestModeComparisonModel::chartReadsTheModel()
{
    const Scenario scenario = lesson("05a-complete-on-filter");
    ModeComparisonModel model;
    ModeComparisonChart chart(&model);
    model.setRuns(compared(scenario), int(scenario.steps.size()));
    for (OutputMode mode : {OutputMode::Append, OutputMode::Update}) {
        for (int c = 0; c < 2; ++c) {
            QLineSeries *line = chart.series(c, mode);
            QVERIFY(line->isVisible());
            QCOMPARE(line->count(), model.rowCount());
            const int column = c == 0 ? ModeComparisonModel::writtenColumn(mode) : ModeComparisonModel::stateColumn(mode);
            for (int t = 0; t < model.rowCount(); ++t)
                QCOMPARE(line->at(t), QPointF(t, model.index(t, column).data().toDouble()));
        }
    }
    QVERIFY(!chart.series(0, OutputMode::Complete)->isVisible());
    QVERIFY(chart.legendEntry(0, OutputMode::Complete)->text().contains(QStringLiteral("rejected")));
    QCOMPARE(chart.legendEntry(0, OutputMode::Update)->text(), QStringLiteral("update"));
}

QTEST_MAIN(TestModeComparisonModel)
#include "tst_mode_comparison_model.moc"
