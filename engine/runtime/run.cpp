#include "streamstep/engine.h"

#include "analysis/ast_rewrite.h"
#include "analysis/logical_plan.h"
#include "operators/deduplicate.h"
#include "operators/session_window_aggregate.h"
#include "operators/stateful_aggregate.h"
#include "operators/stateless_operators.h"
#include "runtime/watermark_tracker.h"
#include "sinks/console_format.h"

#include <chrono>
#include <variant>

namespace streamstep {

using OperatorState = std::variant<std::monostate, StatefulAggregate, SessionWindowAggregate, Deduplicate>;

class RunState {
public:
    explicit RunState(const CompiledQuery &query) : tracker(query.numWatermarkNodes)
    {
        for (const PlanNode &node : query.nodes) {
            switch (node.kind) {
            case PlanNode::Kind::Aggregate: operators.emplace_back(StatefulAggregate(&node)); break;
            case PlanNode::Kind::SessionWindowAggregate:
                operators.emplace_back(SessionWindowAggregate(&node));
                break;
            case PlanNode::Kind::Deduplicate: operators.emplace_back(Deduplicate(&node)); break;
            default: operators.emplace_back(std::monostate{}); break;
            }
        }
        memoryTable = ColumnBatch::empty(query.resultSchema);
    }

    int64_t nextBatchId = 0;
    WatermarkTracker tracker;
    bool ranBatch = false;
    int64_t lastBatchWatermarkMs = 0; // the watermark the previous batch ran with
    std::vector<OperatorState> operators;
    ColumnBatch memoryTable;
    std::optional<Error> failure; // the query stopped (Spark: the query terminated with it)
    bool collectResultTables = true;
};

// ---- Query ----

Query::~Query() = default;

std::shared_ptr<const Query> Query::compile(const Scenario &scenario)
{
    auto compiled = planQuery(scenario);
    checkStreamingQuery(*compiled);
    std::shared_ptr<Query> query(new Query());
    query->m_compiled = std::move(compiled);
    return query;
}

const Schema &Query::sourceSchema() const { return m_compiled->sourceSchema; }
const Schema &Query::resultSchema() const { return m_compiled->resultSchema; }
OutputMode Query::outputMode() const { return m_compiled->outputMode; }
const SinkSpec &Query::sink() const { return m_compiled->sink; }
bool Query::hasWatermark() const { return m_compiled->hasWatermark; }

bool Query::isAggregating() const
{
    for (const PlanNode &n : m_compiled->nodes)
        if (n.kind == PlanNode::Kind::Aggregate || n.kind == PlanNode::Kind::SessionWindowAggregate)
            return true;
    return false;
}

// ---- Run ----

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

namespace {

const char *operatorName(PlanNode::Kind kind)
{
    switch (kind) {
    case PlanNode::Kind::Aggregate: return "stateStoreSave";
    case PlanNode::Kind::SessionWindowAggregate: return "sessionWindowStateStoreSaveExec";
    case PlanNode::Kind::Deduplicate: return "dedupe";
    default: return "";
    }
}

// Spark's StateStoreWriter.shouldRunAnotherBatch for each stateful operator of the plan.
bool shouldRunAnotherBatch(const CompiledQuery &query, int64_t newWatermarkMs, int64_t evictionWatermarkMs)
{
    if (!query.hasWatermark || newWatermarkMs <= evictionWatermarkMs)
        return false;
    for (const PlanNode &n : query.nodes) {
        switch (n.kind) {
        case PlanNode::Kind::Aggregate:
            if (query.outputMode != OutputMode::Complete)
                return true;
            break;
        case PlanNode::Kind::SessionWindowAggregate:
            if (query.outputMode == OutputMode::Append)
                return true;
            break;
        case PlanNode::Kind::Deduplicate: return true;
        default: break;
        }
    }
    return false;
}

} // namespace

class BatchRunner {
public:
    BatchRunner(const CompiledQuery &query, RunState &state) : m_query(query), m_state(state) {}

    BatchReport run(const ColumnBatch &rows, int step, bool noData, int64_t triggerTimeMicros)
    {
        const auto started = std::chrono::steady_clock::now();
        BatchReport report;
        report.batchId = m_state.nextBatchId;
        report.step = step;
        report.noData = noData;
        report.triggerTimeMicros = triggerTimeMicros;
        report.input = rows;
        report.numInputRows = static_cast<int64_t>(rows.numRows);
        report.inputFates.assign(rows.numRows, InputRowFate::Processed);
        report.hasWatermark = m_query.hasWatermark;
        report.watermarkMs = m_state.tracker.globalWatermarkMs();

        BatchContext context;
        context.hasWatermark = m_query.hasWatermark;
        context.evictionWatermarkMs = report.watermarkMs;
        context.lateWatermarkMs = m_state.ranBatch ? m_state.lastBatchWatermarkMs : report.watermarkMs;
        context.outputMode = m_query.outputMode;
        context.eval.currentTimestampMicros = triggerTimeMicros;
        context.fates = &report.inputFates;
        context.collectResultTables = m_state.collectResultTables;

        Flow flow;
        flow.batch = rows;
        flow.origin.resize(rows.numRows);
        for (size_t r = 0; r < rows.numRows; ++r)
            flow.origin[r] = static_cast<uint32_t>(r);

        std::vector<EventTimeAccumulator> stats(static_cast<size_t>(m_query.numWatermarkNodes));
        std::vector<std::optional<int64_t>> eventTimes(rows.numRows); // per input row
        int watermarkIndex = 0;
        int lastAggregate = -1;
        for (size_t i = 0; i < m_query.nodes.size(); ++i) {
            const PlanNode &node = m_query.nodes[i];
            switch (node.kind) {
            case PlanNode::Kind::Watermark:
                if (watermarkIndex == 0)
                    rememberEventTimes(node, flow, eventTimes);
                observeEventTimes(node, flow, stats[static_cast<size_t>(watermarkIndex++)]);
                break;
            case PlanNode::Kind::Filter: flow = applyFilter(node, flow, context); break;
            case PlanNode::Kind::Project: flow = applyProject(node, flow, context); break;
            case PlanNode::Kind::TimeWindow: flow = assignTimeWindows(node, flow, context); break;
            case PlanNode::Kind::Aggregate:
            case PlanNode::Kind::SessionWindowAggregate:
            case PlanNode::Kind::Deduplicate: {
                OperatorMetrics metrics;
                OperatorState &state = m_state.operators[i];
                if (auto *aggregate = std::get_if<StatefulAggregate>(&state))
                    flow = aggregate->process(flow, context, metrics);
                else if (auto *session = std::get_if<SessionWindowAggregate>(&state))
                    flow = session->process(flow, context, metrics);
                else
                    flow = std::get<Deduplicate>(state).process(flow, context, metrics);
                if (node.kind != PlanNode::Kind::Deduplicate)
                    lastAggregate = static_cast<int>(i);
                report.stateOperators.push_back({operatorName(node.kind), metrics.numRowsTotal,
                                                 metrics.numRowsUpdated, metrics.numRowsRemoved,
                                                 metrics.numRowsDroppedByWatermark,
                                                 metrics.memoryUsedBytes});
                break;
            }
            }
        }
        for (size_t r = 0; r < rows.numRows; ++r)
            if (report.inputFates[r] == InputRowFate::Processed && eventTimes[r]
                && *eventTimes[r] <= report.watermarkMs * 1000)
                report.inputFates[r] = InputRowFate::LateButKept;
        for (const StateOperatorReport &op : report.stateOperators) {
            report.stateRows += op.numRowsTotal;
            report.stateRowsUpdated += op.numRowsUpdated;
            report.stateRowsRemoved += op.numRowsRemoved;
            report.stateMemoryBytes += op.memoryUsedBytes;
            report.numRowsDroppedByWatermark += op.numRowsDroppedByWatermark;
        }

        report.emitted = std::move(flow.batch);
        report.emitted.schema = m_query.resultSchema;
        report.numOutputRows = static_cast<int64_t>(report.emitted.numRows);
        if (lastAggregate >= 0 && m_state.collectResultTables)
            buildResultTable(report, static_cast<size_t>(lastAggregate), context);

        if (m_query.hasWatermark && !stats.empty() && stats[0].count > 0) {
            EventTimeStats s;
            s.minMs = stats[0].minMs;
            s.maxMs = stats[0].maxMs;
            s.avgMs = stats[0].avgMs;
            s.count = stats[0].count;
            report.eventTime = s;
        }
        std::vector<int64_t> delays;
        for (const PlanNode &node : m_query.nodes)
            if (node.kind == PlanNode::Kind::Watermark)
                delays.push_back(node.delayMs);
        m_state.tracker.update(delays, stats);
        report.nextWatermarkMs = m_state.tracker.globalWatermarkMs();

        writeSink(report);
        m_state.lastBatchWatermarkMs = report.watermarkMs;
        m_state.ranBatch = true;
        ++m_state.nextBatchId;
        report.durationMs = std::chrono::duration<double, std::milli>(
                                std::chrono::steady_clock::now() - started)
                                .count();
        return report;
    }

private:
    static void rememberEventTimes(const PlanNode &node, const Flow &flow,
                                   std::vector<std::optional<int64_t>> &eventTimes)
    {
        if (!flow.tracksOrigin)
            return;
        const Column &column = flow.batch.columns[node.eventTimeColumn];
        for (size_t r = 0; r < flow.batch.numRows; ++r)
            if (!column.isNull(r))
                eventTimes[flow.origin[r]] =
                    column.type().kind == TypeKind::Window ? column.ends[r] : column.ints[r];
    }

    // The result table of the last aggregation, seen through the stateless operators after it.
    void buildResultTable(BatchReport &report, size_t aggregateIndex, BatchContext &context)
    {
        const OperatorState &state = m_state.operators[aggregateIndex];
        ResultTableView view;
        if (auto *aggregate = std::get_if<StatefulAggregate>(&state))
            view = aggregate->resultTable();
        else if (auto *session = std::get_if<SessionWindowAggregate>(&state))
            view = session->resultTable();
        Flow flow;
        flow.batch = std::move(view.rows);
        flow.origin.resize(flow.batch.numRows);
        for (size_t r = 0; r < flow.batch.numRows; ++r)
            flow.origin[r] = static_cast<uint32_t>(r);
        BatchContext quiet = context;
        quiet.fates = nullptr;
        for (size_t i = aggregateIndex + 1; i < m_query.nodes.size(); ++i) {
            const PlanNode &node = m_query.nodes[i];
            if (node.kind == PlanNode::Kind::Filter)
                flow = applyFilter(node, flow, quiet);
            else if (node.kind == PlanNode::Kind::Project)
                flow = applyProject(node, flow, quiet);
        }
        report.resultTable = std::move(flow.batch);
        report.resultTable.schema = m_query.resultSchema;
        for (uint32_t origin : flow.origin)
            report.resultStatuses.push_back(view.statuses[origin]);
        report.hasResultTable = true;
    }

    void writeSink(BatchReport &report)
    {
        const SinkSpec &sink = m_query.sink;
        if (sink.format == "console") {
            ConsoleOptions options = parseConsoleOptions(sink.options);
            report.sinkText = formatConsoleBatch(report.batchId, report.emitted, options.numRows,
                                                 options.truncate);
        }
        if (sink.format != "memory")
            return;
        // Spark's MemorySink: complete mode replaces the table, the other modes append.
        if (m_query.outputMode == OutputMode::Complete)
            m_state.memoryTable = report.emitted;
        else
            for (size_t r = 0; r < report.emitted.numRows; ++r)
                m_state.memoryTable.appendRow(report.emitted.row(r));
        if (m_state.collectResultTables) {
            report.sinkTable = m_state.memoryTable;
            report.hasSinkTable = true;
        }
    }

    const CompiledQuery &m_query;
    RunState &m_state;
};

std::vector<BatchReport> Run::step(const ColumnBatch &rows, int stepIndex,
                                   std::optional<int64_t> processingTimeMicros)
{
    const CompiledQuery &query = m_query->compiled();
    std::vector<BatchReport> reports;
    const int64_t triggerTime = processingTimeMicros.value_or(0);
    if (m_state->failure)
        throw *m_state->failure;
    if (rows.numRows == 0)
        return reports; // Spark: no new data and no operator waiting for a no-data batch
    // Batches do not fail half-way (expressions are non-ANSI: no runtime errors); the only
    // runtime failure, a redefined watermark, is detected after a batch completed. Durable runs
    // recover from the checkpoint's last committed snapshot.
    BatchRunner runner(query, *m_state);
    reports.push_back(runner.run(rows, stepIndex, false, triggerTime));
    const BatchReport &last = reports.back();
    // Spark >= 3.4 (WatermarkPropagator): a withWatermark below another one fails the query as
    // soon as a non-zero watermark is propagated, after the batch that produced it.
    if (query.numWatermarkNodes > 1 && last.nextWatermarkMs > 0) {
        m_state->failure = Error(ErrorKind::Runtime,
                                 "query terminated after batch " + std::to_string(last.batchId)
                                     + ": Redefining watermark is disallowed. You can set the config "
                                       "'spark.sql.streaming.statefulOperator.allowMultiple' to "
                                       "'false' to restore the previous behavior. Note that "
                                       "multiple stateful operators will be disallowed.");
        return reports;
    }
    if (shouldRunAnotherBatch(query, last.nextWatermarkMs, last.watermarkMs))
        reports.push_back(runner.run(ColumnBatch::empty(query.sourceSchema), stepIndex, true, triggerTime));
    return reports;
}

namespace {

constexpr int64_t kSnapshotMagic = 0x3130505453545353; // "SSTSTP01"

// Like Spark's state schema check: what must not change for a snapshot to be reusable is the
// state itself — each stateful operator's kind, key and value schema — and the output mode.
// Stateless changes (another filter, another projection after the aggregate) are allowed.
uint64_t queryFingerprint(const Query &query)
{
    std::string text = outputModeName(query.outputMode());
    for (const PlanNode &n : query.compiled().nodes) {
        if (!n.isStateful() && n.kind != PlanNode::Kind::Watermark)
            continue;
        text += "|" + std::to_string(static_cast<int>(n.kind)) + ":";
        const Schema &schema = n.kind == PlanNode::Kind::Deduplicate ? n.input : n.output;
        for (const Field &f : schema.fields)
            text += f.name + " " + f.type.sparkName() + ",";
        for (int c : n.dedupColumns)
            text += std::to_string(c) + ",";
    }
    uint64_t hash = 1469598103934665603ull;
    for (unsigned char c : text) {
        hash ^= c;
        hash *= 1099511628211ull;
    }
    return hash;
}

} // namespace

std::string Run::saveState() const
{
    StateWriter out;
    out.writeI64(kSnapshotMagic);
    out.writeI64(static_cast<int64_t>(queryFingerprint(*m_query)));
    out.writeI64(m_state->nextBatchId);
    out.writeU8(m_state->ranBatch ? 1 : 0);
    out.writeI64(m_state->lastBatchWatermarkMs);
    m_state->tracker.save(out);
    for (const OperatorState &op : m_state->operators) {
        if (auto *aggregate = std::get_if<StatefulAggregate>(&op))
            aggregate->save(out);
        else if (auto *session = std::get_if<SessionWindowAggregate>(&op))
            session->save(out);
        else if (auto *dedup = std::get_if<Deduplicate>(&op))
            dedup->save(out);
    }
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
    if (in.readI64() != kSnapshotMagic)
        throw Error(ErrorKind::Runtime, "not a StreamStep state snapshot");
    if (static_cast<uint64_t>(in.readI64()) != queryFingerprint(*m_query))
        throw Error(ErrorKind::Runtime, "the state snapshot belongs to another query (its stateful "
                                        "operators' keys or values, or the output mode, differ)");
    RunState next(m_query->compiled());
    next.nextBatchId = in.readI64();
    next.ranBatch = in.readU8() != 0;
    next.lastBatchWatermarkMs = in.readI64();
    next.tracker.load(in);
    for (OperatorState &op : next.operators) {
        if (auto *aggregate = std::get_if<StatefulAggregate>(&op))
            aggregate->load(in);
        else if (auto *session = std::get_if<SessionWindowAggregate>(&op))
            session->load(in);
        else if (auto *dedup = std::get_if<Deduplicate>(&op))
            dedup->load(in);
    }
    if (in.readU8() != 0)
        next.memoryTable = in.readBatch(m_query->resultSchema());
    if (in.readU8() != 0)
        next.failure = Error(ErrorKind::Runtime, in.readString());
    next.collectResultTables = m_state->collectResultTables;
    if (!in.atEnd())
        throw Error(ErrorKind::Runtime, "state snapshot has trailing bytes");
    *m_state = std::move(next);
}

std::vector<BatchReport> runScenario(const Scenario &scenario)
{
    Run run(Query::compile(scenario));
    std::vector<BatchReport> all;
    int64_t processingTime = 0;
    for (size_t i = 0; i < scenario.steps.size(); ++i) {
        const Step &step = scenario.steps[i];
        processingTime = step.processingTimeMicros.value_or(i == 0 ? 0 : processingTime + 1'000'000);
        auto reports = run.step(step.rows, static_cast<int>(i), processingTime);
        all.insert(all.end(), std::make_move_iterator(reports.begin()),
                   std::make_move_iterator(reports.end()));
    }
    return all;
}

} // namespace streamstep

namespace streamstep {

std::string Query::explain() const
{
    std::string out;
    auto names = [](const std::vector<expr::NamedAst> &list, const Schema &output, size_t offset) {
        std::string text;
        for (size_t i = 0; i < list.size(); ++i)
            text += (i ? ", " : "") + output.fields[offset + i].name;
        return text;
    };
    for (auto it = m_compiled->nodes.rbegin(); it != m_compiled->nodes.rend(); ++it) {
        const PlanNode &n = *it;
        switch (n.kind) {
        case PlanNode::Kind::Watermark:
            out += "EventTimeWatermark " + n.input.fields[n.eventTimeColumn].name + ", delay "
                + std::to_string(n.delayMs) + " ms\n";
            break;
        case PlanNode::Kind::Filter: {
            std::string text;
            for (const auto &c : n.conjuncts)
                text += (text.empty() ? "" : " AND ") + astToText(*c);
            out += "Filter " + text + "\n";
            break;
        }
        case PlanNode::Kind::Project: out += "Project [" + names(n.projections, n.output, 0) + "]\n"; break;
        case PlanNode::Kind::TimeWindow: out += "TimeWindow " + n.windowText + " AS window\n"; break;
        case PlanNode::Kind::Aggregate:
        case PlanNode::Kind::SessionWindowAggregate:
            out += std::string(n.kind == PlanNode::Kind::Aggregate ? "Aggregate" : "SessionWindowAggregate")
                + " keys [" + names(n.keys, n.output, 0) + "], aggs ["
                + names(n.aggregates, n.output, n.keys.size()) + "]\n";
            break;
        case PlanNode::Kind::Deduplicate: {
            std::string text;
            for (int c : n.dedupColumns)
                text += (text.empty() ? "" : ", ") + n.input.fields[c].name;
            out += "Deduplicate [" + text + "]\n";
            break;
        }
        }
    }
    out += "StreamingSource " + m_compiled->scenario.sourceName + "\n";
    return out;
}

} // namespace streamstep
