// Checks the PostgreSQL sink against a real server (postgres_test_server.h): the table it creates
// from the result schema, update/complete/append through both write paths (binary COPY and
// multi-row INSERT), a replayed batch skipped through the bookkeeping table, exact values, quoted
// identifiers, an existing table checked column by column, and a clear message for a server that
// is down, a refused login, a missing database, a statement failing mid-batch (rolled back, then
// written once) and a connection the app did not approve.
#include "test_columns.h"
#include "test_data.h"
#include "sinks/postgres_sink.h"

#include "postgres_test_schema.h"
#include "postgres_test_urls.h"
#include "streamstep/error.h"
#include "streamstep/scenario_check.h"
#include "streamstep/sink_connection.h"

#include <QtTest>

#include <libpq-fe.h>
#include <unistd.h>

#include <cmath>
#include <optional>

using namespace streamstep;
using namespace streamstep::testing;

namespace {

SinkContext context(const std::string &queryId = "q1") { return SinkContext{{}, queryId, {}, {}}; }

// Both ways the sink writes rows: COPY and multi-row INSERT.
void addWriteMethodRows()
{
    QTest::addColumn<int>("method");
    QTest::newRow("copy") << int(PostgresSink::WriteMethod::Copy);
    QTest::newRow("multi-row") << int(PostgresSink::WriteMethod::MultiRow);
}

} // namespace

class TestPostgresSink : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void createsTableFromSchema();
    void modes_data();
    void modes();
    void replayedBatchIsSkipped();
    void otherQueryWritesItsOwnBatches();
    void valuesAreExact_data();
    void valuesAreExact();
    void strangeNamesAreJustNames();
    void existingTableIsChecked_data();
    void existingTableIsChecked();
    void existingCompatibleTableIsUsed();
    void appendDuplicateKeyRollsBack();
    void failingStatementRollsBackThenWritesOnce();
    void connectionFailuresSayWhatToDo_data();
    void connectionFailuresSayWhatToDo();
    void jdbcSpellingMapsToPostgres();
    void urlFromEnvironment();
    void unapprovedConnectionSendsNothing();
    void testConnection();
    void largeUpdateBatch_data();
    void largeUpdateBatch();
    void cleanupTestCase();

private:
    QStringList sql(const std::string &query) const { return m_pg.query(query); }
    std::string table(const std::string &name) const { return m_pg.name() + "." + name; }
    PostgresTarget target(const std::string &tableName, const std::string &url = testPostgresUrl()) const
    {
        PostgresTarget t = postgresTarget(url);
        t.endpoint.table = tableName;
        return t;
    }
    // The Error opening an update sink on table `name` at `url` throws; nullopt when it opens.
    std::optional<Error> openingError(const std::string &name, const std::string &url) const
    {
        try {
            PostgresSink sink(target(table(name), url), {"accountId"}, countsSchema(), OutputMode::Update, context());
        } catch (const Error &e) {
            return e;
        }
        return std::nullopt;
    }

    PostgresTestSchema m_pg;
};

void TestPostgresSink::initTestCase()
{
    m_pg.create("tst_postgres_sink");
}

void TestPostgresSink::cleanupTestCase()
{
    m_pg.drop();
}

void TestPostgresSink::createsTableFromSchema()
{
    const Schema schema{{Field{"window", DataType::window(), std::nullopt}, Field{"id", DataType::int32(), std::nullopt},
                         Field{"n", DataType::int64(), std::nullopt}, Field{"big", DataType::decimal(38, 10), std::nullopt},
                         Field{"ratio", DataType::float64(), std::nullopt}, Field{"flag", DataType::boolean(), std::nullopt},
                         Field{"at", DataType::timestamp(), std::nullopt}, Field{"name", DataType::string(), std::nullopt}}};
    PostgresSink sink(target(table("created")), {"window", "id"}, schema, OutputMode::Update, context());
    QCOMPARE(sql("SELECT attname || ' ' || format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = '"
                 + m_pg.name() + ".created'::regclass AND attnum > 0 ORDER BY attnum"),
             (QStringList{"window_start timestamp with time zone", "window_end timestamp with time zone", "id integer",
                          "n bigint", "big numeric(38,10)", "ratio double precision", "flag boolean",
                          "at timestamp with time zone", "name text"}));
    QCOMPARE(sql("SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = '" + m_pg.name()
                 + ".created'::regclass AND contype = 'p'"),
             QStringList{"PRIMARY KEY (window_start, window_end, id)"});
    QCOMPARE(sql("SELECT count(*) FROM " + m_pg.name() + "._streamstep_batches"), QStringList{"0"});
    QCOMPARE(sink.lastCommittedBatch(), std::optional<int64_t>());
    QVERIFY(sink.isFaultTolerant());
    QCOMPARE(QString::fromStdString(sink.description()),
             QString::fromStdString("postgres sink '" + postgresTarget(testPostgresUrl()).endpoint.displayUrl + "' table \""
                                    + m_pg.name() + "\".\"created\""));
    QVERIFY2(sink.description().find("streamstep:streamstep") == std::string::npos, "no password in messages");
}

void TestPostgresSink::modes_data()
{
    addColumns<int, int, QStringList>("mode", "method", "expected");
    // Batch 0: A1=1, B2=2. Batch 1: A1=3, C3=1.
    const QStringList update{R"({"accountId": "A1", "count": 3, "total": 3.00})", R"({"accountId": "B2", "count": 2, "total": 2.00})",
                             R"({"accountId": "C3", "count": 1, "total": 1.00})"};
    const QStringList complete{R"({"accountId": "A1", "count": 3, "total": 3.00})", R"({"accountId": "C3", "count": 1, "total": 1.00})"};
    const QStringList append{R"({"accountId": "A1", "count": 1, "total": 1.00})", R"({"accountId": "A1", "count": 3, "total": 3.00})",
                             R"({"accountId": "B2", "count": 2, "total": 2.00})", R"({"accountId": "C3", "count": 1, "total": 1.00})"};
    for (const auto &[name, method] : {std::pair{"copy", PostgresSink::WriteMethod::Copy},
                                       std::pair{"multi-row", PostgresSink::WriteMethod::MultiRow},
                                       std::pair{"auto", PostgresSink::WriteMethod::Auto}}) {
        QTest::addRow("update upserts the changed rows (%s)", name) << int(OutputMode::Update) << int(method) << update;
        QTest::addRow("complete replaces the table (%s)", name) << int(OutputMode::Complete) << int(method) << complete;
        QTest::addRow("append inserts (%s)", name) << int(OutputMode::Append) << int(method) << append;
    }
}

void TestPostgresSink::modes()
{
    QFETCH(int, mode);
    QFETCH(int, method);
    QFETCH(QStringList, expected);
    const std::string name = table("modes_" + std::to_string(mode) + "_" + std::to_string(method));
    const auto m = static_cast<OutputMode>(mode);
    {
        PostgresSink sink(target(name), m == OutputMode::Append ? std::vector<std::string>{} : std::vector<std::string>{"accountId"},
                          countsSchema(), m, context());
        sink.setWriteMethod(static_cast<PostgresSink::WriteMethod>(method));
        sink.addBatch(0, counts({{"A1", 1, 100}, {"B2", 2, 200}}), m);
        sink.addBatch(1, counts({{"A1", 3, 300}, {"C3", 1, 100}}), m);
        QCOMPARE(sink.lastCommittedBatch(), std::optional<int64_t>(1));
    }
    QCOMPARE(rowsInOrder(PostgresSink::readTable(postgresTarget(testPostgresUrl()), name)), expected);
    QCOMPARE(sql("SELECT batch_id || ':' || num_rows FROM " + m_pg.name() + "._streamstep_batches WHERE table_name = '" + name
                 + "' ORDER BY batch_id"),
             (QStringList{"0:2", "1:2"}));
}

void TestPostgresSink::replayedBatchIsSkipped()
{
    const std::string name = table("replayed");
    {
        PostgresSink sink(target(name), {"accountId"}, countsSchema(), OutputMode::Update, context());
        sink.addBatch(0, counts({{"A1", 1, 100}}), OutputMode::Update);
        sink.addBatch(1, counts({{"A1", 2, 200}}), OutputMode::Update);
    }
    // A restart of the same query (same checkpoint id) replays batch 1 with other rows: skipped.
    PostgresSink again(target(name), {"accountId"}, countsSchema(), OutputMode::Update, context());
    QCOMPARE(again.lastCommittedBatch(), std::optional<int64_t>(1));
    again.addBatch(1, counts({{"A1", 99, 9900}}), OutputMode::Update);
    QCOMPARE(sql("SELECT count FROM " + name), QStringList{"2"});
    // A second connection committing the batch meanwhile: the bookkeeping row decides, inside the transaction.
    PostgresSink stale(target(name), {"accountId"}, countsSchema(), OutputMode::Update, context());
    again.addBatch(2, counts({{"A1", 3, 300}}), OutputMode::Update);
    stale.addBatch(2, counts({{"A1", 77, 7700}}), OutputMode::Update);
    QCOMPARE(stale.lastCommittedBatch(), std::optional<int64_t>(2));
    QCOMPARE(sql("SELECT count FROM " + name), QStringList{"3"});
}

void TestPostgresSink::otherQueryWritesItsOwnBatches()
{
    const std::string name = table("two_queries");
    PostgresSink first(target(name), {"accountId"}, countsSchema(), OutputMode::Update, context("q1"));
    first.addBatch(0, counts({{"A1", 1, 100}}), OutputMode::Update);
    PostgresSink second(target(name), {"accountId"}, countsSchema(), OutputMode::Update, context("q2"));
    QCOMPARE(second.lastCommittedBatch(), std::optional<int64_t>());
    second.addBatch(0, counts({{"B2", 1, 100}}), OutputMode::Update);
    QCOMPARE(sql("SELECT \"accountId\" FROM " + name + " ORDER BY 1"), (QStringList{"A1", "B2"}));
}

void TestPostgresSink::valuesAreExact_data()
{
    addWriteMethodRows();
}

void TestPostgresSink::valuesAreExact()
{
    QFETCH(int, method);
    const Schema schema{{Field{"window", DataType::window(), std::nullopt}, Field{"id", DataType::int32(), std::nullopt},
                         Field{"big", DataType::decimal(38, 10), std::nullopt}, Field{"ratio", DataType::float64(), std::nullopt},
                         Field{"flag", DataType::boolean(), std::nullopt}, Field{"at", DataType::timestamp(), std::nullopt},
                         Field{"name", DataType::string(), std::nullopt}, Field{"n", DataType::int64(), std::nullopt}}};
    // 38 digits: 9999999999999999999123456789.1234567891
    const Int128 big = static_cast<Int128>(9999999999999999999ULL) * static_cast<Int128>(10000000000000000000ULL)
        + 1234567891234567891LL;
    ColumnBatch batch = ColumnBatch::empty(schema);
    batch.appendRow({Value::window(kMarch1At10, kMarch1At10 + 5 * kMinute), Value::int32(1), Value::decimal(big, 38, 10),
                     Value::float64(std::nan("")), Value::boolean(true), Value::timestamp(kMarch1At10 + 1),
                     Value::string("O'Brien \"quoted\"\n\tü€"), Value::int64(INT64_MIN)});
    batch.appendRow({Value::window(kMarch1At10 + 5 * kMinute, kMarch1At10 + 10 * kMinute), Value::int32(-2),
                     Value::decimal(-5, 38, 10), Value::float64(-0.1), Value::boolean(false),
                     Value::timestamp(-1), Value::string(""), Value::int64(INT64_MAX)});
    batch.appendRow({Value::window(kMarch1At10 + 10 * kMinute, kMarch1At10 + 15 * kMinute), Value::int32(3), Value::null(),
                     Value::null(), Value::null(), Value::null(), Value::null(), Value::null()});
    batch.appendRow({Value::window(kMarch1At10 + 15 * kMinute, kMarch1At10 + 20 * kMinute), Value::int32(4),
                     Value::decimal(0, 38, 10), Value::float64(HUGE_VAL), Value::boolean(true),
                     Value::timestamp(253402300799999999LL), Value::string("x"), Value::int64(0)});
    const std::string name = table("exact_" + std::to_string(method));
    PostgresSink sink(target(name), {"window", "id"}, schema, OutputMode::Update, context());
    sink.setWriteMethod(static_cast<PostgresSink::WriteMethod>(method));
    sink.addBatch(0, batch, OutputMode::Update);
    // The server's own text of each value: numeric exact to the last digit, timestamps to the microsecond.
    QCOMPARE(sql("SELECT id, big::text, ratio::text, flag::text, at::text, window_start::text, window_end::text, n FROM " + name
                 + " ORDER BY id"),
             (QStringList{"-2|-0.0000000005|-0.1|false|1969-12-31 23:59:59.999999+00|2026-03-01 10:05:00+00|2026-03-01 10:10:00+00|9223372036854775807",
                          "1|9999999999999999999123456789.1234567891|NaN|true|2026-03-01 10:00:00.000001+00|2026-03-01 10:00:00+00|2026-03-01 10:05:00+00|-9223372036854775808",
                          "3|NULL|NULL|NULL|NULL|2026-03-01 10:10:00+00|2026-03-01 10:15:00+00|NULL",
                          "4|0.0000000000|Infinity|true|9999-12-31 23:59:59.999999+00|2026-03-01 10:15:00+00|2026-03-01 10:20:00+00|0"}));
    QCOMPARE(sql("SELECT name FROM " + name + " WHERE id = 1"), QStringList{"O'Brien \"quoted\"\n\tü€"});
    // Read back: the same values, typed.
    const ColumnBatch back = PostgresSink::readTable(postgresTarget(testPostgresUrl()), name);
    QCOMPARE(back.numRows, size_t(4));
    QCOMPARE(back.schema.fields.size(), size_t(9));
    // Ordered by the primary key (window_start, window_end, id): ids 1, -2, 3, 4.
    QCOMPARE(back.get(0, 2), Value::int32(1));
    QCOMPARE(back.get(0, 3), Value::decimal(big, 38, 10));
    QVERIFY(std::isnan(back.get(0, 4).asDouble()));
    QCOMPARE(back.get(0, 6), Value::timestamp(kMarch1At10 + 1));
    QCOMPARE(back.get(1, 6), Value::timestamp(-1));
    QCOMPARE(back.get(1, 3), Value::decimal(-5, 38, 10));
    QCOMPARE(back.get(0, 7), Value::string("O'Brien \"quoted\"\n\tü€"));
    QCOMPARE(back.get(1, 8), Value::int64(INT64_MAX));
    QVERIFY(back.get(2, 3).isNull());
    QCOMPARE(back.get(3, 4), Value::float64(HUGE_VAL));
}

void TestPostgresSink::strangeNamesAreJustNames()
{
    const Schema schema{{Field{"a\"; DROP TABLE x; --", DataType::string(), std::nullopt},
                         Field{"Count", DataType::int64(), std::nullopt}}};
    const std::string name = table("t\"; DROP SCHEMA " + m_pg.name() + " CASCADE; --");
    PostgresSink sink(target(name), {"a\"; DROP TABLE x; --"}, schema, OutputMode::Update, context());
    ColumnBatch batch = ColumnBatch::empty(schema);
    batch.appendRow({Value::string("'); DROP TABLE y; --"), Value::int64(1)});
    sink.addBatch(0, batch, OutputMode::Update);
    batch = ColumnBatch::empty(schema);
    batch.appendRow({Value::string("'); DROP TABLE y; --"), Value::int64(2)});
    sink.addBatch(1, batch, OutputMode::Update);
    QCOMPARE(rowsInOrder(PostgresSink::readTable(postgresTarget(testPostgresUrl()), name)),
             QStringList{R"({"a\"; DROP TABLE x; --": "'); DROP TABLE y; --", "Count": 2})"});
    QCOMPARE(sql("SELECT count(*) FROM pg_namespace WHERE nspname = '" + m_pg.name() + "'"), QStringList{"1"});
}

void TestPostgresSink::existingTableIsChecked_data()
{
    addColumns<QString, int, QString>("create", "mode", "message");
    QTest::newRow("another type") << "(\"accountId\" text PRIMARY KEY, count integer, total numeric(22,2))" << int(OutputMode::Update)
                                  << "exists, but its column \"count\" is integer, but the query writes bigint (bigint)";
    QTest::newRow("a smaller decimal") << "(\"accountId\" text PRIMARY KEY, count bigint, total numeric(10,2))" << int(OutputMode::Update)
                                       << "its column \"total\" is numeric(10,2), but the query writes decimal(22,2) (numeric(22,2))";
    QTest::newRow("a missing column") << "(\"accountId\" text PRIMARY KEY, count bigint)" << int(OutputMode::Update)
                                      << "it has no column \"total\" (numeric(22,2)) for the result column total";
    QTest::newRow("another spelling") << "(accountid text PRIMARY KEY, count bigint, total numeric(22,2))" << int(OutputMode::Update)
                                      << "its column \"accountid\" is not spelled \"accountId\"";
    QTest::newRow("no key to upsert on") << "(\"accountId\" text, count bigint, total numeric(22,2))" << int(OutputMode::Update)
                                         << "it has no primary key or unique constraint on (accountId), which INSERT … ON CONFLICT needs";
    QTest::newRow("a required column the query does not write")
        << "(\"accountId\" text PRIMARY KEY, count bigint, total numeric(22,2), region text NOT NULL)" << int(OutputMode::Update)
        << "its column \"region\" is NOT NULL without a default";
    QTest::newRow("timestamp without time zone")
        << "(\"accountId\" text PRIMARY KEY, count bigint, total numeric(22,2))" << -1
        << "its column \"at\" is timestamp without time zone, but the query writes timestamp (timestamp with time zone)";
}

void TestPostgresSink::existingTableIsChecked()
{
    QFETCH(QString, create);
    QFETCH(int, mode);
    QFETCH(QString, message);
    static int counter = 0;
    const std::string name = table("checked_" + std::to_string(++counter));
    Schema schema = countsSchema();
    std::string columns = create.toStdString();
    if (mode < 0) { // the timestamp row
        schema.fields.push_back(Field{"at", DataType::timestamp(), std::nullopt});
        columns.insert(columns.size() - 1, ", at timestamp");
        mode = int(OutputMode::Update);
    }
    sql("DROP TABLE IF EXISTS " + name);
    sql("CREATE TABLE " + name + " " + columns);
    try {
        PostgresSink sink(target(name), {"accountId"}, schema, static_cast<OutputMode>(mode), context());
        QFAIL("the sink should refuse the table");
    } catch (const Error &e) {
        QCOMPARE(e.kind(), ErrorKind::Runtime);
        QVERIFY2(e.message().find(message.toStdString()) != std::string::npos, e.message().c_str());
        QVERIFY2(e.message().find("Change or drop the table, or write to another table.") != std::string::npos, e.message().c_str());
    }
    QCOMPARE(sql("SELECT count(*) FROM " + name), QStringList{"0"});
}

void TestPostgresSink::existingCompatibleTableIsUsed()
{
    // Wider types, extra nullable columns and a unique constraint instead of a primary key all fit.
    const std::string name = table("compatible");
    sql("CREATE TABLE " + name + " (id serial PRIMARY KEY, \"accountId\" varchar UNIQUE, count bigint, total numeric(30,2),"
        " note text, created timestamptz NOT NULL DEFAULT now())");
    PostgresSink sink(target(name), {"accountId"}, countsSchema(), OutputMode::Update, context());
    sink.addBatch(0, counts({{"A1", 1, 100}}), OutputMode::Update);
    sink.addBatch(1, counts({{"A1", 2, 250}}), OutputMode::Update);
    QCOMPARE(sql("SELECT \"accountId\", count, total, note FROM " + name), QStringList{"A1|2|2.50|NULL"});
}

void TestPostgresSink::appendDuplicateKeyRollsBack()
{
    const std::string name = table("append_dup");
    PostgresSink sink(target(name), {"accountId"}, countsSchema(), OutputMode::Append, context());
    sink.addBatch(0, counts({{"A1", 1, 100}}), OutputMode::Append);
    try {
        sink.addBatch(1, counts({{"B2", 1, 100}, {"A1", 2, 200}}), OutputMode::Append);
        QFAIL("a duplicate key should fail the batch");
    } catch (const Error &e) {
        QVERIFY2(e.message().find(": batch 1: duplicate key value violates unique constraint") != std::string::npos, e.message().c_str());
        QVERIFY2(e.message().find("Key (\"accountId\")=(A1) already exists") != std::string::npos, e.message().c_str());
        QVERIFY2(e.message().find("(append mode inserts; use update mode to upsert)") != std::string::npos, e.message().c_str());
        QVERIFY2(e.message().find("The transaction was rolled back: nothing of batch 1 is in the table") != std::string::npos,
                 e.message().c_str());
    }
    QCOMPARE(sql("SELECT \"accountId\" FROM " + name), QStringList{"A1"});
    QCOMPARE(sink.lastCommittedBatch(), std::optional<int64_t>(0));
}

void TestPostgresSink::failingStatementRollsBackThenWritesOnce()
{
    // A CHECK constraint the server enforces on the third row of the batch: the statement fails
    // mid-batch after the batch id and rows before it were sent.
    const std::string name = table("failing");
    {
        PostgresSink sink(target(name), {"accountId"}, countsSchema(), OutputMode::Update, context());
        sink.addBatch(0, counts({{"A1", 1, 100}}), OutputMode::Update);
    }
    sql("ALTER TABLE " + name + " ADD CONSTRAINT small_counts CHECK (count < 5)");
    for (auto method : {PostgresSink::WriteMethod::MultiRow, PostgresSink::WriteMethod::Copy}) {
        PostgresSink sink(target(name), {"accountId"}, countsSchema(), OutputMode::Update, context());
        sink.setWriteMethod(method);
        try {
            sink.addBatch(1, counts({{"A1", 2, 200}, {"B2", 1, 100}, {"C3", 9, 900}}), OutputMode::Update);
            QFAIL("the check constraint should fail the batch");
        } catch (const Error &e) {
            QCOMPARE(e.kind(), ErrorKind::Runtime);
            QVERIFY2(e.message().find("violates check constraint \"small_counts\"") != std::string::npos, e.message().c_str());
            QVERIFY2(e.message().find("the checkpoint does not count it as committed, so running again writes it once") != std::string::npos,
                     e.message().c_str());
        }
        QCOMPARE(sql("SELECT \"accountId\" || '=' || count FROM " + name + " ORDER BY 1"), QStringList{"A1=1"});
        QCOMPARE(sql("SELECT max(batch_id) FROM " + m_pg.name() + "._streamstep_batches WHERE table_name = '" + name + "'"),
                 QStringList{"0"});
        QCOMPARE(sink.lastCommittedBatch(), std::optional<int64_t>(0));
    }
    sql("ALTER TABLE " + name + " DROP CONSTRAINT small_counts");
    PostgresSink sink(target(name), {"accountId"}, countsSchema(), OutputMode::Update, context());
    sink.addBatch(1, counts({{"A1", 2, 200}, {"B2", 1, 100}, {"C3", 9, 900}}), OutputMode::Update);
    sink.addBatch(1, counts({{"A1", 2, 200}, {"B2", 1, 100}, {"C3", 9, 900}}), OutputMode::Update);
    QCOMPARE(sql("SELECT \"accountId\" || '=' || count FROM " + name + " ORDER BY 1"), (QStringList{"A1=2", "B2=1", "C3=9"}));
    QCOMPARE(sql("SELECT count(*) FROM " + m_pg.name() + "._streamstep_batches WHERE table_name = '" + name + "'"), QStringList{"2"});
}

// A server that is down, a wrong password, a missing database: each message says where, why and
// what to do, and never shows the password.
void TestPostgresSink::connectionFailuresSayWhatToDo_data()
{
    addColumns<QString, QString, QStringList, QString>("table", "url", "says", "leavesOut");
    const std::string port = refusedPostgresPort(20000);
    QTest::newRow("server down")
        << "down" << QString::fromStdString(testPostgresUrlWith("streamstep", "streamstep", port))
        << QStringList{QString::fromStdString("cannot reach PostgreSQL at 127.0.0.1:" + port
                                              + " (database 'streamstep', user 'streamstep')"),
                       "Connection refused",
                       "Connection refused; Is the server running on that host and accepting TCP/IP connections? "
                       "Start one (Debian: pg_ctlcluster 15 main start; a throwaway one for tests: "
                       "tools/postgres/start-test-server.sh)",
                       "Nothing was written; the checkpoint is unchanged."}
        << "streamstep:streamstep";
    QTest::newRow("wrong password")
        << "auth" << QString::fromStdString(testPostgresUrlWith("not-the-password", "streamstep"))
        << QStringList{"refused the login", "password authentication failed for user \"streamstep\"",
                       "Check the user and password of the sink's url"}
        << "not-the-password";
    QTest::newRow("missing database")
        << "nodb" << QString::fromStdString(testPostgresUrlWith("streamstep", "no_such_db"))
        << QStringList{"has no database 'no_such_db'", "Create it (createdb -h 127.0.0.1 -p "} << QString();
}

void TestPostgresSink::connectionFailuresSayWhatToDo()
{
    QFETCH(QString, table);
    QFETCH(QString, url);
    QFETCH(QStringList, says);
    QFETCH(QString, leavesOut);
    const std::optional<Error> e = openingError(table.toStdString(), url.toStdString());
    QVERIFY2(e, "the sink should not open");
    QCOMPARE(e->kind(), ErrorKind::Runtime);
    const QString m = QString::fromStdString(e->message());
    for (const QString &text : says)
        QVERIFY2(m.contains(text), qPrintable(m));
    if (!leavesOut.isEmpty())
        QVERIFY2(!m.contains(leavesOut), "the password stays out of messages");
}

void TestPostgresSink::jdbcSpellingMapsToPostgres()
{
    // url = postgresql://streamstep:streamstep@127.0.0.1:PORT/streamstep → the lesson's jdbc spelling.
    const PostgresTarget plain = postgresTarget(testPostgresUrl());
    const std::string jdbcUrl = "jdbc:postgresql://127.0.0.1:" + plain.endpoint.port + "/streamstep";
    SinkSpec sink{"jdbc",
                  {{"url", jdbcUrl}, {"dbtable", table("jdbc_counts")}, {"user", "streamstep"}, {"password", "streamstep"},
                   {"key", "accountId"}},
                  {}};
    const std::optional<SinkEndpoint> endpoint = sinkEndpoint(sink);
    QVERIFY(endpoint);
    QCOMPARE(QString::fromStdString(endpoint->displayUrl),
             QString::fromStdString("postgresql://streamstep@127.0.0.1:" + plain.endpoint.port + "/streamstep"));
    QCOMPARE(QString::fromStdString(endpoint->table), QString::fromStdString(table("jdbc_counts")));
    QCOMPARE(QString::fromStdString(endpoint->origin), QString("the sink's jdbc url"));
    PostgresSink written(postgresTarget(sink), {"accountId"}, countsSchema(), OutputMode::Update, context());
    QVERIFY2(written.openingNotice().find("Spark has no streaming jdbc sink") != std::string::npos, written.openingNotice().c_str());
    QVERIFY(written.openingNotice().find("foreachBatch") != std::string::npos);
    written.addBatch(0, counts({{"A1", 1, 100}}), OutputMode::Update);
    QCOMPARE(sql("SELECT \"accountId\" FROM " + table("jdbc_counts")), QStringList{"A1"});

    const auto refused = [](SinkSpec spec) {
        try {
            postgresTarget(spec);
        } catch (const Error &e) {
            return QString::fromStdString(e.message());
        }
        return QString();
    };
    QCOMPARE(refused(SinkSpec{"jdbc", {{"url", "jdbc:mysql://localhost/db"}, {"dbtable", "t"}}, {}}),
             QString("the jdbc url 'jdbc:mysql://localhost/db' is not a PostgreSQL one: StreamStep writes jdbc sinks to "
                     "PostgreSQL only (jdbc:postgresql://host:port/database)"));
    QVERIFY(refused(SinkSpec{"jdbc", {{"url", jdbcUrl}}, {}}).startsWith("the jdbc sink needs the 'dbtable' option"));
    QVERIFY(refused(SinkSpec{"postgres", {{"table", "t"}}, {}}).startsWith("the postgres sink needs the 'url' option"));
    QVERIFY(refused(SinkSpec{"postgres", {{"url", "postgresql://h/db?nonsense=1"}, {"table", "t"}}, {}})
                .contains("is not a PostgreSQL connection url"));
    QVERIFY(!sinkEndpoint(SinkSpec{"sqlite", {{"path", "x.db"}}, {}}));
}

void TestPostgresSink::urlFromEnvironment()
{
    SinkSpec sink{"postgres", {{"url", "postgresql://nobody@192.0.2.1:5432/elsewhere"}, {"table", table("from_env")}}, {}};
    ::setenv(kPostgresUrlVariable, testPostgresUrl().c_str(), 1);
    const PostgresTarget t = postgresTarget(sink);
    ::unsetenv(kPostgresUrlVariable);
    QCOMPARE(QString::fromStdString(t.endpoint.origin), QString("the environment variable STREAMSTEP_POSTGRES_URL"));
    QCOMPARE(QString::fromStdString(t.endpoint.host), QString("127.0.0.1"));
    PostgresSink written(t, {}, countsSchema(), OutputMode::Append, context());
    QVERIFY2(written.openingNotice().find("from STREAMSTEP_POSTGRES_URL instead of the sink's url option") != std::string::npos,
             written.openingNotice().c_str());
    QCOMPARE(QString::fromStdString(postgresTarget(sink).endpoint.host), QString("192.0.2.1")); // unset: the file's url
}

void TestPostgresSink::unapprovedConnectionSendsNothing()
{
    SinkContext asked = context();
    std::vector<SinkEndpoint> askedAbout;
    asked.approveConnection = [&](const SinkEndpoint &e) {
        askedAbout.push_back(e);
        return false;
    };
    try {
        PostgresSink sink(target(table("unapproved")), {"accountId"}, countsSchema(), OutputMode::Update, asked);
        QFAIL("the connection was not approved");
    } catch (const Error &e) {
        QVERIFY2(e.message().find("was not approved. Nothing was written.") != std::string::npos, e.message().c_str());
    }
    QCOMPARE(askedAbout.size(), size_t(1));
    QCOMPARE(QString::fromStdString(askedAbout[0].table), QString::fromStdString(table("unapproved")));
    QCOMPARE(sql("SELECT to_regclass('" + table("unapproved") + "') IS NULL"), QStringList{"t"});
}

void TestPostgresSink::testConnection()
{
    const SinkSpec fresh{"postgres", {{"url", testPostgresUrl()}, {"table", table("tested")}, {"key", "accountId"}}, {}};
    SinkConnectionTest result = testSinkConnection(fresh, countsSchema(), OutputMode::Update);
    QVERIFY2(result.ok, result.message.c_str());
    QCOMPARE(QString::fromStdString(result.serverVersion).left(3), QString("15."));
    QVERIFY(!result.tableExists);
    QVERIFY2(result.message.find("does not exist yet: the first batch creates it") != std::string::npos, result.message.c_str());
    QCOMPARE(sql("SELECT to_regclass('" + table("tested") + "') IS NULL"), QStringList{"t"}); // nothing created

    sql("CREATE TABLE " + table("tested") + " (\"accountId\" text, count bigint, total numeric(22,2))");
    result = testSinkConnection(fresh, countsSchema(), OutputMode::Update);
    QVERIFY(!result.ok && result.tableExists);
    QVERIFY2(result.tableProblem.find("no primary key or unique constraint on (accountId)") != std::string::npos,
             result.tableProblem.c_str());
    QVERIFY(testSinkConnection(fresh, countsSchema(), OutputMode::Complete).ok);

    SinkSpec down = fresh;
    down.options["url"] = testPostgresUrlWith("streamstep", "streamstep", refusedPostgresPort(20000));
    result = testSinkConnection(down, countsSchema(), OutputMode::Update);
    QVERIFY(!result.ok);
    QVERIFY2(result.message.find("cannot reach PostgreSQL at 127.0.0.1:") != std::string::npos, result.message.c_str());

    sql("INSERT INTO " + table("tested") + " VALUES ('A1', 2, 1.50)");
    QCOMPARE(rowsInOrder(readSinkTable(fresh)), QStringList{R"({"accountId": "A1", "count": 2, "total": 1.50})"});
}

void TestPostgresSink::largeUpdateBatch_data()
{
    addWriteMethodRows();
}

void TestPostgresSink::largeUpdateBatch()
{
    // 100,000 accounts, then every third of them again: both write paths upsert them all exactly.
    QFETCH(int, method);
    const std::string name = table("large_" + std::to_string(method));
    PostgresSink sink(target(name), {"accountId"}, countsSchema(), OutputMode::Update, context());
    sink.setWriteMethod(static_cast<PostgresSink::WriteMethod>(method));
    ColumnBatch first = ColumnBatch::empty(countsSchema());
    ColumnBatch second = ColumnBatch::empty(countsSchema());
    char account[16];
    for (int i = 0; i < 100000; ++i) {
        std::snprintf(account, sizeof account, "ACC-%06d", i);
        first.appendRow({Value::string(account), Value::int64(1), Value::decimal(i, 22, 2)});
        if (i % 3 == 0)
            second.appendRow({Value::string(account), Value::int64(2), Value::decimal(i * 2, 22, 2)});
    }
    sink.addBatch(0, first, OutputMode::Update);
    sink.addBatch(1, second, OutputMode::Update);
    QCOMPARE(sql("SELECT count(*), sum(count), sum(total) FROM " + name), QStringList{"100000|133334|66666333.33"});
}

int main(int argc, char **argv)
{
    TestPostgresSink test;
    return runPostgresTest(test, argc, argv, "tst_postgres_sink");
}

#include "tst_postgres_sink.moc"
