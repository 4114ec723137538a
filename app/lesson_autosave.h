// Crash-safe autosave of unsaved lesson edits. A short time after an edit (delayMs) the main
// window writes the edited scenario to a file of its own in the app's data location
// (<AppDataLocation>/autosave/<id>.json, atomically with QSaveFile), held by a lock file of this
// process; a save, a clean close or undoing back to the saved state removes it. A window that
// goes away without a clean close (the app crashed or was killed) leaves the file behind, and the
// next start finds it with orphans() and offers to restore the edits.
#pragma once

#include "streamstep/scenario.h"

#include <QDateTime>
#include <QLockFile>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>
#include <vector>

namespace streamstep {

// An autosave left by a window that is gone.
struct AutosaveRecord {
    QString file;        // the autosave file
    QString filePath;    // the scenario file the edits belong to (empty: never saved)
    QString title;       // the scenario's title
    QDateTime savedAt;   // when the edits were written (UTC)
    QByteArray scenario; // the edited scenario, in the scenario format
};

class LessonAutosave : public QObject {
    Q_OBJECT
public:
    explicit LessonAutosave(QObject *parent = nullptr);
    // Keeps the file (a window destroyed without a clean close is what a crash leaves).
    ~LessonAutosave() override;

    // <AppDataLocation>/autosave
    static QString folder();
    QString fileName() const { return m_fileName; }
    bool hasFile() const;

    static constexpr int kDefaultDelayMs = 2000;
    int delayMs() const { return m_timer.interval(); }
    void setDelayMs(int ms) { m_timer.setInterval(ms); }
    // An edit happened: saveDue follows after delayMs (edits meanwhile ride along).
    void schedule();
    bool isScheduled() const { return m_timer.isActive(); }
    // Writes the edited scenario now (atomically). False with the reason when it cannot.
    bool write(const Scenario &scenario, const QString &filePath, QString *error = nullptr);
    // The edits were saved, discarded or undone: removes the file and forgets a pending write.
    void discard();

    // The autosaves of windows that are gone (no live process holds their lock), newest first.
    // Damaged files are removed.
    static std::vector<AutosaveRecord> orphans();
    // Removes an orphan's file and its lock (after restoring or declining it).
    static void remove(const AutosaveRecord &record);

Q_SIGNALS:
    void saveDue();

private:
    QString m_fileName;
    std::unique_ptr<QLockFile> m_lock;
    QTimer m_timer;
};

} // namespace streamstep
