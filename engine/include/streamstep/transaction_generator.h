// Generates transactions rows (accountId, branchCode, amount decimal(12,2), eventTime) from a
// seed, so the app's "generate rows", the benchmarks and the tests all see the same data for the
// same settings, on every machine and compiler (no std:: distributions, whose output is
// implementation-defined).
#pragma once

#include "streamstep/column_batch.h"

#include <cstdint>
#include <memory>

namespace streamstep {

struct TransactionGeneratorOptions {
    uint64_t seed = 1;
    int64_t numRows = 1000;        // rows of one generate() call; also the event-time rate unit
    int64_t numAccounts = 100;     // accountId "ACC-0000000" … (uniformly drawn)
    int64_t numBranches = 8;       // each account belongs to one home branch
    int64_t minAmountCents = 100;          // amount range, inclusive, in cents (decimal(12,2))
    int64_t maxAmountCents = 25'000'000;   // 250000.00
    int64_t startTimeMicros = 1'772'359'200'000'000; // 2026-03-01 10:00:00 UTC, like the lessons
    int64_t eventTimeSpanMicros = 5 * 60 * 1'000'000LL; // event time advances this much per numRows rows
    int64_t jitterMicros = 0;      // each row's event time moves by a uniform value in [-jitter, +jitter]
    double lateFraction = 0;       // share of rows that arrive late…
    int64_t latenessMicros = 15 * 60 * 1'000'000LL; // …with an event time this much older than their neighbours'
};

class TransactionRandom;

// Produces successive batches: event time keeps advancing across next() calls at
// eventTimeSpanMicros per numRows rows, so consecutive batches look like one continuing stream.
class TransactionGenerator {
public:
    explicit TransactionGenerator(const TransactionGeneratorOptions &options);
    ~TransactionGenerator();
    TransactionGenerator(TransactionGenerator &&) noexcept;
    TransactionGenerator &operator=(TransactionGenerator &&) noexcept;

    // The source schema of the bundled lessons: accountId string, branchCode string,
    // amount decimal(12,2), eventTime timestamp.
    static Schema schema();
    // The account id of account number `account` ("ACC-0000042"); the width grows with
    // numAccounts so ids of one generator sort like their numbers.
    std::string accountId(int64_t account) const;
    // The home branch code of a branch number: a city for the first ones, "BR-0042" after.
    static std::string branchCode(int64_t branch);

    // Returns the next `rows` rows of the stream.
    ColumnBatch next(int64_t rows);
    const TransactionGeneratorOptions &options() const { return m_options; }

private:
    TransactionGeneratorOptions m_options;
    std::unique_ptr<TransactionRandom> m_random;
    int64_t m_rowsGenerated = 0;
    int m_accountDigits = 7;
};

// Returns options.numRows rows from a fresh generator (the same rows for the same options).
ColumnBatch generateTransactions(const TransactionGeneratorOptions &options);

} // namespace streamstep
