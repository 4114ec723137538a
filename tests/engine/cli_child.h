// Runs the real streamstep-cli in a child process for the crash tests: with STREAMSTEP_CRASH_AT,
// a file size limit, as `nobody`, or killed with SIGKILL after a while, and returns its exit,
// signal and output.
#pragma once

#include <QElapsedTimer>
#include <QtTest>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

namespace cli_child {

namespace fs = std::filesystem;

// The CLI under test: tests/CMakeLists.txt passes its path; otherwise it is found
// next to this test in the build tree (<build>/tests/.. -> <build>/app/streamstep-cli).
inline std::string cliPath()
{
#ifdef STREAMSTEP_CLI
    return STREAMSTEP_CLI;
#else
    const fs::path self = fs::read_symlink("/proc/self/exe");
    return (self.parent_path().parent_path() / "app" / "streamstep-cli").string();
#endif
}

struct ChildResult {
    int exitCode = -1;  // when it exited
    int signal = 0;     // when a signal ended it
    std::string out;
    std::string err;
    qint64 ms = 0;
    bool killed() const { return signal == SIGKILL; }
};

struct ChildOptions {
    std::string crashAt;              // STREAMSTEP_CRASH_AT
    rlim_t fileSizeLimit = 0;         // RLIMIT_FSIZE in bytes (0: none)
    bool asNobody = false;            // drop root, so permissions apply
    std::optional<int> killAfterUs;   // SIGKILL after this long
};

inline std::string readAll(const fs::path &path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Runs streamstep-cli with args in a real child process.
inline ChildResult runCli(const std::vector<std::string> &args, const fs::path &scratch, const ChildOptions &options = {})
{
    std::string cli = cliPath();
    if (options.asNobody && ::geteuid() == 0) {
        // `nobody` may not reach the build tree (a clone under /root is 0700): run a copy that
        // sits in the world-accessible scratch folder.
        const fs::path copy = scratch / "streamstep-cli";
        std::error_code ec;
        fs::copy_file(cli, copy, fs::copy_options::overwrite_existing, ec);
        fs::permissions(copy, fs::perms(0755), ec);
        cli = copy.string();
    }
    std::vector<std::string> argStrings{cli};
    argStrings.insert(argStrings.end(), args.begin(), args.end());
    std::vector<char *> argv;
    for (std::string &a : argStrings)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    std::vector<std::string> envStrings;
    for (char **e = environ; *e; ++e)
        if (!std::string_view(*e).starts_with("STREAMSTEP_CRASH_AT="))
            envStrings.emplace_back(*e);
    if (!options.crashAt.empty())
        envStrings.push_back("STREAMSTEP_CRASH_AT=" + options.crashAt);
    std::vector<char *> envp;
    for (std::string &e : envStrings)
        envp.push_back(e.data());
    envp.push_back(nullptr);
    const fs::path outPath = scratch / "child.out";
    const fs::path errPath = scratch / "child.err";

    QElapsedTimer timer;
    timer.start();
    const pid_t pid = ::fork();
    if (pid == 0) {
        const int out = ::open(outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
        const int err = ::open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
        ::dup2(out, 1);
        ::dup2(err, 2);
        ::signal(SIGXFSZ, SIG_IGN); // a write over the limit fails with EFBIG instead of killing
        if (options.fileSizeLimit) {
            const rlimit limit{options.fileSizeLimit, options.fileSizeLimit};
            ::setrlimit(RLIMIT_FSIZE, &limit);
        }
        if (options.asNobody && ::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0))
            ::_exit(126);
        ::execve(cli.c_str(), argv.data(), envp.data());
        ::_exit(127);
    }
    if (options.killAfterUs) {
        ::usleep(static_cast<useconds_t>(*options.killAfterUs));
        ::kill(pid, SIGKILL); // harmless when it already exited (a zombie until waited for)
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    ChildResult result;
    result.ms = timer.elapsed();
    if (WIFEXITED(status))
        result.exitCode = WEXITSTATUS(status);
    if (WIFSIGNALED(status))
        result.signal = WTERMSIG(status);
    result.out = readAll(outPath);
    result.err = readAll(errPath);
    return result;
}

inline QByteArray describe(const ChildResult &r)
{
    return QByteArray("exit ") + QByteArray::number(r.exitCode) + " signal " + QByteArray::number(r.signal)
        + "\nstderr: " + QByteArray::fromStdString(r.err);
}

} // namespace cli_child
