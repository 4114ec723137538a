// Writes and reads JSON lines the way Spark's JSON data source does (one object per line,
// compact, NULL fields left out), keeping decimals exact in both directions, so a json sink's
// files read back to the very rows that were written.
#pragma once

#include "streamstep/column_batch.h"

#include <string>
#include <string_view>
#include <vector>

namespace streamstep {

class JsonLinesFormat {
public:
    // Appends rows [begin, end), read from the columns' storage, as Spark's JacksonGenerator
    // writes them: {"accountId":"A1","total":12.50,"eventTime":"2026-03-01T10:00:00.000Z",
    // "window":{"start":…,"end":…}} + "\n" each; NULL fields are omitted (Spark's
    // ignoreNullFields=true); NaN and infinities are strings.
    static void appendRows(std::string &out, const ColumnBatch &batch, size_t begin, size_t end);
    static void appendRow(std::string &out, const ColumnBatch &batch, size_t row) { appendRows(out, batch, row, row + 1); }

    // Parses one line back to a row of the schema: missing fields are NULL, decimal numbers are
    // read from their text (never through a double). Throws Error(Runtime) for a line that is not
    // a JSON object or a field that does not fit its column.
    static std::vector<Value> parseRow(std::string_view line, const Schema &schema);
};

} // namespace streamstep
