// Paints the event-time timeline (Spark programming guide's watermark figures, computed from the
// engine's reports): batches left to right, event time upwards, every input row a dot shaped by
// its fate (in a batch of thousands of rows, a bar per fate and event-time bucket whose length is
// its number of rows), the max event time and watermark as labelled step lines, every window a band with
// its state per batch. The y axis and window labels stay put while the batches scroll
// sideways, a whole column at a time (no column is ever cut in half); Ctrl+wheel zooms the batch
// columns. Clicking a batch asks to show it everywhere.
#pragma once

#include "event_time_timeline_layout.h"

#include <QAbstractScrollArea>

namespace streamstep {

class EventTimeTimeline : public QAbstractScrollArea {
    Q_OBJECT
public:
    explicit EventTimeTimeline(QWidget *parent = nullptr);

    void setReports(std::vector<std::shared_ptr<const BatchReport>> reports, const TimelineQueryInfo &info);
    void clear();
    // Rings the dots of input rows linked to the selected row (see EventTimeTimelineLayout).
    void setHighlightedRows(const std::vector<std::pair<int, int>> &rows, const QString &legendText);
    // Highlights a batch (index into the reports) and scrolls it into view; -1 for none.
    void setCurrentBatch(int index);
    int currentBatch() const { return m_currentBatch; }

    const EventTimeTimelineLayout &timelineLayout() const { return m_layout; }
    double zoom() const { return m_zoom; }
    void setZoom(double zoom);

    // Where things are in viewport coordinates (for hovering, clicking and tests).
    QPointF viewportPosOfDot(int dot) const;
    QPointF viewportPosOfBin(int bin) const;
    QPointF viewportPosOfSegment(int geometrySegment) const;
    QPointF viewportPosOfWindowLabel(int window) const;
    QPointF viewportPosOfLateTag(int tag) const;
    QPointF viewportPosOfHeader(int column) const;
    // The batch under a viewport point (plot or header), -1 elsewhere.
    int batchAt(QPointF viewportPos) const;
    // What hovering at a viewport point shows; empty where there is nothing to tell.
    QString toolTipAt(QPointF viewportPos) const;

    // Dragging a dot (an input row) to another batch column and/or event time: where it would
    // land for a drag from its dot to a viewport point ({-1, 0} where it cannot go), and the
    // text shown while dragging. A drag that stays within two dot radii vertically keeps the
    // row's event time; otherwise the time snaps to the layout's snapMs().
    struct DropTarget {
        int batch = -1;
        int64_t timeMs = 0;
    };
    DropTarget dropTargetAt(int dot, QPointF viewportPos) const;
    bool isDragging() const { return m_dragging; }
    QString dragText() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void batchClicked(int index);
    // A dot was dropped: row `row` of report `fromBatch` goes to the step of report `toBatch`
    // with event time `timeMs` (milliseconds, as drawn).
    void rowDropped(int fromBatch, int row, int toBatch, qint64 timeMs);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    void relayout();
    void ensureColumnVisible(int column);
    double scrollX() const; // plot x at the gutter's right edge
    QPointF plotOrigin() const; // viewport position of plot coordinate (0, 0)
    QRectF plotViewportRect() const;
    QRectF headerViewportRect() const;
    QRectF gutterViewportRect() const;

    EventTimeTimelineLayout m_layout;
    int m_currentBatch = -1;
    double m_zoom = 1.0;
    int dotAt(QPointF viewportPos) const;
    void cancelDrag();
    int m_dragDot = -1; // the dot pressed, -1 for none
    QPointF m_pressPos;
    bool m_dragging = false;
    DropTarget m_drop;
};

} // namespace streamstep
