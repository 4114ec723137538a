#include "operators/flow.h"

#include "operators/group_table.h"

#include <cstring>
#include <limits>

namespace streamstep {

void Flow::fillOrigin()
{
    const size_t n = numRows();
    if (!tracksOrigin || origin.size() == n)
        return;
    origin.resize(n);
    for (size_t r = 0; r < n; ++r)
        origin[r] = static_cast<uint32_t>(r);
}

void Flow::own(const std::vector<uint8_t> *live)
{
    if (!borrowed)
        return;
    fillOrigin();
    const ColumnBatch &from = *borrowed;
    batch.schema = from.schema;
    batch.numRows = from.numRows;
    batch.columns.clear();
    batch.columns.reserve(from.columns.size());
    for (size_t c = 0; c < from.columns.size(); ++c) {
        if (!live || (c < live->size() && (*live)[c]))
            batch.columns.push_back(from.columns[c]);
        else
            batch.columns.emplace_back(from.columns[c].type());
    }
    if (appended) {
        batch.schema = *appendedSchema;
        appendedSchema = nullptr;
        batch.columns.push_back(*appended);
        appended = nullptr;
    }
    borrowed = nullptr;
}

Flow Flow::gather(const std::vector<uint32_t> &rows) const
{
    const ColumnBatch &from = this->rows();
    Flow out;
    out.batch.schema = from.schema;
    out.batch.columns.reserve(from.columns.size());
    for (const Column &c : from.columns) {
        out.batch.columns.emplace_back(c.type());
        if (!isPruned(c, from.numRows))
            out.batch.columns.back().appendRows(c, rows);
    }
    out.batch.numRows = rows.size();
    out.tracksOrigin = tracksOrigin;
    out.unexpandedWindows = unexpandedWindows;
    if (tracksOrigin) {
        out.origin.resize(rows.size());
        for (size_t i = 0; i < rows.size(); ++i)
            out.origin[i] = originOf(rows[i]);
    }
    return out;
}

void Flow::retain(const std::vector<uint8_t> &keep)
{
    const std::vector<uint32_t> rows = keptRows(keep);
    if (borrowed) {
        *this = gather(rows);
        return;
    }
    for (Column &c : batch.columns)
        if (!isPruned(c, batch.numRows))
            c.retainRows(rows);
    if (tracksOrigin) {
        for (size_t j = 0; j < rows.size(); ++j)
            origin[j] = origin[rows[j]];
        origin.resize(rows.size());
    }
    batch.numRows = rows.size();
}

Flow expandWindows(const Flow &flow)
{
    if (!flow.unexpandedWindows)
        return flow;
    const UnexpandedWindows &w = *flow.unexpandedWindows;
    const Column &latest = flow.rows().columns[static_cast<size_t>(w.column)];
    const size_t n = flow.rows().numRows;
    std::vector<uint32_t> rows;
    rows.reserve(n * static_cast<size_t>(w.count));
    Column windows(DataType::window());
    windows.reserve(n * static_cast<size_t>(w.count));
    const std::span<const int64_t> starts = latest.ints();
    const std::span<const int64_t> ends = latest.ends();
    for (size_t r = 0; r < n; ++r) {
        for (int64_t i = 0; i < w.count; ++i) {
            rows.push_back(static_cast<uint32_t>(r));
            windows.appendWindow(starts[r] - i * w.slideMicros, ends[r] - i * w.slideMicros);
        }
    }
    Flow out = flow.gather(rows);
    out.unexpandedWindows.reset();
    out.batch.columns[static_cast<size_t>(w.column)] = std::move(windows);
    return out;
}

const Column &evaluateColumn(const expr::BoundExpr &expression, const ColumnBatch &batch,
                             const expr::EvalContext &context, Column &storage)
{
    if (expression.columnIndex)
        return batch.columns[static_cast<size_t>(*expression.columnIndex)];
    storage = expression.evaluate(batch, context);
    return storage;
}

namespace {

void appendBigEndian(std::string &out, uint64_t v)
{
    char bytes[8];
    for (int i = 7; i >= 0; --i) {
        bytes[i] = static_cast<char>(v & 0xff);
        v >>= 8;
    }
    out.append(bytes, 8);
}

void appendSigned(std::string &out, int64_t v)
{
    appendBigEndian(out, static_cast<uint64_t>(v) ^ (uint64_t(1) << 63));
}

} // namespace

void encodeKeyValue(std::string &out, const Column &column, size_t row)
{
    if (column.isNull(row)) {
        out.push_back('\0');
        return;
    }
    out.push_back('\1');
    switch (column.type().kind) {
    case TypeKind::Null: break;
    case TypeKind::Boolean:
    case TypeKind::Int:
    case TypeKind::Long:
    case TypeKind::Timestamp: appendSigned(out, column.ints()[row]); break;
    case TypeKind::Window:
        appendSigned(out, column.ints()[row]);
        appendSigned(out, column.ends()[row]);
        break;
    case TypeKind::Double: {
        double d = column.doubles()[row];
        if (d == 0.0)
            d = 0.0; // Spark normalizes -0.0 and NaN in grouping keys
        if (d != d)
            d = std::numeric_limits<double>::quiet_NaN();
        uint64_t bits;
        std::memcpy(&bits, &d, sizeof bits);
        bits = (bits & (uint64_t(1) << 63)) ? ~bits : bits | (uint64_t(1) << 63);
        appendBigEndian(out, bits);
        break;
    }
    case TypeKind::Decimal: {
        const Int128 v = column.decimals()[row];
        const unsigned __int128 u = static_cast<unsigned __int128>(v) ^ (static_cast<unsigned __int128>(1) << 127);
        appendBigEndian(out, static_cast<uint64_t>(u >> 64));
        appendBigEndian(out, static_cast<uint64_t>(u));
        break;
    }
    case TypeKind::String:
        // Bytes in order with 0x00 escaped, then a 0x00 0x00 terminator: bytewise order of
        // the encodings is the UTF-8 byte order Spark sorts strings by.
        for (char c : column.strings()[row]) {
            out.push_back(c);
            if (c == '\0')
                out.push_back('\xff');
        }
        out.push_back('\0');
        out.push_back('\0');
        break;
    }
}

bool lessRow(const std::vector<Value> &a, const std::vector<Value> &b)
{
    for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
        int c = compareValues(a[i], b[i]);
        if (c != 0)
            return c < 0;
    }
    return a.size() < b.size();
}

std::optional<int64_t> eventTimeOf(const Value &value)
{
    if (value.isNull())
        return std::nullopt;
    if (value.type().kind == TypeKind::Window)
        return value.asWindow().endMicros;
    if (value.type().kind == TypeKind::Timestamp)
        return value.asTimestamp();
    return std::nullopt;
}

} // namespace streamstep
