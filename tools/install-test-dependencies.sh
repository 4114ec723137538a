#!/bin/sh
# Installs everything the whole test suite needs that is missing: the Debian packages
# (install-debian-packages.sh), then real Apache Spark 3.5.9 and 4.2.0 from Maven Central and
# PySpark 3.5.9 and 4.2.0 from PyPI into ~/.cache/streamstep (quick when cached), for the
# conformance tests that run every scenario on Spark itself (tests/spark). The PostgreSQL test
# server is started by ctest itself, and DuckDB (the parquet check) is fetched on first use.
set -eu
here=$(dirname "$0")
sh "$here/install-debian-packages.sh"
for version in 3.5.9 4.2.0; do
    sh "$here/spark/fetch-spark.sh" "$version"
    sh "$here/spark/fetch-pyspark.sh" "$version"
done
