// Lesson mode in the main window, driven as a learner would (offscreen, clicks and keys): Step
// first shows the next trigger's rows with what the engine holds, writes and the sink shows
// hidden, and asks the lesson's questions; Check grades them against the engine's answers (a
// separate run of the engine alone) and shows those with the Why texts; Reveal runs the trigger.
// The lesson's score lands in the settings. Space on a ticked answer ticks it, never steps. The
// questions read in German with the German translation. Screenshots of the panel at 1280×800
// and 1920×1080.
#include "gui_test_support.h"
#include "main_window.h"
#include "quiz_panel.h"
#include "run_controller.h"
#include "why_view.h"

#include "streamstep/quiz.h"
#include "streamstep/scenario_check.h"

#include <QAbstractButton>
#include <QDateTimeEdit>
#include <QDir>
#include <QDockWidget>
#include <QGroupBox>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableView>
#include <QTimeZone>
#include <QTranslator>
#include <QtTest>

using namespace streamstep;
using namespace streamstep::testing;

namespace {

// The engine alone: lesson 04's answers.
std::vector<QuizAnswer> engineAnswers(int step)
{
    const Scenario s = readScenarioFile(lessonPath("04-windowed-totals-append").toStdString());
    const QuizRun run = runForQuiz(s);
    return answerStepQuiz(*run.query, s, step, run.reports);
}

// Clicks row `row` of a question's candidate table (a click anywhere on the row ticks it).
void clickRow(QuizPanel *panel, int question, int row)
{
    auto *table = panel->findChild<QGroupBox *>(QStringLiteral("quizQuestion%1").arg(question))->findChild<QTableView *>();
    QVERIFY(table);
    table->scrollTo(table->model()->index(row, 1));
    const QRect cell = table->visualRect(table->model()->index(row, 1));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
}

bool hidden(const MainWindow &window, int panel)
{
    return !window.storyViews()[panel]->isVisible();
}

// Clicks an option where a learner would: on its indicator.
void clickOption(QAbstractButton *button)
{
    QTest::mouseClick(button, Qt::LeftButton, {}, QPoint(8, button->height() / 2));
}

} // namespace

class TestQuizPanel : public QObject {
    Q_OBJECT

private slots:
    void init()
    {
        QSettings().remove(QStringLiteral("lessonScores"));
    }

    void stepPredictsThenRevealsATriggerWithoutQuestions()
    {
        MainWindow window;
        showAt(window, {1280, 800});
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(window.openScenario(lessonPath("04-windowed-totals-append")));
        QVERIFY(window.quizDock()->isHidden());
        QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
        QVERIFY(window.lessonModeAction()->isChecked());
        QVERIFY(window.quizDock()->isVisible());
        QVERIFY(!window.playAction()->isEnabled()); // Play would skip the questions

        // Step: trigger 0's five rows arrive; nothing ran, the rest is hidden.
        QTest::keyClick(&window, Qt::Key_Space);
        QCOMPARE(window.predictingStep(), 0);
        QCOMPARE(window.controller()->numBatches(), 0);
        QCOMPARE(window.inputModel()->rowCount(), 5);
        QCOMPARE(static_cast<QTableView *>(window.storyViews()[0])->selectionMode(), QAbstractItemView::NoSelection);
        QVERIFY(hidden(window, 1) && hidden(window, 2) && hidden(window, 3));
        QVERIFY(window.sinkTitle()->text().contains(QStringLiteral("hidden until you reveal trigger 0")));
        QVERIFY(window.quizPanel()->answers().empty());
        QVERIFY(!window.quizPanel()->checkButton()->isEnabled());
        // Step again reveals: the data batch and its no-data batch.
        QTest::keyClick(&window, Qt::Key_Space);
        QCOMPARE(window.predictingStep(), -1);
        QCOMPARE(window.controller()->numBatches(), 2);
        QVERIFY(!hidden(window, 1) && !hidden(window, 2) && !hidden(window, 3));
        QVERIFY(window.selectStoryRow(0, 0)); // the revealed rows are explained again
        QVERIFY(window.whyView()->isShowingRow());
        // Lesson mode off: Step steps at once.
        window.lessonModeAction()->trigger();
        QVERIFY(window.quizDock()->isHidden());
        QTest::keyClick(&window, Qt::Key_Space);
        QCOMPARE(window.predictingStep(), -1);
        QCOMPARE(window.controller()->nextStep(), 2);
    }

    void asksChecksAndRevealsTrigger1()
    {
        MainWindow window;
        QVERIFY(showScenario(window, {1920, 1080}, lessonPath("04-windowed-totals-append")));
        QVERIFY(window.controller()->step()); // trigger 0
        window.lessonModeAction()->trigger();
        QuizPanel *panel = window.quizPanel();
        window.stepAction()->trigger();
        QCOMPARE(window.predictingStep(), 1);
        QCOMPARE(window.controller()->numBatches(), 2);
        QCOMPARE(window.inputModel()->rowCount(), 4);
        QCOMPARE(panel->answers().size(), size_t(3));
        const std::vector<QuizAnswer> engine = engineAnswers(1);

        // The watermark: typed into the time field, from the watermark in force (09:58:45).
        QDateTimeEdit *time = panel->watermarkEdit(0);
        QVERIFY(time);
        QCOMPARE(time->dateTime().toUTC().toString(Qt::ISODate), QStringLiteral("2026-03-01T09:58:45Z"));
        time->setFocus();
        for (auto [section, digits] : {std::pair{QDateTimeEdit::HourSection, "10"}, std::pair{QDateTimeEdit::MinuteSection, "07"},
                                       std::pair{QDateTimeEdit::SecondSection, "30"}}) {
            time->setSelectedSection(section);
            QTest::keyClicks(time, QLatin1String(digits));
        }
        QCOMPARE(time->dateTime().toUTC().toString(Qt::ISODate), QStringLiteral("2026-03-01T10:07:30Z"));

        // The written windows: tick the engine's two rows by clicking them.
        QStandardItemModel *rows = panel->rowsModel(1);
        QCOMPARE(rows->rowCount(), int(engine[1].candidates.numRows));
        for (int r = 0; r < rows->rowCount(); ++r)
            if (engine[1].correctRows[size_t(r)])
                clickRow(panel, 1, r);
        QCOMPARE(panel->response(1).rows.size(), size_t(2));
        // The batches: the radio button "2".
        const QList<QAbstractButton *> options = panel->optionButtons(2);
        QCOMPARE(options.size(), 2);
        clickOption(options[1]);
        QVERIFY(options[1]->isChecked());

        // Check (Space with the focus outside the panel): each graded right, with the engine's words.
        window.stepAction()->trigger();
        QVERIFY(panel->isChecked());
        QCOMPARE(panel->grades().size(), size_t(3));
        for (const QuizGrade &grade : panel->grades())
            QVERIFY(grade.correct);
        QCOMPARE(window.controller()->numBatches(), 2); // not revealed yet
        const QString watermarkResult = panel->resultLabel(0)->text();
        QVERIFY2(watermarkResult.contains(QStringLiteral("✓ Right.")), qPrintable(watermarkResult));
        QVERIFY(watermarkResult.contains(QStringLiteral("2026-03-01 10:07:30")));
        QVERIFY(watermarkResult.contains(QStringLiteral("10:17:30 − 10 minutes = 10:07:30")));
        QVERIFY(!panel->resultLabel(0)->isHidden());
        // The rows' table now says the engine's verdict and why for each candidate.
        QCOMPARE(rows->columnCount(), int(engine[1].candidates.columns.size()) + 3);
        QCOMPARE(rows->horizontalHeaderItem(1)->text(), QStringLiteral("Engine"));
        for (int r = 0; r < rows->rowCount(); ++r) {
            QCOMPARE(rows->item(r, rows->columnCount() - 1)->text(), QString::fromStdString(engine[1].rowWhy[size_t(r)].text()));
            QVERIFY(rows->item(r, 1)->text().startsWith(QStringLiteral("✓ ")));
        }
        // The score: three of the lesson's seven questions right, kept in the settings.
        QCOMPARE(panel->score(), (std::pair<int, int>{3, 7}));
        QCOMPARE(panel->scoreLabel()->text(), QStringLiteral("Score for this lesson: 3 of 7 question(s) right"));
        const QVariantMap stored = QSettings().value(QStringLiteral("lessonScores/04-windowed-totals-append.scenario.json")).toMap();
        QCOMPARE(stored.value(QStringLiteral("s1q1")).toBool(), true);
        QCOMPARE(stored.size(), 3);

        // Reveal: the trigger runs, the written panel shows the two windows.
        QTest::mouseClick(panel->revealButton(), Qt::LeftButton);
        QCOMPARE(window.predictingStep(), -1);
        QCOMPARE(window.controller()->numBatches(), 4);
        QVERIFY(!hidden(window, 2));
        QCOMPARE(window.emittedModel()->rowCount(), 2);

        // The score outlives the window: the lesson opened again says it.
        MainWindow again;
        QVERIFY(again.openScenario(lessonPath("04-windowed-totals-append")));
        QCOMPARE(again.quizPanel()->score(), (std::pair<int, int>{3, 7}));
        QCOMPARE(again.quizPanel()->scoreLabel()->text(), QStringLiteral("Score for this lesson: 3 of 7 question(s) right"));
    }

    // A lesson whose query Spark rejects (05a) still asks trigger 0's questions once: Step is
    // enabled in lesson mode, the authored answers grade the choices, and "reveal" runs nothing.
    void aRejectedQueryStillAsksItsQuestions()
    {
        MainWindow window;
        QVERIFY(showScenario(window, {1920, 1080}, lessonPath("05a-complete-on-filter")));
        QVERIFY(!window.controller()->isValid());
        QVERIFY(!window.stepAction()->isEnabled());
        window.lessonModeAction()->trigger();
        QVERIFY(window.stepAction()->isEnabled());
        QuizPanel *panel = window.quizPanel();
        window.stepAction()->trigger();
        QCOMPARE(window.predictingStep(), 0);
        QCOMPARE(panel->answers().size(), size_t(2));
        const Scenario &lesson = window.controller()->scenario();
        for (int q = 0; q < 2; ++q) {
            const QuizQuestion &question = lesson.steps[0].quiz[size_t(q)];
            QCOMPARE(panel->answers()[size_t(q)].correctOptions, question.answer);
            const QList<QAbstractButton *> options = panel->optionButtons(q);
            QCOMPARE(options.size(), int(question.options.size()));
            clickOption(options[question.answer.at(0)]);
        }
        window.stepAction()->trigger(); // check
        QVERIFY(panel->isChecked());
        for (const QuizGrade &grade : panel->grades())
            QVERIFY(grade.correct);
        window.stepAction()->trigger(); // "reveal": the query never starts
        QCOMPARE(window.predictingStep(), -1);
        QCOMPARE(window.controller()->numBatches(), 0);
        QVERIFY(!window.stepAction()->isEnabled()); // asked once
        QCOMPARE(panel->score(), (std::pair<int, int>{2, 2}));
    }

    void wrongAnswersAreGradedWrong()
    {
        MainWindow window;
        QVERIFY(showScenario(window, {1280, 800}, lessonPath("04-windowed-totals-append")));
        QVERIFY(window.controller()->step());
        QVERIFY(window.controller()->step());
        window.lessonModeAction()->trigger();
        QuizPanel *panel = window.quizPanel();
        window.stepAction()->trigger();
        QCOMPARE(window.predictingStep(), 2);
        // Dropped: tick only the 10:08:00 row (kept: its window ends 10:10); Spark's counter: "3".
        clickRow(panel, 0, 1);
        clickOption(panel->optionButtons(1)[2]);
        QVERIFY(panel->optionButtons(1)[2]->isChecked());
        QTest::mouseClick(panel->checkButton(), Qt::LeftButton);
        QCOMPARE(panel->grades().size(), size_t(2));
        const QuizGrade &dropped = panel->grades()[0];
        QVERIFY(!dropped.correct);
        QCOMPARE(dropped.missed, (std::vector<size_t>{0, 2, 3}));
        QCOMPARE(dropped.wrong, (std::vector<size_t>{1}));
        QVERIFY(!panel->grades()[1].correct);
        const QString text = panel->resultLabel(0)->text();
        QVERIFY2(text.contains(QStringLiteral("✗ Not quite.")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("3 right row(s) not ticked, 1 ticked wrongly.")));
        QVERIFY(text.contains(QStringLiteral("3 row(s) of trigger 2 are dropped as late")));
        QStandardItemModel *rows = panel->rowsModel(0);
        QCOMPARE(rows->item(1, 1)->text(), QStringLiteral("✗ kept"));
        QCOMPARE(rows->item(0, 1)->text(), QStringLiteral("✗ dropped"));
        // The rows answered wrongly say why under the table, in the engine's words.
        QVERIFY(text.contains(QStringLiteral("ACC-0003, CHENNAI, 10000.00, 10:08 — processed: counted in window [10:05, 10:10)")));
        QVERIFY(rows->item(0, rows->columnCount() - 1)->text().startsWith(QStringLiteral("dropped as late: its window [10:00, 10:05)")));
        QVERIFY(panel->resultLabel(1)->text().contains(QStringLiteral("The engine's answer: <b>2</b>")));
        QCOMPARE(panel->score(), (std::pair<int, int>{0, 7}));
        // Step (Space) once checked reveals.
        window.stepAction()->trigger();
        QCOMPARE(window.controller()->nextStep(), 3);
    }

    void spaceTicksTheFocusedAnswer()
    {
        MainWindow window;
        QVERIFY(showExposed(window, {1280, 800}));
        QVERIFY(window.openScenario(lessonPath("02-branch-totals-complete")));
        QVERIFY(window.controller()->step());
        window.lessonModeAction()->trigger();
        window.stepAction()->trigger();
        QuizPanel *panel = window.quizPanel();
        QCOMPARE(panel->answers().size(), size_t(3));
        QAbstractButton *threeRows = panel->optionButtons(1)[1];
        threeRows->setFocus();
        QTest::keyClick(threeRows, Qt::Key_Space);
        QVERIFY(threeRows->isChecked());
        QVERIFY(!panel->isChecked());
        QCOMPARE(window.predictingStep(), 1);
        // The state rows typed into the spin box.
        QSpinBox *number = panel->numberEdit(2);
        QCOMPARE(number->value(), 2); // the state rows now
        number->setFocus();
        number->selectAll();
        QTest::keyClicks(number, QStringLiteral("3"));
        QCOMPARE(number->value(), 3);
        QTest::mouseClick(panel->checkButton(), Qt::LeftButton);
        QVERIFY(!panel->grades()[0].correct); // no row ticked: complete mode writes all three
        QVERIFY(panel->grades()[1].correct);
        QVERIFY(panel->grades()[2].correct);
        QCOMPARE(panel->score(), (std::pair<int, int>{2, 3}));
    }

    void asksInGerman()
    {
        const GermanTranslation german;
        QVERIFY(german.isLoaded());
        {
            MainWindow window;
            QVERIFY(showScenario(window, {1280, 800}, lessonPath("04-windowed-totals-append")));
            QVERIFY(window.controller()->step());
            window.lessonModeAction()->trigger();
            window.stepAction()->trigger();
            QuizPanel *panel = window.quizPanel();
            QCOMPARE(window.lessonModeAction()->text(), QStringLiteral("&Lernmodus"));
            QCOMPARE(panel->checkButton()->text(), QStringLiteral("Antworten &prüfen"));
            const QList<QLabel *> labels = panel->findChildren<QLabel *>();
            const bool prompt = std::any_of(labels.begin(), labels.end(), [](QLabel *l) {
                return l->text() == QStringLiteral("Die späteste Zeile von Trigger 1 ist um 10:17:30. Wie steht das Watermark nach Trigger 1?");
            });
            QVERIFY(prompt);
            QTest::mouseClick(panel->checkButton(), Qt::LeftButton);
            const QString result = panel->resultLabel(0)->text();
            QVERIFY2(result.contains(QStringLiteral("Antwort der Engine")), qPrintable(result));
            QVERIFY2(result.contains(QStringLiteral("Watermark = größte Ereigniszeit − Verzögerung")), qPrintable(result));
            QVERIFY2(!result.contains(QStringLiteral("The watermark in force")), qPrintable(result)); // the Why text in German
            QCoreApplication::processEvents();
            QVERIFY(window.grab().save(screenshotDir() + QStringLiteral("/quiz-checked-de-1280x800.png")));
        }
    }

    void screenshotsOfThePanel_data()
    {
        addScreenshotSizes();
    }

    void screenshotsOfThePanel()
    {
        QFETCH(QSize, size);
        MainWindow window;
        QVERIFY(showExposed(window, size));
        QVERIFY(window.openScenario(lessonPath("04-windowed-totals-append")));
        QVERIFY(window.controller()->step());
        window.lessonModeAction()->trigger();
        window.stepAction()->trigger();
        QuizPanel *panel = window.quizPanel();
        clickRow(panel, 1, 0);
        clickOption(panel->optionButtons(2)[1]);
        const QString dir = screenshotDir();
        QCoreApplication::processEvents();
        QVERIFY(window.grab().save(QStringLiteral("%1/quiz-ask-%2x%3.png").arg(dir).arg(size.width()).arg(size.height())));
        window.stepAction()->trigger(); // check
        QVERIFY(panel->isChecked());
        QCoreApplication::processEvents();
        QVERIFY(window.grab().save(QStringLiteral("%1/quiz-checked-%2x%3.png").arg(dir).arg(size.width()).arg(size.height())));
        // Nothing of the panel is cut off sideways: the dock is no wider than its content needs.
        QVERIFY(window.quizDock()->width() < size.width() / 2);
    }
};

QTEST_MAIN(TestQuizPanel)
#include "tst_quiz_panel.moc"
