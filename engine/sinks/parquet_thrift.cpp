#include "sinks/parquet_thrift.h"

#include "streamstep/error.h"

#include <cstring>

namespace streamstep::parquet {

namespace {

[[noreturn]] void damaged(const std::string &what)
{
    throw Error(ErrorKind::Runtime, "its Thrift metadata is damaged: " + what);
}

} // namespace

void ThriftWriter::endStruct()
{
    m_out.push_back(0); // stop field
    m_lastField.pop_back();
}

void ThriftWriter::fieldHeader(int16_t id, ThriftType type)
{
    const int delta = id - m_lastField.back();
    if (delta > 0 && delta <= 15) {
        m_out.push_back(static_cast<char>((delta << 4) | static_cast<int>(type)));
    } else {
        m_out.push_back(static_cast<char>(type));
        varint(zigzag(id));
    }
    m_lastField.back() = id;
}

void ThriftWriter::varint(uint64_t value)
{
    while (value >= 0x80) {
        m_out.push_back(static_cast<char>((value & 0x7F) | 0x80));
        value >>= 7;
    }
    m_out.push_back(static_cast<char>(value));
}

void ThriftWriter::structField(int16_t id)
{
    fieldHeader(id, ThriftType::Struct);
    beginStruct();
}

void ThriftWriter::boolField(int16_t id, bool value) { fieldHeader(id, value ? ThriftType::True : ThriftType::False); }

void ThriftWriter::i32Field(int16_t id, int32_t value)
{
    fieldHeader(id, ThriftType::I32);
    varint(zigzag(value));
}

void ThriftWriter::i64Field(int16_t id, int64_t value)
{
    fieldHeader(id, ThriftType::I64);
    varint(zigzag(value));
}

void ThriftWriter::binaryField(int16_t id, std::string_view value)
{
    fieldHeader(id, ThriftType::Binary);
    binaryElement(value);
}

void ThriftWriter::binaryElement(std::string_view value)
{
    varint(value.size());
    m_out.append(value);
}

void ThriftWriter::listField(int16_t id, ThriftType elementType, size_t size)
{
    fieldHeader(id, ThriftType::List);
    if (size < 15) {
        m_out.push_back(static_cast<char>((size << 4) | static_cast<int>(elementType)));
    } else {
        m_out.push_back(static_cast<char>(0xF0 | static_cast<int>(elementType)));
        varint(size);
    }
}

const ThriftValue *ThriftValue::field(int16_t id) const
{
    const auto it = fields.find(id);
    return it == fields.end() ? nullptr : &it->second;
}

int64_t ThriftValue::integerField(int16_t id, int64_t fallback) const
{
    const ThriftValue *f = field(id);
    return f ? f->integer : fallback;
}

std::string ThriftValue::binaryField(int16_t id) const
{
    const ThriftValue *f = field(id);
    return f ? f->binary : std::string();
}

uint8_t ThriftReader::byte()
{
    if (m_position >= m_bytes.size())
        damaged("it ends early");
    return static_cast<uint8_t>(m_bytes[m_position++]);
}

uint64_t ThriftReader::varint()
{
    uint64_t value = 0;
    for (int shift = 0; shift < 70; shift += 7) {
        const uint8_t b = byte();
        value |= static_cast<uint64_t>(b & 0x7F) << shift;
        if (!(b & 0x80))
            return value;
    }
    damaged("a variable-length integer is too long");
}

ThriftValue ThriftReader::readStruct()
{
    if (++m_depth > 32)
        damaged("structs nest too deep");
    ThriftValue value;
    value.type = ThriftType::Struct;
    int16_t last = 0;
    for (;;) {
        const uint8_t header = byte();
        const auto type = static_cast<ThriftType>(header & 0x0F);
        if (type == ThriftType::Stop)
            break;
        const int delta = header >> 4;
        const int16_t id = delta ? static_cast<int16_t>(last + delta) : static_cast<int16_t>(unzigzag(varint()));
        last = id;
        if (type == ThriftType::True || type == ThriftType::False) {
            ThriftValue b;
            b.type = type;
            b.integer = type == ThriftType::True;
            value.fields[id] = std::move(b);
        } else {
            value.fields[id] = readValue(type);
        }
    }
    --m_depth;
    return value;
}

ThriftValue ThriftReader::readValue(ThriftType type)
{
    ThriftValue value;
    value.type = type;
    switch (type) {
    case ThriftType::True:
    case ThriftType::False: // a list's boolean element is a byte: 1 true, 2 false
        value.integer = byte() == 1;
        break;
    case ThriftType::Byte: value.integer = static_cast<int8_t>(byte()); break;
    case ThriftType::I16:
    case ThriftType::I32:
    case ThriftType::I64: value.integer = unzigzag(varint()); break;
    case ThriftType::Double: {
        uint64_t bits = 0;
        for (int i = 0; i < 8; ++i)
            bits |= static_cast<uint64_t>(byte()) << (8 * i);
        std::memcpy(&value.real, &bits, sizeof bits);
        break;
    }
    case ThriftType::Binary: {
        const uint64_t size = varint();
        if (size > m_bytes.size() - m_position)
            damaged("a string runs past the end");
        value.binary.assign(m_bytes.substr(m_position, size));
        m_position += size;
        break;
    }
    case ThriftType::List:
    case ThriftType::Set: {
        const uint8_t header = byte();
        uint64_t size = header >> 4;
        if (size == 15)
            size = varint();
        const auto element = static_cast<ThriftType>(header & 0x0F);
        if (size > m_bytes.size() - m_position)
            damaged("a list is longer than the data");
        for (uint64_t i = 0; i < size; ++i)
            value.items.push_back(element == ThriftType::Struct ? readStruct() : readValue(element));
        break;
    }
    case ThriftType::Map: {
        const uint64_t size = varint();
        if (size == 0)
            break;
        const uint8_t types = byte();
        for (uint64_t i = 0; i < size; ++i) {
            const auto keyType = static_cast<ThriftType>(types >> 4);
            const auto valueType = static_cast<ThriftType>(types & 0x0F);
            value.items.push_back(keyType == ThriftType::Struct ? readStruct() : readValue(keyType));
            value.items.push_back(valueType == ThriftType::Struct ? readStruct() : readValue(valueType));
        }
        break;
    }
    case ThriftType::Struct: return readStruct();
    default: damaged("unknown type code " + std::to_string(static_cast<int>(type)));
    }
    return value;
}

} // namespace streamstep::parquet
