// Tests BatchListModel: one row per BatchReport with the per-batch figures, appended with proper
// begin/end notifications, under QAbstractItemModelTester; the figures equal the engine's reports
// and the Global Watermark Gap is computed as Spark's StreamingQueryStatisticsPage does.
#include "../engine/test_columns.h"
#include "batch_list_model.h"
#include "lesson_reports.h"

#include "streamstep/engine.h"
#include "streamstep/scenario.h"
#include "streamstep/value_format.h"

#include <QFile>

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using namespace streamstep;
using streamstep::testing::addColumns;

namespace {

std::shared_ptr<const BatchReport> report(int64_t batchId, int step, bool noData, int64_t input, int64_t emitted,
                                          int64_t state, int64_t updated, int64_t dropped, bool watermark)
{
    auto r = std::make_shared<BatchReport>();
    r->batchId = batchId;
    r->step = step;
    r->noData = noData;
    r->numInputRows = input;
    r->numOutputRows = emitted;
    r->stateRows = state;
    r->stateRowsUpdated = updated;
    r->numRowsDroppedByWatermark = dropped;
    r->hasWatermark = watermark;
    r->watermarkMs = *parseTimestamp("2026-03-01 10:07:30") / 1000;
    r->watermarkOrigin.setByBatch = 0; // a batch's max event time set it (not the initial epoch)
    if (!noData)
        r->eventTime = EventTimeStats{*parseTimestamp("2026-03-01 10:02:00") / 1000,
                                      *parseTimestamp("2026-03-01 10:21:00") / 1000, 0, input};
    return r;
}

using streamstep::testing::reportsOfFile;

int64_t ms(const char *timestamp)
{
    return *parseTimestamp(timestamp) / 1000;
}

// A windowed count whose steps carry processing times, as a live query's trigger clock would.
const char *kTimedScenario = R"J({
  "format": "streamstep-scenario", "version": 1, "title": "gap",
  "source": {"name": "t", "schema": [{"name": "accountId", "type": "string"},
                                    {"name": "eventTime", "type": "timestamp"}]},
  "query": [{"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
            {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')"], "aggs": ["count(*) AS n"]}],
  "outputMode": "append",
  "sink": {"format": "console", "options": {}},
  "steps": [
    {"processingTime": "2026-03-01 10:20:00",
     "rows": [["A", "2026-03-01 10:01:00"], ["B", "2026-03-01 10:12:00"]]},
    {"processingTime": "2026-03-01 10:30:00.250",
     "rows": [["A", "2026-03-01 10:25:00"], ["C", "2026-03-01 10:03:00"]]}
  ]
})J";

} // namespace

class TestBatchListModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void appendAndRead();
    void noWatermark();
    void clear();
    void globalWatermarkGap_data();
    void globalWatermarkGap();
    void noGapOnTheManualClock();
    void gapOfATimedScenario();
    void figuresEqualTheEngineReports_data();
    void figuresEqualTheEngineReports();
    void sparkNames();
};

void TestBatchListModel::appendAndRead()
{
    BatchListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    model.appendReports({report(0, 0, false, 5, 0, 4, 4, 0, true)});
    model.appendReports({report(1, 1, false, 4, 0, 4, 4, 0, true), report(2, 1, true, 0, 2, 2, 0, 0, true)});
    model.appendReports({});
    QCOMPARE(inserted.count(), 2);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), int(BatchListModel::Column::Count));

    using C = BatchListModel::Column;
    const auto cell = [&](int row, C column, int role = Qt::DisplayRole) {
        return model.index(row, BatchListModel::column(column)).data(role);
    };
    QCOMPARE(cell(1, C::BatchId).toLongLong(), 1);
    QCOMPARE(cell(2, C::Step).toInt(), 1);
    QCOMPARE(cell(2, C::NoData).toString(), QStringLiteral("no-data"));
    QCOMPARE(cell(1, C::NoData).toString(), QStringLiteral("data"));
    QVERIFY(cell(1, C::Step, Qt::ToolTipRole).toString().contains(QStringLiteral("no-data batch")));
    QVERIFY(cell(2, C::NoData, BatchListModel::ValueRole).toBool());
    QCOMPARE(cell(0, C::InputRows).toLongLong(), 5);
    QCOMPARE(cell(2, C::EmittedRows).toLongLong(), 2);
    QCOMPARE(cell(2, C::StateRows).toLongLong(), 2);
    QCOMPARE(cell(1, C::StateRowsUpdated).toLongLong(), 4);
    QCOMPARE(cell(0, C::DroppedByWatermark).toLongLong(), 0);
    QCOMPARE(cell(0, C::Watermark).toString(), QStringLiteral("10:07:30"));
    QCOMPARE(cell(0, C::EventTimeMax).toString(), QStringLiteral("10:21:00"));
    QCOMPARE(cell(0, C::Watermark, BatchListModel::ValueRole).toLongLong(), *parseTimestamp("2026-03-01 10:07:30") / 1000);
    QVERIFY(!cell(2, C::EventTimeMax, BatchListModel::ValueRole).isValid());
    QVERIFY(!cell(2, C::NoData, Qt::ToolTipRole).toString().isEmpty());
    QVERIFY(cell(0, C::InputRows, Qt::TextAlignmentRole).value<Qt::Alignment>() & Qt::AlignRight);
    for (int c = 0; c < model.columnCount(); ++c)
        QVERIFY(!model.headerData(c, Qt::Horizontal, Qt::DisplayRole).toString().isEmpty());
    QCOMPARE(model.headerData(BatchListModel::column(C::StateRows), Qt::Horizontal, Qt::ToolTipRole).toString(),
             QStringLiteral("Aggregated Number Of Total State Rows"));
}

void TestBatchListModel::noWatermark()
{
    BatchListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.appendReports({report(0, 0, false, 3, 1, 0, 0, 0, false)});
    const QModelIndex watermark = model.index(0, BatchListModel::column(BatchListModel::Column::Watermark));
    QCOMPARE(watermark.data().toString(), QStringLiteral("none"));
    QVERIFY(!watermark.data(BatchListModel::ValueRole).isValid());
    // A watermark still at the epoch (no event time seen yet) is not a time of day.
    auto initial = std::make_shared<BatchReport>(*model.report(0));
    initial->batchId = 1;
    initial->hasWatermark = true;
    initial->watermarkMs = 0;
    initial->watermarkOrigin = WatermarkOrigin{};
    model.appendReports({initial});
    const QModelIndex epoch = model.index(1, BatchListModel::column(BatchListModel::Column::Watermark));
    QCOMPARE(epoch.data().toString(), QStringLiteral("none yet"));
    QCOMPARE(epoch.data(BatchListModel::ValueRole).toLongLong(), 0);
}

void TestBatchListModel::clear()
{
    BatchListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.appendReports({report(0, 0, false, 3, 1, 0, 0, 0, false)});
    model.clear();
    QCOMPARE(model.rowCount(), 0);
    model.clear();
    model.appendReports({report(0, 0, false, 3, 1, 0, 0, 0, false)});
    QCOMPARE(model.rowCount(), 1);
}

void TestBatchListModel::globalWatermarkGap_data()
{
    addColumns<bool, qint64, qint64, bool, double>("hasWatermark", "triggerMicros", "watermarkMs", "hasGap", "seconds");
    const qint64 noon = ms("2026-03-01 12:00:00");
    QTest::newRow("no watermark") << false << qint64(noon * 1000) << qint64(0) << false << 0.0;
    // Spark: `if (watermarkValue > 0L)` — a watermark still at the epoch gets no point.
    QTest::newRow("watermark at the epoch") << true << qint64(noon * 1000) << qint64(0) << false << 0.0;
    QTest::newRow("watermark before the epoch") << true << qint64(noon * 1000) << qint64(-5) << false << 0.0;
    QTest::newRow("14 minutes behind") << true << qint64(noon * 1000) << qint64(ms("2026-03-01 11:46:00")) << true << 840.0;
    QTest::newRow("milliseconds kept") << true << qint64(noon * 1000 + 250'000) << qint64(ms("2026-03-01 11:59:59.5"))
                                       << true << 0.75;
    // progress.timestamp has millisecond precision: the trigger's microseconds are truncated.
    QTest::newRow("microseconds truncated") << true << qint64(noon * 1000 + 999) << qint64(noon - 1000) << true << 1.0;
    QTest::newRow("trigger before the watermark") << true << qint64(1'000'000) << qint64(61'000) << true << -60.0;
    QTest::newRow("negative trigger micros floor") << true << qint64(-1) << qint64(1) << true << -0.002;
}

void TestBatchListModel::globalWatermarkGap()
{
    QFETCH(bool, hasWatermark);
    QFETCH(qint64, triggerMicros);
    QFETCH(qint64, watermarkMs);
    QFETCH(bool, hasGap);
    QFETCH(double, seconds);
    auto r = std::make_shared<BatchReport>();
    r->hasWatermark = hasWatermark;
    r->triggerTimeMicros = triggerMicros;
    r->watermarkMs = watermarkMs;
    r->durationMs = 1.25;
    const std::optional<double> gap = BatchListModel::globalWatermarkGapSeconds(*r);
    QCOMPARE(gap.has_value(), hasGap);
    BatchListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.appendReports({r});
    const QModelIndex cell = model.index(0, BatchListModel::column(BatchListModel::Column::GlobalWatermarkGap));
    QCOMPARE(cell.data(BatchListModel::ValueRole).isValid(), hasGap);
    QCOMPARE(cell.data(Qt::DisplayRole).isValid(), hasGap);
    if (hasGap) {
        QCOMPARE(*gap, seconds);
        QCOMPARE(cell.data(BatchListModel::ValueRole).toDouble(), seconds);
        QCOMPARE(cell.data(Qt::DisplayRole).toDouble(), seconds); // QVXYModelMapper reads this role
    } else if (hasWatermark) {
        QVERIFY(!cell.data(Qt::ToolTipRole).toString().isEmpty()); // why there is no point
    }
    const QModelIndex duration = model.index(0, BatchListModel::column(BatchListModel::Column::BatchDuration));
    QCOMPARE(duration.data(Qt::DisplayRole).toDouble(), 1.25);
}

void TestBatchListModel::noGapOnTheManualClock()
{
    // Lesson 04 has no processingTime: its triggers run at 0 s, 1 s, … after 1970, the
    // watermark in 2026; Spark's formula would give about -1.77e9 s.
    const auto reports = reportsOfFile(QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/04-windowed-totals-append.scenario.json"));
    QVERIFY(!reports.empty());
    BatchListModel model;
    model.appendReports(reports);
    int moved = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
        const BatchReport &r = *reports[size_t(row)];
        QVERIFY(r.manualClock);
        QVERIFY(!BatchListModel::globalWatermarkGapSeconds(r));
        const QModelIndex cell = model.index(row, BatchListModel::column(BatchListModel::Column::GlobalWatermarkGap));
        QVERIFY(!cell.data(BatchListModel::ValueRole).isValid());
        if (r.watermarkMs > 0) {
            ++moved;
            QVERIFY2(cell.data(Qt::ToolTipRole).toString().contains(QStringLiteral("manual clock")),
                     qPrintable(cell.data(Qt::ToolTipRole).toString()));
        }
    }
    QVERIFY(moved > 0);
    // The same report on a real clock has its (negative) gap.
    BatchReport timed = *reports.back();
    timed.manualClock = false;
    QVERIFY(BatchListModel::globalWatermarkGapSeconds(timed).value_or(0) < -1e9);
}

void TestBatchListModel::gapOfATimedScenario()
{
    const Scenario scenario = parseScenario(kTimedScenario);
    std::vector<std::shared_ptr<const BatchReport>> reports;
    Run run(Query::compile(scenario));
    for (size_t s = 0; s < scenario.steps.size(); ++s)
        for (BatchReport &r : run.step(scenario.steps[s].rows, int(s), scenario.steps[s].processingTimeMicros))
            reports.push_back(std::make_shared<const BatchReport>(std::move(r)));
    // Batch 0 (watermark at the epoch), its no-data batch 1 (watermark 10:02), batch 2 of
    // step 1 (watermark still 10:02), its no-data batch 3 (watermark 10:15).
    QCOMPARE(reports.size(), size_t(4));
    BatchListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.appendReports(reports);
    const auto gap = [&](int row) {
        return model.index(row, BatchListModel::column(BatchListModel::Column::GlobalWatermarkGap)).data(BatchListModel::ValueRole);
    };
    QVERIFY(!gap(0).isValid());
    QCOMPARE(reports[1]->watermarkMs, ms("2026-03-01 10:02:00"));
    QCOMPARE(gap(1).toDouble(), 1080.0);   // 10:20:00 − 10:02:00
    QCOMPARE(gap(2).toDouble(), 1680.25);  // 10:30:00.250 − 10:02:00
    QCOMPARE(reports[3]->watermarkMs, ms("2026-03-01 10:15:00"));
    QCOMPARE(gap(3).toDouble(), 900.25);   // 10:30:00.250 − 10:15:00
}

void TestBatchListModel::figuresEqualTheEngineReports_data()
{
    QTest::addColumn<QString>("path");
    for (const char *name : {"02-branch-totals-complete", "03-account-counts-update", "04-windowed-totals-append",
                             "06b-complete-vs-update-update"})
        QTest::newRow(name) << QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/%1.scenario.json").arg(QLatin1String(name));
}

void TestBatchListModel::figuresEqualTheEngineReports()
{
    QFETCH(QString, path);
    const auto reports = reportsOfFile(path);
    QVERIFY(!reports.empty());
    BatchListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.appendReports(reports);
    QCOMPARE(model.rowCount(), int(reports.size()));

    using C = BatchListModel::Column;
    for (int row = 0; row < model.rowCount(); ++row) {
        const BatchReport &r = *reports[size_t(row)];
        const auto value = [&](C column) { return model.index(row, BatchListModel::column(column)).data(); };
        QCOMPARE(value(C::BatchId).toLongLong(), r.batchId);
        QCOMPARE(value(C::InputRows).toLongLong(), r.numInputRows);
        QCOMPARE(value(C::EmittedRows).toLongLong(), r.numOutputRows);
        QCOMPARE(value(C::EmittedRows).toLongLong(), qint64(r.emitted.numRows));
        // Spark sums the state operators' numbers for the "Aggregated Number Of …" charts.
        int64_t total = 0, updated = 0, dropped = 0;
        for (const StateOperatorReport &op : r.stateOperators) {
            total += op.numRowsTotal;
            updated += op.numRowsUpdated;
            dropped += op.numRowsDroppedByWatermark;
        }
        QCOMPARE(value(C::StateRows).toLongLong(), total);
        QCOMPARE(value(C::StateRowsUpdated).toLongLong(), updated);
        QCOMPARE(value(C::DroppedByWatermark).toLongLong(), dropped);
        QCOMPARE(value(C::BatchDuration).toDouble(), r.durationMs);
        // (batch timestamp − watermark) / 1000, only for a watermark > 0 and a lesson's clock.
        const QVariant gap = value(C::GlobalWatermarkGap);
        if (r.hasWatermark && r.watermarkMs > 0 && !r.manualClock) {
            const int64_t timestampMs = r.triggerTimeMicros >= 0 ? r.triggerTimeMicros / 1000
                                                                  : -((-r.triggerTimeMicros + 999) / 1000);
            QCOMPARE(gap.toDouble(), double(timestampMs - r.watermarkMs) / 1000.0);
        } else {
            QVERIFY(!gap.isValid());
        }
    }
}

void TestBatchListModel::sparkNames()
{
    using C = BatchListModel::Column;
    QCOMPARE(BatchListModel::sparkName(C::InputRows), QStringLiteral("Input Rows"));
    QCOMPARE(BatchListModel::sparkName(C::StateRows), QStringLiteral("Aggregated Number Of Total State Rows"));
    QCOMPARE(BatchListModel::sparkName(C::StateRowsUpdated), QStringLiteral("Aggregated Number Of Updated State Rows"));
    QCOMPARE(BatchListModel::sparkName(C::DroppedByWatermark),
             QStringLiteral("Aggregated Number Of Rows Dropped By Watermark"));
    QCOMPARE(BatchListModel::sparkName(C::GlobalWatermarkGap), QStringLiteral("Global Watermark Gap"));
    QCOMPARE(BatchListModel::sparkName(C::BatchDuration), QStringLiteral("Batch Duration"));
    QVERIFY(BatchListModel::sparkName(C::Watermark).isEmpty());
}

QTEST_GUILESS_MAIN(TestBatchListModel)
#include "tst_batch_list_model.moc"
