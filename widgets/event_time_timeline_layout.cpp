#include "event_time_timeline_layout.h"

#include "why_catalogue.h"
#include "written_result_rows.h"

#include "streamstep/value_format.h"
#include "streamstep/time_math.h"
#include "streamstep/why.h"

#include <QDateTime>
#include <QFontMetricsF>
#include <QLocale>
#include <QTimeZone>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace streamstep {

namespace {

constexpr int64_t kDayMs = kMillisPerDay;

bool intersectsAny(const QRectF &rect, const std::vector<QRectF> &others)
{
    return std::any_of(others.begin(), others.end(), [&rect](const QRectF &o) { return o.intersects(rect); });
}

} // namespace

TimelineQueryInfo TimelineQueryInfo::fromQuery(const Query &query)
{
    TimelineQueryInfo info;
    info.isStateful = query.isAggregating();
    const Schema &source = query.sourceSchema();
    if (!query.watermarks().empty()) {
        const WatermarkSpec &watermark = query.watermarks().front();
        info.hasWatermark = true;
        info.delayMs = watermark.delayMs;
        info.eventTimeColumn = watermark.sourceColumn;
    }
    if (info.eventTimeColumn < 0) {
        for (size_t i = 0; i < source.fields.size(); ++i) {
            if (source.fields[i].type.kind == TypeKind::Timestamp) {
                info.eventTimeColumn = int(i);
                break;
            }
        }
    }
    if (info.eventTimeColumn >= 0)
        info.eventTimeName = QString::fromStdString(source.fields[size_t(info.eventTimeColumn)].name);
    return info;
}

TimelineQueryInfo TimelineQueryInfo::fromQuery(const std::shared_ptr<const Query> &query)
{
    if (!query)
        return {};
    TimelineQueryInfo info = fromQuery(*query);
    info.query = query;
    return info;
}

TimelineQueryInfo TimelineQueryInfo::fromScenario(const Scenario &scenario)
{
    try {
        return fromQuery(Query::compile(scenario));
    } catch (const Error &) {
        return {}; // a rejected query runs no batch: there is nothing to place
    }
}

const TimelineWindowSegment *TimelineWindow::segmentAt(int batch) const
{
    for (const TimelineWindowSegment &s : segments) {
        if (s.batch == batch)
            return &s;
    }
    return nullptr;
}

void EventTimeTimelineLayout::clear()
{
    setReports({}, TimelineQueryInfo{});
}

void EventTimeTimelineLayout::setHighlightedRows(const std::vector<std::pair<int, int>> &rows, const QString &legendText)
{
    m_highlightedDots.clear();
    m_highlightText = legendText;
    if (rows.empty())
        return;
    std::vector<std::pair<int, int>> wanted = rows;
    std::sort(wanted.begin(), wanted.end());
    for (size_t i = 0; i < m_dots.size(); ++i) {
        if (std::binary_search(wanted.begin(), wanted.end(), std::pair<int, int>(m_dots[i].batch, m_dots[i].row)))
            m_highlightedDots.push_back(int(i));
    }
}

void EventTimeTimelineLayout::setReports(std::vector<std::shared_ptr<const BatchReport>> reports, const TimelineQueryInfo &info)
{
    m_highlightedDots.clear();
    m_reports = std::move(reports);
    m_info = info;
    build();
}

bool EventTimeTimelineLayout::hasPending() const
{
    return !m_watermarks.empty() && m_watermarks.back().pending;
}

QString EventTimeTimelineLayout::timeText(int64_t ms) const
{
    const QDateTime t = QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc());
    const QTime clock = t.time();
    QString format;
    if (clock.msec() != 0)
        format = QStringLiteral("HH:mm:ss.zzz");
    else if (clock.second() != 0)
        format = QStringLiteral("HH:mm:ss");
    else
        format = QStringLiteral("HH:mm");
    if (m_showDate)
        format.prepend(QStringLiteral("yyyy-MM-dd "));
    return t.toString(format);
}

QString EventTimeTimelineLayout::delayText(int64_t ms)
{
    if (ms == 0)
        return tr("0 s");
    QStringList parts;
    int64_t rest = ms;
    const int64_t days = rest / kDayMs;
    rest %= kDayMs;
    const int64_t hours = rest / 3600000;
    rest %= 3600000;
    const int64_t minutes = rest / 60000;
    rest %= 60000;
    const int64_t seconds = rest / 1000;
    const int64_t millis = rest % 1000;
    if (days != 0)
        parts << (days == 1 ? tr("1 day") : tr("%1 days").arg(days));
    if (hours != 0)
        parts << tr("%1 h").arg(hours);
    if (minutes != 0)
        parts << tr("%1 min").arg(minutes);
    if (seconds != 0)
        parts << tr("%1 s").arg(seconds);
    if (millis != 0)
        parts << tr("%1 ms").arg(millis);
    return parts.join(QLatin1Char(' '));
}

QString EventTimeTimelineLayout::fateText(InputRowFate fate)
{
    switch (fate) {
    case InputRowFate::Processed:
        return tr("on time");
    case InputRowFate::LateButKept:
        return tr("late but kept");
    case InputRowFate::Filtered:
        return tr("filtered out");
    case InputRowFate::DroppedByWatermark:
        return tr("dropped (late)");
    case InputRowFate::Duplicate:
        return tr("duplicate (dropped)");
    }
    return {};
}

QString EventTimeTimelineLayout::fateLabel(InputRowFate fate) const
{
    // Without a watermark no row is late or on time: it is simply processed.
    if (fate == InputRowFate::Processed && !m_info.hasWatermark)
        return tr("processed");
    return fateText(fate);
}

QString EventTimeTimelineLayout::stateText(TimelineWindowState state)
{
    switch (state) {
    case TimelineWindowState::Open:
        return tr("open");
    case TimelineWindowState::New:
        return tr("new");
    case TimelineWindowState::Updated:
        return tr("updated");
    case TimelineWindowState::Final:
        return tr("final");
    case TimelineWindowState::Evicted:
        return tr("evicted");
    case TimelineWindowState::EvictedUnwritten:
        return tr("evicted, nothing written");
    }
    return {};
}

namespace {

QString statusText(ResultRowStatus status)
{
    switch (status) {
    case ResultRowStatus::Unchanged:
        return EventTimeTimelineLayout::tr("unchanged");
    case ResultRowStatus::New:
        return EventTimeTimelineLayout::tr("new");
    case ResultRowStatus::Updated:
        return EventTimeTimelineLayout::tr("updated");
    case ResultRowStatus::Final:
        return EventTimeTimelineLayout::tr("final");
    case ResultRowStatus::Evicted:
        return EventTimeTimelineLayout::tr("evicted");
    }
    return {};
}

int windowColumnOf(const ColumnBatch &table, int preferred)
{
    if (preferred >= 0 && size_t(preferred) < table.columns.size() && table.schema.fields[size_t(preferred)].type.kind == TypeKind::Window)
        return preferred;
    for (size_t i = 0; i < table.schema.fields.size() && i < table.columns.size(); ++i) {
        if (table.schema.fields[i].type.kind == TypeKind::Window)
            return int(i);
    }
    return -1;
}

TimelineWindowState windowState(const std::vector<ResultRowStatus> &statuses, const std::vector<bool> &written)
{
    const auto all = [&statuses](ResultRowStatus s) {
        return std::all_of(statuses.begin(), statuses.end(), [s](ResultRowStatus x) { return x == s; });
    };
    const auto any = [&statuses](ResultRowStatus s) {
        return std::any_of(statuses.begin(), statuses.end(), [s](ResultRowStatus x) { return x == s; });
    };
    if (any(ResultRowStatus::Final)) {
        // Final groups the batch wrote (append) make a final window; groups only evicted do not.
        for (size_t k = 0; k < statuses.size(); ++k) {
            if (statuses[k] == ResultRowStatus::Final && k < written.size() && written[k])
                return TimelineWindowState::Final;
        }
        return TimelineWindowState::EvictedUnwritten;
    }
    if (all(ResultRowStatus::New))
        return TimelineWindowState::New;
    if (any(ResultRowStatus::New) || any(ResultRowStatus::Updated))
        return TimelineWindowState::Updated;
    if (all(ResultRowStatus::Evicted))
        return TimelineWindowState::Evicted;
    return TimelineWindowState::Open;
}

} // namespace

QString EventTimeTimelineLayout::rowText(const ColumnBatch &batch, int row, int skipColumn) const
{
    QStringList cells;
    for (size_t c = 0; c < batch.columns.size() && c < batch.schema.fields.size(); ++c) {
        if (int(c) == skipColumn)
            continue;
        cells << QStringLiteral("%1 = %2").arg(QString::fromStdString(batch.schema.fields[c].name),
                                              QString::fromStdString(toDisplayString(batch.get(size_t(row), c))));
    }
    return cells.join(QStringLiteral(", "));
}

EventTimeTimelineLayout::ReportRows EventTimeTimelineLayout::reportRows(const std::shared_ptr<const BatchReport> &report,
                                                                       const Column *times, int eventTimeColumn)
{
    ReportRows rows;
    rows.report = report;
    rows.eventTimeColumn = eventTimeColumn;
    const BatchReport &r = *report;
    if (std::find(r.resultStatuses.begin(), r.resultStatuses.end(), ResultRowStatus::Final) != r.resultStatuses.end())
        rows.written = writtenResultRows(r);
    const size_t n = r.input.numRows;
    const auto fateOf = [&r](size_t row) { return row < r.inputFates.size() ? r.inputFates[row] : InputRowFate::Processed; };
    int64_t lo = std::numeric_limits<int64_t>::max();
    int64_t hi = std::numeric_limits<int64_t>::min();
    if (times) {
        for (size_t row = 0; row < n; ++row) {
            if (!times->isNull(row)) {
                const int64_t ms = floorDiv(times->ints()[row], 1000);
                lo = std::min(lo, ms);
                hi = std::max(hi, ms);
            }
        }
    }
    rows.anyTime = lo <= hi;
    rows.minMs = rows.anyTime ? lo : 0;
    rows.maxMs = rows.anyTime ? hi : 0;

    if (int64_t(n) <= kMaxDotsPerBatch) {
        rows.dots.reserve(n);
        for (size_t row = 0; row < n; ++row) {
            TimelineDot d;
            d.row = int(row);
            d.hasTime = times && !times->isNull(row);
            d.timeMs = d.hasTime ? floorDiv(times->ints()[row], 1000) : 0;
            d.fate = fateOf(row);
            rows.dots.push_back(d);
        }
        // Each dot's rank by event time: neighbours in time go side by side.
        std::vector<size_t> order(n);
        for (size_t i = 0; i < n; ++i)
            order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&rows](size_t a, size_t b) {
            const TimelineDot &x = rows.dots[a];
            const TimelineDot &y = rows.dots[b];
            if (x.hasTime != y.hasTime)
                return x.hasTime;
            return x.timeMs < y.timeMs;
        });
        rows.ranks.assign(n, 0);
        for (size_t k = 0; k < n; ++k)
            rows.ranks[order[k]] = int(k);
        return rows;
    }

    // A big batch: count the rows per fate and event-time bucket, one pass, no sort. Buckets have
    // a round width (aligned to it) so their bounds read well.
    static const int64_t kWidths[] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 15000, 30000, 60000,
                                      120000, 300000, 600000, 900000, 1800000, 3600000, 7200000, 10800000, 21600000,
                                      43200000, kDayMs, 2 * kDayMs, 7 * kDayMs, 30 * kDayMs, 365 * kDayMs};
    const int64_t span = rows.maxMs - rows.minMs;
    int64_t width = 0;
    for (int64_t w : kWidths) {
        if (span / w < kBinsPerBatch) {
            width = w;
            break;
        }
    }
    if (width == 0)
        width = span / kBinsPerBatch + 1;
    rows.binMs = width;
    const int64_t first = floorDiv(rows.minMs, width);
    const size_t numBuckets = rows.anyTime ? size_t(floorDiv(rows.maxMs, width) - first + 1) : 0;
    constexpr size_t kFates = 5;
    std::vector<int64_t> counts(kFates * (numBuckets + 1), 0); // the last bucket of each fate: NULL
    for (size_t row = 0; row < n; ++row) {
        const size_t fate = size_t(fateOf(row));
        size_t bucket = numBuckets;
        if (times && !times->isNull(row))
            bucket = size_t(floorDiv(floorDiv(times->ints()[row], 1000), width) - first);
        ++counts[fate * (numBuckets + 1) + bucket];
    }
    for (InputRowFate fate : {InputRowFate::Processed, InputRowFate::LateButKept, InputRowFate::DroppedByWatermark,
                              InputRowFate::Filtered, InputRowFate::Duplicate}) {
        const int64_t *c = &counts[size_t(fate) * (numBuckets + 1)];
        for (size_t b = 0; b <= numBuckets; ++b) {
            if (c[b] == 0)
                continue;
            TimelineBin bin;
            bin.fate = fate;
            bin.hasTime = b < numBuckets;
            bin.startMs = bin.hasTime ? (first + int64_t(b)) * width : 0;
            bin.endMs = bin.hasTime ? bin.startMs + width : 0;
            bin.count = c[b];
            rows.bins.push_back(bin);
        }
    }
    return rows;
}

void EventTimeTimelineLayout::build()
{
    m_batches.clear();
    m_dots.clear();
    m_dotRanks.clear();
    m_bins.clear();
    m_watermarks.clear();
    m_maxEventTimes.clear();
    m_lateRows.clear();
    m_windows.clear();
    m_numLanes = 0;

    // The time range first: whether labels need the date depends on it.
    int64_t lo = std::numeric_limits<int64_t>::max();
    int64_t hi = std::numeric_limits<int64_t>::min();
    const auto include = [&lo, &hi](int64_t ms) {
        lo = std::min(lo, ms);
        hi = std::max(hi, ms);
    };
    const auto eventTimeColumn = [this](const BatchReport &r) -> const Column * {
        const int c = m_info.eventTimeColumn;
        if (c < 0 || size_t(c) >= r.input.columns.size() || r.input.schema.fields[size_t(c)].type.kind != TypeKind::Timestamp)
            return nullptr;
        return &r.input.columns[size_t(c)];
    };
    // Rows: from the cache for reports seen before, one pass over the rows of new ones.
    std::vector<ReportRows> cache(m_reports.size());
    for (size_t i = 0; i < m_reports.size(); ++i) {
        if (i < m_rowCache.size() && m_rowCache[i].report == m_reports[i] && m_rowCache[i].eventTimeColumn == m_info.eventTimeColumn)
            cache[i] = std::move(m_rowCache[i]);
        else
            cache[i] = reportRows(m_reports[i], eventTimeColumn(*m_reports[i]), m_info.eventTimeColumn);
    }
    m_rowCache = std::move(cache);
    for (size_t i = 0; i < m_reports.size(); ++i) {
        const BatchReport &r = *m_reports[i];
        if (m_rowCache[i].anyTime) {
            include(m_rowCache[i].minMs);
            include(m_rowCache[i].maxMs);
        }
        if (r.eventTime)
            include(r.eventTime->maxMs);
        if (r.hasWatermark && r.watermarkMs != 0)
            include(r.watermarkMs);
        if (r.hasWatermark && r.nextWatermarkMs != 0)
            include(r.nextWatermarkMs);
        const int wc = r.hasResultTable ? windowColumnOf(r.resultTable, m_info.windowColumn) : -1;
        if (wc >= 0) {
            const Column &w = r.resultTable.columns[size_t(wc)];
            for (size_t row = 0; row < r.resultTable.numRows; ++row) {
                if (!w.isNull(row)) {
                    include(floorDiv(w.ints()[row], 1000));
                    include(floorDiv(w.ends()[row], 1000));
                }
            }
        }
    }
    if (lo > hi) {
        lo = 0;
        hi = 60000;
    }
    m_minMs = lo;
    m_maxMs = hi;
    m_showDate = floorDiv(lo, kDayMs) != floorDiv(hi, kDayMs);

    std::map<std::pair<int64_t, int64_t>, size_t> windowIndex;
    for (size_t i = 0; i < m_reports.size(); ++i) {
        const BatchReport &r = *m_reports[i];
        const int column = int(i);

        TimelineBatch b;
        b.batchId = r.batchId;
        b.step = r.step;
        b.noData = r.noData;
        b.numInputRows = r.numInputRows;
        b.title = tr("batch %1").arg(r.batchId);
        if (r.noData) {
            b.subtitle = tr("trigger %1 · no-data batch").arg(r.step);
            const int64_t before = i > 0 ? m_reports[i - 1]->watermarkMs : 0;
            if (r.watermarkMs > before && before == 0)
                b.reason = tr("ran because the watermark was set to %1").arg(timeText(r.watermarkMs));
            else if (r.watermarkMs > before)
                b.reason = tr("ran because the watermark moved %1 → %2").arg(timeText(before), timeText(r.watermarkMs));
            else
                b.reason = tr("ran to apply the watermark %1").arg(timeText(r.watermarkMs));
        } else {
            b.subtitle = r.numInputRows == 1 ? tr("trigger %1 · 1 row").arg(r.step)
                                             : tr("trigger %1 · %2 rows").arg(r.step).arg(r.numInputRows);
        }
        const ReportRows &rows = m_rowCache[i];
        if (rows.binMs > 0) {
            b.binned = true;
            b.binMs = rows.binMs;
            b.subtitle = tr("%1 · binned per %2").arg(b.subtitle, delayText(rows.binMs));
        }
        m_batches.push_back(b);

        for (size_t k = 0; k < rows.dots.size(); ++k) {
            m_dots.push_back(rows.dots[k]);
            m_dots.back().batch = column;
            m_dotRanks.push_back(rows.ranks[k]);
        }
        for (const TimelineBin &bin : rows.bins) {
            m_bins.push_back(bin);
            m_bins.back().batch = column;
        }

        // Late rows get a tag beside their marks: how many, and what became of them.
        for (InputRowFate fate : {InputRowFate::DroppedByWatermark, InputRowFate::LateButKept}) {
            std::vector<int64_t> times;
            int64_t count = 0;
            for (const TimelineDot &d : rows.dots) {
                if (d.fate == fate) {
                    ++count;
                    if (d.hasTime)
                        times.push_back(d.timeMs);
                }
            }
            for (const TimelineBin &bin : rows.bins) {
                if (bin.fate == fate) {
                    count += bin.count;
                    if (bin.hasTime)
                        times.push_back(bin.startMs + (bin.endMs - bin.startMs) / 2);
                }
            }
            if (count == 0)
                continue;
            TimelineLateRows late;
            late.batch = column;
            late.fate = fate;
            late.count = count;
            if (!times.empty()) {
                std::nth_element(times.begin(), times.begin() + std::ptrdiff_t(times.size() / 2), times.end());
                late.timeMs = times[times.size() / 2];
            } else {
                late.timeMs = std::numeric_limits<int64_t>::min(); // NULL event times: the NULL line
            }
            const int n = int(std::min<int64_t>(count, std::numeric_limits<int>::max()));
            late.tag = fate == InputRowFate::DroppedByWatermark ? tr("✕ %n late", nullptr, n) : tr("◆ %n late, kept", nullptr, n);
            m_lateRows.push_back(late);
        }

        if (r.eventTime)
            m_maxEventTimes.push_back({column, r.eventTime->maxMs, tr("max %1").arg(timeText(r.eventTime->maxMs))});

        if (r.hasWatermark) {
            TimelineWatermark w;
            w.batch = column;
            w.watermarkMs = r.watermarkMs;
            w.known = r.watermarkMs != 0;
            const int64_t previous = i > 0 ? m_reports[i - 1]->watermarkMs : 0;
            w.moved = w.known && (i == 0 || r.watermarkMs > previous);
            const BatchReport *prev = i > 0 ? m_reports[i - 1].get() : nullptr;
            if (!w.known) {
                w.label = tr("wm: none yet (no event time seen)");
            } else if (w.moved) {
                const WatermarkOrigin &origin = r.watermarkOrigin;
                if (origin.setByBatch >= 0)
                    w.label = tr("wm = %1 − %2 = %3")
                                  .arg(timeText(origin.maxEventTimeMs), delayText(origin.delayMs), timeText(r.watermarkMs));
                else
                    w.label = tr("wm = %1").arg(timeText(r.watermarkMs));
            } else if (prev && !prev->watermarkProposals.empty()) {
                const WatermarkProposal &p = prev->watermarkProposals.front();
                w.label = tr("wm stays %1 (%2 − %3 = %4 is not later)")
                              .arg(timeText(r.watermarkMs), timeText(p.maxEventTimeMs), delayText(p.delayMs),
                                   timeText(p.proposedMs));
            } else {
                w.label = tr("wm = %1 (unchanged)").arg(timeText(r.watermarkMs));
            }
            w.tag = w.known ? tr("wm %1").arg(timeText(r.watermarkMs)) : tr("wm: none yet");
            m_watermarks.push_back(w);
        }

        const int wc = r.hasResultTable ? windowColumnOf(r.resultTable, m_info.windowColumn) : -1;
        if (wc >= 0) {
            const Column &wcol = r.resultTable.columns[size_t(wc)];
            for (size_t row = 0; row < r.resultTable.numRows; ++row) {
                if (wcol.isNull(row))
                    continue;
                const std::pair<int64_t, int64_t> key{floorDiv(wcol.ints()[row], 1000), floorDiv(wcol.ends()[row], 1000)};
                auto [it, inserted] = windowIndex.try_emplace(key, m_windows.size());
                if (inserted) {
                    TimelineWindow window;
                    window.startMs = key.first;
                    window.endMs = key.second;
                    window.label = QStringLiteral("[%1, %2)").arg(timeText(key.first), timeText(key.second));
                    m_windows.push_back(window);
                }
                TimelineWindow &window = m_windows[it->second];
                if (window.segments.empty() || window.segments.back().batch != column) {
                    TimelineWindowSegment s;
                    s.batch = column;
                    window.segments.push_back(s);
                }
                window.segments.back().rows.push_back(int(row));
                window.segments.back().statuses.push_back(row < r.resultStatuses.size() ? r.resultStatuses[row] : ResultRowStatus::Unchanged);
                window.segments.back().written.push_back(row < rows.written.size() && rows.written[row]);
            }
        }
    }

    // The watermark the last batch computed, in force from the next batch on.
    if (!m_reports.empty()) {
        const BatchReport &last = *m_reports.back();
        if (last.hasWatermark && last.nextWatermarkMs > last.watermarkMs) {
            TimelineWatermark w;
            w.batch = int(m_reports.size());
            w.known = true;
            w.moved = true;
            w.pending = true;
            w.watermarkMs = last.nextWatermarkMs;
            const WatermarkOrigin &origin = last.nextWatermarkOrigin;
            if (origin.setByBatch >= 0)
                w.label = tr("next wm = %1 − %2 = %3")
                              .arg(timeText(origin.maxEventTimeMs), delayText(origin.delayMs), timeText(w.watermarkMs));
            else
                w.label = tr("next wm = %1").arg(timeText(w.watermarkMs));
            w.tag = tr("next wm %1").arg(timeText(w.watermarkMs));
            m_watermarks.push_back(w);
        }
    }

    for (TimelineWindow &window : m_windows) {
        for (TimelineWindowSegment &s : window.segments) {
            s.state = windowState(s.statuses, s.written);
            s.stateText = stateText(s.state);
        }
    }
    std::stable_sort(m_windows.begin(), m_windows.end(), [](const TimelineWindow &a, const TimelineWindow &b) {
        return a.startMs != b.startMs ? a.startMs < b.startMs : a.endMs < b.endMs;
    });
    // Lanes: windows that overlap in event time (sliding windows, sessions) side by side.
    std::vector<int64_t> laneEnds;
    for (TimelineWindow &window : m_windows) {
        size_t lane = 0;
        while (lane < laneEnds.size() && laneEnds[lane] > window.startMs)
            ++lane;
        if (lane == laneEnds.size())
            laneEnds.push_back(window.endMs);
        else
            laneEnds[lane] = window.endMs;
        window.lane = int(lane);
    }
    m_numLanes = int(laneEnds.size());
}

double EventTimeTimelineLayout::yForTime(int64_t ms) const
{
    const TimelineGeometry &g = m_geometry;
    return g.lineHeight + 2 * g.padding + double(m_topMs - ms) / m_msPerPixel;
}

int64_t EventTimeTimelineLayout::timeForY(double y) const
{
    const TimelineGeometry &g = m_geometry;
    return m_topMs - int64_t(std::llround((y - g.lineHeight - 2 * g.padding) * m_msPerPixel));
}

int64_t EventTimeTimelineLayout::snapMs() const
{
    static const int64_t kUnits[] = {1000, 5000, 10000, 15000, 30000, 60000, 300000, 600000, 900000, 1800000, 3600000, kDayMs};
    for (int64_t unit : kUnits)
        if (double(unit) / m_msPerPixel >= m_geometry.lineHeight / 2)
            return unit;
    return kDayMs;
}

int EventTimeTimelineLayout::columnAt(double plotX) const
{
    if (plotX < 0 || m_geometry.columnWidth <= 0)
        return -1;
    const int c = int(plotX / m_geometry.columnWidth);
    return c < numBatches() ? c : -1;
}

void EventTimeTimelineLayout::arrange(const QFont &font, QSizeF viewport, double zoom)
{
    TimelineGeometry g;
    const QFontMetricsF fm(font);
    QFont boldFont = font;
    boldFont.setBold(true);
    const QFontMetricsF fmBold(boldFont);
    const double lh = fm.height();
    const double pad = std::max(2.0, std::round(lh * 0.25));
    g.lineHeight = lh;
    g.padding = pad;
    g.dotRadius = std::max(3.0, std::round(lh * 0.28));

    const bool hasNull = std::any_of(m_dots.begin(), m_dots.end(), [](const TimelineDot &d) { return !d.hasTime; })
        || std::any_of(m_bins.begin(), m_bins.end(), [](const TimelineBin &b) { return !b.hasTime; });

    // Gutter first (its width does not depend on the columns): the axis title (rotated), tick
    // labels, then one column of window labels per lane.
    double windowLabelWidth = 0;
    for (const TimelineWindow &w : m_windows)
        windowLabelWidth = std::max(windowLabelWidth, fm.horizontalAdvance(w.label) + 2 * pad);
    double tickWidth = 0;
    // Window bounds label the axis where there are windows; round times (whole seconds) elsewhere.
    if (m_windows.empty())
        tickWidth = fm.horizontalAdvance(m_showDate ? QStringLiteral("0000-00-00 00:00:00") : QStringLiteral("00:00:00"));
    if (hasNull)
        tickWidth = std::max(tickWidth, fm.horizontalAdvance(QStringLiteral("NULL")));
    const double ticksLeft = pad + lh + pad;
    const double lanesLeft = ticksLeft + (tickWidth > 0 ? tickWidth + 2 * pad : 0);
    g.gutterWidth = std::ceil(lanesLeft + m_numLanes * windowLabelWidth + pad);
    g.tickLabelLeft = ticksLeft;
    g.tickLabelWidth = tickWidth;
    g.windowLabelLeft = lanesLeft;

    // Columns: a lane for the dots, the bands (as wide as their widest state chip), then a lane of
    // tags right of the bands (watermark, max event time, late rows) so no tag covers a band.
    const double dotLaneBase = std::max(lh * 1.8, g.dotRadius * 7);
    g.dotLaneWidth = std::max(2 * g.dotRadius + 2 * pad, std::round(dotLaneBase * std::clamp(zoom, 0.4, 4.0)));
    double chipWidth = 0;
    for (const TimelineWindow &w : m_windows) {
        for (const TimelineWindowSegment &segment : w.segments)
            chipWidth = std::max(chipWidth, fm.horizontalAdvance(segment.stateText) + 2 * pad);
    }
    if (!m_windows.empty())
        chipWidth = std::max(chipWidth, fm.horizontalAdvance(stateText(TimelineWindowState::Updated)) + 2 * pad);
    double tagWidth = 0;
    for (const TimelineWatermark &w : m_watermarks)
        tagWidth = std::max(tagWidth, fm.horizontalAdvance(w.tag) + 2 * pad);
    for (const TimelineMaxEventTime &m : m_maxEventTimes)
        tagWidth = std::max(tagWidth, fm.horizontalAdvance(m.label) + 2 * pad);
    for (const TimelineLateRows &late : m_lateRows)
        tagWidth = std::max(tagWidth, fm.horizontalAdvance(late.tag) + 2 * pad);
    // Rows by event time only (no watermark, no windows): the dots get the whole column.
    const bool dotsOnly = m_watermarks.empty() && m_maxEventTimes.empty() && m_windows.empty() && m_lateRows.empty();
    double minColumn = 0;
    if (dotsOnly) {
        minColumn = std::ceil(std::max(g.dotLaneWidth * 2, fm.horizontalAdvance(tr("trigger %1 · %2 rows").arg(0).arg(9999)) + 2 * pad));
    } else {
        const double bands = m_windows.empty() ? 0.0 : std::max(1, m_numLanes) * (chipWidth + 2 * pad);
        minColumn = std::ceil(g.dotLaneWidth + bands + (tagWidth > 0 ? pad + tagWidth : 0.0) + pad);
    }
    for (const TimelineBatch &b : m_batches)
        minColumn = std::max(minColumn, std::ceil(fmBold.horizontalAdvance(tr("▶ %1").arg(b.title)) + 2 * pad));
    const int numColumns = numBatches() + (hasPending() ? 1 : 0);
    // Stretch to a whole number of columns across the view (at most by half of a column when
    // there are fewer columns than room), so scrolling by columns never cuts one in half.
    const double visibleWidth = std::max(0.0, viewport.width() - g.gutterWidth);
    g.columnWidth = minColumn;
    if (visibleWidth > minColumn) {
        const int fit = std::max(1, int(visibleWidth / minColumn));
        if (numColumns >= fit)
            g.columnWidth = std::floor(visibleWidth / fit);
        else
            g.columnWidth = std::min(std::floor(visibleWidth / std::max(1, numColumns)), std::floor(minColumn * 1.5));
    }
    m_numVisibleColumns = std::max(1, int((visibleWidth + 0.5) / g.columnWidth));
    // The extra width goes to the dots and the tags, half each; the bands keep their chip room.
    const double extra = g.columnWidth - minColumn;
    if (dotsOnly) {
        g.dotLaneWidth = g.columnWidth;
        g.bandWidth = g.columnWidth;
        g.tagLaneLeft = g.columnWidth;
    } else {
        g.dotLaneWidth += std::floor(extra / 2);
        g.bandWidth = m_windows.empty() ? g.dotLaneWidth : g.dotLaneWidth + std::max(1, m_numLanes) * (chipWidth + 2 * pad);
        g.tagLaneLeft = (m_windows.empty() ? g.dotLaneWidth : g.bandWidth) + pad;
    }
    g.plotWidth = numColumns * g.columnWidth;

    // Legend, flowed over the viewport's width.
    {
        std::vector<TimelineGeometry::LegendItem> items;
        using Kind = TimelineGeometry::LegendItem::Kind;
        bool fates[5] = {};
        fates[int(InputRowFate::Processed)] = true;
        fates[int(InputRowFate::LateButKept)] = m_info.hasWatermark;
        fates[int(InputRowFate::DroppedByWatermark)] = m_info.hasWatermark;
        for (const TimelineDot &d : m_dots)
            fates[int(d.fate)] = true;
        for (const TimelineBin &b : m_bins)
            fates[int(b.fate)] = true;
        for (InputRowFate fate : {InputRowFate::Processed, InputRowFate::LateButKept, InputRowFate::DroppedByWatermark,
                                  InputRowFate::Filtered, InputRowFate::Duplicate}) {
            if (fates[int(fate)])
                items.push_back({Kind::Fate, int(fate), {}, fateLabel(fate)});
        }
        // Before the first batch the query itself says whether it has a watermark.
        if (!m_watermarks.empty() || m_info.hasWatermark)
            items.push_back({Kind::Watermark, 0, {}, tr("watermark (wm)")});
        else if (m_info.isStateful)
            items.push_back({Kind::Note, 0, {}, tr("no watermark: no row is late, no state is evicted")});
        else
            items.push_back({Kind::Note, 0, {}, tr("no watermark, no state: every row passes once")});
        if (!m_maxEventTimes.empty())
            items.push_back({Kind::MaxEventTime, 0, {}, tr("max event time")});
        if (!m_bins.empty())
            items.push_back({Kind::Note, 1, {}, tr("batches over %1 rows: rows binned by fate and event time, bar length ∝ rows (hover for counts)").arg(kMaxDotsPerBatch)});
        // The state of a window is written on its band; one swatch says what a band is.
        if (!m_windows.empty())
            items.push_back({Kind::Window, int(TimelineWindowState::Updated), {}, tr("window [start, end)")});
        if (!m_highlightedDots.empty())
            items.push_back({Kind::Highlight, 0, {}, m_highlightText});
        double x = pad;
        double y = pad;
        const double width = std::max(viewport.width(), 200.0);
        for (auto &item : items) {
            const double w = lh + pad + fm.horizontalAdvance(item.text) + 3 * pad;
            if (x > pad && x + w > width - pad) {
                x = pad;
                y += lh + pad;
            }
            item.rect = QRectF(x, y, w - 2 * pad, lh);
            x += w;
        }
        g.legend = std::move(items);
        g.legendHeight = y + lh + pad;
    }

    // Headers under the columns.
    const double textWidth = g.columnWidth - 2 * pad;
    const auto wrappedHeight = [&fm, textWidth](const QString &text) {
        return text.isEmpty() ? 0.0 : fm.boundingRect(QRectF(0, 0, textWidth, 1e6), Qt::TextWordWrap, text).height();
    };
    for (int c = 0; c < numColumns; ++c) {
        TimelineGeometry::Header h;
        if (c < numBatches()) {
            h.title = m_batches[size_t(c)].title;
            h.subtitle = m_batches[size_t(c)].subtitle;
            h.reason = m_batches[size_t(c)].reason;
        } else {
            h.title = tr("next batch");
            h.subtitle = tr("not run yet");
        }
        const double subtitleHeight = wrappedHeight(h.subtitle);
        const double height = pad + lh + subtitleHeight + wrappedHeight(h.reason) + pad;
        h.rect = QRectF(c * g.columnWidth, 0, g.columnWidth, height);
        g.headerHeight = std::max(g.headerHeight, height);
        // Why a no-data batch ran, under its subtitle (header coordinates).
        if (!h.reason.isEmpty())
            g.reasons.push_back({c, QRectF(c * g.columnWidth + pad, pad + lh + subtitleHeight, textWidth, wrappedHeight(h.reason)), h.reason});
        g.headers.push_back(h);
    }
    g.headerHeight = std::max(g.headerHeight, 2 * lh + 2 * pad);
    for (auto &h : g.headers)
        h.rect.setHeight(g.headerHeight);

    // Plot height: what the viewport leaves, more when a window band would be lower than a label.
    const double topMargin = lh + 2 * pad;
    const double bottomMargin = lh + 2 * pad + (hasNull ? 2 * lh : 0);
    const double available = viewport.height() - g.legendHeight - g.headerHeight;
    int64_t span = std::max<int64_t>(1000, m_maxMs - m_minMs);
    double required = 0;
    for (const TimelineWindow &w : m_windows) {
        const double duration = double(std::max<int64_t>(1, w.endMs - w.startMs));
        required = std::max(required, double(span) * (lh + 2 * pad) / duration);
    }
    const double timeHeight = std::max({available - topMargin - bottomMargin, 5 * lh, std::min(required, 8000.0)});
    g.plotHeight = topMargin + timeHeight + bottomMargin;
    m_topMs = m_maxMs;
    if (m_maxMs == m_minMs)
        m_topMs = m_maxMs + span / 2;
    m_msPerPixel = double(span) / timeHeight;
    m_geometry = g; // yForTime reads lineHeight and padding
    g.nullLineY = hasNull ? g.plotHeight - pad - lh : -1;

    // Ticks at a round step at least two and a half lines apart.
    static const int64_t kSteps[] = {1000, 2000, 5000, 10000, 15000, 30000, 60000, 120000, 300000, 600000, 900000,
                                     1800000, 3600000, 7200000, 10800000, 21600000, 43200000, kDayMs, 2 * kDayMs, 7 * kDayMs};
    int64_t step = kSteps[std::size(kSteps) - 1];
    for (int64_t s : kSteps) {
        if (double(s) / m_msPerPixel >= 2.5 * lh) {
            step = s;
            break;
        }
    }
    const int64_t bottomMs = m_topMs - int64_t(timeHeight * m_msPerPixel);
    for (int64_t t = floorDiv(bottomMs + step - 1, step) * step; t <= m_topMs && m_windows.empty() && !m_reports.empty(); t += step)
        g.ticks.push_back({yForTime(t), timeText(t)});
    if (hasNull)
        g.ticks.push_back({g.nullLineY, QStringLiteral("NULL")});
    g.axisTitleRect = QRectF(pad, 0, lh, g.plotHeight);
    g.cornerRect = QRectF(0, 0, g.gutterWidth, g.headerHeight);

    // Window labels: centred on their band, pushed apart within a lane when bands are thin.
    g.windowLabels.resize(m_windows.size());
    for (int lane = 0; lane < m_numLanes; ++lane) {
        std::vector<size_t> order;
        for (size_t i = 0; i < m_windows.size(); ++i) {
            if (m_windows[i].lane == lane)
                order.push_back(i);
        }
        std::sort(order.begin(), order.end(), [this](size_t a, size_t b) { return m_windows[a].endMs > m_windows[b].endMs; });
        double bottom = 0;
        for (size_t i : order) {
            const TimelineWindow &w = m_windows[i];
            const double centre = (yForTime(w.endMs) + yForTime(w.startMs)) / 2;
            const double top = std::max(centre - lh / 2, bottom + 1);
            g.windowLabels[i] = {QRectF(lanesLeft + lane * windowLabelWidth, top, windowLabelWidth - pad, lh), centre, w.label};
            bottom = top + lh;
        }
        double limit = g.plotHeight;
        for (auto it = order.rbegin(); it != order.rend(); ++it) {
            QRectF &r = g.windowLabels[*it].rect;
            if (r.bottom() > limit - 1)
                r.moveTop(limit - 1 - lh);
            limit = r.top();
        }
    }

    // Dots: in their column's lane, neighbours in time side by side.
    g.dots.resize(m_dots.size());
    {
        const int slotCount = std::max(1, int((g.dotLaneWidth - 2 * pad) / (2.4 * g.dotRadius)));
        const double slotWidth = (g.dotLaneWidth - 2 * pad) / slotCount;
        for (size_t i = 0; i < m_dots.size(); ++i) {
            const TimelineDot &d = m_dots[i];
            const double x = columnLeft(d.batch) + pad + slotWidth * (double(m_dotRanks[i] % slotCount) + 0.5);
            g.dots[i] = QPointF(x, d.hasTime ? yForTime(d.timeMs) : g.nullLineY);
        }
    }

    // Bins: one bar per fate and bucket, the fates of a column side by side in its dot lane, the
    // length of a bar proportional to its rows (the column's fullest bin spans its sub-lane).
    g.bins.resize(m_bins.size());
    for (size_t first = 0; first < m_bins.size();) {
        size_t last = first;
        int64_t most = 1;
        bool present[5] = {};
        while (last < m_bins.size() && m_bins[last].batch == m_bins[first].batch) {
            most = std::max(most, m_bins[last].count);
            present[int(m_bins[last].fate)] = true;
            ++last;
        }
        int slot[5] = {};
        int numSlots = 0;
        for (int f = 0; f < 5; ++f)
            slot[f] = present[f] ? numSlots++ : 0;
        const double laneWidth = (g.dotLaneWidth - 2 * pad) / std::max(1, numSlots);
        for (size_t i = first; i < last; ++i) {
            const TimelineBin &b = m_bins[i];
            const double left = columnLeft(b.batch) + pad + slot[int(b.fate)] * laneWidth;
            const double length = std::max(2.0, (laneWidth - 1) * double(b.count) / double(most));
            double top = b.hasTime ? yForTime(b.endMs) : g.nullLineY - g.dotRadius;
            double bottom = b.hasTime ? yForTime(b.startMs) : g.nullLineY + g.dotRadius;
            if (bottom - top < 2) {
                const double centre = (top + bottom) / 2;
                top = centre - 1;
                bottom = centre + 1;
            }
            g.bins[i] = QRectF(left, top, length, bottom - top);
        }
        first = last;
    }

    // Window segments, each with a chip saying its state, centred in the band; the bands leave the
    // tag lane free.
    const double laneColumnWidth = m_numLanes > 0 ? g.bandWidth / m_numLanes : g.bandWidth;
    for (size_t wi = 0; wi < m_windows.size(); ++wi) {
        const TimelineWindow &w = m_windows[wi];
        for (size_t si = 0; si < w.segments.size(); ++si) {
            const TimelineWindowSegment &s = w.segments[si];
            const double top = yForTime(w.endMs);
            const double bottom = yForTime(w.startMs);
            const QRectF rect(columnLeft(s.batch) + w.lane * laneColumnWidth + 1, top, laneColumnWidth - 2, bottom - top);
            const double chipWidth = std::min(fm.horizontalAdvance(s.stateText) + 2 * pad, rect.width() - 2);
            const QRectF chip(rect.right() - chipWidth - 1, rect.center().y() - lh / 2, chipWidth, lh);
            g.segments.push_back({int(wi), int(si), rect, chip, s.stateText});
        }
    }

    // Tags in the lane right of the bands, at the height they describe (above or below their line,
    // the nearest free place first), clear of each other.
    std::vector<std::vector<QRectF>> taken(static_cast<size_t>(std::max(numColumns, 1)));
    const double tagLeft = g.tagLaneLeft;
    const double tagRoom = std::max(lh, g.columnWidth - g.tagLaneLeft - pad);
    const auto place = [&](int column, double lineY, const QString &text, bool preferAbove) {
        const double width = std::min(tagRoom, fm.horizontalAdvance(text) + 2 * pad);
        const double height = lh + 2;
        const double x = columnLeft(column) + tagLeft;
        std::vector<double> ys;
        const double above = lineY - height - 1;
        const double below = lineY + 2;
        for (int k = 0; k <= 12; ++k) {
            const double shift = k * lh / 2;
            ys.push_back(preferAbove ? above - shift : below + shift);
            ys.push_back(preferAbove ? below + shift : above - shift);
        }
        for (double y = 0; y + height <= g.plotHeight; y += lh / 4)
            ys.push_back(y);
        std::stable_sort(ys.begin() + 26, ys.end(), [lineY, height](double a, double b) {
            return std::abs(a + height / 2 - lineY) < std::abs(b + height / 2 - lineY);
        });
        auto &mine = taken[size_t(column)];
        for (double y : ys) {
            const QRectF r(x, std::clamp(y, 0.0, std::max(0.0, g.plotHeight - height)), width, height);
            if (!intersectsAny(r, mine)) {
                mine.push_back(r);
                return r;
            }
        }
        const QRectF r(x, std::clamp(above, 0.0, std::max(0.0, g.plotHeight - height)), width, height);
        mine.push_back(r);
        return r;
    };
    for (const TimelineWatermark &w : m_watermarks) {
        if (!w.known) {
            const double y = g.plotHeight - bottomMargin;
            g.watermarks.push_back({QLineF(), place(w.batch, y, w.tag, true)});
            continue;
        }
        const double y = yForTime(w.watermarkMs);
        const QLineF line(columnLeft(w.batch), y, columnLeft(w.batch) + g.columnWidth, y);
        g.watermarks.push_back({line, place(w.batch, y, w.tag, false)});
    }
    for (const TimelineMaxEventTime &m : m_maxEventTimes) {
        const double y = yForTime(m.maxMs);
        const QLineF line(columnLeft(m.batch), y, columnLeft(m.batch) + g.columnWidth, y);
        g.maxEventTimes.push_back({line, place(m.batch, y, m.label, true)});
    }
    for (size_t i = 0; i < m_lateRows.size(); ++i) {
        const TimelineLateRows &late = m_lateRows[i];
        const double y = late.timeMs == std::numeric_limits<int64_t>::min() ? g.nullLineY : yForTime(late.timeMs);
        const QRectF r = place(late.batch, y - lh / 2, late.tag, false);
        g.lateTags.push_back({int(i), r});
    }
    m_geometry = std::move(g);
}

QString EventTimeTimelineLayout::dotToolTip(int index) const
{
    const TimelineDot &d = m_dots[size_t(index)];
    const BatchReport &r = *m_reports[size_t(d.batch)];
    QStringList lines;
    // Rows count from 0, as batches, triggers and the engine's sentences do.
    lines << tr("Batch %1, input row %2: %3").arg(r.batchId).arg(d.row).arg(fateLabel(d.fate));
    lines << rowText(r.input, d.row, -1);
    lines << tr("event time (%1): %2").arg(m_info.eventTimeName, d.hasTime ? timeText(d.timeMs) : QStringLiteral("NULL"));
    if (r.hasWatermark)
        lines << tr("watermark in force: %1").arg(r.watermarkMs != 0 ? timeText(r.watermarkMs) : tr("none yet"));
    // The engine's why, with its numbers, when the run recorded them (Run::setExplain).
    if (m_info.query && size_t(d.row) < r.inputFacts.size()) {
        lines << tr("Why: %1").arg(translatedSentence(whyInputRow(*m_info.query, r, size_t(d.row))));
        return lines.join(QLatin1Char('\n'));
    }
    switch (d.fate) {
    case InputRowFate::LateButKept:
        lines << tr("At or before the watermark, but its window is still open, so it still counts.");
        break;
    case InputRowFate::DroppedByWatermark:
        lines << tr("Its window ended at or before the watermark: dropped as late, not counted.");
        break;
    case InputRowFate::Filtered:
        lines << tr("Removed by a filter (or a NULL event time).");
        break;
    case InputRowFate::Duplicate:
        lines << tr("Dropped by dropDuplicates: already seen.");
        break;
    case InputRowFate::Processed:
        break;
    }
    return lines.join(QLatin1Char('\n'));
}

QString EventTimeTimelineLayout::binToolTip(int index) const
{
    const TimelineBin &b = m_bins[size_t(index)];
    const TimelineBatch &batch = m_batches[size_t(b.batch)];
    const QLocale locale;
    const QString rows = b.count == 1 ? tr("1 row %1").arg(fateLabel(b.fate))
                                      : tr("%1 rows %2").arg(locale.toString(qlonglong(b.count)), fateLabel(b.fate));
    QStringList lines;
    if (b.hasTime)
        lines << tr("%1 in [%2, %3)").arg(rows, timeText(b.startMs), timeText(b.endMs));
    else
        lines << tr("%1 with a NULL event time (%2)").arg(rows, m_info.eventTimeName);
    lines << tr("Batch %1 has %2 rows: too many for a dot each, so they are counted per %3 of event time.")
                 .arg(batch.batchId)
                 .arg(locale.toString(qlonglong(batch.numInputRows)), delayText(batch.binMs));
    return lines.join(QLatin1Char('\n'));
}

QString EventTimeTimelineLayout::segmentToolTip(int window, int segment) const
{
    const TimelineWindow &w = m_windows[size_t(window)];
    const TimelineWindowSegment &s = w.segments[size_t(segment)];
    const BatchReport &r = *m_reports[size_t(s.batch)];
    const int wc = windowColumnOf(r.resultTable, m_info.windowColumn);
    QStringList lines;
    lines << tr("Window %1 after batch %2: %3").arg(w.label).arg(r.batchId).arg(s.stateText);
    const BatchReport *previous = s.batch > 0 ? m_reports[size_t(s.batch - 1)].get() : nullptr;
    for (size_t k = 0; k < s.rows.size(); ++k) {
        // The engine's why of each group: its status, and whether and why the batch wrote it.
        const QString why = m_info.query ? translatedSentence(whyResultRow(*m_info.query, r, previous, size_t(s.rows[k])))
                                         : statusText(s.statuses[k]);
        lines << QStringLiteral("%1 — %2").arg(rowText(r.resultTable, s.rows[k], wc), why);
    }
    return lines.join(QLatin1Char('\n'));
}

QString EventTimeTimelineLayout::watermarkToolTip(int entry) const
{
    const TimelineWatermark &w = m_watermarks[size_t(entry)];
    if (w.pending)
        return tr("%1\ncomputed from batch %2, in force from the next batch").arg(w.label).arg(m_batches.back().batchId);
    return tr("%1\nin force during batch %2 (rows at or before it are late)").arg(w.label).arg(m_batches[size_t(w.batch)].batchId);
}

QString EventTimeTimelineLayout::lateRowsToolTip(int entry) const
{
    const TimelineLateRows &late = m_lateRows[size_t(entry)];
    const BatchReport &r = *m_reports[size_t(late.batch)];
    const int n = int(std::min<int64_t>(late.count, std::numeric_limits<int>::max()));
    const QString watermark = timeText(r.watermarkMs);
    if (late.fate == InputRowFate::DroppedByWatermark)
        return tr("Batch %1: %n row(s) arrived too late: at or before the watermark %2, in a window that had already "
                  "ended, so they were dropped and counted nowhere.", nullptr, n)
            .arg(r.batchId)
            .arg(watermark);
    return tr("Batch %1: %n row(s) arrived late (at or before the watermark %2), but their window was still open, so "
              "they still count.", nullptr, n)
        .arg(r.batchId)
        .arg(watermark);
}

QString EventTimeTimelineLayout::batchToolTip(int column) const
{
    if (column < 0 || column >= numBatches())
        return {};
    const TimelineBatch &b = m_batches[size_t(column)];
    const BatchReport &r = *m_reports[size_t(column)];
    QStringList lines;
    lines << QStringLiteral("%1 — %2").arg(b.title, b.subtitle);
    if (!b.reason.isEmpty())
        lines << b.reason;
    if (r.hasWatermark)
        lines << tr("watermark in force: %1").arg(r.watermarkMs != 0 ? timeText(r.watermarkMs) : tr("none yet"));
    if (r.eventTime)
        lines << tr("max event time: %1").arg(timeText(r.eventTime->maxMs));
    if (r.numRowsDroppedByWatermark > 0)
        lines << tr("rows dropped by watermark: %1").arg(r.numRowsDroppedByWatermark);
    lines << tr("Click to show this batch.");
    return lines.join(QLatin1Char('\n'));
}

} // namespace streamstep
