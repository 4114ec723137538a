// Shows the same query and steps in append, update and complete side by side (View ▸ Compare
// Output Modes): the engine runs the three modes as independent runs (compareOutputModes), and
// for the trigger shown each mode's column says what that mode wrote to the sink in the trigger,
// what the sink holds after it (a csv, json or sqlite sink's contents, the memory table, or what
// the console printed) and what is in its state (the result table with each group's status). A
// mode Spark rejects shows the AnalysisException and the usual fix in its column instead. Below,
// a chart of rows written per trigger and of state rows, for the three modes. The modes are
// aligned by trigger: their batch ids differ, since only append and update run no-data batches.
// Lesson-sized comparisons run at once; big ones on a worker thread.
#pragma once

#include "streamstep/compare.h"
#include "streamstep/scenario.h"

#include <QFutureWatcher>
#include <QWidget>

#include <array>
#include <memory>
#include <vector>

class QLabel;
class QPlainTextEdit;
class QStackedWidget;
class QTableView;
class QToolButton;

namespace streamstep {

class BatchTableModel;
class ModeComparisonChart;
class ModeComparisonModel;
class SinkContentsModel;

class CompareView : public QWidget {
    Q_OBJECT
public:
    explicit CompareView(QWidget *parent = nullptr);
    ~CompareView() override;

    // Runs the three modes over all the scenario's steps (null: shows nothing).
    void setScenario(std::shared_ptr<const Scenario> scenario);
    void clear();
    // Shows trigger `trigger` (a step index) in every column.
    void setTrigger(int trigger);
    int trigger() const { return m_trigger; }
    // A comparison runs in the background (scenarios above kSynchronousRows rows).
    bool isRunning() const;
    bool waitForRuns(int timeoutMs = -1);
    static constexpr qint64 kSynchronousRows = 20'000;

    ModeComparisonModel *model() const { return m_model; }
    ModeComparisonChart *chart() const { return m_chart; }
    // Each mode's column: the rows written in the trigger shown, the sink after it (one of the
    // three, by the sink's format) and the result table after it.
    BatchTableModel *writtenModel(OutputMode mode) const;
    BatchTableModel *stateModel(OutputMode mode) const;
    BatchTableModel *sinkTableModel(OutputMode mode) const;
    SinkContentsModel *sinkContentsModel(OutputMode mode) const;
    QPlainTextEdit *consoleView(OutputMode mode) const;
    QLabel *titleLabel(OutputMode mode) const;
    // The column's text in place of its tables when Spark rejects the mode.
    QLabel *rejectionLabel(OutputMode mode) const;
    bool showsRejection(OutputMode mode) const;
    QString headerText() const;

Q_SIGNALS:
    void runsFinished();
    void triggerChanged(int trigger);

protected:
    // The consoles' fixed-pitch font follows the window's text scale.
    void changeEvent(QEvent *event) override;

private:
    struct ModeColumn {
        OutputMode mode = OutputMode::Append;
        QLabel *title = nullptr;
        QStackedWidget *pages = nullptr; // the tables, or the rejection
        QLabel *writtenTitle = nullptr;
        QTableView *writtenView = nullptr;
        BatchTableModel *written = nullptr;
        QLabel *sinkTitle = nullptr;
        QStackedWidget *sinkStack = nullptr;
        QPlainTextEdit *console = nullptr;
        QTableView *sinkTableView = nullptr;
        BatchTableModel *sinkTable = nullptr;
        QTableView *sinkContentsView = nullptr;
        SinkContentsModel *sinkContents = nullptr;
        QLabel *stateTitle = nullptr;
        QTableView *stateView = nullptr;
        BatchTableModel *state = nullptr;
        QLabel *rejection = nullptr;
    };

    QWidget *createColumn(ModeColumn &column);
    void onRunsFinished();
    void apply(std::shared_ptr<const std::vector<ModeRun>> runs);
    void showTrigger();
    void showColumn(ModeColumn &column);
    void updateHeader();
    const ModeColumn &columnOf(OutputMode mode) const;

    std::shared_ptr<const Scenario> m_scenario;
    ModeComparisonModel *m_model;
    ModeComparisonChart *m_chart = nullptr;
    std::array<ModeColumn, 3> m_columns;
    QLabel *m_header = nullptr;
    QToolButton *m_previous = nullptr;
    QToolButton *m_next = nullptr;
    QLabel *m_triggerLabel = nullptr;
    QFutureWatcher<std::shared_ptr<const std::vector<ModeRun>>> m_watcher;
    quint64 m_generation = 0;
    quint64 m_pendingGeneration = 0;
    int m_trigger = 0;
};

} // namespace streamstep
