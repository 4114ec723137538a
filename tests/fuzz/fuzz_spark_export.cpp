// Fuzzes the Spark code export (`streamstep-cli export`) on every fuzzed scenario that reads:
// the program text for PySpark, Scala and Java, with and without replay, for both Spark
// versions. Options it cannot map must be an Error.
#include "fuzz_support.h"
#include "streamstep/spark_export.h"

#include <cstdint>
#include <string>

using namespace streamstep;

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    fuzz::limitGeneratedRows(); // a mutated "generate" of 10,000,000 rows is a timeout, not a find
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Scenario scenario;
    try {
        scenario = parseScenario(std::string(reinterpret_cast<const char *>(data), size), "fuzz.scenario.json");
    } catch (const Error &) {
        return 0;
    }
    for (const SparkLanguage language : {SparkLanguage::PySpark, SparkLanguage::Scala, SparkLanguage::Java})
        for (const bool replay : {false, true}) {
            SparkExportOptions options;
            options.language = language;
            options.replay = replay;
            options.sparkVersion = replay && language == SparkLanguage::Java ? "4.2" : "3.5";
            try {
                (void)exportSparkProgram(scenario, options);
            } catch (const Error &) {
            }
        }
    return 0;
}
