#include "streamstep/scenario_check.h"

#include "streamstep/quiz.h"
#include "streamstep/value_format.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace streamstep {

namespace {

std::string jsonString(const std::string &s)
{
    return nlohmann::json(s).dump();
}

std::optional<int64_t> timestampOf(const nlohmann::json &json)
{
    if (!json.is_string())
        return std::nullopt;
    return parseTimestamp(json.get<std::string>());
}

} // namespace

std::string rowToJson(const ColumnBatch &batch, size_t row)
{
    std::string out;
    appendRowsJson(out, batch, row, row + 1);
    return out;
}

void appendRowsJson(std::string &out, const ColumnBatch &batch, size_t begin, size_t end)
{
    // The keys are escaped once for all rows: `"name": `, with ", " before all but the first.
    std::vector<std::string> keys;
    for (size_t c = 0; c < batch.columns.size(); ++c)
        keys.push_back((c ? ", " : "") + jsonString(batch.schema.fields[c].name) + ": ");
    for (size_t row = begin; row < end; ++row) {
        if (row > begin)
            out += ", ";
        out += '{';
        for (size_t c = 0; c < batch.columns.size(); ++c) {
            out += keys[c];
            appendJsonText(out, batch.columns[c], row);
        }
        out += '}';
    }
}

std::optional<Value> expectedValue(const nlohmann::json &json, const DataType &type)
{
    if (json.is_null())
        return Value::null();
    switch (type.kind) {
    case TypeKind::Null: return std::nullopt;
    case TypeKind::Boolean:
        if (json.is_boolean())
            return Value::boolean(json.get<bool>());
        return std::nullopt;
    case TypeKind::Int:
        if (json.is_number_integer())
            return Value::int32(json.get<int32_t>());
        return std::nullopt;
    case TypeKind::Long:
        if (json.is_number_integer())
            return Value::int64(json.get<int64_t>());
        return std::nullopt;
    case TypeKind::Double:
        if (json.is_number())
            return Value::float64(json.get<double>());
        if (json.is_string()) {
            const std::string s = json.get<std::string>();
            if (s == "NaN")
                return Value::float64(std::nan(""));
            if (s == "Infinity")
                return Value::float64(HUGE_VAL);
            if (s == "-Infinity")
                return Value::float64(-HUGE_VAL);
        }
        return std::nullopt;
    case TypeKind::Decimal: {
        std::string text;
        if (json.is_string())
            text = json.get<std::string>();
        else if (json.is_number_integer())
            text = json.dump();
        else if (json.is_number_float()) {
            // A JSON number in an expectation: compare at the column's scale.
            char buffer[64];
            std::snprintf(buffer, sizeof buffer, "%.*f", type.scale, json.get<double>());
            text = buffer;
        } else
            return std::nullopt;
        auto d = parseDecimalText(text);
        if (!d)
            return std::nullopt;
        Column column(type);
        column.append(Value::decimal(d->unscaled, d->precision, d->scale));
        return column.get(0);
    }
    case TypeKind::String:
        if (json.is_string())
            return Value::string(json.get<std::string>());
        return std::nullopt;
    case TypeKind::Timestamp:
        if (auto t = timestampOf(json))
            return Value::timestamp(*t);
        return std::nullopt;
    case TypeKind::Window:
        if (json.is_object() && json.contains("start") && json.contains("end")) {
            auto start = timestampOf(json["start"]);
            auto end = timestampOf(json["end"]);
            if (start && end)
                return Value::window(*start, *end);
        }
        return std::nullopt;
    }
    return std::nullopt;
}

namespace {

// The expected rows rendered like rowToJson, so both sides compare as text.
std::vector<std::string> expectedRows(const nlohmann::json &rows, const Schema &schema,
                                      std::vector<std::string> &problems)
{
    std::vector<std::string> out;
    for (const nlohmann::json &row : rows) {
        if (!row.is_object()) {
            problems.push_back("expected row is not an object: " + row.dump());
            continue;
        }
        std::string text = "{";
        for (size_t c = 0; c < schema.fields.size(); ++c) {
            const Field &f = schema.fields[c];
            nlohmann::json value;
            for (auto it = row.begin(); it != row.end(); ++it)
                if (Schema{{Field{it.key(), f.type, {}}}}.indexOf(f.name) == 0)
                    value = it.value();
            auto v = expectedValue(value, f.type);
            if (c)
                text += ", ";
            text += jsonString(f.name) + ": " + (v ? toJsonText(*v) : "<invalid " + value.dump() + ">");
        }
        for (auto it = row.begin(); it != row.end(); ++it)
            if (schema.indexOf(it.key()) < 0)
                problems.push_back("expected row has a column the result does not have: '"
                                   + it.key() + "'");
        out.push_back(text + "}");
    }
    return out;
}


} // namespace

CheckResult checkScenario(const Scenario &scenario)
{
    CheckResult result;
    auto fail = [&](std::string text) {
        result.passed = false;
        result.exitCode = 4;
        result.differences.push_back(std::move(text));
    };

    std::vector<BatchReport> reports;
    std::optional<Error> error;
    std::shared_ptr<const Query> query;
    // A quiz is checked against the same run: its explanations need every row's numbers.
    const bool quiz = hasQuiz(scenario);
    auto checkTheQuiz = [&] {
        for (std::string &difference : checkQuiz(scenario, query.get(), reports, error))
            fail(std::move(difference));
    };
    try {
        query = Query::compile(scenario);
        Run run(query);
        run.setExplain(quiz);
        const std::vector<int64_t> triggerTimes = triggerTimesMicros(scenario.steps);
        for (size_t i = 0; i < scenario.steps.size(); ++i) {
            auto batch = run.step(scenario.steps[i].rows, static_cast<int>(i), triggerTimes[i]);
            reports.insert(reports.end(), batch.begin(), batch.end());
            if (run.failure())
                throw *run.failure();
        }
    } catch (const Error &e) {
        error = e;
    }

    if (scenario.expectError) {
        const ExpectError &expected = *scenario.expectError;
        if (!error) {
            fail("expected the scenario to fail with exit code " + std::to_string(expected.exitCode)
                 + ", but it ran successfully");
            return result;
        }
        if (error->exitCode() != expected.exitCode)
            fail("expected exit code " + std::to_string(expected.exitCode) + ", got "
                 + std::to_string(error->exitCode()) + ": " + errorText(*error));
        for (const std::string &part : expected.messageContains)
            if (errorText(*error).find(part) == std::string::npos)
                fail("expected the error message to contain:\n  " + part + "\nbut it was:\n  "
                     + errorText(*error));
        if (quiz)
            checkTheQuiz();
        return result;
    }
    if (error) {
        result.passed = false;
        result.exitCode = error->exitCode();
        result.differences.push_back(errorText(*error));
        return result;
    }

    for (const Expectation &e : scenario.expect) {
        const std::string where = "step " + std::to_string(e.step);
        std::vector<const BatchReport *> batches;
        for (const BatchReport &r : reports)
            if (r.step == e.step)
                batches.push_back(&r);
        if (e.emitted) {
            std::vector<std::string> problems;
            const Schema &schema = reports.empty() ? scenario.sourceSchema : reports.front().emitted.schema;
            std::vector<std::string> expected = expectedRows(*e.emitted, schema, problems);
            std::vector<std::string> actual;
            for (const BatchReport *r : batches)
                for (size_t row = 0; row < r->emitted.numRows; ++row)
                    actual.push_back(rowToJson(r->emitted, row));
            std::sort(expected.begin(), expected.end());
            std::sort(actual.begin(), actual.end());
            std::vector<std::string> missing;
            std::vector<std::string> unexpected;
            std::set_difference(expected.begin(), expected.end(), actual.begin(), actual.end(),
                                std::back_inserter(missing));
            std::set_difference(actual.begin(), actual.end(), expected.begin(), expected.end(),
                                std::back_inserter(unexpected));
            for (const std::string &p : problems)
                fail(where + ": " + p);
            if (!missing.empty() || !unexpected.empty()) {
                // The counts of what differs first: "expected 2, got 2" alone reads like no difference.
                std::string text = where + ": emitted rows differ: " + std::to_string(missing.size())
                    + " missing, " + std::to_string(unexpected.size()) + " unexpected (expected "
                    + std::to_string(expected.size()) + " rows, got " + std::to_string(actual.size()) + ")";
                for (const std::string &m : missing)
                    text += "\n  - missing:    " + m;
                for (const std::string &u : unexpected)
                    text += "\n  + unexpected: " + u;
                fail(text);
            }
        }
        const BatchReport *last = nullptr;
        for (const BatchReport &r : reports)
            if (r.step <= e.step)
                last = &r;
        auto compare = [&](const char *name, const std::optional<int64_t> &expected, int64_t actual) {
            if (expected && *expected != actual)
                fail(where + ": " + name + " expected " + std::to_string(*expected) + ", got "
                     + std::to_string(actual));
        };
        compare("stateRows", e.stateRows, last ? last->stateRows : 0);
        int64_t written = 0;
        int64_t updated = 0;
        int64_t dropped = 0;
        for (const BatchReport *r : batches) {
            written += static_cast<int64_t>(r->emitted.numRows);
            updated += r->stateRowsUpdated;
            dropped += r->numRowsDroppedByWatermark;
        }
        compare("rowsWritten", e.rowsWritten, written);
        compare("stateRowsUpdated", e.stateRowsUpdated, updated);
        compare("droppedByWatermark", e.droppedByWatermark, dropped);
        if (e.eventTime) {
            const BatchReport *withInput = nullptr;
            for (const BatchReport *r : batches)
                if (r->eventTime)
                    withInput = r;
            if (!withInput) {
                fail(where + ": eventTime expected, but no batch of the step had event times");
                continue;
            }
            const EventTimeStats &s = *withInput->eventTime;
            const std::map<std::string, int64_t> actual = {
                {"min", s.minMs},
                {"max", s.maxMs},
                {"avg", static_cast<int64_t>(s.avgMs)},
                {"watermark", withInput->watermarkMs}};
            for (auto it = e.eventTime->begin(); it != e.eventTime->end(); ++it) {
                auto found = actual.find(it.key());
                auto expectedMicros = timestampOf(it.value());
                if (found == actual.end() || !expectedMicros) {
                    fail(where + ": eventTime." + it.key() + " cannot be compared: " + it.value().dump());
                    continue;
                }
                const int64_t expectedMs = *expectedMicros / 1000;
                if (expectedMs != found->second)
                    fail(where + ": eventTime." + it.key() + " expected "
                         + formatTimestampIso(expectedMs * 1000) + ", got "
                         + formatTimestampIso(found->second * 1000));
            }
        }
    }
    if (quiz)
        checkTheQuiz();
    return result;
}

} // namespace streamstep
