// What every kernel sees: the evaluated arguments of its node as columns, and the output column
// it fills in place. Column keeps one storage vector per type (column_batch.h); a kernel reads
// and writes the vector of its argument and result types and nothing else.
#pragma once

#include "expr/expr_node.h"

#include <vector>

namespace streamstep::expr {

// Kernels fill a Column::zeros(type, n) in place; Column::repeat makes a literal's column.

// How a literal argument is handed to a kernel: a full column of copies, or one row that the
// kernel reads at row 0 for every row (the arithmetic and comparison kernels).
enum class LiteralRows { Full, Single };

// The evaluated arguments of a node, in order. A plain column reference points into the batch
// instead of being copied.
class ArgumentColumns {
public:
    ArgumentColumns(const std::vector<NodePtr> &args, const ColumnBatch &batch, const EvalContext &context,
                    LiteralRows literals);
    // Arguments evaluated already, as whole columns.
    explicit ArgumentColumns(std::vector<Column> columns);
    ArgumentColumns(const ArgumentColumns &) = delete;
    ArgumentColumns &operator=(const ArgumentColumns &) = delete;

    const Column &operator[](size_t i) const { return *m_columns[i]; }
    size_t size() const { return m_columns.size(); }
    // A single-row literal (LiteralRows::Single): read at row 0.
    bool isScalar(size_t i) const { return m_scalar[i] != 0; }

    const Column *const *begin() const { return m_columns.data(); }
    const Column *const *end() const { return m_columns.data() + m_columns.size(); }

private:
    std::vector<Column> m_owned; // reserved up front: m_columns points into it
    std::vector<const Column *> m_columns;
    std::vector<uint8_t> m_scalar;
};

} // namespace streamstep::expr
