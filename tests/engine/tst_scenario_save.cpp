// Tests saveScenarioFile (docs/scenario-format.md, "Saving a lesson with rows files") on real
// files: lesson 27a, whose four steps read 25,000 rows each from CSV files, saves with its
// "rowsFile" references when saved into its own folder, takes copies of its rows files along when
// saved into another folder, writes edited rows inline when small and as a new NDJSON rows file
// when big, never overwrites a file it did not create, and whatever it saves reopens with
// exactly the rows that were saved; a rowsFile outside the folder is refused on reopening.
#include "streamstep/scenario.h"
#include "test_data.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <filesystem>

using namespace streamstep;
using streamstep::testing::errorOf;

namespace {

const QString kSource = QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios/");
const QString kLesson = QStringLiteral("27a-complete-memory-trap.scenario.json");

bool copyLesson(const QString &folder)
{
    QDir().mkpath(folder + QStringLiteral("/27-memory-trap"));
    if (!QFile::copy(kSource + kLesson, folder + QLatin1Char('/') + kLesson))
        return false;
    for (int i = 0; i < 4; ++i) {
        const QString name = QStringLiteral("/27-memory-trap/step%1.csv").arg(i);
        if (!QFile::copy(kSource + name, folder + name))
            return false;
    }
    return true;
}

QByteArray contents(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeFile(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

// Every file under `folder`, relative names, sorted.
QStringList filesIn(const QString &folder)
{
    QStringList found;
    QDirIterator it(folder, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        found << QDir(folder).relativeFilePath(it.next());
    found.sort();
    return found;
}

bool sameRows(const Scenario &a, const Scenario &b)
{
    if (a.steps.size() != b.steps.size())
        return false;
    for (size_t s = 0; s < a.steps.size(); ++s) {
        const ColumnBatch &x = a.steps[s].rows;
        const ColumnBatch &y = b.steps[s].rows;
        if (x.numRows != y.numRows || x.columns.size() != y.columns.size())
            return false;
        for (size_t c = 0; c < x.columns.size(); ++c)
            if (!x.columns[c].sameStorage(y.columns[c]))
                return false;
    }
    return true;
}

std::string str(const QString &text) { return text.toStdString(); }

// Lesson 27a and its CSVs copied into a new temporary folder (under `subfolder`), and read.
struct CopiedLesson {
    explicit CopiedLesson(const QString &subfolder = QString())
    {
        const QString folder = subfolder.isEmpty() ? dir.path() : dir.filePath(subfolder);
        ok = dir.isValid() && copyLesson(folder);
        path = folder + QLatin1Char('/') + kLesson;
        if (ok)
            read = readScenarioFile(str(path));
    }
    QTemporaryDir dir;
    bool ok = false;
    QString path;
    Scenario read; // as read; tests change copies of it
};

} // namespace

class TestScenarioSave : public QObject {
    Q_OBJECT

private slots:
    // Saved into its own folder (the same file, or another name beside it), every step refers
    // to its CSV again: a small lesson file, no new file, the same rows on reopening.
    void unchangedRowsKeepTheirRowsFile()
    {
        const CopiedLesson lesson;
        QVERIFY(lesson.ok);
        const qint64 originalSize = QFileInfo(lesson.path).size();
        Scenario scenario = lesson.read;
        QCOMPARE(scenario.steps.size(), size_t(4));
        QCOMPARE(scenario.steps[0].rows.numRows, size_t(25'000));
        QVERIFY(scenario.steps[0].rowsFile.has_value());
        QCOMPARE(scenario.steps[0].rowsFile->text, std::string("27-memory-trap/step0.csv"));
        const QStringList before = filesIn(lesson.dir.path());

        for (const QString &name : {kLesson, QStringLiteral("renamed.scenario.json")}) {
            const QString target = lesson.dir.filePath(name);
            saveScenarioFile(scenario, str(target));
            const QByteArray text = contents(target);
            for (int i = 0; i < 4; ++i)
                QVERIFY(text.contains(QStringLiteral("\"rowsFile\": \"27-memory-trap/step%1.csv\"").arg(i).toUtf8()));
            QVERIFY(!text.contains("\"rows\""));
            QVERIFY2(text.size() < 2 * originalSize, qPrintable(QString::number(text.size())));
            QVERIFY(text.size() < 20'000);
            if (name == kLesson)
                qInfo("27a: %lld bytes as read, %lld saved, %zu with every row inline", originalSize,
                      static_cast<long long>(text.size()), writeScenario(lesson.read).size());
            const Scenario back = readScenarioFile(str(target));
            QVERIFY(sameRows(back, lesson.read));
            QCOMPARE(writeScenario(back), writeScenario(lesson.read));
        }
        QCOMPARE(filesIn(lesson.dir.path()), before + QStringList{QStringLiteral("renamed.scenario.json")});
        QCOMPARE(scenario.fileName, str(lesson.dir.filePath(QStringLiteral("renamed.scenario.json"))));
    }

    // Saved from a folder above the data: the reference becomes the path from the new folder.
    void aLessonAboveItsDataRefersDownToIt()
    {
        const CopiedLesson lesson(QStringLiteral("lessons"));
        QVERIFY(lesson.ok);
        Scenario scenario = lesson.read;
        const QString target = lesson.dir.filePath(QStringLiteral("above.scenario.json"));
        saveScenarioFile(scenario, str(target));
        QVERIFY(contents(target).contains("\"rowsFile\": \"lessons/27-memory-trap/step2.csv\""));
        QVERIFY(sameRows(readScenarioFile(str(target)), lesson.read));
        QCOMPARE(filesIn(lesson.dir.path()).size(), 6);
    }

    // Save As into another folder: the rows files go along byte for byte under their names; a
    // name that holds another file is left alone and the copy gets "-2"; saving there again
    // reuses the copies.
    void saveAsElsewhereCopiesTheRowsFiles()
    {
        const CopiedLesson lesson(QStringLiteral("from"));
        QVERIFY(lesson.ok);
        Scenario scenario = lesson.read;
        const QByteArray foreign = "accountId,amount,eventTime\nSOMEONE-ELSE,1.00,2026-03-01 10:00:00\n";
        QVERIFY(writeFile(lesson.dir.filePath(QStringLiteral("to/27-memory-trap/step1.csv")), foreign));
        const QString target = lesson.dir.filePath(QStringLiteral("to/mine.scenario.json"));
        saveScenarioFile(scenario, str(target));

        const QByteArray text = contents(target);
        QVERIFY(text.contains("\"rowsFile\": \"27-memory-trap/step0.csv\""));
        QVERIFY(text.contains("\"rowsFile\": \"27-memory-trap/step1-2.csv\""));
        QVERIFY(!text.contains("\"rows\""));
        QCOMPARE(contents(lesson.dir.filePath(QStringLiteral("to/27-memory-trap/step1.csv"))), foreign);
        QCOMPARE(contents(lesson.dir.filePath(QStringLiteral("to/27-memory-trap/step1-2.csv"))),
                 contents(kSource + QStringLiteral("27-memory-trap/step1.csv")));
        const Scenario back = readScenarioFile(str(target));
        QVERIFY(sameRows(back, lesson.read));
        QCOMPARE(scenario.steps[1].rowsFile->text, std::string("27-memory-trap/step1-2.csv"));

        // The source folder may go: the copy stands on its own. Saving a fresh read of the
        // original there again finds the copies already in place.
        const QStringList after = filesIn(lesson.dir.filePath(QStringLiteral("to")));
        Scenario again = readScenarioFile(str(lesson.dir.filePath(QStringLiteral("from/") + kLesson)));
        saveScenarioFile(again, str(lesson.dir.filePath(QStringLiteral("to/again.scenario.json"))));
        QStringList expected = QStringList(after) << QStringLiteral("again.scenario.json");
        expected.sort();
        QCOMPARE(filesIn(lesson.dir.filePath(QStringLiteral("to"))), expected);
        QVERIFY(contents(lesson.dir.filePath(QStringLiteral("to/again.scenario.json"))).contains("\"27-memory-trap/step1-2.csv\""));
        QVERIFY(QDir(lesson.dir.filePath(QStringLiteral("from"))).removeRecursively());
        QVERIFY(sameRows(readScenarioFile(str(target)), lesson.read));
    }

    // Edited rows: a big step goes to a new NDJSON rows file next to the lesson, a small one
    // inline; an edit undone (the rows as read again) refers to the file again.
    void editedRowsAreWrittenAndReopenWithTheEdit()
    {
        const CopiedLesson lesson;
        QVERIFY(lesson.ok);
        Scenario scenario = lesson.read;
        const QByteArray csv0 = contents(lesson.dir.filePath(QStringLiteral("27-memory-trap/step0.csv")));
        // One cell of step 0 (25,000 rows), and step 3 cut to its first 3 rows.
        const int account = scenario.sourceSchema.indexOf("accountId");
        scenario.steps[0].rows.columns[size_t(account)].strings()[12'345] = "EDITED \"Zürich\"";
        for (Column &c : scenario.steps[3].rows.columns)
            c.truncate(3);
        scenario.steps[3].rows.numRows = 3;
        const Scenario edited = scenario;
        saveScenarioFile(scenario, str(lesson.path));

        const QByteArray text = contents(lesson.path);
        QVERIFY(text.contains("\"rowsFile\": \"27a-complete-memory-trap.step0.ndjson\""));
        QVERIFY(text.contains("\"rowsFile\": \"27-memory-trap/step1.csv\""));
        QVERIFY(text.contains("\"rowsFile\": \"27-memory-trap/step2.csv\""));
        QVERIFY(!text.contains("step3.csv"));
        QCOMPARE(text.count("\"rows\""), 1);
        QVERIFY(text.size() < 20'000);
        QCOMPARE(contents(lesson.dir.filePath(QStringLiteral("27-memory-trap/step0.csv"))), csv0); // not overwritten
        const Scenario back = readScenarioFile(str(lesson.path));
        QVERIFY(sameRows(back, edited));
        QCOMPARE(back.steps[0].rows.get(12'345, size_t(account)), Value::string("EDITED \"Zürich\""));
        QCOMPARE(back.steps[3].rows.numRows, size_t(3));
        QVERIFY(!scenario.steps[3].rowsFile.has_value());
        QCOMPARE(scenario.steps[0].rowsFile->text, std::string("27a-complete-memory-trap.step0.ndjson"));

        // Another edit of step 0: the earlier rows file is not overwritten.
        const QByteArray ndjson = contents(lesson.dir.filePath(QStringLiteral("27a-complete-memory-trap.step0.ndjson")));
        scenario.steps[0].rows.columns[size_t(account)].strings()[0] = "AGAIN";
        saveScenarioFile(scenario, str(lesson.path));
        QVERIFY(contents(lesson.path).contains("\"rowsFile\": \"27a-complete-memory-trap.step0-2.ndjson\""));
        QCOMPARE(contents(lesson.dir.filePath(QStringLiteral("27a-complete-memory-trap.step0.ndjson"))), ndjson);
        QCOMPARE(readScenarioFile(str(lesson.path)).steps[0].rows.get(0, size_t(account)), Value::string("AGAIN"));

        // The rows as read again (undo): a fresh read's step refers to its CSV again.
        Scenario undone = scenario;
        undone.steps = lesson.read.steps;
        saveScenarioFile(undone, str(lesson.path));
        QVERIFY(contents(lesson.path).contains("\"rowsFile\": \"27-memory-trap/step0.csv\""));
        QVERIFY(sameRows(readScenarioFile(str(lesson.path)), lesson.read));
    }

    // A rows file changed on disk since it was read no longer holds the rows in memory: they
    // are written (here as a new rows file) and reopen as they were in memory.
    void aRowsFileChangedOnDiskIsNotReferred()
    {
        const CopiedLesson lesson;
        QVERIFY(lesson.ok);
        Scenario scenario = lesson.read;
        QVERIFY(writeFile(lesson.dir.filePath(QStringLiteral("27-memory-trap/step1.csv")),
                          "accountId,amount,eventTime\nX,1.00,2026-03-01 10:00:00\n"));
        saveScenarioFile(scenario, str(lesson.path));
        QVERIFY(!contents(lesson.path).contains("step1.csv"));
        QVERIFY(sameRows(readScenarioFile(str(lesson.path)), lesson.read));
    }

    // The fingerprint that tells rows are still those of their file: equal rows give equal
    // fingerprints, any one change of a value, a NULL flag or the row count changes it.
    void theFingerprintSeesEveryEdit()
    {
        const CopiedLesson lesson;
        QVERIFY(lesson.ok);
        const ColumnBatch &rows = lesson.read.steps[1].rows;
        const uint64_t original = rowsFingerprint(rows);
        QCOMPARE(original, lesson.read.steps[1].rowsFile->fingerprint);
        QCOMPARE(rowsFingerprint(ColumnBatch(rows)), original);
        QVERIFY(rowsFingerprint(lesson.read.steps[2].rows) != original);
        ColumnBatch edited = rows;
        edited.columns[1].decimals()[20'000] += 1;
        QVERIFY(rowsFingerprint(edited) != original);
        edited = rows;
        edited.columns[2].nulls()[0] = 1;
        QVERIFY(rowsFingerprint(edited) != original);
        edited = rows;
        std::swap(edited.columns[0].strings()[3], edited.columns[0].strings()[4]);
        QVERIFY(rowsFingerprint(edited) != original);
        edited = rows;
        edited.appendRow(rows.row(0));
        QVERIFY(rowsFingerprint(edited) != original);
    }

    // The values are fingerprinted in four lanes (row r in lane r % 4, the last rows in the
    // first): an edit of any one row, in any lane or the tail, changes the fingerprint, and so
    // does moving a value to another row; a NULL slot's storage does not count.
    void theFingerprintSeesAnEditOfEveryRow()
    {
        Schema schema;
        schema.fields = {{"s", DataType::string(), {}}, {"l", DataType::int64(), {}}, {"m", DataType::decimal(12, 2), {}}};
        ColumnBatch rows = ColumnBatch::empty(schema);
        for (int r = 0; r < 7; ++r)
            rows.appendRow({Value::string("row " + std::to_string(r)), Value::int64(r * 10), Value::decimal(r, 12, 2)});
        rows.columns[1].appendNull(); // an eighth row with a NULL in the middle column
        rows.columns[0].appendString("last");
        rows.columns[2].appendDecimal(8);
        rows.numRows = 8;
        const uint64_t original = rowsFingerprint(rows);
        for (size_t r = 0; r < rows.numRows; ++r) {
            ColumnBatch edited = rows;
            edited.columns[0].strings()[r] += "!";
            QVERIFY(rowsFingerprint(edited) != original);
            edited = rows;
            edited.columns[2].decimals()[r] += 1;
            QVERIFY(rowsFingerprint(edited) != original);
            edited = rows;
            edited.columns[1].ints()[r] += 1; // row 7 is NULL: its slot does not count
            QCOMPARE(rowsFingerprint(edited) != original, r != 7);
        }
        ColumnBatch moved = rows;
        std::swap(moved.columns[1].ints()[0], moved.columns[1].ints()[1]);
        QVERIFY(rowsFingerprint(moved) != original);
        moved = rows;
        std::swap(moved.columns[0].strings()[4], moved.columns[0].strings()[6]);
        QVERIFY(rowsFingerprint(moved) != original);
    }

    // Rows of every type, and more than go inline, through a new NDJSON rows file: exactly the
    // same storage back (NaN, infinities, -0.0, decimals, micro timestamps, NULLs, quotes).
    void generatedRowsOfEveryTypeRoundTrip()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        Scenario scenario = parseScenario(R"json({"format": "streamstep-scenario", "version": 1,
 "source": {"name": "t", "schema": [{"name": "s", "type": "string"}, {"name": "d", "type": "decimal(12,2)"},
   {"name": "t", "type": "timestamp"}, {"name": "n", "type": "long"}, {"name": "i", "type": "int"},
   {"name": "x", "type": "double"}, {"name": "b", "type": "boolean"}]},
 "query": [], "outputMode": "append", "sink": {"format": "console"},
 "steps": [{"rows": []}, {"rows": [["small", "1.00", "2026-03-01 10:00:00", 1, 2, 0.5, true]]}]})json");
        const double doubles[] = {0.1, -0.0, 1e300, 5e-324, std::nan(""), INFINITY, -INFINITY, 2.5};
        for (size_t r = 0; r < kMaxSavedInlineStepRows + 5; ++r) {
            std::vector<Value> row = {
                r % 9 == 0 ? Value::null() : Value::string("acc \"" + std::to_string(r) + "\" \\ Zürich\n✓"),
                Value::decimal(static_cast<Int128>(r) * 101 - 5000, 12, 2),
                Value::timestamp(1'772'359'200'000'000LL + static_cast<int64_t>(r) * 1'000'001),
                r % 7 == 0 ? Value::null() : Value::int64(static_cast<int64_t>(r) * 1'000'000'007LL - (1LL << 62)),
                Value::int32(static_cast<int32_t>(r) - 2'000'000'000),
                Value::float64(doubles[r % 8] * (r % 8 < 4 ? 1.0 + static_cast<double>(r) : 1.0)),
                r % 5 == 0 ? Value::null() : Value::boolean(r % 2 == 0)};
            scenario.steps[0].rows.appendRow(row);
        }
        const Scenario made = scenario;
        const QString path = dir.filePath(QStringLiteral("gen.scenario.json"));
        saveScenarioFile(scenario, str(path));
        const QByteArray text = contents(path);
        QVERIFY(text.contains("\"rowsFile\": \"gen.step0.ndjson\""));
        QVERIFY(text.contains("\"rows\": [[\"small\""));
        const Scenario back = readScenarioFile(str(path));
        QVERIFY(sameRows(back, made));
    }

    // What is saved is confined like any lesson: a rowsFile edited to lead out of the folder
    // (by "..", or a symbolic link) is refused on reopening; and a save never writes through a
    // link that leads out of the folder.
    void aRowsFileOutsideTheFolderIsStillRefused()
    {
        const CopiedLesson lesson(QStringLiteral("lesson"));
        QVERIFY(lesson.ok);
        Scenario scenario = lesson.read;
        saveScenarioFile(scenario, str(lesson.path));

        QByteArray text = contents(lesson.path);
        QVERIFY(QFile::copy(kSource + QStringLiteral("27-memory-trap/step0.csv"), lesson.dir.filePath(QStringLiteral("step0.csv"))));
        QVERIFY(writeFile(lesson.path, QByteArray(text).replace("\"27-memory-trap/step0.csv\"", "\"../step0.csv\"")));
        QVERIFY(errorOf([&] { readScenarioFile(str(lesson.path)); }).contains(QStringLiteral("must stay inside the scenario's folder")));
        QVERIFY(QFile::link(lesson.dir.filePath(QStringLiteral("step0.csv")), lesson.dir.filePath(QStringLiteral("lesson/link.csv"))));
        QVERIFY(writeFile(lesson.path, QByteArray(text).replace("\"27-memory-trap/step0.csv\"", "\"link.csv\"")));
        QVERIFY(errorOf([&] { readScenarioFile(str(lesson.path)); }).contains(QStringLiteral("leads outside the scenario's folder")));

        // Save As into a folder whose "27-memory-trap" is a link out of it.
        const QString other = lesson.dir.filePath(QStringLiteral("other"));
        QVERIFY(QDir().mkpath(other));
        QVERIFY(QDir().mkpath(lesson.dir.filePath(QStringLiteral("elsewhere"))));
        QVERIFY(QFile::link(lesson.dir.filePath(QStringLiteral("elsewhere")), other + QStringLiteral("/27-memory-trap")));
        Scenario fresh = lesson.read;
        saveScenarioFile(fresh, str(other + QStringLiteral("/x.scenario.json")));
        QVERIFY(filesIn(lesson.dir.filePath(QStringLiteral("elsewhere"))).isEmpty());
        const QByteArray saved = contents(other + QStringLiteral("/x.scenario.json"));
        QVERIFY(saved.contains("\"rowsFile\": \"step0.csv\""));
        QVERIFY(sameRows(readScenarioFile(str(other + QStringLiteral("/x.scenario.json"))), lesson.read));
    }
};

QTEST_GUILESS_MAIN(TestScenarioSave)
#include "tst_scenario_save.moc"
