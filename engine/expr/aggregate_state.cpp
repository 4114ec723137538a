// Running aggregate state, following Spark 3.5's Count/Sum/Average/Min/Max/First/Last
// (aggregate/*.scala) in non-ANSI mode; under ANSI a decimal sum that overflows fails.
#include "expr/expression.h"
#include "types/decimal.h"
#include "types/value_order.h"

#include <cmath>

namespace streamstep::expr {

namespace {

// The sum buffer's type: Spark's Sum/Average sumDataType for decimal(p,s) is decimal(p+10,s).
int sumBufferPrecision(const DataType &input) { return std::min(input.precision + 10, 38); }

} // namespace

void updateAggregate(const AggregateCall &call, AggregateState &state, const Column *argument,
                     size_t row)
{
    const bool isNull = argument && argument->isNull(row);
    switch (call.kind) {
    case AggregateKind::Count:
        if (!call.argument || !isNull)
            ++state.count;
        return;
    case AggregateKind::Sum:
    case AggregateKind::Avg: {
        if (!argument || isNull)
            return;
        ++state.count;
        const DataType &t = argument->type();
        switch (t.kind) {
        case TypeKind::Decimal:
            // Spark writes the running sum into a decimal(p+10, s) buffer after every row; a value
            // that does not fit becomes NULL, and NULL + x stays NULL.
            if (state.overflow)
                return;
            if (__builtin_add_overflow(state.sum, argument->decimals()[row], &state.sum)
                || !fitsPrecision(state.sum, sumBufferPrecision(t)))
                state.overflow = true;
            return;
        case TypeKind::Int:
        case TypeKind::Long:
            if (call.kind == AggregateKind::Sum)
                state.sum += argument->ints()[row]; // wraps to bigint at the end, like Spark
            else
                state.doubleSum += static_cast<double>(argument->ints()[row]); // avg sums doubles
            return;
        case TypeKind::Double: state.doubleSum += argument->doubles()[row]; return;
        default: return;
        }
    }
    case AggregateKind::Min:
    case AggregateKind::Max: {
        if (!argument || isNull)
            return;
        Value v = argument->get(row);
        if (!state.isSet) {
            state.value = std::move(v);
            state.isSet = true;
            return;
        }
        const int c = compareValues(v, state.value);
        if ((call.kind == AggregateKind::Min && c < 0) || (call.kind == AggregateKind::Max && c > 0))
            state.value = std::move(v);
        return;
    }
    case AggregateKind::First:
        if (state.isSet || (call.ignoreNulls && isNull))
            return;
        state.value = argument ? argument->get(row) : Value::null();
        state.isSet = true;
        return;
    case AggregateKind::Last:
        if (call.ignoreNulls && isNull)
            return;
        state.value = argument ? argument->get(row) : Value::null();
        state.isSet = true;
        return;
    }
}

Value aggregateResult(const AggregateCall &call, const AggregateState &state)
{
    const DataType &type = call.resultType;
    switch (call.kind) {
    case AggregateKind::Count: return Value::int64(state.count);
    case AggregateKind::Sum:
        if (state.count == 0)
            return Value::null();
        switch (type.kind) {
        case TypeKind::Decimal:
            if (state.overflow || !fitsPrecision(state.sum, type.precision)) {
                // Spark's CheckOverflowInSum: NULL, or under ANSI the query fails.
                if (call.evalMode == EvalMode::Ansi)
                    throwArithmeticOverflow(call.queryContext, "Overflow in sum of decimals", "try_sum",
                                            "the sum overflows " + type.sparkName());
                return Value::null();
            }
            return Value::decimal(state.sum, type.precision, type.scale);
        case TypeKind::Long:
            return Value::int64(static_cast<int64_t>(static_cast<uint64_t>(
                static_cast<unsigned __int128>(state.sum))));
        default: return Value::float64(state.doubleSum);
        }
    case AggregateKind::Avg: {
        if (state.count == 0)
            return Value::null();
        if (type.kind == TypeKind::Decimal) {
            // Spark: DecimalDivideWithOverflowCheck(sum, count as decimal(20,0), resultType):
            // Decimal `/` (38 fraction digits, HALF_UP), then toPrecision(resultType, HALF_UP).
            if (state.overflow || !call.argument)
                return Value::null();
            const int inputScale = call.argument->type.scale;
            auto v = decimalDivide(state.sum, inputScale, state.count, 0, type);
            return v ? Value::decimal(*v, type.precision, type.scale) : Value::null();
        }
        return Value::float64(state.doubleSum / static_cast<double>(state.count));
    }
    case AggregateKind::Min:
    case AggregateKind::Max:
    case AggregateKind::First:
    case AggregateKind::Last: return state.isSet ? state.value : Value::null();
    }
    return Value::null();
}

void mergeAggregate(const AggregateCall &call, AggregateState &into, const AggregateState &later)
{
    switch (call.kind) {
    case AggregateKind::Count: into.count += later.count; return;
    case AggregateKind::Sum:
    case AggregateKind::Avg:
        into.count += later.count;
        into.doubleSum += later.doubleSum;
        if (call.argument && call.argument->type.kind == TypeKind::Decimal) {
            // Spark's merge adds the two buffers; an overflowed buffer stays NULL.
            if (into.overflow || later.overflow
                || __builtin_add_overflow(into.sum, later.sum, &into.sum)
                || !fitsPrecision(into.sum, sumBufferPrecision(call.argument->type)))
                into.overflow = true;
        } else {
            into.sum += later.sum;
        }
        return;
    case AggregateKind::Min:
    case AggregateKind::Max: {
        if (!later.isSet)
            return;
        if (!into.isSet) {
            into.value = later.value;
            into.isSet = true;
            return;
        }
        const int c = compareValues(later.value, into.value);
        if ((call.kind == AggregateKind::Min && c < 0) || (call.kind == AggregateKind::Max && c > 0))
            into.value = later.value;
        return;
    }
    case AggregateKind::First:
        if (!into.isSet && later.isSet) {
            into.value = later.value;
            into.isSet = true;
        }
        return;
    case AggregateKind::Last:
        if (later.isSet) {
            into.value = later.value;
            into.isSet = true;
        }
        return;
    }
}

} // namespace streamstep::expr
