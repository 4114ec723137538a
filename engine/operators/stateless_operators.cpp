#include "operators/stateless_operators.h"

namespace streamstep {

void markFates(const Flow &before, const std::vector<uint32_t> &keptRows, InputRowFate fate,
               BatchContext &context)
{
    if (!before.tracksOrigin || !context.fates)
        return;
    std::vector<uint8_t> kept(before.batch.numRows, 0);
    for (uint32_t r : keptRows)
        kept[r] = 1;
    for (size_t r = 0; r < kept.size(); ++r)
        if (!kept[r])
            (*context.fates)[before.origin[r]] = fate;
}

Flow applyFilter(const PlanNode &node, const Flow &input, BatchContext &context)
{
    const size_t n = input.batch.numRows;
    std::vector<uint8_t> keep(n, 1);
    for (const auto &conjunct : node.boundConjuncts) {
        Column result = conjunct->evaluate(input.batch, context.eval);
        for (size_t r = 0; r < n; ++r)
            if (result.type().kind == TypeKind::Null || result.isNull(r) || result.ints[r] == 0)
                keep[r] = 0;
    }
    std::vector<uint32_t> rows;
    rows.reserve(n);
    for (size_t r = 0; r < n; ++r)
        if (keep[r])
            rows.push_back(static_cast<uint32_t>(r));
    if (rows.size() == n)
        return input;
    markFates(input, rows, InputRowFate::Filtered, context);
    return input.gather(rows);
}

Flow applyProject(const PlanNode &node, const Flow &input, BatchContext &context)
{
    Flow out;
    out.batch.schema = node.output;
    out.batch.numRows = input.batch.numRows;
    for (const auto &projection : node.boundProjections) {
        if (projection->columnIndex)
            out.batch.columns.push_back(input.batch.columns[*projection->columnIndex]);
        else
            out.batch.columns.push_back(projection->evaluate(input.batch, context.eval));
    }
    out.origin = input.origin;
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

Flow assignTimeWindows(const PlanNode &node, const Flow &input, BatchContext &context)
{
    Column time = node.boundConjuncts[0]->evaluate(input.batch, context.eval);
    const size_t n = input.batch.numRows;
    const int64_t windows = (node.windowMicros + node.slideMicros - 1) / node.slideMicros;
    std::vector<uint32_t> rows;
    Column window(DataType::window());
    rows.reserve(n * static_cast<size_t>(windows));
    for (size_t r = 0; r < n; ++r) {
        if (time.isNull(r))
            continue;
        const int64_t ts = time.ints[r];
        const int64_t last = lastWindowStart(ts, node.slideMicros, node.startMicros);
        for (int64_t i = 0; i < windows; ++i) {
            const int64_t start = last - i * node.slideMicros;
            const int64_t end = start + node.windowMicros;
            if (start <= ts && ts < end) {
                rows.push_back(static_cast<uint32_t>(r));
                window.append(Value::window(start, end));
            }
        }
    }
    std::vector<uint32_t> kept;
    for (size_t r = 0; r < n; ++r)
        if (!time.isNull(r))
            kept.push_back(static_cast<uint32_t>(r));
    markFates(input, kept, InputRowFate::Filtered, context);
    Flow out = input.gather(rows);
    out.batch.schema = node.output;
    out.batch.columns.push_back(std::move(window));
    return out;
}

void observeEventTimes(const PlanNode &node, const Flow &input, EventTimeAccumulator &stats)
{
    const Column &column = input.batch.columns[node.eventTimeColumn];
    for (size_t r = 0; r < input.batch.numRows; ++r) {
        // Spark: getEventTime(row).getLong(0) reads a NULL as 0.
        int64_t micros = 0;
        if (!column.isNull(r))
            micros = column.type().kind == TypeKind::Window ? column.ends[r] : column.ints[r];
        stats.add(micros / 1000);
    }
}

} // namespace streamstep
