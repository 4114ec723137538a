// Drives StreamingQuery (Spark: MicroBatchExecution.runActivatedStream): plans each
// trigger in the offset log, runs it, hands each batch to the sink and commits it. Run::step runs
// a trigger's data batch and Spark's no-data batch together, so the no-data batch's offsets are
// written once the step has computed it — still before the sink sees it — and the state snapshot
// is taken per trigger: a restart restores the last finished trigger and recomputes the batches
// of the interrupted one, skipping those already committed. Kept apart from the public facade so
// unit tests can reach the recovery state.
#pragma once

#include "checkpoint/checkpoint.h"
#include "sinks/sink.h"
#include "streamstep/streaming_query.h"

#include <memory>
#include <optional>

namespace streamstep {

class StreamingQueryRunner {
public:
    StreamingQueryRunner(Scenario scenario, StreamingQueryOptions options);

    const Query &query() const { return *m_query; }
    CheckpointStatus status() const;
    std::vector<BatchReport> runAll(const std::function<void(const BatchReport &)> &onBatch);

    // The processing time of each step (triggerTimesMicros).
    static std::vector<int64_t> processingTimes(const Scenario &scenario);
    // A hash of a step's rows, so a replay can check it reads the data the batch was planned with.
    static std::string inputHash(const ColumnBatch &rows);

private:
    void notice(const std::string &text) const;
    void hook(std::string_view point, int64_t batchId) const;
    // Writes the offsets entry of a batch, or checks the one written before a crash.
    void planBatch(const OffsetEntry &entry);
    bool finished() const;

    Scenario m_scenario;
    StreamingQueryOptions m_options;
    std::shared_ptr<const Query> m_query;
    std::optional<Checkpoint> m_checkpoint;
    std::string m_queryId;
    std::string m_queryHash;
    std::optional<Run> m_run;
    std::unique_ptr<Sink> m_sink;
    std::optional<int64_t> m_sinkLastBatchAtOpen;
    RecoveryPoint m_recovery;
    int m_nextStep = 0;
};

} // namespace streamstep
