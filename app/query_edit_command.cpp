#include "query_edit_command.h"

namespace streamstep {

QueryEditCommand::QueryEditCommand(RunController *controller, QuerySpec before, QuerySpec after, const QString &text)
    : QUndoCommand(text), m_controller(controller), m_before(std::move(before)), m_after(std::move(after))
{
}

void QueryEditCommand::undo()
{
    m_controller->setQuery(m_before);
}

void QueryEditCommand::redo()
{
    m_controller->setQuery(m_after);
}

} // namespace streamstep
