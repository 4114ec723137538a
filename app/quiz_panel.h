// Lesson mode: predict, then reveal. Before Step runs a trigger, the panel shows what is about to
// arrive and asks the lesson's questions for that step (a step's "quiz"): check boxes over the
// candidate rows for "which rows are written / dropped", a time field for the watermark, a spin
// box for the state rows, radio buttons or check boxes for a choice. Check grades the answers
// against the engine's (streamstep/quiz.h: computed from a run of the same scenario, never
// authored) and shows the engine's answer with its Why texts; Reveal runs the trigger. Meanwhile
// the main window hides what would give the answer away (predictingChanged). The score of each
// lesson — which of its questions were answered right last time — is kept in the settings.
#pragma once

#include "streamstep/quiz.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QAbstractButton;
class QButtonGroup;
class QDateTimeEdit;
class QLabel;
class QPushButton;
class QSpinBox;
class QStandardItemModel;
class QTableView;
class QVBoxLayout;

namespace streamstep {

class RunController;

class QuizPanel : public QWidget {
    Q_OBJECT
public:
    explicit QuizPanel(RunController *controller, QWidget *parent = nullptr);
    ~QuizPanel() override;

    bool isLessonMode() const { return m_lessonMode; }
    void setLessonMode(bool on);

    // The trigger being predicted: its rows are shown, its outcome is hidden. -1: none.
    int predictingStep() const { return m_step; }
    // Step pressed in lesson mode: starts predicting the next trigger, then checks the answers,
    // then reveals the trigger. False when lesson mode is off or nothing can be stepped (the
    // caller steps as usual).
    bool step();
    // Step can be pressed in lesson mode although the controller cannot step: a query Spark
    // rejects still asks the questions of trigger 0 once (lessons 05a-c, 17: what happens, what
    // fixes it), or a trigger is being predicted.
    bool canStepLesson() const;
    // Grades every question of the trigger predicted and shows the engine's answers.
    void check();
    bool isChecked() const { return m_checked; }
    // Runs the trigger predicted and ends predicting.
    void reveal();

    // The engine's answers to the questions asked, and the grades once checked.
    const std::vector<QuizAnswer> &answers() const { return m_answers; }
    const std::vector<QuizGrade> &grades() const { return m_grades; }
    // What the learner entered so far, per question.
    QuizResponse response(int question) const;

    // The learner's input widgets, per question (for tests and screenshots): the candidate rows
    // (their first column is checkable), the watermark field, the state rows box, the options.
    QStandardItemModel *rowsModel(int question) const;
    QDateTimeEdit *watermarkEdit(int question) const;
    QSpinBox *numberEdit(int question) const;
    QList<QAbstractButton *> optionButtons(int question) const;
    QLabel *resultLabel(int question) const;
    QPushButton *checkButton() const { return m_checkButton; }
    QPushButton *revealButton() const { return m_revealButton; }
    QLabel *scoreLabel() const { return m_scoreLabel; }

    // The lesson's score as the settings keep it: questions right, and questions it has.
    std::pair<int, int> score() const;
    // The settings key of the open lesson's score ("lessonScores/04-windowed-….scenario.json").
    QString scoreKey() const;

Q_SIGNALS:
    void predictingChanged(int step);

protected:
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct QuestionView;
    void forget();
    void ensureOracle();
    void startPredicting(int step);
    void stopPredicting();
    void buildQuestions();
    QWidget *buildQuestion(int index);
    void showGrade(int index);
    void updateScore();
    void updateButtons();
    QString promptText(const QuizQuestion &question) const;
    QString explainText(const QuizQuestion &question) const;
    QString optionText(const QuizQuestion &question, int option) const;
    QString answerText(const QuizQuestion &question, const QuizAnswer &answer) const;
    const QuizQuestion &question(int index) const;

    RunController *m_controller;
    bool m_lessonMode = false;
    int m_step = -1;
    bool m_askedRejected = false; // the questions of a rejected query's trigger 0 were asked
    bool m_checked = false;
    // The run the answers come from: the scenario run once from batch 0, explained.
    std::shared_ptr<const Scenario> m_oracleScenario;
    std::optional<QuizRun> m_oracle;
    std::vector<QuizAnswer> m_answers;
    std::vector<QuizGrade> m_grades;
    std::vector<std::unique_ptr<QuestionView>> m_views;

    QLabel *m_title = nullptr;
    QLabel *m_hint = nullptr;
    QLabel *m_scoreLabel = nullptr;
    QWidget *m_questions = nullptr;
    QVBoxLayout *m_questionsLayout = nullptr;
    QPushButton *m_checkButton = nullptr;
    QPushButton *m_revealButton = nullptr;
};

} // namespace streamstep
