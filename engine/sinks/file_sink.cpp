#include "sinks/file_sink.h"

#include "checkpoint/atomic_file.h"
#include "checkpoint/json_field.h"
#include "sinks/csv_format.h"
#include "sinks/json_lines_format.h"
#include "sinks/parquet_format.h"
#include "streamstep/error.h"

#include <cstdio>
#include <cstdlib>
#include <map>

namespace streamstep {

namespace fs = std::filesystem;

namespace {

const char *formatName(FileSink::Format format)
{
    switch (format) {
    case FileSink::Format::Csv: return "csv";
    case FileSink::Format::Json: return "json";
    case FileSink::Format::Parquet: return "parquet";
    }
    return "json";
}

std::string typeName(const DataType &type)
{
    return type.kind == TypeKind::Window ? "window" : type.scenarioName();
}

nlohmann::json schemaToJson(const Schema &schema)
{
    nlohmann::json fields = nlohmann::json::array();
    for (const Field &f : schema.fields)
        fields.push_back({{"name", f.name}, {"type", typeName(f.type)}});
    return fields;
}

Schema schemaFromJson(const nlohmann::json &fields)
{
    Schema schema;
    if (!fields.is_array())
        throw Error(ErrorKind::Runtime, "no schema");
    for (const nlohmann::json &f : fields) {
        if (!f.is_object() || !f.contains("name") || !f.contains("type") || !f["name"].is_string()
            || !f["type"].is_string())
            throw Error(ErrorKind::Runtime, "a schema field is not {\"name\", \"type\"}");
        const std::string type = f["type"].get<std::string>();
        std::optional<DataType> parsed = type == "window" ? DataType::window() : parseTypeName(type);
        if (!parsed)
            throw Error(ErrorKind::Runtime, "unknown type '" + type + "'");
        schema.fields.push_back(Field{f["name"].get<std::string>(), *parsed, std::nullopt});
    }
    return schema;
}

// A field of a manifest entry: the manifest is a file anyone may have edited, so a field of the
// wrong type is damage (named), not an exception from the JSON library.
template <typename T>
T manifestField(const nlohmann::json &entry, const char *key, T fallback, const fs::path &path)
{
    const auto damaged = [&](const std::string &why) {
        return Error(ErrorKind::Runtime, "file sink manifest file '" + path.string() + "' is damaged: " + why);
    };
    if (!entry.is_object())
        throw damaged("an entry is not a JSON object");
    const auto it = entry.find(key);
    if (it == entry.end())
        return fallback;
    try {
        return wholeNumberSafeGet<T>(*it);
    } catch (const nlohmann::json::exception &) {
        throw damaged(std::string("'") + key + "' has the wrong type");
    }
}

// A part file a manifest lists must be a plain name in the sink folder (what addBatch writes):
// a listed "../x" or "/etc/x" would make a reader show files from elsewhere.
bool isPartFileName(const std::string &name)
{
    return !name.empty() && name != "." && name != ".." && name.find('/') == std::string::npos
        && name.find('\\') == std::string::npos && name.find('\0') == std::string::npos;
}

} // namespace

FileSink::FileSink(fs::path folder, std::string displayPath, Format format, bool header, Schema schema,
                   SinkContext context)
    : m_folder(std::move(folder)), m_displayPath(std::move(displayPath)), m_format(format), m_header(header),
      m_schema(std::move(schema)), m_context(std::move(context)), m_sparkLog(m_folder / kManifestFolder),
      m_manifest(m_folder / kManifestFolder / kBookkeepingFolder, "file sink manifest")
{
    AtomicFile::createDirectories(m_folder / kManifestFolder / kBookkeepingFolder);
    AtomicFile::removeStaleTempFiles(m_folder);
    AtomicFile::removeStaleTempFiles(m_folder / kManifestFolder);
    AtomicFile::removeStaleTempFiles(m_folder / kManifestFolder / kBookkeepingFolder);
    m_lastCommitted = m_sparkLog.latestBatchId();
    if (!m_lastCommitted)
        return;
    // Spark's log says what is committed; StreamStep's entry of that batch says which query
    // wrote it (none: Spark or another tool did).
    const std::optional<nlohmann::json> latest = m_manifest.get(*m_lastCommitted);
    const std::string owner = latest ? manifestField(*latest, "queryId", std::string(), m_manifest.entryPath(*m_lastCommitted))
                                     : std::string();
    if (owner != m_context.queryId)
        m_foreignUpTo = m_lastCommitted;
    if (owner != m_context.queryId)
        m_notice = "Note: the " + description() + " already holds batches up to " + std::to_string(*m_lastCommitted)
            + " written by another query (id " + (owner.empty() ? "unknown" : owner)
            + "). As Spark's file sink does, this query skips its batches up to "
            + std::to_string(*m_lastCommitted)
            + " there (\"Skipping already committed batch\"): their plans do not run and nothing is written again. Delete the "
              "folder or choose another path to write them, or resume with the checkpoint that wrote it "
              "(--checkpoint).";
}

FileSink::Format FileSink::formatOf(const std::string &name)
{
    if (name == "csv")
        return Format::Csv;
    if (name == "parquet")
        return Format::Parquet;
    return Format::Json;
}

std::string FileSink::description() const
{
    return std::string(formatName(m_format)) + " sink '" + m_displayPath + "'";
}

std::string FileSink::partFileName(int64_t batchId, Format format)
{
    char name[64];
    std::snprintf(name, sizeof name, "part-%05lld-c000.%s", static_cast<long long>(batchId),
                  format == Format::Parquet ? "snappy.parquet" : formatName(format)); // Spark's names
    return name;
}

void FileSink::addBatch(int64_t batchId, const ColumnBatch &rows, OutputMode mode)
{
    if (mode != OutputMode::Append) // Query::compile rejects this (Spark's DataSource.createSink)
        throw Error(ErrorKind::Runtime, "Data source " + std::string(formatName(m_format))
                                            + " does not support " + outputModeName(mode) + " output mode");
    if (m_lastCommitted && batchId <= *m_lastCommitted)
        return; // Spark: "Skipping already committed batch"
    if (rows.schema.fields.size() != m_schema.fields.size())
        throw Error(ErrorKind::Runtime, description() + ": batch " + std::to_string(batchId) + " has "
                                            + std::to_string(rows.schema.fields.size()) + " columns, the sink "
                                            + std::to_string(m_schema.fields.size()));
    nlohmann::json files = nlohmann::json::array();
    std::vector<SparkFileSinkLog::Entry> sparkFiles;
    if (rows.numRows > 0) {
        std::string text;
        if (m_format == Format::Parquet)
            text = ParquetFormat::write(rows);
        if (m_format == Format::Csv && m_header)
            CsvFormat::appendHeader(text, rows.schema);
        if (m_format == Format::Csv)
            CsvFormat::appendRows(text, rows, 0, rows.numRows);
        else if (m_format == Format::Json)
            JsonLinesFormat::appendRows(text, rows, 0, rows.numRows);
        const std::string name = partFileName(batchId, m_format);
        AtomicFile::write(m_folder / name, text);
        files.push_back({{"path", name}, {"size", text.size()}, {"numRows", rows.numRows}, {"action", "add"}});
        sparkFiles.push_back(SparkFileSinkLog::entryFor(m_folder / name));
    }
    const nlohmann::json entry = {{"batchId", batchId},
                                  {"queryId", m_context.queryId},
                                  {"format", formatName(m_format)},
                                  {"header", m_format == Format::Csv && m_header},
                                  {"schema", schemaToJson(m_schema)},
                                  {"files", files}};
    m_manifest.add(batchId, entry); // not yet visible: Spark's log entry commits the batch
    if (m_context.faultHook)
        m_context.faultHook("mid-sink", batchId);
    m_sparkLog.add(batchId, sparkFiles);
    m_lastCommitted = batchId;
}

ColumnBatch FileSink::readCommitted(const fs::path &folder)
{
    const SparkFileSinkLog sparkLog(folder / kManifestFolder);
    const MetadataLog manifest(folder / kManifestFolder / kBookkeepingFolder, "file sink manifest");
    std::error_code ec;
    if (!fs::is_directory(sparkLog.dir(), ec))
        throw Error(ErrorKind::Runtime, "'" + folder.string() + "' is not a file sink folder (it has no "
                                            + kManifestFolder + " manifest)");
    const std::optional<int64_t> latest = sparkLog.latestBatchId();
    // The files Spark's log makes visible, by name, with the size it recorded.
    std::map<std::string, int64_t> visible;
    for (const SparkFileSinkLog::Entry &e : sparkLog.allFiles()) {
        const std::optional<std::string> name = SparkFileSinkLog::fileNameOfUri(e.path);
        if (!name || !isPartFileName(*name))
            throw Error(ErrorKind::Runtime, "file sink log '" + sparkLog.dir().string() + "' is damaged: it lists '" + e.path
                                                + "', which is not a file of the sink folder");
        visible[*name] = e.size;
    }
    ColumnBatch result;
    bool haveSchema = false;
    for (int64_t batchId : manifest.batchIds()) {
        if (!latest || batchId > *latest)
            break; // written before a crash, never committed by Spark's log
        const nlohmann::json entry = *manifest.get(batchId);
        const fs::path entryPath = manifest.entryPath(batchId);
        Schema schema;
        try {
            schema = schemaFromJson(manifestField(entry, "schema", nlohmann::json(), entryPath));
        } catch (const Error &e) {
            throw Error(ErrorKind::Runtime, "file sink manifest file '" + entryPath.string()
                                                + "' is damaged: " + e.message());
        }
        if (!haveSchema) {
            result = ColumnBatch::empty(schema);
            haveSchema = true;
        } else if (schema.fields.size() != result.schema.fields.size()) {
            throw Error(ErrorKind::Runtime, "file sink manifest file '" + entryPath.string()
                                                + "' has a different schema than the batches before it");
        }
        const bool header = manifestField(entry, "header", false, entryPath);
        const std::string format = manifestField(entry, "format", std::string(), entryPath);
        const bool csv = format == "csv";
        const nlohmann::json files = manifestField(entry, "files", nlohmann::json::array(), entryPath);
        if (!files.is_array())
            throw Error(ErrorKind::Runtime, "file sink manifest file '" + entryPath.string() + "' is damaged: 'files' is not an array");
        for (const nlohmann::json &file : files) {
            const std::string name = manifestField(file, "path", std::string(), entryPath);
            if (!isPartFileName(name))
                throw Error(ErrorKind::Runtime, "file sink manifest file '" + entryPath.string() + "' is damaged: it lists '"
                                                    + name + "', which is not a file of the sink folder");
            const auto listed = visible.find(name);
            if (listed == visible.end())
                throw Error(ErrorKind::Runtime, "file sink log '" + sparkLog.dir().string() + "' is damaged: it does not list '"
                                                    + name + "', which batch " + std::to_string(batchId) + " wrote");
            const fs::path path = folder / name;
            const std::string text = AtomicFile::read(path);
            const int64_t size = manifestField(file, "size", int64_t{0}, entryPath);
            if (size < 0 || text.size() != static_cast<uint64_t>(size) || listed->second != size)
                throw Error(ErrorKind::Runtime, "file sink part file '" + path.string() + "' is damaged: it has "
                                                    + std::to_string(text.size()) + " bytes, the manifest says "
                                                    + std::to_string(size));
            visible.erase(listed);
            try {
                if (format == "parquet") {
                    const ColumnBatch rows = ParquetFormat::read(text);
                    if (rows.schema.fields.size() != schema.fields.size())
                        throw Error(ErrorKind::Runtime, "it has " + std::to_string(rows.schema.fields.size())
                                                            + " columns, the manifest's schema "
                                                            + std::to_string(schema.fields.size()));
                    for (size_t r = 0; r < rows.numRows; ++r) {
                        std::vector<Value> row;
                        for (size_t c = 0; c < rows.columns.size(); ++c)
                            row.push_back(rows.get(r, c));
                        result.appendRow(row);
                    }
                } else if (csv) {
                    auto records = CsvFormat::parse(text);
                    for (size_t i = header ? 1 : 0; i < records.size(); ++i)
                        result.appendRow(CsvFormat::toRow(records[i], schema));
                } else {
                    size_t start = 0;
                    while (start < text.size()) {
                        size_t end = text.find('\n', start);
                        if (end == std::string::npos)
                            end = text.size();
                        if (end > start)
                            result.appendRow(JsonLinesFormat::parseRow(std::string_view(text).substr(start, end - start), schema));
                        start = end + 1;
                    }
                }
            } catch (const Error &e) {
                throw Error(ErrorKind::Runtime, "file sink part file '" + path.string() + "' is damaged: " + e.message());
            }
        }
    }
    if (!visible.empty())
        throw Error(ErrorKind::Runtime, "file sink log '" + sparkLog.dir().string() + "' lists '" + visible.begin()->first
                                            + "', which StreamStep did not write (no entry in " + kManifestFolder + "/"
                                            + kBookkeepingFolder + "): StreamStep reads only the file sink folders it wrote");
    return result;
}

ColumnBatch FileSink::readCommitted(const FolderFiles &files, const std::string &displayFolder)
{
    // The files go into a private scratch folder that the disk reader then reads, so both readers
    // are one (Spark's log, StreamStep's entries, the part files); messages name displayFolder.
    std::string scratchTemplate = (fs::temp_directory_path() / "streamstep-sink-read-XXXXXX").string();
    if (!::mkdtemp(scratchTemplate.data()))
        throw Error(ErrorKind::Runtime, "cannot create a scratch folder in '" + fs::temp_directory_path().string() + "'");
    const fs::path scratch = scratchTemplate;
    struct RemoveScratch {
        const fs::path &dir;
        ~RemoveScratch()
        {
            std::error_code ec;
            fs::remove_all(dir, ec);
        }
    } removeScratch{scratch};
    for (const auto &[name, bytes] : files) {
        const fs::path relative = fs::path(name).lexically_normal();
        if (name.empty() || relative.is_absolute() || *relative.begin() == "..")
            throw Error(ErrorKind::Runtime, "'" + displayFolder + "' names a file outside the folder: '" + name + "'");
        // A bundle may name "a" and "a/b" both, or end a name with '/': the folder cannot hold
        // such a pair, which is damage in the bundle, an Error, never a filesystem exception.
        const fs::path path = scratch / relative;
        std::error_code ec;
        fs::create_directories(path.parent_path(), ec);
        std::FILE *out = ec ? nullptr : std::fopen(path.c_str(), "wb");
        const bool written = out && std::fwrite(bytes.data(), 1, bytes.size(), out) == bytes.size();
        if (!out || std::fclose(out) != 0 || !written)
            throw Error(ErrorKind::Runtime, "cannot write the scratch copy of '" + displayFolder + "/" + name + "'");
    }
    try {
        return readCommitted(scratch);
    } catch (const Error &e) {
        std::string message = e.message();
        const std::string from = scratch.string();
        for (size_t at = message.find(from); at != std::string::npos; at = message.find(from, at + displayFolder.size()))
            message.replace(at, from.size(), displayFolder);
        throw Error(e.kind(), message);
    }
}

} // namespace streamstep
