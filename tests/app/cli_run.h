// Runs streamstep-cli (the STREAMSTEP_CLI the build defines) as a user does and keeps what it said.
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QStringList>

namespace streamstep::testing {

struct CliResult {
    int exitCode = -1; // -1 when it did not finish within a minute
    QByteArray out;
    QByteArray err;
};

inline CliResult runCli(const QStringList &arguments)
{
    QProcess process;
    process.start(QStringLiteral(STREAMSTEP_CLI), arguments);
    if (!process.waitForFinished(60000))
        return {};
    return {process.exitCode(), process.readAllStandardOutput(), process.readAllStandardError()};
}

} // namespace streamstep::testing
