// Says why the row selected in a story panel went where, in the engine's own words (why.h,
// translated): a line naming the row, the engine's sentence, then what it is linked to (the input
// rows that went into it, or the result rows it went into) and any caveat (a batch too big to
// explain). It sits under the four panels, so the answer is beside the rows it is about.
#pragma once

#include <QLabel>
#include <QStringList>

namespace streamstep {

// Makes `label` one of the engine's explanation panels (the Why pane, the batch narrative): rich,
// selectable, wrapped text in a framed box, named `name`, as tall as `verticalPolicy` lets it.
void setUpExplanationPanel(QLabel *label, const QString &name, QSizePolicy::Policy verticalPolicy);

class WhyView : public QLabel {
    Q_OBJECT
public:
    explicit WhyView(QWidget *parent = nullptr);

    // `subject` names the row ("input row 2 of batch 4"), `why` is the engine's sentence,
    // `details` the further lines (links, caveats).
    void showWhy(const QString &subject, const QString &why, const QStringList &details = {});
    // Back to the invitation to select a row.
    void clear();

    bool isShowingRow() const { return !m_subject.isEmpty(); }
    QString subjectText() const { return m_subject; }
    QString whyText() const { return m_why; }
    QStringList detailTexts() const { return m_details; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateText();
    void updateMinimumHeight();

    QString m_subject;
    QString m_why;
    QStringList m_details;
};

} // namespace streamstep
