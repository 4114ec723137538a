// Tests Spark's ANSI evaluation mode (spark.sql.ansi.enabled, the default of the Spark 4.2
// profile): the runtime errors with Spark 4.2.0's exact texts and "== SQL ==" excerpts (copied
// from real Spark 4.2.0 runs of the same expressions with the same row), the values and types of
// AnsiStringPromotionTypeCoercion, that AND / OR / CASE WHEN / coalesce do not fail for rows a
// branch does not take, and that the legacy (3.5) results stay as they were.
#include "test_columns.h"
#include "expr_test.h"
#include "expr/expr_node.h"
#include "expr/expression.h"
#include "expr/runtime_errors.h"

#include "streamstep/value_format.h"

#include <QtTest>

using namespace streamstep;
using namespace streamstep::expr;
using namespace streamstep::testing;

namespace {

Schema schema()
{
    return Schema{{{"accountId", DataType::string(), {}},  {"qty", DataType::int32(), {}},
                  {"big", DataType::int64(), {}},          {"amount", DataType::decimal(12, 2), {}},
                  {"zero", DataType::int32(), {}},         {"s", DataType::string(), {}},
                  {"d", DataType::decimal(38, 2), {}}}};
}

// The row of the Spark runs: ('A1', 2, 3000000000, 10.00, 0, 'x', 10^36 - 1).
ColumnBatch row()
{
    ColumnBatch b = ColumnBatch::empty(schema());
    b.appendRow({Value::string("A1"), Value::int32(2), Value::int64(3000000000LL), Value::decimal(1000, 12, 2),
                 Value::int32(0), Value::string("x"), Value::decimal(maxDecimal38(), 38, 2)});
    return b;
}

BindOptions options(const std::string &text, EvalMode mode)
{
    BindOptions o;
    o.mode = mode;
    o.version = SparkVersion::Spark42;
    o.source = std::make_shared<const ExpressionSource>(ExpressionSource{text, "select column 1"});
    return o;
}

Column evaluate(const std::string &text, EvalMode mode)
{
    const BoundExprPtr bound = bind(*parseExpression(text), schema(), options(text, mode));
    return bound->evaluate(row(), EvalContext{});
}

const std::string kAnsiHint = " If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error.";

// The tables of what an expression gives under a mode: its type and the row's value.
void addTypeAndValueColumns()
{
    addColumns<QString, QString, QString>("expression", "type", "value");
}

void compareTypeAndValue(EvalMode mode)
{
    QFETCH(QString, expression);
    QFETCH(QString, type);
    QFETCH(QString, value);
    const Column c = evaluate(expression.toStdString(), mode);
    QCOMPARE(q(c.type().sparkName()), type);
    QCOMPARE(q(toDisplayString(c.get(0))), value);
}

std::string excerpt(const std::string &lines) { return "\n== SQL (line 1, position 1) ==\n" + lines; }

} // namespace

class TestAnsiMode : public QObject {
    Q_OBJECT

private slots:
    void errors_data()
    {
        addColumns<QString, QString, QString>("expression", "spark", "message");
        const std::string overflow = "[ARITHMETIC_OVERFLOW] overflow. Use '";
        const std::string overflowEnd = "' to tolerate overflow and return NULL instead." + kAnsiHint + " SQLSTATE: 22003";
        const std::string divide = "[DIVIDE_BY_ZERO] Division by zero. Use `try_divide` to tolerate divisor being 0 "
                                   "and return NULL instead."
            + kAnsiHint + " SQLSTATE: 22012";
        auto invalid = [](const std::string &value, const std::string &type) {
            return "[CAST_INVALID_INPUT] The value '" + value + "' of the type \"STRING\" cannot be cast to \"" + type
                + "\" because it is malformed. Correct the value as per the syntax, or change its target type. Use "
                  "`try_cast` to tolerate malformed input and return NULL instead. SQLSTATE: 22018";
        };
        auto row = [](const char *tag, const std::string &e, const std::string &spark, const std::string &message) {
            QTest::newRow(tag) << q(e) << q(spark) << q(message);
        };
        row("int *", "qty * 2147483647", overflow + "try_multiply" + overflowEnd + excerpt("qty * 2147483647\n^^^^^^^^^^^^^^^^\n"),
            "select column 1: int overflow in `qty * 2147483647`");
        row("int +", "qty + 2147483647", overflow + "try_add" + overflowEnd + excerpt("qty + 2147483647\n^^^^^^^^^^^^^^^^\n"),
            "select column 1: int overflow in `qty + 2147483647`");
        row("int -", "qty - (-2147483647)",
            overflow + "try_subtract" + overflowEnd + excerpt("qty - (-2147483647)\n^^^^^^^^^^^^^^^^^^^\n"),
            "select column 1: int overflow in `qty - (-2147483647)`");
        row("long +", "big + 9223372036854775807",
            overflow + "try_add" + overflowEnd + excerpt("big + 9223372036854775807\n^^^^^^^^^^^^^^^^^^^^^^^^^\n"),
            "select column 1: bigint overflow in `big + 9223372036854775807`");
        row("inner span", "1 + qty * 2147483647",
            overflow + "try_multiply" + overflowEnd
                + "\n== SQL (line 1, position 5) ==\n1 + qty * 2147483647\n    ^^^^^^^^^^^^^^^^\n",
            "select column 1: int overflow in `qty * 2147483647`");
        row("two lines", "qty *\n2147483647",
            overflow + "try_multiply" + overflowEnd + excerpt("qty *\n^^^^^\n2147483647\n^^^^^^^^^^\n"),
            "select column 1: int overflow in `qty *\n2147483647`");
        // Spark 4.2's negation: no hint, no query context.
        row("negation", "-(qty - qty - 2147483647 - 1)",
            "[ARITHMETIC_OVERFLOW] overflow." + kAnsiHint + " SQLSTATE: 22003",
            "select column 1: -(int minimum) overflow in `-(qty - qty - 2147483647 - 1)`");
        row("double / 0", "qty / 0", divide + excerpt("qty / 0\n^^^^^^^\n"), "select column 1: division by zero in `qty / 0`");
        row("decimal / 0", "amount / zero", divide + excerpt("amount / zero\n^^^^^^^^^^^^^\n"),
            "select column 1: division by zero in `amount / zero`");
        row("inner / 0", "1 + qty / 0", divide + "\n== SQL (line 1, position 5) ==\n1 + qty / 0\n    ^^^^^^^\n",
            "select column 1: division by zero in `qty / 0`");
        row("% 0", "qty % 0",
            "[REMAINDER_BY_ZERO] Remainder by zero. Use `try_mod` to tolerate divisor being 0 and return NULL instead."
                + kAnsiHint + " SQLSTATE: 22012" + excerpt("qty % 0\n^^^^^^^\n"),
            "select column 1: remainder by zero in `qty % 0`");
        row("cast int", "CAST(accountId AS int)", invalid("A1", "INT") + excerpt("CAST(accountId AS int)\n^^^^^^^^^^^^^^^^^^^^^^\n"),
            "select column 1: the string 'A1' is not a valid int in `CAST(accountId AS int)`");
        row("cast bigint", "CAST(accountId AS bigint)",
            invalid("A1", "BIGINT") + excerpt("CAST(accountId AS bigint)\n^^^^^^^^^^^^^^^^^^^^^^^^^\n"),
            "select column 1: the string 'A1' is not a valid bigint in `CAST(accountId AS bigint)`");
        row("cast double", "CAST(accountId AS double)",
            invalid("A1", "DOUBLE") + excerpt("CAST(accountId AS double)\n^^^^^^^^^^^^^^^^^^^^^^^^^\n"),
            "select column 1: the string 'A1' is not a valid double in `CAST(accountId AS double)`");
        row("cast decimal", "CAST(accountId AS decimal(10,2))",
            invalid("A1", "DECIMAL(10,2)") + excerpt("CAST(accountId AS decimal(10,2))\n^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"),
            "select column 1: the string 'A1' is not a valid decimal(10,2) in `CAST(accountId AS decimal(10,2))`");
        row("cast boolean", "CAST(accountId AS boolean)",
            invalid("A1", "BOOLEAN") + excerpt("CAST(accountId AS boolean)\n^^^^^^^^^^^^^^^^^^^^^^^^^^\n"),
            "select column 1: the string 'A1' is not a valid boolean in `CAST(accountId AS boolean)`");
        row("cast timestamp", "CAST(accountId AS timestamp)",
            invalid("A1", "TIMESTAMP") + excerpt("CAST(accountId AS timestamp)\n^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"),
            "select column 1: the string 'A1' is not a valid timestamp in `CAST(accountId AS timestamp)`");
        row("cast fraction to int", "CAST('1.5' AS int)", invalid("1.5", "INT") + excerpt("CAST('1.5' AS int)\n^^^^^^^^^^^^^^^^^^\n"),
            "select column 1: the string '1.5' is not a valid int in `CAST('1.5' AS int)`");
        // Implicit casts have the span of the operator that needed them.
        row("string + int", "accountId + 1", invalid("A1", "BIGINT") + excerpt("accountId + 1\n^^^^^^^^^^^^^\n"),
            "select column 1: the string 'A1' is not a valid bigint in `accountId + 1`");
        row("literal + int", "'abc' + 1", invalid("abc", "BIGINT") + excerpt("'abc' + 1\n^^^^^^^^^\n"),
            "select column 1: the string 'abc' is not a valid bigint in `'abc' + 1`");
        row("function + int", "upper(accountId) + 1",
            invalid("A1", "BIGINT") + excerpt("upper(accountId) + 1\n^^^^^^^^^^^^^^^^^^^^\n"),
            "select column 1: the string 'A1' is not a valid bigint in `upper(accountId) + 1`");
        row("string = int", "'1.5' = 1", invalid("1.5", "BIGINT") + excerpt("'1.5' = 1\n^^^^^^^^^\n"),
            "select column 1: the string '1.5' is not a valid bigint in `'1.5' = 1`");
        row("timestamp > string", "timestamp'2026-01-01' > accountId",
            invalid("A1", "TIMESTAMP") + excerpt("timestamp'2026-01-01' > accountId\n^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"),
            "select column 1: the string 'A1' is not a valid timestamp in `timestamp'2026-01-01' > accountId`");
        // SQLQueryContext.summary: 32 characters of context either side, then "...".
        row("long after", "CAST(accountId AS int) + 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 14 + 15 + 16",
            invalid("A1", "INT")
                + excerpt("CAST(accountId AS int) + 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8...\n^^^^^^^^^^^^^^^^^^^^^^\n"),
            "select column 1: the string 'A1' is not a valid int in `CAST(accountId AS int)`");
        row("long before", "1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 14 + 15 + CAST(accountId AS int)",
            invalid("A1", "INT")
                + "\n== SQL (line 1, position 67) ==\n...+ 10 + 11 + 12 + 13 + 14 + 15 + CAST(accountId AS int)\n"
                  "                                   ^^^^^^^^^^^^^^^^^^^^^^\n",
            "select column 1: the string 'A1' is not a valid int in `CAST(accountId AS int)`");
        row("second line", "qty +\n 1 + CAST(accountId AS int)",
            invalid("A1", "INT") + "\n== SQL (line 2, position 6) ==\n 1 + CAST(accountId AS int)\n     ^^^^^^^^^^^^^^^^^^^^^^\n",
            "select column 1: the string 'A1' is not a valid int in `CAST(accountId AS int)`");
        // CAST_OVERFLOW carries no query context in Spark.
        row("cast overflow", "CAST(big AS int)",
            "[CAST_OVERFLOW] The value 3000000000L of the type \"BIGINT\" cannot be cast to \"INT\" due to an overflow. "
            "Use `try_cast` to tolerate overflow and return NULL instead. SQLSTATE: 22003",
            "select column 1: 3000000000L does not fit int in `CAST(big AS int)`");
        row("decimal out of range", "CAST(amount * 1000 AS decimal(4,1))",
            "[NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION]  10000.00 cannot be represented as Decimal(4, 1). If "
            "necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error, and return NULL instead. "
            "SQLSTATE: 22003"
                + excerpt("CAST(amount * 1000 AS decimal(4,1))\n^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"),
            "select column 1: 10000.00 does not fit decimal(4,1) in `CAST(amount * 1000 AS decimal(4,1))`");
        // A branch the row takes still fails.
        row("taken branch", "CASE WHEN qty > 0 THEN qty * 2147483647 END",
            overflow + "try_multiply" + overflowEnd
                + "\n== SQL (line 1, position 24) ==\nCASE WHEN qty > 0 THEN qty * 2147483647 END\n"
                  "                       ^^^^^^^^^^^^^^^^\n",
            "select column 1: int overflow in `qty * 2147483647`");
    }

    void errors()
    {
        QFETCH(QString, expression);
        QFETCH(QString, spark);
        QFETCH(QString, message);
        try {
            const Column c = evaluate(expression.toStdString(), EvalMode::Ansi);
            QFAIL(qPrintable("no error, got " + q(toDisplayString(c.get(0)))));
        } catch (const Error &e) {
            QCOMPARE(int(e.kind()), int(ErrorKind::Runtime));
            QVERIFY(e.sparkMessage());
            QCOMPARE(q(*e.sparkMessage()), spark);
            QCOMPARE(q(e.message()), message);
        }
    }

    // What ANSI gives where it does not fail (the types are Spark 4.2.0's typeof()).
    void values_data()
    {
        addTypeAndValueColumns();
        QTest::newRow("'5' + 1") << "'5' + 1" << "bigint" << "6";
        QTest::newRow("qty + '1'") << "qty + '1'" << "bigint" << "3";
        QTest::newRow("'5' * 1.5") << "'5' * 1.5" << "double" << "7.5";
        QTest::newRow("'8' / qty") << "'8' / qty" << "double" << "4.0";
        QTest::newRow("'2' = qty") << "'2' = qty" << "boolean" << "true";
        QTest::newRow("trimmed cast") << "CAST(' 7 ' AS int)" << "int" << "7";
        QTest::newRow("big * big fits") << "big * big" << "bigint" << "9000000000000000000";
        // Spark evaluates a branch only for the rows that take it.
        QTest::newRow("case guards") << "CASE WHEN zero = 0 THEN NULL ELSE amount / zero END" << "decimal(23,13)" << "NULL";
        QTest::newRow("and guards") << "zero <> 0 AND qty / zero > 1" << "boolean" << "false";
        QTest::newRow("or guards") << "zero = 0 OR CAST(accountId AS int) > 1" << "boolean" << "true";
        QTest::newRow("coalesce guards") << "coalesce(qty, qty * 2147483647)" << "int" << "2";
        QTest::newRow("else taken") << "CASE WHEN zero = 1 THEN CAST(s AS int) ELSE qty + 1 END" << "int" << "3";
        QTest::newRow("literal overflow unfolded") << "CASE WHEN qty > 5 THEN -(-2147483647 - 1) ELSE 0 END" << "int" << "0";
    }

    void values()
    {
        compareTypeAndValue(EvalMode::Ansi);
    }

    // Spark 3.5's non-ANSI results of the same expressions stay.
    void legacy_data()
    {
        addTypeAndValueColumns();
        QTest::newRow("wraps") << "qty * 2147483647" << "int" << "-2";
        QTest::newRow("negation wraps") << "-(qty - qty - 2147483647 - 1)" << "int" << "-2147483648";
        QTest::newRow("/ 0") << "amount / zero" << "decimal(23,13)" << "NULL";
        QTest::newRow("% 0") << "qty % 0" << "int" << "NULL";
        QTest::newRow("malformed cast") << "CAST(accountId AS int)" << "int" << "NULL";
        QTest::newRow("fraction cast") << "CAST('1.5' AS int)" << "int" << "1";
        QTest::newRow("'5' + 1 is double") << "'5' + 1" << "double" << "6.0";
        QTest::newRow("string + int") << "accountId + 1" << "double" << "NULL";
        QTest::newRow("'1.5' = 1") << "'1.5' = 1" << "boolean" << "true";
        QTest::newRow("cast overflow wraps") << "CAST(big AS int)" << "int" << "-1294967296";
        QTest::newRow("decimal out of range") << "CAST(amount * 1000 AS decimal(4,1))" << "decimal(4,1)" << "NULL";
    }

    void legacy()
    {
        compareTypeAndValue(EvalMode::Legacy);
    }

    // Spark's CheckOverflowInSum: a decimal sum beyond decimal(38,2) is NULL, or fails under ANSI.
    void decimalSumOverflow()
    {
        const std::string text = "sum(d)";
        for (EvalMode mode : {EvalMode::Legacy, EvalMode::Ansi}) {
            const BoundAggregate aggregate = bindAggregate(parseNamedExpression(text), schema(), Schema{}, options(text, mode));
            QCOMPARE(aggregate.calls.size(), size_t(1));
            const AggregateCall &call = aggregate.calls[0];
            AggregateState state;
            const ColumnBatch b = row();
            const Column argument = call.argument->evaluate(b, EvalContext{});
            updateAggregate(call, state, &argument, 0);
            updateAggregate(call, state, &argument, 0);
            if (mode == EvalMode::Legacy) {
                QVERIFY(aggregateResult(call, state).isNull());
                continue;
            }
            try {
                aggregateResult(call, state);
                QFAIL("no error");
            } catch (const Error &e) {
                QCOMPARE(q(*e.sparkMessage()),
                         q("[ARITHMETIC_OVERFLOW] Overflow in sum of decimals. Use 'try_sum' to tolerate overflow and "
                           "return NULL instead."
                           + kAnsiHint + " SQLSTATE: 22003" + excerpt("sum(d)\n^^^^^^\n")));
                QCOMPARE(q(e.message()), QString("select column 1: the sum overflows decimal(38,2) in `sum(d)`"));
            }
        }
    }

    // StreamStep's line follows Spark's text, whose excerpt ends with a newline.
    void errorText()
    {
        try {
            evaluate("qty / 0", EvalMode::Ansi);
            QFAIL("no error");
        } catch (const Error &e) {
            QCOMPARE(q(streamstep::errorText(e.relocated("batch 0 (step 0) failed: " + e.message()))),
                     q("StreamingQueryException: [DIVIDE_BY_ZERO] Division by zero. Use `try_divide` to tolerate "
                       "divisor being 0 and return NULL instead."
                       + kAnsiHint + " SQLSTATE: 22012\n== SQL (line 1, position 1) ==\nqty / 0\n^^^^^^^\n"
                                     "  batch 0 (step 0) failed: select column 1: division by zero in `qty / 0`"));
        }
    }
};

QTEST_APPLESS_MAIN(TestAnsiMode)
#include "tst_ansi_mode.moc"
