// Fuzzes what `streamstep-cli sink-cat` reads: a csv or json file sink folder (its
// _spark_metadata manifest and part files) or a SQLite database, given as a bundle of files
// ("sink/_spark_metadata/0", "sink/part-00000-c000.csv", "db.sqlite", ...). Every part file is
// also parsed directly against a few schemas, so the CSV and JSON-lines readers are reached even
// when the manifest's sizes do not match. Damage must be an Error, never a crash. The readers'
// in-memory entry points (FileSink::readCommitted of a folder's files, SqliteSink::readTable of
// a database's bytes) run the code sink-cat runs on the disk, without writing a file per input.
#include "fuzz_support.h"

#include "sinks/csv_format.h"
#include "sinks/file_sink.h"
#include "sinks/json_lines_format.h"
#include "sinks/sqlite_sink.h"

#include <cstdint>
#include <string>

using namespace streamstep;

namespace {

std::vector<Schema> partSchemas()
{
    Schema all;
    all.fields = {{"accountId", DataType::string(), std::nullopt}, {"amount", DataType::decimal(12, 2), std::nullopt},
                  {"eventTime", DataType::timestamp(), std::nullopt}, {"n", DataType::int32(), std::nullopt},
                  {"big", DataType::int64(), std::nullopt}, {"x", DataType::float64(), std::nullopt},
                  {"flag", DataType::boolean(), std::nullopt}, {"d", DataType::decimal(38, 18), std::nullopt}};
    Schema windowed;
    windowed.fields = {{"window", DataType::window(), std::nullopt}, {"accountId", DataType::string(), std::nullopt},
                       {"total", DataType::decimal(22, 2), std::nullopt}};
    return {all, windowed};
}

} // namespace

// FileSink::readCommitted(FolderFiles) copies the files into a scratch folder of
// fs::temp_directory_path(): tmpfs, not the disk (fuzz_support.h).
extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    fuzz::useScratchAsTempDir();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const std::vector<Schema> schemas = partSchemas();
    const std::vector<fuzz::BundleFile> files =
        fuzz::parseBundle(std::string_view(reinterpret_cast<const char *>(data), size));
    FileSink::FolderFiles sinkFolder;
    const std::string *database = nullptr;
    for (const fuzz::BundleFile &file : files) {
        if (file.path.starts_with("sink/"))
            sinkFolder.insert_or_assign(file.path.substr(5), file.bytes);
        else if (file.path == "db.sqlite")
            database = &file.bytes;
    }
    for (const fuzz::BundleFile &file : files) {
        if (file.path.ends_with(".csv")) {
            try {
                const auto records = CsvFormat::parse(file.bytes);
                for (const Schema &schema : schemas)
                    for (const auto &record : records) {
                        try {
                            (void)CsvFormat::toRow(record, schema);
                        } catch (const Error &) {
                        }
                    }
            } catch (const Error &) {
            }
        } else if (file.path.ends_with(".json")) {
            size_t start = 0;
            while (start < file.bytes.size()) {
                size_t end = file.bytes.find('\n', start);
                if (end == std::string::npos)
                    end = file.bytes.size();
                for (const Schema &schema : schemas) {
                    try {
                        (void)JsonLinesFormat::parseRow(std::string_view(file.bytes).substr(start, end - start), schema);
                    } catch (const Error &) {
                    }
                }
                start = end + 1;
            }
        }
    }
    try {
        (void)FileSink::readCommitted(sinkFolder, "sink");
    } catch (const Error &) {
    }
    if (database) {
        for (const char *table : {"", "totals"}) {
            try {
                (void)SqliteSink::readTable(*database, "db.sqlite", table);
            } catch (const Error &) {
            }
        }
    }
    return 0;
}
