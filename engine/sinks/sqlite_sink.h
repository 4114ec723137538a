// Writes a SQLite table with the upsert pattern of a JDBC sink (foreachBatch + INSERT … ON
// CONFLICT), embedded: each batch is one SQLite transaction that writes the rows and records the
// batch id in a bookkeeping table, so a batch replayed after a crash finds its id and is skipped —
// exactly once.
//
// Column types: string TEXT, int INTEGER, long BIGINT, double DOUBLE (NaN as the text 'NaN',
// which SQLite would otherwise turn into NULL), boolean BOOLEAN (0/1), decimal(p,s)
// DECIMAL_TEXT(p,s) — the exact decimal text ("250000.10"): a declared type containing TEXT
// keeps SQLite from converting it to an inexact REAL — and timestamp TIMESTAMP holding UTC text
// "YYYY-MM-DD HH:MM:SS[.ffffff]" (SQLite's own datetime form, exact to the microsecond). A window
// struct column `w` becomes two TIMESTAMP columns w_start and w_end (a key `w` means both).
#pragma once

#include "sinks/sink.h"

#include <filesystem>
#include <string>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace streamstep {

class SqliteSink : public Sink {
public:
    // keyColumns are result column names (case-insensitive; a window struct names both of its
    // columns). Opens (creating) the database in WAL mode, creates the table from the result schema with
    // the key columns as PRIMARY KEY when it is missing, or checks that an existing table has
    // exactly these columns, types and key. Throws Error(Analysis) for a key that is not a result
    // column or an update-mode sink without key, Error(Runtime) for a database that cannot be
    // opened, is locked (after a short busy timeout) or has a table that does not match.
    SqliteSink(std::filesystem::path database, std::string displayPath, std::string table,
               std::vector<std::string> keyColumns, Schema schema, OutputMode mode, SinkContext context);
    ~SqliteSink() override;

    // update: INSERT … ON CONFLICT(key) DO UPDATE of the emitted rows; complete: the table is
    // replaced by the batch's rows; append: INSERT.
    void addBatch(int64_t batchId, const ColumnBatch &rows, OutputMode mode) override;
    std::optional<int64_t> lastCommittedBatch() override { return m_lastCommitted; }
    bool isFaultTolerant() const override { return true; }
    std::string description() const override;

    // The table columns of the sink's `key` option. Throws Error(Analysis) for a key that is not
    // a result column, or no key in update mode (there is nothing to upsert on); the messages
    // name the sink by `sinkName` (the postgres sink shares the rule).
    static std::vector<std::string> resolveKeyColumns(const Schema &schema, const std::vector<std::string> &keys,
                                                      OutputMode mode, const std::string &sinkName = "sqlite");
    // Quotes an SQL identifier: "x""; DROP TABLE y; --" is just a strange name.
    static std::string quoteIdentifier(const std::string &name);
    // The table's columns for a result schema (window structs flattened), with declared types.
    static std::vector<std::pair<std::string, std::string>> tableColumns(const Schema &schema);
    // CREATE TABLE `quotedTable` of the (name, declared type) columns, with the primary key `keys`
    // when there are any: the statement both SQL sinks create their table with.
    static std::string createTableSql(const std::string &quotedTable,
                                      const std::vector<std::pair<std::string, std::string>> &columns,
                                      const std::vector<std::string> &keys);
    // " ON CONFLICT (keys) DO UPDATE SET c = excluded.c, …" (DO NOTHING when every column is a
    // key): how both SQL sinks upsert in update mode.
    static std::string upsertClause(const std::vector<std::pair<std::string, std::string>> &columns,
                                    const std::vector<std::string> &keys);

    // Reads a table back as typed rows (declared types mapped back; other types as text),
    // ordered by primary key, else by rowid. An empty table name picks the database's only
    // table. Throws Error(Runtime) for a missing database or table.
    static ColumnBatch readTable(const std::filesystem::path &database, const std::string &table);
    // The same for a database file's bytes (named displayPath in messages), read in memory.
    static ColumnBatch readTable(const std::string &bytes, const std::string &displayPath, const std::string &table);

    static constexpr const char *kBatchTable = "_streamstep_batches";
    static constexpr int kBusyTimeoutMs = 250;

private:
    static ColumnBatch readOpenTable(sqlite3 *db, const std::string &databaseName, const std::string &table);
    void execute(const std::string &sql);
    void prepareStatements();
    void createOrCheckTable();
    [[noreturn]] void fail(const std::string &what, int code);
    void bindRow(const ColumnBatch &rows, size_t row);
    void finalizeStatements();

    std::filesystem::path m_database;
    std::string m_displayPath;
    std::string m_table;
    std::vector<std::string> m_keyColumns; // table column names (flattened)
    Schema m_schema;
    OutputMode m_mode;
    SinkContext m_context;
    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_write = nullptr;  // INSERT or upsert
    sqlite3_stmt *m_record = nullptr; // INSERT INTO _streamstep_batches
    std::optional<int64_t> m_lastCommitted;
};

} // namespace streamstep
