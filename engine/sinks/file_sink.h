// Writes the csv, json and parquet sinks like Spark's FileStreamSink: each batch writes its part file, then
// one manifest entry (_spark_metadata/<batchId>) lists it, written atomically. The manifest is the
// truth: readers see only files it lists, so a crash mid-batch leaves nothing visible, and a batch
// id the manifest already has is skipped when a restart replays it.
#pragma once

#include "sinks/sink.h"
#include "checkpoint/metadata_log.h"

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

    // Reads the committed rows of a file sink folder, in batch order: only the files the
    // manifest lists, checked against the sizes it recorded. Throws Error(Runtime) naming the
    // folder or file when the folder has no manifest or a listed file is missing or damaged.
    static ColumnBatch readCommitted(const std::filesystem::path &folder);
    // The same for a folder given as its files (path relative to the folder, "/"-separated →
    // bytes), named `displayFolder` in messages: the disk is never touched (the fuzzers read
    // millions of folders this way).
    using FolderFiles = std::map<std::string, std::string>;
    static ColumnBatch readCommitted(const FolderFiles &files, const std::string &displayFolder);

    static constexpr const char *kManifestFolder = "_spark_metadata";

private:
    std::filesystem::path m_folder;
    std::string m_displayPath;
    Format m_format;
    bool m_header;
    Schema m_schema;
    SinkContext m_context;
    MetadataLog m_manifest;
    std::optional<int64_t> m_lastCommitted;
    std::string m_notice;
    std::optional<int64_t> m_foreignUpTo; // the folder's batches written by another query
};

} // namespace streamstep
