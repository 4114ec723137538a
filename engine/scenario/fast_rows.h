// The scenario reader's fast path for big files: simdjson finds each step's "rows" array and
// reads its rows straight into typed columns (no tree of the rows, no text per cell). The rest of
// the file goes through the precise parser (json_document.h) with the row arrays blanked out, so
// every other value keeps its exact FILE:LINE:COL. Anything the fast path is unsure of (a syntax
// error, a value of the wrong kind, a limit passed) makes the caller re-read the whole file with
// the precise parser, which then says exactly what is wrong and where.
#pragma once

#include "streamstep/column_batch.h"
#include "streamstep/scenario.h"

#include <cstddef>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace streamstep {

// The rules of a typed cell on a value's text (no trimming, no NULL): parseCellText's, and the
// reader's for the text of a file's numbers and strings. `shown` is how a message shows the text.
std::optional<Value> parseValueText(std::string_view text, const DataType &type, const std::string &shown,
                                    CellTextError *error);
// Its rules for a decimal and a timestamp, straight into a column's storage: the unscaled value
// at the column's scale, the microseconds. What parseValueText would refuse gives nullopt (the
// fast path then refuses; the precise reader says why).
std::optional<Int128> parseDecimalCell(std::string_view text, const DataType &type);
std::optional<int64_t> parseTimestampCell(std::string_view text);

// Where a step's "rows" array is in the text: [begin, end) from its '[' to just after its ']'.
struct RowsSpan {
    size_t step = 0;
    size_t begin = 0;
    size_t end = 0;
};

// Thrown inside the fast path when the precise parser has to decide; never leaves the reader.
struct FastPathRefused {};

class FastRowReader {
public:
    // text must stay alive and have at least kPadding readable bytes after text.size() (the
    // capacity is what the buffer really holds).
    FastRowReader(std::string_view text, size_t capacity);
    ~FastRowReader();

    static constexpr size_t kPadding = 64;

    // Finds steps[i].rows of the top-level object; nullopt when the file is not shaped so (the
    // precise parser reads it all then).
    std::optional<std::vector<RowsSpan>> locateRows();
    // Reads one located array into a batch of the schema: at most maxRows rows; adds the JSON
    // values it holds to numValues. Throws FastPathRefused on anything it does not accept.
    ColumnBatch readRows(const RowsSpan &span, const Schema &schema, size_t maxRows, size_t &numValues);

private:
    struct Impl;
    std::string_view m_text;
    size_t m_capacity;
    std::unique_ptr<Impl> m_impl;
};

// Reads an NDJSON file's rows (one array or object a line, blank lines skipped). `buffer` holds a
// free byte, the file's `size` bytes, then kPadding + 1 free bytes; it is rewritten into one JSON
// array in place, so after a FastPathRefused the caller reads the file again.
ColumnBatch readNdjsonRowsFast(std::string &buffer, size_t size, const Schema &schema, size_t maxRows);
// The same for an open file of fileSize bytes, read chunkBytes at a time (whole lines; a longer
// line grows the buffer). Throws FastPathRefused like it. With `fingerprint`, each chunk's rows
// are added to it as they are read (its value is then rowsFingerprint of the rows returned).
// A chunk of 1 MiB and simdjson's index of it stay in a core's L2 cache while it is iterated.
inline constexpr size_t kNdjsonChunkBytes = 1024 * 1024;
class RowsFingerprinter;
ColumnBatch readNdjsonFileFast(std::FILE *file, size_t fileSize, const Schema &schema, size_t maxRows,
                               size_t chunkBytes = kNdjsonChunkBytes, RowsFingerprinter *fingerprint = nullptr);

// The text with every located array's contents turned into blanks: line breaks stay, and the
// last line of each array keeps its width, so every value after it has the same line and column.
std::string blankRows(std::string_view text, const std::vector<RowsSpan> &spans);

} // namespace streamstep

namespace streamstep {

// The fast path on its own (tests compare it with the precise one): nullopt when it refuses, for
// the precise parser to read the text. `text` needs FastRowReader::kPadding readable bytes past
// its end up to `capacity`; the string overload copies it into such a buffer.
// Whole: every step's rows (rows files read); Outline: parseScenarioOutline's reading, rows
// files checked by name only. Neither computes generated rows (computeGeneratedRows does).
enum class ScenarioDepth { Whole, Outline };
std::optional<Scenario> parseScenarioFast(std::string_view text, size_t capacity, const std::string &fileName,
                                          ScenarioDepth depth = ScenarioDepth::Whole);
std::optional<Scenario> parseScenarioFast(const std::string &text, const std::string &fileName,
                                          ScenarioDepth depth = ScenarioDepth::Whole);
// The precise parser on its own: a tree of the whole text with every position.
Scenario parseScenarioPrecise(const std::string &text, const std::string &fileName,
                              ScenarioDepth depth = ScenarioDepth::Whole);

} // namespace streamstep
