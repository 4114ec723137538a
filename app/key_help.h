// The visible key help (Help ▸ Keyboard Shortcuts, ? or F1): a panel over the window listing what
// each key does, read from the actions themselves, so it always says the keys that work — in the
// interface's language, as large as the window's text. Any of its keys or Esc closes it again.
#pragma once

#include <QFrame>
#include <QList>
#include <QPair>

class QAction;
class QGridLayout;
class QLabel;

namespace streamstep {

class KeyHelpOverlay : public QFrame {
    Q_OBJECT
public:
    explicit KeyHelpOverlay(QWidget *parent);

    // The actions listed, in order (those without a shortcut are left out).
    void setActions(const QList<QAction *> &actions);
    // What is listed: each action's keys (as the platform writes them) and its name.
    QList<QPair<QString, QString>> entries() const;
    // Shows the panel centred over its parent, or hides it.
    void toggle();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void place();

    QList<QAction *> m_actions;
    QLabel *m_title;
    QLabel *m_hint;
    QGridLayout *m_grid;
    QList<QLabel *> m_cells;
};

} // namespace streamstep
