// Records one edit of the input steps (a cell, rows, steps, a processing time, generated steps)
// as the exact rows and steps it removed and inserted, so undo restores the input bit for bit and
// an edit of one cell keeps one row, not a copy of the whole input. Edits are differences, not
// snapshots, so they compose with query edits on the same undo stack in any order.
//
// Applying an edit resets the run (batches of the old input say nothing about the new input) and
// drops the scenario's `expect` entries of the edited step and every later one: Spark's results
// after a step depend on all input up to it, so those expectations no longer describe this input.
// Undo brings them back.
#pragma once

#include "run_controller.h"

#include <QCoreApplication>
#include <QPointer>
#include <QUndoCommand>

#include <functional>
#include <optional>
#include <vector>

namespace streamstep {

class InputEditCommand : public QUndoCommand {
    Q_DECLARE_TR_FUNCTIONS(InputEditCommand)
public:
    // Where an applied edit happened, so an editor can show it: a step, and a row and column in
    // it where there is one (-1 otherwise).
    struct Focus {
        int step = -1;
        int row = -1;
        int column = -1;
    };
    using FocusHandler = std::function<void(const Focus &)>;

    // Each factory describes an edit of the controller's current scenario; push the command on
    // the undo stack to apply it. Indices must be valid for the current scenario.
    static InputEditCommand *setCell(RunController *controller, int step, int row, int column, const Value &value);
    // Inserts `rows` (typed to the source schema) before row `row` of `step` (row == size appends).
    static InputEditCommand *insertRows(RunController *controller, int step, int row, ColumnBatch rows);
    // Removes the given rows of `step` (any order, duplicates ignored).
    static InputEditCommand *removeRows(RunController *controller, int step, std::vector<int> rows);
    // Inserts `steps` before step `at` (at == number of steps appends).
    static InputEditCommand *insertSteps(RunController *controller, int at, std::vector<Step> steps, const QString &text);
    static InputEditCommand *removeStep(RunController *controller, int step);
    // Replaces every step (the generator's "replace").
    static InputEditCommand *replaceSteps(RunController *controller, std::vector<Step> steps, const QString &text);
    // Moves row `row` of `fromStep` to the end of `toStep`'s rows (the timeline's drag: it
    // arrives in another trigger), with `eventTime` in column `eventTimeColumn` when given
    // (-1: the row keeps its values). fromStep == toStep only changes the event time in place.
    static InputEditCommand *moveRow(RunController *controller, int fromStep, int row, int toStep,
                                     int eventTimeColumn = -1, const Value &eventTime = Value::null());
    static InputEditCommand *setProcessingTime(RunController *controller, int step, std::optional<int64_t> micros);

    // Called after every redo() and undo() with the place the edit changed.
    void setFocusHandler(FocusHandler handler) { m_focusHandler = std::move(handler); }

    void undo() override;
    void redo() override;

private:
    // One change, applied forwards by redo() and backwards by undo().
    struct Change {
        enum class Kind { Rows, Steps, ProcessingTime };
        Kind kind = Kind::Rows;
        int step = 0;  // Rows, ProcessingTime: the step; Steps: the first step replaced
        int first = 0; // Rows: the first row replaced
        ColumnBatch removedRows;
        ColumnBatch insertedRows;
        std::vector<Step> removedSteps;
        std::vector<Step> insertedSteps;
        std::optional<int64_t> timeBefore;
        std::optional<int64_t> timeAfter;
        // Rows: the rows file the step's rows came from before the change, put back by undo, so
        // that a lesson whose edits are undone saves with its "rowsFile" again (the writer checks
        // the rows are the file's).
        std::optional<RowsFileOrigin> rowsFileBefore;
    };

    InputEditCommand(RunController *controller, const QString &text, int firstChangedStep);
    void apply(bool forwards);

    QPointer<RunController> m_controller;
    std::vector<Change> m_changes;
    std::vector<Expectation> m_expectBefore;
    std::vector<Expectation> m_expectAfter;
    Focus m_focus;
    FocusHandler m_focusHandler;
};

} // namespace streamstep
