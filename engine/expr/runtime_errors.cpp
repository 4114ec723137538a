#include "expr/runtime_errors.h"

#include "expr/analysis_errors.h"

#include <algorithm>
#include <vector>

namespace streamstep::expr {

namespace {

const char kAnsiConfig[] = "\"spark.sql.ansi.enabled\"";

// Spark's message, " SQLSTATE: …", and the context's summary on the lines below.
std::string sparkText(const std::string &message, const char *sqlState, const QueryContext &context)
{
    std::string text = message + " SQLSTATE: " + sqlState;
    const std::string summary = context.summary();
    if (!summary.empty())
        text += "\n" + summary;
    return text;
}

[[noreturn]] void raise(const QueryContext &context, const std::string &detail, std::string spark)
{
    std::string message;
    if (context.source && !context.source->what.empty())
        message = context.source->what + ": ";
    message += detail;
    if (context.isValid())
        message += " in `" + context.fragment() + "`";
    throw Error(ErrorKind::Runtime, message).withSparkMessage(std::move(spark));
}

// Spark's toSQLValue of a string: single quotes, backslashes and quotes escaped.
std::string sqlString(const std::string &value)
{
    std::string out = "'";
    for (char c : value) {
        if (c == '\\' || c == '\'')
            out.push_back('\\');
        out.push_back(c);
    }
    return out + "'";
}

} // namespace

bool QueryContext::isValid() const
{
    return source && begin >= 0 && end > begin && static_cast<size_t>(end) <= source->text.size();
}

std::string QueryContext::fragment() const
{
    if (!isValid())
        return {};
    return source->text.substr(static_cast<size_t>(begin), static_cast<size_t>(end - begin));
}

// A port of SQLQueryContext.summary (sql/api …/trees/QueryContexts.scala), index for index:
// `start`/`stop` are the first and last character of the span, Spark's originStartIndex and
// originStopIndex; the line and position are those of the start (Origin.line, startPosition).
std::string QueryContext::summary() const
{
    if (!isValid())
        return {};
    const std::string &text = source->text;
    const long length = static_cast<long>(text.size());
    const long start = begin;
    const long stop = std::min<long>(end - 1, length - 1);
    long line = 1;
    long lineBegin = 0;
    for (long i = 0; i < start; ++i)
        if (text[static_cast<size_t>(i)] == '\n') {
            ++line;
            lineBegin = i + 1;
        }
    std::string out = "== SQL (line " + std::to_string(line) + ", position " + std::to_string(start - lineBegin + 1)
        + ") ==\n";
    constexpr long kMaxExtraContextLength = 32;
    const std::string truncatedText = "...";
    long lineStartIndex = start;
    while (lineStartIndex >= 0 && start - lineStartIndex <= kMaxExtraContextLength
           && text[static_cast<size_t>(lineStartIndex)] != '\n')
        --lineStartIndex;
    const bool startTruncated = start - lineStartIndex > kMaxExtraContextLength;
    long currentIndex = lineStartIndex;
    if (startTruncated)
        currentIndex -= static_cast<long>(truncatedText.size());
    long lineStopIndex = stop;
    while (lineStopIndex < length && lineStopIndex - stop <= kMaxExtraContextLength
           && text[static_cast<size_t>(lineStopIndex)] != '\n')
        ++lineStopIndex;
    const bool stopTruncated = lineStopIndex - stop > kMaxExtraContextLength;
    const std::string sub = (startTruncated ? truncatedText : "")
        + text.substr(static_cast<size_t>(lineStartIndex + 1), static_cast<size_t>(lineStopIndex - lineStartIndex - 1))
        + (stopTruncated ? truncatedText : "");
    // Java's String.split("\n"): trailing empty strings are dropped.
    std::vector<std::string> lines;
    size_t from = 0;
    while (true) {
        const size_t nl = sub.find('\n', from);
        lines.push_back(sub.substr(from, nl == std::string::npos ? std::string::npos : nl - from));
        if (nl == std::string::npos)
            break;
        from = nl + 1;
    }
    while (lines.size() > 1 && lines.back().empty())
        lines.pop_back();
    for (const std::string &lineText : lines) {
        out += lineText + "\n";
        ++currentIndex;
        for (size_t k = 0; k < lineText.size(); ++k) {
            if (currentIndex < start)
                out += ' ';
            else if (currentIndex <= stop)
                out += '^';
            ++currentIndex;
        }
        out += "\n";
    }
    return out;
}

void throwDivideByZero(const QueryContext &context, bool remainder)
{
    const std::string message = remainder
        ? std::string("[REMAINDER_BY_ZERO] Remainder by zero. Use `try_mod` to tolerate divisor being 0 and return "
                      "NULL instead. If necessary set ")
            + kAnsiConfig + " to \"false\" to bypass this error."
        : std::string("[DIVIDE_BY_ZERO] Division by zero. Use `try_divide` to tolerate divisor being 0 and return "
                      "NULL instead. If necessary set ")
            + kAnsiConfig + " to \"false\" to bypass this error.";
    raise(context, remainder ? "remainder by zero" : "division by zero", sparkText(message, "22012", context));
}

void throwArithmeticOverflow(const QueryContext &context, const std::string &what, const std::string &hint,
                             const std::string &detail)
{
    std::string message = "[ARITHMETIC_OVERFLOW] " + what + ".";
    if (!hint.empty())
        message += " Use '" + hint + "' to tolerate overflow and return NULL instead.";
    message += std::string(" If necessary set ") + kAnsiConfig + " to \"false\" to bypass this error.";
    // Spark 4.2's negation (MathUtils.negateExact) reports no query context.
    raise(context, detail, sparkText(message, "22003", hint.empty() ? QueryContext{} : context));
}

void throwCastInvalidInput(const QueryContext &context, const std::string &value, const DataType &to)
{
    const std::string message = "[CAST_INVALID_INPUT] The value " + sqlString(value)
        + " of the type \"STRING\" cannot be cast to " + quotedType(to)
        + " because it is malformed. Correct the value as per the syntax, or change its target type. Use "
          "`try_cast` to tolerate malformed input and return NULL instead.";
    raise(context, "the string " + sqlString(value) + " is not a valid " + to.sparkName(),
          sparkText(message, "22018", context));
}

void throwCastOverflow(const QueryContext &context, const std::string &value, const DataType &from, const DataType &to)
{
    const std::string message = "[CAST_OVERFLOW] The value " + value + " of the type " + quotedType(from)
        + " cannot be cast to " + quotedType(to)
        + " due to an overflow. Use `try_cast` to tolerate overflow and return NULL instead.";
    // Spark's Cast reports no query context for CAST_OVERFLOW.
    raise(context, value + " does not fit " + to.sparkName(), sparkText(message, "22003", QueryContext{}));
}

void throwDecimalOutOfRange(const QueryContext &context, const std::string &value, const DataType &to)
{
    const std::string message = "[NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION]  " + value
        + " cannot be represented as Decimal(" + std::to_string(to.precision) + ", " + std::to_string(to.scale)
        + "). If necessary set " + kAnsiConfig + " to \"false\" to bypass this error, and return NULL instead.";
    raise(context, value + " does not fit " + to.sparkName(), sparkText(message, "22003", context));
}

} // namespace streamstep::expr
