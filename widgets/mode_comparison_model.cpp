#include "mode_comparison_model.h"

#include <QLocale>

namespace streamstep {

namespace {

QString errorString(const Error &e) { return QString::fromStdString(errorText(e)); }

} // namespace

ModeComparisonModel::ModeComparisonModel(QObject *parent) : QAbstractTableModel(parent) {}

size_t ModeComparisonModel::modeIndex(OutputMode mode)
{
    switch (mode) {
    case OutputMode::Append: return 0;
    case OutputMode::Update: return 1;
    case OutputMode::Complete: return 2;
    }
    return 0;
}

int ModeComparisonModel::writtenColumn(OutputMode mode)
{
    return column(Column::WrittenAppend) + int(modeIndex(mode));
}

int ModeComparisonModel::stateColumn(OutputMode mode)
{
    return column(Column::StateAppend) + int(modeIndex(mode));
}

void ModeComparisonModel::setRuns(std::shared_ptr<const std::vector<ModeRun>> runs, int numSteps)
{
    beginResetModel();
    m_runs = std::move(runs);
    m_numSteps = m_runs ? std::max(0, numSteps) : 0;
    for (auto &reports : m_reports)
        reports.clear();
    if (m_runs) {
        for (const ModeRun &run : *m_runs) {
            auto &reports = m_reports[modeIndex(run.mode)];
            for (const BatchReport &report : run.reports)
                reports.push_back(std::shared_ptr<const BatchReport>(m_runs, &report));
        }
    }
    endResetModel();
}

void ModeComparisonModel::clear()
{
    setRuns(nullptr, 0);
}

const ModeRun *ModeComparisonModel::run(OutputMode mode) const
{
    if (!m_runs)
        return nullptr;
    for (const ModeRun &run : *m_runs)
        if (run.mode == mode)
            return &run;
    return nullptr;
}

QString ModeComparisonModel::rejection(OutputMode mode) const
{
    const ModeRun *r = run(mode);
    return r && r->rejected ? errorString(*r->rejected) : QString();
}

QString ModeComparisonModel::failure(OutputMode mode) const
{
    const ModeRun *r = run(mode);
    return r && r->failure ? errorString(*r->failure) : QString();
}

const std::vector<std::shared_ptr<const BatchReport>> &ModeComparisonModel::reports(OutputMode mode) const
{
    return m_reports[modeIndex(mode)];
}

std::pair<int, int> ModeComparisonModel::batchesOfTrigger(OutputMode mode, int trigger) const
{
    const auto &reports = m_reports[modeIndex(mode)];
    int first = -1;
    int last = -1;
    for (size_t i = 0; i < reports.size(); ++i) {
        if (reports[i]->step == trigger) {
            if (first < 0)
                first = int(i);
            last = int(i);
        }
    }
    return {first, last};
}

int ModeComparisonModel::lastBatchUpTo(OutputMode mode, int trigger) const
{
    const auto &reports = m_reports[modeIndex(mode)];
    int last = -1;
    for (size_t i = 0; i < reports.size() && reports[i]->step <= trigger; ++i)
        last = int(i);
    return last;
}

int64_t ModeComparisonModel::rowsWritten(OutputMode mode, int trigger) const
{
    int64_t rows = 0;
    for (const auto &report : m_reports[modeIndex(mode)])
        rows += report->step == trigger ? report->numOutputRows : 0;
    return rows;
}

int64_t ModeComparisonModel::stateRowsAfter(OutputMode mode, int trigger) const
{
    const int last = lastBatchUpTo(mode, trigger);
    return last < 0 ? -1 : m_reports[modeIndex(mode)][size_t(last)]->stateRows;
}

int ModeComparisonModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_numSteps;
}

int ModeComparisonModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : column(Column::Count);
}

QVariant ModeComparisonModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (role != Qt::DisplayRole && role != ValueRole && role != Qt::TextAlignmentRole && role != Qt::ToolTipRole)
        return {};
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    const int trigger = index.row();
    if (index.column() == column(Column::Trigger))
        return role == Qt::ToolTipRole ? QVariant() : QVariant(trigger);
    const bool written = index.column() < column(Column::StateAppend);
    const OutputMode mode = kModes[size_t(index.column() - (written ? column(Column::WrittenAppend) : column(Column::StateAppend)))];
    const ModeRun *r = run(mode);
    if (!r || r->rejected)
        return role == Qt::ToolTipRole ? QVariant(rejection(mode)) : QVariant();
    // The query stopped at a runtime failure: the triggers after its last batch ran nothing.
    const auto &reports = m_reports[modeIndex(mode)];
    if (r->failure && trigger > (reports.empty() ? -1 : reports.back()->step))
        return role == Qt::ToolTipRole ? QVariant(failure(mode)) : QVariant();
    const int64_t value = written ? rowsWritten(mode, trigger) : stateRowsAfter(mode, trigger);
    if (!written && value < 0)
        return {};
    if (role == Qt::ToolTipRole) {
        const QString modeName = QString::fromStdString(outputModeName(mode));
        return written ? tr("Trigger %1 in %2 mode: %n row(s) written", nullptr, int(value)).arg(trigger).arg(modeName)
                       : tr("After trigger %1 in %2 mode: %n row(s) in state", nullptr, int(value)).arg(trigger).arg(modeName);
    }
    // Plain numbers in DisplayRole too: QVXYModelMapper reads it.
    return qlonglong(value);
}

QVariant ModeComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical)
        return role == Qt::DisplayRole ? QVariant(section) : QVariant();
    if (section < 0 || section >= column(Column::Count) || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    if (section == column(Column::Trigger))
        return role == Qt::DisplayRole ? tr("Trigger") : tr("The scenario's step, numbered from 0");
    const bool written = section < column(Column::StateAppend);
    const OutputMode mode = kModes[size_t(section - (written ? column(Column::WrittenAppend) : column(Column::StateAppend)))];
    const QString modeName = QString::fromStdString(outputModeName(mode));
    if (role == Qt::DisplayRole)
        return written ? tr("Written (%1)").arg(modeName) : tr("State rows (%1)").arg(modeName);
    return written ? tr("Rows the %1-mode run wrote to the sink in the trigger (all its batches)").arg(modeName)
                   : tr("Rows in the %1-mode run's state after the trigger").arg(modeName);
}

} // namespace streamstep
