// Shares what the libFuzzer harnesses need besides their target: the bundled lessons (the queries
// the binary harnesses restore state and checkpoints for), a scratch folder per process, and
// the "bundle" input form that lets one fuzz input be a whole folder of files (a checkpoint, a
// file sink), so that the fuzzer mutates names, contents and their mix together.
#pragma once

#include "streamstep/engine.h"
#include "streamstep/scenario.h"

#include <cstdint>
#include <filesystem>
#include <memory>
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
// Points TMPDIR at a folder inside scratchFolder(), so that the engine's own scratch copies
// (FileSink::readCommitted of a bundle's files goes through fs::temp_directory_path()) land on
// tmpfs too: on the ext4 /tmp the sink reader spent most of an input in mkdir, create and unlink.
void useScratchAsTempDir();

// The source tree (compiled in), for the bundled lessons.
std::filesystem::path sourceDir();
// How much of a lesson smallLesson keeps: steps, and rows of each step.
inline constexpr size_t kSmallLessonSteps = 3;
inline constexpr size_t kSmallLessonRows = 4;
// What a fuzzed scenario's "generate" step may compute (setMaxGeneratedStepRows): harnesses
// whose input is a scenario call limitGeneratedRows() in LLVMFuzzerInitialize.
inline constexpr size_t kFuzzGeneratedStepRows = 10'000;
void limitGeneratedRows();
// The bundled lessons (scenarios/*.scenario.json), read once, sorted by file name, each step's
// rows file and "generate" cut to its first kSmallLessonRows rows: the lessons are read from a copy in the
// scratch folder whose rows files hold only those (fileName still names the lesson in
// scenarios/). Only smallLesson's cut of them is used, and reading all 200,000 rows of lessons
// 27a/27b took 9 CPU seconds under ASan, half of CI's 20 s of fuzzing.
const std::vector<Scenario> &bundledLessons();
// The queries the state and checkpoint harnesses restore: every bundled lesson whose query
// compiles, then three shapes no lesson has (dropDuplicates + session window, sliding windows
// in complete mode with every aggregate into a memory sink, a dedupe-only query).
const std::vector<Scenario> &fuzzQueries();
// The queries the checkpoint harness restarts: fuzzQueries() and the durable-sink scenarios of
// tests/data/sinks (csv, json, sqlite), cut down like smallLesson.
const std::vector<Scenario> &checkpointQueries();
// Query::compile of each of fuzzQueries() / checkpointQueries(), once (nullptr for a query that
// does not compile): the harnesses run the query an input picks without planning it again.
const std::vector<std::shared_ptr<const Query>> &compiledFuzzQueries();
const std::vector<std::shared_ptr<const Query>> &compiledCheckpointQueries();
// A lesson cut down to a fuzz-sized seed: the first `maxSteps` steps with at most `maxRows`
// rows each, no expectations.
Scenario smallLesson(const Scenario &lesson, size_t maxSteps = kSmallLessonSteps, size_t maxRows = kSmallLessonRows);

} // namespace streamstep::fuzz
