#include "batch_narrative_view.h"

#include "why_catalogue.h"
#include "why_view.h"

#include "streamstep/value_format.h"
#include "streamstep/why.h"

namespace streamstep {

namespace {

QString timeOfDay(int64_t ms)
{
    const QString full = QString::fromStdString(formatTimestamp(ms * 1000));
    return full.mid(full.indexOf(QLatin1Char(' ')) + 1);
}

} // namespace

BatchNarrativeView::BatchNarrativeView(QWidget *parent) : QLabel(parent)
{
    setUpExplanationPanel(this, QStringLiteral("batchNarrative"), QSizePolicy::Maximum);
    clear();
}

std::pair<int, int> BatchNarrativeView::triggerRange(const std::vector<std::shared_ptr<const BatchReport>> &reports, int index)
{
    if (index < 0 || index >= int(reports.size()))
        return {-1, -1};
    const int step = reports[size_t(index)]->step;
    int first = index;
    int last = index;
    while (first > 0 && reports[size_t(first - 1)]->step == step)
        --first;
    while (last + 1 < int(reports.size()) && reports[size_t(last + 1)]->step == step)
        ++last;
    return {first, last};
}

QString BatchNarrativeView::triggerSentence(const std::vector<std::shared_ptr<const BatchReport>> &reports, int index)
{
    const auto [first, last] = triggerRange(reports, index);
    if (first < 0)
        return {};
    const BatchReport &shown = *reports[size_t(index)];
    QStringList batches;
    for (int i = first; i <= last; ++i) {
        const BatchReport &r = *reports[size_t(i)];
        batches << (r.noData ? tr("batch %1, a no-data batch (the watermark had moved)").arg(r.batchId)
                             : tr("batch %1 for its %n row(s)", nullptr, int(r.numInputRows)).arg(r.batchId));
    }
    const QString ran = batches.size() == 1 ? batches.front() : tr("%1, then %2").arg(batches.front(), batches.back());
    QString text = tr("Trigger %1 ran %2.").arg(shown.step).arg(ran);
    if (last > first)
        text += QLatin1Char(' ') + tr("Showing batch %1.").arg(shown.batchId);
    return text;
}

QString BatchNarrativeView::summarySentence(const BatchReport &r, OutputMode mode)
{
    QStringList parts;
    const FateCounts fates(r.inputFates);
    const int late = int(fates[InputRowFate::DroppedByWatermark]);
    const int filtered = int(fates[InputRowFate::Filtered] + fates[InputRowFate::Duplicate]);
    QString arrived = r.noData ? tr("no rows arrived") : tr("%n row(s) arrived", nullptr, int(r.numInputRows));
    if (filtered > 0)
        arrived += tr(", %n filtered out", nullptr, filtered);
    if (late > 0) {
        arrived += tr(", %n dropped as late", nullptr, late);
        // Spark's counter counts late groups after partial aggregation, not rows.
        if (r.numRowsDroppedByWatermark != late)
            arrived += QLatin1Char(' ') + tr("(Spark's numRowsDroppedByWatermark counts %1)").arg(r.numRowsDroppedByWatermark);
    }
    parts << arrived;
    if (r.hasWatermark) {
        QString watermark = tr("watermark %1").arg(r.watermarkMs != 0 ? timeOfDay(r.watermarkMs) : tr("not set yet"));
        if (r.nextWatermarkMs > r.watermarkMs)
            watermark += QLatin1Char(' ') + tr("(next batch: %1)").arg(timeOfDay(r.nextWatermarkMs));
        parts << watermark;
    }
    const QString modeName = QString::fromStdString(outputModeName(mode));
    parts << (r.numOutputRows == 0 ? tr("wrote nothing (%1 mode)").arg(modeName)
                                   : tr("wrote %n row(s) (%1 mode)", nullptr, int(r.numOutputRows)).arg(modeName));
    if (!r.stateOperators.empty())
        parts << tr("%n row(s) in state", nullptr, int(r.stateRows));
    else
        parts << tr("keeps no state");
    return tr("Batch %1: %2.").arg(r.batchId).arg(parts.join(QStringLiteral(" · ")));
}

QString BatchNarrativeView::engineNarrative(const Query &query, const std::vector<std::shared_ptr<const BatchReport>> &reports,
                                            int index)
{
    if (index < 0 || index >= int(reports.size()))
        return {};
    const BatchReport *previous = index > 0 ? reports[size_t(index - 1)].get() : nullptr;
    return translatedSentences(batchNarrative(query, *reports[size_t(index)], previous));
}

void BatchNarrativeView::showBatch(const std::vector<std::shared_ptr<const BatchReport>> &reports, int index, OutputMode mode,
                                   const Query *query)
{
    if (index < 0 || index >= int(reports.size())) {
        clear();
        return;
    }
    m_trigger = triggerSentence(reports, index);
    m_summary = summarySentence(*reports[size_t(index)], mode);
    m_narrative = query ? engineNarrative(*query, reports, index) : QString();
    updateText();
}

void BatchNarrativeView::setNarrative(const QString &text)
{
    m_narrative = text;
    updateText();
}

void BatchNarrativeView::clear()
{
    m_trigger.clear();
    m_summary = tr("No batch has run yet: Step (Space) runs the first trigger. A trigger runs one micro-batch for "
                   "the rows that arrived, and a no-data batch right after it when the watermark moved.");
    m_narrative.clear();
    updateText();
}

void BatchNarrativeView::updateText()
{
    const QString second = batchText().toHtmlEscaped();
    setText(m_trigger.isEmpty() ? second : QStringLiteral("<b>%1</b><br>%2").arg(m_trigger.toHtmlEscaped(), second));
}

} // namespace streamstep
