// Tells the postgres tests where their server is: STREAMSTEP_TEST_POSTGRES_URL when set (a server
// of your own, or the one tools/postgres/start-test-server.sh printed), else the throwaway server
// that ctest's `postgres` fixture started (tools/postgres/ctest-server.sh; its variables in the
// file STREAMSTEP_POSTGRES_ENV_FILE). Without either a postgres test fails and says how to get a
// server: it never passes or skips without having talked to one.
#pragma once

#include <QtTest>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

inline std::string testPostgresUrl()
{
    if (const char *url = std::getenv("STREAMSTEP_TEST_POSTGRES_URL"); url && *url)
        return url;
#ifdef STREAMSTEP_POSTGRES_ENV_FILE
    std::ifstream in(STREAMSTEP_POSTGRES_ENV_FILE);
    const std::string prefix = "export STREAMSTEP_TEST_POSTGRES_URL=";
    for (std::string line; std::getline(in, line);)
        if (line.starts_with(prefix))
            return line.substr(prefix.size());
#endif
    return "";
}

inline int runPostgresTest(QObject &test, int argc, char **argv, const char *name)
{
    if (testPostgresUrl().empty()) {
        std::printf("%s: FAIL: there is no PostgreSQL server to test against. Run the test through ctest "
                    "(its `postgres` fixture starts a throwaway server), or start one with\n"
                    "    eval \"$(bash tools/postgres/start-test-server.sh)\"\n"
                    "and run again (bash tools/postgres/stop-test-server.sh stops it).\n",
                    name);
        return 1;
    }
    return QTest::qExec(&test, argc, argv);
}
