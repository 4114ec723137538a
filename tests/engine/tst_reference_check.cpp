// Reference checks (architecture.md): in complete mode the emitted table equals a batch query
// over all input so far, and in update mode the emitted rows are exactly the groups the trigger
// touched, with those same values — on seeded random data with NULLs, computed here by a plain
// independent loop.
#include "stream_test.h"

#include <map>
#include <random>

using namespace streamstep;
using namespace streamstep::testing;

namespace {

struct Totals {
    int64_t sumCents = 0;
    int64_t rows = 0;
    int64_t nonNull = 0;
    int64_t minCents = 0;
    int64_t maxCents = 0;
};

std::string cents(int64_t c)
{
    const char *sign = c < 0 ? "-" : "";
    const int64_t a = c < 0 ? -c : c;
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%s%lld.%02lld", sign, static_cast<long long>(a / 100),
                  static_cast<long long>(a % 100));
    return buffer;
}

QString expectedRow(const std::string &key, const Totals &t, const char *keyName, bool keyIsJson)
{
    const std::string keyText = keyIsJson ? key : "\"" + key + "\"";
    const std::string sum = t.nonNull ? cents(t.sumCents) : "null";
    const std::string lo = t.nonNull ? cents(t.minCents) : "null";
    const std::string hi = t.nonNull ? cents(t.maxCents) : "null";
    return QString::fromStdString("{\"" + std::string(keyName) + "\": " + keyText + ", \"total\": " + sum
                                  + ", \"n\": " + std::to_string(t.rows) + ", \"nn\": "
                                  + std::to_string(t.nonNull) + ", \"lo\": " + lo + ", \"hi\": " + hi + "}");
}

// Seeded steps of transactions: 20 accounts, amounts from -500.00 to 5000.00, 10% NULL amounts.
nlohmann::json randomSteps(unsigned seed, int steps, int rowsPerStep)
{
    std::mt19937 rng(seed);
    nlohmann::json all = nlohmann::json::array();
    for (int s = 0; s < steps; ++s) {
        nlohmann::json rows = nlohmann::json::array();
        for (int r = 0; r < rowsPerStep; ++r) {
            const int account = static_cast<int>(rng() % 20);
            const int64_t amount = static_cast<int64_t>(rng() % 550001) - 50000;
            const int minute = static_cast<int>(rng() % 60);
            nlohmann::json amountJson = (rng() % 10 == 0) ? nlohmann::json(nullptr) : nlohmann::json(cents(amount));
            char time[32];
            std::snprintf(time, sizeof time, "2026-03-01 10:%02d:%02d", minute, static_cast<int>(rng() % 60));
            rows.push_back({"A" + std::to_string(account), "B", amountJson, time});
        }
        all.push_back(rows);
    }
    return all;
}

void fold(Totals &t, const nlohmann::json &amount)
{
    ++t.rows;
    if (amount.is_null())
        return;
    const int64_t c = parseDecimalText(amount.get<std::string>())->unscaled;
    t.minCents = t.nonNull ? std::min(t.minCents, c) : c;
    t.maxCents = t.nonNull ? std::max(t.maxCents, c) : c;
    t.sumCents += c;
    ++t.nonNull;
}

const char *kAggs = R"J(["sum(amount) AS total", "count(*) AS n", "count(amount) AS nn", "min(amount) AS lo", "max(amount) AS hi"])J";

} // namespace

class TestReferenceCheck : public QObject {
    Q_OBJECT

private slots:
    void completeModeEqualsABatchQueryOverAllInput_data()
    {
        QTest::addColumn<unsigned>("seed");
        for (unsigned seed : {1u, 2u, 3u, 42u})
            QTest::addRow("seed %u", seed) << seed;
    }
    void completeModeEqualsABatchQueryOverAllInput()
    {
        QFETCH(unsigned, seed);
        const nlohmann::json steps = randomSteps(seed, 8, 40);
        StreamTester t(makeScenario(std::string(R"J([{"op": "groupBy", "keys": ["accountId"], "aggs": )J") + kAggs + "}]",
                                    "complete", steps.dump()));
        std::map<std::string, Totals> reference;
        for (const nlohmann::json &rows : steps) {
            for (const nlohmann::json &row : rows)
                fold(reference[row[0].get<std::string>()], row[2]);
            QStringList expected;
            for (const auto &[key, totals] : reference)
                expected << expectedRow(key, totals, "accountId", false);
            QCOMPARE(emittedOf(t.addData()), sorted(expected));
        }
    }

    void updateModeEmitsExactlyTheTouchedGroups()
    {
        const nlohmann::json steps = randomSteps(7, 8, 15);
        StreamTester t(makeScenario(std::string(R"J([{"op": "groupBy", "keys": ["accountId"], "aggs": )J") + kAggs + "}]",
                                    "update", steps.dump()));
        std::map<std::string, Totals> reference;
        for (const nlohmann::json &rows : steps) {
            std::set<std::string> touched;
            for (const nlohmann::json &row : rows) {
                fold(reference[row[0].get<std::string>()], row[2]);
                touched.insert(row[0].get<std::string>());
            }
            QStringList expected;
            for (const std::string &key : touched)
                expected << expectedRow(key, reference[key], "accountId", false);
            auto reports = t.addData();
            QCOMPARE(emittedOf(reports), sorted(expected));
            QCOMPARE(reports.back().stateRows, int64_t(reference.size()));
        }
    }

    void windowedCompleteModeEqualsABatchQuery()
    {
        const nlohmann::json steps = randomSteps(11, 6, 30);
        StreamTester t(makeScenario(std::string(R"J([{"op": "groupBy", "keys": ["window(eventTime, '10 minutes')"], "aggs": )J") + kAggs + "}]",
                                    "complete", steps.dump()));
        std::map<std::string, Totals> reference; // by window start minute
        for (const nlohmann::json &rows : steps) {
            for (const nlohmann::json &row : rows) {
                const int minute = std::stoi(row[3].get<std::string>().substr(14, 2));
                char key[128];
                std::snprintf(key, sizeof key,
                              R"J({"start": "2026-03-01T10:%02d:00.000Z", "end": "2026-03-01T%02d:%02d:00.000Z"})J",
                              minute / 10 * 10, minute / 10 == 5 ? 11 : 10, minute / 10 == 5 ? 0 : minute / 10 * 10 + 10);
                fold(reference[key], row[2]);
            }
            QStringList expected;
            for (const auto &[key, totals] : reference)
                expected << expectedRow(key, totals, "window", true);
            QCOMPARE(emittedOf(t.addData()), sorted(expected));
        }
    }
};

QTEST_APPLESS_MAIN(TestReferenceCheck)
#include "tst_reference_check.moc"
