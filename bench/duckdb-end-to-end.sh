#!/bin/bash
# DuckDB's side of streamstep-bench's end_to_end case: reads an NDJSON file of transactions with
# one thread and writes groupBy(window(eventTime, '5 minutes'), accountId) sum(amount), count(*)
# as CSV (window start, accountId, sum, count). Installs npm's @duckdb/node-api on first use into
# the folder tools/parquet/duckdb-read.sh uses (${STREAMSTEP_DUCKDB_DIR:-~/.cache/streamstep/duckdb-node}).
#     bash bench/duckdb-end-to-end.sh --install
#     bash bench/duckdb-end-to-end.sh rows.ndjson out.csv
set -euo pipefail
dir=${STREAMSTEP_DUCKDB_DIR:-$HOME/.cache/streamstep/duckdb-node}
version=1.5.6-r.1
if [[ ! -f $dir/node_modules/@duckdb/node-api/package.json ]]; then
    if ! command -v npm > /dev/null; then
        echo "duckdb-end-to-end.sh: npm is missing (sh tools/install-debian-packages.sh installs Node.js and npm)" >&2
        exit 1
    fi
    mkdir -p "$dir"
    npm install --prefix "$dir" --no-audit --no-fund --loglevel=error "@duckdb/node-api@$version" >&2
fi
[[ ${1:-} == --install ]] && exit 0
exec node "$(dirname "$0")/duckdb-end-to-end.mjs" "$dir" "$@"
