#!/bin/sh
# Installs PyPI's pyspark VERSION (it bundles Spark's jars) into a virtual environment in the
# same cache as fetch-spark.sh, for running exported PySpark programs without a Spark
# installation. Idempotent: a complete environment answers at once. Prints the environment's
# python on stdout: <cache>/pyspark-<VERSION>/bin/python. Needs python3 (venv) and Java 17.
set -eu
if [ $# -ne 1 ] || [ -z "$1" ]; then
    echo "usage: $0 VERSION   (e.g. 3.5.9)" >&2
    exit 1
fi
version=$1
cache=${STREAMSTEP_SPARK_CACHE:-$HOME/.cache/streamstep/spark}
dest=$cache/pyspark-$version
if [ -f "$dest/.complete" ]; then
    echo "$dest/bin/python"
    exit 0
fi
rm -rf "$dest"
echo "installing pyspark $version into $dest ..." >&2
python3 -m venv "$dest" >&2
"$dest/bin/pip" install -q --disable-pip-version-check "pyspark==$version" >&2
touch "$dest/.complete"
echo "$dest/bin/python"
