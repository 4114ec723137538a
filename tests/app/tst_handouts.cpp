// Handouts as a teacher prints them: File ▸ Export Lesson as PDF… writes one page per batch of the
// whole lesson, Export Batch as PDF… / PNG… the batch shown. The PDFs are rendered with poppler's
// pdftoppm (every page an image that is not blank) and read back with pdftotext: each page carries
// its batch's heading, the engine's narrative and the rows of the story tables as text (vector,
// not a picture of text). The app's --export-pdf / --export-png write the same files.
#include "batch_narrative_view.h"
#include "gui_test_support.h"
#include "handout.h"
#include "main_window.h"
#include "run_controller.h"

#include "streamstep/quiz.h"
#include "streamstep/value_format.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace streamstep;
using namespace streamstep::testing;

namespace {

QString run(const QString &program, const QStringList &arguments, int *exitCode = nullptr)
{
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(120'000)) {
        if (exitCode)
            *exitCode = -1;
        return {};
    }
    if (exitCode)
        *exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    return QString::fromUtf8(process.readAllStandardOutput());
}

// Words separated by single spaces: pdftotext breaks lines where the page wraps them, and reads
// the font's ligatures as one character ("ﬁ").
QString words(const QString &text)
{
    return text.normalized(QString::NormalizationForm_KC).simplified();
}

// The text of page `page` (from 1).
QString pageText(const QString &pdf, int page)
{
    int code = 0;
    const QString text = run(QStringLiteral("pdftotext"),
                             {QStringLiteral("-f"), QString::number(page), QStringLiteral("-l"), QString::number(page),
                              QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdf, QStringLiteral("-")},
                             &code);
    return code == 0 ? words(text) : QString();
}

// Renders every page with pdftoppm; returns the page images.
QList<QImage> renderPages(const QString &pdf, const QString &dir)
{
    int code = 0;
    run(QStringLiteral("pdftoppm"), {QStringLiteral("-r"), QStringLiteral("40"), QStringLiteral("-png"), pdf, dir + QStringLiteral("/page")}, &code);
    QList<QImage> images;
    if (code != 0)
        return images;
    const QStringList files = QDir(dir).entryList({QStringLiteral("page*.png")}, QDir::Files, QDir::Name);
    for (const QString &file : files)
        images << QImage(QDir(dir).filePath(file));
    return images;
}

// The share of pixels that are not (almost) white: text, grid lines, the timeline.
double inkShare(const QImage &image)
{
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    qint64 ink = 0;
    for (int y = 0; y < rgb.height(); ++y)
        for (int x = 0; x < rgb.width(); ++x)
            ink += qGray(rgb.pixel(x, y)) < 200;
    return double(ink) / (double(rgb.width()) * rgb.height());
}

} // namespace

class TestHandouts : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void lessonPdfHasOnePagePerBatch_data();
    void lessonPdfHasOnePagePerBatch();
    void batchPdfAndPngShowTheBatchShown();
    void nothingRunNothingExported();
    void commandLineExports();
};

void TestHandouts::initTestCase()
{
    int code = -1;
    run(QStringLiteral("pdftoppm"), {QStringLiteral("-v")}, &code);
    QVERIFY2(code == 0, "pdftoppm (poppler-utils) is needed: tools/install-debian-packages.sh installs it");
    run(QStringLiteral("pdftotext"), {QStringLiteral("-v")}, &code);
    QVERIFY2(code == 0, "pdftotext (poppler-utils) is needed: tools/install-debian-packages.sh installs it");
}

void TestHandouts::lessonPdfHasOnePagePerBatch_data()
{
    QTest::addColumn<QString>("lesson");
    QTest::newRow("windowed append") << QStringLiteral("04-windowed-totals-append");
    QTest::newRow("update counts") << QStringLiteral("03-account-counts-update");
    QTest::newRow("filter, no state") << QStringLiteral("01-high-value-filter");
}

void TestHandouts::lessonPdfHasOnePagePerBatch()
{
    QFETCH(QString, lesson);
    MainWindow window;
    QVERIFY(window.openScenario(lessonPath(qPrintable(lesson))));
    QVERIFY(window.exportLessonPdfAction()->isEnabled());
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("lesson.pdf"));
    QString error;
    // The whole lesson, though no trigger has run in the window.
    QVERIFY2(window.exportLessonPdf(pdf, &error), qPrintable(error));
    QCOMPARE(window.controller()->numBatches(), 0);

    // The engine's own run of the lesson says how many pages there must be, and what they say.
    const QuizRun engineRun = runForQuiz(*window.controller()->sharedScenario());
    QVERIFY(!engineRun.error);
    std::vector<std::shared_ptr<const BatchReport>> reports;
    for (const BatchReport &r : engineRun.reports)
        reports.push_back(std::make_shared<const BatchReport>(r));
    QVERIFY(!reports.empty());

    const QList<QImage> pages = renderPages(pdf, dir.path());
    QCOMPARE(pages.size(), int(reports.size()));
    for (int i = 0; i < pages.size(); ++i) {
        QVERIFY(pages[i].width() > pages[i].height()); // landscape
        const double ink = inkShare(pages[i]);
        QVERIFY2(ink > 0.02 && ink < 0.6, qPrintable(QStringLiteral("page %1: %2 of it inked").arg(i + 1).arg(ink)));
    }
    for (int i = 0; i < int(reports.size()); ++i) {
        const BatchReport &r = *reports[size_t(i)];
        const QString text = pageText(pdf, i + 1);
        const QString where = QStringLiteral("page %1: %2").arg(i + 1).arg(text.left(300));
        QVERIFY2(text.contains(QStringLiteral("batch %1 · trigger %2").arg(r.batchId).arg(r.step)), qPrintable(where));
        QVERIFY2(text.contains(words(BatchNarrativeView::triggerSentence(reports, i))), qPrintable(where));
        const QString narrative = words(BatchNarrativeView::engineNarrative(*engineRun.query, reports, i));
        QVERIFY(!narrative.isEmpty());
        QVERIFY2(text.contains(narrative.left(60)), qPrintable(where + QStringLiteral("\nwants: ") + narrative.left(60)));
        QVERIFY2(text.contains(QStringLiteral("1 · Arrived")), qPrintable(where));
        QVERIFY2(text.contains(QStringLiteral("3 · Written")), qPrintable(where));
        // The rows that arrived, cell by cell (the first column: the rows' first field).
        for (size_t row = 0; row < r.input.numRows && row < 8; ++row)
            QVERIFY2(text.contains(QString::fromStdString(toDisplayString(r.input.get(row, 0)))), qPrintable(where));
        // Every row the batch wrote.
        for (size_t row = 0; row < r.emitted.numRows && row < 8; ++row)
            for (size_t c = 0; c < r.emitted.columns.size(); ++c) {
                const Value v = r.emitted.get(row, c);
                if (v.isNull() || r.emitted.schema.fields[c].type.kind == TypeKind::Window
                    || r.emitted.schema.fields[c].type.kind == TypeKind::Timestamp)
                    continue;
                QVERIFY2(text.contains(QString::fromStdString(toDisplayString(v))),
                         qPrintable(where + QStringLiteral("\nwants: ") + QString::fromStdString(toDisplayString(v))));
            }
    }
}

void TestHandouts::batchPdfAndPngShowTheBatchShown()
{
    MainWindow window;
    QVERIFY(window.openScenario(lessonPath("04-windowed-totals-append")));
    for (int i = 0; i < 3 && window.controller()->step(); ++i)
        window.controller()->waitForIdle();
    window.controller()->selectBatch(3);
    QVERIFY(window.exportBatchPdfAction()->isEnabled());
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("batch.pdf"));
    QString error;
    QVERIFY2(window.exportBatchPdf(pdf, &error), qPrintable(error));
    QCOMPARE(renderPages(pdf, dir.path()).size(), 1);
    const auto &reports = window.controller()->reports();
    const QString text = pageText(pdf, 1);
    QVERIFY2(text.contains(QStringLiteral("batch %1 · trigger %2").arg(reports[3]->batchId).arg(reports[3]->step)), qPrintable(text));
    QVERIFY(text.contains(words(window.narrativeView()->triggerText())));
    QVERIFY(text.contains(words(window.narrativeView()->batchText()).left(60)));
    QVERIFY(text.contains(QStringLiteral("2 · Engine holds after batch 3")));

    const QString png = dir.filePath(QStringLiteral("batch.png"));
    QVERIFY2(window.exportBatchPng(png, &error), qPrintable(error));
    const QImage image(png);
    QCOMPARE(image.size(), (Handout::pageSize() * 2).toSize());
    const double ink = inkShare(image.scaled(image.size() / 4));
    QVERIFY2(ink > 0.02 && ink < 0.6, qPrintable(QString::number(ink)));
}

void TestHandouts::nothingRunNothingExported()
{
    MainWindow window;
    QVERIFY(window.openScenario(lessonPath("04-windowed-totals-append")));
    QVERIFY(!window.exportBatchPdfAction()->isEnabled());
    QVERIFY(!window.exportBatchPngAction()->isEnabled());
    QTemporaryDir dir;
    QString error;
    QVERIFY(!window.exportBatchPdf(dir.filePath(QStringLiteral("none.pdf")), &error));
    QVERIFY(error.contains(QStringLiteral("No batch has run yet")));
    // A query Spark rejects runs no batch: no lesson handout, and the reason.
    QVERIFY(window.openScenario(lessonPath("05a-complete-on-filter")));
    error.clear();
    QVERIFY(!window.exportLessonPdf(dir.filePath(QStringLiteral("rejected.pdf")), &error));
    QVERIFY2(error.contains(QStringLiteral("Complete output mode not supported")), qPrintable(error));
}

void TestHandouts::commandLineExports()
{
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("cli.pdf"));
    const QString png = dir.filePath(QStringLiteral("cli.png"));
    int code = -1;
    run(QStringLiteral(STREAMSTEP_APP), {QStringLiteral("--export-pdf"), pdf, lessonPath("04-windowed-totals-append")}, &code);
    QCOMPARE(code, 0);
    MainWindow window;
    QVERIFY(window.openScenario(lessonPath("04-windowed-totals-append")));
    const int batches = int(runForQuiz(*window.controller()->sharedScenario()).reports.size());
    QCOMPARE(renderPages(pdf, dir.path()).size(), batches);
    QVERIFY(pageText(pdf, batches).contains(QStringLiteral("batch %1").arg(batches - 1)));
    run(QStringLiteral(STREAMSTEP_APP), {QStringLiteral("--steps"), QStringLiteral("2"), QStringLiteral("--export-png"), png,
                                         lessonPath("04-windowed-totals-append")},
        &code);
    QCOMPARE(code, 0);
    QCOMPARE(QImage(png).size(), (Handout::pageSize() * 2).toSize());
    // Without batches there is nothing to write, and the app says so.
    run(QStringLiteral(STREAMSTEP_APP), {QStringLiteral("--export-png"), png, lessonPath("04-windowed-totals-append")}, &code);
    QCOMPARE(code, 1);
}

QTEST_MAIN(TestHandouts)
#include "tst_handouts.moc"
