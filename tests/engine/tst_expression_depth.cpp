// Tests the expression depth limit (issue 13: lesson files from strangers): 10,000 nested
// parentheses, NOTs, upper() calls or a 10,000-term `a + a + …` chain are rejected with a located
// error instead of overflowing the stack, through the parser, the binder and the planner; at
// exactly kMaxExpressionDepth levels every pass (parse, bind, evaluate, print, run) still works.
#include "test_columns.h"
#include "expr_test.h"
#include "expr/expression.h"
#include "expr/expression_text.h"
#include "stream_test.h"

#include "streamstep/value_format.h"

using namespace streamstep;
using namespace streamstep::testing;
using namespace streamstep::expr;

namespace {

std::string repeated(const std::string &part, int n)
{
    std::string out;
    out.reserve(part.size() * static_cast<size_t>(n));
    for (int i = 0; i < n; ++i)
        out += part;
    return out;
}

// The four shapes of issue 13, nesting `n` times; each is a boolean condition over the
// transactions schema (accountId, branchCode, amount, eventTime).
std::string shape(const std::string &kind, int n)
{
    if (kind == "parentheses")
        return repeated("(", n) + "amount > 0" + repeated(")", n); // height n + 2
    if (kind == "not")
        return repeated("NOT ", n) + "amount > 0"; // height n + 2
    if (kind == "upper")
        return repeated("upper(", n) + "accountId" + repeated(")", n) + " = 'A1'"; // height n + 2
    // a + a + … with n terms: n - 1 operators, height n, then `> 0`: n + 1.
    std::string chain = "amount";
    for (int i = 1; i < n; ++i)
        chain += " + amount";
    return chain + " > 0";
}

// The nesting count that gives exactly kMaxExpressionDepth levels.
int atLimit(const std::string &kind) { return kind == "plus" ? kMaxExpressionDepth - 1 : kMaxExpressionDepth - 2; }

const std::string kTooDeep = "expression nested deeper than 1000 levels";

Schema transactions()
{
    return Schema{{{"accountId", DataType::string(), {}}, {"branchCode", DataType::string(), {}},
                  {"amount", DataType::decimal(12, 2), {}}, {"eventTime", DataType::timestamp(), {}}}};
}

ColumnBatch twoRows()
{
    ColumnBatch b = ColumnBatch::empty(transactions());
    b.appendRow({Value::string("A1"), Value::string("M"), Value::decimal(150, 12, 2), Value::timestamp(0)});
    b.appendRow({Value::string("b2"), Value::string("D"), Value::decimal(-150, 12, 2), Value::timestamp(0)});
    return b;
}

std::string valuesOf(const BoundExpr &e)
{
    return joinedValues(e.evaluate(twoRows(), EvalContext{}), ",");
}

} // namespace

class TestExpressionDepth : public QObject {
    Q_OBJECT

private slots:
    void tooDeep_data()
    {
        addColumns<QString, int, int>("kind", "nesting", "column");
        // 10,000 deep: the column of the construct at level 1001.
        QTest::newRow("10,000 parentheses") << "parentheses" << 10000 << 1001;
        QTest::newRow("10,000 NOTs") << "not" << 10000 << 4001;
        QTest::newRow("10,000 upper()") << "upper" << 10000 << 6001;
        QTest::newRow("10,000 terms") << "plus" << 10000 << 8999; // the 1000th `+`
        // One level over the limit: where the deepest part crosses it.
        QTest::newRow("1 level too many parentheses") << "parentheses" << 999 << 1007; // the `>`
        QTest::newRow("1 level too many NOTs") << "not" << 999 << 4004;                  // the `>`
        QTest::newRow("1 level too many upper()") << "upper" << 999 << 7004;            // the `=`
        QTest::newRow("1 term too many") << "plus" << 1000 << 8999;                     // the `+`
    }
    void tooDeep()
    {
        QFETCH(QString, kind);
        QFETCH(int, nesting);
        QFETCH(int, column);
        try {
            parseExpression(shape(kind.toStdString(), nesting));
            QFAIL("expected the depth error");
        } catch (const Error &e) {
            QCOMPARE(int(e.kind()), int(ErrorKind::Analysis));
            QCOMPARE(q(e.message()), q(kTooDeep));
            QCOMPARE(e.expressionPosition()->column, column);
        }
    }

    // More shapes that nest through other constructs: rejected, never a crash.
    void otherShapesTooDeep_data()
    {
        addColumns<QString, int>("text", "column");
        QTest::newRow("unary minus") << q(repeated("- ", 10000) + "amount") << 2001;
        QTest::newRow("unary plus") << q(repeated("+ ", 10000) + "amount") << 2001;
        QTest::newRow("CAST") << q(repeated("CAST(", 10000) + "amount" + repeated(" AS INT)", 10000)) << 5001;
        QTest::newRow("CASE") << q(repeated("CASE WHEN true THEN ", 10000) + "1" + repeated(" END", 10000)) << 19991; // the 1000th CASE's `true`
        QTest::newRow("IN lists") << q(repeated("amount IN (", 10000) + "1" + repeated(")", 10000)) << 11001;
        QTest::newRow("AND chain") << q(repeated("true AND ", 10000) + "true") << 8997; // the 1000th AND
        QTest::newRow("function arguments") << q(repeated("coalesce(1, ", 10000) + "2" + repeated(")", 10000))
                                            << 11998; // the `1` in the 1000th call
        QTest::newRow("named expression") << q(repeated("(", 5000) + "1" + repeated(")", 5000) + " AS x") << 1001;
    }
    void otherShapesTooDeep()
    {
        QFETCH(QString, text);
        QFETCH(int, column);
        try {
            parseNamedExpression(text.toStdString());
            QFAIL("expected the depth error");
        } catch (const Error &e) {
            QCOMPARE(q(e.message()), q(kTooDeep));
            QCOMPARE(e.expressionPosition()->column, column);
        }
    }

    // Exactly kMaxExpressionDepth levels: parse, bind, evaluate, both AST printers and toSql.
    void atTheLimit_data()
    {
        addColumns<QString, QString>("kind", "values");
        QTest::newRow("parentheses") << "parentheses" << "true,false";
        QTest::newRow("NOTs") << "not" << "true,false"; // 998 NOTs: an even number
        QTest::newRow("upper()") << "upper" << "true,false";
        QTest::newRow("terms") << "plus" << "true,false";
    }
    void atTheLimit()
    {
        QFETCH(QString, kind);
        QFETCH(QString, values);
        const std::string text = shape(kind.toStdString(), atLimit(kind.toStdString()));
        const AstPtr ast = parseExpression(text);
        const BoundExprPtr bound = bind(*ast, transactions());
        QCOMPARE(q(valuesOf(*bound)), values);
        QVERIFY(!defaultName(*ast).empty());
        QVERIFY(!sqlText(*ast).empty());
        const std::string sql = toSql(*bound, transactions());
        QCOMPARE(q(valuesOf(*bind(*parseExpression(sql), transactions()))), values);
        // One more level is too many.
        const std::string deeper = shape(kind.toStdString(), atLimit(kind.toStdString()) + 1);
        QVERIFY_THROWS_EXCEPTION(Error, parseExpression(deeper));
    }

    // The bound tree can be deeper than the text (`a <> b` binds to NOT(a = b)): 999 `<>` at the
    // limit bind to about 2,000 levels, which evaluate and print (back to the same text).
    void boundTreeDeeperThanItsText()
    {
        std::string text = "accountId = 'A1'";
        for (int i = 0; i < kMaxExpressionDepth - 2; ++i)
            text += " <> false";
        const BoundExprPtr bound = bind(*parseExpression(text), transactions());
        QCOMPARE(q(valuesOf(*bound)), QString("true,false")); // an even number of `<> false`
        const std::string sql = toSql(*bound, transactions());
        QCOMPARE(q(sql), q(text));
        QVERIFY_THROWS_EXCEPTION(Error, parseExpression(text + " <> false"));
    }

    // The binder bounds trees the parser did not build (the planner substitutes aliases).
    void binderBoundsRewrittenTrees()
    {
        const auto notChain = [](int n) {
            auto node = std::make_shared<AstNode>();
            node->kind = AstNode::Kind::Literal;
            node->literal = Value::boolean(true);
            node->begin = 2;
            for (int i = 0; i < n; ++i) {
                auto parent = std::make_shared<AstNode>();
                parent->kind = AstNode::Kind::Unary;
                parent->op = "NOT";
                parent->begin = 7;
                parent->children = {node};
                node = parent;
            }
            return node;
        };
        QCOMPARE(q(valuesOf(*bind(*notChain(kMaxExpressionDepth - 1), transactions()))), QString("false,false"));
        try {
            bind(*notChain(kMaxExpressionDepth), transactions());
            QFAIL("expected the depth error");
        } catch (const Error &e) {
            QCOMPARE(q(e.message()), q(kTooDeep));
            QCOMPARE(e.expressionPosition()->column, 3); // the literal, at level 1001
        }
        try {
            bind(*notChain(3 * kMaxExpressionDepth), transactions()); // (a deeper tree overflows its own destructor)
            QFAIL("expected the depth error");
        } catch (const Error &e) {
            QCOMPARE(q(e.message()), q(kTooDeep));
        }
    }

    // Through the public API: the planner names the op and the column, Spark's AnalysisException.
    void queriesTooDeep_data()
    {
        addColumns<QString, int>("kind", "column");
        QTest::newRow("parentheses") << "parentheses" << 1001;
        QTest::newRow("NOTs") << "not" << 4001;
        QTest::newRow("upper()") << "upper" << 6001;
        QTest::newRow("terms") << "plus" << 8999;
    }
    void queriesTooDeep()
    {
        QFETCH(QString, kind);
        QFETCH(int, column);
        const nlohmann::json query = {{{"op", "filter"}, {"condition", shape(kind.toStdString(), 10000)}}};
        const QString error = analysisErrorOf(makeScenario(query.dump(), "append", "[]"));
        const QString expected = QStringLiteral("filter condition, column %1: %2").arg(column).arg(q(kTooDeep));
        QVERIFY2(error.startsWith("test.scenario.json:") && error.endsWith(expected), qPrintable(error));
    }

    void queriesAtTheLimitRun_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("parentheses") << "parentheses";
        QTest::newRow("NOTs") << "not";
        QTest::newRow("upper()") << "upper";
        QTest::newRow("terms") << "plus";
    }
    void queriesAtTheLimitRun()
    {
        QFETCH(QString, kind);
        const std::string condition = shape(kind.toStdString(), atLimit(kind.toStdString()));
        const nlohmann::json query = {{{"op", "filter"}, {"condition", condition}},
                                      {{"op", "select"}, {"columns", {"accountId", "amount"}}}};
        StreamTester tester(makeScenario(query.dump(), "append",
                                         R"J([[["A1", "M", "1.50", "2026-03-01 10:00:00"],
                                               ["b2", "D", "-1.50", "2026-03-01 10:00:01"]]])J"));
        // NOT×998 keeps `amount > 0`, like the other shapes.
        QCOMPARE(emittedOf(tester.addData()), QStringList{R"({"accountId": "A1", "amount": 1.50})"});
    }
};

QTEST_APPLESS_MAIN(TestExpressionDepth)
#include "tst_expression_depth.moc"
