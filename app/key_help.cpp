#include "key_help.h"

#include <QAction>
#include <QEvent>
#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QVBoxLayout>

namespace streamstep {

namespace {

// "Step &Back" as a menu shows it: "Step Back".
QString actionName(const QAction *action)
{
    QString text = action->text();
    text.replace(QLatin1String("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    if (text.endsWith(QStringLiteral("…")))
        text.chop(1);
    return text;
}

} // namespace

KeyHelpOverlay::KeyHelpOverlay(QWidget *parent) : QFrame(parent), m_title(new QLabel(this)), m_hint(new QLabel(this)), m_grid(new QGridLayout)
{
    setObjectName(QStringLiteral("keyHelp"));
    setFrameShape(QFrame::StyledPanel);
    setLineWidth(2);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::ToolTipBase);
    setForegroundRole(QPalette::ToolTipText);
    setFocusPolicy(Qt::StrongFocus);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(18, 12, 18, 12);
    m_title->setObjectName(QStringLiteral("keyHelpTitle"));
    layout->addWidget(m_title);
    m_grid->setHorizontalSpacing(24);
    m_grid->setVerticalSpacing(4);
    layout->addLayout(m_grid);
    m_hint->setObjectName(QStringLiteral("keyHelpHint"));
    m_hint->setWordWrap(true);
    layout->addWidget(m_hint);
    parent->installEventFilter(this);
    hide();
    rebuild();
}

void KeyHelpOverlay::setActions(const QList<QAction *> &actions)
{
    m_actions = actions;
    for (QAction *action : actions)
        connect(action, &QAction::changed, this, [this] {
            if (isVisible())
                rebuild();
        });
    // The list is made when shown: the keys' names then follow the language loaded.
    if (isVisible())
        rebuild();
}

QList<QPair<QString, QString>> KeyHelpOverlay::entries() const
{
    QList<QPair<QString, QString>> list;
    for (const QAction *action : m_actions) {
        QStringList keys;
        // The first three: the others are the same key as other platforms report it.
        for (const QKeySequence &key : action->shortcuts().mid(0, 3))
            keys << key.toString(QKeySequence::NativeText);
        if (!keys.isEmpty())
            list.append({keys.join(QStringLiteral("  ·  ")), actionName(action)});
    }
    return list;
}

void KeyHelpOverlay::rebuild()
{
    m_title->setText(QStringLiteral("<b>%1</b>").arg(tr("Keyboard Shortcuts")));
    m_hint->setText(tr("Press ? or F1 again, or Esc, to close."));
    qDeleteAll(m_cells);
    m_cells.clear();
    int row = 0;
    for (const auto &[keys, name] : entries()) {
        auto *key = new QLabel(QStringLiteral("<b>%1</b>").arg(keys.toHtmlEscaped()), this);
        auto *what = new QLabel(name, this);
        m_grid->addWidget(key, row, 0, Qt::AlignRight | Qt::AlignVCenter);
        m_grid->addWidget(what, row, 1);
        m_cells << key << what;
        ++row;
    }
    if (isVisible())
        place();
}

void KeyHelpOverlay::toggle()
{
    if (isVisible()) {
        hide();
        parentWidget()->setFocus();
        return;
    }
    rebuild();
    show();
    place();
    raise();
    setFocus();
}

void KeyHelpOverlay::place()
{
    adjustSize();
    const QSize size = sizeHint().boundedTo(parentWidget()->size());
    resize(size);
    move((parentWidget()->width() - size.width()) / 2, (parentWidget()->height() - size.height()) / 2);
}

bool KeyHelpOverlay::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == parentWidget() && event->type() == QEvent::Resize && isVisible())
        place();
    return QFrame::eventFilter(watched, event);
}

void KeyHelpOverlay::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape) {
        toggle();
        return;
    }
    QFrame::keyPressEvent(event);
}

void KeyHelpOverlay::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        rebuild();
    else if (event->type() == QEvent::FontChange && isVisible())
        place();
    QFrame::changeEvent(event);
}

} // namespace streamstep
