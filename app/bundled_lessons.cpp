#include "bundled_lessons.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QTemporaryDir>

#include <memory>

namespace streamstep {

namespace {

const QString kRoot = QStringLiteral(":/lessons");

// Copies :/lessons into a temporary folder once; returns the folder, or empty on failure.
QString extractedLessons()
{
    static QMutex mutex;
    static std::unique_ptr<QTemporaryDir> folder;
    static bool tried = false;
    const QMutexLocker lock(&mutex);
    if (!tried) {
        tried = true;
        auto made = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/streamstep-lessons-XXXXXX"));
        bool ok = made->isValid();
        QDirIterator it(kRoot, QDir::Files, QDirIterator::Subdirectories);
        while (ok && it.hasNext()) {
            const QString source = it.next();
            const QString target = made->path() + source.mid(kRoot.size());
            ok = QDir().mkpath(QFileInfo(target).path()) && QFile::copy(source, target);
        }
        if (ok)
            folder = std::move(made);
    }
    return folder ? folder->path() : QString();
}

} // namespace

QString lessonFileOnDisk(const QString &path)
{
    if (!path.startsWith(kRoot + QLatin1Char('/')))
        return path;
    const QString folder = extractedLessons();
    return folder.isEmpty() ? QString() : folder + path.mid(kRoot.size());
}

} // namespace streamstep
