// Tests QueryOpListModel: one row per op, shown as the DataFrame call, reset on every query
// change, under QAbstractItemModelTester.
#include "../engine/test_columns.h"
#include "query_op_list_model.h"

#include "streamstep/scenario.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using namespace streamstep;
using streamstep::testing::addColumns;

namespace {

QueryOp watermark(const std::string &column, const std::string &delay)
{
    QueryOp op;
    op.kind = QueryOp::Kind::WithWatermark;
    op.opName = "withWatermark";
    op.column = column;
    op.delay = delay;
    return op;
}

QueryOp filter(const std::string &condition, const std::string &name = "filter")
{
    QueryOp op;
    op.kind = QueryOp::Kind::Filter;
    op.opName = name;
    op.condition = {condition, {}};
    return op;
}

QueryOp groupBy(std::vector<std::string> keys, std::vector<std::string> aggs)
{
    QueryOp op;
    op.kind = QueryOp::Kind::GroupBy;
    op.opName = "groupBy";
    for (const std::string &k : keys)
        op.keys.push_back({k, {}});
    for (const std::string &a : aggs)
        op.aggs.push_back({a, {}});
    return op;
}

} // namespace

class TestQueryOpListModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void showsEachOpAsADataFrameCall_data();
    void showsEachOpAsADataFrameCall();
    void resetsOnEveryChange();

private:
    std::vector<QueryOp> m_ops;
};

void TestQueryOpListModel::showsEachOpAsADataFrameCall_data()
{
    addColumns<int, QString>("kind", "expected");
    QueryOp select;
    select.kind = QueryOp::Kind::Select;
    select.columns = {{"accountId", {}}, {"amount * 2 AS doubled", {}}};
    QueryOp withColumn;
    withColumn.kind = QueryOp::Kind::WithColumn;
    withColumn.name = "big";
    withColumn.expr = {"amount > 100", {}};
    QueryOp dedupAll;
    dedupAll.kind = QueryOp::Kind::DropDuplicates;
    dedupAll.allColumns = true;
    QueryOp dedup;
    dedup.kind = QueryOp::Kind::DropDuplicates;
    dedup.columns = {{"accountId", {}}};

    QTest::newRow("withWatermark") << 0 << QStringLiteral(R"(.withWatermark("eventTime", "10 minutes"))");
    QTest::newRow("filter") << 1 << QStringLiteral(R"(.filter("amount > 1000"))");
    QTest::newRow("where") << 2 << QStringLiteral(R"(.where("amount > 1000"))");
    QTest::newRow("select") << 3 << QStringLiteral(R"(.selectExpr("accountId", "amount * 2 AS doubled"))");
    QTest::newRow("withColumn") << 4 << QStringLiteral(R"(.withColumn("big", expr("amount > 100")))");
    QTest::newRow("groupBy") << 5
                             << QStringLiteral(R"x(.groupBy("window(eventTime, '5 minutes')", "accountId").agg("sum(amount) AS total"))x");
    QTest::newRow("dropDuplicates()") << 6 << QStringLiteral(".dropDuplicates()");
    QTest::newRow("dropDuplicates(cols)") << 7 << QStringLiteral(R"(.dropDuplicates("accountId"))");

    m_ops = {watermark("eventTime", "10 minutes"),
             filter("amount > 1000"),
             filter("amount > 1000", "where"),
             select,
             withColumn,
             groupBy({"window(eventTime, '5 minutes')", "accountId"}, {"sum(amount) AS total"}),
             dedupAll,
             dedup};
}

void TestQueryOpListModel::showsEachOpAsADataFrameCall()
{
    QFETCH(int, kind);
    QFETCH(QString, expected);
    QueryOpListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setOps(m_ops);
    QCOMPARE(model.rowCount(), int(m_ops.size()));
    QCOMPARE(model.index(kind).data().toString(), expected);
    QCOMPARE(model.index(kind).data(Qt::ToolTipRole).toString(), expected);
    QVERIFY(!model.index(kind).data(Qt::DecorationRole).isValid());
}

void TestQueryOpListModel::resetsOnEveryChange()
{
    QueryOpListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    model.setOps({watermark("eventTime", "10 minutes"), groupBy({"accountId"}, {"count(*) AS n"})});
    QCOMPARE(model.numOps(), 2);
    QCOMPARE(resets.count(), 1);
    model.setOps({filter("amount > 0")});
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0).data().toString(), QStringLiteral(R"(.filter("amount > 0"))"));
    QCOMPARE(model.rowCount(model.index(0)), 0); // a list: no children
    model.setOps({});
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(resets.count(), 3);
}

QTEST_GUILESS_MAIN(TestQueryOpListModel)
#include "tst_query_op_list_model.moc"
