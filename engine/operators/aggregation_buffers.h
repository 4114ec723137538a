// Keeps the aggregation buffers of every group (Spark: the per-group buffer of each aggregate
// function) in one flat byte array, a fixed-size record per group, so a million groups cost a
// million records instead of a few million heap blocks (and nothing else per group: which groups
// a batch created or updated is StatefulAggregate's bookkeeping). Each call gets the smallest
// layout its kind and argument type need; string min/max/first/last keep their strings in a side
// vector, and anything unusual falls back to expr::AggregateState with its exact update rules.
#pragma once

#include "expr/expression.h"

#include <cstdint>
#include <cstring>
#include <vector>

namespace streamstep {

// Reads and writes a value at any byte offset of a record (no alignment or aliasing assumed).
template <typename T>
T loadAt(const unsigned char *at)
{
    T v;
    std::memcpy(&v, at, sizeof v);
    return v;
}

template <typename T>
void storeAt(unsigned char *at, const T &v)
{
    std::memcpy(at, &v, sizeof v);
}

class AggregationBuffers {
public:
    AggregationBuffers() = default;
    // One buffer per call of every aggregate, in order (aggregate 0's calls first).
    explicit AggregationBuffers(const std::vector<expr::BoundAggregate> &aggregates);

    size_t numGroups() const { return m_numGroups; }

    // Adds an empty buffer (no rows seen).
    void addGroup();
    void prefetch(uint32_t group) const { __builtin_prefetch(m_data.data() + group * m_stride); }

    // Folds row rows[i] into group groups[i] for i in [0, count), in that order, with Spark's
    // null rules (expr::updateAggregate's). arguments[c] is call c's evaluated argument (null
    // for count(*)).
    void update(const std::vector<const Column *> &arguments, const uint32_t *rows,
                const uint32_t *groups, size_t count);
    // Whether merge() of partial buffers gives exactly what folding the rows one by one gives,
    // in any order (count, integral and decimal sums, min/max of non-double values).
    bool mergesExactly() const { return m_mergesExactly; }
    // Folds group `from` of `other` (same layout) into group `into` (Spark's mergeExpressions).
    void merge(uint32_t into, const AggregationBuffers &other, uint32_t from);

    // Appends call c's result (Spark's evaluateExpression, in the call's result type) of each
    // group to `out`.
    void appendResults(size_t c, const std::vector<uint32_t> &groups, Column &out) const;
    Value result(size_t c, uint32_t group) const;

    // The buffer as the state codec stores it, and back (snapshots stay in the same format).
    expr::AggregateState state(size_t c, uint32_t group) const;
    void setState(size_t c, uint32_t group, const expr::AggregateState &state);

    // Keeps only the groups with keep[g] != 0, in order.
    void retain(const std::vector<uint8_t> &keep);
    void clear();
    int64_t memoryBytes() const;

private:
    enum class Layout : uint8_t {
        Count,      // count                         8 bytes
        SumInteger, // Int128 sum, count             24
        SumDecimal, // Int128 sum, count, overflow   32 (sum and avg of decimals)
        SumDouble,  // double sum, count             16 (sum of doubles, avg of non-decimals)
        Fixed,      // two words of value, flags     24 (min/max/first/last of non-strings)
        String,     // flags + side string           8
        Generic,    // an expr::AggregateState on the side
    };
    struct CallLayout {
        const expr::AggregateCall *call = nullptr;
        Layout layout = Layout::Count;
        uint32_t offset = 0;       // bytes into the group record
        uint32_t side = 0;         // index into m_strings / m_generic
        DataType argumentType;
        int sumPrecision = 38;     // decimal sum buffer: Spark's decimal(p + 10, s), capped
        unsigned __int128 sumLimit = 0; // 10^sumPrecision: |sum| must stay below it
    };
    static constexpr uint64_t kSet = 1;  // a value was taken (min/max/first/last)
    static constexpr uint64_t kNull = 2; // …and it is NULL (first/last without ignoreNulls)

    unsigned char *record(uint32_t group) { return m_data.data() + group * m_stride; }
    const unsigned char *record(uint32_t group) const { return m_data.data() + group * m_stride; }
    Value fixedValue(const CallLayout &l, const unsigned char *at) const;
    void setFixedValue(const CallLayout &l, unsigned char *at, const Value &v);
    void updateValue(const CallLayout &l, unsigned char *at, uint32_t group, const Column &argument, size_t row);

    std::vector<CallLayout> m_calls;
    size_t m_stride = 0; // bytes per group record
    size_t m_numGroups = 0;
    bool m_mergesExactly = true;
    bool m_decimalSumAndCount = false; // the calls are a decimal sum or avg and count(*), in some order
    std::vector<unsigned char> m_data;
    std::vector<std::vector<std::string>> m_strings;           // per String call, per group
    std::vector<std::vector<expr::AggregateState>> m_generic;  // per Generic call, per group
};

} // namespace streamstep
