// The bound, typed expression tree the binder produces: every implicit coercion Spark's analyzer
// would insert is an explicit Cast node here, so evaluation never has to guess types and
// the operands of each node already have the types Spark would give them.
#pragma once

#include "expr/expression.h"
#include "expr/runtime_errors.h"
#include "streamstep/interval.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace streamstep::expr {

enum class ExprOp {
    ColumnRef,
    WindowField, // window.start / window.end of a window struct
    Literal,
    Cast,
    Add,
    Subtract,
    Multiply,
    Divide,
    Remainder,
    Negate,
    Equal,
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
    NullSafeEqual,
    And,
    Or,
    Not,
    IsNull,
    IsNotNull,
    In,
    Like,
    CaseWhen, // args: when1, then1, …, else (always present; a NULL literal when omitted)
    TimeAdd,  // args[0] timestamp; interval (negated for `-`)
    Function, // a registry function (function_registry.h): `function` holds its kernel
};

class ExprNode;
using NodePtr = std::shared_ptr<const ExprNode>;
struct FunctionDefinition;
class ArgumentColumns;

class ExprNode final : public BoundExpr {
public:
    Column evaluate(const ColumnBatch &batch, const EvalContext &context) const override;

    ExprOp op = ExprOp::Literal;
    std::vector<NodePtr> args;
    Value literal;          // Literal
    int index = -1;         // ColumnRef, WindowField (the struct column)
    bool windowEnd = false; // WindowField: end instead of start
    Interval interval;      // TimeAdd
    const FunctionDefinition *function = nullptr; // Function: its registry entry (static lifetime)
    EvalMode evalMode = EvalMode::Legacy; // Add … Remainder, Negate, Cast: overflow, division by zero, malformed input
    // Spark's Origin of the node: the span of the expression text it was bound from (an implicit
    // cast has the span of the operator that needed it), for the "== SQL ==" excerpt of an ANSI
    // error. begin < 0: not set yet (the binder sets it as it finishes each AST node).
    QueryContext queryContext;
    // Cast: inserted by the binder's coercion rules rather than written (toSql omits it, as the
    // binder inserts it again when the printed text is bound).
    bool implicitCast = false;
    // Literal folded from an implicit cast of a literal: the literal as written, with its type
    // (toSql prints it).
    struct WrittenLiteral {
        Value value;
        DataType type;
    };
    std::optional<WrittenLiteral> writtenLiteral;

    bool isLiteral() const { return op == ExprOp::Literal; }

private:
    // Spark's lazy branches under ANSI (AND, OR, CASE WHEN, coalesce evaluate an argument only
    // for the rows that need it): after a whole-column pass failed, each argument again over just
    // its rows, so an error in a row the branch does not take does not fail the batch.
    [[gnu::noinline]] Column evaluateBranchesLazily(const ColumnBatch &batch, const EvalContext &context) const;
    // The node's kernel over its evaluated arguments.
    [[gnu::noinline]] Column compute(const ArgumentColumns &in, const EvalContext &context, size_t rows) const;
};

// Builds a node of `type` over `args`, collecting referencedColumns and determinism.
std::shared_ptr<ExprNode> makeNode(ExprOp op, DataType type, std::vector<NodePtr> args = {});
NodePtr makeLiteral(const Value &value, DataType type);
NodePtr makeColumnRef(int index, DataType type);
// Returns `node` itself when it already has `type`; folds casts of literals. An implicit cast is
// one of the binder's coercions (Spark's analyzer inserts it; the printed SQL leaves it out), an
// explicit one is part of what the expression means (CAST(x AS T), to_timestamp(x)). Under
// EvalMode::Ansi a literal whose cast fails stays a Cast node (Spark's ConstantFolding leaves an
// expression that throws unfolded): the error comes at run time, for a batch with rows.
enum class CastKind { Implicit, Explicit };
NodePtr castTo(const NodePtr &node, const DataType &type, CastKind kind = CastKind::Implicit,
               EvalMode mode = EvalMode::Legacy);

// Filter fast path for the most common condition, a comparison (=, <, <=, >, >=, <=>) of a
// column with a literal (`amount > 100000.00`): clears keep[r] for every row r of the batch
// where the comparison is not TRUE, reading the column array directly instead of building a
// boolean column, and returns true. Returns false, leaving keep untouched, for any other
// condition. Gives exactly what evaluate() then "NULL or FALSE drops the row" gives.
bool narrowByComparison(const BoundExpr &condition, const ColumnBatch &batch, std::vector<uint8_t> &keep);

} // namespace streamstep::expr
