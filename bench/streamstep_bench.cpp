// Measures the engine against baselines run in the same process on the same generated inputs
// (issue 4), so ratios stay meaningful on a noisy shared machine: every case is warmed up, run
// several times, and reported by its median. Prints one JSON object (or a table with --table).
//
// Engine cases go through the public API only (Query::compile, Run::step). The sqlite_sink case
// drives the sink contract (sinks/sink.h) directly, since it is the sink's cost being compared;
// so does the postgres_sink case, against the server STREAMSTEP_TEST_POSTGRES_URL names
// (tools/postgres/start-test-server.sh), and only when one is named.
#include "sinks/console_format.h"
#include "sinks/file_sink.h"
#include "sinks/postgres_sink.h"
#include "sinks/sink.h"
#include "streamstep/engine.h"
#include "streamstep/scenario.h"
#include "streamstep/transaction_generator.h"
#include "streamstep/whatif.h"
#include "streamstep/value_format.h"

#include <libpq-fe.h>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <malloc.h>
#include <map>
#include <numeric>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef STREAMSTEP_SOURCE_DIR
#define STREAMSTEP_SOURCE_DIR "."
#endif
#ifndef STREAMSTEP_CLI
#define STREAMSTEP_CLI ""
#endif
#ifndef STREAMSTEP_BUILD_TYPE
#define STREAMSTEP_BUILD_TYPE ""
#endif

using namespace streamstep;
using Json = nlohmann::ordered_json;

namespace {

constexpr int64_t kMinuteMicros = 60'000'000;

struct Settings {
    bool quick = false;
    bool table = false;
    bool engineOnly = false; // skip the baselines (for profiling the engine)
    bool systemAllocator = false; // leave glibc malloc's defaults alone
    int warmups = 1;
    int repetitions = 5;
    int64_t rows = 10'000'000; // the "10 M rows" cases
    int batches = 10;          // …fed as this many triggers
    std::vector<std::string> only;
    std::string output;
    std::string lesson = STREAMSTEP_SOURCE_DIR "/scenarios/04-windowed-totals-append.scenario.json";
    std::string sparkVersion = "3.5.9"; // the spark_trigger case's (the conformance suite's jars)

    bool wants(const std::string &name) const
    {
        return only.empty() || std::find(only.begin(), only.end(), name) != only.end();
    }
};

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The time of a prepared SQLite upsert over every row of `batches`, one transaction per batch
// opened with `begin`; `bindBatch(batch)` returns the function that binds row r. The statement and
// the database are closed afterwards.
template <typename BindBatch>
double timeSqliteUpserts(sqlite3 *db, sqlite3_stmt *upsert, const std::vector<ColumnBatch> &batches, const char *begin,
                         BindBatch &&bindBatch)
{
    const auto start = std::chrono::steady_clock::now();
    for (const ColumnBatch &b : batches) {
        sqlite3_exec(db, begin, nullptr, nullptr, nullptr);
        auto bindRow = bindBatch(b);
        for (size_t r = 0; r < b.numRows; ++r) {
            bindRow(r);
            sqlite3_step(upsert);
            sqlite3_reset(upsert);
        }
        sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
    }
    const double seconds = secondsSince(start);
    sqlite3_finalize(upsert);
    sqlite3_close(db);
    return seconds;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// Runs `body` (which returns the seconds it measured) warmups + repetitions times.
std::vector<double> repeat(int warmups, int repetitions, const std::function<double()> &body)
{
    for (int i = 0; i < warmups; ++i)
        body();
    std::vector<double> samples;
    for (int i = 0; i < repetitions; ++i)
        samples.push_back(body());
    return samples;
}

struct CaseResult {
    std::string name;
    std::string what;
    int64_t rows = 0;
    std::vector<double> samples;
    Json extra = Json::object();

    double medianSeconds() const { return median(samples); }
    double rowsPerSecond() const { return static_cast<double>(rows) / medianSeconds(); }
};

Json toJson(const CaseResult &c)
{
    Json j;
    j["name"] = c.name;
    j["what"] = c.what;
    j["rows"] = c.rows;
    j["medianSeconds"] = c.medianSeconds();
    j["rowsPerSecond"] = c.rowsPerSecond();
    j["repetitions"] = c.samples.size();
    j["minSeconds"] = *std::min_element(c.samples.begin(), c.samples.end());
    j["maxSeconds"] = *std::max_element(c.samples.begin(), c.samples.end());
    for (auto it = c.extra.begin(); it != c.extra.end(); ++it)
        j[it.key()] = it.value();
    return j;
}

// ---- inputs ----

std::shared_ptr<const Query> compileQuery(const Json &query, const std::string &mode,
                                          const Json &schema = Json(), const Json &sink = Json())
{
    Json doc;
    doc["format"] = "streamstep-scenario";
    doc["version"] = 1;
    doc["source"]["name"] = "transactions";
    if (schema.is_null()) {
        for (const Field &f : TransactionGenerator::schema().fields)
            doc["source"]["schema"].push_back({{"name", f.name}, {"type", f.type.scenarioName()}});
    } else {
        doc["source"]["schema"] = schema;
    }
    doc["query"] = query;
    doc["outputMode"] = mode;
    doc["sink"] = sink.is_null() ? Json{{"format", "memory"}, {"options", {{"queryName", "bench"}}}} : sink;
    doc["steps"] = Json::array();
    return Query::compile(parseScenario(doc.dump(), "bench.scenario.json"));
}

// `total` rows of transactions in `batches` triggers; each trigger covers `batchSpan` of event time.
std::vector<ColumnBatch> transactions(int64_t total, int batches, int64_t accounts, int64_t batchSpan,
                                      uint64_t seed)
{
    TransactionGeneratorOptions o;
    o.seed = seed;
    o.numRows = std::max<int64_t>(total / batches, 1);
    o.numAccounts = accounts;
    o.eventTimeSpanMicros = batchSpan;
    TransactionGenerator generator(o);
    std::vector<ColumnBatch> out;
    for (int b = 0; b < batches; ++b)
        out.push_back(generator.next(o.numRows));
    return out;
}

int64_t totalRows(const std::vector<ColumnBatch> &batches)
{
    int64_t n = 0;
    for (const ColumnBatch &b : batches)
        n += static_cast<int64_t>(b.numRows);
    return n;
}

// --copy-input: step with rows the run must copy instead of handing them over.
bool g_copyInput = false;
// --free-reports: free each trigger's reports as soon as it ran, inside the timed region.
bool g_freeReports = false;

// Feeds every batch as one trigger to a fresh run (result tables off) and returns the seconds.
// The run is handed its own copy of the rows (Run::step(ColumnBatch &&), as a caller that owns
// its rows does), made before the clock starts; the baselines read the same `batches` in place.
double timeRun(const std::shared_ptr<const Query> &query, const std::vector<ColumnBatch> &batches,
               int64_t *emitted = nullptr)
{
    Run run(query);
    run.setCollectResultTables(false);
    std::vector<ColumnBatch> inputs = g_copyInput ? std::vector<ColumnBatch>() : batches;
    // The reports live until the clock stops, as the baselines' outputs do (and as the app
    // keeps them): freeing them is not part of either side's time.
    std::vector<std::vector<BatchReport>> reports;
    reports.reserve(batches.size());
    int64_t rows = 0;
    const auto start = std::chrono::steady_clock::now();
    for (size_t i = 0; i < batches.size(); ++i) {
        const int64_t time = static_cast<int64_t>(i) * 1'000'000;
        reports.push_back(g_copyInput ? run.step(batches[i], static_cast<int>(i), time)
                                      : run.step(std::move(inputs[i]), static_cast<int>(i), time));
        for (const BatchReport &r : reports.back())
            rows += r.numOutputRows;
        if (g_freeReports)
            reports.clear();
    }
    const double seconds = secondsSince(start);
    if (emitted)
        *emitted = rows;
    return seconds;
}

// ---- cases ----

// `groupBy accountId: sum(amount) AS total, count(*) AS n` in update mode into the given sink,
// and the result rows of `batchCount` batches of it in which every batch changes every one of
// `perBatch` accounts' rows: what the sink cases write.
std::shared_ptr<const Query> totalsQuery(const Json &sinkSpec)
{
    return compileQuery(
        Json::parse(R"J([{"op": "groupBy", "keys": ["accountId"], "aggs": ["sum(amount) AS total", "count(*) AS n"]}])J"),
        "update", Json(), sinkSpec);
}

std::vector<ColumnBatch> totalsBatches(const Query &query, int64_t perBatch, int batchCount)
{
    TransactionGenerator ids(TransactionGeneratorOptions{.numAccounts = perBatch});
    std::vector<ColumnBatch> batches;
    for (int b = 0; b < batchCount; ++b) {
        ColumnBatch batch = ColumnBatch::empty(query.resultSchema());
        for (int64_t a = 0; a < perBatch; ++a) {
            batch.columns[0].appendString(ids.accountId(a + 1));
            batch.columns[1].appendDecimal(static_cast<Int128>((a * 7919 + b * 104729) % 100'000'000));
            batch.columns[2].appendInt(b + 1);
        }
        batch.numRows = static_cast<size_t>(perBatch);
        batches.push_back(std::move(batch));
    }
    return batches;
}

class Bench {
public:
    explicit Bench(Settings settings) : m_s(std::move(settings)) {}

    Json run();

private:
    void add(CaseResult c)
    {
        std::fprintf(stderr, "  %-34s %12.6f s  %14.0f rows/s\n", c.name.c_str(), c.medianSeconds(),
                     c.rowsPerSecond());
        m_cases.push_back(std::move(c));
    }
    const CaseResult *find(const std::string &name) const
    {
        for (const CaseResult &c : m_cases)
            if (c.name == name)
                return &c;
        return nullptr;
    }
    // Ours divided by the baseline in rows per second (nullopt when either did not run).
    std::optional<double> speedRatio(const std::string &ours, const std::string &baseline) const
    {
        const CaseResult *a = find(ours);
        const CaseResult *b = find(baseline);
        if (!a || !b)
            return std::nullopt;
        return a->rowsPerSecond() / b->rowsPerSecond();
    }
    std::vector<double> samples(const std::function<double()> &body, int maxRepetitions = 1000) const
    {
        return repeat(m_s.warmups, std::min(m_s.repetitions, maxRepetitions), body);
    }
    // Samples of two bodies taken in turns (a, b, a, b, …, after the warm-ups of each), so that a
    // machine whose load changes during the run weighs on both alike: the ratio of their
    // medians is then the figure to trust on a shared machine.
    std::pair<std::vector<double>, std::vector<double>> alternatingSamples(const std::function<double()> &a,
                                                                           const std::function<double()> &b) const
    {
        for (int i = 0; i < m_s.warmups; ++i) {
            a();
            b();
        }
        std::pair<std::vector<double>, std::vector<double>> out;
        for (int i = 0; i < m_s.repetitions; ++i) {
            out.first.push_back(a());
            out.second.push_back(b());
        }
        return out;
    }

    void triggerOverhead();
    void filterSelect();
    void filterExpression();
    void windowAggregation(const std::string &name, int64_t keys, uint64_t seed);
    void slidingAggregation();
    void completeVsUpdate();
    void sqliteSink();
    void fileSinks();
    void postgresSink();
    void lessonReplay();
    void whatIfRerun();
    void endToEnd(int64_t rows, const std::string &figure);
    void sparkTrigger();
    void stateMemory();
    // A case that could not run (what it needs is missing): listed under "notRun", no figure.
    void notRun(const std::string &name, const std::string &reason)
    {
        std::fprintf(stderr, "  %-34s NOT RUN: %s\n", name.c_str(), reason.c_str());
        m_notRun.push_back({{"name", name}, {"reason", reason}});
    }

    Settings m_s;
    std::vector<CaseResult> m_cases;
    Json m_figures = Json::object();
    Json m_notRun = Json::array();
};

// The windowed-totals lesson's query: watermark, 5-minute windows, append mode, memory sink;
// trigger_overhead and spark_trigger (bench/SparkTriggers.java is the same query on Spark).
std::shared_ptr<const Query> windowedTotalsQuery()
{
    return compileQuery(
        Json::parse(R"J([{"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
                        {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"],
                         "aggs": ["sum(amount) AS total"]}])J"),
        "append");
}

// Their input: a 10-row batch per trigger (5 accounts), event time moving a minute per trigger
// so windows close and evict.
std::vector<ColumnBatch> smallTriggers(int triggers)
{
    return transactions(10LL * triggers, triggers, 5, kMinuteMicros, 11);
}

void Bench::triggerOverhead()
{
    const auto query = windowedTotalsQuery();
    const int triggers = m_s.quick ? 300 : 3000;
    const auto batches = smallTriggers(triggers);
    CaseResult c;
    c.name = "trigger_overhead";
    c.what = "one 10-row batch through window + watermark aggregation (append), memory sink; per trigger";
    c.rows = 10;
    c.samples = samples([&] { return timeRun(query, batches) / triggers; });
    c.extra["triggersPerRepetition"] = triggers;
    c.extra["microsecondsPerTrigger"] = c.medianSeconds() * 1e6;
    m_figures["trigger_overhead_us"] = c.medianSeconds() * 1e6;
    add(std::move(c));
}

void Bench::filterSelect()
{
    const auto batches = transactions(m_s.rows, m_s.batches, 100'000, 5 * kMinuteMicros, 21);
    const int64_t rows = totalRows(batches);
    const auto query = compileQuery(
        Json::parse(R"J([{"op": "filter", "condition": "amount > 100000.00"},
                        {"op": "select", "columns": ["accountId", "amount", "eventTime"]}])J"),
        "append");
    int64_t emitted = 0;
    CaseResult ours;
    ours.name = "filter_select";
    ours.what = "amount > 100000.00, select 3 columns (append, memory sink)";
    ours.rows = rows;
    const auto engine = [&] { return timeRun(query, batches, &emitted); };
    if (m_s.engineOnly) {
        ours.samples = samples(engine);
        ours.extra["rowsEmitted"] = emitted;
        add(std::move(ours));
        return;
    }

    // Baseline: a plain loop over the same column arrays, keeping the selected values.
    CaseResult loop;
    loop.name = "filter_select/plain_loop";
    loop.what = "baseline: plain loop over the same column arrays, timed in turns with the engine";
    loop.rows = rows;
    int64_t kept = 0;
    const auto plainLoop = [&] {
        const auto start = std::chrono::steady_clock::now();
        std::vector<std::string> accounts;
        std::vector<Int128> amounts;
        std::vector<int64_t> times;
        for (const ColumnBatch &b : batches) {
            const auto acc = b.columns[0].strings();
            const auto amt = b.columns[2].decimals();
            const auto ts = b.columns[3].ints();
            const auto an = b.columns[2].nulls();
            for (size_t r = 0; r < b.numRows; ++r) {
                if (!an[r] && amt[r] > 10'000'000) {
                    accounts.push_back(acc[r]);
                    amounts.push_back(amt[r]);
                    times.push_back(ts[r]);
                }
            }
        }
        kept = static_cast<int64_t>(accounts.size());
        return secondsSince(start);
    };
    std::tie(ours.samples, loop.samples) = alternatingSamples(engine, plainLoop);
    ours.extra["rowsEmitted"] = emitted;
    loop.extra["rowsEmitted"] = kept;
    add(std::move(ours));
    add(std::move(loop));
    if (auto r = speedRatio("filter_select", "filter_select/plain_loop"))
        m_figures["filter_select_vs_loop"] = *r;
}

// The general expression evaluator (no fast path): decimal and long arithmetic, a cast, string
// functions and three-valued AND over every row, so changes to the evaluator show here.
void Bench::filterExpression()
{
    const auto batches = transactions(m_s.rows, m_s.batches, 100'000, 5 * kMinuteMicros, 22);
    const int64_t rows = totalRows(batches);
    const auto query = compileQuery(
        Json::parse(R"J([{"op": "filter", "condition": "amount * 3 - amount / 4 > 250000.00 AND length(lower(branchCode)) >= 2 AND CAST(amount AS BIGINT) % 7 <> 0"},
                        {"op": "select", "columns": ["accountId", "amount", "eventTime"]}])J"),
        "append");
    int64_t emitted = 0;
    CaseResult ours;
    ours.name = "filter_expr";
    ours.what = "amount * 3 - amount / 4 > 250000.00 AND length(lower(branchCode)) >= 2 AND "
                "CAST(amount AS BIGINT) % 7 <> 0 (general evaluator), select 3 columns";
    ours.rows = rows;
    ours.samples = samples([&] { return timeRun(query, batches, &emitted); });
    ours.extra["rowsEmitted"] = emitted;
    add(std::move(ours));
}

struct WindowKey {
    int64_t start;
    std::string account;
    bool operator==(const WindowKey &) const = default;
};
struct WindowKeyHash {
    size_t operator()(const WindowKey &k) const
    {
        return std::hash<std::string>()(k.account) ^ (std::hash<int64_t>()(k.start) * 0x9e3779b97f4a7c15ULL);
    }
};
struct SumCount {
    Int128 sum = 0;
    int64_t count = 0;
};

void Bench::windowAggregation(const std::string &name, int64_t keys, uint64_t seed)
{
    // Each trigger covers one 5-minute window; keys = windows x accounts.
    const int64_t accounts = std::max<int64_t>(keys / m_s.batches, 1);
    const auto batches = transactions(m_s.rows, m_s.batches, accounts, 5 * kMinuteMicros, seed);
    const int64_t rows = totalRows(batches);
    const auto query = compileQuery(
        Json::parse(R"J([{"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"],
                         "aggs": ["sum(amount) AS total", "count(*) AS n"]}])J"),
        "update");
    int64_t emitted = 0;
    CaseResult ours;
    ours.name = name;
    ours.what = "5-minute tumbling window + accountId, sum(decimal) + count, update mode";
    ours.rows = rows;
    ours.extra["keys"] = accounts * m_s.batches;
    ours.extra["triggers"] = m_s.batches;
    const auto engine = [&] { return timeRun(query, batches, &emitted); };
    if (m_s.engineOnly) {
        ours.samples = samples(engine);
        ours.extra["rowsEmitted"] = emitted;
        add(std::move(ours));
        return;
    }

    constexpr int64_t window = 5 * kMinuteMicros;
    CaseResult map;
    map.name = name + "/unordered_map";
    map.what = "baseline: bare std::unordered_map<(window start, accountId), (sum, count)>, timed in turns with the engine";
    map.rows = rows;
    size_t groups = 0;
    const auto bareMap = [&] {
        const auto start = std::chrono::steady_clock::now();
        std::unordered_map<WindowKey, SumCount, WindowKeyHash> state;
        for (const ColumnBatch &b : batches) {
            const auto acc = b.columns[0].strings();
            const auto amt = b.columns[2].decimals();
            const auto ts = b.columns[3].ints();
            for (size_t r = 0; r < b.numRows; ++r) {
                const int64_t t = ts[r];
                const int64_t w = t - ((t % window) + window) % window;
                SumCount &s = state[WindowKey{w, acc[r]}];
                s.sum += amt[r];
                ++s.count;
            }
        }
        groups = state.size();
        return secondsSince(start);
    };
    std::tie(ours.samples, map.samples) = alternatingSamples(engine, bareMap);
    ours.extra["rowsEmitted"] = emitted;
    map.extra["groups"] = groups;
    add(std::move(ours));
    add(std::move(map));

    CaseResult sql;
    sql.name = name + "/sqlite";
    sql.what = "baseline: SQLite in-memory INSERT ... ON CONFLICT DO UPDATE";
    sql.rows = rows;
    sql.samples = samples(
        [&] {
            sqlite3 *db = nullptr;
            sqlite3_open(":memory:", &db);
            sqlite3_exec(db,
                         "CREATE TABLE agg (w INTEGER NOT NULL, account TEXT NOT NULL, total INTEGER NOT NULL, "
                         "n INTEGER NOT NULL, PRIMARY KEY (w, account))",
                         nullptr, nullptr, nullptr);
            sqlite3_stmt *upsert = nullptr;
            sqlite3_prepare_v2(db,
                               "INSERT INTO agg (w, account, total, n) VALUES (?1, ?2, ?3, 1) "
                               "ON CONFLICT (w, account) DO UPDATE SET total = total + excluded.total, n = n + 1",
                               -1, &upsert, nullptr);
            return timeSqliteUpserts(db, upsert, batches, "BEGIN", [&](const ColumnBatch &b) {
                const auto acc = b.columns[0].strings();
                const auto amt = b.columns[2].decimals();
                const auto ts = b.columns[3].ints();
                return [=](size_t r) {
                    const int64_t t = ts[r];
                    sqlite3_bind_int64(upsert, 1, t - ((t % window) + window) % window);
                    sqlite3_bind_text(upsert, 2, acc[r].data(), static_cast<int>(acc[r].size()), SQLITE_STATIC);
                    sqlite3_bind_int64(upsert, 3, static_cast<int64_t>(amt[r]));
                };
            });
        },
        3);
    add(std::move(sql));

    if (auto r = speedRatio(name, name + "/unordered_map"))
        m_figures[name + "_vs_unordered_map"] = *r;
    if (auto r = speedRatio(name, name + "/sqlite"))
        m_figures[name + "_vs_sqlite"] = *r;
}

void Bench::slidingAggregation()
{
    // As window_agg_1k (same rows), with 1-hour windows sliding every minute: 60 windows per row.
    const int64_t accounts = std::max<int64_t>((m_s.quick ? 1'000 : 1'000) / m_s.batches, 1);
    const auto batches = transactions(m_s.rows, m_s.batches, accounts, 5 * kMinuteMicros, 31);
    const auto query = compileQuery(
        Json::parse(R"J([{"op": "groupBy", "keys": ["window(eventTime, '1 hour', '1 minute')", "accountId"],
                         "aggs": ["sum(amount) AS total", "count(*) AS n"]}])J"),
        "update");
    int64_t emitted = 0;
    CaseResult c;
    c.name = "sliding_agg";
    c.what = "window_agg_1k with 1-hour windows sliding every minute (60 windows per row)";
    c.rows = totalRows(batches);
    c.samples = samples([&] { return timeRun(query, batches, &emitted); });
    c.extra["rowsEmitted"] = emitted;
    c.extra["baseline"] = "window_agg_1k";
    add(std::move(c));
    if (auto r = speedRatio("sliding_agg", "window_agg_1k"))
        m_figures["sliding_vs_tumbling"] = *r;
}

void Bench::completeVsUpdate()
{
    const int64_t accounts = m_s.quick ? 10'000 : 1'000'000;
    const int triggers = m_s.quick ? 20 : 100;
    const int64_t perTrigger = m_s.quick ? 1'000 : 10'000;
    const auto batches = transactions(perTrigger * triggers, triggers, accounts, kMinuteMicros, 41);
    const Json query = Json::parse(R"J([{"op": "groupBy", "keys": ["accountId"], "aggs": ["sum(amount) AS total"]}])J");
    for (const std::string mode : {"complete", "update"}) {
        const auto compiled = compileQuery(query, mode);
        int64_t emitted = 0;
        CaseResult c;
        c.name = "complete_vs_update/" + mode;
        c.what = std::to_string(accounts) + " accounts, " + std::to_string(triggers) + " triggers of "
            + std::to_string(perTrigger) + " rows, groupBy accountId sum(amount), " + mode + " mode";
        c.rows = totalRows(batches);
        c.samples = samples([&] { return timeRun(compiled, batches, &emitted); }, 3);
        c.extra["rowsWritten"] = emitted;
        m_figures[mode + "_rows_written"] = emitted;
        add(std::move(c));
    }
    const CaseResult *complete = find("complete_vs_update/complete");
    const CaseResult *update = find("complete_vs_update/update");
    m_figures["complete_vs_update_time"] = complete->medianSeconds() / update->medianSeconds();
}

// Writes cents as "123.45" (what a hand-written loop would do for a DECIMAL_TEXT column).
int formatCents(char *out, int64_t cents)
{
    const bool negative = cents < 0;
    uint64_t v = negative ? 0 - static_cast<uint64_t>(cents) : static_cast<uint64_t>(cents);
    char digits[24];
    int n = 0;
    do {
        digits[n++] = static_cast<char>('0' + v % 10);
        v /= 10;
    } while (v > 0 || n < 3);
    int length = 0;
    if (negative)
        out[length++] = '-';
    for (int i = n - 1; i >= 0; --i) {
        out[length++] = digits[i];
        if (i == 2)
            out[length++] = '.';
    }
    return length;
}

void Bench::sqliteSink()
{
    namespace fs = std::filesystem;
    const int64_t perBatch = m_s.quick ? 10'000 : 100'000;
    const int batchCount = 5;
    // The result rows of `groupBy accountId: sum(amount) AS total, count(*) AS n` in update mode:
    // every batch changes every account's row.
    const Json sinkSpec = {{"format", "sqlite"},
                           {"options", {{"path", "bench.db"}, {"table", "totals"}, {"key", Json::array({"accountId"})}}}};
    const auto query = totalsQuery(sinkSpec);
    const std::vector<ColumnBatch> batches = totalsBatches(*query, perBatch, batchCount);
    const fs::path dir = fs::temp_directory_path() / ("streamstep-bench-" + std::to_string(::getpid()));
    const auto fresh = [&] {
        fs::remove_all(dir);
        fs::create_directories(dir);
    };

    CaseResult ours;
    ours.name = "sqlite_sink";
    ours.what = "SQLite sink, update mode: upsert of " + std::to_string(perBatch) + " changed rows per batch";
    ours.rows = perBatch * batchCount;
    ours.samples = samples(
        [&] {
            fresh();
            SinkContext context;
            context.outputDir = dir;
            context.queryId = "bench";
            auto sink = createSink(*query, context);
            const auto start = std::chrono::steady_clock::now();
            for (int b = 0; b < batchCount; ++b)
                sink->addBatch(b, batches[static_cast<size_t>(b)], OutputMode::Update);
            return secondsSince(start);
        },
        5);
    add(std::move(ours));

    CaseResult raw;
    raw.name = "sqlite_sink/raw_loop";
    raw.what = "baseline: raw sqlite3 prepared upsert loop, same table, WAL, synchronous=FULL, a transaction per batch";
    raw.rows = perBatch * batchCount;
    raw.samples = samples(
        [&] {
            fresh();
            sqlite3 *db = nullptr;
            sqlite3_open((dir / "raw.db").c_str(), &db);
            sqlite3_exec(db, "PRAGMA journal_mode=WAL", nullptr, nullptr, nullptr);
            sqlite3_exec(db, "PRAGMA synchronous=FULL", nullptr, nullptr, nullptr);
            sqlite3_exec(db,
                         "CREATE TABLE totals (accountId TEXT, total DECIMAL_TEXT(22,2), n BIGINT, "
                         "PRIMARY KEY (accountId))",
                         nullptr, nullptr, nullptr);
            sqlite3_stmt *upsert = nullptr;
            sqlite3_prepare_v2(db,
                               "INSERT INTO totals (accountId, total, n) VALUES (?1, ?2, ?3) ON CONFLICT "
                               "(accountId) DO UPDATE SET total = excluded.total, n = excluded.n",
                               -1, &upsert, nullptr);
            char text[48];
            return timeSqliteUpserts(db, upsert, batches, "BEGIN IMMEDIATE", [&](const ColumnBatch &b) {
                const auto ids = b.columns[0].strings();
                const auto cents = b.columns[1].decimals();
                const auto counts = b.columns[2].ints();
                return [=, &text](size_t r) {
                    const std::string &id = ids[r];
                    sqlite3_bind_text(upsert, 1, id.data(), static_cast<int>(id.size()), SQLITE_STATIC);
                    const int length = formatCents(text, static_cast<int64_t>(cents[r]));
                    sqlite3_bind_text(upsert, 2, text, length, SQLITE_TRANSIENT);
                    sqlite3_bind_int64(upsert, 3, counts[r]);
                };
            });
        },
        5);
    add(std::move(raw));
    fs::remove_all(dir);
    const CaseResult *a = find("sqlite_sink");
    const CaseResult *b = find("sqlite_sink/raw_loop");
    m_figures["sqlite_sink_time_vs_raw"] = a->medianSeconds() / b->medianSeconds();
}

void Bench::fileSinks()
{
    // What the csv and json sinks cost per row (issue 17): one append-mode batch of a million
    // transactions (strings, a decimal, a timestamp; one row in 50 with a NULL amount, one
    // accountId in 100 with a comma the CSV writer quotes) written as one part file, plus
    // the console sink's text for the same batch (Spark shows its first 20 rows).
    namespace fs = std::filesystem;
    const int64_t rows = m_s.quick ? 20'000 : 1'000'000;
    TransactionGeneratorOptions options;
    options.seed = 23;
    options.numRows = rows;
    ColumnBatch batch = generateTransactions(options);
    for (size_t r = 0; r < batch.numRows; r += 50) {
        batch.columns[2].nulls()[r] = 1;
        batch.columns[2].decimals()[r] = 0;
    }
    for (size_t r = 7; r < batch.numRows; r += 100)
        batch.columns[0].strings()[r] += ", Ltd";
    const fs::path dir = fs::temp_directory_path() / ("streamstep-bench-files-" + std::to_string(::getpid()));
    for (const char *format : {"csv", "json"}) {
        Json sinkSpec = {{"format", format}, {"options", {{"path", "out"}}}};
        if (std::string(format) == "csv")
            sinkSpec["options"]["header"] = true;
        const auto query = compileQuery(Json::array(), "append", Json(), sinkSpec);
        batch.schema = query->resultSchema();
        int64_t bytes = 0;
        CaseResult c;
        c.name = std::string(format) + "_sink";
        c.what = std::string(format) + " sink, append mode: one batch of " + std::to_string(rows)
            + " transactions into its part file (and Spark's log entry)";
        c.rows = rows;
        c.samples = samples(
            [&] {
                fs::remove_all(dir);
                fs::create_directories(dir);
                SinkContext context;
                context.outputDir = dir;
                context.queryId = "bench";
                auto sink = createSink(*query, context);
                const auto start = std::chrono::steady_clock::now();
                sink->addBatch(0, batch, OutputMode::Append);
                const double seconds = secondsSince(start);
                bytes = static_cast<int64_t>(fs::file_size(dir / "out" / FileSink::partFileName(0, FileSink::formatOf(format))));
                return seconds;
            },
            7);
        c.extra["fileBytes"] = bytes;
        m_figures[std::string(format) + "_sink_mrows_per_s"] = c.rowsPerSecond() / 1e6;
        add(std::move(c));
    }
    fs::remove_all(dir);
    CaseResult console;
    console.name = "console_sink";
    console.what = "console sink's text for the same batch of " + std::to_string(rows) + " rows (20 shown)";
    console.rows = rows;
    size_t length = 0;
    console.samples = samples([&] {
        const auto start = std::chrono::steady_clock::now();
        length += formatConsoleBatch(0, batch, 20, 20).size();
        return secondsSince(start);
    });
    console.extra["textBytes"] = length / std::max<size_t>(console.samples.size(), 1);
    m_figures["console_sink_us"] = console.medianSeconds() * 1e6;
    add(std::move(console));
}

void Bench::postgresSink()
{
    // 100,000 accounts upserted per batch (update mode: every batch changes every account's
    // row), three batches into a fresh table: the first inserts, the others update every row.
    const char *url = std::getenv("STREAMSTEP_TEST_POSTGRES_URL");
    if (!url || !*url) {
        std::fprintf(stderr, "postgres_sink: not run: STREAMSTEP_TEST_POSTGRES_URL is not set "
                             "(eval \"$(bash tools/postgres/start-test-server.sh)\")\n");
        return;
    }
    const int64_t perBatch = m_s.quick ? 10'000 : 100'000;
    const int batchCount = 3;
    const int repetitions = m_s.quick ? 1 : 3;
    const Json sinkSpec = {{"format", "postgres"},
                           {"options", {{"url", url}, {"table", "bench_totals"}, {"key", Json::array({"accountId"})}}}};
    const auto query = totalsQuery(sinkSpec);
    const std::vector<ColumnBatch> batches = totalsBatches(*query, perBatch, batchCount);
    PGconn *admin = PQconnectdb(url);
    const auto run = [&](const std::string &sql) { PQclear(PQexec(admin, sql.c_str())); };
    const auto fresh = [&] {
        run("DROP TABLE IF EXISTS bench_totals, bench_raw");
        run("DELETE FROM _streamstep_batches WHERE table_name = 'bench_totals'");
    };
    for (const auto &[name, method, what] :
         {std::tuple{"postgres_sink", PostgresSink::WriteMethod::Auto,
                     "postgres sink, update mode (binary COPY into a staging table, one INSERT … SELECT … ON CONFLICT)"},
          std::tuple{"postgres_sink/multi_row", PostgresSink::WriteMethod::MultiRow,
                     "postgres sink, update mode, multi-row INSERT … ON CONFLICT with binary parameters (512 rows a statement)"}}) {
        CaseResult c;
        c.name = name;
        c.what = std::string(what) + ": upsert of " + std::to_string(perBatch) + " changed rows per batch";
        c.rows = perBatch * batchCount;
        c.samples = samples(
            [&, method = method] {
                fresh();
                auto sink = std::make_unique<PostgresSink>(postgresTarget(query->sink()), std::vector<std::string>{"accountId"},
                                                           query->resultSchema(), OutputMode::Update,
                                                           SinkContext{{}, "bench", {}, {}});
                sink->setWriteMethod(method);
                const auto start = std::chrono::steady_clock::now();
                for (int b = 0; b < batchCount; ++b)
                    sink->addBatch(b, batches[static_cast<size_t>(b)], OutputMode::Update);
                return secondsSince(start);
            },
            repetitions);
        add(std::move(c));
    }

    CaseResult raw;
    raw.name = "postgres_sink/libpq_loop";
    raw.what = "baseline: a plain libpq loop, one prepared INSERT … ON CONFLICT per row (text parameters), a "
               "transaction per batch, same table";
    raw.rows = perBatch * batchCount;
    raw.samples = samples(
        [&] {
            fresh();
            run("CREATE TABLE bench_raw (\"accountId\" text PRIMARY KEY, total numeric(22,2), n bigint)");
            PQclear(PQprepare(admin, "", "INSERT INTO bench_raw (\"accountId\", total, n) VALUES ($1, $2, $3) ON CONFLICT "
                                         "(\"accountId\") DO UPDATE SET total = EXCLUDED.total, n = EXCLUDED.n",
                              3, nullptr));
            const auto start = std::chrono::steady_clock::now();
            char cents[48];
            for (const ColumnBatch &b : batches) {
                run("BEGIN");
                for (size_t r = 0; r < b.numRows; ++r) {
                    cents[formatCents(cents, static_cast<int64_t>(b.columns[1].decimals()[r]))] = '\0';
                    const std::string n = std::to_string(b.columns[2].ints()[r]);
                    const char *values[3] = {b.columns[0].strings()[r].c_str(), cents, n.c_str()};
                    PQclear(PQexecPrepared(admin, "", 3, values, nullptr, nullptr, 0));
                }
                run("COMMIT");
            }
            return secondsSince(start);
        },
        repetitions);
    add(std::move(raw));
    fresh();
    PQfinish(admin);
    m_figures["postgres_sink_time_vs_libpq_loop"] = find("postgres_sink")->medianSeconds() / find("postgres_sink/libpq_loop")->medianSeconds();
    m_figures["postgres_multi_row_time_vs_libpq_loop"] =
        find("postgres_sink/multi_row")->medianSeconds() / find("postgres_sink/libpq_loop")->medianSeconds();
}

// The windowed-totals lesson's five steps, repeated 20 times (each repeat 30 minutes later): the
// 100-step lesson of lesson_replay and whatif_rerun.
Scenario scaledLesson(const std::string &path)
{
    Scenario lesson = readScenarioFile(path);
    const size_t base = lesson.steps.size();
    const int eventTime = lesson.sourceSchema.indexOf("eventTime");
    for (int cycle = 1; lesson.steps.size() < 100; ++cycle) {
        for (size_t i = 0; i < base && lesson.steps.size() < 100; ++i) {
            Step step = lesson.steps[i];
            for (int64_t &t : step.rows.columns[static_cast<size_t>(eventTime)].ints())
                t += cycle * 30 * kMinuteMicros;
            lesson.steps.push_back(std::move(step));
        }
    }
    lesson.expect.clear();
    for (Step &step : lesson.steps)
        step.quiz.clear();
    return lesson;
}

void Bench::lessonReplay()
{
    // The 100-step lesson run start to end as the app re-runs a lesson: compile, every step,
    // result tables on.
    const Scenario lesson = scaledLesson(m_s.lesson);
    int64_t batches = 0;
    CaseResult c;
    c.name = "lesson_replay";
    c.what = "windowed-totals lesson scaled to 100 steps: compile + every step, result tables and console text";
    c.rows = 0;
    for (const Step &s : lesson.steps)
        c.rows += static_cast<int64_t>(s.rows.numRows);
    c.samples = samples([&] {
        const auto start = std::chrono::steady_clock::now();
        batches = static_cast<int64_t>(runScenario(lesson).size());
        return secondsSince(start);
    });
    c.extra["steps"] = lesson.steps.size();
    c.extra["batches"] = batches;
    m_figures["lesson_replay_ms"] = c.medianSeconds() * 1e3;
    add(std::move(c));
}

void Bench::whatIfRerun()
{
    // What the app does while a what-if slider moves: the lesson as written has run once; each
    // move re-runs the whole 100-step history from batch 0 with another watermark delay
    // (compile, every step, result tables on) and compares it with that run (the diff and the
    // summary). One frame is 16 ms.
    const Scenario lesson = scaledLesson(m_s.lesson);
    const WhatIfRun base = runWhole(lesson);
    if (base.error)
        throw std::runtime_error("whatif_rerun: the lesson fails: " + base.error->message());
    WhatIfKnobs knobs;
    knobs.watermarkDelayMs = 15 * 60'000;
    size_t clauses = 0;
    int64_t batches = 0;
    CaseResult c;
    c.name = "whatif_rerun";
    c.what = "windowed-totals lesson scaled to 100 steps, delay 10 -> 15 minutes: re-run from batch 0 + diff + summary";
    for (const Step &s : lesson.steps)
        c.rows += static_cast<int64_t>(s.rows.numRows);
    c.samples = samples([&] {
        const auto start = std::chrono::steady_clock::now();
        const WhatIfDiff diff = compareWhatIf(lesson, base, knobs);
        clauses = diff.effectClauses.size();
        batches = diff.whatIfBatches;
        const double seconds = secondsSince(start);
        return seconds;
    });
    c.extra["steps"] = lesson.steps.size();
    c.extra["batches"] = batches;
    c.extra["summaryClauses"] = clauses;
    m_figures["whatif_rerun_ms"] = c.medianSeconds() * 1e3;
    add(std::move(c));
}

// `streamstep-bench --peak-of FILE PROGRAM ARGS…`: runs the program and writes its peak resident
// set (bytes) to FILE. A child forked from the benchmark itself would report the benchmark's own
// resident set as its peak (Linux keeps the largest of the images a process had, the forked copy
// of the parent's included), so the measured program is a grandchild forked from this fresh,
// small image.
int peakOf(const char *file, char **argv)
{
    const pid_t pid = fork();
    if (pid < 0)
        return 127;
    if (pid == 0) {
        execvp(argv[0], argv);
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid)
        return 127;
    std::ofstream(file) << static_cast<int64_t>(usage.ru_maxrss) * 1024 << "\n";
    return WIFEXITED(status) ? WEXITSTATUS(status) : 127;
}

// Runs a program with stdout to `out`, waits for it and returns its wall time; peakBytes gets
// its maximum resident set (then the program runs under `--peak-of`). Throws when it cannot start
// or exits with an error, unless exitCode is given: then that gets the exit code instead.
double runProcess(const std::vector<std::string> &args, const std::string &out, int64_t *peakBytes = nullptr,
                  int *exitCode = nullptr)
{
    const std::string peakFile = out + ".peak";
    std::vector<std::string> command;
    if (peakBytes)
        command = {"/proc/self/exe", "--peak-of", peakFile};
    command.insert(command.end(), args.begin(), args.end());
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid < 0)
        throw std::runtime_error("fork failed");
    if (pid == 0) {
        std::FILE *file = std::fopen(out.c_str(), "wb");
        if (!file || dup2(fileno(file), 1) < 0)
            _exit(127);
        std::vector<char *> argv;
        for (const std::string &a : command)
            argv.push_back(const_cast<char *>(a.c_str()));
        argv.push_back(nullptr);
        execvp(argv[0], argv.data());
        _exit(127);
    }
    int status = 0;
    if (waitpid(pid, &status, 0) != pid)
        throw std::runtime_error("waitpid failed");
    const double seconds = secondsSince(start);
    if (exitCode && WIFEXITED(status))
        *exitCode = WEXITSTATUS(status);
    else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        throw std::runtime_error(args[0] + " failed (status " + std::to_string(status) + ")");
    if (peakBytes) {
        std::ifstream in(peakFile);
        if (!(in >> *peakBytes))
            throw std::runtime_error("no peak memory from " + args[0]);
    }
    return seconds;
}

// Each group as "windowStartMicros|accountId|total|count", sorted: how the two results compare.
std::vector<std::string> streamstepGroups(const std::string &jsonl)
{
    std::vector<std::string> groups;
    std::ifstream in(jsonl);
    std::string line;
    while (std::getline(in, line)) {
        const Json batch = Json::parse(line);
        for (const Json &row : batch["emitted"]) {
            std::vector<Json> values;
            for (const auto &item : row.items())
                values.push_back(item.value());
            char total[64];
            std::snprintf(total, sizeof total, "%.2f", values.at(2).get<double>());
            groups.push_back(std::to_string(parseTimestamp(values.at(0)["start"].get<std::string>()).value_or(-1)) + "|"
                             + values.at(1).get<std::string>() + "|" + total + "|"
                             + std::to_string(values.at(3).get<int64_t>()));
        }
    }
    std::sort(groups.begin(), groups.end());
    return groups;
}

std::vector<std::string> duckdbGroups(const std::string &csv)
{
    std::vector<std::string> groups;
    std::ifstream in(csv);
    std::string line;
    while (std::getline(in, line)) {
        const size_t a = line.find(',');
        const size_t b = line.find(',', a + 1);
        const size_t c = line.find(',', b + 1);
        if (c == std::string::npos)
            throw std::runtime_error("DuckDB wrote an unexpected line: " + line);
        groups.push_back(std::to_string(parseTimestamp(line.substr(0, a)).value_or(-1)) + "|" + line.substr(a + 1, b - a - 1)
                         + "|" + line.substr(b + 1, c - b - 1) + "|" + line.substr(c + 1));
    }
    std::sort(groups.begin(), groups.end());
    return groups;
}

void Bench::endToEnd(int64_t rows, const std::string &figure)
{
    // Issue 17: what a user runs, whole processes on the same rows. A lesson whose one step reads
    // `rows` transactions (1,000,000; 10,000,000 for end_to_end_10m) from an NDJSON file next to
    // it, groupBy(window(eventTime, '5 minutes'), accountId).agg(sum(amount), count(*)) in update
    // mode, `streamstep-cli run --jsonl`; DuckDB (npm's @duckdb/node-api, one thread, node's start
    // included) reads the same file and writes the same groups as CSV. Both results are compared
    // group by group.
    namespace fs = std::filesystem;
    if (std::string(STREAMSTEP_CLI).empty())
        throw std::runtime_error("end_to_end needs the streamstep-cli path (STREAMSTEP_CLI)");
    const fs::path dir = fs::temp_directory_path() / ("streamstep-bench-e2e-" + std::to_string(getpid()));
    fs::create_directories(dir);
    TransactionGeneratorOptions options;
    options.seed = 17;
    options.numRows = rows;
    options.numAccounts = 10'000;
    options.eventTimeSpanMicros = 60 * kMinuteMicros; // 12 windows of 5 minutes
    const std::string rowsPath = (dir / "step0.ndjson").string();
    {
        // A million rows at a time. Ten million rows leave out branchCode (NULL for both; the
        // query does not read it) and the blanks after ':' and ',' (0.89 GB instead of 1.09), so
        // the file stays under a rows file's 1 GiB.
        const bool compact = rows > 1'000'000;
        const std::string key = compact ? "\":\"" : "\": \"";
        const std::string next = compact ? "\",\"" : "\", \"";
        TransactionGenerator generator(options);
        std::ofstream out(rowsPath, std::ios::binary);
        for (int64_t done = 0; done < rows;) {
            const ColumnBatch batch = generator.next(std::min<int64_t>(1'000'000, rows - done));
            done += static_cast<int64_t>(batch.numRows);
            std::string text;
            for (size_t r = 0; r < batch.numRows; ++r) {
                text += "{\"accountId" + key + batch.columns[0].strings()[r] + next;
                if (!compact)
                    text += "branchCode" + key + batch.columns[1].strings()[r] + next;
                text += "amount" + key + formatDecimal(batch.columns[2].decimals()[r], 2) + next + "eventTime" + key
                    + formatTimestamp(batch.columns[3].ints()[r]) + "\"}\n";
            }
            out << text;
        }
    }
    Json scenario = {{"format", "streamstep-scenario"}, {"version", 1}, {"title", "end to end"}};
    scenario["source"] = {{"name", "transactions"},
                          {"schema", Json::array({{{"name", "accountId"}, {"type", "string"}},
                                                  {{"name", "branchCode"}, {"type", "string"}},
                                                  {{"name", "amount"}, {"type", "decimal(12,2)"}},
                                                  {{"name", "eventTime"}, {"type", "timestamp"}}})}};
    scenario["query"] = Json::array({{{"op", "groupBy"},
                                      {"keys", Json::array({"window(eventTime, '5 minutes')", "accountId"})},
                                      {"aggs", Json::array({"sum(amount)", "count(*)"})}}});
    scenario["outputMode"] = "update";
    scenario["sink"] = {{"format", "console"}};
    scenario["steps"] = Json::array({{{"rowsFile", "step0.ndjson"}}});
    const std::string scenarioPath = (dir / "e2e.scenario.json").string();
    std::ofstream(scenarioPath) << scenario.dump(1) << "\n";
    const int64_t inputBytes = static_cast<int64_t>(fs::file_size(rowsPath) + fs::file_size(scenarioPath));

    const std::string duckdbScript = STREAMSTEP_SOURCE_DIR "/bench/duckdb-end-to-end.sh";
    runProcess({"bash", duckdbScript, "--install"}, (dir / "install.log").string());
    const std::string ssOut = (dir / "streamstep.jsonl").string();
    const std::string duckOut = (dir / "duckdb.csv").string();
    std::vector<double> peaks;
    CaseResult ours;
    ours.name = figure == "end_to_end_vs_duckdb_10m" ? "end_to_end_10m_streamstep" : "end_to_end_streamstep";
    ours.what = "streamstep-cli run --jsonl, one step of " + std::to_string(rows)
        + " rows from an NDJSON rowsFile, window + accountId sum/count, update (whole process)";
    ours.rows = rows;
    CaseResult duck;
    duck.name = figure == "end_to_end_vs_duckdb_10m" ? "end_to_end_10m_duckdb" : "end_to_end_duckdb";
    duck.what = "DuckDB (@duckdb/node-api, threads=1, node's start included) read_json of the same file, same groups to CSV";
    duck.rows = rows;
    // Interleaved, so both see the same load on a shared machine.
    for (int i = 0; i < m_s.warmups + m_s.repetitions; ++i) {
        int64_t peak = 0;
        const double a = runProcess({STREAMSTEP_CLI, "run", "--jsonl", scenarioPath}, ssOut, &peak);
        const double b = runProcess({"bash", duckdbScript, rowsPath, duckOut}, (dir / "duckdb.log").string());
        if (i < m_s.warmups)
            continue;
        ours.samples.push_back(a);
        duck.samples.push_back(b);
        peaks.push_back(static_cast<double>(peak));
    }
    const std::vector<std::string> a = streamstepGroups(ssOut);
    const std::vector<std::string> b = duckdbGroups(duckOut);
    if (a != b || a.empty())
        throw std::runtime_error("end_to_end: StreamStep and DuckDB computed different groups (" + std::to_string(a.size())
                                 + " and " + std::to_string(b.size()) + "); the files are in " + dir.string());
    ours.extra["groups"] = a.size();
    ours.extra["inputBytes"] = inputBytes;
    ours.extra["peakResidentBytes"] = median(peaks);
    const double ratio = duck.medianSeconds() / ours.medianSeconds();
    add(std::move(ours));
    add(std::move(duck));
    m_figures[figure] = ratio;
    m_figures[figure == "end_to_end_vs_duckdb_10m" ? "peak_memory_vs_input_10m" : "peak_memory_vs_input"] =
        median(peaks) / static_cast<double>(inputBytes);
    fs::remove_all(dir);
}

// Each emitted row as Spark's CAST(… AS STRING) of its columns, tab-separated, sorted: how the
// spark_trigger case compares StreamStep's rows with what Spark's memory sink holds.
std::vector<std::string> displayRows(const std::vector<std::vector<BatchReport>> &triggers)
{
    std::vector<std::string> rows;
    for (const std::vector<BatchReport> &reports : triggers)
        for (const BatchReport &r : reports)
            for (size_t row = 0; row < r.emitted.numRows; ++row) {
                std::string line;
                for (size_t c = 0; c < r.emitted.columns.size(); ++c) {
                    if (c)
                        line += '\t';
                    appendDisplayText(line, r.emitted.columns[c], row);
                }
                rows.push_back(std::move(line));
            }
    std::sort(rows.begin(), rows.end());
    return rows;
}

void Bench::sparkTrigger()
{
    // Issue 17: the per-trigger cost of trigger_overhead's query on real Spark local mode
    // (bench/SparkTriggers.java through bench/spark-triggers.sh: local[1], one shuffle partition,
    // a MemoryStream, addData + processAllAvailable per trigger, Spark's memory sink), against
    // StreamStep on the same triggers. Both sides' times are wall times per trigger after the
    // warm-up triggers; Spark's JVM start, javac and SparkSession start are outside them. The rows
    // Spark's memory sink holds at the end must be StreamStep's, row for row.
    namespace fs = std::filesystem;
    const std::string name = "spark_trigger";
    const int warmupTriggers = m_s.quick ? 5 : 10;
    const int measured = m_s.quick ? 20 : 100;
    const int triggers = warmupTriggers + measured;
    const auto batches = smallTriggers(triggers);
    const fs::path dir = fs::temp_directory_path() / ("streamstep-bench-spark-" + std::to_string(getpid()));
    fs::create_directories(dir);
    const std::string inputPath = (dir / "input.tsv").string();
    {
        std::ofstream out(inputPath, std::ios::binary);
        for (size_t t = 0; t < batches.size(); ++t) {
            const ColumnBatch &b = batches[t];
            for (size_t r = 0; r < b.numRows; ++r)
                out << t << '\t' << b.columns[0].strings()[r] << '\t' << b.columns[1].strings()[r] << '\t'
                    << formatDecimal(b.columns[2].decimals()[r], 2) << '\t' << b.columns[3].ints()[r] << '\n';
        }
    }

    // StreamStep: fresh runs of the same triggers, each trigger timed on its own.
    const auto query = windowedTotalsQuery();
    CaseResult ours;
    ours.name = "spark_trigger_streamstep";
    ours.what = "StreamStep, the same " + std::to_string(triggers) + " triggers of 10 rows (trigger_overhead's query); per trigger after "
        + std::to_string(warmupTriggers) + " warm-up triggers, pooled over the repetitions";
    ours.rows = 10;
    std::vector<std::string> ourRows;
    int64_t ourBatches = 0;
    for (int rep = 0; rep < m_s.warmups + m_s.repetitions; ++rep) {
        Run run(query);
        run.setCollectResultTables(false);
        std::vector<ColumnBatch> inputs = batches;
        std::vector<std::vector<BatchReport>> reports;
        reports.reserve(batches.size());
        std::vector<double> times;
        for (size_t i = 0; i < batches.size(); ++i) {
            const auto start = std::chrono::steady_clock::now();
            reports.push_back(run.step(std::move(inputs[i]), static_cast<int>(i), static_cast<int64_t>(i) * 1'000'000));
            times.push_back(secondsSince(start));
        }
        if (rep < m_s.warmups)
            continue;
        ours.samples.insert(ours.samples.end(), times.begin() + warmupTriggers, times.end());
        if (ourRows.empty()) {
            ourRows = displayRows(reports);
            for (const auto &r : reports)
                ourBatches += static_cast<int64_t>(r.size());
        }
    }

    // Spark, one JVM.
    const std::string work = (dir / "work").string();
    const std::string sparkOut = (dir / "spark.out").string();
    int code = 0;
    const double processSeconds = runProcess({"bash", STREAMSTEP_SOURCE_DIR "/bench/spark-triggers.sh", m_s.sparkVersion,
                                              inputPath, work},
                                             sparkOut, nullptr, &code);
    std::ifstream in(sparkOut);
    std::string line;
    if (code != 0) {
        std::string said;
        std::getline(in, said);
        if (code == 3 && said.rfind("unavailable: ", 0) == 0) {
            notRun(name, "Spark " + m_s.sparkVersion + " " + said);
            fs::remove_all(dir);
        } else {
            notRun(name, "bench/spark-triggers.sh " + m_s.sparkVersion + " failed (exit " + std::to_string(code)
                             + "); its files, Spark's log (work/spark.stderr) included, are in " + dir.string());
        }
        return;
    }
    CaseResult spark;
    spark.name = "spark_trigger_spark";
    spark.rows = 10;
    std::string version;
    double sessionMs = 0;
    int64_t sparkBatches = -1;
    std::vector<double> reportedMs;
    double warmupSeconds = 0;
    std::vector<std::string> sparkRows;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string kind;
        fields >> kind;
        if (kind == "version") {
            fields >> version;
        } else if (kind == "session_ms") {
            fields >> sessionMs;
        } else if (kind == "trigger") {
            int index = 0;
            double ns = 0, ms = 0;
            fields >> index >> ns >> ms;
            if (index < warmupTriggers) {
                warmupSeconds += ns / 1e9;
            } else {
                spark.samples.push_back(ns / 1e9);
                reportedMs.push_back(ms);
            }
        } else if (kind == "batches") {
            fields >> sparkBatches;
        } else if (kind == "row") {
            sparkRows.push_back(line.substr(4));
        }
    }
    std::sort(sparkRows.begin(), sparkRows.end());
    if (spark.samples.size() != static_cast<size_t>(measured) || version.empty())
        throw std::runtime_error("spark_trigger: SparkTriggers reported " + std::to_string(spark.samples.size()) + " of "
                                 + std::to_string(measured) + " measured triggers; its output is in " + sparkOut);
    if (sparkRows != ourRows || ourRows.empty())
        throw std::runtime_error("spark_trigger: Spark's memory sink holds other rows than StreamStep emitted ("
                                 + std::to_string(sparkRows.size()) + " and " + std::to_string(ourRows.size())
                                 + "); the files are in " + dir.string());
    spark.what = "Spark " + version + " local[1], 1 shuffle partition, MemoryStream + processAllAvailable, memory sink; "
        "wall time per trigger (its data batch and no-data batch) after " + std::to_string(warmupTriggers)
        + " warm-up triggers, JVM and SparkSession start excluded";
    spark.extra["sparkVersion"] = version;
    spark.extra["master"] = "local[1]";
    spark.extra["shufflePartitions"] = 1;
    spark.extra["triggersMeasured"] = measured;
    spark.extra["warmupTriggers"] = warmupTriggers;
    spark.extra["warmupSeconds"] = warmupSeconds;
    spark.extra["sessionStartSeconds"] = sessionMs / 1e3;
    spark.extra["processSeconds"] = processSeconds; // javac, JVM, session, every trigger
    spark.extra["reportedTriggerExecutionMsMedian"] = median(reportedMs);
    spark.extra["batches"] = sparkBatches;
    spark.extra["rowsChecked"] = sparkRows.size();
    const auto mean = [](const std::vector<double> &v) { return std::accumulate(v.begin(), v.end(), 0.0) / v.size(); };
    spark.extra["meanSeconds"] = mean(spark.samples);
    ours.extra["meanSeconds"] = mean(ours.samples);
    ours.extra["triggersMeasured"] = ours.samples.size();
    ours.extra["batches"] = ourBatches;
    ours.extra["rowsChecked"] = ourRows.size();
    const double ratio = spark.medianSeconds() / ours.medianSeconds();
    add(std::move(ours));
    add(std::move(spark));
    m_figures["per_trigger_vs_spark"] = ratio;
    fs::remove_all(dir);
}

int64_t heapInUse()
{
    const struct mallinfo2 info = mallinfo2();
    return static_cast<int64_t>(info.uordblks + info.hblkhd);
}

int64_t columnBytes(const ColumnBatch &batch)
{
    int64_t bytes = 0;
    for (const Column &c : batch.columns) {
        bytes += c.capacityBytes();
        if (c.type().kind == TypeKind::String)
            for (const std::string &s : c.strings())
                if (s.capacity() > 15)
                    bytes += static_cast<int64_t>(s.capacity() + 1);
    }
    return bytes;
}

void Bench::stateMemory()
{
    // count(*) by a long key, every key distinct: what one group costs in state (heap growth of
    // the run, without the memory sink's table), and what the engine reports.
    const int64_t groups = m_s.quick ? 50'000 : 1'000'000;
    const Json schema = Json::parse(R"J([{"name": "accountNo", "type": "long"}])J");
    const auto query = compileQuery(
        Json::parse(R"J([{"op": "groupBy", "keys": ["accountNo"], "aggs": ["count(*) AS n"]}])J"), "update", schema);
    ColumnBatch input = ColumnBatch::empty(query->sourceSchema());
    for (int64_t i = 0; i < groups; ++i)
        input.columns[0].appendInt(static_cast<int64_t>((static_cast<uint64_t>(i) * 0x9e3779b97f4a7c15ULL) >> 20));
    input.numRows = static_cast<size_t>(groups);

    double perGroup = 0;
    double reported = 0;
    int64_t stateRows = 0;
    CaseResult c;
    c.name = "state_memory";
    c.what = "count(*) by long key, " + std::to_string(groups) + " groups: heap bytes of state per group";
    c.rows = groups;
    c.samples = samples(
        [&] {
            malloc_trim(0);
            const int64_t before = heapInUse();
            const auto start = std::chrono::steady_clock::now();
            Run run(query);
            run.setCollectResultTables(false);
            {
                const auto reports = run.step(input, 0);
                reported = static_cast<double>(reports.back().stateMemoryBytes) / static_cast<double>(groups);
                stateRows = reports.back().stateRows;
            }
            const double seconds = secondsSince(start);
            const int64_t grown = heapInUse() - before - columnBytes(run.memoryTable());
            perGroup = static_cast<double>(grown) / static_cast<double>(groups);
            return seconds;
        },
        3);
    c.extra["groups"] = stateRows;
    c.extra["bytesPerGroup"] = perGroup;
    c.extra["reportedStateMemoryBytesPerGroup"] = reported;
    m_figures["state_bytes_per_group"] = perGroup;
    add(std::move(c));
}

std::string cpuName()
{
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("model name", 0) == 0)
            if (auto colon = line.find(':'); colon != std::string::npos)
                return line.substr(line.find_first_not_of(' ', colon + 1));
    return "unknown";
}

Json Bench::run()
{
    Json machine;
    machine["cpu"] = cpuName();
    machine["hardwareThreads"] = std::thread::hardware_concurrency();
    machine["compiler"] = __VERSION__;
    machine["buildType"] = STREAMSTEP_BUILD_TYPE;
    machine["sqlite"] = sqlite3_libversion();
    machine["engineInput"] = g_copyInput ? "copied (--copy-input)" : "handed over (Run::step(ColumnBatch &&))";
    machine["engineReports"] = g_freeReports ? "freed inside the timed region (--free-reports)"
                                             : "kept until the clock stops";
    machine["allocator"] = m_s.systemAllocator
        ? "glibc malloc defaults"
        : "glibc malloc keeping freed memory (M_MMAP_MAX=0, M_TRIM_THRESHOLD=2 GiB), as a long-running process";
    machine["quick"] = m_s.quick;
    machine["warmups"] = m_s.warmups;
    machine["repetitions"] = m_s.repetitions;

    if (m_s.wants("trigger_overhead"))
        triggerOverhead();
    if (m_s.wants("filter_select"))
        filterSelect();
    if (m_s.wants("filter_expr"))
        filterExpression();
    if (m_s.wants("window_agg_1k") || m_s.wants("sliding_agg"))
        windowAggregation("window_agg_1k", 1'000, 51);
    if (m_s.wants("window_agg_1m"))
        windowAggregation("window_agg_1m", m_s.quick ? 20'000 : 1'000'000, 61);
    if (m_s.wants("sliding_agg"))
        slidingAggregation();
    if (m_s.wants("complete_vs_update"))
        completeVsUpdate();
    if (m_s.wants("sqlite_sink"))
        sqliteSink();
    if (m_s.wants("postgres_sink"))
        postgresSink();
    if (m_s.wants("file_sinks"))
        fileSinks();
    if (m_s.wants("lesson_replay"))
        lessonReplay();
    if (m_s.wants("whatif_rerun"))
        whatIfRerun();
    if (m_s.wants("state_memory"))
        stateMemory();
    // Whole processes, DuckDB installed from npm on first use: not part of the quick smoke test.
    const auto named = [&](const char *name) {
        return std::find(m_s.only.begin(), m_s.only.end(), name) != m_s.only.end();
    };
    if (m_s.quick ? named("end_to_end") : m_s.wants("end_to_end"))
        endToEnd(m_s.quick ? 50'000 : 1'000'000, m_s.quick ? "end_to_end_vs_duckdb_50k" : "end_to_end_vs_duckdb_1m");
    if (!m_s.quick && m_s.wants("end_to_end_10m"))
        endToEnd(10'000'000, "end_to_end_vs_duckdb_10m");
    // A JVM and real Spark from the conformance suite's jar cache: like end_to_end, --quick
    // leaves it out unless named (ctest's spark-labelled bench.spark_trigger names it).
    if (m_s.quick ? named("spark_trigger") : m_s.wants("spark_trigger"))
        sparkTrigger();

    Json out;
    out["machine"] = machine;
    out["cases"] = Json::array();
    for (const CaseResult &c : m_cases)
        out["cases"].push_back(toJson(c));
    out["figures"] = m_figures;
    out["notRun"] = m_notRun;
    return out;
}

struct Target {
    const char *figure;
    const char *goal;
    std::function<bool(double)> met;
};

std::string formatNumber(double v, int digits)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, v);
    return text;
}

void printTable(const Json &result)
{
    const Json &m = result["machine"];
    std::cout << "CPU: " << m["cpu"].get<std::string>() << " (" << m["hardwareThreads"].get<unsigned>()
              << " threads), " << m["compiler"].get<std::string>() << ", " << m["buildType"].get<std::string>()
              << ", SQLite " << m["sqlite"].get<std::string>() << "; medians of " << m["repetitions"].get<int>()
              << " runs after " << m["warmups"].get<int>() << " warm-up\n\n";
    std::cout << "| case | rows | median s | rows/s |\n|---|---:|---:|---:|\n";
    for (const Json &c : result["cases"]) {
        const double seconds = c["medianSeconds"].get<double>();
        std::cout << "| " << c["name"].get<std::string>() << " | " << c["rows"].get<int64_t>() << " | "
                  << (seconds < 0.01 ? formatNumber(seconds * 1e6, 1) + " µs" : formatNumber(seconds, 3)) << " | "
                  << formatNumber(c["rowsPerSecond"].get<double>() / 1e6, 2) << " M |\n";
    }
    for (const Json &n : result["notRun"])
        std::cout << "| " << n["name"].get<std::string>() << " | | not run: " << n["reason"].get<std::string>() << " | |\n";
    const std::vector<Target> targets = {
        {"trigger_overhead_us", "<= 50", [](double v) { return v <= 50; }},
        {"filter_select_vs_loop", ">= 0.5", [](double v) { return v >= 0.5; }},
        {"window_agg_1m_vs_unordered_map", ">= 1.5", [](double v) { return v >= 1.5; }},
        {"window_agg_1m_vs_sqlite", ">= 20", [](double v) { return v >= 20; }},
        {"window_agg_1k_vs_unordered_map", ">= 1.0", [](double v) { return v >= 1.0; }}, // issue 17
        {"sliding_vs_tumbling", ">= 0.5", [](double v) { return v >= 0.5; }},
        {"sqlite_sink_time_vs_raw", "<= 1.2", [](double v) { return v <= 1.2; }},
        {"lesson_replay_ms", "<= 5", [](double v) { return v <= 5; }},
        {"whatif_rerun_ms", "< 16", [](double v) { return v < 16; }},
        {"state_bytes_per_group", "<= 48", [](double v) { return v <= 48; }},
        {"end_to_end_vs_duckdb_1m", ">= 1.0", [](double v) { return v >= 1.0; }},
        {"end_to_end_vs_duckdb_10m", ">= 1.0", [](double v) { return v >= 1.0; }},
        {"peak_memory_vs_input", "<= 2", [](double v) { return v <= 2; }},
    };
    std::cout << "\n| figure | value | target | |\n|---|---:|---:|---|\n";
    const Json &figures = result["figures"];
    for (const Target &t : targets) {
        if (!figures.contains(t.figure))
            continue;
        const double v = figures[t.figure].get<double>();
        std::cout << "| " << t.figure << " | " << formatNumber(v, v < 10 ? 2 : 1) << " | " << t.goal << " | "
                  << (t.met(v) ? "met" : "missed") << " |\n";
    }
    for (auto it = figures.begin(); it != figures.end(); ++it) {
        const bool listed = std::any_of(targets.begin(), targets.end(),
                                        [&](const Target &t) { return it.key() == t.figure; });
        if (!listed)
            std::cout << "| " << it.key() << " | " << formatNumber(it.value().get<double>(), 2) << " | | |\n";
    }
}

int usage(int code)
{
    std::fprintf(code ? stderr : stdout,
                 "usage: streamstep-bench [--quick] [--table] [--output FILE] [--repetitions N] [--warmups N]\n"
                 "                        [--rows N] [--case NAME]... [--engine-only] [--system-allocator]\n"
                 "                        [--lesson FILE] [--copy-input] [--free-reports] [--spark-version V]\n"
                 "Runs every case with its baselines and prints one JSON object (a table with --table).\n"
                 "--copy-input: engine cases step with rows the run must copy (Run::step(const &))\n"
                 "instead of handing them over. --free-reports: free each trigger's reports inside the\n"
                 "timed region (by default they live until the clock stops, like the baselines' outputs).\n"
                 "Cases: trigger_overhead filter_select filter_expr window_agg_1k window_agg_1m sliding_agg\n"
                 "       complete_vs_update sqlite_sink file_sinks postgres_sink lesson_replay whatif_rerun\n"
                 "       state_memory end_to_end end_to_end_10m spark_trigger\n"
                 "(end_to_end and end_to_end_10m run streamstep-cli and DuckDB as processes; --quick leaves\n"
                 "end_to_end out unless named, and end_to_end_10m always)\n"
                 "(spark_trigger runs trigger_overhead's query for 100 triggers of 10 rows on real Spark\n"
                 "local[1] with the jars of tools/spark/fetch-spark.sh V, default 3.5.9, and Java 17; without\n"
                 "them it is listed under \"notRun\" with the reason; --quick leaves it out unless named)\n"
                 "(postgres_sink runs against STREAMSTEP_TEST_POSTGRES_URL, and only when it is set)\n");
    return code;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc >= 4 && std::string(argv[1]) == "--peak-of")
        return peakOf(argv[2], argv + 3);
    Settings s;
    bool repetitionsGiven = false;
    bool rowsGiven = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "streamstep-bench: %s needs a value\n", arg.c_str());
                std::exit(usage(2));
            }
            return argv[++i];
        };
        if (arg == "--quick")
            s.quick = true;
        else if (arg == "--table")
            s.table = true;
        else if (arg == "--engine-only")
            s.engineOnly = true;
        else if (arg == "--system-allocator")
            s.systemAllocator = true;
        else if (arg == "--copy-input")
            g_copyInput = true;
        else if (arg == "--free-reports")
            g_freeReports = true;
        else if (arg == "--output")
            s.output = value();
        else if (arg == "--repetitions") {
            s.repetitions = std::max(1, std::stoi(value()));
            repetitionsGiven = true;
        } else if (arg == "--warmups")
            s.warmups = std::max(0, std::stoi(value()));
        else if (arg == "--rows") {
            s.rows = std::max<int64_t>(std::stoll(value()), 10);
            rowsGiven = true;
        } else if (arg == "--case")
            s.only.push_back(value());
        else if (arg == "--lesson")
            s.lesson = value();
        else if (arg == "--spark-version")
            s.sparkVersion = value();
        else if (arg == "--help" || arg == "-h")
            return usage(0);
        else {
            std::fprintf(stderr, "streamstep-bench: unknown argument %s\n", arg.c_str());
            return usage(2);
        }
    }
    if (!s.systemAllocator) {
        // Big column buffers are freed and allocated again every batch, in the engine and the
        // baselines alike. With glibc's defaults each one is a fresh mmap whose pages fault in
        // again (very slow in virtual machines); keeping freed memory measures the steady state
        // of a long-running process instead. --system-allocator shows the difference.
        mallopt(M_MMAP_MAX, 0);
        mallopt(M_TRIM_THRESHOLD, std::numeric_limits<int>::max());
    }
    if (s.quick) {
        if (!rowsGiven)
            s.rows = 200'000;
        if (!repetitionsGiven)
            s.repetitions = 3;
    }
    try {
        Bench bench(s);
        const Json result = bench.run();
        if (!s.output.empty())
            std::ofstream(s.output) << result.dump(2) << "\n";
        if (s.table)
            printTable(result);
        else
            std::cout << result.dump(2) << "\n";
    } catch (const std::exception &e) {
        std::fprintf(stderr, "streamstep-bench: %s\n", e.what());
        return 1;
    }
    return 0;
}
