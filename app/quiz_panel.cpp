#include "quiz_panel.h"

#include "run_controller.h"
#include "text_scale.h"
#include "why_catalogue.h"

#include "streamstep/value_format.h"

#include <QApplication>
#include <QButtonGroup>
#include <QCheckBox>
#include <QDateTimeEdit>
#include <QEvent>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableView>
#include <QTimeZone>
#include <QVBoxLayout>

namespace streamstep {

namespace {

// A cell as the explanations show it: windows as [10:00, 10:05), times of day.
QString cellText(const Value &v)
{
    if (!v.isNull() && v.type().kind == TypeKind::Window)
        return QString::fromStdString(windowText(v.asWindow().startMicros, v.asWindow().endMicros));
    if (!v.isNull() && v.type().kind == TypeKind::Timestamp)
        return QString::fromStdString(timeOfDayText(v.asTimestamp()));
    return QString::fromStdString(toDisplayString(v));
}

bool german()
{
    return QLocale().language() == QLocale::German;
}

QString pick(const std::string &english, const std::string &german_)
{
    return QString::fromStdString(german() && !german_.empty() ? german_ : english);
}

// An input with its label before it, on a line of its own.
void addLabelled(QVBoxLayout *layout, const QString &label, QWidget *input)
{
    auto *row = new QHBoxLayout;
    row->addWidget(new QLabel(label, input->parentWidget()));
    row->addWidget(input);
    row->addStretch(1);
    layout->addLayout(row);
}

QDateTime utc(int64_t micros)
{
    return QDateTime::fromMSecsSinceEpoch(micros / 1000, Qt::UTC);
}

} // namespace

struct QuizPanel::QuestionView {
    QGroupBox *box = nullptr;
    QLabel *result = nullptr;
    QStandardItemModel *rows = nullptr;
    QTableView *table = nullptr;
    QDateTimeEdit *time = nullptr;
    QSpinBox *number = nullptr;
    QButtonGroup *options = nullptr;
    QList<QAbstractButton *> buttons;
};

QuizPanel::QuizPanel(RunController *controller, QWidget *parent) : QWidget(parent), m_controller(controller)
{
    setObjectName(QStringLiteral("quizPanel"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("quizTitle"));
    m_title->setTextFormat(Qt::RichText);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    m_hint = new QLabel(this);
    m_hint->setObjectName(QStringLiteral("quizHint"));
    m_hint->setWordWrap(true);
    layout->addWidget(m_hint);
    m_scoreLabel = new QLabel(this);
    m_scoreLabel->setObjectName(QStringLiteral("quizScore"));
    layout->addWidget(m_scoreLabel);

    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_questions = new QWidget(scroll);
    m_questionsLayout = new QVBoxLayout(m_questions);
    m_questionsLayout->setContentsMargins(0, 0, 0, 0);
    m_questionsLayout->addStretch(1);
    scroll->setWidget(m_questions);
    layout->addWidget(scroll, 1);

    auto *buttons = new QHBoxLayout;
    m_checkButton = new QPushButton(tr("&Check Answers"), this);
    m_checkButton->setObjectName(QStringLiteral("quizCheckButton"));
    m_checkButton->setToolTip(tr("Grade your answers against the engine's and show why (Space)"));
    m_revealButton = new QPushButton(tr("Re&veal Trigger"), this);
    m_revealButton->setObjectName(QStringLiteral("quizRevealButton"));
    m_revealButton->setToolTip(tr("Run the trigger and show what it did (Space once checked)"));
    buttons->addWidget(m_checkButton);
    buttons->addWidget(m_revealButton);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    connect(m_checkButton, &QPushButton::clicked, this, &QuizPanel::check);
    connect(m_revealButton, &QPushButton::clicked, this, &QuizPanel::reveal);

    // A new scenario, query or input, or a reset: the answers of the old run no longer hold.
    connect(m_controller, &RunController::scenarioChanged, this, &QuizPanel::forget);
    connect(m_controller, &RunController::runReset, this, &QuizPanel::forget);
    setMinimumWidth(340);
    updateButtons();
    updateScore();
}

QuizPanel::~QuizPanel() = default;

void QuizPanel::setLessonMode(bool on)
{
    if (on == m_lessonMode)
        return;
    m_lessonMode = on;
    if (!on)
        stopPredicting();
    updateButtons();
    updateScore();
}

void QuizPanel::forget()
{
    m_askedRejected = false;
    m_oracle.reset();
    m_oracleScenario.reset();
    stopPredicting();
    m_answers.clear();
    m_grades.clear();
    buildQuestions();
    updateButtons();
    updateScore();
}

void QuizPanel::ensureOracle()
{
    const std::shared_ptr<const Scenario> scenario = m_controller->sharedScenario();
    if (m_oracle && m_oracleScenario == scenario)
        return;
    m_oracleScenario = scenario;
    m_oracle = runForQuiz(*scenario);
}

bool QuizPanel::step()
{
    if (!m_lessonMode || !m_controller->hasScenario())
        return false;
    if (m_step >= 0) {
        if (!m_checked && !m_answers.empty())
            check();
        else
            reveal();
        return true;
    }
    if (!m_controller->canStep()) {
        if (!canStepLesson())
            return false;
        m_askedRejected = true;
        startPredicting(0);
        return true;
    }
    startPredicting(m_controller->nextStep());
    return true;
}

bool QuizPanel::canStepLesson() const
{
    if (!m_lessonMode || !m_controller->hasScenario())
        return false;
    if (m_step >= 0)
        return true;
    const Scenario &scenario = m_controller->scenario();
    return !m_controller->isValid() && !m_askedRejected && !scenario.steps.empty() && !scenario.steps[0].quiz.empty();
}

const QuizQuestion &QuizPanel::question(int index) const
{
    return m_oracleScenario->steps[size_t(m_answers[size_t(index)].step)].quiz[size_t(index)];
}

void QuizPanel::startPredicting(int step)
{
    m_step = step;
    m_checked = false;
    m_answers.clear();
    m_grades.clear();
    const Scenario &scenario = m_controller->scenario();
    const std::vector<QuizQuestion> &quiz = scenario.steps[size_t(step)].quiz;
    if (!quiz.empty()) {
        ensureOracle();
        const QuizRun &run = *m_oracle;
        const bool ran = run.query && (!run.error || (!run.reports.empty() && step <= run.reports.back().step));
        if (ran) {
            m_answers = answerStepQuiz(*run.query, *m_oracleScenario, step, run.reports);
        } else {
            for (size_t q = 0; q < quiz.size(); ++q) {
                QuizAnswer a;
                a.step = step;
                a.question = int(q);
                a.kind = quiz[q].kind;
                a.numOptions = quiz[q].options.size();
                a.correctOptions = quiz[q].answer;
                if (quiz[q].kind != QuizKind::Choice || quiz[q].fact != QuizFact::None)
                    a.problem = run.error ? errorText(*run.error) : std::string("no run");
                m_answers.push_back(std::move(a));
            }
        }
    } else {
        m_oracleScenario = m_controller->sharedScenario();
    }
    buildQuestions();
    updateButtons();
    Q_EMIT predictingChanged(step);
}

void QuizPanel::stopPredicting()
{
    if (m_step < 0)
        return;
    m_step = -1;
    updateButtons();
    Q_EMIT predictingChanged(-1);
}

void QuizPanel::buildQuestions()
{
    m_views.clear();
    while (m_questionsLayout->count() > 1) {
        QLayoutItem *item = m_questionsLayout->takeAt(0);
        delete item->widget();
        delete item;
    }
    for (int i = 0; i < int(m_answers.size()); ++i) {
        QWidget *box = buildQuestion(i);
        m_questionsLayout->insertWidget(i, box);
        box->show(); // now, not when the layout's queued show comes: Step is answered at once
    }
}

QString QuizPanel::promptText(const QuizQuestion &q) const
{
    return pick(q.prompt, q.promptDe);
}

QString QuizPanel::explainText(const QuizQuestion &q) const
{
    return pick(q.explain, q.explainDe);
}

QString QuizPanel::optionText(const QuizQuestion &q, int option) const
{
    if (option < 0 || size_t(option) >= q.options.size())
        return QString();
    return pick(q.options[size_t(option)], q.optionsDe.empty() ? std::string() : q.optionsDe[size_t(option)]);
}

QWidget *QuizPanel::buildQuestion(int index)
{
    const QuizQuestion &q = question(index);
    const QuizAnswer &a = m_answers[size_t(index)];
    auto view = std::make_unique<QuestionView>();
    view->box = new QGroupBox(tr("Question %1").arg(index + 1), m_questions);
    view->box->setObjectName(QStringLiteral("quizQuestion%1").arg(index));
    auto *layout = new QVBoxLayout(view->box);
    auto *prompt = new QLabel(promptText(q), view->box);
    prompt->setWordWrap(true);
    QFont bold = prompt->font();
    bold.setBold(true);
    prompt->setFont(bold);
    layout->addWidget(prompt);
    switch (q.kind) {
    case QuizKind::Written:
    case QuizKind::Dropped: {
        auto *hint = new QLabel(q.kind == QuizKind::Written ? tr("Tick every row the trigger writes to the sink:")
                                                            : tr("Tick every arriving row that is dropped as late:"),
                                view->box);
        hint->setWordWrap(true);
        layout->addWidget(hint);
        const ColumnBatch &rows = a.candidates;
        view->rows = new QStandardItemModel(int(rows.numRows), int(rows.columns.size()) + 1, view->box);
        QStringList headers{q.kind == QuizKind::Written ? tr("Written?") : tr("Dropped?")};
        for (const Field &field : rows.schema.fields)
            headers << QString::fromStdString(field.name);
        view->rows->setHorizontalHeaderLabels(headers);
        for (size_t r = 0; r < rows.numRows; ++r) {
            auto *check = new QStandardItem;
            check->setCheckable(true);
            check->setCheckState(Qt::Unchecked);
            check->setEditable(false);
            view->rows->setItem(int(r), 0, check);
            for (size_t c = 0; c < rows.columns.size(); ++c) {
                auto *cell = new QStandardItem(cellText(rows.get(r, c)));
                cell->setEditable(false);
                view->rows->setItem(int(r), int(c) + 1, cell);
            }
        }
        view->table = new QTableView(view->box);
        view->table->setObjectName(QStringLiteral("quizRows"));
        view->table->setModel(view->rows);
        view->table->verticalHeader()->hide();
        view->table->setSelectionMode(QAbstractItemView::NoSelection);
        view->table->setWordWrap(false);
        view->table->horizontalHeader()->setStretchLastSection(true);
        followTextScale(view->table);
        view->table->resizeColumnsToContents();
        const int rowHeight = view->table->verticalHeader()->defaultSectionSize();
        view->table->setMinimumHeight(rowHeight * int(std::min<size_t>(rows.numRows, 8) + 1) + 4);
        // A click anywhere on a row ticks it.
        connect(view->table, &QTableView::clicked, this, [model = view->rows, this](const QModelIndex &index) {
            if (m_checked || index.column() == 0)
                return;
            QStandardItem *check = model->item(index.row(), 0);
            check->setCheckState(check->checkState() == Qt::Checked ? Qt::Unchecked : Qt::Checked);
        });
        layout->addWidget(view->table);
        break;
    }
    case QuizKind::Watermark: {
        view->time = new QDateTimeEdit(view->box);
        view->time->setObjectName(QStringLiteral("quizWatermark"));
        view->time->setTimeSpec(Qt::UTC);
        view->time->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
        // Start from the watermark in force now, or from the arriving rows' first minute.
        int64_t start = 0;
        const auto &reports = m_controller->reports();
        if (!reports.empty())
            start = reports.back()->nextWatermarkMs * 1000;
        if (start == 0 && m_controller->query() && !m_controller->query()->watermarks().empty()) {
            const int column = m_controller->query()->watermarks().front().sourceColumn;
            const ColumnBatch &rows = m_controller->scenario().steps[size_t(m_step)].rows;
            for (size_t r = 0; column >= 0 && r < rows.numRows; ++r) {
                const Value v = rows.get(r, size_t(column));
                if (!v.isNull() && (start == 0 || v.asTimestamp() < start))
                    start = v.asTimestamp();
            }
            start -= start % 60'000'000;
        }
        view->time->setDateTime(utc(start));
        addLabelled(layout, tr("Watermark (UTC):"), view->time);
        break;
    }
    case QuizKind::StateRows: {
        view->number = new QSpinBox(view->box);
        view->number->setObjectName(QStringLiteral("quizNumber"));
        view->number->setRange(0, 100'000'000);
        const auto &reports = m_controller->reports();
        view->number->setValue(reports.empty() ? 0 : int(reports.back()->stateRows));
        addLabelled(layout, tr("State rows:"), view->number);
        break;
    }
    case QuizKind::Choice: {
        view->options = new QButtonGroup(view->box);
        view->options->setExclusive(!q.multipleAnswers);
        if (q.multipleAnswers) {
            auto *hint = new QLabel(tr("Pick every right answer:"), view->box);
            layout->addWidget(hint);
        }
        for (int i = 0; i < int(q.options.size()); ++i) {
            QAbstractButton *button = q.multipleAnswers ? static_cast<QAbstractButton *>(new QCheckBox(optionText(q, i), view->box))
                                                        : new QRadioButton(optionText(q, i), view->box);
            view->options->addButton(button, i);
            view->buttons << button;
            layout->addWidget(button);
        }
        break;
    }
    }
    view->result = new QLabel(view->box);
    view->result->setObjectName(QStringLiteral("quizResult"));
    view->result->setWordWrap(true);
    view->result->setTextFormat(Qt::RichText);
    view->result->hide();
    layout->addWidget(view->result);
    QWidget *box = view->box;
    m_views.push_back(std::move(view));
    return box;
}

QuizResponse QuizPanel::response(int index) const
{
    QuizResponse out;
    if (index < 0 || size_t(index) >= m_views.size())
        return out;
    const QuestionView &v = *m_views[size_t(index)];
    if (v.rows)
        for (int r = 0; r < v.rows->rowCount(); ++r)
            if (v.rows->item(r, 0)->checkState() == Qt::Checked)
                out.rows.push_back(size_t(r));
    if (v.number)
        out.number = v.number->value();
    if (v.time)
        out.watermarkMicros = v.time->dateTime().toMSecsSinceEpoch() * 1000;
    for (QAbstractButton *button : v.buttons)
        if (button->isChecked())
            out.options.push_back(v.options->id(button));
    return out;
}

QStandardItemModel *QuizPanel::rowsModel(int question) const
{
    return question >= 0 && size_t(question) < m_views.size() ? m_views[size_t(question)]->rows : nullptr;
}

QDateTimeEdit *QuizPanel::watermarkEdit(int question) const
{
    return question >= 0 && size_t(question) < m_views.size() ? m_views[size_t(question)]->time : nullptr;
}

QSpinBox *QuizPanel::numberEdit(int question) const
{
    return question >= 0 && size_t(question) < m_views.size() ? m_views[size_t(question)]->number : nullptr;
}

QList<QAbstractButton *> QuizPanel::optionButtons(int question) const
{
    return question >= 0 && size_t(question) < m_views.size() ? m_views[size_t(question)]->buttons : QList<QAbstractButton *>();
}

QLabel *QuizPanel::resultLabel(int question) const
{
    return question >= 0 && size_t(question) < m_views.size() ? m_views[size_t(question)]->result : nullptr;
}

void QuizPanel::check()
{
    if (m_step < 0 || m_checked || m_answers.empty())
        return;
    m_grades.clear();
    QSettings settings;
    QVariantMap scores = settings.value(scoreKey()).toMap();
    for (int i = 0; i < int(m_answers.size()); ++i) {
        m_grades.push_back(gradeQuizAnswer(m_answers[size_t(i)], response(i)));
        scores[QStringLiteral("s%1q%2").arg(m_step).arg(i)] = m_grades.back().correct;
        showGrade(i);
    }
    settings.setValue(scoreKey(), scores);
    m_checked = true;
    updateButtons();
    updateScore();
}

QString QuizPanel::answerText(const QuizQuestion &q, const QuizAnswer &a) const
{
    if (!a.problem.empty())
        return tr("The engine cannot answer this question: %1").arg(QString::fromStdString(a.problem).toHtmlEscaped());
    const int right = int(std::count(a.correctRows.begin(), a.correctRows.end(), true));
    switch (q.kind) {
    case QuizKind::Written:
        return tr("The engine's answer: trigger %1 writes %n row(s), marked in the table.", nullptr, right).arg(a.step);
    case QuizKind::Dropped:
        return tr("The engine's answer: %n row(s) of trigger %1 are dropped as late, marked in the table.", nullptr, right)
            .arg(a.step);
    case QuizKind::Watermark:
        return tr("The engine's answer: the watermark after trigger %1 is <b>%2</b>.")
            .arg(a.step)
            .arg(QString::fromStdString(formatTimestamp(a.watermarkMs * 1000)));
    case QuizKind::StateRows:
        return tr("The engine's answer: <b>%n row(s)</b> in state after trigger %1.", nullptr, int(a.number)).arg(a.step);
    case QuizKind::Choice: {
        QStringList options;
        for (int option : a.correctOptions)
            options << QStringLiteral("<b>%1</b>").arg(optionText(q, option).toHtmlEscaped());
        return tr("The engine's answer: %1").arg(options.join(QStringLiteral(" · ")));
    }
    }
    return QString();
}

void QuizPanel::showGrade(int index)
{
    QuestionView &v = *m_views[size_t(index)];
    const QuizQuestion &q = question(index);
    const QuizAnswer &a = m_answers[size_t(index)];
    const QuizGrade &g = m_grades[size_t(index)];
    QString text = g.correct ? tr("<b>✓ Right.</b>") : tr("<b>✗ Not quite.</b>");
    if (!g.correct && v.rows && (!g.missed.empty() || !g.wrong.empty()))
        text += QLatin1Char(' ') + tr("%n right row(s) not ticked", nullptr, int(g.missed.size())) + QStringLiteral(", ")
            + tr("%n ticked wrongly", nullptr, int(g.wrong.size())) + QLatin1Char('.');
    text += QLatin1Char(' ') + answerText(q, a);
    if (!a.why.empty())
        text += QStringLiteral("<br>") + tr("Why: %1").arg(translatedSentences(a.why).toHtmlEscaped());
    const QString explain = explainText(q);
    if (!explain.isEmpty())
        text += QStringLiteral("<br><i>%1</i>").arg(explain.toHtmlEscaped());
    v.result->setText(text);
    v.result->show();
    // The learner's input stays as entered; the engine's answer and why go beside the rows.
    if (v.rows) {
        // The engine's verdict beside the learner's tick, its why at the end of the row (and on
        // every cell's tooltip); the whys of the rows answered wrongly also under the table.
        v.rows->insertColumn(1);
        v.rows->setHorizontalHeaderItem(1, new QStandardItem(tr("Engine")));
        const int whyColumn = v.rows->columnCount();
        v.rows->setColumnCount(whyColumn + 1);
        v.rows->setHorizontalHeaderItem(whyColumn, new QStandardItem(tr("Why")));
        QStringList wrongRows;
        for (int r = 0; r < v.rows->rowCount(); ++r) {
            const bool yes = a.correctRows[size_t(r)];
            const bool ticked = v.rows->item(r, 0)->checkState() == Qt::Checked;
            QString mark = q.kind == QuizKind::Written ? (yes ? tr("written") : tr("not written"))
                                                       : (yes ? tr("dropped") : tr("kept"));
            mark = (yes == ticked ? QStringLiteral("✓ ") : QStringLiteral("✗ ")) + mark;
            auto *item = new QStandardItem(mark);
            item->setEditable(false);
            v.rows->setItem(r, 1, item);
            const QString whyText = translatedSentence(a.rowWhy[size_t(r)]);
            auto *why = new QStandardItem(whyText);
            why->setEditable(false);
            v.rows->setItem(r, whyColumn, why);
            for (int c = 0; c <= whyColumn; ++c)
                if (QStandardItem *cell = v.rows->item(r, c))
                    cell->setToolTip(whyText);
            v.rows->item(r, 0)->setCheckable(false);
            if (yes != ticked) {
                QStringList cells;
                for (int c = 2; c < whyColumn; ++c)
                    cells << v.rows->item(r, c)->text();
                wrongRows << QStringLiteral("%1 — %2").arg(cells.join(QStringLiteral(", ")).toHtmlEscaped(), whyText.toHtmlEscaped());
            }
        }
        v.table->resizeColumnsToContents();
        if (!wrongRows.isEmpty())
            text += QStringLiteral("<br>") + wrongRows.join(QStringLiteral("<br>"));
        v.result->setText(text);
    }
    for (QWidget *input : std::initializer_list<QWidget *>{v.time, v.number})
        if (input)
            input->setEnabled(false);
    for (QAbstractButton *button : v.buttons) {
        button->setEnabled(false);
        const bool right = std::find(a.correctOptions.begin(), a.correctOptions.end(), v.options->id(button)) != a.correctOptions.end();
        if (right)
            button->setText(button->text() + QStringLiteral("  ✓"));
    }
}

void QuizPanel::reveal()
{
    if (m_step < 0)
        return;
    const int step = m_step;
    stopPredicting();
    if (!m_controller->isValid()) {
        // Nothing to run: the query never starts, as Spark's message in the workspace says.
        m_title->setText(tr("<b>Spark rejects this query</b>"));
        m_hint->setText(tr("No trigger runs: the message above the panels says why, and how to fix it."));
        updateButtons();
        return;
    }
    m_controller->step();
    m_title->setText(tr("<b>Trigger %1 revealed</b>").arg(step));
    m_hint->setText(tr("Press Step (Space) to predict the next trigger."));
}

std::pair<int, int> QuizPanel::score() const
{
    int total = 0;
    if (m_controller->hasScenario())
        for (const Step &s : m_controller->scenario().steps)
            total += int(s.quiz.size());
    int right = 0;
    const QVariantMap scores = QSettings().value(scoreKey()).toMap();
    for (auto it = scores.cbegin(); it != scores.cend(); ++it)
        right += it.value().toBool();
    return {std::min(right, total), total};
}

QString QuizPanel::scoreKey() const
{
    QString name = QFileInfo(m_controller->filePath()).fileName();
    if (name.isEmpty() && m_controller->hasScenario())
        name = QString::fromStdString(m_controller->scenario().title);
    return QStringLiteral("lessonScores/") + name.replace(QLatin1Char('/'), QLatin1Char('_'));
}

void QuizPanel::updateScore()
{
    const auto [right, total] = score();
    m_scoreLabel->setVisible(total > 0);
    m_scoreLabel->setText(tr("Score for this lesson: %1 of %n question(s) right", nullptr, total).arg(right));
}

void QuizPanel::updateButtons()
{
    const bool predicting = m_step >= 0;
    m_checkButton->setEnabled(predicting && !m_checked && !m_answers.empty());
    m_revealButton->setEnabled(predicting);
    if (predicting) {
        m_title->setText(tr("<b>Trigger %1: predict, then reveal</b>").arg(m_step));
        QString hint = tr("Its rows are shown under Arrived; what the engine holds and writes and what the sink "
                          "shows stay hidden until you reveal the trigger.");
        if (m_answers.empty())
            hint += QLatin1Char(' ') + tr("This trigger has no questions: predict what it does, then reveal it.");
        else if (!m_checked)
            hint += QLatin1Char(' ') + tr("Answer, then Check Answers (Space).");
        else
            hint += QLatin1Char(' ') + tr("Now reveal the trigger (Space).");
        m_hint->setText(hint);
    } else if (!m_lessonMode) {
        m_title->setText(tr("<b>Lesson mode is off</b>"));
        m_hint->setText(tr("Turn on Run ▸ Lesson Mode to be asked before each trigger."));
    } else if (m_views.empty()) {
        m_title->setText(tr("<b>Lesson mode</b>"));
        m_hint->setText(tr("Press Step (Space): the next trigger's rows are shown first, and its questions asked."));
    }
}

bool QuizPanel::event(QEvent *event)
{
    // Space and the arrows belong to the answer being typed or ticked, not to Step.
    if (event->type() == QEvent::ShortcutOverride) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Space || key->key() == Qt::Key_Left || key->key() == Qt::Key_Right)
            && key->modifiers() == Qt::NoModifier) {
            QWidget *focus = QApplication::focusWidget();
            if (focus && isAncestorOf(focus)) {
                event->accept();
                return true;
            }
        }
    }
    return QWidget::event(event);
}

void QuizPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_checkButton->setText(tr("&Check Answers"));
        m_revealButton->setText(tr("Re&veal Trigger"));
        updateButtons();
        updateScore();
    }
    QWidget::changeEvent(event);
}

} // namespace streamstep
