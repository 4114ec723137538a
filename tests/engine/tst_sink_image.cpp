// Checks sinkImageAfter against the engine's real durable sinks: each scenario runs once with a
// StreamingQuery that writes its csv/json folder or SQLite table, read back after every batch as
// a reader sees it (only manifest-listed files; the table in key order). The image, worked out
// from the reports alone, must hold exactly those rows after every batch, name the same part
// files, stop where the real sink fails, and mark what the last batch wrote.
#include "streamstep/engine.h"
#include "streamstep/scenario.h"
#include "streamstep/sink_image.h"
#include "streamstep/streaming_query.h"
#include "streamstep/value_format.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using namespace streamstep;

namespace {

std::string lessonText(const char *name)
{
    QFile file(QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/%1.scenario.json").arg(QLatin1String(name)));
    return file.open(QIODevice::ReadOnly) ? file.readAll().toStdString() : std::string();
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

// Keys SQLite orders by storage class and then by value: NULL first, numbers numerically
// (negative, fractional, huge), NaN stored as the text 'NaN' after every number.
const char *kSqliteUpdateOddKeys = R"J({
  "format": "streamstep-scenario", "version": 1, "title": "sqlite odd keys",
  "source": {"name": "t", "schema": [{"name": "k", "type": "double"}, {"name": "v", "type": "long"}]},
  "query": [{"op": "groupBy", "keys": ["k"], "aggs": ["sum(v) AS total"]}],
  "outputMode": "update",
  "sink": {"format": "sqlite", "options": {"path": "odd.db", "table": "odd", "key": "k"}},
  "steps": [
    {"rows": [[10.0, 1], [-2.5, 2], ["NaN", 3], [null, 4], [1e300, 5], [0.5, 6], ["Infinity", 7], ["-Infinity", 8]]},
    {"rows": [[-2.5, 10], ["NaN", 20], [null, 30], [3.0, 40]]},
    {"rows": [[1e300, 100]]}
  ]
})J";

// A composite key with NULL in either part: SQLite orders by the first part, then the second, NULL
// lowest in each, so ("A", NULL) sits between (NULL, …) and ("B", …); rows with a NULL part never
// conflict, and the same key text in another part is another key.
const char *kSqliteUpdateNullParts = R"J({
  "format": "streamstep-scenario", "version": 1, "title": "sqlite NULL key parts",
  "source": {"name": "t", "schema": [{"name": "a", "type": "string"}, {"name": "b", "type": "string"}, {"name": "v", "type": "long"}]},
  "query": [{"op": "groupBy", "keys": ["a", "b"], "aggs": ["sum(v) AS total"]}],
  "outputMode": "update",
  "sink": {"format": "sqlite", "options": {"path": "parts.db", "table": "parts", "key": "a, b"}},
  "steps": [
    {"rows": [["B", "a", 1], ["A", null, 2], [null, "x", 3], ["A", "", 4], ["AB", "", 5], ["A", "B", 6]]},
    {"rows": [["A", null, 10], [null, "x", 20], ["B", "a", 30], [null, null, 40], ["", "A", 50]]}
  ]
})J";

// -0.0 and 0.0 are one REAL key to SQLite: the second row upserts over the first.
const char *kSqliteUpdateSignedZero = R"J({
  "format": "streamstep-scenario", "version": 1, "title": "sqlite signed zero",
  "source": {"name": "t", "schema": [{"name": "k", "type": "double"}, {"name": "v", "type": "long"}]},
  "query": [{"op": "filter", "condition": "v > 0"}],
  "outputMode": "update",
  "sink": {"format": "sqlite", "options": {"path": "zero.db", "table": "zero", "key": "k"}},
  "steps": [
    {"rows": [[-0.0, 1], [2.5, 2]]},
    {"rows": [[0.0, 3], [-2.5, 4]]},
    {"rows": [[-0.0, 5]]}
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
    std::vector<BatchReport> reports;
    std::vector<ColumnBatch> sinkAfter; // what a reader sees after each committed batch
    QStringList partFiles;              // the folder's part files at the end
    std::string error;                  // the error that stopped the query, if any
};

RealRun runForReal(const Scenario &scenario, const QString &outputDir)
{
    RealRun run;
    const SinkSpec &sink = scenario.sink;
    const auto option = sink.options.find("path");
    const std::string path = outputDir.toStdString() + "/" + (option == sink.options.end() ? "" : option->second.get<std::string>());
    const auto table = sink.options.find("table");
    StreamingQueryOptions options;
    options.outputDir = outputDir.toStdString();
    try {
        StreamingQuery query(scenario, options);
        query.runAll([&](const BatchReport &report) {
            run.reports.push_back(report);
            run.sinkAfter.push_back(readSinkOutput(path, table == sink.options.end() ? std::string()
                                                                                      : table->second.get<std::string>()));
        });
    } catch (const Error &e) {
        run.error = e.message();
    }
    run.partFiles = QDir(QString::fromStdString(path)).entryList({QStringLiteral("part-*")}, QDir::Files, QDir::Name);
    return run;
}

std::vector<const BatchReport *> firstReports(const std::vector<BatchReport> &reports, size_t count)
{
    std::vector<const BatchReport *> pointers;
    for (size_t i = 0; i < count; ++i)
        pointers.push_back(&reports[i]);
    return pointers;
}

QList<QStringList> imageRows(const SinkImage &image)
{
    QList<QStringList> rows;
    for (size_t r = 0; r < image.rows.size(); ++r) {
        QStringList cells;
        for (size_t c = 0; c < image.columns.size(); ++c)
            cells << QString::fromStdString(toDisplayString(image.value(r, c)));
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

std::map<SinkRowMark, int> markCounts(const SinkImage &image)
{
    std::map<SinkRowMark, int> counts;
    for (const SinkImage::Row &row : image.rows)
        ++counts[row.mark];
    return counts;
}

} // namespace

class TestSinkImage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void equalsTheRealSinkAfterEveryBatch_data();
    void equalsTheRealSinkAfterEveryBatch();
    void appendConflictStopsLikeTheRealSink();
    void marksWhatTheLastBatchWrote();
    void otherSinksKeepNothing();
    void badOptionsGiveTheMessageTheQueryFailsWith();
};

void TestSinkImage::equalsTheRealSinkAfterEveryBatch_data()
{
    QTest::addColumn<QString>("scenarioText");
    QTest::newRow("lesson 01: csv with header") << QString::fromStdString(lessonText("01-high-value-filter"));
    QTest::newRow("lesson 03: sqlite upsert") << QString::fromStdString(lessonText("03-account-counts-update"));
    QTest::newRow("json append, empty batch writes no file") << QString::fromUtf8(kJsonAppend);
    QTest::newRow("sqlite complete, window key") << QString::fromUtf8(kSqliteCompleteWindow);
    QTest::newRow("sqlite append without key") << QString::fromUtf8(kSqliteAppendNoKey);
    QTest::newRow("sqlite update, NULL, NaN and huge keys") << QString::fromUtf8(kSqliteUpdateOddKeys);
    QTest::newRow("sqlite update, -0.0 and 0.0 are one key") << QString::fromUtf8(kSqliteUpdateSignedZero);
    QTest::newRow("sqlite update, NULL in either key part") << QString::fromUtf8(kSqliteUpdateNullParts);
}

void TestSinkImage::equalsTheRealSinkAfterEveryBatch()
{
    QFETCH(QString, scenarioText);
    QVERIFY(!scenarioText.isEmpty());
    const Scenario scenario = parseScenario(scenarioText.toStdString());
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const RealRun real = runForReal(scenario, dir.path());
    QVERIFY2(real.error.empty(), real.error.c_str());
    QVERIFY(!real.reports.empty());
    QVERIFY(real.sinkAfter.back().numRows > 0);
    const bool files = scenario.sink.format != "sqlite";

    const SinkImage before = sinkImageAfter(scenario.sink, scenario.outputMode, {});
    QCOMPARE(before.kind, files ? SinkImage::Kind::Files : SinkImage::Kind::Table);
    QVERIFY(before.rows.empty());
    QCOMPARE(before.path, scenario.sink.options.find("path")->second.get<std::string>());

    for (size_t i = 0; i < real.reports.size(); ++i) {
        const SinkImage image = sinkImageAfter(scenario.sink, scenario.outputMode, firstReports(real.reports, i + 1));
        const ColumnBatch &expected = real.sinkAfter[i];
        QVERIFY(!image.failure);
        QVERIFY(image.optionsError.empty());
        // The columns a reader sees (SQLite: window structs as two columns), then the rows.
        QCOMPARE(image.columns.size(), expected.columns.size());
        for (size_t c = 0; c < expected.columns.size(); ++c)
            QCOMPARE(image.columns[c].name, expected.schema.fields[c].name);
        QCOMPARE(imageRows(image), batchRows(expected));

        if (files) {
            // One part file per batch with rows, named as the sink names it, holding that
            // batch's rows.
            QStringList expectedFiles;
            for (size_t b = 0; b <= i; ++b)
                if (real.reports[b].numOutputRows > 0)
                    expectedFiles << QStringLiteral("part-%1-c000.%2")
                                         .arg(real.reports[b].batchId, 5, 10, QLatin1Char('0'))
                                         .arg(QString::fromStdString(scenario.sink.format));
            QStringList names;
            for (const SinkImage::File &file : image.files)
                names << QString::fromStdString(file.name);
            QCOMPARE(names, expectedFiles);
            size_t row = 0;
            for (size_t b = 0; b <= i; ++b)
                for (int64_t k = 0; k < real.reports[b].numOutputRows; ++k, ++row) {
                    QVERIFY(image.fileOf(row));
                    QCOMPARE(image.fileOf(row)->batchId, real.reports[b].batchId);
                }
            QVERIFY(!image.fileOf(row));
        } else {
            QVERIFY(image.files.empty());
            QVERIFY(!image.fileOf(0));
        }
    }
    if (files) {
        const SinkImage last = sinkImageAfter(scenario.sink, scenario.outputMode,
                                              firstReports(real.reports, real.reports.size()));
        QStringList names;
        for (const SinkImage::File &file : last.files)
            names << QString::fromStdString(file.name);
        QCOMPARE(names, real.partFiles);
    }
}

void TestSinkImage::appendConflictStopsLikeTheRealSink()
{
    const Scenario scenario = parseScenario(kSqliteAppendConflict);
    QTemporaryDir dir;
    const RealRun real = runForReal(scenario, dir.path());
    QVERIFY(real.error.find("batch 1: row 1 violates the table's primary key") != std::string::npos);
    QCOMPARE(real.sinkAfter.size(), size_t(1)); // only batch 0 committed

    // An in-memory run has both batches; the image holds what the real sink keeps.
    const std::vector<BatchReport> reports = runScenario(scenario);
    QCOMPARE(reports.size(), size_t(2));
    const SinkImage first = sinkImageAfter(scenario.sink, scenario.outputMode, firstReports(reports, 1));
    QVERIFY(!first.failure);
    QCOMPARE(imageRows(first), batchRows(real.sinkAfter[0]));
    const SinkImage second = sinkImageAfter(scenario.sink, scenario.outputMode, firstReports(reports, 2));
    QVERIFY(second.failure);
    QCOMPARE(second.failure->batchId, int64_t(1));
    QCOMPARE(second.failure->row, size_t(1));
    QCOMPARE(second.failure->message, std::string("sqlite sink 'conflict.db' table \"accounts\": batch 1: row 1 "
                                                  "violates the table's primary key (append mode inserts; use "
                                                  "update mode to upsert)"));
    QCOMPARE(imageRows(second), batchRows(real.sinkAfter[0]));
    QCOMPARE(markCounts(second), (std::map<SinkRowMark, int>{{SinkRowMark::None, 2}}));
}

void TestSinkImage::marksWhatTheLastBatchWrote()
{
    // SQLite upsert (lesson 03): 1000 new accounts, then 45 and 12 existing ones upserted.
    const Scenario counts = parseScenario(lessonText("03-account-counts-update"));
    const std::vector<BatchReport> countReports = runScenario(counts);
    QCOMPARE(countReports.size(), size_t(3));
    QCOMPARE(markCounts(sinkImageAfter(counts.sink, counts.outputMode, firstReports(countReports, 1))),
             (std::map<SinkRowMark, int>{{SinkRowMark::New, 1000}}));
    QCOMPARE(markCounts(sinkImageAfter(counts.sink, counts.outputMode, firstReports(countReports, 2))),
             (std::map<SinkRowMark, int>{{SinkRowMark::None, 955}, {SinkRowMark::Updated, 45}}));
    const SinkImage third = sinkImageAfter(counts.sink, counts.outputMode, firstReports(countReports, 3));
    QCOMPARE(markCounts(third), (std::map<SinkRowMark, int>{{SinkRowMark::None, 988}, {SinkRowMark::Updated, 12}}));
    for (const SinkImage::Row &row : third.rows)
        QCOMPARE(row.mark == SinkRowMark::Updated, row.report == 2u);

    // A file sink: the last batch's part file rows are new.
    const Scenario filter = parseScenario(lessonText("01-high-value-filter"));
    const std::vector<BatchReport> filterReports = runScenario(filter);
    const SinkImage files = sinkImageAfter(filter.sink, filter.outputMode, firstReports(filterReports, 2));
    const int written = int(filterReports[1].numOutputRows);
    QVERIFY(written > 0);
    QCOMPARE(markCounts(files), (std::map<SinkRowMark, int>{{SinkRowMark::None, int(filterReports[0].numOutputRows)},
                                                          {SinkRowMark::New, written}}));

    // Without a key, the last batch's inserted rows are new; complete mode rewrites: no marks.
    const Scenario plain = parseScenario(kSqliteAppendNoKey);
    const std::vector<BatchReport> plainReports = runScenario(plain);
    QCOMPARE(markCounts(sinkImageAfter(plain.sink, plain.outputMode, firstReports(plainReports, 2))),
             (std::map<SinkRowMark, int>{{SinkRowMark::None, 3}, {SinkRowMark::New, 1}}));
    const Scenario complete = parseScenario(kSqliteCompleteWindow);
    const std::vector<BatchReport> completeReports = runScenario(complete);
    const SinkImage rewritten = sinkImageAfter(complete.sink, complete.outputMode,
                                               firstReports(completeReports, completeReports.size()));
    QVERIFY(!rewritten.rows.empty());
    QCOMPARE(markCounts(rewritten), (std::map<SinkRowMark, int>{{SinkRowMark::None, int(rewritten.rows.size())}}));
    // The window key is both of its columns.
    QStringList keys;
    for (const SinkImage::Column &column : rewritten.columns)
        if (column.isKey)
            keys << QString::fromStdString(column.name);
    QCOMPARE(keys, (QStringList{QStringLiteral("window_start"), QStringLiteral("window_end"), QStringLiteral("accountId")}));
}

void TestSinkImage::otherSinksKeepNothing()
{
    QVERIFY(hasSinkImage("csv") && hasSinkImage("json") && hasSinkImage("sqlite"));
    QVERIFY(!hasSinkImage("console") && !hasSinkImage("memory"));
    const Scenario scenario = parseScenario(lessonText("04-windowed-totals-append"));
    const std::vector<BatchReport> reports = runScenario(scenario);
    QVERIFY(!reports.empty());
    const SinkImage image = sinkImageAfter(scenario.sink, scenario.outputMode, firstReports(reports, reports.size()));
    QCOMPARE(image.kind, SinkImage::Kind::None);
    QVERIFY(image.rows.empty());
    QVERIFY(image.columns.empty());
}

void TestSinkImage::badOptionsGiveTheMessageTheQueryFailsWith()
{
    const Scenario valid = parseScenario(lessonText("03-account-counts-update"));
    const std::vector<BatchReport> reports = runScenario(valid);
    const auto withOptions = [&](std::map<std::string, nlohmann::json> options) {
        Scenario changed = valid;
        changed.sink.options = std::move(options);
        return changed;
    };
    const std::vector<Scenario> bad = {
        withOptions({{"path", "c.db"}, {"table", "t"}, {"key", "noSuchColumn"}}),
        withOptions({{"path", "c.db"}, {"table", "t"}}), // update mode needs a key
        withOptions({{"path", "c.db"}, {"key", "accountId"}}),
        withOptions({{"table", "t"}, {"key", "accountId"}}),
    };
    for (const Scenario &scenario : bad) {
        QTemporaryDir dir;
        const RealRun real = runForReal(scenario, dir.path());
        QVERIFY(!real.error.empty());
        QVERIFY(real.reports.empty());
        const SinkImage image = sinkImageAfter(scenario.sink, scenario.outputMode, firstReports(reports, 1));
        QCOMPARE(image.optionsError, real.error);
        QVERIFY(image.rows.empty());
        QVERIFY(image.reports.empty());
    }
}

QTEST_MAIN(TestSinkImage)
#include "tst_sink_image.moc"
