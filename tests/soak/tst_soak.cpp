// Steps one Run through 10,000 triggers, as a class leaving the app open through a lesson or a
// teacher's all-day demo would, and checks that a long run is a normal run: with a watermark,
// the state of a windowed aggregation stays bounded by the windows the watermark keeps open
// (Spark's state cleanup), its memory too, and so do the state snapshot and the process; in
// complete mode, which never evicts, state grows exactly with the number of groups and no
// further. The figures are printed (qInfo) for the closing note of a run.
#include "test_columns.h"
#include "process_memory.h"
#include "stream_test.h"
#include "../under_sanitizers.h"

#include <QFile>

#include <algorithm>
#include <set>

using namespace streamstep;
using namespace streamstep::testing;

namespace {

constexpr int kTriggers = 10'000;
constexpr int64_t kRowsPerTrigger = 100;
constexpr int64_t kAccounts = 100;
constexpr int64_t kMinuteMicros = 60'000'000;

// One minute of event time per trigger, rows up to 30 s off, 5 % of them 15 minutes late.
TransactionGenerator makeGenerator(uint64_t seed, int64_t accounts)
{
    TransactionGeneratorOptions o;
    o.seed = seed;
    o.numRows = kRowsPerTrigger;
    o.numAccounts = accounts;
    o.eventTimeSpanMicros = kMinuteMicros;
    o.jitterMicros = kMinuteMicros / 2;
    o.lateFraction = 0.05;
    o.latenessMicros = 15 * kMinuteMicros;
    return TransactionGenerator(o);
}

struct Figures {
    int64_t peakStateRows = 0;
    int64_t peakStateBytes = 0;
    int64_t peakStateRowsEarly = 0;  // the second tenth of the run (triggers 1,000 to 1,999)
    int64_t peakStateBytesEarly = 0;
    int64_t peakStateRowsLate = 0;   // the last tenth
    int64_t peakStateBytesLate = 0;
    size_t snapshotBytesEarly = 0;   // after the second tenth
    size_t snapshotBytesLate = 0;    // after the last trigger
    int64_t rssEarly = 0;
    int64_t rssLate = 0;
    int64_t batches = 0;
    int64_t dropped = 0;
    int64_t emitted = 0;
    int triggers = 0;
};

// The console sink, as `streamstep-cli run` prints: unlike the memory sink (which keeps every
// row it was handed, as Spark's does), it holds nothing between batches.
const char *kConsoleSink = R"J({"format": "console"})J";

Figures soak(const std::string &query, const std::string &mode, bool collectResultTables, int triggers = kTriggers)
{
    const int tenth = triggers / 10;
    Run run(Query::compile(makeScenario(query, mode, "[[]]", kConsoleSink)));
    run.setCollectResultTables(collectResultTables);
    TransactionGenerator generator = makeGenerator(20261201, kAccounts);
    Figures f;
    for (int t = 0; t < triggers; ++t) {
        const std::vector<BatchReport> reports = run.step(generator.next(kRowsPerTrigger), t, int64_t{t} * 1'000'000);
        for (const BatchReport &r : reports) {
            ++f.batches;
            f.dropped += r.numRowsDroppedByWatermark;
            f.emitted += r.numOutputRows;
            f.peakStateRows = std::max(f.peakStateRows, r.stateRows);
            f.peakStateBytes = std::max(f.peakStateBytes, r.stateMemoryBytes);
            if (t >= tenth && t < 2 * tenth) {
                f.peakStateRowsEarly = std::max(f.peakStateRowsEarly, r.stateRows);
                f.peakStateBytesEarly = std::max(f.peakStateBytesEarly, r.stateMemoryBytes);
            }
            if (t >= triggers - tenth) {
                f.peakStateRowsLate = std::max(f.peakStateRowsLate, r.stateRows);
                f.peakStateBytesLate = std::max(f.peakStateBytesLate, r.stateMemoryBytes);
            }
        }
        if (t == 2 * tenth - 1) {
            f.snapshotBytesEarly = run.saveState().size();
            f.rssEarly = residentBytes();
        }
    }
    f.snapshotBytesLate = run.saveState().size();
    f.rssLate = residentBytes();
    f.triggers = triggers;
    return f;
}

void report(const char *what, const Figures &f)
{
    qInfo("%s: %d triggers, %lld batches, %lld rows emitted, %lld dropped as late; peak state rows %lld "
          "(second tenth of the run: %lld, last tenth: %lld); peak stateMemoryBytes %lld (%lld, %lld); snapshot %zu -> %zu "
          "bytes; RSS %lld -> %lld KiB",
          what, f.triggers, static_cast<long long>(f.batches), static_cast<long long>(f.emitted),
          static_cast<long long>(f.dropped), static_cast<long long>(f.peakStateRows),
          static_cast<long long>(f.peakStateRowsEarly), static_cast<long long>(f.peakStateRowsLate),
          static_cast<long long>(f.peakStateBytes), static_cast<long long>(f.peakStateBytesEarly),
          static_cast<long long>(f.peakStateBytesLate), f.snapshotBytesEarly, f.snapshotBytesLate,
          static_cast<long long>(f.rssEarly / 1024), static_cast<long long>(f.rssLate / 1024));
}

const char *kWindowedTotals = R"J([
    {"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
    {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"],
     "aggs": ["sum(amount) AS total", "count(*) AS n"]}])J";

} // namespace

class TestSoak : public QObject {
    Q_OBJECT

private slots:
    // With a 10-minute watermark and 5-minute windows, a window is open while its end is after
    // the watermark: at most (10 + 5) / 5 + 1 windows of event time (plus one for the
    // half-minute jitter) per account, whatever the length of the run.
    void windowedStateStaysBounded_data()
    {
        addColumns<QString, bool>("mode", "collectResultTables");
        QTest::addRow("append, as the CLI runs") << "append" << false;
        QTest::addRow("update, as the CLI runs") << "update" << false;
    }
    void windowedStateStaysBounded()
    {
        QFETCH(QString, mode);
        QFETCH(bool, collectResultTables);
        const Figures f = soak(kWindowedTotals, mode.toStdString(), collectResultTables);
        report(qPrintable("windowed totals, " + mode), f);
        const int64_t openWindows = (10 + 5) / 5 + 2;
        QVERIFY2(f.peakStateRows <= kAccounts * openWindows, qPrintable(QString::number(f.peakStateRows)));
        QVERIFY(f.peakStateRows > kAccounts); // the bound is not met by doing nothing
        // No growth: the last 1,000 triggers hold about what triggers 1,000 to 2,000 did (the
        // data is random: within 10 %; memory within a hash table's growth step).
        QVERIFY2(f.peakStateRowsLate <= f.peakStateRowsEarly * 11 / 10,
                 qPrintable(QStringLiteral("%1 vs %2").arg(f.peakStateRowsLate).arg(f.peakStateRowsEarly)));
        QVERIFY2(f.peakStateBytesLate <= f.peakStateBytesEarly * 5 / 4,
                 qPrintable(QStringLiteral("%1 vs %2").arg(f.peakStateBytesLate).arg(f.peakStateBytesEarly)));
        // What a checkpoint writes after each trigger does not grow either.
        QVERIFY2(f.snapshotBytesLate <= f.snapshotBytesEarly * 5 / 4,
                 qPrintable(QStringLiteral("%1 vs %2").arg(f.snapshotBytesLate).arg(f.snapshotBytesEarly)));
        // Every trigger ran its batch, late rows were dropped, closed windows were written.
        QVERIFY(f.batches >= kTriggers);
        QVERIFY(f.dropped > 0);
        QVERIFY(f.emitted > 0);
        if (!streamstep::testing::kUnderSanitizers) {
            // The process does not grow either (AddressSanitizer's quarantine holds freed memory for
            // a while, so the figure means something only without it): 8 MiB of slack over 8,000
            // triggers and 160,000 rows of state turned over.
            QVERIFY2(f.rssLate <= f.rssEarly + 8 * 1024 * 1024,
                     qPrintable(QStringLiteral("RSS %1 -> %2 KiB").arg(f.rssEarly / 1024).arg(f.rssLate / 1024)));
        }
    }

    // The app keeps evicted groups for its result table (collectResultTables) for the 100
    // batches after their eviction (kEvictedBatchesShown): the state the watermark keeps is
    // bounded, and so is that history, so neither the run nor its reports grow with every group
    // ever evicted. 2,000 triggers here (each report copies the result table), a fifth of the
    // CLI's soak, keep the suite quick.
    void evictedHistoryKeepsOnlyTheLastBatches()
    {
        const int triggers = 2000;
        const Figures f = soak(kWindowedTotals, "append", true, triggers);
        report("windowed totals, append, as the app runs (result tables)", f);
        QVERIFY(f.peakStateRows <= kAccounts * ((10 + 5) / 5 + 2));
        QVERIFY(f.peakStateRowsLate <= f.peakStateRowsEarly * 11 / 10);
        // The snapshot holds the history of the last 100 batches only: after the second tenth of
        // the run (400 triggers) it holds what it holds at the end, within a tenth, although
        // five times as many groups have closed by then.
        QVERIFY2(f.snapshotBytesLate <= f.snapshotBytesEarly * 11 / 10 && f.snapshotBytesLate * 10 >= f.snapshotBytesEarly * 9,
                 qPrintable(QStringLiteral("%1 vs %2").arg(f.snapshotBytesLate).arg(f.snapshotBytesEarly)));
        const size_t closedGroups = static_cast<size_t>(f.emitted);
        QVERIFY(closedGroups > static_cast<size_t>(kAccounts) * (triggers / 5) * 9 / 10);
    }

    // Complete mode never evicts (Spark keeps every group for the full result): state is exactly
    // the groups seen so far — it grows while new groups appear and then stays, trigger after
    // trigger.
    void completeModeStateGrowsOnlyWithGroups_data()
    {
        addColumns<QString, bool>("query", "windowed");
        QTest::addRow("by account") << R"J([{"op": "groupBy", "keys": ["accountId"], "aggs": ["sum(amount) AS total"]}])J"
                                    << false;
        QTest::addRow("by hour window and account")
            << R"J([{"op": "groupBy", "keys": ["window(eventTime, '1 hour')", "accountId"], "aggs": ["count(*) AS n"]}])J"
            << true;
    }
    void completeModeStateGrowsOnlyWithGroups()
    {
        QFETCH(QString, query);
        QFETCH(bool, windowed);
        Run run(Query::compile(makeScenario(query.toStdString(), "complete", "[[]]", kConsoleSink)));
        run.setCollectResultTables(false);
        // Hour windows make a new group per account every hour: 20 accounts keep the full
        // result, emitted by every trigger, small enough for a quick run.
        const int64_t accounts = windowed ? 20 : 500;
        TransactionGenerator generator = makeGenerator(7, accounts);
        std::set<std::pair<int64_t, std::string>> groups;
        int64_t bytesWhenAllSeen = 0;
        int64_t peakBytes = 0;
        int64_t maxRows = 0;
        for (int t = 0; t < kTriggers; ++t) {
            const ColumnBatch rows = generator.next(kRowsPerTrigger);
            for (size_t r = 0; r < rows.numRows; ++r) {
                const int64_t micros = rows.get(r, 3).asTimestamp();
                const int64_t hour = windowed ? micros - ((micros % 3'600'000'000 + 3'600'000'000) % 3'600'000'000) : 0;
                groups.emplace(hour, rows.get(r, 0).asString());
            }
            const std::vector<BatchReport> reports = run.step(rows, t, int64_t{t} * 1'000'000);
            QCOMPARE(reports.size(), size_t{1});
            QCOMPARE(reports[0].stateRows, static_cast<int64_t>(groups.size()));
            QCOMPARE(reports[0].numOutputRows, static_cast<int64_t>(groups.size())); // the full result
            maxRows = std::max(maxRows, reports[0].stateRows);
            peakBytes = std::max(peakBytes, reports[0].stateMemoryBytes);
            if (!windowed && groups.size() == static_cast<size_t>(accounts) && bytesWhenAllSeen == 0)
                bytesWhenAllSeen = reports[0].stateMemoryBytes;
            if (!windowed && bytesWhenAllSeen > 0)
                QCOMPARE(reports[0].stateMemoryBytes, bytesWhenAllSeen); // no group, no byte
        }
        qInfo("complete mode %s: %d triggers, %lld groups, peak stateMemoryBytes %lld (%.1f bytes per group)",
              windowed ? "by hour and account" : "by account", kTriggers, static_cast<long long>(maxRows),
              static_cast<long long>(peakBytes), double(peakBytes) / double(maxRows));
        if (!windowed) {
            QCOMPARE(maxRows, int64_t{500});
            QVERIFY(bytesWhenAllSeen > 0);
        } else {
            // 10,000 minutes of event time: about 167 hours, each with (nearly) every account.
            QVERIFY(maxRows > 160 * 18);
        }
    }
};

QTEST_APPLESS_MAIN(TestSoak)
#include "tst_soak.moc"
