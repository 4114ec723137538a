#include "operators/stateful_aggregate.h"

#include "operators/stateless_operators.h"

#include <algorithm>
#include <unordered_set>

namespace streamstep {

std::vector<Value> StatefulAggregate::finalValues(const Group &group) const
{
    // Evaluate each aggregate's result expression over a one-row batch of keys + call results.
    std::vector<Value> values;
    for (size_t a = 0; a < m_node->boundAggregates.size(); ++a) {
        const expr::BoundAggregate &agg = m_node->boundAggregates[a];
        // The common case `sum(x) AS total`: the result is the single call's value.
        if (agg.calls.size() == 1 && agg.result->columnIndex
            && *agg.result->columnIndex == static_cast<int>(m_node->keys.size())) {
            values.push_back(expr::aggregateResult(agg.calls[0], group.states[a][0]));
            continue;
        }
        ColumnBatch row;
        for (size_t k = 0; k < m_node->keys.size(); ++k) {
            row.schema.fields.push_back(m_node->output.fields[k]);
            row.columns.emplace_back(m_node->output.fields[k].type);
            row.columns.back().append(group.key[k]);
        }
        for (size_t c = 0; c < agg.calls.size(); ++c) {
            row.schema.fields.push_back(Field{"_agg" + std::to_string(c), agg.calls[c].resultType, {}});
            row.columns.emplace_back(agg.calls[c].resultType);
            row.columns.back().append(expr::aggregateResult(agg.calls[c], group.states[a][c]));
        }
        row.numRows = 1;
        Column result = agg.result->evaluate(row, expr::EvalContext{});
        values.push_back(result.get(0));
    }
    return values;
}

void StatefulAggregate::appendOutput(ColumnBatch &out, const std::vector<Value> &key,
                                     const std::vector<Value> &values) const
{
    size_t c = 0;
    for (const Value &v : key)
        out.columns[c++].append(v);
    for (const Value &v : values)
        out.columns[c++].append(v);
    ++out.numRows;
}

Flow StatefulAggregate::process(const Flow &input, BatchContext &context, OperatorMetrics &metrics)
{
    ++m_batch;
    const PlanNode &node = *m_node;
    const ColumnBatch &batch = input.batch;
    const size_t n = batch.numRows;
    const OutputMode mode = context.outputMode;
    const int eventKey = node.eventTimeKeyIndex(); // first watermarked key, -1 if none
    const bool filterLate = mode != OutputMode::Complete && context.hasWatermark && eventKey >= 0
        && eventKey < static_cast<int>(node.keys.size());
    const bool evict = filterLate;

    std::vector<Column> keyColumns;
    for (const auto &key : node.boundKeys)
        keyColumns.push_back(key->evaluate(batch, context.eval));
    std::vector<std::vector<Column>> argumentColumns(node.boundAggregates.size());
    for (size_t a = 0; a < node.boundAggregates.size(); ++a)
        for (const auto &call : node.boundAggregates[a].calls)
            argumentColumns[a].push_back(call.argument ? call.argument->evaluate(batch, context.eval)
                                                       : Column());

    // Spark: StateStoreSaveExec sees one partially aggregated row per key of this batch; late
    // keys (event time <= watermark) are dropped there and counted once per key.
    std::unordered_set<std::string> lateKeys;
    std::vector<std::pair<const std::string *, const Group *>> updatedOrder;
    std::unordered_set<std::string> updated;
    std::vector<uint8_t> rowKept(n, 0);
    std::string encoded;
    const int64_t lateLimit = context.lateWatermarkMs * 1000;
    for (size_t r = 0; r < n; ++r) {
        encoded.clear();
        for (const Column &k : keyColumns)
            encodeKeyValue(encoded, k, r);
        if (filterLate) {
            const Column &k = keyColumns[eventKey];
            if (!k.isNull(r)) {
                const int64_t t = k.type().kind == TypeKind::Window ? k.ends[r] : k.ints[r];
                if (t <= lateLimit) {
                    lateKeys.insert(encoded);
                    continue;
                }
            }
        }
        rowKept[r] = 1;
        auto [it, inserted] = m_groups.try_emplace(encoded);
        Group &group = it->second;
        if (inserted) {
            for (const Column &k : keyColumns)
                group.key.push_back(k.get(r));
            group.states.resize(node.boundAggregates.size());
            for (size_t a = 0; a < node.boundAggregates.size(); ++a)
                group.states[a].resize(node.boundAggregates[a].calls.size());
            if (eventKey >= 0 && eventKey < static_cast<int>(node.keys.size()))
                group.eventTime = eventTimeOf(group.key[eventKey]);
            group.createdBatch = m_batch;
        }
        if (group.lastUpdatedBatch != m_batch) {
            group.lastUpdatedBatch = m_batch;
            updatedOrder.emplace_back(&it->first, &group);
        }
        for (size_t a = 0; a < node.boundAggregates.size(); ++a) {
            const auto &calls = node.boundAggregates[a].calls;
            for (size_t c = 0; c < calls.size(); ++c)
                expr::updateAggregate(calls[c], group.states[a][c],
                                      calls[c].argument ? &argumentColumns[a][c] : nullptr, r);
        }
    }
    if (input.tracksOrigin && context.fates) {
        // An input row is dropped only when it was late for every window it fell in.
        std::vector<uint8_t> anyKept(context.fates->size(), 0);
        for (size_t r = 0; r < n; ++r)
            anyKept[input.origin[r]] |= rowKept[r];
        for (size_t r = 0; r < n; ++r)
            (*context.fates)[input.origin[r]] =
                anyKept[input.origin[r]] ? InputRowFate::Processed : InputRowFate::DroppedByWatermark;
    }

    metrics.numRowsDroppedByWatermark += static_cast<int64_t>(lateKeys.size());
    metrics.numRowsUpdated += static_cast<int64_t>(updatedOrder.size());

    Flow out;
    out.tracksOrigin = false;
    out.batch = ColumnBatch::empty(node.output);

    // Output rows in key order: the encoded keys order like Spark's ascending sort.
    struct OutputRow {
        std::string sortKey;
        const Group *group = nullptr; // still in state
        size_t evicted = 0;           // else: index in `evicted`
    };
    std::vector<OutputRow> rows;
    std::vector<EvictedGroup> evicted;
    if (mode == OutputMode::Update) {
        rows.reserve(updatedOrder.size());
        for (const auto &[key, group] : updatedOrder)
            rows.push_back({*key, group, 0});
    }
    if (evict) {
        const int64_t limit = context.evictionWatermarkMs * 1000;
        if (mode == OutputMode::Update) {
            // A group updated in this batch may be evicted right after: keep its output now.
            for (OutputRow &row : rows) {
                if (row.group->eventTime && *row.group->eventTime <= limit) {
                    evicted.push_back({row.group->key, finalValues(*row.group), m_batch});
                    row.evicted = evicted.size() - 1;
                    row.group = nullptr;
                }
            }
        }
        for (auto it = m_groups.begin(); it != m_groups.end();) {
            if (it->second.eventTime && *it->second.eventTime <= limit) {
                if (mode == OutputMode::Append) {
                    evicted.push_back({it->second.key, finalValues(it->second), m_batch});
                    rows.push_back({it->first, nullptr, evicted.size() - 1});
                } else if (context.collectResultTables) {
                    m_evicted.push_back({it->second.key, finalValues(it->second), m_batch});
                }
                ++metrics.numRowsRemoved;
                it = m_groups.erase(it);
            } else {
                ++it;
            }
        }
    }
    if (mode == OutputMode::Complete) {
        rows.reserve(m_groups.size());
        for (const auto &[k, g] : m_groups)
            rows.push_back({k, &g, 0});
    }
    std::sort(rows.begin(), rows.end(),
              [](const OutputRow &x, const OutputRow &y) { return x.sortKey < y.sortKey; });
    for (const OutputRow &row : rows) {
        if (row.group)
            appendOutput(out.batch, row.group->key, finalValues(*row.group));
        else
            appendOutput(out.batch, evicted[row.evicted].key, evicted[row.evicted].values);
    }
    if (context.collectResultTables)
        for (EvictedGroup &e : evicted)
            m_evicted.push_back(std::move(e));

    metrics.numRowsTotal += static_cast<int64_t>(m_groups.size());
    metrics.memoryUsedBytes += estimateBytes();
    return out;
}

ResultTableView StatefulAggregate::resultTable() const
{
    struct Entry {
        const std::vector<Value> *key;
        std::vector<Value> values;
        ResultRowStatus status;
    };
    std::vector<Entry> entries;
    for (const auto &[k, g] : m_groups) {
        ResultRowStatus status = ResultRowStatus::Unchanged;
        if (g.createdBatch == m_batch)
            status = ResultRowStatus::New;
        else if (g.lastUpdatedBatch == m_batch)
            status = ResultRowStatus::Updated;
        entries.push_back({&g.key, finalValues(g), status});
    }
    for (const EvictedGroup &e : m_evicted)
        entries.push_back({&e.key, e.values,
                           e.evictedBatch == m_batch ? ResultRowStatus::Final : ResultRowStatus::Evicted});
    std::sort(entries.begin(), entries.end(),
              [](const Entry &a, const Entry &b) { return lessRow(*a.key, *b.key); });
    ResultTableView view;
    view.rows = ColumnBatch::empty(m_node->output);
    for (const Entry &e : entries) {
        appendOutput(view.rows, *e.key, e.values);
        view.statuses.push_back(e.status);
    }
    return view;
}

int64_t StatefulAggregate::estimateBytes() const
{
    // Key bytes + per-call state + hash-map node overhead, like a state store's map estimate.
    int64_t bytes = 0;
    for (const auto &[k, g] : m_groups) {
        bytes += static_cast<int64_t>(k.size()) + 64;
        for (const auto &states : g.states)
            bytes += static_cast<int64_t>(states.size() * sizeof(expr::AggregateState));
    }
    return bytes;
}

} // namespace streamstep

namespace streamstep {

void StatefulAggregate::save(StateWriter &out) const
{
    out.writeI64(m_batch);
    out.writeI64(static_cast<int64_t>(m_groups.size()));
    for (const auto &[k, g] : m_groups) {
        out.writeString(k);
        out.writeValues(g.key);
        out.writeAggregateStates(g.states);
        out.writeU8(g.eventTime ? 1 : 0);
        out.writeI64(g.eventTime.value_or(0));
        out.writeI64(g.lastUpdatedBatch);
        out.writeI64(g.createdBatch);
    }
    out.writeI64(static_cast<int64_t>(m_evicted.size()));
    for (const EvictedGroup &e : m_evicted) {
        out.writeValues(e.key);
        out.writeValues(e.values);
        out.writeI64(e.evictedBatch);
    }
}

void StatefulAggregate::load(StateReader &in)
{
    m_batch = in.readI64();
    m_groups.clear();
    for (int64_t n = in.readI64(); n > 0; --n) {
        std::string k = in.readString();
        Group g;
        g.key = in.readValues();
        g.states = in.readAggregateStates();
        const bool hasEventTime = in.readU8() != 0;
        const int64_t eventTime = in.readI64();
        if (hasEventTime)
            g.eventTime = eventTime;
        g.lastUpdatedBatch = in.readI64();
        g.createdBatch = in.readI64();
        m_groups.emplace(std::move(k), std::move(g));
    }
    m_evicted.clear();
    for (int64_t n = in.readI64(); n > 0; --n) {
        EvictedGroup e;
        e.key = in.readValues();
        e.values = in.readValues();
        e.evictedBatch = in.readI64();
        m_evicted.push_back(std::move(e));
    }
}

} // namespace streamstep
