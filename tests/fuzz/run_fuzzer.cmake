# Runs one libFuzzer harness as a ctest: a fresh working corpus, then the seeds and the committed
# reproducers of fixed crashes (each input run once), then fuzzing for the time in ARGS. Any
# crash, leak, timeout or out-of-memory makes the harness exit non-zero and fails the test.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(dirs ${WORK} ${SEEDS})
if(EXISTS ${REGRESSIONS})
    list(APPEND dirs ${REGRESSIONS})
endif()
execute_process(COMMAND ${HARNESS} ${ARGS} ${dirs} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "${HARNESS} failed (${result}); the reproducer is in the working folder (crash-*, leak-*, timeout-*)")
endif()
