#include "checkpoint/query_signature.h"

#include "analysis/logical_plan.h"
#include "sinks/postgres_connection.h"
#include "sinks/sink.h"
#include "streamstep/error.h"
#include "types/text.h"

#include <cstdio>
#include <sstream>

namespace streamstep {

namespace {

nlohmann::json schemaText(const Schema &schema)
{
    nlohmann::json fields = nlohmann::json::array();
    for (const Field &f : schema.fields)
        fields.push_back(f.name + ": " + f.type.sparkName());
    return fields;
}

std::string listText(const nlohmann::json &list)
{
    if (!list.is_array() || list.empty())
        return "(none)";
    std::string text;
    for (const nlohmann::json &item : list)
        text += (text.empty() ? "" : "; ") + (item.is_string() ? item.get<std::string>() : item.dump());
    return text;
}

// A value of a stored signature as text: a checkpoint's metadata is a file a stranger may have
// edited, so a key may be missing or of any JSON type (shown as JSON then, never a crash).
std::string textOf(const nlohmann::json &value, const std::string &missing = "?")
{
    if (value.is_null())
        return missing;
    return value.is_string() ? value.get<std::string>() : value.dump();
}

std::string stringField(const nlohmann::json &object, const char *key, const std::string &missing = "?")
{
    if (!object.is_object() || !object.contains(key))
        return missing;
    return textOf(object.at(key), missing);
}

std::string sinkText(const nlohmann::json &sink)
{
    std::string text = stringField(sink, "format") + " sink";
    if (sink.is_object() && sink.contains("path"))
        text += " '" + stringField(sink, "path", "") + "'";
    if (sink.is_object() && sink.contains("url"))
        text += " '" + stringField(sink, "url", "") + "'";
    if (sink.is_object() && sink.contains("table"))
        text += " table '" + stringField(sink, "table", "") + "'";
    return text;
}

} // namespace

std::string QuerySignature::fnv1a(std::string_view text)
{
    uint64_t hash = 1469598103934665603ull;
    for (unsigned char c : text) {
        hash ^= c;
        hash *= 1099511628211ull;
    }
    char out[17];
    std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(hash));
    return out;
}

nlohmann::json QuerySignature::describe(const Query &query)
{
    nlohmann::json operators = nlohmann::json::array();
    for (const std::string &signature : stateOperatorSignatures(query.compiled()))
        operators.push_back(signature);
    nlohmann::json plan = nlohmann::json::array();
    std::istringstream lines(query.explain());
    for (std::string line; std::getline(lines, line);)
        plan.push_back(line);
    nlohmann::json sink = {{"format", query.sink().format}};
    if (isPostgresSink(query.sink().format)) {
        // The server, database and table (without a password): another one holds other batches.
        const PostgresTarget target = postgresTarget(query.sink());
        sink["url"] = target.endpoint.displayUrl;
        sink["table"] = target.endpoint.table;
    } else if (isFaultTolerantSink(query.sink().format)) {
        for (const auto &[key, value] : query.sink().options) {
            const std::string name = asciiLowerCase(key);
            if ((name == "path" || name == "table") && value.is_string())
                sink[name] = name == "path" ? std::filesystem::path(value.get<std::string>()).lexically_normal().string()
                                            : value.get<std::string>();
        }
    }
    return {{"outputMode", outputModeName(query.outputMode())},
            {"sourceSchema", schemaText(query.sourceSchema())},
            {"stateOperators", operators},
            {"resultSchema", schemaText(query.resultSchema())},
            {"plan", plan},
            {"sink", sink}};
}

std::string QuerySignature::hash(const nlohmann::json &signature) { return fnv1a(signature.dump()); }

void QuerySignature::checkCompatible(const nlohmann::json &stored, const nlohmann::json &current,
                                     const std::string &checkpointDir)
{
    const std::string where = "checkpoint '" + checkpointDir + "'";
    const auto field = [](const nlohmann::json &j, const char *key) {
        return j.is_object() && j.contains(key) ? j.at(key) : nlohmann::json();
    };
    if (field(stored, "stateOperators") != field(current, "stateOperators"))
        throw analysisError(
            "The query's state does not match the state in " + where
            + " (Spark: StateSchemaNotCompatible, \"Provided schema doesn't match to the schema for existing "
              "state\"):\n  checkpoint: "
            + listText(field(stored, "stateOperators")) + "\n  this query: " + listText(field(current, "stateOperators"))
            + "\nOther grouping keys, aggregates or deduplication columns need a new checkpoint folder.");
    if (field(stored, "outputMode") != field(current, "outputMode"))
        throw analysisError("The " + where + " was written by a query in "
                            + textOf(field(stored, "outputMode")) + " output mode; this query uses "
                            + textOf(field(current, "outputMode"))
                            + " output mode. Resume it in the same mode, or use a new checkpoint folder.");
    if (field(stored, "sourceSchema") != field(current, "sourceSchema"))
        throw analysisError("The source schema differs from the one the " + where + " was written with:\n  checkpoint: "
                            + listText(field(stored, "sourceSchema")) + "\n  this query: "
                            + listText(field(current, "sourceSchema")) + "\nUse a new checkpoint folder.");
    if (field(stored, "plan") != field(current, "plan") || field(stored, "resultSchema") != field(current, "resultSchema")) {
        const nlohmann::json a = field(stored, "plan");
        const nlohmann::json b = field(current, "plan");
        std::string was = "(result schema) " + listText(field(stored, "resultSchema"));
        std::string now = "(result schema) " + listText(field(current, "resultSchema"));
        for (size_t i = 0; a.is_array() && b.is_array() && i < std::max(a.size(), b.size()); ++i) {
            const std::string x = i < a.size() ? a[i].dump() : "(nothing)";
            const std::string y = i < b.size() ? b[i].dump() : "(nothing)";
            if (x != y) {
                was = x;
                now = y;
                break;
            }
        }
        throw analysisError("The query differs from the one the " + where
                            + " was written for; its state snapshots belong to that plan:\n  checkpoint: " + was
                            + "\n  this query: " + now
                            + "\nRestore the query, or use a new checkpoint folder.");
    }
    const nlohmann::json a = field(stored, "sink");
    const nlohmann::json b = field(current, "sink");
    const bool durable = isFaultTolerantSink(stringField(a, "format")) || isFaultTolerantSink(stringField(b, "format"));
    if (durable && a != b)
        throw analysisError("The " + where + " wrote to the " + sinkText(a) + "; this query writes to the "
                            + sinkText(b)
                            + ". Its commit log describes what that sink holds (Spark does not allow changing a "
                              "file sink's output folder either): restore the sink, or use a new checkpoint folder.");
}

} // namespace streamstep
