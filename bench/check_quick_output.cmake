# Runs `streamstep-bench --quick` and checks that its JSON has every figure issue 4 asks for, as
# a number (the smoke test CI runs: the benchmark builds, runs end to end and reports).
# Usage: cmake -DBENCH=path/to/streamstep-bench -P check_quick_output.cmake
# With -DCASE=NAME -DFIGURES=a;b it runs `--quick --case NAME` and checks those figures instead
# (a case that could not run has no figure, so it fails here with its "notRun" reason).
if(NOT BENCH)
    message(FATAL_ERROR "pass -DBENCH=path/to/streamstep-bench")
endif()
set(arguments --quick)
if(CASE)
    list(APPEND arguments --case ${CASE})
endif()
if(NOT FIGURES)
    set(FIGURES trigger_overhead_us filter_select_vs_loop window_agg_1m_vs_unordered_map
                window_agg_1m_vs_sqlite window_agg_1k_vs_unordered_map sliding_vs_tumbling
                sqlite_sink_time_vs_raw csv_sink_mrows_per_s json_sink_mrows_per_s console_sink_us
                lesson_replay_ms whatif_rerun_ms state_bytes_per_group)
endif()
execute_process(COMMAND "${BENCH}" ${arguments}
                OUTPUT_VARIABLE output ERROR_VARIABLE progress RESULT_VARIABLE code)
if(NOT code EQUAL 0)
    message(FATAL_ERROR "streamstep-bench ${arguments} failed (${code}):\n${progress}")
endif()
foreach(section machine cases figures)
    string(JSON type ERROR_VARIABLE error TYPE "${output}" ${section})
    if(error)
        message(FATAL_ERROR "no '${section}' in the output: ${error}\n${output}")
    endif()
endforeach()
foreach(key IN LISTS FIGURES)
    string(JSON type ERROR_VARIABLE error TYPE "${output}" figures ${key})
    if(error OR NOT type STREQUAL "NUMBER")
        message(FATAL_ERROR "figures.${key} is missing or not a number (${type} ${error})\n${output}")
    endif()
    string(JSON value GET "${output}" figures ${key})
    message(STATUS "${key} = ${value}")
endforeach()
string(JSON cases LENGTH "${output}" cases)
message(STATUS "${cases} cases")
