// Rewrites of bound expression trees that the optimizer needs: moving a filter below the node
// that produced its columns means expressing it in that node's input columns.
#pragma once

#include "expr/expression.h"

#include <vector>

namespace streamstep {

// Returns `expression` with every reference to column i replaced by definitions[i] (an
// expression over the schema below). A struct field read (`window.start`) survives only when its
// definition is a plain column reference; otherwise, and for trees the rewrite does not know,
// returns null (the filter then stays where it is).
expr::BoundExprPtr substituteColumns(const expr::BoundExprPtr &expression,
                                     const std::vector<expr::BoundExprPtr> &definitions);

// Whether the bound expression reads column `column` of its schema.
bool referencesColumn(const expr::BoundExpr &expression, int column);

} // namespace streamstep
