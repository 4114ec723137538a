#include "why_catalogue.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace streamstep {

namespace {

// Every template of the engine's sentenceTemplates() (engine/explain/why.cpp), word for word, so
// lupdate puts them in the "Why" context of translations/*.ts. tst_why_catalogue fails when the
// engine has one this list lacks, or one without a finished German translation.
const char *const kTemplates[] = {
    QT_TRANSLATE_NOOP("Why", "written: a query without aggregation writes every row that passes it"),
    QT_TRANSLATE_NOOP("Why", "processed: it reached the aggregation and updated its group"),
    QT_TRANSLATE_NOOP("Why", "processed: counted in window %1"),
    QT_TRANSLATE_NOOP("Why", "kept: the first row with its key, so dropDuplicates passes it on"),
    QT_TRANSLATE_NOOP("Why", "late but kept: its event time %1 is at or before the watermark %2, but its window %3 is still open"),
    QT_TRANSLATE_NOOP("Why", "late but kept: its event time %1 is at or before the watermark %2, but only stateful operators drop late rows"),
    QT_TRANSLATE_NOOP("Why", "late but kept: its event time %1 is at or before the watermark %2, but the operator that drops late rows judges it by %3"),
    QT_TRANSLATE_NOOP("Why", "filtered: %1 is false (%2)"),
    QT_TRANSLATE_NOOP("Why", "filtered: %1 is NULL (%2), and a filter keeps only TRUE"),
    QT_TRANSLATE_NOOP("Why", "filtered: its event time is NULL, so window() puts it in no window"),
    QT_TRANSLATE_NOOP("Why", "filtered: a filter condition is not true for it"),
    QT_TRANSLATE_NOOP("Why", "dropped as late: its window %1 ends at or before the watermark %2"),
    QT_TRANSLATE_NOOP("Why", "dropped as late: its window %1 ends at or before the watermark %2 (= max event time %3 − %4, set at the end of batch %5)"),
    QT_TRANSLATE_NOOP("Why", "dropped as late: its window ends at %1, at or before the watermark %2"),
    QT_TRANSLATE_NOOP("Why", "dropped as late: its event time %1 is at or before the watermark %2"),
    QT_TRANSLATE_NOOP("Why", "dropped as late: its event time %1 is at or before the watermark %2 (= max event time %3 − %4, set at the end of batch %5)"),
    QT_TRANSLATE_NOOP("Why", "dropped as late: its session %1 ends at or before the watermark %2"),
    QT_TRANSLATE_NOOP("Why", "dropped as late: its session %1 ends at or before the watermark %2 (= max event time %3 − %4, set at the end of batch %5)"),
    QT_TRANSLATE_NOOP("Why", "dropped as late: it is at or before the watermark"),
    QT_TRANSLATE_NOOP("Why", "duplicate of the row that arrived in batch %1"),
    QT_TRANSLATE_NOOP("Why", "duplicate of input row %1 of this batch"),
    QT_TRANSLATE_NOOP("Why", "duplicate of a row seen before"),
    QT_TRANSLATE_NOOP("Why", "written in update mode: a new group"),
    QT_TRANSLATE_NOOP("Why", "written in update mode: its %1 changed from %2 to %3"),
    QT_TRANSLATE_NOOP("Why", "written in update mode: rows of this batch reached it"),
    QT_TRANSLATE_NOOP("Why", "not written: no row of this batch reached it (update writes changed groups only)"),
    QT_TRANSLATE_NOOP("Why", "held: append writes this window once the watermark passes its end %1"),
    QT_TRANSLATE_NOOP("Why", "held: append writes this group once the watermark passes its event time %1"),
    QT_TRANSLATE_NOOP("Why", "written in append mode: the watermark %1 passed its end %2, so it is final and leaves the state"),
    QT_TRANSLATE_NOOP("Why", "written in update mode, then evicted: the watermark %1 passed its end %2"),
    QT_TRANSLATE_NOOP("Why", "evicted, nothing written: the watermark %1 passed its end %2 (update wrote it when it last changed)"),
    QT_TRANSLATE_NOOP("Why", "written: complete mode writes the whole result table every batch"),
    QT_TRANSLATE_NOOP("Why", "evicted earlier: the watermark passed its end; complete mode would keep it"),
    QT_TRANSLATE_NOOP("Why", "written in an earlier batch, when the watermark passed its end"),
    QT_TRANSLATE_NOOP("Why", "in state, not written in this batch"),
    QT_TRANSLATE_NOOP("Why", "%n row arrived.|%n rows arrived."),
    QT_TRANSLATE_NOOP("Why", "No row arrived: Spark ran this no-data batch because the watermark moved from %1 to %2, and a stateful operator can evict (and in append mode write) with the new one."),
    QT_TRANSLATE_NOOP("Why", "%n row was dropped as late, judged by the watermark %1.|%n rows were dropped as late, judged by the watermark %1."),
    QT_TRANSLATE_NOOP("Why", "Spark's numRowsDroppedByWatermark says %n: it counts late groups after partial aggregation, not rows.|Spark's numRowsDroppedByWatermark says %n: it counts late groups after partial aggregation, not rows."),
    QT_TRANSLATE_NOOP("Why", "%n row was filtered out.|%n rows were filtered out."),
    QT_TRANSLATE_NOOP("Why", "%n row was a duplicate and dropped.|%n rows were duplicates and dropped."),
    QT_TRANSLATE_NOOP("Why", "%n row was late but kept: its window was still open.|%n rows were late but kept: their windows were still open."),
    QT_TRANSLATE_NOOP("Why", "The query has no watermark, so no row is late and no state is evicted by event time."),
    QT_TRANSLATE_NOOP("Why", "The watermark in force was %1; this batch's max event time %2 − %3 = %4 is later, so from the next batch on the watermark is %4."),
    QT_TRANSLATE_NOOP("Why", "The watermark in force was %1; this batch's max event time %2 − %3 = %4 is not later, so it stays %1 (it never moves back)."),
    QT_TRANSLATE_NOOP("Why", "The watermark in force was %1; no event time moved it."),
    QT_TRANSLATE_NOOP("Why", "%n row was written: a query without aggregation writes every row that passes it.|%n rows were written: a query without aggregation writes every row that passes it."),
    QT_TRANSLATE_NOOP("Why", "%n row was written: append writes a group once the watermark passes its end.|%n rows were written: append writes a group once the watermark passes its end."),
    QT_TRANSLATE_NOOP("Why", "%n row was written: update writes every group that rows of this batch reached.|%n rows were written: update writes every group that rows of this batch reached."),
    QT_TRANSLATE_NOOP("Why", "%n row was written: complete writes the whole result table every batch.|%n rows were written: complete writes the whole result table every batch."),
    QT_TRANSLATE_NOOP("Why", "%n row remains in state (%1 updated, %2 evicted in this batch).|%n rows remain in state (%1 updated, %2 evicted in this batch)."),
    QT_TRANSLATE_NOOP("Why", "The query keeps no state."),
    // The quiz's own sentences (engine/explain/quiz.cpp, quizSentenceTemplates()).
    QT_TRANSLATE_NOOP("Why", "No batch runs in this trigger: no row arrived and no stateful operator needed a no-data batch."),
    QT_TRANSLATE_NOOP("Why", "No batch runs in this trigger, so the watermark stays %1."),
    QT_TRANSLATE_NOOP("Why", "No batch runs in this trigger, so the state keeps its %n row.|No batch runs in this trigger, so the state keeps its %n rows."),
    QT_TRANSLATE_NOOP("Why", "No row of this trigger is dropped as late."),
    QT_TRANSLATE_NOOP("Why", "This trigger runs %n micro-batch.|This trigger runs %n micro-batches."),
    QT_TRANSLATE_NOOP("Why", "written in this trigger"),
    // The what-if's summary (engine/explain/whatif.cpp, whatIfSentenceTemplates()).
    QT_TRANSLATE_NOOP("Why", "with a watermark delay of %1"),
    QT_TRANSLATE_NOOP("Why", "with %1 windows"),
    QT_TRANSLATE_NOOP("Why", "with a window slide of %1"),
    QT_TRANSLATE_NOOP("Why", "with a window start offset of %1"),
    QT_TRANSLATE_NOOP("Why", "with a session gap of %1"),
    QT_TRANSLATE_NOOP("Why", "in %1 mode"),
    QT_TRANSLATE_NOOP("Why", "with no-data batches"),
    QT_TRANSLATE_NOOP("Why", "without no-data batches"),
    QT_TRANSLATE_NOOP("Why", "on Spark %1"),
    QT_TRANSLATE_NOOP("Why", "the query is rejected: %1"),
    QT_TRANSLATE_NOOP("Why", "the query stops: %1"),
    QT_TRANSLATE_NOOP("Why", "%n more row is dropped as late|%n more rows are dropped as late"),
    QT_TRANSLATE_NOOP("Why", "%n row is no longer dropped|%n rows are no longer dropped"),
    QT_TRANSLATE_NOOP("Why", "%1 is written in batch %2 instead of batch %3"),
    QT_TRANSLATE_NOOP("Why", "%1 is written in batch %2, not at all before"),
    QT_TRANSLATE_NOOP("Why", "%1 is no longer written"),
    QT_TRANSLATE_NOOP("Why", "%1 is final in batch %2 instead of batch %3"),
    QT_TRANSLATE_NOOP("Why", "%1 becomes final in batch %2, never before"),
    QT_TRANSLATE_NOOP("Why", "%1 is no longer final"),
    QT_TRANSLATE_NOOP("Why", "%n more window changes its batch|%n more windows change their batch"),
    QT_TRANSLATE_NOOP("Why", "%n row is written in another batch|%n rows are written in other batches"),
    QT_TRANSLATE_NOOP("Why", "%n more row is written|%n more rows are written"),
    QT_TRANSLATE_NOOP("Why", "%n row is no longer written|%n rows are no longer written"),
    QT_TRANSLATE_NOOP("Why", "the state holds at most %n row instead of %1|the state holds at most %n rows instead of %1"),
    QT_TRANSLATE_NOOP("Why", "the state ends with %n row instead of %1|the state ends with %n rows instead of %1"),
    QT_TRANSLATE_NOOP("Why", "%n no-data batch runs instead of %1|%n no-data batches run instead of %1"),
    QT_TRANSLATE_NOOP("Why", "nothing changes"),
    // Play Until's moments (engine/explain/breakpoints.cpp, breakpointSentenceTemplates()).
    QT_TRANSLATE_NOOP("Why", "Stopped: batch %1 writes %n window: %2.|Stopped: batch %1 writes %n windows: %2."),
    QT_TRANSLATE_NOOP("Why", "Stopped: batch %1 drops %n row as late, judged by the watermark %2.|Stopped: batch %1 drops %n rows as late, judged by the watermark %2."),
    QT_TRANSLATE_NOOP("Why", "Stopped: batch %1 moves the watermark from %2 to %3 (in force from the next batch)."),
    QT_TRANSLATE_NOOP("Why", "Stopped: batch %1 evicts %n state row: the watermark %2 passed its end.|Stopped: batch %1 evicts %n state rows: the watermark %2 passed their end."),
    QT_TRANSLATE_NOOP("Why", "Stopped: batch %1 is a no-data batch: no row arrived, it runs because the watermark moved to %2."),
};

} // namespace

QStringList whyCatalogue()
{
    QStringList out;
    for (const char *templ : kTemplates)
        out << QString::fromUtf8(templ);
    return out;
}

QString translatedDuration(const QString &text)
{
    // durationText's words: "1 hour 30 minutes", "0 seconds", "-10 minutes".
    static const QRegularExpression whole(QStringLiteral("^-?\\d+ (day|hour|minute|second|millisecond)s?"
                                                         "( \\d+ (day|hour|minute|second|millisecond)s?)*$"));
    if (!whole.match(text).hasMatch())
        return text;
    static const QRegularExpression part(QStringLiteral("(\\d+) (day|hour|minute|second|millisecond)s?"));
    // Each unit as the engine says it, "singular|plural" like its sentence templates.
    static const char *const kUnits[][2] = {
        {"day", QT_TRANSLATE_NOOP("Why", "%n day|%n days")},
        {"hour", QT_TRANSLATE_NOOP("Why", "%n hour|%n hours")},
        {"minute", QT_TRANSLATE_NOOP("Why", "%n minute|%n minutes")},
        {"second", QT_TRANSLATE_NOOP("Why", "%n second|%n seconds")},
        {"millisecond", QT_TRANSLATE_NOOP("Why", "%n millisecond|%n milliseconds")},
    };
    QStringList parts;
    QRegularExpressionMatchIterator it = part.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const int64_t n = m.captured(1).toLongLong();
        for (const auto &[unit, templ] : kUnits) {
            if (m.captured(2) == QLatin1String(unit)) {
                parts << QString::fromStdString(fillSentence(QCoreApplication::translate("Why", templ).toStdString(), {}, n));
                break;
            }
        }
    }
    return (text.startsWith(QLatin1Char('-')) ? QStringLiteral("-") : QString()) + parts.join(QLatin1Char(' '));
}

QString translatedSentence(const Sentence &sentence)
{
    const QString templ = QCoreApplication::translate("Why", sentence.templ.c_str());
    std::vector<std::string> args;
    args.reserve(sentence.args.size());
    for (const std::string &arg : sentence.args)
        args.push_back(translatedDuration(QString::fromStdString(arg)).toStdString());
    return QString::fromStdString(fillSentence(templ.toStdString(), args, sentence.count));
}

QString translatedSentences(const std::vector<Sentence> &sentences)
{
    QStringList out;
    for (const Sentence &s : sentences)
        out << translatedSentence(s);
    return out.join(QLatin1Char(' '));
}

} // namespace streamstep
