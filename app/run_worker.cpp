#include "run_worker.h"

#include <QElapsedTimer>
#include <QUuid>

#include <exception>
#include <utility>

namespace streamstep {

namespace {

// Progress signals are throttled to this interval (and to whole per-mille steps): the GUI thread
// repaints a progress bar, not a checkpoint log.
constexpr qint64 kProgressIntervalMs = 40;

std::function<void(double)> &afterProgressHook()
{
    static std::function<void(double)> hook;
    return hook;
}

} // namespace

void RunWorker::setAfterProgressForTesting(std::function<void(double)> hook)
{
    afterProgressHook() = std::move(hook);
}

RunWorker::RunWorker(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const StepOutcome>>();
}

RunWorker::~RunWorker() = default;

QString RunWorker::messageOf(const Error &e)
{
    return QString::fromStdString(errorText(e));
}

StepOutcome RunWorker::runStep(const StepRequest &request)
{
    QElapsedTimer clock;
    clock.start();
    StepOutcome outcome;
    outcome.ticket = request.ticket;
    outcome.stepIndex = request.stepIndex;
    outcome.numInputRows = static_cast<int64_t>(request.rows->numRows);
    if (!m_run || m_runId != request.runId) {
        m_run = std::make_unique<Run>(request.query);
        m_runId = request.runId;
        m_serverWriter.reset();
        m_serverFailure.clear();
    }

    m_run->setExplain(request.explain);

    StepControl control;
    control.cancel = request.cancel.get();
    QElapsedTimer sinceProgress;
    int lastPerMille = -1;
    if (request.reportProgress) {
        control.progress = [&](double fraction, StepPhase phase) {
            const int perMille = static_cast<int>(fraction * 1000);
            if (perMille == lastPerMille || (sinceProgress.isValid() && sinceProgress.elapsed() < kProgressIntervalMs))
                return;
            lastPerMille = perMille;
            sinceProgress.start();
            Q_EMIT progressed(request.ticket, fraction, static_cast<int>(phase));
            if (const auto &hook = afterProgressHook())
                hook(fraction);
        };
    }

    std::vector<BatchReport> batches;
    try {
        batches = m_run->step(*request.rows, request.stepIndex, request.processingTimeMicros, control);
    } catch (const StepCancelled &) {
        outcome.status = StepOutcome::Status::Cancelled;
    } catch (const Error &e) {
        outcome.status = StepOutcome::Status::Failed;
        outcome.error = messageOf(e);
    } catch (const std::exception &e) {
        outcome.status = StepOutcome::Status::Failed;
        outcome.error = QString::fromStdString(e.what());
    }
    for (BatchReport &report : batches) {
        report.manualClock = request.manualClock;
        // The memory sink's table as it stood after this very batch (a no-data batch can
        // change it too).
        std::shared_ptr<const ColumnBatch> memoryTable;
        if (report.hasSinkTable)
            memoryTable = std::make_shared<const ColumnBatch>(std::move(report.sinkTable));
        if (request.writeServerSink)
            writeToServer(report, outcome);
        outcome.reports.push_back(std::make_shared<const BatchReport>(std::move(report)));
        outcome.memoryTables.push_back(std::move(memoryTable));
    }
    outcome.seconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    return outcome;
}

void RunWorker::writeToServer(const BatchReport &report, StepOutcome &outcome)
{
    if (!m_serverFailure.isEmpty()) {
        outcome.serverTables.emplace_back();
        outcome.serverError = m_serverFailure;
        return;
    }
    try {
        if (!m_serverWriter) {
            // A query id of its own per run: the bookkeeping table must not skip this run's
            // batch 0 because an earlier run (or the CLI) committed a batch 0 to the table.
            const std::string queryId = "streamstep-app-" + QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString();
            m_serverWriter = std::make_unique<SinkServerWriter>(m_run->query(), queryId);
        }
        m_serverWriter->write(report);
        outcome.serverTables.push_back(std::make_shared<const ColumnBatch>(m_serverWriter->readTable()));
    } catch (const Error &e) {
        m_serverFailure = tr("Batch %1 was not written to the server: %2").arg(report.batchId).arg(QString::fromStdString(e.message()));
        m_serverWriter.reset();
        outcome.serverTables.emplace_back();
        outcome.serverError = m_serverFailure;
    }
}

void RunWorker::step(const StepRequest &request)
{
    Q_EMIT stepFinished(std::make_shared<const StepOutcome>(runStep(request)));
}

void RunWorker::releaseRun(quint64 runId)
{
    if (m_run && m_runId <= runId) {
        m_run.reset();
        m_serverWriter.reset();
    }
}

} // namespace streamstep
