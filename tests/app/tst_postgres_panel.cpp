// Tests the app against a real PostgreSQL server (tools/postgres/start-test-server.sh): a postgres
// sink is written batch by batch only after the user allowed it, the sink panel shows the table
// as read back from the server after every batch (rows the batch inserted or upserted marked),
// a declined or unreachable server keeps the run in memory and says why, and the sink form's
// Test Connection says what it found without changing anything.
#include "main_window.h"
#include "query_editor.h"
#include "run_controller.h"

#include "../engine/postgres_test_urls.h"

#include "streamstep/scenario.h"
#include "streamstep/value_format.h"

#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>

#include <libpq-fe.h>
#include <unistd.h>

#include <map>
#include <string>

using namespace streamstep;

namespace {

QString lesson07()
{
    return QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/07-account-counts-postgres.scenario.json");
}

// Runs SQL on the test server as its superuser; rows as "a|b".
QStringList sql(const std::string &query)
{
    PGconn *conn = PQconnectdb(testPostgresUrl().c_str());
    QStringList out;
    if (PQstatus(conn) != CONNECTION_OK) {
        QTest::qFail(PQerrorMessage(conn), __FILE__, __LINE__);
        PQfinish(conn);
        return out;
    }
    PGresult *result = PQexec(conn, query.c_str());
    const ExecStatusType status = PQresultStatus(result);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        QTest::qFail(PQresultErrorMessage(result), __FILE__, __LINE__);
    for (int r = 0; r < PQntuples(result); ++r) {
        QString row;
        for (int c = 0; c < PQnfields(result); ++c)
            row += (c ? "|" : "") + (PQgetisnull(result, r, c) ? QStringLiteral("NULL") : QString::fromUtf8(PQgetvalue(result, r, c)));
        out << row;
    }
    PQclear(result);
    PQfinish(conn);
    return out;
}


// "accountId|count" rows of a table, in its order.
QStringList rowsOf(const ColumnBatch &table)
{
    QStringList rows;
    for (size_t r = 0; r < table.numRows; ++r) {
        QStringList cells;
        for (size_t c = 0; c < table.schema.size(); ++c)
            cells << QString::fromStdString(toDisplayString(table.get(r, c)));
        rows << cells.join(QLatin1Char('|'));
    }
    return rows;
}

} // namespace

class TestPostgresPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void panelShowsTheServerTableAfterEachBatch();
    void declinedConnectionSendsNothing();
    void unreachableServerKeepsTheRunInMemory();
    void testConnectionSaysWhatItFound();
    void sinkFormTestsTheEditedOptions();

private:
    // Opens lesson 07 with its table in this test's schema, at the test server.
    void openLesson(MainWindow &window, const std::string &table, const std::string &url = {});

    std::string m_schema;
};

void TestPostgresPanel::initTestCase()
{
    // The tests name their server in the sink's url; the override would send them elsewhere.
    qunsetenv("STREAMSTEP_POSTGRES_URL");
    m_schema = "tst_postgres_panel_" + std::to_string(::getpid());
    sql("DROP SCHEMA IF EXISTS " + m_schema + " CASCADE");
    sql("CREATE SCHEMA " + m_schema);
}

void TestPostgresPanel::cleanupTestCase()
{
    sql("DROP SCHEMA IF EXISTS " + m_schema + " CASCADE");
}

void TestPostgresPanel::openLesson(MainWindow &window, const std::string &table, const std::string &url)
{
    QVERIFY(window.openScenario(lesson07()));
    QuerySpec spec = QuerySpec::fromScenario(window.controller()->scenario());
    spec.sink.options["table"] = m_schema + "." + table;
    spec.sink.options["url"] = url.empty() ? testPostgresUrl() : url;
    window.controller()->setQuery(spec);
    QVERIFY2(window.controller()->isValid(), qPrintable(window.controller()->validationMessage()));
}

void TestPostgresPanel::panelShowsTheServerTableAfterEachBatch()
{
    MainWindow window;
    openLesson(window, "account_counts");
    RunController *controller = window.controller();
    QVERIFY(controller->serverEndpoint());
    QCOMPARE(controller->serverSinkState(), RunController::ServerSinkState::NotAsked);
    int asked = 0;
    SinkEndpoint askedAbout;
    controller->setConnectionApprover([&](const SinkEndpoint &endpoint) {
        ++asked;
        askedAbout = endpoint;
        return true;
    });
    // Nothing reaches the server before the first step.
    QCOMPARE(sql("SELECT to_regclass('" + m_schema + ".account_counts') IS NULL"), QStringList{"t"});

    // What the table must hold after each batch, worked out from the batches' emitted rows:
    // update mode upserts on accountId.
    std::map<QString, QString> expected;
    int batchesSeen = 0;
    while (controller->step()) {
        QVERIFY(controller->waitForIdle(30000));
        for (; batchesSeen < controller->numBatches(); ++batchesSeen) {
            const BatchReport &report = *controller->reports()[size_t(batchesSeen)];
            std::map<QString, QString> before = expected;
            for (const QString &row : rowsOf(report.emitted))
                expected[row.section(QLatin1Char('|'), 0, 0)] = row;
            QStringList want;
            for (const auto &[key, row] : expected)
                want << row;
            const auto table = controller->serverTableAt(batchesSeen);
            QVERIFY2(table, qPrintable(controller->serverErrorAt(batchesSeen)));
            QCOMPARE(rowsOf(*table), want);

            // The panel shows that table, marked by what this batch did.
            controller->selectBatch(batchesSeen);
            QVERIFY2(window.sinkTitle()->text().contains(QStringLiteral("read back from the server")),
                     qPrintable(window.sinkTitle()->text()));
            BatchTableModel *model = window.sinkModel();
            QCOMPARE(model->rowCount(), want.size());
            QVERIFY(model->hasStatusColumn());
            for (int r = 0; r < model->rowCount(); ++r) {
                const QString key = model->index(r, 1).data().toString();
                QCOMPARE(key, want[r].section(QLatin1Char('|'), 0, 0));
                QCOMPARE(model->index(r, 2).data().toString(), want[r].section(QLatin1Char('|'), 1, 1));
                const RowMark wantMark = !before.count(key)              ? RowMark::New
                                         : before.at(key) != expected.at(key) ? RowMark::Updated
                                                                              : RowMark::None;
                QCOMPARE(model->index(r, 0).data(BatchTableModel::RowMarkRole).toInt(), int(wantMark));
            }
        }
    }
    QCOMPARE(batchesSeen, 3); // steps of 40, 8, 0 and 4 rows: no batch for the empty trigger
    QCOMPARE(asked, 1);
    QCOMPARE(QString::fromStdString(askedAbout.table), QString::fromStdString(m_schema + ".account_counts"));
    QVERIFY(!QString::fromStdString(askedAbout.displayUrl).contains(QStringLiteral(":streamstep@"))); // no password shown
    QCOMPARE(controller->serverSinkState(), RunController::ServerSinkState::Approved);

    // The server agrees, and its bookkeeping table holds each batch once for this run.
    QStringList want;
    for (const auto &[key, row] : expected)
        want << row;
    QCOMPARE(sql("SELECT \"accountId\" || '|' || \"count\" FROM " + m_schema + ".account_counts ORDER BY \"accountId\" COLLATE \"C\""),
             want);
    QCOMPARE(sql("SELECT count(*), count(DISTINCT batch_id) FROM " + m_schema
                 + "._streamstep_batches WHERE query_id LIKE 'streamstep-app-%'"),
             QStringList{QStringLiteral("%1|%1").arg(batchesSeen)});

    // A second run of the same file is not asked about again (the session's answer), writes its
    // own batch 0 (a query id of its own) and ends with the same table.
    controller->reset();
    controller->runAll();
    QVERIFY(controller->waitForIdle(30000));
    QCOMPARE(asked, 1);
    QCOMPARE(controller->numBatches(), batchesSeen);
    QVERIFY(controller->serverTableAt(0));
    QCOMPARE(rowsOf(*controller->serverTableAt(batchesSeen - 1)), want);
    QCOMPARE(sql("SELECT count(DISTINCT query_id) FROM " + m_schema + "._streamstep_batches"), QStringList{"2"});
}

void TestPostgresPanel::declinedConnectionSendsNothing()
{
    MainWindow window;
    openLesson(window, "declined");
    RunController *controller = window.controller();
    int asked = 0;
    controller->setConnectionApprover([&](const SinkEndpoint &) {
        ++asked;
        return false;
    });
    controller->runAll();
    QVERIFY(controller->waitForIdle(30000));
    QCOMPARE(controller->numBatches(), 3);
    QCOMPARE(asked, 1);
    QCOMPARE(controller->serverSinkState(), RunController::ServerSinkState::Declined);
    for (int i = 0; i < controller->numBatches(); ++i)
        QVERIFY(!controller->serverTableAt(i));
    QCOMPARE(sql("SELECT to_regclass('" + m_schema + ".declined') IS NULL"), QStringList{"t"});
    // The panel says so and shows the rows the last batch would write.
    const int last = controller->numBatches() - 1;
    controller->selectBatch(last);
    QVERIFY2(window.sinkTitle()->text().contains(QStringLiteral("Not connected")), qPrintable(window.sinkTitle()->text()));
    QCOMPARE(window.sinkModel()->rowCount(), int(controller->reports()[size_t(last)]->emitted.numRows));

    // Without an approver (no one to ask) nothing connects either.
    MainWindow unattended;
    openLesson(unattended, "unattended");
    unattended.controller()->setConnectionApprover({});
    QVERIFY(unattended.controller()->step());
    QCOMPARE(unattended.controller()->serverSinkState(), RunController::ServerSinkState::Declined);
    QCOMPARE(sql("SELECT to_regclass('" + m_schema + ".unattended') IS NULL"), QStringList{"t"});
}

void TestPostgresPanel::unreachableServerKeepsTheRunInMemory()
{
    const std::string port = refusedPostgresPort(21000);
    MainWindow window;
    openLesson(window, "unreachable", testPostgresUrlWith("streamstep", {}, port));
    RunController *controller = window.controller();
    controller->setConnectionApprover([](const SinkEndpoint &) { return true; });
    QVERIFY(controller->step());
    QVERIFY(controller->waitForIdle(30000));
    QVERIFY(controller->numBatches() >= 1);
    QVERIFY(!controller->serverTableAt(0));
    const QString error = controller->serverErrorAt(0);
    QVERIFY2(error.startsWith(QStringLiteral("Batch 0 was not written to the server")), qPrintable(error));
    QVERIFY2(error.contains(QString::fromStdString("127.0.0.1:" + port)), qPrintable(error));
    QVERIFY2(window.sinkTitle()->text().contains(QStringLiteral("was not written")), qPrintable(window.sinkTitle()->text()));
    // The run goes on in memory; later batches are not tried again.
    QVERIFY(controller->step());
    QVERIFY(controller->waitForIdle(30000));
    QCOMPARE(controller->serverErrorAt(controller->numBatches() - 1), error);
}

void TestPostgresPanel::testConnectionSaysWhatItFound()
{
    MainWindow window;
    openLesson(window, "tested");
    QueryEditor *editor = window.queryEditor();
    SinkSpec sink = window.controller()->scenario().sink;

    SinkConnectionTest found = editor->testConnection(sink);
    QVERIFY2(found.ok, found.message.c_str());
    QVERIFY(!found.tableExists);
    QVERIFY2(found.message.find("Connected to PostgreSQL 15") == 0, found.message.c_str());
    QVERIFY2(found.message.find("does not exist yet") != std::string::npos, found.message.c_str());
    // Test Connection changes nothing.
    QCOMPARE(sql("SELECT to_regclass('" + m_schema + ".tested') IS NULL"), QStringList{"t"});

    sql("CREATE TABLE " + m_schema + ".tested (\"accountId\" text PRIMARY KEY, \"count\" bigint NOT NULL)");
    found = editor->testConnection(sink);
    QVERIFY2(found.ok && found.tableExists, found.message.c_str());
    QVERIFY2(found.message.find("fits the query") != std::string::npos, found.message.c_str());

    sql("CREATE TABLE " + m_schema + ".misfit (\"accountId\" text PRIMARY KEY, \"count\" boolean)");
    sink.options["table"] = m_schema + ".misfit";
    found = editor->testConnection(sink);
    QVERIFY(!found.ok);
    QVERIFY(found.tableExists);
    QVERIFY2(found.tableProblem.find("count") != std::string::npos, found.tableProblem.c_str());

    sink.options["url"] = testPostgresUrlWith("wrong-password");
    found = editor->testConnection(sink);
    QVERIFY(!found.ok);
    QVERIFY2(found.message.find("password authentication failed") != std::string::npos, found.message.c_str());
    QVERIFY2(found.message.find("wrong-password") == std::string::npos, found.message.c_str());
}

void TestPostgresPanel::sinkFormTestsTheEditedOptions()
{
    MainWindow window;
    openLesson(window, "form");
    QueryEditor *editor = window.queryEditor();
    const int undoBefore = window.undoStack()->count();
    QString status;
    QString keyShown;
    bool sawButton = false;
    // The dialog is modal: drive it once it is open, then accept it unchanged.
    QTimer::singleShot(0, this, [&] {
        QDialog *dialog = editor->sinkOptionsDialog();
        QVERIFY(dialog);
        keyShown = dialog->findChild<QLineEdit *>(QStringLiteral("key"))->text();
        auto *button = dialog->findChild<QPushButton *>(QStringLiteral("testConnectionButton"));
        sawButton = button != nullptr;
        if (button)
            button->click();
        status = dialog->findChild<QLabel *>(QStringLiteral("connectionStatus"))->text();
        dialog->accept();
    });
    editor->sinkOptionsButton()->click();
    QVERIFY(sawButton);
    QCOMPARE(keyShown, QStringLiteral("accountId"));
    QVERIFY2(status.startsWith(QStringLiteral("OK: Connected to PostgreSQL")), qPrintable(status));
    // Accepted unchanged: no edit (the key stays the list the file wrote).
    QCOMPARE(window.undoStack()->count(), undoBefore);
    QVERIFY(window.controller()->scenario().sink.options.at("key").is_array());

    // The form offers the postgres sink with its options.
    QVERIFY(editor->sinkFormatCombo()->findData(QStringLiteral("postgres")) >= 0);
    QVERIFY(editor->sinkFormatCombo()->findData(QStringLiteral("parquet")) >= 0);
    QCOMPARE(QueryEditor::knownSinkOptions("postgres"), (std::vector<std::string>{"url", "table", "key"}));
}

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    TestPostgresPanel test;
    return runPostgresTest(test, argc, argv, "tst_postgres_panel");
}

#include "tst_postgres_panel.moc"
