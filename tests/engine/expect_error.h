// The engine tests' check that a call fails with a streamstep::Error and the words it should say.
#pragma once

#include "streamstep/error.h"

#include <QtTest>

#include <functional>
#include <string>

namespace streamstep::testing {

// The message of the streamstep::Error that `f` throws; "(no error)" when it returns.
inline std::string errorMessageOf(const std::function<void()> &f)
{
    try {
        f();
    } catch (const Error &e) {
        return e.message();
    }
    return "(no error)";
}

} // namespace streamstep::testing

// Fails the test function unless `statement` throws a streamstep::Error whose message contains
// `part` (a std::string or C string); the failure shows the message it gave instead.
#define VERIFY_ERROR_CONTAINS(statement, part)                                                                         \
    do {                                                                                                               \
        const std::string message_ = ::streamstep::testing::errorMessageOf([&] { statement; });                        \
        QVERIFY2(message_.find(part) != std::string::npos, message_.c_str());                                          \
    } while (false)
