// Binary encoding of run state for checkpoints (Run::saveState): little-endian fixed-width
// integers, length-prefixed strings and tagged Values. A reader that runs past the end or meets
// an unknown tag throws Error(Runtime) — a damaged snapshot is reported, never half-loaded.
#pragma once

#include "expr/expression.h"
#include "streamstep/column_batch.h"

#include <cstdint>
#include <string>

namespace streamstep {

class StateWriter {
public:
    void writeU8(uint8_t v) { m_bytes.push_back(static_cast<char>(v)); }
    void writeI64(int64_t v) { m_bytes.append(reinterpret_cast<const char *>(&v), sizeof v); }
    void writeI128(Int128 v) { m_bytes.append(reinterpret_cast<const char *>(&v), sizeof v); }
    void writeDouble(double v) { m_bytes.append(reinterpret_cast<const char *>(&v), sizeof v); }
    void writeString(const std::string &s)
    {
        writeI64(static_cast<int64_t>(s.size()));
        m_bytes.append(s);
    }
    void writeValue(const Value &value);
    void writeValues(const std::vector<Value> &values);
    void writeAggregateState(const expr::AggregateState &state);
    // Per output aggregate, per aggregate call.
    void writeAggregateStates(const std::vector<std::vector<expr::AggregateState>> &states);
    void writeBatch(const ColumnBatch &batch);
    const std::string &bytes() const { return m_bytes; }

private:
    std::string m_bytes;
};

class StateReader {
public:
    explicit StateReader(const std::string &bytes) : m_bytes(bytes) {}
    uint8_t readU8();
    int64_t readI64();
    Int128 readI128();
    double readDouble();
    std::string readString();
    Value readValue();
    std::vector<Value> readValues();
    expr::AggregateState readAggregateState();
    std::vector<std::vector<expr::AggregateState>> readAggregateStates();
    // Reads rows that must fit the schema (readValueOf per cell).
    ColumnBatch readBatch(const Schema &schema);
    // A value that must be of `type` or NULL — a snapshot is a file a stranger may hand over, and
    // a value of another type (or a decimal beyond its precision) would break the operators
    // that trust their state: throws Error(Runtime) "state snapshot is damaged (…)".
    Value readValueOf(const DataType &type);
    // Values that must be exactly `types` (count and each type).
    std::vector<Value> readValuesOf(const std::vector<DataType> &types);
    // Aggregate states that must fit the aggregates' calls: one list per aggregate, one state
    // per call, min/max/first/last values of the call's argument type, nothing else.
    std::vector<std::vector<expr::AggregateState>> readAggregateStatesOf(const std::vector<expr::BoundAggregate> &aggregates);
    bool atEnd() const { return m_offset == m_bytes.size(); }

private:
    void need(size_t n) const;
    template <typename T>
    T readRaw();
    [[noreturn]] void damaged(const std::string &what) const;
    // An aggregate state's sum, double sum, count and flags; its value follows them.
    expr::AggregateState readAggregateCounters();
    const std::string &m_bytes;
    size_t m_offset = 0;
};

} // namespace streamstep
