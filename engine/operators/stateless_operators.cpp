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

// The first conjunct a row failed, and the values it read.
static void explainFiltered(const Conjunct &conjunct, const Schema &schema, const ColumnBatch &batch, size_t row,
                            bool isNull, InputRowFacts &facts)
{
    facts.condition = conjunct.text;
    facts.conditionIsNull = isNull;
    for (int c : conjunct.condition->referencedColumns)
        if (c >= 0 && static_cast<size_t>(c) < batch.columns.size())
            facts.values.emplace_back(schema.fields[static_cast<size_t>(c)].name,
                                      batch.columns[static_cast<size_t>(c)].get(row));
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
    const bool explain = context.facts && input.tracksOrigin;
    for (const Conjunct &c : node.get<FilterNode>().conjuncts) {
        const expr::BoundExpr *conjunct = c.condition.get();
        if (!explain && expr::narrowByComparison(*conjunct, batch, keep))
            continue; // `column <op> literal`, straight from the column array
        Column storage;
        const Column &result = evaluateColumn(*conjunct, batch, context.eval, storage);
        const bool allNull = result.type().kind == TypeKind::Null;
        if (explain) {
            for (size_t r = 0; r < n; ++r) {
                const bool isTrue = !allNull && !result.nulls()[r] && result.ints()[r] != 0;
                if (keep[r] && !isTrue)
                    explainFiltered(c, node.input, batch, r, allNull || result.nulls()[r],
                                    (*context.facts)[input.originOf(r)]);
                keep[r] &= static_cast<uint8_t>(isTrue);
            }
            continue;
        }
        if (allNull) {
            std::fill(keep.begin(), keep.end(), uint8_t(0));
            continue;
        }
        const uint8_t *nulls = result.nulls().data();
        const int64_t *values = result.ints().data();
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
            out.batch.columns.back().appendRows(column, rows);
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

Flow applyProject(const PlanNode &node, Flow &input, BatchContext &context, const std::vector<uint8_t> *liveAfter)
{
    if (input.unexpandedWindows) {
        Flow expanded = expandWindows(input);
        return applyProject(node, expanded, context, liveAfter);
    }
    Flow out;
    out.batch.schema = node.output;
    out.batch.numRows = input.rows().numRows;
    const std::vector<expr::BoundExprPtr> &projections = node.get<ProjectNode>().projections;
    const size_t count = projections.size();
    // Computed columns first, while every input column is still there; then plain references
    // take their column over (a copy when it is referenced again later, or borrowed).
    std::vector<Column> columns(count);
    std::vector<int> lastUse(input.rows().columns.size(), -1);
    for (size_t i = 0; i < count; ++i) {
        const auto &projection = projections[i];
        if (projection->columnIndex)
            lastUse[static_cast<size_t>(*projection->columnIndex)] = static_cast<int>(i);
        else if (liveAfter && i < liveAfter->size() && !(*liveAfter)[i])
            columns[i] = Column(projection->type); // Spark's ColumnPruning: never evaluated, so
                                                   // an ANSI error in it cannot fail the batch
        else
            columns[i] = projection->evaluate(input.rows(), context.eval);
    }
    for (size_t i = 0; i < count; ++i) {
        const auto &projection = projections[i];
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

Flow assignTimeWindows(const PlanNode &plan, Flow &input, BatchContext &context, Column *apart)
{
    const TimeWindowNode &node = plan.get<TimeWindowNode>();
    if (input.unexpandedWindows) {
        Flow expanded = expandWindows(input);
        return assignTimeWindows(plan, expanded, context);
    }
    // A trailing window column is appended to the rows (the caller prunes when it can), or kept
    // apart from borrowed ones.
    if (!input.borrowed || input.appended)
        apart = nullptr;
    if (!apart)
        input.own();
    Column storage;
    const Column *evaluated = &evaluateColumn(*node.time, input.rows(), context.eval, storage);
    Column windowTimes;
    if (evaluated->type().kind == TypeKind::Window) {
        // Spark >= 3.4: window() over an earlier window struct takes its window_time, the end
        // minus one microsecond (the last instant inside the half-open window).
        const std::span<const int64_t> ends = evaluated->ends();
        windowTimes = Column::zeros(DataType::timestamp(), ends.size());
        windowTimes.setNulls(evaluated->nulls());
        const std::span<int64_t> times = windowTimes.ints();
        for (size_t r = 0; r < ends.size(); ++r)
            times[r] = evaluated->isNull(r) ? 0 : ends[r] - 1;
        evaluated = &windowTimes;
    }
    const Column &time = *evaluated;
    const size_t n = input.numRows();
    const int64_t windows = (node.windowMicros + node.slideMicros - 1) / node.slideMicros;
    const bool anyNull = std::find(time.nulls().begin(), time.nulls().end(), uint8_t(1)) != time.nulls().end();
    std::vector<uint32_t> kept; // rows with a time, when some have none
    if (anyNull) {
        kept.reserve(n);
        for (size_t r = 0; r < n; ++r)
            if (!time.isNull(r))
                kept.push_back(static_cast<uint32_t>(r));
            else if (context.facts && input.tracksOrigin)
                (*context.facts)[input.originOf(r)].nullEventTime = true;
        markFates(input, kept, InputRowFate::Filtered, context);
    }
    const size_t numKept = anyNull ? kept.size() : n;
    const auto keptRow = [&](size_t i) { return anyNull ? kept[i] : i; };

    // When the window length is a multiple of the slide, every row falls in exactly `windows`
    // windows, the latest starting at its last aligned slide: one row per input row carries the
    // latest window, and the consumer multiplies it out (or aggregates panes; see Flow).
    if (windows == 1 || node.windowMicros % node.slideMicros == 0) {
        // Kept apart from a borrowed input when no row is removed, in the caller's column (its
        // storage reused batch after batch: no fresh pages to fault in).
        Column window;
        Column *target = &window;
        if (apart && !anyNull) {
            target = apart;
            if (apart->type().kind != TypeKind::Window)
                *apart = Column::zeros(DataType::window(), numKept);
            else
                apart->resize(numKept); // all rows stay non-NULL, in the storage they had
        } else {
            window = Column::zeros(DataType::window(), numKept);
        }
        // A batch's times are mostly near each other: a row in the previous row's slide starts
        // where it does, without a division.
        const int64_t *times = time.ints().data();
        int64_t *starts = target->ints().data();
        int64_t *ends = target->ends().data();
        const uint64_t slide = static_cast<uint64_t>(node.slideMicros);
        int64_t start = numKept > 0 ? lastWindowStart(times[keptRow(0)], node.slideMicros, node.startMicros) : 0;
        for (size_t i = 0; i < numKept; ++i) {
            const int64_t t = times[keptRow(i)];
            if (t < start || static_cast<uint64_t>(t) - static_cast<uint64_t>(start) >= slide)
                start = lastWindowStart(t, node.slideMicros, node.startMicros);
            starts[i] = start;
            ends[i] = start + node.windowMicros;
        }
        if (anyNull) {
            std::vector<uint8_t> keep(n, 0);
            for (uint32_t r : kept)
                keep[r] = 1;
            input.retain(keep);
        }
        Flow out = std::move(input);
        if (target == apart) {
            out.appended = apart;
            out.appendedSchema = &plan.output;
        } else {
            out.batch.schema = plan.output;
            out.batch.columns.push_back(std::move(window));
        }
        if (windows > 1)
            out.unexpandedWindows = UnexpandedWindows{static_cast<int>(plan.output.fields.size() - 1),
                                                      node.slideMicros, windows};
        return out;
    }

    std::vector<uint32_t> rows;
    Column window(DataType::window());
    rows.reserve(n * static_cast<size_t>(windows));
    window.reserve(n * static_cast<size_t>(windows));
    for (size_t i = 0; i < numKept; ++i) {
        const uint32_t r = static_cast<uint32_t>(keptRow(i));
        const int64_t ts = time.ints()[r];
        const int64_t last = lastWindowStart(ts, node.slideMicros, node.startMicros);
        for (int64_t w = 0; w < windows; ++w) {
            const int64_t start = last - w * node.slideMicros;
            const int64_t end = start + node.windowMicros;
            if (start <= ts && ts < end) {
                rows.push_back(r);
                window.appendWindow(start, end);
            }
        }
    }
    Flow out = input.gather(rows);
    out.batch.schema = plan.output;
    out.batch.columns.push_back(std::move(window));
    return out;
}

// ---- the operator classes ----

namespace {

// The flags of `liveAfter` for an operator whose output has its input's columns (plus `extra`
// trailing ones), or all when the widths do not match.
std::vector<uint8_t> passThrough(const std::vector<uint8_t> &liveAfter, size_t width, size_t extra = 0)
{
    if (liveAfter.size() != width + extra)
        return std::vector<uint8_t>(width, 1);
    return std::vector<uint8_t>(liveAfter.begin(), liveAfter.begin() + static_cast<std::ptrdiff_t>(width));
}

void markRead(std::vector<uint8_t> &live, const expr::BoundExpr &expression)
{
    for (int c : expression.referencedColumns) {
        if (c < 0 || static_cast<size_t>(c) >= live.size())
            live.assign(live.size(), 1);
        else
            live[static_cast<size_t>(c)] = 1;
    }
}

} // namespace

WatermarkOperator::WatermarkOperator(const PlanNode &node)
    : OperatorBase(node), m_spec(node.get<WatermarkNode>())
{
}

std::vector<uint8_t> WatermarkOperator::liveInput(const std::vector<uint8_t> &liveAfter) const
{
    std::vector<uint8_t> live = passThrough(liveAfter, node().input.size());
    live[static_cast<size_t>(m_spec.eventTimeColumn)] = 1;
    return live;
}

Flow WatermarkOperator::process(Flow &flow, BatchContext &context)
{
    // Spark: EventTimeWatermarkExec sees every row, also ones a later filter or a late-row
    // check removes.
    const Flow expanded = flow.unexpandedWindows ? expandWindows(flow) : Flow();
    const Flow &rows = flow.unexpandedWindows ? expanded : flow;
    const size_t eventColumn = static_cast<size_t>(m_spec.eventTimeColumn);
    // The event time of each row: a window's end, or the timestamp (the planner allows no other
    // type), read from the storage directly.
    const auto eventTimes = [](const Column &column) {
        return column.type().kind == TypeKind::Window ? column.ends().data() : column.ints().data();
    };
    if (context.inputEventTimes && m_spec.watermarkId == 0 && flow.tracksOrigin) {
        // Unexpanded sliding windows: a row's latest window stands for it.
        const Column &column = flow.rows().columns[eventColumn];
        const uint8_t *nulls = column.nulls().data();
        const int64_t *times = eventTimes(column);
        std::vector<std::optional<int64_t>> &noted = *context.inputEventTimes;
        for (size_t r = 0; r < flow.rows().numRows; ++r)
            if (!nulls[r])
                noted[flow.originOf(r)] = times[r];
    }
    const ColumnBatch &input = rows.rows();
    if (context.eventTimeStats) {
        const Column &column = input.columns[eventColumn];
        const uint8_t *nulls = column.nulls().data();
        const int64_t *times = eventTimes(column);
        EventTimeAccumulator &stats = (*context.eventTimeStats)[static_cast<size_t>(m_spec.watermarkId)];
        for (size_t r = 0; r < input.numRows; ++r)
            stats.add((nulls[r] ? 0 : times[r]) / 1000); // Spark: getEventTime(row).getLong(0) reads a NULL as 0
    }
    return std::move(flow);
}

std::vector<uint8_t> FilterOperator::liveInput(const std::vector<uint8_t> &liveAfter) const
{
    std::vector<uint8_t> live = passThrough(liveAfter, node().input.size());
    for (const Conjunct &c : node().get<FilterNode>().conjuncts)
        markRead(live, *c.condition);
    return live;
}

std::vector<uint8_t> ProjectOperator::liveInput(const std::vector<uint8_t> &liveAfter) const
{
    (void)liveAfter;
    std::vector<uint8_t> live(node().input.size(), 0);
    for (const auto &projection : node().get<ProjectNode>().projections)
        markRead(live, *projection);
    return live;
}

std::optional<std::vector<int>> ProjectOperator::displayKeysAfter(const std::vector<int> &keys) const
{
    const auto &projections = node().get<ProjectNode>().projections;
    std::vector<int> after;
    for (int key : keys) {
        const auto it = std::find_if(projections.begin(), projections.end(),
                                     [&](const auto &p) { return p->columnIndex && *p->columnIndex == key; });
        if (it == projections.end())
            return std::nullopt;
        after.push_back(static_cast<int>(it - projections.begin()));
    }
    return after;
}

std::vector<uint8_t> TimeWindowOperator::liveInput(const std::vector<uint8_t> &liveAfter) const
{
    std::vector<uint8_t> live = passThrough(liveAfter, node().input.size(), 1);
    markRead(live, *node().get<TimeWindowNode>().time);
    return live;
}

Flow TimeWindowOperator::process(Flow &input, BatchContext &context)
{
    if (m_feedsAggregate && input.borrowed && !input.unexpandedWindows)
        return assignTimeWindows(node(), input, context, &*m_window); // the input is read in place
    input.own(&liveIn()); // copies only the columns read from here on
    return assignTimeWindows(node(), input, context);
}

} // namespace streamstep
