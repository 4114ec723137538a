// Spark's side of streamstep-bench's spark_trigger case (run by bench/spark-triggers.sh): the
// trigger_overhead query — withWatermark(eventTime, 10 minutes), groupBy(window(eventTime,
// '5 minutes'), accountId).agg(sum(amount) AS total), append mode, memory sink — fed one small
// batch per trigger through a MemoryStream, processAllAvailable() after each (the data batch and
// the no-data batch Spark runs when the watermark moved), in local[1] with one shuffle partition.
//
//   SparkTriggers INPUT_TSV WORK_DIR
//
// INPUT_TSV: one row per line, "trigger<TAB>accountId<TAB>branchCode<TAB>amount<TAB>eventTimeMicros",
// triggers numbered from 0 in order. Prints on stdout (the bench parses it):
//   version <spark version>
//   session_ms <JVM start to SparkSession ready, not measured as a trigger>
//   trigger <index> <wall ns of addData + processAllAvailable> <Spark's own triggerExecution ms summed over its batches> <batches>
//   batches <batches the query ran>
//   row <CAST(window AS STRING)><TAB><accountId><TAB><CAST(total AS STRING)>   (what the memory sink holds)
// Warm-up triggers are reported too; the bench leaves them out of its figures.
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryProgress;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.execution.streaming.MemoryStream;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

public final class SparkTriggers {
    static final StructType SCHEMA = new StructType()
        .add("accountId", DataTypes.StringType)
        .add("branchCode", DataTypes.StringType)
        .add("amount", DataTypes.createDecimalType(12, 2))
        .add("eventTime", DataTypes.TimestampType);

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: SparkTriggers INPUT_TSV WORK_DIR");
            System.exit(1);
        }
        PrintStream out = new PrintStream(System.out, false, "UTF-8");
        // Every trigger's rows, built before any clock runs (StreamStep's side gets its batches
        // ready-made too).
        List<List<Row>> triggers = new ArrayList<>();
        for (String line : Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8)) {
            if (line.isEmpty()) continue;
            String[] f = line.split("\t", -1);
            int trigger = Integer.parseInt(f[0]);
            while (triggers.size() <= trigger) triggers.add(new ArrayList<>());
            long micros = Long.parseLong(f[4]);
            Timestamp ts = Timestamp.from(Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                                                                Math.floorMod(micros, 1_000_000L) * 1000));
            triggers.get(trigger).add(RowFactory.create(f[1], f[2], new BigDecimal(f[3]), ts));
        }
        List<Seq<Row>> batches = new ArrayList<>();
        for (List<Row> rows : triggers) batches.add(CollectionConverters.asScala(rows).toList());

        SparkSession spark = SparkSession.builder().appName("streamstep-bench").master("local[1]")
            .config("spark.sql.shuffle.partitions", "1")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.session.timeZone", "UTC")
            .getOrCreate();
        out.println("version " + spark.version());
        out.println("session_ms " + (System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime()));

        MemoryStream<Row> input = MemoryStream.apply(Encoders.row(SCHEMA), spark.sqlContext());
        StreamingQuery query = input.toDF()
            .withWatermark("eventTime", "10 minutes")
            .groupBy(org.apache.spark.sql.functions.expr("window(eventTime, '5 minutes')"),
                     org.apache.spark.sql.functions.expr("accountId"))
            .agg(org.apache.spark.sql.functions.expr("sum(amount) AS total"))
            .writeStream()
            .format("memory")
            .queryName("bench")
            .outputMode("append")
            .option("checkpointLocation", args[1] + "/checkpoint")
            .start();
        long lastBatch = -1;
        try {
            for (int i = 0; i < batches.size(); ++i) {
                long start = System.nanoTime();
                input.addData(batches.get(i));
                query.processAllAvailable();
                long ns = System.nanoTime() - start;
                // Spark's own account of the batches this trigger ran (recentProgress keeps the
                // last 100 progresses, more than one trigger runs).
                long reportedMs = 0;
                int ran = 0;
                long newest = lastBatch;
                for (StreamingQueryProgress p : query.recentProgress()) {
                    if (p.batchId() > lastBatch && p.durationMs().containsKey("addBatch")) {
                        reportedMs += p.durationMs().get("triggerExecution");
                        ++ran;
                        newest = Math.max(newest, p.batchId());
                    }
                }
                lastBatch = newest;
                out.println("trigger " + i + " " + ns + " " + reportedMs + " " + ran);
            }
            out.println("batches " + (lastBatch + 1));
        } finally {
            query.stop();
        }
        for (Row row : spark.sql("SELECT CAST(window AS STRING), accountId, CAST(total AS STRING) FROM bench").collectAsList())
            out.println("row " + row.getString(0) + "\t" + row.getString(1) + "\t" + row.getString(2));
        out.flush();
        spark.stop();
    }
}
