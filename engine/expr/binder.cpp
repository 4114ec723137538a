// Name resolution and Spark 3.5 (non-ANSI) type coercion. The coercion steps follow the order of
// Spark's TypeCoercion rules: InConversion, PromoteStrings, DecimalPrecision, BooleanEquality,
// FunctionArgumentConversion/CaseWhenCoercion, Division, ImplicitTypeCasts.
#include "expr/cast.h"
#include "expr/datetime_pattern.h"
#include "expr/expr_node.h"
#include "expr/expression_text.h"
#include "expr/like_pattern.h"
#include "types/decimal.h"

#include "streamstep/interval.h"
#include "types/text.h"

#include <algorithm>
#include <cctype>
#include <limits>

namespace streamstep::expr {

namespace {

TextPosition positionOf(const AstNode &node) { return TextPosition{1, node.begin + 1}; }

std::string quotedType(const DataType &t) { return "\"" + sqlTypeName(t) + "\""; }

[[noreturn]] void mismatch(const AstNode &node, const std::string &subclass, const std::string &detail)
{
    throw analysisError("[DATATYPE_MISMATCH." + subclass + "] Cannot resolve \"" + sqlText(node)
                            + "\" due to data type mismatch: " + detail + ".",
                        positionOf(node));
}

[[noreturn]] void unexpectedInput(const AstNode &node, size_t parameter, const std::string &required,
                                  const AstNode &argument, const DataType &actual)
{
    mismatch(node, "UNEXPECTED_INPUT_TYPE",
             "Parameter " + std::to_string(parameter) + " requires the " + required
                 + " type, however \"" + sqlText(argument) + "\" has the type " + quotedType(actual));
}

size_t editDistance(const std::string &a, const std::string &b)
{
    std::vector<size_t> prev(b.size() + 1);
    std::vector<size_t> cur(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        prev[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

[[noreturn]] void unknownColumn(const std::string &name, const AstNode &node, const Schema &schema)
{
    std::string message = "unknown column '" + name + "'";
    const std::string lowered = asciiLowerCase(name);
    size_t best = std::numeric_limits<size_t>::max();
    std::string bestName;
    for (const Field &f : schema.fields) {
        const size_t d = editDistance(lowered, asciiLowerCase(f.name));
        if (d < best) {
            best = d;
            bestName = f.name;
        }
    }
    if (!bestName.empty() && best <= std::max<size_t>(2, lowered.size() / 3)) {
        message += " (did you mean '" + bestName + "'?)";
    } else {
        std::string list;
        for (const Field &f : schema.fields)
            list += (list.empty() ? "" : ", ") + f.name;
        message += " (available columns: " + list + ")";
    }
    throw analysisError(message, positionOf(node));
}

bool isAggregateName(const std::string &name)
{
    return name == "count" || name == "sum" || name == "avg" || name == "mean" || name == "min"
        || name == "max" || name == "first" || name == "last" || name == "first_value"
        || name == "last_value";
}

bool isAtomic(const DataType &t) { return t.kind != TypeKind::Window && t.kind != TypeKind::Null; }

int numericRank(TypeKind k)
{
    switch (k) {
    case TypeKind::Int: return 1;
    case TypeKind::Long: return 2;
    case TypeKind::Double: return 4;
    default: return 0;
    }
}

// Spark's DecimalType.isWiderThan for an integral type.
bool decimalWiderThanIntegral(const DataType &d, TypeKind integral)
{
    const DataType asDecimal = decimalTypeForIntegral(integral);
    return d.precision - d.scale >= asDecimal.precision - asDecimal.scale && d.scale >= 0;
}

// Spark's TypeCoercion.findTightestCommonType.
std::optional<DataType> tightestCommonType(const DataType &a, const DataType &b)
{
    if (a == b)
        return a;
    if (a.kind == TypeKind::Null)
        return b;
    if (b.kind == TypeKind::Null)
        return a;
    if (a.isIntegral() && b.kind == TypeKind::Decimal && decimalWiderThanIntegral(b, a.kind))
        return b;
    if (b.isIntegral() && a.kind == TypeKind::Decimal && decimalWiderThanIntegral(a, b.kind))
        return a;
    if (numericRank(a.kind) && numericRank(b.kind))
        return numericRank(a.kind) >= numericRank(b.kind) ? a : b;
    return std::nullopt;
}

// Spark's findWiderTypeForTwo: tightest, then decimal widening, then string promotion.
std::optional<DataType> widerTypeForTwo(const DataType &a, const DataType &b)
{
    if (auto t = tightestCommonType(a, b))
        return t;
    if (a.kind == TypeKind::Decimal && b.kind == TypeKind::Decimal)
        return widerDecimalType(a, b);
    if (a.isIntegral() && b.kind == TypeKind::Decimal)
        return widerDecimalType(decimalTypeForIntegral(a.kind), b);
    if (b.isIntegral() && a.kind == TypeKind::Decimal)
        return widerDecimalType(a, decimalTypeForIntegral(b.kind));
    if ((a.kind == TypeKind::Decimal && b.kind == TypeKind::Double)
        || (b.kind == TypeKind::Decimal && a.kind == TypeKind::Double))
        return DataType::float64();
    if (a.kind == TypeKind::String && isAtomic(b) && b.kind != TypeKind::Boolean)
        return DataType::string();
    if (b.kind == TypeKind::String && isAtomic(a) && a.kind != TypeKind::Boolean)
        return DataType::string();
    return std::nullopt;
}

std::optional<DataType> widerCommonType(const std::vector<DataType> &types)
{
    std::optional<DataType> result = DataType::null();
    for (const DataType &t : types) {
        if (!result)
            return std::nullopt;
        result = widerTypeForTwo(*result, t);
    }
    return result;
}

// Spark's TypeCoercion.implicitCast towards a concrete type (nullopt: not allowed).
std::optional<DataType> implicitCastTarget(const DataType &from, const DataType &to)
{
    if (from == to)
        return to;
    if (from.kind == TypeKind::Null)
        return to;
    if (from.isNumeric() && to.isNumeric())
        return to;
    if (from.kind == TypeKind::String && (to.isNumeric() || to.kind == TypeKind::Timestamp))
        return to;
    if (isAtomic(from) && to.kind == TypeKind::String)
        return to;
    return std::nullopt;
}

std::string joinTypes(const std::vector<NodePtr> &nodes)
{
    std::string out;
    for (const NodePtr &n : nodes)
        out += (out.empty() ? "" : ", ") + quotedType(n->type);
    return "[" + out + "]";
}

struct AggregateScope {
    const Schema *input = nullptr;
    const Schema *keys = nullptr;
    std::vector<AggregateCall> calls;
};

class Binder {
public:
    explicit Binder(const Schema &schema) : m_schema(schema) {}
    Binder(const Schema &input, AggregateScope &scope) : m_schema(input), m_aggregate(&scope) {}

    NodePtr bind(const AstNode &node)
    {
        if (m_aggregate && !m_insideAggregate)
            if (NodePtr key = matchGroupingKey(node))
                return key;
        switch (node.kind) {
        case AstNode::Kind::Column: return bindColumn(node);
        case AstNode::Kind::Literal: return makeLiteral(node.literal, node.literal.type());
        case AstNode::Kind::Star:
            throw analysisError("'*' is only allowed in count(*)", positionOf(node));
        case AstNode::Kind::Interval:
            throw analysisError("interval values are only supported as `timestamp + INTERVAL …` "
                                "or `timestamp - INTERVAL …`",
                                positionOf(node));
        case AstNode::Kind::Unary: return bindUnary(node);
        case AstNode::Kind::Binary: return bindBinary(node);
        case AstNode::Kind::Function: return bindFunction(node);
        case AstNode::Kind::Case: return bindCase(node);
        case AstNode::Kind::Cast: {
            NodePtr child = bind(*node.children[0]);
            if (!canCast(child->type, node.castType))
                mismatch(node, "CAST_WITHOUT_SUGGESTION",
                         "cannot cast " + quotedType(child->type) + " to " + quotedType(node.castType));
            if (child->type == node.castType)
                return child;
            return makeNode(ExprOp::Cast, node.castType, {child});
        }
        case AstNode::Kind::In: return bindIn(node);
        case AstNode::Kind::Between: {
            NodePtr value = bind(*node.children[0]);
            NodePtr low = bind(*node.children[1]);
            NodePtr high = bind(*node.children[2]);
            NodePtr ge = comparison(node, ">=", value, low);
            NodePtr le = comparison(node, "<=", value, high);
            NodePtr both = makeNode(ExprOp::And, DataType::boolean(), {ge, le});
            return node.negated ? makeNode(ExprOp::Not, DataType::boolean(), {both}) : both;
        }
        case AstNode::Kind::Like: {
            NodePtr value = toStringArgument(node, 1, *node.children[0], bind(*node.children[0]));
            NodePtr pattern = toStringArgument(node, 2, *node.children[1], bind(*node.children[1]));
            if (pattern->isLiteral() && !pattern->literal.isNull())
                if (auto error = LikePattern::validate(pattern->literal.asString()))
                    throw analysisError("The pattern '" + pattern->literal.asString()
                                            + "' is invalid, " + *error + ".",
                                        positionOf(*node.children[1]));
            NodePtr like = makeNode(ExprOp::Like, DataType::boolean(), {value, pattern});
            return node.negated ? makeNode(ExprOp::Not, DataType::boolean(), {like}) : like;
        }
        case AstNode::Kind::IsNull: {
            NodePtr child = bind(*node.children[0]);
            return makeNode(node.negated ? ExprOp::IsNotNull : ExprOp::IsNull, DataType::boolean(),
                            {child});
        }
        }
        throw analysisError("unsupported expression", positionOf(node));
    }

private:
    NodePtr matchGroupingKey(const AstNode &node)
    {
        if (node.kind == AstNode::Kind::Literal || node.kind == AstNode::Kind::Column)
            return nullptr;
        const int index = m_aggregate->keys->indexOf(prettyName(node, m_aggregate->input));
        if (index < 0)
            return nullptr;
        return keyReference(index);
    }

    NodePtr keyReference(int index)
    {
        const Field &f = m_aggregate->keys->fields[static_cast<size_t>(index)];
        return makeColumnRef(index, f.type);
    }

    NodePtr bindColumn(const AstNode &node)
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
            unknownColumn(first, node, *m_aggregate->input);
        }
        const int index = m_schema.indexOf(first);
        if (index < 0) {
            std::string full;
            for (const std::string &p : node.nameParts)
                full += (full.empty() ? "" : ".") + p;
            unknownColumn(node.nameParts.size() == 1 ? first : full, node, m_schema);
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

    NodePtr bindUnary(const AstNode &node)
    {
        NodePtr child = bind(*node.children[0]);
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
        if (child->isLiteral() && !child->literal.isNull()) {
            // Fold -literal (non-ANSI: wraps).
            Column c = makeNode(ExprOp::Negate, child->type, {child})
                           ->evaluate(ColumnBatch{{}, {}, 1}, EvalContext{});
            return makeLiteral(c.get(0), child->type);
        }
        return makeNode(ExprOp::Negate, child->type, {child});
    }

    // Spark's DecimalPrecision for a binary operator with one decimal side.
    static void promoteDecimals(NodePtr &l, NodePtr &r)
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

    static void implicitCasts(NodePtr &l, NodePtr &r)
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
        ExprOp kind = ExprOp::Add;
        DataType type = l->type;
        if (op == "+") {
            if (bothDecimal)
                type = decimalAddType(l->type, r->type);
        } else if (op == "-") {
            kind = ExprOp::Subtract;
            if (bothDecimal)
                type = decimalAddType(l->type, r->type);
        } else if (op == "*") {
            kind = ExprOp::Multiply;
            if (bothDecimal)
                type = decimalMultiplyType(l->type, r->type);
        } else if (op == "/") {
            kind = ExprOp::Divide;
            if (bothDecimal)
                type = decimalDivideType(l->type, r->type);
        } else {
            kind = ExprOp::Remainder;
            if (bothDecimal)
                type = decimalRemainderType(l->type, r->type);
        }
        return makeNode(kind, type, {l, r});
    }

    NodePtr bindBinary(const AstNode &node)
    {
        const std::string &op = node.op;
        const AstNode &la = *node.children[0];
        const AstNode &ra = *node.children[1];
        if (la.kind == AstNode::Kind::Interval || ra.kind == AstNode::Kind::Interval)
            return bindTimeAdd(node);
        NodePtr l = bind(la);
        NodePtr r = bind(ra);
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

    NodePtr bindTimeAdd(const AstNode &node)
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

    NodePtr bindIn(const AstNode &node)
    {
        std::vector<NodePtr> all;
        for (const AstPtr &c : node.children)
            all.push_back(bind(*c));
        bool same = true;
        for (size_t i = 1; i < all.size(); ++i)
            same = same && all[i]->type == all[0]->type;
        if (!same) {
            std::vector<DataType> types;
            for (const NodePtr &n : all)
                types.push_back(n->type);
            auto common = widerCommonType(types);
            if (!common)
                mismatch(node, "DATA_DIFF_TYPES",
                         "Input to `in` should all be the same type, but it's " + joinTypes(all));
            for (NodePtr &n : all)
                n = castTo(n, *common);
        }
        NodePtr in = makeNode(ExprOp::In, DataType::boolean(), all);
        return node.negated ? makeNode(ExprOp::Not, DataType::boolean(), {in}) : in;
    }

    NodePtr bindCase(const AstNode &node)
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
        std::vector<DataType> types;
        for (const NodePtr &v : values)
            types.push_back(v->type);
        auto common = widerCommonType(types);
        if (!common)
            mismatch(node, "DATA_DIFF_TYPES",
                     "Input to `casewhen` should all be the same type, but it's " + joinTypes(values));
        std::vector<NodePtr> args;
        for (size_t i = 0; i < pairs; ++i) {
            args.push_back(conditions[i]);
            args.push_back(castTo(values[i], *common));
        }
        args.push_back(castTo(values.back(), *common));
        return makeNode(ExprOp::CaseWhen, *common, args);
    }

    NodePtr toStringArgument(const AstNode &call, size_t parameter, const AstNode &argAst, NodePtr arg)
    {
        auto target = implicitCastTarget(arg->type, DataType::string());
        if (!target)
            unexpectedInput(call, parameter, "\"STRING\"", argAst, arg->type);
        return castTo(arg, DataType::string());
    }

    NodePtr toTypeArgument(const AstNode &call, size_t parameter, const AstNode &argAst, NodePtr arg,
                           const DataType &type)
    {
        if (!implicitCastTarget(arg->type, type))
            unexpectedInput(call, parameter, quotedType(type), argAst, arg->type);
        return castTo(arg, type);
    }

    NodePtr numericArgument(const AstNode &call, size_t parameter, const AstNode &argAst, NodePtr arg)
    {
        if (arg->type.kind == TypeKind::String || arg->type.kind == TypeKind::Null)
            arg = castTo(arg, DataType::float64());
        if (!arg->type.isNumeric())
            unexpectedInput(call, parameter, "\"NUMERIC\"", argAst, arg->type);
        return arg;
    }

    void requireArgs(const AstNode &node, size_t min, size_t max)
    {
        const size_t n = node.children.size();
        if (n < min || n > max) {
            std::string expected = std::to_string(min);
            if (max != min)
                expected = max == min + 1 ? "[" + std::to_string(min) + ", " + std::to_string(max) + "]"
                                          : "[" + std::to_string(min) + ", …]";
            throw analysisError("[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] The `" + node.name
                                    + "` requires " + expected
                                    + " parameters but the actual number is " + std::to_string(n) + ".",
                                positionOf(node));
        }
    }

    NodePtr bindFunction(const AstNode &node)
    {
        const std::string &name = node.name;
        if (name == "window" || name == "session_window")
            throw analysisError(name + "() is only allowed as a groupBy key, select or withColumn expression",
                                positionOf(node));
        if (isAggregateName(name))
            return bindAggregateCall(node);
        std::vector<NodePtr> args;
        for (const AstPtr &c : node.children)
            if (c->kind != AstNode::Kind::Star)
                args.push_back(bind(*c));
        auto argAst = [&](size_t i) -> const AstNode & { return *node.children[i]; };
        if (name == "upper" || name == "ucase" || name == "lower" || name == "lcase") {
            requireArgs(node, 1, 1);
            const bool upper = name == "upper" || name == "ucase";
            return makeNode(upper ? ExprOp::Upper : ExprOp::Lower, DataType::string(),
                            {toStringArgument(node, 1, argAst(0), args[0])});
        }
        if (name == "length" || name == "char_length" || name == "character_length") {
            requireArgs(node, 1, 1);
            return makeNode(ExprOp::Length, DataType::int32(), {toStringArgument(node, 1, argAst(0), args[0])});
        }
        if (name == "concat") {
            std::vector<NodePtr> strings;
            for (size_t i = 0; i < args.size(); ++i)
                strings.push_back(args[i]->type.kind == TypeKind::Window
                                      ? castTo(args[i], DataType::string())
                                      : toStringArgument(node, i + 1, argAst(i), args[i]));
            if (strings.empty())
                return makeLiteral(Value::string(""), DataType::string());
            return makeNode(ExprOp::Concat, DataType::string(), strings);
        }
        if (name == "substring" || name == "substr") {
            requireArgs(node, 2, 3);
            NodePtr str = toStringArgument(node, 1, argAst(0), args[0]);
            NodePtr pos = toTypeArgument(node, 2, argAst(1), args[1], DataType::int32());
            NodePtr len = args.size() > 2 ? toTypeArgument(node, 3, argAst(2), args[2], DataType::int32())
                                          : makeLiteral(Value::int32(std::numeric_limits<int32_t>::max()),
                                                        DataType::int32());
            return makeNode(ExprOp::Substring, DataType::string(), {str, pos, len});
        }
        if (name == "abs") {
            requireArgs(node, 1, 1);
            NodePtr x = numericArgument(node, 1, argAst(0), args[0]);
            return makeNode(ExprOp::Abs, x->type, {x});
        }
        if (name == "round") {
            requireArgs(node, 1, 2);
            NodePtr x = numericArgument(node, 1, argAst(0), args[0]);
            int scale = 0;
            if (args.size() > 1) {
                if (!args[1]->isLiteral() || args[1]->literal.isNull()
                    || (args[1]->type.kind != TypeKind::Int && args[1]->type.kind != TypeKind::Long))
                    mismatch(node, "NON_FOLDABLE_INPUT",
                             "the input `scale` should be a foldable \"INT\" expression; however, got "
                                 + sqlText(argAst(1)));
                scale = args[1]->type.kind == TypeKind::Int ? args[1]->literal.asInt()
                                                            : static_cast<int>(args[1]->literal.asLong());
            }
            DataType type = x->type;
            if (type.kind == TypeKind::Decimal) {
                // Spark's RoundBase.dataType.
                const int p = type.precision;
                const int s = type.scale;
                const int integralLeast = p - s + 1;
                if (scale < 0)
                    type = DataType::decimal(std::min(std::max(integralLeast, -scale + 1), 38), 0);
                else {
                    const int newScale = std::min(s, scale);
                    type = DataType::decimal(std::min(integralLeast + newScale, 38), newScale);
                }
            }
            auto n = makeNode(ExprOp::Round, type, {x});
            n->roundScale = scale;
            return n;
        }
        if (name == "coalesce") {
            if (args.empty())
                throw analysisError("[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] The `coalesce` requires at "
                                    "least 1 parameters but the actual number is 0.",
                                    positionOf(node));
            std::vector<DataType> types;
            for (const NodePtr &a : args)
                types.push_back(a->type);
            auto common = widerCommonType(types);
            if (!common)
                mismatch(node, "DATA_DIFF_TYPES",
                         "Input to `coalesce` should all be the same type, but it's " + joinTypes(args));
            for (NodePtr &a : args)
                a = castTo(a, *common);
            return makeNode(ExprOp::Coalesce, *common, args);
        }
        if (name == "date_format") {
            requireArgs(node, 2, 2);
            NodePtr ts = toTypeArgument(node, 1, argAst(0), args[0], DataType::timestamp());
            NodePtr fmt = toStringArgument(node, 2, argAst(1), args[1]);
            checkPattern(fmt, argAst(1));
            return makeNode(ExprOp::DateFormat, DataType::string(), {ts, fmt});
        }
        if (name == "to_timestamp") {
            requireArgs(node, 1, 2);
            if (args.size() == 1) {
                if (!canCast(args[0]->type, DataType::timestamp()))
                    unexpectedInput(node, 1, "\"STRING\"", argAst(0), args[0]->type);
                return castTo(args[0], DataType::timestamp());
            }
            NodePtr fmt = toStringArgument(node, 2, argAst(1), args[1]);
            checkPattern(fmt, argAst(1));
            NodePtr x = args[0]->type.kind == TypeKind::Timestamp ? args[0]
                                                                   : toStringArgument(node, 1, argAst(0), args[0]);
            return makeNode(ExprOp::ToTimestamp, DataType::timestamp(), {x, fmt});
        }
        if (name == "unix_timestamp") {
            requireArgs(node, 0, 2);
            NodePtr x = args.empty() ? NodePtr(makeNode(ExprOp::CurrentTimestamp, DataType::timestamp()))
                                     : args[0];
            NodePtr fmt = args.size() > 1 ? toStringArgument(node, 2, argAst(1), args[1])
                                          : makeLiteral(Value::string("yyyy-MM-dd HH:mm:ss"), DataType::string());
            checkPattern(fmt, args.size() > 1 ? argAst(1) : node);
            if (x->type.kind != TypeKind::Timestamp)
                x = toStringArgument(node, 1, argAst(0), x);
            return makeNode(ExprOp::UnixTimestamp, DataType::int64(), {x, fmt});
        }
        if (name == "timestamp_seconds") {
            requireArgs(node, 1, 1);
            NodePtr x = numericArgument(node, 1, argAst(0), args[0]);
            return makeNode(ExprOp::TimestampSeconds, DataType::timestamp(), {x});
        }
        if (name == "current_timestamp" || name == "now") {
            requireArgs(node, 0, 0);
            return makeNode(ExprOp::CurrentTimestamp, DataType::timestamp());
        }
        throw analysisError("unknown function '" + name + "'", positionOf(node));
    }

    static void checkPattern(const NodePtr &fmt, const AstNode &at)
    {
        if (!fmt->isLiteral() || fmt->literal.isNull())
            return;
        std::string error;
        if (!DateTimePattern::compile(fmt->literal.asString(), &error))
            throw analysisError(error, positionOf(at));
    }

    NodePtr bindAggregateCall(const AstNode &node);

    const Schema &m_schema;
    AggregateScope *m_aggregate = nullptr;
    bool m_insideAggregate = false;
};

NodePtr Binder::bindAggregateCall(const AstNode &node)
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
    call.distinct = node.distinct;
    const bool star = node.children.size() == 1 && node.children[0]->kind == AstNode::Kind::Star;
    Binder inner(*m_aggregate->input, *m_aggregate);
    inner.m_insideAggregate = true;
    if (name == "count") {
        call.kind = AggregateKind::Count;
        call.resultType = DataType::int64();
        if (node.children.empty())
            throw analysisError("[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] The `count` requires at least "
                                "1 parameters but the actual number is 0.",
                                positionOf(node));
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
        const size_t maxArgs = (name == "first" || name == "last" || name == "first_value"
                                || name == "last_value") ? 2 : 1;
        requireArgs(node, 1, maxArgs);
        NodePtr arg = inner.bind(*node.children[0]);
        if (name == "sum" || name == "avg" || name == "mean") {
            if (arg->type.kind == TypeKind::String || arg->type.kind == TypeKind::Null)
                arg = castTo(arg, DataType::float64());
            if (!arg->type.isNumeric())
                unexpectedInput(node, 1,
                                "(\"NUMERIC\" or \"INTERVAL DAY TO SECOND\" or \"INTERVAL YEAR TO MONTH\")",
                                *node.children[0], arg->type);
            const DataType &t = arg->type;
            if (name == "sum") {
                call.kind = AggregateKind::Sum;
                call.resultType = t.kind == TypeKind::Decimal ? boundedDecimalType(t.precision + 10, t.scale)
                    : t.isIntegral() ? DataType::int64() : DataType::float64();
            } else {
                call.kind = AggregateKind::Avg;
                call.resultType = t.kind == TypeKind::Decimal
                    ? boundedDecimalType(t.precision + 4, t.scale + 4)
                    : DataType::float64();
            }
        } else if (name == "min" || name == "max") {
            call.kind = name == "min" ? AggregateKind::Min : AggregateKind::Max;
            call.resultType = arg->type;
        } else {
            call.kind = (name == "first" || name == "first_value") ? AggregateKind::First
                                                                   : AggregateKind::Last;
            call.resultType = arg->type;
            if (node.children.size() > 1) {
                NodePtr ignore = inner.bind(*node.children[1]);
                if (!ignore->isLiteral() || ignore->type.kind != TypeKind::Boolean)
                    mismatch(node, "NON_FOLDABLE_INPUT",
                             "the input `ignoreNulls` should be a foldable \"BOOLEAN\" expression; "
                             "however, got " + sqlText(*node.children[1]));
                call.ignoreNulls = ignore->literal.asBool();
            }
        }
        call.argument = arg;
    }
    const int index = static_cast<int>(m_aggregate->keys->size() + m_aggregate->calls.size());
    m_aggregate->calls.push_back(call);
    return makeColumnRef(index, call.resultType);
}

const AstNode &unaliased(const NamedAst &named) { return *named.expr; }

} // namespace

BoundExprPtr bind(const AstNode &node, const Schema &schema)
{
    return Binder(schema).bind(node);
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
    return field;
}

BoundAggregate bindAggregate(const NamedAst &named, const Schema &input, const Schema &keys)
{
    AggregateScope scope;
    scope.input = &input;
    scope.keys = &keys;
    Binder binder(input, scope);
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
