// Tests the function registry (expr/function_registry.h) through the binder: every function and
// alias resolves, every arity error has Spark's WRONG_NUM_ARGS text, unknown names get a "did you
// mean" from the registry's names, and aliases evaluate exactly like the function they name.
#include "test_columns.h"
#include "expr_test.h"
#include "expr/expression.h"
#include "expr/function_registry.h"

#include "streamstep/value_format.h"

#include <QtTest>

#include <set>

using namespace streamstep;
using namespace streamstep::expr;
using namespace streamstep::testing;

namespace {

Schema schema()
{
    return Schema{{{"s", DataType::string(), {}}, {"x", DataType::int32(), {}},
                  {"d", DataType::decimal(12, 2), {}}, {"ts", DataType::timestamp(), {}}}};
}

ColumnBatch oneRow()
{
    ColumnBatch b = ColumnBatch::empty(schema());
    b.appendRow({Value::string("MiXeD é"), Value::int32(-7), Value::decimal(-12345, 12, 2),
                 Value::timestamp(1'772'359'260'000'000)});
    return b;
}

std::string bindError(const std::string &text)
{
    return bindErrorAt(text, schema());
}

std::string evaluateText(const std::string &text)
{
    return typedFirstValue(text, oneRow(), EvalContext{1'772'359'200'000'000});
}

std::string arityMessage(const std::string &name, const std::string &expected, size_t actual)
{
    return "[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] The `" + name + "` requires " + expected
        + " parameters but the actual number is " + std::to_string(actual) + ".";
}

} // namespace

class TestFunctionRegistry : public QObject {
    Q_OBJECT

private slots:
    // Every name and alias of every scalar function, called with one argument too few and one
    // too many: Spark's FunctionRegistry text, at the call's column.
    void arityErrors_data()
    {
        addColumns<QString, QString>("text", "message");
        const auto row = [](const char *tag, const std::string &text, const std::string &message) {
            QTest::newRow(tag) << q(text) << q(message);
        };
        for (const char *name : {"upper", "ucase", "lower", "lcase", "length", "char_length", "character_length",
                                 "abs", "timestamp_seconds"}) {
            row((std::string(name) + " none").c_str(), std::string(name) + "()", arityMessage(name, "1", 0));
            row((std::string(name) + " two").c_str(), std::string(name) + "(x, x)", arityMessage(name, "1", 2));
        }
        for (const char *name : {"substring", "substr"}) {
            row((std::string(name) + " one").c_str(), std::string(name) + "(s)", arityMessage(name, "[2, 3]", 1));
            row((std::string(name) + " four").c_str(), std::string(name) + "(s, 1, 2, 3)",
                arityMessage(name, "[2, 3]", 4));
        }
        row("round none", "round()", arityMessage("round", "[1, 2]", 0));
        row("round three", "round(x, 1, 2)", arityMessage("round", "[1, 2]", 3));
        row("coalesce none", "coalesce()", arityMessage("coalesce", "at least 1", 0));
        row("date_format one", "date_format(ts)", arityMessage("date_format", "2", 1));
        row("date_format three", "date_format(ts, 'y', 1)", arityMessage("date_format", "2", 3));
        row("to_timestamp none", "to_timestamp()", arityMessage("to_timestamp", "[1, 2]", 0));
        row("to_timestamp three", "to_timestamp(s, 'y', 1)", arityMessage("to_timestamp", "[1, 2]", 3));
        // Spark lists every valid count: UnixTimestamp has constructors for 0, 1 and 2 arguments.
        row("unix_timestamp three", "unix_timestamp(ts, 'y', 1)", arityMessage("unix_timestamp", "[0, 1, 2]", 3));
        row("current_timestamp one", "current_timestamp(1)", arityMessage("current_timestamp", "0", 1));
        row("now one", "now(1)", arityMessage("now", "0", 1));
        row("window_time none", "window_time()", arityMessage("window_time", "1", 0));
        row("window_time two", "window_time(ts, ts)", arityMessage("window_time", "1", 2));
    }
    void arityErrors()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        QCOMPARE(q(bindError(text.toStdString())), message + " @1");
    }

    // The rows above name every scalar function and alias of the registry.
    void arityErrorsCoverEveryScalarFunction()
    {
        std::set<std::string> tested = {"upper", "ucase", "lower", "lcase", "length", "char_length",
                                        "character_length", "abs", "timestamp_seconds", "substring", "substr",
                                        "round", "coalesce", "date_format", "to_timestamp", "unix_timestamp",
                                        "current_timestamp", "now", "window_time", "concat"}; // concat takes any number
        for (const FunctionDefinition *f : FunctionRegistry::builtin().functions()) {
            if (f->kind != FunctionKind::Scalar)
                continue;
            QVERIFY2(tested.count(f->name), f->name.c_str());
            for (const std::string &alias : f->aliases)
                QVERIFY2(tested.count(alias), alias.c_str());
        }
    }

    void aggregateArity_data()
    {
        addColumns<QString, QString>("text", "message");
        QTest::newRow("count none") << "count()" << q(arityMessage("count", "at least 1", 0));
        QTest::newRow("sum two") << "sum(x, x)" << q(arityMessage("sum", "1", 2));
        QTest::newRow("avg none") << "avg()" << q(arityMessage("avg", "1", 0));
        QTest::newRow("mean two") << "mean(x, x)" << q(arityMessage("mean", "1", 2));
        QTest::newRow("min two") << "min(x, x)" << q(arityMessage("min", "1", 2));
        QTest::newRow("max none") << "max()" << q(arityMessage("max", "1", 0));
        QTest::newRow("first three") << "first(x, true, 1)" << q(arityMessage("first", "[1, 2]", 3));
        QTest::newRow("first_value none") << "first_value()" << q(arityMessage("first_value", "[1, 2]", 0));
        QTest::newRow("last three") << "last(x, true, 1)" << q(arityMessage("last", "[1, 2]", 3));
        QTest::newRow("last_value three") << "last_value(x, true, 1)" << q(arityMessage("last_value", "[1, 2]", 3));
    }
    void aggregateArity()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        try {
            bindAggregate(parseNamedExpression(text.toStdString()), schema(), Schema{});
            QFAIL("expected an analysis error");
        } catch (const Error &e) {
            QCOMPARE(q(e.message()), message);
            QCOMPARE(e.expressionPosition()->column, 1);
        }
    }

    void unknownFunctions_data()
    {
        addColumns<QString, QString>("text", "message");
        QTest::newRow("typo of upper") << "uper(s)" << "unknown function 'uper' (did you mean 'upper'?) @1";
        QTest::newRow("typo of an alias") << "x + ucse(s)" << "unknown function 'ucse' (did you mean 'ucase'?) @5";
        QTest::newRow("typo of an aggregate") << "summ(x)" << "unknown function 'summ' (did you mean 'sum'?) @1";
        QTest::newRow("typo of coalesce") << "coalese(x, 1)"
                                          << "unknown function 'coalese' (did you mean 'coalesce'?) @1";
        QTest::newRow("nothing close") << "sqrtt(x)" << "unknown function 'sqrtt' @1";
        QTest::newRow("star in unknown") << "foobar(*)" << "unknown function 'foobar' @1";
        QTest::newRow("unknown column first") << "foobar(zzzz)" << "unknown column 'zzzz' (available columns: s, x, d, ts) @8";
        QTest::newRow("star in a scalar function") << "upper(*)" << "'*' is only allowed in count(*) @7";
        QTest::newRow("star in concat") << "concat(s, *)" << "syntax error at or near '*' @11";
        QTest::newRow("window is planner-level")
            << "window(ts, '1 minute')" << "window() is only allowed as a groupBy key, select or withColumn expression @1";
    }
    void unknownFunctions()
    {
        compareTextColumns("text", "message", bindError);
    }

    // An alias is the same function: same type, same value.
    void aliases_data()
    {
        addColumns<QString, QString>("alias", "function");
        QTest::newRow("ucase") << "ucase(s)" << "upper(s)";
        QTest::newRow("lcase") << "lcase(s)" << "lower(s)";
        QTest::newRow("char_length") << "char_length(s)" << "length(s)";
        QTest::newRow("character_length") << "character_length(s)" << "length(s)";
        QTest::newRow("substr") << "substr(s, 2, 3)" << "substring(s, 2, 3)";
        QTest::newRow("now") << "now()" << "current_timestamp()";
    }
    void aliases()
    {
        QFETCH(QString, alias);
        QFETCH(QString, function);
        const std::string a = evaluateText(alias.toStdString());
        QCOMPARE(q(a), q(evaluateText(function.toStdString())));
        QVERIFY(a.find("NULL") == std::string::npos);
    }

    // Spark's defaults of trailing parameters are part of the bound call and of the name.
    void defaults()
    {
        QCOMPARE(q(evaluateText("substring(s, 3)")), QString("string:XeD é"));
        QCOMPARE(q(evaluateText("round(d)")), QString("decimal(11,0):-123"));
        QCOMPARE(q(evaluateText("unix_timestamp(ts)")), QString("bigint:1772359260"));
        QCOMPARE(q(evaluateText("unix_timestamp()")), QString("bigint:1772359200"));
        QCOMPARE(q(defaultName(*parseExpression("substr(s, 3)"))), QString("substr(s, 3, 2147483647)"));
        QCOMPARE(q(defaultName(*parseExpression("unix_timestamp()"))), QString("unix_timestamp()"));
        const FunctionDefinition *round = FunctionRegistry::builtin().find("round");
        QVERIFY(round);
        QCOMPARE(round->defaultsAfter(1).size(), size_t(1));
        QVERIFY(round->defaultsAfter(2).empty());
        QVERIFY(round->defaultsAfter(0).empty());
    }

    void lookups()
    {
        const FunctionRegistry &registry = FunctionRegistry::builtin();
        QVERIFY(registry.find("upper") == registry.find("ucase"));
        QVERIFY(registry.find("UPPER") == nullptr); // names are looked up lower-cased by the parser
        QCOMPARE(int(registry.find("sum")->kind), int(FunctionKind::Aggregate));
        QCOMPARE(int(registry.find("mean")->aggregate), int(AggregateKind::Avg));
        QCOMPARE(int(registry.find("session_window")->kind), int(FunctionKind::Planner));
        QCOMPARE(q(registry.closestName("lenght").value_or("")), QString("length"));
        QVERIFY(!registry.closestName("zzzzzzzz"));
        FunctionRegistry own;
        own.add({.name = "twice", .minArgs = 1, .maxArgs = 1,
                 .bind = [](const FunctionCall &call) -> NodePtr { return call.make(DataType::int32(), call.args()); },
                 .kernel = [](const ExprNode &, const ArgumentColumns &, const EvalContext &, Column &) {}});
        QVERIFY(own.find("twice"));
        QVERIFY_THROWS_EXCEPTION(std::logic_error, own.add({.name = "twice", .kind = FunctionKind::Planner}));
        QVERIFY_THROWS_EXCEPTION(std::logic_error, own.add({.name = "nokernel", .minArgs = 0, .maxArgs = 0}));
    }
};

QTEST_APPLESS_MAIN(TestFunctionRegistry)
#include "tst_function_registry.moc"
