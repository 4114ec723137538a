#include "run_worker.h"

#include <QElapsedTimer>

#include <exception>

namespace streamstep {

namespace {

// Progress signals are throttled to this interval (and to whole per-mille steps): the GUI thread
// repaints a progress bar, not a checkpoint log.
constexpr qint64 kProgressIntervalMs = 40;

} // namespace

RunWorker::RunWorker(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const StepOutcome>>();
}

RunWorker::~RunWorker() = default;

QString RunWorker::messageOf(const Error &e)
{
    switch (e.kind()) {
    case ErrorKind::Analysis: return QStringLiteral("AnalysisException: ") + QString::fromStdString(e.message());
    case ErrorKind::Runtime: return QStringLiteral("StreamingQueryException: ") + QString::fromStdString(e.message());
    case ErrorKind::Scenario: return QString::fromStdString(e.message());
    }
    return QString::fromStdString(e.message());
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
        // The memory sink's table as it stood after this very batch (a no-data batch can
        // change it too).
        std::shared_ptr<const ColumnBatch> memoryTable;
        if (report.hasSinkTable)
            memoryTable = std::make_shared<const ColumnBatch>(std::move(report.sinkTable));
        outcome.reports.push_back(std::make_shared<const BatchReport>(std::move(report)));
        outcome.memoryTables.push_back(std::move(memoryTable));
    }
    outcome.seconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    return outcome;
}

void RunWorker::step(const StepRequest &request)
{
    Q_EMIT stepFinished(std::make_shared<const StepOutcome>(runStep(request)));
}

void RunWorker::releaseRun(quint64 runId)
{
    if (m_run && m_runId <= runId)
        m_run.reset();
}

} // namespace streamstep
