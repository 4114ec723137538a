// What-if (issue 14): change one of the knobs that decide a lesson — the watermark delay, the
// window's duration / slide / start, the session gap, the output mode, noDataMicroBatches, the
// Spark version — re-run the whole history from batch 0 and say what changed against the lesson
// as written: rows written in other batches, input rows now dropped or kept, windows written or
// final earlier or later, the state size after every trigger, and a one-line summary ("with a
// delay of 12 minutes, 3 more rows are dropped and [10:00, 10:05) is written in batch 1 instead
// of batch 3"). The summary is Sentences (why.h), so the CLI says it in English and the app in
// the user's language.
#pragma once

#include "streamstep/engine.h"
#include "streamstep/scenario.h"
#include "streamstep/why.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace streamstep {

// The knobs. In knobsOf() a knob is set when the lesson has it (a window duration only with a
// window() call); in a what-if, the knobs set are the ones changed, the others stay as written.
// Durations are milliseconds; a window's start is Spark's startTime offset.
struct WhatIfKnobs {
    std::optional<int64_t> watermarkDelayMs; // every withWatermark's delay
    std::optional<int64_t> windowDurationMs; // every window() call
    std::optional<int64_t> windowSlideMs;    // equal to the duration: a tumbling window
    std::optional<int64_t> windowStartMs;
    std::optional<int64_t> sessionGapMs;     // every session_window() call
    std::optional<OutputMode> outputMode;
    std::optional<bool> noDataMicroBatches;  // spark.sql.streaming.noDataMicroBatches.enabled
    std::optional<SparkVersion> sparkVersion;
    friend bool operator==(const WhatIfKnobs &, const WhatIfKnobs &) = default;
};

// The knobs as the lesson has them (output mode, noDataMicroBatches and the Spark version always;
// the others when the query has that operator and its durations are literal texts).
WhatIfKnobs knobsOf(const Scenario &scenario);
// The lesson with the knobs set in `knobs` changed: the query's texts rewritten (the delay,
// the window() / session_window() arguments), the output mode, the conf entry of
// noDataMicroBatches (replaced, or added), the Spark version. Nothing else changes, so the file
// written from it differs from the lesson in those values only.
Scenario applyKnobs(const Scenario &scenario, const WhatIfKnobs &knobs);

// A whole run of a scenario, from batch 0: every step, result tables and row fates collected. A
// rejected query has no query and no reports; a query that stopped keeps the reports before it.
struct WhatIfRun {
    std::shared_ptr<const Query> query;
    std::vector<BatchReport> reports;
    std::optional<Error> error;
    bool rejected = false; // error came from Query::compile
};
WhatIfRun runWhole(const Scenario &scenario);

// A result row (as its JSON line, rowToJson) written by both runs, in other batches.
struct MovedRow {
    std::string row;
    int64_t batch = 0;       // in the lesson as written
    int64_t whatIfBatch = 0; // in the what-if run
};
// A result row written by one run only.
struct WrittenRow {
    std::string row;
    int64_t batch = 0;
};
// An input row whose fate differs (the same rows arrive in both runs).
struct ChangedFate {
    int step = 0;
    size_t row = 0; // index in the step's rows
    InputRowFate fate = InputRowFate::Processed;
    InputRowFate whatIfFate = InputRowFate::Processed;
};
// A window (or session) of the result: the batch that first writes a row of it and the batch
// whose watermark makes it final (evicts it); -1 when that never happens in the run.
struct WindowTiming {
    int64_t startMicros = 0;
    int64_t endMicros = 0;
    int64_t writtenBatch = -1;
    int64_t whatIfWrittenBatch = -1;
    int64_t finalBatch = -1;
    int64_t whatIfFinalBatch = -1;
};

struct WhatIfDiff {
    WhatIfKnobs changed; // the knobs that differ from the lesson's
    WhatIfRun base;      // the lesson as written
    WhatIfRun whatIf;    // with the changed knobs
    std::vector<MovedRow> movedRows;
    std::vector<WrittenRow> noLongerWritten; // base only
    std::vector<WrittenRow> newlyWritten;    // what-if only
    std::vector<ChangedFate> newlyDropped;   // dropped as late now, not before
    std::vector<ChangedFate> noLongerDropped;
    std::vector<ChangedFate> otherFates;     // any other change of fate
    // Every window either run has, by start; only windows whose timing differs are in `windows`.
    std::vector<WindowTiming> windows;
    // State rows after each trigger (the last batch of the step; the one before when none ran).
    std::vector<int64_t> stateRows;
    std::vector<int64_t> whatIfStateRows;
    // State rows after each batch, by batch id (the runs may differ in their number of batches).
    std::vector<int64_t> batchStateRows;
    std::vector<int64_t> whatIfBatchStateRows;
    // Batches per run, and how many of them were no-data batches.
    int64_t batches = 0, whatIfBatches = 0;
    int64_t noDataBatches = 0, whatIfNoDataBatches = 0;
    // The summary: the knobs changed ("with a delay of 12 minutes"), then what that does ("3 more
    // rows are dropped as late"), one clause each.
    std::vector<Sentence> knobClauses;
    std::vector<Sentence> effectClauses;
    // Whether the what-if run writes, drops and keeps exactly what the lesson does.
    bool sameOutcome() const;
};

// Compares the what-if run with an already computed run of the lesson as written (the app keeps
// it between slider moves). `base` must be runWhole(scenario).
WhatIfDiff compareWhatIf(const Scenario &scenario, WhatIfRun base, const WhatIfKnobs &knobs);
// The same, running the lesson as written too.
WhatIfDiff whatIf(const Scenario &scenario, const WhatIfKnobs &knobs);

// The summary line: the knob clauses joined with " and ", a comma, the effect clauses joined with
// ", " and a last " and ", the first letter upper-cased (the app passes its translated clauses
// and words).
std::string joinSummary(const std::vector<std::string> &knobs, const std::vector<std::string> &effects,
                        const std::string &comma = ", ", const std::string &andWord = " and ");
std::string summaryText(const WhatIfDiff &diff);

// Every template of the summary, for the app's translation catalogue.
const std::vector<std::string> &whatIfSentenceTemplates();

} // namespace streamstep
