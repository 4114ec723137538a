// See duckdb-end-to-end.sh: DuckDB, one thread, the same rows and groups as the StreamStep run.
import { createRequire } from 'node:module';

const [dir, rows, out] = process.argv.slice(2);
const require = createRequire(dir + '/');
const { DuckDBInstance } = require('@duckdb/node-api');

const literal = (text) => "'" + text.replaceAll("'", "''") + "'";
const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
const connection = await instance.connect();
await connection.run(
    `COPY (SELECT time_bucket(INTERVAL 5 MINUTE, eventTime) AS window_start, accountId, ` +
    `sum(amount) AS total, count(*) AS n ` +
    `FROM read_json(${literal(rows)}, format = 'newline_delimited', columns = {accountId: 'VARCHAR', ` +
    `branchCode: 'VARCHAR', amount: 'DECIMAL(12,2)', eventTime: 'TIMESTAMP'}) GROUP BY ALL) ` +
    `TO ${literal(out)} (FORMAT csv, HEADER false)`);
