// Tells the app which network server a scenario's sink would reach (the postgres and jdbc
// sinks), so it can ask the user before connecting, and tests that connection (the sink form's
// Test Connection) and reads the table back (the sink panel) — a lesson file is shared, and
// opening it must never reach a server the user did not approve.
#pragma once

#include "streamstep/column_batch.h"
#include "streamstep/scenario.h"

#include <memory>
#include <optional>
#include <string>

namespace streamstep {

// A server a sink connects to over the network.
struct SinkEndpoint {
    std::string format;     // "postgres" (also for the jdbc spelling)
    std::string displayUrl; // postgresql://user@host:port/db, without a password
    std::string host;       // as libpq reads the url ("" for the default Unix socket)
    std::string port;       // "5432" when the url names none
    std::string database;
    std::string user;
    std::string table;      // the sink's table (schema-qualified when the option is)
    // Where the url came from: "the sink's url option", "the sink's jdbc url", or the environment
    // variable STREAMSTEP_POSTGRES_URL, which overrides every postgres sink's url.
    std::string origin;
};

// The server the sink would connect to; nullopt for sinks that stay on this machine (console,
// memory, files, SQLite). Reads the options only: never connects. Throws Error(Analysis) for a
// url that is missing or not a PostgreSQL one.
std::optional<SinkEndpoint> sinkEndpoint(const SinkSpec &sink);

// What Test Connection found.
struct SinkConnectionTest {
    bool ok = false;
    std::string message;       // "Connected to PostgreSQL 15.18 at 127.0.0.1:5432 as streamstep; table … does not exist yet (it is created at the first batch)"
    std::string serverVersion; // "15.18" when connected
    bool tableExists = false;
    // When the table exists and does not fit the query's result (a missing column, another
    // type, no key for the upsert): the same message the run would stop with.
    std::string tableProblem;
};

// Connects to the sink's server (after the caller has asked the user), checks the table against
// the result schema and output mode without changing anything, and disconnects. Never throws for
// a server problem: `ok` is false and `message` says where it tried and what to do.
SinkConnectionTest testSinkConnection(const SinkSpec &sink, const Schema &resultSchema, OutputMode mode);

// Reads the sink's table from its server as typed rows, ordered by its primary key (the sink
// panel after each batch). Throws Error(Runtime) with a clear message when the server cannot be
// reached or the table is missing.
ColumnBatch readSinkTable(const SinkSpec &sink);

class Query;
class Sink;
struct BatchReport;

// Writes an app run's batches to the sink's server and reads the table back after each. The app
// steps an in-memory Run that writes nothing; for a sink on a server (postgres, jdbc) the table
// the class sees should be the real one, so each batch the Run produced is written here by the
// real sink — its own transaction with the batch-id bookkeeping, exactly as `streamstep-cli run`
// writes it — and the table is then read back from the server.
class SinkServerWriter {
public:
    // Connects to the query's sink server (the caller has asked the user) and creates or checks
    // the table. `queryId` names this run's batches in the bookkeeping table, so a new run
    // writes its batch 0 again instead of skipping it. Throws Error as the CLI's run would:
    // Analysis for bad options, Runtime for a server that cannot be reached, refuses the login
    // or holds a table that does not fit.
    SinkServerWriter(const Query &query, std::string queryId);
    ~SinkServerWriter();
    SinkServerWriter(const SinkServerWriter &) = delete;
    SinkServerWriter &operator=(const SinkServerWriter &) = delete;

    // Writes one batch's emitted rows in one transaction (update: upsert, complete: replace,
    // append: insert). Throws Error(Runtime) when the server refuses it; nothing of it is then
    // visible.
    void write(const BatchReport &report);
    // The table as the server holds it now, ordered by its primary key.
    ColumnBatch readTable() const;
    // "postgres sink 'postgresql://user@host:port/db' table account_counts"
    std::string description() const;

private:
    SinkSpec m_spec;
    OutputMode m_mode;
    std::unique_ptr<Sink> m_sink;
};

} // namespace streamstep
