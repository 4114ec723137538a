// Writes and reads Apache Thrift's compact protocol, the encoding of a Parquet file's footer
// (FileMetaData) and page headers (parquet.thrift). Only what Parquet's structures use: structs,
// lists, booleans, integers, binary; the reader keeps any struct as a tree of fields by id, so the
// Parquet reader can look up the fields it knows and step over the rest.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace streamstep::parquet {

// The compact protocol's type codes.
enum class ThriftType : uint8_t {
    Stop = 0,
    True = 1,
    False = 2,
    Byte = 3,
    I16 = 4,
    I32 = 5,
    I64 = 6,
    Double = 7,
    Binary = 8,
    List = 9,
    Set = 10,
    Map = 11,
    Struct = 12,
};

class ThriftWriter {
public:
    void beginStruct() { m_lastField.push_back(0); }
    void endStruct();
    // A struct-valued field: beginStruct is implied; close it with endStruct.
    void structField(int16_t id);
    void boolField(int16_t id, bool value);
    void i32Field(int16_t id, int32_t value);
    void i64Field(int16_t id, int64_t value);
    void binaryField(int16_t id, std::string_view value);
    // A list field's header; then write `size` elements with the element calls below.
    void listField(int16_t id, ThriftType elementType, size_t size);
    void i32Element(int32_t value) { varint(zigzag(value)); }
    void binaryElement(std::string_view value);
    // A struct element of a list: beginStruct() … endStruct().

    const std::string &bytes() const { return m_out; }
    std::string take() { return std::move(m_out); }

private:
    void fieldHeader(int16_t id, ThriftType type);
    void varint(uint64_t value);
    static uint64_t zigzag(int64_t value) { return (static_cast<uint64_t>(value) << 1) ^ static_cast<uint64_t>(value >> 63); }

    std::string m_out;
    std::vector<int16_t> m_lastField;
};

// A decoded value: an integer (bool, byte, i16, i32, i64), binary, a struct's fields by id, or a
// list's items.
struct ThriftValue {
    ThriftType type = ThriftType::Stop;
    int64_t integer = 0;
    double real = 0;
    std::string binary;
    std::map<int16_t, ThriftValue> fields;
    std::vector<ThriftValue> items;

    const ThriftValue *field(int16_t id) const;
    // A field's integer, or `fallback` when absent.
    int64_t integerField(int16_t id, int64_t fallback = 0) const;
    std::string binaryField(int16_t id) const;
};

class ThriftReader {
public:
    explicit ThriftReader(std::string_view bytes) : m_bytes(bytes) {}
    // Reads a struct from the current position. Throws Error(Runtime) "damaged …" for bytes that
    // end early or are not the compact protocol.
    ThriftValue readStruct();
    size_t position() const { return m_position; }

private:
    ThriftValue readValue(ThriftType type);
    uint8_t byte();
    uint64_t varint();
    static int64_t unzigzag(uint64_t value) { return static_cast<int64_t>(value >> 1) ^ -static_cast<int64_t>(value & 1); }

    std::string_view m_bytes;
    size_t m_position = 0;
    int m_depth = 0;
};

} // namespace streamstep::parquet
