// Tests File ▸ Export as Spark Code… as a teacher uses it: for every bundled lesson, language and
// replay choice the preview is exactly the engine's program (what `streamstep-cli export` prints),
// Save writes that text (a Java/Scala file's name becomes its class), Copy puts it on the
// clipboard, the language is remembered, and the menu action opens the dialog.
#include "../engine/test_columns.h"
#include "export_dialog.h"
#include "gui_test_support.h"
#include "main_window.h"

#include "streamstep/scenario.h"
#include "streamstep/spark_export.h"

#include <QAction>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QPlainTextEdit>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using namespace streamstep;
using streamstep::testing::addColumns;

namespace {

QString lessonsDir() { return QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios"); }

std::shared_ptr<const Scenario> lesson(const QString &name)
{
    return std::make_shared<const Scenario>(readScenarioFile(QDir(lessonsDir()).filePath(name).toStdString()));
}

QString engineProgram(const Scenario &scenario, SparkLanguage language, bool replay, const std::string &name = {})
{
    SparkExportOptions options;
    options.language = language;
    options.replay = replay;
    options.sparkVersion = sparkVersionName(scenario.sparkVersion);
    options.programName = name;
    return QString::fromStdString(exportSparkProgram(scenario, options));
}

QString readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("<unreadable>");
    return QString::fromUtf8(f.readAll());
}

} // namespace

class TestExportDialog : public QObject {
    Q_OBJECT

private slots:
    void init() { QSettings().clear(); }

    void previewIsTheEnginesProgram_data()
    {
        addColumns<QString, int, bool>("file", "language", "replay");
        const QStringList lessons = QDir(lessonsDir()).entryList({QStringLiteral("*.scenario.json")}, QDir::Files, QDir::Name);
        QVERIFY(lessons.size() >= 9);
        for (const QString &file : lessons)
            for (SparkLanguage language : {SparkLanguage::PySpark, SparkLanguage::Scala, SparkLanguage::Java})
                for (bool replay : {false, true})
                    QTest::addRow("%s %d %s", qPrintable(file), int(language), replay ? "replay" : "cluster")
                        << file << int(language) << replay;
    }
    void previewIsTheEnginesProgram()
    {
        QFETCH(QString, file);
        QFETCH(int, language);
        QFETCH(bool, replay);
        auto scenario = lesson(file);
        ExportDialog dialog(scenario);
        dialog.setLanguage(SparkLanguage(language));
        dialog.setReplay(replay);
        const QString expected = engineProgram(*scenario, SparkLanguage(language), replay);
        QVERIFY(!expected.isEmpty());
        QCOMPARE(dialog.program(), expected);
        QCOMPARE(dialog.findChild<QPlainTextEdit *>(QStringLiteral("exportPreview"))->toPlainText(), expected);
        QVERIFY(dialog.problem().isEmpty());
    }

    void saveWritesTheProgram()
    {
        auto scenario = lesson(QStringLiteral("04-windowed-totals-append.scenario.json"));
        QTemporaryDir dir;
        ExportDialog dialog(scenario);
        dialog.setLanguage(SparkLanguage::PySpark);
        QCOMPARE(dialog.suggestedFileName(), QStringLiteral("04_windowed_totals_append.py"));
        const QString py = dir.filePath(dialog.suggestedFileName());
        QVERIFY(dialog.saveTo(py));
        QCOMPARE(readAll(py), engineProgram(*scenario, SparkLanguage::PySpark, false));
        if (qEnvironmentVariableIsSet("STREAMSTEP_SHOTS")) { // to look at: STREAMSTEP_SHOTS=DIR
            dialog.show();
            dialog.grab().save(QDir(qEnvironmentVariable("STREAMSTEP_SHOTS")).filePath("export-dialog.png"));
        }

        // Java: the public class must match the file's name, so a name of the user's renames it.
        dialog.setLanguage(SparkLanguage::Java);
        QCOMPARE(dialog.suggestedFileName(), QString::fromStdString(sparkProgramName(scenario->fileName)) + ".java");
        const QString java = dir.filePath(QStringLiteral("MyTotals.java"));
        QVERIFY(dialog.saveTo(java));
        const QString program = readAll(java);
        QCOMPARE(program, engineProgram(*scenario, SparkLanguage::Java, false, "MyTotals"));
        QVERIFY(program.contains(QStringLiteral("class MyTotals")));
    }

    void copyAndRememberedLanguage()
    {
        auto scenario = lesson(QStringLiteral("01-high-value-filter.scenario.json"));
        {
            ExportDialog dialog(scenario);
            dialog.setLanguage(SparkLanguage::Scala);
            dialog.copyToClipboard();
            QCOMPARE(QGuiApplication::clipboard()->text(), engineProgram(*scenario, SparkLanguage::Scala, false));
        }
        ExportDialog again(scenario);
        QCOMPARE(int(again.language()), int(SparkLanguage::Scala));
    }

    void menuActionOpensTheDialog()
    {
        MainWindow window;
        QVERIFY(window.openScenario(QDir(lessonsDir()).filePath(QStringLiteral("04-windowed-totals-append.scenario.json"))));
        QString seen;
        testing::openThroughMenuAction<ExportDialog>(window, QStringLiteral("exportAction"),
                                                     QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
                                                     QStringLiteral("exportDialog"),
                                                     [&](ExportDialog &dialog) { seen = dialog.program(); });
        QVERIFY(seen.contains(QStringLiteral("readStream")));
    }
};

QTEST_MAIN(TestExportDialog)
#include "tst_export_dialog.moc"
