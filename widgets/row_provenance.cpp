#include "row_provenance.h"

#include <algorithm>

namespace streamstep {

InputRowsOfResult inputRowsOf(const Query &query, const std::vector<std::shared_ptr<const BatchReport>> &reports,
                              int target, size_t resultRow)
{
    InputRowsOfResult out;
    if (target < 0 || target >= int(reports.size()))
        return out;
    const BatchReport &result = *reports[size_t(target)];
    for (int b = 0; b <= target; ++b) {
        const BatchReport &r = *reports[size_t(b)];
        if (r.numInputRows > 0 && r.inputFacts.empty()) {
            out.unexplained.push_back(b);
            continue;
        }
        for (size_t row = 0; row < r.inputFacts.size(); ++row) {
            if (contributesTo(query, r.inputFacts[row], result, resultRow))
                out.rows.emplace_back(b, int(row));
        }
    }
    return out;
}

std::vector<int> resultRowsFedBy(const Query &query, const InputRowFacts &facts, const BatchReport &report)
{
    std::vector<int> out;
    if (facts.groups.empty())
        return out;
    for (size_t row = 0; row < report.resultTable.numRows; ++row) {
        if (contributesTo(query, facts, report, row))
            out.push_back(int(row));
    }
    return out;
}

std::vector<int> relinkRows(std::vector<int> &linked, const std::vector<int> &rows, size_t numRows)
{
    std::vector<int> sorted;
    for (int row : rows)
        if (row >= 0 && size_t(row) < numRows)
            sorted.push_back(row);
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    if (sorted == linked)
        return {};
    std::vector<int> changed = linked;
    changed.insert(changed.end(), sorted.begin(), sorted.end());
    linked = std::move(sorted);
    return changed;
}

} // namespace streamstep
