// Rewrites of unbound expression trees that the planner needs before binding: extracting
// window() calls, splitting conjunctions, and their text.
#pragma once

#include "expr/expression.h"

#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace streamstep {

// Returns a copy of `ast` where every node for which `replace` returns non-null is replaced
// (pre-order: a replaced node's children are not visited).
expr::AstPtr rewriteAst(const expr::AstPtr &ast,
                        const std::function<expr::AstPtr(const expr::AstNode &)> &replace);

// Splits `a AND b AND c` into its conjuncts (Spark: splitConjunctivePredicates).
std::vector<expr::AstPtr> splitConjuncts(const expr::AstPtr &ast);

// A canonical SQL text of the tree (for messages, explain() and comparing window() calls).
std::string astToText(const expr::AstNode &ast);

} // namespace streamstep
