// Tells the batch shown in plain words, above the panels: first how its trigger relates to its
// micro-batches ("Trigger 2 ran batch 4 (its data) and batch 5, a no-data batch …"), then the
// batch itself in the engine's own narrative (streamstep/why.h batchNarrative, scenario format
// §4.3: what arrived, what was dropped and why, the watermark's arithmetic, what was written and
// why, what state remains, why a no-data batch ran), translated with its plural forms. Without
// the query (or with a narrative of its own, setNarrative) the second line is a short summary
// built only from report fields — counts, the watermark, rows written, rows in state.
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

    // Shows reports[index] (index -1: nothing run yet) of a run in `mode`; with the run's query,
    // in the engine's narrative.
    void showBatch(const std::vector<std::shared_ptr<const BatchReport>> &reports, int index, OutputMode mode,
                   const Query *query = nullptr);
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
    // The engine's narrative of reports[index] (the batch before it for "changed from"), translated.
    static QString engineNarrative(const Query &query, const std::vector<std::shared_ptr<const BatchReport>> &reports,
                                   int index);

private:
    void updateText();

    QString m_trigger;
    QString m_summary;
    QString m_narrative;
};

} // namespace streamstep
