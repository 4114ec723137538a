// Predict, then reveal: a lesson's questions (a step's "quiz", scenario.h) answered by the engine
// from a run, a learner's answer graded against that, and the authored choices checked against
// the run (streamstep-cli check). Where a question asks for a fact of the run — the rows a
// trigger writes, the watermark after it, its state rows, the input rows it drops as late — the
// answer is computed, never authored, so a lesson cannot teach a wrong one; each answer comes
// with its explanation in the Why texts (why.h) the CLI prints and the app translates.
#pragma once

#include "streamstep/engine.h"
#include "streamstep/why.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace streamstep {

// A run to answer a scenario's quiz from: every step, with the numbers of every row's fate
// (Run::setExplain) and the result tables. A rejected query has no query and no reports; a query
// that stopped keeps the reports of the batches before it.
struct QuizRun {
    std::shared_ptr<const Query> query;
    std::vector<BatchReport> reports;
    std::optional<Error> error;
};
QuizRun runForQuiz(const Scenario &scenario);

// Whether any step of the scenario has a question.
bool hasQuiz(const Scenario &scenario);

// The engine's answer to one question, computed from the run.
struct QuizAnswer {
    int step = 0;
    int question = 0; // index into the step's quiz
    QuizKind kind = QuizKind::Choice;
    // Empty when the run answers the question; else why not ("the query has no watermark").
    std::string problem;

    // Written and Dropped: the rows to choose from, one flag each for whether it is the answer,
    // and why it is or is not (the engine's Why text of that row). Written: the result table's
    // rows the trigger writes or holds (for a query without aggregation: the step's input rows,
    // written when they pass the query); Dropped: the step's input rows.
    ColumnBatch candidates;
    std::vector<bool> correctRows;
    std::vector<Sentence> rowWhy;
    // Written: the rows the sink gets in this trigger, as its batches hand them over.
    ColumnBatch written;

    // StateRows: the state rows after the trigger. Choice with a counting fact: the fact's value.
    int64_t number = 0;
    // Watermark, and choice with the watermark fact: the watermark after the trigger.
    int64_t watermarkMs = 0;

    // Choice: the options that are right. With a fact, the options that say the run's value
    // (check compares them with the authored answer); without one, the authored answer.
    std::vector<int> correctOptions;
    size_t numOptions = 0;
    bool hasFactValue = false;
    int64_t factValue = 0; // a count, or the watermark in milliseconds

    // The engine's explanation: the Why texts of the trigger's batches that decide the answer.
    std::vector<Sentence> why;
};

// Answers the questions of step `step` from a run's reports (all batches of the run so far,
// including at least those of that step; none of that step when it runs no batch). The reports
// must come from a Run with setExplain(true) for the numbers in the explanations.
std::vector<QuizAnswer> answerStepQuiz(const Query &query, const Scenario &scenario, int step,
                                       const std::vector<BatchReport> &reports);
// Every question of the scenario, step by step.
std::vector<QuizAnswer> answerQuiz(const Query &query, const Scenario &scenario, const std::vector<BatchReport> &reports);

// What a learner answered. Only the member of the question's kind counts.
struct QuizResponse {
    std::vector<size_t> rows;                  // Written, Dropped: the candidates picked
    std::optional<int64_t> number;             // StateRows
    std::optional<int64_t> watermarkMicros;    // Watermark: a timestamp
    std::vector<int> options;                  // Choice: the options picked
};

struct QuizGrade {
    bool answered = false; // the response has the kind's member (rows and options may be empty)
    bool correct = false;
    // Rows or options: the right ones not picked, and the ones picked that are wrong.
    std::vector<size_t> missed;
    std::vector<size_t> wrong;
};

// Grades a response: rows and options as sets (order does not matter), numbers exactly, the
// watermark as a timestamp (to the microsecond). A question the run cannot answer grades as
// not correct.
QuizGrade gradeQuizAnswer(const QuizAnswer &answer, const QuizResponse &response);

// One difference per authored choice whose fact disagrees with the run, and per question the run
// cannot answer ("step 2, question 1 (…): …"). `query` null: the scenario has no run (its query
// is rejected), so only choices without a fact can stand.
std::vector<std::string> checkQuiz(const Scenario &scenario, const Query *query, const std::vector<BatchReport> &reports,
                                   const std::optional<Error> &runError = {});

// The fact's value as the CLI shows it: a number, or the watermark as an ISO timestamp.
std::string quizFactValueText(QuizFact fact, int64_t value);

// The templates of the quiz's own sentences (the others are why.h's), for the app's catalogue.
const std::vector<std::string> &quizSentenceTemplates();

} // namespace streamstep
