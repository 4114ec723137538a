// Checks the limits of a scenario file (docs/scenario-format.md, "Limits"): for each, a file just
// under the limit reads, and one just over is refused with a message naming the limit at the
// place of the first value over it (FILE:LINE:COL), so a stranger's broken or hostile lesson can
// neither exhaust memory nor freeze the app, and a teacher who hits a limit knows where.
#include "streamstep/scenario.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <functional>
#include <fstream>
#include <string>

using namespace streamstep;
namespace fs = std::filesystem;

namespace {

const std::string kFileName = "limits.scenario.json";

// Builds a one-line scenario text and remembers where the values of interest start, so the
// expected FILE:LINE:COL is computed, not guessed.
class ScenarioText {
public:
    explicit ScenarioText(int numColumns = 1, const std::string &title = "limits")
    {
        m_text = R"({"format": "streamstep-scenario", "version": 1, "title": )";
        m_titleAt = m_text.size();
        m_text += "\"" + title + "\", \"source\": {\"name\": \"s\", \"schema\": [";
        for (int c = 0; c < numColumns; ++c) {
            if (c > 0)
                m_text += ", ";
            m_columnAt.push_back(m_text.size());
            m_text += "{\"name\": \"c" + std::to_string(c) + "\", \"type\": \"int\"}";
        }
        m_row = "[";
        for (int c = 0; c < numColumns; ++c)
            m_row += c > 0 ? ",0" : "0";
        m_row += "]";
        m_text += R"(]}, "query": [], "outputMode": "append", "sink": {"format": "memory", "options": {"queryName": "q"}}, "steps": [)";
    }

    // Appends a step of `rows` rows (each "[0,…]"); returns where its n-th row starts (n < rows).
    size_t addStep(size_t rows, size_t n = 0, bool processingTime = false)
    {
        if (m_steps++ > 0)
            m_text += ", ";
        m_stepAt.push_back(m_text.size());
        m_text += "{\"rows\": [";
        size_t at = m_text.size();
        m_text.reserve(m_text.size() + rows * (m_row.size() + 1) + 64);
        for (size_t r = 0; r < rows; ++r) {
            if (r > 0)
                m_text += ",";
            if (r == n)
                at = m_text.size();
            m_text += m_row;
        }
        m_text += "]";
        if (processingTime)
            m_text += ", \"processingTime\": \"2026-03-01 10:00:00\"";
        m_text += "}";
        return at;
    }

    std::string finish() const { return m_text + "]}"; }
    size_t titleAt() const { return m_titleAt; }
    size_t columnAt(size_t c) const { return m_columnAt.at(c); }
    size_t stepAt(size_t s) const { return m_stepAt.at(s); }

private:
    std::string m_text;
    std::string m_row;
    size_t m_titleAt = 0;
    size_t m_steps = 0;
    std::vector<size_t> m_columnAt;
    std::vector<size_t> m_stepAt;
};

std::string at(size_t offset) { return kFileName + ":1:" + std::to_string(offset + 1) + ": "; }

QString errorOf(const std::string &text)
{
    try {
        parseScenario(text, kFileName);
    } catch (const Error &e) {
        return QString::fromStdString(e.message());
    }
    return QStringLiteral("(read)");
}

// Counts a JSON document's values as the reader does (a row [a, b] is three).
size_t countValues(const nlohmann::json &json)
{
    size_t n = 1;
    if (json.is_array() || json.is_object())
        for (const auto &item : json)
            n += countValues(item);
    return n;
}

// A scenario in `folder` over `numColumns` boolean columns c0…, whose steps are the given JSON
// texts ({"rows": […]} or {"rowsFile": "…"}); returns its path.
std::string writeScenario(const QString &folder, int numColumns, const std::vector<std::string> &steps)
{
    std::string text = R"({"format": "streamstep-scenario", "version": 1, "title": "cells", "source": {"name": "s", "schema": [)";
    for (int c = 0; c < numColumns; ++c)
        text += (c > 0 ? ", " : "") + std::string("{\"name\": \"c") + std::to_string(c) + "\", \"type\": \"boolean\"}";
    text += R"(]}, "query": [], "outputMode": "append", "sink": {"format": "memory", "options": {"queryName": "q"}}, "steps": [)";
    for (size_t s = 0; s < steps.size(); ++s)
        text += (s > 0 ? ", " : "") + steps[s];
    text += "]}";
    const std::string path = (fs::path(folder.toStdString()) / kFileName).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

// `rows` copies of `line` (each ended by a line break) in folder/name.
void writeLines(const QString &folder, const std::string &name, const std::string &header, const std::string &line,
                size_t rows)
{
    std::string text = header;
    text.reserve(header.size() + rows * (line.size() + 1));
    for (size_t r = 0; r < rows; ++r)
        (text += line) += '\n';
    std::ofstream((fs::path(folder.toStdString()) / name).string(), std::ios::binary) << text;
}

QString fileErrorOf(const std::string &path, size_t *numRows = nullptr)
{
    try {
        const Scenario scenario = readScenarioFile(path);
        if (numRows) {
            *numRows = 0;
            for (const Step &step : scenario.steps)
                *numRows += step.rows.numRows;
        }
    } catch (const Error &e) {
        return QString::fromStdString(e.message());
    }
    return QStringLiteral("(read)");
}

// Each limit is tried at itself and one `unit` over it.
void addAtAndOneOver(const char *unit)
{
    QTest::addColumn<int>("extra");
    QTest::addRow("at the limit") << 0;
    QTest::addRow("one %s over", unit) << 1;
}

// At the limit the file reads; one over, it is refused with `message()`.
void compareAtOrOneOver(const QString &error, int extra, const std::function<std::string()> &message)
{
    if (extra == 0)
        QCOMPARE(error, "(read)");
    else
        QCOMPARE(error, QString::fromStdString(message()));
}

} // namespace

class TestScenarioLimits : public QObject {
    Q_OBJECT

private slots:
    void fileSize()
    {
        // A valid file padded with blanks to exactly the limit reads; one more byte does not.
        ScenarioText base;
        base.addStep(1);
        std::string text = base.finish();
        text.append(static_cast<size_t>(kMaxScenarioFileBytes) - text.size(), ' ');
        QCOMPARE(errorOf(text), "(read)");
        text += ' ';
        const QString over = QString::fromStdString(kFileName + ": the file has 67,108,865 bytes; a scenario file may "
                                                                "have at most 67,108,864 bytes (64 MiB)");
        QCOMPARE(errorOf(text), over);
        // From a file: refused before it is read.
        QTemporaryDir dir;
        const std::string path = (fs::path(dir.path().toStdString()) / kFileName).string();
        std::ofstream(path, std::ios::binary) << text;
        try {
            readScenarioFile(path);
            QFAIL("read a file over the limit");
        } catch (const Error &e) {
            QCOMPARE(QString::fromStdString(e.message()), QString(over).replace(QString::fromStdString(kFileName),
                                                                                 QString::fromStdString(path)));
        }
    }

    // A NUL byte is where nlohmann's lexer sees the end of the input: a binary file must not be
    // called empty, nor a lesson followed by NUL and anything at all be read as complete.
    void nulByte_data()
    {
        QTest::addColumn<int>("where"); // 0: first byte, 1: after the document, 2: in a string
        QTest::addRow("a binary file") << 0;
        QTest::addRow("after a complete lesson, then garbage") << 1;
        QTest::addRow("inside a string") << 2;
    }
    void nulByte()
    {
        QFETCH(int, where);
        ScenarioText base;
        base.addStep(1);
        const std::string lesson = base.finish();
        std::string text;
        QString expected;
        if (where == 0) {
            text = std::string("\0\xff\xfe{\"", 5) + lesson;
            expected = QString::fromStdString(at(0) + "a NUL byte: a scenario file is UTF-8 text, not binary data");
        } else if (where == 1) {
            text = lesson + std::string("\0", 1) + "{\"steps\": \"not read\"";
            expected = QString::fromStdString(at(lesson.size()) + "a NUL byte: a scenario file is UTF-8 text, not binary data");
        } else {
            text = lesson;
            text.insert(base.titleAt() + 2, 1, '\0');
            expected = QString::fromStdString(at(base.titleAt() + 2)
                                              + "invalid JSON: invalid string: control character U+0000 (NUL) must be "
                                                "escaped to \\u0000");
        }
        QCOMPARE(errorOf(text), expected);
        // The same from a file, which the reader takes in chunks.
        QTemporaryDir dir;
        const std::string path = (fs::path(dir.path().toStdString()) / kFileName).string();
        std::ofstream(path, std::ios::binary) << text;
        try {
            readScenarioFile(path);
            QFAIL("read a file with a NUL byte");
        } catch (const Error &e) {
            QCOMPARE(QString::fromStdString(e.message()),
                     QString(expected).replace(QString::fromStdString(kFileName), QString::fromStdString(path)));
        }
    }

    void stringLength_data()
    {
        addAtAndOneOver("byte");
    }
    void stringLength()
    {
        QFETCH(int, extra);
        ScenarioText text(1, std::string(kMaxScenarioStringBytes + extra, 'x'));
        text.addStep(1);
        const QString error = errorOf(text.finish());
        compareAtOrOneOver(error, extra, [&] {
            return at(text.titleAt()) + "a string of 1,048,577 bytes; a scenario "
                "file's strings may have at most 1,048,576 bytes (1 MiB)";
        });
    }

    void keyLength()
    {
        const std::string key(kMaxScenarioStringBytes + 1, 'k');
        const std::string text = "{\"" + key + "\": 1}";
        QCOMPARE(errorOf(text), QString::fromStdString(at(1) + "a key of 1,048,577 bytes; a scenario file's strings "
                                                               "may have at most 1,048,576 bytes (1 MiB)"));
    }

    void numberOfSteps_data()
    {
        addAtAndOneOver("step");
    }
    void numberOfSteps()
    {
        QFETCH(int, extra);
        ScenarioText text;
        for (size_t s = 0; s < kMaxScenarioSteps + extra; ++s)
            text.addStep(0);
        const QString error = errorOf(text.finish());
        compareAtOrOneOver(error, extra, [&] {
            return at(text.stepAt(kMaxScenarioSteps))
                + "more than 100,000 steps; a scenario file may have at most that many";
        });
    }

    void rowsPerStep_data()
    {
        addAtAndOneOver("row");
    }
    void rowsPerStep()
    {
        QFETCH(int, extra);
        ScenarioText text;
        const size_t overAt = text.addStep(kMaxScenarioRowsPerStep + extra, kMaxScenarioRowsPerStep);
        const QString error = errorOf(text.finish());
        compareAtOrOneOver(error, extra, [&] {
            return at(overAt) + "more than 1,000,000 rows in one step; a step may "
                "have at most that many";
        });
    }

    // A rows file may hold kMaxRowsFileRows rows, more than a step written in the file; one more
    // is refused at its line (NDJSON through the fast reader at the limit, CSV over it).
    void rowsFileRows_data()
    {
        addAtAndOneOver("row");
    }
    void rowsFileRows()
    {
        QFETCH(int, extra);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string name = extra == 0 ? "rows.ndjson" : "rows.csv";
        if (extra == 0)
            writeLines(dir.path(), name, "", "[true]", kMaxRowsFileRows);
        else
            writeLines(dir.path(), name, "c0\n", "true", kMaxRowsFileRows + 1);
        const std::string path = writeScenario(dir.path(), 1, {"{\"rowsFile\": \"" + name + "\"}"});
        size_t rows = 0;
        const QString error = fileErrorOf(path, &rows);
        if (extra == 0) {
            QCOMPARE(error, "(read)");
            QCOMPARE(rows, kMaxRowsFileRows);
        } else {
            const std::string rowsPath = (fs::path(dir.path().toStdString()) / name).string();
            QCOMPARE(error, QString::fromStdString(rowsPath + ":10000002:1: more than 10,000,000 rows in one rows "
                                                              "file; a rows file may have at most that many"));
        }
    }

    // Every step's rows together hold at most kMaxScenarioCells values (rows times columns):
    // {} is a row of NULLs however many columns there are, so the rows alone bound nothing.
    // Counted over steps written in the file and rows files alike.
    void cellsOfAllSteps_data()
    {
        addAtAndOneOver("row");
    }
    void cellsOfAllSteps()
    {
        QFETCH(int, extra);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const size_t columns = 1000;
        const size_t half = kMaxScenarioCells / columns / 2; // 20,000 rows
        std::string inlineRows = "{\"rows\": [";
        for (size_t r = 0; r < half; ++r)
            inlineRows += r > 0 ? ", {}" : "{}";
        inlineRows += "]}";
        writeLines(dir.path(), "rows.ndjson", "", "{}", half + extra);
        const std::string path = writeScenario(dir.path(), columns, {inlineRows, R"({"rowsFile": "rows.ndjson"})"});
        size_t rows = 0;
        const QString error = fileErrorOf(path, &rows);
        if (extra == 0) {
            QCOMPARE(error, "(read)");
            QCOMPARE(rows * columns, kMaxScenarioCells);
        } else {
            const std::string rowsPath = (fs::path(dir.path().toStdString()) / "rows.ndjson").string();
            QCOMPARE(error, QString::fromStdString(rowsPath + ":20001:1: more than 40,000,000 values in the rows of "
                                                              "all steps (rows times 1,000 columns); a scenario may "
                                                              "have at most that many"));
        }
    }

    // Rows written in the file over the value limit are refused before they are read, at the
    // first row over it.
    void cellsWrittenInTheFile()
    {
        ScenarioText text(1000);
        // 40,001 rows of 1,000 zeros would be 80 MB: the text's rows are [0,…] of 1,000 values,
        // so kMaxScenarioCells / 1,000 + 1 of them exceed the JSON value limit first. {} rows
        // (one value each) reach the cell limit alone.
        std::string rows = "{\"rows\": [";
        const size_t limit = kMaxScenarioCells / 1000;
        size_t overAt = 0;
        for (size_t r = 0; r <= limit; ++r) {
            if (r > 0)
                rows += ", ";
            if (r == limit)
                overAt = rows.size();
            rows += "{}";
        }
        rows += "]}";
        std::string doc = text.finish();
        doc.insert(doc.size() - 2, rows);
        const size_t prefix = doc.size() - 2 - rows.size();
        QCOMPARE(errorOf(doc), QString::fromStdString(at(prefix + overAt) + "more than 40,000,000 values in the rows of "
                                                                             "all steps (rows times 1,000 columns); a "
                                                                             "scenario may have at most that many"));
    }

    void totalRows_data()
    {
        addAtAndOneOver("row");
    }
    void totalRows()
    {
        QFETCH(int, extra);
        ScenarioText text;
        text.addStep(kMaxScenarioRowsPerStep);
        text.addStep(kMaxScenarioTotalRows - kMaxScenarioRowsPerStep - 1);
        const size_t overAt = text.addStep(1 + extra, extra);
        const QString error = errorOf(text.finish());
        compareAtOrOneOver(error, extra, [&] {
            return at(overAt) + "more than 2,000,000 rows in all steps; a scenario "
                "file may have at most that many";
        });
    }

    void numberOfColumns_data()
    {
        addAtAndOneOver("column");
    }
    void numberOfColumns()
    {
        QFETCH(int, extra);
        ScenarioText text(static_cast<int>(kMaxScenarioColumns) + extra);
        text.addStep(2);
        const QString error = errorOf(text.finish());
        compareAtOrOneOver(error, extra, [&] {
            return at(text.columnAt(kMaxScenarioColumns))
                + "more than 1,000 columns; a scenario's source may have at most that many";
        });
    }

    // Exactly kMaxScenarioJsonValues values read; one more is refused where it starts. Rows of
    // nine columns (ten values each), topped up with empty steps (two values) and a step with a
    // processing time (three).
    void jsonValues_data()
    {
        addAtAndOneOver("value");
    }
    void jsonValues()
    {
        QFETCH(int, extra);
        ScenarioText skeleton(9);
        const size_t base = countValues(nlohmann::json::parse(skeleton.finish()));
        const size_t wanted = kMaxScenarioJsonValues + static_cast<size_t>(extra);
        const size_t remaining = wanted - base - 2; // the data step's object and rows array
        const size_t timed = remaining % 2; // a step with processingTime adds three
        const size_t rows = (remaining - 3 * timed) / 10;
        const size_t emptySteps = ((remaining - 3 * timed) % 10) / 2;
        ScenarioText text(9);
        text.addStep(rows);
        for (size_t s = 0; s < emptySteps; ++s)
            text.addStep(0);
        if (timed)
            text.addStep(0, 0, true);
        const std::string doc = text.finish();
        const QString error = errorOf(doc);
        if (extra == 0) {
            QCOMPARE(error, "(read)");
        } else {
            QVERIFY2(error.startsWith(QString::fromStdString(kFileName + ":1:")), qPrintable(error));
            QVERIFY2(error.endsWith("more than 10,000,000 JSON values; a scenario file may have at most that many"),
                     qPrintable(error));
            // The place is the last value of the document (the one over the limit).
            const int column = error.section(':', 2, 2).toInt();
            QVERIFY2(column > static_cast<int>(doc.size()) - 60, qPrintable(error));
        }
    }
};

QTEST_APPLESS_MAIN(TestScenarioLimits)
#include "tst_scenario_limits.moc"
