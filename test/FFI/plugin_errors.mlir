// Plugins that cannot load fail the run before anything compiles, exit 2,
// with a message that says why.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -shared -fPIC -I%hlox_src_root/ffi/include -DNO_INIT %S/Inputs/bad_plugins.c -o %t/no_init.so
// RUN: %cc -shared -fPIC -I%hlox_src_root/ffi/include -DOLD_ABI %S/Inputs/bad_plugins.c -o %t/old_abi.so
// RUN: %cc -shared -fPIC -I%hlox_src_root/ffi/include -DNEXT_MAJOR %S/Inputs/bad_plugins.c -o %t/next_major.so
// RUN: %cc -shared -fPIC -I%hlox_src_root/ffi/include -DINIT_ERROR %S/Inputs/bad_plugins.c -o %t/init_error.so
// RUN: %cc -shared -fPIC -I%hlox_src_root/ffi/include -DDUPLICATE %S/Inputs/bad_plugins.c -o %t/duplicate.so
// RUN: %expect-exit 2 hlox-run --plugin=%t/no_init.so %s 2>&1 | FileCheck %s --check-prefix=NOINIT
// RUN: %expect-exit 2 hlox-run --plugin=%t/old_abi.so %s 2>&1 | FileCheck %s --check-prefix=OLDABI
// RUN: %expect-exit 2 hlox-run --plugin=%t/next_major.so %s 2>&1 | FileCheck %s --check-prefix=MAJOR
// RUN: %expect-exit 2 hlox-run --plugin=%t/init_error.so %s 2>&1 | FileCheck %s --check-prefix=INIT
// RUN: %expect-exit 2 hlox-run --plugin=%t/duplicate.so %s 2>&1 | FileCheck %s --check-prefix=DUP

// NOINIT: error: plugin '{{.*}}no_init.so' exports no hlox_ffi_plugin_init
// OLDABI: error: plugin '{{.*}}old_abi.so' was written for the custom-call ABI that hlox/ffi/api.h replaced: rebuild it against that header (docs/ffi.md)
// MAJOR: error: plugin '{{.*}}next_major.so' failed to initialize: handler 'bad.plugin' from {{.*}}next_major.so was built for hlox FFI 2.0; this hlox loads FFI 1.0 to 1.0
// INIT: error: plugin '{{.*}}init_error.so' failed to initialize: no license found
// DUP: error: plugin '{{.*}}duplicate.so' failed to initialize: a handler 'bad.plugin' is already registered for platform host (from {{.*}}duplicate.so)

func.func @main() {
  func.return
}
