// Reads the parquet sink folders StreamStep wrote with real Spark, in ONE JVM and SparkSession
// (tst_spark_reads_sinks): `spark.read.parquet(folder)` on a folder with a `_spark_metadata`
// log reads exactly the files that log lists (Spark's MetadataLogFileIndex), so what it prints is
// what any Spark job downstream of the sink sees. Argument: a TSV file of `name<TAB>folder<TAB>out`
// lines; each out file gets one line {"schema": [[name, type], ...], "files": N} and then one
// JSON line per row (timestamps ISO-8601 UTC with microseconds, decimals exact, windows as
// {"start", "end"}), or one line {"error": "..."}.
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructField;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

public final class SinkReadDriver {
    private static final DateTimeFormatter ISO_MICROS =
        DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);

    public static void main(String[] args) throws Exception {
        long start = System.nanoTime();
        SparkSession spark = SparkSession.builder().master("local[2]").appName("SinkReadDriver")
            .config("spark.ui.enabled", "false").config("spark.sql.session.timeZone", "UTC")
            .config("spark.sql.shuffle.partitions", "2").getOrCreate();
        System.out.println("session " + (System.nanoTime() - start) / 1000000 + " ms");
        for (String line : Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8)) {
            if (line.isEmpty()) continue;
            String[] parts = line.split("\t");
            try (PrintStream out = new PrintStream(Files.newOutputStream(Paths.get(parts[2])), true, "UTF-8")) {
                try {
                    Dataset<Row> df = spark.read().parquet(parts[1]);
                    StringBuilder schema = new StringBuilder("{\"schema\": [");
                    StructField[] fields = df.schema().fields();
                    for (int i = 0; i < fields.length; ++i)
                        schema.append(i > 0 ? ", " : "").append('[').append(quote(fields[i].name())).append(", ")
                            .append(quote(fields[i].dataType().simpleString())).append(']');
                    out.println(schema.append("], \"files\": ").append(df.inputFiles().length).append('}'));
                    List<Row> rows = df.collectAsList();
                    for (Row row : rows) out.println(json(row));
                } catch (Exception e) {
                    out.println("{\"error\": " + quote(e.getClass().getSimpleName() + ": " + e.getMessage()) + "}");
                }
            }
            System.out.println("read " + parts[0]);
        }
        spark.stop();
    }

    // The conformance driver's JSON text (Jackson, every non-ASCII character escaped); compiled with it.
    static String quote(String text) { return ReplayDriver.quote(text); }

    static String json(Object value) { return ReplayDriver.jsonText(json -> write(json, value)); }

    static void write(JsonGenerator json, Object value) throws IOException {
        if (value instanceof Timestamp) value = ((Timestamp) value).toInstant();
        if (value == null) {
            json.writeNull();
        } else if (value instanceof Row) {
            Row row = (Row) value;
            String[] names = row.schema().fieldNames();
            json.writeStartObject();
            for (int i = 0; i < names.length; ++i) {
                json.writeFieldName(names[i]);
                write(json, row.get(i));
            }
            json.writeEndObject();
        } else if (value instanceof String) {
            json.writeString((String) value);
        } else if (value instanceof BigDecimal) {
            json.writeNumber(((BigDecimal) value).toPlainString()); // exact, never 1E+3
        } else if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) json.writeString(Double.toString(d));
            else json.writeNumber(Double.toString(d));
        } else if (value instanceof Instant) {
            json.writeString(ISO_MICROS.format((Instant) value));
        } else {
            json.writeRawValue(value.toString()); // integers and booleans
        }
    }
}
