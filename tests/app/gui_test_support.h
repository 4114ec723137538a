// What the GUI tests share: the folder their screenshots go to, and the German translation
// installed for the length of a scope.
#pragma once

#include <QCoreApplication>
#include <QDir>
#include <QLocale>
#include <QString>
#include <QTranslator>

namespace streamstep::testing {

// STREAMSTEP_SCREENSHOT_DIR, else <tmp>/streamstep-presentation (made when missing).
inline QString screenshotDir()
{
    QString dir = qEnvironmentVariable("STREAMSTEP_SCREENSHOT_DIR");
    if (dir.isEmpty())
        dir = QDir::tempPath() + QStringLiteral("/streamstep-presentation");
    QDir().mkpath(dir);
    return dir;
}

// The app's German translation and locale while it lives; English and C again after.
class GermanTranslation {
public:
    GermanTranslation()
    {
        m_loaded = m_translator.load(QStringLiteral(":/i18n/streamstep_de.qm"));
        QCoreApplication::installTranslator(&m_translator);
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    }
    ~GermanTranslation()
    {
        QLocale::setDefault(QLocale::c());
        QCoreApplication::removeTranslator(&m_translator);
    }
    GermanTranslation(const GermanTranslation &) = delete;
    GermanTranslation &operator=(const GermanTranslation &) = delete;
    bool isLoaded() const { return m_loaded; }

private:
    QTranslator m_translator;
    bool m_loaded = false;
};

} // namespace streamstep::testing
