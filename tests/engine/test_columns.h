// Declares the columns of a data-driven Qt Test (`_data()`) in one statement, so that a test
// table does not open with a block of QTest::addColumn lines: addColumns<QString, int>("text", "column").
#pragma once

#include <QtTest>

namespace streamstep::testing {

// One QTest::addColumn<T>(name) per type, in order: as many names as types, or it does not compile.
template <class... Types, class... Names>
void addColumns(const Names &...names)
{
    static_assert(sizeof...(Types) == sizeof...(Names), "one column name per type");
    (QTest::addColumn<Types>(names), ...);
}

} // namespace streamstep::testing
