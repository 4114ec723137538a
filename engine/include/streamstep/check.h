// Checks for programmer errors — an invariant of the engine itself broken (a plan of the wrong
// shape, a column whose storage does not match its type), never a user's mistake: a user's
// mistake is an Error with a position and Spark's wording. STREAMSTEP_CHECK is always on and
// aborts with the file, line, condition and message; STREAMSTEP_DCHECK is for hot paths and only
// on in Debug and sanitizer builds (without NDEBUG).
#pragma once

namespace streamstep {

[[noreturn]] void failCheck(const char *file, int line, const char *condition, const char *message);

} // namespace streamstep

#define STREAMSTEP_CHECK(condition, message)                                                  \
    do {                                                                                      \
        if (!(condition)) [[unlikely]]                                                        \
            ::streamstep::failCheck(__FILE__, __LINE__, #condition, message);                 \
    } while (false)

#ifdef NDEBUG
#define STREAMSTEP_DCHECK(condition, message) \
    do {                                      \
    } while (false)
#else
#define STREAMSTEP_DCHECK(condition, message) STREAMSTEP_CHECK(condition, message)
#endif
