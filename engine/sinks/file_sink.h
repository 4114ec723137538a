// Writes the csv, json and parquet sinks like Spark's FileStreamSink: each batch writes its part file, then
// one entry of Spark's own log (_spark_metadata/<batchId>, every 10th `<batchId>.compact`;
// SparkFileSinkLog) lists it, written atomically, so real Spark reads the folder
// (spark.read.parquet(folder)). That log is the truth: readers see only files it lists, so a crash
// mid-batch leaves nothing visible, and a batch id the log already has is skipped when a restart
// replays it. What StreamStep keeps beyond Spark's fields (the query id, format, CSV header, the
// result schema, rows per file) is a JSON entry per batch in _spark_metadata/.streamstep/, a name
// Spark's log ignores; it is written before the Spark entry commits the batch.
#pragma once

#include "sinks/sink.h"
#include "checkpoint/metadata_log.h"
#include "sinks/spark_file_sink_log.h"

#include <filesystem>
#include <map>
#include <string>

namespace streamstep {

class FileSink : public Sink {
public:
    enum class Format { Csv, Json, Parquet };
    // "csv", "json" or "parquet".
    static Format formatOf(const std::string &name);

    // Opens (creating) the sink folder and its manifest. Throws Error(Runtime) when the folder
    // cannot be created. A manifest holding batches of another query is Spark's case too: its
    // FileStreamSink skips every batch id the manifest already holds ("Skipping already
    // committed batch"); openingNotice() says so.
    FileSink(std::filesystem::path folder, std::string displayPath, Format format, bool header,
             Schema schema, SinkContext context);

    void addBatch(int64_t batchId, const ColumnBatch &rows, OutputMode mode) override;
    std::optional<int64_t> lastCommittedBatch() override { return m_lastCommitted; }
    bool isFaultTolerant() const override { return true; }
    std::string description() const override;
    std::string openingNotice() const override { return m_notice; }
    bool skipsForeignBatch(int64_t batchId) const override
    {
        return m_foreignUpTo && batchId <= *m_foreignUpTo;
    }

    // The part file name of a batch: part-00003-c000.csv, part-00003-c000.snappy.parquet (one file
    // per batch, so a replay of a batch that crashed before its manifest entry overwrites the
    // orphan).
    static std::string partFileName(int64_t batchId, Format format);

    // Reads the committed rows of a file sink folder, in batch order: only the files Spark's log
    // lists, checked against the sizes it and StreamStep's entry recorded. Throws Error(Runtime)
    // naming the folder or file when the folder has no log, a listed file is missing or damaged,
    // or the log lists a file StreamStep did not write (a folder Spark wrote).
    static ColumnBatch readCommitted(const std::filesystem::path &folder);
    // The same for a folder given as its files (path relative to the folder, "/"-separated →
    // bytes), named `displayFolder` in messages (the sink-reader fuzzer's entry point). The files
    // are written to a private scratch folder and read there, so this reads exactly what the disk
    // reader reads; a name outside the folder is an error.
    using FolderFiles = std::map<std::string, std::string>;
    static ColumnBatch readCommitted(const FolderFiles &files, const std::string &displayFolder);

    static constexpr const char *kManifestFolder = "_spark_metadata";
    // StreamStep's own entries, inside the manifest folder.
    static constexpr const char *kBookkeepingFolder = ".streamstep";

private:
    std::filesystem::path m_folder;
    std::string m_displayPath;
    Format m_format;
    bool m_header;
    Schema m_schema;
    SinkContext m_context;
    SparkFileSinkLog m_sparkLog;
    MetadataLog m_manifest; // _spark_metadata/.streamstep
    std::optional<int64_t> m_lastCommitted;
    std::string m_notice;
    std::optional<int64_t> m_foreignUpTo; // the folder's batches written by another query
};

} // namespace streamstep
