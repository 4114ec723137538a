// Tests the order rows are emitted in and the order they are shown in. Spark defines no order for
// the rows an aggregation hands to its sink, so the engine emits them unsorted, in the order its
// state first saw the groups, and the sinks (memory, files, SQL, foreachBatch) get them so; only
// displays sort: displayOrder, by the report's emittedKeyColumns, in the group table's own key
// order (nulls first), which the console sink's text and the CLI use.
// The group table first: Qt's `slots` keyword would rename its parameter.
#include "group_table_test.h"
#include "operators/group_table.h"

#include "stream_test.h"
#include "streamstep/display_order.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <numeric>

using namespace streamstep;

namespace {

ColumnBatch batchOf(std::vector<Column> columns)
{
    ColumnBatch batch;
    for (size_t c = 0; c < columns.size(); ++c)
        batch.schema.fields.push_back(Field{"c" + std::to_string(c), columns[c].type(), {}});
    batch.numRows = columns.empty() ? 0 : columns.front().size();
    batch.columns = std::move(columns);
    return batch;
}

Column columnOf(DataType type, const std::vector<Value> &values)
{
    Column c(type);
    for (const Value &v : values)
        c.append(v);
    return c;
}

// The group table's order of the rows' keys: each row's group, the groups sorted by
// GroupTable::sortGroups, mapped back to rows (every row here has a key of its own).
std::vector<uint32_t> groupTableOrder(const ColumnBatch &rows)
{
    std::vector<const Column *> keys;
    std::vector<DataType> types;
    for (const Column &c : rows.columns) {
        keys.push_back(&c);
        types.push_back(c.type());
    }
    GroupTable table(types);
    const std::vector<uint32_t> rowOfGroup = testing::insertEveryRow(table, keys, rows.numRows);
    std::vector<uint32_t> groups(table.size());
    std::iota(groups.begin(), groups.end(), 0u);
    table.sortGroups(groups);
    std::vector<uint32_t> out;
    for (uint32_t g : groups)
        out.push_back(rowOfGroup[g]);
    return out;
}

// Spark's console text of one batch: its header, then the given lines (the table, and a footer
// such as "only showing top 2 rows"), then the blank line.
QString consoleBatch(int batch, const QStringList &lines)
{
    QString text = QStringLiteral("-------------------------------------------\nBatch: %1\n"
                                  "-------------------------------------------\n")
                       .arg(batch);
    for (const QString &line : lines)
        text += line + QLatin1Char('\n');
    return text + QLatin1Char('\n');
}

QStringList jsonRows(const ColumnBatch &batch, const std::vector<uint32_t> &order)
{
    QStringList out;
    for (uint32_t r : order)
        out << QString::fromStdString(rowToJson(batch, r));
    return out;
}

QStringList jsonRows(const ColumnBatch &batch)
{
    std::vector<uint32_t> all(batch.numRows);
    std::iota(all.begin(), all.end(), 0u);
    return jsonRows(batch, all);
}

// The accountId of each row, in order.
QStringList accounts(const ColumnBatch &batch)
{
    QStringList out;
    const int column = batch.schema.indexOf("accountId");
    for (size_t r = 0; r < batch.numRows; ++r) {
        const Value v = batch.get(r, static_cast<size_t>(column));
        out << (v.isNull() ? QStringLiteral("null") : QString::fromStdString(v.asString()));
    }
    return out;
}

const char *kConsole = R"J({"format": "console"})J";

// Three accounts arrive C, A, null, B (B and A again in the second trigger).
const char *kSteps = R"J([[["C", "X", "1.00", "2026-03-01 10:01:00"],
                           ["A", "X", "2.00", "2026-03-01 10:02:00"],
                           [null, "X", "3.00", "2026-03-01 10:03:00"]],
                          [["B", "X", "4.00", "2026-03-01 10:04:00"],
                           ["A", "X", "5.00", "2026-03-01 10:05:00"]]])J";

const char *kCountByAccount = R"J([{"op": "groupBy", "keys": ["accountId"], "aggs": ["sum(amount) AS total"]}])J";

std::vector<BatchReport> runAll(const Scenario &scenario, Run &run)
{
    std::vector<BatchReport> all;
    for (size_t s = 0; s < scenario.steps.size(); ++s)
        for (BatchReport &r : run.step(scenario.steps[s].rows, static_cast<int>(s)))
            all.push_back(std::move(r));
    return all;
}

} // namespace

class TestDisplayOrder : public QObject {
    Q_OBJECT

private slots:
    // Doubles: NULL first, -0.0 equal to 0.0 (equal keys keep their order), NaN last.
    void doublesAsTheGroupTableOrdersThem()
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        const ColumnBatch rows = batchOf({columnOf(DataType::float64(),
                                                   {Value::float64(nan), Value::float64(1.5), Value::null(),
                                                    Value::float64(-0.0), Value::float64(-inf), Value::float64(0.0),
                                                    Value::float64(inf), Value::float64(-2.5)})});
        const std::vector<uint32_t> expected = {2, 4, 7, 3, 5, 1, 6, 0};
        QCOMPARE(displayOrder(rows, {0}), expected);
    }

    // Every key type, several columns: displayOrder is the group table's order (sortGroups,
    // GroupTable::compare), so what is shown sorts as the state's result table does.
    void sameOrderAsTheGroupTable_data()
    {
        QTest::addColumn<int>("seed");
        for (int seed = 1; seed <= 5; ++seed)
            QTest::newRow(QByteArray::number(seed).constData()) << seed;
    }
    void sameOrderAsTheGroupTable()
    {
        QFETCH(int, seed);
        uint64_t state = static_cast<uint64_t>(seed) * 0x9e3779b97f4a7c15ULL;
        const auto next = [&state](int n) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            return static_cast<int>((state >> 33) % static_cast<uint64_t>(n));
        };
        const std::vector<std::string> strings = {"", "a", "B", "b", "ä", "aa", "Z"};
        const std::vector<double> doubles = {-0.0, 0.0, 1.0, -1.0, std::numeric_limits<double>::quiet_NaN(),
                                             std::numeric_limits<double>::infinity()};
        Column window(DataType::window()), text(DataType::string()), number(DataType::decimal(12, 2)),
            real(DataType::float64()), flag(DataType::boolean());
        for (int r = 0; r < 300; ++r) {
            const auto maybeNull = [&](Column &c, const Value &v) { c.append(next(8) == 0 ? Value::null() : v); };
            const int64_t start = next(4) * 300'000'000LL;
            maybeNull(window, Value::window(start, start + (1 + next(2)) * 300'000'000LL));
            maybeNull(text, Value::string(strings[size_t(next(int(strings.size())))]));
            maybeNull(number, Value::decimal(next(7) - 3, 12, 2));
            maybeNull(real, Value::float64(doubles[size_t(next(int(doubles.size())))]));
            maybeNull(flag, Value::boolean(next(2) == 1));
        }
        const ColumnBatch all = batchOf({window, text, number, real, flag});
        // One row per key, first seen first (as an aggregation emits its groups).
        const std::vector<uint32_t> firstRows = groupTableOrder(all);
        std::vector<uint32_t> seen = firstRows;
        std::sort(seen.begin(), seen.end());
        const ColumnBatch groups = all.gather(seen);
        const std::vector<uint32_t> expected = groupTableOrder(groups);
        QCOMPARE(displayOrder(groups, {0, 1, 2, 3, 4}), expected);
        // The first rows of that order, by a partial sort.
        const std::vector<uint32_t> top(expected.begin(), expected.begin() + 7);
        QCOMPARE(displayOrder(groups, {0, 1, 2, 3, 4}, 7), top);
        // The key columns anywhere in the rows, in any order.
        const ColumnBatch moved = batchOf({groups.columns[4], groups.columns[3], groups.columns[2],
                                           groups.columns[1], groups.columns[0]});
        QCOMPARE(displayOrder(moved, {4, 3, 2, 1, 0}), expected);
        QCOMPARE(jsonRows(sortedForDisplay(moved, {4, 3, 2, 1, 0})), jsonRows(moved, expected));
    }

    // No key columns: the rows' own order (a query without aggregation keeps arrival order).
    void noKeysKeepsTheRows()
    {
        const ColumnBatch rows = batchOf({columnOf(DataType::int64(), {Value::int64(3), Value::int64(1), Value::int64(2)})});
        QCOMPARE(displayOrder(rows, {}), (std::vector<uint32_t>{0, 1, 2}));
        QCOMPARE(displayOrder(rows, {}, 2), (std::vector<uint32_t>{0, 1}));
        QCOMPARE(jsonRows(sortedForDisplay(rows, {})), jsonRows(rows));
    }

    // Update mode: the memory sink gets each batch's groups in the order the batch first saw
    // them; the console sink prints them in key order, nulls first.
    void updateModeEmitsFirstSeenAndShowsByKey()
    {
        const Scenario memory = testing::makeScenario(kCountByAccount, "update", kSteps);
        Run run(Query::compile(memory));
        const std::vector<BatchReport> reports = runAll(memory, run);
        QCOMPARE(reports.size(), size_t(2));
        QCOMPARE(accounts(reports[0].emitted), (QStringList{"C", "A", "null"}));
        QCOMPARE(accounts(reports[1].emitted), (QStringList{"B", "A"}));
        QCOMPARE(reports[0].emittedKeyColumns, std::vector<int>{0});
        QCOMPARE(accounts(run.memoryTable()), (QStringList{"C", "A", "null", "B", "A"}));
        QCOMPARE(accounts(sortedForDisplay(reports[0].emitted, reports[0].emittedKeyColumns)),
                 (QStringList{"null", "A", "C"}));

        const Scenario console = testing::makeScenario(kCountByAccount, "update", kSteps, kConsole);
        const std::vector<BatchReport> printed = runScenario(console);
        QCOMPARE(accounts(printed[0].emitted), (QStringList{"C", "A", "null"}));
        QCOMPARE(QString::fromStdString(printed[0].sinkText),
                 consoleBatch(0, {"+---------+-----+",
                                  "|accountId|total|",
                                  "+---------+-----+",
                                  "|     NULL| 3.00|",
                                  "|        A| 2.00|",
                                  "|        C| 1.00|",
                                  "+---------+-----+"}));
        QCOMPARE(QString::fromStdString(printed[1].sinkText),
                 consoleBatch(1, {"+---------+-----+",
                                  "|accountId|total|",
                                  "+---------+-----+",
                                  "|        A| 7.00|",
                                  "|        B| 4.00|",
                                  "+---------+-----+"}));
    }

    // Complete mode: every group in the group table's numbering (first seen first); the console
    // shows the top numRows of the key order.
    void completeModeEmitsFirstSeenAndShowsByKey()
    {
        const Scenario memory = testing::makeScenario(kCountByAccount, "complete", kSteps);
        Run run(Query::compile(memory));
        const std::vector<BatchReport> reports = runAll(memory, run);
        QCOMPARE(accounts(reports[1].emitted), (QStringList{"C", "A", "null", "B"}));
        QCOMPARE(accounts(run.memoryTable()), (QStringList{"C", "A", "null", "B"}));
        // The result table the app shows stays in key order.
        QCOMPARE(accounts(reports[1].resultTable), (QStringList{"null", "A", "B", "C"}));

        const Scenario console = testing::makeScenario(
            kCountByAccount, "complete", kSteps, R"J({"format": "console", "options": {"numRows": 2}})J");
        const std::vector<BatchReport> printed = runScenario(console);
        QCOMPARE(QString::fromStdString(printed[1].sinkText),
                 consoleBatch(1, {"+---------+-----+",
                                  "|accountId|total|",
                                  "+---------+-----+",
                                  "|     NULL| 3.00|",
                                  "|        A| 7.00|",
                                  "+---------+-----+",
                                  "only showing top 2 rows"}));
    }

    // A projection that keeps the keys as columns moves them; the rows stay unsorted.
    void projectionCarriesTheKeys()
    {
        const Scenario scenario = testing::makeScenario(
            R"J([{"op": "groupBy", "keys": ["accountId"], "aggs": ["sum(amount) AS total"]},
                 {"op": "filter", "condition": "total > 0"},
                 {"op": "select", "columns": ["total", "accountId AS account"]}])J",
            "update", kSteps);
        const std::vector<BatchReport> reports = runScenario(scenario);
        QCOMPARE(reports[0].emittedKeyColumns, std::vector<int>{1});
        QCOMPARE(jsonRows(reports[0].emitted),
                 (QStringList{R"({"total": 1.00, "account": "C"})", R"({"total": 2.00, "account": "A"})",
                              R"({"total": 3.00, "account": null})"}));
        QCOMPARE(jsonRows(reports[0].emitted, emittedDisplayOrder(reports[0])),
                 (QStringList{R"({"total": 3.00, "account": null})", R"({"total": 2.00, "account": "A"})",
                              R"({"total": 1.00, "account": "C"})"}));
    }

    // A projection that computes from a key loses it: the engine puts the rows in display
    // order before it, and they keep that order from there.
    void lostKeysAreSortedInTheEngine()
    {
        const Scenario scenario = testing::makeScenario(
            R"J([{"op": "groupBy", "keys": ["accountId"], "aggs": ["sum(amount) AS total"]},
                 {"op": "select", "columns": ["lower(accountId) AS account", "total"]}])J",
            "update", kSteps);
        const std::vector<BatchReport> reports = runScenario(scenario);
        QVERIFY(reports[0].emittedKeyColumns.empty());
        QCOMPARE(jsonRows(reports[0].emitted),
                 (QStringList{R"({"account": null, "total": 3.00})", R"({"account": "a", "total": 2.00})",
                              R"({"account": "c", "total": 1.00})"}));
    }

    // Append mode: the evicted groups in the group table's numbering (first seen first), the
    // console in key order.
    void appendModeEmitsEvictedInNumbering()
    {
        const char *query = R"J([{"op": "withWatermark", "column": "eventTime", "delay": "0 minutes"},
                 {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"],
                  "aggs": ["sum(amount) AS total"]}])J";
        const char *steps = R"J([[["C", "X", "1.00", "2026-03-01 10:01:00"],
                                  ["A", "X", "2.00", "2026-03-01 10:02:00"]],
                                 [["B", "X", "4.00", "2026-03-01 10:11:00"]]])J";
        const Scenario memory = testing::makeScenario(query, "append", steps);
        Run run(Query::compile(memory));
        const std::vector<BatchReport> reports = runAll(memory, run);
        QStringList written;
        for (const BatchReport &r : reports)
            written << accounts(r.emitted);
        QCOMPARE(written, (QStringList{"C", "A"}));
        QCOMPARE(accounts(run.memoryTable()), (QStringList{"C", "A"}));
        for (const BatchReport &r : reports)
            if (r.emitted.numRows > 0)
                QCOMPARE(accounts(sortedForDisplay(r.emitted, r.emittedKeyColumns)), (QStringList{"A", "C"}));
    }
};

QTEST_GUILESS_MAIN(TestDisplayOrder)
#include "tst_display_order.moc"
