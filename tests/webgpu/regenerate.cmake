# Regenerates include/webgpu/webgpu.h and the function/ABI lists into OUT and compares them with
# the committed files.
file(MAKE_DIRECTORY ${OUT})
execute_process(COMMAND ${PYTHON} ${SOURCE}/scripts/gen_webgpu_header.py ${YML} ${OUT}/webgpu.h ${OUT}/functions.txt
                        ${OUT}/abi_list.inc RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the generator failed")
endif()
foreach(pair "webgpu.h;include/webgpu/webgpu.h" "functions.txt;runtime/webgpu/generated/functions.txt"
             "abi_list.inc;runtime/webgpu/generated/abi_list.inc")
  list(GET pair 0 generated)
  list(GET pair 1 committed)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT}/${generated} ${SOURCE}/${committed} RESULT_VARIABLE diff)
  if(NOT diff EQUAL 0)
    message(FATAL_ERROR "${committed} differs from what scripts/gen_webgpu_header.py generates (${OUT}/${generated})")
  endif()
endforeach()
