// Fuzzes parseCellText, the one parser behind a cell typed into the input editor and every value
// of a scenario file: the first byte picks the type (decimal precision and scale from the next
// two), the rest is the text. A refusal must say why; an accepted value must come back the same
// after the editor's text form (what is typed saves and reopens unchanged).
#include "streamstep/scenario.h"
#include "streamstep/value_format.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

using namespace streamstep;

namespace {

// The input editor's text of a value (InputStepsModel::cellText without Qt).
std::string editorText(const Value &value)
{
    if (value.isNull())
        return "NULL";
    switch (value.type().kind) {
    case TypeKind::String: return value.asString();
    case TypeKind::Int: return std::to_string(value.asInt());
    case TypeKind::Long: return std::to_string(value.asLong());
    case TypeKind::Boolean: return value.asBool() ? "true" : "false";
    case TypeKind::Double: return formatDouble(value.asDouble());
    case TypeKind::Decimal: return formatDecimal(value.asDecimal().unscaled, value.asDecimal().scale);
    case TypeKind::Timestamp: return formatTimestamp(value.asTimestamp());
    default: return toDisplayString(value);
    }
}

bool sameValue(const Value &a, const Value &b)
{
    if (a.type().kind == TypeKind::Double && b.type().kind == TypeKind::Double && std::isnan(a.asDouble())
        && std::isnan(b.asDouble()))
        return true;
    if (a.type().kind == TypeKind::Double && b.type().kind == TypeKind::Double)
        return a.asDouble() == b.asDouble() && std::signbit(a.asDouble()) == std::signbit(b.asDouble());
    return a == b;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    DataType type;
    size_t skip = 1;
    switch (data[0] % 9) {
    case 0: type = DataType::boolean(); break;
    case 1: type = DataType::int32(); break;
    case 2: type = DataType::int64(); break;
    case 3: type = DataType::float64(); break;
    case 4: {
        if (size < 3)
            return 0;
        const int precision = 1 + data[1] % 38;
        type = DataType::decimal(precision, data[2] % (precision + 1));
        skip = 3;
        break;
    }
    case 5: type = DataType::string(); break;
    case 6: type = DataType::timestamp(); break;
    case 7: type = DataType::null(); break;
    default: type = DataType::window(); break;
    }
    const std::string_view text(reinterpret_cast<const char *>(data) + skip, size - skip);
    CellTextError error;
    const std::optional<Value> value = parseCellText(text, type, &error);
    if (!value) {
        if (error.message.empty()) {
            std::fprintf(stderr, "parseCellText refused without a message\n");
            std::abort();
        }
        return 0;
    }
    if (!value->isNull() && !(value->type().kind == type.kind)) {
        std::fprintf(stderr, "parseCellText returned a value of another type\n");
        std::abort();
    }
    if (type.kind == TypeKind::String && value->isNull()) {
        std::fprintf(stderr, "a string cell became NULL\n");
        std::abort();
    }
    const std::string shown = editorText(*value);
    const std::optional<Value> again = parseCellText(shown, type, &error);
    if (!again || !sameValue(*value, *again)) {
        std::fprintf(stderr, "cell text does not round-trip: '%s' -> '%s' -> %s\n", std::string(text).c_str(),
                     shown.c_str(), again ? editorText(*again).c_str() : error.message.c_str());
        std::abort();
    }
    return 0;
}
