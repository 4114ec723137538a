#include "streamstep/check.h"

#include <cstdio>
#include <cstdlib>

namespace streamstep {

void failCheck(const char *file, int line, const char *condition, const char *message)
{
    std::fprintf(stderr, "%s:%d: StreamStep internal check failed: %s (%s)\n", file, line, condition, message);
    std::fflush(stderr);
    std::abort();
}

} // namespace streamstep
