#include "streamstep/column_batch.h"
#include "types/text.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace streamstep {

static Int128 pow10i(int n)
{
    Int128 r = 1;
    for (int i = 0; i < n; ++i)
        r *= 10;
    return r;
}

Value Column::get(size_t row) const
{
    if (nulls[row])
        return Value::null();
    switch (m_type.kind) {
    case TypeKind::Null: return Value::null();
    case TypeKind::Boolean: return Value::boolean(ints[row] != 0);
    case TypeKind::Int: return Value::int32(static_cast<int32_t>(ints[row]));
    case TypeKind::Long: return Value::int64(ints[row]);
    case TypeKind::Double: return Value::float64(doubles[row]);
    case TypeKind::Decimal: return Value::decimal(decimals[row], m_type.precision, m_type.scale);
    case TypeKind::String: return Value::string(strings[row]);
    case TypeKind::Timestamp: return Value::timestamp(ints[row]);
    case TypeKind::Window: return Value::window(ints[row], ends[row]);
    }
    return Value::null();
}

void Column::appendNull()
{
    nulls.push_back(1);
    switch (m_type.kind) {
    case TypeKind::Null: break;
    case TypeKind::Boolean:
    case TypeKind::Int:
    case TypeKind::Long:
    case TypeKind::Timestamp: ints.push_back(0); break;
    case TypeKind::Window:
        ints.push_back(0);
        ends.push_back(0);
        break;
    case TypeKind::Double: doubles.push_back(0.0); break;
    case TypeKind::Decimal: decimals.push_back(0); break;
    case TypeKind::String: strings.emplace_back(); break;
    }
}

void Column::append(const Value &value)
{
    if (value.isNull()) {
        appendNull();
        return;
    }
    switch (m_type.kind) {
    case TypeKind::Null: throw std::logic_error("non-null value appended to a NULL-typed column");
    case TypeKind::Boolean: ints.push_back(value.asBool() ? 1 : 0); break;
    case TypeKind::Int:
    case TypeKind::Long:
        if (value.type().kind == TypeKind::Int)
            ints.push_back(value.asInt());
        else
            ints.push_back(value.asLong());
        break;
    case TypeKind::Timestamp: ints.push_back(value.asTimestamp()); break;
    case TypeKind::Window:
        ints.push_back(value.asWindow().startMicros);
        ends.push_back(value.asWindow().endMicros);
        break;
    case TypeKind::Double: doubles.push_back(value.asDouble()); break;
    case TypeKind::Decimal: {
        const Decimal &d = value.asDecimal();
        Int128 u = d.unscaled;
        if (d.scale < m_type.scale)
            u *= pow10i(m_type.scale - d.scale);
        else if (d.scale > m_type.scale)
            u /= pow10i(d.scale - m_type.scale);
        decimals.push_back(u);
        break;
    }
    case TypeKind::String: strings.push_back(value.asString()); break;
    }
    nulls.push_back(0);
}

void Column::appendFrom(const Column &other, size_t row)
{
    nulls.push_back(other.nulls[row]);
    switch (m_type.kind) {
    case TypeKind::Null: break;
    case TypeKind::Boolean:
    case TypeKind::Int:
    case TypeKind::Long:
    case TypeKind::Timestamp: ints.push_back(other.ints[row]); break;
    case TypeKind::Window:
        ints.push_back(other.ints[row]);
        ends.push_back(other.ends[row]);
        break;
    case TypeKind::Double: doubles.push_back(other.doubles[row]); break;
    case TypeKind::Decimal: decimals.push_back(other.decimals[row]); break;
    case TypeKind::String: strings.push_back(other.strings[row]); break;
    }
}

void Column::reserve(size_t n)
{
    nulls.reserve(n);
    switch (m_type.kind) {
    case TypeKind::Null: break;
    case TypeKind::Boolean:
    case TypeKind::Int:
    case TypeKind::Long:
    case TypeKind::Timestamp: ints.reserve(n); break;
    case TypeKind::Window:
        ints.reserve(n);
        ends.reserve(n);
        break;
    case TypeKind::Double: doubles.reserve(n); break;
    case TypeKind::Decimal: decimals.reserve(n); break;
    case TypeKind::String: strings.reserve(n); break;
    }
}

Column Column::gather(const std::vector<uint32_t> &rows) const
{
    Column out(m_type);
    out.reserve(rows.size());
    for (uint32_t r : rows)
        out.appendFrom(*this, r);
    return out;
}

Column Column::repeat(DataType type, const Value &value, size_t n)
{
    Column out(type);
    out.reserve(n);
    for (size_t i = 0; i < n; ++i)
        out.append(value);
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
