// Tests BatchTableModel: typed cells read at a glance (times of day with the date once in the
// header, windows as [10:00, 10:05)) and in Spark's exact string forms (SparkTextRole), numbers
// right-aligned, the status column's text marks for input fates and result statuses (a group the
// watermark evicted without being written says so), and the rows of a trigger's batches shown
// together; always under QAbstractItemModelTester.
#include "../engine/test_columns.h"
#include "batch_table_model.h"

#include "streamstep/value_format.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using namespace streamstep;
using streamstep::testing::addColumns;

namespace {

Schema transactionSchema()
{
    Schema schema;
    schema.fields = {{"accountId", DataType::string(), {}},
                     {"amount", DataType::decimal(12, 2), {}},
                     {"eventTime", DataType::timestamp(), {}},
                     {"n", DataType::int64(), {}}};
    return schema;
}

int64_t micros(const char *text)
{
    return *parseTimestamp(text);
}

std::shared_ptr<BatchReport> inputReport()
{
    auto report = std::make_shared<BatchReport>();
    report->input = ColumnBatch::empty(transactionSchema());
    report->input.appendRow({Value::string("ACC-0001"), Value::decimal(25000000, 12, 2),
                             Value::timestamp(micros("2026-03-01 10:01:00")), Value::int64(3)});
    report->input.appendRow({Value::null(), Value::decimal(-5, 12, 2),
                             Value::timestamp(micros("2026-03-01 10:02:30.5")), Value::null()});
    report->input.appendRow({Value::string("ACC-0003"), Value::decimal(100, 12, 2),
                             Value::timestamp(micros("2026-03-01 09:58:00")), Value::int64(-7)});
    report->inputFates = {InputRowFate::Processed, InputRowFate::Filtered, InputRowFate::DroppedByWatermark};
    report->numInputRows = 3;
    return report;
}

// The same rows as a batch's written rows.
std::shared_ptr<const BatchReport> inputReportAsEmitted()
{
    auto report = inputReport();
    report->emitted = report->input;
    report->numOutputRows = 3;
    report->batchId = 4;
    return report;
}

} // namespace

class TestBatchTableModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void emptyModel();
    void inputRowsShowTypedCellsAndFates();
    void resultStatuses_data();
    void resultStatuses();
    void emittedRowsHaveNoStatusColumn();
    void headerNamesAndTypes();
    void windowsReadAtAGlance_data();
    void windowsReadAtAGlance();
    void finalRowsSayWhetherTheyWereWritten_data();
    void finalRowsSayWhetherTheyWereWritten();
    void aTriggersBatchesShowTogether();
    void switchingBatchesKeepsTesterHappy();
    void linkedRowsAreMarkedInText();
};

void TestBatchTableModel::emptyModel()
{
    BatchTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), 0);
    model.setInputRows(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void TestBatchTableModel::inputRowsShowTypedCellsAndFates()
{
    BatchTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto report = inputReport();
    model.setInputRows(report);

    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), 5); // status + 4 columns
    QVERIFY(model.hasStatusColumn());
    QCOMPARE(model.headerData(0, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("status"));

    QCOMPARE(model.index(0, 0).data().toString(), QString());
    QCOMPARE(model.index(1, 0).data().toString(), QStringLiteral("filtered"));
    QCOMPARE(model.index(2, 0).data().toString(), QStringLiteral("late"));
    QCOMPARE(model.index(2, 0).data(BatchTableModel::RowMarkRole).toInt(), int(RowMark::Late));
    QVERIFY(!model.index(2, 1).data(Qt::ToolTipRole).toString().isEmpty());

    QCOMPARE(model.index(0, 1).data().toString(), QStringLiteral("ACC-0001"));
    QCOMPARE(model.index(0, 2).data().toString(), QStringLiteral("250000.00"));
    // Every event time is on 2026-03-01: the header says the date once, the cells the time of day.
    QCOMPARE(model.headerData(3, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("eventTime\n2026-03-01"));
    QCOMPARE(model.sharedDate(2), QStringLiteral("2026-03-01"));
    QCOMPARE(model.sharedDate(0), QString());
    QCOMPARE(model.index(0, 3).data().toString(), QStringLiteral("10:01:00"));
    QCOMPARE(model.index(0, 4).data().toString(), QStringLiteral("3"));
    QCOMPARE(model.index(1, 1).data().toString(), QStringLiteral("NULL"));
    QCOMPARE(model.index(1, 2).data().toString(), QStringLiteral("-0.05"));
    QCOMPARE(model.index(1, 3).data().toString(), QStringLiteral("10:02:30.5"));
    QCOMPARE(model.index(1, 4).data().toString(), QStringLiteral("NULL"));
    QCOMPARE(model.index(2, 4).data().toString(), QStringLiteral("-7"));

    // Every cell's Spark text equals the engine's own display string.
    for (int row = 0; row < 3; ++row)
        for (int column = 0; column < 4; ++column)
            QCOMPARE(model.index(row, column + 1).data(BatchTableModel::SparkTextRole).toString(),
                     QString::fromStdString(toDisplayString(report->input.get(size_t(row), size_t(column)))));
    QCOMPARE(model.index(1, 3).data(BatchTableModel::SparkTextRole).toString(), QStringLiteral("2026-03-01 10:02:30.5"));

    const auto alignment = [&](int column) {
        return Qt::Alignment(model.index(0, column).data(Qt::TextAlignmentRole).value<Qt::Alignment>());
    };
    QVERIFY(alignment(1) & Qt::AlignLeft);
    QVERIFY(alignment(2) & Qt::AlignRight);
    QVERIFY(alignment(3) & Qt::AlignLeft);
    QVERIFY(alignment(4) & Qt::AlignRight);
}

void TestBatchTableModel::resultStatuses_data()
{
    addColumns<int, QString>("status", "text");
    QTest::newRow("unchanged") << int(ResultRowStatus::Unchanged) << QString();
    QTest::newRow("new") << int(ResultRowStatus::New) << QStringLiteral("new");
    QTest::newRow("updated") << int(ResultRowStatus::Updated) << QStringLiteral("updated");
    QTest::newRow("final") << int(ResultRowStatus::Final) << QStringLiteral("final");
    QTest::newRow("evicted") << int(ResultRowStatus::Evicted) << QStringLiteral("evicted");
}

void TestBatchTableModel::resultStatuses()
{
    QFETCH(int, status);
    QFETCH(QString, text);
    Schema schema;
    schema.fields = {{"window", DataType::window(), {}}, {"total", DataType::decimal(22, 2), {}}};
    auto report = std::make_shared<BatchReport>();
    report->hasResultTable = true;
    report->resultTable = ColumnBatch::empty(schema);
    report->resultTable.appendRow({Value::window(micros("2026-03-01 10:00:00"), micros("2026-03-01 10:05:00")),
                                   Value::decimal(15000000, 22, 2)});
    report->resultStatuses = {static_cast<ResultRowStatus>(status)};
    // A final row is written by its batch (append mode); see finalRowsSayWhetherTheyWereWritten.
    if (static_cast<ResultRowStatus>(status) == ResultRowStatus::Final)
        report->emitted = report->resultTable;

    BatchTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setResultTable(report);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.columnCount(), 3);
    QCOMPARE(model.index(0, 0).data().toString(), text);
    QCOMPARE(model.index(0, 1).data().toString(), QStringLiteral("[10:00, 10:05)"));
    QCOMPARE(model.index(0, 1).data(BatchTableModel::SparkTextRole).toString(),
             QStringLiteral("{2026-03-01 10:00:00, 2026-03-01 10:05:00}"));
    QCOMPARE(model.headerData(1, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("window\n2026-03-01"));
    QCOMPARE(model.index(0, 2).data().toString(), QStringLiteral("150000.00"));
    // The mark is text, never colour alone: a tinted row always has a mark text.
    if (model.index(0, 1).data(Qt::BackgroundRole).isValid())
        QVERIFY(!text.isEmpty());
}

void TestBatchTableModel::emittedRowsHaveNoStatusColumn()
{
    auto report = inputReport();
    report->emitted = report->input;
    BatchTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setEmittedRows(report);
    QVERIFY(!model.hasStatusColumn());
    QCOMPARE(model.columnCount(), 4);
    QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("ACC-0001"));
    QCOMPARE(model.headerData(1, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("amount"));
}

void TestBatchTableModel::headerNamesAndTypes()
{
    BatchTableModel model;
    model.setInputRows(inputReport());
    QCOMPARE(model.headerData(2, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("amount"));
    QVERIFY(model.headerData(2, Qt::Horizontal, Qt::ToolTipRole).toString().contains(QStringLiteral("decimal(12,2)")));
    QVERIFY(!model.headerData(9, Qt::Horizontal, Qt::DisplayRole).isValid());
}

void TestBatchTableModel::windowsReadAtAGlance_data()
{
    // bounds: start, end, start, end, …
    addColumns<QStringList, QStringList, QString>("bounds", "cells", "date");
    QTest::newRow("one date, whole minutes")
        << QStringList{"2026-03-01 10:00:00", "2026-03-01 10:05:00", "2026-03-01 10:05:00", "2026-03-01 10:10:00"}
        << QStringList{"[10:00, 10:05)", "[10:05, 10:10)"} << QStringLiteral("2026-03-01");
    QTest::newRow("ends at midnight")
        << QStringList{"2026-03-01 23:55:00", "2026-03-02 00:00:00"} << QStringList{"[23:55, 00:00)"}
        << QStringLiteral("2026-03-01");
    QTest::newRow("seconds")
        << QStringList{"2026-03-01 10:00:00", "2026-03-01 10:00:30", "2026-03-01 10:00:30", "2026-03-01 10:01:00"}
        << QStringList{"[10:00:00, 10:00:30)", "[10:00:30, 10:01:00)"} << QStringLiteral("2026-03-01");
    QTest::newRow("two dates")
        << QStringList{"2026-03-01 23:55:00", "2026-03-02 00:00:00", "2026-03-02 00:00:00", "2026-03-02 00:05:00"}
        << QStringList{"[2026-03-01 23:55, 2026-03-02 00:00)", "[2026-03-02 00:00, 2026-03-02 00:05)"} << QString();
}

void TestBatchTableModel::windowsReadAtAGlance()
{
    QFETCH(QStringList, bounds);
    QFETCH(QStringList, cells);
    QFETCH(QString, date);
    Schema schema;
    schema.fields = {{"window", DataType::window(), {}}};
    auto report = std::make_shared<BatchReport>();
    report->emitted = ColumnBatch::empty(schema);
    for (qsizetype i = 0; i + 1 < bounds.size(); i += 2)
        report->emitted.appendRow({Value::window(micros(qPrintable(bounds[i])), micros(qPrintable(bounds[i + 1])))});
    report->emitted.appendRow({Value::null()});
    BatchTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setEmittedRows(report);
    QCOMPARE(model.rowCount(), int(cells.size()) + 1);
    for (qsizetype i = 0; i < cells.size(); ++i) {
        QCOMPARE(model.index(int(i), 0).data().toString(), cells[i]);
        QCOMPARE(model.index(int(i), 0).data(BatchTableModel::SparkTextRole).toString(),
                 QString::fromStdString(toDisplayString(report->emitted.get(size_t(i), 0))));
    }
    QCOMPARE(model.index(int(cells.size()), 0).data().toString(), QStringLiteral("NULL"));
    QCOMPARE(model.sharedDate(0), date);
    QCOMPARE(model.headerData(0, Qt::Horizontal, Qt::DisplayRole).toString(),
             date.isEmpty() ? QStringLiteral("window") : QStringLiteral("window\n") + date);
}

void TestBatchTableModel::finalRowsSayWhetherTheyWereWritten_data()
{
    addColumns<bool, int, QString>("written", "mark", "text");
    // Append mode writes a window when the watermark finalises it…
    QTest::newRow("append: written") << true << int(RowMark::Final) << QStringLiteral("final");
    // …update mode wrote it when it changed, and only evicts it now.
    QTest::newRow("update: only evicted") << false << int(RowMark::EvictedUnwritten)
                                          << QStringLiteral("evicted, nothing written");
}

void TestBatchTableModel::finalRowsSayWhetherTheyWereWritten()
{
    QFETCH(bool, written);
    QFETCH(int, mark);
    QFETCH(QString, text);
    Schema schema;
    schema.fields = {{"window", DataType::window(), {}}, {"accountId", DataType::string(), {}},
                     {"total", DataType::decimal(22, 2), {}}};
    auto report = std::make_shared<BatchReport>();
    report->hasResultTable = true;
    report->resultTable = ColumnBatch::empty(schema);
    const Value first = Value::window(micros("2026-03-01 10:00:00"), micros("2026-03-01 10:05:00"));
    const Value second = Value::window(micros("2026-03-01 10:05:00"), micros("2026-03-01 10:10:00"));
    report->resultTable.appendRow({first, Value::string("ACC-0001"), Value::decimal(15000000, 22, 2)});
    report->resultTable.appendRow({first, Value::string("ACC-0002"), Value::decimal(5000050, 22, 2)});
    report->resultTable.appendRow({second, Value::string("ACC-0001"), Value::decimal(100, 22, 2)});
    report->resultStatuses = {ResultRowStatus::Final, ResultRowStatus::Final, ResultRowStatus::Unchanged};
    report->emitted = ColumnBatch::empty(schema);
    // Another group's row with the same window and total is not this one.
    report->emitted.appendRow({first, Value::string("ACC-0009"), Value::decimal(15000000, 22, 2)});
    if (written) {
        report->emitted.appendRow({first, Value::string("ACC-0002"), Value::decimal(5000050, 22, 2)});
        report->emitted.appendRow({first, Value::string("ACC-0001"), Value::decimal(15000000, 22, 2)});
    }
    BatchTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setResultTable(report);
    for (int row = 0; row < 2; ++row) {
        QCOMPARE(model.index(row, 0).data(BatchTableModel::RowMarkRole).toInt(), mark);
        QCOMPARE(model.index(row, 0).data().toString(), text);
        QVERIFY(!model.index(row, 1).data(Qt::ToolTipRole).toString().isEmpty());
    }
    QCOMPARE(model.index(2, 0).data().toString(), QString());
}

void TestBatchTableModel::aTriggersBatchesShowTogether()
{
    Schema schema;
    schema.fields = {{"accountId", DataType::string(), {}}, {"n", DataType::int64(), {}}};
    auto data = std::make_shared<BatchReport>();
    data->batchId = 4;
    data->emitted = ColumnBatch::empty(schema);
    data->emitted.appendRow({Value::string("ACC-0001"), Value::int64(1)});
    auto noData = std::make_shared<BatchReport>();
    noData->batchId = 5;
    noData->noData = true;
    noData->emitted = ColumnBatch::empty(schema);

    BatchTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    // Only one of the batches wrote rows: no batch column is needed.
    model.setEmittedRows(std::vector<std::shared_ptr<const BatchReport>>{data, noData});
    QVERIFY(!model.hasBatchIdColumn());
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.columnCount(), 2);
    QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("ACC-0001"));
    QCOMPARE(model.index(0, 0).data(BatchTableModel::BatchIdRole).toLongLong(), 4);

    // Both wrote: the first column names the batch of each row.
    noData->emitted.appendRow({Value::string("ACC-0002"), Value::int64(2)});
    noData->emitted.appendRow({Value::string("ACC-0003"), Value::int64(3)});
    model.setEmittedRows(std::vector<std::shared_ptr<const BatchReport>>{data, noData});
    QVERIFY(model.hasBatchIdColumn());
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), 3);
    QCOMPARE(model.headerData(1, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("accountId"));
    const QStringList batches = {model.index(0, 0).data().toString(), model.index(1, 0).data().toString(),
                                 model.index(2, 0).data().toString()};
    QCOMPARE(batches, (QStringList{"batch 4", "batch 5", "batch 5"}));
    QCOMPARE(model.index(2, 1).data().toString(), QStringLiteral("ACC-0003"));
    QCOMPARE(model.index(2, 2).data().toString(), QStringLiteral("3"));
    QCOMPARE(model.index(1, 2).data(BatchTableModel::BatchIdRole).toLongLong(), 5);
}

void TestBatchTableModel::switchingBatchesKeepsTesterHappy()
{
    BatchTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto report = inputReport();
    model.setInputRows(report);
    model.setEmittedRows(report); // empty emitted batch: schema without rows
    QCOMPARE(model.rowCount(), 0);
    model.setResultTable(report); // no result table
    QCOMPARE(model.rowCount(), 0);
    model.setInputRows(report);
    QCOMPARE(model.rowCount(), 3);
    model.clear();
    QCOMPARE(model.columnCount(), 0);
}

// Rows linked to a row selected elsewhere (provenance): a text mark before the first cell, bold, a
// tint of their own, changed through dataChanged so a view keeps its selection.
void TestBatchTableModel::linkedRowsAreMarkedInText()
{
    BatchTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setInputRows(inputReport());
    const QString before = model.index(2, 0).data().toString();
    QCOMPARE(before, QStringLiteral("late"));
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.setLinkedRows({2, 0, 7, 2});
    QCOMPARE(model.linkedRows(), (std::vector<int>{0, 2}));
    QCOMPARE(changed.count(), 2);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(model.index(2, 0).data().toString(), BatchTableModel::linkMark() + before);
    QCOMPARE(model.index(0, 0).data().toString(), BatchTableModel::linkMark());
    QVERIFY(model.index(2, 1).data(BatchTableModel::LinkedRole).toBool());
    QVERIFY(!model.index(1, 1).data(BatchTableModel::LinkedRole).toBool());
    QVERIFY(qvariant_cast<QFont>(model.index(2, 1).data(Qt::FontRole)).bold());
    // The other cells keep their text.
    QCOMPARE(model.index(2, 1).data().toString(), QStringLiteral("ACC-0003"));
    // A model without a status column marks its first data cell.
    BatchTableModel emitted;
    QAbstractItemModelTester emittedTester(&emitted, QAbstractItemModelTester::FailureReportingMode::QtTest);
    emitted.setEmittedRows(std::vector<std::shared_ptr<const BatchReport>>{inputReportAsEmitted()});
    emitted.setLinkedRows({1});
    QCOMPARE(emitted.index(1, 0).data().toString(), BatchTableModel::linkMark() + QStringLiteral("NULL"));
    QCOMPARE(emitted.index(1, 0).data(BatchTableModel::SourceRowRole).toLongLong(), qlonglong(1));
    QCOMPARE(emitted.index(1, 0).data(BatchTableModel::BatchIdRole).toLongLong(), qlonglong(4));
    // Unlinking, or showing another batch, removes the marks.
    model.setLinkedRows({});
    QCOMPARE(model.index(2, 0).data().toString(), before);
    model.setLinkedRows({1});
    model.setInputRows(inputReport());
    QVERIFY(model.linkedRows().empty());
    QVERIFY(!model.index(1, 0).data(BatchTableModel::LinkedRole).toBool());
}

QTEST_GUILESS_MAIN(TestBatchTableModel)
#include "tst_batch_table_model.moc"
