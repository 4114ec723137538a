// Tells the postgres tests where their server is: STREAMSTEP_TEST_POSTGRES_URL, which
// tools/postgres/start-test-server.sh prints (and .ci/run sets). Without it a postgres test is
// not run and says why (exit code 77, which ctest lists as skipped), unless
// STREAMSTEP_REQUIRE_POSTGRES is set, as in CI: there a missing server fails the test.
#pragma once

#include <QtTest>

#include <cstdio>
#include <cstdlib>
#include <string>

inline std::string testPostgresUrl()
{
    const char *url = std::getenv("STREAMSTEP_TEST_POSTGRES_URL");
    return url ? url : "";
}

inline int runPostgresTest(QObject &test, int argc, char **argv, const char *name)
{
    if (testPostgresUrl().empty()) {
        const bool required = std::getenv("STREAMSTEP_REQUIRE_POSTGRES") && *std::getenv("STREAMSTEP_REQUIRE_POSTGRES");
        std::printf("%s: %s: STREAMSTEP_TEST_POSTGRES_URL is not set, so there is no PostgreSQL server to test "
                    "against. Start a throwaway one with\n    eval \"$(bash tools/postgres/start-test-server.sh)\"\n"
                    "and run again (bash tools/postgres/stop-test-server.sh stops it).\n",
                    name, required ? "FAIL (STREAMSTEP_REQUIRE_POSTGRES is set)" : "not run");
        return required ? 1 : 77;
    }
    return QTest::qExec(&test, argc, argv);
}
