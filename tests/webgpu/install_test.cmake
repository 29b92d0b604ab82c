# cmake --install into WORK/prefix; a find_package(wgslemu) consumer and a pkg-config one build
# and run; the aliases and the headers are where docs/webgpu-c-api.md says.
file(REMOVE_RECURSE ${WORK})
set(prefix ${WORK}/prefix)
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${prefix} RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed")
endif()
foreach(f include/webgpu/webgpu.h include/wgslemu/webgpu_ext.h lib/libwgslemu_webgpu.so lib/libwgslemu_webgpu.a
          lib/libwebgpu_dawn.so lib/libwgpu_native.so lib/wgslemu/libwebgpu_dawn.so lib/wgslemu/libwgpu_native.so
          lib/pkgconfig/wgslemu-webgpu.pc lib/cmake/wgslemu/wgslemuConfig.cmake bin/wgslemu)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE}/consumer -B ${WORK}/consumer -DCMAKE_PREFIX_PATH=${prefix}
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the find_package consumer failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK}/consumer RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building the find_package consumer failed")
endif()
execute_process(COMMAND ${WORK}/consumer/consumer RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out MATCHES "0 of 1000 values wrong")
  message(FATAL_ERROR "the find_package consumer failed: ${out}")
endif()
# pkg-config
find_program(PKG_CONFIG pkg-config)
find_program(CC NAMES cc gcc)
if(PKG_CONFIG AND CC)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${prefix}/lib/pkgconfig
                          ${PKG_CONFIG} --cflags --libs wgslemu-webgpu
                  OUTPUT_VARIABLE flags RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "pkg-config does not know wgslemu-webgpu")
  endif()
  separate_arguments(flags UNIX_COMMAND "${flags}")
  execute_process(COMMAND ${CC} ${SOURCE}/hello_compute.c ${flags} -o ${WORK}/pc_consumer RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "building with pkg-config flags failed")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${prefix}/lib ${WORK}/pc_consumer
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "0 of 1000 values wrong")
    message(FATAL_ERROR "the pkg-config consumer failed: ${out}")
  endif()
endif()
# The installed `wgslemu exec` finds PREFIX/lib/wgslemu.
execute_process(COMMAND ${prefix}/bin/wgslemu exec --races -- ${WORK}/consumer/consumer
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "0 of 1000 values wrong")
  message(FATAL_ERROR "installed wgslemu exec failed: ${out} ${err}")
endif()
