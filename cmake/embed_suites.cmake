# Writes a C++ file holding every bench suite as a string: bench_suite("traverse") returns the
# text of bench/suites/traverse.txt.
set(body "#include <string_view>\nnamespace arbiter {\nstd::string_view bench_suite(std::string_view game) {\n")
separate_arguments(files UNIX_COMMAND "${SUITES}")
foreach(f ${files})
  get_filename_component(name ${f} NAME_WE)
  file(READ ${f} text)
  string(APPEND body "  if (game == \"${name}\") return R\"arbiter_suite(${text})arbiter_suite\";\n")
endforeach()
string(APPEND body "  return {};\n}\n}  // namespace arbiter\n")
file(WRITE ${OUT}.tmp "${body}")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
