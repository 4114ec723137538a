#include "lesson_autosave.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>
#include <QUuid>

#include <algorithm>

namespace streamstep {

namespace {

constexpr const char *kFormat = "streamstep-autosave";

QString lockNameOf(const QString &file)
{
    return file.left(file.size() - int(qstrlen(".json"))) + QStringLiteral(".lock");
}

} // namespace

LessonAutosave::LessonAutosave(QObject *parent) : QObject(parent)
{
    m_fileName = folder() + QLatin1Char('/') + QUuid::createUuid().toString(QUuid::WithoutBraces) + QStringLiteral(".json");
    m_timer.setSingleShot(true);
    m_timer.setInterval(kDefaultDelayMs);
    connect(&m_timer, &QTimer::timeout, this, &LessonAutosave::saveDue);
}

LessonAutosave::~LessonAutosave() = default;

QString LessonAutosave::folder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/autosave");
}

bool LessonAutosave::hasFile() const
{
    return QFileInfo::exists(m_fileName);
}

void LessonAutosave::schedule()
{
    if (!m_timer.isActive())
        m_timer.start();
}

bool LessonAutosave::write(const Scenario &scenario, const QString &filePath, QString *error)
{
    m_timer.stop();
    if (!QDir().mkpath(folder())) {
        if (error)
            *error = tr("%1: cannot create the folder").arg(QDir::toNativeSeparators(folder()));
        return false;
    }
    if (!m_lock) {
        // Held while this window lives: orphans() passes over files whose owner still runs.
        m_lock = std::make_unique<QLockFile>(lockNameOf(m_fileName));
        m_lock->setStaleLockTime(0);
        if (!m_lock->tryLock(0)) {
            m_lock.reset();
            if (error)
                *error = tr("%1: cannot lock the autosave").arg(QDir::toNativeSeparators(m_fileName));
            return false;
        }
    }
    QJsonObject object;
    object.insert(QStringLiteral("format"), QLatin1String(kFormat));
    object.insert(QStringLiteral("version"), 1);
    object.insert(QStringLiteral("filePath"), filePath);
    object.insert(QStringLiteral("title"), QString::fromStdString(scenario.title));
    object.insert(QStringLiteral("savedAt"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    object.insert(QStringLiteral("scenario"), QString::fromStdString(writeScenario(scenario)));
    QSaveFile file(m_fileName);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = tr("%1: cannot write the autosave: %2").arg(QDir::toNativeSeparators(m_fileName), file.errorString());
        return false;
    }
    file.write(QJsonDocument(object).toJson(QJsonDocument::Compact));
    if (!file.commit()) {
        if (error)
            *error = tr("%1: cannot write the autosave: %2").arg(QDir::toNativeSeparators(m_fileName), file.errorString());
        return false;
    }
    return true;
}

void LessonAutosave::discard()
{
    m_timer.stop();
    QFile::remove(m_fileName);
    m_lock.reset(); // unlocks and removes the lock file
}

std::vector<AutosaveRecord> LessonAutosave::orphans()
{
    std::vector<AutosaveRecord> found;
    const QDir dir(folder());
    for (const QFileInfo &info : dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files)) {
        const QString file = info.absoluteFilePath();
        QLockFile lock(lockNameOf(file));
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0))
            continue; // its window still runs (this process or another)
        QFile in(file);
        const QJsonDocument doc = in.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(in.read(64 * 1024 * 1024)) : QJsonDocument();
        const QJsonObject object = doc.object();
        if (object.value(QStringLiteral("format")).toString() != QLatin1String(kFormat)
            || !object.value(QStringLiteral("scenario")).isString()) {
            in.close();
            QFile::remove(file); // not an autosave this app can read
            continue;
        }
        AutosaveRecord record;
        record.file = file;
        record.filePath = object.value(QStringLiteral("filePath")).toString();
        record.title = object.value(QStringLiteral("title")).toString();
        record.savedAt = QDateTime::fromString(object.value(QStringLiteral("savedAt")).toString(), Qt::ISODateWithMs);
        record.scenario = object.value(QStringLiteral("scenario")).toString().toUtf8();
        found.push_back(std::move(record));
        // `lock` goes out of scope and removes the lock file; remove() removes the rest.
    }
    std::sort(found.begin(), found.end(), [](const AutosaveRecord &a, const AutosaveRecord &b) { return a.savedAt > b.savedAt; });
    return found;
}

void LessonAutosave::remove(const AutosaveRecord &record)
{
    QFile::remove(record.file);
    QFile::remove(lockNameOf(record.file));
}

} // namespace streamstep
