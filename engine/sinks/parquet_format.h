// Writes and reads the Parquet files of the parquet sink (Spark's default file format). Debian 12
// packages no Arrow/Parquet C++ library, so this is a small writer for exactly what the sink
// needs, following the format's specification (parquet-format, parquet.thrift):
//
// * one row group per file, one data page (v1) per column, PLAIN encoding, pages compressed with
//   Snappy; nulls as definition levels (RLE/bit-packed hybrid), every column OPTIONAL as Spark
//   writes nullable columns;
// * types as Spark writes them: boolean BOOLEAN; int INT32; long INT64; double DOUBLE; string
//   BYTE_ARRAY STRING; decimal(p,s) DECIMAL(p,s) on INT32 (p ≤ 9), INT64 (p ≤ 18) or a
//   FIXED_LEN_BYTE_ARRAY of the fewest bytes (big-endian two's complement); timestamp INT64
//   TIMESTAMP(MICROS, isAdjustedToUTC); a window struct as an optional group {start, end} of two
//   timestamps (definition levels 0 = null window, 2 = present);
// * column statistics (null count, min and max as PLAIN values, with type-defined column orders)
//   in each column chunk and page header, and Spark's row metadata (the Catalyst schema as JSON,
//   org.apache.spark.sql.parquet.row.metadata) in the footer;
// * the footer: FileMetaData in Thrift's compact protocol, its length, and the magic PAR1.
//
// The reader reads these files back (and other files that use only the same features: plain
// data pages, uncompressed or Snappy, flat columns and such window groups).
#pragma once

#include "streamstep/column_batch.h"

#include <string>
#include <string_view>

namespace streamstep {

class ParquetFormat {
public:
    // The bytes of a Parquet file holding `rows` (its schema's names and types).
    static std::string write(const ColumnBatch &rows);
    // Reads a Parquet file's rows with the schema its footer gives. Throws Error(Runtime) saying
    // what is damaged or not supported.
    static ColumnBatch read(std::string_view bytes);

    static constexpr const char *kCreatedBy = "StreamStep parquet sink (parquet-format 2.9, PLAIN, Snappy)";
};

} // namespace streamstep
