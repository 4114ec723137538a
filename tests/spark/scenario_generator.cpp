#include "scenario_generator.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <random>
#include <string_view>
#include <vector>

namespace streamstep::testing {

namespace {

using Json = nlohmann::ordered_json;

// Draws numbers from one seeded mt19937_64 stream.
class Draw {
public:
    explicit Draw(uint64_t seed) : m_engine(seed) {}
    // 0 .. n-1
    size_t below(size_t n) { return static_cast<size_t>(m_engine() % n); }
    bool chance(int percent) { return below(100) < static_cast<size_t>(percent); }
    template <typename T, size_t N>
    const T &pick(const std::array<T, N> &items) { return items[below(N)]; }
    template <typename T>
    const T &pick(const std::vector<T> &items) { return items[below(items.size())]; }

private:
    std::mt19937_64 m_engine;
};

constexpr std::array<std::string_view, 4> kAccounts = {"A1", "A2", "A3", "A4"};
constexpr std::array<std::string_view, 3> kBranches = {"MUMBAI", "DELHI", "PUNE"};

constexpr std::array<std::string_view, 9> kFilters = {
    "amount > 100000.00",
    "branchCode = 'MUMBAI'",
    "qty IS NOT NULL",
    "amount BETWEEN 1000 AND 300000",
    "accountId IN ('A1', 'A2')",
    "score >= 1.5 OR qty < 3",
    "upper(accountId) LIKE 'A%'",
    "length(branchCode) > 4",
    "NOT (branchCode = 'PUNE')",
};

struct NamedExpr {
    std::string_view name;
    std::string_view expr;
};

constexpr std::array<NamedExpr, 14> kNewColumns = {{
    {"fee", "round(amount * 0.015, 2)"},
    {"bucket", "CASE WHEN amount > 100000 THEN 'big' ELSE 'small' END"},
    {"perUnit", "amount / qty"},
    {"label", "concat(accountId, '-', branchCode)"},
    {"minute", "date_format(eventTime, 'yyyy-MM-dd HH:mm')"},
    {"secs", "unix_timestamp(eventTime)"},
    {"q2", "coalesce(qty, 0) * 2"},
    {"mod3", "qty % 3"},
    {"asDouble", "CAST(amount AS double)"},
    {"branchLower", "lower(branchCode)"},
    {"initial", "substring(accountId, 1, 1)"},
    {"scoreGap", "abs(score - 2)"},
    {"scoreRatio", "score / qty"},
    {"later", "eventTime + INTERVAL 5 MINUTES"},
}};

// select lists that keep eventTime (so a watermark and windows still work after them).
const std::vector<std::vector<std::string_view>> kSelects = {
    {"accountId", "amount", "eventTime"},
    {"accountId", "amount * 2 AS doubled", "eventTime"},
    {"upper(branchCode) AS branch", "qty", "score", "eventTime"},
    {"accountId", "branchCode", "amount", "qty", "score", "eventTime"},
    {"accountId", "amount + qty AS mixed", "eventTime", "score * 2 AS twice"},
};

constexpr std::array<std::string_view, 11> kAggs = {
    "count(*) AS n",        "count(qty) AS nq",           "sum(amount) AS total",  "avg(amount) AS mean",
    "max(amount) AS top",   "min(score) AS low",          "sum(qty) AS units",     "avg(score) AS avgScore",
    "max(eventTime) AS lastSeen", "min(branchCode) AS firstBranch", "sum(score) AS scoreSum",
};

constexpr std::array<std::string_view, 4> kDelays = {"0 seconds", "1 minute", "5 minutes", "10 minutes"};

std::string pad2(int v)
{
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "%02d", v);
    return buffer;
}

// 2026-03-01 10:00:00 + seconds (always within that day and the next).
std::string timestampText(int seconds, int millis)
{
    const int day = 1 + seconds / 86400;
    const int inDay = seconds % 86400;
    std::string text = "2026-03-" + pad2(day) + " " + pad2(inDay / 3600) + ":" + pad2(inDay / 60 % 60) + ":"
        + pad2(inDay % 60);
    if (millis) {
        char buffer[8];
        std::snprintf(buffer, sizeof buffer, ".%03d", millis);
        text += buffer;
    }
    return text;
}

Json sourceSchema()
{
    Json schema = Json::array();
    const std::array<std::pair<const char *, const char *>, 6> columns = {{{"accountId", "string"},
                                                                            {"branchCode", "string"},
                                                                            {"amount", "decimal(12,2)"},
                                                                            {"qty", "int"},
                                                                            {"score", "double"},
                                                                            {"eventTime", "timestamp"}}};
    for (const auto &[name, type] : columns)
        schema.push_back({{"name", name}, {"type", type}});
    return {{"name", "transactions"}, {"schema", schema}};
}

Json makeSteps(Draw &draw, int nullPercent)
{
    Json steps = Json::array();
    const size_t numSteps = 2 + draw.below(3);
    int clock = 10 * 3600; // 10:00:00
    for (size_t s = 0; s < numSteps; ++s) {
        Json rows = Json::array();
        const size_t numRows = draw.chance(12) ? 0 : 1 + draw.below(6);
        for (size_t r = 0; r < numRows; ++r) {
            Json row = Json::array();
            row.push_back(draw.chance(nullPercent) ? Json() : Json(std::string(draw.pick(kAccounts))));
            row.push_back(draw.chance(nullPercent) ? Json() : Json(std::string(draw.pick(kBranches))));
            if (draw.chance(nullPercent)) {
                row.push_back(Json());
            } else if (draw.chance(10)) {
                row.push_back("100000.00");
            } else {
                const size_t units = draw.chance(50) ? draw.below(500000) : draw.below(2000);
                row.push_back(std::to_string(units) + "." + pad2(static_cast<int>(draw.below(100))));
            }
            row.push_back(draw.chance(nullPercent) ? Json() : Json(static_cast<int>(draw.below(10))));
            // Quarters only: their sums are exact in binary, whatever order Spark adds them in.
            row.push_back(draw.chance(nullPercent) ? Json() : Json(static_cast<double>(draw.below(21)) / 4.0));
            if (draw.chance(nullPercent / 2)) {
                row.push_back(Json());
            } else {
                // Mostly on time, some late (up to 15 minutes behind the clock).
                const int offset = draw.chance(25) ? -static_cast<int>(draw.below(900)) : static_cast<int>(draw.below(180));
                const int millis = draw.chance(15) ? static_cast<int>(draw.below(1000)) : 0;
                row.push_back(timestampText(std::max(0, clock + offset), millis));
            }
            rows.push_back(row);
        }
        steps.push_back({{"rows", rows}});
        clock += static_cast<int>(draw.below(8 * 60));
    }
    return steps;
}

std::string modeFrom(Draw &draw, int appendPercent, int updatePercent)
{
    const size_t roll = draw.below(100);
    if (roll < static_cast<size_t>(appendPercent))
        return "append";
    if (roll < static_cast<size_t>(appendPercent + updatePercent))
        return "update";
    return "complete";
}

// A sink of any format; sqlite gets the given upsert key (none: plain INSERT in append). File
// sinks reject update and complete mode before anything runs, so in those modes they are drawn
// less often (the rule needs few rows; the queries' semantics need the others).
Json makeSink(Draw &draw, int index, const std::vector<std::string> &keys, bool keyNeeded, const std::string &mode)
{
    static constexpr std::array<std::string_view, 6> kFormats = {"console", "memory", "foreachBatch", "csv", "json", "sqlite"};
    std::string_view format = draw.pick(kFormats);
    if ((format == "csv" || format == "json") && mode != "append" && draw.chance(75))
        format = draw.pick(std::array<std::string_view, 4>{"console", "memory", "foreachBatch", "sqlite"});
    if (format == "sqlite" && keyNeeded && keys.empty())
        format = "memory";
    Json options = Json::object();
    if (format == "console") {
        if (draw.chance(30)) {
            options["numRows"] = 5;
            options["truncate"] = false;
        }
    } else if (format == "memory") {
        options["queryName"] = "out" + std::to_string(index);
    } else if (format == "csv") {
        options["path"] = "out/csv";
        options["header"] = draw.chance(50);
    } else if (format == "json") {
        options["path"] = "out/json";
    } else if (format == "sqlite") {
        options["path"] = "out.db";
        options["table"] = "results";
        if (!keys.empty())
            options["key"] = keys;
    }
    return {{"format", std::string(format)}, {"options", options}};
}

Json watermarkOp(Draw &draw)
{
    return {{"op", "withWatermark"}, {"column", "eventTime"}, {"delay", std::string(draw.pick(kDelays))}};
}

Json aggList(Draw &draw)
{
    Json aggs = Json::array();
    const size_t n = 1 + draw.below(3);
    std::vector<size_t> used;
    while (aggs.size() < n) {
        const size_t i = draw.below(kAggs.size());
        if (std::find(used.begin(), used.end(), i) != used.end())
            continue;
        used.push_back(i);
        aggs.push_back(std::string(kAggs[i]));
    }
    return aggs;
}

std::string windowKey(Draw &draw)
{
    switch (draw.below(4)) {
    case 0: return "window(eventTime, '5 minutes')";
    case 1: return "window(eventTime, '10 minutes', '5 minutes')";
    case 2: return "window(eventTime, '2 minutes')";
    default: return "window(eventTime, '10 minutes', '4 minutes')";
    }
}

// Stateless ops that keep every source column: filter and withColumn, so that later ops find
// the columns they name (a select, which drops columns, only ends a stateless query).
void addStatelessOps(Draw &draw, Json &query, size_t count)
{
    for (size_t i = 0; i < count; ++i) {
        if (draw.chance(45)) {
            query.push_back({{"op", draw.chance(20) ? "where" : "filter"}, {"condition", std::string(draw.pick(kFilters))}});
        } else {
            const NamedExpr &c = draw.pick(kNewColumns);
            query.push_back({{"op", "withColumn"}, {"name", std::string(c.name)}, {"expr", std::string(c.expr)}});
        }
    }
}

Json selectOp(Draw &draw)
{
    Json columns = Json::array();
    for (std::string_view c : draw.pick(kSelects))
        columns.push_back(std::string(c));
    return {{"op", "select"}, {"columns", columns}};
}

} // namespace

ScenarioGenerator::ScenarioGenerator(uint64_t seed) : m_seed(seed) {}

GeneratedScenario ScenarioGenerator::generate(int index) const
{
    Draw draw(m_seed * 1000003ULL + static_cast<uint64_t>(index) * 7919ULL + 17ULL);
    static constexpr std::array<std::string_view, 8> kFamilies = {"stateless", "plain-agg", "windowed-agg",
                                                                  "session-agg", "dedup", "global-agg",
                                                                  "windowed-prepared", "rejected"};
    const std::string family(kFamilies[static_cast<size_t>(index) % kFamilies.size()]);
    const int nullPercent = draw.chance(30) ? 0 : 8;
    Json query = Json::array();
    std::string mode;
    std::vector<std::string> keys; // the result's key columns (sqlite upsert key)
    bool keyNeeded = false;

    if (family == "stateless") {
        if (draw.chance(40))
            query.push_back(watermarkOp(draw));
        addStatelessOps(draw, query, draw.below(3));
        if (query.empty() || draw.chance(50))
            query.push_back(selectOp(draw));
        mode = modeFrom(draw, 60, 25);
        keyNeeded = mode != "append";
    } else if (family == "plain-agg") {
        if (draw.chance(30))
            query.push_back(watermarkOp(draw));
        if (draw.chance(30))
            addStatelessOps(draw, query, 1);
        Json groupKeys = Json::array();
        switch (draw.below(4)) {
        case 0: groupKeys = {"accountId"}; keys = {"accountId"}; break;
        case 1: groupKeys = {"branchCode", "accountId"}; keys = {"branchCode", "accountId"}; break;
        case 2: groupKeys = {"upper(branchCode) AS branch"}; keys = {"branch"}; break;
        default: groupKeys = {"lower(accountId)"}; keys = {}; break;
        }
        query.push_back({{"op", "groupBy"}, {"keys", groupKeys}, {"aggs", aggList(draw)}});
        mode = modeFrom(draw, 20, 40);
        keyNeeded = mode == "update";
    } else if (family == "windowed-agg" || family == "windowed-prepared") {
        if (family == "windowed-prepared")
            addStatelessOps(draw, query, 1 + draw.below(2));
        query.push_back(watermarkOp(draw));
        if (family == "windowed-agg" && draw.chance(30))
            query.push_back({{"op", "filter"}, {"condition", std::string(draw.pick(kFilters))}});
        Json groupKeys = Json::array();
        const std::string window = windowKey(draw);
        if (draw.chance(25)) {
            groupKeys.push_back(window + " AS w");
            keys = {"w"};
        } else {
            groupKeys.push_back(window);
            keys = {"window"};
        }
        if (draw.chance(60)) {
            groupKeys.push_back("accountId");
            keys.push_back("accountId");
        }
        query.push_back({{"op", "groupBy"}, {"keys", groupKeys}, {"aggs", aggList(draw)}});
        mode = modeFrom(draw, 45, 35);
        keyNeeded = mode == "update";
    } else if (family == "session-agg") {
        query.push_back(watermarkOp(draw));
        Json groupKeys = Json::array();
        groupKeys.push_back(draw.chance(50) ? "session_window(eventTime, '5 minutes')" : "session_window(eventTime, '2 minutes')");
        keys = {"session_window"};
        if (!draw.chance(15)) {
            groupKeys.push_back("accountId");
            keys.push_back("accountId");
        }
        query.push_back({{"op", "groupBy"}, {"keys", groupKeys}, {"aggs", aggList(draw)}});
        mode = modeFrom(draw, 55, 15);
        keyNeeded = mode == "update";
    } else if (family == "dedup") {
        const bool watermark = draw.chance(65);
        if (watermark)
            query.push_back(watermarkOp(draw));
        if (draw.chance(30))
            addStatelessOps(draw, query, 1);
        switch (draw.below(4)) {
        case 0: query.push_back({{"op", "dropDuplicates"}}); break;
        case 1: query.push_back({{"op", "dropDuplicates"}, {"columns", {"accountId"}}}); break;
        case 2: query.push_back({{"op", "dropDuplicates"}, {"columns", {"accountId", "eventTime"}}}); break;
        default: query.push_back({{"op", "dropDuplicates"}, {"columns", {"branchCode", "eventTime"}}}); break;
        }
        mode = modeFrom(draw, 60, 30);
        keyNeeded = mode != "append";
    } else if (family == "global-agg") {
        if (draw.chance(30))
            query.push_back(watermarkOp(draw));
        if (draw.chance(40))
            query.push_back({{"op", "filter"}, {"condition", std::string(draw.pick(kFilters))}});
        query.push_back({{"op", "groupBy"}, {"keys", Json::array()}, {"aggs", aggList(draw)}});
        mode = modeFrom(draw, 15, 40);
        keyNeeded = mode == "update";
    } else { // rejected: pairings and queries Spark refuses, each in several variants
        switch (draw.below(7)) {
        case 6: // an unknown column (a typo), in a filter or a grouping key
            if (draw.chance(50)) {
                query.push_back({{"op", "filter"}, {"condition", "acountId = 'A1'"}});
                mode = "append";
            } else {
                query.push_back({{"op", "groupBy"}, {"keys", {"branchcode", "acountId"}}, {"aggs", {"count(*) AS n"}}});
                mode = "complete";
            }
            break;
        case 0: // distinct aggregate
            query.push_back({{"op", "groupBy"}, {"keys", {"accountId"}}, {"aggs", {"count(DISTINCT branchCode) AS branches"}}});
            mode = "complete";
            break;
        case 1: // a stateful operator after an aggregation in update mode (global watermark check)
            query.push_back(watermarkOp(draw));
            query.push_back({{"op", "groupBy"}, {"keys", {"window(eventTime, '5 minutes')", "accountId"}}, {"aggs", {"count(*) AS n"}}});
            query.push_back({{"op", "dropDuplicates"}, {"columns", {"window", "accountId"}}});
            mode = "update";
            break;
        case 2: // file sink in update / complete
            query.push_back({{"op", "groupBy"}, {"keys", {"accountId"}}, {"aggs", {"sum(amount) AS total"}}});
            mode = draw.chance(50) ? "update" : "complete";
            break;
        case 3: // complete without aggregation
            query.push_back({{"op", "filter"}, {"condition", std::string(draw.pick(kFilters))}});
            mode = "complete";
            break;
        case 4: // append aggregation without watermark
            query.push_back({{"op", "groupBy"}, {"keys", {"branchCode"}}, {"aggs", {"count(*) AS n"}}});
            mode = "append";
            break;
        default: // update with session windows
            query.push_back(watermarkOp(draw));
            query.push_back({{"op", "groupBy"}, {"keys", {"session_window(eventTime, '5 minutes')", "accountId"}}, {"aggs", {"count(*) AS n"}}});
            mode = "update";
            break;
        }
    }

    Json sink = makeSink(draw, index, keys, keyNeeded, mode);
    if (family == "rejected" && query.size() == 1 && query[0]["op"] == "groupBy" && query[0]["keys"][0] == "accountId"
        && query[0]["aggs"][0] == "sum(amount) AS total")
        sink = {{"format", draw.chance(50) ? "csv" : "json"}, {"options", {{"path", "out/files"}}}};

    char name[64];
    std::snprintf(name, sizeof name, "g%04d-%s", index, family.c_str());
    Json document = {{"format", "streamstep-scenario"},
                     {"version", 1},
                     {"title", std::string("Generated ") + name},
                     {"source", sourceSchema()},
                     {"query", query},
                     {"outputMode", mode},
                     {"sink", sink},
                     {"steps", makeSteps(draw, nullPercent)}};
    return {name, family, document};
}

} // namespace streamstep::testing
