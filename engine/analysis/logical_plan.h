// The planned query: a linear chain of operators over the single source, bottom-up, each with
// its bound expressions and output schema. Immutable once compiled; runs keep their own state.
#pragma once

#include "expr/expression.h"
#include "streamstep/scenario.h"

#include <memory>
#include <string>
#include <vector>

namespace streamstep {

// Where an expression came from, for messages: "filter condition", "groupBy key 2", …
struct ExprOrigin {
    std::string what;
    TextPosition filePosition;
};

struct PlanNode {
    enum class Kind {
        Watermark,      // Spark: EventTimeWatermark
        Filter,         // Spark: Filter
        Project,        // Spark: Project (select, withColumn)
        TimeWindow,     // Spark: the Project/Expand + Filter that ResolveTimeWindows adds
        Aggregate,      // Spark: Aggregate -> StateStoreRestore/SaveExec
        SessionWindowAggregate, // Spark: Aggregate with session_window -> SessionWindowStateStore*
        Deduplicate,    // Spark: Deduplicate -> StreamingDeduplicateExec
    };
    Kind kind = Kind::Filter;
    Schema input;
    Schema output;

    // Watermark
    int eventTimeColumn = -1;
    int64_t delayMs = 0;

    // Filter: the conjuncts (all must be true); Project: the output expressions
    std::vector<expr::AstPtr> conjuncts;
    std::vector<expr::BoundExprPtr> boundConjuncts;
    std::vector<ExprOrigin> conjunctOrigins;
    std::vector<expr::NamedAst> projections;
    std::vector<expr::BoundExprPtr> boundProjections;
    std::vector<ExprOrigin> projectionOrigins;

    // TimeWindow: appends a "window" column computed from timeColumn; sliding windows emit a
    // row per window containing the timestamp. Rows with a NULL timestamp are removed.
    int timeColumn = -1;
    int64_t windowMicros = 0;
    int64_t slideMicros = 0;
    int64_t startMicros = 0;
    std::string windowText; // the window() call as written, for explain()

    // Aggregate / SessionWindowAggregate: output = keys then aggregates
    std::vector<expr::NamedAst> keys;
    std::vector<expr::BoundExprPtr> boundKeys;
    std::vector<ExprOrigin> keyOrigins;
    std::vector<expr::NamedAst> aggregates;
    std::vector<expr::BoundAggregate> boundAggregates;
    std::vector<ExprOrigin> aggregateOrigins;
    int sessionKey = -1;        // index in keys of session_window(...) (session aggregate)
    int64_t sessionGapMicros = 0;
    int sessionTimeColumn = -1; // input column the session window is built from

    // Deduplicate: key columns (input indices)
    std::vector<int> dedupColumns;

    bool isStateful() const
    {
        return kind == Kind::Aggregate || kind == Kind::SessionWindowAggregate
            || kind == Kind::Deduplicate;
    }
    // The first column of `output` (for stateful operators: of the state key) carrying the
    // watermark marker, as Spark's WatermarkSupport finds it; -1 if none.
    int eventTimeKeyIndex() const;
};

class CompiledQuery {
public:
    Scenario scenario;             // the parts of the scenario the query needs
    std::vector<PlanNode> nodes;   // bottom-up
    Schema sourceSchema;
    Schema resultSchema;
    OutputMode outputMode = OutputMode::Append;
    SinkSpec sink;
    bool hasWatermark = false;
    int numWatermarkNodes = 0;
};

// Builds and validates the plan (see Query::compile).
std::unique_ptr<CompiledQuery> planQuery(const Scenario &scenario);

// Spark's UnsupportedOperationChecker.checkForStreaming and the sink/output-mode rules.
void checkStreamingQuery(const CompiledQuery &query);

} // namespace streamstep
