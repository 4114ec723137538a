// File ▸ Export as Spark Code…: the lesson's query as a program for Apache Spark (PySpark, Scala
// or Java, optionally replaying the lesson's steps), previewed exactly as the engine writes it
// (exportSparkProgram, the same text as `streamstep-cli export`), to save or copy.
#pragma once

#include "streamstep/scenario.h"
#include "streamstep/spark_export.h"

#include <QDialog>

#include <memory>
#include <string>

class QCheckBox;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace streamstep {

class ExportDialog : public QDialog {
    Q_OBJECT

public:
    ExportDialog(std::shared_ptr<const Scenario> scenario, QWidget *parent = nullptr);

    SparkLanguage language() const;
    void setLanguage(SparkLanguage language);
    void setReplay(bool replay);
    // The program as previewed (empty when the engine refused to export the query).
    QString program() const { return m_program; }
    // The engine's error when it refused, else empty.
    QString problem() const;
    // The file name offered by Save…: the program name for Java/Scala (the class must match it),
    // the scenario's name for PySpark.
    QString suggestedFileName() const;
    // Writes the program to `path` (atomically); false with a message box on failure.
    bool saveTo(const QString &path);

public slots:
    void copyToClipboard();

private:
    void regenerate();
    void save();

    std::shared_ptr<const Scenario> m_scenario;
    QComboBox *m_languageBox = nullptr;
    QCheckBox *m_replayBox = nullptr;
    QPlainTextEdit *m_preview = nullptr;
    QLabel *m_problemLabel = nullptr;
    QPushButton *m_saveButton = nullptr;
    QPushButton *m_copyButton = nullptr;
    QString m_program;
    std::string m_programName; // Java/Scala: the class/object name; empty: from the scenario's name
};

} // namespace streamstep
