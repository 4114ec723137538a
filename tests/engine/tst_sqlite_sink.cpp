// Checks the SQLite upsert sink: the table it creates, update/complete/append semantics, a
// replayed batch skipped through the bookkeeping table, exact decimals and timestamps, quoted
// identifiers, schema checks and a clear error for a locked database.
#include "test_columns.h"
#include "expect_error.h"
#include "test_data.h"
#include "checkpoint/atomic_file.h"
#include "sinks/sqlite_sink.h"

#include "streamstep/error.h"
#include "streamstep/scenario_check.h"

#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include <cmath>
#include <filesystem>

using namespace streamstep;
using namespace streamstep::testing;
namespace fs = std::filesystem;

namespace {

SinkContext context(const std::string &queryId = "q1") { return SinkContext{fs::path(), queryId, {}}; }

// Runs a query on a separate connection and returns the first column of every row as text.
QStringList query(const fs::path &database, const std::string &sql)
{
    sqlite3 *db = nullptr;
    sqlite3_open(database.c_str(), &db);
    sqlite3_stmt *stmt = nullptr;
    QStringList out;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK)
        while (sqlite3_step(stmt) == SQLITE_ROW) {
            const unsigned char *text = sqlite3_column_text(stmt, 0);
            out << (text ? QString::fromUtf8(reinterpret_cast<const char *>(text)) : QStringLiteral("NULL"));
        }
    else
        out << QString("error: ") + sqlite3_errmsg(db);
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return out;
}

} // namespace

class TestSqliteSink : public QObject {
    Q_OBJECT

private slots:
    void createsTableWithKey();
    void modes_data();
    void modes();
    void replayedBatchIsSkipped();
    void otherQueryWritesItsOwnBatches();
    void crashMidTransactionLeavesNothing();
    void typesAreExact();
    void strangeNamesAreJustNames();
    void existingTableIsChecked();
    void lockedDatabaseGivesClearError();
    void appendDuplicateKeyGivesClearError();
    void readTablePicksTheOnlyTable();
    void readTableOfBytesReadsLikeTheFile();
};

void TestSqliteSink::createsTableWithKey()
{
    QTemporaryDir dir;
    const fs::path db = fs::path(dir.path().toStdString()) / "sub" / "x.db";
    SqliteSink sink(db, "sub/x.db", "account_counts", {"accountId"}, countsSchema(), OutputMode::Update, context());
    QCOMPARE(query(db, "SELECT sql FROM sqlite_master WHERE name = 'account_counts'"),
             QStringList{R"(CREATE TABLE "account_counts" ("accountId" TEXT, "count" BIGINT, "total" DECIMAL_TEXT(22,2), PRIMARY KEY ("accountId")))"});
    QCOMPARE(query(db, "PRAGMA journal_mode"), QStringList{"wal"});
    QCOMPARE(sink.lastCommittedBatch(), std::optional<int64_t>());
    QCOMPARE(QString::fromStdString(sink.description()), QString("sqlite sink 'sub/x.db' table \"account_counts\""));
}

void TestSqliteSink::modes_data()
{
    addColumns<int, QStringList>("mode", "expected");
    // Batch 0: A1=1, B2=2. Batch 1: A1=3, C3=1.
    QTest::newRow("update upserts the changed rows")
        << int(OutputMode::Update)
        << QStringList{R"({"accountId": "A1", "count": 3, "total": 3.00})", R"({"accountId": "B2", "count": 2, "total": 2.00})",
                       R"({"accountId": "C3", "count": 1, "total": 1.00})"};
    QTest::newRow("complete replaces the table")
        << int(OutputMode::Complete)
        << QStringList{R"({"accountId": "A1", "count": 3, "total": 3.00})", R"({"accountId": "C3", "count": 1, "total": 1.00})"};
    QTest::newRow("append inserts")
        << int(OutputMode::Append)
        << QStringList{R"({"accountId": "A1", "count": 1, "total": 1.00})", R"({"accountId": "B2", "count": 2, "total": 2.00})",
                       R"({"accountId": "A1", "count": 3, "total": 3.00})", R"({"accountId": "C3", "count": 1, "total": 1.00})"};
}

void TestSqliteSink::modes()
{
    QFETCH(int, mode);
    QFETCH(QStringList, expected);
    QTemporaryDir dir;
    const fs::path db = fs::path(dir.path().toStdString()) / "x.db";
    const auto outputMode = static_cast<OutputMode>(mode);
    const std::vector<std::string> key = outputMode == OutputMode::Append ? std::vector<std::string>{}
                                                                          : std::vector<std::string>{"accountId"};
    SqliteSink sink(db, "x.db", "t", key, countsSchema(), outputMode, context());
    sink.addBatch(0, counts({{"A1", 1, 100}, {"B2", 2, 200}}), outputMode);
    sink.addBatch(1, counts({{"A1", 3, 300}, {"C3", 1, 100}}), outputMode);
    QCOMPARE(rowsInOrder(SqliteSink::readTable(db, "t")), expected);
    QCOMPARE(query(db, "SELECT group_concat(batch_id || ':' || num_rows) FROM _streamstep_batches"),
             QStringList{"0:2,1:2"});
}

void TestSqliteSink::replayedBatchIsSkipped()
{
    QTemporaryDir dir;
    const fs::path db = fs::path(dir.path().toStdString()) / "x.db";
    {
        SqliteSink sink(db, "x.db", "t", {}, countsSchema(), OutputMode::Append, context());
        sink.addBatch(0, counts({{"A1", 1, 100}}), OutputMode::Append);
        sink.addBatch(1, counts({{"B2", 1, 100}}), OutputMode::Append);
    }
    SqliteSink sink(db, "x.db", "t", {}, countsSchema(), OutputMode::Append, context());
    QCOMPARE(sink.lastCommittedBatch(), std::optional<int64_t>(1));
    sink.addBatch(1, counts({{"B2", 1, 100}}), OutputMode::Append); // replay after a restart
    sink.addBatch(2, counts({{"C3", 1, 100}}), OutputMode::Append);
    QCOMPARE(query(db, "SELECT accountId FROM t ORDER BY rowid"), (QStringList{"A1", "B2", "C3"}));
}

void TestSqliteSink::otherQueryWritesItsOwnBatches()
{
    // The bookkeeping is per query id: a new query (new checkpoint) upserts into the same table.
    QTemporaryDir dir;
    const fs::path db = fs::path(dir.path().toStdString()) / "x.db";
    {
        SqliteSink sink(db, "x.db", "t", {"accountId"}, countsSchema(), OutputMode::Update, context("first"));
        sink.addBatch(0, counts({{"A1", 1, 100}}), OutputMode::Update);
    }
    SqliteSink sink(db, "x.db", "t", {"accountId"}, countsSchema(), OutputMode::Update, context("second"));
    QCOMPARE(sink.lastCommittedBatch(), std::optional<int64_t>());
    sink.addBatch(0, counts({{"A1", 5, 500}}), OutputMode::Update);
    QCOMPARE(query(db, "SELECT count FROM t"), QStringList{"5"});
}

void TestSqliteSink::crashMidTransactionLeavesNothing()
{
    QTemporaryDir dir;
    const fs::path db = fs::path(dir.path().toStdString()) / "x.db";
    SinkContext crashing = context();
    crashing.faultHook = [](std::string_view point, int64_t batchId) {
        if (point == "mid-sink" && batchId == 1)
            throw std::runtime_error("simulated crash");
    };
    {
        SqliteSink sink(db, "x.db", "t", {"accountId"}, countsSchema(), OutputMode::Complete, crashing);
        sink.addBatch(0, counts({{"A1", 1, 100}, {"B2", 1, 100}}), OutputMode::Complete);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                                 sink.addBatch(1, counts({{"C3", 1, 100}, {"D4", 1, 100}}), OutputMode::Complete));
        // The DELETE and the first row were rolled back.
        QCOMPARE(query(db, "SELECT accountId FROM t ORDER BY 1"), (QStringList{"A1", "B2"}));
    }
    SqliteSink sink(db, "x.db", "t", {"accountId"}, countsSchema(), OutputMode::Complete, context());
    QCOMPARE(sink.lastCommittedBatch(), std::optional<int64_t>(0));
    sink.addBatch(1, counts({{"C3", 1, 100}, {"D4", 1, 100}}), OutputMode::Complete);
    QCOMPARE(query(db, "SELECT accountId FROM t ORDER BY 1"), (QStringList{"C3", "D4"}));
}

void TestSqliteSink::typesAreExact()
{
    QTemporaryDir dir;
    const fs::path db = fs::path(dir.path().toStdString()) / "x.db";
    const Schema schema{{Field{"window", DataType::window(), std::nullopt},
                         Field{"id", DataType::int32(), std::nullopt},
                         Field{"big", DataType::decimal(38, 10), std::nullopt},
                         Field{"ratio", DataType::float64(), std::nullopt},
                         Field{"flag", DataType::boolean(), std::nullopt},
                         Field{"at", DataType::timestamp(), std::nullopt}}};
    ColumnBatch batch = ColumnBatch::empty(schema);
    const Int128 big = Int128(1234567890123456789LL) * 10000000000000000000ULL + 1; // 38 digits
    batch.appendRow({Value::window(kMarch1At10, kMarch1At10 + 5 * kMinute), Value::int32(1), Value::decimal(big, 38, 10),
                     Value::float64(std::nan("")), Value::boolean(true), Value::timestamp(kMarch1At10 + 1)});
    batch.appendRow({Value::window(kMarch1At10 + 5 * kMinute, kMarch1At10 + 10 * kMinute), Value::int32(2),
                     Value::decimal(-1, 38, 10), Value::float64(0.1), Value::boolean(false), Value::null()});
    SqliteSink sink(db, "x.db", "t", {"window", "id"}, schema, OutputMode::Update, context());
    sink.addBatch(0, batch, OutputMode::Update);
    QCOMPARE(query(db, "SELECT sql FROM sqlite_master WHERE name = 't'"),
             QStringList{R"(CREATE TABLE "t" ("window_start" TIMESTAMP, "window_end" TIMESTAMP, "id" INTEGER, "big" DECIMAL_TEXT(38,10), "ratio" DOUBLE, "flag" BOOLEAN, "at" TIMESTAMP, PRIMARY KEY ("window_start", "window_end", "id")))"});
    QCOMPARE(query(db, "SELECT big || '|' || typeof(big) FROM t ORDER BY id"),
             (QStringList{"1234567890123456789000000000.0000000001|text", "-0.0000000001|text"}));
    QCOMPARE(query(db, "SELECT coalesce(at, 'NULL') || '|' || window_start || '|' || ratio || '|' || flag FROM t ORDER BY id"),
             (QStringList{"2026-03-01 10:00:00.000001|2026-03-01 10:00:00|NaN|1", "NULL|2026-03-01 10:05:00|0.1|0"}));
    // SQLite's own date functions read the timestamps.
    QCOMPARE(query(db, "SELECT datetime(window_end) FROM t ORDER BY id"),
             (QStringList{"2026-03-01 10:05:00", "2026-03-01 10:10:00"}));
    const ColumnBatch back = SqliteSink::readTable(db, "t");
    QCOMPARE(back.get(0, 3), Value::decimal(big, 38, 10));
    QVERIFY(std::isnan(back.get(0, 4).asDouble()));
    QCOMPARE(back.get(0, 6), Value::timestamp(kMarch1At10 + 1));
    QCOMPARE(back.get(1, 5), Value::boolean(false));
}

void TestSqliteSink::strangeNamesAreJustNames()
{
    QTemporaryDir dir;
    const fs::path db = fs::path(dir.path().toStdString()) / "x.db";
    query(db, "CREATE TABLE y (a)");
    const std::string table = R"(x"; DROP TABLE y; --)";
    const Schema schema{{Field{R"(we"ird col)", DataType::string(), std::nullopt}, Field{"n", DataType::int64(), std::nullopt}}};
    ColumnBatch batch = ColumnBatch::empty(schema);
    batch.appendRow({Value::string("it's"), Value::int64(1)});
    SqliteSink sink(db, "x.db", table, {R"(we"ird col)"}, schema, OutputMode::Update, context());
    sink.addBatch(0, batch, OutputMode::Update);
    sink.addBatch(1, batch, OutputMode::Update);
    QCOMPARE(query(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"),
             (QStringList{"_streamstep_batches", "x\"; DROP TABLE y; --", "y"}));
    QCOMPARE(rowsInOrder(SqliteSink::readTable(db, table)), QStringList{R"({"we\"ird col": "it's", "n": 1})"});
}

void TestSqliteSink::existingTableIsChecked()
{
    QTemporaryDir dir;
    const fs::path db = fs::path(dir.path().toStdString()) / "x.db";
    query(db, R"(CREATE TABLE t ("accountId" TEXT PRIMARY KEY, "count" INTEGER, "total" DECIMAL_TEXT(22,2)))");
    try {
        SqliteSink sink(db, "x.db", "t", {"accountId"}, countsSchema(), OutputMode::Update, context());
        QFAIL("a table with other types was accepted");
    } catch (const Error &e) {
        QCOMPARE(e.kind(), ErrorKind::Runtime);
        QCOMPARE(e.message(), std::string("sqlite sink 'x.db' table \"t\" exists with columns (accountId TEXT, count INTEGER, "
                                          "total DECIMAL_TEXT(22,2)) with primary key (accountId), but the query writes "
                                          "(accountId TEXT, count BIGINT, total DECIMAL_TEXT(22,2)) with primary key "
                                          "(accountId). Drop or rename the table, or write to another table."));
    }
    // A matching table (created by an earlier run, names in another case) is used as it is.
    query(db, R"(CREATE TABLE u ("ACCOUNTID" text, "count" BIGINT, "total" DECIMAL_TEXT(22,2), PRIMARY KEY ("ACCOUNTID")))");
    SqliteSink sink(db, "x.db", "u", {"accountId"}, countsSchema(), OutputMode::Update, context());
    sink.addBatch(0, counts({{"A1", 1, 100}}), OutputMode::Update);
    QCOMPARE(query(db, "SELECT count(*) FROM u"), QStringList{"1"});
}

void TestSqliteSink::lockedDatabaseGivesClearError()
{
    QTemporaryDir dir;
    const fs::path db = fs::path(dir.path().toStdString()) / "x.db";
    auto sink = std::make_unique<SqliteSink>(db, "x.db", "t", std::vector<std::string>{"accountId"}, countsSchema(),
                                             OutputMode::Update, context());
    sink->addBatch(0, counts({{"A1", 1, 100}}), OutputMode::Update);

    sqlite3 *other = nullptr;
    QCOMPARE(sqlite3_open(db.c_str(), &other), SQLITE_OK);
    QCOMPARE(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
    QElapsedTimer timer;
    timer.start();
    try {
        sink->addBatch(1, counts({{"A1", 2, 200}}), OutputMode::Update);
        QFAIL("wrote into a locked database");
    } catch (const Error &e) {
        QCOMPARE(e.kind(), ErrorKind::Runtime);
        QVERIFY2(e.message().starts_with("sqlite sink 'x.db' table \"t\": batch 1: the database is locked by another "
                                         "connection (waited 250 ms)"),
                 e.what());
    }
    QVERIFY(timer.elapsed() < 5000);
    VERIFY_ERROR_CONTAINS(SqliteSink opening(db, "x.db", "t", {"accountId"}, countsSchema(), OutputMode::Update, context()),
                          "locked");
    sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_close(other);
    // Nothing of batch 1 was written; it goes through once the lock is gone.
    QCOMPARE(sink->lastCommittedBatch(), std::optional<int64_t>(0));
    sink->addBatch(1, counts({{"A1", 2, 200}}), OutputMode::Update);
    QCOMPARE(query(db, "SELECT count FROM t"), QStringList{"2"});
}

void TestSqliteSink::appendDuplicateKeyGivesClearError()
{
    QTemporaryDir dir;
    const fs::path db = fs::path(dir.path().toStdString()) / "x.db";
    SqliteSink sink(db, "x.db", "t", {"accountId"}, countsSchema(), OutputMode::Append, context());
    sink.addBatch(0, counts({{"A1", 1, 100}}), OutputMode::Append);
    try {
        sink.addBatch(1, counts({{"B2", 1, 100}, {"A1", 1, 100}}), OutputMode::Append);
        QFAIL("duplicate key accepted");
    } catch (const Error &e) {
        QVERIFY2(e.message().find("row 1 violates the table's primary key") != std::string::npos, e.what());
        QVERIFY2(e.message().find("use update mode to upsert") != std::string::npos, e.what());
    }
    QCOMPARE(query(db, "SELECT count(*) FROM t"), QStringList{"1"}); // B2 rolled back too
}

void TestSqliteSink::readTablePicksTheOnlyTable()
{
    QTemporaryDir dir;
    const fs::path db = fs::path(dir.path().toStdString()) / "x.db";
    {
        SqliteSink sink(db, "x.db", "t", {"accountId"}, countsSchema(), OutputMode::Update, context());
        sink.addBatch(0, counts({{"B2", 1, 100}, {"A1", 2, 250}}), OutputMode::Update);
    }
    QCOMPARE(rowsInOrder(SqliteSink::readTable(db, "")),
             (QStringList{R"({"accountId": "A1", "count": 2, "total": 2.50})", R"({"accountId": "B2", "count": 1, "total": 1.00})"}));
    query(db, "CREATE TABLE other (a)");
    VERIFY_ERROR_CONTAINS(SqliteSink::readTable(db, ""), "has 2 tables (other, t); name one with --table");
    VERIFY_ERROR_CONTAINS(SqliteSink::readTable(db, "missing"), "has no table \"missing\"");
}

// SqliteSink::readTable of a database's bytes (the fuzzers' entry point, no file) reads what the
// file reader reads; bytes that are no database fail with a message naming them.
void TestSqliteSink::readTableOfBytesReadsLikeTheFile()
{
    QTemporaryDir dir;
    const fs::path db = fs::path(dir.path().toStdString()) / "x.db";
    {
        SqliteSink sink(db, "x.db", "t", {"accountId"}, countsSchema(), OutputMode::Update, context());
        sink.addBatch(0, counts({{"B2", 1, 100}, {"A1", 2, 250}}), OutputMode::Update);
        sink.addBatch(1, counts({{"A1", 3, 300}}), OutputMode::Update);
    }
    const std::string bytes = AtomicFile::read(db);
    QCOMPARE(rowsInOrder(SqliteSink::readTable(bytes, "x.db", "")), rowsInOrder(SqliteSink::readTable(db, "")));
    QCOMPARE(rowsInOrder(SqliteSink::readTable(bytes, "x.db", "t")), rowsInOrder(SqliteSink::readTable(db, "t")));
    QCOMPARE(AtomicFile::read(db), bytes); // read in place, never written
    VERIFY_ERROR_CONTAINS(SqliteSink::readTable(bytes, "x.db", "missing"), "'x.db' has no table \"missing\"");
    for (const std::string &damaged : {std::string("not a database"), bytes.substr(0, 100), std::string()}) {
        try {
            SqliteSink::readTable(damaged, "x.db", "");
            QFAIL("read bytes that are no database");
        } catch (const Error &e) {
            QVERIFY2(e.message().starts_with("'x.db'"), e.what());
        }
    }
}

QTEST_APPLESS_MAIN(TestSqliteSink)
#include "tst_sqlite_sink.moc"
