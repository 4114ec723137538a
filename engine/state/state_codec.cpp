#include "state/state_codec.h"

#include <cstring>

namespace streamstep {

void StateWriter::writeValue(const Value &value)
{
    const DataType type = value.type();
    writeU8(static_cast<uint8_t>(type.kind));
    switch (type.kind) {
    case TypeKind::Null: break;
    case TypeKind::Boolean: writeU8(value.asBool() ? 1 : 0); break;
    case TypeKind::Int: writeI64(value.asInt()); break;
    case TypeKind::Long: writeI64(value.asLong()); break;
    case TypeKind::Double: writeDouble(value.asDouble()); break;
    case TypeKind::Decimal:
        writeI128(value.asDecimal().unscaled);
        writeI64(value.asDecimal().precision);
        writeI64(value.asDecimal().scale);
        break;
    case TypeKind::String: writeString(value.asString()); break;
    case TypeKind::Timestamp: writeI64(value.asTimestamp()); break;
    case TypeKind::Window:
        writeI64(value.asWindow().startMicros);
        writeI64(value.asWindow().endMicros);
        break;
    }
}

void StateWriter::writeValues(const std::vector<Value> &values)
{
    writeI64(static_cast<int64_t>(values.size()));
    for (const Value &v : values)
        writeValue(v);
}

void StateWriter::writeAggregateState(const expr::AggregateState &state)
{
    writeI128(state.sum);
    writeDouble(state.doubleSum);
    writeI64(state.count);
    writeU8(static_cast<uint8_t>((state.isSet ? 1 : 0) | (state.overflow ? 2 : 0)));
    writeValue(state.value);
}

void StateWriter::writeAggregateStates(const std::vector<std::vector<expr::AggregateState>> &states)
{
    writeI64(static_cast<int64_t>(states.size()));
    for (const auto &calls : states) {
        writeI64(static_cast<int64_t>(calls.size()));
        for (const auto &s : calls)
            writeAggregateState(s);
    }
}

void StateWriter::writeBatch(const ColumnBatch &batch)
{
    writeI64(static_cast<int64_t>(batch.numRows));
    for (size_t r = 0; r < batch.numRows; ++r)
        for (size_t c = 0; c < batch.columns.size(); ++c)
            writeValue(batch.get(r, c));
}

void StateReader::need(size_t n) const
{
    if (m_bytes.size() - m_offset < n)
        throw Error(ErrorKind::Runtime, "state snapshot is truncated");
}

uint8_t StateReader::readU8()
{
    need(1);
    return static_cast<uint8_t>(m_bytes[m_offset++]);
}

// The next sizeof(T) bytes as a T, in the machine's byte order (as StateWriter wrote them).
template <typename T>
T StateReader::readRaw()
{
    need(sizeof(T));
    T v;
    std::memcpy(&v, m_bytes.data() + m_offset, sizeof v);
    m_offset += sizeof v;
    return v;
}

int64_t StateReader::readI64() { return readRaw<int64_t>(); }
Int128 StateReader::readI128() { return readRaw<Int128>(); }
double StateReader::readDouble() { return readRaw<double>(); }

std::string StateReader::readString()
{
    const int64_t size = readI64();
    if (size < 0)
        throw Error(ErrorKind::Runtime, "state snapshot is damaged (negative length)");
    need(static_cast<size_t>(size));
    std::string s = m_bytes.substr(m_offset, static_cast<size_t>(size));
    m_offset += static_cast<size_t>(size);
    return s;
}

Value StateReader::readValue()
{
    const uint8_t tag = readU8();
    switch (static_cast<TypeKind>(tag)) {
    case TypeKind::Null: return Value::null();
    case TypeKind::Boolean: return Value::boolean(readU8() != 0);
    case TypeKind::Int: return Value::int32(static_cast<int32_t>(readI64()));
    case TypeKind::Long: return Value::int64(readI64());
    case TypeKind::Double: return Value::float64(readDouble());
    case TypeKind::Decimal: {
        const Int128 unscaled = readI128();
        const int precision = static_cast<int>(readI64());
        const int scale = static_cast<int>(readI64());
        return Value::decimal(unscaled, precision, scale);
    }
    case TypeKind::String: return Value::string(readString());
    case TypeKind::Timestamp: return Value::timestamp(readI64());
    case TypeKind::Window: {
        const int64_t start = readI64();
        return Value::window(start, readI64());
    }
    }
    throw Error(ErrorKind::Runtime, "state snapshot is damaged (unknown value tag "
                                        + std::to_string(tag) + ")");
}

std::vector<Value> StateReader::readValues()
{
    const int64_t n = readI64();
    if (n < 0 || static_cast<uint64_t>(n) > m_bytes.size())
        throw Error(ErrorKind::Runtime, "state snapshot is damaged (bad count)");
    std::vector<Value> out;
    out.reserve(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i)
        out.push_back(readValue());
    return out;
}

expr::AggregateState StateReader::readAggregateCounters()
{
    expr::AggregateState state;
    state.sum = readI128();
    state.doubleSum = readDouble();
    state.count = readI64();
    const uint8_t flags = readU8();
    state.isSet = flags & 1;
    state.overflow = flags & 2;
    return state;
}

expr::AggregateState StateReader::readAggregateState()
{
    expr::AggregateState state = readAggregateCounters();
    state.value = readValue();
    return state;
}

std::vector<std::vector<expr::AggregateState>> StateReader::readAggregateStates()
{
    const int64_t n = readI64();
    if (n < 0 || static_cast<uint64_t>(n) > m_bytes.size())
        throw Error(ErrorKind::Runtime, "state snapshot is damaged (bad count)");
    std::vector<std::vector<expr::AggregateState>> states(static_cast<size_t>(n));
    for (auto &calls : states) {
        const int64_t m = readI64();
        if (m < 0 || static_cast<uint64_t>(m) > m_bytes.size())
            throw Error(ErrorKind::Runtime, "state snapshot is damaged (bad count)");
        calls.resize(static_cast<size_t>(m));
        for (auto &s : calls)
            s = readAggregateState();
    }
    return states;
}

ColumnBatch StateReader::readBatch(const Schema &schema)
{
    ColumnBatch batch = ColumnBatch::empty(schema);
    const int64_t rows = readI64();
    if (rows < 0 || static_cast<uint64_t>(rows) > m_bytes.size())
        throw Error(ErrorKind::Runtime, "state snapshot is damaged (bad row count)");
    std::vector<Value> row(schema.size());
    for (int64_t r = 0; r < rows; ++r) {
        for (size_t c = 0; c < schema.size(); ++c)
            row[c] = readValueOf(schema.fields[c].type);
        batch.appendRow(row);
    }
    return batch;
}

void StateReader::damaged(const std::string &what) const
{
    throw Error(ErrorKind::Runtime, "state snapshot is damaged (" + what + ")");
}

Value StateReader::readValueOf(const DataType &type)
{
    Value value = readValue();
    if (value.isNull())
        return value;
    const DataType actual = value.type();
    if (actual.kind != type.kind)
        damaged("a " + actual.scenarioName() + " value where the query keeps a " + type.scenarioName());
    if (type.kind == TypeKind::Decimal) {
        const Decimal &d = value.asDecimal();
        Int128 limit = 1;
        for (int i = 0; i < type.precision; ++i)
            limit *= 10;
        if (d.scale != type.scale || d.precision != type.precision || d.unscaled >= limit || d.unscaled <= -limit)
            damaged("a decimal that does not fit " + type.scenarioName());
    }
    return value;
}

std::vector<Value> StateReader::readValuesOf(const std::vector<DataType> &types)
{
    const int64_t n = readI64();
    if (n != static_cast<int64_t>(types.size()))
        damaged("bad count");
    std::vector<Value> out;
    out.reserve(types.size());
    for (const DataType &type : types)
        out.push_back(readValueOf(type));
    return out;
}

std::vector<std::vector<expr::AggregateState>> StateReader::readAggregateStatesOf(
    const std::vector<expr::BoundAggregate> &aggregates)
{
    if (readI64() != static_cast<int64_t>(aggregates.size()))
        damaged("bad count");
    std::vector<std::vector<expr::AggregateState>> states(aggregates.size());
    for (size_t a = 0; a < aggregates.size(); ++a) {
        const std::vector<expr::AggregateCall> &calls = aggregates[a].calls;
        if (readI64() != static_cast<int64_t>(calls.size()))
            damaged("bad count");
        states[a].resize(calls.size());
        for (size_t c = 0; c < calls.size(); ++c) {
            expr::AggregateState &state = states[a][c];
            state = readAggregateCounters();
            const expr::AggregateKind kind = calls[c].kind;
            const bool keepsValue = kind == expr::AggregateKind::Min || kind == expr::AggregateKind::Max
                || kind == expr::AggregateKind::First || kind == expr::AggregateKind::Last;
            if (keepsValue && calls[c].argument)
                state.value = readValueOf(calls[c].argument->type);
            else if (!(state.value = readValue()).isNull())
                damaged("a value in an aggregate that keeps none");
            if (state.count < 0)
                damaged("a negative count");
        }
    }
    return states;
}

} // namespace streamstep
