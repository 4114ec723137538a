// Records one query edit as the query before and after it, so undo restores exactly the
// previous scenario (the ops as written, the mode and the sink with all its options).
#pragma once

#include "run_controller.h"

#include <QUndoCommand>

namespace streamstep {

class QueryEditCommand : public QUndoCommand {
public:
    QueryEditCommand(RunController *controller, QuerySpec before, QuerySpec after, const QString &text);

    void undo() override;
    void redo() override;

private:
    RunController *m_controller;
    QuerySpec m_before;
    QuerySpec m_after;
};

} // namespace streamstep
