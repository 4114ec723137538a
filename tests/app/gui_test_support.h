// What the GUI tests share: the folder their screenshots go to and the window sizes they are
// taken at, the German translation installed for the length of a scope, and the lessons the
// sanitizer build's loops leave out.
#pragma once

#include "../engine/test_data.h" // bundledLessonPaths

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QSize>
#include <QString>
#include <QTest>
#include <QTranslator>

namespace streamstep::testing {

// Under ASan + UBSan the per-lesson loops leave out lesson 27c: a million generated rows, the same
// source, query, mode and code paths as lesson 27a (which they run), and ten CPU minutes of the
// sanitizer suite in CI's 90 (measured 2026-12-03: it passed there, tst_main_window 915 s and
// tst_presentation 1980 s with it). The release suite runs it in every loop.
inline bool leftOutUnderSanitizers(const QString &path)
{
#if defined(__SANITIZE_ADDRESS__) || (defined(__has_feature) && __has_feature(address_sanitizer))
    return QFileInfo(path).fileName().startsWith(QStringLiteral("27c-"));
#else
    Q_UNUSED(path);
    return false;
#endif
}

// Gives the test program its own settings (organization StreamStepTests, application `name`), so
// that a test never reads or writes the user's StreamStep settings.
inline void useTestSettings(const char *name)
{
    QCoreApplication::setOrganizationName(QStringLiteral("StreamStepTests"));
    QCoreApplication::setApplicationName(QString::fromLatin1(name));
}

// STREAMSTEP_SCREENSHOT_DIR, else <tmp>/streamstep-presentation (made when missing).
inline QString screenshotDir()
{
    QString dir = qEnvironmentVariable("STREAMSTEP_SCREENSHOT_DIR");
    if (dir.isEmpty())
        dir = QDir::tempPath() + QStringLiteral("/streamstep-presentation");
    QDir().mkpath(dir);
    return dir;
}

// The window sizes the panels' screenshots are taken at: a laptop's and full HD, a row each.
inline void addScreenshotSizes()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("1280x800") << QSize(1280, 800);
    QTest::newRow("1920x1080") << QSize(1920, 1080);
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
