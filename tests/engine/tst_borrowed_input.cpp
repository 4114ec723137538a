// Tests the fast paths that keep a step from copying its input (issue 4): the operators read the
// batch's input in place (Flow::borrowed) until one changes rows, a filter copies only the kept
// rows of the columns later operators read (column pruning), and Run::step(ColumnBatch &&) moves
// the rows into the report instead of copying them. Each is compared with the generic path (an
// owned copy of every column, filtered in place, nothing pruned) and with hand-written answers,
// on NULLs, NaN, empty batches, all or no rows filtered, filters not followed by a select, a
// filter after withWatermark, aggregations behind a filter, and a step cancelled half-way; and
// Run::setKeepInput(false), where the batch takes the rows over and the report keeps none.
#include "test_columns.h"
#include "analysis/logical_plan.h"
#include "operators/flow.h"
#include "operators/stateless_operators.h"
#include "stream_test.h"

#include "streamstep/transaction_generator.h"

#include <QtTest>

#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>

using namespace streamstep;
using namespace streamstep::testing;

namespace {

nlohmann::json mixedSchema()
{
    return nlohmann::json::parse(R"J([
        {"name": "l", "type": "long"},
        {"name": "d", "type": "double"},
        {"name": "m", "type": "decimal(12,2)"},
        {"name": "s", "type": "string"},
        {"name": "t", "type": "timestamp"},
        {"name": "b", "type": "boolean"}])J");
}

constexpr int64_t kMinute = 60'000'000;
constexpr int64_t kBase = 1'772'359'200'000'000; // 2026-03-01 10:00:00 UTC

// Eight rows with NULLs in every column, NaN, -0.0, infinities, long and empty strings.
ColumnBatch mixedRows(const Schema &schema)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    ColumnBatch b = ColumnBatch::empty(schema);
    b.appendRow({Value::int64(1), Value::float64(1.5), Value::decimal(15000, 12, 2), Value::string("a"),
                 Value::timestamp(kBase), Value::boolean(true)});
    b.appendRow({Value::null(), Value::null(), Value::null(), Value::null(), Value::null(), Value::null()});
    b.appendRow({Value::int64(3), Value::float64(nan), Value::decimal(20000, 12, 2),
                 Value::string("a string longer than sixteen bytes"), Value::timestamp(kBase + kMinute),
                 Value::boolean(false)});
    b.appendRow({Value::int64(-4), Value::float64(-0.0), Value::decimal(-1, 12, 2), Value::string(""),
                 Value::timestamp(kBase + 2 * kMinute), Value::null()});
    b.appendRow({Value::int64(5), Value::float64(inf), Value::null(), Value::string("b"),
                 Value::timestamp(kBase + 3 * kMinute), Value::boolean(true)});
    b.appendRow({Value::int64(6), Value::float64(-inf), Value::decimal(10001, 12, 2), Value::null(),
                 Value::timestamp(kBase + 4 * kMinute), Value::boolean(false)});
    b.appendRow({Value::int64(7), Value::float64(2.5), Value::decimal(10000, 12, 2), Value::string("a"),
                 Value::null(), Value::boolean(true)});
    b.appendRow({Value::int64(8), Value::float64(nan), Value::decimal(99999, 12, 2), Value::string("c"),
                 Value::timestamp(kBase + 5 * kMinute), Value::boolean(true)});
    return b;
}

Scenario mixedScenario(const std::string &query, const std::string &mode = "append")
{
    return makeScenario(query, mode, "[]", R"J({"format": "memory", "options": {"queryName": "q"}})J",
                        mixedSchema());
}

QString fatesText(const std::vector<InputRowFate> &fates)
{
    QString s;
    for (InputRowFate f : fates)
        s += QString::number(static_cast<int>(f));
    return s;
}

struct Outcome {
    ColumnBatch emitted;
    std::vector<InputRowFate> fates;
};

// The generic path of the stateless operators: an owned copy of every column, each filter
// compacting all of them in place, nothing borrowed or pruned.
Outcome genericPath(const CompiledQuery &query, const ColumnBatch &rows)
{
    Outcome out;
    out.fates.assign(rows.numRows, InputRowFate::Processed);
    BatchContext context;
    context.fates = &out.fates;
    Flow flow;
    flow.batch = rows;
    for (size_t r = 0; r < rows.numRows; ++r)
        flow.origin.push_back(static_cast<uint32_t>(r));
    for (const PlanNode &node : query.nodes) {
        if (node.is<FilterNode>())
            flow = applyFilter(node, flow, context);
        else if (node.is<ProjectNode>())
            flow = applyProject(node, flow, context);
        else if (!node.is<WatermarkNode>())
            qFatal("genericPath: stateless queries only");
    }
    out.emitted = std::move(flow.batch);
    return out;
}

// Steps a fresh run with a copy of `rows` through each overload and checks both against the
// generic path: emitted rows, fates, and the report's input (the rows that arrived).
void checkAgainstGeneric(const std::string &query, const ColumnBatch &rows)
{
    const auto compiled = Query::compile(mixedScenario(query));
    const Outcome expected = genericPath(compiled->compiled(), rows);

    Run copying(compiled);
    const auto byReference = copying.step(rows, 0);
    Run moving(compiled);
    ColumnBatch handed = rows;
    const auto byMove = moving.step(std::move(handed), 0);
    if (rows.numRows == 0) {
        QVERIFY(byReference.empty());
        QVERIFY(byMove.empty());
        return;
    }
    for (const auto *reports : {&byReference, &byMove}) {
        QCOMPARE(reports->size(), size_t(1));
        const BatchReport &r = reports->front();
        QVERIFY2(sameBatch(r.emitted, expected.emitted), query.c_str());
        QCOMPARE(fatesText(r.inputFates), fatesText(expected.fates));
        QVERIFY(sameBatch(r.input, rows));
        QCOMPARE(r.numInputRows, int64_t(rows.numRows));
        QCOMPARE(r.numOutputRows, int64_t(expected.emitted.numRows));
    }
    QVERIFY(sameBatch(copying.memoryTable(), expected.emitted));
    QVERIFY(sameBatch(moving.memoryTable(), expected.emitted));
}

// Exact equality of everything two report lists say.
void compareReports(const std::vector<BatchReport> &actual, const std::vector<BatchReport> &expected)
{
    QCOMPARE(actual.size(), expected.size());
    for (size_t i = 0; i < actual.size(); ++i) {
        const BatchReport &a = actual[i];
        const BatchReport &e = expected[i];
        QCOMPARE(fatesText(a.inputFates), fatesText(e.inputFates)); // first, for a readable message
        compareReport(a, e);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(sameBatch(a.input, e.input));
        QCOMPARE(a.stateRowsUpdated, e.stateRowsUpdated);
    }
}

std::vector<ColumnBatch> generated(int steps, int64_t rowsPerStep, uint64_t seed)
{
    return lateTransactionSteps(steps, rowsPerStep, seed, 40);
}

// The generic run of a scenario: the rows reach the operators through a query that owns and
// filters every column (the same query behind a filter that keeps everything and references
// every column, so nothing is pruned). Used as the reference for stateful queries.
std::string keepEverything()
{
    return R"J({"op": "filter", "condition": "(accountId IS NULL OR accountId IS NOT NULL) AND (branchCode IS NULL OR branchCode IS NOT NULL) AND (amount IS NULL OR amount IS NOT NULL) AND (eventTime IS NULL OR eventTime IS NOT NULL)"})J";
}

} // namespace

class TestBorrowedInput : public QObject {
    Q_OBJECT

private slots:
    void statelessQueriesMatchGenericPath_data()
    {
        QTest::addColumn<QString>("query");
        QTest::newRow("filter then select") << R"J([{"op": "filter", "condition": "m > 100.00"},
            {"op": "select", "columns": ["s", "m", "t"]}])J";
        QTest::newRow("filter not followed by select") << R"J([{"op": "filter", "condition": "m > 100.00"}])J";
        QTest::newRow("no rows filtered, select")
            << R"J([{"op": "filter", "condition": "l IS NULL OR l IS NOT NULL"},
                    {"op": "select", "columns": ["d", "s"]}])J";
        QTest::newRow("no rows filtered, alone") << R"J([{"op": "filter", "condition": "true"}])J";
        QTest::newRow("all rows filtered, select")
            << R"J([{"op": "filter", "condition": "l > 100"}, {"op": "select", "columns": ["l", "s"]}])J";
        QTest::newRow("all rows filtered, alone") << R"J([{"op": "filter", "condition": "l > 100"}])J";
        QTest::newRow("NULL condition") << R"J([{"op": "filter", "condition": "NULL"},
            {"op": "select", "columns": ["s"]}])J";
        QTest::newRow("NaN double filter") << R"J([{"op": "filter", "condition": "d > 2.0"},
            {"op": "select", "columns": ["d", "l"]}])J";
        QTest::newRow("generic condition") << R"J([{"op": "filter", "condition": "l + 1 > 2 AND s LIKE 'a%'"},
            {"op": "select", "columns": ["l", "b"]}])J";
        QTest::newRow("filter column not selected") << R"J([{"op": "filter", "condition": "b = true"},
            {"op": "select", "columns": ["s"]}])J";
        QTest::newRow("computed and repeated columns")
            << R"J([{"op": "filter", "condition": "m >= 100.00"},
                    {"op": "select", "columns": ["m * 2 AS twice", "s", "s AS again", "upper(s) AS up", "l"]}])J";
        QTest::newRow("filter, filter, select")
            << R"J([{"op": "filter", "condition": "l > 0"}, {"op": "filter", "condition": "s <> 'b'"},
                    {"op": "select", "columns": ["t", "l"]}])J";
        QTest::newRow("select, then filter")
            << R"J([{"op": "select", "columns": ["l", "s", "m"]}, {"op": "filter", "condition": "m < 200.00"}])J";
        QTest::newRow("select only") << R"J([{"op": "select", "columns": ["b", "l"]}])J";
        QTest::newRow("withColumn after filter")
            << R"J([{"op": "filter", "condition": "l <> 3"}, {"op": "withColumn", "name": "x", "expr": "l * 10"}])J";
        QTest::newRow("filter after withWatermark")
            << R"J([{"op": "withWatermark", "column": "t", "delay": "1 minute"},
                    {"op": "filter", "condition": "m > 100.00"}, {"op": "select", "columns": ["t", "m"]}])J";
        QTest::newRow("withWatermark only") << R"J([{"op": "withWatermark", "column": "t", "delay": "1 minute"}])J";
        QTest::newRow("no operators") << "[]";
    }
    void statelessQueriesMatchGenericPath()
    {
        QFETCH(QString, query);
        const Schema schema = Query::compile(mixedScenario("[]"))->sourceSchema();
        checkAgainstGeneric(query.toStdString(), mixedRows(schema));
        if (QTest::currentTestFailed())
            return;
        checkAgainstGeneric(query.toStdString(), ColumnBatch::empty(schema));
    }

    // Hand-written answers for the benchmark's shape, so the generic path is not its own judge.
    void filterSelectAnswer()
    {
        const auto compiled = Query::compile(mixedScenario(
            R"J([{"op": "filter", "condition": "m > 100.00"}, {"op": "select", "columns": ["s", "m"]}])J"));
        ColumnBatch rows = mixedRows(compiled->sourceSchema());
        const ColumnBatch original = rows;
        Run run(compiled);
        const auto reports = run.step(std::move(rows), 0);
        QCOMPARE(reports.size(), size_t(1));
        QCOMPARE(rowsOf(reports[0].emitted),
                 sorted({R"J({"s": "a", "m": 150.00})J", R"J({"s": "a string longer than sixteen bytes", "m": 200.00})J",
                         R"J({"s": null, "m": 100.01})J", R"J({"s": "c", "m": 999.99})J"}));
        // NULL amounts and amounts <= 100.00 are filtered.
        const InputRowFate P = InputRowFate::Processed;
        const InputRowFate F = InputRowFate::Filtered;
        QCOMPARE(fatesText(reports[0].inputFates), fatesText({P, F, P, F, F, P, F, P}));
        QVERIFY(sameBatch(reports[0].input, original));
        QCOMPARE(reports[0].emitted.schema.size(), size_t(2));
        QCOMPARE(reports[0].emitted.columns.size(), size_t(2));
    }

    // The filter of a filter + select gathers only the columns the select reads; the others come
    // out empty, and the kept columns equal the generic path's.
    void filterPrunesColumnsNobodyReads()
    {
        const auto compiled = Query::compile(mixedScenario(
            R"J([{"op": "filter", "condition": "m > 100.00"}, {"op": "select", "columns": ["s", "t"]}])J"));
        const CompiledQuery &query = compiled->compiled();
        const ColumnBatch rows = mixedRows(compiled->sourceSchema());
        const PlanNode &filter = query.nodes[0];
        std::vector<InputRowFate> fates(rows.numRows, InputRowFate::Processed);
        std::vector<InputRowFate> genericFates = fates;
        BatchContext context;
        context.fates = &fates;

        Flow borrowed;
        borrowed.borrowed = &rows;
        for (size_t r = 0; r < rows.numRows; ++r)
            borrowed.origin.push_back(static_cast<uint32_t>(r));
        const std::vector<uint8_t> live = {0, 0, 0, 1, 1, 0}; // s and t
        Flow pruned = applyFilter(filter, borrowed, context, &live);

        BatchContext genericContext;
        genericContext.fates = &genericFates;
        Flow owned;
        owned.batch = rows;
        for (size_t r = 0; r < rows.numRows; ++r)
            owned.origin.push_back(static_cast<uint32_t>(r));
        Flow generic = applyFilter(filter, owned, genericContext);

        QVERIFY(pruned.borrowed == nullptr);
        QCOMPARE(pruned.batch.numRows, size_t(4));
        QCOMPARE(pruned.batch.columns.size(), rows.columns.size());
        QVERIFY(pruned.origin == generic.origin);
        QCOMPARE(fatesText(fates), fatesText(genericFates));
        for (size_t c = 0; c < rows.columns.size(); ++c) {
            if (live[c]) {
                QVERIFY(sameColumn(pruned.batch.columns[c], generic.batch.columns[c]));
            } else {
                QVERIFY(isPruned(pruned.batch.columns[c], pruned.batch.numRows));
                QCOMPARE(pruned.batch.columns[c].type(), rows.columns[c].type());
            }
        }
        // The select on top reads only live columns: the same rows as on the generic flow.
        Flow selectedPruned = applyProject(query.nodes[1], pruned, context);
        Flow selectedGeneric = applyProject(query.nodes[1], generic, genericContext);
        QVERIFY(sameBatch(selectedPruned.batch, selectedGeneric.batch));

        // A borrowed flow the filter keeps whole stays borrowed: nothing copied.
        Flow whole;
        whole.borrowed = &rows;
        whole.origin = borrowed.origin;
        const auto keepAll = Query::compile(mixedScenario(R"J([{"op": "filter", "condition": "true"}])J"));
        Flow after = applyFilter(keepAll->compiled().nodes[0], whole, context, &live);
        QVERIFY(after.borrowed == &rows);
        QVERIFY(after.batch.columns.empty());
    }

    // Stateful queries behind a filter (pruned, borrowed input) give the same reports, batch
    // after batch, as the same query fed through a filter that reads and keeps every column.
    void statefulQueriesMatchGenericPath_data()
    {
        addColumns<QString, QString>("ops", "mode");
        QTest::newRow("window agg") << R"J({"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"], "aggs": ["sum(amount) AS total", "count(*) AS n"]})J"
                                    << "update";
        // The window column kept apart from the borrowed input (Flow::appended), read in
        // place; with a computed key, or sliding windows that cannot be aggregated per pane
        // (first()), the aggregation makes the flow an ordinary one first.
        QTest::newRow("window agg, watermark")
            << R"J({"op": "withWatermark", "column": "eventTime", "delay": "2 minutes"},
                   {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"], "aggs": ["sum(amount) AS total", "count(*) AS n"]})J"
            << "append";
        QTest::newRow("window agg, computed key")
            << R"J({"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "upper(accountId) AS acc"], "aggs": ["sum(amount) AS total"]})J"
            << "update";
        QTest::newRow("sliding window first()")
            << R"J({"op": "withWatermark", "column": "eventTime", "delay": "2 minutes"},
                   {"op": "groupBy", "keys": ["window(eventTime, '10 minutes', '5 minutes')", "accountId"], "aggs": ["first(amount) AS f", "count(*) AS n"]})J"
            << "update";
        QTest::newRow("filter, window agg, watermark")
            << R"J({"op": "withWatermark", "column": "eventTime", "delay": "2 minutes"},
                   {"op": "filter", "condition": "amount > 100.00"},
                   {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"], "aggs": ["sum(amount) AS total"]})J"
            << "append";
        QTest::newRow("sliding window agg")
            << R"J({"op": "withWatermark", "column": "eventTime", "delay": "2 minutes"},
                   {"op": "groupBy", "keys": ["window(eventTime, '10 minutes', '5 minutes')", "branchCode"], "aggs": ["max(amount) AS top"]})J"
            << "update";
        QTest::newRow("groupBy without window") << R"J({"op": "filter", "condition": "branchCode <> 'B1'"},
            {"op": "groupBy", "keys": ["accountId"], "aggs": ["count(*) AS n", "min(eventTime) AS first"]})J"
                                                << "complete";
        QTest::newRow("filter, computed key and argument")
            << R"J({"op": "filter", "condition": "amount > 50.00"},
                   {"op": "groupBy", "keys": ["upper(accountId) AS acc"], "aggs": ["sum(amount * 2) AS s", "max(eventTime) AS last"]})J"
            << "update";
        QTest::newRow("filter, sliding window agg, select after")
            << R"J({"op": "withWatermark", "column": "eventTime", "delay": "2 minutes"},
                   {"op": "filter", "condition": "branchCode <> 'B2'"},
                   {"op": "groupBy", "keys": ["window(eventTime, '10 minutes', '5 minutes')", "accountId"], "aggs": ["count(*) AS n"]},
                   {"op": "filter", "condition": "n > 1"},
                   {"op": "select", "columns": ["window", "n"]})J"
            << "update";
        QTest::newRow("dropDuplicates") << R"J({"op": "withWatermark", "column": "eventTime", "delay": "2 minutes"},
            {"op": "dropDuplicates", "columns": ["accountId", "eventTime"]})J"
                                        << "append";
        QTest::newRow("session window") << R"J({"op": "withWatermark", "column": "eventTime", "delay": "2 minutes"},
            {"op": "filter", "condition": "amount > 0"},
            {"op": "groupBy", "keys": ["session_window(eventTime, '3 minutes')", "accountId"], "aggs": ["count(*) AS n"]})J"
                                        << "append";
    }
    void statefulQueriesMatchGenericPath()
    {
        QFETCH(QString, ops);
        QFETCH(QString, mode);
        const Scenario fast = makeScenario("[" + ops.toStdString() + "]", mode.toStdString(), "[]");
        const Scenario generic =
            makeScenario("[" + keepEverything() + ", " + ops.toStdString() + "]", mode.toStdString(), "[]");
        Run a(Query::compile(fast));
        Run b(Query::compile(generic));
        const auto steps = generated(4, 3000, 5);
        for (size_t i = 0; i < steps.size(); ++i) {
            ColumnBatch handed = steps[i];
            const auto x = a.step(std::move(handed), static_cast<int>(i), int64_t(i) * 1'000'000);
            const auto y = b.step(steps[i], static_cast<int>(i), int64_t(i) * 1'000'000);
            compareReports(x, y);
            if (QTest::currentTestFailed())
                return;
            QVERIFY(!x.empty());
            QVERIFY(sameBatch(x.front().input, steps[i]));
        }
        QVERIFY(sameBatch(a.memoryTable(), b.memoryTable()));
    }

    // A step cancelled at any checkpoint leaves the Run unchanged and, with the move overload,
    // hands the rows back untouched; running it again gives the reports of an uncancelled run.
    void cancelledMoveStepGivesRowsBack_data()
    {
        QTest::addColumn<QString>("ops");
        QTest::newRow("filter select") << R"J({"op": "filter", "condition": "amount > 500.00"},
            {"op": "select", "columns": ["accountId", "amount"]})J";
        QTest::newRow("watermark window agg") << R"J({"op": "withWatermark", "column": "eventTime", "delay": "2 minutes"},
            {"op": "filter", "condition": "amount > 100.00"},
            {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"], "aggs": ["sum(amount) AS total"]})J";
    }
    void cancelledMoveStepGivesRowsBack()
    {
        QFETCH(QString, ops);
        const Scenario scenario = makeScenario("[" + ops.toStdString() + "]", "append", "[]");
        const auto query = Query::compile(scenario);
        const auto steps = generated(3, 20'000, 9);
        Run reference(query);
        std::vector<std::vector<BatchReport>> expected;
        for (size_t i = 0; i < steps.size(); ++i)
            expected.push_back(reference.step(steps[i], static_cast<int>(i), int64_t(i) * 1'000'000));

        Run run(query);
        for (size_t i = 0; i < steps.size(); ++i) {
            // Count the checkpoints of this step, then cancel at each of them in turn.
            const int checkpoints = checkpointsOfStep(run, steps[i], static_cast<int>(i), int64_t(i) * 1'000'000);
            QVERIFY(checkpoints > 2);
            for (int at = 0; at < checkpoints; ++at) {
                const std::string before = run.saveState();
                CancelAt stop(at);
                ColumnBatch handed = steps[i];
                bool cancelled = false;
                try {
                    run.step(std::move(handed), static_cast<int>(i), int64_t(i) * 1'000'000, stop.control);
                } catch (const StepCancelled &) {
                    cancelled = true;
                }
                QVERIFY(cancelled);
                QVERIFY2(sameBatch(handed, steps[i]), qPrintable(QString("checkpoint %1").arg(at)));
                QCOMPARE(run.saveState(), before);
            }
            ColumnBatch handed = steps[i];
            compareReports(run.step(std::move(handed), static_cast<int>(i), int64_t(i) * 1'000'000), expected[i]);
            if (QTest::currentTestFailed())
                return;
        }
    }

    // Run::setKeepInput(false) (the CLI without --why): the rows handed over move into the batch
    // and are changed there in place, and the reports say everything a keeping run says but
    // hold no input rows. Stateless and stateful queries, both overloads, batch after batch.
    void withoutKeptInputSameReports_data()
    {
        statefulQueriesMatchGenericPath_data();
        QTest::newRow("filter select") << R"J({"op": "filter", "condition": "amount > 500.00"},
            {"op": "select", "columns": ["accountId", "amount"]})J" << "append";
        QTest::newRow("select, withColumn") << R"J({"op": "select", "columns": ["eventTime", "amount"]},
            {"op": "withColumn", "name": "x", "expr": "amount * 2"})J" << "append";
        QTest::newRow("withWatermark only") << R"J({"op": "withWatermark", "column": "eventTime", "delay": "2 minutes"})J"
                                            << "append";
    }
    void withoutKeptInputSameReports()
    {
        QFETCH(QString, ops);
        QFETCH(QString, mode);
        const auto query = Query::compile(makeScenario("[" + ops.toStdString() + "]", mode.toStdString(), "[]"));
        Run keeping(query);
        Run moving(query);
        moving.setKeepInput(false);
        Run copying(query);
        copying.setKeepInput(false);
        const auto steps = generated(4, 3000, 5);
        for (size_t i = 0; i < steps.size(); ++i) {
            const int64_t time = int64_t(i) * 1'000'000;
            const auto expected = keeping.step(steps[i], static_cast<int>(i), time);
            ColumnBatch handed = steps[i];
            const auto moved = moving.step(std::move(handed), static_cast<int>(i), time);
            const auto copied = copying.step(steps[i], static_cast<int>(i), time);
            QVERIFY(!expected.empty());
            QCOMPARE(handed.numRows, size_t(0)); // given up: empty, still of the source schema
            QCOMPARE(handed.columns.size(), steps[i].columns.size());
            for (const auto *reports : {&moved, &copied}) {
                QCOMPARE(reports->size(), expected.size());
                std::vector<BatchReport> withInput = *reports;
                for (size_t k = 0; k < withInput.size(); ++k) {
                    QCOMPARE(withInput[k].input.numRows, size_t(0));
                    QCOMPARE(withInput[k].input.schema.size(), steps[i].schema.size());
                    QCOMPARE(withInput[k].numInputRows, expected[k].numInputRows);
                    withInput[k].input = expected[k].input; // all the rest must be equal
                }
                compareReports(withInput, expected);
                if (QTest::currentTestFailed())
                    return;
            }
        }
        QVERIFY(sameBatch(moving.memoryTable(), keeping.memoryTable()));
        QVERIFY(sameBatch(copying.memoryTable(), keeping.memoryTable()));
    }

    // Without kept input, a step that can be cancelled still hands its rows back untouched; a
    // batch that fails (ANSI division by zero) leaves the caller an empty batch of the schema.
    void withoutKeptInputCancelAndFailure()
    {
        const auto query = Query::compile(makeScenario(
            R"J([{"op": "filter", "condition": "amount > 100.00"},
                 {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"], "aggs": ["sum(amount) AS total"]}])J",
            "update", "[]"));
        const auto steps = generated(1, 20'000, 9);
        Run run(query);
        run.setKeepInput(false);
        const std::string before = run.saveState();
        std::atomic<bool> cancel{false};
        StepControl control;
        control.cancel = &cancel;
        int seen = 0;
        control.progress = [&](double, StepPhase) {
            if (++seen == 4)
                cancel = true;
        };
        ColumnBatch handed = steps[0];
        QVERIFY_THROWS_EXCEPTION(StepCancelled, run.step(std::move(handed), 0, 0, control));
        QVERIFY(sameBatch(handed, steps[0]));
        QCOMPARE(run.saveState(), before);

        Scenario ansi = makeScenario(R"J([{"op": "select", "columns": ["amount / 0 AS x"]}])J", "append", "[]");
        ansi.sparkVersion = SparkVersion::Spark42;
        Run failing(Query::compile(ansi));
        failing.setKeepInput(false);
        ColumnBatch doomed = steps[0];
        QVERIFY_THROWS_EXCEPTION(Error, failing.step(std::move(doomed), 0));
        QCOMPARE(doomed.numRows, size_t(0));
        QCOMPARE(doomed.columns.size(), steps[0].columns.size());
        QVERIFY(failing.failure().has_value());
    }

    // The const& overload leaves the caller's rows alone; an empty batch runs nothing either way.
    void referenceOverloadKeepsRows()
    {
        const auto compiled = Query::compile(mixedScenario(R"J([{"op": "filter", "condition": "l > 2"}])J"));
        const ColumnBatch rows = mixedRows(compiled->sourceSchema());
        ColumnBatch mine = rows;
        Run run(compiled);
        const auto reports = run.step(static_cast<const ColumnBatch &>(mine), 0);
        QVERIFY(sameBatch(mine, rows));
        QVERIFY(sameBatch(reports.at(0).input, rows));
        ColumnBatch empty = ColumnBatch::empty(compiled->sourceSchema());
        QVERIFY(run.step(std::move(empty), 1).empty());
        QCOMPARE(run.nextBatchId(), int64_t(1));
    }
};

QTEST_GUILESS_MAIN(TestBorrowedInput)
#include "tst_borrowed_input.moc"
