// Reads Parquet files with DuckDB (see duckdb-read.sh) and prints one JSON line per file.
import { createRequire } from 'node:module';

const [dir, ...files] = process.argv.slice(2);
const require = createRequire(dir + '/');
const { DuckDBInstance } = require('@duckdb/node-api');

const quote = (name) => '"' + name.replaceAll('"', '""') + '"';
const literal = (text) => "'" + text.replaceAll("'", "''") + "'";

const instance = await DuckDBInstance.create(':memory:');
const connection = await instance.connect();
for (const file of files) {
    const source = `read_parquet(${literal(file)})`;
    const described = (await connection.runAndReadAll(`DESCRIBE SELECT * FROM ${source}`)).getRowObjectsJson();
    const columns = described.map((c) => ({ name: c.column_name, type: c.column_type }));
    const selected = [];
    for (const c of columns) {
        if (c.type.startsWith('STRUCT(')) {
            selected.push(`CAST(${quote(c.name)}.start AS VARCHAR)`, `CAST(${quote(c.name)}."end" AS VARCHAR)`);
        } else {
            selected.push(`CAST(${quote(c.name)} AS VARCHAR)`);
        }
    }
    const rows = (await connection.runAndReadAll(`SELECT ${selected.join(', ')} FROM ${source}`)).getRowsJson();
    const stats = (await connection.runAndReadAll(
        `SELECT path_in_schema, CAST(stats_null_count AS BIGINT) AS nulls, stats_min_value, stats_max_value, compression, ` +
        `encodings FROM parquet_metadata(${literal(file)}) ORDER BY column_id`)).getRowObjectsJson();
    console.log(JSON.stringify({ file, columns, rows, stats }));
}
