// Tests the interval parser against Spark's SparkIntervalUtils.stringToInterval (values and
// messages), EventTimeWatermark.getDelayMs and TimeWindow.getIntervalInMicroSeconds.
#include "test_columns.h"
#include "streamstep/interval.h"

#include <QTest>

#include <limits>

using namespace streamstep;
using streamstep::testing::addColumns;

Q_DECLARE_METATYPE(std::string)

namespace {

constexpr int64_t kSecond = 1'000'000;
constexpr int64_t kMinute = 60 * kSecond;
constexpr int64_t kHour = 60 * kMinute;

} // namespace

class TestInterval : public QObject {
    Q_OBJECT

private slots:
    void parses_data();
    void parses();
    void rejects_data();
    void rejects();
    void watermarkDelay_data();
    void watermarkDelay();
    void windowDuration_data();
    void windowDuration();
};

void TestInterval::parses_data()
{
    addColumns<std::string, int, int, qint64>("text", "months", "days", "micros");

    QTest::newRow("minutes") << std::string("10 minutes") << 0 << 0 << qint64(10 * kMinute);
    QTest::newRow("seconds") << std::string("5 seconds") << 0 << 0 << qint64(5 * kSecond);
    QTest::newRow("singular") << std::string("1 second") << 0 << 0 << qint64(kSecond);
    QTest::newRow("two pairs") << std::string("1 hour 30 minutes") << 0 << 0 << qint64(kHour + 30 * kMinute);
    QTest::newRow("milliseconds") << std::string("500 milliseconds") << 0 << 0 << qint64(500'000);
    QTest::newRow("microseconds") << std::string("7 microsecond") << 0 << 0 << qint64(7);
    QTest::newRow("days") << std::string("2 days") << 0 << 2 << qint64(0);
    QTest::newRow("weeks") << std::string("3 weeks") << 0 << 21 << qint64(0);
    QTest::newRow("months") << std::string("2 months") << 2 << 0 << qint64(0);
    QTest::newRow("years") << std::string("1 year 1 month") << 13 << 0 << qint64(0);
    QTest::newRow("all units") << std::string("1 year 2 months 3 weeks 4 days 5 hours 6 minutes 7 seconds 8 milliseconds 9 microseconds")
                               << 14 << 25 << qint64(5 * kHour + 6 * kMinute + 7 * kSecond + 8'000 + 9);
    QTest::newRow("interval prefix") << std::string("interval 5 seconds") << 0 << 0 << qint64(5 * kSecond);
    QTest::newRow("case-insensitive") << std::string("INTERVAL 10 Minutes") << 0 << 0 << qint64(10 * kMinute);
    QTest::newRow("spaces") << std::string("  1   hour\t 2 minutes  ") << 0 << 0 << qint64(kHour + 2 * kMinute);
    QTest::newRow("fractional seconds") << std::string("1.5 seconds") << 0 << 0 << qint64(1'500'000);
    QTest::newRow("point-prefixed fraction") << std::string(".25 second") << 0 << 0 << qint64(250'000);
    QTest::newRow("nanos truncated") << std::string("0.123456789 seconds") << 0 << 0 << qint64(123'456);
    QTest::newRow("negative") << std::string("-5 minutes") << 0 << 0 << qint64(-5 * kMinute);
    QTest::newRow("negative fraction") << std::string("-1.5 seconds") << 0 << 0 << qint64(-1'500'000);
    QTest::newRow("mixed signs") << std::string("1 hour -30 minutes") << 0 << 0 << qint64(30 * kMinute);
    QTest::newRow("plus sign") << std::string("+2 days -1 hour") << 0 << 2 << qint64(-kHour);
    QTest::newRow("sign then space") << std::string("- 3 seconds") << 0 << 0 << qint64(-3 * kSecond);
    QTest::newRow("repeated unit") << std::string("1 minute 1 minute") << 0 << 0 << qint64(2 * kMinute);
}

void TestInterval::parses()
{
    QFETCH(std::string, text);
    QFETCH(int, months);
    QFETCH(int, days);
    QFETCH(qint64, micros);
    std::string error;
    const std::optional<Interval> interval = parseInterval(text, &error);
    QVERIFY2(interval.has_value(), error.c_str());
    QCOMPARE(interval->months, months);
    QCOMPARE(interval->days, days);
    QCOMPARE(interval->micros, int64_t(micros));
    QVERIFY(error.empty());
}

void TestInterval::rejects_data()
{
    addColumns<std::string, std::string>("text", "message");

    QTest::newRow("misspelt unit") << std::string("10 minuts") << std::string("invalid unit 'minuts'");
    QTest::newRow("unit suffix") << std::string("10 minutesx") << std::string("invalid unit 'minutesx'");
    QTest::newRow("short unit") << std::string("10 m") << std::string("invalid unit 'm'");
    QTest::newRow("empty") << std::string("") << std::string("interval string cannot be empty");
    QTest::newRow("blank") << std::string("   ") << std::string("interval string cannot be empty");
    QTest::newRow("only prefix") << std::string("interval") << std::string("interval string cannot be empty");
    QTest::newRow("bad prefix") << std::string("intervals 5 seconds") << std::string("invalid interval prefix intervals");
    QTest::newRow("no unit") << std::string("10") << std::string("expect a unit name after '10' but hit EOL");
    QTest::newRow("no number") << std::string("5 seconds -") << std::string("expect a number after '-' but hit EOL");
    QTest::newRow("word number") << std::string("ten minutes") << std::string("unrecognized number 'ten'");
    QTest::newRow("glued unit") << std::string("10minutes") << std::string("invalid value '10minutes'");
    QTest::newRow("fraction of minutes") << std::string("1.5 minutes") << std::string("'minutes' cannot have fractional part");
    QTest::newRow("lone point") << std::string(". seconds") << std::string("invalid value '.'");
    QTest::newRow("beyond nanos") << std::string("1.0000000001 seconds") << std::string("interval can only support nanosecond precision, '1.0000000001' is out of range");
    QTest::newRow("long overflow") << std::string("9999999999999999999 seconds") << std::string("long overflow");
    QTest::newRow("hours overflow") << std::string("9999999999999 hours") << std::string("long overflow");
    QTest::newRow("days overflow") << std::string("3000000000 days") << std::string("integer overflow");
}

void TestInterval::rejects()
{
    QFETCH(std::string, text);
    QFETCH(std::string, message);
    std::string error;
    QVERIFY(!parseInterval(text, &error).has_value());
    QCOMPARE(error, message);
    QVERIFY(!parseInterval(text).has_value()); // the error out-parameter is optional
}

void TestInterval::watermarkDelay_data()
{
    addColumns<std::string, qint64>("text", "delayMs");

    QTest::newRow("10 minutes") << std::string("10 minutes") << qint64(600'000);
    QTest::newRow("2 days") << std::string("2 days") << qint64(2 * 86'400'000LL);
    QTest::newRow("month is 31 days") << std::string("1 month") << qint64(31 * 86'400'000LL);
    QTest::newRow("year is 12 * 31 days") << std::string("1 year") << qint64(12 * 31 * 86'400'000LL);
    QTest::newRow("micros truncated") << std::string("1500 microseconds") << qint64(1);
    QTest::newRow("negative truncated towards zero") << std::string("-1500 microseconds") << qint64(-1);
    QTest::newRow("mixed") << std::string("1 day -1 hour") << qint64(23 * 3'600'000LL);
}

void TestInterval::watermarkDelay()
{
    QFETCH(std::string, text);
    QFETCH(qint64, delayMs);
    const std::optional<Interval> interval = parseInterval(text);
    QVERIFY(interval.has_value());
    QCOMPARE(watermarkDelayMs(*interval), int64_t(delayMs));
}

void TestInterval::windowDuration_data()
{
    addColumns<std::string, bool, qint64>("text", "valid", "micros");

    QTest::newRow("5 minutes") << std::string("5 minutes") << true << qint64(5 * kMinute);
    QTest::newRow("1 day 1 hour") << std::string("1 day 1 hour") << true << qint64(25 * kHour);
    QTest::newRow("1 week") << std::string("1 week") << true << qint64(7 * 24 * kHour);
    QTest::newRow("month rejected") << std::string("1 month") << false << qint64(0);
    QTest::newRow("year rejected") << std::string("1 year") << false << qint64(0);
    QTest::newRow("days overflow") << std::string("2000000000 days") << false << qint64(0);
}

void TestInterval::windowDuration()
{
    QFETCH(std::string, text);
    QFETCH(bool, valid);
    QFETCH(qint64, micros);
    const std::optional<Interval> interval = parseInterval(text);
    QVERIFY(interval.has_value());
    const std::optional<int64_t> duration = windowDurationMicros(*interval);
    QCOMPARE(duration.has_value(), valid);
    if (valid)
        QCOMPARE(*duration, int64_t(micros));
}

QTEST_APPLESS_MAIN(TestInterval)
#include "tst_interval.moc"
