// Spark's ANSI runtime errors (EvalMode.ANSI): what a kernel throws when a row overflows, divides
// by zero or does not parse, in Spark's exact words (QueryExecutionErrors, error-conditions.json)
// with Spark's SQLQueryContext excerpt of the failing sub-expression, and StreamStep's own
// located line beside it (which expression of the query, what went wrong).
#pragma once

#include "streamstep/error.h"
#include "streamstep/types.h"

#include <memory>
#include <string>

namespace streamstep::expr {

// The expression a bound tree came from: its text as written (Spark's sqlText of the expr()
// string) and where in the query it is ("withColumn expr", "select column 2"), for messages.
struct ExpressionSource {
    std::string text;
    std::string what;
};

// Spark's SQLQueryContext of one node: the span of the expression text Spark's parser gave the
// node (its Origin), or none (a tree bound without its text).
struct QueryContext {
    std::shared_ptr<const ExpressionSource> source;
    int begin = -1; // 0-based offset of the node's first character
    int end = -1;   // 0-based offset one past its last character

    bool isValid() const;
    // SQLQueryContext.summary: "== SQL (line L, position P) ==\n" then the lines of the span
    // (with up to 32 characters of context either side, "..." where cut) each followed by a line
    // of carets under the span; "" when there is no valid span.
    std::string summary() const;
    // The span's text (SQLQueryContext.fragment).
    std::string fragment() const;
};

// The errors, each as Error(ErrorKind::Runtime) with Spark's text (error class, message,
// " SQLSTATE: …", then "\n" and the context's summary when there is one) as sparkMessage() and
// "<what>: <StreamStep's words>" as message().

// [DIVIDE_BY_ZERO] (`/`, `div`) or [REMAINDER_BY_ZERO] (`%`, pmod).
[[noreturn]] void throwDivideByZero(const QueryContext &context, bool remainder);
// [ARITHMETIC_OVERFLOW] <message>. ("overflow", "Overflow in sum of decimals") with the try_
// function that tolerates it ("try_add", "try_subtract", "try_multiply", "try_sum"; "" for none:
// Spark 4.2's negation gives neither a hint nor a query context).
[[noreturn]] void throwArithmeticOverflow(const QueryContext &context, const std::string &message,
                                          const std::string &hint, const std::string &detail);
// [CAST_INVALID_INPUT] for a malformed string `value` cast to `to`.
[[noreturn]] void throwCastInvalidInput(const QueryContext &context, const std::string &value, const DataType &to);
// [CAST_OVERFLOW] for a numeric `value` (Spark's SQL literal of it) of type `from` that does not fit `to`.
[[noreturn]] void throwCastOverflow(const QueryContext &context, const std::string &value, const DataType &from,
                                    const DataType &to);
// [NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION] for a decimal value that does not fit `to`.
[[noreturn]] void throwDecimalOutOfRange(const QueryContext &context, const std::string &value, const DataType &to);

} // namespace streamstep::expr
