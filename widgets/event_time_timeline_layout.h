// Computes what the event-time timeline shows, and where, from the engine's batch reports alone:
// one dot per input row with its fate (for a batch of more than kMaxDotsPerBatch rows: the rows
// counted per fate and event-time bucket instead, so a million-row batch costs one pass and no
// sort on the GUI thread), the watermark and max event time as step lines labelled
// with their arithmetic, every window of the result table as a band with its state per batch,
// and a column per batch (a no-data batch too, labelled with why it ran). A column is a dot lane,
// the bands (with their state chips) and, right of them, a lane of short tags ("wm 10:07:30",
// "max 10:21", "✕ 2 late") at the height they describe, so no label ever covers a band. Columns
// stretch to fill the view in whole columns, so none is ever cut in half. Kept apart from the
// painting widget so tests can check texts, states and overlaps without looking at pixels.
// Spark: the figures of the Structured Streaming programming guide ("Handling Late Data and
// Watermarking"), but drawn from what the engine recorded, not from a sketch.
#pragma once

#include "streamstep/engine.h"

#include <QCoreApplication>
#include <QFont>
#include <QLineF>
#include <QRectF>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <vector>

namespace streamstep {

// What the timeline needs to know about the query beyond the reports.
struct TimelineQueryInfo {
    int eventTimeColumn = -1; // in the input (source) schema; -1: no timestamp to place rows by
    QString eventTimeName;
    bool hasWatermark = false;
    int64_t delayMs = 0;    // withWatermark's delay
    int windowColumn = -1;  // in the result schema; -1: the result table's first window column
    // The query aggregates (keeps state); without it, rows just pass and nothing is evicted.
    bool isStateful = false;
    // The query itself, when known: hovering a dot or a band says the engine's why (why.h).
    std::shared_ptr<const Query> query;

    // The source column the first withWatermark's event time comes from (Query::watermarks), else
    // the first timestamp column of the source (rows of a query without watermark are still
    // placed by their event time).
    static TimelineQueryInfo fromQuery(const Query &query);
    static TimelineQueryInfo fromQuery(const std::shared_ptr<const Query> &query);
    // The same for a scenario's query; empty when the query is rejected.
    static TimelineQueryInfo fromScenario(const Scenario &scenario);
};

// A window's state in one batch, from the statuses of its groups (rows of the result table).
enum class TimelineWindowState : uint8_t {
    Open,    // in state, untouched by this batch
    New,     // entered state in this batch
    Updated, // changed by this batch
    Final,   // passed the watermark in this batch: written (append) and evicted
    Evicted, // evicted in an earlier batch, kept in the picture
    EvictedUnwritten, // passed the watermark in this batch and evicted, but not written (update)
};

struct TimelineBatch {
    int64_t batchId = 0;
    int step = 0;
    bool noData = false;
    int64_t numInputRows = 0;
    QString title;    // "batch 2"
    QString subtitle; // "trigger 1 · 4 rows" / "trigger 1 · no-data batch"
    QString reason;   // why a no-data batch ran; empty otherwise
    bool binned = false; // more rows than kMaxDotsPerBatch: counted in bins, not one dot each
    int64_t binMs = 0;   // the event-time width of its bins
};

struct TimelineDot {
    int batch = 0;
    int row = 0;
    bool hasTime = false; // false: NULL event time (drawn on the "NULL" line below the axis)
    int64_t timeMs = 0;
    InputRowFate fate = InputRowFate::Processed;
};

// The rows of a big batch with one fate whose event time is in [startMs, endMs), or NULL: drawn
// as one bar whose length says how many there are. Counts add up to the engine's per fate.
struct TimelineBin {
    int batch = 0;
    InputRowFate fate = InputRowFate::Processed;
    bool hasTime = true;
    int64_t startMs = 0;
    int64_t endMs = 0;
    int64_t count = 0;
};

// The watermark in force during a batch: a horizontal step across its column.
struct TimelineWatermark {
    int batch = 0;     // index of the column; numBatches() for the pending next watermark
    bool known = false; // false while still the epoch (no event time seen yet)
    int64_t watermarkMs = 0;
    bool moved = false; // higher than in the previous column
    bool pending = false; // computed by the last batch, in force from the next one
    QString label;      // "wm = 10:17:30 − 10 min = 10:07:30"
    QString tag;        // beside the line: "wm 10:07:30"
};

struct TimelineMaxEventTime {
    int batch = 0;
    int64_t maxMs = 0;
    QString label; // "max 10:17:30"
};

// The late rows of a batch with one fate (dropped, or late but kept): a tag beside their marks.
struct TimelineLateRows {
    int batch = 0;
    InputRowFate fate = InputRowFate::DroppedByWatermark;
    int64_t count = 0;
    int64_t timeMs = 0; // the middle of their event times, where the tag goes
    QString tag;        // "✕ 2 late"
};

struct TimelineWindowSegment {
    int batch = 0;
    TimelineWindowState state = TimelineWindowState::Open;
    std::vector<int> rows;                  // rows of the batch's result table in this window
    std::vector<ResultRowStatus> statuses;  // the engine's status of each of those rows
    std::vector<bool> written;              // whether the batch wrote each of those rows
    QString stateText;                      // "final", "updated", …
};

struct TimelineWindow {
    int64_t startMs = 0;
    int64_t endMs = 0;
    int lane = 0;  // windows that overlap in time (sliding, sessions) get different lanes
    QString label; // "[10:00, 10:05)"
    std::vector<TimelineWindowSegment> segments; // one per batch the window is in the result table

    const TimelineWindowSegment *segmentAt(int batch) const;
};

// Pixel positions, computed by arrange(). Plot coordinates start at the first column's left edge
// and the plot's top edge; gutter coordinates at the widget's left edge and the plot's top edge;
// header and legend coordinates at their own top-left corners.
struct TimelineGeometry {
    double lineHeight = 0;
    double padding = 0;
    double dotRadius = 0;
    double legendHeight = 0;
    double gutterWidth = 0;
    double headerHeight = 0;
    double columnWidth = 0;
    double dotLaneWidth = 0;
    double bandWidth = 0;   // a band spans this much of its column, from the column's left edge
    double tagLaneLeft = 0; // the tags start this far right of the column's left edge
    double plotWidth = 0;
    double plotHeight = 0;
    double nullLineY = -1; // y of the NULL event-time line, -1 without one
    double tickLabelLeft = 0;
    double tickLabelWidth = 0;
    double windowLabelLeft = 0;

    struct Tick { double y; QString text; };
    struct Label { QRectF rect; QString text; };
    struct WindowLabel { QRectF rect; double anchorY; QString text; };
    struct Segment { int window; int segment; QRectF rect; QRectF chip; QString chipText; };
    struct Step { QLineF line; QRectF labelRect; };
    struct LegendItem { enum class Kind { Fate, Watermark, MaxEventTime, Window, Note, Highlight } kind; int value; QRectF rect; QString text; };
    struct Header { QRectF rect; QString title; QString subtitle; QString reason; };
    struct Reason { int column; QRectF rect; QString text; };
    struct Tag { int entry; QRectF rect; };

    std::vector<Tick> ticks;                 // gutter coordinates
    QRectF axisTitleRect;                    // gutter coordinates (text drawn rotated)
    std::vector<WindowLabel> windowLabels;   // gutter coordinates, one per window
    std::vector<QPointF> dots;               // plot coordinates, one per dot
    std::vector<QRectF> bins;                // plot coordinates, one per bin
    std::vector<Segment> segments;           // plot coordinates
    std::vector<Step> watermarks;            // plot coordinates, one per watermark entry
    std::vector<Step> maxEventTimes;         // plot coordinates, one per max entry
    std::vector<Tag> lateTags;               // plot coordinates, one per late-rows entry
    std::vector<Header> headers;             // header coordinates, one per column (+ pending)
    std::vector<Reason> reasons;             // header coordinates, one per no-data batch, under its subtitle
    std::vector<LegendItem> legend;          // legend coordinates
    QRectF cornerRect;                       // below the gutter, beside the headers
};

class EventTimeTimelineLayout {
    Q_DECLARE_TR_FUNCTIONS(EventTimeTimeline)
public:
    // Batches with more rows than this are drawn as bins (lessons stay far below it).
    static constexpr int64_t kMaxDotsPerBatch = 2000;
    // About this many bins per fate across a binned batch's event-time range.
    static constexpr int64_t kBinsPerBatch = 400;

    // Reports seen before (the same shared pointer) reuse their dots or bins: only new ones
    // cost a pass over their rows.
    void setReports(std::vector<std::shared_ptr<const BatchReport>> reports, const TimelineQueryInfo &info);
    void clear();
    // Rings the dots of these input rows (index into the reports, row of its input), with a legend
    // entry saying what they are ("went into the selected row"); empty removes the rings. Rows of
    // binned batches have no dot and are left out. Takes effect with the next arrange().
    void setHighlightedRows(const std::vector<std::pair<int, int>> &rows, const QString &legendText);
    // The dots ringed, ascending.
    const std::vector<int> &highlightedDots() const { return m_highlightedDots; }

    const std::vector<std::shared_ptr<const BatchReport>> &reports() const { return m_reports; }
    const TimelineQueryInfo &info() const { return m_info; }
    int numBatches() const { return static_cast<int>(m_batches.size()); }
    bool hasPending() const;
    const std::vector<TimelineBatch> &batches() const { return m_batches; }
    const std::vector<TimelineDot> &dots() const { return m_dots; }
    const std::vector<TimelineBin> &bins() const { return m_bins; }
    const std::vector<TimelineWatermark> &watermarks() const { return m_watermarks; }
    const std::vector<TimelineMaxEventTime> &maxEventTimes() const { return m_maxEventTimes; }
    const std::vector<TimelineLateRows> &lateRows() const { return m_lateRows; }
    const std::vector<TimelineWindow> &windows() const { return m_windows; }
    int numLanes() const { return m_numLanes; }
    int64_t minTimeMs() const { return m_minMs; }
    int64_t maxTimeMs() const { return m_maxMs; }

    // Lays everything out for a font and a viewport (the visible part, without scroll bars):
    // the plot is at least as high as the viewport leaves, and higher when that is needed to give
    // every window band room for its label. zoom widens or narrows the batch columns; columns
    // then stretch so that a whole number of them fills the viewport's width.
    void arrange(const QFont &font, QSizeF viewport, double zoom = 1.0);
    const TimelineGeometry &geometry() const { return m_geometry; }
    double yForTime(int64_t ms) const;
    // The event time at a plot y (the inverse of yForTime), and the unit a dragged dot's event
    // time snaps to: the roundest second/minute/hour step at least half a line high.
    int64_t timeForY(double y) const;
    int64_t snapMs() const;
    double columnLeft(int column) const { return column * m_geometry.columnWidth; }
    // The column (batch index) at a plot x; -1 outside the batches.
    int columnAt(double plotX) const;
    // How many whole columns the viewport shows side by side.
    int numVisibleColumns() const { return m_numVisibleColumns; }

    // Texts for hovering (plain text, several lines).
    QString dotToolTip(int dot) const;
    QString binToolTip(int bin) const; // "1,234 rows on time in [10:00, 10:00:05)"
    QString segmentToolTip(int window, int segment) const;
    QString watermarkToolTip(int entry) const;
    QString lateRowsToolTip(int entry) const;
    QString batchToolTip(int column) const;

    // "10:04", "10:04:30", "10:04:30.250" (with the date when the timeline spans days).
    QString timeText(int64_t ms) const;
    static QString delayText(int64_t ms); // "10 min", "1 h 30 min", "45 s", "500 ms"
    static QString fateText(InputRowFate fate);
    // The fate as this query's legend says it: a query without watermark has no "on time".
    QString fateLabel(InputRowFate fate) const;
    static QString stateText(TimelineWindowState state);

private:
    // The rows of one report, computed once per report.
    struct ReportRows {
        std::shared_ptr<const BatchReport> report;
        int eventTimeColumn = -1;
        bool anyTime = false;
        int64_t minMs = 0;
        int64_t maxMs = 0;
        int64_t binMs = 0; // 0: dots
        std::vector<TimelineDot> dots; // batch 0; set when copied
        std::vector<int> ranks;
        std::vector<TimelineBin> bins;
        std::vector<bool> written; // per result-table row: the batch wrote it
    };
    static ReportRows reportRows(const std::shared_ptr<const BatchReport> &report, const Column *times, int eventTimeColumn);

    void build();
    QString rowText(const ColumnBatch &batch, int row, int skipColumn) const;

    std::vector<std::shared_ptr<const BatchReport>> m_reports;
    TimelineQueryInfo m_info;
    std::vector<TimelineBatch> m_batches;
    std::vector<TimelineDot> m_dots;
    std::vector<int> m_dotRanks;
    std::vector<TimelineBin> m_bins;
    std::vector<ReportRows> m_rowCache; // one per report, by column
    std::vector<TimelineWatermark> m_watermarks;
    std::vector<TimelineMaxEventTime> m_maxEventTimes;
    std::vector<TimelineLateRows> m_lateRows;
    std::vector<TimelineWindow> m_windows;
    int m_numLanes = 0;
    int m_numVisibleColumns = 1;
    std::vector<int> m_highlightedDots;
    QString m_highlightText;
    int64_t m_minMs = 0;
    int64_t m_maxMs = 0;
    bool m_showDate = false;
    TimelineGeometry m_geometry;
    double m_msPerPixel = 1;
    int64_t m_topMs = 0;
};

} // namespace streamstep
