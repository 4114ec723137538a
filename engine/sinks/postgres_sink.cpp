#include "sinks/postgres_sink.h"

#include "sinks/sqlite_sink.h"
#include "streamstep/error.h"
#include "streamstep/value_format.h"
#include "types/text.h"

#include <libpq-fe.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>

namespace streamstep {

namespace {

// PostgreSQL's type OIDs (pg_type.dat) of the types the sink binds.
constexpr Oid kBoolOid = 16;
constexpr Oid kInt8Oid = 20;
constexpr Oid kInt4Oid = 23;
constexpr Oid kTextOid = 25;
constexpr Oid kFloat8Oid = 701;
constexpr Oid kTimestamptzOid = 1184;
constexpr Oid kNumericOid = 1700;

// PostgreSQL counts timestamps from 2000-01-01 00:00:00 UTC.
constexpr int64_t kPostgresEpochMicros = 946684800LL * 1000000;

std::string pgType(const DataType &type)
{
    switch (type.kind) {
    case TypeKind::Boolean: return "boolean";
    case TypeKind::Int: return "integer";
    case TypeKind::Long: return "bigint";
    case TypeKind::Double: return "double precision";
    case TypeKind::Decimal: return "numeric(" + std::to_string(type.precision) + "," + std::to_string(type.scale) + ")";
    case TypeKind::Timestamp:
    case TypeKind::Window: return "timestamp with time zone";
    default: return "text";
    }
}

Oid pgOid(const DataType &type)
{
    switch (type.kind) {
    case TypeKind::Boolean: return kBoolOid;
    case TypeKind::Int: return kInt4Oid;
    case TypeKind::Long: return kInt8Oid;
    case TypeKind::Double: return kFloat8Oid;
    case TypeKind::Decimal: return kNumericOid;
    case TypeKind::Timestamp:
    case TypeKind::Window: return kTimestamptzOid;
    default: return kTextOid;
    }
}

void appendBigEndian(std::string &out, uint64_t value, int bytes)
{
    for (int shift = (bytes - 1) * 8; shift >= 0; shift -= 8)
        out.push_back(static_cast<char>((value >> shift) & 0xFF));
}

// numeric's binary form (numeric_send): ndigits, weight, sign, dscale, then base-10000 digits
// aligned on the decimal point, without leading or trailing zero digits.
void appendNumeric(std::string &out, Int128 unscaled, int scale)
{
    const bool negative = unscaled < 0;
    unsigned __int128 magnitude = negative ? -static_cast<unsigned __int128>(unscaled) : static_cast<unsigned __int128>(unscaled);
    unsigned __int128 power = 1;
    for (int i = 0; i < scale; ++i)
        power *= 10;
    unsigned __int128 integer = magnitude / power;
    unsigned __int128 fraction = magnitude % power;
    const int fractionGroups = (scale + 3) / 4;
    for (int i = scale; i < fractionGroups * 4; ++i)
        fraction *= 10;
    std::vector<uint16_t> digits;
    while (integer > 0) {
        digits.push_back(static_cast<uint16_t>(integer % 10000));
        integer /= 10000;
    }
    std::reverse(digits.begin(), digits.end());
    int weight = static_cast<int>(digits.size()) - 1;
    std::vector<uint16_t> fractionDigits(static_cast<size_t>(fractionGroups));
    for (int i = fractionGroups - 1; i >= 0; --i) {
        fractionDigits[static_cast<size_t>(i)] = static_cast<uint16_t>(fraction % 10000);
        fraction /= 10000;
    }
    digits.insert(digits.end(), fractionDigits.begin(), fractionDigits.end());
    size_t first = 0;
    while (first < digits.size() && digits[first] == 0) {
        ++first;
        --weight;
    }
    digits.erase(digits.begin(), digits.begin() + static_cast<std::ptrdiff_t>(first));
    while (!digits.empty() && digits.back() == 0)
        digits.pop_back();
    if (digits.empty())
        weight = 0;
    appendBigEndian(out, digits.size(), 2);
    appendBigEndian(out, static_cast<uint16_t>(static_cast<int16_t>(weight)), 2);
    appendBigEndian(out, negative && !digits.empty() ? 0x4000 : 0x0000, 2);
    appendBigEndian(out, static_cast<uint16_t>(scale), 2);
    for (uint16_t d : digits)
        appendBigEndian(out, d, 2);
}

// The binary send form of one non-null cell (for COPY BINARY and binary parameters).
void appendBinaryCell(std::string &out, const Column &column, size_t row, bool windowEnd)
{
    switch (column.type().kind) {
    case TypeKind::Boolean: out.push_back(column.ints()[row] ? 1 : 0); break;
    case TypeKind::Int: appendBigEndian(out, static_cast<uint32_t>(column.ints()[row]), 4); break;
    case TypeKind::Long: appendBigEndian(out, static_cast<uint64_t>(column.ints()[row]), 8); break;
    case TypeKind::Double: {
        uint64_t bits = 0;
        const double v = column.doubles()[row];
        std::memcpy(&bits, &v, sizeof bits);
        appendBigEndian(out, bits, 8);
        break;
    }
    case TypeKind::Decimal: appendNumeric(out, column.decimals()[row], column.type().scale); break;
    case TypeKind::Timestamp: appendBigEndian(out, static_cast<uint64_t>(column.ints()[row] - kPostgresEpochMicros), 8); break;
    case TypeKind::Window:
        appendBigEndian(out, static_cast<uint64_t>((windowEnd ? column.ends()[row] : column.ints()[row]) - kPostgresEpochMicros), 8);
        break;
    case TypeKind::String: out += column.strings()[row]; break;
    default: out += toDisplayString(column.get(row)); break;
    }
}

// One table column of a result column (a window struct gives two).
struct CellSource {
    size_t column;
    bool windowEnd;
};

std::vector<CellSource> cellSources(const Schema &schema)
{
    std::vector<CellSource> sources;
    for (size_t c = 0; c < schema.fields.size(); ++c) {
        sources.push_back({c, false});
        if (schema.fields[c].type.kind == TypeKind::Window)
            sources.push_back({c, true});
    }
    return sources;
}

bool equalNoCase(const std::string &a, const std::string &b) { return asciiLowerCase(a) == asciiLowerCase(b); }

// Whether a column declared `declared` holds the values of `wanted` (what the sink creates).
bool typeHolds(const std::string &declared, const std::string &wanted, const DataType &type)
{
    if (declared == wanted)
        return true;
    switch (type.kind) {
    case TypeKind::Int: return declared == "bigint" || declared == "numeric";
    case TypeKind::String: return declared.starts_with("character varying") && declared.find('(') == std::string::npos;
    case TypeKind::Decimal: {
        if (declared == "numeric")
            return true;
        int precision = 0, scale = 0;
        if (std::sscanf(declared.c_str(), "numeric(%d,%d)", &precision, &scale) != 2)
            return false;
        return scale == type.scale && precision >= type.precision;
    }
    default: return false;
    }
}

std::vector<std::string> split(const std::string &text, char separator)
{
    std::vector<std::string> parts;
    size_t start = 0;
    for (;;) {
        const size_t at = text.find(separator, start);
        parts.push_back(text.substr(start, at - start));
        if (at == std::string::npos)
            return parts;
        start = at + 1;
    }
}

std::string joinedNames(const std::vector<std::string> &names)
{
    std::string text;
    for (const std::string &n : names)
        text += (text.empty() ? "" : ", ") + n;
    return text;
}

std::string batchTableOf(const std::string &table)
{
    const size_t dot = table.find('.');
    const std::string schema = dot == std::string::npos ? "" : table.substr(0, dot);
    return schema.empty() ? PostgresSink::quoteIdentifier(PostgresSink::kBatchTable)
                          : PostgresSink::quoteIdentifier(schema) + "." + PostgresSink::quoteIdentifier(PostgresSink::kBatchTable);
}

} // namespace

std::string PostgresSink::quoteIdentifier(const std::string &name) { return SqliteSink::quoteIdentifier(name); }

std::string PostgresSink::qualifiedName(const std::string &table)
{
    const size_t dot = table.find('.');
    if (dot == std::string::npos || dot == 0 || dot + 1 == table.size())
        return quoteIdentifier(table);
    return quoteIdentifier(table.substr(0, dot)) + "." + quoteIdentifier(table.substr(dot + 1));
}

std::vector<std::pair<std::string, std::string>> PostgresSink::tableColumns(const Schema &schema)
{
    std::vector<std::pair<std::string, std::string>> columns;
    for (const Field &f : schema.fields) {
        if (f.type.kind == TypeKind::Window) {
            columns.emplace_back(f.name + "_start", pgType(f.type));
            columns.emplace_back(f.name + "_end", pgType(f.type));
        } else {
            columns.emplace_back(f.name, pgType(f.type));
        }
    }
    return columns;
}

PostgresSink::PostgresSink(PostgresTarget target, std::vector<std::string> keyColumns, Schema schema, OutputMode mode,
                           SinkContext context)
    : m_target(std::move(target)), m_table(m_target.endpoint.table),
      m_keyColumns(SqliteSink::resolveKeyColumns(schema, keyColumns, mode, "postgres")), m_schema(std::move(schema)),
      m_mode(mode), m_context(std::move(context)), m_columns(tableColumns(m_schema))
{
    if (m_target.jdbcSpelling)
        m_notice = "Note: Spark has no streaming jdbc sink (writeStream.format(\"jdbc\") fails with \"Data source jdbc "
                   "does not support streamed writing\"); a Spark job writes PostgreSQL from foreachBatch, upserting each "
                   "batch over JDBC. StreamStep writes this sink as its postgres sink, which does that, exactly once.";
    if (m_target.fromEnvironment)
        m_notice += std::string(m_notice.empty() ? "" : "\n") + "Note: writing to " + m_target.endpoint.displayUrl
            + " from " + kPostgresUrlVariable + " instead of the sink's url option.";
    if (m_context.approveConnection && !m_context.approveConnection(m_target.endpoint))
        throw Error(ErrorKind::Runtime, description() + ": not connected: connecting to " + m_target.endpoint.displayUrl
                                            + " was not approved. Nothing was written.");
    m_connection = std::make_unique<PostgresConnection>(m_target, description());
    PostgresConnection &db = *m_connection;
    db.execute("BEGIN", "cannot start a transaction");
    try {
        db.execute("CREATE TABLE IF NOT EXISTS " + batchTableOf(m_table)
                       + " (query_id text NOT NULL, table_name text NOT NULL, batch_id bigint NOT NULL,"
                         " num_rows bigint NOT NULL, committed_at timestamp with time zone NOT NULL DEFAULT now(),"
                         " PRIMARY KEY (query_id, table_name, batch_id))",
                   "cannot create the batch bookkeeping table " + std::string(kBatchTable));
        createOrCheckTable();
        const PgResultPtr last = db.execute("SELECT max(batch_id) FROM " + batchTableOf(m_table)
                                                + " WHERE query_id = $1 AND table_name = $2",
                                            {m_context.queryId.c_str(), m_table.c_str()},
                                            "cannot read the batch bookkeeping");
        if (!PQgetisnull(last.get(), 0, 0))
            m_lastCommitted = std::strtoll(PQgetvalue(last.get(), 0, 0), nullptr, 10);
        db.execute("COMMIT", "cannot commit the table's creation");
    } catch (...) {
        PQclear(PQexec(db.get(), "ROLLBACK"));
        throw;
    }
}

PostgresSink::~PostgresSink() = default;

std::string PostgresSink::description() const
{
    return "postgres sink '" + m_target.endpoint.displayUrl + "' table " + qualifiedName(m_table);
}

std::string PostgresSink::tableProblem(PostgresConnection &db, const std::string &table, const Schema &schema,
                                       const std::vector<std::string> &keyColumns, OutputMode mode, bool *exists)
{
    const std::string qualified = qualifiedName(table);
    const PgResultPtr oid = db.execute("SELECT to_regclass($1)::oid", {qualified.c_str()}, "cannot look the table up");
    *exists = !PQgetisnull(oid.get(), 0, 0);
    if (!*exists)
        return {};
    const std::string relation = PQgetvalue(oid.get(), 0, 0);
    const PgResultPtr attributes = db.execute(
        "SELECT attname, format_type(atttypid, atttypmod), attnotnull, atthasdef FROM pg_attribute"
        " WHERE attrelid = $1::oid AND attnum > 0 AND NOT attisdropped ORDER BY attnum",
        {relation.c_str()}, "cannot read the table's columns");
    struct Existing {
        std::string name, type;
        bool notNull, hasDefault, used = false;
    };
    std::vector<Existing> existing;
    for (int r = 0; r < PQntuples(attributes.get()); ++r)
        existing.push_back({PQgetvalue(attributes.get(), r, 0), PQgetvalue(attributes.get(), r, 1),
                            PQgetvalue(attributes.get(), r, 2)[0] == 't', PQgetvalue(attributes.get(), r, 3)[0] == 't'});
    const auto columns = tableColumns(schema);
    const auto sources = cellSources(schema);
    std::vector<std::string> problems;
    for (size_t i = 0; i < columns.size(); ++i) {
        // Not a structured binding: clang 14 (the fuzz build) cannot capture one in a lambda.
        const std::string &name = columns[i].first;
        const std::string &type = columns[i].second;
        auto it = std::find_if(existing.begin(), existing.end(), [&](const Existing &e) { return e.name == name; });
        if (it == existing.end()) {
            it = std::find_if(existing.begin(), existing.end(), [&](const Existing &e) { return equalNoCase(e.name, name); });
            problems.push_back(it == existing.end()
                                   ? "it has no column " + quoteIdentifier(name) + " (" + type + ") for the result column "
                                         + schema.fields[sources[i].column].name
                                   : "its column " + quoteIdentifier(it->name) + " is not spelled " + quoteIdentifier(name)
                                         + " (PostgreSQL compares quoted names exactly)");
            continue;
        }
        it->used = true;
        if (!typeHolds(it->type, type, schema.fields[sources[i].column].type))
            problems.push_back("its column " + quoteIdentifier(name) + " is " + it->type + ", but the query writes "
                               + schema.fields[sources[i].column].type.sparkName() + " (" + type + ")");
    }
    for (const Existing &e : existing)
        if (!e.used && e.notNull && !e.hasDefault)
            problems.push_back("its column " + quoteIdentifier(e.name) + " is NOT NULL without a default, and the "
                               "query writes no value to it");
    if (!keyColumns.empty() && mode == OutputMode::Update) {
        const PgResultPtr indexes = db.execute(
            "SELECT array_to_string(ARRAY(SELECT a.attname FROM unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)"
            " JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum ORDER BY k.n), E'\\x1f')"
            " FROM pg_index i WHERE i.indrelid = $1::oid AND i.indisunique",
            {relation.c_str()}, "cannot read the table's keys");
        const std::set<std::string> wanted(keyColumns.begin(), keyColumns.end());
        bool found = false;
        for (int r = 0; r < PQntuples(indexes.get()) && !found; ++r) {
            const std::vector<std::string> names = split(PQgetvalue(indexes.get(), r, 0), '\x1f');
            found = std::set<std::string>(names.begin(), names.end()) == wanted;
        }
        if (!found) {
            std::string quoted;
            for (const std::string &k : keyColumns)
                quoted += (quoted.empty() ? "" : ", ") + quoteIdentifier(k);
            problems.push_back("it has no primary key or unique constraint on (" + joinedNames(keyColumns)
                               + "), which INSERT … ON CONFLICT needs to upsert (ALTER TABLE " + qualified
                               + " ADD PRIMARY KEY (" + quoted + "))");
        }
    }
    if (problems.empty())
        return {};
    std::string text;
    for (const std::string &p : problems)
        text += (text.empty() ? "" : "; ") + p;
    return "the table " + qualified + " exists, but " + text
        + ". Change or drop the table, or write to another table.";
}

void PostgresSink::createOrCheckTable()
{
    bool exists = false;
    const std::string problem = tableProblem(*m_connection, m_table, m_schema, m_keyColumns, m_mode, &exists);
    if (!problem.empty())
        throw Error(ErrorKind::Runtime, description() + ": " + problem);
    if (exists)
        return;
    m_connection->execute(SqliteSink::createTableSql(qualifiedName(m_table), m_columns, m_keyColumns),
                          "cannot create the table");
}

std::string PostgresSink::columnList() const
{
    std::string names;
    for (size_t i = 0; i < m_columns.size(); ++i)
        names += (i ? ", " : "") + quoteIdentifier(m_columns[i].first);
    return names;
}

std::string PostgresSink::upsertClause() const
{
    if (m_mode != OutputMode::Update || m_keyColumns.empty())
        return {};
    return SqliteSink::upsertClause(m_columns, m_keyColumns);
}

void PostgresSink::writeCopy(const ColumnBatch &rows, const std::string &target, const std::string &batch)
{
    PGconn *conn = m_connection->get();
    m_connection->check(PQexec(conn, ("COPY " + target + " (" + columnList() + ") FROM STDIN (FORMAT binary)").c_str()),
                        PGRES_COPY_IN, batch + ": cannot start COPY");
    const auto sources = cellSources(rows.schema);
    std::string buffer("PGCOPY\n\377\r\n\0", 11);
    appendBigEndian(buffer, 0, 4); // flags
    appendBigEndian(buffer, 0, 4); // header extension length
    std::string cell;
    bool sent = true;
    for (size_t r = 0; r < rows.numRows && sent; ++r) {
        appendBigEndian(buffer, sources.size(), 2);
        for (const CellSource &s : sources) {
            const Column &column = rows.columns[s.column];
            if (column.isNull(r)) {
                appendBigEndian(buffer, 0xFFFFFFFFu, 4);
                continue;
            }
            cell.clear();
            appendBinaryCell(cell, column, r, s.windowEnd);
            appendBigEndian(buffer, cell.size(), 4);
            buffer += cell;
        }
        if (buffer.size() >= (1 << 20)) {
            sent = PQputCopyData(conn, buffer.data(), static_cast<int>(buffer.size())) == 1;
            buffer.clear();
        }
    }
    appendBigEndian(buffer, 0xFFFF, 2); // trailer
    if (sent)
        sent = PQputCopyData(conn, buffer.data(), static_cast<int>(buffer.size())) == 1;
    if (PQputCopyEnd(conn, sent ? nullptr : "the client could not send the rows") != 1)
        m_connection->fail(batch + ": cannot send the rows", nullptr);
    PgResultPtr result(PQgetResult(conn), PQclear);
    const bool ok = result && PQresultStatus(result.get()) == PGRES_COMMAND_OK;
    std::string failure = ok ? std::string() : m_connection->failureText(result.get());
    while (PGresult *more = PQgetResult(conn))
        PQclear(more);
    if (!ok)
        throw Error(ErrorKind::Runtime, description() + ": " + batch + ": " + failure);
}

void PostgresSink::writeMultiRow(const ColumnBatch &rows, const std::string &batch)
{
    const auto sources = cellSources(rows.schema);
    const size_t perRow = sources.size();
    const size_t rowsPerStatement = std::max<size_t>(1, std::min(kMultiRowLimit, size_t(65535) / std::max<size_t>(perRow, 1)));
    std::vector<Oid> types;
    for (const CellSource &s : sources)
        types.push_back(pgOid(rows.columns[s.column].type()));
    const std::string head = "INSERT INTO " + qualifiedName(m_table) + " (" + columnList() + ") VALUES ";
    const std::string tail = upsertClause();
    std::string values;
    std::vector<size_t> offsets;
    std::vector<int> lengths, formats;
    std::vector<Oid> paramTypes;
    std::vector<const char *> pointers;
    for (size_t start = 0; start < rows.numRows; start += rowsPerStatement) {
        const size_t end = std::min(rows.numRows, start + rowsPerStatement);
        std::string sql = head;
        values.clear();
        offsets.clear();
        lengths.clear();
        formats.clear();
        paramTypes.clear();
        size_t parameter = 1;
        for (size_t r = start; r < end; ++r) {
            sql += r == start ? "(" : ", (";
            for (size_t i = 0; i < perRow; ++i) {
                sql += (i ? ", $" : "$") + std::to_string(parameter++);
                const Column &column = rows.columns[sources[i].column];
                const size_t before = values.size();
                const bool isNull = column.isNull(r);
                if (!isNull)
                    appendBinaryCell(values, column, r, sources[i].windowEnd);
                offsets.push_back(isNull ? std::string::npos : before);
                lengths.push_back(static_cast<int>(values.size() - before));
                formats.push_back(1);
                paramTypes.push_back(types[i]);
            }
            sql += ")";
        }
        sql += tail;
        pointers.clear();
        for (size_t offset : offsets)
            pointers.push_back(offset == std::string::npos ? nullptr : values.data() + offset);
        m_connection->check(PQexecParams(m_connection->get(), sql.c_str(), static_cast<int>(pointers.size()),
                                         paramTypes.data(), pointers.data(), lengths.data(), formats.data(), 0),
                            PGRES_COMMAND_OK, batch);
    }
}

void PostgresSink::addBatch(int64_t batchId, const ColumnBatch &rows, OutputMode mode)
{
    if (m_lastCommitted && batchId <= *m_lastCommitted)
        return; // committed before a crash: the bookkeeping row says so
    const std::string batch = "batch " + std::to_string(batchId);
    PostgresConnection &db = *m_connection;
    const bool stage = mode == OutputMode::Update && !m_keyColumns.empty() && m_method != WriteMethod::MultiRow
        && (m_method == WriteMethod::Copy || rows.numRows > kMultiRowLimit);
    if (stage && !m_haveStage) {
        // Temporary, private to this connection; ON COMMIT DELETE ROWS empties it after each batch
        // (a rollback discards its rows too).
        std::string sql = "CREATE TEMPORARY TABLE IF NOT EXISTS _streamstep_stage (";
        for (size_t i = 0; i < m_columns.size(); ++i)
            sql += (i ? ", " : "") + quoteIdentifier(m_columns[i].first) + " " + m_columns[i].second;
        db.execute(sql + ") ON COMMIT DELETE ROWS", batch + ": cannot create the staging table");
        m_haveStage = true;
    }
    db.execute("BEGIN", batch + ": cannot start a transaction");
    try {
        const std::string batchText = std::to_string(batchId);
        const std::string numRows = std::to_string(rows.numRows);
        const PgResultPtr recorded = db.execute(
            "INSERT INTO " + batchTableOf(m_table)
                + " (query_id, table_name, batch_id, num_rows) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
            {m_context.queryId.c_str(), m_table.c_str(), batchText.c_str(), numRows.c_str()},
            batch + ": cannot record the batch");
        if (std::strcmp(PQcmdTuples(recorded.get()), "0") == 0) {
            // Another run of this query (the same checkpoint) committed it meanwhile.
            db.execute("ROLLBACK", batch + ": cannot roll back");
            m_lastCommitted = batchId;
            return;
        }
        if (mode == OutputMode::Complete)
            db.execute("DELETE FROM " + qualifiedName(m_table), batch + ": cannot empty the table");
        if (rows.numRows > 0) {
            if (stage) {
                writeCopy(rows, "_streamstep_stage", batch);
                db.execute("INSERT INTO " + qualifiedName(m_table) + " (" + columnList() + ") SELECT " + columnList()
                               + " FROM _streamstep_stage" + upsertClause(),
                           batch);
            } else if (m_method == WriteMethod::Copy
                       || (m_method == WriteMethod::Auto && rows.numRows > kMultiRowLimit && upsertClause().empty())) {
                writeCopy(rows, qualifiedName(m_table), batch);
            } else {
                writeMultiRow(rows, batch);
            }
        }
        if (m_context.faultHook)
            m_context.faultHook("mid-sink", batchId);
        db.execute("COMMIT", batch + ": cannot commit");
    } catch (const Error &e) {
        if (PQstatus(db.get()) == CONNECTION_OK)
            PQclear(PQexec(db.get(), "ROLLBACK"));
        std::string message = e.message();
        if (mode == OutputMode::Append && message.find("duplicate key value violates unique constraint") != std::string::npos)
            message += " (append mode inserts; use update mode to upsert)";
        if (!message.empty() && message.back() == '.')
            message.pop_back();
        throw Error(ErrorKind::Runtime, message + ". The transaction was rolled back: nothing of " + batch
                                            + " is in the table, and the checkpoint does not count it as committed, so "
                                              "running again writes it once.");
    }
    m_lastCommitted = batchId;
}

ColumnBatch PostgresSink::readTable(const PostgresTarget &target, const std::string &tableName)
{
    PostgresConnection db(target, "'" + target.endpoint.displayUrl + "'");
    std::string table = tableName;
    if (table.empty()) {
        const PgResultPtr tables = db.execute(
            "SELECT c.relname FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN "
            "('r', 'p', 'v') AND c.relname <> $1 ORDER BY c.relname",
            {kBatchTable}, "cannot list the tables");
        std::vector<std::string> names;
        for (int r = 0; r < PQntuples(tables.get()); ++r)
            names.emplace_back(PQgetvalue(tables.get(), r, 0));
        if (names.size() != 1)
            throw Error(ErrorKind::Runtime, "'" + target.endpoint.displayUrl + "' has " + std::to_string(names.size())
                                                + " tables" + (names.empty() ? "" : " (" + joinedNames(names) + ")")
                                                + "; name one with --table");
        table = names.front();
    }
    const std::string qualified = qualifiedName(table);
    const PgResultPtr oid = db.execute("SELECT to_regclass($1)::oid", {qualified.c_str()}, "cannot look the table up");
    if (PQgetisnull(oid.get(), 0, 0))
        throw Error(ErrorKind::Runtime, "'" + target.endpoint.displayUrl + "' has no table " + qualified);
    const std::string relation = PQgetvalue(oid.get(), 0, 0);
    const PgResultPtr attributes = db.execute(
        "SELECT a.attname, format_type(a.atttypid, a.atttypmod), COALESCE((SELECT array_position(i.indkey::int2[], a.attnum)"
        " FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary), 0) FROM pg_attribute a"
        " WHERE a.attrelid = $1::oid AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum",
        {relation.c_str()}, "cannot read the table's columns");
    Schema schema;
    std::vector<std::pair<int, std::string>> keys;
    std::string names;
    std::string allColumns;
    for (int r = 0; r < PQntuples(attributes.get()); ++r) {
        const std::string name = PQgetvalue(attributes.get(), r, 0);
        const std::string declared = PQgetvalue(attributes.get(), r, 1);
        DataType type = DataType::string();
        if (declared == "boolean")
            type = DataType::boolean();
        else if (declared == "integer")
            type = DataType::int32();
        else if (declared == "bigint")
            type = DataType::int64();
        else if (declared == "double precision")
            type = DataType::float64();
        else if (declared == "timestamp with time zone")
            type = DataType::timestamp();
        else if (declared.starts_with("numeric(")) {
            if (const auto parsed = parseTypeName("decimal" + declared.substr(7)))
                type = *parsed;
        }
        schema.fields.push_back(Field{name, type, std::nullopt});
        const std::string text = type.kind == TypeKind::String ? " COLLATE \"C\"" : "";
        const std::string selected = quoteIdentifier(name) + (type.kind == TypeKind::String && declared != "text" ? "::text" : "");
        names += (names.empty() ? "" : ", ") + selected;
        allColumns += (allColumns.empty() ? "" : ", ") + quoteIdentifier(name) + text;
        if (const int position = std::atoi(PQgetvalue(attributes.get(), r, 2)); position > 0)
            keys.emplace_back(position, quoteIdentifier(name) + text);
    }
    std::sort(keys.begin(), keys.end());
    std::string order;
    for (const auto &k : keys)
        order += (order.empty() ? "" : ", ") + k.second;
    const PgResultPtr rows = db.execute("SELECT " + names + " FROM " + qualified + " ORDER BY "
                                            + (order.empty() ? allColumns : order),
                                        "cannot read the table");
    ColumnBatch batch = ColumnBatch::empty(schema);
    std::vector<Value> row;
    for (int r = 0; r < PQntuples(rows.get()); ++r) {
        row.clear();
        for (size_t c = 0; c < schema.fields.size(); ++c) {
            const int column = static_cast<int>(c);
            if (PQgetisnull(rows.get(), r, column)) {
                row.push_back(Value::null());
                continue;
            }
            const std::string text = PQgetvalue(rows.get(), r, column);
            const DataType &type = schema.fields[c].type;
            std::optional<Value> value;
            switch (type.kind) {
            case TypeKind::Boolean: value = Value::boolean(text == "t"); break;
            case TypeKind::Int: value = Value::int32(static_cast<int32_t>(std::strtol(text.c_str(), nullptr, 10))); break;
            case TypeKind::Long: value = Value::int64(std::strtoll(text.c_str(), nullptr, 10)); break;
            case TypeKind::Double:
                value = Value::float64(text == "NaN"        ? std::nan("")
                                       : text == "Infinity"  ? HUGE_VAL
                                       : text == "-Infinity" ? -HUGE_VAL
                                                             : std::strtod(text.c_str(), nullptr));
                break;
            case TypeKind::Decimal:
                if (const auto d = parseDecimalText(text); d && d->scale <= type.scale)
                    value = Value::decimal(d->unscaled, type.precision, d->scale);
                break;
            case TypeKind::Timestamp: {
                std::string local = text; // "2026-03-01 10:00:00.5+00" in the session's UTC
                if (local.size() > 3 && local.compare(local.size() - 3, 3, "+00") == 0)
                    local.resize(local.size() - 3);
                if (const auto micros = parseTimestamp(local))
                    value = Value::timestamp(*micros);
                break;
            }
            default: value = Value::string(text); break;
            }
            if (!value)
                throw Error(ErrorKind::Runtime, "'" + target.endpoint.displayUrl + "' table " + qualified + " column "
                                                    + schema.fields[c].name + ": '" + text + "' is not a "
                                                    + type.sparkName());
            row.push_back(std::move(*value));
        }
        batch.appendRow(row);
    }
    return batch;
}

} // namespace streamstep
