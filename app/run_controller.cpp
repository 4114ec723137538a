#include "run_controller.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>

namespace streamstep {

namespace {

QString errorText(const Error &e)
{
    switch (e.kind()) {
    case ErrorKind::Analysis: return QStringLiteral("AnalysisException: ") + QString::fromStdString(e.message());
    case ErrorKind::Runtime: return QStringLiteral("StreamingQueryException: ") + QString::fromStdString(e.message());
    case ErrorKind::Scenario: return QString::fromStdString(e.message());
    }
    return QString::fromStdString(e.message());
}

} // namespace

RunController::RunController(QObject *parent) : QObject(parent)
{
    m_playTimer.setInterval(1000);
    connect(&m_playTimer, &QTimer::timeout, this, [this] {
        if (!step())
            pause();
    });
}

RunController::~RunController() = default;

int RunController::numSteps() const
{
    return m_scenario ? static_cast<int>(m_scenario->steps.size()) : 0;
}

bool RunController::openFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("%1: cannot open the file: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    const QByteArray text = file.readAll();
    try {
        Scenario scenario = parseScenario(text.toStdString(), QDir::toNativeSeparators(path).toStdString());
        setScenario(std::move(scenario), path);
    } catch (const Error &e) {
        if (error)
            *error = errorText(e);
        return false;
    }
    return true;
}

void RunController::setScenario(Scenario scenario, const QString &filePath)
{
    pause();
    m_scenario = std::move(scenario);
    m_filePath = filePath;
    compile();
    reset();
    Q_EMIT scenarioChanged();
}

void RunController::setQuery(const QuerySpec &spec)
{
    if (!m_scenario)
        return;
    pause();
    m_scenario->query = spec.ops;
    m_scenario->outputMode = spec.outputMode;
    m_scenario->sink = spec.sink;
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
        m_validationMessage = errorText(e);
    } catch (const std::exception &e) {
        m_validationMessage = QString::fromStdString(e.what());
    }
}

bool RunController::saveFile(const QString &path, QString *error)
{
    if (!m_scenario)
        return false;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = tr("%1: cannot write the file: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    const std::string text = writeScenario(*m_scenario);
    file.write(text.data(), qint64(text.size()));
    if (!file.commit()) {
        if (error)
            *error = tr("%1: cannot write the file: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    m_filePath = path;
    m_scenario->fileName = QDir::toNativeSeparators(path).toStdString();
    return true;
}

QString RunController::consoleTextUpTo(int batch) const
{
    QString text;
    for (int i = 0; i <= batch && i < numBatches(); ++i)
        text += QString::fromStdString(m_reports[size_t(i)]->sinkText);
    return text;
}

std::shared_ptr<const ColumnBatch> RunController::memoryTableAt(int batch) const
{
    if (batch < 0 || batch >= static_cast<int>(m_memoryTables.size()))
        return {};
    return m_memoryTables[size_t(batch)];
}

void RunController::start()
{
    if (!m_query || m_run)
        return;
    m_run = std::make_unique<Run>(m_query);
    Q_EMIT startedChanged(true);
}

bool RunController::step()
{
    if (!canStep())
        return false;
    start();
    const Step &data = m_scenario->steps[size_t(m_nextStep)];
    std::vector<BatchReport> batches;
    try {
        batches = m_run->step(data.rows, m_nextStep, data.processingTimeMicros);
    } catch (const Error &e) {
        m_failed = true;
        pause();
        Q_EMIT errorOccurred(errorText(e));
        return false;
    } catch (const std::exception &e) {
        m_failed = true;
        pause();
        Q_EMIT errorOccurred(QString::fromStdString(e.what()));
        return false;
    }
    const int stepIndex = m_nextStep++;
    const int first = numBatches();
    for (BatchReport &report : batches) {
        // The memory sink's table as it stood after this very batch (a no-data batch can
        // change it too).
        std::shared_ptr<const ColumnBatch> memoryTable;
        if (report.hasSinkTable)
            memoryTable = std::make_shared<const ColumnBatch>(std::move(report.sinkTable));
        m_reports.push_back(std::make_shared<const BatchReport>(std::move(report)));
        m_memoryTables.push_back(memoryTable);
    }
    Q_EMIT triggerCompleted(stepIndex, static_cast<int>(batches.size()));
    for (int i = first; i < numBatches(); ++i)
        Q_EMIT batchCompleted(i);
    if (numBatches() > first)
        selectBatch(numBatches() - 1);
    return true;
}

void RunController::runAll()
{
    pause();
    while (step()) {
    }
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
    const bool wasStarted = isStarted();
    m_run.reset();
    m_failed = false;
    m_nextStep = 0;
    m_currentBatch = -1;
    m_reports.clear();
    m_memoryTables.clear();
    Q_EMIT runReset();
    if (wasStarted)
        Q_EMIT startedChanged(false);
    Q_EMIT currentBatchChanged(-1);
}

void RunController::selectBatch(int index)
{
    if (index < -1 || index >= numBatches() || index == m_currentBatch)
        return;
    m_currentBatch = index;
    Q_EMIT currentBatchChanged(index);
}

} // namespace streamstep
