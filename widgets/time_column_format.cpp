#include "time_column_format.h"

#include "streamstep/time_math.h"
#include "streamstep/value_format.h"

namespace streamstep {

namespace {

int64_t dayOf(int64_t micros)
{
    return floorDiv(micros, kMicrosPerDay);
}

} // namespace

TimeColumnFormat TimeColumnFormat::of(const Column &column)
{
    TimeColumnFormat format;
    const TypeKind kind = column.type().kind;
    if (kind != TypeKind::Timestamp && kind != TypeKind::Window)
        return format;
    for (size_t row = 0; row < column.size(); ++row) {
        if (column.isNull(row))
            continue;
        if (kind == TypeKind::Timestamp)
            format.addTimestamp(column.ints()[row]);
        else
            format.addWindow(column.ints()[row], column.ends()[row]);
    }
    return format;
}

void TimeColumnFormat::addTimestamp(int64_t micros)
{
    const int64_t day = dayOf(micros);
    if (!m_any)
        m_day = day;
    m_oneDate = m_oneDate && day == m_day;
    m_any = true;
}

void TimeColumnFormat::addWindow(int64_t startMicros, int64_t endMicros)
{
    addTimestamp(startMicros);
    // A window ending at the midnight after its date still belongs to that date: [23:55, 00:00).
    const int64_t endDay = dayOf(endMicros - 1);
    m_oneDate = m_oneDate && endDay == m_day;
    const int64_t minute = 60 * kMicrosPerSecond;
    m_wholeMinutes = m_wholeMinutes && floorMod(startMicros, minute) == 0 && floorMod(endMicros, minute) == 0;
}

QString TimeColumnFormat::sharedDate() const
{
    if (!m_any || !m_oneDate)
        return {};
    const QString full = QString::fromStdString(formatTimestamp(m_day * kMicrosPerDay));
    return full.left(full.indexOf(QLatin1Char(' ')));
}

QString TimeColumnFormat::timeText(int64_t micros, bool dropZeroSeconds) const
{
    QString full = QString::fromStdString(formatTimestamp(micros));
    if (m_any && m_oneDate)
        full = full.mid(full.indexOf(QLatin1Char(' ')) + 1);
    if (dropZeroSeconds && full.endsWith(QLatin1String(":00")))
        full.chop(3);
    return full;
}

QString TimeColumnFormat::timestampText(int64_t micros) const
{
    return timeText(micros, false);
}

QString TimeColumnFormat::windowText(int64_t startMicros, int64_t endMicros) const
{
    return QStringLiteral("[%1, %2)").arg(timeText(startMicros, m_wholeMinutes), timeText(endMicros, m_wholeMinutes));
}

QString TimeColumnFormat::text(const Value &value) const
{
    if (value.isNull())
        return QStringLiteral("NULL");
    switch (value.type().kind) {
    case TypeKind::Timestamp: return timestampText(value.asTimestamp());
    case TypeKind::Window: {
        const WindowBounds w = value.asWindow();
        return windowText(w.startMicros, w.endMicros);
    }
    default: return QString::fromStdString(toDisplayString(value));
    }
}

QString TimeColumnFormat::text(const Column &column, size_t row) const
{
    if (!column.isNull(row)) {
        if (column.type().kind == TypeKind::Timestamp)
            return timestampText(column.ints()[row]);
        if (column.type().kind == TypeKind::Window)
            return windowText(column.ints()[row], column.ends()[row]);
    }
    std::string out;
    appendDisplayText(out, column, row);
    return QString::fromStdString(out);
}

} // namespace streamstep
