// What a durable sink (csv, json, sqlite) holds after a batch, worked out from the batch reports
// alone. The app steps an in-memory Run, which writes no files or databases (only the CLI's
// `run --output-dir` does), yet shows the sink's contents after every batch; this is where the
// engine says what they are, by the same rules its sinks commit with: a file sink's committed
// part files (one part-NNNNN-c000.<ext> per batch with rows, listed by its _spark_metadata
// manifest, so an empty batch adds no file), a SQLite table after each batch's transaction
// (append inserts and fails on a primary-key conflict, update upserts on the `key` columns,
// complete replaces the table; a window struct is two columns <name>_start / <name>_end; rows in
// primary-key order, else insertion order). Rows refer into the reports instead of copying them,
// so reviewing a batch of 100,000 rows stays cheap. Tests check it against the real sinks.
#pragma once

#include "streamstep/engine.h"
#include "streamstep/scenario.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace streamstep {

// What the batch shown did to a row the sink holds.
enum class SinkRowMark : uint8_t {
    None,    // written by an earlier batch
    New,     // written (inserted, or in a part file) by the batch shown
    Updated, // its key was in the table; the batch shown upserted over it
};

struct SinkImage {
    enum class Kind : uint8_t {
        None,  // a sink that keeps nothing a reader could open (console, memory, …)
        Files, // csv, json
        Table, // sqlite
    };
    // A column as a reader of the sink sees it: a result column, or the start or end of a
    // window struct column (SQLite).
    struct Column {
        enum class Part : uint8_t { Whole, Start, End };
        size_t field = 0; // the result column
        Part part = Part::Whole;
        std::string name; // "accountId", "window_start"
        bool isKey = false; // part of the SQLite table's primary key
    };
    struct Row {
        uint32_t report = 0; // index into the reports given to sinkImageAfter
        uint32_t row = 0;    // row of that report's `emitted`
        SinkRowMark mark = SinkRowMark::None;
    };
    struct File {
        std::string name; // part-00003-c000.csv
        int64_t batchId = 0;
        uint32_t firstRow = 0; // index into rows
        uint32_t numRows = 0;
        std::string logFile; // the Spark log file that first lists it: _spark_metadata/3, _spark_metadata/9.compact
    };
    // A batch the real sink would refuse (append mode inserting a key the table holds, or twice):
    // the query stops there, and the image holds what the batches before it committed.
    struct Failure {
        int64_t batchId = 0;
        size_t row = 0; // row of the batch's emitted rows
        std::string message;
    };

    Kind kind = Kind::None;
    std::string path;  // the sink's `path` option, as the scenario gives it
    std::string table; // the SQLite table
    std::vector<Column> columns;
    std::vector<Row> rows;
    std::vector<File> files; // in batch order
    std::optional<Failure> failure;
    // Set when the sink's options cannot be used (a key that is not a result column, no key in
    // update mode): Spark's message; the real query would not start, and the image is empty.
    std::string optionsError;
    // The reports the rows refer to; owned by the caller, who keeps them alive with the image.
    std::vector<const BatchReport *> reports;

    // The value a reader reads at row `row`, column `column`: a window part as its timestamp, and
    // in a table -0.0 as 0.0 (SQLite stores a whole REAL as an integer).
    Value value(size_t row, size_t column) const;
    // The file holding row `row`, or null (not a file sink).
    const File *fileOf(size_t row) const;
};

// Whether a sink of the format keeps contents a reader can open (csv, json, sqlite).
bool hasSinkImage(const std::string &format);

// What `sink` holds after the last of `reports` (the run's batches in order, from its first),
// written in `mode`. Never throws for bad options: they are reported in optionsError.
SinkImage sinkImageAfter(const SinkSpec &sink, OutputMode mode, std::vector<const BatchReport *> reports);

} // namespace streamstep
