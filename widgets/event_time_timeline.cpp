#include "event_time_timeline.h"

#include <QEvent>
#include <QApplication>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace streamstep {

namespace {

// Okabe–Ito colours (safe for colour-blind readers), a lighter set on dark palettes; every mark
// also has its own shape, line style or text, so none relies on colour alone.
struct TimelineColors {
    QColor base, text, mid, grid, highlight;
    QColor fate[5];
    QColor watermark, maxEventTime;
    QColor state[6];
    QColor ring; // rows linked to the selected one (provenance)
};

TimelineColors colorsFor(const QPalette &palette)
{
    TimelineColors c;
    c.base = palette.color(QPalette::Base);
    c.text = palette.color(QPalette::Text);
    const bool dark = c.base.lightness() < 128;
    c.mid = dark ? QColor(0x9a, 0x9a, 0x9a) : QColor(0x70, 0x70, 0x70);
    c.grid = dark ? QColor(0x48, 0x48, 0x48) : QColor(0xe2, 0xe2, 0xe2);
    c.highlight = palette.color(QPalette::Highlight);
    c.fate[int(InputRowFate::Processed)] = dark ? QColor(0x56, 0xb4, 0xe9) : QColor(0x00, 0x72, 0xb2);
    c.fate[int(InputRowFate::LateButKept)] = dark ? QColor(0xe6, 0x9f, 0x00) : QColor(0xc0, 0x6a, 0x00);
    c.fate[int(InputRowFate::DroppedByWatermark)] = dark ? QColor(0xff, 0x70, 0x60) : QColor(0xc0, 0x1c, 0x1c);
    c.fate[int(InputRowFate::Filtered)] = c.mid;
    c.fate[int(InputRowFate::Duplicate)] = dark ? QColor(0xe8, 0x9b, 0xc8) : QColor(0xa0, 0x3c, 0x80);
    c.watermark = dark ? QColor(0xff, 0x70, 0x60) : QColor(0xc0, 0x1c, 0x1c);
    c.maxEventTime = c.text;
    c.state[int(TimelineWindowState::Open)] = c.mid;
    c.state[int(TimelineWindowState::New)] = dark ? QColor(0x56, 0xb4, 0xe9) : QColor(0x00, 0x72, 0xb2);
    c.state[int(TimelineWindowState::Updated)] = dark ? QColor(0x56, 0xb4, 0xe9) : QColor(0x00, 0x72, 0xb2);
    c.state[int(TimelineWindowState::Final)] = dark ? QColor(0x3c, 0xd0, 0xa0) : QColor(0x00, 0x8a, 0x60);
    c.state[int(TimelineWindowState::Evicted)] = c.mid;
    c.state[int(TimelineWindowState::EvictedUnwritten)] = c.mid;
    c.ring = dark ? QColor(0xe0, 0x8c, 0xff) : QColor(0x8a, 0x2b, 0xc2);
    return c;
}

void drawFate(QPainter &p, QPointF centre, double r, InputRowFate fate, const TimelineColors &c)
{
    const QColor color = c.fate[int(fate)];
    p.save();
    switch (fate) {
    case InputRowFate::Processed:
        p.setPen(QPen(c.base, 1));
        p.setBrush(color);
        p.drawEllipse(centre, r, r);
        break;
    case InputRowFate::LateButKept: {
        const double d = r * 1.3;
        QPolygonF diamond;
        diamond << QPointF(centre.x(), centre.y() - d) << QPointF(centre.x() + d, centre.y())
                << QPointF(centre.x(), centre.y() + d) << QPointF(centre.x() - d, centre.y());
        p.setPen(QPen(c.base, 1));
        p.setBrush(color);
        p.drawPolygon(diamond);
        break;
    }
    case InputRowFate::DroppedByWatermark: {
        p.setPen(QPen(color, std::max(2.0, r * 0.6), Qt::SolidLine, Qt::RoundCap));
        const double d = r * 0.95;
        p.drawLine(QPointF(centre.x() - d, centre.y() - d), QPointF(centre.x() + d, centre.y() + d));
        p.drawLine(QPointF(centre.x() - d, centre.y() + d), QPointF(centre.x() + d, centre.y() - d));
        break;
    }
    case InputRowFate::Filtered:
        p.setPen(QPen(color, 1.5));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(centre, r * 0.9, r * 0.9);
        break;
    case InputRowFate::Duplicate:
        p.setPen(QPen(color, 1.5));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(centre.x() - r * 0.85, centre.y() - r * 0.85, r * 1.7, r * 1.7));
        break;
    }
    p.restore();
}

void drawBand(QPainter &p, const QRectF &rect, TimelineWindowState state, const TimelineColors &c)
{
    QColor fill = c.state[int(state)];
    QPen pen(c.state[int(state)], 1);
    switch (state) {
    case TimelineWindowState::Open:
        fill.setAlpha(28);
        pen.setStyle(Qt::DashLine);
        p.fillRect(rect, fill);
        break;
    case TimelineWindowState::New:
    case TimelineWindowState::Updated:
        fill.setAlpha(50);
        p.fillRect(rect, fill);
        break;
    case TimelineWindowState::Final:
        fill.setAlpha(60);
        pen.setWidthF(2.5);
        p.fillRect(rect, fill);
        break;
    case TimelineWindowState::Evicted: {
        fill.setAlpha(70);
        p.fillRect(rect, QBrush(fill, Qt::BDiagPattern));
        pen.setStyle(Qt::DotLine);
        break;
    }
    case TimelineWindowState::EvictedUnwritten: {
        // Left the state in this batch without being written: hatched like evicted, a firm border.
        fill.setAlpha(90);
        p.fillRect(rect, QBrush(fill, Qt::FDiagPattern));
        pen.setWidthF(1.5);
        break;
    }
    }
    p.save();
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    p.drawRect(rect.adjusted(pen.widthF() / 2, pen.widthF() / 2, -pen.widthF() / 2, -pen.widthF() / 2));
    p.restore();
}

void drawLabelBox(QPainter &p, const QRectF &rect, const QString &text, const QColor &border, const TimelineColors &c,
                  double padding, Qt::PenStyle style = Qt::SolidLine)
{
    QColor back = c.base;
    back.setAlpha(235);
    p.setPen(QPen(border, 1, style));
    p.setBrush(back);
    p.drawRoundedRect(rect, 3, 3);
    p.setPen(c.text);
    p.drawText(rect.adjusted(padding, 1, -padding / 2, -1), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignVCenter, text);
}

} // namespace

EventTimeTimeline::EventTimeTimeline(QWidget *parent) : QAbstractScrollArea(parent)
{
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setMouseTracking(true);
    viewport()->setMouseTracking(true);
    setAccessibleName(tr("Event-time timeline"));
    horizontalScrollBar()->setSingleStep(1); // whole columns
    verticalScrollBar()->setSingleStep(20);
    relayout();
}

void EventTimeTimeline::setReports(std::vector<std::shared_ptr<const BatchReport>> reports, const TimelineQueryInfo &info)
{
    const int before = m_layout.numBatches();
    m_layout.setReports(std::move(reports), info);
    if (m_currentBatch >= m_layout.numBatches())
        m_currentBatch = -1;
    relayout();
    if (m_layout.numBatches() > before)
        ensureColumnVisible(m_layout.numBatches() - 1 + (m_layout.hasPending() ? 1 : 0));
    else if (m_layout.numBatches() == 0)
        horizontalScrollBar()->setValue(0);
    viewport()->update();
}

void EventTimeTimeline::clear()
{
    m_layout.clear();
    m_currentBatch = -1;
    relayout();
    viewport()->update();
}

void EventTimeTimeline::setHighlightedRows(const std::vector<std::pair<int, int>> &rows, const QString &legendText)
{
    m_layout.setHighlightedRows(rows, legendText);
    relayout();
    viewport()->update();
}

void EventTimeTimeline::setCurrentBatch(int index)
{
    m_currentBatch = index >= 0 && index < m_layout.numBatches() ? index : -1;
    if (m_currentBatch >= 0)
        ensureColumnVisible(m_currentBatch);
    viewport()->update();
}

void EventTimeTimeline::setZoom(double zoom)
{
    const double clamped = std::clamp(zoom, 0.4, 4.0);
    if (clamped == m_zoom)
        return;
    m_zoom = clamped;
    relayout();
    if (m_currentBatch >= 0)
        ensureColumnVisible(m_currentBatch);
    viewport()->update();
}

QSize EventTimeTimeline::sizeHint() const
{
    return {640, 320};
}

QSize EventTimeTimeline::minimumSizeHint() const
{
    const int lh = fontMetrics().height();
    return {lh * 12, lh * 10};
}

void EventTimeTimeline::relayout()
{
    m_layout.arrange(font(), QSizeF(viewport()->size()), m_zoom);
    const TimelineGeometry &g = m_layout.geometry();
    const QSize vp = viewport()->size();
    const int visibleHeight = std::max(0, vp.height() - int(g.legendHeight + g.headerHeight));
    // The horizontal scroll bar counts whole columns: the first one shown.
    const int numColumns = m_layout.numBatches() + (m_layout.hasPending() ? 1 : 0);
    const int visibleColumns = m_layout.numVisibleColumns();
    horizontalScrollBar()->setRange(0, std::max(0, numColumns - visibleColumns));
    horizontalScrollBar()->setPageStep(std::max(1, visibleColumns));
    verticalScrollBar()->setRange(0, std::max(0, int(std::ceil(g.plotHeight)) - visibleHeight));
    verticalScrollBar()->setPageStep(std::max(1, visibleHeight));
}

double EventTimeTimeline::scrollX() const
{
    return horizontalScrollBar()->value() * m_layout.geometry().columnWidth;
}

void EventTimeTimeline::ensureColumnVisible(int column)
{
    const TimelineGeometry &g = m_layout.geometry();
    QScrollBar *bar = horizontalScrollBar();
    const int visibleColumns = m_layout.numVisibleColumns();
    if (column < bar->value())
        bar->setValue(column);
    else if (column >= bar->value() + visibleColumns)
        bar->setValue(column - visibleColumns + 1);

    // When the plot is taller than the view, bring the batch's watermark (or max event time) in.
    double y = -1;
    for (size_t i = 0; i < m_layout.watermarks().size(); ++i) {
        if (m_layout.watermarks()[i].batch == column && !g.watermarks[i].line.isNull())
            y = g.watermarks[i].line.y1();
    }
    for (size_t i = 0; i < m_layout.maxEventTimes().size() && y < 0; ++i) {
        if (m_layout.maxEventTimes()[i].batch == column)
            y = g.maxEventTimes[i].line.y1();
    }
    const double visibleHeight = plotViewportRect().height();
    QScrollBar *vbar = verticalScrollBar();
    if (y >= 0 && vbar->maximum() > 0 && (y < vbar->value() + g.lineHeight || y > vbar->value() + visibleHeight - g.lineHeight))
        vbar->setValue(int(y - visibleHeight / 2));
}

QPointF EventTimeTimeline::plotOrigin() const
{
    const TimelineGeometry &g = m_layout.geometry();
    return {g.gutterWidth - scrollX(), g.legendHeight - verticalScrollBar()->value()};
}

QRectF EventTimeTimeline::plotViewportRect() const
{
    const TimelineGeometry &g = m_layout.geometry();
    const QSizeF vp = viewport()->size();
    return QRectF(g.gutterWidth, g.legendHeight, std::max(0.0, vp.width() - g.gutterWidth),
                  std::max(0.0, std::min(vp.height() - g.headerHeight, g.legendHeight + g.plotHeight) - g.legendHeight));
}

QRectF EventTimeTimeline::headerViewportRect() const
{
    const TimelineGeometry &g = m_layout.geometry();
    const QRectF plot = plotViewportRect();
    return QRectF(g.gutterWidth, plot.bottom(), plot.width(), g.headerHeight);
}

QRectF EventTimeTimeline::gutterViewportRect() const
{
    const QRectF plot = plotViewportRect();
    return QRectF(0, plot.top(), m_layout.geometry().gutterWidth, plot.height());
}

QPointF EventTimeTimeline::viewportPosOfDot(int dot) const
{
    return m_layout.geometry().dots[size_t(dot)] + plotOrigin();
}

QPointF EventTimeTimeline::viewportPosOfBin(int bin) const
{
    const QRectF &r = m_layout.geometry().bins[size_t(bin)];
    return QPointF(r.left() + std::min(1.0, r.width() / 2), r.center().y()) + plotOrigin();
}

QPointF EventTimeTimeline::viewportPosOfSegment(int geometrySegment) const
{
    const TimelineGeometry &g = m_layout.geometry();
    const TimelineGeometry::Segment &s = g.segments[size_t(geometrySegment)];
    // A point of the band that no label, dot or step line covers (hovering there shows the band).
    const auto free = [&g](QPointF q) {
        for (const auto &step : g.watermarks) {
            if (step.labelRect.contains(q) || (!step.line.isNull() && std::abs(step.line.y1() - q.y()) <= 5))
                return false;
        }
        for (const auto &step : g.maxEventTimes) {
            if (step.labelRect.contains(q))
                return false;
        }
        for (const auto &tag : g.lateTags) {
            if (tag.rect.contains(q))
                return false;
        }
        return std::none_of(g.dots.begin(), g.dots.end(), [&g, q](QPointF d) {
            return std::hypot(d.x() - q.x(), d.y() - q.y()) <= g.dotRadius + 4;
        });
    };
    const QRectF r = s.rect.adjusted(2, 2, -2, -2);
    for (double y = r.top(); y <= r.bottom(); y += 2) {
        for (double x = r.left(); x <= r.right(); x += 4) {
            if (free(QPointF(x, y)))
                return QPointF(x, y) + plotOrigin();
        }
    }
    return s.chip.center() + plotOrigin();
}

QPointF EventTimeTimeline::viewportPosOfLateTag(int tag) const
{
    return m_layout.geometry().lateTags[size_t(tag)].rect.center() + plotOrigin();
}

QPointF EventTimeTimeline::viewportPosOfWindowLabel(int window) const
{
    const TimelineGeometry &g = m_layout.geometry();
    return g.windowLabels[size_t(window)].rect.center() + QPointF(0, g.legendHeight - verticalScrollBar()->value());
}

QPointF EventTimeTimeline::viewportPosOfHeader(int column) const
{
    const TimelineGeometry &g = m_layout.geometry();
    const QRectF &r = g.headers[size_t(column)].rect;
    return QPointF(g.gutterWidth - scrollX() + r.center().x(), headerViewportRect().top() + r.center().y());
}

int EventTimeTimeline::batchAt(QPointF pos) const
{
    const QRectF plot = plotViewportRect();
    const QRectF header = headerViewportRect();
    if (!plot.contains(pos) && !header.contains(pos))
        return -1;
    return m_layout.columnAt(pos.x() - plotOrigin().x());
}

QString EventTimeTimeline::toolTipAt(QPointF pos) const
{
    const TimelineGeometry &g = m_layout.geometry();
    if (headerViewportRect().contains(pos))
        return m_layout.batchToolTip(batchAt(pos));
    if (gutterViewportRect().contains(pos)) {
        const QPointF q = pos - QPointF(0, g.legendHeight - verticalScrollBar()->value());
        for (size_t i = 0; i < g.windowLabels.size(); ++i) {
            if (!g.windowLabels[i].rect.contains(q))
                continue;
            const TimelineWindow &w = m_layout.windows()[i];
            QStringList lines;
            lines << tr("Window %1").arg(w.label);
            for (const TimelineWindowSegment &s : w.segments)
                lines << tr("after batch %1: %2").arg(m_layout.batches()[size_t(s.batch)].batchId).arg(s.stateText);
            return lines.join(QLatin1Char('\n'));
        }
        return {};
    }
    if (!plotViewportRect().contains(pos))
        return {};
    const QPointF q = pos - plotOrigin();
    for (size_t i = 0; i < g.watermarks.size(); ++i) {
        if (g.watermarks[i].labelRect.contains(q))
            return m_layout.watermarkToolTip(int(i));
    }
    for (const auto &tag : g.lateTags) {
        if (tag.rect.contains(q))
            return m_layout.lateRowsToolTip(tag.entry);
    }
    for (size_t i = 0; i < g.maxEventTimes.size(); ++i) {
        if (g.maxEventTimes[i].labelRect.contains(q)) {
            const TimelineMaxEventTime &m = m_layout.maxEventTimes()[i];
            return tr("Max event time of batch %1: %2").arg(m_layout.batches()[size_t(m.batch)].batchId).arg(m_layout.timeText(m.maxMs));
        }
    }
    const int nearest = dotAt(pos);
    if (nearest >= 0)
        return m_layout.dotToolTip(nearest);
    for (size_t i = 0; i < g.bins.size(); ++i) {
        // Short bars are still easy to hover: the whole row of their sub-lane counts.
        const QRectF &b = g.bins[i];
        if (q.y() >= b.top() - 0.5 && q.y() <= b.bottom() + 0.5 && q.x() >= b.left() && q.x() <= b.left() + std::max(b.width(), 6.0))
            return m_layout.binToolTip(int(i));
    }
    for (size_t i = 0; i < g.watermarks.size(); ++i) {
        const QLineF &l = g.watermarks[i].line;
        if (!l.isNull() && q.x() >= l.x1() && q.x() <= l.x2() && std::abs(q.y() - l.y1()) <= 4)
            return m_layout.watermarkToolTip(int(i));
    }
    for (const TimelineGeometry::Segment &s : g.segments) {
        if (s.rect.contains(q))
            return m_layout.segmentToolTip(s.window, s.segment);
    }
    return m_layout.batchToolTip(m_layout.columnAt(q.x()));
}

void EventTimeTimeline::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    relayout();
    // Keep the batch shown in view when the number of whole columns that fit changes.
    if (m_currentBatch >= 0)
        ensureColumnVisible(m_currentBatch);
}

void EventTimeTimeline::changeEvent(QEvent *event)
{
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) {
        relayout();
        viewport()->update();
    }
}

void EventTimeTimeline::scrollContentsBy(int, int)
{
    viewport()->update();
}

int EventTimeTimeline::dotAt(QPointF viewportPos) const
{
    const TimelineGeometry &g = m_layout.geometry();
    if (!plotViewportRect().contains(viewportPos))
        return -1;
    const QPointF q = viewportPos - plotOrigin();
    int nearest = -1;
    double best = g.dotRadius + 3;
    for (size_t i = 0; i < g.dots.size(); ++i) {
        const QPointF d = g.dots[i] - q;
        const double distance = std::hypot(d.x(), d.y());
        if (distance <= best) {
            best = distance;
            nearest = int(i);
        }
    }
    return nearest;
}

EventTimeTimeline::DropTarget EventTimeTimeline::dropTargetAt(int dot, QPointF viewportPos) const
{
    if (dot < 0 || dot >= int(m_layout.dots().size()))
        return {};
    const TimelineDot &d = m_layout.dots()[size_t(dot)];
    const QPointF q = viewportPos - plotOrigin();
    const int column = m_layout.columnAt(q.x());
    if (column < 0 || !plotViewportRect().contains(viewportPos))
        return {};
    const QPointF from = m_layout.geometry().dots[size_t(dot)];
    DropTarget target{column, d.timeMs};
    if (std::abs(q.y() - from.y()) > 2 * m_layout.geometry().dotRadius || !d.hasTime) {
        const int64_t unit = m_layout.snapMs();
        const int64_t t = m_layout.timeForY(q.y());
        target.timeMs = (t >= 0 ? (t + unit / 2) / unit : -((-t + unit / 2) / unit)) * unit;
    }
    return target;
}

QString EventTimeTimeline::dragText() const
{
    if (!m_dragging)
        return {};
    if (m_drop.batch < 0)
        return tr("Not here: drop the row on a trigger's column (Esc cancels)");
    const TimelineBatch &b = m_layout.batches()[size_t(m_drop.batch)];
    return tr("To trigger %1 (%2), %3 = %4 (Esc cancels)")
        .arg(b.step)
        .arg(b.title)
        .arg(m_layout.info().eventTimeName)
        .arg(m_layout.timeText(m_drop.timeMs));
}

void EventTimeTimeline::cancelDrag()
{
    const bool was = m_dragging;
    m_dragDot = -1;
    m_dragging = false;
    m_drop = {};
    if (was) {
        QToolTip::hideText();
        viewport()->unsetCursor();
        viewport()->update();
    }
}

void EventTimeTimeline::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        // A dot of a row with a place in the input can be dragged to another trigger or time.
        const int dot = m_layout.info().eventTimeColumn >= 0 ? dotAt(event->position()) : -1;
        if (dot >= 0) {
            m_dragDot = dot;
            m_pressPos = event->position();
            m_dragging = false;
        }
        const int column = batchAt(event->position());
        if (column >= 0) {
            Q_EMIT batchClicked(column);
            event->accept();
            return;
        }
    }
    QAbstractScrollArea::mousePressEvent(event);
}

void EventTimeTimeline::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragDot >= 0 && (event->buttons() & Qt::LeftButton)) {
        if (!m_dragging && (event->position() - m_pressPos).manhattanLength() >= QApplication::startDragDistance()) {
            m_dragging = true;
            setFocus(Qt::MouseFocusReason);
            viewport()->setCursor(Qt::ClosedHandCursor);
        }
        if (m_dragging) {
            // At the plot's left or right edge the batches scroll a column per move, so a row
            // can go to a trigger out of view.
            const QRectF plot = plotViewportRect();
            const double edge = m_layout.geometry().lineHeight;
            QScrollBar *bar = horizontalScrollBar();
            if (event->position().x() > plot.right() - edge)
                bar->setValue(bar->value() + 1);
            else if (event->position().x() < plot.left() + edge)
                bar->setValue(bar->value() - 1);
            m_drop = dropTargetAt(m_dragDot, event->position());
            QToolTip::showText(event->globalPosition().toPoint(), dragText(), viewport());
            viewport()->update();
        }
        event->accept();
        return;
    }
    QAbstractScrollArea::mouseMoveEvent(event);
}

void EventTimeTimeline::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && m_dragDot >= 0) {
        const bool dropped = m_dragging;
        const TimelineDot dot = m_layout.dots()[size_t(m_dragDot)];
        const DropTarget target = dropTargetAt(m_dragDot, event->position());
        cancelDrag();
        event->accept();
        const bool moved = target.batch >= 0 && (m_layout.batches()[size_t(target.batch)].step != m_layout.batches()[size_t(dot.batch)].step
                                                 || target.timeMs != dot.timeMs || !dot.hasTime);
        if (dropped && moved)
            Q_EMIT rowDropped(dot.batch, dot.row, target.batch, target.timeMs);
        return;
    }
    if (event->button() == Qt::LeftButton && batchAt(event->position()) >= 0) {
        event->accept();
        return;
    }
    QAbstractScrollArea::mouseReleaseEvent(event);
}

bool EventTimeTimeline::event(QEvent *event)
{
    // Escape during a drag cancels it, before any window shortcut on Escape sees the key.
    if (event->type() == QEvent::ShortcutOverride && m_dragDot >= 0 && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape) {
        event->accept();
        return true;
    }
    return QAbstractScrollArea::event(event);
}

void EventTimeTimeline::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape && m_dragDot >= 0) {
        cancelDrag();
        event->accept();
        return;
    }
    QAbstractScrollArea::keyPressEvent(event);
}

void EventTimeTimeline::wheelEvent(QWheelEvent *event)
{
    if (event->modifiers() & Qt::ControlModifier) {
        setZoom(m_zoom * std::pow(1.15, event->angleDelta().y() / 120.0));
        event->accept();
        return;
    }
    // With nothing to scroll vertically, the wheel moves through the batches.
    if (verticalScrollBar()->maximum() == 0 && event->angleDelta().x() == 0) {
        QScrollBar *bar = horizontalScrollBar();
        bar->setValue(bar->value() - event->angleDelta().y() / 120);
        event->accept();
        return;
    }
    QAbstractScrollArea::wheelEvent(event);
}

bool EventTimeTimeline::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void EventTimeTimeline::paintEvent(QPaintEvent *)
{
    const TimelineGeometry &g = m_layout.geometry();
    const TimelineColors c = colorsFor(palette());
    QPainter p(viewport());
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(viewport()->rect(), c.base);
    QFont boldFont = font();
    boldFont.setBold(true);

    const QRectF plotRect = plotViewportRect();
    const QPointF origin = plotOrigin();
    const int numColumns = m_layout.numBatches() + (m_layout.hasPending() ? 1 : 0);

    if (m_layout.numBatches() == 0) {
        p.setPen(c.mid);
        p.drawText(plotRect.adjusted(g.padding, g.padding, -g.padding, -g.padding), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("Each batch the run executes appears here: its input rows by event time, the watermark, "
                      "and every window with its state."));
    }

    // The plot.
    p.save();
    p.setClipRect(plotRect);
    p.translate(origin);
    for (int col = 0; col < numColumns; ++col) {
        const QRectF column(m_layout.columnLeft(col), 0, g.columnWidth, g.plotHeight);
        if (col == m_currentBatch) {
            QColor h = c.highlight;
            h.setAlpha(45);
            p.fillRect(column, h);
        } else if (col >= m_layout.numBatches() || m_layout.batches()[size_t(col)].noData) {
            QColor h = c.grid;
            p.fillRect(column, QBrush(h, Qt::Dense6Pattern));
        }
    }
    p.setPen(QPen(c.grid, 1));
    for (const auto &tick : g.ticks)
        p.drawLine(QPointF(0, tick.y), QPointF(g.plotWidth, tick.y));
    for (int col = 0; col <= numColumns; ++col)
        p.drawLine(QPointF(m_layout.columnLeft(col), 0), QPointF(m_layout.columnLeft(col), g.plotHeight));
    if (g.nullLineY >= 0) {
        p.setPen(QPen(c.mid, 1, Qt::DotLine));
        p.drawLine(QPointF(0, g.nullLineY), QPointF(g.plotWidth, g.nullLineY));
    }

    for (const TimelineGeometry::Segment &s : g.segments) {
        const TimelineWindowSegment &segment = m_layout.windows()[size_t(s.window)].segments[size_t(s.segment)];
        drawBand(p, s.rect, segment.state, c);
    }

    // Max event time: a dashed step per batch.
    p.setPen(QPen(c.maxEventTime, 1.5, Qt::DashLine));
    for (const auto &m : g.maxEventTimes)
        p.drawLine(m.line);

    // Watermark: a solid step line, risers where it moves to the next column's value.
    const auto &marks = m_layout.watermarks();
    for (size_t i = 0; i < g.watermarks.size(); ++i) {
        const QLineF &line = g.watermarks[i].line;
        if (line.isNull())
            continue;
        p.setPen(QPen(c.watermark, 2.5, marks[i].pending ? Qt::DashLine : Qt::SolidLine, Qt::FlatCap));
        p.drawLine(line);
        if (i > 0 && !g.watermarks[i - 1].line.isNull() && marks[i - 1].batch + 1 == marks[i].batch)
            p.drawLine(QPointF(line.x1(), g.watermarks[i - 1].line.y1()), line.p1());
    }

    // Dots; with thousands of rows, one mark per pixel and fate is enough.
    {
        std::vector<std::vector<bool>> drawn(5);
        const int width = int(std::ceil(g.plotWidth)) + 1;
        const int height = int(std::ceil(g.plotHeight)) + 1;
        const bool dedupe = g.dots.size() > 2000;
        if (dedupe) {
            for (auto &cells : drawn)
                cells.assign(size_t(width) * size_t(height), false);
        }
        const QRectF visible = plotRect.translated(-origin).adjusted(-g.dotRadius * 2, -g.dotRadius * 2, g.dotRadius * 2, g.dotRadius * 2);
        for (size_t i = 0; i < g.dots.size(); ++i) {
            const QPointF &d = g.dots[i];
            if (!visible.contains(d))
                continue;
            const InputRowFate fate = m_layout.dots()[i].fate;
            if (dedupe) {
                const int x = std::clamp(int(d.x()), 0, width - 1);
                const int y = std::clamp(int(d.y()), 0, height - 1);
                const size_t cell = size_t(y) * size_t(width) + size_t(x);
                if (drawn[int(fate)][cell])
                    continue;
                drawn[int(fate)][cell] = true;
            }
            drawFate(p, d, g.dotRadius, fate, c);
        }
        // Rings around the rows linked to the selected one.
        p.save();
        p.setPen(QPen(c.ring, 2.5));
        p.setBrush(Qt::NoBrush);
        for (int dot : m_layout.highlightedDots()) {
            if (visible.contains(g.dots[size_t(dot)]))
                p.drawEllipse(g.dots[size_t(dot)], g.dotRadius * 2.1, g.dotRadius * 2.1);
        }
        p.restore();
        // Bins of big batches: a bar per fate and bucket, its length the number of rows.
        const auto &bins = m_layout.bins();
        for (size_t i = 0; i < g.bins.size(); ++i) {
            if (!visible.intersects(g.bins[i]))
                continue;
            QColor fill = c.fate[int(bins[i].fate)];
            fill.setAlphaF(0.85f);
            p.fillRect(g.bins[i], fill);
        }
    }

    // State chips, then the step labels.
    for (const TimelineGeometry::Segment &s : g.segments) {
        const TimelineWindowSegment &segment = m_layout.windows()[size_t(s.window)].segments[size_t(s.segment)];
        const QColor border = c.state[int(segment.state)];
        const Qt::PenStyle style = segment.state == TimelineWindowState::Evicted ? Qt::DotLine
                                   : segment.state == TimelineWindowState::Open  ? Qt::DashLine
                                                                                 : Qt::SolidLine;
        p.save();
        QFont chipFont = font();
        chipFont.setBold(segment.state == TimelineWindowState::Final);
        p.setFont(chipFont);
        QColor back = c.base;
        back.setAlpha(225);
        p.setPen(QPen(border, 1, style));
        p.setBrush(back);
        p.drawRoundedRect(s.chip, 3, 3);
        p.setPen(c.text);
        p.drawText(s.chip, Qt::AlignCenter, s.chipText);
        p.restore();
    }
    for (size_t i = 0; i < g.maxEventTimes.size(); ++i)
        drawLabelBox(p, g.maxEventTimes[i].labelRect, m_layout.maxEventTimes()[i].label, c.mid, c, g.padding, Qt::DashLine);
    for (size_t i = 0; i < g.watermarks.size(); ++i)
        drawLabelBox(p, g.watermarks[i].labelRect, marks[i].tag, c.watermark, c, g.padding);
    for (const auto &tag : g.lateTags) {
        const TimelineLateRows &late = m_layout.lateRows()[size_t(tag.entry)];
        drawLabelBox(p, tag.rect, late.tag, c.fate[int(late.fate)], c, g.padding);
    }
    p.restore();

    // Gutter: axis title, ticks, window labels (scrolls with the plot vertically only).
    const QRectF gutter = gutterViewportRect();
    p.save();
    p.setClipRect(gutter);
    p.fillRect(gutter, c.base);
    p.translate(0, origin.y());
    p.setPen(c.text);
    for (const auto &tick : g.ticks) {
        const QRectF r(g.tickLabelLeft, tick.y - g.lineHeight / 2, g.tickLabelWidth, g.lineHeight);
        p.drawText(r, Qt::AlignRight | Qt::AlignVCenter, tick.text);
    }
    for (size_t i = 0; i < g.windowLabels.size(); ++i) {
        const auto &label = g.windowLabels[i];
        const TimelineWindow &w = m_layout.windows()[i];
        const double top = m_layout.yForTime(w.endMs);
        const double bottom = m_layout.yForTime(w.startMs);
        // A bracket spanning the window's time range at the end of its lane, the label beside it.
        p.setPen(QPen(c.mid, 1));
        const double bx = label.rect.right() + g.padding / 2;
        p.drawLine(QPointF(bx, top + 1), QPointF(bx, bottom - 1));
        p.drawLine(QPointF(bx - g.padding / 2, top + 1), QPointF(bx, top + 1));
        p.drawLine(QPointF(bx - g.padding / 2, bottom - 1), QPointF(bx, bottom - 1));
        if (std::abs(label.rect.center().y() - label.anchorY) > g.lineHeight / 2)
            p.drawLine(QPointF(label.rect.right(), label.rect.center().y()), QPointF(bx - g.padding / 2, label.anchorY));
        p.setPen(c.text);
        p.drawText(label.rect, Qt::AlignLeft | Qt::AlignVCenter, label.text);
    }
    p.restore();
    // The axis title stays in view.
    p.save();
    p.setClipRect(gutter);
    p.setPen(c.text);
    p.setFont(boldFont);
    p.translate(g.axisTitleRect.left(), gutter.bottom());
    p.rotate(-90);
    p.drawText(QRectF(0, 0, gutter.height(), g.lineHeight), Qt::AlignCenter,
               m_layout.info().eventTimeName.isEmpty() ? tr("event time →") : tr("%1 (UTC) →").arg(m_layout.info().eventTimeName));
    p.restore();

    // Headers under the columns (scroll sideways only).
    const QRectF header = headerViewportRect();
    p.save();
    p.setClipRect(header);
    p.translate(origin.x(), header.top());
    p.setPen(QPen(c.mid, 1));
    p.drawLine(QPointF(0, 0.5), QPointF(g.plotWidth, 0.5));
    for (int col = 0; col < int(g.headers.size()); ++col) {
        const auto &h = g.headers[size_t(col)];
        const bool current = col == m_currentBatch;
        if (current)
            p.fillRect(h.rect, c.highlight);
        const QColor textColor = current ? palette().color(QPalette::HighlightedText) : c.text;
        QRectF r = h.rect.adjusted(g.padding, g.padding, -g.padding, 0);
        p.setFont(boldFont);
        p.setPen(textColor);
        p.drawText(QRectF(r.left(), r.top(), r.width(), g.lineHeight), Qt::AlignLeft | Qt::AlignTop,
                   current ? tr("▶ %1").arg(h.title) : h.title);
        p.setFont(font());
        r.setTop(r.top() + g.lineHeight);
        p.drawText(r, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, h.subtitle);
        for (const auto &reason : g.reasons) {
            if (reason.column != col)
                continue;
            QFont italic = font();
            italic.setItalic(true);
            p.setFont(italic);
            p.drawText(reason.rect, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, reason.text);
            p.setFont(font());
        }
        p.setPen(QPen(c.grid, 1));
        p.drawLine(h.rect.topRight(), h.rect.bottomRight());
    }
    p.restore();

    // Corner: the batch axis title.
    p.save();
    const QRectF corner(0, header.top(), g.gutterWidth, g.headerHeight);
    p.fillRect(corner, c.base);
    p.setPen(QPen(c.mid, 1));
    p.drawLine(QPointF(g.gutterWidth - 0.5, g.legendHeight), QPointF(g.gutterWidth - 0.5, corner.bottom()));
    p.setPen(c.text);
    p.setFont(boldFont);
    p.drawText(corner.adjusted(g.padding, g.padding, -g.padding, -g.padding), Qt::AlignRight | Qt::AlignTop | Qt::TextWordWrap,
               tr("batches →"));
    p.restore();

    // Legend on top, always visible.
    p.save();
    p.fillRect(QRectF(0, 0, viewport()->width(), g.legendHeight), c.base);
    for (const auto &item : g.legend) {
        const QRectF icon(item.rect.left(), item.rect.top(), g.lineHeight, g.lineHeight);
        using Kind = TimelineGeometry::LegendItem::Kind;
        switch (item.kind) {
        case Kind::Fate:
            drawFate(p, icon.center(), g.dotRadius, InputRowFate(item.value), c);
            break;
        case Kind::Watermark:
            p.setPen(QPen(c.watermark, 2.5));
            p.drawLine(QPointF(icon.left(), icon.center().y()), QPointF(icon.right(), icon.center().y()));
            break;
        case Kind::MaxEventTime:
            p.setPen(QPen(c.maxEventTime, 1.5, Qt::DashLine));
            p.drawLine(QPointF(icon.left(), icon.center().y()), QPointF(icon.right(), icon.center().y()));
            break;
        case Kind::Window:
            drawBand(p, icon.adjusted(1, 2, -1, -2), TimelineWindowState(item.value), c);
            break;
        case Kind::Highlight:
            p.setPen(QPen(c.ring, 2.5));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(icon.center(), g.dotRadius * 2.1, g.dotRadius * 2.1);
            break;
        case Kind::Note:
            if (item.value == 1) { // binned rows: a small histogram
                const double w = icon.width() - 2;
                const double h = icon.height() / 5;
                for (int k = 0; k < 3; ++k)
                    p.fillRect(QRectF(icon.left() + 1, icon.top() + h * (1 + k), w * (k == 1 ? 1.0 : k == 0 ? 0.4 : 0.7), h * 0.8),
                               c.fate[int(InputRowFate::Processed)]);
                break;
            }
            p.setPen(QPen(c.mid, 1.5));
            p.drawEllipse(icon.center(), g.lineHeight * 0.35, g.lineHeight * 0.35);
            p.drawText(icon, Qt::AlignCenter, QStringLiteral("i"));
            break;
        }
        p.setPen(c.text);
        p.drawText(QRectF(icon.right() + g.padding, item.rect.top(), item.rect.width() - g.lineHeight - g.padding, g.lineHeight),
                   Qt::AlignLeft | Qt::AlignVCenter, item.text);
    }
    p.setPen(QPen(c.grid, 1));
    p.drawLine(QPointF(0, g.legendHeight - 0.5), QPointF(viewport()->width(), g.legendHeight - 0.5));
    p.restore();
    // A dragged dot: a ring where it will land and a label saying where that is.
    if (m_dragging && m_drop.batch >= 0) {
        const QPointF at = plotOrigin() + QPointF(m_layout.columnLeft(m_drop.batch) + g.dotLaneWidth / 2, m_layout.yForTime(m_drop.timeMs));
        p.setPen(QPen(palette().color(QPalette::Highlight), 2, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(at, g.dotRadius * 1.8, g.dotRadius * 1.8);
        const QString text = dragText();
        const QRectF box = p.fontMetrics().boundingRect(text).toRectF().adjusted(-g.padding, -g.padding, g.padding, g.padding);
        QRectF label(at + QPointF(g.dotRadius * 2.5, -box.height() / 2), box.size());
        if (label.right() > viewport()->width())
            label.moveRight(at.x() - g.dotRadius * 2.5);
        p.setPen(palette().color(QPalette::ToolTipText));
        p.setBrush(palette().color(QPalette::ToolTipBase));
        p.drawRect(label);
        p.drawText(label, Qt::AlignCenter, text);
    }
}

} // namespace streamstep
