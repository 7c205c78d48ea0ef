//===- test_handlers.cpp - Handlers that show the FFI's contract ----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// test.set_first      writes only element 0 of its result (42): the rest is
//                     its aliased operand's.
// test.raw            copies its operand's data as the handler sees it (in
//                     the operand's layout) into a row-major result.
// test.iota_raw       writes 0, 1, ... into its result's data as the
//                     handler sees it (in the result's layout).
// test.split          returns the halves of a vector (a tuple result).
// test.count          counts its calls (a side effect, no results).
// test.read_count     returns that count (i64).
// test.scale          multiplies an f32 tensor by its attribute `factor`
//                     (f32); test.scale@2 (the handler of version 2 of a
//                     composite of that name) also adds 1.
//
//===----------------------------------------------------------------------===//

#include "hlox/ffi/ffi.h"

#include <atomic>
#include <cstring>

using namespace hlox::ffi;

namespace {

std::atomic<int64_t> calls{0};

Error setFirst(AnyBuffer, Buffer<DataType::F32> out) {
  out.typedData()[0] = 42;
  return Error::success();
}

Error raw(AnyBuffer in, AnyBuffer out) {
  std::memcpy(out.untypedData(), in.untypedData(),
              in.elementCount() * dataTypeByteWidth(in.dtype()));
  return Error::success();
}

Error iotaRaw(Buffer<DataType::F32> out) {
  for (int64_t i = 0; i < out.elementCount(); ++i)
    out.typedData()[i] = static_cast<float>(i);
  return Error::success();
}

Error split(BufferR1<DataType::F32> in, BufferR1<DataType::F32> low,
            BufferR1<DataType::F32> high) {
  int64_t half = low.elementCount();
  if (in.elementCount() != 2 * half || high.elementCount() != half)
    return Error::invalidArgument("test.split: halves of the wrong size");
  std::memcpy(low.typedData(), in.typedData(), half * sizeof(float));
  std::memcpy(high.typedData(), in.typedData() + half, half * sizeof(float));
  return Error::success();
}

Error count() {
  ++calls;
  return Error::success();
}

Error readCount(BufferR0<DataType::S64> out) {
  out.typedData()[0] = calls.load();
  return Error::success();
}

Error scale(Buffer<DataType::F32> in, Buffer<DataType::F32> out, float factor,
            float offset) {
  for (int64_t i = 0; i < in.elementCount(); ++i)
    out.typedData()[i] = in.typedData()[i] * factor + offset;
  return Error::success();
}

Error scaleV1(Buffer<DataType::F32> in, Buffer<DataType::F32> out,
              float factor) {
  return scale(in, out, factor, 0.0f);
}

Error scaleV2(Buffer<DataType::F32> in, Buffer<DataType::F32> out,
              float factor) {
  return scale(in, out, factor, 1.0f);
}

} // namespace

HLOX_FFI_DEFINE_HANDLER(scaleV1Handler, scaleV1,
                        Ffi::bind()
                            .arg<Buffer<DataType::F32>>()
                            .ret<Buffer<DataType::F32>>()
                            .attr<float>("factor"));
HLOX_FFI_DEFINE_HANDLER(scaleV2Handler, scaleV2,
                        Ffi::bind()
                            .arg<Buffer<DataType::F32>>()
                            .ret<Buffer<DataType::F32>>()
                            .attr<float>("factor"));
HLOX_FFI_DEFINE_HANDLER(
    setFirstHandler, setFirst,
    Ffi::bind().arg<AnyBuffer>().ret<Buffer<DataType::F32>>());
HLOX_FFI_DEFINE_HANDLER(rawHandler, raw,
                        Ffi::bind().arg<AnyBuffer>().ret<AnyBuffer>());
HLOX_FFI_DEFINE_HANDLER(iotaRawHandler, iotaRaw,
                        Ffi::bind().ret<Buffer<DataType::F32>>());
HLOX_FFI_DEFINE_HANDLER(splitHandler, split,
                        Ffi::bind()
                            .arg<BufferR1<DataType::F32>>()
                            .ret<BufferR1<DataType::F32>>()
                            .ret<BufferR1<DataType::F32>>());
HLOX_FFI_DEFINE_HANDLER(countHandler, count, Ffi::bind());
HLOX_FFI_DEFINE_HANDLER(readCountHandler, readCount,
                        Ffi::bind().ret<BufferR0<DataType::S64>>());

HLOX_FFI_PLUGIN_INIT(api, registrar) {
  struct {
    const char *name;
    HloxFfiHandler handler;
  } handlers[] = {{"test.set_first", setFirstHandler},
                  {"test.raw", rawHandler},
                  {"test.iota_raw", iotaRawHandler},
                  {"test.split", splitHandler},
                  {"test.count", countHandler},
                  {"test.read_count", readCountHandler},
                  {"test.scale", scaleV1Handler},
                  {"test.scale@2", scaleV2Handler}};
  for (auto [name, handler] : handlers)
    if (HloxFfiError *error =
            registerHandler(api, registrar, name, "host", handler))
      return error;
  return nullptr;
}
