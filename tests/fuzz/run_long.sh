#!/bin/sh
# Runs fuzz harnesses one after another for a fixed number of executions each (RUNS, e.g.
# 10000000) or a fixed time each (RUNS ending in s: 600s), gently (nice 19, one process at a
# time), from copies of the binaries so that a rebuild does not disturb a run. Logs, working
# corpora and any crash-*/leak-*/timeout-* reproducers land in OUT/<harness>/; OUT/summary.txt
# gets each harness's executions. Usage: tests/fuzz/run_long.sh BUILD_DIR OUT RUNS HARNESS...
# (BUILD_DIR configured with -DSTREAMSTEP_FUZZ=ON and built with --target streamstep_fuzzers; a
# tree at -O1, README.md, runs 2 to 5 times the executions of CI's -O0 one.) libFuzzer's -timeout
# counts wall time: FUZZ_TIMEOUT (seconds, default 20) gives more on a loaded machine.
set -eu
build=$(cd "$1" && pwd); out=$2; runs=$3; shift 3
src=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"; out=$(cd "$out" && pwd)
"$build/tests/fuzz/fuzz_write_seeds" "$out/seeds" > /dev/null
for name in "$@"; do
    dir="$out/$name"; mkdir -p "$dir/corpus"
    cp "$build/tests/fuzz/fuzz_$name" "$dir/fuzz_$name"
    case "$name" in
        scenario_reader|checkpoint|spark_export) dict="-dict=$src/scenario.dict";; expression) dict="-dict=$src/expression.dict";; *) dict="";;
    esac
    case "$name" in
        scenario_reader|state_snapshot|spark_export) max_len=16384;; checkpoint|sink_reader) max_len=32768;;
        expression) max_len=1024;; *) max_len=256;;
    esac
    regressions=""; [ -d "$src/regressions/$name" ] && regressions="$src/regressions/$name"
    case "$runs" in
        *s) limit="-max_total_time=${runs%s}";; *) limit="-runs=$runs";;
    esac
    echo "$(date -u +%FT%TZ) $name: $limit" >> "$out/summary.txt"
    (cd "$dir" && nice -n 19 ./fuzz_$name $limit -max_len=$max_len -timeout=${FUZZ_TIMEOUT:-20} -rss_limit_mb=2048 \
        -entropic=0 -print_final_stats=1 $dict corpus "$out/seeds/$name" $regressions > log.txt 2>&1) || true
    echo "$(date -u +%FT%TZ) $name: $(grep -E '^stat::number_of_executed_units' "$dir/log.txt" || echo 'stopped') $(ls "$dir" | grep -E '^(crash|leak|timeout|oom)-' | tr '\n' ' ')" >> "$out/summary.txt"
done
