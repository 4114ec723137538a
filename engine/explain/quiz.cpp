#include "streamstep/quiz.h"

#include "streamstep/display_order.h"
#include "streamstep/scenario_check.h"
#include "streamstep/time_math.h"
#include "streamstep/value_format.h"

#include <algorithm>
#include <functional>
#include <set>

namespace streamstep {

namespace {

// ---- the quiz's own sentences (quizSentenceTemplates lists them, for the app's catalogue) ----
constexpr const char *kNoBatch =
    "No batch runs in this trigger: no row arrived and no stateful operator needed a no-data batch.";
constexpr const char *kNoBatchWatermark = "No batch runs in this trigger, so the watermark stays %1.";
constexpr const char *kNoBatchState =
    "No batch runs in this trigger, so the state keeps its %n row.|No batch runs in this trigger, so the state keeps "
    "its %n rows.";
constexpr const char *kNoneDropped = "No row of this trigger is dropped as late.";
constexpr const char *kBatches = "This trigger runs %n micro-batch.|This trigger runs %n micro-batches.";
constexpr const char *kWrittenRow = "written in this trigger";

Sentence make(const char *templ, std::vector<std::string> args = {}, int64_t count = -1)
{
    return Sentence{templ, std::move(args), count};
}

// The batches of one trigger and what came before them.
struct Trigger {
    std::vector<size_t> batches;        // indices into the reports, in order
    const BatchReport *before = nullptr; // the run's last batch before the trigger
    const BatchReport *data = nullptr;   // the trigger's data batch

    const BatchReport *previousOf(const std::vector<BatchReport> &reports, size_t index) const
    {
        return index > 0 ? &reports[index - 1] : nullptr;
    }
};

Trigger triggerOf(const std::vector<BatchReport> &reports, int step)
{
    Trigger t;
    for (size_t i = 0; i < reports.size(); ++i) {
        if (reports[i].step < step)
            t.before = &reports[i];
        else if (reports[i].step == step) {
            t.batches.push_back(i);
            if (!reports[i].noData && !t.data)
                t.data = &reports[i];
        }
    }
    return t;
}

// The sentences of the trigger's batch narratives about one topic (data batches only when asked).
std::vector<Sentence> narrativeAbout(const Query &query, const std::vector<BatchReport> &reports, const Trigger &t,
                                     NarrativeTopic topic, bool dataBatchesOnly = false)
{
    std::vector<Sentence> out;
    for (size_t i : t.batches) {
        if (dataBatchesOnly && reports[i].noData)
            continue;
        for (Sentence &s : batchNarrative(query, reports[i], t.previousOf(reports, i)))
            if (narrativeTopic(s) == topic)
                out.push_back(std::move(s));
    }
    return out;
}

int64_t watermarkAfter(const std::vector<BatchReport> &reports, const Trigger &t)
{
    if (!t.batches.empty())
        return reports[t.batches.back()].nextWatermarkMs;
    return t.before ? t.before->nextWatermarkMs : 0;
}

int64_t stateRowsAfter(const std::vector<BatchReport> &reports, const Trigger &t)
{
    if (!t.batches.empty())
        return reports[t.batches.back()].stateRows;
    return t.before ? t.before->stateRows : 0;
}

std::vector<Sentence> watermarkWhy(const Query &query, const std::vector<BatchReport> &reports, const Trigger &t)
{
    if (t.batches.empty())
        return {make(kNoBatchWatermark, {timeOfDayText(watermarkAfter(reports, t) * kMicrosPerMilli)})};
    return narrativeAbout(query, reports, t, NarrativeTopic::Watermark, true);
}

std::vector<Sentence> stateWhy(const Query &query, const std::vector<BatchReport> &reports, const Trigger &t)
{
    if (t.batches.empty())
        return {make(kNoBatchState, {}, stateRowsAfter(reports, t))};
    const size_t last = t.batches.back();
    std::vector<Sentence> out;
    for (Sentence &s : batchNarrative(query, reports[last], t.previousOf(reports, last)))
        if (narrativeTopic(s) == NarrativeTopic::State)
            out.push_back(std::move(s));
    return out;
}

std::vector<Sentence> droppedWhy(const Query &query, const std::vector<BatchReport> &reports, const Trigger &t)
{
    if (t.batches.empty())
        return {make(kNoBatch)};
    std::vector<Sentence> out = narrativeAbout(query, reports, t, NarrativeTopic::Dropped, true);
    if (out.empty())
        out.push_back(make(kNoneDropped));
    return out;
}

std::vector<Sentence> writtenWhy(const Query &query, const std::vector<BatchReport> &reports, const Trigger &t)
{
    if (t.batches.empty())
        return {make(kNoBatch)};
    // The batches that wrote rows say why; when none did, the last says why not.
    std::vector<Sentence> all = narrativeAbout(query, reports, t, NarrativeTopic::Written);
    std::vector<Sentence> out;
    for (Sentence &s : all)
        if (s.count != 0)
            out.push_back(std::move(s));
    if (out.empty() && !all.empty())
        out.push_back(std::move(all.back()));
    return out;
}

// The rows the sink gets in the trigger, batch after batch.
ColumnBatch writtenRows(const Query &query, const std::vector<BatchReport> &reports, const Trigger &t)
{
    ColumnBatch out = ColumnBatch::empty(query.resultSchema());
    for (size_t i : t.batches) {
        const ColumnBatch &emitted = reports[i].emitted;
        if (out.columns.size() != emitted.columns.size())
            out = ColumnBatch::empty(emitted.schema);
        for (uint32_t r : emittedDisplayOrder(reports[i]))
            out.appendRow(emitted.row(r));
    }
    return out;
}

int findRow(const ColumnBatch &batch, const std::string &text, const std::vector<ResultRowStatus> *statuses = nullptr)
{
    for (size_t r = 0; r < batch.numRows; ++r) {
        if (statuses && r < statuses->size() && (*statuses)[r] == ResultRowStatus::Evicted)
            continue;
        if (rowToJson(batch, r) == text)
            return static_cast<int>(r);
    }
    return -1;
}

void answerWritten(const Query &query, const Scenario &scenario, int step, const std::vector<BatchReport> &reports,
                   const Trigger &t, QuizAnswer &a)
{
    a.written = writtenRows(query, reports, t);
    a.why = writtenWhy(query, reports, t);
    const bool hasTables = std::any_of(t.batches.begin(), t.batches.end(), [&](size_t i) { return reports[i].hasResultTable; })
        || (t.batches.empty() && t.before && t.before->hasResultTable);
    if (!query.isAggregating() || !hasTables) {
        // No result table of its own: every input row that passes the query is written.
        if (t.data) {
            a.candidates = t.data->input;
            for (size_t r = 0; r < t.data->input.numRows; ++r) {
                const InputRowFate fate = r < t.data->inputFates.size() ? t.data->inputFates[r] : InputRowFate::Processed;
                a.correctRows.push_back(fate == InputRowFate::Processed || fate == InputRowFate::LateButKept);
                a.rowWhy.push_back(whyInputRow(query, *t.data, r));
            }
        } else {
            a.candidates = scenario.steps[size_t(step)].rows;
            a.correctRows.assign(a.candidates.numRows, false);
            a.rowWhy.assign(a.candidates.numRows, make(kNoBatch));
        }
        return;
    }
    // The result table's rows the trigger touches or holds: each group as it stands after it
    // (a group evicted in this trigger as it left), and anything written besides.
    std::set<std::string> written;
    for (size_t r = 0; r < a.written.numRows; ++r)
        written.insert(rowToJson(a.written, r));
    std::vector<std::string> texts;
    std::set<std::string> seen;
    auto add = [&](const ColumnBatch &batch, size_t row) {
        std::string text = rowToJson(batch, row);
        if (!seen.insert(text).second)
            return;
        if (a.candidates.columns.empty())
            a.candidates = ColumnBatch::empty(batch.schema);
        a.candidates.appendRow(batch.row(row));
        texts.push_back(std::move(text));
    };
    if (t.batches.empty()) {
        for (size_t r = 0; r < t.before->resultTable.numRows; ++r) {
            const ResultRowStatus status = t.before->resultStatuses[r];
            if (status != ResultRowStatus::Evicted && status != ResultRowStatus::Final)
                add(t.before->resultTable, r);
        }
    } else {
        for (size_t i : t.batches) {
            const BatchReport &b = reports[i];
            for (size_t r = 0; r < b.resultTable.numRows; ++r)
                if (r >= b.resultStatuses.size() || b.resultStatuses[r] != ResultRowStatus::Evicted)
                    add(b.resultTable, r);
        }
        for (size_t r = 0; r < a.written.numRows; ++r)
            add(a.written, r);
    }
    if (a.candidates.columns.empty())
        a.candidates = ColumnBatch::empty(query.resultSchema());
    for (const std::string &text : texts) {
        const bool isWritten = written.count(text) > 0;
        a.correctRows.push_back(isWritten);
        if (t.batches.empty()) {
            a.rowWhy.push_back(make(kNoBatch));
            continue;
        }
        // Explained by the batch that wrote it, else by the trigger's last batch that holds it.
        std::optional<size_t> decider;
        for (size_t i : t.batches)
            if (isWritten && !decider && findRow(reports[i].emitted, text) >= 0)
                decider = i;
        if (!decider)
            for (size_t i : t.batches)
                if (findRow(reports[i].resultTable, text, &reports[i].resultStatuses) >= 0)
                    decider = i;
        const int row = decider ? findRow(reports[*decider].resultTable, text, &reports[*decider].resultStatuses) : -1;
        if (row < 0)
            a.rowWhy.push_back(make(kWrittenRow));
        else
            a.rowWhy.push_back(whyResultRow(query, reports[*decider], t.previousOf(reports, *decider), size_t(row)));
    }
}

void answerDropped(const Query &query, const Scenario &scenario, int step, const std::vector<BatchReport> &reports,
                   const Trigger &t, QuizAnswer &a)
{
    a.why = droppedWhy(query, reports, t);
    if (!t.data) {
        a.candidates = scenario.steps[size_t(step)].rows;
        a.correctRows.assign(a.candidates.numRows, false);
        a.rowWhy.assign(a.candidates.numRows, make(kNoBatch));
        return;
    }
    a.candidates = t.data->input;
    for (size_t r = 0; r < t.data->input.numRows; ++r) {
        a.correctRows.push_back(r < t.data->inputFates.size() && t.data->inputFates[r] == InputRowFate::DroppedByWatermark);
        a.rowWhy.push_back(whyInputRow(query, *t.data, r));
    }
}

void answerChoice(const Query &query, const QuizQuestion &q, const std::vector<BatchReport> &reports, const Trigger &t,
                  QuizAnswer &a)
{
    a.numOptions = q.options.size();
    if (q.fact == QuizFact::None) {
        a.correctOptions = q.answer;
        return;
    }
    int64_t value = 0;
    switch (q.fact) {
    case QuizFact::None: break;
    case QuizFact::RowsWritten:
        for (size_t i : t.batches)
            value += reports[i].numOutputRows;
        a.why = writtenWhy(query, reports, t);
        break;
    case QuizFact::StateRows:
        value = stateRowsAfter(reports, t);
        a.why = stateWhy(query, reports, t);
        break;
    case QuizFact::RowsDropped:
        if (t.data)
            value = std::count(t.data->inputFates.begin(), t.data->inputFates.end(), InputRowFate::DroppedByWatermark);
        a.why = droppedWhy(query, reports, t);
        break;
    case QuizFact::DroppedByWatermark:
        for (size_t i : t.batches)
            value += reports[i].numRowsDroppedByWatermark;
        a.why = droppedWhy(query, reports, t);
        break;
    case QuizFact::Watermark:
        if (!query.hasWatermark()) {
            a.problem = "the query has no watermark, so the fact 'watermark' has no value";
            return;
        }
        value = watermarkAfter(reports, t);
        a.watermarkMs = value;
        a.why = watermarkWhy(query, reports, t);
        break;
    case QuizFact::Batches:
        value = static_cast<int64_t>(t.batches.size());
        if (t.batches.empty()) {
            a.why = {make(kNoBatch)};
        } else {
            a.why = {make(kBatches, {}, value)};
            for (Sentence &s : narrativeAbout(query, reports, t, NarrativeTopic::NoDataBatch))
                a.why.push_back(std::move(s));
        }
        break;
    }
    a.hasFactValue = true;
    a.factValue = value;
    if (q.fact != QuizFact::Watermark)
        a.number = value;
    for (size_t i = 0; i < q.options.size(); ++i)
        if (quizOptionValue(q.fact, q.options[i]) == value)
            a.correctOptions.push_back(static_cast<int>(i));
}

std::string shownPrompt(const std::string &prompt)
{
    constexpr size_t kMax = 80;
    std::string text = prompt.size() > kMax ? prompt.substr(0, kMax) + "…" : prompt;
    return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string optionsText(const QuizQuestion &q, const std::vector<int> &indices)
{
    std::string out = indices.size() == 1 ? "option " : "options ";
    for (size_t i = 0; i < indices.size(); ++i) {
        out += i == 0 ? "" : (i + 1 == indices.size() ? " and " : ", ");
        const int index = indices[i];
        out += std::to_string(index) + " " + shownPrompt(index < int(q.options.size()) ? q.options[size_t(index)] : "?");
    }
    return out;
}

std::string plural(int64_t n, const char *one, const char *many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// What the run says, in words for a check message.
std::string factSentence(QuizFact fact, int64_t value)
{
    switch (fact) {
    case QuizFact::RowsWritten: return "the run writes " + plural(value, "row", "rows") + " in this trigger";
    case QuizFact::StateRows: return "the run keeps " + plural(value, "state row", "state rows") + " after this trigger";
    case QuizFact::RowsDropped:
        return "the run drops " + plural(value, "input row", "input rows") + " of this trigger as late";
    case QuizFact::DroppedByWatermark:
        return "Spark's numRowsDroppedByWatermark for this trigger is " + std::to_string(value);
    case QuizFact::Watermark: return "the watermark after this trigger is " + formatTimestamp(value * kMicrosPerMilli);
    case QuizFact::Batches: return "this trigger runs " + plural(value, "micro-batch", "micro-batches");
    case QuizFact::None: break;
    }
    return "";
}

} // namespace

QuizRun runForQuiz(const Scenario &scenario)
{
    QuizRun out;
    try {
        out.query = Query::compile(scenario);
        Run run(out.query);
        run.setExplain(true);
        const std::vector<int64_t> triggerTimes = triggerTimesMicros(scenario.steps);
        for (size_t i = 0; i < scenario.steps.size(); ++i) {
            std::vector<BatchReport> batch = run.step(scenario.steps[i].rows, static_cast<int>(i), triggerTimes[i]);
            out.reports.insert(out.reports.end(), std::make_move_iterator(batch.begin()),
                               std::make_move_iterator(batch.end()));
            if (run.failure())
                throw *run.failure();
        }
    } catch (const Error &e) {
        out.error = e;
    }
    return out;
}

bool hasQuiz(const Scenario &scenario)
{
    return std::any_of(scenario.steps.begin(), scenario.steps.end(), [](const Step &s) { return !s.quiz.empty(); });
}

std::vector<QuizAnswer> answerStepQuiz(const Query &query, const Scenario &scenario, int step,
                                       const std::vector<BatchReport> &reports)
{
    std::vector<QuizAnswer> out;
    if (step < 0 || size_t(step) >= scenario.steps.size())
        return out;
    const Trigger t = triggerOf(reports, step);
    const std::vector<QuizQuestion> &quiz = scenario.steps[size_t(step)].quiz;
    for (size_t q = 0; q < quiz.size(); ++q) {
        const QuizQuestion &question = quiz[q];
        QuizAnswer a;
        a.step = step;
        a.question = static_cast<int>(q);
        a.kind = question.kind;
        switch (question.kind) {
        case QuizKind::Written: answerWritten(query, scenario, step, reports, t, a); break;
        case QuizKind::Dropped: answerDropped(query, scenario, step, reports, t, a); break;
        case QuizKind::Watermark:
            if (!query.hasWatermark()) {
                a.problem = "the query has no watermark, so a 'watermark' question has no answer";
                break;
            }
            a.watermarkMs = watermarkAfter(reports, t);
            a.why = watermarkWhy(query, reports, t);
            break;
        case QuizKind::StateRows:
            a.number = stateRowsAfter(reports, t);
            a.why = stateWhy(query, reports, t);
            break;
        case QuizKind::Choice: answerChoice(query, question, reports, t, a); break;
        }
        out.push_back(std::move(a));
    }
    return out;
}

std::vector<QuizAnswer> answerQuiz(const Query &query, const Scenario &scenario, const std::vector<BatchReport> &reports)
{
    std::vector<QuizAnswer> out;
    for (size_t step = 0; step < scenario.steps.size(); ++step) {
        if (scenario.steps[step].quiz.empty())
            continue;
        std::vector<QuizAnswer> answers = answerStepQuiz(query, scenario, static_cast<int>(step), reports);
        out.insert(out.end(), std::make_move_iterator(answers.begin()), std::make_move_iterator(answers.end()));
    }
    return out;
}

QuizGrade gradeQuizAnswer(const QuizAnswer &answer, const QuizResponse &response)
{
    QuizGrade grade;
    auto gradeSet = [&](const std::vector<size_t> &picked, size_t size, const std::function<bool(size_t)> &isRight) {
        const std::set<size_t> chosen(picked.begin(), picked.end());
        for (size_t i = 0; i < size; ++i)
            if (isRight(i) && !chosen.count(i))
                grade.missed.push_back(i);
        for (size_t i : chosen)
            if (i >= size || !isRight(i))
                grade.wrong.push_back(i);
        grade.correct = grade.missed.empty() && grade.wrong.empty();
    };
    switch (answer.kind) {
    case QuizKind::Written:
    case QuizKind::Dropped:
        grade.answered = true;
        gradeSet(response.rows, answer.correctRows.size(), [&](size_t i) { return bool(answer.correctRows[i]); });
        break;
    case QuizKind::StateRows:
        grade.answered = response.number.has_value();
        grade.correct = grade.answered && *response.number == answer.number;
        break;
    case QuizKind::Watermark:
        grade.answered = response.watermarkMicros.has_value();
        grade.correct = grade.answered && *response.watermarkMicros == answer.watermarkMs * kMicrosPerMilli;
        break;
    case QuizKind::Choice: {
        grade.answered = !response.options.empty();
        std::vector<size_t> picked;
        for (int option : response.options)
            picked.push_back(option < 0 ? SIZE_MAX : size_t(option));
        const std::set<int> right(answer.correctOptions.begin(), answer.correctOptions.end());
        gradeSet(picked, answer.numOptions, [&](size_t i) { return right.count(int(i)) > 0; });
        grade.correct = grade.correct && grade.answered;
        break;
    }
    }
    if (!answer.problem.empty())
        grade.correct = false;
    return grade;
}

std::vector<std::string> checkQuiz(const Scenario &scenario, const Query *query, const std::vector<BatchReport> &reports,
                                   const std::optional<Error> &runError)
{
    std::vector<std::string> out;
    for (size_t step = 0; step < scenario.steps.size(); ++step) {
        const std::vector<QuizQuestion> &quiz = scenario.steps[step].quiz;
        if (quiz.empty())
            continue;
        // A run that stopped answers only the steps it finished.
        const bool ran = query && (!runError || (!reports.empty() && int(step) <= reports.back().step));
        std::vector<QuizAnswer> answers;
        if (ran)
            answers = answerStepQuiz(*query, scenario, static_cast<int>(step), reports);
        for (size_t q = 0; q < quiz.size(); ++q) {
            const QuizQuestion &question = quiz[q];
            if (question.kind == QuizKind::Choice && question.fact == QuizFact::None)
                continue;
            const std::string label =
                "step " + std::to_string(step) + ", question " + std::to_string(q) + " (" + shownPrompt(question.prompt) + ")";
            const std::string what = question.kind == QuizKind::Choice ? "a choice decided by the fact '" + quizFactName(question.fact) + "'"
                                                                       : "a '" + quizKindName(question.kind) + "' question";
            if (!ran) {
                out.push_back(label + ": " + what + " is answered from the run, but "
                              + (query ? "the query stopped before this step" : "the query is rejected")
                              + (runError ? ": " + errorText(*runError) : std::string()));
                continue;
            }
            const QuizAnswer &a = answers[q];
            if (!a.problem.empty()) {
                out.push_back(label + ": " + a.problem);
                continue;
            }
            if (question.kind != QuizKind::Choice || a.correctOptions == question.answer)
                continue;
            std::string text = label + ": the answer marks " + optionsText(question, question.answer) + ", but "
                + factSentence(question.fact, a.factValue);
            if (a.correctOptions.empty())
                text += ", and no option says so";
            else
                text += ": " + optionsText(question, a.correctOptions) + (a.correctOptions.size() == 1 ? " is" : " are")
                    + " right";
            out.push_back(text);
        }
    }
    return out;
}

std::string quizFactValueText(QuizFact fact, int64_t value)
{
    if (fact == QuizFact::Watermark)
        return formatTimestampIso(value * kMicrosPerMilli);
    return std::to_string(value);
}

const std::vector<std::string> &quizSentenceTemplates()
{
    static const std::vector<std::string> all = {kNoBatch, kNoBatchWatermark, kNoBatchState, kNoneDropped, kBatches, kWrittenRow};
    return all;
}

} // namespace streamstep
