// Rewrites of unbound expression trees that the planner needs before binding: extracting
// window() calls, splitting conjunctions and substituting aliases for filter pushdown.
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

// The lower-cased first name part of every column the expression references.
std::set<std::string> referencedNames(const expr::AstNode &ast);

// False when the expression calls a non-deterministic function.
bool isDeterministic(const expr::AstNode &ast);

// Replaces column references by the expressions that define them (name lower-cased -> AST);
// null when a reference has no definition or a struct field of a computed expression is used.
expr::AstPtr substituteColumns(const expr::AstPtr &ast,
                               const std::vector<std::pair<std::string, expr::AstPtr>> &definitions);

// A canonical SQL text of the tree (for messages, explain() and comparing window() calls).
std::string astToText(const expr::AstNode &ast);

} // namespace streamstep
