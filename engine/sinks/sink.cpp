#include "sinks/sink.h"

#include "analysis/logical_plan.h"
#include "sinks/csv_format.h"
#include "sinks/file_sink.h"
#include "sinks/postgres_sink.h"
#include "sinks/sink_options.h"
#include "sinks/sqlite_sink.h"
#include "sinks/transient_sink.h"
#include "streamstep/error.h"

namespace streamstep {

namespace fs = std::filesystem;


bool isFaultTolerantSink(const std::string &format)
{
    return sinkWritesFiles(format) || isPostgresSink(format);
}

bool sinkWritesFiles(const std::string &format)
{
    return format == "csv" || format == "json" || format == "parquet" || format == "sqlite";
}

bool isPostgresSink(const std::string &format) { return format == "postgres" || format == "jdbc"; }

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

namespace {

bool isInside(const fs::path &root, const fs::path &path)
{
    auto r = root.begin();
    auto p = path.begin();
    for (; r != root.end(); ++r, ++p)
        if (p == path.end() || *r != *p)
            return false;
    return true;
}

// Refuses a sink whose path, a parent of it or a file it writes beside it is a symbolic link
// that leads outside the output folder: the lexical check of resolveSinkPath cannot see links,
// and a folder unpacked from a stranger's archive may hold them.
void checkSymbolicLinks(const fs::path &outputDir, const fs::path &relative, const std::vector<std::string> &besides,
                        const std::string &where, const std::string &pathText)
{
    std::error_code ec;
    const fs::path root = fs::weakly_canonical(outputDir, ec);
    if (ec)
        return; // a missing output folder is reported when the run starts
    std::vector<fs::path> candidates;
    fs::path current = outputDir;
    for (const fs::path &part : relative) {
        current /= part;
        candidates.push_back(current);
    }
    for (const std::string &name : besides)
        candidates.push_back(name.starts_with("-") ? fs::path(current.string() + name) : current / name);
    for (const fs::path &candidate : candidates) {
        if (!fs::is_symlink(fs::symlink_status(candidate, ec)))
            continue;
        // Where the link points, resolved from its own folder (a dangling link too: a sink
        // would create its target).
        fs::path target = fs::read_symlink(candidate, ec);
        if (!ec && target.is_relative())
            target = candidate.parent_path() / target;
        const fs::path resolved = ec ? fs::path() : fs::weakly_canonical(target, ec);
        if (ec || !isInside(root, resolved))
            throw Error(ErrorKind::Scenario, where + "the sink path '" + pathText
                                                 + "' leads outside the output folder (--output-dir) through the "
                                                   "symbolic link '"
                                                 + candidate.string() + "' (to '" + (ec ? target : resolved).string()
                                                 + "'); sink paths must stay inside it, so a shared scenario cannot "
                                                   "write elsewhere");
    }
}

} // namespace

void checkSinkOptions(const SinkSpec &sink, const Schema &resultSchema, OutputMode mode)
{
    if (isPostgresSink(sink.format)) {
        postgresTarget(sink); // url and table
        SqliteSink::resolveKeyColumns(resultSchema, keySinkOption(sink), mode, "postgres");
        return;
    }
    if (!isFaultTolerantSink(sink.format))
        return;
    if (!findSinkOption(sink, "path"))
        throw analysisError("'path' is not specified"); // Spark's DataSource message
    stringSinkOption(sink, "path");
    if (sink.format == "csv") {
        headerSinkOption(sink); // a struct column fails the first batch (Query's planningFailure)
    } else if (sink.format == "sqlite") {
        if (stringSinkOption(sink, "table").empty())
            throw analysisError("the sqlite sink needs the 'table' option: the table to write");
        SqliteSink::resolveKeyColumns(resultSchema, keySinkOption(sink), mode);
    }
}

fs::path validateSinkOptions(const Query &query, const fs::path &outputDir)
{
    const SinkSpec &sink = query.sink();
    if (!isFaultTolerantSink(sink.format))
        return {};
    checkSinkOptions(sink, query.resultSchema(), query.outputMode());
    if (!sinkWritesFiles(sink.format))
        return {};
    const std::string path = stringSinkOption(sink, "path");
    const std::string &fileName = query.compiled().fileName;
    const fs::path resolved = resolveSinkPath(outputDir, path, fileName, sink.position);
    // What each sink writes beside or inside its path: a file sink's manifest folder, SQLite's
    // journal files.
    const std::vector<std::string> besides = sink.format == "sqlite"
        ? std::vector<std::string>{"-journal", "-wal", "-shm"}
        : std::vector<std::string>{FileSink::kManifestFolder,
                                   std::string(FileSink::kManifestFolder) + "/" + FileSink::kBookkeepingFolder};
    checkSymbolicLinks(outputDir, fs::path(path).lexically_normal(), besides,
                       fileName + ":" + std::to_string(sink.position.line) + ":" + std::to_string(sink.position.column)
                           + ": ",
                       path);
    return resolved;
}

std::unique_ptr<Sink> createSink(const Query &query, const SinkContext &context)
{
    const SinkSpec &sink = query.sink();
    const fs::path path = validateSinkOptions(query, context.outputDir);
    if (sink.format == "csv" || sink.format == "json" || sink.format == "parquet")
        return std::make_unique<FileSink>(path, stringSinkOption(sink, "path"), FileSink::formatOf(sink.format),
                                          headerSinkOption(sink), query.resultSchema(), context);
    if (isPostgresSink(sink.format))
        return std::make_unique<PostgresSink>(postgresTarget(sink), keySinkOption(sink), query.resultSchema(),
                                              query.outputMode(), context);
    if (sink.format == "sqlite")
        return std::make_unique<SqliteSink>(path, stringSinkOption(sink, "path"), stringSinkOption(sink, "table"),
                                            keySinkOption(sink), query.resultSchema(), query.outputMode(), context);
    return std::make_unique<TransientSink>(sink.format);
}

} // namespace streamstep
