#include "sources/transaction_generator.h"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace streamstep {

namespace {

uint64_t splitMix64(uint64_t &x)
{
    uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t rotateLeft(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

int digitsOf(int64_t v)
{
    int n = 1;
    while (v >= 10) {
        v /= 10;
        ++n;
    }
    return n;
}

// Writes `value` as exactly `width` decimal digits (zero-padded) after `prefix`.
std::string paddedId(std::string_view prefix, int64_t value, int width)
{
    std::string out(prefix.size() + static_cast<size_t>(std::max(width, digitsOf(value))), '0');
    std::copy(prefix.begin(), prefix.end(), out.begin());
    for (size_t i = out.size(); value > 0 && i > prefix.size(); --i) {
        out[i - 1] = static_cast<char>('0' + value % 10);
        value /= 10;
    }
    return out;
}

constexpr std::array<const char *, 10> kCities = {"MUMBAI",    "DELHI",     "CHENNAI", "KOLKATA",
                                                  "BENGALURU", "HYDERABAD", "PUNE",    "AHMEDABAD",
                                                  "JAIPUR",    "LUCKNOW"};

} // namespace

TransactionRandom::TransactionRandom(uint64_t seed)
{
    uint64_t x = seed;
    for (uint64_t &s : m_state)
        s = splitMix64(x);
}

uint64_t TransactionRandom::next()
{
    const uint64_t result = rotateLeft(m_state[1] * 5, 7) * 9;
    const uint64_t t = m_state[1] << 17;
    m_state[2] ^= m_state[0];
    m_state[3] ^= m_state[1];
    m_state[1] ^= m_state[2];
    m_state[0] ^= m_state[3];
    m_state[2] ^= t;
    m_state[3] = rotateLeft(m_state[3], 45);
    return result;
}

uint64_t TransactionRandom::below(uint64_t bound)
{
    unsigned __int128 m = static_cast<unsigned __int128>(next()) * bound;
    uint64_t low = static_cast<uint64_t>(m);
    if (low < bound) {
        const uint64_t threshold = (0 - bound) % bound;
        while (low < threshold) {
            m = static_cast<unsigned __int128>(next()) * bound;
            low = static_cast<uint64_t>(m);
        }
    }
    return static_cast<uint64_t>(m >> 64);
}

int64_t TransactionRandom::between(int64_t low, int64_t high)
{
    const uint64_t span = static_cast<uint64_t>(high) - static_cast<uint64_t>(low);
    if (span == UINT64_MAX)
        return static_cast<int64_t>(next());
    return static_cast<int64_t>(static_cast<uint64_t>(low) + below(span + 1));
}

double TransactionRandom::unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

TransactionGenerator::TransactionGenerator(const TransactionGeneratorOptions &options)
    : m_options(options), m_random(std::make_unique<TransactionRandom>(options.seed))
{
    if (options.numRows <= 0 || options.numAccounts <= 0 || options.numBranches <= 0
        || options.minAmountCents > options.maxAmountCents || options.eventTimeSpanMicros < 0
        || options.jitterMicros < 0 || options.lateFraction < 0 || options.lateFraction > 1
        || options.latenessMicros < 0)
        throw std::invalid_argument("invalid transaction generator options");
    m_accountDigits = std::max(4, digitsOf(options.numAccounts));
}

TransactionGenerator::~TransactionGenerator() = default;
TransactionGenerator::TransactionGenerator(TransactionGenerator &&) noexcept = default;
TransactionGenerator &TransactionGenerator::operator=(TransactionGenerator &&) noexcept = default;

Schema TransactionGenerator::schema()
{
    Schema s;
    s.fields = {{"accountId", DataType::string(), {}},
                {"branchCode", DataType::string(), {}},
                {"amount", DataType::decimal(12, 2), {}},
                {"eventTime", DataType::timestamp(), {}}};
    return s;
}

std::string TransactionGenerator::accountId(int64_t account) const
{
    return paddedId("ACC-", account, m_accountDigits);
}

std::string TransactionGenerator::branchCode(int64_t branch)
{
    if (branch >= 1 && branch <= static_cast<int64_t>(kCities.size()))
        return kCities[static_cast<size_t>(branch - 1)];
    return paddedId("BR-", branch, 4);
}

ColumnBatch TransactionGenerator::next(int64_t rows)
{
    const TransactionGeneratorOptions &o = m_options;
    ColumnBatch batch = ColumnBatch::empty(schema());
    rows = std::max<int64_t>(rows, 0);
    const size_t n = static_cast<size_t>(rows);
    for (Column &c : batch.columns)
        c.reserve(n);
    Column &accounts = batch.columns[0];
    Column &branches = batch.columns[1];
    Column &amounts = batch.columns[2];
    Column &times = batch.columns[3];

    std::vector<std::string> branchNames;
    for (int64_t b = 1; b <= std::min<int64_t>(o.numBranches, 4096); ++b)
        branchNames.push_back(branchCode(b));

    for (int64_t i = 0; i < rows; ++i) {
        const int64_t account = static_cast<int64_t>(m_random->below(static_cast<uint64_t>(o.numAccounts))) + 1;
        // The home branch depends on the account only, not on the seed.
        uint64_t branchSeed = static_cast<uint64_t>(account);
        const int64_t branch = static_cast<int64_t>(splitMix64(branchSeed) % static_cast<uint64_t>(o.numBranches)) + 1;
        const int64_t cents = m_random->between(o.minAmountCents, o.maxAmountCents);
        const int64_t row = m_rowsGenerated + i;
        int64_t t = o.startTimeMicros
            + static_cast<int64_t>(static_cast<Int128>(o.eventTimeSpanMicros) * row / o.numRows);
        if (o.jitterMicros > 0)
            t += m_random->between(-o.jitterMicros, o.jitterMicros);
        if (o.lateFraction > 0 && m_random->unit() < o.lateFraction)
            t -= o.latenessMicros;

        accounts.appendString(accountId(account));
        branches.appendString(branch <= static_cast<int64_t>(branchNames.size())
                                  ? branchNames[static_cast<size_t>(branch - 1)]
                                  : branchCode(branch));
        amounts.appendDecimal(cents);
        times.appendInt(t);
    }
    m_rowsGenerated += rows;
    batch.numRows = n;
    return batch;
}

ColumnBatch generateTransactions(const TransactionGeneratorOptions &options)
{
    TransactionGenerator generator(options);
    return generator.next(options.numRows);
}

} // namespace streamstep
