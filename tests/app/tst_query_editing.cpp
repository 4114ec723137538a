// Tests query editing in the main window: every edit is undoable and undo/redo restores exactly
// the previous scenario; an edit that Spark would reject shows its message and disables the
// stepper, fixing it enables it again; edits are saved losslessly; the op forms check their
// expressions as the user types.
#include "gui_test_support.h"
#include "main_window.h"
#include "query_editor.h"
#include "query_op_dialog.h"
#include "query_op_list_model.h"
#include "query_summary_view.h"
#include "run_controller.h"

#include "streamstep/scenario.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QToolButton>
#include <QtTest>

using namespace streamstep;

namespace {

QString lesson(const char *name)
{
    return QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/") + QLatin1String(name);
}

QString written(const RunController &controller)
{
    return QString::fromStdString(writeScenario(controller.scenario()));
}

QueryOp filter(const std::string &condition)
{
    QueryOp op;
    op.kind = QueryOp::Kind::Filter;
    op.opName = "filter";
    op.condition = {condition, {}};
    return op;
}

} // namespace

class TestQueryEditing : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void undoRedoRestoresExactlyThePreviousScenario();
    void invalidPairingDisablesStepUntilFixed();
    void editResetsTheRun();
    void sinkOptionsAreEditableAndUndoable();
    void saveOpenRoundTripAfterEdits();
    void opFormChecksTheExpressionAsYouType();
    void closingWithEditsDoesNotBlockInTests();
    void sparkVersionChoiceSwitchesDefaultsAndIsUndoable();
};

void TestQueryEditing::initTestCase()
{
    streamstep::testing::useTestSettings("tst_query_editing");
    qputenv("STREAMSTEP_NO_PROMPTS", "1");
}

void TestQueryEditing::undoRedoRestoresExactlyThePreviousScenario()
{
    MainWindow window;
    QVERIFY(window.openScenario(lesson("04-windowed-totals-append.scenario.json")));
    QueryEditor *editor = window.queryEditor();
    QUndoStack *stack = window.undoStack();
    QCOMPARE(editor->model()->numOps(), 2);
    QVERIFY(!window.isWindowModified());

    QStringList states{written(*window.controller())};
    editor->insertOp(1, filter("amount > 100"));
    states << written(*window.controller());
    editor->moveOp(1, -1); // the filter before the watermark
    states << written(*window.controller());
    editor->removeOp(2);   // the groupBy
    states << written(*window.controller());
    editor->setOutputMode(OutputMode::Update);
    states << written(*window.controller());
    editor->setSinkFormat(QStringLiteral("memory"));
    states << written(*window.controller());

    QCOMPARE(stack->count(), 5);
    QCOMPARE(editor->model()->numOps(), 2);
    QCOMPARE(editor->model()->index(0).data().toString(), QStringLiteral(R"(.filter("amount > 100"))"));
    QCOMPARE(editor->outputModeCombo()->currentData().toInt(), int(OutputMode::Update));
    QCOMPARE(editor->sinkFormatCombo()->currentText(), QStringLiteral("memory"));
    QVERIFY(window.isWindowModified());
    QVERIFY(window.windowTitle().contains(QStringLiteral("[*]")));
    for (int i = int(states.size()) - 1; i > 0; --i)
        QVERIFY(states[i] != states[i - 1]);

    QAction *undo = window.findChild<QAction *>(QStringLiteral("undoAction"));
    QAction *redo = window.findChild<QAction *>(QStringLiteral("redoAction"));
    QVERIFY(undo && redo);
    QCOMPARE(undo->shortcut(), QKeySequence(QKeySequence::Undo));
    for (int i = int(states.size()) - 2; i >= 0; --i) {
        undo->trigger();
        QCOMPARE(written(*window.controller()), states[i]);
    }
    QVERIFY(!undo->isEnabled());
    QVERIFY(!window.isWindowModified());
    QCOMPARE(editor->model()->numOps(), 2);
    for (int i = 1; i < int(states.size()); ++i) {
        redo->trigger();
        QCOMPARE(written(*window.controller()), states[i]);
    }
    QVERIFY(!redo->isEnabled());
    QVERIFY(window.isWindowModified());
}

void TestQueryEditing::invalidPairingDisablesStepUntilFixed()
{
    MainWindow window;
    QVERIFY(window.openScenario(lesson("02-branch-totals-complete.scenario.json")));
    QVERIFY(window.controller()->isValid());
    QVERIFY(window.stepAction()->isEnabled());
    QVERIFY(!window.summaryView()->isValidationShown());

    // The user picks append in the combo: an aggregation without watermark cannot append.
    QComboBox *mode = window.queryEditor()->outputModeCombo();
    mode->setCurrentIndex(mode->findData(int(OutputMode::Append)));
    Q_EMIT mode->activated(mode->currentIndex());
    QCOMPARE(window.controller()->scenario().outputMode, OutputMode::Append);
    QVERIFY(!window.controller()->isValid());
    QVERIFY(window.summaryView()->isValidationShown());
    const QString shown = window.summaryView()->validationText();
    QVERIFY2(shown.contains(QStringLiteral("Append output mode not supported")), qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("Add a watermark")), qPrintable(shown)); // the fix
    QVERIFY(!window.stepAction()->isEnabled());
    QVERIFY(!window.startAction()->isEnabled());

    // Fixing it (update mode) enables the stepper.
    window.queryEditor()->setOutputMode(OutputMode::Update);
    QVERIFY(window.controller()->isValid());
    QVERIFY(!window.summaryView()->isValidationShown());
    QVERIFY(window.stepAction()->isEnabled());
    QVERIFY(window.startAction()->isEnabled());

    // Undo goes back to the rejected pairing, and disables Step again.
    window.undoStack()->undo();
    QVERIFY(!window.stepAction()->isEnabled());
    window.undoStack()->undo();
    QVERIFY(window.stepAction()->isEnabled());
    QCOMPARE(window.controller()->scenario().outputMode, OutputMode::Complete);
}

void TestQueryEditing::editResetsTheRun()
{
    MainWindow window;
    QVERIFY(window.openScenario(lesson("01-high-value-filter.scenario.json")));
    QVERIFY(window.controller()->step());
    QVERIFY(window.controller()->numBatches() > 0);
    window.queryEditor()->insertOp(0, filter("amount > 0"));
    QVERIFY(window.controller()->isValid());
    QCOMPARE(window.controller()->numBatches(), 0);
    QCOMPARE(window.controller()->nextStep(), 0);
    QVERIFY(!window.controller()->isStarted());
    QCOMPARE(window.controller()->scenario().query.front().condition.text, std::string("amount > 0"));
    QVERIFY(window.controller()->step());
}

void TestQueryEditing::sinkOptionsAreEditableAndUndoable()
{
    MainWindow window;
    QVERIFY(window.openScenario(lesson("02-branch-totals-complete.scenario.json")));
    RunController *controller = window.controller();
    QCOMPARE(controller->scenario().sink.format, std::string("console"));
    const auto before = controller->scenario().sink.options;
    QVERIFY(window.queryEditor()->sinkOptionsButton()->isEnabled());
    QCOMPARE(QueryEditor::knownSinkOptions("console"), (std::vector<std::string>{"numRows", "truncate"}));

    // Spark's console sink shows numRows rows and says how many it left out.
    window.queryEditor()->setSinkOptions({{"numRows", "1"}, {"truncate", ""}});
    QCOMPARE(controller->scenario().sink.options.size(), size_t(1));
    const auto numRows = controller->scenario().sink.options.find("numRows");
    QVERIFY(numRows != controller->scenario().sink.options.end());
    QCOMPARE(numRows->second.get<std::string>(), std::string("1"));
    QVERIFY(controller->isValid());
    QVERIFY(controller->step());
    QVERIFY(controller->waitForIdle(60 * 1000));
    QVERIFY(controller->numBatches() > 0);
    const std::string text = controller->reports().front()->sinkText;
    QVERIFY2(text.find("only showing top 1 row\n") != std::string::npos, text.c_str());
    QCOMPARE(window.undoStack()->undoText(), QStringLiteral("Set console sink options"));

    // Undo restores the options exactly; the run starts over.
    window.undoStack()->undo();
    QCOMPARE(controller->scenario().sink.options, before);
    QCOMPARE(controller->numBatches(), 0);
    // The same options again are no edit.
    const int count = window.undoStack()->count();
    window.queryEditor()->setSinkOptions(before);
    QCOMPARE(window.undoStack()->count(), count);
}

void TestQueryEditing::saveOpenRoundTripAfterEdits()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    MainWindow window;
    QVERIFY(window.openScenario(lesson("04-windowed-totals-append.scenario.json")));
    window.queryEditor()->insertOp(1, filter("amount >= 10"));
    QueryOp dedup;
    dedup.kind = QueryOp::Kind::DropDuplicates;
    dedup.opName = "dropDuplicates";
    dedup.allColumns = true;
    window.queryEditor()->insertOp(1, dedup);
    window.queryEditor()->setOutputMode(OutputMode::Update);
    window.queryEditor()->setSinkFormat(QStringLiteral("sqlite"));
    QVERIFY(window.isWindowModified());
    const QString edited = written(*window.controller());

    const QString path = dir.filePath(QStringLiteral("edited.scenario.json"));
    QVERIFY(window.saveTo(path));
    QVERIFY(!window.isWindowModified());

    MainWindow reopened;
    QVERIFY(reopened.openScenario(path));
    QCOMPARE(written(*reopened.controller()), edited);
    QCOMPARE(reopened.queryEditor()->model()->numOps(), 4);
    QCOMPARE(reopened.controller()->isValid(), window.controller()->isValid());
    QVERIFY(!reopened.isWindowModified());
    QCOMPARE(reopened.undoStack()->count(), 0);
}

// The query panel's Spark choice (format "sparkVersion"): the window says which Spark the lesson
// follows; 4.2 turns ANSI mode on, so a division by zero that 3.5 turns into NULL fails the batch
// with Spark 4.2's error; undo goes back to 3.5 and saving writes the choice into the file.
void TestQueryEditing::sparkVersionChoiceSwitchesDefaultsAndIsUndoable()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    MainWindow window;
    QVERIFY(window.openScenario(lesson("01-high-value-filter.scenario.json")));
    RunController *controller = window.controller();
    QueryEditor *editor = window.queryEditor();
    QCOMPARE(controller->scenario().sparkVersion, SparkVersion::Spark35);
    QCOMPARE(editor->sparkVersionCombo()->currentData().toInt(), int(SparkVersion::Spark35));
    QVERIFY2(window.summaryView()->sparkLineText().startsWith(QStringLiteral("Follows Spark 3.5 — ANSI mode off")),
             qPrintable(window.summaryView()->sparkLineText()));

    // Every row passes: amount / 0 is NULL without ANSI mode.
    editor->insertOp(0, filter("amount / 0 IS NULL"));
    QVERIFY(controller->isValid());
    QVERIFY(controller->step());
    QVERIFY(controller->waitForIdle(60 * 1000));
    QVERIFY(controller->numBatches() > 0);
    QCOMPARE(controller->reports().front()->numInputRows, int64_t(controller->scenario().steps.front().rows.numRows));
    QVERIFY(controller->canStep());

    editor->setSparkVersion(SparkVersion::Spark42);
    QCOMPARE(window.undoStack()->undoText(), QStringLiteral("Follow Spark 4.2"));
    QCOMPARE(controller->scenario().sparkVersion, SparkVersion::Spark42);
    QCOMPARE(editor->sparkVersionCombo()->currentData().toInt(), int(SparkVersion::Spark42));
    QVERIFY2(window.summaryView()->sparkLineText().startsWith(QStringLiteral("Follows Spark 4.2 — ANSI mode on")),
             qPrintable(window.summaryView()->sparkLineText()));
    QCOMPARE(controller->numBatches(), 0); // a new query: the run starts over
    QVERIFY(controller->isValid());
    QSignalSpy failed(controller, &RunController::errorOccurred);
    QVERIFY(!controller->step()); // the lesson-sized step runs at once, and fails
    QVERIFY(controller->waitForIdle(60 * 1000));
    QCOMPARE(failed.count(), 1);
    QCOMPARE(controller->numBatches(), 0); // the failed batch wrote nothing
    const QString error = failed.front().front().toString();
    QVERIFY2(error.contains(QStringLiteral("[DIVIDE_BY_ZERO] Division by zero.")), qPrintable(error));
    QVERIFY(!controller->canStep());

    // Saved, the file names its version; undo goes back to 3.5 and the batch runs again.
    const QString path = dir.filePath(QStringLiteral("ansi.scenario.json"));
    QVERIFY(window.saveTo(path));
    QVERIFY(written(*controller).contains(QStringLiteral(R"("sparkVersion": "4.2")")));
    window.undoStack()->undo();
    QCOMPARE(controller->scenario().sparkVersion, SparkVersion::Spark35);
    QVERIFY(window.summaryView()->sparkLineText().startsWith(QStringLiteral("Follows Spark 3.5")));
    QVERIFY(controller->step());
    QVERIFY(controller->waitForIdle(60 * 1000));
    QCOMPARE(failed.count(), 1);
    QVERIFY(controller->numBatches() > 0);

    MainWindow reopened;
    QVERIFY(reopened.openScenario(path));
    QCOMPARE(reopened.controller()->scenario().sparkVersion, SparkVersion::Spark42);
    QCOMPARE(reopened.queryEditor()->sparkVersionCombo()->currentText(), QStringLiteral("Spark 4.2 (ANSI mode)"));
}

void TestQueryEditing::opFormChecksTheExpressionAsYouType()
{
    RunController controller;
    QVERIFY(controller.openFile(lesson("01-high-value-filter.scenario.json")));
    QueryOp op = filter("amount > 1000");
    QueryOpDialog dialog(op, controller.scenario(), 0);
    QCOMPARE(dialog.checkMessage(), QString());
    auto *condition = dialog.findChild<QLineEdit *>(QStringLiteral("conditionEdit"));
    QVERIFY(condition);
    condition->setText(QStringLiteral("amount > "));
    QVERIFY2(dialog.checkMessage().startsWith(QStringLiteral("filter condition, column 9:")), qPrintable(dialog.checkMessage()));
    condition->setText(QStringLiteral("amount > 5 AND nosuch = 1"));
    QVERIFY2(dialog.checkMessage().contains(QStringLiteral("nosuch")), qPrintable(dialog.checkMessage()));
    condition->setText(QStringLiteral("amount > 5"));
    QCOMPARE(dialog.checkMessage(), QString());
    QCOMPARE(dialog.op().condition.text, std::string("amount > 5"));

    // A watermark form checks the delay too.
    QueryOp watermark;
    watermark.kind = QueryOp::Kind::WithWatermark;
    watermark.column = "eventTime";
    watermark.delay = "10 minuts";
    QVERIFY(!QueryOpDialog::checkOp(controller.scenario(), 0, watermark).isEmpty());
    watermark.delay = "10 minutes";
    QCOMPARE(QueryOpDialog::checkOp(controller.scenario(), 0, watermark), QString());
}

void TestQueryEditing::closingWithEditsDoesNotBlockInTests()
{
    MainWindow window;
    QVERIFY(window.openScenario(lesson("02-branch-totals-complete.scenario.json")));
    window.queryEditor()->setOutputMode(OutputMode::Update);
    QVERIFY(window.isWindowModified());
    window.show();
    QVERIFY(window.close());
    // Opening another scenario discards the edits (the prompt is skipped) and starts clean.
    QVERIFY(window.openScenario(lesson("01-high-value-filter.scenario.json")));
    QVERIFY(!window.isWindowModified());
    QCOMPARE(window.undoStack()->count(), 0);
}

QTEST_MAIN(TestQueryEditing)
#include "tst_query_editing.moc"
