#include "types/value_order.h"

#include "types/decimal.h"

namespace streamstep {

int compareValues(const Value &a, const Value &b)
{
    if (a.isNull() || b.isNull())
        return a.isNull() == b.isNull() ? 0 : (a.isNull() ? -1 : 1);
    switch (a.type().kind) {
    case TypeKind::Null: return 0;
    case TypeKind::Boolean: return threeWay(a.asBool(), b.asBool());
    case TypeKind::Int: return threeWay(a.asInt(), b.asInt());
    case TypeKind::Long: return threeWay(a.asLong(), b.asLong());
    case TypeKind::Double: return compareDoubles(a.asDouble(), b.asDouble());
    case TypeKind::Decimal:
        return compareDecimal(a.asDecimal().unscaled, a.asDecimal().scale, b.asDecimal().unscaled,
                              b.asDecimal().scale);
    case TypeKind::String: return threeWay(a.asString().compare(b.asString()), 0);
    case TypeKind::Timestamp: return threeWay(a.asTimestamp(), b.asTimestamp());
    case TypeKind::Window: {
        const WindowBounds &x = a.asWindow();
        const WindowBounds &y = b.asWindow();
        return x.startMicros != y.startMicros ? threeWay(x.startMicros, y.startMicros)
                                              : threeWay(x.endMicros, y.endMicros);
    }
    }
    return 0;
}

} // namespace streamstep
