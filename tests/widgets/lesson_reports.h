// The reports of a whole scenario file, as the app keeps them: shared by the widget tests.
#pragma once

#include "streamstep/engine.h"
#include "streamstep/scenario.h"

#include <QFile>
#include <QString>

#include <memory>
#include <vector>

namespace streamstep::testing {

// None when the file cannot be read.
inline std::vector<std::shared_ptr<const BatchReport>> reportsOfFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    std::vector<std::shared_ptr<const BatchReport>> reports;
    for (BatchReport &r : runScenario(parseScenario(file.readAll().toStdString(), path.toStdString())))
        reports.push_back(std::make_shared<const BatchReport>(std::move(r)));
    return reports;
}

} // namespace streamstep::testing
