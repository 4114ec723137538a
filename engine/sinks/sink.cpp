#include "sinks/sink.h"

#include "analysis/logical_plan.h"
#include "sinks/csv_format.h"
#include "sinks/file_sink.h"
#include "sinks/sqlite_sink.h"
#include "sinks/transient_sink.h"
#include "streamstep/error.h"

#include <algorithm>

namespace streamstep {

namespace fs = std::filesystem;

namespace {

std::string lowerText(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

// Options are case-insensitive, as in Spark's CaseInsensitiveStringMap.
const nlohmann::json *findOption(const SinkSpec &sink, const std::string &name)
{
    for (const auto &[key, value] : sink.options)
        if (lowerText(key) == name)
            return &value;
    return nullptr;
}

std::string stringOption(const SinkSpec &sink, const std::string &name)
{
    const nlohmann::json *value = findOption(sink, name);
    if (!value)
        return {};
    if (!value->is_string())
        throw analysisError("the " + sink.format + " sink's option '" + name + "' must be a string, not "
                            + value->dump());
    return value->get<std::string>();
}

bool headerOption(const SinkSpec &sink)
{
    const nlohmann::json *value = findOption(sink, "header");
    if (!value)
        return false; // Spark's default
    if (value->is_boolean())
        return value->get<bool>();
    if (value->is_string()) {
        const std::string text = lowerText(value->get<std::string>());
        if (text == "true" || text == "false")
            return text == "true";
    }
    throw analysisError("the " + sink.format + " sink's option 'header' must be true or false, not " + value->dump());
}

std::string trimmed(std::string text)
{
    const auto notSpace = [](unsigned char c) { return !std::isspace(c); };
    text.erase(text.begin(), std::find_if(text.begin(), text.end(), notSpace));
    text.erase(std::find_if(text.rbegin(), text.rend(), notSpace).base(), text.end());
    return text;
}

// The `key` option: a list of column names or one comma-separated string.
std::vector<std::string> keyOption(const SinkSpec &sink)
{
    std::vector<std::string> keys;
    const nlohmann::json *value = findOption(sink, "key");
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
                throw analysisError("the sqlite sink's option 'key' must list column names, not " + value->dump());
            keys.push_back(item.get<std::string>());
        }
    } else {
        throw analysisError("the sqlite sink's option 'key' must list column names, not " + value->dump());
    }
    return keys;
}

} // namespace

bool isFaultTolerantSink(const std::string &format)
{
    return format == "csv" || format == "json" || format == "sqlite";
}

fs::path resolveSinkPath(const fs::path &outputDir, const std::string &path, const std::string &fileName,
                         TextPosition position)
{
    const std::string where = fileName + ":" + std::to_string(position.line) + ":" + std::to_string(position.column) + ": ";
    if (path.empty())
        throw Error(ErrorKind::Scenario, where + "the sink's 'path' is empty");
    const fs::path relative(path);
    if (relative.is_absolute() || relative.has_root_name())
        throw Error(ErrorKind::Scenario, where + "the sink path '" + path
                                             + "' is absolute; sink paths must be relative to the output "
                                               "folder (--output-dir), so a shared scenario cannot write "
                                               "elsewhere");
    const fs::path normal = relative.lexically_normal();
    if (!normal.empty() && *normal.begin() == "..")
        throw Error(ErrorKind::Scenario, where + "the sink path '" + path
                                             + "' leaves the output folder (--output-dir); sink paths must "
                                               "stay inside it, so a shared scenario cannot write elsewhere");
    return outputDir / normal;
}

fs::path validateSinkOptions(const Query &query, const fs::path &outputDir)
{
    const SinkSpec &sink = query.sink();
    if (!isFaultTolerantSink(sink.format))
        return {};
    if (!findOption(sink, "path"))
        throw analysisError("'path' is not specified"); // Spark's DataSource message
    const std::string path = stringOption(sink, "path");
    if (sink.format == "csv") {
        headerOption(sink);
        if (const auto column = CsvFormat::unsupportedColumn(query.resultSchema()))
            throw analysisError("[UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE] The CSV datasource doesn't support the "
                                "column `" + *column + "` of the type \"STRUCT<start: TIMESTAMP, end: TIMESTAMP>\". "
                                "Select window.start and window.end instead.");
    } else if (sink.format == "sqlite") {
        if (stringOption(sink, "table").empty())
            throw analysisError("the sqlite sink needs the 'table' option: the table to write");
        SqliteSink::resolveKeyColumns(query.resultSchema(), keyOption(sink), query.outputMode());
    }
    return resolveSinkPath(outputDir, path, query.compiled().scenario.fileName, sink.position);
}

std::unique_ptr<Sink> createSink(const Query &query, const SinkContext &context)
{
    const SinkSpec &sink = query.sink();
    const fs::path path = validateSinkOptions(query, context.outputDir);
    if (sink.format == "csv" || sink.format == "json")
        return std::make_unique<FileSink>(path, stringOption(sink, "path"),
                                          sink.format == "csv" ? FileSink::Format::Csv : FileSink::Format::Json,
                                          headerOption(sink), query.resultSchema(), context);
    if (sink.format == "sqlite")
        return std::make_unique<SqliteSink>(path, stringOption(sink, "path"), stringOption(sink, "table"),
                                            keyOption(sink), query.resultSchema(), query.outputMode(), context);
    return std::make_unique<TransientSink>(sink.format);
}

} // namespace streamstep
