#include "sinks/postgres_connection.h"

#include "sinks/sink_options.h"
#include "streamstep/error.h"
#include "types/text.h"

#include <libpq-fe.h>

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace streamstep {

namespace {

bool startsWith(const std::string &text, const char *prefix) { return text.rfind(prefix, 0) == 0; }

bool contains(const std::string &haystack, const char *needle) { return haystack.find(needle) != std::string::npos; }

std::string trimmedMessage(std::string text)
{
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    return text;
}

std::string osUser()
{
    if (const char *user = std::getenv("PGUSER"); user && *user)
        return user;
    if (const passwd *pw = ::getpwuid(::geteuid()))
        return pw->pw_name;
    return "";
}

// Fills the endpoint from the url as libpq reads it (PQconninfoParse: the same parser
// PQconnectdb uses), so messages name the host and port that libpq will really try.
SinkEndpoint parseEndpoint(const std::string &url, const std::string &userOption, const std::string &what)
{
    char *error = nullptr;
    PQconninfoOption *options = PQconninfoParse(url.c_str(), &error);
    if (!options) {
        std::string message = error ? trimmedMessage(error) : "out of memory";
        PQfreemem(error);
        throw analysisError(what + " '" + url + "' is not a PostgreSQL connection url (" + message
                            + "); write it as postgresql://user@host:port/database");
    }
    SinkEndpoint endpoint;
    endpoint.format = "postgres";
    for (PQconninfoOption *o = options; o->keyword; ++o) {
        const std::string value = o->val ? o->val : "";
        const std::string keyword = o->keyword;
        if (keyword == "host" || (keyword == "hostaddr" && endpoint.host.empty()))
            endpoint.host = value;
        else if (keyword == "port")
            endpoint.port = value;
        else if (keyword == "dbname")
            endpoint.database = value;
        else if (keyword == "user")
            endpoint.user = value;
    }
    PQconninfoFree(options);
    if (!userOption.empty())
        endpoint.user = userOption;
    if (endpoint.user.empty())
        endpoint.user = osUser();
    if (endpoint.port.empty())
        endpoint.port = std::getenv("PGPORT") && *std::getenv("PGPORT") ? std::getenv("PGPORT") : "5432";
    if (endpoint.host.empty() && std::getenv("PGHOST"))
        endpoint.host = std::getenv("PGHOST");
    if (endpoint.database.empty())
        endpoint.database = endpoint.user;
    endpoint.displayUrl = "postgresql://" + (endpoint.user.empty() ? "" : endpoint.user + "@")
        + (endpoint.host.empty() || endpoint.host.front() == '/' ? "" : endpoint.host) + ":" + endpoint.port + "/"
        + endpoint.database;
    if (!endpoint.host.empty() && endpoint.host.front() == '/')
        endpoint.displayUrl += "?host=" + endpoint.host;
    return endpoint;
}

std::string where(const SinkEndpoint &e)
{
    const std::string host = e.host.empty() ? "the local Unix socket" : e.host;
    return host + ":" + e.port + " (database '" + e.database + "', user '" + e.user + "')";
}

} // namespace

bool isPostgresUrl(const std::string &text)
{
    return startsWith(text, "postgresql://") || startsWith(text, "postgres://") || startsWith(text, "jdbc:postgresql:");
}

PostgresTarget postgresTarget(const std::string &url)
{
    PostgresTarget target;
    if (startsWith(url, "jdbc:")) {
        if (!startsWith(url, "jdbc:postgresql://"))
            throw analysisError("the jdbc url '" + url + "' is not a PostgreSQL one: StreamStep writes jdbc sinks "
                                "to PostgreSQL only (jdbc:postgresql://host:port/database)");
        target.url = url.substr(5); // jdbc:postgresql://h:p/db?user=u&password=x is a libpq URI without "jdbc:"
    } else {
        target.url = url;
    }
    if (!startsWith(target.url, "postgresql://") && !startsWith(target.url, "postgres://"))
        throw analysisError("the url '" + url + "' is not a PostgreSQL url (postgresql://user@host:port/database)");
    target.endpoint = parseEndpoint(target.url, "", "the url");
    return target;
}

PostgresTarget postgresTarget(const SinkSpec &sink)
{
    const bool jdbc = sink.format == "jdbc";
    std::string url = stringSinkOption(sink, "url");
    std::string origin = jdbc ? "the sink's jdbc url" : "the sink's url option";
    if (const char *overridden = std::getenv(kPostgresUrlVariable); overridden && *overridden) {
        url = overridden;
        origin = std::string("the environment variable ") + kPostgresUrlVariable;
    }
    if (url.empty())
        throw analysisError("the " + sink.format + " sink needs the 'url' option: the PostgreSQL server to write to, e.g. "
                            + (jdbc ? "\"jdbc:postgresql://localhost:5432/streamstep?user=streamstep\""
                                    : "\"postgresql://streamstep@localhost:5432/streamstep\"")
                            + " (or set " + kPostgresUrlVariable + ")");
    if (jdbc && !startsWith(url, "jdbc:") && origin == "the sink's jdbc url")
        throw analysisError("the jdbc sink's url '" + url + "' must start with jdbc:postgresql://");
    PostgresTarget target = postgresTarget(url);
    target.user = stringSinkOption(sink, "user");
    target.password = stringSinkOption(sink, "password");
    if (!target.user.empty())
        target.endpoint = parseEndpoint(target.url, target.user, "the url");
    target.endpoint.origin = origin;
    target.jdbcSpelling = jdbc;
    target.fromEnvironment = origin.find(kPostgresUrlVariable) != std::string::npos;
    std::string table = stringSinkOption(sink, "table");
    const std::string dbtable = stringSinkOption(sink, "dbtable");
    if (table.empty())
        table = dbtable;
    if (table.empty())
        throw analysisError("the " + sink.format + " sink needs the '" + (jdbc ? "dbtable" : "table")
                            + "' option: the table to write");
    target.endpoint.table = table;
    return target;
}

std::string pgSqlState(const PGresult *result)
{
    const char *state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
    return state ? state : "";
}

PostgresConnection::PostgresConnection(const PostgresTarget &target, std::string who)
    : m_who(std::move(who)), m_endpoint(target.endpoint)
{
    // Earlier keywords are defaults the url may override (expand_dbname); user and password
    // options come after it, as Spark's JDBC options win over the url.
    std::vector<const char *> keywords{"connect_timeout", "application_name", "dbname", "client_encoding"};
    std::vector<const char *> values{"5", "streamstep", target.url.c_str(), "UTF8"};
    if (!target.user.empty()) {
        keywords.push_back("user");
        values.push_back(target.user.c_str());
    }
    if (!target.password.empty()) {
        keywords.push_back("password");
        values.push_back(target.password.c_str());
    }
    keywords.push_back(nullptr);
    values.push_back(nullptr);
    m_conn = PQconnectdbParams(keywords.data(), values.data(), 1);
    if (!m_conn)
        throw Error(ErrorKind::Runtime, m_who + ": cannot connect to PostgreSQL: out of memory");
    if (PQstatus(m_conn) != CONNECTION_OK) {
        std::string message = trimmedMessage(PQerrorMessage(m_conn));
        for (size_t at = 0; (at = message.find('\n', at)) != std::string::npos;)
            message.replace(at, message.compare(at, 2, "\n\t") == 0 ? 2 : 1, message.compare(at, 2, "\n\t") == 0 ? "; " : " ");
        const std::string end = !message.empty() && (message.back() == '.' || message.back() == '?') ? " " : ". ";
        PQfinish(m_conn);
        m_conn = nullptr;
        const std::string at = where(m_endpoint);
        std::string text;
        if (contains(message, "authentication failed") || contains(message, "no password supplied")
            || contains(message, "pg_hba.conf") || (contains(message, "role \"") && contains(message, "does not exist"))) {
            text = m_who + ": PostgreSQL at " + at + " refused the login: " + message + end
                + "Check the user and password of the sink's url (or its user/password options, PGPASSWORD, "
                  "~/.pgpass); nothing was written.";
        } else if (contains(message, "database \"") && contains(message, "does not exist")) {
            text = m_who + ": PostgreSQL at " + at + " has no database '" + m_endpoint.database + "': " + message + end
                + "Create it (createdb -h " + (m_endpoint.host.empty() ? "localhost" : m_endpoint.host) + " -p "
                + m_endpoint.port + " " + m_endpoint.database + ") or name another in the url; nothing was written.";
        } else {
            text = m_who + ": cannot reach PostgreSQL at " + at + ", as " + m_endpoint.origin
                + (m_endpoint.origin.empty() ? "" : " says") + ": " + message + end
                + (contains(message, "Is the server running") ? "" : "Is a server running there? ")
                + "Start one (Debian: pg_ctlcluster 15 main start; a throwaway "
                  "one for tests: tools/postgres/start-test-server.sh), or point the sink at yours with its url or "
                + kPostgresUrlVariable + ". Nothing was written; the checkpoint is unchanged.";
        }
        throw Error(ErrorKind::Runtime, text);
    }
    PQsetNoticeProcessor(m_conn, [](void *, const char *) {}, nullptr); // "relation exists, skipping"
    execute("SET TimeZone = 'UTC'", "cannot set the session's time zone");
}

PostgresConnection::~PostgresConnection()
{
    if (m_conn)
        PQfinish(m_conn);
}

std::string PostgresConnection::serverVersion() const
{
    const int version = PQserverVersion(m_conn);
    return std::to_string(version / 10000) + "." + std::to_string(version % 10000);
}

std::string PostgresConnection::failureText(const PGresult *result) const
{
    if (PQstatus(m_conn) == CONNECTION_BAD)
        return "the connection to PostgreSQL at " + where(m_endpoint) + " was lost ("
            + trimmedMessage(PQerrorMessage(m_conn)) + ")";
    std::string text = trimmedMessage(result ? PQresultErrorMessage(result) : PQerrorMessage(m_conn));
    if (startsWith(text, "ERROR:  "))
        text = text.substr(8);
    for (size_t at = 0; (at = text.find('\n', at)) != std::string::npos;)
        text.replace(at, 1, "; ");
    for (const char *label : {"DETAIL:  ", "HINT:  ", "CONTEXT:  "})
        for (size_t at = 0; (at = text.find(label, at)) != std::string::npos;)
            text.erase(at + std::strlen(label) - 1, 1);
    return text;
}

void PostgresConnection::fail(const std::string &what, const PGresult *result) const
{
    throw Error(ErrorKind::Runtime, m_who + ": " + what + ": " + failureText(result));
}

PgResultPtr PostgresConnection::check(PGresult *raw, int expected, const std::string &what)
{
    PgResultPtr result(raw, PQclear);
    if (!raw || PQresultStatus(raw) != expected)
        fail(what, raw);
    return result;
}

PgResultPtr PostgresConnection::execute(const std::string &sql, const std::string &what)
{
    PGresult *raw = PQexec(m_conn, sql.c_str());
    const int status = raw ? PQresultStatus(raw) : PGRES_FATAL_ERROR;
    return check(raw, status == PGRES_TUPLES_OK ? PGRES_TUPLES_OK : PGRES_COMMAND_OK, what);
}

PgResultPtr PostgresConnection::execute(const std::string &sql, const std::vector<const char *> &params,
                                        const std::string &what)
{
    PGresult *raw = PQexecParams(m_conn, sql.c_str(), static_cast<int>(params.size()), nullptr, params.data(),
                                 nullptr, nullptr, 0);
    const int status = raw ? PQresultStatus(raw) : PGRES_FATAL_ERROR;
    return check(raw, status == PGRES_TUPLES_OK ? PGRES_TUPLES_OK : PGRES_COMMAND_OK, what);
}

} // namespace streamstep
