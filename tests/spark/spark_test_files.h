// What the tests against real Spark share: where the Spark jars and pyspark environments are
// cached, which versions to run, and small file helpers.
#pragma once

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>
#include <QStringList>

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

// "3.5.9" -> "3.5": StreamStep's profile and tools/spark/jvm-<minor>.args.
inline QString minorVersion(const QString &version) { return version.section(QLatin1Char('.'), 0, 1); }

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
