// Tests aggregate binding and running state against Spark 3.5 (Count/Sum/Average/Min/Max/
// First/Last, non-ANSI): result types, NULL handling, decimal overflow, output names, and the
// grouping-key rules of bindAggregate.
#include "test_columns.h"
#include "expr_test.h"
#include "expr/expression.h"
#include "../under_sanitizers.h"

#include "streamstep/value_format.h"

#include <QtTest>

using namespace streamstep;
using namespace streamstep::expr;
using namespace streamstep::testing;

namespace {

Schema inputSchema()
{
    return Schema{{
        {"accountId", DataType::string(), {}},
        {"amount", DataType::decimal(12, 2), {}},
        {"qty", DataType::int32(), {}},
        {"price", DataType::float64(), {}},
        {"name", DataType::string(), {}},
        {"huge", DataType::decimal(38, 0), {}},
    }};
}

// accountId, amount, qty, price, name, huge
ColumnBatch inputRows()
{
    const Int128 nines = maxDecimal38(); // 38 nines
    ColumnBatch b = ColumnBatch::empty(inputSchema());
    b.appendRow({Value::string("A1"), Value::decimal(1000, 12, 2), Value::null(), Value::float64(1.5),
                 Value::string("b"), Value::decimal(nines, 38, 0)});
    b.appendRow({Value::string("A1"), Value::decimal(2000, 12, 2), Value::int32(2), Value::null(),
                 Value::string("Z"), Value::decimal(nines, 38, 0)});
    b.appendRow({Value::string("A1"), Value::decimal(2000, 12, 2), Value::int32(3), Value::float64(2.0),
                 Value::string("\xc3\xa9"), Value::decimal(1, 38, 0)});
    b.appendRow({Value::string("A1"), Value::null(), Value::null(), Value::null(), Value::string("a"),
                 Value::null()});
    return b;
}

struct AggregateOutcome {
    Field field;
    Value value;
};

// Binds `text` as a global aggregation (no keys) and folds all rows of `batch` into it.
AggregateOutcome aggregate(const std::string &text, const ColumnBatch &batch, const Schema &keys = {},
                           const std::vector<Value> &key = {})
{
    BoundAggregate agg = bindAggregate(parseNamedExpression(text), batch.schema, keys);
    std::vector<AggregateState> states(agg.calls.size());
    for (size_t c = 0; c < agg.calls.size(); ++c) {
        const AggregateCall &call = agg.calls[c];
        Column argument;
        if (call.argument)
            argument = call.argument->evaluate(batch, EvalContext{});
        for (size_t r = 0; r < batch.numRows; ++r)
            updateAggregate(call, states[c], call.argument ? &argument : nullptr, r);
    }
    ColumnBatch row;
    row.schema = keys;
    for (size_t k = 0; k < keys.size(); ++k) {
        row.columns.emplace_back(keys.fields[k].type);
        row.columns.back().append(key[k]);
    }
    for (size_t c = 0; c < agg.calls.size(); ++c) {
        row.schema.fields.push_back({"_agg" + std::to_string(c), agg.calls[c].resultType, {}});
        row.columns.emplace_back(agg.calls[c].resultType);
        row.columns.back().append(aggregateResult(agg.calls[c], states[c]));
    }
    row.numRows = 1;
    Column result = agg.result->evaluate(row, EvalContext{});
    return {agg.field, result.get(0)};
}

} // namespace

class TestAggregates : public QObject {
    Q_OBJECT

private slots:
    void results_data()
    {
        addColumns<QString, QString, QString, QString>("text", "name", "type", "value");
        QTest::newRow("count star") << "count(*)" << "count(1)" << "bigint" << "4";
        QTest::newRow("count one") << "count(1)" << "count(1)" << "bigint" << "4";
        QTest::newRow("count column skips nulls") << "count(qty)" << "count(qty)" << "bigint" << "2";
        QTest::newRow("count null literal") << "count(NULL)" << "count(NULL)" << "bigint" << "0";
        QTest::newRow("sum int is bigint") << "sum(qty)" << "sum(qty)" << "bigint" << "5";
        QTest::newRow("sum decimal") << "sum(amount) AS total" << "total" << "decimal(22,2)" << "50.00";
        QTest::newRow("sum double") << "sum(price)" << "sum(price)" << "double" << "3.5";
        QTest::newRow("sum decimal overflow") << "sum(huge)" << "sum(huge)" << "decimal(38,0)" << "NULL";
        QTest::newRow("avg decimal") << "avg(amount)" << "avg(amount)" << "decimal(16,6)" << "16.666667";
        QTest::newRow("avg int is double") << "avg(qty)" << "avg(qty)" << "double" << "2.5";
        QTest::newRow("avg double") << "avg(price)" << "avg(price)" << "double" << "1.75";
        QTest::newRow("min decimal") << "min(amount)" << "min(amount)" << "decimal(12,2)" << "10.00";
        QTest::newRow("max int") << "max(qty)" << "max(qty)" << "int" << "3";
        QTest::newRow("min string bytes") << "min(name)" << "min(name)" << "string" << "Z";
        QTest::newRow("max string bytes") << "max(name)" << "max(name)" << "string" << "\xc3\xa9";
        QTest::newRow("first keeps null") << "first(qty)" << "first(qty)" << "int" << "NULL";
        QTest::newRow("last keeps null") << "last(qty)" << "last(qty)" << "int" << "NULL";
        QTest::newRow("first ignore nulls") << "first(qty, true)" << "first(qty, true)" << "int" << "2";
        QTest::newRow("last ignore nulls") << "last(qty, true)" << "last(qty, true)" << "int" << "3";
        QTest::newRow("first value") << "first(name)" << "first(name)" << "string" << "b";
        QTest::newRow("expression over aggregates") << "sum(qty) / count(*)"
                                                    << "(sum(qty) / count(1))" << "double" << "1.25";
        QTest::newRow("decimal expression over aggregate") << "sum(amount) * 2"
                                                           << "(sum(amount) * 2)" << "decimal(24,2)" << "100.00";
        QTest::newRow("aggregate of expression") << "sum(amount * 2)" << "sum((amount * 2))"
                                                 << "decimal(24,2)" << "100.00";
        QTest::newRow("string sum is double") << "sum(accountId)" << "sum(accountId)" << "double" << "NULL";
    }
    void results()
    {
        QFETCH(QString, text);
        QFETCH(QString, name);
        QFETCH(QString, type);
        QFETCH(QString, value);
        AggregateOutcome out = aggregate(text.toStdString(), inputRows());
        QCOMPARE(q(out.field.name), name);
        QCOMPARE(q(out.field.type.sparkName()), type);
        QCOMPARE(q(toDisplayString(out.value)), value);
    }

    void distinctIsBoundNotDeduplicated()
    {
        // The unsupported-operation checker rejects distinct aggregates on streams; binding only
        // records the flag and Spark's name.
        BoundAggregate agg = bindAggregate(parseNamedExpression("count(DISTINCT qty)"), inputSchema(), {});
        QCOMPARE(agg.calls.size(), size_t(1));
        QVERIFY(agg.calls[0].distinct);
        QCOMPARE(q(agg.field.name), QString("count(DISTINCT qty)"));
        QCOMPARE(q(agg.field.type.sparkName()), QString("bigint"));
    }

    void emptyInput()
    {
        ColumnBatch empty = ColumnBatch::empty(inputSchema());
        QVERIFY(aggregate("count(*)", empty).value == Value::int64(0));
        QVERIFY(aggregate("count(qty)", empty).value == Value::int64(0));
        QVERIFY(aggregate("sum(qty)", empty).value.isNull());
        QVERIFY(aggregate("avg(amount)", empty).value.isNull());
        QVERIFY(aggregate("max(name)", empty).value.isNull());
        QVERIFY(aggregate("first(name)", empty).value.isNull());
    }

    void avgRoundsHalfUp()
    {
        Schema s;
        s.fields = {{"v", DataType::decimal(3, 2), {}}};
        ColumnBatch b = ColumnBatch::empty(s);
        for (int u : {1, 2, 2})
            b.appendRow({Value::decimal(u, 3, 2)});
        // 0.05 / 3 = 0.01666… -> decimal(7,6) 0.016667
        AggregateOutcome out = aggregate("avg(v)", b);
        QCOMPARE(q(out.field.type.sparkName()), QString("decimal(7,6)"));
        QVERIFY(out.value == Value::decimal(16667, 7, 6));
    }

    void sumWrapsLikeSpark()
    {
        Schema s;
        s.fields = {{"v", DataType::int64(), {}}};
        ColumnBatch b = ColumnBatch::empty(s);
        b.appendRow({Value::int64(INT64_MAX)});
        b.appendRow({Value::int64(1)});
        QVERIFY(aggregate("sum(v)", b).value == Value::int64(INT64_MIN));
    }

    void groupingKeys()
    {
        Schema keys;
        keys.fields = {{"accountId", DataType::string(), {}}, {"upper(name)", DataType::string(), {}}};
        AggregateOutcome key = aggregate("accountId", inputRows(), keys, {Value::string("A1"), Value::string("B")});
        QCOMPARE(q(key.field.name), QString("accountId"));
        QVERIFY(key.value == Value::string("A1"));
        AggregateOutcome mixed = aggregate("concat(ACCOUNTID, ':', count(*)) AS label", inputRows(), keys,
                                           {Value::string("A1"), Value::string("B")});
        QCOMPARE(q(mixed.field.name), QString("label"));
        QVERIFY(mixed.value == Value::string("A1:4"));
        AggregateOutcome expressionKey = aggregate("upper(name)", inputRows(), keys,
                                                   {Value::string("A1"), Value::string("B")});
        QVERIFY(expressionKey.value == Value::string("B"));
    }

    void aKeyOfManyOperationsStillMatches()
    {
        // Binding skips rendering subtrees with more operations than the longest key name could
        // hold; a key of six nested calls (33 characters) is still found.
        Schema keys;
        keys.fields = {{"abs(abs(abs(abs(abs(abs(qty))))))", DataType::int32(), {}}};
        AggregateOutcome key = aggregate("abs(abs(abs(abs(abs(abs(qty)))))) + count(*)", inputRows(), keys,
                                         {Value::int32(7)});
        QVERIFY(key.value == Value::int64(11));
        QCOMPARE(q(key.field.name), QString("(abs(abs(abs(abs(abs(abs(qty)))))) + count(1))"));
    }

    void aLongChainOverAggregatesBindsInLinearTime()
    {
        // Each operation of `sum(qty) + 1 + 1 + …` used to render its whole subtree to compare it
        // with the grouping keys: 999 terms took 0.3 s in a Release build (seconds under the
        // sanitizers, most of the expression fuzzer's time). Without that it takes a few ms.
        std::string text = "sum(qty)";
        for (int i = 1; i < kMaxExpressionDepth - 1; ++i)
            text += " + 1";
        Schema keys;
        keys.fields = {{"accountId", DataType::string(), {}}};
        const NamedAst named = parseNamedExpression(text);
        QElapsedTimer timer;
        timer.start();
        const BoundAggregate agg = bindAggregate(named, inputSchema(), keys);
        const qint64 ms = timer.elapsed();
        QCOMPARE(agg.calls.size(), size_t(1));
        QCOMPARE(agg.field.name.size(), size_t(8 + 6 * (kMaxExpressionDepth - 2))); // "(((sum(qty) + 1) + 1) …"
        QVERIFY2(ms < (kUnderSanitizers ? 1000 : 100), qPrintable(QString("binding took %1 ms").arg(ms)));
    }

    void errors_data()
    {
        addColumns<QString, QString, int>("text", "message", "column");
        QTest::newRow("not grouped")
            << "sum(qty) + amount"
            << "expression 'amount' is neither present in the group by, nor is it an aggregate "
               "function. Add to group by or wrap in first() (or first_value) if you don't care "
               "which value you get."
            << 12;
        QTest::newRow("nested")
            << "sum(max(qty))"
            << "It is not allowed to use an aggregate function in the argument of another aggregate "
               "function. Please use the inner aggregate function in a sub-query."
            << 5;
        QTest::newRow("unknown inside")
            << "sum(qtty)" << "unknown column 'qtty' (did you mean 'qty'?)" << 5;
        QTest::newRow("boolean sum")
            << "sum(qty > 1)"
            << "[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE] Cannot resolve \"sum((qty > 1))\" due to "
               "data type mismatch: Parameter 1 requires the (\"NUMERIC\" or \"INTERVAL DAY TO "
               "SECOND\" or \"INTERVAL YEAR TO MONTH\") type, however \"(qty > 1)\" has the type "
               "\"BOOLEAN\"."
            << 1;
        QTest::newRow("star outside count") << "sum(*)" << "'*' is only allowed in count(*)" << 5;
    }
    void errors()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        QFETCH(int, column);
        Schema keys;
        keys.fields = {{"accountId", DataType::string(), {}}};
        try {
            bindAggregate(parseNamedExpression(text.toStdString()), inputSchema(), keys);
            QFAIL("expected an analysis error");
        } catch (const Error &e) {
            QCOMPARE(int(e.kind()), int(ErrorKind::Analysis));
            QCOMPARE(q(e.message()), message);
            QCOMPARE(e.expressionPosition()->column, column);
        }
    }
};

QTEST_APPLESS_MAIN(TestAggregates)
#include "tst_aggregates.moc"
