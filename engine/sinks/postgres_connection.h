// Connects to PostgreSQL through libpq for the postgres sink, its reader and Test Connection,
// and turns libpq's failures into messages that say where it tried and what to do next: a server
// that is down or unreachable, a refused login, a missing database, a connection lost mid-batch.
#pragma once

#include "streamstep/scenario.h"
#include "streamstep/sink_connection.h"

#include <memory>
#include <string>
#include <vector>

typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;

namespace streamstep {

// The server, database and login a postgres (or jdbc) sink names.
struct PostgresTarget {
    std::string url;      // a libpq connection URI (jdbc:postgresql:// mapped to postgresql://)
    std::string user;     // the sink's `user` option (Spark's JDBC option), overriding the url's
    std::string password; // the sink's `password` option
    bool jdbcSpelling = false; // format("jdbc") with dbtable, as the Spark lesson writes it
    bool fromEnvironment = false; // the url came from STREAMSTEP_POSTGRES_URL
    SinkEndpoint endpoint;
};

// Reads the sink's url (`url`, or STREAMSTEP_POSTGRES_URL when set), `user`, `password` and
// `table` (`dbtable` for the jdbc spelling) options. Throws Error(Analysis) for a missing or
// malformed url, a jdbc url that is not jdbc:postgresql://, or a missing table.
PostgresTarget postgresTarget(const SinkSpec &sink);
// Reads a url given on the command line (sink-cat): postgresql://, postgres:// or jdbc:postgresql://.
PostgresTarget postgresTarget(const std::string &url);
// Whether a text names a PostgreSQL server rather than a file (sink-cat's PATH).
bool isPostgresUrl(const std::string &text);

// The name of the environment variable that points every postgres sink at another server.
inline constexpr const char *kPostgresUrlVariable = "STREAMSTEP_POSTGRES_URL";

using PgResultPtr = std::unique_ptr<PGresult, void (*)(PGresult *)>;

class PostgresConnection {
public:
    // Connects (UTF-8, TimeZone UTC, a 5 s connect timeout unless the url sets one). Throws
    // Error(Runtime) naming `who` and the server, with the fix: start a server, check the login,
    // create the database.
    PostgresConnection(const PostgresTarget &target, std::string who);
    ~PostgresConnection();
    PostgresConnection(const PostgresConnection &) = delete;
    PostgresConnection &operator=(const PostgresConnection &) = delete;

    PGconn *get() const { return m_conn; }
    const std::string &who() const { return m_who; }
    std::string serverVersion() const;

    // Runs a statement without parameters. Throws Error(Runtime) "<who>: <what>: <server message>".
    PgResultPtr execute(const std::string &sql, const std::string &what);
    // Runs a statement with text parameters (NULL for a null pointer).
    PgResultPtr execute(const std::string &sql, const std::vector<const char *> &params, const std::string &what);
    // Throws for a result that is not `expected` (PGRES_COMMAND_OK or PGRES_TUPLES_OK, …).
    PgResultPtr check(PGresult *result, int expected, const std::string &what);
    // The server's message for a failed result, with its detail and hint; says so when the
    // connection itself was lost.
    std::string failureText(const PGresult *result) const;
    [[noreturn]] void fail(const std::string &what, const PGresult *result) const;

private:
    PGconn *m_conn = nullptr;
    std::string m_who;
    SinkEndpoint m_endpoint;
};

// "SQLSTATE 23505" → the class of error for messages ("unique_violation").
std::string pgSqlState(const PGresult *result);

} // namespace streamstep
