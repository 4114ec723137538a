#include "expr/analysis_errors.h"

#include "expr/expression_text.h"

namespace streamstep::expr {

TextPosition positionOf(const AstNode &node) { return TextPosition{1, node.begin + 1}; }

std::string quotedType(const DataType &type) { return "\"" + sqlTypeName(type) + "\""; }

std::string quotedIdentifier(const std::string &part)
{
    std::string out = "`";
    for (char c : part)
        out += c == '`' ? std::string("``") : std::string(1, c);
    return out + "`";
}

std::string sqlName(const std::vector<std::string> &parts)
{
    std::string out;
    for (const std::string &part : parts) {
        bool plain = !part.empty();
        bool digits = true;
        for (char c : part) {
            const bool digit = c >= '0' && c <= '9';
            plain = plain && (digit || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_');
            digits = digits && digit;
        }
        out += (out.empty() ? "" : ".") + (plain && !digits ? part : quotedIdentifier(part));
    }
    return out;
}

std::string joinTypes(const std::vector<NodePtr> &nodes)
{
    std::string out;
    for (const NodePtr &n : nodes)
        out += (out.empty() ? "" : ", ") + quotedType(n->type);
    return "[" + out + "]";
}

void throwDataTypeMismatch(const AstNode &node, const std::string &subclass, const std::string &detail)
{
    throw analysisError("[DATATYPE_MISMATCH." + subclass + "] Cannot resolve \"" + sqlText(node)
                            + "\" due to data type mismatch: " + detail + ".",
                        positionOf(node));
}

void throwUnexpectedInputType(const AstNode &node, size_t parameter, const std::string &required,
                              const AstNode &argument, const DataType &actual)
{
    throwDataTypeMismatch(node, "UNEXPECTED_INPUT_TYPE",
                          "Parameter " + std::to_string(parameter) + " requires the " + required
                              + " type, however \"" + sqlText(argument) + "\" has the type "
                              + quotedType(actual));
}

void throwWrongNumArgs(const AstNode &node, size_t min, size_t max)
{
    // Spark's QueryCompilationErrors.wrongNumArgsError: one count, or all valid counts in brackets.
    std::string expected;
    if (max == kVariadic) {
        expected = "at least " + std::to_string(min);
    } else if (min == max) {
        expected = std::to_string(min);
    } else {
        for (size_t n = min; n <= max; ++n)
            expected += (expected.empty() ? "[" : ", ") + std::to_string(n);
        expected += "]";
    }
    throw analysisError("[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] The `" + node.name + "` requires "
                            + expected + " parameters but the actual number is "
                            + std::to_string(node.children.size()) + ".",
                        positionOf(node));
}

} // namespace streamstep::expr
