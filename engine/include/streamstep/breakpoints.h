// Semantic breakpoints (issue 14): "play until something happens" — a window is written, a row is
// dropped as late, the watermark moves, state is evicted, a no-data batch runs. Whether a batch
// is such a moment, and what happened in it, is read from its BatchReport alone, and said as a
// Sentence (why.h) the app's Why pane shows when Play stops there.
#pragma once

#include "streamstep/engine.h"
#include "streamstep/why.h"

#include <optional>
#include <string>
#include <vector>

namespace streamstep {

enum class BatchEvent {
    WindowWritten,  // the batch hands rows of a window (or session) to the sink
    RowDroppedLate, // an input row is dropped as late by the watermark
    WatermarkMoved, // the batch moves the watermark (in force from the next batch)
    StateEvicted,   // the watermark evicts state rows
    NoDataBatch,    // Spark's no-data batch
};
inline constexpr BatchEvent kBatchEvents[] = {BatchEvent::WindowWritten, BatchEvent::RowDroppedLate,
                                              BatchEvent::WatermarkMoved, BatchEvent::StateEvicted,
                                              BatchEvent::NoDataBatch};
std::string batchEventName(BatchEvent event); // "windowWritten", …

// What happened of `event` in the batch, or nullopt when it did not happen there. A window is
// told by the query's window (or session window) column of the rows written; without one the
// event does not happen.
std::optional<Sentence> batchEvent(const Query &query, const BatchReport &report, BatchEvent event);
// Every event of the batch, in the order of kBatchEvents.
std::vector<Sentence> batchEvents(const Query &query, const BatchReport &report);

// Every template the functions above use, for the app's translation catalogue.
const std::vector<std::string> &breakpointSentenceTemplates();

} // namespace streamstep
