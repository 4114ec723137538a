// View ▸ What-if (Ctrl+Shift+W): the knobs that decide the lesson — the watermark delay, the
// window's duration, slide and start, the session gap, the output mode, no-data batches and the
// Spark version — as sliders and choices. Moving one re-runs the whole history from batch 0 at
// once (while the slider moves: the engine keeps a 100-step lesson's re-run inside a frame) and
// shows the engine's summary of what changed against the lesson as written (streamstep/whatif.h);
// the main window marks the rows of its panels that the change moves, drops or keeps. Apply puts
// the knobs into the lesson's query as one edit on the undo stack; Revert sets them back.
#pragma once

#include "run_controller.h"

#include "streamstep/whatif.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QPushButton;
class QSlider;
class QTimer;

namespace streamstep {

class WhatIfPanel : public QWidget {
    Q_OBJECT
public:
    explicit WhatIfPanel(RunController *controller, QWidget *parent = nullptr);
    ~WhatIfPanel() override;

    // The duration knobs, in the order of WhatIfKnobs; a slider counts units of durationUnitMs().
    enum class Duration { Delay, Window, Slide, Start, Gap };
    QSlider *slider(Duration knob) const;
    int64_t durationUnitMs(Duration knob) const;
    QComboBox *outputModeBox() const { return m_mode; }
    QCheckBox *noDataBox() const { return m_noData; }
    QComboBox *sparkVersionBox() const { return m_version; }
    QLabel *summaryLabel() const { return m_summary; }
    QPushButton *applyButton() const { return m_apply; }
    QPushButton *revertButton() const { return m_revert; }

    // The knobs as the widgets set them, and the lesson's own.
    WhatIfKnobs knobs() const;
    const WhatIfKnobs &lessonKnobs() const { return m_lessonKnobs; }
    // The comparison for the knobs shown (none while every knob is as written or the panel is
    // inactive).
    const std::optional<WhatIfDiff> &diff() const { return m_diff; }
    // Computes only while shown (the main window activates it with its dock).
    void setActive(bool active);
    bool isActive() const { return m_active; }

    // What the what-if run does differently with a row the main window shows, in the user's
    // language, or empty: an input row of `step` (its index in the step's rows), a row written
    // by batch `batchId` (its JSON line, rowToJson).
    QString inputRowNote(int step, size_t row) const;
    QString writtenRowNote(int64_t batchId, const std::string &rowJson) const;
    // A row of the result table of `report` whose window (or session) the what-if writes, or
    // makes final, in another batch.
    QString resultRowNote(const BatchReport &report, size_t row) const;
    // A lesson of more input rows than this re-runs when a slider is let go rather than while it
    // moves (lessons have hundreds; the benchmark's 100-step lesson re-runs in about 3 ms).
    static constexpr qint64 kLiveRows = 20'000;
    bool isLarge() const;
    // The summary as one line in the user's language.
    QString summaryText() const;

public Q_SLOTS:
    // Sets every knob back to the lesson's.
    void revert();
    // Puts the knobs into the lesson (applyRequested); the panel then shows the new lesson.
    void apply();
    // Re-runs now (also called, coalesced, after every knob move).
    void recompute();

Q_SIGNALS:
    void applyRequested(const QuerySpec &spec, const QString &description);
    // The comparison changed (the main window re-marks its panels).
    void diffChanged();

protected:
    void changeEvent(QEvent *event) override;

private:
    struct DurationKnob {
        QLabel *name = nullptr;
        QSlider *slider = nullptr;
        QLabel *value = nullptr;
        int64_t unitMs = 60'000;
    };
    void retranslate();
    void readLesson();
    void showValue(Duration knob);
    void setKnobs(const WhatIfKnobs &knobs);
    DurationKnob &knob(Duration k) { return m_durations[static_cast<size_t>(k)]; }
    const DurationKnob &knob(Duration k) const { return m_durations[static_cast<size_t>(k)]; }

    RunController *m_controller;
    QFormLayout *m_form = nullptr;
    DurationKnob m_durations[5];
    QLabel *m_modeName = nullptr;
    QComboBox *m_mode = nullptr;
    QCheckBox *m_noData = nullptr;
    QLabel *m_versionName = nullptr;
    QComboBox *m_version = nullptr;
    QLabel *m_summaryTitle = nullptr;
    QLabel *m_summary = nullptr;
    QPushButton *m_apply = nullptr;
    QPushButton *m_revert = nullptr;
    QTimer *m_rerun = nullptr;
    bool m_active = false;
    bool m_setting = false; // setKnobs is moving the widgets
    int m_windowValue = 0;  // the window slider's value before its last move
    qint64 m_lessonRows = 0; // input rows of all steps
    WhatIfKnobs m_lessonKnobs;
    std::optional<WhatIfRun> m_base; // the lesson as written, run once per lesson edit
    std::optional<WhatIfDiff> m_diff;
};

} // namespace streamstep
