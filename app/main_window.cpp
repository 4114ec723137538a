#include "main_window.h"

#include "crash_dialog.h"
#include "export_dialog.h"

#include "batch_chart_view.h"
#include "batch_list_model.h"
#include "batch_narrative_view.h"
#include "batch_table_model.h"
#include "compare_view.h"
#include "event_time_timeline.h"
#include "handout.h"
#include "input_edit_command.h"
#include "input_editor.h"
#include "key_help.h"
#include "lesson_autosave.h"
#include "lessons_page.h"
#include "query_edit_command.h"
#include "query_editor.h"
#include "query_summary_view.h"
#include "quiz_panel.h"
#include "row_explainer.h"
#include "run_controller.h"
#include "sink_contents_model.h"
#include "text_scale.h"
#include "whatif_panel.h"
#include "why_catalogue.h"
#include "why_view.h"

#include "streamstep/breakpoints.h"
#include "streamstep/scenario_check.h"
#include "streamstep/time_math.h"
#include "streamstep/value_format.h"
#include "streamstep/why.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QShowEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QScrollBar>
#include <QSettings>
#include <QSlider>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <QTableView>
#include <QTextBlock>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QHBoxLayout>
#include <QResizeEvent>

#include <cmath>
#include <set>

namespace streamstep {

namespace {

constexpr int kMaxRecentFiles = 8;

// View ▸ Larger Text / Smaller Text: the text scale's bounds and step.
constexpr double kMinFontScale = 0.6;
constexpr double kMaxFontScale = 3.0;
constexpr double kFontScaleStep = 1.15;

// At least this wide, the window shows the side panel until the user folds or unfolds it.
constexpr int kSidePanelWindowWidth = 1600;

// An action of `window` that opens a modal Dialog (Export, Crash Here) on the lesson's scenario;
// without a lesson it does nothing.
template <class Dialog>
QAction *newScenarioDialogAction(const QString &text, const QString &objectName, const QKeySequence &shortcut,
                                 const QString &toolTip, RunController *controller, QWidget *window)
{
    auto *action = new QAction(text, window);
    action->setObjectName(objectName);
    action->setShortcut(shortcut);
    action->setToolTip(toolTip);
    QObject::connect(action, &QAction::triggered, window, [controller, window] {
        if (!controller->hasScenario())
            return;
        Dialog dialog(controller->sharedScenario(), window);
        dialog.exec();
    });
    return action;
}

QTableView *newTableView(QAbstractItemModel *model, QWidget *parent)
{
    auto *view = new QTableView(parent);
    setUpReadOnlyTable(view, model);
    // Fit columns to their contents whenever a new batch is shown, and the first one to the link
    // mark (●) when rows are linked to the row selected elsewhere.
    QObject::connect(model, &QAbstractItemModel::modelReset, view, [view] { view->resizeColumnsToContents(); });
    QObject::connect(model, &QAbstractItemModel::dataChanged, view, [view] { view->resizeColumnToContents(0); });
    return view;
}

// The width a view needs to show all its columns (or all its text) without scrolling sideways.
int neededWidth(QWidget *widget)
{
    if (auto *text = qobject_cast<QPlainTextEdit *>(widget)) {
        const QFontMetrics fm(text->font());
        int widest = 0;
        for (QTextBlock block = text->document()->begin(); block.isValid(); block = block.next())
            widest = std::max(widest, fm.horizontalAdvance(block.text()));
        return widest + 2 * text->frameWidth() + int(2 * text->document()->documentMargin())
            + text->verticalScrollBar()->sizeHint().width() + 4;
    }
    auto *view = qobject_cast<QTableView *>(widget);
    if (!view || !view->model())
        return 0;
    int width = 2 * view->frameWidth() + 2;
    // Room for a vertical scroll bar only when the rows need one.
    const int rowsHeight = view->model()->rowCount() * view->verticalHeader()->defaultSectionSize();
    if (rowsHeight > view->viewport()->height())
        width += view->verticalScrollBar()->sizeHint().width();
    if (!view->verticalHeader()->isHidden())
        width += view->verticalHeader()->sizeHint().width();
    for (int c = 0; c < view->model()->columnCount(); ++c) {
        if (!view->isColumnHidden(c))
            width += std::max(static_cast<QAbstractItemView *>(view)->sizeHintForColumn(c), view->horizontalHeader()->sectionSizeHint(c));
    }
    return width;
}

// The toolbar's batch slider: it asks for little width and takes whatever the toolbar has left,
// so in a narrow window or a wordier language the batch label beside it stays on the toolbar
// instead of moving into the overflow menu (a toolbar places its widgets by their size hints).
class BatchSlider : public QSlider {
public:
    using QSlider::QSlider;
    QSize sizeHint() const override { return {minimumWidth(), QSlider::sizeHint().height()}; }
};

// A titled panel: a bold heading above the view, as in Spark's own UI sections.
QWidget *newPanel(QLabel *title, QWidget *view, QWidget *parent)
{
    auto *panel = new QWidget(parent);
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    title->setWordWrap(true);
    title->setTextFormat(Qt::RichText);
    layout->addWidget(title);
    layout->addWidget(view, 1);
    return panel;
}

QString timeOfDay(int64_t ms)
{
    const QString full = QString::fromStdString(formatTimestamp(ms * 1000));
    return full.size() > 11 ? full.mid(11) : full;
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_controller(new RunController(this)), m_undoStack(new QUndoStack(this)),
      m_autosave(new LessonAutosave(this)), m_inputModel(new BatchTableModel(this)),
      m_resultModel(new BatchTableModel(this)), m_emittedModel(new BatchTableModel(this)),
      m_sinkModel(new BatchTableModel(this)), m_batchModel(new BatchListModel(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QApplication::windowIcon());
    setAcceptDrops(true);

    createActions();
    createMenus();
    createToolBar();

    m_stack = new QStackedWidget(this);
    m_lessons = new LessonsPage(m_stack);
    m_stack->addWidget(m_lessons);
    m_stack->addWidget(createWorkspace());
    setCentralWidget(m_stack);
    // Lesson mode's questions, beside the story they are about.
    m_quiz = new QuizPanel(m_controller, this);
    m_quizDock = new QDockWidget(tr("Predict, Then Reveal"), this);
    m_quizDock->setObjectName(QStringLiteral("quizDock"));
    m_quizDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    m_quizDock->setWidget(m_quiz);
    addDockWidget(Qt::RightDockWidgetArea, m_quizDock);
    m_quizDock->hide();
    connect(m_quiz, &QuizPanel::predictingChanged, this, &MainWindow::setPredicting);
    // What-if: the lesson's knobs, re-run from batch 0 as they move.
    m_whatIf = new WhatIfPanel(m_controller, this);
    m_whatIfDock = new QDockWidget(tr("What-if"), this);
    m_whatIfDock->setObjectName(QStringLiteral("whatIfDock"));
    m_whatIfDock->setWidget(m_whatIf);
    addDockWidget(Qt::RightDockWidgetArea, m_whatIfDock);
    m_whatIfDock->hide();
    m_whatIfAction = m_whatIfDock->toggleViewAction();
    m_whatIfAction->setObjectName(QStringLiteral("whatIfAction"));
    m_whatIfAction->setText(tr("&What-if"));
    m_whatIfAction->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_W);
    m_whatIfAction->setToolTip(tr("Change the lesson's knobs and see the whole run again at once (Ctrl+Shift+W)"));
    m_viewMenu->insertAction(m_viewMenuWhatIfAnchor, m_whatIfAction);
    connect(m_whatIfDock, &QDockWidget::visibilityChanged, m_whatIf, [this](bool visible) {
        m_whatIf->setActive(visible);
        if (visible)
            resizeDocks({m_whatIfDock}, {std::max(m_whatIf->minimumSizeHint().width(), width() / 4)}, Qt::Horizontal);
    });
    connect(m_whatIf, &WhatIfPanel::applyRequested, this, &MainWindow::editQuery);
    connect(m_whatIf, &WhatIfPanel::diffChanged, this, [this] { markWhatIf(m_controller->currentBatch()); });
    // Keyboard only: every action's key works with the menus and toolbar hidden (presenter mode).
    for (QAction *action : findChildren<QAction *>(Qt::FindDirectChildrenOnly))
        if (!action->shortcuts().isEmpty())
            addAction(action);
    m_keyHelp = new KeyHelpOverlay(this);
    m_keyHelp->setActions({m_stepAction, m_backAction, m_revealAction, m_playAction, m_resetAction, m_lessonModeAction,
                           m_nextLessonAction, m_presenterAction, m_zoomInAction, m_zoomOutAction, m_zoomResetAction,
                           m_sidePanelAction, m_compareAction, m_cancelAction, m_keyHelpAction});
    statusBar()->showMessage(tr("Open a lesson or a scenario file to begin."));
    // A large step runs on the worker thread: its progress and a Cancel button, shown meanwhile.
    m_progressBar = new QProgressBar(statusBar());
    m_progressBar->setObjectName(QStringLiteral("stepProgressBar"));
    m_progressBar->setRange(0, 1000);
    m_progressBar->setMinimumWidth(fontMetrics().averageCharWidth() * 48);
    m_progressBar->setVisible(false);
    statusBar()->addPermanentWidget(m_progressBar);
    auto *cancelButton = new QToolButton(statusBar());
    cancelButton->setObjectName(QStringLiteral("cancelButton"));
    cancelButton->setDefaultAction(m_cancelAction);
    cancelButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    cancelButton->setAutoRaise(true);
    cancelButton->setVisible(false);
    statusBar()->addPermanentWidget(cancelButton);
    connect(m_controller, &RunController::busyChanged, cancelButton, &QWidget::setVisible);

    connect(m_summary->editor(), &QueryEditor::queryEdited, this, &MainWindow::editQuery);
    connect(m_undoStack, &QUndoStack::cleanChanged, this, [this](bool clean) { setWindowModified(!clean); });
    // Unsaved edits reach the autosave file shortly after each edit; back at the saved state
    // (saved, undone, another file opened) the file goes.
    auto followEdits = [this] {
        if (m_undoStack->isClean())
            m_autosave->discard();
        else
            m_autosave->schedule();
    };
    connect(m_undoStack, &QUndoStack::cleanChanged, this, followEdits);
    connect(m_undoStack, &QUndoStack::indexChanged, this, followEdits);
    connect(m_autosave, &LessonAutosave::saveDue, this, [this] {
        if (m_undoStack->isClean() || !m_controller->hasScenario())
            return;
        QString error;
        if (!m_autosave->write(m_controller->scenario(), m_controller->filePath(), &error))
            statusBar()->showMessage(error);
    });
    connect(m_lessons, &LessonsPage::lessonChosen, this, [this](const QString &path) { openScenario(path); });
    connect(m_controller, &RunController::scenarioChanged, this, &MainWindow::onScenarioChanged);
    connect(m_controller, &RunController::triggerCompleted, this, &MainWindow::onTriggerCompleted);
    // A long run summarises old batches (and restores one the user selects): the views take
    // the new reports and let go of the old ones.
    connect(m_controller, &RunController::reportsReplaced, this, [this](int first, int last) {
        const auto &reports = m_controller->reports();
        m_batchModel->replaceReports(first, {reports.begin() + first, reports.begin() + last + 1});
        m_timeline->setReports(reports, TimelineQueryInfo::fromQuery(m_controller->sharedQuery()));
    });
    connect(m_controller, &RunController::runReset, this, &MainWindow::onRunReset);
    connect(m_controller, &RunController::currentBatchChanged, this, &MainWindow::showBatch);
    connect(m_controller, &RunController::startedChanged, this, &MainWindow::updateActions);
    connect(m_controller, &RunController::currentBatchChanged, this, &MainWindow::updateActions);
    connect(m_controller, &RunController::playingChanged, this, &MainWindow::updateActions);
    connect(m_controller, &RunController::playingChanged, this, [this](bool playing) {
        if (playing || !m_playUntil)
            return;
        // Play ended (the data ran out, or the user paused) before the moment came.
        m_playUntil.reset();
        statusBar()->showMessage(tr("Play stopped at batch %1 without the moment it waited for.")
                                     .arg(m_controller->numBatches() - 1));
    });
    connect(m_controller, &RunController::busyChanged, this, &MainWindow::onBusyChanged);
    connect(m_controller, &RunController::stepProgressed, this, &MainWindow::onStepProgressed);
    connect(m_controller, &RunController::stepCancelled, this, &MainWindow::onStepCancelled);
    connect(m_controller, &RunController::errorOccurred, this, [this](const QString &message) {
        statusBar()->showMessage(message);
        m_triggerLabel->setText(tr("Query stopped"));
        updateActions();
    });

    // A lesson's sink may name a PostgreSQL server: connect only when the user says so.
    m_controller->setConnectionApprover([this](const SinkEndpoint &endpoint) {
        // Tests run offscreen and must never block on a dialog: they never connect unasked.
        if (QGuiApplication::platformName() == QLatin1String("offscreen") && qEnvironmentVariableIntValue("STREAMSTEP_NO_PROMPTS") == 1)
            return false;
        QMessageBox box(QMessageBox::Question, tr("Connect to a PostgreSQL server?"),
                        tr("This query's sink writes to a PostgreSQL server:<br><b>%1</b>, table <b>%2</b> "
                           "(from %3).<br><br>Connect and write each batch there, showing the table as the "
                           "server holds it after each batch? Without connecting the query runs in memory "
                           "and the sink panel shows the rows each batch would write.")
                            .arg(QString::fromStdString(endpoint.displayUrl).toHtmlEscaped(),
                                 QString::fromStdString(endpoint.table).toHtmlEscaped(),
                                 QString::fromStdString(endpoint.origin).toHtmlEscaped()),
                        QMessageBox::NoButton, this);
        QPushButton *connectButton = box.addButton(tr("Connect"), QMessageBox::AcceptRole);
        box.addButton(tr("Stay in memory"), QMessageBox::RejectRole);
        box.setDefaultButton(connectButton);
        box.exec();
        return box.clickedButton() == connectButton;
    });

    readSettings();
    updateActions();
    updateWindowTitle();
}

MainWindow::~MainWindow()
{
    // The undo stack goes with the children and clears itself: that is no "back to the saved
    // state", so the autosave (gone first, maybe) must not hear of it. A window destroyed
    // without a clean close keeps its autosave, as a crash does.
    disconnect(m_undoStack, nullptr, this, nullptr);
    // The docks hide while QWidget's destructor deletes the children, when this is no longer a
    // MainWindow: their visibility handlers must not run then (UBSan: member access).
    disconnect(m_whatIfDock, &QDockWidget::visibilityChanged, nullptr, nullptr);
}

void MainWindow::createActions()
{
    QStyle *s = style();
    m_openAction = new QAction(s->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), this);
    m_openAction->setShortcut(QKeySequence::Open);
    connect(m_openAction, &QAction::triggered, this, &MainWindow::open);

    m_saveAction = new QAction(s->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save"), this);
    m_saveAction->setShortcut(QKeySequence::Save);
    connect(m_saveAction, &QAction::triggered, this, &MainWindow::save);

    m_saveAsAction = new QAction(tr("Save &As…"), this);
    m_saveAsAction->setShortcut(QKeySequence::SaveAs);
    connect(m_saveAsAction, &QAction::triggered, this, &MainWindow::saveAs);

    m_exportAction = newScenarioDialogAction<ExportDialog>(
        tr("&Export as Spark Code…"), QStringLiteral("exportAction"), Qt::CTRL | Qt::SHIFT | Qt::Key_E,
        tr("The lesson's query as a PySpark, Scala or Java program for a real Spark cluster (Ctrl+Shift+E)"),
        m_controller, this);

    m_quitAction = new QAction(tr("&Quit"), this);
    m_quitAction->setShortcut(QKeySequence::Quit);
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_undoAction = m_undoStack->createUndoAction(this, tr("&Undo"));
    m_undoAction->setObjectName(QStringLiteral("undoAction"));
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_redoAction = m_undoStack->createRedoAction(this, tr("&Redo"));
    m_redoAction->setObjectName(QStringLiteral("redoAction"));
    m_redoAction->setShortcut(QKeySequence::Redo);

    m_editInputAction = new QAction(s->standardIcon(QStyle::SP_FileDialogDetailedView), tr("Edit &Input…"), this);
    m_editInputAction->setObjectName(QStringLiteral("editInputAction"));
    m_editInputAction->setShortcut(Qt::CTRL | Qt::Key_I);
    m_editInputAction->setToolTip(tr("Edit the rows of each step (Ctrl+I)"));
    connect(m_editInputAction, &QAction::triggered, this, [this] {
        InputEditor *editor = inputEditor();
        editor->show();
        editor->raise();
        editor->activateWindow();
    });
    m_generateRowsAction = new QAction(tr("&Generate Rows…"), this);
    m_generateRowsAction->setObjectName(QStringLiteral("generateRowsAction"));
    m_generateRowsAction->setToolTip(tr("Fill the input with seeded random transactions"));
    connect(m_generateRowsAction, &QAction::triggered, this, [this] { inputEditor()->showGeneratorDialog(); });

    m_sidePanelAction = new QAction(s->standardIcon(QStyle::SP_FileDialogInfoView), tr("Lesson && &Query Panel"), this);
    m_sidePanelAction->setObjectName(QStringLiteral("sidePanelAction"));
    m_sidePanelAction->setIconText(tr("Lesson"));
    m_sidePanelAction->setCheckable(true);
    m_sidePanelAction->setShortcut(Qt::Key_F9);
    m_sidePanelAction->setToolTip(tr("Show or fold away the query builder and the lesson text (F9)"));
    connect(m_sidePanelAction, &QAction::triggered, this, [this](bool shown) { setSidePanelShown(shown, true); });

    m_compareAction = new QAction(s->standardIcon(QStyle::SP_FileDialogListView), tr("Compare Output &Modes"), this);
    m_compareAction->setObjectName(QStringLiteral("compareAction"));
    m_compareAction->setIconText(tr("Compare"));
    m_compareAction->setCheckable(true);
    m_compareAction->setShortcut(Qt::CTRL | Qt::Key_M);
    m_compareAction->setToolTip(tr("Run the same query and steps in append, update and complete side by side (Ctrl+M)"));
    connect(m_compareAction, &QAction::triggered, this, &MainWindow::setCompareShown);

    m_lessonsAction = new QAction(s->standardIcon(QStyle::SP_FileDialogContentsView), tr("&Lessons"), this);
    m_lessonsAction->setToolTip(tr("Show the list of bundled lessons"));
    connect(m_lessonsAction, &QAction::triggered, this, &MainWindow::showLessons);

    m_startAction = new QAction(s->standardIcon(QStyle::SP_MediaPlay), tr("S&tart"), this);
    m_startAction->setObjectName(QStringLiteral("startAction"));
    m_startAction->setToolTip(tr("Start the query (Spark's writeStream.start()): validates it and waits for data"));
    connect(m_startAction, &QAction::triggered, m_controller, &RunController::start);

    m_stepAction = new QAction(s->standardIcon(QStyle::SP_MediaSkipForward), tr("&Step"), this);
    m_stepAction->setObjectName(QStringLiteral("stepAction"));
    m_stepAction->setShortcuts({QKeySequence(Qt::Key_Space), QKeySequence(Qt::Key_Right)});
    m_stepAction->setToolTip(tr("Feed the next step's rows as one trigger (Space, →)"));
    // In lesson mode Step first shows the trigger's rows and asks, then checks, then reveals.
    connect(m_stepAction, &QAction::triggered, this, [this] {
        if (!m_quiz || !m_quiz->step())
            m_controller->step();
    });

    m_lessonModeAction = new QAction(tr("&Lesson Mode"), this);
    m_lessonModeAction->setObjectName(QStringLiteral("lessonModeAction"));
    m_lessonModeAction->setCheckable(true);
    m_lessonModeAction->setShortcut(Qt::CTRL | Qt::Key_L);
    m_lessonModeAction->setToolTip(tr("Predict, then reveal: before each trigger, show its rows, ask the lesson's "
                                      "questions and hide the outcome until revealed (Ctrl+L)"));
    connect(m_lessonModeAction, &QAction::toggled, this, &MainWindow::setLessonMode);

    m_playAction = new QAction(s->standardIcon(QStyle::SP_MediaSeekForward), tr("&Play"), this);
    m_playAction->setObjectName(QStringLiteral("playAction"));
    m_playAction->setCheckable(true);
    m_playAction->setShortcut(Qt::Key_P);
    m_playAction->setToolTip(tr("Run one trigger per interval until the data runs out (P)"));
    connect(m_playAction, &QAction::triggered, this, [this](bool checked) {
        if (checked)
            m_controller->play();
        else
            m_controller->pause();
    });

    m_playIntervalAction = new QAction(tr("Play &Interval…"), this);
    m_playIntervalAction->setObjectName(QStringLiteral("playIntervalAction"));
    m_playIntervalAction->setToolTip(tr("Choose how long Play waits between triggers"));
    connect(m_playIntervalAction, &QAction::triggered, this, [this] {
        bool ok = false;
        const double seconds = QInputDialog::getDouble(this, tr("Play Interval"), tr("Seconds between triggers:"),
                                                       m_controller->playIntervalMs() / 1000.0, 0.1, 60.0, 1, &ok,
                                                       Qt::WindowFlags(), 0.5);
        if (ok)
            setPlayInterval(seconds);
    });

    m_resetAction = new QAction(s->standardIcon(QStyle::SP_BrowserReload), tr("&Reset"), this);
    m_resetAction->setObjectName(QStringLiteral("resetAction"));
    m_resetAction->setShortcut(Qt::CTRL | Qt::Key_R);
    m_resetAction->setToolTip(tr("Stop the query and forget its state, batches and sink output (Ctrl+R)"));
    connect(m_resetAction, &QAction::triggered, m_controller, &RunController::reset);

    m_crashAction = newScenarioDialogAction<CrashDialog>(
        tr("Crash &Here…"), QStringLiteral("crashAction"), Qt::CTRL | Qt::SHIFT | Qt::Key_K,
        tr("Stop the lesson at a point of a batch as a crash would, restart it from the checkpoint "
           "and see how the sink keeps its output exactly once (Ctrl+Shift+K)"),
        m_controller, this);

    m_runAllAction = new QAction(tr("Run &All Triggers"), this);
    m_runAllAction->setShortcut(Qt::CTRL | Qt::Key_End);
    connect(m_runAllAction, &QAction::triggered, m_controller, &RunController::runAll);

    m_cancelAction = new QAction(s->standardIcon(QStyle::SP_BrowserStop), tr("&Cancel Batch"), this);
    m_cancelAction->setObjectName(QStringLiteral("cancelAction"));
    m_cancelAction->setShortcut(Qt::Key_Escape);
    m_cancelAction->setToolTip(tr("Stop the running batch; the run stays as after the last trigger (Esc)"));
    m_cancelAction->setEnabled(false);
    connect(m_cancelAction, &QAction::triggered, m_controller, &RunController::cancel);

    m_zoomInAction = new QAction(tr("&Larger Text"), this);
    m_zoomInAction->setShortcut(QKeySequence::ZoomIn);
    connect(m_zoomInAction, &QAction::triggered, this, [this] { setFontScale(m_fontScale * kFontScaleStep); });
    m_zoomOutAction = new QAction(tr("S&maller Text"), this);
    m_zoomOutAction->setShortcut(QKeySequence::ZoomOut);
    connect(m_zoomOutAction, &QAction::triggered, this, [this] { setFontScale(m_fontScale / kFontScaleStep); });
    m_zoomResetAction = new QAction(tr("&Normal Text Size"), this);
    m_zoomResetAction->setShortcut(Qt::CTRL | Qt::Key_0);
    connect(m_zoomResetAction, &QAction::triggered, this, [this] { setFontScale(1.0); });

    m_backAction = new QAction(s->standardIcon(QStyle::SP_MediaSkipBackward), tr("Step &Back"), this);
    m_backAction->setObjectName(QStringLiteral("backAction"));
    m_backAction->setShortcuts({QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_PageUp)});
    m_backAction->setToolTip(tr("Show the batch before the one shown (←, Page Up)"));
    connect(m_backAction, &QAction::triggered, this, [this] {
        if (m_controller->currentBatch() > 0)
            m_controller->selectBatch(m_controller->currentBatch() - 1);
    });
    // A presenter's clicker sends Page Down for "next".
    m_stepAction->setShortcuts({QKeySequence(Qt::Key_Space), QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_PageDown)});
    m_stepAction->setToolTip(tr("Feed the next step's rows as one trigger (Space, →, Page Down)"));

    m_revealAction = new QAction(tr("Re&veal Trigger"), this);
    m_revealAction->setObjectName(QStringLiteral("revealAction"));
    m_revealAction->setShortcuts({QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)});
    m_revealAction->setToolTip(tr("In lesson mode: run the trigger being predicted and show what it did (Return)"));
    connect(m_revealAction, &QAction::triggered, this, [this] {
        if (m_quiz && m_quiz->predictingStep() >= 0)
            m_quiz->reveal();
    });

    m_nextLessonAction = new QAction(tr("&Next Lesson"), this);
    m_nextLessonAction->setObjectName(QStringLiteral("nextLessonAction"));
    m_nextLessonAction->setShortcut(Qt::Key_N);
    m_nextLessonAction->setToolTip(tr("Open the bundled lesson after this one (N)"));
    connect(m_nextLessonAction, &QAction::triggered, this, &MainWindow::openNextLesson);

    m_presenterAction = new QAction(tr("&Presenter Mode"), this);
    m_presenterAction->setObjectName(QStringLiteral("presenterAction"));
    m_presenterAction->setCheckable(true);
    m_presenterAction->setShortcut(Qt::Key_F11);
    m_presenterAction->setToolTip(tr("One large layout for a projector: the narrative, the three story panels and the "
                                     "timeline, full screen (F11)"));
    connect(m_presenterAction, &QAction::triggered, this, [this](bool on) { setPresenterMode(on); });

    m_keyHelpAction = new QAction(tr("&Keyboard Shortcuts"), this);
    m_keyHelpAction->setObjectName(QStringLiteral("keyHelpAction"));
    // "?" arrives as ?, Shift+? or Shift+/ depending on the platform's key mapping.
    m_keyHelpAction->setShortcuts({QKeySequence(Qt::Key_F1), QKeySequence(Qt::Key_Question), QKeySequence(Qt::SHIFT | Qt::Key_Slash),
                                   QKeySequence(Qt::SHIFT | Qt::Key_Question)});
    m_keyHelpAction->setToolTip(tr("List the keys that step, go back, reveal and present (?, F1)"));
    connect(m_keyHelpAction, &QAction::triggered, this, [this] { m_keyHelp->toggle(); });

    m_exportBatchPngAction = new QAction(tr("Export Batch as &PNG…"), this);
    m_exportBatchPngAction->setObjectName(QStringLiteral("exportBatchPngAction"));
    m_exportBatchPngAction->setToolTip(tr("The batch shown as a handout page: its narrative, the three story tables "
                                          "and the timeline, as an image"));
    m_exportBatchPdfAction = new QAction(tr("Export Batch as P&DF…"), this);
    m_exportBatchPdfAction->setObjectName(QStringLiteral("exportBatchPdfAction"));
    m_exportBatchPdfAction->setToolTip(tr("The batch shown as a handout page: its narrative, the three story tables "
                                          "and the timeline, as a PDF"));
    m_exportLessonPdfAction = new QAction(tr("Export &Lesson as PDF…"), this);
    m_exportLessonPdfAction->setObjectName(QStringLiteral("exportLessonPdfAction"));
    m_exportLessonPdfAction->setToolTip(tr("The whole lesson run from batch 0 as a handout, one page per batch"));
    for (QAction *action : {m_exportBatchPngAction, m_exportBatchPdfAction, m_exportLessonPdfAction})
        connect(action, &QAction::triggered, this, [this, action] { exportHandout(action); });

    m_aboutAction = new QAction(tr("&About StreamStep"), this);
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::about);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_openAction);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addAction(m_lessonsAction);
    file->addSeparator();
    file->addAction(m_saveAction);
    file->addAction(m_saveAsAction);
    file->addSeparator();
    file->addAction(m_exportAction);
    file->addAction(m_exportBatchPngAction);
    file->addAction(m_exportBatchPdfAction);
    file->addAction(m_exportLessonPdfAction);
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_undoAction);
    edit->addAction(m_redoAction);
    edit->addSeparator();
    edit->addAction(m_editInputAction);
    edit->addAction(m_generateRowsAction);

    QMenu *run = menuBar()->addMenu(tr("&Run"));
    run->addAction(m_startAction);
    run->addAction(m_stepAction);
    run->addAction(m_backAction);
    run->addAction(m_revealAction);
    run->addAction(m_playAction);
    m_playUntilMenu = run->addMenu(tr("Play &Until"));
    m_playUntilMenu->setObjectName(QStringLiteral("playUntilMenu"));
    const std::pair<BatchEvent, QString> untilEvents[] = {
        {BatchEvent::WindowWritten, tr("A &Window Is Written")},
        {BatchEvent::RowDroppedLate, tr("A Row Is &Dropped as Late")},
        {BatchEvent::WatermarkMoved, tr("The Watermark &Moves")},
        {BatchEvent::StateEvicted, tr("State Is &Evicted")},
        {BatchEvent::NoDataBatch, tr("A &No-Data Batch Runs")},
    };
    for (const auto &[event, text] : untilEvents) {
        QAction *action = m_playUntilMenu->addAction(text);
        action->setObjectName(QStringLiteral("playUntil_%1").arg(QString::fromStdString(batchEventName(event))));
        connect(action, &QAction::triggered, this, [this, e = event] { playUntil(e); });
    }
    run->addAction(m_playIntervalAction);
    run->addAction(m_runAllAction);
    run->addAction(m_cancelAction);
    run->addSeparator();
    run->addAction(m_lessonModeAction);
    run->addAction(m_nextLessonAction);
    run->addAction(m_crashAction);
    run->addSeparator();
    run->addAction(m_resetAction);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    m_viewMenu = view;
    view->addAction(m_lessonsAction);
    view->addAction(m_sidePanelAction);
    view->addAction(m_compareAction);
    view->addAction(m_presenterAction);
    m_viewMenuWhatIfAnchor = view->addSeparator(); // the What-if entry goes above, once its dock exists
    view->addAction(m_zoomInAction);
    view->addAction(m_zoomOutAction);
    view->addAction(m_zoomResetAction);
    view->addSeparator();
    QMenu *language = view->addMenu(tr("&Language"));
    m_languageGroup = new QActionGroup(this);
    const QList<std::pair<QString, QString>> languages = {
        {QString(), tr("System Default")}, {QStringLiteral("en"), tr("English")}, {QStringLiteral("de"), tr("German")}};
    for (const auto &[code, name] : languages) {
        QAction *action = language->addAction(name);
        action->setCheckable(true);
        action->setData(code);
        m_languageGroup->addAction(action);
    }
    connect(m_languageGroup, &QActionGroup::triggered, this,
            [this](QAction *action) { setLanguage(action->data().toString()); });

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_keyHelpAction);
    help->addSeparator();
    help->addAction(m_aboutAction);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::createToolBar()
{
    QToolBar *bar = addToolBar(tr("Stepper"));
    m_stepperBar = bar;
    bar->setObjectName(QStringLiteral("stepperToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->setMovable(false);
    bar->addAction(m_sidePanelAction);
    bar->addAction(m_lessonsAction);
    bar->addAction(m_openAction);
    bar->addAction(m_editInputAction);
    bar->addSeparator();
    bar->addAction(m_startAction);
    bar->addAction(m_stepAction);
    bar->addAction(m_playAction);
    bar->addAction(m_resetAction);
    bar->addAction(m_compareAction);
    bar->addSeparator();

    m_triggerLabel = new QLabel(bar);
    m_triggerLabel->setObjectName(QStringLiteral("triggerLabel"));
    m_triggerLabel->setContentsMargins(6, 0, 12, 0);
    bar->addWidget(m_triggerLabel);

    auto *batchCaption = new QLabel(tr("Batch:"), bar);
    batchCaption->setContentsMargins(6, 0, 4, 0);
    bar->addWidget(batchCaption);
    m_batchSlider = new BatchSlider(Qt::Horizontal, bar);
    m_batchSlider->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_batchSlider->setObjectName(QStringLiteral("batchSlider"));
    m_batchSlider->setMinimumWidth(100);
    m_batchSlider->setMaximumWidth(260);
    m_batchSlider->setPageStep(1);
    m_batchSlider->setTickPosition(QSlider::TicksBelow);
    m_batchSlider->setToolTip(tr("Review any past batch: every panel shows that batch's recorded report"));
    m_batchSlider->setFocusPolicy(Qt::NoFocus); // keep → for Step
    bar->addWidget(m_batchSlider);
    m_batchLabel = new QLabel(bar);
    m_batchLabel->setObjectName(QStringLiteral("batchLabel"));
    m_batchLabel->setContentsMargins(6, 0, 6, 0);
    bar->addWidget(m_batchLabel);
    connect(m_batchSlider, &QSlider::valueChanged, m_controller, &RunController::selectBatch);
    // Opening and editing are a click away in the menus too: icons only, so the stepper fits.
    for (QAction *action : {m_lessonsAction, m_openAction, m_editInputAction}) {
        if (auto *button = qobject_cast<QToolButton *>(bar->widgetForAction(action)))
            button->setToolButtonStyle(Qt::ToolButtonIconOnly);
    }
}

QWidget *MainWindow::createWorkspace()
{
    m_mainSplitter = new QSplitter(Qt::Horizontal, this);
    m_mainSplitter->setObjectName(QStringLiteral("mainSplitter"));
    m_mainSplitter->setChildrenCollapsible(false);
    m_summary = new QuerySummaryView(m_mainSplitter);
    m_summary->setObjectName(QStringLiteral("sidePanel"));
    m_summary->setMinimumWidth(270); // the query editor's form stays whole
    m_mainSplitter->addWidget(m_summary);

    auto *story = new QWidget(m_mainSplitter);
    story->setObjectName(QStringLiteral("storyArea"));
    auto *storyLayout = new QVBoxLayout(story);
    storyLayout->setContentsMargins(2, 2, 2, 0);
    storyLayout->setSpacing(2);
    m_mainSplitter->addWidget(story);
    m_mainSplitter->setStretchFactor(0, 0);
    m_mainSplitter->setStretchFactor(1, 1);

    // Why the run started over after a query edit, and what is kept to compare with.
    auto *notice = new QWidget(story);
    notice->setObjectName(QStringLiteral("runNoticeBar"));
    auto *noticeLayout = new QHBoxLayout(notice);
    noticeLayout->setContentsMargins(0, 0, 0, 0);
    m_runNotice = new QLabel(notice);
    m_runNotice->setObjectName(QStringLiteral("runNotice"));
    m_runNotice->setWordWrap(true);
    m_runNotice->setTextFormat(Qt::RichText);
    m_runNotice->setMargin(4);
    m_runNotice->setFrameShape(QFrame::StyledPanel);
    noticeLayout->addWidget(m_runNotice, 1);
    m_runNoticeClose = new QToolButton(notice);
    m_runNoticeClose->setObjectName(QStringLiteral("runNoticeClose"));
    m_runNoticeClose->setIcon(style()->standardIcon(QStyle::SP_DialogCloseButton));
    m_runNoticeClose->setToolTip(tr("Forget the previous run"));
    m_runNoticeClose->setAutoRaise(true);
    noticeLayout->addWidget(m_runNoticeClose, 0, Qt::AlignTop);
    connect(m_runNoticeClose, &QToolButton::clicked, this, [this] {
        m_controller->forgetPreviousRun();
        updateRunNotice();
        showBatch(m_controller->currentBatch());
    });
    notice->hide();
    storyLayout->addWidget(notice);

    // The slot for the engine's narrative of the batch shown.
    m_narrative = new BatchNarrativeView(story);
    storyLayout->addWidget(m_narrative);

    // The trigger's story, or in its place the compare view: one of them is hidden, so the hidden
    // one's size never constrains the other (a stacked widget would ask room for both).
    m_centreSplitter = new QSplitter(Qt::Vertical, story);
    m_centreSplitter->setObjectName(QStringLiteral("centreSplitter"));
    m_centreSplitter->setChildrenCollapsible(false);
    storyLayout->addWidget(m_centreSplitter, 1);
    m_compareView = new CompareView(story);
    m_compareView->hide();
    storyLayout->addWidget(m_compareView, 1);
    // The compare view follows the trigger of the batch shown; its own arrows move it further.
    connect(m_controller, &RunController::currentBatchChanged, this, [this](int index) {
        if (index >= 0 && index < m_controller->numBatches())
            m_compareView->setTrigger(m_controller->reports()[size_t(index)]->step);
    });

    // The story of one trigger, left to right.
    m_panelSplitter = new QSplitter(Qt::Horizontal, m_centreSplitter);
    m_panelSplitter->setObjectName(QStringLiteral("panelSplitter"));
    m_panelSplitter->setChildrenCollapsible(false);
    m_inputTitle = new QLabel(m_panelSplitter);
    m_resultTitle = new QLabel(m_panelSplitter);
    m_emittedTitle = new QLabel(m_panelSplitter);
    m_sinkTitle = new QLabel(m_panelSplitter);
    m_inputTitle->setObjectName(QStringLiteral("arrivedTitle"));
    m_resultTitle->setObjectName(QStringLiteral("holdsTitle"));
    m_emittedTitle->setObjectName(QStringLiteral("writtenTitle"));
    m_sinkTitle->setObjectName(QStringLiteral("sinkTitle"));
    auto *inputView = newTableView(m_inputModel, m_panelSplitter);
    inputView->setObjectName(QStringLiteral("inputView"));
    auto *resultView = newTableView(m_resultModel, m_panelSplitter);
    resultView->setObjectName(QStringLiteral("resultView"));
    auto *emittedView = newTableView(m_emittedModel, m_panelSplitter);
    emittedView->setObjectName(QStringLiteral("emittedView"));
    // The story panels give their width to the data, not to row numbers.
    for (QTableView *view : {inputView, resultView, emittedView})
        view->verticalHeader()->hide();
    m_storyPanels << newPanel(m_inputTitle, inputView, m_panelSplitter);
    m_storyPanels << newPanel(m_resultTitle, resultView, m_panelSplitter);
    m_storyPanels << newPanel(m_emittedTitle, emittedView, m_panelSplitter);

    m_sinkStack = new QStackedWidget(m_panelSplitter);
    m_consoleView = new QPlainTextEdit(m_sinkStack);
    m_consoleView->setObjectName(QStringLiteral("consoleView"));
    m_consoleView->setReadOnly(true);
    m_consoleView->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_consoleView->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_consoleView->setPlaceholderText(tr("The console sink prints each batch here, as Spark does."));
    m_sinkTableView = newTableView(m_sinkModel, m_sinkStack);
    m_sinkTableView->setObjectName(QStringLiteral("sinkTableView"));
    m_sinkTableView->verticalHeader()->hide();
    m_sinkStack->addWidget(m_consoleView);
    m_sinkStack->addWidget(m_sinkTableView);
    m_sinkContents = new SinkContentsModel(this);
    m_sinkContentsView = newTableView(m_sinkContents, m_sinkStack);
    m_sinkContentsView->setObjectName(QStringLiteral("sinkContentsView"));
    m_sinkContentsView->verticalHeader()->hide();
    m_sinkStack->addWidget(m_sinkContentsView);
    m_storyPanels << newPanel(m_sinkTitle, m_sinkStack, m_panelSplitter);
    for (int i = 0; i < m_storyPanels.size(); ++i) {
        m_storyPanels[i]->setObjectName(QStringList{QStringLiteral("arrivedPanel"), QStringLiteral("holdsPanel"),
                                                    QStringLiteral("writtenPanel"), QStringLiteral("sinkPanel")}[i]);
        m_storyPanels[i]->setMinimumWidth(120);
        m_panelSplitter->addWidget(m_storyPanels[i]);
        m_panelSplitter->setStretchFactor(i, 1);
    }

    // Below: the timeline, and the batches (with the charts in a tab beside them).
    m_bottomSplitter = new QSplitter(Qt::Horizontal, m_centreSplitter);
    m_bottomSplitter->setObjectName(QStringLiteral("bottomSplitter"));
    m_bottomSplitter->setChildrenCollapsible(false);
    m_batchTabs = new QTabWidget(m_bottomSplitter);
    m_batchTabs->setObjectName(QStringLiteral("batchTabs"));
    m_batchTabs->setDocumentMode(true);
    auto *batches = new QWidget(m_batchTabs);
    auto *batchesLayout = new QVBoxLayout(batches);
    batchesLayout->setContentsMargins(2, 2, 2, 2);
    batchesLayout->setSpacing(2);
    m_watermarkLabel = new QLabel(batches);
    m_watermarkLabel->setObjectName(QStringLiteral("watermarkLabel"));
    m_watermarkLabel->setWordWrap(true);
    m_watermarkLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_batchView = newTableView(m_batchModel, batches);
    m_batchView->setObjectName(QStringLiteral("batchView"));
    m_batchView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_batchView->verticalHeader()->hide();
    connect(m_batchModel, &QAbstractItemModel::rowsInserted, m_batchView, [this] {
        m_batchView->resizeColumnsToContents();
        m_batchView->scrollToBottom();
    });
    connect(m_batchView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    m_controller->selectBatch(current.row());
            });
    batchesLayout->addWidget(m_watermarkLabel);
    batchesLayout->addWidget(m_batchView, 1);
    m_batchTabs->addTab(batches, tr("Batches"));
    m_batchTabs->setTabToolTip(0, tr("One row per micro-batch: its trigger, rows in and written, late rows, the "
                                     "watermark and the state"));
    m_chart = new BatchChartView(m_batchModel, m_batchTabs);
    m_chart->setObjectName(QStringLiteral("batchChart"));
    m_batchTabs->addTab(m_chart, tr("Charts"));
    m_batchTabs->setTabToolTip(1, tr("The figures Spark's UI charts, batch by batch"));
    m_bottomSplitter->addWidget(m_batchTabs);
    m_timeline = new EventTimeTimeline(m_bottomSplitter);
    m_timeline->setObjectName(QStringLiteral("eventTimeTimeline"));
    m_bottomSplitter->addWidget(m_timeline);
    m_bottomSplitter->setStretchFactor(0, 0);
    m_bottomSplitter->setStretchFactor(1, 1);
    connect(m_chart, &BatchChartView::batchClicked, m_controller, &RunController::selectBatch);
    connect(m_timeline, &EventTimeTimeline::batchClicked, m_controller, &RunController::selectBatch);
    connect(m_timeline, &EventTimeTimeline::rowDropped, this, &MainWindow::moveDroppedRow);

    // Under the four panels, the Why pane: why the row selected in any of them went where. It
    // heads the lower half, so a long answer takes its room from the timeline, never from the
    // panels whose rows it explains.
    auto *lower = new QWidget(m_centreSplitter);
    lower->setObjectName(QStringLiteral("whyAndTimeline"));
    auto *lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->setSpacing(2);
    m_why = new WhyView(lower);
    lowerLayout->addWidget(m_why);
    m_bottomSplitter->setParent(lower);
    lowerLayout->addWidget(m_bottomSplitter, 1);
    RowExplainer::Views views;
    views.input = inputView;
    views.result = resultView;
    views.emitted = emittedView;
    views.sinkTable = m_sinkTableView;
    views.sinkContents = m_sinkContentsView;
    views.inputModel = m_inputModel;
    views.resultModel = m_resultModel;
    views.emittedModel = m_emittedModel;
    views.sinkModel = m_sinkModel;
    views.sinkContentsModel = m_sinkContents;
    m_explainer = new RowExplainer(m_controller, m_why, m_timeline, views, this);

    m_panelSplitter->installEventFilter(this);
    m_bottomSplitter->installEventFilter(this);
    m_centreSplitter->addWidget(m_panelSplitter);
    m_centreSplitter->addWidget(lower);
    m_centreSplitter->setStretchFactor(0, 1);
    m_centreSplitter->setStretchFactor(1, 1);
    showBatch(-1);
    return m_mainSplitter;
}

void MainWindow::setCompareShown(bool shown)
{
    m_compareAction->setChecked(shown);
    if (shown && m_compareStale && m_controller->hasScenario()) {
        m_compareStale = false;
        m_compareView->setScenario(m_controller->sharedScenario());
        const int batch = m_controller->currentBatch();
        if (batch >= 0)
            m_compareView->setTrigger(m_controller->reports()[size_t(batch)]->step);
    }
    m_centreSplitter->setVisible(!shown);
    m_compareView->setVisible(shown);
    // The narrative tells the main run's batch: the compare view has its own header.
    m_narrative->setVisible(!shown);
    if (!shown)
        fitStoryPanels();
}

bool MainWindow::isCompareShown() const
{
    return !m_compareView->isHidden();
}

QWidget *MainWindow::sidePanel() const
{
    return m_summary;
}

QList<QWidget *> MainWindow::storyViews() const
{
    return {m_storyPanels[0]->findChild<QTableView *>(QStringLiteral("inputView")),
            m_storyPanels[1]->findChild<QTableView *>(QStringLiteral("resultView")),
            m_storyPanels[2]->findChild<QTableView *>(QStringLiteral("emittedView")), m_sinkStack->currentWidget()};
}

bool MainWindow::selectStoryRow(int panel, int row)
{
    if (panel < 0 || panel > 2)
        return false;
    auto *view = qobject_cast<QTableView *>(storyViews()[panel]);
    if (!view || !view->model() || row < 0 || row >= view->model()->rowCount())
        return false;
    view->selectRow(row);
    view->scrollTo(view->model()->index(row, 0));
    return true;
}

void MainWindow::fitStoryPanels()
{
    if (m_fitting || !m_panelSplitter || m_panelSplitter->width() <= 0)
        return;
    m_fitting = true;
    const QList<QWidget *> views = storyViews();
    // Columns sized while a view was still small may be too wide or narrow: size them again.
    const auto resizeColumns = [&views] {
        for (QWidget *view : views) {
            if (auto *table = qobject_cast<QTableView *>(view))
                table->resizeColumnsToContents();
        }
    };
    resizeColumns();
    QList<int> needed;
    int total = 0;
    for (int i = 0; i < m_storyPanels.size(); ++i) {
        // A panel is as wide as its widest need: its view's columns, its title's longest word.
        const int margins = m_storyPanels[i]->width() - views[i]->width();
        if (m_storyPanels[i]->isHidden()) { // presenter mode leaves the sink out
            needed << 0;
            continue;
        }
        const int width = views[i]->isHidden() ? m_storyPanels[i]->minimumWidth()
                                               : std::max(m_storyPanels[i]->minimumWidth(), neededWidth(views[i]) + std::max(0, margins));
        needed << width;
        total += width;
    }
    const int handles = m_panelSplitter->handleWidth() * int(m_storyPanels.size() - 1);
    int available = m_panelSplitter->width() - handles;
    // The story comes first: a side panel wider than its minimum gives up what the panels lack.
    if (total > available && !m_summary->isHidden()) {
        QList<int> main = m_mainSplitter->sizes();
        const int give = std::min(main[0] - m_summary->minimumWidth(), total - available);
        if (give > 0) {
            main[0] -= give;
            main[1] += give;
            m_mainSplitter->setSizes(main);
            available += give;
        }
    }
    QList<int> sizes;
    if (total <= available) {
        // Everything fits: share what is left among the panels that show rows, by their needs.
        int withRows = 0;
        for (int i = 0; i < m_storyPanels.size(); ++i)
            withRows += !views[i]->isHidden() && !m_storyPanels[i]->isHidden() ? needed[i] : 0;
        for (int i = 0; i < m_storyPanels.size(); ++i)
            sizes << needed[i] + (!views[i]->isHidden() && !m_storyPanels[i]->isHidden() && withRows > 0 ? int(double(available - total) * needed[i] / withRows) : 0);
    } else {
        for (int width : std::as_const(needed))
            sizes << int(double(width) * available / total);
    }
    m_panelSplitter->setSizes(sizes);
    resizeColumns();

    // The batches table shows its key columns: which batch of which trigger, rows in, written and
    // dropped as late, the watermark, the state.
    using C = BatchListModel::Column;
    int keyWidth = 2 * m_batchView->frameWidth() + m_batchView->verticalScrollBar()->sizeHint().width() + 4;
    for (C column : {C::BatchId, C::Step, C::NoData, C::InputRows, C::EmittedRows, C::DroppedByWatermark, C::Watermark, C::StateRows}) {
        const int c = BatchListModel::column(column);
        keyWidth += std::max(static_cast<QAbstractItemView *>(m_batchView)->sizeHintForColumn(c),
                             m_batchView->horizontalHeader()->sectionSizeHint(c));
    }
    QList<int> bottom = m_bottomSplitter->sizes();
    const int tabsMargin = m_batchTabs->width() - m_batchView->width();
    keyWidth += std::max(0, tabsMargin);
    if (bottom.size() == 2 && bottom[0] != keyWidth && bottom[0] + bottom[1] > keyWidth + m_timeline->minimumSizeHint().width()) {
        bottom[1] += bottom[0] - keyWidth;
        bottom[0] = keyWidth;
        m_bottomSplitter->setSizes(bottom);
    }
    m_fitting = false;
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize && (watched == m_panelSplitter || watched == m_bottomSplitter))
        fitStoryPanels();
    return QMainWindow::eventFilter(watched, event);
}

bool MainWindow::isShowingLessons() const
{
    return m_stack->currentWidget() == m_lessons;
}

void MainWindow::showLessons()
{
    m_stack->setCurrentWidget(m_lessons);
    updateActions();
    updateWindowTitle();
}

QueryEditor *MainWindow::queryEditor() const
{
    return m_summary->editor();
}

InputEditor *MainWindow::inputEditor()
{
    if (!m_inputEditor) {
        m_inputEditor = new InputEditor(m_controller, m_undoStack, this);
        connect(m_inputEditor, &InputEditor::inputEdited, this,
                [this](const QString &description) { statusBar()->showMessage(description, 3000); });
    }
    return m_inputEditor;
}

void MainWindow::editQuery(const QuerySpec &spec, const QString &description)
{
    if (!m_controller->hasScenario())
        return;
    m_undoStack->push(new QueryEditCommand(m_controller, QuerySpec::fromScenario(m_controller->scenario()), spec, description));
}

bool MainWindow::maybeSave()
{
    if (m_undoStack->isClean())
        return true;
    // Tests run offscreen and must never block on a dialog.
    if (QGuiApplication::platformName() == QLatin1String("offscreen") && qEnvironmentVariableIntValue("STREAMSTEP_NO_PROMPTS") == 1)
        return true;
    const QMessageBox::StandardButton answer = QMessageBox::question(
        this, tr("Unsaved changes"), tr("The query or the input of this scenario was edited. Save the changes?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

bool MainWindow::openScenario(const QString &path, QString *error)
{
    if (!maybeSave())
        return false;
    QString message;
    if (!m_controller->openFile(path, &message)) {
        if (error)
            *error = message;
        else
            QMessageBox::warning(this, tr("Cannot open the scenario"), message);
        statusBar()->showMessage(message);
        return false;
    }
    m_undoStack->clear();
    if (!m_controller->isBundledLesson())
        addRecentFile(QFileInfo(path).absoluteFilePath());
    return true;
}

bool MainWindow::offerAutosaveRestore()
{
    const std::vector<AutosaveRecord> orphans = LessonAutosave::orphans();
    if (orphans.empty())
        return false;
    const AutosaveRecord &record = orphans.front();
    bool restore = false;
    if (m_autosaveQuestion) {
        restore = m_autosaveQuestion(record);
    } else if (QGuiApplication::platformName() == QLatin1String("offscreen") && qEnvironmentVariableIntValue("STREAMSTEP_NO_PROMPTS") == 1) {
        return false; // tests never block on a dialog; the file stays for the next start
    } else {
        const QString name = record.title.isEmpty() ? QFileInfo(record.filePath).fileName() : record.title;
        QMessageBox box(QMessageBox::Question, tr("Restore unsaved edits?"),
                        tr("StreamStep did not close cleanly last time. Unsaved edits of <b>%1</b> were kept "
                           "(written %2).<br><br>Restore them? Discarding deletes them.")
                            .arg(name.toHtmlEscaped(), QLocale().toString(record.savedAt.toLocalTime(), QLocale::ShortFormat)),
                        QMessageBox::NoButton, this);
        QPushButton *restoreButton = box.addButton(tr("Restore"), QMessageBox::AcceptRole);
        box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
        box.setDefaultButton(restoreButton);
        box.exec();
        restore = box.clickedButton() == restoreButton;
    }
    if (!restore) {
        LessonAutosave::remove(record);
        return false;
    }
    QString error;
    if (!restoreAutosave(record, &error)) {
        QMessageBox::warning(this, tr("Cannot restore the unsaved edits"), error);
        return false;
    }
    return true;
}

bool MainWindow::restoreAutosave(const AutosaveRecord &record, QString *error)
{
    Scenario scenario;
    try {
        const QString name = record.filePath.isEmpty() ? QDir::toNativeSeparators(record.file) : QDir::toNativeSeparators(record.filePath);
        scenario = parseScenario(record.scenario.toStdString(), name.toStdString());
    } catch (const Error &e) {
        if (error)
            *error = QString::fromStdString(errorText(e));
        return false;
    }
    m_controller->setScenario(std::move(scenario), record.filePath);
    m_undoStack->clear();
    // Modified until saved: the edits are not in the file yet (and autosaved again under this
    // window's own file).
    m_undoStack->resetClean();
    LessonAutosave::remove(record);
    updateWindowTitle();
    statusBar()->showMessage(tr("Restored the unsaved edits from %1.")
                                 .arg(QLocale().toString(record.savedAt.toLocalTime(), QLocale::ShortFormat)));
    return true;
}

void MainWindow::onScenarioChanged()
{
    m_stack->setCurrentIndex(1);
    const RunController &c = *m_controller;
    m_summary->showScenario(c.scenario(), c.query(), c.validationMessage());
    m_sinkStack->setCurrentWidget(c.scenario().sink.format == "console" ? static_cast<QWidget *>(m_consoleView)
                                                                         : m_sinkTableView);
    m_sinkContents->setSink(c.scenario().sink, c.scenario().outputMode);
    if (SinkContentsModel::shows(c.scenario().sink.format))
        m_sinkStack->setCurrentWidget(m_sinkContentsView);
    // Before the first batch the timeline's legend already follows the query (watermark or not).
    m_timeline->setReports({}, c.isValid() ? TimelineQueryInfo::fromQuery(c.sharedQuery()) : TimelineQueryInfo{});
    updateRunNotice();
    // A new query, mode or input: the three modes run again (now when shown, else when next shown).
    m_compareStale = true;
    if (isCompareShown())
        setCompareShown(true);
    if (c.isValid())
        statusBar()->showMessage(tr("Ready: press Step (Space) to run the first trigger."));
    else
        statusBar()->showMessage(tr("The query cannot start: %1").arg(c.validationMessage()));
    updateWindowTitle();
    updateActions();
}

void MainWindow::onRunReset()
{
    m_batchModel->clear();
    m_timeline->setReports({}, m_controller->isValid() ? TimelineQueryInfo::fromQuery(m_controller->sharedQuery()) : TimelineQueryInfo{});
    m_batchSlider->setRange(0, 0);
    updateActions();
}

void MainWindow::onTriggerCompleted(int step, int numBatches)
{
    std::vector<std::shared_ptr<const BatchReport>> added(m_controller->reports().end() - numBatches,
                                                          m_controller->reports().end());
    m_batchModel->appendReports(added);
    m_timeline->setReports(m_controller->reports(), TimelineQueryInfo::fromQuery(m_controller->sharedQuery()));
    {
        const QSignalBlocker blocker(m_batchSlider);
        m_batchSlider->setRange(0, std::max(0, m_controller->numBatches() - 1));
    }
    // A trigger that ran a batch shows it (showBatch sets the status bar); one that ran none says so.
    if (numBatches == 0)
        statusBar()->showMessage(tr("Trigger %1 ran no batch: no new data and no stateful operator needed one.").arg(step));
    if (m_playUntil && m_controller->query()) {
        // Play Until: the first of the new batches where the moment happened stops the play.
        for (int i = m_controller->numBatches() - numBatches; i < m_controller->numBatches(); ++i) {
            const auto &report = m_controller->reports()[size_t(i)];
            if (std::optional<Sentence> what = batchEvent(*m_controller->query(), *report, *m_playUntil)) {
                m_playUntil.reset();
                m_controller->pause();
                // After the controller has shown the trigger's last batch: this one, and why.
                QTimer::singleShot(0, this, [this, i, text = translatedSentence(*what)] {
                    m_controller->selectBatch(i);
                    m_why->showWhy(tr("Play stopped at batch %1").arg(i), text);
                    statusBar()->showMessage(text);
                });
                break;
            }
        }
    }
    updateActions();
}

void MainWindow::playUntil(BatchEvent event)
{
    if (!m_controller->canStep())
        return;
    m_playUntil = event;
    m_controller->play();
}

void MainWindow::onBusyChanged(bool busy)
{
    m_progressBar->setVisible(busy);
    if (busy) {
        m_progressBar->setValue(0);
        statusBar()->clearMessage();
    }
    updateActions();
}

void MainWindow::onStepProgressed(double fraction, const QString &phase)
{
    const RunController &c = *m_controller;
    m_cancelAction->setEnabled(c.isBusy() && !c.isCancelling());
    // "%p%" is the progress bar's own placeholder for the percentage. The text before the value,
    // so that whoever watches valueChanged sees the batch the value belongs to.
    m_progressBar->setFormat(tr("Batch %1: %2 rows · %3 · %p%")
                                 .arg(c.numBatches())
                                 .arg(QLocale().toString(c.busyRows()))
                                 .arg(phase));
    m_progressBar->setValue(static_cast<int>(fraction * 1000));
}

void MainWindow::onStepCancelled(int step)
{
    Q_UNUSED(step);
    // Batch ids count from 0 without gaps, so the batch that did not run is the next one.
    const int batch = m_controller->numBatches();
    if (batch == 0)
        statusBar()->showMessage(tr("Cancelled: batch 0 was not run; no batch has run yet."));
    else
        statusBar()->showMessage(tr("Cancelled: batch %1 was not run; state is as after batch %2.").arg(batch).arg(batch - 1));
}

std::pair<std::shared_ptr<const BatchReport>, std::vector<std::shared_ptr<const BatchReport>>>
MainWindow::triggerShown(int index) const
{
    const auto &reports = m_controller->reports();
    const bool valid = index >= 0 && index < m_controller->numBatches();
    const auto [first, last] = BatchNarrativeView::triggerRange(reports, index);
    std::shared_ptr<const BatchReport> dataBatch;
    std::vector<std::shared_ptr<const BatchReport>> written;
    for (int i = first; valid && i <= index; ++i) {
        if (!reports[size_t(i)]->noData && !dataBatch)
            dataBatch = reports[size_t(i)];
        written.push_back(reports[size_t(i)]);
    }
    return {dataBatch, written};
}

void MainWindow::markWhatIf(int index)
{
    // The rows the what-if treats differently: the input rows whose fate changes, the result
    // rows whose window it writes (or makes final) in another batch, the written rows it writes
    // in another batch or not at all (the engine's comparison, WhatIfPanel's words).
    const auto [dataBatch, written] = triggerShown(index);
    std::vector<QString> inputNotes, writtenNotes;
    if (m_whatIf && m_whatIf->diff()) {
        if (dataBatch)
            for (int row = 0; row < m_inputModel->rowCount(); ++row)
                inputNotes.push_back(m_whatIf->inputRowNote(dataBatch->step, size_t(row)));
        for (int row = 0; row < m_emittedModel->rowCount(); ++row) {
            const QModelIndex at = m_emittedModel->index(row, 0);
            const int64_t batchId = m_emittedModel->data(at, BatchTableModel::BatchIdRole).toLongLong();
            const auto source = size_t(m_emittedModel->data(at, BatchTableModel::SourceRowRole).toLongLong());
            QString note;
            for (const auto &r : written)
                if (r->batchId == batchId && source < r->emitted.numRows)
                    note = m_whatIf->writtenRowNote(batchId, rowToJson(r->emitted, source));
            writtenNotes.push_back(note);
        }
    }
    std::vector<QString> resultNotes;
    const bool valid = index >= 0 && index < m_controller->numBatches();
    if (m_whatIf && m_whatIf->diff() && valid) {
        const BatchReport &report = *m_controller->reports()[size_t(index)];
        for (int row = 0; row < m_resultModel->rowCount(); ++row)
            resultNotes.push_back(m_whatIf->resultRowNote(
                report, size_t(m_resultModel->data(m_resultModel->index(row, 0), BatchTableModel::SourceRowRole).toLongLong())));
    }
    m_inputModel->setChangeNotes(std::move(inputNotes));
    m_resultModel->setChangeNotes(std::move(resultNotes));
    m_emittedModel->setChangeNotes(std::move(writtenNotes));
}

void MainWindow::showBatch(int index)
{
    const auto &reports = m_controller->reports();
    const bool valid = index >= 0 && index < m_controller->numBatches();
    const std::shared_ptr<const BatchReport> report = valid ? reports[size_t(index)] : nullptr;
    // The story of the trigger that ran the batch: the rows that arrived are its data batch's,
    // what was written is every batch of the trigger up to the one shown.
    const auto [first, last] = BatchNarrativeView::triggerRange(reports, index);
    const auto [dataBatch, written] = triggerShown(index);
    m_inputModel->setInputRows(dataBatch ? dataBatch : report);
    m_resultModel->setResultTable(report);
    if (valid)
        m_emittedModel->setEmittedRows(written);
    else
        m_emittedModel->clear();
    markWhatIf(index);
    const OutputMode mode = m_controller->hasScenario() ? m_controller->scenario().outputMode : OutputMode::Append;
    m_narrative->showBatch(reports, index, mode, m_controller->query());

    if (!report) {
        m_inputTitle->setText(tr("<b>1 · Arrived</b> — the rows of a trigger"));
        m_resultTitle->setText(tr("<b>2 · Engine holds</b> — the result table and the state"));
        m_emittedTitle->setText(tr("<b>3 · Written</b> — the rows handed to the sink"));
        m_sinkTitle->setText(tr("<b>4 · Sink holds</b>"));
        m_consoleView->clear();
        m_sinkModel->clear();
        m_sinkContents->clear();
        m_sinkTitle->setToolTip(QString());
        m_watermarkLabel->setText(tr("No batch has run yet."));
    } else {
        // 1 · Arrived: the data batch of the trigger.
        const BatchReport &in = dataBatch ? *dataBatch : *report;
        const FateCounts fates(in.inputFates);
        const int late = int(fates[InputRowFate::DroppedByWatermark]);
        const int lateKept = int(fates[InputRowFate::LateButKept]);
        const int filtered = int(fates[InputRowFate::Filtered] + fates[InputRowFate::Duplicate]);
        QString input;
        if (!dataBatch)
            input = tr("<b>1 · Arrived</b> in trigger %1: no rows (batch %2 is a no-data batch)").arg(report->step).arg(report->batchId);
        else
            input = tr("<b>1 · Arrived</b> in trigger %1 (batch %2): %n row(s)", nullptr, int(in.numInputRows))
                        .arg(in.step)
                        .arg(in.batchId);
        if (late > 0)
            input += tr(", %n dropped as late", nullptr, late);
        if (lateKept > 0)
            input += tr(", %n late but kept", nullptr, lateKept);
        if (filtered > 0)
            input += tr(", %n filtered out", nullptr, filtered);
        m_inputTitle->setText(input);

        // 2 · Engine holds: the result table after the batch shown, and how much of it is state.
        if (report->hasResultTable) {
            int evictedNow = 0;
            int evictedBefore = 0;
            for (ResultRowStatus status : report->resultStatuses) {
                evictedNow += status == ResultRowStatus::Final;
                evictedBefore += status == ResultRowStatus::Evicted;
            }
            QString holds = tr("<b>2 · Engine holds</b> after batch %1: <b>%n row(s) in state</b>", nullptr, int(report->stateRows))
                                .arg(report->batchId);
            QStringList more;
            if (evictedNow > 0)
                more << tr("%n evicted by this batch", nullptr, evictedNow);
            if (evictedBefore > 0)
                more << tr("%n evicted earlier", nullptr, evictedBefore);
            if (!more.isEmpty())
                holds += QStringLiteral(" · ") + more.join(QStringLiteral(", ")) + QLatin1Char(' ')
                    + tr("(listed, no longer in state)");
            m_resultTitle->setText(holds);
        } else if (!report->stateOperators.empty()) {
            m_resultTitle->setText(tr("<b>2 · Engine holds</b> after batch %1: <b>%n row(s) in state</b> (the keys "
                                      "dropDuplicates has seen); no result table of its own",
                                      nullptr, int(report->stateRows))
                                       .arg(report->batchId));
        } else {
            m_resultTitle->setText(tr("<b>2 · Engine holds</b> nothing: a query without aggregation keeps no state; "
                                      "its result is the rows every batch writes."));
        }
        // A query without a result table of its own leaves the panel to its title.
        storyViews()[1]->setVisible(report->hasResultTable);
        // Bring the first group this batch changed into view.
        for (int row = 0; row < m_resultModel->rowCount(); ++row) {
            const auto mark = RowMark(m_resultModel->index(row, 0).data(BatchTableModel::RowMarkRole).toInt());
            if (mark != RowMark::None && mark != RowMark::Evicted) {
                static_cast<QTableView *>(storyViews()[1])->scrollTo(m_resultModel->index(row, 0), QAbstractItemView::PositionAtTop);
                break;
            }
        }

        // 3 · Written: by each batch of the trigger up to the one shown.
        const QString modeName = QString::fromStdString(outputModeName(mode));
        QString writtenTitle;
        if (written.size() == 1) {
            writtenTitle = tr("<b>3 · Written</b> by batch %1 (%2 mode): %n row(s)", nullptr, int(report->numOutputRows))
                               .arg(report->batchId)
                               .arg(modeName);
        } else {
            QStringList parts;
            for (const auto &r : written)
                parts << (r->noData ? tr("no-data batch %1: %n row(s)", nullptr, int(r->numOutputRows)).arg(r->batchId)
                                    : tr("batch %1: %n row(s)", nullptr, int(r->numOutputRows)).arg(r->batchId));
            writtenTitle = tr("<b>3 · Written</b> in trigger %1 (%2 mode) — %3")
                               .arg(report->step)
                               .arg(modeName, parts.join(QStringLiteral(", ")));
        }
        // The run a query edit replaced, compared trigger by trigger.
        if (const std::optional<PreviousRun> &previous = m_controller->previousRun()) {
            if (report->step < previous->numTriggers) {
                int64_t rows = 0;
                for (const auto &r : previous->reports)
                    rows += r->step == report->step ? r->numOutputRows : 0;
                writtenTitle += QStringLiteral("<br><i>%1</i>")
                                    .arg(tr("The previous run (%1 mode) wrote %n row(s) in trigger %2.", nullptr, int(rows))
                                             .arg(QString::fromStdString(outputModeName(previous->query.outputMode)))
                                             .arg(report->step));
            }
        }
        m_emittedTitle->setText(writtenTitle);

        showSink(index);
        m_watermarkLabel->setText(watermarkText(index));
    }

    {
        const QSignalBlocker blocker(m_batchSlider);
        m_batchSlider->setValue(std::max(0, index));
    }
    m_batchLabel->setText(valid ? tr("batch %1 of 0–%2 · trigger %3").arg(report->batchId).arg(m_controller->numBatches() - 1).arg(report->step)
                                : tr("none"));
    m_batchLabel->setToolTip(tr("Micro-batch ids count from 0 over the whole run; each trigger runs one or two of them."));
    fitToolBar();
    if (valid && m_batchView->currentIndex().row() != index) {
        const QSignalBlocker blocker(m_batchView->selectionModel());
        m_batchView->selectRow(index);
    }
    m_chart->setCurrentBatch(index);
    m_timeline->setCurrentBatch(index);
    m_explainer->showBatch(index);
    // The status bar tells the batch shown, never the one before it.
    if (valid) {
        double seconds = 0;
        int64_t rows = 0;
        for (int i = first; i <= last; ++i) {
            seconds += reports[size_t(i)]->durationMs / 1000.0;
            rows += reports[size_t(i)]->numInputRows;
        }
        // The newest trigger: the wall time it took on the worker, conversions included.
        if (last == m_controller->numBatches() - 1 && m_controller->lastStepRows() == rows)
            seconds = m_controller->lastStepSeconds();
        const QString batches = first == last ? tr("batch %1").arg(reports[size_t(first)]->batchId)
                                              : tr("batches %1–%2").arg(reports[size_t(first)]->batchId).arg(reports[size_t(last)]->batchId);
        statusBar()->showMessage(tr("Showing batch %1 · trigger %2 ran %3: %4 rows in %5 s")
                                     .arg(report->batchId)
                                     .arg(report->step)
                                     .arg(batches, QLocale().toString(qlonglong(rows)),
                                          QLocale().toString(seconds, 'f', seconds < 0.1 ? 3 : 2)));
    }
    applyPredictView();
    fitStoryPanels();
}

void MainWindow::setLessonMode(bool on)
{
    m_lessonModeAction->setChecked(on);
    m_quiz->setLessonMode(on);
    m_quizDock->setVisible(on);
    if (on) // a quarter of a wide window, the panel's minimum in a narrow one
        resizeDocks({m_quizDock}, {std::max(m_quiz->minimumWidth(), width() / 4)}, Qt::Horizontal);
    if (on && m_controller->isPlaying())
        m_controller->pause();
    updateActions();
}

void MainWindow::setPredicting(int step)
{
    m_predictStep = step;
    // Leaving the prediction shows the batch as it is; starting one hides it.
    showBatch(m_controller->currentBatch());
    if (step >= 0)
        statusBar()->showMessage(tr("Predict trigger %1: its rows are under Arrived; answer, then reveal (Space).").arg(step));
    updateActions();
}

void MainWindow::applyPredictView()
{
    QTableView *result = qobject_cast<QTableView *>(storyViews()[1]);
    QTableView *emitted = qobject_cast<QTableView *>(storyViews()[2]);
    const bool predicting = m_predictStep >= 0 && m_controller->hasScenario()
        && m_predictStep < int(m_controller->scenario().steps.size());
    emitted->setVisible(!predicting);
    m_sinkStack->setVisible(!predicting);
    // The arriving rows have no report yet: nothing to explain (the Why pane would take them for
    // the rows of the batch before).
    auto *input = qobject_cast<QTableView *>(storyViews()[0]);
    input->setSelectionMode(predicting ? QAbstractItemView::NoSelection : QAbstractItemView::ExtendedSelection);
    if (predicting)
        input->clearSelection();
    if (!predicting) {
        if (m_controller->currentBatch() < 0)
            result->setVisible(true);
        return;
    }
    result->setVisible(false);
    const std::shared_ptr<const Scenario> scenario = m_controller->sharedScenario();
    const ColumnBatch &rows = scenario->steps[size_t(m_predictStep)].rows;
    m_inputModel->setBatch(std::shared_ptr<const ColumnBatch>(scenario, &rows));
    m_inputTitle->setText(tr("<b>1 · Arriving</b> in trigger %1: %n row(s) — what will the engine do with them?", nullptr,
                             int(rows.numRows))
                              .arg(m_predictStep));
    const QString hidden = tr("hidden until you reveal trigger %1").arg(m_predictStep);
    m_resultTitle->setText(tr("<b>2 · Engine holds</b> — %1").arg(hidden));
    m_emittedTitle->setText(tr("<b>3 · Written</b> — %1").arg(hidden));
    m_sinkTitle->setText(tr("<b>4 · Sink holds</b> — %1").arg(hidden));
    m_sinkTitle->setToolTip(QString());
}

void MainWindow::showSink(int index)
{
    const BatchReport &report = *m_controller->reports()[size_t(index)];
    const std::string &sink = m_controller->scenario().sink.format;
    if (sink == "console") {
        m_sinkTitle->setText(tr("<b>4 · Sink holds</b> — console: what Spark prints, up to batch %1").arg(report.batchId));
        m_consoleView->setPlainText(m_controller->consoleTextUpTo(index));
        // Bring the shown batch's output into view from its "Batch: N" line, marked, with as many
        // earlier batches above it as fit; never scrolled sideways.
        QTextDocument *doc = m_consoleView->document();
        const QString header = QStringLiteral("Batch: %1").arg(report.batchId);
        QTextBlock start;
        for (QTextBlock block = doc->lastBlock(); block.isValid(); block = block.previous()) {
            if (block.text() == header) {
                start = block;
                break;
            }
        }
        QList<QTextEdit::ExtraSelection> marks;
        if (start.isValid()) {
            QTextCursor cursor(start.previous().isValid() ? start.previous() : start);
            cursor.movePosition(QTextCursor::End, QTextCursor::KeepAnchor);
            QTextEdit::ExtraSelection mark;
            mark.cursor = cursor;
            QColor tint = palette().color(QPalette::Highlight);
            tint.setAlpha(40);
            mark.format.setBackground(tint);
            mark.format.setProperty(QTextFormat::FullWidthSelection, true);
            marks << mark;
            // The end first, then the batch's first line if the batch is taller than the view.
            m_consoleView->moveCursor(QTextCursor::End);
            m_consoleView->ensureCursorVisible();
            QTextCursor top(start.previous().isValid() ? start.previous() : start);
            m_consoleView->setTextCursor(top);
            m_consoleView->ensureCursorVisible();
        }
        m_consoleView->setExtraSelections(marks);
        m_consoleView->horizontalScrollBar()->setValue(0);
    } else if (sink == "memory") {
        m_sinkTitle->setText(tr("<b>4 · Sink holds</b> — memory table after batch %1: %n row(s)", nullptr,
                                int(m_controller->memoryTableAt(index) ? m_controller->memoryTableAt(index)->numRows : 0))
                                 .arg(report.batchId));
        // Shown as the engine orders it for display (each batch's rows by key).
        const std::shared_ptr<const ColumnBatch> table = m_controller->memoryTableAt(index);
        const bool ordered = table && report.sinkTableDisplayRows.size() == table->numRows;
        m_sinkModel->setBatch(table, {}, ordered ? report.sinkTableDisplayRows : std::vector<uint32_t>());
    } else if (m_controller->serverEndpoint()) {
        showServerSink(index);
    } else if (SinkContentsModel::shows(sink)) {
        // The app's run is in memory: show what the durable sink would hold, and say so.
        m_sinkContents->showAfter(m_controller->reports(), index);
        // Bring the first row this batch wrote into view.
        for (int row = 0; row < m_sinkContents->rowCount(); ++row) {
            const QModelIndex mark = m_sinkContents->index(row, 0);
            if (mark.data(BatchTableModel::RowMarkRole).toInt() != int(RowMark::None)) {
                m_sinkContentsView->scrollTo(mark, QAbstractItemView::PositionAtTop);
                break;
            }
        }
        QString title;
        if (m_sinkContents->kind() == SinkContentsModel::Kind::Files) {
            title = tr("<b>4 · Sink holds</b> — %1 folder '%2' after batch %3: its %n committed file(s) would hold these rows",
                       nullptr, int(m_sinkContents->files().size()))
                        .arg(QString::fromStdString(sink), m_sinkContents->path().toHtmlEscaped())
                        .arg(report.batchId);
            m_sinkTitle->setToolTip(tr("The app runs the query in memory and writes no files; "
                                       "streamstep-cli run writes them. These are the rows of the part files "
                                       "the sink's manifest would list after this batch: %1")
                                        .arg(m_sinkContents->files().join(QStringLiteral(", "))));
        } else {
            title = tr("<b>4 · Sink holds</b> — SQLite table '%1' after batch %2: it would hold these %n row(s)",
                       nullptr, m_sinkContents->rowCount())
                        .arg(m_sinkContents->table().toHtmlEscaped())
                        .arg(report.batchId);
            m_sinkTitle->setToolTip(tr("The app runs the query in memory and writes no database; "
                                       "streamstep-cli run writes the table '%1' in '%2'. These are the rows it "
                                       "would hold after this batch's transaction.")
                                        .arg(m_sinkContents->table(), m_sinkContents->path()));
        }
        if (!m_sinkContents->failure().isEmpty())
            title += QStringLiteral("<br>") + m_sinkContents->failure().toHtmlEscaped();
        m_sinkTitle->setText(title);
    } else {
        m_sinkTitle->setText(tr("<b>4 · Sink holds</b> — %1: rows written by batch %2")
                                 .arg(QString::fromStdString(sink))
                                 .arg(report.batchId));
        m_sinkModel->setEmittedRows(m_controller->reports()[size_t(index)]);
    }
}

namespace {

// The read-back table's key columns: the sink's `key` option, a window key as its two columns.
std::vector<size_t> serverKeyColumns(const ColumnBatch &table, const SinkSpec &sink)
{
    std::vector<std::string> keys;
    if (const auto it = sink.options.find("key"); it != sink.options.end()) {
        if (it->second.is_array()) {
            for (const auto &k : it->second)
                if (k.is_string())
                    keys.push_back(k.get<std::string>());
        } else if (it->second.is_string()) {
            for (const QString &k : QString::fromStdString(it->second.get<std::string>()).split(QLatin1Char(',')))
                if (!k.trimmed().isEmpty())
                    keys.push_back(k.trimmed().toStdString());
        }
    }
    std::vector<size_t> columns;
    for (size_t c = 0; c < table.schema.size(); ++c) {
        const QString name = QString::fromStdString(table.schema.fields[c].name);
        for (const std::string &key : keys) {
            const QString k = QString::fromStdString(key);
            if (name.compare(k, Qt::CaseInsensitive) == 0 || name.compare(k + QLatin1String("_start"), Qt::CaseInsensitive) == 0
                || name.compare(k + QLatin1String("_end"), Qt::CaseInsensitive) == 0)
                columns.push_back(c);
        }
    }
    return columns;
}

std::string rowText(const ColumnBatch &table, size_t row, const std::vector<size_t> &columns)
{
    std::string text;
    for (size_t c : columns) {
        const Value v = table.get(row, c);
        text += v.isNull() ? std::string("\x01") : toDisplayString(v);
        text += '\x1f';
    }
    return text;
}

} // namespace

std::vector<RowMark> MainWindow::serverRowMarks(const ColumnBatch &table, const ColumnBatch *before, const SinkSpec &sink)
{
    std::vector<size_t> all(table.schema.size());
    for (size_t c = 0; c < all.size(); ++c)
        all[c] = c;
    std::vector<size_t> keys = serverKeyColumns(table, sink);
    if (keys.empty())
        keys = all;
    std::set<std::string> oldRows, oldKeys;
    if (before && before->schema.size() == table.schema.size()) {
        for (size_t r = 0; r < before->numRows; ++r) {
            oldRows.insert(rowText(*before, r, all));
            oldKeys.insert(rowText(*before, r, keys));
        }
    }
    std::vector<RowMark> marks(table.numRows, RowMark::None);
    for (size_t r = 0; r < table.numRows; ++r) {
        if (oldRows.count(rowText(table, r, all)))
            continue;
        marks[r] = oldKeys.count(rowText(table, r, keys)) ? RowMark::Updated : RowMark::New;
    }
    return marks;
}

void MainWindow::showServerSink(int index)
{
    const BatchReport &report = *m_controller->reports()[size_t(index)];
    const SinkEndpoint &endpoint = *m_controller->serverEndpoint();
    const QString url = QString::fromStdString(endpoint.displayUrl).toHtmlEscaped();
    const QString table = QString::fromStdString(endpoint.table).toHtmlEscaped();
    m_sinkStack->setCurrentWidget(m_sinkTableView);
    if (const std::shared_ptr<const ColumnBatch> read = m_controller->serverTableAt(index)) {
        const std::shared_ptr<const ColumnBatch> before = m_controller->serverTableAt(index - 1);
        m_sinkModel->setBatch(read, serverRowMarks(*read, before.get(), m_controller->scenario().sink));
        m_sinkTitle->setText(tr("<b>4 · Sink holds</b> — PostgreSQL table '%1' at %2 after batch %3, read back "
                                "from the server: %n row(s)", nullptr, int(read->numRows))
                                 .arg(table, url)
                                 .arg(report.batchId));
        m_sinkTitle->setToolTip(tr("Batch %1 was written by the postgres sink in one transaction (its id recorded in "
                                   "_streamstep_batches), then the table was read back with SELECT, ordered by its "
                                   "primary key. Rows the batch inserted read \"new\", rows its upsert changed "
                                   "\"updated\". Rows of earlier runs stay in the table.")
                                    .arg(report.batchId));
        return;
    }
    // Not on the server: show what the batch would write, and say why.
    m_sinkModel->setEmittedRows(m_controller->reports()[size_t(index)]);
    QString why;
    if (!m_controller->serverErrorAt(index).isEmpty())
        why = m_controller->serverErrorAt(index).toHtmlEscaped();
    else
        why = tr("Not connected to %1 (you chose to stay in memory; open the scenario again to be asked again).").arg(url);
    m_sinkTitle->setText(tr("<b>4 · Sink holds</b> — postgres: rows batch %1 would write to table '%2'<br>%3")
                             .arg(report.batchId)
                             .arg(table, why));
    m_sinkTitle->setToolTip(QString());
}

QString MainWindow::watermarkText(int index) const
{
    const BatchReport &r = *m_controller->reports()[size_t(index)];
    if (!r.hasWatermark && r.stateOperators.empty())
        return tr("Batch %1: this query keeps no state and has no watermark: every row that passes goes to the sink once.")
            .arg(r.batchId);
    if (!r.hasWatermark)
        return tr("Batch %1: this query has no watermark, so its state is never evicted by event time.").arg(r.batchId);
    QString text = tr("Batch %1: watermark in force <b>%2</b>.").arg(r.batchId).arg(timeOfDay(r.watermarkMs));
    if (!r.watermarkProposals.empty()) {
        const WatermarkProposal &proposal = r.watermarkProposals.front();
        const auto &specs = m_controller->query()->watermarks();
        const QString delay = proposal.operatorIndex < int(specs.size())
            ? QString::fromStdString(specs[size_t(proposal.operatorIndex)].delayText)
            : QString();
        text += QLatin1Char(' ') + tr("Max event time %1 → next watermark = %1 − %2").arg(timeOfDay(proposal.maxEventTimeMs), delay);
        if (r.nextWatermarkMs > r.watermarkMs)
            text += QStringLiteral(" = <b>%1</b>.").arg(timeOfDay(r.nextWatermarkMs));
        else
            text += QLatin1Char(' ') + tr("is not later, so the watermark stays <b>%1</b> (it never goes back).")
                                           .arg(timeOfDay(r.nextWatermarkMs));
    } else if (r.noData) {
        text += QLatin1Char(' ') + tr("No input: this batch only applies the watermark (emits and evicts).");
    }
    return text;
}

void MainWindow::updateActions()
{
    const RunController &c = *m_controller;
    const bool workspace = !isShowingLessons() && c.hasScenario();
    m_startAction->setEnabled(workspace && c.isValid() && !c.isStarted());
    m_stepAction->setEnabled(workspace && (c.canStep() || (m_quiz && m_quiz->canStepLesson())));
    // Lesson mode asks before every trigger: Play and Run All would skip the questions.
    const bool lesson = m_lessonModeAction->isChecked();
    m_playAction->setEnabled(workspace && !lesson && (c.canStep() || c.isPlaying()));
    m_playAction->setChecked(c.isPlaying());
    if (m_playUntilMenu)
        m_playUntilMenu->setEnabled(workspace && !lesson && c.canStep() && !c.isPlaying());
    m_playAction->setText(c.isPlaying() ? tr("&Pause") : tr("&Play"));
    m_playAction->setIcon(style()->standardIcon(c.isPlaying() ? QStyle::SP_MediaPause : QStyle::SP_MediaSeekForward));
    m_resetAction->setEnabled(workspace && c.isStarted());
    m_runAllAction->setEnabled(workspace && !lesson && c.canStep());
    m_lessonModeAction->setEnabled(workspace || lesson);
    m_cancelAction->setEnabled(c.isBusy() && !c.isCancelling());
    m_backAction->setEnabled(workspace && c.currentBatch() > 0);
    m_revealAction->setEnabled(workspace && m_predictStep >= 0);
    m_nextLessonAction->setEnabled(!nextLessonPath().isEmpty());
    m_saveAction->setEnabled(c.hasScenario());
    m_saveAsAction->setEnabled(c.hasScenario());
    m_exportAction->setEnabled(c.hasScenario());
    m_exportBatchPngAction->setEnabled(c.hasScenario() && c.currentBatch() >= 0);
    m_exportBatchPdfAction->setEnabled(c.hasScenario() && c.currentBatch() >= 0);
    m_exportLessonPdfAction->setEnabled(c.hasScenario() && c.isValid());
    m_crashAction->setEnabled(c.hasScenario());
    m_editInputAction->setEnabled(c.hasScenario());
    m_generateRowsAction->setEnabled(c.hasScenario());
    m_batchSlider->setEnabled(workspace && c.numBatches() > 1);

    if (!c.hasScenario())
        m_triggerLabel->clear();
    else if (!c.isValid())
        m_triggerLabel->setText(tr("Query rejected"));
    else if (!c.isStarted())
        m_triggerLabel->setText(tr("Not started · %n trigger(s) of data", nullptr, c.numSteps()));
    else if (c.isBusy())
        m_triggerLabel->setText(tr("Running trigger %1 (%2 of %3)…").arg(c.busyStep()).arg(c.busyStep() + 1).arg(c.numSteps()));
    else if (c.canStep())
        m_triggerLabel->setText(tr("%1 of %n trigger(s) run · next: trigger %2", nullptr, c.numSteps()).arg(c.nextStep()).arg(c.nextStep()));
    else
        m_triggerLabel->setText(tr("All %n trigger(s) run", nullptr, c.numSteps()));
    m_triggerLabel->setToolTip(tr("Triggers are the scenario's steps, numbered from 0. Each trigger runs a micro-batch "
                                  "for its rows, and a no-data batch after it when the watermark moved, so batch ids "
                                  "run ahead of trigger numbers."));
    fitToolBar();
}

void MainWindow::updateWindowTitle()
{
    QString name;
    if (m_controller->hasScenario() && !isShowingLessons()) {
        name = lessonTitle(m_controller->scenario());
        if (name.isEmpty())
            name = QFileInfo(m_controller->filePath()).fileName();
    } else {
        name = tr("Lessons");
    }
    // "[*]" is where Qt shows the modified mark (setWindowModified).
    setWindowTitle(tr("%1 — StreamStep").arg(name + QStringLiteral("[*]")));
}

void MainWindow::open()
{
    const QSettings settings;
    const QString folder = settings.value(QStringLiteral("lastFolder")).toString();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Scenario"), folder,
                                                      tr("Scenarios (*.scenario.json);;JSON files (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QSettings().setValue(QStringLiteral("lastFolder"), QFileInfo(path).absolutePath());
    openScenario(path);
}

bool MainWindow::save()
{
    if (!m_controller->hasScenario())
        return false;
    if (m_controller->filePath().isEmpty() || m_controller->isBundledLesson())
        return saveAs();
    return saveTo(m_controller->filePath());
}

bool MainWindow::saveAs()
{
    if (!m_controller->hasScenario())
        return false;
    QString suggestion = m_controller->filePath();
    if (suggestion.isEmpty() || m_controller->isBundledLesson())
        suggestion = QSettings().value(QStringLiteral("lastFolder")).toString() + QLatin1Char('/')
            + QFileInfo(m_controller->filePath()).fileName();
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Scenario As"), suggestion,
                                                      tr("Scenarios (*.scenario.json)"));
    if (path.isEmpty())
        return false;
    return saveTo(path.endsWith(QLatin1String(".json")) ? path : path + QStringLiteral(".scenario.json"));
}

bool MainWindow::saveTo(const QString &path)
{
    QString error;
    if (!m_controller->saveFile(path, &error)) {
        QMessageBox::warning(this, tr("Cannot save the scenario"), error);
        return false;
    }
    m_undoStack->setClean();
    addRecentFile(QFileInfo(path).absoluteFilePath());
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
    updateWindowTitle();
    return true;
}

void MainWindow::addRecentFile(const QString &path)
{
    m_recentFiles.removeAll(path);
    m_recentFiles.prepend(path);
    while (m_recentFiles.size() > kMaxRecentFiles)
        m_recentFiles.removeLast();
    QSettings().setValue(QStringLiteral("recentFiles"), m_recentFiles);
    updateRecentFilesMenu();
}

void MainWindow::updateRecentFilesMenu()
{
    m_recentMenu->clear();
    for (const QString &path : std::as_const(m_recentFiles)) {
        QAction *action = m_recentMenu->addAction(QFileInfo(path).fileName());
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] { openScenario(path); });
    }
    if (!m_recentFiles.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("&Clear List"), this, [this] {
            m_recentFiles.clear();
            QSettings().setValue(QStringLiteral("recentFiles"), m_recentFiles);
            updateRecentFilesMenu();
        });
    }
    m_recentMenu->setEnabled(!m_recentFiles.isEmpty());
}

void MainWindow::about()
{
    QMessageBox::about(this, tr("About StreamStep"),
                       tr("<h3>StreamStep %1</h3>"
                          "<p>Teaches Apache Spark Structured Streaming by stepping an embedded engine "
                          "trigger by trigger: input rows, the result table, the rows emitted to the sink, "
                          "the watermark and the state, batch by batch.</p>"
                          "<p>The engine reproduces Spark 3.5's and Spark 4.2's micro-batch semantics and error messages; each lesson says which it follows.</p>")
                           .arg(QStringLiteral(STREAMSTEP_VERSION)));
}

void MainWindow::setFontScale(double scale)
{
    m_fontScale = std::clamp(scale, kMinFontScale, kMaxFontScale);
    if (std::abs(m_fontScale - 1.0) < 0.01)
        m_fontScale = 1.0;
    // At the normal size the window takes the application font as it is (nothing explicit is
    // left behind from a larger scale); otherwise the application font times the scale. Every
    // view follows the window's font (text_scale.h), so one font change scales everything.
    if (m_fontScale == 1.0) {
        setFont(QFont());
    } else {
        QFont f = QApplication::font();
        f.setPointSizeF(QApplication::font().pointSizeF() * m_fontScale);
        setFont(f);
    }
    m_consoleView->setFont(scaledFixedFont(m_fontScale));
    // Sizes given in pixels grow with the text: the toolbar's icons, the side panel's minimum.
    const int icon = style()->pixelMetric(QStyle::PM_ToolBarIconSize, nullptr, this);
    m_stepperBar->setIconSize(QSize(icon, icon) * m_fontScale);
    m_summary->setMinimumWidth(int(270 * m_fontScale));
    m_progressBar->setMinimumWidth(fontMetrics().averageCharWidth() * 48);
    m_zoomOutAction->setEnabled(m_fontScale > kMinFontScale + 1e-9);
    m_zoomInAction->setEnabled(m_fontScale < kMaxFontScale - 1e-9);
    // The narrative is what the room reads first: larger still while presenting.
    if (m_presenter) {
        QFont large = font();
        large.setPointSizeF(font().pointSizeF() * 1.2);
        m_narrative->setFont(large);
    } else {
        m_narrative->setFont(QFont());
    }
    QSettings().setValue(m_presenter ? QStringLiteral("presenterFontScale") : QStringLiteral("fontScale"), m_fontScale);
    fitStoryPanels();
    fitToolBar();
}

void MainWindow::setPresenterMode(bool on, bool fullScreen)
{
    m_presenterAction->setChecked(on);
    if (on == m_presenter)
        return;
    PresenterSaved &saved = m_presenterSaved;
    QWidget *notice = m_runNotice->parentWidget();
    if (on) {
        saved.sidePanel = !m_summary->isHidden();
        saved.menuBar = !menuBar()->isHidden();
        saved.toolBar = !m_stepperBar->isHidden();
        saved.statusBar = !statusBar()->isHidden();
        saved.runNotice = !notice->isHidden();
        saved.quizDock = !m_quizDock->isHidden();
        saved.whatIfDock = !m_whatIfDock->isHidden();
        saved.compare = isCompareShown();
        saved.centreSizes = m_centreSplitter->saveState();
        saved.windowState = windowState();
        saved.fontScale = m_fontScale;
        m_presenter = true;
        if (saved.compare)
            setCompareShown(false);
        if (isShowingLessons() && m_controller->hasScenario())
            m_stack->setCurrentIndex(1);
        m_summary->hide();
        menuBar()->hide();
        m_stepperBar->hide();
        statusBar()->hide();
        notice->hide();
        m_storyPanels[3]->hide();
        m_why->hide();
        m_batchTabs->hide();
        // The lesson's questions are the point of lesson mode: they stay beside the story.
        m_quizDock->setVisible(m_lessonModeAction->isChecked());
        m_whatIfDock->hide();
        setFontScale(QSettings().value(QStringLiteral("presenterFontScale"), kDefaultPresenterScale).toDouble());
        // The panels' rows above, the timeline below, about half and half.
        const int height = m_centreSplitter->height();
        m_centreSplitter->setSizes({height / 2, height - height / 2});
        if (fullScreen)
            setWindowState(windowState() | Qt::WindowFullScreen);
    } else {
        m_presenter = false;
        setFontScale(saved.fontScale);
        m_summary->setVisible(saved.sidePanel);
        menuBar()->setVisible(saved.menuBar);
        m_stepperBar->setVisible(saved.toolBar);
        statusBar()->setVisible(saved.statusBar);
        notice->setVisible(saved.runNotice);
        m_storyPanels[3]->show();
        m_why->show();
        m_batchTabs->show();
        m_quizDock->setVisible(saved.quizDock);
        m_whatIfDock->setVisible(saved.whatIfDock);
        // The window its old size first, then the splitter its old sizes within it.
        setWindowState(saved.windowState);
        QApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
        m_centreSplitter->restoreState(saved.centreSizes);
        if (saved.compare)
            setCompareShown(true);
    }
    fitStoryPanels();
    updateActions();
}

bool MainWindow::exportBatchPng(const QString &path, QString *error) const
{
    return Handout(HandoutRun::fromController(*m_controller)).writeBatchPng(path, m_controller->currentBatch(), error);
}

bool MainWindow::exportBatchPdf(const QString &path, QString *error) const
{
    return Handout(HandoutRun::fromController(*m_controller)).writeBatchPdf(path, m_controller->currentBatch(), error);
}

bool MainWindow::exportLessonPdf(const QString &path, QString *error) const
{
    if (!m_controller->hasScenario())
        return false;
    QString failure;
    const Handout handout(HandoutRun::wholeLesson(m_controller->sharedScenario(), &failure));
    if (handout.numBatches() == 0) {
        if (error)
            *error = failure.isEmpty() ? tr("The lesson runs no batch: nothing to export.") : failure;
        return false;
    }
    return handout.writeLessonPdf(path, error);
}

void MainWindow::exportHandout(QAction *action)
{
    if (!m_controller->hasScenario())
        return;
    const bool png = action == m_exportBatchPngAction;
    const bool lesson = action == m_exportLessonPdfAction;
    QString name = QFileInfo(m_controller->filePath()).fileName().section(QLatin1Char('.'), 0, 0);
    if (!lesson && m_controller->currentBatch() >= 0)
        name += QStringLiteral("-batch-%1").arg(m_controller->reports()[size_t(m_controller->currentBatch())]->batchId);
    const QString folder = QSettings().value(QStringLiteral("lastFolder"), QDir::homePath()).toString();
    const QString path = QFileDialog::getSaveFileName(this, action->text().remove(QLatin1Char('&')).remove(QStringLiteral("…")),
                                                      folder + QLatin1Char('/') + name + (png ? QStringLiteral(".png") : QStringLiteral(".pdf")),
                                                      png ? tr("PNG images (*.png)") : tr("PDF documents (*.pdf)"));
    if (path.isEmpty())
        return;
    QString error;
    const bool ok = png ? exportBatchPng(path, &error) : lesson ? exportLessonPdf(path, &error) : exportBatchPdf(path, &error);
    if (ok)
        statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
    else
        QMessageBox::warning(this, tr("Cannot export the handout"), error);
}

QString MainWindow::nextLessonPath() const
{
    if (!m_lessons || !m_controller->hasScenario())
        return {};
    const QString name = QFileInfo(m_controller->filePath()).fileName();
    for (int row = 0; row + 1 < m_lessons->numLessons(); ++row)
        if (QFileInfo(m_lessons->lessonPath(row)).fileName() == name)
            return m_lessons->lessonPath(row + 1);
    return {};
}

void MainWindow::openNextLesson()
{
    const QString path = nextLessonPath();
    if (!path.isEmpty())
        openScenario(path);
}

void MainWindow::setPlayInterval(double seconds)
{
    const int ms = qBound(100, qRound(seconds * 1000.0), 60'000);
    m_controller->setPlayIntervalMs(ms);
    m_playAction->setToolTip(tr("Run one trigger every %1 s until the data runs out (P)").arg(QLocale().toString(ms / 1000.0, 'f', 1)));
    QSettings().setValue(QStringLiteral("playIntervalMs"), ms);
}

void MainWindow::setLanguage(const QString &language)
{
    QSettings().setValue(QStringLiteral("language"), language);
    statusBar()->showMessage(tr("The language changes when StreamStep starts next time."), 8000);
}

void MainWindow::readSettings()
{
    const QSettings settings;
    const QByteArray geometry = settings.value(QStringLiteral("window/geometry")).toByteArray();
    if (geometry.isEmpty() || !restoreGeometry(geometry))
        resize(1280, 800);
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    // "layout2": the splitters of the trigger-story layout (older saved sizes belong to another one).
    const auto restoreSplitter = [&settings](QSplitter *splitter, const QList<int> &defaults) {
        if (!splitter->restoreState(settings.value(QStringLiteral("layout2/") + splitter->objectName()).toByteArray()))
            splitter->setSizes(defaults);
    };
    restoreSplitter(m_mainSplitter, {370, 1550});
    restoreSplitter(m_centreSplitter, {420, 400});
    restoreSplitter(m_bottomSplitter, {430, 1100});
    restoreSplitter(m_summary->splitter(), {260, 400});
    // The side panel: as the user left it; until they choose, shown when the window is wide enough.
    const QVariant shown = settings.value(QStringLiteral("layout2/sidePanelShown"));
    m_sidePanelChosen = shown.isValid();
    setSidePanelShown(m_sidePanelChosen ? shown.toBool() : width() >= kSidePanelWindowWidth, false);
    m_recentFiles = settings.value(QStringLiteral("recentFiles")).toStringList();
    updateRecentFilesMenu();
    setPlayInterval(settings.value(QStringLiteral("playIntervalMs"), 1000).toInt() / 1000.0);
    const double scale = settings.value(QStringLiteral("fontScale"), 1.0).toDouble();
    if (scale != 1.0)
        setFontScale(scale);
    const QString language = settings.value(QStringLiteral("language")).toString();
    for (QAction *action : m_languageGroup->actions())
        action->setChecked(action->data().toString() == language);
}

void MainWindow::writeSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    for (const QSplitter *splitter : {m_mainSplitter, m_centreSplitter, m_bottomSplitter, m_summary->splitter()})
        settings.setValue(QStringLiteral("layout2/") + splitter->objectName(), splitter->saveState());
    if (m_sidePanelChosen)
        settings.setValue(QStringLiteral("layout2/sidePanelShown"), !m_summary->isHidden());
    settings.setValue(QStringLiteral("playIntervalMs"), m_controller->playIntervalMs());
}

void MainWindow::setSidePanelShown(bool shown, bool chosen)
{
    if (chosen) {
        m_sidePanelChosen = true;
        QSettings().setValue(QStringLiteral("layout2/sidePanelShown"), shown);
    }
    m_summary->setVisible(shown);
    m_sidePanelAction->setChecked(shown);
    fitStoryPanels();
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    fitStoryPanels();
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    if (!m_sidePanelChosen && !m_presenter)
        setSidePanelShown(event->size().width() >= kSidePanelWindowWidth, false);
    fitStoryPanels();
    fitToolBar();
}

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange)
        fitToolBar();
}

void MainWindow::fitToolBar()
{
    // The stepper's buttons say their names while the whole toolbar fits; otherwise they show
    // icons only (the names stay as tooltips), so the run's position and the batch label are never
    // pushed into the overflow menu, as German's longer names did at 1280 pixels. (Opening and
    // editing are always icons only, see createToolBar.)
    if (!m_stepperBar)
        return;
    QList<QToolButton *> named;
    for (QAction *action : {m_sidePanelAction, m_startAction, m_stepAction, m_playAction, m_resetAction, m_compareAction})
        if (auto *button = qobject_cast<QToolButton *>(m_stepperBar->widgetForAction(action)))
            named << button;
    // What the toolbar's layout places: each action's widget at its size hint, with spacing.
    const auto needed = [this] {
        const QMargins margins = m_stepperBar->contentsMargins() + m_stepperBar->layout()->contentsMargins();
        int width = margins.left() + margins.right();
        for (QAction *action : m_stepperBar->actions()) {
            QWidget *widget = m_stepperBar->widgetForAction(action);
            if (widget && action->isVisible())
                width += widget->sizeHint().width() + m_stepperBar->layout()->spacing();
        }
        return width;
    };
    for (QToolButton *button : named)
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    if (needed() > width()) {
        for (QToolButton *button : named)
            button->setToolButtonStyle(Qt::ToolButtonIconOnly);
    }
}

void MainWindow::updateRunNotice()
{
    QWidget *bar = m_runNotice->parentWidget();
    const std::optional<PreviousRun> &previous = m_controller->previousRun();
    if (!previous || !m_controller->hasScenario()) {
        bar->hide();
        return;
    }
    const OutputMode before = previous->query.outputMode;
    const OutputMode now = m_controller->scenario().outputMode;
    QString text;
    if (before != now)
        text = tr("<b>The output mode changed from %1 to %2, so the query started over.</b> Spark cannot change a "
                  "running query's output mode, and batches of one mode say nothing about another.")
                   .arg(QString::fromStdString(outputModeName(before)), QString::fromStdString(outputModeName(now)));
    else
        text = tr("<b>The query changed, so it started over:</b> batches of the old query say nothing about the new one.");
    text += QLatin1Char(' ')
        + tr("The %n trigger(s) of the previous run are kept to compare: step again, and <i>3 · Written</i> says what the "
             "previous run wrote in the same trigger.",
             nullptr, previous->numTriggers);
    m_runNotice->setText(text);
    QPalette notice = m_runNotice->palette();
    QColor tint = palette().color(QPalette::Highlight);
    tint.setAlpha(40);
    notice.setColor(QPalette::Window, tint);
    m_runNotice->setAutoFillBackground(true);
    m_runNotice->setPalette(notice);
    bar->show();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    // A clean close: the edits were saved or the user let them go.
    m_autosave->discard();
    m_controller->pause();
    writeSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile() && urls.first().toLocalFile().endsWith(QLatin1String(".json")))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    openScenario(urls.first().toLocalFile());
}

void MainWindow::moveDroppedRow(int fromBatch, int row, int toBatch, qint64 timeMs)
{
    RunController &c = *m_controller;
    const auto &batches = m_timeline->timelineLayout().batches();
    const int column = m_timeline->timelineLayout().info().eventTimeColumn;
    if (!c.hasScenario() || c.isBusy() || m_lessonModeAction->isChecked() || column < 0 || fromBatch < 0
        || toBatch < 0 || fromBatch >= int(batches.size()) || toBatch >= int(batches.size()))
        return;
    const int fromStep = batches[size_t(fromBatch)].step;
    const int toStep = batches[size_t(toBatch)].step;
    if (fromStep >= c.numSteps() || toStep >= c.numSteps()
        || row >= int(c.scenario().steps[size_t(fromStep)].rows.numRows))
        return;
    // A drag along the same event time keeps the row's value exactly (the timeline draws
    // milliseconds, the input holds microseconds).
    const Column &times = c.scenario().steps[size_t(fromStep)].rows.columns[size_t(column)];
    const bool sameTime = !times.isNull(size_t(row)) && floorDiv(times.ints()[size_t(row)], 1000) == timeMs;
    if (sameTime && fromStep == toStep)
        return;
    // The edit resets the run; it then runs again from batch 0 as far as it had got, so the
    // panels show the moved row's consequences at once.
    const int triggers = c.nextStep();
    m_undoStack->push(InputEditCommand::moveRow(&c, fromStep, row, toStep, sameTime ? -1 : column, Value::timestamp(timeMs * 1000)));
    rerunTriggers(triggers);
}

void MainWindow::rerunTriggers(int triggers)
{
    RunController &c = *m_controller;
    if (triggers <= 0 || !c.isValid())
        return;
    c.start();
    while (c.nextStep() < triggers && !c.isBusy() && c.step()) {
    }
}

} // namespace streamstep
