// Shortens the times of one table column so a reader takes them in at a glance: when every time in
// the column falls on one UTC date, the date is said once (in the column's header) and the cells
// show the time of day; a window reads [10:00, 10:05) — half-open, as Spark's window() is — with
// seconds only when some bound of the column has them, so the cells of a column line up. Spark's
// own text ({2026-03-01 10:00:00, 2026-03-01 10:05:00}) stays in the console sink and in the
// models' SparkTextRole.
#pragma once

#include "streamstep/column_batch.h"

#include <QString>

#include <cstdint>

namespace streamstep {

class TimeColumnFormat {
public:
    // Looks at every non-NULL value of a timestamp or window column (other types are left alone).
    static TimeColumnFormat of(const Column &column);

    // Adds a timestamp, or the bounds of a window (its end may be the midnight after the date).
    void addTimestamp(int64_t micros);
    void addWindow(int64_t startMicros, int64_t endMicros);

    bool isUsed() const { return m_any; }
    // The one UTC date of every time in the column ("2026-03-01"); empty when they span days.
    QString sharedDate() const;
    QString timestampText(int64_t micros) const;
    QString windowText(int64_t startMicros, int64_t endMicros) const;
    // The text for a value of the column's type; Spark's text for other types.
    QString text(const Value &value) const;
    // The same for row `row` of `column`, read in place.
    QString text(const Column &column, size_t row) const;

private:
    QString timeText(int64_t micros, bool dropZeroSeconds) const;

    bool m_any = false;
    bool m_oneDate = true;
    int64_t m_day = 0;
    bool m_wholeMinutes = true; // every window bound seen is on a whole minute
};

} // namespace streamstep
