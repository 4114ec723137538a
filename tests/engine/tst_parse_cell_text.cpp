// Tests parseCellText, the one place that decides what the text of a cell means per column type:
// the exact value of every accepted text, the reason and message of every refused one, and that a
// scenario file holding the same text reads as the same value (or fails with the same message
// behind its FILE:LINE:COL and column), because the reader runs the same code.
#include "test_columns.h"
#include "streamstep/scenario.h"
#include "streamstep/value_format.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace streamstep;
using streamstep::testing::addColumns;

Q_DECLARE_METATYPE(std::string)
Q_DECLARE_METATYPE(streamstep::Value)
Q_DECLARE_METATYPE(streamstep::CellTextProblem)

namespace {

const std::string kTimestampForms =
    " is not a timestamp (expected \"YYYY-MM-DD HH:MM:SS[.ffffff]\" or ISO-8601 \"YYYY-MM-DDTHH:MM:SS[.ffffff][Z]\")";

// 2026-03-01 10:00:00 UTC in microseconds since the epoch.
constexpr int64_t kMarchFirstTen = 1'772'359'200'000'000;

DataType typeNamed(const std::string &name)
{
    const std::optional<DataType> type = parseTypeName(name);
    if (!type)
        qFatal("unknown type %s", name.c_str());
    return *type;
}

// Same type and value; NaN equals NaN (the point is which value a text makes).
bool sameValue(const Value &a, const Value &b)
{
    if (!a.isNull() && !b.isNull() && a.type() == b.type() && a.type().kind == TypeKind::Double
        && std::isnan(a.asDouble()) && std::isnan(b.asDouble()))
        return true;
    return a == b;
}

Int128 powerOfTenForTest(int n)
{
    Int128 r = 1;
    for (int i = 0; i < n; ++i)
        r *= 10;
    return r;
}

std::string described(const Value &value)
{
    return value.isNull() ? std::string("NULL") : value.type().scenarioName() + " " + toDisplayString(value);
}

// A scenario with one column `c` of `type` and one row holding `cell` (JSON as written); sets
// `cellColumn` to the 1-based column where the cell starts on its single line.
std::string oneCellScenario(const std::string &type, const std::string &cell, int *cellColumn)
{
    const std::string head = R"J({"format": "streamstep-scenario", "version": 1, "source": {"name": "s", "schema": [{"name": "c", "type": ")J"
        + type + R"J("}]}, "query": [], "outputMode": "append", "sink": {"format": "console"}, "steps": [{"rows": [[)J";
    *cellColumn = static_cast<int>(head.size()) + 1;
    return head + cell + "]]}]}";
}

} // namespace

class TestParseCellText : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void acceptsTextAsValue_data();
    void acceptsTextAsValue();
    void refusesTextWithReason_data();
    void refusesTextWithReason();
    void noTextFormForNullType();
    void fileCellReadsAsTheSameValue_data();
    void fileCellReadsAsTheSameValue();
};

void TestParseCellText::acceptsTextAsValue_data()
{
    addColumns<std::string, std::string, Value>("type", "text", "expected");

    QTest::newRow("boolean true") << std::string("boolean") << std::string("true") << Value::boolean(true);
    QTest::newRow("boolean FALSE") << std::string("boolean") << std::string("FALSE") << Value::boolean(false);
    QTest::newRow("boolean spaced") << std::string("boolean") << std::string(" True\t") << Value::boolean(true);
    QTest::newRow("int") << std::string("int") << std::string("-42") << Value::int32(-42);
    QTest::newRow("int plus") << std::string("int") << std::string("+7") << Value::int32(7);
    QTest::newRow("int leading zeros") << std::string("int") << std::string("007") << Value::int32(7);
    QTest::newRow("int max") << std::string("int") << std::string("2147483647") << Value::int32(2147483647);
    QTest::newRow("int min") << std::string("int") << std::string("-2147483648")
                             << Value::int32(std::numeric_limits<int32_t>::min());
    QTest::newRow("long max") << std::string("long") << std::string("9223372036854775807")
                              << Value::int64(std::numeric_limits<int64_t>::max());
    QTest::newRow("long min") << std::string("long") << std::string("-9223372036854775808")
                              << Value::int64(std::numeric_limits<int64_t>::min());
    QTest::newRow("double exponent") << std::string("double") << std::string("2.5E-3") << Value::float64(0.0025);
    QTest::newRow("double whole") << std::string("double") << std::string("3") << Value::float64(3.0);
    QTest::newRow("double point first") << std::string("double") << std::string(".5") << Value::float64(0.5);
    QTest::newRow("double plus") << std::string("double") << std::string("+1.5") << Value::float64(1.5);
    QTest::newRow("double NaN") << std::string("double") << std::string("NaN")
                                << Value::float64(std::numeric_limits<double>::quiet_NaN());
    QTest::newRow("double Infinity") << std::string("double") << std::string("Infinity")
                                     << Value::float64(std::numeric_limits<double>::infinity());
    QTest::newRow("double -Infinity") << std::string("double") << std::string("-Infinity")
                                      << Value::float64(-std::numeric_limits<double>::infinity());
    QTest::newRow("double underflow") << std::string("double") << std::string("1e-400") << Value::float64(0.0);
    QTest::newRow("double subnormal") << std::string("double") << std::string("4.9e-324")
                                      << Value::float64(std::numeric_limits<double>::denorm_min());
    QTest::newRow("decimal") << std::string("decimal(4,1)") << std::string("123.4") << Value::decimal(1234, 4, 1);
    QTest::newRow("decimal trailing zero") << std::string("decimal(4,1)") << std::string("12.50") << Value::decimal(125, 4, 1);
    QTest::newRow("decimal negative") << std::string("decimal(4,1)") << std::string("-0.5") << Value::decimal(-5, 4, 1);
    QTest::newRow("decimal plus whole") << std::string("decimal(4,1)") << std::string("+3") << Value::decimal(30, 4, 1);
    QTest::newRow("decimal point first") << std::string("decimal(4,1)") << std::string(".5") << Value::decimal(5, 4, 1);
    QTest::newRow("decimal zero at full scale") << std::string("decimal(2,2)") << std::string("0") << Value::decimal(0, 2, 2);
    QTest::newRow("decimal 38 digits") << std::string("decimal(38,0)") << std::string("99999999999999999999999999999999999999")
                                       << Value::decimal(powerOfTenForTest(38) - 1, 38, 0);
    QTest::newRow("timestamp") << std::string("timestamp") << std::string("2026-03-01 10:05:30.25")
                               << Value::timestamp(kMarchFirstTen + 330'250'000);
    QTest::newRow("timestamp ISO Z") << std::string("timestamp") << std::string("2026-03-01T10:05:30Z")
                                     << Value::timestamp(kMarchFirstTen + 330'000'000);
    QTest::newRow("timestamp ISO") << std::string("timestamp") << std::string("2026-03-01T10:00:00")
                                   << Value::timestamp(kMarchFirstTen);
    QTest::newRow("timestamp micros") << std::string("timestamp") << std::string("2026-03-01 10:00:00.000001")
                                      << Value::timestamp(kMarchFirstTen + 1);
    QTest::newRow("string as is") << std::string("string") << std::string(" spaced, \"quoted\" ")
                                  << Value::string(" spaced, \"quoted\" ");
    QTest::newRow("string NULL") << std::string("string") << std::string("NULL") << Value::string("NULL");
    QTest::newRow("string empty") << std::string("string") << std::string() << Value::string("");
    QTest::newRow("int empty") << std::string("int") << std::string() << Value::null();
    QTest::newRow("double blank") << std::string("double") << std::string("  ") << Value::null();
    QTest::newRow("decimal null") << std::string("decimal(4,1)") << std::string("null") << Value::null();
    QTest::newRow("timestamp NULL spaced") << std::string("timestamp") << std::string(" NULL ") << Value::null();
    QTest::newRow("boolean Null") << std::string("boolean") << std::string("Null") << Value::null();
}

void TestParseCellText::acceptsTextAsValue()
{
    QFETCH(std::string, type);
    QFETCH(std::string, text);
    QFETCH(Value, expected);
    CellTextError error{CellTextProblem::NoTextForm, "untouched"};
    const std::optional<Value> value = parseCellText(text, typeNamed(type), &error);
    QVERIFY2(value.has_value(), error.message.c_str());
    QVERIFY2(sameValue(*value, expected), (described(*value) + " != " + described(expected)).c_str());
    QCOMPARE(error.message, std::string("untouched")); // left alone on success
}

void TestParseCellText::refusesTextWithReason_data()
{
    addColumns<std::string, std::string, CellTextProblem, std::string>("type", "text", "problem", "message");

    const auto notA = CellTextProblem::NotAValue;
    const auto noFit = CellTextProblem::DoesNotFit;
    const auto notPlain = CellTextProblem::NotAPlainDecimal;
    const auto notTs = CellTextProblem::NotATimestamp;
    QTest::newRow("boolean yes") << std::string("boolean") << std::string("yes") << notA << std::string("\"yes\" is not a boolean");
    QTest::newRow("boolean 1") << std::string("boolean") << std::string("1") << notA << std::string("\"1\" is not a boolean");
    QTest::newRow("int letters") << std::string("int") << std::string(" 12abc ") << notA << std::string("\"12abc\" is not an int");
    QTest::newRow("int fraction") << std::string("int") << std::string("1.5") << notA << std::string("\"1.5\" is not an int");
    QTest::newRow("int zero fraction") << std::string("int") << std::string("12.0") << notA << std::string("\"12.0\" is not an int");
    QTest::newRow("int two signs") << std::string("int") << std::string("+-5") << notA << std::string("\"+-5\" is not an int");
    QTest::newRow("int sign only") << std::string("int") << std::string("-") << notA << std::string("\"-\" is not an int");
    QTest::newRow("int too big") << std::string("int") << std::string("3000000000") << noFit << std::string("value 3000000000 does not fit int");
    QTest::newRow("int too small") << std::string("int") << std::string("-2147483649") << noFit << std::string("value -2147483649 does not fit int");
    QTest::newRow("long too big") << std::string("long") << std::string("9223372036854775808") << noFit
                                  << std::string("value 9223372036854775808 does not fit long");
    QTest::newRow("long exponent") << std::string("long") << std::string("1e3") << notA << std::string("\"1e3\" is not a long");
    QTest::newRow("double inf") << std::string("double") << std::string("inf") << notA << std::string("\"inf\" is not a double");
    QTest::newRow("double nan") << std::string("double") << std::string("nan") << notA << std::string("\"nan\" is not a double");
    QTest::newRow("double hex") << std::string("double") << std::string("0x10") << notA << std::string("\"0x10\" is not a double");
    QTest::newRow("double two signs") << std::string("double") << std::string("+-1") << notA << std::string("\"+-1\" is not a double");
    QTest::newRow("double comma") << std::string("double") << std::string("1,5") << notA << std::string("\"1,5\" is not a double");
    QTest::newRow("double overflow") << std::string("double") << std::string("1e400") << noFit << std::string("value 1e400 does not fit double");
    QTest::newRow("decimal too many decimals") << std::string("decimal(4,1)") << std::string("12.55") << noFit
                                               << std::string("value 12.55 does not fit decimal(4,1)");
    QTest::newRow("decimal too large") << std::string("decimal(4,1)") << std::string("1234.5") << noFit
                                       << std::string("value 1234.5 does not fit decimal(4,1)");
    QTest::newRow("decimal whole too large") << std::string("decimal(4,1)") << std::string("1000") << noFit
                                             << std::string("value 1000 does not fit decimal(4,1)");
    QTest::newRow("decimal 39 digits") << std::string("decimal(38,0)") << std::string("999999999999999999999999999999999999999")
                                       << noFit << std::string("value 999999999999999999999999999999999999999 does not fit decimal(38,0)");
    QTest::newRow("decimal exponent") << std::string("decimal(4,1)") << std::string("1e2") << notPlain
                                      << std::string("\"1e2\" is not a plain decimal number");
    QTest::newRow("decimal words") << std::string("decimal(4,1)") << std::string("twelve") << notPlain
                                   << std::string("\"twelve\" is not a plain decimal number");
    QTest::newRow("timestamp time only") << std::string("timestamp") << std::string("10:00") << notTs << "\"10:00\"" + kTimestampForms;
    QTest::newRow("timestamp no seconds") << std::string("timestamp") << std::string("2026-03-01 10:01") << notTs
                                          << "\"2026-03-01 10:01\"" + kTimestampForms;
    QTest::newRow("timestamp date only") << std::string("timestamp") << std::string("2026-03-01") << notTs
                                         << "\"2026-03-01\"" + kTimestampForms;
    QTest::newRow("timestamp month 13") << std::string("timestamp") << std::string("2026-13-01 10:00:00") << notTs
                                        << "\"2026-13-01 10:00:00\"" + kTimestampForms;
    QTest::newRow("timestamp offset") << std::string("timestamp") << std::string("2026-03-01T10:00:00+01:00") << notTs
                                      << "\"2026-03-01T10:00:00+01:00\"" + kTimestampForms;
    QTest::newRow("timestamp long text shortened") << std::string("timestamp") << std::string(50, 'x') << notTs
                                                   << "\"" + std::string(40, 'x') + "...\"" + kTimestampForms;
    QTest::newRow("timestamp quote escaped") << std::string("timestamp") << std::string("\"now\"") << notTs
                                             << "\"\\\"now\\\"\"" + kTimestampForms;
}

void TestParseCellText::refusesTextWithReason()
{
    QFETCH(std::string, type);
    QFETCH(std::string, text);
    QFETCH(CellTextProblem, problem);
    QFETCH(std::string, message);
    CellTextError error;
    const std::optional<Value> value = parseCellText(text, typeNamed(type), &error);
    QVERIFY2(!value.has_value(), described(value.value_or(Value::null())).c_str());
    QCOMPARE(int(error.problem), int(problem));
    QCOMPARE(error.message, message);
    QVERIFY(!parseCellText(text, typeNamed(type))); // no error wanted: still refused
}

void TestParseCellText::noTextFormForNullType()
{
    CellTextError error;
    QVERIFY(!parseCellText("x", DataType{TypeKind::Null}, &error));
    QCOMPARE(int(error.problem), int(CellTextProblem::NoTextForm));
    QVERIFY(!error.message.empty());
}

void TestParseCellText::fileCellReadsAsTheSameValue_data()
{
    // quoted: the file holds the text as a JSON string (else bare)
    addColumns<std::string, std::string, bool>("type", "text", "quoted");

    QTest::newRow("int number") << std::string("int") << std::string("-42") << false;
    QTest::newRow("int too big") << std::string("int") << std::string("2147483648") << false;
    QTest::newRow("int fraction") << std::string("int") << std::string("1.5") << false;
    QTest::newRow("long max") << std::string("long") << std::string("9223372036854775807") << false;
    QTest::newRow("long too big") << std::string("long") << std::string("9223372036854775808") << false;
    QTest::newRow("double number") << std::string("double") << std::string("2.5E-3") << false;
    QTest::newRow("double underflow") << std::string("double") << std::string("1e-400") << false;
    QTest::newRow("double NaN") << std::string("double") << std::string("NaN") << true;
    QTest::newRow("double Infinity") << std::string("double") << std::string("Infinity") << true;
    QTest::newRow("double -Infinity") << std::string("double") << std::string("-Infinity") << true;
    QTest::newRow("decimal string") << std::string("decimal(4,1)") << std::string("123.4") << true;
    QTest::newRow("decimal number") << std::string("decimal(4,1)") << std::string("12.50") << false;
    QTest::newRow("decimal plus") << std::string("decimal(4,1)") << std::string("+3") << true;
    QTest::newRow("decimal zero at full scale") << std::string("decimal(2,2)") << std::string("0") << true;
    QTest::newRow("decimal too many decimals") << std::string("decimal(4,1)") << std::string("12.55") << true;
    QTest::newRow("decimal exponent string") << std::string("decimal(4,1)") << std::string("1e2") << true;
    QTest::newRow("decimal exponent number") << std::string("decimal(4,1)") << std::string("1e2") << false;
    QTest::newRow("decimal 39 digits") << std::string("decimal(38,0)") << std::string("999999999999999999999999999999999999999") << true;
    QTest::newRow("string") << std::string("string") << std::string(" spaced, \"quoted\" ") << true;
    QTest::newRow("string NULL") << std::string("string") << std::string("NULL") << true;
    QTest::newRow("timestamp") << std::string("timestamp") << std::string("2026-03-01 10:05:30.25") << true;
    QTest::newRow("timestamp ISO") << std::string("timestamp") << std::string("2026-03-01T10:05:30Z") << true;
    QTest::newRow("timestamp no seconds") << std::string("timestamp") << std::string("2026-03-01 10:01") << true;
    QTest::newRow("timestamp month 13") << std::string("timestamp") << std::string("2026-13-01 10:00:00") << true;
    QTest::newRow("timestamp long words") << std::string("timestamp") << std::string("some time after lunch, when the batch has run") << true;
    QTest::newRow("boolean") << std::string("boolean") << std::string("true") << false;
}

void TestParseCellText::fileCellReadsAsTheSameValue()
{
    QFETCH(std::string, type);
    QFETCH(std::string, text);
    QFETCH(bool, quoted);
    const std::string cell = quoted ? nlohmann::json(text).dump() : text;
    int column = 0;
    const std::string file = oneCellScenario(type, cell, &column);
    CellTextError error;
    const std::optional<Value> parsed = parseCellText(text, typeNamed(type), &error);
    try {
        const Value read = parseScenario(file, "v.json").steps.at(0).rows.get(0, 0);
        QVERIFY2(parsed.has_value(), ("the file reads it, the cell refuses: " + error.message).c_str());
        QVERIFY2(sameValue(read, *parsed), (described(read) + " != " + described(*parsed)).c_str());
    } catch (const Error &e) {
        QVERIFY2(!parsed.has_value(), ("the cell takes it, the file refuses: " + e.message()).c_str());
        // The file shows a bare number bare where a cell's text is quoted.
        std::string expected = error.message;
        const std::string quotedText = "\"" + text + "\"";
        if (!quoted && expected.starts_with(quotedText))
            expected.replace(0, quotedText.size(), text);
        QCOMPARE(e.message(), "v.json:1:" + std::to_string(column) + ": column 'c': " + expected);
    }
}

QTEST_APPLESS_MAIN(TestParseCellText)
#include "tst_parse_cell_text.moc"
