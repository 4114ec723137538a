// Edits the query as an ordered list of ops plus the output mode and the sink. It never changes
// the scenario itself: each edit is announced as a whole new QuerySpec, so the main window can
// put it on the undo stack and the controller recompiles it like Spark's start() would.
#pragma once

#include "run_controller.h"

#include "streamstep/sink_connection.h"

#include <optional>

#include <QWidget>

class QComboBox;
class QDialog;
class QListView;
class QToolButton;

namespace streamstep {

class QueryOpListModel;

class QueryEditor : public QWidget {
    Q_OBJECT
public:
    explicit QueryEditor(QWidget *parent = nullptr);

    // Shows the scenario's query; `scenario` must outlive the editor's use of it (the
    // controller's scenario does).
    void setScenario(const Scenario *scenario);
    void clear();

    QueryOpListModel *model() const { return m_model; }
    QListView *opsView() const { return m_view; }
    QComboBox *outputModeCombo() const { return m_mode; }
    QComboBox *sinkFormatCombo() const { return m_sink; }
    // Whose defaults and messages the query follows (format "sparkVersion"): Spark 3.5, or 4.2
    // with ANSI mode and its error texts.
    QComboBox *sparkVersionCombo() const { return m_version; }
    int currentRow() const;

    // The edits, as the buttons and combos make them (also for tests: no dialog involved).
    void insertOp(int row, const QueryOp &op);
    void replaceOp(int row, const QueryOp &op);
    void removeOp(int row);
    void moveOp(int row, int delta);
    void setOutputMode(OutputMode mode);
    void setSinkFormat(const QString &format);
    void setSparkVersion(SparkVersion version);
    static QString sparkVersionText(SparkVersion version);
    // Replaces the sink's options (Spark's DataStreamWriter.option: text values); an empty
    // value removes the option.
    void setSinkOptions(const std::map<std::string, nlohmann::json> &options);
    QToolButton *sinkOptionsButton() const { return m_sinkOptionsButton; }
    // The option names offered for a sink format, in the form's order.
    static std::vector<std::string> knownSinkOptions(const std::string &format);

    static QString outputModeText(OutputMode mode);

    // The compiled query's result schema, which Test Connection checks an existing table
    // against (nullopt with the reason when the query does not compile).
    void setResultSchema(std::optional<Schema> schema, const QString &whyNot = {});
    // Test Connection of the sink form: connects to the server `sink` names (the user clicked
    // the button: that is the consent), checks the table against the query's result and mode,
    // changes nothing. Formats without a server say so.
    SinkConnectionTest testConnection(const SinkSpec &sink) const;
    // The sink options dialog last opened (for tests: it is modal), null when closed.
    QDialog *sinkOptionsDialog() const { return m_optionsDialog; }

Q_SIGNALS:
    // The user asked for this query; `description` names the edit for the Edit menu.
    void queryEdited(const streamstep::QuerySpec &spec, const QString &description);

protected:
    // The ops are code: the fixed-pitch font at the window's text scale.
    void changeEvent(QEvent *event) override;

private:
    QuerySpec spec() const;
    void emitEdit(const QuerySpec &spec, const QString &description, int selectRow);
    void addOpOfKind(QueryOp::Kind kind);
    void editCurrent();
    void editSinkOptions();
    void updateButtons();

    const Scenario *m_scenario = nullptr;
    QueryOpListModel *m_model;
    QListView *m_view;
    QToolButton *m_addButton;
    QToolButton *m_editButton;
    QToolButton *m_removeButton;
    QToolButton *m_upButton;
    QToolButton *m_downButton;
    QComboBox *m_mode;
    QComboBox *m_sink;
    QToolButton *m_sinkOptionsButton;
    QComboBox *m_version;
    int m_selectAfterEdit = -1;
    std::optional<Schema> m_resultSchema;
    QString m_whyNoSchema;
    QDialog *m_optionsDialog = nullptr;
};

} // namespace streamstep
