#include "sinks/json_lines_format.h"

#include "streamstep/error.h"
#include "streamstep/value_format.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>

namespace streamstep {

namespace {

// A JSON scalar as it appeared in the text; numbers keep their spelling.
struct RawValue {
    enum class Kind { Null, Boolean, Number, String, Object } kind = Kind::Null;
    std::string text;                      // number spelling or string value
    bool boolean = false;
    std::map<std::string, RawValue> fields; // Object (one level: window structs)
};

// Collects a flat object (plus one nested level) without converting numbers to double.
class RowCollector : public nlohmann::json_sax<nlohmann::json> {
public:
    bool null() override { return put(RawValue{}); }
    bool boolean(bool v) override
    {
        RawValue r;
        r.kind = RawValue::Kind::Boolean;
        r.boolean = v;
        return put(std::move(r));
    }
    bool number_integer(number_integer_t v) override { return number(std::to_string(v)); }
    bool number_unsigned(number_unsigned_t v) override { return number(std::to_string(v)); }
    bool number_float(number_float_t, const string_t &s) override { return number(s); }
    bool string(string_t &v) override
    {
        RawValue r;
        r.kind = RawValue::Kind::String;
        r.text = v;
        return put(std::move(r));
    }
    bool binary(binary_t &) override { return false; }
    bool start_object(std::size_t) override
    {
        if (m_depth == 1) {
            m_nested = RawValue{};
            m_nested.kind = RawValue::Kind::Object;
        } else if (m_depth > 1) {
            return fail("nested deeper than a struct");
        }
        ++m_depth;
        return true;
    }
    bool key(string_t &k) override
    {
        (m_depth == 1 ? m_key : m_nestedKey) = k;
        return true;
    }
    bool end_object() override
    {
        --m_depth;
        if (m_depth == 1)
            fields[m_key] = std::move(m_nested);
        return true;
    }
    bool start_array(std::size_t) override { return fail("arrays are not supported"); }
    bool end_array() override { return false; }
    bool parse_error(std::size_t position, const std::string &, const nlohmann::detail::exception &e) override
    {
        return fail("invalid JSON at byte " + std::to_string(position) + " (" + e.what() + ")");
    }

    std::map<std::string, RawValue> fields;
    std::string error;
    bool sawObject() const { return m_sawObject; }

private:
    bool number(const std::string &text)
    {
        RawValue r;
        r.kind = RawValue::Kind::Number;
        r.text = text;
        return put(std::move(r));
    }
    bool put(RawValue value)
    {
        if (m_depth == 1) {
            fields[m_key] = std::move(value);
            m_sawObject = true;
        } else if (m_depth == 2) {
            m_nested.fields[m_nestedKey] = std::move(value);
        } else {
            return fail("a line must be a JSON object");
        }
        return true;
    }
    bool fail(std::string why)
    {
        if (error.empty())
            error = std::move(why);
        return false;
    }

    int m_depth = 0;
    std::string m_key;
    std::string m_nestedKey;
    RawValue m_nested;
    bool m_sawObject = false;
};

std::string jsonText(const std::string &s) { return toJsonText(Value::string(s)); }

std::optional<Value> convert(const RawValue &raw, const DataType &type)
{
    using Kind = RawValue::Kind;
    if (raw.kind == Kind::Null)
        return Value::null();
    switch (type.kind) {
    case TypeKind::Boolean:
        if (raw.kind == Kind::Boolean)
            return Value::boolean(raw.boolean);
        break;
    case TypeKind::Int:
    case TypeKind::Long: {
        if (raw.kind != Kind::Number)
            break;
        char *stop = nullptr;
        errno = 0;
        const long long v = std::strtoll(raw.text.c_str(), &stop, 10);
        if (errno != 0 || stop != raw.text.c_str() + raw.text.size())
            break;
        if (type.kind == TypeKind::Int) {
            if (v < INT32_MIN || v > INT32_MAX)
                break;
            return Value::int32(static_cast<int32_t>(v));
        }
        return Value::int64(v);
    }
    case TypeKind::Double:
        if (raw.kind == Kind::Number)
            return Value::float64(std::strtod(raw.text.c_str(), nullptr));
        if (raw.kind == Kind::String && (raw.text == "NaN" || raw.text == "Infinity" || raw.text == "-Infinity"))
            return Value::float64(raw.text == "NaN" ? std::nan("") : raw.text[0] == '-' ? -HUGE_VAL : HUGE_VAL);
        break;
    case TypeKind::Decimal:
        if (raw.kind == Kind::Number) {
            const auto d = parseDecimalText(raw.text);
            if (d && d->scale <= type.scale)
                return Value::decimal(d->unscaled, type.precision, d->scale);
        }
        break;
    case TypeKind::String:
        if (raw.kind == Kind::String)
            return Value::string(raw.text);
        break;
    case TypeKind::Timestamp:
        if (raw.kind == Kind::String)
            if (const auto micros = parseTimestamp(raw.text))
                return Value::timestamp(*micros);
        break;
    case TypeKind::Window: {
        if (raw.kind != Kind::Object)
            break;
        const auto start = raw.fields.find("start");
        const auto end = raw.fields.find("end");
        if (start == raw.fields.end() || end == raw.fields.end())
            break;
        const auto s = convert(start->second, DataType::timestamp());
        const auto e = convert(end->second, DataType::timestamp());
        if (!s || !e || s->isNull() || e->isNull())
            break;
        return Value::window(s->asTimestamp(), e->asTimestamp());
    }
    default: break;
    }
    return std::nullopt;
}

} // namespace

void JsonLinesFormat::appendRows(std::string &out, const ColumnBatch &batch, size_t begin, size_t end)
{
    // The keys are escaped once for all rows: `"name":`.
    std::vector<std::string> keys;
    for (size_t c = 0; c < batch.columns.size(); ++c)
        keys.push_back(jsonText(batch.schema.fields[c].name) + ':');
    for (size_t row = begin; row < end; ++row) {
        out += '{';
        bool first = true;
        for (size_t c = 0; c < batch.columns.size(); ++c) {
            const Column &column = batch.columns[c];
            if (column.isNull(row))
                continue;
            if (!first)
                out += ',';
            first = false;
            out += keys[c];
            if (column.type().kind == TypeKind::Window) { // compact, unlike --jsonl's {"start": …}
                out += "{\"start\":\"";
                appendTimestampIso(out, column.ints()[row]);
                out += "\",\"end\":\"";
                appendTimestampIso(out, column.ends()[row]);
                out += "\"}";
            } else {
                appendJsonText(out, column, row);
            }
        }
        out += "}\n";
    }
}

std::vector<Value> JsonLinesFormat::parseRow(std::string_view line, const Schema &schema)
{
    RowCollector collector;
    const bool ok = nlohmann::json::sax_parse(line, &collector);
    if (!ok || !collector.error.empty())
        throw Error(ErrorKind::Runtime, collector.error.empty() ? "not a JSON object" : collector.error);
    std::vector<Value> row;
    row.reserve(schema.fields.size());
    for (const Field &f : schema.fields) {
        const auto it = collector.fields.find(f.name);
        if (it == collector.fields.end()) {
            row.push_back(Value::null());
            continue;
        }
        auto value = convert(it->second, f.type);
        if (!value)
            throw Error(ErrorKind::Runtime, "field '" + f.name + "' does not fit " + f.type.sparkName()
                                                + ": " + (it->second.text.empty() ? "(value)" : it->second.text));
        row.push_back(std::move(*value));
    }
    return row;
}

} // namespace streamstep
