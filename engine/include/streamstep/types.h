// Value types of the engine: Spark's data types, exact decimals, timestamps and the variant
// Value used at the API edge (literals, display, scenario rows). The hot path uses Column.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace streamstep {

using Int128 = __int128;

enum class TypeKind : uint8_t {
    Null,      // Spark's NullType (type of the NULL literal)
    Boolean,
    Int,       // 32-bit
    Long,      // 64-bit (Spark: bigint)
    Double,
    Decimal,   // exact decimal(p,s), p <= 38
    String,
    Timestamp, // microseconds since epoch, UTC
    Window,    // struct<start: timestamp, end: timestamp> made by window()/session_window()
};

struct DataType {
    TypeKind kind = TypeKind::Null;
    int precision = 0; // decimal only
    int scale = 0;     // decimal only

    static constexpr int kMaxPrecision = 38;

    static DataType null() { return {TypeKind::Null}; }
    static DataType boolean() { return {TypeKind::Boolean}; }
    static DataType int32() { return {TypeKind::Int}; }
    static DataType int64() { return {TypeKind::Long}; }
    static DataType float64() { return {TypeKind::Double}; }
    static DataType decimal(int p, int s) { return {TypeKind::Decimal, p, s}; }
    static DataType string() { return {TypeKind::String}; }
    static DataType timestamp() { return {TypeKind::Timestamp}; }
    static DataType window() { return {TypeKind::Window}; }

    bool isNumeric() const
    {
        return kind == TypeKind::Int || kind == TypeKind::Long || kind == TypeKind::Double
            || kind == TypeKind::Decimal;
    }
    bool isIntegral() const { return kind == TypeKind::Int || kind == TypeKind::Long; }

    // Spark's simpleString: int, bigint, double, decimal(12,2), string, timestamp, boolean,
    // struct<start:timestamp,end:timestamp>, void.
    std::string sparkName() const;
    // The scenario-file spelling: int, long, double, decimal(12,2), string, timestamp, boolean.
    std::string scenarioName() const;

    friend bool operator==(const DataType &, const DataType &) = default;
};

// Parses a scenario-file type name ("long", "decimal(12,2)", also Spark's "bigint"); nullopt if
// unknown or a decimal beyond precision 38.
std::optional<DataType> parseTypeName(std::string_view name);

struct Decimal {
    Int128 unscaled = 0;
    int precision = 10;
    int scale = 0;
    friend bool operator==(const Decimal &, const Decimal &) = default;
};

struct Timestamp {
    int64_t micros = 0;
    friend bool operator==(const Timestamp &, const Timestamp &) = default;
    friend auto operator<=>(const Timestamp &, const Timestamp &) = default;
};

struct WindowBounds {
    int64_t startMicros = 0;
    int64_t endMicros = 0;
    friend bool operator==(const WindowBounds &, const WindowBounds &) = default;
};

struct Long {
    int64_t value = 0;
    friend bool operator==(const Long &, const Long &) = default;
};

// A nullable typed value. std::monostate is SQL NULL.
class Value {
public:
    using Storage = std::variant<std::monostate, bool, int32_t, Long, double, Decimal, std::string,
                                 Timestamp, WindowBounds>;

    Value() = default;
    static Value null() { return Value(); }
    static Value boolean(bool v) { return Value(Storage(v)); }
    static Value int32(int32_t v) { return Value(Storage(v)); }
    static Value int64(int64_t v) { return Value(Storage(Long{v})); }
    static Value float64(double v) { return Value(Storage(v)); }
    static Value decimal(Int128 unscaled, int precision, int scale)
    {
        return Value(Storage(Decimal{unscaled, precision, scale}));
    }
    static Value string(std::string v) { return Value(Storage(std::move(v))); }
    static Value timestamp(int64_t micros) { return Value(Storage(Timestamp{micros})); }
    static Value window(int64_t start, int64_t end) { return Value(Storage(WindowBounds{start, end})); }

    bool isNull() const { return std::holds_alternative<std::monostate>(m_storage); }
    // The type of a non-null value (Null for NULL).
    DataType type() const;

    bool asBool() const { return std::get<bool>(m_storage); }
    int32_t asInt() const { return std::get<int32_t>(m_storage); }
    int64_t asLong() const { return std::get<Long>(m_storage).value; }
    double asDouble() const { return std::get<double>(m_storage); }
    const Decimal &asDecimal() const { return std::get<Decimal>(m_storage); }
    const std::string &asString() const { return std::get<std::string>(m_storage); }
    int64_t asTimestamp() const { return std::get<Timestamp>(m_storage).micros; }
    const WindowBounds &asWindow() const { return std::get<WindowBounds>(m_storage); }

    const Storage &storage() const { return m_storage; }
    friend bool operator==(const Value &, const Value &) = default;

private:
    explicit Value(Storage s) : m_storage(std::move(s)) {}
    Storage m_storage;
};

} // namespace streamstep
