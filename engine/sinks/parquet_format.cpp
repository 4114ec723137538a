#include "sinks/parquet_format.h"

#include "sinks/parquet_thrift.h"
#include "streamstep/error.h"

#include <snappy.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <optional>

namespace streamstep {

using parquet::ThriftReader;
using parquet::ThriftType;
using parquet::ThriftValue;
using parquet::ThriftWriter;

namespace {

// parquet.thrift's enums.
enum PhysicalType : int32_t { kBoolean = 0, kInt32 = 1, kInt64 = 2, kInt96 = 3, kFloat = 4, kDouble = 5, kByteArray = 6, kFixedLenByteArray = 7 };
enum ConvertedType : int32_t { kUtf8 = 0, kDecimal = 5, kTimestampMillis = 9, kTimestampMicros = 10 };
enum Repetition : int32_t { kRequired = 0, kOptional = 1 };
enum Encoding : int32_t { kPlain = 0, kRle = 3 };
enum Codec : int32_t { kUncompressed = 0, kSnappy = 1 };
enum PageType : int32_t { kDataPage = 0, kDictionaryPage = 2, kDataPageV2 = 3 };

constexpr const char *kMagic = "PAR1";
constexpr const char *kSparkRowMetadata = "org.apache.spark.sql.parquet.row.metadata";

// Spark's ParquetSchemaConverter.minBytesForPrecision: the fewest bytes whose signed range holds
// every unscaled value of the precision.
int minBytesForPrecision(int precision)
{
    int bytes = 1;
    while (std::pow(2.0, 8.0 * bytes - 1) < std::pow(10.0, precision))
        ++bytes;
    return bytes;
}

int32_t physicalTypeOf(const DataType &type)
{
    switch (type.kind) {
    case TypeKind::Boolean: return kBoolean;
    case TypeKind::Int: return kInt32;
    case TypeKind::Double: return kDouble;
    case TypeKind::Decimal: return type.precision <= 9 ? kInt32 : type.precision <= 18 ? kInt64 : kFixedLenByteArray;
    case TypeKind::Long:
    case TypeKind::Timestamp:
    case TypeKind::Window: return kInt64;
    default: return kByteArray;
    }
}

// A column of the file: a flat result column, or one half of a window struct.
struct Leaf {
    size_t field = 0;
    int part = 0; // 0 the whole column, 1 a window's start, 2 its end
    DataType type;
    int32_t physical = kByteArray;
    int maxDefinition = 1;
    std::vector<std::string> path;
};

std::vector<Leaf> leavesOf(const Schema &schema)
{
    std::vector<Leaf> leaves;
    for (size_t f = 0; f < schema.fields.size(); ++f) {
        const Field &field = schema.fields[f];
        if (field.type.kind == TypeKind::Window) {
            leaves.push_back({f, 1, DataType::timestamp(), kInt64, 2, {field.name, "start"}});
            leaves.push_back({f, 2, DataType::timestamp(), kInt64, 2, {field.name, "end"}});
        } else {
            leaves.push_back({f, 0, field.type, physicalTypeOf(field.type), 1, {field.name}});
        }
    }
    return leaves;
}

void appendLittleEndian(std::string &out, uint64_t value, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

void appendBigEndian128(std::string &out, Int128 value, int bytes)
{
    const auto bits = static_cast<unsigned __int128>(value);
    for (int i = bytes - 1; i >= 0; --i)
        out.push_back(static_cast<char>(static_cast<uint8_t>(bits >> (8 * i))));
}

void appendVarint(std::string &out, uint64_t value)
{
    while (value >= 0x80) {
        out.push_back(static_cast<char>((value & 0x7F) | 0x80));
        value >>= 7;
    }
    out.push_back(static_cast<char>(value));
}

// Definition levels as the RLE/bit-packed hybrid, RLE runs only, after its 4-byte length.
void appendDefinitionLevels(std::string &out, const std::vector<uint8_t> &levels, int maxDefinition)
{
    std::string runs;
    const int bitWidth = maxDefinition <= 1 ? 1 : 2;
    (void)bitWidth; // one byte holds a level of either width
    for (size_t i = 0; i < levels.size();) {
        size_t j = i;
        while (j < levels.size() && levels[j] == levels[i])
            ++j;
        appendVarint(runs, static_cast<uint64_t>(j - i) << 1);
        runs.push_back(static_cast<char>(levels[i]));
        i = j;
    }
    appendLittleEndian(out, runs.size(), 4);
    out += runs;
}

// The min/max of a column chunk, kept in the leaf's physical representation.
struct Statistics {
    int64_t nullCount = 0;
    bool any = false;
    int64_t minInt = 0, maxInt = 0;
    double minDouble = 0, maxDouble = 0;
    Int128 minWide = 0, maxWide = 0;
    std::string minText, maxText;

    void addInt(int64_t v)
    {
        minInt = any ? std::min(minInt, v) : v;
        maxInt = any ? std::max(maxInt, v) : v;
        any = true;
    }
    void addDouble(double v)
    {
        if (std::isnan(v))
            return; // parquet-format: NaN takes no part in min/max
        minDouble = any ? std::min(minDouble, v) : v;
        maxDouble = any ? std::max(maxDouble, v) : v;
        any = true;
    }
    void addWide(Int128 v)
    {
        minWide = any ? std::min(minWide, v) : v;
        maxWide = any ? std::max(maxWide, v) : v;
        any = true;
    }
    void addText(const std::string &v)
    {
        if (!any || v < minText)
            minText = v;
        if (!any || v > maxText)
            maxText = v;
        any = true;
    }
};

// Writes a Statistics struct (parquet.thrift: 3 null_count, 5 max_value, 6 min_value).
void writeStatistics(ThriftWriter &w, int16_t id, const Statistics &s, const Leaf &leaf, int flbaBytes)
{
    w.structField(id);
    w.i64Field(3, s.nullCount);
    if (s.any) {
        std::string min, max;
        switch (leaf.physical) {
        case kBoolean:
            min.push_back(static_cast<char>(s.minInt));
            max.push_back(static_cast<char>(s.maxInt));
            break;
        case kInt32:
            appendLittleEndian(min, static_cast<uint32_t>(s.minInt), 4);
            appendLittleEndian(max, static_cast<uint32_t>(s.maxInt), 4);
            break;
        case kInt64:
            appendLittleEndian(min, static_cast<uint64_t>(s.minInt), 8);
            appendLittleEndian(max, static_cast<uint64_t>(s.maxInt), 8);
            break;
        case kDouble: {
            // parquet-format: a zero min is written -0.0, a zero max +0.0.
            const double lo = s.minDouble == 0 ? -0.0 : s.minDouble;
            const double hi = s.maxDouble == 0 ? 0.0 : s.maxDouble;
            uint64_t bits = 0;
            std::memcpy(&bits, &lo, 8);
            appendLittleEndian(min, bits, 8);
            std::memcpy(&bits, &hi, 8);
            appendLittleEndian(max, bits, 8);
            break;
        }
        case kFixedLenByteArray:
            appendBigEndian128(min, s.minWide, flbaBytes);
            appendBigEndian128(max, s.maxWide, flbaBytes);
            break;
        default:
            min = s.minText;
            max = s.maxText;
            break;
        }
        w.binaryField(5, max);
        w.binaryField(6, min);
    }
    w.endStruct();
}

// Spark's schema JSON (StructType.json) for the row metadata.
nlohmann::json sparkType(const DataType &type)
{
    switch (type.kind) {
    case TypeKind::Boolean: return "boolean";
    case TypeKind::Int: return "integer";
    case TypeKind::Long: return "long";
    case TypeKind::Double: return "double";
    case TypeKind::Decimal: return "decimal(" + std::to_string(type.precision) + "," + std::to_string(type.scale) + ")";
    case TypeKind::Timestamp: return "timestamp";
    case TypeKind::Window: {
        nlohmann::json fields = nlohmann::json::array();
        for (const char *name : {"start", "end"})
            fields.push_back({{"name", name}, {"type", "timestamp"}, {"nullable", true}, {"metadata", nlohmann::json::object()}});
        return {{"type", "struct"}, {"fields", fields}};
    }
    default: return "string";
    }
}

std::string sparkSchemaJson(const Schema &schema)
{
    nlohmann::ordered_json fields = nlohmann::ordered_json::array();
    for (const Field &f : schema.fields)
        fields.push_back({{"name", f.name}, {"type", sparkType(f.type)}, {"nullable", true}, {"metadata", nlohmann::json::object()}});
    return nlohmann::ordered_json{{"type", "struct"}, {"fields", fields}}.dump();
}

// Writes a SchemaElement for a leaf (parquet.thrift field ids 1-10).
void writeLeafElement(ThriftWriter &w, const Leaf &leaf, const std::string &name)
{
    w.beginStruct();
    w.i32Field(1, leaf.physical);
    if (leaf.physical == kFixedLenByteArray)
        w.i32Field(2, minBytesForPrecision(leaf.type.precision));
    w.i32Field(3, kOptional);
    w.binaryField(4, name);
    switch (leaf.type.kind) {
    case TypeKind::String:
        w.i32Field(6, kUtf8);
        w.structField(10); // LogicalType
        w.structField(1);  // STRING
        w.endStruct();
        w.endStruct();
        break;
    case TypeKind::Decimal:
        w.i32Field(6, kDecimal);
        w.i32Field(7, leaf.type.scale);
        w.i32Field(8, leaf.type.precision);
        w.structField(10);
        w.structField(5); // DECIMAL
        w.i32Field(1, leaf.type.scale);
        w.i32Field(2, leaf.type.precision);
        w.endStruct();
        w.endStruct();
        break;
    case TypeKind::Timestamp:
        w.i32Field(6, kTimestampMicros);
        w.structField(10);
        w.structField(8); // TIMESTAMP
        w.boolField(1, true); // isAdjustedToUTC
        w.structField(2);     // unit
        w.structField(2);     // MICROS
        w.endStruct();
        w.endStruct();
        w.endStruct();
        w.endStruct();
        break;
    default: break;
    }
    w.endStruct();
}

struct ChunkWritten {
    int64_t offset = 0;
    int64_t compressedSize = 0;   // page header + compressed body
    int64_t uncompressedSize = 0; // page header + body
    Statistics stats;
};

// Encodes a leaf's page body: definition levels then the PLAIN values of the non-null rows.
std::string encodeLeaf(const ColumnBatch &rows, const Leaf &leaf, Statistics &stats)
{
    const Column &column = rows.columns[leaf.field];
    std::vector<uint8_t> levels(rows.numRows);
    std::string values;
    const int flbaBytes = leaf.physical == kFixedLenByteArray ? minBytesForPrecision(leaf.type.precision) : 0;
    uint8_t bits = 0;
    int bitCount = 0;
    for (size_t r = 0; r < rows.numRows; ++r) {
        if (column.isNull(r)) {
            levels[r] = 0;
            ++stats.nullCount;
            continue;
        }
        levels[r] = static_cast<uint8_t>(leaf.maxDefinition);
        switch (leaf.type.kind) {
        case TypeKind::Boolean: {
            const bool v = column.ints()[r] != 0;
            bits |= static_cast<uint8_t>(v) << bitCount;
            if (++bitCount == 8) {
                values.push_back(static_cast<char>(bits));
                bits = 0;
                bitCount = 0;
            }
            stats.addInt(v);
            break;
        }
        case TypeKind::Int:
            appendLittleEndian(values, static_cast<uint32_t>(column.ints()[r]), 4);
            stats.addInt(column.ints()[r]);
            break;
        case TypeKind::Long:
            appendLittleEndian(values, static_cast<uint64_t>(column.ints()[r]), 8);
            stats.addInt(column.ints()[r]);
            break;
        case TypeKind::Timestamp: {
            const int64_t v = leaf.part == 2 ? column.ends()[r] : column.ints()[r];
            appendLittleEndian(values, static_cast<uint64_t>(v), 8);
            stats.addInt(v);
            break;
        }
        case TypeKind::Double: {
            uint64_t b = 0;
            std::memcpy(&b, &column.doubles()[r], 8);
            appendLittleEndian(values, b, 8);
            stats.addDouble(column.doubles()[r]);
            break;
        }
        case TypeKind::Decimal: {
            const Int128 v = column.decimals()[r];
            if (leaf.physical == kInt32) {
                appendLittleEndian(values, static_cast<uint32_t>(static_cast<int32_t>(v)), 4);
                stats.addInt(static_cast<int64_t>(v));
            } else if (leaf.physical == kInt64) {
                appendLittleEndian(values, static_cast<uint64_t>(static_cast<int64_t>(v)), 8);
                stats.addInt(static_cast<int64_t>(v));
            } else {
                appendBigEndian128(values, v, flbaBytes);
                stats.addWide(v);
            }
            break;
        }
        default: {
            const std::string &text = column.strings()[r];
            appendLittleEndian(values, text.size(), 4);
            values += text;
            stats.addText(text);
            break;
        }
        }
    }
    if (bitCount > 0)
        values.push_back(static_cast<char>(bits));
    std::string body;
    appendDefinitionLevels(body, levels, leaf.maxDefinition);
    return body + values;
}

} // namespace

std::string ParquetFormat::write(const ColumnBatch &rows)
{
    const std::vector<Leaf> leaves = leavesOf(rows.schema);
    std::string file = kMagic;
    std::vector<ChunkWritten> chunks;
    for (const Leaf &leaf : leaves) {
        ChunkWritten chunk;
        chunk.offset = static_cast<int64_t>(file.size());
        const std::string body = encodeLeaf(rows, leaf, chunk.stats);
        std::string compressed;
        snappy::Compress(body.data(), body.size(), &compressed);
        const int flbaBytes = leaf.physical == kFixedLenByteArray ? minBytesForPrecision(leaf.type.precision) : 0;
        ThriftWriter header;
        header.beginStruct();
        header.i32Field(1, kDataPage);
        header.i32Field(2, static_cast<int32_t>(body.size()));
        header.i32Field(3, static_cast<int32_t>(compressed.size()));
        header.structField(5); // DataPageHeader
        header.i32Field(1, static_cast<int32_t>(rows.numRows));
        header.i32Field(2, kPlain);
        header.i32Field(3, kRle);
        header.i32Field(4, kRle);
        writeStatistics(header, 5, chunk.stats, leaf, flbaBytes);
        header.endStruct();
        header.endStruct();
        file += header.bytes();
        file += compressed;
        chunk.compressedSize = static_cast<int64_t>(header.bytes().size() + compressed.size());
        chunk.uncompressedSize = static_cast<int64_t>(header.bytes().size() + body.size());
        chunks.push_back(std::move(chunk));
    }

    ThriftWriter meta;
    meta.beginStruct();
    meta.i32Field(1, 1); // version
    // The schema, depth first: the root, then each column (a window as a group of two).
    size_t elements = 1;
    for (const Field &f : rows.schema.fields)
        elements += f.type.kind == TypeKind::Window ? 3 : 1;
    meta.listField(2, ThriftType::Struct, elements);
    meta.beginStruct();
    meta.binaryField(4, "spark_schema");
    meta.i32Field(5, static_cast<int32_t>(rows.schema.fields.size()));
    meta.endStruct();
    for (const Leaf &leaf : leaves) {
        if (leaf.part == 1) {
            meta.beginStruct();
            meta.i32Field(3, kOptional);
            meta.binaryField(4, rows.schema.fields[leaf.field].name);
            meta.i32Field(5, 2);
            meta.endStruct();
        }
        writeLeafElement(meta, leaf, leaf.path.back());
    }
    meta.i64Field(3, static_cast<int64_t>(rows.numRows));
    meta.listField(4, ThriftType::Struct, 1); // one row group
    meta.beginStruct();
    meta.listField(1, ThriftType::Struct, leaves.size());
    int64_t totalUncompressed = 0, totalCompressed = 0;
    for (size_t i = 0; i < leaves.size(); ++i) {
        const Leaf &leaf = leaves[i];
        const ChunkWritten &chunk = chunks[i];
        totalUncompressed += chunk.uncompressedSize;
        totalCompressed += chunk.compressedSize;
        meta.beginStruct(); // ColumnChunk
        meta.i64Field(2, chunk.offset);
        meta.structField(3); // ColumnMetaData
        meta.i32Field(1, leaf.physical);
        meta.listField(2, ThriftType::I32, 2);
        meta.i32Element(kPlain);
        meta.i32Element(kRle);
        meta.listField(3, ThriftType::Binary, leaf.path.size());
        for (const std::string &p : leaf.path)
            meta.binaryElement(p);
        meta.i32Field(4, kSnappy);
        meta.i64Field(5, static_cast<int64_t>(rows.numRows));
        meta.i64Field(6, chunk.uncompressedSize);
        meta.i64Field(7, chunk.compressedSize);
        meta.i64Field(9, chunk.offset);
        writeStatistics(meta, 12, chunk.stats, leaf,
                        leaf.physical == kFixedLenByteArray ? minBytesForPrecision(leaf.type.precision) : 0);
        meta.endStruct();
        meta.endStruct();
    }
    meta.i64Field(2, totalUncompressed);
    meta.i64Field(3, static_cast<int64_t>(rows.numRows));
    meta.i64Field(5, chunks.empty() ? 4 : chunks.front().offset);
    meta.i64Field(6, totalCompressed);
    meta.endStruct();
    meta.listField(5, ThriftType::Struct, 1);
    meta.beginStruct();
    meta.binaryField(1, kSparkRowMetadata);
    meta.binaryField(2, sparkSchemaJson(rows.schema));
    meta.endStruct();
    meta.binaryField(6, kCreatedBy);
    meta.listField(7, ThriftType::Struct, leaves.size()); // column orders: TYPE_ORDER for every leaf
    for (size_t i = 0; i < leaves.size(); ++i) {
        meta.beginStruct();
        meta.structField(1);
        meta.endStruct();
        meta.endStruct();
    }
    meta.endStruct();
    file += meta.bytes();
    appendLittleEndian(file, meta.bytes().size(), 4);
    file += kMagic;
    return file;
}

// ---- reading ----

namespace {

[[noreturn]] void unreadable(const std::string &what) { throw Error(ErrorKind::Runtime, what); }

uint64_t readLittleEndian(std::string_view bytes, size_t at, int size)
{
    if (at + static_cast<size_t>(size) > bytes.size())
        unreadable("a value runs past the end of its page");
    uint64_t value = 0;
    for (int i = 0; i < size; ++i)
        value |= static_cast<uint64_t>(static_cast<uint8_t>(bytes[at + static_cast<size_t>(i)])) << (8 * i);
    return value;
}

// A leaf as the footer describes it.
struct FileLeaf {
    std::vector<std::string> path;
    int32_t physical = 0;
    int32_t typeLength = 0;
    int maxDefinition = 0;
    DataType type;
    int timestampDivisor = 0; // >0: micros = value / divisor; <0: micros = value * -divisor
};

DataType leafType(const ThriftValue &element, FileLeaf &leaf)
{
    const int64_t converted = element.integerField(6, -1);
    const ThriftValue *logical = element.field(10);
    const bool decimal = converted == kDecimal || (logical && logical->field(5));
    if (decimal) {
        int precision = static_cast<int>(element.integerField(8, 0));
        int scale = static_cast<int>(element.integerField(7, 0));
        if (logical && logical->field(5)) {
            precision = static_cast<int>(logical->field(5)->integerField(2, precision));
            scale = static_cast<int>(logical->field(5)->integerField(1, scale));
        }
        if (precision < 1 || precision > DataType::kMaxPrecision || scale < 0 || scale > precision)
            unreadable("column " + leaf.path.back() + " has decimal(" + std::to_string(precision) + ","
                       + std::to_string(scale) + "), which Spark cannot hold");
        return DataType::decimal(precision, scale);
    }
    switch (leaf.physical) {
    case kBoolean: return DataType::boolean();
    case kInt32: return DataType::int32();
    case kInt64: {
        const ThriftValue *timestamp = logical ? logical->field(8) : nullptr;
        if (timestamp) {
            const ThriftValue *unit = timestamp->field(2);
            leaf.timestampDivisor = unit && unit->field(1) ? -1000 : unit && unit->field(3) ? 1000 : 1;
            return DataType::timestamp();
        }
        if (converted == kTimestampMicros || converted == kTimestampMillis) {
            leaf.timestampDivisor = converted == kTimestampMillis ? -1000 : 1;
            return DataType::timestamp();
        }
        return DataType::int64();
    }
    case kInt96: leaf.timestampDivisor = 1; return DataType::timestamp();
    case kFloat:
    case kDouble: return DataType::float64();
    case kByteArray: return DataType::string();
    default: unreadable("column " + leaf.path.back() + " has a fixed-length byte array that is not a decimal");
    }
}

// The page at `at`: its header, and its body decompressed; `next` is where the next page starts.
std::string_view decompressedPage(std::string_view file, const ThriftValue &meta, size_t at, std::string &storage,
                                  ThriftValue &header, size_t &next)
{
    if (at >= file.size())
        unreadable("a column chunk starts past the end of the file");
    ThriftReader reader(file.substr(at));
    header = reader.readStruct();
    const int64_t type = header.integerField(1, -1);
    if (type == kDictionaryPage)
        unreadable("it uses dictionary encoding, which StreamStep's reader does not read (StreamStep writes PLAIN pages)");
    if (type != kDataPage)
        unreadable("it has a page of type " + std::to_string(type) + "; StreamStep's reader reads data pages (v1)");
    const size_t bodyAt = at + reader.position();
    const auto compressedSize = static_cast<size_t>(header.integerField(3, 0));
    const auto uncompressedSize = static_cast<size_t>(header.integerField(2, 0));
    if (bodyAt + compressedSize > file.size())
        unreadable("a page runs past the end of the file");
    const std::string_view body = file.substr(bodyAt, compressedSize);
    next = bodyAt + compressedSize;
    const int64_t codec = meta.integerField(4, kUncompressed);
    if (codec == kUncompressed)
        return body;
    if (codec != kSnappy)
        unreadable("it is compressed with codec " + std::to_string(codec) + "; StreamStep's reader reads Snappy or none");
    if (!snappy::Uncompress(body.data(), body.size(), &storage) || storage.size() != uncompressedSize)
        unreadable("a Snappy page does not decompress");
    return storage;
}

// Definition levels of `count` values: RLE/bit-packed hybrid after a 4-byte length.
std::vector<uint8_t> readLevels(std::string_view page, size_t &at, size_t count, int maxDefinition)
{
    std::vector<uint8_t> levels;
    levels.reserve(count);
    if (maxDefinition == 0) {
        levels.assign(count, 0);
        return levels;
    }
    const auto length = static_cast<size_t>(readLittleEndian(page, at, 4));
    at += 4;
    const size_t end = at + length;
    if (end > page.size())
        unreadable("its definition levels run past the page");
    int bitWidth = 0;
    while ((1 << bitWidth) <= maxDefinition)
        ++bitWidth;
    while (levels.size() < count && at < end) {
        uint64_t header = 0;
        for (int shift = 0;; shift += 7) {
            const auto b = static_cast<uint8_t>(page[at++]);
            header |= static_cast<uint64_t>(b & 0x7F) << shift;
            if (!(b & 0x80) || at >= end)
                break;
        }
        if (header & 1) { // bit-packed groups of 8
            const size_t values = (header >> 1) * 8;
            const size_t bytes = (header >> 1) * static_cast<size_t>(bitWidth);
            if (at + bytes > end)
                unreadable("its bit-packed definition levels run past the page");
            for (size_t i = 0; i < values && levels.size() < count; ++i) {
                uint32_t v = 0;
                for (int b = 0; b < bitWidth; ++b) {
                    const size_t bit = i * static_cast<size_t>(bitWidth) + static_cast<size_t>(b);
                    v |= ((static_cast<uint8_t>(page[at + bit / 8]) >> (bit % 8)) & 1u) << b;
                }
                levels.push_back(static_cast<uint8_t>(v));
            }
            at += bytes;
        } else {
            const size_t run = header >> 1;
            const int bytes = (bitWidth + 7) / 8;
            const auto v = static_cast<uint8_t>(readLittleEndian(page, at, bytes));
            at += static_cast<size_t>(bytes);
            for (size_t i = 0; i < run && levels.size() < count; ++i)
                levels.push_back(v);
        }
    }
    if (levels.size() != count)
        unreadable("it has fewer definition levels than values");
    at = end;
    return levels;
}

// Decodes one column chunk into values (nullopt for null), as `leaf.type` values; a window
// part as a timestamp.
std::vector<std::optional<Value>> readChunk(std::string_view file, const ThriftValue &chunk, const FileLeaf &leaf,
                                            size_t numRows)
{
    const ThriftValue *meta = chunk.field(3);
    if (!meta)
        unreadable("a column chunk has no metadata");
    std::vector<std::optional<Value>> out;
    out.reserve(numRows);
    size_t at = static_cast<size_t>(meta->integerField(9, chunk.integerField(2, 0)));
    const auto totalValues = static_cast<size_t>(meta->integerField(5, 0));
    while (out.size() < totalValues) {
        std::string storage;
        ThriftValue header;
        size_t next = 0;
        const std::string_view page = decompressedPage(file, *meta, at, storage, header, next);
        const ThriftValue *data = header.field(5);
        if (!data)
            unreadable("a data page has no data page header");
        if (data->integerField(2, kPlain) != kPlain)
            unreadable("a page uses encoding " + std::to_string(data->integerField(2, 0))
                       + "; StreamStep's reader reads PLAIN");
        const auto count = static_cast<size_t>(data->integerField(1, 0));
        size_t pos = 0;
        const std::vector<uint8_t> levels = readLevels(page, pos, count, leaf.maxDefinition);
        size_t bitIndex = 0;
        for (size_t i = 0; i < count; ++i) {
            if (levels[i] != leaf.maxDefinition) {
                out.emplace_back(std::nullopt);
                continue;
            }
            switch (leaf.physical) {
            case kBoolean: {
                const auto byte = static_cast<uint8_t>(readLittleEndian(page, pos + bitIndex / 8, 1));
                out.emplace_back(Value::boolean((byte >> (bitIndex % 8)) & 1));
                ++bitIndex;
                break;
            }
            case kInt32: {
                const auto v = static_cast<int32_t>(readLittleEndian(page, pos, 4));
                pos += 4;
                out.emplace_back(leaf.type.kind == TypeKind::Decimal ? Value::decimal(v, leaf.type.precision, leaf.type.scale)
                                                                     : Value::int32(v));
                break;
            }
            case kInt64: {
                const auto v = static_cast<int64_t>(readLittleEndian(page, pos, 8));
                pos += 8;
                if (leaf.type.kind == TypeKind::Decimal)
                    out.emplace_back(Value::decimal(v, leaf.type.precision, leaf.type.scale));
                else if (leaf.type.kind == TypeKind::Timestamp)
                    out.emplace_back(Value::timestamp(leaf.timestampDivisor < 0 ? v * -leaf.timestampDivisor
                                                                                : v / leaf.timestampDivisor));
                else
                    out.emplace_back(Value::int64(v));
                break;
            }
            case kInt96: { // nanoseconds of the day, then the Julian day
                const auto nanos = static_cast<int64_t>(readLittleEndian(page, pos, 8));
                const auto julianDay = static_cast<int64_t>(static_cast<int32_t>(readLittleEndian(page, pos + 8, 4)));
                pos += 12;
                out.emplace_back(Value::timestamp((julianDay - 2440588) * 86400000000LL + nanos / 1000));
                break;
            }
            case kFloat: {
                const auto bits = static_cast<uint32_t>(readLittleEndian(page, pos, 4));
                pos += 4;
                float f = 0;
                std::memcpy(&f, &bits, 4);
                out.emplace_back(Value::float64(f));
                break;
            }
            case kDouble: {
                const uint64_t bits = readLittleEndian(page, pos, 8);
                pos += 8;
                double d = 0;
                std::memcpy(&d, &bits, 8);
                out.emplace_back(Value::float64(d));
                break;
            }
            case kByteArray: {
                const auto length = static_cast<size_t>(readLittleEndian(page, pos, 4));
                pos += 4;
                if (pos + length > page.size())
                    unreadable("a string runs past its page");
                const std::string text(page.substr(pos, length));
                pos += length;
                if (leaf.type.kind == TypeKind::Decimal) {
                    Int128 v = length && (static_cast<uint8_t>(text[0]) & 0x80) ? -1 : 0;
                    for (char c : text)
                        v = static_cast<Int128>((static_cast<unsigned __int128>(v) << 8) | static_cast<uint8_t>(c));
                    out.emplace_back(Value::decimal(v, leaf.type.precision, leaf.type.scale));
                } else {
                    out.emplace_back(Value::string(text));
                }
                break;
            }
            default: { // FIXED_LEN_BYTE_ARRAY decimal, big-endian two's complement
                const auto length = static_cast<size_t>(leaf.typeLength);
                if (pos + length > page.size())
                    unreadable("a decimal runs past its page");
                Int128 v = length && (static_cast<uint8_t>(page[pos]) & 0x80) ? -1 : 0;
                for (size_t b = 0; b < length; ++b)
                    v = static_cast<Int128>((static_cast<unsigned __int128>(v) << 8) | static_cast<uint8_t>(page[pos + b]));
                pos += length;
                out.emplace_back(Value::decimal(v, leaf.type.precision, leaf.type.scale));
                break;
            }
            }
        }
        if (count == 0)
            unreadable("a data page holds no values");
        at = next;
    }
    return out;
}

} // namespace

ColumnBatch ParquetFormat::read(std::string_view file)
{
    if (file.size() < 12 || file.substr(0, 4) != kMagic || file.substr(file.size() - 4) != kMagic)
        unreadable("it is not a Parquet file (no PAR1 at its start and end)");
    const auto footerLength = static_cast<size_t>(readLittleEndian(file, file.size() - 8, 4));
    if (footerLength > file.size() - 12)
        unreadable("its footer length is larger than the file");
    ThriftReader reader(file.substr(file.size() - 8 - footerLength, footerLength));
    const ThriftValue meta = reader.readStruct();
    const ThriftValue *elements = meta.field(2);
    if (!elements || elements->items.empty())
        unreadable("its footer has no schema");

    // The schema, depth first: flat leaves, and groups of a start and an end timestamp (windows).
    Schema schema;
    std::vector<FileLeaf> leaves;
    std::vector<std::vector<size_t>> fieldLeaves; // per schema field, its leaves
    const auto &items = elements->items;
    const int64_t rootChildren = items[0].integerField(5, 0);
    size_t index = 1;
    for (int64_t child = 0; child < rootChildren; ++child) {
        if (index >= items.size())
            unreadable("its schema has fewer columns than its root says");
        const ThriftValue &element = items[index++];
        const std::string name = element.binaryField(4);
        const int optional = element.integerField(3, kRequired) == kOptional ? 1 : 0;
        if (element.integerField(3, kRequired) > kOptional)
            unreadable("its column " + name + " is repeated (a list), which StreamStep's reader does not read");
        const int64_t children = element.integerField(5, 0);
        if (children == 0) {
            FileLeaf leaf;
            leaf.path = {name};
            leaf.physical = static_cast<int32_t>(element.integerField(1, kByteArray));
            leaf.typeLength = static_cast<int32_t>(element.integerField(2, 0));
            leaf.maxDefinition = optional;
            leaf.type = leafType(element, leaf);
            schema.fields.push_back(Field{name, leaf.type, std::nullopt});
            fieldLeaves.push_back({leaves.size()});
            leaves.push_back(std::move(leaf));
            continue;
        }
        std::vector<size_t> parts;
        std::vector<std::string> partNames;
        for (int64_t g = 0; g < children; ++g) {
            if (index >= items.size())
                unreadable("its schema ends inside the group " + name);
            const ThriftValue &part = items[index++];
            if (part.integerField(5, 0) != 0)
                unreadable("its column " + name + " nests groups, which StreamStep's reader does not read");
            FileLeaf leaf;
            leaf.path = {name, part.binaryField(4)};
            leaf.physical = static_cast<int32_t>(part.integerField(1, kByteArray));
            leaf.typeLength = static_cast<int32_t>(part.integerField(2, 0));
            leaf.maxDefinition = optional + (part.integerField(3, kRequired) == kOptional ? 1 : 0);
            leaf.type = leafType(part, leaf);
            partNames.push_back(leaf.path.back());
            parts.push_back(leaves.size());
            if (leaf.type.kind != TypeKind::Timestamp)
                partNames.back() = "?";
            leaves.push_back(std::move(leaf));
        }
        if (partNames != std::vector<std::string>{"start", "end"})
            unreadable("its column " + name + " is a struct other than a window {start, end}, which StreamStep's reader "
                       "does not read");
        schema.fields.push_back(Field{name, DataType::window(), std::nullopt});
        fieldLeaves.push_back(parts);
    }

    ColumnBatch batch = ColumnBatch::empty(schema);
    const ThriftValue *rowGroups = meta.field(4);
    for (const ThriftValue &group : rowGroups ? rowGroups->items : std::vector<ThriftValue>{}) {
        const ThriftValue *chunks = group.field(1);
        const auto numRows = static_cast<size_t>(group.integerField(3, 0));
        if (!chunks || chunks->items.size() != leaves.size())
            unreadable("a row group has " + std::to_string(chunks ? chunks->items.size() : 0) + " column chunks for "
                       + std::to_string(leaves.size()) + " columns");
        std::vector<std::vector<std::optional<Value>>> values;
        for (size_t l = 0; l < leaves.size(); ++l) {
            values.push_back(readChunk(file, chunks->items[l], leaves[l], numRows));
            if (values.back().size() != numRows)
                unreadable("column " + leaves[l].path.front() + " has " + std::to_string(values.back().size())
                           + " values in a row group of " + std::to_string(numRows) + " rows");
        }
        for (size_t f = 0; f < schema.fields.size(); ++f) {
            Column &column = batch.columns[f];
            const std::vector<size_t> &parts = fieldLeaves[f];
            for (size_t r = 0; r < numRows; ++r) {
                if (parts.size() == 1) {
                    const auto &v = values[parts[0]][r];
                    column.append(v ? *v : Value::null());
                    continue;
                }
                const auto &start = values[parts[0]][r];
                const auto &end = values[parts[1]][r];
                column.append(start && end ? Value::window(start->asTimestamp(), end->asTimestamp()) : Value::null());
            }
        }
        batch.numRows += numRows;
    }
    return batch;
}

} // namespace streamstep
