// rowsFingerprint (streamstep/scenario.h) as rows arrive: the rows-file reader feeds each chunk's
// rows while they are still in the cache instead of reading all the columns again at the end.
#pragma once

#include "streamstep/column_batch.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace streamstep {

class Fingerprint {
public:
    // Each step is a bijection of the state for a fixed word and of the word for a fixed state,
    // so one changed word always changes the result.
    void add(uint64_t word) { m_state = (std::rotl(m_state, 5) ^ word) * 0x9E3779B97F4A7C15ULL; }
    void addBytes(std::string_view bytes)
    {
        add(bytes.size());
        size_t at = 0;
        for (; at + 8 <= bytes.size(); at += 8) {
            uint64_t word = 0;
            std::memcpy(&word, bytes.data() + at, 8);
            add(word);
        }
        uint64_t last = 0;
        std::memcpy(&last, bytes.data() + at, bytes.size() - at);
        add(last);
    }
    uint64_t value() const { return m_state ^ (m_state >> 31); }

private:
    uint64_t m_state = 0x243F6A8885A308D3ULL;
};

// What rowsFingerprint computes, over rows added in order: per column its NULL flags eight to a
// word, and the values of its non-NULL rows in four lanes (row r in lane r % 4: four independent
// chains, so the multiplications overlap); then the row count, and per column its type, its
// flags and its lanes. add(rows, from) takes rows [from, rows.numRows) of a batch that only grows
// (the same schema each time); value(rows) gives rowsFingerprint(rows) once all are added.
class RowsFingerprinter {
public:
    void add(const ColumnBatch &rows, size_t from);
    uint64_t value(const ColumnBatch &rows) const;

private:
    struct ColumnState {
        Fingerprint flags;
        uint64_t pendingFlags = 0; // the flags of the last rows, short of a word
        int numPending = 0;
        Fingerprint lanes[4];
    };
    std::vector<ColumnState> m_columns;
};

} // namespace streamstep
