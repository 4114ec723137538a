// Stands for the console, memory and foreachBatch sinks, whose output lives in the batch reports
// (sinkText, the run's memory table): nothing to write, nothing remembered across a restart —
// Spark lists them as not fault tolerant, and so does StreamStep.
#pragma once

#include "sinks/sink.h"

namespace streamstep {

class TransientSink : public Sink {
public:
    explicit TransientSink(std::string format) : m_format(std::move(format)) {}

    void addBatch(int64_t, const ColumnBatch &, OutputMode) override {}
    std::optional<int64_t> lastCommittedBatch() override { return std::nullopt; }
    bool isFaultTolerant() const override { return false; }
    std::string description() const override { return m_format + " sink"; }

private:
    std::string m_format;
};

} // namespace streamstep
