// Typed columns and batches: what flows between operators. Values are stored unboxed per type
// (Spark's ColumnarBatch idea); Value is only used at the edges (get/append).
#pragma once

#include "streamstep/types.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace streamstep {

// A column of one DataType. Exactly one of the storage vectors is used, chosen by the type:
// Boolean/Int/Long/Timestamp -> ints; Window -> ints (start) + ends (end); Double -> doubles;
// Decimal -> decimals (unscaled at the column's scale); String -> strings. Null -> none.
// nulls has one byte per row (1 = NULL); the value slot of a NULL row holds a zero/empty value.
class Column {
public:
    Column() = default;
    explicit Column(DataType type) : m_type(type) {}

    const DataType &type() const { return m_type; }
    size_t size() const { return nulls.size(); }
    bool isNull(size_t row) const { return nulls[row] != 0; }

    // Returns the row as a Value (NULL as Value::null()).
    Value get(size_t row) const;
    // Appends a value of this column's type (or NULL). A decimal is rescaled to the column scale;
    // an Int value is accepted by a Long column and vice versa (no range check).
    void append(const Value &value);
    void appendNull();
    void appendFrom(const Column &other, size_t row);
    void reserve(size_t n);
    // Returns the rows at the given indices, in that order.
    Column gather(const std::vector<uint32_t> &rows) const;
    // Returns a column of n copies of value.
    static Column repeat(DataType type, const Value &value, size_t n);

    std::vector<uint8_t> nulls;
    std::vector<int64_t> ints;
    std::vector<int64_t> ends;
    std::vector<double> doubles;
    std::vector<Int128> decimals;
    std::vector<std::string> strings;

private:
    DataType m_type;
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
