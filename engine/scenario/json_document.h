// Parses JSON into a small tree that remembers where every value and key starts in the file, so
// the scenario reader can say "FILE:LINE:COL: what is wrong" about any of them. nlohmann's SAX
// parser does the syntax work; positions come from counting the characters it consumes.
#pragma once

#include "streamstep/error.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace streamstep {

// Feeds the parser from a text or an open file, keeping everything read so far so that token
// starts can be found by looking back. A file is read in chunks as the parser asks for bytes,
// so garbage fails at its first bad byte without the file being read to the end.
class JsonSource {
public:
    explicit JsonSource(std::string text);
    // Reads from file (not owned); fileName is used in messages.
    JsonSource(std::FILE *file, std::string fileName);

    // Makes byte `index` available if the input has it; false at the end of the input.
    bool available(size_t index);
    char at(size_t index) const { return m_buffer[index]; }
    const std::string &buffer() const { return m_buffer; }

    // Records that the parser consumed byte `index` (it has read index + 1 bytes).
    void consumed(size_t index) { m_numConsumed = index + 1; }
    size_t numConsumed() const { return m_numConsumed; }
    // True once the parser has asked for a byte beyond the end of the input.
    bool endSeen() const { return m_endSeen; }
    void markEndSeen() { m_endSeen = true; }

private:
    std::string m_buffer;
    std::FILE *m_file = nullptr;
    std::string m_fileName;
    size_t m_numConsumed = 0;
    bool m_endSeen = false;
};

struct JsonNode {
    enum class Kind { Null, Boolean, Number, String, Array, Object };

    Kind kind = Kind::Null;
    TextPosition position;       // first character of the value's token (a string's quote)
    bool boolean = false;
    std::string text;            // a string's value, or a number exactly as written
    std::vector<JsonNode> items; // array elements, or object values (in file order)
    std::vector<std::string> keys;           // object keys, parallel to items
    std::vector<TextPosition> keyPositions;  // where each key's quote is

    bool isNull() const { return kind == Kind::Null; }
    bool isString() const { return kind == Kind::String; }
    bool isNumber() const { return kind == Kind::Number; }
    bool isArray() const { return kind == Kind::Array; }
    bool isObject() const { return kind == Kind::Object; }

    // Returns the value of key, or nullptr (objects only).
    const JsonNode *find(std::string_view key) const;
    // Converts to nlohmann::json (numbers by their written text: integers stay integers).
    nlohmann::json toJson() const;
};

// Returns a short name of a JSON kind with its article ("an array", "a string", "null").
std::string describeKind(JsonNode::Kind kind);

inline constexpr int kMaxJsonDepth = 64;

// Parses the whole input. Throws Error(ErrorKind::Scenario, "FILE:LINE:COL: …") on an empty
// input, a syntax error, invalid UTF-8, a duplicate key, nesting deeper than kMaxJsonDepth, a
// string or key longer than kMaxScenarioStringBytes, more than kMaxScenarioJsonValues values, or
// (without a place) more than kMaxScenarioFileBytes of input.
JsonNode parseJsonDocument(JsonSource &source, const std::string &fileName);

// Writes a count with thousands separators ("1,048,576"), as limit messages show them.
std::string groupedCount(uint64_t count);

// The message for a file over kMaxScenarioFileBytes: "FILE: the file has more than … bytes; …".
std::string fileTooLargeMessage(const std::string &fileName, uint64_t size, bool atLeast);

// Formats "FILE:LINE:COL: message".
std::string positionedMessage(const std::string &fileName, TextPosition position,
                              const std::string &message);

} // namespace streamstep
