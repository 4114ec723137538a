#include "streamstep/sink_connection.h"

#include "sinks/postgres_sink.h"
#include "sinks/sink.h"
#include "sinks/sink_options.h"
#include "sinks/sqlite_sink.h"
#include "streamstep/engine.h"
#include "streamstep/error.h"

namespace streamstep {

std::optional<SinkEndpoint> sinkEndpoint(const SinkSpec &sink)
{
    if (!isPostgresSink(sink.format))
        return std::nullopt;
    return postgresTarget(sink).endpoint;
}

SinkConnectionTest testSinkConnection(const SinkSpec &sink, const Schema &resultSchema, OutputMode mode)
{
    SinkConnectionTest test;
    if (!isPostgresSink(sink.format)) {
        test.message = "the " + sink.format + " sink does not connect to a server";
        return test;
    }
    try {
        const PostgresTarget target = postgresTarget(sink);
        const std::vector<std::string> keys = SqliteSink::resolveKeyColumns(resultSchema, keySinkOption(sink), mode, "postgres");
        PostgresConnection db(target, "postgres sink '" + target.endpoint.displayUrl + "'");
        test.serverVersion = db.serverVersion();
        test.tableProblem = PostgresSink::tableProblem(db, target.endpoint.table, resultSchema, keys, mode, &test.tableExists);
        test.ok = test.tableProblem.empty();
        const std::string table = PostgresSink::qualifiedName(target.endpoint.table);
        test.message = "Connected to PostgreSQL " + test.serverVersion + " at " + target.endpoint.displayUrl + "; "
            + (!test.tableExists          ? "the table " + table + " does not exist yet: the first batch creates it."
               : test.tableProblem.empty() ? "the table " + table + " fits the query."
                                           : test.tableProblem);
    } catch (const Error &e) {
        test.ok = false;
        test.message = e.message();
    }
    return test;
}

ColumnBatch readSinkTable(const SinkSpec &sink)
{
    if (!isPostgresSink(sink.format))
        throw Error(ErrorKind::Runtime, "the " + sink.format + " sink has no server table to read");
    const PostgresTarget target = postgresTarget(sink);
    return PostgresSink::readTable(target, target.endpoint.table);
}

SinkServerWriter::SinkServerWriter(const Query &query, std::string queryId)
    : m_spec(query.sink()), m_mode(query.outputMode())
{
    if (!isPostgresSink(m_spec.format))
        throw Error(ErrorKind::Runtime, "the " + m_spec.format + " sink does not write to a server");
    m_sink = createSink(query, SinkContext{{}, std::move(queryId), {}, {}});
}

SinkServerWriter::~SinkServerWriter() = default;

void SinkServerWriter::write(const BatchReport &report)
{
    m_sink->addBatch(report.batchId, report.emitted, m_mode);
}

ColumnBatch SinkServerWriter::readTable() const
{
    return readSinkTable(m_spec);
}

std::string SinkServerWriter::description() const
{
    return m_sink->description();
}

} // namespace streamstep
