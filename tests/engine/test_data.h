// What the engine's tests build by hand: a fixed instant to count from, a batch from columns and
// rows, the account counts an upsert sink receives, rows as JSON text to compare with QCOMPARE,
// and the message of the Error a call throws.
#pragma once

#include "streamstep/column_batch.h"
#include "streamstep/error.h"
#include "streamstep/scenario_check.h"

#include <QDir>
#include <QString>
#include <QStringList>

#include <functional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace streamstep::testing {

#ifdef STREAMSTEP_SOURCE_DIR
// The bundled lessons, scenarios/*.scenario.json, by file name.
inline QStringList bundledLessonPaths()
{
    const QDir dir(QStringLiteral(STREAMSTEP_SOURCE_DIR "/scenarios"));
    QStringList paths;
    for (const QString &name : dir.entryList({QStringLiteral("*.scenario.json")}, QDir::Files, QDir::Name))
        paths << dir.filePath(name);
    return paths;
}
#endif

constexpr int64_t kMarch1At10 = 1772359200000000LL; // 2026-03-01 10:00:00 UTC
constexpr int64_t kMinute = 60000000LL;

inline ColumnBatch makeBatch(const std::vector<std::pair<std::string, DataType>> &columns,
                             const std::vector<std::vector<Value>> &rows)
{
    Schema schema;
    for (const auto &[name, type] : columns)
        schema.fields.push_back(Field{name, type, std::nullopt});
    ColumnBatch batch = ColumnBatch::empty(schema);
    for (const auto &row : rows)
        batch.appendRow(row);
    return batch;
}

// accountId string, count bigint, total decimal(22,2): update mode's rows of a per-account count.
inline Schema countsSchema()
{
    return Schema{{Field{"accountId", DataType::string(), std::nullopt},
                   Field{"count", DataType::int64(), std::nullopt},
                   Field{"total", DataType::decimal(22, 2), std::nullopt}}};
}

// (account, count, total in cents) rows of countsSchema().
inline ColumnBatch counts(const std::vector<std::tuple<std::string, int64_t, int64_t>> &rows)
{
    ColumnBatch batch = ColumnBatch::empty(countsSchema());
    for (const auto &[account, n, cents] : rows)
        batch.appendRow({Value::string(account), Value::int64(n), Value::decimal(cents, 22, 2)});
    return batch;
}

// Each row as the JSON line the json sink writes, in the batch's order (stream_test.h's rowsOf sorts).
inline QStringList rowsInOrder(const ColumnBatch &batch)
{
    QStringList out;
    for (size_t r = 0; r < batch.numRows; ++r)
        out << QString::fromStdString(rowToJson(batch, r));
    return out;
}

// The head of a scenario file over accountId string, amount decimal(12,2), eventTime timestamp
// and n long, up to the opening bracket of "steps" (line 5, column 11): append the steps, "]}".
inline const std::string kAccountsScenarioHead = R"json({"format": "streamstep-scenario", "version": 1,
 "source": {"name": "t", "schema": [{"name": "accountId", "type": "string"}, {"name": "amount", "type": "decimal(12,2)"},
   {"name": "eventTime", "type": "timestamp"}, {"name": "n", "type": "long"}]},
 "query": [], "outputMode": "append", "sink": {"format": "console"},
 "steps": [)json";

// The message of the streamstep::Error that `f` throws; empty when it throws none.
inline QString errorOf(const std::function<void()> &f)
{
    try {
        f();
    } catch (const Error &e) {
        return QString::fromStdString(e.message());
    }
    return {};
}

// The kind of the streamstep::Error that `f` throws (its exit code); 0 when it throws none.
inline int errorKindOf(const std::function<void()> &f)
{
    try {
        f();
    } catch (const Error &e) {
        return static_cast<int>(e.kind());
    }
    return 0;
}

} // namespace streamstep::testing
