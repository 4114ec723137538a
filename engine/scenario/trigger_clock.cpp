#include "streamstep/scenario.h"
#include "streamstep/time_math.h"

namespace streamstep {

std::vector<int64_t> triggerTimesMicros(const std::vector<Step> &steps)
{
    std::vector<int64_t> times;
    times.reserve(steps.size());
    for (size_t i = 0; i < steps.size(); ++i)
        times.push_back(steps[i].processingTimeMicros.value_or(i == 0 ? 0 : times.back() + kMicrosPerSecond));
    return times;
}

int64_t triggerTimeMicros(const std::vector<Step> &steps, size_t index)
{
    int64_t time = 0;
    for (size_t i = 0; i <= index && i < steps.size(); ++i)
        time = steps[i].processingTimeMicros.value_or(i == 0 ? 0 : time + kMicrosPerSecond);
    return time;
}

bool triggerTimeIsManualClock(const std::vector<Step> &steps, size_t index)
{
    for (size_t i = 0; i <= index && i < steps.size(); ++i)
        if (steps[i].processingTimeMicros)
            return false;
    return true;
}

} // namespace streamstep
