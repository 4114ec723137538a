// Checks the text forms of values against what Spark 3.5 prints: Java's Double.toString, plain
// decimals, timestamp casts, progress-JSON timestamps, stringToTimestamp and the --jsonl values.
#include "test_columns.h"
#include "streamstep/column_batch.h"
#include "streamstep/value_format.h"

#include <QtTest>

#include <cmath>
#include <optional>
#include <string>
#include <limits>

using namespace streamstep;
using streamstep::testing::addColumns;
using streamstep::testing::compareColumns;

Q_DECLARE_METATYPE(streamstep::Value)

namespace {

constexpr qint64 kMarch1At10 = 1772359200000000LL; // 2026-03-01 10:00:00 UTC

QByteArray bytes(const std::string &s)
{
    return QByteArray::fromStdString(s);
}

} // namespace

class TestValueFormat : public QObject {
    Q_OBJECT

private slots:
    void formatDouble_data();
    void formatDouble();
    void formatDecimal_data();
    void formatDecimal();
    void formatTimestamp_data();
    void formatTimestamp();
    void formatTimestampIso_data();
    void formatTimestampIso();
    void parseTimestamp_data();
    void parseTimestamp();
    void parseDecimalText_data();
    void parseDecimalText();
    void toDisplayString_data();
    void toDisplayString();
    void toJsonText_data();
    void readUtf8Sequence_data();
    void readUtf8Sequence();
    void toJsonText();
    void commonTimestampShapeReadsAsTheGeneralParser();
};

void TestValueFormat::formatDouble_data()
{
    addColumns<double, QByteArray>("value", "expected");
    const double inf = std::numeric_limits<double>::infinity();
    QTest::newRow("one") << 1.0 << QByteArray("1.0");
    QTest::newRow("tenth") << 0.1 << QByteArray("0.1");
    QTest::newRow("hundred") << 100.0 << QByteArray("100.0");
    QTest::newRow("1e7 switches to E") << 1e7 << QByteArray("1.0E7");
    QTest::newRow("just below 1e7") << 9999999.0 << QByteArray("9999999.0");
    QTest::newRow("1e-4 is scientific") << 1e-4 << QByteArray("1.0E-4");
    QTest::newRow("1e-3 is plain") << 0.001 << QByteArray("0.001");
    QTest::newRow("fraction") << 123456.789 << QByteArray("123456.789");
    QTest::newRow("negative") << -2.5 << QByteArray("-2.5");
    QTest::newRow("zero") << 0.0 << QByteArray("0.0");
    QTest::newRow("negative zero") << -0.0 << QByteArray("-0.0");
    QTest::newRow("NaN") << std::nan("") << QByteArray("NaN");
    QTest::newRow("Infinity") << inf << QByteArray("Infinity");
    QTest::newRow("-Infinity") << -inf << QByteArray("-Infinity");
    QTest::newRow("max") << 1.7976931348623157E308 << QByteArray("1.7976931348623157E308");
    QTest::newRow("min subnormal") << 4.9E-324 << QByteArray("4.9E-324");
    QTest::newRow("small scientific") << 1.234e-5 << QByteArray("1.234E-5");
    QTest::newRow("large scientific") << 12345678.9 << QByteArray("1.23456789E7");
    QTest::newRow("1e23") << 1e23 << QByteArray("1.0E23");
    QTest::newRow("2e23") << 2e23 << QByteArray("2.0E23");
    QTest::newRow("0.1+0.2") << (0.1 + 0.2) << QByteArray("0.30000000000000004");
    QTest::newRow("avg result") << 250000.0 / 3 << QByteArray("83333.33333333333");
    QTest::newRow("1/3") << 1.0 / 3 << QByteArray("0.3333333333333333");
}

void TestValueFormat::formatDouble()
{
    compareColumns<double, QByteArray>("value", "expected", [](double v) { return bytes(streamstep::formatDouble(v)); });
}

void TestValueFormat::formatDecimal_data()
{
    addColumns<qint64, int, QByteArray>("unscaled", "scale", "expected");
    QTest::newRow("scale 2") << qint64(25000010) << 2 << QByteArray("250000.10");
    QTest::newRow("negative below one") << qint64(-5) << 2 << QByteArray("-0.05");
    QTest::newRow("scale 0") << qint64(12) << 0 << QByteArray("12");
    QTest::newRow("zero keeps scale") << qint64(0) << 2 << QByteArray("0.00");
    QTest::newRow("trailing zero kept") << qint64(-1250) << 2 << QByteArray("-12.50");
    QTest::newRow("scale 6") << qint64(1) << 6 << QByteArray("0.000001");
    // Around 64 bits: std::to_chars up to |2^63 - 1|, the 128-bit digits from the minimum on.
    QTest::newRow("int64 max") << std::numeric_limits<qint64>::max() << 2 << QByteArray("92233720368547758.07");
    QTest::newRow("-int64 max") << -std::numeric_limits<qint64>::max() << 2 << QByteArray("-92233720368547758.07");
    QTest::newRow("int64 min") << std::numeric_limits<qint64>::min() << 2 << QByteArray("-92233720368547758.08");
    QTest::newRow("scale 20, all fraction") << std::numeric_limits<qint64>::min() << 20
                                            << QByteArray("-0.09223372036854775808");
}

void TestValueFormat::formatDecimal()
{
    QFETCH(qint64, unscaled);
    QFETCH(int, scale);
    QFETCH(QByteArray, expected);
    QCOMPARE(bytes(streamstep::formatDecimal(unscaled, scale)), expected);
    std::string appended = "x";
    streamstep::appendDecimal(appended, unscaled, scale);
    QCOMPARE(bytes(appended), "x" + expected);
    // 38 digits, beyond 64 bits.
    Int128 big = 0;
    for (int i = 0; i < 38; ++i)
        big = big * 10 + 9;
    QCOMPARE(bytes(streamstep::formatDecimal(-big, 2)),
             QByteArray("-999999999999999999999999999999999999.99"));
}

void TestValueFormat::formatTimestamp_data()
{
    addColumns<qint64, QByteArray>("micros", "expected");
    QTest::newRow("epoch") << qint64(0) << QByteArray("1970-01-01 00:00:00");
    QTest::newRow("whole seconds") << kMarch1At10 << QByteArray("2026-03-01 10:00:00");
    QTest::newRow("half second") << kMarch1At10 + 500000 << QByteArray("2026-03-01 10:00:00.5");
    QTest::newRow("micros") << kMarch1At10 + 123 << QByteArray("2026-03-01 10:00:00.000123");
    QTest::newRow("millis") << kMarch1At10 + 120000 << QByteArray("2026-03-01 10:00:00.12");
    QTest::newRow("minus one micro") << qint64(-1) << QByteArray("1969-12-31 23:59:59.999999");
    QTest::newRow("minus 1.5 s") << qint64(-1500000) << QByteArray("1969-12-31 23:59:58.5");
    QTest::newRow("minus one day") << qint64(-86400000000LL) << QByteArray("1969-12-31 00:00:00");
    QTest::newRow("leap day") << qint64(951782400000000LL) << QByteArray("2000-02-29 00:00:00");
    QTest::newRow("year 1") << qint64(-62135596800000000LL) << QByteArray("0001-01-01 00:00:00");
    QTest::newRow("year 0") << qint64(-62167219200000000LL) << QByteArray("0000-01-01 00:00:00");
    QTest::newRow("year -1") << qint64(-62198755200000000LL) << QByteArray("-0001-01-01 00:00:00");
    QTest::newRow("year 9999") << qint64(253402300799999999LL)
                               << QByteArray("9999-12-31 23:59:59.999999");
    QTest::newRow("year 10000") << qint64(253402300800000000LL)
                                << QByteArray("+10000-01-01 00:00:00");
}

void TestValueFormat::formatTimestamp()
{
    compareColumns<qint64, QByteArray>("micros", "expected", [](qint64 m) { return bytes(streamstep::formatTimestamp(m)); });
}

void TestValueFormat::formatTimestampIso_data()
{
    addColumns<qint64, QByteArray>("micros", "expected");
    QTest::newRow("epoch") << qint64(0) << QByteArray("1970-01-01T00:00:00.000Z");
    QTest::newRow("whole") << kMarch1At10 << QByteArray("2026-03-01T10:00:00.000Z");
    QTest::newRow("micros dropped") << kMarch1At10 + 123999 << QByteArray("2026-03-01T10:00:00.123Z");
    QTest::newRow("negative floors") << qint64(-1) << QByteArray("1969-12-31T23:59:59.999Z");
    QTest::newRow("negative ms") << qint64(-1500) << QByteArray("1969-12-31T23:59:59.998Z");
}

void TestValueFormat::formatTimestampIso()
{
    compareColumns<qint64, QByteArray>("micros", "expected",
                                       [](qint64 m) { return bytes(streamstep::formatTimestampIso(m)); });
}

void TestValueFormat::parseTimestamp_data()
{
    // expected: formatTimestamp of the result, or "null"
    addColumns<QByteArray, QByteArray>("text", "expected");
    QTest::newRow("year") << QByteArray("2026") << QByteArray("2026-01-01 00:00:00");
    QTest::newRow("year-month") << QByteArray("2026-03") << QByteArray("2026-03-01 00:00:00");
    QTest::newRow("date") << QByteArray("2026-03-01") << QByteArray("2026-03-01 00:00:00");
    QTest::newRow("one-digit month/day") << QByteArray("2026-3-1") << QByteArray("2026-03-01 00:00:00");
    QTest::newRow("hour only") << QByteArray("2026-03-01 10") << QByteArray("2026-03-01 10:00:00");
    QTest::newRow("minutes") << QByteArray("2026-03-01 10:05") << QByteArray("2026-03-01 10:05:00");
    QTest::newRow("seconds") << QByteArray("2026-03-01 10:05:07") << QByteArray("2026-03-01 10:05:07");
    QTest::newRow("fraction") << QByteArray("2026-03-01 10:05:07.25") << QByteArray("2026-03-01 10:05:07.25");
    QTest::newRow("six digits") << QByteArray("2026-03-01 10:05:07.000001")
                                << QByteArray("2026-03-01 10:05:07.000001");
    QTest::newRow("nanos truncated") << QByteArray("2026-03-01 10:05:07.1234569")
                                     << QByteArray("2026-03-01 10:05:07.123456");
    QTest::newRow("T separator") << QByteArray("2026-03-01T10:05:07") << QByteArray("2026-03-01 10:05:07");
    QTest::newRow("Z") << QByteArray("2026-03-01T10:05:07Z") << QByteArray("2026-03-01 10:05:07");
    QTest::newRow("fraction Z") << QByteArray("2026-03-01T10:05:07.5Z") << QByteArray("2026-03-01 10:05:07.5");
    QTest::newRow("offset") << QByteArray("2026-03-01T10:05:07+01:00") << QByteArray("2026-03-01 09:05:07");
    QTest::newRow("negative offset") << QByteArray("2026-03-01 23:30:00-02:00")
                                     << QByteArray("2026-03-02 01:30:00");
    QTest::newRow("UTC suffix") << QByteArray("2026-03-01 10:05:07 UTC") << QByteArray("2026-03-01 10:05:07");
    QTest::newRow("whitespace trimmed") << QByteArray("  2026-03-01 10:05:07 \t\n")
                                        << QByteArray("2026-03-01 10:05:07");
    QTest::newRow("date with trailing T") << QByteArray("2026-03-01T") << QByteArray("null");
    QTest::newRow("before 1970") << QByteArray("1969-12-31 23:59:59.999999")
                                 << QByteArray("1969-12-31 23:59:59.999999");
    QTest::newRow("leap day") << QByteArray("2024-02-29") << QByteArray("2024-02-29 00:00:00");
    QTest::newRow("not a leap year") << QByteArray("2026-02-29") << QByteArray("null");
    QTest::newRow("day 30 in February") << QByteArray("2026-02-30") << QByteArray("null");
    QTest::newRow("month 13") << QByteArray("2026-13-01") << QByteArray("null");
    QTest::newRow("hour 25") << QByteArray("2026-03-01 25:00") << QByteArray("null");
    QTest::newRow("minute 60") << QByteArray("2026-03-01 10:60") << QByteArray("null");
    QTest::newRow("three-digit hour") << QByteArray("2026-03-01 100:00") << QByteArray("null");
    QTest::newRow("two-digit year") << QByteArray("26-03-01") << QByteArray("null");
    QTest::newRow("time only") << QByteArray("10:05:07") << QByteArray("null");
    QTest::newRow("empty") << QByteArray("") << QByteArray("null");
    QTest::newRow("blank") << QByteArray("   ") << QByteArray("null");
    QTest::newRow("words") << QByteArray("yesterday") << QByteArray("null");
    QTest::newRow("slash date") << QByteArray("2026/03/01") << QByteArray("null");
    QTest::newRow("bad zone") << QByteArray("2026-03-01 10:05:07 XYZ") << QByteArray("null");
}

void TestValueFormat::parseTimestamp()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, expected);
    const auto micros = streamstep::parseTimestamp(text.toStdString());
    QCOMPARE(micros ? bytes(streamstep::formatTimestamp(*micros)) : QByteArray("null"), expected);
}

void TestValueFormat::parseDecimalText_data()
{
    addColumns<QByteArray, bool, qint64, int, int>("text", "valid", "unscaled", "precision", "scale");
    QTest::newRow("negative") << QByteArray("-12.50") << true << qint64(-1250) << 4 << 2;
    QTest::newRow("plus sign") << QByteArray("+3") << true << qint64(3) << 1 << 0;
    QTest::newRow("leading point") << QByteArray(".5") << true << qint64(5) << 1 << 1;
    QTest::newRow("trailing point") << QByteArray("5.") << true << qint64(5) << 1 << 0;
    QTest::newRow("precision at least scale") << QByteArray("0.05") << true << qint64(5) << 2 << 2;
    QTest::newRow("leading zeros") << QByteArray("007") << true << qint64(7) << 1 << 0;
    QTest::newRow("zero") << QByteArray("0") << true << qint64(0) << 1 << 0;
    QTest::newRow("zero with scale") << QByteArray("0.00") << true << qint64(0) << 2 << 2;
    QTest::newRow("money") << QByteArray("250000.10") << true << qint64(25000010) << 8 << 2;
    QTest::newRow("exponent") << QByteArray("1e3") << false << qint64(0) << 0 << 0;
    QTest::newRow("empty") << QByteArray("") << false << qint64(0) << 0 << 0;
    QTest::newRow("point only") << QByteArray(".") << false << qint64(0) << 0 << 0;
    QTest::newRow("sign only") << QByteArray("-") << false << qint64(0) << 0 << 0;
    QTest::newRow("two points") << QByteArray("1.2.3") << false << qint64(0) << 0 << 0;
    QTest::newRow("space") << QByteArray(" 1") << false << qint64(0) << 0 << 0;
    QTest::newRow("39 digits") << QByteArray("123456789012345678901234567890123456789") << false
                               << qint64(0) << 0 << 0;
    QTest::newRow("scale 39") << QByteArray("0.000000000000000000000000000000000000001") << false
                              << qint64(0) << 0 << 0;
}

void TestValueFormat::parseDecimalText()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, valid);
    QFETCH(qint64, unscaled);
    QFETCH(int, precision);
    QFETCH(int, scale);
    const auto decimal = streamstep::parseDecimalText(text.toStdString());
    QCOMPARE(decimal.has_value(), valid);
    if (!valid)
        return;
    QCOMPARE(qint64(decimal->unscaled), unscaled);
    QCOMPARE(decimal->precision, precision);
    QCOMPARE(decimal->scale, scale);
    // 38 nines still fit.
    const auto max = streamstep::parseDecimalText("-99999999999999999999999999999999999.999");
    QVERIFY(max.has_value());
    QCOMPARE(max->precision, 38);
    QCOMPARE(bytes(streamstep::formatDecimal(max->unscaled, max->scale)),
             QByteArray("-99999999999999999999999999999999999.999"));
}

void TestValueFormat::toDisplayString_data()
{
    addColumns<Value, QByteArray>("value", "expected");
    QTest::newRow("null") << Value::null() << QByteArray("NULL");
    QTest::newRow("true") << Value::boolean(true) << QByteArray("true");
    QTest::newRow("false") << Value::boolean(false) << QByteArray("false");
    QTest::newRow("int") << Value::int32(-42) << QByteArray("-42");
    QTest::newRow("long") << Value::int64(9007199254740993LL) << QByteArray("9007199254740993");
    QTest::newRow("double") << Value::float64(1e7) << QByteArray("1.0E7");
    QTest::newRow("decimal") << Value::decimal(1250, 4, 2) << QByteArray("12.50");
    QTest::newRow("string") << Value::string("héllo") << QByteArray("héllo");
    QTest::newRow("timestamp") << Value::timestamp(kMarch1At10 + 5000) << QByteArray("2026-03-01 10:00:00.005");
    QTest::newRow("window") << Value::window(kMarch1At10, kMarch1At10 + 300000000)
                            << QByteArray("{2026-03-01 10:00:00, 2026-03-01 10:05:00}");
}

void TestValueFormat::toDisplayString()
{
    QFETCH(Value, value);
    QFETCH(QByteArray, expected);
    QCOMPARE(bytes(streamstep::toDisplayString(value)), expected);
    // The same text from a column's storage (the console sink's cells).
    Column column(value.type());
    column.append(value);
    std::string appended = "x";
    streamstep::appendDisplayText(appended, column, 0);
    QCOMPARE(bytes(appended), "x" + expected);
}

void TestValueFormat::toJsonText_data()
{
    addColumns<Value, QByteArray>("value", "expected");
    const double inf = std::numeric_limits<double>::infinity();
    QTest::newRow("null") << Value::null() << QByteArray("null");
    QTest::newRow("true") << Value::boolean(true) << QByteArray("true");
    QTest::newRow("int") << Value::int32(42) << QByteArray("42");
    QTest::newRow("long") << Value::int64(-7) << QByteArray("-7");
    QTest::newRow("double") << Value::float64(1.5) << QByteArray("1.5");
    QTest::newRow("double E") << Value::float64(1e7) << QByteArray("1.0E7");
    QTest::newRow("NaN") << Value::float64(std::nan("")) << QByteArray("\"NaN\"");
    QTest::newRow("Infinity") << Value::float64(inf) << QByteArray("\"Infinity\"");
    QTest::newRow("-Infinity") << Value::float64(-inf) << QByteArray("\"-Infinity\"");
    QTest::newRow("decimal keeps scale") << Value::decimal(1250, 4, 2) << QByteArray("12.50");
    QTest::newRow("decimal money") << Value::decimal(25000000, 12, 2) << QByteArray("250000.00");
    QTest::newRow("negative decimal") << Value::decimal(-5, 3, 2) << QByteArray("-0.05");
    QTest::newRow("string") << Value::string("A1") << QByteArray("\"A1\"");
    QTest::newRow("escapes") << Value::string("a\"b\\c\nd\te\r\b\f")
                             << QByteArray("\"a\\\"b\\\\c\\nd\\te\\r\\b\\f\"");
    QTest::newRow("control chars") << Value::string(std::string("x\x01y\x1f", 4))
                                   << QByteArray("\"x\\u0001y\\u001f\"");
    QTest::newRow("utf-8 passes") << Value::string("café €日本 😀") << QByteArray("\"café €日本 😀\"");
    QTest::newRow("slash not escaped") << Value::string("a/b") << QByteArray("\"a/b\"");
    QTest::newRow("invalid utf-8 replaced") << Value::string("a\xff" "b")
                                            << QByteArray("\"a\xEF\xBF\xBD" "b\"");
    QTest::newRow("timestamp") << Value::timestamp(kMarch1At10 + 123456)
                               << QByteArray("\"2026-03-01T10:00:00.123Z\"");
    QTest::newRow("window") << Value::window(kMarch1At10, kMarch1At10 + 300000000)
                            << QByteArray("{\"start\": \"2026-03-01T10:00:00.000Z\", "
                                          "\"end\": \"2026-03-01T10:05:00.000Z\"}");
}

void TestValueFormat::toJsonText()
{
    compareColumns<Value, QByteArray>("value", "expected", [](const Value &v) { return bytes(streamstep::toJsonText(v)); });
}

void TestValueFormat::readUtf8Sequence_data()
{
    addColumns<QByteArray, uint, int>("text", "codePoint", "length");
    QTest::newRow("two bytes") << QByteArray("\xC3\xA9") << 0xE9u << 2;
    QTest::newRow("three bytes") << QByteArray("\xE2\x82\xAC") << 0x20ACu << 3;
    QTest::newRow("four bytes") << QByteArray("\xF0\x9F\x98\x80") << 0x1F600u << 4;
    QTest::newRow("overlong two") << QByteArray("\xC0\x80") << 0u << 0;
    QTest::newRow("overlong three") << QByteArray("\xE0\x80\x80") << 0u << 0;
    QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80") << 0u << 0;
    QTest::newRow("beyond U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << 0u << 0;
    QTest::newRow("truncated") << QByteArray("\xE2\x82") << 0u << 0;
    QTest::newRow("bad continuation") << QByteArray("\xE2\x28\xA1") << 0u << 0;
    QTest::newRow("lone continuation") << QByteArray("\x80") << 0u << 0;
}

void TestValueFormat::readUtf8Sequence()
{
    QFETCH(QByteArray, text);
    QFETCH(uint, codePoint);
    QFETCH(int, length);
    const Utf8Sequence sequence = streamstep::readUtf8Sequence(std::string_view(text.constData(), text.size()), 0);
    QCOMPARE(static_cast<int>(sequence.length), length);
    QCOMPARE(static_cast<uint>(sequence.codePoint), codePoint);
}

// parseTimestamp reads "YYYY-MM-DD HH:MM:SS[.ffffff]" without its general scan; a '+' before the
// year sends the same text through the general one, which must agree on every value and refusal.
void TestValueFormat::commonTimestampShapeReadsAsTheGeneralParser()
{
    uint64_t state = 17;
    auto next = [&state] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return state >> 33;
    };
    int checked = 0;
    for (int i = 0; i < 20000; ++i) {
        const int64_t micros = static_cast<int64_t>(next() % 4'000'000'000ULL) * 1'000'000 / (1 + next() % 3)
            + static_cast<int64_t>(next() % 1'000'000) * static_cast<int64_t>(next() % 2);
        std::string text = streamstep::formatTimestamp(micros);
        if (next() % 2)
            text[10] = 'T';
        const std::optional<int64_t> fast = streamstep::parseTimestamp(text);
        QCOMPARE(fast, std::optional<int64_t>(micros));
        QCOMPARE(streamstep::parseTimestamp("+" + text), fast);
        ++checked;
    }
    QCOMPARE(checked, 20000);
    for (const char *bad : {"2026-02-29 10:00:00", "2026-13-01 10:00:00", "2026-04-31 00:00:00", "2026-03-01 24:00:00",
                            "2026-03-01 10:60:00", "2026-03-01 10:00:60", "2026-00-10 10:00:00"}) {
        QCOMPARE(streamstep::parseTimestamp(bad), std::optional<int64_t>());
        QCOMPARE(streamstep::parseTimestamp(std::string("+") + bad), std::optional<int64_t>());
    }
    QCOMPARE(streamstep::parseTimestamp("2024-02-29 23:59:59.000001"), streamstep::parseTimestamp("+2024-02-29 23:59:59.000001"));
    QVERIFY(streamstep::parseTimestamp("2024-02-29 23:59:59.000001").has_value());
    QCOMPARE(streamstep::parseTimestamp("2026-03-01 10:00:00.5"), std::optional<int64_t>(1'772'359'200'500'000LL));
}

QTEST_APPLESS_MAIN(TestValueFormat)
#include "tst_value_format.moc"
