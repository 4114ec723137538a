// Keeps the user documentation honest: every scenario example in docs/*.md is checked with the
// real streamstep-cli, every command shown with its output is run and its output compared, and
// every relative link in the docs and the README points at a file (and heading) that exists.
//
// Markers, in the info string of a fenced block (docs/scenario-format.md, "About the examples"):
//   ```json scenario [name=FILE] [exit=N]
//       a complete scenario file; `streamstep-cli check FILE` must exit with N (default 0).
//       A later block with the same name replaces the file from there on.
//   ```LANG data name=FILE
//       a data file (a step's "rowsFile"), written next to the doc's scenarios from there on.
//   ```console cli [exit=N]
//       `$ streamstep-cli …` (or `$ mkdir DIR`) lines, each followed by the output it prints
//       (stdout and stderr as a terminal shows them). Every command but the last must exit 0,
//       the last one with N (default 0). The commands run in a fresh folder holding the doc's
//       named scenarios as they stand at that point and a copy of scenarios/. A last output line
//       `…` means "and more lines"; "durationMs" and "stateMemoryBytes" values are not compared.
#include "../engine/test_columns.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using streamstep::testing::addColumns;

namespace {

const QString kSourceDir = QStringLiteral(STREAMSTEP_SOURCE_DIR);
const QString kProgram = QStringLiteral("streamstep-cli");

struct FencedBlock {
    QString doc;        // docs/NAME.md
    int line = 0;       // line of the opening fence, 1-based
    QString language;   // first word of the info string
    QString marker;     // second word: "scenario", "cli" or empty
    std::map<QString, QString> attributes;
    QString text;       // the block's content, with a final newline
};

QString readText(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

bool writeText(const QString &path, const QString &text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text.toUtf8()) == text.toUtf8().size();
}

// Writes `files` (name, text, name, text, …) into `dir`; false when the folder or a file could not
// be made.
bool writeFiles(const QTemporaryDir &dir, const QStringList &files)
{
    if (!dir.isValid())
        return false;
    for (qsizetype i = 0; i + 1 < files.size(); i += 2)
        if (!writeText(dir.filePath(files[i]), files[i + 1]))
            return false;
    return true;
}

// streamstep-cli `arguments` run in `dir` as a reader of the docs runs it there: whether it
// finished (within a minute, not crashed), its exit code and what it printed (stdout and stderr as one).
struct FolderRun {
    bool finished = false;
    int exitCode = -1;
    QString output;
};

FolderRun runCliIn(const QTemporaryDir &dir, const QStringList &arguments)
{
    QProcess process;
    process.setWorkingDirectory(dir.path());
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(QStringLiteral(STREAMSTEP_CLI), arguments);
    FolderRun run;
    run.finished = process.waitForFinished(60000) && process.exitStatus() == QProcess::NormalExit;
    run.exitCode = process.exitCode();
    run.output = QString::fromUtf8(process.readAll());
    return run;
}

QStringList docFiles()
{
    const QDir dir(kSourceDir + QStringLiteral("/docs"));
    QStringList out;
    for (const QString &name : dir.entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name))
        out << QStringLiteral("docs/") + name;
    return out;
}

// Fenced blocks of a Markdown text (``` fences, possibly indented inside a list item).
std::vector<FencedBlock> fencedBlocks(const QString &doc)
{
    std::vector<FencedBlock> blocks;
    const QStringList lines = readText(kSourceDir + QLatin1Char('/') + doc).split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        const QString trimmed = lines[i].trimmed();
        if (!trimmed.startsWith(QLatin1String("```")))
            continue;
        const qsizetype indent = lines[i].indexOf(QLatin1String("```"));
        FencedBlock block;
        block.doc = doc;
        block.line = i + 1;
        const QStringList info = trimmed.mid(3).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        block.language = info.value(0);
        block.marker = info.value(1);
        for (qsizetype w = 2; w < info.size(); ++w) {
            const qsizetype equals = info[w].indexOf(QLatin1Char('='));
            block.attributes[info[w].left(equals)] = equals < 0 ? QString() : info[w].mid(equals + 1);
        }
        for (++i; i < lines.size() && lines[i].trimmed() != QLatin1String("```"); ++i) {
            qsizetype leading = 0;
            while (leading < indent && leading < lines[i].size() && lines[i][leading] == QLatin1Char(' '))
                ++leading;
            block.text += lines[i].mid(leading) + QLatin1Char('\n');
        }
        blocks.push_back(block);
    }
    return blocks;
}

int exitAttribute(const FencedBlock &block)
{
    const auto it = block.attributes.find(QStringLiteral("exit"));
    return it == block.attributes.end() ? 0 : it->second.toInt();
}

QString defaultName(const FencedBlock &block)
{
    return QStringLiteral("example-line-%1.scenario.json").arg(block.line);
}

// A data block's file name (a data block without one is written as "unnamed-data").
QString dataName(const FencedBlock &block)
{
    const auto it = block.attributes.find(QStringLiteral("name"));
    return it == block.attributes.end() ? QStringLiteral("unnamed-data") : it->second;
}

QString scenarioName(const FencedBlock &block)
{
    const auto it = block.attributes.find(QStringLiteral("name"));
    return it == block.attributes.end() ? defaultName(block) : it->second;
}

// Output as compared: no trailing blanks on a line, no blank lines at the end, and the two
// measured figures blanked (a batch's time, and the state's memory estimate, which follows the
// engine's container capacities rather than anything a lesson teaches).
QStringList comparableLines(const QString &text)
{
    static const QRegularExpression measured(QStringLiteral("\"(durationMs|stateMemoryBytes)\": [0-9.]+"));
    QString normal = text;
    normal.replace(measured, QStringLiteral("\"\\1\": …"));
    QStringList lines = normal.split(QLatin1Char('\n'));
    for (QString &line : lines) {
        while (!line.isEmpty() && line.back().isSpace())
            line.chop(1);
    }
    while (!lines.isEmpty() && lines.back().isEmpty())
        lines.removeLast();
    return lines;
}

struct Command {
    QStringList words;
    QString expectedOutput;
};

std::vector<Command> commandsOf(const QString &text)
{
    std::vector<Command> commands;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("$ "))) {
            commands.push_back({line.mid(2).split(QLatin1Char(' '), Qt::SkipEmptyParts), {}});
        } else if (!commands.empty()) {
            commands.back().expectedOutput += line + QLatin1Char('\n');
        }
    }
    return commands;
}

bool copyFolder(const QString &from, const QString &to)
{
    if (!QDir().mkpath(to))
        return false;
    const QDir source(from);
    for (const QString &name : source.entryList(QDir::Files))
        if (!QFile::copy(source.filePath(name), to + QLatin1Char('/') + name))
            return false;
    return true;
}

// A GitHub heading anchor: lower case, punctuation dropped, spaces as hyphens.
QString anchorOf(QString heading)
{
    heading = heading.toLower();
    QString out;
    for (const QChar c : std::as_const(heading)) {
        if (c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_'))
            out += c;
        else if (c == QLatin1Char(' '))
            out += QLatin1Char('-');
    }
    return out;
}

QStringList anchorsOf(const QString &markdownPath)
{
    QStringList anchors;
    bool inFence = false;
    for (const QString &line : readText(markdownPath).split(QLatin1Char('\n'))) {
        if (line.trimmed().startsWith(QLatin1String("```")))
            inFence = !inFence;
        if (!inFence && line.startsWith(QLatin1Char('#')))
            anchors << anchorOf(line.section(QLatin1Char(' '), 1));
    }
    return anchors;
}

} // namespace

class TestDocsExamples : public QObject {
    Q_OBJECT

private slots:
    void docsExistAndHaveExamples()
    {
        const QStringList docs = docFiles();
        QVERIFY2(docs.contains(QStringLiteral("docs/scenario-format.md")), "docs/scenario-format.md is missing");
        QVERIFY2(docs.contains(QStringLiteral("docs/writing-lessons.md")), "docs/writing-lessons.md is missing");
        // The format reference and the lesson guide teach by example (docs/running-spark.md
        // shows commands that need Spark, which this test does not run).
        for (const QString &doc : {QStringLiteral("docs/scenario-format.md"), QStringLiteral("docs/writing-lessons.md")}) {
            int scenarios = 0;
            for (const FencedBlock &block : fencedBlocks(doc))
                scenarios += block.marker == QLatin1String("scenario");
            QVERIFY2(scenarios > 0, qPrintable(doc + QStringLiteral(" has no ```json scenario example")));
        }
    }

    void scenarioExampleIsChecked_data()
    {
        // dataFiles: name, text, name, text, …
        addColumns<QString, QString, int, QStringList>("name", "text", "exitCode", "dataFiles");
        for (const QString &doc : docFiles()) {
            std::map<QString, QString> dataFiles;
            for (const FencedBlock &block : fencedBlocks(doc)) {
                if (block.marker == QLatin1String("data"))
                    dataFiles[dataName(block)] = block.text;
                if (block.marker != QLatin1String("scenario"))
                    continue;
                QStringList flat;
                for (const auto &[name, text] : dataFiles)
                    flat << name << text;
                QVERIFY2(block.language == QLatin1String("json"),
                         qPrintable(QStringLiteral("%1:%2: a scenario block must be ```json scenario").arg(doc).arg(block.line)));
                QTest::addRow("%s:%d", qPrintable(doc), block.line)
                    << scenarioName(block) << block.text << exitAttribute(block) << flat;
            }
        }
    }

    void scenarioExampleIsChecked()
    {
        QFETCH(QString, name);
        QFETCH(QString, text);
        QFETCH(int, exitCode);
        QFETCH(QStringList, dataFiles);
        QTemporaryDir dir;
        QVERIFY(writeFiles(dir, dataFiles));
        QVERIFY(writeText(dir.filePath(name), text));
        const FolderRun run = runCliIn(dir, {QStringLiteral("check"), name});
        const QString &output = run.output;
        QVERIFY2(run.finished, qPrintable(output));
        QVERIFY2(run.exitCode == exitCode,
                 qPrintable(QStringLiteral("streamstep-cli check exited with %1, the doc says %2:\n%3")
                                .arg(run.exitCode).arg(exitCode).arg(output)));
        if (exitCode == 0)
            QCOMPARE(output, QStringLiteral("PASS  %1\n1 passed, 0 failed\n").arg(name));
        else
            QVERIFY2(output.startsWith(QStringLiteral("FAIL  ") + name + QLatin1Char('\n')), qPrintable(output));
    }

    void commandPrintsWhatTheDocShows_data()
    {
        addColumns<QString, int, QStringList>("text", "exitCode", "files"); // files: name, text, name, text, …
        for (const QString &doc : docFiles()) {
            std::map<QString, QString> files;
            for (const FencedBlock &block : fencedBlocks(doc)) {
                if (block.marker == QLatin1String("scenario")) {
                    files[scenarioName(block)] = block.text;
                    continue;
                }
                if (block.marker == QLatin1String("data")) {
                    files[dataName(block)] = block.text;
                    continue;
                }
                if (block.marker != QLatin1String("cli"))
                    continue;
                QStringList flat;
                for (const auto &[name, text] : files)
                    flat << name << text;
                QTest::addRow("%s:%d", qPrintable(doc), block.line) << block.text << exitAttribute(block) << flat;
            }
        }
    }

    void commandPrintsWhatTheDocShows()
    {
        QFETCH(QString, text);
        QFETCH(int, exitCode);
        QFETCH(QStringList, files);
        QTemporaryDir dir;
        QVERIFY(writeFiles(dir, files));
        QVERIFY(copyFolder(kSourceDir + QStringLiteral("/scenarios"), dir.filePath(QStringLiteral("scenarios"))));

        const std::vector<Command> commands = commandsOf(text);
        QVERIFY2(!commands.empty(), "a cli block needs at least one `$ streamstep-cli …` line");
        for (size_t c = 0; c < commands.size(); ++c) {
            const Command &command = commands[c];
            const bool last = c + 1 == commands.size();
            if (command.words.value(0) == QLatin1String("mkdir") && command.words.size() == 2) {
                QVERIFY(QDir(dir.path()).mkpath(command.words[1]));
                QVERIFY2(command.expectedOutput.trimmed().isEmpty(), "mkdir prints nothing");
                continue;
            }
            QVERIFY2(command.words.value(0) == kProgram,
                     qPrintable(QStringLiteral("only streamstep-cli and mkdir run in a cli block: ")
                                + command.words.join(QLatin1Char(' '))));
            const FolderRun run = runCliIn(dir, command.words.mid(1));
            const QString &output = run.output;
            const int expectedExit = last ? exitCode : 0;
            QVERIFY2(run.finished && run.exitCode == expectedExit,
                     qPrintable(QStringLiteral("`%1` exited with %2, the doc says %3:\n%4")
                                    .arg(command.words.join(QLatin1Char(' '))).arg(run.exitCode)
                                    .arg(expectedExit).arg(output)));

            QStringList expected = comparableLines(command.expectedOutput);
            QStringList actual = comparableLines(output);
            if (!expected.isEmpty() && expected.back() == QStringLiteral("…")) {
                expected.removeLast();
                QVERIFY2(actual.size() > expected.size(),
                         qPrintable(QStringLiteral("the doc shows more lines than `%1` prints:\n%2")
                                        .arg(command.words.join(QLatin1Char(' ')), output)));
                actual = actual.mid(0, expected.size());
            }
            QCOMPARE(actual.join(QLatin1Char('\n')), expected.join(QLatin1Char('\n')));
        }
    }

    void relativeLinkResolves_data()
    {
        addColumns<QString, QString>("from", "target");
        static const QRegularExpression link(QStringLiteral(R"(\]\(([^)\s]+)\))"));
        QStringList sources = docFiles();
        sources << QStringLiteral("README.md");
        for (const QString &from : std::as_const(sources)) {
            bool inFence = false;
            int lineNumber = 0;
            for (const QString &line : readText(kSourceDir + QLatin1Char('/') + from).split(QLatin1Char('\n'))) {
                ++lineNumber;
                if (line.trimmed().startsWith(QLatin1String("```")))
                    inFence = !inFence;
                if (inFence)
                    continue;
                for (auto it = link.globalMatch(line); it.hasNext();) {
                    const QString target = it.next().captured(1);
                    if (target.contains(QLatin1String("://")) || target.startsWith(QLatin1String("mailto:")))
                        continue;
                    QTest::addRow("%s:%d %s", qPrintable(from), lineNumber, qPrintable(target)) << from << target;
                }
            }
        }
    }

    void relativeLinkResolves()
    {
        QFETCH(QString, from);
        QFETCH(QString, target);
        const QString file = target.section(QLatin1Char('#'), 0, 0);
        const QString anchor = target.section(QLatin1Char('#'), 1);
        const QString fromDir = QFileInfo(kSourceDir + QLatin1Char('/') + from).absolutePath();
        const QString path = file.isEmpty() ? kSourceDir + QLatin1Char('/') + from : QDir(fromDir).filePath(file);
        QVERIFY2(QFileInfo::exists(path), qPrintable(QStringLiteral("no such file: ") + path));
        if (!anchor.isEmpty())
            QVERIFY2(anchorsOf(path).contains(anchor),
                     qPrintable(QStringLiteral("no heading for #%1 in %2").arg(anchor, path)));
    }

    void readmeSendsUsersToTheDocsInThisRepository()
    {
        const QString readme = readText(kSourceDir + QStringLiteral("/README.md"));
        QVERIFY(readme.contains(QStringLiteral("](docs/scenario-format.md)")));
        QVERIFY(readme.contains(QStringLiteral("](docs/writing-lessons.md)")));
        QVERIFY2(!readme.contains(QStringLiteral("shared/scenario-format.md")),
                 "README points at a file users of this repository do not have");
    }
};

QTEST_GUILESS_MAIN(TestDocsExamples)
#include "tst_docs_examples.moc"
