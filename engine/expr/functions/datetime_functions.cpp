// Spark's datetime functions (datetimeExpressions.scala) in UTC: date_format, to_timestamp,
// unix_timestamp, timestamp_seconds, current_timestamp. Patterns are Java DateTimeFormatter's
// subset (datetime_pattern.h); a constant pattern is checked when binding, as Spark does.
#include "expr/analysis_errors.h"
#include "expr/cast.h"
#include "expr/datetime_pattern.h"
#include "expr/function_registry.h"
#include "expr/kernel.h"

#include "streamstep/time_math.h"
#include "types/decimal.h"

#include <cmath>

namespace streamstep::expr {

namespace {

constexpr const char *kDefaultPattern = "yyyy-MM-dd HH:mm:ss";

void checkPattern(const NodePtr &format, const AstNode &at)
{
    if (!format->isLiteral() || format->literal.isNull())
        return;
    std::string error;
    if (!DateTimePattern::compile(format->literal.asString(), &error))
        throw analysisError(error, positionOf(at));
}

// date_format, to_timestamp and unix_timestamp: args[0] a timestamp or string, args[1] the
// pattern; a NULL row or a pattern that does not compile gives NULL.
template <class RowFunction>
void withPattern(const ExprNode &node, const ArgumentColumns &in, Column &out, RowFunction row)
{
    std::optional<DateTimePattern> constant;
    if (node.args[1]->isLiteral() && !node.args[1]->literal.isNull())
        constant = DateTimePattern::compile(node.args[1]->literal.asString());
    for (size_t i = 0; i < out.size(); ++i) {
        if (in[0].nulls()[i] || in[1].nulls()[i]) {
            out.nulls()[i] = 1;
            continue;
        }
        std::optional<DateTimePattern> rowPattern;
        const DateTimePattern *pattern = constant ? &*constant : nullptr;
        if (!pattern) {
            rowPattern = DateTimePattern::compile(in[1].strings()[i]);
            pattern = rowPattern ? &*rowPattern : nullptr;
        }
        if (!pattern) {
            out.nulls()[i] = 1;
            continue;
        }
        row(*pattern, i);
    }
}

// The microseconds of row i of a timestamp argument, or of a string parsed with the pattern.
std::optional<int64_t> timestampOf(const Column &c, size_t i, const DateTimePattern &pattern)
{
    if (c.type().kind == TypeKind::Timestamp)
        return c.ints()[i];
    return pattern.parse(c.strings()[i]);
}

NodePtr bindDateFormat(const FunctionCall &call)
{
    NodePtr ts = call.typedArg(0, DataType::timestamp());
    NodePtr format = call.stringArg(1);
    checkPattern(format, call.argAst(1));
    return call.make(DataType::string(), {ts, format});
}

void dateFormatKernel(const ExprNode &node, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    withPattern(node, in, out, [&](const DateTimePattern &pattern, size_t i) {
        out.strings()[i] = pattern.format(in[0].ints()[i]);
    });
}

// Spark's ParseToTimestamp: without a pattern it is a cast to TIMESTAMP.
NodePtr bindToTimestamp(const FunctionCall &call)
{
    if (call.numArgs() == 1) {
        if (!canCast(call.arg(0)->type, DataType::timestamp()))
            call.unexpectedInput(0, "\"STRING\"");
        return castTo(call.arg(0), DataType::timestamp(), CastKind::Explicit);
    }
    NodePtr format = call.stringArg(1);
    checkPattern(format, call.argAst(1));
    NodePtr x = call.arg(0)->type.kind == TypeKind::Timestamp ? call.arg(0) : call.stringArg(0);
    return call.make(DataType::timestamp(), {x, format});
}

void toTimestampKernel(const ExprNode &node, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    withPattern(node, in, out, [&](const DateTimePattern &pattern, size_t i) {
        const std::optional<int64_t> micros = timestampOf(in[0], i, pattern);
        if (micros)
            out.ints()[i] = *micros;
        else
            out.nulls()[i] = 1;
    });
}

NodePtr currentTimestamp(const FunctionCall &call);

// Spark's UnixTimestamp(timeExp = current_timestamp(), format = 'yyyy-MM-dd HH:mm:ss'): whole
// seconds, floored.
NodePtr bindUnixTimestamp(const FunctionCall &call)
{
    NodePtr x = call.numArgs() == 0 ? currentTimestamp(call) : call.arg(0);
    NodePtr format = call.numArgs() > 1 ? call.stringArg(1)
                                        : makeLiteral(Value::string(kDefaultPattern), DataType::string());
    checkPattern(format, call.argAst(1));
    if (x->type.kind != TypeKind::Timestamp)
        x = call.stringArg(0);
    return call.make(DataType::int64(), {x, format});
}

void unixTimestampKernel(const ExprNode &node, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    withPattern(node, in, out, [&](const DateTimePattern &pattern, size_t i) {
        const std::optional<int64_t> micros = timestampOf(in[0], i, pattern);
        if (micros)
            out.ints()[i] = floorDiv(*micros, kMicrosPerSecond);
        else
            out.nulls()[i] = 1;
    });
}

NodePtr bindTimestampSeconds(const FunctionCall &call)
{
    return call.make(DataType::timestamp(), {call.numericArg(0)});
}

// Spark's SecondsToTimestamp: doubles that are not finite give NULL, others (d * 1e6).toLong,
// which saturates (Java); integral seconds wrap.
void timestampSecondsKernel(const ExprNode &, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    const Column &c = in[0];
    out.setNulls(c.nulls());
    for (size_t i = 0; i < out.size(); ++i) {
        if (c.nulls()[i])
            continue;
        switch (c.type().kind) {
        case TypeKind::Double:
            if (!std::isfinite(c.doubles()[i]))
                out.nulls()[i] = 1;
            else
                out.ints()[i] = doubleToLongJava(c.doubles()[i] * 1e6);
            break;
        case TypeKind::Decimal: {
            const int s = c.type().scale;
            // The low 64 bits of the micros (multiplied unsigned: beyond Int128 it wraps, defined).
            const unsigned __int128 v = s >= 6
                ? static_cast<unsigned __int128>(c.decimals()[i] / pow10Int128(s - 6))
                : static_cast<unsigned __int128>(c.decimals()[i]) * static_cast<unsigned __int128>(pow10Int128(6 - s));
            out.ints()[i] = static_cast<int64_t>(static_cast<uint64_t>(v));
            break;
        }
        default:
            out.ints()[i] = static_cast<int64_t>(static_cast<uint64_t>(c.ints()[i]) * 1000000u);
            break;
        }
    }
}

// The function's own registry entry, for unix_timestamp()'s implicit current_timestamp().
const FunctionDefinition &currentTimestampDefinition()
{
    return *FunctionRegistry::builtin().find("current_timestamp");
}

NodePtr currentTimestamp(const FunctionCall &call)
{
    (void)call;
    auto node = makeNode(ExprOp::Function, DataType::timestamp());
    node->function = &currentTimestampDefinition();
    // A streaming query's current_timestamp() becomes Spark's CurrentBatchTimestamp, which is
    // Nondeterministic: a filter on it is never pushed below an aggregate (it filters the
    // result table, not the rows that enter the state).
    node->deterministic = false;
    return node;
}

// Spark's CurrentTimestamp: the same instant for the whole micro-batch (the trigger's time).
void currentTimestampKernel(const ExprNode &, const ArgumentColumns &, const EvalContext &context, Column &out)
{
    std::fill(out.ints().begin(), out.ints().end(), context.currentTimestampMicros);
}

} // namespace

void registerDatetimeFunctions(FunctionRegistry &registry)
{
    registry.add({.name = "date_format", .minArgs = 2, .maxArgs = 2, .bind = bindDateFormat,
                  .kernel = dateFormatKernel});
    registry.add({.name = "to_timestamp", .minArgs = 1, .maxArgs = 2, .bind = bindToTimestamp,
                  .kernel = toTimestampKernel});
    registry.add({.name = "unix_timestamp", .minArgs = 0, .maxArgs = 2,
                  .trailingDefaults = {Value::string(kDefaultPattern)}, .bind = bindUnixTimestamp,
                  .kernel = unixTimestampKernel});
    registry.add({.name = "timestamp_seconds", .minArgs = 1, .maxArgs = 1, .bind = bindTimestampSeconds,
                  .kernel = timestampSecondsKernel});
    registry.add({.name = "current_timestamp", .aliases = {"now"}, .minArgs = 0, .maxArgs = 0,
                  .bind = [](const FunctionCall &call) { return currentTimestamp(call); },
                  .kernel = currentTimestampKernel});
}

} // namespace streamstep::expr
