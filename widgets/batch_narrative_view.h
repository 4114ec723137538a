// Tells the batch shown in plain words, above the panels: first how its trigger relates to its
// micro-batches ("Trigger 2 ran batch 4 (its data) and batch 5, a no-data batch …"), then the
// batch itself. The engine's own per-batch narrative (scenario format §4.3 `narrative`: what
// arrived, what was dropped and why, the watermark's arithmetic, what was written and why, what
// state remains) is being added to BatchReport; this is the slot it goes into (setNarrative).
// Until a narrative is set, the second line is a short summary built only from report fields —
// counts, the watermark in force and next, rows written, rows in state — never a rule of its own.
#pragma once

#include "streamstep/engine.h"

#include <QLabel>

#include <memory>
#include <vector>

namespace streamstep {

class BatchNarrativeView : public QLabel {
    Q_OBJECT
public:
    explicit BatchNarrativeView(QWidget *parent = nullptr);

    // Shows reports[index] (index -1: nothing run yet) of a run in `mode`.
    void showBatch(const std::vector<std::shared_ptr<const BatchReport>> &reports, int index, OutputMode mode);
    // The engine's narrative of the batch shown, replacing the summary; empty brings the summary back.
    void setNarrative(const QString &text);
    void clear();

    // The two lines as plain text (for tests and the accessible description).
    QString triggerText() const { return m_trigger; }
    QString batchText() const { return m_narrative.isEmpty() ? m_summary : m_narrative; }
    bool showsEngineNarrative() const { return !m_narrative.isEmpty(); }

    // The first and last index of the reports of the trigger that ran reports[index].
    static std::pair<int, int> triggerRange(const std::vector<std::shared_ptr<const BatchReport>> &reports, int index);
    static QString triggerSentence(const std::vector<std::shared_ptr<const BatchReport>> &reports, int index);
    static QString summarySentence(const BatchReport &report, OutputMode mode);

private:
    void updateText();

    QString m_trigger;
    QString m_summary;
    QString m_narrative;
};

} // namespace streamstep
