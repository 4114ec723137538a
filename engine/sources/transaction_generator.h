// The pseudo-random stream behind TransactionGenerator: xoshiro256** seeded through SplitMix64,
// with Lemire's unbiased bounded integers. Written out here (not std::mt19937 +
// std::uniform_int_distribution) because the same seed must give the same rows with every
// standard library.
#pragma once

#include "streamstep/transaction_generator.h"

#include <cstdint>

namespace streamstep {

class TransactionRandom {
public:
    explicit TransactionRandom(uint64_t seed);

    uint64_t next();
    // Uniform in [0, bound); bound > 0.
    uint64_t below(uint64_t bound);
    // Uniform in [low, high], inclusive.
    int64_t between(int64_t low, int64_t high);
    // Uniform in [0, 1) with 53 random bits.
    double unit();

private:
    uint64_t m_state[4];
};

} // namespace streamstep
