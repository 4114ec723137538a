// Gives the postgres tests' failure cases somewhere to connect: the test server's url with another
// password, database or port, and a port on 127.0.0.1 where nothing listens.
#pragma once

#include "postgres_test_server.h"

#include <libpq-fe.h>
#include <unistd.h>

#include <string>

// testPostgresUrl() (postgresql://USER:PASSWORD@HOST:PORT/DATABASE) with `password`, and with
// `database` and `port` where they are not empty.
inline std::string testPostgresUrlWith(const std::string &password, const std::string &database = {},
                                       const std::string &port = {})
{
    std::string url = testPostgresUrl();
    const size_t colon = url.find(':', std::string("postgresql://").size());
    const size_t at = url.find('@');
    url = url.substr(0, colon + 1) + password + url.substr(at);
    if (!database.empty()) {
        const size_t slash = url.rfind('/');
        url = url.substr(0, slash + 1) + database;
    }
    if (!port.empty()) {
        const size_t portAt = url.rfind(':');
        url = url.substr(0, portAt + 1) + port + url.substr(url.rfind('/'));
    }
    return url;
}

// A port on 127.0.0.1 where a connection is refused, searched from `first` + pid % 1000 on (each
// test its own `first`, so that tests running side by side do not probe the same ports).
inline std::string refusedPostgresPort(int first)
{
    for (int port = first + static_cast<int>(::getpid() % 1000);; port += 7) {
        PGconn *probe = PQconnectdb((testPostgresUrlWith("streamstep", {}, std::to_string(port)) + "?connect_timeout=2").c_str());
        const bool refused = PQstatus(probe) != CONNECTION_OK
            && std::string(PQerrorMessage(probe)).find("Connection refused") != std::string::npos;
        PQfinish(probe);
        if (refused)
            return std::to_string(port);
    }
}
