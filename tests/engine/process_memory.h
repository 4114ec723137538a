// Tells the tests that bound memory (the soak runs, the app's bad files) how much of it the test
// process holds.
#pragma once

#include <QFile>
#include <QList>

#include <cstdint>

namespace streamstep::testing {

// The resident set of this process in bytes (Linux), 0 elsewhere.
inline int64_t residentBytes()
{
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> fields = statm.readAll().split(' ');
    return fields.size() > 1 ? fields[1].toLongLong() * 4096 : 0;
}

} // namespace streamstep::testing
