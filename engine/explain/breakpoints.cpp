// Semantic breakpoints: the moments of a batch, read from its report (streamstep/breakpoints.h).
#include "streamstep/breakpoints.h"

#include "streamstep/time_math.h"

#include <algorithm>
#include <set>

namespace streamstep {

namespace {

constexpr const char *kWindowWritten =
    "Stopped: batch %1 writes %n window: %2.|Stopped: batch %1 writes %n windows: %2.";
constexpr const char *kRowDropped =
    "Stopped: batch %1 drops %n row as late, judged by the watermark %2.|Stopped: batch %1 drops %n rows as late, "
    "judged by the watermark %2.";
constexpr const char *kWatermarkMoved =
    "Stopped: batch %1 moves the watermark from %2 to %3 (in force from the next batch).";
constexpr const char *kStateEvicted =
    "Stopped: batch %1 evicts %n state row: the watermark %2 passed its end.|Stopped: batch %1 evicts %n state rows: "
    "the watermark %2 passed their end.";
constexpr const char *kNoDataBatch =
    "Stopped: batch %1 is a no-data batch: no row arrived, it runs because the watermark moved to %2.";

Sentence make(const char *templ, std::vector<std::string> args, int64_t count = -1)
{
    return Sentence{templ, std::move(args), count};
}

std::string watermarkText(int64_t ms) { return timeOfDayText(ms * kMicrosPerMilli); }

} // namespace

std::string batchEventName(BatchEvent event)
{
    switch (event) {
    case BatchEvent::WindowWritten: return "windowWritten";
    case BatchEvent::RowDroppedLate: return "rowDroppedLate";
    case BatchEvent::WatermarkMoved: return "watermarkMoved";
    case BatchEvent::StateEvicted: return "stateEvicted";
    case BatchEvent::NoDataBatch: break;
    }
    return "noDataBatch";
}

std::optional<Sentence> batchEvent(const Query &query, const BatchReport &report, BatchEvent event)
{
    const std::string batch = std::to_string(report.batchId);
    switch (event) {
    case BatchEvent::WindowWritten: {
        const Schema &schema = query.resultSchema();
        std::set<std::pair<int64_t, int64_t>> windows;
        for (size_t c = 0; c < schema.fields.size() && c < report.emitted.columns.size(); ++c) {
            if (schema.fields[c].type.kind != TypeKind::Window)
                continue;
            for (size_t row = 0; row < report.emitted.numRows; ++row)
                if (!report.emitted.columns[c].isNull(row)) {
                    const WindowBounds w = report.emitted.get(row, c).asWindow();
                    windows.insert({w.startMicros, w.endMicros});
                }
            break;
        }
        if (windows.empty())
            return std::nullopt;
        std::string names;
        for (const auto &[start, end] : windows)
            names += (names.empty() ? "" : ", ") + windowText(start, end);
        return make(kWindowWritten, {batch, names}, static_cast<int64_t>(windows.size()));
    }
    case BatchEvent::RowDroppedLate: {
        const auto dropped = std::count(report.inputFates.begin(), report.inputFates.end(), InputRowFate::DroppedByWatermark);
        if (dropped == 0)
            return std::nullopt;
        return make(kRowDropped, {batch, watermarkText(report.lateWatermarkMs)}, dropped);
    }
    case BatchEvent::WatermarkMoved:
        if (!report.hasWatermark || report.nextWatermarkMs <= report.watermarkMs)
            return std::nullopt;
        return make(kWatermarkMoved, {batch, watermarkText(report.watermarkMs), watermarkText(report.nextWatermarkMs)});
    case BatchEvent::StateEvicted:
        if (!report.hasWatermark || report.stateRowsRemoved <= 0)
            return std::nullopt;
        return make(kStateEvicted, {batch, watermarkText(report.watermarkMs)}, report.stateRowsRemoved);
    case BatchEvent::NoDataBatch:
        if (!report.noData)
            return std::nullopt;
        return make(kNoDataBatch, {batch, watermarkText(report.watermarkMs)});
    }
    return std::nullopt;
}

std::vector<Sentence> batchEvents(const Query &query, const BatchReport &report)
{
    std::vector<Sentence> out;
    for (BatchEvent event : kBatchEvents)
        if (std::optional<Sentence> s = batchEvent(query, report, event))
            out.push_back(std::move(*s));
    return out;
}

const std::vector<std::string> &breakpointSentenceTemplates()
{
    static const std::vector<std::string> all = {kWindowWritten, kRowDropped, kWatermarkMoved, kStateEvicted, kNoDataBatch};
    return all;
}

} // namespace streamstep
