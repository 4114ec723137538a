"""Runs many exported PySpark --replay programs in ONE SparkSession (one JVM), as ReplayDriver
does for the Java programs. Each line of the list file: MODULE_FILE WORK_DIR OUT_FILE
(tab-separated); the program's run(spark, work_dir, out) writes its JSON lines to OUT_FILE, and
the driver adds {"driver": {"exitCode": N, "ms": T}}. Local mode as the conformance suite
wants it: local[2], 2 shuffle partitions, no UI, session time zone UTC."""
import importlib.util
import json
import os
import sys
import time
import traceback

os.environ["TZ"] = "UTC"  # PySpark turns timestamps into naive datetimes of this zone
time.tzset()

from pyspark.sql import SparkSession  # noqa: E402


def main():
    start = time.monotonic()
    spark = (SparkSession.builder.appName("streamstep-pyspark-conformance").master("local[2]")
             .config("spark.sql.shuffle.partitions", "2").config("spark.ui.enabled", "false")
             .config("spark.sql.session.timeZone", "UTC").getOrCreate())
    spark.sparkContext.setLogLevel("WARN")
    print("session %.0f ms" % ((time.monotonic() - start) * 1000), flush=True)
    with open(sys.argv[1], encoding="utf-8") as programs:
        for line in programs:
            if not line.strip():
                continue
            module_file, work_dir, out_file = line.rstrip("\n").split("\t")[:3]
            begin = time.monotonic()
            with open(out_file, "w", encoding="utf-8") as out:
                try:
                    spec = importlib.util.spec_from_file_location(os.path.basename(module_file)[:-3], module_file)
                    module = importlib.util.module_from_spec(spec)
                    spec.loader.exec_module(module)
                    exit_code = module.run(spark, work_dir, out)
                except Exception as error:  # a program that throws is a bug in the export
                    exit_code = 99
                    out.write(json.dumps({"driver": {"uncaught": repr(error)}}) + "\n")
                    traceback.print_exc()
                for query in spark.streams.active:
                    query.stop()
                ms = (time.monotonic() - begin) * 1000
                out.write(json.dumps({"driver": {"exitCode": exit_code, "ms": round(ms)}}) + "\n")
            print("%s exit %d %.0f ms" % (module_file, exit_code, ms), flush=True)
    print("total %.0f ms" % ((time.monotonic() - start) * 1000), flush=True)
    spark.stop()


if __name__ == "__main__":
    main()
