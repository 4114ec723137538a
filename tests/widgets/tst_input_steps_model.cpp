// Tests the input rows table model: it passes QAbstractItemModelTester, shows Spark's string
// forms, shares the step instead of copying it, and parses typed cell text exactly as the
// scenario reader parses the same value in a file (both run the engine's parseCellText; this
// proves the model's wrapper) — accepting what the reader accepts with the same value, refusing
// what it refuses with a translated message naming the column — and only announces edits (the
// step itself never changes inside the model).
#include "../engine/test_columns.h"
#include "input_steps_model.h"

#include "streamstep/scenario.h"
#include "streamstep/transaction_generator.h"
#include "streamstep/value_format.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

#include <cmath>

using namespace streamstep;
using streamstep::testing::addColumns;

namespace {

// A scenario whose schema has one column of each type rows can hold.
const char *kAllTypes = R"J({
  "format": "streamstep-scenario", "version": 1,
  "source": {"name": "t", "schema": [
    {"name": "b", "type": "boolean"}, {"name": "i", "type": "int"}, {"name": "l", "type": "long"},
    {"name": "d", "type": "double"}, {"name": "m", "type": "decimal(4,1)"},
    {"name": "s", "type": "string"}, {"name": "ts", "type": "timestamp"}]},
  "query": [], "outputMode": "append", "sink": {"format": "memory", "options": {"queryName": "q"}},
  "steps": [{"rows": [
    [true, 7, 9000000000, 1.5, "12.5", "x", "2026-03-01 10:00:00"],
    [null, null, null, null, null, null, null]]}]
})J";

Scenario allTypesScenario()
{
    return parseScenario(kAllTypes);
}

// The value the scenario reader makes of `json` in column `column` (nullopt when it refuses).
std::optional<Value> readerValue(int column, const std::string &json)
{
    std::string text = kAllTypes;
    std::string row = "[null, null, null, null, null, null, null]";
    const size_t at = text.rfind(row);
    std::vector<std::string> cells(7, "null");
    cells[static_cast<size_t>(column)] = json;
    std::string replacement = "[";
    for (size_t i = 0; i < cells.size(); ++i)
        replacement += (i ? ", " : "") + cells[i];
    replacement += "]";
    text.replace(at, row.size(), replacement);
    try {
        return parseScenario(text).steps[0].rows.get(1, static_cast<size_t>(column));
    } catch (const Error &) {
        return std::nullopt;
    }
}

bool sameValue(const Value &a, const Value &b)
{
    if (!a.isNull() && !b.isNull() && a.type().kind == TypeKind::Double && b.type().kind == TypeKind::Double
        && std::isnan(a.asDouble()) && std::isnan(b.asDouble()))
        return true;
    return a == b;
}

} // namespace

class TestInputStepsModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void passesModelTester();
    void showsSparkStringFormsAndSharesTheStep();
    void parsesLikeTheScenarioReader_data();
    void parsesLikeTheScenarioReader();
    void refusedTextNamesTheColumn_data();
    void refusedTextNamesTheColumn();
    void validEditIsAnnouncedNotApplied();
    void invalidEditIsRefusedWithMessage();
    void unchangedTextAndNullEdits();
    void largeStepIsNotCopied();
};

void TestInputStepsModel::passesModelTester()
{
    const Scenario scenario = allTypesScenario();
    ColumnBatch other = ColumnBatch::empty(scenario.sourceSchema);
    other.appendRow(scenario.steps[0].rows.row(0));
    InputStepsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setBatch(&scenario.steps[0].rows);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), 7);
    model.setBatch(&other); // other shape: reset
    QCOMPARE(model.rowCount(), 1);
    ColumnBatch same = other;
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setBatch(&same); // same shape: repaint only, the view keeps its current cell
    QCOMPARE(reset.count(), 0);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(model.batch(), &same);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), 0);
}

void TestInputStepsModel::showsSparkStringFormsAndSharesTheStep()
{
    const Scenario scenario = allTypesScenario();
    InputStepsModel model;
    model.setBatch(&scenario.steps[0].rows);
    QCOMPARE(model.batch(), &scenario.steps[0].rows);
    const QStringList expected{"true", "7", "9000000000", "1.5", "12.5", "x", "2026-03-01 10:00:00"};
    for (int c = 0; c < 7; ++c) {
        QCOMPARE(model.data(model.index(0, c)).toString(), expected[c]);
        QCOMPARE(model.data(model.index(0, c), Qt::EditRole).toString(), expected[c]);
        QCOMPARE(model.data(model.index(0, c), InputStepsModel::NullRole).toBool(), false);
        QCOMPARE(model.data(model.index(1, c)).toString(), QStringLiteral("NULL"));
        QCOMPARE(model.data(model.index(1, c), InputStepsModel::NullRole).toBool(), true);
        QVERIFY(model.data(model.index(1, c), Qt::FontRole).value<QFont>().italic());
        QVERIFY(model.flags(model.index(0, c)) & Qt::ItemIsEditable);
    }
    QCOMPARE(model.headerData(4, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("m"));
    QVERIFY(model.headerData(4, Qt::Horizontal, Qt::ToolTipRole).toString().contains(QLatin1String("decimal(4,1)")));
    QCOMPARE(model.headerData(1, Qt::Vertical, Qt::DisplayRole).toInt(), 2);
}

void TestInputStepsModel::parsesLikeTheScenarioReader_data()
{
    // text: what the user types in the cell
    // json: the same value written in a file
    addColumns<int, QString, QString>("column", "text", "json");

    QTest::newRow("boolean true") << 0 << "true" << "true";
    QTest::newRow("boolean FALSE") << 0 << "FALSE" << "false";
    QTest::newRow("int") << 1 << "-42" << "-42";
    QTest::newRow("int max") << 1 << "2147483647" << "2147483647";
    QTest::newRow("int too big") << 1 << "2147483648" << "2147483648";
    QTest::newRow("int with fraction") << 1 << "1.5" << "1.5";
    QTest::newRow("long") << 2 << "9223372036854775807" << "9223372036854775807";
    QTest::newRow("long too big") << 2 << "9223372036854775808" << "9223372036854775808";
    QTest::newRow("double") << 3 << "2.5E-3" << "2.5E-3";
    QTest::newRow("double whole") << 3 << "3" << "3";
    QTest::newRow("double NaN") << 3 << "NaN" << "\"NaN\"";
    QTest::newRow("double -Infinity") << 3 << "-Infinity" << "\"-Infinity\"";
    QTest::newRow("decimal") << 4 << "123.4" << "\"123.4\"";
    QTest::newRow("decimal trailing zero") << 4 << "12.50" << "\"12.50\"";
    QTest::newRow("decimal too precise") << 4 << "12.55" << "\"12.55\"";
    QTest::newRow("decimal too large") << 4 << "1234.5" << "\"1234.5\"";
    QTest::newRow("decimal exponent") << 4 << "1e2" << "\"1e2\"";
    QTest::newRow("decimal negative") << 4 << "-0.5" << "\"-0.5\"";
    QTest::newRow("string") << 5 << " spaced, \"quoted\" " << "\" spaced, \\\"quoted\\\" \"";
    QTest::newRow("timestamp") << 6 << "2026-03-01 10:05:30.25" << "\"2026-03-01 10:05:30.25\"";
    QTest::newRow("timestamp ISO") << 6 << "2026-03-01T10:05:30Z" << "\"2026-03-01T10:05:30Z\"";
    QTest::newRow("timestamp micros") << 6 << "2026-03-01 10:05:30.000001" << "\"2026-03-01 10:05:30.000001\"";
    QTest::newRow("timestamp not a date") << 6 << "2026-13-01 10:00:00" << "\"2026-13-01 10:00:00\"";
    QTest::newRow("timestamp words") << 6 << "yesterday" << "\"yesterday\"";
    QTest::newRow("timestamp no seconds") << 6 << "2026-03-01 10:05" << "\"2026-03-01 10:05\"";
    QTest::newRow("timestamp date only") << 6 << "2026-03-01" << "\"2026-03-01\"";
}

void TestInputStepsModel::parsesLikeTheScenarioReader()
{
    QFETCH(int, column);
    QFETCH(QString, text);
    QFETCH(QString, json);
    const Scenario scenario = allTypesScenario();
    const Field &field = scenario.sourceSchema.fields[static_cast<size_t>(column)];
    QString error;
    const std::optional<Value> parsed = InputStepsModel::parseCellText(text, field, &error);
    const std::optional<Value> read = readerValue(column, json.toStdString());
    QCOMPARE(parsed.has_value(), read.has_value());
    if (parsed) {
        QVERIFY2(sameValue(*parsed, *read), qPrintable(text));
        QVERIFY(error.isEmpty());
    } else {
        QVERIFY(error.startsWith(QStringLiteral("Column '%1': ").arg(QString::fromStdString(field.name))));
    }
}

void TestInputStepsModel::refusedTextNamesTheColumn_data()
{
    addColumns<int, QString, QString>("column", "text", "message");
    QTest::newRow("boolean") << 0 << "yes" << "Column 'b': \"yes\" is not a boolean (true or false).";
    QTest::newRow("int") << 1 << "12abc" << "Column 'i': \"12abc\" is not a whole number (int).";
    QTest::newRow("int range") << 1 << "3000000000"
                               << "Column 'i': 3000000000 does not fit int (from -2147483648 to 2147483647).";
    QTest::newRow("double") << 3 << "inf" << "Column 'd': \"inf\" is not a number (a double like 1.5, 2.0E-3, NaN or Infinity).";
    QTest::newRow("decimal") << 4 << "12.55"
                             << "Column 'm': 12.55 does not fit decimal(4,1) (at most 3 digits before the point and 1 after it).";
    QTest::newRow("decimal text") << 4 << "twelve" << "Column 'm': \"twelve\" is not a plain decimal number (like 12.50).";
    QTest::newRow("timestamp") << 6 << "10:00"
                               << "Column 'ts': \"10:00\" is not a timestamp (expected YYYY-MM-DD HH:MM:SS[.ffffff], UTC).";
}

void TestInputStepsModel::refusedTextNamesTheColumn()
{
    QFETCH(int, column);
    QFETCH(QString, text);
    QFETCH(QString, message);
    const Scenario scenario = allTypesScenario();
    QString error;
    QVERIFY(!InputStepsModel::parseCellText(text, scenario.sourceSchema.fields[static_cast<size_t>(column)], &error));
    QCOMPARE(error, message);
}

void TestInputStepsModel::validEditIsAnnouncedNotApplied()
{
    const Scenario scenario = allTypesScenario();
    InputStepsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setBatch(&scenario.steps[0].rows);
    QSignalSpy requested(&model, &InputStepsModel::cellEditRequested);
    QSignalSpy rejected(&model, &InputStepsModel::editRejected);
    QVERIFY(model.setData(model.index(0, 4), QStringLiteral("99.9")));
    QCOMPARE(requested.count(), 1);
    QCOMPARE(rejected.count(), 0);
    QCOMPARE(requested[0][0].toInt(), 0);
    QCOMPARE(requested[0][1].toInt(), 4);
    QCOMPARE(requested[0][2].value<Value>(), Value::decimal(999, 4, 1));
    // The step changes only when the app applies the edit.
    QCOMPARE(model.data(model.index(0, 4)).toString(), QStringLiteral("12.5"));
    QCOMPARE(scenario.steps[0].rows.get(0, 4), Value::decimal(125, 4, 1));
    QVERIFY(model.lastError().isEmpty());
}

void TestInputStepsModel::invalidEditIsRefusedWithMessage()
{
    const Scenario scenario = allTypesScenario();
    InputStepsModel model;
    model.setBatch(&scenario.steps[0].rows);
    QSignalSpy requested(&model, &InputStepsModel::cellEditRequested);
    QSignalSpy rejected(&model, &InputStepsModel::editRejected);
    QVERIFY(!model.setData(model.index(0, 6), QStringLiteral("not a time")));
    QCOMPARE(requested.count(), 0);
    QCOMPARE(rejected.count(), 1);
    QCOMPARE(rejected[0][2].toString(), model.lastError());
    QVERIFY(model.lastError().contains(QLatin1String("is not a timestamp")));
    QCOMPARE(model.data(model.index(0, 6)).toString(), QStringLiteral("2026-03-01 10:00:00"));
    // A good edit afterwards clears the message.
    // A time without seconds is no timestamp in a file, so not in a cell either.
    QVERIFY(!model.setData(model.index(0, 6), QStringLiteral("2026-03-01 11:00")));
    QCOMPARE(rejected.count(), 2);
    QVERIFY(model.setData(model.index(0, 6), QStringLiteral("2026-03-01 11:00:00")));
    QVERIFY(model.lastError().isEmpty());
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested[0][2].value<Value>().asTimestamp(), 1'772'362'800'000'000);
}

void TestInputStepsModel::unchangedTextAndNullEdits()
{
    const Scenario scenario = allTypesScenario();
    InputStepsModel model;
    model.setBatch(&scenario.steps[0].rows);
    QSignalSpy requested(&model, &InputStepsModel::cellEditRequested);
    // An editor closed without a change commits the shown text: nothing to do, even for the
    // NULL of a string column (which must not become the string "NULL").
    QVERIFY(model.setData(model.index(0, 3), QStringLiteral("1.5")));
    QVERIFY(model.setData(model.index(1, 5), QStringLiteral("NULL")));
    QVERIFY(model.setData(model.index(0, 4), QStringLiteral("12.50"))); // same value, other spelling
    QCOMPARE(requested.count(), 0);
    // Empty text or NULL in a non-string column, an invalid QVariant anywhere: SQL NULL.
    QVERIFY(model.setData(model.index(0, 1), QString()));
    QVERIFY(model.setData(model.index(0, 2), QStringLiteral("null")));
    QVERIFY(model.setData(model.index(0, 5), QVariant()));
    QCOMPARE(requested.count(), 3);
    for (const QList<QVariant> &args : requested)
        QVERIFY(args[2].value<Value>().isNull());
    // In a string column typed text is text.
    QVERIFY(model.setData(model.index(0, 5), QString()));
    QCOMPARE(requested.count(), 4);
    QCOMPARE(requested[3][2].value<Value>(), Value::string(""));
}

void TestInputStepsModel::largeStepIsNotCopied()
{
    TransactionGeneratorOptions options;
    options.numRows = 200'000;
    const ColumnBatch rows = generateTransactions(options);
    InputStepsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
    model.setBatch(&rows);
    QCOMPARE(model.batch(), &rows);
    QCOMPARE(model.rowCount(), 200'000);
    const int last = model.rowCount() - 1;
    QCOMPARE(model.data(model.index(last, 0)).toString(), QString::fromStdString(rows.columns[0].strings().back()));
    QCOMPARE(model.data(model.index(last, 2)).toString(),
             QString::fromStdString(toDisplayString(rows.get(static_cast<size_t>(last), 2))));
}

QTEST_MAIN(TestInputStepsModel)
#include "tst_input_steps_model.moc"
