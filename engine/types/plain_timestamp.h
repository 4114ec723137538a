// The common timestamp shape on its own, for readers of big files (parseTimestamp's fast path).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace streamstep {

// parseTimestamp for exactly "YYYY-MM-DD HH:MM:SS[.f…]" (or with 'T'; 19 characters, or 21 to 26
// with a fraction of 1 to 6 digits), without trimming: true with the microseconds, or with
// nullopt for an impossible date or time; false for any other text.
bool parsePlainTimestamp(std::string_view text, std::optional<int64_t> &micros);

} // namespace streamstep
