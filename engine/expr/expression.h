// Expressions: the Spark SQL subset of the scenario contract. Parsing keeps source positions
// (so the query builder can underline errors), binding resolves names and types against a
// Schema with Spark 3.5's non-ANSI coercion rules (or Spark 4's ANSI ones, EvalMode::Ansi), and
// evaluation runs over whole columns.
#pragma once

#include "expr/runtime_errors.h"
#include "streamstep/column_batch.h"
#include "streamstep/error.h"
#include "streamstep/spark_version.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace streamstep::expr {

struct AstNode;
using AstPtr = std::shared_ptr<AstNode>;

struct AstNode {
    enum class Kind {
        Column,      // nameParts: {"amount"} or {"window", "start"} (struct field access)
        Literal,     // literal (typed Value; NULL literal has type Null)
        Star,        // the * in count(*)
        Unary,       // op: "-", "NOT"
        Binary,      // op: "+","-","*","/","%","=","==","!=","<>","<","<=",">",">=","AND","OR"
        Function,    // name lower-cased; distinct for count(DISTINCT x); children = arguments
        Case,        // children: [when1, then1, when2, then2, ..., else?]; hasElse
        Cast,        // children[0]; castType
        In,          // children[0] IN (children[1..]); negated for NOT IN
        Between,     // children: value, low, high; negated for NOT BETWEEN
        Like,        // children: value, pattern; negated for NOT LIKE
        IsNull,      // children[0]; negated for IS NOT NULL
        Interval,    // INTERVAL 5 MINUTES literal: interval text in `name` ("5 minutes")
    };
    Kind kind = Kind::Literal;
    std::string op;                     // Unary/Binary operator, upper-cased for AND/OR/NOT
    std::string name;                   // Function name (lower-cased), Interval text
    std::vector<std::string> nameParts; // Column
    Value literal;                      // Literal
    DataType castType;                  // Cast
    bool negated = false;
    bool distinct = false;
    bool hasElse = false;
    std::vector<AstPtr> children;
    int begin = 0; // 0-based offset of the node's first character in the expression text
    int end = 0;   // 0-based offset one past its last character
};

// `expr [AS name]` as used in select, groupBy keys and aggs.
struct NamedAst {
    AstPtr expr;
    std::optional<std::string> alias;
};

// How deeply an expression may nest: levels of operators, calls and parentheses from the top to
// its deepest leaf (`a + b` has 2, `(a + b) * 2` has 4). Deeper expressions are rejected by the
// parser, so the binder, the evaluator and the printers, which recurse over the tree, never see
// one (issue 13: lesson files from strangers must not crash the engine).
inline constexpr int kMaxExpressionDepth = 1000;

// Parses an expression; throws Error(ErrorKind::Analysis, "syntax error: …", column) with the
// 1-based column of the offending token, or "expression nested deeper than 1000 levels" at the
// column where the nesting crossed kMaxExpressionDepth.
AstPtr parseExpression(std::string_view text);
// Parses `expr [AS name]` (also `expr name` without AS is not accepted: Spark selectExpr needs AS
// or a plain identifier).
NamedAst parseNamedExpression(std::string_view text);

// Spark's automatic column name for an unaliased expression: `amount`, `sum(amount)`,
// `count(1)` for count(*), `(amount * 2)`, `upper(accountId)`, `CAST(x AS STRING)`; a column
// reference gives its own (last) name part as written.
std::string defaultName(const AstNode &node);

// Spark's EvalMode for arithmetic: Legacy is Spark 3.5's default (spark.sql.ansi.enabled=false):
// integer overflow wraps, division by zero and decimal overflow give NULL. Ansi (the default of
// Spark 4, the 4.2 profile) raises errors instead and coerces strings differently. The binder
// receives it and puts it on the nodes, the kernels are chosen by it.
enum class EvalMode { Legacy, Ansi };

struct BindOptions {
    // Legacy: Spark 3.5's default. Ansi: spark.sql.ansi.enabled=true (the 4.2 profile's default):
    // AnsiStringPromotionTypeCoercion, and kernels that fail the batch with Spark's error texts.
    EvalMode mode = EvalMode::Legacy;
    // The expression's text as written and where in the query it is, for the "== SQL ==" excerpt
    // and the located message of a runtime error (none: errors without an excerpt).
    std::shared_ptr<const ExpressionSource> source;
    // Whose wording Spark's own error texts take (UNRESOLVED_COLUMN differs between 3.5 and 4.x).
    SparkVersion version = SparkVersion::Spark35;
};

struct EvalContext {
    int64_t currentTimestampMicros = 0; // current_timestamp(): the trigger's processing time
};

class BoundExpr {
public:
    virtual ~BoundExpr() = default;
    // Evaluates over all rows of the batch (whose schema is the one the expression was bound to).
    virtual Column evaluate(const ColumnBatch &batch, const EvalContext &context) const = 0;

    DataType type;
    bool deterministic = true;       // false for non-deterministic functions, and for current_timestamp() (Spark's CurrentBatchTimestamp)
    std::vector<int> referencedColumns; // indices into the bound schema, sorted, unique
    std::optional<int> columnIndex;  // set when the expression is a plain column reference
};
using BoundExprPtr = std::shared_ptr<const BoundExpr>;

// Resolves names (case-insensitive), checks and coerces types like Spark 3.5 (non-ANSI; under
// options.mode Ansi with AnsiStringPromotionTypeCoercion, and nodes that fail at run time) and
// returns an evaluable expression. Throws Error(ErrorKind::Analysis, message, column), e.g.
// "unknown column 'amout' (did you mean 'amount'?)" at the column's 1-based position,
// "unknown function 'sqrtt'", or Spark's data-type-mismatch text. Aggregate functions are
// rejected here ("aggregate function sum is only allowed in groupBy aggs").
BoundExprPtr bind(const AstNode &node, const Schema &schema, const BindOptions &options = {});

// Prints a bound expression as Spark SQL text, for explain(), "why" explanations ("filtered:
// amount > 100000.00 is false") and the export to Spark code: column names from `input` (the
// schema the expression was bound to), backquoted where Spark needs it; literals in Spark syntax
// (100000.00, 5L, 1.5D, 'it\'s', TIMESTAMP '2026-03-01 10:00:00', CAST(NULL AS INT)); parentheses
// only where precedence needs them, and <>, NOT IN, NOT LIKE, BETWEEN as written, so the text
// nests no deeper than the expression did. Casts the binder inserted are left out (binding the
// text inserts them again), casts that were written are kept. Parsing and binding the text
// against `input` gives the same type and the same values; Spark's expr() reads it the same way
// (with spark.sql.session.timeZone=UTC, as the engine's timestamps are UTC).
std::string toSql(const BoundExpr &expression, const Schema &input);

// The output field of a named expression: its name (alias or defaultName) and type, and the
// watermark marker when the expression is a plain reference to a marked column (Spark's Alias
// inherits the metadata of a NamedExpression child).
Field outputField(const NamedAst &named, const BoundExpr &bound, const Schema &schema);

enum class AggregateKind { Count, Sum, Avg, Min, Max, First, Last };

struct AggregateCall {
    AggregateKind kind = AggregateKind::Count;
    BoundExprPtr argument; // null for count(*)
    bool distinct = false; // count(DISTINCT x) etc. (rejected for streaming by the checker)
    bool ignoreNulls = false; // first(x, true) / last(x, true)
    DataType resultType;   // Spark's result type (sum of decimal(p,s) -> decimal(p+10,s), …)
    EvalMode evalMode = EvalMode::Legacy; // Ansi: a decimal sum that overflows fails (try_sum)
    QueryContext queryContext;            // the call's span, for Spark's "== SQL ==" excerpt
};

// An aggregate output expression, e.g. `sum(amount) AS total` or `sum(a) / count(*)`.
struct BoundAggregate {
    std::vector<AggregateCall> calls; // the aggregate calls it contains, in order
    // Evaluated after aggregation over a batch whose schema is: the grouping key columns
    // (the `keys` schema given to bindAggregate), then one column per call (named "_agg0", …).
    BoundExprPtr result;
    Field field; // output name (alias or defaultName) and type
};

// Binds one entry of groupBy's `aggs`. Column references outside aggregate calls must name a
// grouping key (else Spark's "expression 'x' is neither present in the group by, nor is it an
// aggregate function"). Nested aggregates are an error.
BoundAggregate bindAggregate(const NamedAst &named, const Schema &input, const Schema &keys,
                             const BindOptions &options = {});

// Per-group running state of one AggregateCall. Plain data: copyable, no heap for numbers.
struct AggregateState {
    Int128 sum = 0;      // integral/decimal sums (unscaled at the input scale)
    double doubleSum = 0;
    int64_t count = 0;   // rows (count) or non-null inputs (sum/avg)
    bool isSet = false;  // min/max/first/last have a value (or first/last saw a row)
    bool overflow = false; // decimal sum overflowed decimal(38): result NULL (Spark non-ANSI)
    Value value;         // min/max/first/last
};

// Folds row `row` of the evaluated argument column (ignored for count(*)) into the state,
// with Spark's null rules (aggregates skip nulls; count(*) counts rows; first/last keep nulls:
// ignoreNulls = false).
void updateAggregate(const AggregateCall &call, AggregateState &state, const Column *argument,
                     size_t row);
// Combines the state of a later partial aggregate into `into` (Spark's mergeExpressions, used
// when session windows merge): counts and sums add, min/max compare, first keeps `into` when it
// is set, last takes `later` when it is set.
void mergeAggregate(const AggregateCall &call, AggregateState &into, const AggregateState &later);
// The aggregate's value for the state (Spark's evaluateExpression): count -> long, sum of no
// non-null input -> NULL, avg -> sum / count with Spark's result type and rounding, …
Value aggregateResult(const AggregateCall &call, const AggregateState &state);

} // namespace streamstep::expr
