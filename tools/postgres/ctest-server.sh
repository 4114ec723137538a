#!/bin/bash
# The PostgreSQL server of the test suite as a ctest fixture: `start FILE` starts a throwaway
# server (start-test-server.sh) and writes its variables to FILE, which the postgres tests read
# (tests/engine/postgres_test_server.h); `stop FILE` stops it and removes FILE. ctest runs start
# before the first postgres test and stop after the last, so `ctest` alone needs no server set up.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
action=${1:-}
file=${2:-}
if [[ -z $file ]]; then
    echo "usage: ctest-server.sh start|stop FILE" >&2
    exit 2
fi
case $action in
start)
    if [[ -f $file ]]; then # a run that was interrupted left its server running
        "$0" stop "$file" || true
    fi
    bash "$here/start-test-server.sh" > "$file.tmp"
    mv "$file.tmp" "$file"
    sed -n 's/^export STREAMSTEP_TEST_POSTGRES_URL=/server: /p' "$file"
    ;;
stop)
    if [[ -f $file ]]; then
        dir=$(sed -n 's/^export STREAMSTEP_TEST_POSTGRES_DIR=//p' "$file")
        rm -f "$file"
        [[ -n $dir ]] && bash "$here/stop-test-server.sh" "$dir"
    fi
    ;;
*)
    echo "usage: ctest-server.sh start|stop FILE" >&2
    exit 2
    ;;
esac
