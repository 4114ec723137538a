// Owns one run of a scenario: the scenario, its compiled Query, the Run and every BatchReport it
// produced, so the main window only lays out and the tests drive the same object the user does.
// Steps synchronously for now (lesson-sized batches take microseconds); reports are shared
// immutable objects so they can cross a thread boundary unchanged when the engine moves to a
// worker thread.
#pragma once

#include "streamstep/engine.h"
#include "streamstep/scenario.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>
#include <optional>
#include <vector>

namespace streamstep {

// The part of a scenario the query editor changes: the ops, the output mode and the sink. The
// undo stack keeps these, not whole scenarios, so an edit never copies the input steps.
struct QuerySpec {
    std::vector<QueryOp> ops;
    OutputMode outputMode = OutputMode::Append;
    SinkSpec sink;

    static QuerySpec fromScenario(const Scenario &scenario)
    {
        return {scenario.query, scenario.outputMode, scenario.sink};
    }
};

class RunController : public QObject {
    Q_OBJECT
public:
    explicit RunController(QObject *parent = nullptr);
    ~RunController() override;

    // Reads a scenario file (a path or a ":/lessons/…" resource) and compiles its query. On a
    // file error returns false with the message (FILE:LINE:COL: …) and keeps the current one.
    bool openFile(const QString &path, QString *error = nullptr);
    void setScenario(Scenario scenario, const QString &filePath = {});
    bool saveFile(const QString &path, QString *error = nullptr);
    // Replaces the query, recompiles it (Spark's checks at start()) and resets the run, since
    // batches of the old query say nothing about the new one.
    void setQuery(const QuerySpec &spec);

    bool hasScenario() const { return m_scenario.has_value(); }
    const Scenario &scenario() const { return *m_scenario; }
    QString filePath() const { return m_filePath; }
    // Bundled lessons live in resources: saving them needs a new path.
    bool isBundledLesson() const { return m_filePath.startsWith(QLatin1String(":/")); }

    // The query compiled (Spark would start it); otherwise validationMessage() says why not.
    bool isValid() const { return m_query != nullptr; }
    const Query *query() const { return m_query.get(); }
    // "AnalysisException: …" as Spark prints it, empty when the query is valid.
    QString validationMessage() const { return m_validationMessage; }

    bool isStarted() const { return m_run != nullptr; }
    bool isPlaying() const { return m_playTimer.isActive(); }
    int nextStep() const { return m_nextStep; }
    int numSteps() const;
    bool canStep() const { return isValid() && !m_failed && m_nextStep < numSteps(); }

    const std::vector<std::shared_ptr<const BatchReport>> &reports() const { return m_reports; }
    int numBatches() const { return static_cast<int>(m_reports.size()); }
    int currentBatch() const { return m_currentBatch; }
    // The console sink's output of batches 0..batch, exactly as Spark prints it.
    QString consoleTextUpTo(int batch) const;
    // The memory sink's table after the trigger that ran `batch` (see sinkTableIsPerTrigger).
    std::shared_ptr<const ColumnBatch> memoryTableAt(int batch) const;

    int playIntervalMs() const { return m_playTimer.interval(); }
    void setPlayIntervalMs(int ms) { m_playTimer.setInterval(ms); }

public Q_SLOTS:
    // Starts the query (Spark's DataStreamWriter.start): a fresh run, no batch yet.
    void start();
    // Feeds the next step's rows as one trigger; false when nothing is left or it failed.
    bool step();
    void runAll();
    void play();
    void pause();
    // Forgets the run and its reports; the scenario and the compiled query stay.
    void reset();
    // Shows a past batch (index into reports()).
    void selectBatch(int index);

Q_SIGNALS:
    void scenarioChanged();
    void startedChanged(bool started);
    void playingChanged(bool playing);
    // A trigger ran; `numBatches` reports were appended (0: nothing to do, as in Spark).
    void triggerCompleted(int step, int numBatches);
    void batchCompleted(int index);
    void currentBatchChanged(int index);
    void runReset();
    void errorOccurred(const QString &message);

private:
    void compile();

    std::optional<Scenario> m_scenario;
    QString m_filePath;
    std::shared_ptr<const Query> m_query;
    QString m_validationMessage;
    std::unique_ptr<Run> m_run;
    bool m_failed = false;
    int m_nextStep = 0;
    int m_currentBatch = -1;
    std::vector<std::shared_ptr<const BatchReport>> m_reports;
    // The memory sink's table after each batch's trigger, shared by the batches of one trigger.
    std::vector<std::shared_ptr<const ColumnBatch>> m_memoryTables;
    QTimer m_playTimer;
};

} // namespace streamstep
