// Tests the filter fast path (expr::narrowByComparison: `column <op> literal` read straight from
// the column array) against the generic path (evaluate the condition, drop NULL and FALSE) on
// tricky data: NULLs, NaN, -0.0, infinities, decimal edge values, empty and odd strings, empty
// batches; and a filter query end to end, including a batch whose rows are all filtered out.
#include "expr_test.h"
#include "expr/expr_node.h"
#include "expr/expression.h"
#include "stream_test.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace streamstep;
using namespace streamstep::expr;
using namespace streamstep::testing;

namespace {

Schema trickySchema()
{
    return Schema{{
        {"l", DataType::int64(), {}},
        {"i", DataType::int32(), {}},
        {"d", DataType::float64(), {}},
        {"m", DataType::decimal(12, 2), {}},
        {"w", DataType::decimal(38, 0), {}},
        {"s", DataType::string(), {}},
        {"t", DataType::timestamp(), {}},
        {"b", DataType::boolean(), {}},
    }};
}

ColumnBatch trickyRows()
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    const Int128 max38 = maxDecimal38();
    ColumnBatch b = ColumnBatch::empty(trickySchema());
    const auto row = [&](Value l, Value i, Value d, Value m, Value w, Value s, Value t, Value bo) {
        b.appendRow({l, i, d, m, w, s, t, bo});
    };
    const int64_t lmin = std::numeric_limits<int64_t>::min();
    const int64_t lmax = std::numeric_limits<int64_t>::max();
    row(Value::int64(0), Value::int32(0), Value::float64(0.0), Value::decimal(0, 12, 2), Value::decimal(0, 38, 0),
        Value::string(""), Value::timestamp(0), Value::boolean(false));
    row(Value::null(), Value::null(), Value::null(), Value::null(), Value::null(), Value::null(), Value::null(),
        Value::null());
    row(Value::int64(lmin), Value::int32(std::numeric_limits<int32_t>::min()), Value::float64(-0.0),
        Value::decimal(-99999999999, 12, 2), Value::decimal(-max38, 38, 0), Value::string("a"),
        Value::timestamp(-1), Value::boolean(true));
    row(Value::int64(lmax), Value::int32(std::numeric_limits<int32_t>::max()), Value::float64(nan),
        Value::decimal(99999999999, 12, 2), Value::decimal(max38, 38, 0), Value::string("ab"),
        Value::timestamp(1'772'359'200'000'000), Value::boolean(true));
    row(Value::int64(100), Value::int32(100), Value::float64(inf), Value::decimal(10000000, 12, 2),
        Value::decimal(100, 38, 0), Value::string(std::string("a\0b", 3)), Value::timestamp(100), Value::boolean(false));
    row(Value::int64(-100), Value::int32(-100), Value::float64(-inf), Value::decimal(10000001, 12, 2),
        Value::decimal(-100, 38, 0), Value::string("\xc3\xa9t\xc3\xa9"), Value::timestamp(-100), Value::boolean(true));
    row(Value::int64(101), Value::int32(101), Value::float64(100.5), Value::decimal(-1, 12, 2),
        Value::decimal(101, 38, 0), Value::string("ACC-0000042 and a long tail past sixteen"),
        Value::timestamp(101), Value::null());
    row(Value::int64(99), Value::null(), Value::float64(-nan), Value::decimal(9999999, 12, 2),
        Value::decimal(99, 38, 0), Value::string("ACC-0000042"), Value::null(), Value::boolean(false));
    return b;
}

// What the generic path keeps: rows where the evaluated condition is non-NULL TRUE.
std::vector<uint8_t> genericKeep(const BoundExpr &condition, const ColumnBatch &batch)
{
    const Column c = condition.evaluate(batch, EvalContext{});
    std::vector<uint8_t> keep(batch.numRows, 1);
    if (c.type().kind == TypeKind::Null) {
        std::fill(keep.begin(), keep.end(), uint8_t(0));
        return keep;
    }
    for (size_t r = 0; r < batch.numRows; ++r)
        keep[r] = !c.nulls()[r] && c.ints()[r] != 0;
    return keep;
}

QString keepText(const std::vector<uint8_t> &keep)
{
    QString s;
    for (uint8_t k : keep)
        s += k ? '1' : '0';
    return s;
}

} // namespace

class TestFilterFastPath : public QObject {
    Q_OBJECT

private slots:
    void sameRowsAsGenericPath_data()
    {
        QTest::addColumn<QString>("condition");
        const QStringList ops = {"=", "<", "<=", ">", ">=", "<=>"};
        const QStringList literals = {
            "l|0", "l|100", "l|-9223372036854775808", "l|9223372036854775807", "i|100", "i|-2147483648",
            "d|0.0", "d|-0.0", "d|CAST('NaN' AS DOUBLE)", "d|CAST('Infinity' AS DOUBLE)", "d|100.5", "d|1",
            "m|100000.00", "m|100000", "m|0", "m|-0.01", "m|999999999.99", "m|-999999999.99", "m|100000.001",
            "w|99999999999999999999999999999999999999", "w|-99999999999999999999999999999999999999", "w|100",
            "s|''", "s|'a'", "s|'ACC-0000042'", "s|'\xc3\xa9t\xc3\xa9'", "s|'ab'",
            "t|CAST('2026-03-01 10:00:00' AS TIMESTAMP)", "t|TIMESTAMP '1970-01-01 00:00:00'",
            "b|true", "b|false", "l|NULL", "s|NULL", "m|NULL", "d|NULL"};
        for (const QString &entry : literals) {
            const QString column = entry.section('|', 0, 0);
            const QString literal = entry.section('|', 1);
            for (const QString &op : ops) {
                QTest::addRow("%s", qPrintable(column + " " + op + " " + literal)) << (column + " " + op + " " + literal);
                QTest::addRow("%s", qPrintable(literal + " " + op + " " + column)) << (literal + " " + op + " " + column);
            }
        }
    }
    void sameRowsAsGenericPath()
    {
        QFETCH(QString, condition);
        const ColumnBatch batch = trickyRows();
        BoundExprPtr bound = bind(*parseExpression(condition.toStdString()), batch.schema);
        const std::vector<uint8_t> expected = genericKeep(*bound, batch);
        std::vector<uint8_t> keep(batch.numRows, 1);
        const bool fast = narrowByComparison(*bound, batch, keep);
        if (!fast) {
            // Only a comparison the binder had to cast a column for may take the generic path.
            const auto *node = dynamic_cast<const ExprNode *>(bound.get());
            QVERIFY(node);
            QVERIFY2(node->args.size() == 2
                         && (node->args[0]->op == ExprOp::Cast || node->args[1]->op == ExprOp::Cast),
                     "a column-literal comparison missed the fast path");
            return;
        }
        QCOMPARE(keepText(keep), keepText(expected));

        // Rows already dropped stay dropped (the fast path only narrows).
        std::vector<uint8_t> half(batch.numRows);
        for (size_t r = 0; r < half.size(); ++r)
            half[r] = r % 2;
        QVERIFY(narrowByComparison(*bound, batch, half));
        for (size_t r = 0; r < half.size(); ++r)
            QCOMPARE(int(half[r]), int(expected[r] && r % 2));
    }

    void commonShapesTakeTheFastPath()
    {
        const ColumnBatch batch = trickyRows();
        for (const char *text : {"m > 100000.00", "100000.00 < m", "l >= 100", "d < 1.5", "s = 'ab'", "t > TIMESTAMP '1970-01-01 00:00:00'",
                                 "i <= 100", "b = true", "m <=> NULL", "w > 5"}) {
            BoundExprPtr bound = bind(*parseExpression(text), batch.schema);
            std::vector<uint8_t> keep(batch.numRows, 1);
            QVERIFY2(narrowByComparison(*bound, batch, keep), text);
            QCOMPARE(keepText(keep), keepText(genericKeep(*bound, batch)));
        }
        // Anything else is left to the generic path, untouched.
        for (const char *text : {"l + 1 > 2", "l > i", "s LIKE 'a%'", "l IS NULL", "NOT (l > 1)", "l > 1 AND i < 5"}) {
            BoundExprPtr bound = bind(*parseExpression(text), batch.schema);
            std::vector<uint8_t> keep(batch.numRows, 1);
            QVERIFY2(!narrowByComparison(*bound, batch, keep), text);
            QCOMPARE(keepText(keep), QString(int(batch.numRows), '1'));
        }
    }

    void emptyBatch()
    {
        const ColumnBatch batch = ColumnBatch::empty(trickySchema());
        BoundExprPtr bound = bind(*parseExpression("m > 100000.00"), batch.schema);
        std::vector<uint8_t> keep;
        QVERIFY(narrowByComparison(*bound, batch, keep));
        QVERIFY(keep.empty());
    }

    // End to end: a filter + select over the transactions source, one batch with some rows
    // kept (NULL amounts dropped), one with every row filtered out.
    void filterQueryEndToEnd()
    {
        const Scenario scenario = testing::makeScenario(
            R"J([{"op": "filter", "condition": "amount > 100.00"},
                 {"op": "filter", "condition": "'A2' <= accountId"},
                 {"op": "select", "columns": ["accountId", "amount"]}])J",
            "append",
            R"J([[["A1", "X", "150.00", "2026-03-01 10:00:00"],
                  ["A2", "X", "100.01", "2026-03-01 10:00:00"],
                  ["A3", "X", null, "2026-03-01 10:00:00"],
                  [null, "X", "500.00", "2026-03-01 10:00:00"],
                  ["A4", "X", "100.00", "2026-03-01 10:00:00"],
                  ["B1", "Y", "99999.99", "2026-03-01 10:00:00"]],
                 [["A5", "X", "-5.00", "2026-03-01 10:00:00"],
                  ["A6", "X", "100.00", "2026-03-01 10:00:00"]]])J");
        Run run(Query::compile(scenario));
        const auto first = run.step(scenario.steps[0].rows, 0);
        QCOMPARE(first.size(), size_t(1));
        QCOMPARE(testing::rowsOf(first[0].emitted),
                 QStringList({R"J({"accountId": "A2", "amount": 100.01})J", R"J({"accountId": "B1", "amount": 99999.99})J"}));
        const std::vector<InputRowFate> fates = {InputRowFate::Filtered,  InputRowFate::Processed,
                                                 InputRowFate::Filtered,  InputRowFate::Filtered,
                                                 InputRowFate::Filtered,  InputRowFate::Processed};
        QVERIFY(first[0].inputFates == fates);
        const auto second = run.step(scenario.steps[1].rows, 1);
        QCOMPARE(second.size(), size_t(1));
        QCOMPARE(second[0].numOutputRows, int64_t(0));
        QCOMPARE(second[0].emitted.numRows, size_t(0));
        QVERIFY(second[0].inputFates == std::vector<InputRowFate>(2, InputRowFate::Filtered));
    }
};

QTEST_GUILESS_MAIN(TestFilterFastPath)
#include "tst_filter_fast_path.moc"
