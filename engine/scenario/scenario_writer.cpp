#include "streamstep/scenario.h"

#include "streamstep/value_format.h"

#include <cmath>
#include <limits>
#include <string>

namespace streamstep {

namespace {

using OrderedJson = nlohmann::ordered_json;

// Containers whose one-line form fits this width are written on one line (rows, columns).
constexpr size_t kMaxInlineWidth = 100;
constexpr int kIndent = 2;

std::string scalarText(const OrderedJson &value)
{
    return value.dump(-1, ' ', false, OrderedJson::error_handler_t::replace);
}

// Writes a value on one line with ", " and ": " separators, as people write JSON by hand; gives
// up (false) as soon as the text grows past `limit`, so huge arrays are not rendered twice.
bool writeInline(std::string &out, const OrderedJson &value, size_t limit)
{
    if (out.size() > limit)
        return false;
    if (value.is_array()) {
        out += '[';
        bool first = true;
        for (const OrderedJson &item : value) {
            if (!first)
                out += ", ";
            first = false;
            if (!writeInline(out, item, limit))
                return false;
        }
        out += ']';
    } else if (value.is_object()) {
        out += '{';
        bool first = true;
        for (const auto &[key, item] : value.items()) {
            if (!first)
                out += ", ";
            first = false;
            out += scalarText(OrderedJson(key));
            out += ": ";
            if (!writeInline(out, item, limit))
                return false;
        }
        out += '}';
    } else {
        out += scalarText(value);
    }
    return out.size() <= limit;
}

void writePretty(std::string &out, const OrderedJson &value, int indent, bool forceMultiLine)
{
    if (!value.is_structured() || value.empty()) {
        writeInline(out, value, std::numeric_limits<size_t>::max());
        return;
    }
    if (!forceMultiLine && static_cast<size_t>(indent) < kMaxInlineWidth) {
        std::string oneLine;
        if (writeInline(oneLine, value, kMaxInlineWidth - static_cast<size_t>(indent))) {
            out += oneLine;
            return;
        }
    }
    const std::string inner(static_cast<size_t>(indent + kIndent), ' ');
    const bool isArray = value.is_array();
    out += isArray ? "[\n" : "{\n";
    bool first = true;
    for (const auto &[key, item] : value.items()) {
        if (!first)
            out += ",\n";
        first = false;
        out += inner;
        if (!isArray) {
            out += scalarText(OrderedJson(key));
            out += ": ";
        }
        writePretty(out, item, indent + kIndent, false);
    }
    out += '\n';
    out += std::string(static_cast<size_t>(indent), ' ');
    out += isArray ? ']' : '}';
}

OrderedJson toOrdered(const nlohmann::json &value)
{
    return OrderedJson::parse(value.dump());
}

OrderedJson valueJson(const Value &value)
{
    if (value.isNull())
        return nullptr;
    switch (value.type().kind) {
    case TypeKind::Boolean: return value.asBool();
    case TypeKind::Int: return value.asInt();
    case TypeKind::Long: return value.asLong();
    case TypeKind::Double: {
        const double d = value.asDouble();
        // Spark's spelling; JSON numbers cannot hold these.
        if (std::isnan(d))
            return "NaN";
        if (std::isinf(d))
            return d > 0 ? "Infinity" : "-Infinity";
        return d;
    }
    case TypeKind::Decimal: return formatDecimal(value.asDecimal().unscaled, value.asDecimal().scale);
    case TypeKind::String: return value.asString();
    case TypeKind::Timestamp: return formatTimestamp(value.asTimestamp());
    case TypeKind::Window:
        return OrderedJson{{"start", formatTimestamp(value.asWindow().startMicros)},
                           {"end", formatTimestamp(value.asWindow().endMicros)}};
    case TypeKind::Null: break;
    }
    return nullptr;
}

OrderedJson exprList(const std::vector<ExprText> &exprs)
{
    OrderedJson out = OrderedJson::array();
    for (const ExprText &expr : exprs)
        out.push_back(expr.text);
    return out;
}

std::string defaultOpName(QueryOp::Kind kind)
{
    switch (kind) {
    case QueryOp::Kind::WithWatermark: return "withWatermark";
    case QueryOp::Kind::Filter: return "filter";
    case QueryOp::Kind::Select: return "select";
    case QueryOp::Kind::WithColumn: return "withColumn";
    case QueryOp::Kind::GroupBy: return "groupBy";
    case QueryOp::Kind::DropDuplicates: return "dropDuplicates";
    }
    return "filter";
}

OrderedJson opJson(const QueryOp &op)
{
    OrderedJson out = OrderedJson::object();
    const bool keepName = op.kind == QueryOp::Kind::Filter && op.opName == "where";
    out["op"] = keepName ? op.opName : defaultOpName(op.kind);
    switch (op.kind) {
    case QueryOp::Kind::WithWatermark:
        out["column"] = op.column;
        out["delay"] = op.delay.empty() ? std::to_string(op.delayMs) + " milliseconds" : op.delay;
        break;
    case QueryOp::Kind::Filter: out["condition"] = op.condition.text; break;
    case QueryOp::Kind::Select: out["columns"] = exprList(op.columns); break;
    case QueryOp::Kind::WithColumn:
        out["name"] = op.name;
        out["expr"] = op.expr.text;
        break;
    case QueryOp::Kind::GroupBy:
        out["keys"] = exprList(op.keys);
        out["aggs"] = exprList(op.aggs);
        break;
    case QueryOp::Kind::DropDuplicates:
        if (!op.allColumns)
            out["columns"] = exprList(op.columns);
        break;
    }
    return out;
}

OrderedJson questionJson(const QuizQuestion &question)
{
    OrderedJson out = OrderedJson{{"kind", quizKindName(question.kind)}, {"prompt", question.prompt}};
    if (!question.promptDe.empty())
        out["prompt_de"] = question.promptDe;
    if (question.kind == QuizKind::Choice) {
        out["options"] = question.options;
        if (!question.optionsDe.empty())
            out["options_de"] = question.optionsDe;
        if (question.multipleAnswers || question.answer.size() != 1)
            out["answer"] = question.answer;
        else
            out["answer"] = question.answer.front();
        if (question.fact != QuizFact::None)
            out["fact"] = quizFactName(question.fact);
    }
    if (!question.explain.empty())
        out["explain"] = question.explain;
    if (!question.explainDe.empty())
        out["explain_de"] = question.explainDe;
    return out;
}

OrderedJson scenarioJson(const Scenario &scenario)
{
    OrderedJson out = OrderedJson::object();
    out["format"] = "streamstep-scenario";
    out["version"] = 1;
    if (!scenario.title.empty())
        out["title"] = scenario.title;
    if (!scenario.description.empty())
        out["description"] = scenario.description;
    if (!scenario.titleDe.empty())
        out["title_de"] = scenario.titleDe;
    if (!scenario.descriptionDe.empty())
        out["description_de"] = scenario.descriptionDe;
    if (!scenario.topic.empty())
        out["topic"] = scenario.topic;
    if (scenario.level != LessonLevel::None)
        out["level"] = lessonLevelName(scenario.level);
    if (!scenario.tags.empty())
        out["tags"] = scenario.tags;
    if (scenario.hasSparkVersion)
        out["sparkVersion"] = sparkVersionName(scenario.sparkVersion);
    if (!scenario.conf.empty()) {
        OrderedJson conf = OrderedJson::object();
        for (const ConfEntry &entry : scenario.conf)
            conf[entry.key] = entry.value;
        out["conf"] = conf;
    }

    OrderedJson schema = OrderedJson::array();
    for (const Field &field : scenario.sourceSchema.fields)
        schema.push_back(OrderedJson{{"name", field.name}, {"type", field.type.scenarioName()}});
    out["source"] = OrderedJson{{"name", scenario.sourceName}, {"schema", schema}};

    OrderedJson query = OrderedJson::array();
    for (const QueryOp &op : scenario.query)
        query.push_back(opJson(op));
    out["query"] = query;
    out["outputMode"] = outputModeName(scenario.outputMode);

    OrderedJson options = OrderedJson::object();
    for (const auto &[key, value] : scenario.sink.options)
        options[key] = toOrdered(value);
    out["sink"] = OrderedJson{{"format", scenario.sink.format}, {"options", options}};

    OrderedJson steps = OrderedJson::array();
    for (const Step &step : scenario.steps) {
        OrderedJson rows = OrderedJson::array();
        for (size_t r = 0; r < step.rows.numRows; ++r) {
            OrderedJson row = OrderedJson::array();
            for (size_t c = 0; c < step.rows.columns.size(); ++c)
                row.push_back(valueJson(step.rows.get(r, c)));
            rows.push_back(std::move(row));
        }
        OrderedJson stepJson = OrderedJson{{"rows", rows}};
        if (step.processingTimeMicros)
            stepJson["processingTime"] = formatTimestamp(*step.processingTimeMicros);
        if (!step.quiz.empty()) {
            OrderedJson quiz = OrderedJson::array();
            for (const QuizQuestion &question : step.quiz)
                quiz.push_back(questionJson(question));
            stepJson["quiz"] = std::move(quiz);
        }
        steps.push_back(std::move(stepJson));
    }
    out["steps"] = steps;

    if (!scenario.expect.empty()) {
        OrderedJson expect = OrderedJson::array();
        for (const Expectation &e : scenario.expect) {
            OrderedJson entry = OrderedJson{{"step", e.step}};
            if (e.emitted)
                entry["emitted"] = toOrdered(*e.emitted);
            if (e.stateRows)
                entry["stateRows"] = *e.stateRows;
            if (e.stateRowsUpdated)
                entry["stateRowsUpdated"] = *e.stateRowsUpdated;
            if (e.droppedByWatermark)
                entry["droppedByWatermark"] = *e.droppedByWatermark;
            if (e.eventTime)
                entry["eventTime"] = toOrdered(*e.eventTime);
            expect.push_back(std::move(entry));
        }
        out["expect"] = expect;
    }
    if (scenario.expectError) {
        OrderedJson expectError = OrderedJson{{"exitCode", scenario.expectError->exitCode}};
        const auto &contains = scenario.expectError->messageContains;
        if (contains.size() == 1)
            expectError["messageContains"] = contains.front();
        else if (!contains.empty())
            expectError["messageContains"] = contains;
        out["expectError"] = expectError;
    }
    return out;
}

} // namespace

std::string writeScenario(const Scenario &scenario)
{
    std::string out;
    writePretty(out, scenarioJson(scenario), 0, true);
    out += '\n';
    return out;
}

} // namespace streamstep
