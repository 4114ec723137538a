#include "operators/group_table.h"

#include "types/value_order.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace streamstep {

using keyops::load32;
using keyops::load64;
using keyops::orderedDoubleBits;
using keyops::sameBytes;

namespace {

constexpr uint64_t kSeed = 0x9e3779b97f4a7c15ULL;
constexpr uint64_t kNullHash = 0x5bd1e9955bd1e995ULL;

// A row's hash is the sum of one term per key column (columnHash): the column's value words,
// salted by the column's position, times an odd constant. Cheap column at a time, and a key
// differing from another in one column only (the window of a sliding pane) is rehashed by
// swapping that column's term. tagOf() mixes the sum thoroughly before it is used.
inline uint64_t mixWord(uint64_t v)
{
    return v * 0xd6e8feb86659fd93ULL;
}

uint64_t salt(size_t column) { return kSeed * (2 * column + 1); }

// hashBytes' last step: its two words of the bytes' end and its running hash into one word.
inline uint64_t mixBytes(uint64_t a, uint64_t b, uint64_t h)
{
    const unsigned __int128 m = static_cast<unsigned __int128>(a ^ h ^ 0x87c37b91114253d5ULL) * (b ^ 0x4cf5ad432745937fULL);
    return static_cast<uint64_t>(m) ^ static_cast<uint64_t>(m >> 64);
}

// Bytes without a call to memcpy for the tail: short strings (most keys) take two overlapping
// loads, like wyhash. The result is well mixed (strings are not salted any further).
inline uint64_t hashBytes(const char *data, size_t size)
{
    uint64_t h = size * kSeed;
    uint64_t a = 0;
    uint64_t b = 0;
    if (size >= 8) {
        while (size > 16) {
            h = (h ^ (load64(data) * 0x87c37b91114253d5ULL)) * 0x4cf5ad432745937fULL;
            h = (h << 31) | (h >> 33);
            data += 8;
            size -= 8;
        }
        a = load64(data);
        b = load64(data + size - 8);
    } else if (size >= 4) {
        a = load32(data);
        b = load32(data + size - 4);
    } else if (size > 0) {
        a = (static_cast<uint64_t>(static_cast<unsigned char>(data[0])) << 16)
            | (static_cast<uint64_t>(static_cast<unsigned char>(data[size >> 1])) << 8)
            | static_cast<unsigned char>(data[size - 1]);
    }
    return mixBytes(a, b, h);
}

} // namespace

std::vector<uint32_t> keptRows(const std::vector<uint8_t> &keep)
{
    std::vector<uint32_t> rows(keep.size());
    size_t out = 0;
    for (size_t r = 0; r < keep.size(); ++r) { // branch-free: the mask is often random
        rows[out] = static_cast<uint32_t>(r);
        out += keep[r] != 0;
    }
    rows.resize(out);
    return rows;
}

namespace {

// Whether two non-null rows of a column hold equal keys (as grouping sees them).
bool sameValue(const Column &c, uint32_t a, uint32_t b)
{
    switch (c.type().kind) {
    case TypeKind::Null: return true;
    case TypeKind::Boolean:
    case TypeKind::Int:
    case TypeKind::Long:
    case TypeKind::Timestamp: return c.ints()[a] == c.ints()[b];
    case TypeKind::Window: return c.ints()[a] == c.ints()[b] && c.ends()[a] == c.ends()[b];
    case TypeKind::Double: return orderedDoubleBits(c.doubles()[a]) == orderedDoubleBits(c.doubles()[b]);
    case TypeKind::Decimal: return c.decimals()[a] == c.decimals()[b];
    case TypeKind::String: return sameBytes(c.strings()[a], c.strings()[b]);
    }
    return false;
}

} // namespace

namespace {

// Words a packed key spends on a column of this kind (after the key's header word).
size_t packedWordsOf(TypeKind kind)
{
    switch (kind) {
    case TypeKind::Null: return 0;
    case TypeKind::Window:
    case TypeKind::Decimal:
    case TypeKind::String: return 2;
    default: return 1;
    }
}

constexpr size_t kPackedMaxKeys = 8;    // the header's null bits…
constexpr size_t kPackedMaxStrings = 7; // …and a byte of length per string column
constexpr size_t kPackedMaxBytes = 16;  // longest string a packed key holds

// Two words that, with the length, tell strings of at most 16 bytes apart: overlapping loads as
// in hashBytes (no call to memcpy, no read past the string).
inline void packBytes(const char *p, size_t n, uint64_t &w0, uint64_t &w1)
{
    if (n >= 8) {
        w0 = load64(p);
        w1 = load64(p + n - 8);
    } else if (n >= 4) {
        w0 = load32(p) | (load32(p + n - 4) << 32);
        w1 = 0;
    } else {
        w0 = n == 0 ? 0
                    : static_cast<uint64_t>(static_cast<unsigned char>(p[0]))
                | (static_cast<uint64_t>(static_cast<unsigned char>(p[n >> 1])) << 8)
                | (static_cast<uint64_t>(static_cast<unsigned char>(p[n - 1])) << 16);
        w1 = 0;
    }
}

// packBytes and hashBytes of a string of at most kPackedMaxBytes bytes from one set of loads.
inline uint64_t packAndHashBytes(const char *p, size_t n, uint64_t &w0, uint64_t &w1)
{
    uint64_t a = 0;
    uint64_t b = 0;
    w1 = 0;
    if (n >= 8) {
        a = load64(p);
        b = load64(p + n - 8);
        w0 = a;
        w1 = b;
    } else if (n >= 4) {
        a = load32(p);
        b = load32(p + n - 4);
        w0 = a | (b << 32);
    } else if (n > 0) {
        const auto c0 = static_cast<uint64_t>(static_cast<unsigned char>(p[0]));
        const auto c1 = static_cast<uint64_t>(static_cast<unsigned char>(p[n >> 1]));
        const auto c2 = static_cast<uint64_t>(static_cast<unsigned char>(p[n - 1]));
        a = (c0 << 16) | (c1 << 8) | c2;
        w0 = c0 | (c1 << 8) | (c2 << 16);
    } else {
        w0 = 0;
    }
    return mixBytes(a, b, n * kSeed);
}

} // namespace

GroupTable::GroupTable(const std::vector<DataType> &keyTypes)
{
    for (const DataType &t : keyTypes)
        m_keys.emplace_back(t);
    m_keyHasNulls.assign(m_keys.size(), 0);
    // A packed key: a header word (null flags, string lengths), then each column's words.
    size_t words = 1;
    size_t strings = 0;
    for (const DataType &t : keyTypes) {
        words += packedWordsOf(t.kind);
        strings += t.kind == TypeKind::String;
    }
    if (!keyTypes.empty() && keyTypes.size() <= kPackedMaxKeys && strings <= kPackedMaxStrings)
        m_packableWords = words;
    m_packedWords = m_packableWords;
}

namespace {

// One key column's pass of hashKeyRows: adds each row's term (nullTerm for a NULL) to out[i] and,
// with Pack, writes its words (zero for a NULL) at o[i * words] and ORs its header bits (the
// null flag `nullBit`, a string's length) into header[i * words]. The first column's pass
// (First) stores the terms and header words instead, so nothing is zeroed beforehand.
// value(i, words, headerBits, flags) gives a non-NULL row's term and words, and may OR bits
// into `flags`, which the pass returns. Without a NULL among the rows (AnyNull false) the null
// flags are not read at all. `value` is taken by value and its captures by value, so that the
// stores to out/o/header (uint64_t) cannot alias them: they stay in registers.
template <bool AnyNull, bool Pack, bool HeaderBits, bool First, size_t Words, class Value>
inline uint64_t keyColumnPass(size_t count, const uint8_t *__restrict nulls, uint64_t *__restrict out,
                              uint64_t *__restrict o, uint64_t *__restrict header, size_t words, uint64_t nullTerm,
                              uint64_t nullBit, Value value)
{
    uint64_t flags = 0;
    for (size_t i = 0; i < count; ++i) {
        uint64_t bits = 0;
        uint64_t term;
        uint64_t w[Words > 0 ? Words : 1] = {};
        if (AnyNull && nulls[i]) {
            term = nullTerm;
            bits = nullBit;
        } else {
            term = value(i, w, bits, flags);
        }
        if (First)
            out[i] = term;
        else
            out[i] += term;
        if (Pack) {
            for (size_t j = 0; j < Words; ++j)
                o[i * words + j] = w[j];
            if (First)
                header[i * words] = bits;
            else if (AnyNull || HeaderBits)
                header[i * words] |= bits;
        }
    }
    return flags;
}

// hashKeyRowsT<true> for the commonest key of all, (window, string) without a NULL among the
// rows: one pass over both columns instead of a pass per column, with the same hashes and
// packed keys (header: the string's length; then start, end and the string's two words).
// tst_group_table compares it with the general passes; a change to either changes both.
bool hashAndPackWindowString(const Column &window, const Column &string, size_t begin, size_t count,
                             uint64_t *__restrict h, uint64_t *__restrict packed);

bool noNull(const Column &c, size_t begin, size_t count)
{
    const uint8_t *nulls = c.nulls().data() + begin;
    uint8_t any = 0;
    for (size_t i = 0; i < count; ++i)
        any |= nulls[i];
    return !any;
}

// hashRows (columnHash, column at a time: the same sums in typed loops) and, when `packed` is
// set, the rows' packed keys (`words` per row) from the same loads: a header word of null flags
// and string lengths, then each column's words, a NULL as zero words, so equal keys (as equals()
// sees them) pack equally: doubles by orderedDoubleBits, strings by length and bytes. Returns
// false when a string is too long to pack (the hashes are complete either way).
template <bool Pack>
bool hashKeyRowsT(const std::vector<const Column *> &keys, size_t begin, size_t count, std::vector<uint64_t> &h,
                  uint64_t *packed, size_t words)
{
    if (keys.empty()) {
        h.assign(count, 0);
        if (Pack)
            for (size_t i = 0; i < count; ++i)
                packed[i * words] = 0;
        return true;
    }
    h.resize(count); // the first column's pass stores every hash (and header word)
    if (Pack && keys.size() == 2 && keys[0]->type().kind == TypeKind::Window
        && keys[1]->type().kind == TypeKind::String && words == 5 && noNull(*keys[0], begin, count)
        && noNull(*keys[1], begin, count))
        return hashAndPackWindowString(*keys[0], *keys[1], begin, count, h.data(), packed);
    bool fits = true;
    size_t at = 1; // the column's first word in a packed key
    size_t strings = 0;
    for (size_t position = 0; position < keys.size(); ++position) {
        const Column &c = *keys[position];
        const uint64_t k = salt(position);
        const uint64_t nullTerm = mixWord(kNullHash ^ k);
        const uint64_t nullBit = uint64_t(1) << position;
        const uint8_t *nulls = c.nulls().data() + begin;
        uint8_t anyNull = 0;
        for (size_t i = 0; i < count; ++i)
            anyNull |= nulls[i];
        uint64_t *out = h.data();
        uint64_t *o = Pack ? packed + at : nullptr;
        const bool first = position == 0;
        // Runs the column's pass with and without NULLs, as the first column's or a later one's.
        const auto pass = [&]<bool HeaderBits, size_t Words>(auto value) {
            if (anyNull)
                return first ? keyColumnPass<true, Pack, HeaderBits, true, Words>(count, nulls, out, o, packed, words, nullTerm, nullBit, value)
                             : keyColumnPass<true, Pack, HeaderBits, false, Words>(count, nulls, out, o, packed, words, nullTerm, nullBit, value);
            return first ? keyColumnPass<false, Pack, HeaderBits, true, Words>(count, nulls, out, o, packed, words, nullTerm, nullBit, value)
                         : keyColumnPass<false, Pack, HeaderBits, false, Words>(count, nulls, out, o, packed, words, nullTerm, nullBit, value);
        };
        switch (c.type().kind) {
        case TypeKind::Null:
            pass.template operator()<false, 0>([nullTerm](size_t, uint64_t *, uint64_t &, uint64_t &) { return nullTerm; });
            break;
        case TypeKind::Boolean:
        case TypeKind::Int:
        case TypeKind::Long:
        case TypeKind::Timestamp: {
            const int64_t *v = c.ints().data() + begin;
            pass.template operator()<false, 1>([v, k](size_t i, uint64_t *w, uint64_t &, uint64_t &) {
                w[0] = static_cast<uint64_t>(v[i]);
                return mixWord(w[0] ^ k);
            });
            break;
        }
        case TypeKind::Window: {
            const int64_t *v = c.ints().data() + begin;
            const int64_t *e = c.ends().data() + begin;
            pass.template operator()<false, 2>([v, e, k](size_t i, uint64_t *w, uint64_t &, uint64_t &) {
                w[0] = static_cast<uint64_t>(v[i]);
                w[1] = static_cast<uint64_t>(e[i]);
                return mixWord(w[0] ^ k) + mixWord(w[1] + k);
            });
            break;
        }
        case TypeKind::Double: {
            const double *v = c.doubles().data() + begin;
            pass.template operator()<false, 1>([v, k](size_t i, uint64_t *w, uint64_t &, uint64_t &) {
                w[0] = orderedDoubleBits(v[i]);
                return mixWord(w[0] ^ k);
            });
            break;
        }
        case TypeKind::Decimal: {
            const Int128 *v = c.decimals().data() + begin;
            pass.template operator()<false, 2>([v, k](size_t i, uint64_t *w, uint64_t &, uint64_t &) {
                const auto u = static_cast<unsigned __int128>(v[i]);
                w[0] = static_cast<uint64_t>(u);
                w[1] = static_cast<uint64_t>(u >> 64);
                return mixWord(w[0] ^ k) + mixWord(w[1] + k);
            });
            break;
        }
        case TypeKind::String: {
            const std::string *v = c.strings().data() + begin;
            const int shift = static_cast<int>(8 + 8 * strings);
            const uint64_t tooLong = pass.template operator()<true, 2>(
                [v, k, shift, count](size_t i, uint64_t *w, uint64_t &bits, uint64_t &flags) {
                    if (i + 24 < count) // the strings stream from memory: ask early
                        __builtin_prefetch(v + i + 24);
                    const char *p = v[i].data();
                    const size_t n = v[i].size();
                    flags |= n > kPackedMaxBytes;
                    if (Pack) {
                        packBytes(p, n, w[0], w[1]);
                        bits = static_cast<uint64_t>(n & 0xff) << shift;
                    }
                    return mixWord(hashBytes(p, n) ^ k);
                });
            fits = fits && !tooLong;
            ++strings;
            break;
        }
        }
        at += packedWordsOf(c.type().kind);
    }
    return fits;
}

bool hashKeyRows(const std::vector<const Column *> &keys, size_t begin, size_t count, std::vector<uint64_t> &h,
                 uint64_t *packed, size_t words)
{
    return packed ? hashKeyRowsT<true>(keys, begin, count, h, packed, words)
                  : hashKeyRowsT<false>(keys, begin, count, h, nullptr, 0);
}

} // namespace

void GroupTable::hashRows(const std::vector<const Column *> &keys, size_t begin, size_t count,
                          std::vector<uint64_t> &hashes)
{
    hashKeyRows(keys, begin, count, hashes, nullptr, 0);
}

bool GroupTable::hashAndPackRows(const std::vector<const Column *> &keys, size_t begin, size_t count,
                                 std::vector<uint64_t> &hashes, std::vector<uint64_t> &packed) const
{
    packed.resize(count * m_packedWords); // every word is written
    return hashKeyRows(keys, begin, count, hashes, packed.data(), m_packedWords);
}

namespace {

// Step 1 of findOrInsertPackedW, in two passes over locals the compiler keeps in registers (the
// stores alias nothing they read): each row's candidate group from its tag, then its packed key
// compared with the candidate's. Returns the number of misses written. Contiguous: rows[i] is
// hashBase + i (no row left out), so the row numbers are not read.
template <size_t W, bool Contiguous>
size_t homeSlotHits(const uint64_t *__restrict slots, size_t mask, int shift, const uint64_t *__restrict packed,
                    size_t words, const uint32_t *__restrict rows, size_t count, const uint64_t *__restrict hashes,
                    size_t hashBase, const uint64_t *__restrict packedKeys, uint32_t *__restrict groups,
                    uint32_t *__restrict misses)
{
    if (W)
        words = W;
    constexpr uint32_t kNone = ~uint32_t(0);
    for (size_t i = 0; i < count; ++i) {
        // The home slot, or the next one (where linear probing puts most other keys).
        const uint32_t tag = GroupTable::tagOf(hashes[Contiguous ? i : rows[i] - hashBase]);
        const size_t home = tag >> shift;
        const uint64_t first = slots[home];
        const uint64_t second = slots[(home + 1) & mask];
        // Masks, not branches: which of the two holds the tag is a coin toss for the predictor.
        const uint64_t takeFirst = uint64_t(0) - static_cast<uint64_t>(static_cast<uint32_t>(first >> 32) == tag);
        const uint64_t slot = (first & takeFirst) | (second & ~takeFirst);
        const uint32_t found = uint32_t(0) - static_cast<uint32_t>(static_cast<uint32_t>(slot >> 32) == tag);
        // An empty slot is 0: its group number wraps to kNone, as does a tag that differs.
        groups[i] = ((static_cast<uint32_t>(slot) - 1) & found) | (kNone & ~found);
    }
    size_t numMisses = 0;
    for (size_t i = 0; i < count; ++i) {
        const uint32_t candidate = groups[i];
        const uint64_t *have = packed + static_cast<size_t>(candidate == kNone ? 0 : candidate) * words;
        const uint64_t *key = packedKeys + (Contiguous ? i : rows[i] - hashBase) * words;
        uint64_t differ = candidate == kNone;
        for (size_t w = 0; w < words; ++w)
            differ |= have[w] ^ key[w];
        misses[numMisses] = static_cast<uint32_t>(i);
        numMisses += differ != 0;
    }
    return numMisses;
}

// hashAndPackWindowString and homeSlotHits<5, true> in one pass (Probe: the table has a group;
// `slots`, `mask`, `shift` and `table` are its index and packed keys): each row's hash into h,
// its home-slot group into groups and, only when that is not its group, its packed key into
// packed and its number into misses (every row without Probe; misses may then be null).
// Returns the number of misses; `fits` as hashAndPackWindowString returns (when false, the
// groups, misses and packed keys are meaningless).
template <bool Probe>
size_t packAndProbeWindowString(const Column &window, const Column &string, size_t begin, size_t count,
                                const uint64_t *__restrict slots, size_t mask, int shift,
                                const uint64_t *__restrict table, uint64_t *__restrict h, uint64_t *__restrict packed,
                                uint32_t *__restrict groups, uint32_t *__restrict misses, bool &fits)
{
    const int64_t *start = window.ints().data() + begin;
    const int64_t *end = window.ends().data() + begin;
    const std::string *v = string.strings().data() + begin;
    const uint64_t k0 = salt(0);
    const uint64_t k1 = salt(1);
    uint64_t tooLong = 0;
    size_t numMisses = 0;
    // The strings stream from memory: ask 24 rows early (a prefetch past the end is harmless,
    // and its address is computed as a number, not as a pointer past the array).
    const auto ahead = reinterpret_cast<uintptr_t>(v) + 24 * sizeof(std::string);
    for (size_t i = 0; i < count; ++i) {
        __builtin_prefetch(reinterpret_cast<const void *>(ahead + i * sizeof(std::string)));
        const char *p = v[i].data();
        const size_t n = v[i].size();
        tooLong |= n > kPackedMaxBytes;
        const auto a = static_cast<uint64_t>(start[i]);
        const auto b = static_cast<uint64_t>(end[i]);
        const uint64_t header = static_cast<uint64_t>(n & 0xff) << 8;
        uint64_t w0;
        uint64_t w1;
        // A string too long to pack (rare: the chunk then does not pack) still gets its hash.
        const uint64_t bytes = n <= kPackedMaxBytes ? packAndHashBytes(p, n, w0, w1) : (w0 = w1 = 0, hashBytes(p, n));
        const uint64_t hash = mixWord(a ^ k0) + mixWord(b + k0) + mixWord(bytes ^ k1);
        h[i] = hash;
        uint64_t differ = 1;
        if (Probe) {
            // As homeSlotHits: the home slot or the next, chosen by masks, not branches.
            const uint32_t tag = GroupTable::tagOf(hash);
            const size_t home = tag >> shift;
            const uint64_t first = slots[home];
            const uint64_t second = slots[(home + 1) & mask];
            const uint64_t takeFirst = uint64_t(0) - static_cast<uint64_t>(static_cast<uint32_t>(first >> 32) == tag);
            const uint64_t slot = (first & takeFirst) | (second & ~takeFirst);
            // An empty slot (0) has tag 0 too: it holds no group.
            const bool found = static_cast<uint32_t>(slot >> 32) == tag && slot != 0;
            const uint32_t candidate = (static_cast<uint32_t>(slot) - 1) & (uint32_t(0) - static_cast<uint32_t>(found));
            const uint64_t *have = table + static_cast<size_t>(candidate) * 5; // group 0 when not found
            differ = static_cast<uint64_t>(!found) | (have[0] ^ header) | (have[1] ^ a) | (have[2] ^ b)
                | (have[3] ^ w0) | (have[4] ^ w1);
            groups[i] = candidate;
        }
        if (differ) { // few rows once the table holds the batch's keys
            uint64_t *o = packed + i * 5;
            o[0] = header;
            o[1] = a;
            o[2] = b;
            o[3] = w0;
            o[4] = w1;
            if (Probe || misses)
                misses[numMisses] = static_cast<uint32_t>(i);
            ++numMisses;
        }
    }
    fits = !tooLong;
    return numMisses;
}

bool hashAndPackWindowString(const Column &window, const Column &string, size_t begin, size_t count,
                             uint64_t *__restrict h, uint64_t *__restrict packed)
{
    bool fits = true;
    packAndProbeWindowString<false>(window, string, begin, count, nullptr, 0, 0, nullptr, h, packed, nullptr, nullptr,
                                    fits);
    return fits;
}

} // namespace

template <size_t W>
void GroupTable::findOrInsertPackedW(const std::vector<const Column *> &keys, const uint32_t *rows, size_t count,
                                     const uint64_t *hashes, size_t hashBase, const uint64_t *packedKeys,
                                     uint32_t *groups, const uint8_t *nullChecks)
{
    const size_t words = W ? W : m_packedWords;
    // 1. Without a branch per row: a row whose group is in its home slot or the next (most
    //    rows, the index being at most a quarter full) takes it; the others are listed for
    //    step 2. A row whose home slot is empty has a key no group has (equal keys hash equally).
    std::vector<uint32_t> &misses = *m_misses;
    if (misses.size() < count)
        misses.resize(count);
    size_t numMisses = 0;
    if (m_size > 0)
        numMisses = count > 0 && rows[0] == hashBase && rows[count - 1] - hashBase == count - 1 // rows ascend
                        ? homeSlotHits<W, true>(m_slots.data(), m_slots.size() - 1, m_shift, m_packed.data(), words, rows, count,
                                                hashes, hashBase, packedKeys, groups, misses.data())
                        : homeSlotHits<W, false>(m_slots.data(), m_slots.size() - 1, m_shift, m_packed.data(), words, rows,
                                                 count, hashes, hashBase, packedKeys, groups, misses.data());
    else
        for (; numMisses < count; ++numMisses)
            misses[numMisses] = static_cast<uint32_t>(numMisses);
    probeMissesW<W>(keys, rows, numMisses, hashes, hashBase, packedKeys, groups, nullChecks);
}

template <size_t W>
void GroupTable::probeMissesW(const std::vector<const Column *> &keys, const uint32_t *rows, size_t numMisses,
                              const uint64_t *hashes, size_t hashBase, const uint64_t *packedKeys, uint32_t *groups,
                              const uint8_t *nullChecks)
{
    const size_t words = W ? W : m_packedWords;
    const std::vector<uint32_t> &misses = *m_misses;
    // 2. The others probe on, and new groups are added, in row order.
    for (size_t j = 0; j < numMisses; ++j) {
        const size_t i = misses[j];
        const size_t at = rows[i] - hashBase;
        const uint32_t tag = tagOf(hashes[at]);
        if (m_size + 1 > m_maxFill) {
            grow();
            if (!m_packedWords) { // past kPackedMaxGroups: the rest the usual way
                for (; j < numMisses; ++j) {
                    const size_t m = misses[j];
                    bool inserted = false;
                    groups[m] = findOrInsert(keys, rows[m], tagOf(hashes[rows[m] - hashBase]), inserted, nullChecks);
                }
                return;
            }
        }
        const uint64_t *key = packedKeys + at * words;
        const uint64_t *packed = m_packed.data();
        const size_t mask = m_slots.size() - 1;
        size_t s = slotOf(tag);
        for (;;) {
            const uint64_t slot = m_slots[s];
            if (!slot) {
                groups[i] = insertGroup(s, tag, keys, rows[i], key);
                break;
            }
            if (static_cast<uint32_t>(slot >> 32) == tag) {
                const uint32_t group = static_cast<uint32_t>(slot) - 1;
                const uint64_t *have = packed + static_cast<size_t>(group) * words;
                uint64_t differ = 0;
                for (size_t w = 0; w < words; ++w)
                    differ |= have[w] ^ key[w];
                if (!differ) {
                    groups[i] = group;
                    break;
                }
            }
            s = (s + 1) & mask;
        }
    }
}

void GroupTable::findOrInsertPacked(const std::vector<const Column *> &keys, const uint32_t *rows, size_t count,
                                    const uint64_t *hashes, size_t hashBase, const uint64_t *packedKeys,
                                    uint32_t *groups, const uint8_t *nullChecks)
{
    // The common key widths with the word count known to the compiler.
    switch (m_packedWords) {
    case 2: findOrInsertPackedW<2>(keys, rows, count, hashes, hashBase, packedKeys, groups, nullChecks); break;
    case 3: findOrInsertPackedW<3>(keys, rows, count, hashes, hashBase, packedKeys, groups, nullChecks); break;
    case 4: findOrInsertPackedW<4>(keys, rows, count, hashes, hashBase, packedKeys, groups, nullChecks); break;
    case 5: findOrInsertPackedW<5>(keys, rows, count, hashes, hashBase, packedKeys, groups, nullChecks); break;
    case 6: findOrInsertPackedW<6>(keys, rows, count, hashes, hashBase, packedKeys, groups, nullChecks); break;
    default: findOrInsertPackedW<0>(keys, rows, count, hashes, hashBase, packedKeys, groups, nullChecks); break;
    }
}

bool GroupTable::findOrInsertPackedRange(const std::vector<const Column *> &keys, const uint32_t *rows, size_t begin,
                                         size_t count, std::vector<uint64_t> &hashes, std::vector<uint64_t> &packed,
                                         uint32_t *groups)
{
    if (m_packedWords == 5 && keys.size() == 2 && keys[0]->type().kind == TypeKind::Window
        && keys[1]->type().kind == TypeKind::String && noNull(*keys[0], begin, count)
        && noNull(*keys[1], begin, count)) {
        hashes.resize(count);
        packed.resize(count * 5); // only the misses' words are written
        std::vector<uint32_t> &misses = *m_misses;
        if (misses.size() < count)
            misses.resize(count);
        bool fits = true;
        const size_t numMisses =
            m_size > 0 ? packAndProbeWindowString<true>(*keys[0], *keys[1], begin, count, m_slots.data(),
                                                        m_slots.size() - 1, m_shift, m_packed.data(), hashes.data(),
                                                        packed.data(), groups, misses.data(), fits)
                       : packAndProbeWindowString<false>(*keys[0], *keys[1], begin, count, nullptr, 0, 0, nullptr,
                                                         hashes.data(), packed.data(), groups, misses.data(), fits);
        if (!fits)
            return false;
        probeMissesW<5>(keys, rows, numMisses, hashes.data(), begin, packed.data(), groups, nullptr);
        return true;
    }
    if (!hashAndPackRows(keys, begin, count, hashes, packed))
        return false;
    findOrInsertPacked(keys, rows, count, hashes.data(), begin, packed.data(), groups);
    return true;
}

void GroupTable::appendPacked(const std::vector<const Column *> &keys, size_t row)
{
    std::vector<uint64_t> hash;
    std::vector<uint64_t> key;
    if (hashAndPackRows(keys, row, 1, hash, key))
        m_packed.insert(m_packed.end(), key.begin(), key.end());
    else
        stopPacking();
}

void GroupTable::stopPacking()
{
    m_packedWords = 0;
    std::vector<uint64_t>().swap(m_packed);
    m_maxFill = maxFill(m_slots.size());
}

int GroupTable::indexBits(size_t n, int bits) const
{
    while (maxFill(size_t(1) << bits) <= n)
        ++bits;
    if (bits > 32)
        throw std::length_error("more than 3 billion groups");
    return bits;
}

std::vector<uint8_t> GroupTable::nullChecks(const std::vector<const Column *> &keys) const
{
    // A NULL the table gains while these rows are looked up comes from these columns, so
    // checking them now covers it.
    std::vector<uint8_t> checks(keys.size(), 1);
    for (size_t k = 0; k < keys.size() && k < m_keyHasNulls.size(); ++k) {
        const std::span<const uint8_t> nulls = keys[k]->nulls();
        checks[k] = m_keyHasNulls[k] || std::find(nulls.begin(), nulls.end(), uint8_t(1)) != nulls.end();
    }
    return checks;
}

uint64_t GroupTable::columnHash(size_t position, const Column &c, size_t row)
{
    const uint64_t k = salt(position);
    if (c.nulls()[row])
        return mixWord(kNullHash ^ k);
    switch (c.type().kind) {
    case TypeKind::Null: return mixWord(kNullHash ^ k);
    case TypeKind::Boolean:
    case TypeKind::Int:
    case TypeKind::Long:
    case TypeKind::Timestamp: return mixWord(static_cast<uint64_t>(c.ints()[row]) ^ k);
    case TypeKind::Window:
        return mixWord(static_cast<uint64_t>(c.ints()[row]) ^ k) + mixWord(static_cast<uint64_t>(c.ends()[row]) + k);
    case TypeKind::Double: return mixWord(orderedDoubleBits(c.doubles()[row]) ^ k);
    case TypeKind::Decimal: {
        const auto u = static_cast<unsigned __int128>(c.decimals()[row]);
        return mixWord(static_cast<uint64_t>(u) ^ k) + mixWord(static_cast<uint64_t>(u >> 64) + k);
    }
    case TypeKind::String: return mixWord(hashBytes(c.strings()[row].data(), c.strings()[row].size()) ^ k);
    }
    return 0;
}

int64_t GroupTable::prefetchKeys(uint32_t tag) const
{
    if (m_slots.empty())
        return -1;
    const size_t mask = m_slots.size() - 1;
    for (size_t s = slotOf(tag);; s = (s + 1) & mask) {
        const uint64_t slot = m_slots[s];
        if (!slot)
            return -1;
        if (static_cast<uint32_t>(slot >> 32) != tag)
            continue;
        const size_t group = static_cast<uint32_t>(slot) - 1;
        for (const Column &k : m_keys) {
            __builtin_prefetch(k.nulls().data() + group);
            switch (k.type().kind) {
            case TypeKind::Window:
                __builtin_prefetch(k.ends().data() + group);
                [[fallthrough]];
            case TypeKind::Boolean:
            case TypeKind::Int:
            case TypeKind::Long:
            case TypeKind::Timestamp: __builtin_prefetch(k.ints().data() + group); break;
            case TypeKind::Double: __builtin_prefetch(k.doubles().data() + group); break;
            case TypeKind::Decimal: __builtin_prefetch(k.decimals().data() + group); break;
            case TypeKind::String: __builtin_prefetch(k.strings().data() + group); break;
            case TypeKind::Null: break;
            }
        }
        return static_cast<int64_t>(group);
    }
}

void GroupTable::insertSlot(uint32_t tag, uint32_t group)
{
    const size_t mask = m_slots.size() - 1;
    size_t s = slotOf(tag);
    while (m_slots[s] != 0)
        s = (s + 1) & mask;
    m_slots[s] = (static_cast<uint64_t>(tag) << 32) | (static_cast<uint64_t>(group) + 1);
}

void GroupTable::grow()
{
    if (m_packedWords && m_size + 1 > kPackedMaxGroups)
        stopPacking(); // a big table: three quarters full, and no packed keys
    if (m_size + 1 <= m_maxFill)
        return;
    std::vector<uint64_t> old;
    old.swap(m_slots);
    const int bits = indexBits(m_size + 1, m_shift >= 32 ? 4 : 32 - m_shift + 1); // at least 16 slots
    m_slots.assign(size_t(1) << bits, 0);
    m_shift = 32 - bits;
    m_maxFill = maxFill(m_slots.size());
    for (uint64_t slot : old)
        if (slot)
            insertSlot(static_cast<uint32_t>(slot >> 32), static_cast<uint32_t>(slot) - 1);
}

uint32_t GroupTable::insertGroup(size_t slot, uint32_t tag, const std::vector<const Column *> &keys, size_t row,
                                 const uint64_t *packedKey)
{
    const uint32_t group = static_cast<uint32_t>(m_size++);
    m_slots[slot] = (static_cast<uint64_t>(tag) << 32) | (static_cast<uint64_t>(group) + 1);
    for (size_t k = 0; k < keys.size(); ++k) {
        Column &key = m_keys[k];
        key.appendFrom(*keys[k], row);
        m_keyHasNulls[k] |= key.nulls().back();
        if (key.type().kind == TypeKind::String && key.strings().back().capacity() > 15)
            m_stringBytes += static_cast<int64_t>(key.strings().back().capacity() + 1);
    }
    if (packedKey)
        m_packed.insert(m_packed.end(), packedKey, packedKey + m_packedWords);
    else if (m_packedWords)
        appendPacked(keys, row);
    return group;
}

int compareKeys(const std::vector<Column> &columns, size_t numKeys, uint32_t a, uint32_t b)
{
    for (size_t k = 0; k < numKeys; ++k) {
        const Column &c = columns[k];
        const bool an = c.nulls()[a] != 0;
        const bool bn = c.nulls()[b] != 0;
        if (an || bn) {
            if (an != bn)
                return an ? -1 : 1;
            continue;
        }
        int r = 0;
        switch (c.type().kind) {
        case TypeKind::Null: break;
        case TypeKind::Boolean:
        case TypeKind::Int:
        case TypeKind::Long:
        case TypeKind::Timestamp: r = threeWay(c.ints()[a], c.ints()[b]); break;
        case TypeKind::Window:
            r = threeWay(c.ints()[a], c.ints()[b]);
            if (r == 0)
                r = threeWay(c.ends()[a], c.ends()[b]);
            break;
        case TypeKind::Double: r = threeWay(orderedDoubleBits(c.doubles()[a]), orderedDoubleBits(c.doubles()[b])); break;
        case TypeKind::Decimal: r = threeWay(c.decimals()[a], c.decimals()[b]); break;
        case TypeKind::String: r = c.strings()[a].compare(c.strings()[b]); break;
        }
        if (r != 0)
            return r;
    }
    return 0;
}

void GroupTable::sortGroups(std::vector<uint32_t> &groups) const
{
    const auto less = [this](uint32_t a, uint32_t b) { return compare(a, b) < 0; };
    if (groups.size() < 64) {
        std::sort(groups.begin(), groups.end(), less);
        return;
    }
    // Leading key columns equal for all these groups cannot order them.
    const uint32_t first = groups[0];
    size_t k = 0;
    for (; k < m_keys.size(); ++k) {
        const Column &c = m_keys[k];
        bool constant = true;
        for (uint32_t g : groups)
            if (c.nulls()[g] != c.nulls()[first] || (!c.nulls()[g] && !sameValue(c, g, first))) {
                constant = false;
                break;
            }
        if (!constant)
            break;
    }
    if (k == m_keys.size()) {
        std::sort(groups.begin(), groups.end(), less);
        return;
    }
    // Sort 64-bit prefixes of column k and, when column k's prefix is exact (equal prefixes
    // mean equal values, as for integers, timestamps, fixed-length windows and doubles without
    // NULLs), of column k + 1 as well: (window, accountId) keys then sort on two words.
    const SortPrefix p0 = sortPrefix(m_keys[k], groups);
    const bool second = p0.exact && k + 1 < m_keys.size();
    const SortPrefix p1 = second ? sortPrefix(m_keys[k + 1], groups) : SortPrefix{};
    struct Keyed {
        uint64_t w0;
        uint64_t w1;
        uint32_t group;
    };
    std::vector<Keyed> keyed(groups.size());
    for (size_t i = 0; i < groups.size(); ++i)
        keyed[i] = {p0.word(groups[i]), second ? p1.word(groups[i]) : 0, groups[i]};
    std::sort(keyed.begin(), keyed.end(), [this](const Keyed &x, const Keyed &y) {
        if (x.w0 != y.w0)
            return x.w0 < y.w0;
        if (x.w1 != y.w1)
            return x.w1 < y.w1;
        return compare(x.group, y.group) < 0;
    });
    for (size_t i = 0; i < groups.size(); ++i)
        groups[i] = keyed[i].group;
}

GroupTable::SortPrefix GroupTable::sortPrefix(const Column &c, const std::vector<uint32_t> &groups)
{
    SortPrefix p;
    p.column = &c;
    bool anyNull = false;
    for (uint32_t g : groups)
        anyNull = anyNull || c.nulls()[g];
    switch (c.type().kind) {
    case TypeKind::String: {
        // The bytes every one of them starts with cannot order them.
        const std::string *reference = nullptr;
        for (uint32_t g : groups) {
            if (c.nulls()[g])
                continue;
            const std::string &s = c.strings()[g];
            if (!reference) {
                reference = &s;
                p.skip = s.size();
                continue;
            }
            size_t i = 0;
            while (i < p.skip && i < s.size() && s[i] == (*reference)[i])
                ++i;
            p.skip = i;
        }
        break;
    }
    case TypeKind::Window: {
        // Windows of one length are ordered (and equal) by their starts alone.
        bool sameLength = true;
        const int64_t length = groups.empty() ? 0 : c.ends()[groups[0]] - c.ints()[groups[0]];
        for (uint32_t g : groups)
            sameLength = sameLength && c.ends()[g] - c.ints()[g] == length;
        p.exact = !anyNull && sameLength;
        break;
    }
    case TypeKind::Decimal: {
        // Decimals that fit 64 bits (amounts of money) sort exactly by their low word.
        bool fits = true;
        for (uint32_t g : groups)
            fits = fits && c.decimals()[g] == static_cast<int64_t>(c.decimals()[g]);
        p.smallDecimals = fits;
        p.exact = !anyNull && fits;
        break;
    }
    case TypeKind::Null: break;
    default: p.exact = !anyNull; break;
    }
    return p;
}

uint64_t GroupTable::SortPrefix::word(uint32_t g) const
{
    // Never orders two groups against their keys; equal words fall back to compare.
    const Column &c = *column;
    if (c.nulls()[g])
        return 0;
    constexpr uint64_t kBias = uint64_t(1) << 63;
    switch (c.type().kind) {
    case TypeKind::Boolean:
    case TypeKind::Int:
    case TypeKind::Long:
    case TypeKind::Timestamp:
    case TypeKind::Window: return static_cast<uint64_t>(c.ints()[g]) ^ kBias;
    case TypeKind::Double: return orderedDoubleBits(c.doubles()[g]);
    case TypeKind::Decimal:
        if (smallDecimals)
            return static_cast<uint64_t>(static_cast<int64_t>(c.decimals()[g])) ^ kBias;
        return static_cast<uint64_t>(static_cast<unsigned __int128>(c.decimals()[g]) >> 64) ^ kBias;
    case TypeKind::String: {
        const std::string &s = c.strings()[g];
        uint64_t v = 0;
        for (size_t i = 0; i < 8; ++i)
            v = (v << 8) | (skip + i < s.size() ? static_cast<unsigned char>(s[skip + i]) : 0u);
        return v;
    }
    case TypeKind::Null: return 0;
    }
    return 0;
}

void GroupTable::retain(const std::vector<uint8_t> &keep)
{
    std::vector<uint32_t> renumbered(m_size, 0);
    size_t kept = 0;
    for (size_t g = 0; g < m_size; ++g)
        if (keep[g])
            renumbered[g] = static_cast<uint32_t>(kept++);
    if (kept == m_size)
        return;
    m_stringBytes = 0;
    const std::vector<uint32_t> rows = keptRows(keep);
    for (size_t c = 0; c < m_keys.size(); ++c) {
        Column &k = m_keys[c];
        k.retainRows(rows);
        m_keyHasNulls[c] = std::find(k.nulls().begin(), k.nulls().end(), uint8_t(1)) != k.nulls().end();
        if (k.type().kind == TypeKind::String)
            for (const std::string &text : k.strings())
                if (text.capacity() > 15)
                    m_stringBytes += static_cast<int64_t>(text.capacity() + 1);
    }
    if (m_packedWords) {
        const size_t words = m_packedWords;
        for (size_t g = 0; g < m_size; ++g)
            if (keep[g] && renumbered[g] != g)
                std::copy_n(m_packed.begin() + static_cast<std::ptrdiff_t>(g * words), words,
                            m_packed.begin() + static_cast<std::ptrdiff_t>(renumbered[g] * words));
        m_packed.resize(kept * words);
    }
    std::vector<uint64_t> old;
    old.swap(m_slots);
    m_size = kept;
    m_shift = 64;
    m_maxFill = 0;
    if (kept == 0)
        return;
    const int bits = indexBits(kept + 1, 4);
    m_slots.assign(size_t(1) << bits, 0);
    m_shift = 32 - bits;
    m_maxFill = maxFill(m_slots.size());
    for (uint64_t slot : old) {
        if (!slot)
            continue;
        const uint32_t group = static_cast<uint32_t>(slot) - 1;
        if (keep[group])
            insertSlot(static_cast<uint32_t>(slot >> 32), renumbered[group]);
    }
}

void GroupTable::clear()
{
    for (Column &k : m_keys)
        k = Column(k.type());
    m_keyHasNulls.assign(m_keys.size(), 0);
    m_slots.clear();
    m_maxFill = 0;
    m_shift = 64;
    m_size = 0;
    m_stringBytes = 0;
    m_packed.clear();
    m_packedWords = m_packableWords;
}

int64_t GroupTable::memoryBytes() const
{
    int64_t bytes = static_cast<int64_t>((m_slots.capacity() + m_packed.capacity()) * sizeof(uint64_t)) + m_stringBytes;
    for (const Column &k : m_keys)
        bytes += k.capacityBytes();
    return bytes;
}

} // namespace streamstep
