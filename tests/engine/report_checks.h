// Exact comparisons of what runs report, for tests that run the same query over the same rows two
// ways (cancelled and resumed, borrowed and copied input, on the app's worker thread and by the
// engine alone) and expect the same batches.
#pragma once

#include "streamstep/engine.h"

#include <QTest>

namespace streamstep::testing {

// Exact, order-sensitive equality of two columns' storage: type, NULLs and every value (doubles
// bit for bit, so NaN equals NaN and -0.0 differs from 0.0).
inline bool sameColumn(const Column &x, const Column &y)
{
    return x.sameStorage(y);
}

// Exact, order-sensitive equality of two batches' rows.
inline bool sameBatch(const ColumnBatch &a, const ColumnBatch &b)
{
    if (a.numRows != b.numRows || a.columns.size() != b.columns.size())
        return false;
    for (size_t c = 0; c < a.columns.size(); ++c)
        if (!sameColumn(a.columns[c], b.columns[c]))
            return false;
    return true;
}

// What two runs of one query over the same rows report alike for a batch: its id and step, the
// input rows' count and fates, the watermarks, the state rows, the rows dropped as late, the rows
// emitted, the result table and the sink's text. Callers compare what else their runs share.
inline void compareReport(const BatchReport &a, const BatchReport &e)
{
    QCOMPARE(a.batchId, e.batchId);
    QCOMPARE(a.step, e.step);
    QCOMPARE(a.noData, e.noData);
    QCOMPARE(a.numInputRows, e.numInputRows);
    QVERIFY(a.inputFates == e.inputFates);
    QCOMPARE(a.watermarkMs, e.watermarkMs);
    QCOMPARE(a.nextWatermarkMs, e.nextWatermarkMs);
    QCOMPARE(a.stateRows, e.stateRows);
    QCOMPARE(a.numRowsDroppedByWatermark, e.numRowsDroppedByWatermark);
    QCOMPARE(a.numOutputRows, e.numOutputRows);
    QVERIFY(sameBatch(a.emitted, e.emitted));
    QVERIFY(sameBatch(a.resultTable, e.resultTable));
    QCOMPARE(a.sinkText, e.sinkText);
}

} // namespace streamstep::testing
