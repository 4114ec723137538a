#!/bin/bash
# Reads Parquet files with DuckDB, a real reader that shares no code with StreamStep's writer, for
# the parquet sink's tests. Installs npm's @duckdb/node-api (its native DuckDB comes inside the
# package) on first use into ${STREAMSTEP_DUCKDB_DIR:-~/.cache/streamstep/duckdb-node}, then
# prints one JSON object per file: its columns and DuckDB's types, every row with each value cast
# to VARCHAR by DuckDB (a window struct as its start and end), and each column chunk's statistics.
#     bash tools/parquet/duckdb-read.sh out/windowed/part-00003-c000.snappy.parquet
set -euo pipefail
dir=${STREAMSTEP_DUCKDB_DIR:-$HOME/.cache/streamstep/duckdb-node}
version=1.5.6-r.1
if [[ ! -f $dir/node_modules/@duckdb/node-api/package.json ]]; then
    if ! command -v npm > /dev/null; then
        echo "duckdb-read.sh: npm is missing (sh tools/install-debian-packages.sh installs Node.js and npm)" >&2
        exit 1
    fi
    mkdir -p "$dir"
    npm install --prefix "$dir" --no-audit --no-fund --loglevel=error "@duckdb/node-api@$version" >&2
fi
exec node "$(dirname "$0")/duckdb-read.mjs" "$dir" "$@"
