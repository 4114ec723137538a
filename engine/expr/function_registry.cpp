#include "expr/function_registry.h"

#include "expr/name_suggestion.h"
#include "expr/type_coercion.h"

#include <algorithm>
#include <stdexcept>

namespace streamstep::expr {

std::vector<Value> FunctionDefinition::defaultsAfter(size_t numArgs) const
{
    if (maxArgs == kVariadic || numArgs >= maxArgs || numArgs + trailingDefaults.size() < maxArgs)
        return {};
    return {trailingDefaults.end() - static_cast<std::ptrdiff_t>(maxArgs - numArgs), trailingDefaults.end()};
}

const FunctionRegistry &FunctionRegistry::builtin()
{
    static const FunctionRegistry registry = [] {
        FunctionRegistry r;
        registerStringFunctions(r);
        registerMathFunctions(r);
        registerConditionalFunctions(r);
        registerDatetimeFunctions(r);
        registerAggregateFunctions(r);
        registerWindowFunctions(r);
        return r;
    }();
    return registry;
}

void FunctionRegistry::add(FunctionDefinition definition)
{
    if (definition.kind == FunctionKind::Scalar && (!definition.bind || !definition.kernel))
        throw std::logic_error("scalar function " + definition.name + " needs a bind rule and a kernel");
    if (definition.trailingDefaults.size() > definition.maxArgs - definition.minArgs
        && definition.maxArgs != kVariadic)
        throw std::logic_error("function " + definition.name + " has more defaults than optional parameters");
    auto owned = std::make_unique<FunctionDefinition>(std::move(definition));
    std::vector<std::string> names = owned->aliases;
    names.insert(names.begin(), owned->name);
    for (const std::string &name : names)
        if (!m_byName.emplace(name, owned.get()).second)
            throw std::logic_error("function name registered twice: " + name);
    m_functions.push_back(std::move(owned));
}

const FunctionDefinition *FunctionRegistry::find(std::string_view name) const
{
    auto it = m_byName.find(std::string(name));
    return it == m_byName.end() ? nullptr : it->second;
}

std::optional<std::string> FunctionRegistry::closestName(std::string_view name) const
{
    std::vector<std::string> names;
    for (const auto &f : m_functions) {
        names.push_back(f->name);
        names.insert(names.end(), f->aliases.begin(), f->aliases.end());
    }
    return expr::closestName(name, names);
}

std::vector<const FunctionDefinition *> FunctionRegistry::functions() const
{
    std::vector<const FunctionDefinition *> out;
    for (const auto &f : m_functions)
        out.push_back(f.get());
    return out;
}

FunctionCall::FunctionCall(const AstNode &ast, const FunctionDefinition &function, std::vector<NodePtr> args,
                           EvalMode mode)
    : m_ast(ast), m_function(function), m_args(std::move(args)), m_mode(mode)
{
    for (const Value &v : function.defaultsAfter(m_args.size()))
        m_args.push_back(makeLiteral(v, v.type()));
}

const AstNode &FunctionCall::argAst(size_t i) const
{
    return written(i) ? *m_ast.children[i] : m_ast;
}

NodePtr FunctionCall::stringArg(size_t i) const { return typedArg(i, DataType::string()); }

NodePtr FunctionCall::typedArg(size_t i, const DataType &type) const
{
    if (!implicitCastTarget(m_args[i]->type, type))
        unexpectedInput(i, quotedType(type));
    return castTo(m_args[i], type, CastKind::Implicit, m_mode);
}

NodePtr FunctionCall::numericArg(size_t i) const
{
    NodePtr a = m_args[i];
    if (a->type.kind == TypeKind::String || a->type.kind == TypeKind::Null)
        a = castTo(a, DataType::float64(), CastKind::Implicit, m_mode);
    if (!a->type.isNumeric())
        unexpectedInput(i, "\"NUMERIC\"");
    return a;
}

void FunctionCall::unexpectedInput(size_t i, const std::string &required) const
{
    throwUnexpectedInputType(m_ast, i + 1, required, argAst(i), m_args[i]->type);
}

void FunctionCall::mismatch(const std::string &subclass, const std::string &detail) const
{
    throwDataTypeMismatch(m_ast, subclass, detail);
}

std::shared_ptr<ExprNode> FunctionCall::make(const DataType &type, std::vector<NodePtr> args) const
{
    auto node = makeNode(ExprOp::Function, type, std::move(args));
    node->function = &m_function;
    return node;
}

} // namespace streamstep::expr
