// Spark's string functions (stringExpressions.scala): upper, lower, length, concat, substring.
#include "expr/function_registry.h"
#include "expr/kernel.h"

#include "types/text.h"

#include <algorithm>
#include <limits>

namespace streamstep::expr {

namespace {

size_t utf8Length(const std::string &s)
{
    size_t n = 0;
    for (unsigned char c : s)
        if ((c & 0xC0) != 0x80)
            ++n;
    return n;
}

// Byte offset of the code point with index `cp` (or s.size() past the end).
size_t utf8Offset(const std::string &s, int64_t cp)
{
    size_t i = 0;
    int64_t seen = 0;
    while (i < s.size()) {
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
            if (seen == cp)
                return i;
            ++seen;
        }
        ++i;
    }
    return s.size();
}

std::string upperAscii(std::string s)
{
    for (char &c : s)
        if (c >= 'a' && c <= 'z')
            c = static_cast<char>(c - 'a' + 'A');
    return s;
}

// Spark's UTF8String.substringSQL on code points.
std::string substringSql(const std::string &s, int32_t pos, int32_t length)
{
    const int64_t len = static_cast<int64_t>(utf8Length(s));
    int64_t start = pos > 0 ? pos - 1 : (pos < 0 ? len + pos : 0);
    int64_t end = start + length;
    end = std::clamp<int64_t>(end, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max());
    start = std::max<int64_t>(start, 0);
    if (start >= end)
        return {};
    const size_t b = utf8Offset(s, start);
    const size_t e = utf8Offset(s, std::min(end, len));
    return s.substr(b, e - b);
}

// A string -> string function of one argument, NULL in NULL out.
template <std::string (*F)(std::string_view)>
void mapStrings(const ExprNode &, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    const Column &c = in[0];
    out.setNulls(c.nulls());
    const uint8_t *nulls = c.nulls().data();
    const std::string *values = c.strings().data();
    std::string *results = out.strings().data();
    for (size_t i = 0; i < out.size(); ++i)
        if (!nulls[i])
            results[i] = F(values[i]);
}

std::string upperText(std::string_view s) { return upperAscii(std::string(s)); }
std::string lowerText(std::string_view s) { return asciiLowerCase(s); }

NodePtr bindOneString(const FunctionCall &call) { return call.make(DataType::string(), {call.stringArg(0)}); }

void lengthKernel(const ExprNode &, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    const Column &c = in[0];
    out.setNulls(c.nulls());
    const uint8_t *nulls = c.nulls().data();
    const std::string *values = c.strings().data();
    int64_t *lengths = out.ints().data();
    for (size_t i = 0; i < out.size(); ++i)
        if (!nulls[i])
            lengths[i] = static_cast<int64_t>(utf8Length(values[i]));
}

NodePtr bindConcat(const FunctionCall &call)
{
    std::vector<NodePtr> strings;
    for (size_t i = 0; i < call.numArgs(); ++i)
        strings.push_back(call.arg(i)->type.kind == TypeKind::Window ? castTo(call.arg(i), DataType::string())
                                                                      : call.stringArg(i));
    if (strings.empty())
        return makeLiteral(Value::string(""), DataType::string());
    return call.make(DataType::string(), strings);
}

// Spark's Concat: NULL as soon as one argument is NULL.
void concatKernel(const ExprNode &, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    for (size_t i = 0; i < out.size(); ++i) {
        std::string s;
        for (const Column *c : in) {
            if (c->nulls()[i]) {
                out.nulls()[i] = 1;
                break;
            }
            s += c->strings()[i];
        }
        if (!out.nulls()[i])
            out.strings()[i] = std::move(s);
    }
}

NodePtr bindSubstring(const FunctionCall &call)
{
    return call.make(DataType::string(), {call.stringArg(0), call.typedArg(1, DataType::int32()),
                                          call.typedArg(2, DataType::int32())});
}

void substringKernel(const ExprNode &, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    for (size_t i = 0; i < out.size(); ++i) {
        if (in[0].nulls()[i] || in[1].nulls()[i] || in[2].nulls()[i]) {
            out.nulls()[i] = 1;
            continue;
        }
        out.strings()[i] = substringSql(in[0].strings()[i], static_cast<int32_t>(in[1].ints()[i]),
                                      static_cast<int32_t>(in[2].ints()[i]));
    }
}

} // namespace

void registerStringFunctions(FunctionRegistry &registry)
{
    // Spark's Upper/Lower (ASCII letters here; Spark maps every Unicode letter).
    registry.add({.name = "upper", .aliases = {"ucase"}, .minArgs = 1, .maxArgs = 1,
                  .bind = bindOneString, .kernel = mapStrings<upperText>});
    registry.add({.name = "lower", .aliases = {"lcase"}, .minArgs = 1, .maxArgs = 1,
                  .bind = bindOneString, .kernel = mapStrings<lowerText>});
    // Spark's Length: code points of the UTF-8 text, as INT.
    registry.add({.name = "length", .aliases = {"char_length", "character_length"}, .minArgs = 1,
                  .maxArgs = 1,
                  .bind = [](const FunctionCall &call) -> NodePtr {
                      return call.make(DataType::int32(), {call.stringArg(0)});
                  },
                  .kernel = lengthKernel});
    registry.add({.name = "concat", .minArgs = 0, .maxArgs = kVariadic, .bind = bindConcat,
                  .kernel = concatKernel});
    // Spark's Substring(str, pos, len = Int.MaxValue), 1-based on code points.
    registry.add({.name = "substring", .aliases = {"substr"}, .minArgs = 2, .maxArgs = 3,
                  .trailingDefaults = {Value::int32(std::numeric_limits<int32_t>::max())},
                  .bind = bindSubstring, .kernel = substringKernel});
}

} // namespace streamstep::expr
