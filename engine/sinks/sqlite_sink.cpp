#include "sinks/sqlite_sink.h"

#include "checkpoint/atomic_file.h"
#include "streamstep/error.h"
#include "streamstep/value_format.h"
#include "types/text.h"

#include <sqlite3.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>

namespace streamstep {

namespace fs = std::filesystem;

namespace {

std::string declaredType(const DataType &type)
{
    switch (type.kind) {
    case TypeKind::Boolean: return "BOOLEAN";
    case TypeKind::Int: return "INTEGER";
    case TypeKind::Long: return "BIGINT";
    case TypeKind::Double: return "DOUBLE";
    case TypeKind::Decimal:
        return "DECIMAL_TEXT(" + std::to_string(type.precision) + "," + std::to_string(type.scale) + ")";
    case TypeKind::Timestamp:
    case TypeKind::Window: return "TIMESTAMP";
    default: return "TEXT";
    }
}

DataType typeFromDeclared(const std::string &declared)
{
    const std::string d = asciiLowerCase(declared);
    if (d == "boolean")
        return DataType::boolean();
    if (d == "integer" || d == "int")
        return DataType::int32();
    if (d == "bigint")
        return DataType::int64();
    if (d == "double" || d == "real")
        return DataType::float64();
    if (d == "timestamp")
        return DataType::timestamp();
    if (d.starts_with("decimal_text(")) {
        if (const auto t = parseTypeName("decimal" + d.substr(12)))
            return *t;
    }
    return DataType::string();
}

// A statement that finalizes itself.
class Statement {
public:
    Statement(sqlite3 *db, const std::string &sql) { m_code = sqlite3_prepare_v2(db, sql.c_str(), -1, &m_stmt, nullptr); }
    ~Statement() { sqlite3_finalize(m_stmt); }
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;
    int code() const { return m_code; }
    sqlite3_stmt *get() const { return m_stmt; }

private:
    sqlite3_stmt *m_stmt = nullptr;
    int m_code = SQLITE_OK;
};

std::string columnText(sqlite3_stmt *stmt, int column)
{
    const unsigned char *text = sqlite3_column_text(stmt, column);
    return text ? reinterpret_cast<const char *>(text) : "";
}

} // namespace

std::string SqliteSink::quoteIdentifier(const std::string &name)
{
    std::string out = "\"";
    for (char c : name) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

std::string SqliteSink::createTableSql(const std::string &quotedTable,
                                       const std::vector<std::pair<std::string, std::string>> &columns,
                                       const std::vector<std::string> &keys)
{
    std::string sql = "CREATE TABLE " + quotedTable + " (";
    for (size_t i = 0; i < columns.size(); ++i)
        sql += (i ? ", " : "") + quoteIdentifier(columns[i].first) + " " + columns[i].second;
    if (!keys.empty()) {
        sql += ", PRIMARY KEY (";
        for (size_t i = 0; i < keys.size(); ++i)
            sql += (i ? ", " : "") + quoteIdentifier(keys[i]);
        sql += ")";
    }
    return sql + ")";
}

std::string SqliteSink::upsertClause(const std::vector<std::pair<std::string, std::string>> &columns,
                                     const std::vector<std::string> &keys)
{
    std::string conflict;
    for (size_t i = 0; i < keys.size(); ++i)
        conflict += (i ? ", " : "") + quoteIdentifier(keys[i]);
    std::string updates;
    for (const auto &c : columns) {
        if (std::find(keys.begin(), keys.end(), c.first) != keys.end())
            continue;
        updates += (updates.empty() ? "" : ", ") + quoteIdentifier(c.first) + " = excluded." + quoteIdentifier(c.first);
    }
    return " ON CONFLICT (" + conflict + ") DO " + (updates.empty() ? "NOTHING" : "UPDATE SET " + updates);
}

std::vector<std::pair<std::string, std::string>> SqliteSink::tableColumns(const Schema &schema)
{
    std::vector<std::pair<std::string, std::string>> columns;
    for (const Field &f : schema.fields) {
        if (f.type.kind == TypeKind::Window) {
            columns.emplace_back(f.name + "_start", "TIMESTAMP");
            columns.emplace_back(f.name + "_end", "TIMESTAMP");
        } else {
            columns.emplace_back(f.name, declaredType(f.type));
        }
    }
    return columns;
}

std::vector<std::string> SqliteSink::resolveKeyColumns(const Schema &schema, const std::vector<std::string> &keys,
                                                      OutputMode mode, const std::string &sinkName)
{
    std::vector<std::string> columns;
    for (const std::string &key : keys) {
        const int index = schema.indexOf(key);
        if (index < 0) {
            std::string names;
            for (const Field &f : schema.fields)
                names += (names.empty() ? "" : ", ") + f.name;
            throw analysisError("the " + sinkName + " sink's key column '" + key + "' is not a column of the result (" + names + ")");
        }
        const Field &field = schema.fields[static_cast<size_t>(index)];
        if (field.type.kind == TypeKind::Window) {
            columns.push_back(field.name + "_start");
            columns.push_back(field.name + "_end");
        } else {
            columns.push_back(field.name);
        }
    }
    if (columns.empty() && mode == OutputMode::Update)
        throw analysisError("the " + sinkName + " sink needs the 'key' option in update output mode: the columns the changed "
                            "rows are upserted on, e.g. \"key\": [\"accountId\"]");
    return columns;
}

SqliteSink::SqliteSink(fs::path database, std::string displayPath, std::string table,
                       std::vector<std::string> keyColumns, Schema schema, OutputMode mode, SinkContext context)
    : m_database(std::move(database)), m_displayPath(std::move(displayPath)), m_table(std::move(table)),
      m_keyColumns(resolveKeyColumns(schema, keyColumns, mode)), m_schema(std::move(schema)), m_mode(mode),
      m_context(std::move(context))
{
    AtomicFile::createDirectories(m_database.parent_path());
    const int code = sqlite3_open_v2(m_database.c_str(), &m_db,
                                     SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
    bool inTransaction = false;
    try {
        if (code != SQLITE_OK)
            fail("cannot open the database", code);
        sqlite3_extended_result_codes(m_db, 1);
        sqlite3_busy_timeout(m_db, kBusyTimeoutMs);
        {
            Statement wal(m_db, "PRAGMA journal_mode=WAL");
            const int step = wal.code() == SQLITE_OK ? sqlite3_step(wal.get()) : wal.code();
            if (step != SQLITE_ROW)
                fail("cannot switch the database to WAL mode", step);
        }
        execute("PRAGMA synchronous=FULL"); // a committed batch must survive power loss, not only a crash
        execute("BEGIN IMMEDIATE");
        inTransaction = true;
        execute(std::string("CREATE TABLE IF NOT EXISTS ") + kBatchTable
                + " (query_id TEXT NOT NULL, table_name TEXT NOT NULL, batch_id INTEGER NOT NULL,"
                  " num_rows INTEGER NOT NULL, committed_at TEXT NOT NULL,"
                  " PRIMARY KEY (query_id, table_name, batch_id))");
        createOrCheckTable();
        Statement last(m_db, std::string("SELECT max(batch_id) FROM ") + kBatchTable
                                 + " WHERE query_id = ?1 AND table_name = ?2");
        if (last.code() != SQLITE_OK)
            fail("cannot read the batch bookkeeping", last.code());
        sqlite3_bind_text(last.get(), 1, m_context.queryId.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(last.get(), 2, m_table.c_str(), -1, SQLITE_TRANSIENT);
        const int step = sqlite3_step(last.get());
        if (step != SQLITE_ROW)
            fail("cannot read the batch bookkeeping", step);
        if (sqlite3_column_type(last.get(), 0) != SQLITE_NULL)
            m_lastCommitted = sqlite3_column_int64(last.get(), 0);
        execute("COMMIT");
        inTransaction = false;
        prepareStatements();
    } catch (...) {
        if (inTransaction)
            sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
        finalizeStatements();
        sqlite3_close(m_db);
        m_db = nullptr;
        throw;
    }
}

SqliteSink::~SqliteSink()
{
    finalizeStatements();
    if (m_db)
        sqlite3_close(m_db);
}

void SqliteSink::finalizeStatements()
{
    sqlite3_finalize(m_write);
    sqlite3_finalize(m_record);
    m_write = nullptr;
    m_record = nullptr;
}

std::string SqliteSink::description() const
{
    return "sqlite sink '" + m_displayPath + "' table " + quoteIdentifier(m_table);
}

void SqliteSink::fail(const std::string &what, int code)
{
    // SQLite does not always keep the failing system call's errno (a WAL write at COMMIT that
    // hits EFBIG reports only "disk I/O error"); callers clear errno before the call.
    const int lastErrno = errno;
    std::string message = description() + ": " + what + ": ";
    const int primary = code & 0xFF;
    if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED) {
        message += "the database is locked by another connection (waited "
            + std::to_string(kBusyTimeoutMs) + " ms). Close the program that holds it and run "
              "again; the checkpoint is unchanged, so the run resumes where it stopped.";
    } else {
        message += m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(code);
        int system = m_db ? sqlite3_system_errno(m_db) : 0;
        if (system == 0)
            system = lastErrno;
        if (system != 0 && (primary == SQLITE_IOERR || primary == SQLITE_FULL || primary == SQLITE_CANTOPEN
                            || primary == SQLITE_READONLY))
            message += std::string(" (") + std::strerror(system) + ")";
    }
    throw Error(ErrorKind::Runtime, message);
}

void SqliteSink::execute(const std::string &sql)
{
    errno = 0;
    const int code = sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, nullptr);
    if (code != SQLITE_OK)
        fail("cannot run " + sql.substr(0, sql.find(' ', sql.find(' ') + 1)), code);
}

void SqliteSink::createOrCheckTable()
{
    const auto columns = tableColumns(m_schema);
    auto describe = [&](const std::vector<std::pair<std::string, std::string>> &cols,
                        const std::vector<std::string> &keys) {
        std::string text = "(";
        for (size_t i = 0; i < cols.size(); ++i)
            text += (i ? ", " : "") + cols[i].first + " " + cols[i].second;
        text += ")";
        if (!keys.empty()) {
            text += " with primary key (";
            for (size_t i = 0; i < keys.size(); ++i)
                text += (i ? ", " : "") + keys[i];
            text += ")";
        }
        return text;
    };

    Statement info(m_db, "SELECT name, type, pk FROM pragma_table_info(?1) ORDER BY cid");
    if (info.code() != SQLITE_OK)
        fail("cannot read the table's columns", info.code());
    sqlite3_bind_text(info.get(), 1, m_table.c_str(), -1, SQLITE_TRANSIENT);
    std::vector<std::pair<std::string, std::string>> existing;
    std::vector<std::pair<int, std::string>> existingKeys;
    int step = 0;
    while ((step = sqlite3_step(info.get())) == SQLITE_ROW) {
        existing.emplace_back(columnText(info.get(), 0), columnText(info.get(), 1));
        if (const int pk = sqlite3_column_int(info.get(), 2); pk > 0)
            existingKeys.emplace_back(pk, existing.back().first);
    }
    if (step != SQLITE_DONE)
        fail("cannot read the table's columns", step);

    if (existing.empty()) {
        execute(createTableSql(quoteIdentifier(m_table), columns, m_keyColumns));
        return;
    }

    std::sort(existingKeys.begin(), existingKeys.end());
    std::vector<std::string> keys;
    for (const auto &k : existingKeys)
        keys.push_back(k.second);
    bool same = existing.size() == columns.size() && keys.size() == m_keyColumns.size();
    for (size_t i = 0; same && i < columns.size(); ++i)
        same = asciiLowerCase(existing[i].first) == asciiLowerCase(columns[i].first)
            && asciiLowerCase(existing[i].second) == asciiLowerCase(columns[i].second);
    for (size_t i = 0; same && i < keys.size(); ++i)
        same = asciiLowerCase(keys[i]) == asciiLowerCase(m_keyColumns[i]);
    if (!same)
        throw Error(ErrorKind::Runtime,
                    description() + " exists with columns " + describe(existing, keys)
                        + ", but the query writes " + describe(columns, m_keyColumns)
                        + ". Drop or rename the table, or write to another table.");
}

void SqliteSink::prepareStatements()
{
    const auto columns = tableColumns(m_schema);
    std::string names;
    std::string params;
    for (size_t i = 0; i < columns.size(); ++i) {
        names += (i ? ", " : "") + quoteIdentifier(columns[i].first);
        params += (i ? ", ?" : "?") + std::to_string(i + 1);
    }
    std::string sql = "INSERT INTO " + quoteIdentifier(m_table) + " (" + names + ") VALUES (" + params + ")";
    if (m_mode == OutputMode::Update && !m_keyColumns.empty()) {
        sql += upsertClause(columns, m_keyColumns);
    }
    int code = sqlite3_prepare_v2(m_db, sql.c_str(), -1, &m_write, nullptr);
    if (code != SQLITE_OK)
        fail("cannot prepare the insert", code);
    code = sqlite3_prepare_v2(m_db,
                              (std::string("INSERT INTO ") + kBatchTable
                               + " (query_id, table_name, batch_id, num_rows, committed_at)"
                                 " VALUES (?1, ?2, ?3, ?4, strftime('%Y-%m-%d %H:%M:%f', 'now'))")
                                  .c_str(),
                              -1, &m_record, nullptr);
    if (code != SQLITE_OK)
        fail("cannot prepare the batch bookkeeping", code);
}

void SqliteSink::bindRow(const ColumnBatch &rows, size_t row)
{
    int parameter = 1;
    for (size_t c = 0; c < rows.columns.size(); ++c) {
        const Column &column = rows.columns[c];
        const TypeKind kind = column.type().kind;
        if (column.isNull(row)) {
            sqlite3_bind_null(m_write, parameter++);
            if (kind == TypeKind::Window)
                sqlite3_bind_null(m_write, parameter++);
            continue;
        }
        switch (kind) {
        case TypeKind::Boolean:
        case TypeKind::Int:
        case TypeKind::Long: sqlite3_bind_int64(m_write, parameter++, column.ints()[row]); break;
        case TypeKind::Double: {
            const double v = column.doubles()[row];
            if (std::isnan(v))
                sqlite3_bind_text(m_write, parameter++, "NaN", -1, SQLITE_STATIC);
            else
                sqlite3_bind_double(m_write, parameter++, v);
            break;
        }
        case TypeKind::Decimal: {
            const std::string text = formatDecimal(column.decimals()[row], column.type().scale);
            sqlite3_bind_text(m_write, parameter++, text.c_str(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
            break;
        }
        case TypeKind::String:
            sqlite3_bind_text(m_write, parameter++, column.strings()[row].data(),
                              static_cast<int>(column.strings()[row].size()), SQLITE_STATIC);
            break;
        case TypeKind::Timestamp: {
            const std::string text = formatTimestamp(column.ints()[row]);
            sqlite3_bind_text(m_write, parameter++, text.c_str(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
            break;
        }
        case TypeKind::Window: {
            const std::string start = formatTimestamp(column.ints()[row]);
            const std::string end = formatTimestamp(column.ends()[row]);
            sqlite3_bind_text(m_write, parameter++, start.c_str(), static_cast<int>(start.size()), SQLITE_TRANSIENT);
            sqlite3_bind_text(m_write, parameter++, end.c_str(), static_cast<int>(end.size()), SQLITE_TRANSIENT);
            break;
        }
        default: sqlite3_bind_null(m_write, parameter++); break;
        }
    }
}

void SqliteSink::addBatch(int64_t batchId, const ColumnBatch &rows, OutputMode mode)
{
    if (m_lastCommitted && batchId <= *m_lastCommitted)
        return; // committed before a crash: the bookkeeping row says so
    const std::string batch = "batch " + std::to_string(batchId);
    errno = 0;
    int code = sqlite3_exec(m_db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
    if (code != SQLITE_OK)
        fail(batch, code);
    try {
        if (mode == OutputMode::Complete)
            execute("DELETE FROM " + quoteIdentifier(m_table));
        const size_t half = rows.numRows / 2;
        for (size_t r = 0; r < rows.numRows; ++r) {
            if (r == half && r > 0 && m_context.faultHook)
                m_context.faultHook("mid-sink", batchId);
            bindRow(rows, r);
            errno = 0;
            code = sqlite3_step(m_write);
            sqlite3_reset(m_write);
            sqlite3_clear_bindings(m_write);
            if (code != SQLITE_DONE) {
                if ((code & 0xFF) == SQLITE_CONSTRAINT)
                    throw Error(ErrorKind::Runtime,
                                description() + ": " + batch + ": row " + std::to_string(r) + " violates the table's "
                                    + "primary key: " + sqlite3_errmsg(m_db)
                                    + (mode == OutputMode::Append ? " (append mode inserts; use update mode to upsert)" : ""));
                fail(batch, code);
            }
        }
        if (rows.numRows < 2 && m_context.faultHook)
            m_context.faultHook("mid-sink", batchId);
        sqlite3_bind_text(m_record, 1, m_context.queryId.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(m_record, 2, m_table.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(m_record, 3, batchId);
        sqlite3_bind_int64(m_record, 4, static_cast<int64_t>(rows.numRows));
        errno = 0;
        code = sqlite3_step(m_record);
        sqlite3_reset(m_record);
        if (code != SQLITE_DONE)
            fail(batch, code);
        errno = 0;
        code = sqlite3_exec(m_db, "COMMIT", nullptr, nullptr, nullptr);
        if (code != SQLITE_OK)
            fail(batch + ": commit", code);
    } catch (...) {
        sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
        throw;
    }
    m_lastCommitted = batchId;
}

ColumnBatch SqliteSink::readTable(const fs::path &database, const std::string &tableName)
{
    std::error_code ec;
    if (!fs::is_regular_file(database, ec))
        throw Error(ErrorKind::Runtime, "no SQLite database at '" + database.string() + "'");
    sqlite3 *db = nullptr;
    // Read-write (without create), so closing cleans up the -wal and -shm files a read-only
    // connection would leave behind; a write-protected file is still opened read-only.
    const int openCode = sqlite3_open_v2(database.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr);
    std::unique_ptr<sqlite3, int (*)(sqlite3 *)> guard(db, sqlite3_close);
    auto failure = [&](const std::string &what) {
        return Error(ErrorKind::Runtime, "'" + database.string() + "': " + what + ": " + sqlite3_errmsg(db));
    };
    if (openCode != SQLITE_OK)
        throw failure("cannot open the database");
    sqlite3_busy_timeout(db, kBusyTimeoutMs);
    return readOpenTable(db, database.string(), tableName);
}

ColumnBatch SqliteSink::readTable(const std::string &bytes, const std::string &displayPath, const std::string &tableName)
{
    // A copy SQLite reads in place (read-only), alive until the connection is closed. The sink
    // writes in WAL mode, which an in-memory database cannot open: the header's read and write
    // versions (bytes 18 and 19) say 2 for WAL; 1 reads the same pages as a rollback-journal
    // database.
    std::string copy = bytes;
    if (copy.size() >= 100 && copy.compare(0, 16, std::string("SQLite format 3\0", 16)) == 0 && copy[18] == 2
        && copy[19] == 2)
        copy[18] = copy[19] = 1;
    sqlite3 *db = nullptr;
    const int openCode = sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, nullptr);
    std::unique_ptr<sqlite3, int (*)(sqlite3 *)> guard(db, sqlite3_close);
    if (openCode != SQLITE_OK)
        throw Error(ErrorKind::Runtime, "'" + displayPath + "': cannot open the database: " + sqlite3_errmsg(db));
    auto *data = reinterpret_cast<unsigned char *>(copy.data());
    if (sqlite3_deserialize(db, "main", data, static_cast<sqlite3_int64>(copy.size()), static_cast<sqlite3_int64>(copy.size()),
                            SQLITE_DESERIALIZE_READONLY)
        != SQLITE_OK)
        throw Error(ErrorKind::Runtime, "'" + displayPath + "': cannot open the database: " + sqlite3_errmsg(db));
    return readOpenTable(db, displayPath, tableName);
}

ColumnBatch SqliteSink::readOpenTable(sqlite3 *db, const std::string &databaseName, const std::string &tableName)
{
    auto failure = [&](const std::string &what) {
        return Error(ErrorKind::Runtime, "'" + databaseName + "': " + what + ": " + sqlite3_errmsg(db));
    };
    std::string table = tableName;
    if (table.empty()) {
        Statement tables(db, std::string("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
                                         "'sqlite\\_%' ESCAPE '\\' AND name <> '")
                                 + kBatchTable + "' ORDER BY name");
        if (tables.code() != SQLITE_OK)
            throw failure("cannot list the tables");
        std::vector<std::string> names;
        while (sqlite3_step(tables.get()) == SQLITE_ROW)
            names.push_back(columnText(tables.get(), 0));
        if (names.size() != 1) {
            std::string list;
            for (const std::string &n : names)
                list += (list.empty() ? "" : ", ") + n;
            throw Error(ErrorKind::Runtime, "'" + databaseName + "' has " + std::to_string(names.size())
                                                + " tables" + (list.empty() ? "" : " (" + list + ")")
                                                + "; name one with --table");
        }
        table = names.front();
    }

    Statement info(db, "SELECT name, type, pk FROM pragma_table_info(?1) ORDER BY cid");
    if (info.code() != SQLITE_OK)
        throw failure("cannot read the table's columns");
    sqlite3_bind_text(info.get(), 1, table.c_str(), -1, SQLITE_TRANSIENT);
    Schema schema;
    std::vector<std::pair<int, std::string>> keys;
    while (sqlite3_step(info.get()) == SQLITE_ROW) {
        const std::string name = columnText(info.get(), 0);
        schema.fields.push_back(Field{name, typeFromDeclared(columnText(info.get(), 1)), std::nullopt});
        if (const int pk = sqlite3_column_int(info.get(), 2); pk > 0)
            keys.emplace_back(pk, name);
    }
    if (schema.fields.empty())
        throw Error(ErrorKind::Runtime, "'" + databaseName + "' has no table " + quoteIdentifier(table));
    std::sort(keys.begin(), keys.end());
    std::string order;
    for (const auto &k : keys)
        order += (order.empty() ? "" : ", ") + quoteIdentifier(k.second);
    std::string names;
    for (const Field &f : schema.fields)
        names += (names.empty() ? "" : ", ") + quoteIdentifier(f.name);
    Statement select(db, "SELECT " + names + " FROM " + quoteIdentifier(table) + " ORDER BY "
                             + (order.empty() ? "rowid" : order));
    if (select.code() != SQLITE_OK)
        throw failure("cannot read the table");
    ColumnBatch batch = ColumnBatch::empty(schema);
    int step = 0;
    while ((step = sqlite3_step(select.get())) == SQLITE_ROW) {
        std::vector<Value> row;
        for (size_t c = 0; c < schema.fields.size(); ++c) {
            const int column = static_cast<int>(c);
            if (sqlite3_column_type(select.get(), column) == SQLITE_NULL) {
                row.push_back(Value::null());
                continue;
            }
            const DataType &type = schema.fields[c].type;
            const std::string text = columnText(select.get(), column);
            std::optional<Value> value;
            switch (type.kind) {
            case TypeKind::Boolean: value = Value::boolean(sqlite3_column_int64(select.get(), column) != 0); break;
            case TypeKind::Int: value = Value::int32(sqlite3_column_int(select.get(), column)); break;
            case TypeKind::Long: value = Value::int64(sqlite3_column_int64(select.get(), column)); break;
            case TypeKind::Double:
                value = sqlite3_column_type(select.get(), column) == SQLITE_TEXT && text == "NaN"
                    ? Value::float64(std::nan(""))
                    : Value::float64(sqlite3_column_double(select.get(), column));
                break;
            case TypeKind::Decimal:
                if (const auto d = parseDecimalText(text); d && d->scale <= type.scale)
                    value = Value::decimal(d->unscaled, type.precision, d->scale);
                break;
            case TypeKind::Timestamp:
                if (const auto micros = parseTimestamp(text))
                    value = Value::timestamp(*micros);
                break;
            default: value = Value::string(text); break;
            }
            if (!value)
                throw Error(ErrorKind::Runtime, "'" + databaseName + "' table " + quoteIdentifier(table)
                                                    + " column " + schema.fields[c].name + ": '" + text
                                                    + "' is not a " + type.sparkName());
            row.push_back(std::move(*value));
        }
        batch.appendRow(row);
    }
    if (step != SQLITE_DONE)
        throw failure("cannot read the table");
    return batch;
}

} // namespace streamstep
