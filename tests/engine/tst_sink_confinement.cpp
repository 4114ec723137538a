// Checks that nothing a lesson's sink writes lands outside the chosen output folder, also when
// the folder holds symbolic links (an archive from a stranger unpacked into it may): a sink
// folder, a parent of it, a SQLite database or its journal, or a file sink's manifest folder
// that is a link leading outside is refused before anything is written, with the scenario's
// FILE:LINE:COL; links that stay inside the folder are fine. And a file sink manifest that
// lists a file outside its folder is damage for readers (sink-cat) too.
#include "test_columns.h"
#include "checkpoint/atomic_file.h"

#include "streamstep/scenario.h"
#include "streamstep/streaming_query.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

using namespace streamstep;
using streamstep::testing::addColumns;
namespace fs = std::filesystem;

namespace {

Scenario sinkScenario(const std::string &format, const std::string &path)
{
    nlohmann::json options = {{"path", path}};
    if (format == "sqlite")
        options["table"] = "totals";
    nlohmann::json doc = nlohmann::json::parse(R"J({
        "format": "streamstep-scenario", "version": 1,
        "source": {"name": "s", "schema": [{"name": "id", "type": "string"}, {"name": "n", "type": "int"}]},
        "query": [], "outputMode": "append",
        "steps": [{"rows": [["a", 1], ["b", 2]]}]})J");
    doc["sink"] = {{"format", format}, {"options", options}};
    return parseScenario(doc.dump(2), "links.scenario.json");
}

// Every file below dir, recursively (following no links).
std::vector<std::string> filesBelow(const fs::path &dir)
{
    std::vector<std::string> out;
    for (const fs::directory_entry &e : fs::recursive_directory_iterator(dir))
        out.push_back(fs::relative(e.path(), dir).string());
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

class TestSinkConfinement : public QObject {
    Q_OBJECT

private slots:
    void linksLeadingOutsideAreRefused_data()
    {
        // link: inside the output folder
        // target: "outside/…" or "inside/…"
        addColumns<QString, QString, QString, QString, bool, bool>(
            "format", "sinkPath", "link", "target", "targetIsDir", "refused");
        QTest::addRow("csv sink folder is a link out") << "csv" << "out" << "out" << "outside/stolen" << true << true;
        QTest::addRow("json sink folder is a link out") << "json" << "out" << "out" << "outside/stolen" << true << true;
        QTest::addRow("a parent is a link out") << "json" << "a/b/out" << "a" << "outside/stolen" << true << true;
        QTest::addRow("manifest folder is a link out") << "json" << "out" << "out/_spark_metadata" << "outside/stolen"
                                                       << true << true;
        QTest::addRow("database is a link out") << "sqlite" << "db/totals.db" << "db/totals.db" << "outside/stolen.db"
                                                << false << true;
        QTest::addRow("database folder is a link out") << "sqlite" << "db/totals.db" << "db" << "outside/stolen" << true
                                                       << true;
        QTest::addRow("database journal is a link out") << "sqlite" << "totals.db" << "totals.db-journal"
                                                        << "outside/stolen-journal" << false << true;
        QTest::addRow("a dangling link") << "json" << "out" << "out" << "outside/missing" << true << true;
        QTest::addRow("link inside the folder") << "json" << "out" << "out" << "inside/real" << true << false;
        QTest::addRow("database link inside the folder") << "sqlite" << "totals.db" << "totals.db" << "inside/real.db"
                                                         << false << false;
    }
    void linksLeadingOutsideAreRefused()
    {
        QFETCH(QString, format);
        QFETCH(QString, sinkPath);
        QFETCH(QString, link);
        QFETCH(QString, target);
        QFETCH(bool, targetIsDir);
        QFETCH(bool, refused);
        QTemporaryDir temp;
        QVERIFY(temp.isValid());
        const fs::path root = temp.path().toStdString();
        const fs::path outputDir = root / "lesson";
        const fs::path outside = root / "outside";
        fs::create_directories(outputDir / "inside");
        fs::create_directories(outside);
        // The target lives outside the output folder, or inside it ("inside/…").
        const bool inside = target.startsWith("inside/");
        const fs::path targetPath = inside ? outputDir / target.toStdString() : root / target.toStdString();
        if (!target.endsWith("missing")) {
            if (targetIsDir)
                fs::create_directories(targetPath);
            else if (!format.isEmpty() && !link.endsWith("-journal"))
                std::ofstream(targetPath) << "";
        }
        const fs::path linkPath = outputDir / link.toStdString();
        fs::create_directories(linkPath.parent_path());
        if (link.endsWith("_spark_metadata"))
            fs::create_directories(outputDir / "out");
        fs::create_symlink(targetPath, linkPath);
        const auto outsideBefore = filesBelow(outside);

        StreamingQueryOptions options;
        options.outputDir = outputDir.string();
        const Scenario scenario = sinkScenario(format.toStdString(), sinkPath.toStdString());
        QString error;
        try {
            StreamingQuery(scenario, options).runAll();
        } catch (const Error &e) {
            error = QString::fromStdString(e.message());
            QVERIFY2(e.kind() == ErrorKind::Scenario, qPrintable(error));
        }
        if (!refused) {
            QCOMPARE(error, QString());
            QCOMPARE(readSinkOutput((outputDir / sinkPath.toStdString()).string()).numRows, size_t{2});
            return;
        }
        const QString expected = QStringLiteral("links.scenario.json:%1: the sink path '%2' leads outside the output "
                                                "folder (--output-dir) through the symbolic link '%3' (to '")
                                     .arg(QStringLiteral("%1:%2").arg(scenario.sink.position.line).arg(scenario.sink.position.column), sinkPath,
                                          QString::fromStdString(linkPath.string()));
        QVERIFY2(error.startsWith(expected), qPrintable(error + "\nexpected: " + expected));
        QVERIFY2(error.endsWith("'); sink paths must stay inside it, so a shared scenario cannot write elsewhere"),
                 qPrintable(error));
        // Nothing was written through the link.
        QCOMPARE(filesBelow(outside), outsideBefore);
    }

    // sink-cat: a manifest that lists a file outside its folder, or a field of the wrong type, is
    // a damaged manifest (named), not a way to show other files or a crash.
    void aManifestListingOtherFilesIsDamage_data()
    {
        addColumns<QString, QString>("files", "message");
        QTest::addRow("parent path") << R"J([{"path": "../secret.json", "size": 7}])J" << "it lists '../secret.json', which is not a file of the sink folder";
        QTest::addRow("absolute path") << R"J([{"path": "/etc/hostname", "size": 7}])J" << "it lists '/etc/hostname', which is not a file of the sink folder";
        QTest::addRow("path a number") << R"J([{"path": 3, "size": 7}])J" << "'path' has the wrong type";
        QTest::addRow("size a string") << R"J([{"path": "part-00000-c000.json", "size": "7"}])J" << "'size' has the wrong type";
        QTest::addRow("files an object") << R"J({"path": "part-00000-c000.json"})J" << "'files' is not an array";
        QTest::addRow("file not an object") << R"J([7])J" << "an entry is not a JSON object";
    }
    void aManifestListingOtherFilesIsDamage()
    {
        QFETCH(QString, files);
        QFETCH(QString, message);
        QTemporaryDir temp;
        QVERIFY(temp.isValid());
        const fs::path root = temp.path().toStdString();
        fs::create_directories(root / "sink" / "_spark_metadata" / ".streamstep");
        std::ofstream(root / "secret.json") << "{\"id\":1}";
        std::ofstream(root / "sink" / "part-00000-c000.json") << "{\"id\":1}";
        const nlohmann::json entry = {{"batchId", 0}, {"format", "json"},
                                      {"schema", {{{"name", "id"}, {"type", "int"}}}},
                                      {"files", nlohmann::json::parse(files.toStdString())}};
        // Spark's log lists the folder's part file; StreamStep's entry is the damaged one.
        AtomicFile::write(root / "sink" / "_spark_metadata" / "0",
                          "v1\n{\"path\":\"file://" + (root / "sink" / "part-00000-c000.json").string()
                              + "\",\"size\":8,\"isDir\":false,\"modificationTime\":0,\"blockReplication\":1,"
                                "\"blockSize\":33554432,\"action\":\"add\"}");
        AtomicFile::write(root / "sink" / "_spark_metadata" / ".streamstep" / "0", "v1\n" + entry.dump() + "\n");
        try {
            readSinkOutput((root / "sink").string());
            QFAIL("read a damaged manifest");
        } catch (const Error &e) {
            const QString expected = "file sink manifest file '"
                + QString::fromStdString((root / "sink" / "_spark_metadata" / ".streamstep" / "0").string()) + "' is damaged: " + message;
            QCOMPARE(QString::fromStdString(e.message()), expected);
        }
    }
};

QTEST_APPLESS_MAIN(TestSinkConfinement)
#include "tst_sink_confinement.moc"
