// The scenario file (shared/scenario-format.md): reading with FILE:LINE:COL errors, and writing.
#pragma once

#include "streamstep/column_batch.h"
#include "streamstep/error.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace streamstep {

enum class OutputMode { Append, Update, Complete };
std::string outputModeName(OutputMode mode); // "append", "update", "complete"

// An expression text from the file and where its string literal starts in the file.
struct ExprText {
    std::string text;
    TextPosition filePosition; // position of the opening quote of the JSON string
};

struct QueryOp {
    enum class Kind { WithWatermark, Filter, Select, WithColumn, GroupBy, DropDuplicates };
    Kind kind = Kind::Filter;
    std::string opName;        // as written: "filter" or "where", …
    TextPosition position;     // the op's JSON object

    // withWatermark
    std::string column;
    std::string delay;         // as written ("10 minutes")
    int64_t delayMs = 0;       // Spark's getDelayMs (month = 31 days), already validated >= 0
    // filter / where
    ExprText condition;
    // select: columns; groupBy: keys + aggs; dropDuplicates: columns (empty + allColumns = all)
    std::vector<ExprText> columns;
    std::vector<ExprText> keys;
    std::vector<ExprText> aggs;
    bool allColumns = false;
    // withColumn
    std::string name;
    ExprText expr;
};

struct SinkSpec {
    std::string format;                            // console, memory, csv, json, sqlite, foreachBatch
    std::map<std::string, nlohmann::json> options; // as written in the file
    TextPosition position;
};

struct Step {
    ColumnBatch rows;                           // typed to the source schema
    std::optional<int64_t> processingTimeMicros; // "processingTime"
    TextPosition position;
};

struct Expectation {
    int step = 0;
    std::optional<nlohmann::json> emitted; // array of row objects, compared order-insensitively
    std::optional<int64_t> stateRows;
    std::optional<int64_t> stateRowsUpdated;
    std::optional<int64_t> droppedByWatermark;
    std::optional<nlohmann::json> eventTime; // {min,max,avg,watermark} subset, as written
    TextPosition position;
};

struct ExpectError {
    int exitCode = 2;
    std::vector<std::string> messageContains;
};

struct Scenario {
    std::string fileName;   // as given to readScenarioFile (for messages); "<text>" otherwise
    std::string title;
    std::string description;
    std::string sourceName;
    Schema sourceSchema;
    std::vector<QueryOp> query;
    OutputMode outputMode = OutputMode::Append;
    TextPosition outputModePosition;
    SinkSpec sink;
    std::vector<Step> steps;
    std::vector<Expectation> expect;
    std::optional<ExpectError> expectError;
};

// Reads and validates a scenario file. Throws Error(ErrorKind::Scenario, "FILE:LINE:COL: what is
// wrong") on unreadable files, JSON syntax errors, unknown keys, wrong types, values that do not
// fit their column, invalid durations, duplicate column names and too-deep nesting.
Scenario readScenarioFile(const std::string &path);
Scenario parseScenario(const std::string &text, const std::string &fileName = "<text>");

// Writes a scenario back in the contract's format; parseScenario(writeScenario(s)) == s.
std::string writeScenario(const Scenario &scenario);

} // namespace streamstep
