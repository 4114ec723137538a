// Fuzzes the expression language as a lesson's query uses it: parse a named expression (every
// failure an Error with a column), bind it against a fixed schema with every type, evaluate it
// over a few rows with NULLs and extreme values, and bind it as a groupBy aggregate.
#include "expr/expression.h"
#include "streamstep/column_batch.h"

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

using namespace streamstep;

namespace {

Schema fuzzSchema()
{
    Schema schema;
    schema.fields = {
        {"accountId", DataType::string(), std::nullopt},
        {"amount", DataType::decimal(12, 2), std::nullopt},
        {"eventTime", DataType::timestamp(), std::nullopt},
        {"n", DataType::int32(), std::nullopt},
        {"big", DataType::int64(), std::nullopt},
        {"x", DataType::float64(), std::nullopt},
        {"flag", DataType::boolean(), std::nullopt},
        {"d38", DataType::decimal(38, 10), std::nullopt},
        {"window", DataType::window(), std::nullopt},
    };
    return schema;
}

// Timestamps a file can hold: years 0000 to 9999 (parseCellText's range).
constexpr int64_t kEarliestMicros = -62'167'219'200'000'000; // 0000-01-01 00:00:00
constexpr int64_t kLatestMicros = 253'402'300'799'999'999;   // 9999-12-31 23:59:59.999999

ColumnBatch fuzzRows(const Schema &schema)
{
    ColumnBatch batch = ColumnBatch::empty(schema);
    const Int128 max38 = [] {
        Int128 v = 1;
        for (int i = 0; i < 38; ++i)
            v *= 10;
        return v - 1;
    }();
    batch.appendRow({Value::string("A1"), Value::decimal(25000010, 12, 2), Value::timestamp(1'772'359'260'000'000),
                     Value::int32(7), Value::int64(42), Value::float64(2.5), Value::boolean(true),
                     Value::decimal(12345678901, 38, 10), Value::window(1'772'359'200'000'000, 1'772'359'500'000'000)});
    batch.appendRow({Value::null(), Value::null(), Value::null(), Value::null(), Value::null(), Value::null(),
                     Value::null(), Value::null(), Value::null()});
    batch.appendRow({Value::string(""), Value::decimal(-99999999999, 12, 2), Value::timestamp(kEarliestMicros),
                     Value::int32(std::numeric_limits<int32_t>::min()), Value::int64(std::numeric_limits<int64_t>::min()),
                     Value::float64(std::numeric_limits<double>::quiet_NaN()), Value::boolean(false),
                     Value::decimal(-max38, 38, 10), Value::window(kEarliestMicros, kEarliestMicros + 300'000'000)});
    batch.appendRow({Value::string("\xC3\xA9t\xC3\xA9 %_\\"), Value::decimal(0, 12, 2), Value::timestamp(kLatestMicros),
                     Value::int32(std::numeric_limits<int32_t>::max()), Value::int64(std::numeric_limits<int64_t>::max()),
                     Value::float64(-std::numeric_limits<double>::infinity()), Value::boolean(true),
                     Value::decimal(max38, 38, 10), Value::window(kLatestMicros - 299'999'999, kLatestMicros + 1)});
    return batch;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const Schema schema = fuzzSchema();
    static const ColumnBatch rows = fuzzRows(schema);
    static const Schema keys = [] {
        Schema k;
        k.fields = {schema.fields[0], schema.fields[8]};
        return k;
    }();
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    expr::NamedAst named;
    try {
        named = expr::parseNamedExpression(text);
    } catch (const Error &) {
        return 0;
    }
    (void)expr::defaultName(*named.expr);
    try {
        const expr::BoundExprPtr bound = expr::bind(*named.expr, schema);
        (void)expr::outputField(named, *bound, schema);
        const Column column = bound->evaluate(rows, expr::EvalContext{1'772'359'260'000'000});
        if (column.size() != rows.numRows)
            __builtin_trap();
    } catch (const Error &) {
    }
    try {
        (void)expr::bindAggregate(named, schema, keys);
    } catch (const Error &) {
    }
    return 0;
}
