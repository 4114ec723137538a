// Errors as values at the API: a kind (which decides the CLI's exit code), Spark-style message
// and, where there is one, a position in the scenario file and/or in an expression's text.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

namespace streamstep {

enum class ErrorKind {
    Scenario = 1, // unreadable or invalid scenario file (exit code 1)
    Analysis = 2, // query rejected before any batch runs: AnalysisException (exit code 2)
    Runtime = 3,  // a batch failed (exit code 3)
};

// A 1-based position in a text (a file, or an expression string).
struct TextPosition {
    int line = 1;
    int column = 1;
};

class Error : public std::runtime_error {
public:
    Error(ErrorKind kind, std::string message, std::optional<TextPosition> expressionPosition = {})
        : std::runtime_error(message), m_kind(kind), m_message(std::move(message)),
          m_expressionPosition(expressionPosition)
    {
    }
    ErrorKind kind() const { return m_kind; }
    // The message without any prefix (no "AnalysisException: ").
    const std::string &message() const { return m_message; }
    // For expression errors: where in the expression text (line 1, 1-based column).
    const std::optional<TextPosition> &expressionPosition() const { return m_expressionPosition; }
    int exitCode() const { return static_cast<int>(m_kind); }
    // Spark's own text of this error where StreamStep words it otherwise (UNRESOLVED_COLUMN, the
    // ANSI runtime errors): a user sees it first, with message() (where, and a hint) beneath.
    const std::optional<std::string> &sparkMessage() const { return m_sparkMessage; }
    Error &withSparkMessage(std::string text)
    {
        m_sparkMessage = std::move(text);
        return *this;
    }
    // The same error with `message` in place of message() (a location put in front of it):
    // kind and Spark's text are kept.
    Error relocated(std::string message) const
    {
        Error e(m_kind, std::move(message), m_expressionPosition);
        e.m_sparkMessage = m_sparkMessage;
        return e;
    }

    // The same error as another kind: what a reader of the file reports of a step it cannot
    // compute (a generated column's syntax error makes the lesson unreadable, exit code 1).
    Error reclassified(ErrorKind kind) const
    {
        Error e = *this;
        e.m_kind = kind;
        return e;
    }

private:
    ErrorKind m_kind;
    std::string m_message;
    std::optional<TextPosition> m_expressionPosition;
    std::optional<std::string> m_sparkMessage;
};

inline Error analysisError(std::string message, std::optional<TextPosition> position = {})
{
    return Error(ErrorKind::Analysis, std::move(message), position);
}

// What the CLI prints and `expectError` matches: "AnalysisException: …" / "StreamingQueryException:
// …" (nothing for scenario errors), then Spark's text when there is one, StreamStep's message on
// the next line, indented.
inline std::string errorText(const Error &e)
{
    std::string prefix;
    switch (e.kind()) {
    case ErrorKind::Analysis: prefix = "AnalysisException: "; break;
    case ErrorKind::Runtime: prefix = "StreamingQueryException: "; break;
    case ErrorKind::Scenario: break;
    }
    if (e.sparkMessage()) {
        // Spark's runtime errors end with their "== SQL ==" excerpt's last line and its newline.
        const std::string &spark = *e.sparkMessage();
        return prefix + spark + (spark.ends_with('\n') ? "  " : "\n  ") + e.message();
    }
    return prefix + e.message();
}

} // namespace streamstep
