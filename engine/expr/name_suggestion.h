// Picks the "did you mean" candidate for a mistyped name (columns, functions): the closest by edit
// distance, ignoring ASCII case, when it is close enough to be a typo.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace streamstep::expr {

// The first candidate at the smallest edit distance from `name`, if that distance is at most
// max(2, length of name / 3); nullopt otherwise.
std::optional<std::string> closestName(std::string_view name, const std::vector<std::string> &candidates);

// Spark's StringUtils.orderSuggestedIdentifiersBySimilarity for unqualified columns: the candidates
// sorted (stably) by the case-sensitive Levenshtein distance of `sqlName` (the unresolved
// attribute's sql) to each candidate in backticks. Spark breaks ties by the order of its
// AttributeSet, a hash set of expression ids that depend on the whole JVM's history; StreamStep
// keeps the input order there (tests/spark/KNOWN_DIFFERENCES.md).
std::vector<std::string> sparkSuggestionOrder(std::string_view sqlName, const std::vector<std::string> &candidates);

} // namespace streamstep::expr
