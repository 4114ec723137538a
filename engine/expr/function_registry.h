// Spark's built-in functions by name, in one table (Spark's FunctionRegistry, DuckDB's
// `set.AddFunction`): each entry has its name and aliases, its arity, a bind rule that coerces
// the arguments and gives the result type (the Spark 3.5 non-ANSI rules of that function), and
// the kernel that evaluates it over whole columns. One file per family (functions/*.cpp) fills
// the table; the binder looks names up here and nowhere else.
#pragma once

#include "expr/analysis_errors.h"
#include "expr/expr_node.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace streamstep::expr {

class ArgumentColumns;
class FunctionCall;

// Coerces the call's arguments and builds its bound node: usually call.make(type, args), or an
// equivalent rewrite (to_timestamp(x) is a cast, concat() the literal '').
using BindRule = NodePtr (*)(const FunctionCall &call);
// Evaluates a bound call over a batch into `out`: Column::zeros(node.type, rows), non-null zeros.
using ScalarKernel = void (*)(const ExprNode &node, const ArgumentColumns &args, const EvalContext &context,
                              Column &out);

enum class FunctionKind {
    Scalar,    // bound by its rule, evaluated by its kernel
    Aggregate, // count, sum, …: bound by the binder inside groupBy aggs (AggregateKind)
    Planner,   // window(), session_window(): the planner turns them into plan nodes
};

struct FunctionDefinition {
    std::string name = {};            // Spark's name, lower case; what toSql prints
    std::vector<std::string> aliases = {}; // further names, lower case (ucase, substr, now, …)
    FunctionKind kind = FunctionKind::Scalar;
    size_t minArgs = 0;
    size_t maxArgs = 0; // kVariadic: no upper bound
    // Spark's default values of the trailing parameters (round's scale 0, substring's length
    // Int.MaxValue): the binder fills them in, and they are part of Spark's column names.
    std::vector<Value> trailingDefaults = {};
    BindRule bind = nullptr;       // Scalar
    ScalarKernel kernel = nullptr; // Scalar
    AggregateKind aggregate = AggregateKind::Count; // Aggregate

    // The defaults for a call with `numArgs` arguments, in order (empty when none apply).
    std::vector<Value> defaultsAfter(size_t numArgs) const;
};

class FunctionRegistry {
public:
    // The built-in functions (every family registered once, on first use; thread-safe).
    static const FunctionRegistry &builtin();

    // Adds a function under its name and aliases (all lower case, not registered before).
    void add(FunctionDefinition definition);
    // The function named `name` (lower case) or one of its aliases; null when unknown.
    const FunctionDefinition *find(std::string_view name) const;
    // The registered name or alias closest to a mistyped `name` by edit distance, when it is
    // close enough to be what was meant (for "did you mean").
    std::optional<std::string> closestName(std::string_view name) const;
    // Every registered function, in registration order.
    std::vector<const FunctionDefinition *> functions() const;

private:
    std::vector<std::unique_ptr<FunctionDefinition>> m_functions; // stable addresses for ExprNode
    std::unordered_map<std::string, const FunctionDefinition *> m_byName;
};

// One call being bound: the call as written (for positions and Spark's texts), its bound
// arguments, and Spark's implicit coercions of an argument to the type a parameter expects.
class FunctionCall {
public:
    FunctionCall(const AstNode &ast, const FunctionDefinition &function, std::vector<NodePtr> args,
                 EvalMode mode = EvalMode::Legacy);

    const AstNode &ast() const { return m_ast; }
    const FunctionDefinition &function() const { return m_function; }
    size_t numArgs() const { return m_args.size(); }
    // Argument i: as bound, with trailing defaults filled in (see FunctionDefinition).
    const NodePtr &arg(size_t i) const { return m_args[i]; }
    const std::vector<NodePtr> &args() const { return m_args; }
    // The evaluation mode of the query (its implicit casts fail on malformed input under Ansi).
    EvalMode mode() const { return m_mode; }
    // Whether argument i was written (not a filled-in default).
    bool written(size_t i) const { return i < m_ast.children.size(); }
    // The argument as written (the call itself for a filled-in default, as Spark's messages
    // then point at the call).
    const AstNode &argAst(size_t i) const;

    // Spark's ImplicitTypeCasts for a parameter of type STRING: atomic types are cast, anything
    // else is DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE for parameter i + 1.
    NodePtr stringArg(size_t i) const;
    // The same for a parameter of a concrete type (INT, TIMESTAMP, …).
    NodePtr typedArg(size_t i, const DataType &type) const;
    // A NUMERIC parameter: strings and NULL become DOUBLE (Spark's implicit cast to the default
    // numeric type), other numbers stay as they are.
    NodePtr numericArg(size_t i) const;
    [[noreturn]] void unexpectedInput(size_t i, const std::string &required) const;
    [[noreturn]] void mismatch(const std::string &subclass, const std::string &detail) const;

    // A node of this function over `args` with result type `type`.
    std::shared_ptr<ExprNode> make(const DataType &type, std::vector<NodePtr> args) const;

private:
    const AstNode &m_ast;
    const FunctionDefinition &m_function;
    std::vector<NodePtr> m_args;
    EvalMode m_mode;
};

// The families, one file each under functions/.
void registerStringFunctions(FunctionRegistry &registry);
void registerMathFunctions(FunctionRegistry &registry);
void registerConditionalFunctions(FunctionRegistry &registry);
void registerDatetimeFunctions(FunctionRegistry &registry);
void registerAggregateFunctions(FunctionRegistry &registry);
void registerWindowFunctions(FunctionRegistry &registry);

} // namespace streamstep::expr
