// Tests that the window survives a batch that fails mid-way (issue 13): with Spark 4.2's ANSI mode
// a division by zero in the third trigger stops the query; the panels keep showing the last good
// batch, the error is shown in Spark's words, the unsaved query edit stays (undo stack, modified
// mark, the edited scenario), and no later step runs. Both ways a step runs: at once (lesson
// sized) and on the worker thread.
#include "batch_list_model.h"
#include "batch_table_model.h"
#include "main_window.h"
#include "run_controller.h"

#include "streamstep/scenario.h"

#include <QLabel>
#include <QSignalSpy>
#include <QStatusBar>
#include <QUndoStack>
#include <QtTest>

using namespace streamstep;

namespace {

constexpr const char *kCondition = "amount / (amount - 5.00) > 0";

// Lesson 01 with a third trigger whose second row has amount 5.00.
Scenario failingScenario()
{
    Scenario scenario = readScenarioFile(STREAMSTEP_SOURCE_DIR "/scenarios/01-high-value-filter.scenario.json");
    scenario.expect.clear();
    Step third;
    third.rows = ColumnBatch::empty(scenario.steps.front().rows.schema);
    const ColumnBatch &first = scenario.steps.front().rows;
    third.rows.appendRow({first.get(0, 0), first.get(0, 1), first.get(2, 2), first.get(0, 3)});
    third.rows.appendRow({first.get(1, 0), first.get(1, 1), Value::decimal(500, 12, 2), first.get(1, 3)});
    scenario.steps.push_back(std::move(third));
    return scenario;
}

} // namespace

class TestBatchFailure : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aFailingBatchKeepsTheLastGoodOne_data();
    void aFailingBatchKeepsTheLastGoodOne();
};

void TestBatchFailure::aFailingBatchKeepsTheLastGoodOne_data()
{
    QTest::addColumn<bool>("background");
    QTest::newRow("at once") << false;
    QTest::newRow("on the worker") << true;
}

void TestBatchFailure::aFailingBatchKeepsTheLastGoodOne()
{
    QFETCH(bool, background);
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    RunController *controller = window.controller();
    controller->setScenario(failingScenario());
    if (background)
        controller->setSynchronousLimit(0);
    // The unsaved edit: Spark 4.2 (ANSI mode) and a condition that divides.
    QuerySpec spec = QuerySpec::fromScenario(controller->scenario());
    spec.ops.front().condition.text = kCondition;
    spec.sparkVersion = SparkVersion::Spark42;
    spec.hasSparkVersion = true;
    window.editQuery(spec, QStringLiteral("divide"));
    QVERIFY(controller->isValid());
    QVERIFY(window.isWindowModified());

    QSignalSpy failed(controller, &RunController::errorOccurred);
    for (int i = 0; i < 2; ++i) {
        QVERIFY(controller->step());
        QVERIFY(controller->waitForIdle(60'000));
    }
    QCOMPARE(failed.count(), 0);
    const int good = controller->numBatches() - 1;
    QVERIFY(good >= 1);
    const std::shared_ptr<const BatchReport> lastGood = controller->reports().back();
    QCOMPARE(lastGood->step, 1);
    const int inputRows = window.inputModel()->rowCount();
    QVERIFY(inputRows > 0);

    // The third trigger fails.
    controller->step();
    QVERIFY(controller->waitForIdle(60'000));
    QTRY_COMPARE(failed.count(), 1);
    const QString error = failed.front().front().toString();
    QVERIFY2(error.contains(QStringLiteral("[DIVIDE_BY_ZERO]")), qPrintable(error));
    // The last good batch stays, shown.
    QCOMPARE(controller->numBatches(), good + 1);
    QCOMPARE(controller->reports().back(), lastGood);
    QCOMPARE(controller->currentBatch(), good);
    QCOMPARE(window.inputModel()->rowCount(), inputRows);
    QCOMPARE(window.batchModel()->rowCount(), good + 1);
    // The error is shown, and nothing steps on.
    QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("[DIVIDE_BY_ZERO]")),
             qPrintable(window.statusBar()->currentMessage()));
    QVERIFY(!controller->canStep());
    QVERIFY(!controller->step());
    QVERIFY(!window.stepAction()->isEnabled());
    // The unsaved edit is kept.
    QVERIFY(window.isWindowModified());
    QCOMPARE(window.undoStack()->count(), 1);
    QCOMPARE(controller->scenario().query.front().condition.text, std::string(kCondition));
    QCOMPARE(controller->scenario().sparkVersion, SparkVersion::Spark42);
    // Looking at an earlier batch still works.
    controller->selectBatch(0);
    QCOMPARE(controller->currentBatch(), 0);
    QVERIFY(window.inputModel()->rowCount() > 0);
}

QTEST_MAIN(TestBatchFailure)
#include "tst_batch_failure.moc"
