// Predict, then reveal (streamstep/quiz.h): a step's "quiz" is read with FILE:LINE:COL errors and
// written back; the engine answers each question from the run — asserted against the lessons'
// own data (the watermark after a trigger, the windows it writes, the rows it drops, its state
// rows, its batches) —, grades a learner's answer (rows as a set, numbers exactly, the watermark
// as a timestamp) and check rejects an authored choice the run contradicts.
#include "test_columns.h"
#include "streamstep/quiz.h"
#include "streamstep/scenario.h"
#include "streamstep/scenario_check.h"
#include "streamstep/value_format.h"

#include <QTest>

#include <algorithm>
#include <set>

using namespace streamstep;
using streamstep::testing::addColumns;

namespace {

std::string lessonPath(const char *name)
{
    return std::string(STREAMSTEP_SOURCE_DIR "/scenarios/") + name;
}

int64_t at(const char *time)
{
    return *parseTimestamp(std::string("2026-03-01 ") + time) / 1000; // ms
}

// The rows of a batch the answer marks, as JSON text.
std::set<std::string> marked(const QuizAnswer &a)
{
    std::set<std::string> out;
    for (size_t r = 0; r < a.candidates.numRows; ++r)
        if (a.correctRows[r])
            out.insert(rowToJson(a.candidates, r));
    return out;
}

std::string whyText(const std::vector<Sentence> &sentences)
{
    std::string text;
    for (const Sentence &s : sentences)
        text += s.text() + " ";
    return text;
}

// A small windowed lesson: a quiz can be added to its second step.
std::string windowedScenario(const std::string &quiz, const std::string &query = "")
{
    return R"Q({
  "format": "streamstep-scenario",
  "version": 1,
  "source": {"name": "clicks", "schema": [{"name": "page", "type": "string"}, {"name": "at", "type": "timestamp"}]},
  "query": )Q" + (query.empty() ? std::string(R"Q([
    {"op": "withWatermark", "column": "at", "delay": "5 minutes"},
    {"op": "groupBy", "keys": ["window(at, '10 minutes')", "page"], "aggs": ["count(*) AS clicks"]}
  ])Q") : query) + R"Q(,
  "outputMode": "append",
  "sink": {"format": "console"},
  "steps": [
    {"rows": [["home", "2026-03-01 10:01:00"], ["cart", "2026-03-01 10:04:00"]]},
    {"rows": [["home", "2026-03-01 10:16:00"], ["home", "2026-03-01 10:03:00"]],
     "quiz": )Q" + quiz + R"Q(}
  ]
})Q";
}

QString readError(const std::string &text)
{
    try {
        parseScenario(text, "q.scenario.json");
    } catch (const Error &e) {
        return QString::fromStdString(e.message());
    }
    return QString();
}

} // namespace

class TestQuiz : public QObject {
    Q_OBJECT

private slots:
    void readsAQuizAndWritesItBack()
    {
        const Scenario s = readScenarioFile(lessonPath("04-windowed-totals-append.scenario.json"));
        QCOMPARE(s.steps[0].quiz.size(), size_t(0));
        QCOMPARE(s.steps[1].quiz.size(), size_t(3));
        QCOMPARE(s.steps[1].quiz[0].kind, QuizKind::Watermark);
        QCOMPARE(s.steps[1].quiz[1].kind, QuizKind::Written);
        const QuizQuestion &batches = s.steps[1].quiz[2];
        QCOMPARE(batches.kind, QuizKind::Choice);
        QCOMPARE(batches.fact, QuizFact::Batches);
        QCOMPARE(batches.options, (std::vector<std::string>{"1", "2"}));
        QCOMPARE(batches.answer, std::vector<int>{1});
        QVERIFY(!batches.multipleAnswers);
        QVERIFY(batches.promptDe.starts_with("Wie viele"));
        QVERIFY(!batches.explain.empty() && !batches.explainDe.empty());
        // Written back, the quiz reads the same; writing is stable.
        const std::string written = writeScenario(s);
        const Scenario again = parseScenario(written);
        QCOMPARE(writeScenario(again), written);
        QCOMPARE(again.steps[3].quiz.size(), size_t(2));
        QCOMPARE(again.steps[3].quiz[0].options[1], std::string("2026-03-01 10:11:00"));
        QCOMPARE(again.steps[3].quiz[0].fact, QuizFact::Watermark);
        // Several right options stay an array.
        const Scenario multi = parseScenario(windowedScenario(
            R"Q([{"kind": "choice", "prompt": "Which?", "options": ["a", "b", "c"], "answer": [2, 0]}])Q"));
        QVERIFY(multi.steps[1].quiz[0].multipleAnswers);
        QCOMPARE(multi.steps[1].quiz[0].answer, (std::vector<int>{0, 2}));
        QVERIFY(writeScenario(multi).find(R"Q("answer": [0, 2])Q") != std::string::npos);
    }

    void malformedQuestionsAreErrorsAtTheirPlace_data()
    {
        addColumns<QString, QString>("quiz", "message");
        QTest::newRow("not an array") << R"Q({"kind": "written"})Q" << "q.scenario.json:14:14: 'quiz' must be an array";
        QTest::newRow("no kind") << R"Q([{"prompt": "?"}])Q" << "q.scenario.json:14:15: missing required key 'kind' in a quiz question";
        QTest::newRow("unknown kind") << R"Q([{"kind": "guess", "prompt": "?"}])Q"
                                      << "q.scenario.json:14:24: unknown quiz kind 'guess'; valid kinds: written, watermark, "
                                         "stateRows, dropped, choice";
        QTest::newRow("answer on a fact kind")
            << R"Q([{"kind": "watermark", "prompt": "?", "answer": 0}])Q"
            << "q.scenario.json:14:52: 'answer' does not belong in a 'watermark' question: the engine computes its answer "
               "from the run (only a 'choice' question has options and an answer)";
        QTest::newRow("unknown key") << R"Q([{"kind": "stateRows", "prompt": "?", "hint": "x"}])Q"
                                     << "q.scenario.json:14:52: unknown key 'hint' in a 'stateRows' question; valid keys: "
                                        "kind, prompt, prompt_de, explain, explain_de";
        QTest::newRow("empty prompt") << R"Q([{"kind": "written", "prompt": " "}])Q"
                                      << "q.scenario.json:14:45: 'prompt' must not be empty";
        QTest::newRow("one option") << R"Q([{"kind": "choice", "prompt": "?", "options": ["a"], "answer": 0}])Q"
                                    << "q.scenario.json:14:60: 'options' must list at least two choices";
        QTest::newRow("answer out of range")
            << R"Q([{"kind": "choice", "prompt": "?", "options": ["a", "b"], "answer": 2}])Q"
            << "q.scenario.json:14:82: 'answer' must be an option index from 0 to 1";
        QTest::newRow("answer twice")
            << R"Q([{"kind": "choice", "prompt": "?", "options": ["a", "b"], "answer": [1, 1]}])Q"
            << "q.scenario.json:14:86: option 1 is marked twice in 'answer'";
        QTest::newRow("options_de short")
            << R"Q([{"kind": "choice", "prompt": "?", "options": ["a", "b"], "options_de": ["a"], "answer": 0}])Q"
            << "q.scenario.json:14:86: 'options_de' has 1 choices but 'options' has 2: translate every option, in the same order";
        QTest::newRow("unknown fact")
            << R"Q([{"kind": "choice", "prompt": "?", "options": ["1", "2"], "answer": 0, "fact": "rows"}])Q"
            << "q.scenario.json:14:93: unknown quiz fact 'rows'; valid facts: rowsWritten, stateRows, rowsDropped, "
               "droppedByWatermark, watermark, batches";
        QTest::newRow("option without a number")
            << R"Q([{"kind": "choice", "prompt": "?", "options": ["two", "2"], "answer": 1, "fact": "rowsWritten"}])Q"
            << "q.scenario.json:14:61: option 0 \"two\" must be a whole number first (\"2\" or \"2 rows\"): the fact "
               "'rowsWritten' decides this question";
        QTest::newRow("option without a timestamp")
            << R"Q([{"kind": "choice", "prompt": "?", "options": ["10:05", "2026-03-01 10:05:00"], "answer": 1, "fact": "watermark"}])Q"
            << "q.scenario.json:14:61: option 0 \"10:05\" must be a timestamp (\"2026-03-01 10:07:30\"): the fact "
               "'watermark' decides this question";
    }

    void malformedQuestionsAreErrorsAtTheirPlace()
    {
        QFETCH(QString, quiz);
        QFETCH(QString, message);
        QCOMPARE(readError(windowedScenario(quiz.toStdString())), message);
    }

    void answersLesson04FromTheRun()
    {
        const Scenario s = readScenarioFile(lessonPath("04-windowed-totals-append.scenario.json"));
        const QuizRun run = runForQuiz(s);
        QVERIFY(run.query && !run.error);
        const std::vector<QuizAnswer> answers = answerQuiz(*run.query, s, run.reports);
        QCOMPARE(answers.size(), size_t(7));

        // Trigger 1: max event time 10:17:30 − 10 minutes.
        const QuizAnswer &watermark = answers[0];
        QCOMPARE(watermark.step, 1);
        QVERIFY(watermark.problem.empty());
        QCOMPARE(watermark.watermarkMs, at("10:07:30"));
        QVERIFY2(whyText(watermark.why).find("10:17:30 − 10 minutes = 10:07:30") != std::string::npos, whyText(watermark.why).c_str());

        // Its no-data batch writes the two [10:00, 10:05) windows; the others are held.
        const QuizAnswer &written = answers[1];
        QCOMPARE(written.kind, QuizKind::Written);
        const std::set<std::string> expected = {
            R"Q({"window": {"start": "2026-03-01T10:00:00.000Z", "end": "2026-03-01T10:05:00.000Z"}, "accountId": "ACC-0001", "total": 150000.00})Q",
            R"Q({"window": {"start": "2026-03-01T10:00:00.000Z", "end": "2026-03-01T10:05:00.000Z"}, "accountId": "ACC-0002", "total": 50000.50})Q"};
        QCOMPARE(marked(written), expected);
        QCOMPARE(written.written.numRows, size_t(2));
        QVERIFY(written.candidates.numRows > 2); // the windows still held are candidates too
        QCOMPARE(written.rowWhy.size(), written.candidates.numRows);
        for (size_t r = 0; r < written.candidates.numRows; ++r) {
            const std::string why = written.rowWhy[r].text();
            QVERIFY2(written.correctRows[r] ? why.starts_with("written in append mode") : why.starts_with("held"), why.c_str());
        }

        // Two micro-batches: the data batch, and the no-data batch the moved watermark asks for.
        const QuizAnswer &batches = answers[2];
        QVERIFY(batches.hasFactValue);
        QCOMPARE(batches.factValue, int64_t(2));
        QCOMPARE(batches.correctOptions, std::vector<int>{1});
        QVERIFY(whyText(batches.why).find("no-data batch") != std::string::npos);

        // Trigger 2: the rows at 10:02:00, 10:04:59 and 10:03:00 fall in [10:00, 10:05), closed.
        const QuizAnswer &dropped = answers[3];
        QCOMPARE(dropped.step, 2);
        QCOMPARE(dropped.candidates.numRows, size_t(5));
        QCOMPARE(dropped.correctRows, (std::vector<bool>{true, false, true, true, false}));
        QVERIFY(dropped.rowWhy[0].text().starts_with("dropped as late: its window [10:00, 10:05) ends at or before the watermark 10:07:30"));
        QVERIFY(dropped.rowWhy[1].text().starts_with("processed: counted in window [10:05, 10:10)"));
        // …while Spark's counter says 2: one per late window and account.
        QCOMPARE(answers[4].factValue, int64_t(2));
        QCOMPARE(answers[4].correctOptions, std::vector<int>{1});
        QVERIFY(whyText(answers[4].why).find("numRowsDroppedByWatermark says 2") != std::string::npos);

        // Trigger 3: 10:19:00 − 10 minutes is not later than 10:11:00.
        QCOMPARE(answers[5].step, 3);
        QCOMPARE(answers[5].factValue, at("10:11:00"));
        QCOMPARE(answers[5].correctOptions, std::vector<int>{1});
        QVERIFY(whyText(answers[5].why).find("is not later, so it stays 10:11") != std::string::npos);
        QCOMPARE(answers[6].kind, QuizKind::StateRows);
        QCOMPARE(answers[6].number, int64_t(4));
        QVERIFY(whyText(answers[6].why).find("4 rows remain in state") != std::string::npos);
    }

    void answersCompleteUpdateAndStatelessLessons()
    {
        // Complete mode writes the whole table: every candidate, three rows, three state rows.
        {
            const Scenario s = readScenarioFile(lessonPath("02-branch-totals-complete.scenario.json"));
            const QuizRun run = runForQuiz(s);
            const std::vector<QuizAnswer> a = answerStepQuiz(*run.query, s, 1, run.reports);
            QCOMPARE(a.size(), size_t(3));
            QCOMPARE(a[0].candidates.numRows, size_t(3));
            QCOMPARE(a[0].correctRows, (std::vector<bool>{true, true, true}));
            QVERIFY(marked(a[0]).count(R"Q({"branchCode": "MUMBAI", "totalAmount": 750000.00})Q"));
            QCOMPARE(a[1].factValue, int64_t(3));
            QCOMPARE(a[2].number, int64_t(3));
        }
        // A trigger without rows runs no batch: the state keeps its 30 rows.
        {
            const Scenario s = readScenarioFile(lessonPath("07-account-counts-postgres.scenario.json"));
            const QuizRun run = runForQuiz(s);
            const std::vector<QuizAnswer> a = answerStepQuiz(*run.query, s, 2, run.reports);
            QCOMPARE(a[0].factValue, int64_t(0));
            QCOMPARE(a[0].correctOptions, std::vector<int>{0});
            QCOMPARE(whyText(a[0].why), std::string("No batch runs in this trigger: no row arrived and no stateful operator needed a no-data batch. "));
            QCOMPARE(a[1].number, int64_t(30));
            QCOMPARE(whyText(a[1].why), std::string("No batch runs in this trigger, so the state keeps its 30 rows. "));
        }
        // Without aggregation the candidates are the arriving rows: those passing the filter are written.
        {
            const Scenario s = parseScenario(windowedScenario(
                R"Q([{"kind": "written", "prompt": "Which rows are written?"}, {"kind": "watermark", "prompt": "?"}])Q",
                R"Q([{"op": "filter", "condition": "page = 'home'"}])Q"));
            const QuizRun run = runForQuiz(s);
            const std::vector<QuizAnswer> a = answerStepQuiz(*run.query, s, 1, run.reports);
            QCOMPARE(a[0].candidates.numRows, size_t(2));
            QCOMPARE(a[0].correctRows, (std::vector<bool>{true, true}));
            QCOMPARE(a[0].written.numRows, size_t(2));
            QVERIFY(a[0].rowWhy[0].text().starts_with("written: a query without aggregation"));
            QCOMPARE(a[1].problem, std::string("the query has no watermark, so a 'watermark' question has no answer"));
        }
    }

    void gradesAnswers()
    {
        const Scenario s = readScenarioFile(lessonPath("04-windowed-totals-append.scenario.json"));
        const QuizRun run = runForQuiz(s);
        const std::vector<QuizAnswer> answers = answerQuiz(*run.query, s, run.reports);
        const QuizAnswer &written = answers[1];
        std::vector<size_t> right;
        std::vector<size_t> wrong;
        for (size_t r = 0; r < written.correctRows.size(); ++r)
            (written.correctRows[r] ? right : wrong).push_back(r);
        // Rows are a set: any order, a row ticked twice is the same row.
        QuizResponse rows;
        rows.rows = {right[1], right[0], right[1]};
        QVERIFY(gradeQuizAnswer(written, rows).correct);
        rows.rows = {right[0], wrong[0]};
        const QuizGrade partial = gradeQuizAnswer(written, rows);
        QVERIFY(partial.answered && !partial.correct);
        QCOMPARE(partial.missed, std::vector<size_t>{right[1]});
        QCOMPARE(partial.wrong, std::vector<size_t>{wrong[0]});
        rows.rows = {};
        QCOMPARE(gradeQuizAnswer(written, rows).missed.size(), size_t(2));

        // The watermark as a timestamp, to the microsecond.
        QuizResponse time;
        QVERIFY(!gradeQuizAnswer(answers[0], time).answered);
        time.watermarkMicros = at("10:07:30") * 1000;
        QVERIFY(gradeQuizAnswer(answers[0], time).correct);
        time.watermarkMicros = at("10:07:30") * 1000 + 1;
        QVERIFY(!gradeQuizAnswer(answers[0], time).correct);
        time.watermarkMicros = at("10:17:30") * 1000; // the max event time, not the watermark
        QVERIFY(!gradeQuizAnswer(answers[0], time).correct);

        // Numbers exactly.
        QuizResponse number;
        number.number = 4;
        QVERIFY(gradeQuizAnswer(answers[6], number).correct);
        number.number = 3;
        QVERIFY(!gradeQuizAnswer(answers[6], number).correct);

        // A choice: the option that says the run's value.
        QuizResponse option;
        option.options = {1};
        QVERIFY(gradeQuizAnswer(answers[2], option).correct);
        option.options = {0};
        QCOMPARE(gradeQuizAnswer(answers[2], option).wrong, std::vector<size_t>{0});
        option.options = {0, 1};
        QVERIFY(!gradeQuizAnswer(answers[2], option).correct);
        option.options = {};
        QVERIFY(!gradeQuizAnswer(answers[2], option).answered);
        // Several right options: all of them, nothing else.
        const Scenario multi = parseScenario(windowedScenario(
            R"Q([{"kind": "choice", "prompt": "Which?", "options": ["a", "b", "c"], "answer": [0, 2]}])Q"));
        const QuizRun multiRun = runForQuiz(multi);
        const QuizAnswer many = answerStepQuiz(*multiRun.query, multi, 1, multiRun.reports)[0];
        option.options = {2, 0};
        QVERIFY(gradeQuizAnswer(many, option).correct);
        option.options = {2};
        QCOMPARE(gradeQuizAnswer(many, option).missed, std::vector<size_t>{0});
    }

    void checkRejectsAWrongAuthoredChoice()
    {
        // The bundled lessons' choices agree with the run.
        for (const char *name : {"01-high-value-filter.scenario.json", "02-branch-totals-complete.scenario.json",
                                 "04-windowed-totals-append.scenario.json", "07-account-counts-postgres.scenario.json"}) {
            const CheckResult result = checkScenario(readScenarioFile(lessonPath(name)));
            QVERIFY2(result.passed, (std::string(name) + ": " + (result.differences.empty() ? "" : result.differences[0])).c_str());
        }
        // Trigger 1's no-data batch writes the two [10:00, 10:10) windows: the marked "0 rows" is wrong.
        const Scenario wrong = parseScenario(windowedScenario(
            R"Q([{"kind": "choice", "prompt": "How many rows does trigger 1 write?", "options": ["0 rows", "2 rows"], "answer": 0, "fact": "rowsWritten"},
                {"kind": "choice", "prompt": "Watermark after?", "options": ["2026-03-01 10:11:00", "2026-03-01 10:16:00"], "answer": 0, "fact": "watermark"},
                {"kind": "choice", "prompt": "Batches?", "options": ["1", "3"], "answer": 0, "fact": "batches"}])Q"));
        const CheckResult result = checkScenario(wrong);
        QVERIFY(!result.passed);
        QCOMPARE(result.exitCode, 4);
        QCOMPARE(result.differences.size(), size_t(2));
        QCOMPARE(result.differences[0],
                 std::string("step 1, question 0 (\"How many rows does trigger 1 write?\"): the answer marks option 0 \"0 rows\", "
                             "but the run writes 2 rows in this trigger: option 1 \"2 rows\" is right"));
        QCOMPARE(result.differences[1],
                 std::string("step 1, question 2 (\"Batches?\"): the answer marks option 0 \"1\", but this trigger runs 2 "
                             "micro-batches, and no option says so"));
        // A watermark question on a query without one, and fact questions on a rejected query.
        const Scenario noWatermark = parseScenario(windowedScenario(
            R"Q([{"kind": "watermark", "prompt": "Watermark?"}])Q", R"Q([{"op": "filter", "condition": "page = 'home'"}])Q"));
        QCOMPARE(checkScenario(noWatermark).differences,
                 std::vector<std::string>{"step 1, question 0 (\"Watermark?\"): the query has no watermark, so a 'watermark' "
                                          "question has no answer"});
        const Scenario rejected = parseScenario(windowedScenario(
            R"Q([{"kind": "stateRows", "prompt": "State?"}, {"kind": "choice", "prompt": "Accepted?", "options": ["yes", "no"], "answer": 1}])Q",
            R"Q([{"op": "groupBy", "keys": ["page"], "aggs": ["count(*) AS n"]}])Q"));
        const CheckResult rejectedResult = checkScenario(rejected);
        QCOMPARE(rejectedResult.exitCode, 2); // the run fails as no expectError says it may
        Scenario expectedFailure = rejected;
        expectedFailure.expectError = ExpectError{2, {"Append output mode not supported"}};
        const CheckResult failure = checkScenario(expectedFailure);
        QCOMPARE(failure.differences.size(), size_t(1));
        QVERIFY(failure.differences[0].starts_with("step 1, question 0 (\"State?\"): a 'stateRows' question is answered from "
                                                   "the run, but the query is rejected: AnalysisException: Append output mode"));
    }
};

QTEST_APPLESS_MAIN(TestQuiz)
#include "tst_quiz.moc"
