// Asks how to fill the input with seeded random transactions for demos at scale, and makes the
// steps with the engine's TransactionGenerator — the same generator the benchmarks use, so a demo
// and a benchmark with the same settings see the same rows on every machine.
#pragma once

#include "streamstep/scenario.h"
#include "streamstep/transaction_generator.h"

#include <QDialog>

#include <string>
#include <vector>

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QSpinBox;

namespace streamstep {

// What the dialog asks for: the generator's options (numRows is the rows of one step,
// eventTimeSpanMicros the event time one step covers), how many steps, and whether they replace
// the scenario's steps or follow them.
struct StepGeneratorSettings {
    TransactionGeneratorOptions options;
    int numSteps = 5;
    bool append = false;
};

// Makes settings.numSteps steps of options.numRows rows from one TransactionGenerator, so event
// time runs on from step to step: together they are the rows generateTransactions() makes for
// numSteps × numRows rows over numSteps × the span. Each column of `schema` takes the generated
// column of the same name (case-insensitively, as Spark resolves names) and type; any other column
// is NULL. Throws std::invalid_argument for options the generator refuses.
std::vector<Step> generateSteps(const StepGeneratorSettings &settings, const Schema &schema);
// Names the columns of `schema` that generateSteps() leaves NULL.
std::vector<std::string> columnsLeftNull(const Schema &schema);

class GeneratorDialog : public QDialog {
    Q_OBJECT
public:
    // `scenario` gives the schema to fill and, for appending, where event time should go on.
    explicit GeneratorDialog(const Scenario &scenario, QWidget *parent = nullptr);

    // The settings as entered; valid only when isValid().
    StepGeneratorSettings settings() const;
    void setSettings(const StepGeneratorSettings &settings);
    bool isValid() const { return m_error.isEmpty(); }
    // Why the settings cannot be used (empty when valid).
    QString errorText() const { return m_error; }
    // What pressing Generate will do, in words.
    QString summaryText() const;

    // The first event time of appended steps: just after the latest event time of `scenario`'s
    // rows, on a whole minute; the generator's default start when there are none.
    static int64_t appendStartMicros(const Scenario &scenario);

private:
    void updateState();
    void setStartForMode();

    const Scenario &m_scenario;
    QSpinBox *m_seed;
    QSpinBox *m_numSteps;
    QSpinBox *m_rowsPerStep;
    QSpinBox *m_accounts;
    QSpinBox *m_branches;
    QDoubleSpinBox *m_minAmount;
    QDoubleSpinBox *m_maxAmount;
    QLineEdit *m_start;
    QLineEdit *m_span;
    QLineEdit *m_jitter;
    QDoubleSpinBox *m_latePercent;
    QLineEdit *m_lateness;
    QRadioButton *m_replace;
    QRadioButton *m_append;
    QLabel *m_summary;
    QPushButton *m_generateButton;
    QString m_error;
    StepGeneratorSettings m_settings;
};

} // namespace streamstep
