#!/bin/sh
# Installs the Debian 12 packages StreamStep builds, tests and runs with (only the missing ones);
# Java 17 and Maven fetch and run real Spark, python3-venv real PySpark, for the conformance tests
# (tools/spark); libpq and Snappy build the postgres and parquet sinks, PostgreSQL 15 runs their
# tests' throwaway server (tools/postgres), simdjson the scenario reader's fast path for big files,
# Node.js the DuckDB reader that checks the parquet files, and poppler-utils (pdftoppm, pdftotext)
# the handout tests that render the PDFs the app exports.
# Uses sudo when not run as root.
set -eu
packages="cmake g++ make pkg-config qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-tools-dev
qt6-l10n-tools qt6-translations-l10n libqt6sql6-sqlite libqt6svg6 libsqlite3-dev nlohmann-json3-dev
libsimdjson-dev xvfb xauth fonts-dejavu-core openjdk-17-jdk-headless maven python3 python3-venv libpq-dev libsnappy-dev
postgresql-15 poppler-utils"
missing=""
for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
# Node.js may come from elsewhere than Debian (with its own npm): only a missing npm asks for Debian's.
command -v npm >/dev/null 2>&1 || missing="$missing nodejs npm"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
    as_root="sudo"
else
    as_root=""
fi
echo "Installing:$missing"
$as_root apt-get update -qq
DEBIAN_FRONTEND=noninteractive $as_root apt-get install -y -qq --no-install-recommends $missing
