#include "query_editor.h"

#include "text_scale.h"

#include "query_op_dialog.h"
#include "query_op_list_model.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace streamstep {

namespace {

// Options a format needs to be accepted; the user's own options stay when the format stays.
std::map<std::string, nlohmann::json> defaultOptions(const std::string &format)
{
    if (format == "memory")
        return {{"queryName", "result"}};
    if (format == "csv" || format == "json")
        return {{"path", "output_" + format}};
    if (format == "sqlite")
        return {{"path", "output.db"}, {"table", "result"}};
    if (format == "parquet")
        return {{"path", "output_parquet"}};
    if (format == "postgres")
        return {{"url", "postgresql://localhost:5432/postgres"}, {"table", "result"}};
    return {};
}

QToolButton *newButton(const QString &text, const QString &toolTip, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setText(text);
    button->setToolTip(toolTip);
    button->setAutoRaise(true);
    return button;
}

// An option as the form shows it: a list of names (the key) as "a, b", which the sinks read
// back as the same list.
QString optionText(const nlohmann::json &value)
{
    if (value.is_string())
        return QString::fromStdString(value.get<std::string>());
    if (value.is_array() && std::all_of(value.begin(), value.end(), [](const nlohmann::json &v) { return v.is_string(); })) {
        QStringList names;
        for (const auto &v : value)
            names << QString::fromStdString(v.get<std::string>());
        return names.join(QStringLiteral(", "));
    }
    return QString::fromStdString(value.dump());
}

// The formats whose sink connects to a server (the form offers Test Connection).
bool isServerSinkFormat(const std::string &format)
{
    return format == "postgres" || format == "jdbc";
}

} // namespace

QueryEditor::QueryEditor(QWidget *parent)
    : QWidget(parent), m_model(new QueryOpListModel(this)), m_view(new QListView(this)),
      m_addButton(newButton(tr("Add"), tr("Add an op after the selected one"), this)),
      m_editButton(newButton(tr("Edit…"), tr("Edit the selected op"), this)),
      m_removeButton(newButton(tr("Remove"), tr("Remove the selected op"), this)),
      m_upButton(newButton(tr("Up"), tr("Move the selected op up"), this)),
      m_downButton(newButton(tr("Down"), tr("Move the selected op down"), this)), m_mode(new QComboBox(this)),
      m_sink(new QComboBox(this)),
      m_sinkOptionsButton(newButton(tr("Options…"), tr("Edit the sink's options (DataStreamWriter.option)"), this)),
      m_version(new QComboBox(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(new QLabel(tr("<b>Query</b> — ops in order"), this));

    m_view->setObjectName(QStringLiteral("opsView"));
    m_view->setModel(m_model);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setFont(scaledFixedFont(textScale(this)));
    // Long keys and aggregates wrap instead of hiding behind "…": the list is the query.
    m_view->setWordWrap(true);
    m_view->setTextElideMode(Qt::ElideNone);
    m_view->setResizeMode(QListView::Adjust);
    m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_view->setAlternatingRowColors(true);
    layout->addWidget(m_view, 1);

    const QStyle *s = style();
    m_addButton->setObjectName(QStringLiteral("addOpButton"));
    m_addButton->setIcon(s->standardIcon(QStyle::SP_FileDialogNewFolder));
    m_addButton->setPopupMode(QToolButton::InstantPopup);
    auto *addMenu = new QMenu(m_addButton);
    for (QueryOp::Kind kind : {QueryOp::Kind::WithWatermark, QueryOp::Kind::Filter, QueryOp::Kind::Select,
                               QueryOp::Kind::WithColumn, QueryOp::Kind::GroupBy, QueryOp::Kind::DropDuplicates})
        addMenu->addAction(QueryOpDialog::kindName(kind), this, [this, kind] { addOpOfKind(kind); });
    m_addButton->setMenu(addMenu);
    m_editButton->setObjectName(QStringLiteral("editOpButton"));
    m_removeButton->setObjectName(QStringLiteral("removeOpButton"));
    m_upButton->setObjectName(QStringLiteral("moveOpUpButton"));
    m_upButton->setIcon(s->standardIcon(QStyle::SP_ArrowUp));
    m_downButton->setObjectName(QStringLiteral("moveOpDownButton"));
    m_downButton->setIcon(s->standardIcon(QStyle::SP_ArrowDown));
    m_addButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    for (QToolButton *b : {m_upButton, m_downButton})
        b->setToolButtonStyle(Qt::ToolButtonIconOnly);
    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(0);
    for (QToolButton *b : {m_addButton, m_editButton, m_removeButton, m_upButton, m_downButton})
        buttons->addWidget(b);
    buttons->addStretch(1);
    layout->addLayout(buttons);

    connect(m_editButton, &QToolButton::clicked, this, &QueryEditor::editCurrent);
    connect(m_view, &QListView::doubleClicked, this, &QueryEditor::editCurrent);
    connect(m_removeButton, &QToolButton::clicked, this, [this] { removeOp(currentRow()); });
    connect(m_upButton, &QToolButton::clicked, this, [this] { moveOp(currentRow(), -1); });
    connect(m_downButton, &QToolButton::clicked, this, [this] { moveOp(currentRow(), +1); });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &QueryEditor::updateButtons);

    auto *form = new QFormLayout;
    form->setContentsMargins(0, 4, 0, 0);
    m_mode->setObjectName(QStringLiteral("outputModeCombo"));
    for (OutputMode mode : {OutputMode::Append, OutputMode::Update, OutputMode::Complete})
        m_mode->addItem(outputModeText(mode), int(mode));
    form->addRow(tr("Output mode:"), m_mode);
    m_sink->setObjectName(QStringLiteral("sinkFormatCombo"));
    for (const char *format : {"console", "memory", "csv", "json", "parquet", "sqlite", "postgres"})
        m_sink->addItem(QString::fromLatin1(format), QString::fromLatin1(format));
    auto *sinkRow = new QHBoxLayout;
    sinkRow->setContentsMargins(0, 0, 0, 0);
    sinkRow->addWidget(m_sink, 1);
    m_sinkOptionsButton->setObjectName(QStringLiteral("sinkOptionsButton"));
    sinkRow->addWidget(m_sinkOptionsButton);
    form->addRow(tr("Sink:"), sinkRow);
    connect(m_sinkOptionsButton, &QToolButton::clicked, this, &QueryEditor::editSinkOptions);
    m_version->setObjectName(QStringLiteral("sparkVersionCombo"));
    for (SparkVersion version : {SparkVersion::Spark35, SparkVersion::Spark42})
        m_version->addItem(sparkVersionText(version), int(version));
    m_version->setToolTip(tr("Whose defaults and error messages the query follows: Spark 4.2 turns ANSI mode on "
                             "(overflow, division by zero and bad casts fail the batch) and words errors as 4.2 does"));
    form->addRow(tr("Spark:"), m_version);
    connect(m_version, &QComboBox::activated, this,
            [this] { setSparkVersion(SparkVersion(m_version->currentData().toInt())); });
    layout->addLayout(form);
    connect(m_mode, &QComboBox::activated, this, [this] { setOutputMode(OutputMode(m_mode->currentData().toInt())); });
    connect(m_sink, &QComboBox::activated, this, [this] { setSinkFormat(m_sink->currentData().toString()); });
    clear();
}

std::vector<std::string> QueryEditor::knownSinkOptions(const std::string &format)
{
    if (format == "console")
        return {"numRows", "truncate"};
    if (format == "memory")
        return {"queryName"};
    if (format == "csv" || format == "json" || format == "parquet")
        return {"path"};
    if (format == "sqlite")
        return {"path", "table", "key"};
    if (format == "postgres")
        return {"url", "table", "key"};
    if (format == "jdbc")
        return {"url", "dbtable", "key"};
    return {};
}

void QueryEditor::setSinkOptions(const std::map<std::string, nlohmann::json> &options)
{
    if (!m_scenario)
        return;
    QuerySpec next = spec();
    next.sink.options.clear();
    for (const auto &[key, value] : options)
        if (!value.is_null() && !(value.is_string() && value.get<std::string>().empty()))
            next.sink.options[key] = value;
    if (next.sink.options == m_scenario->sink.options)
        return;
    emitEdit(next, tr("Set %1 sink options").arg(QString::fromStdString(next.sink.format)), currentRow());
}

void QueryEditor::editSinkOptions()
{
    if (!m_scenario)
        return;
    const SinkSpec &sink = m_scenario->sink;
    std::vector<std::string> keys = knownSinkOptions(sink.format);
    for (const auto &[key, value] : sink.options)
        if (std::find(keys.begin(), keys.end(), key) == keys.end())
            keys.push_back(key);
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Options of the %1 sink").arg(QString::fromStdString(sink.format)));
    auto *form = new QFormLayout(&dialog);
    std::vector<QLineEdit *> edits;
    for (const std::string &key : keys) {
        auto *edit = new QLineEdit(&dialog);
        edit->setObjectName(QString::fromStdString(key));
        const auto it = sink.options.find(key);
        if (it != sink.options.end())
            edit->setText(optionText(it->second));
        edit->setPlaceholderText(tr("(not set)"));
        form->addRow(QString::fromStdString(key) + QLatin1Char(':'), edit);
        edits.push_back(edit);
    }
    // An option left as shown keeps its value as the file wrote it (a key list stays a list).
    const auto editedOptions = [&keys, &edits, &sink] {
        std::map<std::string, nlohmann::json> options;
        for (size_t i = 0; i < keys.size(); ++i) {
            const QString text = edits[i]->text().trimmed();
            const auto it = sink.options.find(keys[i]);
            if (it != sink.options.end() && optionText(it->second) == text)
                options[keys[i]] = it->second;
            else
                options[keys[i]] = text.toStdString();
        }
        return options;
    };
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    if (isServerSinkFormat(sink.format)) {
        // Test Connection: the options as edited, not yet applied.
        auto *status = new QLabel(&dialog);
        status->setObjectName(QStringLiteral("connectionStatus"));
        status->setWordWrap(true);
        status->setTextInteractionFlags(Qt::TextSelectableByMouse);
        status->setMinimumWidth(420);
        QPushButton *test = buttons->addButton(tr("Test Connection"), QDialogButtonBox::ActionRole);
        test->setObjectName(QStringLiteral("testConnectionButton"));
        test->setToolTip(tr("Connect to the server with these options and check the table; nothing is changed"));
        connect(test, &QPushButton::clicked, &dialog, [this, &sink, status, editedOptions] {
            SinkSpec edited = sink;
            edited.options.clear();
            for (const auto &[key, value] : editedOptions())
                if (!(value.is_string() && value.get<std::string>().empty()))
                    edited.options[key] = value;
            status->setText(tr("Connecting…"));
            status->repaint();
            const SinkConnectionTest result = testConnection(edited);
            status->setText((result.ok ? tr("OK: ") : tr("Failed: ")) + QString::fromStdString(result.message));
        });
        form->addRow(status);
    }
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    m_optionsDialog = &dialog;
    const int answer = dialog.exec();
    m_optionsDialog = nullptr;
    if (answer != QDialog::Accepted)
        return;
    setSinkOptions(editedOptions());
}

void QueryEditor::setResultSchema(std::optional<Schema> schema, const QString &whyNot)
{
    m_resultSchema = std::move(schema);
    m_whyNoSchema = whyNot;
}

SinkConnectionTest QueryEditor::testConnection(const SinkSpec &sink) const
{
    if (!m_resultSchema || !m_scenario) {
        SinkConnectionTest test;
        test.message = tr("The query does not start, so there is no result to check the table against: %1")
                           .arg(m_whyNoSchema)
                           .toStdString();
        return test;
    }
    return testSinkConnection(sink, *m_resultSchema, m_scenario->outputMode);
}

QString QueryEditor::outputModeText(OutputMode mode)
{
    switch (mode) {
    case OutputMode::Append: return tr("append — only final rows");
    case OutputMode::Update: return tr("update — changed rows");
    case OutputMode::Complete: return tr("complete — whole result");
    }
    return {};
}

void QueryEditor::clear()
{
    m_scenario = nullptr;
    m_model->setOps({});
    setEnabled(false);
    updateButtons();
}

void QueryEditor::setScenario(const Scenario *scenario)
{
    m_scenario = scenario;
    if (!scenario) {
        clear();
        return;
    }
    setEnabled(true);
    m_model->setOps(scenario->query);
    m_mode->setCurrentIndex(m_mode->findData(int(scenario->outputMode)));
    int sinkIndex = m_sink->findData(QString::fromStdString(scenario->sink.format));
    if (sinkIndex < 0) {
        m_sink->addItem(QString::fromStdString(scenario->sink.format), QString::fromStdString(scenario->sink.format));
        sinkIndex = m_sink->count() - 1;
    }
    m_sink->setCurrentIndex(sinkIndex);
    m_version->setCurrentIndex(m_version->findData(int(scenario->sparkVersion)));
    if (m_selectAfterEdit >= 0 && m_selectAfterEdit < m_model->numOps())
        m_view->setCurrentIndex(m_model->index(m_selectAfterEdit));
    m_selectAfterEdit = -1;
    updateButtons();
}

int QueryEditor::currentRow() const
{
    const QModelIndex current = m_view->currentIndex();
    return current.isValid() ? current.row() : -1;
}

QuerySpec QueryEditor::spec() const
{
    return m_scenario ? QuerySpec::fromScenario(*m_scenario) : QuerySpec{};
}

void QueryEditor::emitEdit(const QuerySpec &spec, const QString &description, int selectRow)
{
    m_selectAfterEdit = selectRow;
    Q_EMIT queryEdited(spec, description);
}

void QueryEditor::insertOp(int row, const QueryOp &op)
{
    if (!m_scenario)
        return;
    QuerySpec next = spec();
    row = std::clamp(row, 0, int(next.ops.size()));
    next.ops.insert(next.ops.begin() + row, op);
    emitEdit(next, tr("Add %1").arg(QueryOpDialog::kindName(op.kind)), row);
}

void QueryEditor::replaceOp(int row, const QueryOp &op)
{
    QuerySpec next = spec();
    if (row < 0 || row >= int(next.ops.size()))
        return;
    next.ops[size_t(row)] = op;
    emitEdit(next, tr("Edit %1").arg(QueryOpDialog::kindName(op.kind)), row);
}

void QueryEditor::removeOp(int row)
{
    QuerySpec next = spec();
    if (row < 0 || row >= int(next.ops.size()))
        return;
    const QueryOp::Kind kind = next.ops[size_t(row)].kind;
    next.ops.erase(next.ops.begin() + row);
    emitEdit(next, tr("Remove %1").arg(QueryOpDialog::kindName(kind)), std::min(row, int(next.ops.size()) - 1));
}

void QueryEditor::moveOp(int row, int delta)
{
    QuerySpec next = spec();
    const int target = row + delta;
    if (row < 0 || row >= int(next.ops.size()) || target < 0 || target >= int(next.ops.size()))
        return;
    std::swap(next.ops[size_t(row)], next.ops[size_t(target)]);
    emitEdit(next, delta < 0 ? tr("Move %1 up").arg(QueryOpDialog::kindName(next.ops[size_t(target)].kind))
                             : tr("Move %1 down").arg(QueryOpDialog::kindName(next.ops[size_t(target)].kind)),
             target);
}

void QueryEditor::setOutputMode(OutputMode mode)
{
    QuerySpec next = spec();
    if (!m_scenario || next.outputMode == mode)
        return;
    next.outputMode = mode;
    emitEdit(next, tr("Set output mode to %1").arg(QString::fromStdString(outputModeName(mode))), currentRow());
}

void QueryEditor::setSinkFormat(const QString &format)
{
    QuerySpec next = spec();
    if (!m_scenario || next.sink.format == format.toStdString())
        return;
    next.sink.format = format.toStdString();
    next.sink.options = defaultOptions(next.sink.format);
    emitEdit(next, tr("Set sink to %1").arg(format), currentRow());
}

QString QueryEditor::sparkVersionText(SparkVersion version)
{
    return version == SparkVersion::Spark42 ? tr("Spark 4.2 (ANSI mode)") : tr("Spark 3.5");
}

void QueryEditor::setSparkVersion(SparkVersion version)
{
    QuerySpec next = spec();
    if (!m_scenario || next.sparkVersion == version)
        return;
    next.sparkVersion = version;
    next.hasSparkVersion = true;
    emitEdit(next, tr("Follow Spark %1").arg(QString::fromStdString(sparkVersionName(version))), currentRow());
}

void QueryEditor::addOpOfKind(QueryOp::Kind kind)
{
    if (!m_scenario)
        return;
    QueryOp op;
    op.kind = kind;
    op.opName = QueryOpDialog::kindName(kind).toStdString();
    const int row = currentRow() < 0 ? m_model->numOps() : currentRow() + 1;
    QueryOpDialog dialog(op, *m_scenario, row, this);
    if (dialog.exec() == QDialog::Accepted)
        insertOp(row, dialog.op());
}

void QueryEditor::editCurrent()
{
    const int row = currentRow();
    if (!m_scenario || row < 0)
        return;
    QueryOpDialog dialog(m_scenario->query[size_t(row)], *m_scenario, row, this);
    if (dialog.exec() == QDialog::Accepted)
        replaceOp(row, dialog.op());
}

void QueryEditor::updateButtons()
{
    const int row = currentRow();
    const int n = m_model->numOps();
    m_editButton->setEnabled(row >= 0);
    m_removeButton->setEnabled(row >= 0);
    m_upButton->setEnabled(row > 0);
    m_downButton->setEnabled(row >= 0 && row + 1 < n);
}

void QueryEditor::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange)
        m_view->setFont(scaledFixedFont(textScale(this)));
    QWidget::changeEvent(event);
}

} // namespace streamstep
