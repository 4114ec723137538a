#include "operators/stateful_aggregate.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace streamstep {

namespace {

constexpr size_t kChunkRows = 4096;
constexpr size_t kPrefetchRows = 32;      // index slots this many rows ahead, keys half as far
constexpr size_t kPrefetchGroups = 65536; // …once the state may hold more groups than this

std::vector<DataType> keyTypes(const PlanNode &node)
{
    std::vector<DataType> types;
    for (size_t k = 0; k < node.numKeys(); ++k)
        types.push_back(node.output.fields[k].type);
    return types;
}

bool references(const expr::BoundExpr &e, int column)
{
    return std::binary_search(e.referencedColumns.begin(), e.referencedColumns.end(), column);
}

std::vector<uint32_t> allRows(size_t n)
{
    std::vector<uint32_t> rows(n);
    std::iota(rows.begin(), rows.end(), 0u);
    return rows;
}

// Spark: an input row is dropped only when it was late for every window it fell in.
void markLateFates(const Flow &input, const std::vector<uint8_t> &rowKept, BatchContext &context)
{
    if (!input.tracksOrigin || !context.fates)
        return;
    std::vector<InputRowFate> &fates = *context.fates;
    std::vector<uint8_t> anyKept(fates.size(), 0);
    for (size_t r = 0; r < rowKept.size(); ++r)
        anyKept[input.origin[r]] |= rowKept[r];
    for (size_t r = 0; r < rowKept.size(); ++r)
        fates[input.origin[r]] = anyKept[input.origin[r]] ? InputRowFate::Processed : InputRowFate::DroppedByWatermark;
}

} // namespace

void StatefulAggregate::EvaluatedInput::evaluate(const AggregateNode &node, const Flow &flow,
                                                 const expr::EvalContext &eval)
{
    release();
    size_t computed = 0; // the expressions that are no plain column: only they need storage
    for (const auto &key : node.keys)
        computed += !key->columnIndex;
    for (const auto &aggregate : node.aggregates)
        for (const auto &call : aggregate.calls)
            computed += call.argument && !call.argument->columnIndex;
    storage.resize(computed);
    size_t s = 0;
    // A plain column is read in place (through Flow::column: it may be the column apart).
    const auto column = [&](const expr::BoundExpr &e) -> const Column * {
        if (e.columnIndex)
            return &flow.column(static_cast<size_t>(*e.columnIndex));
        return &evaluateColumn(e, flow.rows(), eval, storage[s++]);
    };
    for (const auto &key : node.keys)
        keys.push_back(column(*key));
    for (const auto &aggregate : node.aggregates)
        for (const auto &call : aggregate.calls)
            arguments.push_back(call.argument ? column(*call.argument) : nullptr);
}

namespace {

// Hashes rows [begin, begin + count) of `keys` into `hashes` and, while `table` packs keys (see
// GroupTable), packs them into `packed`: returns their packed keys, or null when it does not
// (it stops when a key does not fit).
const uint64_t *hashChunk(GroupTable &table, const std::vector<const Column *> &keys, size_t begin, size_t count,
                          std::vector<uint64_t> &hashes, std::vector<uint64_t> &packed)
{
    if (!table.packed()) {
        GroupTable::hashRows(keys, begin, count, hashes);
        return nullptr;
    }
    if (table.hashAndPackRows(keys, begin, count, hashes, packed))
        return packed.data();
    table.stopPacking();
    return nullptr;
}

// The groups of keys' rows `rows` (hashes[r - hashBase] row r's hash, packedKeys from hashChunk)
// into `groups`, adding new ones to `table` in row order. `buffers` are the table's, prefetched
// with its keys once it is big; `nullChecks` table.nullChecks(keys), computed here when empty.
void findGroups(GroupTable &table, const AggregationBuffers &buffers, const std::vector<const Column *> &keys,
                const std::vector<uint32_t> &rows, const std::vector<uint64_t> &hashes, size_t hashBase,
                const uint64_t *packedKeys, std::vector<uint8_t> &nullChecks, std::vector<uint32_t> &groups)
{
    groups.resize(rows.size());
    if (packedKeys && table.packed()) {
        table.findOrInsertPacked(keys, rows.data(), rows.size(), hashes.data(), hashBase, packedKeys, groups.data());
        return;
    }
    if (nullChecks.empty()) // first needed now (it covers NULLs the table gained from these keys)
        nullChecks = table.nullChecks(keys);
    // Prefetching only pays once the state no longer fits in the caches.
    const bool prefetch = table.size() > kPrefetchGroups;
    const size_t count = rows.size();
    for (size_t i = 0; i < count; ++i) {
        // Two stages ahead: the index slot for a later row, then the keys and buffer of the
        // group a nearer row most likely finds.
        if (prefetch && i + kPrefetchRows < count)
            table.prefetch(GroupTable::tagOf(hashes[rows[i + kPrefetchRows] - hashBase]));
        if (prefetch && i + kPrefetchRows / 2 < count) {
            const int64_t g = table.prefetchKeys(GroupTable::tagOf(hashes[rows[i + kPrefetchRows / 2] - hashBase]));
            if (g >= 0)
                buffers.prefetch(static_cast<uint32_t>(g));
        }
        bool inserted = false;
        groups[i] = table.findOrInsert(keys, rows[i], GroupTable::tagOf(hashes[rows[i] - hashBase]), inserted,
                                          nullChecks.data());
    }
}

// hashChunk and findGroups for every row of a chunk, [begin, begin + count) (`rows` is set to
// them): in one pass over the keys where the table can (GroupTable::findOrInsertPackedRange).
void findChunkGroups(GroupTable &table, const AggregationBuffers &buffers, const std::vector<const Column *> &keys,
                     size_t begin, size_t count, std::vector<uint64_t> &hashes, std::vector<uint64_t> &packed,
                     std::vector<uint32_t> &rows, std::vector<uint8_t> &nullChecks, std::vector<uint32_t> &groups)
{
    rows.resize(count);
    std::iota(rows.begin(), rows.end(), static_cast<uint32_t>(begin));
    groups.resize(count);
    if (table.packed()) {
        if (table.findOrInsertPackedRange(keys, rows.data(), begin, count, hashes, packed, groups.data()))
            return;
        table.stopPacking(); // a key does not fit; the hashes are complete
    } else {
        GroupTable::hashRows(keys, begin, count, hashes);
    }
    findGroups(table, buffers, keys, rows, hashes, begin, nullptr, nullChecks, groups);
}

} // namespace

StatefulAggregate::StatefulAggregate(const PlanNode &node, OutputMode mode)
    : AggregateOperator(node, "stateStoreSave"), m_spec(node.get<AggregateNode>()), m_mode(mode), m_groups(keyTypes(node)),
      m_buffers(m_spec.aggregates), m_evicted(ColumnBatch::empty(node.output))
{
    const int eventKey = node.eventTimeKeyIndex(); // first watermarked key, -1 if none
    if (eventKey >= 0 && eventKey < static_cast<int>(m_spec.keys.size()))
        m_eventKey = eventKey;
    for (const auto &key : m_spec.keys)
        m_readsPlainColumns = m_readsPlainColumns && key->columnIndex;
    for (const auto &aggregate : m_spec.aggregates)
        for (const auto &call : aggregate.calls)
            m_readsPlainColumns = m_readsPlainColumns && (!call.argument || call.argument->columnIndex);
}

bool StatefulAggregate::readsColumnApart(const Flow &input, const BatchContext &context) const
{
    // processRows and processPanes read the keys and arguments through EvaluatedInput, which
    // reads plain columns through Flow::column; explaining and expanding windows need rows().
    return m_readsPlainColumns && !context.facts
        && (!input.unexpandedWindows || canAggregatePanes(*input.unexpandedWindows, context));
}

bool StatefulAggregate::indexesOrigin(const Flow &input, const BatchContext &context) const
{
    // The origin is read for late rows' fates (markLateFates), for the explanations (facts),
    // and by expandWindows' gather; a batch that can have none of them leaves it implicit.
    const bool filterLate = context.outputMode != OutputMode::Complete && context.hasWatermark && m_eventKey >= 0;
    return context.facts || (filterLate && context.fates) || input.unexpandedWindows;
}

std::vector<uint8_t> StatefulAggregate::liveInput(const std::vector<uint8_t> &liveAfter) const
{
    (void)liveAfter; // the output is the keys and aggregates alone
    std::vector<uint8_t> live(node().input.size(), 0);
    const auto read = [&](const expr::BoundExpr &e) {
        for (int c : e.referencedColumns) {
            if (c < 0 || static_cast<size_t>(c) >= live.size())
                live.assign(live.size(), 1);
            else
                live[static_cast<size_t>(c)] = 1;
        }
    };
    for (const auto &key : m_spec.keys)
        read(*key);
    for (const auto &aggregate : m_spec.aggregates)
        for (const auto &call : aggregate.calls)
            if (call.argument)
                read(*call.argument);
    return live;
}

bool StatefulAggregate::shouldRunAnotherBatch(int64_t newWatermarkMs, int64_t evictionWatermarkMs) const
{
    // Spark: StateStoreSaveExec — append and update evict (and append emits) by the watermark.
    return m_mode != OutputMode::Complete && newWatermarkMs > evictionWatermarkMs;
}

std::optional<int64_t> StatefulAggregate::eventTimeOf(uint32_t group) const
{
    if (m_eventKey < 0)
        return std::nullopt;
    const Column &key = m_groups.keys()[static_cast<size_t>(m_eventKey)];
    if (key.isNull(group))
        return std::nullopt;
    if (key.type().kind == TypeKind::Window)
        return key.ends()[group];
    if (key.type().kind == TypeKind::Timestamp)
        return key.ints()[group];
    return std::nullopt;
}

Flow StatefulAggregate::processBatch(const Flow &input, BatchContext &context, StateOperatorReport &metrics)
{
    ++m_batch;
    m_createdFrom = m_groups.size();
    std::fill(m_updatedBits.begin(), m_updatedBits.end(), uint64_t(0));
    if (input.unexpandedWindows) {
        // Explaining rows needs each (row, window) pair: the pane fold has none.
        if (!context.facts && canAggregatePanes(*input.unexpandedWindows, context))
            return processPanes(input, context, metrics);
        return processRows(expandWindows(input), context, metrics);
    }
    return processRows(input, context, metrics);
}

void StatefulAggregate::markGroups(const std::vector<uint32_t> &groups, std::vector<uint32_t> &updated)
{
    // noteUpdate per row, with the new groups' buffers and bits added first (they are the
    // groups numbered from the buffers' count on).
    uint32_t highest = 0;
    for (const uint32_t g : groups)
        highest = std::max(highest, g);
    while (!groups.empty() && m_buffers.numGroups() <= highest)
        m_buffers.addGroup();
    if (!groups.empty() && (highest >> 6) >= m_updatedBits.size())
        m_updatedBits.resize((highest >> 6) + 1, 0);
    uint64_t *bits = m_updatedBits.data();
    for (const uint32_t g : groups) {
        const uint64_t bit = uint64_t(1) << (g & 63);
        if (!(bits[g >> 6] & bit)) {
            bits[g >> 6] |= bit;
            updated.push_back(g);
        }
    }
}

Flow StatefulAggregate::processRows(const Flow &input, BatchContext &context, StateOperatorReport &metrics)
{
    const size_t n = input.numRows();
    const bool filterLate = context.outputMode != OutputMode::Complete && context.hasWatermark && m_eventKey >= 0;
    BatchBuffers &scratch = *m_scratch;
    scratch.input.evaluate(m_spec, input, context.eval);
    const EvaluatedInput &in = scratch.input;

    // Spark: StateStoreSaveExec sees one partially aggregated row per key of this batch; late
    // keys (event time <= watermark) are dropped there and counted once per key.
    const int64_t lateLimit = context.lateWatermarkMs * 1000;
    const Column *eventKey = filterLate ? in.keys[static_cast<size_t>(m_eventKey)] : nullptr;
    const bool eventKeyIsWindow = eventKey && eventKey->type().kind == TypeKind::Window;
    // The event time a row is late by: its window's end, or the time itself.
    const uint8_t *eventNulls = eventKey ? eventKey->nulls().data() : nullptr;
    const int64_t *eventTimes = !eventKey         ? nullptr
                                : eventKeyIsWindow ? eventKey->ends().data()
                                                   : eventKey->ints().data();
    std::vector<uint8_t> rowKept; // filled once a row is late
    std::vector<uint32_t> &updated = scratch.updated;
    updated.clear();
    GroupTable lateKeys;
    // Chunks keep the per-row working memory small and in cache.
    std::vector<uint64_t> &hashes = scratch.hashes;
    std::vector<uint64_t> &packedKeys = scratch.packedKeys;
    std::vector<uint32_t> &rows = scratch.rows;
    std::vector<uint32_t> &groups = scratch.groups;
    rows.reserve(std::min(n, kChunkRows));
    groups.reserve(std::min(n, kChunkRows));
    std::vector<uint8_t> &nullChecks = scratch.nullChecks; // when first needed (see findGroups)
    nullChecks.clear();
    for (size_t begin = 0; begin < n; begin += kChunkRows) {
        const size_t count = std::min(kChunkRows, n - begin);
        // Whether row r (the chunk's i-th) is late: its key is then only counted, once per key.
        const auto late = [&](size_t r, size_t i) {
            if (!eventKey || eventNulls[r] || eventTimes[r] > lateLimit)
                return false;
            if (rowKept.empty()) {
                rowKept.assign(n, 1);
                lateKeys = GroupTable(keyTypes(node()));
            }
            bool inserted = false;
            lateKeys.findOrInsert(in.keys, r, GroupTable::tagOf(hashes[i]), inserted);
            rowKept[r] = 0;
            return true;
        };
        if (m_groups.packed() && !eventKey) { // no row can be late: every row is looked up
            findChunkGroups(m_groups, m_buffers, in.keys, begin, count, hashes, packedKeys, rows, nullChecks, groups);
            markGroups(groups, updated);
            m_buffers.update(in.arguments, rows.data(), groups.data(), rows.size());
            continue;
        }
        if (m_groups.packed()) {
            // A small state: packed keys in cache (see GroupTable), unless this chunk's keys
            // do not pack (then findGroups looks them up one by one).
            const uint64_t *packed = hashChunk(m_groups, in.keys, begin, count, hashes, packedKeys);
            rows.resize(count);
            std::iota(rows.begin(), rows.end(), static_cast<uint32_t>(begin));
            if (eventKey) {
                rows.clear();
                for (size_t i = 0; i < count; ++i)
                    if (!late(begin + i, i))
                        rows.push_back(static_cast<uint32_t>(begin + i));
            }
            findGroups(m_groups, m_buffers, in.keys, rows, hashes, begin, packed, nullChecks, groups);
            markGroups(groups, updated);
            m_buffers.update(in.arguments, rows.data(), groups.data(), rows.size());
            continue;
        }
        GroupTable::hashRows(in.keys, begin, count, hashes);
        if (nullChecks.empty())
            nullChecks = m_groups.nullChecks(in.keys);
        rows.clear();
        groups.clear();
        // Prefetching only pays once the state no longer fits in the caches.
        const bool prefetch = m_groups.size() > kPrefetchGroups;
        for (size_t i = 0; i < count; ++i) {
            // Two stages ahead: the index slot for a later row, then the keys and buffer of
            // the group a nearer row most likely finds.
            if (prefetch && i + kPrefetchRows < count)
                m_groups.prefetch(GroupTable::tagOf(hashes[i + kPrefetchRows]));
            if (prefetch && i + kPrefetchRows / 2 < count) {
                const int64_t g = m_groups.prefetchKeys(GroupTable::tagOf(hashes[i + kPrefetchRows / 2]));
                if (g >= 0)
                    m_buffers.prefetch(static_cast<uint32_t>(g));
            }
            const size_t r = begin + i;
            if (late(r, i))
                continue;
            bool inserted = false;
            const uint32_t g = m_groups.findOrInsert(in.keys, r, GroupTable::tagOf(hashes[i]), inserted, nullChecks.data());
            noteUpdate(g, inserted, updated);
            rows.push_back(static_cast<uint32_t>(r));
            groups.push_back(g);
        }
        m_buffers.update(in.arguments, rows.data(), groups.data(), rows.size());
    }
    if (!rowKept.empty()) // rows that reach this operator are Processed unless some were late
        markLateFates(input, rowKept, context);
    if (context.facts && input.tracksOrigin && m_eventKey >= 0)
        explainEventTimes(input, *in.keys[static_cast<size_t>(m_eventKey)], rowKept, context);
    if (context.facts && input.tracksOrigin && context.provenanceNode == &node()) {
        std::string key;
        for (size_t r = 0; r < n; ++r) {
            if (!rowKept.empty() && !rowKept[r])
                continue;
            key.clear();
            for (const Column *column : in.keys)
                encodeKeyValue(key, *column, r);
            (*context.facts)[input.origin[r]].groups.push_back(key);
        }
    }
    metrics.numRowsDroppedByWatermark += static_cast<int64_t>(lateKeys.size());
    scratch.input.release();
    return finishBatch(updated, context, metrics);
}

void StatefulAggregate::explainEventTimes(const Flow &input, const Column &eventKey,
                                          const std::vector<uint8_t> &rowKept, BatchContext &context) const
{
    const bool window = eventKey.type().kind == TypeKind::Window;
    for (size_t r = 0; r < eventKey.size(); ++r) {
        if (eventKey.isNull(r))
            continue;
        InputRowFacts &facts = (*context.facts)[input.origin[r]];
        const int64_t value = window ? eventKey.ends()[r] : eventKey.ints()[r];
        if (!rowKept.empty() && !rowKept[r]) {
            // Late for this window: the latest late window is the one to tell about.
            if (facts.compared == InputRowFacts::Compared::None || value > facts.comparedMicros) {
                facts.compared = window ? InputRowFacts::Compared::WindowEnd : InputRowFacts::Compared::EventTime;
                facts.comparedMicros = value;
                facts.lateWatermarkMs = context.lateWatermarkMs;
                if (window && (!facts.hasWindow || value > facts.windowEndMicros)) {
                    facts.hasWindow = true;
                    facts.windowStartMicros = eventKey.ints()[r];
                    facts.windowEndMicros = value;
                }
            }
        } else if (window && (!facts.hasWindow || value > facts.windowEndMicros)) {
            facts.hasWindow = true;
            facts.windowStartMicros = eventKey.ints()[r];
            facts.windowEndMicros = value;
        }
    }
}

bool StatefulAggregate::canAggregatePanes(const UnexpandedWindows &windows, const BatchContext &context) const
{
    if (!m_buffers.mergesExactly())
        return false;
    int windowKey = -1;
    for (size_t k = 0; k < m_spec.keys.size(); ++k) {
        const expr::BoundExpr &key = *m_spec.keys[k];
        if (key.columnIndex && *key.columnIndex == windows.column && windowKey < 0)
            windowKey = static_cast<int>(k);
        else if (references(key, windows.column))
            return false; // a key computed from the window differs per window
    }
    for (const auto &aggregate : m_spec.aggregates)
        for (const auto &call : aggregate.calls)
            if (call.argument && references(*call.argument, windows.column))
                return false;
    const bool filterLate = context.outputMode != OutputMode::Complete && context.hasWatermark && m_eventKey >= 0;
    return windowKey >= 0 && (!filterLate || m_eventKey == windowKey);
}

Flow StatefulAggregate::processPanes(const Flow &input, BatchContext &context, StateOperatorReport &metrics)
{
    const UnexpandedWindows &windows = *input.unexpandedWindows;
    const size_t n = input.numRows();
    const size_t numKeys = m_spec.keys.size();
    const bool filterLate = context.outputMode != OutputMode::Complete && context.hasWatermark && m_eventKey >= 0;
    const int64_t lateLimit = context.lateWatermarkMs * 1000;
    BatchBuffers &scratch = *m_scratch;
    scratch.input.evaluate(m_spec, input, context.eval);
    const EvaluatedInput &in = scratch.input;
    size_t windowKey = 0;
    while (!(m_spec.keys[windowKey]->columnIndex && *m_spec.keys[windowKey]->columnIndex == windows.column))
        ++windowKey;

    // 1. One partial buffer per (pane, key): the window key holds each row's latest window,
    //    which names its pane.
    GroupTable panes(keyTypes(node()));
    AggregationBuffers paneBuffers(m_spec.aggregates);
    std::vector<uint8_t> rowKept; // filled once a row is late
    const Column &latest = *in.keys[windowKey];
    const int64_t *latestEnds = latest.ends().data();
    std::vector<uint64_t> hashes;
    std::vector<uint32_t> rows;
    std::vector<uint32_t> groups;
    std::vector<uint64_t> packedKeys;
    std::vector<uint8_t> paneNullChecks; // when first needed (see findGroups)
    for (size_t begin = 0; begin < n; begin += kChunkRows) {
        const size_t count = std::min(kChunkRows, n - begin);
        findChunkGroups(panes, paneBuffers, in.keys, begin, count, hashes, packedKeys, rows, paneNullChecks, groups);
        for (const uint32_t g : groups)
            if (g == paneBuffers.numGroups()) // new groups come in order
                paneBuffers.addGroup();
        if (filterLate)
            for (size_t r = begin; r < begin + count; ++r)
                if (latestEnds[r] <= lateLimit) {
                    if (rowKept.empty())
                        rowKept.assign(n, 1);
                    rowKept[r] = 0; // late for its latest window, so for all of them
                }
        paneBuffers.update(in.arguments, rows.data(), groups.data(), count);
    }

    // 2. Every pane times every window containing it: the pane's key with its window moved
    //    back by 0, 1, … slides. Only the window changes, so the keys are the panes' own key
    //    columns with one scratch window column, rewritten per slide, and a row's hash is the
    //    pane's with the window's term swapped (GroupTable::columnHash).
    const size_t count = static_cast<size_t>(windows.count);
    const size_t numPanes = panes.size();
    const Column &paneWindow = panes.keys()[windowKey];
    std::vector<uint64_t> rest; // each pane's hash without its window's term
    {
        std::vector<const Column *> paneKeys;
        for (const Column &k : panes.keys())
            paneKeys.push_back(&k);
        GroupTable::hashRows(paneKeys, 0, numPanes, rest);
        for (size_t p = 0; p < numPanes; ++p)
            rest[p] -= GroupTable::columnHash(windowKey, paneWindow, p);
    }
    Column shifted = Column::zeros(DataType::window(), numPanes);
    shifted.setNulls(paneWindow.nulls());
    std::vector<const Column *> keys;
    for (size_t k = 0; k < numKeys; ++k)
        keys.push_back(k == windowKey ? &shifted : &panes.keys()[k]);
    const std::vector<uint8_t> nullChecks = m_groups.nullChecks(keys);

    // 3. Fold each pane into its windows' state; late windows are counted once per key.
    GroupTable lateKeys(keyTypes(node()));
    std::vector<uint32_t> &updated = scratch.updated;
    updated.clear();
    for (size_t w = 0; w < count; ++w) {
        const int64_t shift = static_cast<int64_t>(w) * windows.slideMicros;
        const int64_t *paneStarts = paneWindow.ints().data();
        const int64_t *paneEnds = paneWindow.ends().data();
        int64_t *starts = shifted.ints().data();
        int64_t *ends = shifted.ends().data();
        for (size_t p = 0; p < numPanes; ++p) {
            starts[p] = paneStarts[p] - shift;
            ends[p] = paneEnds[p] - shift;
        }
        for (size_t p = 0; p < numPanes; ++p) {
            bool inserted = false;
            const uint32_t tag = GroupTable::tagOf(rest[p] + GroupTable::columnHash(windowKey, shifted, p));
            if (filterLate && !shifted.nulls()[p] && shifted.ends()[p] <= lateLimit) {
                lateKeys.findOrInsert(keys, p, tag, inserted);
                continue;
            }
            const uint32_t g = m_groups.findOrInsert(keys, p, tag, inserted, nullChecks.data());
            noteUpdate(g, inserted, updated);
            m_buffers.merge(g, paneBuffers, static_cast<uint32_t>(p));
        }
    }
    if (!rowKept.empty())
        markLateFates(input, rowKept, context);
    metrics.numRowsDroppedByWatermark += static_cast<int64_t>(lateKeys.size());
    scratch.input.release();
    return finishBatch(updated, context, metrics);
}

Flow StatefulAggregate::finishBatch(std::vector<uint32_t> &updated, BatchContext &context,
                                    StateOperatorReport &metrics)
{
    // Spark: an aggregation without grouping keys yields its one group for every batch, also
    // when no row reached it (a no-data batch, or a filter that removed every row): it is
    // written and stored with the aggregates' initial values (count 0, sum NULL).
    if (m_spec.keys.empty()) {
        bool inserted = false;
        const uint32_t group = m_groups.findOrInsert({}, 0, GroupTable::tagOf(0), inserted);
        noteUpdate(group, inserted, updated);
    }
    metrics.numRowsUpdated += static_cast<int64_t>(updated.size());
    const OutputMode mode = context.outputMode;
    const bool evict = mode != OutputMode::Complete && context.hasWatermark && m_eventKey >= 0;

    std::vector<uint32_t> &evicted = m_scratch->evicted;
    evicted.clear();
    if (evict) {
        // eventTimeOf(g) <= limit, with the key's type looked at once.
        const int64_t limit = context.evictionWatermarkMs * 1000;
        const Column &key = m_groups.keys()[static_cast<size_t>(m_eventKey)];
        const TypeKind kind = key.type().kind;
        if (kind == TypeKind::Window || kind == TypeKind::Timestamp) {
            const int64_t *times = kind == TypeKind::Window ? key.ends().data() : key.ints().data();
            const uint8_t *nulls = key.nulls().data();
            for (uint32_t g = 0; g < m_groups.size(); ++g)
                if (!nulls[g] && times[g] <= limit)
                    evicted.push_back(g);
        }
    }
    // Output rows unsorted: Spark defines no order for them, so they go out in the order the
    // state has them (update: the order this batch first saw each group; append: the evicted
    // groups' numbering; complete: every group's, i.e. first seen first), and only displays sort
    // them (displayKeys). In update mode a group updated in this batch is output even when it
    // is evicted right after.
    const std::vector<uint32_t> *rows = &updated;
    std::vector<uint32_t> &all = m_scratch->all;
    switch (mode) {
    case OutputMode::Update: break;
    case OutputMode::Append: rows = &evicted; break;
    case OutputMode::Complete:
        all.resize(m_groups.size());
        std::iota(all.begin(), all.end(), 0u);
        rows = &all;
        break;
    }
    Flow out;
    out.tracksOrigin = false;
    out.batch = outputRows(*rows);
    for (size_t k = 0; k < m_spec.keys.size(); ++k)
        out.displayKeys.push_back(static_cast<int>(k));

    if (!evicted.empty()) {
        if (context.collectResultTables) {
            // In key order, merged into m_evicted's order.
            std::vector<uint32_t> sorted = evicted;
            sortByKey(sorted);
            appendEvicted(outputRows(sorted));
        }
        std::vector<uint8_t> keep(m_groups.size(), 1);
        for (uint32_t g : evicted)
            keep[g] = 0;
        std::vector<uint32_t> renumbered(m_groups.size(), 0);
        uint32_t next = 0;
        size_t orderedKept = 0;
        for (uint32_t g = 0; g < m_groups.size(); ++g) {
            renumbered[g] = next;
            next += keep[g];
            if (g < m_orderedCount)
                orderedKept += keep[g];
        }
        size_t o = 0;
        for (uint32_t g : m_order)
            if (keep[g])
                m_order[o++] = renumbered[g];
        m_order.resize(o);
        m_orderedCount = orderedKept;
        std::vector<uint64_t> bits((next + 63) / 64, 0);
        size_t createdFrom = 0;
        for (uint32_t g = 0; g < m_groups.size(); ++g) {
            if (!keep[g])
                continue;
            if (updatedNow(g))
                bits[renumbered[g] >> 6] |= uint64_t(1) << (renumbered[g] & 63);
            createdFrom += g < m_createdFrom;
        }
        m_updatedBits = std::move(bits);
        m_createdFrom = createdFrom;
        m_groups.retain(keep);
        m_buffers.retain(keep);
        metrics.numRowsRemoved += static_cast<int64_t>(evicted.size());
    }
    if (context.collectResultTables)
        extendOrder(); // the result table lists every group in key order
    metrics.numRowsTotal += static_cast<int64_t>(m_groups.size());
    metrics.memoryUsedBytes += estimateBytes();
    releaseIfLarge(updated);
    releaseIfLarge(evicted);
    releaseIfLarge(all);
    return out;
}

void StatefulAggregate::appendEvicted(const ColumnBatch &rows)
{
    // Groups evicted kEvictedBatchesShown batches ago leave the result table (kept in key order).
    if (!m_evictedBatch.empty()) {
        std::vector<uint32_t> kept;
        for (size_t i = 0; i < m_evictedBatch.size(); ++i)
            if (m_evictedBatch[i] + kEvictedBatchesShown > m_batch)
                kept.push_back(static_cast<uint32_t>(i));
        if (kept.size() < m_evictedBatch.size())
            sortEvicted(kept);
    }
    const size_t before = m_evicted.numRows;
    const std::vector<uint32_t> all = allRows(rows.numRows);
    for (size_t c = 0; c < rows.columns.size(); ++c)
        m_evicted.columns[c].appendRows(rows.columns[c], all);
    m_evicted.numRows += rows.numRows;
    m_evictedBatch.insert(m_evictedBatch.end(), rows.numRows, m_batch);
    const size_t numKeys = m_spec.keys.size();
    // Windows are mostly evicted in time order: the new rows then simply follow the old ones.
    if (before == 0 || rows.numRows == 0
        || compareKeys(m_evicted.columns, numKeys, static_cast<uint32_t>(before - 1), static_cast<uint32_t>(before)) <= 0)
        return;
    std::vector<uint32_t> order = allRows(m_evicted.numRows);
    std::inplace_merge(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(before), order.end(),
                       [&](uint32_t a, uint32_t b) { return compareKeys(m_evicted.columns, numKeys, a, b) < 0; });
    sortEvicted(order);
}

void StatefulAggregate::sortEvicted(const std::vector<uint32_t> &order)
{
    ColumnBatch sorted = ColumnBatch::empty(node().output);
    for (size_t c = 0; c < sorted.columns.size(); ++c)
        sorted.columns[c].appendRows(m_evicted.columns[c], order);
    sorted.numRows = order.size();
    std::vector<int64_t> batches(order.size());
    for (size_t i = 0; i < order.size(); ++i)
        batches[i] = m_evictedBatch[order[i]];
    m_evicted = std::move(sorted);
    m_evictedBatch = std::move(batches);
}

void StatefulAggregate::extendOrder()
{
    const size_t size = m_groups.size();
    if (m_orderedCount == size)
        return;
    std::vector<uint32_t> added(size - m_orderedCount);
    std::iota(added.begin(), added.end(), static_cast<uint32_t>(m_orderedCount));
    sortByKey(added);
    const auto less = [this](uint32_t a, uint32_t b) { return m_groups.compare(a, b) < 0; };
    std::vector<uint32_t> merged;
    merged.reserve(size);
    // Few new groups into many: find each one's place by binary search, copy the runs between.
    auto from = m_order.begin();
    for (uint32_t g : added) {
        const auto at = std::upper_bound(from, m_order.end(), g, less);
        merged.insert(merged.end(), from, at);
        merged.push_back(g);
        from = at;
    }
    merged.insert(merged.end(), from, m_order.end());
    m_order = std::move(merged);
    m_orderedCount = size;
}

void StatefulAggregate::sortByKey(std::vector<uint32_t> &groups) const
{
    m_groups.sortGroups(groups);
}

ColumnBatch StatefulAggregate::outputRows(const std::vector<uint32_t> &groups) const
{
    const PlanNode &node = this->node();
    if (groups.empty()) // most batches of append mode: the columns as the loops below leave them
        return ColumnBatch::empty(node.output);
    const size_t numKeys = m_spec.keys.size();
    ColumnBatch out = ColumnBatch::empty(node.output);
    for (size_t k = 0; k < numKeys; ++k)
        out.columns[k].appendRows(m_groups.keys()[k], groups);
    size_t call = 0;
    for (size_t a = 0; a < m_spec.aggregates.size(); ++a) {
        const expr::BoundAggregate &aggregate = m_spec.aggregates[a];
        Column &target = out.columns[numKeys + a];
        // The common case `sum(x) AS total`: the result is the single call's value.
        if (aggregate.calls.size() == 1 && aggregate.result->columnIndex
            && *aggregate.result->columnIndex == static_cast<int>(numKeys)) {
            m_buffers.appendResults(call, groups, target);
            ++call;
            continue;
        }
        // Otherwise evaluate the result expression once over all rows: keys, then call results.
        ColumnBatch values;
        for (size_t k = 0; k < numKeys; ++k) {
            values.schema.fields.push_back(node.output.fields[k]);
            values.columns.push_back(out.columns[k]);
        }
        for (size_t c = 0; c < aggregate.calls.size(); ++c) {
            values.schema.fields.push_back(Field{"_agg" + std::to_string(c), aggregate.calls[c].resultType, {}});
            values.columns.emplace_back(aggregate.calls[c].resultType);
            m_buffers.appendResults(call + c, groups, values.columns.back());
        }
        values.numRows = groups.size();
        call += aggregate.calls.size();
        Column result = aggregate.result->evaluate(values, expr::EvalContext{});
        if (result.type() == target.type()) {
            target = std::move(result);
        } else {
            for (size_t r = 0; r < groups.size(); ++r)
                target.append(result.get(r));
        }
    }
    out.numRows = groups.size();
    return out;
}

ResultTableView StatefulAggregate::resultTable() const
{
    const size_t live = m_groups.size();
    ResultTableView view;
    std::vector<uint32_t> groups = m_orderedCount == live ? m_order : allRows(live);
    if (m_orderedCount != live)
        sortByKey(groups);
    ColumnBatch rows = outputRows(groups);
    std::vector<ResultRowStatus> statuses;
    statuses.reserve(live + m_evicted.numRows);
    for (uint32_t g : groups) {
        if (g >= m_createdFrom)
            statuses.push_back(ResultRowStatus::New);
        else if (updatedNow(g))
            statuses.push_back(ResultRowStatus::Updated);
        else
            statuses.push_back(ResultRowStatus::Unchanged);
    }
    const std::vector<uint32_t> evicted = allRows(m_evicted.numRows);
    for (size_t c = 0; c < rows.columns.size(); ++c)
        rows.columns[c].appendRows(m_evicted.columns[c], evicted);
    rows.numRows += m_evicted.numRows;
    for (int64_t batch : m_evictedBatch)
        statuses.push_back(batch == m_batch ? ResultRowStatus::Final : ResultRowStatus::Evicted);

    // The live rows and the evicted ones are each in key order already; merge them.
    std::vector<uint32_t> order = allRows(rows.numRows);
    const size_t numKeys = m_spec.keys.size();
    const auto less = [&](uint32_t a, uint32_t b) { return compareKeys(rows.columns, numKeys, a, b) < 0; };
    std::inplace_merge(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(live), order.end(), less);
    view.rows = ColumnBatch::empty(node().output);
    for (size_t c = 0; c < rows.columns.size(); ++c)
        view.rows.columns[c].appendRows(rows.columns[c], order);
    view.rows.numRows = order.size();
    view.statuses.reserve(order.size());
    for (uint32_t r : order)
        view.statuses.push_back(statuses[r]);
    return view;
}

int64_t StatefulAggregate::estimateBytes() const
{
    // What the state holds on the heap: keys, the index and the aggregation buffers.
    return m_groups.memoryBytes() + m_buffers.memoryBytes();
}

void StatefulAggregate::saveState(StateWriter &out) const
{
    const size_t numKeys = m_spec.keys.size();
    out.writeI64(m_batch);
    out.writeI64(static_cast<int64_t>(m_groups.size()));
    std::string encoded;
    std::vector<Value> key(numKeys);
    for (uint32_t g = 0; g < m_groups.size(); ++g) {
        encoded.clear();
        for (size_t k = 0; k < numKeys; ++k) {
            encodeKeyValue(encoded, m_groups.keys()[k], g);
            key[k] = m_groups.keys()[k].get(g);
        }
        out.writeString(encoded);
        out.writeValues(key);
        std::vector<std::vector<expr::AggregateState>> states;
        size_t call = 0;
        for (const auto &aggregate : m_spec.aggregates) {
            states.emplace_back();
            for (size_t c = 0; c < aggregate.calls.size(); ++c)
                states.back().push_back(m_buffers.state(call++, g));
        }
        out.writeAggregateStates(states);
        const auto eventTime = eventTimeOf(g);
        out.writeU8(eventTime ? 1 : 0);
        out.writeI64(eventTime.value_or(0));
        // The batches that last updated and created the group: only whether either is the
        // current batch is known (and ever compared), so an earlier one is written as m_batch - 1.
        out.writeI64(updatedNow(g) ? m_batch : m_batch - 1);
        out.writeI64(g >= m_createdFrom ? m_batch : m_batch - 1);
    }
    out.writeI64(static_cast<int64_t>(m_evicted.numRows));
    std::vector<Value> values(m_evicted.columns.size() - numKeys);
    for (size_t r = 0; r < m_evicted.numRows; ++r) {
        for (size_t k = 0; k < numKeys; ++k)
            key[k] = m_evicted.get(r, k);
        for (size_t v = 0; v < values.size(); ++v)
            values[v] = m_evicted.get(r, numKeys + v);
        out.writeValues(key);
        out.writeValues(values);
        out.writeI64(m_evictedBatch[r]);
    }
}

void StatefulAggregate::loadState(StateReader &in)
{
    const auto damaged = [] { return Error(ErrorKind::Runtime, "state snapshot is damaged (aggregate state)"); };
    const size_t numKeys = m_spec.keys.size();
    m_batch = in.readI64();
    // A batch id a run can reach: -1 (none yet) or more; the next save writes m_batch - 1.
    if (!snapshotBatchInRange(m_batch, kMaxSnapshotBatchId))
        throw damaged();
    m_groups.clear();
    m_buffers.clear();
    m_order.clear();
    m_orderedCount = 0;
    m_updatedBits.clear();
    m_createdFrom = std::numeric_limits<size_t>::max();
    const std::vector<DataType> types = keyTypes(node());
    std::vector<DataType> valueTypes;
    for (size_t c = numKeys; c < node().output.fields.size(); ++c)
        valueTypes.push_back(node().output.fields[c].type);
    std::vector<Column> keyRow;
    for (const DataType &t : types)
        keyRow.emplace_back(t);
    std::vector<const Column *> keys;
    for (const Column &c : keyRow)
        keys.push_back(&c);
    std::vector<uint64_t> hashes;
    for (int64_t n = in.readI64(); n > 0; --n) {
        in.readString(); // the encoded key: recomputed from the key values
        const std::vector<Value> key = in.readValuesOf(types);
        const auto states = in.readAggregateStatesOf(m_spec.aggregates);
        in.readU8();  // the event time: the key's
        in.readI64();
        const int64_t lastUpdatedBatch = in.readI64();
        const int64_t createdBatch = in.readI64();
        if (key.size() != numKeys || states.size() != m_spec.aggregates.size()
            || !snapshotBatchInRange(lastUpdatedBatch, m_batch) || !snapshotBatchInRange(createdBatch, m_batch))
            throw damaged();
        for (size_t k = 0; k < numKeys; ++k) {
            keyRow[k] = Column(keyRow[k].type());
            keyRow[k].append(key[k]);
        }
        GroupTable::hashRows(keys, 0, 1, hashes);
        bool inserted = false;
        const uint32_t g = m_groups.findOrInsert(keys, 0, GroupTable::tagOf(hashes[0]), inserted);
        if (!inserted)
            throw damaged();
        m_buffers.addGroup();
        if (createdBatch == m_batch)
            m_createdFrom = std::min<size_t>(m_createdFrom, g);
        if ((g >> 6) >= m_updatedBits.size())
            m_updatedBits.resize((g >> 6) + 1, 0);
        if (lastUpdatedBatch == m_batch)
            markUpdated(g);
        size_t call = 0;
        for (size_t a = 0; a < states.size(); ++a) {
            if (states[a].size() != m_spec.aggregates[a].calls.size())
                throw damaged();
            for (const expr::AggregateState &state : states[a])
                m_buffers.setState(call++, g, state);
        }
    }
    m_createdFrom = std::min(m_createdFrom, m_groups.size());
    m_evicted = ColumnBatch::empty(node().output);
    m_evictedBatch.clear();
    for (int64_t n = in.readI64(); n > 0; --n) {
        const std::vector<Value> key = in.readValuesOf(types);
        const std::vector<Value> values = in.readValuesOf(valueTypes);
        if (key.size() + values.size() != m_evicted.columns.size())
            throw damaged();
        std::vector<Value> row = key;
        row.insert(row.end(), values.begin(), values.end());
        m_evicted.appendRow(row);
        m_evictedBatch.push_back(in.readI64());
        if (!snapshotBatchInRange(m_evictedBatch.back(), m_batch))
            throw damaged();
    }
    // Snapshots of earlier versions list evicted rows in eviction order.
    std::vector<uint32_t> order = allRows(m_evicted.numRows);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        return compareKeys(m_evicted.columns, numKeys, a, b) < 0;
    });
    if (!std::is_sorted(order.begin(), order.end()))
        sortEvicted(order);
}

} // namespace streamstep
