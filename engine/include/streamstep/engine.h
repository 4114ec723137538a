// The engine's public API: compile a scenario's query once (immutable, shareable), then step any
// number of independent runs of it, trigger by trigger, each producing one BatchReport per
// micro-batch — everything the CLI prints and the app shows.
#pragma once

#include "streamstep/column_batch.h"
#include "streamstep/error.h"
#include "streamstep/scenario.h"

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace streamstep {

// Spark's EventTimeStats of one batch, in milliseconds (avg as Spark's running double mean).
struct EventTimeStats {
    int64_t minMs = 0;
    int64_t maxMs = 0;
    double avgMs = 0;
    int64_t count = 0;
};

// One entry of Spark's progress.stateOperators.
struct StateOperatorReport {
    std::string operatorName; // stateStoreSave, dedupe, sessionWindowStateStoreSaveExec
    int64_t numRowsTotal = 0;
    int64_t numRowsUpdated = 0;
    int64_t numRowsRemoved = 0;
    int64_t numRowsDroppedByWatermark = 0;
    int64_t memoryUsedBytes = 0;
};

// How a watermark came about. Spark's WatermarkTracker: after a batch, each withWatermark that
// saw rows proposes max(event time) − delay; the global watermark is the minimum of those
// proposals (an operator that never saw rows proposes 0), starts at 0 (1970-01-01T00:00:00Z)
// and never moves back.
struct WatermarkOrigin {
    int64_t setByBatch = -1;     // the batch whose rows set it; -1: still the initial 0
    int operatorIndex = -1;      // which withWatermark gave the minimum (0 = the query's first)
    std::string eventTimeColumn; // that withWatermark's column
    int64_t maxEventTimeMs = 0;  // the max event time it had seen…
    int64_t delayMs = 0;         // …minus its delay is the watermark
};

// One withWatermark of a query, in query order.
struct WatermarkSpec {
    std::string column;
    int64_t delayMs = 0;
    std::string delayText; // as written: "10 minutes"
    // The source column whose values the event time is (the column itself, or the time column
    // of the window struct it is), when it is a source column passed on unchanged; else -1.
    int sourceColumn = -1;
};

// What one withWatermark proposed after a batch in which it saw rows (Spark's WatermarkTracker):
// its max event time so far in this batch minus its delay; the proposal raises that operator's
// watermark only when it is later than the operator's previous one.
struct WatermarkProposal {
    int operatorIndex = 0; // 0 = the query's first withWatermark
    int64_t maxEventTimeMs = 0;
    int64_t delayMs = 0;
    int64_t proposedMs = 0; // maxEventTimeMs − delayMs
    bool raised = false;
};

// What a row of the result table went through in this batch (the app marks rows with it).
enum class ResultRowStatus : uint8_t {
    Unchanged, // in state, not touched by this batch
    New,       // entered state in this batch
    Updated,   // in state before, changed by this batch
    Final,     // evicted by the watermark in this batch (append mode: emitted now)
    Evicted,   // evicted by the watermark in an earlier batch (no longer in state)
};

enum class InputRowFate : uint8_t {
    Processed,          // reached the end of the query (or its stateful operator)
    LateButKept,        // processed although its event time is at or before the watermark in
                        // force (e.g. its window is still open)
    Filtered,           // removed by a filter or a null event time
    DroppedByWatermark, // dropped as late by a stateful operator
    Duplicate,          // dropped by dropDuplicates as already seen
};

// The numbers that decided an input row's fate (Run::setExplain): what the app's Why pane and
// `run --jsonl --why` say about it. Only the fields of the row's fate are set.
struct InputRowFacts {
    // Filtered by a filter: the conjunct that was not TRUE, as written, and the values of the
    // columns it read (name = value), in the row as the filter saw it.
    std::string condition;
    bool conditionIsNull = false; // NULL rather than FALSE
    std::vector<std::pair<std::string, Value>> values;
    // Filtered by window(): its time was NULL.
    bool nullEventTime = false;
    // Dropped by the watermark, or late but kept: what was compared with which watermark.
    enum class Compared : uint8_t { None, EventTime, WindowEnd, SessionEnd };
    Compared compared = Compared::None;
    int64_t comparedMicros = 0;   // the event time, or the window's / session's end
    int64_t lateWatermarkMs = 0;  // the watermark the operator judged late rows by
    bool hasWindow = false;       // the window the row fell in (its latest, for sliding windows)
    int64_t windowStartMicros = 0;
    int64_t windowEndMicros = 0;
    // A duplicate: the batch (and, in this batch, the input row) where its key first arrived.
    int64_t firstBatchId = -1;
    int64_t firstRowInBatch = -1;
    // The groups of the query's last aggregation the row went into (one per window for
    // sliding windows), as opaque keys that contributesTo() matches with result rows.
    std::vector<std::string> groups;
};


struct BatchReport {
    int64_t batchId = 0;
    int step = 0;          // index in the scenario's steps whose data triggered the batch
    bool noData = false;   // Spark's no-data batch run because the watermark moved
    int64_t triggerTimeMicros = 0; // processing time of the trigger (current_timestamp())
    // The trigger time is the manual clock of a scenario without processingTime (seconds since
    // the epoch, triggerTimeIsManualClock): set by whoever runs a scenario's steps.
    bool manualClock = false;

    ColumnBatch input;                  // rows that arrived (source schema); empty when noData
    std::vector<InputRowFate> inputFates; // one per input row
    std::vector<InputRowFacts> inputFacts; // one per input row when the run explains (else empty)
    int64_t lateWatermarkMs = 0;          // the watermark late rows were judged by (Spark >= 3.4:
                                          // the previous batch's; equal to watermarkMs after the first)
    int64_t numInputRows = 0;

    bool hasWatermark = false;               // the query has withWatermark
    int64_t watermarkMs = 0;                 // in force while the batch ran
    int64_t nextWatermarkMs = 0;             // computed from this batch, in force from the next
    WatermarkOrigin watermarkOrigin;         // how watermarkMs came about
    WatermarkOrigin nextWatermarkOrigin;     // how nextWatermarkMs came about
    std::vector<WatermarkProposal> watermarkProposals; // what this batch's rows proposed
    std::optional<EventTimeStats> eventTime; // when the batch had rows passing withWatermark

    std::vector<StateOperatorReport> stateOperators;
    int64_t stateRows = 0;        // summed over the state operators
    int64_t stateRowsUpdated = 0;
    int64_t stateRowsRemoved = 0;
    int64_t stateMemoryBytes = 0;
    int64_t numRowsDroppedByWatermark = 0;

    ColumnBatch emitted; // rows handed to the sink in this batch (result schema)
    // The columns of `emitted` that order its rows for display (displayOrder): an aggregation's
    // grouping keys, whose order Spark does not define, so the sink got the rows in the order
    // the state first saw their groups. Empty: the rows' own order (they keep arrival order).
    std::vector<int> emittedKeyColumns;
    // When the run collects result tables (the app): emitted's rows in that display order, made
    // on the run's thread so no view sorts; empty otherwise, and when the rows' order is the one.
    std::vector<uint32_t> emittedDisplayRows;
    int64_t numOutputRows = 0;

    // The query's result table after this batch for aggregating queries (every group in state,
    // and those the watermark evicted in the last 100 batches), one status per row. Empty for other queries: their result
    // table is the concatenation of every batch's `emitted`.
    ColumnBatch resultTable;
    std::vector<ResultRowStatus> resultStatuses;
    bool hasResultTable = false;

    std::string sinkText; // console sink: exactly what Spark prints for this batch
    // The memory sink's whole table after this batch (with result tables collected).
    ColumnBatch sinkTable;
    // sinkTable's rows in display order: batch after batch, each batch's rows as
    // emittedDisplayRows shows them (empty: in the table's order).
    std::vector<uint32_t> sinkTableDisplayRows;
    bool hasSinkTable = false;
    double durationMs = 0;
    // Set on a summary (summarizeBatchReport): the rows of the batch are gone, its numbers stay.
    bool summarized = false;
};

// A batch's report cut down to what a long run keeps of its old batches: every number (ids,
// trigger, row counts, watermarks and their origins, event-time statistics, state operators and
// figures, duration) and what the sink got (`emitted`, `sinkText`: a sink holds them anyway, and
// the sink views and the result table of a stateless query read them back). Gone: the input
// rows, their fates and facts, the watermark proposals, the result table and the memory sink's
// table (left empty, without a schema), the parts that grow with the input and the state.
// Re-running the steps up to the batch gives the full report back.
BatchReport summarizeBatchReport(const BatchReport &report);

class CompiledQuery;

// A validated, planned query. Immutable; runs share it.
class Query {
public:
    // Plans and validates the scenario's query, sink and output mode (Spark's analysis,
    // DataStreamWriter.start and UnsupportedOperationChecker). Throws Error(Analysis) with
    // Spark's message when the query would be rejected before any batch runs.
    static std::shared_ptr<const Query> compile(const Scenario &scenario);

    const Schema &sourceSchema() const;
    const Schema &resultSchema() const;
    OutputMode outputMode() const;
    const SinkSpec &sink() const;
    bool hasWatermark() const;
    // The query's withWatermark calls, in query order (empty without a watermark).
    const std::vector<WatermarkSpec> &watermarks() const;
    bool isAggregating() const;
    // Whether any operator keeps state (an aggregation or dropDuplicates).
    bool isStateful() const;
    // A readable plan, one operator per line, bottom-up (for --explain and the app).
    std::string explain() const;

    const CompiledQuery &compiled() const { return *m_compiled; }
    ~Query();

private:
    Query() = default;
    std::unique_ptr<CompiledQuery> m_compiled;
    std::vector<WatermarkSpec> m_watermarks;
};

// What a step is doing when it reports progress (the app names the phase next to its progress bar).
enum class StepPhase : uint8_t {
    Input,       // taking the step's rows
    Watermark,   // withWatermark: observing event times
    Filter,
    Project,     // select / withColumn
    Window,      // assigning time windows
    Aggregate,   // a stateful (session) window or group aggregation
    Deduplicate,
    LateRows,    // marking rows that were late but kept
    ResultTable, // collecting the result table for the report
    Sink,        // the watermark for the next batch, and the sink
    NoDataBatch, // Spark's no-data batch after the data batch
};

// Lets another thread follow a long step and stop it (the app's worker: a progress bar and a
// Cancel button for a batch of a million rows). The step stops only at checkpoints: between the
// phases of a batch and every few thousand rows of the run's own row loops — never inside an
// operator, so a cancel takes effect within one operator pass.
struct StepControl {
    // Called on the stepping thread at every checkpoint with the share of the step done so far
    // (strictly increasing, in [0, 1)) and the phase about to run.
    std::function<void(double fraction, StepPhase phase)> progress;
    // Read at every checkpoint, right after progress. Once true, step() undoes all the step did
    // and throws StepCancelled. Null: the step cannot be cancelled and keeps no undo copy.
    const std::atomic<bool> *cancel = nullptr;
};

// Thrown by Run::step when its StepControl cancelled it; the Run is exactly as before the call
// (state stores, watermark, next batch id, memory table), so the same step can run again.
class StepCancelled : public std::exception {
public:
    const char *what() const noexcept override { return "the step was cancelled"; }
};

class RunState;

// One execution of a query: its state store, watermark and sink. Copyable (a copy continues
// independently), so the app can keep a run per output mode side by side.
class Run {
public:
    explicit Run(std::shared_ptr<const Query> query);
    Run(const Run &other);
    Run &operator=(const Run &other);
    Run(Run &&) noexcept;
    Run &operator=(Run &&) noexcept;
    ~Run();

    // Feeds one step's data (source schema) as one trigger and returns the reports of the
    // batches it ran: none (no data and nothing to do), the data batch, and Spark's no-data
    // batch when the watermark moved and a stateful operator asks for it. After a runtime
    // failure (failure() is set) it throws that error. With a `control` that can cancel, the step
    // keeps a copy of the stateful operators' state from just before its first change (the cost
    // of being cancellable) and throws StepCancelled when cancelled, leaving the Run unchanged.
    std::vector<BatchReport> step(const ColumnBatch &rows, int stepIndex,
                                  std::optional<int64_t> processingTimeMicros = {},
                                  const StepControl &control = {});
    // The same for rows the caller gives up: they move into the data batch's report.input
    // instead of being copied there (the copy is most of a simple query's cost on big batches).
    // When the step throws (cancelled, failed), `rows` holds the rows again, unchanged — except
    // after setKeepInput(false) without a `control` that can cancel: then the rows move into the
    // batch itself and are gone when it fails (the query has terminated then anyway).
    std::vector<BatchReport> step(ColumnBatch &&rows, int stepIndex,
                                  std::optional<int64_t> processingTimeMicros = {},
                                  const StepControl &control = {});

    // Spark's batch whose sink skips it because its output already holds that batch id (a file
    // sink folder written by another query): the batch id is used and the step's rows are
    // consumed, but the plan never runs — no row is read (numInputRows 0), the state and the
    // watermark stay as they were, nothing is written. Returns that batch's report.
    BatchReport skipBatch(int stepIndex, std::optional<int64_t> processingTimeMicros = {});

    const Query &query() const { return *m_query; }
    // Whether reports carry the whole result table (on by default: the app shows it; the CLI
    // and benchmarks turn it off, since it costs time proportional to the state size).
    void setCollectResultTables(bool collect);
    // Whether reports carry inputFacts (off by default: the app and `run --why` turn it on; it
    // costs a little per row and keeps dropDuplicates' first-seen batch ids in the state).
    void setExplain(bool explain);
    // Whether the data batch's report keeps its input rows in `input` (on by default: the app
    // shows them, `run --why` explains them). Off, `input` is left without rows (numInputRows
    // and inputFates stay), and rows handed over by step(ColumnBatch &&) move into the batch,
    // which changes them in place instead of copying the columns it changes and drops the
    // columns no operator reads: a million-row step then costs about its rows once, not twice.
    void setKeepInput(bool keep);
    // Serializes everything a restart needs after the last batch (state stores, watermarks,
    // next batch id, memory table) as an opaque byte string; restoreState() reads it back and
    // throws Error(Runtime) when the bytes are damaged or belong to another query.
    std::string saveState() const;
    void restoreState(const std::string &bytes);
    int64_t nextBatchId() const;
    int64_t watermarkMs() const;
    // The memory sink's table (complete mode holds the last batch's result); empty for other sinks.
    const ColumnBatch &memoryTable() const;
    // Set when the query stopped with a runtime error after a batch had completed (Spark:
    // "Redefining watermark is disallowed."); step() then throws it.
    const std::optional<Error> &failure() const;

private:
    std::shared_ptr<const Query> m_query;
    std::unique_ptr<RunState> m_state;
};

// Provenance: whether an input row (its facts) went into result-table row `row` of `report`
// (the same query's report of this or a later batch).
bool contributesTo(const Query &query, const InputRowFacts &facts, const BatchReport &report, size_t row);

// Runs every step of a scenario with a fresh Run; returns all batch reports.
std::vector<BatchReport> runScenario(const Scenario &scenario);

} // namespace streamstep
