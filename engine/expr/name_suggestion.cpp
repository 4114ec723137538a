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

std::vector<std::string> sparkSuggestionOrder(std::string_view sqlName, const std::vector<std::string> &candidates)
{
    const std::string base(sqlName);
    std::vector<std::pair<size_t, std::string>> ranked;
    for (const std::string &candidate : candidates) {
        std::string quoted = "`";
        for (char c : candidate)
            quoted += c == '`' ? std::string("``") : std::string(1, c);
        ranked.emplace_back(editDistance(quoted + "`", base), candidate);
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    std::vector<std::string> out;
    for (auto &r : ranked)
        out.push_back(std::move(r.second));
    return out;
}

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
