// Gives every program of a STREAMSTEP_SANITIZE=ON build (tests, the app, streamstep-cli and the
// children the tests start) the same sanitizer settings, whether ctest, CI or a developer's shell
// runs it: LeakSanitizer on with the documented suppressions file beside this one, UBSan and ASan
// reports with a stack and a non-zero exit. The sanitizer runtimes call these hooks at start-up;
// ASAN_OPTIONS, LSAN_OPTIONS and UBSAN_OPTIONS in the environment still override them.
extern "C" {

const char *__asan_default_options()
{
    return "detect_leaks=1:check_initialization_order=1:halt_on_error=1";
}

const char *__lsan_default_options()
{
    return "suppressions=" STREAMSTEP_LSAN_SUPPRESSIONS ":print_suppressions=0";
}

const char *__ubsan_default_options()
{
    return "print_stacktrace=1:halt_on_error=1";
}

} // extern "C"
