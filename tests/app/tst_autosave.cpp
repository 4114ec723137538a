// Tests the crash-safe autosave of unsaved lesson edits (issue 13): an edit reaches a file of the
// app's data location a short time later; a window that goes away without a clean close (what a
// crash leaves) leaves it behind, and the next window offers it and restores the edits, modified
// and with the file they belong to; a save, a clean close, undoing the edits or declining the
// offer removes the file. A lock left by a process that died counts as a crash too.
#include "lesson_autosave.h"
#include "main_window.h"
#include "run_controller.h"

#include "streamstep/scenario.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace streamstep;

namespace {

constexpr const char *kEditedCondition = "amount > 5.00";

// A copy of lesson 01 in `dir`, opened in `window`.
QString openLessonCopy(MainWindow &window, const QTemporaryDir &dir)
{
    const QString path = dir.filePath(QStringLiteral("high-value.scenario.json"));
    QFile::remove(path);
    if (!QFile::copy(QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/01-high-value-filter.scenario.json"), path))
        return {};
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    QString error;
    if (!window.openScenario(path, &error))
        return {};
    return path;
}

// The edits a user makes in the query editor: another filter condition, then one column less.
void editQuery(MainWindow &window)
{
    QuerySpec spec = QuerySpec::fromScenario(window.controller()->scenario());
    spec.ops.front().condition.text = kEditedCondition;
    window.editQuery(spec, QStringLiteral("condition"));
    spec.ops.back().columns.pop_back();
    window.editQuery(spec, QStringLiteral("columns"));
}

bool hasTheEdits(const Scenario &scenario)
{
    return scenario.query.size() == 2 && scenario.query.front().condition.text == kEditedCondition
        && scenario.query.back().columns.size() == 2;
}

// Opens lesson 01's copy in `window`, edits its query and waits for the autosave file.
bool editUntilAutosaved(MainWindow &window, const QTemporaryDir &dir)
{
    window.autosave()->setDelayMs(50);
    if (openLessonCopy(window, dir).isEmpty())
        return false;
    editQuery(window);
    return QTest::qWaitFor([&] { return window.autosave()->hasFile(); }, 5000);
}

QStringList autosaveFiles()
{
    return QDir(LessonAutosave::folder()).entryList(QDir::Files);
}

} // namespace

class TestAutosave : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void editsComeBackAfterACrash();
    void aCleanCloseRemovesTheAutosave();
    void undoingTheEditsRemovesTheAutosave();
    void decliningRemovesTheAutosave();
    void aLockOfAProcessThatDiedIsACrash();

private:
    QTemporaryDir m_dir;
};

void TestAutosave::init()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(LessonAutosave::folder().startsWith(qEnvironmentVariable("XDG_DATA_HOME")) || qEnvironmentVariableIsEmpty("XDG_DATA_HOME"));
    QDir(LessonAutosave::folder()).removeRecursively();
}

void TestAutosave::editsComeBackAfterACrash()
{
    auto *first = new MainWindow;
    first->autosave()->setDelayMs(50);
    const QString path = openLessonCopy(*first, m_dir);
    QVERIFY(!path.isEmpty());
    QVERIFY(!first->autosave()->hasFile()); // nothing unsaved yet
    editQuery(*first);
    QVERIFY(first->isWindowModified());
    QVERIFY(first->autosave()->isScheduled());
    QTRY_VERIFY_WITH_TIMEOUT(first->autosave()->hasFile(), 5000);
    const QString autosaveFile = first->autosave()->fileName();
    QVERIFY(autosaveFile.startsWith(LessonAutosave::folder()));
    // Its own window still runs: not an orphan.
    QVERIFY(LessonAutosave::orphans().empty());

    // The "crash": the window goes without a clean close (no closeEvent, no save).
    delete first;
    QVERIFY(QFile::exists(autosaveFile));

    MainWindow second;
    second.autosave()->setDelayMs(50);
    int asked = 0;
    second.setAutosaveQuestion([&](const AutosaveRecord &record) {
        ++asked;
        return record.filePath == path && record.savedAt.isValid();
    });
    QVERIFY(second.offerAutosaveRestore());
    QCOMPARE(asked, 1);
    QVERIFY(hasTheEdits(second.controller()->scenario()));
    QCOMPARE(second.controller()->filePath(), path);
    QVERIFY(second.isWindowModified());
    QVERIFY(!second.undoStack()->isClean());
    QVERIFY2(second.controller()->isValid(), qPrintable(second.controller()->validationMessage()));
    QVERIFY(second.controller()->step()); // the restored query runs
    QVERIFY(!QFile::exists(autosaveFile)); // taken over…
    QTRY_VERIFY_WITH_TIMEOUT(second.autosave()->hasFile(), 5000); // …by the new window's own
    QCOMPARE(autosaveFiles().filter(QStringLiteral(".json")).size(), 1);
    QVERIFY(!second.offerAutosaveRestore()); // nothing left to offer

    // Saving puts the edits in the file and removes the autosave.
    QVERIFY(second.saveTo(path));
    QVERIFY(!second.autosave()->hasFile());
    QVERIFY(!second.isWindowModified());
    QVERIFY(hasTheEdits(readScenarioFile(path.toStdString())));
    QVERIFY(autosaveFiles().filter(QStringLiteral(".json")).isEmpty());
}

void TestAutosave::aCleanCloseRemovesTheAutosave()
{
    auto *window = new MainWindow;
    QVERIFY(editUntilAutosaved(*window, m_dir));
    window->show();
    // STREAMSTEP_NO_PROMPTS: closing does not ask to save; the user lets the edits go.
    QVERIFY(window->close());
    QVERIFY(!window->autosave()->hasFile());
    delete window;
    QVERIFY(LessonAutosave::orphans().empty());
    QVERIFY(autosaveFiles().isEmpty());
}

void TestAutosave::undoingTheEditsRemovesTheAutosave()
{
    MainWindow window;
    QVERIFY(editUntilAutosaved(window, m_dir));
    window.undoStack()->undo();
    QVERIFY(!window.undoStack()->isClean());
    QTRY_VERIFY_WITH_TIMEOUT(window.autosave()->hasFile(), 5000); // still one edit unsaved
    window.undoStack()->undo();
    QVERIFY(window.undoStack()->isClean());
    QVERIFY(!window.autosave()->hasFile());
    QVERIFY(!window.autosave()->isScheduled());
    // Redo makes them unsaved again: written again.
    window.undoStack()->redo();
    QTRY_VERIFY_WITH_TIMEOUT(window.autosave()->hasFile(), 5000);
}

void TestAutosave::decliningRemovesTheAutosave()
{
    auto *first = new MainWindow;
    QVERIFY(editUntilAutosaved(*first, m_dir));
    const QString autosaveFile = first->autosave()->fileName();
    delete first;
    QVERIFY(QFile::exists(autosaveFile));

    MainWindow second;
    second.setAutosaveQuestion([](const AutosaveRecord &) { return false; });
    QVERIFY(!second.offerAutosaveRestore());
    QVERIFY(!QFile::exists(autosaveFile));
    QVERIFY(!second.controller()->hasScenario());
    QVERIFY(LessonAutosave::orphans().empty());
}

void TestAutosave::aLockOfAProcessThatDiedIsACrash()
{
    MainWindow window;
    QVERIFY(editUntilAutosaved(window, m_dir));
    const QString file = window.autosave()->fileName();
    const QString lock = file.left(file.size() - 5) + QStringLiteral(".lock");
    QVERIFY(QFile::exists(lock));

    // A process that held its lock and died: its pid is gone.
    QProcess child;
    child.start(QStringLiteral("sleep"), {QStringLiteral("0.1")});
    QVERIFY(child.waitForStarted());
    const qint64 deadPid = child.processId();
    QVERIFY(child.waitForFinished());
    QFile ours(lock);
    QVERIFY(ours.open(QIODevice::ReadOnly));
    QList<QByteArray> lines = ours.readAll().split('\n');
    QVERIFY(lines.size() >= 3);
    lines[0] = QByteArray::number(deadPid);
    const QString crashed = LessonAutosave::folder() + QStringLiteral("/crashed.json");
    QVERIFY(QFile::copy(file, crashed));
    QFile theirs(LessonAutosave::folder() + QStringLiteral("/crashed.lock"));
    QVERIFY(theirs.open(QIODevice::WriteOnly));
    theirs.write(lines.join('\n'));
    theirs.close();

    const std::vector<AutosaveRecord> orphans = LessonAutosave::orphans();
    QCOMPARE(orphans.size(), size_t(1)); // this window's own is held by a live process
    QCOMPARE(orphans.front().file, crashed);
    QVERIFY(hasTheEdits(parseScenario(orphans.front().scenario.toStdString(), "autosave")));
    LessonAutosave::remove(orphans.front());
    QVERIFY(!QFile::exists(crashed));
    QVERIFY(QFile::exists(file));
}

QTEST_MAIN(TestAutosave)
#include "tst_autosave.moc"
