#include "crash_dialog.h"

#include "streamstep/error.h"
#include "streamstep/value_format.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QVBoxLayout>

namespace streamstep {

namespace {

QString pointLabel(const std::string &point)
{
    if (point == "after-offsets")
        return CrashDialog::tr("After the offset log (before the batch runs)");
    if (point == "mid-sink")
        return CrashDialog::tr("Inside the sink's write (before it commits)");
    if (point == "after-sink")
        return CrashDialog::tr("After the sink wrote, before the commit log");
    return CrashDialog::tr("After the commit log");
}

QString pointHelp(const std::string &point)
{
    if (point == "after-offsets")
        return CrashDialog::tr("The batch is planned in the offset log but has not run. The restart runs it again "
                               "with the same input and watermark; the sink gets it for the first time.");
    if (point == "mid-sink")
        return CrashDialog::tr("The sink has started writing but not committed: its transaction rolls back (a file "
                               "sink's part file is not in its _spark_metadata log yet). The restart writes the batch once.");
    if (point == "after-sink")
        return CrashDialog::tr("The sink has written and committed the batch with its batch id, but the commit log "
                               "does not have it: the restart runs the batch again, and only a sink that remembers "
                               "batch ids can tell it already has the rows.");
    return CrashDialog::tr("The batch is fully committed: the restart goes on with the next one.");
}

QTableWidget *makeTable(QWidget *parent, const QString &name)
{
    auto *table = new QTableWidget(parent);
    table->setObjectName(name);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->verticalHeader()->setVisible(false);
    table->horizontalHeader()->setStretchLastSection(true);
    table->setWordWrap(false);
    return table;
}

QString batchList(const std::vector<int64_t> &ids)
{
    QStringList out;
    for (int64_t id : ids)
        out << QString::number(id);
    return out.isEmpty() ? CrashDialog::tr("none") : out.join(QStringLiteral(", "));
}

} // namespace

CrashDialog::CrashDialog(std::shared_ptr<const Scenario> scenario, QWidget *parent)
    : QDialog(parent), m_scenario(std::move(scenario))
{
    setObjectName(QStringLiteral("crashDialog"));
    setWindowTitle(tr("Crash Here — Exactly Once, Made Visible"));
    auto *layout = new QVBoxLayout(this);

    auto *intro = new QLabel(tr("Runs this lesson with a checkpoint in a scratch folder, stops it at the chosen point "
                                "of a batch as a crash would, then restarts it from the checkpoint. Your own output "
                                "files are not touched."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto *choice = new QHBoxLayout;
    m_batchBox = new QSpinBox(this);
    m_batchBox->setObjectName(QStringLiteral("crashBatch"));
    m_batchBox->setRange(0, 100000);
    m_batchBox->setValue(1);
    auto *batchLabel = new QLabel(tr("&Batch:"), this);
    batchLabel->setBuddy(m_batchBox);
    choice->addWidget(batchLabel);
    choice->addWidget(m_batchBox);
    choice->addSpacing(12);
    m_pointBox = new QComboBox(this);
    m_pointBox->setObjectName(QStringLiteral("crashPoint"));
    for (const std::string &point : crashPoints())
        m_pointBox->addItem(pointLabel(point), QString::fromStdString(point));
    m_pointBox->setCurrentIndex(2); // after-sink: the case batch ids are for
    auto *pointLabelWidget = new QLabel(tr("&Point:"), this);
    pointLabelWidget->setBuddy(m_pointBox);
    choice->addWidget(pointLabelWidget);
    choice->addWidget(m_pointBox, 1);
    choice->addSpacing(12);
    m_runButton = new QPushButton(tr("&Crash and Restart"), this);
    m_runButton->setObjectName(QStringLiteral("crashButton"));
    m_runButton->setDefault(true);
    connect(m_runButton, &QPushButton::clicked, this, &CrashDialog::crashAndRestart);
    choice->addWidget(m_runButton);
    layout->addLayout(choice);
    m_pointHelp = new QLabel(this);
    m_pointHelp->setWordWrap(true);
    layout->addWidget(m_pointHelp);
    connect(m_pointBox, &QComboBox::currentIndexChanged, this,
            [this] { m_pointHelp->setText(pointHelp(plan().point)); });
    m_pointHelp->setText(pointHelp(plan().point));

    m_headline = new QLabel(this);
    m_headline->setObjectName(QStringLiteral("crashHeadline"));
    m_headline->setWordWrap(true);
    QFont bold = m_headline->font();
    bold.setBold(true);
    m_headline->setFont(bold);
    layout->addWidget(m_headline);

    auto *middle = new QHBoxLayout;
    auto *checkpointBox = new QGroupBox(tr("The checkpoint when the run stopped"), this);
    auto *checkpointLayout = new QVBoxLayout(checkpointBox);
    m_checkpointTable = makeTable(checkpointBox, QStringLiteral("checkpointTable"));
    m_checkpointTable->setColumnCount(4);
    m_checkpointTable->setHorizontalHeaderLabels({tr("Batch"), tr("Step"), tr("Offsets planned"), tr("Committed")});
    checkpointLayout->addWidget(m_checkpointTable);
    middle->addWidget(checkpointBox, 1);
    auto *restartBox = new QGroupBox(tr("The restart"), this);
    auto *restartLayout = new QVBoxLayout(restartBox);
    m_restartLabel = new QLabel(restartBox);
    m_restartLabel->setObjectName(QStringLiteral("restartText"));
    m_restartLabel->setWordWrap(true);
    m_restartLabel->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_restartLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    restartLayout->addWidget(m_restartLabel, 1);
    middle->addWidget(restartBox, 2);
    layout->addLayout(middle, 2);

    auto *sinks = new QHBoxLayout;
    const auto column = [&](QLabel *&label, QTableWidget *&table, const QString &name) {
        auto *box = new QVBoxLayout;
        label = new QLabel(this);
        label->setWordWrap(true);
        label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setMinimumHeight(label->fontMetrics().lineSpacing() * 2 + 4); // the three tables start level
        table = makeTable(this, name);
        box->addWidget(label);
        box->addWidget(table, 1);
        sinks->addLayout(box, 1);
    };
    column(m_sinkLabel, m_sinkTable, QStringLiteral("sinkTable"));
    column(m_naiveLabel, m_naiveTable, QStringLiteral("naiveTable"));
    column(m_cleanLabel, m_cleanTable, QStringLiteral("uninterruptedTable"));
    layout->addLayout(sinks, 3);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(1100, 720);
    showReport();
}

CrashDialog::~CrashDialog() = default;

void CrashDialog::setPlan(const CrashPlan &plan)
{
    m_batchBox->setValue(static_cast<int>(plan.batchId));
    const int index = m_pointBox->findData(QString::fromStdString(plan.point));
    if (index >= 0)
        m_pointBox->setCurrentIndex(index);
}

CrashPlan CrashDialog::plan() const
{
    return CrashPlan{m_batchBox->value(), m_pointBox->currentData().toString().toStdString()};
}

void CrashDialog::crashAndRestart()
{
    m_report.reset();
    m_problem.clear();
    m_workDir = std::make_unique<QTemporaryDir>();
    QApplication::setOverrideCursor(Qt::WaitCursor);
    try {
        m_report = demonstrateCrash(*m_scenario, plan(), m_workDir->path().toStdString());
    } catch (const Error &e) {
        m_problem = QString::fromStdString(e.message());
    }
    QApplication::restoreOverrideCursor();
    showReport();
}

void CrashDialog::fillRows(QTableWidget *table, const ColumnBatch &rows)
{
    const bool naive = table == m_naiveTable && m_report;
    table->clear();
    const int extra = naive ? 1 : 0;
    table->setColumnCount(static_cast<int>(rows.schema.fields.size()) + extra);
    QStringList headers;
    if (naive)
        headers << tr("Batch");
    for (const Field &f : rows.schema.fields)
        headers << QString::fromStdString(f.name);
    table->setHorizontalHeaderLabels(headers);
    table->setRowCount(static_cast<int>(rows.numRows));
    for (size_t r = 0; r < rows.numRows; ++r) {
        const RecoveryReport::NaiveRow *info = naive && r < m_report->naiveRowInfo.size() ? &m_report->naiveRowInfo[r] : nullptr;
        if (info) {
            auto *item = new QTableWidgetItem(info->afterRestart ? tr("%1 (again)").arg(info->batchId) : QString::number(info->batchId));
            table->setItem(static_cast<int>(r), 0, item);
        }
        for (size_t c = 0; c < rows.columns.size(); ++c)
            table->setItem(static_cast<int>(r), static_cast<int>(c) + extra,
                           new QTableWidgetItem(QString::fromStdString(toDisplayString(rows.get(r, c)))));
        if (info && info->duplicate) {
            for (int c = 0; c < table->columnCount(); ++c) {
                QTableWidgetItem *item = table->item(static_cast<int>(r), c);
                item->setBackground(QColor(0xf4, 0xc7, 0xc3));
                item->setForeground(Qt::black);
                item->setToolTip(tr("A duplicate: batch %1 was written before the crash and again after the restart").arg(info->batchId));
            }
        }
    }
    table->resizeColumnsToContents();
    // The naive sink's first duplicate in view (once the table has its size): that is what the
    // dialog is about.
    if (naive)
        for (size_t r = 0; r < m_report->naiveRowInfo.size(); ++r)
            if (m_report->naiveRowInfo[r].duplicate) {
                QTimer::singleShot(0, table, [table, r] {
                    if (QTableWidgetItem *item = table->item(static_cast<int>(r), 0))
                        table->scrollToItem(item, QAbstractItemView::PositionAtTop);
                });
                break;
            }
}

void CrashDialog::showReport()
{
    const bool have = m_report.has_value();
    m_checkpointTable->setRowCount(0);
    if (!have) {
        m_headline->setText(m_problem.isEmpty() ? tr("Choose a batch and a point, then Crash and Restart.") : m_problem);
        m_restartLabel->clear();
        for (QTableWidget *t : {m_sinkTable, m_naiveTable, m_cleanTable}) {
            t->clear();
            t->setRowCount(0);
            t->setColumnCount(0);
        }
        m_sinkLabel->setText(tr("The sink after the restart"));
        m_naiveLabel->setText(tr("A naive sink without batch ids"));
        m_cleanLabel->setText(tr("The same query without a crash"));
        return;
    }
    const RecoveryReport &r = *m_report;
    if (r.crashed)
        m_headline->setText(tr("Crashed at batch %1 (step %2): %3.")
                                .arg(r.plan.batchId)
                                .arg(r.crashStep)
                                .arg(pointLabel(r.plan.point)));
    else
        m_headline->setText(tr("The run never reached batch %1 at that point: it finished without stopping.").arg(r.plan.batchId));

    m_checkpointTable->setRowCount(static_cast<int>(r.planned.size()));
    for (size_t i = 0; i < r.planned.size(); ++i) {
        const RecoveryReport::Planned &p = r.planned[i];
        const bool committed = std::find(r.committed.begin(), r.committed.end(), p.batchId) != r.committed.end();
        const QStringList cells = {QString::number(p.batchId),
                                   p.noData ? tr("%1 (no data)").arg(p.step) : QString::number(p.step),
                                   tr("offsets/%1").arg(p.batchId),
                                   committed ? tr("commits/%1").arg(p.batchId) : tr("— not committed")};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            if (!committed) {
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            }
            m_checkpointTable->setItem(static_cast<int>(i), c, item);
        }
    }
    m_checkpointTable->resizeColumnsToContents();

    QStringList restart;
    for (const std::string &n : r.notices)
        restart << QString::fromStdString(n).toHtmlEscaped();
    restart << tr("Offsets planned: %1. Batches committed: %2.")
                   .arg(batchList([&] {
                       std::vector<int64_t> ids;
                       for (const auto &p : r.planned)
                           ids.push_back(p.batchId);
                       return ids;
                   }()),
                        batchList(r.committed));
    if (r.faultTolerant)
        restart << tr("The %1 sink held batches up to %2 when the restart opened it.")
                       .arg(QString::fromStdString(r.sinkFormat),
                            r.sinkLastBatch ? QString::number(*r.sinkLastBatch) : tr("none"));
    if (!r.replayedBatch)
        restart << tr("No batch ran again: every planned batch was committed.");
    else if (r.sinkSkippedReplay)
        restart << tr("<b>Batch %1 ran again</b> with the same input and watermark. The sink already held batch %1, "
                      "so it <b>skipped it and wrote nothing</b>.")
                       .arg(*r.replayedBatch);
    else if (r.faultTolerant)
        restart << tr("<b>Batch %1 ran again</b> with the same input and watermark. The sink did not hold it yet and "
                      "wrote it now, once.")
                       .arg(*r.replayedBatch);
    else
        restart << tr("<b>Batch %1 ran again</b>. The %2 sink is not fault tolerant (as in Spark): it was given the "
                      "batch a second time.")
                       .arg(*r.replayedBatch)
                       .arg(QString::fromStdString(r.sinkFormat));
    m_restartLabel->setText(restart.join(QStringLiteral("<br><br>")));

    m_sinkLabel->setText(r.sinkEqualsUninterrupted
                             ? tr("<b>The %1 sink after the restart</b>: %n row(s), the same as without a crash (exactly once).",
                                  nullptr, static_cast<int>(r.sinkRows.numRows))
                                   .arg(QString::fromStdString(r.sinkFormat))
                             : tr("<b>The %1 sink after the restart</b>: %n row(s), not the rows of the run without a crash.",
                                  nullptr, static_cast<int>(r.sinkRows.numRows))
                                   .arg(QString::fromStdString(r.sinkFormat)));
    m_naiveLabel->setText(tr("<b>A naive sink without batch ids</b> (appending every batch it is given): %n row(s), "
                             "%1 of them duplicated.",
                             nullptr, static_cast<int>(r.naiveRows.numRows))
                              .arg(r.duplicatedRows.numRows));
    m_cleanLabel->setText(tr("<b>The same query without a crash</b>: %n row(s).", nullptr,
                             static_cast<int>(r.uninterruptedRows.numRows)));
    fillRows(m_sinkTable, r.sinkRows);
    fillRows(m_naiveTable, r.naiveRows);
    fillRows(m_cleanTable, r.uninterruptedRows);
}

} // namespace streamstep
