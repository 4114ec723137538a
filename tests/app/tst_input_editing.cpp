// Tests input editing in the main window: typed cell edits land in the scenario's steps, invalid
// text is refused with a message and changes nothing, rows and steps are added and removed,
// every edit resets the run, marks the window modified and is undone and redone exactly on the
// window's undo stack; the generator fills steps with exactly the rows of the engine's
// TransactionGenerator; and save → open keeps every edited and generated row.
#include "generator_dialog.h"
#include "gui_test_support.h"
#include "input_test_support.h"
#include "input_edit_command.h"
#include "input_editor.h"
#include "input_steps_model.h"
#include "main_window.h"
#include "run_controller.h"

#include "streamstep/scenario.h"
#include "streamstep/transaction_generator.h"
#include "streamstep/value_format.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QHeaderView>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QtTest>

using namespace streamstep;
using streamstep::testing::sameRows;
using streamstep::testing::written;

namespace {

QString lesson(const char *name)
{
    return QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/") + QLatin1String(name);
}

ColumnBatch concatenated(const std::vector<Step> &steps, size_t first, size_t count)
{
    ColumnBatch all = ColumnBatch::empty(steps[first].rows.schema);
    for (size_t s = first; s < first + count; ++s)
        for (size_t r = 0; r < steps[s].rows.numRows; ++r)
            all.appendRow(steps[s].rows.row(r));
    return all;
}

int column(const RunController &controller, const char *name)
{
    return controller.scenario().sourceSchema.indexOf(name);
}

// Saves a picture of `widget` when STREAMSTEP_SCREENSHOT_DIR is set (for looking at the forms).
void maybeScreenshot(QWidget *widget, const QString &name)
{
    const QString folder = qEnvironmentVariable("STREAMSTEP_SCREENSHOT_DIR");
    if (folder.isEmpty())
        return;
    widget->show();
    QCoreApplication::processEvents();
    widget->grab().save(folder + QLatin1Char('/') + name);
}

StepGeneratorSettings demoSettings()
{
    StepGeneratorSettings settings;
    settings.numSteps = 4;
    settings.options.seed = 42;
    settings.options.numRows = 250;
    settings.options.numAccounts = 30;
    settings.options.numBranches = 5;
    settings.options.eventTimeSpanMicros = 5 * 60'000'000LL;
    settings.options.jitterMicros = 0;
    settings.options.lateFraction = 0.2;
    settings.options.latenessMicros = 15 * 60'000'000LL;
    return settings;
}

} // namespace

class TestInputEditing : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void actionsOpenTheEditor();
    void cellEditChangesTheScenarioAndResetsTheRun();
    void invalidTextIsRefusedWithMessage();
    void rowAndStepEditsUndoAndRedoExactly();
    void editsDropLaterExpectationsUntilUndone();
    void processingTimeIsEditable();
    void generatorMakesTheEngineGeneratorsRows();
    void generatorAppendsAfterTheLastStep();
    void generatorLeavesUnknownColumnsNull();
    void generatorDialogReadsItsFields();
    void saveOpenRoundTripKeepsEveryRow();
    void savingKeepsRowsFilesUnlessEdited();
    void typingInTheTableEditsTheCell();
    void generateRowsActionRunsTheDialog();
    void screenshots();
};

void TestInputEditing::initTestCase()
{
    streamstep::testing::useTestSettings("tst_input_editing");
    qputenv("STREAMSTEP_NO_PROMPTS", "1");
}

void TestInputEditing::actionsOpenTheEditor()
{
    MainWindow window;
    QVERIFY(!window.editInputAction()->isEnabled()); // nothing to edit on the lessons page
    QVERIFY(window.openScenario(lesson("04-windowed-totals-append.scenario.json")));
    QAction *edit = window.editInputAction();
    QVERIFY(edit->isEnabled());
    QVERIFY(window.generateRowsAction()->isEnabled());
    QCOMPARE(edit->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_I));
    QList<QAction *> editMenuActions;
    for (QAction *menu : window.menuBar()->actions())
        if (menu->menu() && menu->text() == QLatin1String("&Edit"))
            editMenuActions = menu->menu()->actions();
    QVERIFY(editMenuActions.contains(edit));
    QVERIFY(editMenuActions.contains(window.generateRowsAction()));
    auto *toolBar = window.findChild<QToolBar *>(QStringLiteral("stepperToolBar"));
    QVERIFY(toolBar && toolBar->actions().contains(edit));

    edit->trigger();
    InputEditor *editor = window.inputEditor();
    QVERIFY(editor->isVisible());
    QCOMPARE(editor->stepList()->count(), 5);
    QCOMPARE(editor->currentStep(), 0);
    QCOMPARE(editor->model()->rowCount(), 5);
    QVERIFY(editor->stepList()->item(1)->text().startsWith(QStringLiteral("Step 1 · 4 row")));
    QCOMPARE(editor->model()->data(editor->model()->index(0, 2)).toString(), QStringLiteral("120000.00"));
    editor->stepList()->setCurrentRow(2);
    QCOMPARE(editor->currentStep(), 2);
    QCOMPARE(editor->model()->batch(), &window.controller()->scenario().steps[2].rows);

    // Presenter mode's larger font reaches the editor window too.
    QFont large = window.font();
    large.setPointSizeF(large.pointSizeF() * 2);
    window.setFont(large);
    QCOMPARE(editor->font().pointSizeF(), large.pointSizeF());
    QCOMPARE(editor->rowsView()->verticalHeader()->defaultSectionSize(), editor->fontMetrics().height() + 8);
}

void TestInputEditing::cellEditChangesTheScenarioAndResetsTheRun()
{
    MainWindow window;
    QVERIFY(window.openScenario(lesson("04-windowed-totals-append.scenario.json")));
    RunController *controller = window.controller();
    controller->start();
    QVERIFY(controller->step());
    QVERIFY(controller->numBatches() > 0);
    QVERIFY(!window.isWindowModified());

    InputEditor *editor = window.inputEditor();
    editor->setCurrentStep(1);
    const int amount = column(*controller, "amount");
    const int eventTime = column(*controller, "eventTime");
    InputStepsModel *model = editor->model();
    // An edit changes its step in place: other steps' rows are not copied (big inputs).
    const int64_t *otherStepTimes = controller->scenario().steps[0].rows.columns[static_cast<size_t>(eventTime)].ints().data();
    const size_t scenarioStepsBefore = controller->scenario().steps.size();
    QVERIFY(model->setData(model->index(2, amount), QStringLiteral("123.4")));
    QCOMPARE(controller->scenario().steps.size(), scenarioStepsBefore);
    QCOMPARE(controller->scenario().steps[0].rows.columns[static_cast<size_t>(eventTime)].ints().data(), otherStepTimes);
    QCOMPARE(controller->scenario().steps[1].rows.get(2, static_cast<size_t>(amount)), Value::decimal(12340, 12, 2));
    QVERIFY(model->setData(model->index(0, eventTime), QStringLiteral("2026-03-01T10:07:30Z")));
    QCOMPARE(controller->scenario().steps[1].rows.get(0, static_cast<size_t>(eventTime)),
             Value::timestamp(*parseTimestamp("2026-03-01 10:07:30")));
    // The table shows the new values, the rest of the step is as it was.
    QCOMPARE(model->data(model->index(2, amount)).toString(), QStringLiteral("123.40"));
    QCOMPARE(model->batch(), &controller->scenario().steps[1].rows);
    QCOMPARE(controller->scenario().steps[1].rows.numRows, size_t(4));

    // The run starts over: batches of the old input say nothing about the new one.
    QVERIFY(!controller->isStarted());
    QCOMPARE(controller->numBatches(), 0);
    QVERIFY(window.isWindowModified());
    QCOMPARE(window.undoStack()->count(), 2);
    QCOMPARE(window.undoStack()->undoText(), QStringLiteral("Edit eventTime in row 1 of step 1"));

    // NULL through the Set NULL action (typed text in a string column stays text).
    editor->rowsView()->setCurrentIndex(model->index(3, 0));
    editor->setCurrentCellNull();
    QVERIFY(controller->scenario().steps[1].rows.columns[0].isNull(3));
    QVERIFY(model->setData(model->index(3, 0), QStringLiteral("NULL")) && model->data(model->index(3, 0), InputStepsModel::NullRole).toBool());
    QVERIFY(model->setData(model->index(2, 0), QStringLiteral("NULL")));
    QCOMPARE(controller->scenario().steps[1].rows.get(2, 0), Value::string("NULL"));
}

void TestInputEditing::invalidTextIsRefusedWithMessage()
{
    MainWindow window;
    QVERIFY(window.openScenario(lesson("04-windowed-totals-append.scenario.json")));
    RunController *controller = window.controller();
    const QString before = written(*controller);
    InputEditor *editor = window.inputEditor();
    InputStepsModel *model = editor->model();
    const int amount = column(*controller, "amount");
    const int eventTime = column(*controller, "eventTime");

    QVERIFY(!model->setData(model->index(0, amount), QStringLiteral("12.345")));
    QCOMPARE(editor->message(),
             QStringLiteral("Column 'amount': 12.345 does not fit decimal(12,2) (at most 10 digits before the point and 2 after it)."));
    QVERIFY(!model->setData(model->index(0, eventTime), QStringLiteral("half past ten")));
    QVERIFY(editor->message().startsWith(QStringLiteral("Column 'eventTime': \"half past ten\" is not a timestamp")));
    QCOMPARE(controller->scenario().steps[0].rows.get(0, static_cast<size_t>(amount)), Value::decimal(12000000, 12, 2));
    QCOMPARE(written(*controller), before);
    QCOMPARE(window.undoStack()->count(), 0);
    QVERIFY(!window.isWindowModified());
    QCOMPARE(model->data(model->index(0, amount)).toString(), QStringLiteral("120000.00"));

    // The next good edit clears the message.
    QVERIFY(model->setData(model->index(0, amount), QStringLiteral("7")));
    QVERIFY(editor->message().isEmpty());
    QCOMPARE(window.undoStack()->count(), 1);
}

void TestInputEditing::rowAndStepEditsUndoAndRedoExactly()
{
    MainWindow window;
    QVERIFY(window.openScenario(lesson("04-windowed-totals-append.scenario.json")));
    RunController *controller = window.controller();
    QUndoStack *stack = window.undoStack();
    InputEditor *editor = window.inputEditor();
    InputStepsModel *model = editor->model();
    const Step original1 = controller->scenario().steps[1];
    const Step original2 = controller->scenario().steps[2];
    const Step original3 = controller->scenario().steps[3];

    QStringList states{written(*controller)};
    editor->setCurrentStep(1);
    QVERIFY(model->setData(model->index(1, 1), QStringLiteral("PUNE")));
    states << written(*controller);

    // Add a row: a copy of the current row, below it.
    editor->rowsView()->setCurrentIndex(model->index(1, 0));
    editor->addRow();
    QCOMPARE(controller->scenario().steps[1].rows.numRows, size_t(5));
    QCOMPARE(controller->scenario().steps[1].rows.row(2), controller->scenario().steps[1].rows.row(1));
    QCOMPARE(editor->rowsView()->currentIndex().row(), 2);
    states << written(*controller);

    // Remove two rows that are not next to each other.
    editor->rowsView()->selectionModel()->clearSelection();
    editor->rowsView()->selectionModel()->select(model->index(0, 0), QItemSelectionModel::Select);
    editor->rowsView()->selectionModel()->select(model->index(3, 2), QItemSelectionModel::Select);
    editor->removeSelectedRows();
    const ColumnBatch &step1 = controller->scenario().steps[1].rows;
    QCOMPARE(step1.numRows, size_t(3));
    QCOMPARE(step1.row(0)[1], Value::string("PUNE"));
    QCOMPARE(step1.row(2), original1.rows.row(3));
    states << written(*controller);

    // Steps: add an empty one after step 1, duplicate step 3 (the former 2), remove step 0.
    editor->addStep();
    QCOMPARE(controller->scenario().steps.size(), size_t(6));
    QCOMPARE(controller->scenario().steps[2].rows.numRows, size_t(0));
    QCOMPARE(editor->currentStep(), 2);
    states << written(*controller);
    editor->setCurrentStep(3);
    editor->duplicateStep();
    QCOMPARE(controller->scenario().steps.size(), size_t(7));
    QVERIFY(sameRows(controller->scenario().steps[4].rows, original2.rows));
    QVERIFY(sameRows(controller->scenario().steps[3].rows, original2.rows));
    QCOMPARE(editor->currentStep(), 4);
    states << written(*controller);
    editor->setCurrentStep(0);
    editor->removeStep();
    QCOMPARE(controller->scenario().steps.size(), size_t(6));
    QVERIFY(sameRows(controller->scenario().steps[4].rows, original3.rows));
    states << written(*controller);
    // An empty step gets a row of NULLs to edit.
    editor->setCurrentStep(1);
    QCOMPARE(model->rowCount(), 0);
    editor->addRow();
    QCOMPARE(controller->scenario().steps[1].rows.numRows, size_t(1));
    QVERIFY(controller->scenario().steps[1].rows.columns[3].isNull(0));
    states << written(*controller);

    for (int i = states.size() - 2; i >= 0; --i) {
        stack->undo();
        QCOMPARE(written(*controller), states[i]);
        QCOMPARE(editor->stepList()->count(), static_cast<int>(controller->scenario().steps.size()));
        QCOMPARE(model->batch(), &controller->scenario().steps[static_cast<size_t>(editor->currentStep())].rows);
    }
    QVERIFY(!window.isWindowModified());
    QVERIFY(sameRows(controller->scenario().steps[1].rows, original1.rows));
    for (int i = 1; i < states.size(); ++i) {
        stack->redo();
        QCOMPARE(written(*controller), states[i]);
    }
    QVERIFY(window.isWindowModified());
}

void TestInputEditing::editsDropLaterExpectationsUntilUndone()
{
    MainWindow window;
    QVERIFY(window.openScenario(lesson("04-windowed-totals-append.scenario.json")));
    RunController *controller = window.controller();
    auto expectedSteps = [&] {
        QList<int> steps;
        for (const Expectation &e : controller->scenario().expect)
            steps << e.step;
        return steps;
    };
    QCOMPARE(expectedSteps(), (QList<int>{0, 1, 2, 3, 4}));
    InputEditor *editor = window.inputEditor();
    editor->setCurrentStep(2);
    QVERIFY(editor->model()->setData(editor->model()->index(0, 0), QStringLiteral("ACC-0099")));
    // Results from step 2 on depend on the edited rows; those before do not.
    QCOMPARE(expectedSteps(), (QList<int>{0, 1}));
    window.undoStack()->undo();
    QCOMPARE(expectedSteps(), (QList<int>{0, 1, 2, 3, 4}));
    // Appending steps keeps every expectation.
    StepGeneratorSettings settings = demoSettings();
    settings.append = true;
    editor->generate(settings);
    QCOMPARE(expectedSteps(), (QList<int>{0, 1, 2, 3, 4}));
}

void TestInputEditing::processingTimeIsEditable()
{
    MainWindow window;
    QVERIFY(window.openScenario(lesson("04-windowed-totals-append.scenario.json")));
    RunController *controller = window.controller();
    InputEditor *editor = window.inputEditor();
    editor->setCurrentStep(3);
    QVERIFY(editor->processingTimeEdit()->text().isEmpty());
    QVERIFY(editor->setProcessingTimeText(QStringLiteral("2026-03-01 10:30:00")));
    QCOMPARE(controller->scenario().steps[3].processingTimeMicros, parseTimestamp("2026-03-01 10:30:00"));
    QCOMPARE(editor->processingTimeEdit()->text(), QStringLiteral("2026-03-01 10:30:00"));
    QVERIFY(editor->stepList()->item(3)->text().endsWith(QLatin1String("2026-03-01 10:30:00")));
    QVERIFY(!editor->setProcessingTimeText(QStringLiteral("soon")));
    QVERIFY(editor->message().contains(QLatin1String("is not a timestamp")));
    QCOMPARE(controller->scenario().steps[3].processingTimeMicros, parseTimestamp("2026-03-01 10:30:00"));
    QVERIFY(editor->setProcessingTimeText(QString()));
    QVERIFY(!controller->scenario().steps[3].processingTimeMicros);
    window.undoStack()->undo();
    QCOMPARE(controller->scenario().steps[3].processingTimeMicros, parseTimestamp("2026-03-01 10:30:00"));
    window.undoStack()->undo();
    QVERIFY(!controller->scenario().steps[3].processingTimeMicros);
    QCOMPARE(window.undoStack()->count(), 2);
}

void TestInputEditing::generatorMakesTheEngineGeneratorsRows()
{
    MainWindow window;
    QVERIFY(window.openScenario(lesson("04-windowed-totals-append.scenario.json")));
    RunController *controller = window.controller();
    const QString before = written(*controller);
    InputEditor *editor = window.inputEditor();
    const StepGeneratorSettings settings = demoSettings();
    editor->generate(settings);

    const std::vector<Step> &steps = controller->scenario().steps;
    QCOMPARE(steps.size(), size_t(4));
    for (const Step &step : steps)
        QCOMPARE(step.rows.numRows, size_t(250));
    // Step 0 is generateTransactions() for the same options; all steps together are one stream.
    QVERIFY(sameRows(steps[0].rows, generateTransactions(settings.options)));
    TransactionGeneratorOptions whole = settings.options;
    whole.numRows = 1000;
    whole.eventTimeSpanMicros = 4 * settings.options.eventTimeSpanMicros;
    const ColumnBatch expected = generateTransactions(whole);
    QVERIFY(sameRows(concatenated(steps, 0, 4), expected));

    // Late rows: their event time is the lateness older than their place in the stream.
    const TransactionGeneratorOptions &o = settings.options;
    int late = 0;
    for (size_t s = 0; s < steps.size(); ++s)
        for (size_t r = 0; r < 250; ++r) {
            const int64_t row = static_cast<int64_t>(s * 250 + r);
            const int64_t onTime = o.startTimeMicros + o.eventTimeSpanMicros * row / o.numRows;
            const int64_t t = steps[s].rows.columns[3].ints()[r];
            QVERIFY(t == onTime || t == onTime - o.latenessMicros);
            late += t != onTime;
        }
    QVERIFY2(late >= 150 && late <= 250, qPrintable(QString::number(late))); // 20 % of 1000

    // One undo brings back the lesson's steps.
    window.undoStack()->undo();
    QCOMPARE(written(*controller), before);
}

void TestInputEditing::generatorAppendsAfterTheLastStep()
{
    MainWindow window;
    QVERIFY(window.openScenario(lesson("04-windowed-totals-append.scenario.json")));
    RunController *controller = window.controller();
    const std::vector<Step> lessonSteps = controller->scenario().steps;
    StepGeneratorSettings settings = demoSettings();
    settings.append = true;
    settings.numSteps = 3;
    settings.options.startTimeMicros = GeneratorDialog::appendStartMicros(controller->scenario());
    // Just after the lesson's latest event time, on a whole minute.
    QCOMPARE(QString::fromStdString(formatTimestamp(settings.options.startTimeMicros)), QStringLiteral("2026-03-01 10:32:00"));
    window.inputEditor()->generate(settings);
    const std::vector<Step> &steps = controller->scenario().steps;
    QCOMPARE(steps.size(), size_t(8));
    for (size_t s = 0; s < lessonSteps.size(); ++s)
        QVERIFY(sameRows(steps[s].rows, lessonSteps[s].rows));
    QVERIFY(sameRows(steps[5].rows, generateTransactions(settings.options)));
    QCOMPARE(steps[7].rows.numRows, size_t(250));
    QCOMPARE(window.inputEditor()->currentStep(), 5);
}

void TestInputEditing::generatorLeavesUnknownColumnsNull()
{
    Schema schema;
    schema.fields = {{"ACCOUNTID", DataType::string(), {}},
                     {"amount", DataType::float64(), {}}, // not the generator's decimal(12,2)
                     {"eventTime", DataType::timestamp(), {}},
                     {"note", DataType::string(), {}}};
    QCOMPARE(columnsLeftNull(schema), (std::vector<std::string>{"amount", "note"}));
    StepGeneratorSettings settings = demoSettings();
    settings.numSteps = 2;
    const std::vector<Step> steps = generateSteps(settings, schema);
    const ColumnBatch generated = generateTransactions(settings.options);
    QCOMPARE(steps.size(), size_t(2));
    const ColumnBatch &rows = steps[0].rows;
    QCOMPARE(rows.numRows, size_t(250));
    QCOMPARE(rows.schema.fields[0].name, std::string("ACCOUNTID"));
    for (size_t r = 0; r < rows.numRows; ++r) {
        QCOMPARE(rows.get(r, 0), generated.get(r, 0));
        QVERIFY(rows.columns[1].isNull(r));
        QCOMPARE(rows.get(r, 2), generated.get(r, 3));
        QVERIFY(rows.columns[3].isNull(r));
    }
}

void TestInputEditing::generatorDialogReadsItsFields()
{
    MainWindow window;
    QVERIFY(window.openScenario(lesson("04-windowed-totals-append.scenario.json")));
    GeneratorDialog dialog(window.controller()->scenario());
    // A scenario with input: new steps follow it by default, from just after its last event time.
    QVERIFY(dialog.findChild<QRadioButton *>(QStringLiteral("appendMode"))->isChecked());
    QCOMPARE(dialog.findChild<QLineEdit *>(QStringLiteral("start"))->text(), QStringLiteral("2026-03-01 10:32:00"));
    dialog.findChild<QRadioButton *>(QStringLiteral("replaceMode"))->setChecked(true);
    QCOMPARE(dialog.findChild<QLineEdit *>(QStringLiteral("start"))->text(), QStringLiteral("2026-03-01 10:00:00"));

    dialog.findChild<QSpinBox *>(QStringLiteral("seed"))->setValue(7);
    dialog.findChild<QSpinBox *>(QStringLiteral("numSteps"))->setValue(3);
    dialog.findChild<QSpinBox *>(QStringLiteral("rowsPerStep"))->setValue(1000);
    dialog.findChild<QSpinBox *>(QStringLiteral("accounts"))->setValue(12);
    dialog.findChild<QSpinBox *>(QStringLiteral("branches"))->setValue(3);
    dialog.findChild<QDoubleSpinBox *>(QStringLiteral("minAmount"))->setValue(10.5);
    dialog.findChild<QDoubleSpinBox *>(QStringLiteral("maxAmount"))->setValue(99.99);
    dialog.findChild<QLineEdit *>(QStringLiteral("span"))->setText(QStringLiteral("10 minutes"));
    dialog.findChild<QLineEdit *>(QStringLiteral("jitter"))->setText(QStringLiteral("45 seconds"));
    dialog.findChild<QDoubleSpinBox *>(QStringLiteral("latePercent"))->setValue(12.5);
    dialog.findChild<QLineEdit *>(QStringLiteral("lateness"))->setText(QStringLiteral("1 hour"));
    QVERIFY(dialog.isValid());
    const StepGeneratorSettings s = dialog.settings();
    QVERIFY(!s.append);
    QCOMPARE(s.numSteps, 3);
    QCOMPARE(s.options.seed, uint64_t(7));
    QCOMPARE(s.options.numRows, int64_t(1000));
    QCOMPARE(s.options.numAccounts, int64_t(12));
    QCOMPARE(s.options.numBranches, int64_t(3));
    QCOMPARE(s.options.minAmountCents, int64_t(1050));
    QCOMPARE(s.options.maxAmountCents, int64_t(9999));
    QCOMPARE(s.options.startTimeMicros, *parseTimestamp("2026-03-01 10:00:00"));
    QCOMPARE(s.options.eventTimeSpanMicros, int64_t(600'000'000));
    QCOMPARE(s.options.jitterMicros, int64_t(45'000'000));
    QCOMPARE(s.options.lateFraction, 0.125);
    QCOMPARE(s.options.latenessMicros, int64_t(3'600'000'000));
    QVERIFY(dialog.summaryText().contains(QLocale().toString(qlonglong(3000))));
    QVERIFY(dialog.summaryText().contains(QLatin1String("2026-03-01 10:30:00")));

    auto *generateButton = dialog.findChild<QPushButton *>(QStringLiteral("generateButton"));
    QVERIFY(generateButton->isEnabled());
    dialog.findChild<QLineEdit *>(QStringLiteral("jitter"))->setText(QStringLiteral("45 secnds"));
    QVERIFY(!dialog.isValid());
    QVERIFY(!generateButton->isEnabled());
    QVERIFY2(dialog.errorText().startsWith(QLatin1String("Jitter: ")), qPrintable(dialog.errorText()));
    dialog.findChild<QLineEdit *>(QStringLiteral("jitter"))->setText(QStringLiteral("0 seconds"));
    dialog.findChild<QDoubleSpinBox *>(QStringLiteral("minAmount"))->setValue(500);
    QVERIFY(!dialog.isValid());
    dialog.findChild<QDoubleSpinBox *>(QStringLiteral("minAmount"))->setValue(5);
    dialog.findChild<QSpinBox *>(QStringLiteral("numSteps"))->setValue(20'000);
    QVERIFY(dialog.errorText().contains(QLatin1String("too many")));
    dialog.findChild<QSpinBox *>(QStringLiteral("numSteps"))->setValue(3);
    QVERIFY(dialog.isValid());
    dialog.findChild<QLineEdit *>(QStringLiteral("start"))->setText(QStringLiteral("tomorrow"));
    QCOMPARE(dialog.errorText(),
             QStringLiteral("First event time: \"tomorrow\" is not a timestamp (expected YYYY-MM-DD HH:MM:SS[.ffffff], UTC)."));
    dialog.findChild<QLineEdit *>(QStringLiteral("start"))->setText(QStringLiteral("2026-03-01T10:00:00Z"));
    QVERIFY(dialog.isValid());

    // setSettings shows settings in the fields; reading them back gives the same settings.
    StepGeneratorSettings demo = demoSettings();
    dialog.setSettings(demo);
    const StepGeneratorSettings back = dialog.settings();
    QCOMPARE(back.numSteps, demo.numSteps);
    QCOMPARE(back.options.seed, demo.options.seed);
    QCOMPARE(back.options.numRows, demo.options.numRows);
    QCOMPARE(back.options.startTimeMicros, demo.options.startTimeMicros);
    QCOMPARE(back.options.eventTimeSpanMicros, demo.options.eventTimeSpanMicros);
    QCOMPARE(back.options.latenessMicros, demo.options.latenessMicros);
    QCOMPARE(back.options.lateFraction, demo.options.lateFraction);
    QCOMPARE(back.options.minAmountCents, demo.options.minAmountCents);
    QCOMPARE(back.options.maxAmountCents, demo.options.maxAmountCents);
}

void TestInputEditing::saveOpenRoundTripKeepsEveryRow()
{
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const QString path = folder.filePath(QStringLiteral("edited.scenario.json"));
    MainWindow window;
    QVERIFY(window.openScenario(lesson("04-windowed-totals-append.scenario.json")));
    RunController *controller = window.controller();
    InputEditor *editor = window.inputEditor();
    StepGeneratorSettings settings = demoSettings();
    settings.append = true;
    settings.options.jitterMicros = 1'234'567; // microsecond event times
    settings.options.minAmountCents = -500;
    editor->generate(settings);
    editor->setCurrentStep(0);
    InputStepsModel *model = editor->model();
    QVERIFY(model->setData(model->index(0, 2), QStringLiteral("-0.01")));
    QVERIFY(model->setData(model->index(1, 3), QStringLiteral("2026-03-01 10:02:30.000001")));
    QVERIFY(model->setData(model->index(2, 0), QStringLiteral("Zürich \"quoted\" ✓")));
    editor->rowsView()->setCurrentIndex(model->index(3, 1));
    editor->setCurrentCellNull();
    editor->setCurrentStep(6);
    QVERIFY(editor->setProcessingTimeText(QStringLiteral("2026-03-01 11:00:00.5")));
    editor->addStep(); // an empty trigger
    const Scenario edited = controller->scenario();
    QVERIFY(window.isWindowModified());

    QVERIFY(window.saveTo(path));
    QVERIFY(!window.isWindowModified());
    RunController reopened;
    QString error;
    QVERIFY2(reopened.openFile(path, &error), qPrintable(error));
    const Scenario &back = reopened.scenario();
    QCOMPARE(back.steps.size(), edited.steps.size());
    for (size_t s = 0; s < edited.steps.size(); ++s) {
        QVERIFY2(sameRows(back.steps[s].rows, edited.steps[s].rows), qPrintable(QString::number(s)));
        QCOMPARE(back.steps[s].processingTimeMicros, edited.steps[s].processingTimeMicros);
    }
    QCOMPARE(back.steps[0].rows.get(2, 0), Value::string("Zürich \"quoted\" ✓"));
    QVERIFY(back.steps[0].rows.columns[1].isNull(3));
    QCOMPARE(writeScenario(back), writeScenario(edited));
}

// Lesson 27a (4 steps of 25,000 rows from CSV files) saved from the window: unchanged steps keep
// their "rowsFile", an edited one is saved as a new rows file and reopens with the edit, undo
// brings the reference back, and Save As into another folder reopens with the same rows.
void TestInputEditing::savingKeepsRowsFilesUnlessEdited()
{
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    QVERIFY(QDir().mkpath(folder.filePath(QStringLiteral("27-memory-trap"))));
    const QString name = QStringLiteral("27a-complete-memory-trap.scenario.json");
    QVERIFY(QFile::copy(lesson("27a-complete-memory-trap.scenario.json"), folder.filePath(name)));
    for (int i = 0; i < 4; ++i)
        QVERIFY(QFile::copy(lesson("27-memory-trap/step%1.csv").arg(i), folder.filePath(QStringLiteral("27-memory-trap/step%1.csv").arg(i))));
    const QString path = folder.filePath(name);
    auto fileText = [](const QString &file) {
        QFile f(file);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    auto reopened = [](const QString &file) {
        RunController controller;
        QString error;
        if (!controller.openFile(file, &error))
            qWarning() << error;
        return controller.hasScenario() ? controller.scenario() : Scenario();
    };

    MainWindow window;
    QVERIFY(window.openScenario(path));
    RunController *controller = window.controller();
    const Scenario read = controller->scenario();
    QCOMPARE(read.steps[0].rows.numRows, size_t(25'000));
    QVERIFY(window.saveTo(path));
    QByteArray text = fileText(path);
    QVERIFY(text.contains("\"rowsFile\": \"27-memory-trap/step0.csv\""));
    QVERIFY(!text.contains("\"rows\""));
    QVERIFY(text.size() < 20'000);

    // One cell of step 2, typed in the input editor.
    InputEditor *editor = window.inputEditor();
    editor->setCurrentStep(2);
    const int account = column(*controller, "accountId");
    QVERIFY(editor->model()->setData(editor->model()->index(7, account), QStringLiteral("EDITED")));
    const Scenario edited = controller->scenario();
    QVERIFY(window.saveTo(path));
    text = fileText(path);
    QVERIFY(text.contains("\"rowsFile\": \"27a-complete-memory-trap.step2.ndjson\""));
    QVERIFY(text.contains("\"rowsFile\": \"27-memory-trap/step3.csv\""));
    QVERIFY(!text.contains("step2.csv"));
    Scenario back = reopened(path);
    QCOMPARE(back.steps.size(), edited.steps.size());
    for (size_t s = 0; s < edited.steps.size(); ++s)
        QVERIFY2(sameRows(back.steps[s].rows, edited.steps[s].rows), qPrintable(QString::number(s)));
    QCOMPARE(back.steps[2].rows.get(7, size_t(account)), Value::string("EDITED"));

    // Undone: the step's rows are those of its CSV again.
    window.undoStack()->undo();
    QVERIFY(window.saveTo(path));
    QVERIFY(fileText(path).contains("\"rowsFile\": \"27-memory-trap/step2.csv\""));
    QVERIFY(sameRows(reopened(path).steps[2].rows, read.steps[2].rows));
    // Redone: the rows file saved for the edit holds those rows, and is used again.
    window.undoStack()->redo();
    QVERIFY(window.saveTo(path));
    QVERIFY(fileText(path).contains("\"rowsFile\": \"27a-complete-memory-trap.step2.ndjson\""));
    QVERIFY(!QFile::exists(folder.filePath(QStringLiteral("27a-complete-memory-trap.step2-2.ndjson"))));
    QCOMPARE(reopened(path).steps[2].rows.get(7, size_t(account)), Value::string("EDITED"));
    window.undoStack()->undo();

    // Save As into another folder: the rows files go along.
    QTemporaryDir other;
    QVERIFY(other.isValid());
    const QString copy = other.filePath(QStringLiteral("copy.scenario.json"));
    QVERIFY(window.saveTo(copy));
    QVERIFY(fileText(copy).contains("\"rowsFile\": \"27-memory-trap/step1.csv\""));
    QVERIFY(QFile::exists(other.filePath(QStringLiteral("27-memory-trap/step1.csv"))));
    back = reopened(copy);
    for (size_t s = 0; s < read.steps.size(); ++s)
        QVERIFY2(sameRows(back.steps[s].rows, read.steps[s].rows), qPrintable(QString::number(s)));
}

void TestInputEditing::typingInTheTableEditsTheCell()
{
    MainWindow window;
    QVERIFY(window.openScenario(lesson("04-windowed-totals-append.scenario.json")));
    window.editInputAction()->trigger();
    InputEditor *editor = window.inputEditor();
    QTableView *view = editor->rowsView();
    const int amount = column(*window.controller(), "amount");
    auto typeInto = [&](int row, int column, const QString &text) {
        const QModelIndex index = editor->model()->index(row, column);
        view->setCurrentIndex(index);
        view->edit(index);
        auto *lineEdit = view->viewport()->findChild<QLineEdit *>();
        QVERIFY(lineEdit);
        QCOMPARE(lineEdit->text(), editor->model()->data(index).toString()); // starts from the shown text
        lineEdit->setText(text);
        QTest::keyClick(lineEdit, Qt::Key_Return);
        QCoreApplication::processEvents(); // the delegate commits on a queued call
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete); // the closed editor
    };
    typeInto(1, amount, QStringLiteral("555.5"));
    QCOMPARE(window.controller()->scenario().steps[0].rows.get(1, static_cast<size_t>(amount)), Value::decimal(55550, 12, 2));
    QCOMPARE(view->currentIndex(), editor->model()->index(1, amount)); // the cell stays current
    typeInto(1, amount, QStringLiteral("5,5"));
    QCOMPARE(window.controller()->scenario().steps[0].rows.get(1, static_cast<size_t>(amount)), Value::decimal(55550, 12, 2));
    QVERIFY(editor->message().contains(QLatin1String("\"5,5\" is not a plain decimal number")));
    QCOMPARE(window.undoStack()->count(), 1);
}

void TestInputEditing::generateRowsActionRunsTheDialog()
{
    MainWindow window;
    QVERIFY(window.openScenario(lesson("04-windowed-totals-append.scenario.json")));
    bool sawDialog = false;
    QTimer::singleShot(0, &window, [&] {
        auto *dialog = qobject_cast<GeneratorDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        sawDialog = true;
        StepGeneratorSettings settings = demoSettings();
        settings.append = false;
        dialog->setSettings(settings);
        dialog->findChild<QPushButton *>(QStringLiteral("generateButton"))->click();
    });
    window.generateRowsAction()->trigger();
    QVERIFY(sawDialog);
    const std::vector<Step> &steps = window.controller()->scenario().steps;
    QCOMPARE(steps.size(), size_t(4));
    QVERIFY(sameRows(steps[0].rows, generateTransactions(demoSettings().options)));
    QVERIFY(window.isWindowModified());
    QCOMPARE(window.undoStack()->undoText(), QStringLiteral("Generate 4 step(s)"));
}

void TestInputEditing::screenshots()
{
    MainWindow window;
    QVERIFY(window.openScenario(lesson("04-windowed-totals-append.scenario.json")));
    InputEditor *editor = window.inputEditor();
    editor->setCurrentStep(1);
    QVERIFY(!editor->model()->setData(editor->model()->index(1, 2), QStringLiteral("12.345")));
    maybeScreenshot(editor, QStringLiteral("input-editor.png"));
    GeneratorDialog dialog(window.controller()->scenario(), editor);
    maybeScreenshot(&dialog, QStringLiteral("generator-dialog.png"));
    QVERIFY(editor->grab().width() > 0);
    QVERIFY(dialog.grab().width() > 0);
}

QTEST_MAIN(TestInputEditing)
#include "tst_input_editing.moc"
