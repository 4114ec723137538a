// Gives a postgres test a schema of its own on the test server: "PREFIX_PID", dropped and made
// again when the test starts and dropped when it ends, and the connection the test queries its
// tables through.
#pragma once

#include "postgres_test_server.h"
#include "sinks/postgres_connection.h"

#include <QStringList>

#include <libpq-fe.h>
#include <unistd.h>

#include <memory>
#include <string>

class PostgresTestSchema {
public:
    // Connects and makes the schema empty (the test's initTestCase).
    void create(const std::string &prefix)
    {
        m_admin = std::make_unique<streamstep::PostgresConnection>(streamstep::postgresTarget(testPostgresUrl()), "test");
        m_name = prefix + "_" + std::to_string(::getpid());
        query("DROP SCHEMA IF EXISTS " + m_name + " CASCADE");
        query("CREATE SCHEMA " + m_name);
    }
    // Drops the schema (the test's cleanupTestCase); nothing when create() did not connect.
    void drop()
    {
        if (m_admin)
            query("DROP SCHEMA IF EXISTS " + m_name + " CASCADE");
    }
    const std::string &name() const { return m_name; }

    // The rows `sql` returns, each its columns joined by '|' (NULL as "NULL").
    QStringList query(const std::string &sql) const
    {
        const streamstep::PgResultPtr result = m_admin->execute(sql, "test query");
        QStringList out;
        for (int r = 0; r < PQntuples(result.get()); ++r) {
            QString row;
            for (int c = 0; c < PQnfields(result.get()); ++c)
                row += (c ? "|" : "")
                    + (PQgetisnull(result.get(), r, c) ? QStringLiteral("NULL")
                                                       : QString::fromUtf8(PQgetvalue(result.get(), r, c)));
            out << row;
        }
        return out;
    }

private:
    std::unique_ptr<streamstep::PostgresConnection> m_admin;
    std::string m_name;
};
