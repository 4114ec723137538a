// Declares the columns of a data-driven Qt Test (`_data()`) in one statement, so that a test
// table does not open with a block of QTest::addColumn lines: addColumns<QString, int>("text", "column");
// and runs a table of inputs and what is expected of them in one: compareTextColumns("text", "sql", printed).
#pragma once

#include <QtTest>

#include <string>

namespace streamstep::testing {

// One QTest::addColumn<T>(name) per type, in order: as many names as types, or it does not compile.
template <class... Types, class... Names>
void addColumns(const Names &...names)
{
    static_assert(sizeof...(Types) == sizeof...(Names), "one column name per type");
    (QTest::addColumn<Types>(names), ...);
}

// The value of the current row's `column`, of type T (what QFETCH(T, column) declares).
template <class T>
const T &fetched(const char *column)
{
    return *static_cast<const T *>(QTest::qData(column, qMetaTypeId<T>()));
}

// The test of a table that maps an input to what is expected of it: what `f` makes of the row's
// `input` (of type Input) must be its `expected` (of type Expected).
template <class Input, class Expected, class F>
void compareColumns(const char *input, const char *expected, F f)
{
    QCOMPARE(f(fetched<Input>(input)), fetched<Expected>(expected));
}

// The same for a table of texts: `f` takes the input as a std::string and returns a std::string.
template <class F>
void compareTextColumns(const char *input, const char *expected, F f)
{
    compareColumns<QString, QString>(input, expected, [&](const QString &text) {
        return QString::fromStdString(f(text.toStdString()));
    });
}

} // namespace streamstep::testing
