// Why every row went where, and each batch in plain words (format §4.3), computed from what the
// engine reports: a Run with setExplain(true) records the numbers that decided each input row's
// fate; the result table's statuses, the emitted rows and the watermark's origin do the rest.
//
// Each explanation is a Sentence: an English template with Qt-style placeholders (%1, %2, …,
// and %n for a count) plus its arguments, already formatted as the app shows them (times of day,
// windows as [10:00, 10:05), values). A template with a count is "singular|plural"
// (translations keep the bar). The CLI prints text(); the app translates the template (its
// catalogue lists sentenceTemplates()) and fills in the same arguments with fillSentence, so
// both say the same thing.
#pragma once

#include "streamstep/engine.h"

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace streamstep {

// How many input rows of a batch had each fate (its BatchReport::inputFates).
class FateCounts {
public:
    explicit FateCounts(const std::vector<InputRowFate> &fates)
    {
        for (InputRowFate fate : fates)
            ++m_counts[static_cast<size_t>(fate)];
    }
    int64_t operator[](InputRowFate fate) const { return m_counts[static_cast<size_t>(fate)]; }

private:
    std::array<int64_t, static_cast<size_t>(InputRowFate::Duplicate) + 1> m_counts{};
};

struct Sentence {
    std::string templ;
    std::vector<std::string> args;
    int64_t count = -1; // what %n and "(s)" count; -1: no count

    // The English text: the singular or plural half, %1… replaced by args, %n by count.
    std::string text() const;
};

// Fills a (translated) template as Sentence::text does.
std::string fillSentence(std::string_view templ, const std::vector<std::string> &args, int64_t count);

// Why input row `row` of the batch went where (its fate and the numbers that decided it). The
// report must come from a Run with setExplain(true) for the numbers; without them the sentence
// names the fate only.
Sentence whyInputRow(const Query &query, const BatchReport &report, size_t row);

// Why result-table row `row` has its status and whether the batch wrote it. `previous` is the
// batch before (for "changed from … to …"), or null.
Sentence whyResultRow(const Query &query, const BatchReport &report, const BatchReport *previous, size_t row);

// Whether result-table row `row` is among the rows the batch wrote to the sink.
bool resultRowEmitted(const BatchReport &report, size_t row);

// The batch in a few sentences: what arrived, what was dropped and why, how the watermark moves
// with its arithmetic, what was written and why, what state remains, why a no-data batch ran.
std::vector<Sentence> batchNarrative(const Query &query, const BatchReport &report, const BatchReport *previous);

// What a sentence of batchNarrative tells, so that a caller can pick the sentences about one
// thing (a quiz question about the watermark explains with the watermark's sentences).
enum class NarrativeTopic { Arrived, NoDataBatch, Filtered, Dropped, Duplicates, LateKept, Watermark, Written, State };
NarrativeTopic narrativeTopic(const Sentence &sentence);

// Every template the functions above use, for the app's translation catalogue.
const std::vector<std::string> &sentenceTemplates();

// A time as the explanations show it: the time of day, "10:05" or "10:07:30" (a fraction when
// there is one); the initial watermark 0 as "1970-01-01 00:00".
std::string timeOfDayText(int64_t micros);
// A window as [10:00, 10:05).
std::string windowText(int64_t startMicros, int64_t endMicros);
// A duration in Spark's words: "10 minutes", "1 hour 30 minutes", "500 milliseconds".
std::string durationText(int64_t millis);

} // namespace streamstep
