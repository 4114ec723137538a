// Tests toSql (expr/sql_printer.cpp), the Spark SQL text of bound expressions: readable texts
// (implicit casts left out, literals as Spark writes them, names backquoted where needed), and
// for every operator and function: print -> parse -> bind gives the same type and the same values
// on sample data, and printing that again gives the same text.
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
    return Schema{{{"accountId", DataType::string(), {}}, {"amount", DataType::decimal(12, 2), {}},
                  {"eventTime", DataType::timestamp(), {}}, {"qty", DataType::int32(), {}},
                  {"big", DataType::int64(), {}},          {"price", DataType::float64(), {}},
                  {"flag", DataType::boolean(), {}},       {"note", DataType::string(), {}},
                  {"window", DataType::window(), {}},      {"odd name", DataType::int32(), {}},
                  {"end", DataType::int32(), {}},          {"current_timestamp", DataType::timestamp(), {}},
                  {"a`b", DataType::string(), {}},         {"1st", DataType::int32(), {}},
                  {"wide", DataType::decimal(38, 0), {}}}};
}

ColumnBatch sampleRows()
{
    const Int128 max38 = maxDecimal38();
    ColumnBatch b = ColumnBatch::empty(schema());
    const Value null = Value::null();
    b.appendRow({Value::string("A1"), Value::decimal(25000010, 12, 2), Value::timestamp(1'772'359'260'000'000),
                 Value::int32(3), Value::int64(3'000'000'000LL), Value::float64(2.5), Value::boolean(true),
                 Value::string("it's \\ 100%"), Value::window(1'772'359'200'000'000, 1'772'359'500'000'000),
                 Value::int32(1), Value::int32(2), Value::timestamp(0), Value::string("x"), Value::int32(4),
                 Value::decimal(max38, 38, 0)});
    b.appendRow({null, null, null, null, null, null, null, null, null, null, null, null, null, null, null});
    b.appendRow({Value::string("b-2"), Value::decimal(-99, 12, 2), Value::timestamp(-1), Value::int32(-2147483647 - 1),
                 Value::int64(std::numeric_limits<int64_t>::max()), Value::float64(std::nan("")), Value::boolean(false),
                 Value::string("2026-03-01 10:00:00"), Value::window(0, 5), Value::int32(0), Value::int32(-1),
                 Value::timestamp(1), Value::string(""), Value::int32(0), Value::decimal(-1, 38, 0)});
    return b;
}

std::string printed(const std::string &text)
{
    return toSql(*bind(*parseExpression(text), schema()), schema());
}

// Row values as text (NaN compares equal to NaN here, as it should).
std::string valuesOf(const BoundExpr &e, const ColumnBatch &batch)
{
    EvalContext context;
    context.currentTimestampMicros = 1'772'359'200'000'000;
    return joinedValues(e.evaluate(batch, context), " | ", [](const Column &c, size_t r) {
        return c.isNull(r) ? std::string("NULL") : toJsonText(c.get(r));
    });
}

// Empty when the printed text of `text` binds to the same type and values and prints the same;
// else what differs.
std::string roundTripProblem(const std::string &text)
{
    const Schema s = schema();
    const ColumnBatch batch = sampleRows();
    const BoundExprPtr original = bind(*parseExpression(text), s);
    const std::string sql = toSql(*original, s);
    BoundExprPtr again;
    try {
        again = bind(*parseExpression(sql), s);
    } catch (const Error &e) {
        return sql + " does not bind: " + e.message();
    }
    if (!(again->type == original->type))
        return sql + " has type " + again->type.sparkName() + ", not " + original->type.sparkName();
    if (valuesOf(*again, batch) != valuesOf(*original, batch))
        return sql + " gives " + valuesOf(*again, batch) + ", not " + valuesOf(*original, batch);
    if (toSql(*again, s) != sql)
        return sql + " prints again as " + toSql(*again, s);
    return {};
}

} // namespace

class TestSqlPrinter : public QObject {
    Q_OBJECT

private slots:
    void texts_data()
    {
        addColumns<QString, QString>("text", "sql");
        // Literals as written; the casts the binder adds to compare or add them are left out.
        QTest::newRow("decimal literal") << "amount > 100000.00" << "amount > 100000.00";
        QTest::newRow("int literal against decimal") << "amount > 100000" << "amount > 100000";
        QTest::newRow("int column plus decimal") << "qty + amount" << "qty + amount";
        QTest::newRow("string compared to timestamp") << "eventTime > '2026-03-01'" << "eventTime > '2026-03-01'";
        QTest::newRow("string in arithmetic") << "'1.5' + qty" << "'1.5' + qty";
        QTest::newRow("null literal") << "qty + NULL" << "qty + NULL";
        QTest::newRow("bigint literal") << "big + 3000000000" << "big + 3000000000L";
        QTest::newRow("long suffix") << "big * 2L" << "big * 2L";
        QTest::newRow("double literal") << "price * 1.5e3" << "price * 1500.0D";
        QTest::newRow("negative literal") << "qty > -5" << "qty > -5";
        QTest::newRow("folded negation") << "-(1.50) < amount" << "-1.50 < amount";
        QTest::newRow("timestamp literal") << "eventTime >= TIMESTAMP '2026-03-01 10:00:00'"
                                           << "eventTime >= TIMESTAMP '2026-03-01 10:00:00'";
        QTest::newRow("timestamp with fraction") << "TIMESTAMP '2026-03-01 10:00:00.25'"
                                                 << "TIMESTAMP '2026-03-01 10:00:00.25'";
        QTest::newRow("string escapes") << "concat('it''s', '\\\\', 'a\\nb')" << "concat('it\\'s', '\\\\', 'a\\nb')";
        QTest::newRow("boolean literals") << "flag = TRUE OR FALSE" << "flag = true OR false";
        // Written casts stay, also of literals (the binder does not fold them).
        QTest::newRow("explicit cast") << "CAST(amount AS STRING)" << "CAST(amount AS STRING)";
        QTest::newRow("explicit cast of literal") << "CAST(1 AS DECIMAL(38,0))" << "CAST(1 AS DECIMAL(38,0))";
        QTest::newRow("cast to long") << "CAST(eventTime AS long)" << "CAST(eventTime AS BIGINT)";
        // Operators as written, with parentheses only where precedence needs them.
        QTest::newRow("not equal") << "qty != 3" << "qty <> 3";
        QTest::newRow("double equals") << "qty == 3" << "qty = 3";
        QTest::newRow("null safe") << "note <=> NULL" << "note <=> NULL";
        QTest::newRow("not") << "NOT flag" << "NOT flag";
        QTest::newRow("negate") << "-qty" << "-qty";
        QTest::newRow("is not null") << "note IS NOT NULL" << "note IS NOT NULL";
        QTest::newRow("in") << "qty IN (1, 2.5)" << "qty IN (1, 2.5)";
        QTest::newRow("not in") << "accountId NOT IN ('A1', 'B2')" << "accountId NOT IN ('A1', 'B2')";
        QTest::newRow("between") << "qty BETWEEN 1 AND 3" << "qty BETWEEN 1 AND 3";
        QTest::newRow("like") << "accountId LIKE 'A\\\\%'" << "accountId LIKE 'A\\\\%'";
        QTest::newRow("not like") << "accountId NOT LIKE 'A%'" << "accountId NOT LIKE 'A%'";
        QTest::newRow("case") << "CASE WHEN qty > 2 THEN 'many' WHEN qty > 0 THEN 'some' END"
                              << "CASE WHEN qty > 2 THEN 'many' WHEN qty > 0 THEN 'some' END";
        QTest::newRow("case with else") << "CASE WHEN flag THEN 1 ELSE 2.5 END" << "CASE WHEN flag THEN 1 ELSE 2.5 END";
        QTest::newRow("simple case") << "CASE qty WHEN 3 THEN 'three' END" << "CASE WHEN qty = 3 THEN 'three' END";
        QTest::newRow("interval") << "eventTime + INTERVAL 1 MONTH" << "eventTime + INTERVAL '1 months'";
        QTest::newRow("minus interval") << "eventTime - INTERVAL '1 hour 1 minute 1.5 seconds'"
                                        << "eventTime - INTERVAL '1 hours 1 minutes 1 seconds 500000 microseconds'";
        QTest::newRow("parentheses for precedence") << "(qty + 1) * 2" << "(qty + 1) * 2";
        QTest::newRow("redundant parentheses dropped") << "((qty * 2)) + (1)" << "qty * 2 + 1";
        QTest::newRow("right operand of the same level") << "qty - (big - 1)" << "qty - (big - 1)";
        QTest::newRow("left operand of the same level") << "(qty - big) - 1" << "qty - big - 1";
        QTest::newRow("or under and") << "flag AND (flag OR note IS NULL)" << "flag AND (flag OR note IS NULL)";
        QTest::newRow("and under not") << "NOT (flag AND flag)" << "NOT (flag AND flag)";
        QTest::newRow("not under a predicate") << "(NOT flag) IS NULL" << "(NOT flag) IS NULL";
        QTest::newRow("not of not") << "NOT NOT flag" << "NOT NOT flag";
        QTest::newRow("negation of a sum") << "-(qty + 1)" << "-(qty + 1)";
        QTest::newRow("negation of a negation") << "-(-qty)" << "- -qty";
        QTest::newRow("comparison of comparisons") << "(qty = 1) = (big = 2)" << "qty = 1 = (big = 2)";
        QTest::newRow("between with expressions") << "qty + 1 BETWEEN big - 1 AND big * 2"
                                                  << "qty + 1 BETWEEN big - 1 AND big * 2";
        QTest::newRow("not between") << "qty NOT BETWEEN 1 AND 3" << "qty NOT BETWEEN 1 AND 3";
        QTest::newRow("not between, long operands") // texts beyond the short-string buffer
            << "CAST(accountId AS DECIMAL(38,0)) NOT BETWEEN 99999999999999999999999999999999999999 AND 'a long text'"
            << "CAST(accountId AS DECIMAL(38,0)) NOT BETWEEN 99999999999999999999999999999999999999BD AND 'a long text'";
        QTest::newRow("comparisons written out") << "qty >= 1 AND qty <= 3" << "qty BETWEEN 1 AND 3";
        QTest::newRow("not of an equality") << "NOT (qty = 3)" << "qty <> 3";
        QTest::newRow("window fields") << "window.end > window.start" << "window.end > window.start";
        // Functions by Spark's name, with the defaults Spark fills in.
        QTest::newRow("alias") << "ucase(accountId)" << "upper(accountId)";
        QTest::newRow("round default") << "round(amount)" << "round(amount, 0)";
        QTest::newRow("substring default") << "substr(accountId, 2)" << "substring(accountId, 2, 2147483647)";
        QTest::newRow("to_timestamp is a cast") << "to_timestamp(note)" << "CAST(note AS TIMESTAMP)";
        QTest::newRow("unix_timestamp defaults") << "unix_timestamp()"
                                                 << "unix_timestamp(current_timestamp(), 'yyyy-MM-dd HH:mm:ss')";
        QTest::newRow("now") << "now()" << "current_timestamp()";
        QTest::newRow("concat of a number") << "concat(accountId, '-', qty)" << "concat(accountId, '-', qty)";
        // Names Spark would read otherwise are backquoted.
        QTest::newRow("space in name") << "`odd name` + 1" << "`odd name` + 1";
        QTest::newRow("keyword name") << "`end` > 1" << "`end` > 1";
        QTest::newRow("function-like name") << "`current_timestamp` < eventTime" << "`current_timestamp` < eventTime";
        QTest::newRow("backquote in name") << "`a``b` = 'x'" << "`a``b` = 'x'";
        QTest::newRow("leading digit") << "`1st` = 1" << "`1st` = 1";
        QTest::newRow("schema spelling") << "AMOUNT > 1" << "amount > 1";
    }
    void texts()
    {
        compareTextColumns("text", "sql", printed);
    }

    // Literals without a literal syntax of their exact type (made by folding, not by parsing).
    void literalsOfOtherTypes_data()
    {
        addColumns<int, QString>("which", "sql");
        QTest::newRow("typed null") << 0 << "CAST(NULL AS INT)";
        QTest::newRow("NaN") << 1 << "CAST('NaN' AS DOUBLE)";
        QTest::newRow("-Infinity") << 2 << "CAST('-Infinity' AS DOUBLE)";
        QTest::newRow("wide decimal") << 3 << "CAST(1BD AS DECIMAL(38,0))";
        QTest::newRow("decimal at a wider scale") << 4 << "CAST(1.50 AS DECIMAL(12,2))";
        QTest::newRow("year 10000") << 5 << "TIMESTAMP '+10000-01-01 00:00:00'";
        QTest::newRow("latest timestamp") << 8 << "TIMESTAMP '+294247-01-10 04:00:54.775807'";
        QTest::newRow("earliest timestamp") << 9 << "TIMESTAMP '-290308-12-21 19:59:05.224192'";
        QTest::newRow("negative zero") << 6 << "-0.0D";
        QTest::newRow("most negative bigint") << 7 << "-9223372036854775808L";
    }
    void literalsOfOtherTypes()
    {
        QFETCH(int, which);
        QFETCH(QString, sql);
        const std::vector<NodePtr> literals = {
            makeLiteral(Value::null(), DataType::int32()),
            makeLiteral(Value::float64(std::nan("")), DataType::float64()),
            makeLiteral(Value::float64(-std::numeric_limits<double>::infinity()), DataType::float64()),
            makeLiteral(Value::decimal(1, 38, 0), DataType::decimal(38, 0)),
            makeLiteral(Value::decimal(150, 12, 2), DataType::decimal(12, 2)),
            makeLiteral(Value::timestamp(253'402'300'800'000'000), DataType::timestamp()),
            makeLiteral(Value::float64(-0.0), DataType::float64()),
            makeLiteral(Value::int64(std::numeric_limits<int64_t>::min()), DataType::int64()),
            makeLiteral(Value::timestamp(std::numeric_limits<int64_t>::max()), DataType::timestamp()),
            makeLiteral(Value::timestamp(std::numeric_limits<int64_t>::min()), DataType::timestamp())};
        const NodePtr &literal = literals[static_cast<size_t>(which)];
        const std::string text = toSql(*literal, schema());
        QCOMPARE(q(text), sql);
        // The text binds to a literal-valued expression of exactly that type and value.
        const BoundExprPtr again = bind(*parseExpression(text), schema());
        QCOMPARE(q(again->type.sparkName()), q(literal->type.sparkName()));
        QCOMPARE(q(valuesOf(*again, sampleRows())), q(valuesOf(*literal, sampleRows())));
    }

    // Every operator and every function, with implicit casts of each kind.
    void roundTrip_data()
    {
        QTest::addColumn<QString>("text");
        for (const char *text : {
                 "amount + qty", "amount - price", "big * qty", "amount / 3", "qty / 2", "big % 7", "price % 0",
                 "-amount", "-(qty + 1)", "qty = '3'", "amount < 250000.1", "eventTime <= '2026-03-01 10:01:00'",
                 "flag = 1", "note <=> accountId", "price > 2", "qty >= big", "flag AND qty > 1",
                 "flag OR NULL", "NOT (qty < 0)", "note IS NULL", "amount IS NOT NULL",
                 "qty IN (1, 2.5, NULL)", "accountId IN ('A1', note)", "eventTime IN ('2026-03-01 10:01:00')",
                 "qty NOT IN (1, 2)", "amount BETWEEN 1 AND 100.5", "accountId LIKE 'A%'", "qty LIKE '3'",
                 "note NOT LIKE '%\\\\%%'", "CASE WHEN flag THEN 1 ELSE 2.5 END", "CASE qty WHEN 3 THEN 'x' END",
                 "CASE WHEN flag THEN NULL ELSE to_timestamp(NULL) END", "CASE WHEN NULL THEN 1 END",
                 "CAST(amount AS STRING)", "CAST(note AS INT)", "CAST(price AS DECIMAL(5,1))", "CAST(qty AS BOOLEAN)",
                 "CAST(eventTime AS DOUBLE)", "CAST(1.5 AS TIMESTAMP)", "CAST(NULL AS BIGINT) + 1",
                 "eventTime + INTERVAL 5 MINUTES", "eventTime - INTERVAL '1 hour'",
                 "eventTime + INTERVAL '1 month -2 days'", "window.start + INTERVAL 1 SECOND", "window = window",
                 "upper(accountId)", "ucase(qty)", "lower(note)", "lcase(amount)", "length(note)",
                 "char_length(accountId)", "character_length(amount)", "concat(accountId, qty, window)", "concat()",
                 "substring(note, 2)", "substr(accountId, -1, 1)", "substring(note, qty, big)", "abs(qty)",
                 "abs(amount)", "abs('-1.5')", "round(amount, 1)", "round(amount)", "round(price, -1)",
                 "round(qty, 2L)", "coalesce(note, accountId)", "coalesce(qty, big, amount)", "coalesce(NULL, 1)",
                 "date_format(eventTime, 'yyyy-MM-dd HH:mm')", "date_format(note, 'yyyy')",
                 "to_timestamp(note)", "to_timestamp('01/03/2026', 'dd/MM/yyyy')", "to_timestamp(eventTime, 'y')",
                 "unix_timestamp(eventTime)", "unix_timestamp(note, 'yyyy-MM-dd HH:mm:ss')", "unix_timestamp()",
                 "timestamp_seconds(big)", "timestamp_seconds(1.5)", "timestamp_seconds(price)",
                 "current_timestamp()", "now() > eventTime", "`odd name` * `end` - `1st`",
                 "`a``b` = note", "`current_timestamp` = eventTime", "wide + 1", "wide * wide",
                 "'abc' + 1", "NULL + NULL", "-9223372036854775808L + big", "-2147483648 + qty",
                 "12345678901234567890 + big", "1.5D * price", "price > CAST('NaN' AS DOUBLE)",
                 "'\\u0000\\u0001' = note", "concat('a\\tb', '\\n', '\\\\', '''')"})
            QTest::newRow(text) << QString::fromUtf8(text);
    }
    void roundTrip()
    {
        QFETCH(QString, text);
        const std::string problem = roundTripProblem(text.toStdString());
        QVERIFY2(problem.empty(), problem.c_str());
    }

    // All pairs of a set of operands under every binary operator: each pair that binds
    // round-trips.
    void roundTripEveryPair()
    {
        const std::vector<std::string> operands = {
            "qty", "big", "price", "amount", "wide", "accountId", "flag", "eventTime", "window.start", "NULL",
            "0", "-1", "2147483647", "9223372036854775807L", "1.5", "0.00", "1.5D", "'x'", "'3'", "TRUE",
            "TIMESTAMP '2026-03-01 10:00:00'", "CAST(NULL AS INT)", "CAST(1 AS DECIMAL(38,0))"};
        const std::vector<std::string> operators = {"+", "-", "*", "/", "%", "=", "<>", "<", "<=", ">",
                                                    ">=", "<=>", "AND", "OR"};
        int bound = 0;
        for (const std::string &a : operands)
            for (const std::string &b : operands)
                for (const std::string &op : operators) {
                    const std::string text = a + " " + op + " " + b;
                    try {
                        bind(*parseExpression(text), schema());
                    } catch (const Error &) {
                        continue; // a type mismatch: nothing to print
                    }
                    ++bound;
                    const std::string problem = roundTripProblem(text);
                    QVERIFY2(problem.empty(), (text + ": " + problem).c_str());
                }
        QVERIFY(bound > 3000);
    }
};

QTEST_APPLESS_MAIN(TestSqlPrinter)
#include "tst_sql_printer.moc"
