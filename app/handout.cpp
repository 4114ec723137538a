#include "handout.h"

#include "batch_narrative_view.h"
#include "batch_table_model.h"
#include "event_time_timeline.h"
#include "run_controller.h"

#include "streamstep/error.h"
#include "streamstep/quiz.h"

#include <QApplication>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QStyle>
#include <QTextDocument>
#include <QTextOption>

#include <algorithm>

namespace streamstep {

namespace {

constexpr double kMargin = 36;      // half an inch
constexpr int kResolution = 96;      // logical units per inch on every device
constexpr double kCellPadding = 4;

QFont pageFont(double points, bool bold = false)
{
    QFont font = QApplication::font();
    font.setPointSizeF(points);
    font.setBold(bold);
    return font;
}

// The rows one story panel shows, with its title.
struct PanelTable {
    QString title;
    const BatchTableModel *model = nullptr;
};

// Paints `model` as a grid under its title within `box`; returns the height used. Rows that do
// not fit are counted in a last line.
double paintTable(QPainter &p, const QRectF &box, const PanelTable &table, bool measureOnly = false)
{
    const QFont titleFont = pageFont(9, true);
    const QFont cellFont = pageFont(8);
    const QFont boldCell = pageFont(8, true);
    QRectF titleRect = QFontMetricsF(titleFont).boundingRect(box, Qt::TextWordWrap, table.title);
    double y = box.top() + titleRect.height() + 4;
    if (!measureOnly) {
        p.setFont(titleFont);
        p.setPen(Qt::black);
        p.drawText(QRectF(box.left(), box.top(), box.width(), titleRect.height()), Qt::TextWordWrap, table.title);
    }
    const QAbstractItemModel &m = *table.model;
    const int columns = m.columnCount();
    if (columns == 0)
        return y - box.top();
    const QFontMetricsF fm(boldCell);
    const double rowHeight = fm.height() + 2 * kCellPadding;
    // Column widths by content, shrunk together when the box is narrower.
    QList<double> widths;
    double total = 0;
    for (int c = 0; c < columns; ++c) {
        double w = 0;
        for (const QString &line : m.headerData(c, Qt::Horizontal).toString().split(QLatin1Char('\n')))
            w = std::max(w, fm.horizontalAdvance(line));
        for (int r = 0; r < m.rowCount(); ++r)
            w = std::max(w, fm.horizontalAdvance(m.index(r, c).data().toString()));
        widths << w + 2 * kCellPadding;
        total += widths.back();
    }
    if (total > box.width())
        for (double &w : widths)
            w *= box.width() / total;
    int headerLines = 1;
    for (int c = 0; c < columns; ++c)
        headerLines = std::max(headerLines, int(m.headerData(c, Qt::Horizontal).toString().split(QLatin1Char('\n')).size()));
    const double headerHeight = headerLines * fm.height() + 2 * kCellPadding;
    const int fitting = std::max(0, int((box.bottom() - y - headerHeight - rowHeight) / rowHeight));
    const int rows = std::min(m.rowCount(), fitting);
    const double used = y - box.top() + headerHeight + rows * rowHeight + (rows < m.rowCount() ? rowHeight : 0);
    if (measureOnly)
        return used;

    p.setPen(QPen(QColor(0x99, 0x99, 0x99), 0.5));
    double x = box.left();
    p.setFont(boldCell);
    for (int c = 0; c < columns; ++c) {
        const QRectF cell(x, y, widths[c], headerHeight);
        p.fillRect(cell, QColor(0xee, 0xee, 0xee));
        p.setPen(QPen(QColor(0x99, 0x99, 0x99), 0.5));
        p.drawRect(cell);
        p.setPen(Qt::black);
        p.drawText(cell.adjusted(kCellPadding, kCellPadding, -kCellPadding, -kCellPadding), Qt::AlignLeft | Qt::AlignVCenter,
                   m.headerData(c, Qt::Horizontal).toString());
        x += widths[c];
    }
    y += headerHeight;
    for (int r = 0; r < rows; ++r) {
        x = box.left();
        for (int c = 0; c < columns; ++c) {
            const QModelIndex index = m.index(r, c);
            const QRectF cell(x, y, widths[c], rowHeight);
            const QVariant background = index.data(Qt::BackgroundRole);
            if (background.canConvert<QBrush>() && background.value<QBrush>().style() != Qt::NoBrush)
                p.fillRect(cell, background.value<QBrush>());
            p.setPen(QPen(QColor(0xbb, 0xbb, 0xbb), 0.5));
            p.drawRect(cell);
            const QVariant font = index.data(Qt::FontRole);
            QFont f = cellFont;
            if (font.canConvert<QFont>()) {
                const QFont own = font.value<QFont>();
                f.setBold(own.bold());
                f.setItalic(own.italic());
            }
            p.setFont(f);
            p.setPen(Qt::black);
            const QVariant alignment = index.data(Qt::TextAlignmentRole);
            const Qt::Alignment align = alignment.isValid() ? Qt::Alignment(alignment.toInt()) : (Qt::AlignLeft | Qt::AlignVCenter);
            p.drawText(cell.adjusted(kCellPadding, 0, -kCellPadding, 0), int(align | Qt::AlignVCenter), index.data().toString());
            x += widths[c];
        }
        y += rowHeight;
    }
    if (rows < m.rowCount()) {
        p.setFont(pageFont(8));
        p.drawText(QRectF(box.left(), y, box.width(), rowHeight), Qt::AlignLeft | Qt::AlignVCenter,
                   QApplication::translate("streamstep::Handout", "… and %n more row(s)", nullptr, m.rowCount() - rows));
    }
    return used;
}

} // namespace

HandoutRun HandoutRun::fromController(const RunController &controller)
{
    HandoutRun run;
    run.scenario = controller.sharedScenario();
    run.query = controller.sharedQuery();
    run.reports = controller.reports();
    return run;
}

HandoutRun HandoutRun::wholeLesson(std::shared_ptr<const Scenario> scenario, QString *error)
{
    HandoutRun run;
    run.scenario = scenario;
    if (!scenario)
        return run;
    QuizRun quizRun = runForQuiz(*scenario);
    run.query = quizRun.query;
    for (BatchReport &report : quizRun.reports)
        run.reports.push_back(std::make_shared<const BatchReport>(std::move(report)));
    if (quizRun.error && error)
        *error = QString::fromStdString(errorText(*quizRun.error));
    return run;
}

Handout::Handout(HandoutRun run) : m_run(std::move(run)) {}

QSizeF Handout::pageSize()
{
    const QSizeF mm = QPageSize(QPageSize::A4).size(QPageSize::Millimeter).transposed();
    return mm / 25.4 * kResolution;
}

QString Handout::heading(int index) const
{
    const BatchReport &r = *m_run.reports[size_t(index)];
    const QString title = m_run.scenario ? QString::fromStdString(m_run.scenario->title) : QString();
    return QApplication::translate("streamstep::Handout", "%1 — batch %2 · trigger %3 (%4 mode)")
        .arg(title)
        .arg(r.batchId)
        .arg(r.step)
        .arg(QString::fromStdString(outputModeName(m_run.scenario ? m_run.scenario->outputMode : OutputMode::Append)));
}

QString Handout::batchText(int index) const
{
    if (index < 0 || index >= numBatches())
        return {};
    const QString narrative = m_run.query ? BatchNarrativeView::engineNarrative(*m_run.query, m_run.reports, index)
                                          : BatchNarrativeView::summarySentence(*m_run.reports[size_t(index)], m_run.scenario->outputMode);
    return heading(index) + QLatin1Char('\n') + BatchNarrativeView::triggerSentence(m_run.reports, index) + QLatin1Char('\n') + narrative;
}

void Handout::paintBatch(QPainter &p, int index) const
{
    if (index < 0 || index >= numBatches())
        return;
    const QSizeF page = pageSize();
    const QRectF area(kMargin, kMargin, page.width() - 2 * kMargin, page.height() - 2 * kMargin);
    p.save();
    p.fillRect(QRectF(QPointF(0, 0), page), Qt::white);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    const auto &reports = m_run.reports;
    const std::shared_ptr<const BatchReport> report = reports[size_t(index)];

    // Heading, then the narrative: what the trigger ran, then the engine's telling of the batch.
    double y = area.top();
    p.setPen(Qt::black);
    const QFont headingFont = pageFont(13, true);
    p.setFont(headingFont);
    const QRectF headingRect = QFontMetricsF(headingFont).boundingRect(area, Qt::TextWordWrap, heading(index));
    p.drawText(QRectF(area.left(), y, area.width(), headingRect.height()), Qt::TextWordWrap, heading(index));
    y += headingRect.height() + 6;
    const QStringList lines = batchText(index).split(QLatin1Char('\n')).mid(1);
    for (int i = 0; i < lines.size(); ++i) {
        const QFont font = pageFont(10, i == 0);
        p.setFont(font);
        const QRectF rect = QFontMetricsF(font).boundingRect(QRectF(area.left(), y, area.width(), area.height()), Qt::TextWordWrap, lines[i]);
        p.drawText(QRectF(area.left(), y, area.width(), rect.height()), Qt::TextWordWrap, lines[i]);
        y += rect.height() + 3;
    }
    y += 6;

    // The three story panels, from the same models the window shows.
    const auto [first, last] = BatchNarrativeView::triggerRange(reports, index);
    std::shared_ptr<const BatchReport> dataBatch;
    std::vector<std::shared_ptr<const BatchReport>> written;
    for (int i = first; i <= index; ++i) {
        if (!reports[size_t(i)]->noData && !dataBatch)
            dataBatch = reports[size_t(i)];
        written.push_back(reports[size_t(i)]);
    }
    BatchTableModel input;
    BatchTableModel result;
    BatchTableModel emitted;
    input.setInputRows(dataBatch ? dataBatch : report);
    result.setResultTable(report);
    emitted.setEmittedRows(written);
    QList<PanelTable> tables;
    tables.append({dataBatch ? QApplication::translate("streamstep::Handout", "1 · Arrived in trigger %1 (batch %2): %n row(s)", nullptr,
                                                       int(dataBatch->numInputRows))
                                   .arg(dataBatch->step)
                                   .arg(dataBatch->batchId)
                             : QApplication::translate("streamstep::Handout", "1 · Arrived in trigger %1: no rows (a no-data batch)")
                                   .arg(report->step),
                   &input});
    if (report->hasResultTable)
        tables.append({QApplication::translate("streamstep::Handout", "2 · Engine holds after batch %1: %n row(s) in state", nullptr,
                                               int(report->stateRows))
                           .arg(report->batchId),
                       &result});
    int64_t writtenRows = 0;
    for (const auto &r : written)
        writtenRows += r->numOutputRows;
    tables.append({QApplication::translate("streamstep::Handout", "3 · Written in trigger %1 up to batch %2: %n row(s)", nullptr,
                                           int(writtenRows))
                       .arg(report->step)
                       .arg(report->batchId),
                   &emitted});

    // The timeline takes the lower part of the page; the tables what they need above it.
    const double timelineMin = area.height() * 0.38;
    const double tablesBottom = area.bottom() - timelineMin;
    const double gap = 12;
    QList<double> needs;
    double needTotal = 0;
    for (const PanelTable &t : tables) {
        const QFontMetricsF fm(pageFont(8, true));
        double w = 0;
        for (int c = 0; c < t.model->columnCount(); ++c) {
            double cw = fm.horizontalAdvance(t.model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString().section(QLatin1Char('\n'), 0, 0));
            for (int r = 0; r < t.model->rowCount(); ++r)
                cw = std::max(cw, fm.horizontalAdvance(t.model->index(r, c).data().toString()));
            w += cw + 2 * kCellPadding;
        }
        needs << std::max(w, 140.0);
        needTotal += needs.back();
    }
    const double available = area.width() - gap * (tables.size() - 1);
    double x = area.left();
    double tablesUsed = 0;
    for (int i = 0; i < tables.size(); ++i) {
        const double width = needTotal <= available ? needs[i] + (available - needTotal) / tables.size() : needs[i] * available / needTotal;
        const QRectF box(x, y, width, tablesBottom - y);
        tablesUsed = std::max(tablesUsed, paintTable(p, box, tables[i]));
        x += width + gap;
    }
    y += tablesUsed + gap;

    // The event-time timeline: the window's own widget, painted into the page.
    if (report->hasWatermark || TimelineQueryInfo::fromQuery(m_run.query).eventTimeColumn >= 0) {
        EventTimeTimeline timeline;
        timeline.setAttribute(Qt::WA_DontShowOnScreen);
        timeline.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        timeline.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        QPalette light = QApplication::style() ? QApplication::style()->standardPalette() : QPalette();
        timeline.setPalette(light);
        timeline.setFont(pageFont(8));
        const QSize size(int(area.width()), int(area.bottom() - y));
        timeline.resize(size);
        timeline.setReports(reports, TimelineQueryInfo::fromQuery(m_run.query));
        timeline.setCurrentBatch(index);
        timeline.ensurePolished();
        p.translate(area.left(), y);
        timeline.render(&p, QPoint(), QRegion(), QWidget::DrawChildren);
    }
    p.restore();
}

bool Handout::writePdf(const QString &path, int first, int last, QString *error) const
{
    if (first < 0 || last >= numBatches() || first > last) {
        if (error)
            *error = QApplication::translate("streamstep::Handout", "No batch has run yet: nothing to export.");
        return false;
    }
    QPdfWriter writer(path);
    writer.setResolution(kResolution);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape, QMarginsF(0, 0, 0, 0)));
    writer.setTitle(m_run.scenario ? QString::fromStdString(m_run.scenario->title) : QString());
    writer.setCreator(QStringLiteral("StreamStep"));
    QPainter painter;
    if (!painter.begin(&writer)) {
        if (error)
            *error = QApplication::translate("streamstep::Handout", "Cannot write %1.").arg(path);
        return false;
    }
    for (int i = first; i <= last; ++i) {
        if (i > first)
            writer.newPage();
        paintBatch(painter, i);
    }
    painter.end();
    if (!QFileInfo(path).exists() || QFileInfo(path).size() == 0) {
        if (error)
            *error = QApplication::translate("streamstep::Handout", "Cannot write %1.").arg(path);
        return false;
    }
    return true;
}

bool Handout::writeBatchPdf(const QString &path, int index, QString *error) const
{
    return writePdf(path, index, index, error);
}

bool Handout::writeLessonPdf(const QString &path, QString *error) const
{
    return writePdf(path, 0, numBatches() - 1, error);
}

bool Handout::writeBatchPng(const QString &path, int index, QString *error) const
{
    if (index < 0 || index >= numBatches()) {
        if (error)
            *error = QApplication::translate("streamstep::Handout", "No batch has run yet: nothing to export.");
        return false;
    }
    const QSizeF page = pageSize();
    QImage image((page * 2).toSize(), QImage::Format_RGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.scale(2, 2);
        paintBatch(painter, index);
    }
    if (!image.save(path, "PNG")) {
        if (error)
            *error = QApplication::translate("streamstep::Handout", "Cannot write %1.").arg(path);
        return false;
    }
    return true;
}

} // namespace streamstep
