// The PySpark export on real PySpark (PyPI's pyspark 3.5.9 and 4.2.0, which bundle Spark's
// jars; tools/spark/fetch-pyspark.sh installs them): every bundled lesson, the escaping scenario
// of tests/data/export and 24 generated scenarios exported with `--lang pyspark --replay`, run in
// one Python process and one SparkSession per version (tests/spark/pyspark_driver.py), and
// compared batch by batch with `streamstep-cli run --jsonl`, as tst_spark_conformance does for
// the Java programs. PySpark's replay feeds Spark's file source one JSON file per step, so this
// also checks that path. Label spark; without the environments every row fails and says how to
// install them. Outputs stay in the build folder (pyspark-runs/).
#include "../engine/test_columns.h"
#include "batch_comparison.h"
#include "../engine/postgres_test_server.h"
#include "scenario_generator.h"
#include "spark_test_files.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTest>

#include <map>

using namespace streamstep::testing;

namespace {

struct Entry {
    QString name;
    QString file;
};

} // namespace

class TestPysparkReplay : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_runDir = QStringLiteral(STREAMSTEP_PYSPARK_RUN_DIR);
        QDir(m_runDir).removeRecursively();
        QVERIFY(QDir().mkpath(m_runDir + QStringLiteral("/corpus")));
        const QDir lessons(QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios"));
        for (const QString &f : lessons.entryList({QStringLiteral("*.scenario.json")}, QDir::Files, QDir::Name))
            m_corpus.push_back({QStringLiteral("lesson-") + f.section(QLatin1Char('.'), 0, 0), lessons.filePath(f)});
        m_corpus.push_back({QStringLiteral("export-odd-values"), QStringLiteral(STREAMSTEP_SOURCE_DIR "/tests/data/export/odd_values.scenario.json")});
        const ScenarioGenerator generator(20261201);
        for (int i = 0; i < 24; ++i) {
            const GeneratedScenario g = generator.generate(i);
            const QString file = m_runDir + QStringLiteral("/corpus/") + QString::fromStdString(g.name) + QStringLiteral(".scenario.json");
            QVERIFY(writeFile(file, QByteArray::fromStdString(g.document.dump(2))));
            m_corpus.push_back({QString::fromStdString(g.name), file});
        }
        // STREAMSTEP_SPARK_ONLY, as for tst_spark_conformance.
        const QString onlyProblem = keepOnlyChosenEntries(m_corpus);
        QVERIFY2(onlyProblem.isEmpty(), qPrintable(onlyProblem));
        // StreamStep under each Spark profile, so each PySpark is compared with its own.
        for (const char *profile : {"3.5", "4.2"}) {
            for (const Entry &entry : m_corpus) {
                const QString outputDir = m_runDir + QStringLiteral("/streamstep/") + QLatin1String(profile) + QLatin1Char('/') + entry.name;
                QDir().mkpath(outputDir);
                QProcess cli;
                // Lesson 07's postgres sink writes to the suite's throwaway server (ctest's
                // `postgres` fixture), not the localhost url it names.
                QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
                if (const std::string url = testPostgresUrl(); !url.empty())
                    environment.insert(QStringLiteral("STREAMSTEP_POSTGRES_URL"), QString::fromStdString(url));
                cli.setProcessEnvironment(environment);
                cli.start(QStringLiteral(STREAMSTEP_CLI), {QStringLiteral("run"), entry.file, QStringLiteral("--jsonl"),
                                                           QStringLiteral("--spark-version"), QLatin1String(profile),
                                                           QStringLiteral("--output-dir"), outputDir});
                QVERIFY(cli.waitForFinished(cliWaitMs(120000)));
                std::string problem;
                m_own[QLatin1String(profile)][entry.name] = parseCliOutput(
                    cli.readAllStandardOutput().toStdString(), cli.readAllStandardError().toStdString(), cli.exitCode(), &problem);
                QVERIFY2(problem.empty(), problem.c_str());
            }
        }
        for (const char *version : {"3.5.9", "4.2.0"})
            runVersion(QString::fromLatin1(version));
    }

    void replay_data()
    {
        addColumns<QString, QString>("version", "name");
        for (const char *version : {"3.5.9", "4.2.0"})
            for (const Entry &entry : m_corpus)
                QTest::newRow(qPrintable(QString::fromLatin1(version) + QLatin1Char('/') + entry.name)) << QString::fromLatin1(version) << entry.name;
    }
    void replay()
    {
        QFETCH(QString, version);
        QFETCH(QString, name);
        if (m_problem.count(version))
            QFAIL(qPrintable(m_problem[version]));
        const QString outFile = m_runDir + QLatin1Char('/') + version + QStringLiteral("/out/") + name + QStringLiteral(".jsonl");
        std::string problem;
        const RunOutput spark = parseReplayOutput(readFile(outFile).toStdString(), &problem);
        QVERIFY2(problem.empty(), qPrintable(QString::fromStdString(problem) + QStringLiteral(" (") + outFile + QStringLiteral(")")));
        const std::vector<std::string> differences = compareRuns(spark, m_own[version.section(QLatin1Char('.'), 0, 1)][name]);
        if (differences.empty())
            return;
        QString message = QStringLiteral("%1 on PySpark %2 differs from StreamStep:").arg(name, version);
        for (const std::string &d : differences)
            message += QStringLiteral("\n  ") + QString::fromStdString(d);
        message += QStringLiteral("\n  files: PySpark %1, StreamStep %2/streamstep/%3.jsonl").arg(outFile, m_runDir, name);
        QFAIL(qPrintable(message));
    }

private:
    void runVersion(const QString &version)
    {
        const QString python = sparkCache() + QStringLiteral("/pyspark-") + version + QStringLiteral("/bin/python");
        if (!QFile::exists(sparkCache() + QStringLiteral("/pyspark-") + version + QStringLiteral("/.complete"))) {
            m_problem[version] = QStringLiteral("pyspark %1 is not installed in %2: install it with "
                                                "`tools/spark/fetch-pyspark.sh %1`, then run again.")
                                     .arg(version, sparkCache());
            return;
        }
        const QString base = m_runDir + QLatin1Char('/') + version;
        QDir().mkpath(base + QStringLiteral("/src"));
        QDir().mkpath(base + QStringLiteral("/out"));
        QByteArray list;
        for (const Entry &entry : m_corpus) {
            const QString program = base + QStringLiteral("/src/") + QString(entry.name).replace(QLatin1Char('-'), QLatin1Char('_')) + QStringLiteral(".py");
            QProcess cli;
            cli.start(QStringLiteral(STREAMSTEP_CLI), {QStringLiteral("export"), entry.file, QStringLiteral("--lang"), QStringLiteral("pyspark"),
                                                       QStringLiteral("--replay"), QStringLiteral("--spark-version"),
                                                       version.section(QLatin1Char('.'), 0, 1), QStringLiteral("-o"), program});
            if (!cli.waitForFinished(cliWaitMs(60000)) || cli.exitCode() != 0) {
                m_problem[version] = QStringLiteral("export of %1 failed: %2").arg(entry.file, QString::fromUtf8(cli.readAllStandardError()));
                return;
            }
            const QString work = base + QStringLiteral("/work/") + entry.name;
            QDir().mkpath(work);
            list += (program + QLatin1Char('\t') + work + QLatin1Char('\t') + base + QStringLiteral("/out/") + entry.name + QStringLiteral(".jsonl\n")).toUtf8();
        }
        writeFile(base + QStringLiteral("/programs.tsv"), list);
        QProcess driver;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("PYTHONPYCACHEPREFIX"), base + QStringLiteral("/pycache"));
        driver.setProcessEnvironment(environment);
        driver.start(python, {QStringLiteral(STREAMSTEP_SOURCE_DIR "/tests/spark/pyspark_driver.py"), base + QStringLiteral("/programs.tsv")});
        const bool finished = driver.waitForFinished(1800000);
        writeFile(base + QStringLiteral("/driver.log"), driver.readAllStandardOutput());
        writeFile(base + QStringLiteral("/pyspark.stderr"), driver.readAllStandardError());
        if (!finished || driver.exitCode() != 0)
            m_problem[version] = QStringLiteral("the PySpark %1 driver failed (see %2/pyspark.stderr)").arg(version, base);
        for (const QByteArray &line : readFile(base + QStringLiteral("/driver.log")).split('\n'))
            if (line.startsWith("session") || line.startsWith("total"))
                qInfo("PySpark %s: %s", qPrintable(version), line.constData());
    }

    QString m_runDir;
    std::vector<Entry> m_corpus;
    std::map<QString, std::map<QString, RunOutput>> m_own; // profile -> entry -> run --jsonl
    std::map<QString, QString> m_problem;
};

QTEST_GUILESS_MAIN(TestPysparkReplay)
#include "tst_pyspark_replay.moc"
