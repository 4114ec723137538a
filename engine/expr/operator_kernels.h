// The kernels of the operators that are node kinds of their own (ExprOp) rather than registry
// functions: arithmetic, comparisons, boolean logic, IS NULL, IN, LIKE, CASE WHEN, timestamp +
// interval. Same contract as a function's kernel (function_registry.h): `out` arrives as
// Column::zeros(node.type, rows) and the kernel fills it.
#pragma once

#include "expr/kernel.h"

namespace streamstep::expr {

using OperatorKernel = void (*)(const ExprNode &node, const ArgumentColumns &in, const EvalContext &context,
                                Column &out);

// Spark's arithmetic.scala: Add, Subtract, Multiply, Divide, Remainder (args: two operands of
// the node's type, or two decimals for a decimal result; literals single rows) and UnaryMinus.
void addKernel(const ExprNode &, const ArgumentColumns &, const EvalContext &, Column &);
void subtractKernel(const ExprNode &, const ArgumentColumns &, const EvalContext &, Column &);
void multiplyKernel(const ExprNode &, const ArgumentColumns &, const EvalContext &, Column &);
void divideKernel(const ExprNode &, const ArgumentColumns &, const EvalContext &, Column &);
void remainderKernel(const ExprNode &, const ArgumentColumns &, const EvalContext &, Column &);
void negateKernel(const ExprNode &, const ArgumentColumns &, const EvalContext &, Column &);
// Spark's TimeAdd: timestamp + node.interval (months clamp the day, then days, then micros).
void timeAddKernel(const ExprNode &, const ArgumentColumns &, const EvalContext &, Column &);

// Spark's BinaryComparison (predicates.scala): two operands of the same type; literals single rows.
void comparisonKernel(const ExprNode &, const ArgumentColumns &, const EvalContext &, Column &);
// Spark's In: value, list… all of one type; SQL's NULL rules.
void inKernel(const ExprNode &, const ArgumentColumns &, const EvalContext &, Column &);

// Spark's And, Or (three-valued), Not, IsNull, IsNotNull, Like.
void andKernel(const ExprNode &, const ArgumentColumns &, const EvalContext &, Column &);
void orKernel(const ExprNode &, const ArgumentColumns &, const EvalContext &, Column &);
void notKernel(const ExprNode &, const ArgumentColumns &, const EvalContext &, Column &);
void isNullKernel(const ExprNode &, const ArgumentColumns &, const EvalContext &, Column &);
void isNotNullKernel(const ExprNode &, const ArgumentColumns &, const EvalContext &, Column &);
void likeKernel(const ExprNode &, const ArgumentColumns &, const EvalContext &, Column &);

// Spark's CaseWhen: args when1, then1, …, else (the binder always gives the else).
void caseWhenKernel(const ExprNode &, const ArgumentColumns &, const EvalContext &, Column &);

// The shape in which each operator wants its literal arguments.
LiteralRows literalRowsFor(ExprOp op);

} // namespace streamstep::expr
