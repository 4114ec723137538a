// Tests that a long run keeps the app's memory bounded (issue 13): stepping 10,000 triggers in the
// app's model (RunController) keeps only the latest RunController::kReportsKeptInFull batch
// reports in full and the older ones as the engine's summaries, with the numbers unchanged, and
// RSS stays bounded; selecting an old batch re-runs to it and gives the rows a fresh run gives
// for that batch. In the main window a shorter long run shows the same: its Batches table holds
// the summaries (letting go of the full reports) and an old batch selected shows a fresh run's
// rows in the input panel.
#include "../under_sanitizers.h"
#include "batch_list_model.h"
#include "main_window.h"
#include "run_controller.h"

#include "streamstep/engine.h"
#include "streamstep/scenario.h"
#include "streamstep/transaction_generator.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QFile>
#include <QTableView>
#include <QtTest>

#include <cstdio>

using namespace streamstep;

namespace {

constexpr int kTriggers = 10'000;

// Lesson 04's windowed totals (append, 10-minute watermark, console sink) over generated
// transactions: 8 rows a trigger, event time a minute further each trigger, some late rows.
Scenario longScenario()
{
    Scenario scenario = readScenarioFile(STREAMSTEP_SOURCE_DIR "/scenarios/04-windowed-totals-append.scenario.json");
    scenario.expect.clear();
    scenario.steps.clear();
    TransactionGeneratorOptions o;
    o.seed = 13;
    o.numRows = 8;
    o.numAccounts = 20;
    o.eventTimeSpanMicros = 60'000'000;
    o.jitterMicros = 30'000'000;
    o.lateFraction = 0.05;
    TransactionGenerator generator(o);
    for (int i = 0; i < kTriggers; ++i) {
        Step step;
        step.rows = generator.next(8);
        scenario.steps.push_back(std::move(step));
    }
    return scenario;
}

// Resident set size of this process, in KiB (Linux).
long rssKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').front().toLong();
    return -1;
}

std::vector<std::vector<Value>> rowsOf(const ColumnBatch &batch)
{
    std::vector<std::vector<Value>> rows(batch.numRows);
    for (size_t r = 0; r < batch.numRows; ++r)
        for (size_t c = 0; c < batch.columns.size(); ++c)
            rows[r].push_back(batch.get(r, c));
    return rows;
}

// The reports of trigger `step` in a fresh run of the scenario, as the app runs it (explained).
std::vector<BatchReport> freshReportsOf(const Scenario &scenario, int step)
{
    Run run(Query::compile(scenario));
    run.setExplain(true);
    std::vector<BatchReport> reports;
    for (int i = 0; i <= step; ++i)
        reports = run.step(scenario.steps[size_t(i)].rows, i, triggerTimeMicros(scenario.steps, size_t(i)));
    return reports;
}

} // namespace

class TestLongRun : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void steppingTenThousandTriggersKeepsMemoryBounded();
    void selectingAnOldBatchGivesTheRowsOfAFreshRun();
    void theWindowShowsAnOldBatchAsAFreshRun();

private:
    Scenario m_scenario;
    RunController m_controller;
};

void TestLongRun::initTestCase()
{
    m_scenario = longScenario();
    m_controller.setScenario(m_scenario);
}

void TestLongRun::steppingTenThousandTriggersKeepsMemoryBounded()
{
    RunController *controller = &m_controller;
    QElapsedTimer clock;
    clock.start();
    long rssAt1000 = 0;
    int batchesAt1000 = 0;
    long peakFull = 0;
    std::vector<std::pair<int, long>> samples;
    QSignalSpy replaced(controller, &RunController::reportsReplaced);
    for (int i = 0; i < kTriggers; ++i) {
        QVERIFY2(controller->step(), qPrintable(QStringLiteral("trigger %1 did not run").arg(i)));
        QVERIFY(controller->waitForIdle(60'000));
        peakFull = std::max<long>(peakFull, controller->numReportsInFull());
        if ((i + 1) % 1000 == 0) {
            samples.emplace_back(i + 1, rssKiB());
            if (i + 1 == 1000) {
                rssAt1000 = samples.back().second;
                batchesAt1000 = controller->numBatches();
            }
        }
    }
    const long rssAtEnd = rssKiB();
    QCOMPARE(controller->nextStep(), kTriggers);
    QVERIFY(controller->numBatches() > kTriggers); // data batches and no-data batches
    QVERIFY2(peakFull <= RunController::kReportsKeptInFull, qPrintable(QString::number(peakFull)));
    QCOMPARE(controller->numReportsInFull(), RunController::kReportsKeptInFull);
    const auto &reports = controller->reports();
    for (int i = 0; i < controller->numBatches(); ++i)
        QCOMPARE(reports[size_t(i)]->summarized, i < controller->numBatches() - RunController::kReportsKeptInFull);
    QVERIFY(!replaced.isEmpty()); // the views were told
    // The console shows the latest batches only.
    const QString console = controller->consoleTextUpTo(controller->numBatches() - 1);
    QVERIFY(console.contains(QStringLiteral("Batch: %1\n").arg(reports.back()->batchId)));
    QVERIFY(!console.contains(QStringLiteral("Batch: %1\n").arg(reports.back()->batchId - RunController::kConsoleBatchesShown)));
    QString figures;
    for (const auto &[trigger, rss] : samples)
        figures += QStringLiteral(" %1:%2").arg(trigger).arg(rss / 1024);
    std::printf("long run: %d triggers, %d batches, %d kept in full, %.1f s; RSS MiB after triggers%s\n", kTriggers,
                controller->numBatches(), controller->numReportsInFull(), double(clock.elapsed()) / 1000, qPrintable(figures));
    // Bounded: a batch past the first 1,000 triggers adds its summary only (its numbers, the
    // console text and the rows it wrote: measured about 4 KiB), at most 6 KiB a batch; full
    // reports of every batch would hold every input row and a result table each.
    const double kibPerBatch = double(rssAtEnd - rssAt1000) / (controller->numBatches() - batchesAt1000);
    std::printf("long run: %.2f KiB of RSS a batch after trigger 1,000\n", kibPerBatch);
    if (!streamstep::testing::kUnderSanitizers) {
        // (AddressSanitizer's quarantine holds freed memory for a while: the figure means something
        // only without it.)
        QVERIFY2(kibPerBatch <= 6,
                 qPrintable(QStringLiteral("RSS grew from %1 KiB to %2 KiB").arg(rssAt1000).arg(rssAtEnd)));
    }
}

// Compares the batch shown with the same batch of a fresh run.
void compareWithFreshRun(const Scenario &scenario, const BatchReport &shown)
{
    bool found = false;
    for (const BatchReport &fresh : freshReportsOf(scenario, shown.step)) {
        if (fresh.batchId != shown.batchId)
            continue;
        found = true;
        QVERIFY(rowsOf(shown.input) == rowsOf(fresh.input));
        QVERIFY(shown.inputFates == fresh.inputFates);
        QCOMPARE(shown.inputFacts.size(), fresh.inputFacts.size());
        QVERIFY(rowsOf(shown.emitted) == rowsOf(fresh.emitted));
        QVERIFY(rowsOf(shown.resultTable) == rowsOf(fresh.resultTable));
        QVERIFY(shown.resultStatuses == fresh.resultStatuses);
        QCOMPARE(shown.sinkText, fresh.sinkText);
        QCOMPARE(shown.watermarkMs, fresh.watermarkMs);
        QCOMPARE(shown.stateRows, fresh.stateRows);
    }
    QVERIFY(found);
}

void TestLongRun::selectingAnOldBatchGivesTheRowsOfAFreshRun()
{
    RunController *controller = &m_controller;
    QVERIFY(controller->numBatches() > kTriggers);
    // Batches before, at and after the replay checkpoints (every kReplayCheckpointInterval
    // triggers), one of them twice, the second time from a checkpoint.
    for (int batch : {37, 7'001, 7'650, 7'001, 1'000}) {
        const std::shared_ptr<const BatchReport> summary = controller->reports()[size_t(batch)];
        QVERIFY(summary->summarized);
        QElapsedTimer clock;
        clock.start();
        controller->selectBatch(batch);
        std::printf("restoring batch %d (trigger %d) took %lld ms, %d replay checkpoints\n", batch, summary->step,
                    qint64(clock.elapsed()), controller->numReplayCheckpoints());
        QCOMPARE(controller->currentBatch(), batch);
        QVERIFY(controller->numReportsInFull() <= RunController::kReportsKeptInFull);
        const BatchReport &shown = *controller->reports()[size_t(batch)];
        QVERIFY(!shown.summarized);
        QCOMPARE(shown.batchId, summary->batchId);
        QCOMPARE(shown.numInputRows, summary->numInputRows);
        QCOMPARE(shown.durationMs, summary->durationMs);
        compareWithFreshRun(m_scenario, shown);
        if (QTest::currentTestFailed())
            return;
    }
    QVERIFY(controller->numReplayCheckpoints() > 0);
    // The newest batch was never summarised.
    controller->selectBatch(controller->numBatches() - 1);
    QVERIFY(!controller->reports().back()->summarized);
}

void TestLongRun::theWindowShowsAnOldBatchAsAFreshRun()
{
    Scenario scenario = m_scenario;
    scenario.steps.resize(60); // 120 batches: more than kept in full
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    RunController *controller = window.controller();
    controller->setScenario(scenario);
    std::weak_ptr<const BatchReport> firstInFull;
    for (int i = 0; i < 60; ++i) {
        QVERIFY(controller->step());
        QVERIFY(controller->waitForIdle(60'000));
        if (i == 0)
            firstInFull = controller->reports().front();
    }
    QCOMPARE(controller->numReportsInFull(), RunController::kReportsKeptInFull);
    // The Batches table holds every batch, as the controller's summaries: the full reports are
    // let go.
    const BatchListModel *batches = window.batchModel();
    QCOMPARE(batches->rowCount(), controller->numBatches());
    for (int i = 0; i < controller->numBatches(); ++i)
        QCOMPARE(batches->report(i), controller->reports()[size_t(i)]);
    QVERIFY(controller->reports().front()->summarized);
    QVERIFY(firstInFull.expired()); // no view holds the first batch's full report any more

    // Selecting an old batch in the Batches table shows it in full.
    const int batch = 5;
    window.batchesView()->selectRow(batch);
    QTRY_COMPARE(controller->currentBatch(), batch);
    const BatchReport &shown = *controller->reports()[size_t(batch)];
    QVERIFY(!shown.summarized);
    compareWithFreshRun(scenario, shown);
    if (QTest::currentTestFailed())
        return;
    // The input panel shows the data batch of its trigger, as a fresh run has it.
    const std::vector<BatchReport> fresh = freshReportsOf(scenario, shown.step);
    QVERIFY(!fresh.empty());
    QCOMPARE(window.inputModel()->rowCount(), int(fresh.front().input.numRows));
    QVERIFY(window.inputModel()->rowCount() > 0);
    QCOMPARE(batches->report(batch), controller->reports()[size_t(batch)]);
}

QTEST_MAIN(TestLongRun)
#include "tst_long_run.moc"
