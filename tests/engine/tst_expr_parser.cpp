// Tests the expression lexer/parser: Spark's precedence, literal typing, source positions,
// syntax errors with their columns, and Spark's automatic column names (defaultName).
#include "test_columns.h"
#include "expr_test.h"
#include "expr/expression.h"

#include "streamstep/value_format.h"

#include <QtTest>

using namespace streamstep;
using namespace streamstep::expr;
using namespace streamstep::testing;

namespace {

// A compact prefix form of the tree, to compare shapes: (+ a (* b 2)).
std::string dump(const AstNode &n)
{
    auto kids = [&](size_t from) {
        std::string out;
        for (size_t i = from; i < n.children.size(); ++i)
            out += " " + dump(*n.children[i]);
        return out;
    };
    switch (n.kind) {
    case AstNode::Kind::Column: {
        std::string out;
        for (const std::string &p : n.nameParts)
            out += (out.empty() ? "" : ".") + p;
        return out;
    }
    case AstNode::Kind::Literal:
        return n.literal.isNull() ? "NULL" : n.literal.type().sparkName() + ":" + toDisplayString(n.literal);
    case AstNode::Kind::Star: return "*";
    case AstNode::Kind::Unary: return "(" + n.op + kids(0) + ")";
    case AstNode::Kind::Binary: return "(" + n.op + kids(0) + ")";
    case AstNode::Kind::Function: return "(" + n.name + (n.distinct ? " DISTINCT" : "") + kids(0) + ")";
    case AstNode::Kind::Case: return std::string("(CASE") + (n.hasElse ? "/else" : "") + kids(0) + ")";
    case AstNode::Kind::Cast: return "(CAST" + kids(0) + " " + n.castType.sparkName() + ")";
    case AstNode::Kind::In: return std::string(n.negated ? "(NOTIN" : "(IN") + kids(0) + ")";
    case AstNode::Kind::Between: return std::string(n.negated ? "(NOTBETWEEN" : "(BETWEEN") + kids(0) + ")";
    case AstNode::Kind::Like: return std::string(n.negated ? "(NOTLIKE" : "(LIKE") + kids(0) + ")";
    case AstNode::Kind::IsNull: return std::string(n.negated ? "(ISNOTNULL" : "(ISNULL") + kids(0) + ")";
    case AstNode::Kind::Interval: return "(INTERVAL '" + n.name + "')";
    }
    return "?";
}

} // namespace

class TestExprParser : public QObject {
    Q_OBJECT

private slots:
    void shapes_data()
    {
        addColumns<QString, QString>("text", "tree");
        QTest::newRow("mul binds tighter") << "a + b * 2" << "(+ a (* b int:2))";
        QTest::newRow("left assoc") << "a - b - c" << "(- (- a b) c)";
        QTest::newRow("and over or") << "a OR b AND c" << "(OR a (AND b c))";
        QTest::newRow("not over comparison") << "NOT a = 1 AND b" << "(AND (NOT (= a int:1)) b)";
        QTest::newRow("unary minus") << "-x * 2" << "(* (- x) int:2)";
        QTest::newRow("negative literal") << "-5 + x" << "(+ int:-5 x)";
        QTest::newRow("comparison below arithmetic") << "a + 1 > b * 2" << "(> (+ a int:1) (* b int:2))";
        QTest::newRow("between") << "x BETWEEN 1 AND 5 AND y" << "(AND (BETWEEN x int:1 int:5) y)";
        QTest::newRow("not in") << "x NOT IN (1, 2)" << "(NOTIN x int:1 int:2)";
        QTest::newRow("is not null") << "x IS NOT NULL" << "(ISNOTNULL x)";
        QTest::newRow("not like") << "name NOT LIKE 'a%'" << "(NOTLIKE name string:a%)";
        QTest::newRow("searched case") << "CASE WHEN a > 1 THEN 'x' ELSE 'y' END"
                                       << "(CASE/else (> a int:1) string:x string:y)";
        QTest::newRow("simple case") << "CASE x WHEN 1 THEN 'one' END" << "(CASE (= x int:1) string:one)";
        QTest::newRow("cast decimal") << "CAST(a AS decimal(10,2))" << "(CAST a decimal(10,2))";
        QTest::newRow("cast long") << "cast(a as long)" << "(CAST a bigint)";
        QTest::newRow("count star") << "count(*)" << "(count *)";
        QTest::newRow("count distinct") << "COUNT(DISTINCT x)" << "(count DISTINCT x)";
        QTest::newRow("struct field") << "window.start" << "window.start";
        QTest::newRow("backquoted") << "`odd name` + 1" << "(+ odd name int:1)";
        QTest::newRow("double equals") << "a == b" << "(== a b)";
        QTest::newRow("not equals") << "a <> b" << "(<> a b)";
        QTest::newRow("interval units") << "ts + INTERVAL 5 MINUTES" << "(+ ts (INTERVAL '5 MINUTES'))";
        QTest::newRow("interval string") << "ts - INTERVAL '1 hour'" << "(- ts (INTERVAL '1 hour'))";
        QTest::newRow("parentheses") << "(a + b) * c" << "(* (+ a b) c)";
        QTest::newRow("function args") << "substring(s, 1, 2)" << "(substring s int:1 int:2)";
    }
    void shapes()
    {
        compareTextColumns("text", "tree", [](const std::string &text) { return dump(*parseExpression(text)); });
    }

    void literals_data()
    {
        // expected: type:value
        addColumns<QString, QString>("text", "expected");
        QTest::newRow("int") << "42" << "int:42";
        QTest::newRow("min int") << "-2147483648" << "int:-2147483648";
        QTest::newRow("bigint") << "3000000000" << "bigint:3000000000";
        QTest::newRow("beyond bigint") << "12345678901234567890" << "decimal(20,0):12345678901234567890";
        QTest::newRow("long suffix") << "10L" << "bigint:10";
        QTest::newRow("decimal") << "100000.00" << "decimal(8,2):100000.00";
        QTest::newRow("small decimal") << "0.20" << "decimal(2,2):0.20";
        QTest::newRow("leading point") << ".5" << "decimal(1,1):0.5";
        QTest::newRow("tiny decimal") << "0.005" << "decimal(3,3):0.005";
        QTest::newRow("exponent") << "1.5e3" << "double:1500.0";
        QTest::newRow("double suffix") << "2D" << "double:2.0";
        QTest::newRow("string") << "'text'" << "string:text";
        QTest::newRow("doubled quote") << "'it''s'" << "string:it's";
        QTest::newRow("backslash quote") << "'it\\'s'" << "string:it's";
        QTest::newRow("tab escape") << "'a\\tb'" << "string:a\tb";
        QTest::newRow("double quoted") << "\"hi\"" << "string:hi";
        QTest::newRow("adjacent strings") << "'a' 'b'" << "string:ab";
        QTest::newRow("true") << "TRUE" << "boolean:true";
        QTest::newRow("false") << "false" << "boolean:false";
        QTest::newRow("timestamp") << "TIMESTAMP '2026-03-01 10:00:00'" << "timestamp:2026-03-01 10:00:00";
    }
    void literals()
    {
        compareTextColumns("text", "expected", [](const std::string &text) -> std::string {
            const AstPtr ast = parseExpression(text);
            if (ast->kind != AstNode::Kind::Literal)
                return "not a literal";
            return ast->literal.type().sparkName() + ":" + toDisplayString(ast->literal);
        });
    }

    void nullLiteral()
    {
        AstPtr ast = parseExpression("NULL");
        QCOMPARE(int(ast->kind), int(AstNode::Kind::Literal));
        QVERIFY(ast->literal.isNull());
    }

    void positions()
    {
        AstPtr ast = parseExpression("amount + upper(x)");
        QCOMPARE(ast->begin, 0);
        QCOMPARE(ast->end, 17);
        QCOMPARE(ast->children[0]->begin, 0);
        QCOMPARE(ast->children[0]->end, 6);
        QCOMPARE(ast->children[1]->begin, 9);
        QCOMPARE(ast->children[1]->end, 17);
        QCOMPARE(ast->children[1]->children[0]->begin, 15);
        AstPtr neg = parseExpression("  -5");
        QCOMPARE(neg->begin, 2);
        QCOMPARE(neg->end, 4);
        AstPtr field = parseExpression("window.end > 1");
        QCOMPARE(field->children[0]->begin, 0);
        QCOMPARE(field->children[0]->end, 10);
    }

    void syntaxErrors_data()
    {
        addColumns<QString, QString, int>("text", "message", "column");
        QTest::newRow("dangling operator") << "amount +" << "unexpected end of expression" << 9;
        QTest::newRow("double operator") << "amount + * 2" << "syntax error at or near '*'" << 10;
        QTest::newRow("two identifiers") << "a b" << "syntax error at or near 'b'" << 3;
        QTest::newRow("unclosed paren") << "(a + 1" << "unexpected end of expression" << 7;
        QTest::newRow("extra paren") << "a + 1)" << "syntax error at or near ')'" << 6;
        QTest::newRow("unterminated string") << "x = 'abc" << "unterminated string literal" << 5;
        QTest::newRow("bad character") << "a # b" << "syntax error at or near '#'" << 3;
        QTest::newRow("keyword as operand") << "a AND AND b" << "syntax error at or near 'AND'" << 7;
        QTest::newRow("case without when") << "CASE ELSE 1 END" << "syntax error at or near 'ELSE'" << 6;
        QTest::newRow("is without null") << "a IS 5" << "syntax error at or near '5'" << 6;
        QTest::newRow("unknown cast type") << "CAST(a AS foo)" << "Unsupported data type \"foo\"" << 11;
        QTest::newRow("empty") << "" << "unexpected end of expression" << 1;
    }
    void syntaxErrors()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        QFETCH(int, column);
        try {
            parseExpression(text.toStdString());
            QFAIL("expected a syntax error");
        } catch (const Error &e) {
            QCOMPARE(int(e.kind()), int(ErrorKind::Analysis));
            QCOMPARE(q(e.message()), message);
            QVERIFY(e.expressionPosition().has_value());
            QCOMPARE(e.expressionPosition()->line, 1);
            QCOMPARE(e.expressionPosition()->column, column);
        }
    }

    void namedExpressions_data()
    {
        // alias: empty: none
        addColumns<QString, QString, QString>("text", "tree", "alias");
        QTest::newRow("alias") << "sum(amount) AS total" << "(sum amount)" << "total";
        QTest::newRow("lower-case as") << "x as y" << "x" << "y";
        QTest::newRow("quoted alias") << "a + 1 AS `my col`" << "(+ a int:1)" << "my col";
        QTest::newRow("no alias") << "upper(a)" << "(upper a)" << "";
    }
    void namedExpressions()
    {
        QFETCH(QString, text);
        QFETCH(QString, tree);
        QFETCH(QString, alias);
        NamedAst named = parseNamedExpression(text.toStdString());
        QCOMPARE(q(dump(*named.expr)), tree);
        QCOMPARE(q(named.alias.value_or("")), alias);
    }

    void aliasNeedsAs()
    {
        try {
            parseNamedExpression("amount total");
            QFAIL("expected a syntax error");
        } catch (const Error &e) {
            QCOMPARE(q(e.message()), QString("syntax error at or near 'total'"));
            QCOMPARE(e.expressionPosition()->column, 8);
        }
    }

    void defaultNames_data()
    {
        addColumns<QString, QString>("text", "name");
        QTest::newRow("column") << "amount" << "amount";
        QTest::newRow("struct field") << "window.start" << "start";
        QTest::newRow("sum") << "sum(amount)" << "sum(amount)";
        QTest::newRow("count star") << "count(*)" << "count(1)";
        QTest::newRow("count distinct") << "count(DISTINCT accountId)" << "count(DISTINCT accountId)";
        QTest::newRow("avg") << "avg(amount)" << "avg(amount)";
        QTest::newRow("multiply") << "amount * 2" << "(amount * 2)";
        QTest::newRow("decimal literal") << "amount > 100000.00" << "(amount > 100000.00)";
        QTest::newRow("function") << "upper(accountId)" << "upper(accountId)";
        QTest::newRow("cast") << "CAST(amount AS string)" << "CAST(amount AS STRING)";
        QTest::newRow("cast decimal") << "cast(x as decimal(10,2))" << "CAST(x AS DECIMAL(10,2))";
        QTest::newRow("string literal unquoted") << "concat(a, '-', b)" << "concat(a, -, b)";
        QTest::newRow("not equal") << "a != b" << "(NOT (a = b))";
        QTest::newRow("double equals") << "a == b" << "(a = b)";
        QTest::newRow("is null") << "x IS NULL" << "(x IS NULL)";
        QTest::newRow("is not null") << "x IS NOT NULL" << "(x IS NOT NULL)";
        QTest::newRow("negation") << "-x" << "(- x)";
        QTest::newRow("negative literal") << "-5" << "-5";
        QTest::newRow("not") << "NOT flag" << "(NOT flag)";
        QTest::newRow("and with null") << "TRUE AND NULL" << "(true AND NULL)";
        QTest::newRow("double literal") << "x * 1.5e3" << "(x * 1500.0)";
        QTest::newRow("bigint literal") << "x + 3000000000" << "(x + 3000000000)";
        QTest::newRow("in") << "x IN (1, 2)" << "(x IN (1, 2))";
        QTest::newRow("not in") << "x NOT IN (1, 2)" << "(NOT (x IN (1, 2)))";
        QTest::newRow("between") << "x BETWEEN 1 AND 2" << "((x >= 1) AND (x <= 2))";
        QTest::newRow("like") << "x LIKE 'a%'" << "x LIKE a%";
        QTest::newRow("case") << "CASE WHEN a > 1 THEN 'big' ELSE 'small' END"
                              << "CASE WHEN (a > 1) THEN big ELSE small END";
        QTest::newRow("round default scale") << "round(x)" << "round(x, 0)";
        QTest::newRow("nested") << "sum(amount * 2) / count(*)" << "(sum((amount * 2)) / count(1))";
        QTest::newRow("timestamp literal") << "ts > TIMESTAMP '2026-03-01 10:00:00'"
                                           << "(ts > TIMESTAMP '2026-03-01 10:00:00')";
        QTest::newRow("current_timestamp") << "current_timestamp()" << "current_timestamp()";
    }
    void defaultNames()
    {
        compareTextColumns("text", "name", [](const std::string &text) { return defaultName(*parseExpression(text)); });
    }
};

QTEST_APPLESS_MAIN(TestExprParser)
#include "tst_expr_parser.moc"
