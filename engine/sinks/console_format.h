// Formats micro-batches the way Spark's console sink prints them, so StreamStep's console output
// can be diffed character for character against a Spark shell.
#pragma once

#include "streamstep/column_batch.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <map>
#include <string>

namespace streamstep {

// The console sink's options (Spark: ConsoleWriter's numRows and truncate).
struct ConsoleOptions {
    int numRows = 20;
    // 0 = truncate=false; otherwise the maximum cell width (Spark's truncate=true is 20).
    int truncate = 20;
};

// Reads the console sink options like Spark's ConsoleWriter, so a scenario accepts what
// `.option(...)` accepts: numRows via Integer.parseInt, truncate via the case-insensitive
// "true"/"false" of CaseInsensitiveStringMap.getBoolean. Values may be JSON numbers, booleans or
// strings (converted to the text Spark's option() would store); option names are
// case-insensitive and unknown ones are ignored. Throws Error(ErrorKind::Analysis) with Java's
// message for a value Spark would reject.
ConsoleOptions parseConsoleOptions(const std::map<std::string, nlohmann::json> &options);

// Returns exactly what Spark's ConsoleWriter prints for one batch: the
// "-------------------------------------------\nBatch: N\n-------------------------------------------\n"
// header then Dataset.showString(numRows, truncate) of the rows, ending with an empty line.
// The rows are shown in display order by `keyColumns` (BatchReport::emittedKeyColumns; see
// displayOrder): an aggregation's groups by key, as Spark's examples print them.
std::string formatConsoleBatch(int64_t batchId, const ColumnBatch &rows, int numRows, int truncate,
                               const std::vector<int> &keyColumns = {});

// Returns Dataset.showString(numRows, truncate) of the rows: the table and, when rows were
// left out, "only showing top N rows". Cells are Spark's ToPrettyString text. `order`, when
// given, lists the rows to show first (at least min(numRows, rows.numRows) of them).
std::string formatShowString(const ColumnBatch &rows, int numRows, int truncate,
                             const std::vector<uint32_t> *order = nullptr);

// Spark's Utils.stringHalfWidth: UTF-16 length plus one for every East-Asian full-width
// character, the columns a string takes in a terminal.
int stringHalfWidth(const std::string &utf8);

} // namespace streamstep
