#!/bin/bash
# DuckDB's side of streamstep-bench's end_to_end case: reads an NDJSON file of transactions with
# one thread and writes groupBy(window(eventTime, '5 minutes'), accountId) sum(amount), count(*)
# as CSV (window start, accountId, sum, count). --install installs npm's @duckdb/node-api when it
# is missing, through tools/parquet/duckdb-read.sh (the same version and folder).
#     bash bench/duckdb-end-to-end.sh --install
#     bash bench/duckdb-end-to-end.sh rows.ndjson out.csv
set -euo pipefail
here=$(dirname "$0")
if [[ ${1:-} == --install ]]; then
    exec bash "$here/../tools/parquet/duckdb-read.sh" # no files: installs, then reads nothing
fi
exec node "$here/duckdb-end-to-end.mjs" "${STREAMSTEP_DUCKDB_DIR:-$HOME/.cache/streamstep/duckdb-node}" "$@"
