// Compares what a scenario's run emits with its `expect` / `expectError` (streamstep-cli check).
#pragma once

#include "streamstep/engine.h"

#include <string>
#include <vector>

namespace streamstep {

struct CheckResult {
    bool passed = true;
    // One readable paragraph per mismatch ("step 1: emitted rows differ\n  missing: …").
    std::vector<std::string> differences;
    // 0 passed, 4 mismatch; 1/2/3 when the scenario failed in a way it did not expect.
    int exitCode = 0;
};

// Runs the scenario and compares per step: emitted rows (order-insensitive, values compared by
// type: "250000.00" equals 250000.0 for a decimal column, "2026-03-01 10:00:00" equals the ISO
// form for a timestamp), rowsWritten, stateRows, stateRowsUpdated, droppedByWatermark and eventTime; or, with
// expectError, that compiling/running fails with that exit code and message.
CheckResult checkScenario(const Scenario &scenario);

// Converts an expected JSON value to a Value of the column type; nullopt if it does not fit.
std::optional<Value> expectedValue(const nlohmann::json &json, const DataType &type);

// Renders a row as a JSON object by column name (the --jsonl form).
std::string rowToJson(const ColumnBatch &batch, size_t row);
// Appends rows [begin, end) in rowToJson's form, separated by ", " (straight from the columns).
void appendRowsJson(std::string &out, const ColumnBatch &batch, size_t begin, size_t end);

} // namespace streamstep
