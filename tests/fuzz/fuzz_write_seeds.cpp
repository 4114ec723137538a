// Writes the seed corpora of the fuzz harnesses into DIR/<harness>/ from the bundled lessons and
// tests/data (so the seeds follow the formats as they change): cut-down lessons, every
// expression they contain, cell texts of every type, real state snapshots after each step,
// real checkpoints (complete, and interrupted at each fault point) and real sink outputs.
#include "fuzz_support.h"

#include "streamstep/engine.h"
#include "streamstep/streaming_query.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

using namespace streamstep;
namespace fs = std::filesystem;

namespace {

void writeSeed(const fs::path &dir, const std::string &name, const std::string &bytes)
{
    fs::create_directories(dir);
    std::ofstream out(dir / name, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::vector<fs::path> scenarioFiles(const fs::path &dir)
{
    std::vector<fs::path> paths;
    for (const fs::directory_entry &entry : fs::directory_iterator(dir))
        if (entry.path().string().ends_with(".scenario.json"))
            paths.push_back(entry.path());
    std::sort(paths.begin(), paths.end());
    return paths;
}

std::string readText(const fs::path &path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void addExpressions(const Scenario &scenario, std::vector<std::string> &out)
{
    for (const QueryOp &op : scenario.query) {
        for (const ExprText *e : {&op.condition, &op.expr})
            if (!e->text.empty())
                out.push_back(e->text);
        for (const auto *list : {&op.columns, &op.keys, &op.aggs})
            for (const ExprText &e : *list)
                out.push_back(e.text);
    }
}

// A run that stops at a fault point, as a crash there would leave the folders.
struct Stop {};

} // namespace

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::cerr << "usage: fuzz_write_seeds DIR\n";
        return 2;
    }
    const fs::path out = argv[1];
    const fs::path source = fuzz::sourceDir();

    // Scenario reader and export: lessons cut down to fuzz size, and the test data as it is
    // when it is small (most of tests/data/scenarios is invalid on purpose).
    std::vector<std::string> expressions;
    int n = 0;
    for (const fs::path &dir : {source / "scenarios", source / "tests/data/scenarios", source / "tests/data/spark",
                                source / "tests/data/sinks", source / "tests/data/export"}) {
        for (const fs::path &path : scenarioFiles(dir)) {
            const std::string name = std::to_string(n++) + "-" + path.filename().string();
            std::string seed;
            try {
                const Scenario scenario = readScenarioFile(path.string());
                addExpressions(scenario, expressions);
                seed = writeScenario(fuzz::smallLesson(scenario));
            } catch (const Error &) {
                seed = readText(path);
                if (seed.size() > 8192)
                    continue;
            }
            writeSeed(out / "scenario_reader", name, seed);
            writeSeed(out / "spark_export", name, seed);
        }
    }
    for (const Scenario &scenario : fuzz::fuzzQueries()) {
        addExpressions(scenario, expressions);
        const std::string name = std::to_string(n++) + "-" + scenario.fileName;
        writeSeed(out / "scenario_reader", name, writeScenario(scenario));
        writeSeed(out / "spark_export", name, writeScenario(scenario));
    }

    // Expressions: the lessons' and a hand-made set reaching every corner of the language.
    for (const char *text :
         {"amount > 1000 AND NOT (accountId LIKE 'A%' OR accountId IS NULL)", "CASE WHEN n > 0 THEN 'pos' WHEN n < 0 THEN 'neg' ELSE NULL END AS sign",
          "CAST(amount AS DOUBLE) / 0", "big % -1", "n + 2147483647", "x * 1e308", "-(-9223372036854775807 - 1)",
          "concat(accountId, '-', CAST(eventTime AS STRING))", "substring(accountId, -3, 2)", "upper(lower(trim(accountId)))",
          "coalesce(amount, 0.00) BETWEEN -1 AND 1e3", "n IN (1, 2, NULL)", "n NOT IN (1)", "window.start < eventTime",
          "window(eventTime, '5 minutes')", "window(eventTime, '10 minutes', '5 minutes', '1 minute') AS w",
          "session_window(eventTime, '5 minutes')", "date_format(eventTime, 'yyyy-MM-dd HH:mm')",
          "eventTime + INTERVAL 5 MINUTES", "current_timestamp() > eventTime", "abs(d38) * d38",
          "round(amount, 1)", "floor(x)", "sum(amount) AS total", "count(DISTINCT accountId)", "avg(n) / count(*)",
          "first(amount, true)", "max(window.end)", "`weird name`", "accountId RLIKE '^A[0-9]+$'",
          "'it''s' = accountId", "flag = true OR flag IS NOT NULL", "CAST('2026-03-01 10:00:00' AS TIMESTAMP)",
          "CAST(x AS DECIMAL(38, 37))", "to_timestamp('2026-03-01', 'yyyy-MM-dd')", "unix_timestamp(eventTime)",
          "length(accountId) <=> 2", "if(n > 1, 'a', 'b')", "nvl(NULL, 1)", "greatest(n, 1, big)", "hour(eventTime)"})
        expressions.push_back(text);
    std::sort(expressions.begin(), expressions.end());
    expressions.erase(std::unique(expressions.begin(), expressions.end()), expressions.end());
    for (size_t i = 0; i < expressions.size(); ++i)
        writeSeed(out / "expression", std::to_string(i), expressions[i]);

    // Cell texts: type byte (+ precision, scale for decimals), then the text.
    const std::vector<std::pair<std::string, std::vector<std::string>>> cells = {
        {std::string(1, '\0'), {"true", "FALSE", " yes ", "null"}},
        {std::string(1, '\1'), {"2147483647", "-2147483648", "+12", "3000000000", "12.0", " 7 "}},
        {std::string(1, '\2'), {"9223372036854775807", "-9223372036854775808", "99999999999999999999"}},
        {std::string(1, '\3'), {"2.5E-3", "+1", ".5", "NaN", "Infinity", "-Infinity", "1e-400", "1e400", "-0.0"}},
        {std::string("\4\x0b\x02", 3), {"-12.50", "+3", ".5", "1e3", "12,5", "999999999999.99", "0.000"}},
        {std::string("\4\x25\x25", 3), {"0.12345678901234567890123456789012345678", "1"}},
        {std::string(1, '\5'), {"", "NULL", "  spaces  ", "\xC3\xA9"}},
        {std::string(1, '\6'), {"2026-03-01 10:00:00", "2026-03-01T10:00:00.123456Z", "0000-01-01 00:00:00",
                                "9999-12-31T23:59:59.999999", "2026-02-30 10:00:00", "10:00"}},
        {std::string(1, '\7'), {"NULL", "x"}},
        {std::string(1, '\x08'), {"{2026-03-01 10:00:00, 2026-03-01 10:05:00}"}},
    };
    n = 0;
    for (const auto &[prefix, texts] : cells)
        for (const std::string &text : texts)
            writeSeed(out / "cell_text", std::to_string(n++), prefix + text);

    // State snapshots: each fuzz query's saved state before and after every step.
    const std::vector<Scenario> &queries = fuzz::fuzzQueries();
    for (size_t q = 0; q < queries.size(); ++q) {
        Run run(Query::compile(queries[q]));
        writeSeed(out / "state_snapshot", std::to_string(q) + "-0", std::string(1, static_cast<char>(q)) + run.saveState());
        for (size_t i = 0; i < queries[q].steps.size(); ++i) {
            try {
                run.step(queries[q].steps[i].rows, static_cast<int>(i), triggerTimeMicros(queries[q].steps, i));
            } catch (const Error &) {
                break;
            }
            writeSeed(out / "state_snapshot", std::to_string(q) + "-" + std::to_string(i + 1),
                      std::string(1, static_cast<char>(q)) + run.saveState());
        }
    }

    // Checkpoints: each query run to the end, and interrupted at every fault point of batch 1.
    const std::vector<Scenario> &restartable = fuzz::checkpointQueries();
    const fs::path scratch = fuzz::scratchFolder() / "seeds";
    for (size_t q = 0; q < restartable.size(); ++q) {
        if (restartable[q].sink.format == "postgres" || restartable[q].sink.format == "jdbc")
            continue; // a server's sink (lesson 07): no checkpoint without the server
        for (const char *point : {"", "after-offsets", "mid-sink", "after-sink", "after-commit"}) {
            std::error_code ec;
            fs::remove_all(scratch, ec);
            fs::create_directories(scratch);
            StreamingQueryOptions options;
            options.outputDir = scratch.string();
            options.checkpointDir = (scratch / "checkpoint").string();
            // Seeds never reach a server (lesson 07's postgres sink): refused before connecting.
            options.approveConnection = [](const SinkEndpoint &) { return false; };
            const std::string stopAt = point;
            options.faultHook = [stopAt](std::string_view at, int64_t batchId) {
                if (!stopAt.empty() && at == stopAt && batchId == 1)
                    throw Stop{};
            };
            try {
                StreamingQuery query(restartable[q], options);
                query.runAll();
            } catch (const Stop &) {
            } catch (const Error &e) {
                std::cerr << restartable[q].fileName << ": " << e.what() << "\n";
                continue;
            }
            const std::string name = std::to_string(q) + "-" + (stopAt.empty() ? "done" : stopAt);
            writeSeed(out / "checkpoint", name,
                      std::string(1, static_cast<char>(q)) + fuzz::writeBundle(fuzz::readBundleFolder(scratch)));
            // The sink reader's seeds: the same outputs, as "sink" (a file sink folder) or
            // "db.sqlite" (a SQLite sink).
            const Scenario &s = restartable[q];
            if (s.sink.format != "csv" && s.sink.format != "json" && s.sink.format != "sqlite")
                continue;
            const fs::path sinkPath = scratch / s.sink.options.at("path").get<std::string>();
            std::vector<fuzz::BundleFile> files;
            if (fs::is_directory(sinkPath)) {
                for (fuzz::BundleFile file : fuzz::readBundleFolder(sinkPath)) {
                    file.path = "sink/" + file.path;
                    files.push_back(std::move(file));
                }
            } else if (fs::exists(sinkPath)) {
                files.push_back({"db.sqlite", readText(sinkPath)});
            }
            writeSeed(out / "sink_reader", name, fuzz::writeBundle(files));
        }
    }
    std::error_code ec;
    fs::remove_all(scratch, ec);
    std::cout << "seeds written to " << out.string() << "\n";
    return 0;
}
