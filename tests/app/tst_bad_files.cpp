// Opens 1,000 bad lesson files in a row through the app's own open path (MainWindow::openScenario,
// as File > Open and the recent-files menu do), as a class swapping files from strangers would:
// each one shows its error dialog naming the file, none crashes the app or replaces the lesson
// already open, and the process does not grow with the number of failures (RSS measured).
#include "../engine/process_memory.h"
#include "../under_sanitizers.h"
#include "main_window.h"
#include "run_controller.h"

#include "streamstep/scenario.h"

#include <QApplication>
#include <QFile>
#include <QMessageBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using namespace streamstep;
using streamstep::testing::residentBytes;

namespace {

QByteArray repeated(const QByteArray &piece, int times)
{
    QByteArray out;
    out.reserve(piece.size() * times);
    for (int i = 0; i < times; ++i)
        out += piece;
    return out;
}

// The kinds of bad file a lesson folder can hold: broken JSON, hostile nesting and sizes, wrong
// types and unknown values, bytes that are not text, and a file that is not there at all.
QList<QPair<QString, QByteArray>> badFiles()
{
    const QByteArray valid = [] {
        QFile f(QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/01-high-value-filter.scenario.json"));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    return {
        {QStringLiteral("empty"), QByteArray()},
        {QStringLiteral("truncated"), valid.left(valid.size() / 2)},
        {QStringLiteral("not-json"), QByteArrayLiteral("this is a lesson, trust me\n")},
        {QStringLiteral("binary"), QByteArray("\x00\xff\xfe\x01\x80\x7f{\"", 8) + repeated(QByteArray("\xc3\x28", 2), 500)},
        {QStringLiteral("deep-arrays"), repeated("[", 100000) + repeated("]", 100000)},
        {QStringLiteral("deep-objects"), repeated("{\"a\":", 50000) + "1" + repeated("}", 50000)},
        {QStringLiteral("wrong-types"), QByteArrayLiteral(R"({"schema": 3, "query": "x", "steps": {}})")},
        {QStringLiteral("unknown-op"),
         QByteArray(valid).replace("\"op\": \"filter\"", "\"op\": \"launchMissiles\"")},
        {QStringLiteral("huge-string"), "{\"description\": \"" + repeated("x", int(kMaxScenarioStringBytes) + 1) + "\"}"},
        {QStringLiteral("array-top"), QByteArrayLiteral("[1, 2, 3]")},
    };
}

} // namespace

class TestBadFiles : public QObject {
    Q_OBJECT

private slots:
    void thousandBadFilesInARow()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QStringList paths;
        for (const auto &[name, bytes] : badFiles()) {
            const QString path = dir.filePath(name + QStringLiteral(".scenario.json"));
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QCOMPARE(f.write(bytes), qint64(bytes.size()));
            paths << path;
        }
        paths << dir.filePath(QStringLiteral("not-there.scenario.json"));

        MainWindow window;
        window.show();
        const QString lesson = QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/04-windowed-totals-append.scenario.json");
        QVERIFY(window.openScenario(lesson));
        const QString title = window.windowTitle();

        // Answers each error dialog as a user would (OK), noting what it said.
        QStringList dialogTexts;
        QTimer closer;
        closer.setInterval(0);
        connect(&closer, &QTimer::timeout, this, [&dialogTexts] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
                dialogTexts << box->text();
                box->accept();
            }
        });
        closer.start();

        constexpr int kOpens = 1000;
        constexpr int kWarmUp = 100; // Qt's caches (fonts, styles, the dialog's pieces) fill first
        qint64 rssAfterWarmUp = 0;
        for (int i = 0; i < kOpens; ++i) {
            const QString &path = paths[i % paths.size()];
            QVERIFY2(!window.openScenario(path), qPrintable(path));
            QCOMPARE(dialogTexts.size(), i + 1);
            QVERIFY2(dialogTexts.last().contains(QFileInfo(path).fileName()), qPrintable(dialogTexts.last()));
            QVERIFY(window.statusBar()->currentMessage().contains(QFileInfo(path).fileName()));
            if (i + 1 == kWarmUp)
                rssAfterWarmUp = residentBytes();
        }
        closer.stop();
        const qint64 rssAtEnd = residentBytes();
        qInfo("%d bad files opened, %lld dialogs; RSS after %d: %lld KiB, after %d: %lld KiB (%+lld KiB)", kOpens,
              static_cast<long long>(dialogTexts.size()), kWarmUp, static_cast<long long>(rssAfterWarmUp / 1024), kOpens,
              static_cast<long long>(rssAtEnd / 1024), static_cast<long long>((rssAtEnd - rssAfterWarmUp) / 1024));

        // One message per kind of file, each a located reason (the same file, the same words).
        QStringList kinds = dialogTexts;
        kinds.removeDuplicates();
        QCOMPARE(kinds.size(), paths.size());
        for (const QString &text : std::as_const(kinds))
            qInfo("  %s", qPrintable(text.left(160)));

        // The lesson that was open stays open, and runs.
        QCOMPARE(window.windowTitle(), title);
        QCOMPARE(window.controller()->filePath(), lesson);
        QVERIFY(window.controller()->canStep());
        if (!streamstep::testing::kUnderSanitizers) {
            // 900 failures after the warm-up may cost a little (the allocator's pages), never a
            // file's worth each: a leak of even one parsed 1 MiB string per cycle would be 90 MiB.
            // (AddressSanitizer's quarantine keeps freed memory resident, so only without it.)
            QVERIFY2(rssAtEnd - rssAfterWarmUp < 16 * 1024 * 1024,
                     qPrintable(QStringLiteral("RSS grew by %1 KiB").arg((rssAtEnd - rssAfterWarmUp) / 1024)));
        }
    }
};

QTEST_MAIN(TestBadFiles)
#include "tst_bad_files.moc"
