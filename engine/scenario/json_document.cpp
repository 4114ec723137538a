#include "scenario/json_document.h"

#include "streamstep/scenario.h"

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <iterator>
#include <unordered_map>
#include <utility>

namespace streamstep {

namespace {

constexpr size_t kChunkSize = 64 * 1024;
constexpr int kNumberOverflowId = 406;

// Walks the parser through a JsonSource one byte at a time and tells the source how far it got:
// the SAX callbacks carry no positions, so the consumed count is what locates each token.
class SourceIterator {
public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char *;
    using reference = char;

    SourceIterator() = default; // the end sentinel
    explicit SourceIterator(JsonSource *source) : m_source(source) {}

    char operator*() const { return m_source->at(m_index); }
    SourceIterator &operator++()
    {
        m_source->consumed(m_index);
        ++m_index;
        return *this;
    }
    SourceIterator operator++(int)
    {
        SourceIterator old = *this;
        ++*this;
        return old;
    }

    friend bool operator==(const SourceIterator &a, const SourceIterator &b)
    {
        if (a.m_source && b.m_source)
            return a.m_index == b.m_index;
        if (!a.m_source && !b.m_source)
            return true;
        return (a.m_source ? a : b).atEnd();
    }

private:
    bool atEnd() const
    {
        if (m_source->available(m_index))
            return false;
        m_source->markEndSeen();
        return true;
    }

    JsonSource *m_source = nullptr;
    size_t m_index = 0;
};

// Converts byte offsets to 1-based line:column (columns in UTF-8 characters). Offsets are asked
// for in increasing order while parsing, so the cursor only moves forward in the normal case.
class PositionCursor {
public:
    explicit PositionCursor(const JsonSource &source) : m_source(source) {}

    TextPosition at(size_t offset)
    {
        const std::string &text = m_source.buffer();
        if (offset > text.size())
            offset = text.size();
        if (offset < m_offset) {
            m_offset = 0;
            m_position = TextPosition{};
        }
        if (m_offset == 0 && text.size() >= 3 && text.compare(0, 3, "\xEF\xBB\xBF") == 0
            && offset >= 3)
            m_offset = 3; // the byte-order mark is not a visible character
        while (m_offset < offset) {
            const auto c = static_cast<unsigned char>(text[m_offset]);
            if (c == '\n') {
                ++m_position.line;
                m_position.column = 1;
            } else if ((c & 0xC0) != 0x80) {
                ++m_position.column;
            }
            ++m_offset;
        }
        return m_position;
    }

private:
    const JsonSource &m_source;
    size_t m_offset = 0;
    TextPosition m_position;
};

bool isNumberChar(char c)
{
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// Turns nlohmann's exception text into a short description: the part after "… - ", without the
// "last read" echo (which may be a long run of garbage).
std::string cleanSyntaxMessage(const std::string &what)
{
    std::string message = what;
    const size_t syntax = message.find("syntax error");
    if (syntax != std::string::npos) {
        const size_t dash = message.find(" - ", syntax);
        if (dash != std::string::npos)
            message = message.substr(dash + 3);
    } else if (const size_t colon = message.find(": "); colon != std::string::npos) {
        message = message.substr(colon + 2);
    }
    if (const size_t lastRead = message.find("; last read: "); lastRead != std::string::npos)
        message.erase(lastRead);
    if (const size_t semicolon = message.find("; "); semicolon != std::string::npos)
        message.replace(semicolon, 2, message.starts_with("unexpected ") ? ", " : ": ");
    return message;
}

// Builds the positioned tree from nlohmann's SAX events; refuses duplicate keys and nesting
// deeper than kMaxJsonDepth so no deep tree is ever built.
class TreeBuilder {
public:
    TreeBuilder(JsonSource &source, std::string fileName)
        : m_source(source), m_cursor(source), m_fileName(std::move(fileName))
    {
    }

    bool null() { return addScalar(JsonNode::Kind::Null, m_source.numConsumed() - 4); }
    bool boolean(bool value)
    {
        JsonNode *node = nullptr;
        if (!addScalar(JsonNode::Kind::Boolean, m_source.numConsumed() - (value ? 4 : 5), &node))
            return false;
        node->boolean = value;
        return true;
    }
    bool number_integer(nlohmann::json::number_integer_t) { return addNumber(); }
    bool number_unsigned(nlohmann::json::number_unsigned_t) { return addNumber(); }
    bool number_float(nlohmann::json::number_float_t, const std::string &) { return addNumber(); }
    bool string(std::string &value)
    {
        if (value.size() > kMaxScenarioStringBytes)
            return failTooLong(stringStart(), "string", value.size());
        JsonNode *node = nullptr;
        if (!addScalar(JsonNode::Kind::String, stringStart(), &node))
            return false;
        node->text = std::move(value);
        return true;
    }
    bool binary(nlohmann::json::binary_t &) { return false; } // JSON text has no binary values
    bool start_object(std::size_t) { return open(JsonNode::Kind::Object); }
    bool start_array(std::size_t) { return open(JsonNode::Kind::Array); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool key(std::string &key)
    {
        if (key.size() > kMaxScenarioStringBytes)
            return failTooLong(stringStart(), "key", key.size());
        const TextPosition position = m_cursor.at(stringStart());
        auto &seen = m_seenKeys.back();
        if (const auto it = seen.find(key); it != seen.end()) {
            return fail(position, "duplicate key '" + key + "' (first at "
                                      + std::to_string(it->second.line) + ":"
                                      + std::to_string(it->second.column) + ")");
        }
        seen.emplace(key, position);
        JsonNode *object = m_open.back();
        object->keyPositions.push_back(position);
        object->keys.push_back(std::move(key));
        return true;
    }
    bool parse_error(std::size_t position, const std::string &, const nlohmann::detail::exception &ex)
    {
        if (ex.id == kNumberOverflowId) {
            // nlohmann refuses numbers beyond a double's range (out_of_range.406).
            const size_t end = numberEnd();
            const size_t start = numberStart(end);
            return fail(m_cursor.at(start), "number " + m_source.buffer().substr(start, end - start)
                                                + " is too large for a double");
        }
        const std::string message = cleanSyntaxMessage(ex.what());
        if (message.starts_with("unexpected end of input") && stoppedAtNul())
            return failNul();
        if (!m_started && message.starts_with("unexpected end of input"))
            return fail(TextPosition{}, "empty file");
        return fail(m_cursor.at(position == 0 ? 0 : position - 1), "invalid JSON: " + message);
    }

    // nlohmann's lexer takes a NUL byte for the end of the input: a binary file would read as
    // "empty", or a document followed by NUL and anything at all as complete.
    bool stoppedAtNul() const
    {
        const size_t n = m_source.numConsumed();
        return !m_source.endSeen() && n > 0 && m_source.at(n - 1) == '\0';
    }
    bool failNul()
    {
        return fail(m_cursor.at(m_source.numConsumed() - 1),
                    "a NUL byte: a scenario file is UTF-8 text, not binary data");
    }

    bool failed() const { return m_failed; }
    const std::string &errorMessage() const { return m_errorMessage; }
    JsonNode takeRoot() { return std::move(m_root); }

private:
    bool failTooLong(size_t start, const char *what, size_t size)
    {
        return fail(m_cursor.at(start), std::string("a ") + what + " of " + groupedCount(size)
                                            + " bytes; a scenario file's strings may have at most "
                                            + groupedCount(kMaxScenarioStringBytes) + " bytes (1 MiB)");
    }

    // Counts every value, so that a file of millions of tiny values fails where the limit is
    // passed instead of building a tree of them.
    bool countValue(TextPosition position)
    {
        if (++m_numValues <= kMaxScenarioJsonValues)
            return true;
        return fail(position, "more than " + groupedCount(kMaxScenarioJsonValues)
                                  + " JSON values; a scenario file may have at most that many");
    }

    bool fail(TextPosition position, const std::string &message)
    {
        m_failed = true;
        m_errorMessage = positionedMessage(m_fileName, position, message);
        return false;
    }

    size_t stringStart() const
    {
        // The closing quote was the last byte consumed; look back for the unescaped opening one.
        const size_t close = m_source.numConsumed() - 1;
        for (size_t j = close; j-- > 0;) {
            if (m_source.at(j) != '"')
                continue;
            size_t backslashes = 0;
            while (backslashes < j && m_source.at(j - 1 - backslashes) == '\\')
                ++backslashes;
            if (backslashes % 2 == 0)
                return j;
        }
        return 0;
    }

    // Returns where the number token just read ends; the lexer reads one character past a
    // number unless the input ended there.
    size_t numberEnd() const
    {
        return m_source.endSeen() ? m_source.numConsumed() : m_source.numConsumed() - 1;
    }
    size_t numberStart(size_t end) const
    {
        size_t start = end;
        while (start > 0 && isNumberChar(m_source.at(start - 1)))
            --start;
        return start;
    }

    bool addNumber()
    {
        const size_t end = numberEnd();
        const size_t start = numberStart(end);
        JsonNode *node = nullptr;
        if (!addScalar(JsonNode::Kind::Number, start, &node))
            return false;
        node->text = m_source.buffer().substr(start, end - start);
        return true;
    }

    bool addScalar(JsonNode::Kind kind, size_t start, JsonNode **added = nullptr)
    {
        JsonNode node;
        node.kind = kind;
        node.position = m_cursor.at(start);
        if (!countValue(node.position))
            return false;
        JsonNode *stored = append(std::move(node));
        if (added)
            *added = stored;
        return true;
    }

    JsonNode *append(JsonNode &&node)
    {
        m_started = true;
        if (m_open.empty()) {
            m_root = std::move(node);
            return &m_root;
        }
        m_open.back()->items.push_back(std::move(node));
        return &m_open.back()->items.back();
    }

    bool open(JsonNode::Kind kind)
    {
        const TextPosition position = m_cursor.at(m_source.numConsumed() - 1);
        if (m_open.size() + 1 > static_cast<size_t>(kMaxJsonDepth))
            return fail(position, "nesting too deep (more than " + std::to_string(kMaxJsonDepth)
                                      + " levels)");
        if (!countValue(position))
            return false;
        JsonNode node;
        node.kind = kind;
        node.position = position;
        // A child is only appended to the innermost open container, so pointers to open
        // containers stay valid until they are closed.
        m_open.push_back(append(std::move(node)));
        m_seenKeys.emplace_back();
        return true;
    }

    bool close()
    {
        m_open.pop_back();
        m_seenKeys.pop_back();
        return true;
    }

    JsonSource &m_source;
    PositionCursor m_cursor;
    std::string m_fileName;
    JsonNode m_root;
    std::vector<JsonNode *> m_open;
    std::vector<std::unordered_map<std::string, TextPosition>> m_seenKeys;
    size_t m_numValues = 0;
    bool m_started = false;
    bool m_failed = false;
    std::string m_errorMessage;
};

} // namespace

JsonSource::JsonSource(std::string text) : m_buffer(std::move(text)) {}

JsonSource::JsonSource(std::FILE *file, std::string fileName)
    : m_file(file), m_fileName(std::move(fileName))
{
}

bool JsonSource::available(size_t index)
{
    while (index >= m_buffer.size() && m_file) {
        // A file that grows while it is read (or a pipe) is refused like one that was too large.
        if (m_buffer.size() > static_cast<size_t>(kMaxScenarioFileBytes))
            throw Error(ErrorKind::Scenario, fileTooLargeMessage(m_fileName, m_buffer.size(), true));
        const size_t oldSize = m_buffer.size();
        m_buffer.resize(oldSize + kChunkSize);
        const size_t numRead = std::fread(m_buffer.data() + oldSize, 1, kChunkSize, m_file);
        m_buffer.resize(oldSize + numRead);
        if (numRead == 0) {
            const bool readError = std::ferror(m_file) != 0;
            const int errorNumber = errno;
            m_file = nullptr;
            if (readError)
                throw Error(ErrorKind::Scenario,
                            m_fileName + ": cannot read: " + std::strerror(errorNumber));
        }
    }
    return index < m_buffer.size();
}

const JsonNode *JsonNode::find(std::string_view key) const
{
    for (size_t i = 0; i < keys.size(); ++i)
        if (keys[i] == key)
            return &items[i];
    return nullptr;
}

nlohmann::json JsonNode::toJson() const
{
    switch (kind) {
    case Kind::Null: return nullptr;
    case Kind::Boolean: return boolean;
    case Kind::Number: return nlohmann::json::parse(text);
    case Kind::String: return text;
    case Kind::Array: {
        nlohmann::json out = nlohmann::json::array();
        for (const JsonNode &item : items)
            out.push_back(item.toJson());
        return out;
    }
    case Kind::Object: {
        nlohmann::json out = nlohmann::json::object();
        for (size_t i = 0; i < items.size(); ++i)
            out[keys[i]] = items[i].toJson();
        return out;
    }
    }
    return nullptr;
}

std::string describeKind(JsonNode::Kind kind)
{
    switch (kind) {
    case JsonNode::Kind::Null: return "null";
    case JsonNode::Kind::Boolean: return "a boolean";
    case JsonNode::Kind::Number: return "a number";
    case JsonNode::Kind::String: return "a string";
    case JsonNode::Kind::Array: return "an array";
    case JsonNode::Kind::Object: return "an object";
    }
    return "a value";
}

std::string groupedCount(uint64_t count)
{
    std::string digits = std::to_string(count);
    for (size_t i = digits.size(); i > 3; i -= 3)
        digits.insert(i - 3, ",");
    return digits;
}

std::string fileTooLargeMessage(const std::string &fileName, uint64_t size, bool atLeast)
{
    return fileName + ": the file has " + (atLeast ? "more than " : "") + groupedCount(size)
        + " bytes; a scenario file may have at most " + groupedCount(kMaxScenarioFileBytes) + " bytes (64 MiB)";
}

std::string positionedMessage(const std::string &fileName, TextPosition position,
                              const std::string &message)
{
    return fileName + ":" + std::to_string(position.line) + ":" + std::to_string(position.column)
        + ": " + message;
}

JsonNode parseJsonDocument(JsonSource &source, const std::string &fileName)
{
    if (source.buffer().size() > static_cast<size_t>(kMaxScenarioFileBytes))
        throw Error(ErrorKind::Scenario, fileTooLargeMessage(fileName, source.buffer().size(), false));
    TreeBuilder builder(source, fileName);
    bool ok = nlohmann::json::sax_parse(SourceIterator(&source), SourceIterator(), &builder);
    if (ok && !builder.failed() && builder.stoppedAtNul())
        ok = builder.failNul();
    if (!ok || builder.failed()) {
        if (builder.failed())
            throw Error(ErrorKind::Scenario, builder.errorMessage());
        throw Error(ErrorKind::Scenario, positionedMessage(fileName, TextPosition{}, "invalid JSON"));
    }
    return builder.takeRoot();
}

} // namespace streamstep
