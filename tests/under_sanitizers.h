// Whether a test program is built with AddressSanitizer (the sanitizer tree of README.md's test
// command, -DSTREAMSTEP_SANITIZE=ON, or a fuzz tree). Such code runs 3 to 40 times slower and
// ASan's quarantine keeps freed memory resident, so wall-clock bounds and waits scale with it and
// RSS bounds are checked only without it. Included by a relative path: the test folders share no
// include directory.
#pragma once

namespace streamstep::testing {

#if defined(__SANITIZE_ADDRESS__) // GCC
inline constexpr bool kUnderSanitizers = true;
#elif defined(__has_feature) // Clang (GCC 12 has no __has_feature, so it is asked apart)
#if __has_feature(address_sanitizer)
inline constexpr bool kUnderSanitizers = true;
#else
inline constexpr bool kUnderSanitizers = false;
#endif
#else
inline constexpr bool kUnderSanitizers = false;
#endif

} // namespace streamstep::testing
