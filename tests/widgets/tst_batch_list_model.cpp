// Tests BatchListModel: one row per BatchReport with the per-batch figures, appended with proper
// begin/end notifications, under QAbstractItemModelTester.
#include "batch_list_model.h"

#include "streamstep/value_format.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using namespace streamstep;

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
    if (!noData)
        r->eventTime = EventTimeStats{*parseTimestamp("2026-03-01 10:02:00") / 1000,
                                      *parseTimestamp("2026-03-01 10:21:00") / 1000, 0, input};
    return r;
}

} // namespace

class TestBatchListModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void appendAndRead();
    void noWatermark();
    void clear();
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
    QCOMPARE(cell(1, C::NoData).toString(), QString());
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

QTEST_GUILESS_MAIN(TestBatchListModel)
#include "tst_batch_list_model.moc"
