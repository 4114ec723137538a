// Real Spark reads the parquet sink folders StreamStep writes (ctest label `spark`): the sink's
// `_spark_metadata` is Spark's own FileStreamSinkLog (a `v1` line and one SinkFileStatus JSON line
// per file, `N.compact` every 10th batch), so `spark.read.parquet(folder)` lists exactly the files
// that log names (MetadataLogFileIndex) and must get the rows `streamstep-cli sink-cat` reads, with
// the types of the query's result schema. The corpus: lesson 08, lessons 01 and 04 written to
// parquet, a 25-batch query (two compact files), odd values (NaN, infinities, nulls, accents,
// extreme decimals) and generated append-mode scenarios with parquet sinks. Every folder also gets
// a stray part file no log entry lists (a crash's orphan): a reader that listed the folder
// instead of reading the log would see its rows twice. One JVM per Spark version
// (tests/spark/SinkReadDriver.java).
#include "../engine/test_columns.h"
#include "batch_comparison.h"
#include "scenario_generator.h"
#include "spark_test_files.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include <algorithm>
#include <map>

using namespace streamstep::testing;

namespace {

constexpr uint64_t kSeed = 20261202;

struct ProcessResult {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

ProcessResult runProcess(const QString &program, const QStringList &arguments, int timeoutMs)
{
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(timeoutMs))
        process.kill();
    process.waitForFinished(5000);
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
            process.readAllStandardError()};
}

// Timestamps to milliseconds, the precision of sink-cat's JSON (scenario-format.md §3); the
// microseconds Spark reads are checked against the 25-batch scenario's input instead.
void normalize(nlohmann::json &value)
{
    static const QRegularExpression iso(QStringLiteral("^(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d)(?:\\.(\\d{1,6}))?Z$"));
    if (value.is_object() || value.is_array()) {
        for (auto &child : value)
            normalize(child);
    } else if (value.is_string()) {
        const QRegularExpressionMatch m = iso.match(QString::fromStdString(value.get<std::string>()));
        if (m.hasMatch())
            value = (m.captured(1) + QLatin1Char('.') + m.captured(2).leftJustified(6, QLatin1Char('0')).left(3) + QLatin1Char('Z')).toStdString();
    }
}

QStringList canonicalRows(const QByteArray &text, QString *problem)
{
    QStringList rows;
    for (const QByteArray &line : text.split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        std::optional<nlohmann::json> json = parseExactJson(line.toStdString());
        if (!json) {
            *problem = QStringLiteral("not JSON: ") + QString::fromUtf8(line);
            return {};
        }
        normalize(*json);
        rows << QString::fromStdString(json->dump());
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

// The Spark type of a result column as the bookkeeping entry names it.
QString sparkType(const std::string &type)
{
    if (type == "long")
        return QStringLiteral("bigint");
    if (type == "window")
        return QStringLiteral("struct<start:timestamp,end:timestamp>");
    return QString::fromStdString(type);
}

nlohmann::json parquetSink(const std::string &path) { return {{"format", "parquet"}, {"options", {{"path", path}}}}; }

// 25 one-row-per-type steps through a stateless query: 25 batches, so 9.compact and 19.compact.
nlohmann::json longScenario()
{
    nlohmann::json steps = nlohmann::json::array();
    for (int s = 0; s < 25; ++s) {
        char time[64];
        std::snprintf(time, sizeof time, "2026-03-01 10:%02d:%02d.%06d", s, s, 123457 * s % 1000000);
        nlohmann::json rows = nlohmann::json::array();
        rows.push_back({"ACC-" + std::to_string(s), s % 5 == 0 ? nlohmann::json() : nlohmann::json(s * 1000003),
                        std::to_string(s) + "." + std::to_string(10 + s) , s * 0.1, s % 2 == 0, time});
        if (s % 3 == 0)
            rows.push_back({"Zürich — 東京 \"q\"", -s, "-0.01", -1.5e300, nullptr, nullptr});
        steps.push_back({{"rows", rows}});
    }
    return {{"format", "streamstep-scenario"},
            {"version", 1},
            {"title", "25 batches into parquet"},
            {"source",
             {{"name", "t"},
              {"schema", nlohmann::json::parse(R"J([{"name": "accountId", "type": "string"}, {"name": "n", "type": "long"},
                  {"name": "amount", "type": "decimal(38,18)"}, {"name": "x", "type": "double"},
                  {"name": "ok", "type": "boolean"}, {"name": "eventTime", "type": "timestamp"}])J")}}},
            {"query", nlohmann::json::parse(R"J([{"op": "filter", "condition": "accountId IS NOT NULL"}])J")},
            {"outputMode", "append"},
            {"sink", parquetSink("out/long")},
            {"steps", steps}};
}

struct Folder {
    QString name;
    QString path;       // the sink folder
    QStringList rows;   // sink-cat's, canonical and sorted
    QStringList schema; // "name type"
};

} // namespace

class TestSparkReadsSinks : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void sparkReadsTheFolder_data();
    void sparkReadsTheFolder();

private:
    void addScenario(const QString &name, nlohmann::json document);
    void runSpark(const QString &version);

    QString m_runDir;
    std::vector<Folder> m_folders;
    int m_generatedWithFiles = 0;
    std::map<QString, QString> m_versionProblem;
    std::map<QString, std::map<QString, QByteArray>> m_spark; // version -> folder -> output
};

void TestSparkReadsSinks::addScenario(const QString &name, nlohmann::json document)
{
    const QString dir = m_runDir + QStringLiteral("/streamstep/") + name;
    QDir().mkpath(dir);
    const QString file = dir + QStringLiteral("/") + name + QStringLiteral(".scenario.json");
    document["sink"] = parquetSink("out/" + name.toStdString());
    QVERIFY(writeFile(file, QByteArray::fromStdString(document.dump(2))));
    const ProcessResult run = runProcess(QStringLiteral(STREAMSTEP_CLI),
                                         {QStringLiteral("run"), file, QStringLiteral("--output-dir"), dir}, cliWaitMs(120000));
    if (run.exitCode != 0)
        return; // a query StreamStep (and Spark) reject or that fails: nothing written
    const QString folder = dir + QStringLiteral("/out/") + name;
    const ProcessResult cat = runProcess(QStringLiteral(STREAMSTEP_CLI), {QStringLiteral("sink-cat"), folder}, cliWaitMs(60000));
    QVERIFY2(cat.exitCode == 0, qPrintable(name + QStringLiteral(": sink-cat failed: ") + QString::fromUtf8(cat.err)));
    QString problem;
    Folder f{name, folder, canonicalRows(cat.out, &problem), {}};
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    const QStringList parts = QDir(folder).entryList({QStringLiteral("part-*.parquet")}, QDir::Files, QDir::Name);
    if (parts.isEmpty())
        return; // no batch emitted a row: no file for Spark to read (its schema inference needs one)
    // The result schema from StreamStep's newest entry.
    const QStringList entries = QDir(folder + QStringLiteral("/_spark_metadata/.streamstep")).entryList(QDir::Files);
    int64_t newest = -1;
    for (const QString &e : entries)
        newest = std::max<int64_t>(newest, e.toLongLong());
    const QByteArray entry = readFile(folder + QStringLiteral("/_spark_metadata/.streamstep/") + QString::number(newest));
    const nlohmann::json json = nlohmann::json::parse(entry.mid(entry.indexOf('\n') + 1).toStdString());
    for (const nlohmann::json &field : json["schema"])
        f.schema << QString::fromStdString(field["name"].get<std::string>()) + QLatin1Char(' ')
                + sparkType(field["type"].get<std::string>());
    // A crash's orphan: a part file no log entry lists.
    QVERIFY(QFile::copy(folder + QLatin1Char('/') + parts.first(), folder + QStringLiteral("/part-99999-c000.snappy.parquet")));
    m_generatedWithFiles += name.startsWith(QLatin1Char('g'));
    m_folders.push_back(f);
}

void TestSparkReadsSinks::initTestCase()
{
    m_runDir = QStringLiteral(STREAMSTEP_SPARK_RUN_DIR);
    QDir(m_runDir).removeRecursively();
    QVERIFY(QDir().mkpath(m_runDir));
    QElapsedTimer clock;
    clock.start();
    const auto lesson = [](const char *file) {
        QFile f(QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/") + QLatin1String(file));
        f.open(QIODevice::ReadOnly);
        return nlohmann::json::parse(f.readAll().toStdString());
    };
    addScenario(QStringLiteral("lesson-08"), lesson("08-windowed-totals-parquet.scenario.json"));
    addScenario(QStringLiteral("lesson-01"), lesson("01-high-value-filter.scenario.json"));
    addScenario(QStringLiteral("lesson-04"), lesson("04-windowed-totals-append.scenario.json"));
    addScenario(QStringLiteral("long"), longScenario());
    {
        QFile f(QStringLiteral(STREAMSTEP_SOURCE_DIR "/tests/data/export/odd_values.scenario.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        nlohmann::json odd = nlohmann::json::parse(f.readAll().toStdString());
        odd["outputMode"] = "append";
        addScenario(QStringLiteral("odd-values"), odd);
    }
    const ScenarioGenerator generator(kSeed);
    for (int i = 0; i < 400 && m_generatedWithFiles < 30; ++i) {
        const streamstep::testing::GeneratedScenario g = generator.generate(i);
        if (g.document.value("outputMode", "") != "append")
            continue;
        addScenario(QString::fromStdString(g.name), nlohmann::json::parse(g.document.dump()));
    }
    QVERIFY2(QFile::exists(m_runDir + QStringLiteral("/streamstep/long/out/long/_spark_metadata/19.compact")),
             "the 25-batch query should have compacted Spark's log twice");
    QVERIFY2(m_generatedWithFiles >= 30, "too few generated scenarios wrote parquet files");
    qInfo("streamstep-cli wrote %d parquet folders in %.1f s", int(m_folders.size()), clock.elapsed() / 1000.0);
    for (const QString &version : sparkVersions())
        runSpark(version);
}

void TestSparkReadsSinks::runSpark(const QString &version)
{
    const QString jars = sparkCache() + QLatin1Char('/') + version;
    if (!QFile::exists(jars + QStringLiteral("/.complete"))) {
        m_versionProblem[version] = QStringLiteral("Spark %1's jars are not in %2. Fetch them with "
                                                   "`tools/spark/fetch-spark.sh %1`, then run again.")
                                        .arg(version, jars);
        return;
    }
    const QString base = m_runDir + QLatin1Char('/') + version;
    QDir().mkpath(base + QStringLiteral("/classes"));
    QDir().mkpath(base + QStringLiteral("/out"));
    const QString classPath = jars + QStringLiteral("/jars/*");
    QElapsedTimer clock;
    clock.start();
    const ProcessResult javac = runProcess(QStringLiteral("javac"),
                                           {QStringLiteral("-cp"), classPath, QStringLiteral("-d"), base + QStringLiteral("/classes"),
                                            QStringLiteral(STREAMSTEP_SOURCE_DIR "/tests/spark/SinkReadDriver.java"),
                                            QStringLiteral(STREAMSTEP_SOURCE_DIR "/tests/spark/ReplayDriver.java")},
                                           300000);
    if (javac.exitCode != 0) {
        m_versionProblem[version] = QStringLiteral("javac failed: ") + QString::fromUtf8(javac.err.left(3000));
        return;
    }
    QByteArray list;
    for (const Folder &f : m_folders)
        list += (f.name + QLatin1Char('\t') + f.path + QLatin1Char('\t') + base + QStringLiteral("/out/") + f.name
                 + QStringLiteral(".jsonl\n"))
                    .toUtf8();
    writeFile(base + QStringLiteral("/folders.tsv"), list);
    const QString tools = QStringLiteral(STREAMSTEP_SOURCE_DIR "/tools/spark");
    const QString minor = minorVersion(version);
    const ProcessResult jvm = runProcess(
        QStringLiteral("java"),
        {QLatin1Char('@') + tools + QStringLiteral("/jvm-") + minor + QStringLiteral(".args"), QStringLiteral("-Xmx2g"),
         QStringLiteral("-Duser.timezone=UTC"), QStringLiteral("-Dlog4j2.configurationFile=") + tools + QStringLiteral("/log4j2.properties"),
         QStringLiteral("-cp"), classPath + QLatin1Char(':') + base + QStringLiteral("/classes"), QStringLiteral("SinkReadDriver"),
         base + QStringLiteral("/folders.tsv")},
        900000);
    writeFile(base + QStringLiteral("/driver.log"), jvm.out);
    writeFile(base + QStringLiteral("/spark.stderr"), jvm.err);
    if (jvm.exitCode != 0) {
        m_versionProblem[version] = QStringLiteral("the Spark JVM failed (%1/spark.stderr): ").arg(base)
            + QString::fromUtf8(jvm.err.right(3000));
        return;
    }
    for (const Folder &f : m_folders)
        m_spark[version][f.name] = readFile(base + QStringLiteral("/out/") + f.name + QStringLiteral(".jsonl"));
    qInfo("Spark %s read %d folders in %.1f s (%s)", qPrintable(version), int(m_folders.size()), clock.elapsed() / 1000.0,
          jvm.out.left(jvm.out.indexOf('\n')).constData());
}

void TestSparkReadsSinks::sparkReadsTheFolder_data()
{
    addColumns<QString, int>("version", "index");
    for (const QString &version : sparkVersions())
        for (size_t i = 0; i < m_folders.size(); ++i)
            QTest::addRow("%s %s", qPrintable(version), qPrintable(m_folders[i].name)) << version << int(i);
}

void TestSparkReadsSinks::sparkReadsTheFolder()
{
    QFETCH(QString, version);
    QFETCH(int, index);
    QVERIFY2(m_versionProblem[version].isEmpty(), qPrintable(m_versionProblem[version]));
    const Folder &f = m_folders[size_t(index)];
    const QByteArray out = m_spark[version][f.name];
    const qsizetype newline = out.indexOf('\n');
    QVERIFY2(newline > 0, qPrintable(QStringLiteral("Spark printed nothing for ") + f.path));
    const nlohmann::json head = nlohmann::json::parse(out.left(newline).toStdString());
    if (head.contains("error"))
        QFAIL(qPrintable(f.path + QStringLiteral(": ") + QString::fromStdString(head.at("error").dump())));
    QStringList schema;
    for (const nlohmann::json &field : head.at("schema"))
        schema << QString::fromStdString(field[0].get<std::string>() + " " + field[1].get<std::string>());
    QCOMPARE(schema, f.schema);
    // Only the files the log lists (not the orphan).
    const int parts = int(QDir(f.path).entryList({QStringLiteral("part-*.parquet")}, QDir::Files).size());
    QCOMPARE(head.at("files").get<int>(), parts - 1);
    if (f.name == QLatin1String("long")) {
        // Microseconds: the event times Spark reads are the scenario's, digit for digit.
        QStringList times;
        QStringList expected;
        for (const QByteArray &line : out.mid(newline + 1).split('\n'))
            if (const nlohmann::json row = nlohmann::json::parse(line.toStdString(), nullptr, false); row.is_object() && row["eventTime"].is_string())
                times << QString::fromStdString(row["eventTime"].get<std::string>());
        const nlohmann::json scenario = longScenario();
        for (const nlohmann::json &step : scenario["steps"])
            for (const nlohmann::json &row : step["rows"])
                if (row[5].is_string())
                    expected << QString::fromStdString(row[5].get<std::string>()).replace(QLatin1Char(' '), QLatin1Char('T'))
                            + QLatin1Char('Z');
        times.sort();
        expected.sort();
        QCOMPARE(times, expected);
    }
    QString problem;
    const QStringList rows = canonicalRows(out.mid(newline + 1), &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    if (rows != f.rows) {
        QStringList onlySpark, onlyOwn;
        for (const QString &r : rows)
            if (!f.rows.contains(r))
                onlySpark << r;
        for (const QString &r : f.rows)
            if (!rows.contains(r))
                onlyOwn << r;
        QFAIL(qPrintable(QStringLiteral("%1: Spark read %2 rows, sink-cat %3\nonly Spark:\n  %4\nonly sink-cat:\n  %5")
                             .arg(f.path)
                             .arg(rows.size())
                             .arg(f.rows.size())
                             .arg(onlySpark.join(QStringLiteral("\n  ")), onlyOwn.join(QStringLiteral("\n  ")))));
    }
}

QTEST_GUILESS_MAIN(TestSparkReadsSinks)
#include "tst_spark_reads_sinks.moc"
