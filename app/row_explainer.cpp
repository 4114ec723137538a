#include "row_explainer.h"

#include "batch_narrative_view.h"
#include "batch_table_model.h"
#include "event_time_timeline.h"
#include "row_provenance.h"
#include "run_controller.h"
#include "sink_contents_model.h"
#include "why_catalogue.h"
#include "why_view.h"
#include "written_result_rows.h"

#include "streamstep/why.h"

#include <QItemSelectionModel>
#include <QLocale>
#include <QTableView>

#include <algorithm>
#include <map>

namespace streamstep {

namespace {

// Sinks with more rows than this are not searched for linked rows (a memory table's rows do
// not say which batch wrote them, so each is looked up among the batches' written rows).
constexpr int kMaxLinkedSinkRows = 20'000;

// "batch 0: rows 0, 2; batch 4: row 1"
QString inputRowList(const std::vector<InputRowRef> &rows, const std::vector<std::shared_ptr<const BatchReport>> &reports)
{
    std::map<int, QStringList> byBatch;
    for (const auto &[report, row] : rows)
        byBatch[report] << QString::number(row);
    QStringList parts;
    for (const auto &[report, list] : byBatch)
        parts << (list.size() == 1 ? RowExplainer::tr("batch %1: row %2") : RowExplainer::tr("batch %1: rows %2"))
                     .arg(reports[size_t(report)]->batchId)
                     .arg(list.join(QStringLiteral(", ")));
    return parts.join(QStringLiteral("; "));
}

} // namespace

RowExplainer::RowExplainer(RunController *controller, WhyView *why, EventTimeTimeline *timeline, const Views &views,
                           QObject *parent)
    : QObject(parent), m_controller(controller), m_why(why), m_timeline(timeline), m_views(views)
{
    const std::pair<Panel, QTableView *> panels[] = {{Panel::Arrived, views.input},
                                                     {Panel::Holds, views.result},
                                                     {Panel::Written, views.emitted},
                                                     {Panel::Sink, views.sinkTable},
                                                     {Panel::Sink, views.sinkContents}};
    for (const auto &[panel, view] : panels) {
        if (!view)
            continue;
        connect(view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
                [this, panel = panel, view = view] { onSelectionChanged(panel, view); });
    }
}

void RowExplainer::onSelectionChanged(Panel panel, QTableView *view)
{
    if (m_selecting)
        return;
    const QModelIndexList rows = view->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        if (m_row >= 0 && m_panel == panel)
            clear();
        return;
    }
    // One row is explained at a time: the other panels let go of theirs.
    m_selecting = true;
    for (QTableView *other : {m_views.input, m_views.result, m_views.emitted, m_views.sinkTable, m_views.sinkContents}) {
        if (other && other != view)
            other->selectionModel()->clearSelection();
    }
    m_selecting = false;
    explain(panel, rows.first().row());
}

void RowExplainer::showBatch(int index)
{
    const auto &reports = m_controller->reports();
    m_shown = index >= 0 && index < int(reports.size()) ? index : -1;
    m_dataBatch = -1;
    if (m_shown >= 0) {
        const auto [first, last] = BatchNarrativeView::triggerRange(reports, m_shown);
        for (int i = first; i <= m_shown && m_dataBatch < 0; ++i)
            if (!reports[size_t(i)]->noData)
                m_dataBatch = i;
        if (m_dataBatch < 0)
            m_dataBatch = m_shown;
    }
    clear();
}

void RowExplainer::clearLinks()
{
    for (BatchTableModel *model : {m_views.inputModel, m_views.resultModel, m_views.emittedModel, m_views.sinkModel})
        if (model)
            model->setLinkedRows({});
    if (m_views.sinkContentsModel)
        m_views.sinkContentsModel->setLinkedRows({});
    if (m_timeline)
        m_timeline->setHighlightedRows({}, QString());
}

void RowExplainer::clear()
{
    m_row = -1;
    clearLinks();
    m_why->clear();
}

void RowExplainer::explain(Panel panel, int row)
{
    clearLinks();
    m_row = -1;
    if (m_shown < 0 || !m_controller->query() || row < 0) {
        m_why->clear();
        return;
    }
    m_panel = panel;
    m_row = row;
    switch (panel) {
    case Panel::Arrived:
        explainInputRow(row);
        break;
    case Panel::Holds: {
        const QString subject = tr("%1 in the result table after batch %2")
                                    .arg(rowText(m_views.resultModel, row))
                                    .arg(m_controller->reports()[size_t(m_shown)]->batchId);
        explainResultRow(m_shown, row, subject, writtenRowsOf(m_shown, row), sinkRowsOf(m_shown, row));
        break;
    }
    case Panel::Written: {
        const auto [report, emitted] = writtenOrigin(row);
        if (report < 0)
            return m_why->clear();
        explainWrittenRow(report, emitted,
                          tr("%1, written by batch %2").arg(rowText(m_views.emittedModel, row))
                              .arg(m_controller->reports()[size_t(report)]->batchId));
        break;
    }
    case Panel::Sink: {
        const auto [report, emitted] = sinkOrigin(row);
        QString text;
        if (sinkShowsContents()) {
            QStringList cells;
            const SinkContentsModel *contents = m_views.sinkContentsModel;
            for (int c = contents->firstDataColumn(); c < contents->columnCount(); ++c)
                cells << contents->index(row, c).data().toString();
            text = cells.join(QStringLiteral(", "));
        } else {
            text = rowText(m_views.sinkModel, row);
        }
        if (report < 0) {
            m_why->showWhy(tr("%1 in the sink").arg(text), tr("no batch shown wrote this row"));
            return;
        }
        explainWrittenRow(report, emitted,
                          tr("%1 in the sink, written by batch %2").arg(text).arg(m_controller->reports()[size_t(report)]->batchId));
        break;
    }
    }
}

bool RowExplainer::sinkShowsContents() const
{
    return m_views.sinkContentsModel && SinkContentsModel::shows(m_controller->scenario().sink.format);
}

void RowExplainer::setSinkLinks(const std::vector<int> &rows)
{
    if (sinkShowsContents())
        m_views.sinkContentsModel->setLinkedRows(rows);
    else
        m_views.sinkModel->setLinkedRows(rows);
}

int RowExplainer::numSinkRows() const
{
    if (m_controller->scenario().sink.format == "console")
        return 0;
    return sinkShowsContents() ? m_views.sinkContentsModel->rowCount() : m_views.sinkModel->rowCount();
}

QString RowExplainer::rowText(const BatchTableModel *model, int row) const
{
    QStringList cells;
    for (int c = 0; c < model->columnCount(); ++c) {
        if (model->batchColumn(c) < 0)
            continue;
        cells << model->index(row, c).data().toString().remove(BatchTableModel::linkMark());
    }
    return cells.join(QStringLiteral(", "));
}

QString RowExplainer::unexplainedNote(const std::vector<int> &all) const
{
    // A long run's summarised batches have no rows to link, whatever their size.
    std::vector<int> reports, summarized;
    for (int index : all)
        (m_controller->reports()[size_t(index)]->summarized ? summarized : reports).push_back(index);
    QString summaryNote;
    if (!summarized.empty())
        summaryNote = tr("%n batch(es), from batch %1 on, are kept as summaries in this long run (the latest %2 batches "
                         "are kept in full): their rows are not linked; select one to see it in full.",
                         nullptr, int(summarized.size()))
                          .arg(m_controller->reports()[size_t(summarized.front())]->batchId)
                          .arg(RunController::kReportsKeptInFull);
    if (reports.empty())
        return summaryNote;
    if (!summaryNote.isEmpty())
        return unexplainedNote(reports) + QLatin1Char(' ') + summaryNote;
    const BatchReport &r = *m_controller->reports()[size_t(reports.front())];
    const QLocale locale;
    if (reports.size() == 1)
        return tr("Batch %1 had %2 rows, more than the %3 rows up to which the app explains a step: its rows carry their "
                  "fate, but not the numbers behind it, and are not linked.")
            .arg(r.batchId)
            .arg(locale.toString(qlonglong(r.numInputRows)), locale.toString(qlonglong(m_controller->explainLimit())));
    return tr("%n batch(es), from batch %1 on, had more rows than the %2 rows up to which the app explains a step: their "
              "rows carry their fate, but not the numbers behind it, and are not linked.",
              nullptr, int(reports.size()))
        .arg(r.batchId)
        .arg(locale.toString(qlonglong(m_controller->explainLimit())));
}

void RowExplainer::explainInputRow(int row)
{
    const auto &reports = m_controller->reports();
    const Query &query = *m_controller->query();
    const BatchReport &in = *reports[size_t(m_dataBatch)];
    if (size_t(row) >= in.input.numRows)
        return m_why->clear();
    const bool explained = size_t(row) < in.inputFacts.size();
    const InputRowFate fate = size_t(row) < in.inputFates.size() ? in.inputFates[size_t(row)] : InputRowFate::Processed;
    // Without its numbers the engine names a late-but-kept row's fate less well than the mark does.
    const QString why = !explained && fate == InputRowFate::LateButKept
        ? BatchTableModel::markExplanation(RowMark::LateKept)
        : translatedSentence(whyInputRow(query, in, size_t(row)));
    const QString subject = tr("input row %1 of batch %2 (%3)").arg(row).arg(in.batchId).arg(rowText(m_views.inputModel, row));
    QStringList details;
    m_timeline->setHighlightedRows({{m_dataBatch, row}}, tr("the selected input row"));
    if (!explained) {
        details << unexplainedNote({m_dataBatch});
        m_why->showWhy(subject, why, details);
        return;
    }
    const InputRowFacts &facts = in.inputFacts[size_t(row)];
    if (!query.isAggregating()) {
        m_why->showWhy(subject, why, details);
        return;
    }
    const BatchReport &shown = *reports[size_t(m_shown)];
    const std::vector<int> groups = resultRowsFedBy(query, facts, shown);
    m_views.resultModel->setLinkedRows(groups);
    // The rows written in this trigger, and those in the sink, that are groups it went into.
    std::vector<int> written;
    std::map<int, std::vector<int>> resultRowsOf;
    const auto fed = [&](int report, int emitted) {
        auto it = resultRowsOf.find(report);
        if (it == resultRowsOf.end())
            it = resultRowsOf.emplace(report, resultRowsOfEmitted(*reports[size_t(report)])).first;
        const int resultRow = emitted >= 0 && size_t(emitted) < it->second.size() ? it->second[size_t(emitted)] : -1;
        return resultRow >= 0 && contributesTo(query, facts, *reports[size_t(report)], size_t(resultRow));
    };
    for (int r = 0; r < m_views.emittedModel->rowCount(); ++r) {
        const auto [report, emitted] = writtenOrigin(r);
        if (report >= 0 && fed(report, emitted))
            written.push_back(r);
    }
    m_views.emittedModel->setLinkedRows(written);
    std::vector<int> sink;
    const int sinkRows = numSinkRows();
    for (int r = 0; r < sinkRows && sinkRows <= kMaxLinkedSinkRows; ++r) {
        const auto [report, emitted] = sinkOrigin(r);
        if (report >= 0 && fed(report, emitted))
            sink.push_back(r);
    }
    setSinkLinks(sink);

    if (groups.empty())
        details << tr("It went into no group of the result table after batch %1.").arg(shown.batchId);
    else
        details << tr("It went into %n group(s) of the result table after batch %1 (marked ● in 2 · Engine holds).", nullptr,
                      int(groups.size()))
                       .arg(shown.batchId);
    if (!written.empty())
        details << tr("%n of the rows written in this trigger hold(s) it (● in 3 · Written).", nullptr, int(written.size()));
    if (!sink.empty())
        details << tr("%n row(s) of the sink hold(s) it (● in 4 · Sink holds).", nullptr, int(sink.size()));
    m_why->showWhy(subject, why, details);
}

void RowExplainer::explainResultRow(int report, int resultRow, const QString &subject, std::vector<int> written,
                                    std::vector<int> sink)
{
    const auto &reports = m_controller->reports();
    const Query &query = *m_controller->query();
    const BatchReport &r = *reports[size_t(report)];
    const BatchReport *previous = report > 0 ? reports[size_t(report - 1)].get() : nullptr;
    const QString why = translatedSentence(whyResultRow(query, r, previous, size_t(resultRow)));
    QStringList details;
    const InputRowsOfResult inputs = inputRowsOf(query, reports, report, size_t(resultRow));
    std::vector<int> arrived;
    for (const auto &[batch, row] : inputs.rows)
        if (batch == m_dataBatch)
            arrived.push_back(row);
    m_views.inputModel->setLinkedRows(arrived);
    m_timeline->setHighlightedRows(inputs.rows, tr("went into the selected row"));
    if (inputs.rows.empty())
        details << tr("No input row that the app explained went into it.");
    else
        details << tr("%n input row(s) went into it — %1 (marked ● in 1 · Arrived when they arrived in this trigger, "
                      "ringed on the timeline).",
                      nullptr, int(inputs.rows.size()))
                       .arg(inputRowList(inputs.rows, reports));
    if (!written.empty())
        details << tr("This trigger wrote it (● in 3 · Written).");
    m_views.emittedModel->setLinkedRows(written);
    setSinkLinks(sink);
    if (!sink.empty())
        details << tr("The sink holds it (● in 4 · Sink holds).");
    const QString note = unexplainedNote(inputs.unexplained);
    if (!note.isEmpty())
        details << note;
    m_why->showWhy(subject, why, details);
}

void RowExplainer::explainWrittenRow(int report, int emittedRow, const QString &subject)
{
    const auto &reports = m_controller->reports();
    const BatchReport &r = *reports[size_t(report)];
    const std::vector<int> resultRows = resultRowsOfEmitted(r);
    const int resultRow = emittedRow >= 0 && size_t(emittedRow) < resultRows.size() ? resultRows[size_t(emittedRow)] : -1;
    if (resultRow < 0) {
        // A query without aggregation has no result table to link a written row to: the batch's story says why.
        m_why->showWhy(subject, BatchNarrativeView::engineNarrative(*m_controller->query(), reports, report),
                       {tr("The engine links input rows to the groups of an aggregation; this query has none, so a written "
                           "row is not traced back to its input row.")});
        return;
    }
    std::vector<int> holds;
    if (report == m_shown)
        holds.push_back(resultRow);
    explainResultRow(report, resultRow, subject, writtenRowsOf(report, resultRow), sinkRowsOf(report, resultRow));
    m_views.resultModel->setLinkedRows(holds);
}

std::pair<int, int> RowExplainer::writtenOrigin(int modelRow) const
{
    if (modelRow < 0 || modelRow >= m_views.emittedModel->rowCount() || m_shown < 0)
        return {-1, -1};
    const QModelIndex index = m_views.emittedModel->index(modelRow, 0);
    const qlonglong batchId = index.data(BatchTableModel::BatchIdRole).toLongLong();
    const auto &reports = m_controller->reports();
    for (int i = m_shown; i >= 0; --i)
        if (reports[size_t(i)]->batchId == batchId)
            return {i, int(index.data(BatchTableModel::SourceRowRole).toLongLong())};
    return {-1, -1};
}

std::pair<int, int> RowExplainer::sinkOrigin(int modelRow) const
{
    if (m_shown < 0 || modelRow < 0 || modelRow >= numSinkRows())
        return {-1, -1};
    if (sinkShowsContents())
        return m_views.sinkContentsModel->originOf(modelRow);
    if (m_controller->scenario().sink.format != "memory") // the panel shows the rows the batch wrote
        return {m_shown, int(m_views.sinkModel->index(modelRow, 0).data(BatchTableModel::SourceRowRole).toLongLong())};
    // The memory sink's table after the trigger: the newest batch that wrote an equal row.
    const auto table = m_controller->memoryTableAt(m_shown);
    if (!table || modelRow >= int(table->numRows))
        return {-1, -1};
    const auto &reports = m_controller->reports();
    const int last = BatchNarrativeView::triggerRange(reports, m_shown).second;
    const auto tableRow = size_t(m_views.sinkModel->index(modelRow, 0).data(BatchTableModel::SourceRowRole).toLongLong());
    for (int i = last; i >= 0; --i) {
        const int row = equalRowIn(reports[size_t(i)]->emitted, *table, tableRow);
        if (row >= 0)
            return {i, row};
    }
    return {-1, -1};
}

std::vector<int> RowExplainer::writtenRowsOf(int report, int resultRow) const
{
    std::vector<int> out;
    const std::vector<int> resultRows = resultRowsOfEmitted(*m_controller->reports()[size_t(report)]);
    for (int r = 0; r < m_views.emittedModel->rowCount(); ++r) {
        const auto [k, emitted] = writtenOrigin(r);
        if (k == report && emitted >= 0 && size_t(emitted) < resultRows.size() && resultRows[size_t(emitted)] == resultRow)
            out.push_back(r);
    }
    return out;
}

std::vector<int> RowExplainer::sinkRowsOf(int report, int resultRow) const
{
    std::vector<int> out;
    const int rows = numSinkRows();
    if (rows > kMaxLinkedSinkRows)
        return out;
    const std::vector<int> resultRows = resultRowsOfEmitted(*m_controller->reports()[size_t(report)]);
    for (int r = 0; r < rows; ++r) {
        const auto [k, emitted] = sinkOrigin(r);
        if (k == report && emitted >= 0 && size_t(emitted) < resultRows.size() && resultRows[size_t(emitted)] == resultRow)
            out.push_back(r);
    }
    return out;
}

} // namespace streamstep
