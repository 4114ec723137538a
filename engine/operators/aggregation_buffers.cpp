#include "operators/aggregation_buffers.h"

#include "types/decimal.h"
#include "types/value_order.h"

#include <algorithm>
#include <cmath>

namespace streamstep {

namespace {

using expr::AggregateKind;

template <typename T>
void keepRows(std::vector<T> &values, const std::vector<uint8_t> &keep)
{
    size_t out = 0;
    for (size_t i = 0; i < values.size(); ++i)
        if (keep[i]) {
            if (out != i)
                values[out] = std::move(values[i]);
            ++out;
        }
    values.resize(out);
}

} // namespace

AggregationBuffers::AggregationBuffers(const std::vector<expr::BoundAggregate> &aggregates)
{
    uint32_t strings = 0;
    uint32_t generic = 0;
    for (const expr::BoundAggregate &aggregate : aggregates) {
        for (const expr::AggregateCall &call : aggregate.calls) {
            CallLayout l;
            l.call = &call;
            if (call.argument)
                l.argumentType = call.argument->type;
            const TypeKind kind = l.argumentType.kind;
            switch (call.kind) {
            case AggregateKind::Count: l.layout = Layout::Count; break;
            case AggregateKind::Sum:
                if (!call.argument)
                    l.layout = Layout::Generic;
                else if (kind == TypeKind::Int || kind == TypeKind::Long)
                    l.layout = Layout::SumInteger;
                else if (kind == TypeKind::Decimal)
                    l.layout = Layout::SumDecimal;
                else if (kind == TypeKind::Double)
                    l.layout = Layout::SumDouble;
                else
                    l.layout = Layout::Generic;
                break;
            case AggregateKind::Avg:
                if (!call.argument)
                    l.layout = Layout::Generic;
                else if (kind == TypeKind::Decimal)
                    l.layout = Layout::SumDecimal;
                else if (kind == TypeKind::Int || kind == TypeKind::Long || kind == TypeKind::Double)
                    l.layout = Layout::SumDouble;
                else
                    l.layout = Layout::Generic;
                break;
            case AggregateKind::Min:
            case AggregateKind::Max:
            case AggregateKind::First:
            case AggregateKind::Last:
                if (!call.argument || kind == TypeKind::Null)
                    l.layout = Layout::Generic;
                else if (kind == TypeKind::String)
                    l.layout = Layout::String;
                else
                    l.layout = Layout::Fixed;
                break;
            }
            if (l.layout == Layout::SumDecimal) {
                l.sumPrecision = std::min(l.argumentType.precision + 10, DataType::kMaxPrecision);
                l.sumLimit = static_cast<unsigned __int128>(pow10Int128(l.sumPrecision));
            }
            l.offset = static_cast<uint32_t>(m_stride);
            switch (l.layout) {
            case Layout::Count: m_stride += 8; break;
            case Layout::SumInteger: m_stride += 24; break;
            case Layout::SumDecimal: m_stride += 32; break;
            case Layout::SumDouble: m_stride += 16; break;
            case Layout::Fixed: m_stride += 24; break;
            case Layout::String:
                m_stride += 8;
                l.side = strings++;
                break;
            case Layout::Generic: l.side = generic++; break;
            }
            // Partial buffers merge to exactly the row-by-row result only when the order of
            // rows cannot matter: not for double sums (rounding), first/last, min/max of
            // doubles (-0.0 vs 0.0 ties), or a decimal sum buffer capped at 38 digits (its
            // overflow depends on the running sums; uncapped, it needs 10^10 rows to overflow).
            const bool minMax = call.kind == AggregateKind::Min || call.kind == AggregateKind::Max;
            const bool exact = l.layout == Layout::Count || l.layout == Layout::SumInteger
                || (l.layout == Layout::SumDecimal && l.sumPrecision == l.argumentType.precision + 10)
                || (l.layout == Layout::Fixed && minMax && kind != TypeKind::Double)
                || (l.layout == Layout::String && minMax);
            m_mergesExactly = m_mergesExactly && exact;
            m_calls.push_back(l);
        }
    }
    m_strings.resize(strings);
    m_generic.resize(generic);
    m_decimalSumAndCount = m_calls.size() == 2
        && ((m_calls[0].layout == Layout::SumDecimal && m_calls[1].layout == Layout::Count && !m_calls[1].call->argument)
            || (m_calls[1].layout == Layout::SumDecimal && m_calls[0].layout == Layout::Count
                && !m_calls[0].call->argument));
}

void AggregationBuffers::addGroup()
{
    m_data.resize(m_data.size() + m_stride, 0);
    for (auto &side : m_strings)
        side.emplace_back();
    for (auto &side : m_generic)
        side.emplace_back();
    ++m_numGroups;
}

Value AggregationBuffers::fixedValue(const CallLayout &l, const unsigned char *at) const
{
    const uint64_t flags = loadAt<uint64_t>(at + 16);
    if (!(flags & kSet) || (flags & kNull))
        return Value::null();
    const int64_t a = loadAt<int64_t>(at);
    switch (l.argumentType.kind) {
    case TypeKind::Boolean: return Value::boolean(a != 0);
    case TypeKind::Int: return Value::int32(static_cast<int32_t>(a));
    case TypeKind::Long: return Value::int64(a);
    case TypeKind::Timestamp: return Value::timestamp(a);
    case TypeKind::Double: return Value::float64(loadAt<double>(at));
    case TypeKind::Decimal:
        return Value::decimal(loadAt<Int128>(at), l.argumentType.precision, l.argumentType.scale);
    case TypeKind::Window: return Value::window(a, loadAt<int64_t>(at + 8));
    default: return Value::null();
    }
}

void AggregationBuffers::setFixedValue(const CallLayout &l, unsigned char *at, const Value &v)
{
    uint64_t flags = kSet;
    storeAt<Int128>(at, 0);
    if (v.isNull()) {
        flags |= kNull;
    } else {
        switch (l.argumentType.kind) {
        case TypeKind::Boolean: storeAt<int64_t>(at, v.asBool() ? 1 : 0); break;
        case TypeKind::Int:
            storeAt<int64_t>(at, v.type().kind == TypeKind::Int ? v.asInt() : v.asLong());
            break;
        case TypeKind::Long:
            storeAt<int64_t>(at, v.type().kind == TypeKind::Int ? v.asInt() : v.asLong());
            break;
        case TypeKind::Timestamp: storeAt<int64_t>(at, v.asTimestamp()); break;
        case TypeKind::Double: storeAt<double>(at, v.asDouble()); break;
        case TypeKind::Decimal: storeAt<Int128>(at, v.asDecimal().unscaled); break;
        case TypeKind::Window:
            storeAt<int64_t>(at, v.asWindow().startMicros);
            storeAt<int64_t>(at + 8, v.asWindow().endMicros);
            break;
        default: break;
        }
    }
    storeAt<uint64_t>(at + 16, flags);
}

// min/max/first/last of one row (expr::updateAggregate's rules) for Fixed and String layouts.
void AggregationBuffers::updateValue(const CallLayout &l, unsigned char *at, uint32_t group,
                                     const Column &argument, size_t row)
{
    const expr::AggregateCall &call = *l.call;
    const bool isNull = argument.nulls()[row] != 0;
    const size_t flagsAt = l.layout == Layout::Fixed ? 16 : 0;
    uint64_t flags = loadAt<uint64_t>(at + flagsAt);
    bool take = false;
    switch (call.kind) {
    case AggregateKind::First: take = !(flags & kSet) && !(call.ignoreNulls && isNull); break;
    case AggregateKind::Last: take = !(call.ignoreNulls && isNull); break;
    default: {
        if (isNull)
            return;
        if (!(flags & kSet)) {
            take = true;
            break;
        }
        int c = 0;
        if (l.layout == Layout::String) {
            const int r = argument.strings()[row].compare(m_strings[l.side][group]);
            c = r < 0 ? -1 : (r > 0 ? 1 : 0);
        } else {
            switch (l.argumentType.kind) {
            case TypeKind::Double: c = compareDoubles(argument.doubles()[row], loadAt<double>(at)); break;
            case TypeKind::Decimal: c = threeWay(argument.decimals()[row], loadAt<Int128>(at)); break;
            case TypeKind::Window:
                c = threeWay(argument.ints()[row], loadAt<int64_t>(at));
                if (c == 0)
                    c = threeWay(argument.ends()[row], loadAt<int64_t>(at + 8));
                break;
            default: c = threeWay(argument.ints()[row], loadAt<int64_t>(at)); break;
            }
        }
        take = call.kind == AggregateKind::Min ? c < 0 : c > 0;
        break;
    }
    }
    if (!take)
        return;
    flags = kSet | (isNull ? kNull : 0);
    storeAt<uint64_t>(at + flagsAt, flags);
    if (l.layout == Layout::String) {
        if (isNull)
            m_strings[l.side][group].clear();
        else
            m_strings[l.side][group] = argument.strings()[row];
        return;
    }
    if (isNull) {
        storeAt<Int128>(at, 0);
        return;
    }
    switch (l.argumentType.kind) {
    case TypeKind::Double: storeAt<double>(at, argument.doubles()[row]); break;
    case TypeKind::Decimal: storeAt<Int128>(at, argument.decimals()[row]); break;
    case TypeKind::Window:
        storeAt<int64_t>(at, argument.ints()[row]);
        storeAt<int64_t>(at + 8, argument.ends()[row]);
        break;
    default: storeAt<int64_t>(at, argument.ints()[row]); break;
    }
}

namespace {

// One non-NULL value into a SumDecimal buffer (sum, count, overflow flag at `at`), with
// fitsPrecision(sum, p) inline: |sum| < limit = 10^p.
[[gnu::always_inline]] inline void addDecimal(unsigned char *at, Int128 value, unsigned __int128 limit)
{
    using U128 = unsigned __int128;
    storeAt<int64_t>(at + 16, loadAt<int64_t>(at + 16) + 1);
    if (loadAt<uint64_t>(at + 24))
        return; // Spark: an overflowed decimal buffer stays NULL
    Int128 sum;
    const bool wrapped = __builtin_add_overflow(loadAt<Int128>(at), value, &sum);
    const U128 magnitude = sum < 0 ? U128(0) - static_cast<U128>(sum) : static_cast<U128>(sum);
    if (wrapped || magnitude >= limit)
        storeAt<uint64_t>(at + 24, 1);
    storeAt<Int128>(at, sum);
}

} // namespace

void AggregationBuffers::update(const std::vector<const Column *> &arguments, const uint32_t *rows,
                                const uint32_t *groups, size_t count)
{
    // Call at a time: each call's buffers are independent of the others', so folding one call
    // over all rows, then the next, gives what row at a time gives, with the layout switch and
    // the argument's arrays hoisted out of a tight typed loop.
    if (count == 0) // e.g. every row late against a restored watermark while no group exists yet:
        return;      // m_data may be empty then, and data() + offset would offset a null pointer
    unsigned char *const data = m_data.data();
    const size_t stride = m_stride;
    if (m_decimalSumAndCount) {
        // The commonest pair, sum (or avg) of a decimal and count(*): both calls in one pass
        // over the rows, reading each row's group and record once.
        const size_t sumCall = m_calls[0].layout == Layout::SumDecimal ? 0 : 1;
        const CallLayout &sum = m_calls[sumCall];
        const size_t sumAt = sum.offset;
        const size_t countAt = m_calls[1 - sumCall].offset;
        const unsigned __int128 limit = sum.sumLimit;
        const Int128 *values = arguments[sumCall]->decimals().data();
        const uint8_t *nulls = arguments[sumCall]->nulls().data();
        for (size_t i = 0; i < count; ++i) {
            const uint32_t r = rows[i];
            unsigned char *record = data + groups[i] * stride;
            storeAt<int64_t>(record + countAt, loadAt<int64_t>(record + countAt) + 1);
            if (!nulls[r])
                addDecimal(record + sumAt, values[r], limit);
        }
        return;
    }
    for (size_t c = 0; c < m_calls.size(); ++c) {
        const CallLayout &l = m_calls[c];
        const Column *argument = arguments[c];
        unsigned char *const base = data + l.offset;
        const uint8_t *nulls = argument ? argument->nulls().data() : nullptr;
        switch (l.layout) {
        case Layout::Count:
            if (!argument) {
                for (size_t i = 0; i < count; ++i) {
                    unsigned char *at = base + groups[i] * stride;
                    storeAt<int64_t>(at, loadAt<int64_t>(at) + 1);
                }
            } else {
                for (size_t i = 0; i < count; ++i) {
                    unsigned char *at = base + groups[i] * stride;
                    storeAt<int64_t>(at, loadAt<int64_t>(at) + (nulls[rows[i]] == 0));
                }
            }
            break;
        case Layout::SumInteger: {
            const int64_t *values = argument->ints().data();
            for (size_t i = 0; i < count; ++i) {
                const uint32_t r = rows[i];
                if (nulls[r])
                    continue;
                unsigned char *at = base + groups[i] * stride;
                storeAt<Int128>(at, loadAt<Int128>(at) + values[r]);
                storeAt<int64_t>(at + 16, loadAt<int64_t>(at + 16) + 1);
            }
            break;
        }
        case Layout::SumDecimal: {
            const Int128 *values = argument->decimals().data();
            for (size_t i = 0; i < count; ++i) {
                const uint32_t r = rows[i];
                if (!nulls[r])
                    addDecimal(base + groups[i] * stride, values[r], l.sumLimit);
            }
            break;
        }
        case Layout::SumDouble: {
            const bool doubles = l.argumentType.kind == TypeKind::Double;
            const double *doubleValues = doubles ? argument->doubles().data() : nullptr;
            const int64_t *intValues = doubles ? nullptr : argument->ints().data();
            for (size_t i = 0; i < count; ++i) {
                const uint32_t r = rows[i];
                if (nulls[r])
                    continue;
                unsigned char *at = base + groups[i] * stride;
                storeAt<double>(at, loadAt<double>(at) + (doubles ? doubleValues[r] : static_cast<double>(intValues[r])));
                storeAt<int64_t>(at + 8, loadAt<int64_t>(at + 8) + 1);
            }
            break;
        }
        case Layout::Fixed:
        case Layout::String:
            for (size_t i = 0; i < count; ++i)
                updateValue(l, base + groups[i] * stride, groups[i], *argument, rows[i]);
            break;
        case Layout::Generic:
            for (size_t i = 0; i < count; ++i)
                expr::updateAggregate(*l.call, m_generic[l.side][groups[i]], argument, rows[i]);
            break;
        }
    }
}

void AggregationBuffers::merge(uint32_t into, const AggregationBuffers &other, uint32_t from)
{
    unsigned char *rec = record(into);
    const unsigned char *src = other.record(from);
    for (const CallLayout &l : m_calls) {
        unsigned char *at = rec + l.offset;
        const unsigned char *later = src + l.offset;
        switch (l.layout) {
        case Layout::Count: storeAt<int64_t>(at, loadAt<int64_t>(at) + loadAt<int64_t>(later)); break;
        case Layout::SumInteger:
            storeAt<Int128>(at, loadAt<Int128>(at) + loadAt<Int128>(later));
            storeAt<int64_t>(at + 16, loadAt<int64_t>(at + 16) + loadAt<int64_t>(later + 16));
            break;
        case Layout::SumDecimal: {
            storeAt<int64_t>(at + 16, loadAt<int64_t>(at + 16) + loadAt<int64_t>(later + 16));
            Int128 sum;
            if (loadAt<uint64_t>(at + 24) || loadAt<uint64_t>(later + 24)
                || __builtin_add_overflow(loadAt<Int128>(at), loadAt<Int128>(later), &sum)
                || (sum < 0 ? (unsigned __int128)(0) - static_cast<unsigned __int128>(sum)
                            : static_cast<unsigned __int128>(sum)) >= l.sumLimit) {
                if (!loadAt<uint64_t>(at + 24) && !loadAt<uint64_t>(later + 24))
                    storeAt<Int128>(at, sum);
                storeAt<uint64_t>(at + 24, 1);
            } else {
                storeAt<Int128>(at, sum);
            }
            break;
        }
        case Layout::SumDouble:
            storeAt<double>(at, loadAt<double>(at) + loadAt<double>(later));
            storeAt<int64_t>(at + 8, loadAt<int64_t>(at + 8) + loadAt<int64_t>(later + 8));
            break;
        case Layout::Fixed:
        case Layout::String:
        case Layout::Generic: {
            const size_t c = static_cast<size_t>(&l - m_calls.data());
            expr::AggregateState state = this->state(c, into);
            expr::mergeAggregate(*l.call, state, other.state(c, from));
            setState(c, into, state);
            break;
        }
        }
    }
}

expr::AggregateState AggregationBuffers::state(size_t c, uint32_t group) const
{
    const CallLayout &l = m_calls[c];
    const unsigned char *at = record(group) + l.offset;
    expr::AggregateState s;
    switch (l.layout) {
    case Layout::Count: s.count = loadAt<int64_t>(at); break;
    case Layout::SumInteger:
        s.sum = loadAt<Int128>(at);
        s.count = loadAt<int64_t>(at + 16);
        break;
    case Layout::SumDecimal:
        s.sum = loadAt<Int128>(at);
        s.count = loadAt<int64_t>(at + 16);
        s.overflow = loadAt<uint64_t>(at + 24) != 0;
        break;
    case Layout::SumDouble:
        s.doubleSum = loadAt<double>(at);
        s.count = loadAt<int64_t>(at + 8);
        break;
    case Layout::Fixed:
        s.isSet = (loadAt<uint64_t>(at + 16) & kSet) != 0;
        s.value = fixedValue(l, at);
        break;
    case Layout::String: {
        const uint64_t flags = loadAt<uint64_t>(at);
        s.isSet = (flags & kSet) != 0;
        if (s.isSet && !(flags & kNull))
            s.value = Value::string(m_strings[l.side][group]);
        break;
    }
    case Layout::Generic: s = m_generic[l.side][group]; break;
    }
    return s;
}

void AggregationBuffers::setState(size_t c, uint32_t group, const expr::AggregateState &s)
{
    const CallLayout &l = m_calls[c];
    unsigned char *at = record(group) + l.offset;
    switch (l.layout) {
    case Layout::Count: storeAt<int64_t>(at, s.count); break;
    case Layout::SumInteger:
        storeAt<Int128>(at, s.sum);
        storeAt<int64_t>(at + 16, s.count);
        break;
    case Layout::SumDecimal:
        storeAt<Int128>(at, s.sum);
        storeAt<int64_t>(at + 16, s.count);
        storeAt<uint64_t>(at + 24, s.overflow ? 1 : 0);
        break;
    case Layout::SumDouble:
        storeAt<double>(at, s.doubleSum);
        storeAt<int64_t>(at + 8, s.count);
        break;
    case Layout::Fixed:
        if (s.isSet) {
            setFixedValue(l, at, s.value);
        } else {
            storeAt<Int128>(at, 0);
            storeAt<uint64_t>(at + 16, 0);
        }
        break;
    case Layout::String:
        storeAt<uint64_t>(at, s.isSet ? (kSet | (s.value.isNull() ? kNull : 0)) : 0);
        m_strings[l.side][group] = s.isSet && !s.value.isNull() ? s.value.asString() : std::string();
        break;
    case Layout::Generic: m_generic[l.side][group] = s; break;
    }
}

Value AggregationBuffers::result(size_t c, uint32_t group) const
{
    return expr::aggregateResult(*m_calls[c].call, state(c, group));
}

void AggregationBuffers::appendResults(size_t c, const std::vector<uint32_t> &groups, Column &out) const
{
    const CallLayout &l = m_calls[c];
    const DataType &type = l.call->resultType;
    const bool typed = out.type() == type
        && (l.layout != Layout::Fixed && l.layout != Layout::String ? true : type == l.argumentType);
    if (!typed || l.layout == Layout::Generic) {
        for (uint32_t g : groups)
            out.append(result(c, g));
        return;
    }
    out.reserve(out.size() + groups.size());
    const bool isAvg = l.call->kind == AggregateKind::Avg;
    for (uint32_t g : groups) {
        const unsigned char *at = record(g) + l.offset;
        switch (l.layout) {
        case Layout::Count:
            out.appendInt(loadAt<int64_t>(at));
            break;
        case Layout::SumInteger:
            if (loadAt<int64_t>(at + 16) == 0) {
                out.appendNull();
            } else {
                out.appendInt(static_cast<int64_t>(
                    static_cast<uint64_t>(static_cast<unsigned __int128>(loadAt<Int128>(at)))));
            }
            break;
        case Layout::SumDecimal: {
            const int64_t count = loadAt<int64_t>(at + 16);
            const Int128 sum = loadAt<Int128>(at);
            if (count == 0 || loadAt<uint64_t>(at + 24)) {
                out.appendNull();
            } else if (isAvg) {
                // Spark: DecimalDivideWithOverflowCheck(sum, count as decimal(20,0), resultType).
                const auto v = decimalDivide(sum, l.argumentType.scale, count, 0, type);
                if (v) {
                    out.appendDecimal(*v);
                } else {
                    out.appendNull();
                }
            } else if (!fitsPrecision(sum, type.precision)) {
                out.appendNull();
            } else {
                out.appendDecimal(sum);
            }
            break;
        }
        case Layout::SumDouble: {
            const int64_t count = loadAt<int64_t>(at + 8);
            if (count == 0) {
                out.appendNull();
            } else {
                const double sum = loadAt<double>(at);
                out.appendDouble(isAvg ? sum / static_cast<double>(count) : sum);
            }
            break;
        }
        case Layout::Fixed: {
            const uint64_t flags = loadAt<uint64_t>(at + 16);
            if (!(flags & kSet) || (flags & kNull)) {
                out.appendNull();
                break;
            }
            switch (type.kind) {
            case TypeKind::Double: out.appendDouble(loadAt<double>(at)); break;
            case TypeKind::Decimal: out.appendDecimal(loadAt<Int128>(at)); break;
            case TypeKind::Window: out.appendWindow(loadAt<int64_t>(at), loadAt<int64_t>(at + 8)); break;
            default: out.appendInt(loadAt<int64_t>(at)); break;
            }
            break;
        }
        case Layout::String: {
            const uint64_t flags = loadAt<uint64_t>(at);
            if (!(flags & kSet) || (flags & kNull)) {
                out.appendNull();
            } else {
                out.appendString(m_strings[l.side][g]);
            }
            break;
        }
        case Layout::Generic: break;
        }
    }
}

void AggregationBuffers::retain(const std::vector<uint8_t> &keep)
{
    size_t out = 0;
    for (size_t g = 0; g < m_numGroups; ++g) {
        if (!keep[g])
            continue;
        if (out != g)
            std::memmove(m_data.data() + out * m_stride, m_data.data() + g * m_stride, m_stride);
        ++out;
    }
    m_data.resize(out * m_stride);
    for (auto &side : m_strings)
        keepRows(side, keep);
    for (auto &side : m_generic)
        keepRows(side, keep);
    m_numGroups = out;
}

void AggregationBuffers::clear()
{
    m_data.clear();
    for (auto &side : m_strings)
        side.clear();
    for (auto &side : m_generic)
        side.clear();
    m_numGroups = 0;
}

int64_t AggregationBuffers::memoryBytes() const
{
    int64_t bytes = static_cast<int64_t>(m_data.capacity());
    for (const auto &side : m_strings)
        bytes += static_cast<int64_t>(side.capacity() * sizeof(std::string));
    for (const auto &side : m_generic)
        bytes += static_cast<int64_t>(side.capacity() * sizeof(expr::AggregateState));
    return bytes;
}

} // namespace streamstep
