// Renders parsed expressions back to text the way Spark does: the automatic column name
// (toPrettySQL: literals bare, implicit casts hidden) and Expression.sql as quoted in Spark's
// "Cannot resolve ..." messages (string literals quoted, typed literal suffixes).
#pragma once

#include "expr/expression.h"

#include <string>

namespace streamstep::expr {

// defaultName, with column references spelled as in `schema` when they resolve there (Spark
// names a resolved attribute by its schema name), or as written when schema is null.
std::string prettyName(const AstNode &node, const Schema *schema);
// Spark's Expression.sql of the unresolved expression (for error messages).
std::string sqlText(const AstNode &node);
// Spark's DataType.sql: INT, BIGINT, DOUBLE, DECIMAL(12,2), STRING, TIMESTAMP, BOOLEAN, VOID.
std::string sqlTypeName(const DataType &type);

} // namespace streamstep::expr
