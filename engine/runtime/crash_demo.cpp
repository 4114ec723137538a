#include "streamstep/crash_demo.h"

#include "checkpoint/checkpoint.h"
#include "sinks/sink.h"
#include "streamstep/error.h"
#include "streamstep/scenario_check.h"
#include "streamstep/streaming_query.h"
#include "streamstep/value_format.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <map>

namespace streamstep {

namespace fs = std::filesystem;

namespace {

// Thrown by the fault hook: the run stops at the point as a killed process would (nothing after
// it runs; what was written stays). Not an Error, so nothing on the way adds to it.
struct SimulatedCrash {};

// Appends b's rows to a (same schema; a starts empty with b's schema).
void appendRows(ColumnBatch &a, const ColumnBatch &b)
{
    if (a.schema.fields.empty() && a.numRows == 0)
        a = ColumnBatch::empty(b.schema);
    for (size_t r = 0; r < b.numRows; ++r)
        a.appendRow(b.row(r));
}

std::vector<std::string> rowTexts(const ColumnBatch &batch)
{
    std::vector<std::string> rows;
    for (size_t r = 0; r < batch.numRows; ++r)
        rows.push_back(rowToJson(batch, r));
    std::sort(rows.begin(), rows.end());
    return rows;
}

bool durable(const std::string &format)
{
    return format == "csv" || format == "json" || format == "parquet" || format == "sqlite";
}

// The sink's path (file sinks, sqlite) below an output folder.
std::string sinkPath(const Scenario &scenario, const fs::path &outputDir)
{
    return (outputDir / scenario.sink.options.at("path").get<std::string>()).lexically_normal().string();
}

ColumnBatch readBack(const Scenario &scenario, const fs::path &outputDir)
{
    const std::string table = scenario.sink.options.count("table") ? scenario.sink.options.at("table").get<std::string>() : "";
    return readSinkOutput(sinkPath(scenario, outputDir), table);
}

} // namespace

const std::vector<std::string> &crashPoints()
{
    static const std::vector<std::string> points = {"after-offsets", "mid-sink", "after-sink", "after-commit"};
    return points;
}

std::string crashPointDescription(const std::string &point)
{
    if (point == "after-offsets")
        return "after the offset log planned the batch, before it ran";
    if (point == "mid-sink")
        return "inside the sink's write, before the sink committed it";
    if (point == "after-sink")
        return "after the sink wrote the batch, before the commit log";
    if (point == "after-commit")
        return "after the commit log recorded the batch";
    return "";
}

CrashPlan parseCrashPlan(const std::string &text)
{
    const size_t colon = text.find(':');
    const std::string batch = text.substr(0, colon);
    const std::string point = colon == std::string::npos ? std::string() : text.substr(colon + 1);
    CrashPlan plan;
    const auto [end, ec] = std::from_chars(batch.data(), batch.data() + batch.size(), plan.batchId);
    std::string points;
    for (const std::string &p : crashPoints())
        points += (points.empty() ? "" : ", ") + p;
    if (batch.empty() || ec != std::errc() || end != batch.data() + batch.size() || plan.batchId < 0)
        throw Error(ErrorKind::Scenario, "--crash '" + text + "': expected BATCH:POINT, a batch id (0, 1, …) and a point ("
                                             + points + "), e.g. 1:after-sink");
    if (std::find(crashPoints().begin(), crashPoints().end(), point) == crashPoints().end())
        throw Error(ErrorKind::Scenario, "--crash '" + text + "': unknown point '" + point + "'; the points are " + points);
    plan.point = point;
    return plan;
}

RecoveryReport demonstrateCrash(const Scenario &scenario, const CrashPlan &plan, const std::string &workDir)
{
    RecoveryReport report;
    report.plan = plan;
    report.sinkFormat = scenario.sink.format;
    if (isPostgresSink(scenario.sink.format))
        throw Error(ErrorKind::Runtime, "Crash Here runs the query twice in a scratch folder; the " + scenario.sink.format
                                            + " sink would write both runs into the server's table. Try it with a file "
                                              "or sqlite sink, or use the crash test against a throwaway server "
                                              "(tests/engine/tst_postgres_crash_recovery.cpp).");
    report.faultTolerant = isFaultTolerantSink(scenario.sink.format);
    const fs::path root = fs::path(workDir);
    const fs::path crashedDir = root / "crashed";
    const fs::path cleanDir = root / "uninterrupted";
    std::error_code ec;
    fs::remove_all(crashedDir, ec);
    fs::remove_all(cleanDir, ec);
    fs::create_directories(crashedDir);
    fs::create_directories(cleanDir);
    // A sink path with folders ("out/x.db") needs them below the output folder.
    if (scenario.sink.options.count("path") && scenario.sink.options.at("path").is_string()) {
        fs::create_directories((crashedDir / scenario.sink.options.at("path").get<std::string>()).parent_path(), ec);
        fs::create_directories((cleanDir / scenario.sink.options.at("path").get<std::string>()).parent_path(), ec);
    }

    // The uninterrupted run: what the sink must hold, and what a naive sink gets without a crash.
    ColumnBatch cleanDeliveries;
    {
        StreamingQueryOptions options;
        options.outputDir = cleanDir.string();
        options.checkpointDir = (cleanDir / "checkpoint").string();
        options.onSinkWrite = [&](const BatchReport &b) { appendRows(cleanDeliveries, b.emitted); };
        StreamingQuery query(scenario, options);
        query.runAll();
        report.sinkDescription = scenario.sink.format;
        if (durable(scenario.sink.format))
            report.uninterruptedRows = readBack(scenario, cleanDir);
        else
            report.uninterruptedRows = cleanDeliveries;
    }

    // The run that stops at the point.
    const fs::path checkpointDir = crashedDir / "checkpoint";
    const auto deliver = [&](bool afterRestart) {
        return [&report, afterRestart](const BatchReport &b) {
            report.deliveries.push_back({b.batchId, b.step, afterRestart, b.emitted});
        };
    };
    {
        StreamingQueryOptions options;
        options.outputDir = crashedDir.string();
        options.checkpointDir = checkpointDir.string();
        options.onSinkWrite = deliver(false);
        options.faultHook = [&](std::string_view point, int64_t batchId) {
            if (point == plan.point && batchId == plan.batchId)
                throw SimulatedCrash{};
        };
        options.onNotice = [](const std::string &) {};
        try {
            StreamingQuery query(scenario, options);
            query.runAll();
        } catch (const SimulatedCrash &) {
            report.crashed = true;
        }
    }

    // What the checkpoint holds now.
    const Checkpoint checkpoint(checkpointDir);
    for (int64_t id = 0;; ++id) {
        const std::optional<OffsetEntry> entry = checkpoint.offsets(id);
        if (!entry)
            break;
        report.planned.push_back({entry->batchId, entry->step, entry->noData, entry->watermarkMs});
        if (entry->batchId == plan.batchId)
            report.crashStep = entry->step;
        if (checkpoint.commit(id))
            report.committed.push_back(id);
    }

    // The restart from the checkpoint.
    {
        StreamingQueryOptions options;
        options.outputDir = crashedDir.string();
        options.checkpointDir = checkpointDir.string();
        options.onSinkWrite = deliver(true);
        options.onNotice = [&](const std::string &text) { report.notices.push_back(text); };
        StreamingQuery query(scenario, options);
        const CheckpointStatus status = query.status();
        report.sinkLastBatch = status.sinkLastBatch;
        if (status.lastPlannedBatch && (!status.lastCommittedBatch || *status.lastPlannedBatch > *status.lastCommittedBatch))
            report.replayedBatch = status.lastPlannedBatch;
        report.sinkSkippedReplay = report.faultTolerant && report.replayedBatch && report.sinkLastBatch
            && *report.replayedBatch <= *report.sinkLastBatch;
        query.runAll();
    }

    // What the sink holds, and what a sink without batch ids would.
    for (const RecoveryReport::Delivery &d : report.deliveries) {
        appendRows(report.naiveRows, d.rows);
        for (size_t r = 0; r < d.rows.numRows; ++r)
            report.naiveRowInfo.push_back({d.batchId, d.afterRestart, false});
    }
    if (report.naiveRows.schema.fields.empty())
        report.naiveRows = ColumnBatch::empty(report.uninterruptedRows.schema);
    if (durable(scenario.sink.format)) {
        report.sinkRows = readBack(scenario, crashedDir);
    } else {
        // console, memory: not fault tolerant; they show what they were given.
        report.sinkRows = report.naiveRows;
    }
    // naive minus the uninterrupted run's deliveries, as a multiset.
    std::map<std::string, int> clean;
    for (const std::string &row : rowTexts(cleanDeliveries))
        ++clean[row];
    report.duplicatedRows = ColumnBatch::empty(report.naiveRows.schema);
    for (size_t r = 0; r < report.naiveRows.numRows; ++r) {
        int &left = clean[rowToJson(report.naiveRows, r)];
        if (left > 0) {
            --left;
        } else {
            report.duplicatedRows.appendRow(report.naiveRows.row(r));
            report.naiveRowInfo[r].duplicate = true;
        }
    }
    report.sinkEqualsUninterrupted = rowTexts(report.sinkRows) == rowTexts(report.uninterruptedRows);
    return report;
}

std::string formatRecoveryReport(const RecoveryReport &r)
{
    std::string out;
    const std::string batch = "batch " + std::to_string(r.plan.batchId);
    if (!r.crashed) {
        out += "The run never reached " + r.plan.point + " of " + batch + " (" + crashPointDescription(r.plan.point)
            + "): it finished without stopping.\n";
    } else {
        out += "Crashed at " + r.plan.point + " of " + batch + (r.crashStep >= 0 ? " (step " + std::to_string(r.crashStep) + ")" : "")
            + ": " + crashPointDescription(r.plan.point) + ".\n";
    }
    out += "\nThe checkpoint when the run stopped:\n  offsets planned:";
    if (r.planned.empty())
        out += " none";
    for (const RecoveryReport::Planned &p : r.planned)
        out += " " + std::to_string(p.batchId) + (p.noData ? " (no-data, step " : " (step ") + std::to_string(p.step) + ")";
    out += "\n  batches committed:";
    if (r.committed.empty())
        out += " none";
    for (int64_t id : r.committed)
        out += " " + std::to_string(id);
    out += "\n\nThe restart:\n";
    for (const std::string &n : r.notices)
        out += "  " + n + "\n";
    if (r.faultTolerant)
        out += "  The " + r.sinkFormat + " sink held batches up to "
            + (r.sinkLastBatch ? std::to_string(*r.sinkLastBatch) : std::string("none")) + " when it opened.\n";
    if (r.replayedBatch) {
        out += "  Batch " + std::to_string(*r.replayedBatch) + " ran again with the same input and watermark; ";
        if (r.sinkSkippedReplay)
            out += "the sink already held it, so it skipped the batch and wrote nothing.\n";
        else if (r.faultTolerant)
            out += "the sink did not hold it yet and wrote it now, once.\n";
        else
            out += "the " + r.sinkFormat + " sink is not fault tolerant and was given it again.\n";
    } else {
        out += "  No batch ran again: every planned batch was committed.\n";
    }
    const auto rows = [&](const ColumnBatch &b) {
        std::string text;
        for (size_t i = 0; i < b.numRows; ++i)
            text += "    " + rowToJson(b, i) + "\n";
        return text;
    };
    out += "\nThe sink now holds " + std::to_string(r.sinkRows.numRows) + " rows; the uninterrupted run's holds "
        + std::to_string(r.uninterruptedRows.numRows) + ": "
        + (r.sinkEqualsUninterrupted ? "the same rows (exactly once).\n" : "they differ.\n");
    out += "A naive sink without batch ids (appending every batch it is given) would hold "
        + std::to_string(r.naiveRows.numRows) + " rows, " + std::to_string(r.duplicatedRows.numRows) + " of them duplicated";
    out += r.duplicatedRows.numRows ? ":\n" + rows(r.duplicatedRows) : std::string(".\n");
    return out;
}

} // namespace streamstep
