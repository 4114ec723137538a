// Names the Spark release whose defaults and messages a lesson follows (format §4.1), in a header
// of its own so the expression binder can word errors per version without the scenario types.
#pragma once

#include <string>

namespace streamstep {

enum class SparkVersion { Spark35, Spark42 };
std::string sparkVersionName(SparkVersion version); // "3.5", "4.2"

} // namespace streamstep
