// Edits one query op through a small form per op kind, and checks it as the user types by
// compiling a scratch query that ends with this op: the engine's expression parser is not
// public, and Spark's own message (with its "column N") is the most useful hint anyway.
#pragma once

#include "streamstep/scenario.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace streamstep {

class QueryOpDialog : public QDialog {
    Q_OBJECT
public:
    // `context` gives the source schema and the ops before `index`, which the op reads from.
    QueryOpDialog(const QueryOp &op, const Scenario &context, int index, QWidget *parent = nullptr);

    QueryOp op() const;
    // Why the op cannot run after the ops before it; empty when it compiles.
    QString checkMessage() const;

    static QString kindName(QueryOp::Kind kind);
    // Compiles the source, ops [0, index) and `op` with a mode and sink that accept any query,
    // so only the op's own mistakes show; returns Spark's message, or empty.
    static QString checkOp(const Scenario &context, int index, const QueryOp &op);

private:
    QLineEdit *newLineEdit(const QString &objectName, const QString &text);
    QPlainTextEdit *newListEdit(const QString &objectName, const std::vector<ExprText> &exprs);
    void check();

    QueryOp m_op;
    const Scenario &m_context;
    int m_index;
    QComboBox *m_column = nullptr;
    QLineEdit *m_delay = nullptr;
    QLineEdit *m_condition = nullptr;
    QLineEdit *m_name = nullptr;
    QLineEdit *m_expr = nullptr;
    QPlainTextEdit *m_columns = nullptr;
    QPlainTextEdit *m_keys = nullptr;
    QPlainTextEdit *m_aggs = nullptr;
    QLabel *m_message;
    QDialogButtonBox *m_buttons;
};

} // namespace streamstep
