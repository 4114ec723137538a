// The scenario file (shared/scenario-format.md): reading with FILE:LINE:COL errors, and writing.
#pragma once

#include "streamstep/column_batch.h"
#include "streamstep/error.h"
#include "streamstep/spark_version.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace streamstep {

enum class OutputMode { Append, Update, Complete };
std::string outputModeName(OutputMode mode); // "append", "update", "complete"

// An expression text from the file and where its string literal starts in the file.
struct ExprText {
    std::string text;
    TextPosition filePosition; // position of the opening quote of the JSON string
};

struct QueryOp {
    enum class Kind { WithWatermark, Filter, Select, WithColumn, GroupBy, DropDuplicates };
    Kind kind = Kind::Filter;
    std::string opName;        // as written: "filter" or "where", …
    TextPosition position;     // the op's JSON object

    // withWatermark
    std::string column;
    std::string delay;         // as written ("10 minutes")
    int64_t delayMs = 0;       // Spark's getDelayMs (month = 31 days), already validated >= 0
    // filter / where
    ExprText condition;
    // select: columns; groupBy: keys + aggs; dropDuplicates: columns (empty + allColumns = all)
    std::vector<ExprText> columns;
    std::vector<ExprText> keys;
    std::vector<ExprText> aggs;
    bool allColumns = false;
    // withColumn
    std::string name;
    ExprText expr;
};

struct SinkSpec {
    std::string format;                            // console, memory, csv, json, sqlite, foreachBatch
    std::map<std::string, nlohmann::json> options; // as written in the file
    TextPosition position;
};

// What a quiz question asks about the step it belongs to (docs/scenario-format.md, "Quizzes").
// For every kind but Choice the engine computes the answer from the run (streamstep/quiz.h), so
// an author writes none.
enum class QuizKind {
    Written,   // which result rows the trigger writes to the sink
    Watermark, // the watermark after the trigger
    StateRows, // the state rows after the trigger
    Dropped,   // which of the step's input rows are dropped as late
    Choice,    // multiple choice: authored options and answer
};
// The fact of the run that decides a choice question, so that `streamstep-cli check` can tell
// whether the marked option is right.
enum class QuizFact {
    None,
    RowsWritten,        // rows the trigger's batches hand to the sink
    StateRows,          // state rows after the trigger
    RowsDropped,        // input rows of the step dropped as late
    DroppedByWatermark, // Spark's numRowsDroppedByWatermark, summed over the trigger's batches
    Watermark,          // the watermark after the trigger
    Batches,            // micro-batches the trigger runs (a no-data batch counts)
};

// One question asked before a step runs ("quiz" of a step).
struct QuizQuestion {
    QuizKind kind = QuizKind::Choice;
    std::string prompt;
    std::string promptDe; // "prompt_de": the German prompt, when the author wrote one
    std::string explain;  // the author's words, shown with the engine's answer
    std::string explainDe;
    // Choice only.
    std::vector<std::string> options;
    std::vector<std::string> optionsDe;
    std::vector<int> answer;      // the marked options (indices into options), ascending
    bool multipleAnswers = false; // "answer" is an array: pick every right option
    QuizFact fact = QuizFact::None;
    TextPosition position;        // the question's object
};

// Where a step's rows came from when they were read from a "rowsFile", so that saving the
// lesson can write the reference again instead of every row (saveScenarioFile). The rows are
// still those of the file while rowsFingerprint(rows) equals `fingerprint` and the file still
// has the size and modification time it had when read; any edit of the rows (the app's input
// editor, generator, undo) shows in the fingerprint, whatever code path made it.
struct RowsFileOrigin {
    std::string text;          // as written in the scenario ("27-memory-trap/step0.csv")
    std::string path;          // the file read, canonical
    uintmax_t fileBytes = 0;   // its size when read
    int64_t modifiedTicks = 0; // its last write time when read (file_time_type ticks)
    uint64_t fingerprint = 0;  // rowsFingerprint of the rows as read
};

// A step's "generate": rows the engine computes from a running id instead of rows written out
// (docs/scenario-format.md, "Generated rows"), so a lesson of a million rows stays a few lines
// and Spark can compute the same rows itself (spark.range(start, start + rows).selectExpr(…)).
// Kept on the step after its rows are computed, so that saving writes the spec again while
// rowsFingerprint(rows) still equals `fingerprint` (any edit of the rows shows there).
struct GeneratedRows {
    int64_t rows = 0;                 // how many: id runs from start to start + rows - 1
    int64_t start = 0;
    std::vector<ExprText> columns;    // one expression over `id` per source column, in schema order
    TextPosition position;            // the "generate" object
    uint64_t fingerprint = 0;         // rowsFingerprint of the rows computed from it
};

struct Step {
    ColumnBatch rows;                           // typed to the source schema
    std::optional<int64_t> processingTimeMicros; // "processingTime"
    TextPosition position;
    std::vector<QuizQuestion> quiz;             // asked before the step runs
    std::optional<RowsFileOrigin> rowsFile;     // set when the rows were read from a "rowsFile"
    std::optional<GeneratedRows> generate;      // set when the rows were computed from a "generate"
};

struct Scenario;

// Whether the step's rows are still those its "generate" computed (unedited): then the writer
// and the export write the spec instead of the rows.
bool stillGenerated(const Step &step);
// Computes the rows of every step that has a "generate" and has not been computed yet or is
// unedited (stillGenerated; an edited step keeps its rows), typed to the source schema, with the
// scenario's Spark version and conf (spark.sql.ansi.enabled) as the query would bind them. Each
// expression is bound against the single column `id` (long) and cast to its column's type as
// CAST((expr) AS type) would. Throws Error with "FILE:LINE:COL: generate column 'c', column N: …"
// (the expression's place) for an expression the engine refuses or a row it cannot compute
// (ANSI errors), like the query's expressions. readScenarioFile and parseScenario call it;
// applyOverrides calls it again for the unedited generated steps when the version or conf changes.
void computeGeneratedRows(Scenario &scenario);

// A 64-bit fingerprint of the rows: their schema's types, NULL flags and values (doubles bit for
// bit). Equal rows give equal fingerprints; an edit changes it (but for a 2^-64 chance).
uint64_t rowsFingerprint(const ColumnBatch &rows);

std::string quizKindName(QuizKind kind); // "written", "watermark", "stateRows", "dropped", "choice"
std::optional<QuizKind> parseQuizKind(std::string_view text);
std::string quizFactName(QuizFact fact); // "rowsWritten", …; "" for None
std::optional<QuizFact> parseQuizFact(std::string_view text);
// What a choice option says about its question's fact: for a counting fact the whole number the
// option starts with ("2", "2 rows"), for the watermark the option as a timestamp of the file's
// forms, in milliseconds. nullopt when the option says no such value.
std::optional<int64_t> quizOptionValue(QuizFact fact, std::string_view option);

struct Expectation {
    int step = 0;
    std::optional<nlohmann::json> emitted; // array of row objects, compared order-insensitively
    std::optional<int64_t> rowsWritten;    // how many rows the step's batches hand to the sink
    std::optional<int64_t> stateRows;
    std::optional<int64_t> stateRowsUpdated;
    std::optional<int64_t> droppedByWatermark;
    std::optional<nlohmann::json> eventTime; // {min,max,avg,watermark} subset, as written
    TextPosition position;
};

struct ExpectError {
    int exitCode = 2;
    std::vector<std::string> messageContains;
};


// One Spark configuration entry of a lesson ("conf") or of the command line (--conf KEY=VALUE).
struct ConfEntry {
    std::string key;
    std::string value;
    TextPosition position;        // of the value in the file
    bool fromCommandLine = false; // --conf: messages name the option instead of a position
    TextPosition keyPosition;     // of the key in the file (an unknown key is reported there)
};

// The Spark settings a query runs with: the version's defaults, then the lesson's conf.
struct SparkConf {
    SparkVersion version = SparkVersion::Spark35;
    bool ansi = false;                 // spark.sql.ansi.enabled (4.2: true)
    bool noDataMicroBatches = true;    // spark.sql.streaming.noDataMicroBatches.enabled
    bool maxWatermarkPolicy = false;   // spark.sql.streaming.multipleWatermarkPolicy=max
    bool checkCorrectness = true;      // spark.sql.streaming.statefulOperator.checkCorrectness.enabled
    std::string sessionTimeZone = "UTC"; // spark.sql.session.timeZone
};

// How far into the course a lesson is ("level"), for the app's Lessons page.
enum class LessonLevel { None, Beginner, Intermediate, Advanced };
std::string lessonLevelName(LessonLevel level); // "beginner", "intermediate", "advanced"; "" for None
std::optional<LessonLevel> parseLessonLevel(std::string_view text);
// The topics a lesson may name ("topic"), in course order: the Lessons page shows its groups in
// this order: "output-modes", "sinks", "mistakes", "windows", "watermarks", "state", "spark-versions".
const std::vector<std::string> &lessonTopics();

struct Scenario {
    std::string fileName;   // as given to readScenarioFile (for messages); "<text>" otherwise
    std::string title;
    std::string description;
    std::string titleDe;       // "title_de": the title in German, when the author wrote one
    std::string descriptionDe; // "description_de": the description in German (Markdown)
    std::string topic;         // one of lessonTopics(), or "" when the file names none
    LessonLevel level = LessonLevel::None;
    std::vector<std::string> tags; // "tags": more words the Lessons page's search finds
    std::string sourceName;
    Schema sourceSchema;
    std::vector<QueryOp> query;
    OutputMode outputMode = OutputMode::Append;
    TextPosition outputModePosition;
    SinkSpec sink;
    std::vector<Step> steps;
    std::vector<Expectation> expect;
    std::optional<ExpectError> expectError;
    SparkVersion sparkVersion = SparkVersion::Spark35;
    bool hasSparkVersion = false; // "sparkVersion" was given (the writer writes it back only then)
    std::vector<ConfEntry> conf;  // in file order, then command-line overrides
};

// The settings a scenario's query runs with: its Spark version's defaults, then every conf
// entry in order. Throws Error(ErrorKind::Scenario, "FILE:LINE:COL: …") for a key StreamStep
// does not know (only keys listed as accepted without effect pass, like
// spark.sql.shuffle.partitions) or a value Spark would refuse, with Spark's words.
SparkConf sparkConfOf(const Scenario &scenario);
// What the command line may override in a scenario (streamstep-cli --spark-version, --conf,
// --output-mode; the app's version choice): each wins over the file.
struct ScenarioOverrides {
    std::optional<SparkVersion> sparkVersion;
    std::vector<ConfEntry> conf; // appended after the file's, so they win
    std::optional<OutputMode> outputMode;
};
// Applies the overrides and checks the resulting conf (throws like sparkConfOf, naming the
// --conf entry that is wrong).
void applyOverrides(Scenario &scenario, const ScenarioOverrides &overrides);
// Parses an output mode name the way Spark does (case-insensitive); nullopt otherwise.
std::optional<OutputMode> parseOutputMode(std::string_view text);

// Parses "3.5" / "4.2" (also "3.5.9", "4.2.0"); nullopt for any other text.
std::optional<SparkVersion> parseSparkVersion(std::string_view text);

// The processing time of step `index`'s trigger (what current_timestamp() returns in its batches
// and the progress timestamp): the step's processingTime when it has one, else 0 for the first
// step and one second after the previous trigger — the manual clock of Spark's stream tests,
// advanced by one trigger interval. The one clock rule of the CLI, the app and the tests.
int64_t triggerTimeMicros(const std::vector<Step> &steps, size_t index);
// The same for every step at once.
std::vector<int64_t> triggerTimesMicros(const std::vector<Step> &steps);
// Whether step `index`'s trigger time is that manual clock alone: no step up to it names a
// processingTime, so the time counts seconds from 1970-01-01 (as in Spark's stream tests) and
// says nothing about how far the watermark is behind a real clock.
bool triggerTimeIsManualClock(const std::vector<Step> &steps, size_t index);

// The limits of a scenario file (docs/scenario-format.md, "Limits"). Lessons are shared between
// strangers, so a file is untrusted: these are far beyond any lesson a teacher writes (the
// bundled ones are under 200 KB with fewer than 40 steps), yet keep a hostile or broken file
// from exhausting memory or freezing the app. Reading refuses a file beyond one of them with
// "FILE:LINE:COL: …" at the first value over the limit (the file size without a place).
inline constexpr int64_t kMaxScenarioFileBytes = 64 * 1024 * 1024; // 64 MiB
inline constexpr size_t kMaxScenarioStringBytes = 1024 * 1024;    // any JSON string or key: 1 MiB
inline constexpr size_t kMaxScenarioSteps = 100'000;
inline constexpr size_t kMaxScenarioRowsPerStep = 1'000'000;     // written in the scenario file
inline constexpr size_t kMaxScenarioTotalRows = 2'000'000;         // written in the file, all steps
// A step's "rowsFile" may hold more rows than a step written in the file (a big demo's data)...
inline constexpr size_t kMaxRowsFileRows = 10'000'000;
// The most rows one "generate" step may compute: kMaxRowsFileRows unless lowered. Programs that
// read strangers' files by the thousand lower it (the fuzz harnesses: libFuzzer turns a step's
// 20 rows into 2,000,000 in one mutation, and one input must not cost seconds and gigabytes);
// the reader refuses a step over it with its located error. Process-wide.
void setMaxGeneratedStepRows(size_t rows);
size_t maxGeneratedStepRows();
// ...and every step's rows together (in the file and from rows files) at most this many values,
// rows times the source's columns: what bounds their memory whatever the shape (a string cell
// holds 33 bytes, so about 1.3 GB), since a short row such as {} stands for a NULL in every
// column. Ten million rows of four columns fit.
inline constexpr size_t kMaxScenarioCells = 40'000'000;
inline constexpr size_t kMaxScenarioColumns = 1'000;               // source schema columns
// Every JSON value of the document (a row [a, b] is three): the parsed tree costs about 130
// bytes a value, so this keeps the worst file near 1.3 GB while reading; a million rows of
// four columns (about 50 MB of lesson) need five million.
inline constexpr size_t kMaxScenarioJsonValues = 10'000'000;
// A step's "rowsFile" (an NDJSON or CSV file next to the scenario) may be this large; its rows
// count towards the row limits above.
inline constexpr int64_t kMaxRowsFileBytes = 1024LL * 1024 * 1024; // 1 GiB

// Reads and validates a scenario file. Throws Error(ErrorKind::Scenario, "FILE:LINE:COL: what is
// wrong") on unreadable files, JSON syntax errors, unknown keys, wrong types, values that do not
// fit their column, invalid durations, duplicate column names, too-deep nesting and files
// beyond the limits above.
Scenario readScenarioFile(const std::string &path);
Scenario parseScenario(const std::string &text, const std::string &fileName = "<text>");
// What a list of lessons reads: the lesson's texts, topic, level and tags, with everything
// parseScenario checks but the steps' outside data. A rowsFile is checked by name (relative,
// inside the folder, a known extension) but neither opened nor read, and a "generate" is checked
// but not computed, so that listing a lesson of a million rows costs what listing a small one
// does. Those steps have no rows: open the lesson with parseScenario to run it.
Scenario parseScenarioOutline(const std::string &text, const std::string &fileName = "<text>");

// Writes a scenario back in the contract's format; parseScenario(writeScenario(s)) == s. Every
// step's rows are written inline ("rows"), wherever they came from.
std::string writeScenario(const Scenario &scenario);

// What saveScenarioFile writes inline: a step's rows go into the lesson file ("rows") when they
// are no more than this many, and all inline rows together stay below the second limit and
// their values (rows times columns) below the third; any other step's rows go into a rows file
// next to the lesson. Far inside the reader's limits, so what is saved always reopens.
inline constexpr size_t kMaxSavedInlineStepRows = 10'000;
inline constexpr size_t kMaxSavedInlineRows = 200'000;
inline constexpr size_t kMaxSavedInlineCells = 2'000'000;

// Saves a scenario as the file `path` (docs/scenario-format.md, "Saving a lesson with rows
// files"), writing "rowsFile" instead of rows where it can:
//  * a step whose rows are still those of the rows file it was read from (RowsFileOrigin) refers
//    to that file again when the file lies inside the folder `path` is in (the text as written
//    when it still resolves there, else the path relative to that folder);
//  * when it lies elsewhere (Save As into another folder), the rows file is copied next to the
//    lesson, under the same relative name, or with "-2", "-3", … before the extension when that
//    name holds a different file;
//  * any other step (its rows edited, generated or typed, or its file changed on disk since it
//    was read) is written inline when small (the limits above), else as a new NDJSON rows file
//    "STEM.stepN.ndjson" next to the lesson (STEM: the file name without ".scenario.json"), with
//    "-2", … when that name holds a different file.
// An existing file is never overwritten, except `path` itself: a copy or new rows file whose
// name is taken by a file with the same bytes is used as it is. Every file is written under a
// temporary name and then renamed. Afterwards scenario.fileName is `path` and each step's
// rowsFile describes the file it now refers to (nullopt for inline rows). Throws
// Error(ErrorKind::Scenario, "PATH: …") when a file cannot be written or the scenario is beyond
// what the reader accepts (a step of more than kMaxRowsFileRows rows, more than
// kMaxScenarioCells values in all, a lesson file over kMaxScenarioFileBytes); the scenario is
// then unchanged and no new file is left behind.
void saveScenarioFile(Scenario &scenario, const std::string &path);

// Why parseCellText refused a text, so that each caller can word it its own way (the reader puts
// FILE:LINE:COL and the column in front, the GUI translates and adds hints).
enum class CellTextProblem {
    NotAValue,        // not a value of the type at all: "yes" for boolean, "12abc" for int
    DoesNotFit,       // a number outside int/long/double, or too many digits for decimal(p,s)
    NotAPlainDecimal, // decimal text that is no plain decimal number: "1e3", "12,5"
    NotATimestamp,    // neither of the file format's two timestamp spellings
    NoTextForm,       // the type has no cell text (null, window)
};
struct CellTextError {
    CellTextProblem problem = CellTextProblem::NotAValue;
    // The scenario reader's words, without position and column: "\"yes\" is not a boolean",
    // "value 3000000000 does not fit int", "\"10:00\" is not a timestamp (expected ...)".
    std::string message;
};

// Parses the text of one cell as a value of `type`, by the rules the scenario reader applies to
// the same value in a file (it calls the same code), so that whatever is typed into a cell saves
// and reopens unchanged:
//   boolean   true / false, in any case
//   int, long a whole number with an optional sign, in the type's range
//   double    a decimal or exponent number ("2.5E-3", "+1", ".5"), or NaN, Infinity, -Infinity;
//             too small rounds towards zero like Spark, too large does not fit
//   decimal   a plain decimal number ("-12.50", "+3", ".5"; no exponent) fitting precision and
//             scale; extra fraction digits only when they are zeros (12.50 fits decimal(4,1))
//   timestamp "YYYY-MM-DD HH:MM:SS[.ffffff]" or "YYYY-MM-DDTHH:MM:SS[.ffffff][Z]", always UTC
//   string    the text as it is (no trimming; "NULL" is the four-letter string)
// In every other column the text is trimmed first, and empty text or NULL (any case) is SQL
// NULL: a cell cannot spell JSON's null, so this is the one cell rule a file does not have (a
// file also says which JSON kind a value is: 12 for an int, never "12"). On failure returns
// nullopt and fills `error` (when given).
std::optional<Value> parseCellText(std::string_view text, const DataType &type, CellTextError *error = nullptr);

} // namespace streamstep
