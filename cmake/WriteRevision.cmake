# Writes OUTPUT with the hlox version and the source revision (the git
# commit, with "-modified-" and a digest of the difference when tracked
# files differ from it), touching the file only when its text changes.
execute_process(COMMAND git -C "${SOURCE_DIR}" rev-parse HEAD
                OUTPUT_VARIABLE revision OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE status ERROR_QUIET)
if(NOT status EQUAL 0 OR revision STREQUAL "")
  set(revision "unknown")
else()
  execute_process(COMMAND git -C "${SOURCE_DIR}" diff HEAD
                  OUTPUT_VARIABLE changes ERROR_QUIET)
  if(NOT changes STREQUAL "")
    string(SHA256 digest "${changes}")
    string(SUBSTRING "${digest}" 0 16 digest)
    set(revision "${revision}-modified-${digest}")
  endif()
endif()
set(text "#define HLOX_VERSION \"${VERSION}\"\n#define HLOX_REVISION \"${revision}\"\n")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
else()
  set(old "")
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUTPUT}" "${text}")
endif()
