#include "streamstep/types.h"
#include "types/text.h"

#include <cctype>
#include <charconv>
#include <string>

namespace streamstep {

std::string DataType::sparkName() const
{
    switch (kind) {
    case TypeKind::Null: return "void";
    case TypeKind::Boolean: return "boolean";
    case TypeKind::Int: return "int";
    case TypeKind::Long: return "bigint";
    case TypeKind::Double: return "double";
    case TypeKind::Decimal:
        return "decimal(" + std::to_string(precision) + "," + std::to_string(scale) + ")";
    case TypeKind::String: return "string";
    case TypeKind::Timestamp: return "timestamp";
    case TypeKind::Window: return "struct<start:timestamp,end:timestamp>";
    }
    return "unknown";
}

std::string DataType::scenarioName() const
{
    if (kind == TypeKind::Long)
        return "long";
    return sparkName();
}

static std::string lowerTrimmed(std::string_view text)
{
    std::string out;
    for (char c : text)
        if (!std::isspace(static_cast<unsigned char>(c)))
            out.push_back(asciiLower(c));
    return out;
}

std::optional<DataType> parseTypeName(std::string_view name)
{
    const std::string n = lowerTrimmed(name);
    if (n == "boolean" || n == "bool")
        return DataType::boolean();
    if (n == "int" || n == "integer")
        return DataType::int32();
    if (n == "long" || n == "bigint")
        return DataType::int64();
    if (n == "double")
        return DataType::float64();
    if (n == "string")
        return DataType::string();
    if (n == "timestamp")
        return DataType::timestamp();
    if (n == "decimal")
        return DataType::decimal(10, 0); // Spark's default decimal
    if (n.starts_with("decimal(") && n.ends_with(")")) {
        const std::string inner = n.substr(8, n.size() - 9);
        const auto comma = inner.find(',');
        int p = 0;
        int s = 0;
        auto parseInt = [](std::string_view t, int &out) {
            auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
            return ec == std::errc() && ptr == t.data() + t.size() && !t.empty();
        };
        if (comma == std::string::npos) {
            if (!parseInt(inner, p))
                return std::nullopt;
        } else if (!parseInt(std::string_view(inner).substr(0, comma), p)
                   || !parseInt(std::string_view(inner).substr(comma + 1), s)) {
            return std::nullopt;
        }
        if (p < 1 || p > DataType::kMaxPrecision || s < 0 || s > p)
            return std::nullopt;
        return DataType::decimal(p, s);
    }
    return std::nullopt;
}

DataType Value::type() const
{
    struct Visitor {
        DataType operator()(std::monostate) const { return DataType::null(); }
        DataType operator()(bool) const { return DataType::boolean(); }
        DataType operator()(int32_t) const { return DataType::int32(); }
        DataType operator()(Long) const { return DataType::int64(); }
        DataType operator()(double) const { return DataType::float64(); }
        DataType operator()(const Decimal &d) const { return DataType::decimal(d.precision, d.scale); }
        DataType operator()(const std::string &) const { return DataType::string(); }
        DataType operator()(Timestamp) const { return DataType::timestamp(); }
        DataType operator()(WindowBounds) const { return DataType::window(); }
    };
    return std::visit(Visitor{}, m_storage);
}

} // namespace streamstep
