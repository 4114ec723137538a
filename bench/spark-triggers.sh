#!/bin/bash
# Spark's side of streamstep-bench's spark_trigger case: compiles bench/SparkTriggers.java against
# the conformance suite's jars (tools/spark/fetch-spark.sh VERSION; this script never fetches
# them) and runs it with plain java on Java 17 (tools/spark/jvm-<minor>.args), Spark's log in
# WORK_DIR/spark.stderr. Its stdout is SparkTriggers' (see that file).
#     bash bench/spark-triggers.sh VERSION INPUT_TSV WORK_DIR
# When Java or the jars are missing it prints "unavailable: <why and what to run>" and exits 3,
# so that the bench reports the case as not run instead of failing.
set -euo pipefail
if [[ $# -ne 3 ]]; then
    echo "usage: $0 VERSION INPUT_TSV WORK_DIR" >&2
    exit 1
fi
version=$1 input=$2 work=$3
tools=$(cd "$(dirname "$0")/../tools/spark" && pwd)
spark=${STREAMSTEP_SPARK_CACHE:-$HOME/.cache/streamstep/spark}/$version
for tool in java javac; do
    if ! command -v $tool >/dev/null; then
        echo "unavailable: no $tool on PATH (Spark $version needs Java 17; Debian: apt-get install openjdk-17-jdk-headless)"
        exit 3
    fi
done
if [[ ! -f $spark/.complete ]]; then
    echo "unavailable: no Spark $version jars in $spark (run tools/spark/fetch-spark.sh $version)"
    exit 3
fi
minor=${version%.*}
if [[ ! -f $tools/jvm-$minor.args ]]; then
    echo "unavailable: no $tools/jvm-$minor.args for Spark $version"
    exit 3
fi
mkdir -p "$work/src" "$work/classes"
source=$work/src/SparkTriggers.java
# Spark 4 moved MemoryStream into execution.streaming.runtime (docs/running-spark.md).
if [[ ${version%%.*} -ge 4 ]]; then
    sed 's/import org\.apache\.spark\.sql\.execution\.streaming\.MemoryStream;/import org.apache.spark.sql.execution.streaming.runtime.MemoryStream;/' \
        "$(dirname "$0")/SparkTriggers.java" > "$source"
else
    cp "$(dirname "$0")/SparkTriggers.java" "$source"
fi
javac -nowarn -cp "$spark/jars/*" -d "$work/classes" "$source" >"$work/javac.log" 2>&1 || {
    cat "$work/javac.log" >&2
    exit 1
}
exec java @"$tools/jvm-$minor.args" -Dlog4j2.configurationFile="$tools/log4j2.properties" \
    -cp "$spark/jars/*:$work/classes" SparkTriggers "$input" "$work" 2>"$work/spark.stderr"
