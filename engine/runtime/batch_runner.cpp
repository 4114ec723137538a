#include "runtime/batch_runner.h"

#include "operators/group_table.h"
#include "operators/stateless_operators.h"
#include "sinks/console_format.h"
#include "streamstep/display_order.h"

#include <algorithm>
#include <chrono>

namespace streamstep {

namespace {

// Rows between two checkpoints inside the runner's own row loops.
constexpr size_t kCheckpointRows = 16384;

class BatchRunner {
public:
    BatchRunner(const CompiledQuery &query, RunState &state, StepMonitor &monitor)
        : m_query(query), m_state(state), m_monitor(monitor)
    {
    }

    // The progress units of one batch (see Operator::workUnits): input 2, each operator, late
    // rows 1, result table 1, sink 1.
    double batchUnits() const
    {
        double units = 2 + 1 + 1;
        bool resultTable = false;
        for (const auto &op : m_state.operators) {
            units += op->workUnits();
            resultTable = resultTable || op->hasResultTable();
        }
        return units + (resultTable && m_state.collectResultTables ? 1 : 0);
    }

    // Runs one batch over the step's rows, which become the report's input (the operators
    // read them there, see Flow::borrowed): `owned` ones move in, and move back when the batch
    // throws (cancelled); `shared` ones are copied (the Input phase, after its checkpoint).
    // When the report keeps no input (Run::setKeepInput) and the step cannot be cancelled,
    // `owned` rows move into the batch's flow instead, and are gone when it throws.
    // The report is filled in place (`report`, fresh, is the caller's: no report is moved).
    void run(BatchReport &report, ColumnBatch *owned, const ColumnBatch *shared, int step, bool noData,
             int64_t triggerTimeMicros)
    {
        const auto started = std::chrono::steady_clock::now();
        m_monitor.checkpoint(noData ? StepPhase::NoDataBatch : StepPhase::Input, 0);
        if (owned && !m_state.keepInput && !m_monitor.cancellable()) {
            ColumnBatch rows = std::move(*owned);
            *owned = ColumnBatch::empty(rows.schema);
            report.input = ColumnBatch::empty(rows.schema);
            runBatch(report, rows, &rows, step, noData, triggerTimeMicros, started);
            return;
        }
        const ColumnBatch *rows = shared;
        if (owned) {
            report.input = std::move(*owned);
            rows = &report.input;
        } else if (m_state.keepInput) {
            report.input = *shared;
            rows = &report.input;
        }
        try {
            runBatch(report, *rows, nullptr, step, noData, triggerTimeMicros, started);
        } catch (...) {
            if (owned)
                *owned = std::move(report.input);
            throw;
        }
        if (!m_state.keepInput)
            report.input = ColumnBatch::empty(rows->schema);
    }

private:
    // An operator's pass over the batch; an expression that fails there (Spark's ANSI errors)
    // fails the batch, named in the error.
    static Flow processLocated(Operator &op, Flow &flow, BatchContext &context, const BatchReport &report)
    {
        try {
            return op.process(flow, context);
        } catch (const Error &e) {
            throw e.relocated("batch " + std::to_string(report.batchId) + " (step " + std::to_string(report.step)
                              + ") failed: " + e.message());
        }
    }

    // `rows` are the batch's input; `take`, when set, is the same batch, which the flow may take
    // over (move its columns out of and change in place).
    void runBatch(BatchReport &report, const ColumnBatch &rows, ColumnBatch *take, int step, bool noData,
                  int64_t triggerTimeMicros, std::chrono::steady_clock::time_point started)
    {
        checkBatchIdLimit(m_state.nextBatchId); // before any operator counts the batch
        const size_t numRows = rows.numRows;
        double done = 0; // progress units of this batch
        report.batchId = m_state.nextBatchId;
        report.step = step;
        report.noData = noData;
        report.triggerTimeMicros = triggerTimeMicros;
        report.numInputRows = static_cast<int64_t>(numRows);
        report.inputFates.assign(numRows, InputRowFate::Processed);
        report.hasWatermark = m_query.hasWatermark();
        report.watermarkMs = m_state.tracker.globalWatermarkMs();
        report.watermarkOrigin = m_state.tracker.origin();

        std::vector<EventTimeAccumulator> &stats = m_state.batchBuffers->eventTimeStats;
        stats.assign(static_cast<size_t>(m_query.numWatermarkNodes), EventTimeAccumulator{});
        // Per input row, its event time at the first withWatermark (only a query with one has
        // late rows to mark).
        std::vector<std::optional<int64_t>> &eventTimes = m_state.batchBuffers->inputEventTimes;
        eventTimes.assign(m_query.hasWatermark() ? numRows : 0, std::nullopt);

        BatchContext context;
        context.hasWatermark = m_query.hasWatermark();
        context.evictionWatermarkMs = report.watermarkMs;
        context.lateWatermarkMs = m_state.ranBatch ? m_state.lastBatchWatermarkMs : report.watermarkMs;
        context.outputMode = m_query.outputMode;
        context.eval.currentTimestampMicros = triggerTimeMicros;
        context.fates = &report.inputFates;
        context.collectResultTables = m_state.collectResultTables;
        context.eventTimeStats = &stats;
        context.inputEventTimes = m_query.hasWatermark() ? &eventTimes : nullptr;
        context.batchId = report.batchId;
        report.lateWatermarkMs = context.lateWatermarkMs;
        if (m_state.explain) {
            report.inputFacts.resize(numRows);
            context.facts = &report.inputFacts;
            for (const PlanNode &node : m_query.nodes)
                if (node.isAggregation())
                    context.provenanceNode = &node;
        }

        // The operators read the input in place until one changes rows (Flow::borrowed), or
        // own it from the start, without the columns no operator reads.
        Flow flow;
        if (take) {
            flow.batch = std::move(*take);
            for (size_t c = 0; c < flow.batch.columns.size(); ++c)
                if (c < m_state.liveSource.size() && !m_state.liveSource[c])
                    flow.batch.columns[c] = Column(flow.batch.columns[c].type());
            flow.fillOrigin();
        } else {
            flow.borrowed = &rows;
        }
        Operator *resultTableOwner = nullptr;
        size_t resultTableIndex = 0;
        done += 2;
        for (size_t i = 0; i < m_state.operators.size(); ++i) {
            Operator &op = *m_state.operators[i];
            m_monitor.checkpoint(op.phase(), done);
            done += op.workUnits();
            if (op.isStateful())
                m_monitor.aboutToChange(m_state);
            Flow output = processLocated(op, flow, context, report);
            flow = std::move(output);
            if (!flow.displayKeys.empty())
                report.emittedKeyColumns = displayKeysAtSink(flow, i);
            if (op.isStateful())
                report.stateOperators.push_back(op.stateReport());
            if (op.hasResultTable()) {
                resultTableOwner = &op;
                resultTableIndex = i;
            }
        }
        m_monitor.checkpoint(StepPhase::LateRows, done);
        for (size_t begin = 0; begin < numRows; begin += kCheckpointRows) {
            if (begin > 0)
                m_monitor.checkpoint(StepPhase::LateRows, done + double(begin) / double(numRows));
            const size_t end = eventTimes.empty() ? begin : std::min(numRows, begin + kCheckpointRows);
            for (size_t r = begin; r < end; ++r)
                if (report.inputFates[r] == InputRowFate::Processed && eventTimes[r]
                    && *eventTimes[r] <= report.watermarkMs * 1000) {
                    report.inputFates[r] = InputRowFate::LateButKept;
                    if (!report.inputFacts.empty()) {
                        InputRowFacts &f = report.inputFacts[r];
                        f.compared = InputRowFacts::Compared::EventTime;
                        f.comparedMicros = *eventTimes[r];
                        f.lateWatermarkMs = report.watermarkMs;
                    }
                }
        }
        releaseIfLarge(eventTimes);
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
        if (m_state.collectResultTables && !report.emittedKeyColumns.empty())
            report.emittedDisplayRows = displayOrder(report.emitted, report.emittedKeyColumns);
        if (resultTableOwner && m_state.collectResultTables) {
            m_monitor.checkpoint(StepPhase::ResultTable, done);
            done += 1;
            buildResultTable(report, *resultTableOwner, resultTableIndex, context);
        }

        if (m_query.hasWatermark() && !stats.empty() && stats[0].count > 0) {
            EventTimeStats s;
            s.minMs = stats[0].minMs;
            s.maxMs = stats[0].maxMs;
            s.avgMs = stats[0].avgMs;
            s.count = stats[0].count;
            report.eventTime = s;
        }
        m_monitor.checkpoint(StepPhase::Sink, done);
        m_monitor.aboutToChange(m_state);
        report.watermarkProposals = m_state.tracker.update(stats, report.batchId);
        report.nextWatermarkMs = m_state.tracker.globalWatermarkMs();
        report.nextWatermarkOrigin = m_state.tracker.origin();

        writeSink(report, done);
        m_state.lastBatchWatermarkMs = report.watermarkMs;
        m_state.ranBatch = true;
        ++m_state.nextBatchId;
        report.durationMs = std::chrono::duration<double, std::milli>(
                                std::chrono::steady_clock::now() - started)
                                .count();
    }

    // Where the display keys operator `producer` put on `flow` are in the rows the sink gets:
    // the operators after it pass them on (filters, projections keeping them), or the rows are
    // put in display order here, while the keys are still there (an operator after it depends on
    // the rows' order or drops a key), and the sink's rows are in their display order.
    std::vector<int> displayKeysAtSink(Flow &flow, size_t producer) const
    {
        std::optional<std::vector<int>> keys = flow.displayKeys;
        for (size_t j = producer + 1; keys && j < m_state.operators.size(); ++j)
            keys = m_state.operators[j]->displayKeysAfter(*keys);
        if (!keys) {
            Flow sorted = flow.gather(displayOrder(flow.rows(), flow.displayKeys));
            flow = std::move(sorted);
        }
        flow.displayKeys.clear();
        return keys.value_or(std::vector<int>{});
    }

    // The result table of the last aggregation, seen through the operators after it that
    // transform it (filters and projections).
    void buildResultTable(BatchReport &report, const Operator &owner, size_t ownerIndex, const BatchContext &context)
    {
        ResultTableView view = owner.resultTable();
        Flow flow;
        flow.batch = std::move(view.rows);
        flow.origin.resize(flow.batch.numRows);
        for (size_t r = 0; r < flow.batch.numRows; ++r)
            flow.origin[r] = static_cast<uint32_t>(r);
        BatchContext quiet = context;
        quiet.fates = nullptr;
        quiet.eventTimeStats = nullptr;
        quiet.inputEventTimes = nullptr;
        quiet.facts = nullptr;
        for (size_t i = ownerIndex + 1; i < m_state.operators.size(); ++i) {
            Operator &op = *m_state.operators[i];
            if (op.transformsResultTable()) {
                Flow output = op.transformResultTable(flow, quiet);
                flow = std::move(output);
            }
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
                                                 options.truncate, report.emittedKeyColumns);
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
                    m_state.memoryTable.columns[c].appendRange(report.emitted.columns[c], begin, end);
                m_state.memoryTable.numRows += end - begin;
            }
        }
        if (m_state.collectResultTables) {
            report.sinkTable = m_state.memoryTable;
            keepMemoryDisplayRows(report);
            report.sinkTableDisplayRows = m_state.memoryDisplayRows;
            report.hasSinkTable = true;
        }
    }

    // Appends the batch's display order to the memory table's (complete mode: replaces it). The
    // rows of the table before it are taken as they are where the order does not cover them (a
    // restored run), and a cancelled step's rows are cut off again (they were the last ones).
    void keepMemoryDisplayRows(const BatchReport &report)
    {
        std::vector<uint32_t> &rows = m_state.memoryDisplayRows;
        if (report.emittedKeyColumns.empty() && rows.empty())
            return;
        const size_t n = report.emitted.numRows;
        const size_t before = m_state.memoryTable.numRows - n;
        if (m_query.outputMode == OutputMode::Complete) {
            rows.clear();
        } else if (rows.size() > before) {
            rows.resize(before);
        } else {
            for (size_t r = rows.size(); r < before; ++r)
                rows.push_back(static_cast<uint32_t>(r));
        }
        const size_t offset = m_query.outputMode == OutputMode::Complete ? 0 : before;
        if (report.emittedDisplayRows.size() == n)
            for (uint32_t r : report.emittedDisplayRows)
                rows.push_back(static_cast<uint32_t>(offset + r));
        else
            for (size_t r = 0; r < n; ++r)
                rows.push_back(static_cast<uint32_t>(offset + r));
    }

    const CompiledQuery &m_query;
    RunState &m_state;
    StepMonitor &m_monitor;
};

// Spark's MicroBatchExecution.constructNextBatch: another (no-data) batch runs when some
// stateful operator's shouldRunAnotherBatch says the new watermark would change it.
bool shouldRunAnotherBatch(const CompiledQuery &query, const RunState &state, int64_t newWatermarkMs,
                           int64_t evictionWatermarkMs)
{
    // spark.sql.streaming.noDataMicroBatches.enabled=false: only triggers with data run batches.
    if (!query.hasWatermark() || !query.conf.noDataMicroBatches)
        return false;
    return std::any_of(state.operators.begin(), state.operators.end(), [&](const auto &op) {
        return op->shouldRunAnotherBatch(newWatermarkMs, evictionWatermarkMs);
    });
}

} // namespace

void checkBatchIdLimit(int64_t batchId)
{
    if (batchId >= kMaxSnapshotBatchId)
        throw Error(ErrorKind::Runtime, "batch " + std::to_string(batchId) + " cannot run: a run ends before batch "
                                            + std::to_string(kMaxSnapshotBatchId)
                                            + ", the largest batch id a state snapshot holds");
}

std::vector<BatchReport> runStep(const CompiledQuery &query, RunState &state, const ColumnBatch &rows,
                                 ColumnBatch *owned, int stepIndex, std::optional<int64_t> processingTimeMicros,
                                 const StepControl &control)
{
    std::vector<BatchReport> reports;
    const int64_t triggerTime = processingTimeMicros.value_or(0);
    if (state.failure)
        throw *state.failure;
    if (rows.numRows == 0)
        return reports; // Spark: no new data and no operator waiting for a no-data batch
    if (query.planningFailure) { // Spark: the first batch's planning fails, the query stops
        state.failure = Error(ErrorKind::Runtime, *query.planningFailure);
        throw *state.failure;
    }
    // A batch fails half-way when an expression fails under ANSI (overflow, division by zero,
    // malformed casts): the state is put back as it was before the step and nothing is emitted.
    // A redefined watermark is detected after a batch completed. Durable runs recover from the
    // checkpoint's last committed snapshot.
    StepMonitor monitor(control);
    BatchRunner runner(query, state, monitor);
    // A no-data batch may follow when the watermark can move a stateful operator: it gets the
    // last tenth of the progress bar.
    const bool mayRunNoDataBatch = query.hasWatermark()
        && std::any_of(state.operators.begin(), state.operators.end(), [](const auto &op) { return op->isStateful(); });
    const double dataShare = mayRunNoDataBatch ? 0.9 : 1.0;
    reports.reserve(mayRunNoDataBatch ? 2 : 1); // no report moved while the vector grows
    bool dataBatchRan = false; // then its report holds the step's rows
    try {
        monitor.beginBatch(0, dataShare, runner.batchUnits());
        runner.run(reports.emplace_back(), owned, &rows, stepIndex, false, triggerTime);
        dataBatchRan = true;
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
        if (shouldRunAnotherBatch(query, state, last.nextWatermarkMs, last.watermarkMs)) {
            monitor.beginBatch(dataShare, 1 - dataShare, runner.batchUnits());
            ColumnBatch none = ColumnBatch::empty(query.sourceSchema);
            runner.run(reports.emplace_back(), &none, nullptr, stepIndex, true, triggerTime);
        }
    } catch (...) {
        // Cancelled (or failed) half-way: put the state back as it was before the step, and
        // hand the rows back to the caller (the data batch's report had taken them).
        monitor.rollback(state);
        if (owned && dataBatchRan)
            *owned = std::move(reports.front().input);
        try {
            throw;
        } catch (const Error &e) {
            state.failure = e; // Spark: a batch that fails terminates the query
            throw;
        }
    }
    return reports;
}

} // namespace streamstep
