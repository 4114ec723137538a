// Writes files so that a crash at any moment leaves either the old content or the new one, never
// a torn file: the basis of the checkpoint logs and the file sink's manifest (Spark:
// HDFSMetadataLog writes a temp file and renames it into place).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace streamstep {

class AtomicFile {
public:
    // Writes bytes to `.<name>.tmp` next to path, fsyncs it, renames it over path and fsyncs the
    // folder, so the new name is durable too. Throws Error(Runtime) naming the file and the
    // system's reason (No space left on device, File too large, Permission denied, …); the temp
    // file is removed on failure.
    static void write(const std::filesystem::path &path, std::string_view bytes);

    // Reads a whole file. Throws Error(Runtime) naming the file when it cannot be read.
    static std::string read(const std::filesystem::path &path);

    // Creates a folder and its missing parents, fsyncing each new folder's parent so the
    // folders survive a crash. Throws Error(Runtime) naming the folder.
    static void createDirectories(const std::filesystem::path &dir);

    // Removes the `.<name>.tmp` files a crash left behind in dir (they were never renamed into
    // place, so nothing refers to them).
    static void removeStaleTempFiles(const std::filesystem::path &dir);

    // fsyncs a folder, making renames and new entries in it durable.
    static void syncDirectory(const std::filesystem::path &dir);

    // True for the temp names write() uses, so folder listings can skip them.
    static bool isTempName(std::string_view fileName);
};

} // namespace streamstep
