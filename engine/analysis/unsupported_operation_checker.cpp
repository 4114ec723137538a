#include "analysis/logical_plan.h"
#include "sinks/csv_format.h"

#include <algorithm>

namespace streamstep {

namespace {

// Spark's OutputMode as its messages name it: "Append", "Update", "Complete".
std::string modeText(OutputMode mode)
{
    std::string text = outputModeName(mode);
    text[0] = static_cast<char>(text[0] - 'a' + 'A');
    return text;
}

// Spark: a grouping expression that (after CleanupAliases) is an attribute carrying the
// watermark marker — the event-time column itself, or a window/session struct of it.
bool hasWatermarkedKey(const PlanNode &aggregate)
{
    // outputField() keeps the marker exactly for keys that are plain references to a marked
    // column (aliases trimmed), so the key part of the output schema tells.
    for (size_t i = 0; i < aggregate.numKeys(); ++i)
        if (aggregate.output.fields[i].isEventTime())
            return true;
    return false;
}

bool hasDistinctAggregate(const PlanNode &node)
{
    const auto *aggregate = node.as<AggregateNode>();
    const auto *session = node.as<SessionWindowAggregateNode>();
    for (const auto &agg : aggregate ? aggregate->aggregates : session->aggregates)
        for (const auto &call : agg.calls)
            if (call.distinct)
                return true;
    return false;
}

// Spark's ifCannotBeFollowedByStatefulOperation: an aggregation in update/complete mode can emit
// rows older than the watermark to a downstream stateful operator.
bool possiblyEmitsLateRows(const PlanNode &n, OutputMode mode)
{
    return n.isAggregation() && mode != OutputMode::Append;
}

// Spark's isStatefulOperation in checkStreamingQueryGlobalWatermarkLimit: aggregations, and dropDuplicates
// whose keys include the event-time column.
bool isStatefulForWatermarkCheck(const PlanNode &n)
{
    if (n.isAggregation())
        return true;
    if (const auto *dedup = n.as<DeduplicateNode>())
        return std::any_of(dedup->columns.begin(), dedup->columns.end(),
                           [&](int c) { return n.input.fields[static_cast<size_t>(c)].isEventTime(); });
    return false;
}

const char *kCorrectnessMessage =
    "Detected pattern of possible 'correctness' issue due to global watermark. The query "
    "contains stateful operation which can emit rows older than the current watermark plus "
    "allowed late record delay, which are \"late rows\" in downstream stateful operations and "
    "these rows can be discarded. Please refer the programming guide doc for more details. If "
    "you understand the possible risk of correctness issue and still need to run the query, you "
    "can disable this check by setting the config "
    "`spark.sql.streaming.statefulOperator.checkCorrectness.enabled` to false.";

// Spark 4's error class STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION (SQLSTATE 42KDE): the
// mode lower-cased, the operation as Spark 4 names it.
std::string spark4ModeError(OutputMode mode, const std::string &operation)
{
    return "[STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid streaming output mode: " + outputModeName(mode)
        + ". This output mode is not supported for " + operation + " on streaming DataFrames/DataSets. SQLSTATE: 42KDE";
}

} // namespace

void checkStreamingQuery(const CompiledQuery &query)
{
    const OutputMode mode = query.outputMode;
    const std::string &format = query.sink.format;
    const bool spark4 = query.conf.version == SparkVersion::Spark42;

    // DataStreamWriter.start: the sink is created (and checks the mode) before the plan checks.
    if (format == "memory" && !query.sink.options.count("queryName"))
        throw analysisError("queryName must be specified for memory sink");
    if ((format == "csv" || format == "json" || format == "parquet") && mode != OutputMode::Append) {
        if (spark4)
            throw analysisError("[STREAMING_OUTPUT_MODE.UNSUPPORTED_DATASOURCE] Invalid streaming output mode: "
                                + outputModeName(mode) + ". This output mode is not supported in Data Source "
                                + format + ". SQLSTATE: 42KDE");
        throw analysisError("Data source " + format + " does not support " + modeText(mode)
                            + " output mode.");
    }

    std::vector<const PlanNode *> aggregates; // outermost first, like Spark's collect
    for (auto it = query.nodes.rbegin(); it != query.nodes.rend(); ++it)
        if (it->isAggregation())
            aggregates.push_back(&*it);

    switch (mode) {
    case OutputMode::Append:
        if (!aggregates.empty() && !hasWatermarkedKey(*aggregates.front()))
            throw analysisError(spark4 ? spark4ModeError(mode, "streaming aggregations without watermark")
                                       : "Append output mode not supported when there are streaming "
                                         "aggregations on streaming DataFrames/DataSets without watermark");
        break;
    case OutputMode::Update:
        if (!aggregates.empty()
            && aggregates.front()->is<SessionWindowAggregateNode>())
            throw analysisError(spark4 ? spark4ModeError(mode, "session window streaming aggregations")
                                       : "Update output mode not supported for session window on "
                                         "streaming DataFrames/DataSets");
        break;
    case OutputMode::Complete:
        if (aggregates.empty())
            throw analysisError(spark4 ? spark4ModeError(mode, "no streaming aggregations")
                                       : "Complete output mode not supported when there are no streaming "
                                         "aggregations on streaming DataFrames/Datasets");
        break;
    }

    // plan.foreachUp: bottom-up per operator
    for (const PlanNode &n : query.nodes) {
        if (n.isAggregation() && hasDistinctAggregate(n))
            throw analysisError("Distinct aggregations are not supported on streaming "
                                "DataFrames/Datasets. Consider using approx_count_distinct() "
                                "instead.");
    }

    // checkStreamingQueryGlobalWatermarkLimit, unless the user turned the check off
    for (size_t i = 0; query.conf.checkCorrectness && i < query.nodes.size(); ++i) {
        if (!isStatefulForWatermarkCheck(query.nodes[i]))
            continue;
        for (size_t j = 0; j < i; ++j)
            if (possiblyEmitsLateRows(query.nodes[j], mode))
                throw analysisError(kCorrectnessMessage);
    }

}

void findPlanningFailures(CompiledQuery &query)
{
    // Spark's AggUtils.planStreamingAggregationForSession, when the first batch is planned.
    for (const PlanNode &n : query.nodes)
        if (n.is<SessionWindowAggregateNode>() && n.numKeys() == 1) {
            query.planningFailure = "Global aggregation with session window in streaming query is not supported.";
            return;
        }
    // Spark's DataSourceUtils.verifySchema, when the CSV writer writes the first batch.
    if (query.sink.format == "csv")
        if (const auto column = CsvFormat::unsupportedColumn(query.resultSchema))
            query.planningFailure = "[UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE] The CSV datasource doesn't support the column `"
                + *column + "` of the type \"STRUCT<start: TIMESTAMP, end: TIMESTAMP>\"."
                + (query.conf.version == SparkVersion::Spark42 ? " SQLSTATE: 0A000" : "");
}

} // namespace streamstep
