// Writes a scenario's query as a program for Apache Spark (PySpark, Scala or Java), so that a
// lesson runs unchanged on a real cluster and so that real Spark can judge StreamStep
// (shared/scenario-format.md §4.4; docs/running-spark.md says how to run the programs).
#pragma once

#include "streamstep/scenario.h"

#include <optional>
#include <string>
#include <string_view>

namespace streamstep {

enum class SparkLanguage { PySpark, Scala, Java };

// "pyspark", "scala", "java" (case-sensitive, as the CLI spells them); nullopt otherwise.
std::optional<SparkLanguage> parseSparkLanguage(std::string_view name);
// ".py", ".scala", ".java".
std::string sparkLanguageExtension(SparkLanguage language);

struct SparkExportOptions {
    SparkLanguage language = SparkLanguage::PySpark;
    // Replay: feed the scenario's steps one trigger at a time (Java/Scala: MemoryStream; PySpark:
    // one JSON file per step into a source folder) and print one JSON line per executed batch
    // (§3's batchId, step, noData, numInputRows, numRowsDroppedByWatermark, watermark,
    // stateRows, emitted), or {"error": …, "exitCode": 2|3} for a rejected or failed query.
    // Without replay: read a folder of JSON files and write the real sink until stopped.
    bool replay = false;
    // "3.5" or "4.2": decides the API level (MemoryStream moved to
    // org.apache.spark.sql.execution.streaming.runtime in Spark 4.x).
    std::string sparkVersion = "3.5";
    // Java: the public class name (must match the file name); Scala: the object name. Empty:
    // sparkProgramName(scenario file name).
    std::string programName;
};

// The class/object name derived from a scenario file name: "04-windowed-totals-append
// .scenario.json" -> "Scenario04WindowedTotalsAppend" (letters and digits only, each word
// capitalised; a leading digit gets the "Scenario" prefix).
std::string sparkProgramName(const std::string &scenarioFileName);
// True for a name usable as a Java class and Scala object name (ASCII letters, digits, _;
// not starting with a digit; not a Java keyword).
bool isValidSparkProgramName(std::string_view name);

// Returns the program's source text. Throws Error(Analysis) for sink options that cannot be
// mapped (a non-string path, a bad header or key option), with the engine's wording.
std::string exportSparkProgram(const Scenario &scenario, const SparkExportOptions &options);

} // namespace streamstep
