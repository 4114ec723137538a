// Reads a sink's options (DataStreamWriter.option) the way every part of the engine must agree
// on: names are case-insensitive, as in Spark's CaseInsensitiveStringMap. Used by the sinks
// themselves and by the sink image, so both see the same path, table and key.
#pragma once

#include "streamstep/scenario.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace streamstep {

// The option's value, or null when the sink has no such option. `name` is lower case.
const nlohmann::json *findSinkOption(const SinkSpec &sink, const std::string &name);
// A string option ("" when missing). Throws Error(Analysis) for a value that is not a string.
std::string stringSinkOption(const SinkSpec &sink, const std::string &name);
// The csv `header` option: true/false or "true"/"false" (default false). Throws
// Error(Analysis) for anything else.
bool headerSinkOption(const SinkSpec &sink);
// The sqlite `key` option: a list of column names or one comma-separated string. Throws
// Error(Analysis) for anything else.
std::vector<std::string> keySinkOption(const SinkSpec &sink);

} // namespace streamstep
