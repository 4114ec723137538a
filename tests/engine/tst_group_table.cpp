// Tests the typed fast paths of grouping against their generic references on tricky keys and
// values: GroupTable lookups (column-at-a-time hashes, inline string equality) group rows
// exactly as the order-preserving key encoding does (-0.0 = 0.0, one NaN, NULLs, embedded
// zero bytes, long strings); sortGroups (two-word prefixes) orders like compare(); the typed
// call-at-a-time AggregationBuffers::update gives what expr::updateAggregate gives row by row
// (decimal overflow to NULL, long wrap-around, NaN, -0.0, NULLs, first/last).
#include "expr/expression.h"
#include "operators/aggregation_buffers.h"
#include "operators/flow.h"
#include "group_table_test.h"
#include "operators/group_table.h"
#include "test_columns.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <map>
#include <numeric>

using namespace streamstep;
using streamstep::testing::addColumns;

namespace {

Int128 maxDigits(int n)
{
    Int128 v = 1;
    for (int i = 0; i < n; ++i)
        v *= 10;
    return v - 1;
}

// A deterministic pseudo-random sequence (no std:: distributions).
struct Lcg {
    uint64_t state = 12345;
    uint64_t next()
    {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return state >> 33;
    }
};

Schema keySchema()
{
    return Schema{{{"d", DataType::float64(), {}},
                  {"s", DataType::string(), {}},
                  {"w", DataType::window(), {}},
                  {"m", DataType::decimal(38, 0), {}},
                  {"l", DataType::int64(), {}}}};
}

// Rows drawn from small pools of tricky values, so most keys repeat. Without longStrings, no
// string is longer than a packed key holds (16 bytes; 15, 16 and 17 bytes are in the pool).
ColumnBatch trickyKeys(size_t n, bool withNulls, bool longStrings = true)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const std::vector<Value> doubles = {Value::float64(0.0), Value::float64(-0.0), Value::float64(nan),
                                        Value::float64(-nan), Value::float64(1.5), Value::float64(-1e308),
                                        Value::float64(std::numeric_limits<double>::infinity())};
    const std::vector<Value> strings = {Value::string(""), Value::string("a"), Value::string(std::string("a\0", 2)),
                                        Value::string(std::string("a\0b", 3)), Value::string("ACC-0000042"),
                                        Value::string("ACC-0000043"), Value::string("abcdefgh"),
                                        Value::string("abcdefghi"), Value::string("abcdefghijklmno"),
                                        Value::string("abcdefghijklmnop"), Value::string("abcdefghijklmnoq"),
                                        Value::string("bbcdefghijklmnop"), Value::string("\xc3\xa9"),
                                        Value::string(longStrings ? "a string well past sixteen bytes 1" : "x"),
                                        Value::string(longStrings ? "abcdefghijklmnopq" : "xy")};
    const int64_t minute = 60'000'000;
    const std::vector<Value> windows = {Value::window(0, 5 * minute), Value::window(minute, 6 * minute),
                                        Value::window(0, 10 * minute), Value::window(-5 * minute, 0)};
    const std::vector<Value> decimals = {Value::decimal(0, 38, 0), Value::decimal(maxDigits(38), 38, 0),
                                         Value::decimal(-maxDigits(38), 38, 0), Value::decimal(1, 38, 0),
                                         Value::decimal(-1, 38, 0), Value::decimal(Int128(1) << 64, 38, 0)};
    const std::vector<Value> longs = {Value::int64(0), Value::int64(std::numeric_limits<int64_t>::min()),
                                      Value::int64(std::numeric_limits<int64_t>::max()), Value::int64(-1)};
    ColumnBatch b = ColumnBatch::empty(keySchema());
    Lcg random;
    const auto pick = [&](const std::vector<Value> &pool) {
        const uint64_t r = random.next();
        if (withNulls && r % 9 == 0)
            return Value::null();
        return pool[r % pool.size()];
    };
    for (size_t i = 0; i < n; ++i)
        b.appendRow({pick(doubles), pick(strings), pick(windows), pick(decimals), pick(longs)});
    return b;
}

std::string encodedKey(const std::vector<const Column *> &keys, size_t row)
{
    std::string out;
    for (const Column *c : keys)
        encodeKeyValue(out, *c, row);
    return out;
}

// The key columns of `batch` that `columns` names by their digits ("21": columns 2 and 1).
std::vector<const Column *> keyColumns(const ColumnBatch &batch, const QString &columns)
{
    std::vector<const Column *> keys;
    for (QChar c : columns)
        keys.push_back(&batch.columns[static_cast<size_t>(c.digitValue())]);
    return keys;
}

// A row per key-column set, with NULLs and without (the columns are trickyKeys' digits).
void addKeyColumnRows(std::initializer_list<const char *> columnSets)
{
    addColumns<QString, bool>("columns", "withNulls");
    for (const char *columns : columnSets) {
        QTest::addRow("%s nulls", columns) << columns << true;
        QTest::addRow("%s", columns) << columns << false;
    }
}

// sortGroups puts `groups` in the order of their encoded keys (`tableKeys`: the table's own key
// columns), as the result table and complete mode need.
void verifySortsLikeEncodedKeys(const GroupTable &table, const std::vector<const Column *> &tableKeys,
                                std::vector<uint32_t> groups)
{
    std::vector<uint32_t> expected = groups;
    std::sort(expected.begin(), expected.end(),
              [&](uint32_t a, uint32_t b) { return encodedKey(tableKeys, a) < encodedKey(tableKeys, b); });
    table.sortGroups(groups);
    QCOMPARE(groups, expected);
}

// The current row of addKeyColumnRows' table (or one with its "columns" and "withNulls"):
// `numRows` of trickyKeys and the key columns the row names.
struct KeyColumnRow {
    ColumnBatch batch;
    std::vector<const Column *> keys; // into batch
};

KeyColumnRow keyColumnRow(size_t numRows, bool longStrings = true)
{
    QFETCH(QString, columns);
    QFETCH(bool, withNulls);
    KeyColumnRow row{trickyKeys(numRows, withNulls, longStrings), {}};
    row.keys = keyColumns(row.batch, columns);
    return row;
}

std::vector<DataType> typesOf(const std::vector<const Column *> &keys)
{
    std::vector<DataType> types;
    for (const Column *c : keys)
        types.push_back(c->type());
    return types;
}

// The groups of rows [begin, begin + count) of keys, as an operator looks them up: packed while
// the table packs and the rows fit, else one by one.
std::vector<uint32_t> lookUpRange(GroupTable &table, const std::vector<const Column *> &keys, size_t begin, size_t count)
{
    std::vector<uint64_t> hashes;
    std::vector<uint64_t> packed;
    std::vector<uint32_t> rows(count);
    std::iota(rows.begin(), rows.end(), static_cast<uint32_t>(begin));
    std::vector<uint32_t> groups(count, 0);
    if (table.packed() && table.hashAndPackRows(keys, begin, count, hashes, packed)) {
        table.findOrInsertPacked(keys, rows.data(), count, hashes.data(), begin, packed.data(), groups.data());
        return groups;
    }
    GroupTable::hashRows(keys, begin, count, hashes);
    for (size_t i = 0; i < count; ++i) {
        bool inserted = false;
        groups[i] = table.findOrInsert(keys, rows[i], GroupTable::tagOf(hashes[i]), inserted);
    }
    return groups;
}

} // namespace

class TestGroupTable : public QObject {
    Q_OBJECT

private slots:
    void groupsLikeTheKeyEncoding_data()
    {
        addKeyColumnRows({"01234", "1", "0", "21", "3", "4", "24"});
    }
    void groupsLikeTheKeyEncoding()
    {
        const auto [batch, keys] = keyColumnRow(3000);
        GroupTable table(typesOf(keys));
        std::map<std::string, uint32_t> reference; // encoding -> group, numbered by first appearance
        std::vector<uint64_t> hashes;
        // In chunks, as the operator looks rows up; the second half again finds every group.
        for (int pass = 0; pass < 2; ++pass) {
            for (size_t begin = 0; begin < batch.numRows; begin += 700) {
                const size_t count = std::min<size_t>(700, batch.numRows - begin);
                GroupTable::hashRows(keys, begin, count, hashes);
                const std::vector<uint8_t> checks = table.nullChecks(keys);
                for (size_t i = 0; i < count; ++i) {
                    const size_t r = begin + i;
                    uint64_t sum = 0;
                    for (size_t k = 0; k < keys.size(); ++k)
                        sum += GroupTable::columnHash(k, *keys[k], r);
                    QCOMPARE(sum, hashes[i]);
                    bool inserted = false;
                    const uint32_t g = table.findOrInsert(keys, r, GroupTable::tagOf(hashes[i]), inserted, checks.data());
                    const auto [at, fresh] = reference.emplace(encodedKey(keys, r), static_cast<uint32_t>(reference.size()));
                    QCOMPARE(inserted, fresh);
                    QCOMPARE(g, at->second);
                }
            }
        }
        QCOMPARE(table.size(), reference.size());
        QVERIFY(table.size() > 3);
    }

    // The in-cache fast path (packed keys, findOrInsertPacked) groups exactly as the encoding
    // does too, and hands over to findOrInsert when a key does not fit (a long string) or the
    // table grows past kPackedMaxGroups; retain() keeps the packed keys in step.
    void packedGroupsLikeTheKeyEncoding_data()
    {
        addColumns<QString, bool, bool>("columns", "withNulls", "longStrings");
        for (const char *columns : {"01234", "1", "0", "21", "3", "4", "24", "12"}) {
            QTest::addRow("%s nulls", columns) << columns << true << false;
            QTest::addRow("%s", columns) << columns << false << false;
            QTest::addRow("%s long strings", columns) << columns << true << true;
        }
        // (window, string) without NULLs has a one-pass hashAndPackRows: also with a string too long.
        QTest::addRow("21 long strings, no nulls") << QString("21") << false << true;
    }
    void packedGroupsLikeTheKeyEncoding()
    {
        QFETCH(QString, columns);
        QFETCH(bool, longStrings);
        const auto [batch, keys] = keyColumnRow(3000, longStrings);
        GroupTable table(typesOf(keys));
        QVERIFY(table.packed());
        std::map<std::string, uint32_t> reference;
        std::vector<uint64_t> hashes;
        std::vector<uint64_t> generic;
        std::vector<uint64_t> packed;
        std::vector<uint32_t> rows;
        std::vector<uint32_t> groups;
        bool packedAll = true;
        for (int pass = 0; pass < 2; ++pass) {
            for (size_t begin = 0; begin < batch.numRows; begin += 700) {
                const size_t count = std::min<size_t>(700, batch.numRows - begin);
                GroupTable::hashRows(keys, begin, count, generic);
                // Every other row (odd ones in the second pass), as when late rows are left out.
                rows.clear();
                for (size_t r = begin + static_cast<size_t>(pass); r < begin + count; r += 2)
                    rows.push_back(static_cast<uint32_t>(r));
                groups.assign(rows.size(), 0);
                if (table.packed() && table.hashAndPackRows(keys, begin, count, hashes, packed)) {
                    QCOMPARE(hashes, generic); // the same hashes as the table's other lookups
                    table.findOrInsertPacked(keys, rows.data(), rows.size(), hashes.data(), begin, packed.data(),
                                             groups.data());
                } else {
                    packedAll = false;
                    table.stopPacking();
                    for (size_t i = 0; i < rows.size(); ++i) {
                        bool inserted = false;
                        groups[i] = table.findOrInsert(keys, rows[i], GroupTable::tagOf(generic[rows[i] - begin]), inserted);
                    }
                }
                for (size_t i = 0; i < rows.size(); ++i) {
                    const auto [at, fresh] = reference.emplace(encodedKey(keys, rows[i]), static_cast<uint32_t>(reference.size()));
                    QCOMPARE(groups[i], at->second); // new groups numbered in row order
                }
            }
        }
        QCOMPARE(table.size(), reference.size());
        QCOMPARE(packedAll, !longStrings || columns.indexOf('1') < 0);
        QCOMPARE(table.packed(), packedAll);

        // Keep every other group: the survivors are found under their new numbers.
        std::vector<uint8_t> keep(table.size(), 0);
        for (size_t g = 0; g < keep.size(); g += 2)
            keep[g] = 1;
        table.retain(keep);
        std::map<std::string, uint32_t> kept;
        for (const auto &[key, group] : reference)
            if (keep[group])
                kept[key] = group / 2;
        for (size_t begin = 0; begin < batch.numRows; begin += 1000) {
            const size_t count = std::min<size_t>(1000, batch.numRows - begin);
            const std::vector<uint32_t> found = lookUpRange(table, keys, begin, count);
            for (size_t i = 0; i < count; ++i) {
                const auto at = kept.emplace(encodedKey(keys, begin + i), static_cast<uint32_t>(kept.size())).first;
                QCOMPARE(found[i], at->second);
            }
        }
        QCOMPARE(table.size(), kept.size());
    }

    // Past kPackedMaxGroups groups a table stops packing half-way through a lookup; the rows
    // after that, and every group before it, are still found.
    void packedTableGrowsPastTheLimit()
    {
        const size_t n = GroupTable::kPackedMaxGroups + 5000;
        Column ids = Column(DataType::int64());
        Column names = Column(DataType::string());
        for (size_t i = 0; i < n; ++i) {
            ids.appendInt(static_cast<int64_t>(i % 7));
            names.appendString("n" + std::to_string(i));
        }
        const std::vector<const Column *> keys = {&ids, &names};
        GroupTable table(typesOf(keys));
        for (int pass = 0; pass < 2; ++pass) {
            for (size_t begin = 0; begin < n; begin += 4096) {
                const size_t count = std::min<size_t>(4096, n - begin);
                const std::vector<uint32_t> groups = lookUpRange(table, keys, begin, count);
                for (size_t i = 0; i < count; ++i)
                    QCOMPARE(groups[i], static_cast<uint32_t>(begin + i));
            }
            QCOMPARE(table.size(), n);
            QVERIFY(!table.packed());
        }
    }

    // findOrInsertPackedRange (one pass over (window, string) keys without a NULL) gives the
    // groups, hashes and numbering of hashAndPackRows + findOrInsertPacked, chunk by chunk, on
    // random keys: strings of 0 to 16 bytes (17 where a chunk must not pack), embedded zero
    // bytes, keys equal but for the window or one byte, enough groups that many rows miss
    // their home slot, and NULLs in some chunks (the general passes then).
    void packedRangeEqualsGeneralPasses_data()
    {
        addColumns<int, bool, bool>("groupsInPool", "withNulls", "longStrings");
        QTest::addRow("few groups") << 40 << false << false;
        QTest::addRow("many groups") << 3000 << false << false;
        QTest::addRow("past the packed limit") << int(GroupTable::kPackedMaxGroups + 2000) << false << false;
        QTest::addRow("nulls") << 300 << true << false;
        QTest::addRow("long strings") << 300 << false << true;
    }
    void packedRangeEqualsGeneralPasses()
    {
        QFETCH(int, groupsInPool);
        QFETCH(bool, withNulls);
        QFETCH(bool, longStrings);
        Lcg random;
        const int64_t minute = 60'000'000;
        std::vector<std::pair<int64_t, std::string>> pool;
        for (int k = 0; k < groupsInPool; ++k) {
            std::string text(random.next() % 17, '\0');
            for (char &c : text)
                c = static_cast<char>(random.next() % 4 == 0 ? 0 : 'a' + random.next() % 3);
            const int64_t start = static_cast<int64_t>(random.next() % 3) * 5 * minute;
            pool.emplace_back(start, text);
            if (!text.empty()) { // a neighbour: the same bytes but the last, or another window
                std::string other = text;
                other.back() = static_cast<char>(other.back() + 1);
                pool.emplace_back(start, other);
                pool.emplace_back(start + 5 * minute, text);
            }
        }
        const size_t n = 24000;
        const size_t chunk = 1000;
        Column windows(DataType::window());
        Column strings(DataType::string());
        for (size_t r = 0; r < n; ++r) {
            const auto &[start, text] = pool[random.next() % pool.size()];
            const bool inNullChunk = withNulls && (r / chunk) % 3 == 1;
            const bool inLongChunk = longStrings && (r / chunk) == 7;
            if (inNullChunk && random.next() % 5 == 0)
                windows.appendNull();
            else
                windows.appendWindow(start, start + 5 * minute);
            if (inLongChunk && random.next() % 50 == 0)
                strings.appendString(std::string(17, 'a'));
            else
                strings.appendString(text);
        }
        const std::vector<const Column *> keys = {&windows, &strings};
        GroupTable fused(typesOf(keys));
        GroupTable general(typesOf(keys));
        std::map<std::string, uint32_t> reference;
        std::vector<uint64_t> fusedHashes, generalHashes, fusedPacked, generalPacked;
        bool packedAll = true;
        for (int pass = 0; pass < 2; ++pass) {
            for (size_t begin = 0; begin < n; begin += chunk) {
                std::vector<uint32_t> rows(chunk);
                std::iota(rows.begin(), rows.end(), static_cast<uint32_t>(begin));
                std::vector<uint32_t> fusedGroups(chunk, 0);
                std::vector<uint32_t> generalGroups(chunk, 0);
                QCOMPARE(fused.packed(), general.packed());
                if (fused.packed()) {
                    const bool fusedFits = fused.findOrInsertPackedRange(keys, rows.data(), begin, chunk, fusedHashes,
                                                                         fusedPacked, fusedGroups.data());
                    const bool generalFits = general.hashAndPackRows(keys, begin, chunk, generalHashes, generalPacked);
                    QCOMPARE(fusedFits, generalFits);
                    QCOMPARE(fusedHashes, generalHashes);
                    if (generalFits)
                        general.findOrInsertPacked(keys, rows.data(), chunk, generalHashes.data(), begin,
                                                   generalPacked.data(), generalGroups.data());
                    else
                        QCOMPARE(fused.size(), general.size()); // nothing added
                    if (!generalFits) {
                        packedAll = false;
                        fused.stopPacking();
                        general.stopPacking();
                    }
                }
                if (!fused.packed()) {
                    GroupTable::hashRows(keys, begin, chunk, generalHashes);
                    for (size_t i = 0; i < chunk; ++i) {
                        bool inserted = false;
                        const uint32_t tag = GroupTable::tagOf(generalHashes[i]);
                        fusedGroups[i] = fused.findOrInsert(keys, rows[i], tag, inserted);
                        generalGroups[i] = general.findOrInsert(keys, rows[i], tag, inserted);
                    }
                }
                QCOMPARE(fusedGroups, generalGroups);
                QCOMPARE(fused.size(), general.size());
                for (size_t i = 0; i < chunk; ++i) {
                    const auto [at, fresh] = reference.emplace(encodedKey(keys, rows[i]), static_cast<uint32_t>(reference.size()));
                    QCOMPARE(fusedGroups[i], at->second);
                }
            }
        }
        QCOMPARE(fused.size(), reference.size());
        QCOMPARE(packedAll, !longStrings);
        QCOMPARE(fused.packed(), !longStrings && reference.size() <= GroupTable::kPackedMaxGroups);
    }

    void sortsLikeCompare_data()
    {
        addKeyColumnRows({"21", "01234", "1", "34", "40", "32", "2"});
    }
    void sortsLikeCompare()
    {
        const auto [batch, keys] = keyColumnRow(4000);
        GroupTable table(typesOf(keys));
        testing::insertEveryRow(table, keys, batch.numRows);
        std::vector<const Column *> tableKeys;
        for (const Column &c : table.keys())
            tableKeys.push_back(&c);
        // All groups, and subsets: every other one, and those sharing the first key column's
        // value with group 0 (a constant leading column).
        std::vector<std::vector<uint32_t>> sets(3);
        for (uint32_t g = 0; g < table.size(); ++g) {
            sets[0].push_back(g);
            if (g % 2)
                sets[1].push_back(g);
            if (encodedKey({tableKeys[0]}, g) == encodedKey({tableKeys[0]}, 0))
                sets[2].push_back(g);
        }
        for (const std::vector<uint32_t> &groups : sets)
            verifySortsLikeEncodedKeys(table, tableKeys, groups);
    }

    // Windows of one length with a string key: the two-word (exact window, string) prefix path,
    // many groups per window.
    void sortsWindowsAndStrings()
    {
        Schema s;
        s.fields = {{"w", DataType::window(), {}}, {"a", DataType::string(), {}}};
        ColumnBatch b = ColumnBatch::empty(s);
        Lcg random;
        for (int i = 0; i < 3000; ++i) {
            const int64_t start = static_cast<int64_t>(random.next() % 60) * 60'000'000 - 600'000'000;
            const uint64_t account = random.next() % 300;
            std::string id = "ACC-" + std::to_string(1000000 + account).substr(1);
            if (account % 7 == 0)
                id += "-with-a-long-suffix";
            b.appendRow({Value::window(start, start + 3'600'000'000LL), Value::string(id)});
        }
        std::vector<const Column *> keys = {&b.columns[0], &b.columns[1]};
        GroupTable table(typesOf(keys));
        std::vector<uint64_t> hashes;
        GroupTable::hashRows(keys, 0, b.numRows, hashes);
        for (size_t r = 0; r < b.numRows; ++r) {
            bool inserted = false;
            table.findOrInsert(keys, r, GroupTable::tagOf(hashes[r]), inserted);
        }
        std::vector<const Column *> tableKeys = {&table.keys()[0], &table.keys()[1]};
        std::vector<uint32_t> groups(table.size());
        for (uint32_t g = 0; g < groups.size(); ++g)
            groups[g] = g;
        verifySortsLikeEncodedKeys(table, tableKeys, groups);
    }

    // The memory sink's bulk append: the same table as appending row by row through Value.
    void appendRangeEqualsRowByRow()
    {
        const ColumnBatch batch = trickyKeys(500, true);
        ColumnBatch bulk = ColumnBatch::empty(batch.schema);
        ColumnBatch rowWise = ColumnBatch::empty(batch.schema);
        const std::vector<std::pair<size_t, size_t>> ranges = {{0, 0}, {0, 130}, {130, 131}, {131, 500}, {500, 500}};
        for (const auto &[begin, end] : ranges) {
            for (size_t c = 0; c < batch.columns.size(); ++c)
                bulk.columns[c].appendRange(batch.columns[c], begin, end);
            bulk.numRows += end - begin;
            for (size_t r = begin; r < end; ++r)
                rowWise.appendRow(batch.row(r));
        }
        QCOMPARE(bulk.numRows, rowWise.numRows);
        for (size_t c = 0; c < batch.columns.size(); ++c) {
            const Column &a = bulk.columns[c];
            const Column &b = rowWise.columns[c];
            QVERIFY(a.sameStorage(b)); // doubles bit for bit: NaN, -0.0 kept
        }
        // A column of another type (decimal(12,2) into decimal(14,4)) goes through Value.
        Column narrow(DataType::decimal(12, 2));
        narrow.append(Value::decimal(12345, 12, 2));
        narrow.appendNull();
        Column wide(DataType::decimal(14, 4));
        wide.appendRange(narrow, 0, 2);
        QCOMPARE(wide.get(0), Value::decimal(1234500, 14, 4));
        QVERIFY(wide.get(1).isNull());
    }

    void typedUpdateEqualsRowByRow()
    {
        Schema input;
        input.fields = {{"big", DataType::decimal(38, 0), {}},
                        {"amount", DataType::decimal(12, 2), {}},
                        {"n", DataType::int64(), {}},
                        {"x", DataType::float64(), {}},
                        {"s", DataType::string(), {}},
                        {"i", DataType::int32(), {}}};
        std::vector<expr::BoundAggregate> aggregates;
        for (const char *text :
             {"count(*) AS c", "count(x) AS cx", "sum(big) AS sb", "sum(amount) AS sa", "avg(amount) AS aa",
              "sum(n) AS sn", "sum(x) AS sx", "avg(i) AS ai", "min(x) AS lo", "max(x) AS hi", "min(amount) AS ma",
              "max(s) AS ms", "first(s) AS fs", "last(s) AS ls", "first(x, true) AS fx", "sum(i) * 2 + count(*) AS e"})
            aggregates.push_back(expr::bindAggregate(expr::parseNamedExpression(text), input, Schema()));
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const std::vector<Value> bigs = {Value::decimal(maxDigits(38), 38, 0), Value::decimal(1, 38, 0),
                                         Value::decimal(-maxDigits(38), 38, 0), Value::null()};
        const std::vector<Value> amounts = {Value::decimal(99999999999, 12, 2), Value::decimal(-1, 12, 2),
                                            Value::decimal(0, 12, 2), Value::null(), Value::decimal(-99999999999, 12, 2)};
        const std::vector<Value> longs = {Value::int64(std::numeric_limits<int64_t>::max()), Value::int64(1),
                                          Value::int64(std::numeric_limits<int64_t>::min()), Value::null()};
        const std::vector<Value> doubles = {Value::float64(-0.0), Value::float64(0.0), Value::float64(nan),
                                            Value::float64(1e308), Value::null(), Value::float64(-1.5)};
        const std::vector<Value> strings = {Value::string("b"), Value::null(), Value::string(""), Value::string("ab")};
        const std::vector<Value> ints = {Value::int32(std::numeric_limits<int32_t>::max()), Value::int32(-7), Value::null()};
        ColumnBatch batch = ColumnBatch::empty(input);
        Lcg random;
        const auto pick = [&](const std::vector<Value> &pool) { return pool[random.next() % pool.size()]; };
        const size_t numGroups = 7;
        std::vector<uint32_t> rows;
        std::vector<uint32_t> groups;
        for (uint32_t r = 0; r < 1500; ++r) {
            batch.appendRow({pick(bigs), pick(amounts), pick(longs), pick(doubles), pick(strings), pick(ints)});
            rows.push_back(r);
            groups.push_back(static_cast<uint32_t>(random.next() % numGroups));
        }
        AggregationBuffers buffers(aggregates);
        for (size_t g = 0; g < numGroups; ++g)
            buffers.addGroup();
        std::vector<const Column *> arguments;
        std::vector<Column> storage;
        storage.reserve(64);
        std::vector<const expr::AggregateCall *> calls;
        for (const auto &aggregate : aggregates)
            for (const auto &call : aggregate.calls) {
                calls.push_back(&call);
                if (!call.argument) {
                    arguments.push_back(nullptr);
                    continue;
                }
                storage.push_back(call.argument->evaluate(batch, expr::EvalContext{}));
                arguments.push_back(&storage.back());
            }
        // The typed path, in uneven chunks (one empty).
        const std::vector<std::pair<size_t, size_t>> chunks = {{0, 1}, {1, 1}, {1, 700}, {700, rows.size()}};
        for (const auto &[begin, end] : chunks)
            buffers.update(arguments, rows.data() + begin, groups.data() + begin, end - begin);
        // The generic path: expr::updateAggregate row by row.
        std::vector<std::vector<expr::AggregateState>> states(calls.size(), std::vector<expr::AggregateState>(numGroups));
        for (size_t i = 0; i < rows.size(); ++i)
            for (size_t c = 0; c < calls.size(); ++c)
                expr::updateAggregate(*calls[c], states[c][groups[i]], arguments[c], rows[i]);
        std::vector<uint32_t> all(numGroups);
        for (uint32_t g = 0; g < numGroups; ++g)
            all[g] = g;
        bool sawOverflow = false;
        for (size_t c = 0; c < calls.size(); ++c) {
            Column typed(calls[c]->resultType);
            buffers.appendResults(c, all, typed);
            for (uint32_t g = 0; g < numGroups; ++g) {
                const Value expected = expr::aggregateResult(*calls[c], states[c][g]);
                const Value got = typed.get(g);
                const bool same = expected == got
                    || (!got.isNull() && !expected.isNull() && got.type().kind == TypeKind::Double
                        && std::isnan(got.asDouble()) && std::isnan(expected.asDouble()));
                QVERIFY2(same, qPrintable(QString("call %1 group %2").arg(c).arg(g)));
                sawOverflow = sawOverflow || (c == 2 && got.isNull());
            }
        }
        QVERIFY(sawOverflow); // sum(big) overflowed decimal(38) somewhere: NULL, as Spark
    }

    // The pair a decimal sum (or avg) and count(*) is folded in one pass: the same buffers as
    // expr::updateAggregate row by row, in either order, with NULLs and overflow to NULL.
    void decimalSumAndCountEqualsRowByRow_data()
    {
        addColumns<QString, QString>("first", "second");
        QTest::addRow("sum, count") << "sum(amount) AS s" << "count(*) AS c";
        QTest::addRow("count, sum") << "count(*) AS c" << "sum(amount) AS s";
        QTest::addRow("overflowing sum") << "sum(big) AS s" << "count(*) AS c";
        QTest::addRow("avg, count") << "avg(amount) AS a" << "count(*) AS c";
    }
    void decimalSumAndCountEqualsRowByRow()
    {
        QFETCH(QString, first);
        QFETCH(QString, second);
        Schema input;
        input.fields = {{"big", DataType::decimal(38, 0), {}}, {"amount", DataType::decimal(12, 2), {}}};
        std::vector<expr::BoundAggregate> aggregates;
        for (const QString &text : {first, second})
            aggregates.push_back(expr::bindAggregate(expr::parseNamedExpression(text.toStdString()), input, Schema()));
        ColumnBatch batch = ColumnBatch::empty(input);
        Lcg random;
        const std::vector<Value> bigs = {Value::decimal(maxDigits(38), 38, 0), Value::decimal(-3, 38, 0), Value::null()};
        const std::vector<Value> amounts = {Value::decimal(99999999999, 12, 2), Value::decimal(-17, 12, 2), Value::null()};
        const size_t numGroups = 5;
        std::vector<uint32_t> rows;
        std::vector<uint32_t> groups;
        for (uint32_t r = 0; r < 2000; ++r) {
            batch.appendRow({bigs[random.next() % bigs.size()], amounts[random.next() % amounts.size()]});
            if (random.next() % 4 != 0) // rows left out, as late ones are
                rows.push_back(r);
        }
        for (size_t i = 0; i < rows.size(); ++i)
            groups.push_back(static_cast<uint32_t>(random.next() % numGroups));
        std::vector<Column> storage;
        std::vector<const Column *> arguments;
        std::vector<const expr::AggregateCall *> calls;
        storage.reserve(2);
        for (const auto &aggregate : aggregates)
            for (const auto &call : aggregate.calls) {
                calls.push_back(&call);
                if (call.argument)
                    storage.push_back(call.argument->evaluate(batch, expr::EvalContext{}));
                arguments.push_back(call.argument ? &storage.back() : nullptr);
            }
        QCOMPARE(calls.size(), size_t(2));
        AggregationBuffers buffers(aggregates);
        for (size_t g = 0; g < numGroups; ++g)
            buffers.addGroup();
        buffers.update(arguments, rows.data(), groups.data(), 700);
        buffers.update(arguments, rows.data() + 700, groups.data() + 700, rows.size() - 700);
        std::vector<std::vector<expr::AggregateState>> states(2, std::vector<expr::AggregateState>(numGroups));
        for (size_t i = 0; i < rows.size(); ++i)
            for (size_t c = 0; c < 2; ++c)
                expr::updateAggregate(*calls[c], states[c][groups[i]], arguments[c], rows[i]);
        bool sawNull = false;
        for (size_t c = 0; c < 2; ++c)
            for (uint32_t g = 0; g < numGroups; ++g) {
                const Value expected = expr::aggregateResult(*calls[c], states[c][g]);
                QCOMPARE(buffers.result(c, g), expected);
                sawNull = sawNull || expected.isNull();
            }
        QCOMPARE(sawNull, first.contains("big")); // sum(big) overflowed decimal(38): NULL, as Spark
    }
};

QTEST_GUILESS_MAIN(TestGroupTable)
#include "tst_group_table.moc"
