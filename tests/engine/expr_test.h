// What the expression tests (parser, binder, evaluation, kernels, printer, registry, ANSI mode,
// aggregates, depth limit) share: Qt texts of std::strings, the widest decimal, an analysis error
// with its column, and the text of what a bound expression gives over a batch.
#pragma once

#include "expr/expression.h"
#include "streamstep/value_format.h"

#include <QtTest>

#include <string>

namespace streamstep::testing {

inline QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

// 10^38 - 1: the largest unscaled value of a decimal(38, s).
inline Int128 maxDecimal38()
{
    Int128 v = 1;
    for (int i = 0; i < 38; ++i)
        v *= 10;
    return v - 1;
}

// The analysis error of binding `text` over `schema` as "message @column", or "no error".
inline std::string bindErrorAt(const std::string &text, const Schema &schema)
{
    try {
        expr::bind(*expr::parseExpression(text), schema);
    } catch (const Error &e) {
        return e.message() + " @" + std::to_string(e.expressionPosition() ? e.expressionPosition()->column : 0);
    }
    return "no error";
}

// The values of a column as text, `separator` between them; `text` writes one row's value.
template <class Text>
std::string joinedValues(const Column &c, const std::string &separator, Text text)
{
    std::string out;
    for (size_t r = 0; r < c.size(); ++r)
        out += (r ? separator : "") + text(c, r);
    return out;
}

inline std::string joinedValues(const Column &c, const std::string &separator)
{
    return joinedValues(c, separator, [](const Column &column, size_t r) { return toDisplayString(column.get(r)); });
}

// "type:value" of `text` bound over `batch`'s schema and evaluated on its first row, e.g.
// "decimal(9,2):250000.30"; "bad column" when the column is not what binding promised.
inline std::string typedFirstValue(const std::string &text, const ColumnBatch &batch,
                                   const expr::EvalContext &context = {})
{
    const expr::BoundExprPtr bound = expr::bind(*expr::parseExpression(text), batch.schema);
    const Column c = bound->evaluate(batch, context);
    if (c.size() != batch.numRows || !(c.type() == bound->type))
        return "bad column";
    return bound->type.sparkName() + ":" + toDisplayString(c.get(0));
}

} // namespace streamstep::testing
