#include "streamstep/column_batch.h"
#include "types/text.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <stdexcept>
#include <type_traits>

namespace streamstep {

static Int128 pow10i(int n)
{
    Int128 r = 1;
    for (int i = 0; i < n; ++i)
        r *= 10;
    return r;
}

template <class Self, class Other, class F>
void Column::forEachStorage(Self &self, Other &other, F &&f)
{
    f(self.m_nulls, other.m_nulls);
    forEachValueStorage(self, other, f);
}

template <class Self, class Other, class F>
void Column::forEachValueStorage(Self &self, Other &other, F &&f)
{
    const unsigned used = storageOf(self.m_type.kind);
    if (used & kInts)
        f(self.m_ints, other.m_ints);
    if (used & kEnds)
        f(self.m_ends, other.m_ends);
    if (used & kDoubles)
        f(self.m_doubles, other.m_doubles);
    if (used & kDecimals)
        f(self.m_decimals, other.m_decimals);
    if (used & kStrings)
        f(self.m_strings, other.m_strings);
}

Column Column::zeros(DataType type, size_t n)
{
    Column c(type);
    forEachStorage(c, c, [n](auto &values, auto &) { values.resize(n); });
    if (type.kind == TypeKind::Null)
        c.m_nulls.assign(n, 1);
    return c;
}

Column Column::ofInts(DataType type, std::vector<uint8_t> nulls, std::vector<int64_t> ints)
{
    Column c(type);
    c.requireStorage(kInts);
    STREAMSTEP_CHECK(type.kind != TypeKind::Window && ints.size() == nulls.size(), "int storage of another length");
    c.m_nulls = std::move(nulls);
    c.m_ints = std::move(ints);
    return c;
}

Column Column::ofWindows(std::vector<uint8_t> nulls, std::vector<int64_t> starts, std::vector<int64_t> ends)
{
    STREAMSTEP_CHECK(starts.size() == nulls.size() && ends.size() == nulls.size(), "window storage of another length");
    Column c(DataType::window());
    c.m_nulls = std::move(nulls);
    c.m_ints = std::move(starts);
    c.m_ends = std::move(ends);
    return c;
}

void Column::copyValue(size_t to, const Column &source, size_t from)
{
    forEachValueStorage(*this, source, [to, from](auto &out, const auto &in) { out[to] = in[from]; });
}

void Column::setNulls(std::span<const uint8_t> nulls)
{
    STREAMSTEP_CHECK(nulls.size() == m_nulls.size(), "null flags of another length");
    std::copy(nulls.begin(), nulls.end(), m_nulls.begin());
}

Value Column::get(size_t row) const
{
    if (m_nulls[row])
        return Value::null();
    switch (m_type.kind) {
    case TypeKind::Null: return Value::null();
    case TypeKind::Boolean: return Value::boolean(m_ints[row] != 0);
    case TypeKind::Int: return Value::int32(static_cast<int32_t>(m_ints[row]));
    case TypeKind::Long: return Value::int64(m_ints[row]);
    case TypeKind::Double: return Value::float64(m_doubles[row]);
    case TypeKind::Decimal: return Value::decimal(m_decimals[row], m_type.precision, m_type.scale);
    case TypeKind::String: return Value::string(m_strings[row]);
    case TypeKind::Timestamp: return Value::timestamp(m_ints[row]);
    case TypeKind::Window: return Value::window(m_ints[row], m_ends[row]);
    }
    return Value::null();
}

void Column::appendNull()
{
    forEachStorage(*this, *this, [](auto &values, auto &) { values.emplace_back(); });
    m_nulls.back() = 1;
}

void Column::append(const Value &value)
{
    if (value.isNull()) {
        appendNull();
        return;
    }
    switch (m_type.kind) {
    case TypeKind::Null: throw std::logic_error("non-null value appended to a NULL-typed column");
    case TypeKind::Boolean: m_ints.push_back(value.asBool() ? 1 : 0); break;
    case TypeKind::Int:
    case TypeKind::Long:
        if (value.type().kind == TypeKind::Int)
            m_ints.push_back(value.asInt());
        else
            m_ints.push_back(value.asLong());
        break;
    case TypeKind::Timestamp: m_ints.push_back(value.asTimestamp()); break;
    case TypeKind::Window:
        m_ints.push_back(value.asWindow().startMicros);
        m_ends.push_back(value.asWindow().endMicros);
        break;
    case TypeKind::Double: m_doubles.push_back(value.asDouble()); break;
    case TypeKind::Decimal: {
        const Decimal &d = value.asDecimal();
        Int128 u = d.unscaled;
        if (d.scale < m_type.scale)
            u *= pow10i(m_type.scale - d.scale);
        else if (d.scale > m_type.scale)
            u /= pow10i(d.scale - m_type.scale);
        m_decimals.push_back(u);
        break;
    }
    case TypeKind::String: m_strings.push_back(value.asString()); break;
    }
    m_nulls.push_back(0);
}

void Column::appendFrom(const Column &other, size_t row)
{
    forEachStorage(*this, other, [row](auto &out, const auto &in) { out.push_back(in[row]); });
}

void Column::appendRows(const Column &from, const std::vector<uint32_t> &rows)
{
    // reserve + push_back rather than resize + assign: no zero-filling pass over the output
    // before it is written (the gather is memory-bound on big batches).
    forEachStorage(*this, from, [&rows](auto &out, const auto &in) {
        const size_t needed = out.size() + rows.size();
        if (needed > out.capacity()) // geometric, for columns appended to again and again
            out.reserve(std::max(needed, out.capacity() * 2));
        for (uint32_t r : rows)
            out.push_back(in[r]);
    });
}

void Column::appendRange(const Column &from, size_t begin, size_t end)
{
    if (end <= begin)
        return;
    if (m_type != from.m_type) {
        for (size_t r = begin; r < end; ++r)
            append(from.get(r));
        return;
    }
    forEachStorage(*this, from, [&](auto &out, const auto &in) {
        out.insert(out.end(), in.begin() + static_cast<std::ptrdiff_t>(begin), in.begin() + static_cast<std::ptrdiff_t>(end));
    });
}

void Column::insertRows(size_t at, const Column &from)
{
    forEachStorage(*this, from, [at](auto &out, const auto &in) {
        out.insert(out.begin() + static_cast<std::ptrdiff_t>(at), in.begin(), in.end());
    });
}

void Column::eraseRows(size_t first, size_t count)
{
    forEachStorage(*this, *this, [first, count](auto &values, auto &) {
        values.erase(values.begin() + static_cast<std::ptrdiff_t>(first),
                     values.begin() + static_cast<std::ptrdiff_t>(first + count));
    });
}

void Column::retainRows(const std::vector<uint32_t> &rows)
{
    forEachStorage(*this, *this, [&rows](auto &values, auto &) {
        using T = typename std::decay_t<decltype(values)>::value_type;
        if constexpr (std::is_same_v<T, std::string>) {
            if (rows.size() < values.size()) {
                // Into a fresh vector: move construction is cheaper than move assignment.
                std::vector<std::string> kept;
                kept.reserve(rows.size());
                for (uint32_t r : rows)
                    kept.emplace_back(std::move(values[r]));
                values = std::move(kept);
            }
        } else {
            for (size_t j = 0; j < rows.size(); ++j)
                values[j] = values[rows[j]];
            values.resize(rows.size());
        }
    });
}

void Column::truncate(size_t n)
{
    forEachStorage(*this, *this, [n](auto &values, auto &) {
        if (values.size() > n)
            values.resize(n);
    });
}

void Column::resize(size_t n)
{
    const size_t before = size();
    forEachStorage(*this, *this, [n](auto &values, auto &) { values.resize(n); });
    if (m_type.kind == TypeKind::Null && n > before)
        std::fill(m_nulls.begin() + static_cast<std::ptrdiff_t>(before), m_nulls.end(), uint8_t(1));
}

void Column::reserve(size_t n)
{
    forEachStorage(*this, *this, [n](auto &values, auto &) { values.reserve(n); });
}

bool Column::sameStorage(const Column &other) const
{
    if (m_type != other.m_type)
        return false;
    bool same = true;
    forEachStorage(*this, other, [&same](const auto &a, const auto &b) {
        using T = typename std::decay_t<decltype(a)>::value_type;
        if constexpr (std::is_same_v<T, double>)
            // Bit for bit (NaN equals NaN, 0.0 differs from -0.0); an empty vector may have no buffer,
            // and memcmp must not be given a null pointer even for zero bytes.
            same = same && a.size() == b.size()
                   && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
        else
            same = same && a == b;
    });
    return same;
}

int64_t Column::capacityBytes() const
{
    int64_t bytes = 0;
    forEachStorage(*this, *this, [&bytes](const auto &values, const auto &) {
        bytes += static_cast<int64_t>(values.capacity() * sizeof(values[0]));
    });
    return bytes;
}

Column Column::gather(const std::vector<uint32_t> &rows) const
{
    Column out(m_type);
    out.appendRows(*this, rows);
    return out;
}

Column Column::repeat(DataType type, const Value &value, size_t n)
{
    Column one(type);
    one.append(value); // converts like append (decimal rescale, int/long)
    Column out(type);
    forEachStorage(out, one, [n](auto &values, const auto &single) { values.assign(n, single[0]); });
    return out;
}

int Schema::indexOf(std::string_view name) const
{
    for (size_t i = 0; i < fields.size(); ++i)
        if (equalsIgnoreCase(fields[i].name, name))
            return static_cast<int>(i);
    return -1;
}

int Schema::eventTimeIndex() const
{
    for (size_t i = 0; i < fields.size(); ++i)
        if (fields[i].isEventTime())
            return static_cast<int>(i);
    return -1;
}

ColumnBatch ColumnBatch::empty(const Schema &schema)
{
    ColumnBatch b;
    b.schema = schema;
    b.columns.reserve(schema.fields.size()); // one allocation, no Column moved while growing
    for (const Field &f : schema.fields)
        b.columns.emplace_back(f.type);
    return b;
}

ColumnBatch ColumnBatch::gather(const std::vector<uint32_t> &rows) const
{
    ColumnBatch out;
    out.schema = schema;
    out.columns.reserve(columns.size());
    for (const Column &c : columns)
        out.columns.push_back(c.gather(rows));
    out.numRows = rows.size();
    return out;
}

void ColumnBatch::appendRow(const std::vector<Value> &row)
{
    for (size_t c = 0; c < columns.size(); ++c)
        columns[c].append(row[c]);
    ++numRows;
}

std::vector<Value> ColumnBatch::row(size_t r) const
{
    std::vector<Value> out;
    out.reserve(columns.size());
    for (const Column &c : columns)
        out.push_back(c.get(r));
    return out;
}

} // namespace streamstep
