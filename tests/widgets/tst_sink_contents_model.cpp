// Tests SinkContentsModel against the engine's real durable sinks: each scenario runs once with a
// StreamingQuery that writes its csv/json folder or SQLite table, read back after every batch as
// a reader sees it (streamstep-cli sink-cat: only manifest-listed files, the table in key order);
// the model, given only the reports, must show exactly those rows after every batch.
#include "main_window.h"
#include "run_controller.h"
#include "sink_contents_model.h"

#include "streamstep/engine.h"
#include "streamstep/scenario.h"
#include "streamstep/streaming_query.h"
#include "streamstep/value_format.h"

#include <QAbstractItemModelTester>
#include <QAbstractItemView>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace streamstep;

namespace {

QString lessonText(const char *name)
{
    QFile file(QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/%1.scenario.json").arg(QLatin1String(name)));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

const char *kJsonAppend = R"J({
  "format": "streamstep-scenario", "version": 1, "title": "json",
  "source": {"name": "t", "schema": [{"name": "accountId", "type": "string"}, {"name": "amount", "type": "long"},
                                    {"name": "eventTime", "type": "timestamp"}]},
  "query": [{"op": "filter", "condition": "amount > 10"}],
  "outputMode": "append",
  "sink": {"format": "json", "options": {"path": "out/json"}},
  "steps": [
    {"rows": [["A", 20, "2026-03-01 10:00:00"], ["B", 5, "2026-03-01 10:01:00"]]},
    {"rows": [["C", 1, "2026-03-01 10:02:00"]]},
    {"rows": [["D", 30, "2026-03-01 10:03:00"], ["E", 40, "2026-03-01 10:04:00"], [null, 50, "2026-03-01 10:05:00"]]}
  ]
})J";

const char *kSqliteCompleteWindow = R"J({
  "format": "streamstep-scenario", "version": 1, "title": "sqlite complete",
  "source": {"name": "t", "schema": [{"name": "accountId", "type": "string"}, {"name": "amount", "type": "decimal(10,2)"},
                                    {"name": "eventTime", "type": "timestamp"}]},
  "query": [{"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
            {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"],
             "aggs": ["count(*) AS n", "sum(amount) AS total"]}],
  "outputMode": "complete",
  "sink": {"format": "sqlite", "options": {"path": "db/windows.db", "table": "windows", "key": ["window", "accountId"]}},
  "steps": [
    {"rows": [["B", "1.50", "2026-03-01 10:01:00"], ["A", "2.25", "2026-03-01 10:02:00"], ["A", "1.00", "2026-03-01 10:07:00"]]},
    {"rows": [["C", "4.00", "2026-03-01 10:00:30"], ["A", "0.10", "2026-03-01 10:03:00"]]},
    {"rows": [["A", "9.99", "2026-03-01 10:30:00"]]}
  ]
})J";

const char *kSqliteAppendNoKey = R"J({
  "format": "streamstep-scenario", "version": 1, "title": "sqlite append",
  "source": {"name": "t", "schema": [{"name": "accountId", "type": "string"}, {"name": "amount", "type": "double"}]},
  "query": [{"op": "select", "columns": ["accountId", "amount * 2 AS doubled"]}],
  "outputMode": "append",
  "sink": {"format": "sqlite", "options": {"path": "plain.db", "table": "plain"}},
  "steps": [
    {"rows": [["Z", 1.5], ["A", 2.0], ["Z", 3.0]]},
    {"rows": [["B", 0.25]]}
  ]
})J";

// Append mode inserts: the second batch repeats the key and fails in the real sink.
const char *kSqliteAppendConflict = R"J({
  "format": "streamstep-scenario", "version": 1, "title": "sqlite conflict",
  "source": {"name": "t", "schema": [{"name": "accountId", "type": "string"}, {"name": "amount", "type": "long"}]},
  "query": [{"op": "filter", "condition": "amount > 0"}],
  "outputMode": "append",
  "sink": {"format": "sqlite", "options": {"path": "conflict.db", "table": "accounts", "key": "accountId"}},
  "steps": [
    {"rows": [["B", 1], ["A", 2]]},
    {"rows": [["C", 3], ["A", 4]]}
  ]
})J";

struct RealRun {
    std::vector<std::shared_ptr<const BatchReport>> reports;
    std::vector<ColumnBatch> sinkAfter; // what a reader sees after each committed batch
    QString sinkPath;
    QStringList partFiles;              // the folder's part files at the end
    QString error;                      // the runtime error that stopped the query, if any
};

RealRun runForReal(const Scenario &scenario, const QString &outputDir)
{
    RealRun run;
    const SinkSpec &sink = scenario.sink;
    const std::string path = sink.options.at("path").get<std::string>();
    run.sinkPath = outputDir + QLatin1Char('/') + QString::fromStdString(path);
    const std::string table = sink.options.count("table") ? sink.options.at("table").get<std::string>() : std::string();
    StreamingQueryOptions options;
    options.outputDir = outputDir.toStdString();
    try {
        StreamingQuery query(scenario, options);
        query.runAll([&](const BatchReport &report) {
            run.reports.push_back(std::make_shared<const BatchReport>(report));
            run.sinkAfter.push_back(readSinkOutput(run.sinkPath.toStdString(), table));
        });
    } catch (const Error &e) {
        run.error = QString::fromStdString(e.message());
    }
    run.partFiles = QDir(run.sinkPath).entryList({QStringLiteral("part-*")}, QDir::Files, QDir::Name);
    return run;
}

// The model's rows, without the file column, as display strings.
QList<QStringList> modelRows(const SinkContentsModel &model)
{
    const int offset = model.firstDataColumn();
    QList<QStringList> rows;
    for (int r = 0; r < model.rowCount(); ++r) {
        QStringList cells;
        for (int c = offset; c < model.columnCount(); ++c)
            cells << model.index(r, c).data().toString();
        rows << cells;
    }
    return rows;
}

QList<QStringList> batchRows(const ColumnBatch &batch)
{
    QList<QStringList> rows;
    for (size_t r = 0; r < batch.numRows; ++r) {
        QStringList cells;
        for (size_t c = 0; c < batch.columns.size(); ++c)
            cells << QString::fromStdString(toDisplayString(batch.get(r, c)));
        rows << cells;
    }
    return rows;
}

} // namespace

class TestSinkContentsModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void equalsTheRealSinkAfterEveryBatch_data();
    void equalsTheRealSinkAfterEveryBatch();
    void appendConflictStopsLikeTheRealSink();
    void otherSinksShowNothing();
    void marksWhatTheShownBatchWrote();
    void mainWindowShowsTheSinkOfTheShownBatch_data();
    void mainWindowShowsTheSinkOfTheShownBatch();
};

void TestSinkContentsModel::equalsTheRealSinkAfterEveryBatch_data()
{
    QTest::addColumn<QString>("scenarioText");
    QTest::newRow("lesson 01: csv with header") << lessonText("01-high-value-filter");
    QTest::newRow("lesson 03: sqlite upsert") << lessonText("03-account-counts-update");
    QTest::newRow("json append, empty batch writes no file") << QString::fromUtf8(kJsonAppend);
    QTest::newRow("sqlite complete, window key") << QString::fromUtf8(kSqliteCompleteWindow);
    QTest::newRow("sqlite append without key") << QString::fromUtf8(kSqliteAppendNoKey);
}

void TestSinkContentsModel::equalsTheRealSinkAfterEveryBatch()
{
    QFETCH(QString, scenarioText);
    QVERIFY(!scenarioText.isEmpty());
    const Scenario scenario = parseScenario(scenarioText.toStdString());
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const RealRun real = runForReal(scenario, dir.path());
    QVERIFY2(real.error.isEmpty(), qPrintable(real.error));
    QVERIFY(!real.reports.empty());
    QVERIFY(real.sinkAfter.back().numRows > 0);

    SinkContentsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSink(scenario.sink, scenario.outputMode);
    const bool files = scenario.sink.format != "sqlite";
    QCOMPARE(model.kind(), files ? SinkContentsModel::Kind::Files : SinkContentsModel::Kind::Table);
    QCOMPARE(model.rowCount(), 0);

    for (int i = 0; i < int(real.reports.size()); ++i) {
        model.showAfter(real.reports, i);
        const ColumnBatch &expected = real.sinkAfter[size_t(i)];
        QVERIFY(model.failure().isEmpty());
        // The columns a reader sees (SQLite: window structs as two columns).
        QCOMPARE(model.firstDataColumn(), files ? 2 : 1);
        QCOMPARE(model.columnCount(), int(expected.columns.size()) + model.firstDataColumn());
        for (size_t c = 0; c < expected.columns.size(); ++c)
            QCOMPARE(model.headerData(int(c) + model.firstDataColumn(), Qt::Horizontal, Qt::DisplayRole).toString(),
                     QString::fromStdString(expected.schema.fields[c].name));
        QCOMPARE(modelRows(model), batchRows(expected));

        if (files) {
            // One part file per batch with rows, named as the engine names it; every row says
            // which file holds it.
            QStringList expectedFiles;
            for (int b = 0; b <= i; ++b)
                if (real.reports[size_t(b)]->numOutputRows > 0)
                    expectedFiles << QStringLiteral("part-%1-c000.%2")
                                         .arg(real.reports[size_t(b)]->batchId, 5, 10, QLatin1Char('0'))
                                         .arg(QString::fromStdString(scenario.sink.format));
            QCOMPARE(model.files(), expectedFiles);
            int row = 0;
            for (int b = 0; b <= i; ++b) {
                const BatchReport &r = *real.reports[size_t(b)];
                for (int k = 0; k < int(r.numOutputRows); ++k, ++row)
                    QVERIFY(model.index(row, 1).data().toString().startsWith(
                        QStringLiteral("part-%1-").arg(r.batchId, 5, 10, QLatin1Char('0'))));
            }
        }
    }
    if (files)
        QCOMPARE(model.files(), real.partFiles);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestSinkContentsModel::appendConflictStopsLikeTheRealSink()
{
    const Scenario scenario = parseScenario(kSqliteAppendConflict);
    QTemporaryDir dir;
    const RealRun real = runForReal(scenario, dir.path());
    QVERIFY(real.error.contains(QStringLiteral("primary key")));
    QCOMPARE(real.sinkAfter.size(), size_t(1)); // only batch 0 committed

    // The app's in-memory run has both batches; the model shows the table the real sink keeps.
    std::vector<std::shared_ptr<const BatchReport>> reports;
    for (BatchReport &r : runScenario(scenario))
        reports.push_back(std::make_shared<const BatchReport>(std::move(r)));
    QCOMPARE(reports.size(), size_t(2));
    SinkContentsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSink(scenario.sink, scenario.outputMode);
    model.showAfter(reports, 0);
    QVERIFY(model.failure().isEmpty());
    QCOMPARE(modelRows(model), batchRows(real.sinkAfter[0]));
    model.showAfter(reports, 1);
    QVERIFY(model.failure().contains(QStringLiteral("Batch 1")));
    QCOMPARE(modelRows(model), batchRows(real.sinkAfter[0]));
}

void TestSinkContentsModel::otherSinksShowNothing()
{
    const Scenario scenario = parseScenario(lessonText("04-windowed-totals-append").toStdString());
    std::vector<std::shared_ptr<const BatchReport>> reports;
    for (BatchReport &r : runScenario(scenario))
        reports.push_back(std::make_shared<const BatchReport>(std::move(r)));
    SinkContentsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(!SinkContentsModel::shows("console"));
    QVERIFY(!SinkContentsModel::shows("memory"));
    model.setSink(scenario.sink, scenario.outputMode);
    model.showAfter(reports, int(reports.size()) - 1);
    QCOMPARE(model.kind(), SinkContentsModel::Kind::None);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), 0);
}

namespace {

std::vector<std::shared_ptr<const BatchReport>> reportsOf(const Scenario &scenario)
{
    std::vector<std::shared_ptr<const BatchReport>> reports;
    for (BatchReport &r : runScenario(scenario))
        reports.push_back(std::make_shared<const BatchReport>(std::move(r)));
    return reports;
}

// How many rows carry each mark text in the status column.
QMap<QString, int> markCounts(const SinkContentsModel &model)
{
    QMap<QString, int> counts;
    for (int r = 0; r < model.rowCount(); ++r)
        ++counts[model.index(r, 0).data().toString()];
    return counts;
}

} // namespace

void TestSinkContentsModel::marksWhatTheShownBatchWrote()
{
    const QString fresh = BatchTableModel::markText(RowMark::New);
    const QString updated = BatchTableModel::markText(RowMark::Updated);
    SinkContentsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);

    // SQLite upsert (lesson 03): 1000 new accounts, then 45 and 12 existing ones upserted.
    const Scenario counts = parseScenario(lessonText("03-account-counts-update").toStdString());
    const auto countReports = reportsOf(counts);
    model.setSink(counts.sink, counts.outputMode);
    model.showAfter(countReports, 0);
    QCOMPARE(model.headerData(0, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("status"));
    QCOMPARE(markCounts(model), (QMap<QString, int>{{fresh, 1000}}));
    model.showAfter(countReports, 1);
    QCOMPARE(markCounts(model), (QMap<QString, int>{{updated, 45}, {QString(), 955}}));
    model.showAfter(countReports, 2);
    QCOMPARE(markCounts(model), (QMap<QString, int>{{updated, 12}, {QString(), 988}}));
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.index(r, 0).data().toString() == updated) {
            QCOMPARE(model.index(r, 0).data(BatchTableModel::RowMarkRole).toInt(), int(RowMark::Updated));
            QVERIFY(!model.index(r, 0).data(Qt::ToolTipRole).toString().isEmpty());
        }

    // A file sink: the shown batch's part file rows are new.
    const Scenario filter = parseScenario(lessonText("01-high-value-filter").toStdString());
    const auto filterReports = reportsOf(filter);
    model.setSink(filter.sink, filter.outputMode);
    model.showAfter(filterReports, 1);
    const int written = int(filterReports[1]->numOutputRows);
    QVERIFY(written > 0);
    QCOMPARE(markCounts(model), (QMap<QString, int>{{fresh, written}, {QString(), int(filterReports[0]->numOutputRows)}}));
    for (int r = 0; r < model.rowCount(); ++r)
        QCOMPARE(model.index(r, 0).data().toString() == fresh,
                 model.index(r, 1).data().toString().startsWith(QStringLiteral("part-00001-")));

    // Without a key, the last batch's inserted rows are new; complete mode rewrites: no marks.
    const Scenario plain = parseScenario(kSqliteAppendNoKey);
    model.setSink(plain.sink, plain.outputMode);
    model.showAfter(reportsOf(plain), 1);
    QCOMPARE(markCounts(model), (QMap<QString, int>{{fresh, 1}, {QString(), 3}}));
    const Scenario complete = parseScenario(kSqliteCompleteWindow);
    model.setSink(complete.sink, complete.outputMode);
    const auto completeReports = reportsOf(complete);
    model.showAfter(completeReports, int(completeReports.size()) - 1);
    QVERIFY(model.rowCount() > 0);
    QCOMPARE(markCounts(model), (QMap<QString, int>{{QString(), model.rowCount()}}));
}

void TestSinkContentsModel::mainWindowShowsTheSinkOfTheShownBatch_data()
{
    QTest::addColumn<QString>("lesson");
    QTest::newRow("csv") << QStringLiteral("01-high-value-filter");
    QTest::newRow("sqlite") << QStringLiteral("03-account-counts-update");
}

void TestSinkContentsModel::mainWindowShowsTheSinkOfTheShownBatch()
{
    QFETCH(QString, lesson);
    const QString path = QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/%1.scenario.json").arg(lesson);
    const Scenario scenario = parseScenario(lessonText(lesson.toLatin1().constData()).toStdString());
    QTemporaryDir dir;
    const RealRun real = runForReal(scenario, dir.path());
    QVERIFY2(real.error.isEmpty(), qPrintable(real.error));

    MainWindow window;
    QVERIFY(window.openScenario(path));
    SinkContentsModel *model = window.sinkContentsModel();
    QVERIFY(model);
    window.controller()->runAll();
    QTRY_COMPARE(window.controller()->numBatches(), int(real.reports.size()));
    // Reviewing any batch shows the sink as it stood after that batch, newest last.
    for (int i = int(real.reports.size()) - 1; i >= 0; --i) {
        window.controller()->selectBatch(i);
        QTRY_COMPARE(window.controller()->currentBatch(), i);
        QCOMPARE(modelRows(*model), batchRows(real.sinkAfter[size_t(i)]));
        auto *view = window.findChild<QAbstractItemView *>(QStringLiteral("sinkContentsView"));
        QVERIFY(view);
        QCOMPARE(view->model(), model);
    }
}

QTEST_MAIN(TestSinkContentsModel)
#include "tst_sink_contents_model.moc"
