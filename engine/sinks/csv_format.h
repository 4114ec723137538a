// Writes and reads CSV as RFC 4180 describes it (fields with a comma, quote, line break, an
// outer space or nothing at all are quoted; quotes are doubled), with Spark's CSV value forms,
// so files open in any spreadsheet and read back to the same typed rows.
#pragma once

#include "streamstep/column_batch.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace streamstep {

struct CsvField {
    std::string text;
    bool quoted = false; // "" (an empty string) versus nothing (NULL)
};

class CsvFormat {
public:
    // Appends the header line (column names).
    static void appendHeader(std::string &out, const Schema &schema);
    // Appends rows [begin, end), read from the columns' storage. Spark's CSV writer forms: NULL
    // is an empty unquoted field, an empty string is "", decimals plain, doubles as Java prints
    // them, timestamps ISO-8601 UTC with milliseconds ("2026-03-01T10:00:00.000Z"). Lines end
    // with "\n" (Spark's lineSep); readers accept "\r\n" too. Window structs are not supported
    // (see unsupportedColumn).
    static void appendRows(std::string &out, const ColumnBatch &batch, size_t begin, size_t end);
    static void appendRow(std::string &out, const ColumnBatch &batch, size_t row) { appendRows(out, batch, row, row + 1); }
    // Spark rejects struct columns for CSV: the first such column's name, or nullopt.
    static std::optional<std::string> unsupportedColumn(const Schema &schema);

    // Splits text into records of fields. Throws Error(Runtime) "line N: …" for a quote that is
    // never closed or text after a closing quote.
    static std::vector<std::vector<CsvField>> parse(std::string_view text);
    // Converts a record back to a typed row of the schema: an empty unquoted field is NULL.
    // Throws Error(Runtime) naming the column for a field that does not fit its type.
    static std::vector<Value> toRow(const std::vector<CsvField> &record, const Schema &schema);
};

} // namespace streamstep
