//===- HostProgram.h - The commands an executable runs ----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A compiled program, as the runtime sees it: values (buffers with a
// placement) and a list of commands over them. The compiler builds it; the
// runtime runs it without knowing where it came from.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_HOSTPROGRAM_H
#define HLOX_RUNTIME_HOSTPROGRAM_H

#include "hlox/ffi/Attributes.h"
#include "hlox/runtime/Buffer.h"
#include "hlox/runtime/Random.h"

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace hlox::runtime {

/// Where a value's buffer comes from.
enum class ValueKind {
  /// The caller's argument `index`.
  Argument,
  /// Constant `index` of the program: bytes the program carries.
  Constant,
  /// Bytes [offset, offset + size) of the per-run arena.
  Arena,
  /// Result `index`: a buffer of its own that the caller receives.
  Result,
};

struct ValueInfo {
  BufferType type;
  ValueKind kind = ValueKind::Arena;
  int64_t index = 0;
  int64_t offset = 0;
};

/// What a command does; each kind has its struct (DispatchCommand,
/// CopyCommand, ...), which says what it does with the command's values.
enum class CommandKind {
  Dispatch,
  Copy,
  HostCall,
  CustomCall,
  Jump,
  Branch,
  Rng,
  Matmul,
  Convolution,
  Collective,
  Wait,
};

/// What a Collective command does. Device indices are r * partitions + p
/// for process (replica r, partition p) of the grid the program was
/// compiled for.
enum class CollectiveKind {
  /// The result is the operands of the members of this process's group,
  /// one after the other in group order, as many as the largest group has
  /// (zeros past this group's).
  AllGather,
  /// The operand is one chunk per member; the result's chunk j is member
  /// j's chunk at this process's position.
  AllToAll,
  /// The result is the operand of the group's member `root`.
  Broadcast,
  /// Each (source, target) of `pairs` sends the source's operand to the
  /// target's result; a process no pair targets gets zeros. `groups` are
  /// the domains that take part.
  Permute,
  /// Sends the operand on channel `channel`.
  Send,
  /// Receives the oldest value sent on channel `channel`.
  Receive,
  /// The result (a ui32 scalar) is this process's replica id.
  ReplicaId,
  /// The result (a ui32 scalar) is this process's partition id.
  PartitionId,
  /// The result (a ui32 scalar) is this process's position in its group
  /// of `groups` (-1 in none).
  GroupPosition,
  /// The result (a ui32 scalar) is the size of this process's group of
  /// `groups` (0 in none).
  GroupSize,
  /// The result is the next value of the run's infeed queue.
  Infeed,
  /// Leaves a copy of the operand in the run's outfeed.
  Outfeed,
  /// The result is the members' operands reduced elementwise by
  /// `reduction`, member by member in group order (groups of one size).
  AllReduce,
};

/// How an AllReduce combines two members' elements: StableHLO's add,
/// multiply, minimum and maximum (NaN-propagating, -0 below +0), and the
/// bitwise and and or (on i1, what add, multiply, minimum and maximum of
/// booleans are).
enum class ReductionKind {
  Add,
  Multiply,
  Minimum,
  Maximum,
  And,
  Or,
};

struct CollectiveSpec {
  CollectiveKind kind = CollectiveKind::AllGather;
  /// The process groups (device indices), each process in one at most;
  /// of one size for AllToAll.
  std::vector<std::vector<int64_t>> groups;
  /// Permute: (source, target) device indices.
  std::vector<std::pair<int64_t, int64_t>> pairs;
  /// Broadcast: the sending member's position in its group.
  int64_t root = 0;
  /// Send and Receive.
  int64_t channel = 0;
  /// AllReduce.
  ReductionKind reduction = ReductionKind::Add;
  /// The grid the program was compiled for.
  int64_t numReplicas = 1;
  int64_t numPartitions = 1;
  /// Started by its command and completed by a Wait command (AllGather,
  /// AllReduce, AllToAll, Broadcast and Permute only).
  bool async = false;
};

/// A 2-d convolution: input [batch, inChannels, height, width] and kernel
/// [outChannels, inChannels / groups, kernelHeight, kernelWidth] into
/// [batch, outChannels, outHeight, outWidth] (NCHW/OIHW), or [batch, height,
/// width, inChannels], [kernelHeight, kernelWidth, inChannels / groups,
/// outChannels] into [batch, outHeight, outWidth, outChannels] with `nhwc`
/// (NHWC/HWIO), or with `nhwc` and `kernelOihw` NHWC activations and an
/// OIHW kernel; f32, or bf16 accumulated in f32 with `bf16`. With
/// `groups` feature groups, output channel group g reads input channel
/// group g only (groups = channels: a depthwise convolution). The command's
/// values are the input, the kernel, the bias when `bias`, the addend when
/// `addend`, then the result.
struct ConvolutionSpec {
  int64_t batch = 1;
  int64_t inChannels = 1;
  int64_t height = 1;
  int64_t width = 1;
  int64_t outChannels = 1;
  int64_t kernelHeight = 1;
  int64_t kernelWidth = 1;
  int64_t outHeight = 1;
  int64_t outWidth = 1;
  int64_t groups = 1;
  /// Per spatial dimension (height, width).
  int64_t strides[2] = {1, 1};
  int64_t dilations[2] = {1, 1};
  /// Low and high zero padding of the height, then of the width.
  int64_t padding[4] = {0, 0, 0, 0};
  bool nhwc = false;
  bool kernelOihw = false;
  /// With `nhwc`: the kernel is [outChannels, kernelHeight, kernelWidth,
  /// inChannels / groups] (cuDNN's NHWC filter); a GPU device's only.
  bool kernelOhwi = false;
  bool bf16 = false;
  /// The epilogue (f32 only), applied to each result element before it is
  /// stored: + bias[output channel] (an f32 vector of outChannels), then +
  /// the addend's element (a buffer shaped like the result, NHWC with
  /// `nhwc` whatever `nchwResult`), then with `relu` StableHLO's
  /// maximum(x, 0) (NaN stays NaN).
  bool bias = false;
  bool addend = false;
  bool relu = false;
  /// With `nhwc`: the result is [batch, outChannels, outHeight, outWidth]
  /// (NCHW) rather than NHWC. Pointwise convolutions only
  /// (isPointwiseConvolution in PointwiseConvolution.h).
  bool nchwResult = false;
  /// The epilogue's last step (f32 NHWC, no addend, no NCHW result): a max
  /// pool of each image (MaxPool.h) with this window, these strides and
  /// this padding (low and high of the height, then of the width), the
  /// ReLU, if any, after it (the same values as before it). The result is
  /// then [batch, poolHeight, poolWidth, outChannels].
  bool pool = false;
  int64_t poolWindow[2] = {1, 1};
  int64_t poolStrides[2] = {1, 1};
  int64_t poolPadding[4] = {0, 0, 0, 0};
  int64_t poolHeight = 1;
  int64_t poolWidth = 1;
};

/// The element types of a matrix product.
enum class MatmulElement : uint8_t { F32, BF16, F16 };

/// The name of `element` (f32, bf16, f16) and its size in bytes.
const char *getMatmulElementName(MatmulElement element);
int64_t getMatmulElementBytes(MatmulElement element);

/// A batched row-major matrix product: for each of `batch` matrices,
/// C (m x n) = op(A) (m x k) x op(B) (k x n), where A is stored m x k (or
/// k x m when `transposeLhs`), B k x n (or n x k when `transposeRhs`), and
/// consecutive matrices of each operand follow one another.
struct MatmulSpec {
  int64_t batch = 1;
  int64_t m = 1;
  int64_t n = 1;
  int64_t k = 1;
  bool transposeLhs = false;
  bool transposeRhs = false;
  /// Computed by hlox's own kernel (Gemm.h) where the CPU has AVX-512,
  /// else by oneDNN.
  bool hloxKernel = false;
  /// The result is the command's kernel `kernel` (an EpilogueFn, Gemm.h)
  /// applied to the product, tile by tile as the product is finished: its
  /// bindings are the product, the epilogue's operands (the command's
  /// values after the two operands) and the result, the product and the
  /// result in the result's buffer.
  bool epilogue = false;
  /// The element type of both operands and of the result: f32, or bf16 or
  /// f16 operands multiplied and summed in f32 with an f32 result or one
  /// of their own type (rounded once). Half-precision products are a GPU
  /// device's only (launchMatmul); the CPU's are f32.
  MatmulElement operandElement = MatmulElement::F32;
  MatmulElement resultElement = MatmulElement::F32;
  /// The library's epilogue (a GPU device's), applied to each result
  /// element before it is stored: + the addend's element (a buffer shaped
  /// like the result), + bias[column] (a vector of `n`, of the result's
  /// element type), then with `relu` max(x, 0) or with `geluTanh` GELU's
  /// tanh form, 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))). The
  /// command's values after
  /// the two operands are the bias, then the addend, those present.
  bool bias = false;
  bool addend = false;
  bool relu = false;
  bool geluTanh = false;

  /// Whether the library's epilogue applies.
  bool hasLibraryEpilogue() const { return bias || addend || relu || geluTanh; }
};

/// Dispatch: runs kernel `kernel` over `workgroups` workgroups with the
/// command's values as its bindings (inputs, then outputs).
struct DispatchCommand {
  int64_t kernel = 0;
  int64_t workgroups = 1;
  /// The fewest workgroups worth a chunk of their own on another thread.
  int64_t minPerChunk = 1;
};

/// Copy: values[0] into values[1] (same byte size).
struct CopyCommand {};

/// HostCall: the host function `callee` (given at execution) on the
/// command's values, the last `numResults` of which are its results.
struct HostCallCommand {
  int64_t callee = 0;
  int64_t numResults = 0;
};

/// CustomCall: the handler of custom-call target `target`
/// (hlox/ffi/Registry.h) with `attributes`; the command's first values are
/// its operands, the last `numResults` its results.
struct CustomCallCommand {
  std::string target;
  std::shared_ptr<const ffi::AttributeMap> attributes;
  /// The minor-to-major layout the handler takes each value in (one per
  /// value, operands then results; empty: row-major), or none.
  std::vector<std::vector<int64_t>> layouts;
  int64_t numResults = 0;
};

/// Jump: continues at command `target` (the command count ends the run).
struct JumpCommand {
  int64_t target = 0;
};

/// Branch: reads the signed integer of `scalarBytes` bytes (1, 4 or 8) at
/// byte `offset` of values[0] and continues at `targets[v]` when
/// 0 <= v < targets.size() - 1, else at `targets.back()`. An i1 condition
/// branches with targets {if false, if true}.
struct BranchCommand {
  std::vector<int64_t> targets;
  int64_t offset = 0;
  int64_t scalarBytes = 1;
};

/// Rng: fills values[2] with elements drawn as `spec` says from the run's
/// random engine, with parameters values[0] and values[1] (one element
/// each, of values[2]'s element type).
struct RngCommand {
  RngSpec spec;
};

/// Matmul: values.back() = values[0] x values[1] with the device's library
/// (Matmul.h); with `spec.epilogue`, the values in between are the
/// epilogue's operands and `epilogueKernel` the kernel that applies it.
struct MatmulCommand {
  MatmulSpec spec;
  int64_t epilogueKernel = 0;
};

/// Convolution: values[2] (the last value) is the convolution of values[0]
/// by values[1] that `spec` describes. With `hasShortcut`, a second
/// convolution (a residual block's shortcut) whose result is the addend:
/// its input, kernel and bias when it has one follow the first
/// convolution's operands among the values, and `spec.addend` is false.
/// The two run image by image, each image's shortcut result added while
/// it is in cache.
struct ConvolutionCommand {
  ConvolutionSpec spec;
  bool hasShortcut = false;
  ConvolutionSpec shortcut;
};

/// Collective: moves values[0] (when the collective has an operand)
/// between the processes of a parallel run into values.back(), as `spec`
/// says (Communicator.h). With `spec.async`, the command only starts the
/// collective, on the run's collective thread, behind the collectives
/// started before it; the run goes on, and a Wait completes it.
struct CollectiveCommand {
  CollectiveSpec spec;
};

/// Wait: waits for the asynchronous Collective command `start`, started
/// since the last Wait for it, to finish. Its values are that command's,
/// which stay live (and untouched by the commands in between) until it.
struct WaitCommand {
  int64_t start = 0;
};

/// What a command does: one struct per kind, in CommandKind's order.
using CommandOp = std::variant<DispatchCommand, CopyCommand, HostCallCommand,
                               CustomCallCommand, JumpCommand, BranchCommand,
                               RngCommand, MatmulCommand, ConvolutionCommand,
                               CollectiveCommand, WaitCommand>;

/// One step of a host program: what it does, the values it reads and
/// writes, and the device that runs it.
struct Command {
  Command() = default;
  template <typename Op>
  Command(Op op, std::vector<int64_t> values, std::string location = {})
      : op(std::move(op)), values(std::move(values)),
        location(std::move(location)) {}

  CommandKind getKind() const { return static_cast<CommandKind>(op.index()); }
  template <typename Op> bool is() const {
    return std::holds_alternative<Op>(op);
  }
  /// The command's struct, which must be of kind Op.
  template <typename Op> Op &get() { return std::get<Op>(op); }
  template <typename Op> const Op &get() const { return std::get<Op>(op); }
  /// The command's struct when it is of kind Op, else null.
  template <typename Op> Op *getIf() { return std::get_if<Op>(&op); }
  template <typename Op> const Op *getIf() const {
    return std::get_if<Op>(&op);
  }

  CommandOp op;
  /// The values (ValueInfo indices) the command reads and writes, in the
  /// order its kind gives them.
  std::vector<int64_t> values;
  /// The device that runs it: an index into HostProgram::devices.
  int64_t device = 0;
  /// Where the command comes from in the source program, for messages.
  std::string location;
};

static_assert(
    std::is_same_v<std::variant_alternative_t<
                       static_cast<size_t>(CommandKind::Wait), CommandOp>,
                   WaitCommand> &&
        std::variant_size_v<CommandOp> ==
            static_cast<size_t>(CommandKind::Wait) + 1,
    "CommandOp lists one struct per CommandKind, in its order");

struct HostProgram {
  /// The kinds of device the program's commands run on ("cpu"), which
  /// Command::device indexes. Executable::execute runs a program of one
  /// device, on a Device of that kind.
  std::vector<std::string> devices = {"cpu"};
  std::vector<ValueInfo> values;
  std::vector<std::vector<uint8_t>> constants;
  std::vector<Command> commands;
  /// The kernels' symbol names; Dispatch commands index this list.
  std::vector<std::string> kernelNames;
  /// The values of the arguments and of the results, in order.
  std::vector<int64_t> arguments;
  std::vector<int64_t> results;
  /// Per argument, the result whose buffer a donated argument becomes
  /// (Executable::execute), or -1; empty: none. The program is done reading
  /// the argument before it writes that result, or does both in one command
  /// that works element by element in place (a copy, an elementwise
  /// dispatch, a convolution's addend). Arguments and results of a pair
  /// have the same type, and no result is paired twice.
  std::vector<int64_t> argumentResults;
  int64_t arenaBytes = 0;
  /// The arena's size had every arena value its own bytes (no reuse).
  int64_t unsharedArenaBytes = 0;
  /// Floating-point operations of the program's contractions (dot_general,
  /// dot, convolution) per run, a multiply-add counting two, as counted on
  /// the StableHLO it was compiled from: for reports.
  int64_t flops = 0;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_HOSTPROGRAM_H
