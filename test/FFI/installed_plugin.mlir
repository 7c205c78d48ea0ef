// A plugin builds against the installed FFI headers alone: `cmake --install
// --component ffi` gives include/hlox/ffi/{api,ffi}.h, the CMake package
// (find_package(hlox) -> hlox::ffi) and hlox-ffi.pc. The example plugin of
// examples/ffi_plugin builds with each and runs compiled and interpreted.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cmake --install %hlox_obj_root --prefix %t/prefix --component ffi > %t/install.log
// RUN: FileCheck %s --check-prefix=INSTALLED --input-file=%t/install.log
// RUN: %cmake -S %hlox_src_root/examples/ffi_plugin -B %t/build -G Ninja -DCMAKE_CXX_COMPILER=%cxx -DCMAKE_PREFIX_PATH=%t/prefix -DCMAKE_BUILD_TYPE=Release > %t/configure.log
// RUN: %cmake --build %t/build > %t/build.log
// RUN: hlox-run --plugin=%t/build/librms_norm.so %hlox_src_root/examples/ffi_plugin/rms_norm.mlir
// RUN: hlox-run --interpret --plugin=%t/build/librms_norm.so %hlox_src_root/examples/ffi_plugin/rms_norm.mlir
// RUN: env PKG_CONFIG_PATH=%t/prefix/lib/pkgconfig pkg-config --cflags hlox-ffi | FileCheck %s --check-prefix=PKGCONFIG
// RUN: env PKG_CONFIG_PATH=%t/prefix/lib/pkgconfig sh -c '%cxx -std=c++17 -shared -fPIC $(pkg-config --cflags hlox-ffi) %hlox_src_root/examples/ffi_plugin/rms_norm.cpp -o %t/rms_norm_pc.so'
// RUN: hlox-run --plugin=%t/rms_norm_pc.so %hlox_src_root/examples/ffi_plugin/rms_norm.mlir
// The plugin of docs/ffi.md, as the page shows it, builds and runs too.
// RUN: %python %S/Inputs/doc_code.py %hlox_src_root/docs/ffi.md c++ HLOX_FFI_PLUGIN_INIT > %t/doc_plugin.cpp
// RUN: %cxx -std=c++17 -shared -fPIC -I%t/prefix/include %t/doc_plugin.cpp -o %t/doc_plugin.so
// RUN: hlox-run --plugin=%t/doc_plugin.so %hlox_src_root/examples/ffi_plugin/rms_norm.mlir
// A missing attribute fails the instantiate stage with the binding's message.
// RUN: %expect-exit 2 hlox-run --plugin=%t/build/librms_norm.so --random-inputs %s 2>&1 | FileCheck %s --check-prefix=NOEPS

// INSTALLED-DAG: include/hlox/ffi/api.h
// INSTALLED-DAG: include/hlox/ffi/ffi.h
// INSTALLED-DAG: cmake/hlox/hloxConfig.cmake
// INSTALLED-DAG: pkgconfig/hlox-ffi.pc
// PKGCONFIG: -I{{.*}}prefix{{.*}}/include
// NOEPS: installed_plugin.mlir:[[@LINE+3]]:8: error: custom call 'example.rms_norm' failed: attribute 'epsilon' is missing

func.func @main(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %y = stablehlo.custom_call @example.rms_norm(%x) {api_version = 4 : i32, backend_config = {gain = 2.0 : f32}} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}
