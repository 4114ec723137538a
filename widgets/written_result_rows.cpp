#include "written_result_rows.h"

#include <functional>
#include <unordered_map>

namespace streamstep {

namespace {

size_t mix(size_t seed, size_t value)
{
    return seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

size_t rowHash(const ColumnBatch &batch, size_t row)
{
    size_t h = 0;
    for (const Column &c : batch.columns) {
        if (c.isNull(row)) {
            h = mix(h, 0x5bd1e995);
            continue;
        }
        switch (c.type().kind) {
        case TypeKind::String: h = mix(h, std::hash<std::string>()(c.strings[row])); break;
        case TypeKind::Double: h = mix(h, std::hash<double>()(c.doubles[row])); break;
        case TypeKind::Decimal: {
            const auto value = static_cast<unsigned __int128>(c.decimals[row]);
            h = mix(mix(h, size_t(uint64_t(value))), size_t(uint64_t(value >> 64)));
            break;
        }
        case TypeKind::Window: h = mix(mix(h, size_t(c.ints[row])), size_t(c.ends[row])); break;
        default:
            h = mix(h, c.ints.empty() ? 0 : size_t(c.ints[row]));
            break;
        }
    }
    return h;
}

} // namespace

std::vector<bool> writtenResultRows(const BatchReport &report)
{
    const ColumnBatch &result = report.resultTable;
    const ColumnBatch &emitted = report.emitted;
    std::vector<bool> written(result.numRows, false);
    if (!report.hasResultTable || result.numRows == 0 || emitted.numRows == 0
        || result.columns.size() != emitted.columns.size())
        return written;
    for (size_t c = 0; c < result.columns.size(); ++c) {
        if (!(result.columns[c].type() == emitted.columns[c].type()))
            return written;
    }
    std::unordered_multimap<size_t, size_t> byHash;
    byHash.reserve(emitted.numRows);
    for (size_t row = 0; row < emitted.numRows; ++row)
        byHash.emplace(rowHash(emitted, row), row);
    for (size_t row = 0; row < result.numRows; ++row) {
        const auto [first, last] = byHash.equal_range(rowHash(result, row));
        for (auto it = first; it != last && !written[row]; ++it) {
            bool equal = true;
            for (size_t c = 0; c < result.columns.size() && equal; ++c)
                equal = result.columns[c].get(row) == emitted.columns[c].get(it->second);
            written[row] = equal;
        }
    }
    return written;
}

} // namespace streamstep
