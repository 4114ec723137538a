// The planned query: a linear chain of nodes over the single source, bottom-up. Each node kind
// is a small struct with only its own fields (Velox's FilterNode holds only its filter), its
// expressions bound once, against the node's input schema. Immutable once compiled; runs keep
// their own state in operators (operators/operator.h).
#pragma once

#include "expr/expression.h"
#include "streamstep/scenario.h"
#include "streamstep/check.h"

#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace streamstep {

// Where an expression came from, for messages: "filter condition", "groupBy key 2", …
struct ExprOrigin {
    std::string what;
    TextPosition filePosition;
    std::string text; // the expression as written (Spark's sqlText, for ANSI errors' excerpts)
};

// An expression error with where it came from: "FILE:L:C: filter condition, column 8: …" (its
// kind and Spark's text kept); failIn throws it.
Error locatedIn(const std::string &fileName, const ExprOrigin &origin, const Error &error);
[[noreturn]] void failIn(const std::string &fileName, const ExprOrigin &origin, const Error &error);

// Spark: EventTimeWatermark. Marks `eventTimeColumn` (a timestamp or a window struct) as event
// time and observes its values for the next batch's watermark.
struct WatermarkNode {
    int eventTimeColumn = -1;
    int64_t delayMs = 0;
    std::string delayText; // as written, e.g. "10 minutes"
    int watermarkId = 0;   // 0-based among the plan's withWatermark nodes (WatermarkTracker slot)
};

// One conjunct of a filter (Spark: splitConjunctivePredicates), with where it was written.
struct Conjunct {
    expr::BoundExprPtr condition;
    ExprOrigin origin;
    std::string text; // as written (before any pushdown rewrote it), for explain()
};

// Spark: Filter. Keeps the rows for which every conjunct is TRUE.
struct FilterNode {
    std::vector<Conjunct> conjuncts;
};

// Spark: Project (select, withColumn). Output column i is projections[i].
struct ProjectNode {
    std::vector<expr::BoundExprPtr> projections;
};

// Spark: the Project/Expand + Filter that ResolveTimeWindows adds for window(): appends a
// "window" struct column computed from `time`; sliding windows give a row per window containing
// the timestamp. Rows with a NULL time are removed.
struct TimeWindowNode {
    expr::BoundExprPtr time;
    int timeColumn = -1; // when `time` is a plain column reference
    int64_t windowMicros = 0;
    int64_t slideMicros = 0;
    int64_t startMicros = 0;
    std::string text; // the window() call as written, for explain()
};

// Spark: Aggregate -> StateStoreRestoreExec / StateStoreSaveExec. Output: keys, then aggregates.
struct AggregateNode {
    std::vector<expr::BoundExprPtr> keys;
    std::vector<expr::BoundAggregate> aggregates;
    std::vector<std::string> keyTexts;       // as written, for explain() and the state signature
    std::vector<std::string> aggregateTexts;
};

// Spark: Aggregate with session_window -> SessionWindowStateStoreRestoreExec / MergingSessionsExec
// / SessionWindowStateStoreSaveExec. Keys are bound against the input plus a trailing
// "session_window" column; keys[sessionKey] is that column.
struct SessionWindowAggregateNode {
    std::vector<expr::BoundExprPtr> keys;
    std::vector<expr::BoundAggregate> aggregates;
    int sessionKey = -1;
    int64_t gapMicros = 0;
    int timeColumn = -1; // the input column the sessions are built from
    std::string text;    // the session_window() call as written
    std::vector<std::string> keyTexts;
    std::vector<std::string> aggregateTexts;
};

// Spark: Deduplicate -> StreamingDeduplicateExec. Key columns are input indices.
struct DeduplicateNode {
    std::vector<int> columns;
};

struct PlanNode {
    Schema input;
    Schema output;
    std::variant<WatermarkNode, FilterNode, ProjectNode, TimeWindowNode, AggregateNode,
                 SessionWindowAggregateNode, DeduplicateNode>
        spec;

    template <class T> const T *as() const { return std::get_if<T>(&spec); }
    template <class T> T *as() { return std::get_if<T>(&spec); }
    template <class T> bool is() const { return std::holds_alternative<T>(spec); }
    // The node's spec, for code that only ever sees one kind (an operator its own node).
    template <class T> const T &get() const
    {
        const T *spec = as<T>();
        STREAMSTEP_CHECK(spec, "plan node of another kind");
        return *spec;
    }

    // Aggregations (with or without session windows): the nodes Spark's checker calls
    // streaming aggregations.
    bool isAggregation() const { return is<AggregateNode>() || is<SessionWindowAggregateNode>(); }
    bool isStateful() const { return isAggregation() || is<DeduplicateNode>(); }
    // The number of grouping keys of an aggregation (its output starts with them); 0 otherwise.
    size_t numKeys() const;
    // The first column of `output` (for aggregations: a grouping key) carrying the watermark
    // marker, as Spark's WatermarkSupport finds it; -1 if none.
    int eventTimeKeyIndex() const;
};

class CompiledQuery {
public:
    // Of the scenario only what the query needs: never its steps, whose rows (a million of them
    // in a big lesson) would be a second copy of the input for as long as the query lives.
    std::string fileName;   // the scenario file (sink paths are resolved against it)
    std::string sourceName; // the source's name (explain)
    std::vector<PlanNode> nodes; // bottom-up
    Schema sourceSchema;
    Schema resultSchema;
    OutputMode outputMode = OutputMode::Append;
    SinkSpec sink;
    SparkConf conf; // the Spark version's defaults and the lesson's conf
    int numWatermarkNodes = 0;
    // What Spark accepts at start but fails with when it plans the first batch (a session
    // window without other keys, a struct column for the CSV writer): the query starts, and its
    // first batch fails with this StreamingQueryException text.
    std::optional<std::string> planningFailure;

    bool hasWatermark() const { return numWatermarkNodes > 0; }
};

// Builds and validates the plan (see Query::compile).
std::unique_ptr<CompiledQuery> planQuery(const Scenario &scenario);

// Spark's UnsupportedOperationChecker.checkForStreaming and the sink/output-mode rules.
void checkStreamingQuery(const CompiledQuery &query);
// Records in query.planningFailure what Spark only fails with when it plans the first batch.
void findPlanningFailures(CompiledQuery &query);

// The source column whose values column `column` of node `nodeIndex`'s input carries unchanged
// (through filters, plain projections and window() structs of it), or -1 when it is computed.
int sourceColumnOf(const CompiledQuery &query, size_t nodeIndex, int column);

// A readable plan, one node per line, top-down (Query::explain).
std::string explainPlan(const CompiledQuery &query);

// What a state snapshot or checkpoint depends on, one line per stateful operator (its Spark
// name, keys with types, aggregates or deduplication columns): Spark's state schema check
// compares the same. Used by the checkpoint's query signature and by Run's state snapshots.
std::vector<std::string> stateOperatorSignatures(const CompiledQuery &query);

} // namespace streamstep
