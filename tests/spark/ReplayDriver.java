// Runs many exported --replay programs in ONE Spark session, so that the seconds of JVM and
// SparkSession start-up are paid once per Spark version, not once per scenario. Each line of the
// list file names a program: CLASS WORK_DIR OUT_FILE [fresh-checkpoint] (tab-separated); with
// fresh-checkpoint the program runs again over what an earlier line left in WORK_DIR (its sink
// output) but without that run's checkpoint, as a user re-running a lesson into the same folder. The program's public static
// run(SparkSession, String, PrintStream) writes its JSON lines to OUT_FILE; the driver adds one
// line of its own, {"driver": {"exitCode": N, "ms": T}}, and prints one summary line per
// program on stdout. Local mode as the conformance suite wants it: local[2], 2 shuffle
// partitions, no UI, session time zone UTC.
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;

public final class ReplayDriver {
    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: ReplayDriver LIST_FILE   (lines: CLASS WORK_DIR OUT_FILE)");
            System.exit(1);
        }
        long start = System.nanoTime();
        SparkSession spark = SparkSession.builder().appName("streamstep-conformance").master("local[2]")
            .config("spark.sql.shuffle.partitions", "2")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.session.timeZone", "UTC")
            .getOrCreate();
        System.out.printf("session %.0f ms%n", (System.nanoTime() - start) / 1e6);
        List<String> programs = Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8);
        for (String line : programs) {
            if (line.isBlank()) continue;
            String[] parts = line.split("\t");
            if (parts.length > 3 && parts[3].equals("fresh-checkpoint")) deleteTree(Paths.get(parts[1], "checkpoint"));
            long begin = System.nanoTime();
            int exitCode;
            try (PrintStream out = new PrintStream(new FileOutputStream(parts[2]), true, "UTF-8")) {
                try {
                    Method run = Class.forName(parts[0]).getMethod("run", SparkSession.class, String.class, PrintStream.class);
                    exitCode = (Integer) run.invoke(null, spark, parts[1], out);
                } catch (InvocationTargetException e) {
                    // A program that throws instead of printing its error line is a bug in the export.
                    exitCode = 99;
                    out.println("{\"driver\": {\"uncaught\": " + quote(e.getCause().toString()) + "}}");
                    e.getCause().printStackTrace();
                }
                for (StreamingQuery q : spark.streams().active()) q.stop();
                double ms = (System.nanoTime() - begin) / 1e6;
                out.printf("{\"driver\": {\"exitCode\": %d, \"ms\": %.0f}}%n", exitCode, ms);
                System.out.printf("%s exit %d %.0f ms%n", parts[0], exitCode, ms);
            }
        }
        System.out.printf("total %.0f ms%n", (System.nanoTime() - start) / 1e6);
        spark.stop();
    }

    static void deleteTree(java.nio.file.Path folder) throws java.io.IOException {
        if (!Files.exists(folder)) return;
        try (java.util.stream.Stream<java.nio.file.Path> paths = Files.walk(folder)) {
            for (java.nio.file.Path p : (Iterable<java.nio.file.Path>) paths.sorted(java.util.Comparator.reverseOrder())::iterator)
                Files.delete(p);
        }
    }

    // JSON text by Jackson (on Spark's class path), every non-ASCII character escaped, whatever
    // encoding the reader assumes.
    static final JsonFactory JSON = JsonFactory.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();

    interface JsonWriter {
        void write(JsonGenerator json) throws IOException;
    }

    static String jsonText(JsonWriter writer) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(text)) {
            writer.write(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    static String quote(String text) { return jsonText(json -> json.writeString(text)); }
}
