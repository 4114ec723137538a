// Tests parseScenarioOutline, what the Lessons page reads of every lesson: the same texts, topic,
// level, tags, query and steps as parseScenario, with the same located errors, but a step's
// "rowsFile" is checked by name and never opened, and a "generate" is not computed, so that the
// list of lessons does not read lesson 27a's 100,000 rows or compute 27c's million.
#include "test_columns.h"
#include "streamstep/scenario.h"
#include "test_data.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace streamstep;
using streamstep::testing::errorOf;
using streamstep::testing::addColumns;

namespace {

std::string readText(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll().toStdString() : std::string();
}

std::string scenarioWithStep(const std::string &step) { return streamstep::testing::kAccountsScenarioHead + step + "]}"; }

} // namespace

class TestScenarioOutline : public QObject {
    Q_OBJECT

private slots:
    void everyLessonOutlinesAsItReads_data()
    {
        QTest::addColumn<QString>("path");
        for (const QString &path : streamstep::testing::bundledLessonPaths())
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    }
    void everyLessonOutlinesAsItReads()
    {
        QFETCH(QString, path);
        const std::string text = readText(path);
        QVERIFY(!text.empty());
        const Scenario whole = parseScenario(text, path.toStdString());
        const Scenario outline = parseScenarioOutline(text, path.toStdString());
        QCOMPARE(outline.title, whole.title);
        QCOMPARE(outline.titleDe, whole.titleDe);
        QCOMPARE(outline.description, whole.description);
        QCOMPARE(outline.descriptionDe, whole.descriptionDe);
        QCOMPARE(outline.topic, whole.topic);
        QCOMPARE(outline.level, whole.level);
        QCOMPARE(outline.tags, whole.tags);
        QCOMPARE(outline.outputMode, whole.outputMode);
        QCOMPARE(outline.sink.format, whole.sink.format);
        QCOMPARE(outline.query.size(), whole.query.size());
        QCOMPARE(outline.expect.size(), whole.expect.size());
        QCOMPARE(outline.steps.size(), whole.steps.size());
        for (size_t s = 0; s < whole.steps.size(); ++s) {
            const Step &o = outline.steps[s];
            const Step &w = whole.steps[s];
            QCOMPARE(o.quiz.size(), w.quiz.size());
            QCOMPARE(o.processingTimeMicros, w.processingTimeMicros);
            QCOMPARE(o.rowsFile.has_value(), w.rowsFile.has_value());
            QCOMPARE(o.generate.has_value(), w.generate.has_value());
            if (w.rowsFile) {
                QCOMPARE(o.rowsFile->text, w.rowsFile->text);
                QCOMPARE(o.rows.numRows, size_t(0)); // not read
                QVERIFY(o.rowsFile->path.empty());
            } else if (w.generate) {
                QCOMPARE(o.generate->rows, w.generate->rows);
                QCOMPARE(o.generate->start, w.generate->start);
                QCOMPARE(o.generate->columns.size(), w.generate->columns.size());
                QCOMPARE(o.rows.numRows, size_t(0)); // not computed
                QCOMPARE(w.rows.numRows, size_t(w.generate->rows));
            } else {
                QCOMPARE(o.rows.numRows, w.rows.numRows); // written in the lesson
            }
        }
    }

    void rowsFilesAreNeitherOpenedNorComputed()
    {
        // A rows file that is not there, and a million generated rows: the outline lists the lesson,
        // opening it reads (and here refuses) the rows file and computes the rows.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string missing = scenarioWithStep(R"({"rowsFile": "nowhere.ndjson"})");
        const std::string path = dir.filePath(QStringLiteral("s.scenario.json")).toStdString();
        const Scenario outline = parseScenarioOutline(missing, path);
        QCOMPARE(outline.steps.size(), size_t(1));
        QCOMPARE(outline.steps[0].rowsFile->text, std::string("nowhere.ndjson"));
        QCOMPARE(errorOf([&] { parseScenario(missing, path); }),
                 QString::fromStdString(path) + QStringLiteral(":5:25: 'rowsFile' \"nowhere.ndjson\": cannot open ")
                     + dir.path() + QStringLiteral("/nowhere.ndjson: No such file or directory"));

        const std::string million = scenarioWithStep(
            R"json({"generate": {"rows": 1000000, "columns": {"accountId": "concat('ACC-', id)", "amount": "id % 100",
                "eventTime": "timestamp_seconds(1772359200 + id)", "n": "id"}}})json");
        const Scenario listed = parseScenarioOutline(million, "m.json");
        QCOMPARE(listed.steps[0].generate->rows, int64_t(1000000));
        QCOMPARE(listed.steps[0].rows.numRows, size_t(0));
        QCOMPARE(parseScenario(million, "m.json").steps[0].rows.numRows, size_t(1000000));
    }

    void outlineKeepsTheReadersLocatedErrors_data()
    {
        addColumns<QString, QString>("step", "message");
        QTest::newRow("unknown key") << QStringLiteral(R"({"rows": [], "quizz": []})")
                                     << QStringLiteral("s.json:5:25: unknown key 'quizz' in a step; valid keys: rows, rowsFile, generate, processingTime, quiz");
        QTest::newRow("rows file out of the folder") << QStringLiteral(R"({"rowsFile": "../x.csv"})")
                                                     << QStringLiteral("s.json:5:25: 'rowsFile' \"../x.csv\" must stay inside the scenario's folder (no '..')");
        QTest::newRow("rows file extension") << QStringLiteral(R"({"rowsFile": "x.json"})")
                                             << QStringLiteral("s.json:5:25: 'rowsFile' \"x.json\" must name a .ndjson, .jsonl or .csv file");
        QTest::newRow("value in a row") << QStringLiteral(R"({"rows": [["a", "1.001", null, 1]]})")
                                        << QStringLiteral("s.json:5:28: column 'amount': value 1.001 does not fit decimal(12,2)");
        QTest::newRow("generate without rows") << QStringLiteral(R"({"generate": {"columns": {}}})")
                                               << QStringLiteral("s.json:5:25: missing required key 'rows' in 'generate'");
    }
    void outlineKeepsTheReadersLocatedErrors()
    {
        QFETCH(QString, step);
        QFETCH(QString, message);
        const std::string text = scenarioWithStep(step.toStdString());
        const QString outlineError = errorOf([&] { parseScenarioOutline(text, "s.json"); });
        QCOMPARE(outlineError, errorOf([&] { parseScenario(text, "s.json"); }));
        QCOMPARE(outlineError, message);
    }
};

QTEST_APPLESS_MAIN(TestScenarioOutline)
#include "tst_scenario_outline.moc"
