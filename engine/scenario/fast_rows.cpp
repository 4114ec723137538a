#include "scenario/fast_rows.h"

#include "scenario/rows_fingerprint.h"

#include <simdjson.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <cstdlib>

namespace streamstep {

namespace {

namespace od = simdjson::ondemand;

static_assert(FastRowReader::kPadding >= simdjson::SIMDJSON_PADDING);

[[noreturn]] void refuse() { throw FastPathRefused{}; }

template <class T>
T take(simdjson::simdjson_result<T> &&result)
{
    T value;
    if (std::move(result).get(value) != simdjson::SUCCESS)
        refuse();
    return value;
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// RFC 8259's number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? — what the precise parser
// accepts (the on-demand parser hands out a number's token unchecked).
bool isJsonNumber(std::string_view t)
{
    size_t i = 0;
    const size_t n = t.size();
    if (i < n && t[i] == '-')
        ++i;
    if (i >= n)
        return false;
    if (t[i] == '0') {
        ++i;
    } else if (t[i] >= '1' && t[i] <= '9') {
        while (i < n && isDigit(t[i]))
            ++i;
    } else {
        return false;
    }
    if (i < n && t[i] == '.') {
        const size_t from = ++i;
        while (i < n && isDigit(t[i]))
            ++i;
        if (i == from)
            return false;
    }
    if (i < n && (t[i] == 'e' || t[i] == 'E')) {
        ++i;
        if (i < n && (t[i] == '+' || t[i] == '-'))
            ++i;
        const size_t from = i;
        while (i < n && isDigit(t[i]))
            ++i;
        if (i == from)
            return false;
    }
    return i == n;
}

std::string_view withoutTrailingBlanks(std::string_view t)
{
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t' || t.back() == '\n' || t.back() == '\r'))
        t.remove_suffix(1);
    return t;
}

const std::string kNoShownText;

Value converted(std::string_view text, const DataType &type)
{
    std::optional<Value> value = parseValueText(text, type, kNoShownText, nullptr);
    if (!value)
        refuse();
    return std::move(*value);
}

// A string's value. In a text without a backslash (`plain`) no string has an escape, so each is
// its text as it stands between the quotes (iterate() checked its UTF-8 and that it has no
// control character), read in place instead of unescaped into the parser's buffer.
std::string_view stringText(od::value &cell, bool plain)
{
    if (plain) {
        const std::string_view token = withoutTrailingBlanks(cell.raw_json_token());
        if (token.size() >= 2 && token.front() == '"' && token.back() == '"') {
            take(cell.get_raw_json_string()); // consumes the value (skipping it later costs more)
            return token.substr(1, token.size() - 2);
        }
    }
    return take(cell.get_string());
}

// readValue's rules (scenario_reader.cpp) for one cell; anything it would refuse is refused.
void appendCell(od::value cell, const DataType &type, Column &column, bool plain)
{
    switch (take(cell.type())) {
    case od::json_type::null:
        if (!take(cell.is_null()))
            refuse();
        column.appendNull();
        return;
    case od::json_type::boolean:
        if (type.kind != TypeKind::Boolean)
            refuse();
        column.appendInt(take(cell.get_bool()) ? 1 : 0);
        return;
    case od::json_type::number: {
        if (type.kind != TypeKind::Int && type.kind != TypeKind::Long && type.kind != TypeKind::Double
            && type.kind != TypeKind::Decimal)
            refuse();
        const std::string_view token = withoutTrailingBlanks(cell.raw_json_token());
        if (!isJsonNumber(token))
            refuse();
        // The precise parser refuses a number beyond a double's range, whatever the column.
        if ((token.size() > 300 || token.find_first_of("eE") != std::string_view::npos)
            && std::isinf(std::strtod(std::string(token).c_str(), nullptr)))
            refuse();
        column.append(converted(token, type));
        return;
    }
    case od::json_type::string: {
        const std::string_view text = stringText(cell, plain);
        if (text.size() > kMaxScenarioStringBytes)
            refuse();
        switch (type.kind) {
        case TypeKind::String: column.appendString(std::string(text)); return;
        case TypeKind::Timestamp: // into the column's storage, without a Value
            if (const std::optional<int64_t> micros = parseTimestampCell(text)) {
                column.appendInt(*micros);
                return;
            }
            refuse();
        case TypeKind::Decimal:
            if (const std::optional<Int128> unscaled = parseDecimalCell(text, type)) {
                column.appendDecimal(*unscaled);
                return;
            }
            refuse();
        case TypeKind::Double: {
            // Only the values a JSON number cannot hold: NaN, Infinity, -Infinity.
            const Value value = converted(text, type);
            if (std::isfinite(value.asDouble()))
                refuse();
            column.append(value);
            return;
        }
        default: refuse();
        }
    }
    case od::json_type::array:
    case od::json_type::object: break;
    }
    refuse();
}

} // namespace

struct FastRowReader::Impl {
    od::parser parser;
};

FastRowReader::FastRowReader(std::string_view text, size_t capacity)
    : m_text(text), m_capacity(capacity), m_impl(std::make_unique<Impl>())
{
}

FastRowReader::~FastRowReader() = default;

std::optional<std::vector<RowsSpan>> FastRowReader::locateRows()
{
    try {
        od::document doc = take(m_impl->parser.iterate(m_text.data(), m_text.size(), m_capacity));
        od::object top = take(doc.get_object());
        std::vector<RowsSpan> spans;
        bool stepsSeen = false;
        for (auto topField : top) {
            od::field field = take(std::move(topField));
            if (take(field.unescaped_key()) != "steps")
                continue;
            if (stepsSeen)
                return std::nullopt; // a duplicate key: the precise parser says so
            stepsSeen = true;
            od::array steps = take(field.value().get_array());
            size_t index = 0;
            for (auto stepValue : steps) {
                od::object step = take(take(std::move(stepValue)).get_object());
                bool rowsSeen = false;
                for (auto stepField : step) {
                    od::field entry = take(std::move(stepField));
                    if (take(entry.unescaped_key()) != "rows")
                        continue;
                    if (rowsSeen)
                        return std::nullopt;
                    rowsSeen = true;
                    od::array rows = take(entry.value().get_array());
                    const std::string_view raw = withoutTrailingBlanks(take(rows.raw_json()));
                    if (raw.size() < 2 || raw.front() != '[' || raw.back() != ']')
                        return std::nullopt;
                    const size_t begin = static_cast<size_t>(raw.data() - m_text.data());
                    spans.push_back(RowsSpan{index, begin, begin + raw.size()});
                }
                ++index;
            }
        }
        return spans;
    } catch (const FastPathRefused &) {
        return std::nullopt;
    }
}

namespace {

// What appendRow keeps from row to row of one text.
struct RowContext {
    std::vector<uint8_t> seen;       // per column: named in this row
    std::vector<int> keyColumns;     // the column the i-th key named in the last row
    std::vector<uint8_t> plainNames; // per column: a name no key can spell with an escape
    bool plain = false;              // the text has no backslash: no string has an escape

    RowContext(const Schema &schema, std::string_view text)
        : seen(schema.size()), plain(std::memchr(text.data(), '\\', text.size()) == nullptr)
    {
        for (const Field &field : schema.fields)
            plainNames.push_back(std::none_of(field.name.begin(), field.name.end(), [](char c) {
                return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20;
            }));
    }
};

// Appends one row (a JSON array in schema order or an object by column name) to the batch.
void appendRow(od::value row, const Schema &schema, ColumnBatch &batch, RowContext &context, size_t &numValues)
{
    std::vector<uint8_t> &seen = context.seen;
    std::vector<int> &keyColumns = context.keyColumns;
    const size_t numColumns = schema.size();
    ++numValues;
    switch (take(row.type())) {
    case od::json_type::array: {
        size_t c = 0;
        for (auto cell : take(row.get_array())) {
            if (c >= numColumns)
                refuse();
            appendCell(take(std::move(cell)), schema.fields[c].type, batch.columns[c], context.plain);
            ++c;
        }
        if (c != numColumns)
            refuse();
        numValues += numColumns;
        return;
    }
    case od::json_type::object: {
        std::fill(seen.begin(), seen.end(), 0);
        size_t i = 0;
        for (auto fieldResult : take(row.get_object())) {
            od::field field = take(std::move(fieldResult));
            // Rows of a file mostly spell their keys alike: the column the i-th key named in
            // the last row is tried first, exactly (on the key's text as it stands, when the
            // name has no quote or backslash that an escape could spell), before the
            // case-insensitive search on the unescaped key.
            if (i >= keyColumns.size())
                keyColumns.push_back(-1);
            int c = keyColumns[i];
            if (c < 0 || !context.plainNames[static_cast<size_t>(c)]
                || !field.key().unsafe_is_equal(schema.fields[static_cast<size_t>(c)].name)) {
                const std::string_view key = take(field.unescaped_key());
                if (c < 0 || schema.fields[static_cast<size_t>(c)].name != key) {
                    c = key.size() > kMaxScenarioStringBytes ? -1 : schema.indexOf(key);
                    keyColumns[i] = c;
                }
            }
            ++i;
            if (c < 0 || seen[c])
                refuse();
            seen[c] = 1;
            appendCell(field.value(), schema.fields[c].type, batch.columns[c], context.plain);
            ++numValues;
        }
        for (size_t c = 0; c < numColumns; ++c)
            if (!seen[c])
                batch.columns[c].appendNull();
        return;
    }
    default: refuse();
    }
}

// Reads the JSON array text[0, size) (padded up to capacity) into a batch, or appends its rows
// to `into`. With lineStarts, row i must begin exactly there (an NDJSON file's rows, one a line).
ColumnBatch readArray(od::parser &parser, const char *text, size_t size, size_t capacity, const Schema &schema,
                      size_t maxRows, size_t &numValues, const std::vector<size_t> *lineStarts = nullptr,
                      ColumnBatch *into = nullptr)
{
    od::document doc = take(parser.iterate(text, size, capacity));
    od::array rows = take(doc.get_array());
    // Counting first (a walk over the structural index) lets each column be allocated once.
    const size_t count = take(rows.count_elements());
    const size_t before = into ? into->numRows : 0;
    if (count > maxRows - before || (lineStarts && count != lineStarts->size()))
        refuse();
    ColumnBatch batch = into ? ColumnBatch() : ColumnBatch::empty(schema);
    ColumnBatch &out = into ? *into : batch;
    if (!into)
        for (Column &column : out.columns)
            column.reserve(count);
    RowContext context(schema, std::string_view(text, size));
    size_t numRows = 0;
    for (auto rowResult : rows) {
        od::value row = take(std::move(rowResult));
        if (numRows >= count)
            refuse();
        if (lineStarts && row.raw_json_token().data() != text + (*lineStarts)[numRows])
            refuse();
        appendRow(row, schema, out, context, numValues);
        ++numRows;
    }
    if (numRows != count)
        refuse();
    out.numRows = before + numRows;
    return batch;
}

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

} // namespace

ColumnBatch FastRowReader::readRows(const RowsSpan &span, const Schema &schema, size_t maxRows, size_t &numValues)
{
    return readArray(m_impl->parser, m_text.data() + span.begin, span.end - span.begin, m_capacity - span.begin,
                     schema, maxRows, numValues);
}

namespace {

// Rewrites buffer[1, 1 + size) (whole lines) into one JSON array in place and appends its rows.
void appendNdjsonChunk(od::parser &parser, std::string &buffer, size_t size, const Schema &schema, size_t maxRows,
                       ColumnBatch &batch)
{
    if (buffer.size() < size + 2 + FastRowReader::kPadding)
        refuse();
    // "[" row "," row … "]": each line break after a row becomes the comma before the next one
    // (blank lines stay blank), and each row must start where its line's text starts.
    char *text = buffer.data();
    text[0] = '[';
    std::vector<size_t> lineStarts;
    size_t pendingComma = 0; // the line break after the last row, 0 for none yet
    size_t at = 1;
    const size_t end = size + 1;
    while (at < end) {
        size_t first = at;
        while (first < end && isBlank(text[first]))
            ++first;
        const void *found = first < end ? std::memchr(text + first, '\n', end - first) : nullptr;
        const size_t lineEnd = found ? static_cast<size_t>(static_cast<const char *>(found) - text) : end;
        if (first < lineEnd) {
            if (pendingComma)
                text[pendingComma] = ',';
            lineStarts.push_back(first);
            if (lineStarts.size() > maxRows - batch.numRows)
                refuse();
            pendingComma = lineEnd < end ? lineEnd : 0;
        }
        at = lineEnd + 1;
    }
    text[end] = ']';
    size_t numValues = 0;
    readArray(parser, text, end + 1, buffer.size(), schema, maxRows, numValues, &lineStarts, &batch);
}

} // namespace

ColumnBatch readNdjsonRowsFast(std::string &buffer, size_t size, const Schema &schema, size_t maxRows)
{
    od::parser parser;
    ColumnBatch batch = ColumnBatch::empty(schema);
    appendNdjsonChunk(parser, buffer, size, schema, maxRows, batch);
    return batch;
}

ColumnBatch readNdjsonFileFast(std::FILE *file, size_t fileSize, const Schema &schema, size_t maxRows,
                               size_t chunkBytes, RowsFingerprinter *fingerprint)
{
    // A chunk of whole lines at a time: the file is never in memory whole, and the buffer's
    // pages are reused instead of faulted in afresh for every megabyte.
    std::string buffer(chunkBytes + 2 + FastRowReader::kPadding, ' ');
    od::parser parser;
    ColumnBatch batch = ColumnBatch::empty(schema);
    size_t carried = 0; // a partial last line, kept at buffer[1, 1 + carried)
    size_t consumed = 0;
    bool reserved = false;
    while (true) {
        const size_t room = buffer.size() - 2 - FastRowReader::kPadding - carried;
        const size_t n = std::fread(buffer.data() + 1 + carried, 1, room, file);
        if (n < room && std::ferror(file))
            refuse();
        const bool atEnd = n < room;
        const size_t have = carried + n;
        size_t use = have;
        if (!atEnd) {
            const void *last = memrchr(buffer.data() + 1, '\n', have);
            if (!last) { // one line longer than the buffer
                buffer.resize(buffer.size() * 2, ' ');
                carried = have;
                continue;
            }
            use = static_cast<size_t>(static_cast<const char *>(last) - (buffer.data() + 1)) + 1;
        }
        const std::string rest(buffer, 1 + use, have - use);
        const size_t before = batch.numRows;
        appendNdjsonChunk(parser, buffer, use, schema, maxRows, batch);
        if (fingerprint)
            fingerprint->add(batch, before);
        consumed += use;
        if (!reserved && !atEnd && batch.numRows > 0) {
            // Room for all rows at the first chunk's bytes per row (capacity not touched costs no memory).
            const double rows = static_cast<double>(batch.numRows) * static_cast<double>(fileSize)
                / static_cast<double>(consumed) * 1.05 + 16;
            for (Column &column : batch.columns)
                column.reserve(std::min(maxRows, static_cast<size_t>(rows)));
            reserved = true;
        }
        if (atEnd)
            return batch;
        std::memcpy(buffer.data() + 1, rest.data(), rest.size());
        carried = rest.size();
    }
}

std::string blankRows(std::string_view text, const std::vector<RowsSpan> &spans)
{
    std::string out;
    out.reserve(text.size() / 16 + 4096);
    size_t at = 0;
    for (const RowsSpan &span : spans) {
        out.append(text.substr(at, span.begin + 1 - at)); // up to and with '['
        const std::string_view inside = text.substr(span.begin + 1, span.end - 1 - (span.begin + 1));
        size_t lineStart = 0;
        for (size_t i = 0; i < inside.size(); ++i)
            if (inside[i] == '\n') {
                out += '\n';
                lineStart = i + 1;
            }
        // The last line keeps its width in characters (columns count UTF-8 characters).
        for (size_t i = lineStart; i < inside.size(); ++i)
            if ((static_cast<unsigned char>(inside[i]) & 0xC0) != 0x80)
                out += ' ';
        at = span.end - 1; // the ']'
    }
    out.append(text.substr(at));
    return out;
}

} // namespace streamstep
