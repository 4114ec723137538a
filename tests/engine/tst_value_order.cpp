// Checks the engine's one ordering of values (types/value_order.h), which min/max, session
// windows and result tables sort by: Spark's ascending order with nulls first, NaN above every
// number and equal to itself, -0.0 equal to 0.0, decimals by value across scales, strings by
// UTF-8 bytes, windows by start then end.
#include "operators/flow.h"
#include "types/value_order.h"

#include <QtTest>

#include <limits>

using namespace streamstep;

class TestValueOrder : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void doublesFollowSqlOrderingUtil();
    void valuesOfEachType();
    void rowsCompareColumnByColumn();
};

void TestValueOrder::doublesFollowSqlOrderingUtil()
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    QCOMPARE(compareDoubles(nan, nan), 0);
    QCOMPARE(compareDoubles(nan, inf), 1);
    QCOMPARE(compareDoubles(inf, nan), -1);
    QCOMPARE(compareDoubles(-nan, 1.0), 1); // any NaN, whatever its sign bit
    QCOMPARE(compareDoubles(-0.0, 0.0), 0);
    QCOMPARE(compareDoubles(-inf, -1e308), -1);
    QCOMPARE(compareDoubles(2.5, 2.5), 0);
    QCOMPARE(compareValues(Value::float64(nan), Value::float64(inf)), 1);
    QCOMPARE(compareValues(Value::float64(-0.0), Value::float64(0.0)), 0);
}

void TestValueOrder::valuesOfEachType()
{
    // NULL first, and equal to NULL.
    QCOMPARE(compareValues(Value::null(), Value::int64(std::numeric_limits<int64_t>::min())), -1);
    QCOMPARE(compareValues(Value::string(""), Value::null()), 1);
    QCOMPARE(compareValues(Value::null(), Value::null()), 0);
    QCOMPARE(compareValues(Value::boolean(false), Value::boolean(true)), -1);
    QCOMPARE(compareValues(Value::int32(-3), Value::int32(2)), -1);
    QCOMPARE(compareValues(Value::int64(7), Value::int64(7)), 0);
    // Decimals by value: 1.50 = 1.5, 1.49 < 1.5, -0.10 < 0.0.
    QCOMPARE(compareValues(Value::decimal(150, 5, 2), Value::decimal(15, 5, 1)), 0);
    QCOMPARE(compareValues(Value::decimal(149, 5, 2), Value::decimal(15, 5, 1)), -1);
    QCOMPARE(compareValues(Value::decimal(-10, 5, 2), Value::decimal(0, 5, 1)), -1);
    // Strings by UTF-8 bytes: "Z" < "a" < "é" (0xC3 0xA9), a prefix first.
    QCOMPARE(compareValues(Value::string("Z"), Value::string("a")), -1);
    QCOMPARE(compareValues(Value::string("\xC3\xA9"), Value::string("a")), 1);
    QCOMPARE(compareValues(Value::string("ab"), Value::string("abc")), -1);
    QCOMPARE(compareValues(Value::timestamp(-1), Value::timestamp(0)), -1);
    // Windows by start, then end.
    QCOMPARE(compareValues(Value::window(0, 600), Value::window(60, 120)), -1);
    QCOMPARE(compareValues(Value::window(60, 600), Value::window(60, 120)), 1);
    QCOMPARE(compareValues(Value::window(60, 120), Value::window(60, 120)), 0);
}

void TestValueOrder::rowsCompareColumnByColumn()
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const std::vector<Value> a = {Value::string("A"), Value::float64(nan)};
    const std::vector<Value> b = {Value::string("A"), Value::float64(1e300)};
    const std::vector<Value> c = {Value::null(), Value::float64(nan)};
    QVERIFY(lessRow(b, a));
    QVERIFY(!lessRow(a, b));
    QVERIFY(lessRow(c, b));
    QVERIFY(!lessRow(a, a));
}

QTEST_MAIN(TestValueOrder)
#include "tst_value_order.moc"
