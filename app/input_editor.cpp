#include "input_editor.h"

#include "generator_dialog.h"
#include "input_edit_command.h"
#include "input_steps_model.h"
#include "lessons_page.h"

#include "streamstep/value_format.h"

#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPointer>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include <set>

namespace streamstep {

namespace {

// A red that reads on light and dark palettes alike.
QColor errorColor(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128 ? QColor(255, 120, 110) : QColor(200, 40, 40);
}

QToolButton *toolButton(QAction *action, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setDefaultAction(action);
    button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    button->setAutoRaise(true);
    return button;
}

} // namespace

InputEditor::InputEditor(RunController *controller, QUndoStack *undoStack, QWidget *parent)
    : QDialog(parent), m_controller(controller), m_undoStack(undoStack), m_model(new InputStepsModel(this))
{
    setObjectName(QStringLiteral("inputEditor"));
    setWindowTitle(tr("Input Rows"));
    setSizeGripEnabled(true);
    // Presenter mode scales the main window's font; this window follows it.
    setAttribute(Qt::WA_WindowPropagation);
    QStyle *s = style();

    auto makeAction = [this](const QIcon &icon, const QString &text, const QString &tip, const char *name) {
        auto *action = new QAction(icon, text, this);
        action->setToolTip(tip);
        action->setObjectName(QLatin1String(name));
        return action;
    };
    m_addStepAction = makeAction(s->standardIcon(QStyle::SP_FileIcon), tr("&Add Step"),
                                 tr("Add an empty step (a trigger with no new data) after the selected one"), "addStepAction");
    m_duplicateStepAction = makeAction(s->standardIcon(QStyle::SP_FileLinkIcon), tr("&Duplicate"),
                                       tr("Add a copy of the selected step after it"), "duplicateStepAction");
    m_removeStepAction = makeAction(s->standardIcon(QStyle::SP_TrashIcon), tr("Re&move Step"),
                                    tr("Remove the selected step and its rows"), "removeStepAction");
    m_addRowAction = makeAction(s->standardIcon(QStyle::SP_FileDialogNewFolder), tr("Add &Row"),
                                tr("Add a copy of the selected row below it, ready to edit (Insert)"), "addRowAction");
    m_addRowAction->setShortcut(Qt::Key_Insert);
    m_addRowAction->setShortcutContext(Qt::WidgetShortcut);
    m_removeRowsAction = makeAction(s->standardIcon(QStyle::SP_DialogDiscardButton), tr("Remove Ro&ws"),
                                    tr("Remove the selected rows (Ctrl+Delete)"), "removeRowsAction");
    m_removeRowsAction->setShortcut(Qt::CTRL | Qt::Key_Delete);
    m_removeRowsAction->setShortcutContext(Qt::WidgetShortcut);
    m_setNullAction = makeAction(QIcon(), tr("Set &NULL"),
                                 tr("Set the selected cell to NULL (Delete); typed text in a string column is always text"),
                                 "setNullAction");
    m_setNullAction->setShortcut(QKeySequence::Delete);
    m_setNullAction->setShortcutContext(Qt::WidgetShortcut);
    m_generateAction = makeAction(s->standardIcon(QStyle::SP_BrowserReload), tr("&Generate Rows…"),
                                  tr("Fill the input with seeded random transactions"), "generateRowsAction");
    connect(m_addStepAction, &QAction::triggered, this, &InputEditor::addStep);
    connect(m_duplicateStepAction, &QAction::triggered, this, &InputEditor::duplicateStep);
    connect(m_removeStepAction, &QAction::triggered, this, &InputEditor::removeStep);
    connect(m_addRowAction, &QAction::triggered, this, &InputEditor::addRow);
    connect(m_removeRowsAction, &QAction::triggered, this, &InputEditor::removeSelectedRows);
    connect(m_setNullAction, &QAction::triggered, this, &InputEditor::setCurrentCellNull);
    connect(m_generateAction, &QAction::triggered, this, &InputEditor::showGeneratorDialog);

    // The main window's undo and redo, reachable while this window has the focus.
    QAction *undo = m_undoStack->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setIcon(s->standardIcon(QStyle::SP_ArrowBack));
    QAction *redo = m_undoStack->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    redo->setIcon(s->standardIcon(QStyle::SP_ArrowForward));
    addAction(undo);
    addAction(redo);

    // Steps, left.
    auto *stepsPane = new QWidget(this);
    auto *stepsLayout = new QVBoxLayout(stepsPane);
    stepsLayout->setContentsMargins(0, 0, 0, 0);
    auto *stepsCaption = new QLabel(tr("<b>Steps</b> (one trigger each)"), stepsPane);
    m_stepList = new QListWidget(stepsPane);
    m_stepList->setObjectName(QStringLiteral("stepList"));
    m_stepList->setUniformItemSizes(true);
    m_stepList->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_stepList->addActions({m_addStepAction, m_duplicateStepAction, m_removeStepAction});
    stepsCaption->setBuddy(m_stepList);
    auto *stepButtons = new QHBoxLayout;
    stepButtons->addWidget(toolButton(m_addStepAction, stepsPane));
    stepButtons->addWidget(toolButton(m_duplicateStepAction, stepsPane));
    stepButtons->addWidget(toolButton(m_removeStepAction, stepsPane));
    stepButtons->addStretch();
    stepsLayout->addWidget(stepsCaption);
    stepsLayout->addWidget(m_stepList, 1);
    stepsLayout->addLayout(stepButtons);

    // Rows of the current step, right.
    auto *rowsPane = new QWidget(this);
    auto *rowsLayout = new QVBoxLayout(rowsPane);
    rowsLayout->setContentsMargins(0, 0, 0, 0);
    m_stepTitle = new QLabel(rowsPane);
    m_stepTitle->setObjectName(QStringLiteral("stepTitle"));
    QFont titleFont = m_stepTitle->font();
    titleFont.setBold(true);
    m_stepTitle->setFont(titleFont);
    auto *timeRow = new QHBoxLayout;
    auto *timeCaption = new QLabel(tr("&Processing time:"), rowsPane);
    m_processingTime = new QLineEdit(rowsPane);
    m_processingTime->setObjectName(QStringLiteral("processingTimeEdit"));
    m_processingTime->setPlaceholderText(tr("not set"));
    m_processingTime->setToolTip(tr("The trigger's wall-clock time (UTC) that current_timestamp() returns in this "
                                    "step, like 2026-03-01 10:05:00. Leave empty when the query does not use it."));
    m_processingTime->setClearButtonEnabled(true);
    timeCaption->setBuddy(m_processingTime);
    timeRow->addWidget(timeCaption);
    timeRow->addWidget(m_processingTime, 1);

    m_rowsView = new QTableView(rowsPane);
    m_rowsView->setObjectName(QStringLiteral("inputRowsView"));
    m_rowsView->setModel(m_model);
    m_rowsView->setAlternatingRowColors(true);
    m_rowsView->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_rowsView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_rowsView->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                                | QAbstractItemView::AnyKeyPressed | QAbstractItemView::SelectedClicked);
    m_rowsView->horizontalHeader()->setStretchLastSection(true);
    // Fixed heights keep a step of a million rows scrolling without measuring rows.
    m_rowsView->verticalHeader()->setDefaultSectionSize(m_rowsView->fontMetrics().height() + 8);
    m_rowsView->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_rowsView->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_rowsView->addActions({m_addRowAction, m_removeRowsAction, m_setNullAction});
    auto *rowButtons = new QHBoxLayout;
    rowButtons->addWidget(toolButton(m_addRowAction, rowsPane));
    rowButtons->addWidget(toolButton(m_removeRowsAction, rowsPane));
    rowButtons->addWidget(toolButton(m_setNullAction, rowsPane));
    rowButtons->addStretch();
    rowButtons->addWidget(toolButton(m_generateAction, rowsPane));
    rowsLayout->addWidget(m_stepTitle);
    rowsLayout->addLayout(timeRow);
    rowsLayout->addWidget(m_rowsView, 1);
    rowsLayout->addLayout(rowButtons);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(stepsPane);
    splitter->addWidget(rowsPane);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({220, 640});

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("inputMessage"));
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    QPalette palette = m_message->palette();
    palette.setColor(QPalette::WindowText, errorColor(palette));
    m_message->setPalette(palette);
    m_message->hide();

    auto *bottom = new QHBoxLayout;
    bottom->addWidget(toolButton(undo, this));
    bottom->addWidget(toolButton(redo, this));
    bottom->addStretch();
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    bottom->addWidget(buttons);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_message);
    layout->addLayout(bottom);
    resize(900, 560);

    connect(m_stepList, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row != m_currentStep)
            showStep(row);
    });
    connect(m_processingTime, &QLineEdit::editingFinished, this, [this] { setProcessingTimeText(m_processingTime->text()); });
    connect(m_model, &InputStepsModel::cellEditRequested, this, [this](int row, int column, const Value &value) {
        if (hasScenario() && m_currentStep >= 0)
            push(InputEditCommand::setCell(m_controller, m_currentStep, row, column, value));
    });
    connect(m_model, &InputStepsModel::editRejected, this, [this](int, int, const QString &message) { showMessage(message); });
    connect(m_rowsView->selectionModel(), &QItemSelectionModel::currentChanged, this, &InputEditor::updateActions);
    connect(m_controller, &RunController::scenarioChanged, this, &InputEditor::refresh);
    refresh();
}

InputEditor::~InputEditor()
{
    // Hiding on destruction ends editing: nothing may reach a controller that is already gone.
    m_processingTime->disconnect(this);
    m_model->clear();
}

void InputEditor::changeEvent(QEvent *event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        m_rowsView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
}

bool InputEditor::hasScenario() const
{
    return m_controller && m_controller->hasScenario();
}

QString InputEditor::message() const
{
    return m_message->text();
}

void InputEditor::setCurrentStep(int step)
{
    if (!hasScenario())
        return;
    const int numSteps = static_cast<int>(m_controller->scenario().steps.size());
    showStep(numSteps == 0 ? -1 : std::clamp(step, 0, numSteps - 1));
}

void InputEditor::refresh()
{
    if (!hasScenario()) {
        m_stepList->clear();
        m_currentStep = -1;
        m_model->clear();
        updateActions();
        return;
    }
    const Scenario &scenario = m_controller->scenario();
    const int numSteps = static_cast<int>(scenario.steps.size());
    {
        const QSignalBlocker blocker(m_stepList);
        while (m_stepList->count() > numSteps)
            delete m_stepList->takeItem(m_stepList->count() - 1);
        while (m_stepList->count() < numSteps)
            m_stepList->addItem(new QListWidgetItem);
        for (int i = 0; i < numSteps; ++i) {
            const Step &step = scenario.steps[static_cast<size_t>(i)];
            QString text = tr("Step %1 · %Ln row(s)", nullptr, static_cast<int>(step.rows.numRows)).arg(i);
            if (step.processingTimeMicros)
                text += QStringLiteral(" · ") + QString::fromStdString(formatTimestamp(*step.processingTimeMicros));
            m_stepList->item(i)->setText(text);
        }
    }
    QString name = lessonTitle(scenario);
    if (name.isEmpty())
        name = m_controller->filePath();
    setWindowTitle(tr("Input Rows — %1").arg(name));
    showStep(numSteps == 0 ? -1 : std::clamp(m_currentStep < 0 ? 0 : m_currentStep, 0, numSteps - 1));
}

void InputEditor::showStep(int step)
{
    const bool stepChanged = step != m_currentStep;
    m_currentStep = step;
    {
        const QSignalBlocker blocker(m_stepList);
        m_stepList->setCurrentRow(step);
    }
    if (step < 0) {
        m_model->clear();
        m_stepTitle->setText(hasScenario() ? tr("No steps: add one or generate rows.") : QString());
        m_processingTime->clear();
        m_processingTime->setEnabled(false);
        updateActions();
        return;
    }
    const Step &current = m_controller->scenario().steps[static_cast<size_t>(step)];
    const bool reset = m_model->batch() == nullptr || m_model->rowCount() != static_cast<int>(current.rows.numRows);
    m_model->setBatch(&current.rows);
    if (stepChanged || reset)
        m_rowsView->resizeColumnsToContents();
    m_stepTitle->setText(tr("Step %1: %Ln row(s) arrive in this trigger", nullptr, static_cast<int>(current.rows.numRows)).arg(step));
    m_processingTime->setEnabled(true);
    m_processingTime->setText(current.processingTimeMicros ? QString::fromStdString(formatTimestamp(*current.processingTimeMicros))
                                                           : QString());
    updateActions();
}

void InputEditor::updateActions()
{
    const bool scenario = hasScenario();
    const bool step = scenario && m_currentStep >= 0;
    const bool rows = step && m_model->rowCount() > 0;
    m_addStepAction->setEnabled(scenario);
    m_duplicateStepAction->setEnabled(step);
    m_removeStepAction->setEnabled(step);
    m_addRowAction->setEnabled(step);
    m_removeRowsAction->setEnabled(rows);
    m_setNullAction->setEnabled(rows && m_rowsView->currentIndex().isValid());
    m_generateAction->setEnabled(scenario);
}

void InputEditor::showMessage(const QString &message)
{
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
}

void InputEditor::push(InputEditCommand *command)
{
    showMessage({});
    const QPointer<InputEditor> editor(this);
    command->setFocusHandler([editor](const InputEditCommand::Focus &focus) {
        if (editor)
            editor->focusOn(focus.step, focus.row, focus.column);
    });
    const QString description = command->text();
    m_undoStack->push(command);
    Q_EMIT inputEdited(description);
}

void InputEditor::focusOn(int step, int row, int column)
{
    setCurrentStep(step);
    if (row < 0 || m_model->rowCount() == 0)
        return;
    const QModelIndex index = m_model->index(std::min(row, m_model->rowCount() - 1), std::max(column, 0));
    m_rowsView->setCurrentIndex(index);
    m_rowsView->scrollTo(index);
}

void InputEditor::addStep()
{
    if (!hasScenario())
        return;
    const Scenario &scenario = m_controller->scenario();
    const int at = m_currentStep < 0 ? static_cast<int>(scenario.steps.size()) : m_currentStep + 1;
    Step step;
    step.rows = ColumnBatch::empty(scenario.sourceSchema);
    push(InputEditCommand::insertSteps(m_controller, at, {std::move(step)}, tr("Add step %1").arg(at)));
}

void InputEditor::duplicateStep()
{
    if (!hasScenario() || m_currentStep < 0)
        return;
    Step copy = m_controller->scenario().steps[static_cast<size_t>(m_currentStep)];
    push(InputEditCommand::insertSteps(m_controller, m_currentStep + 1, {std::move(copy)},
                                       tr("Duplicate step %1").arg(m_currentStep)));
}

void InputEditor::removeStep()
{
    if (!hasScenario() || m_currentStep < 0)
        return;
    push(InputEditCommand::removeStep(m_controller, m_currentStep));
}

void InputEditor::addRow()
{
    if (!hasScenario() || m_currentStep < 0)
        return;
    const ColumnBatch &rows = m_controller->scenario().steps[static_cast<size_t>(m_currentStep)].rows;
    ColumnBatch added;
    int at = 0;
    if (rows.numRows > 0) {
        const QModelIndex current = m_rowsView->currentIndex();
        const int source = current.isValid() ? current.row() : static_cast<int>(rows.numRows) - 1;
        added = rows.gather({static_cast<uint32_t>(source)});
        at = source + 1;
    } else {
        added = ColumnBatch::empty(rows.schema);
        added.appendRow(std::vector<Value>(rows.schema.size(), Value::null()));
    }
    push(InputEditCommand::insertRows(m_controller, m_currentStep, at, std::move(added)));
}

void InputEditor::removeSelectedRows()
{
    if (!hasScenario() || m_currentStep < 0 || m_model->rowCount() == 0)
        return;
    std::set<int> rows;
    for (const QModelIndex &index : m_rowsView->selectionModel()->selectedIndexes())
        rows.insert(index.row());
    if (rows.empty() && m_rowsView->currentIndex().isValid())
        rows.insert(m_rowsView->currentIndex().row());
    if (rows.empty())
        return;
    push(InputEditCommand::removeRows(m_controller, m_currentStep, std::vector<int>(rows.begin(), rows.end())));
}

void InputEditor::setCurrentCellNull()
{
    const QModelIndex index = m_rowsView->currentIndex();
    if (index.isValid())
        m_model->setData(index, QVariant());
}

bool InputEditor::setProcessingTimeText(const QString &text)
{
    if (!hasScenario() || m_currentStep < 0)
        return false;
    const Step &step = m_controller->scenario().steps[static_cast<size_t>(m_currentStep)];
    std::optional<int64_t> micros;
    if (!text.trimmed().isEmpty()) {
        const std::optional<Value> value =
            InputStepsModel::parseCellText(text, Field{"processingTime", DataType::timestamp(), {}});
        if (!value || value->isNull()) {
            showMessage(tr("Processing time: \"%1\" is not a timestamp (expected YYYY-MM-DD HH:MM:SS[.ffffff], UTC).")
                            .arg(text.trimmed()));
            return false;
        }
        micros = value->asTimestamp();
    }
    if (micros == step.processingTimeMicros) {
        showMessage({});
        return true;
    }
    push(InputEditCommand::setProcessingTime(m_controller, m_currentStep, micros));
    return true;
}

void InputEditor::generate(const StepGeneratorSettings &settings)
{
    if (!hasScenario())
        return;
    const Scenario &scenario = m_controller->scenario();
    std::vector<Step> steps;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    try {
        steps = generateSteps(settings, scenario.sourceSchema);
    } catch (const std::exception &e) {
        QApplication::restoreOverrideCursor();
        showMessage(tr("Cannot generate rows: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    const QString description = tr("Generate %n step(s)", nullptr, settings.numSteps);
    if (settings.append)
        push(InputEditCommand::insertSteps(m_controller, static_cast<int>(scenario.steps.size()), std::move(steps), description));
    else
        push(InputEditCommand::replaceSteps(m_controller, std::move(steps), description));
    QApplication::restoreOverrideCursor();
}

bool InputEditor::showGeneratorDialog()
{
    if (!hasScenario())
        return false;
    GeneratorDialog dialog(m_controller->scenario(), isVisible() ? this : parentWidget());
    if (dialog.exec() != QDialog::Accepted)
        return false;
    generate(dialog.settings());
    return true;
}

} // namespace streamstep
