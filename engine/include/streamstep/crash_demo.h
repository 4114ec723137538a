// "Exactly-once, made visible": runs a scenario with a checkpoint, stops it at a chosen point of a
// chosen batch as a crash would (the process dies there: nothing after it runs), restarts it from
// the checkpoint and reports what happened, all computed from the two actual runs:
// * what the checkpoint held when the run stopped (the offsets planned, the batches committed),
// * what the sink said it held when the restart opened it and which batch the restart ran again,
// * whether the idempotent sink skipped that replay (its batch id was already written),
// * the rows the sink holds afterwards, compared with an uninterrupted run of the same query,
// * what a naive sink without batch ids would hold: every batch the engine handed the sink in
//   both runs, appended, and so which rows it would have duplicated.
// Used by `streamstep-cli run --crash BATCH:POINT` and the app's Run ▸ Crash Here….
#pragma once

#include "streamstep/column_batch.h"
#include "streamstep/scenario.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace streamstep {

// Where to stop: a batch id and one of crashPoints().
struct CrashPlan {
    int64_t batchId = 0;
    std::string point = "after-sink";
};

// The points the engine can stop at, in the order a batch passes them: "after-offsets" (the
// offset log entry is written, the batch has not run), "mid-sink" (inside the sink's write,
// before it commits), "after-sink" (the sink wrote and committed the batch, the commit log does
// not have it yet), "after-commit" (the commit log has it).
const std::vector<std::string> &crashPoints();
// One line explaining a point, for the CLI and the app.
std::string crashPointDescription(const std::string &point);

// Parses "BATCH:POINT" ("3:after-sink"). Throws Error(Usage) naming what is wrong.
CrashPlan parseCrashPlan(const std::string &text);

struct RecoveryReport {
    CrashPlan plan;
    bool crashed = false;       // the run reached the point (else it finished without stopping)
    int crashStep = -1;         // the scenario step of the stopped batch
    std::string sinkFormat;
    std::string sinkDescription;
    bool faultTolerant = false; // the sink keeps batch ids (file sinks, sqlite, postgres)

    struct Planned {
        int64_t batchId = 0;
        int step = 0;
        bool noData = false;
        int64_t watermarkMs = 0;
    };
    // The checkpoint when the run stopped.
    std::vector<Planned> planned;      // offsets/<id>
    std::vector<int64_t> committed;    // commits/<id>
    std::vector<std::string> notices;  // what the restart said ("Resuming from checkpoint …")

    std::optional<int64_t> sinkLastBatch; // the newest batch id the sink held when the restart opened it
    std::optional<int64_t> replayedBatch; // the planned, uncommitted batch the restart ran again
    bool sinkSkippedReplay = false;       // the sink already held it and wrote nothing

    struct Delivery {
        int64_t batchId = 0;
        int step = 0;
        bool afterRestart = false;
        ColumnBatch rows; // what the engine handed the sink
    };
    std::vector<Delivery> deliveries; // both runs, in order

    ColumnBatch sinkRows;          // what the sink holds after the restart (read back from it)
    ColumnBatch uninterruptedRows; // the same query run without a crash
    ColumnBatch naiveRows;         // every delivered batch appended (no batch ids)
    struct NaiveRow {
        int64_t batchId = 0;
        bool afterRestart = false;
        bool duplicate = false; // beyond what the uninterrupted run delivered
    };
    std::vector<NaiveRow> naiveRowInfo; // one per naiveRows row
    ColumnBatch duplicatedRows;    // naiveRows minus the uninterrupted run's deliveries
    bool sinkEqualsUninterrupted = false;
};

// Runs the demonstration in workDir (created; it receives `crashed/` and `uninterrupted/`, each
// an output folder for the sink with its checkpoint): the scenario's own sink, never the user's
// files. The postgres and jdbc sinks are refused (they would write to a server's table). Throws
// Error like StreamingQuery (a rejected query, a failing batch).
RecoveryReport demonstrateCrash(const Scenario &scenario, const CrashPlan &plan, const std::string &workDir);

// The report as text, as `streamstep-cli run --crash` prints it.
std::string formatRecoveryReport(const RecoveryReport &report);

} // namespace streamstep
