// Tests BatchTableModel: typed cells in Spark's string forms, numbers right-aligned, and the status
// column's text marks for input fates and result statuses; always under QAbstractItemModelTester.
#include "batch_table_model.h"

#include "streamstep/value_format.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace streamstep;

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
    void switchingBatchesKeepsTesterHappy();
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
    QCOMPARE(model.index(0, 3).data().toString(), QStringLiteral("2026-03-01 10:01:00"));
    QCOMPARE(model.index(0, 4).data().toString(), QStringLiteral("3"));
    QCOMPARE(model.index(1, 1).data().toString(), QStringLiteral("NULL"));
    QCOMPARE(model.index(1, 2).data().toString(), QStringLiteral("-0.05"));
    QCOMPARE(model.index(1, 3).data().toString(), QStringLiteral("2026-03-01 10:02:30.5"));
    QCOMPARE(model.index(1, 4).data().toString(), QStringLiteral("NULL"));
    QCOMPARE(model.index(2, 4).data().toString(), QStringLiteral("-7"));

    // Every cell equals the engine's own display string.
    for (int row = 0; row < 3; ++row)
        for (int column = 0; column < 4; ++column)
            QCOMPARE(model.index(row, column + 1).data().toString(),
                     QString::fromStdString(toDisplayString(report->input.get(size_t(row), size_t(column)))));

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
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("text");
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

    BatchTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setResultTable(report);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.columnCount(), 3);
    QCOMPARE(model.index(0, 0).data().toString(), text);
    QCOMPARE(model.index(0, 1).data().toString(), QStringLiteral("{2026-03-01 10:00:00, 2026-03-01 10:05:00}"));
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

QTEST_GUILESS_MAIN(TestBatchTableModel)
#include "tst_batch_table_model.moc"
