// Writes a PostgreSQL table through libpq, the pattern the lessons teach for live dashboards
// (in Spark: foreachBatch with a JDBC upsert; writeStream.format("jdbc") itself does not exist).
// Each batch is one transaction that first records the batch id in a bookkeeping table of the same
// database (_streamstep_batches, keyed by query id, table and batch id) and then writes the rows,
// so a batch replayed after a crash finds its id and is skipped — exactly once, as the SQLite sink.
//
// update → INSERT … ON CONFLICT (key) DO UPDATE of the changed rows; complete → DELETE and insert
// (readers see the old table until the commit); append → INSERT. Rows travel as binary COPY into
// the table (or into a temporary staging table that one INSERT … SELECT … ON CONFLICT upserts
// from), or for small batches as one multi-row INSERT with binary parameters: values are never
// spliced into SQL, identifiers are always quoted.
//
// Column types: boolean boolean, int integer, long bigint, double double precision,
// decimal(p,s) numeric(p,s), string text, timestamp timestamp with time zone; a window struct
// column `w` becomes w_start and w_end (timestamptz; a key `w` means both). A table that exists is
// checked, not changed: each result column must be there with a type that holds it, and in update
// mode the key columns must carry a primary key or unique constraint.
#pragma once

#include "sinks/postgres_connection.h"
#include "sinks/sink.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace streamstep {

class PostgresSink : public Sink {
public:
    // How rows reach the server (Auto: multi-row INSERT up to kMultiRowLimit rows, binary COPY
    // above). Fixed methods are for the benchmark and tests.
    enum class WriteMethod { Auto, Copy, MultiRow };

    // Connects, creates the bookkeeping table and the table when missing (in one transaction), or
    // checks the table, and reads the newest batch id this query committed to it. Throws
    // Error(Analysis) for a key that is not a result column or no key in update mode,
    // Error(Runtime) for a server that cannot be reached or refuses the login (the message says
    // where it tried and what to do) and for a table that does not fit (naming the column).
    PostgresSink(PostgresTarget target, std::vector<std::string> keyColumns, Schema schema, OutputMode mode,
                 SinkContext context);
    ~PostgresSink() override;

    void addBatch(int64_t batchId, const ColumnBatch &rows, OutputMode mode) override;
    std::optional<int64_t> lastCommittedBatch() override { return m_lastCommitted; }
    bool isFaultTolerant() const override { return true; }
    std::string description() const override;
    std::string openingNotice() const override { return m_notice; }

    void setWriteMethod(WriteMethod method) { m_method = method; }

    // The table's columns for a result schema (window structs flattened) with PostgreSQL types.
    static std::vector<std::pair<std::string, std::string>> tableColumns(const Schema &schema);
    // Quotes an identifier: "x""; DROP TABLE y; --" is just a strange name.
    static std::string quoteIdentifier(const std::string &name);
    // "schema.table" → "schema"."table"; "table" → "table" (the connection's search_path).
    static std::string qualifiedName(const std::string &table);
    // Checks an existing table against the query: "" when it fits, else what does not fit.
    // Reads only; for Test Connection.
    static std::string tableProblem(PostgresConnection &connection, const std::string &table, const Schema &schema,
                                    const std::vector<std::string> &keyColumns, OutputMode mode, bool *exists);

    // Reads a table back as typed rows (its declared types mapped back; others as text), ordered
    // by primary key (text in byte order), else by every column. An empty table name picks the
    // only table of the connection's schema besides the bookkeeping table.
    static ColumnBatch readTable(const PostgresTarget &target, const std::string &table);

    static constexpr const char *kBatchTable = "_streamstep_batches";
    static constexpr size_t kMultiRowLimit = 512;

private:
    void createOrCheckTable();
    void writeCopy(const ColumnBatch &rows, const std::string &target, const std::string &batch);
    void writeMultiRow(const ColumnBatch &rows, const std::string &batch);
    std::string upsertClause() const;
    std::string columnList() const;

    PostgresTarget m_target;
    std::string m_table; // the option, as written
    std::vector<std::string> m_keyColumns; // table column names (flattened)
    Schema m_schema;
    OutputMode m_mode;
    SinkContext m_context;
    std::unique_ptr<PostgresConnection> m_connection;
    std::vector<std::pair<std::string, std::string>> m_columns;
    std::optional<int64_t> m_lastCommitted;
    bool m_haveStage = false;
    WriteMethod m_method = WriteMethod::Auto;
    std::string m_notice;
};

} // namespace streamstep
