#include "streamstep/sink_image.h"

#include "sinks/file_sink.h"
#include "sinks/sink.h"
#include "sinks/sink_options.h"
#include "sinks/sqlite_sink.h"
#include "streamstep/value_format.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace streamstep {

namespace {

// A key cell as SQLite compares and orders it (BINARY collation): NULL < numbers < text. The
// sink binds booleans, ints and longs as integers, doubles as REAL ('NaN' as text, which
// SQLite would otherwise store as NULL), decimals and timestamps as text (SqliteSink::bindRow).
struct SqlValue {
    int storageClass = 0; // 0 NULL, 1 number, 2 text
    long double number = 0;
    std::string text;

    friend bool operator<(const SqlValue &a, const SqlValue &b)
    {
        if (a.storageClass != b.storageClass)
            return a.storageClass < b.storageClass;
        if (a.storageClass == 1)
            return a.number < b.number;
        return a.text < b.text;
    }
};

SqlValue sqlValue(const Value &value)
{
    SqlValue v;
    if (value.isNull())
        return v;
    switch (value.type().kind) {
    case TypeKind::Boolean: v.storageClass = 1; v.number = value.asBool() ? 1 : 0; break;
    case TypeKind::Int: v.storageClass = 1; v.number = value.asInt(); break;
    case TypeKind::Long: v.storageClass = 1; v.number = static_cast<long double>(value.asLong()); break;
    case TypeKind::Double:
        if (std::isnan(value.asDouble())) {
            v.storageClass = 2;
            v.text = "NaN";
        } else {
            v.storageClass = 1;
            v.number = value.asDouble();
        }
        break;
    case TypeKind::Decimal:
        v.storageClass = 2;
        v.text = formatDecimal(value.asDecimal().unscaled, value.asDecimal().scale);
        break;
    case TypeKind::Timestamp: v.storageClass = 2; v.text = formatTimestamp(value.asTimestamp()); break;
    default: v.storageClass = 2; v.text = toDisplayString(value); break;
    }
    return v;
}

using SqlKey = std::vector<SqlValue>;

std::string lowerText(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

// The reader's columns: SqliteSink::tableColumns for a table, the result columns for files.
std::vector<SinkImage::Column> imageColumns(const Schema &schema, bool table, const std::vector<std::string> &keys)
{
    std::vector<SinkImage::Column> columns;
    const auto isKey = [&](const std::string &name) {
        return std::any_of(keys.begin(), keys.end(), [&](const std::string &k) { return lowerText(k) == lowerText(name); });
    };
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
                                              static_cast<uint32_t>(report.emitted.numRows)});
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
    // Keyed rows ordered by primary key (as the sink reads them back; NULL never conflicts in
    // SQLite and sorts lowest) and, without a key, rows in insertion (rowid) order.
    std::map<SqlKey, SinkImage::Row> keyed;
    std::vector<std::pair<SqlKey, SinkImage::Row>> nullKeyed;
    std::vector<SinkImage::Row> plain;
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
        std::vector<std::pair<SqlKey, bool>> keys(rows.numRows); // key, has a NULL
        for (size_t row = 0; row < rows.numRows; ++row) {
            for (size_t c : keyColumns) {
                const SinkImage::Column &column = image.columns[c];
                Value value = rows.get(row, column.field);
                if (!value.isNull() && column.part != SinkImage::Column::Part::Whole)
                    value = Value::timestamp(column.part == SinkImage::Column::Part::Start ? value.asWindow().startMicros
                                                                                         : value.asWindow().endMicros);
                keys[row].first.push_back(sqlValue(value));
                keys[row].second = keys[row].second || value.isNull();
            }
        }
        if (mode == OutputMode::Append) {
            // INSERT: a key already in the table, or twice in the batch, rolls the batch back
            // and stops the query.
            std::set<SqlKey> seen;
            for (size_t row = 0; row < rows.numRows; ++row) {
                if (keys[row].second)
                    continue;
                if (keyed.count(keys[row].first) || !seen.insert(keys[row].first).second) {
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
        for (size_t row = 0; row < rows.numRows; ++row) {
            const SinkImage::Row ref{r, static_cast<uint32_t>(row), written};
            if (keys[row].second) {
                nullKeyed.emplace_back(std::move(keys[row].first), ref);
                continue;
            }
            auto [it, inserted] = keyed.insert_or_assign(std::move(keys[row].first), ref); // ON CONFLICT DO UPDATE
            if (!inserted && written == SinkRowMark::New)
                it->second.mark = SinkRowMark::Updated;
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
    std::stable_sort(nullKeyed.begin(), nullKeyed.end(), [](const auto &x, const auto &y) { return x.first < y.first; });
    image.rows.reserve(nullKeyed.size() + keyed.size());
    for (const auto &entry : nullKeyed)
        image.rows.push_back(entry.second);
    for (const auto &entry : keyed)
        image.rows.push_back(entry.second);
}

} // namespace

Value SinkImage::value(size_t row, size_t column) const
{
    const Row &ref = rows[row];
    const Column &c = columns[column];
    const Value value = reports[ref.report]->emitted.get(ref.row, c.field);
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
    return format == "csv" || format == "json" || format == "sqlite";
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
        fillFiles(image, sink.format == "csv" ? FileSink::Format::Csv : FileSink::Format::Json);
    else
        fillTable(image, mode, "sqlite sink '" + image.path + "' table " + SqliteSink::quoteIdentifier(image.table));
    return image;
}

} // namespace streamstep
