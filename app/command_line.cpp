#include "command_line.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QRegularExpression>

#include <cstdio>

namespace streamstep {

namespace {

// An option of the app's command line: its description (marked with QT_TRANSLATE_NOOP) is
// translated in the CommandLine context; without a value name it is a switch.
QCommandLineOption option(const char *name, const char *description, const char *valueName = nullptr)
{
    return QCommandLineOption(QString::fromLatin1(name), QCoreApplication::translate("CommandLine", description),
                              valueName ? QString::fromLatin1(valueName) : QString());
}

} // namespace

std::optional<CommandLine> CommandLine::parse(const QStringList &arguments, QString *error)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "CommandLine", "Steps a Spark Structured Streaming query trigger by trigger."));
    const QCommandLineOption helpOption = parser.addHelpOption();
    const QCommandLineOption versionOption = parser.addVersionOption();
    const QCommandLineOption stepsOption =
        option("steps", QT_TRANSLATE_NOOP("CommandLine", "Runs <n> triggers after opening the scenario."), "n");
    const QCommandLineOption screenshotOption =
        option("screenshot", QT_TRANSLATE_NOOP("CommandLine", "Saves the main window as a PNG <file> and quits."), "file");
    const QCommandLineOption sizeOption =
        option("size", QT_TRANSLATE_NOOP("CommandLine", "Window size, e.g. 1280x800."), "WxH");
    const QCommandLineOption langOption =
        option("lang", QT_TRANSLATE_NOOP("CommandLine", "User interface language (en, de)."), "language");
    const QCommandLineOption compareOption =
        option("compare", QT_TRANSLATE_NOOP("CommandLine", "Opens the comparison of the three output modes."));
    const QCommandLineOption darkOption = option("dark", QT_TRANSLATE_NOOP("CommandLine", "Uses a dark palette."));
    const QCommandLineOption whyOption =
        option("why", QT_TRANSLATE_NOOP("CommandLine", "Selects row <ROW> (from 0) of the input, result or written panel, so the Why pane explains it."), "PANEL:ROW");
    const QCommandLineOption presenterOption =
        option("presenter", QT_TRANSLATE_NOOP("CommandLine", "Opens in presenter mode (full screen unless --size or --screenshot is given)."));
    const QCommandLineOption keysOption =
        option("keys", QT_TRANSLATE_NOOP("CommandLine", "Shows the keyboard shortcuts."));
    const QCommandLineOption exportPdfOption =
        option("export-pdf", QT_TRANSLATE_NOOP("CommandLine", "Writes the whole lesson as a handout PDF <file> (one page per batch) and quits."), "file");
    const QCommandLineOption exportPngOption =
        option("export-png", QT_TRANSLATE_NOOP("CommandLine", "Writes the batch shown after --steps as a handout PNG <file> and quits."), "file");
    parser.addOptions({stepsOption, screenshotOption, sizeOption, langOption, compareOption, darkOption, whyOption,
                       presenterOption, keysOption, exportPdfOption, exportPngOption});
    parser.addPositionalArgument(QStringLiteral("scenario"),
        QCoreApplication::translate("CommandLine", "A .scenario.json file to open."),
        QStringLiteral("[SCENARIO]"));

    if (!parser.parse(arguments)) {
        *error = parser.errorText();
        return std::nullopt;
    }
    CommandLine result;
    if (parser.isSet(helpOption) || parser.isSet(versionOption)) {
        const QString text = parser.isSet(helpOption)
            ? parser.helpText()
            : QCoreApplication::applicationName() + QLatin1Char(' ') + QCoreApplication::applicationVersion() + QLatin1Char('\n');
        std::fputs(qPrintable(text), stdout);
        result.helpShown = true;
        return result;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        *error = QCoreApplication::translate("CommandLine", "Only one scenario file can be opened.");
        return std::nullopt;
    }
    result.scenario = positional.value(0);
    if (parser.isSet(stepsOption)) {
        bool ok = false;
        result.steps = parser.value(stepsOption).toInt(&ok);
        if (!ok || result.steps < 0) {
            *error = QCoreApplication::translate("CommandLine", "--steps needs a number of triggers, got '%1'.")
                         .arg(parser.value(stepsOption));
            return std::nullopt;
        }
    }
    result.screenshot = parser.value(screenshotOption);
    if (parser.isSet(sizeOption)) {
        static const QRegularExpression pattern(QStringLiteral("^(\\d+)[xX](\\d+)$"));
        const QRegularExpressionMatch match = pattern.match(parser.value(sizeOption));
        if (!match.hasMatch() || match.captured(1).toInt() < 200 || match.captured(2).toInt() < 200) {
            *error = QCoreApplication::translate("CommandLine", "--size needs WIDTHxHEIGHT (at least 200x200), got '%1'.")
                         .arg(parser.value(sizeOption));
            return std::nullopt;
        }
        result.size = QSize(match.captured(1).toInt(), match.captured(2).toInt());
    }
    result.language = parser.value(langOption);
    result.compare = parser.isSet(compareOption);
    result.dark = parser.isSet(darkOption);
    result.presenter = parser.isSet(presenterOption);
    result.keyHelp = parser.isSet(keysOption);
    result.exportPdf = parser.value(exportPdfOption);
    result.exportPng = parser.value(exportPngOption);
    if (parser.isSet(whyOption)) {
        static const QRegularExpression pattern(QStringLiteral("^(input|result|written):(\\d+)$"));
        const QRegularExpressionMatch match = pattern.match(parser.value(whyOption));
        if (!match.hasMatch()) {
            *error = QCoreApplication::translate("CommandLine", "--why needs input, result or written, a colon and a row number, got '%1'.")
                         .arg(parser.value(whyOption));
            return std::nullopt;
        }
        result.whyPanel = int(QStringList{QStringLiteral("input"), QStringLiteral("result"), QStringLiteral("written")}.indexOf(match.captured(1)));
        result.whyRow = match.captured(2).toInt();
    }
    return result;
}

QString CommandLine::languageArgument(const QStringList &arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &argument = arguments[i];
        if (argument == QLatin1String("--lang") && i + 1 < arguments.size())
            return arguments[i + 1];
        if (argument.startsWith(QLatin1String("--lang=")))
            return argument.mid(7);
    }
    return {};
}

} // namespace streamstep
