#!/bin/bash
# Stops the server start-test-server.sh started and removes its folder (the argument, or
# $STREAMSTEP_TEST_POSTGRES_DIR).
set -euo pipefail
dir=${1:-${STREAMSTEP_TEST_POSTGRES_DIR:-}}
if [[ -z $dir || ! -d $dir/data ]]; then
    echo "stop-test-server.sh: no test server folder given (STREAMSTEP_TEST_POSTGRES_DIR)" >&2
    exit 1
fi
bin=${PG_BIN:-}
if [[ -z $bin ]]; then
    for candidate in /usr/lib/postgresql/*/bin; do
        [[ -x $candidate/pg_ctl ]] && bin=$candidate
    done
fi
as_owner=()
[[ $(id -u) -eq 0 ]] && as_owner=(runuser -u postgres --)
"${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w stop > /dev/null 2>&1 || true
rm -rf "$dir"
