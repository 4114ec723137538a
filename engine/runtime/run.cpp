// Run: one execution of a query (runtime/run_state.h holds what it changes, batch_runner.cpp runs
// its batches), and its state snapshots for restarts.
#include "streamstep/engine.h"

#include "analysis/logical_plan.h"
#include "checkpoint/query_signature.h"
#include "runtime/batch_runner.h"
#include "runtime/run_state.h"

namespace streamstep {

Run::Run(std::shared_ptr<const Query> query)
    : m_query(std::move(query)), m_state(std::make_unique<RunState>(m_query->compiled()))
{
}
Run::Run(const Run &other) : m_query(other.m_query), m_state(std::make_unique<RunState>(*other.m_state)) {}
Run &Run::operator=(const Run &other)
{
    if (this != &other) {
        m_query = other.m_query;
        m_state = std::make_unique<RunState>(*other.m_state);
    }
    return *this;
}
Run::Run(Run &&) noexcept = default;
Run &Run::operator=(Run &&) noexcept = default;
Run::~Run() = default;

int64_t Run::nextBatchId() const { return m_state->nextBatchId; }
int64_t Run::watermarkMs() const { return m_state->tracker.globalWatermarkMs(); }
const ColumnBatch &Run::memoryTable() const { return m_state->memoryTable; }
const std::optional<Error> &Run::failure() const { return m_state->failure; }
void Run::setCollectResultTables(bool collect) { m_state->collectResultTables = collect; }
void Run::setExplain(bool explain) { m_state->explain = explain; }
void Run::setKeepInput(bool keep) { m_state->keepInput = keep; }

std::vector<BatchReport> Run::step(const ColumnBatch &rows, int stepIndex,
                                   std::optional<int64_t> processingTimeMicros,
                                   const StepControl &control)
{
    return runStep(m_query->compiled(), *m_state, rows, nullptr, stepIndex, processingTimeMicros, control);
}

std::vector<BatchReport> Run::step(ColumnBatch &&rows, int stepIndex,
                                   std::optional<int64_t> processingTimeMicros,
                                   const StepControl &control)
{
    return runStep(m_query->compiled(), *m_state, rows, &rows, stepIndex, processingTimeMicros, control);
}

BatchReport Run::skipBatch(int stepIndex, std::optional<int64_t> processingTimeMicros)
{
    if (m_state->failure)
        throw *m_state->failure;
    checkBatchIdLimit(m_state->nextBatchId);
    BatchReport report;
    report.batchId = m_state->nextBatchId++;
    report.step = stepIndex;
    report.triggerTimeMicros = processingTimeMicros.value_or(0);
    report.input = ColumnBatch::empty(m_query->sourceSchema());
    report.emitted = ColumnBatch::empty(m_query->resultSchema());
    report.hasWatermark = m_query->hasWatermark();
    report.watermarkMs = report.nextWatermarkMs = report.lateWatermarkMs = m_state->tracker.globalWatermarkMs();
    report.watermarkOrigin = report.nextWatermarkOrigin = m_state->tracker.origin();
    m_state->lastBatchWatermarkMs = report.watermarkMs;
    m_state->ranBatch = true;
    return report;
}

// ---- State snapshots ----
//
// Layout (state/state_codec.h encodings): magic, format version, the query's state fingerprint,
// next batch id, ran-batch flag, last batch's watermark, the watermark tracker, each stateful
// operator's state in plan order, the memory sink's table (memory sinks only), the failure.
// restoreState() reads exactly that and nothing more.

namespace {

constexpr int64_t kSnapshotMagic = 0x50414e5354535353;        // "SSSTSNAP"
constexpr int64_t kOldSnapshotMagic = 0x3130505453545353;     // "SSTSTP01", the unversioned format
constexpr int64_t kSnapshotVersion = 2;

// Like Spark's state schema check: what must not change for a snapshot to be reusable is the
// state itself — each stateful operator's keys, aggregates or deduplication columns (with their
// types), the watermarks — and the output mode. Stateless changes (another filter, another
// projection after the aggregate) are allowed. The checkpoint's query signature compares the
// same operator signatures.
std::string stateFingerprint(const Query &query)
{
    std::string text = outputModeName(query.outputMode());
    for (const std::string &signature : stateOperatorSignatures(query.compiled()))
        text += "|" + signature;
    for (const WatermarkSpec &w : query.watermarks())
        text += "|watermark " + w.column;
    return QuerySignature::fnv1a(text);
}

} // namespace

std::string Run::saveState() const
{
    StateWriter out;
    out.writeI64(kSnapshotMagic);
    out.writeI64(kSnapshotVersion);
    out.writeString(stateFingerprint(*m_query));
    out.writeI64(m_state->nextBatchId);
    out.writeU8(m_state->ranBatch ? 1 : 0);
    out.writeI64(m_state->lastBatchWatermarkMs);
    m_state->tracker.save(out);
    for (const auto &op : m_state->operators)
        if (op->isStateful())
            op->saveState(out);
    // Only the memory sink lives in the run; durable sinks keep their own rows.
    const bool memorySink = m_query->sink().format == "memory";
    out.writeU8(memorySink ? 1 : 0);
    if (memorySink)
        out.writeBatch(m_state->memoryTable);
    out.writeU8(m_state->failure ? 1 : 0);
    if (m_state->failure)
        out.writeString(m_state->failure->message());
    return out.bytes();
}

void Run::restoreState(const std::string &bytes)
{
    StateReader in(bytes);
    const int64_t magic = in.readI64();
    if (magic == kOldSnapshotMagic)
        throw Error(ErrorKind::Runtime, "the state snapshot was written by an older StreamStep (snapshot format 1); "
                                        "this version reads format "
                                            + std::to_string(kSnapshotVersion)
                                            + ": start again with a new checkpoint folder");
    if (magic != kSnapshotMagic)
        throw Error(ErrorKind::Runtime, "not a StreamStep state snapshot");
    const int64_t version = in.readI64();
    if (version != kSnapshotVersion)
        throw Error(ErrorKind::Runtime, "the state snapshot has format " + std::to_string(version)
                                            + "; this StreamStep reads format " + std::to_string(kSnapshotVersion)
                                            + ": start again with a new checkpoint folder");
    if (in.readString() != stateFingerprint(*m_query))
        throw Error(ErrorKind::Runtime, "the state snapshot belongs to another query (its stateful "
                                        "operators' keys or values, or the output mode, differ)");
    RunState next(m_query->compiled());
    next.nextBatchId = in.readI64();
    next.ranBatch = in.readU8() != 0;
    next.lastBatchWatermarkMs = in.readI64();
    if (next.lastBatchWatermarkMs < 0 || next.lastBatchWatermarkMs > WatermarkTracker::kMaxWatermarkMs
        || next.nextBatchId < 0 || next.nextBatchId > kMaxSnapshotBatchId)
        throw Error(ErrorKind::Runtime, "state snapshot is damaged (a watermark or batch id out of range)");
    next.tracker.load(in);
    for (auto &op : next.operators)
        if (op->isStateful())
            op->loadState(in);
    if (in.readU8() != 0)
        next.memoryTable = in.readBatch(m_query->resultSchema());
    if (in.readU8() != 0)
        next.failure = Error(ErrorKind::Runtime, in.readString());
    next.collectResultTables = m_state->collectResultTables;
    next.explain = m_state->explain;
    next.keepInput = m_state->keepInput;
    if (!in.atEnd())
        throw Error(ErrorKind::Runtime, "state snapshot has trailing bytes");
    // An operator counts the batches it ran: no more than the run ran, one more when the last one
    // failed half-way (the failure ends the run). A snapshot whose aggregate is ahead stepped into
    // a state that could not be restored again (fuzz_state_snapshot: the aggregate at batch 2^53).
    const int64_t lastOperatorBatch = next.failure ? next.nextBatchId : next.nextBatchId - 1;
    for (const auto &op : next.operators)
        if (op->isStateful() && op->stateBatch() > lastOperatorBatch)
            throw Error(ErrorKind::Runtime, "state snapshot is damaged (an operator's batch " + std::to_string(op->stateBatch())
                                                + " is ahead of the run's last batch "
                                                + std::to_string(next.nextBatchId - 1) + ")");
    *m_state = std::move(next);
}

BatchReport summarizeBatchReport(const BatchReport &report)
{
    BatchReport summary;
    summary.batchId = report.batchId;
    summary.step = report.step;
    summary.noData = report.noData;
    summary.triggerTimeMicros = report.triggerTimeMicros;
    summary.lateWatermarkMs = report.lateWatermarkMs;
    summary.numInputRows = report.numInputRows;
    summary.hasWatermark = report.hasWatermark;
    summary.watermarkMs = report.watermarkMs;
    summary.nextWatermarkMs = report.nextWatermarkMs;
    summary.watermarkOrigin = report.watermarkOrigin;
    summary.nextWatermarkOrigin = report.nextWatermarkOrigin;
    summary.eventTime = report.eventTime;
    summary.stateOperators = report.stateOperators;
    summary.stateRows = report.stateRows;
    summary.stateRowsUpdated = report.stateRowsUpdated;
    summary.stateRowsRemoved = report.stateRowsRemoved;
    summary.stateMemoryBytes = report.stateMemoryBytes;
    summary.numRowsDroppedByWatermark = report.numRowsDroppedByWatermark;
    summary.emitted = report.emitted;
    summary.emittedKeyColumns = report.emittedKeyColumns;
    summary.numOutputRows = report.numOutputRows;
    summary.sinkText = report.sinkText;
    summary.durationMs = report.durationMs;
    summary.summarized = true;
    return summary;
}

std::vector<BatchReport> runScenario(const Scenario &scenario)
{
    Run run(Query::compile(scenario));
    std::vector<BatchReport> all;
    const std::vector<int64_t> triggerTimes = triggerTimesMicros(scenario.steps);
    for (size_t i = 0; i < scenario.steps.size(); ++i) {
        auto reports = run.step(scenario.steps[i].rows, static_cast<int>(i), triggerTimes[i]);
        for (BatchReport &report : reports)
            report.manualClock = triggerTimeIsManualClock(scenario.steps, i);
        all.insert(all.end(), std::make_move_iterator(reports.begin()), std::make_move_iterator(reports.end()));
    }
    return all;
}

} // namespace streamstep
