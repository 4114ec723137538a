// Typed columns and batches: what flows between operators. Values are stored unboxed per type
// (Spark's ColumnarBatch idea); Value is only used at the edges (get/append).
#pragma once

#include "streamstep/check.h"
#include "streamstep/types.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace streamstep {

// A column of one DataType. Exactly one storage vector is used, chosen by the type:
// Boolean/Int/Long/Timestamp -> ints; Window -> ints (start) + ends (end); Double -> doubles;
// Decimal -> decimals (unscaled at the column's scale); String -> strings. Null -> none.
// nulls has one byte per row (1 = NULL); the value slot of a NULL row holds a zero/empty value.
//
// The vectors are private: the typed accessors (ints(), doubles(), ...) return spans over the
// storage the column's type owns and STREAMSTEP_CHECK that it does, and rows are only added or
// removed through the members below, which keep every used vector as long as nulls. So "one
// storage vector per type, all of the same length" holds by construction. Kernels write values
// in place through the mutable spans of a column made with zeros().
class Column {
public:
    Column() = default;
    explicit Column(DataType type) : m_type(type) {}
    // n rows, not NULL, each slot zero/empty (for the Null type: n NULL rows).
    static Column zeros(DataType type, size_t n);
    // Returns a column of n copies of value.
    static Column repeat(DataType type, const Value &value, size_t n);
    // A column over storage built elsewhere (the vectors must be as long as nulls).
    static Column ofInts(DataType type, std::vector<uint8_t> nulls, std::vector<int64_t> ints);
    static Column ofWindows(std::vector<uint8_t> nulls, std::vector<int64_t> starts, std::vector<int64_t> ends);

    const DataType &type() const { return m_type; }
    size_t size() const { return m_nulls.size(); }
    bool isNull(size_t row) const { return m_nulls[row] != 0; }

    // The storage, one entry per row. Each accessor checks the column's type owns it.
    std::span<const uint8_t> nulls() const { return m_nulls; }
    std::span<uint8_t> nulls() { return m_nulls; }
    std::span<const int64_t> ints() const { return checked(kInts, m_ints); }
    std::span<int64_t> ints() { return checked(kInts, m_ints); }
    std::span<const int64_t> ends() const { return checked(kEnds, m_ends); }
    std::span<int64_t> ends() { return checked(kEnds, m_ends); }
    std::span<const double> doubles() const { return checked(kDoubles, m_doubles); }
    std::span<double> doubles() { return checked(kDoubles, m_doubles); }
    std::span<const Int128> decimals() const { return checked(kDecimals, m_decimals); }
    std::span<Int128> decimals() { return checked(kDecimals, m_decimals); }
    std::span<const std::string> strings() const { return checked(kStrings, m_strings); }
    std::span<std::string> strings() { return checked(kStrings, m_strings); }
    // Overwrites the null flags with those of a column of as many rows.
    void setNulls(std::span<const uint8_t> nulls);
    // Copies the value of row `from` of `source`, a column of the same type, into row `to`
    // (the null flag is the caller's).
    void copyValue(size_t to, const Column &source, size_t from);

    // Returns the row as a Value (NULL as Value::null()).
    Value get(size_t row) const;
    // Appends a value of this column's type (or NULL). A decimal is rescaled to the column scale;
    // an Int value is accepted by a Long column and vice versa (no range check).
    void append(const Value &value);
    void appendNull();
    // Append one non-NULL row in the type's own storage (no conversion).
    void appendInt(int64_t value) { appendSlot(kInts, m_ints, value); }
    void appendWindow(int64_t start, int64_t end)
    {
        requireStorage(kEnds);
        m_ints.push_back(start);
        m_ends.push_back(end);
        m_nulls.push_back(0);
    }
    void appendDouble(double value) { appendSlot(kDoubles, m_doubles, value); }
    void appendDecimal(Int128 unscaled) { appendSlot(kDecimals, m_decimals, unscaled); }
    void appendString(std::string value) { appendSlot(kStrings, m_strings, std::move(value)); }
    // Appends rows of a column of the same type, typed, without going through Value: one row,
    // the given rows in order, [begin, end), or all of them at `at`. appendRange gives exactly
    // what appending each row's Value gives, which it falls back to when the types differ.
    void appendFrom(const Column &other, size_t row);
    void appendRows(const Column &from, const std::vector<uint32_t> &rows);
    void appendRange(const Column &from, size_t begin, size_t end);
    void insertRows(size_t at, const Column &from);
    // Removes rows: [first, first + count); all but the given ascending rows (in place, in
    // order); all from n on.
    void eraseRows(size_t first, size_t count);
    void retainRows(const std::vector<uint32_t> &rows);
    void truncate(size_t n);
    // Makes the column n rows long in the storage it has: rows from n on are removed, new rows
    // are added as zeros() makes them (not NULL, zero/empty; NULL for the Null type).
    void resize(size_t n);
    void reserve(size_t n);
    // Exact equality of type, NULL flags and every slot (doubles bit for bit, so NaN equals NaN
    // and -0.0 differs from 0.0).
    bool sameStorage(const Column &other) const;
    // The bytes the storage vectors hold (capacity; not the heap blocks of long strings).
    int64_t capacityBytes() const;
    // Returns the rows at the given indices, in that order.
    Column gather(const std::vector<uint32_t> &rows) const;

private:
    // Which storage vectors a type uses (bits below); nulls is always used.
    enum : unsigned { kInts = 1, kEnds = 2, kDoubles = 4, kDecimals = 8, kStrings = 16 };
    static constexpr unsigned storageOf(TypeKind kind)
    {
        switch (kind) {
        case TypeKind::Boolean:
        case TypeKind::Int:
        case TypeKind::Long:
        case TypeKind::Timestamp: return kInts;
        case TypeKind::Window: return kInts | kEnds;
        case TypeKind::Double: return kDoubles;
        case TypeKind::Decimal: return kDecimals;
        case TypeKind::String: return kStrings;
        case TypeKind::Null: break;
        }
        return 0;
    }
    void requireStorage(unsigned storage) const
    {
        STREAMSTEP_CHECK((storageOf(m_type.kind) & storage) != 0, "column storage does not match its type");
    }
    template <class T>
    std::span<T> checked(unsigned storage, std::vector<T> &values)
    {
        requireStorage(storage);
        return values;
    }
    template <class T>
    std::span<const T> checked(unsigned storage, const std::vector<T> &values) const
    {
        requireStorage(storage);
        return values;
    }
    template <class T, class V>
    void appendSlot(unsigned storage, std::vector<T> &values, V &&value)
    {
        requireStorage(storage);
        values.push_back(std::forward<V>(value));
        m_nulls.push_back(0);
    }
    // Calls f(vector of this column, same vector of `other`) for each vector this type uses,
    // nulls first: the one place that knows which vectors a type's rows live in.
    template <class Self, class Other, class F>
    static void forEachStorage(Self &self, Other &other, F &&f);
    template <class Self, class Other, class F> // the same without nulls
    static void forEachValueStorage(Self &self, Other &other, F &&f);

    DataType m_type;
    std::vector<uint8_t> m_nulls;
    std::vector<int64_t> m_ints;
    std::vector<int64_t> m_ends;
    std::vector<double> m_doubles;
    std::vector<Int128> m_decimals;
    std::vector<std::string> m_strings;
};

struct Field {
    std::string name;
    DataType type;
    // Spark: the `spark.watermarkDelayMs` metadata that withWatermark puts on the event-time
    // column, inherited by plain references, aliases and window()/session_window() structs.
    std::optional<int64_t> watermarkDelayMs;

    bool isEventTime() const { return watermarkDelayMs.has_value(); }
};

struct Schema {
    std::vector<Field> fields;

    size_t size() const { return fields.size(); }
    // Finds a column by name, case-insensitively like Spark; -1 if absent.
    int indexOf(std::string_view name) const;
    // The first column carrying the watermark marker; -1 if none.
    int eventTimeIndex() const;
};

struct ColumnBatch {
    Schema schema;
    std::vector<Column> columns;
    size_t numRows = 0;

    static ColumnBatch empty(const Schema &schema);
    Value get(size_t row, size_t column) const { return columns[column].get(row); }
    // Returns the rows at the given indices, in that order.
    ColumnBatch gather(const std::vector<uint32_t> &rows) const;
    void appendRow(const std::vector<Value> &row);
    std::vector<Value> row(size_t row) const;
};

} // namespace streamstep
