// Owns one run of a scenario: the scenario, its compiled Query, the run and every BatchReport it
// produced, so the main window only lays out and the tests drive the same object the user does.
// The engine's Run lives on a RunWorker in a thread of its own; this object keeps the immutable
// reports it sends back. A step is asynchronous (progress, cancel) unless it is lesson-sized —
// see synchronousLimit() — so lessons, scripts and tests can still step and look at once.
#pragma once

#include "streamstep/engine.h"
#include "streamstep/scenario.h"
#include "streamstep/sink_connection.h"

#include <QObject>
#include <QString>
#include <QThread>
#include <QTimer>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace streamstep {

class RunWorker;
struct StepOutcome;

// The part of a scenario the query editor changes: the ops, the output mode, the sink and the
// Spark version whose defaults and messages the query follows. The undo stack keeps these, not
// whole scenarios, so an edit never copies the input steps.
struct QuerySpec {
    std::vector<QueryOp> ops;
    OutputMode outputMode = OutputMode::Append;
    SinkSpec sink;
    SparkVersion sparkVersion = SparkVersion::Spark35;
    bool hasSparkVersion = false; // the lesson names its version (saving writes it back only then)
    std::vector<ConfEntry> conf;  // the lesson's Spark settings (the what-if's noDataMicroBatches)

    static QuerySpec fromScenario(const Scenario &scenario)
    {
        return {scenario.query, scenario.outputMode, scenario.sink, scenario.sparkVersion, scenario.hasSparkVersion,
                scenario.conf};
    }
};

// The run a query edit threw away, kept so the new run can be compared with it trigger by
// trigger: the query it ran (mode, sink) and its reports.
struct PreviousRun {
    QuerySpec query;
    std::vector<std::shared_ptr<const BatchReport>> reports;
    int numTriggers = 0; // triggers it had run
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
    // Changes the scenario's input in place (steps, processing times, expectations; not the
    // query) and resets the run, since batches of the old input say nothing about the new one.
    // Unlike setScenario it copies no rows the edit does not touch.
    void editInput(const std::function<void(Scenario &)> &edit);
    bool saveFile(const QString &path, QString *error = nullptr);
    // Replaces the query, recompiles it (Spark's checks at start()) and resets the run, since
    // batches of the old query say nothing about the new one. A run that had batches is kept as
    // previousRun() to compare against; opening a scenario or editing the input forgets it.
    void setQuery(const QuerySpec &spec);
    const std::optional<PreviousRun> &previousRun() const { return m_previousRun; }
    void forgetPreviousRun() { m_previousRun.reset(); }

    bool hasScenario() const { return m_scenario != nullptr; }
    const Scenario &scenario() const { return *m_scenario; }
    QString filePath() const { return m_filePath; }
    // Bundled lessons live in resources: saving them needs a new path.
    bool isBundledLesson() const { return m_filePath.startsWith(QLatin1String(":/")); }

    // The query compiled (Spark would start it); otherwise validationMessage() says why not.
    bool isValid() const { return m_query != nullptr; }
    const Query *query() const { return m_query.get(); }
    const std::shared_ptr<const Query> &sharedQuery() const { return m_query; }
    // The scenario, shared (the worker and the compare view read it while it may be replaced).
    std::shared_ptr<const Scenario> sharedScenario() const { return m_scenario; }
    // "AnalysisException: …" as Spark prints it, empty when the query is valid.
    QString validationMessage() const { return m_validationMessage; }

    bool isStarted() const { return m_started; }
    bool isPlaying() const { return m_playTimer.isActive(); }
    int nextStep() const { return m_nextStep; }
    int numSteps() const;
    // A step can start now: the query is valid, not failed, steps are left and none is running.
    bool canStep() const { return isValid() && !m_failed && m_nextStep < numSteps() && !isBusy(); }

    // A step runs on the worker thread (from step() until triggerCompleted, stepCancelled or
    // errorOccurred); the window stays responsive and cancel() may stop it.
    bool isBusy() const { return m_activeTicket != 0; }
    bool isCancelling() const { return isBusy() && m_cancelRequested; }
    // The step running (its index in the scenario's steps), its rows, and how far it got.
    int busyStep() const { return isBusy() ? m_nextStep : -1; }
    qint64 busyRows() const { return isBusy() ? m_busyRows : 0; }
    double progress() const { return m_progress; }
    // The phase the running step reported last, named for the user.
    QString progressPhase() const { return m_progressPhase; }
    static QString phaseName(StepPhase phase);
    // Rows and wall time (on the worker) of the last step that completed.
    qint64 lastStepRows() const { return m_lastStepRows; }
    double lastStepSeconds() const { return m_lastStepSeconds; }
    // Runs the event loop until no step runs and runAll() is done (or `timeoutMs` passed, when
    // not negative). For scripts, tests and --screenshot; the window itself never waits.
    bool waitForIdle(int timeoutMs = -1);
    // A step whose estimated work — its rows plus the state rows and memory-table rows the
    // report copies — is at most this many rows completes before step() returns (it takes
    // microseconds to milliseconds); larger ones run in the background. 0: every step does.
    qint64 synchronousLimit() const { return m_synchronousLimit; }
    void setSynchronousLimit(qint64 rows) { m_synchronousLimit = rows; }
    // A step of at most this many rows records why every row went where (Run::setExplain, for
    // the Why pane and provenance); a bigger one names each row's fate only. Explaining costs
    // 2-3x a step's time and about 200 bytes a row (measured: a 1,000,000-row step of lesson 04
    // 0.075 s without, 0.17 s with), so big demo steps stay fast. Negative: every step explains.
    static constexpr qint64 kDefaultExplainLimit = 100'000;
    qint64 explainLimit() const { return m_explainLimit; }
    void setExplainLimit(qint64 rows) { m_explainLimit = rows; }
    // Whether the batch's input rows carry the numbers of their fates (see explainLimit).
    static bool isExplained(const BatchReport &report) { return report.numInputRows == 0 || !report.inputFacts.empty(); }

    // Every batch of the run. A long run keeps the latest kReportsKeptInFull reports in full and
    // the older ones as the engine's summaries (summarizeBatchReport: the numbers the Batches
    // table and the charts show, and what the sink got), so stepping 10,000 triggers keeps
    // memory bounded. Selecting a summarised batch re-runs the steps up to its trigger (from the
    // nearest replay checkpoint) and puts that trigger's full reports back in place; the oldest
    // full ones are summarised instead (reportsReplaced says which entries changed).
    const std::vector<std::shared_ptr<const BatchReport>> &reports() const { return m_reports; }
    int numBatches() const { return static_cast<int>(m_reports.size()); }
    static constexpr int kReportsKeptInFull = 100;
    int numReportsInFull() const;
    // A replay checkpoint (the run's saved state) is kept every this many triggers a replay
    // passes, so the next restore starts there instead of at the first trigger.
    static constexpr int kReplayCheckpointInterval = 500;
    int numReplayCheckpoints() const { return static_cast<int>(m_replayStates.size()); }
    // The console sink's output of batches 0..batch, exactly as Spark prints it; of a long run
    // only the last kConsoleBatchesShown batches up to `batch` (the console view would
    // otherwise take megabytes of text after every trigger).
    static constexpr int kConsoleBatchesShown = kReportsKeptInFull;
    QString consoleTextUpTo(int batch) const;
    int currentBatch() const { return m_currentBatch; }

    // The memory sink's table after the trigger that ran `batch` (see sinkTableIsPerTrigger).
    std::shared_ptr<const ColumnBatch> memoryTableAt(int batch) const;

    // A sink on a server (postgres, jdbc): the app writes each batch there too and reads the
    // table back, but only after asking — a shared lesson file must not reach a server the user
    // did not approve. The approver is asked (on this thread) before a run's first step; its
    // answer is kept per server and table for the session. Without an approver nothing connects.
    enum class ServerSinkState { None, NotAsked, Approved, Declined };
    using ConnectionApprover = std::function<bool(const SinkEndpoint &)>;
    void setConnectionApprover(ConnectionApprover approver) { m_approver = std::move(approver); }
    // The server the scenario's sink names (nullopt: none, or its url is not usable).
    const std::optional<SinkEndpoint> &serverEndpoint() const { return m_serverEndpoint; }
    ServerSinkState serverSinkState() const;
    // The server's table as read back after `batch` (null when not written: not approved, or
    // the server failed at or before it — serverErrorAt says why).
    std::shared_ptr<const ColumnBatch> serverTableAt(int batch) const;
    QString serverErrorAt(int batch) const;

    int playIntervalMs() const { return m_playTimer.interval(); }
    void setPlayIntervalMs(int ms) { m_playTimer.setInterval(ms); }

public Q_SLOTS:
    // Starts the query (Spark's DataStreamWriter.start): a fresh run, no batch yet.
    void start();
    // Feeds the next step's rows as one trigger. True when the step ran (small steps, see
    // synchronousLimit) or started on the worker; false when nothing is left, a step is already
    // running, or it failed or was cancelled.
    bool step();
    // Steps until the end, one trigger after the other (in the background for large steps).
    void runAll();
    // Stops the running step at its next checkpoint: the run stays as after the last completed
    // trigger (stepCancelled). A step past its last checkpoint completes instead.
    void cancel();
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
    // A step started on (true) or came back from (false) the worker thread.
    void busyChanged(bool busy);
    // The running step got this far (0..1) and is in this phase (phaseName()).
    void stepProgressed(double fraction, const QString &phase);
    // The step was cancelled: no batch of it ran, the run is as after the previous trigger.
    void stepCancelled(int step);
    void batchCompleted(int index);
    void currentBatchChanged(int index);
    // reports()[first..last] now point to other reports with the same numbers: summaries of
    // old batches, or full reports restored by a replay. Views holding the old ones let go.
    void reportsReplaced(int first, int last);
    void runReset();
    void errorOccurred(const QString &message);

private:
    void compile();
    // Makes the scenario ours alone before changing it (the worker may still read a step's rows).
    Scenario &mutableScenario();
    RunWorker *worker();
    qint64 estimatedWork(int step) const;
    void onStepProgressed(quint64 ticket, double fraction, int phase);
    void onStepFinished(const std::shared_ptr<const StepOutcome> &outcome);
    // Takes a step's outcome in (`background`: it ran while busy); returns whether it completed.
    bool applyOutcome(const StepOutcome &outcome, bool background);
    void continueRunAll();
    // Summarises the oldest full reports beyond kReportsKeptInFull, sparing those of `keepStep`.
    void summarizeOldReports(int keepStep = -1);
    // Re-runs the steps up to `step` and puts its batches' full reports (and memory tables)
    // back in place of their summaries. False when the replay fails.
    bool restoreTrigger(int step);
    void summarizeReport(int index);

    // Shared with the worker's running step (copy on write, see mutableScenario).
    std::shared_ptr<Scenario> m_scenario;
    QString m_filePath;
    std::shared_ptr<const Query> m_query;
    QString m_validationMessage;
    bool m_started = false;
    quint64 m_runId = 0; // a new id makes the worker start a fresh Run
    bool m_failed = false;
    int m_nextStep = 0;
    int m_currentBatch = -1;
    std::vector<std::shared_ptr<const BatchReport>> m_reports;
    // The memory sink's table after each batch's trigger, shared by the batches of one trigger.
    std::vector<std::shared_ptr<const ColumnBatch>> m_memoryTables;
    std::optional<PreviousRun> m_previousRun;
    // Reports from m_firstFullReport on are in full; before it only the restored ones are.
    int m_firstFullReport = 0;
    std::vector<int> m_restoredReports;
    // Replay checkpoints: the run's saved state after this many triggers (see restoreTrigger).
    std::map<int, std::shared_ptr<const std::string>> m_replayStates;
    QTimer m_playTimer;

    std::optional<SinkEndpoint> m_serverEndpoint;
    ConnectionApprover m_approver;
    std::map<std::string, bool> m_approvals; // per endpoint key: the user's answer this session
    std::optional<bool> m_runApproved;       // this run's answer, once asked
    bool m_asking = false;                   // the approver's dialog is open
    std::vector<std::shared_ptr<const ColumnBatch>> m_serverTables; // per batch
    std::vector<QString> m_serverErrors;                            // per batch

    QThread m_thread;
    RunWorker *m_worker = nullptr; // lives in m_thread; created with the first step
    quint64 m_nextTicket = 0;
    quint64 m_activeTicket = 0; // the step running in the background, 0 if none
    std::shared_ptr<std::atomic<bool>> m_activeCancel;
    bool m_cancelRequested = false;
    int m_inFlight = 0; // requests the worker has not answered yet, stale ones included
    bool m_runningAll = false;
    qint64 m_synchronousLimit = 10'000;
    qint64 m_explainLimit = kDefaultExplainLimit;
    qint64 m_busyRows = 0;
    double m_progress = 0;
    QString m_progressPhase;
    qint64 m_lastStepRows = 0;
    double m_lastStepSeconds = 0;
};

} // namespace streamstep
