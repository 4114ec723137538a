#include "checkpoint/atomic_file.h"

#include "streamstep/error.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace streamstep {

namespace fs = std::filesystem;

namespace {

Error ioError(const std::string &what, const fs::path &path, int error)
{
    return Error(ErrorKind::Runtime, what + " '" + path.string() + "': " + std::strerror(error));
}

class FileDescriptor {
public:
    explicit FileDescriptor(int fd) : m_fd(fd) {}
    FileDescriptor(const FileDescriptor &) = delete;
    FileDescriptor &operator=(const FileDescriptor &) = delete;
    ~FileDescriptor()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    int get() const { return m_fd; }
    // Closes now, so a failing close (NFS, quota) is reported instead of ignored.
    int close()
    {
        const int result = ::close(m_fd);
        m_fd = -1;
        return result;
    }

private:
    int m_fd;
};

} // namespace

bool AtomicFile::isTempName(std::string_view fileName)
{
    return fileName.size() > 5 && fileName.front() == '.' && fileName.ends_with(".tmp");
}

void AtomicFile::syncDirectory(const fs::path &dir)
{
    FileDescriptor fd(::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (fd.get() < 0)
        throw ioError("cannot open folder", dir, errno);
    if (::fsync(fd.get()) != 0 && errno != EINVAL)
        throw ioError("cannot sync folder", dir, errno);
}

void AtomicFile::write(const fs::path &path, std::string_view bytes)
{
    const fs::path temp = path.parent_path() / ("." + path.filename().string() + ".tmp");
    // O_NOFOLLOW: a symbolic link planted at the temp name must not redirect the write.
    FileDescriptor fd(::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644));
    if (fd.get() < 0)
        throw ioError("cannot create", temp, errno);
    auto fail = [&](const char *what, int error) {
        ::unlink(temp.c_str());
        return ioError(what, path, error);
    };
    size_t written = 0;
    while (written < bytes.size()) {
        const ssize_t n = ::write(fd.get(), bytes.data() + written, bytes.size() - written);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            throw fail("cannot write", errno);
        }
        written += static_cast<size_t>(n);
    }
    if (::fsync(fd.get()) != 0)
        throw fail("cannot sync", errno);
    if (fd.close() != 0)
        throw fail("cannot close", errno);
    if (::rename(temp.c_str(), path.c_str()) != 0)
        throw fail("cannot rename temp file into", errno);
    syncDirectory(path.parent_path());
}

std::string AtomicFile::read(const fs::path &path)
{
    FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (fd.get() < 0)
        throw ioError("cannot read", path, errno);
    std::string bytes;
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            throw ioError("cannot read", path, errno);
        }
        if (n == 0)
            break;
        bytes.append(buffer, static_cast<size_t>(n));
    }
    return bytes;
}

void AtomicFile::createDirectories(const fs::path &dir)
{
    if (dir.empty())
        return;
    if (!dir.has_filename()) // "out/sink/": the same folder without the trailing separator
        return createDirectories(dir.parent_path());
    struct stat info {};
    if (::stat(dir.c_str(), &info) == 0) {
        if (!S_ISDIR(info.st_mode))
            throw Error(ErrorKind::Runtime, "'" + dir.string() + "' exists and is not a folder");
        return;
    }
    createDirectories(dir.parent_path());
    if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
        throw ioError("cannot create folder", dir, errno);
    syncDirectory(dir.parent_path());
}

void AtomicFile::removeStaleTempFiles(const fs::path &dir)
{
    std::error_code ec;
    for (const fs::directory_entry &entry : fs::directory_iterator(dir, ec))
        if (isTempName(entry.path().filename().string()))
            fs::remove(entry.path(), ec);
}

} // namespace streamstep
