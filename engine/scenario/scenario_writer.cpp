#include "streamstep/scenario.h"

#include "scenario/rows_fingerprint.h"
#include "scenario/spelling.h"
#include "streamstep/value_format.h"

#include <algorithm>

#include <unistd.h>

#include <atomic>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <system_error>

namespace streamstep {

namespace {

using OrderedJson = nlohmann::ordered_json;

// Containers whose one-line form fits this width are written on one line (rows, columns).
constexpr size_t kMaxInlineWidth = 100;
constexpr int kIndent = 2;

std::string scalarText(const OrderedJson &value)
{
    return value.dump(-1, ' ', false, OrderedJson::error_handler_t::replace);
}

// Writes a value on one line with ", " and ": " separators, as people write JSON by hand; gives
// up (false) as soon as the text grows past `limit`, so huge arrays are not rendered twice.
bool writeInline(std::string &out, const OrderedJson &value, size_t limit)
{
    if (out.size() > limit)
        return false;
    if (value.is_array()) {
        out += '[';
        bool first = true;
        for (const OrderedJson &item : value) {
            if (!first)
                out += ", ";
            first = false;
            if (!writeInline(out, item, limit))
                return false;
        }
        out += ']';
    } else if (value.is_object()) {
        out += '{';
        bool first = true;
        for (const auto &[key, item] : value.items()) {
            if (!first)
                out += ", ";
            first = false;
            out += scalarText(OrderedJson(key));
            out += ": ";
            if (!writeInline(out, item, limit))
                return false;
        }
        out += '}';
    } else {
        out += scalarText(value);
    }
    return out.size() <= limit;
}

void writePretty(std::string &out, const OrderedJson &value, int indent, bool forceMultiLine)
{
    if (!value.is_structured() || value.empty()) {
        writeInline(out, value, std::numeric_limits<size_t>::max());
        return;
    }
    if (!forceMultiLine && static_cast<size_t>(indent) < kMaxInlineWidth) {
        std::string oneLine;
        if (writeInline(oneLine, value, kMaxInlineWidth - static_cast<size_t>(indent))) {
            out += oneLine;
            return;
        }
    }
    const std::string inner(static_cast<size_t>(indent + kIndent), ' ');
    const bool isArray = value.is_array();
    out += isArray ? "[\n" : "{\n";
    bool first = true;
    for (const auto &[key, item] : value.items()) {
        if (!first)
            out += ",\n";
        first = false;
        out += inner;
        if (!isArray) {
            out += scalarText(OrderedJson(key));
            out += ": ";
        }
        writePretty(out, item, indent + kIndent, false);
    }
    out += '\n';
    out += std::string(static_cast<size_t>(indent), ' ');
    out += isArray ? ']' : '}';
}

OrderedJson toOrdered(const nlohmann::json &value)
{
    return OrderedJson::parse(value.dump());
}

OrderedJson valueJson(const Value &value)
{
    if (value.isNull())
        return nullptr;
    switch (value.type().kind) {
    case TypeKind::Boolean: return value.asBool();
    case TypeKind::Int: return value.asInt();
    case TypeKind::Long: return value.asLong();
    case TypeKind::Double: {
        // NaN and the infinities as Spark spells them (formatDouble): JSON numbers cannot hold these.
        const double d = value.asDouble();
        if (!std::isfinite(d))
            return formatDouble(d);
        return d;
    }
    case TypeKind::Decimal: return formatDecimal(value.asDecimal().unscaled, value.asDecimal().scale);
    case TypeKind::String: return value.asString();
    case TypeKind::Timestamp: return formatTimestamp(value.asTimestamp());
    case TypeKind::Window:
        return OrderedJson{{"start", formatTimestamp(value.asWindow().startMicros)},
                           {"end", formatTimestamp(value.asWindow().endMicros)}};
    case TypeKind::Null: break;
    }
    return nullptr;
}

OrderedJson exprList(const std::vector<ExprText> &exprs)
{
    OrderedJson out = OrderedJson::array();
    for (const ExprText &expr : exprs)
        out.push_back(expr.text);
    return out;
}

// Each op's name in the format ("where" is the filter's other spelling, kept when read).
constexpr Spelling<QueryOp::Kind> kOpNames[] = {
    {QueryOp::Kind::WithWatermark, "withWatermark"}, {QueryOp::Kind::Filter, "filter"},
    {QueryOp::Kind::Select, "select"},               {QueryOp::Kind::WithColumn, "withColumn"},
    {QueryOp::Kind::GroupBy, "groupBy"},             {QueryOp::Kind::DropDuplicates, "dropDuplicates"}};

std::string defaultOpName(QueryOp::Kind kind)
{
    return nameIn(kOpNames, kind, "filter");
}

OrderedJson opJson(const QueryOp &op)
{
    OrderedJson out = OrderedJson::object();
    const bool keepName = op.kind == QueryOp::Kind::Filter && op.opName == "where";
    out["op"] = keepName ? op.opName : defaultOpName(op.kind);
    switch (op.kind) {
    case QueryOp::Kind::WithWatermark:
        out["column"] = op.column;
        out["delay"] = op.delay.empty() ? std::to_string(op.delayMs) + " milliseconds" : op.delay;
        break;
    case QueryOp::Kind::Filter: out["condition"] = op.condition.text; break;
    case QueryOp::Kind::Select: out["columns"] = exprList(op.columns); break;
    case QueryOp::Kind::WithColumn:
        out["name"] = op.name;
        out["expr"] = op.expr.text;
        break;
    case QueryOp::Kind::GroupBy:
        out["keys"] = exprList(op.keys);
        out["aggs"] = exprList(op.aggs);
        break;
    case QueryOp::Kind::DropDuplicates:
        if (!op.allColumns)
            out["columns"] = exprList(op.columns);
        break;
    }
    return out;
}

OrderedJson questionJson(const QuizQuestion &question)
{
    OrderedJson out = OrderedJson{{"kind", quizKindName(question.kind)}, {"prompt", question.prompt}};
    if (!question.promptDe.empty())
        out["prompt_de"] = question.promptDe;
    if (question.kind == QuizKind::Choice) {
        out["options"] = question.options;
        if (!question.optionsDe.empty())
            out["options_de"] = question.optionsDe;
        if (question.multipleAnswers || question.answer.size() != 1)
            out["answer"] = question.answer;
        else
            out["answer"] = question.answer.front();
        if (question.fact != QuizFact::None)
            out["fact"] = quizFactName(question.fact);
    }
    if (!question.explain.empty())
        out["explain"] = question.explain;
    if (!question.explainDe.empty())
        out["explain_de"] = question.explainDe;
    return out;
}

// rowsFiles (when given): for each step the "rowsFile" to write instead of its rows, if any.
OrderedJson scenarioJson(const Scenario &scenario, const std::vector<std::optional<std::string>> *rowsFiles)
{
    OrderedJson out = OrderedJson::object();
    out["format"] = "streamstep-scenario";
    out["version"] = 1;
    if (!scenario.title.empty())
        out["title"] = scenario.title;
    if (!scenario.description.empty())
        out["description"] = scenario.description;
    if (!scenario.titleDe.empty())
        out["title_de"] = scenario.titleDe;
    if (!scenario.descriptionDe.empty())
        out["description_de"] = scenario.descriptionDe;
    if (!scenario.topic.empty())
        out["topic"] = scenario.topic;
    if (scenario.level != LessonLevel::None)
        out["level"] = lessonLevelName(scenario.level);
    if (!scenario.tags.empty())
        out["tags"] = scenario.tags;
    if (scenario.hasSparkVersion)
        out["sparkVersion"] = sparkVersionName(scenario.sparkVersion);
    if (!scenario.conf.empty()) {
        OrderedJson conf = OrderedJson::object();
        for (const ConfEntry &entry : scenario.conf)
            conf[entry.key] = entry.value;
        out["conf"] = conf;
    }

    OrderedJson schema = OrderedJson::array();
    for (const Field &field : scenario.sourceSchema.fields)
        schema.push_back(OrderedJson{{"name", field.name}, {"type", field.type.scenarioName()}});
    out["source"] = OrderedJson{{"name", scenario.sourceName}, {"schema", schema}};

    OrderedJson query = OrderedJson::array();
    for (const QueryOp &op : scenario.query)
        query.push_back(opJson(op));
    out["query"] = query;
    out["outputMode"] = outputModeName(scenario.outputMode);

    OrderedJson options = OrderedJson::object();
    for (const auto &[key, value] : scenario.sink.options)
        options[key] = toOrdered(value);
    out["sink"] = OrderedJson{{"format", scenario.sink.format}, {"options", options}};

    OrderedJson steps = OrderedJson::array();
    for (size_t i = 0; i < scenario.steps.size(); ++i) {
        const Step &step = scenario.steps[i];
        OrderedJson stepJson = OrderedJson::object();
        if (stillGenerated(step)) {
            const GeneratedRows &generate = *step.generate;
            OrderedJson columns = OrderedJson::object();
            for (size_t c = 0; c < generate.columns.size(); ++c)
                columns[scenario.sourceSchema.fields[c].name] = generate.columns[c].text;
            stepJson["generate"] = OrderedJson{{"rows", generate.rows}, {"start", generate.start}, {"columns", columns}};
        } else if (rowsFiles && (*rowsFiles)[i]) {
            stepJson["rowsFile"] = *(*rowsFiles)[i];
        } else {
            OrderedJson rows = OrderedJson::array();
            for (size_t r = 0; r < step.rows.numRows; ++r) {
                OrderedJson row = OrderedJson::array();
                for (size_t c = 0; c < step.rows.columns.size(); ++c)
                    row.push_back(valueJson(step.rows.get(r, c)));
                rows.push_back(std::move(row));
            }
            stepJson["rows"] = std::move(rows);
        }
        if (step.processingTimeMicros)
            stepJson["processingTime"] = formatTimestamp(*step.processingTimeMicros);
        if (!step.quiz.empty()) {
            OrderedJson quiz = OrderedJson::array();
            for (const QuizQuestion &question : step.quiz)
                quiz.push_back(questionJson(question));
            stepJson["quiz"] = std::move(quiz);
        }
        steps.push_back(std::move(stepJson));
    }
    out["steps"] = steps;

    if (!scenario.expect.empty()) {
        OrderedJson expect = OrderedJson::array();
        for (const Expectation &e : scenario.expect) {
            OrderedJson entry = OrderedJson{{"step", e.step}};
            if (e.emitted)
                entry["emitted"] = toOrdered(*e.emitted);
            if (e.rowsWritten)
                entry["rowsWritten"] = *e.rowsWritten;
            if (e.stateRows)
                entry["stateRows"] = *e.stateRows;
            if (e.stateRowsUpdated)
                entry["stateRowsUpdated"] = *e.stateRowsUpdated;
            if (e.droppedByWatermark)
                entry["droppedByWatermark"] = *e.droppedByWatermark;
            if (e.eventTime)
                entry["eventTime"] = toOrdered(*e.eventTime);
            expect.push_back(std::move(entry));
        }
        out["expect"] = expect;
    }
    if (scenario.expectError) {
        OrderedJson expectError = OrderedJson{{"exitCode", scenario.expectError->exitCode}};
        const auto &contains = scenario.expectError->messageContains;
        if (contains.size() == 1)
            expectError["messageContains"] = contains.front();
        else if (!contains.empty())
            expectError["messageContains"] = contains;
        out["expectError"] = expectError;
    }
    return out;
}

std::string scenarioText(const Scenario &scenario, const std::vector<std::optional<std::string>> *rowsFiles)
{
    std::string out;
    writePretty(out, scenarioJson(scenario, rowsFiles), 0, true);
    out += '\n';
    return out;
}

namespace fs = std::filesystem;

[[noreturn]] void saveFailed(const std::string &path, const std::string &what)
{
    throw Error(ErrorKind::Scenario, path + ": " + what);
}

bool inside(const fs::path &realFolder, const fs::path &realPath)
{
    const auto [folderEnd, pathEnd] = std::mismatch(realFolder.begin(), realFolder.end(), realPath.begin(), realPath.end());
    return folderEnd == realFolder.end() && pathEnd != realPath.end();
}

// The file at `path`, canonical, when it is a regular file inside realFolder.
std::optional<fs::path> fileInside(const fs::path &realFolder, const fs::path &path)
{
    std::error_code ec;
    const fs::path real = fs::canonical(path, ec);
    if (ec || !inside(realFolder, real) || !fs::is_regular_file(real, ec))
        return std::nullopt;
    return real;
}

// Whether the rows are still those of the file they were read from.
bool stillFromFile(const RowsFileOrigin &origin, const ColumnBatch &rows)
{
    std::error_code ec;
    const uintmax_t size = fs::file_size(origin.path, ec);
    if (ec || size != origin.fileBytes)
        return false;
    const auto modified = fs::last_write_time(origin.path, ec);
    if (ec || static_cast<int64_t>(modified.time_since_epoch().count()) != origin.modifiedTicks)
        return false;
    return rowsFingerprint(rows) == origin.fingerprint;
}

// How a lesson in realFolder refers to the origin's file, when that file lies inside it: the
// text as written when it still leads there, else the path relative to the folder.
std::optional<std::string> referenceTo(const fs::path &realFolder, const RowsFileOrigin &origin)
{
    const fs::path file(origin.path);
    if (fileInside(realFolder, realFolder / fs::path(origin.text)) == file)
        return origin.text;
    if (!inside(realFolder, file))
        return std::nullopt;
    const fs::path relative = file.lexically_relative(realFolder);
    if (relative.empty() || *relative.begin() == "..")
        return std::nullopt;
    if (fileInside(realFolder, realFolder / relative) != file)
        return std::nullopt;
    return relative.generic_string();
}

bool sameBytes(const fs::path &a, const fs::path &b)
{
    std::error_code ec;
    if (fs::file_size(a, ec) != fs::file_size(b, ec) || ec)
        return false;
    std::unique_ptr<std::FILE, int (*)(std::FILE *)> fa(std::fopen(a.c_str(), "rb"), &std::fclose);
    std::unique_ptr<std::FILE, int (*)(std::FILE *)> fb(std::fopen(b.c_str(), "rb"), &std::fclose);
    if (!fa || !fb)
        return false;
    std::string bufferA(1 << 16, '\0');
    std::string bufferB(1 << 16, '\0');
    while (true) {
        const size_t na = std::fread(bufferA.data(), 1, bufferA.size(), fa.get());
        const size_t nb = std::fread(bufferB.data(), 1, bufferB.size(), fb.get());
        if (na != nb || std::memcmp(bufferA.data(), bufferB.data(), na) != 0)
            return false;
        if (na < bufferA.size())
            return !std::ferror(fa.get()) && !std::ferror(fb.get());
    }
}

// The files one save creates, removed again when the save fails.
class SavePlan {
public:
    SavePlan(std::string path, fs::path realFolder) : m_path(std::move(path)), m_realFolder(std::move(realFolder)) {}
    ~SavePlan()
    {
        std::error_code ec;
        for (const fs::path &file : m_temporary)
            fs::remove(file, ec);
        if (!m_done)
            for (const fs::path &file : m_created)
                fs::remove(file, ec);
    }
    const fs::path &realFolder() const { return m_realFolder; }
    void done() { m_done = true; }

    // A new temporary file in the folder, written by `write` (false: it failed).
    template <class Write>
    fs::path temporary(Write &&write)
    {
        const fs::path temp = m_realFolder / (".streamstep-save-" + std::to_string(::getpid()) + "-"
                                              + std::to_string(++s_temporaries) + ".tmp");
        m_temporary.push_back(temp);
        std::unique_ptr<std::FILE, int (*)(std::FILE *)> file(std::fopen(temp.c_str(), "wbx"), &std::fclose);
        if (!file)
            saveFailed(m_path, "cannot write " + temp.string() + ": " + std::strerror(errno));
        if (!write(file.get()) || std::fflush(file.get()) != 0 || std::ferror(file.get()))
            saveFailed(m_path, "cannot write " + temp.string() + ": " + std::strerror(errno));
        if (std::fclose(file.release()) != 0)
            saveFailed(m_path, "cannot write " + temp.string() + ": " + std::strerror(errno));
        return temp;
    }

    // Gives the temporary file `temp` the name `wanted` (relative to the folder), or the first of
    // "NAME-2.EXT", "NAME-3.EXT", … that is free; a name that holds a file with the same bytes is
    // used as it is. Never replaces a file. Returns the name used, in the file's '/' spelling.
    std::string place(const fs::path &temp, fs::path wanted)
    {
        if (!wanted.parent_path().empty()) {
            std::error_code ec;
            fs::create_directories(m_realFolder / wanted.parent_path(), ec);
            const fs::path parent = fs::canonical(m_realFolder / wanted.parent_path(), ec);
            if (ec || (parent != m_realFolder && !inside(m_realFolder, parent)))
                wanted = wanted.filename(); // a folder that leads out: next to the lesson instead
        }
        const fs::path stem = wanted.parent_path() / wanted.stem();
        const std::string extension = wanted.extension().string();
        for (int n = 1; n < 10'000; ++n) {
            const fs::path name = n == 1 ? wanted : fs::path(stem.string() + "-" + std::to_string(n) + extension);
            const fs::path full = m_realFolder / name;
            std::error_code ec;
            if (fs::exists(fs::symlink_status(full, ec))) {
                if (fileInside(m_realFolder, full) && sameBytes(full, temp))
                    return name.generic_string();
                continue;
            }
            fs::create_hard_link(temp, full, ec); // fails when the name was taken meanwhile
            if (ec == std::errc::file_exists)
                continue;
            if (ec) {
                fs::rename(temp, full, ec); // a file system without hard links
                if (ec)
                    saveFailed(m_path, "cannot write " + full.string() + ": " + ec.message());
            }
            m_created.push_back(full);
            return name.generic_string();
        }
        saveFailed(m_path, "no free name for " + wanted.string());
    }

    // Replaces the lesson file itself (the one file a save may replace).
    void replace(const fs::path &temp, const fs::path &target)
    {
        std::error_code ec;
        fs::rename(temp, target, ec);
        if (ec)
            saveFailed(m_path, "cannot write the file: " + ec.message());
    }

private:
    static inline std::atomic<uint64_t> s_temporaries{0}; // one name a temporary file, in this process
    std::string m_path;
    fs::path m_realFolder;
    std::vector<fs::path> m_temporary;
    std::vector<fs::path> m_created;
    bool m_done = false;
};

void appendCell(std::string &out, const Column &column, size_t row)
{
    if (column.isNull(row)) {
        out += "null";
        return;
    }
    switch (column.type().kind) {
    case TypeKind::Boolean: out += column.ints()[row] ? "true" : "false"; return;
    case TypeKind::Int:
    case TypeKind::Long: out += std::to_string(column.ints()[row]); return;
    case TypeKind::Timestamp:
        out += '"';
        out += formatTimestamp(column.ints()[row]);
        out += '"';
        return;
    default: out += scalarText(valueJson(column.get(row))); return; // as a row of "rows" writes it
    }
}

// The rows as NDJSON, one array a line in schema order (docs/scenario-format.md, "Rows from a file").
bool writeNdjsonRows(std::FILE *file, const ColumnBatch &rows)
{
    std::string out;
    for (size_t r = 0; r < rows.numRows; ++r) {
        out += '[';
        for (size_t c = 0; c < rows.columns.size(); ++c) {
            if (c)
                out += ", ";
            appendCell(out, rows.columns[c], r);
        }
        out += "]\n";
        if (out.size() >= (1 << 20) || r + 1 == rows.numRows) {
            if (std::fwrite(out.data(), 1, out.size(), file) != out.size())
                return false;
            out.clear();
        }
    }
    return true;
}

// "lesson.scenario.json" -> "lesson"
std::string lessonStem(const fs::path &target)
{
    std::string name = target.filename().string();
    for (const char *suffix : {".scenario.json", ".json"})
        if (name.size() > std::strlen(suffix) && name.ends_with(suffix))
            return name.substr(0, name.size() - std::strlen(suffix));
    return target.stem().string();
}

RowsFileOrigin originOf(const fs::path &realFolder, const std::string &text, uint64_t fingerprint)
{
    RowsFileOrigin origin;
    std::error_code ec;
    const fs::path real = fs::canonical(realFolder / fs::path(text), ec);
    origin.text = text;
    origin.path = real.string();
    origin.fileBytes = fs::file_size(real, ec);
    origin.modifiedTicks = static_cast<int64_t>(fs::last_write_time(real, ec).time_since_epoch().count());
    origin.fingerprint = fingerprint;
    return origin;
}

} // namespace

std::string writeScenario(const Scenario &scenario)
{
    return scenarioText(scenario, nullptr);
}

namespace {

// addValue(lane, r) for each non-NULL row r in [from, n), into lane r % 4.
template <class AddValue>
void addValues(Fingerprint (&lanes)[4], std::span<const uint8_t> nulls, size_t from, AddValue addValue)
{
    const size_t n = nulls.size();
    size_t r = from;
    for (; r < n && r % 4 != 0; ++r)
        if (!nulls[r])
            addValue(lanes[r % 4], r);
    Fingerprint a = lanes[0], b = lanes[1], c = lanes[2], d = lanes[3];
    for (; r + 4 <= n; r += 4) {
        if (!nulls[r])
            addValue(a, r);
        if (!nulls[r + 1])
            addValue(b, r + 1);
        if (!nulls[r + 2])
            addValue(c, r + 2);
        if (!nulls[r + 3])
            addValue(d, r + 3);
    }
    lanes[0] = a;
    lanes[1] = b;
    lanes[2] = c;
    lanes[3] = d;
    for (; r < n; ++r)
        if (!nulls[r])
            addValue(lanes[r % 4], r);
}

} // namespace

void RowsFingerprinter::add(const ColumnBatch &rows, size_t from)
{
    m_columns.resize(rows.columns.size());
    for (size_t i = 0; i < rows.columns.size(); ++i) {
        const Column &column = rows.columns[i];
        ColumnState &s = m_columns[i];
        const auto nulls = column.nulls();
        // The flags, eight to a word (byte k of a word at bits 8k, as memcpy lays it out here).
        size_t r = from;
        for (; s.numPending != 0 && r < nulls.size(); ++r) {
            s.pendingFlags |= static_cast<uint64_t>(nulls[r]) << (8 * s.numPending);
            if (++s.numPending == 8) {
                s.flags.add(s.pendingFlags);
                s.pendingFlags = 0;
                s.numPending = 0;
            }
        }
        for (; r + 8 <= nulls.size(); r += 8) {
            uint64_t word = 0;
            std::memcpy(&word, nulls.data() + r, 8);
            s.flags.add(word);
        }
        for (; r < nulls.size(); ++r)
            s.pendingFlags |= static_cast<uint64_t>(nulls[r]) << (8 * s.numPending++);
        // The value of each row that has one (a NULL slot's storage is whatever it holds).
        switch (column.type().kind) {
        case TypeKind::Boolean:
        case TypeKind::Int:
        case TypeKind::Long:
        case TypeKind::Timestamp: {
            const auto ints = column.ints();
            addValues(s.lanes, nulls, from, [&](Fingerprint &lane, size_t row) { lane.add(static_cast<uint64_t>(ints[row])); });
            break;
        }
        case TypeKind::Window: {
            const auto starts = column.ints();
            const auto ends = column.ends();
            addValues(s.lanes, nulls, from, [&](Fingerprint &lane, size_t row) {
                lane.add(static_cast<uint64_t>(starts[row]));
                lane.add(static_cast<uint64_t>(ends[row]));
            });
            break;
        }
        case TypeKind::Double: {
            const auto doubles = column.doubles();
            addValues(s.lanes, nulls, from, [&](Fingerprint &lane, size_t row) { lane.add(std::bit_cast<uint64_t>(doubles[row])); });
            break;
        }
        case TypeKind::Decimal: {
            const auto decimals = column.decimals();
            addValues(s.lanes, nulls, from, [&](Fingerprint &lane, size_t row) {
                const auto value = static_cast<unsigned __int128>(decimals[row]);
                lane.add(static_cast<uint64_t>(value));
                lane.add(static_cast<uint64_t>(value >> 64));
            });
            break;
        }
        case TypeKind::String: {
            const auto strings = column.strings();
            addValues(s.lanes, nulls, from, [&](Fingerprint &lane, size_t row) { lane.addBytes(strings[row]); });
            break;
        }
        case TypeKind::Null: break;
        }
    }
}

uint64_t RowsFingerprinter::value(const ColumnBatch &rows) const
{
    Fingerprint f;
    f.add(rows.numRows);
    f.add(rows.columns.size());
    for (size_t i = 0; i < rows.columns.size(); ++i) {
        f.addBytes(rows.columns[i].type().scenarioName());
        if (i >= m_columns.size()) { // no rows were added
            f.add(Fingerprint().value());
            for (int lane = 0; lane < 4; ++lane)
                f.add(Fingerprint().value());
            continue;
        }
        const ColumnState &s = m_columns[i];
        Fingerprint flags = s.flags;
        if (s.numPending != 0)
            flags.add(s.pendingFlags);
        f.add(flags.value());
        for (const Fingerprint &lane : s.lanes)
            f.add(lane.value());
    }
    return f.value();
}

uint64_t rowsFingerprint(const ColumnBatch &rows)
{
    RowsFingerprinter fingerprinter;
    fingerprinter.add(rows, 0);
    return fingerprinter.value(rows);
}

void saveScenarioFile(Scenario &scenario, const std::string &path)
{
    const fs::path target(path);
    const fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
    std::error_code ec;
    const fs::path realFolder = fs::canonical(folder, ec);
    if (ec)
        saveFailed(path, "cannot write the file: " + ec.message());

    // What the reader would refuse is not written.
    const size_t numColumns = std::max<size_t>(scenario.sourceSchema.size(), 1);
    size_t totalCells = 0;
    for (size_t i = 0; i < scenario.steps.size(); ++i) {
        const size_t n = scenario.steps[i].rows.numRows;
        if (n > kMaxRowsFileRows)
            saveFailed(path, "step " + std::to_string(i) + " has " + std::to_string(n)
                                 + " rows; a step may have at most " + std::to_string(kMaxRowsFileRows));
        totalCells += n * numColumns;
    }
    if (totalCells > kMaxScenarioCells)
        saveFailed(path, "the steps hold " + std::to_string(totalCells) + " values (rows times columns); a scenario may have at most "
                             + std::to_string(kMaxScenarioCells));

    SavePlan plan(path, realFolder);
    std::vector<std::optional<std::string>> rowsFiles(scenario.steps.size());
    std::vector<uint64_t> fingerprints(scenario.steps.size(), 0);
    size_t inlineRows = 0;
    size_t inlineCells = 0;
    for (size_t i = 0; i < scenario.steps.size(); ++i) {
        const Step &step = scenario.steps[i];
        const size_t n = step.rows.numRows;
        if (stillGenerated(step))
            continue; // written as its "generate" again
        if (step.rowsFile && stillFromFile(*step.rowsFile, step.rows)) {
            fingerprints[i] = step.rowsFile->fingerprint;
            if (std::optional<std::string> reference = referenceTo(realFolder, *step.rowsFile)) {
                rowsFiles[i] = std::move(reference);
                continue;
            }
            // Saved elsewhere: the file goes along, byte for byte.
            const fs::path source(step.rowsFile->path);
            const fs::path copy = plan.temporary([&](std::FILE *out) {
                std::unique_ptr<std::FILE, int (*)(std::FILE *)> in(std::fopen(source.c_str(), "rb"), &std::fclose);
                if (!in)
                    return false;
                std::string buffer(1 << 20, '\0');
                size_t got = 0;
                while ((got = std::fread(buffer.data(), 1, buffer.size(), in.get())) > 0)
                    if (std::fwrite(buffer.data(), 1, got, out) != got)
                        return false;
                return !std::ferror(in.get());
            });
            if (fs::file_size(copy, ec) != step.rowsFile->fileBytes)
                saveFailed(path, step.rowsFile->path + " changed while it was copied");
            rowsFiles[i] = plan.place(copy, fs::path(step.rowsFile->text).lexically_normal());
            continue;
        }
        if (n <= kMaxSavedInlineStepRows && inlineRows + n <= kMaxSavedInlineRows
            && inlineCells + n * numColumns <= kMaxSavedInlineCells) {
            inlineRows += n;
            inlineCells += n * numColumns;
            continue;
        }
        fingerprints[i] = rowsFingerprint(step.rows);
        const fs::path rows = plan.temporary([&](std::FILE *out) { return writeNdjsonRows(out, step.rows); });
        if (fs::file_size(rows, ec) > static_cast<uintmax_t>(kMaxRowsFileBytes))
            saveFailed(path, "the rows of step " + std::to_string(i) + " take more than " + std::to_string(kMaxRowsFileBytes)
                                 + " bytes; a rows file may have at most that many");
        rowsFiles[i] = plan.place(rows, fs::path(lessonStem(target) + ".step" + std::to_string(i) + ".ndjson"));
    }

    const std::string text = scenarioText(scenario, &rowsFiles);
    if (text.size() > static_cast<size_t>(kMaxScenarioFileBytes))
        saveFailed(path, "the lesson would take " + std::to_string(text.size()) + " bytes; a scenario file may have at most "
                             + std::to_string(kMaxScenarioFileBytes));
    const fs::path lesson = plan.temporary([&](std::FILE *out) { return std::fwrite(text.data(), 1, text.size(), out) == text.size(); });
    plan.replace(lesson, target);
    plan.done();

    scenario.fileName = path;
    for (size_t i = 0; i < scenario.steps.size(); ++i)
        scenario.steps[i].rowsFile = rowsFiles[i] ? std::optional(originOf(realFolder, *rowsFiles[i], fingerprints[i])) : std::nullopt;
}

} // namespace streamstep
