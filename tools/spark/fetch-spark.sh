#!/bin/sh
# Fetches org.apache.spark:spark-sql_2.13 VERSION with every transitive jar, the SQLite JDBC
# driver and the Scala compiler matching Spark's scala-library into a cache OUTSIDE the build
# folder, so that builds, CI runs and users share one copy (~300 MB per version). Idempotent: a
# complete cache answers at once without Maven. Prints the version's folder on stdout:
#   <cache>/<VERSION>/jars/*.jar            the Spark runtime classpath
#   <cache>/<VERSION>/scala-compiler/*.jar  scalac (run with java -cp ... scala.tools.nsc.Main)
# Cache: $STREAMSTEP_SPARK_CACHE, default ~/.cache/streamstep/spark. Needs mvn and Java 17.
set -eu
if [ $# -ne 1 ] || [ -z "$1" ]; then
    echo "usage: $0 VERSION   (e.g. 3.5.9 or 4.2.0)" >&2
    exit 1
fi
version=$1
here=$(cd "$(dirname "$0")" && pwd)
cache=${STREAMSTEP_SPARK_CACHE:-$HOME/.cache/streamstep/spark}
dest=$cache/$version
if [ -f "$dest/.complete" ]; then
    echo "$dest"
    exit 0
fi
command -v mvn >/dev/null || { echo "$0: mvn not found (Debian: apt-get install maven)" >&2; exit 1; }
# The plugin by its full coordinates: a bare "dependency:" prefix makes Maven look up plugin
# group metadata first, which a fresh machine may not be able to resolve (seen in a new chroot).
copy_dependencies=org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies
rm -rf "$dest.partial"
mkdir -p "$dest.partial"
echo "fetching spark-sql_2.13 $version into $dest ..." >&2
mvn -q -B -f "$here/pom.xml" -Dspark.version="$version" "$copy_dependencies" \
    -DincludeScope=runtime -DoutputDirectory="$dest.partial/jars" >&2
scala_library=$(ls "$dest.partial/jars" | sed -n 's/^scala-library-\(2\.13\.[0-9]*\)\.jar$/\1/p')
if [ -z "$scala_library" ]; then
    echo "$0: spark-sql_2.13 $version brought no scala-library 2.13 jar" >&2
    exit 1
fi
mvn -q -B -f "$here/scala-compiler-pom.xml" -Dscala.version="$scala_library" "$copy_dependencies" \
    -DincludeScope=runtime -DoutputDirectory="$dest.partial/scala-compiler" >&2
echo "$scala_library" > "$dest.partial/scala-version"
touch "$dest.partial/.complete"
rm -rf "$dest"
mv "$dest.partial" "$dest"
echo "$dest"
