#include "runtime/streaming_query.h"

#include "checkpoint/query_signature.h"
#include "sinks/file_sink.h"
#include "sinks/postgres_sink.h"
#include "sinks/sqlite_sink.h"
#include "streamstep/error.h"
#include "streamstep/value_format.h"

#include <cstdio>
#include <random>

namespace streamstep {

namespace fs = std::filesystem;

namespace {

std::string newQueryId()
{
    std::random_device device;
    std::mt19937_64 generator((static_cast<uint64_t>(device()) << 32) ^ device());
    const uint64_t a = generator();
    const uint64_t b = generator();
    char text[40];
    std::snprintf(text, sizeof text, "%08x-%04x-4%03x-%04x-%012llx", static_cast<unsigned>(a >> 32),
                  static_cast<unsigned>((a >> 16) & 0xFFFF), static_cast<unsigned>(a & 0xFFF),
                  static_cast<unsigned>(0x8000 | ((b >> 48) & 0x3FFF)),
                  static_cast<unsigned long long>(b & 0xFFFFFFFFFFFFull));
    return text;
}

std::string batchText(int64_t batchId, int step)
{
    return "batch " + std::to_string(batchId) + " (step " + std::to_string(step) + ")";
}

} // namespace

std::vector<int64_t> StreamingQueryRunner::processingTimes(const Scenario &scenario)
{
    return triggerTimesMicros(scenario.steps);
}

std::string StreamingQueryRunner::inputHash(const ColumnBatch &rows)
{
    std::string text;
    for (size_t r = 0; r < rows.numRows; ++r) {
        for (size_t c = 0; c < rows.columns.size(); ++c)
            text += toJsonText(rows.get(r, c)) + '\x1f';
        text += '\x1e';
    }
    return QuerySignature::fnv1a(text);
}

StreamingQueryRunner::StreamingQueryRunner(Scenario scenario, StreamingQueryOptions options)
    : m_scenario(std::move(scenario)), m_options(std::move(options))
{
    m_query = m_options.compiledQuery ? m_options.compiledQuery : Query::compile(m_scenario);
    const fs::path outputDir = m_options.outputDir.empty() ? fs::path(".") : fs::path(m_options.outputDir);
    validateSinkOptions(*m_query, outputDir); // paths and options, before touching anything
    if (sinkWritesFiles(m_query->sink().format)) {
        std::error_code ec;
        if (!fs::exists(outputDir, ec))
            throw Error(ErrorKind::Runtime, "the output folder '" + outputDir.string()
                                                + "' does not exist; create it or choose another with --output-dir");
        if (!fs::is_directory(outputDir, ec))
            throw Error(ErrorKind::Runtime, "the output folder '" + outputDir.string() + "' is not a folder");
    }

    const nlohmann::json signature = QuerySignature::describe(*m_query);
    m_queryHash = QuerySignature::hash(signature);
    m_run.emplace(m_query);
    m_run->setExplain(m_options.explain);
    m_run->setKeepInput(m_options.keepBatchDetail);
    m_run->setCollectResultTables(m_options.keepBatchDetail);
    bool resuming = false;
    if (!m_options.checkpointDir.empty()) {
        m_checkpoint.emplace(m_options.checkpointDir);
        if (m_checkpoint->exists()) {
            const nlohmann::json metadata = m_checkpoint->readMetadata();
            QuerySignature::checkCompatible(metadata["query"], signature, m_options.checkpointDir);
            m_queryId = metadata["id"].get<std::string>();
            resuming = true;
        }
        m_recovery = m_checkpoint->recover();
        if (m_recovery.plannedOffsets && m_recovery.plannedOffsets->step >= static_cast<int>(m_scenario.steps.size()))
            throw Error(ErrorKind::Runtime,
                        "checkpoint '" + m_options.checkpointDir + "' planned batch "
                            + std::to_string(m_recovery.plannedOffsets->batchId) + " for step "
                            + std::to_string(m_recovery.plannedOffsets->step) + ", but the scenario has only "
                            + std::to_string(m_scenario.steps.size())
                            + " steps; restore the scenario's steps or use a new checkpoint folder");
        if (m_recovery.snapshotBatch) {
            const std::string bytes = m_checkpoint->readState(*m_recovery.snapshotBatch);
            try {
                m_run->restoreState(bytes);
            } catch (const Error &e) {
                throw Error(ErrorKind::Runtime, "checkpoint state snapshot '"
                                                    + m_checkpoint->statePath(*m_recovery.snapshotBatch).string()
                                                    + "' cannot be restored: " + e.message());
            }
            if (m_run->nextBatchId() != *m_recovery.snapshotBatch + 1)
                throw Error(ErrorKind::Runtime, "checkpoint state snapshot '"
                                                    + m_checkpoint->statePath(*m_recovery.snapshotBatch).string()
                                                    + "' is damaged: it continues with batch "
                                                    + std::to_string(m_run->nextBatchId()) + ", not "
                                                    + std::to_string(*m_recovery.snapshotBatch + 1));
            m_nextStep = m_recovery.snapshotOffsets->step + 1;
        }
    }
    if (m_queryId.empty())
        m_queryId = newQueryId();

    // A finished run writes nothing, so its sink is not even opened.
    if (!finished()) {
        m_sink = createSink(*m_query, SinkContext{outputDir, m_queryId, m_options.faultHook, m_options.approveConnection});
        if (const std::string text = m_sink->openingNotice(); !text.empty())
            notice(text);
        m_sinkLastBatchAtOpen = m_sink->lastCommittedBatch();
    }

    if (m_checkpoint) {
        if (!resuming)
            m_checkpoint->create({{"id", m_queryId},
                                  {"version", 1},
                                  {"createdBy", "StreamStep (Spark 3.5 semantics)"},
                                  {"query", signature}});
        else if (!finished())
            m_checkpoint->removeStaleTempFiles();
        if (!isFaultTolerantSink(m_query->sink().format))
            notice("Note: the " + m_query->sink().format + " sink is not fault tolerant (as in Spark): the checkpoint "
                   "restores the query's state, but a batch re-run after a crash may be shown twice, and "
                   "output shown before a crash is not kept.");
        if (resuming && m_recovery.lastCommitted) {
            std::string text = "Resuming from checkpoint '" + m_options.checkpointDir + "': batches 0-"
                + std::to_string(*m_recovery.lastCommitted) + " are committed";
            if (m_recovery.plannedOffsets)
                text += "; batch " + std::to_string(m_recovery.plannedOffsets->batchId)
                    + " was planned but not committed and runs again with the same input and watermark";
            notice(text + ".");
        } else if (resuming && m_recovery.plannedOffsets) {
            notice("Resuming from checkpoint '" + m_options.checkpointDir
                   + "': batch 0 was planned but not committed and runs again.");
        }
    }
}

void StreamingQueryRunner::notice(const std::string &text) const
{
    if (m_options.onNotice)
        m_options.onNotice(text);
}

void StreamingQueryRunner::hook(std::string_view point, int64_t batchId) const
{
    if (m_options.faultHook)
        m_options.faultHook(point, batchId);
}

CheckpointStatus StreamingQueryRunner::status() const
{
    CheckpointStatus s;
    s.queryId = m_queryId;
    s.lastPlannedBatch = m_recovery.lastPlanned;
    s.lastCommittedBatch = m_recovery.lastCommitted;
    s.nextStep = m_nextStep;
    s.finished = finished();
    s.sinkLastBatch = m_sinkLastBatchAtOpen;
    return s;
}

bool StreamingQueryRunner::finished() const
{
    if (!m_checkpoint || !m_recovery.lastCommitted || m_recovery.plannedOffsets
        || m_recovery.snapshotBatch != m_recovery.lastCommitted)
        return false;
    for (size_t i = static_cast<size_t>(m_nextStep); i < m_scenario.steps.size(); ++i)
        if (m_scenario.steps[i].rows.numRows > 0)
            return false;
    return true;
}

void StreamingQueryRunner::planBatch(const OffsetEntry &entry)
{
    if (!m_checkpoint)
        return;
    const std::optional<OffsetEntry> existing = m_checkpoint->offsets(entry.batchId);
    if (!existing) {
        m_checkpoint->writeOffsets(entry);
        m_recovery.lastPlanned = entry.batchId;
        return;
    }
    const std::string file = "offsets/" + std::to_string(entry.batchId) + " in checkpoint '" + m_options.checkpointDir + "'";
    if (existing->step != entry.step)
        throw Error(ErrorKind::Runtime, file + " plans batch " + std::to_string(entry.batchId) + " for step "
                                            + std::to_string(existing->step) + ", but this run reaches it at step "
                                            + std::to_string(entry.step)
                                            + ": the scenario's steps changed. Restore them, or use a new checkpoint folder.");
    if (existing->inputHash != entry.inputHash || existing->numInputRows != entry.numInputRows)
        throw Error(ErrorKind::Runtime, "step " + std::to_string(entry.step) + " no longer has the rows batch "
                                            + std::to_string(entry.batchId) + " was planned with (" + file
                                            + "): a source must replay the same data after a restart, as Spark "
                                              "requires. Restore the step's rows, or use a new checkpoint folder.");
    if (existing->noData != entry.noData || existing->watermarkMs != entry.watermarkMs)
        throw Error(ErrorKind::Runtime, file + " is inconsistent with the restored state: it planned "
                                            + (existing->noData ? "a no-data" : "a data") + " batch with watermark "
                                            + formatTimestampIso(existing->watermarkMs * 1000) + ", the state gives "
                                            + (entry.noData ? "a no-data" : "a data") + " batch with watermark "
                                            + formatTimestampIso(entry.watermarkMs * 1000));
}

std::vector<BatchReport> StreamingQueryRunner::runAll(const std::function<void(const BatchReport &)> &onBatch)
{
    std::vector<BatchReport> out;
    if (finished()) {
        notice("Nothing to do: checkpoint '" + m_options.checkpointDir
               + "' has committed every batch of this scenario (last batch "
               + std::to_string(*m_recovery.lastCommitted) + ").");
        return out;
    }
    const std::vector<int64_t> times = processingTimes(m_scenario);
    const OutputMode mode = m_query->outputMode();
    for (size_t i = static_cast<size_t>(m_nextStep); i < m_scenario.steps.size(); ++i) {
        Step &step = m_scenario.steps[i];
        const int stepIndex = static_cast<int>(i);
        const size_t numInputRows = step.rows.numRows;
        int64_t processingTime = times[i];
        std::string hash;
        if (step.rows.numRows > 0) {
            OffsetEntry entry;
            entry.batchId = m_run->nextBatchId();
            entry.step = stepIndex;
            entry.watermarkMs = m_run->watermarkMs();
            entry.numInputRows = static_cast<int64_t>(step.rows.numRows);
            hash = entry.inputHash = m_checkpoint ? inputHash(step.rows) : std::string();
            entry.queryHash = m_queryHash;
            entry.processingTimeMicros = processingTime;
            if (m_checkpoint)
                if (const auto existing = m_checkpoint->offsets(entry.batchId))
                    processingTime = entry.processingTimeMicros = existing->processingTimeMicros;
            try {
                planBatch(entry);
            } catch (const Error &e) {
                throw e.relocated(batchText(entry.batchId, stepIndex) + " failed: " + e.message());
            }
            hook("after-offsets", entry.batchId);
        }
        std::vector<BatchReport> reports;
        if (step.rows.numRows > 0 && m_sink && m_sink->skipsForeignBatch(m_run->nextBatchId()))
            reports.push_back(m_run->skipBatch(stepIndex, processingTime));
        else
            reports = m_run->step(std::move(step.rows), stepIndex, processingTime); // rows handed over
        try {
        for (size_t k = 0; k < reports.size(); ++k) {
            BatchReport &report = reports[k];
            const std::string batch = batchText(report.batchId, stepIndex);
            try {
                if (k > 0) { // Spark's no-data batch, planned once the data batch has shown it is needed
                    OffsetEntry entry;
                    entry.batchId = report.batchId;
                    entry.step = stepIndex;
                    entry.noData = report.noData;
                    entry.watermarkMs = report.watermarkMs;
                    entry.processingTimeMicros = processingTime;
                    entry.numInputRows = static_cast<int64_t>(numInputRows);
                    entry.inputHash = hash;
                    entry.queryHash = m_queryHash;
                    planBatch(entry);
                    hook("after-offsets", report.batchId);
                }
                if (m_recovery.lastCommitted && report.batchId <= *m_recovery.lastCommitted)
                    continue; // committed before the restart; recomputed only to reach the next batch
                m_sink->addBatch(report.batchId, report.emitted, mode);
                if (m_options.onSinkWrite)
                    m_options.onSinkWrite(report);
                hook("after-sink", report.batchId);
                if (m_checkpoint) {
                    if (k + 1 == reports.size())
                        m_checkpoint->writeState(report.batchId, m_run->saveState());
                    m_checkpoint->writeCommit({report.batchId, report.nextWatermarkMs, report.numOutputRows});
                    m_recovery.lastCommitted = report.batchId;
                    if (k + 1 == reports.size())
                        m_recovery.snapshotBatch = report.batchId;
                }
            } catch (const Error &e) {
                if (e.message().starts_with(batch))
                    throw;
                throw e.relocated(batch + " failed: " + e.message());
            }
            hook("after-commit", report.batchId);
            if (onBatch)
                onBatch(report);
            out.push_back(std::move(report));
        }
        } catch (...) {
            // The step did not finish: its rows go back to the scenario for a later runAll.
            for (std::vector<BatchReport> *list : {&reports, &out})
                for (BatchReport &r : *list)
                    if (step.rows.numRows == 0 && r.step == stepIndex && !r.noData && r.input.numRows == numInputRows)
                        step.rows = r.input;
            throw;
        }
        m_nextStep = stepIndex + 1;
        m_recovery.plannedOffsets.reset();
        if (m_run->failure())
            throw *m_run->failure();
    }
    return out;
}

// ---- StreamingQuery ----

StreamingQuery::StreamingQuery(Scenario scenario, StreamingQueryOptions options)
    : m_runner(std::make_unique<StreamingQueryRunner>(std::move(scenario), std::move(options)))
{
}

StreamingQuery::~StreamingQuery() = default;

const Query &StreamingQuery::query() const { return m_runner->query(); }

CheckpointStatus StreamingQuery::status() const { return m_runner->status(); }

std::vector<BatchReport> StreamingQuery::runAll(const std::function<void(const BatchReport &)> &onBatch)
{
    return m_runner->runAll(onBatch);
}

ColumnBatch readSinkOutput(const std::string &path, const std::string &table)
{
    if (isPostgresUrl(path))
        return PostgresSink::readTable(postgresTarget(path), table);
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
        if (!table.empty())
            throw Error(ErrorKind::Runtime, "'" + path + "' is a file sink folder; --table is for SQLite databases");
        return FileSink::readCommitted(path);
    }
    if (!fs::exists(path, ec))
        throw Error(ErrorKind::Runtime, "'" + path + "' does not exist");
    return SqliteSink::readTable(path, table);
}

} // namespace streamstep
