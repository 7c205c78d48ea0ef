//===- RegistryTest.cpp - Handlers by name, stages, attributes ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The FFI's host side: registering handlers (versions checked), finding
// them (with the nearest names when missing), driving their stages, and
// the attributes they receive.
//
//===----------------------------------------------------------------------===//

#include "hlox/ffi/Registry.h"
#include "hlox/ffi/Invoke.h"
#include "hlox/ffi/ffi.h"

#include <gtest/gtest.h>

#include <thread>

using namespace hlox::ffi;

namespace {

/// out = in + attribute `add` (i64) over the context's threads, through the
/// typed binding.
Error addConstant(Buffer<DataType::F32, 1> in, Buffer<DataType::F32, 1> out,
                  int64_t add, Context ctx) {
  ctx.parallelFor(in.elementCount(), 1, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      out.typedData()[i] = in.typedData()[i] + static_cast<float>(add);
  });
  return Error::success();
}

HLOX_FFI_DEFINE_HANDLER(addHandler, addConstant,
                        Ffi::bind()
                            .arg<Buffer<DataType::F32, 1>>()
                            .ret<Buffer<DataType::F32, 1>>()
                            .attr<int64_t>("add")
                            .ctx());

HloxFfiError *failOnNegative(HloxFfiCallFrame *frame) {
  if (static_cast<const float *>(frame->args[0]->data)[0] < 0)
    return frame->api->error_create(HLOX_FFI_ERROR_INTERNAL, "negative");
  return nullptr;
}

int liveStates = 0;

/// Makes state, then fails.
HloxFfiError *failingInstantiate(HloxFfiCallFrame *frame) {
  ++liveStates;
  frame->state = &liveStates;
  frame->state_deleter = [](void *) { --liveStates; };
  return frame->api->error_create(HLOX_FFI_ERROR_INVALID_ARGUMENT, "bad");
}

/// Two threads: chunks run on a second thread too.
class TwoThreads : public ExecutionContext {
public:
  void parallelFor(int64_t count, int64_t,
                   const std::function<void(int64_t, int64_t)> &fn) override {
    std::thread other([&] { fn(count / 2, count); });
    fn(0, count / 2);
    other.join();
  }
  int64_t getNumThreads() const override { return 2; }
};

HloxFfiHandlerRegistration registration(const char *name, int32_t major,
                                        int32_t minor) {
  HloxFfiHandlerRegistration r{};
  r.struct_size = sizeof(r);
  r.api_major = major;
  r.api_minor = minor;
  r.name = name;
  r.platform = "host";
  r.execute = failOnNegative;
  return r;
}

struct Held {
  std::string dtype = "f32";
  std::vector<int64_t> dims;
  std::vector<float> data;
  BufferDesc desc() { return {&dtype, data.data(), &dims}; }
};

} // namespace

TEST(HandlerRegistryTest, FindsHandlersAndNamesTheNearest) {
  HandlerRegistry registry;
  ASSERT_TRUE(registry.add("example.add", "host", addHandler).ok());
  ASSERT_TRUE(registry.add("example.mul", "host", addHandler).ok());
  ASSERT_TRUE(registry.add("zzz", "host", addHandler).ok());
  Status taken = registry.add("example.add", "host", addHandler);
  EXPECT_EQ(taken.message(), "a handler 'example.add' is already registered "
                             "for platform host (from process)");
  // The same name on another platform is another handler.
  EXPECT_TRUE(registry.add("example.add", "cuda", addHandler).ok());
  EXPECT_NE(registry.lookup("example.add"), nullptr);
  EXPECT_EQ(registry.lookup("example.ad"), nullptr);
  EXPECT_EQ(registry.describeMissing("example.ad"),
            "no handler 'example.ad' is registered for platform host "
            "(nearest: example.add, example.mul)");
  // Names more than a typo away are no suggestions.
  EXPECT_EQ(registry.describeMissing("lapack_sgetrf_ffi"),
            "no handler 'lapack_sgetrf_ffi' is registered for platform host "
            "(no registered name is near it; 3 are registered)");
  HandlerRegistry empty;
  EXPECT_EQ(empty.describeMissing("x", "cuda"),
            "no handler 'x' is registered for platform cuda (none is)");
}

TEST(HandlerRegistryTest, ChecksTheVersionAHandlerWasBuiltFor) {
  HandlerRegistry registry;
  EXPECT_TRUE(
      registry.add(registration("now", HLOX_FFI_API_MAJOR, HLOX_FFI_API_MINOR))
          .ok());
  Status major = registry.add(
      registration("next.major", HLOX_FFI_API_MAJOR + 1, 0), "libnext.so");
  EXPECT_EQ(major.message(),
            "handler 'next.major' from libnext.so was built for hlox FFI " +
                std::to_string(HLOX_FFI_API_MAJOR + 1) +
                ".0; this hlox loads FFI " +
                std::to_string(HLOX_FFI_API_MAJOR) + ".0 to " +
                std::to_string(HLOX_FFI_API_MAJOR) + "." +
                std::to_string(HLOX_FFI_API_MINOR));
  EXPECT_FALSE(registry
                   .add(registration("next.minor", HLOX_FFI_API_MAJOR,
                                     HLOX_FFI_API_MINOR + 1))
                   .ok());
  HloxFfiHandlerRegistration small =
      registration("small", HLOX_FFI_API_MAJOR, 0);
  small.struct_size = 8;
  EXPECT_NE(registry.add(small).message().find("too small"), std::string::npos);
  // A registration of an older minor version without user_data loads.
  HloxFfiHandlerRegistration older = registration("older", 1, 0);
  older.struct_size = offsetof(HloxFfiHandlerRegistration, user_data);
  EXPECT_TRUE(registry.add(older).ok());
  EXPECT_EQ(registry.lookup("older")->userData, nullptr);
}

TEST(HandlerInstanceTest, RunsTypedHandlersWithAttributesOnThreads) {
  HandlerRegistry registry;
  ASSERT_TRUE(registry.add("example.add", "host", addHandler).ok());
  auto attributes = std::make_shared<AttributeMap>();
  attributes->addInteger("add", HLOX_FFI_ATTR_I64, 10);
  HandlerInstance instance(*registry.lookup("example.add"), attributes);
  Held in{"f32", {4}, {1, 2, 3, 4}}, out{"f32", {4}, {0, 0, 0, 0}};
  TwoThreads context;
  Status status = instance.call({in.desc()}, {out.desc()}, context);
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(out.data, (std::vector<float>{11, 12, 13, 14}));

  // The binding's checks reach the caller as messages.
  Held wide{"f64", {2}, {0, 0, 0, 0}};
  status = instance.call({wide.desc()}, {out.desc()}, context);
  EXPECT_EQ(status.message(), "example.add: argument 0 is f64 of rank 1; the "
                              "handler takes f32 of rank 1");
  HandlerInstance noAttribute(*registry.lookup("example.add"), nullptr);
  status = noAttribute.call({in.desc()}, {out.desc()}, context);
  EXPECT_EQ(status.message(), "example.add: attribute 'add' is missing");
}

TEST(HandlerInstanceTest, AFailedRunLeavesTheNextOneWorking) {
  HandlerRegistry registry;
  ASSERT_TRUE(registry.add("check", "host", failOnNegative).ok());
  HandlerInstance instance(*registry.lookup("check"), nullptr);
  ExecutionContext context;
  Held bad{"f32", {1}, {-1}}, good{"f32", {1}, {1}};
  EXPECT_EQ(instance.call({bad.desc()}, {}, context).message(), "negative");
  EXPECT_TRUE(instance.call({good.desc()}, {}, context).ok());
}

TEST(HandlerInstanceTest, AFailedInstantiateKeepsNoState) {
  HandlerRegistry registry;
  ASSERT_TRUE(
      registry.add("stateful", "host", failOnNegative, failingInstantiate)
          .ok());
  liveStates = 0;
  {
    HandlerInstance instance(*registry.lookup("stateful"), nullptr);
    ExecutionContext context;
    Held one{"f32", {1}, {1}};
    EXPECT_EQ(instance.call({one.desc()}, {}, context).message(), "bad");
    EXPECT_EQ(liveStates, 0);
    // Tried again on the next call.
    EXPECT_EQ(instance.call({one.desc()}, {}, context).message(), "bad");
  }
  EXPECT_EQ(liveStates, 0);
}

TEST(ExecutionContextTest, ReusesScratchMemoryAcrossCalls) {
  ExecutionContext context;
  void *first = context.allocateScratch(1000, 64);
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(first) % 64, 0u);
  context.endCall();
  EXPECT_EQ(context.allocateScratch(900, 64), first);
  EXPECT_NE(context.allocateScratch(900, 64), first);
  EXPECT_EQ(context.allocateScratch(8, 3), nullptr);
  context.endCall();
}

TEST(AttributeMapTest, GivesASortedViewOfEveryKind) {
  AttributeMap map;
  map.addString("name", "iou");
  map.addBool("flag", true);
  map.addFloat("scale", HLOX_FFI_ATTR_F32, 0.5);
  int64_t dims[] = {3, 4};
  map.addArray("dims", HLOX_FFI_ATTR_I64, dims, 2);
  map.addDictionary("inner").addInteger("k", HLOX_FFI_ATTR_U8, 7);
  map.addInteger("add", HLOX_FFI_ATTR_I32, static_cast<uint64_t>(-2));
  EXPECT_EQ(map.str(), "{add = -2 : i32, dims = [3 : i64, 4 : i64], flag = "
                       "true, inner = {k = 7 : ui8}, name = \"iou\", scale = "
                       "0.5 : f32}");
  const HloxFfiDict *view = map.getView();
  ASSERT_EQ(view->size, 6);
  EXPECT_EQ(std::string(view->names[0].data, view->names[0].size), "add");
  // The typed binding reads it back.
  Dictionary dictionary(view);
  EXPECT_EQ(*dictionary.get<int32_t>("add"), -2);
  EXPECT_EQ(*dictionary.get<std::string_view>("name"), "iou");
  EXPECT_EQ(dictionary.get<Span<const int64_t>>("dims")->size(), 2u);
  EXPECT_EQ(*dictionary.get<Dictionary>("inner")->get<uint8_t>("k"), 7);
  // Replacing keeps one entry per name.
  map.addBool("flag", false);
  EXPECT_EQ(map.getView()->size, 6);
}

TEST(HandlerRegistryTest, ExplainsPluginsThatCannotLoad) {
  HandlerRegistry registry;
  Status status = registry.loadPlugin("/nonexistent/plugin.so");
  EXPECT_EQ(status.message().rfind("cannot load plugin "
                                   "'/nonexistent/plugin.so': ",
                                   0),
            0u);
}

TEST(BuiltinHandlersTest, ShapeAssertionFormatsItsMessage) {
  const HandlerEntry *handler =
      HandlerRegistry::global().lookup("shape_assertion");
  ASSERT_NE(handler, nullptr);
  auto attributes = std::make_shared<AttributeMap>();
  attributes->addString("error_message", "dim {0} is not {1}, {2}");
  HandlerInstance instance(*handler, attributes);
  ExecutionContext context;
  std::string pred = "i1", i64 = "i64";
  std::vector<int64_t> scalar;
  uint8_t holds = 0;
  int64_t a = 3, b = -4;
  std::vector<BufferDesc> args = {
      {&pred, &holds, &scalar}, {&i64, &a, &scalar}, {&i64, &b, &scalar}};
  EXPECT_EQ(instance.call(args, {}, context).message(), "dim 3 is not -4, {2}");
  holds = 1;
  EXPECT_TRUE(instance.call(args, {}, context).ok());
}
