//===- LibraryOps.td - Operations a target runs with a library -*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_LIBRARY_IR_LIBRARY_OPS
#define HLOX_DIALECT_LIBRARY_IR_LIBRARY_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Library_Dialect : Dialect {
  let name = "library";
  let cppNamespace = "::hlox::library";
  let summary = "Tensor operations that a target runs with a tuned library";
  let description = [{
    Operations that a target runs by calling a library (oneDNN on the CPU)
    rather than by generating a kernel: matrix products and convolutions,
    and the data movement of collectives between the processes of a
    parallel run (the runtime's communicator).
    `hlox-select-library-calls` puts them in place of the StableHLO ops
    they compute, where the operands' layout lets the library read them as
    they are and the work is large enough to pay for the call; the host
    program runs them as commands of their own, between dispatches.

    The ops are on statically shaped tensors, pure, and verified: their
    attributes say how each operand's dimensions group into the library's
    arguments, so no transpose or copy is needed.
  }];
  let usePropertiesForAttributes = 1;
}

class Library_Op<string mnemonic, list<Trait> traits = []>
    : Op<Library_Dialect, mnemonic, !listconcat([Pure], traits)>;

def Library_MatmulOp : Library_Op<"matmul", [AttrSizedOperandSegments]> {
  let summary = "A batched matrix product on row-major operands";
  let description = [{
    `result[b, m, n] = sum over k of lhs[b, m, k] * rhs[b, k, n]`, where
    each of `b`, `m`, `k` and `n` stands for a group of adjacent dimensions
    taken together in row-major order:

    - `lhs` is `[batch..., M..., K...]`, or `[batch..., K..., M...]` with
      `transpose_lhs`;
    - `rhs` is `[batch..., K..., N...]`, or `[batch..., N..., K...]` with
      `transpose_rhs`;
    - the result is `[batch..., M..., N...]`.

    `batch_rank` and `contracting_rank` are the sizes of the batch and K
    groups; the M and N groups take the remaining dimensions (possibly
    none). This is a `stablehlo.dot_general` whose batching dimensions lead
    in both operands and whose contracting dimensions are adjacent, in the
    same order in both, at the front or the back of the non-batch ones: the
    forms JAX and torch-mlir emit for `x @ W`, `x @ W.T`, `q @ k.T` and
    their batched versions.

    The sum's order is the library's (blocked, with fused multiply-adds):
    results agree with the scalar order within the tolerances of
    `docs/numerics.md`. With `hlox_kernel`, hlox's own kernel computes the
    product where the CPU has AVX-512 (the library elsewhere): each result
    sums its products in chains of 128 fused multiply-adds, each chain
    added to the result in order of k, for about half the rounding error
    of the library's longer chains (`docs/performance.md`).

    With `epilogue`, the result is `@epilogue(product, epilogue_operands...)`
    instead of the product: a dispatch function (`hlox.matmul_epilogue`,
    made by `hlox-fuse-matmul-epilogues`) whose one op is an elementwise
    `linalg.generic` reading the product with the identity map (a bias, an
    activation, a residual add, a scaling). The runtime applies it to each
    tile of the product as the tile is finished, while it is in cache,
    instead of in a pass of its own over the whole product.

    The library's own epilogue is the other form (the CUDA target's, which
    cuBLASLt applies as it stores the product): `bias`, a vector of the
    result's last dimension (its one column dimension), is added to every
    row; `addend`, shaped like the result, is added element by element;
    then `relu` takes the maximum with zero, or `gelu_tanh` applies GELU's
    tanh form, 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))), with
    the library's own tanh (cuBLASLt's `CUBLASLT_EPILOGUE_GELU`). The two additions are done in
    the library's order (the addend first, then the bias) and, for bf16
    results, before the one rounding to bf16; the library's maximum may
    turn a NaN into 0 where `stablehlo.maximum` keeps it (cuBLASLt's
    `CUBLASLT_EPILOGUE_RELU` is `max(x, 0)`).

    Elements are f32, or bf16 or f16 operands multiplied and summed in f32
    with an f32 result or one of their type (rounded once per element):
    the half-precision forms are the CUDA target's (tensor cores), the
    CPU's products are f32.

    ```mlir
    %c = library.matmul %a, %b transpose_rhs batch_rank = 1
        contracting_rank = 1
        : (tensor<4x512x64xf32>, tensor<4x512x64xf32>) -> tensor<4x512x512xf32>
    %g = library.matmul %x, %w batch_rank = 0 contracting_rank = 1
        epilogue @main_dispatch_3(%bias)
        : (tensor<256x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32>)
        -> tensor<256x4096xf32>
    %r = library.matmul %x, %w bias %b addend %res relu batch_rank = 0
        contracting_rank = 1
        : (tensor<256x1024xbf16>, tensor<1024x4096xbf16>, tensor<4096xbf16>,
           tensor<256x4096xbf16>) -> tensor<256x4096xbf16>
    ```
  }];
  let arguments = (ins
    StaticShapeTensorOf<[F32, BF16, F16]>:$lhs,
    StaticShapeTensorOf<[F32, BF16, F16]>:$rhs,
    Optional<StaticShapeTensorOf<[F32, BF16, F16]>>:$bias,
    Optional<StaticShapeTensorOf<[F32, BF16, F16]>>:$addend,
    UnitAttr:$relu,
    UnitAttr:$gelu_tanh,
    UnitAttr:$transpose_lhs,
    UnitAttr:$transpose_rhs,
    ConfinedAttr<I64Attr, [IntNonNegative]>:$batch_rank,
    ConfinedAttr<I64Attr, [IntNonNegative]>:$contracting_rank,
    UnitAttr:$hlox_kernel,
    OptionalAttr<FlatSymbolRefAttr>:$epilogue,
    Variadic<AnyStaticShapeTensor>:$epilogue_operands
  );
  let results = (outs StaticShapeTensorOf<[F32, BF16, F16]>:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`bias` $bias^)? (`addend` $addend^)? (`relu` $relu^)?
    (`gelu_tanh` $gelu_tanh^)?
    (`transpose_lhs` $transpose_lhs^)?
    (`transpose_rhs` $transpose_rhs^)? `batch_rank` `=` $batch_rank
    `contracting_rank` `=` $contracting_rank
    (`hlox_kernel` $hlox_kernel^)?
    (`epilogue` $epilogue^ `(` $epilogue_operands `)`)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The product's sizes with each group's dimensions multiplied out.
    struct Sizes {
      int64_t batch = 1, m = 1, n = 1, k = 1;
    };
    Sizes getSizes();
    /// Whether the library applies an epilogue of its own (bias, addend,
    /// ReLU or GELU).
    bool hasLibraryEpilogue() {
      return getBias() || getAddend() || getRelu() || getGeluTanh();
    }
  }];
}

def Library_Conv2DOp : Library_Op<"conv2d", [AttrSizedOperandSegments]> {
  let summary = "A 2-d convolution in NCHW or NHWC layout";
  let description = [{
    A `stablehlo.convolution` with two spatial dimensions, one batch group,
    no input dilation and no window reversal, in one of the two layouts
    libraries take as they are:

    - by default the input is `[N, C, H, W]`, the kernel `[O, C / G, KH,
      KW]` and the result `[N, O, HO, WO]` (PyTorch's NCHW/OIHW);
    - with `nhwc` the input is `[N, H, W, C]`, the kernel `[KH, KW, C / G,
      O]` and the result `[N, HO, WO, O]` (TensorFlow's and JAX's
      NHWC/HWIO);
    - with `nhwc` and `kernel_oihw` the input and result are NHWC and the
      kernel `[O, C / G, KH, KW]` (what `hlox-channels-last` makes of a
      PyTorch convolution: its weights stay as they are);
    - with `nhwc` and `kernel_ohwi` the input and result are NHWC and the
      kernel `[O, KH, KW, C / G]` (cuDNN's NHWC filter, KRSC: the CUDA
      target's, which transposes an HWIO or OIHW kernel to it).

    `groups` (G, 1 when absent) is the feature group count: output channel
    group g reads input channel group g only; G = C is a depthwise
    convolution.

    `strides` and `dilations` are per spatial dimension (H, W); `padding`
    is `[low H, high H, low W, high W]` zeros around the input. Elements are
    f32, or bf16 computed in f32 and rounded once per result element.

    An f32 convolution may carry its epilogue, applied to each result
    element before it is stored, in this order: `bias` (a vector of the
    output channels) adds the element's channel's entry, `addend` (a
    tensor shaped like the result in the input's layout) adds its element,
    and `relu` takes `stablehlo.maximum` of the sum and +0 (NaN stays NaN,
    -0 becomes +0). This is what the StableHLO of a convolution followed by
    `add` of a bias broadcast along the feature dimension, `add` of a
    residual and `maximum` with zeros computes, in the same order, without
    a pass over memory per step.

    With `nhwc`, `nchw_result` stores the result as `[N, O, HO, WO]`: the
    transpose a channels-last program ends with, done on the tile. Only a
    pointwise convolution takes it (a 1x1 window, unit strides and
    dilations, no padding, one group, an OIHW kernel, f32), which the
    runtime computes with hlox's own kernel; its `addend` stays NHWC.

    An f32 NHWC convolution without an addend may end its epilogue with a
    max pool over height and width (`max_pool window = [KH, KW] strides =
    [SH, SW] padding = [low H, high H, low W, high W]`): the
    `stablehlo.reduce_window` of `maximum` from -inf that a ResNet stem's
    convolution feeds. The result is then the pooled `[N, PH, PW, O]`;
    `relu` gives the same values before the pool as after it. The runtime
    pools each image while the convolution's result is in cache.

    ```mlir
    %y = library.conv2d %x, %w bias %b strides = [2, 2]
        padding = [3, 3, 3, 3] dilations = [1, 1]
        : (tensor<8x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>)
        -> tensor<8x64x112x112xf32>
    ```
  }];
  let arguments = (ins
    StaticShapeTensorOf<[F32, BF16]>:$input,
    StaticShapeTensorOf<[F32, BF16]>:$kernel,
    Optional<StaticShapeTensorOf<[F32]>>:$bias,
    Optional<StaticShapeTensorOf<[F32]>>:$addend,
    UnitAttr:$nhwc,
    UnitAttr:$kernel_oihw,
    UnitAttr:$kernel_ohwi,
    UnitAttr:$relu,
    UnitAttr:$nchw_result,
    OptionalAttr<DenseI64ArrayAttr>:$pool_window,
    OptionalAttr<DenseI64ArrayAttr>:$pool_strides,
    OptionalAttr<DenseI64ArrayAttr>:$pool_padding,
    ConfinedAttr<DefaultValuedAttr<I64Attr, "1">, [IntPositive]>:$groups,
    DenseI64ArrayAttr:$strides,
    DenseI64ArrayAttr:$padding,
    DenseI64ArrayAttr:$dilations
  );
  let results = (outs StaticShapeTensorOf<[F32, BF16]>:$result);
  let assemblyFormat = [{
    $input `,` $kernel (`bias` $bias^)? (`addend` $addend^)? (`relu` $relu^)?
    (`nhwc` $nhwc^)? (`kernel_oihw` $kernel_oihw^)?
    (`kernel_ohwi` $kernel_ohwi^)?
    (`nchw_result` $nchw_result^)? (`groups` `=` $groups^)?
    `strides` `=` $strides
    `padding` `=` $padding `dilations` `=` $dilations
    (`max_pool` `window` `=` $pool_window^ `strides` `=` $pool_strides
     `padding` `=` $pool_padding)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The sizes of the convolution, whatever the layout.
    struct Sizes {
      int64_t batch, inChannels, height, width;
      int64_t outChannels, kernelHeight, kernelWidth;
      int64_t outHeight, outWidth;
    };
    Sizes getSizes();
    /// Whether the op carries an epilogue (a bias, an addend or a ReLU).
    bool hasEpilogue() {
      return getBias() || getAddend() || getRelu() || getPoolWindow();
    }
    /// Whether the convolution is pointwise: a 1x1 window, unit strides
    /// and dilations, no padding and one group.
    bool isPointwise();
  }];
}

include "hlox/Dialect/Library/IR/LibraryCollectiveOps.td"

#endif // HLOX_DIALECT_LIBRARY_IR_LIBRARY_OPS
