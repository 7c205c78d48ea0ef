//===- Passes.td - hlox transformation passes --------------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_TRANSFORMS_PASSES_TD
#define HLOX_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def StablehloFoldConstants : Pass<"stablehlo-fold-constants", "::mlir::ModuleOp"> {
  let summary = "Folds ops whose operands are all constants, with the evaluator";
  let description = [{
    Evaluates every side-effect-free op whose operands are all
    `stablehlo.constant`s on the reference evaluator and replaces it with a
    `stablehlo.constant` of its results, in program order, so that folded
    results feed further folds. Results larger than `max-elements` elements
    in total stay unfolded, as do `while` loops (which need not terminate),
    quantized results, and ops the evaluator cannot run (left as they are,
    silently). Run `--inline` first to fold across calls:

    ```
    hlox-opt --inline --stablehlo-fold-constants --symbol-dce file.mlir
    ```

    folds a JAX test's `@main` down to its constants and checks.
  }];
  let options = [
    Option<"maxElements", "max-elements", "int64_t", /*default=*/"1048576",
           "Do not fold ops whose results hold more elements than this">,
  ];
  let dependentDialects = ["::hlox::stablehlo::StableHLODialect"];
}

def StablehloLowerQuantized
    : Pass<"stablehlo-lower-quantized", "::mlir::ModuleOp"> {
  let summary = "Rewrites quantized StableHLO into integer and float ops";
  let description = [{
    Replaces every value of a per-tensor `!quant.uniform` type by its storage
    integers and spells out what the spec's quantized semantics do:
    `uniform_quantize` becomes `clamp(round_nearest_even(x / scale) +
    zero_point)` converted to the storage type, `uniform_dequantize`
    becomes `(storage - zero_point) * scale`, and any other op on quantized
    values runs on dequantized operands in the expressed type, its results
    quantized again (`reshape` and constants move storage as it is), as the
    reference evaluator does. Function signatures take and return storage.

    ```mlir
    %q = stablehlo.uniform_quantize %x : (tensor<4xf32>)
        -> tensor<4x!quant.uniform<i8:f32, 0.5:-1>>
    // becomes, on tensor<4xi8>:
    %s = stablehlo.divide %x, %scale ...; round_nearest_even; convert to f64;
    add the zero point; clamp to [-128, 127]; convert to i8
    ```

    Per-axis quantization and quantized values in regions are errors.
  }];
  let dependentDialects = ["::hlox::stablehlo::StableHLODialect"];
}

def StablehloLegalizeComposites
    : Pass<"stablehlo-legalize-composites", "::mlir::ModuleOp"> {
  let summary = "Takes each composite's native or inline path";
  let description = [{
    A `stablehlo.composite` that `native` names becomes a
    `stablehlo.custom_call`, which runs the handler registered for its
    target (docs/ffi.md). Each entry of `native` is `KEY` or `KEY=TARGET`,
    KEY a name (every version) or `NAME@VERSION` (that version, which takes
    precedence), TARGET the call's target (by default KEY: the name, or
    `NAME@VERSION` for a handler of that version). Its `composite_attributes` become the call's
    backend_config dictionary (`api_version = 4`), the attributes the
    handler receives, and its version is kept as `hlox.composite_version`.
    Every other composite becomes a `func.call` of its `decomposition`, so
    that `--inline` can inline it and the compiler see through it. Nested
    composites (in decompositions) are rewritten alike, each by its own
    name.

    ```mlir
    %0 = stablehlo.composite "my.op" %x {composite_attributes = {k = 2 : i64}, decomposition = @my_op, version = 1 : i32} : (tensor<f32>) -> tensor<f32>
    // becomes, with native=my.op
    %0 = stablehlo.custom_call @my.op(%x) {api_version = 4 : i32, backend_config = {k = 2 : i64}, hlox.composite_version = 1 : i32} : (tensor<f32>) -> tensor<f32>
    // and otherwise
    %0 = func.call @my_op(%x) : (tensor<f32>) -> tensor<f32>
    ```

    Which names take which path is the compiler driver's choice
    (`--composite=NAME:native|inline`, resolved against the registered
    handlers); this pass takes the result.
  }];
  let options = [
    ListOption<"native", "native", "std::string",
               "Composites that become custom calls of their handler: NAME "
               "or NAME@VERSION, optionally =TARGET">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::hlox::stablehlo::StableHLODialect"];
}

def StablehloFlattenTuples
    : Pass<"stablehlo-flatten-tuples", "::mlir::ModuleOp"> {
  let summary = "Forwards tuple elements to their users";
  let description = [{
    Replaces `get_tuple_element` of a `tuple` by the element itself and
    erases tuples nothing uses any more, so that programs that only build
    and take apart tuples need no tuple values at run time.

    ```mlir
    %t = stablehlo.tuple %a, %b : tuple<tensor<2xf32>, tensor<i64>>
    %0 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>, tensor<i64>>) -> tensor<i64>
    // becomes: uses of %0 use %b; the tuple is gone.
    ```

    A `custom_call` with tuple results first becomes one whose results are
    the tuples' leaves (depth first), the tuples rebuilt from them, so that
    their elements forward too; its `output_operand_aliases` then name the
    leaves (`[]` for a single result, `[i]` for leaf i of several).
  }];
  let dependentDialects = ["::hlox::stablehlo::StableHLODialect"];
}

def StablehloInlineAsync
    : Pass<"stablehlo-inline-async", "::mlir::ModuleOp"> {
  let summary = "Runs each async_start's op where it starts";
  let description = [{
    The spec lets a backend run an `async_start` synchronously. Each
    `async_start` whose future only `async_done` ops wait for becomes the
    one op of its body, on its operands, at the `async_start`; the
    `async_done` results are that op's results. A future used otherwise
    (returned, passed to a call) stays, and the compiler rejects it.

    ```mlir
    %f = "stablehlo.async_start"(%x) ({
    ^bb0(%a: tensor<4xf32>):
      %0 = "stablehlo.all_reduce"(%a) ({...}) {replica_groups = ...} : (tensor<4xf32>) -> tensor<4xf32>
      "stablehlo.return"(%0) : (tensor<4xf32>) -> ()
    }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
    %r = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<4xf32>>) -> tensor<4xf32>
    // becomes
    %r = "stablehlo.all_reduce"(%x) ({...}) {replica_groups = ...} : (tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let dependentDialects = ["::hlox::stablehlo::StableHLODialect"];
}

def StablehloConvertPromotedReductions
    : Pass<"stablehlo-convert-promoted-reductions", "::mlir::ModuleOp"> {
  let summary = "Converts the values a promoting reduction body reduces";
  let description = [{
    A reduction body may take a wider type of the same kind than the values
    it reduces (the spec's `is_promotable`; its results then have the
    body's type). The operands it reduces become that type by
    `stablehlo.convert`, as the spec converts them before the body sees
    them, so that the op's types agree for the evaluator and the lowering:
    the inputs and init values of `reduce` and `reduce_window`, the inputs
    and updates of `scatter`, the operand, source and init value of
    `select_and_scatter` (whose `select` then converts its arguments back
    to the operand's type, exactly, and compares as before), the operands
    of `all_reduce`, `reduce_scatter` and `collective_reduce`.

    ```mlir
    %r = stablehlo.reduce(%x init: %zero) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f64>
     reducer(%a: tensor<f64>, %b: tensor<f64>) { ... }
    // becomes a reduce of stablehlo.convert %x and %zero to f64.
    ```
  }];
  let dependentDialects = ["::hlox::stablehlo::StableHLODialect"];
}

def StablehloCheckSpec
    : Pass<"stablehlo-check-spec", "::mlir::ModuleOp"> {
  let summary = "Checks the spec constraints that the verifiers leave open";
  let description = [{
    hlox's verifiers accept what upstream's accept, so that every program
    upstream tools write parses and round-trips. Where upstream is looser
    than the spec, this pass checks the spec when a program is imported to
    run, with an error at the op:
    - `rng_bit_generator` (C2): a 1-d integer state of static size, 2
      elements for THREE_FRY, 2 or 3 for PHILOX;
    - `all_gather` (C6): the gathered dimension is the operand's times the
      process group size (where it is known without the process grid);
    - `custom_call`: no buffers (`memref`, the spec's `CreateBuffer`/`Pin`/
      `Unpin`) or futures, which hlox does not run.

    ```mlir
    %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64,
      replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>} : (tensor<8xf32>) -> tensor<16xf32>
    // error: /*all_gather_c6*/ result dimension 0 must be 8 (the operand's 8
    // times groups of 1), got 16
    ```
  }];
  let dependentDialects = ["::hlox::stablehlo::StableHLODialect"];
}

def StablehloRefineShapes
    : Pass<"stablehlo-refine-shapes", "::mlir::ModuleOp"> {
  let summary = "Makes dynamic shapes static from static arguments";
  let description = [{
    Propagates static shapes forward through every function, in program
    order: result types that the op's type inference (or its
    same-shape-as-operands rule) makes more precise are refined; integer
    ops on constants (the shape computations of shape-polymorphic programs)
    are evaluated; and the dynamism ops whose shape operands became
    constants turn into their static forms (`dynamic_broadcast_in_dim` into
    `broadcast_in_dim`, `dynamic_reshape` into `reshape`, `dynamic_iota`
    into `iota`, `real_dynamic_slice` into `slice`, `dynamic_pad` into
    `pad`, `dynamic_gather` into `gather`, `get_dimension_size` into a
    constant). Function result types follow their returns. Float
    computations are never folded; with `fold-integers=false` (as the CPU
    compiler's input phase runs it) nothing is, and only shape operands
    that are constants already make ops static.

    ```mlir
    func.func @main(%x: tensor<3xf32>) -> tensor<?xf32> {
      %c = stablehlo.constant dense<3> : tensor<1xi32>
      %0 = stablehlo.dynamic_reshape %x, %c : (tensor<3xf32>, tensor<1xi32>) -> tensor<?xf32>
      return %0 : tensor<?xf32>
    }
    // becomes
    func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
      %0 = stablehlo.reshape %x : (tensor<3xf32>) -> tensor<3xf32>
      return %0 : tensor<3xf32>
    }
    ```
  }];
  let options = [
    Option<"foldIntegers", "fold-integers", "bool", /*default=*/"true",
           "Evaluate integer ops on constants (shape computations)">,
  ];
  let dependentDialects = ["::hlox::stablehlo::StableHLODialect"];
}

def StablehloLegalizeUpstreamOps
    : Pass<"stablehlo-legalize-upstream-ops", "::mlir::ModuleOp"> {
  let summary = "Rewrites the arith and tensor ops exporters write into StableHLO";
  let description = [{
    torch-mlir and IREE tests write a few ops of upstream dialects beside
    StableHLO: `arith.constant` of tensors and `tensor.empty` (whose
    contents are unspecified) feeding StableHLO ops. Both become
    `stablehlo.constant` (`tensor.empty` of a static shape a splat of zeros),
    so that the evaluator and the compiler see StableHLO only.
    (`tensor.cast` goes in `stablehlo-refine-shapes`.)

    It also rewrites what upstream's verifier accepts and the spec does not:
    `compare_type = SIGNED` or `UNSIGNED` on floats or complex numbers
    (compare_c3) becomes FLOAT, how both compare them, with a warning.

    ```mlir
    %c = arith.constant dense<49> : tensor<1xi64>
    %e = tensor.empty() : tensor<2x3xf32>
    // becomes
    %c = stablehlo.constant dense<49> : tensor<1xi64>
    %e = stablehlo.constant dense<0.000000e+00> : tensor<2x3xf32>
    ```
  }];
  let dependentDialects = ["::hlox::stablehlo::StableHLODialect"];
}

def HloxVerifyKnownDialects
    : Pass<"hlox-verify-known-dialects", "::mlir::ModuleOp"> {
  let summary = "Rejects ops and types of dialects hlox does not know";
  let description = [{
    The tools parse programs with unregistered dialects allowed, so that the
    attributes real exports carry from dialects hlox does not load (a
    framework's hints on functions, arguments, results and ops) survive as
    opaque attributes and are ignored. This pass then reports, at each, an
    op of an unregistered dialect and a result, block argument or function
    signature of an opaque type: what hlox could not compile.

    ```mlir
    func.func @f(%x: tensor<4xf32> {tt.layout = #tt.layout<row_major>})
        -> tensor<4xf32> {        // accepted: an attribute
      %0 = "tt.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>  // error
      return %0 : tensor<4xf32>
    }
    ```
  }];
}

def HloxChecksToResults
    : Pass<"hlox-checks-to-results", "::mlir::ModuleOp"> {
  let summary = "Returns the values a function's checks test, without them";
  let description = [{
    A test program asserts its values with `check.expect_*` ops (or custom
    calls of `check.*` targets), which run on the compiler's evaluator. For
    a run where there is none (a program compiled ahead of time for a GPU,
    compared there with what the CPU computes), this pass removes each
    check in the body of function `function` (not in nested regions) whose
    result, if it has one, nothing but the function's return uses, and
    appends the value it tests to the function's results (or returns it in
    the place of the check's result): a ranked tensor, its first operand that no
    constant op makes (`check.eq(%expected, %actual)` of the testdata files
    takes the expected constant first), else its first operand.

    ```mlir
    func.func @main() {
      %0 = stablehlo.add %a, %b : tensor<2xf32>
      check.expect_eq_const %0, dense<[1.0, 2.0]> : tensor<2xf32>
      return
    }
    // becomes
    func.func @main() -> tensor<2xf32> {
      %0 = stablehlo.add %a, %b : tensor<2xf32>
      return %0 : tensor<2xf32>
    }
    ```

    A check inside a region, or of a token or tuple, stays. An
    `interpreter.probe` anywhere in the function (the evaluator's record of a
    value for a later `check.expect_serialized_eq`) becomes its operand:
    the check on it is a result like any other. An `interpreter.print` in
    the body counts as a check of its operand (its test reads what it
    prints): the printed value becomes a result.
  }];
  let options = [
    Option<"function", "function", "std::string", /*default=*/"\"main\"",
           "The function whose checks become results">,
  ];
}

def StablehloLegalizeJaxCustomCalls
    : Pass<"stablehlo-legalize-jax-custom-calls", "::mlir::ModuleOp"> {
  let summary = "Rewrites the custom calls of JAX's single-device exports";
  let description = [{
    Replaces the `stablehlo.custom_call`s that JAX writes into programs for
    one device by ops hlox compiles:

    - `@mhlo.topk` and `@chlo.top_k` (with `mhlo.attributes = {k = K}`,
      optionally `largest = true` and `is_stable`) become `chlo.top_k` over
      the last dimension: values in descending order, ties lower index
      first. `largest = false` is an error.
    - `@Sharding`, `@SPMDFullToShardShape`, `@SPMDShardToFullShape`,
      `@annotate_device_placement` and `@LayoutConstraint` are identities on
      one device and are replaced by their operand.
    - `@shape_assertion(%pred, %v0, ...)` with a constant true predicate is
      erased; otherwise its `error_message` moves into `backend_config`,
      where the runtime's built-in `shape_assertion` target reads it: when
      the predicate is false the run fails with the message, each `{i}`
      replaced by the value of `%vi`.

    Calls of these targets whose operands or results do not fit are errors
    at the call; other targets stay.

    ```mlir
    %0:2 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {k = 2 : i64}, mhlo.version = 1 : i64} : (tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>)
    %1 = stablehlo.custom_call @Sharding(%y) {mhlo.sharding = "{replicated}"} : (tensor<4xf32>) -> tensor<4xf32>
    // become
    %0:2 = chlo.top_k(%x, k = 2) : tensor<4x8xf32> -> (tensor<4x2xf32>, tensor<4x2xi32>)
    // and uses of %1 use %y.
    ```
  }];
  let dependentDialects = ["::hlox::chlo::CHLODialect"];
}


def HloxChannelsLast : Pass<"hlox-channels-last", "::mlir::ModuleOp"> {
  let summary = "Computes NCHW convolutions and their neighbours in NHWC";
  let description = [{
    Rewrites each 2-d convolution in NCHW with an OIHW kernel (static
    shapes; PyTorch's layout) into one in NHWC that keeps the OIHW kernel,
    between a transpose of its input to NHWC and one of its result back to
    NCHW. The transposes back then move down through what does not depend
    on the layout: elementwise ops whose other operands are such
    transposes, broadcasts (rebuilt along the permuted dimensions: a
    per-channel bias or batch-norm parameter) or splat constants; `pad` and
    `reduce_window` (their per-dimension attributes permuted); `reduce`
    when the dimensions it keeps stay in order (a global pool over H and
    W). A transpose into NHWC of one back to NCHW cancels, and so does a
    `broadcast_in_dim` that changes nothing. Only the transposes this pass
    made move; the program's own stay. The CPU pipeline runs it before
    `hlox-select-library-calls` when library calls are on
    (`CompileOptions::channelsLast`, `--channels-last`): oneDNN's
    convolutions then read and write NHWC as they are, and pools and
    batch norms vectorize along the channels.

    ```mlir
    %y = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], ...
    %z = stablehlo.maximum %y, %zeros
    // becomes
    %t = stablehlo.transpose %x, dims = [0, 2, 3, 1]
    %c = stablehlo.convolution(%t, %w) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], ...
    %m = stablehlo.maximum %c, %zeros_nhwc
    %z = stablehlo.transpose %m, dims = [0, 3, 1, 2]
    ```
  }];
}

def HloxPoolBeforeActivation
    : Pass<"hlox-pool-before-activation", "::mlir::ModuleOp"> {
  let summary = "Moves a ReLU or clamp from before a max or min pool to after it";
  let description = [{
    Rewrites `reduce_window(f(x))` into `f(reduce_window(x))` where the
    window computes the maximum (or minimum) of its elements from -inf (or
    +inf; the most negative or positive finite value of a type without
    infinities), and `f` is `maximum(x, c)`, `minimum(x, c)` or `clamp(lo, x,
    hi)` with `c`, `lo` and `hi` splats (scalars, splat constants or
    broadcasts of a scalar): f does not decrease, so the largest f(x_i) of
    a window is f of its largest x_i, and f runs on the pool's result, a
    fraction of its input (a quarter for a 3x3/2 pool, as after ResNet's
    stem). The result is the same bit for bit, NaN and signed zeros
    included, provided every window holds an element of `x`: the pass
    requires no base or window dilation and at most a window's extent
    less one of padding on each side, and leaves `f(x)` alone when it has
    another use.

    ```mlir
    %r = stablehlo.maximum %x, %zeros : tensor<1x112x112x64xf32>
    %p = "stablehlo.reduce_window"(%r, %ninf) <{window_dimensions = array<i64: 1, 3, 3, 1>, ...}> ({max})
    // becomes
    %q = "stablehlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 1, 3, 3, 1>, ...}> ({max})
    %p = stablehlo.maximum %q, %zeros56 : tensor<1x56x56x64xf32>
    ```
  }];
}

def HloxLowerCollectives : Pass<"hlox-lower-collectives", "::mlir::ModuleOp"> {
  let summary = "Lowers collectives for a grid of processes to data movement and kernels";
  let description = [{
    For a program compiled for `num-replicas` x `num-partitions` processes
    (by default the module's `mhlo.num_replicas` and `mhlo.num_partitions`;
    more than one in all), rewrites each StableHLO collective into the runtime's
    data movement (`library.all_gather`, `all_to_all`,
    `collective_broadcast`, `collective_permute`, `send`, `recv`,
    `infeed`, `outfeed`, `process_id`) and ordinary StableHLO ops around
    it. The process groups of the spec's modes (cross_replica,
    cross_partition, cross_replica_and_partition, flattened_ids) are
    resolved here into device indices (replica * partitions + partition).

    - `all_gather` along dimension d: the members' operands stacked in
      group order, the stack's leading dimension moved next to d and merged
      with it.
    - `all_reduce`, `cross-replica-sum` and `collective_reduce`: the
      members' operands stacked, then the reduction region applied
      elementwise member by member in group order, as the evaluator does:
      the results are the evaluator's, bit for bit. `collective_reduce`
      keeps the result at the root member, zeros elsewhere.
    - `reduce_scatter`: each member's blocks of the scatter dimension
      exchanged (`all_to_all`), then reduced in group order.
    - `all_to_all`: the split dimension's chunks moved to the front,
      exchanged, and merged into the concatenation dimension.
    - `collective_broadcast` from a static root: the root's operand; from a
      dynamic root, the stacked operands indexed by it (a root out of range
      is clamped, where the evaluator reports it).
    - `collective_permute`: the pairs resolved per domain.
    - `replica_id` and `partition_id`: read at run time.
    - `send`, `recv`, `infeed` and `outfeed`: the runtime's channels and
      host feeds, also on a grid of one process (where the other
      collectives compute without communication in
      `convert-stablehlo-to-linalg`).

    A region that is not elementwise (every op elementwise, or a scalar
    constant) cannot be applied to whole tensors and is an error at the op,
    as is a group that names a process outside the grid or an
    `all_to_all` whose split count is not its group size.

    ```mlir
    %r = "stablehlo.all_reduce"(%x) ({ add }) {replica_groups = dense<[[0, 1]]>
        : tensor<1x2xi64>} : (tensor<4xi64>) -> tensor<4xi64>
    // with num-replicas=2 becomes
    %g = library.all_gather %x {groups = dense<[[0, 1]]> : tensor<1x2xi64>,
        num_partitions = 1, num_replicas = 2} : (tensor<4xi64>) -> tensor<2x4xi64>
    %a = stablehlo.slice %g [0:1, 0:4]   // reshaped to tensor<4xi64>
    %b = stablehlo.slice %g [1:2, 0:4]
    %r = stablehlo.add %a, %b : tensor<4xi64>
    ```
  }];
  let options = [
    Option<"numReplicas", "num-replicas", "int64_t", "0",
           "The replicas of the grid the program runs on (0: the module's "
           "mhlo.num_replicas, else 1)">,
    Option<"numPartitions", "num-partitions", "int64_t", "0",
           "The partitions of the grid the program runs on (0: the "
           "module's mhlo.num_partitions, else 1)">,
  ];
  let dependentDialects = ["::hlox::stablehlo::StableHLODialect",
                           "::hlox::library::LibraryDialect"];
}

def HloxSimplifyPower : Pass<"hlox-simplify-power", "::mlir::ModuleOp"> {
  let summary = "Rewrites float powers by 2, 1, 0, -1 and 0.5 into exact cheaper forms";
  let description = [{
    Rewrites `power(x, c)` on static f32, f16 and bf16 tensors (f64 keeps
    libm's pow, which is within 0.52 ULP rather than correctly rounded, and
    which the evaluator calls too), where the exponent `c`
    is a splat constant or a broadcast of a scalar constant, into a form
    that one IEEE operation (or none) computes correctly rounded, as pow
    itself: `c = 2` into `x * x`, `1` into `x`, `+-0` into a splat 1 (pow(x,
    0) is 1 even for NaN), `-1` into `1 / x`, and `0.5` into `sqrt(x) + 0`
    with `-inf` selecting `+inf` (pow(-0, 0.5) is +0 and pow(-inf, 0.5) is
    +inf, where sqrt gives -0 and NaN). libm's pow runs one call per
    element and keeps a kernel from vectorizing; these forms run at memory
    speed. Other exponents stay: x * x * x rounds twice, pow once.

    ```mlir
    %c2 = stablehlo.constant dense<2.0> : tensor<f32>
    %e = stablehlo.broadcast_in_dim %c2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %p = stablehlo.power %x, %e : tensor<8xf32>
    // becomes
    %p = stablehlo.multiply %x, %x : tensor<8xf32>
    ```
  }];
}

def HloxSimplifySlices : Pass<"hlox-simplify-slices", "::mlir::ModuleOp"> {
  let summary = "Slices and reshapes the operands of broadcasts instead of their results";
  let description = [{
    A `reshape` of a static `broadcast_in_dim` that only drops or inserts
    size-1 dimensions is a `broadcast_in_dim` of its own
    (`ReshapeOfBroadcastToBroadcast`; an operand dimension of size 1 that
    it drops is reshaped away on the operand), so that a sliced column of a
    broadcast, reshaped to drop the sliced dimension, fuses into its users
    instead of being written as a tensor.

    A `slice` of a static `broadcast_in_dim` becomes a `broadcast_in_dim` of
    the slice of its operand (`SliceOfBroadcastToBroadcastOfSlice`): a
    dimension the operand holds is sliced there, with the same start,
    limit and stride; a dimension it broadcasts (absent, or of size 1)
    needs no slicing (when only such dimensions are cut, the broadcast makes
    the slice's type directly). The broadcast then computes only what the slice keeps
    instead of being written whole first, and fuses into its users like any
    other broadcast. Exact: it moves the same elements.

    ```mlir
    %b = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<8x4xf64>) -> tensor<8x9x4xf64>
    %s = stablehlo.slice %b [0:8, 0:9, 1:2] : (tensor<8x9x4xf64>) -> tensor<8x9x1xf64>
    // becomes
    %t = stablehlo.slice %x [0:8, 1:2] : (tensor<8x4xf64>) -> tensor<8x1xf64>
    %s = stablehlo.broadcast_in_dim %t, dims = [0, 2] : (tensor<8x1xf64>) -> tensor<8x9x1xf64>
    ```
  }];
  let dependentDialects = ["::hlox::stablehlo::StableHLODialect"];
}

def HloxContiguousGathers : Pass<"hlox-contiguous-gathers", "::mlir::ModuleOp"> {
  let summary = "Transposes a gather's operand so that its slices are contiguous";
  let description = [{
    A `gather` whose slices run along operand dimensions that are not the
    innermost, while the innermost is indexed (collapsed or batching, slice
    size 1), reads one element per cache line: the column gathers of a
    deformable convolution over NCDHW data fetch C channels S elements
    apart. `GatherOfStridedSlicesToTransposedOperand` gathers from a
    transpose of the operand instead, its sliced dimensions innermost in
    their order and the others before them in theirs; the dimension numbers
    and slice sizes follow the permutation. The result is the same (a
    gather's offset dimensions follow the operand's order of its sliced
    dimensions, which the transpose keeps). It applies when the slices hold
    at least 4 elements and the gather reads at least as many elements as
    the operand has, so that the transpose (one read and write of the
    operand, shared by gathers of the same operand after CSE) pays. Exact:
    it moves the same elements.

    ```mlir
    %g = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<
           offset_dims = [1], collapsed_slice_dims = [1],
           start_index_map = [1], index_vector_dim = 1>,
           slice_sizes = array<i64: 32, 1>}
         : (tensor<32x4096xf32>, tensor<8192x1xi32>) -> tensor<8192x32xf32>
    // becomes
    %t = stablehlo.transpose %x, dims = [1, 0]
         : (tensor<32x4096xf32>) -> tensor<4096x32xf32>
    %g = "stablehlo.gather"(%t, %i) {dimension_numbers = #stablehlo.gather<
           offset_dims = [1], collapsed_slice_dims = [0],
           start_index_map = [0], index_vector_dim = 1>,
           slice_sizes = array<i64: 1, 32>}
         : (tensor<4096x32xf32>, tensor<8192x1xi32>) -> tensor<8192x32xf32>
    ```
  }];
  let dependentDialects = ["::hlox::stablehlo::StableHLODialect"];
}

def HloxFuseElementwise : Pass<"hlox-fuse-elementwise", "::mlir::ModuleOp"> {
  let summary = "Fuses elementwise linalg producers into their consumers";
  let description = [{
    Merges a `linalg.generic` that is elementwise (all loops parallel) into
    the generic that consumes it, when the consumer is its only user, so
    that a chain of elementwise StableHLO ops becomes one loop nest. A
    consumer that reads each element of the producer more than once (a
    matrix product's operand, a broadcast) gets only producers that merely
    move data: fusing a computing one would redo its work per read. Unlike
    upstream's `linalg-fuse-elementwise-ops`, it folds nothing: no linalg op
    on constants is computed at compile time.

    A splat (a generic that reads only scalars and yields one of them, as
    `broadcast_in_dim` of a constant lowers) with several linalg users is
    first copied for each user, so that every one fuses it instead of
    reading a tensor that a dispatch of its own wrote; a `linalg.transpose`
    of a generic's result becomes a generic, which the producer fuses into,
    and so does a `linalg.reduce` of one that will fuse (its only user, or
    one repeated as below).

    Then, in rounds until none is left, an elementwise generic with several
    users whose body is cheap to repeat (at most 32 units of work: adds,
    multiplies, comparisons, selects, min/max, float width conversions,
    abs/floor/ceil, a division counting 4; no other math function) is
    copied for each user and fused: it is computed once per user instead of
    written to memory and read back by each. `x - mean` of a layer norm
    then fuses into both the variance's sum and the output, and an
    elementwise graph over a large tensor (a polygon clipping written in
    StableHLO) becomes one loop nest per reduction. Exponentials and other
    costly ops stay shared.

    ```mlir
    %0 = linalg.generic {...} ins(%a, %b) outs(%e0) { addf }
    %1 = linalg.generic {...} ins(%0, %c) outs(%e1) { mulf }
    // becomes one generic whose body is addf then mulf
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def HloxSelectLibraryCalls
    : Pass<"hlox-select-library-calls", "::mlir::ModuleOp"> {
  let summary = "Puts library ops in place of the contractions and "
                "convolutions a library runs best";
  let description = [{
    Replaces each f32 `stablehlo.dot_general` and `stablehlo.dot` of static
    shapes that a library can read in place, and whose work is at least
    `min-flops` floating-point operations (2 x batch x M x N x K), by a
    `library.matmul`. The operands must already be in a matrix product's
    layout: batching dimensions leading in both operands, in order, and the
    contracting dimensions adjacent and in the same order in both, at the
    front or at the back of the non-batch dimensions (a transposed
    operand). An operand that is a `stablehlo.transpose` swapping its last
    two dimensions (a matrix transpose per batch entry, with one free and
    one contracting dimension) is read in place instead, with the
    operand's transpose flag flipped, and the transpose goes with its last
    use: JAX exports `x @ W.T` as a transpose of `W` then a product. Other
    contractions stay for code generation, as do those with an explicit
    dot algorithm.

    Likewise each f32 or bf16 `stablehlo.convolution` of static shapes
    with two spatial dimensions in NCHW/OIHW or NHWC/HWIO layout, one
    batch group (any feature groups: grouped and depthwise convolutions
    too), no input dilation, no window reversal and no negative padding
    becomes a `library.conv2d` when its work (2 x result elements x kernel
    elements / output channels) reaches `min-flops` / 64.

    With `cudnn-forms-only` (the CUDA target's), each selected convolution
    is put in a form cuDNN's convolution API runs: an NHWC one's kernel is
    transposed to OHWI (`kernel_ohwi`, cuDNN's NHWC filter; a `transpose`
    of weights that are constants folds away), unequal low and high
    padding becomes equal padding of an input padded with zeros for the
    difference (a `pad`), and the epilogue is a bias and an addend at
    most.

    Below the threshold, generated kernels win: they fuse with their
    neighbours and pay no call (`docs/performance.md` has the
    measurement). Generated convolutions are direct loops, far slower than
    the library's (a 2-MFLOP depthwise 3x3: 1.1 ms against 0.15), hence
    their lower threshold. A matrix-vector product (one row or one column
    per batch entry) reads each matrix element once, which the library
    streams at memory speed and the generated kernel does not (a
    1x1280x1000 classifier: 0.21 ms against 0.5 to 0.8; ResNet-18's
    1x512x1000 one, 1 MFLOP: 0.11 against 0.8): it becomes a library call
    from `min-flops` / 16.

    With `hlox-matmul-kernel`, each `library.matmul` is marked
    `hlox_kernel` (hlox's own kernel computes it where the CPU has
    AVX-512) but those of at most 4 rows by a row-major rhs: their time is
    the read of the rhs, which oneDNN's kernel does faster.

    With `product-epilogues` (the CUDA target's), a product takes the
    library's epilogue, where each value in the chain has no other use: an
    `add` of a bias vector broadcast along the result's last dimension (of
    the result's element type) and an `add` of another tensor of the
    result's type (not a broadcast), each optional, in either order, then a
    ReLU (`maximum` with +0) or GELU's tanh form as JAX and torch-mlir
    write it (`GeluPattern.h`; the erf form, which cuBLASLt lacks, stays).
    cuBLASLt applies them as it stores the tile; its maximum may make a
    NaN 0 and its GELU has its own tanh (`docs/numerics.md`).

    With `half-products` (the CUDA target's), bf16 and f16 contractions
    with f32 results or results of their type are selected too (cuBLASLt
    multiplies them on tensor cores and sums in f32, rounding each result
    once).

    An f32 convolution takes in its epilogue, where each value in the chain
    has no other use: an `add` of a bias vector broadcast along the feature
    dimension, then an `add` of another tensor of the result's type (a
    residual, not a broadcast), each optional but in this order, the order
    oneDNN applies them. An NHWC one without an addend then takes a max
    pool (a `reduce_window` of `maximum` from -inf over height and width)
    and a ReLU after it (`maximum` with +0). A pointwise NHWC one that
    hlox's own kernel computes takes a ReLU, then a `transpose` back to
    NCHW (`[0, 3, 1, 2]`). Elsewhere a ReLU stays a `maximum`: oneDNN's
    turns NaN into 0, where `maximum` (and hlox's kernels) keep the NaN.
    The library op takes the place of the last op it absorbs.

    ```mlir
    %c = stablehlo.dot_general %a, %b, contracting_dims = [1] x [1]
        : (tensor<512x768xf32>, tensor<1024x768xf32>) -> tensor<512x1024xf32>
    // becomes
    %c = library.matmul %a, %b transpose_rhs batch_rank = 0
        contracting_rank = 1
        : (tensor<512x768xf32>, tensor<1024x768xf32>) -> tensor<512x1024xf32>
    ```
  }];
  let options = [
    Option<"minFlops", "min-flops", "int64_t", /*default=*/"4194304",
           "The fewest floating-point operations (2 x batch x M x N x K) "
           "for which a contraction becomes a library call">,
    Option<"hloxMatmulKernel", "hlox-matmul-kernel", "bool",
           /*default=*/"false",
           "Marks each library.matmul `hlox_kernel` but those of at most "
           "4 rows by a row-major rhs (whose read oneDNN does faster): "
           "hlox's own kernel computes it where the CPU has AVX-512">,
    Option<"cudnnFormsOnly", "cudnn-forms-only", "bool", /*default=*/"false",
           "Selects only NCHW/OIHW convolutions with equal low and high "
           "padding (what cuDNN runs)">,
    Option<"productEpilogues", "product-epilogues", "bool",
           /*default=*/"false",
           "Gives each library.matmul the bias, addend and ReLU that follow "
           "it as the library's own epilogue (cuBLASLt's)">,
    Option<"halfProducts", "half-products", "bool", /*default=*/"false",
           "Selects bf16 and f16 contractions (with f32 results or results "
           "of their type) too, which the library computes in f32 "
           "(cuBLASLt's tensor cores)">,
  ];
  let dependentDialects = ["::hlox::library::LibraryDialect"];
}

def HloxFormDispatches : Pass<"hlox-form-dispatches", "::mlir::ModuleOp"> {
  let summary = "Splits the entry function into dispatches and host ops";
  let description = [{
    Outlines each compute op of the entry function (on linalg/tensor/scf
    ops, after `convert-stablehlo-to-linalg`) into a private function
    marked `hlox.dispatch`, together with the cheap producers it needs
    (scalar ops, `tensor.empty`, `linalg.fill`, splat constants), which are
    cloned into every dispatch that uses them. What stays in the entry
    function is the host program: arguments, constants, calls of the
    dispatches, `check` ops and the return.

    Control flow can stay in the host program: an `scf.while`, `scf.if` or
    `scf.index_switch` (cases 0, 1, ...) over statically shaped tensors
    whose regions hold a host call (a probe inside a loop), or under
    `host-control-flow=auto` a linalg op of at least 65536 iterations
    (worth several threads), or any such op under `always`. Its regions are
    then split like the entry block. The scalar it branches on becomes a
    `tensor.extract` at constant indices of a tensor the host holds (an
    index cast may follow); any other scalar is first put in a 0-d tensor
    by a dispatch (`tensor.from_elements`). Other control flow, and all of
    it under `never`, is one dispatch, and a host call inside it is an
    error.

    Each dispatch gets `hlox.workgroups`: the size of its workgroup loop
    when the root is a linalg op that has one (its first parallel loop of
    more than one iteration, `getWorkgroupLoop`; the kernel then runs a
    range of that loop per call); for a pad root (`tensor.insert_slice`
    into a filled `tensor.empty`, or a concatenation's chain of them,
    `getRowPadDim`) the size of its first dimension larger than 1; else 1.
    And `hlox.work`:
    the scalar iterations of one workgroup.

    Row groups (`fuse-rows`, on by default): a root takes in the linalg
    ops that feed it and nothing else, as long as each computes row
    (i0, ..., ir-1) of its results (their first r dimensions, r the row
    rank) from that row of the group's values (read by its consumer along
    the consumer's row loops, through a projected permutation) and has
    static shapes and fresh outputs. The row rank is the root's result
    rank less one (all of it for a reduction), or less when no group with
    a reduction forms with that many; the first row loop must be the
    root's workgroup loop. A group that holds a reduction becomes one
    dispatch marked `hlox.row_group = r`, its workgroups its rows in
    row-major order and its `hlox.work` one row of each op; the kernel
    then computes its rows one at a time through the whole group (softmax:
    row max, exponentials, row sum, quotients), reading and writing memory
    once instead of once per op.

    ```mlir
    func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
      %0 = linalg.generic ... ins(%a) outs(%e) -> tensor<4xf32>
      return %0 : tensor<4xf32>
    }
    // becomes
    func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
      %0 = call @main_dispatch_0(%a) : (tensor<4xf32>) -> tensor<4xf32>
      return %0 : tensor<4xf32>
    }
    func.func private @main_dispatch_0(%a: tensor<4xf32>) -> tensor<4xf32>
        attributes {hlox.dispatch, hlox.workgroups = 4 : i64, ...}
    ```
  }];
  let options = [
    Option<"entry", "entry", "std::string", /*default=*/"\"main\"",
           "The function to split">,
    Option<"opaqueConstants", "opaque-constants", "bool", /*default=*/"false",
           "Keep every constant a host buffer, splats included, so that no "
           "kernel computes on a value known at compile time">,
    Option<"fuseRows", "fuse-rows", "bool", /*default=*/"true",
           "Put a root and the reductions and elementwise ops that feed "
           "only it, row by row, in one dispatch (a row group)">,
    Option<"hostControlFlow", "host-control-flow",
           "::hlox::HostControlFlow",
           /*default=*/"::hlox::HostControlFlow::Auto",
           "Where scf.while/scf.if/scf.index_switch of the entry function run",
           [{::llvm::cl::values(
             clEnumValN(::hlox::HostControlFlow::Auto, "auto",
                        "on the host when they hold a host call or a linalg "
                        "op worth several threads, else inside one kernel"),
             clEnumValN(::hlox::HostControlFlow::Always, "always",
                        "on the host whenever they can"),
             clEnumValN(::hlox::HostControlFlow::Never, "never",
                        "always inside a kernel"))}]>,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
}

def HloxFuseMatmulEpilogues
    : Pass<"hlox-fuse-matmul-epilogues", "::mlir::ModuleOp"> {
  let summary = "Makes a product's elementwise consumer its epilogue";
  let description = [{
    After `hlox-form-dispatches`: a `library.matmul` whose one user is a
    call of a dispatch that holds one all-parallel `linalg.generic` (with
    its fresh output and constants) takes that dispatch as its `epilogue`,
    when the generic reads the product elementwise and nothing else of it
    (`mayWriteInPlace`: the identity map, the result's type) and its
    iterations can be seen as the product's rows by its columns (every
    indexing map keeps the rows' dimensions together and the columns'
    together: a bias along the columns, a residual shaped like the
    product, a per-row scale). The dispatch's argument for the product
    becomes its first, and it is marked `hlox.matmul_epilogue` with the
    rank of the product's rows; the call goes, and the product's result is
    the epilogue's. Its other operands become the product's
    `epilogue_operands`. A dispatch called from elsewhere too stays.

    The target compiles the epilogue as a kernel over a tile of rows and
    columns, which the runtime calls on each tile of the product as it is
    finished (bias + GELU after a transformer's first product, the
    residual add after its second), so that the product is not read back
    from memory in a pass of its own.

    ```mlir
    %p = library.matmul %x, %w batch_rank = 0 contracting_rank = 1
        : (tensor<256x1024xf32>, tensor<1024x4096xf32>) -> tensor<256x4096xf32>
    %g = call @main_dispatch_3(%bias, %p)
        : (tensor<4096xf32>, tensor<256x4096xf32>) -> tensor<256x4096xf32>
    // becomes
    %g = library.matmul %x, %w batch_rank = 0 contracting_rank = 1
        epilogue @main_dispatch_3(%bias)
        : (tensor<256x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32>)
        -> tensor<256x4096xf32>
    // with @main_dispatch_3(%p, %bias) {hlox.matmul_epilogue = 1}
    ```
  }];
  let dependentDialects = ["::hlox::library::LibraryDialect"];
}

def HloxDedupDispatches : Pass<"hlox-dedup-dispatches", "::mlir::ModuleOp"> {
  let summary = "Merges dispatch functions that are the same up to their name";
  let description = [{
    Dispatch functions (marked `hlox.dispatch`) whose signature, attributes
    and body are identical once their names are set aside become one: the
    first in the module stays, every reference to the others (calls, symbol
    references in attributes) names it instead, and they are erased. The
    repeated layers of a network (a transformer's blocks, the residual
    blocks of a CNN) then compile to one kernel each. Constants are compared
    in full; locations do not count.

    ```mlir
    %0 = call @main_dispatch_0(%a) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = call @main_dispatch_1(%0) : (tensor<4xf32>) -> tensor<4xf32>
    // @main_dispatch_1 has @main_dispatch_0's body: it goes, and
    %1 = call @main_dispatch_0(%0) : (tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
}

def HloxMarkInPlaceResults
    : Pass<"hlox-mark-in-place-results", "::mlir::ModuleOp"> {
  let summary = "Marks the dispatch results that may overwrite an operand";
  let description = [{
    Sets `hlox.in_place` on each dispatch function (`hlox.dispatch`) that
    has a result which may be written into one of its operand's buffers:
    one entry per result, the operand's index or -1. A result qualifies for
    operand i when it is the only result of an all-parallel `linalg.generic`
    that writes it with the identity map, and the function's argument i is
    read by that generic alone, with the identity map, and has the result's
    type. Each iteration then reads the operand's element before it writes
    the result's at the same place, and no iteration reads another's, so
    the kernel computes the same values with both in one buffer, however
    its workgroups split the loop. The host program uses the marks for
    donated arguments (`HostProgram::argumentResults`).

    ```mlir
    func.func private @main_dispatch_0(%p: tensor<4xf32>, %g: tensor<4xf32>)
        -> tensor<4xf32> attributes {hlox.dispatch, hlox.in_place = array<i64: 0>}
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}


def HloxHoistReshapes : Pass<"hlox-hoist-reshapes", "::mlir::ModuleOp"> {
  let summary = "Splits a contraction's result dimension in the contraction";
  let description = [{
    A `reshape` that splits one dimension of a `dot_general`'s result (a
    free dimension of one operand), through the elementwise ops,
    `broadcast_in_dim`s and splat constants between them, each used by this
    chain alone, is done on that operand instead: the contraction gets the
    split dimensions as free dimensions, the broadcasts and elementwise ops
    compute on the split shape, and the reshape goes. Run before sharding
    propagation: a fused q|k|v projection `x . W` (W: d x 3·h·dh) reshaped
    to [..., 3, h, dh] and split by heads cannot carry that split on its
    3·h·dh columns (a device's heads are not one block of them), but
    `x . reshape(W)` carries it on its heads dimension, so that each device
    computes its heads only. Exact: the same products, summed alike.

    ```mlir
    %p = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x24xf32>) -> tensor<8x24xf32>
    %r = stablehlo.reshape %p : (tensor<8x24xf32>) -> tensor<8x3x8xf32>
    // becomes
    %w3 = stablehlo.reshape %w : (tensor<16x24xf32>) -> tensor<16x3x8xf32>
    %r = stablehlo.dot_general %x, %w3, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x3x8xf32>) -> tensor<8x3x8xf32>
    ```
  }];
  let dependentDialects = ["::hlox::stablehlo::StableHLODialect"];
}

def HloxPropagateShardings : Pass<"hlox-propagate-shardings", "::mlir::ModuleOp"> {
  let summary = "Gives every value of a sharded function a sharding";
  let description = [{
    For each function whose shardings are on a mesh of more than one device
    (`sdy.sharding` on arguments, results and ops, `sdy.sharding_constraint`;
    GSPMD's strings once `sdy-import-gspmd` has read them), moves shardings
    between the dimensions that each op's sharding rule (ShardingRules.h)
    ties to one factor: elementwise ops, broadcast_in_dim, reshape (split
    and merged dimensions), transpose, dot_general (batch, contracting and
    free dimensions), reduce, convolution (batch and feature dimensions),
    concatenate, slice, pad, reverse, dynamic_slice, dynamic_update_slice,
    sort, gather and scatter (batch dimensions and the dimensions they take
    whole). Dimensions that an op needs whole (concatenated, sliced, padded,
    reversed, sorted, indexed) take no axes; ops without a rule (custom
    calls, ...) pass nothing through. Control flow (while, if, case) ties
    each result to what its regions return and, for a loop, to its operand
    and its regions' arguments: tied values take one another's axes, and
    the ops in the regions are visited like the function's. The results of an
    `sdy.manual_computation` are written with its out-shardings, and an
    operand not written otherwise is fixed to its in-sharding.

    Priority, where shardings conflict: a written sharding is never changed;
    within an op, a factor takes its axes from the op's written tensors
    first, results before operands, then from the others in the same
    order; an axis goes to one factor of an op only; a tensor takes axes only
    on dimensions that have none. Rounds of a forward then a backward walk
    repeat until nothing changes. The result is written back as
    `sdy.sharding` on arguments, results and ops (replicated where nothing
    reached). The partitioner does not pad: a written sharding that does not
    divide a dimension evenly keeps, on that dimension, the longest run of
    its major axes whose sizes' product divides it (a warning says so: a
    dimension of 6 split by the axes x then y of a 2x2 mesh keeps x alone,
    one of 3 stays whole). Sub-axes and two meshes in one function are
    errors.
  }];
  let dependentDialects = ["::hlox::sdy::SdyDialect"];
}

def HloxPartitionSpmd : Pass<"hlox-partition-spmd", "::mlir::ModuleOp"> {
  let summary = "Rewrites a sharded program into the program of each device";
  let description = [{
    After `hlox-propagate-shardings`, rewrites each sharded function into
    the single program every device of the mesh runs on its shards (SPMD),
    with `mhlo.num_partitions` set to the mesh's device count:

    - an op with a sharding rule computes on local shapes; the axes of its
      reduction factors come from its operands' shardings, then those of
      its other factors from its results' (an axis goes to one factor:
      partial results to combine and slice cost less than operands to
      gather); each operand is first brought to the sharding those factors
      imply;
    - a sharded reduction factor (a dot's contracting dimension, a reduced
      dimension, a convolution's input feature) leaves partial results that
      an `all_reduce` over its axes combines (the sum for dots and
      convolutions, the reduce's own body for reduce), or a
      `reduce_scatter` when the result is wanted split along a dimension
      by exactly those axes;
    - an op without a rule runs whole: its operands, and the values its
      regions read, are gathered first (a splat constant is made at its
      local shape instead);
    - while, if and case keep each result's sharding throughout: a loop's
      operands are resharded to it and its regions' arguments carry it, the
      ops in the regions are partitioned like the function's (collectives
      inside run every iteration), what the body and the branches return
      is resharded to it, and a loop's condition and a branch op's
      predicate or index are whole;
    - an `sdy.manual_computation` manual over every axis that splits
      anything is inlined: its operands resharded to its in-shardings are
      the body's arguments, the body's collectives stay as written, and its
      returned values are shards as its out-shardings say (partially manual
      computations, and manual computations inside an op computed whole,
      are errors);
    - a value whose sharding differs from what its producer gave is
      resharded: the axes of one dimension moving whole to another by an
      `all_to_all`; otherwise an `all_gather` per dimension whose axes must
      go, then a `dynamic_slice` of this device's part (offsets from
      `partition_id`) for dimensions split further.

    Collectives use flattened device ids (`use_global_device_ids`) and new
    channel ids. Arguments and results take their local types; a sharded
    one carries `hlox.shard = {tiles, device_tiles}` (the shards along each
    dimension, and each device's shard index per dimension) so that a
    runtime can split and assemble global values. Sharding constraints,
    `sdy.sharding` attributes and meshes are removed. `remarks` reports each
    collective and slice at the op that needed it; the module's
    `hlox.partitioning = {all_gathers, all_reduces, reduce_scatters,
    all_to_alls, slices, whole_ops}`
    counts them (whole ops: those whose operands were gathered or results
    sliced) (the compile report's, `hlox-run --stats`).
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark at each op for every collective and slice it needed">,
  ];
  let dependentDialects = ["::hlox::stablehlo::StableHLODialect"];
}

#endif // HLOX_TRANSFORMS_PASSES_TD
