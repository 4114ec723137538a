#include "streamstep/engine.h"

#include "analysis/ast_rewrite.h"
#include "analysis/logical_plan.h"
#include "operators/deduplicate.h"
#include "operators/group_table.h"
#include "operators/session_window_aggregate.h"
#include "operators/stateful_aggregate.h"
#include "operators/stateless_operators.h"
#include "runtime/watermark_tracker.h"
#include "sinks/console_format.h"

#include <algorithm>
#include <chrono>
#include <variant>

namespace streamstep {

using OperatorState = std::variant<std::monostate, StatefulAggregate, SessionWindowAggregate, Deduplicate>;

static std::vector<std::vector<uint8_t>> liveColumns(const CompiledQuery &query);

class RunState {
public:
    explicit RunState(const CompiledQuery &query) : tracker(query.numWatermarkNodes), live(liveColumns(query))
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
    std::vector<std::vector<uint8_t>> live; // the plan's column pruning (see liveColumns), fixed
};

namespace {

// Rows between two checkpoints inside the run's own row loops.
constexpr size_t kCheckpointRows = 16384;

// Cuts a batch back to its first `numRows` rows (only the storage a column's type uses is filled).
void truncateRows(ColumnBatch &batch, size_t numRows)
{
    if (batch.numRows <= numRows)
        return;
    for (Column &c : batch.columns) {
        const auto cut = [numRows](auto &values) {
            if (values.size() > numRows)
                values.resize(numRows);
        };
        cut(c.nulls);
        cut(c.ints);
        cut(c.ends);
        cut(c.doubles);
        cut(c.decimals);
        cut(c.strings);
    }
    batch.numRows = numRows;
}

} // namespace

// Follows one Run::step for its StepControl: reports progress at checkpoints, stops there when
// cancelled, and keeps what it takes to undo the step. The undo copy is taken lazily, right
// before the step first changes the RunState (its first stateful operator, or the watermark and
// sink when it has none), so the stateless phases cost nothing to cancel; it copies the stateful
// operators' state (O(state rows), the whole cost of being cancellable) but never the memory
// sink's table: rows appended to it are cut off again, a table replaced in complete mode is moved
// aside.
class StepMonitor {
public:
    explicit StepMonitor(const StepControl &control) : m_control(control) {}

    // The current batch spans [start, start + span) of the step's progress and has `units` of work.
    void beginBatch(double start, double span, double units)
    {
        m_start = start;
        m_span = span;
        m_units = units > 0 ? units : 1;
    }
    // A checkpoint `done` units into the current batch.
    void checkpoint(StepPhase phase, double done)
    {
        if (m_control.progress)
            m_control.progress(m_start + m_span * std::min(done / m_units, 0.999), phase);
        if (m_control.cancel && m_control.cancel->load(std::memory_order_relaxed))
            throw StepCancelled();
    }
    // Called before every change of the RunState.
    void aboutToChange(const RunState &state)
    {
        if (!m_control.cancel || m_captured)
            return;
        m_captured = true;
        m_nextBatchId = state.nextBatchId;
        m_tracker = state.tracker;
        m_ranBatch = state.ranBatch;
        m_lastBatchWatermarkMs = state.lastBatchWatermarkMs;
        m_operators = state.operators;
        m_memoryRows = state.memoryTable.numRows;
        m_failure = state.failure;
    }
    // Called before the memory sink's table is replaced (complete mode).
    void aboutToReplaceMemoryTable(RunState &state)
    {
        aboutToChange(state);
        if (!m_control.cancel || m_savedMemoryTable)
            return;
        truncateRows(state.memoryTable, m_memoryRows);
        m_savedMemoryTable = std::move(state.memoryTable);
    }
    void rollback(RunState &state)
    {
        if (!m_captured)
            return;
        state.nextBatchId = m_nextBatchId;
        state.tracker = std::move(*m_tracker);
        state.ranBatch = m_ranBatch;
        state.lastBatchWatermarkMs = m_lastBatchWatermarkMs;
        state.operators = std::move(m_operators);
        if (m_savedMemoryTable)
            state.memoryTable = std::move(*m_savedMemoryTable);
        else
            truncateRows(state.memoryTable, m_memoryRows);
        state.failure = std::move(m_failure);
        m_captured = false;
    }

private:
    const StepControl &m_control;
    double m_start = 0;
    double m_span = 1;
    double m_units = 1;

    bool m_captured = false;
    int64_t m_nextBatchId = 0;
    std::optional<WatermarkTracker> m_tracker;
    bool m_ranBatch = false;
    int64_t m_lastBatchWatermarkMs = 0;
    std::vector<OperatorState> m_operators;
    size_t m_memoryRows = 0;
    std::optional<ColumnBatch> m_savedMemoryTable;
    std::optional<Error> m_failure;
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

// Column pruning, as Spark's optimizer does it: for each node, which columns of its input it or
// any later node reads (one flag per column; entry nodes.size() is the emitted rows: all). The
// runner copies or filters only those; the others are left pruned (see isPruned). Operators
// that pass whole rows on (deduplication, session windows) keep every column.
static std::vector<std::vector<uint8_t>> liveColumns(const CompiledQuery &query)
{
    const size_t count = query.nodes.size();
    std::vector<std::vector<uint8_t>> live(count + 1);
    live[count].assign(count ? query.nodes.back().output.size() : query.sourceSchema.size(), 1);
    for (size_t i = count; i-- > 0;) {
        const PlanNode &node = query.nodes[i];
        const size_t width = node.input.size();
        const std::vector<uint8_t> &after = live[i + 1];
        std::vector<uint8_t> in(width, 0);
        bool all = false;
        const auto read = [&](const expr::BoundExpr &e) {
            for (int c : e.referencedColumns) {
                if (c < 0 || static_cast<size_t>(c) >= width)
                    all = true;
                else
                    in[static_cast<size_t>(c)] = 1;
            }
        };
        const auto readColumn = [&](int c) {
            if (c < 0 || static_cast<size_t>(c) >= width)
                all = true;
            else
                in[static_cast<size_t>(c)] = 1;
        };
        switch (node.kind) {
        case PlanNode::Kind::Watermark:
        case PlanNode::Kind::Filter:
            if (after.size() != width)
                all = true;
            else
                in = after;
            if (node.kind == PlanNode::Kind::Watermark)
                readColumn(node.eventTimeColumn);
            for (const auto &conjunct : node.boundConjuncts)
                read(*conjunct);
            break;
        case PlanNode::Kind::Project:
            for (const auto &projection : node.boundProjections)
                read(*projection);
            break;
        case PlanNode::Kind::TimeWindow: // the input's columns, then the window column
            if (after.size() != width + 1 || node.boundConjuncts.empty())
                all = true;
            else
                std::copy(after.begin(), after.begin() + static_cast<std::ptrdiff_t>(width), in.begin());
            for (const auto &time : node.boundConjuncts)
                read(*time);
            break;
        case PlanNode::Kind::Aggregate:
            for (const auto &key : node.boundKeys)
                read(*key);
            for (const auto &aggregate : node.boundAggregates)
                for (const auto &call : aggregate.calls)
                    if (call.argument)
                        read(*call.argument);
            break;
        case PlanNode::Kind::SessionWindowAggregate:
        case PlanNode::Kind::Deduplicate: all = true; break;
        }
        if (all)
            in.assign(width, 1);
        live[i] = std::move(in);
    }
    return live;
}

// The share of a batch's work each phase stands for in progress reports (a rough guide: the
// input copies and the stateful operators dominate).
double phaseUnits(PlanNode::Kind kind)
{
    switch (kind) {
    case PlanNode::Kind::Aggregate:
    case PlanNode::Kind::SessionWindowAggregate: return 3;
    case PlanNode::Kind::Deduplicate: return 2;
    default: return 1;
    }
}

StepPhase phaseOf(PlanNode::Kind kind)
{
    switch (kind) {
    case PlanNode::Kind::Watermark: return StepPhase::Watermark;
    case PlanNode::Kind::Filter: return StepPhase::Filter;
    case PlanNode::Kind::Project: return StepPhase::Project;
    case PlanNode::Kind::TimeWindow: return StepPhase::Window;
    case PlanNode::Kind::Aggregate:
    case PlanNode::Kind::SessionWindowAggregate: return StepPhase::Aggregate;
    case PlanNode::Kind::Deduplicate: return StepPhase::Deduplicate;
    }
    return StepPhase::Input;
}

class BatchRunner {
public:
    BatchRunner(const CompiledQuery &query, RunState &state, StepMonitor &monitor)
        : m_query(query), m_state(state), m_monitor(monitor), m_live(state.live)
    {
    }

    // The progress units of one batch (see phaseUnits): input 2, each operator, late rows 1,
    // result table 1, sink 1.
    double batchUnits() const
    {
        double units = 2 + 1 + 1;
        bool aggregates = false;
        for (const PlanNode &node : m_query.nodes) {
            units += phaseUnits(node.kind);
            aggregates = aggregates || node.kind == PlanNode::Kind::Aggregate
                || node.kind == PlanNode::Kind::SessionWindowAggregate;
        }
        return units + (aggregates && m_state.collectResultTables ? 1 : 0);
    }

    // Runs one batch over the step's rows, which become the report's input (the operators
    // read them there, see Flow::borrowed): `owned` ones move in, and move back when the batch
    // throws (cancelled); `shared` ones are copied (the Input phase, after its checkpoint).
    BatchReport run(ColumnBatch *owned, const ColumnBatch *shared, int step, bool noData,
                    int64_t triggerTimeMicros)
    {
        const auto started = std::chrono::steady_clock::now();
        m_monitor.checkpoint(noData ? StepPhase::NoDataBatch : StepPhase::Input, 0);
        BatchReport report;
        if (owned)
            report.input = std::move(*owned);
        else
            report.input = *shared;
        try {
            runBatch(report, step, noData, triggerTimeMicros, started);
        } catch (...) {
            if (owned)
                *owned = std::move(report.input);
            throw;
        }
        return report;
    }

    void runBatch(BatchReport &report, int step, bool noData, int64_t triggerTimeMicros,
                  std::chrono::steady_clock::time_point started)
    {
        const ColumnBatch &rows = report.input;
        double done = 0; // progress units of this batch
        report.batchId = m_state.nextBatchId;
        report.step = step;
        report.noData = noData;
        report.triggerTimeMicros = triggerTimeMicros;
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

        // The operators read the input in place until one changes rows (Flow::borrowed).
        Flow flow;
        flow.borrowed = &rows;

        std::vector<EventTimeAccumulator> stats(static_cast<size_t>(m_query.numWatermarkNodes));
        // Per input row, its event time at the first withWatermark (only a query with one has
        // late rows to mark).
        std::vector<std::optional<int64_t>> eventTimes(m_query.numWatermarkNodes > 0 ? rows.numRows : 0);
        int watermarkIndex = 0;
        int lastAggregate = -1;
        done += 2;
        for (size_t i = 0; i < m_query.nodes.size(); ++i) {
            const PlanNode &node = m_query.nodes[i];
            m_monitor.checkpoint(phaseOf(node.kind), done);
            done += phaseUnits(node.kind);
            switch (node.kind) {
            case PlanNode::Kind::Watermark:
                if (watermarkIndex == 0)
                    rememberEventTimes(node, flow, eventTimes);
                observeEventTimes(node, flow, stats[static_cast<size_t>(watermarkIndex++)]);
                break;
            case PlanNode::Kind::Filter: flow = applyFilter(node, flow, context, &m_live[i + 1]); break;
            case PlanNode::Kind::Project: flow = applyProject(node, flow, context); break;
            case PlanNode::Kind::TimeWindow:
                flow.own(&m_live[i]); // copies only the columns read from here on
                flow = assignTimeWindows(node, flow, context);
                break;
            case PlanNode::Kind::Aggregate:
            case PlanNode::Kind::SessionWindowAggregate:
            case PlanNode::Kind::Deduplicate: {
                OperatorMetrics metrics;
                flow.fillOrigin(); // they index the origin directly
                m_monitor.aboutToChange(m_state);
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
        m_monitor.checkpoint(StepPhase::LateRows, done);
        for (size_t begin = 0; begin < rows.numRows; begin += kCheckpointRows) {
            if (begin > 0)
                m_monitor.checkpoint(StepPhase::LateRows, done + double(begin) / double(rows.numRows));
            const size_t end = eventTimes.empty() ? begin : std::min(rows.numRows, begin + kCheckpointRows);
            for (size_t r = begin; r < end; ++r)
                if (report.inputFates[r] == InputRowFate::Processed && eventTimes[r]
                    && *eventTimes[r] <= report.watermarkMs * 1000)
                    report.inputFates[r] = InputRowFate::LateButKept;
        }
        done += 1;
        for (const StateOperatorReport &op : report.stateOperators) {
            report.stateRows += op.numRowsTotal;
            report.stateRowsUpdated += op.numRowsUpdated;
            report.stateRowsRemoved += op.numRowsRemoved;
            report.stateMemoryBytes += op.memoryUsedBytes;
            report.numRowsDroppedByWatermark += op.numRowsDroppedByWatermark;
        }

        flow.own(); // no operator changed the rows: the input itself is emitted
        report.emitted = std::move(flow.batch);
        report.emitted.schema = m_query.resultSchema;
        report.numOutputRows = static_cast<int64_t>(report.emitted.numRows);
        if (lastAggregate >= 0 && m_state.collectResultTables) {
            m_monitor.checkpoint(StepPhase::ResultTable, done);
            done += 1;
            buildResultTable(report, static_cast<size_t>(lastAggregate), context);
        }

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
        m_monitor.checkpoint(StepPhase::Sink, done);
        m_monitor.aboutToChange(m_state);
        m_state.tracker.update(delays, stats);
        report.nextWatermarkMs = m_state.tracker.globalWatermarkMs();

        writeSink(report, done);
        m_state.lastBatchWatermarkMs = report.watermarkMs;
        m_state.ranBatch = true;
        ++m_state.nextBatchId;
        report.durationMs = std::chrono::duration<double, std::milli>(
                                std::chrono::steady_clock::now() - started)
                                .count();
    }

private:
    static void rememberEventTimes(const PlanNode &node, const Flow &flow,
                                   std::vector<std::optional<int64_t>> &eventTimes)
    {
        if (!flow.tracksOrigin)
            return;
        const Column &column = flow.rows().columns[node.eventTimeColumn];
        for (size_t r = 0; r < flow.rows().numRows; ++r)
            if (!column.isNull(r))
                eventTimes[flow.originOf(r)] =
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

    // `done`: the batch's progress units before the sink (for checkpoints while appending).
    void writeSink(BatchReport &report, double done)
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
        if (m_query.outputMode == OutputMode::Complete) {
            m_monitor.aboutToReplaceMemoryTable(m_state);
            m_state.memoryTable = report.emitted;
        } else {
            const size_t n = report.emitted.numRows;
            for (size_t begin = 0; begin < n; begin += kCheckpointRows) {
                if (begin > 0)
                    m_monitor.checkpoint(StepPhase::Sink, done + double(begin) / double(n));
                const size_t end = std::min(n, begin + kCheckpointRows);
                for (size_t c = 0; c < report.emitted.columns.size(); ++c)
                    appendRange(m_state.memoryTable.columns[c], report.emitted.columns[c], begin, end);
                m_state.memoryTable.numRows += end - begin;
            }
        }
        if (m_state.collectResultTables) {
            report.sinkTable = m_state.memoryTable;
            report.hasSinkTable = true;
        }
    }

    const CompiledQuery &m_query;
    RunState &m_state;
    StepMonitor &m_monitor;
    const std::vector<std::vector<uint8_t>> &m_live; // see liveColumns
};

namespace {

// Both Run::step overloads: `owned` (the rvalue overload's rows, else null) moves into the data
// batch's report, `rows` is copied there otherwise.
std::vector<BatchReport> stepRun(const CompiledQuery &query, RunState &state, const ColumnBatch &rows,
                                 ColumnBatch *owned, int stepIndex,
                                 std::optional<int64_t> processingTimeMicros, const StepControl &control)
{
    std::vector<BatchReport> reports;
    const int64_t triggerTime = processingTimeMicros.value_or(0);
    if (state.failure)
        throw *state.failure;
    if (rows.numRows == 0)
        return reports; // Spark: no new data and no operator waiting for a no-data batch
    // Batches do not fail half-way (expressions are non-ANSI: no runtime errors); the only
    // runtime failure, a redefined watermark, is detected after a batch completed. Durable runs
    // recover from the checkpoint's last committed snapshot.
    StepMonitor monitor(control);
    BatchRunner runner(query, state, monitor);
    // A no-data batch may follow when the watermark can move a stateful operator: it gets the
    // last tenth of the progress bar.
    bool mayRunNoDataBatch = false;
    for (const PlanNode &n : query.nodes)
        mayRunNoDataBatch = mayRunNoDataBatch || (query.hasWatermark && n.isStateful());
    const double dataShare = mayRunNoDataBatch ? 0.9 : 1.0;
    try {
        monitor.beginBatch(0, dataShare, runner.batchUnits());
        reports.push_back(runner.run(owned, &rows, stepIndex, false, triggerTime));
        const BatchReport &last = reports.back();
        // Spark >= 3.4 (WatermarkPropagator): a withWatermark below another one fails the query
        // as soon as a non-zero watermark is propagated, after the batch that produced it.
        if (query.numWatermarkNodes > 1 && last.nextWatermarkMs > 0) {
            state.failure = Error(ErrorKind::Runtime,
                                  "query terminated after batch " + std::to_string(last.batchId)
                                      + ": Redefining watermark is disallowed. You can set the config "
                                        "'spark.sql.streaming.statefulOperator.allowMultiple' to "
                                        "'false' to restore the previous behavior. Note that "
                                        "multiple stateful operators will be disallowed.");
            return reports;
        }
        if (shouldRunAnotherBatch(query, last.nextWatermarkMs, last.watermarkMs)) {
            monitor.beginBatch(dataShare, 1 - dataShare, runner.batchUnits());
            ColumnBatch none = ColumnBatch::empty(query.sourceSchema);
            reports.push_back(runner.run(&none, nullptr, stepIndex, true, triggerTime));
        }
    } catch (...) {
        // Cancelled (or failed) half-way: put the state back as it was before the step, and
        // hand the rows back to the caller (the data batch's report had taken them).
        monitor.rollback(state);
        if (owned && !reports.empty())
            *owned = std::move(reports.front().input);
        throw;
    }
    return reports;
}

} // namespace

std::vector<BatchReport> Run::step(const ColumnBatch &rows, int stepIndex,
                                   std::optional<int64_t> processingTimeMicros,
                                   const StepControl &control)
{
    return stepRun(m_query->compiled(), *m_state, rows, nullptr, stepIndex, processingTimeMicros, control);
}

std::vector<BatchReport> Run::step(ColumnBatch &&rows, int stepIndex,
                                   std::optional<int64_t> processingTimeMicros,
                                   const StepControl &control)
{
    return stepRun(m_query->compiled(), *m_state, rows, &rows, stepIndex, processingTimeMicros, control);
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
