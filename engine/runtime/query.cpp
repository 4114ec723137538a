// The Query facade: compiling a scenario's query once, and what the app and CLI may ask of it.
#include "streamstep/engine.h"

#include "analysis/logical_plan.h"

#include <algorithm>

namespace streamstep {

Query::~Query() = default;

std::shared_ptr<const Query> Query::compile(const Scenario &scenario)
{
    auto compiled = planQuery(scenario);
    checkStreamingQuery(*compiled);
    findPlanningFailures(*compiled);
    std::shared_ptr<Query> query(new Query());
    for (size_t i = 0; i < compiled->nodes.size(); ++i)
        if (const auto *watermark = compiled->nodes[i].as<WatermarkNode>())
            query->m_watermarks.push_back(
                {compiled->nodes[i].input.fields[static_cast<size_t>(watermark->eventTimeColumn)].name,
                 watermark->delayMs, watermark->delayText, sourceColumnOf(*compiled, i, watermark->eventTimeColumn)});
    query->m_compiled = std::move(compiled);
    return query;
}

const Schema &Query::sourceSchema() const { return m_compiled->sourceSchema; }
const Schema &Query::resultSchema() const { return m_compiled->resultSchema; }
OutputMode Query::outputMode() const { return m_compiled->outputMode; }
const SinkSpec &Query::sink() const { return m_compiled->sink; }
bool Query::hasWatermark() const { return m_compiled->hasWatermark(); }
const std::vector<WatermarkSpec> &Query::watermarks() const { return m_watermarks; }

bool Query::isAggregating() const
{
    return std::any_of(m_compiled->nodes.begin(), m_compiled->nodes.end(),
                       [](const PlanNode &n) { return n.isAggregation(); });
}

bool Query::isStateful() const
{
    return std::any_of(m_compiled->nodes.begin(), m_compiled->nodes.end(),
                       [](const PlanNode &n) { return n.isStateful(); });
}

std::string Query::explain() const { return explainPlan(*m_compiled); }

} // namespace streamstep
