// Shows what the scenario asks Spark to run — the editable ops, the output mode and the sink, the
// lesson's text, the source schema and the DataFrame code — and, first of all, why the query
// cannot start when Spark would reject it (the AnalysisException text, with the fix where it is
// obvious). It is the main window's side panel: the query builder above, the lesson and the code
// in tabs below, so each gets the panel's whole width.
#pragma once

#include <QWidget>

class QLabel;
class QSplitter;
class QTabWidget;
class QTextBrowser;

namespace streamstep {

class Query;
class QueryEditor;
struct Scenario;

class QuerySummaryView : public QWidget {
    Q_OBJECT
public:
    explicit QuerySummaryView(QWidget *parent = nullptr);

    // Shows the scenario; `query` is null when compiling failed with `validationMessage`.
    void showScenario(const Scenario &scenario, const Query *query, const QString &validationMessage);
    void clear();

    QString validationText() const;
    bool isValidationShown() const;
    QSplitter *splitter() const { return m_splitter; }
    QueryEditor *editor() const { return m_editor; }
    QTabWidget *tabs() const { return m_tabs; }
    QTextBrowser *lessonView() const { return m_description; }
    // "Follows Spark 3.5 — ANSI mode off", as shown under the title.
    QString sparkLineText() const;

    // Suggests the usual fix for one of Spark's analysis messages; empty when there is none.
    static QString suggestedFix(const QString &message);

protected:
    // The title, the lesson's code and the plan follow the window's text scale.
    void changeEvent(QEvent *event) override;

private:
    void applyTextScale();

    QString m_markdown;
    QLabel *m_title;
    QLabel *m_sparkLine; // which Spark the lesson follows, and its ANSI setting
    QLabel *m_validation;
    QSplitter *m_splitter;
    QueryEditor *m_editor;
    QTabWidget *m_tabs;
    QTextBrowser *m_summary;
    QTextBrowser *m_description;
};

} // namespace streamstep
