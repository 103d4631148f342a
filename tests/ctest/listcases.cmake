# Run after a suites executable is linked (cmake -P): asks suite SUITE of EXE for its cases and
# writes them one a line to OUT, which the suite's ctest include file (splitsuite.cmake) turns
# into one ctest each, so `ctest -j` spreads a long suite over the cores.
#   MODE=functions: one case per test function ("-functions").
#   MODE=rows: one case per data row ("-datatags": "Class function tag" -> "function:tag"),
#              a function without data being a case of its own.
# Qt Test runs initTestCase and cleanupTestCase around every selected case.
set(ENV{QT_QPA_PLATFORM} offscreen)
if(MODE STREQUAL "rows")
  set(flag -datatags)
else()
  set(flag -functions)
endif()
# Qt Test lists the cases and exits without destroying the suite object, so what it made in the
# temporary folder (its QTemporaryDir, empty) would stay in /tmp after every build: it gets a
# folder of its own here, removed afterwards.
set(scratch "${OUT}.tmp")
file(REMOVE_RECURSE "${scratch}")
file(MAKE_DIRECTORY "${scratch}")
set(ENV{TMPDIR} "${scratch}")
execute_process(COMMAND ${EXE} ${SUITE} ${flag} OUTPUT_VARIABLE listing ERROR_VARIABLE errors RESULT_VARIABLE code TIMEOUT 60)
file(REMOVE_RECURSE "${scratch}")
if(NOT code EQUAL 0)
  message(FATAL_ERROR "${EXE} ${SUITE} ${flag} failed (${code}): ${errors}")
endif()
string(REPLACE "\n" ";" lines "${listing}")
set(cases "")
foreach(line IN LISTS lines)
  string(STRIP "${line}" line)
  if(line STREQUAL "")
    continue()
  endif()
  if(MODE STREQUAL "rows")
    # "Suite::TestClass function" or "Suite::TestClass function tag" (a tag may hold spaces).
    if(NOT line MATCHES "^[A-Za-z_][A-Za-z0-9_:]* ([A-Za-z_][A-Za-z0-9_]*)( (.*))?$")
      message(FATAL_ERROR "${EXE} -datatags: cannot read \"${line}\"")
    endif()
    if(CMAKE_MATCH_3 STREQUAL "")
      list(APPEND cases "${CMAKE_MATCH_1}")
    else()
      list(APPEND cases "${CMAKE_MATCH_1}:${CMAKE_MATCH_3}")
    endif()
  else()
    if(NOT line MATCHES "^([A-Za-z_][A-Za-z0-9_]*)\\(\\)$")
      message(FATAL_ERROR "${EXE} -functions: cannot read \"${line}\"")
    endif()
    list(APPEND cases "${CMAKE_MATCH_1}")
  endif()
endforeach()
list(REMOVE_DUPLICATES cases)
list(LENGTH cases count)
if(count EQUAL 0)
  message(FATAL_ERROR "${EXE} ${SUITE} ${flag} listed no test case")
endif()
string(REPLACE ";" "\n" text "${cases}")
# Written only when it changes, so ctest's view of the suite moves only with its cases.
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
  if(old STREQUAL "${text}\n")
    return()
  endif()
endif()
file(WRITE "${OUT}" "${text}\n")
