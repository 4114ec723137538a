// Spark's arithmetic operators (arithmetic.scala) as one kernel template per operator over the
// physical types. Each operator says, per type, what its result is and whether it overflowed or
// divided by zero (Outcome); the evaluation mode then decides what that means. Spark 3.5's
// default (EvalMode.LEGACY): integer overflow keeps the wrapped low bits (Java's int/long
// arithmetic); decimal overflow and division or remainder by zero give NULL. Spark 4's default
// (EvalMode.ANSI): any of them fails the batch with Spark's error (runtime_errors.h).
#include "expr/datetime_pattern.h"
#include "expr/operator_kernels.h"
#include "expr/physical_types.h"

#include "streamstep/time_math.h"
#include "streamstep/value_format.h"
#include "types/decimal.h"

#include <cmath>
#include <optional>
#include <stdexcept>

namespace streamstep::expr {

namespace {

enum class Outcome : uint8_t {
    Ok,
    Overflow,     // integral: the result holds the wrapped low bits; decimal: no result
    DivideByZero, // no result
};

// Which operand types an operator is defined on: Divide has no integral form (Spark's `/` is
// always a double or decimal division; the binder casts integers to double first).
struct IntegralAndFractional {
    static constexpr bool kIntegral = true;
};
struct FractionalOnly {
    static constexpr bool kIntegral = false;
};

Outcome decimalOutcome(const std::optional<Int128> &v, Int128 &r)
{
    if (!v)
        return Outcome::Overflow;
    r = *v;
    return Outcome::Ok;
}

// +, - and *: an integral result that does not fit is an overflow (the wrapped low bits kept),
// doubles follow IEEE, decimals are exact at DecimalPrecision's result type. `Math` gives the
// operator's try_ function and its three forms.
template <class Math>
struct ExactOp : IntegralAndFractional {
    static constexpr const char *kTryFunction = Math::kTryFunction;
    static constexpr bool kRemainder = false;
    template <class T>
    static Outcome integral(T a, T b, T &r)
    {
        return Math::overflows(a, b, r) ? Outcome::Overflow : Outcome::Ok;
    }
    static Outcome fractional(double a, double b, double &r)
    {
        r = Math::apply(a, b);
        return Outcome::Ok;
    }
    static Outcome decimal(Int128 a, int as, Int128 b, int bs, const DataType &t, Int128 &r)
    {
        return decimalOutcome(Math::decimal(a, as, b, bs, t), r);
    }
};

struct Addition {
    static constexpr const char *kTryFunction = "try_add";
    template <class T>
    static bool overflows(T a, T b, T &r) { return __builtin_add_overflow(a, b, &r); }
    static double apply(double a, double b) { return a + b; }
    static constexpr auto decimal = decimalAdd;
};

struct Subtraction {
    static constexpr const char *kTryFunction = "try_subtract";
    template <class T>
    static bool overflows(T a, T b, T &r) { return __builtin_sub_overflow(a, b, &r); }
    static double apply(double a, double b) { return a - b; }
    static constexpr auto decimal = decimalSubtract;
};

struct Multiplication {
    static constexpr const char *kTryFunction = "try_multiply";
    template <class T>
    static bool overflows(T a, T b, T &r) { return __builtin_mul_overflow(a, b, &r); }
    static double apply(double a, double b) { return a * b; }
    static constexpr auto decimal = decimalMultiply;
};

using AddOp = ExactOp<Addition>;
using SubtractOp = ExactOp<Subtraction>;
using MultiplyOp = ExactOp<Multiplication>;

struct DivideOp : FractionalOnly {
    static constexpr const char *kTryFunction = "try_divide";
    static constexpr bool kRemainder = false;
    static Outcome fractional(double a, double b, double &r)
    {
        if (b == 0)
            return Outcome::DivideByZero;
        r = a / b;
        return Outcome::Ok;
    }
    static Outcome decimal(Int128 a, int as, Int128 b, int bs, const DataType &t, Int128 &r)
    {
        if (b == 0)
            return Outcome::DivideByZero;
        return decimalOutcome(decimalDivide(a, as, b, bs, t), r);
    }
};

// Java's `%`: the sign of the dividend; x % -1 is 0 (also for the most negative x, which would
// overflow the division in C++).
struct RemainderOp : IntegralAndFractional {
    static constexpr const char *kTryFunction = "try_mod";
    static constexpr bool kRemainder = true;
    template <class T>
    static Outcome integral(T a, T b, T &r)
    {
        if (b == 0)
            return Outcome::DivideByZero;
        r = b == -1 ? 0 : a % b;
        return Outcome::Ok;
    }
    static Outcome fractional(double a, double b, double &r)
    {
        if (b == 0)
            return Outcome::DivideByZero;
        r = std::fmod(a, b);
        return Outcome::Ok;
    }
    static Outcome decimal(Int128 a, int as, Int128 b, int bs, const DataType &t, Int128 &r)
    {
        if (b == 0)
            return Outcome::DivideByZero;
        return decimalOutcome(decimalRemainder(a, as, b, bs, t), r);
    }
};

// Spark's EvalMode.LEGACY: is the row NULL for this outcome? Integral overflow keeps the wrapped
// value (so it is not NULL); anything without a result is NULL.
constexpr bool legacyNull(Outcome o, bool integral)
{
    return o == Outcome::DivideByZero || (o == Outcome::Overflow && !integral);
}

// Spark's EvalMode.ANSI for a non-NULL row whose outcome is not Ok: the batch fails.
template <class Op>
[[noreturn, gnu::noinline]] void ansiFailure(const ExprNode &node, Outcome outcome)
{
    if (outcome == Outcome::DivideByZero)
        throwDivideByZero(node.queryContext, Op::kRemainder);
    throwArithmeticOverflow(node.queryContext, "overflow", Op::kTryFunction,
                            node.type.sparkName() + " overflow");
}

// A decimal result beyond its type's precision (NUMERIC_VALUE_OUT_OF_RANGE): Spark names the
// exact result, which + - * have at the result's scale when it fits 128 bits.
template <class Op>
[[noreturn, gnu::noinline]] void ansiDecimalOverflow(const ExprNode &node, Int128 a, int as, Int128 b, int bs)
{
    const int scale = node.type.scale;
    Int128 exact = 0;
    bool known = false;
    if constexpr (std::is_same_v<Op, AddOp> || std::is_same_v<Op, SubtractOp>) {
        Int128 l = 0;
        Int128 r = 0;
        known = scale >= as && scale >= bs && !__builtin_mul_overflow(a, pow10Int128(scale - as), &l)
            && !__builtin_mul_overflow(b, pow10Int128(scale - bs), &r)
            && !(std::is_same_v<Op, AddOp> ? __builtin_add_overflow(l, r, &exact) : __builtin_sub_overflow(l, r, &exact));
    } else if constexpr (std::is_same_v<Op, MultiplyOp>) {
        known = as + bs == scale && !__builtin_mul_overflow(a, b, &exact);
    }
    throwDecimalOutOfRange(node.queryContext, known ? formatDecimal(exact, scale) : "a value of more than 38 digits",
                           node.type);
}

// Integers and doubles: every row is computed (a NULL row's slot holds zero, harmless for every
// operator), then NULL rows get a NULL flag and a zero slot, branch-free.
template <class Op, class S, bool LeftScalar, bool RightScalar, bool Ansi>
void numericLoop(const ExprNode &node, const Column &l, const Column &r, Column &out)
{
    const auto *a = S::read(l);
    const auto *b = S::read(r);
    const uint8_t *an = l.nulls().data();
    const uint8_t *bn = r.nulls().data();
    auto *o = S::write(out);
    uint8_t *on = out.nulls().data();
    constexpr bool integral = !std::is_floating_point_v<typename S::Value>;
    const size_t n = out.size();
    for (size_t i = 0; i < n; ++i) {
        const size_t li = operandRow<LeftScalar>(i);
        const size_t ri = operandRow<RightScalar>(i);
        typename S::Value v{};
        Outcome outcome;
        if constexpr (integral)
            outcome = Op::integral(S::load(a[li]), S::load(b[ri]), v);
        else
            outcome = Op::fractional(S::load(a[li]), S::load(b[ri]), v);
        if constexpr (Ansi)
            if (outcome != Outcome::Ok && !(an[li] | bn[ri])) [[unlikely]]
                ansiFailure<Op>(node, outcome);
        const bool isNull = an[li] | bn[ri] | legacyNull(outcome, integral);
        on[i] = isNull;
        o[i] = isNull ? decltype(S::store(v)){} : S::store(v);
    }
}

// Decimals: per row on the exact values at each operand's scale; NULL rows are skipped.
template <class Op, bool LeftScalar, bool RightScalar>
void decimalLoop(const ExprNode &node, const Column &l, const Column &r, Column &out, const DataType &type)
{
    const Int128 *a = l.decimals().data();
    const Int128 *b = r.decimals().data();
    const uint8_t *an = l.nulls().data();
    const uint8_t *bn = r.nulls().data();
    Int128 *o = out.decimals().data();
    uint8_t *on = out.nulls().data();
    const int as = l.type().scale;
    const int bs = r.type().scale;
    const size_t n = out.size();
    for (size_t i = 0; i < n; ++i) {
        const size_t li = operandRow<LeftScalar>(i);
        const size_t ri = operandRow<RightScalar>(i);
        if (an[li] || bn[ri]) {
            on[i] = 1;
            continue;
        }
        Int128 v = 0;
        const Outcome outcome = Op::decimal(a[li], as, b[ri], bs, type, v);
        if (outcome != Outcome::Ok && node.evalMode == EvalMode::Ansi) {
            if (outcome == Outcome::DivideByZero)
                ansiFailure<Op>(node, outcome);
            ansiDecimalOverflow<Op>(node, a[li], as, b[ri], bs);
        }
        if (legacyNull(outcome, false))
            on[i] = 1;
        else
            o[i] = v;
    }
}

// The invariants the binder guarantees: both operands have the result's type, except that a
// decimal result has decimal operands of their own precision and scale.
void checkOperands(const ExprNode &node, const ArgumentColumns &in)
{
    const bool decimal = node.type.kind == TypeKind::Decimal;
    if (in.size() != 2
        || (decimal ? in[0].type().kind != TypeKind::Decimal || in[1].type().kind != TypeKind::Decimal
                    : !(in[0].type() == node.type) || !(in[1].type() == node.type)))
        throw std::logic_error("arithmetic operands do not have the types the binder gives them");
}

template <class Op, class S, bool LS, bool RS>
void numericLoopFor(const ExprNode &node, const Column &l, const Column &r, Column &out)
{
    if (node.evalMode == EvalMode::Ansi)
        numericLoop<Op, S, LS, RS, true>(node, l, r, out);
    else
        numericLoop<Op, S, LS, RS, false>(node, l, r, out);
}

template <class Op>
void arithmetic(const ExprNode &node, const ArgumentColumns &in, Column &out)
{
    checkOperands(node, in);
    const Column &l = in[0];
    const Column &r = in[1];
    withOperandShapes(in, [&]<bool LS, bool RS>() {
        switch (node.type.kind) {
        case TypeKind::Int:
            if constexpr (Op::kIntegral) {
                numericLoopFor<Op, Int32Storage, LS, RS>(node, l, r, out);
                return;
            }
            break;
        case TypeKind::Long:
            if constexpr (Op::kIntegral) {
                numericLoopFor<Op, Int64Storage, LS, RS>(node, l, r, out);
                return;
            }
            break;
        case TypeKind::Double: numericLoopFor<Op, DoubleStorage, LS, RS>(node, l, r, out); return;
        case TypeKind::Decimal: decimalLoop<Op, LS, RS>(node, l, r, out, node.type); return;
        default: break;
        }
        throw std::logic_error("arithmetic over type " + node.type.sparkName());
    });
}

} // namespace

void addKernel(const ExprNode &node, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    arithmetic<AddOp>(node, in, out);
}

void subtractKernel(const ExprNode &node, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    arithmetic<SubtractOp>(node, in, out);
}

void multiplyKernel(const ExprNode &node, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    arithmetic<MultiplyOp>(node, in, out);
}

void divideKernel(const ExprNode &node, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    arithmetic<DivideOp>(node, in, out);
}

void remainderKernel(const ExprNode &node, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    arithmetic<RemainderOp>(node, in, out);
}

// Spark 4.2's UnaryMinus under ANSI (MathUtils.negateExact): "overflow", without a hint or a
// query context.
[[noreturn, gnu::noinline]] static void negateOverflow(const ExprNode &node)
{
    throwArithmeticOverflow(node.queryContext, "overflow", "", "-(" + node.type.sparkName() + " minimum) overflow");
}

// Spark's UnaryMinus: 0 - x, wrapping for the most negative integer in LEGACY mode.
void negateKernel(const ExprNode &node, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    const Column &c = in[0];
    if (!(c.type() == node.type))
        throw std::logic_error("negation changes the type");
    out.setNulls(c.nulls());
    const size_t n = out.size();
    if (node.evalMode == EvalMode::Ansi && (node.type.kind == TypeKind::Int || node.type.kind == TypeKind::Long)) {
        const int64_t minimum = node.type.kind == TypeKind::Int ? INT32_MIN : INT64_MIN;
        for (size_t i = 0; i < n; ++i)
            if (!c.nulls()[i] && c.ints()[i] == minimum)
                negateOverflow(node);
    }
    switch (node.type.kind) {
    case TypeKind::Int:
        for (size_t i = 0; i < n; ++i) {
            int32_t v = 0;
            (void)SubtractOp::integral<int32_t>(0, Int32Storage::load(c.ints()[i]), v);
            out.ints()[i] = v;
        }
        break;
    case TypeKind::Long:
        for (size_t i = 0; i < n; ++i) {
            int64_t v = 0;
            (void)SubtractOp::integral<int64_t>(0, c.ints()[i], v);
            out.ints()[i] = v;
        }
        break;
    case TypeKind::Double:
        for (size_t i = 0; i < n; ++i)
            out.doubles()[i] = -c.doubles()[i];
        break;
    case TypeKind::Decimal: // -x has the digits of x: it always fits
        for (size_t i = 0; i < n; ++i)
            out.decimals()[i] = -c.decimals()[i];
        break;
    default: throw std::logic_error("negation of type " + node.type.sparkName());
    }
}

void timeAddKernel(const ExprNode &node, const ArgumentColumns &in, const EvalContext &, Column &out)
{
    const Column &ts = in[0];
    const Interval &interval = node.interval;
    out.setNulls(ts.nulls());
    for (size_t i = 0; i < out.size(); ++i) {
        if (ts.nulls()[i])
            continue;
        int64_t v = addMonthsToMicros(ts.ints()[i], interval.months);
        v += static_cast<int64_t>(interval.days) * 86400LL * kMicrosPerSecond + interval.micros;
        out.ints()[i] = v;
    }
}

} // namespace streamstep::expr
