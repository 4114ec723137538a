// View ▸ What-if in the main window, driven as a learner would (offscreen): moving the delay
// slider re-runs lesson 04 from batch 0 and the summary says what the engine's comparison says
// (a separate run of the engine alone); the rows it changes are marked in the story panels;
// Apply puts the new delay into the lesson's query as one undoable edit, Undo restores it; the
// panel reads in German. Screenshots at 1280×800 and 1920×1080.
#include "gui_test_support.h"
#include "main_window.h"
#include "run_controller.h"
#include "whatif_panel.h"

#include "streamstep/whatif.h"

#include <QCheckBox>
#include <QDockWidget>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QUndoStack>
#include <QtTest>

using namespace streamstep;
using namespace streamstep::testing;

namespace {

constexpr int64_t kMinuteMs = 60'000;

QString lessonPath() { return QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/04-windowed-totals-append.scenario.json"); }

// The engine alone: the same what-if.
WhatIfDiff engineDiff(int64_t delayMs)
{
    WhatIfKnobs knobs;
    knobs.watermarkDelayMs = delayMs;
    return whatIf(readScenarioFile(lessonPath().toStdString()), knobs);
}

int64_t delayOf(const RunController *controller)
{
    for (const QueryOp &op : controller->scenario().query)
        if (op.kind == QueryOp::Kind::WithWatermark)
            return op.delayMs;
    return -1;
}

} // namespace

class TestWhatIfPanel : public QObject {
    Q_OBJECT

private slots:
    void movingAKnobRerunsAndApplyIsUndoable()
    {
        MainWindow window;
        QVERIFY(showScenario(window, {1280, 800}, lessonPath()));
        QVERIFY(window.whatIfDock()->isHidden());
        QCOMPARE(window.whatIfAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
        window.whatIfAction()->trigger();
        QVERIFY(window.whatIfDock()->isVisible());
        WhatIfPanel *panel = window.whatIfPanel();
        QVERIFY(panel->isActive());
        QSlider *delay = panel->slider(WhatIfPanel::Duration::Delay);
        QCOMPARE(panel->durationUnitMs(WhatIfPanel::Duration::Delay), kMinuteMs);
        QCOMPARE(delay->value(), 10);
        QVERIFY(!panel->applyButton()->isEnabled());
        QVERIFY(panel->slider(WhatIfPanel::Duration::Window)->isVisible());
        QVERIFY(!panel->slider(WhatIfPanel::Duration::Gap)->isVisible()); // no session window
        // The start offset (0 as written) moves in minutes, up to the window's 5.
        QCOMPARE(panel->durationUnitMs(WhatIfPanel::Duration::Start), kMinuteMs);
        QCOMPARE(panel->slider(WhatIfPanel::Duration::Start)->maximum(), 5);
        QCOMPARE(panel->slider(WhatIfPanel::Duration::Window)->minimum(), 1);

        // Dragging: every position on the way re-runs (the slider tracks).
        QVERIFY(delay->hasTracking());
        delay->setValue(12);
        QTRY_VERIFY(panel->diff().has_value());
        QCOMPARE(panel->diff()->changed.watermarkDelayMs, std::optional<int64_t>(12 * kMinuteMs));
        delay->setValue(15);
        QTRY_COMPARE(panel->diff()->changed.watermarkDelayMs, std::optional<int64_t>(15 * kMinuteMs));
        const WhatIfDiff expected = engineDiff(15 * kMinuteMs);
        QCOMPARE(panel->summaryLabel()->text(), QString::fromStdString(summaryText(expected)));
        QVERIFY(panel->summaryLabel()->text().startsWith(
            QStringLiteral("With a watermark delay of 15 minutes, 3 rows are no longer dropped, [10:00, 10:05) is written in batch 5 instead of batch 3")));

        // The panels mark what changes: trigger 2's late rows are kept now, and the [10:00, 10:05)
        // rows batch 2 wrote are not written with those totals.
        window.controller()->runAll();
        QVERIFY(window.controller()->waitForIdle(10000));
        window.controller()->selectBatch(4); // trigger 2's data batch
        QCoreApplication::processEvents();
        QStringList notes;
        for (int row = 0; row < window.inputModel()->rowCount(); ++row)
            notes << window.inputModel()->data(window.inputModel()->index(row, 0), BatchTableModel::ChangeNoteRole).toString();
        QCOMPARE(notes, QStringList({QStringLiteral("What-if: late but kept instead of dropped as late"), QString(),
                                     QStringLiteral("What-if: processed instead of dropped as late"),
                                     QStringLiteral("What-if: processed instead of dropped as late"), QString()}));
        QVERIFY(window.inputModel()->data(window.inputModel()->index(0, 0)).toString().startsWith(BatchTableModel::changeMark()));
        // In what the engine holds, the windows written in other batches: at batch 4 (update mode
        // would say final), [10:05, 10:10) is written in batch 8 instead of 5.
        QStringList resultNotes;
        for (int row = 0; row < window.resultModel()->rowCount(); ++row) {
            const QString note = window.resultModel()->data(window.resultModel()->index(row, 0), BatchTableModel::ChangeNoteRole).toString();
            if (!note.isEmpty())
                resultNotes << window.resultModel()->data(window.resultModel()->index(row, 1)).toString() + QStringLiteral(": ") + note;
        }
        QCOMPARE(resultNotes, QStringList({
                                  QStringLiteral("[10:00, 10:05): What-if: written in batch 5 instead of 3"),
                                  QStringLiteral("[10:00, 10:05): What-if: written in batch 5 instead of 3"),
                                  QStringLiteral("[10:05, 10:10): What-if: written in batch 8 instead of 5"),
                                  QStringLiteral("[10:05, 10:10): What-if: written in batch 8 instead of 5"),
                                  QStringLiteral("[10:15, 10:20): What-if: this window is never written"),
                              }));
        window.controller()->selectBatch(3); // the no-data batch that wrote [10:00, 10:05)
        QCoreApplication::processEvents();
        QCOMPARE(window.emittedModel()->rowCount(), 2);
        for (int row = 0; row < 2; ++row)
            QCOMPARE(window.emittedModel()->data(window.emittedModel()->index(row, 0), BatchTableModel::ChangeNoteRole).toString(),
                     QStringLiteral("What-if: not written with these values"));

        // Apply: one edit on the undo stack; the lesson now has the delay, the panel starts over.
        const int edits = window.undoStack()->count();
        QVERIFY(panel->applyButton()->isEnabled());
        QTest::mouseClick(panel->applyButton(), Qt::LeftButton);
        QCOMPARE(window.undoStack()->count(), edits + 1);
        QCOMPARE(delayOf(window.controller()), 15 * kMinuteMs);
        QCOMPARE(window.controller()->scenario().query[0].delay, std::string("15 minutes"));
        QCOMPARE(panel->lessonKnobs().watermarkDelayMs, std::optional<int64_t>(15 * kMinuteMs));
        QVERIFY(!panel->diff());
        QVERIFY(!panel->applyButton()->isEnabled());
        QVERIFY(window.isWindowModified());
        // Undo restores the query as written; the slider follows the lesson.
        window.undoStack()->undo();
        QCOMPARE(delayOf(window.controller()), 10 * kMinuteMs);
        QCOMPARE(window.controller()->scenario().query[0].delay, std::string("10 minutes"));
        QCOMPARE(delay->value(), 10);

        // Revert sets a moved knob back without touching the lesson.
        panel->noDataBox()->setChecked(false);
        QTRY_VERIFY(panel->diff().has_value());
        QVERIFY(panel->summaryLabel()->text().startsWith(QStringLiteral("Without no-data batches, ")));
        QTest::mouseClick(panel->revertButton(), Qt::LeftButton);
        QVERIFY(panel->noDataBox()->isChecked());
        QVERIFY(!panel->diff());
        // A conf knob applies and undoes the same way.
        panel->noDataBox()->setChecked(false);
        QTRY_VERIFY(panel->diff().has_value());
        QTest::mouseClick(panel->applyButton(), Qt::LeftButton);
        QCOMPARE(sparkConfOf(window.controller()->scenario()).noDataMicroBatches, false);
        window.undoStack()->undo();
        QCOMPARE(sparkConfOf(window.controller()->scenario()).noDataMicroBatches, true);
        QVERIFY(window.controller()->scenario().conf.empty());
    }

    void aTumblingWindowStaysTumbling()
    {
        MainWindow window;
        window.show();
        QVERIFY(window.openScenario(lessonPath()));
        window.whatIfAction()->trigger();
        WhatIfPanel *panel = window.whatIfPanel();
        panel->slider(WhatIfPanel::Duration::Window)->setValue(10);
        QCOMPARE(panel->slider(WhatIfPanel::Duration::Slide)->value(), 10); // the slide follows
        panel->recompute();
        QVERIFY(panel->diff());
        QVERIFY(!panel->diff()->changed.windowSlideMs);
        QTest::mouseClick(panel->applyButton(), Qt::LeftButton);
        QCOMPARE(window.controller()->scenario().query[1].keys[0].text, std::string("window(eventTime, '10 minutes')"));
    }

    // A lesson too big to re-run within a frame re-runs when the slider is let go.
    void aLargeLessonRerunsOnRelease()
    {
        MainWindow window;
        window.show();
        QVERIFY(window.openScenario(lessonPath()));
        window.controller()->editInput([](Scenario &s) {
            const std::vector<Value> row = s.steps[0].rows.row(0);
            for (int i = 0; i < WhatIfPanel::kLiveRows; ++i)
                s.steps[0].rows.appendRow(row);
        });
        window.whatIfAction()->trigger();
        WhatIfPanel *panel = window.whatIfPanel();
        QVERIFY(panel->isLarge());
        QSlider *delay = panel->slider(WhatIfPanel::Duration::Delay);
        delay->setSliderDown(true); // dragging
        delay->setValue(15);
        QTest::qWait(20);
        QVERIFY(!panel->diff());
        delay->setSliderDown(false); // let go
        QTRY_VERIFY(panel->diff().has_value());
        QCOMPARE(panel->diff()->changed.watermarkDelayMs, std::optional<int64_t>(15 * kMinuteMs));
        QVERIFY(panel->summaryLabel()->text().startsWith(QStringLiteral("With a watermark delay of 15 minutes, ")));
    }

    void readsInGerman()
    {
        {
            const GermanTranslation german;
            QVERIFY(german.isLoaded());
            MainWindow window;
            QVERIFY(showScenario(window, {1280, 800}, lessonPath()));
            window.whatIfAction()->trigger();
            WhatIfPanel *panel = window.whatIfPanel();
            QCOMPARE(window.whatIfDock()->windowTitle(), QStringLiteral("Was-wäre-wenn"));
            QCOMPARE(panel->applyButton()->text(), QStringLiteral("In die Lektion &übernehmen"));
            panel->slider(WhatIfPanel::Duration::Delay)->setValue(15);
            panel->recompute();
            const QString summary = panel->summaryLabel()->text();
            QVERIFY2(summary.startsWith(QStringLiteral("Mit einer Watermark-Verzögerung von 15 Minuten, ")), qPrintable(summary));
            QVERIFY2(summary.contains(QStringLiteral("[10:00, 10:05) wird in Batch 5 statt in Batch 3 geschrieben")), qPrintable(summary));
            QVERIFY2(!summary.contains(QStringLiteral(" is ")), qPrintable(summary));
            QCoreApplication::processEvents();
            QVERIFY(window.grab().save(screenshotDir() + QStringLiteral("/whatif-de-1280x800.png")));
        }
    }

    void screenshots_data()
    {
        addScreenshotSizes();
    }

    void screenshots()
    {
        QFETCH(QSize, size);
        MainWindow window;
        QVERIFY(showExposed(window, size));
        QVERIFY(window.openScenario(lessonPath()));
        window.controller()->runAll();
        QVERIFY(window.controller()->waitForIdle(10000));
        window.controller()->selectBatch(4);
        window.whatIfAction()->trigger();
        window.whatIfPanel()->slider(WhatIfPanel::Duration::Delay)->setValue(15);
        window.whatIfPanel()->recompute();
        QCoreApplication::processEvents();
        QVERIFY(window.grab().save(QStringLiteral("%1/whatif-%2x%3.png").arg(screenshotDir()).arg(size.width()).arg(size.height())));
        // The dock leaves the story panels room, and its summary is not cut off sideways.
        QVERIFY(window.whatIfDock()->width() < size.width() / 3);
        QVERIFY(window.whatIfPanel()->summaryLabel()->width() <= window.whatIfDock()->width());
    }
};

QTEST_MAIN(TestWhatIfPanel)
#include "tst_whatif_panel.moc"
