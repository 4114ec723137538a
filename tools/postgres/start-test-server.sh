#!/bin/bash
# Starts a throwaway PostgreSQL server for the postgres sink's tests: a new cluster in a temporary
# folder, listening on 127.0.0.1 on a free port only, with a superuser `streamstep` (password
# `streamstep`, scram-sha-256 over TCP) and a database `streamstep`. initdb refuses to run as root,
# so as root the cluster belongs to the unprivileged `postgres` user (runuser).
#
# Prints the two variables the tests and the stop script read, for eval:
#     eval "$(bash tools/postgres/start-test-server.sh)"
#     ctest --test-dir build -R postgres
#     bash tools/postgres/stop-test-server.sh "$STREAMSTEP_TEST_POSTGRES_DIR"
set -euo pipefail

bin=${PG_BIN:-}
if [[ -z $bin ]]; then
    for candidate in /usr/lib/postgresql/*/bin; do
        [[ -x $candidate/initdb ]] && bin=$candidate
    done
fi
if [[ -z $bin || ! -x $bin/initdb ]]; then
    echo "start-test-server.sh: no PostgreSQL server programs (initdb, pg_ctl) found; install postgresql-15" \
         "(sh tools/install-debian-packages.sh) or set PG_BIN" >&2
    exit 1
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/streamstep-postgres.XXXXXX")
as_owner=()
if [[ $(id -u) -eq 0 ]]; then
    chown postgres: "$dir"
    as_owner=(runuser -u postgres --)
fi
printf 'streamstep\n' > "$dir/password"
chmod 0644 "$dir/password"
"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U streamstep --pwfile="$dir/password" -E UTF8 --locale=C \
    --auth-local=trust --auth-host=scram-sha-256 > "$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }

# A free port: try random ones until a server starts on one (another may take it meanwhile).
started=""
for attempt in 1 2 3 4 5 6 7 8; do
    port=$(( 20000 + RANDOM % 40000 ))
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        continue # something listens there
    fi
    if "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$dir" start > /dev/null 2>&1; then
        started=$port
        break
    fi
done
if [[ -z $started ]]; then
    echo "start-test-server.sh: the server did not start; its log:" >&2
    cat "$dir/server.log" >&2 || true
    exit 1
fi
PGPASSWORD=streamstep "$bin/createdb" -h 127.0.0.1 -p "$started" -U streamstep streamstep
echo "export STREAMSTEP_TEST_POSTGRES_URL=postgresql://streamstep:streamstep@127.0.0.1:$started/streamstep"
echo "export STREAMSTEP_TEST_POSTGRES_DIR=$dir"
