// Exported programs are real programs: for every bundled lesson (and the escaping scenario of
// tests/data/export) the Java and Scala exports, with and without --replay, freshly exported by
// streamstep-cli, compile against each Spark version's own jars (javac; scalac of Spark's
// scala-library version, run with java -cp), and the PySpark exports pass `python3 -m
// py_compile`. The golden files (tests/data/export/*.golden) are exports of lessons of this
// corpus, equal to them by tst_spark_export. Label spark: needs tools/spark/fetch-spark.sh's jars
// and fails, saying how to fetch them, without them.
#include "../engine/test_columns.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using streamstep::testing::addColumns;

namespace {

struct ProcessResult {
    int exitCode = -1;
    QString output;
};

ProcessResult run(const QString &program, const QStringList &arguments, int timeoutMs = 600000)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return {-1, QStringLiteral("timed out: ") + program};
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAll())};
}

QString sparkHome(const QString &version)
{
    const QByteArray cache = qgetenv("STREAMSTEP_SPARK_CACHE");
    return (cache.isEmpty() ? QDir::homePath() + QStringLiteral("/.cache/streamstep/spark") : QString::fromLocal8Bit(cache))
        + QLatin1Char('/') + version;
}

QStringList corpus()
{
    QStringList files;
    const QDir lessons(QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios"));
    for (const QString &f : lessons.entryList({QStringLiteral("*.scenario.json")}, QDir::Files, QDir::Name))
        files << lessons.filePath(f);
    files << QStringLiteral(STREAMSTEP_SOURCE_DIR "/tests/data/export/odd_values.scenario.json");
    return files;
}

// Exports every corpus file to `dir` in `language` with and without --replay; returns the files.
QStringList exportAll(const QString &dir, const QString &language, const QString &extension, const QString &sparkVersion)
{
    QStringList files;
    const QStringList scenarios = corpus();
    for (int i = 0; i < scenarios.size(); ++i) {
        for (const bool replay : {false, true}) {
            const QString file = dir + QStringLiteral("/P%1%2%3").arg(i).arg(replay ? "Replay" : "Live", extension);
            QStringList arguments = {QStringLiteral("export"), scenarios[i], QStringLiteral("--lang"), language,
                                     QStringLiteral("--spark-version"), sparkVersion, QStringLiteral("-o"), file};
            if (replay)
                arguments << QStringLiteral("--replay");
            const ProcessResult r = run(QStringLiteral(STREAMSTEP_CLI), arguments);
            if (r.exitCode != 0)
                qWarning("export failed: %s", qPrintable(r.output));
            files << file;
        }
    }
    return files;
}

} // namespace

class TestSparkExportCompiles : public QObject {
    Q_OBJECT

private slots:
    void compiles_data()
    {
        addColumns<QString, QString>("version", "language");
        for (const char *version : {"3.5.9", "4.2.0"})
            for (const char *language : {"java", "scala"})
                QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(version, language))) << version << language;
    }
    void compiles()
    {
        QFETCH(QString, version);
        QFETCH(QString, language);
        const QString home = sparkHome(version);
        if (!QFile::exists(home + QStringLiteral("/.complete")))
            QFAIL(qPrintable(QStringLiteral("Spark %1's jars are not in %2: fetch them with `tools/spark/fetch-spark.sh %1`")
                                 .arg(version, home)));
        QTemporaryDir dir;
        const QString apiLevel = version.section(QLatin1Char('.'), 0, 1);
        const QString extension = QLatin1Char('.') + language;
        const QStringList sources = exportAll(dir.path(), language, extension, apiLevel);
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("classes"))));
        const QString classPath = home + QStringLiteral("/jars/*");
        ProcessResult r;
        if (language == QLatin1String("java")) {
            r = run(QStringLiteral("javac"), QStringList{QStringLiteral("-nowarn"), QStringLiteral("-encoding"), QStringLiteral("UTF-8"),
                                                         QStringLiteral("-cp"), classPath, QStringLiteral("-d"),
                                                         dir.filePath(QStringLiteral("classes"))}
                                                 + sources);
        } else {
            r = run(QStringLiteral("java"), QStringList{QStringLiteral("-cp"), home + QStringLiteral("/scala-compiler/*"),
                                                        QStringLiteral("scala.tools.nsc.Main"), QStringLiteral("-usejavacp"),
                                                        QStringLiteral("-nowarn"), QStringLiteral("-classpath"), classPath,
                                                        QStringLiteral("-d"), dir.filePath(QStringLiteral("classes"))}
                                                + sources);
        }
        QVERIFY2(r.exitCode == 0, qPrintable(r.output.left(6000)));
        // Every program became a class (Scala: an object with its static forwarder).
        for (const QString &source : sources) {
            const QString name = QFileInfo(source).completeBaseName();
            QVERIFY2(QFile::exists(dir.filePath(QStringLiteral("classes/") + name + QStringLiteral(".class"))), qPrintable(name));
        }
    }

    void pysparkPassesPyCompile()
    {
        QTemporaryDir dir;
        const QStringList sources = exportAll(dir.path(), QStringLiteral("pyspark"), QStringLiteral(".py"), QStringLiteral("3.5"));
        QCOMPARE(sources.size(), 2 * corpus().size());
        for (const QString &source : sources) {
            const ProcessResult r = run(QStringLiteral("python3"), {QStringLiteral("-m"), QStringLiteral("py_compile"), source}, 60000);
            QVERIFY2(r.exitCode == 0, qPrintable(source + QStringLiteral(": ") + r.output));
        }
    }
};

QTEST_GUILESS_MAIN(TestSparkExportCompiles)
#include "tst_spark_export_compiles.moc"
