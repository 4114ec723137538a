#include "query_op_dialog.h"

#include "streamstep/engine.h"
#include "streamstep/interval.h"

#include <QComboBox>
#include <algorithm>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace streamstep {

namespace {

std::vector<ExprText> lines(const QPlainTextEdit *edit)
{
    std::vector<ExprText> exprs;
    const QStringList parts = edit->toPlainText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        const QString text = part.trimmed();
        if (!text.isEmpty())
            exprs.push_back({text.toStdString(), {}});
    }
    return exprs;
}

bool hasAggregation(const std::vector<QueryOp> &ops)
{
    return std::any_of(ops.begin(), ops.end(), [](const QueryOp &op) { return op.kind == QueryOp::Kind::GroupBy; });
}

} // namespace

QueryOpDialog::QueryOpDialog(const QueryOp &op, const Scenario &context, int index, QWidget *parent)
    : QDialog(parent), m_op(op), m_context(context), m_index(index), m_message(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Query op: %1").arg(kindName(op.kind)));
    setMinimumWidth(440);
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    layout->addLayout(form);

    switch (op.kind) {
    case QueryOp::Kind::WithWatermark: {
        m_column = new QComboBox(this);
        m_column->setObjectName(QStringLiteral("columnEdit"));
        m_column->setEditable(true);
        for (const Field &field : context.sourceSchema.fields)
            if (field.type.sparkName() == "timestamp")
                m_column->addItem(QString::fromStdString(field.name));
        m_column->setCurrentText(QString::fromStdString(op.column));
        connect(m_column, &QComboBox::currentTextChanged, this, &QueryOpDialog::check);
        form->addRow(tr("Event-time column:"), m_column);
        m_delay = newLineEdit(QStringLiteral("delayEdit"), QString::fromStdString(op.delay));
        m_delay->setPlaceholderText(tr("for example: 10 minutes"));
        form->addRow(tr("Delay threshold:"), m_delay);
        break;
    }
    case QueryOp::Kind::Filter:
        m_condition = newLineEdit(QStringLiteral("conditionEdit"), QString::fromStdString(op.condition.text));
        m_condition->setPlaceholderText(tr("for example: amount > 1000"));
        form->addRow(tr("Condition:"), m_condition);
        break;
    case QueryOp::Kind::Select:
        m_columns = newListEdit(QStringLiteral("columnsEdit"), op.columns);
        form->addRow(tr("Columns (one per line):"), m_columns);
        break;
    case QueryOp::Kind::WithColumn:
        m_name = newLineEdit(QStringLiteral("nameEdit"), QString::fromStdString(op.name));
        form->addRow(tr("Column name:"), m_name);
        m_expr = newLineEdit(QStringLiteral("exprEdit"), QString::fromStdString(op.expr.text));
        form->addRow(tr("Expression:"), m_expr);
        break;
    case QueryOp::Kind::GroupBy:
        m_keys = newListEdit(QStringLiteral("keysEdit"), op.keys);
        m_keys->setPlaceholderText(tr("for example: window(eventTime, '5 minutes')"));
        form->addRow(tr("Keys (one per line):"), m_keys);
        m_aggs = newListEdit(QStringLiteral("aggsEdit"), op.aggs);
        m_aggs->setPlaceholderText(tr("for example: sum(amount) AS total"));
        form->addRow(tr("Aggregates (one per line):"), m_aggs);
        break;
    case QueryOp::Kind::DropDuplicates:
        m_columns = newListEdit(QStringLiteral("columnsEdit"), op.allColumns ? std::vector<ExprText>{} : op.columns);
        m_columns->setPlaceholderText(tr("empty: all columns"));
        form->addRow(tr("Columns (one per line):"), m_columns);
        break;
    }

    m_message->setObjectName(QStringLiteral("opCheckMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette palette = m_message->palette();
    palette.setColor(QPalette::WindowText, QColor(190, 30, 30));
    m_message->setPalette(palette);
    form->addRow(QString(), m_message);

    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    check();
}

QLineEdit *QueryOpDialog::newLineEdit(const QString &objectName, const QString &text)
{
    auto *edit = new QLineEdit(text, this);
    edit->setObjectName(objectName);
    connect(edit, &QLineEdit::textChanged, this, &QueryOpDialog::check);
    return edit;
}

QPlainTextEdit *QueryOpDialog::newListEdit(const QString &objectName, const std::vector<ExprText> &exprs)
{
    QStringList texts;
    for (const ExprText &e : exprs)
        texts << QString::fromStdString(e.text);
    auto *edit = new QPlainTextEdit(texts.join(QLatin1Char('\n')), this);
    edit->setObjectName(objectName);
    edit->setTabChangesFocus(true);
    edit->setFixedHeight(edit->fontMetrics().lineSpacing() * 5 + 12);
    connect(edit, &QPlainTextEdit::textChanged, this, &QueryOpDialog::check);
    return edit;
}

QString QueryOpDialog::kindName(QueryOp::Kind kind)
{
    switch (kind) {
    case QueryOp::Kind::WithWatermark: return QStringLiteral("withWatermark");
    case QueryOp::Kind::Filter: return QStringLiteral("filter");
    case QueryOp::Kind::Select: return QStringLiteral("select");
    case QueryOp::Kind::WithColumn: return QStringLiteral("withColumn");
    case QueryOp::Kind::GroupBy: return QStringLiteral("groupBy");
    case QueryOp::Kind::DropDuplicates: return QStringLiteral("dropDuplicates");
    }
    return {};
}

QueryOp QueryOpDialog::op() const
{
    QueryOp op = m_op;
    if (op.opName.empty() || (op.kind == QueryOp::Kind::Filter && op.opName != "where"))
        op.opName = kindName(op.kind).toStdString();
    switch (op.kind) {
    case QueryOp::Kind::WithWatermark: {
        op.column = m_column->currentText().trimmed().toStdString();
        op.delay = m_delay->text().trimmed().toStdString();
        const std::optional<Interval> delay = parseInterval(op.delay);
        op.delayMs = delay ? watermarkDelayMs(*delay) : 0;
        break;
    }
    case QueryOp::Kind::Filter: op.condition = {m_condition->text().trimmed().toStdString(), {}}; break;
    case QueryOp::Kind::Select: op.columns = lines(m_columns); break;
    case QueryOp::Kind::WithColumn:
        op.name = m_name->text().trimmed().toStdString();
        op.expr = {m_expr->text().trimmed().toStdString(), {}};
        break;
    case QueryOp::Kind::GroupBy:
        op.keys = lines(m_keys);
        op.aggs = lines(m_aggs);
        break;
    case QueryOp::Kind::DropDuplicates:
        op.columns = lines(m_columns);
        op.allColumns = op.columns.empty();
        break;
    }
    return op;
}

QString QueryOpDialog::checkOp(const Scenario &context, int index, const QueryOp &op)
{
    if (op.kind == QueryOp::Kind::WithWatermark) {
        if (op.column.empty())
            return tr("Name the event-time column.");
        std::string reason;
        const std::optional<Interval> delay = parseInterval(op.delay, &reason);
        if (!delay)
            return tr("Invalid delay '%1': %2").arg(QString::fromStdString(op.delay), QString::fromStdString(reason));
        if (watermarkDelayMs(*delay) < 0)
            return tr("The delay threshold (%1) should not be negative.").arg(QString::fromStdString(op.delay));
    }
    if (op.kind == QueryOp::Kind::WithColumn && op.name.empty())
        return tr("Name the new column.");
    if ((op.kind == QueryOp::Kind::Select && op.columns.empty())
        || (op.kind == QueryOp::Kind::GroupBy && op.aggs.empty()))
        return tr("Enter at least one expression.");

    // Only what the op reads matters: not the steps, not the ops after it.
    Scenario scratch;
    scratch.fileName = context.fileName;
    scratch.sourceName = context.sourceName;
    scratch.sourceSchema = context.sourceSchema;
    scratch.query.assign(context.query.begin(), context.query.begin() + std::clamp<size_t>(size_t(std::max(index, 0)), 0, context.query.size()));
    scratch.query.push_back(op);
    scratch.outputMode = hasAggregation(scratch.query) ? OutputMode::Complete : OutputMode::Append;
    scratch.sink.format = "console";
    try {
        Query::compile(scratch);
    } catch (const Error &e) {
        // The scratch query has no file: drop the "FILE:LINE:COL: " the engine puts first.
        static const QRegularExpression filePrefix(QStringLiteral("^.*:\\d+:\\d+: "),
                                                   QRegularExpression::InvertedGreedinessOption);
        return QString::fromStdString(e.message()).remove(filePrefix);
    } catch (const std::exception &e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

QString QueryOpDialog::checkMessage() const
{
    return m_message->text();
}

void QueryOpDialog::check()
{
    const QString message = checkOp(m_context, m_index, op());
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setToolTip(message);
}

} // namespace streamstep
