// Reads the app's command line, `streamstep [SCENARIO] [--steps N] [--screenshot FILE.png]
// [--size WxH] [--lang de] [--compare] [--dark] [--why PANEL:ROW] [--presenter] [--keys] [--export-pdf FILE.pdf] [--export-png FILE.png]`, so README pictures, docs and tests can drive the
// real window.
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>

namespace streamstep {

struct CommandLine {
    QString scenario;   // empty: show the Lessons start page
    int steps = 0;      // triggers to run after opening
    QString screenshot; // save the main window as PNG and quit
    QSize size;         // window size (invalid: the saved or default size)
    QString language;   // "de", "en"; empty: settings, then the system locale
    bool compare = false; // open View ▸ Compare Output Modes
    bool dark = false;    // a dark palette (Fusion style), as a presenter's dark desktop
    bool presenter = false; // View ▸ Presenter Mode (full screen unless --size or --screenshot)
    bool keyHelp = false;   // show the key help (Help ▸ Keyboard Shortcuts)
    QString exportPdf;      // write the whole lesson as a handout PDF and quit
    QString exportPng;      // write the batch shown (after --steps) as a handout PNG and quit
    // --why input|result|written:ROW: select that row (from 0, as the engine counts) of a story
    // panel after the steps, so the Why pane explains it; whyPanel -1: none.
    int whyPanel = -1;
    int whyRow = -1;
    bool helpShown = false;

    // Parses the arguments (argv[0] first). Returns nullopt with a message on bad input; prints
    // --help / --version itself and sets helpShown.
    static std::optional<CommandLine> parse(const QStringList &arguments, QString *error);
    // Finds --lang early, before translators are installed (they translate the help text).
    static QString languageArgument(const QStringList &arguments);
};

} // namespace streamstep
