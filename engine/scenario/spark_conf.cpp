// The Spark configuration of a lesson (format §4.1): the version's defaults, then each "conf"
// entry, parsed as Spark's SQLConf parses it.
#include "streamstep/scenario.h"

#include "scenario/json_document.h"
#include "types/text.h"

#include <algorithm>
#include <array>

namespace streamstep {

namespace {

// Keys Spark accepts that change nothing StreamStep shows (one process, no partitions).
constexpr std::array<std::string_view, 1> kAcceptedWithoutEffect = {"spark.sql.shuffle.partitions"};

constexpr std::array<std::string_view, 5> kKnownKeys = {
    "spark.sql.ansi.enabled", "spark.sql.streaming.noDataMicroBatches.enabled",
    "spark.sql.streaming.multipleWatermarkPolicy",
    "spark.sql.streaming.statefulOperator.checkCorrectness.enabled", "spark.sql.session.timeZone"};

std::string trimmed(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return std::string(text.substr(first, last - first + 1));
}

} // namespace

std::string sparkVersionName(SparkVersion version)
{
    return version == SparkVersion::Spark42 ? "4.2" : "3.5";
}

std::optional<SparkVersion> parseSparkVersion(std::string_view text)
{
    const std::string v = trimmed(text);
    if (v == "3.5" || v.starts_with("3.5."))
        return SparkVersion::Spark35;
    if (v == "4.2" || v.starts_with("4.2."))
        return SparkVersion::Spark42;
    return std::nullopt;
}

std::optional<OutputMode> parseOutputMode(std::string_view text)
{
    if (equalsIgnoreCase(text, "append"))
        return OutputMode::Append;
    if (equalsIgnoreCase(text, "update"))
        return OutputMode::Update;
    if (equalsIgnoreCase(text, "complete"))
        return OutputMode::Complete;
    return std::nullopt;
}

void applyOverrides(Scenario &scenario, const ScenarioOverrides &overrides)
{
    const SparkConf before = sparkConfOf(scenario);
    if (overrides.sparkVersion) {
        scenario.sparkVersion = *overrides.sparkVersion;
        scenario.hasSparkVersion = true;
    }
    scenario.conf.insert(scenario.conf.end(), overrides.conf.begin(), overrides.conf.end());
    if (overrides.outputMode)
        scenario.outputMode = *overrides.outputMode;
    const SparkConf after = sparkConfOf(scenario);
    // Generated rows follow the version and ANSI mode, as the query does.
    if (after.version != before.version || after.ansi != before.ansi)
        computeGeneratedRows(scenario);
}

SparkConf sparkConfOf(const Scenario &scenario)
{
    SparkConf conf;
    conf.version = scenario.sparkVersion;
    conf.ansi = conf.version == SparkVersion::Spark42; // Spark 4: ANSI mode by default
    for (const ConfEntry &entry : scenario.conf) {
        const auto fail = [&](const std::string &message, bool atKey = false) -> void {
            if (!entry.fromCommandLine)
                throw Error(ErrorKind::Scenario,
                            positionedMessage(scenario.fileName, atKey ? entry.keyPosition : entry.position, message));
            throw Error(ErrorKind::Scenario, "--conf " + entry.key + "=" + entry.value + ": " + message);
        };
        // Spark: SQLConf's booleanConf — s.trim.toBoolean, case-insensitive.
        const auto boolean = [&]() {
            const std::string v = asciiLowerCase(trimmed(entry.value));
            if (v != "true" && v != "false")
                fail(entry.key + " should be boolean, but was " + entry.value);
            return v == "true";
        };
        const std::string &key = entry.key;
        if (key == "spark.sql.ansi.enabled") {
            conf.ansi = boolean();
        } else if (key == "spark.sql.streaming.noDataMicroBatches.enabled") {
            conf.noDataMicroBatches = boolean();
        } else if (key == "spark.sql.streaming.statefulOperator.checkCorrectness.enabled") {
            conf.checkCorrectness = boolean();
        } else if (key == "spark.sql.streaming.multipleWatermarkPolicy") {
            // Spark: MultipleWatermarkPolicy.apply, case-insensitive.
            const std::string v = asciiLowerCase(trimmed(entry.value));
            if (v != "min" && v != "max")
                fail("Could not recognize watermark policy '" + entry.value + "'");
            conf.maxWatermarkPolicy = v == "max";
        } else if (key == "spark.sql.session.timeZone") {
            const std::string v = trimmed(entry.value);
            if (!equalsIgnoreCase(v, "UTC") && !equalsIgnoreCase(v, "GMT") && v != "Z" && v != "Etc/UTC"
                && v != "+00:00" && v != "UTC+00:00")
                fail("StreamStep shows timestamps in UTC only; the time zone '" + entry.value
                     + "' is not supported (use UTC)");
            conf.sessionTimeZone = "UTC";
        } else if (key == "spark.sql.shuffle.partitions") {
            const std::string v = trimmed(entry.value);
            if (v.empty() || !std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; })
                || v.size() > 9 || std::stoll(v) <= 0)
                fail("spark.sql.shuffle.partitions should be a positive int, but was " + entry.value);
        } else {
            std::string known;
            for (std::string_view k : kKnownKeys)
                known += std::string(known.empty() ? "" : ", ") + std::string(k);
            for (std::string_view k : kAcceptedWithoutEffect)
                known += ", " + std::string(k) + " (accepted, no effect)";
            fail("unknown Spark configuration key '" + key + "'; StreamStep knows: " + known, true);
        }
    }
    return conf;
}

} // namespace streamstep
