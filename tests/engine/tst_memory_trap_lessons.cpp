// Lessons 27a/27b/27c, the complete-mode memory trap at scale: the figures the lessons teach, as the
// engine computes them from the committed data files (scenarios/27-memory-trap/step*.csv) or, for
// 27c, from its generated steps (a million accounts; the same trap as 27a, ten times larger). 27a
// (groupBy accountId, Complete) ends with 100,000 state rows and writes all 100,000 in its last
// trigger; 27b (withWatermark + groupBy window, accountId, Update) holds 25,000 after every
// trigger and writes 25,000. A change to the data, the queries or the engine that moves these
// figures fails here, and so does a lesson whose `expect` no longer says them. Real Spark agrees
// (tst_spark_conformance, STREAMSTEP_SPARK_ONLY=lesson-27). Also: the lessons' 25,000-row steps
// export as JSON-line constants, so the Java replay compiles (RowFactory calls for 25,000
// distinct rows exceed a class's 65,535 constants).
#include "test_columns.h"
#include "streamstep/engine.h"
#include "streamstep/scenario.h"
#include "streamstep/spark_export.h"

#include <QTest>

#include <string_view>

using namespace streamstep;
using streamstep::testing::addColumns;

namespace {

std::string lessonPath(const char *name) { return std::string(STREAMSTEP_SOURCE_DIR "/scenarios/") + name; }

struct StepFigures {
    int64_t stateRows = 0;
    int64_t rowsWritten = 0;
};

// The state rows after each step's last batch and the rows its batches wrote.
std::vector<StepFigures> figuresPerStep(const Scenario &scenario)
{
    std::vector<StepFigures> figures(scenario.steps.size());
    for (const BatchReport &report : runScenario(scenario)) {
        StepFigures &f = figures.at(static_cast<size_t>(report.step));
        f.stateRows = report.stateRows;
        f.rowsWritten += static_cast<int64_t>(report.emitted.numRows);
    }
    return figures;
}

} // namespace

class TestMemoryTrapLessons : public QObject {
    Q_OBJECT

private slots:
    void completeKeepsEveryAccountBoundedKeepsOneWindow_data()
    {
        addColumns<QString, qint64, QList<qint64>, QList<qint64>>("file", "rowsPerStep", "stateRows", "rowsWritten");
        QTest::newRow("27a complete") << QStringLiteral("27a-complete-memory-trap.scenario.json") << qint64(25000)
                                      << QList<qint64>{25000, 50000, 75000, 100000}
                                      << QList<qint64>{25000, 50000, 75000, 100000};
        QTest::newRow("27b update + watermark") << QStringLiteral("27b-bounded-state-watermark.scenario.json") << qint64(25000)
                                                << QList<qint64>{25000, 25000, 25000, 25000}
                                                << QList<qint64>{25000, 25000, 25000, 25000};
        // Four generated steps of 250,000 accounts each: ids 0-249,999, 250,000-499,999, … never meet.
        QTest::newRow("27c complete, generated") << QStringLiteral("27c-million-accounts-generated.scenario.json")
                                                 << qint64(250000) << QList<qint64>{250000, 500000, 750000, 1000000}
                                                 << QList<qint64>{250000, 500000, 750000, 1000000};
    }

    void completeKeepsEveryAccountBoundedKeepsOneWindow()
    {
        QFETCH(QString, file);
        QFETCH(qint64, rowsPerStep);
        QFETCH(QList<qint64>, stateRows);
        QFETCH(QList<qint64>, rowsWritten);
        const Scenario scenario = readScenarioFile(lessonPath(qPrintable(file)));
        QCOMPARE(scenario.steps.size(), size_t(4));
        for (const Step &step : scenario.steps)
            QCOMPARE(step.rows.numRows, size_t(rowsPerStep)); // each from its rowsFile or generate
        const std::vector<StepFigures> figures = figuresPerStep(scenario);
        QCOMPARE(figures.size(), size_t(stateRows.size()));
        for (size_t s = 0; s < figures.size(); ++s) {
            QCOMPARE(figures[s].stateRows, stateRows[int(s)]);
            QCOMPARE(figures[s].rowsWritten, rowsWritten[int(s)]);
        }
        // The lesson's expect says the same figures for every step (check compares them).
        QCOMPARE(scenario.expect.size(), figures.size());
        for (const Expectation &e : scenario.expect) {
            QVERIFY(e.stateRows && e.rowsWritten);
            QCOMPARE(*e.stateRows, stateRows[e.step]);
            QCOMPARE(*e.rowsWritten, rowsWritten[e.step]);
        }
    }

    // The last trigger: Complete holds and writes four times what the bounded query does.
    void theTrapIsFourTimesTheBoundedStateAfterFourTriggers()
    {
        const std::vector<StepFigures> trap = figuresPerStep(readScenarioFile(lessonPath("27a-complete-memory-trap.scenario.json")));
        const std::vector<StepFigures> bounded = figuresPerStep(readScenarioFile(lessonPath("27b-bounded-state-watermark.scenario.json")));
        QCOMPARE(trap.back().stateRows, 4 * bounded.back().stateRows);
        QCOMPARE(trap.back().rowsWritten, 4 * bounded.back().rowsWritten);
    }

    void bigStepsExportAsJsonLineConstants_data()
    {
        QTest::addColumn<int>("language");
        QTest::newRow("java") << int(SparkLanguage::Java);
        QTest::newRow("scala") << int(SparkLanguage::Scala);
    }

    void bigStepsExportAsJsonLineConstants()
    {
        QFETCH(int, language);
        const Scenario scenario = readScenarioFile(lessonPath("27a-complete-memory-trap.scenario.json"));
        SparkExportOptions options;
        options.language = static_cast<SparkLanguage>(language);
        options.replay = true;
        options.programName = "Trap";
        const std::string program = exportSparkProgram(scenario, options);
        QVERIFY(program.find("RowFactory.create(\"ACC-") == std::string::npos);
        QVERIFY(program.find("Row(\"ACC-") == std::string::npos);
        QVERIFY(program.find("jsonRows(Step3Json.") != std::string::npos);
        // One line per row; every string constant fits a class file's 65,535 bytes. The
        // constants are the program's lines that start with a quote.
        size_t lines = 0;
        size_t longest = 0;
        size_t at = 0;
        while (at < program.size()) {
            size_t end = program.find('\n', at);
            if (end == std::string::npos)
                end = program.size();
            const std::string_view line(program.data() + at, end - at);
            const size_t quote = line.find_first_not_of(' ');
            if (quote != std::string_view::npos && line.substr(quote, 3) == "\"{\\") {
                // The constant's bytes: the literal without its quotes and comma, an escape as one.
                size_t bytes = 0;
                for (size_t i = quote + 1; i < line.size() && line[i] != '"'; ++i, ++bytes)
                    if (line[i] == '\\')
                        ++i;
                longest = std::max(longest, bytes);
                for (size_t n = line.find("}\\n"); n != std::string_view::npos; n = line.find("}\\n", n + 3))
                    ++lines;
            }
            at = end + 1;
        }
        QCOMPARE(lines, size_t(100000));
        QVERIFY2(longest < 65535, qPrintable(QString::number(longest)));
        // The row as Spark's JSON reader takes it (an exact decimal, a timestamp with microseconds).
        QVERIFY(program.find("{\\\"accountId\\\": \\\"ACC-03084\\\", "
                             "\\\"amount\\\": 2445.49, \\\"eventTime\\\": \\\"2026-03-01 10:00:00.000000\\\"}\\n")
                != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestMemoryTrapLessons)
#include "tst_memory_trap_lessons.moc"
