// Texts of the logical plan: explain() (one line per node, as Spark's simpleString names them)
// and the stateful operators' signatures (what a state snapshot depends on).
#include "analysis/logical_plan.h"

namespace streamstep {

namespace {

template <class... F> struct Overloaded : F... {
    using F::operator()...;
};
template <class... F> Overloaded(F...) -> Overloaded<F...>;

std::string outputNames(const Schema &output, size_t from, size_t count)
{
    std::string text;
    for (size_t i = 0; i < count; ++i)
        text += (i ? ", " : "") + output.fields[from + i].name;
    return text;
}

std::string explainNode(const PlanNode &node)
{
    return std::visit(
        Overloaded{
            [&](const WatermarkNode &n) {
                return "EventTimeWatermark " + node.input.fields[static_cast<size_t>(n.eventTimeColumn)].name
                    + ", delay " + std::to_string(n.delayMs) + " ms";
            },
            [&](const FilterNode &n) {
                std::string text;
                for (const Conjunct &c : n.conjuncts)
                    text += (text.empty() ? "" : " AND ") + c.text;
                return "Filter " + text;
            },
            [&](const ProjectNode &n) { return "Project [" + outputNames(node.output, 0, n.projections.size()) + "]"; },
            [&](const TimeWindowNode &n) { return "TimeWindow " + n.text + " AS window"; },
            [&](const AggregateNode &n) {
                return "Aggregate keys [" + outputNames(node.output, 0, n.keys.size()) + "], aggs ["
                    + outputNames(node.output, n.keys.size(), n.aggregates.size()) + "]";
            },
            [&](const SessionWindowAggregateNode &n) {
                return "SessionWindowAggregate keys [" + outputNames(node.output, 0, n.keys.size()) + "], aggs ["
                    + outputNames(node.output, n.keys.size(), n.aggregates.size()) + "]";
            },
            [&](const DeduplicateNode &n) {
                std::string text;
                for (int c : n.columns)
                    text += (text.empty() ? "" : ", ") + node.input.fields[static_cast<size_t>(c)].name;
                return "Deduplicate [" + text + "]";
            },
        },
        node.spec);
}

std::string namedList(const std::vector<std::string> &texts, const Schema &output, size_t offset)
{
    std::string text;
    for (size_t i = 0; i < texts.size(); ++i) {
        const Field &f = output.fields[offset + i];
        text += (i ? ", " : "") + texts[i] + " AS " + f.name + ": " + f.type.sparkName();
    }
    return text;
}

} // namespace

std::string explainPlan(const CompiledQuery &query)
{
    std::string out;
    for (auto it = query.nodes.rbegin(); it != query.nodes.rend(); ++it)
        out += explainNode(*it) + "\n";
    return out + "StreamingSource " + query.sourceName + "\n";
}

std::vector<std::string> stateOperatorSignatures(const CompiledQuery &query)
{
    std::vector<std::string> signatures;
    for (const PlanNode &node : query.nodes) {
        if (const auto *aggregate = node.as<AggregateNode>()) {
            signatures.push_back("stateStoreSave keys [" + namedList(aggregate->keyTexts, node.output, 0)
                                 + "] aggregates ["
                                 + namedList(aggregate->aggregateTexts, node.output, aggregate->keys.size()) + "]");
        } else if (const auto *session = node.as<SessionWindowAggregateNode>()) {
            signatures.push_back("sessionWindowStateStoreSaveExec keys [" + namedList(session->keyTexts, node.output, 0)
                                 + "] aggregates ["
                                 + namedList(session->aggregateTexts, node.output, session->keys.size()) + "]");
        } else if (const auto *dedup = node.as<DeduplicateNode>()) {
            std::string text = "dedupe columns [";
            for (size_t i = 0; i < dedup->columns.size(); ++i) {
                const Field &f = node.input.fields[static_cast<size_t>(dedup->columns[i])];
                text += (i ? ", " : "") + f.name + ": " + f.type.sparkName();
            }
            signatures.push_back(text + "]");
        }
    }
    return signatures;
}

} // namespace streamstep
