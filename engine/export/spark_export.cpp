#include "streamstep/spark_export.h"

#include "sinks/sink_options.h"
#include "streamstep/error.h"
#include "streamstep/value_format.h"

#include <array>
#include <cctype>
#include <cmath>
#include <string>
#include <vector>

namespace streamstep {

namespace {

// Java/Scala methods stay far below the JVM's 64 KB of bytecode per method: a step's rows are
// built by several methods of this many rows each.
constexpr size_t kRowsPerMethod = 200;
// A replay step with more rows than this (a lesson's rowsFile of 25,000 rows) travels as JSON
// lines in string constants that Spark's JSON reader parses when the step runs: as RowFactory
// calls, 25,000 rows of distinct values exceed a class's 65,535 constants (javac: "too many
// constants") and take javac minutes. Smaller steps stay literal rows, readable in the program.
constexpr size_t kMaxLiteralStepRows = 5000;
// Bytes of JSON lines per string constant: a constant holds at most 65,535 bytes.
constexpr size_t kJsonChunkBytes = 60000;

std::string replaceAll(std::string text, std::string_view from, std::string_view to)
{
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

std::string hex4(unsigned value)
{
    static const char *kDigits = "0123456789abcdef";
    std::string out = "0000";
    for (int i = 3; i >= 0; --i) {
        out[static_cast<size_t>(i)] = kDigits[value & 0xF];
        value >>= 4;
    }
    return out;
}

// Decodes UTF-8 into code points; a malformed byte becomes U+FFFD, as Java reads it.
std::u32string codePoints(std::string_view text)
{
    std::u32string out;
    for (size_t i = 0; i < text.size();) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte < 0x80) {
            out += static_cast<char32_t>(byte);
            ++i;
            continue;
        }
        const Utf8Sequence sequence = readUtf8Sequence(text, i);
        if (sequence.length == 0) {
            out += U'\uFFFD';
            ++i;
        } else {
            out += sequence.codePoint;
            i += sequence.length;
        }
    }
    return out;
}

// Appends \uXXXX escapes for a code point (a surrogate pair beyond the BMP), Java/JSON style.
void appendUtf16Escapes(std::string &out, char32_t c)
{
    if (c > 0xFFFF) {
        const char32_t v = c - 0x10000;
        out += "\\u" + hex4(static_cast<unsigned>(0xD800 + (v >> 10)));
        out += "\\u" + hex4(static_cast<unsigned>(0xDC00 + (v & 0x3FF)));
    } else {
        out += "\\u" + hex4(static_cast<unsigned>(c));
    }
}

// A string literal for Java (and Scala 2.13, which reads the same escapes). Control and
// non-ASCII characters are written as \uXXXX; in Java that escape is translated before lexing, so
// it is never used for a line break or a quote (those get \n and \").
std::string jvmString(std::string_view text)
{
    std::string out = "\"";
    for (const char32_t c : codePoints(text)) {
        switch (c) {
        case U'"': out += "\\\""; break;
        case U'\\': out += "\\\\"; break;
        case U'\n': out += "\\n"; break;
        case U'\r': out += "\\r"; break;
        case U'\t': out += "\\t"; break;
        case U'\b': out += "\\b"; break;
        case U'\f': out += "\\f"; break;
        default:
            if (c < 0x20 || c >= 0x7F)
                appendUtf16Escapes(out, c);
            else
                out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

std::string pythonString(std::string_view text)
{
    std::string out = "\"";
    for (const char32_t c : codePoints(text)) {
        switch (c) {
        case U'"': out += "\\\""; break;
        case U'\\': out += "\\\\"; break;
        case U'\n': out += "\\n"; break;
        case U'\r': out += "\\r"; break;
        case U'\t': out += "\\t"; break;
        default:
            if (c < 0x20 || (c >= 0x7F && c <= 0xFFFF)) {
                out += "\\u" + hex4(static_cast<unsigned>(c));
            } else if (c > 0xFFFF) {
                char buffer[16];
                std::snprintf(buffer, sizeof buffer, "\\U%08x", static_cast<unsigned>(c));
                out += buffer;
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    return out + "\"";
}

// A JSON string with every non-ASCII character escaped (the replay's source files are read by
// Spark's JSON reader, which takes \uXXXX exactly).
std::string asciiJsonString(std::string_view text)
{
    std::string out = "\"";
    for (const char32_t c : codePoints(text)) {
        if (c == U'"')
            out += "\\\"";
        else if (c == U'\\')
            out += "\\\\";
        else if (c < 0x20 || c >= 0x7F)
            appendUtf16Escapes(out, c);
        else
            out += static_cast<char>(c);
    }
    return out + "\"";
}

std::string stringLiteral(SparkLanguage language, std::string_view text)
{
    return language == SparkLanguage::PySpark ? pythonString(text) : jvmString(text);
}

// The timestamp as java.time.Instant.parse reads it: "2026-03-01T10:01:00Z", "…:00.5Z".
std::string instantText(int64_t micros)
{
    return replaceAll(formatTimestamp(micros), " ", "T") + "Z";
}

// A source value as a literal of the program's language (Java/Scala rows for MemoryStream).
std::string jvmLiteral(SparkLanguage language, const Value &value)
{
    const bool java = language == SparkLanguage::Java;
    if (value.isNull())
        return "null";
    switch (value.type().kind) {
    case TypeKind::Boolean: return value.asBool() ? "true" : "false";
    case TypeKind::Int: return std::to_string(value.asInt());
    case TypeKind::Long: return std::to_string(value.asLong()) + "L";
    case TypeKind::Double: {
        const double d = value.asDouble();
        if (std::isnan(d))
            return "Double.NaN";
        if (std::isinf(d))
            return d > 0 ? "Double.PositiveInfinity" : "Double.NegativeInfinity";
        return formatDouble(d) + "d";
    }
    case TypeKind::Decimal: {
        const Decimal &d = value.asDecimal();
        return (java ? "dec(" : "dec(") + jvmString(formatDecimal(d.unscaled, d.scale)) + ")";
    }
    case TypeKind::String: return jvmString(value.asString());
    case TypeKind::Timestamp: return "ts(" + jvmString(instantText(value.asTimestamp())) + ")";
    case TypeKind::Null:
    case TypeKind::Window: break;
    }
    return "null";
}

std::string javaDoubleConstant(const std::string &scalaName)
{
    if (scalaName == "Double.PositiveInfinity")
        return "Double.POSITIVE_INFINITY";
    if (scalaName == "Double.NegativeInfinity")
        return "Double.NEGATIVE_INFINITY";
    return scalaName;
}

// A source value as JSON for Spark's JSON reader (PySpark replay files): decimals as exact
// JSON numbers, doubles with NaN/Infinity tokens (allowNonNumericNumbers), timestamps in the
// reader's timestampFormat "yyyy-MM-dd HH:mm:ss.SSSSSS".
std::string sourceJson(const Value &value)
{
    if (value.isNull())
        return "null";
    switch (value.type().kind) {
    case TypeKind::Boolean: return value.asBool() ? "true" : "false";
    case TypeKind::Int: return std::to_string(value.asInt());
    case TypeKind::Long: return std::to_string(value.asLong());
    case TypeKind::Double: {
        const double d = value.asDouble();
        if (std::isnan(d))
            return "NaN";
        if (std::isinf(d))
            return d > 0 ? "Infinity" : "-Infinity";
        return formatDouble(d);
    }
    case TypeKind::Decimal: {
        const Decimal &d = value.asDecimal();
        return formatDecimal(d.unscaled, d.scale);
    }
    case TypeKind::String: return asciiJsonString(value.asString());
    case TypeKind::Timestamp: {
        const int64_t micros = value.asTimestamp();
        const int64_t fraction = ((micros % 1000000) + 1000000) % 1000000;
        std::string text = formatTimestamp(micros - fraction);
        char buffer[16];
        std::snprintf(buffer, sizeof buffer, ".%06lld", static_cast<long long>(fraction));
        return "\"" + text + buffer + "\"";
    }
    case TypeKind::Null:
    case TypeKind::Window: break;
    }
    return "null";
}

std::string javaTypeCode(const DataType &type)
{
    switch (type.kind) {
    case TypeKind::Boolean: return "DataTypes.BooleanType";
    case TypeKind::Int: return "DataTypes.IntegerType";
    case TypeKind::Long: return "DataTypes.LongType";
    case TypeKind::Double: return "DataTypes.DoubleType";
    case TypeKind::Decimal:
        return "DataTypes.createDecimalType(" + std::to_string(type.precision) + ", " + std::to_string(type.scale) + ")";
    case TypeKind::String: return "DataTypes.StringType";
    case TypeKind::Timestamp: return "DataTypes.TimestampType";
    case TypeKind::Null:
    case TypeKind::Window: break;
    }
    return "DataTypes.NullType";
}

std::string pythonTypeCode(const DataType &type)
{
    switch (type.kind) {
    case TypeKind::Boolean: return "BooleanType()";
    case TypeKind::Int: return "IntegerType()";
    case TypeKind::Long: return "LongType()";
    case TypeKind::Double: return "DoubleType()";
    case TypeKind::Decimal:
        return "DecimalType(" + std::to_string(type.precision) + ", " + std::to_string(type.scale) + ")";
    case TypeKind::String: return "StringType()";
    case TypeKind::Timestamp: return "TimestampType()";
    case TypeKind::Null:
    case TypeKind::Window: break;
    }
    return "NullType()";
}

std::string joinList(const std::vector<std::string> &items, std::string_view separator)
{
    std::string out;
    for (size_t i = 0; i < items.size(); ++i)
        out += (i ? std::string(separator) : std::string()) + items[i];
    return out;
}

// Row `r` of a step as one JSON object for Spark's JSON reader (the PySpark replay's files and
// the JVM replays' big steps).
std::string sourceJsonLine(const Schema &schema, const ColumnBatch &rows, size_t r)
{
    std::vector<std::string> members;
    for (size_t c = 0; c < rows.columns.size(); ++c)
        members.push_back(asciiJsonString(schema.fields[c].name) + ": " + sourceJson(rows.get(r, c)));
    return "{" + joinList(members, ", ") + "}";
}

// A big step's rows as JSON lines, cut into string literals of at most kJsonChunkBytes each.
std::vector<std::string> jsonLineLiterals(const Schema &schema, const ColumnBatch &rows)
{
    std::vector<std::string> literals;
    std::string chunk;
    for (size_t r = 0; r < rows.numRows; ++r) {
        const std::string line = sourceJsonLine(schema, rows, r) + "\n";
        if (!chunk.empty() && chunk.size() + line.size() > kJsonChunkBytes) {
            literals.push_back(jvmString(chunk));
            chunk.clear();
        }
        chunk += line;
    }
    if (!chunk.empty())
        literals.push_back(jvmString(chunk));
    return literals;
}

bool hasBigStep(const Scenario &scenario)
{
    for (const Step &step : scenario.steps)
        if (step.rows.numRows > kMaxLiteralStepRows && !stillGenerated(step))
            return true;
    return false;
}

bool hasGeneratedStep(const Scenario &scenario)
{
    for (const Step &step : scenario.steps)
        if (step.rows.numRows > 0 && stillGenerated(step))
            return true;
    return false;
}

// A generated step's columns for Spark's selectExpr over spark.range: each expression cast to
// its source column's type, as StreamStep computes it ("CAST((expr) AS decimal(12,2)) AS `amount`").
std::vector<std::string> generatedColumns(const Scenario &scenario, const GeneratedRows &generate,
                                          SparkLanguage language)
{
    std::vector<std::string> columns;
    for (size_t c = 0; c < generate.columns.size(); ++c) {
        const Field &field = scenario.sourceSchema.fields[c];
        columns.push_back(stringLiteral(language, "CAST((" + generate.columns[c].text + ") AS " + field.type.sparkName()
                                                      + ") AS `" + replaceAll(field.name, "`", "``") + "`"));
    }
    return columns;
}

// The range of a generated step, [start, start + rows): "0L, 250000L" (Python: "0, 250000").
std::string generatedRange(const GeneratedRows &generate, SparkLanguage language)
{
    const std::string suffix = language == SparkLanguage::PySpark ? "" : "L";
    return std::to_string(generate.start) + suffix + ", " + std::to_string(generate.start + generate.rows) + suffix;
}

// The query ops as DataFrame calls on a value named `source`, one call per line; expressions go
// to Spark's own SQL parser (expr / selectExpr / filter(String)), which is exact: the scenario's
// expression language is a Spark SQL subset.
std::vector<std::string> queryCalls(const Scenario &scenario, SparkLanguage language)
{
    const bool python = language == SparkLanguage::PySpark;
    const bool java = language == SparkLanguage::Java;
    auto str = [&](std::string_view text) { return stringLiteral(language, text); };
    auto exprList = [&](const std::vector<ExprText> &items) {
        std::vector<std::string> out;
        for (const ExprText &item : items)
            out.push_back("expr(" + str(item.text) + ")");
        return joinList(out, ", ");
    };
    std::vector<std::string> calls;
    for (const QueryOp &op : scenario.query) {
        switch (op.kind) {
        case QueryOp::Kind::WithWatermark:
            calls.push_back(".withWatermark(" + str(op.column) + ", " + str(op.delay) + ")");
            break;
        case QueryOp::Kind::Filter:
            calls.push_back(std::string(".") + (op.opName == "where" ? "where" : "filter") + "("
                            + str(op.condition.text) + ")");
            break;
        case QueryOp::Kind::Select: {
            std::vector<std::string> columns;
            for (const ExprText &c : op.columns)
                columns.push_back(str(c.text));
            calls.push_back(".selectExpr(" + joinList(columns, ", ") + ")");
            break;
        }
        case QueryOp::Kind::WithColumn:
            calls.push_back(".withColumn(" + str(op.name) + ", expr(" + str(op.expr.text) + "))");
            break;
        case QueryOp::Kind::GroupBy:
            calls.push_back(".groupBy(" + exprList(op.keys) + ")");
            calls.push_back(".agg(" + exprList(op.aggs) + ")");
            break;
        case QueryOp::Kind::DropDuplicates: {
            if (op.allColumns || op.columns.empty()) {
                calls.push_back(".dropDuplicates()");
                break;
            }
            std::vector<std::string> columns;
            for (const ExprText &c : op.columns)
                columns.push_back(str(c.text));
            if (python)
                calls.push_back(".dropDuplicates([" + joinList(columns, ", ") + "])");
            else if (java)
                calls.push_back(".dropDuplicates(new String[] {" + joinList(columns, ", ") + "})");
            else
                calls.push_back(".dropDuplicates(Seq(" + joinList(columns, ", ") + "))");
            break;
        }
        }
    }
    return calls;
}

// What the program does with the sink, decided once for all three languages.
struct SinkPlan {
    enum class Kind { Console, Memory, File, Sqlite, ForeachBatch };
    Kind kind = Kind::Console;
    std::string format;                                   // csv, json (file sinks)
    std::string path;                                     // file folder / database, relative
    std::vector<std::pair<std::string, std::string>> writeOptions; // for format(...).option(...)
    std::vector<std::pair<std::string, std::string>> readOptions;  // file sinks: how to read back
    std::string queryName;                                // memory
    std::string table;                                    // sqlite
    std::vector<std::string> keys;                        // sqlite
};

std::string optionText(const nlohmann::json &value)
{
    if (value.is_string())
        return value.get<std::string>();
    if (value.is_boolean())
        return value.get<bool>() ? "true" : "false";
    return value.dump();
}

SinkPlan planSink(const Scenario &scenario)
{
    const SinkSpec &sink = scenario.sink;
    SinkPlan plan;
    plan.format = sink.format;
    if (sink.format == "console") {
        plan.kind = SinkPlan::Kind::Console;
        for (const auto &[key, value] : sink.options)
            plan.writeOptions.emplace_back(key, optionText(value));
    } else if (sink.format == "memory") {
        plan.kind = SinkPlan::Kind::Memory;
        plan.queryName = stringSinkOption(sink, "queryname");
    } else if (sink.format == "csv" || sink.format == "json" || sink.format == "parquet") {
        plan.kind = SinkPlan::Kind::File;
        plan.path = stringSinkOption(sink, "path");
        for (const auto &[key, value] : sink.options) {
            std::string lower = key;
            for (char &c : lower)
                c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            if (lower == "path")
                continue;
            plan.writeOptions.emplace_back(key, optionText(value));
        }
        if (sink.format == "csv")
            plan.readOptions.emplace_back("header", headerSinkOption(sink) ? "true" : "false");
    } else if (sink.format == "sqlite") {
        plan.kind = SinkPlan::Kind::Sqlite;
        plan.path = stringSinkOption(sink, "path");
        plan.table = stringSinkOption(sink, "table");
        plan.keys = keySinkOption(sink);
    } else {
        plan.kind = SinkPlan::Kind::ForeachBatch;
    }
    return plan;
}

std::string headerComment(const Scenario &scenario, const SparkExportOptions &options, std::string_view prefix)
{
    const std::string languageName = options.language == SparkLanguage::Java ? "java"
        : options.language == SparkLanguage::Scala                           ? "scala"
                                                                             : "pyspark";
    std::string file = scenario.fileName;
    if (const size_t slash = file.find_last_of('/'); slash != std::string::npos)
        file = file.substr(slash + 1);
    std::string out;
    auto line = [&](const std::string &text) { out += std::string(prefix) + (text.empty() ? "" : " " + text) + "\n"; };
    line("Generated by `streamstep-cli export --lang " + languageName + (options.replay ? " --replay" : "") + "` from "
         + file + " (Spark " + options.sparkVersion + " API).");
    if (!scenario.title.empty()) {
        std::string title;
        for (const char32_t c : codePoints(scenario.title))
            title += (c < 0x20 || c >= 0x7F) ? '?' : static_cast<char>(c);
        line(title);
    }
    line("");
    if (options.replay) {
        line("Replays the scenario's steps one trigger at a time and prints one JSON line per executed");
        line("micro-batch (batchId, step, noData, numInputRows, numRowsDroppedByWatermark, watermark,");
        line("stateRows, emitted), as `streamstep-cli run --jsonl` does, so both can be compared. A query");
        line("Spark rejects prints {\"error\": \"<exception>: <message>\", \"exitCode\": 2} (3: a batch failed).");
    } else {
        line("Reads JSON lines files dropped into WORK_DIR/input/" + scenario.sourceName + " (one file per trigger)");
        line("and writes the lesson's sink until stopped; checkpoint in WORK_DIR/checkpoint.");
    }
    line("How to run it on your own Spark: docs/running-spark.md of StreamStep.");
    return out;
}

bool isFileSink(const SinkPlan &sink) { return sink.kind == SinkPlan::Kind::File; }

bool usesProcessingTime(const Scenario &scenario)
{
    for (const Step &step : scenario.steps)
        if (step.processingTimeMicros)
            return true;
    return false;
}

// The steps' processingTime in epoch milliseconds (-1: keep the clock where it is).
std::string processingTimes(const Scenario &scenario, std::string_view suffix)
{
    std::vector<std::string> items;
    for (const Step &step : scenario.steps) {
        const int64_t micros = step.processingTimeMicros.value_or(-1000);
        const int64_t ms = micros >= 0 ? micros / 1000 : (micros == -1000 ? -1 : (micros - 999) / 1000);
        items.push_back(std::to_string(ms) + std::string(suffix));
    }
    return joinList(items, ", ");
}

// ---------------------------------------------------------------------------------------------
// Java

const char *kJavaHelpers = R"JAVA(
    static BigDecimal dec(String text) { return new BigDecimal(text); }

    static Timestamp ts(String instant) { return Timestamp.from(Instant.parse(instant)); }

    private static final DateTimeFormatter ISO_MILLIS =
        DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    // A JSON string with every non-ASCII character escaped, whatever stdout's encoding is.
    static String quote(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') out.append('\\').append(c);
            else if (c < 0x20 || c >= 0x7F) out.append(String.format("\\u%04x", (int) c));
            else out.append(c);
        }
        return out.append('"').toString();
    }

    // A value as scenario-format.md §3 writes it: timestamps ISO-8601 UTC with milliseconds,
    // decimals as JSON numbers with their scale, structs (window) as objects.
    static String json(Object value) {
        if (value == null) return "null";
        if (value instanceof Row) {
            Row row = (Row) value;
            String[] names = row.schema().fieldNames();
            StringBuilder out = new StringBuilder("{");
            for (int i = 0; i < names.length; ++i)
                out.append(i > 0 ? ", " : "").append(quote(names[i])).append(": ").append(json(row.get(i)));
            return out.append('}').toString();
        }
        if (value instanceof String) return quote((String) value);
        if (value instanceof BigDecimal) return ((BigDecimal) value).toPlainString();
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            return Double.isNaN(d) || Double.isInfinite(d) ? quote(Double.toString(d)) : Double.toString(d);
        }
        if (value instanceof Timestamp) value = ((Timestamp) value).toInstant();
        if (value instanceof Instant) return quote(ISO_MILLIS.format(((Instant) value).truncatedTo(ChronoUnit.MILLIS)));
        return value.toString();
    }
)JAVA";

const char *kJavaReplay = R"JAVA(
    // What a replay prints: one JSON line per executed batch, its figures from the query's own
    // StreamingQueryProgress and its rows from what the sink received.
    static final class Replay {
        private final PrintStream out;
        private final Map<Long, List<String>> emitted = new ConcurrentHashMap<>();
        private final Set<String> sinkFilesSeen = new HashSet<>();
        private long lastBatchId = -1;

        Replay(PrintStream out) { this.out = out; }

        void collect(Dataset<Row> batch, Long batchId) { record(batchId, batch.collectAsList()); }

        void record(long batchId, List<Row> rows) {
            List<String> lines = new ArrayList<>();
            for (Row row : rows) lines.add(json(row));
            emitted.put(batchId, lines);
        }

        // The batches that ran since the last call, oldest first. A trigger that ran no batch
        // also reports a progress (with the next batch id); it has no addBatch duration.
        List<StreamingQueryProgress> newBatches(StreamingQuery query) {
            TreeMap<Long, StreamingQueryProgress> batches = new TreeMap<>();
            for (StreamingQueryProgress progress : query.recentProgress())
                if (progress.batchId() > lastBatchId && progress.durationMs().containsKey("addBatch"))
                    batches.put(progress.batchId(), progress);
            if (!batches.isEmpty()) lastBatchId = batches.lastKey();
            return new ArrayList<>(batches.values());
        }

        void print(StreamingQueryProgress progress, int step, boolean noData) {
            long stateRows = 0, updated = 0, removed = 0, dropped = 0;
            for (StateOperatorProgress operator : progress.stateOperators()) {
                stateRows += operator.numRowsTotal();
                updated += operator.numRowsUpdated();
                removed += operator.numRowsRemoved();
                dropped += operator.numRowsDroppedByWatermark();
            }
            Map<String, String> eventTime = progress.eventTime();
            String watermark = eventTime.get("watermark");
            StringBuilder line = new StringBuilder();
            line.append("{\"batchId\": ").append(progress.batchId()).append(", \"step\": ").append(step)
                .append(", \"noData\": ").append(noData).append(", \"numInputRows\": ").append(progress.numInputRows())
                .append(", \"numRowsDroppedByWatermark\": ").append(dropped)
                .append(", \"watermark\": ").append(watermark == null ? "null" : quote(watermark));
            if (eventTime.containsKey("min"))
                line.append(", \"eventTime\": {\"min\": ").append(quote(eventTime.get("min")))
                    .append(", \"max\": ").append(quote(eventTime.get("max")))
                    .append(", \"avg\": ").append(quote(eventTime.get("avg"))).append('}');
            line.append(", \"stateRows\": ").append(stateRows).append(", \"stateRowsUpdated\": ").append(updated)
                .append(", \"stateRowsRemoved\": ").append(removed)
                .append(", \"emitted\": [")
                .append(String.join(", ", emitted.getOrDefault(progress.batchId(), Collections.emptyList())))
                .append("]}");
            out.println(line);
            out.flush();
        }

        // Remembers the files an earlier run left in the sink folder: Spark's file sink skips
        // the batch ids its _spark_metadata log already holds, so those files are no batch's
        // output of this run.
        void skipExistingFiles(String folder) throws Exception {
            Path log = Paths.get(folder, "_spark_metadata");
            if (!Files.isDirectory(log)) return;
            Matcher path = Pattern.compile("\"path\":\"((?:[^\"\\\\]|\\\\.)*)\"").matcher("");
            try (java.util.stream.Stream<Path> entries = Files.list(log)) {
                for (Path entry : (Iterable<Path>) entries::iterator)
                    if (!entry.getFileName().toString().startsWith("."))
                        for (String line : Files.readAllLines(entry))
                            if (path.reset(line).find()) sinkFilesSeen.add(path.group(1));
            }
        }

        // Reads back the rows a file sink committed in one batch, as a reader of the folder
        // sees them: the files its _spark_metadata log lists for the batch (a compacted log file
        // lists every file so far, so files already seen are skipped).
        void readFileSink(SparkSession spark, String folder, String format, StructType schema,
                          Map<String, String> options, long batchId) throws Exception {
            Path log = Paths.get(folder, "_spark_metadata", Long.toString(batchId));
            if (!Files.exists(log)) log = Paths.get(folder, "_spark_metadata", batchId + ".compact");
            List<String> files = new ArrayList<>();
            Matcher path = Pattern.compile("\"path\":\"((?:[^\"\\\\]|\\\\.)*)\"").matcher("");
            for (String entry : Files.readAllLines(log))
                if (path.reset(entry).find() && sinkFilesSeen.add(path.group(1))) files.add(path.group(1));
            record(batchId, files.isEmpty() ? Collections.emptyList()
                : spark.read().format(format).schema(schema).options(options).load(files.toArray(new String[0])).collectAsList());
        }

        // "AnalysisException: <message>" (Spark's message without the plan), or for a failed
        // batch "StreamingQueryException: <its cause's message>" (Spark's own text adds
        // "Query [id = …, runId = …] terminated with exception:", random per run).
        // Spark's current_timestamp() is the batch timestamp, read from the query's trigger
        // clock. Replay sets that clock to each step's processingTime, as Spark's own tests do
        // with a manual clock; DataStreamWriter takes no clock, so it is put into the running
        // query's StreamExecution.triggerClock before any data arrives.
        static ManualClock manualClock(StreamingQuery query) throws Exception {
            Object execution = query.getClass().getMethod("streamingQuery").invoke(query);
            for (Class<?> type = execution.getClass(); type != null; type = type.getSuperclass()) {
                try {
                    java.lang.reflect.Field field = type.getDeclaredField("triggerClock");
                    field.setAccessible(true);
                    ManualClock clock = new ManualClock(0);
                    field.set(execution, clock);
                    return clock;
                } catch (NoSuchFieldException notHere) {
                    // the field is declared by StreamExecution, a superclass
                }
            }
            throw new IllegalStateException("no triggerClock in " + execution.getClass());
        }

        static String errorLine(Throwable error, int exitCode) {
            String prefix = "";
            if (error instanceof StreamingQueryException && error.getCause() != null) {
                prefix = "StreamingQueryException: ";
                error = error.getCause();
            }
            String text = error instanceof AnalysisException
                ? (prefix.isEmpty() ? "AnalysisException: " : "") + ((AnalysisException) error).getSimpleMessage()
                : (prefix.isEmpty() ? error.getClass().getSimpleName() + ": " : "") + error.getMessage();
            return "{\"error\": " + quote(prefix + text) + ", \"exitCode\": " + exitCode + "}";
        }
    }
)JAVA";

const char *kJavaSqlite = R"JAVA(
    // Spark has no streaming JDBC sink ("Data source jdbc does not support streamed writing"),
    // so the upsert sink is a foreachBatch: each batch is one transaction that writes the rows
    // (update: INSERT ... ON CONFLICT (key) DO UPDATE; complete: the table replaced; append:
    // INSERT) and records the batch id in _streamstep_batches. A batch id already recorded is
    // skipped, so a batch Spark runs again after a failure is written exactly once. The batch
    // is collected to the driver so that its rows and its batch id commit together.
    // Column types as StreamStep's SQLite sink: TEXT, INTEGER, BIGINT, DOUBLE, BOOLEAN,
    // DECIMAL_TEXT(p,s) holding the exact decimal text, TIMESTAMP holding UTC text; a window
    // struct column w becomes w_start and w_end.
    static void upsert(String url, String queryId, String table, List<String> keys, String mode,
                       StructType schema, List<Row> rows, long batchId) throws SQLException {
        List<String> columns = new ArrayList<>();
        List<String> types = new ArrayList<>();
        for (StructField field : schema.fields()) {
            if (field.dataType() instanceof StructType) {
                columns.add(field.name() + "_start"); types.add("TIMESTAMP");
                columns.add(field.name() + "_end"); types.add("TIMESTAMP");
            } else {
                columns.add(field.name()); types.add(sqliteType(field.dataType()));
            }
        }
        List<String> keyColumns = new ArrayList<>();
        for (String key : keys) {
            for (StructField field : schema.fields()) {
                if (!field.name().equalsIgnoreCase(key)) continue;
                if (field.dataType() instanceof StructType) {
                    keyColumns.add(field.name() + "_start");
                    keyColumns.add(field.name() + "_end");
                } else {
                    keyColumns.add(field.name());
                }
            }
        }
        try (Connection db = DriverManager.getConnection(url)) {
            db.setAutoCommit(false);
            try (Statement statement = db.createStatement()) {
                statement.execute("CREATE TABLE IF NOT EXISTS _streamstep_batches (streamingid TEXT NOT NULL,"
                    + " table_name TEXT NOT NULL, batch_id INTEGER NOT NULL, num_rows INTEGER NOT NULL,"
                    + " committed_at TEXT NOT NULL, PRIMARY KEY (streamingid, table_name, batch_id))");
                StringBuilder create = new StringBuilder("CREATE TABLE IF NOT EXISTS " + identifier(table) + " (");
                for (int i = 0; i < columns.size(); ++i)
                    create.append(i > 0 ? ", " : "").append(identifier(columns.get(i))).append(' ').append(types.get(i));
                if (!keyColumns.isEmpty()) create.append(", PRIMARY KEY (").append(identifierList(keyColumns)).append(')');
                statement.execute(create.append(')').toString());
            }
            try (PreparedStatement seen = db.prepareStatement(
                     "SELECT 1 FROM _streamstep_batches WHERE streamingid = ? AND table_name = ? AND batch_id = ?")) {
                seen.setString(1, queryId);
                seen.setString(2, table);
                seen.setLong(3, batchId);
                if (seen.executeQuery().next()) { db.rollback(); return; }
            }
            if (mode.equals("complete"))
                try (Statement statement = db.createStatement()) { statement.execute("DELETE FROM " + identifier(table)); }
            StringBuilder insert = new StringBuilder("INSERT INTO " + identifier(table) + " (" + identifierList(columns) + ") VALUES (");
            for (int i = 0; i < columns.size(); ++i) insert.append(i > 0 ? ", ?" : "?");
            insert.append(')');
            if (mode.equals("update") && !keyColumns.isEmpty()) {
                List<String> updates = new ArrayList<>();
                for (String column : columns)
                    if (!keyColumns.contains(column)) updates.add(identifier(column) + " = excluded." + identifier(column));
                insert.append(" ON CONFLICT (").append(identifierList(keyColumns)).append(") DO ")
                    .append(updates.isEmpty() ? "NOTHING" : "UPDATE SET " + String.join(", ", updates));
            }
            try (PreparedStatement write = db.prepareStatement(insert.toString())) {
                for (Row row : rows) {
                    int parameter = 1;
                    for (int i = 0; i < schema.fields().length; ++i) {
                        Object value = row.get(i);
                        if (value instanceof Row) {
                            write.setString(parameter++, sqliteTimestamp(((Row) value).getTimestamp(0)));
                            write.setString(parameter++, sqliteTimestamp(((Row) value).getTimestamp(1)));
                        } else if (schema.fields()[i].dataType() instanceof StructType) {
                            write.setNull(parameter++, Types.VARCHAR);
                            write.setNull(parameter++, Types.VARCHAR);
                        } else if (value == null) {
                            write.setNull(parameter++, Types.NULL);
                        } else if (value instanceof BigDecimal) {
                            write.setString(parameter++, ((BigDecimal) value).toPlainString());
                        } else if (value instanceof Timestamp) {
                            write.setString(parameter++, sqliteTimestamp((Timestamp) value));
                        } else if (value instanceof Double && ((Double) value).isNaN()) {
                            write.setString(parameter++, "NaN");
                        } else if (value instanceof Boolean) {
                            write.setInt(parameter++, (Boolean) value ? 1 : 0);
                        } else {
                            write.setObject(parameter++, value);
                        }
                    }
                    write.executeUpdate();
                }
            }
            try (PreparedStatement record = db.prepareStatement("INSERT INTO _streamstep_batches (streamingid,"
                     + " table_name, batch_id, num_rows, committed_at) VALUES (?, ?, ?, ?, strftime('%Y-%m-%d %H:%M:%f', 'now'))")) {
                record.setString(1, queryId);
                record.setString(2, table);
                record.setLong(3, batchId);
                record.setLong(4, rows.size());
                record.executeUpdate();
            }
            db.commit();
        }
    }

    static String sqliteType(DataType type) {
        if (type instanceof DecimalType)
            return "DECIMAL_TEXT(" + ((DecimalType) type).precision() + "," + ((DecimalType) type).scale() + ")";
        if (type.equals(DataTypes.StringType)) return "TEXT";
        if (type.equals(DataTypes.IntegerType)) return "INTEGER";
        if (type.equals(DataTypes.LongType)) return "BIGINT";
        if (type.equals(DataTypes.DoubleType)) return "DOUBLE";
        if (type.equals(DataTypes.BooleanType)) return "BOOLEAN";
        if (type.equals(DataTypes.TimestampType)) return "TIMESTAMP";
        return "TEXT";
    }

    private static final DateTimeFormatter SQL_SECONDS =
        DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

    // SQLite's own datetime text in UTC, exact to the microsecond: "2026-03-01 10:00:00.5".
    static String sqliteTimestamp(Timestamp value) {
        if (value == null) return null;
        Instant instant = value.toInstant();
        String text = SQL_SECONDS.format(instant);
        int micros = instant.getNano() / 1000;
        if (micros == 0) return text;
        String fraction = String.format("%06d", micros).replaceAll("0+$", "");
        return text + "." + fraction;
    }

    static String identifier(String name) { return "\"" + name.replace("\"", "\"\"") + "\""; }

    static String identifierList(List<String> names) {
        List<String> quoted = new ArrayList<>();
        for (String name : names) quoted.add(identifier(name));
        return String.join(", ", quoted);
    }
)JAVA";

// The Java literal for a map of options: Map.of("header", "true").
std::string javaOptionsMap(const std::vector<std::pair<std::string, std::string>> &options)
{
    std::vector<std::string> items;
    for (const auto &[key, value] : options)
        items.push_back(jvmString(key) + ", " + jvmString(value));
    return "Map.of(" + joinList(items, ", ") + ")";
}

// The writeStream chain of the Java and Scala programs, up to start(): the same calls, each in its
// language's syntax (Java's chain is indented 16, Scala's 8).
std::string jvmWriteStream(SparkLanguage language, const SinkPlan &sink, const std::string &mode, const std::string &name,
                           bool replay)
{
    const bool java = language == SparkLanguage::Java;
    const std::string nl = java ? "\n                " : "\n        ";
    const std::string inner = nl + (java ? "    " : "  ");
    const std::string collect = java ? ".foreachBatch((VoidFunction2<Dataset<Row>, Long>) replay::collect)"
                                     : ".foreachBatch((batch: DataFrame, batchId: Long) => replay.collect(batch, batchId))";
    std::string w = std::string(java ? "result.writeStream()" : "result.writeStream") + nl + ".outputMode(" + jvmString(mode) + ")";
    if (sink.kind == SinkPlan::Kind::Memory && !sink.queryName.empty())
        w += nl + ".queryName(" + jvmString(sink.queryName) + ")";
    auto formatAndOptions = [&](bool withPath) {
        w += nl + ".format(" + jvmString(sink.format) + ")";
        if (withPath)
            w += nl + ".option(\"path\", workDir + \"/\" + " + jvmString(sink.path) + ")";
        for (const auto &[key, value] : sink.writeOptions)
            w += nl + ".option(" + jvmString(key) + ", " + jvmString(value) + ")";
    };
    switch (sink.kind) {
    case SinkPlan::Kind::Console:
    case SinkPlan::Kind::Memory:
        if (replay) {
            w += nl + "// The " + sink.format + " sink would print/keep the rows; replay takes them through" + nl
                 + "// foreachBatch, which accepts the same output modes and sees the same batches.";
            w += nl + collect;
        } else {
            formatAndOptions(false);
        }
        break;
    case SinkPlan::Kind::File:
        formatAndOptions(true);
        break;
    case SinkPlan::Kind::Sqlite: {
        std::vector<std::string> keys;
        for (const std::string &k : sink.keys)
            keys.push_back(jvmString(k));
        const std::string target = "upsert(\"jdbc:sqlite:\" + workDir + \"/\" + " + jvmString(sink.path) + ", "
                                   + jvmString(name) + ", " + jvmString(sink.table) + ", ";
        if (java)
            w += nl + ".foreachBatch((VoidFunction2<Dataset<Row>, Long>) (batch, batchId) -> {" + inner
                 + "List<Row> rows = batch.collectAsList();" + inner + target + "Arrays.asList(" + joinList(keys, ", ")
                 + "), " + jvmString(mode) + "," + inner + "    batch.schema(), rows, batchId);";
        else
            w += nl + ".foreachBatch { (batch: DataFrame, batchId: Long) =>" + inner + "val rows = batch.collect().toSeq"
                 + inner + target + "Seq(" + joinList(keys, ", ") + "), " + jvmString(mode) + ", batch.schema, rows, batchId)";
        if (replay)
            w += inner + (java ? "replay.record(batchId, rows);" : "replay.record(batchId, rows)");
        w += nl + (java ? "})" : "}");
        break;
    }
    case SinkPlan::Kind::ForeachBatch:
        if (replay)
            w += nl + collect;
        else
            w += nl + "// Each micro-batch as a DataFrame: put your own batch code here." + nl
                 + (java ? ".foreachBatch((VoidFunction2<Dataset<Row>, Long>) (batch, batchId) -> batch.show())"
                         : ".foreachBatch((batch: DataFrame, batchId: Long) => batch.show())");
        break;
    }
    w += nl + ".option(\"checkpointLocation\", workDir + \"/checkpoint\")" + nl + ".start()";
    return w;
}

std::string javaProgram(const Scenario &scenario, const SparkExportOptions &options, const SinkPlan &sink)
{
    const std::string &name = options.programName;
    const bool spark4 = options.sparkVersion.starts_with("4");
    const std::string mode = outputModeName(scenario.outputMode);
    const std::string args = spark4 ? "4.2" : "3.5";
    std::string out = headerComment(scenario, options, "//");
    out += "//   javac -cp \"$SPARK_JARS/*\" " + name + ".java\n";
    out += "//   java @jvm-" + args + ".args -cp \"$SPARK_JARS/*:.\" " + name + " [WORK_DIR]\n";
    out += R"(import static org.apache.spark.sql.functions.expr;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.util.ManualClock;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StateOperatorProgress;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryException;
import org.apache.spark.sql.streaming.StreamingQueryProgress;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
)";
    if (options.replay) {
        out += std::string("import org.apache.spark.sql.execution.streaming.") + (spark4 ? "runtime." : "")
            + "MemoryStream;\nimport scala.jdk.javaapi.CollectionConverters;\n";
    }
    out += "\npublic final class " + name + " {\n";
    out += "    // The source's schema (the scenario's \"source\": " + jvmString(scenario.sourceName) + ").\n";
    out += "    static final StructType SOURCE_SCHEMA = new StructType()";
    for (const Field &field : scenario.sourceSchema.fields)
        out += "\n        .add(" + jvmString(field.name) + ", " + javaTypeCode(field.type) + ")";
    out += ";\n\n";
    out += R"(    public static void main(String[] args) throws Exception {
        SparkSession.Builder builder = SparkSession.builder().appName()" + jvmString(name) + R"()
            .config("spark.sql.session.timeZone", "UTC");
        // Without spark-submit (or its --master) the program runs in local mode.
        if (!new SparkConf().contains("spark.master"))
            builder.master("local[2]").config("spark.sql.shuffle.partitions", "2").config("spark.ui.enabled", "false");
        SparkSession spark = builder.getOrCreate();
        String workDir = args.length > 0 ? args[0] : )"
        + (options.replay ? "Files.createTempDirectory(\"streamstep-replay-\").toString()" : "\".\"") + R"(;
        int exitCode = run(spark, workDir, System.out);
        spark.stop();
        System.exit(exitCode);
    }

    // The lesson's query as DataFrame calls; every expression goes through Spark's SQL parser.
    static Dataset<Row> query(Dataset<Row> source) {
        return source)";
    for (const std::string &call : queryCalls(scenario, SparkLanguage::Java))
        out += "\n            " + call;
    out += ";\n    }\n";

    // The writeStream chain, up to start().
    auto writer = [&](bool replay) { return jvmWriteStream(SparkLanguage::Java, sink, mode, name, replay); };

    if (!options.replay) {
        out += R"(
    public static int run(SparkSession spark, String workDir, PrintStream out) throws Exception {
        Dataset<Row> source = spark.readStream().schema(SOURCE_SCHEMA)
            .option("maxFilesPerTrigger", 1)
            .option("timestampFormat", "yyyy-MM-dd HH:mm:ss[.SSSSSS]")
            .json(workDir + "/input/)" + replaceAll(jvmString(scenario.sourceName), "\"", "") + R"(");
        Dataset<Row> result = query(source);
        StreamingQuery query = )" + writer(false) + R"(;
        query.awaitTermination();
        return 0;
    }
)";
    } else {
        out += R"(
    public static int run(SparkSession spark, String workDir, PrintStream out) throws Exception {
        MemoryStream<Row> input = MemoryStream.apply(Encoders.row(SOURCE_SCHEMA), spark.sqlContext());
        Replay replay = new Replay(out);
)" + std::string(isFileSink(sink) ? "        replay.skipExistingFiles(workDir + \"/\" + " + jvmString(sink.path) + ");\n" : "") + R"(        Dataset<Row> result;
        StreamingQuery query;
        try {
            result = query(input.toDF());
            query = )" + writer(true) + R"(;
        } catch (Exception rejected) {
            out.println(Replay.errorLine(rejected, 2));
            return 2;
        }
        try {
)" + std::string(usesProcessingTime(scenario) ? "            ManualClock clock = Replay.manualClock(query);\n" : "") + R"(            for (int step = 0; step < STEPS; ++step) {
                List<Row> rows = stepRows(step);
)" + std::string(usesProcessingTime(scenario) ? "                if (PROCESSING_TIME_MS[step] >= 0) clock.setTime(PROCESSING_TIME_MS[step]);\n" : "") + R"(                // An empty step adds nothing: a trigger without new data runs no data batch.
                if (!rows.isEmpty()) input.addData(CollectionConverters.asScala(rows).toSeq());
                query.processAllAvailable();
                boolean data = !rows.isEmpty();
                for (StreamingQueryProgress progress : replay.newBatches(query)) {
)";
        if (isFileSink(sink))
            out += "                    replay.readFileSink(spark, workDir + \"/\" + " + jvmString(sink.path) + ", "
                + jvmString(sink.format) + ", result.schema(),\n                        "
                + javaOptionsMap(sink.readOptions) + ", progress.batchId());\n";
        out += R"(                    replay.print(progress, step, !data);
                    data = false;
                }
            }
        } catch (Exception failed) { // StreamingQueryException: the batch's own error is its cause
            out.println(Replay.errorLine(failed, 3));
            return 3;
        } finally {
            query.stop();
        }
        return 0;
    }
)";
        // The steps' rows, a few hundred per method.
        out += "\n    static final int STEPS = " + std::to_string(scenario.steps.size()) + ";\n";
        if (usesProcessingTime(scenario))
            out += "    // Each step's processingTime (epoch ms; -1: unchanged): the batch timestamp that\n"
                   "    // current_timestamp() returns.\n    static final long[] PROCESSING_TIME_MS = {"
                + processingTimes(scenario, "L") + "};\n";
        out += "\n    static List<Row> stepRows(int step) {\n        List<Row> rows = new ArrayList<>();\n        switch (step) {\n";
        std::string methods;
        for (size_t s = 0; s < scenario.steps.size(); ++s) {
            const ColumnBatch &rows = scenario.steps[s].rows;
            if (rows.numRows == 0)
                continue;
            out += "        case " + std::to_string(s) + ":";
            if (stillGenerated(scenario.steps[s])) {
                const GeneratedRows &generate = *scenario.steps[s].generate;
                out += " rows.addAll(generatedRows(" + generatedRange(generate, SparkLanguage::Java) + ",\n                "
                    + joinList(generatedColumns(scenario, generate, SparkLanguage::Java), ",\n                ")
                    + ")); break;\n";
                continue;
            }
            if (rows.numRows > kMaxLiteralStepRows) {
                const std::string holder = "Step" + std::to_string(s) + "Json";
                out += " rows.addAll(jsonRows(" + holder + ".CHUNKS)); break;\n";
                methods += "\n    // Step " + std::to_string(s) + "'s " + std::to_string(rows.numRows)
                    + " rows as JSON lines (see jsonRows).\n    private static final class " + holder
                    + " {\n        static final String[] CHUNKS = {\n";
                for (const std::string &literal : jsonLineLiterals(scenario.sourceSchema, rows))
                    methods += "            " + literal + ",\n";
                methods += "        };\n    }\n";
                continue;
            }
            for (size_t chunk = 0; chunk * kRowsPerMethod < rows.numRows; ++chunk) {
                const std::string method = "step" + std::to_string(s) + "Rows" + std::to_string(chunk);
                out += " " + method + "(rows);";
                methods += "\n    private static void " + method + "(List<Row> rows) {\n";
                for (size_t r = chunk * kRowsPerMethod; r < std::min(rows.numRows, (chunk + 1) * kRowsPerMethod); ++r) {
                    std::vector<std::string> values;
                    for (size_t c = 0; c < rows.columns.size(); ++c)
                        values.push_back(javaDoubleConstant(jvmLiteral(SparkLanguage::Java, rows.get(r, c))));
                    // A lone null would be taken as the varargs array itself.
                    std::string list = joinList(values, ", ");
                    if (values.size() == 1 && values[0] == "null")
                        list = "(Object) null";
                    methods += "        rows.add(RowFactory.create(" + list + "));\n";
                }
                methods += "    }\n";
            }
            out += " break;\n";
        }
        out += "        default: break;\n        }\n        return rows;\n    }\n" + methods;
        if (hasBigStep(scenario))
            out += R"(
    // A step of many rows travels as JSON lines, parsed here by Spark's JSON reader with the
    // source's schema (decimals exact, timestamps UTC), in the order of the lines.
    static List<Row> jsonRows(String[] chunks) {
        List<String> lines = new ArrayList<>();
        for (String chunk : chunks)
            for (String line : chunk.split("\n"))
                if (!line.isEmpty()) lines.add(line);
        SparkSession spark = SparkSession.active();
        return spark.read().schema(SOURCE_SCHEMA).option("timestampFormat", "yyyy-MM-dd HH:mm:ss[.SSSSSS]")
            .json(spark.createDataset(lines, Encoders.STRING())).collectAsList();
    }
)";
        if (hasGeneratedStep(scenario))
            out += R"(
    // A generated step: Spark computes its rows itself, spark.range(start, end) with each source
    // column's expression over `id` cast to the column's type, in the order of the ids.
    static List<Row> generatedRows(long start, long end, String... columns) {
        return SparkSession.active().range(start, end).selectExpr(columns).collectAsList();
    }
)";
        out += kJavaReplay;
        out += kJavaHelpers;
    }
    if (sink.kind == SinkPlan::Kind::Sqlite)
        out += kJavaSqlite;
    out += "}\n";
    return out;
}

// ---------------------------------------------------------------------------------------------
// Scala

const char *kScalaHelpers = R"SCALA(
  def dec(text: String): java.math.BigDecimal = new java.math.BigDecimal(text)

  def ts(instant: String): Timestamp = Timestamp.from(Instant.parse(instant))

  private val IsoMillis = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC)

  // A JSON string with every non-ASCII character escaped, whatever stdout's encoding is.
  def quote(text: String): String = {
    val out = new StringBuilder("\"")
    text.foreach { c =>
      if (c == '"' || c == '\\') out.append('\\').append(c)
      else if (c < 0x20 || c >= 0x7F) out.append(f"\\u${c.toInt}%04x")
      else out.append(c)
    }
    out.append('"').toString
  }

  // A value as scenario-format.md §3 writes it: timestamps ISO-8601 UTC with milliseconds,
  // decimals as JSON numbers with their scale, structs (window) as objects.
  def json(value: Any): String = value match {
    case null => "null"
    case row: Row =>
      row.schema.fieldNames.zipWithIndex.map { case (name, i) => quote(name) + ": " + json(row.get(i)) }.mkString("{", ", ", "}")
    case s: String => quote(s)
    case d: java.math.BigDecimal => d.toPlainString
    case d: Double => if (d.isNaN || d.isInfinite) quote(d.toString) else d.toString
    case f: Float => json(f.toDouble)
    case t: Timestamp => json(t.toInstant)
    case i: Instant => quote(IsoMillis.format(i.truncatedTo(ChronoUnit.MILLIS)))
    case other => other.toString
  }
)SCALA";

const char *kScalaReplay = R"SCALA(
  // What a replay prints: one JSON line per executed batch, its figures from the query's own
  // StreamingQueryProgress and its rows from what the sink received.
  final class Replay(out: PrintStream) {
    private val emitted = new ConcurrentHashMap[Long, Seq[String]]()
    private val sinkFilesSeen = mutable.Set[String]()
    private var lastBatchId = -1L

    def collect(batch: DataFrame, batchId: Long): Unit = record(batchId, batch.collect().toSeq)

    def record(batchId: Long, rows: Seq[Row]): Unit = emitted.put(batchId, rows.map(json))

    // The batches that ran since the last call, oldest first. A trigger that ran no batch
    // also reports a progress (with the next batch id); it has no addBatch duration.
    def newBatches(query: StreamingQuery): Seq[StreamingQueryProgress] = {
      val batches = query.recentProgress
        .filter(p => p.batchId > lastBatchId && p.durationMs.containsKey("addBatch"))
        .groupBy(_.batchId).map(_._2.last).toSeq.sortBy(_.batchId)
      if (batches.nonEmpty) lastBatchId = batches.last.batchId
      batches
    }

    def print(progress: StreamingQueryProgress, step: Int, noData: Boolean): Unit = {
      val operators = progress.stateOperators.toSeq
      val eventTime = progress.eventTime
      val watermark = Option(eventTime.get("watermark")).map(quote).getOrElse("null")
      val times = if (eventTime.containsKey("min"))
        s""", "eventTime": {"min": ${quote(eventTime.get("min"))}, "max": ${quote(eventTime.get("max"))}, "avg": ${quote(eventTime.get("avg"))}}"""
      else ""
      val rows = Option(emitted.get(progress.batchId)).getOrElse(Seq.empty).mkString(", ")
      out.println(s"""{"batchId": ${progress.batchId}, "step": $step, "noData": $noData, """ +
        s""""numInputRows": ${progress.numInputRows}, "numRowsDroppedByWatermark": ${operators.map(_.numRowsDroppedByWatermark).sum}, """ +
        s""""watermark": $watermark$times, "stateRows": ${operators.map(_.numRowsTotal).sum}, """ +
        s""""stateRowsUpdated": ${operators.map(_.numRowsUpdated).sum}, "stateRowsRemoved": ${operators.map(_.numRowsRemoved).sum}, """ +
        s""""emitted": [$rows]}""")
      out.flush()
    }

    // Remembers the files an earlier run left in the sink folder: Spark's file sink skips the
    // batch ids its _spark_metadata log already holds, so those files are no batch's output of
    // this run.
    def skipExistingFiles(folder: String): Unit = {
      val log = Paths.get(folder, "_spark_metadata")
      val path = "\"path\":\"((?:[^\"\\\\]|\\\\.)*)\"".r
      if (Files.isDirectory(log))
        Files.list(log).iterator.asScala.filterNot(_.getFileName.toString.startsWith(".")).foreach { entry =>
          Files.readAllLines(entry).asScala.foreach(line => path.findFirstMatchIn(line).foreach(m => sinkFilesSeen.add(m.group(1))))
        }
    }

    // Reads back the rows a file sink committed in one batch, as a reader of the folder sees
    // them: the files its _spark_metadata log lists for the batch (a compacted log file lists
    // every file so far, so files already seen are skipped).
    def readFileSink(spark: SparkSession, folder: String, format: String, schema: StructType,
                     options: Map[String, String], batchId: Long): Unit = {
      val plain = Paths.get(folder, "_spark_metadata", batchId.toString)
      val log = if (Files.exists(plain)) plain else Paths.get(folder, "_spark_metadata", s"$batchId.compact")
      val path = "\"path\":\"((?:[^\"\\\\]|\\\\.)*)\"".r
      val files = Files.readAllLines(log).asScala.flatMap(line => path.findFirstMatchIn(line).map(_.group(1)))
        .filter(sinkFilesSeen.add).toSeq
      record(batchId, if (files.isEmpty) Seq.empty
        else spark.read.format(format).schema(schema).options(options).load(files: _*).collect().toSeq)
    }
  }

  // Spark's current_timestamp() is the batch timestamp, read from the query's trigger clock.
  // Replay sets that clock to each step's processingTime, as Spark's own tests do with a
  // manual clock; DataStreamWriter takes no clock, so it is put into the running query's
  // StreamExecution.triggerClock before any data arrives. Spark's ManualClock is
  // private[spark] to Scala code, hence the reflection.
  def manualClock(query: StreamingQuery): AnyRef = {
    val execution = query.getClass.getMethod("streamingQuery").invoke(query)
    val field = Iterator.iterate[Class[_]](execution.getClass)(_.getSuperclass).takeWhile(_ != null)
      .flatMap(c => c.getDeclaredFields.find(_.getName == "triggerClock")).next()
    field.setAccessible(true)
    val clock = Class.forName("org.apache.spark.util.ManualClock").getConstructor(classOf[Long])
      .newInstance(Long.box(0L)).asInstanceOf[AnyRef]
    field.set(execution, clock)
    clock
  }

  def setClock(clock: AnyRef, epochMs: Long): Unit =
    clock.getClass.getMethod("setTime", classOf[Long]).invoke(clock, Long.box(epochMs))

  // "AnalysisException: <message>" (Spark's message without the plan), or for a failed batch
  // "StreamingQueryException: <its cause's message>" (Spark's own text adds "Query [id = …,
  // runId = …] terminated with exception:", random per run).
  def errorLine(error: Throwable, exitCode: Int): String = {
    val text = error match {
      case failed: StreamingQueryException if failed.getCause != null =>
        "StreamingQueryException: " + (failed.getCause match {
          case analysis: AnalysisException => analysis.getSimpleMessage
          case cause => cause.getMessage
        })
      case analysis: AnalysisException => "AnalysisException: " + analysis.getSimpleMessage
      case other => other.getClass.getSimpleName + ": " + other.getMessage
    }
    s"""{"error": ${quote(text)}, "exitCode": $exitCode}"""
  }
)SCALA";

const char *kScalaSqlite = R"SCALA(
  // Spark has no streaming JDBC sink ("Data source jdbc does not support streamed writing"),
  // so the upsert sink is a foreachBatch: each batch is one transaction that writes the rows
  // (update: INSERT ... ON CONFLICT (key) DO UPDATE; complete: the table replaced; append:
  // INSERT) and records the batch id in _streamstep_batches. A batch id already recorded is
  // skipped, so a batch Spark runs again after a failure is written exactly once. The batch
  // is collected to the driver so that its rows and its batch id commit together.
  // Column types as StreamStep's SQLite sink: TEXT, INTEGER, BIGINT, DOUBLE, BOOLEAN,
  // DECIMAL_TEXT(p,s) holding the exact decimal text, TIMESTAMP holding UTC text; a window
  // struct column w becomes w_start and w_end.
  def upsert(url: String, queryId: String, table: String, keys: Seq[String], mode: String,
             schema: StructType, rows: Seq[Row], batchId: Long): Unit = {
    val columns = schema.fields.toSeq.flatMap { field =>
      if (field.dataType.isInstanceOf[StructType]) Seq(field.name + "_start" -> "TIMESTAMP", field.name + "_end" -> "TIMESTAMP")
      else Seq(field.name -> sqliteType(field.dataType))
    }
    val keyColumns = keys.flatMap(key => schema.fields.toSeq.filter(_.name.equalsIgnoreCase(key)).flatMap { field =>
      if (field.dataType.isInstanceOf[StructType]) Seq(field.name + "_start", field.name + "_end") else Seq(field.name)
    })
    val db = DriverManager.getConnection(url)
    try {
      db.setAutoCommit(false)
      val statement = db.createStatement()
      statement.execute("CREATE TABLE IF NOT EXISTS _streamstep_batches (streamingid TEXT NOT NULL," +
        " table_name TEXT NOT NULL, batch_id INTEGER NOT NULL, num_rows INTEGER NOT NULL," +
        " committed_at TEXT NOT NULL, PRIMARY KEY (streamingid, table_name, batch_id))")
      val primaryKey = if (keyColumns.isEmpty) "" else s", PRIMARY KEY (${keyColumns.map(identifier).mkString(", ")})"
      statement.execute(s"CREATE TABLE IF NOT EXISTS ${identifier(table)} (" +
        columns.map { case (c, t) => identifier(c) + " " + t }.mkString(", ") + primaryKey + ")")
      val seen = db.prepareStatement("SELECT 1 FROM _streamstep_batches WHERE streamingid = ? AND table_name = ? AND batch_id = ?")
      seen.setString(1, queryId)
      seen.setString(2, table)
      seen.setLong(3, batchId)
      if (seen.executeQuery().next()) { db.rollback(); return }
      if (mode == "complete") statement.execute(s"DELETE FROM ${identifier(table)}")
      val names = columns.map(_._1)
      val updates = names.filterNot(keyColumns.contains).map(c => s"${identifier(c)} = excluded.${identifier(c)}")
      val conflict = if (mode == "update" && keyColumns.nonEmpty)
        s" ON CONFLICT (${keyColumns.map(identifier).mkString(", ")}) DO " +
          (if (updates.isEmpty) "NOTHING" else "UPDATE SET " + updates.mkString(", "))
      else ""
      val write = db.prepareStatement(s"INSERT INTO ${identifier(table)} (${names.map(identifier).mkString(", ")})" +
        s" VALUES (${names.map(_ => "?").mkString(", ")})" + conflict)
      rows.foreach { row =>
        var parameter = 1
        def bind(value: Any): Unit = {
          value match {
            case null => write.setNull(parameter, Types.NULL)
            case d: java.math.BigDecimal => write.setString(parameter, d.toPlainString)
            case t: Timestamp => write.setString(parameter, sqliteTimestamp(t))
            case d: Double if d.isNaN => write.setString(parameter, "NaN")
            case b: Boolean => write.setInt(parameter, if (b) 1 else 0)
            case other => write.setObject(parameter, other)
          }
          parameter += 1
        }
        schema.fields.indices.foreach { i =>
          if (schema.fields(i).dataType.isInstanceOf[StructType]) {
            val window = row.getStruct(i)
            bind(if (window == null) null else window.getTimestamp(0))
            bind(if (window == null) null else window.getTimestamp(1))
          } else bind(row.get(i))
        }
        write.executeUpdate()
      }
      val record = db.prepareStatement("INSERT INTO _streamstep_batches (streamingid, table_name, batch_id," +
        " num_rows, committed_at) VALUES (?, ?, ?, ?, strftime('%Y-%m-%d %H:%M:%f', 'now'))")
      record.setString(1, queryId)
      record.setString(2, table)
      record.setLong(3, batchId)
      record.setLong(4, rows.size.toLong)
      record.executeUpdate()
      db.commit()
    } finally db.close()
  }

  def sqliteType(dataType: DataType): String = dataType match {
    case d: DecimalType => s"DECIMAL_TEXT(${d.precision},${d.scale})"
    case DataTypes.StringType => "TEXT"
    case DataTypes.IntegerType => "INTEGER"
    case DataTypes.LongType => "BIGINT"
    case DataTypes.DoubleType => "DOUBLE"
    case DataTypes.BooleanType => "BOOLEAN"
    case DataTypes.TimestampType => "TIMESTAMP"
    case _ => "TEXT"
  }

  private val SqlSeconds = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC)

  // SQLite's own datetime text in UTC, exact to the microsecond: "2026-03-01 10:00:00.5".
  def sqliteTimestamp(value: Timestamp): String = {
    val instant = value.toInstant
    val micros = instant.getNano / 1000
    SqlSeconds.format(instant) + (if (micros == 0) "" else "." + f"$micros%06d".replaceAll("0+$", ""))
  }

  def identifier(name: String): String = "\"" + name.replace("\"", "\"\"") + "\""
)SCALA";

std::string scalaProgram(const Scenario &scenario, const SparkExportOptions &options, const SinkPlan &sink)
{
    const std::string &name = options.programName;
    const bool spark4 = options.sparkVersion.starts_with("4");
    const std::string mode = outputModeName(scenario.outputMode);
    std::string out = headerComment(scenario, options, "//");
    out += "//   scalac -classpath \"$SPARK_JARS/*\" " + name + ".scala    (Scala 2.13, Spark's own version)\n";
    out += "//   java @jvm-" + std::string(spark4 ? "4.2" : "3.5") + ".args -cp \"$SPARK_JARS/*:.\" " + name + " [WORK_DIR]\n";
    out += R"(import java.io.PrintStream
import java.nio.file.{Files, Paths}
import java.sql.{DriverManager, Timestamp, Types}
import java.time.{Instant, ZoneOffset}
import java.time.format.DateTimeFormatter
import java.time.temporal.ChronoUnit
import java.util.concurrent.ConcurrentHashMap

import scala.collection.mutable
import scala.jdk.CollectionConverters._

import org.apache.spark.SparkConf
import org.apache.spark.sql.{AnalysisException, DataFrame, Dataset, Encoders, Row, SparkSession}
import org.apache.spark.sql.functions.expr
import org.apache.spark.sql.streaming.{StreamingQuery, StreamingQueryException, StreamingQueryProgress}
import org.apache.spark.sql.types.{DataType, DataTypes, DecimalType, StructType}
)";
    if (options.replay)
        out += std::string("import org.apache.spark.sql.execution.streaming.") + (spark4 ? "runtime." : "") + "MemoryStream\n";
    out += "\nobject " + name + " {\n";
    out += "  // The source's schema (the scenario's \"source\": " + jvmString(scenario.sourceName) + ").\n";
    out += "  val SourceSchema: StructType = new StructType()";
    for (const Field &field : scenario.sourceSchema.fields)
        out += "\n    .add(" + jvmString(field.name) + ", " + javaTypeCode(field.type) + ")";
    out += "\n\n";
    out += R"(  def main(args: Array[String]): Unit = {
    val builder = SparkSession.builder().appName()" + jvmString(name) + R"()
      .config("spark.sql.session.timeZone", "UTC")
    // Without spark-submit (or its --master) the program runs in local mode.
    if (!new SparkConf().contains("spark.master"))
      builder.master("local[2]").config("spark.sql.shuffle.partitions", "2").config("spark.ui.enabled", "false")
    val spark = builder.getOrCreate()
    val workDir = if (args.nonEmpty) args(0) else )"
        + (options.replay ? "Files.createTempDirectory(\"streamstep-replay-\").toString" : "\".\"") + R"(
    val exitCode = run(spark, workDir, System.out)
    spark.stop()
    sys.exit(exitCode)
  }

  // The lesson's query as DataFrame calls; every expression goes through Spark's SQL parser.
  def query(source: DataFrame): DataFrame =
    source)";
    for (const std::string &call : queryCalls(scenario, SparkLanguage::Scala))
        out += "\n      " + call;
    out += "\n";

    auto writer = [&](bool replay) { return jvmWriteStream(SparkLanguage::Scala, sink, mode, name, replay); };

    if (!options.replay) {
        out += R"(
  def run(spark: SparkSession, workDir: String, out: PrintStream): Int = {
    val source = spark.readStream.schema(SourceSchema)
      .option("maxFilesPerTrigger", 1)
      .option("timestampFormat", "yyyy-MM-dd HH:mm:ss[.SSSSSS]")
      .json(workDir + "/input/" + )" + jvmString(scenario.sourceName) + R"()
    val result = query(source)
    val streaming = )" + replaceAll(writer(false), "\n        ", "\n      ") + R"(
    streaming.awaitTermination()
    0
  }
)";
    } else {
        out += R"(
  def run(spark: SparkSession, workDir: String, out: PrintStream): Int = {
    val input = MemoryStream[Row](Encoders.row(SourceSchema), spark.sqlContext)
    val replay = new Replay(out)
)" + std::string(isFileSink(sink) ? "    replay.skipExistingFiles(workDir + \"/\" + " + jvmString(sink.path) + ")\n" : "") + R"(    var result: DataFrame = null
    val started = try {
      result = query(input.toDF())
      Right()" + writer(true) + R"()
    } catch {
      case rejected: Exception => Left(rejected)
    }
    val streaming = started match {
      case Left(rejected) =>
        out.println(errorLine(rejected, 2))
        return 2
      case Right(q) => q
    }
    try {
)" + std::string(usesProcessingTime(scenario) ? "      val clock = manualClock(streaming)\n" : "") + R"(      for (step <- 0 until Steps) {
        val rows = stepRows(step)
)" + std::string(usesProcessingTime(scenario) ? "        if (ProcessingTimeMs(step) >= 0) setClock(clock, ProcessingTimeMs(step))\n" : "") + R"(        // An empty step adds nothing: a trigger without new data runs no data batch.
        if (rows.nonEmpty) input.addData(rows.toSeq)
        streaming.processAllAvailable()
        var data = rows.nonEmpty
        for (progress <- replay.newBatches(streaming)) {
)";
        if (isFileSink(sink)) {
            std::vector<std::string> items;
            for (const auto &[key, value] : sink.readOptions)
                items.push_back(jvmString(key) + " -> " + jvmString(value));
            out += "          replay.readFileSink(spark, workDir + \"/\" + " + jvmString(sink.path) + ", "
                + jvmString(sink.format) + ", result.schema, Map(" + joinList(items, ", ") + "), progress.batchId)\n";
        }
        out += R"(          replay.print(progress, step, !data)
          data = false
        }
      }
    } catch {
      case failed: StreamingQueryException =>
        out.println(errorLine(failed, 3))
        return 3
    } finally {
      streaming.stop()
    }
    0
  }
)";
        out += "\n  val Steps = " + std::to_string(scenario.steps.size()) + "\n";
        if (usesProcessingTime(scenario))
            out += "  // Each step's processingTime (epoch ms; -1: unchanged): the batch timestamp that\n"
                   "  // current_timestamp() returns.\n  val ProcessingTimeMs: Array[Long] = Array("
                + processingTimes(scenario, "L") + ")\n";
        out += "\n  def stepRows(step: Int): mutable.ArrayBuffer[Row] = {\n    val rows = mutable.ArrayBuffer[Row]()\n    step match {\n";
        std::string methods;
        for (size_t s = 0; s < scenario.steps.size(); ++s) {
            const ColumnBatch &rows = scenario.steps[s].rows;
            if (rows.numRows == 0)
                continue;
            out += "      case " + std::to_string(s) + " =>";
            if (stillGenerated(scenario.steps[s])) {
                const GeneratedRows &generate = *scenario.steps[s].generate;
                out += " rows ++= generatedRows(" + generatedRange(generate, SparkLanguage::Scala) + ",\n        "
                    + joinList(generatedColumns(scenario, generate, SparkLanguage::Scala), ",\n        ") + ")\n";
                continue;
            }
            if (rows.numRows > kMaxLiteralStepRows) {
                const std::string holder = "Step" + std::to_string(s) + "Json";
                out += " rows ++= jsonRows(" + holder + ".Chunks)\n";
                methods += "\n  // Step " + std::to_string(s) + "'s " + std::to_string(rows.numRows)
                    + " rows as JSON lines (see jsonRows).\n  private object " + holder
                    + " {\n    val Chunks: Array[String] = Array(\n";
                const std::vector<std::string> literals = jsonLineLiterals(scenario.sourceSchema, rows);
                for (size_t i = 0; i < literals.size(); ++i)
                    methods += "      " + literals[i] + (i + 1 < literals.size() ? ",\n" : "\n");
                methods += "    )\n  }\n";
                continue;
            }
            for (size_t chunk = 0; chunk * kRowsPerMethod < rows.numRows; ++chunk) {
                const std::string method = "step" + std::to_string(s) + "Rows" + std::to_string(chunk);
                out += " " + method + "(rows);";
                methods += "\n  private def " + method + "(rows: mutable.ArrayBuffer[Row]): Unit = {\n";
                for (size_t r = chunk * kRowsPerMethod; r < std::min(rows.numRows, (chunk + 1) * kRowsPerMethod); ++r) {
                    std::vector<std::string> values;
                    for (size_t c = 0; c < rows.columns.size(); ++c)
                        values.push_back(jvmLiteral(SparkLanguage::Scala, rows.get(r, c)));
                    methods += "    rows += Row(" + joinList(values, ", ") + ")\n";
                }
                methods += "  }\n";
            }
            out += "\n";
        }
        out += "      case _ =>\n    }\n    rows\n  }\n" + methods;
        if (hasBigStep(scenario))
            out += R"(
  // A step of many rows travels as JSON lines, parsed here by Spark's JSON reader with the
  // source's schema (decimals exact, timestamps UTC), in the order of the lines.
  def jsonRows(chunks: Array[String]): Seq[Row] = {
    val spark = SparkSession.active
    val lines = chunks.toSeq.flatMap(_.split("\n")).filter(_.nonEmpty)
    spark.read.schema(SourceSchema).option("timestampFormat", "yyyy-MM-dd HH:mm:ss[.SSSSSS]")
      .json(spark.createDataset(lines)(Encoders.STRING)).collect().toSeq
  }
)";
        if (hasGeneratedStep(scenario))
            out += R"(
  // A generated step: Spark computes its rows itself, spark.range(start, end) with each source
  // column's expression over `id` cast to the column's type, in the order of the ids.
  def generatedRows(start: Long, end: Long, columns: String*): Seq[Row] =
    SparkSession.active.range(start, end).selectExpr(columns: _*).collect().toSeq
)";
        out += kScalaReplay;
        out += kScalaHelpers;
    }
    if (sink.kind == SinkPlan::Kind::Sqlite)
        out += kScalaSqlite;
    out += "}\n";
    return out;
}

// ---------------------------------------------------------------------------------------------
// PySpark

const char *kPythonHelpers = R"PY(

ISO_MILLIS = "%Y-%m-%dT%H:%M:%S"


def to_json(value):
    """A value as scenario-format.md §3 writes it: timestamps ISO-8601 UTC with milliseconds,
    decimals as JSON numbers with their scale, structs (window) as objects."""
    if value is None:
        return "null"
    if isinstance(value, Row):
        return "{" + ", ".join(json.dumps(k) + ": " + to_json(v) for k, v in value.asDict().items()) + "}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, decimal.Decimal):
        return format(value, "f")
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return json.dumps("NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity"))
        return repr(value)
    if isinstance(value, datetime.datetime):
        if value.tzinfo is not None:
            value = value.astimezone(datetime.timezone.utc).replace(tzinfo=None)
        return json.dumps(value.strftime(ISO_MILLIS) + ".%03dZ" % (value.microsecond // 1000))
    if isinstance(value, str):
        return json.dumps(value)
    return str(value)
)PY";

const char *kPythonReplay = R"PY(

class Replay:
    """What a replay prints: one JSON line per executed batch, its figures from the query's own
    StreamingQueryProgress and its rows from what the sink received."""

    def __init__(self, out):
        self.out = out
        self.emitted = {}
        self.sink_files_seen = set()
        self.last_batch_id = -1
        self.batch_failure = None

    def collect(self, batch, batch_id):
        self.record(batch_id, self.rows_of(batch))

    def rows_of(self, batch):
        """batch.collect(), remembering the error of a batch that fails: py4j hands the JVM only
        this callback's Python traceback, so the query's exception would carry that instead of
        Spark's message."""
        try:
            return batch.collect()
        except Exception as failed:
            self.batch_failure = failed
            raise

    def record(self, batch_id, rows):
        self.emitted[batch_id] = [to_json(row) for row in rows]

    def new_batches(self, query):
        """The batches that ran since the last call, oldest first. A trigger that ran no batch
        also reports a progress (with the next batch id); it has no addBatch duration."""
        batches = {}
        for progress in query.recentProgress:
            if progress["batchId"] > self.last_batch_id and "addBatch" in progress["durationMs"]:
                batches[progress["batchId"]] = progress
        result = [batches[k] for k in sorted(batches)]
        if result:
            self.last_batch_id = result[-1]["batchId"]
        return result

    def print(self, progress, step, no_data):
        operators = progress.get("stateOperators", [])
        event_time = progress.get("eventTime", {})
        watermark = event_time.get("watermark")
        line = ('{"batchId": %d, "step": %d, "noData": %s, "numInputRows": %d, "numRowsDroppedByWatermark": %d, "watermark": %s'
                % (progress["batchId"], step, "true" if no_data else "false", progress["numInputRows"],
                   sum(o.get("numRowsDroppedByWatermark", 0) for o in operators),
                   "null" if watermark is None else json.dumps(watermark)))
        if "min" in event_time:
            line += ', "eventTime": {"min": %s, "max": %s, "avg": %s}' % (
                json.dumps(event_time["min"]), json.dumps(event_time["max"]), json.dumps(event_time["avg"]))
        line += (', "stateRows": %d, "stateRowsUpdated": %d, "stateRowsRemoved": %d, "emitted": [%s]}'
                 % (sum(o["numRowsTotal"] for o in operators), sum(o["numRowsUpdated"] for o in operators),
                    sum(o.get("numRowsRemoved", 0) for o in operators),
                    ", ".join(self.emitted.get(progress["batchId"], []))))
        print(line, file=self.out, flush=True)

    def skip_existing_files(self, folder):
        """Remembers the files an earlier run left in the sink folder: Spark's file sink skips the
        batch ids its _spark_metadata log already holds, so those files are no batch's output of
        this run."""
        log = os.path.join(folder, "_spark_metadata")
        if os.path.isdir(log):
            for name in os.listdir(log):
                if not name.startswith("."):
                    with open(os.path.join(log, name), encoding="utf-8") as entries:
                        for entry in entries:
                            if entry.startswith("{"):
                                self.sink_files_seen.add(json.loads(entry)["path"])

    def read_file_sink(self, spark, folder, fmt, schema, options, batch_id):
        """Reads back the rows a file sink committed in one batch, as a reader of the folder
        sees them: the files its _spark_metadata log lists for the batch (a compacted log file
        lists every file so far, so files already seen are skipped)."""
        log = os.path.join(folder, "_spark_metadata", str(batch_id))
        if not os.path.exists(log):
            log += ".compact"
        files = []
        with open(log, encoding="utf-8") as entries:
            for entry in entries:
                if entry.startswith("{"):
                    path = json.loads(entry)["path"]
                    if path not in self.sink_files_seen:
                        self.sink_files_seen.add(path)
                        files.append(path)
        self.record(batch_id, spark.read.format(fmt).schema(schema).options(**options).load(files).collect()
                    if files else [])


def error_line(error, exit_code):
    """"AnalysisException: <message>" (Spark's message without the plan), or for a failed batch
    "StreamingQueryException: <its cause's message>" (Spark's own text adds "Query [id = …,
    runId = …] terminated with exception:", random per run), as the Java and Scala replays
    print them. PySpark keeps the JVM's exception in _origin."""
    def simple_message(java_error):
        try:
            return java_error.getSimpleMessage()  # AnalysisException: without the plan
        except Exception:
            return java_error.getMessage()

    origin = getattr(error, "_origin", None) or getattr(error, "java_exception", None)
    if origin is not None and exit_code == 3:
        # A StreamingQueryException's cause is the batch's error; the error a batch raised in
        # foreachBatch (Replay.batch_failure) is that error itself.
        cause = (origin.getCause()
                 if origin.getClass().getName() == "org.apache.spark.sql.streaming.StreamingQueryException" else origin)
        if cause is not None:
            return json.dumps({"error": "StreamingQueryException: " + simple_message(cause), "exitCode": exit_code})
    name = "AnalysisException" if isinstance(error, AnalysisException) else type(error).__name__
    message = simple_message(origin) if origin is not None else str(error)
    return json.dumps({"error": name + ": " + message, "exitCode": exit_code})
)PY";

const char *kPythonSqlite = R"PY(

def upsert(database, streamingid, table, keys, mode, schema, rows, batch_id):
    """Spark has no streaming JDBC sink ("Data source jdbc does not support streamed writing"),
    so the upsert sink is a foreachBatch: each batch is one SQLite transaction that writes the
    rows (update: INSERT ... ON CONFLICT (key) DO UPDATE; complete: the table replaced; append:
    INSERT) and records the batch id in _streamstep_batches. A batch id already recorded is
    skipped, so a batch Spark runs again after a failure is written exactly once. The batch is
    collected to the driver so that its rows and its batch id commit together. Column types as
    StreamStep's SQLite sink; a window struct column w becomes w_start and w_end."""
    def identifier(name):
        return '"' + name.replace('"', '""') + '"'

    def sqlite_type(data_type):
        if isinstance(data_type, DecimalType):
            return "DECIMAL_TEXT(%d,%d)" % (data_type.precision, data_type.scale)
        return {"string": "TEXT", "int": "INTEGER", "bigint": "BIGINT", "double": "DOUBLE",
                "boolean": "BOOLEAN", "timestamp": "TIMESTAMP"}.get(data_type.simpleString(), "TEXT")

    def sqlite_value(value):
        if isinstance(value, decimal.Decimal):
            return format(value, "f")
        if isinstance(value, float) and math.isnan(value):
            return "NaN"
        if isinstance(value, bool):
            return 1 if value else 0
        if isinstance(value, datetime.datetime):
            text = value.strftime("%Y-%m-%d %H:%M:%S")
            return text + ("." + ("%06d" % value.microsecond).rstrip("0") if value.microsecond else "")
        return value

    columns, types, key_columns = [], [], []
    for field in schema.fields:
        if isinstance(field.dataType, StructType):
            columns += [field.name + "_start", field.name + "_end"]
            types += ["TIMESTAMP", "TIMESTAMP"]
        else:
            columns.append(field.name)
            types.append(sqlite_type(field.dataType))
    for key in keys:
        for field in schema.fields:
            if field.name.lower() == key.lower():
                key_columns += ([field.name + "_start", field.name + "_end"]
                                if isinstance(field.dataType, StructType) else [field.name])
    db = sqlite3.connect(database, isolation_level=None)
    try:
        db.execute("BEGIN IMMEDIATE")
        db.execute("CREATE TABLE IF NOT EXISTS _streamstep_batches (streamingid TEXT NOT NULL, table_name TEXT NOT NULL,"
                   " batch_id INTEGER NOT NULL, num_rows INTEGER NOT NULL, committed_at TEXT NOT NULL,"
                   " PRIMARY KEY (streamingid, table_name, batch_id))")
        primary_key = ", PRIMARY KEY (%s)" % ", ".join(map(identifier, key_columns)) if key_columns else ""
        db.execute("CREATE TABLE IF NOT EXISTS %s (%s%s)" % (
            identifier(table), ", ".join(identifier(c) + " " + t for c, t in zip(columns, types)), primary_key))
        if db.execute("SELECT 1 FROM _streamstep_batches WHERE streamingid = ? AND table_name = ? AND batch_id = ?",
                      (streamingid, table, batch_id)).fetchone():
            db.execute("ROLLBACK")
            return
        if mode == "complete":
            db.execute("DELETE FROM " + identifier(table))
        sql = "INSERT INTO %s (%s) VALUES (%s)" % (identifier(table), ", ".join(map(identifier, columns)),
                                                  ", ".join("?" * len(columns)))
        if mode == "update" and key_columns:
            updates = ["%s = excluded.%s" % (identifier(c), identifier(c)) for c in columns if c not in key_columns]
            sql += " ON CONFLICT (%s) DO %s" % (", ".join(map(identifier, key_columns)),
                                                "UPDATE SET " + ", ".join(updates) if updates else "NOTHING")
        for row in rows:
            values = []
            for field, value in zip(schema.fields, row):
                if isinstance(field.dataType, StructType):
                    values += [sqlite_value(value[0]) if value else None, sqlite_value(value[1]) if value else None]
                else:
                    values.append(sqlite_value(value))
            db.execute(sql, values)
        db.execute("INSERT INTO _streamstep_batches (streamingid, table_name, batch_id, num_rows, committed_at)"
                   " VALUES (?, ?, ?, ?, strftime('%Y-%m-%d %H:%M:%f', 'now'))", (streamingid, table, batch_id, len(rows)))
        db.execute("COMMIT")
    finally:
        db.close()
)PY";

std::string pythonProgram(const Scenario &scenario, const SparkExportOptions &options, const SinkPlan &sink)
{
    const std::string mode = outputModeName(scenario.outputMode);
    std::string out = "#!/usr/bin/env python3\n" + headerComment(scenario, options, "#");
    out += "#   spark-submit " + options.programName + ".py [WORK_DIR]     (or: python3 with pyspark installed)\n";
    if (options.replay) {
        out += "# Replay feeds Spark's file source: step N's rows are written as one JSON lines file into\n"
               "# WORK_DIR/input before trigger N (maxFilesPerTrigger 1), then processAllAvailable() runs the\n"
               "# data batch and any no-data batch that follows; an empty step writes no file.\n";
        if (usesProcessingTime(scenario))
            out += "# The steps' processingTime is not applied here: current_timestamp() is the wall clock's\n"
                   "# batch time (the Java and Scala replays set Spark's trigger clock to it).\n";
    }
    out += R"(import datetime
import decimal
import json
import math
import os
import sqlite3
import sys
import tempfile
import time

from pyspark.sql import Row, SparkSession
from pyspark.sql.functions import expr
from pyspark.sql.types import (BooleanType, DecimalType, DoubleType, IntegerType, LongType, NullType,
                               StringType, StructField, StructType, TimestampType)
try:
    from pyspark.errors import AnalysisException
except ImportError:  # Spark before 3.4
    from pyspark.sql.utils import AnalysisException

# The source's schema (the scenario's "source": )" + pythonString(scenario.sourceName) + R"().
SOURCE_SCHEMA = StructType([)";
    std::vector<std::string> fields;
    for (const Field &field : scenario.sourceSchema.fields)
        fields.push_back("\n    StructField(" + pythonString(field.name) + ", " + pythonTypeCode(field.type) + ")");
    out += joinList(fields, ",") + "])\n\n\n";
    out += "def query(source):\n    \"\"\"The lesson's query as DataFrame calls; every expression goes through Spark's SQL parser.\"\"\"\n    return (source";
    for (const std::string &call : queryCalls(scenario, SparkLanguage::PySpark))
        out += "\n            " + call;
    out += ")\n";

    auto writer = [&](bool replay) {
        std::string w = "(result.writeStream\n             .outputMode(" + pythonString(mode) + ")";
        if (sink.kind == SinkPlan::Kind::Memory && !sink.queryName.empty())
            w += "\n             .queryName(" + pythonString(sink.queryName) + ")";
        switch (sink.kind) {
        case SinkPlan::Kind::Console:
        case SinkPlan::Kind::Memory:
            if (replay) {
                w += "\n             # The " + sink.format + " sink would print/keep the rows; replay takes them through\n"
                     "             # foreachBatch, which accepts the same output modes and sees the same batches.";
                w += "\n             .foreachBatch(replay.collect)";
            } else {
                w += "\n             .format(" + pythonString(sink.format) + ")";
                for (const auto &[key, value] : sink.writeOptions)
                    w += "\n             .option(" + pythonString(key) + ", " + pythonString(value) + ")";
            }
            break;
        case SinkPlan::Kind::File:
            w += "\n             .format(" + pythonString(sink.format) + ")";
            w += "\n             .option(\"path\", os.path.join(work_dir, " + pythonString(sink.path) + "))";
            for (const auto &[key, value] : sink.writeOptions)
                w += "\n             .option(" + pythonString(key) + ", " + pythonString(value) + ")";
            break;
        case SinkPlan::Kind::Sqlite:
            w += "\n             .foreachBatch(write_batch)";
            break;
        case SinkPlan::Kind::ForeachBatch:
            if (replay)
                w += "\n             .foreachBatch(replay.collect)";
            else
                w += "\n             # Each micro-batch as a DataFrame: put your own batch code here."
                     "\n             .foreachBatch(lambda batch, batch_id: batch.show())";
            break;
        }
        w += "\n             .option(\"checkpointLocation\", os.path.join(work_dir, \"checkpoint\"))\n             .start())";
        return w;
    };
    std::string sqliteWriter;
    if (sink.kind == SinkPlan::Kind::Sqlite) {
        std::vector<std::string> keys;
        for (const std::string &k : sink.keys)
            keys.push_back(pythonString(k));
        sqliteWriter = std::string("    def write_batch(batch, batch_id):\n        rows = ")
            + (options.replay ? "replay.rows_of(batch)" : "batch.collect()") + "\n"
                       "        upsert(os.path.join(work_dir, " + pythonString(sink.path) + "), "
            + pythonString(options.programName) + ", " + pythonString(sink.table) + ", [" + joinList(keys, ", ") + "], "
            + pythonString(mode) + ", batch.schema, rows, batch_id)\n";
        if (options.replay)
            sqliteWriter += "        replay.record(batch_id, rows)\n";
        sqliteWriter += "\n";
    }
    auto readSource = [](const std::string &indent) {
        return indent + "source = (spark.readStream.schema(SOURCE_SCHEMA)\n" + indent
            + "          .option(\"maxFilesPerTrigger\", 1)\n" + indent
            + "          .option(\"timestampFormat\", \"yyyy-MM-dd HH:mm:ss[.SSSSSS]\")\n" + indent
            + "          .json(input_dir))\n";
    };
    if (!options.replay) {
        out += "\n\ndef run(spark, work_dir, out):\n    input_dir = os.path.join(work_dir, \"input\", "
            + pythonString(scenario.sourceName) + ")\n" + readSource("    ") + "    result = query(source)\n" + sqliteWriter
            + "    streaming = " + writer(false) + "\n    streaming.awaitTermination()\n    return 0\n";
    } else {
        out += "\n\n# Each step's rows, one JSON object per line as Spark's JSON reader takes them.\nSTEPS = [";
        for (const Step &step : scenario.steps) {
            if (step.rows.numRows > 0 && stillGenerated(step)) {
                // Spark computes these rows itself (generated_rows).
                out += "\n    {\"range\": (" + generatedRange(*step.generate, SparkLanguage::PySpark) + "), \"columns\": [\n        "
                    + joinList(generatedColumns(scenario, *step.generate, SparkLanguage::PySpark), ",\n        ") + "]},";
                continue;
            }
            out += "\n    [";
            for (size_t r = 0; r < step.rows.numRows; ++r)
                out += "\n        " + pythonString(sourceJsonLine(scenario.sourceSchema, step.rows, r)) + ",";
            out += "\n    ],";
        }
        out += "\n]\n";
        if (hasGeneratedStep(scenario))
            out += R"(

def generated_rows(spark, step):
    """A generated step's rows, computed by Spark itself: spark.range(start, end) with each source
    column's expression over `id` cast to the column's type, as JSON lines in the order of the ids."""
    return [row[0] for row in spark.range(*step["range"]).selectExpr(*step["columns"])
            .selectExpr("to_json(struct(*), map('timestampFormat', 'yyyy-MM-dd HH:mm:ss.SSSSSS')) AS line")
            .collect()]
)";
        out += "\n\ndef run(spark, work_dir, out):\n    input_dir = os.path.join(work_dir, \"input\")\n"
               "    os.makedirs(input_dir, exist_ok=True)\n    replay = Replay(out)\n"
            + (isFileSink(sink) ? "    replay.skip_existing_files(os.path.join(work_dir, " + pythonString(sink.path) + "))\n" : "")
            + "\n" + sqliteWriter;
        out += "    # Spark's JSON reader would apply the query's filters while parsing (filter pushdown) and\n"
               "    # count only the rows that pass as numInputRows; a MemoryStream, like StreamStep, counts\n"
               "    # every row that arrived.\n"
               "    spark.conf.set(\"spark.sql.json.filterPushdown.enabled\", \"false\")\n";
        out += "    try:\n" + readSource("        ") + "        result = query(source)\n        streaming = "
            + replaceAll(writer(true), "\n", "\n    ") + "\n";
        out += R"(    except Exception as rejected:  # AnalysisException, ParseException, ...
        print(error_line(rejected, 2), file=out, flush=True)
        return 2
    try:
        for step, rows in enumerate(STEPS):
)" + std::string(hasGeneratedStep(scenario) ? "            if isinstance(rows, dict):\n                rows = generated_rows(spark, rows)\n" : "") + R"(            # An empty step writes no file: a trigger without new data runs no data batch.
            if rows:
                # Written under a hidden name first (Spark's file listing skips names starting
                # with "."), then renamed: the source never sees a half-written file.
                name = "step-%05d.json" % step
                hidden = os.path.join(input_dir, "." + name + ".tmp")
                with open(hidden, "w", encoding="ascii") as f:
                    f.write("\n".join(rows) + "\n")
                os.rename(hidden, os.path.join(input_dir, name))
            streaming.processAllAvailable()
            data = bool(rows)
            for progress in replay.new_batches(streaming):
)";
        if (isFileSink(sink)) {
            std::vector<std::string> items;
            for (const auto &[key, value] : sink.readOptions)
                items.push_back(pythonString(key) + ": " + pythonString(value));
            out += "                replay.read_file_sink(spark, os.path.join(work_dir, " + pythonString(sink.path)
                + "), " + pythonString(sink.format) + ", result.schema,\n                                      {"
                + joinList(items, ", ") + "}, progress[\"batchId\"])\n";
        }
        out += R"(                replay.print(progress, step, not data)
                data = False
    except Exception as failed:  # StreamingQueryException
        print(error_line(replay.batch_failure or failed, 3), file=out, flush=True)
        return 3
    finally:
        streaming.stop()
    return 0
)";
        out += kPythonReplay;
        out += kPythonHelpers;
    }
    if (sink.kind == SinkPlan::Kind::Sqlite)
        out += kPythonSqlite;
    out += R"(

def main():
    os.environ["TZ"] = "UTC"  # PySpark turns timestamps into naive datetimes of this zone
    time.tzset()
    builder = SparkSession.builder.appName()" + pythonString(options.programName) + R"().config("spark.sql.session.timeZone", "UTC")
    if "--master" not in os.environ.get("PYSPARK_SUBMIT_ARGS", "") and not os.environ.get("SPARK_MASTER"):
        builder = (builder.master("local[2]").config("spark.sql.shuffle.partitions", "2")
                   .config("spark.ui.enabled", "false"))
    spark = builder.getOrCreate()
    work_dir = sys.argv[1] if len(sys.argv) > 1 else )"
        + (options.replay ? "tempfile.mkdtemp(prefix=\"streamstep-replay-\")" : "\".\"") + R"(
    exit_code = run(spark, work_dir, sys.stdout)
    spark.stop()
    sys.exit(exit_code)


if __name__ == "__main__":
    main()
)";
    return out;
}

const std::array<std::string_view, 53> kJavaKeywords = {
    "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
    "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
    "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
    "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
    "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null"};

// Each language's name (as the CLI's --lang spells it) and its program's file extension.
struct LanguageFiles {
    SparkLanguage language;
    std::string_view name;
    std::string_view extension;
};
constexpr LanguageFiles kLanguageFiles[] = {{SparkLanguage::PySpark, "pyspark", ".py"},
                                            {SparkLanguage::Scala, "scala", ".scala"},
                                            {SparkLanguage::Java, "java", ".java"}};

} // namespace

std::optional<SparkLanguage> parseSparkLanguage(std::string_view name)
{
    for (const LanguageFiles &l : kLanguageFiles)
        if (l.name == name)
            return l.language;
    return std::nullopt;
}

std::string sparkLanguageExtension(SparkLanguage language)
{
    for (const LanguageFiles &l : kLanguageFiles)
        if (l.language == language)
            return std::string(l.extension);
    return "";
}

std::string sparkProgramName(const std::string &scenarioFileName)
{
    std::string base = scenarioFileName;
    if (const size_t slash = base.find_last_of('/'); slash != std::string::npos)
        base = base.substr(slash + 1);
    for (const std::string_view suffix : {".scenario.json", ".json"}) {
        if (base.size() > suffix.size() && base.ends_with(suffix)) {
            base.resize(base.size() - suffix.size());
            break;
        }
    }
    std::string name;
    bool wordStart = true;
    for (const char c : base) {
        if (std::isalnum(static_cast<unsigned char>(c)) && static_cast<unsigned char>(c) < 0x80) {
            name += wordStart ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
            wordStart = false;
        } else {
            wordStart = true;
        }
    }
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0])))
        name = "Scenario" + name;
    return name;
}

bool isValidSparkProgramName(std::string_view name)
{
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0])))
        return false;
    for (const char c : name)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_') || static_cast<unsigned char>(c) >= 0x80)
            return false;
    for (const std::string_view keyword : kJavaKeywords)
        if (name == keyword)
            return false;
    return true;
}

namespace {

// The lesson's "conf" (format §4.1) as spark.conf.set calls at the start of run(), on a new
// session (Spark's newSession keeps its own SQL conf), so programs that share one JVM and
// SparkContext, as the conformance suite runs them, do not see each other's settings.
std::string withConf(std::string program, const Scenario &scenario, SparkLanguage language)
{
    if (scenario.conf.empty())
        return program;
    std::string java = "        spark = spark.newSession();\n";
    std::string scala = "    val spark = session.newSession()\n";
    std::string python = "    spark = spark.newSession()\n";
    for (const ConfEntry &entry : scenario.conf) {
        java += "        spark.conf().set(" + jvmString(entry.key) + ", " + jvmString(entry.value) + ");\n";
        scala += "    spark.conf.set(" + jvmString(entry.key) + ", " + jvmString(entry.value) + ")\n";
        python += "    spark.conf.set(" + pythonString(entry.key) + ", " + pythonString(entry.value) + ")\n";
    }
    const auto insertAfter = [&](const std::string &line, const std::string &text, const std::string &newLine) {
        for (size_t at = program.find(line); at != std::string::npos; at = program.find(line, at + newLine.size() + text.size()))
            program.replace(at, line.size(), newLine + text);
    };
    switch (language) {
    case SparkLanguage::Java: {
        const std::string line = "public static int run(SparkSession spark, String workDir, PrintStream out) throws Exception {\n";
        insertAfter(line, java, line);
        break;
    }
    case SparkLanguage::Scala: {
        const std::string line = "def run(spark: SparkSession, workDir: String, out: PrintStream): Int = {\n";
        insertAfter(line, scala, "def run(session: SparkSession, workDir: String, out: PrintStream): Int = {\n");
        break;
    }
    case SparkLanguage::PySpark: {
        const std::string line = "def run(spark, work_dir, out):\n";
        insertAfter(line, python, line);
        break;
    }
    }
    return program;
}

} // namespace

std::string exportSparkProgram(const Scenario &scenario, const SparkExportOptions &options)
{
    SparkExportOptions resolved = options;
    if (resolved.programName.empty())
        resolved.programName = sparkProgramName(scenario.fileName);
    if (!isValidSparkProgramName(resolved.programName))
        throw analysisError("'" + resolved.programName + "' cannot name a Java class or Scala object");
    if (resolved.sparkVersion != "3.5" && resolved.sparkVersion != "4.2")
        throw analysisError("unknown Spark version '" + resolved.sparkVersion + "' (3.5 or 4.2)");
    const SinkPlan sink = planSink(scenario);
    switch (resolved.language) {
    case SparkLanguage::Java: return withConf(javaProgram(scenario, resolved, sink), scenario, resolved.language);
    case SparkLanguage::Scala: return withConf(scalaProgram(scenario, resolved, sink), scenario, resolved.language);
    case SparkLanguage::PySpark: return withConf(pythonProgram(scenario, resolved, sink), scenario, resolved.language);
    }
    return {};
}

} // namespace streamstep
