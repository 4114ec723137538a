#include "sinks/csv_format.h"

#include "streamstep/error.h"
#include "streamstep/value_format.h"

#include <charconv>
#include <cstdint>
#include <cmath>
#include <cstdlib>

namespace streamstep {

namespace {

bool needsQuotes(std::string_view text)
{
    if (text.empty())
        return true; // an empty string, not NULL
    if (text.front() == ' ' || text.front() == '\t' || text.back() == ' ' || text.back() == '\t')
        return true;
    return text.find_first_of(",\"\r\n") != std::string_view::npos;
}

void appendField(std::string &out, std::string_view text)
{
    if (!needsQuotes(text)) {
        out += text;
        return;
    }
    out += '"';
    for (char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
}

// Appends a non-NULL cell of a column, read from its storage. Only strings can need quotes: the
// other forms never hold a comma, quote, line break or outer blank, and are never empty.
void appendCell(std::string &out, const Column &column, size_t row)
{
    switch (column.type().kind) {
    case TypeKind::Null:
    case TypeKind::Window: return; // unsupportedColumn: the query never gets here
    case TypeKind::String: appendField(out, column.strings()[row]); return;
    case TypeKind::Timestamp: appendTimestampIso(out, column.ints()[row]); return;
    default: appendDisplayText(out, column, row); return; // booleans and numbers as Spark casts them
    }
}

} // namespace

void CsvFormat::appendHeader(std::string &out, const Schema &schema)
{
    for (size_t c = 0; c < schema.fields.size(); ++c) {
        if (c)
            out += ',';
        appendField(out, schema.fields[c].name);
    }
    out += '\n';
}

void CsvFormat::appendRows(std::string &out, const ColumnBatch &batch, size_t begin, size_t end)
{
    for (size_t row = begin; row < end; ++row) {
        for (size_t c = 0; c < batch.columns.size(); ++c) {
            if (c)
                out += ',';
            const Column &column = batch.columns[c];
            if (!column.isNull(row))
                appendCell(out, column, row);
        }
        out += '\n';
    }
}

std::optional<std::string> CsvFormat::unsupportedColumn(const Schema &schema)
{
    for (const Field &f : schema.fields)
        if (f.type.kind == TypeKind::Window)
            return f.name;
    return std::nullopt;
}

std::vector<std::vector<CsvField>> CsvFormat::parse(std::string_view text)
{
    std::vector<std::vector<CsvField>> records;
    size_t i = 0;
    int line = 1;
    while (i < text.size()) {
        std::vector<CsvField> record;
        const int recordLine = line;
        for (;;) {
            CsvField field;
            if (i < text.size() && text[i] == '"') {
                field.quoted = true;
                ++i;
                for (;;) {
                    if (i >= text.size())
                        throw Error(ErrorKind::Runtime, "line " + std::to_string(recordLine)
                                                            + ": a quoted field is never closed");
                    if (text[i] == '"') {
                        if (i + 1 < text.size() && text[i + 1] == '"') {
                            field.text += '"';
                            i += 2;
                            continue;
                        }
                        ++i;
                        break;
                    }
                    if (text[i] == '\n')
                        ++line;
                    field.text += text[i++];
                }
                if (i < text.size() && text[i] != ',' && text[i] != '\n' && text[i] != '\r')
                    throw Error(ErrorKind::Runtime, "line " + std::to_string(line)
                                                        + ": text after the closing quote of a field");
            } else {
                while (i < text.size() && text[i] != ',' && text[i] != '\n' && text[i] != '\r')
                    field.text += text[i++];
            }
            record.push_back(std::move(field));
            if (i < text.size() && text[i] == ',') {
                ++i;
                continue;
            }
            break;
        }
        if (i < text.size() && text[i] == '\r')
            ++i;
        if (i < text.size() && text[i] == '\n') {
            ++i;
            ++line;
        }
        records.push_back(std::move(record));
    }
    return records;
}

std::vector<Value> CsvFormat::toRow(const std::vector<CsvField> &record, const Schema &schema)
{
    if (record.size() != schema.fields.size())
        throw Error(ErrorKind::Runtime, "a record has " + std::to_string(record.size())
                                            + " fields, the schema " + std::to_string(schema.fields.size()));
    std::vector<Value> row;
    row.reserve(record.size());
    for (size_t c = 0; c < record.size(); ++c) {
        const CsvField &f = record[c];
        const DataType &type = schema.fields[c].type;
        auto bad = [&] {
            return Error(ErrorKind::Runtime, "column '" + schema.fields[c].name + "': '" + f.text
                                                 + "' is not a " + type.sparkName());
        };
        if (f.text.empty() && !f.quoted) {
            row.push_back(Value::null());
            continue;
        }
        const char *begin = f.text.data();
        const char *end = begin + f.text.size();
        switch (type.kind) {
        case TypeKind::String: row.push_back(Value::string(f.text)); break;
        case TypeKind::Boolean:
            if (f.text != "true" && f.text != "false")
                throw bad();
            row.push_back(Value::boolean(f.text == "true"));
            break;
        case TypeKind::Int:
        case TypeKind::Long: {
            int64_t v = 0;
            const auto [ptr, ec] = std::from_chars(begin, end, v);
            if (ec != std::errc() || ptr != end
                || (type.kind == TypeKind::Int && (v < INT32_MIN || v > INT32_MAX)))
                throw bad();
            row.push_back(type.kind == TypeKind::Int ? Value::int32(static_cast<int32_t>(v)) : Value::int64(v));
            break;
        }
        case TypeKind::Double: {
            if (f.text == "NaN")
                row.push_back(Value::float64(std::nan("")));
            else if (f.text == "Infinity" || f.text == "-Infinity")
                row.push_back(Value::float64(f.text[0] == '-' ? -HUGE_VAL : HUGE_VAL));
            else {
                char *stop = nullptr;
                const double v = std::strtod(f.text.c_str(), &stop);
                if (stop != f.text.c_str() + f.text.size())
                    throw bad();
                row.push_back(Value::float64(v));
            }
            break;
        }
        case TypeKind::Decimal: {
            const auto d = parseDecimalText(f.text);
            if (!d || d->scale > type.scale)
                throw bad();
            row.push_back(Value::decimal(d->unscaled, type.precision, d->scale));
            break;
        }
        case TypeKind::Timestamp: {
            const auto micros = parseTimestamp(f.text);
            if (!micros)
                throw bad();
            row.push_back(Value::timestamp(*micros));
            break;
        }
        default: throw bad();
        }
    }
    return row;
}

} // namespace streamstep
