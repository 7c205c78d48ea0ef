/* Plugins that must fail to load, one per -D: NO_INIT exports nothing hlox
 * knows; OLD_ABI exports the entry point of the ABI that hlox/ffi/api.h
 * replaced; NEXT_MAJOR registers a handler built for the next major
 * version; INIT_ERROR's init returns an error; DUPLICATE registers a name
 * twice. */
#include "hlox/ffi/api.h"

#include <string.h>

static HloxFfiError *noop(HloxFfiCallFrame *frame) {
  (void)frame;
  return NULL;
}

#if defined(OLD_ABI)
void hlox_register_custom_calls(void *registry, void *add) {
  (void)registry;
  (void)add;
}
#elif defined(NO_INIT)
int unrelated_symbol = 1;
#else
HloxFfiError *hlox_ffi_plugin_init(const HloxFfiApi *api,
                                   HloxFfiRegistrar *registrar) {
  HloxFfiHandlerRegistration r;
  memset(&r, 0, sizeof(r));
  r.struct_size = sizeof(r);
  r.api_major = HLOX_FFI_API_MAJOR;
  r.api_minor = HLOX_FFI_API_MINOR;
  r.name = "bad.plugin";
  r.platform = "host";
  r.execute = noop;
#if defined(NEXT_MAJOR)
  r.api_major = HLOX_FFI_API_MAJOR + 1;
#elif defined(INIT_ERROR)
  return api->error_create(HLOX_FFI_ERROR_INTERNAL, "no license found");
#elif defined(DUPLICATE)
  HloxFfiError *first = api->register_handler(registrar, &r);
  if (first)
    return first;
#endif
  return api->register_handler(registrar, &r);
}
#endif
