#include "analysis/logical_plan.h"

#include "analysis/ast_rewrite.h"
#include "analysis/bound_rewrite.h"
#include "streamstep/interval.h"
#include "types/text.h"

#include <algorithm>
#include <functional>
#include <set>

namespace streamstep {

namespace {

std::string positionText(const std::string &fileName, const TextPosition &pos)
{
    return fileName + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column);
}

} // namespace

Error locatedIn(const std::string &fileName, const ExprOrigin &origin, const Error &error)
{
    std::string message = positionText(fileName, origin.filePosition) + ": " + origin.what;
    if (error.expressionPosition())
        message += ", column " + std::to_string(error.expressionPosition()->column);
    message += ": " + error.message();
    Error located(error.kind(), message, error.expressionPosition());
    if (error.sparkMessage())
        located.withSparkMessage(*error.sparkMessage());
    return located;
}

[[noreturn]] void failIn(const std::string &fileName, const ExprOrigin &origin, const Error &error)
{
    throw locatedIn(fileName, origin, error);
}

namespace {

using expr::AstNode;
using expr::AstPtr;

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
        query->fileName = m_scenario.fileName;
        query->sourceName = m_scenario.sourceName;
        query->sourceSchema = m_scenario.sourceSchema;
        query->outputMode = m_scenario.outputMode;
        query->sink = m_scenario.sink;
        query->conf = sparkConfOf(m_scenario);
        m_bindOptions.version = query->conf.version;
        // spark.sql.ansi.enabled (the 4.2 profile's default): Spark's EvalMode.ANSI.
        m_bindOptions.mode = query->conf.ansi ? expr::EvalMode::Ansi : expr::EvalMode::Legacy;

        Schema schema = m_scenario.sourceSchema;
        for (const QueryOp &op : m_scenario.query)
            addOp(op, schema);
        pushDownFilters();

        query->nodes = std::move(m_nodes);
        query->resultSchema = query->nodes.empty() ? query->sourceSchema : query->nodes.back().output;
        for (PlanNode &n : query->nodes)
            if (auto *watermark = n.as<WatermarkNode>())
                watermark->watermarkId = query->numWatermarkNodes++;
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
    expr::BoundExprPtr bind(const AstNode &ast, const Schema &schema, const ExprOrigin &origin)
    {
        return withOrigin(fileName(), origin, [&] { return expr::bind(ast, schema, optionsFor(origin)); });
    }
    // The bind options for an expression of the query: the profile's, and the expression's text
    // and place for the runtime errors' excerpts.
    expr::BindOptions optionsFor(const ExprOrigin &origin) const
    {
        expr::BindOptions options = m_bindOptions;
        options.source = std::make_shared<const expr::ExpressionSource>(expr::ExpressionSource{origin.text, origin.what});
        return options;
    }

    // Appends a node and returns its output schema.
    template <class Spec> const Schema &push(const Schema &input, Schema output, Spec spec)
    {
        PlanNode n;
        n.input = input;
        n.output = std::move(output);
        n.spec = std::move(spec);
        m_nodes.push_back(std::move(n));
        return m_nodes.back().output;
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

    // Adds the TimeWindow node for a window() call (Spark's ResolveTimeWindows); returns its
    // output schema (the input plus the "window" column).
    const Schema &addTimeWindow(const WindowCall &call, const Schema &schema)
    {
        const AstNode &node = *call.call;
        TimeWindowNode n;
        n.text = astToText(node);
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
            n.time = expr::bind(*node.children[0], schema, m_bindOptions);
            // Spark >= 3.4 also takes an earlier window struct (its window_time is used).
            if (n.time->type.kind != TypeKind::Timestamp && n.time->type.kind != TypeKind::Window)
                throw analysisError("window() requires a timestamp time column, but '"
                                        + astToText(*node.children[0]) + "' is of type "
                                        + n.time->type.sparkName(),
                                    TextPosition{1, node.children[0]->begin + 1});
        });
        n.timeColumn = n.time->columnIndex ? *n.time->columnIndex : -1;
        Schema output = schema;
        // A window over an earlier "window" column (chained aggregations): as in Spark, the
        // name now means the new window; the earlier one stays under another name.
        for (Field &f : output.fields)
            if (equalsIgnoreCase(f.name, "window"))
                f.name = "window (before " + n.text + ")";
        Field window{"window", DataType::window(), std::nullopt};
        // Spark: the window struct inherits the watermark marker of its time column.
        if (n.timeColumn >= 0)
            window.watermarkDelayMs = schema.fields[static_cast<size_t>(n.timeColumn)].watermarkDelayMs;
        output.fields.push_back(window);
        return push(schema, std::move(output), std::move(n));
    }

    static AstPtr columnAst(const std::string &name)
    {
        auto column = std::make_shared<AstNode>();
        column->kind = AstNode::Kind::Column;
        column->nameParts = {name};
        column->end = static_cast<int>(name.size());
        return column;
    }

    void addOp(const QueryOp &op, Schema &schema)
    {
        switch (op.kind) {
        case QueryOp::Kind::WithWatermark: {
            const int index = schema.indexOf(op.column);
            if (index < 0)
                failAt(fileName(), op.position,
                       "withWatermark: unknown column '" + op.column + "'" + availableColumns(schema));
            const Field &f = schema.fields[static_cast<size_t>(index)];
            // Spark: CheckAnalysis — EventTimeWatermark on a non-timestamp column
            if (f.type.kind != TypeKind::Timestamp && f.type.kind != TypeKind::Window)
                failAt(fileName(), op.position,
                       "Event time must be defined on a window or a timestamp, but " + f.name
                           + " is of type " + f.type.sparkName());
            WatermarkNode n;
            n.eventTimeColumn = index;
            n.delayMs = op.delayMs;
            n.delayText = op.delay;
            Schema output = schema;
            // Spark: EventTimeWatermark.output marks this column (and clears older markers).
            for (Field &field : output.fields)
                field.watermarkDelayMs.reset();
            output.fields[static_cast<size_t>(index)].watermarkDelayMs = op.delayMs;
            schema = push(schema, std::move(output), std::move(n));
            return;
        }
        case QueryOp::Kind::Filter: {
            FilterNode n;
            ExprOrigin origin{op.opName + " condition", op.condition.filePosition, op.condition.text};
            std::vector<WindowCall> windows;
            AstPtr condition = extractWindows(parse(op.condition, origin), origin, windows);
            if (!windows.empty())
                failAt(fileName(), op.condition.filePosition,
                       op.opName + " condition: window() and session_window() are only allowed in "
                                   "groupBy keys, select and withColumn");
            for (const AstPtr &c : splitConjuncts(condition)) {
                auto bound = bind(*c, schema, origin);
                if (bound->type.kind != TypeKind::Boolean && bound->type.kind != TypeKind::Null)
                    failAt(fileName(), origin.filePosition,
                           origin.what + ": filter expression '" + astToText(*c) + "' of type "
                               + bound->type.sparkName() + " is not a boolean.");
                // The conjunct as the user wrote it (its span of the condition's text).
                const std::string &written = op.condition.text;
                const bool spanned = c->begin >= 0 && c->end > c->begin && static_cast<size_t>(c->end) <= written.size();
                n.conjuncts.push_back({bound, origin,
                                       spanned ? written.substr(static_cast<size_t>(c->begin),
                                                                static_cast<size_t>(c->end - c->begin))
                                               : astToText(*c)});
            }
            schema = push(schema, schema, std::move(n));
            return;
        }
        case QueryOp::Kind::Select:
        case QueryOp::Kind::WithColumn: {
            std::vector<expr::NamedAst> projections;
            std::vector<ExprOrigin> origins;
            std::vector<WindowCall> windows;
            if (op.kind == QueryOp::Kind::Select) {
                if (op.columns.empty())
                    failAt(fileName(), op.position, "select needs at least one column");
                for (size_t i = 0; i < op.columns.size(); ++i) {
                    ExprOrigin origin{"select column " + std::to_string(i + 1), op.columns[i].filePosition,
                                      op.columns[i].text};
                    expr::NamedAst named = parseNamed(op.columns[i], origin);
                    named.expr = extractWindows(named.expr, origin, windows);
                    if (named.expr->kind == AstNode::Kind::Star) {
                        for (const Field &f : schema.fields) {
                            projections.push_back({columnAst(f.name), std::nullopt});
                            origins.push_back(origin);
                        }
                        continue;
                    }
                    projections.push_back(named);
                    origins.push_back(origin);
                }
            } else {
                ExprOrigin origin{"withColumn expr", op.expr.filePosition, op.expr.text};
                AstPtr value = extractWindows(parse(op.expr, origin), origin, windows);
                bool replaced = false;
                for (const Field &f : schema.fields) {
                    if (Schema{{f}}.indexOf(op.name) == 0) {
                        projections.push_back({value, op.name});
                        replaced = true;
                    } else {
                        projections.push_back({columnAst(f.name), std::nullopt});
                    }
                    origins.push_back(origin);
                }
                if (!replaced) {
                    projections.push_back({value, op.name});
                    origins.push_back(origin);
                }
            }
            if (!windows.empty()) {
                requireSingleWindow(windows);
                if (windows[0].session)
                    failAt(fileName(), windows[0].origin.filePosition,
                           "session_window() is only supported as a groupBy key");
                schema = addTimeWindow(windows[0], schema);
            }
            ProjectNode n;
            Schema output;
            for (size_t i = 0; i < projections.size(); ++i) {
                auto bound = bind(*projections[i].expr, schema, origins[i]);
                output.fields.push_back(expr::outputField(projections[i], *bound, schema));
                n.projections.push_back(std::move(bound));
            }
            schema = push(schema, std::move(output), std::move(n));
            return;
        }
        case QueryOp::Kind::GroupBy: {
            std::vector<expr::NamedAst> keys;
            std::vector<ExprOrigin> keyOrigins;
            std::vector<WindowCall> windows;
            int sessionKey = -1;
            for (size_t i = 0; i < op.keys.size(); ++i) {
                ExprOrigin origin{"groupBy key " + std::to_string(i + 1), op.keys[i].filePosition, op.keys[i].text};
                expr::NamedAst named = parseNamed(op.keys[i], origin);
                const size_t before = windows.size();
                named.expr = extractWindows(named.expr, origin, windows);
                if (windows.size() > before && windows.back().session)
                    sessionKey = static_cast<int>(i);
                keys.push_back(named);
                keyOrigins.push_back(origin);
            }
            std::vector<expr::NamedAst> aggregates;
            std::vector<ExprOrigin> aggregateOrigins;
            for (size_t i = 0; i < op.aggs.size(); ++i) {
                ExprOrigin origin{"groupBy agg " + std::to_string(i + 1), op.aggs[i].filePosition, op.aggs[i].text};
                expr::NamedAst named = parseNamed(op.aggs[i], origin);
                std::vector<WindowCall> inAggs;
                extractWindows(named.expr, origin, inAggs);
                if (!inAggs.empty())
                    failAt(fileName(), op.aggs[i].filePosition,
                           "groupBy agg: window() and session_window() are only allowed as keys");
                aggregates.push_back(named);
                aggregateOrigins.push_back(origin);
            }
            if (op.aggs.empty())
                failAt(fileName(), op.position, "groupBy needs at least one aggregate in aggs");
            SessionWindowAggregateNode session;
            const bool isSession = !windows.empty() && windows[0].session;
            if (!windows.empty()) {
                requireSingleWindow(windows);
                if (isSession)
                    bindSessionWindow(windows[0], schema, session);
                else
                    schema = addTimeWindow(windows[0], schema);
            }
            // A session aggregate's keys see the input plus its "session_window" column.
            Schema bindSchema = schema;
            if (isSession) {
                Field column{"session_window", DataType::window(), std::nullopt};
                column.watermarkDelayMs = schema.fields[static_cast<size_t>(session.timeColumn)].watermarkDelayMs;
                bindSchema.fields.push_back(column);
            }
            std::vector<expr::BoundExprPtr> boundKeys;
            std::vector<std::string> keyTexts;
            Schema output;
            for (size_t i = 0; i < keys.size(); ++i) {
                auto bound = bind(*keys[i].expr, bindSchema, keyOrigins[i]);
                output.fields.push_back(expr::outputField(keys[i], *bound, bindSchema));
                boundKeys.push_back(std::move(bound));
                keyTexts.push_back(astToText(*keys[i].expr));
            }
            const Schema keySchema = output;
            std::vector<expr::BoundAggregate> boundAggregates;
            std::vector<std::string> aggregateTexts;
            for (size_t i = 0; i < aggregates.size(); ++i) {
                auto bound = withOrigin(fileName(), aggregateOrigins[i], [&] {
                    return expr::bindAggregate(aggregates[i], bindSchema, keySchema, optionsFor(aggregateOrigins[i]));
                });
                output.fields.push_back(bound.field);
                boundAggregates.push_back(std::move(bound));
                aggregateTexts.push_back(astToText(*aggregates[i].expr));
            }
            // Spark allows duplicate output names; ambiguity is reported when one is referenced.
            if (isSession) {
                session.keys = std::move(boundKeys);
                session.aggregates = std::move(boundAggregates);
                session.sessionKey = sessionKey;
                session.keyTexts = std::move(keyTexts);
                session.aggregateTexts = std::move(aggregateTexts);
                schema = push(schema, std::move(output), std::move(session));
            } else {
                AggregateNode n;
                n.keys = std::move(boundKeys);
                n.aggregates = std::move(boundAggregates);
                n.keyTexts = std::move(keyTexts);
                n.aggregateTexts = std::move(aggregateTexts);
                schema = push(schema, std::move(output), std::move(n));
            }
            return;
        }
        case QueryOp::Kind::DropDuplicates: {
            DeduplicateNode n;
            if (op.allColumns) {
                for (size_t i = 0; i < schema.size(); ++i)
                    n.columns.push_back(static_cast<int>(i));
            } else {
                for (const ExprText &c : op.columns) {
                    const int index = schema.indexOf(c.text);
                    if (index < 0) {
                        std::string names;
                        for (const Field &f : schema.fields)
                            names += (names.empty() ? "" : ", ") + f.name;
                        failAt(fileName(), c.filePosition,
                               "dropDuplicates: Cannot resolve column name \"" + c.text
                                   + "\" among (" + names + ")");
                    }
                    n.columns.push_back(index);
                }
            }
            schema = push(schema, schema, std::move(n));
            return;
        }
        }
    }

    void bindSessionWindow(const WindowCall &window, const Schema &schema, SessionWindowAggregateNode &n)
    {
        const AstNode &call = *window.call;
        withOrigin(fileName(), window.origin, [&] {
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
            n.gapMicros = *gap;
            auto bound = expr::bind(*call.children[0], schema, m_bindOptions);
            if (bound->type.kind != TypeKind::Timestamp || !bound->columnIndex)
                throw analysisError("session_window() requires a timestamp column",
                                    TextPosition{1, call.children[0]->begin + 1});
            n.timeColumn = *bound->columnIndex;
            n.text = astToText(call);
        });
    }

    static std::string availableColumns(const Schema &schema)
    {
        std::string names;
        for (const Field &f : schema.fields)
            names += (names.empty() ? "" : ", ") + f.name;
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
                if (!m_nodes[i].is<FilterNode>())
                    continue;
                std::vector<Conjunct> stay;
                std::vector<Conjunct> down;
                for (const Conjunct &c : m_nodes[i].as<FilterNode>()->conjuncts) {
                    if (auto rewritten = pushThrough(c.condition, m_nodes[i - 1]))
                        down.push_back({std::move(rewritten), c.origin, c.text});
                    else
                        stay.push_back(c);
                }
                if (down.empty())
                    continue;
                moved = true;
                if (auto *below = m_nodes[i - 1].as<FilterNode>()) {
                    below->conjuncts.insert(below->conjuncts.end(), down.begin(), down.end());
                } else {
                    PlanNode pushed;
                    pushed.input = m_nodes[i - 1].input;
                    pushed.output = m_nodes[i - 1].input;
                    pushed.spec = FilterNode{std::move(down)};
                    m_nodes.insert(m_nodes.begin() + static_cast<long>(i - 1), std::move(pushed));
                    ++i; // the filter moved one place up in the vector
                }
                if (stay.empty())
                    m_nodes.erase(m_nodes.begin() + static_cast<long>(i));
                else
                    m_nodes[i].as<FilterNode>()->conjuncts = std::move(stay);
            }
        }
    }

    // The conjunct rewritten to apply below `node`, or null when it must stay above it.
    static expr::BoundExprPtr pushThrough(const expr::BoundExprPtr &conjunct, const PlanNode &node)
    {
        if (!conjunct->deterministic)
            return nullptr;
        const std::vector<int> &refs = conjunct->referencedColumns;
        if (node.is<FilterNode>())
            return conjunct;
        if (const auto *watermark = node.as<WatermarkNode>())
            return referencesColumn(*conjunct, watermark->eventTimeColumn) ? nullptr : conjunct;
        if (node.is<TimeWindowNode>()) // the window column is the last of its output
            return referencesColumn(*conjunct, static_cast<int>(node.output.size()) - 1) ? nullptr : conjunct;
        if (const auto *project = node.as<ProjectNode>()) {
            for (const auto &projection : project->projections)
                if (!projection->deterministic)
                    return nullptr;
            return substituteColumns(conjunct, project->projections);
        }
        if (const auto *aggregate = node.as<AggregateNode>()) {
            const int numKeys = static_cast<int>(aggregate->keys.size());
            if (numKeys == 0 || refs.empty() || refs.back() >= numKeys)
                return nullptr;
            return substituteColumns(conjunct, aggregate->keys);
        }
        return nullptr; // session window aggregates and dropDuplicates keep their filters above
    }

    const Scenario &m_scenario;
    expr::BindOptions m_bindOptions; // the profile's wording of Spark's errors
    std::vector<PlanNode> m_nodes;
};

} // namespace

size_t PlanNode::numKeys() const
{
    if (const auto *aggregate = as<AggregateNode>())
        return aggregate->keys.size();
    if (const auto *session = as<SessionWindowAggregateNode>())
        return session->keys.size();
    return 0;
}

int PlanNode::eventTimeKeyIndex() const
{
    return output.eventTimeIndex();
}

int sourceColumnOf(const CompiledQuery &query, size_t nodeIndex, int column)
{
    for (size_t j = std::min(nodeIndex, query.nodes.size()); j-- > 0 && column >= 0;) {
        const PlanNode &node = query.nodes[j];
        if (const auto *window = node.as<TimeWindowNode>()) {
            if (column == static_cast<int>(node.output.size()) - 1)
                column = window->timeColumn;
        } else if (const auto *project = node.as<ProjectNode>()) {
            const auto &projection = project->projections[static_cast<size_t>(column)];
            column = projection->columnIndex ? *projection->columnIndex : -1;
        } else if (node.isAggregation()) {
            column = -1; // an aggregate's rows are groups, not input rows
        }
    }
    return column;
}

std::unique_ptr<CompiledQuery> planQuery(const Scenario &scenario)
{
    return Planner(scenario).plan();
}

} // namespace streamstep
