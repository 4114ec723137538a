#include "streamstep/sink_image.h"

#include "sinks/file_sink.h"
#include "sinks/sink.h"
#include "sinks/sink_options.h"
#include "sinks/sqlite_sink.h"
#include "streamstep/value_format.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace streamstep {

namespace {

// Appends a key cell encoded so that comparing encodings bytewise orders and equates them as
// SQLite does with its BINARY collation: NULL < numbers < text, numbers by value, text by bytes
// (a shorter prefix first). The sink binds booleans, ints and longs as integers, doubles as REAL
// ('NaN' as text, which SQLite would otherwise store as NULL; -0.0 equals 0.0), decimals and
// timestamps as text (SqliteSink::bindRow). A column holds one type, so integers and reals never
// meet in one key part.
void appendSqlKey(std::string &out, const Column &column, size_t row, SinkImage::Column::Part part)
{
    enum : char { kNull = 0, kNumber = 1, kText = 2 };
    const auto appendUnsigned = [&](uint64_t bits) {
        out.push_back(kNumber);
        for (int shift = 56; shift >= 0; shift -= 8)
            out.push_back(static_cast<char>((bits >> shift) & 0xFF));
    };
    const auto appendText = [&](std::string_view text) {
        out.push_back(kText);
        for (char c : text) {
            out.push_back(c);
            if (c == '\0')
                out.push_back(static_cast<char>(0xFF)); // an inner NUL stays above the terminator
        }
        out.push_back('\0');
        out.push_back('\0');
    };
    if (column.isNull(row)) {
        out.push_back(kNull);
        return;
    }
    switch (column.type().kind) {
    case TypeKind::Boolean:
    case TypeKind::Int:
    case TypeKind::Long: appendUnsigned(static_cast<uint64_t>(column.ints()[row]) ^ (uint64_t(1) << 63)); break;
    case TypeKind::Double: {
        double v = column.doubles()[row];
        if (std::isnan(v)) {
            appendText("NaN");
            break;
        }
        if (v == 0)
            v = 0; // -0.0 and 0.0 are one REAL key
        uint64_t bits = 0;
        std::memcpy(&bits, &v, sizeof bits);
        appendUnsigned(bits >> 63 ? ~bits : bits ^ (uint64_t(1) << 63));
        break;
    }
    case TypeKind::Decimal: appendText(formatDecimal(column.decimals()[row], column.type().scale)); break;
    case TypeKind::Timestamp: appendText(formatTimestamp(column.ints()[row])); break;
    case TypeKind::Window:
        appendText(formatTimestamp(part == SinkImage::Column::Part::End ? column.ends()[row] : column.ints()[row]));
        break;
    case TypeKind::String: appendText(column.strings()[row]); break;
    default: appendText(toDisplayString(column.get(row))); break;
    }
}

// The reader's columns: SqliteSink::tableColumns for a table, the result columns for files.
std::vector<SinkImage::Column> imageColumns(const Schema &schema, bool table, const std::vector<std::string> &keys)
{
    std::vector<SinkImage::Column> columns;
    // `keys` are SqliteSink::resolveKeyColumns' table column names, spelled as the result's.
    const auto isKey = [&](const std::string &name) { return std::find(keys.begin(), keys.end(), name) != keys.end(); };
    for (size_t f = 0; f < schema.fields.size(); ++f) {
        const Field &field = schema.fields[f];
        if (table && field.type.kind == TypeKind::Window) {
            for (const auto part : {SinkImage::Column::Part::Start, SinkImage::Column::Part::End}) {
                SinkImage::Column column;
                column.field = f;
                column.part = part;
                column.name = field.name + (part == SinkImage::Column::Part::Start ? "_start" : "_end");
                column.isKey = isKey(column.name);
                columns.push_back(std::move(column));
            }
        } else {
            SinkImage::Column column;
            column.field = f;
            column.name = field.name;
            column.isKey = table && isKey(column.name);
            columns.push_back(std::move(column));
        }
    }
    return columns;
}

// FileSink::addBatch: a part file per batch with rows; the manifest lists it.
void fillFiles(SinkImage &image, FileSink::Format format)
{
    const uint32_t last = static_cast<uint32_t>(image.reports.size() - 1);
    for (uint32_t r = 0; r <= last; ++r) {
        const BatchReport &report = *image.reports[r];
        if (report.emitted.numRows == 0)
            continue;
        image.files.push_back(SinkImage::File{FileSink::partFileName(report.batchId, format), report.batchId,
                                              static_cast<uint32_t>(image.rows.size()),
                                              static_cast<uint32_t>(report.emitted.numRows),
                                              std::string(FileSink::kManifestFolder) + "/"
                                                  + SparkFileSinkLog::fileName(report.batchId)});
        for (size_t row = 0; row < report.emitted.numRows; ++row)
            image.rows.push_back(SinkImage::Row{r, static_cast<uint32_t>(row),
                                                r == last ? SinkRowMark::New : SinkRowMark::None});
    }
}

// SqliteSink::addBatch, one transaction per batch.
void fillTable(SinkImage &image, OutputMode mode, const std::string &description)
{
    std::vector<size_t> keyColumns;
    for (size_t c = 0; c < image.columns.size(); ++c)
        if (image.columns[c].isKey)
            keyColumns.push_back(c);
    // The table's rows by primary key (SQLite: NULL never conflicts, so a key with a NULL part
    // is a row of its own) and, without a key, in insertion (rowid) order.
    std::unordered_map<std::string, SinkImage::Row> keyed;
    std::vector<std::pair<std::string, SinkImage::Row>> nullKeyed;
    std::vector<SinkImage::Row> plain;
    std::string key;
    const uint32_t last = static_cast<uint32_t>(image.reports.size() - 1);
    for (uint32_t r = 0; r <= last; ++r) {
        const ColumnBatch &rows = image.reports[r]->emitted;
        if (mode == OutputMode::Complete) { // DELETE FROM the table, then insert
            keyed.clear();
            nullKeyed.clear();
            plain.clear();
        }
        const SinkRowMark written = r == last && mode != OutputMode::Complete ? SinkRowMark::New : SinkRowMark::None;
        if (keyColumns.empty()) {
            for (size_t row = 0; row < rows.numRows; ++row)
                plain.push_back(SinkImage::Row{r, static_cast<uint32_t>(row), written});
            continue;
        }
        const auto keyOf = [&](size_t row, bool *hasNull) {
            key.clear();
            *hasNull = false;
            for (size_t c : keyColumns) {
                const Column &column = rows.columns[image.columns[c].field];
                *hasNull = *hasNull || column.isNull(row);
                appendSqlKey(key, column, row, image.columns[c].part);
            }
        };
        bool hasNull = false;
        if (mode == OutputMode::Append) {
            // INSERT: a key already in the table, or twice in the batch, rolls the batch back
            // and stops the query.
            std::unordered_set<std::string> seen;
            for (size_t row = 0; row < rows.numRows; ++row) {
                keyOf(row, &hasNull);
                if (hasNull)
                    continue;
                if (keyed.count(key) || !seen.insert(key).second) {
                    image.failure = SinkImage::Failure{
                        image.reports[r]->batchId, row,
                        description + ": batch " + std::to_string(image.reports[r]->batchId) + ": row "
                            + std::to_string(row) + " violates the table's primary key (append mode inserts; use "
                            + "update mode to upsert)"};
                    break;
                }
            }
            if (image.failure)
                break;
        }
        keyed.reserve(keyed.size() + rows.numRows);
        for (size_t row = 0; row < rows.numRows; ++row) {
            const SinkImage::Row ref{r, static_cast<uint32_t>(row), written};
            keyOf(row, &hasNull);
            if (hasNull) {
                nullKeyed.emplace_back(key, ref);
                continue;
            }
            auto [it, inserted] = keyed.try_emplace(key, ref); // ON CONFLICT DO UPDATE
            if (!inserted)
                it->second = SinkImage::Row{r, static_cast<uint32_t>(row),
                                            written == SinkRowMark::New ? SinkRowMark::Updated : written};
        }
    }
    if (image.failure) { // the failed batch committed nothing: no marks
        for (auto &entry : keyed)
            entry.second.mark = SinkRowMark::None;
        for (auto &entry : nullKeyed)
            entry.second.mark = SinkRowMark::None;
        for (auto &row : plain)
            row.mark = SinkRowMark::None;
    }
    if (keyColumns.empty()) {
        image.rows = std::move(plain);
        return;
    }
    // ORDER BY the primary key; rows with equal keys (only possible with a NULL part) in rowid order.
    std::vector<std::pair<std::string, SinkImage::Row>> ordered;
    ordered.reserve(keyed.size() + nullKeyed.size());
    for (const auto &entry : keyed)
        ordered.emplace_back(entry.first, entry.second);
    keyed.clear();
    std::move(nullKeyed.begin(), nullKeyed.end(), std::back_inserter(ordered));
    std::stable_sort(ordered.begin(), ordered.end(), [](const auto &x, const auto &y) {
        if (x.first != y.first)
            return x.first < y.first;
        return std::tie(x.second.report, x.second.row) < std::tie(y.second.report, y.second.row);
    });
    image.rows.reserve(ordered.size());
    for (const auto &entry : ordered)
        image.rows.push_back(entry.second);
}

} // namespace

Value SinkImage::value(size_t row, size_t column) const
{
    const Row &ref = rows[row];
    const Column &c = columns[column];
    const Value value = reports[ref.report]->emitted.get(ref.row, c.field);
    // SQLite stores a whole REAL as an integer, so -0.0 reads back as 0.0.
    if (kind == Kind::Table && !value.isNull() && value.type().kind == TypeKind::Double && value.asDouble() == 0)
        return Value::float64(0.0);
    if (value.isNull() || c.part == Column::Part::Whole)
        return value;
    return Value::timestamp(c.part == Column::Part::Start ? value.asWindow().startMicros : value.asWindow().endMicros);
}

const SinkImage::File *SinkImage::fileOf(size_t row) const
{
    const auto file = std::upper_bound(files.begin(), files.end(), row,
                                       [](size_t r, const File &f) { return r < f.firstRow; });
    if (file == files.begin())
        return nullptr;
    const File &candidate = *(file - 1);
    return row < size_t(candidate.firstRow) + candidate.numRows ? &candidate : nullptr;
}

bool hasSinkImage(const std::string &format)
{
    return format == "csv" || format == "json" || format == "parquet" || format == "sqlite";
}

SinkImage sinkImageAfter(const SinkSpec &sink, OutputMode mode, std::vector<const BatchReport *> reports)
{
    SinkImage image;
    if (!hasSinkImage(sink.format))
        return image;
    image.kind = sink.format == "sqlite" ? SinkImage::Kind::Table : SinkImage::Kind::Files;
    image.reports = std::move(reports);
    std::vector<std::string> keys;
    try {
        image.path = stringSinkOption(sink, "path");
        image.table = stringSinkOption(sink, "table");
        if (!image.reports.empty()) {
            const Schema &schema = image.reports.front()->emitted.schema;
            checkSinkOptions(sink, schema, mode);
            if (image.kind == SinkImage::Kind::Table)
                keys = SqliteSink::resolveKeyColumns(schema, keySinkOption(sink), mode);
        }
    } catch (const Error &e) {
        image.optionsError = e.message();
        image.reports.clear();
        return image;
    }
    if (image.reports.empty())
        return image;
    image.columns = imageColumns(image.reports.front()->emitted.schema, image.kind == SinkImage::Kind::Table, keys);
    if (image.kind == SinkImage::Kind::Files)
        fillFiles(image, FileSink::formatOf(sink.format));
    else
        fillTable(image, mode, "sqlite sink '" + image.path + "' table " + SqliteSink::quoteIdentifier(image.table));
    return image;
}

} // namespace streamstep
