//===- RecordLaunches.cpp - A dispatch's launches, for the runtime --------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CUDA/Passes.h"

#include "hlox/Evaluator/Buffers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"

#define DEBUG_TYPE "hlox-cuda-record-launches"

namespace hlox::cuda {
#define GEN_PASS_DEF_CUDARECORDLAUNCHES
#include "hlox/Target/CUDA/Passes.h.inc"
} // namespace hlox::cuda

using namespace mlir;

namespace {

/// The bytes of one element of a buffer of `type` in device memory (the
/// runtime's buffer layout; an index takes 8), or 0 for a type a kernel
/// cannot take.
int64_t getElementBytes(Type type) {
  if (isa<IndexType>(type))
    return 8;
  Type part = type;
  if (auto complex = dyn_cast<ComplexType>(type))
    part = complex.getElementType();
  return part.isIntOrFloat() ? hlox::eval::getElementBytes(type) : 0;
}

class RecordLaunchesPass
    : public hlox::cuda::impl::CUDARecordLaunchesBase<RecordLaunchesPass> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto functions = llvm::to_vector(module.getOps<func::FuncOp>());
    func::FuncOp host;
    for (func::FuncOp function : functions)
      if (!function.isExternal()) {
        if (host) {
          function.emitError("a dispatch's module holds one host function");
          return signalPassFailure();
        }
        host = function;
      }
    if (!host) {
      module.emitError("no host function of a dispatch");
      return signalPassFailure();
    }
    if (!host.getBody().hasOneBlock()) {
      host.emitError("the CUDA runtime replays a dispatch's launches: the "
                     "host function of @")
          << host.getSymName() << " branches";
      return signalPassFailure();
    }
    Builder b(&getContext());
    DenseMap<Value, int64_t> temporaries, constants;
    SmallVector<Attribute> temporaryBytes, constantValues, launches;
    auto argument = [&](StringRef kind, Attribute value) {
      return b.getDictionaryAttr(b.getNamedAttr(kind, value));
    };
    for (Operation &op : host.getBody().front()) {
      if (isa<func::ReturnOp, memref::DeallocOp, arith::ConstantOp>(op))
        continue;
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        MemRefType type = alloc.getType();
        int64_t elementBytes = getElementBytes(type.getElementType());
        if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
            elementBytes == 0) {
          alloc.emitError("the CUDA runtime allocates the temporaries of a "
                          "dispatch by static size, not ")
              << type;
          return signalPassFailure();
        }
        temporaries[alloc] = temporaryBytes.size();
        temporaryBytes.push_back(
            b.getI64IntegerAttr(type.getNumElements() * elementBytes));
        continue;
      }
      if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
        auto definition =
            module.lookupSymbol<memref::GlobalOp>(global.getNameAttr());
        auto value = definition ? dyn_cast_or_null<DenseElementsAttr>(
                                      definition.getInitialValueAttr())
                                : DenseElementsAttr();
        if (!definition || !definition.getConstant()) {
          global.emitError("a kernel of the CUDA target reads a global that "
                           "is not a constant: @")
              << global.getName();
          return signalPassFailure();
        }
        if (!value) {
          global.emitError("the CUDA runtime uploads constants of dense "
                           "elements only, not that of @")
              << global.getName();
          return signalPassFailure();
        }
        constants[global] = constantValues.size();
        constantValues.push_back(value);
        continue;
      }
      auto launch = dyn_cast<gpu::LaunchFuncOp>(op);
      if (!launch) {
        op.emitError("the CUDA runtime replays a dispatch's kernel launches: "
                     "the host function of @")
            << host.getSymName() << " also runs '" << op.getName() << "'";
        return signalPassFailure();
      }
      if (launch.getAsyncToken() || !launch.getAsyncDependencies().empty() ||
          launch.getClusterSizeX()) {
        launch.emitError("the CUDA runtime launches without tokens and "
                         "clusters");
        return signalPassFailure();
      }
      SmallVector<int64_t> sizes;
      for (Value size : {launch.getGridSizeX(), launch.getGridSizeY(),
                         launch.getGridSizeZ(), launch.getBlockSizeX(),
                         launch.getBlockSizeY(), launch.getBlockSizeZ()}) {
        std::optional<int64_t> constant = getConstantIntValue(size);
        if (!constant || *constant < 1 || *constant > INT32_MAX) {
          launch.emitError("the CUDA runtime launches grids and blocks of "
                           "sizes known when compiling");
          return signalPassFailure();
        }
        sizes.push_back(*constant);
      }
      // What a CUDA device launches (compute capability 7.0 and up): a
      // launch beyond it would fail on the GPU, not here.
      if (sizes[1] > 65535 || sizes[2] > 65535 || sizes[3] > 1024 ||
          sizes[4] > 1024 || sizes[5] > 64 ||
          sizes[3] * sizes[4] * sizes[5] > 1024) {
        launch.emitError("a launch of grid ")
            << sizes[0] << "x" << sizes[1] << "x" << sizes[2] << " and block "
            << sizes[3] << "x" << sizes[4] << "x" << sizes[5]
            << " exceeds CUDA's limits (grid y and z at most 65535; a block "
               "of at most 1024 threads, 64 along z)";
        return signalPassFailure();
      }
      int64_t shared = 0;
      if (Value bytes = launch.getDynamicSharedMemorySize()) {
        std::optional<int64_t> constant = getConstantIntValue(bytes);
        if (!constant || *constant < 0) {
          launch.emitError("dynamic shared memory of a size known when "
                           "compiling only");
          return signalPassFailure();
        }
        shared = *constant;
      }
      SmallVector<Attribute> arguments;
      for (Value operand : launch.getKernelOperands()) {
        if (auto arg = dyn_cast<BlockArgument>(operand);
            arg && arg.getOwner()->getParentOp() == host) {
          arguments.push_back(
              argument("binding", b.getI64IntegerAttr(arg.getArgNumber())));
          continue;
        }
        if (auto found = temporaries.find(operand);
            found != temporaries.end()) {
          arguments.push_back(
              argument("temporary", b.getI64IntegerAttr(found->second)));
          continue;
        }
        if (auto found = constants.find(operand); found != constants.end()) {
          arguments.push_back(
              argument("constant", b.getI64IntegerAttr(found->second)));
          continue;
        }
        Attribute scalar;
        if (matchPattern(operand, m_Constant(&scalar)) &&
            isa<IntegerAttr, FloatAttr>(scalar) &&
            getElementBytes(cast<TypedAttr>(scalar).getType()) > 0) {
          arguments.push_back(argument("scalar", scalar));
          continue;
        }
        launch.emitError("the CUDA runtime cannot pass this kernel operand: ")
            << operand;
        return signalPassFailure();
      }
      launches.push_back(b.getDictionaryAttr({
          b.getNamedAttr("kernel", launch.getKernel()),
          b.getNamedAttr("grid", b.getDenseI64ArrayAttr(
                                     ArrayRef<int64_t>(sizes).take_front(3))),
          b.getNamedAttr("block", b.getDenseI64ArrayAttr(
                                      ArrayRef<int64_t>(sizes).drop_front(3))),
          b.getNamedAttr("shared", b.getI64IntegerAttr(shared)),
          b.getNamedAttr("arguments", b.getArrayAttr(arguments)),
      }));
    }
    module->setAttr(
        "hlox.cuda.dispatch",
        b.getDictionaryAttr({
            b.getNamedAttr("name", host.getSymNameAttr()),
            b.getNamedAttr("temporaries", b.getArrayAttr(temporaryBytes)),
            b.getNamedAttr("constants", b.getArrayAttr(constantValues)),
            b.getNamedAttr("launches", b.getArrayAttr(launches)),
        }));
  }
};

} // namespace
