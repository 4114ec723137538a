#include "input_edit_command.h"

#include <algorithm>
#include <numeric>

namespace streamstep {

namespace {

ColumnBatch rowsOf(const ColumnBatch &batch, size_t first, size_t count)
{
    std::vector<uint32_t> indices(count);
    std::iota(indices.begin(), indices.end(), static_cast<uint32_t>(first));
    return batch.gather(indices);
}

void eraseRows(ColumnBatch &batch, size_t first, size_t count)
{
    if (count == 0)
        return;
    for (Column &c : batch.columns)
        c.eraseRows(first, count);
    batch.numRows -= count;
}

void insertRowsAt(ColumnBatch &batch, size_t at, const ColumnBatch &rows)
{
    if (rows.numRows == 0)
        return;
    for (size_t i = 0; i < batch.columns.size(); ++i)
        batch.columns[i].insertRows(at, rows.columns[i]);
    batch.numRows += rows.numRows;
}

} // namespace

InputEditCommand::InputEditCommand(RunController *controller, const QString &text, int firstChangedStep)
    : QUndoCommand(text), m_controller(controller)
{
    m_expectBefore = controller->scenario().expect;
    for (const Expectation &e : m_expectBefore)
        if (e.step < firstChangedStep)
            m_expectAfter.push_back(e);
}

InputEditCommand *InputEditCommand::setCell(RunController *controller, int step, int row, int column, const Value &value)
{
    const Scenario &scenario = controller->scenario();
    const ColumnBatch &rows = scenario.steps[static_cast<size_t>(step)].rows;
    const Field &field = rows.schema.fields[static_cast<size_t>(column)];
    auto *command = new InputEditCommand(
        controller, tr("Edit %1 in row %2 of step %3").arg(QString::fromStdString(field.name)).arg(row + 1).arg(step), step);
    Change change;
    change.kind = Change::Kind::Rows;
    change.step = step;
    change.first = row;
    change.removedRows = rowsOf(rows, static_cast<size_t>(row), 1);
    change.insertedRows = change.removedRows;
    Column edited(field.type);
    edited.append(value);
    change.insertedRows.columns[static_cast<size_t>(column)] = std::move(edited);
    command->m_changes.push_back(std::move(change));
    command->m_focus = {step, row, column};
    return command;
}

InputEditCommand *InputEditCommand::insertRows(RunController *controller, int step, int row, ColumnBatch rows)
{
    const ColumnBatch &current = controller->scenario().steps[static_cast<size_t>(step)].rows;
    auto *command = new InputEditCommand(
        controller, tr("Add %n row(s) to step %1", nullptr, static_cast<int>(rows.numRows)).arg(step), step);
    Change change;
    change.kind = Change::Kind::Rows;
    change.step = step;
    change.first = row;
    change.removedRows = ColumnBatch::empty(current.schema);
    rows.schema = current.schema;
    change.insertedRows = std::move(rows);
    command->m_changes.push_back(std::move(change));
    command->m_focus = {step, row, 0};
    return command;
}

InputEditCommand *InputEditCommand::removeRows(RunController *controller, int step, std::vector<int> rows)
{
    const ColumnBatch &current = controller->scenario().steps[static_cast<size_t>(step)].rows;
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    auto *command = new InputEditCommand(
        controller, tr("Remove %n row(s) from step %1", nullptr, static_cast<int>(rows.size())).arg(step), step);
    // Contiguous runs, last first, so the row numbers of the runs still to remove stay valid.
    size_t end = rows.size();
    while (end > 0) {
        size_t begin = end - 1;
        while (begin > 0 && rows[begin - 1] == rows[begin] - 1)
            --begin;
        Change change;
        change.kind = Change::Kind::Rows;
        change.step = step;
        change.first = rows[begin];
        change.removedRows = rowsOf(current, static_cast<size_t>(rows[begin]), end - begin);
        change.insertedRows = ColumnBatch::empty(current.schema);
        command->m_changes.push_back(std::move(change));
        end = begin;
    }
    command->m_focus = {step, rows.empty() ? 0 : rows.front(), -1};
    return command;
}

InputEditCommand *InputEditCommand::insertSteps(RunController *controller, int at, std::vector<Step> steps, const QString &text)
{
    auto *command = new InputEditCommand(controller, text, at);
    Change change;
    change.kind = Change::Kind::Steps;
    change.step = at;
    change.insertedSteps = std::move(steps);
    command->m_changes.push_back(std::move(change));
    command->m_focus = {at, -1, -1};
    return command;
}

InputEditCommand *InputEditCommand::removeStep(RunController *controller, int step)
{
    auto *command = new InputEditCommand(controller, tr("Remove step %1").arg(step), step);
    Change change;
    change.kind = Change::Kind::Steps;
    change.step = step;
    change.removedSteps.push_back(controller->scenario().steps[static_cast<size_t>(step)]);
    command->m_changes.push_back(std::move(change));
    command->m_focus = {step, -1, -1};
    return command;
}

InputEditCommand *InputEditCommand::replaceSteps(RunController *controller, std::vector<Step> steps, const QString &text)
{
    auto *command = new InputEditCommand(controller, text, 0);
    Change change;
    change.kind = Change::Kind::Steps;
    change.step = 0;
    change.removedSteps = controller->scenario().steps;
    change.insertedSteps = std::move(steps);
    command->m_changes.push_back(std::move(change));
    command->m_focus = {0, -1, -1};
    return command;
}

InputEditCommand *InputEditCommand::moveRow(RunController *controller, int fromStep, int row, int toStep,
                                             int eventTimeColumn, const Value &eventTime)
{
    const Scenario &scenario = controller->scenario();
    const ColumnBatch &source = scenario.steps[static_cast<size_t>(fromStep)].rows;
    const QString text = fromStep == toStep ? tr("Change the event time of row %1 of step %2").arg(row + 1).arg(fromStep)
                                            : tr("Move row %1 of step %2 to step %3").arg(row + 1).arg(fromStep).arg(toStep);
    auto *command = new InputEditCommand(controller, text, std::min(fromStep, toStep));
    ColumnBatch moved = rowsOf(source, static_cast<size_t>(row), 1);
    if (eventTimeColumn >= 0) {
        Column edited(source.schema.fields[static_cast<size_t>(eventTimeColumn)].type);
        edited.append(eventTime);
        moved.columns[static_cast<size_t>(eventTimeColumn)] = std::move(edited);
    }
    if (fromStep == toStep) {
        Change change;
        change.kind = Change::Kind::Rows;
        change.step = fromStep;
        change.first = row;
        change.removedRows = rowsOf(source, static_cast<size_t>(row), 1);
        change.insertedRows = std::move(moved);
        command->m_changes.push_back(std::move(change));
        command->m_focus = {fromStep, row, eventTimeColumn};
        return command;
    }
    // Out of its step first, then appended to the other: undo takes it off the end again and puts
    // it back where it was.
    Change out;
    out.kind = Change::Kind::Rows;
    out.step = fromStep;
    out.first = row;
    out.removedRows = rowsOf(source, static_cast<size_t>(row), 1);
    out.insertedRows = ColumnBatch::empty(source.schema);
    command->m_changes.push_back(std::move(out));
    const ColumnBatch &target = scenario.steps[static_cast<size_t>(toStep)].rows;
    Change in;
    in.kind = Change::Kind::Rows;
    in.step = toStep;
    in.first = static_cast<int>(target.numRows);
    in.removedRows = ColumnBatch::empty(target.schema);
    moved.schema = target.schema;
    in.insertedRows = std::move(moved);
    command->m_changes.push_back(std::move(in));
    command->m_focus = {toStep, static_cast<int>(target.numRows), eventTimeColumn};
    return command;
}

InputEditCommand *InputEditCommand::setProcessingTime(RunController *controller, int step, std::optional<int64_t> micros)
{
    auto *command = new InputEditCommand(controller, tr("Set the processing time of step %1").arg(step), step);
    Change change;
    change.kind = Change::Kind::ProcessingTime;
    change.step = step;
    change.timeBefore = controller->scenario().steps[static_cast<size_t>(step)].processingTimeMicros;
    change.timeAfter = micros;
    command->m_changes.push_back(std::move(change));
    command->m_focus = {step, -1, -1};
    return command;
}

void InputEditCommand::undo()
{
    apply(false);
}

void InputEditCommand::redo()
{
    apply(true);
}

void InputEditCommand::apply(bool forwards)
{
    if (!m_controller || !m_controller->hasScenario())
        return;
    m_controller->editInput([&](Scenario &scenario) {
        auto applyChange = [&](Change &change) {
            switch (change.kind) {
            case Change::Kind::Rows: {
                Step &step = scenario.steps[static_cast<size_t>(change.step)];
                const ColumnBatch &out = forwards ? change.removedRows : change.insertedRows;
                const ColumnBatch &in = forwards ? change.insertedRows : change.removedRows;
                eraseRows(step.rows, static_cast<size_t>(change.first), out.numRows);
                insertRowsAt(step.rows, static_cast<size_t>(change.first), in);
                if (forwards)
                    change.rowsFileBefore = step.rowsFile;
                else
                    step.rowsFile = change.rowsFileBefore;
                break;
            }
            case Change::Kind::Steps: {
                const std::vector<Step> &out = forwards ? change.removedSteps : change.insertedSteps;
                const std::vector<Step> &in = forwards ? change.insertedSteps : change.removedSteps;
                const auto at = scenario.steps.begin() + change.step;
                scenario.steps.erase(at, at + static_cast<std::ptrdiff_t>(out.size()));
                scenario.steps.insert(scenario.steps.begin() + change.step, in.begin(), in.end());
                break;
            }
            case Change::Kind::ProcessingTime:
                scenario.steps[static_cast<size_t>(change.step)].processingTimeMicros =
                    forwards ? change.timeAfter : change.timeBefore;
                break;
            }
        };
        if (forwards)
            std::for_each(m_changes.begin(), m_changes.end(), applyChange);
        else
            std::for_each(m_changes.rbegin(), m_changes.rend(), applyChange);
        scenario.expect = forwards ? m_expectAfter : m_expectBefore;
    });
    if (m_focusHandler)
        m_focusHandler(m_focus);
}

} // namespace streamstep
