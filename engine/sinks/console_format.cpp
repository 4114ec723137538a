#include "sinks/console_format.h"

#include "streamstep/display_order.h"
#include "streamstep/error.h"
#include "streamstep/value_format.h"
#include "types/text.h"
#include "types/utf8.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <limits>
#include <vector>

namespace streamstep {

namespace {

constexpr char32_t kReplacementChar = 0xFFFD;

// Decodes UTF-8 like Java's String constructor: a malformed byte becomes U+FFFD.
std::u32string decodeUtf8(std::string_view text)
{
    std::u32string out;
    out.reserve(text.size());
    size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            out.push_back(c);
            ++i;
            continue;
        }
        const Utf8Sequence sequence = readUtf8Sequence(text, i);
        const bool valid = sequence.length != 0;
        if (valid) {
            out.push_back(sequence.codePoint);
            i += sequence.length;
        } else {
            out.push_back(kReplacementChar);
            ++i;
        }
    }
    return out;
}

int utf16Length(const std::u32string &text)
{
    int length = 0;
    for (char32_t cp : text)
        length += cp >= 0x10000 ? 2 : 1;
    return length;
}

// Spark's Utils.fullWidthRegex.
bool isFullWidth(char32_t cp)
{
    return (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF)
        || (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF)
        || (cp >= 0xFE10 && cp <= 0xFE19) || (cp >= 0xFE30 && cp <= 0xFE6F)
        || (cp >= 0xFF00 && cp <= 0xFF60) || (cp >= 0xFFE0 && cp <= 0xFFE6);
}

int halfWidth(const std::u32string &text)
{
    int width = utf16Length(text);
    for (char32_t cp : text)
        width += isFullWidth(cp) ? 1 : 0;
    return width;
}

// Spark's SchemaUtils.escapeMetaCharacters: keeps control characters from breaking the table.
std::u32string escapeMetaCharacters(const std::u32string &text)
{
    std::u32string out;
    out.reserve(text.size());
    for (char32_t cp : text) {
        switch (cp) {
        case U'\n': out += U"\\n"; break;
        case U'\r': out += U"\\r"; break;
        case U'\t': out += U"\\t"; break;
        case U'\f': out += U"\\f"; break;
        case U'\b': out += U"\\b"; break;
        case U'\v': out += U"\\v"; break;
        case U'\a': out += U"\\a"; break;
        default: out.push_back(cp);
        }
    }
    return out;
}

// Java's String.substring(0, units) on UTF-16 units. A cut through a surrogate pair leaves a
// lone surrogate, which Java's UTF-8 console encoder prints as '?'.
std::u32string utf16Prefix(const std::u32string &text, int units)
{
    std::u32string out;
    int used = 0;
    for (char32_t cp : text) {
        const int length = cp >= 0x10000 ? 2 : 1;
        if (used + length > units) {
            if (used < units)
                out.push_back(U'?');
            break;
        }
        out.push_back(cp);
        used += length;
    }
    return out;
}

// Dataset.getRows' cell rule: cells longer than truncate become their first truncate-3
// characters and "..." (just the first truncate characters when truncate < 4).
std::u32string truncateCell(std::u32string cell, int truncate)
{
    if (truncate <= 0 || utf16Length(cell) <= truncate)
        return cell;
    if (truncate < 4)
        return utf16Prefix(cell, truncate);
    return utf16Prefix(cell, truncate - 3) + U"...";
}

std::string encodeUtf8(const std::u32string &text)
{
    std::string out;
    out.reserve(text.size());
    for (char32_t cp : text)
        appendUtf8(out, cp);
    return out;
}

// The text Spark's DataStreamWriter.option(key, value) stores for a JSON value.
std::string optionText(const nlohmann::json &value)
{
    if (value.is_string())
        return value.get<std::string>();
    if (value.is_boolean())
        return value.get<bool>() ? "true" : "false";
    if (value.is_number_integer())
        return value.dump();
    if (value.is_number_float())
        return formatDouble(value.get<double>());
    return value.dump();
}

// Java's Integer.parseInt (radix 10) with its NumberFormatException message.
int parseJavaInt(const std::string &text)
{
    auto fail = [&]() { return analysisError("For input string: \"" + text + "\""); };
    size_t i = 0;
    bool negative = false;
    if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
        negative = text[0] == '-';
        i = 1;
    }
    if (i == text.size())
        throw fail();
    int64_t value = 0;
    for (; i < text.size(); ++i) {
        if (text[i] < '0' || text[i] > '9')
            throw fail();
        value = value * 10 + (text[i] - '0');
        if (value > int64_t(std::numeric_limits<int>::max()) + 1)
            throw fail();
    }
    value = negative ? -value : value;
    if (value > std::numeric_limits<int>::max() || value < std::numeric_limits<int>::min())
        throw fail();
    return static_cast<int>(value);
}

// CaseInsensitiveStringMap.getBoolean.
bool parseJavaBoolean(const std::string &text)
{
    const std::string lower = asciiLowerCase(text);
    if (lower == "true")
        return true;
    if (lower == "false")
        return false;
    throw analysisError(text + " is not a boolean string.");
}

void appendLine(std::string &out, const std::vector<std::string> &cells)
{
    out += '|';
    for (const std::string &cell : cells) {
        out += cell;
        out += '|';
    }
    out += '\n';
}

} // namespace

int stringHalfWidth(const std::string &utf8)
{
    return halfWidth(decodeUtf8(utf8));
}

ConsoleOptions parseConsoleOptions(const std::map<std::string, nlohmann::json> &options)
{
    ConsoleOptions result;
    for (const auto &[key, value] : options) {
        if (value.is_null())
            continue;
        const std::string name = asciiLowerCase(key);
        if (name == "numrows")
            result.numRows = parseJavaInt(optionText(value));
        else if (name == "truncate")
            result.truncate = parseJavaBoolean(optionText(value)) ? 20 : 0;
    }
    return result;
}

std::string formatShowString(const ColumnBatch &rows, int numRows, int truncate, const std::vector<uint32_t> *order)
{
    numRows = std::max(numRows, 0);
    const size_t numCols = rows.schema.fields.size();
    const size_t shownRows = std::min(rows.numRows, static_cast<size_t>(numRows));
    const bool hasMoreData = rows.numRows > static_cast<size_t>(numRows);

    // Row 0 is the header: names are escaped but never truncated.
    std::vector<std::vector<std::u32string>> table;
    table.reserve(shownRows + 1);
    std::vector<std::u32string> header;
    for (const Field &field : rows.schema.fields)
        header.push_back(escapeMetaCharacters(decodeUtf8(field.name)));
    table.push_back(std::move(header));
    std::string cell;
    for (size_t row = 0; row < shownRows; ++row) {
        std::vector<std::u32string> cells;
        cells.reserve(numCols);
        for (size_t column = 0; column < numCols; ++column) {
            cell.clear();
            appendDisplayText(cell, rows.columns[column], order ? (*order)[row] : row);
            cells.push_back(truncateCell(escapeMetaCharacters(decodeUtf8(cell)), truncate));
        }
        table.push_back(std::move(cells));
    }

    std::vector<int> widths(numCols, 3);
    for (const auto &cells : table)
        for (size_t column = 0; column < numCols; ++column)
            widths[column] = std::max(widths[column], halfWidth(cells[column]));

    std::string rule = "+";
    for (int width : widths) {
        rule.append(static_cast<size_t>(width), '-');
        rule += '+';
    }
    rule += '\n';

    auto padded = [&](const std::vector<std::u32string> &cells) {
        std::vector<std::string> out;
        out.reserve(numCols);
        for (size_t column = 0; column < numCols; ++column) {
            const std::string padding(
                static_cast<size_t>(std::max(0, widths[column] - halfWidth(cells[column]))), ' ');
            const std::string text = encodeUtf8(cells[column]);
            out.push_back(truncate > 0 ? padding + text : text + padding);
        }
        return out;
    };

    std::string out = rule;
    appendLine(out, padded(table.front()));
    out += rule;
    for (size_t row = 1; row < table.size(); ++row)
        appendLine(out, padded(table[row]));
    out += rule;
    if (hasMoreData)
        out += "only showing top " + std::to_string(numRows) + (numRows == 1 ? " row\n" : " rows\n");
    return out;
}

std::string formatConsoleBatch(int64_t batchId, const ColumnBatch &rows, int numRows, int truncate,
                               const std::vector<int> &keyColumns)
{
    std::string out = "-------------------------------------------\nBatch: ";
    out += std::to_string(batchId);
    out += "\n-------------------------------------------\n";
    // Only the rows shown need their place: a partial sort of the top numRows.
    const std::vector<uint32_t> order =
        keyColumns.empty() ? std::vector<uint32_t>() : displayOrder(rows, keyColumns, static_cast<size_t>(std::max(numRows, 0)));
    out += formatShowString(rows, numRows, truncate, keyColumns.empty() ? nullptr : &order);
    out += '\n'; // Spark: println(showString(...)) after a text that already ends in "\n"
    return out;
}

} // namespace streamstep
