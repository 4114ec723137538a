#include "whatif_panel.h"

#include "why_catalogue.h"

#include "streamstep/scenario_check.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace streamstep {

namespace {

constexpr int64_t kSecondMs = 1'000;
constexpr int64_t kMinuteMs = 60'000;

const std::optional<int64_t> &durationOf(const WhatIfKnobs &k, WhatIfPanel::Duration d)
{
    switch (d) {
    case WhatIfPanel::Duration::Delay: return k.watermarkDelayMs;
    case WhatIfPanel::Duration::Window: return k.windowDurationMs;
    case WhatIfPanel::Duration::Slide: return k.windowSlideMs;
    case WhatIfPanel::Duration::Start: return k.windowStartMs;
    case WhatIfPanel::Duration::Gap: break;
    }
    return k.sessionGapMs;
}

std::optional<int64_t> &durationOf(WhatIfKnobs &k, WhatIfPanel::Duration d)
{
    return const_cast<std::optional<int64_t> &>(durationOf(static_cast<const WhatIfKnobs &>(k), d));
}

constexpr WhatIfPanel::Duration kDurations[] = {WhatIfPanel::Duration::Delay, WhatIfPanel::Duration::Window,
                                                WhatIfPanel::Duration::Slide, WhatIfPanel::Duration::Start,
                                                WhatIfPanel::Duration::Gap};

QString fateName(InputRowFate fate)
{
    switch (fate) {
    case InputRowFate::Processed: return WhatIfPanel::tr("processed");
    case InputRowFate::LateButKept: return WhatIfPanel::tr("late but kept");
    case InputRowFate::Filtered: return WhatIfPanel::tr("filtered");
    case InputRowFate::DroppedByWatermark: return WhatIfPanel::tr("dropped as late");
    case InputRowFate::Duplicate: return WhatIfPanel::tr("a duplicate");
    }
    return {};
}

} // namespace

WhatIfPanel::WhatIfPanel(RunController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_rerun(new QTimer(this))
{
    setObjectName(QStringLiteral("whatIfPanel"));
    m_rerun->setSingleShot(true);
    m_rerun->setInterval(0); // coalesces the moves of one event-loop pass into one re-run
    connect(m_rerun, &QTimer::timeout, this, &WhatIfPanel::recompute);

    auto *layout = new QVBoxLayout(this);
    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    for (Duration d : kDurations) {
        DurationKnob &k = knob(d);
        k.name = new QLabel(this);
        k.slider = new QSlider(Qt::Horizontal, this);
        k.slider->setObjectName(QStringLiteral("whatIfSlider%1").arg(static_cast<int>(d)));
        k.slider->setTracking(true); // re-run while the slider moves, not only on release
        k.value = new QLabel(this);
        k.value->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("88 Minuten")));
        auto *row = new QHBoxLayout;
        row->addWidget(k.slider, 1);
        row->addWidget(k.value);
        m_form->addRow(k.name, row);
        connect(k.slider, &QSlider::valueChanged, this, [this, d](int value) {
            // A tumbling window stays tumbling: its slide follows its duration until moved itself.
            if (d == Duration::Window) {
                QSlider *slide = knob(Duration::Slide).slider;
                if (m_lessonKnobs.windowSlideMs == m_lessonKnobs.windowDurationMs && slide->value() == m_windowValue
                    && knob(Duration::Slide).unitMs == knob(Duration::Window).unitMs)
                    slide->setValue(value);
                m_windowValue = value;
            }
            showValue(d);
            // A lesson too big to re-run within a frame re-runs when the slider is let go.
            if (!m_setting && !(isLarge() && knob(d).slider->isSliderDown()))
                m_rerun->start();
        });
        connect(k.slider, &QSlider::sliderReleased, this, [this] {
            if (isLarge())
                m_rerun->start();
        });
    }
    m_modeName = new QLabel(this);
    m_mode = new QComboBox(this);
    m_mode->setObjectName(QStringLiteral("whatIfOutputMode"));
    for (OutputMode mode : {OutputMode::Append, OutputMode::Update, OutputMode::Complete})
        m_mode->addItem(QString::fromStdString(outputModeName(mode)), static_cast<int>(mode));
    m_form->addRow(m_modeName, m_mode);
    m_noData = new QCheckBox(this);
    m_noData->setObjectName(QStringLiteral("whatIfNoData"));
    m_form->addRow(QString(), m_noData);
    m_versionName = new QLabel(this);
    m_version = new QComboBox(this);
    m_version->setObjectName(QStringLiteral("whatIfSparkVersion"));
    for (SparkVersion v : {SparkVersion::Spark35, SparkVersion::Spark42})
        m_version->addItem(QString::fromStdString(sparkVersionName(v)), static_cast<int>(v));
    m_form->addRow(m_versionName, m_version);
    layout->addLayout(m_form);
    for (QComboBox *box : {m_mode, m_version})
        connect(box, &QComboBox::currentIndexChanged, this, [this] {
            if (!m_setting)
                m_rerun->start();
        });
    connect(m_noData, &QCheckBox::toggled, this, [this] {
        if (!m_setting)
            m_rerun->start();
    });

    m_summaryTitle = new QLabel(this);
    QFont bold = m_summaryTitle->font();
    bold.setBold(true);
    m_summaryTitle->setFont(bold);
    layout->addWidget(m_summaryTitle);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("whatIfSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    layout->addWidget(m_summary);
    auto *buttons = new QHBoxLayout;
    m_apply = new QPushButton(this);
    m_apply->setObjectName(QStringLiteral("whatIfApply"));
    m_revert = new QPushButton(this);
    m_revert->setObjectName(QStringLiteral("whatIfRevert"));
    buttons->addWidget(m_apply);
    buttons->addWidget(m_revert);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    layout->addStretch(1);
    connect(m_apply, &QPushButton::clicked, this, &WhatIfPanel::apply);
    connect(m_revert, &QPushButton::clicked, this, &WhatIfPanel::revert);

    connect(m_controller, &RunController::scenarioChanged, this, &WhatIfPanel::readLesson);
    retranslate();
    readLesson();
}

WhatIfPanel::~WhatIfPanel() = default;

QSlider *WhatIfPanel::slider(Duration d) const { return knob(d).slider; }
int64_t WhatIfPanel::durationUnitMs(Duration d) const { return knob(d).unitMs; }

void WhatIfPanel::retranslate()
{
    knob(Duration::Delay).name->setText(tr("Watermark delay:"));
    knob(Duration::Window).name->setText(tr("Window duration:"));
    knob(Duration::Slide).name->setText(tr("Window slide:"));
    knob(Duration::Start).name->setText(tr("Window start:"));
    knob(Duration::Gap).name->setText(tr("Session gap:"));
    m_modeName->setText(tr("Output mode:"));
    m_noData->setText(tr("No-data batches"));
    m_noData->setToolTip(tr("spark.sql.streaming.noDataMicroBatches.enabled: whether a batch without rows runs when the watermark moved"));
    m_versionName->setText(tr("Spark version:"));
    m_summaryTitle->setText(tr("Against the lesson as written"));
    m_apply->setText(tr("&Apply to Lesson"));
    m_apply->setToolTip(tr("Put these values into the lesson's query (undo with Ctrl+Z)"));
    m_revert->setText(tr("&Revert"));
    m_revert->setToolTip(tr("Set every knob back to the lesson's value"));
    for (Duration d : kDurations)
        showValue(d);
    m_summary->setText(summaryText());
}

void WhatIfPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void WhatIfPanel::showValue(Duration d)
{
    const DurationKnob &k = knob(d);
    k.value->setText(translatedDuration(QString::fromStdString(durationText(k.slider->value() * k.unitMs))));
}

bool WhatIfPanel::isLarge() const { return m_lessonRows > kLiveRows; }

void WhatIfPanel::readLesson()
{
    m_lessonRows = 0;
    if (m_controller->hasScenario())
        for (const Step &step : m_controller->scenario().steps)
            m_lessonRows += static_cast<qint64>(step.rows.numRows);
    m_base.reset();
    m_diff.reset();
    m_lessonKnobs = m_controller->hasScenario() ? knobsOf(m_controller->scenario()) : WhatIfKnobs{};
    m_setting = true;
    for (Duration d : kDurations) {
        DurationKnob &k = knob(d);
        const std::optional<int64_t> &value = durationOf(m_lessonKnobs, d);
        const bool has = value.has_value();
        k.name->setVisible(has);
        k.slider->setVisible(has);
        k.value->setVisible(has);
        if (!has)
            continue;
        // Whole minutes when the lesson's value is one (or 0), else seconds; from 0 (the delay
        // and the start; a window, slide or gap needs one unit) to four times the lesson's value,
        // at least 20 units; a start up to the window's duration (Spark: less than the slide).
        k.unitMs = *value % kMinuteMs == 0 ? kMinuteMs : kSecondMs;
        const int lesson = static_cast<int>(*value / k.unitMs);
        const bool positive = d == Duration::Window || d == Duration::Slide || d == Duration::Gap;
        int maximum = std::max(lesson * 4, 20);
        if (d == Duration::Start && m_lessonKnobs.windowDurationMs)
            maximum = std::max(1, static_cast<int>(*m_lessonKnobs.windowDurationMs / k.unitMs));
        k.slider->setRange(positive ? 1 : 0, maximum);
        k.slider->setPageStep(std::max(1, maximum / 8));
    }
    m_setting = false;
    setKnobs(m_lessonKnobs);
    const bool has = m_controller->hasScenario();
    m_mode->setEnabled(has);
    m_noData->setEnabled(has);
    m_version->setEnabled(has);
    recompute();
}

void WhatIfPanel::setKnobs(const WhatIfKnobs &knobs)
{
    m_setting = true;
    for (Duration d : kDurations) {
        DurationKnob &k = knob(d);
        if (const std::optional<int64_t> &value = durationOf(knobs, d))
            k.slider->setValue(static_cast<int>(*value / k.unitMs));
        showValue(d);
    }
    m_windowValue = knob(Duration::Window).slider->value();
    if (knobs.outputMode)
        m_mode->setCurrentIndex(m_mode->findData(static_cast<int>(*knobs.outputMode)));
    m_noData->setChecked(knobs.noDataMicroBatches.value_or(true));
    if (knobs.sparkVersion)
        m_version->setCurrentIndex(m_version->findData(static_cast<int>(*knobs.sparkVersion)));
    m_setting = false;
}

WhatIfKnobs WhatIfPanel::knobs() const
{
    WhatIfKnobs out;
    for (Duration d : kDurations)
        if (durationOf(m_lessonKnobs, d)) {
            const DurationKnob &k = knob(d);
            const int64_t ms = k.slider->value() * k.unitMs;
            // A value the slider cannot show exactly stays as written until it is moved.
            const int64_t lesson = *durationOf(m_lessonKnobs, d);
            durationOf(out, d) = ms == lesson / k.unitMs * k.unitMs ? lesson : ms;
        }
    out.outputMode = static_cast<OutputMode>(m_mode->currentData().toInt());
    out.noDataMicroBatches = m_noData->isChecked();
    out.sparkVersion = static_cast<SparkVersion>(m_version->currentData().toInt());
    return out;
}

void WhatIfPanel::setActive(bool active)
{
    if (m_active == active)
        return;
    m_active = active;
    recompute();
}

void WhatIfPanel::recompute()
{
    m_rerun->stop();
    const WhatIfKnobs now = knobs();
    const bool changed = m_controller->hasScenario() && !(now == m_lessonKnobs);
    if (m_active && changed) {
        const Scenario &scenario = m_controller->scenario();
        if (!m_base)
            m_base = runWhole(scenario);
        m_diff = compareWhatIf(scenario, *m_base, now);
    } else {
        m_diff.reset();
    }
    m_apply->setEnabled(changed && m_diff && !m_diff->whatIf.rejected);
    m_revert->setEnabled(changed);
    m_summary->setText(summaryText());
    Q_EMIT diffChanged();
}

QString WhatIfPanel::summaryText() const
{
    if (!m_controller->hasScenario())
        return tr("Open a lesson to try its knobs.");
    if (!m_diff)
        return tr("Move a knob: the whole lesson runs again from batch 0 with it, and this says what changes.");
    std::vector<std::string> knobs, effects;
    for (const Sentence &s : m_diff->knobClauses)
        knobs.push_back(translatedSentence(s).toStdString());
    for (const Sentence &s : m_diff->effectClauses)
        effects.push_back(translatedSentence(s).toStdString());
    //: Joins the clauses of the what-if summary: "With a delay of 2 minutes, 3 more rows are dropped, … and …".
    const QString comma = tr(", ");
    //: The last joint of the what-if summary's clauses, with its spaces.
    const QString andWord = tr(" and ");
    return QString::fromStdString(joinSummary(knobs, effects, comma.toStdString(), andWord.toStdString()));
}

void WhatIfPanel::revert()
{
    setKnobs(m_lessonKnobs);
    recompute();
}

void WhatIfPanel::apply()
{
    if (!m_controller->hasScenario() || !m_diff || m_diff->whatIf.rejected)
        return;
    const Scenario applied = applyKnobs(m_controller->scenario(), m_diff->changed);
    QuerySpec spec = QuerySpec::fromScenario(applied);
    Q_EMIT applyRequested(spec, tr("What-if: %1").arg(summaryText().section(tr(", "), 0, 0)));
}

QString WhatIfPanel::inputRowNote(int step, size_t row) const
{
    if (!m_diff)
        return {};
    for (const auto *list : {&m_diff->newlyDropped, &m_diff->noLongerDropped, &m_diff->otherFates})
        for (const ChangedFate &f : *list)
            if (f.step == step && f.row == row)
                return tr("What-if: %1 instead of %2").arg(fateName(f.whatIfFate), fateName(f.fate));
    return {};
}

QString WhatIfPanel::writtenRowNote(int64_t batchId, const std::string &rowJson) const
{
    if (!m_diff)
        return {};
    for (const MovedRow &r : m_diff->movedRows)
        if (r.batch == batchId && r.row == rowJson)
            return tr("What-if: written in batch %1 instead").arg(r.whatIfBatch);
    for (const WrittenRow &r : m_diff->noLongerWritten)
        if (r.batch == batchId && r.row == rowJson)
            return tr("What-if: not written with these values");
    return {};
}

QString WhatIfPanel::resultRowNote(const BatchReport &report, size_t row) const
{
    if (!m_diff || !m_diff->whatIf.query || row >= report.resultTable.numRows)
        return {};
    const Schema &schema = report.resultTable.schema;
    for (size_t c = 0; c < schema.fields.size(); ++c) {
        if (schema.fields[c].type.kind != TypeKind::Window)
            continue;
        if (report.resultTable.columns[c].isNull(row))
            return {};
        const WindowBounds w = report.resultTable.get(row, c).asWindow();
        // Append writes a window when it is final; the other modes write it as it changes, so
        // there the batch that makes it final is what moves.
        const bool append = m_diff->whatIf.query->outputMode() == OutputMode::Append;
        for (const WindowTiming &t : m_diff->windows) {
            if (t.startMicros != w.startMicros || t.endMicros != w.endMicros)
                continue;
            const int64_t before = append ? t.writtenBatch : t.finalBatch;
            const int64_t after = append ? t.whatIfWrittenBatch : t.whatIfFinalBatch;
            if (before == after)
                return {};
            if (after < 0)
                return append ? tr("What-if: this window is never written") : tr("What-if: this window never becomes final");
            if (before < 0)
                return append ? tr("What-if: written in batch %1").arg(after) : tr("What-if: final in batch %1").arg(after);
            return append ? tr("What-if: written in batch %1 instead of %2").arg(after).arg(before)
                          : tr("What-if: final in batch %1 instead of %2").arg(after).arg(before);
        }
        return {};
    }
    return {};
}

} // namespace streamstep
