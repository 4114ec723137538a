// What moves between operators inside one micro-batch: the rows, and for each row the source
// row it came from (so the report can say which input rows were filtered or dropped as late).
#pragma once

#include "expr/expression.h"
#include "streamstep/check.h"
#include "streamstep/column_batch.h"
#include "streamstep/engine.h"
#include "types/value_order.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace streamstep {

struct PlanNode;

// A sliding window() whose rows are not multiplied out yet: each row stands for `count` rows,
// one per window containing its time. Its window column holds the latest of them; the others
// start slideMicros, 2 * slideMicros, … earlier, with the same length. Only a TimeWindow node
// makes such a flow, and the planner always puts the window's consumer (an Aggregate, which can
// aggregate per slide-sized pane instead, or a Project) right after it; every other operator
// calls expandWindows first.
struct UnexpandedWindows {
    int column = -1;
    int64_t slideMicros = 0;
    int64_t count = 1;
};

// Column pruning (Spark's optimizer does the same): a column that no later operator reads may be
// left empty — a Column of its type with no rows while the batch has some. Only columns the
// plan never reads again are pruned (see liveColumns in run.cpp), so no operator looks at one;
// gather() and retain() pass them through empty.
inline bool isPruned(const Column &column, size_t numRows)
{
    return column.size() != numRows;
}

struct Flow {
    ColumnBatch batch;
    std::vector<uint32_t> origin; // source row per row; empty once rows no longer map to input
    bool tracksOrigin = true;
    std::optional<UnexpandedWindows> unexpandedWindows;
    // Set while the flow's rows are still the batch's input, read in place instead of copied
    // (the report keeps the input anyway): `batch` is empty then, and so is `origin` until
    // fillOrigin() (row r is input row r). Operators read rows(); one that changes rows in place
    // calls own() first, and operators that build new columns (filter, project) read the
    // borrowed rows and write only their output.
    const ColumnBatch *borrowed = nullptr;
    // The columns whose ascending order (the group table's, see displayOrder) is the order to
    // show the rows in, when the rows are not in it: an aggregation's keys, emitted in the order
    // its state first saw them (Spark defines none). Empty: the rows' own order is the one.
    std::vector<int> displayKeys;
    // A borrowed flow may carry one more column after the borrowed ones, kept apart so they need
    // no copy: the window column of a TimeWindow that an aggregation reads right after it (see
    // TimeWindowOperator, which owns the column until its next batch). column() reads either;
    // rows() only once own() made the flow an ordinary one (with a copy of it), with
    // `appendedSchema` (the rows' schema with the column: the TimeWindow node's output, which
    // the compiled query keeps, so no batch copies it unless it is owned).
    const Column *appended = nullptr;
    const Schema *appendedSchema = nullptr;

    const ColumnBatch &rows() const
    {
        STREAMSTEP_CHECK(!appended, "a flow with a column apart is read as a batch");
        return borrowed ? *borrowed : batch;
    }
    size_t numRows() const { return borrowed ? borrowed->numRows : batch.numRows; }
    const Column &column(size_t c) const
    {
        if (appended && c == borrowed->columns.size())
            return *appended;
        return (borrowed ? *borrowed : batch).columns[c];
    }
    // The input row of row r.
    uint32_t originOf(size_t r) const { return borrowed && origin.empty() ? static_cast<uint32_t>(r) : origin[r]; }
    // Makes `origin` explicit (the identity) for operators that index it directly.
    void fillOrigin();
    // Turns a borrowed flow into one that owns its rows: copies the columns with live[c] != 0
    // (all when live is null; the others are left pruned), and appends the column apart. Does
    // nothing when already owned.
    void own(const std::vector<uint8_t> *live = nullptr);
    Flow gather(const std::vector<uint32_t> &rows) const;
    // Keeps the rows with keep[r] != 0, in place (owns the rows first).
    void retain(const std::vector<uint8_t> &keep);
};

// Returns the flow with one row per (row, window), latest window first, as assignTimeWindows
// lays out other sliding windows; a flow without unexpanded windows is returned as is.
Flow expandWindows(const Flow &flow);

// Evaluates `expression` over the batch; a plain column reference is returned in place instead
// of copied (then `storage` is left untouched).
const Column &evaluateColumn(const expr::BoundExpr &expression, const ColumnBatch &batch,
                             const expr::EvalContext &context, Column &storage);

// Spark's EventTimeStats: max/min/avg of event times in ms (avg as a running double mean).
struct EventTimeAccumulator {
    int64_t maxMs = std::numeric_limits<int64_t>::min();
    int64_t minMs = std::numeric_limits<int64_t>::max();
    double avgMs = 0;
    int64_t count = 0;

    void add(int64_t eventTimeMs)
    {
        maxMs = std::max(maxMs, eventTimeMs);
        minMs = std::min(minMs, eventTimeMs);
        ++count;
        avgMs += (static_cast<double>(eventTimeMs) - avgMs) / static_cast<double>(count);
    }
};

// Per-batch facts every operator may need, and what operators record for the batch's report.
struct BatchContext {
    bool hasWatermark = false;
    int64_t lateWatermarkMs = 0;     // Spark ≥3.4: late rows are judged against this one…
    int64_t evictionWatermarkMs = 0; // …and state is evicted with this one
    OutputMode outputMode = OutputMode::Append;
    expr::EvalContext eval;
    std::vector<InputRowFate> *fates = nullptr; // one per input row
    bool collectResultTables = true; // keep evicted groups for the result table
    // Filled by the withWatermark operators: the event times each saw, by watermark id…
    std::vector<EventTimeAccumulator> *eventTimeStats = nullptr;
    // …and, by the first one, each input row's event time (null: not reaching it, or NULL), so
    // the runner can tell rows that were late but kept.
    std::vector<std::optional<int64_t>> *inputEventTimes = nullptr;
    // When the run explains: what decided each input row's fate (one per input row).
    std::vector<InputRowFacts> *facts = nullptr;
    int64_t batchId = 0;
    // The plan's last aggregation, whose groups the facts record (they are the result table's).
    const PlanNode *provenanceNode = nullptr;
};

// Appends an order-preserving binary encoding of row `row` of `column` to `out`: equal values
// encode equally, and comparing encodings bytewise orders rows like Spark's ascending sort with
// nulls first (so state keys double as sort keys).
void encodeKeyValue(std::string &out, const Column &column, size_t row);

// Orders rows of values like Spark's ascending sort with nulls first (compareValues).
bool lessRow(const std::vector<Value> &a, const std::vector<Value> &b);

// The event time (µs) a state key is judged by: a window's end or the timestamp itself
// (Spark: WatermarkSupport.watermarkExpression); nullopt for NULL.
std::optional<int64_t> eventTimeOf(const Value &value);

} // namespace streamstep
