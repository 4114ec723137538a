// Reading a number out of a JSON file a stranger may have written (a checkpoint, a sink's manifest).
#pragma once

#include <nlohmann/json.hpp>

#include <type_traits>

namespace streamstep {

// value.get<T>(), except that an integral T needs a whole number: nlohmann casts a fraction such
// as 1.8e119 to int64 (undefined behaviour out of range; UBSan in fuzz_checkpoint and
// fuzz_sink_reader). Throws nlohmann's type_error like get<T>() does for a wrong type.
template <typename T>
T wholeNumberSafeGet(const nlohmann::json &value)
{
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
        if (!value.is_number_integer())
            throw nlohmann::json::type_error::create(302, "not a whole number", &value);
    return value.get<T>();
}

} // namespace streamstep
