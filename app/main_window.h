// Lays out the stepper as the story of one trigger, so that a screenshot alone says what arrived,
// what was written and why, where the watermark is and how big the state is: a line telling the
// batch in words on top; then, left to right, what arrived (input rows with their fates), what
// the engine holds (the result table with statuses and the rows in state), what was written (the
// rows of the trigger's batches) and what the sink holds; below them the event-time timeline and
// the batches table (charts in a tab beside it). The query builder and the lesson text are a side
// panel that folds away (F9). Owns the actions and settings; the RunController owns the run, so
// this window holds no streaming logic: it shows what the reports say.
#pragma once

#include "batch_table_model.h"

#include "streamstep/breakpoints.h"
#include "streamstep/scenario.h"

#include <QMainWindow>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

class QAction;
class QActionGroup;
class QDockWidget;
class QLabel;
class QMenu;
class QPlainTextEdit;
class QProgressBar;
class QSlider;
class QSplitter;
class QStackedWidget;
class QTableView;
class QTabWidget;
class QToolButton;
class QUndoStack;

namespace streamstep {

class BatchChartView;
class BatchListModel;
class BatchNarrativeView;
class BatchTableModel;
class CompareView;
class EventTimeTimeline;
class LessonsPage;
class QueryEditor;
class InputEditor;
class KeyHelpOverlay;
class LessonAutosave;
struct AutosaveRecord;
class QuerySummaryView;
struct QuerySpec;
class QuizPanel;
class WhatIfPanel;
class RowExplainer;
class RunController;
class SinkContentsModel;
class WhyView;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens a scenario file or bundled lesson. Without `error`, a failure is shown in a dialog.
    // Asks first whether to save unsaved query edits; false when the user cancels.
    bool openScenario(const QString &path, QString *error = nullptr);
    // Saves the scenario (with its edited query) to `path` and marks the window unmodified.
    bool saveTo(const QString &path);
    // Puts a query edit on the undo stack and applies it.
    void editQuery(const QuerySpec &spec, const QString &description);
    void showLessons();

    // Crash-safe autosave: unsaved edits go to a file of the app's data location a short time
    // after each edit (LessonAutosave); a save, a clean close or undoing them removes it.
    LessonAutosave *autosave() const { return m_autosave; }
    // At start: when an earlier window went away without a clean close and left unsaved edits,
    // asks whether to restore them (the newest) and does; declined ones are removed. True when
    // edits were restored.
    bool offerAutosaveRestore();
    // Opens the autosaved edits as the scenario, modified (unsaved) and with the file they
    // belong to, and removes the orphan. False with the message when they cannot be read.
    bool restoreAutosave(const AutosaveRecord &record, QString *error = nullptr);
    // Answers offerAutosaveRestore's question instead of a dialog (tests, scripts).
    void setAutosaveQuestion(std::function<bool(const AutosaveRecord &)> question) { m_autosaveQuestion = std::move(question); }

    RunController *controller() const { return m_controller; }
    BatchTableModel *inputModel() const { return m_inputModel; }
    BatchTableModel *resultModel() const { return m_resultModel; }
    BatchTableModel *emittedModel() const { return m_emittedModel; }
    BatchTableModel *sinkModel() const { return m_sinkModel; }
    // The sink panel's title: what the sink holds and where it came from.
    QLabel *sinkTitle() const { return m_sinkTitle; }
    // What a csv, json or sqlite sink holds after the batch shown.
    SinkContentsModel *sinkContentsModel() const { return m_sinkContents; }
    BatchListModel *batchModel() const { return m_batchModel; }
    QuerySummaryView *summaryView() const { return m_summary; }
    QueryEditor *queryEditor() const;
    // The input rows editor (Edit ▸ Edit Input…), made on first use.
    InputEditor *inputEditor();
    QAction *editInputAction() const { return m_editInputAction; }
    QAction *generateRowsAction() const { return m_generateRowsAction; }
    QUndoStack *undoStack() const { return m_undoStack; }
    LessonsPage *lessonsPage() const { return m_lessons; }
    QPlainTextEdit *consoleView() const { return m_consoleView; }
    BatchChartView *chartView() const { return m_chart; }
    EventTimeTimeline *timelineView() const { return m_timeline; }
    // The line above the panels telling the batch shown; the engine's narrative goes here.
    BatchNarrativeView *narrativeView() const { return m_narrative; }
    // Says why the row selected in a story panel went where (the engine's words).
    WhyView *whyView() const { return m_why; }
    RowExplainer *rowExplainer() const { return m_explainer; }
    // Says why the run started over after a query edit, and what is kept to compare with.
    QLabel *runNotice() const { return m_runNotice; }
    // The four story panels' views, left to right (the sink's is whichever the sink shows).
    QList<QWidget *> storyViews() const;
    // Selects row `row` of story panel `panel` (0 input, 1 result, 2 written), as a click would,
    // so the Why pane explains it. False when the panel has no such row.
    bool selectStoryRow(int panel, int row);
    QTableView *batchesView() const { return m_batchView; }
    // View ▸ Compare Output Modes (Ctrl+M): the same query and steps in append, update and
    // complete side by side, in place of the trigger's story panels.
    QAction *compareAction() const { return m_compareAction; }
    CompareView *compareView() const { return m_compareView; }
    void setCompareShown(bool shown);
    bool isCompareShown() const;
    // View ▸ Lesson and Query Panel (F9): folds the side panel away and back.
    QAction *sidePanelAction() const { return m_sidePanelAction; }
    QWidget *sidePanel() const;
    // Fits the story panels' widths to their columns, and the batches table to its key columns
    // (after every batch and resize).
    void fitStoryPanels();
    // Shows the toolbar buttons icon-only when their names would push the labels off the toolbar.
    void fitToolBar();
    QAction *startAction() const { return m_startAction; }
    QAction *stepAction() const { return m_stepAction; }
    QAction *playAction() const { return m_playAction; }
    // Run ▸ Play Until: plays until a batch where the moment happens (a window is written, a row
    // is dropped as late, the watermark moves, state is evicted, a no-data batch runs), shows
    // that batch and says in the Why pane what happened (the engine's words, breakpoints.h).
    QMenu *playUntilMenu() const { return m_playUntilMenu; }
    void playUntil(BatchEvent event);
    // Run ▸ Play Interval…: how long Play waits between triggers (kept in the settings).
    QAction *playIntervalAction() const { return m_playIntervalAction; }
    void setPlayInterval(double seconds);
    QAction *resetAction() const { return m_resetAction; }
    // While a step runs on the worker thread: its progress in the status bar, and Cancel (Esc).
    QAction *cancelAction() const { return m_cancelAction; }
    QProgressBar *progressBar() const { return m_progressBar; }
    bool isShowingLessons() const;
    // Run ▸ Lesson Mode (Ctrl+L): before each trigger its rows are shown and the lesson's
    // questions asked in the quiz panel (a dock), with the outcome hidden until revealed.
    QAction *lessonModeAction() const { return m_lessonModeAction; }
    QuizPanel *quizPanel() const { return m_quiz; }
    QDockWidget *quizDock() const { return m_quizDock; }
    // View ▸ What-if (Ctrl+Shift+W): the lesson's knobs in a dock; moving one re-runs the lesson
    // and marks the rows of the story panels the change affects.
    QAction *whatIfAction() const { return m_whatIfAction; }
    WhatIfPanel *whatIfPanel() const { return m_whatIf; }
    QDockWidget *whatIfDock() const { return m_whatIfDock; }
    // The trigger being predicted (its outcome hidden), or -1.
    int predictingStep() const { return m_predictStep; }

    // View ▸ Larger Text (Ctrl++), Smaller Text (Ctrl+-), Normal Text Size (Ctrl+0): one scale
    // for all the window's text — labels, tables with their rows and headers, code, charts and
    // the timeline — kept in the settings.
    QAction *zoomInAction() const { return m_zoomInAction; }
    QAction *zoomOutAction() const { return m_zoomOutAction; }
    QAction *zoomResetAction() const { return m_zoomResetAction; }
    double fontScale() const { return m_fontScale; }
    void setFontScale(double scale);

    // View ▸ Presenter Mode (F11): one focused layout for a projector — the batch narrative in
    // large type, then what arrived, what the engine holds and what was written, the timeline
    // under them; the side panel, the sink, the Why pane, the batches and charts, the menus,
    // toolbar and status bar are hidden (the lesson's questions stay in lesson mode). Its text
    // scale is its own (Larger / Smaller Text change it while presenting, kept in the settings,
    // 1.35 at first); leaving restores the layout, window state and text scale from before.
    QAction *presenterAction() const { return m_presenterAction; }
    void setPresenterMode(bool on, bool fullScreen = true);
    bool isPresenterMode() const { return m_presenter; }
    static constexpr double kDefaultPresenterScale = 1.35;
    // Keyboard only: Step Back (←, Page Up) shows the batch before; Reveal (Return) runs the
    // trigger being predicted; Next Lesson (N) opens the bundled lesson after this one; the key
    // help (?, F1) lists every key.
    QAction *backAction() const { return m_backAction; }
    QAction *revealAction() const { return m_revealAction; }
    QAction *nextLessonAction() const { return m_nextLessonAction; }
    QAction *keyHelpAction() const { return m_keyHelpAction; }

    // Handouts (handout.h): File ▸ Export Batch as PNG… / as PDF… (the batch shown) and Export
    // Lesson as PDF… (the whole lesson run from batch 0, one page per batch). False with the
    // message when nothing has run or the file cannot be written.
    QAction *exportBatchPngAction() const { return m_exportBatchPngAction; }
    QAction *exportBatchPdfAction() const { return m_exportBatchPdfAction; }
    QAction *exportLessonPdfAction() const { return m_exportLessonPdfAction; }
    bool exportBatchPng(const QString &path, QString *error = nullptr) const;
    bool exportBatchPdf(const QString &path, QString *error = nullptr) const;
    bool exportLessonPdf(const QString &path, QString *error = nullptr) const;
    KeyHelpOverlay *keyHelp() const { return m_keyHelp; }

protected:
    void closeEvent(QCloseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    // The timeline's drag of an input row (see EventTimeTimeline::rowDropped): one undoable move.
    void moveDroppedRow(int fromBatch, int row, int toBatch, qint64 timeMs);
    // Starts the run again and runs it to `triggers` triggers (small steps at once).
    void rerunTriggers(int triggers);
    void createActions();
    void createMenus();
    void createToolBar();
    QWidget *createWorkspace();
    void readSettings();
    void writeSettings() const;

    void open();
    bool save();
    bool saveAs();
    // Asks whether to save unsaved edits: true to go on (saved or discarded), false to cancel.
    bool maybeSave();
    void addRecentFile(const QString &path);
    void updateRecentFilesMenu();
    void about();
    void setLanguage(const QString &language);

    void onScenarioChanged();
    void onTriggerCompleted(int step, int numBatches);
    void onBusyChanged(bool busy);
    void onStepProgressed(double fraction, const QString &phase);
    void onStepCancelled(int step);
    void onRunReset();
    void showBatch(int index);
    // The data batch of the trigger that ran batch `index`, and its batches up to `index`.
    std::pair<std::shared_ptr<const BatchReport>, std::vector<std::shared_ptr<const BatchReport>>>
    triggerShown(int index) const;
    // Marks the rows of the story panels that the what-if changes (batch `index` shown).
    void markWhatIf(int index);
    void showSink(int index);
    // The sink panel for a sink on a server: the table read back after the batch, or why not.
    void showServerSink(int index);
    // What the batch did to each row of the read-back table, against the table after the
    // batch before: a key that was not there is new, a changed row under a known key updated.
    static std::vector<RowMark> serverRowMarks(const ColumnBatch &table, const ColumnBatch *before, const SinkSpec &sink);
    void updateActions();
    void updateWindowTitle();
    void updateRunNotice();
    void setSidePanelShown(bool shown, bool chosen);
    QString watermarkText(int index) const;
    void setLessonMode(bool on);
    // Predicting a trigger: shows its rows under Arrived and hides what would give the answer
    // away (what the engine holds, writes, and the sink shows); -1 shows the batch again.
    void setPredicting(int step);
    void applyPredictView();

    RunController *m_controller;
    QUndoStack *m_undoStack;
    LessonAutosave *m_autosave;
    std::function<bool(const AutosaveRecord &)> m_autosaveQuestion;

    QStackedWidget *m_stack = nullptr;
    LessonsPage *m_lessons = nullptr;
    QuerySummaryView *m_summary = nullptr;
    QSplitter *m_mainSplitter = nullptr;
    QSplitter *m_centreSplitter = nullptr;
    QSplitter *m_panelSplitter = nullptr;
    QSplitter *m_bottomSplitter = nullptr;
    QTabWidget *m_batchTabs = nullptr;
    BatchNarrativeView *m_narrative = nullptr;
    WhyView *m_why = nullptr;
    CompareView *m_compareView = nullptr;
    bool m_compareStale = true; // the scenario changed since the compare view last ran
    RowExplainer *m_explainer = nullptr;
    QLabel *m_runNotice = nullptr;
    QToolButton *m_runNoticeClose = nullptr;
    QList<QWidget *> m_storyPanels;
    bool m_sidePanelChosen = false; // the user folded or unfolded it; until then, it follows the width
    bool m_fitting = false;

    BatchTableModel *m_inputModel;
    BatchTableModel *m_resultModel;
    BatchTableModel *m_emittedModel;
    BatchTableModel *m_sinkModel;
    BatchListModel *m_batchModel;
    QLabel *m_inputTitle = nullptr;
    QLabel *m_resultTitle = nullptr;
    QLabel *m_emittedTitle = nullptr;
    QLabel *m_sinkTitle = nullptr;
    QLabel *m_watermarkLabel = nullptr;
    QStackedWidget *m_sinkStack = nullptr;
    QPlainTextEdit *m_consoleView = nullptr;
    QTableView *m_sinkTableView = nullptr;
    SinkContentsModel *m_sinkContents = nullptr;
    QTableView *m_sinkContentsView = nullptr;
    QTableView *m_batchView = nullptr;
    BatchChartView *m_chart = nullptr;
    EventTimeTimeline *m_timeline = nullptr;

    QSlider *m_batchSlider = nullptr;
    QToolBar *m_stepperBar = nullptr;
    QLabel *m_batchLabel = nullptr;
    QLabel *m_triggerLabel = nullptr;

    QAction *m_openAction = nullptr;
    QAction *m_saveAction = nullptr;
    QAction *m_saveAsAction = nullptr;
    QAction *m_exportAction = nullptr;
    QAction *m_crashAction = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
    QAction *m_lessonsAction = nullptr;
    QAction *m_sidePanelAction = nullptr;
    QAction *m_compareAction = nullptr;
    QAction *m_startAction = nullptr;
    QAction *m_stepAction = nullptr;
    QAction *m_playAction = nullptr;
    QAction *m_resetAction = nullptr;
    QAction *m_runAllAction = nullptr;
    QAction *m_cancelAction = nullptr;
    QAction *m_playIntervalAction = nullptr;
    QAction *m_lessonModeAction = nullptr;
    QuizPanel *m_quiz = nullptr;
    QDockWidget *m_quizDock = nullptr;
    int m_predictStep = -1;
    WhatIfPanel *m_whatIf = nullptr;
    QDockWidget *m_whatIfDock = nullptr;
    QAction *m_whatIfAction = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_playUntilMenu = nullptr;
    std::optional<BatchEvent> m_playUntil; // what Play waits for
    QAction *m_viewMenuWhatIfAnchor = nullptr;
    QProgressBar *m_progressBar = nullptr;
    QAction *m_zoomInAction = nullptr;
    QAction *m_zoomOutAction = nullptr;
    QAction *m_zoomResetAction = nullptr;
    QAction *m_aboutAction = nullptr;
    QAction *m_editInputAction = nullptr;
    QAction *m_generateRowsAction = nullptr;
    InputEditor *m_inputEditor = nullptr;
    QActionGroup *m_languageGroup = nullptr;
    QMenu *m_recentMenu = nullptr;
    QStringList m_recentFiles;
    double m_fontScale = 1.0;
    QAction *m_presenterAction = nullptr;
    QAction *m_backAction = nullptr;
    QAction *m_revealAction = nullptr;
    QAction *m_nextLessonAction = nullptr;
    QAction *m_keyHelpAction = nullptr;
    QAction *m_exportBatchPngAction = nullptr;
    QAction *m_exportBatchPdfAction = nullptr;
    QAction *m_exportLessonPdfAction = nullptr;
    // Asks where to save a handout (suggesting the lesson's name) and writes it.
    void exportHandout(QAction *action);
    KeyHelpOverlay *m_keyHelp = nullptr;
    bool m_presenter = false;
    // What presenter mode hid or changed, to put back when it ends.
    struct PresenterSaved {
        bool sidePanel = false;
        bool menuBar = true;
        bool toolBar = true;
        bool statusBar = true;
        bool runNotice = false;
        bool quizDock = false;
        bool whatIfDock = false;
        bool compare = false;
        QByteArray centreSizes;
        Qt::WindowStates windowState;
        double fontScale = 1.0;
    } m_presenterSaved;
    // The bundled lesson after the one open, or empty.
    QString nextLessonPath() const;
    void openNextLesson();
};

} // namespace streamstep
