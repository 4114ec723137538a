// Steps the engine on a worker thread, so a batch of a million rows never freezes the window. The
// Run lives here and is only touched on the worker's thread; requests arrive as queued calls and
// results leave as immutable shared reports through a queued signal (the architecture's rule:
// only immutable report copies cross the thread boundary).
#pragma once

#include "streamstep/engine.h"
#include "streamstep/sink_connection.h"

#include <QMetaType>
#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace streamstep {

// One trigger for the worker to run.
struct StepRequest {
    quint64 ticket = 0; // names the request in its progress and outcome
    quint64 runId = 0;  // another id than the last request's starts a fresh Run (reset, new query)
    std::shared_ptr<const Query> query;
    // The step's rows, kept alive by the scenario they alias: a million rows are never copied.
    std::shared_ptr<const ColumnBatch> rows;
    int stepIndex = 0;
    std::optional<int64_t> processingTimeMicros;
    bool manualClock = false; // the time is the scenario's manual clock (BatchReport::manualClock)
    // Set by the GUI thread to stop the step at its next checkpoint.
    std::shared_ptr<std::atomic<bool>> cancel;
    bool reportProgress = true;
    // Write each batch to the sink's server too and read its table back (a postgres sink the
    // user allowed the app to connect to; see SinkServerWriter).
    bool writeServerSink = false;
    // Record why every row went where (Run::setExplain) for this step's batches.
    bool explain = true;
};

// What became of a StepRequest. Immutable once sent; the GUI thread keeps its reports.
struct StepOutcome {
    enum class Status { Completed, Cancelled, Failed };

    quint64 ticket = 0;
    int stepIndex = 0;
    Status status = Status::Completed;
    std::vector<std::shared_ptr<const BatchReport>> reports;
    // The memory sink's table after each report's batch (null for other sinks), split off the
    // reports here so the GUI thread does no copying.
    std::vector<std::shared_ptr<const ColumnBatch>> memoryTables;
    // With writeServerSink: the server's table read back after each report's batch (null for a
    // batch not written because the server failed at it or before).
    std::vector<std::shared_ptr<const ColumnBatch>> serverTables;
    // Why the server did not take a batch (connecting, the table, the batch's transaction):
    // the batches from it on stay in memory only.
    QString serverError;
    QString error; // Failed: the message as Spark words it
    int64_t numInputRows = 0;
    double seconds = 0; // wall time of the step on the worker
};

class RunWorker : public QObject {
    Q_OBJECT
public:
    explicit RunWorker(QObject *parent = nullptr);
    ~RunWorker() override;

    // Runs a request on the calling thread (the worker's: via a queued or blocking call).
    StepOutcome runStep(const StepRequest &request);

    // "AnalysisException: …" / "StreamingQueryException: …" as Spark prints them.
    static QString messageOf(const Error &error);

    // For tests: called on the worker's thread right after each progress report is sent, with
    // its fraction, so that a test can hold a step there until the window has answered the
    // report (an Escape pressed on it cancels a step of any speed). Set while no step runs.
    static void setAfterProgressForTesting(std::function<void(double)> hook);

public Q_SLOTS:
    // Runs a request and reports its outcome through stepFinished.
    void step(const StepRequest &request);
    // Frees the Run after a reset (the next request would replace it anyway).
    void releaseRun(quint64 runId);

Q_SIGNALS:
    // At most every few tens of milliseconds: the share of the step done and the phase running.
    void progressed(quint64 ticket, double fraction, int phase);
    void stepFinished(std::shared_ptr<const streamstep::StepOutcome> outcome);

private:
    // Writes the batch's rows to the sink's server; a failure stops the writing for this run.
    void writeToServer(const BatchReport &report, StepOutcome &outcome);

    std::unique_ptr<Run> m_run;
    quint64 m_runId = 0;
    std::unique_ptr<SinkServerWriter> m_serverWriter;
    QString m_serverFailure; // set once the server failed in this run
};

} // namespace streamstep

Q_DECLARE_METATYPE(std::shared_ptr<const streamstep::StepOutcome>)
