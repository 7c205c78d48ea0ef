/*===- api.h - The versioned C ABI of custom-call handlers ---------*- C -*-===*
 * SPDX-License-Identifier: Apache-2.0
 *===----------------------------------------------------------------------===*
 *
 * What a native custom-call handler sees, in C, so that a plugin builds with
 * this header alone and keeps loading into later hlox versions:
 *
 * - A handler is a function `HloxFfiError *handler(HloxFfiCallFrame *)`. It
 *   returns NULL on success, or an error made with `frame->api->error_create`
 *   whose message fails the run.
 * - A handler runs in stages: `HLOX_FFI_STAGE_INSTANTIATE` once per
 *   executable (and per custom-call op) before its first run, where it may
 *   decode attributes and keep state in `frame->state`; then
 *   `HLOX_FFI_STAGE_EXECUTE` on each run, with the buffers' data.
 * - Handlers register by target name and platform ("host"), from a plugin's
 *   `hlox_ffi_plugin_init` (HLOX_FFI_PLUGIN_INIT_SYMBOL) or from C++ in the
 *   process.
 *
 * Versioning: a change that only appends fields or API functions raises
 * HLOX_FFI_API_MINOR; anything else raises HLOX_FFI_API_MAJOR. Every struct
 * starts with `struct_size`, its size as the side that filled it was built
 * with: a reader never touches a field at or past `struct_size`
 * (HLOX_FFI_HAS_FIELD). hlox loads handlers of its own major version and of
 * a minor version up to its own.
 *
 * include/hlox/ffi/ffi.h is a header-only C++ binding on top of this ABI
 * that decodes and checks arguments, results and attributes by type.
 *
 *===----------------------------------------------------------------------===*/

#ifndef HLOX_FFI_API_H
#define HLOX_FFI_API_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HLOX_FFI_API_MAJOR 1
#define HLOX_FFI_API_MINOR 0

/* Whether `object` (a pointer to a struct) holds `field`. */
#define HLOX_FFI_HAS_FIELD(object, type, field)                                \
  ((object)->struct_size >= offsetof(type, field) + sizeof((object)->field))

/* The symbol a plugin exports (see HloxFfiPluginInit). */
#define HLOX_FFI_PLUGIN_INIT_SYMBOL "hlox_ffi_plugin_init"

/*===-------------------------- Element types ----------------------------===*/

/* The element type of a buffer. Narrow floats are their StableHLO formats;
 * an i1 (PRED) takes one byte (0 or 1); s2/s4/u2/u4 and the f4/f6 formats
 * take one byte each (the low bits); complex numbers are pairs (real,
 * imaginary). */
typedef enum HloxFfiDataType {
  HLOX_FFI_DATA_INVALID = 0,
  HLOX_FFI_PRED = 1,
  HLOX_FFI_S8 = 2,
  HLOX_FFI_S16 = 3,
  HLOX_FFI_S32 = 4,
  HLOX_FFI_S64 = 5,
  HLOX_FFI_U8 = 6,
  HLOX_FFI_U16 = 7,
  HLOX_FFI_U32 = 8,
  HLOX_FFI_U64 = 9,
  HLOX_FFI_F16 = 10,
  HLOX_FFI_F32 = 11,
  HLOX_FFI_F64 = 12,
  HLOX_FFI_BF16 = 16,
  HLOX_FFI_C64 = 15,
  HLOX_FFI_C128 = 18,
  HLOX_FFI_TOKEN = 17,
  HLOX_FFI_F8E5M2 = 19,
  HLOX_FFI_F8E4M3FN = 20,
  HLOX_FFI_F8E4M3B11FNUZ = 23,
  HLOX_FFI_F8E5M2FNUZ = 24,
  HLOX_FFI_F8E4M3FNUZ = 25,
  HLOX_FFI_S4 = 21,
  HLOX_FFI_U4 = 22,
  HLOX_FFI_F8E4M3 = 28,
  HLOX_FFI_F8E3M4 = 29,
  HLOX_FFI_S2 = 26,
  HLOX_FFI_U2 = 27,
  HLOX_FFI_F4E2M1FN = 32,
  HLOX_FFI_F8E8M0FNU = 33,
  HLOX_FFI_F6E2M3FN = 30,
  HLOX_FFI_F6E3M2FN = 31
} HloxFfiDataType;

/* One argument or result: `rank` dims in `dims` (the logical shape), the
 * data dense in row-major order, or in the layout the op gives the value
 * (operand_layouts/result_layouts, minor-to-major). A result the op
 * aliases to an argument (output_operand_aliases) has that argument's
 * data: it starts as the argument and is written in place. `data` is NULL
 * in the instantiate stage. Valid during the call only. */
typedef struct HloxFfiBuffer {
  size_t struct_size;
  HloxFfiDataType dtype;
  /* The element type as StableHLO spells it ("f32", "ui8", "complex<f64>"). */
  const char *dtype_name;
  void *data;
  int64_t rank;
  const int64_t *dims;
} HloxFfiBuffer;

/*===--------------------------- Attributes ------------------------------===*/

/* What an attribute holds. Integers keep their width and signedness; an
 * attribute the op spells as a plain integer (`3`, i64) is I64, a float
 * (`0.5`, f32) F32; `true`/`false` are BOOL. */
typedef enum HloxFfiAttrKind {
  HLOX_FFI_ATTR_INVALID = 0,
  HLOX_FFI_ATTR_BOOL = 1,
  HLOX_FFI_ATTR_I8 = 2,
  HLOX_FFI_ATTR_I16 = 3,
  HLOX_FFI_ATTR_I32 = 4,
  HLOX_FFI_ATTR_I64 = 5,
  HLOX_FFI_ATTR_U8 = 6,
  HLOX_FFI_ATTR_U16 = 7,
  HLOX_FFI_ATTR_U32 = 8,
  HLOX_FFI_ATTR_U64 = 9,
  HLOX_FFI_ATTR_F32 = 10,
  HLOX_FFI_ATTR_F64 = 11,
  HLOX_FFI_ATTR_STRING = 12,
  HLOX_FFI_ATTR_ARRAY = 13,
  HLOX_FFI_ATTR_DICT = 14
} HloxFfiAttrKind;

/* A string (not NUL-terminated). */
typedef struct HloxFfiString {
  const char *data;
  int64_t size;
} HloxFfiString;

/* An array of scalars of one kind (BOOL ... F64), packed: a BOOL is one
 * byte. */
typedef struct HloxFfiArray {
  size_t struct_size;
  HloxFfiAttrKind element_kind;
  int64_t size;
  const void *data;
} HloxFfiArray;

/* One attribute: `value` points to the scalar (a uint8_t for BOOL), the
 * HloxFfiString, the HloxFfiArray or the HloxFfiDict. */
typedef struct HloxFfiAttr {
  HloxFfiAttrKind kind;
  const void *value;
} HloxFfiAttr;

/* Named attributes, sorted by name (bytewise), names unique. */
typedef struct HloxFfiDict {
  size_t struct_size;
  int64_t size;
  const HloxFfiString *names;
  const HloxFfiAttr *values;
} HloxFfiDict;

/*===---------------------- Errors, context, frame -----------------------===*/

/* An error a handler returns; made by `error_create`, owned by hlox once
 * returned. */
typedef struct HloxFfiError HloxFfiError;

typedef enum HloxFfiErrorCode {
  HLOX_FFI_ERROR_INVALID_ARGUMENT = 1,
  HLOX_FFI_ERROR_UNIMPLEMENTED = 2,
  HLOX_FFI_ERROR_INTERNAL = 3,
  HLOX_FFI_ERROR_RESOURCE_EXHAUSTED = 4
} HloxFfiErrorCode;

/* Where a handler runs: the device, its thread pool and scratch memory;
 * opaque. */
typedef struct HloxFfiContext HloxFfiContext;

/* A piece of a parallel loop: [begin, end). */
typedef void (*HloxFfiTask)(void *data, int64_t begin, int64_t end);

typedef enum HloxFfiStage {
  HLOX_FFI_STAGE_INSTANTIATE = 0,
  HLOX_FFI_STAGE_EXECUTE = 1
} HloxFfiStage;

typedef struct HloxFfiApi HloxFfiApi;
typedef struct HloxFfiRegistrar HloxFfiRegistrar;

/* One call of a handler. */
typedef struct HloxFfiCallFrame {
  size_t struct_size;
  const HloxFfiApi *api;
  HloxFfiContext *ctx;
  HloxFfiStage stage;
  /* The op's target name, for messages (NUL-terminated). */
  const char *target;
  /* Arrays of pointers (not of structs), so that a buffer struct that
   * grows in a later minor version keeps older handlers' indexing right. */
  int64_t num_args;
  const HloxFfiBuffer *const *args;
  int64_t num_rets;
  const HloxFfiBuffer *const *rets;
  /* The op's attributes: backend_config's dictionary, or a composite's
   * composite_attributes. */
  const HloxFfiDict *attrs;
  /* The handler's state: the instantiate stage may set it, and a deleter
   * hlox calls when the executable goes (also when instantiate returns an
   * error); the execute stage reads it. The runs of one executable never
   * overlap, so execute never runs twice at once on one state. */
  void *state;
  void (*state_deleter)(void *state);
  /* The registration's user_data. */
  void *user_data;
} HloxFfiCallFrame;

typedef HloxFfiError *(*HloxFfiHandler)(HloxFfiCallFrame *frame);

/* A handler to register. `api_major`/`api_minor` are the version of this
 * header the handler was built with (HLOX_FFI_API_MAJOR/MINOR). */
typedef struct HloxFfiHandlerRegistration {
  size_t struct_size;
  int32_t api_major;
  int32_t api_minor;
  /* The custom call's target name (or the composite's name). */
  const char *name;
  /* "host" (the CPU); later "cuda". */
  const char *platform;
  /* May be NULL: then there is no instantiate stage. */
  HloxFfiHandler instantiate;
  HloxFfiHandler execute;
  /* Passed to every call in `frame->user_data`; must outlive the process's
   * use of the handler. */
  void *user_data;
} HloxFfiHandlerRegistration;

/* The functions hlox gives handlers and plugins. */
struct HloxFfiApi {
  size_t struct_size;
  int32_t api_major;
  int32_t api_minor;

  /* An error with `message` (copied). */
  HloxFfiError *(*error_create)(HloxFfiErrorCode code, const char *message);
  /* Frees an error a handler made and does not return. */
  void (*error_destroy)(HloxFfiError *error);

  /* Runs task(data, begin, end) over chunks covering [0, count) on the
   * context's threads, the caller's included, and returns when all are
   * done; runs inline when count <= min_per_chunk. Tasks must not call
   * parallel_for themselves, and report failures through `data`. */
  void (*parallel_for)(HloxFfiContext *ctx, int64_t count,
                       int64_t min_per_chunk, HloxFfiTask task, void *data);
  /* How many threads parallel_for uses. */
  int64_t (*num_threads)(HloxFfiContext *ctx);
  /* `bytes` of scratch memory aligned to `alignment` (a power of two, at
   * most 4096), valid until the handler returns; NULL when it cannot be
   * had. */
  void *(*scratch_allocate)(HloxFfiContext *ctx, size_t bytes,
                            size_t alignment);
  /* The platform ("host") and the device's ordinal on it. */
  const char *(*platform)(HloxFfiContext *ctx);
  int32_t (*device_ordinal)(HloxFfiContext *ctx);

  /* Registers a handler (from a plugin's init); an error when the name is
   * taken on that platform, the version is not one hlox loads, or a field
   * is missing. */
  HloxFfiError *(*register_handler)(
      HloxFfiRegistrar *registrar,
      const HloxFfiHandlerRegistration *registration);
};

/* The entry point a plugin exports as `hlox_ffi_plugin_init`: registers its
 * handlers through `api->register_handler(registrar, ...)`. An error fails
 * the plugin's loading with its message. */
typedef HloxFfiError *(*HloxFfiPluginInit)(const HloxFfiApi *api,
                                           HloxFfiRegistrar *registrar);

#ifdef __cplusplus
}
#endif

#endif /* HLOX_FFI_API_H */
