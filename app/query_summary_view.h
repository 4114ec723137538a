// Shows what the scenario asks Spark to run — the editable ops, the output mode and the sink, the
// source schema and the DataFrame code — and, first of all, why the query cannot start when
// Spark would reject it (the AnalysisException text, with the fix where it is obvious).
#pragma once

#include <QWidget>

class QLabel;
class QSplitter;
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

    // Suggests the usual fix for one of Spark's analysis messages; empty when there is none.
    static QString suggestedFix(const QString &message);

private:
    QLabel *m_title;
    QLabel *m_validation;
    QSplitter *m_splitter;
    QueryEditor *m_editor;
    QTextBrowser *m_summary;
    QTextBrowser *m_description;
};

} // namespace streamstep
