// Tests name resolution and Spark 3.5 (non-ANSI) typing: result types of arithmetic
// (DecimalPrecision), coercions, error messages with positions, and output fields.
#include "test_columns.h"
#include "expr_test.h"
#include "expr/expression.h"

#include <QtTest>

using namespace streamstep;
using namespace streamstep::expr;
using namespace streamstep::testing;

namespace {

Schema transactions()
{
    return Schema{{
        {"accountId", DataType::string(), {}},
        {"branchCode", DataType::string(), {}},
        {"amount", DataType::decimal(12, 2), {}},
        {"eventTime", DataType::timestamp(), 600000},
        {"qty", DataType::int32(), {}},
        {"big", DataType::int64(), {}},
        {"price", DataType::float64(), {}},
        {"flag", DataType::boolean(), {}},
        {"window", DataType::window(), 600000},
    }};
}

} // namespace

class TestExprBinder : public QObject {
    Q_OBJECT

private slots:
    void resultTypes_data()
    {
        addColumns<QString, QString>("text", "type");
        // DecimalPrecision (Spark 3.5 arithmetic.scala), literals take the digits they need.
        QTest::newRow("decimal literals add") << "250000.10 + 0.20" << "decimal(9,2)";
        QTest::newRow("decimal + int literal") << "amount + 1" << "decimal(13,2)";
        QTest::newRow("decimal * int literal") << "amount * 2" << "decimal(14,2)";
        QTest::newRow("decimal / int literal") << "amount / 2" << "decimal(16,6)";
        QTest::newRow("decimal * decimal") << "amount * amount" << "decimal(25,4)";
        QTest::newRow("decimal - decimal") << "amount - amount" << "decimal(13,2)";
        QTest::newRow("decimal / decimal") << "amount / amount" << "decimal(27,15)";
        QTest::newRow("decimal % int literal") << "amount % 3" << "decimal(3,2)";
        QTest::newRow("decimal + int column") << "amount + qty" << "decimal(13,2)";
        QTest::newRow("decimal + bigint column") << "amount + big" << "decimal(23,2)";
        QTest::newRow("decimal + double") << "amount + price" << "double";
        QTest::newRow("literal division") << "1.0 / 3" << "decimal(7,6)";
        QTest::newRow("precision loss") << "CAST(amount AS decimal(38,10)) * amount"
                                        << "decimal(38,6)";
        QTest::newRow("int + int") << "qty + 1" << "int";
        QTest::newRow("int + bigint") << "qty + big" << "bigint";
        QTest::newRow("int / int") << "qty / 2" << "double";
        QTest::newRow("int % int") << "qty % 3" << "int";
        QTest::newRow("bigint % int") << "big % 3" << "bigint";
        QTest::newRow("int + double") << "qty + price" << "double";
        QTest::newRow("string + int") << "'abc' + 1" << "double";
        QTest::newRow("string column + int") << "accountId + 1" << "double";
        QTest::newRow("null + null") << "NULL + NULL" << "double";
        QTest::newRow("int + null") << "qty + NULL" << "int";
        QTest::newRow("negate") << "-amount" << "decimal(12,2)";
        QTest::newRow("comparison") << "qty > '5'" << "boolean";
        QTest::newRow("timestamp vs string") << "eventTime > '2026-03-01'" << "boolean";
        QTest::newRow("boolean = 1") << "flag = 1" << "boolean";
        QTest::newRow("upper") << "upper(accountId)" << "string";
        QTest::newRow("upper of number") << "upper(qty)" << "string";
        QTest::newRow("length") << "length(accountId)" << "int";
        QTest::newRow("round decimal") << "round(amount, 1)" << "decimal(12,1)";
        QTest::newRow("round decimal default") << "round(amount)" << "decimal(11,0)";
        QTest::newRow("round decimal wider scale") << "round(amount, 5)" << "decimal(13,2)";
        QTest::newRow("round negative scale") << "round(amount, -2)" << "decimal(11,0)";
        QTest::newRow("round double") << "round(price, 2)" << "double";
        QTest::newRow("abs") << "abs(qty)" << "int";
        QTest::newRow("abs string") << "abs('-1')" << "double";
        QTest::newRow("coalesce widening") << "coalesce(qty, big)" << "bigint";
        QTest::newRow("coalesce decimal") << "coalesce(amount, 0)" << "decimal(12,2)";
        QTest::newRow("case common type") << "CASE WHEN flag THEN 1 ELSE 2.5 END" << "decimal(11,1)";
        QTest::newRow("case without else") << "CASE WHEN flag THEN 'x' END" << "string";
        QTest::newRow("case string promotion") << "CASE WHEN flag THEN 1 ELSE 'x' END" << "string";
        QTest::newRow("cast") << "CAST(amount AS STRING)" << "string";
        QTest::newRow("timestamp + interval") << "eventTime + INTERVAL 5 MINUTES" << "timestamp";
        QTest::newRow("timestamp - interval") << "eventTime - INTERVAL '1 hour'" << "timestamp";
        QTest::newRow("unix_timestamp") << "unix_timestamp(eventTime)" << "bigint";
        QTest::newRow("date_format") << "date_format(eventTime, 'yyyy-MM-dd')" << "string";
        QTest::newRow("to_timestamp") << "to_timestamp(accountId)" << "timestamp";
        QTest::newRow("to_timestamp format") << "to_timestamp(accountId, 'dd/MM/yyyy')" << "timestamp";
        QTest::newRow("timestamp_seconds") << "timestamp_seconds(big)" << "timestamp";
        QTest::newRow("current_timestamp") << "current_timestamp()" << "timestamp";
        QTest::newRow("concat") << "concat(accountId, qty)" << "string";
        QTest::newRow("substring") << "substring(accountId, 2)" << "string";
        QTest::newRow("in widening") << "qty IN (1, 2.5)" << "boolean";
        QTest::newRow("like") << "accountId LIKE 'A%'" << "boolean";
        QTest::newRow("window field") << "window.start" << "timestamp";
        QTest::newRow("window column") << "window" << "struct<start:timestamp,end:timestamp>";
        QTest::newRow("between") << "amount BETWEEN 1 AND 100.5" << "boolean";
    }
    void resultTypes()
    {
        compareTextColumns("text", "type", [](const std::string &text) {
            return bind(*parseExpression(text), transactions())->type.sparkName();
        });
    }

    void errors_data()
    {
        addColumns<QString, QString, int>("text", "message", "column");
        QTest::newRow("typo") << "amout > 100" << "unknown column 'amout' (did you mean 'amount'?)" << 1;
        QTest::newRow("typo later") << "accountId = 'x' AND amout > 1"
                                    << "unknown column 'amout' (did you mean 'amount'?)" << 21;
        QTest::newRow("far off") << "zzzzzzzzzz + 1"
                                 << "unknown column 'zzzzzzzzzz' (available columns: accountId, "
                                    "branchCode, amount, eventTime, qty, big, price, flag, window)"
                                 << 1;
        QTest::newRow("unknown function") << "qty + sqrtt(amount)" << "unknown function 'sqrtt'" << 7;
        QTest::newRow("boolean arithmetic")
            << "true + 1"
            << "[DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES] Cannot resolve \"(true + 1)\" due to data "
               "type mismatch: the left and right operands of the binary operator have incompatible "
               "types (\"BOOLEAN\" and \"INT\")."
            << 1;
        QTest::newRow("boolean + boolean")
            << "flag + flag"
            << "[DATATYPE_MISMATCH.BINARY_OP_WRONG_TYPE] Cannot resolve \"(flag + flag)\" due to "
               "data type mismatch: the binary operator requires the input type (\"NUMERIC\" or "
               "\"INTERVAL DAY TO SECOND\" or \"INTERVAL YEAR TO MONTH\" or \"INTERVAL\"), not "
               "\"BOOLEAN\"."
            << 1;
        QTest::newRow("timestamp vs int")
            << "qty = 1 OR eventTime > 5"
            << "[DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES] Cannot resolve \"(eventTime > 5)\" due to "
               "data type mismatch: the left and right operands of the binary operator have "
               "incompatible types (\"TIMESTAMP\" and \"INT\")."
            << 12;
        QTest::newRow("and on ints")
            << "qty AND qty"
            << "[DATATYPE_MISMATCH.BINARY_OP_WRONG_TYPE] Cannot resolve \"(qty AND qty)\" due to "
               "data type mismatch: the binary operator requires the input type \"BOOLEAN\", not "
               "\"INT\"."
            << 1;
        QTest::newRow("not on int")
            << "NOT qty"
            << "[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE] Cannot resolve \"(NOT qty)\" due to data "
               "type mismatch: Parameter 1 requires the \"BOOLEAN\" type, however \"qty\" has the "
               "type \"INT\"."
            << 1;
        QTest::newRow("aggregate in bind") << "sum(amount) > 1"
                                           << "aggregate function sum is only allowed in groupBy aggs" << 1;
        QTest::newRow("window in bind")
            << "window(eventTime, '5 minutes')"
            << "window() is only allowed as a groupBy key, select or withColumn expression" << 1;
        QTest::newRow("session_window in bind")
            << "session_window(eventTime, '5 minutes')"
            << "session_window() is only allowed as a groupBy key, select or withColumn expression" << 1;
        QTest::newRow("wrong arity")
            << "upper(accountId, 1)"
            << "[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] The `upper` requires 1 parameters but the actual "
               "number is 2."
            << 1;
        QTest::newRow("bad struct field") << "window.middle" << "No such struct field middle in start, end" << 1;
        QTest::newRow("bad like escape")
            << "accountId LIKE 'a\\\\b'"
            << "The pattern 'a\\b' is invalid, the escape character is not allowed to precede 'b'." << 16;
        QTest::newRow("case mixed types")
            << "CASE WHEN flag THEN 1 ELSE flag END"
            << "[DATATYPE_MISMATCH.DATA_DIFF_TYPES] Cannot resolve \"CASE WHEN flag THEN 1 ELSE flag "
               "END\" due to data type mismatch: Input to `casewhen` should all be the same type, "
               "but it's [\"INT\", \"BOOLEAN\"]."
            << 1;
        QTest::newRow("cast window")
            << "CAST(window AS timestamp)"
            << "[DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION] Cannot resolve \"CAST(window AS "
               "TIMESTAMP)\" due to data type mismatch: cannot cast \"STRUCT<start: TIMESTAMP, end: "
               "TIMESTAMP>\" to \"TIMESTAMP\"."
            << 1;
        QTest::newRow("bare interval") << "INTERVAL 5 MINUTES"
                                       << "interval values are only supported as `timestamp + "
                                          "INTERVAL …` or `timestamp - INTERVAL …`"
                                       << 1;
    }
    void errors()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        QFETCH(int, column);
        try {
            bind(*parseExpression(text.toStdString()), transactions());
            QFAIL("expected an analysis error");
        } catch (const Error &e) {
            QCOMPARE(int(e.kind()), int(ErrorKind::Analysis));
            QCOMPARE(q(e.message()), message);
            QVERIFY(e.expressionPosition().has_value());
            QCOMPARE(e.expressionPosition()->column, column);
        }
    }

    // Spark's CheckAnalysis text for an unknown column, beside StreamStep's message: up to five
    // input columns ordered by StringUtils.orderSuggestedIdentifiersBySimilarity (Levenshtein
    // distance to the backticked name; ties in input order, where Spark's follow its expression ids), the 0-based position in the text,
    // and Spark 4's wording with its SQLSTATE. Texts copied from Spark 3.5.9 and 4.2.0 runs.
    void unresolvedColumnInSparksWords_data()
    {
        addColumns<QString, bool, QString>("text", "spark4", "sparkMessage");
        QTest::newRow("3.5") << "acountId = 'A1'" << false
                             << "[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column or function parameter with name "
                                "`acountId` cannot be resolved. Did you mean one of the following? [`accountId`, "
                                "`amount`, `qty`, `big`, `price`].; line 1 pos 0";
        QTest::newRow("4.2") << "acountId = 'A1'" << true
                             << "[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter "
                                "with name `acountId` cannot be resolved. Did you mean one of the following? "
                                "[`accountId`, `amount`, `qty`, `big`, `price`]. SQLSTATE: 42703; line 1 pos 0";
        QTest::newRow("later in the text") << "qty > 1 AND amout > 100" << false
                                           << "[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column or function parameter "
                                              "with name `amout` cannot be resolved. Did you mean one of the "
                                              "following? [`amount`, `qty`, `big`, `flag`, `accountId`].; line 1 pos 12";
    }

    void unresolvedColumnInSparksWords()
    {
        QFETCH(QString, text);
        QFETCH(bool, spark4);
        QFETCH(QString, sparkMessage);
        BindOptions options;
        options.version = spark4 ? SparkVersion::Spark42 : SparkVersion::Spark35;
        try {
            bind(*parseExpression(text.toStdString()), transactions(), options);
            QFAIL("expected an analysis error");
        } catch (const Error &e) {
            QVERIFY(e.sparkMessage().has_value());
            QCOMPARE(q(*e.sparkMessage()), sparkMessage);
            QVERIFY(q(e.message()).startsWith("unknown column"));
            QCOMPARE(q(errorText(e)), "AnalysisException: " + sparkMessage + "\n  " + q(e.message()));
        }
    }

    void caseInsensitiveNames()
    {
        BoundExprPtr bound = bind(*parseExpression("AMOUNT"), transactions());
        QCOMPARE(bound->columnIndex.value_or(-1), 2);
        QCOMPARE(bound->referencedColumns, std::vector<int>{2});
        BoundExprPtr sum = bind(*parseExpression("Qty + qty + PRICE"), transactions());
        QCOMPARE(sum->referencedColumns, (std::vector<int>{4, 6}));
        QVERIFY(!sum->columnIndex.has_value());
        QVERIFY(sum->deterministic);
    }

    void outputFields_data()
    {
        addColumns<QString, QString, QString, bool>("text", "name", "type", "eventTime");
        QTest::newRow("plain column keeps schema case") << "EVENTTIME" << "eventTime" << "timestamp" << true;
        QTest::newRow("alias keeps marker") << "eventTime AS ts" << "ts" << "timestamp" << true;
        QTest::newRow("window alias keeps marker") << "window AS w" << "w"
                                                   << "struct<start:timestamp,end:timestamp>" << true;
        QTest::newRow("expression loses marker") << "eventTime + INTERVAL 1 MINUTE"
                                                 << "eventTime + INTERVAL '1 MINUTE'" << "timestamp" << false;
        QTest::newRow("function name") << "upper(ACCOUNTID)" << "upper(accountId)" << "string" << false;
        QTest::newRow("arithmetic name") << "amount * 2" << "(amount * 2)" << "decimal(14,2)" << false;
        QTest::newRow("cast name") << "CAST(amount AS STRING)" << "CAST(amount AS STRING)" << "string" << false;
        QTest::newRow("struct field name") << "window.end" << "end" << "timestamp" << false;
        QTest::newRow("comparison name") << "amount > 100000.00" << "(amount > 100000.00)" << "boolean" << false;
    }
    void outputFields()
    {
        QFETCH(QString, text);
        QFETCH(QString, name);
        QFETCH(QString, type);
        QFETCH(bool, eventTime);
        const Schema schema = transactions();
        NamedAst named = parseNamedExpression(text.toStdString());
        BoundExprPtr bound = bind(*named.expr, schema);
        Field f = outputField(named, *bound, schema);
        QCOMPARE(q(f.name), name);
        QCOMPARE(q(f.type.sparkName()), type);
        QCOMPARE(f.isEventTime(), eventTime);
        if (eventTime)
            QCOMPARE(*f.watermarkDelayMs, int64_t(600000));
    }
};

QTEST_APPLESS_MAIN(TestExprBinder)
#include "tst_expr_binder.moc"
