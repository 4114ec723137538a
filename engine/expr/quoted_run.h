// Reads a run quoted by one character in which a doubled quote stands for the quote itself:
// Spark's backquoted identifiers (`a``b`) and the literals of datetime patterns ('o''clock').
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace streamstep::expr {

struct QuotedRun {
    std::string text; // without the quotes, doubled quotes made single
    size_t end = 0;   // the offset just past the closing quote
};

// The run whose opening `quote` is at `open`; nullopt when it never closes.
inline std::optional<QuotedRun> readQuotedRun(std::string_view text, size_t open, char quote)
{
    QuotedRun run;
    size_t j = open + 1;
    while (j < text.size()) {
        if (text[j] == quote) {
            if (j + 1 < text.size() && text[j + 1] == quote) {
                run.text.push_back(quote);
                j += 2;
                continue;
            }
            run.end = j + 1;
            return run;
        }
        run.text.push_back(text[j++]);
    }
    return std::nullopt;
}

} // namespace streamstep::expr
