// Lays the engine's three-mode comparison (streamstep/compare.h compareOutputModes: the same
// query and steps run in append, update and complete, three independent runs) out by trigger: one
// row per trigger with, per mode, the rows written to the sink in that trigger and the rows in
// state after it — the figures of the seed's "common mistake" (complete rewrites every group each
// trigger, update writes only the changed ones). The compare view's tables and its chart read
// this model (the chart through QVXYModelMapper). Batch ids differ between the modes (complete
// runs no no-data batches: Spark asks for one only to evict with a moved watermark), so the modes
// are aligned by trigger, the scenario's step, and each mode's batches of a trigger are named.
// A mode Spark rejects has no rows and its AnalysisException in rejection().
#pragma once

#include "streamstep/compare.h"

#include <QAbstractTableModel>

#include <array>
#include <memory>
#include <vector>

namespace streamstep {

class ModeComparisonModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Trigger, the rows each mode wrote in it, the rows in state after it per mode.
    enum class Column { Trigger, WrittenAppend, WrittenUpdate, WrittenComplete, StateAppend, StateUpdate, StateComplete, Count };
    static constexpr std::array<OutputMode, 3> kModes = {OutputMode::Append, OutputMode::Update, OutputMode::Complete};
    // The raw count behind a cell (invalid for a rejected mode, or a trigger after its failure).
    enum Role { ValueRole = Qt::UserRole + 1 };

    explicit ModeComparisonModel(QObject *parent = nullptr);

    // The runs of compareOutputModes over `numSteps` steps (one row per step).
    void setRuns(std::shared_ptr<const std::vector<ModeRun>> runs, int numSteps);
    void clear();
    bool isEmpty() const { return !m_runs; }
    int numTriggers() const { return m_numSteps; }

    static int column(Column c) { return static_cast<int>(c); }
    static int writtenColumn(OutputMode mode);
    static int stateColumn(OutputMode mode);

    const ModeRun *run(OutputMode mode) const;
    // "AnalysisException: …" when Spark rejects the query in this mode; empty when it runs.
    QString rejection(OutputMode mode) const;
    // "StreamingQueryException: …" when the run stopped with a runtime error.
    QString failure(OutputMode mode) const;
    // The mode's reports, shared with this model (aliasing the runs), for the tables.
    const std::vector<std::shared_ptr<const BatchReport>> &reports(OutputMode mode) const;
    // The indices into reports(mode) of the batches trigger `trigger` ran (first, last); {-1, -1}
    // when it ran none (a rejected mode, a trigger after a failure, nothing to do).
    std::pair<int, int> batchesOfTrigger(OutputMode mode, int trigger) const;
    // The last report at or before trigger `trigger` (index into reports(mode)), -1 if none.
    int lastBatchUpTo(OutputMode mode, int trigger) const;
    int64_t rowsWritten(OutputMode mode, int trigger) const;
    // Rows in state after the trigger (its last batch's, or the last before it); -1 when none ran.
    int64_t stateRowsAfter(OutputMode mode, int trigger) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    static size_t modeIndex(OutputMode mode);

    std::shared_ptr<const std::vector<ModeRun>> m_runs;
    int m_numSteps = 0;
    std::array<std::vector<std::shared_ptr<const BatchReport>>, 3> m_reports;
};

} // namespace streamstep
