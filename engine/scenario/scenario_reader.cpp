#include "streamstep/scenario.h"

#include "scenario/fast_rows.h"
#include "scenario/json_document.h"
#include "scenario/rows_fingerprint.h"
#include "scenario/spelling.h"
#include "streamstep/interval.h"
#include "streamstep/value_format.h"
#include "types/plain_timestamp.h"
#include "types/text.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <limits>
#include <memory>
#include <system_error>

namespace streamstep {

namespace {

using Kind = JsonNode::Kind;

constexpr std::string_view kFormatTag = "streamstep-scenario";
constexpr int kVersion = 1;
constexpr size_t kMaxShownValueLength = 40;
constexpr const char *kTimestampForms =
    "expected \"YYYY-MM-DD HH:MM:SS[.ffffff]\" or ISO-8601 \"YYYY-MM-DDTHH:MM:SS[.ffffff][Z]\"";

const std::vector<std::string_view> kSinkFormats = {"console", "memory",   "csv",  "json",        "parquet",
                                                    "sqlite",  "postgres", "jdbc", "foreachBatch"};

std::string joined(const std::vector<std::string_view> &words, std::string_view separator = ", ")
{
    std::string out;
    for (size_t i = 0; i < words.size(); ++i) {
        if (i > 0)
            out += separator;
        out += words[i];
    }
    return out;
}

std::string positionText(TextPosition position)
{
    return std::to_string(position.line) + ":" + std::to_string(position.column);
}

// Shows a text in a message as a JSON string, long texts shortened.
std::string shownText(std::string_view text)
{
    std::string shown(text);
    if (shown.size() > kMaxShownValueLength)
        shown = shown.substr(0, kMaxShownValueLength) + "...";
    return nlohmann::json(shown).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Shows a JSON value the way it is written in the file (long strings shortened).
std::string shownValue(const JsonNode &node)
{
    switch (node.kind) {
    case Kind::Null: return "null";
    case Kind::Boolean: return node.boolean ? "true" : "false";
    case Kind::Number: return node.text;
    case Kind::String: return shownText(node.text);
    case Kind::Array:
    case Kind::Object: return describeKind(node.kind);
    }
    return "?";
}

std::string withArticle(const std::string &typeName)
{
    const bool vowel = !typeName.empty() && std::string_view("aeiou").find(typeName[0]) != std::string_view::npos;
    return (vowel ? "an " : "a ") + typeName;
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

bool isAllDigits(std::string_view text, size_t from, size_t count)
{
    if (from + count > text.size())
        return false;
    for (size_t i = from; i < from + count; ++i)
        if (!isDigit(text[i]))
            return false;
    return true;
}

// Accepts exactly the contract's two timestamp spellings (always UTC): "YYYY-MM-DD HH:MM:SS[.f]"
// and "YYYY-MM-DDTHH:MM:SS[.f][Z]" with up to 6 fraction digits.
bool hasTimestampShape(std::string_view t)
{
    if (t.size() < 19 || !isAllDigits(t, 0, 4) || t[4] != '-' || !isAllDigits(t, 5, 2) || t[7] != '-'
        || !isAllDigits(t, 8, 2) || (t[10] != ' ' && t[10] != 'T') || !isAllDigits(t, 11, 2)
        || t[13] != ':' || !isAllDigits(t, 14, 2) || t[16] != ':' || !isAllDigits(t, 17, 2))
        return false;
    size_t i = 19;
    if (i < t.size() && t[i] == '.') {
        ++i;
        const size_t digitsStart = i;
        while (i < t.size() && isDigit(t[i]))
            ++i;
        if (i == digitsStart || i - digitsStart > 6)
            return false;
    }
    if (t[10] == 'T' && i < t.size() && t[i] == 'Z')
        ++i;
    return i == t.size();
}

// A plain decimal number: optional sign, digits with at most one point, at least one digit.
bool looksLikePlainDecimal(std::string_view t)
{
    size_t i = (!t.empty() && (t[0] == '-' || t[0] == '+')) ? 1 : 0;
    bool digit = false;
    bool point = false;
    for (; i < t.size(); ++i) {
        if (isDigit(t[i]))
            digit = true;
        else if (t[i] == '.' && !point)
            point = true;
        else
            return false;
    }
    return digit;
}

int numDigits(Int128 v)
{
    if (v < 0)
        v = -v;
    int n = 0;
    // 128-bit divisions only for what exceeds 64 bits (a call each): every amount of a big file
    // takes the 64-bit loop (-v of the minimum stays negative and takes the wide loop too).
    constexpr Int128 kMax64 = std::numeric_limits<uint64_t>::max();
    while (v < 0 || v > kMax64) {
        v /= 10;
        ++n;
    }
    for (auto u = static_cast<uint64_t>(v); u != 0; u /= 10)
        ++n;
    return n;
}

Int128 powerOfTen(int n)
{
    Int128 r = 1;
    for (int i = 0; i < n; ++i)
        r *= 10;
    return r;
}

// A typed cell without the blanks around it (a file value has none to trim).
std::string_view trimmed(std::string_view text)
{
    auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    return text;
}

} // namespace

namespace {

constexpr uint64_t kPowersOfTen64[] = {1ULL,
                                       10ULL,
                                       100ULL,
                                       1'000ULL,
                                       10'000ULL,
                                       100'000ULL,
                                       1'000'000ULL,
                                       10'000'000ULL,
                                       100'000'000ULL,
                                       1'000'000'000ULL,
                                       10'000'000'000ULL,
                                       100'000'000'000ULL,
                                       1'000'000'000'000ULL,
                                       10'000'000'000'000ULL,
                                       100'000'000'000'000ULL,
                                       1'000'000'000'000'000ULL,
                                       10'000'000'000'000'000ULL,
                                       100'000'000'000'000'000ULL,
                                       1'000'000'000'000'000'000ULL};

// parseDecimalCell for a plain number of at most 18 digits ([+-]digits[.digits]), whose
// unscaled value fits 64 bits: the same answer (parseDecimalText's rules, then the column's
// scale and precision) without 128-bit arithmetic. False for any other text, which the general
// path below decides.
bool parseShortDecimalCell(std::string_view text, const DataType &type, std::optional<Int128> &result)
{
    const char *at = text.data();
    const char *const end = at + text.size();
    const bool negative = at < end && *at == '-';
    if (at < end && (*at == '-' || *at == '+'))
        ++at;
    const char *const first = at;
    uint64_t unscaled = 0;
    while (at < end && *at >= '0' && *at <= '9')
        unscaled = unscaled * 10 + static_cast<uint64_t>(*at++ - '0');
    int digits = static_cast<int>(at - first);
    int scale = 0;
    if (at < end && *at == '.') {
        const char *const fraction = ++at;
        while (at < end && *at >= '0' && *at <= '9')
            unscaled = unscaled * 10 + static_cast<uint64_t>(*at++ - '0');
        scale = static_cast<int>(at - fraction);
        digits += scale;
    }
    // (More than 18 digits may have wrapped `unscaled` around; the general path reads those.)
    if (at != end || digits == 0 || digits > 18 || type.scale < 0 || type.precision < 0)
        return false;
    int extra = 0; // the zeros the column's scale adds
    if (scale > type.scale) {
        // Extra fraction digits are fine only when they are zeros (12.50 -> decimal(4,1)).
        const uint64_t factor = kPowersOfTen64[scale - type.scale];
        if (unscaled % factor != 0) {
            result = std::nullopt;
            return true;
        }
        unscaled /= factor;
    } else {
        extra = type.scale - scale;
    }
    // What the general path checks before and after the zeros: the value's digits plus the
    // zeros fit the precision (a value below 10^18 always fits 18 digits or more).
    const int room = type.precision - extra;
    if (room < 0 || (room < 18 && unscaled >= kPowersOfTen64[room])) {
        result = std::nullopt;
        return true;
    }
    Int128 value = static_cast<Int128>(unscaled);
    for (int k = 0; k < extra; ++k)
        value *= 10;
    result = negative ? -value : value;
    return true;
}

} // namespace

std::optional<Int128> parseDecimalCell(std::string_view text, const DataType &type)
{
    if (std::optional<Int128> result; parseShortDecimalCell(text, type, result))
        return result;
    const std::optional<Decimal> parsed = parseDecimalText(text);
    if (!parsed)
        return std::nullopt;
    Int128 unscaled = parsed->unscaled;
    if (parsed->scale > type.scale) {
        // Extra fraction digits are fine only when they are zeros (12.50 -> decimal(4,1)).
        const Int128 factor = powerOfTen(parsed->scale - type.scale);
        if (unscaled % factor != 0)
            return std::nullopt;
        unscaled /= factor;
    } else if (parsed->scale < type.scale) {
        if (numDigits(unscaled) + (type.scale - parsed->scale) > type.precision)
            return std::nullopt;
        unscaled *= powerOfTen(type.scale - parsed->scale);
    }
    if (numDigits(unscaled) > type.precision)
        return std::nullopt;
    return unscaled;
}

std::optional<int64_t> parseTimestampCell(std::string_view text)
{
    // The plain shape (what nearly every file holds) is checked and computed in one pass; it
    // passes hasTimestampShape and gives what parseTimestamp gives.
    if (std::optional<int64_t> micros; parsePlainTimestamp(text, micros))
        return micros;
    if (!hasTimestampShape(text))
        return std::nullopt;
    return parseTimestamp(text);
}

// parseCellText's rules per type on a value's text as it stands (no trimming, no NULL). The
// reader applies them to the text of a file's numbers and strings; `shown` is how a message
// shows the text (as written in the file: a number bare, a string quoted).
std::optional<Value> parseValueText(std::string_view text, const DataType &type, const std::string &shown,
                                    CellTextError *error)
{
    auto refuse = [&](CellTextProblem problem, std::string message) -> std::optional<Value> {
        if (error)
            *error = CellTextError{problem, std::move(message)};
        return std::nullopt;
    };
    auto notA = [&] {
        return refuse(CellTextProblem::NotAValue, shown + " is not " + withArticle(type.scenarioName()));
    };
    auto doesNotFit = [&] {
        return refuse(CellTextProblem::DoesNotFit,
                      "value " + std::string(text) + " does not fit " + type.scenarioName());
    };
    switch (type.kind) {
    case TypeKind::Boolean:
        if (equalsIgnoreCase(text, "true"))
            return Value::boolean(true);
        if (equalsIgnoreCase(text, "false"))
            return Value::boolean(false);
        return notA();
    case TypeKind::Int:
    case TypeKind::Long: {
        // A sign and digits only: no fraction or exponent, even a zero one ("12.0", "1e3").
        const bool plus = !text.empty() && text.front() == '+';
        const size_t digitsFrom = (plus || (!text.empty() && text.front() == '-')) ? 1 : 0;
        if (text.size() == digitsFrom || !isAllDigits(text, digitsFrom, text.size() - digitsFrom))
            return notA();
        int64_t value = 0;
        const char *end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data() + (plus ? 1 : 0), end, value);
        if (ec != std::errc() || ptr != end)
            return doesNotFit();
        if (type.kind == TypeKind::Long)
            return Value::int64(value);
        if (value < std::numeric_limits<int32_t>::min() || value > std::numeric_limits<int32_t>::max())
            return doesNotFit();
        return Value::int32(static_cast<int32_t>(value));
    }
    case TypeKind::Double: {
        // Spark's spelling of the values a JSON number cannot hold.
        if (text == "NaN")
            return Value::float64(std::numeric_limits<double>::quiet_NaN());
        if (text == "Infinity")
            return Value::float64(std::numeric_limits<double>::infinity());
        if (text == "-Infinity")
            return Value::float64(-std::numeric_limits<double>::infinity());
        std::string_view number = text;
        if (!number.empty() && number.front() == '+') {
            number.remove_prefix(1);
            if (!number.empty() && number.front() == '-')
                return notA();
        }
        // from_chars also reads "inf" and "nan", which are no Spark double texts.
        if (number.empty() || number.find_first_not_of("+-.0123456789eE") != std::string_view::npos)
            return notA();
        double value = 0;
        const char *end = number.data() + number.size();
        const auto [ptr, ec] = std::from_chars(number.data(), end, value);
        if (ptr != end)
            return notA();
        if (ec == std::errc::result_out_of_range) {
            // Too small rounds towards zero like Spark; too large (a file's JSON layer already
            // refuses it) does not fit.
            const double rounded = std::strtod(std::string(number).c_str(), nullptr);
            if (std::isinf(rounded))
                return doesNotFit();
            return Value::float64(rounded);
        }
        if (ec != std::errc())
            return notA();
        return Value::float64(value);
    }
    case TypeKind::Decimal: {
        if (const std::optional<Int128> unscaled = parseDecimalCell(text, type))
            return Value::decimal(*unscaled, type.precision, type.scale);
        if (!parseDecimalText(text) && !looksLikePlainDecimal(text))
            return refuse(CellTextProblem::NotAPlainDecimal, shown + " is not a plain decimal number");
        return doesNotFit(); // more than 38 digits, or more than the column holds
    }
    case TypeKind::String: return Value::string(std::string(text));
    case TypeKind::Timestamp:
        if (const auto micros = parseTimestampCell(text))
            return Value::timestamp(*micros);
        return refuse(CellTextProblem::NotATimestamp,
                      shown + " is not a timestamp (" + kTimestampForms + ")");
    case TypeKind::Null:
    case TypeKind::Window: break;
    }
    return refuse(CellTextProblem::NoTextForm, shown + " is not " + withArticle(type.scenarioName()));
}

namespace {

// Checks a JSON object's keys against the ones its place allows and hands out the values.
class ObjectView {
public:
    ObjectView(const JsonNode &node, const std::string &fileName, std::string where,
               std::initializer_list<std::string_view> allowed)
        : m_node(node), m_fileName(fileName), m_where(std::move(where)), m_allowed(allowed)
    {
        for (size_t i = 0; i < node.keys.size(); ++i) {
            if (std::find(m_allowed.begin(), m_allowed.end(), node.keys[i]) == m_allowed.end())
                throw Error(ErrorKind::Scenario,
                            positionedMessage(m_fileName, node.keyPositions[i],
                                              "unknown key '" + node.keys[i] + "' " + m_where
                                                  + "; valid keys: " + joined(m_allowed)));
        }
    }

    const JsonNode *optional(std::string_view key) const { return m_node.find(key); }
    const JsonNode &required(std::string_view key) const
    {
        if (const JsonNode *value = m_node.find(key))
            return *value;
        throw Error(ErrorKind::Scenario,
                    positionedMessage(m_fileName, m_node.position,
                                      "missing required key '" + std::string(key) + "' " + m_where));
    }
    TextPosition keyPosition(std::string_view key) const
    {
        for (size_t i = 0; i < m_node.keys.size(); ++i)
            if (m_node.keys[i] == key)
                return m_node.keyPositions[i];
        return m_node.position;
    }

private:
    const JsonNode &m_node;
    const std::string &m_fileName;
    std::string m_where;
    std::vector<std::string_view> m_allowed;
};

// Reads the rows of a step whose "rows" array the fast path blanked (nullopt: the step's array
// really is empty); throws FastPathRefused when the precise parser has to read the file.
using FastRows = std::function<std::optional<ColumnBatch>(size_t step, const Schema &schema, size_t maxRows)>;

class ScenarioReader {
public:
    explicit ScenarioReader(std::string fileName, FastRows fastRows = {}, ScenarioDepth depth = ScenarioDepth::Whole)
        : m_fileName(std::move(fileName)), m_fastRows(std::move(fastRows)), m_depth(depth)
    {
    }

    Scenario read(const JsonNode &root)
    {
        Scenario scenario;
        scenario.fileName = m_fileName;
        expectKind(root, Kind::Object, "a scenario file");
        const ObjectView top(root, m_fileName, "at top level",
                             {"format", "version", "title", "description", "title_de", "description_de",
                              "topic", "level", "tags", "source", "query", "outputMode", "sink", "steps",
                              "expect", "expectError", "sparkVersion", "conf"});

        const JsonNode &format = top.required("format");
        if (!format.isString() || format.text != kFormatTag)
            fail(format, "'format' must be \"" + std::string(kFormatTag) + "\"");
        const JsonNode &version = top.required("version");
        expectKind(version, Kind::Number, "'version'");
        if (version.text != std::to_string(kVersion))
            fail(version, "unsupported version " + version.text + " (this reader knows version "
                              + std::to_string(kVersion) + ")");
        if (const JsonNode *title = top.optional("title"))
            scenario.title = readString(*title, "'title'");
        if (const JsonNode *description = top.optional("description"))
            scenario.description = readString(*description, "'description'");
        readLessonMetadata(top, scenario);

        readSource(top.required("source"), scenario);
        readQuery(top.required("query"), scenario);
        readOutputMode(top.required("outputMode"), scenario);
        readSink(top.required("sink"), scenario);
        readSteps(top.required("steps"), scenario);
        if (const JsonNode *expect = top.optional("expect"))
            readExpect(*expect, scenario);
        if (const JsonNode *expectError = top.optional("expectError"))
            readExpectError(*expectError, scenario);
        if (const JsonNode *version = top.optional("sparkVersion")) {
            const std::string text = readString(*version, "'sparkVersion'");
            const auto parsed = parseSparkVersion(text);
            if (!parsed)
                fail(*version, "unknown sparkVersion '" + text + "'; StreamStep follows \"3.5\" (the default) or \"4.2\"");
            scenario.sparkVersion = *parsed;
            scenario.hasSparkVersion = true;
        }
        if (const JsonNode *conf = top.optional("conf"))
            readConf(*conf, scenario);
        sparkConfOf(scenario); // an unknown key or a value Spark refuses fails here, at its place
        return scenario;
    }

private:
    // title_de, description_de, topic, level and tags (docs/scenario-format.md, "Lesson metadata").
    void readLessonMetadata(const ObjectView &top, Scenario &scenario) const
    {
        if (const JsonNode *title = top.optional("title_de"))
            scenario.titleDe = readNonEmptyString(*title, "'title_de'");
        if (const JsonNode *description = top.optional("description_de"))
            scenario.descriptionDe = readNonEmptyString(*description, "'description_de'");
        if (const JsonNode *topic = top.optional("topic")) {
            const std::string text = readString(*topic, "'topic'");
            const std::vector<std::string> &topics = lessonTopics();
            if (std::find(topics.begin(), topics.end(), text) == topics.end())
                fail(*topic, "unknown topic " + shownText(text) + "; valid topics: "
                                 + joined(std::vector<std::string_view>(topics.begin(), topics.end())));
            scenario.topic = text;
        }
        if (const JsonNode *level = top.optional("level")) {
            const std::string text = readString(*level, "'level'");
            const std::optional<LessonLevel> parsed = parseLessonLevel(text);
            if (!parsed || *parsed == LessonLevel::None)
                fail(*level, "unknown level " + shownText(text) + "; valid levels: beginner, intermediate, advanced");
            scenario.level = *parsed;
        }
        if (const JsonNode *tags = top.optional("tags")) {
            expectKind(*tags, Kind::Array, "'tags'");
            for (const JsonNode &tag : tags->items) {
                std::string text = readNonEmptyString(tag, "each element of 'tags'");
                if (std::find(scenario.tags.begin(), scenario.tags.end(), text) != scenario.tags.end())
                    fail(tag, "tag " + shownText(text) + " appears twice in 'tags'");
                scenario.tags.push_back(std::move(text));
            }
        }
    }

    [[noreturn]] void fail(TextPosition position, const std::string &message) const
    {
        throw Error(ErrorKind::Scenario, positionedMessage(m_fileName, position, message));
    }
    [[noreturn]] void fail(const JsonNode &node, const std::string &message) const
    {
        fail(node.position, message);
    }

    void expectKind(const JsonNode &node, Kind kind, const std::string &subject) const
    {
        if (node.kind != kind)
            fail(node, subject + " must be " + describeKind(kind));
    }

    std::string readString(const JsonNode &node, const std::string &subject) const
    {
        expectKind(node, Kind::String, subject);
        return node.text;
    }

    std::string readNonEmptyString(const JsonNode &node, const std::string &subject) const
    {
        std::string text = readString(node, subject);
        if (std::all_of(text.begin(), text.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)); }))
            fail(node, subject + " must not be empty");
        return text;
    }

    ExprText readExpr(const JsonNode &node, const std::string &subject) const
    {
        return ExprText{readNonEmptyString(node, subject), node.position};
    }

    std::vector<ExprText> readExprList(const JsonNode &node, const std::string &key,
                                       bool allowEmpty) const
    {
        expectKind(node, Kind::Array, "'" + key + "'");
        if (!allowEmpty && node.items.empty())
            fail(node, "'" + key + "' must not be empty");
        std::vector<ExprText> out;
        for (const JsonNode &item : node.items)
            out.push_back(readExpr(item, "each element of '" + key + "'"));
        return out;
    }

    // Reads a JSON integer (no fraction, no exponent) within [min, max].
    int64_t readInteger(const JsonNode &node, const std::string &subject, int64_t min,
                        int64_t max, const std::string &rangeText) const
    {
        int64_t value = 0;
        const char *begin = node.text.data();
        const char *end = begin + node.text.size();
        const bool integral = node.isNumber() && node.text.find_first_of(".eE") == std::string::npos;
        if (!integral)
            fail(node, subject + " must be " + rangeText);
        const auto [ptr, ec] = std::from_chars(begin, end, value);
        if (ec != std::errc() || ptr != end || value < min || value > max)
            fail(node, subject + " must be " + rangeText);
        return value;
    }

    int64_t readTimestamp(const JsonNode &node, const std::string &subject) const
    {
        expectKind(node, Kind::String, subject);
        CellTextError error;
        const std::optional<Value> value =
            parseValueText(node.text, DataType::timestamp(), shownValue(node), &error);
        if (!value)
            fail(node, subject + ": " + error.message);
        return value->asTimestamp();
    }

    void readSource(const JsonNode &node, Scenario &scenario)
    {
        expectKind(node, Kind::Object, "'source'");
        const ObjectView source(node, m_fileName, "in 'source'", {"name", "schema"});
        scenario.sourceName = readNonEmptyString(source.required("name"), "'name'");
        const JsonNode &schema = source.required("schema");
        expectKind(schema, Kind::Array, "'schema'");
        if (schema.items.empty())
            fail(schema, "'schema' must list at least one column");
        if (schema.items.size() > kMaxScenarioColumns)
            fail(schema.items[kMaxScenarioColumns], "more than " + groupedCount(kMaxScenarioColumns)
                                                        + " columns; a scenario's source may have at most that many");
        std::vector<TextPosition> namePositions;
        for (const JsonNode &columnNode : schema.items) {
            expectKind(columnNode, Kind::Object, "each column of 'schema'");
            const ObjectView column(columnNode, m_fileName, "in a schema column", {"name", "type"});
            const JsonNode &nameNode = column.required("name");
            const std::string name = readNonEmptyString(nameNode, "a column's 'name'");
            const JsonNode &typeNode = column.required("type");
            const std::string typeName = readString(typeNode, "a column's 'type'");
            const std::optional<DataType> type = parseTypeName(typeName);
            if (!type || type->kind == TypeKind::Null || type->kind == TypeKind::Window) {
                if (asciiLowerCase(typeName).starts_with("decimal"))
                    fail(typeNode, "invalid type '" + typeName + "' for column '" + name
                                       + "': a decimal needs 1 <= precision <= 38 and 0 <= scale <= precision");
                fail(typeNode, "unknown type '" + typeName + "' for column '" + name
                                   + "'; valid types: boolean, int, long, double, decimal(p,s), string, timestamp");
            }
            // Spark: column names are case-insensitive, so "id" and "ID" are the same column.
            const int existing = scenario.sourceSchema.indexOf(name);
            if (existing >= 0)
                fail(nameNode, "duplicate column name '" + name + "' (same as '"
                                   + scenario.sourceSchema.fields[existing].name + "' at "
                                   + positionText(namePositions[existing]) + ")");
            scenario.sourceSchema.fields.push_back(Field{name, *type, std::nullopt});
            namePositions.push_back(nameNode.position);
        }
    }

    void readQuery(const JsonNode &node, Scenario &scenario)
    {
        expectKind(node, Kind::Array, "'query'");
        for (const JsonNode &opNode : node.items)
            scenario.query.push_back(readOp(opNode));
    }

    QueryOp readOp(const JsonNode &node) const
    {
        expectKind(node, Kind::Object, "each query op");
        const JsonNode *opNameNode = node.find("op");
        if (!opNameNode)
            fail(node, "missing required key 'op' in a query op");
        QueryOp op;
        op.opName = readString(*opNameNode, "'op'");
        op.position = node.position;
        const std::string where = "in '" + op.opName + "' op";
        if (op.opName == "withWatermark") {
            op.kind = QueryOp::Kind::WithWatermark;
            const ObjectView view(node, m_fileName, where, {"op", "column", "delay"});
            op.column = readNonEmptyString(view.required("column"), "'column'");
            const JsonNode &delayNode = view.required("delay");
            op.delay = readString(delayNode, "'delay'");
            std::string reason;
            const std::optional<Interval> delay = parseInterval(op.delay, &reason);
            if (!delay)
                fail(delayNode, "invalid delay '" + op.delay + "': " + reason);
            // Spark's Dataset.withWatermark: IntervalUtils.isNegative, a month counting 31 days.
            const Int128 micros = static_cast<Int128>(delay->months) * 31 * 86'400'000'000LL
                + static_cast<Int128>(delay->days) * 86'400'000'000LL + delay->micros;
            if (micros < 0)
                fail(delayNode, "delay threshold (" + op.delay + ") should not be negative.");
            op.delayMs = watermarkDelayMs(*delay);
        } else if (op.opName == "filter" || op.opName == "where") {
            op.kind = QueryOp::Kind::Filter;
            const ObjectView view(node, m_fileName, where, {"op", "condition"});
            op.condition = readExpr(view.required("condition"), "'condition'");
        } else if (op.opName == "select") {
            op.kind = QueryOp::Kind::Select;
            const ObjectView view(node, m_fileName, where, {"op", "columns"});
            op.columns = readExprList(view.required("columns"), "columns", false);
        } else if (op.opName == "withColumn") {
            op.kind = QueryOp::Kind::WithColumn;
            const ObjectView view(node, m_fileName, where, {"op", "name", "expr"});
            op.name = readNonEmptyString(view.required("name"), "'name'");
            op.expr = readExpr(view.required("expr"), "'expr'");
        } else if (op.opName == "groupBy") {
            op.kind = QueryOp::Kind::GroupBy;
            const ObjectView view(node, m_fileName, where, {"op", "keys", "aggs"});
            op.keys = readExprList(view.required("keys"), "keys", true);
            op.aggs = readExprList(view.required("aggs"), "aggs", false);
        } else if (op.opName == "dropDuplicates") {
            op.kind = QueryOp::Kind::DropDuplicates;
            const ObjectView view(node, m_fileName, where, {"op", "columns"});
            if (const JsonNode *columns = view.optional("columns")) {
                expectKind(*columns, Kind::Array, "'columns'");
                if (columns->items.empty())
                    fail(*columns, "'columns' must not be empty (leave it out to use all columns)");
                op.columns = readExprList(*columns, "columns", false);
            } else {
                op.allColumns = true;
            }
        } else {
            fail(*opNameNode, "unknown op '" + op.opName
                                  + "'; valid ops: withWatermark, filter, where, select, withColumn, "
                                    "groupBy, dropDuplicates");
        }
        return op;
    }

    // "conf": {"spark.sql.ansi.enabled": "false", …} — values are strings, as spark.conf.set
    // takes them (a JSON boolean or number is accepted and read as its text).
    void readConf(const JsonNode &node, Scenario &scenario) const
    {
        expectKind(node, Kind::Object, "'conf'");
        for (size_t i = 0; i < node.keys.size(); ++i) {
            const JsonNode &value = node.items[i];
            std::string text;
            if (value.isString() || value.isNumber())
                text = value.text;
            else if (value.kind == Kind::Boolean)
                text = value.boolean ? "true" : "false";
            else
                fail(value, "the value of conf '" + node.keys[i] + "' must be a string");
            scenario.conf.push_back({node.keys[i], text, value.position, false, node.keyPositions[i]});
        }
    }

    void readOutputMode(const JsonNode &node, Scenario &scenario) const
    {
        const std::string mode = readString(node, "'outputMode'");
        scenario.outputModePosition = node.position;
        // Spark's InternalOutputModes: names are case-insensitive.
        if (const auto parsed = parseOutputMode(mode))
            scenario.outputMode = *parsed;
        else
            fail(node, "Unknown output mode " + mode
                           + ". Accepted output modes are 'append', 'complete', 'update'");
    }

    void readSink(const JsonNode &node, Scenario &scenario) const
    {
        expectKind(node, Kind::Object, "'sink'");
        const ObjectView sink(node, m_fileName, "in 'sink'", {"format", "options"});
        scenario.sink.position = node.position;
        const JsonNode &formatNode = sink.required("format");
        const std::string format = readString(formatNode, "'format'");
        // Spark: data source names are case-insensitive.
        const auto known = std::find_if(kSinkFormats.begin(), kSinkFormats.end(),
                                        [&](std::string_view f) { return equalsIgnoreCase(f, format); });
        if (known == kSinkFormats.end())
            fail(formatNode, "unknown sink format '" + format + "'; valid formats: " + joined(kSinkFormats));
        scenario.sink.format = std::string(*known);
        if (const JsonNode *options = sink.optional("options")) {
            expectKind(*options, Kind::Object, "'options'");
            for (size_t i = 0; i < options->items.size(); ++i)
                scenario.sink.options[options->keys[i]] = options->items[i].toJson();
        }
    }

    void readSteps(const JsonNode &node, Scenario &scenario) const
    {
        expectKind(node, Kind::Array, "'steps'");
        if (node.items.size() > kMaxScenarioSteps)
            fail(node.items[kMaxScenarioSteps], "more than " + groupedCount(kMaxScenarioSteps)
                                                    + " steps; a scenario file may have at most that many");
        size_t totalRows = 0; // written in the file
        size_t totalCells = 0; // of every step
        const size_t numColumns = std::max<size_t>(scenario.sourceSchema.size(), 1);
        for (const JsonNode &stepNode : node.items) {
            expectKind(stepNode, Kind::Object, "each step");
            const ObjectView view(stepNode, m_fileName, "in a step",
                                  {"rows", "rowsFile", "generate", "processingTime", "quiz"});
            Step step;
            step.position = stepNode.position;
            step.rows = ColumnBatch::empty(scenario.sourceSchema);
            if (const JsonNode *generate = view.optional("generate")) {
                if (view.optional("rows") || view.optional("rowsFile"))
                    fail(view.keyPosition("generate"),
                         "a step takes its rows from exactly one of 'rows', 'rowsFile' and 'generate'");
                const size_t rowsLeft = (kMaxScenarioCells - totalCells) / numColumns;
                step.generate = readGenerate(*generate, scenario.sourceSchema, rowsLeft, numColumns);
                totalCells += static_cast<size_t>(step.generate->rows) * numColumns;
                readStepExtras(view, step);
                scenario.steps.push_back(std::move(step));
                continue;
            }
            if (const JsonNode *rowsFile = view.optional("rowsFile")) {
                if (view.optional("rows"))
                    fail(view.keyPosition("rowsFile"), "a step takes its rows from 'rows' or from 'rowsFile', not both");
                const size_t rowsLeft = (kMaxScenarioCells - totalCells) / numColumns;
                const RowLimit limit = rowsLeft < kMaxRowsFileRows
                    ? cellLimit(rowsLeft, numColumns)
                    : RowLimit{kMaxRowsFileRows, "more than " + groupedCount(kMaxRowsFileRows)
                                                     + " rows in one rows file; a rows file may have at most that many"};
                RowsFileOrigin origin;
                step.rows = readRowsFile(*rowsFile, scenario.sourceSchema, limit, origin); // and its fingerprint
                step.rowsFile = std::move(origin);
                totalCells += step.rows.numRows * numColumns;
                readStepExtras(view, step);
                scenario.steps.push_back(std::move(step));
                continue;
            }
            const JsonNode &rows = view.required("rows");
            expectKind(rows, Kind::Array, "'rows'");
            if (rows.items.size() > kMaxScenarioRowsPerStep)
                fail(rows.items[kMaxScenarioRowsPerStep], "more than " + groupedCount(kMaxScenarioRowsPerStep)
                                                              + " rows in one step; a step may have at most that many");
            if (totalRows + rows.items.size() > kMaxScenarioTotalRows)
                fail(rows.items[kMaxScenarioTotalRows - totalRows],
                     "more than " + groupedCount(kMaxScenarioTotalRows)
                         + " rows in all steps; a scenario file may have at most that many");
            const size_t rowsLeft = (kMaxScenarioCells - totalCells) / numColumns;
            if (rows.items.size() > rowsLeft)
                fail(rows.items[rowsLeft], cellLimit(rowsLeft, numColumns).message);
            totalRows += rows.items.size();
            totalCells += rows.items.size() * numColumns;
            if (m_fastRows && rows.items.empty()) {
                // Beyond any limit the fast path refuses, and the precise parser says where.
                if (std::optional<ColumnBatch> fast = m_fastRows(
                        scenario.steps.size(), scenario.sourceSchema,
                        std::min({kMaxScenarioRowsPerStep, kMaxScenarioTotalRows - totalRows, rowsLeft}))) {
                    totalRows += fast->numRows;
                    totalCells += fast->numRows * numColumns;
                    step.rows = std::move(*fast);
                }
            }
            for (auto &column : step.rows.columns)
                column.reserve(rows.items.size());
            std::vector<Value> row;
            for (const JsonNode &rowNode : rows.items) {
                readRow(rowNode, scenario.sourceSchema, row);
                step.rows.appendRow(row);
            }
            readStepExtras(view, step);
            scenario.steps.push_back(std::move(step));
        }
    }

    // "generate": {"rows": N, "start": S, "columns": {"c": "expr over id", …}} — the spec only;
    // computeGeneratedRows computes the rows once the whole file (its Spark version and conf) is read.
    GeneratedRows readGenerate(const JsonNode &node, const Schema &schema, size_t rowsLeft, size_t numColumns) const
    {
        expectKind(node, Kind::Object, "'generate'");
        const ObjectView view(node, m_fileName, "in 'generate'", {"rows", "start", "columns"});
        GeneratedRows generate;
        generate.position = node.position;
        const JsonNode &rows = view.required("rows");
        generate.rows = readInteger(rows, "'rows' of 'generate'", 0, std::numeric_limits<int64_t>::max(),
                                    "a whole number from 0 to " + groupedCount(kMaxRowsFileRows));
        const size_t maxRows = maxGeneratedStepRows();
        if (static_cast<uint64_t>(generate.rows) > maxRows)
            fail(rows, "more than " + groupedCount(maxRows)
                           + " rows in one generated step; a step may generate at most that many");
        if (static_cast<uint64_t>(generate.rows) > rowsLeft)
            fail(rows, cellLimit(rowsLeft, numColumns).message);
        if (const JsonNode *start = view.optional("start")) {
            generate.start = readInteger(*start, "'start' of 'generate'", std::numeric_limits<int64_t>::min(),
                                         std::numeric_limits<int64_t>::max(), "a whole number that fits a long");
            // Spark: range(start, end) ends before end, so end = start + rows must fit a long.
            if (generate.start > std::numeric_limits<int64_t>::max() - generate.rows)
                fail(*start, "'start' of 'generate' is too large: the end of the range, start + rows, must fit a long "
                             "(Spark's spark.range(start, start + rows))");
        }
        const JsonNode &columns = view.required("columns");
        expectKind(columns, Kind::Object, "'columns' of 'generate'");
        generate.columns.resize(schema.size());
        std::vector<bool> given(schema.size(), false);
        for (size_t i = 0; i < columns.keys.size(); ++i) {
            const std::string &name = columns.keys[i];
            const int index = schema.indexOf(name);
            if (index < 0) {
                std::vector<std::string_view> names;
                for (const Field &field : schema.fields)
                    names.push_back(field.name);
                fail(columns.keyPositions[i], "unknown column " + shownText(name)
                                                  + " in 'columns' of 'generate'; the source's columns are " + joined(names));
            }
            const auto column = static_cast<size_t>(index);
            if (given[column])
                fail(columns.keyPositions[i], "column " + shownText(name) + " appears twice in 'columns' of 'generate'");
            given[column] = true;
            generate.columns[column] = readExpr(columns.items[i], "the expression of column " + shownText(name));
        }
        for (size_t c = 0; c < schema.size(); ++c)
            if (!given[c])
                fail(columns, "no expression for column " + shownText(schema.fields[c].name)
                                  + " in 'columns' of 'generate'; every column of the source needs one");
        return generate;
    }

    void readStepExtras(const ObjectView &view, Step &step) const
    {
        if (const JsonNode *processingTime = view.optional("processingTime"))
            step.processingTimeMicros = readTimestamp(*processingTime, "'processingTime'");
        if (const JsonNode *quiz = view.optional("quiz"))
            step.quiz = readQuiz(*quiz);
    }

    // "rowsFile": "step0.ndjson" (or .jsonl, .csv) — the step's rows in a file next to the
    // scenario, confined to the scenario's folder (docs/scenario-format.md, "Rows from a file").
    // How many rows a rows file may add, and what to say at the first one over.
    struct RowLimit {
        size_t rows = 0;
        std::string message;
    };
    static RowLimit cellLimit(size_t rowsLeft, size_t numColumns)
    {
        return {rowsLeft, "more than " + groupedCount(kMaxScenarioCells) + " values in the rows of all steps (rows times "
                              + groupedCount(numColumns) + (numColumns == 1 ? " column" : " columns")
                              + "); a scenario may have at most that many"};
    }

    ColumnBatch readRowsFile(const JsonNode &node, const Schema &schema, const RowLimit &limit, RowsFileOrigin &origin) const
    {
        namespace fs = std::filesystem;
        const std::string text = readNonEmptyString(node, "'rowsFile'");
        const std::string shown = "'rowsFile' " + shownText(text);
        const fs::path relative(text);
        if (relative.is_absolute() || relative.has_root_name() || relative.has_root_directory())
            fail(node, shown + " must be a path relative to the scenario's folder");
        for (const fs::path &part : relative)
            if (part == "..")
                fail(node, shown + " must stay inside the scenario's folder (no '..')");
        const std::string extension = asciiLowerCase(relative.extension().string());
        const bool csv = extension == ".csv";
        if (!csv && extension != ".ndjson" && extension != ".jsonl")
            fail(node, shown + " must name a .ndjson, .jsonl or .csv file");
        if (m_depth == ScenarioDepth::Outline) { // the file is neither opened nor read
            origin.text = text;
            ColumnBatch none = ColumnBatch::empty(schema);
            origin.fingerprint = rowsFingerprint(none);
            return none;
        }
        const fs::path folder = fs::path(m_fileName).parent_path();
        const fs::path path = folder.empty() ? relative : folder / relative;
        const std::string name = path.string();
        std::error_code ec;
        const fs::path realFolder = fs::canonical(folder.empty() ? fs::path(".") : folder, ec);
        const fs::path realPath = ec ? fs::path() : fs::canonical(path, ec);
        if (ec)
            fail(node, shown + ": cannot open " + name + ": " + ec.message());
        // A symbolic link may point elsewhere in the folder, never out of it.
        const auto [folderEnd, pathEnd] = std::mismatch(realFolder.begin(), realFolder.end(), realPath.begin(), realPath.end());
        if (folderEnd != realFolder.end())
            fail(node, shown + " leads outside the scenario's folder (" + name + " is a link to " + realPath.string() + ")");
        if (!fs::is_regular_file(realPath, ec))
            fail(node, shown + ": " + name + " is not a file");
        const uintmax_t size = fs::file_size(realPath, ec);
        if (ec)
            fail(node, shown + ": cannot open " + name + ": " + ec.message());
        if (size > static_cast<uintmax_t>(kMaxRowsFileBytes))
            fail(node, shown + ": " + name + " has " + groupedCount(size) + " bytes; a rows file may have at most "
                           + groupedCount(kMaxRowsFileBytes));
        const auto modified = fs::last_write_time(realPath, ec);
        if (ec)
            fail(node, shown + ": cannot open " + name + ": " + ec.message());
        origin.text = text;
        origin.path = realPath.string();
        origin.fileBytes = size;
        origin.modifiedTicks = static_cast<int64_t>(modified.time_since_epoch().count());
        const ScenarioReader rowsReader(name);
        auto open = [&] {
            std::unique_ptr<std::FILE, int (*)(std::FILE *)> file(std::fopen(realPath.c_str(), "rb"), &std::fclose);
            if (!file)
                fail(node, shown + ": cannot open " + name + ": " + std::strerror(errno));
            return file;
        };
        auto readAll = [&] {
            std::string text(static_cast<size_t>(size), '\0');
            if (size > 0 && std::fread(text.data(), 1, text.size(), open().get()) != text.size())
                fail(node, shown + ": cannot read " + name);
            return text;
        };
        auto fingerprinted = [&](ColumnBatch rows) {
            origin.fingerprint = rowsFingerprint(rows);
            return rows;
        };
        if (csv)
            return fingerprinted(rowsReader.readCsvRows(readAll(), schema, limit));
        try {
            // Fingerprinted chunk by chunk, while each chunk's rows are in the cache.
            RowsFingerprinter fingerprint;
            ColumnBatch rows = readNdjsonFileFast(open().get(), static_cast<size_t>(size), schema, limit.rows,
                                                  kNdjsonChunkBytes, &fingerprint);
            origin.fingerprint = fingerprint.value(rows);
            return rows;
        } catch (const FastPathRefused &) {
            return fingerprinted(rowsReader.readNdjsonRows(readAll(), schema, limit)); // words what the fast path refused
        }
    }

    // One JSON row a line, read like a row of "rows"; m_fileName is the rows file.
    ColumnBatch readNdjsonRows(std::string_view text, const Schema &schema, const RowLimit &limit) const
    {
        ColumnBatch batch = ColumnBatch::empty(schema);
        std::vector<Value> row;
        int line = 0;
        for (size_t at = 0; at <= text.size();) {
            const size_t found = text.find('\n', at);
            const size_t end = found == std::string_view::npos ? text.size() : found;
            const std::string_view lineText = text.substr(at, end - at);
            ++line;
            at = end + 1;
            if (lineText.find_first_not_of(" \t\r") == std::string_view::npos)
                continue;
            if (batch.numRows >= limit.rows)
                fail(TextPosition{line, 1}, limit.message);
            JsonNode node;
            try {
                JsonSource source{std::string(lineText)};
                node = parseJsonDocument(source, m_fileName);
            } catch (const Error &e) {
                // The line was parsed on its own: its errors say line 1.
                const std::string prefix = m_fileName + ":1:";
                std::string message = e.message();
                if (message.starts_with(prefix))
                    message = m_fileName + ":" + std::to_string(line) + ":" + message.substr(prefix.size());
                throw Error(ErrorKind::Scenario, message);
            }
            moveToLine(node, line);
            readRow(node, schema, row);
            batch.appendRow(row);
        }
        return batch;
    }

    static void moveToLine(JsonNode &node, int line)
    {
        node.position.line += line - 1;
        for (TextPosition &position : node.keyPositions)
            position.line += line - 1;
        for (JsonNode &item : node.items)
            moveToLine(item, line);
    }

    // RFC 4180 CSV: a header of column names (case-insensitive, any order; a column left out is
    // NULL), then one row a line; cells are read like typed cells (parseCellText: blank or NULL
    // is NULL, except for a string column, where only a missing cell is).
    ColumnBatch readCsvRows(std::string_view text, const Schema &schema, const RowLimit &limit) const
    {
        if (text.starts_with("\xEF\xBB\xBF"))
            text.remove_prefix(3);
        struct Cell {
            std::string text;
            TextPosition position;
        };
        size_t at = 0;
        int line = 1;
        size_t lineStart = 0;
        auto columnAt = [&](size_t offset) {
            int column = 1;
            for (size_t i = lineStart; i < offset; ++i)
                column += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
            return column;
        };
        // Reads one record; false at the end of the text.
        auto record = [&](std::vector<Cell> &cells) {
            cells.clear();
            if (at >= text.size())
                return false;
            while (true) {
                Cell cell;
                cell.position = TextPosition{line, columnAt(at)};
                if (at < text.size() && text[at] == '"') {
                    ++at;
                    while (true) {
                        if (at >= text.size())
                            fail(cell.position, "a quoted CSV cell is not closed");
                        const char c = text[at++];
                        if (c == '"') {
                            if (at < text.size() && text[at] == '"') {
                                cell.text += '"';
                                ++at;
                                continue;
                            }
                            break;
                        }
                        if (c == '\n') {
                            ++line;
                            lineStart = at;
                        }
                        cell.text += c;
                    }
                    if (at < text.size() && text[at] != ',' && text[at] != '\n' && text[at] != '\r')
                        fail(TextPosition{line, columnAt(at)}, "a quoted CSV cell must end at a comma or the end of the line");
                } else {
                    const size_t end = text.find_first_of(",\n\r", at);
                    const size_t stop = end == std::string_view::npos ? text.size() : end;
                    cell.text.assign(text.substr(at, stop - at));
                    at = stop;
                }
                cells.push_back(std::move(cell));
                if (at < text.size() && text[at] == ',') {
                    ++at;
                    continue;
                }
                if (at < text.size() && text[at] == '\r')
                    ++at;
                if (at < text.size() && text[at] == '\n')
                    ++at;
                ++line;
                lineStart = at;
                return true;
            }
        };
        std::vector<Cell> cells;
        if (!record(cells))
            fail(TextPosition{1, 1}, "the CSV file is empty: its first line must name the columns");
        std::vector<int> columnOf;
        std::vector<int> seenAt(schema.size(), -1);
        for (size_t i = 0; i < cells.size(); ++i) {
            const int c = schema.indexOf(cells[i].text);
            if (c < 0)
                fail(cells[i].position, "unknown column '" + cells[i].text + "' in the CSV header (schema: "
                                            + schemaNames(schema) + ")");
            if (seenAt[c] >= 0)
                fail(cells[i].position, "column '" + cells[i].text + "' appears twice in the CSV header");
            seenAt[c] = static_cast<int>(i);
            columnOf.push_back(c);
        }
        ColumnBatch batch = ColumnBatch::empty(schema);
        std::vector<Value> row;
        while (true) {
            const int recordLine = line;
            if (!record(cells))
                break;
            if (cells.size() == 1 && cells[0].text.empty())
                continue; // a blank line
            if (cells.size() != columnOf.size())
                fail(TextPosition{recordLine, 1}, "row has " + std::to_string(cells.size())
                                                      + " cells but the header names " + std::to_string(columnOf.size())
                                                      + " columns");
            if (batch.numRows >= limit.rows)
                fail(TextPosition{recordLine, 1}, limit.message);
            row.assign(schema.size(), Value::null());
            for (size_t i = 0; i < cells.size(); ++i) {
                const Field &field = schema.fields[static_cast<size_t>(columnOf[i])];
                CellTextError error;
                std::optional<Value> value = parseCellText(cells[i].text, field.type, &error);
                if (!value)
                    fail(cells[i].position, "column '" + field.name + "': " + error.message);
                row[static_cast<size_t>(columnOf[i])] = std::move(*value);
            }
            batch.appendRow(row);
        }
        return batch;
    }

    // "quiz": [{"kind": …, "prompt": …}, …] of a step (docs/scenario-format.md, "Quizzes").
    std::vector<QuizQuestion> readQuiz(const JsonNode &node) const
    {
        expectKind(node, Kind::Array, "'quiz'");
        std::vector<QuizQuestion> quiz;
        for (const JsonNode &questionNode : node.items)
            quiz.push_back(readQuestion(questionNode));
        return quiz;
    }

    QuizQuestion readQuestion(const JsonNode &node) const
    {
        expectKind(node, Kind::Object, "each question of 'quiz'");
        QuizQuestion question;
        question.position = node.position;
        const JsonNode *kindNode = node.find("kind");
        if (!kindNode)
            fail(node, "missing required key 'kind' in a quiz question");
        const std::string kindText = readString(*kindNode, "'kind'");
        const std::optional<QuizKind> kind = parseQuizKind(kindText);
        if (!kind)
            fail(*kindNode, "unknown quiz kind '" + kindText
                                + "'; valid kinds: written, watermark, stateRows, dropped, choice");
        question.kind = *kind;
        const std::string where = "in a '" + kindText + "' question";
        if (question.kind != QuizKind::Choice) {
            // The engine answers these from the run: an authored answer could only be wrong.
            for (const char *key : {"answer", "options", "options_de", "fact"})
                if (const JsonNode *value = node.find(key); value)
                    fail(keyPositionOf(node, key),
                         "'" + std::string(key) + "' does not belong " + where
                             + ": the engine computes its answer from the run (only a 'choice' question has "
                               "options and an answer)");
            const ObjectView view(node, m_fileName, where, {"kind", "prompt", "prompt_de", "explain", "explain_de"});
            readQuestionTexts(view, question);
            return question;
        }
        const ObjectView view(node, m_fileName, where,
                              {"kind", "prompt", "prompt_de", "options", "options_de", "answer", "fact", "explain",
                               "explain_de"});
        readQuestionTexts(view, question);
        const JsonNode &options = view.required("options");
        expectKind(options, Kind::Array, "'options'");
        if (options.items.size() < 2)
            fail(options, "'options' must list at least two choices");
        for (const JsonNode &option : options.items)
            question.options.push_back(readNonEmptyString(option, "each element of 'options'"));
        const JsonNode *optionsDe = view.optional("options_de");
        if (optionsDe) {
            expectKind(*optionsDe, Kind::Array, "'options_de'");
            if (optionsDe->items.size() != options.items.size())
                fail(*optionsDe, "'options_de' has " + std::to_string(optionsDe->items.size())
                                     + " choices but 'options' has " + std::to_string(options.items.size())
                                     + ": translate every option, in the same order");
            for (const JsonNode &option : optionsDe->items)
                question.optionsDe.push_back(readNonEmptyString(option, "each element of 'options_de'"));
        }
        const JsonNode &answer = view.required("answer");
        const std::string indexRange = "an option index from 0 to " + std::to_string(options.items.size() - 1);
        auto readIndex = [&](const JsonNode &item, const std::string &subject) {
            return static_cast<int>(readInteger(item, subject, 0, static_cast<int64_t>(options.items.size()) - 1, indexRange));
        };
        if (answer.isArray()) {
            question.multipleAnswers = true;
            if (answer.items.empty())
                fail(answer, "'answer' must mark at least one option");
            for (const JsonNode &item : answer.items) {
                const int index = readIndex(item, "each element of 'answer'");
                if (std::find(question.answer.begin(), question.answer.end(), index) != question.answer.end())
                    fail(item, "option " + std::to_string(index) + " is marked twice in 'answer'");
                question.answer.push_back(index);
            }
            std::sort(question.answer.begin(), question.answer.end());
        } else if (answer.isNumber()) {
            question.answer.push_back(readIndex(answer, "'answer'"));
        } else {
            fail(answer, "'answer' must be " + indexRange + ", or an array of them");
        }
        if (const JsonNode *fact = view.optional("fact")) {
            const std::string factText = readString(*fact, "'fact'");
            const std::optional<QuizFact> parsed = parseQuizFact(factText);
            if (!parsed || *parsed == QuizFact::None)
                fail(*fact, "unknown quiz fact '" + factText
                                + "'; valid facts: rowsWritten, stateRows, rowsDropped, droppedByWatermark, "
                                  "watermark, batches");
            question.fact = *parsed;
            // Each option must say a value of the fact, so that check can compare it with the run.
            const bool time = question.fact == QuizFact::Watermark;
            const std::string wanted = time ? "a timestamp (\"2026-03-01 10:07:30\")"
                                            : "a whole number first (\"2\" or \"2 rows\")";
            for (size_t i = 0; i < options.items.size(); ++i) {
                const std::optional<int64_t> value = quizOptionValue(question.fact, question.options[i]);
                if (!value)
                    fail(options.items[i], "option " + std::to_string(i) + " " + shownText(question.options[i])
                                               + " must be " + wanted + ": the fact '" + factText + "' decides this question");
                if (optionsDe && quizOptionValue(question.fact, question.optionsDe[i]) != value)
                    fail(optionsDe->items[i], "option " + std::to_string(i) + " of 'options_de' "
                                                  + shownText(question.optionsDe[i]) + " must say the same "
                                                  + (time ? "timestamp" : "number") + " as " + shownText(question.options[i]));
            }
        }
        return question;
    }

    static TextPosition keyPositionOf(const JsonNode &node, std::string_view key)
    {
        for (size_t i = 0; i < node.keys.size(); ++i)
            if (node.keys[i] == key)
                return node.keyPositions[i];
        return node.position;
    }

    void readQuestionTexts(const ObjectView &view, QuizQuestion &question) const
    {
        question.prompt = readNonEmptyString(view.required("prompt"), "'prompt'");
        if (const JsonNode *text = view.optional("prompt_de"))
            question.promptDe = readNonEmptyString(*text, "'prompt_de'");
        if (const JsonNode *text = view.optional("explain"))
            question.explain = readNonEmptyString(*text, "'explain'");
        if (const JsonNode *text = view.optional("explain_de"))
            question.explainDe = readNonEmptyString(*text, "'explain_de'");
    }

    std::string schemaNames(const Schema &schema) const
    {
        std::vector<std::string_view> names;
        for (const Field &field : schema.fields)
            names.push_back(field.name);
        return joined(names);
    }

    void readRow(const JsonNode &node, const Schema &schema, std::vector<Value> &row) const
    {
        row.assign(schema.size(), Value::null());
        if (node.isArray()) {
            if (node.items.size() != schema.size())
                fail(node, "row has " + std::to_string(node.items.size()) + " values but the schema has "
                               + std::to_string(schema.size()) + " columns (" + schemaNames(schema) + ")");
            for (size_t c = 0; c < schema.size(); ++c)
                row[c] = readValue(node.items[c], schema.fields[c]);
        } else if (node.isObject()) {
            std::vector<int> seenAt(schema.size(), -1);
            for (size_t i = 0; i < node.items.size(); ++i) {
                const int c = schema.indexOf(node.keys[i]);
                if (c < 0)
                    fail(node.keyPositions[i], "unknown column '" + node.keys[i] + "' in row (schema: "
                                                   + schemaNames(schema) + ")");
                if (seenAt[c] >= 0)
                    fail(node.keyPositions[i], "column '" + node.keys[i] + "' appears twice in row (also as '"
                                                   + node.keys[seenAt[c]] + "')");
                seenAt[c] = static_cast<int>(i);
                row[c] = readValue(node.items[i], schema.fields[c]);
            }
        } else {
            fail(node, "each row must be an array (in schema order) or an object (by column name)");
        }
    }

    Value readValue(const JsonNode &node, const Field &field) const
    {
        if (node.isNull())
            return Value::null();
        const DataType &type = field.type;
        const std::string columnPrefix = "column '" + field.name + "': ";
        auto notA = [&]() -> Value {
            fail(node, columnPrefix + shownValue(node) + " is not " + withArticle(type.scenarioName()));
        };
        // A file says which JSON kind a value is (12 for an int, never "12"); the rules on the
        // value's text are parseCellText's.
        switch (type.kind) {
        case TypeKind::Boolean:
            if (node.kind != Kind::Boolean)
                return notA();
            return Value::boolean(node.boolean);
        case TypeKind::Int:
        case TypeKind::Long:
            if (!node.isNumber())
                return notA();
            break;
        case TypeKind::Double:
        case TypeKind::Decimal:
            if (!node.isNumber() && !node.isString())
                return notA();
            break;
        case TypeKind::String:
        case TypeKind::Timestamp:
            if (!node.isString())
                return notA();
            break;
        case TypeKind::Null:
        case TypeKind::Window: return notA();
        }
        CellTextError error;
        const std::optional<Value> value = parseValueText(node.text, type, shownValue(node), &error);
        // A double as a string only for the values a JSON number cannot hold: NaN, Infinity, -Infinity.
        if (type.kind == TypeKind::Double && node.isString() && (!value || std::isfinite(value->asDouble())))
            return notA();
        if (!value)
            fail(node, columnPrefix + error.message);
        return *value;
    }

    void readExpect(const JsonNode &node, Scenario &scenario) const
    {
        expectKind(node, Kind::Array, "'expect'");
        const std::string countRange = "a non-negative integer";
        for (const JsonNode &entryNode : node.items) {
            expectKind(entryNode, Kind::Object, "each 'expect' entry");
            const ObjectView view(entryNode, m_fileName, "in an 'expect' entry",
                                  {"step", "emitted", "rowsWritten", "stateRows", "stateRowsUpdated",
                                   "droppedByWatermark", "eventTime"});
            Expectation expectation;
            expectation.position = entryNode.position;
            const JsonNode &stepNode = view.required("step");
            const int64_t step = readInteger(stepNode, "'step'", 0, std::numeric_limits<int32_t>::max(),
                                             "a non-negative integer (an index into 'steps')");
            if (step >= static_cast<int64_t>(scenario.steps.size()))
                fail(stepNode, "'step' " + std::to_string(step) + " is out of range: the scenario has "
                                   + std::to_string(scenario.steps.size()) + " steps, numbered from 0");
            expectation.step = static_cast<int>(step);
            if (const JsonNode *emitted = view.optional("emitted")) {
                expectKind(*emitted, Kind::Array, "'emitted'");
                for (const JsonNode &row : emitted->items)
                    expectKind(row, Kind::Object, "each row of 'emitted'");
                expectation.emitted = emitted->toJson();
            }
            const int64_t maxCount = std::numeric_limits<int64_t>::max();
            if (const JsonNode *value = view.optional("rowsWritten"))
                expectation.rowsWritten = readInteger(*value, "'rowsWritten'", 0, maxCount, countRange);
            if (const JsonNode *value = view.optional("stateRows"))
                expectation.stateRows = readInteger(*value, "'stateRows'", 0, maxCount, countRange);
            if (const JsonNode *value = view.optional("stateRowsUpdated"))
                expectation.stateRowsUpdated =
                    readInteger(*value, "'stateRowsUpdated'", 0, maxCount, countRange);
            if (const JsonNode *value = view.optional("droppedByWatermark"))
                expectation.droppedByWatermark =
                    readInteger(*value, "'droppedByWatermark'", 0, maxCount, countRange);
            if (const JsonNode *eventTime = view.optional("eventTime")) {
                expectKind(*eventTime, Kind::Object, "'eventTime'");
                const ObjectView times(*eventTime, m_fileName, "in 'eventTime'",
                                       {"min", "max", "avg", "watermark"});
                for (size_t i = 0; i < eventTime->items.size(); ++i)
                    readTimestamp(eventTime->items[i], "'" + eventTime->keys[i] + "'");
                expectation.eventTime = eventTime->toJson();
            }
            scenario.expect.push_back(std::move(expectation));
        }
    }

    void readExpectError(const JsonNode &node, Scenario &scenario) const
    {
        expectKind(node, Kind::Object, "'expectError'");
        const ObjectView view(node, m_fileName, "in 'expectError'", {"exitCode", "messageContains"});
        ExpectError expectError;
        if (const JsonNode *exitCode = view.optional("exitCode"))
            expectError.exitCode =
                static_cast<int>(readInteger(*exitCode, "'exitCode'", 0, 255, "an integer from 0 to 255"));
        if (const JsonNode *contains = view.optional("messageContains")) {
            if (contains->isString()) {
                expectError.messageContains.push_back(contains->text);
            } else if (contains->isArray()) {
                for (const JsonNode &item : contains->items)
                    expectError.messageContains.push_back(
                        readString(item, "each element of 'messageContains'"));
            } else {
                fail(*contains, "'messageContains' must be a string or an array of strings");
            }
        }
        scenario.expectError = std::move(expectError);
    }

    std::string m_fileName;
    FastRows m_fastRows;
    ScenarioDepth m_depth;
};

size_t countJsonValues(const JsonNode &node)
{
    size_t n = 1;
    for (const JsonNode &item : node.items)
        n += countJsonValues(item);
    return n;
}

struct FileCloser {
    void operator()(std::FILE *file) const { std::fclose(file); }
};

constexpr Spelling<OutputMode> kOutputModes[] = {
    {OutputMode::Append, "append"}, {OutputMode::Update, "update"}, {OutputMode::Complete, "complete"}};
constexpr Spelling<LessonLevel> kLessonLevels[] = {
    {LessonLevel::Beginner, "beginner"}, {LessonLevel::Intermediate, "intermediate"}, {LessonLevel::Advanced, "advanced"}};
constexpr Spelling<QuizKind> kQuizKinds[] = {{QuizKind::Written, "written"},     {QuizKind::Watermark, "watermark"},
                                             {QuizKind::StateRows, "stateRows"}, {QuizKind::Dropped, "dropped"},
                                             {QuizKind::Choice, "choice"}};
constexpr Spelling<QuizFact> kQuizFacts[] = {
    {QuizFact::RowsWritten, "rowsWritten"},        {QuizFact::StateRows, "stateRows"},
    {QuizFact::RowsDropped, "rowsDropped"},        {QuizFact::DroppedByWatermark, "droppedByWatermark"},
    {QuizFact::Watermark, "watermark"},            {QuizFact::Batches, "batches"}};

} // namespace

std::string outputModeName(OutputMode mode)
{
    return nameIn(kOutputModes, mode, "append");
}

std::string lessonLevelName(LessonLevel level)
{
    return nameIn(kLessonLevels, level, ""); // None: no level
}

std::optional<LessonLevel> parseLessonLevel(std::string_view text)
{
    return valueIn(kLessonLevels, text);
}

const std::vector<std::string> &lessonTopics()
{
    static const std::vector<std::string> topics = {"output-modes", "sinks",      "mistakes",      "windows",
                                                    "watermarks",   "state",      "spark-versions"};
    return topics;
}

std::string quizKindName(QuizKind kind)
{
    return nameIn(kQuizKinds, kind, "choice");
}

std::optional<QuizKind> parseQuizKind(std::string_view text)
{
    return valueIn(kQuizKinds, text);
}

std::string quizFactName(QuizFact fact)
{
    return nameIn(kQuizFacts, fact, ""); // None: no fact
}

std::optional<QuizFact> parseQuizFact(std::string_view text)
{
    return valueIn(kQuizFacts, text);
}

std::optional<int64_t> quizOptionValue(QuizFact fact, std::string_view option)
{
    const std::string_view text = trimmed(option);
    if (fact == QuizFact::None)
        return std::nullopt;
    if (fact == QuizFact::Watermark) {
        if (!hasTimestampShape(text))
            return std::nullopt;
        const std::optional<int64_t> micros = parseTimestamp(text);
        if (!micros)
            return std::nullopt;
        return *micros / 1000;
    }
    size_t digits = 0;
    while (digits < text.size() && isDigit(text[digits]))
        ++digits;
    if (digits == 0 || digits > 18 || (digits < text.size() && text[digits] != ' '))
        return std::nullopt;
    int64_t value = 0;
    std::from_chars(text.data(), text.data() + digits, value);
    return value;
}

std::optional<Scenario> parseScenarioFast(std::string_view text, size_t capacity, const std::string &fileName,
                                          ScenarioDepth depth)
{
    try {
        FastRowReader fast(text, capacity);
        const std::optional<std::vector<RowsSpan>> spans = fast.locateRows();
        if (!spans)
            return std::nullopt;
        JsonSource source(blankRows(text, *spans));
        const JsonNode root = parseJsonDocument(source, fileName);
        size_t numValues = countJsonValues(root);
        auto fastRows = [&](size_t step, const Schema &schema, size_t maxRows) -> std::optional<ColumnBatch> {
            for (const RowsSpan &span : *spans)
                if (span.step == step) {
                    ColumnBatch rows = fast.readRows(span, schema, maxRows, numValues);
                    if (numValues > kMaxScenarioJsonValues)
                        throw FastPathRefused{};
                    return rows;
                }
            return std::nullopt;
        };
        return ScenarioReader(fileName, fastRows, depth).read(root);
    } catch (const FastPathRefused &) {
        return std::nullopt;
    } catch (const Error &) {
        return std::nullopt; // the precise parser finds the first problem of the whole file
    }
}

std::optional<Scenario> parseScenarioFast(const std::string &text, const std::string &fileName, ScenarioDepth depth)
{
    std::string padded(text.size() + FastRowReader::kPadding, ' ');
    std::memcpy(padded.data(), text.data(), text.size());
    return parseScenarioFast(std::string_view(padded.data(), text.size()), padded.size(), fileName, depth);
}

Scenario parseScenarioPrecise(const std::string &text, const std::string &fileName, ScenarioDepth depth)
{
    JsonSource source(text);
    const JsonNode root = parseJsonDocument(source, fileName);
    return ScenarioReader(fileName, {}, depth).read(root);
}

namespace {

// The whole of a regular file within the size limit, with room for the fast parser's padding;
// nullopt for anything else (the precise reader then reads it as it always has).
std::optional<std::string> readWholeFile(std::FILE *file, uintmax_t size)
{
    std::string text;
    text.reserve(static_cast<size_t>(size) + FastRowReader::kPadding);
    text.resize(static_cast<size_t>(size));
    if (size > 0 && std::fread(text.data(), 1, text.size(), file) != text.size())
        return std::nullopt;
    if (std::fgetc(file) != EOF) // the file grew: let the precise reader refuse or read it
        return std::nullopt;
    return text;
}

} // namespace

namespace {
std::atomic<size_t> g_maxGeneratedStepRows{kMaxRowsFileRows};
} // namespace

void setMaxGeneratedStepRows(size_t rows)
{
    g_maxGeneratedStepRows.store(std::min(rows, kMaxRowsFileRows), std::memory_order_relaxed);
}

size_t maxGeneratedStepRows()
{
    return g_maxGeneratedStepRows.load(std::memory_order_relaxed);
}

Scenario readScenarioFile(const std::string &path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw Error(ErrorKind::Scenario, path + ": cannot open: " + std::strerror(EISDIR));
    std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
    if (!file)
        throw Error(ErrorKind::Scenario, path + ": cannot open: " + std::strerror(errno));
    // A file over the limit is refused before a byte is read (the reader checks again as it
    // reads, for a file that grows or is no regular file).
    if (const auto size = std::filesystem::file_size(path, ec); !ec && size > static_cast<uintmax_t>(kMaxScenarioFileBytes))
        throw Error(ErrorKind::Scenario, fileTooLargeMessage(path, size, false));
    if (std::filesystem::is_regular_file(path, ec)) {
        const auto size = std::filesystem::file_size(path, ec);
        if (!ec) {
            if (const std::optional<std::string> text = readWholeFile(file.get(), size)) {
                std::optional<Scenario> scenario = parseScenarioFast(*text, text->capacity(), path);
                if (!scenario)
                    scenario = parseScenarioPrecise(*text, path);
                computeGeneratedRows(*scenario);
                return std::move(*scenario);
            }
            std::rewind(file.get());
        }
    }
    JsonSource source(file.get(), path);
    const JsonNode root = parseJsonDocument(source, path);
    Scenario scenario = ScenarioReader(path).read(root);
    computeGeneratedRows(scenario);
    return scenario;
}

Scenario parseScenario(const std::string &text, const std::string &fileName)
{
    std::optional<Scenario> scenario = parseScenarioFast(text, fileName);
    if (!scenario)
        scenario = parseScenarioPrecise(text, fileName);
    computeGeneratedRows(*scenario);
    return std::move(*scenario);
}

Scenario parseScenarioOutline(const std::string &text, const std::string &fileName)
{
    std::optional<Scenario> scenario = parseScenarioFast(text, fileName, ScenarioDepth::Outline);
    if (!scenario)
        scenario = parseScenarioPrecise(text, fileName, ScenarioDepth::Outline);
    return std::move(*scenario);
}

std::optional<Value> parseCellText(std::string_view text, const DataType &type, CellTextError *error)
{
    if (type.kind == TypeKind::String)
        return Value::string(std::string(text));
    const std::string_view value = trimmed(text);
    if (value.empty() || equalsIgnoreCase(value, "NULL"))
        return Value::null();
    return parseValueText(value, type, shownText(value), error);
}

} // namespace streamstep
