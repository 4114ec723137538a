#include "generator_dialog.h"

#include "input_steps_model.h"

#include "streamstep/interval.h"
#include "streamstep/value_format.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace streamstep {

namespace {

constexpr int64_t kMicrosPerMinute = 60'000'000;
constexpr int64_t kMaxTotalRows = 10'000'000;
constexpr double kMaxAmount = 9'999'999'999.99; // decimal(12,2)

// A red that reads on light and dark palettes alike.
QColor errorColor(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128 ? QColor(255, 120, 110) : QColor(200, 40, 40);
}

// For each column of `schema`, the generator column that fills it, or -1.
std::vector<int> generatedColumnFor(const Schema &schema)
{
    const Schema generated = TransactionGenerator::schema();
    std::vector<int> source(schema.size(), -1);
    for (size_t c = 0; c < schema.size(); ++c) {
        const int g = generated.indexOf(schema.fields[c].name);
        if (g >= 0 && generated.fields[static_cast<size_t>(g)].type == schema.fields[c].type)
            source[c] = g;
    }
    return source;
}

QString timestampText(int64_t micros)
{
    return QString::fromStdString(formatTimestamp(micros));
}

} // namespace

std::vector<Step> generateSteps(const StepGeneratorSettings &settings, const Schema &schema)
{
    TransactionGenerator generator(settings.options);
    const std::vector<int> source = generatedColumnFor(schema);
    std::vector<Step> steps;
    steps.reserve(static_cast<size_t>(std::max(settings.numSteps, 0)));
    for (int s = 0; s < settings.numSteps; ++s) {
        ColumnBatch generated = generator.next(settings.options.numRows);
        Step step;
        step.rows.schema = schema;
        step.rows.numRows = generated.numRows;
        for (size_t c = 0; c < schema.size(); ++c) {
            if (source[c] >= 0)
                step.rows.columns.push_back(std::move(generated.columns[static_cast<size_t>(source[c])]));
            else
                step.rows.columns.push_back(Column::repeat(schema.fields[c].type, Value::null(), generated.numRows));
        }
        steps.push_back(std::move(step));
    }
    return steps;
}

std::vector<std::string> columnsLeftNull(const Schema &schema)
{
    std::vector<std::string> names;
    const std::vector<int> source = generatedColumnFor(schema);
    for (size_t c = 0; c < schema.size(); ++c)
        if (source[c] < 0)
            names.push_back(schema.fields[c].name);
    return names;
}

int64_t GeneratorDialog::appendStartMicros(const Scenario &scenario)
{
    // The event-time column the generator fills, else the first timestamp column.
    int column = -1;
    const std::vector<int> source = generatedColumnFor(scenario.sourceSchema);
    const int generatedEventTime = TransactionGenerator::schema().indexOf("eventTime");
    for (size_t c = 0; c < scenario.sourceSchema.size() && column < 0; ++c)
        if (source[c] == generatedEventTime)
            column = static_cast<int>(c);
    for (size_t c = 0; c < scenario.sourceSchema.size() && column < 0; ++c)
        if (scenario.sourceSchema.fields[c].type.kind == TypeKind::Timestamp)
            column = static_cast<int>(c);
    std::optional<int64_t> latest;
    if (column >= 0) {
        for (const Step &step : scenario.steps) {
            const Column &times = step.rows.columns[static_cast<size_t>(column)];
            for (size_t r = 0; r < times.size(); ++r)
                if (!times.isNull(r) && (!latest || times.ints()[r] > *latest))
                    latest = times.ints()[r];
        }
    }
    if (!latest)
        return TransactionGeneratorOptions{}.startTimeMicros;
    int64_t minutes = *latest / kMicrosPerMinute;
    if (*latest < 0 && *latest % kMicrosPerMinute != 0)
        --minutes; // floor
    return (minutes + 1) * kMicrosPerMinute;
}

GeneratorDialog::GeneratorDialog(const Scenario &scenario, QWidget *parent) : QDialog(parent), m_scenario(scenario)
{
    setObjectName(QStringLiteral("generatorDialog"));
    setWindowTitle(tr("Generate Rows"));
    setAttribute(Qt::WA_WindowPropagation); // presenter mode's font, like the main window

    auto spinBox = [this](const char *name, int min, int max, int value) {
        auto *box = new QSpinBox(this);
        box->setObjectName(QLatin1String(name));
        box->setRange(min, max);
        box->setValue(value);
        box->setGroupSeparatorShown(true);
        return box;
    };
    auto lineEdit = [this](const char *name, const QString &text, const QString &tip) {
        auto *edit = new QLineEdit(text, this);
        edit->setObjectName(QLatin1String(name));
        edit->setToolTip(tip);
        return edit;
    };
    auto amountBox = [this](const char *name, double value) {
        auto *box = new QDoubleSpinBox(this);
        box->setObjectName(QLatin1String(name));
        box->setDecimals(2);
        box->setRange(-kMaxAmount, kMaxAmount);
        box->setValue(value);
        box->setGroupSeparatorShown(true);
        return box;
    };

    m_seed = spinBox("seed", 0, std::numeric_limits<int>::max(), 1);
    m_seed->setToolTip(tr("The same seed and settings make the same rows, on every machine."));
    m_numSteps = spinBox("numSteps", 1, 100'000, 5);
    m_rowsPerStep = spinBox("rowsPerStep", 1, static_cast<int>(kMaxTotalRows), 20);
    m_accounts = spinBox("accounts", 1, 10'000'000, 10);
    m_accounts->setToolTip(tr("Accounts ACC-0001 … are drawn uniformly; each has one home branch."));
    m_branches = spinBox("branches", 1, 100'000, 4);
    m_branches->setToolTip(tr("Branch codes: MUMBAI, DELHI, … for the first ten, BR-0011 … after."));
    m_minAmount = amountBox("minAmount", 1.00);
    m_maxAmount = amountBox("maxAmount", 2500.00);

    const QString durationTip = tr("A Spark interval, like \"5 minutes\", \"30 seconds\" or \"1 hour 30 minutes\".");
    m_start = lineEdit("start", timestampText(TransactionGeneratorOptions{}.startTimeMicros),
                       tr("The event time of the first generated row (UTC)."));
    m_span = lineEdit("span", QStringLiteral("5 minutes"),
                      tr("How far event time moves on during one step.") + QLatin1Char('\n') + durationTip);
    m_jitter = lineEdit("jitter", QStringLiteral("30 seconds"),
                        tr("Each row's event time moves by a random amount up to this, either way.") + QLatin1Char('\n') + durationTip);
    m_latePercent = new QDoubleSpinBox(this);
    m_latePercent->setObjectName(QStringLiteral("latePercent"));
    m_latePercent->setRange(0, 100);
    m_latePercent->setDecimals(1);
    m_latePercent->setSingleStep(5);
    m_latePercent->setSuffix(QStringLiteral(" %"));
    m_latePercent->setValue(5);
    m_latePercent->setToolTip(tr("The share of rows that arrive late: their event time is older than their neighbours' by the lateness."));
    m_lateness = lineEdit("lateness", QStringLiteral("15 minutes"),
                          tr("How much older a late row's event time is.") + QLatin1Char('\n') + durationTip);

    auto *streamBox = new QGroupBox(tr("Steps"), this);
    auto *streamForm = new QFormLayout(streamBox);
    streamForm->addRow(tr("&Seed:"), m_seed);
    streamForm->addRow(tr("Number of s&teps:"), m_numSteps);
    streamForm->addRow(tr("&Rows per step:"), m_rowsPerStep);
    m_replace = new QRadioButton(tr("Re&place all steps"), streamBox);
    m_replace->setObjectName(QStringLiteral("replaceMode"));
    m_append = new QRadioButton(tr("Add after the &last step"), streamBox);
    m_append->setObjectName(QStringLiteral("appendMode"));
    m_replace->setChecked(true);
    auto *modeRow = new QHBoxLayout;
    modeRow->addWidget(m_replace);
    modeRow->addWidget(m_append);
    modeRow->addStretch();
    streamForm->addRow(tr("Generated steps:"), modeRow);

    auto *transactionBox = new QGroupBox(tr("Transactions"), this);
    auto *transactionForm = new QFormLayout(transactionBox);
    transactionForm->addRow(tr("&Accounts:"), m_accounts);
    transactionForm->addRow(tr("&Branches:"), m_branches);
    transactionForm->addRow(tr("Smallest a&mount:"), m_minAmount);
    transactionForm->addRow(tr("Largest amou&nt:"), m_maxAmount);

    auto *timeBox = new QGroupBox(tr("Event time"), this);
    auto *timeForm = new QFormLayout(timeBox);
    timeForm->addRow(tr("First event &time:"), m_start);
    timeForm->addRow(tr("Event time per st&ep:"), m_span);
    timeForm->addRow(tr("&Jitter:"), m_jitter);
    timeForm->addRow(tr("Late r&ows:"), m_latePercent);
    timeForm->addRow(tr("Late by:"), m_lateness);

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("generatorSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setMinimumHeight(m_summary->fontMetrics().lineSpacing() * 3);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_generateButton = buttons->addButton(tr("&Generate"), QDialogButtonBox::AcceptRole);
    m_generateButton->setObjectName(QStringLiteral("generateButton"));
    m_generateButton->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (isValid())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(streamBox);
    layout->addWidget(transactionBox);
    layout->addWidget(timeBox);
    layout->addWidget(m_summary);
    layout->addWidget(buttons);

    for (QSpinBox *box : {m_seed, m_numSteps, m_rowsPerStep, m_accounts, m_branches})
        connect(box, &QSpinBox::valueChanged, this, &GeneratorDialog::updateState);
    for (QDoubleSpinBox *box : {m_minAmount, m_maxAmount, m_latePercent})
        connect(box, &QDoubleSpinBox::valueChanged, this, &GeneratorDialog::updateState);
    for (QLineEdit *edit : {m_start, m_span, m_jitter, m_lateness})
        connect(edit, &QLineEdit::textChanged, this, &GeneratorDialog::updateState);
    connect(m_append, &QRadioButton::toggled, this, &GeneratorDialog::setStartForMode);
    // A scenario with input already gets new steps after it by default: nothing is lost.
    if (!scenario.steps.empty())
        m_append->setChecked(true);
    updateState();
}

void GeneratorDialog::setStartForMode()
{
    const int64_t start = m_append->isChecked() ? appendStartMicros(m_scenario) : TransactionGeneratorOptions{}.startTimeMicros;
    m_start->setText(timestampText(start));
    updateState();
}

StepGeneratorSettings GeneratorDialog::settings() const
{
    return m_settings;
}

void GeneratorDialog::setSettings(const StepGeneratorSettings &settings)
{
    const TransactionGeneratorOptions &o = settings.options;
    auto duration = [](int64_t micros) {
        // Whole seconds read best; the generator takes microseconds.
        if (micros % 1'000'000 == 0)
            return QStringLiteral("%1 seconds").arg(micros / 1'000'000);
        return QStringLiteral("%1 microseconds").arg(micros);
    };
    m_append->setChecked(settings.append);
    m_replace->setChecked(!settings.append);
    m_seed->setValue(static_cast<int>(std::min<uint64_t>(o.seed, std::numeric_limits<int>::max())));
    m_numSteps->setValue(settings.numSteps);
    m_rowsPerStep->setValue(static_cast<int>(o.numRows));
    m_accounts->setValue(static_cast<int>(o.numAccounts));
    m_branches->setValue(static_cast<int>(o.numBranches));
    m_minAmount->setValue(static_cast<double>(o.minAmountCents) / 100.0);
    m_maxAmount->setValue(static_cast<double>(o.maxAmountCents) / 100.0);
    m_start->setText(timestampText(o.startTimeMicros));
    m_span->setText(duration(o.eventTimeSpanMicros));
    m_jitter->setText(duration(o.jitterMicros));
    m_latePercent->setValue(o.lateFraction * 100.0);
    m_lateness->setText(duration(o.latenessMicros));
    updateState();
}

void GeneratorDialog::updateState()
{
    m_error.clear();
    StepGeneratorSettings s;
    TransactionGeneratorOptions &o = s.options;
    s.append = m_append->isChecked();
    s.numSteps = m_numSteps->value();
    o.seed = static_cast<uint64_t>(m_seed->value());
    o.numRows = m_rowsPerStep->value();
    o.numAccounts = m_accounts->value();
    o.numBranches = m_branches->value();
    o.minAmountCents = std::llround(m_minAmount->value() * 100.0);
    o.maxAmountCents = std::llround(m_maxAmount->value() * 100.0);
    o.lateFraction = m_latePercent->value() / 100.0;

    QStringList errors;
    const std::optional<Value> start =
        InputStepsModel::parseCellText(m_start->text(), Field{"start", DataType::timestamp(), {}});
    if (!start || start->isNull())
        errors << tr("First event time: \"%1\" is not a timestamp (expected YYYY-MM-DD HH:MM:SS[.ffffff], UTC).")
                      .arg(m_start->text().trimmed());
    else
        o.startTimeMicros = start->asTimestamp();

    auto duration = [&](QLineEdit *edit, const QString &label, int64_t &out) {
        std::string error;
        const std::optional<Interval> interval = parseInterval(edit->text().trimmed().toStdString(), &error);
        if (!interval) {
            errors << tr("%1: %2").arg(label, QString::fromStdString(error));
            return;
        }
        const std::optional<int64_t> micros = windowDurationMicros(*interval);
        if (!micros || *micros < 0) {
            errors << tr("%1: give a duration of zero or more, in days, hours, minutes or seconds.").arg(label);
            return;
        }
        out = *micros;
    };
    duration(m_span, tr("Event time per step"), o.eventTimeSpanMicros);
    duration(m_jitter, tr("Jitter"), o.jitterMicros);
    duration(m_lateness, tr("Late by"), o.latenessMicros);
    if (o.minAmountCents > o.maxAmountCents)
        errors << tr("The smallest amount is larger than the largest.");
    const int64_t totalRows = int64_t(s.numSteps) * o.numRows;
    if (totalRows > kMaxTotalRows)
        errors << tr("%1 rows in all is too many: at most %2.")
                      .arg(QLocale().toString(qlonglong(totalRows)), QLocale().toString(qlonglong(kMaxTotalRows)));

    m_error = errors.join(QLatin1Char('\n'));
    m_settings = s;
    m_generateButton->setEnabled(m_error.isEmpty());
    m_summary->setText(m_error.isEmpty() ? summaryText() : m_error);
    QPalette palette = m_summary->palette();
    palette.setColor(QPalette::WindowText, m_error.isEmpty() ? this->palette().color(QPalette::WindowText)
                                                             : errorColor(this->palette()));
    m_summary->setPalette(palette);
}

QString GeneratorDialog::summaryText() const
{
    const StepGeneratorSettings &s = m_settings;
    const TransactionGeneratorOptions &o = s.options;
    const QLocale locale;
    const int64_t totalRows = int64_t(s.numSteps) * o.numRows;
    QString text = tr("Makes %n step(s) of %1 rows (%2 in all), event time from %3 to %4, about %5 % of the rows late.",
                      nullptr, s.numSteps)
              .arg(locale.toString(qlonglong(o.numRows)), locale.toString(qlonglong(totalRows)),
                   timestampText(o.startTimeMicros),
                   timestampText(o.startTimeMicros + o.eventTimeSpanMicros * s.numSteps),
                   locale.toString(o.lateFraction * 100.0, 'g', 3));
    text += QLatin1Char(' ');
    if (s.append)
        text += tr("They follow the %n step(s) there are.", nullptr, static_cast<int>(m_scenario.steps.size()));
    else
        text += tr("They replace the %n step(s) there are.", nullptr, static_cast<int>(m_scenario.steps.size()));
    const std::vector<std::string> nulls = columnsLeftNull(m_scenario.sourceSchema);
    if (!nulls.empty()) {
        QStringList names;
        for (const std::string &name : nulls)
            names << QString::fromStdString(name);
        text += QLatin1Char(' ')
            + tr("Left NULL (the generator makes accountId, branchCode, amount and eventTime): %1.")
                  .arg(names.join(QStringLiteral(", ")));
    }
    return text;
}

} // namespace streamstep
