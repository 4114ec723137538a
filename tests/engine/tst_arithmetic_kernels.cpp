// Tests the arithmetic kernels (expr/arithmetic.cpp) for every pair of operand types the binder
// lets through, each with a NULL on either side, overflow and division by zero, and with literal
// operands on either side: Spark 3.5's non-ANSI results (integers wrap, division or remainder by
// zero and decimal overflow are NULL, decimals are exact with DecimalPrecision's result types).
#include "test_columns.h"
#include "expr_test.h"
#include "expr/expr_node.h"
#include "expr/expression.h"

#include "streamstep/value_format.h"

#include <QtTest>

#include <limits>

using namespace streamstep;
using namespace streamstep::expr;
using namespace streamstep::testing;

namespace {

Schema schema()
{
    return Schema{{{"i", DataType::int32(), {}},          {"j", DataType::int32(), {}},
                  {"l", DataType::int64(), {}},          {"k", DataType::int64(), {}},
                  {"d", DataType::float64(), {}},        {"e", DataType::float64(), {}},
                  {"m", DataType::decimal(12, 2), {}},   {"n", DataType::decimal(5, 3), {}},
                  {"w", DataType::decimal(38, 0), {}},   {"s", DataType::string(), {}}}};
}

// Rows: 0 plain values, 1 NULL on the left, 2 NULL on the right, 3 overflow of `-`,
// 4 a zero divisor, 5 overflow of `+` and `*` (the most negative values).
ColumnBatch rows()
{
    const int32_t imax = std::numeric_limits<int32_t>::max();
    const int32_t imin = std::numeric_limits<int32_t>::min();
    const int64_t lmax = std::numeric_limits<int64_t>::max();
    const int64_t lmin = std::numeric_limits<int64_t>::min();
    const double inf = std::numeric_limits<double>::infinity();
    ColumnBatch b = ColumnBatch::empty(schema());
    const Value null = Value::null();
    b.appendRow({Value::int32(7), Value::int32(-2), Value::int64(70), Value::int64(-3), Value::float64(2.5),
                 Value::float64(-0.5), Value::decimal(12345, 12, 2), Value::decimal(1500, 5, 3),
                 Value::decimal(17, 38, 0), Value::string("12")});
    b.appendRow({null, Value::int32(5), null, Value::int64(4), null, Value::float64(3), null,
                 Value::decimal(-1, 5, 3), null, null});
    b.appendRow({Value::int32(3), null, Value::int64(3), null, Value::float64(1), null, Value::decimal(-99, 12, 2),
                 null, Value::decimal(-5, 38, 0), Value::string("3")});
    b.appendRow({Value::int32(imax), Value::int32(-1), Value::int64(lmax), Value::int64(-1), Value::float64(1e308),
                 Value::float64(1e308), Value::decimal(999999999999, 12, 2), Value::decimal(99999, 5, 3),
                 Value::decimal(maxDecimal38(), 38, 0), Value::string(" 7 ")});
    b.appendRow({Value::int32(5), Value::int32(0), Value::int64(5), Value::int64(0), Value::float64(5),
                 Value::float64(0.0), Value::decimal(500, 12, 2), Value::decimal(0, 5, 3), Value::decimal(5, 38, 0),
                 Value::string("abc")});
    b.appendRow({Value::int32(imin), Value::int32(-1), Value::int64(lmin), Value::int64(-1), Value::float64(-inf),
                 Value::float64(-0.0), Value::decimal(-999999999999, 12, 2), Value::decimal(-99999, 5, 3),
                 Value::decimal(-maxDecimal38(), 38, 0), Value::string("1.5e3")});
    return b;
}

// "type: v0, v1, …" of the expression over every row.
std::string evaluateRows(const std::string &text)
{
    const ColumnBatch batch = rows();
    BoundExprPtr bound = bind(*parseExpression(text), batch.schema);
    Column c = bound->evaluate(batch, EvalContext{});
    if (c.size() != batch.numRows || !(c.type() == bound->type))
        return "bad column";
    return bound->type.sparkName() + ": " + joinedValues(c, ", ");
}

// Every table of this test: an expression and its "type: v0, v1, …" over rows().
void addExpressionColumns()
{
    addColumns<QString, QString>("text", "expected");
}

void compareRows()
{
    compareTextColumns("text", "expected", evaluateRows);
}

} // namespace

class TestArithmeticKernels : public QObject {
    Q_OBJECT

private slots:
    void pairs_data()
    {
        addExpressionColumns();
        // int op int: wraps around, `/` is a double division, x % -1 is 0 even for Int.MinValue.
        QTest::newRow("int + int") << "i + j" << "int: 5, NULL, NULL, 2147483646, 5, 2147483647";
        QTest::newRow("int - int") << "i - j" << "int: 9, NULL, NULL, -2147483648, 5, -2147483647";
        QTest::newRow("int * int") << "i * j" << "int: -14, NULL, NULL, -2147483647, 0, -2147483648";
        QTest::newRow("int / int") << "i / j" << "double: -3.5, NULL, NULL, -2.147483647E9, NULL, 2.147483648E9";
        QTest::newRow("int % int") << "i % j" << "int: 1, NULL, NULL, 0, NULL, 0";
        // bigint op bigint.
        QTest::newRow("bigint + bigint")
            << "l + k" << "bigint: 67, NULL, NULL, 9223372036854775806, 5, 9223372036854775807";
        QTest::newRow("bigint - bigint")
            << "l - k" << "bigint: 73, NULL, NULL, -9223372036854775808, 5, -9223372036854775807";
        QTest::newRow("bigint * bigint")
            << "l * k" << "bigint: -210, NULL, NULL, -9223372036854775807, 0, -9223372036854775808";
        QTest::newRow("bigint / bigint")
            << "l / k"
            << "double: -23.333333333333332, NULL, NULL, -9.223372036854776E18, NULL, 9.223372036854776E18";
        QTest::newRow("bigint % bigint") << "l % k" << "bigint: 1, NULL, NULL, 0, NULL, 0";
        // int op bigint: the int widens first, so nothing wraps at 32 bits.
        QTest::newRow("int + bigint") << "i + k" << "bigint: 4, NULL, NULL, 2147483646, 5, -2147483649";
        QTest::newRow("int * bigint") << "i * k" << "bigint: -21, NULL, NULL, -2147483647, 0, 2147483648";
        QTest::newRow("bigint % int") << "l % j" << "bigint: 0, NULL, NULL, 0, NULL, 0";
        // double op double: IEEE, except that a zero divisor (also -0.0) gives NULL.
        QTest::newRow("double + double") << "d + e" << "double: 2.0, NULL, NULL, Infinity, 5.0, -Infinity";
        QTest::newRow("double - double") << "d - e" << "double: 3.0, NULL, NULL, 0.0, 5.0, -Infinity";
        QTest::newRow("double * double") << "d * e" << "double: -1.25, NULL, NULL, Infinity, 0.0, NaN";
        QTest::newRow("double / double") << "d / e" << "double: -5.0, NULL, NULL, 1.0, NULL, NULL";
        QTest::newRow("double % double") << "d % e" << "double: 0.0, NULL, NULL, 0.0, NULL, NULL";
        // int op double: the int becomes a double.
        QTest::newRow("int * double") << "i * e" << "double: -3.5, NULL, NULL, Infinity, 0.0, 0.0";
        QTest::newRow("double - int") << "d - i" << "double: -4.5, NULL, -2.0, 1.0E308, 0.0, -Infinity";
        // decimal op decimal: DecimalPrecision's result types, exact values, HALF_UP.
        QTest::newRow("decimal + decimal")
            << "m + n" << "decimal(14,3): 124.950, NULL, NULL, 10000000099.989, 5.000, -10000000099.989";
        QTest::newRow("decimal - decimal")
            << "m - n" << "decimal(14,3): 121.950, NULL, NULL, 9999999899.991, 5.000, -9999999899.991";
        QTest::newRow("decimal * decimal")
            << "m * n"
            << "decimal(18,5): 185.17500, NULL, NULL, 999989999999.00001, 0.00000, 999989999999.00001";
        QTest::newRow("decimal / decimal")
            << "m / n"
            << "decimal(21,8): 82.30000000, NULL, NULL, 100001000.00990010, NULL, 100001000.00990010";
        QTest::newRow("decimal % decimal") << "m % n" << "decimal(5,3): 0.450, NULL, NULL, 0.990, NULL, -0.990";
        // int/bigint op decimal: the integer becomes decimal(10,0) / decimal(20,0).
        QTest::newRow("int + decimal")
            << "i + m" << "decimal(13,2): 130.45, NULL, 2.01, 12147483646.99, 10.00, -12147483647.99";
        QTest::newRow("bigint * decimal")
            << "l * n"
            << "decimal(26,3): 105.000, NULL, NULL, 922327980313440725924.193, 0.000, 922327980313440726024.192";
        QTest::newRow("decimal % int") << "m % j" << "decimal(12,2): 1.45, NULL, NULL, 0.99, NULL, -0.99";
        QTest::newRow("decimal % int literal") << "m % 2" << "decimal(3,2): 1.45, NULL, -0.99, 1.99, 1.00, -1.99";
        // decimal op double: both become doubles.
        QTest::newRow("decimal + double")
            << "m + e" << "double: 122.95, NULL, NULL, 1.0E308, 5.0, -9.99999999999E9";
        // decimal(38,0): results that do not fit decimal(38, s) are NULL.
        QTest::newRow("wide decimal + decimal") << "w + w" << "decimal(38,0): 34, NULL, -10, NULL, 10, NULL";
        QTest::newRow("wide decimal * decimal") << "w * w" << "decimal(38,0): 289, NULL, 25, NULL, 25, NULL";
        QTest::newRow("wide decimal - decimal") << "w - w" << "decimal(38,0): 0, NULL, 0, 0, 0, 0";
        // string op number: the string becomes a double; text that is no number gives NULL.
        QTest::newRow("string + int") << "s + j" << "double: 10.0, NULL, NULL, 6.0, NULL, 1499.0";
        QTest::newRow("string / int") << "s / j" << "double: -6.0, NULL, NULL, -7.0, NULL, -1500.0";
        QTest::newRow("decimal * string")
            << "m * s" << "double: 1481.4, NULL, -2.9699999999999998, 6.999999999993E10, NULL, -1.4999999999985E13";
        QTest::newRow("string - string") << "s - s" << "double: 0.0, NULL, 0.0, 0.0, NULL, 0.0";
        // NULL literals take the other side's type (two NULLs: double).
        QTest::newRow("int + NULL") << "i + NULL" << "int: NULL, NULL, NULL, NULL, NULL, NULL";
        QTest::newRow("NULL * decimal") << "NULL * m" << "decimal(12,2): NULL, NULL, NULL, NULL, NULL, NULL";
        QTest::newRow("NULL / NULL") << "NULL / NULL" << "double: NULL, NULL, NULL, NULL, NULL, NULL";
        QTest::newRow("NULL % int") << "NULL % i" << "int: NULL, NULL, NULL, NULL, NULL, NULL";
    }
    void pairs()
    {
        compareRows();
    }

    // A literal on either side is read as one row; results equal the column/column case.
    void literalOperands_data()
    {
        addExpressionColumns();
        QTest::newRow("column + literal") << "i + 1" << "int: 8, NULL, 4, -2147483648, 6, -2147483647";
        QTest::newRow("literal - column") << "1 - i" << "int: -6, NULL, -2, -2147483646, -4, -2147483647";
        QTest::newRow("column % zero") << "i % 0" << "int: NULL, NULL, NULL, NULL, NULL, NULL";
        QTest::newRow("zero % column") << "0 % j" << "int: 0, 0, NULL, 0, NULL, 0";
        QTest::newRow("column / literal")
            << "i / 2" << "double: 3.5, NULL, 1.5, 1.0737418235E9, 2.5, -1.073741824E9";
        QTest::newRow("literal / column") << "1 / e" << "double: -2.0, 0.3333333333333333, NULL, 1.0E-308, NULL, NULL";
        QTest::newRow("bigint literal * column")
            << "3000000000 * i" << "bigint: 21000000000, NULL, 9000000000, 6442450941000000000, 15000000000, -6442450944000000000";
        QTest::newRow("decimal column * int literal")
            << "m * 2" << "decimal(14,2): 246.90, NULL, -1.98, 19999999999.98, 10.00, -19999999999.98";
        QTest::newRow("decimal literal - column")
            << "2.5 - m" << "decimal(13,2): -120.95, NULL, 3.49, -9999999997.49, -2.50, 10000000002.49";
        QTest::newRow("decimal column / zero literal")
            << "m / 0" << "decimal(16,6): NULL, NULL, NULL, NULL, NULL, NULL";
        QTest::newRow("literal op literal") << "2147483647 + 1" << "int: -2147483648, -2147483648, -2147483648, "
                                                                   "-2147483648, -2147483648, -2147483648";
        QTest::newRow("double literal % column") << "7.5D % d" << "double: 0.0, NULL, 0.5, 7.5, 2.5, 7.5";
    }
    void literalOperands()
    {
        compareRows();
    }

    void negation_data()
    {
        addExpressionColumns();
        QTest::newRow("int") << "-i" << "int: -7, NULL, -3, -2147483647, -5, -2147483648";
        QTest::newRow("bigint") << "-l"
                                << "bigint: -70, NULL, -3, -9223372036854775807, -5, -9223372036854775808";
        QTest::newRow("double") << "-e" << "double: 0.5, -3.0, NULL, -1.0E308, -0.0, 0.0";
        QTest::newRow("decimal") << "-m" << "decimal(12,2): -123.45, NULL, 0.99, -9999999999.99, -5.00, 9999999999.99";
        QTest::newRow("string") << "-s" << "double: -12.0, NULL, -3.0, -7.0, NULL, -1500.0";
        QTest::newRow("folded literal") << "-(2147483647 + 0)" << "int: -2147483647, -2147483647, -2147483647, "
                                                                   "-2147483647, -2147483647, -2147483647";
    }
    void negation()
    {
        compareRows();
    }

    // The comparison kernels over each physical type, with NULLs and a literal on either side.
    void comparisons_data()
    {
        addExpressionColumns();
        QTest::newRow("int < int") << "i < j" << "boolean: false, NULL, NULL, false, false, true";
        QTest::newRow("literal <= column") << "3 <= i" << "boolean: true, NULL, true, true, true, false";
        QTest::newRow("null safe int") << "i <=> j" << "boolean: false, false, false, false, false, false";
        QTest::newRow("null safe same") << "i <=> i" << "boolean: true, true, true, true, true, true";
        QTest::newRow("bigint = int") << "l = i" << "boolean: false, NULL, true, false, true, false";
        QTest::newRow("double: -0.0 equals 0.0") << "e = 0D" << "boolean: false, false, NULL, false, true, true";
        QTest::newRow("double: NaN is largest") << "d * e > 1e308" << "boolean: false, NULL, NULL, true, false, true";
        QTest::newRow("decimal vs decimal") << "m >= n" << "boolean: true, NULL, NULL, true, true, false";
        QTest::newRow("string order is bytewise") << "s > '12'" << "boolean: false, NULL, true, false, true, false";
        QTest::newRow("null literal") << "i = NULL" << "boolean: NULL, NULL, NULL, NULL, NULL, NULL";
        QTest::newRow("null safe null literal") << "i <=> NULL" << "boolean: false, true, false, false, false, false";
    }
    void comparisons()
    {
        compareRows();
    }

    // The evaluation mode is the binder's input and sits on every arithmetic node, where the
    // kernels are chosen by it (tst_ansi_mode tests what ANSI does).
    void evalMode()
    {
        for (EvalMode mode : {EvalMode::Legacy, EvalMode::Ansi}) {
            const BoundExprPtr bound = bind(*parseExpression("-(i + j) * 2"), schema(), BindOptions{mode, {}, SparkVersion::Spark35});
            const auto *times = dynamic_cast<const ExprNode *>(bound.get());
            QVERIFY(times && times->op == ExprOp::Multiply);
            QCOMPARE(int(times->evalMode), int(mode));
            QCOMPARE(int(times->args[0]->op), int(ExprOp::Negate));
            QCOMPARE(int(times->args[0]->evalMode), int(mode));
            QCOMPARE(int(times->args[0]->args[0]->evalMode), int(mode));
        }
    }
};

QTEST_APPLESS_MAIN(TestArithmeticKernels)
#include "tst_arithmetic_kernels.moc"
