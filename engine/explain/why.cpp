#include "streamstep/why.h"

#include "analysis/logical_plan.h"
#include "operators/flow.h"
#include "streamstep/time_math.h"
#include "streamstep/value_format.h"

#include <algorithm>
#include <cstdio>
#include <unordered_set>

namespace streamstep {

namespace {

// ---- the templates (sentenceTemplates lists them all, for the app's catalogue) ----

// Input rows
constexpr const char *kWrittenStateless = "written: a query without aggregation writes every row that passes it";
constexpr const char *kProcessed = "processed: it reached the aggregation and updated its group";
constexpr const char *kProcessedWindow = "processed: counted in window %1";
constexpr const char *kKeptFirst = "kept: the first row with its key, so dropDuplicates passes it on";
constexpr const char *kLateButKeptWindow =
    "late but kept: its event time %1 is at or before the watermark %2, but its window %3 is still open";
constexpr const char *kLateButKeptStateless =
    "late but kept: its event time %1 is at or before the watermark %2, but only stateful operators drop "
    "late rows";
constexpr const char *kLateButKept =
    "late but kept: its event time %1 is at or before the watermark %2, but the operator that drops late "
    "rows judges it by %3";
constexpr const char *kFilteredFalse = "filtered: %1 is false (%2)";
constexpr const char *kFilteredNull = "filtered: %1 is NULL (%2), and a filter keeps only TRUE";
constexpr const char *kFilteredNullTime = "filtered: its event time is NULL, so window() puts it in no window";
constexpr const char *kFiltered = "filtered: a filter condition is not true for it";
constexpr const char *kDroppedWindow = "dropped as late: its window %1 ends at or before the watermark %2";
constexpr const char *kDroppedWindowOrigin =
    "dropped as late: its window %1 ends at or before the watermark %2 (= max event time %3 − %4, set at the "
    "end of batch %5)";
constexpr const char *kDroppedWindowEnding = "dropped as late: its window ends at %1, at or before the watermark %2";
constexpr const char *kDroppedEventTime = "dropped as late: its event time %1 is at or before the watermark %2";
constexpr const char *kDroppedEventTimeOrigin =
    "dropped as late: its event time %1 is at or before the watermark %2 (= max event time %3 − %4, set at the "
    "end of batch %5)";
constexpr const char *kDroppedSession = "dropped as late: its session %1 ends at or before the watermark %2";
constexpr const char *kDroppedSessionOrigin =
    "dropped as late: its session %1 ends at or before the watermark %2 (= max event time %3 − %4, set at the "
    "end of batch %5)";
constexpr const char *kDropped = "dropped as late: it is at or before the watermark";
constexpr const char *kDuplicateOfBatch = "duplicate of the row that arrived in batch %1";
constexpr const char *kDuplicateOfRow = "duplicate of input row %1 of this batch";
constexpr const char *kDuplicate = "duplicate of a row seen before";

// Result rows
constexpr const char *kUpdateNew = "written in update mode: a new group";
constexpr const char *kUpdateChanged = "written in update mode: its %1 changed from %2 to %3";
constexpr const char *kUpdateTouched = "written in update mode: rows of this batch reached it";
constexpr const char *kUpdateUntouched = "not written: no row of this batch reached it (update writes changed groups only)";
constexpr const char *kAppendHeldWindow = "held: append writes this window once the watermark passes its end %1";
constexpr const char *kAppendHeld = "held: append writes this group once the watermark passes its event time %1";
constexpr const char *kAppendFinal = "written in append mode: the watermark %1 passed its end %2, so it is final and leaves the state";
constexpr const char *kUpdateFinalWritten =
    "written in update mode, then evicted: the watermark %1 passed its end %2";
constexpr const char *kUpdateFinal = "evicted, nothing written: the watermark %1 passed its end %2 (update wrote it when it last changed)";
constexpr const char *kCompleteWritten = "written: complete mode writes the whole result table every batch";
constexpr const char *kEvictedEarlier = "evicted earlier: the watermark passed its end; complete mode would keep it";
constexpr const char *kEvictedEarlierAppend = "written in an earlier batch, when the watermark passed its end";
constexpr const char *kInState = "in state, not written in this batch";

// The narrative
constexpr const char *kArrived = "%n row arrived.|%n rows arrived.";
constexpr const char *kNoDataBatch =
    "No row arrived: Spark ran this no-data batch because the watermark moved from %1 to %2, and a stateful "
    "operator can evict (and in append mode write) with the new one.";
constexpr const char *kDroppedRows =
    "%n row was dropped as late, judged by the watermark %1.|%n rows were dropped as late, judged by the watermark %1.";
constexpr const char *kDroppedCounter =
    "Spark's numRowsDroppedByWatermark says %n: it counts late groups after partial aggregation, not rows.|"
    "Spark's numRowsDroppedByWatermark says %n: it counts late groups after partial aggregation, not rows.";
constexpr const char *kFilteredRows = "%n row was filtered out.|%n rows were filtered out.";
constexpr const char *kDuplicateRows = "%n row was a duplicate and dropped.|%n rows were duplicates and dropped.";
constexpr const char *kLateKeptRows =
    "%n row was late but kept: its window was still open.|%n rows were late but kept: their windows were still open.";
constexpr const char *kNoWatermark = "The query has no watermark, so no row is late and no state is evicted by event time.";
constexpr const char *kWatermarkMoves =
    "The watermark in force was %1; this batch's max event time %2 − %3 = %4 is later, so from the next batch on "
    "the watermark is %4.";
constexpr const char *kWatermarkStays =
    "The watermark in force was %1; this batch's max event time %2 − %3 = %4 is not later, so it stays %1 "
    "(it never moves back).";
constexpr const char *kWatermarkUnchanged = "The watermark in force was %1; no event time moved it.";
constexpr const char *kWroteStateless =
    "%n row was written: a query without aggregation writes every row that passes it.|"
    "%n rows were written: a query without aggregation writes every row that passes it.";
constexpr const char *kWroteAppend =
    "%n row was written: append writes a group once the watermark passes its end.|"
    "%n rows were written: append writes a group once the watermark passes its end.";
constexpr const char *kWroteUpdate =
    "%n row was written: update writes every group that rows of this batch reached.|"
    "%n rows were written: update writes every group that rows of this batch reached.";
constexpr const char *kWroteComplete =
    "%n row was written: complete writes the whole result table every batch.|"
    "%n rows were written: complete writes the whole result table every batch.";
constexpr const char *kStateRows =
    "%n row remains in state (%1 updated, %2 evicted in this batch).|"
    "%n rows remain in state (%1 updated, %2 evicted in this batch).";
constexpr const char *kNoState = "The query keeps no state.";

Sentence make(const char *templ, std::vector<std::string> args = {}, int64_t count = -1)
{
    return Sentence{templ, std::move(args), count};
}

bool isWindow(const Value &v)
{
    return !v.isNull() && v.type().kind == TypeKind::Window;
}

std::string valueText(const Value &v)
{
    if (isWindow(v))
        return windowText(v.asWindow().startMicros, v.asWindow().endMicros);
    if (!v.isNull() && v.type().kind == TypeKind::Timestamp)
        return timeOfDayText(v.asTimestamp());
    return toDisplayString(v);
}

// "amount = 85556.00, branchCode = DELHI"
std::string valuesText(const std::vector<std::pair<std::string, Value>> &values)
{
    std::string text;
    for (const auto &[name, value] : values)
        text += (text.empty() ? "" : ", ") + name + " = " + valueText(value);
    return text;
}

// A sentence about a late row: with the arithmetic of the watermark when it is known.
Sentence lateSentence(const char *plain, const char *withOrigin, std::vector<std::string> args,
                      const WatermarkOrigin *origin)
{
    if (!origin || origin->setByBatch < 0)
        return make(plain, std::move(args));
    args.push_back(timeOfDayText(origin->maxEventTimeMs * kMicrosPerMilli));
    args.push_back(durationText(origin->delayMs));
    args.push_back(std::to_string(origin->setByBatch));
    return make(withOrigin, std::move(args));
}

bool isStatelessQuery(const Query &query)
{
    return std::none_of(query.compiled().nodes.begin(), query.compiled().nodes.end(),
                        [](const PlanNode &n) { return n.isStateful(); });
}

bool hasDeduplicate(const Query &query)
{
    return std::any_of(query.compiled().nodes.begin(), query.compiled().nodes.end(),
                       [](const PlanNode &n) { return n.is<DeduplicateNode>(); });
}

// The leading result columns that are the last aggregation's grouping keys, when the result
// table is that aggregation's output as it is (filters after it keep the columns); else 0.
size_t resultKeyColumns(const Query &query)
{
    const auto &nodes = query.compiled().nodes;
    for (size_t i = nodes.size(); i-- > 0;) {
        if (nodes[i].isAggregation())
            return nodes[i].numKeys();
        if (!nodes[i].is<FilterNode>())
            return 0;
    }
    return 0;
}

// The event-time key of the result table's rows (a window or timestamp column), or -1.
int resultEventTimeColumn(const Query &query)
{
    const int index = query.resultSchema().eventTimeIndex();
    return index >= 0 && static_cast<size_t>(index) < resultKeyColumns(query) ? index : -1;
}

std::string encodedRow(const ColumnBatch &batch, size_t row, size_t numColumns)
{
    std::string out;
    for (size_t c = 0; c < numColumns && c < batch.columns.size(); ++c)
        encodeKeyValue(out, batch.columns[c], row);
    return out;
}

} // namespace

bool contributesTo(const Query &query, const InputRowFacts &facts, const BatchReport &report, size_t row)
{
    if (facts.groups.empty() || !report.hasResultTable || row >= report.resultTable.numRows)
        return false;
    // The result table's leading columns are the groups' keys unless a projection reshaped it;
    // then only a global aggregation (no keys, one group) can still be matched.
    const size_t keys = resultKeyColumns(query);
    if (keys == 0 && !facts.groups.front().empty())
        return false;
    const std::string key = encodedRow(report.resultTable, row, keys);
    return std::find(facts.groups.begin(), facts.groups.end(), key) != facts.groups.end();
}

std::string Sentence::text() const
{
    return fillSentence(templ, args, count);
}

std::string fillSentence(std::string_view templ, const std::vector<std::string> &args, int64_t count)
{
    if (const size_t bar = templ.find('|'); bar != std::string_view::npos && count >= 0)
        templ = count == 1 ? templ.substr(0, bar) : templ.substr(bar + 1);
    std::string out;
    for (size_t i = 0; i < templ.size(); ++i) {
        const char c = templ[i];
        if (c == '%' && i + 1 < templ.size() && templ[i + 1] == 'n') {
            out += std::to_string(count);
            ++i;
        } else if (c == '%' && i + 1 < templ.size() && templ[i + 1] >= '1' && templ[i + 1] <= '9') {
            const size_t arg = static_cast<size_t>(templ[i + 1] - '1');
            if (arg < args.size())
                out += args[arg];
            ++i;
        } else {
            out += c;
        }
    }
    return out;
}

std::string timeOfDayText(int64_t micros)
{
    if (micros == 0)
        return "1970-01-01 00:00";
    const int64_t ofDay = floorMod(micros, kMicrosPerDay);
    const int64_t seconds = ofDay / kMicrosPerSecond;
    const int64_t fraction = ofDay % kMicrosPerSecond;
    char text[48];
    if (seconds % 60 == 0 && fraction == 0)
        std::snprintf(text, sizeof text, "%02lld:%02lld", static_cast<long long>(seconds / 3600),
                      static_cast<long long>(seconds / 60 % 60));
    else
        std::snprintf(text, sizeof text, "%02lld:%02lld:%02lld", static_cast<long long>(seconds / 3600),
                      static_cast<long long>(seconds / 60 % 60), static_cast<long long>(seconds % 60));
    std::string out = text;
    if (fraction != 0) {
        std::snprintf(text, sizeof text, ".%06lld", static_cast<long long>(fraction));
        std::string digits = text;
        while (digits.back() == '0')
            digits.pop_back();
        out += digits;
    }
    return out;
}

std::string windowText(int64_t startMicros, int64_t endMicros)
{
    return "[" + timeOfDayText(startMicros) + ", " + timeOfDayText(endMicros) + ")";
}

std::string durationText(int64_t millis)
{
    struct Unit {
        int64_t ms;
        const char *name;
    };
    static constexpr Unit kUnits[] = {{86'400'000, "day"}, {3'600'000, "hour"}, {60'000, "minute"},
                                      {1'000, "second"}, {1, "millisecond"}};
    if (millis == 0)
        return "0 seconds";
    std::string out;
    int64_t rest = millis < 0 ? -millis : millis;
    for (const Unit &unit : kUnits) {
        const int64_t n = rest / unit.ms;
        if (n == 0)
            continue;
        rest -= n * unit.ms;
        out += (out.empty() ? "" : " ") + std::to_string(n) + " " + unit.name + (n == 1 ? "" : "s");
    }
    return (millis < 0 ? "-" : "") + out;
}

Sentence whyInputRow(const Query &query, const BatchReport &report, size_t row)
{
    const InputRowFate fate = row < report.inputFates.size() ? report.inputFates[row] : InputRowFate::Processed;
    const InputRowFacts *facts = row < report.inputFacts.size() ? &report.inputFacts[row] : nullptr;
    switch (fate) {
    case InputRowFate::Processed:
        if (isStatelessQuery(query))
            return make(kWrittenStateless);
        if (facts && facts->hasWindow)
            return make(kProcessedWindow, {windowText(facts->windowStartMicros, facts->windowEndMicros)});
        if (hasDeduplicate(query) && !query.isAggregating())
            return make(kKeptFirst);
        return make(kProcessed);
    case InputRowFate::LateButKept: {
        if (!facts)
            return make(kLateButKeptStateless, {"?", timeOfDayText(report.watermarkMs * kMicrosPerMilli)});
        const std::string time = timeOfDayText(facts->comparedMicros);
        const std::string watermark = timeOfDayText(facts->lateWatermarkMs * kMicrosPerMilli);
        if (facts->hasWindow)
            return make(kLateButKeptWindow, {time, watermark, windowText(facts->windowStartMicros, facts->windowEndMicros)});
        if (isStatelessQuery(query))
            return make(kLateButKeptStateless, {time, watermark});
        return make(kLateButKept, {time, watermark, timeOfDayText(report.lateWatermarkMs * kMicrosPerMilli)});
    }
    case InputRowFate::Filtered:
        if (!facts)
            return make(kFiltered);
        if (facts->nullEventTime)
            return make(kFilteredNullTime);
        if (facts->condition.empty())
            return make(kFiltered);
        return make(facts->conditionIsNull ? kFilteredNull : kFilteredFalse, {facts->condition, valuesText(facts->values)});
    case InputRowFate::DroppedByWatermark: {
        if (!facts || facts->compared == InputRowFacts::Compared::None)
            return make(kDropped);
        const std::string watermark = timeOfDayText(facts->lateWatermarkMs * kMicrosPerMilli);
        // The arithmetic of the watermark late rows were judged by: the one in force (the
        // previous batch's, when Spark >= 3.4 judges by that and they differ, is not told).
        const WatermarkOrigin *origin = facts->lateWatermarkMs == report.watermarkMs ? &report.watermarkOrigin : nullptr;
        switch (facts->compared) {
        case InputRowFacts::Compared::WindowEnd:
            if (!facts->hasWindow || facts->windowEndMicros != facts->comparedMicros)
                return make(kDroppedWindowEnding, {timeOfDayText(facts->comparedMicros), watermark});
            return lateSentence(kDroppedWindow, kDroppedWindowOrigin,
                                {windowText(facts->windowStartMicros, facts->windowEndMicros), watermark}, origin);
        case InputRowFacts::Compared::SessionEnd:
            return lateSentence(kDroppedSession, kDroppedSessionOrigin,
                                {windowText(facts->windowStartMicros, facts->windowEndMicros), watermark}, origin);
        default:
            return lateSentence(kDroppedEventTime, kDroppedEventTimeOrigin, {timeOfDayText(facts->comparedMicros), watermark},
                                origin);
        }
    }
    case InputRowFate::Duplicate:
        if (facts && facts->firstRowInBatch >= 0)
            return make(kDuplicateOfRow, {std::to_string(facts->firstRowInBatch)});
        if (facts && facts->firstBatchId >= 0)
            return make(kDuplicateOfBatch, {std::to_string(facts->firstBatchId)});
        return make(kDuplicate);
    }
    return make(kProcessed);
}

bool resultRowEmitted(const BatchReport &report, size_t row)
{
    if (!report.hasResultTable || row >= report.resultTable.numRows)
        return false;
    const size_t columns = report.resultTable.columns.size();
    const std::string wanted = encodedRow(report.resultTable, row, columns);
    for (size_t r = 0; r < report.emitted.numRows; ++r)
        if (encodedRow(report.emitted, r, columns) == wanted)
            return true;
    return false;
}

Sentence whyResultRow(const Query &query, const BatchReport &report, const BatchReport *previous, size_t row)
{
    const ResultRowStatus status = row < report.resultStatuses.size() ? report.resultStatuses[row] : ResultRowStatus::Unchanged;
    const OutputMode mode = query.outputMode();
    const bool emitted = resultRowEmitted(report, row);
    const int eventColumn = resultEventTimeColumn(query);
    const Value eventKey = eventColumn >= 0 ? report.resultTable.get(row, static_cast<size_t>(eventColumn)) : Value::null();
    const std::string end = isWindow(eventKey) ? timeOfDayText(eventKey.asWindow().endMicros)
        : eventKey.isNull()                    ? std::string("?")
                                               : timeOfDayText(eventKey.asTimestamp());
    const std::string watermark = timeOfDayText(report.watermarkMs * kMicrosPerMilli);
    if (mode == OutputMode::Complete && status != ResultRowStatus::Evicted)
        return make(kCompleteWritten);
    switch (status) {
    case ResultRowStatus::New:
    case ResultRowStatus::Updated:
    case ResultRowStatus::Unchanged:
        if (mode == OutputMode::Append)
            return make(isWindow(eventKey) ? kAppendHeldWindow : kAppendHeld, {end});
        if (!emitted)
            return status == ResultRowStatus::Unchanged ? make(kUpdateUntouched) : make(kInState);
        if (status == ResultRowStatus::New)
            return make(kUpdateNew);
        if (previous && previous->hasResultTable) {
            // The same group in the previous batch's result table: the first aggregate that changed.
            const size_t keys = resultKeyColumns(query);
            const std::string key = encodedRow(report.resultTable, row, keys);
            for (size_t r = 0; keys > 0 && r < previous->resultTable.numRows; ++r) {
                if (encodedRow(previous->resultTable, r, keys) != key)
                    continue;
                for (size_t c = keys; c < report.resultTable.columns.size(); ++c) {
                    const Value before = previous->resultTable.get(r, c);
                    const Value now = report.resultTable.get(row, c);
                    if (toDisplayString(before) != toDisplayString(now))
                        return make(kUpdateChanged, {report.resultTable.schema.fields[c].name, valueText(before), valueText(now)});
                }
                break;
            }
        }
        return make(kUpdateTouched);
    case ResultRowStatus::Final:
        if (mode == OutputMode::Append)
            return make(kAppendFinal, {watermark, end});
        return make(emitted ? kUpdateFinalWritten : kUpdateFinal, {watermark, end});
    case ResultRowStatus::Evicted:
        return make(mode == OutputMode::Append ? kEvictedEarlierAppend : kEvictedEarlier);
    }
    return make(kInState);
}

std::vector<Sentence> batchNarrative(const Query &query, const BatchReport &report, const BatchReport *previous)
{
    std::vector<Sentence> out;
    if (report.noData) {
        const int64_t before = previous ? previous->watermarkMs : 0;
        out.push_back(make(kNoDataBatch, {timeOfDayText(before * kMicrosPerMilli),
                                          timeOfDayText(report.watermarkMs * kMicrosPerMilli)}));
    } else {
        out.push_back(make(kArrived, {}, report.numInputRows));
    }
    const FateCounts fates(report.inputFates);
    const int64_t dropped = fates[InputRowFate::DroppedByWatermark];
    const int64_t filtered = fates[InputRowFate::Filtered];
    const int64_t duplicates = fates[InputRowFate::Duplicate];
    const int64_t lateKept = fates[InputRowFate::LateButKept];
    if (filtered > 0)
        out.push_back(make(kFilteredRows, {}, filtered));
    if (dropped > 0) {
        out.push_back(make(kDroppedRows, {timeOfDayText(report.lateWatermarkMs * kMicrosPerMilli)}, dropped));
        if (report.numRowsDroppedByWatermark != dropped)
            out.push_back(make(kDroppedCounter, {}, report.numRowsDroppedByWatermark));
    }
    if (duplicates > 0)
        out.push_back(make(kDuplicateRows, {}, duplicates));
    if (lateKept > 0 && query.isAggregating())
        out.push_back(make(kLateKeptRows, {}, lateKept));

    if (!report.hasWatermark) {
        out.push_back(make(kNoWatermark));
    } else if (!report.watermarkProposals.empty()) {
        const WatermarkProposal &p = report.watermarkProposals.front();
        const std::vector<std::string> args = {timeOfDayText(report.watermarkMs * kMicrosPerMilli),
                                               timeOfDayText(p.maxEventTimeMs * kMicrosPerMilli),
                                               durationText(p.delayMs), timeOfDayText(p.proposedMs * kMicrosPerMilli)};
        out.push_back(make(report.nextWatermarkMs > report.watermarkMs ? kWatermarkMoves : kWatermarkStays, args));
    } else {
        out.push_back(make(kWatermarkUnchanged, {timeOfDayText(report.watermarkMs * kMicrosPerMilli)}));
    }

    const int64_t written = report.numOutputRows;
    if (!query.isAggregating())
        out.push_back(make(kWroteStateless, {}, written));
    else if (query.outputMode() == OutputMode::Append)
        out.push_back(make(kWroteAppend, {}, written));
    else if (query.outputMode() == OutputMode::Update)
        out.push_back(make(kWroteUpdate, {}, written));
    else
        out.push_back(make(kWroteComplete, {}, written));

    if (report.stateOperators.empty())
        out.push_back(make(kNoState));
    else
        out.push_back(make(kStateRows, {std::to_string(report.stateRowsUpdated), std::to_string(report.stateRowsRemoved)},
                           report.stateRows));
    return out;
}

NarrativeTopic narrativeTopic(const Sentence &sentence)
{
    const std::string &t = sentence.templ;
    if (t == kNoDataBatch)
        return NarrativeTopic::NoDataBatch;
    if (t == kFilteredRows)
        return NarrativeTopic::Filtered;
    if (t == kDroppedRows || t == kDroppedCounter)
        return NarrativeTopic::Dropped;
    if (t == kDuplicateRows)
        return NarrativeTopic::Duplicates;
    if (t == kLateKeptRows)
        return NarrativeTopic::LateKept;
    if (t == kNoWatermark || t == kWatermarkMoves || t == kWatermarkStays || t == kWatermarkUnchanged)
        return NarrativeTopic::Watermark;
    if (t == kWroteStateless || t == kWroteAppend || t == kWroteUpdate || t == kWroteComplete)
        return NarrativeTopic::Written;
    if (t == kStateRows || t == kNoState)
        return NarrativeTopic::State;
    return NarrativeTopic::Arrived;
}

const std::vector<std::string> &sentenceTemplates()
{
    static const std::vector<std::string> all = {
        kWrittenStateless, kProcessed, kProcessedWindow, kKeptFirst, kLateButKeptWindow, kLateButKeptStateless,
        kLateButKept, kFilteredFalse, kFilteredNull, kFilteredNullTime, kFiltered, kDroppedWindow,
        kDroppedWindowOrigin, kDroppedWindowEnding, kDroppedEventTime, kDroppedEventTimeOrigin, kDroppedSession,
        kDroppedSessionOrigin, kDropped, kDuplicateOfBatch, kDuplicateOfRow,
        kDuplicate, kUpdateNew, kUpdateChanged, kUpdateTouched, kUpdateUntouched, kAppendHeldWindow, kAppendHeld,
        kAppendFinal, kUpdateFinalWritten, kUpdateFinal, kCompleteWritten, kEvictedEarlier, kEvictedEarlierAppend,
        kInState, kArrived, kNoDataBatch, kDroppedRows, kDroppedCounter, kFilteredRows, kDuplicateRows,
        kLateKeptRows, kNoWatermark, kWatermarkMoves, kWatermarkStays, kWatermarkUnchanged, kWroteStateless,
        kWroteAppend, kWroteUpdate, kWroteComplete, kStateRows, kNoState};
    return all;
}

} // namespace streamstep
