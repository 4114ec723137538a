// Shows what the scenario asks Spark to run — the source schema, the ops as DataFrame calls, the
// output mode and the sink — and, first of all, why the query cannot start when Spark would
// reject it (the AnalysisException text, with the fix where it is obvious).
#pragma once

#include <QWidget>

class QLabel;
class QSplitter;
class QTextBrowser;

namespace streamstep {

class Query;
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

    // Suggests the usual fix for one of Spark's analysis messages; empty when there is none.
    static QString suggestedFix(const QString &message);

private:
    QLabel *m_title;
    QLabel *m_validation;
    QSplitter *m_splitter;
    QTextBrowser *m_summary;
    QTextBrowser *m_description;
};

} // namespace streamstep
