// streamstep-cli and a lesson's quiz, run as a user would: `quiz --jsonl` prints every question
// with the engine's answer and why, `quiz` the same in words, and `check` fails (exit 4) on an
// authored choice the run contradicts, naming the step and the question, and (exit 1) on a
// malformed question with FILE:LINE:COL.
#include "cli_run.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using streamstep::testing::runCli;
using Result = streamstep::testing::CliResult;

namespace {

QString lesson(const char *name)
{
    return QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/") + QLatin1String(name);
}

// Lesson 04 with its trigger-2 choice marked wrong.
QByteArray lesson04With(const QByteArray &from, const QByteArray &to)
{
    QFile file(lesson("04-windowed-totals-append.scenario.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QByteArray text = file.readAll();
    const qsizetype at = text.indexOf(from);
    if (at < 0)
        return {};
    return text.replace(at, from.size(), to);
}

} // namespace

class TestCliQuiz : public QObject {
    Q_OBJECT

private slots:
    void quizJsonlPrintsTheEnginesAnswers()
    {
        const Result r = runCli({"quiz", lesson("04-windowed-totals-append.scenario.json"), "--jsonl"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.isEmpty());
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 7);
        std::vector<nlohmann::json> q;
        for (const QByteArray &line : lines)
            q.push_back(nlohmann::json::parse(line.toStdString()));
        QCOMPARE(q[0]["step"].get<int>(), 1);
        QCOMPARE(q[0]["question"].get<int>(), 0);
        QCOMPARE(q[0]["kind"].get<std::string>(), std::string("watermark"));
        QCOMPARE(q[0]["answer"].get<std::string>(), std::string("2026-03-01T10:07:30.000Z"));
        QVERIFY(q[0]["why"].get<std::string>().find("10:17:30 − 10 minutes = 10:07:30") != std::string::npos);
        QVERIFY(q[0].contains("explain") && q[0].contains("prompt_de"));
        // The windows trigger 1 writes, and every candidate with the engine's verdict and why.
        QCOMPARE(q[1]["answer"].size(), size_t(2));
        QCOMPARE(q[1]["answer"][0]["window"]["start"].get<std::string>(), std::string("2026-03-01T10:00:00.000Z"));
        int marked = 0;
        for (const auto &candidate : q[1]["candidates"]) {
            marked += candidate["answer"].get<bool>();
            QVERIFY(!candidate["why"].get<std::string>().empty());
        }
        QCOMPARE(marked, 2);
        QCOMPARE(q[2]["fact"].get<std::string>(), std::string("batches"));
        QCOMPARE(q[2]["factValue"].get<int>(), 2);
        QVERIFY(q[2]["answer"] == nlohmann::json::parse("[1]"));
        QCOMPARE(q[3]["kind"].get<std::string>(), std::string("dropped"));
        QCOMPARE(q[3]["answer"].size(), size_t(3));
        QCOMPARE(q[5]["factValue"].get<std::string>(), std::string("2026-03-01T10:11:00.000Z"));
        QCOMPARE(q[6]["answer"].get<int>(), 4);
    }

    void quizInWords()
    {
        const Result r = runCli({"quiz", lesson("02-branch-totals-complete.scenario.json")});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.startsWith(QStringLiteral("step 1, question 0 (written): In Complete mode, which rows does trigger 1 print "
                                               "to the console?\n  answer: 3 of 3 rows written\n")),
                 qPrintable(out));
        QVERIFY(out.contains(QStringLiteral("    [x] {\"branchCode\": \"MUMBAI\", \"totalAmount\": 750000.00}\n        written: "
                                            "complete mode writes the whole result table every batch\n")));
        QVERIFY(out.contains(QStringLiteral("    ( ) 0. 1 row\n    (x) 1. 3 rows\n    ( ) 2. 8 rows\n  fact: rowsWritten = 3\n")));
        QVERIFY(out.contains(QStringLiteral("step 1, question 2 (stateRows): How many rows are in state after trigger 1?\n  answer: 3\n")));
    }

    void checkFailsOnAWrongAuthoredChoice()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("wrong.scenario.json"));
        // Trigger 2's numRowsDroppedByWatermark is 2 (option 1); mark option 2 ("3") instead.
        const QByteArray text = lesson04With(R"("options_de": ["0", "2", "3"],
          "answer": 1,)",
                                             R"("options_de": ["0", "2", "3"],
          "answer": 2,)");
        QVERIFY(!text.isEmpty());
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text);
        file.close();
        const Result r = runCli({"check", path});
        QCOMPARE(r.exitCode, 4);
        QCOMPARE(QString::fromUtf8(r.out),
                 QStringLiteral("FAIL  %1\n  step 2, question 1 (\"What does Spark's numRowsDroppedByWatermark say for "
                                "trigger 2?\"): the answer marks option 2 \"3\", but Spark's numRowsDroppedByWatermark for "
                                "this trigger is 2: option 1 \"2\" is right\n0 passed, 1 failed\n")
                     .arg(path));
        // The bundled lessons with quizzes pass.
        const Result lessons = runCli({"check", lesson("01-high-value-filter.scenario.json"), lesson("02-branch-totals-complete.scenario.json"),
                                       lesson("04-windowed-totals-append.scenario.json"), lesson("07-account-counts-postgres.scenario.json")});
        QCOMPARE(lessons.exitCode, 0);
        QVERIFY(lessons.out.endsWith("4 passed, 0 failed\n"));
    }

    // Issue 15: every bundled lesson asks at least two questions, `quiz` answers each of them
    // (the engine's answer, or the authored one of a choice on a query Spark rejects), and
    // `check` passes, so no choice contradicts the run; each lesson also says its topic and level
    // and has German texts for the Lessons page.
    void everyBundledLessonHasAQuizThatChecks()
    {
        const QDir dir(QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios"));
        const QStringList names = dir.entryList({QStringLiteral("*.scenario.json")}, QDir::Files, QDir::Name);
        QVERIFY(names.size() >= 26);
        for (const QString &name : names) {
            const QString path = dir.filePath(name);
            const Result quiz = runCli({"quiz", path, "--jsonl"});
            QVERIFY2(quiz.exitCode == 0, qPrintable(name + QStringLiteral(": ") + QString::fromUtf8(quiz.err)));
            const QList<QByteArray> lines = quiz.out.trimmed().split('\n');
            QVERIFY2(lines.size() >= 2, qPrintable(name));
            for (const QByteArray &line : lines) {
                const nlohmann::json q = nlohmann::json::parse(line.toStdString());
                QVERIFY2(!q.value("prompt_de", std::string()).empty(), qPrintable(name + QStringLiteral(": ") + QString::fromUtf8(line)));
                QVERIFY2(!q.contains("error"), qPrintable(name + QStringLiteral(": ") + QString::fromUtf8(line)));
            }
            const Result check = runCli({"check", path});
            QVERIFY2(check.exitCode == 0, qPrintable(name + QStringLiteral(": ") + QString::fromUtf8(check.out + check.err)));

            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const nlohmann::json doc = nlohmann::json::parse(file.readAll().toStdString());
            for (const char *key : {"title_de", "description_de", "topic", "level"})
                QVERIFY2(doc.contains(key) && !doc[key].get<std::string>().empty(), qPrintable(name + QStringLiteral(": ") + QLatin1String(key)));
            QVERIFY2(doc.contains("tags") && !doc["tags"].empty(), qPrintable(name));
        }
    }

    void checkFailsOnAMalformedQuestion()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.scenario.json"));
        const QByteArray text = lesson04With(R"("kind": "dropped",)", R"("kind": "dropped", "answer": [0],)");
        QVERIFY(!text.isEmpty());
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text);
        file.close();
        const Result r = runCli({"quiz", path, "--jsonl"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.startsWith((path + QStringLiteral(":")).toUtf8()), r.err.constData());
        QVERIFY(r.err.contains(": 'answer' does not belong in a 'dropped' question: the engine computes its answer from the run"));
    }
};

QTEST_APPLESS_MAIN(TestCliQuiz)
#include "tst_cli_quiz.moc"
