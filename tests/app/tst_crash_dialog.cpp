// Tests Run ▸ Crash Here… (Ctrl+Shift+K) as a teacher uses it: on lesson 01 (a csv sink) a crash
// after the sink wrote batch 1 and before the commit log shows the checkpoint's planned and
// committed batches, says the sink skipped the replayed batch, and shows the sink's rows, the
// naive sink's (batch 1's rows twice, marked) and the uninterrupted run's — exactly what the
// engine's demonstrateCrash reports for the same plan. Lesson 02's console sink is not fault
// tolerant and says so; a point never reached is said. The menu action opens the dialog, and the
// dialog is saved as PNGs at 1280x800 (English and German) for a look.
#include "crash_dialog.h"
#include "gui_test_support.h"
#include "main_window.h"

#include "streamstep/crash_demo.h"
#include "streamstep/scenario.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QTranslator>
#include <QtTest>

using namespace streamstep;

namespace {

QString lessonsDir() { return QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios"); }

std::shared_ptr<const Scenario> lesson(const QString &name)
{
    return std::make_shared<const Scenario>(readScenarioFile(QDir(lessonsDir()).filePath(name).toStdString()));
}

int highlightedRows(QTableWidget *table)
{
    int n = 0;
    for (int r = 0; r < table->rowCount(); ++r)
        n += table->item(r, 0) && table->item(r, 0)->background().style() != Qt::NoBrush;
    return n;
}

} // namespace

class TestCrashDialog : public QObject {
    Q_OBJECT

private slots:
    void showsTheEnginesReport()
    {
        const auto scenario = lesson(QStringLiteral("01-high-value-filter.scenario.json"));
        QTemporaryDir dir;
        const RecoveryReport expected = demonstrateCrash(*scenario, CrashPlan{1, "after-sink"}, dir.path().toStdString());
        QVERIFY(expected.crashed && expected.sinkSkippedReplay && expected.duplicatedRows.numRows > 0);

        CrashDialog dialog(scenario);
        QCOMPARE(dialog.plan().point, std::string("after-sink")); // the default: the case batch ids are for
        dialog.setPlan(CrashPlan{1, "after-sink"});
        dialog.findChild<QPushButton *>(QStringLiteral("crashButton"))->click();
        QVERIFY2(dialog.problem().isEmpty(), qPrintable(dialog.problem()));
        QVERIFY(dialog.report());
        const auto *headline = dialog.findChild<QLabel *>(QStringLiteral("crashHeadline"));
        QCOMPARE(headline->text(), QStringLiteral("Crashed at batch 1 (step 1): After the sink wrote, before the commit log."));
        auto *checkpoint = dialog.findChild<QTableWidget *>(QStringLiteral("checkpointTable"));
        QCOMPARE(checkpoint->rowCount(), int(expected.planned.size()));
        QCOMPARE(checkpoint->item(0, 3)->text(), QStringLiteral("commits/0"));
        QCOMPARE(checkpoint->item(1, 2)->text(), QStringLiteral("offsets/1"));
        QCOMPARE(checkpoint->item(1, 3)->text(), QStringLiteral("— not committed"));
        const QString restart = dialog.findChild<QLabel *>(QStringLiteral("restartText"))->text();
        QVERIFY2(restart.contains(QStringLiteral("The csv sink held batches up to 1 when the restart opened it.")), qPrintable(restart));
        QVERIFY2(restart.contains(QStringLiteral("so it <b>skipped it and wrote nothing</b>")), qPrintable(restart));
        QVERIFY2(restart.contains(QStringLiteral("Resuming from checkpoint")), qPrintable(restart));

        auto *sink = dialog.findChild<QTableWidget *>(QStringLiteral("sinkTable"));
        auto *naive = dialog.findChild<QTableWidget *>(QStringLiteral("naiveTable"));
        auto *clean = dialog.findChild<QTableWidget *>(QStringLiteral("uninterruptedTable"));
        QCOMPARE(sink->rowCount(), int(expected.sinkRows.numRows));
        QCOMPARE(clean->rowCount(), int(expected.uninterruptedRows.numRows));
        QCOMPARE(sink->rowCount(), clean->rowCount());
        QCOMPARE(naive->rowCount(), int(expected.naiveRows.numRows));
        QCOMPARE(naive->rowCount(), sink->rowCount() + int(expected.duplicatedRows.numRows));
        QCOMPARE(highlightedRows(naive), int(expected.duplicatedRows.numRows));
        QCOMPARE(highlightedRows(sink), 0);
        // The naive table's first column names the batch, "(again)" for the restart's delivery.
        QCOMPARE(naive->horizontalHeaderItem(0)->text(), QStringLiteral("Batch"));
        QCOMPARE(naive->item(naive->rowCount() - 1, 0)->text(), QStringLiteral("1 (again)"));
        QCOMPARE(naive->item(naive->rowCount() - 1, 1)->text(), sink->item(sink->rowCount() - 1, 0)->text());

        // A look at it, 1280x800, in English and German.
        dialog.resize(1280, 800);
        dialog.show();
        QApplication::processEvents();
        QApplication::processEvents();
        // The first duplicate is scrolled into view.
        QVERIFY(naive->visualItemRect(naive->item(sink->rowCount(), 0)).intersects(naive->viewport()->rect()));
        QVERIFY(dialog.grab().save(QStringLiteral("crash_dialog_1280x800.png")));
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/streamstep_de.qm")));
        QVERIFY(QCoreApplication::installTranslator(&translator));
        {
            CrashDialog german(scenario);
            german.setPlan(CrashPlan{1, "after-sink"});
            german.crashAndRestart();
            QCOMPARE(german.findChild<QPushButton *>(QStringLiteral("crashButton"))->text(), QStringLiteral("&Absturz und Neustart"));
            german.resize(1280, 800);
            german.show();
            QApplication::processEvents();
            QApplication::processEvents();
            QVERIFY(german.grab().save(QStringLiteral("crash_dialog_de_1280x800.png")));
        }
        QCoreApplication::removeTranslator(&translator);
    }

    void aConsoleSinkIsNotFaultTolerant()
    {
        CrashDialog dialog(lesson(QStringLiteral("02-branch-totals-complete.scenario.json")));
        dialog.setPlan(CrashPlan{1, "after-sink"});
        dialog.crashAndRestart();
        QVERIFY(dialog.report());
        QVERIFY(!dialog.report()->faultTolerant);
        const QString restart = dialog.findChild<QLabel *>(QStringLiteral("restartText"))->text();
        QVERIFY2(restart.contains(QStringLiteral("The console sink is not fault tolerant (as in Spark): it was given the batch a second time.")),
                 qPrintable(restart));
        QVERIFY(highlightedRows(dialog.findChild<QTableWidget *>(QStringLiteral("naiveTable"))) > 0);
    }

    void aPointNeverReachedIsSaid()
    {
        CrashDialog dialog(lesson(QStringLiteral("01-high-value-filter.scenario.json")));
        dialog.setPlan(CrashPlan{40, "mid-sink"});
        QCOMPARE(dialog.findChild<QComboBox *>(QStringLiteral("crashPoint"))->currentData().toString(), QStringLiteral("mid-sink"));
        dialog.crashAndRestart();
        QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("crashHeadline"))->text(),
                 QStringLiteral("The run never reached batch 40 at that point: it finished without stopping."));
    }

    void menuActionOpensTheDialog()
    {
        MainWindow window;
        QVERIFY(window.openScenario(QDir(lessonsDir()).filePath(QStringLiteral("01-high-value-filter.scenario.json"))));
        bool seen = false;
        testing::openThroughMenuAction<CrashDialog>(
            window, QStringLiteral("crashAction"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K),
            QStringLiteral("crashDialog"),
            [&](CrashDialog &dialog) { seen = dialog.findChild<QSpinBox *>(QStringLiteral("crashBatch")) != nullptr; });
        QVERIFY(seen);
    }
};

QTEST_MAIN(TestCrashDialog)
#include "tst_crash_dialog.moc"
