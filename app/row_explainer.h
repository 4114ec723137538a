// Answers "why?" for the row selected in any story panel: asks the engine (streamstep/why.h) why
// an input row went where or why a result row has its status and was or was not written, shows
// it in the Why pane, and marks the rows it is linked to by the engine's provenance
// (contributesTo): the input rows, of this batch and earlier ones, that went into a result,
// written or sink row (in 1 · Arrived and ringed on the timeline), and the result, written and
// sink rows an input row went into. One row is explained at a time: selecting in one panel clears
// the others. The rows shown are the main window's; this object only reads the run's reports.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

class QTableView;

namespace streamstep {

class BatchTableModel;
class EventTimeTimeline;
class RunController;
class SinkContentsModel;
class WhyView;
struct BatchReport;

class RowExplainer : public QObject {
    Q_OBJECT
public:
    enum class Panel { Arrived, Holds, Written, Sink };

    struct Views {
        QTableView *input = nullptr;
        QTableView *result = nullptr;
        QTableView *emitted = nullptr;
        QTableView *sinkTable = nullptr;    // memory sink
        QTableView *sinkContents = nullptr; // csv, json, sqlite sinks
        BatchTableModel *inputModel = nullptr;
        BatchTableModel *resultModel = nullptr;
        BatchTableModel *emittedModel = nullptr;
        BatchTableModel *sinkModel = nullptr;
        SinkContentsModel *sinkContentsModel = nullptr;
    };

    RowExplainer(RunController *controller, WhyView *why, EventTimeTimeline *timeline, const Views &views,
                 QObject *parent = nullptr);

    // The panels now show reports[index] (-1: nothing): forgets the row explained.
    void showBatch(int index);
    // Explains row `row` of a panel's model (what selecting it does).
    void explain(Panel panel, int row);
    void clear();

    // The panel whose row is explained, and the row; -1 when none.
    int explainedRow() const { return m_row; }
    Panel explainedPanel() const { return m_panel; }

private:
    void onSelectionChanged(Panel panel, QTableView *view);
    void explainInputRow(int row);
    // A result row of reports[report]: `subject` names it; `written` lists the model rows of the
    // Written panel that are this very row, `sink` those of the sink panel.
    void explainResultRow(int report, int resultRow, const QString &subject, std::vector<int> written, std::vector<int> sink);
    void explainWrittenRow(int report, int emittedRow, const QString &subject);
    // Where a row of the Written or sink panel came from: the report index and its emitted row.
    std::pair<int, int> writtenOrigin(int modelRow) const;
    std::pair<int, int> sinkOrigin(int modelRow) const;
    // The model rows of the Written and sink panels that are result row `resultRow` of reports[report].
    std::vector<int> writtenRowsOf(int report, int resultRow) const;
    std::vector<int> sinkRowsOf(int report, int resultRow) const;
    QString rowText(const BatchTableModel *model, int row) const;
    // The sink panel: a csv, json or sqlite sink's contents, else the memory table or the rows written.
    bool sinkShowsContents() const;
    int numSinkRows() const;
    void setSinkLinks(const std::vector<int> &rows);
    QString unexplainedNote(const std::vector<int> &reports) const;
    void clearLinks();

    RunController *m_controller;
    WhyView *m_why;
    EventTimeTimeline *m_timeline;
    Views m_views;
    int m_shown = -1;     // the batch the panels show
    int m_dataBatch = -1; // the batch whose input 1 · Arrived shows
    int m_row = -1;
    Panel m_panel = Panel::Arrived;
    bool m_selecting = false;
};

} // namespace streamstep
