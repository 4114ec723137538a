#!/bin/sh
# Installs everything the whole test suite needs that is missing: the Debian packages
# (install-debian-packages.sh), then real Apache Spark 3.5.9 and 4.2.0 from Maven Central and
# PySpark 3.5.9 and 4.2.0 from PyPI into ~/.cache/streamstep (quick when cached), for the
# conformance tests that run every scenario on Spark itself (tests/spark). The PostgreSQL test
# server is started by ctest itself, and DuckDB (the parquet check) is fetched on first use.
# Clang and its runtime libraries (libFuzzer, the sanitizers) build the fuzz harnesses
# (tests/fuzz), which CI runs for a short time each.
set -eu
here=$(dirname "$0")
sh "$here/install-debian-packages.sh"
missing=""
for p in clang libclang-rt-14-dev; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    as_root=""
    [ "$(id -u)" -ne 0 ] && as_root="sudo"
    echo "Installing:$missing"
    $as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $as_root apt-get install -y -qq --no-install-recommends $missing
fi
for version in 3.5.9 4.2.0; do
    sh "$here/spark/fetch-spark.sh" "$version"
    sh "$here/spark/fetch-pyspark.sh" "$version"
done
