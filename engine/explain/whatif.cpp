// What-if: the lesson's knobs read from and written into its query texts, a whole re-run from
// batch 0, and what differs from the lesson as written (streamstep/whatif.h).
#include "streamstep/whatif.h"

#include "expr/expression.h"
#include "streamstep/interval.h"
#include "streamstep/scenario_check.h"
#include "streamstep/time_math.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <utility>

namespace streamstep {

namespace {

// ---- the templates (whatIfSentenceTemplates lists them all, for the app's catalogue) ----

// What changed
constexpr const char *kKnobDelay = "with a watermark delay of %1";
constexpr const char *kKnobWindow = "with %1 windows";
constexpr const char *kKnobSlide = "with a window slide of %1";
constexpr const char *kKnobStart = "with a window start offset of %1";
constexpr const char *kKnobGap = "with a session gap of %1";
constexpr const char *kKnobMode = "in %1 mode";
constexpr const char *kKnobNoDataOn = "with no-data batches";
constexpr const char *kKnobNoDataOff = "without no-data batches";
constexpr const char *kKnobVersion = "on Spark %1";
// What it does
constexpr const char *kRejected = "the query is rejected: %1";
constexpr const char *kStops = "the query stops: %1";
constexpr const char *kMoreDropped = "%n more row is dropped as late|%n more rows are dropped as late";
constexpr const char *kNoLongerDropped = "%n row is no longer dropped|%n rows are no longer dropped";
constexpr const char *kWindowMoved = "%1 is written in batch %2 instead of batch %3";
constexpr const char *kWindowNew = "%1 is written in batch %2, not at all before";
constexpr const char *kWindowGone = "%1 is no longer written";
constexpr const char *kWindowFinalMoved = "%1 is final in batch %2 instead of batch %3";
constexpr const char *kWindowFinalNew = "%1 becomes final in batch %2, never before";
constexpr const char *kWindowFinalGone = "%1 is no longer final";
constexpr const char *kMoreWindows = "%n more window changes its batch|%n more windows change their batch";
constexpr const char *kRowsMoved = "%n row is written in another batch|%n rows are written in other batches";
constexpr const char *kRowsNew = "%n more row is written|%n more rows are written";
constexpr const char *kRowsGone = "%n row is no longer written|%n rows are no longer written";
constexpr const char *kStatePeak = "the state holds at most %n row instead of %1|the state holds at most %n rows instead of %1";
constexpr const char *kStateEnd = "the state ends with %n row instead of %1|the state ends with %n rows instead of %1";
constexpr const char *kNoData = "%n no-data batch runs instead of %1|%n no-data batches run instead of %1";
constexpr const char *kNothing = "nothing changes";

constexpr const char *kNoDataKey = "spark.sql.streaming.noDataMicroBatches.enabled";
constexpr size_t kNamedWindows = 2; // windows the summary names; the rest are counted

Sentence make(const char *templ, std::vector<std::string> args = {}, int64_t count = -1)
{
    return Sentence{templ, std::move(args), count};
}

// ---- the window() and session_window() calls of the query's texts ----

// A duration argument's value in milliseconds ('5 minutes' or INTERVAL 5 MINUTES); nullopt for
// anything else (a column, an expression).
std::optional<int64_t> durationArgMs(const expr::AstNode &node)
{
    std::string text;
    if (node.kind == expr::AstNode::Kind::Literal && node.literal.type().kind == TypeKind::String)
        text = node.literal.asString();
    else if (node.kind == expr::AstNode::Kind::Interval)
        text = node.name;
    else
        return std::nullopt;
    const std::optional<Interval> interval = parseInterval(text);
    if (!interval)
        return std::nullopt;
    const std::optional<int64_t> micros = windowDurationMicros(*interval);
    if (!micros)
        return std::nullopt;
    return floorDiv(*micros, kMicrosPerMilli);
}

void findCalls(const expr::AstNode &node, std::vector<const expr::AstNode *> &out)
{
    if (node.kind == expr::AstNode::Kind::Function && (node.name == "window" || node.name == "session_window")
        && node.children.size() >= 2) {
        out.push_back(&node);
        return;
    }
    for (const expr::AstPtr &child : node.children)
        if (child)
            findCalls(*child, out);
}

// Calls `f` with each text of the query an expression lives in (keys, columns, aggregates, …).
template <class F>
void forEachExprText(std::vector<QueryOp> &ops, F &&f)
{
    for (QueryOp &op : ops) {
        for (ExprText &t : op.keys)
            f(t);
        for (ExprText &t : op.columns)
            f(t);
        for (ExprText &t : op.aggs)
            f(t);
        f(op.expr);
        f(op.condition);
    }
}

std::vector<const expr::AstNode *> callsIn(const std::string &text, expr::NamedAst &keep)
{
    std::vector<const expr::AstNode *> calls;
    if (text.empty())
        return calls;
    try {
        keep = expr::parseNamedExpression(text);
    } catch (const Error &) {
        return calls; // the query itself will say what is wrong with it
    }
    if (keep.expr)
        findCalls(*keep.expr, calls);
    return calls;
}

std::string quoted(int64_t ms) { return "'" + durationText(ms) + "'"; }

// The text of a window() call with the knobs that are set, its other arguments as written.
std::string rewrittenWindow(const std::string &text, const expr::AstNode &call, const WhatIfKnobs &knobs)
{
    const auto argText = [&](size_t i) {
        const expr::AstNode &arg = *call.children[i];
        return text.substr(static_cast<size_t>(arg.begin), static_cast<size_t>(arg.end - arg.begin));
    };
    const size_t n = call.children.size();
    std::string duration = knobs.windowDurationMs ? quoted(*knobs.windowDurationMs) : argText(1);
    std::optional<std::string> slide = knobs.windowSlideMs ? std::optional(quoted(*knobs.windowSlideMs))
                                       : n >= 3           ? std::optional(argText(2))
                                                          : std::nullopt;
    std::optional<std::string> start = knobs.windowStartMs ? std::optional(quoted(*knobs.windowStartMs))
                                       : n >= 4            ? std::optional(argText(3))
                                                           : std::nullopt;
    if (start && knobs.windowStartMs == int64_t(0) && n < 4)
        start.reset(); // a start of 0 is the default; the call stays as short as written
    if (start && !slide)
        slide = duration; // startTime needs the slide before it
    if (slide && !start && n < 3 && knobs.windowSlideMs
        && knobs.windowSlideMs == (knobs.windowDurationMs ? knobs.windowDurationMs : durationArgMs(*call.children[1])))
        slide.reset(); // a slide equal to the duration: the tumbling window as written
    std::string out = text.substr(static_cast<size_t>(call.begin),
                                  static_cast<size_t>(call.children[0]->end - call.begin));
    out += ", " + duration;
    if (slide)
        out += ", " + *slide;
    if (start)
        out += ", " + *start;
    return out + ")";
}

std::string rewrittenSession(const std::string &text, const expr::AstNode &call, int64_t gapMs)
{
    const expr::AstNode &gap = *call.children[1];
    return text.substr(static_cast<size_t>(call.begin), static_cast<size_t>(gap.begin - call.begin)) + quoted(gapMs)
         + text.substr(static_cast<size_t>(gap.end), static_cast<size_t>(call.end - gap.end));
}

// ---- comparing two runs ----

int64_t lastStateRows(const std::vector<BatchReport> &reports, int step, int64_t before)
{
    int64_t out = before;
    for (const BatchReport &r : reports)
        if (r.step == step)
            out = r.stateRows;
    return out;
}

std::vector<int64_t> stateRowsPerStep(const WhatIfRun &run, size_t steps)
{
    std::vector<int64_t> out;
    int64_t last = 0;
    for (size_t s = 0; s < steps; ++s) {
        last = lastStateRows(run.reports, static_cast<int>(s), last);
        out.push_back(last);
    }
    return out;
}

const BatchReport *dataBatchOf(const std::vector<BatchReport> &reports, int step)
{
    for (const BatchReport &r : reports)
        if (r.step == step && !r.noData)
            return &r;
    return nullptr;
}

int windowColumn(const WhatIfRun &run)
{
    if (!run.query)
        return -1;
    const Schema &schema = run.query->resultSchema();
    for (size_t c = 0; c < schema.fields.size(); ++c)
        if (schema.fields[c].type.kind == TypeKind::Window)
            return static_cast<int>(c);
    return -1;
}

struct Timing {
    int64_t written = -1;
    int64_t final = -1;
};
using WindowKey = std::pair<int64_t, int64_t>;

std::map<WindowKey, Timing> windowTimings(const WhatIfRun &run)
{
    std::map<WindowKey, Timing> out;
    const int column = windowColumn(run);
    if (column < 0)
        return out;
    const auto bounds = [&](const ColumnBatch &batch, size_t row) -> std::optional<WindowKey> {
        if (batch.columns.size() <= static_cast<size_t>(column) || batch.columns[column].isNull(row))
            return std::nullopt;
        const WindowBounds w = batch.get(row, static_cast<size_t>(column)).asWindow();
        return WindowKey{w.startMicros, w.endMicros};
    };
    for (const BatchReport &r : run.reports) {
        for (size_t row = 0; row < r.emitted.numRows; ++row)
            if (const auto key = bounds(r.emitted, row)) {
                Timing &t = out[*key];
                if (t.written < 0)
                    t.written = r.batchId;
            }
        for (size_t row = 0; row < r.resultTable.numRows && row < r.resultStatuses.size(); ++row)
            if (r.resultStatuses[row] == ResultRowStatus::Final)
                if (const auto key = bounds(r.resultTable, row)) {
                    Timing &t = out[*key];
                    if (t.final < 0)
                        t.final = r.batchId;
                }
    }
    return out;
}

void compareWritten(WhatIfDiff &diff)
{
    std::map<std::string, std::pair<std::vector<int64_t>, std::vector<int64_t>>> rows;
    for (const BatchReport &r : diff.base.reports)
        for (size_t i = 0; i < r.emitted.numRows; ++i)
            rows[rowToJson(r.emitted, i)].first.push_back(r.batchId);
    for (const BatchReport &r : diff.whatIf.reports)
        for (size_t i = 0; i < r.emitted.numRows; ++i)
            rows[rowToJson(r.emitted, i)].second.push_back(r.batchId);
    for (const auto &[row, batches] : rows) {
        const auto &[base, other] = batches;
        const size_t both = std::min(base.size(), other.size());
        for (size_t i = 0; i < both; ++i)
            if (base[i] != other[i])
                diff.movedRows.push_back({row, base[i], other[i]});
        for (size_t i = both; i < base.size(); ++i)
            diff.noLongerWritten.push_back({row, base[i]});
        for (size_t i = both; i < other.size(); ++i)
            diff.newlyWritten.push_back({row, other[i]});
    }
    const auto byBatch = [](const auto &a, const auto &b) { return a.batch < b.batch || (a.batch == b.batch && a.row < b.row); };
    std::sort(diff.movedRows.begin(), diff.movedRows.end(), byBatch);
    std::sort(diff.noLongerWritten.begin(), diff.noLongerWritten.end(), byBatch);
    std::sort(diff.newlyWritten.begin(), diff.newlyWritten.end(), byBatch);
}

void compareFates(WhatIfDiff &diff, size_t steps)
{
    for (size_t s = 0; s < steps; ++s) {
        const BatchReport *base = dataBatchOf(diff.base.reports, static_cast<int>(s));
        const BatchReport *other = dataBatchOf(diff.whatIf.reports, static_cast<int>(s));
        if (!base || !other)
            continue;
        const size_t n = std::min(base->inputFates.size(), other->inputFates.size());
        for (size_t row = 0; row < n; ++row) {
            const InputRowFate a = base->inputFates[row], b = other->inputFates[row];
            if (a == b)
                continue;
            const ChangedFate change{static_cast<int>(s), row, a, b};
            if (b == InputRowFate::DroppedByWatermark)
                diff.newlyDropped.push_back(change);
            else if (a == InputRowFate::DroppedByWatermark)
                diff.noLongerDropped.push_back(change);
            else
                diff.otherFates.push_back(change);
        }
    }
}

void compareWindows(WhatIfDiff &diff)
{
    const std::map<WindowKey, Timing> base = windowTimings(diff.base);
    const std::map<WindowKey, Timing> other = windowTimings(diff.whatIf);
    std::set<WindowKey> keys;
    for (const auto &[key, t] : base)
        keys.insert(key);
    for (const auto &[key, t] : other)
        keys.insert(key);
    for (const WindowKey &key : keys) {
        const auto a = base.find(key), b = other.find(key);
        const Timing ta = a == base.end() ? Timing{} : a->second;
        const Timing tb = b == other.end() ? Timing{} : b->second;
        if (ta.written == tb.written && ta.final == tb.final)
            continue;
        diff.windows.push_back({key.first, key.second, ta.written, tb.written, ta.final, tb.final});
    }
}

std::optional<Sentence> windowClause(const WindowTiming &w, bool byWriting)
{
    const std::string name = windowText(w.startMicros, w.endMicros);
    const int64_t a = byWriting ? w.writtenBatch : w.finalBatch;
    const int64_t b = byWriting ? w.whatIfWrittenBatch : w.whatIfFinalBatch;
    if (a == b)
        return std::nullopt;
    if (a >= 0 && b >= 0)
        return make(byWriting ? kWindowMoved : kWindowFinalMoved, {name, std::to_string(b), std::to_string(a)});
    if (b >= 0)
        return make(byWriting ? kWindowNew : kWindowFinalNew, {name, std::to_string(b)});
    return make(byWriting ? kWindowGone : kWindowFinalGone, {name});
}

void summarize(WhatIfDiff &diff)
{
    const WhatIfKnobs &k = diff.changed;
    // The duration knobs, in the order the clauses name them.
    for (const auto &[knob, clause] : {std::pair{&WhatIfKnobs::watermarkDelayMs, kKnobDelay},
                                       std::pair{&WhatIfKnobs::windowDurationMs, kKnobWindow},
                                       std::pair{&WhatIfKnobs::windowSlideMs, kKnobSlide},
                                       std::pair{&WhatIfKnobs::windowStartMs, kKnobStart},
                                       std::pair{&WhatIfKnobs::sessionGapMs, kKnobGap}})
        if (const std::optional<int64_t> &ms = k.*knob)
            diff.knobClauses.push_back(make(clause, {durationText(*ms)}));
    if (k.outputMode)
        diff.knobClauses.push_back(make(kKnobMode, {outputModeName(*k.outputMode)}));
    if (k.noDataMicroBatches)
        diff.knobClauses.push_back(make(*k.noDataMicroBatches ? kKnobNoDataOn : kKnobNoDataOff));
    if (k.sparkVersion)
        diff.knobClauses.push_back(make(kKnobVersion, {sparkVersionName(*k.sparkVersion)}));

    std::vector<Sentence> &out = diff.effectClauses;
    if (diff.whatIf.rejected) {
        out.push_back(make(kRejected, {diff.whatIf.error->message()}));
        return;
    }
    if (diff.whatIf.error && !diff.base.error)
        out.push_back(make(kStops, {diff.whatIf.error->message()}));
    if (!diff.newlyDropped.empty())
        out.push_back(make(kMoreDropped, {}, static_cast<int64_t>(diff.newlyDropped.size())));
    if (!diff.noLongerDropped.empty())
        out.push_back(make(kNoLongerDropped, {}, static_cast<int64_t>(diff.noLongerDropped.size())));

    // Windows: in append mode a window is written when it is final, so its writing says it; in
    // the other modes the batch that makes it final (evicts it).
    const bool append = diff.whatIf.query && diff.whatIf.query->outputMode() == OutputMode::Append;
    std::vector<Sentence> windowClauses;
    for (const WindowTiming &w : diff.windows)
        if (const auto clause = windowClause(w, append))
            windowClauses.push_back(*clause);
    for (size_t i = 0; i < std::min(windowClauses.size(), kNamedWindows); ++i)
        out.push_back(windowClauses[i]);
    if (windowClauses.size() > kNamedWindows)
        out.push_back(make(kMoreWindows, {}, static_cast<int64_t>(windowClauses.size() - kNamedWindows)));
    if (windowClauses.empty()) {
        if (!diff.movedRows.empty())
            out.push_back(make(kRowsMoved, {}, static_cast<int64_t>(diff.movedRows.size())));
        if (!diff.newlyWritten.empty())
            out.push_back(make(kRowsNew, {}, static_cast<int64_t>(diff.newlyWritten.size())));
        if (!diff.noLongerWritten.empty())
            out.push_back(make(kRowsGone, {}, static_cast<int64_t>(diff.noLongerWritten.size())));
    }
    if (diff.noDataBatches != diff.whatIfNoDataBatches)
        out.push_back(make(kNoData, {std::to_string(diff.noDataBatches)}, diff.whatIfNoDataBatches));
    const auto peak = [](const std::vector<int64_t> &v) { return v.empty() ? 0 : *std::max_element(v.begin(), v.end()); };
    if (peak(diff.stateRows) != peak(diff.whatIfStateRows))
        out.push_back(make(kStatePeak, {std::to_string(peak(diff.stateRows))}, peak(diff.whatIfStateRows)));
    else if (!diff.stateRows.empty() && diff.stateRows.back() != diff.whatIfStateRows.back())
        out.push_back(make(kStateEnd, {std::to_string(diff.stateRows.back())}, diff.whatIfStateRows.back()));
    if (out.empty())
        out.push_back(make(kNothing));
}

} // namespace

WhatIfKnobs knobsOf(const Scenario &scenario)
{
    WhatIfKnobs k;
    k.outputMode = scenario.outputMode;
    k.sparkVersion = scenario.sparkVersion;
    try {
        k.noDataMicroBatches = sparkConfOf(scenario).noDataMicroBatches;
    } catch (const Error &) {
        k.noDataMicroBatches = true; // the lesson's conf is wrong; the run will say so
    }
    for (const QueryOp &op : scenario.query)
        if (op.kind == QueryOp::Kind::WithWatermark && !k.watermarkDelayMs)
            k.watermarkDelayMs = op.delayMs;
    std::vector<QueryOp> ops = scenario.query;
    forEachExprText(ops, [&](ExprText &t) {
        expr::NamedAst ast;
        for (const expr::AstNode *call : callsIn(t.text, ast)) {
            const std::optional<int64_t> first = durationArgMs(*call->children[1]);
            if (call->name == "session_window") {
                if (!k.sessionGapMs && first)
                    k.sessionGapMs = first;
                continue;
            }
            if (k.windowDurationMs || !first)
                continue;
            k.windowDurationMs = first;
            k.windowSlideMs = call->children.size() >= 3 ? durationArgMs(*call->children[2]) : first;
            k.windowStartMs = call->children.size() >= 4 ? durationArgMs(*call->children[3]) : int64_t(0);
        }
    });
    return k;
}

Scenario applyKnobs(const Scenario &scenario, const WhatIfKnobs &knobs)
{
    Scenario out = scenario;
    if (knobs.outputMode)
        out.outputMode = *knobs.outputMode;
    if (knobs.sparkVersion) {
        out.sparkVersion = *knobs.sparkVersion;
        out.hasSparkVersion = true;
    }
    if (knobs.noDataMicroBatches) {
        const std::string value = *knobs.noDataMicroBatches ? "true" : "false";
        bool found = false;
        for (ConfEntry &entry : out.conf)
            if (entry.key == kNoDataKey) {
                entry.value = value;
                found = true;
            }
        if (!found)
            out.conf.push_back(ConfEntry{kNoDataKey, value, {}, false, {}});
    }
    for (QueryOp &op : out.query)
        if (op.kind == QueryOp::Kind::WithWatermark && knobs.watermarkDelayMs) {
            op.delayMs = *knobs.watermarkDelayMs;
            op.delay = durationText(*knobs.watermarkDelayMs);
        }
    const bool windowKnob = knobs.windowDurationMs || knobs.windowSlideMs || knobs.windowStartMs;
    if (!windowKnob && !knobs.sessionGapMs)
        return out;
    forEachExprText(out.query, [&](ExprText &t) {
        expr::NamedAst ast;
        std::vector<const expr::AstNode *> calls = callsIn(t.text, ast);
        // From the back, so that earlier offsets stay valid.
        std::sort(calls.begin(), calls.end(), [](const auto *a, const auto *b) { return a->begin > b->begin; });
        std::string text = t.text;
        for (const expr::AstNode *call : calls) {
            std::string replacement;
            if (call->name == "session_window" && knobs.sessionGapMs)
                replacement = rewrittenSession(t.text, *call, *knobs.sessionGapMs);
            else if (call->name == "window" && windowKnob)
                replacement = rewrittenWindow(t.text, *call, knobs);
            else
                continue;
            text.replace(static_cast<size_t>(call->begin), static_cast<size_t>(call->end - call->begin), replacement);
        }
        t.text = text;
    });
    return out;
}

WhatIfRun runWhole(const Scenario &scenario)
{
    WhatIfRun out;
    try {
        out.query = Query::compile(scenario);
    } catch (const Error &e) {
        out.error = e;
        out.rejected = true;
        return out;
    }
    try {
        Run run(out.query);
        const std::vector<int64_t> times = triggerTimesMicros(scenario.steps);
        for (size_t i = 0; i < scenario.steps.size(); ++i) {
            std::vector<BatchReport> batch = run.step(scenario.steps[i].rows, static_cast<int>(i), times[i]);
            out.reports.insert(out.reports.end(), std::make_move_iterator(batch.begin()), std::make_move_iterator(batch.end()));
            if (run.failure())
                throw *run.failure();
        }
    } catch (const Error &e) {
        out.error = e;
    }
    return out;
}

bool WhatIfDiff::sameOutcome() const
{
    return whatIf.rejected == base.rejected && movedRows.empty() && noLongerWritten.empty() && newlyWritten.empty()
        && newlyDropped.empty() && noLongerDropped.empty() && otherFates.empty() && windows.empty()
        && stateRows == whatIfStateRows && noDataBatches == whatIfNoDataBatches;
}

WhatIfDiff compareWhatIf(const Scenario &scenario, WhatIfRun base, const WhatIfKnobs &knobs)
{
    WhatIfDiff diff;
    const WhatIfKnobs current = knobsOf(scenario);
    const auto changedOnly = [](auto &knob, const auto &now) {
        if (knob == now)
            knob.reset();
    };
    diff.changed = knobs;
    changedOnly(diff.changed.watermarkDelayMs, current.watermarkDelayMs);
    changedOnly(diff.changed.windowDurationMs, current.windowDurationMs);
    changedOnly(diff.changed.windowStartMs, current.windowStartMs);
    changedOnly(diff.changed.sessionGapMs, current.sessionGapMs);
    changedOnly(diff.changed.outputMode, current.outputMode);
    changedOnly(diff.changed.noDataMicroBatches, current.noDataMicroBatches);
    changedOnly(diff.changed.sparkVersion, current.sparkVersion);
    // The slide "as written" of a tumbling window is its duration, the new one when that changed:
    // a slide equal to it keeps the window tumbling, any other makes it slide.
    if (current.windowSlideMs && current.windowSlideMs == current.windowDurationMs)
        changedOnly(diff.changed.windowSlideMs, knobs.windowDurationMs ? knobs.windowDurationMs : current.windowDurationMs);
    else
        changedOnly(diff.changed.windowSlideMs, current.windowSlideMs);
    diff.base = std::move(base);
    diff.whatIf = diff.changed == WhatIfKnobs{} ? diff.base : runWhole(applyKnobs(scenario, diff.changed));

    const size_t steps = scenario.steps.size();
    diff.stateRows = stateRowsPerStep(diff.base, steps);
    diff.whatIfStateRows = stateRowsPerStep(diff.whatIf, steps);
    for (const BatchReport &r : diff.base.reports)
        diff.batchStateRows.push_back(r.stateRows);
    for (const BatchReport &r : diff.whatIf.reports)
        diff.whatIfBatchStateRows.push_back(r.stateRows);
    const auto count = [](const WhatIfRun &run, int64_t &batches, int64_t &noData) {
        batches = static_cast<int64_t>(run.reports.size());
        noData = std::count_if(run.reports.begin(), run.reports.end(), [](const BatchReport &r) { return r.noData; });
    };
    count(diff.base, diff.batches, diff.noDataBatches);
    count(diff.whatIf, diff.whatIfBatches, diff.whatIfNoDataBatches);
    compareWritten(diff);
    compareFates(diff, steps);
    compareWindows(diff);
    summarize(diff);
    return diff;
}

WhatIfDiff whatIf(const Scenario &scenario, const WhatIfKnobs &knobs)
{
    return compareWhatIf(scenario, runWhole(scenario), knobs);
}

std::string joinSummary(const std::vector<std::string> &knobs, const std::vector<std::string> &effects,
                        const std::string &comma, const std::string &andWord)
{
    const auto join = [&](const std::vector<std::string> &parts, const std::string &separator) {
        std::string out;
        for (size_t i = 0; i < parts.size(); ++i)
            out += (i == 0 ? "" : i + 1 == parts.size() ? andWord : separator) + parts[i];
        return out;
    };
    std::string out = join(knobs, andWord);
    const std::string rest = join(effects, comma);
    out += out.empty() || rest.empty() ? rest : comma + rest;
    if (!out.empty() && std::islower(static_cast<unsigned char>(out[0])))
        out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
    return out;
}

std::string summaryText(const WhatIfDiff &diff)
{
    std::vector<std::string> knobs, effects;
    for (const Sentence &s : diff.knobClauses)
        knobs.push_back(s.text());
    for (const Sentence &s : diff.effectClauses)
        effects.push_back(s.text());
    return joinSummary(knobs, effects);
}

const std::vector<std::string> &whatIfSentenceTemplates()
{
    static const std::vector<std::string> all = {
        kKnobDelay, kKnobWindow, kKnobSlide, kKnobStart, kKnobGap, kKnobMode, kKnobNoDataOn, kKnobNoDataOff,
        kKnobVersion, kRejected, kStops, kMoreDropped, kNoLongerDropped, kWindowMoved, kWindowNew, kWindowGone,
        kWindowFinalMoved, kWindowFinalNew, kWindowFinalGone, kMoreWindows, kRowsMoved, kRowsNew, kRowsGone,
        kStatePeak, kStateEnd, kNoData, kNothing};
    return all;
}

} // namespace streamstep
