#include "export_dialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QVBoxLayout>

namespace streamstep {

namespace {

const char *kLanguageKey = "export/language";
const char *kReplayKey = "export/replay";

} // namespace

ExportDialog::ExportDialog(std::shared_ptr<const Scenario> scenario, QWidget *parent)
    : QDialog(parent), m_scenario(std::move(scenario))
{
    setWindowTitle(tr("Export as Spark Code"));
    setObjectName(QStringLiteral("exportDialog"));

    m_languageBox = new QComboBox(this);
    m_languageBox->setObjectName(QStringLiteral("languageBox"));
    m_languageBox->addItem(QStringLiteral("PySpark"), int(SparkLanguage::PySpark));
    m_languageBox->addItem(QStringLiteral("Scala"), int(SparkLanguage::Scala));
    m_languageBox->addItem(QStringLiteral("Java"), int(SparkLanguage::Java));
    auto *languageLabel = new QLabel(tr("&Language:"), this);
    languageLabel->setBuddy(m_languageBox);

    m_replayBox = new QCheckBox(tr("&Replay the lesson's steps (one trigger each, printing each batch as JSON)"), this);
    m_replayBox->setObjectName(QStringLiteral("replayBox"));
    m_replayBox->setToolTip(tr("Without replay the program reads a folder of JSON files and writes the real sink "
                               "until stopped, as on a cluster"));

    auto *options = new QHBoxLayout;
    options->addWidget(languageLabel);
    options->addWidget(m_languageBox);
    options->addSpacing(12);
    options->addWidget(m_replayBox, 1);

    m_preview = new QPlainTextEdit(this);
    m_preview->setObjectName(QStringLiteral("exportPreview"));
    m_preview->setReadOnly(true);
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    m_problemLabel = new QLabel(this);
    m_problemLabel->setObjectName(QStringLiteral("exportProblem"));
    m_problemLabel->setWordWrap(true);
    m_problemLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problemLabel->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_problemLabel->hide();

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_saveButton = buttons->addButton(tr("&Save…"), QDialogButtonBox::ActionRole);
    m_saveButton->setShortcut(QKeySequence::Save);
    m_copyButton = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    m_copyButton->setToolTip(tr("Copy the program to the clipboard"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_saveButton, &QPushButton::clicked, this, &ExportDialog::save);
    connect(m_copyButton, &QPushButton::clicked, this, &ExportDialog::copyToClipboard);

    auto *note = new QLabel(tr("Run it with spark-submit (PySpark: python3 with pyspark installed). The SQLite and "
                               "PostgreSQL sinks become foreachBatch upserts: Spark has no streaming JDBC sink."),
                            this);
    note->setWordWrap(true);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(options);
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_problemLabel);
    layout->addWidget(note);
    layout->addWidget(buttons);
    resize(900, 640);

    QSettings settings;
    const int remembered = m_languageBox->findData(settings.value(kLanguageKey, int(SparkLanguage::PySpark)).toInt());
    m_languageBox->setCurrentIndex(remembered >= 0 ? remembered : 0);
    m_replayBox->setChecked(settings.value(kReplayKey, false).toBool());
    connect(m_languageBox, &QComboBox::currentIndexChanged, this, [this] {
        QSettings().setValue(kLanguageKey, int(language()));
        regenerate();
    });
    connect(m_replayBox, &QCheckBox::toggled, this, [this](bool on) {
        QSettings().setValue(kReplayKey, on);
        regenerate();
    });
    regenerate();
}

SparkLanguage ExportDialog::language() const
{
    return static_cast<SparkLanguage>(m_languageBox->currentData().toInt());
}

void ExportDialog::setLanguage(SparkLanguage language)
{
    m_languageBox->setCurrentIndex(m_languageBox->findData(int(language)));
}

void ExportDialog::setReplay(bool replay)
{
    m_replayBox->setChecked(replay);
}

QString ExportDialog::problem() const
{
    return m_problemLabel->isVisible() || !m_problemLabel->text().isEmpty() ? m_problemLabel->text() : QString();
}

void ExportDialog::regenerate()
{
    SparkExportOptions options;
    options.language = language();
    options.replay = m_replayBox->isChecked();
    options.sparkVersion = sparkVersionName(m_scenario->sparkVersion); // the API level, as the CLI
    options.programName = m_programName;
    try {
        m_program = QString::fromStdString(exportSparkProgram(*m_scenario, options));
        m_problemLabel->clear();
        m_problemLabel->hide();
    } catch (const Error &e) {
        m_program.clear();
        m_problemLabel->setText(tr("This query cannot be exported: %1").arg(QString::fromStdString(errorText(e))));
        m_problemLabel->show();
    }
    m_preview->setPlainText(m_program);
    m_saveButton->setEnabled(!m_program.isEmpty());
    m_copyButton->setEnabled(!m_program.isEmpty());
}

QString ExportDialog::suggestedFileName() const
{
    const std::string program = sparkProgramName(m_scenario->fileName);
    const QString extension = QString::fromStdString(sparkLanguageExtension(language()));
    if (language() != SparkLanguage::PySpark)
        return QString::fromStdString(program) + extension;
    QString base = QFileInfo(QString::fromStdString(m_scenario->fileName)).fileName();
    base.remove(QStringLiteral(".scenario.json"));
    base.remove(QStringLiteral(".json"));
    if (base.isEmpty() || base == QLatin1String("<text>"))
        base = QStringLiteral("lesson");
    return base.replace(QLatin1Char('-'), QLatin1Char('_')) + extension;
}

bool ExportDialog::saveTo(const QString &path)
{
    if (language() != SparkLanguage::PySpark) {
        // javac wants the public class in a file of its name (scalac does not; keep them equal).
        const QString stem = QFileInfo(path).completeBaseName();
        if (!isValidSparkProgramName(stem.toStdString())) {
            QMessageBox::warning(this, tr("Export as Spark Code"),
                                 tr("“%1” cannot name a Java class or Scala object: use letters, digits and _, "
                                    "not starting with a digit.").arg(stem));
            return false;
        }
        m_programName = stem.toStdString();
        regenerate();
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(m_program.toUtf8()) < 0 || !file.commit()) {
        QMessageBox::warning(this, tr("Export as Spark Code"),
                             tr("Could not write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
        return false;
    }
    return true;
}

void ExportDialog::save()
{
    const QString directory = QFileInfo(QString::fromStdString(m_scenario->fileName)).absolutePath();
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Spark Program"),
                                                      QDir(directory).filePath(suggestedFileName()));
    if (!path.isEmpty())
        saveTo(path);
}

void ExportDialog::copyToClipboard()
{
    QApplication::clipboard()->setText(m_program);
}

} // namespace streamstep
