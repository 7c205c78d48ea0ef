//===- BindingTest.cpp - The typed C++ binding of the custom-call ABI -----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Drives handlers bound with hlox/ffi/ffi.h through call frames built by
// hand and a fake api table, without the hlox library.
//
//===----------------------------------------------------------------------===//

#include "hlox/ffi/ffi.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <stdexcept>

// The test's own definitions of the ABI's opaque types; the library defines
// its own.
struct HloxFfiError {
  HloxFfiErrorCode code;
  std::string message;
};

struct HloxFfiContext {
  std::vector<void *> allocations;
  int chunks = 0;
  ~HloxFfiContext() {
    for (void *allocation : allocations)
      std::free(allocation);
  }
};

struct HloxFfiRegistrar {
  std::vector<HloxFfiHandlerRegistration> registrations;
};

using namespace hlox::ffi;

namespace {

//===----------------------------------------------------------------------===//
// The fake api
//===----------------------------------------------------------------------===//

HloxFfiError *fakeErrorCreate(HloxFfiErrorCode code, const char *message) {
  return new HloxFfiError{code, message};
}

void fakeErrorDestroy(HloxFfiError *error) { delete error; }

/// Runs the chunks one after another: three of them, or one when the loop
/// is small.
void fakeParallelFor(HloxFfiContext *ctx, int64_t count, int64_t minPerChunk,
                     HloxFfiTask task, void *data) {
  if (count <= minPerChunk) {
    ++ctx->chunks;
    task(data, 0, count);
    return;
  }
  int64_t chunk = (count + 2) / 3;
  for (int64_t begin = 0; begin < count; begin += chunk) {
    ++ctx->chunks;
    task(data, begin, std::min(count, begin + chunk));
  }
}

int64_t fakeNumThreads(HloxFfiContext *) { return 3; }

void *fakeScratchAllocate(HloxFfiContext *ctx, size_t bytes, size_t alignment) {
  size_t rounded = (bytes + alignment - 1) / alignment * alignment;
  void *memory = std::aligned_alloc(alignment, rounded);
  ctx->allocations.push_back(memory);
  return memory;
}

const char *fakePlatform(HloxFfiContext *) { return "host"; }

int32_t fakeDeviceOrdinal(HloxFfiContext *) { return 0; }

HloxFfiError *
fakeRegisterHandler(HloxFfiRegistrar *registrar,
                    const HloxFfiHandlerRegistration *registration) {
  registrar->registrations.push_back(*registration);
  return nullptr;
}

HloxFfiApi makeApi() {
  HloxFfiApi api = {};
  api.struct_size = sizeof(HloxFfiApi);
  api.api_major = HLOX_FFI_API_MAJOR;
  api.api_minor = HLOX_FFI_API_MINOR;
  api.error_create = fakeErrorCreate;
  api.error_destroy = fakeErrorDestroy;
  api.parallel_for = fakeParallelFor;
  api.num_threads = fakeNumThreads;
  api.scratch_allocate = fakeScratchAllocate;
  api.platform = fakePlatform;
  api.device_ordinal = fakeDeviceOrdinal;
  api.register_handler = fakeRegisterHandler;
  return api;
}

const HloxFfiApi kApi = makeApi();

/// What a handler returned: success, or its error's code and message.
struct Outcome {
  bool ok = true;
  HloxFfiErrorCode code = HLOX_FFI_ERROR_INTERNAL;
  std::string message;
};

Outcome outcomeOf(HloxFfiError *error) {
  Outcome outcome;
  if (error) {
    outcome.ok = false;
    outcome.code = error->code;
    outcome.message = error->message;
    fakeErrorDestroy(error);
  }
  return outcome;
}

//===----------------------------------------------------------------------===//
// Attribute dictionaries
//===----------------------------------------------------------------------===//

/// Builds an HloxFfiDict; every payload lives as long as the builder.
class AttrDict {
public:
  template <typename T>
  AttrDict &scalar(std::string name, HloxFfiAttrKind kind, T value) {
    std::vector<unsigned char> &bytes = payloads.emplace_back(sizeof(T));
    std::memcpy(bytes.data(), &value, sizeof(T));
    entries.push_back({std::move(name), {kind, bytes.data()}});
    return *this;
  }

  AttrDict &boolean(std::string name, bool value) {
    return scalar<uint8_t>(std::move(name), HLOX_FFI_ATTR_BOOL, value);
  }

  AttrDict &string(std::string name, std::string value) {
    const std::string &text = texts.emplace_back(std::move(value));
    const HloxFfiString &string = strings.emplace_back(
        HloxFfiString{text.data(), static_cast<int64_t>(text.size())});
    entries.push_back({std::move(name), {HLOX_FFI_ATTR_STRING, &string}});
    return *this;
  }

  template <typename T>
  AttrDict &array(std::string name, HloxFfiAttrKind elementKind,
                  const std::vector<T> &values) {
    std::vector<unsigned char> &bytes =
        payloads.emplace_back(sizeof(T) * values.size());
    if (!values.empty())
      std::memcpy(bytes.data(), values.data(), bytes.size());
    HloxFfiArray &array = arrays.emplace_back();
    array.struct_size = sizeof(HloxFfiArray);
    array.element_kind = elementKind;
    array.size = static_cast<int64_t>(values.size());
    array.data = bytes.data();
    entries.push_back({std::move(name), {HLOX_FFI_ATTR_ARRAY, &array}});
    return *this;
  }

  AttrDict &dict(std::string name, AttrDict &nested) {
    entries.push_back({std::move(name), {HLOX_FFI_ATTR_DICT, nested.get()}});
    return *this;
  }

  /// The dictionary, sorted by name.
  const HloxFfiDict *get() {
    std::sort(entries.begin(), entries.end(),
              [](const Entry &a, const Entry &b) { return a.name < b.name; });
    names.clear();
    values.clear();
    for (const Entry &entry : entries) {
      names.push_back(
          {entry.name.data(), static_cast<int64_t>(entry.name.size())});
      values.push_back(entry.attr);
    }
    result.struct_size = sizeof(HloxFfiDict);
    result.size = static_cast<int64_t>(entries.size());
    result.names = names.data();
    result.values = values.data();
    return &result;
  }

private:
  struct Entry {
    std::string name;
    HloxFfiAttr attr;
  };

  std::deque<Entry> entries;
  std::deque<std::vector<unsigned char>> payloads;
  std::deque<std::string> texts;
  std::deque<HloxFfiString> strings;
  std::deque<HloxFfiArray> arrays;
  std::vector<HloxFfiString> names;
  std::vector<HloxFfiAttr> values;
  HloxFfiDict result = {};
};

//===----------------------------------------------------------------------===//
// Call frames
//===----------------------------------------------------------------------===//

/// Builds a call frame of target "my.op" in the execute stage.
class Call {
public:
  Call &arg(HloxFfiDataType dtype, const char *name, void *data,
            std::vector<int64_t> dims) {
    args.push_back(buffer(dtype, name, data, std::move(dims)));
    return *this;
  }

  Call &ret(HloxFfiDataType dtype, const char *name, void *data,
            std::vector<int64_t> dims) {
    rets.push_back(buffer(dtype, name, data, std::move(dims)));
    return *this;
  }

  Call &attrs(const HloxFfiDict *dict) {
    attributes = dict;
    return *this;
  }

  Call &stage(HloxFfiStage value) {
    frameStage = value;
    return *this;
  }

  /// The frame; `state` and `state_deleter` carry over between calls.
  HloxFfiCallFrame &frame() {
    raw.struct_size = sizeof(HloxFfiCallFrame);
    raw.api = &kApi;
    raw.ctx = &ctx;
    raw.stage = frameStage;
    raw.target = "my.op";
    argPointers.clear();
    retPointers.clear();
    for (const HloxFfiBuffer &arg : args)
      argPointers.push_back(&arg);
    for (const HloxFfiBuffer &ret : rets)
      retPointers.push_back(&ret);
    raw.num_args = static_cast<int64_t>(args.size());
    raw.args = argPointers.data();
    raw.num_rets = static_cast<int64_t>(rets.size());
    raw.rets = retPointers.data();
    raw.attrs = attributes;
    return raw;
  }

  /// Runs `handler` on the frame.
  template <typename H> Outcome run(const H &handler) {
    return outcomeOf(handler.call(&frame()));
  }

  HloxFfiContext ctx;

private:
  HloxFfiBuffer buffer(HloxFfiDataType dtype, const char *name, void *data,
                       std::vector<int64_t> dims) {
    const std::vector<int64_t> &stored = shapes.emplace_back(std::move(dims));
    HloxFfiBuffer result = {};
    result.struct_size = sizeof(HloxFfiBuffer);
    result.dtype = dtype;
    result.dtype_name = name;
    result.data = data;
    result.rank = static_cast<int64_t>(stored.size());
    result.dims = stored.data();
    return result;
  }

  std::deque<std::vector<int64_t>> shapes;
  std::vector<HloxFfiBuffer> args, rets;
  std::vector<const HloxFfiBuffer *> argPointers, retPointers;
  const HloxFfiDict *attributes = nullptr;
  HloxFfiStage frameStage = HLOX_FFI_STAGE_EXECUTE;
  HloxFfiCallFrame raw = {};
};

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

static_assert(std::is_same_v<NativeType<DataType::PRED>, bool>);
static_assert(std::is_same_v<NativeType<DataType::S16>, int16_t>);
static_assert(std::is_same_v<NativeType<DataType::U64>, uint64_t>);
static_assert(std::is_same_v<NativeType<DataType::F32>, float>);
static_assert(std::is_same_v<NativeType<DataType::C128>, std::complex<double>>);
static_assert(std::is_same_v<NativeType<DataType::BF16>, uint16_t>);
static_assert(std::is_same_v<NativeType<DataType::S4>, uint8_t>);
static_assert(std::is_same_v<NativeType<DataType::F8E4M3FN>, uint8_t>);
static_assert(dataTypeName(DataType::U8) == "ui8");
static_assert(dataTypeName(DataType::C64) == "complex<f32>");
static_assert(dataTypeName(DataType::F8E5M2) == "f8E5M2");
static_assert(static_cast<int32_t>(DataType::BF16) == HLOX_FFI_BF16);

TEST(FfiBinding, DataTypeNames) {
  EXPECT_EQ(dataTypeName(DataType::PRED), "i1");
  EXPECT_EQ(dataTypeName(DataType::S64), "i64");
  EXPECT_EQ(dataTypeName(DataType::U32), "ui32");
  EXPECT_EQ(dataTypeName(DataType::BF16), "bf16");
  EXPECT_EQ(dataTypeName(DataType::C128), "complex<f64>");
  EXPECT_EQ(dataTypeName(DataType::F4E2M1FN), "f4E2M1FN");
  EXPECT_EQ(dataTypeByteWidth(DataType::C64), 8u);
  EXPECT_EQ(dataTypeByteWidth(DataType::S4), 1u);
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

Error scale(BufferR2<DataType::F32> in, BufferR2<DataType::F32> out,
            float alpha) {
  const float *source = in.typedData();
  float *target = out.typedData();
  for (int64_t i = 0; i < in.elementCount(); ++i)
    target[i] = alpha * source[i];
  return Error::success();
}

const auto kScale = Ffi::bind()
                        .arg<BufferR2<DataType::F32>>()
                        .ret<BufferR2<DataType::F32>>()
                        .attr<float>("alpha")
                        .to(scale);

TEST(FfiBinding, TypedBuffersPassData) {
  std::vector<float> in = {1, 2, 3, 4, 5, 6}, out(6, 0);
  AttrDict attrs;
  attrs.scalar<float>("alpha", HLOX_FFI_ATTR_F32, 2.5f);
  Call call;
  call.arg(HLOX_FFI_F32, "f32", in.data(), {2, 3})
      .ret(HLOX_FFI_F32, "f32", out.data(), {2, 3})
      .attrs(attrs.get());
  Outcome outcome = call.run(kScale);
  ASSERT_TRUE(outcome.ok) << outcome.message;
  EXPECT_EQ(out, (std::vector<float>{2.5, 5, 7.5, 10, 12.5, 15}));
}

TEST(FfiBinding, AnyBufferDimensions) {
  std::vector<uint8_t> data(24);
  std::vector<int64_t> seen;
  int64_t count = 0, rank = 0;
  size_t bytes = 0;
  std::string name;
  void *pointer = nullptr;
  auto handler = Ffi::bind().arg<AnyBuffer>().to([&](AnyBuffer buffer) {
    seen.assign(buffer.dimensions().begin(), buffer.dimensions().end());
    count = buffer.elementCount();
    rank = buffer.rank();
    bytes = buffer.sizeInBytes();
    name = std::string(buffer.dtypeName());
    pointer = buffer.untypedData();
    EXPECT_EQ(buffer.dtype(), DataType::U8);
    EXPECT_EQ(buffer.dimensions().size(), 3u);
    EXPECT_EQ(buffer.dimensions()[2], 4);
    return Error::success();
  });
  Call call;
  call.arg(HLOX_FFI_U8, "ui8", data.data(), {2, 3, 4});
  Outcome outcome = call.run(handler);
  ASSERT_TRUE(outcome.ok) << outcome.message;
  EXPECT_EQ(seen, (std::vector<int64_t>{2, 3, 4}));
  EXPECT_EQ(count, 24);
  EXPECT_EQ(rank, 3);
  EXPECT_EQ(bytes, 24u);
  EXPECT_EQ(name, "ui8");
  EXPECT_EQ(pointer, data.data());
}

TEST(FfiBinding, ScalarBufferHasOneElement) {
  int32_t value = 7;
  int32_t seen = 0;
  auto handler =
      Ffi::bind().arg<BufferR0<DataType::S32>>().to([&](auto buffer) {
        EXPECT_EQ(buffer.elementCount(), 1);
        EXPECT_TRUE(buffer.dimensions().empty());
        seen = *buffer.typedData();
        return Error::success();
      });
  Call call;
  call.arg(HLOX_FFI_S32, "i32", &value, {});
  ASSERT_TRUE(call.run(handler).ok);
  EXPECT_EQ(seen, 7);
}

TEST(FfiBinding, WrongArgumentCount) {
  auto handler = Ffi::bind().arg<AnyBuffer>().arg<AnyBuffer>().to(
      [](AnyBuffer, AnyBuffer) { return Error(); });
  float x = 0;
  Call call;
  call.arg(HLOX_FFI_F32, "f32", &x, {})
      .arg(HLOX_FFI_F32, "f32", &x, {})
      .arg(HLOX_FFI_F32, "f32", &x, {});
  Outcome outcome = call.run(handler);
  EXPECT_FALSE(outcome.ok);
  EXPECT_EQ(outcome.code, HLOX_FFI_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(outcome.message, "my.op: takes 2 arguments, the call has 3");

  auto one = Ffi::bind().arg<AnyBuffer>().to([](AnyBuffer) { return Error(); });
  Call empty;
  EXPECT_EQ(empty.run(one).message, "my.op: takes 1 argument, the call has 0");
}

TEST(FfiBinding, WrongResultCount) {
  auto handler =
      Ffi::bind().ret<AnyBuffer>().to([](AnyBuffer) { return Error(); });
  float x = 0;
  Call call;
  call.ret(HLOX_FFI_F32, "f32", &x, {}).ret(HLOX_FFI_F32, "f32", &x, {});
  Outcome outcome = call.run(handler);
  EXPECT_EQ(outcome.code, HLOX_FFI_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(outcome.message, "my.op: returns 1 result, the call has 2");
}

TEST(FfiBinding, WrongArgumentTypeOrRank) {
  double in[24] = {};
  float out[6] = {};
  AttrDict attrs;
  attrs.scalar<float>("alpha", HLOX_FFI_ATTR_F32, 1.0f);
  Call call;
  call.arg(HLOX_FFI_F64, "f64", in, {2, 3, 4})
      .ret(HLOX_FFI_F32, "f32", out, {2, 3})
      .attrs(attrs.get());
  Outcome outcome = call.run(kScale);
  EXPECT_EQ(outcome.code, HLOX_FFI_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(outcome.message, "my.op: argument 0 is f64 of rank 3; the "
                             "handler takes f32 of rank 2");

  Call rank;
  rank.arg(HLOX_FFI_F32, "f32", out, {6})
      .ret(HLOX_FFI_F32, "f32", out, {2, 3})
      .attrs(attrs.get());
  EXPECT_EQ(rank.run(kScale).message, "my.op: argument 0 is f32 of rank 1; "
                                      "the handler takes f32 of rank 2");
}

TEST(FfiBinding, WrongResultType) {
  auto handler = Ffi::bind().ret<Buffer<DataType::F32>>().to(
      [](Buffer<DataType::F32>) { return Error(); });
  int32_t out[3] = {};
  Call call;
  call.ret(HLOX_FFI_S32, "i32", out, {3});
  EXPECT_EQ(call.run(handler).message,
            "my.op: result 0 is i32 of rank 1; the handler takes f32");

  // Any rank goes.
  Call any;
  any.ret(HLOX_FFI_F32, "f32", out, {1, 1, 3});
  EXPECT_TRUE(any.run(handler).ok);
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

TEST(FfiBinding, MissingAttribute) {
  float x[6] = {};
  AttrDict attrs;
  attrs.scalar<float>("beta", HLOX_FFI_ATTR_F32, 1.0f);
  Call call;
  call.arg(HLOX_FFI_F32, "f32", x, {2, 3})
      .ret(HLOX_FFI_F32, "f32", x, {2, 3})
      .attrs(attrs.get());
  Outcome outcome = call.run(kScale);
  EXPECT_EQ(outcome.code, HLOX_FFI_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(outcome.message, "my.op: attribute 'alpha' is missing");

  // No dictionary at all.
  Call none;
  none.arg(HLOX_FFI_F32, "f32", x, {2, 3}).ret(HLOX_FFI_F32, "f32", x, {2, 3});
  EXPECT_EQ(none.run(kScale).message, "my.op: attribute 'alpha' is missing");
}

TEST(FfiBinding, AttributeKindMismatch) {
  float x[6] = {};
  AttrDict attrs;
  attrs.string("alpha", "two");
  Call call;
  call.arg(HLOX_FFI_F32, "f32", x, {2, 3})
      .ret(HLOX_FFI_F32, "f32", x, {2, 3})
      .attrs(attrs.get());
  EXPECT_EQ(call.run(kScale).message,
            "my.op: attribute 'alpha' is a string; the handler takes f32");

  AttrDict integer;
  integer.scalar<int64_t>("alpha", HLOX_FFI_ATTR_I64, 2);
  call.attrs(integer.get());
  EXPECT_EQ(call.run(kScale).message,
            "my.op: attribute 'alpha' is an i64; the handler takes f32");
}

/// Runs a handler that takes attribute "a" as a T on `attrs`; the value
/// lands in `*out`.
template <typename T> Outcome decodeAttr(AttrDict &attrs, T *out) {
  auto handler = Ffi::bind().attr<T>("a").to([out](T value) {
    *out = value;
    return Error::success();
  });
  Call call;
  call.attrs(attrs.get());
  return call.run(handler);
}

TEST(FfiBinding, IntegerAttributesNarrow) {
  AttrDict small;
  small.scalar<int64_t>("a", HLOX_FFI_ATTR_I64, 3);
  int32_t i32 = 0;
  ASSERT_TRUE(decodeAttr(small, &i32).ok);
  EXPECT_EQ(i32, 3);
  uint8_t u8 = 0;
  ASSERT_TRUE(decodeAttr(small, &u8).ok);
  EXPECT_EQ(u8, 3);

  AttrDict large;
  large.scalar<int64_t>("a", HLOX_FFI_ATTR_I64, int64_t(1) << 40);
  Outcome outcome = decodeAttr(large, &i32);
  EXPECT_EQ(outcome.code, HLOX_FFI_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(outcome.message,
            "my.op: attribute 'a' is 1099511627776, which does not fit in i32");
  int64_t i64 = 0;
  ASSERT_TRUE(decodeAttr(large, &i64).ok);
  EXPECT_EQ(i64, int64_t(1) << 40);

  AttrDict negative;
  negative.scalar<int32_t>("a", HLOX_FFI_ATTR_I32, -1);
  uint32_t u32 = 0;
  EXPECT_EQ(decodeAttr(negative, &u32).message,
            "my.op: attribute 'a' is -1, which does not fit in ui32");
  int16_t i16 = 0;
  ASSERT_TRUE(decodeAttr(negative, &i16).ok);
  EXPECT_EQ(i16, -1);

  AttrDict huge;
  huge.scalar<uint64_t>("a", HLOX_FFI_ATTR_U64, ~uint64_t(0));
  EXPECT_EQ(decodeAttr(huge, &i64).message,
            "my.op: attribute 'a' is 18446744073709551615, which does not "
            "fit in i64");
  uint64_t u64 = 0;
  ASSERT_TRUE(decodeAttr(huge, &u64).ok);
  EXPECT_EQ(u64, ~uint64_t(0));

  AttrDict flag;
  flag.boolean("a", true);
  EXPECT_EQ(decodeAttr(flag, &i32).message,
            "my.op: attribute 'a' is a bool; the handler takes i32");
}

TEST(FfiBinding, FloatAttributes) {
  AttrDict f64;
  f64.scalar<double>("a", HLOX_FFI_ATTR_F64, 0.5);
  float f = 0;
  ASSERT_TRUE(decodeAttr(f64, &f).ok);
  EXPECT_EQ(f, 0.5f);

  AttrDict f32;
  f32.scalar<float>("a", HLOX_FFI_ATTR_F32, 0.25f);
  double d = 0;
  ASSERT_TRUE(decodeAttr(f32, &d).ok);
  EXPECT_EQ(d, 0.25);
}

TEST(FfiBinding, BoolAttributes) {
  AttrDict flag;
  flag.boolean("a", true);
  bool value = false;
  ASSERT_TRUE(decodeAttr(flag, &value).ok);
  EXPECT_TRUE(value);

  AttrDict integer;
  integer.scalar<int64_t>("a", HLOX_FFI_ATTR_I64, 1);
  EXPECT_EQ(decodeAttr(integer, &value).message,
            "my.op: attribute 'a' is an i64; the handler takes bool");
}

TEST(FfiBinding, StringAttributes) {
  AttrDict attrs;
  attrs.string("a", "hello");
  std::string_view view;
  ASSERT_TRUE(decodeAttr(attrs, &view).ok);
  EXPECT_EQ(view, "hello");
  std::string copy;
  ASSERT_TRUE(decodeAttr(attrs, &copy).ok);
  EXPECT_EQ(copy, "hello");

  AttrDict empty;
  empty.string("a", "");
  ASSERT_TRUE(decodeAttr(empty, &copy).ok);
  EXPECT_EQ(copy, "");
}

TEST(FfiBinding, ArrayAttributes) {
  AttrDict attrs;
  attrs.array<int64_t>("a", HLOX_FFI_ATTR_I64, {1, 2, 3});
  std::vector<int64_t> seen;
  auto handler =
      Ffi::bind().attr<Span<const int64_t>>("a").to([&](auto values) {
        seen.assign(values.begin(), values.end());
        return Error::success();
      });
  Call call;
  call.attrs(attrs.get());
  ASSERT_TRUE(call.run(handler).ok);
  EXPECT_EQ(seen, (std::vector<int64_t>{1, 2, 3}));

  Span<const int32_t> narrow;
  Outcome outcome = decodeAttr(attrs, &narrow);
  EXPECT_EQ(outcome.message,
            "my.op: attribute 'a' is an array<i64>; the handler takes "
            "array<i32>");

  AttrDict flags;
  flags.array<uint8_t>("a", HLOX_FFI_ATTR_BOOL, {1, 0, 1});
  Span<const bool> bools;
  ASSERT_TRUE(decodeAttr(flags, &bools).ok);
  ASSERT_EQ(bools.size(), 3u);
  EXPECT_TRUE(bools[0]);
  EXPECT_FALSE(bools[1]);
  EXPECT_TRUE(bools[2]);

  AttrDict floats;
  floats.array<float>("a", HLOX_FFI_ATTR_F32, {});
  Span<const float> none;
  ASSERT_TRUE(decodeAttr(floats, &none).ok);
  EXPECT_TRUE(none.empty());

  int64_t scalar = 0;
  EXPECT_EQ(decodeAttr(floats, &scalar).message,
            "my.op: attribute 'a' is an array<f32>; the handler takes i64");
}

TEST(FfiBinding, NestedDictionaries) {
  AttrDict inner;
  inner.scalar<int64_t>("n", HLOX_FFI_ATTR_I64, 4)
      .string("mode", "fast")
      .scalar<double>("eps", HLOX_FFI_ATTR_F64, 1e-6);
  AttrDict outer;
  outer.dict("config", inner).boolean("verbose", false);

  int64_t n = 0;
  std::string mode;
  auto handler =
      Ffi::bind().attr<Dictionary>("config").attr<bool>("verbose").to(
          [&](Dictionary config, bool verbose) {
            EXPECT_FALSE(verbose);
            EXPECT_EQ(config.size(), 3);
            EXPECT_TRUE(config.contains("eps"));
            EXPECT_FALSE(config.contains("epsilon"));
            ErrorOr<int64_t> value = config.get<int64_t>("n");
            if (!value.ok())
              return value.error();
            n = *value;
            ErrorOr<std::string> text = config.get<std::string>("mode");
            if (!text.ok())
              return text.error();
            mode = *text;
            ErrorOr<float> wrong = config.get<float>("mode");
            EXPECT_EQ(wrong.error().message(),
                      "attribute 'mode' is a string; the handler "
                      "takes f32");
            return Error::success();
          });
  Call call;
  call.attrs(outer.get());
  Outcome outcome = call.run(handler);
  ASSERT_TRUE(outcome.ok) << outcome.message;
  EXPECT_EQ(n, 4);
  EXPECT_EQ(mode, "fast");

  Dictionary config;
  EXPECT_EQ(decodeAttr(inner, &config).message,
            "my.op: attribute 'a' is missing");
  AttrDict notDict;
  notDict.scalar<int64_t>("a", HLOX_FFI_ATTR_I64, 1);
  EXPECT_EQ(decodeAttr(notDict, &config).message,
            "my.op: attribute 'a' is an i64; the handler takes dictionary");
}

TEST(FfiBinding, WholeDictionary) {
  AttrDict attrs;
  // Names sort bytewise, so the lookup finds each of them.
  for (const char *name : {"b", "a", "ab", "B", "a0", "zz", "_"})
    attrs.string(name, name);
  auto handler = Ffi::bind().attrs().to([](Dictionary dict) {
    EXPECT_EQ(dict.size(), 7);
    for (const char *name : {"b", "a", "ab", "B", "a0", "zz", "_"}) {
      ErrorOr<std::string_view> value = dict.get<std::string_view>(name);
      EXPECT_TRUE(value.ok()) << name;
      if (value.ok()) {
        EXPECT_EQ(*value, name);
      }
    }
    EXPECT_FALSE(dict.contains("c"));
    EXPECT_FALSE(dict.contains(""));
    return Error::success();
  });
  Call call;
  call.attrs(attrs.get());
  EXPECT_TRUE(call.run(handler).ok);

  Dictionary empty;
  EXPECT_EQ(empty.size(), 0);
  EXPECT_EQ(empty.get<int32_t>("x").error().message(),
            "attribute 'x' is missing");
}

//===----------------------------------------------------------------------===//
// State
//===----------------------------------------------------------------------===//

struct ScaleState {
  static inline int destroyed = 0;
  int64_t factor;
  int64_t length;
  ~ScaleState() { ++destroyed; }
};

TEST(FfiBinding, InstantiateMakesStateExecuteReadsIt) {
  ScaleState::destroyed = 0;
  auto instantiate =
      Ffi::bindInstantiate()
          .arg<BufferR1<DataType::S64>>()
          .attr<int64_t>("factor")
          .to([](BufferR1<DataType::S64> in,
                 int64_t factor) -> ErrorOr<std::unique_ptr<ScaleState>> {
            EXPECT_EQ(in.untypedData(), nullptr);
            return std::unique_ptr<ScaleState>(
                new ScaleState{factor, in.dimensions()[0]});
          });
  auto execute =
      Ffi::bind().state<ScaleState>().arg<BufferR1<DataType::S64>>().to(
          [](ScaleState *state, BufferR1<DataType::S64> in) {
            for (int64_t i = 0; i < state->length; ++i)
              in.typedData()[i] *= state->factor;
            return Error::success();
          });

  AttrDict attrs;
  attrs.scalar<int64_t>("factor", HLOX_FFI_ATTR_I64, 3);
  Call first;
  first.arg(HLOX_FFI_S64, "i64", nullptr, {4})
      .attrs(attrs.get())
      .stage(HLOX_FFI_STAGE_INSTANTIATE);
  Outcome outcome = first.run(instantiate);
  ASSERT_TRUE(outcome.ok) << outcome.message;
  HloxFfiCallFrame &frame = first.frame();
  ASSERT_NE(frame.state, nullptr);
  ASSERT_NE(frame.state_deleter, nullptr);
  EXPECT_EQ(static_cast<ScaleState *>(frame.state)->factor, 3);

  std::vector<int64_t> data = {1, 2, 3, 4};
  Call run;
  run.arg(HLOX_FFI_S64, "i64", data.data(), {4}).attrs(attrs.get());
  run.frame().state = frame.state;
  outcome = run.run(execute);
  ASSERT_TRUE(outcome.ok) << outcome.message;
  EXPECT_EQ(data, (std::vector<int64_t>{3, 6, 9, 12}));

  EXPECT_EQ(ScaleState::destroyed, 0);
  frame.state_deleter(frame.state);
  EXPECT_EQ(ScaleState::destroyed, 1);
}

TEST(FfiBinding, ExecuteWithoutState) {
  auto execute = Ffi::bind().state<ScaleState>().to(
      [](ScaleState *) { return Error::success(); });
  Call call;
  Outcome outcome = call.run(execute);
  EXPECT_EQ(outcome.code, HLOX_FFI_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(outcome.message,
            "my.op: the handler has no state (its instantiate stage made "
            "none)");
}

TEST(FfiBinding, InstantiateError) {
  auto instantiate = Ffi::bindInstantiate().attr<int64_t>("factor").to(
      [](int64_t factor) -> ErrorOr<std::unique_ptr<ScaleState>> {
        if (factor < 0)
          return Error::invalidArgument("factor must not be negative");
        return std::unique_ptr<ScaleState>(new ScaleState{factor, 0});
      });
  AttrDict attrs;
  attrs.scalar<int64_t>("factor", HLOX_FFI_ATTR_I64, -1);
  Call call;
  call.attrs(attrs.get()).stage(HLOX_FFI_STAGE_INSTANTIATE);
  Outcome outcome = call.run(instantiate);
  EXPECT_EQ(outcome.code, HLOX_FFI_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(outcome.message, "factor must not be negative");
  EXPECT_EQ(call.frame().state, nullptr);
  EXPECT_EQ(call.frame().state_deleter, nullptr);

  // An instantiate function may also return a plain Error: no state.
  auto check = Ffi::bindInstantiate().attr<int64_t>("factor").to(
      [](int64_t) { return Error::success(); });
  EXPECT_TRUE(call.run(check).ok);
  EXPECT_EQ(call.frame().state, nullptr);
}

TEST(FfiBinding, WrongStage) {
  auto execute = Ffi::bind().to([] { return Error::success(); });
  Call call;
  call.stage(HLOX_FFI_STAGE_INSTANTIATE);
  EXPECT_EQ(call.run(execute).message,
            "my.op: the execute handler was called in the instantiate stage");
}

//===----------------------------------------------------------------------===//
// Context
//===----------------------------------------------------------------------===//

TEST(FfiBinding, ParallelForCoversTheRangeOnce) {
  std::vector<int> hits(100, 0);
  auto handler = Ffi::bind().ctx().to([&](Context ctx) {
    ctx.parallelFor(100, 10, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i)
        ++hits[i];
    });
    EXPECT_EQ(ctx.numThreads(), 3);
    EXPECT_EQ(ctx.platform(), "host");
    EXPECT_EQ(ctx.deviceOrdinal(), 0);
    void *scratch = ctx.allocate(100, 256);
    EXPECT_NE(scratch, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(scratch) % 256, 0u);
    void *small = ctx.allocate(3);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(small) % 64, 0u);
    return Error::success();
  });
  Call call;
  ASSERT_TRUE(call.run(handler).ok);
  EXPECT_EQ(call.ctx.chunks, 3);
  EXPECT_EQ(call.ctx.allocations.size(), 2u);
  EXPECT_TRUE(
      std::all_of(hits.begin(), hits.end(), [](int hit) { return hit == 1; }));
}

TEST(FfiBinding, ParallelForRethrows) {
  int chunksRun = 0;
  auto handler = Ffi::bind().ctx().to([&](Context ctx) {
    ctx.parallelFor(9, 1, [&](int64_t, int64_t) {
      ++chunksRun;
      throw std::runtime_error("chunk failed");
    });
    return Error::success();
  });
  Call call;
  Outcome outcome = call.run(handler);
  EXPECT_EQ(outcome.code, HLOX_FFI_ERROR_INTERNAL);
  EXPECT_EQ(outcome.message, "my.op: threw: chunk failed");
  // The chunks after the failing one are skipped.
  EXPECT_EQ(chunksRun, 1);
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

TEST(FfiBinding, UserErrorPassesThrough) {
  auto handler =
      Ffi::bind().to([] { return Error::unimplemented("no such mode: fast"); });
  Call call;
  Outcome outcome = call.run(handler);
  EXPECT_FALSE(outcome.ok);
  EXPECT_EQ(outcome.code, HLOX_FFI_ERROR_UNIMPLEMENTED);
  EXPECT_EQ(outcome.message, "no such mode: fast");

  auto custom = Ffi::bind().to(
      [] { return Error(ErrorCode::RESOURCE_EXHAUSTED, "out of memory"); });
  outcome = call.run(custom);
  EXPECT_EQ(outcome.code, HLOX_FFI_ERROR_RESOURCE_EXHAUSTED);
  EXPECT_EQ(outcome.message, "out of memory");
}

TEST(FfiBinding, ExceptionsBecomeErrors) {
  auto handler =
      Ffi::bind().to([]() -> Error { throw std::runtime_error("bad input"); });
  Call call;
  Outcome outcome = call.run(handler);
  EXPECT_FALSE(outcome.ok);
  EXPECT_EQ(outcome.code, HLOX_FFI_ERROR_INTERNAL);
  EXPECT_EQ(outcome.message, "my.op: threw: bad input");

  auto odd = Ffi::bind().to([]() -> Error { throw 42; });
  EXPECT_EQ(call.run(odd).message,
            "my.op: threw: an exception of unknown type");
}

TEST(FfiBinding, ErrorAndErrorOr) {
  Error ok;
  EXPECT_TRUE(ok.ok());
  EXPECT_EQ(ok.code(), ErrorCode::OK);
  EXPECT_TRUE(Error::success().ok());
  Error bad = Error::internal("broken");
  EXPECT_FALSE(bad.ok());
  EXPECT_EQ(bad.code(), ErrorCode::INTERNAL);
  EXPECT_EQ(bad.message(), "broken");

  ErrorOr<std::string> value = std::string("text");
  ASSERT_TRUE(value.ok());
  EXPECT_EQ(value->size(), 4u);
  ErrorOr<std::string> error = Error::invalidArgument("no");
  EXPECT_FALSE(error.ok());
  EXPECT_EQ(error.error().code(), ErrorCode::INVALID_ARGUMENT);
  ErrorOr<int> fromSuccess = Error::success();
  EXPECT_FALSE(fromSuccess.ok());
  EXPECT_EQ(fromSuccess.error().code(), ErrorCode::INTERNAL);
}

//===----------------------------------------------------------------------===//
// Versions and frame layouts
//===----------------------------------------------------------------------===//

TEST(FfiBinding, SmallFrame) {
  float x[6] = {};
  Call call;
  call.arg(HLOX_FFI_F32, "f32", x, {2, 3}).ret(HLOX_FFI_F32, "f32", x, {2, 3});
  HloxFfiCallFrame &frame = call.frame();
  frame.struct_size = offsetof(HloxFfiCallFrame, attrs);
  Outcome outcome = outcomeOf(kScale.call(&frame));
  EXPECT_EQ(outcome.code, HLOX_FFI_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(
      outcome.message,
      "my.op: the call frame is " +
          std::to_string(offsetof(HloxFfiCallFrame, attrs)) +
          " bytes; the handler needs " +
          std::to_string(offsetof(HloxFfiCallFrame, attrs) + sizeof(void *)));
}

TEST(FfiBinding, OtherApiMajor) {
  HloxFfiApi api = makeApi();
  api.api_major = HLOX_FFI_API_MAJOR + 1;
  api.api_minor = 3;
  auto handler = Ffi::bind().to([] { return Error::success(); });
  Call call;
  HloxFfiCallFrame &frame = call.frame();
  frame.api = &api;
  Outcome outcome = outcomeOf(handler.call(&frame));
  EXPECT_EQ(outcome.code, HLOX_FFI_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(outcome.message, "my.op: hlox gives ffi api version " +
                                 std::to_string(HLOX_FFI_API_MAJOR + 1) +
                                 ".3; the handler was built with version " +
                                 std::to_string(HLOX_FFI_API_MAJOR) + "." +
                                 std::to_string(HLOX_FFI_API_MINOR));

  HloxFfiApi small = makeApi();
  small.struct_size = offsetof(HloxFfiApi, platform);
  frame.api = &small;
  outcome = outcomeOf(handler.call(&frame));
  EXPECT_EQ(outcome.message.rfind("my.op: the ffi api table is ", 0), 0u)
      << outcome.message;
}

//===----------------------------------------------------------------------===//
// Macros and registration
//===----------------------------------------------------------------------===//

Error addOne(Buffer<DataType::S32, 1> in, Buffer<DataType::S32, 1> out) {
  for (int64_t i = 0; i < in.elementCount(); ++i)
    out.typedData()[i] = in.typedData()[i] + 1;
  return Error::success();
}

} // namespace

HLOX_FFI_DEFINE_HANDLER(test_add_one, addOne,
                        Ffi::bind()
                            .arg<Buffer<DataType::S32, 1>>()
                            .ret<Buffer<DataType::S32, 1>>());

HLOX_FFI_PLUGIN_INIT(api, registrar) {
  return registerHandler(api, registrar, "test.add_one", "host", test_add_one);
}

namespace {

TEST(FfiBinding, DefinedHandlerAndPluginInit) {
  HloxFfiRegistrar registrar;
  ASSERT_EQ(hlox_ffi_plugin_init(&kApi, &registrar), nullptr);
  ASSERT_EQ(registrar.registrations.size(), 1u);
  const HloxFfiHandlerRegistration &registration = registrar.registrations[0];
  EXPECT_EQ(registration.struct_size, sizeof(HloxFfiHandlerRegistration));
  EXPECT_EQ(registration.api_major, HLOX_FFI_API_MAJOR);
  EXPECT_EQ(registration.api_minor, HLOX_FFI_API_MINOR);
  EXPECT_STREQ(registration.name, "test.add_one");
  EXPECT_STREQ(registration.platform, "host");
  EXPECT_EQ(registration.instantiate, nullptr);
  ASSERT_EQ(registration.execute, &test_add_one);

  std::vector<int32_t> in = {1, 2, 3}, out(3);
  Call call;
  call.arg(HLOX_FFI_S32, "i32", in.data(), {3})
      .ret(HLOX_FFI_S32, "i32", out.data(), {3});
  Outcome outcome = outcomeOf(registration.execute(&call.frame()));
  ASSERT_TRUE(outcome.ok) << outcome.message;
  EXPECT_EQ(out, (std::vector<int32_t>{2, 3, 4}));

  Call wrong;
  wrong.arg(HLOX_FFI_S32, "i32", in.data(), {3});
  EXPECT_EQ(outcomeOf(registration.execute(&wrong.frame())).message,
            "my.op: returns 1 result, the call has 0");
}

} // namespace
