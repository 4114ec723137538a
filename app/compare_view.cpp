#include "compare_view.h"

#include "batch_table_model.h"
#include "mode_comparison_chart.h"
#include "mode_comparison_model.h"
#include "query_summary_view.h"
#include "sink_contents_model.h"
#include "text_scale.h"

#include <QDeadlineTimer>
#include <QEvent>
#include <QEventLoop>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace streamstep {

namespace {

// A table whose columns fit its width: each column as wide as its contents, and when they are
// wider than the view, the widest columns give up the difference (their text elides, the tooltip
// keeps it), so a third of a 1280-pixel window still shows every column, the totals included.
class FittingTableView : public QTableView {
public:
    using QTableView::QTableView;

    void fitColumns()
    {
        QHeaderView *header = horizontalHeader();
        const int count = header->count();
        if (count == 0)
            return;
        resizeColumnsToContents();
        QList<int> widths;
        int total = 0;
        for (int i = 0; i < count; ++i) {
            widths << header->sectionSize(i);
            total += widths.last();
        }
        int excess = total - viewport()->width();
        const int minimum = fontMetrics().horizontalAdvance(QStringLiteral("0000000"));
        // Shave the widest column down to the next widest, and so on, until everything fits.
        while (excess > 0) {
            int widest = 0;
            for (int i = 1; i < count; ++i)
                if (widths[i] > widths[widest])
                    widest = i;
            int next = minimum;
            for (int i = 0; i < count; ++i)
                if (i != widest && widths[i] < widths[widest])
                    next = std::max(next, widths[i]);
            const int cut = std::min(excess, widths[widest] - next);
            if (cut <= 0)
                break;
            widths[widest] -= cut;
            excess -= cut;
        }
        for (int i = 0; i < count; ++i)
            header->resizeSection(i, widths[i]);
    }

protected:
    void resizeEvent(QResizeEvent *event) override
    {
        QTableView::resizeEvent(event);
        fitColumns();
    }
};

QTableView *newTable(QAbstractItemModel *model, QWidget *parent)
{
    auto *view = new FittingTableView(parent);
    setUpReadOnlyTable(view, model);
    view->verticalHeader()->hide();
    QObject::connect(model, &QAbstractItemModel::modelReset, view, [view] { view->fitColumns(); });
    return view;
}

QLabel *newHeading(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    return label;
}

std::shared_ptr<const std::vector<ModeRun>> runModes(std::shared_ptr<const Scenario> scenario)
{
    return std::make_shared<const std::vector<ModeRun>>(compareOutputModes(*scenario));
}

qint64 numRows(const Scenario &scenario)
{
    qint64 rows = 0;
    for (const Step &step : scenario.steps)
        rows += qint64(step.rows.numRows);
    return rows;
}

} // namespace

CompareView::CompareView(QWidget *parent) : QWidget(parent), m_model(new ModeComparisonModel(this))
{
    setObjectName(QStringLiteral("compareView"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);

    // What the view is, and which trigger it shows.
    auto *top = new QWidget(this);
    auto *topLayout = new QHBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    m_header = newHeading(top);
    m_header->setObjectName(QStringLiteral("compareHeader"));
    m_header->setMargin(4);
    m_header->setFrameShape(QFrame::StyledPanel);
    topLayout->addWidget(m_header, 1);
    m_previous = new QToolButton(top);
    m_previous->setObjectName(QStringLiteral("comparePrevious"));
    m_previous->setArrowType(Qt::LeftArrow);
    m_previous->setToolTip(tr("Show the previous trigger in every mode"));
    m_triggerLabel = new QLabel(top);
    m_triggerLabel->setObjectName(QStringLiteral("compareTrigger"));
    m_next = new QToolButton(top);
    m_next->setObjectName(QStringLiteral("compareNext"));
    m_next->setArrowType(Qt::RightArrow);
    m_next->setToolTip(tr("Show the next trigger in every mode"));
    topLayout->addWidget(m_previous);
    topLayout->addWidget(m_triggerLabel);
    topLayout->addWidget(m_next);
    connect(m_previous, &QToolButton::clicked, this, [this] { setTrigger(m_trigger - 1); });
    connect(m_next, &QToolButton::clicked, this, [this] { setTrigger(m_trigger + 1); });
    layout->addWidget(top);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("compareSplitter"));
    splitter->setChildrenCollapsible(false);
    auto *columns = new QSplitter(Qt::Horizontal, splitter);
    columns->setObjectName(QStringLiteral("compareColumns"));
    columns->setChildrenCollapsible(false);
    for (size_t i = 0; i < m_columns.size(); ++i) {
        m_columns[i].mode = ModeComparisonModel::kModes[i];
        columns->addWidget(createColumn(m_columns[i]));
        columns->setStretchFactor(int(i), 1);
    }
    m_chart = new ModeComparisonChart(m_model, splitter);
    m_chart->setObjectName(QStringLiteral("compareChart"));
    splitter->addWidget(columns);
    splitter->addWidget(m_chart);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setSizes({680, 320});
    layout->addWidget(splitter, 1);

    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<const std::vector<ModeRun>>>::finished, this,
            &CompareView::onRunsFinished);
    clear();
}

CompareView::~CompareView()
{
    m_watcher.disconnect(this);
    m_watcher.waitForFinished();
}

QWidget *CompareView::createColumn(ModeColumn &c)
{
    auto *column = new QWidget(this);
    const QString mode = QString::fromStdString(outputModeName(c.mode));
    column->setObjectName(mode + QStringLiteral("Column"));
    column->setMinimumWidth(150);
    auto *layout = new QVBoxLayout(column);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    c.title = newHeading(column);
    c.title->setObjectName(mode + QStringLiteral("Title"));
    layout->addWidget(c.title);
    c.pages = new QStackedWidget(column);
    layout->addWidget(c.pages, 1);

    auto *tables = new QWidget(c.pages);
    auto *tablesLayout = new QVBoxLayout(tables);
    tablesLayout->setContentsMargins(0, 0, 0, 0);
    tablesLayout->setSpacing(2);
    // A table of `model` under its heading `title`, named MODE + `name`.
    const auto addTitledTable = [&](QAbstractItemModel *model, QLabel *&title, const QString &name) {
        title = newHeading(tables);
        QTableView *view = newTable(model, tables);
        view->setObjectName(mode + name);
        tablesLayout->addWidget(title);
        tablesLayout->addWidget(view, 1);
        return view;
    };
    c.written = new BatchTableModel(column);
    c.writtenView = addTitledTable(c.written, c.writtenTitle, QStringLiteral("WrittenView"));

    c.sinkTitle = newHeading(tables);
    c.sinkStack = new QStackedWidget(tables);
    c.console = new QPlainTextEdit(c.sinkStack);
    c.console->setObjectName(mode + QStringLiteral("ConsoleView"));
    c.console->setReadOnly(true);
    c.console->setLineWrapMode(QPlainTextEdit::NoWrap);
    c.console->setFont(scaledFixedFont(textScale(this)));
    c.sinkTable = new BatchTableModel(column);
    c.sinkTableView = newTable(c.sinkTable, c.sinkStack);
    c.sinkTableView->setObjectName(mode + QStringLiteral("SinkTableView"));
    c.sinkContents = new SinkContentsModel(column);
    c.sinkContentsView = newTable(c.sinkContents, c.sinkStack);
    c.sinkContentsView->setObjectName(mode + QStringLiteral("SinkContentsView"));
    c.sinkStack->addWidget(c.console);
    c.sinkStack->addWidget(c.sinkTableView);
    c.sinkStack->addWidget(c.sinkContentsView);
    tablesLayout->addWidget(c.sinkTitle);
    tablesLayout->addWidget(c.sinkStack, 1);

    c.state = new BatchTableModel(column);
    c.stateView = addTitledTable(c.state, c.stateTitle, QStringLiteral("StateView"));
    c.pages->addWidget(tables);

    c.rejection = newHeading(c.pages);
    c.rejection->setObjectName(mode + QStringLiteral("Rejection"));
    c.rejection->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    c.rejection->setMargin(6);
    c.rejection->setTextInteractionFlags(Qt::TextSelectableByMouse);
    c.pages->addWidget(c.rejection);
    return column;
}

void CompareView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange) {
        for (const ModeColumn &c : m_columns)
            if (c.console)
                c.console->setFont(scaledFixedFont(textScale(this)));
    }
    QWidget::changeEvent(event);
}

const CompareView::ModeColumn &CompareView::columnOf(OutputMode mode) const
{
    for (const ModeColumn &c : m_columns)
        if (c.mode == mode)
            return c;
    return m_columns.front();
}

BatchTableModel *CompareView::writtenModel(OutputMode mode) const { return columnOf(mode).written; }
BatchTableModel *CompareView::stateModel(OutputMode mode) const { return columnOf(mode).state; }
BatchTableModel *CompareView::sinkTableModel(OutputMode mode) const { return columnOf(mode).sinkTable; }
SinkContentsModel *CompareView::sinkContentsModel(OutputMode mode) const { return columnOf(mode).sinkContents; }
QPlainTextEdit *CompareView::consoleView(OutputMode mode) const { return columnOf(mode).console; }
QLabel *CompareView::titleLabel(OutputMode mode) const { return columnOf(mode).title; }
QLabel *CompareView::rejectionLabel(OutputMode mode) const { return columnOf(mode).rejection; }
bool CompareView::showsRejection(OutputMode mode) const { return columnOf(mode).pages->currentIndex() == 1; }
QString CompareView::headerText() const { return m_header->text(); }

void CompareView::setScenario(std::shared_ptr<const Scenario> scenario)
{
    m_scenario = std::move(scenario);
    const quint64 generation = ++m_generation;
    if (!m_scenario) {
        apply(nullptr);
        return;
    }
    if (numRows(*m_scenario) <= kSynchronousRows) {
        apply(runModes(m_scenario));
        return;
    }
    m_pendingGeneration = generation;
    m_header->setText(tr("Running the query in append, update and complete mode…"));
    m_watcher.setFuture(QtConcurrent::run(runModes, m_scenario));
}

void CompareView::onRunsFinished()
{
    if (m_pendingGeneration != m_generation)
        return; // a newer scenario replaced the one this comparison ran
    m_pendingGeneration = 0;
    apply(m_watcher.result());
}

bool CompareView::isRunning() const
{
    return m_pendingGeneration != 0 && m_pendingGeneration == m_generation;
}

bool CompareView::waitForRuns(int timeoutMs)
{
    const QDeadlineTimer deadline = timeoutMs < 0 ? QDeadlineTimer(QDeadlineTimer::Forever) : QDeadlineTimer(timeoutMs);
    while (isRunning()) {
        if (deadline.hasExpired())
            return false;
        QEventLoop loop;
        connect(this, &CompareView::runsFinished, &loop, &QEventLoop::quit);
        QTimer::singleShot(50, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return true;
}

void CompareView::apply(std::shared_ptr<const std::vector<ModeRun>> runs)
{
    const int steps = m_scenario ? int(m_scenario->steps.size()) : 0;
    m_model->setRuns(std::move(runs), steps);
    for (ModeColumn &c : m_columns)
        c.sinkContents->setSink(m_scenario ? m_scenario->sink : SinkSpec{}, c.mode);
    m_trigger = std::clamp(m_trigger, 0, std::max(0, steps - 1));
    showTrigger();
    Q_EMIT runsFinished();
}

void CompareView::clear()
{
    setScenario(nullptr);
}

void CompareView::setTrigger(int trigger)
{
    const int clamped = std::clamp(trigger, 0, std::max(0, m_model->numTriggers() - 1));
    const bool changed = clamped != m_trigger;
    m_trigger = clamped;
    showTrigger();
    if (changed)
        Q_EMIT triggerChanged(m_trigger);
}

void CompareView::updateHeader()
{
    const int steps = m_model->numTriggers();
    m_previous->setEnabled(m_trigger > 0);
    m_next->setEnabled(m_trigger + 1 < steps);
    if (m_model->isEmpty()) {
        m_header->setText(tr("<b>Compare output modes</b> — open a scenario: its query runs in append, update and complete "
                             "mode on the same data, side by side."));
        m_triggerLabel->setText(QString());
        return;
    }
    m_header->setText(tr("<b>The same query and the same %n trigger(s) in each output mode</b>, run independently: what "
                         "each mode writes to the sink, what the sink then holds and what stays in state. Showing "
                         "<b>trigger %1</b>.",
                         nullptr, steps)
                          .arg(m_trigger));
    m_triggerLabel->setText(tr("trigger %1 of 0–%2").arg(m_trigger).arg(std::max(0, steps - 1)));
}

void CompareView::showTrigger()
{
    updateHeader();
    for (ModeColumn &c : m_columns)
        showColumn(c);
    m_chart->setCurrentTrigger(m_model->isEmpty() ? -1 : m_trigger);
}

void CompareView::showColumn(ModeColumn &c)
{
    const QString modeName = QString::fromStdString(outputModeName(c.mode));
    if (m_model->isEmpty()) {
        c.title->setText(QStringLiteral("<b>%1</b>").arg(modeName));
        c.written->clear();
        c.sinkTable->clear();
        c.sinkContents->clear();
        c.state->clear();
        c.console->clear();
        c.writtenTitle->clear();
        c.sinkTitle->clear();
        c.stateTitle->clear();
        c.pages->setCurrentIndex(0);
        return;
    }
    const QString rejected = m_model->rejection(c.mode);
    if (!rejected.isEmpty()) {
        c.title->setText(tr("<b>%1</b> — Spark rejects the query in this mode").arg(modeName));
        QString text = QStringLiteral("<b>%1</b><br>%2").arg(tr("The query cannot start in %1 mode:").arg(modeName),
                                                            rejected.toHtmlEscaped());
        const QString fix = QuerySummaryView::suggestedFix(rejected);
        if (!fix.isEmpty())
            text += QStringLiteral("<br><br><b>%1</b> %2").arg(tr("Fix:"), fix.toHtmlEscaped());
        c.rejection->setText(text);
        c.pages->setCurrentIndex(1);
        return;
    }
    c.pages->setCurrentIndex(0);
    const auto &reports = m_model->reports(c.mode);
    const auto [first, last] = m_model->batchesOfTrigger(c.mode, m_trigger);
    const int upTo = m_model->lastBatchUpTo(c.mode, m_trigger);

    // The title: the trigger's batches with what each wrote, and the state after it.
    QStringList batches;
    std::vector<std::shared_ptr<const BatchReport>> written;
    for (int i = first; i >= 0 && i <= last; ++i) {
        const BatchReport &r = *reports[size_t(i)];
        batches << (r.noData ? tr("no-data batch %1 wrote %n row(s)", nullptr, int(r.numOutputRows)).arg(r.batchId)
                             : tr("batch %1 wrote %n row(s)", nullptr, int(r.numOutputRows)).arg(r.batchId));
        written.push_back(reports[size_t(i)]);
    }
    QString title = QStringLiteral("<b>%1</b> — ").arg(modeName);
    if (batches.isEmpty())
        title += tr("trigger %1 ran no batch").arg(m_trigger);
    else
        title += tr("trigger %1: %2").arg(m_trigger).arg(batches.join(QStringLiteral(", ")));
    const int64_t state = m_model->stateRowsAfter(c.mode, m_trigger);
    if (state >= 0)
        title += QStringLiteral(" · <b>%1</b>").arg(tr("%n row(s) in state", nullptr, int(state)));
    const QString failure = m_model->failure(c.mode);
    if (!failure.isEmpty() && (reports.empty() || m_trigger > reports.back()->step))
        title += QStringLiteral("<br>%1").arg(tr("The query stopped: %1").arg(failure.toHtmlEscaped()));
    c.title->setText(title);

    // 1 · Written in the trigger.
    const int64_t rows = m_model->rowsWritten(c.mode, m_trigger);
    c.writtenTitle->setText(tr("<b>Written</b> in trigger %1: %n row(s)", nullptr, int(rows)).arg(m_trigger));
    if (written.empty())
        c.written->clear();
    else
        c.written->setEmittedRows(written);

    // 2 · What the sink holds after the trigger.
    const std::string &format = m_scenario->sink.format;
    const BatchReport *after = upTo >= 0 ? reports[size_t(upTo)].get() : nullptr;
    if (!after) {
        c.sinkTitle->setText(tr("<b>Sink</b>: nothing written yet"));
        c.sinkTable->clear();
        c.sinkContents->clear();
        c.console->clear();
    } else if (SinkContentsModel::shows(format)) {
        c.sinkContents->showAfter(reports, upTo);
        c.sinkStack->setCurrentWidget(c.sinkContentsView);
        c.sinkTitle->setText(tr("<b>Sink holds</b> after batch %1 (%2): %n row(s)", nullptr, c.sinkContents->rowCount())
                                 .arg(after->batchId)
                                 .arg(QString::fromStdString(format)));
    } else if (format == "memory" && after->hasSinkTable) {
        c.sinkTable->setBatch(std::shared_ptr<const ColumnBatch>(reports[size_t(upTo)], &after->sinkTable), {},
                              after->sinkTableDisplayRows.size() == after->sinkTable.numRows ? after->sinkTableDisplayRows
                                                                                            : std::vector<uint32_t>());
        c.sinkStack->setCurrentWidget(c.sinkTableView);
        c.sinkTitle->setText(tr("<b>Sink holds</b> after batch %1 (memory table): %n row(s)", nullptr, int(after->sinkTable.numRows))
                                 .arg(after->batchId));
    } else if (format == "console") {
        QString text;
        for (const auto &r : written)
            text += QString::fromStdString(r->sinkText);
        c.console->setPlainText(text);
        c.sinkStack->setCurrentWidget(c.console);
        c.sinkTitle->setText(tr("<b>Sink</b>: what the console printed in trigger %1").arg(m_trigger));
    } else {
        c.sinkTable->setEmittedRows(written);
        c.sinkStack->setCurrentWidget(c.sinkTableView);
        c.sinkTitle->setText(tr("<b>Sink</b> (%1): the rows written in trigger %2").arg(QString::fromStdString(format)).arg(m_trigger));
    }

    // 3 · The state after the trigger: the result table with each group's status.
    if (after && after->hasResultTable) {
        c.state->setResultTable(reports[size_t(upTo)]);
        c.stateTitle->setText(tr("<b>Result table</b> after batch %1: %n row(s) in state", nullptr, int(after->stateRows))
                                  .arg(after->batchId));
        c.stateView->show();
    } else {
        c.state->clear();
        c.stateTitle->setText(after && after->stateOperators.empty()
                                  ? tr("<b>State</b>: none — a query without aggregation keeps no state")
                                  : tr("<b>State</b>: %n row(s)", nullptr, int(after ? after->stateRows : 0)));
        c.stateView->hide();
    }
}

} // namespace streamstep
