// Shares what the libFuzzer harnesses need besides their target: the bundled lessons (the queries
// the binary harnesses restore state and checkpoints for), a scratch folder per process, and
// the "bundle" input form that lets one fuzz input be a whole folder of files (a checkpoint, a
// file sink), so that the fuzzer mutates names, contents and their mix together.
#pragma once

#include "streamstep/scenario.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace streamstep::fuzz {

// One file of a bundle: a relative path (checked by safeBundlePath) and its bytes.
struct BundleFile {
    std::string path;
    std::string bytes;
};

// A bundle is files separated by kBundleSeparator; each file is "PATH\n" followed by its bytes.
inline constexpr std::string_view kBundleSeparator = "\n--8<--\n";

std::vector<BundleFile> parseBundle(std::string_view data);
std::string writeBundle(const std::vector<BundleFile> &files);
// A path of 1 to 4 parts, each of [A-Za-z0-9._-] and not "." or "..": nothing a fuzz input names
// can leave the scratch folder.
bool safeBundlePath(std::string_view path);

// Empties `dir` (created if missing) and writes the bundle's files with safe paths into it.
void writeBundleFolder(const std::filesystem::path &dir, const std::vector<BundleFile> &files);
// Reads every regular file under dir back into a bundle (paths relative to dir, sorted).
std::vector<BundleFile> readBundleFolder(const std::filesystem::path &dir);

// A scratch folder of this process under $STREAMSTEP_FUZZ_TMP, /dev/shm or the temp folder
// (tmpfs keeps millions of writes cheap); removed at exit.
const std::filesystem::path &scratchFolder();

// The source tree (compiled in), for the bundled lessons.
std::filesystem::path sourceDir();
// The bundled lessons (scenarios/*.scenario.json), read once, sorted by file name.
const std::vector<Scenario> &bundledLessons();
// The queries the state and checkpoint harnesses restore: every bundled lesson whose query
// compiles, then three shapes no lesson has (dropDuplicates + session window, sliding windows
// in complete mode with every aggregate into a memory sink, a dedupe-only query).
const std::vector<Scenario> &fuzzQueries();
// The queries the checkpoint harness restarts: fuzzQueries() and the durable-sink scenarios of
// tests/data/sinks (csv, json, sqlite), cut down like smallLesson.
const std::vector<Scenario> &checkpointQueries();
// A lesson cut down to a fuzz-sized seed: the first `maxSteps` steps with at most `maxRows`
// rows each, no expectations.
Scenario smallLesson(const Scenario &lesson, size_t maxSteps = 3, size_t maxRows = 4);

} // namespace streamstep::fuzz
