// What the tests against real Spark share: where the Spark jars and pyspark environments are
// cached, which versions to run, and small file helpers.
#pragma once

#include "../under_sanitizers.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <vector>

namespace streamstep::testing {

// STREAMSTEP_SPARK_CACHE, default ~/.cache/streamstep/spark (tools/spark/fetch-spark.sh).
inline QString sparkCache()
{
    const QByteArray fromEnvironment = qgetenv("STREAMSTEP_SPARK_CACHE");
    return fromEnvironment.isEmpty() ? QDir::homePath() + QStringLiteral("/.cache/streamstep/spark")
                                     : QString::fromLocal8Bit(fromEnvironment);
}

// STREAMSTEP_SPARK_VERSIONS, default "3.5.9 4.2.0".
inline QStringList sparkVersions()
{
    const QByteArray fromEnvironment = qgetenv("STREAMSTEP_SPARK_VERSIONS");
    const QString text = fromEnvironment.isEmpty() ? QStringLiteral("3.5.9 4.2.0") : QString::fromLocal8Bit(fromEnvironment);
    return text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

// How long to wait for a streamstep-cli child that would take `releaseMs` at most in a Release
// build: ten times longer in the sanitizer tree (the README's test command), whose Debug CLI under
// ASan + UBSan runs ten to forty times slower (lesson 27c's million generated rows: 2.5 s in
// Release, 160 s there).
inline int cliWaitMs(int releaseMs)
{
    return streamstep::testing::kUnderSanitizers ? releaseMs * 10 : releaseMs;
}

// "3.5.9" -> "3.5": StreamStep's profile and tools/spark/jvm-<minor>.args.
inline QString minorVersion(const QString &version) { return version.section(QLatin1Char('.'), 0, 1); }

// STREAMSTEP_SPARK_ONLY: a regular expression; keeps only the entries whose name it finds
// ("lesson-27" keeps lessons 27a and 27b). Returns what is wrong with it, or empty.
template <typename Entry>
QString keepOnlyChosenEntries(std::vector<Entry> &entries)
{
    const QString only = qEnvironmentVariable("STREAMSTEP_SPARK_ONLY");
    if (only.isEmpty())
        return {};
    const QRegularExpression pattern(only);
    if (!pattern.isValid())
        return QStringLiteral("STREAMSTEP_SPARK_ONLY: ") + pattern.errorString();
    std::erase_if(entries, [&](const Entry &entry) { return !pattern.match(entry.name).hasMatch(); });
    return entries.empty() ? QStringLiteral("STREAMSTEP_SPARK_ONLY=%1 matches no scenario").arg(only) : QString();
}

inline bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

inline QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace streamstep::testing
