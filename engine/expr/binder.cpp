// Name resolution and Spark 3.5 (non-ANSI) type coercion. The coercion steps follow the order of
// Spark's TypeCoercion rules: InConversion, PromoteStrings, DecimalPrecision, BooleanEquality,
// FunctionArgumentConversion/CaseWhenCoercion, Division, ImplicitTypeCasts. Under ANSI
// (EvalMode::Ansi) strings meeting numbers follow AnsiStringPromotionTypeCoercion instead, and
// every node gets Spark's query context: the span of the AST node it was bound for.
#include "expr/analysis_errors.h"
#include "expr/cast.h"
#include "expr/expr_node.h"
#include "expr/expression_text.h"
#include "expr/function_registry.h"
#include "expr/like_pattern.h"
#include "expr/name_suggestion.h"
#include "expr/type_coercion.h"
#include "types/decimal.h"

#include "streamstep/interval.h"
#include "types/text.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <limits>

namespace streamstep::expr {

namespace {

[[noreturn]] void mismatch(const AstNode &node, const std::string &subclass, const std::string &detail)
{
    throwDataTypeMismatch(node, subclass, detail);
}

[[noreturn]] void unexpectedInput(const AstNode &node, size_t parameter, const std::string &required,
                                  const AstNode &argument, const DataType &actual)
{
    throwUnexpectedInputType(node, parameter, required, argument, actual);
}

// Spark's CheckAnalysis.failUnresolvedAttribute: UNRESOLVED_COLUMN with up to five input
// columns ordered by StringUtils.orderSuggestedIdentifiersBySimilarity, and the AnalysisException's
// "; line 1 pos N" (N: the 0-based offset of the name in the expression text).
std::string unresolvedColumnText(const AstNode &node, const Schema &schema, SparkVersion version)
{
    std::vector<std::string> names;
    for (const Field &f : schema.fields)
        names.push_back(f.name);
    std::string proposal;
    const std::vector<std::string> ordered = sparkSuggestionOrder(sqlName(node.nameParts), names);
    for (size_t i = 0; i < ordered.size() && i < 5; ++i)
        proposal += (i ? ", " : "") + quotedIdentifier(ordered[i]);
    std::string objectName;
    for (const std::string &part : node.nameParts)
        objectName += (objectName.empty() ? "" : ".") + quotedIdentifier(part);
    const bool spark4 = version != SparkVersion::Spark35;
    std::string text = proposal.empty() ? "[UNRESOLVED_COLUMN.WITHOUT_SUGGESTION] " : "[UNRESOLVED_COLUMN.WITH_SUGGESTION] ";
    text += spark4 ? "A column, variable, or function parameter with name " : "A column or function parameter with name ";
    text += objectName + " cannot be resolved.";
    if (!proposal.empty())
        text += " Did you mean one of the following? [" + proposal + "].";
    if (spark4)
        text += " SQLSTATE: 42703";
    return text + "; line 1 pos " + std::to_string(node.begin);
}

[[noreturn]] void unknownColumn(const std::string &name, const AstNode &node, const Schema &schema,
                                SparkVersion version)
{
    std::string message = "unknown column '" + name + "'";
    std::vector<std::string> names;
    for (const Field &f : schema.fields)
        names.push_back(f.name);
    if (auto suggestion = closestName(name, names)) {
        message += " (did you mean '" + *suggestion + "'?)";
    } else {
        std::string list;
        for (const Field &f : schema.fields)
            list += (list.empty() ? "" : ", ") + f.name;
        message += " (available columns: " + list + ")";
    }
    throw analysisError(message, positionOf(node)).withSparkMessage(unresolvedColumnText(node, schema, version));
}

[[noreturn]] void unknownFunction(const AstNode &node)
{
    std::string message = "unknown function '" + node.name + "'";
    if (auto suggestion = FunctionRegistry::builtin().closestName(node.name))
        message += " (did you mean '" + *suggestion + "'?)";
    throw analysisError(message, positionOf(node));
}

// Counts one level of recursion over the AST for as long as it lives.
class DepthGuard {
public:
    DepthGuard(int &depth, const AstNode &node) : m_depth(depth)
    {
        if (++m_depth > kMaxExpressionDepth)
            throw analysisError("expression nested deeper than " + std::to_string(kMaxExpressionDepth) + " levels",
                                positionOf(node));
    }
    ~DepthGuard() { --m_depth; }
    DepthGuard(const DepthGuard &) = delete;
    DepthGuard &operator=(const DepthGuard &) = delete;

private:
    int &m_depth;
};

struct AggregateScope {
    const Schema *input = nullptr;
    const Schema *keys = nullptr;
    std::vector<AggregateCall> calls;
};

class Binder {
public:
    Binder(const Schema &schema, const BindOptions &options)
        : m_schema(schema), m_mode(options.mode), m_version(options.version), m_source(options.source)
    {
    }
    Binder(const Schema &input, AggregateScope &scope, const BindOptions &options)
        : m_schema(input), m_aggregate(&scope), m_mode(options.mode), m_version(options.version),
          m_source(options.source)
    {
        for (const Field &f : scope.keys->fields)
            m_longestKeyName = std::max(m_longestKeyName, f.name.size());
    }

    // A thin dispatcher: every kind binds in a function of its own, so one level of recursion
    // costs only the frames of the kinds on the path (the depth limit relies on that).
    NodePtr bind(const AstNode &node)
    {
        // The parser bounds what it builds; trees the planner rewrote (aliases substituted for
        // filter pushdown) are bounded here, before anything recurses over the bound tree.
        const DepthGuard depth(m_depth, node);
        NodePtr bound = bindKind(node);
        giveContext(bound, node);
        return bound;
    }

private:
    [[gnu::noinline]] NodePtr bindKind(const AstNode &node)
    {
        if (m_aggregate && !m_insideAggregate)
            if (NodePtr key = matchGroupingKey(node))
                return key;
        switch (node.kind) {
        case AstNode::Kind::Column: return bindColumn(node);
        case AstNode::Kind::Literal: return makeLiteral(node.literal, node.literal.type());
        case AstNode::Kind::Star:
        case AstNode::Kind::Interval: misplaced(node);
        case AstNode::Kind::Unary: return bindUnary(node);
        case AstNode::Kind::Binary: return bindBinary(node);
        case AstNode::Kind::Function: return bindFunction(node);
        case AstNode::Kind::Case: return bindCase(node);
        case AstNode::Kind::Cast: return bindCast(node);
        case AstNode::Kind::In: return bindIn(node);
        case AstNode::Kind::Between: return bindBetween(node);
        case AstNode::Kind::Like: return bindLike(node);
        case AstNode::Kind::IsNull: return bindIsNull(node);
        }
        throw analysisError("unsupported expression", positionOf(node));
    }

    // Spark's CurrentOrigin: every node made while binding `node` (its own, and the casts its
    // coercion inserted) has `node`'s span; nodes of its operands already have theirs. The nodes
    // are this binder's own, not yet shared, so they are finished here in place.
    [[gnu::noinline]] void giveContext(const NodePtr &bound, const AstNode &node) const
    {
        std::vector<const ExprNode *> pending{bound.get()};
        while (!pending.empty()) {
            const ExprNode *n = pending.back();
            pending.pop_back();
            if (n->queryContext.begin >= 0)
                continue;
            auto &own = const_cast<ExprNode &>(*n);
            own.queryContext = QueryContext{m_source, std::max(node.begin, 0), node.end};
            if (own.op != ExprOp::Cast) // a cast's mode is castTo's (to_timestamp's stays non-ANSI)
                own.evalMode = m_mode;
            for (const NodePtr &a : n->args)
                pending.push_back(a.get());
        }
    }

    // The binder's implicit casts, in the query's evaluation mode.
    NodePtr castTo(const NodePtr &node, const DataType &type) const
    {
        return expr::castTo(node, type, CastKind::Implicit, m_mode);
    }
    [[noreturn, gnu::noinline]] static void misplaced(const AstNode &node)
    {
        if (node.kind == AstNode::Kind::Star)
            throw analysisError("'*' is only allowed in count(*)", positionOf(node));
        throw analysisError("interval values are only supported as `timestamp + INTERVAL …` "
                            "or `timestamp - INTERVAL …`",
                            positionOf(node));
    }

    [[gnu::noinline]] NodePtr bindCast(const AstNode &node)
    {
        NodePtr child = bind(*node.children[0]);
        if (!canCast(child->type, node.castType))
            mismatch(node, "CAST_WITHOUT_SUGGESTION",
                     "cannot cast " + quotedType(child->type) + " to " + quotedType(node.castType));
        if (child->type == node.castType)
            return child;
        auto cast = makeNode(ExprOp::Cast, node.castType, {child});
        cast->evalMode = m_mode;
        return cast;
    }

    [[gnu::noinline]] NodePtr bindBetween(const AstNode &node)
    {
        NodePtr value = bind(*node.children[0]);
        NodePtr low = bind(*node.children[1]);
        NodePtr high = bind(*node.children[2]);
        NodePtr ge = comparison(node, ">=", value, low);
        NodePtr le = comparison(node, "<=", value, high);
        NodePtr both = makeNode(ExprOp::And, DataType::boolean(), {ge, le});
        return node.negated ? makeNode(ExprOp::Not, DataType::boolean(), {both}) : both;
    }

    [[gnu::noinline]] NodePtr bindLike(const AstNode &node)
    {
        NodePtr value = toStringArgument(node, 1, *node.children[0], bind(*node.children[0]));
        NodePtr pattern = toStringArgument(node, 2, *node.children[1], bind(*node.children[1]));
        if (pattern->isLiteral() && !pattern->literal.isNull())
            if (auto error = LikePattern::validate(pattern->literal.asString()))
                throw analysisError("The pattern '" + pattern->literal.asString() + "' is invalid, " + *error + ".",
                                    positionOf(*node.children[1]));
        NodePtr like = makeNode(ExprOp::Like, DataType::boolean(), {value, pattern});
        return node.negated ? makeNode(ExprOp::Not, DataType::boolean(), {like}) : like;
    }

    [[gnu::noinline]] NodePtr bindIsNull(const AstNode &node)
    {
        NodePtr child = bind(*node.children[0]);
        return makeNode(node.negated ? ExprOp::IsNotNull : ExprOp::IsNull, DataType::boolean(), {child});
    }

    [[gnu::noinline]] NodePtr matchGroupingKey(const AstNode &node)
    {
        if (node.kind == AstNode::Kind::Literal || node.kind == AstNode::Kind::Column)
            return nullptr;
        // Rendering every subtree of a long `a + a + …` to compare it with the keys made binding
        // quadratic (a 1,000-term sum took most of a second under the fuzzers); a subtree with
        // too many operations for the longest key's name is not rendered.
        size_t budget = m_longestKeyName / 2;
        if (!operationsWithin(node, budget))
            return nullptr;
        const int index = m_aggregate->keys->indexOf(prettyName(node, m_aggregate->input));
        if (index < 0)
            return nullptr;
        return keyReference(index);
    }

    // Whether `node` holds at most `budget` operations (counting stops past it). Each operation
    // adds at least two characters of its own to prettyName's text (parentheses, an operator,
    // a name and its parentheses, CASE … END), so a node with more operations than half a key
    // name's length cannot render as that name.
    static bool operationsWithin(const AstNode &node, size_t &budget)
    {
        switch (node.kind) {
        case AstNode::Kind::Column:
        case AstNode::Kind::Literal:
        case AstNode::Kind::Star:
        case AstNode::Kind::Interval: return true;
        default: break;
        }
        if (budget == 0)
            return false;
        --budget;
        for (const AstPtr &child : node.children)
            if (!operationsWithin(*child, budget))
                return false;
        return true;
    }

    NodePtr keyReference(int index)
    {
        const Field &f = m_aggregate->keys->fields[static_cast<size_t>(index)];
        return makeColumnRef(index, f.type);
    }

    [[gnu::noinline]] NodePtr bindColumn(const AstNode &node)
    {
        const std::string &first = node.nameParts[0];
        if (m_aggregate && !m_insideAggregate) {
            // Outside aggregate calls only grouping keys are visible.
            const Schema &keys = *m_aggregate->keys;
            int index = keys.indexOf(first);
            if (index >= 0)
                return structField(node, keyReference(index), keys);
            if (m_aggregate->input->indexOf(first) >= 0)
                throw analysisError("expression '" + prettyName(node, m_aggregate->input)
                                        + "' is neither present in the group by, nor is it an "
                                          "aggregate function. Add to group by or wrap in first() "
                                          "(or first_value) if you don't care which value you get.",
                                    positionOf(node));
            unknownColumn(first, node, *m_aggregate->input, m_version);
        }
        const int index = m_schema.indexOf(first);
        if (index < 0) {
            std::string full;
            for (const std::string &p : node.nameParts)
                full += (full.empty() ? "" : ".") + p;
            unknownColumn(node.nameParts.size() == 1 ? first : full, node, m_schema, m_version);
        }
        return structField(node, makeColumnRef(index, m_schema.fields[static_cast<size_t>(index)].type),
                           m_schema);
    }

    NodePtr structField(const AstNode &node, const NodePtr &column, const Schema &schema)
    {
        if (node.nameParts.size() == 1)
            return column;
        const std::string field = asciiLowerCase(node.nameParts[1]);
        if (column->type.kind != TypeKind::Window || node.nameParts.size() > 2
            || (field != "start" && field != "end")) {
            if (column->type.kind == TypeKind::Window)
                throw analysisError("No such struct field " + node.nameParts[1]
                                        + " in start, end",
                                    positionOf(node));
            throw analysisError("Can't extract value from " + schema.fields[static_cast<size_t>(*column->columnIndex)].name
                                    + ": need struct type but got "
                                    + column->type.sparkName(),
                                positionOf(node));
        }
        auto n = makeNode(ExprOp::WindowField, DataType::timestamp(), {column});
        n->args.clear();
        n->index = *column->columnIndex;
        n->windowEnd = field == "end";
        return n;
    }

    [[gnu::noinline]] NodePtr bindUnary(const AstNode &node) { return finishUnary(node, bind(*node.children[0])); }

    [[gnu::noinline]] NodePtr finishUnary(const AstNode &node, NodePtr child)
    {
        if (node.op == "NOT") {
            if (child->type.kind == TypeKind::Null)
                child = castTo(child, DataType::boolean());
            if (child->type.kind != TypeKind::Boolean)
                unexpectedInput(node, 1, "\"BOOLEAN\"", *node.children[0], child->type);
            return makeNode(ExprOp::Not, DataType::boolean(), {child});
        }
        if (child->type.kind == TypeKind::String || child->type.kind == TypeKind::Null)
            child = castTo(child, DataType::float64());
        if (!child->type.isNumeric())
            unexpectedInput(node, 1, "(\"NUMERIC\" or \"INTERVAL DAY TO SECOND\" or \"INTERVAL YEAR TO MONTH\" or \"INTERVAL\")",
                            *node.children[0], child->type);
        auto negate = makeNode(ExprOp::Negate, child->type, {child});
        negate->evalMode = m_mode;
        if (child->isLiteral() && !child->literal.isNull()) {
            // Fold -literal (non-ANSI: wraps; ANSI: an overflow stays for run time, as Spark's
            // ConstantFolding leaves what throws).
            try {
                Column c = negate->evaluate(ColumnBatch{{}, {}, 1}, EvalContext{});
                return makeLiteral(c.get(0), child->type);
            } catch (const Error &) {
            }
        }
        return negate;
    }

    // Spark 4's AnsiStringPromotionTypeCoercion.findWiderTypeForString: the type a STRING operand
    // of a binary operator takes beside `other` (a number: BIGINT or DOUBLE, not `other` itself).
    static std::optional<DataType> ansiStringPromotion(const DataType &other)
    {
        if (other.isIntegral())
            return DataType::int64();
        if (other.kind == TypeKind::Double || other.kind == TypeKind::Decimal)
            return DataType::float64();
        if (other.kind == TypeKind::Null)
            return DataType::string();
        if (isAtomic(other) && other.kind != TypeKind::String)
            return other;
        return std::nullopt;
    }

    // Under ANSI: a STRING operand beside another type, both cast to the promoted type.
    void promoteStringsAnsi(NodePtr &l, NodePtr &r) const
    {
        const bool ls = l->type.kind == TypeKind::String;
        const bool rs = r->type.kind == TypeKind::String;
        if (ls == rs)
            return;
        if (auto t = ansiStringPromotion(ls ? r->type : l->type)) {
            l = castTo(l, *t);
            r = castTo(r, *t);
        }
    }

    // Spark's DecimalPrecision for a binary operator with one decimal side.
    void promoteDecimals(NodePtr &l, NodePtr &r) const
    {
        if (l->type == r->type)
            return;
        const bool ld = l->type.kind == TypeKind::Decimal;
        const bool rd = r->type.kind == TypeKind::Decimal;
        auto integralLiteralType = [](const NodePtr &n) {
            const int64_t v = n->type.kind == TypeKind::Int ? n->literal.asInt() : n->literal.asLong();
            return decimalTypeForIntegralLiteral(v);
        };
        if (rd && l->type.isIntegral()) {
            l = castTo(l, l->isLiteral() && !l->literal.isNull() ? integralLiteralType(l)
                                                                 : decimalTypeForIntegral(l->type.kind));
        } else if (ld && r->type.isIntegral()) {
            r = castTo(r, r->isLiteral() && !r->literal.isNull() ? integralLiteralType(r)
                                                                 : decimalTypeForIntegral(r->type.kind));
        } else if (rd && l->type.kind == TypeKind::Double) {
            r = castTo(r, DataType::float64());
        } else if (ld && r->type.kind == TypeKind::Double) {
            l = castTo(l, DataType::float64());
        }
    }

    void implicitCasts(NodePtr &l, NodePtr &r) const
    {
        if (l->type == r->type)
            return;
        if (l->type.kind == TypeKind::Decimal && r->type.kind == TypeKind::Decimal)
            return;
        if (auto common = tightestCommonType(l->type, r->type)) {
            l = castTo(l, *common);
            r = castTo(r, *common);
        }
    }

    NodePtr comparison(const AstNode &node, const std::string &op, NodePtr l, NodePtr r)
    {
        if (m_mode == EvalMode::Ansi)
            promoteStringsAnsi(l, r);
        const TypeKind lk = l->type.kind;
        const TypeKind rk = r->type.kind;
        // PromoteStrings.
        if (lk == TypeKind::String && rk == TypeKind::Timestamp)
            l = castTo(l, DataType::timestamp());
        else if (lk == TypeKind::Timestamp && rk == TypeKind::String)
            r = castTo(r, DataType::timestamp());
        else if ((lk == TypeKind::String && rk == TypeKind::Null) || (lk == TypeKind::Null && rk == TypeKind::String)) {
            l = castTo(l, DataType::string());
            r = castTo(r, DataType::string());
        } else if ((lk == TypeKind::Decimal && rk == TypeKind::String)
                   || (lk == TypeKind::String && rk == TypeKind::Decimal)) {
            l = castTo(l, DataType::float64());
            r = castTo(r, DataType::float64());
        } else if (lk == TypeKind::String && isAtomic(r->type) && rk != TypeKind::String) {
            l = castTo(l, r->type);
        } else if (rk == TypeKind::String && isAtomic(l->type) && lk != TypeKind::String) {
            r = castTo(r, l->type);
        }
        // DecimalPrecision.
        promoteDecimals(l, r);
        if (l->type.kind == TypeKind::Decimal && r->type.kind == TypeKind::Decimal && l->type != r->type) {
            const DataType wider = widerDecimalType(l->type, r->type);
            l = castTo(l, wider);
            r = castTo(r, wider);
        }
        // BooleanEquality.
        const bool equality = op == "=" || op == "==" || op == "!=" || op == "<>" || op == "<=>";
        if (equality && l->type.kind == TypeKind::Boolean && r->type.isNumeric())
            l = castTo(l, r->type);
        else if (equality && r->type.kind == TypeKind::Boolean && l->type.isNumeric())
            r = castTo(r, l->type);
        implicitCasts(l, r);
        if (l->type != r->type)
            mismatch(node, "BINARY_OP_DIFF_TYPES",
                     "the left and right operands of the binary operator have incompatible types ("
                         + quotedType(l->type) + " and " + quotedType(r->type) + ")");
        ExprOp kind = ExprOp::Equal;
        if (op == "<")
            kind = ExprOp::Less;
        else if (op == "<=")
            kind = ExprOp::LessEqual;
        else if (op == ">")
            kind = ExprOp::Greater;
        else if (op == ">=")
            kind = ExprOp::GreaterEqual;
        else if (op == "<=>")
            kind = ExprOp::NullSafeEqual;
        NodePtr result = makeNode(kind, DataType::boolean(), {l, r});
        if (op == "!=" || op == "<>")
            result = makeNode(ExprOp::Not, DataType::boolean(), {result});
        return result;
    }

    NodePtr arithmetic(const AstNode &node, const std::string &op, NodePtr l, NodePtr r)
    {
        // ANSI: a string beside an integer becomes BIGINT ('5' + 1 is 6L), beside a fraction DOUBLE.
        if (m_mode == EvalMode::Ansi)
            promoteStringsAnsi(l, r);
        // PromoteStrings: strings in arithmetic become doubles ('abc' + 1 is NULL, not an error).
        if (l->type.kind == TypeKind::String)
            l = castTo(l, DataType::float64());
        if (r->type.kind == TypeKind::String)
            r = castTo(r, DataType::float64());
        promoteDecimals(l, r);
        const bool bothDecimal = l->type.kind == TypeKind::Decimal && r->type.kind == TypeKind::Decimal;
        auto numericOrNull = [](const NodePtr &n) {
            return n->type.isNumeric() || n->type.kind == TypeKind::Null;
        };
        // Division: `/` on non-decimals is always a double division.
        if (op == "/" && !bothDecimal && numericOrNull(l) && numericOrNull(r)) {
            l = castTo(l, DataType::float64());
            r = castTo(r, DataType::float64());
        }
        if (l->type.kind == TypeKind::Null && r->type.kind == TypeKind::Null) {
            l = castTo(l, DataType::float64());
            r = castTo(r, DataType::float64());
        }
        implicitCasts(l, r);
        if (!bothDecimal && l->type != r->type)
            mismatch(node, "BINARY_OP_DIFF_TYPES",
                     "the left and right operands of the binary operator have incompatible types ("
                         + quotedType(l->type) + " and " + quotedType(r->type) + ")");
        const bool accepted = op == "/" ? (l->type.kind == TypeKind::Double || l->type.kind == TypeKind::Decimal)
                                        : l->type.isNumeric();
        if (!accepted) {
            std::string required = "\"NUMERIC\"";
            if (op == "+" || op == "-")
                required = "(\"NUMERIC\" or \"INTERVAL DAY TO SECOND\" or \"INTERVAL YEAR TO MONTH\" or \"INTERVAL\")";
            else if (op == "/")
                required = "(\"DOUBLE\" or \"DECIMAL\")";
            mismatch(node, "BINARY_OP_WRONG_TYPE",
                     "the binary operator requires the input type " + required + ", not "
                         + quotedType(l->type));
        }
        // Each operator and the result type of two decimals (arithmetic.scala); the last is `%`.
        struct Arithmetic {
            std::string_view op;
            ExprOp kind;
            DataType (*decimalType)(const DataType &, const DataType &);
        };
        static constexpr Arithmetic kArithmetic[] = {
            {"+", ExprOp::Add, decimalAddType},           {"-", ExprOp::Subtract, decimalAddType},
            {"*", ExprOp::Multiply, decimalMultiplyType}, {"/", ExprOp::Divide, decimalDivideType},
            {"%", ExprOp::Remainder, decimalRemainderType}};
        const Arithmetic &a = *std::find_if(std::begin(kArithmetic), std::end(kArithmetic) - 1,
                                            [&](const Arithmetic &candidate) { return candidate.op == op; });
        auto n = makeNode(a.kind, bothDecimal ? a.decimalType(l->type, r->type) : l->type, {l, r});
        n->evalMode = m_mode;
        return n;
    }

    [[gnu::noinline]] NodePtr bindBinary(const AstNode &node)
    {
        const AstNode &la = *node.children[0];
        const AstNode &ra = *node.children[1];
        if (la.kind == AstNode::Kind::Interval || ra.kind == AstNode::Kind::Interval)
            return bindTimeAdd(node);
        NodePtr l = bind(la);
        NodePtr r = bind(ra);
        return finishBinary(node, std::move(l), std::move(r));
    }

    [[gnu::noinline]] NodePtr finishBinary(const AstNode &node, NodePtr l, NodePtr r)
    {
        const std::string &op = node.op;
        if (op == "AND" || op == "OR") {
            if (l->type.kind == TypeKind::Null && r->type.kind == TypeKind::Null) {
                l = castTo(l, DataType::boolean());
                r = castTo(r, DataType::boolean());
            }
            implicitCasts(l, r);
            if (l->type != r->type)
                mismatch(node, "BINARY_OP_DIFF_TYPES",
                         "the left and right operands of the binary operator have incompatible types ("
                             + quotedType(l->type) + " and " + quotedType(r->type) + ")");
            if (l->type.kind != TypeKind::Boolean)
                mismatch(node, "BINARY_OP_WRONG_TYPE",
                         "the binary operator requires the input type \"BOOLEAN\", not "
                             + quotedType(l->type));
            return makeNode(op == "AND" ? ExprOp::And : ExprOp::Or, DataType::boolean(), {l, r});
        }
        if (op == "+" || op == "-" || op == "*" || op == "/" || op == "%")
            return arithmetic(node, op, l, r);
        return comparison(node, op, l, r);
    }

    [[gnu::noinline]] NodePtr bindTimeAdd(const AstNode &node)
    {
        const bool intervalLeft = node.children[0]->kind == AstNode::Kind::Interval;
        const AstNode &intervalAst = intervalLeft ? *node.children[0] : *node.children[1];
        const AstNode &otherAst = intervalLeft ? *node.children[1] : *node.children[0];
        if (otherAst.kind == AstNode::Kind::Interval || (node.op != "+" && node.op != "-")
            || (intervalLeft && node.op == "-"))
            throw analysisError("interval values are only supported as `timestamp + INTERVAL …` "
                                "or `timestamp - INTERVAL …`",
                                positionOf(node));
        std::string error;
        auto interval = parseInterval(intervalAst.name, &error);
        if (!interval)
            throw analysisError("Cannot parse the INTERVAL value: " + intervalAst.name
                                    + (error.empty() ? "" : " (" + error + ")"),
                                positionOf(intervalAst));
        NodePtr ts = bind(otherAst);
        if (ts->type.kind == TypeKind::String || ts->type.kind == TypeKind::Null)
            ts = castTo(ts, DataType::timestamp());
        if (ts->type.kind != TypeKind::Timestamp)
            unexpectedInput(node, 1, "\"TIMESTAMP\"", otherAst, ts->type);
        auto n = makeNode(ExprOp::TimeAdd, DataType::timestamp(), {ts});
        n->interval = *interval;
        if (node.op == "-") {
            n->interval.months = -n->interval.months;
            n->interval.days = -n->interval.days;
            n->interval.micros = -n->interval.micros;
        }
        return n;
    }

    [[gnu::noinline]] NodePtr bindIn(const AstNode &node)
    {
        std::vector<NodePtr> all;
        for (const AstPtr &c : node.children)
            all.push_back(bind(*c));
        bool same = true;
        for (size_t i = 1; i < all.size(); ++i)
            same = same && all[i]->type == all[0]->type;
        if (!same) {
            const DataType common = commonTypeOf(node, "in", all);
            for (NodePtr &n : all)
                n = castTo(n, common);
        }
        NodePtr in = makeNode(ExprOp::In, DataType::boolean(), all);
        return node.negated ? makeNode(ExprOp::Not, DataType::boolean(), {in}) : in;
    }

    [[gnu::noinline]] NodePtr bindCase(const AstNode &node)
    {
        const size_t pairs = (node.children.size() - (node.hasElse ? 1 : 0)) / 2;
        std::vector<NodePtr> conditions;
        std::vector<NodePtr> values;
        for (size_t i = 0; i < pairs; ++i) {
            NodePtr cond = bind(*node.children[2 * i]);
            if (cond->type.kind == TypeKind::Null)
                cond = castTo(cond, DataType::boolean());
            if (cond->type.kind != TypeKind::Boolean)
                unexpectedInput(node, 2 * i + 1, "\"BOOLEAN\"", *node.children[2 * i], cond->type);
            conditions.push_back(cond);
            values.push_back(bind(*node.children[2 * i + 1]));
        }
        values.push_back(node.hasElse ? bind(*node.children.back())
                                      : makeLiteral(Value::null(), DataType::null()));
        const DataType common = commonTypeOf(node, "casewhen", values);
        std::vector<NodePtr> args;
        for (size_t i = 0; i < pairs; ++i) {
            args.push_back(conditions[i]);
            args.push_back(castTo(values[i], common));
        }
        args.push_back(castTo(values.back(), common));
        return makeNode(ExprOp::CaseWhen, common, args);
    }

    // The type `operands` of `function` widen to (Spark's TypeCoercion.findWiderCommonType);
    // DATA_DIFF_TYPES when they have none.
    DataType commonTypeOf(const AstNode &node, const std::string &function, const std::vector<NodePtr> &operands)
    {
        std::vector<DataType> types;
        for (const NodePtr &n : operands)
            types.push_back(n->type);
        const std::optional<DataType> common = widerCommonType(types);
        if (!common)
            mismatch(node, "DATA_DIFF_TYPES",
                     "Input to `" + function + "` should all be the same type, but it's " + joinTypes(operands));
        return *common;
    }

    // LIKE's operands: Spark's ImplicitTypeCasts to STRING.
    NodePtr toStringArgument(const AstNode &call, size_t parameter, const AstNode &argAst, NodePtr arg)
    {
        if (!implicitCastTarget(arg->type, DataType::string()))
            unexpectedInput(call, parameter, "\"STRING\"", argAst, arg->type);
        return castTo(arg, DataType::string());
    }

    [[gnu::noinline]] NodePtr bindFunction(const AstNode &node)
    {
        const FunctionDefinition *function = FunctionRegistry::builtin().find(node.name);
        if (function && function->kind == FunctionKind::Planner)
            plannerLevel(node);
        if (function && function->kind == FunctionKind::Aggregate)
            return bindAggregateCall(node, *function);
        // Arguments first, as Spark resolves them (an unknown column inside is reported first).
        std::vector<NodePtr> args;
        for (const AstPtr &c : node.children)
            if (function || c->kind != AstNode::Kind::Star)
                args.push_back(bind(*c));
        return finishFunction(node, function, std::move(args));
    }

    [[noreturn, gnu::noinline]] static void plannerLevel(const AstNode &node)
    {
        throw analysisError(node.name + "() is only allowed as a groupBy key, select or withColumn expression",
                            positionOf(node));
    }

    [[gnu::noinline]] NodePtr finishFunction(const AstNode &node, const FunctionDefinition *function,
                                             std::vector<NodePtr> args) const
    {
        if (!function)
            unknownFunction(node);
        const size_t n = node.children.size();
        if (n < function->minArgs || n > function->maxArgs)
            throwWrongNumArgs(node, function->minArgs, function->maxArgs);
        return function->bind(FunctionCall(node, *function, std::move(args), m_mode));
    }

    NodePtr bindAggregateCall(const AstNode &node, const FunctionDefinition &function);

    const Schema &m_schema;
    AggregateScope *m_aggregate = nullptr;
    bool m_insideAggregate = false;
    int m_depth = 0; // AST levels being bound
    size_t m_longestKeyName = 0; // of the grouping keys' names (aggregate scope)
    EvalMode m_mode = EvalMode::Legacy;
    SparkVersion m_version = SparkVersion::Spark35;
    std::shared_ptr<const ExpressionSource> m_source;
};

NodePtr Binder::bindAggregateCall(const AstNode &node, const FunctionDefinition &function)
{
    const std::string &name = node.name;
    if (!m_aggregate)
        throw analysisError("aggregate function " + name + " is only allowed in groupBy aggs",
                            positionOf(node));
    if (m_insideAggregate)
        throw analysisError("It is not allowed to use an aggregate function in the argument of "
                            "another aggregate function. Please use the inner aggregate function "
                            "in a sub-query.",
                            positionOf(node));
    AggregateCall call;
    call.kind = function.aggregate;
    call.evalMode = m_mode;
    call.queryContext = QueryContext{m_source, std::max(node.begin, 0), node.end};
    call.distinct = node.distinct;
    const bool star = node.children.size() == 1 && node.children[0]->kind == AstNode::Kind::Star;
    Binder inner(*m_aggregate->input, *m_aggregate, BindOptions{m_mode, m_source, m_version});
    inner.m_insideAggregate = true;
    inner.m_depth = m_depth;
    if (call.kind == AggregateKind::Count) {
        call.resultType = DataType::int64();
        if (node.children.empty())
            throwWrongNumArgs(node, function.minArgs, function.maxArgs);
        if (node.children.size() > 1)
            throw analysisError("count() with several arguments is not supported", positionOf(node));
        if (!star) {
            NodePtr arg = inner.bind(*node.children[0]);
            // count(1) and other non-null literals count rows, like count(*).
            if (!(arg->isLiteral() && !arg->literal.isNull() && !call.distinct))
                call.argument = arg;
        }
    } else {
        if (star)
            throw analysisError("'*' is only allowed in count(*)", positionOf(*node.children[0]));
        if (node.children.size() < function.minArgs || node.children.size() > function.maxArgs)
            throwWrongNumArgs(node, function.minArgs, function.maxArgs);
        NodePtr arg = inner.bind(*node.children[0]);
        switch (call.kind) {
        case AggregateKind::Sum:
        case AggregateKind::Avg: {
            if (arg->type.kind == TypeKind::String || arg->type.kind == TypeKind::Null)
                arg = castTo(arg, DataType::float64());
            if (!arg->type.isNumeric())
                unexpectedInput(node, 1,
                                "(\"NUMERIC\" or \"INTERVAL DAY TO SECOND\" or \"INTERVAL YEAR TO MONTH\")",
                                *node.children[0], arg->type);
            const DataType &t = arg->type;
            // Spark's Sum.resultType and Average.resultType.
            if (call.kind == AggregateKind::Sum)
                call.resultType = t.kind == TypeKind::Decimal ? boundedDecimalType(t.precision + 10, t.scale)
                    : t.isIntegral() ? DataType::int64() : DataType::float64();
            else
                call.resultType = t.kind == TypeKind::Decimal
                    ? boundedDecimalType(t.precision + 4, t.scale + 4)
                    : DataType::float64();
            break;
        }
        case AggregateKind::Min:
        case AggregateKind::Max: call.resultType = arg->type; break;
        case AggregateKind::First:
        case AggregateKind::Last:
            call.resultType = arg->type;
            if (node.children.size() > 1) {
                NodePtr ignore = inner.bind(*node.children[1]);
                if (!ignore->isLiteral() || ignore->type.kind != TypeKind::Boolean)
                    mismatch(node, "NON_FOLDABLE_INPUT",
                             "the input `ignoreNulls` should be a foldable \"BOOLEAN\" expression; "
                             "however, got " + sqlText(*node.children[1]));
                call.ignoreNulls = ignore->literal.asBool();
            }
            break;
        case AggregateKind::Count: break;
        }
        call.argument = arg;
    }
    const int index = static_cast<int>(m_aggregate->keys->size() + m_aggregate->calls.size());
    m_aggregate->calls.push_back(call);
    return makeColumnRef(index, call.resultType);
}

const AstNode &unaliased(const NamedAst &named) { return *named.expr; }

} // namespace

BoundExprPtr bind(const AstNode &node, const Schema &schema, const BindOptions &options)
{
    return Binder(schema, options).bind(node);
}

Field outputField(const NamedAst &named, const BoundExpr &bound, const Schema &schema)
{
    Field field;
    field.type = bound.type;
    field.name = named.alias ? *named.alias : prettyName(unaliased(named), &schema);
    const AstNode &e = unaliased(named);
    if (bound.columnIndex && e.kind == AstNode::Kind::Column && e.nameParts.size() == 1) {
        const size_t index = static_cast<size_t>(*bound.columnIndex);
        if (index < schema.fields.size())
            field.watermarkDelayMs = schema.fields[index].watermarkDelayMs;
    }
    // Spark's ResolveWindowTime keeps the window column's event-time metadata on window_time(w).
    const auto *node = dynamic_cast<const ExprNode *>(&bound);
    if (node && node->op == ExprOp::Function && node->function && node->function->name == "window_time"
        && node->args[0]->columnIndex) {
        const size_t index = static_cast<size_t>(*node->args[0]->columnIndex);
        if (index < schema.fields.size())
            field.watermarkDelayMs = schema.fields[index].watermarkDelayMs;
    }
    return field;
}

BoundAggregate bindAggregate(const NamedAst &named, const Schema &input, const Schema &keys,
                             const BindOptions &options)
{
    AggregateScope scope;
    scope.input = &input;
    scope.keys = &keys;
    Binder binder(input, scope, options);
    NodePtr result = binder.bind(*named.expr);
    BoundAggregate out;
    out.calls = std::move(scope.calls);
    out.result = result;
    out.field.type = result->type;
    // Names: Spark's toPrettySQL over the input attributes (e.g. `sum(amount)`).
    out.field.name = named.alias ? *named.alias : prettyName(*named.expr, &input);
    if (result->columnIndex && *result->columnIndex < static_cast<int>(keys.size())
        && named.expr->kind == AstNode::Kind::Column)
        out.field.watermarkDelayMs = keys.fields[static_cast<size_t>(*result->columnIndex)].watermarkDelayMs;
    return out;
}

} // namespace streamstep::expr
