#include "query_summary_view.h"

#include "lessons_page.h"
#include "query_editor.h"
#include "text_scale.h"

#include "streamstep/engine.h"
#include "streamstep/error.h"
#include "streamstep/scenario.h"

#include <QEvent>
#include <QLabel>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace streamstep {

namespace {

QString html(const std::string &text)
{
    return QString::fromStdString(text).toHtmlEscaped();
}

QString quoted(const std::string &text)
{
    return QLatin1Char('"') + html(text) + QLatin1Char('"');
}

QString joined(const std::vector<ExprText> &exprs)
{
    QStringList parts;
    for (const ExprText &e : exprs)
        parts << html(e.text);
    return parts.join(QStringLiteral(", "));
}

// The op as the DataFrame call a Spark user writes.
QString dataFrameCall(const QueryOp &op)
{
    const QString name = QString::fromStdString(op.opName);
    switch (op.kind) {
    case QueryOp::Kind::WithWatermark:
        return QStringLiteral(".withWatermark(%1, %2)").arg(quoted(op.column), quoted(op.delay));
    case QueryOp::Kind::Filter: return QStringLiteral(".%1(\"%2\")").arg(name, html(op.condition.text));
    case QueryOp::Kind::Select: return QStringLiteral(".selectExpr(%1)").arg(joined(op.columns));
    case QueryOp::Kind::WithColumn:
        return QStringLiteral(".withColumn(%1, expr(\"%2\"))").arg(quoted(op.name), html(op.expr.text));
    case QueryOp::Kind::GroupBy:
        return QStringLiteral(".groupBy(%1)<br>&nbsp;&nbsp;.agg(%2)").arg(joined(op.keys), joined(op.aggs));
    case QueryOp::Kind::DropDuplicates:
        return op.columns.empty() ? QStringLiteral(".dropDuplicates()")
                                  : QStringLiteral(".dropDuplicates(%1)").arg(joined(op.columns));
    }
    return name;
}

QString optionValue(const nlohmann::json &value)
{
    return value.is_string() ? QString::fromStdString(value.get<std::string>()) : QString::fromStdString(value.dump());
}

} // namespace

QuerySummaryView::QuerySummaryView(QWidget *parent)
    : QWidget(parent), m_title(new QLabel(this)), m_sparkLine(new QLabel(this)), m_validation(new QLabel(this)),
      m_splitter(new QSplitter(Qt::Vertical, this)), m_editor(new QueryEditor(this)), m_tabs(new QTabWidget(this)),
      m_summary(new QTextBrowser(this)), m_description(new QTextBrowser(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    m_title->setWordWrap(true);
    m_title->setObjectName(QStringLiteral("scenarioTitle"));
    layout->addWidget(m_title);
    m_sparkLine->setObjectName(QStringLiteral("sparkVersionLine"));
    m_sparkLine->setWordWrap(true);
    layout->addWidget(m_sparkLine);

    m_validation->setObjectName(QStringLiteral("validationMessage"));
    m_validation->setWordWrap(true);
    m_validation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_validation->setFrameShape(QFrame::StyledPanel);
    m_validation->setMargin(6);
    m_validation->setAutoFillBackground(true);
    QPalette warning = m_validation->palette();
    warning.setColor(QPalette::Window, QColor(220, 50, 47, 40));
    m_validation->setPalette(warning);
    m_validation->hide();
    layout->addWidget(m_validation);

    m_summary->setObjectName(QStringLiteral("querySummary"));
    m_summary->setOpenLinks(false);
    m_description->setObjectName(QStringLiteral("lessonDescription"));
    m_splitter->setObjectName(QStringLiteral("summarySplitter"));
    m_description->setOpenExternalLinks(true);
    // Wrap between words only: a lesson's table scrolls sideways rather than break "trigger" in two.
    m_description->setWordWrapMode(QTextOption::WordWrap);
    m_summary->setWordWrapMode(QTextOption::WordWrap);
    m_editor->setObjectName(QStringLiteral("queryEditor"));
    m_tabs->setObjectName(QStringLiteral("sidePanelTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_description, tr("Lesson"));
    m_tabs->setTabToolTip(0, tr("What this lesson shows, trigger by trigger"));
    m_tabs->addTab(m_summary, tr("Code && Plan"));
    m_tabs->setTabToolTip(1, tr("The source schema, the DataFrame code Spark would run, and the engine's plan"));
    m_splitter->addWidget(m_editor);
    m_splitter->addWidget(m_tabs);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setCollapsible(0, false);
    m_splitter->setCollapsible(1, false);
    layout->addWidget(m_splitter, 1);
    applyTextScale();
}

void QuerySummaryView::applyTextScale()
{
    // A fifth larger than the text around it, at every scale.
    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(font().pointSizeF() * 1.2);
    m_title->setFont(titleFont);
    const double scale = textScale(this);
    if (!m_markdown.isEmpty()) {
        const int scroll = m_description->verticalScrollBar()->value();
        m_description->setMarkdown(m_markdown);
        scaleCodeRuns(m_description->document(), scale);
        m_description->verticalScrollBar()->setValue(scroll);
    }
    scaleCodeRuns(m_summary->document(), scale);
}

void QuerySummaryView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange)
        applyTextScale();
    QWidget::changeEvent(event);
}

QString QuerySummaryView::suggestedFix(const QString &message)
{
    if (message.contains(QLatin1String("Append output mode not supported when there are streaming aggregations")))
        return tr("Add a watermark (withWatermark) on the event-time column and group by a window of it, "
                  "or use update or complete mode.");
    if (message.contains(QLatin1String("Complete output mode not supported when there are no streaming aggregations")))
        return tr("Use append or update mode for a query without aggregation, or add a groupBy.");
    if (message.contains(QLatin1String("does not support Update output mode"))
        || message.contains(QLatin1String("does not support Complete output mode")))
        return tr("File sinks accept only append mode: use append mode (with a watermark for an "
                  "aggregation), or a console, memory or SQLite sink.");
    return {};
}

void QuerySummaryView::clear()
{
    m_title->clear();
    m_sparkLine->clear();
    m_validation->hide();
    m_validation->clear();
    m_summary->clear();
    m_description->clear();
    m_markdown.clear();
    m_editor->clear();
}

void QuerySummaryView::showScenario(const Scenario &scenario, const Query *query, const QString &validationMessage)
{
    m_title->setText(scenario.title.empty() && scenario.titleDe.empty() ? tr("Untitled scenario") : lessonTitle(scenario));
    const QString version = QString::fromStdString(sparkVersionName(scenario.sparkVersion));
    try {
        const SparkConf conf = sparkConfOf(scenario);
        m_sparkLine->setText(conf.ansi ? tr("Follows Spark %1 — ANSI mode on").arg(version)
                                       : tr("Follows Spark %1 — ANSI mode off").arg(version));
        m_sparkLine->setToolTip(conf.ansi ? tr("Overflow, division by zero and bad casts fail the batch, with Spark's error")
                                          : tr("Overflow wraps around; division by zero and bad casts give NULL"));
    } catch (const Error &) {
        m_sparkLine->setText(tr("Follows Spark %1").arg(version)); // the conf's own error is the validation message
        m_sparkLine->setToolTip({});
    }

    if (validationMessage.isEmpty()) {
        m_validation->hide();
        m_validation->clear();
    } else {
        QString text = QStringLiteral("<b>%1</b><br>%2").arg(tr("The query cannot start:"), validationMessage.toHtmlEscaped());
        const QString fix = suggestedFix(validationMessage);
        if (!fix.isEmpty())
            text += QStringLiteral("<br><br><b>%1</b> %2").arg(tr("Fix:"), fix.toHtmlEscaped());
        m_validation->setText(text);
        m_validation->show();
    }

    QString out;
    out += QStringLiteral("<h4>%1</h4>").arg(tr("Source <code>%1</code>").arg(html(scenario.sourceName)));
    out += QStringLiteral("<table cellspacing=0 cellpadding=2>");
    for (const Field &field : scenario.sourceSchema.fields)
        out += QStringLiteral("<tr><td><code>%1</code></td><td>&nbsp;%2</td></tr>")
                   .arg(html(field.name), html(field.type.sparkName()));
    out += QStringLiteral("</table>");

    out += QStringLiteral("<h4>%1</h4><p><code>spark.readStream…load()<br>").arg(tr("Query"));
    for (const QueryOp &op : scenario.query)
        out += QStringLiteral("&nbsp;&nbsp;%1<br>").arg(dataFrameCall(op));
    out += QStringLiteral("&nbsp;&nbsp;.writeStream<br>&nbsp;&nbsp;.outputMode(\"%1\")<br>&nbsp;&nbsp;.format(\"%2\")")
               .arg(html(outputModeName(scenario.outputMode)), html(scenario.sink.format));
    for (const auto &[key, value] : scenario.sink.options)
        out += QStringLiteral("<br>&nbsp;&nbsp;.option(%1, \"%2\")").arg(quoted(key), optionValue(value).toHtmlEscaped());
    out += QStringLiteral("<br>&nbsp;&nbsp;.start()</code></p>");

    out += QStringLiteral("<p><b>%1</b> %2<br><b>%3</b> %4<br><b>%5</b> %6<br><b>%7</b> %8</p>")
               .arg(tr("Output mode:"), html(outputModeName(scenario.outputMode)), tr("Sink:"),
                    html(scenario.sink.format), tr("Triggers:"), QString::number(scenario.steps.size()),
                    tr("Spark:"), html(sparkVersionName(scenario.sparkVersion)));
    if (query) {
        out += QStringLiteral("<h4>%1</h4><pre>%2</pre>").arg(tr("Plan"), html(query->explain()));
    }
    m_summary->setHtml(out);
    m_markdown = lessonDescription(scenario);
    m_description->setMarkdown(m_markdown);
    scaleCodeRuns(m_description->document(), textScale(this));
    scaleCodeRuns(m_summary->document(), textScale(this));
    m_editor->setScenario(&scenario);
    m_editor->setResultSchema(query ? std::optional<Schema>(query->resultSchema()) : std::nullopt, validationMessage);
}

QString QuerySummaryView::sparkLineText() const
{
    return m_sparkLine->text();
}

QString QuerySummaryView::validationText() const
{
    return m_validation->text();
}

bool QuerySummaryView::isValidationShown() const
{
    return !m_validation->isHidden();
}

} // namespace streamstep
