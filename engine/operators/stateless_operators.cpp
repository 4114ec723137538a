#include "operators/stateless_operators.h"

#include "expr/expr_node.h"
#include "operators/group_table.h"

#include <algorithm>

namespace streamstep {

void markFates(const Flow &before, const std::vector<uint32_t> &keptRows, InputRowFate fate,
               BatchContext &context)
{
    if (!before.tracksOrigin || !context.fates)
        return;
    std::vector<uint8_t> kept(before.rows().numRows, 0);
    for (uint32_t r : keptRows)
        kept[r] = 1;
    for (size_t r = 0; r < kept.size(); ++r)
        if (!kept[r])
            (*context.fates)[before.originOf(r)] = fate;
}

Flow applyFilter(const PlanNode &node, Flow &input, BatchContext &context,
                 const std::vector<uint8_t> *liveAfter)
{
    if (input.unexpandedWindows) {
        Flow expanded = expandWindows(input);
        return applyFilter(node, expanded, context, liveAfter);
    }
    const ColumnBatch &batch = input.rows();
    const size_t n = batch.numRows;
    std::vector<uint8_t> keep(n, 1);
    for (const auto &conjunct : node.boundConjuncts) {
        if (expr::narrowByComparison(*conjunct, batch, keep))
            continue; // `column <op> literal`, straight from the column array
        Column storage;
        const Column &result = evaluateColumn(*conjunct, batch, context.eval, storage);
        if (result.type().kind == TypeKind::Null) {
            std::fill(keep.begin(), keep.end(), uint8_t(0));
            continue;
        }
        const uint8_t *nulls = result.nulls.data();
        const int64_t *values = result.ints.data();
        for (size_t r = 0; r < n; ++r)
            keep[r] &= static_cast<uint8_t>(!nulls[r] & (values[r] != 0));
    }
    size_t kept = 0;
    for (uint8_t k : keep)
        kept += k;
    if (kept == n)
        return std::move(input); // nothing filtered: a borrowed input stays borrowed
    if (input.tracksOrigin && context.fates)
        for (size_t r = 0; r < n; ++r)
            if (!keep[r])
                (*context.fates)[input.originOf(r)] = InputRowFate::Filtered;
    const auto dead = [&](size_t c) { return liveAfter && c < liveAfter->size() && !(*liveAfter)[c]; };
    if (!input.borrowed) {
        for (size_t c = 0; c < input.batch.columns.size(); ++c)
            if (dead(c))
                input.batch.columns[c] = Column(input.batch.columns[c].type());
        input.retain(keep);
        return std::move(input);
    }
    // A borrowed input: gather the kept rows of the live columns only.
    std::vector<uint32_t> rows = keptRows(keep);
    Flow out;
    out.batch.schema = batch.schema;
    out.batch.numRows = rows.size();
    out.batch.columns.reserve(batch.columns.size());
    for (size_t c = 0; c < batch.columns.size(); ++c) {
        const Column &column = batch.columns[c];
        out.batch.columns.emplace_back(column.type());
        if (!dead(c) && !isPruned(column, n))
            appendRows(out.batch.columns.back(), column, rows);
    }
    out.tracksOrigin = input.tracksOrigin;
    if (input.tracksOrigin && input.origin.empty()) {
        out.origin = std::move(rows); // the identity origin, gathered
    } else if (input.tracksOrigin) {
        out.origin.resize(rows.size());
        for (size_t i = 0; i < rows.size(); ++i)
            out.origin[i] = input.origin[rows[i]];
    }
    return out;
}

Flow applyProject(const PlanNode &node, Flow &input, BatchContext &context)
{
    if (input.unexpandedWindows) {
        Flow expanded = expandWindows(input);
        return applyProject(node, expanded, context);
    }
    Flow out;
    out.batch.schema = node.output;
    out.batch.numRows = input.rows().numRows;
    const size_t count = node.boundProjections.size();
    // Computed columns first, while every input column is still there; then plain references
    // take their column over (a copy when it is referenced again later, or borrowed).
    std::vector<Column> columns(count);
    std::vector<int> lastUse(input.rows().columns.size(), -1);
    for (size_t i = 0; i < count; ++i) {
        const auto &projection = node.boundProjections[i];
        if (projection->columnIndex)
            lastUse[static_cast<size_t>(*projection->columnIndex)] = static_cast<int>(i);
        else
            columns[i] = projection->evaluate(input.rows(), context.eval);
    }
    for (size_t i = 0; i < count; ++i) {
        const auto &projection = node.boundProjections[i];
        if (!projection->columnIndex)
            continue;
        const size_t c = static_cast<size_t>(*projection->columnIndex);
        if (input.borrowed)
            columns[i] = input.borrowed->columns[c];
        else if (lastUse[c] == static_cast<int>(i))
            columns[i] = std::move(input.batch.columns[c]);
        else
            columns[i] = input.batch.columns[c];
    }
    out.batch.columns = std::move(columns);
    input.fillOrigin();
    out.origin = std::move(input.origin);
    out.tracksOrigin = input.tracksOrigin;
    return out;
}

// Spark's TimeWindow: the last window start at or before ts, aligned to startTime.
static int64_t lastWindowStart(int64_t ts, int64_t slide, int64_t start)
{
    int64_t r = (ts - start) % slide;
    if (r < 0)
        r += slide;
    return ts - r;
}

Flow assignTimeWindows(const PlanNode &node, Flow &input, BatchContext &context)
{
    if (input.unexpandedWindows) {
        Flow expanded = expandWindows(input);
        return assignTimeWindows(node, expanded, context);
    }
    input.own(); // the window column is appended to the rows (the caller prunes when it can)
    Column storage;
    const Column &time = evaluateColumn(*node.boundConjuncts[0], input.batch, context.eval, storage);
    const size_t n = input.batch.numRows;
    const int64_t windows = (node.windowMicros + node.slideMicros - 1) / node.slideMicros;
    const bool anyNull = std::find(time.nulls.begin(), time.nulls.end(), uint8_t(1)) != time.nulls.end();
    std::vector<uint32_t> kept; // rows with a time, when some have none
    if (anyNull) {
        kept.reserve(n);
        for (size_t r = 0; r < n; ++r)
            if (!time.isNull(r))
                kept.push_back(static_cast<uint32_t>(r));
        markFates(input, kept, InputRowFate::Filtered, context);
    }
    const size_t numKept = anyNull ? kept.size() : n;
    const auto keptRow = [&](size_t i) { return anyNull ? kept[i] : i; };

    // When the window length is a multiple of the slide, every row falls in exactly `windows`
    // windows, the latest starting at its last aligned slide: one row per input row carries the
    // latest window, and the consumer multiplies it out (or aggregates panes; see Flow).
    if (windows == 1 || node.windowMicros % node.slideMicros == 0) {
        Column window(DataType::window());
        window.nulls.assign(numKept, 0);
        window.ints.resize(numKept);
        window.ends.resize(numKept);
        const int64_t *times = time.ints.data();
        int64_t *starts = window.ints.data();
        int64_t *ends = window.ends.data();
        if (anyNull) {
            for (size_t i = 0; i < numKept; ++i) {
                const int64_t start = lastWindowStart(times[kept[i]], node.slideMicros, node.startMicros);
                starts[i] = start;
                ends[i] = start + node.windowMicros;
            }
        } else {
            for (size_t i = 0; i < numKept; ++i) {
                const int64_t start = lastWindowStart(times[i], node.slideMicros, node.startMicros);
                starts[i] = start;
                ends[i] = start + node.windowMicros;
            }
        }
        if (anyNull) {
            std::vector<uint8_t> keep(n, 0);
            for (uint32_t r : kept)
                keep[r] = 1;
            input.retain(keep);
        }
        Flow out = std::move(input);
        out.batch.schema = node.output;
        out.batch.columns.push_back(std::move(window));
        if (windows > 1)
            out.unexpandedWindows = UnexpandedWindows{static_cast<int>(out.batch.columns.size() - 1),
                                                      node.slideMicros, windows};
        return out;
    }

    std::vector<uint32_t> rows;
    Column window(DataType::window());
    rows.reserve(n * static_cast<size_t>(windows));
    window.reserve(n * static_cast<size_t>(windows));
    for (size_t i = 0; i < numKept; ++i) {
        const uint32_t r = static_cast<uint32_t>(keptRow(i));
        const int64_t ts = time.ints[r];
        const int64_t last = lastWindowStart(ts, node.slideMicros, node.startMicros);
        for (int64_t w = 0; w < windows; ++w) {
            const int64_t start = last - w * node.slideMicros;
            const int64_t end = start + node.windowMicros;
            if (start <= ts && ts < end) {
                rows.push_back(r);
                window.nulls.push_back(0);
                window.ints.push_back(start);
                window.ends.push_back(end);
            }
        }
    }
    Flow out = input.gather(rows);
    out.batch.schema = node.output;
    out.batch.columns.push_back(std::move(window));
    return out;
}

void observeEventTimes(const PlanNode &node, const Flow &flow, EventTimeAccumulator &stats)
{
    const Flow expanded = flow.unexpandedWindows ? expandWindows(flow) : Flow();
    const ColumnBatch &input = flow.unexpandedWindows ? expanded.batch : flow.rows();
    const Column &column = input.columns[node.eventTimeColumn];
    for (size_t r = 0; r < input.numRows; ++r) {
        // Spark: getEventTime(row).getLong(0) reads a NULL as 0.
        int64_t micros = 0;
        if (!column.isNull(r))
            micros = column.type().kind == TypeKind::Window ? column.ends[r] : column.ints[r];
        stats.add(micros / 1000);
    }
}

} // namespace streamstep
