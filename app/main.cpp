// streamstep: the desktop app. Opens a scenario (or the Lessons page), optionally runs N
// triggers and saves a screenshot of the window — for the README, the docs and the tests.
#include "command_line.h"
#include "dark_palette.h"
#include "key_help.h"
#include "main_window.h"
#include "run_controller.h"

#include <QApplication>
#include <QDir>
#include <QIcon>
#include <QImageReader>
#include <QLibraryInfo>
#include <QLocale>
#include <QPainter>
#include <QPalette>
#include <QSettings>
#include <QTimer>
#include <QTranslator>

#include <cstdio>
#include <limits>
#include <malloc.h>

using namespace streamstep;

namespace {

// The SVG icon needs Qt's SVG image plugin (libqt6svg6); without it, paint the same motif.
QIcon applicationIcon()
{
    if (QImageReader::supportedImageFormats().contains("svg"))
        return QIcon(QStringLiteral(":/icons/streamstep.svg"));
    QPixmap pixmap(64, 64);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(0x1f, 0x3a, 0x5f));
    p.drawRoundedRect(QRectF(2, 2, 60, 60), 12, 12);
    p.setBrush(QColor(0xe2, 0x5a, 0x1c));
    for (int i = 0; i < 3; ++i)
        p.drawRoundedRect(QRectF(10 + i * 16, 40 - i * 10, 12, 14 + i * 10), 2, 2);
    p.setPen(QPen(QColor(0x7f, 0xd1, 0xff), 3));
    p.drawLine(QPointF(8, 50), QPointF(56, 18));
    return QIcon(pixmap);
}


void installTranslators(QApplication &app, const QString &requested)
{
    QString language = requested;
    if (language.isEmpty())
        language = QSettings().value(QStringLiteral("language")).toString();
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    QLocale::setDefault(locale);
    auto *qtTranslator = new QTranslator(&app);
    if (qtTranslator->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                           QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(qtTranslator);
    auto *translator = new QTranslator(&app);
    if (translator->load(locale, QStringLiteral("streamstep"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(translator);
}

} // namespace

int main(int argc, char *argv[])
{
    // Keep freed memory instead of returning each big column to the kernel: a 1,000,000-row
    // step allocates fresh columns every batch, and with glibc's defaults every one is a new
    // mmap whose pages fault in again (measured: 0.6-1.3 s instead of 0.1 s per such step).
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_TRIM_THRESHOLD, std::numeric_limits<int>::max());

    // The icon's .qrc lives in the static streamstep_app library: pull its initializer in.
    Q_INIT_RESOURCE(streamstep);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("StreamStep"));
    QApplication::setOrganizationName(QStringLiteral("StreamStep"));
    QApplication::setApplicationVersion(QStringLiteral(STREAMSTEP_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("streamstep"));
    QApplication::setWindowIcon(applicationIcon());

    const QStringList arguments = QApplication::arguments();
    installTranslators(app, CommandLine::languageArgument(arguments));

    QString error;
    const std::optional<CommandLine> options = CommandLine::parse(arguments, &error);
    if (!options) {
        std::fprintf(stderr, "streamstep: %s\n", qPrintable(error));
        return 1;
    }
    if (options->helpShown)
        return 0;
    if (options->dark) {
        QApplication::setStyle(QStringLiteral("Fusion"));
        QApplication::setPalette(darkPalette());
    }

    MainWindow window;
    if (options->size.isValid())
        window.resize(options->size);
    // A screenshot runs unattended: no one to ask, so it never connects to a sink's server.
    if (!options->screenshot.isEmpty())
        window.controller()->setConnectionApprover([](const streamstep::SinkEndpoint &) { return false; });
    if (!options->scenario.isEmpty()) {
        if (!window.openScenario(options->scenario, &error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            if (!options->screenshot.isEmpty())
                return 1;
        }
        // Big steps run on the worker thread; --steps waits for each so the screenshot shows them.
        for (int i = 0; i < options->steps && window.controller()->step(); ++i)
            window.controller()->waitForIdle();
    } else {
        window.showLessons();
    }
    if (options->whyPanel >= 0 && !window.selectStoryRow(options->whyPanel, options->whyRow)) {
        std::fprintf(stderr, "streamstep: %s\n",
                     qPrintable(QApplication::translate("main", "--why: the panel shows no row %1").arg(options->whyRow)));
        if (!options->screenshot.isEmpty())
            return 1;
    }
    // Handouts need no window on screen: written, then the app quits.
    if (!options->exportPdf.isEmpty() || !options->exportPng.isEmpty()) {
        if (options->scenario.isEmpty()) {
            std::fprintf(stderr, "streamstep: %s\n", qPrintable(QApplication::translate("main", "--export-pdf and --export-png need a scenario")));
            return 1;
        }
        if (!options->exportPdf.isEmpty() && !window.exportLessonPdf(options->exportPdf, &error)) {
            std::fprintf(stderr, "streamstep: %s\n", qPrintable(error));
            return 1;
        }
        if (!options->exportPng.isEmpty() && !window.exportBatchPng(options->exportPng, &error)) {
            std::fprintf(stderr, "streamstep: %s\n", qPrintable(error));
            return 1;
        }
        return 0;
    }
    if (options->compare)
        window.setCompareShown(true);
    window.show();
    if (options->presenter)
        window.setPresenterMode(true, options->screenshot.isEmpty() && !options->size.isValid());
    if (options->keyHelp)
        window.keyHelpAction()->trigger();

    if (!options->screenshot.isEmpty()) {
        QApplication::processEvents();
        window.resize(options->size.isValid() ? options->size : window.size());
        QApplication::processEvents();
        if (!window.grab().save(options->screenshot, "PNG")) {
            std::fprintf(stderr, "streamstep: %s\n",
                         qPrintable(QApplication::translate("main", "cannot write %1").arg(options->screenshot)));
            return 1;
        }
        return 0;
    }
    // Unsaved edits a crash left behind: offered once the window is up.
    QTimer::singleShot(0, &window, [&window] { window.offerAutosaveRestore(); });
    return QApplication::exec();
}
