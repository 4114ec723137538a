#include "batch_comparison.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace streamstep::testing {

namespace {

using Json = nlohmann::json;

// Builds a Json tree from nlohmann's SAX events, keeping the text of every number.
class ExactBuilder {
public:
    using number_integer_t = Json::number_integer_t;
    using number_unsigned_t = Json::number_unsigned_t;
    using number_float_t = Json::number_float_t;
    using string_t = Json::string_t;
    using binary_t = Json::binary_t;

    bool null() { return add(Json()); }
    bool boolean(bool value) { return add(Json(value)); }
    bool number_integer(number_integer_t value) { return add(Json("#" + canonicalNumber(std::to_string(value)))); }
    bool number_unsigned(number_unsigned_t value) { return add(Json("#" + canonicalNumber(std::to_string(value)))); }
    bool number_float(number_float_t, const string_t &text) { return add(Json("#" + canonicalNumber(text))); }
    bool string(string_t &value) { return add(Json(value)); }
    bool binary(binary_t &) { return false; }
    bool start_object(std::size_t)
    {
        m_stack.push_back(Json::object());
        return true;
    }
    bool key(string_t &name)
    {
        m_keys.push_back(name);
        return true;
    }
    bool end_object() { return finish(); }
    bool start_array(std::size_t)
    {
        m_stack.push_back(Json::array());
        return true;
    }
    bool end_array() { return finish(); }
    bool parse_error(std::size_t, const std::string &, const nlohmann::detail::exception &) { return false; }

    Json result;

private:
    bool add(Json value)
    {
        if (m_stack.empty()) {
            result = std::move(value);
        } else if (m_stack.back().is_array()) {
            m_stack.back().push_back(std::move(value));
        } else {
            m_stack.back()[m_keys.back()] = std::move(value);
            m_keys.pop_back();
        }
        return true;
    }
    bool finish()
    {
        Json done = std::move(m_stack.back());
        m_stack.pop_back();
        return add(std::move(done));
    }

    std::vector<Json> m_stack;
    std::vector<std::string> m_keys;
};

std::string text(const Json &value)
{
    if (value.is_string() && value.get<std::string>().starts_with("#"))
        return value.get<std::string>().substr(1); // a canonical number, shown bare
    return value.dump();
}

std::string rowText(const Json &row) { return row.dump(); }

} // namespace

std::string canonicalNumber(const std::string &number)
{
    size_t i = 0;
    bool negative = false;
    if (i < number.size() && (number[i] == '-' || number[i] == '+'))
        negative = number[i++] == '-';
    std::string digits;
    long long exponent = 0;
    bool fraction = false;
    for (; i < number.size(); ++i) {
        const char c = number[i];
        if (std::isdigit(static_cast<unsigned char>(c))) {
            digits += c;
            if (fraction)
                --exponent;
        } else if (c == '.') {
            fraction = true;
        } else if (c == 'e' || c == 'E') {
            exponent += std::stoll(number.substr(i + 1));
            break;
        } else {
            return "?" + number; // not a number text
        }
    }
    const size_t first = digits.find_first_not_of('0');
    if (first == std::string::npos)
        return negative ? "-0" : "0";
    digits.erase(0, first);
    while (digits.size() > 1 && digits.back() == '0') {
        digits.pop_back();
        ++exponent;
    }
    return (negative ? "-" : "") + digits + (exponent ? "e" + std::to_string(exponent) : "");
}

std::optional<Json> parseExactJson(const std::string &line)
{
    ExactBuilder builder;
    if (!Json::sax_parse(line, &builder))
        return std::nullopt;
    return builder.result;
}

namespace {

std::vector<std::string> lines(const std::string &text)
{
    std::vector<std::string> out;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        std::string line = text.substr(start, end - start);
        if (line.find_first_not_of(" \t\r") != std::string::npos)
            out.push_back(line);
        start = end + 1;
    }
    return out;
}

std::string trimmed(const std::string &text)
{
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos)
        return {};
    return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

} // namespace

RunOutput parseReplayOutput(const std::string &text, std::string *problem)
{
    RunOutput run;
    bool sawDriver = false;
    for (const std::string &line : lines(text)) {
        const std::optional<Json> parsed = parseExactJson(line);
        if (!parsed || !parsed->is_object()) {
            *problem = "not JSON: " + line;
            return run;
        }
        if (parsed->contains("driver")) {
            sawDriver = true;
            const Json &driver = (*parsed)["driver"];
            if (driver.contains("uncaught"))
                *problem = "the exported program threw: " + driver["uncaught"].get<std::string>();
            continue;
        }
        if (parsed->contains("error")) {
            run.error = (*parsed)["error"].get<std::string>();
            run.exitCode = std::stoi((*parsed)["exitCode"].get<std::string>().substr(1));
            continue;
        }
        run.batches.push_back(*parsed);
        run.batchLines.push_back(line);
    }
    if (!sawDriver && problem->empty())
        *problem = "the driver did not finish this program (crash or timeout)";
    return run;
}

RunOutput parseCliOutput(const std::string &out, const std::string &err, int exitCode, std::string *problem)
{
    RunOutput run;
    run.exitCode = exitCode;
    if (exitCode == 1)
        *problem = "streamstep-cli says the scenario file is invalid: " + trimmed(err);
    for (const std::string &line : lines(out)) {
        const std::optional<Json> parsed = parseExactJson(line);
        if (!parsed) {
            *problem = "streamstep-cli printed no JSON: " + line;
            break;
        }
        run.batches.push_back(*parsed);
        run.batchLines.push_back(line);
    }
    if (exitCode != 0)
        run.error = trimmed(err);
    return run;
}

std::vector<std::string> compareRuns(const RunOutput &spark, const RunOutput &own)
{
    std::vector<std::string> differences;
    if (spark.exitCode != own.exitCode)
        differences.push_back("exit code: Spark " + std::to_string(spark.exitCode) + ", StreamStep "
                              + std::to_string(own.exitCode));
    // StreamStep prints Spark's text first; its own lines (where in the lesson, a hint) may follow.
    const bool sameError = own.error == spark.error
        || (!spark.error.empty() && own.error.starts_with(spark.error.ends_with('\n') ? spark.error : spark.error + "\n"));
    if (!sameError)
        differences.push_back("error: Spark \"" + spark.error + "\"\n      StreamStep \"" + own.error + "\"");
    const size_t common = std::min(spark.batches.size(), own.batches.size());
    if (spark.batches.size() != own.batches.size())
        differences.push_back("number of batches: Spark " + std::to_string(spark.batches.size()) + ", StreamStep "
                              + std::to_string(own.batches.size()));
    static const char *kFields[] = {"batchId", "step", "noData", "numInputRows", "numRowsDroppedByWatermark",
                                    "watermark", "stateRows"};
    for (size_t b = 0; b < std::max(spark.batches.size(), own.batches.size()); ++b) {
        std::vector<std::string> here;
        if (b < common) {
            const Json &s = spark.batches[b];
            const Json &o = own.batches[b];
            for (const char *field : kFields) {
                const Json sv = s.contains(field) ? s[field] : Json();
                const Json ov = o.contains(field) ? o[field] : Json();
                if (sv != ov)
                    here.push_back(std::string(field) + " Spark " + text(sv) + ", StreamStep " + text(ov));
            }
            std::vector<std::string> sparkRows;
            std::vector<std::string> ownRows;
            for (const Json &row : s.value("emitted", Json::array()))
                sparkRows.push_back(rowText(row));
            for (const Json &row : o.value("emitted", Json::array()))
                ownRows.push_back(rowText(row));
            std::sort(sparkRows.begin(), sparkRows.end());
            std::sort(ownRows.begin(), ownRows.end());
            if (sparkRows != ownRows) {
                std::vector<std::string> onlySpark;
                std::vector<std::string> onlyOwn;
                std::set_difference(sparkRows.begin(), sparkRows.end(), ownRows.begin(), ownRows.end(),
                                    std::back_inserter(onlySpark));
                std::set_difference(ownRows.begin(), ownRows.end(), sparkRows.begin(), sparkRows.end(),
                                    std::back_inserter(onlyOwn));
                std::string d = "emitted rows differ (" + std::to_string(sparkRows.size()) + " in Spark, "
                    + std::to_string(ownRows.size()) + " in StreamStep)";
                for (const std::string &r : onlySpark)
                    d += "\n        only in Spark:      " + r;
                for (const std::string &r : onlyOwn)
                    d += "\n        only in StreamStep: " + r;
                here.push_back(d);
            }
        }
        if (here.empty() && b < common)
            continue;
        std::string d = "batch " + std::to_string(b) + ":";
        for (const std::string &h : here)
            d += "\n    " + h;
        d += "\n    Spark:      " + (b < spark.batchLines.size() ? spark.batchLines[b] : std::string("(none)"));
        d += "\n    StreamStep: " + (b < own.batchLines.size() ? own.batchLines[b] : std::string("(none)"));
        differences.push_back(d);
    }
    return differences;
}

} // namespace streamstep::testing
