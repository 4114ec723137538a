#include "run_controller.h"

#include "bundled_lessons.h"
#include "run_worker.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QSaveFile>

#include <algorithm>

namespace streamstep {

RunController::RunController(QObject *parent) : QObject(parent)
{
    m_thread.setObjectName(QStringLiteral("StreamStep engine"));
    m_playTimer.setInterval(1000);
    connect(&m_playTimer, &QTimer::timeout, this, [this] {
        if (isBusy())
            return; // the last trigger is still running: skip this tick
        if (!step() && !isBusy())
            pause();
    });
}

RunController::~RunController()
{
    if (m_activeCancel)
        m_activeCancel->store(true);
    if (m_thread.isRunning()) {
        // Waits for the running step's next checkpoint at most.
        m_thread.quit();
        m_thread.wait();
    }
    delete m_worker;
}

RunWorker *RunController::worker()
{
    if (!m_worker) {
        m_worker = new RunWorker;
        m_worker->moveToThread(&m_thread);
        connect(m_worker, &RunWorker::progressed, this, &RunController::onStepProgressed);
        connect(m_worker, &RunWorker::stepFinished, this, &RunController::onStepFinished);
        m_thread.start();
    }
    return m_worker;
}

int RunController::numSteps() const
{
    return m_scenario ? static_cast<int>(m_scenario->steps.size()) : 0;
}

bool RunController::openFile(const QString &path, QString *error)
{
    // A bundled lesson (":/lessons/…") is read from its copy on disk, where its rowsFile is.
    const QString onDisk = lessonFileOnDisk(path);
    QFile file(onDisk.isEmpty() ? path : onDisk);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("%1: cannot open the file: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    const QByteArray text = file.readAll();
    try {
        Scenario scenario = parseScenario(text.toStdString(), QDir::toNativeSeparators(file.fileName()).toStdString());
        setScenario(std::move(scenario), path);
    } catch (const Error &e) {
        if (error)
            *error = RunWorker::messageOf(e);
        return false;
    }
    return true;
}

void RunController::setScenario(Scenario scenario, const QString &filePath)
{
    pause();
    m_scenario = std::make_shared<Scenario>(std::move(scenario));
    m_filePath = filePath;
    m_previousRun.reset();
    m_approvals.clear(); // another file: ask again before connecting for it
    compile();
    reset();
    Q_EMIT scenarioChanged();
}

void RunController::editInput(const std::function<void(Scenario &)> &edit)
{
    if (!m_scenario)
        return;
    pause();
    reset();
    m_previousRun.reset(); // a run of other input says nothing about this one
    edit(mutableScenario());
    Q_EMIT scenarioChanged();
}

Scenario &RunController::mutableScenario()
{
    // The worker holds a reference only while it runs a step of this scenario.
    if (m_scenario.use_count() > 1)
        m_scenario = std::make_shared<Scenario>(*m_scenario);
    return *m_scenario;
}

void RunController::setQuery(const QuerySpec &spec)
{
    if (!m_scenario)
        return;
    pause();
    if (!m_reports.empty())
        m_previousRun = PreviousRun{QuerySpec::fromScenario(*m_scenario), m_reports, m_nextStep};
    Scenario &scenario = mutableScenario();
    scenario.query = spec.ops;
    scenario.outputMode = spec.outputMode;
    scenario.sink = spec.sink;
    scenario.sparkVersion = spec.sparkVersion;
    scenario.hasSparkVersion = spec.hasSparkVersion;
    scenario.conf = spec.conf;
    compile();
    reset();
    Q_EMIT scenarioChanged();
}

void RunController::compile()
{
    m_query.reset();
    m_validationMessage.clear();
    try {
        m_query = Query::compile(*m_scenario);
    } catch (const Error &e) {
        m_validationMessage = RunWorker::messageOf(e);
    } catch (const std::exception &e) {
        m_validationMessage = QString::fromStdString(e.what());
    }
    m_serverEndpoint.reset();
    if (m_query) {
        try {
            m_serverEndpoint = sinkEndpoint(m_scenario->sink);
        } catch (const Error &) {
            // A url the sink cannot use: the query fails to start with that message instead.
        }
    }
}

namespace {

std::string endpointKey(const SinkEndpoint &endpoint)
{
    return endpoint.displayUrl + '\n' + endpoint.table;
}

} // namespace

RunController::ServerSinkState RunController::serverSinkState() const
{
    if (!m_serverEndpoint)
        return ServerSinkState::None;
    if (!m_runApproved)
        return ServerSinkState::NotAsked;
    return *m_runApproved ? ServerSinkState::Approved : ServerSinkState::Declined;
}

std::shared_ptr<const ColumnBatch> RunController::serverTableAt(int batch) const
{
    if (batch < 0 || batch >= static_cast<int>(m_serverTables.size()))
        return {};
    return m_serverTables[size_t(batch)];
}

QString RunController::serverErrorAt(int batch) const
{
    if (batch < 0 || batch >= static_cast<int>(m_serverErrors.size()))
        return {};
    return m_serverErrors[size_t(batch)];
}

bool RunController::saveFile(const QString &path, QString *error)
{
    if (!m_scenario)
        return false;
    // The engine writes the lesson and any rows file it needs next to it (docs/scenario-format.md,
    // "Saving a lesson with rows files"); on failure the scenario and the folder stay as they were.
    try {
        saveScenarioFile(mutableScenario(), QFileInfo(path).absoluteFilePath().toStdString());
    } catch (const Error &e) {
        if (error)
            *error = RunWorker::messageOf(e);
        return false;
    }
    m_filePath = path;
    mutableScenario().fileName = QDir::toNativeSeparators(path).toStdString();
    return true;
}

QString RunController::consoleTextUpTo(int batch) const
{
    QString text;
    for (int i = std::max(0, batch - kConsoleBatchesShown + 1); i <= batch && i < numBatches(); ++i)
        text += QString::fromStdString(m_reports[size_t(i)]->sinkText);
    return text;
}

std::shared_ptr<const ColumnBatch> RunController::memoryTableAt(int batch) const
{
    if (batch < 0 || batch >= static_cast<int>(m_memoryTables.size()))
        return {};
    return m_memoryTables[size_t(batch)];
}

QString RunController::phaseName(StepPhase phase)
{
    switch (phase) {
    case StepPhase::Input: return tr("reading the input");
    case StepPhase::Watermark: return tr("withWatermark");
    case StepPhase::Filter: return tr("filter");
    case StepPhase::Project: return tr("select");
    case StepPhase::Window: return tr("window");
    case StepPhase::Aggregate: return tr("aggregation and state");
    case StepPhase::Deduplicate: return tr("dropDuplicates");
    case StepPhase::LateRows: return tr("marking late rows");
    case StepPhase::ResultTable: return tr("result table");
    case StepPhase::Sink: return tr("watermark and sink");
    case StepPhase::NoDataBatch: return tr("no-data batch");
    }
    return {};
}

void RunController::start()
{
    if (!m_query || m_started)
        return;
    m_started = true;
    ++m_runId;
    Q_EMIT startedChanged(true);
}

qint64 RunController::estimatedWork(int step) const
{
    qint64 work = static_cast<qint64>(m_scenario->steps[size_t(step)].rows.numRows);
    if (!m_reports.empty())
        work += m_reports.back()->stateRows;
    if (!m_memoryTables.empty() && m_memoryTables.back())
        work += static_cast<qint64>(m_memoryTables.back()->numRows);
    return work;
}

bool RunController::step()
{
    if (!canStep() || m_asking)
        return false;
    if (m_serverEndpoint && !m_runApproved) {
        const std::string key = endpointKey(*m_serverEndpoint);
        if (const auto known = m_approvals.find(key); known != m_approvals.end()) {
            m_runApproved = known->second;
        } else if (m_approver) {
            // The approver may open a dialog with its own event loop: no step meanwhile.
            m_asking = true;
            const bool approved = m_approver(*m_serverEndpoint);
            m_asking = false;
            m_approvals[key] = approved;
            m_runApproved = approved;
        } else {
            m_runApproved = false; // no one to ask: never connect
        }
        if (!canStep())
            return false;
    }
    start();
    const int index = m_nextStep;
    const Step &data = m_scenario->steps[size_t(index)];
    StepRequest request;
    request.ticket = ++m_nextTicket;
    request.runId = m_runId;
    request.query = m_query;
    request.rows = std::shared_ptr<const ColumnBatch>(m_scenario, &data.rows);
    request.stepIndex = index;
    request.processingTimeMicros = triggerTimeMicros(m_scenario->steps, size_t(index));
    request.manualClock = triggerTimeIsManualClock(m_scenario->steps, size_t(index));
    request.cancel = std::make_shared<std::atomic<bool>>(false);
    request.writeServerSink = m_serverEndpoint && m_runApproved.value_or(false);
    request.explain = m_explainLimit < 0 || static_cast<qint64>(data.rows.numRows) <= m_explainLimit;
    RunWorker *runner = worker();

    if (m_inFlight == 0 && estimatedWork(index) <= m_synchronousLimit) {
        // Lesson-sized: run it on the worker and wait the few microseconds it takes, so the
        // caller sees the new batch at once.
        request.reportProgress = false;
        StepOutcome outcome;
        QMetaObject::invokeMethod(runner, [&] { outcome = runner->runStep(request); }, Qt::BlockingQueuedConnection);
        return applyOutcome(outcome, false);
    }

    m_activeTicket = request.ticket;
    m_activeCancel = request.cancel;
    m_cancelRequested = false;
    m_busyRows = static_cast<qint64>(data.rows.numRows);
    m_progress = 0;
    m_progressPhase = phaseName(StepPhase::Input);
    ++m_inFlight;
    QMetaObject::invokeMethod(runner, [runner, request] { runner->step(request); }, Qt::QueuedConnection);
    Q_EMIT busyChanged(true);
    Q_EMIT stepProgressed(m_progress, m_progressPhase);
    return true;
}

void RunController::onStepProgressed(quint64 ticket, double fraction, int phase)
{
    if (ticket != m_activeTicket || fraction < m_progress)
        return;
    m_progress = fraction;
    m_progressPhase = m_cancelRequested ? tr("cancelling…") : phaseName(static_cast<StepPhase>(phase));
    Q_EMIT stepProgressed(m_progress, m_progressPhase);
}

void RunController::onStepFinished(const std::shared_ptr<const StepOutcome> &outcome)
{
    --m_inFlight;
    if (!outcome || outcome->ticket != m_activeTicket)
        return; // the run was reset meanwhile: the outcome belongs to a run that is gone
    m_activeTicket = 0;
    m_activeCancel.reset();
    m_cancelRequested = false;
    m_progress = 0;
    m_progressPhase.clear();
    applyOutcome(*outcome, true);
    if (m_runningAll)
        continueRunAll();
}

bool RunController::applyOutcome(const StepOutcome &outcome, bool background)
{
    m_busyRows = 0;
    switch (outcome.status) {
    case StepOutcome::Status::Failed:
    case StepOutcome::Status::Cancelled: {
        // The run stops here: no more steps of Run All or Play, and it is no longer busy.
        const bool failed = outcome.status == StepOutcome::Status::Failed;
        if (failed)
            m_failed = true;
        m_runningAll = false;
        pause();
        if (background)
            Q_EMIT busyChanged(false);
        if (failed)
            Q_EMIT errorOccurred(outcome.error);
        else
            Q_EMIT stepCancelled(outcome.stepIndex);
        return false;
    }
    case StepOutcome::Status::Completed: break;
    }
    const int stepIndex = m_nextStep++;
    const int first = numBatches();
    m_reports.insert(m_reports.end(), outcome.reports.begin(), outcome.reports.end());
    m_memoryTables.insert(m_memoryTables.end(), outcome.memoryTables.begin(), outcome.memoryTables.end());
    for (size_t i = 0; i < outcome.reports.size(); ++i) {
        const bool written = i < outcome.serverTables.size() && outcome.serverTables[i];
        m_serverTables.push_back(written ? outcome.serverTables[i] : nullptr);
        m_serverErrors.push_back(written || i >= outcome.serverTables.size() ? QString() : outcome.serverError);
    }
    summarizeOldReports();
    m_lastStepRows = outcome.numInputRows;
    m_lastStepSeconds = outcome.seconds;
    if (background)
        Q_EMIT busyChanged(false);
    Q_EMIT triggerCompleted(stepIndex, static_cast<int>(outcome.reports.size()));
    for (int i = first; i < numBatches(); ++i)
        Q_EMIT batchCompleted(i);
    if (numBatches() > first)
        selectBatch(numBatches() - 1);
    return true;
}

void RunController::runAll()
{
    pause();
    if (!canStep())
        return;
    m_runningAll = true;
    continueRunAll();
}

void RunController::continueRunAll()
{
    // Small steps complete inside step(); a background one continues from onStepFinished.
    while (m_runningAll && canStep()) {
        if (!step())
            break;
        if (isBusy())
            return;
    }
    m_runningAll = false;
}

void RunController::cancel()
{
    if (!isBusy())
        return;
    m_runningAll = false;
    pause();
    m_cancelRequested = true;
    m_activeCancel->store(true);
    m_progressPhase = tr("cancelling…");
    Q_EMIT stepProgressed(m_progress, m_progressPhase);
}

bool RunController::waitForIdle(int timeoutMs)
{
    const QDeadlineTimer deadline = timeoutMs < 0 ? QDeadlineTimer(QDeadlineTimer::Forever) : QDeadlineTimer(timeoutMs);
    while (isBusy() || m_runningAll) {
        if (deadline.hasExpired())
            return false;
        QEventLoop loop;
        connect(this, &RunController::busyChanged, &loop, &QEventLoop::quit);
        QTimer::singleShot(deadline.isForever() ? 1000 : int(std::max<qint64>(1, deadline.remainingTime())), &loop,
                           &QEventLoop::quit);
        loop.exec();
    }
    return true;
}

void RunController::play()
{
    if (!canStep() || isPlaying())
        return;
    m_playTimer.start();
    Q_EMIT playingChanged(true);
}

void RunController::pause()
{
    if (!isPlaying())
        return;
    m_playTimer.stop();
    Q_EMIT playingChanged(false);
}

void RunController::reset()
{
    pause();
    m_runningAll = false;
    const bool wasBusy = isBusy();
    if (m_activeCancel)
        m_activeCancel->store(true); // its outcome will be ignored
    m_activeTicket = 0;
    m_activeCancel.reset();
    m_cancelRequested = false;
    m_busyRows = 0;
    m_progress = 0;
    m_progressPhase.clear();
    const bool wasStarted = isStarted();
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, [w = m_worker, id = m_runId] { w->releaseRun(id); }, Qt::QueuedConnection);
    m_started = false;
    m_failed = false;
    m_nextStep = 0;
    m_currentBatch = -1;
    m_reports.clear();
    m_memoryTables.clear();
    m_serverTables.clear();
    m_serverErrors.clear();
    m_firstFullReport = 0;
    m_restoredReports.clear();
    m_replayStates.clear();
    m_runApproved.reset(); // the next run asks again (the session's answer stands)
    if (wasBusy)
        Q_EMIT busyChanged(false);
    Q_EMIT runReset();
    if (wasStarted)
        Q_EMIT startedChanged(false);
    Q_EMIT currentBatchChanged(-1);
}

int RunController::numReportsInFull() const
{
    return static_cast<int>(m_restoredReports.size()) + numBatches() - m_firstFullReport;
}

void RunController::summarizeReport(int index)
{
    m_reports[size_t(index)] = std::make_shared<const BatchReport>(summarizeBatchReport(*m_reports[size_t(index)]));
    // The memory sink's table of a summarised batch goes too, but for the last batch's:
    // estimatedWork reads it.
    if (size_t(index) < m_memoryTables.size() && index + 1 < numBatches())
        m_memoryTables[size_t(index)].reset();
}

void RunController::summarizeOldReports(int keepStep)
{
    int excess = numReportsInFull() - kReportsKeptInFull;
    if (excess <= 0)
        return;
    int first = numBatches(), last = -1;
    // An earlier restored trigger goes first, then the oldest of the latest batches.
    for (auto it = m_restoredReports.begin(); it != m_restoredReports.end() && excess > 0;) {
        if (m_reports[size_t(*it)]->step == keepStep) {
            ++it;
            continue;
        }
        summarizeReport(*it);
        first = std::min(first, *it);
        last = std::max(last, *it);
        it = m_restoredReports.erase(it);
        --excess;
    }
    while (excess > 0 && m_firstFullReport < numBatches()) {
        const int index = m_firstFullReport++;
        if (m_reports[size_t(index)]->step == keepStep) {
            m_restoredReports.push_back(index); // stays in full, counted as restored
            continue;
        }
        summarizeReport(index);
        first = std::min(first, index);
        last = std::max(last, index);
        --excess;
    }
    if (last >= 0)
        Q_EMIT reportsReplaced(first, last);
}

bool RunController::restoreTrigger(int step)
{
    if (!m_query || step < 0 || step >= numSteps())
        return false;
    // Start from the latest checkpoint at or before the step.
    Run run(m_query);
    int from = 0;
    if (auto it = m_replayStates.upper_bound(step); it != m_replayStates.begin()) {
        --it;
        try {
            run.restoreState(*it->second);
            from = it->first;
        } catch (const Error &) {
            run = Run(m_query);
            from = 0;
        }
    }
    std::vector<BatchReport> batches;
    try {
        for (int i = from; i <= step; ++i) {
            if (i > from && i % kReplayCheckpointInterval == 0 && !m_replayStates.count(i))
                m_replayStates[i] = std::make_shared<const std::string>(run.saveState());
            const Step &data = m_scenario->steps[size_t(i)];
            run.setExplain(m_explainLimit < 0 || static_cast<qint64>(data.rows.numRows) <= m_explainLimit);
            batches = run.step(data.rows, i, triggerTimeMicros(m_scenario->steps, size_t(i)));
            for (BatchReport &report : batches)
                report.manualClock = triggerTimeIsManualClock(m_scenario->steps, size_t(i));
        }
    } catch (const Error &) {
        return false;
    }
    int first = -1, last = -1;
    for (BatchReport &report : batches) {
        const auto at = std::find_if(m_reports.begin(), m_reports.end(),
                                     [&](const auto &r) { return r->batchId == report.batchId; });
        if (at == m_reports.end() || (*at)->step != step)
            return false; // another run than the one shown: leave the summaries
        const int index = static_cast<int>(at - m_reports.begin());
        if (report.hasSinkTable && size_t(index) < m_memoryTables.size())
            m_memoryTables[size_t(index)] = std::make_shared<const ColumnBatch>(std::move(report.sinkTable));
        report.durationMs = (*at)->durationMs; // the batch's own duration, not the replay's
        *at = std::make_shared<const BatchReport>(std::move(report));
        if (index < m_firstFullReport && std::find(m_restoredReports.begin(), m_restoredReports.end(), index) == m_restoredReports.end())
            m_restoredReports.push_back(index);
        first = first < 0 ? index : first;
        last = index;
    }
    if (first >= 0)
        Q_EMIT reportsReplaced(first, last);
    return true;
}

void RunController::selectBatch(int index)
{
    if (index < -1 || index >= numBatches() || index == m_currentBatch)
        return;
    if (index >= 0 && m_reports[size_t(index)]->summarized) {
        const int step = m_reports[size_t(index)]->step;
        if (restoreTrigger(step))
            summarizeOldReports(step);
    }
    m_currentBatch = index;
    Q_EMIT currentBatchChanged(index);
}

} // namespace streamstep
