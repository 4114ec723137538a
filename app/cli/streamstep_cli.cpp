// streamstep-cli: runs scenario files the way a Spark shell would show them, as JSON lines for
// tools and tests, and checks them against their `expect` (shared/scenario-format.md §3).
#include "streamstep/compare.h"
#include "streamstep/crash_demo.h"
#include "streamstep/display_order.h"
#include "streamstep/engine.h"
#include "streamstep/quiz.h"
#include "streamstep/scenario.h"
#include "streamstep/scenario_check.h"
#include "streamstep/spark_export.h"
#include "streamstep/streaming_query.h"
#include "streamstep/value_format.h"
#include "streamstep/why.h"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <unistd.h>

using namespace streamstep;

namespace {

const char *kUsage = R"(Usage:
  streamstep-cli run FILE.scenario.json [--jsonl [--why]] [--output-dir DIR] [--checkpoint DIR] [--explain]
                     [--spark-version V] [--conf KEY=VALUE]... [--output-mode MODE]
  streamstep-cli run FILE.scenario.json --crash BATCH:POINT [--output-dir DIR]
  streamstep-cli check FILE.scenario.json... [--spark-version V] [--conf KEY=VALUE]...
  streamstep-cli compare FILE.scenario.json [--jsonl] [--spark-version V] [--conf KEY=VALUE]...
  streamstep-cli quiz FILE.scenario.json [--jsonl] [--spark-version V] [--conf KEY=VALUE]...
  streamstep-cli sink-cat PATH [--table NAME]
  streamstep-cli export FILE.scenario.json --lang pyspark|scala|java [--replay]
                 [--spark-version 3.5|4.2] [-o OUT]
  streamstep-cli --help | --version

Commands:
  run     Runs every step of the scenario, one trigger per step, and prints what the sink
          shows after each micro-batch (Spark's console format for the console sink; the
          memory table for the memory sink).
  check   Runs each scenario and compares every step with its `expect` (or `expectError`),
          printing a readable difference. Exit code 0 when all match, 4 otherwise.
  compare Runs the scenario's query in append, update and complete on the same steps and
          prints, per step, the rows each mode wrote and the state rows it keeps, or the
          AnalysisException a mode is rejected with. With --jsonl: one object per mode and
          executed batch (run --jsonl's object plus "outputMode"), and for a rejected mode one
          object {"outputMode", "error", "exitCode": 2}. Exit 0 when the file is valid.
  quiz    Runs the scenario and prints every question of its steps' "quiz" with the engine's
          answer and why: the rows a trigger writes, the watermark and the state rows after
          it, the input rows it drops as late, and for a choice the right options (for one
          decided by a "fact", the options that say the run's value). With --jsonl: one JSON
          object per question. Exit 0 when the run answers every question; 2 or 3 when the
          query is rejected or stops; 4 when a question has no answer (a watermark question
          on a query without watermark).
  sink-cat
          Prints what a durable sink holds, one JSON object per line, as a reader sees it:
          a csv/json/parquet sink folder's committed rows (only files its _spark_metadata log
          lists, in batch order), or a SQLite database's table (--table NAME; optional when
          the database has one table).
  export  Writes the scenario's query as a program for Apache Spark (readStream ...
          withWatermark ... groupBy ... writeStream ... start()), expressions passed to
          Spark's SQL parser. Without --replay it reads JSON files from WORK_DIR/input/<source>
          and writes the real sink; the sqlite sink becomes a foreachBatch upsert (Spark has no
          streaming JDBC sink). With --replay it feeds the scenario's steps one trigger at a
          time and prints one JSON line per executed batch, like run --jsonl. How to run the
          programs: docs/running-spark.md.

Options:
  --jsonl           With run: print one JSON object per executed micro-batch and nothing else
                    on stdout (batchId, step, noData, numInputRows, numRowsDroppedByWatermark,
                    watermark, nextWatermark, eventTime, stateRows, stateRowsUpdated,
                    stateRowsRemoved, stateMemoryBytes, emitted, durationMs).
  --output-dir DIR  Folder that file and SQLite sink paths are relative to (default: the
                    scenario file's folder). It must exist; sink paths that are absolute or
                    leave it with '..' are refused.
  --checkpoint DIR  Checkpoint folder (offset log, commit log, state snapshots), created if
                    missing. Running again with the same folder resumes after the last
                    committed batch; a batch that was planned but not committed runs again with
                    the same input and watermark, and the csv, json and sqlite sinks skip batch
                    ids they already hold, so their output is exactly once. A finished run does
                    nothing and says so. A changed query (grouping keys, aggregates, output
                    mode, sink) is refused. The console and memory sinks are not fault
                    tolerant (as in Spark): after a crash a batch may be shown twice.
  --spark-version V With run, check, compare and export: follow Spark V's defaults and messages, 3.5 (the
                    default) or 4.2 (ANSI mode, Spark 4 error classes); wins over the file's
                    "sparkVersion".
  --conf KEY=VALUE  With run, check and compare: a Spark configuration entry, as spark.conf.set takes it
                    (repeatable; wins over the file's "conf"), e.g.
                    spark.sql.streaming.noDataMicroBatches.enabled=false.
  --output-mode M   With run and check: run in append, update or complete instead of the file's
                    outputMode.
  --table NAME      With sink-cat: the SQLite table to print.
  --explain         With run: print the planned operators before running.
  --crash BATCH:POINT
                    With run: exactly-once, made visible. Runs the query with a checkpoint in a
                    scratch folder (DIR/crash-demo with --output-dir, else a temporary folder),
                    stops it at POINT of batch BATCH as a crash would (after-offsets, mid-sink,
                    after-sink, after-commit), restarts it from the checkpoint and prints what
                    the checkpoint held (offsets planned, batches committed), whether the sink
                    skipped the replayed batch, the rows it holds against an uninterrupted run,
                    and what a naive sink without batch ids would have duplicated. E.g.
                    --crash 1:after-sink. Not with the postgres and jdbc sinks.
  --why             With run --jsonl: each batch object also says why every row went where:
                    "input" (each input row's fate and why, with the event time and watermark
                    that decided a late row), "result" (each result-table row's status, whether
                    it was written, and why) and "narrative" (the batch in plain words).
  --lang LANG       With export: pyspark, scala or java (required).
  --replay          With export: replay the scenario's steps and print one JSON line per batch.
  -o OUT            With export: write the program to OUT instead of stdout; for java and
                    scala the file name (without extension) names the class/object.
  -h, --help        Show this help.
  --version         Show the version.

Exit codes:
  0  success
  1  unreadable or invalid scenario file (FILE:LINE:COL: what is wrong)
  2  AnalysisException: the query is rejected before any batch runs
  3  a runtime failure (the message names the batch; the checkpoint stays consistent, so
     running again resumes), also a missing or unwritable output folder, a full disk, a
     locked SQLite database or a damaged checkpoint file (named in the message)
  4  check found a mismatch with `expect`, or an authored quiz choice the run contradicts;
     quiz: a question the run cannot answer
  sink-cat exits 1 when PATH is not a readable sink.

Environment (for crash tests):
  STREAMSTEP_CRASH_AT=POINT[:BATCH]  With run: kill the process with SIGKILL at POINT
                    (after-offsets, mid-sink, after-sink, after-commit) of batch BATCH (any
                    batch when omitted).
)";

std::string jsonNumber(double v)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.3f", v);
    return buffer;
}

const char *fateName(InputRowFate fate)
{
    switch (fate) {
    case InputRowFate::Processed: return "processed";
    case InputRowFate::LateButKept: return "lateButKept";
    case InputRowFate::Filtered: return "filtered";
    case InputRowFate::DroppedByWatermark: return "droppedByWatermark";
    case InputRowFate::Duplicate: return "duplicate";
    }
    return "processed";
}

const char *statusName(ResultRowStatus status)
{
    switch (status) {
    case ResultRowStatus::New: return "new";
    case ResultRowStatus::Updated: return "updated";
    case ResultRowStatus::Unchanged: return "unchanged";
    case ResultRowStatus::Final: return "final";
    case ResultRowStatus::Evicted: return "evicted";
    }
    return "unchanged";
}

std::string jsonString(const std::string &text)
{
    return toJsonText(Value::string(text));
}

std::string isoTime(int64_t micros)
{
    return "\"" + formatTimestampIso(micros) + "\"";
}

// The "input", "result" and "narrative" members of `run --jsonl --why` (format §4.3).
std::string whyJson(const Query &query, const BatchReport &r, const BatchReport *previous)
{
    std::string out = ", \"input\": [";
    for (size_t row = 0; row < r.input.numRows; ++row) {
        const InputRowFate fate = r.inputFates[row];
        out += (row ? ", " : "") + std::string("{\"row\": ") + rowToJson(r.input, row) + ", \"fate\": \""
            + fateName(fate) + "\"";
        if (row < r.inputFacts.size()) {
            const InputRowFacts &f = r.inputFacts[row];
            if ((fate == InputRowFate::DroppedByWatermark || fate == InputRowFate::LateButKept)
                && f.compared != InputRowFacts::Compared::None) {
                out += ", \"eventTime\": " + isoTime(f.comparedMicros) + ", \"watermark\": "
                    + isoTime(f.lateWatermarkMs * 1000);
                if (fate == InputRowFate::LateButKept && f.hasWindow)
                    out += ", \"windowEnd\": " + isoTime(f.windowEndMicros);
            }
        }
        out += ", \"why\": " + jsonString(whyInputRow(query, r, row).text()) + "}";
    }
    out += "]";
    if (r.hasResultTable) {
        out += ", \"result\": [";
        for (size_t row = 0; row < r.resultTable.numRows; ++row)
            out += (row ? ", " : "") + std::string("{\"row\": ") + rowToJson(r.resultTable, row) + ", \"status\": \""
                + statusName(r.resultStatuses[row]) + "\", \"emitted\": "
                + (resultRowEmitted(r, row) ? "true" : "false") + ", \"why\": "
                + jsonString(whyResultRow(query, r, previous, row).text()) + "}";
        out += "]";
    }
    std::string narrative;
    for (const Sentence &s : batchNarrative(query, r, previous))
        narrative += (narrative.empty() ? "" : " ") + s.text();
    return out + ", \"narrative\": " + jsonString(narrative);
}

std::string reportToJsonl(const BatchReport &r, const std::string &why = {})
{
    std::string out = "{\"batchId\": " + std::to_string(r.batchId) + ", \"step\": " + std::to_string(r.step)
        + ", \"noData\": " + (r.noData ? "true" : "false")
        + ", \"numInputRows\": " + std::to_string(r.numInputRows)
        + ", \"numRowsDroppedByWatermark\": " + std::to_string(r.numRowsDroppedByWatermark);
    if (r.hasWatermark) {
        out += ", \"watermark\": \"" + formatTimestampIso(r.watermarkMs * 1000) + "\"";
        out += ", \"nextWatermark\": \"" + formatTimestampIso(r.nextWatermarkMs * 1000) + "\"";
    } else {
        out += ", \"watermark\": null, \"nextWatermark\": null";
    }
    if (r.eventTime) {
        out += ", \"eventTime\": {\"min\": \"" + formatTimestampIso(r.eventTime->minMs * 1000)
            + "\", \"max\": \"" + formatTimestampIso(r.eventTime->maxMs * 1000) + "\", \"avg\": \""
            + formatTimestampIso(static_cast<int64_t>(r.eventTime->avgMs) * 1000) + "\"}";
    }
    out += ", \"stateRows\": " + std::to_string(r.stateRows)
        + ", \"stateRowsUpdated\": " + std::to_string(r.stateRowsUpdated)
        + ", \"stateRowsRemoved\": " + std::to_string(r.stateRowsRemoved)
        + ", \"stateMemoryBytes\": " + std::to_string(r.stateMemoryBytes) + ", \"emitted\": [";
    const ColumnBatch emitted = sortedForDisplay(r.emitted, r.emittedKeyColumns);
    appendRowsJson(out, emitted, 0, emitted.numRows);
    out += "]" + why + ", \"durationMs\": " + jsonNumber(r.durationMs) + "}";
    return out;
}

// Kills the process at the point STREAMSTEP_CRASH_AT names, like a power cut or `kill -9`.
FaultHook crashHookFromEnvironment()
{
    const char *value = std::getenv("STREAMSTEP_CRASH_AT");
    if (!value || !*value)
        return {};
    std::string text(value);
    std::string point = text;
    std::optional<int64_t> batchId;
    if (const size_t colon = text.find(':'); colon != std::string::npos) {
        point = text.substr(0, colon);
        batchId = std::strtoll(text.c_str() + colon + 1, nullptr, 10);
    }
    return [point, batchId](std::string_view at, int64_t batch) {
        if (at == point && (!batchId || *batchId == batch))
            ::raise(SIGKILL);
    };
}

struct RunOptions {
    bool jsonl = false;
    bool replay = false;
    std::string language;
    std::string outputFile;
    bool explain = false;
    bool why = false;
    std::string outputDir;
    std::string checkpointDir;
    std::string crash; // --crash BATCH:POINT
    ScenarioOverrides overrides;
};

Scenario readWithOverrides(const std::string &file, const ScenarioOverrides &overrides)
{
    Scenario scenario = readScenarioFile(file);
    applyOverrides(scenario, overrides);
    return scenario;
}

// `run --crash BATCH:POINT`: the crash demonstration's report.
int crashCommand(const std::string &file, const RunOptions &options)
{
    const CrashPlan plan = parseCrashPlan(options.crash);
    const Scenario scenario = readWithOverrides(file, options.overrides);
    std::filesystem::path work;
    bool temporary = false;
    if (!options.outputDir.empty()) {
        work = std::filesystem::path(options.outputDir) / "crash-demo";
    } else {
        std::string pattern = (std::filesystem::temp_directory_path() / "streamstep-crash-XXXXXX").string();
        if (!::mkdtemp(pattern.data()))
            throw Error(ErrorKind::Runtime, "cannot create a temporary folder for the crash demonstration: " + std::string(std::strerror(errno)));
        work = pattern;
        temporary = true;
    }
    const auto cleanup = [&] {
        std::error_code ec;
        if (temporary)
            std::filesystem::remove_all(work, ec);
    };
    try {
        const RecoveryReport report = demonstrateCrash(scenario, plan, work.string());
        std::cout << formatRecoveryReport(report);
        if (!temporary)
            std::cout << "\nThe two runs' output folders and checkpoints: " << work.string() << "/crashed, "
                      << work.string() << "/uninterrupted\n";
    } catch (...) {
        cleanup();
        throw;
    }
    cleanup();
    return 0;
}

int runCommand(const std::string &file, const RunOptions &options)
{
    if (!options.crash.empty())
        return crashCommand(file, options);
    Scenario scenario = readWithOverrides(file, options.overrides);
    StreamingQueryOptions queryOptions;
    queryOptions.outputDir = options.outputDir;
    if (queryOptions.outputDir.empty()) {
        const std::filesystem::path folder = std::filesystem::path(file).parent_path();
        queryOptions.outputDir = folder.empty() ? "." : folder.string();
    }
    queryOptions.checkpointDir = options.checkpointDir;
    queryOptions.onNotice = [](const std::string &text) { std::cerr << text << "\n"; };
    queryOptions.faultHook = crashHookFromEnvironment();
    queryOptions.explain = options.why;
    queryOptions.keepBatchDetail = options.why; // only --why prints the input rows and the result table
    StreamingQuery streaming(std::move(scenario), queryOptions); // a million rows are not copied
    const Query &query = streaming.query();
    if (options.explain && !options.jsonl)
        std::cout << query.explain() << "\n";
    std::optional<BatchReport> previous; // for "changed from … to …"
    streaming.runAll([&](const BatchReport &r) {
        if (options.jsonl) {
            std::cout << reportToJsonl(r, options.why ? whyJson(query, r, previous ? &*previous : nullptr) : std::string())
                      << "\n";
            if (options.why)
                previous = r;
        } else if (!r.sinkText.empty()) {
            std::cout << r.sinkText;
        } else {
            std::cout << "-------------------------------------------\nBatch: " << r.batchId << " ("
                      << query.sink().format << " sink, " << r.numOutputRows
                      << " rows written)\n-------------------------------------------\n";
            for (uint32_t row : emittedDisplayOrder(r))
                std::cout << rowToJson(r.emitted, row) << "\n";
            std::cout << "\n";
        }
        std::cout.flush();
    });
    return 0;
}

// `compare` (format §4.2): the three modes on the same steps.
int compareCommand(const std::vector<std::string> &files, const RunOptions &options)
{
    if (files.size() != 1) {
        std::cerr << "streamstep-cli: compare takes exactly one scenario file\n";
        return 1;
    }
    const Scenario scenario = readWithOverrides(files[0], options.overrides);
    const std::vector<ModeRun> runs = compareOutputModes(scenario);
    if (options.jsonl) {
        for (const ModeRun &run : runs) {
            const std::string mode = "\"outputMode\": \"" + outputModeName(run.mode) + "\"";
            if (run.rejected) {
                std::cout << "{" << mode << ", \"error\": " << toJsonText(Value::string(errorText(*run.rejected)))
                          << ", \"exitCode\": 2}\n";
                continue;
            }
            for (const BatchReport &r : run.reports) {
                const std::string line = reportToJsonl(r);
                std::cout << "{" << mode << ", " << line.substr(1) << "\n";
            }
            if (run.failure)
                std::cout << "{" << mode << ", \"error\": " << toJsonText(Value::string(errorText(*run.failure)))
                          << ", \"exitCode\": 3}\n";
        }
        return 0;
    }
    // A readable table: per step, what each mode wrote and how many state rows it keeps.
    std::cout << "Output modes compared for " << files[0] << "\n";
    for (const ModeRun &run : runs)
        if (run.rejected)
            std::cout << "  " << outputModeName(run.mode) << ": rejected: " << errorText(*run.rejected) << "\n";
    for (size_t step = 0; step < scenario.steps.size(); ++step) {
        const size_t arrived = scenario.steps[step].rows.numRows;
        std::cout << "\nStep " << step << " (" << arrived << (arrived == 1 ? " row" : " rows") << " arrived)\n";
        for (const ModeRun &run : runs) {
            if (run.rejected)
                continue;
            int64_t written = 0;
            int64_t stateRows = 0;
            std::vector<std::string> rows;
            bool ran = false;
            for (const BatchReport &r : run.reports) {
                if (r.step != static_cast<int>(step))
                    continue;
                ran = true;
                written += r.numOutputRows;
                stateRows = r.stateRows;
                for (uint32_t row : emittedDisplayOrder(r))
                    rows.push_back(rowToJson(r.emitted, row));
            }
            std::cout << "  " << outputModeName(run.mode) << ": ";
            if (!ran) {
                std::cout << "no batch ran\n";
                continue;
            }
            std::cout << written << (written == 1 ? " row" : " rows") << " written, " << stateRows
                      << (stateRows == 1 ? " row" : " rows") << " in state\n";
            for (const std::string &row : rows)
                std::cout << "    " << row << "\n";
        }
    }
    return 0;
}

// `quiz` (docs/scenario-format.md, "Quizzes"): every question with the engine's answer.
std::string sentencesText(const std::vector<Sentence> &sentences)
{
    std::string text;
    for (const Sentence &s : sentences)
        text += (text.empty() ? "" : " ") + s.text();
    return text;
}

std::string quizJson(const QuizQuestion &q, const QuizAnswer &a)
{
    std::string out = "{\"step\": " + std::to_string(a.step) + ", \"question\": " + std::to_string(a.question)
        + ", \"kind\": \"" + quizKindName(q.kind) + "\", \"prompt\": " + jsonString(q.prompt);
    if (!q.promptDe.empty())
        out += ", \"prompt_de\": " + jsonString(q.promptDe);
    if (!a.problem.empty())
        return out + ", \"error\": " + jsonString(a.problem) + "}";
    auto rows = [](const ColumnBatch &batch, const std::vector<bool> *only) {
        std::string text = "[";
        bool first = true;
        for (size_t r = 0; r < batch.numRows; ++r) {
            if (only && !(*only)[r])
                continue;
            text += (first ? "" : ", ") + rowToJson(batch, r);
            first = false;
        }
        return text + "]";
    };
    switch (q.kind) {
    case QuizKind::Written:
    case QuizKind::Dropped:
        out += ", \"answer\": " + (q.kind == QuizKind::Written ? rows(a.written, nullptr) : rows(a.candidates, &a.correctRows));
        out += ", \"candidates\": [";
        for (size_t r = 0; r < a.candidates.numRows; ++r)
            out += (r ? ", " : "") + std::string("{\"row\": ") + rowToJson(a.candidates, r) + ", \"answer\": "
                + (a.correctRows[r] ? "true" : "false") + ", \"why\": " + jsonString(a.rowWhy[r].text()) + "}";
        out += "]";
        break;
    case QuizKind::Watermark: out += ", \"answer\": " + isoTime(a.watermarkMs * 1000); break;
    case QuizKind::StateRows: out += ", \"answer\": " + std::to_string(a.number); break;
    case QuizKind::Choice: {
        out += ", \"options\": [";
        for (size_t i = 0; i < q.options.size(); ++i)
            out += (i ? ", " : "") + jsonString(q.options[i]);
        out += "], \"answer\": [";
        for (size_t i = 0; i < a.correctOptions.size(); ++i)
            out += (i ? ", " : "") + std::to_string(a.correctOptions[i]);
        out += "]";
        if (q.fact != QuizFact::None) {
            const std::string value = quizFactValueText(q.fact, a.factValue);
            out += ", \"fact\": \"" + quizFactName(q.fact) + "\", \"factValue\": "
                + (q.fact == QuizFact::Watermark ? "\"" + value + "\"" : value);
        }
        break;
    }
    }
    if (!a.why.empty())
        out += ", \"why\": " + jsonString(sentencesText(a.why));
    if (!q.explain.empty())
        out += ", \"explain\": " + jsonString(q.explain);
    return out + "}";
}

void printQuizText(const QuizQuestion &q, const QuizAnswer &a)
{
    std::cout << "step " << a.step << ", question " << a.question << " (" << quizKindName(q.kind) << "): " << q.prompt
              << "\n";
    if (!a.problem.empty()) {
        std::cout << "  no answer: " << a.problem << "\n";
        return;
    }
    switch (q.kind) {
    case QuizKind::Written:
    case QuizKind::Dropped: {
        const int64_t right = std::count(a.correctRows.begin(), a.correctRows.end(), true);
        std::cout << "  answer: " << right << " of " << a.candidates.numRows
                  << (q.kind == QuizKind::Written ? " rows written" : " input rows dropped as late") << "\n";
        for (size_t r = 0; r < a.candidates.numRows; ++r)
            std::cout << "    " << (a.correctRows[r] ? "[x] " : "[ ] ") << rowToJson(a.candidates, r) << "\n        "
                      << a.rowWhy[r].text() << "\n";
        break;
    }
    case QuizKind::Watermark: std::cout << "  answer: " << formatTimestamp(a.watermarkMs * 1000) << "\n"; break;
    case QuizKind::StateRows: std::cout << "  answer: " << a.number << "\n"; break;
    case QuizKind::Choice:
        for (size_t i = 0; i < q.options.size(); ++i) {
            const bool right = std::find(a.correctOptions.begin(), a.correctOptions.end(), int(i)) != a.correctOptions.end();
            std::cout << "    " << (right ? "(x) " : "( ) ") << i << ". " << q.options[i] << "\n";
        }
        if (q.fact != QuizFact::None)
            std::cout << "  fact: " << quizFactName(q.fact) << " = "
                      << (q.fact == QuizFact::Watermark ? formatTimestamp(a.factValue * 1000) : std::to_string(a.factValue))
                      << "\n";
        break;
    }
    if (!a.why.empty())
        std::cout << "  why: " << sentencesText(a.why) << "\n";
    if (!q.explain.empty())
        std::cout << "  explain: " << q.explain << "\n";
}

int quizCommand(const std::vector<std::string> &files, const RunOptions &options)
{
    if (files.size() != 1) {
        std::cerr << "streamstep-cli: quiz takes exactly one scenario file\n";
        return 1;
    }
    const Scenario scenario = readWithOverrides(files[0], options.overrides);
    const QuizRun run = runForQuiz(scenario);
    int exitCode = 0;
    int printed = 0;
    for (size_t step = 0; step < scenario.steps.size(); ++step) {
        const std::vector<QuizQuestion> &quiz = scenario.steps[step].quiz;
        if (quiz.empty())
            continue;
        const bool ran = run.query && (!run.error || (!run.reports.empty() && int(step) <= run.reports.back().step));
        std::vector<QuizAnswer> answers;
        if (ran) {
            answers = answerStepQuiz(*run.query, scenario, static_cast<int>(step), run.reports);
        } else {
            for (size_t q = 0; q < quiz.size(); ++q) {
                QuizAnswer a;
                a.step = static_cast<int>(step);
                a.question = static_cast<int>(q);
                a.kind = quiz[q].kind;
                a.numOptions = quiz[q].options.size();
                if (quiz[q].kind == QuizKind::Choice && quiz[q].fact == QuizFact::None)
                    a.correctOptions = quiz[q].answer;
                else
                    a.problem = run.error ? errorText(*run.error) : "no run";
                answers.push_back(std::move(a));
            }
        }
        for (size_t q = 0; q < quiz.size(); ++q) {
            if (!answers[q].problem.empty() && exitCode == 0)
                exitCode = !ran && run.error ? run.error->exitCode() : 4;
            if (options.jsonl) {
                std::cout << quizJson(quiz[q], answers[q]) << "\n";
            } else {
                if (printed++ > 0)
                    std::cout << "\n"; // a blank line between questions
                printQuizText(quiz[q], answers[q]);
            }
        }
    }
    return exitCode;
}

int sinkCatCommand(const std::vector<std::string> &paths, const std::string &table)
{
    if (paths.size() != 1) {
        std::cerr << "streamstep-cli: sink-cat takes exactly one sink folder or SQLite database\n";
        return 1;
    }
    ColumnBatch rows;
    try {
        rows = readSinkOutput(paths[0], table);
    } catch (const Error &e) {
        std::cerr << "streamstep-cli: sink-cat: " << e.message() << "\n";
        return 1;
    }
    for (size_t row = 0; row < rows.numRows; ++row)
        std::cout << rowToJson(rows, row) << "\n";
    return 0;
}

int exportCommand(const std::vector<std::string> &files, const RunOptions &options)
{
    if (files.size() != 1) {
        std::cerr << "streamstep-cli: export takes exactly one scenario file\n";
        return 1;
    }
    if (options.language.empty()) {
        std::cerr << "streamstep-cli: export needs --lang pyspark, scala or java\n";
        return 1;
    }
    const std::optional<SparkLanguage> language = parseSparkLanguage(options.language);
    if (!language) {
        std::cerr << "streamstep-cli: unknown --lang '" << options.language << "' (pyspark, scala or java)\n";
        return 1;
    }
    SparkExportOptions exportOptions;
    exportOptions.language = *language;
    exportOptions.replay = options.replay;
    if (!options.outputFile.empty() && *language != SparkLanguage::PySpark) {
        // javac wants the public class in a file of its name; scalac does not, but keep them equal.
        const std::filesystem::path out(options.outputFile);
        exportOptions.programName = out.stem().string();
        if (out.extension() != sparkLanguageExtension(*language)) {
            std::cerr << "streamstep-cli: -o " << options.outputFile << ": a " << options.language
                      << " program's file name must end in " << sparkLanguageExtension(*language) << "\n";
            return 1;
        }
        if (!isValidSparkProgramName(exportOptions.programName)) {
            std::cerr << "streamstep-cli: -o " << options.outputFile << ": '" << exportOptions.programName
                      << "' cannot name a Java class or Scala object (letters, digits and _, not starting with a digit)\n";
            return 1;
        }
    }
    const Scenario scenario = readWithOverrides(files[0], options.overrides);
    exportOptions.sparkVersion = sparkVersionName(scenario.sparkVersion); // the API level
    const std::string program = exportSparkProgram(scenario, exportOptions);
    if (options.outputFile.empty()) {
        std::cout << program;
        return 0;
    }
    std::ofstream out(options.outputFile, std::ios::binary | std::ios::trunc);
    out << program;
    out.close();
    if (!out) {
        std::cerr << "streamstep-cli: cannot write " << options.outputFile << "\n";
        return 3;
    }
    return 0;
}

int checkCommand(const std::vector<std::string> &files, const ScenarioOverrides &overrides)
{
    int exitCode = 0;
    int passed = 0;
    int failed = 0;
    for (const std::string &file : files) {
        CheckResult result;
        try {
            result = checkScenario(readWithOverrides(file, overrides));
        } catch (const Error &e) {
            result.passed = false;
            result.exitCode = e.exitCode();
            result.differences.push_back(errorText(e));
        }
        if (result.passed) {
            ++passed;
            std::cout << "PASS  " << file << "\n";
            continue;
        }
        ++failed;
        std::cout << "FAIL  " << file << "\n";
        for (const std::string &d : result.differences)
            std::cout << "  " << d << "\n";
        if (result.exitCode == 4 || exitCode == 0)
            exitCode = result.exitCode;
    }
    std::cout << passed << " passed, " << failed << " failed\n";
    return exitCode;
}

} // namespace

int main(int argc, char **argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        std::cerr << kUsage;
        return 1;
    }
    if (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
        std::cout << kUsage;
        return 0;
    }
    if (args[0] == "--version") {
        std::cout << "streamstep-cli 0.1.0 (Spark 3.5 semantics)\n";
        return 0;
    }
    const std::string command = args[0];
    std::vector<std::string> files;
    RunOptions runOptions;
    std::string table;
    for (size_t i = 1; i < args.size(); ++i) {
        const std::string &a = args[i];
        if (a == "--jsonl")
            runOptions.jsonl = true;
        else if (a == "--explain")
            runOptions.explain = true;
        else if (a == "--why")
            runOptions.why = true;
        else if (a == "--spark-version" || a == "--conf" || a == "--output-mode") {
            if (i + 1 >= args.size() || args[i + 1].empty()) {
                std::cerr << "streamstep-cli: " << a << " needs a value\n";
                return 1;
            }
            const std::string &value = args[++i];
            if (a == "--spark-version") {
                runOptions.overrides.sparkVersion = parseSparkVersion(value);
                if (!runOptions.overrides.sparkVersion) {
                    std::cerr << "streamstep-cli: --spark-version: unknown version '" << value
                              << "'; StreamStep follows 3.5 or 4.2\n";
                    return 1;
                }
            } else if (a == "--output-mode") {
                runOptions.overrides.outputMode = parseOutputMode(value);
                if (!runOptions.overrides.outputMode) {
                    std::cerr << "streamstep-cli: --output-mode: unknown output mode '" << value
                              << "'; use append, update or complete\n";
                    return 1;
                }
            } else {
                const size_t equals = value.find('=');
                if (equals == std::string::npos || equals == 0) {
                    std::cerr << "streamstep-cli: --conf needs KEY=VALUE, got '" << value << "'\n";
                    return 1;
                }
                runOptions.overrides.conf.push_back({value.substr(0, equals), value.substr(equals + 1), {}, true});
            }
        }
        else if (a == "--replay")
            runOptions.replay = true;
        else if (a == "--lang" || a == "-o") {
            if (i + 1 >= args.size() || args[i + 1].empty()) {
                std::cerr << "streamstep-cli: " << a
                          << (a == "--lang" ? " needs a language (pyspark, scala or java)\n" : " needs a file name\n");
                return 1;
            }
            const std::string &value = args[++i];
            if (a == "--lang")
                runOptions.language = value;
            else
                runOptions.outputFile = value;
        }
        else if (a == "--crash") {
            if (i + 1 >= args.size() || args[i + 1].empty()) {
                std::cerr << "streamstep-cli: --crash needs BATCH:POINT, e.g. 1:after-sink\n";
                return 1;
            }
            runOptions.crash = args[++i];
        }
        else if (a == "--output-dir" || a == "--checkpoint" || a == "--table") {
            if (i + 1 >= args.size() || args[i + 1].empty()) {
                std::cerr << "streamstep-cli: " << a << (a == "--table" ? " needs a table name\n" : " needs a folder\n");
                return 1;
            }
            const std::string &value = args[++i];
            if (a == "--output-dir")
                runOptions.outputDir = value;
            else if (a == "--checkpoint")
                runOptions.checkpointDir = value;
            else
                table = value;
        } else if (a == "-h" || a == "--help") {
            std::cout << kUsage;
            return 0;
        } else if (a.starts_with("--")) {
            std::cerr << "streamstep-cli: unknown option '" << a << "'\n" << kUsage;
            return 1;
        } else
            files.push_back(a);
    }
    if (command != "export" && (runOptions.replay || !runOptions.language.empty() || !runOptions.outputFile.empty())) {
        std::cerr << "streamstep-cli: --lang, --replay and -o go with export only\n";
        return 1;
    }
    try {
        if (command == "run") {
            if (files.size() != 1) {
                std::cerr << "streamstep-cli: run takes exactly one scenario file\n";
                return 1;
            }
            return runCommand(files[0], runOptions);
        }
        if (command == "check") {
            if (files.empty()) {
                std::cerr << "streamstep-cli: check needs at least one scenario file\n";
                return 1;
            }
            return checkCommand(files, runOptions.overrides);
        }
        if (command == "sink-cat")
            return sinkCatCommand(files, table);
        if (command == "quiz")
            return quizCommand(files, runOptions);
        if (command == "compare")
            return compareCommand(files, runOptions);
        if (command == "export")
            return exportCommand(files, runOptions);
    } catch (const Error &e) {
        std::cout.flush();
        std::cerr << errorText(e) << "\n";
        return e.exitCode();
    }
    std::cerr << "streamstep-cli: unknown command '" << command << "'\n" << kUsage;
    return 1;
}
