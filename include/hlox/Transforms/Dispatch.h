//===- Dispatch.h - What dispatch formation and targets agree on -*- C++
//-*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Dispatch formation (hlox-form-dispatches) splits the entry function into
// dispatch functions, one kernel each, and a host function that calls them.
// These are the attributes it leaves on dispatches, the ops that stay on the
// host, and the names every target and the host-program builder read.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TRANSFORMS_DISPATCH_H
#define HLOX_TRANSFORMS_DISPATCH_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
class ModuleOp;
class Operation;
namespace func {
class FuncOp;
} // namespace func
namespace linalg {
class LinalgOp;
} // namespace linalg
namespace tensor {
class InsertSliceOp;
} // namespace tensor
} // namespace mlir

namespace hlox {

/// Marks the functions that hold one kernel each.
inline constexpr llvm::StringLiteral kDispatchAttr = "hlox.dispatch";
/// The size of a dispatch's workgroup loop: the kernel runs a range of it
/// per call.
inline constexpr llvm::StringLiteral kWorkgroupsAttr = "hlox.workgroups";
/// The scalar iterations of one workgroup.
inline constexpr llvm::StringLiteral kWorkAttr = "hlox.work";
/// Per result of a dispatch, the operand whose buffer it may be written
/// into element by element, or -1 (hlox-mark-in-place-results).
inline constexpr llvm::StringLiteral kInPlaceAttr = "hlox.in_place";

/// Marks a dispatch that only reshapes its one operand (collapse_shape and
/// expand_shape of a static tensor: the same bytes in the same order),
/// set before its kernel takes the target's convention; the host program
/// runs it as a copy, which the arena plan makes free where the reshape is
/// its operand's last use.
inline constexpr llvm::StringLiteral kReshapeOnlyAttr = "hlox.reshape_only";

/// Marks a dispatch that holds a row group, with its row rank r: its root
/// and the linalg ops that feed only it (a softmax's or a layernorm's
/// reductions and elementwise steps), every one of them computing row
/// (i0, ..., ir-1) of its results (its first r dimensions) from that row
/// of the group's values. The dispatch's workgroups are its rows, in
/// row-major order; the kernel runs each row through the whole group
/// before the next, so that the intermediate rows stay in cache instead
/// of passing through memory.
inline constexpr llvm::StringLiteral kRowGroupAttr = "hlox.row_group";

/// Scalar iterations from which work pays for a chunk on another thread:
/// a dispatch splits into chunks of at least this much. 2^15 (a vectorized
/// kernel's chunk takes some microseconds, a spinning worker picks it up in
/// well under one): MobileNetV2's dispatches on 2 threads 1.15-1.19 to
/// 0.96-1.05 ms against 2^16; 2^14 measured the same as 2^15.
inline constexpr int64_t kThreadedWork = 1 << 15;

/// Scalar iterations of a linalg op from which host control flow is worth
/// keeping around it (the op is worth several threads' chunks).
inline constexpr int64_t kHostControlFlowWork = 1 << 16;

/// Marks a dispatch that is a matrix product's epilogue
/// (hlox-fuse-matmul-epilogues): its first argument is the product, which
/// it reads elementwise and may overwrite, and the value is the rank of
/// the product's rows (its batch and M dimensions); the rest are its
/// columns. Its kernel computes a tile of rows by columns of the product
/// seen as a matrix: `f_entry(void **bindings, i64 row_begin, i64 row_end,
/// i64 col_begin, i64 col_end)`.
inline constexpr llvm::StringLiteral kMatmulEpilogueAttr =
    "hlox.matmul_epilogue";

/// The loops of a matrix product's epilogue of `rank` loops whose first
/// `rowRank` are the product's rows: the rows' loops, then the columns'
/// (what the epilogue's kernel collapses into a matrix).
llvm::SmallVector<llvm::SmallVector<int64_t, 2>>
getEpilogueLoopGroups(int64_t rank, int64_t rowRank);

/// Whether `dispatch`'s result `result` may be written into the buffer of
/// its argument `operand` (hlox-mark-in-place-results): it is the only
/// result of an all-parallel `linalg.generic` that writes it with the
/// identity map, and that generic alone reads the argument, with the
/// identity map, which has the result's type.
bool mayWriteInPlace(mlir::func::FuncOp dispatch, unsigned operand,
                     unsigned result);

/// The suffix of a kernel's runtime entry point: dispatch `@f` runs as
/// `f_entry(void **bindings, i64 begin, i64 end)`.
inline constexpr llvm::StringLiteral kEntrySuffix = "_entry";

/// Where the entry function's loops and branches run: on the host when
/// they hold a host call or work worth several threads (Auto), on the host
/// whenever they can (Always), or each inside one kernel (Never).
enum class HostControlFlow { Auto, Always, Never };

/// "auto", "always" or "never": the option's spelling.
llvm::StringRef getHostControlFlowName(HostControlFlow mode);

/// True for the ops that run on the host rather than in kernels: `check`
/// ops, `interpreter.probe`, `interpreter.print`, every
/// `stablehlo.custom_call` (a check, or a registered host function),
/// `stablehlo.rng` (its draws from the run's engine are sequential) and
/// the `library` ops (the host calls the library).
bool isHostCall(mlir::Operation *op);

/// The loop a dispatch's workgroups split: its root's first parallel loop
/// of more than one iteration (loops before it may be reductions); none
/// when it has no such loop.
std::optional<unsigned> getWorkgroupLoop(mlir::linalg::LinalgOp root);

/// The loops of `op` that the first `rank` dimensions of every result
/// follow: parallel loops that every output's indexing map has as its
/// first `rank` results, in order. None when an output has fewer
/// dimensions or the outputs disagree.
std::optional<llvm::SmallVector<unsigned>>
getRowLoops(mlir::linalg::LinalgOp op, unsigned rank);

/// The dimension whose rows a dispatch root `insert` splits between its
/// workgroups, when it is a pad: a `tensor.insert_slice` into
/// `tensor.empty` or a `linalg.fill` of one, static, unit strides,
/// constant offsets; or into such a pad (recursively) that it alone uses:
/// a concatenation is a chain of them, one per operand. The rows are those
/// of the destination's first dimension larger than 1 (dimension 0, or the
/// one after a batch of 1): each workgroup fills its rows and copies in
/// the part of each source that falls in them. None otherwise.
std::optional<unsigned> getRowPadDim(mlir::tensor::InsertSliceOp insert);

/// Whether getRowPadDim finds the rows of `insert`.
bool isRowPad(mlir::tensor::InsertSliceOp insert);

/// The value a pad fills with when `insert` is a pad whose tiles a
/// consumer can take on its own: a `tensor.insert_slice` of a static source
/// into a `linalg.fill` of a static `tensor.empty`, unit strides, constant
/// offsets. None otherwise.
std::optional<mlir::Value> getPadValue(mlir::tensor::InsertSliceOp insert);

/// `dispatch` printed as if it were named `@dispatch` (local scope, no
/// locations): two dispatches print alike exactly when they are the same
/// kernel up to their names (hlox-dedup-dispatches, kernel cache keys).
std::string printDispatch(mlir::func::FuncOp dispatch);

/// Erases every function of `module` but the dispatches and declarations
/// (C functions the kernels call): what a target compiles once the host
/// program is built. Dispatches marked `hlox.reshape_only` go too: the
/// host program runs them as copies.
void keepOnlyDispatches(mlir::ModuleOp module);

} // namespace hlox

#endif // HLOX_TRANSFORMS_DISPATCH_H
