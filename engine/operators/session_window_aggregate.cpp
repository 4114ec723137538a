#include "operators/session_window_aggregate.h"

#include "operators/stateless_operators.h"

#include <algorithm>
#include <set>

namespace streamstep {

std::vector<Value> SessionWindowAggregate::outputKey(const KeyGroup &group, const Session &session) const
{
    std::vector<Value> key;
    size_t other = 0;
    for (size_t k = 0; k < m_spec.keys.size(); ++k) {
        if (static_cast<int>(k) == m_spec.sessionKey)
            key.push_back(Value::window(session.start, session.end));
        else
            key.push_back(group.otherKeys[other++]);
    }
    return key;
}

std::vector<Value> SessionWindowAggregate::finalValues(const KeyGroup &group, const Session &session) const
{
    const std::vector<Value> key = outputKey(group, session);
    std::vector<Value> values;
    for (size_t a = 0; a < m_spec.aggregates.size(); ++a) {
        const expr::BoundAggregate &agg = m_spec.aggregates[a];
        ColumnBatch row;
        for (size_t k = 0; k < m_spec.keys.size(); ++k) {
            row.schema.fields.push_back(node().output.fields[k]);
            row.columns.emplace_back(node().output.fields[k].type);
            row.columns.back().append(key[k]);
        }
        for (size_t c = 0; c < agg.calls.size(); ++c) {
            row.schema.fields.push_back(Field{"_agg" + std::to_string(c), agg.calls[c].resultType, {}});
            row.columns.emplace_back(agg.calls[c].resultType);
            row.columns.back().append(expr::aggregateResult(agg.calls[c], session.states[a][c]));
        }
        row.numRows = 1;
        values.push_back(agg.result->evaluate(row, expr::EvalContext{}).get(0));
    }
    return values;
}

void SessionWindowAggregate::mergeInto(Session &into, const Session &from) const
{
    into.end = std::max(into.end, from.end);
    for (size_t a = 0; a < into.states.size(); ++a)
        for (size_t c = 0; c < into.states[a].size(); ++c)
            expr::mergeAggregate(m_spec.aggregates[a].calls[c], into.states[a][c],
                                 from.states[a][c]);
    into.lastUpdatedBatch = std::max(into.lastUpdatedBatch, from.lastUpdatedBatch);
    into.createdBatch = std::min(into.createdBatch, from.createdBatch);
}

bool SessionWindowAggregate::shouldRunAnotherBatch(int64_t newWatermarkMs, int64_t evictionWatermarkMs) const
{
    // Spark: SessionWindowStateStoreSaveExec — only append mode emits and evicts by the watermark.
    return m_mode == OutputMode::Append && newWatermarkMs > evictionWatermarkMs;
}

Flow SessionWindowAggregate::processBatch(const Flow &input, BatchContext &context, StateOperatorReport &metrics)
{
    ++m_batch;
    const PlanNode &plan = this->node();
    const SessionWindowAggregateNode &node = m_spec;
    const ColumnBatch &batch = input.rows();
    const size_t n = batch.numRows;
    const int64_t gap = node.gapMicros;

    // Spark's SessionWindowing: session_window = [ts, ts + gap), rows with NULL ts removed.
    ColumnBatch extended = batch;
    Column session(DataType::window());
    const Column &time = batch.columns[node.timeColumn];
    for (size_t r = 0; r < n; ++r) {
        if (time.isNull(r))
            session.appendNull();
        else
            session.append(Value::window(time.ints()[r], time.ints()[r] + gap));
    }
    extended.columns.push_back(session);
    extended.schema.fields.push_back(Field{"session_window", DataType::window(), {}});

    std::vector<Column> keyColumns;
    for (size_t k = 0; k < node.keys.size(); ++k)
        keyColumns.push_back(node.keys[k]->evaluate(extended, context.eval));
    std::vector<std::vector<Column>> argumentColumns(node.aggregates.size());
    for (size_t a = 0; a < node.aggregates.size(); ++a)
        for (const auto &call : node.aggregates[a].calls)
            argumentColumns[a].push_back(call.argument ? call.argument->evaluate(extended, context.eval)
                                                       : Column());

    const bool filterLate = context.hasWatermark && plan.output.fields[node.sessionKey].isEventTime();
    const int64_t lateLimit = context.lateWatermarkMs * 1000;
    std::set<std::string> latePartials; // Spark counts partially aggregated rows: (keys, ts)
    std::map<std::string, std::vector<Session>> incoming;
    std::map<std::string, std::vector<Value>> incomingKeys;
    std::string encoded;
    for (size_t r = 0; r < n; ++r) {
        if (time.isNull(r)) {
            if (input.tracksOrigin && context.fates)
                (*context.fates)[input.origin[r]] = InputRowFate::Filtered;
            if (input.tracksOrigin && context.facts)
                (*context.facts)[input.origin[r]].nullEventTime = true;
            continue;
        }
        encoded.clear();
        std::vector<Value> otherKeys;
        for (size_t k = 0; k < keyColumns.size(); ++k) {
            if (static_cast<int>(k) == node.sessionKey)
                continue;
            encodeKeyValue(encoded, keyColumns[k], r);
            otherKeys.push_back(keyColumns[k].get(r));
        }
        const int64_t start = time.ints()[r];
        if (filterLate && start + gap <= lateLimit) {
            latePartials.insert(encoded + std::string(reinterpret_cast<const char *>(&start), sizeof(start)));
            if (input.tracksOrigin && context.fates)
                (*context.fates)[input.origin[r]] = InputRowFate::DroppedByWatermark;
            if (input.tracksOrigin && context.facts) {
                InputRowFacts &facts = (*context.facts)[input.origin[r]];
                facts.compared = InputRowFacts::Compared::SessionEnd;
                facts.comparedMicros = start + gap;
                facts.lateWatermarkMs = context.lateWatermarkMs;
                facts.hasWindow = true; // the session the row would open
                facts.windowStartMicros = start;
                facts.windowEndMicros = start + gap;
            }
            continue;
        }
        if (input.tracksOrigin && context.facts) {
            InputRowFacts &facts = (*context.facts)[input.origin[r]];
            facts.hasWindow = true; // the session the row opens, before merging
            facts.windowStartMicros = start;
            facts.windowEndMicros = start + gap;
        }
        Session s;
        s.start = start;
        s.end = start + gap;
        s.lastUpdatedBatch = m_batch;
        s.createdBatch = m_batch;
        s.states.resize(node.aggregates.size());
        for (size_t a = 0; a < node.aggregates.size(); ++a) {
            const auto &calls = node.aggregates[a].calls;
            s.states[a].resize(calls.size());
            for (size_t c = 0; c < calls.size(); ++c)
                expr::updateAggregate(calls[c], s.states[a][c],
                                      calls[c].argument ? &argumentColumns[a][c] : nullptr, r);
        }
        incoming[encoded].push_back(std::move(s));
        incomingKeys.try_emplace(encoded, std::move(otherKeys));
    }
    metrics.numRowsDroppedByWatermark += static_cast<int64_t>(latePartials.size());

    // Merge each touched key's stored sessions with its new ones (MergingSessionsIterator:
    // sorted by start, a session merges into the current one while start <= current end).
    for (auto &[key, sessions] : incoming) {
        KeyGroup &group = m_groups[key];
        if (group.otherKeys.empty())
            group.otherKeys = incomingKeys[key];
        std::set<int64_t> oldStarts;
        std::vector<Session> all = group.sessions;
        for (const Session &s : group.sessions)
            oldStarts.insert(s.start);
        all.insert(all.end(), sessions.begin(), sessions.end());
        std::stable_sort(all.begin(), all.end(),
                         [](const Session &a, const Session &b) { return a.start < b.start; });
        std::vector<Session> merged;
        for (Session &s : all) {
            if (!merged.empty() && s.start <= merged.back().end)
                mergeInto(merged.back(), s);
            else
                merged.push_back(std::move(s));
        }
        std::set<int64_t> newStarts;
        for (const Session &s : merged)
            newStarts.insert(s.start);
        for (int64_t start : oldStarts)
            if (!newStarts.count(start))
                ++metrics.numRowsRemoved;
        metrics.numRowsUpdated += static_cast<int64_t>(merged.size());
        group.sessions = std::move(merged);
    }

    Flow out;
    out.tracksOrigin = false;
    out.batch = ColumnBatch::empty(plan.output);
    std::vector<std::pair<std::vector<Value>, std::vector<Value>>> rows;
    if (context.outputMode == OutputMode::Complete) {
        for (const auto &[k, group] : m_groups)
            for (const Session &s : group.sessions)
                rows.emplace_back(outputKey(group, s), finalValues(group, s));
    } else if (filterLate) {
        const int64_t limit = context.evictionWatermarkMs * 1000;
        // Sessions evicted kEvictedBatchesShown batches ago leave the result table.
        std::erase_if(m_evicted, [this](const Evicted &e) { return e.evictedBatch + kEvictedBatchesShown <= m_batch; });
        for (auto it = m_groups.begin(); it != m_groups.end();) {
            KeyGroup &group = it->second;
            std::vector<Session> kept;
            for (Session &s : group.sessions) {
                if (s.end <= limit) {
                    std::vector<Value> key = outputKey(group, s);
                    std::vector<Value> values = finalValues(group, s);
                    rows.emplace_back(key, values);
                    m_evicted.push_back({std::move(key), std::move(values), m_batch});
                    ++metrics.numRowsRemoved;
                } else {
                    kept.push_back(std::move(s));
                }
            }
            group.sessions = std::move(kept);
            if (group.sessions.empty())
                it = m_groups.erase(it);
            else
                ++it;
        }
    }
    std::sort(rows.begin(), rows.end(), [](const auto &a, const auto &b) { return lessRow(a.first, b.first); });
    for (const auto &[key, values] : rows) {
        size_t c = 0;
        for (const Value &v : key)
            out.batch.columns[c++].append(v);
        for (const Value &v : values)
            out.batch.columns[c++].append(v);
        ++out.batch.numRows;
    }

    int64_t total = 0;
    int64_t bytes = 0;
    for (const auto &[k, group] : m_groups) {
        total += static_cast<int64_t>(group.sessions.size());
        bytes += static_cast<int64_t>(group.sessions.size() * (k.size() + 80));
    }
    metrics.numRowsTotal += total;
    metrics.memoryUsedBytes += bytes;
    return out;
}

ResultTableView SessionWindowAggregate::resultTable() const
{
    struct Entry {
        std::vector<Value> key;
        std::vector<Value> values;
        ResultRowStatus status;
    };
    std::vector<Entry> entries;
    for (const auto &[k, group] : m_groups) {
        for (const Session &s : group.sessions) {
            ResultRowStatus status = ResultRowStatus::Unchanged;
            if (s.createdBatch == m_batch)
                status = ResultRowStatus::New;
            else if (s.lastUpdatedBatch == m_batch)
                status = ResultRowStatus::Updated;
            entries.push_back({outputKey(group, s), finalValues(group, s), status});
        }
    }
    for (const Evicted &e : m_evicted)
        entries.push_back({e.key, e.values,
                           e.evictedBatch == m_batch ? ResultRowStatus::Final : ResultRowStatus::Evicted});
    std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) { return lessRow(a.key, b.key); });
    ResultTableView view;
    view.rows = ColumnBatch::empty(node().output);
    for (const Entry &e : entries) {
        size_t c = 0;
        for (const Value &v : e.key)
            view.rows.columns[c++].append(v);
        for (const Value &v : e.values)
            view.rows.columns[c++].append(v);
        ++view.rows.numRows;
        view.statuses.push_back(e.status);
    }
    return view;
}

} // namespace streamstep

namespace streamstep {

void SessionWindowAggregate::saveState(StateWriter &out) const
{
    out.writeI64(m_batch);
    out.writeI64(static_cast<int64_t>(m_groups.size()));
    for (const auto &[k, group] : m_groups) {
        out.writeString(k);
        out.writeValues(group.otherKeys);
        out.writeI64(static_cast<int64_t>(group.sessions.size()));
        for (const Session &s : group.sessions) {
            out.writeI64(s.start);
            out.writeI64(s.end);
            out.writeAggregateStates(s.states);
            out.writeI64(s.lastUpdatedBatch);
            out.writeI64(s.createdBatch);
        }
    }
    out.writeI64(static_cast<int64_t>(m_evicted.size()));
    for (const Evicted &e : m_evicted) {
        out.writeValues(e.key);
        out.writeValues(e.values);
        out.writeI64(e.evictedBatch);
    }
}

void SessionWindowAggregate::loadState(StateReader &in)
{
    // A snapshot may come from a stranger: every value must have the query's types, each key's
    // encoding must be the one its values give, and a key's sessions must be sorted and disjoint
    // (what merging relies on); anything else is a damaged snapshot.
    const auto damaged = [] { return Error(ErrorKind::Runtime, "state snapshot is damaged (session state)"); };
    std::vector<DataType> keyTypes;
    std::vector<DataType> otherKeyTypes;
    std::vector<DataType> valueTypes;
    for (size_t c = 0; c < node().output.fields.size(); ++c) {
        const DataType &type = node().output.fields[c].type;
        if (c >= m_spec.keys.size())
            valueTypes.push_back(type);
        else
            keyTypes.push_back(type);
        if (c < m_spec.keys.size() && static_cast<int>(c) != m_spec.sessionKey)
            otherKeyTypes.push_back(type);
    }
    m_batch = in.readI64();
    if (!snapshotBatchInRange(m_batch, kMaxSnapshotBatchId))
        throw damaged();
    m_groups.clear();
    std::string encoded;
    for (int64_t n = in.readI64(); n > 0; --n) {
        std::string k = in.readString();
        KeyGroup group;
        group.otherKeys = in.readValuesOf(otherKeyTypes);
        encoded.clear();
        for (size_t i = 0; i < otherKeyTypes.size(); ++i) {
            Column column(otherKeyTypes[i]);
            column.append(group.otherKeys[i]);
            encodeKeyValue(encoded, column, 0);
        }
        if (encoded != k)
            throw damaged();
        for (int64_t s = in.readI64(); s > 0; --s) {
            Session session;
            session.start = in.readI64();
            session.end = in.readI64();
            session.states = in.readAggregateStatesOf(m_spec.aggregates);
            session.lastUpdatedBatch = in.readI64();
            session.createdBatch = in.readI64();
            if (session.end <= session.start || !snapshotBatchInRange(session.lastUpdatedBatch, m_batch)
                || !snapshotBatchInRange(session.createdBatch, m_batch)
                || (!group.sessions.empty() && session.start < group.sessions.back().end))
                throw damaged();
            group.sessions.push_back(std::move(session));
        }
        if (!m_groups.emplace(std::move(k), std::move(group)).second)
            throw damaged();
    }
    m_evicted.clear();
    for (int64_t n = in.readI64(); n > 0; --n) {
        Evicted e;
        e.key = in.readValuesOf(keyTypes);
        e.values = in.readValuesOf(valueTypes);
        e.evictedBatch = in.readI64();
        if (!snapshotBatchInRange(e.evictedBatch, m_batch))
            throw damaged();
        m_evicted.push_back(std::move(e));
    }
}

} // namespace streamstep
