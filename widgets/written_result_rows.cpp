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
        case TypeKind::String: h = mix(h, std::hash<std::string>()(c.strings()[row])); break;
        case TypeKind::Double: h = mix(h, std::hash<double>()(c.doubles()[row])); break;
        case TypeKind::Decimal: {
            const auto value = static_cast<unsigned __int128>(c.decimals()[row]);
            h = mix(mix(h, size_t(uint64_t(value))), size_t(uint64_t(value >> 64)));
            break;
        }
        case TypeKind::Window: h = mix(mix(h, size_t(c.ints()[row])), size_t(c.ends()[row])); break;
        default:
            h = mix(h, size_t(c.ints()[row])); // Null-typed rows are all NULL (above)
            break;
        }
    }
    return h;
}

bool sameTypes(const ColumnBatch &a, const ColumnBatch &b)
{
    if (a.columns.size() != b.columns.size())
        return false;
    for (size_t c = 0; c < a.columns.size(); ++c) {
        if (!(a.columns[c].type() == b.columns[c].type()))
            return false;
    }
    return true;
}

bool equalRows(const ColumnBatch &a, size_t rowA, const ColumnBatch &b, size_t rowB)
{
    for (size_t c = 0; c < a.columns.size(); ++c) {
        if (!(a.columns[c].get(rowA) == b.columns[c].get(rowB)))
            return false;
    }
    return true;
}

// For each row of `rows`, the first equal row of `table` (-1: none): one hash pass over each.
std::vector<int> equalRowsIn(const ColumnBatch &rows, const ColumnBatch &table)
{
    std::vector<int> out(rows.numRows, -1);
    if (rows.numRows == 0 || table.numRows == 0 || !sameTypes(rows, table))
        return out;
    std::unordered_multimap<size_t, size_t> byHash;
    byHash.reserve(table.numRows);
    for (size_t row = 0; row < table.numRows; ++row)
        byHash.emplace(rowHash(table, row), row);
    for (size_t row = 0; row < rows.numRows; ++row) {
        const auto [first, last] = byHash.equal_range(rowHash(rows, row));
        for (auto it = first; it != last; ++it) {
            if (equalRows(rows, row, table, it->second) && (out[row] < 0 || int(it->second) < out[row]))
                out[row] = int(it->second);
        }
    }
    return out;
}

} // namespace

std::vector<bool> writtenResultRows(const BatchReport &report)
{
    std::vector<bool> written(report.resultTable.numRows, false);
    if (!report.hasResultTable)
        return written;
    const std::vector<int> match = equalRowsIn(report.resultTable, report.emitted);
    for (size_t row = 0; row < match.size(); ++row)
        written[row] = match[row] >= 0;
    return written;
}

std::vector<int> resultRowsOfEmitted(const BatchReport &report)
{
    if (!report.hasResultTable)
        return std::vector<int>(report.emitted.numRows, -1);
    return equalRowsIn(report.emitted, report.resultTable);
}

int equalRowIn(const ColumnBatch &table, const ColumnBatch &rows, size_t row)
{
    if (row >= rows.numRows || !sameTypes(rows, table))
        return -1;
    const size_t hash = rowHash(rows, row);
    for (size_t r = 0; r < table.numRows; ++r) {
        if (rowHash(table, r) == hash && equalRows(rows, row, table, r))
            return int(r);
    }
    return -1;
}

} // namespace streamstep
