// Real Apache Spark as the judge: every bundled lesson (lesson 01 also a second time into the
// same output folder), every difference scenario of tests/data/spark, the escaping scenario of
// tests/data/export and 320 seeded random scenarios are exported with `streamstep-cli export
// --replay --lang java`, compiled in one javac call and run in ONE JVM per Spark version
// (ReplayDriver: local[2], 2 shuffle partitions, no UI, session time zone UTC, a checkpoint per
// query), and each is compared batch by batch with `streamstep-cli run --jsonl`. A difference
// is a failure (tests/spark/KNOWN_DIFFERENCES.md lists the known ones; nothing is allowed
// away). Needs the jars of tools/spark/fetch-spark.sh; without them every row fails and says
// how to fetch them. Every JVM run's output stays in the build folder (spark-runs/), so a
// failure shows Spark's and StreamStep's batch side by side and the files to look at.
//
// Environment: STREAMSTEP_SPARK_CACHE (the fetch script's cache), STREAMSTEP_SPARK_VERSIONS
// ("3.5.9 4.2.0"), STREAMSTEP_SPARK_GENERATED (number of random scenarios, 320; fewer only for
// a quick local look), STREAMSTEP_SPARK_ONLY (a regular expression over the entries' names, e.g.
// "lesson-27", to run only those; ctest -R picks the version).
#include "../engine/test_columns.h"
#include "batch_comparison.h"
#include "../engine/postgres_test_server.h"
#include "scenario_generator.h"
#include "spark_test_files.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTest>

#include <map>

using streamstep::testing::compareRuns;
using streamstep::testing::parseCliOutput;
using streamstep::testing::parseReplayOutput;
using streamstep::testing::RunOutput;
using streamstep::testing::ScenarioGenerator;
using namespace streamstep::testing;

namespace {

constexpr uint64_t kSeed = 20261201;

struct Entry {
    QString name;  // unique, used in data row names and folders
    QString file;  // the scenario file
    QString className;
    // A second run over the output folder of the entry named here (same sink folder, no
    // checkpoint): Spark's file sink skips the batch ids its _spark_metadata log holds.
    QString rerunOf;
};

struct ProcessResult {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    bool finished = false;
};

ProcessResult runProcess(const QString &program, const QStringList &arguments, int timeoutMs,
                         const QString &workingDirectory = {})
{
    QProcess process;
    // Lessons with a postgres sink (lesson 07) write to the suite's throwaway server (ctest's
    // `postgres` fixture) instead of the localhost url they name.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    if (const std::string url = testPostgresUrl(); !url.empty())
        environment.insert(QStringLiteral("STREAMSTEP_POSTGRES_URL"), QString::fromStdString(url));
    process.setProcessEnvironment(environment);
    if (!workingDirectory.isEmpty())
        process.setWorkingDirectory(workingDirectory);
    process.start(program, arguments);
    ProcessResult result;
    result.finished = process.waitForFinished(timeoutMs);
    if (!result.finished)
        process.kill();
    process.waitForFinished(5000);
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

} // namespace

class TestSparkConformance : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void conformance_data();
    void conformance();

private:
    bool prepareVersion(const QString &version);

    QString m_runDir;
    QString m_setupProblem;
    std::vector<Entry> m_corpus;
    // Spark minor version -> entry name -> streamstep-cli run --jsonl --spark-version (StreamStep
    // follows each version's defaults and messages, so each Spark is compared with its profile)
    std::map<QString, std::map<QString, RunOutput>> m_own;
    std::map<QString, std::map<QString, QString>> m_ownProblem; // …-> why the CLI side is unusable
    std::map<QString, QString> m_versionProblem;
    std::map<QString, std::map<QString, QByteArray>> m_sparkOutput; // version -> entry -> output
};

void TestSparkConformance::initTestCase()
{
    // A folder per set of versions: ctest runs one test per version at the same time.
    m_runDir = QStringLiteral(STREAMSTEP_SPARK_RUN_DIR "/") + sparkVersions().join(QLatin1Char('-'));
    QDir(m_runDir).removeRecursively();
    QVERIFY(QDir().mkpath(m_runDir + QStringLiteral("/corpus")));

    // The corpus: bundled lessons, the difference scenarios, the generated ones.
    const QDir lessons(QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios"));
    for (const QString &file : lessons.entryList({QStringLiteral("*.scenario.json")}, QDir::Files, QDir::Name))
        m_corpus.push_back({QStringLiteral("lesson-") + file.section(QLatin1Char('.'), 0, 0), lessons.filePath(file), {}, {}});
    const QDir differences(QStringLiteral(STREAMSTEP_SOURCE_DIR "/tests/data/spark"));
    for (const QString &file : differences.entryList({QStringLiteral("*.scenario.json")}, QDir::Files, QDir::Name))
        m_corpus.push_back({QStringLiteral("spark-") + file.section(QLatin1Char('.'), 0, 0), differences.filePath(file), {}, {}});
    m_corpus.push_back({QStringLiteral("export-odd-values"), QStringLiteral(STREAMSTEP_SOURCE_DIR "/tests/data/export/odd_values.scenario.json"), {}, {}});
    const int generated = qEnvironmentVariableIsSet("STREAMSTEP_SPARK_GENERATED")
        ? qEnvironmentVariableIntValue("STREAMSTEP_SPARK_GENERATED")
        : 320;
    const ScenarioGenerator generator(kSeed);
    for (int i = 0; i < generated; ++i) {
        const streamstep::testing::GeneratedScenario scenario = generator.generate(i);
        const QString file = m_runDir + QStringLiteral("/corpus/") + QString::fromStdString(scenario.name)
            + QStringLiteral(".scenario.json");
        QVERIFY(writeFile(file, QByteArray::fromStdString(scenario.document.dump(2) + "\n")));
        m_corpus.push_back({QString::fromStdString(scenario.name), file, {}, {}});
    }
    // STREAMSTEP_SPARK_ONLY: a regular expression; only the entries whose name it finds run
    // ("lesson-27" runs lessons 27a and 27b; set STREAMSTEP_SPARK_GENERATED=0 to skip generating).
    const QString onlyProblem = keepOnlyChosenEntries(m_corpus);
    QVERIFY2(onlyProblem.isEmpty(), qPrintable(onlyProblem));
    for (size_t i = 0; i < m_corpus.size(); ++i)
        m_corpus[i].className = QStringLiteral("S%1").arg(i, 4, 10, QLatin1Char('0'));
    // Lesson 01 once more into the same output folder (known difference 4 of KNOWN_DIFFERENCES.md).
    for (const Entry &entry : std::vector<Entry>(m_corpus)) {
        if (entry.name == QLatin1String("lesson-01-high-value-filter"))
            m_corpus.push_back({entry.name + QStringLiteral("-second-run"), entry.file, entry.className, entry.name});
    }

    // StreamStep's side: one CLI run per scenario and Spark profile.
    QElapsedTimer clock;
    clock.start();
    for (const QString &version : sparkVersions()) {
        const QString profile = minorVersion(version);
        for (const Entry &entry : m_corpus) {
            const QString folder = m_runDir + QStringLiteral("/streamstep/") + profile + QLatin1Char('/');
            const QString outputDir = folder + (entry.rerunOf.isEmpty() ? entry.name : entry.rerunOf);
            QDir().mkpath(outputDir);
            const ProcessResult r = runProcess(QStringLiteral(STREAMSTEP_CLI),
                                               {QStringLiteral("run"), entry.file, QStringLiteral("--jsonl"),
                                                QStringLiteral("--spark-version"), profile, QStringLiteral("--output-dir"),
                                                outputDir},
                                               cliWaitMs(120000));
            writeFile(folder + entry.name + QStringLiteral(".jsonl"), r.out);
            writeFile(folder + entry.name + QStringLiteral(".stderr"), r.err);
            std::string problem = r.finished ? std::string() : std::string("streamstep-cli did not finish");
            m_own[profile][entry.name] = parseCliOutput(r.out.toStdString(), r.err.toStdString(), r.exitCode, &problem);
            if (!problem.empty())
                m_ownProblem[profile][entry.name] = QString::fromStdString(problem);
        }
    }
    qInfo("streamstep-cli ran %d scenarios in %.1f s", int(m_corpus.size()), clock.elapsed() / 1000.0);

    for (const QString &version : sparkVersions()) {
        if (!prepareVersion(version) && m_versionProblem[version].isEmpty())
            m_versionProblem[version] = QStringLiteral("Spark %1 could not be run").arg(version);
    }
}

// Exports, compiles and runs the whole corpus on one Spark version; on failure records why.
bool TestSparkConformance::prepareVersion(const QString &version)
{
    const QString jars = sparkCache() + QLatin1Char('/') + version;
    if (!QFile::exists(jars + QStringLiteral("/.complete"))) {
        m_versionProblem[version] = QStringLiteral("Spark %1's jars are not in %2. Fetch them with "
                                                   "`tools/spark/fetch-spark.sh %1` (Maven, ~300 MB; "
                                                   "STREAMSTEP_SPARK_CACHE moves the cache), then run again.")
                                        .arg(version, jars);
        return false;
    }
    const QString base = m_runDir + QLatin1Char('/') + version;
    const QString sources = base + QStringLiteral("/src");
    const QString classes = base + QStringLiteral("/classes");
    QDir().mkpath(sources);
    QDir().mkpath(classes);
    QElapsedTimer clock;
    clock.start();

    // Export every scenario as a Java --replay program.
    QStringList javaFiles = {QStringLiteral(STREAMSTEP_SOURCE_DIR "/tests/spark/ReplayDriver.java")};
    for (const Entry &entry : m_corpus) {
        if (!entry.rerunOf.isEmpty())
            continue; // the same program as its first run
        const QString file = sources + QLatin1Char('/') + entry.className + QStringLiteral(".java");
        const ProcessResult r = runProcess(QStringLiteral(STREAMSTEP_CLI),
                                           {QStringLiteral("export"), entry.file, QStringLiteral("--lang"),
                                            QStringLiteral("java"), QStringLiteral("--replay"),
                                            QStringLiteral("--spark-version"), minorVersion(version),
                                            QStringLiteral("-o"), file},
                                           cliWaitMs(60000));
        if (r.exitCode != 0) {
            m_versionProblem[version] = QStringLiteral("export of %1 failed: %2").arg(entry.file, QString::fromUtf8(r.err));
            return false;
        }
        javaFiles << file;
    }
    const double exportSeconds = clock.restart() / 1000.0;

    // One javac call for all of them.
    const QString classPath = jars + QStringLiteral("/jars/*");
    writeFile(base + QStringLiteral("/javac.args"), javaFiles.join(QLatin1Char('\n')).toUtf8());
    const ProcessResult javac = runProcess(QStringLiteral("javac"),
                                           {QStringLiteral("-J-Xmx2g"), QStringLiteral("-nowarn"), QStringLiteral("-encoding"),
                                            QStringLiteral("UTF-8"), QStringLiteral("-cp"), classPath,
                                            QStringLiteral("-d"), classes, QLatin1Char('@') + base + QStringLiteral("/javac.args")},
                                           1200000);
    writeFile(base + QStringLiteral("/javac.log"), javac.out + javac.err);
    if (javac.exitCode != 0) {
        m_versionProblem[version] = QStringLiteral("javac failed on the exported programs (see %1/javac.log):\n%2")
                                        .arg(base, QString::fromUtf8(javac.err.left(4000)));
        return false;
    }
    const double javacSeconds = clock.restart() / 1000.0;

    // One JVM for all programs.
    QByteArray list;
    for (const Entry &entry : m_corpus) {
        const QString work = base + QStringLiteral("/work/") + (entry.rerunOf.isEmpty() ? entry.name : entry.rerunOf);
        QDir().mkpath(work);
        list += (entry.className + QLatin1Char('\t') + work + QLatin1Char('\t') + base + QStringLiteral("/out/")
                 + entry.name + QStringLiteral(".jsonl") + (entry.rerunOf.isEmpty() ? "" : "\tfresh-checkpoint") + "\n")
                    .toUtf8();
    }
    QDir().mkpath(base + QStringLiteral("/out"));
    writeFile(base + QStringLiteral("/programs.tsv"), list);
    const QString tools = QStringLiteral(STREAMSTEP_SOURCE_DIR "/tools/spark");
    const ProcessResult jvm = runProcess(
        QStringLiteral("java"),
        {QLatin1Char('@') + tools + QStringLiteral("/jvm-") + minorVersion(version) + QStringLiteral(".args"),
         QStringLiteral("-Xmx3g"), QStringLiteral("-Duser.timezone=UTC"),
         QStringLiteral("-Dlog4j2.configurationFile=") + tools + QStringLiteral("/log4j2.properties"),
         QStringLiteral("-cp"), classPath + QLatin1Char(':') + classes, QStringLiteral("ReplayDriver"),
         base + QStringLiteral("/programs.tsv")},
        3000000);
    writeFile(base + QStringLiteral("/driver.log"), jvm.out);
    writeFile(base + QStringLiteral("/spark.stderr"), jvm.err);
    const double jvmSeconds = clock.elapsed() / 1000.0;
    for (const Entry &entry : m_corpus) {
        QFile out(base + QStringLiteral("/out/") + entry.name + QStringLiteral(".jsonl"));
        if (out.open(QIODevice::ReadOnly))
            m_sparkOutput[version][entry.name] = out.readAll();
    }
    // The figures: JVM start-up, per batch, the whole run.
    const QRegularExpression sessionLine(QStringLiteral("^session (\\d+) ms$"), QRegularExpression::MultilineOption);
    const QString sessionMs = sessionLine.match(QString::fromUtf8(jvm.out)).captured(1);
    qsizetype batches = 0;
    for (const auto &[name, output] : m_sparkOutput[version])
        batches += output.count("\"batchId\"");
    qInfo("Spark %s: export %.1f s, javac %.1f s, JVM %.1f s (SparkSession %s ms, %lld batches, %.0f ms per batch on average)",
          qPrintable(version), exportSeconds, javacSeconds, jvmSeconds, qPrintable(sessionMs), static_cast<long long>(batches),
          batches ? jvmSeconds * 1000.0 / static_cast<double>(batches) : 0.0);
    writeFile(base + QStringLiteral("/timing.txt"),
              QStringLiteral("export %1 s\njavac %2 s\njvm %3 s\nsession %4 ms\nbatches %5\n")
                  .arg(exportSeconds).arg(javacSeconds).arg(jvmSeconds).arg(sessionMs).arg(batches).toUtf8());
    if (!jvm.finished || jvm.exitCode != 0) {
        m_versionProblem[version] = QStringLiteral("the Spark %1 JVM failed (exit %2; see %3/spark.stderr):\n%4")
                                        .arg(version).arg(jvm.exitCode).arg(base, QString::fromUtf8(jvm.err.right(3000)));
        return false;
    }
    return true;
}

void TestSparkConformance::conformance_data()
{
    addColumns<QString, int>("version", "index");
    for (const QString &version : sparkVersions())
        for (size_t i = 0; i < m_corpus.size(); ++i)
            QTest::newRow(qPrintable(version + QLatin1Char('/') + m_corpus[i].name)) << version << int(i);
}

void TestSparkConformance::conformance()
{
    QFETCH(QString, version);
    QFETCH(int, index);
    const Entry &entry = m_corpus[static_cast<size_t>(index)];
    if (const auto problem = m_versionProblem.find(version); problem != m_versionProblem.end())
        QFAIL(qPrintable(problem->second));
    const QString profile = minorVersion(version);
    if (const auto problem = m_ownProblem[profile].find(entry.name); problem != m_ownProblem[profile].end())
        QFAIL(qPrintable(entry.file + QStringLiteral(": ") + problem->second));
    const QString sparkFile = m_runDir + QLatin1Char('/') + version + QStringLiteral("/out/") + entry.name + QStringLiteral(".jsonl");
    std::string problem;
    const RunOutput spark = parseReplayOutput(m_sparkOutput[version][entry.name].toStdString(), &problem);
    QVERIFY2(problem.empty(), qPrintable(QString::fromStdString(problem) + QStringLiteral(" (") + sparkFile + QStringLiteral(")")));
    const std::vector<std::string> differences = compareRuns(spark, m_own[profile][entry.name]);
    if (differences.empty())
        return;
    QString message = QStringLiteral("%1 on Spark %2 differs from StreamStep:").arg(entry.file, version);
    for (const std::string &d : differences)
        message += QStringLiteral("\n  ") + QString::fromStdString(d);
    message += QStringLiteral("\n  files: Spark %1, StreamStep %2/streamstep/%3/%4.jsonl (.stderr)")
                   .arg(sparkFile, m_runDir, profile, entry.name);
    QFAIL(qPrintable(message));
}

QTEST_GUILESS_MAIN(TestSparkConformance)
#include "tst_spark_conformance.moc"
