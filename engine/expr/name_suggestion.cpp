#include "expr/name_suggestion.h"

#include "types/text.h"

#include <algorithm>
#include <limits>

namespace streamstep::expr {

namespace {

size_t editDistance(const std::string &a, const std::string &b)
{
    std::vector<size_t> prev(b.size() + 1);
    std::vector<size_t> cur(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        prev[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

} // namespace

std::optional<std::string> closestName(std::string_view name, const std::vector<std::string> &candidates)
{
    const std::string lowered = asciiLowerCase(name);
    size_t best = std::numeric_limits<size_t>::max();
    const std::string *bestName = nullptr;
    for (const std::string &candidate : candidates) {
        const size_t d = editDistance(lowered, asciiLowerCase(candidate));
        if (d < best) {
            best = d;
            bestName = &candidate;
        }
    }
    if (!bestName || bestName->empty() || best > std::max<size_t>(2, lowered.size() / 3))
        return std::nullopt;
    return *bestName;
}

} // namespace streamstep::expr
