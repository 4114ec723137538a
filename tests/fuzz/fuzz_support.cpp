#include "fuzz_support.h"

#include "streamstep/engine.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <system_error>
#include <unistd.h>

namespace streamstep::fuzz {

namespace fs = std::filesystem;

std::vector<BundleFile> parseBundle(std::string_view data)
{
    std::vector<BundleFile> files;
    size_t start = 0;
    while (start <= data.size()) {
        size_t end = data.find(kBundleSeparator, start);
        if (end == std::string_view::npos)
            end = data.size();
        const std::string_view part = data.substr(start, end - start);
        const size_t newline = part.find('\n');
        BundleFile file;
        file.path = std::string(part.substr(0, newline));
        if (newline != std::string_view::npos)
            file.bytes = std::string(part.substr(newline + 1));
        files.push_back(std::move(file));
        if (end == data.size())
            break;
        start = end + kBundleSeparator.size();
    }
    return files;
}

std::string writeBundle(const std::vector<BundleFile> &files)
{
    std::string out;
    for (size_t i = 0; i < files.size(); ++i) {
        if (i > 0)
            out += kBundleSeparator;
        out += files[i].path + "\n" + files[i].bytes;
    }
    return out;
}

bool safeBundlePath(std::string_view path)
{
    if (path.empty() || path.size() > 120)
        return false;
    int parts = 0;
    size_t start = 0;
    while (true) {
        const size_t slash = path.find('/', start);
        const std::string_view part = path.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start);
        if (part.empty() || part == "." || part == ".."
            || !std::all_of(part.begin(), part.end(), [](char c) {
                   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.'
                       || c == '_' || c == '-';
               }))
            return false;
        if (++parts > 4)
            return false;
        if (slash == std::string_view::npos)
            return true;
        start = slash + 1;
    }
}

void writeBundleFolder(const fs::path &dir, const std::vector<BundleFile> &files)
{
    std::error_code ec;
    fs::remove_all(dir, ec);
    fs::create_directories(dir);
    for (const BundleFile &file : files) {
        if (!safeBundlePath(file.path))
            continue;
        const fs::path path = dir / file.path;
        fs::create_directories(path.parent_path(), ec);
        if (fs::is_directory(path, ec))
            continue; // an earlier file named this folder's path as its parent
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(file.bytes.data(), static_cast<std::streamsize>(file.bytes.size()));
    }
}

std::vector<BundleFile> readBundleFolder(const fs::path &dir)
{
    std::vector<BundleFile> files;
    for (const fs::directory_entry &entry : fs::recursive_directory_iterator(dir)) {
        if (!entry.is_regular_file())
            continue;
        std::ifstream in(entry.path(), std::ios::binary);
        std::ostringstream bytes;
        bytes << in.rdbuf();
        files.push_back({fs::relative(entry.path(), dir).generic_string(), bytes.str()});
    }
    std::sort(files.begin(), files.end(), [](const BundleFile &a, const BundleFile &b) { return a.path < b.path; });
    return files;
}

namespace {

struct ScratchFolder {
    fs::path path;
    ScratchFolder()
    {
        fs::path base;
        if (const char *env = std::getenv("STREAMSTEP_FUZZ_TMP"); env && *env)
            base = env;
        else if (std::error_code ec; fs::is_directory("/dev/shm", ec))
            base = "/dev/shm";
        else
            base = fs::temp_directory_path();
        path = base / ("streamstep-fuzz-" + std::to_string(::getpid()));
        fs::create_directories(path);
    }
    ~ScratchFolder()
    {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

} // namespace

const fs::path &scratchFolder()
{
    static ScratchFolder folder;
    return folder.path;
}

void useScratchAsTempDir()
{
    const fs::path tmp = scratchFolder() / "tmp";
    fs::create_directories(tmp);
    ::setenv("TMPDIR", tmp.c_str(), 1);
}

fs::path sourceDir() { return STREAMSTEP_SOURCE_DIR; }

namespace {

// The header and the first `maxRows` records of a rows file: an NDJSON file's first non-blank
// lines, a CSV file's first line and then records ended by a newline outside quotes (RFC 4180).
std::string firstRows(const std::string &text, bool csv, size_t maxRows)
{
    size_t records = csv ? maxRows + 1 : maxRows;
    bool quoted = false;
    bool blank = true;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (csv && c == '"')
            quoted = !quoted;
        if (c == '\n' && !quoted) {
            if (!blank || csv)
                if (--records == 0)
                    return text.substr(0, i + 1);
            blank = true;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            blank = false;
        }
    }
    return text;
}

// A lesson's text with every "generate" step cut to kSmallLessonRows rows: lesson 27c computes
// a million rows, which under ASan took longer than libFuzzer's 20 s timeout of the first input.
std::string withSmallGeneratedSteps(const std::string &text)
{
    nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (!doc.is_object() || !doc.contains("steps") || !doc["steps"].is_array())
        return text;
    bool cut = false;
    for (nlohmann::json &step : doc["steps"])
        if (step.is_object() && step.contains("generate") && step["generate"].is_object()
            && step["generate"].value("rows", int64_t(0)) > static_cast<int64_t>(kSmallLessonRows)) {
            step["generate"]["rows"] = kSmallLessonRows;
            cut = true;
        }
    return cut ? doc.dump(2) : text;
}

} // namespace

void limitGeneratedRows()
{
    setMaxGeneratedStepRows(kFuzzGeneratedStepRows);
}

const std::vector<Scenario> &bundledLessons()
{
    static const std::vector<Scenario> lessons = [] {
        const fs::path scenarios = sourceDir() / "scenarios";
        const fs::path copy = scratchFolder() / "lessons";
        fs::create_directories(copy);
        std::vector<fs::path> paths;
        for (const fs::directory_entry &entry : fs::recursive_directory_iterator(scenarios)) {
            const std::string name = entry.path().filename().string();
            const fs::path relative = fs::relative(entry.path(), scenarios);
            if (entry.is_directory()) {
                fs::create_directories(copy / relative);
            } else if (name.ends_with(".scenario.json")) {
                if (entry.path().parent_path() == scenarios)
                    paths.push_back(relative);
                std::ifstream in(entry.path(), std::ios::binary);
                std::ostringstream text;
                text << in.rdbuf();
                std::ofstream(copy / relative, std::ios::binary) << withSmallGeneratedSteps(text.str());
            } else if (name.ends_with(".csv") || name.ends_with(".ndjson") || name.ends_with(".jsonl")) {
                std::ifstream in(entry.path(), std::ios::binary);
                std::ostringstream text;
                text << in.rdbuf();
                std::ofstream(copy / relative, std::ios::binary) << firstRows(text.str(), name.ends_with(".csv"), kSmallLessonRows);
            }
        }
        std::sort(paths.begin(), paths.end());
        std::vector<Scenario> out;
        for (const fs::path &path : paths) {
            out.push_back(readScenarioFile((copy / path).string()));
            out.back().fileName = (scenarios / path).string();
        }
        return out;
    }();
    return lessons;
}

namespace {

constexpr const char *kExtraQueries[] = {
    R"json({"format": "streamstep-scenario", "version": 1,
  "source": {"name": "clicks", "schema": [{"name": "user", "type": "string"}, {"name": "clickedAt", "type": "timestamp"}]},
  "query": [
    {"op": "withWatermark", "column": "clickedAt", "delay": "5 minutes"},
    {"op": "dropDuplicates", "columns": ["user", "clickedAt"]},
    {"op": "groupBy", "keys": ["session_window(clickedAt, '10 minutes') AS session", "user"],
     "aggs": ["count(*) AS clicks", "min(clickedAt) AS firstClick"]}],
  "outputMode": "append", "sink": {"format": "console"},
  "steps": [
    {"rows": [["u1", "2026-03-01 10:00:00"], ["u1", "2026-03-01 10:00:00"], ["u1", "2026-03-01 10:04:00"], ["u2", "2026-03-01 10:01:00"]]},
    {"rows": [["u1", "2026-03-01 10:30:00"]]},
    {"rows": [["u3", "2026-03-01 10:31:00"], [null, null]]}]})json",
    R"json({"format": "streamstep-scenario", "version": 1,
  "source": {"name": "tx", "schema": [{"name": "accountId", "type": "string"}, {"name": "amount", "type": "decimal(12,2)"},
                                      {"name": "score", "type": "double"}, {"name": "eventTime", "type": "timestamp"}]},
  "query": [
    {"op": "withWatermark", "column": "eventTime", "delay": "2 minutes"},
    {"op": "groupBy", "keys": ["window(eventTime, '10 minutes', '5 minutes')", "accountId"],
     "aggs": ["sum(amount) AS total", "avg(score) AS meanScore", "min(eventTime) AS first", "max(accountId) AS top",
              "first(amount) AS f", "last(score, true) AS l", "count(*) AS n"]}],
  "outputMode": "complete", "sink": {"format": "memory", "options": {"queryName": "totals"}},
  "steps": [
    {"rows": [["A1", "10.50", 1.5, "2026-03-01 10:01:00"], ["A2", "3.00", null, "2026-03-01 10:06:00"]]},
    {"rows": [["A1", "99999.99", -0.0, "2026-03-01 10:20:00"]]},
    {"rows": [["A3", null, 1e300, "2026-03-01 10:00:00"]]}]})json",
    R"json({"format": "streamstep-scenario", "version": 1,
  "source": {"name": "tx", "schema": [{"name": "id", "type": "long"}, {"name": "eventTime", "type": "timestamp"}]},
  "query": [
    {"op": "withWatermark", "column": "eventTime", "delay": "1 minute"},
    {"op": "dropDuplicates"}],
  "outputMode": "append", "sink": {"format": "memory", "options": {"queryName": "ids"}},
  "steps": [
    {"rows": [[1, "2026-03-01 10:00:00"], [1, "2026-03-01 10:00:00"], [2, "2026-03-01 10:05:00"]]},
    {"rows": [[3, "2026-03-01 10:10:00"], [1, "2026-03-01 10:00:00"]]}]})json",
};

} // namespace

const std::vector<Scenario> &fuzzQueries()
{
    static const std::vector<Scenario> queries = [] {
        std::vector<Scenario> out;
        for (const Scenario &lesson : bundledLessons()) {
            try {
                Query::compile(lesson);
            } catch (const Error &) {
                continue; // a lesson about a query Spark rejects
            }
            out.push_back(smallLesson(lesson));
        }
        int index = 0;
        for (const char *text : kExtraQueries)
            out.push_back(parseScenario(text, "extra-" + std::to_string(index++) + ".scenario.json"));
        return out;
    }();
    return queries;
}

const std::vector<Scenario> &checkpointQueries()
{
    static const std::vector<Scenario> queries = [] {
        std::vector<Scenario> out = fuzzQueries();
        std::vector<fs::path> paths;
        for (const fs::directory_entry &entry : fs::directory_iterator(sourceDir() / "tests" / "data" / "sinks"))
            if (entry.path().string().ends_with(".scenario.json"))
                paths.push_back(entry.path());
        std::sort(paths.begin(), paths.end());
        for (const fs::path &path : paths)
            out.push_back(smallLesson(readScenarioFile(path.string())));
        return out;
    }();
    return queries;
}

namespace {

std::vector<std::shared_ptr<const Query>> compileEach(const std::vector<Scenario> &scenarios)
{
    std::vector<std::shared_ptr<const Query>> out;
    for (const Scenario &scenario : scenarios) {
        try {
            out.push_back(Query::compile(scenario));
        } catch (const Error &) {
            out.push_back(nullptr);
        }
    }
    return out;
}

} // namespace

const std::vector<std::shared_ptr<const Query>> &compiledFuzzQueries()
{
    static const std::vector<std::shared_ptr<const Query>> queries = compileEach(fuzzQueries());
    return queries;
}

const std::vector<std::shared_ptr<const Query>> &compiledCheckpointQueries()
{
    static const std::vector<std::shared_ptr<const Query>> queries = compileEach(checkpointQueries());
    return queries;
}

Scenario smallLesson(const Scenario &lesson, size_t maxSteps, size_t maxRows)
{
    Scenario small = lesson;
    small.expect.clear();
    if (small.steps.size() > maxSteps)
        small.steps.resize(maxSteps);
    bool regenerate = false;
    for (Step &step : small.steps) {
        if (step.rows.numRows <= maxRows)
            continue;
        if (stillGenerated(step)) { // a seed keeps the spec, with fewer rows
            step.generate->rows = static_cast<int64_t>(maxRows);
            step.generate->fingerprint = 0;
            regenerate = true;
            continue;
        }
        ColumnBatch cut = ColumnBatch::empty(step.rows.schema);
        for (size_t r = 0; r < maxRows; ++r) {
            std::vector<Value> row;
            for (size_t c = 0; c < step.rows.columns.size(); ++c)
                row.push_back(step.rows.get(r, c));
            cut.appendRow(row);
        }
        step.rows = std::move(cut);
    }
    if (regenerate)
        computeGeneratedRows(small);
    return small;
}

} // namespace streamstep::fuzz
