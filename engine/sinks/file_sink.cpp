#include "sinks/file_sink.h"

#include "checkpoint/atomic_file.h"
#include "sinks/csv_format.h"
#include "sinks/json_lines_format.h"
#include "sinks/parquet_format.h"
#include "streamstep/error.h"

#include <cstdio>
#include <cstring>
#include <functional>

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
        return it->get<T>();
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
      m_schema(std::move(schema)), m_context(std::move(context)),
      m_manifest(m_folder / kManifestFolder, "file sink manifest")
{
    AtomicFile::createDirectories(m_folder / kManifestFolder);
    AtomicFile::removeStaleTempFiles(m_folder);
    AtomicFile::removeStaleTempFiles(m_folder / kManifestFolder);
    m_lastCommitted = m_manifest.latestBatchId();
    if (!m_lastCommitted)
        return;
    const nlohmann::json latest = *m_manifest.get(*m_lastCommitted);
    const std::string owner = manifestField(latest, "queryId", std::string(), m_manifest.entryPath(*m_lastCommitted));
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
    if (rows.numRows > 0) {
        std::string text;
        if (m_format == Format::Parquet)
            text = ParquetFormat::write(rows);
        if (m_format == Format::Csv && m_header)
            CsvFormat::appendHeader(text, rows.schema);
        for (size_t r = 0; r < rows.numRows && m_format != Format::Parquet; ++r) {
            if (m_format == Format::Csv)
                CsvFormat::appendRow(text, rows, r);
            else
                JsonLinesFormat::appendRow(text, rows, r);
        }
        const std::string name = partFileName(batchId, m_format);
        AtomicFile::write(m_folder / name, text);
        files.push_back({{"path", name}, {"size", text.size()}, {"numRows", rows.numRows}, {"action", "add"}});
    }
    if (m_context.faultHook)
        m_context.faultHook("mid-sink", batchId);
    nlohmann::json entry = {{"batchId", batchId},
                            {"queryId", m_context.queryId},
                            {"format", formatName(m_format)},
                            {"header", m_format == Format::Csv && m_header},
                            {"schema", schemaToJson(m_schema)},
                            {"files", files}};
    m_manifest.add(batchId, entry);
    m_lastCommitted = batchId;
}

namespace {

// Where readCommitted reads a sink folder from: the disk, or files in memory.
struct CommittedSource {
    std::string folder; // for messages
    std::function<std::vector<int64_t>()> manifestIds;
    std::function<nlohmann::json(int64_t)> manifestEntry;
    std::function<std::string(int64_t)> entryPath;
    std::function<std::string(const std::string &name)> partPath;
    std::function<std::string(const std::string &name)> readPart; // throws Error(Runtime) when missing
};

ColumnBatch readCommittedFrom(const CommittedSource &source);

} // namespace

ColumnBatch FileSink::readCommitted(const fs::path &folder)
{
    const MetadataLog manifest(folder / kManifestFolder, "file sink manifest");
    std::error_code ec;
    if (!fs::is_directory(manifest.dir(), ec))
        throw Error(ErrorKind::Runtime, "'" + folder.string() + "' is not a file sink folder (it has no "
                                            + kManifestFolder + " manifest)");
    CommittedSource source;
    source.folder = folder.string();
    source.manifestIds = [&] { return manifest.batchIds(); };
    source.manifestEntry = [&](int64_t batchId) { return *manifest.get(batchId); };
    source.entryPath = [&](int64_t batchId) { return manifest.entryPath(batchId).string(); };
    source.partPath = [&](const std::string &name) { return (folder / name).string(); };
    source.readPart = [&](const std::string &name) { return AtomicFile::read(folder / name); };
    return readCommittedFrom(source);
}

ColumnBatch FileSink::readCommitted(const FolderFiles &files, const std::string &displayFolder)
{
    const std::string prefix = std::string(kManifestFolder) + "/";
    std::map<int64_t, const std::string *> entries;
    bool hasManifest = false;
    for (const auto &[name, bytes] : files) {
        if (!name.starts_with(prefix))
            continue;
        hasManifest = true;
        const std::string rest = name.substr(prefix.size());
        if (const std::optional<int64_t> id = MetadataLog::batchIdOf(rest))
            entries[*id] = &bytes;
    }
    const std::string folder = displayFolder;
    const auto pathOf = [&](const std::string &name) { return (fs::path(folder) / name).string(); };
    if (!hasManifest)
        throw Error(ErrorKind::Runtime, "'" + folder + "' is not a file sink folder (it has no " + kManifestFolder
                                            + " manifest)");
    CommittedSource source;
    source.folder = folder;
    source.manifestIds = [&] {
        std::vector<int64_t> ids;
        for (const auto &entry : entries)
            ids.push_back(entry.first);
        return ids;
    };
    source.entryPath = [&](int64_t batchId) { return pathOf(prefix + std::to_string(batchId)); };
    source.manifestEntry = [&](int64_t batchId) {
        return MetadataLog::parseEntry(*entries.at(batchId), "file sink manifest", source.entryPath(batchId));
    };
    source.partPath = pathOf;
    source.readPart = [&](const std::string &name) {
        const auto it = files.find(name);
        if (it == files.end())
            throw Error(ErrorKind::Runtime, "cannot read '" + pathOf(name) + "': " + std::strerror(ENOENT));
        return it->second;
    };
    return readCommittedFrom(source);
}

namespace {

ColumnBatch readCommittedFrom(const CommittedSource &source)
{
    ColumnBatch result;
    bool haveSchema = false;
    for (int64_t batchId : source.manifestIds()) {
        const nlohmann::json entry = source.manifestEntry(batchId);
        const std::string entryPath = source.entryPath(batchId);
        Schema schema;
        try {
            schema = schemaFromJson(manifestField(entry, "schema", nlohmann::json(), entryPath));
        } catch (const Error &e) {
            throw Error(ErrorKind::Runtime, "file sink manifest file '" + entryPath
                                                + "' is damaged: " + e.message());
        }
        if (!haveSchema) {
            result = ColumnBatch::empty(schema);
            haveSchema = true;
        } else if (schema.fields.size() != result.schema.fields.size()) {
            throw Error(ErrorKind::Runtime, "file sink manifest file '" + entryPath
                                                + "' has a different schema than the batches before it");
        }
        const bool header = manifestField(entry, "header", false, entryPath);
        const std::string format = manifestField(entry, "format", std::string(), entryPath);
        const bool csv = format == "csv";
        const nlohmann::json files = manifestField(entry, "files", nlohmann::json::array(), entryPath);
        if (!files.is_array())
            throw Error(ErrorKind::Runtime, "file sink manifest file '" + entryPath + "' is damaged: 'files' is not an array");
        for (const nlohmann::json &file : files) {
            const std::string name = manifestField(file, "path", std::string(), entryPath);
            if (!isPartFileName(name))
                throw Error(ErrorKind::Runtime, "file sink manifest file '" + entryPath + "' is damaged: it lists '"
                                                    + name + "', which is not a file of the sink folder");
            const std::string path = source.partPath(name);
            const std::string text = source.readPart(name);
            const int64_t size = manifestField(file, "size", int64_t{0}, entryPath);
            if (size < 0 || text.size() != static_cast<uint64_t>(size))
                throw Error(ErrorKind::Runtime, "file sink part file '" + path + "' is damaged: it has "
                                                    + std::to_string(text.size()) + " bytes, the manifest says "
                                                    + std::to_string(size));
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
                throw Error(ErrorKind::Runtime, "file sink part file '" + path + "' is damaged: " + e.message());
            }
        }
    }
    return result;
}

} // namespace

} // namespace streamstep
