// Edits the scenario's input: the list of steps (one trigger's rows each) with add, duplicate and
// remove, the rows of the chosen step in a typed table, each step's processing time, and the
// generator for demos at scale. Like the query editor it never changes the scenario itself: every
// edit is an InputEditCommand on the main window's undo stack, so Edit ▸ Undo takes back input
// and query edits alike and the window knows the scenario has unsaved changes.
#pragma once

#include "run_controller.h"

#include <QDialog>
#include <QPointer>

class QAction;
class QLabel;
class QLineEdit;
class QListWidget;
class QTableView;
class QUndoStack;

namespace streamstep {

class InputStepsModel;
struct StepGeneratorSettings;

class InputEditor : public QDialog {
    Q_OBJECT
public:
    InputEditor(RunController *controller, QUndoStack *undoStack, QWidget *parent = nullptr);
    ~InputEditor() override;

    InputStepsModel *model() const { return m_model; }
    QTableView *rowsView() const { return m_rowsView; }
    QListWidget *stepList() const { return m_stepList; }
    QLineEdit *processingTimeEdit() const { return m_processingTime; }
    // The message of the last refused edit ("Column 'amount': …"), empty after a good one.
    QString message() const;

    // The step shown in the table (-1 when the scenario has none).
    int currentStep() const { return m_currentStep; }
    void setCurrentStep(int step);

    // The edits, as the buttons make them (also for tests: no dialog involved).
    // Adds an empty step (a trigger with no data) after the current one.
    void addStep();
    // Adds a copy of the current step after it.
    void duplicateStep();
    void removeStep();
    // Adds a copy of the current row below it, ready to edit (a row of NULLs in an empty step).
    void addRow();
    void removeSelectedRows();
    // Sets the current cell to SQL NULL (the only way to NULL a string cell: typed text is text).
    void setCurrentCellNull();
    // Sets the current step's processing time from a timestamp text; empty text unsets it. Returns
    // false and shows why for text that is not a timestamp.
    bool setProcessingTimeText(const QString &text);
    // Fills (or extends) the input with generated steps, as the generator dialog's Generate does.
    void generate(const StepGeneratorSettings &settings);
    // Asks for generator settings and generates; false when cancelled.
    bool showGeneratorDialog();

Q_SIGNALS:
    // The editor changed the input; `description` names the edit (as the Edit menu does).
    void inputEdited(const QString &description);

protected:
    void changeEvent(QEvent *event) override;

private:
    bool hasScenario() const;
    void push(class InputEditCommand *command);
    void focusOn(int step, int row, int column);
    void refresh();
    void showStep(int step);
    void showMessage(const QString &message);
    void updateActions();

    QPointer<RunController> m_controller; // the main window deletes it before this editor
    QUndoStack *m_undoStack;
    InputStepsModel *m_model;
    QListWidget *m_stepList;
    QTableView *m_rowsView;
    QLineEdit *m_processingTime;
    QLabel *m_stepTitle;
    QLabel *m_message;
    QAction *m_addStepAction;
    QAction *m_duplicateStepAction;
    QAction *m_removeStepAction;
    QAction *m_addRowAction;
    QAction *m_removeRowsAction;
    QAction *m_setNullAction;
    QAction *m_generateAction;
    int m_currentStep = -1;
};

} // namespace streamstep
