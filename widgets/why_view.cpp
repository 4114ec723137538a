#include "why_view.h"

#include <QEvent>

namespace streamstep {

void setUpExplanationPanel(QLabel *label, const QString &name, QSizePolicy::Policy verticalPolicy)
{
    label->setObjectName(name);
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setMargin(4);
    label->setFrameShape(QFrame::StyledPanel);
    label->setSizePolicy(QSizePolicy::Preferred, verticalPolicy);
}

WhyView::WhyView(QWidget *parent) : QLabel(parent)
{
    setUpExplanationPanel(this, QStringLiteral("whyPane"), QSizePolicy::Minimum);
    setAlignment(Qt::AlignLeft | Qt::AlignTop);
    updateMinimumHeight();
    clear();
}

void WhyView::updateMinimumHeight()
{
    // Room for two lines whether a row is explained or not, so selecting one rarely makes the
    // views around it jump.
    setMinimumHeight(2 * fontMetrics().lineSpacing() + 2 * (margin() + frameWidth()) + 2);
}

void WhyView::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        updateMinimumHeight();
}

void WhyView::showWhy(const QString &subject, const QString &why, const QStringList &details)
{
    m_subject = subject;
    m_why = why;
    m_details = details;
    updateText();
}

void WhyView::clear()
{
    m_subject.clear();
    m_why.clear();
    m_details.clear();
    updateText();
}

void WhyView::updateText()
{
    if (m_subject.isEmpty()) {
        setText(tr("<b>Why?</b> Select a row in any panel above: the engine says why it went where, and the rows it "
                   "came from or went into are marked ●. Hover a dot or a window on the timeline for the same."));
        return;
    }
    QString text = tr("<b>Why</b> · %1: <b>%2</b>").arg(m_subject.toHtmlEscaped(), m_why.toHtmlEscaped());
    for (const QString &line : m_details)
        text += QStringLiteral("<br>") + line.toHtmlEscaped();
    setText(text);
}

} // namespace streamstep
