// What-if (issue 14): a changed knob re-runs the whole history, and that re-run equals a fresh
// run of the lesson file written with the changed query; the differences and the summary of the
// seed's windowed lesson with another delay are exactly what the watermark arithmetic says.
#include "stream_test.h"

#include "streamstep/whatif.h"

#include <QFile>

using namespace streamstep;
using namespace streamstep::testing;

namespace {

const char *const kLesson = "/scenarios/04-windowed-totals-append.scenario.json";

std::string lessonText(const char *path = kLesson)
{
    QFile file(QString(STREAMSTEP_SOURCE_DIR) + QString::fromLatin1(path));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read the lesson");
    return file.readAll().toStdString();
}

Scenario lesson() { return parseScenario(lessonText(), "04.scenario.json"); }

// The lesson file with one text replaced, as an author would edit it.
Scenario editedLesson(const std::string &from, const std::string &to)
{
    std::string text = lessonText();
    const size_t at = text.find(from);
    if (at == std::string::npos)
        qFatal("text not in the lesson: %s", from.c_str());
    text.replace(at, from.size(), to);
    return parseScenario(text, "04-edited.scenario.json");
}

constexpr int64_t kMinuteMs = 60'000;

// The what-if run is the fresh run, batch for batch.
void compareWithFreshRun(const WhatIfRun &whatIfRun, const Scenario &edited)
{
    QVERIFY(!whatIfRun.error);
    const std::vector<BatchReport> fresh = runScenario(edited);
    QCOMPARE(whatIfRun.reports.size(), fresh.size());
    for (size_t b = 0; b < fresh.size(); ++b) {
        const BatchReport &a = whatIfRun.reports[b], &e = fresh[b];
        QCOMPARE(a.batchId, e.batchId);
        QCOMPARE(a.step, e.step);
        QCOMPARE(a.noData, e.noData);
        QCOMPARE(rowsOf(a.emitted), rowsOf(e.emitted));
        QCOMPARE(a.watermarkMs, e.watermarkMs);
        QCOMPARE(a.nextWatermarkMs, e.nextWatermarkMs);
        QCOMPARE(a.stateRows, e.stateRows);
        QCOMPARE(a.numRowsDroppedByWatermark, e.numRowsDroppedByWatermark);
        QVERIFY(a.inputFates == e.inputFates);
    }
}

QStringList windowsText(const WhatIfDiff &diff)
{
    QStringList out;
    for (const WindowTiming &w : diff.windows)
        out << QString::fromStdString(windowText(w.startMicros, w.endMicros)) + QStringLiteral(" written %1→%2 final %3→%4")
                   .arg(w.writtenBatch).arg(w.whatIfWrittenBatch).arg(w.finalBatch).arg(w.whatIfFinalBatch);
    return out;
}

} // namespace

class TestWhatIf : public QObject {
    Q_OBJECT

private slots:
    void knobsAreReadFromTheLesson()
    {
        const WhatIfKnobs k = knobsOf(lesson());
        QCOMPARE(k.watermarkDelayMs, std::optional<int64_t>(10 * kMinuteMs));
        QCOMPARE(k.windowDurationMs, std::optional<int64_t>(5 * kMinuteMs));
        QCOMPARE(k.windowSlideMs, std::optional<int64_t>(5 * kMinuteMs));
        QCOMPARE(k.windowStartMs, std::optional<int64_t>(0));
        QVERIFY(!k.sessionGapMs);
        QVERIFY(k.outputMode == OutputMode::Append);
        QCOMPARE(k.noDataMicroBatches, std::optional<bool>(true));
        QVERIFY(k.sparkVersion == SparkVersion::Spark35);
        // Unchanged knobs change nothing.
        const WhatIfDiff same = whatIf(lesson(), k);
        QVERIFY(same.changed == WhatIfKnobs{});
        QVERIFY(same.sameOutcome());
        QCOMPARE(summaryText(same), std::string("Nothing changes"));
    }

    void theRerunEqualsAFreshRunOfTheEditedLesson_data()
    {
        QTest::addColumn<int>("knob");
        QTest::newRow("delay") << 0;
        QTest::newRow("window duration and slide") << 1;
        QTest::newRow("window start") << 2;
        QTest::newRow("output mode") << 3;
        QTest::newRow("no-data batches off") << 4;
        QTest::newRow("spark version") << 5;
    }
    void theRerunEqualsAFreshRunOfTheEditedLesson()
    {
        QFETCH(int, knob);
        WhatIfKnobs k;
        Scenario edited;
        switch (knob) {
        case 0:
            k.watermarkDelayMs = 15 * kMinuteMs;
            edited = editedLesson(R"("delay": "10 minutes")", R"("delay": "15 minutes")");
            break;
        case 1:
            k.windowDurationMs = 10 * kMinuteMs;
            k.windowSlideMs = 5 * kMinuteMs;
            edited = editedLesson("window(eventTime, '5 minutes')", "window(eventTime, '10 minutes', '5 minutes')");
            break;
        case 2:
            k.windowStartMs = 2 * kMinuteMs;
            edited = editedLesson("window(eventTime, '5 minutes')", "window(eventTime, '5 minutes', '5 minutes', '2 minutes')");
            break;
        case 3:
            k.outputMode = OutputMode::Update;
            edited = editedLesson(R"("outputMode": "append")", R"("outputMode": "update")");
            break;
        case 4:
            k.noDataMicroBatches = false;
            edited = editedLesson(R"("source": {)",
                                  R"("conf": {"spark.sql.streaming.noDataMicroBatches.enabled": "false"}, "source": {)");
            break;
        case 5:
            k.sparkVersion = SparkVersion::Spark42;
            edited = editedLesson(R"("version": 1,)", R"("version": 1, "sparkVersion": "4.2",)");
            break;
        }
        const WhatIfDiff diff = whatIf(lesson(), k);
        QVERIFY(diff.changed == k);
        compareWithFreshRun(diff.whatIf, edited);
        // The lesson as written is the lesson's own run.
        compareWithFreshRun(diff.base, lesson());
        // And the scenario it ran is the edited file, query text for query text.
        const Scenario applied = applyKnobs(lesson(), k);
        QCOMPARE(applied.query.size(), edited.query.size());
        for (size_t i = 0; i < applied.query.size(); ++i) {
            QCOMPARE(applied.query[i].delayMs, edited.query[i].delayMs);
            QCOMPARE(applied.query[i].keys.size(), edited.query[i].keys.size());
            for (size_t key = 0; key < applied.query[i].keys.size(); ++key)
                QCOMPARE(applied.query[i].keys[key].text, edited.query[i].keys[key].text);
        }
        QVERIFY(knobsOf(applied) == knobsOf(edited));
    }

    // 15 minutes instead of 10: trigger 2's three rows of [10:00, 10:05) are no longer late
    // (the watermark is 10:02:30 then, not 10:07:30), so that window waits for the watermark
    // 10:06 of trigger 2 and is written by the no-data batch 5 (not 3) with those rows counted;
    // [10:05, 10:10) waits until trigger 4's watermark 10:16 (batch 8, not 5); [10:15, 10:20)
    // is never final. Both runs have 9 batches: every trigger but the third moves the watermark
    // and is followed by a no-data batch.
    void aLargerDelayKeepsLateRowsAndWritesLater()
    {
        WhatIfKnobs k;
        k.watermarkDelayMs = 15 * kMinuteMs;
        const WhatIfDiff diff = whatIf(lesson(), k);
        QVERIFY(diff.newlyDropped.empty());
        QCOMPARE(diff.noLongerDropped.size(), size_t(3));
        for (const ChangedFate &f : diff.noLongerDropped) {
            QCOMPARE(f.step, 2);
            QVERIFY(f.whatIfFate == InputRowFate::Processed || f.whatIfFate == InputRowFate::LateButKept);
        }
        QCOMPARE(diff.noLongerDropped[0].row, size_t(0));
        QCOMPARE(diff.noLongerDropped[1].row, size_t(2));
        QCOMPARE(diff.noLongerDropped[2].row, size_t(3));
        QCOMPARE(windowsText(diff), QStringList({
                                        QStringLiteral("[10:00, 10:05) written 3→5 final 3→5"),
                                        QStringLiteral("[10:05, 10:10) written 5→8 final 5→8"),
                                        QStringLiteral("[10:15, 10:20) written 8→-1 final 8→-1"),
                                    }));
        // The totals of [10:00, 10:05) grow by the rows now kept: its two rows as written are no
        // longer written, two others are; [10:05, 10:10)'s rows move; [10:15, 10:20)'s are gone.
        QStringList moved;
        for (const MovedRow &r : diff.movedRows)
            moved << QString::fromStdString(r.row) + QStringLiteral(" %1→%2").arg(r.batch).arg(r.whatIfBatch);
        QCOMPARE(moved, QStringList({
            QStringLiteral(R"({"window": {"start": "2026-03-01T10:05:00.000Z", "end": "2026-03-01T10:10:00.000Z"}, "accountId": "ACC-0002", "total": 15000.00} 5→8)"),
            QStringLiteral(R"({"window": {"start": "2026-03-01T10:05:00.000Z", "end": "2026-03-01T10:10:00.000Z"}, "accountId": "ACC-0003", "total": 145000.00} 5→8)"),
        }));
        QCOMPARE(diff.noLongerWritten.size(), size_t(4));
        QCOMPARE(diff.newlyWritten.size(), size_t(2));
        QStringList totals;
        for (const WrittenRow &r : diff.newlyWritten)
            totals << QString::fromStdString(r.row).section(QStringLiteral("\"total\": "), 1) + QStringLiteral(" in %1").arg(r.batch);
        QCOMPARE(totals, QStringList({QStringLiteral("250000.00} in 5"), QStringLiteral("52500.50} in 5")}));
        QCOMPARE(diff.batches, int64_t(9));
        QCOMPARE(diff.whatIfBatches, int64_t(9));
        QCOMPARE(diff.stateRows, std::vector<int64_t>({4, 4, 3, 4, 3}));
        QCOMPARE(diff.whatIfStateRows, std::vector<int64_t>({4, 6, 5, 6, 5}));
        QCOMPARE(diff.batchStateRows, std::vector<int64_t>({4, 4, 6, 4, 5, 3, 4, 6, 3}));
        QCOMPARE(diff.whatIfBatchStateRows, std::vector<int64_t>({4, 4, 6, 6, 7, 5, 6, 8, 5}));
        QCOMPARE(summaryText(diff),
                 std::string("With a watermark delay of 15 minutes, 3 rows are no longer dropped, [10:00, 10:05) is "
                             "written in batch 5 instead of batch 3, [10:05, 10:10) is written in batch 8 instead of "
                             "batch 5, 1 more window changes its batch and the state holds at most 6 rows instead of 4"));
    }

    // 2 minutes: the watermark runs ahead, more rows of trigger 1 and 2 are late.
    void aSmallerDelayDropsMore()
    {
        WhatIfKnobs k;
        k.watermarkDelayMs = 2 * kMinuteMs;
        const WhatIfDiff diff = whatIf(lesson(), k);
        QVERIFY(diff.noLongerDropped.empty());
        QStringList dropped;
        for (const ChangedFate &f : diff.newlyDropped)
            dropped << QStringLiteral("%1/%2").arg(f.step).arg(f.row);
        QCOMPARE(dropped, QStringList({QStringLiteral("1/1"), QStringLiteral("2/1")}));
        QCOMPARE(QString::fromStdString(summaryText(diff)).section(QStringLiteral(", "), 0, 1),
                 QStringLiteral("With a watermark delay of 2 minutes, 2 more rows are dropped as late"));
    }

    void aRejectedWhatIfSaysSo()
    {
        WhatIfKnobs k;
        k.outputMode = OutputMode::Complete;
        k.watermarkDelayMs = 10 * kMinuteMs; // as written: not a change
        const WhatIfDiff diff = whatIf(lesson(), k);
        QVERIFY(!diff.changed.watermarkDelayMs);
        QVERIFY(!diff.whatIf.rejected); // complete accepts an aggregation
        WhatIfKnobs slide;
        slide.windowSlideMs = 7 * kMinuteMs; // a slide longer than the window: Spark refuses it
        const WhatIfDiff refused = whatIf(lesson(), slide);
        QVERIFY(refused.whatIf.rejected);
        QVERIFY(refused.whatIf.reports.empty());
        QVERIFY(summaryText(refused).starts_with("With a window slide of 7 minutes, the query is rejected: "));
    }

    // The session gap: 4 minutes instead of 10 splits lesson 21's merged session of u1, whose
    // clicks at 10:00, 10:09, 10:15 and 10:20 are now more than a gap apart.
    void aSessionGap()
    {
        const char *path = "/scenarios/21-session-windows-merge.scenario.json";
        const Scenario sessions = parseScenario(lessonText(path), "21.scenario.json");
        QCOMPARE(knobsOf(sessions).sessionGapMs, std::optional<int64_t>(10 * kMinuteMs));
        QVERIFY(!knobsOf(sessions).windowDurationMs);
        WhatIfKnobs k;
        k.sessionGapMs = 4 * kMinuteMs;
        const WhatIfDiff diff = whatIf(sessions, k);
        std::string text = lessonText(path);
        const std::string from = "session_window(clickedAt, '10 minutes') AS session"; // the query's, not the description's
        text.replace(text.find(from), from.size(), "session_window(clickedAt, '4 minutes') AS session");
        compareWithFreshRun(diff.whatIf, parseScenario(text, "21-edited.scenario.json"));
        QCOMPARE(applyKnobs(sessions, k).query[1].keys[0].text, std::string("session_window(clickedAt, '4 minutes') AS session"));
        QVERIFY(!diff.sameOutcome());
        // u1's clicks at 10:00, 10:09, 10:15 and 10:20 no longer bridge: four sessions instead of one.
        QCOMPARE(summaryText(diff), std::string("With a session gap of 4 minutes, [10:00, 10:04) is written in batch 4, not "
                                                "at all before, [10:00, 10:30) is no longer written, 7 more windows change "
                                                "their batch and the state holds at most 5 rows instead of 3"));
    }

    void summaryJoinsClauses()
    {
        QCOMPARE(joinSummary({"with a", "with b"}, {"x", "y", "z"}), std::string("With a and with b, x, y and z"));
        QCOMPARE(joinSummary({"mit a"}, {"x", "y"}, ", ", " und "), std::string("Mit a, x und y"));
        QCOMPARE(joinSummary({}, {"nothing changes"}), std::string("Nothing changes"));
    }
};

QTEST_APPLESS_MAIN(TestWhatIf)
#include "tst_whatif.moc"
