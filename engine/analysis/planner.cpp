#include "analysis/logical_plan.h"

#include "analysis/ast_rewrite.h"
#include "streamstep/interval.h"
#include "types/text.h"

#include <algorithm>
#include <functional>
#include <set>

namespace streamstep {

namespace {

using expr::AstNode;
using expr::AstPtr;

std::string positionText(const std::string &fileName, const TextPosition &pos)
{
    return fileName + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column);
}

// Rethrows an expression error with where it came from: "FILE:L:C: filter condition, column 8: …".
[[noreturn]] void failIn(const std::string &fileName, const ExprOrigin &origin, const Error &error)
{
    std::string message = positionText(fileName, origin.filePosition) + ": " + origin.what;
    if (error.expressionPosition())
        message += ", column " + std::to_string(error.expressionPosition()->column);
    message += ": " + error.message();
    throw Error(error.kind(), message, error.expressionPosition());
}

[[noreturn]] void failAt(const std::string &fileName, const TextPosition &pos, const std::string &what)
{
    throw analysisError(positionText(fileName, pos) + ": " + what);
}

template <class F>
auto withOrigin(const std::string &fileName, const ExprOrigin &origin, F &&f) -> decltype(f())
{
    try {
        return f();
    } catch (const Error &e) {
        failIn(fileName, origin, e);
    }
}

// A window()/session_window() call found in an op's expressions, replaced by a column.
struct WindowCall {
    bool session = false;
    AstPtr call;
    ExprOrigin origin;
};

std::optional<int64_t> durationArgument(const AstNode &arg, std::string *text)
{
    std::string interval;
    if (arg.kind == AstNode::Kind::Literal && arg.literal.type().kind == TypeKind::String)
        interval = arg.literal.asString();
    else if (arg.kind == AstNode::Kind::Interval)
        interval = arg.name;
    else
        return std::nullopt;
    *text = interval;
    std::string error;
    auto parsed = parseInterval(interval, &error);
    if (!parsed)
        throw analysisError("The duration '" + interval + "' is not a valid interval: " + error,
                            TextPosition{1, arg.begin + 1});
    auto micros = windowDurationMicros(*parsed);
    if (!micros)
        throw analysisError("Intervals greater than a month is not supported (" + interval + ").",
                            TextPosition{1, arg.begin + 1});
    return micros;
}

class Planner {
public:
    explicit Planner(const Scenario &scenario) : m_scenario(scenario) {}

    std::unique_ptr<CompiledQuery> plan()
    {
        auto query = std::make_unique<CompiledQuery>();
        query->scenario = m_scenario;
        query->sourceSchema = m_scenario.sourceSchema;
        query->outputMode = m_scenario.outputMode;
        query->sink = m_scenario.sink;

        Schema schema = m_scenario.sourceSchema;
        for (const QueryOp &op : m_scenario.query)
            addOp(op, schema);
        pushDownFilters();
        schema = m_scenario.sourceSchema;
        for (PlanNode &node : m_nodes)
            schema = bindNode(node, schema);

        query->nodes = std::move(m_nodes);
        query->resultSchema = schema;
        for (const PlanNode &n : query->nodes)
            if (n.kind == PlanNode::Kind::Watermark)
                ++query->numWatermarkNodes;
        query->hasWatermark = query->numWatermarkNodes > 0;
        return query;
    }

private:
    const std::string &fileName() const { return m_scenario.fileName; }

    AstPtr parse(const ExprText &text, const ExprOrigin &origin)
    {
        return withOrigin(fileName(), origin, [&] { return expr::parseExpression(text.text); });
    }
    expr::NamedAst parseNamed(const ExprText &text, const ExprOrigin &origin)
    {
        return withOrigin(fileName(), origin, [&] { return expr::parseNamedExpression(text.text); });
    }

    // Replaces window()/session_window() calls in `ast` by a reference to the column Spark adds
    // ("window" / "session_window") and records them.
    AstPtr extractWindows(const AstPtr &ast, const ExprOrigin &origin, std::vector<WindowCall> &calls)
    {
        return rewriteAst(ast, [&](const AstNode &node) -> AstPtr {
            if (node.kind != AstNode::Kind::Function
                || (node.name != "window" && node.name != "session_window"))
                return nullptr;
            WindowCall call;
            call.session = node.name == "session_window";
            call.call = std::make_shared<AstNode>(node);
            call.origin = origin;
            calls.push_back(call);
            auto column = std::make_shared<AstNode>();
            column->kind = AstNode::Kind::Column;
            column->nameParts = {call.session ? "session_window" : "window"};
            column->begin = node.begin;
            column->end = node.end;
            return column;
        });
    }

    void requireSingleWindow(const std::vector<WindowCall> &calls)
    {
        std::set<std::string> distinct;
        for (const WindowCall &c : calls)
            distinct.insert(astToText(*c.call));
        if (distinct.size() > 1)
            failAt(fileName(), calls[1].origin.filePosition,
                   "Multiple time/session window expressions would result in a cartesian product of "
                   "rows, therefore they are currently not supported.");
    }

    // Adds the TimeWindow node for a window() call (Spark's ResolveTimeWindows).
    void addTimeWindow(const WindowCall &call, const Schema &schema)
    {
        const AstNode &node = *call.call;
        PlanNode n;
        n.kind = PlanNode::Kind::TimeWindow;
        n.windowText = astToText(node);
        withOrigin(fileName(), call.origin, [&] {
            if (node.children.size() < 2 || node.children.size() > 4)
                throw analysisError("window() takes 2 to 4 arguments: window(timeColumn, "
                                    "windowDuration[, slideDuration[, startTime]])",
                                    TextPosition{1, node.begin + 1});
            std::string windowText;
            std::string slideText;
            std::string startText;
            auto duration = durationArgument(*node.children[1], &windowText);
            if (!duration)
                throw analysisError("window duration must be a string literal like '5 minutes'",
                                    TextPosition{1, node.children[1]->begin + 1});
            n.windowMicros = *duration;
            n.slideMicros = *duration;
            slideText = windowText;
            startText = "0 second";
            if (node.children.size() >= 3) {
                auto slide = durationArgument(*node.children[2], &slideText);
                if (!slide)
                    throw analysisError("slide duration must be a string literal like '1 minute'",
                                        TextPosition{1, node.children[2]->begin + 1});
                n.slideMicros = *slide;
            }
            if (node.children.size() == 4) {
                auto start = durationArgument(*node.children[3], &startText);
                if (!start)
                    throw analysisError("start time must be a string literal like '30 seconds'",
                                        TextPosition{1, node.children[3]->begin + 1});
                n.startMicros = *start;
            }
            // Spark: TimeWindow.checkInputDataTypes (DATATYPE_MISMATCH), in Spark's order
            const std::string prefix =
                "Cannot resolve \"" + astToText(node) + "\" due to data type mismatch: ";
            const TextPosition at{1, node.begin + 1};
            if (n.windowMicros <= 0)
                throw analysisError(prefix + "The `window_duration` must be between (0, "
                                        "9223372036854775807] (current value = "
                                        + std::to_string(n.windowMicros) + "L).", at);
            if (n.slideMicros <= 0)
                throw analysisError(prefix + "The `slide_duration` must be between (0, "
                                        "9223372036854775807] (current value = "
                                        + std::to_string(n.slideMicros) + "L).", at);
            if (n.slideMicros > n.windowMicros)
                throw analysisError(prefix + "The `slide_duration`(" + std::to_string(n.slideMicros)
                                        + ") must be <= the `window_duration`("
                                        + std::to_string(n.windowMicros) + ").", at);
            if ((n.startMicros < 0 ? -n.startMicros : n.startMicros) >= n.slideMicros)
                throw analysisError(prefix + "The `abs(start_time)`(" + std::to_string(n.startMicros)
                                        + ") must be < the `slide_duration`("
                                        + std::to_string(n.slideMicros) + ").", at);
            auto bound = expr::bind(*node.children[0], schema);
            if (bound->type.kind != TypeKind::Timestamp)
                throw analysisError("window() requires a timestamp time column, but '"
                                        + astToText(*node.children[0]) + "' is of type "
                                        + bound->type.sparkName(),
                                    TextPosition{1, node.children[0]->begin + 1});
            if (schema.indexOf("window") >= 0)
                throw analysisError("the input already has a column named 'window'",
                                    TextPosition{1, node.begin + 1});
        });
        n.conjuncts = {node.children[0]}; // the time expression, bound in bindNode
        n.conjunctOrigins = {call.origin};
        m_nodes.push_back(std::move(n));
    }

    void addOp(const QueryOp &op, Schema &schema)
    {
        switch (op.kind) {
        case QueryOp::Kind::WithWatermark: {
            PlanNode n;
            n.kind = PlanNode::Kind::Watermark;
            n.delayMs = op.delayMs;
            auto column = std::make_shared<AstNode>();
            column->kind = AstNode::Kind::Column;
            column->nameParts = {op.column};
            column->end = static_cast<int>(op.column.size());
            n.conjuncts = {column};
            n.conjunctOrigins = {ExprOrigin{"withWatermark column", op.position}};
            schema = bindNode(n, schema);
            m_nodes.push_back(std::move(n));
            return;
        }
        case QueryOp::Kind::Filter: {
            PlanNode n;
            n.kind = PlanNode::Kind::Filter;
            ExprOrigin origin{op.opName + " condition", op.condition.filePosition};
            std::vector<WindowCall> windows;
            AstPtr condition = extractWindows(parse(op.condition, origin), origin, windows);
            if (!windows.empty())
                failAt(fileName(), op.condition.filePosition,
                       op.opName + " condition: window() and session_window() are only allowed in "
                                   "groupBy keys, select and withColumn");
            for (const AstPtr &c : splitConjuncts(condition)) {
                n.conjuncts.push_back(c);
                n.conjunctOrigins.push_back(origin);
            }
            schema = bindNode(n, schema);
            m_nodes.push_back(std::move(n));
            return;
        }
        case QueryOp::Kind::Select:
        case QueryOp::Kind::WithColumn: {
            PlanNode n;
            n.kind = PlanNode::Kind::Project;
            std::vector<WindowCall> windows;
            if (op.kind == QueryOp::Kind::Select) {
                if (op.columns.empty())
                    failAt(fileName(), op.position, "select needs at least one column");
                for (size_t i = 0; i < op.columns.size(); ++i) {
                    ExprOrigin origin{"select column " + std::to_string(i + 1), op.columns[i].filePosition};
                    expr::NamedAst named = parseNamed(op.columns[i], origin);
                    named.expr = extractWindows(named.expr, origin, windows);
                    if (named.expr->kind == AstNode::Kind::Star) {
                        for (const Field &f : schema.fields) {
                            auto column = std::make_shared<AstNode>();
                            column->kind = AstNode::Kind::Column;
                            column->nameParts = {f.name};
                            column->end = static_cast<int>(f.name.size());
                            n.projections.push_back({column, std::nullopt});
                            n.projectionOrigins.push_back(origin);
                        }
                        continue;
                    }
                    n.projections.push_back(named);
                    n.projectionOrigins.push_back(origin);
                }
            } else {
                ExprOrigin origin{"withColumn expr", op.expr.filePosition};
                AstPtr value = extractWindows(parse(op.expr, origin), origin, windows);
                bool replaced = false;
                for (const Field &f : schema.fields) {
                    auto column = std::make_shared<AstNode>();
                    column->kind = AstNode::Kind::Column;
                    column->nameParts = {f.name};
                    column->end = static_cast<int>(f.name.size());
                    if (Schema{{f}}.indexOf(op.name) == 0) {
                        n.projections.push_back({value, op.name});
                        replaced = true;
                    } else {
                        n.projections.push_back({column, std::nullopt});
                    }
                    n.projectionOrigins.push_back(origin);
                }
                if (!replaced) {
                    n.projections.push_back({value, op.name});
                    n.projectionOrigins.push_back(origin);
                }
            }
            if (!windows.empty()) {
                requireSingleWindow(windows);
                if (windows[0].session)
                    failAt(fileName(), windows[0].origin.filePosition,
                           "session_window() is only supported as a groupBy key");
                addTimeWindow(windows[0], schema);
                schema = bindNode(m_nodes.back(), schema);
            }
            schema = bindNode(n, schema);
            m_nodes.push_back(std::move(n));
            return;
        }
        case QueryOp::Kind::GroupBy: {
            PlanNode n;
            n.kind = PlanNode::Kind::Aggregate;
            std::vector<WindowCall> windows;
            for (size_t i = 0; i < op.keys.size(); ++i) {
                ExprOrigin origin{"groupBy key " + std::to_string(i + 1), op.keys[i].filePosition};
                expr::NamedAst named = parseNamed(op.keys[i], origin);
                size_t before = windows.size();
                named.expr = extractWindows(named.expr, origin, windows);
                if (windows.size() > before && windows.back().session) {
                    n.kind = PlanNode::Kind::SessionWindowAggregate;
                    n.sessionKey = static_cast<int>(i);
                }
                n.keys.push_back(named);
                n.keyOrigins.push_back(origin);
            }
            for (size_t i = 0; i < op.aggs.size(); ++i) {
                ExprOrigin origin{"groupBy agg " + std::to_string(i + 1), op.aggs[i].filePosition};
                expr::NamedAst named = parseNamed(op.aggs[i], origin);
                std::vector<WindowCall> inAggs;
                extractWindows(named.expr, origin, inAggs);
                if (!inAggs.empty())
                    failAt(fileName(), op.aggs[i].filePosition,
                           "groupBy agg: window() and session_window() are only allowed as keys");
                n.aggregates.push_back(named);
                n.aggregateOrigins.push_back(origin);
            }
            if (op.aggs.empty())
                failAt(fileName(), op.position, "groupBy needs at least one aggregate in aggs");
            if (!windows.empty()) {
                requireSingleWindow(windows);
                if (windows[0].session) {
                    const AstNode &call = *windows[0].call;
                    withOrigin(fileName(), windows[0].origin, [&] {
                        if (call.children.size() != 2)
                            throw analysisError("session_window() takes 2 arguments: "
                                                "session_window(timeColumn, gapDuration)",
                                                TextPosition{1, call.begin + 1});
                        std::string gapText;
                        auto gap = durationArgument(*call.children[1], &gapText);
                        if (!gap)
                            throw analysisError("session_window gap must be a string literal "
                                                "like '10 minutes'",
                                                TextPosition{1, call.children[1]->begin + 1});
                        n.sessionGapMicros = *gap;
                        auto bound = expr::bind(*call.children[0], schema);
                        if (bound->type.kind != TypeKind::Timestamp || !bound->columnIndex)
                            throw analysisError("session_window() requires a timestamp column",
                                                TextPosition{1, call.children[0]->begin + 1});
                        n.sessionTimeColumn = *bound->columnIndex;
                        n.windowText = astToText(call);
                    });
                } else {
                    addTimeWindow(windows[0], schema);
                    schema = bindNode(m_nodes.back(), schema);
                }
            }
            schema = bindNode(n, schema);
            m_nodes.push_back(std::move(n));
            return;
        }
        case QueryOp::Kind::DropDuplicates: {
            PlanNode n;
            n.kind = PlanNode::Kind::Deduplicate;
            if (op.allColumns) {
                for (size_t i = 0; i < schema.size(); ++i)
                    n.dedupColumns.push_back(static_cast<int>(i));
            } else {
                for (const ExprText &c : op.columns) {
                    int index = schema.indexOf(c.text);
                    if (index < 0) {
                        std::string names;
                        for (const Field &f : schema.fields)
                            names += (names.empty() ? "" : ", ") + f.name;
                        failAt(fileName(), c.filePosition,
                               "dropDuplicates: Cannot resolve column name \"" + c.text
                                   + "\" among (" + names + ")");
                    }
                    n.dedupColumns.push_back(index);
                }
            }
            schema = bindNode(n, schema);
            m_nodes.push_back(std::move(n));
            return;
        }
        }
    }

    // Binds the node's expressions against `schema` and returns its output schema.
    Schema bindNode(PlanNode &n, const Schema &schema)
    {
        n.input = schema;
        switch (n.kind) {
        case PlanNode::Kind::Watermark: {
            const AstNode &column = *n.conjuncts[0];
            int index = schema.indexOf(column.nameParts[0]);
            if (index < 0)
                failAt(fileName(), n.conjunctOrigins[0].filePosition,
                       "withWatermark: unknown column '" + column.nameParts[0] + "'"
                           + suggestion(column.nameParts[0], schema));
            const Field &f = schema.fields[index];
            // Spark: CheckAnalysis — EventTimeWatermark on a non-timestamp column
            if (f.type.kind != TypeKind::Timestamp && f.type.kind != TypeKind::Window)
                failAt(fileName(), n.conjunctOrigins[0].filePosition,
                       "Event time must be defined on a window or a timestamp, but " + f.name
                           + " is of type " + f.type.sparkName());
            n.eventTimeColumn = index;
            n.output = schema;
            // Spark: EventTimeWatermark.output marks this column (and clears older markers).
            for (Field &field : n.output.fields)
                field.watermarkDelayMs.reset();
            n.output.fields[index].watermarkDelayMs = n.delayMs;
            return n.output;
        }
        case PlanNode::Kind::Filter: {
            n.boundConjuncts.clear();
            for (size_t i = 0; i < n.conjuncts.size(); ++i) {
                auto bound = withOrigin(fileName(), n.conjunctOrigins[i],
                                        [&] { return expr::bind(*n.conjuncts[i], schema); });
                if (bound->type.kind != TypeKind::Boolean && bound->type.kind != TypeKind::Null)
                    failAt(fileName(), n.conjunctOrigins[i].filePosition,
                           n.conjunctOrigins[i].what + ": filter expression '"
                               + astToText(*n.conjuncts[i]) + "' of type "
                               + bound->type.sparkName() + " is not a boolean.");
                n.boundConjuncts.push_back(bound);
            }
            n.output = schema;
            return n.output;
        }
        case PlanNode::Kind::Project: {
            n.boundProjections.clear();
            n.output = Schema{};
            for (size_t i = 0; i < n.projections.size(); ++i) {
                auto bound = withOrigin(fileName(), n.projectionOrigins[i],
                                        [&] { return expr::bind(*n.projections[i].expr, schema); });
                n.boundProjections.push_back(bound);
                n.output.fields.push_back(expr::outputField(n.projections[i], *bound, schema));
            }
            return n.output;
        }
        case PlanNode::Kind::TimeWindow: {
            auto bound = withOrigin(fileName(), n.conjunctOrigins[0],
                                    [&] { return expr::bind(*n.conjuncts[0], schema); });
            n.boundConjuncts = {bound};
            n.timeColumn = bound->columnIndex ? *bound->columnIndex : -1;
            n.output = schema;
            Field window{"window", DataType::window(), std::nullopt};
            // Spark: the window struct inherits the watermark marker of its time column.
            if (n.timeColumn >= 0)
                window.watermarkDelayMs = schema.fields[n.timeColumn].watermarkDelayMs;
            n.output.fields.push_back(window);
            return n.output;
        }
        case PlanNode::Kind::Aggregate:
        case PlanNode::Kind::SessionWindowAggregate: {
            n.boundKeys.clear();
            n.boundAggregates.clear();
            Schema bindSchema = schema;
            if (n.kind == PlanNode::Kind::SessionWindowAggregate) {
                Field session{"session_window", DataType::window(), std::nullopt};
                session.watermarkDelayMs = schema.fields[n.sessionTimeColumn].watermarkDelayMs;
                bindSchema.fields.push_back(session);
            }
            Schema keys;
            for (size_t i = 0; i < n.keys.size(); ++i) {
                auto bound = withOrigin(fileName(), n.keyOrigins[i],
                                        [&] { return expr::bind(*n.keys[i].expr, bindSchema); });
                n.boundKeys.push_back(bound);
                keys.fields.push_back(expr::outputField(n.keys[i], *bound, bindSchema));
            }
            n.output = keys;
            for (size_t i = 0; i < n.aggregates.size(); ++i) {
                auto bound = withOrigin(fileName(), n.aggregateOrigins[i], [&] {
                    return expr::bindAggregate(n.aggregates[i], bindSchema, keys);
                });
                n.output.fields.push_back(bound.field);
                n.boundAggregates.push_back(std::move(bound));
            }
            requireUniqueNames(n);
            return n.output;
        }
        case PlanNode::Kind::Deduplicate:
            n.output = schema;
            return n.output;
        }
        return schema;
    }

    void requireUniqueNames(const PlanNode &n)
    {
        (void)n; // Spark allows duplicate output names; ambiguity is reported when referenced.
    }

    static std::string suggestion(const std::string &name, const Schema &schema)
    {
        std::string names;
        for (const Field &f : schema.fields)
            names += (names.empty() ? "" : ", ") + f.name;
        (void)name;
        return " (available columns: " + names + ")";
    }

    // Spark's PushPredicateThroughNonJoin / PushDownPredicates, as far as they change what
    // StreamStep shows: a conjunct moves below a Project (aliases substituted), below a
    // TimeWindow it does not reference, below an Aggregate when it references only grouping
    // keys, below withWatermark when it does not reference the event-time column, and past
    // other filters. It never moves below dropDuplicates or a session window aggregate.
    void pushDownFilters()
    {
        bool moved = true;
        while (moved) {
            moved = false;
            for (size_t i = 1; i < m_nodes.size(); ++i) {
                PlanNode &filter = m_nodes[i];
                if (filter.kind != PlanNode::Kind::Filter)
                    continue;
                PlanNode &below = m_nodes[i - 1];
                std::vector<AstPtr> stay;
                std::vector<ExprOrigin> stayOrigins;
                std::vector<AstPtr> down;
                std::vector<ExprOrigin> downOrigins;
                for (size_t c = 0; c < filter.conjuncts.size(); ++c) {
                    AstPtr rewritten = pushThrough(filter.conjuncts[c], below);
                    if (rewritten) {
                        down.push_back(rewritten);
                        downOrigins.push_back(filter.conjunctOrigins[c]);
                    } else {
                        stay.push_back(filter.conjuncts[c]);
                        stayOrigins.push_back(filter.conjunctOrigins[c]);
                    }
                }
                if (down.empty())
                    continue;
                moved = true;
                if (below.kind == PlanNode::Kind::Filter) {
                    below.conjuncts.insert(below.conjuncts.end(), down.begin(), down.end());
                    below.conjunctOrigins.insert(below.conjunctOrigins.end(), downOrigins.begin(),
                                                 downOrigins.end());
                } else {
                    PlanNode pushed;
                    pushed.kind = PlanNode::Kind::Filter;
                    pushed.conjuncts = down;
                    pushed.conjunctOrigins = downOrigins;
                    m_nodes.insert(m_nodes.begin() + static_cast<long>(i - 1), pushed);
                    ++i; // the filter moved one place up in the vector
                }
                PlanNode &rest = m_nodes[i];
                rest.conjuncts = stay;
                rest.conjunctOrigins = stayOrigins;
                if (rest.conjuncts.empty())
                    m_nodes.erase(m_nodes.begin() + static_cast<long>(i));
            }
        }
    }

    // The conjunct rewritten to apply below `node`, or null when it must stay above it.
    AstPtr pushThrough(const AstPtr &conjunct, const PlanNode &node)
    {
        if (!isDeterministic(*conjunct))
            return nullptr;
        std::set<std::string> refs = referencedNames(*conjunct);
        switch (node.kind) {
        case PlanNode::Kind::Filter:
            return conjunct;
        case PlanNode::Kind::Watermark:
            if (refs.count(asciiLowerCase(node.input.fields[node.eventTimeColumn].name)))
                return nullptr;
            return conjunct;
        case PlanNode::Kind::TimeWindow:
            if (refs.count("window"))
                return nullptr;
            return conjunct;
        case PlanNode::Kind::Project: {
            std::vector<std::pair<std::string, AstPtr>> definitions;
            for (size_t i = 0; i < node.projections.size(); ++i) {
                if (!isDeterministic(*node.projections[i].expr))
                    return nullptr;
                definitions.emplace_back(asciiLowerCase(node.output.fields[i].name), node.projections[i].expr);
            }
            return substituteColumns(conjunct, definitions);
        }
        case PlanNode::Kind::Aggregate: {
            if (node.keys.empty() || refs.empty())
                return nullptr;
            std::vector<std::pair<std::string, AstPtr>> definitions;
            for (size_t i = 0; i < node.keys.size(); ++i)
                definitions.emplace_back(asciiLowerCase(node.output.fields[i].name), node.keys[i].expr);
            for (const std::string &r : refs) {
                bool isKey = std::any_of(definitions.begin(), definitions.end(),
                                         [&](const auto &d) { return d.first == r; });
                if (!isKey)
                    return nullptr;
            }
            return substituteColumns(conjunct, definitions);
        }
        case PlanNode::Kind::SessionWindowAggregate:
        case PlanNode::Kind::Deduplicate:
            return nullptr;
        }
        return nullptr;
    }

    const Scenario &m_scenario;
    std::vector<PlanNode> m_nodes;
};

} // namespace

int PlanNode::eventTimeKeyIndex() const
{
    return output.eventTimeIndex();
}

std::unique_ptr<CompiledQuery> planQuery(const Scenario &scenario)
{
    return Planner(scenario).plan();
}

} // namespace streamstep
