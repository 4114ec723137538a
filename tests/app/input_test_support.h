// What the input-editing tests share: a scenario as its file text, and rows compared value by
// value (the file is text; this checks the rows themselves).
#pragma once

#include "run_controller.h"

#include "streamstep/scenario.h"

#include <QString>

namespace streamstep::testing {

inline QString written(const RunController &controller)
{
    return QString::fromStdString(writeScenario(controller.scenario()));
}

inline bool sameRows(const ColumnBatch &a, const ColumnBatch &b)
{
    if (a.numRows != b.numRows || a.columns.size() != b.columns.size())
        return false;
    for (size_t r = 0; r < a.numRows; ++r)
        if (a.row(r) != b.row(r))
            return false;
    return true;
}

} // namespace streamstep::testing
