// Tests SinkContentsModel: it shows the engine's SinkImage (tested against the real sinks in
// tests/engine/tst_sink_image.cpp) after every batch — the reader's columns, every row's cells,
// the part file holding it, what the batch shown wrote as text marks with tooltips, the key
// columns, a failing batch — and the main window shows it for the batch under review.
#include "main_window.h"
#include "run_controller.h"
#include "sink_contents_model.h"

#include "streamstep/engine.h"
#include "streamstep/scenario.h"
#include "streamstep/sink_image.h"
#include "streamstep/value_format.h"

#include <QAbstractItemModelTester>
#include <QAbstractItemView>
#include <QFile>
#include <QtTest>

using namespace streamstep;

namespace {

QString lessonText(const char *name)
{
    QFile file(QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/%1.scenario.json").arg(QLatin1String(name)));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

std::vector<std::shared_ptr<const BatchReport>> reportsOf(const Scenario &scenario)
{
    std::vector<std::shared_ptr<const BatchReport>> reports;
    for (BatchReport &r : runScenario(scenario))
        reports.push_back(std::make_shared<const BatchReport>(std::move(r)));
    return reports;
}

SinkImage imageAfter(const Scenario &scenario, const std::vector<std::shared_ptr<const BatchReport>> &reports, int index)
{
    std::vector<const BatchReport *> shown;
    for (int i = 0; i <= index; ++i)
        shown.push_back(reports[size_t(i)].get());
    return sinkImageAfter(scenario.sink, scenario.outputMode, shown);
}

// The model's data cells as Spark's strings (or as shown, with Qt::DisplayRole).
QList<QStringList> modelRows(const SinkContentsModel &model, int role = BatchTableModel::SparkTextRole)
{
    const int offset = model.firstDataColumn();
    QList<QStringList> rows;
    for (int r = 0; r < model.rowCount(); ++r) {
        QStringList cells;
        for (int c = offset; c < model.columnCount(); ++c)
            cells << model.index(r, c).data(role).toString();
        rows << cells;
    }
    return rows;
}

// The image's cells as the model must show them ("NULL" for NULL).
QList<QStringList> imageRows(const SinkImage &image)
{
    QList<QStringList> rows;
    for (size_t r = 0; r < image.rows.size(); ++r) {
        QStringList cells;
        for (size_t c = 0; c < image.columns.size(); ++c) {
            const Value value = image.value(r, c);
            cells << (value.isNull() ? QStringLiteral("NULL") : QString::fromStdString(toDisplayString(value)));
        }
        rows << cells;
    }
    return rows;
}

RowMark rowMarkOf(SinkRowMark mark)
{
    return mark == SinkRowMark::New ? RowMark::New : mark == SinkRowMark::Updated ? RowMark::Updated : RowMark::None;
}

// How many rows carry each mark text in the status column.
QMap<QString, int> markCounts(const SinkContentsModel &model)
{
    QMap<QString, int> counts;
    for (int r = 0; r < model.rowCount(); ++r)
        ++counts[model.index(r, 0).data().toString()];
    return counts;
}

// A lesson per sink the model shows: files (csv) and a table (sqlite).
void addSinkLessonRows()
{
    QTest::addColumn<QString>("lesson");
    QTest::newRow("csv") << QStringLiteral("01-high-value-filter");
    QTest::newRow("sqlite") << QStringLiteral("03-account-counts-update");
}

} // namespace

class TestSinkContentsModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void showsTheEngineImageAfterEveryBatch_data();
    void showsTheEngineImageAfterEveryBatch();
    void marksAreTextWithTooltips();
    void aFailingBatchIsSaid();
    void otherSinksShowNothing();
    void mainWindowShowsTheSinkOfTheShownBatch_data();
    void mainWindowShowsTheSinkOfTheShownBatch();
};

void TestSinkContentsModel::showsTheEngineImageAfterEveryBatch_data()
{
    addSinkLessonRows();
}

void TestSinkContentsModel::showsTheEngineImageAfterEveryBatch()
{
    QFETCH(QString, lesson);
    const Scenario scenario = parseScenario(lessonText(lesson.toLatin1().constData()).toStdString());
    const auto reports = reportsOf(scenario);
    QVERIFY(reports.size() > 1);
    const bool files = scenario.sink.format != "sqlite";

    SinkContentsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSink(scenario.sink, scenario.outputMode);
    QCOMPARE(model.kind(), files ? SinkContentsModel::Kind::Files : SinkContentsModel::Kind::Table);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.path(), QString::fromStdString(scenario.sink.options.find("path")->second.get<std::string>()));

    for (int i = 0; i < int(reports.size()); ++i) {
        model.showAfter(reports, i);
        const SinkImage image = imageAfter(scenario, reports, i);
        QVERIFY(model.failure().isEmpty());
        QCOMPARE(model.firstDataColumn(), files ? 2 : 1);
        QCOMPARE(model.columnCount(), int(image.columns.size()) + model.firstDataColumn());
        for (size_t c = 0; c < image.columns.size(); ++c)
            QCOMPARE(model.headerData(int(c) + model.firstDataColumn(), Qt::Horizontal, Qt::DisplayRole).toString().section(QLatin1Char('\n'), 0, 0),
                     QString::fromStdString(image.columns[c].name));
        QCOMPARE(modelRows(model), imageRows(image));
        // Shown: the time of day, the date once in the header when every row shares it.
        const QList<QStringList> shown = modelRows(model, Qt::DisplayRole);
        const QList<QStringList> exact = imageRows(image);
        for (size_t c = 0; c < image.columns.size(); ++c) {
            const QString header = model.headerData(int(c) + model.firstDataColumn(), Qt::Horizontal, Qt::DisplayRole).toString();
            for (int r = 0; r < shown.size(); ++r) {
                if (!header.contains(QLatin1Char('\n')) || exact[r][int(c)] == QLatin1String("NULL"))
                    QCOMPARE(shown[r][int(c)], exact[r][int(c)]);
                else
                    QCOMPARE(header.section(QLatin1Char('\n'), 1) + QLatin1Char(' ') + shown[r][int(c)], exact[r][int(c)]);
            }
        }
        QStringList names;
        for (const SinkImage::File &file : image.files)
            names << QString::fromStdString(file.name);
        QCOMPARE(model.files(), names);
        for (int r = 0; r < model.rowCount(); ++r) {
            QCOMPARE(model.index(r, 0).data(BatchTableModel::RowMarkRole).toInt(), int(rowMarkOf(image.rows[size_t(r)].mark)));
            if (files) {
                // "part-NNNNN" in the cell, the whole name in its tooltip.
                const QString name = QString::fromStdString(image.fileOf(size_t(r))->name);
                QCOMPARE(model.index(r, 1).data().toString(), name.left(10));
                QVERIFY(name.startsWith(model.index(r, 1).data().toString() + QLatin1String("-c000.")));
                QVERIFY(model.index(r, 1).data(Qt::ToolTipRole).toString().startsWith(name + QLatin1Char(':')));
            }
        }
    }
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestSinkContentsModel::marksAreTextWithTooltips()
{
    const QString fresh = BatchTableModel::markText(RowMark::New);
    const QString updated = BatchTableModel::markText(RowMark::Updated);
    SinkContentsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);

    // SQLite upsert (lesson 03): 1000 new accounts, then 45 existing ones upserted.
    const Scenario counts = parseScenario(lessonText("03-account-counts-update").toStdString());
    const auto countReports = reportsOf(counts);
    model.setSink(counts.sink, counts.outputMode);
    model.showAfter(countReports, 0);
    QCOMPARE(model.headerData(0, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("status"));
    QCOMPARE(markCounts(model), (QMap<QString, int>{{fresh, 1000}}));
    model.showAfter(countReports, 1);
    QCOMPARE(markCounts(model), (QMap<QString, int>{{updated, 45}, {QString(), 955}}));
    for (int r = 0; r < model.rowCount(); ++r) {
        const QString tip = model.index(r, 0).data(Qt::ToolTipRole).toString();
        QCOMPARE(tip.isEmpty(), model.index(r, 0).data().toString().isEmpty());
        QCOMPARE(model.index(r, 0).data(Qt::FontRole).isValid(), !tip.isEmpty());
    }
    // The key column says so in its tooltip; others have none.
    QVERIFY(model.headerData(1, Qt::Horizontal, Qt::ToolTipRole).toString().contains(QStringLiteral("primary key")));
    QVERIFY(model.headerData(model.columnCount() - 1, Qt::Horizontal, Qt::ToolTipRole).isNull());

    // A file sink: the file column names the part file and the manifest entry listing it.
    const Scenario filter = parseScenario(lessonText("01-high-value-filter").toStdString());
    model.setSink(filter.sink, filter.outputMode);
    model.showAfter(reportsOf(filter), 1);
    QCOMPARE(model.headerData(1, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("file"));
    QCOMPARE(model.index(0, 1).data().toString(), QStringLiteral("part-00000"));
    QCOMPARE(model.index(0, 1).data(Qt::ToolTipRole).toString(),
             QStringLiteral("part-00000-c000.csv: written by batch 0; listed in high_value/_spark_metadata/0"));
    QCOMPARE(model.index(model.rowCount() - 1, 0).data().toString(), fresh);
}

void TestSinkContentsModel::aFailingBatchIsSaid()
{
    // Lesson 01's high-value rows into a SQLite table keyed on accountId, in append mode: an
    // account with two high-value rows makes a batch fail on the primary key.
    Scenario scenario = parseScenario(lessonText("01-high-value-filter").toStdString());
    scenario.sink.format = "sqlite";
    scenario.sink.options = {{"path", "high.db"}, {"table", "high"}, {"key", "accountId"}};
    const auto reports = reportsOf(scenario);
    const int last = int(reports.size()) - 1;
    const SinkImage image = imageAfter(scenario, reports, last);
    QVERIFY(image.failure);
    SinkContentsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSink(scenario.sink, scenario.outputMode);
    model.showAfter(reports, last);
    QCOMPARE(model.failure(), QStringLiteral("Batch %1 would fail: row %2 violates the table's primary key (append "
                                             "mode inserts; use update mode to upsert). The table holds the batches "
                                             "before it.")
                                  .arg(image.failure->batchId)
                                  .arg(image.failure->row));
    QCOMPARE(modelRows(model), imageRows(image));

    // Options the query could not start with: Spark's message, nothing shown.
    scenario.sink.options = {{"path", "high.db"}, {"table", "high"}, {"key", "noSuchColumn"}};
    model.setSink(scenario.sink, scenario.outputMode);
    model.showAfter(reports, last);
    QVERIFY(model.failure().contains(QStringLiteral("'noSuchColumn' is not a column of the result")));
    QCOMPARE(model.rowCount(), 0);
}

void TestSinkContentsModel::otherSinksShowNothing()
{
    const Scenario scenario = parseScenario(lessonText("04-windowed-totals-append").toStdString());
    const auto reports = reportsOf(scenario);
    SinkContentsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(!SinkContentsModel::shows("console"));
    QVERIFY(!SinkContentsModel::shows("memory"));
    model.setSink(scenario.sink, scenario.outputMode);
    model.showAfter(reports, int(reports.size()) - 1);
    QCOMPARE(model.kind(), SinkContentsModel::Kind::None);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), 0);
}

void TestSinkContentsModel::mainWindowShowsTheSinkOfTheShownBatch_data()
{
    addSinkLessonRows();
}

void TestSinkContentsModel::mainWindowShowsTheSinkOfTheShownBatch()
{
    QFETCH(QString, lesson);
    const QString path = QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/%1.scenario.json").arg(lesson);
    const Scenario scenario = parseScenario(lessonText(lesson.toLatin1().constData()).toStdString());
    const auto reports = reportsOf(scenario);

    MainWindow window;
    QVERIFY(window.openScenario(path));
    SinkContentsModel *model = window.sinkContentsModel();
    QVERIFY(model);
    window.controller()->runAll();
    QTRY_COMPARE(window.controller()->numBatches(), int(reports.size()));
    // Reviewing any batch shows the sink as it stood after that batch, newest last.
    for (int i = int(reports.size()) - 1; i >= 0; --i) {
        window.controller()->selectBatch(i);
        QTRY_COMPARE(window.controller()->currentBatch(), i);
        QCOMPARE(modelRows(*model), imageRows(imageAfter(scenario, reports, i)));
        auto *view = window.findChild<QAbstractItemView *>(QStringLiteral("sinkContentsView"));
        QVERIFY(view);
        QCOMPARE(view->model(), model);
    }
}

QTEST_MAIN(TestSinkContentsModel)
#include "tst_sink_contents_model.moc"
