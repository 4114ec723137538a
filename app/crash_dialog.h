// Run ▸ Crash Here… (Ctrl+Shift+K): exactly-once, made visible. The user picks a batch and a point
// of it (after the sink wrote, before the commit log; or another point the engine can stop at);
// the engine runs the lesson with a checkpoint in a scratch folder, stops there as a crash would,
// restarts from the checkpoint and reports (demonstrateCrash). The dialog shows that report only:
// what the checkpoint held (offsets planned, batches committed), how the restart went (which
// batch ran again, whether the sink skipped it), the rows the sink holds next to an uninterrupted
// run's, and what a naive sink without batch ids would hold, its duplicated rows marked.
#pragma once

#include "streamstep/crash_demo.h"
#include "streamstep/scenario.h"

#include <QDialog>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTemporaryDir;

namespace streamstep {

class CrashDialog : public QDialog {
    Q_OBJECT

public:
    CrashDialog(std::shared_ptr<const Scenario> scenario, QWidget *parent = nullptr);
    ~CrashDialog() override;

    void setPlan(const CrashPlan &plan);
    CrashPlan plan() const;
    // The report of the last Crash and Restart (nullopt before, or when the engine refused).
    const std::optional<RecoveryReport> &report() const { return m_report; }
    // The engine's error of the last attempt, else empty.
    QString problem() const { return m_problem; }

public slots:
    // Runs the demonstration with the chosen plan and shows its report.
    void crashAndRestart();

private:
    void showReport();
    void fillRows(QTableWidget *table, const ColumnBatch &rows);

    std::shared_ptr<const Scenario> m_scenario;
    std::unique_ptr<QTemporaryDir> m_workDir;
    QSpinBox *m_batchBox = nullptr;
    QComboBox *m_pointBox = nullptr;
    QLabel *m_pointHelp = nullptr;
    QPushButton *m_runButton = nullptr;
    QLabel *m_headline = nullptr;
    QTableWidget *m_checkpointTable = nullptr;
    QLabel *m_restartLabel = nullptr;
    QLabel *m_sinkLabel = nullptr;
    QLabel *m_naiveLabel = nullptr;
    QLabel *m_cleanLabel = nullptr;
    QTableWidget *m_sinkTable = nullptr;
    QTableWidget *m_naiveTable = nullptr;
    QTableWidget *m_cleanTable = nullptr;
    std::optional<RecoveryReport> m_report;
    QString m_problem;
};

} // namespace streamstep
