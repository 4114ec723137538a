// Spark's analysis error texts for expressions (DATATYPE_MISMATCH.*, WRONG_NUM_ARGS), thrown at
// the 1-based column of the expression they are about, so the query builder can underline it.
#pragma once

#include "expr/expr_node.h"

#include <string>
#include <vector>

namespace streamstep::expr {

// Where the node starts in its expression text (line 1, 1-based column).
TextPosition positionOf(const AstNode &node);
// Spark's toSQLType: "DECIMAL(12,2)" in double quotes.
std::string quotedType(const DataType &type);
// Spark's toSQLId for one name part: always in backticks (inner backticks doubled).
std::string quotedIdentifier(const std::string &part);
// Spark's UnresolvedAttribute.sql: each part quoted only if needed (not [A-Za-z0-9_]+, or all
// digits), joined by dots.
std::string sqlName(const std::vector<std::string> &parts);
// ["INT", "BOOLEAN"], as in Spark's DATA_DIFF_TYPES texts.
std::string joinTypes(const std::vector<NodePtr> &nodes);

// [DATATYPE_MISMATCH.<subclass>] Cannot resolve "<sql of node>" due to data type mismatch: <detail>.
[[noreturn]] void throwDataTypeMismatch(const AstNode &node, const std::string &subclass,
                                        const std::string &detail);
// DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE for the 1-based `parameter` of `node`.
[[noreturn]] void throwUnexpectedInputType(const AstNode &node, size_t parameter, const std::string &required,
                                           const AstNode &argument, const DataType &actual);
// [WRONG_NUM_ARGS.WITHOUT_SUGGESTION] for a call of `node.name` with `min`..`max` parameters
// (max == kVariadic: no upper bound), listing the valid counts as Spark's FunctionRegistry does.
[[noreturn]] void throwWrongNumArgs(const AstNode &node, size_t min, size_t max);

inline constexpr size_t kVariadic = static_cast<size_t>(-1);

} // namespace streamstep::expr
