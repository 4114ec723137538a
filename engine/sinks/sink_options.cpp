#include "sinks/sink_options.h"

#include "streamstep/error.h"
#include "types/text.h"

#include <algorithm>
#include <cctype>

namespace streamstep {

namespace {

std::string trimmed(std::string text)
{
    const auto notSpace = [](unsigned char c) { return !std::isspace(c); };
    text.erase(text.begin(), std::find_if(text.begin(), text.end(), notSpace));
    text.erase(std::find_if(text.rbegin(), text.rend(), notSpace).base(), text.end());
    return text;
}

} // namespace

const nlohmann::json *findSinkOption(const SinkSpec &sink, const std::string &name)
{
    for (const auto &[key, value] : sink.options)
        if (asciiLowerCase(key) == name)
            return &value;
    return nullptr;
}

std::string stringSinkOption(const SinkSpec &sink, const std::string &name)
{
    const nlohmann::json *value = findSinkOption(sink, name);
    if (!value)
        return {};
    if (!value->is_string())
        throw analysisError("the " + sink.format + " sink's option '" + name + "' must be a string, not "
                            + value->dump());
    return value->get<std::string>();
}

bool headerSinkOption(const SinkSpec &sink)
{
    const nlohmann::json *value = findSinkOption(sink, "header");
    if (!value)
        return false; // Spark's default
    if (value->is_boolean())
        return value->get<bool>();
    if (value->is_string()) {
        const std::string text = asciiLowerCase(value->get<std::string>());
        if (text == "true" || text == "false")
            return text == "true";
    }
    throw analysisError("the " + sink.format + " sink's option 'header' must be true or false, not " + value->dump());
}

// The `key` option: a list of column names or one comma-separated string.
std::vector<std::string> keySinkOption(const SinkSpec &sink)
{
    std::vector<std::string> keys;
    const nlohmann::json *value = findSinkOption(sink, "key");
    if (!value)
        return keys;
    if (value->is_string()) {
        const std::string text = value->get<std::string>();
        size_t start = 0;
        while (start <= text.size()) {
            size_t comma = text.find(',', start);
            if (comma == std::string::npos)
                comma = text.size();
            if (std::string name = trimmed(text.substr(start, comma - start)); !name.empty())
                keys.push_back(name);
            start = comma + 1;
        }
    } else if (value->is_array()) {
        for (const nlohmann::json &item : *value) {
            if (!item.is_string())
                throw analysisError("the " + sink.format + " sink's option 'key' must list column names, not " + value->dump());
            keys.push_back(item.get<std::string>());
        }
    } else {
        throw analysisError("the " + sink.format + " sink's option 'key' must list column names, not " + value->dump());
    }
    return keys;
}

} // namespace streamstep
