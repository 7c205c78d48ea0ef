//===- ImportGspmd.cpp - GSPMD sharding strings to Shardy -----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Programs exported through GSPMD carry shardings as `mhlo.sharding`
// strings on function arguments and results and on ops (the `@Sharding`
// custom call among them). This pass rewrites them into Shardy's form, the
// one representation propagation and partitioning read: one `sdy.mesh`
// whose axes and device order express every tile assignment of the
// program, `sdy.sharding` attributes, `sdy.sharding_constraint` for
// `@Sharding`, and `sdy.manual_computation` for the regions between JAX's
// `@SPMDFullToShardShape` and `@SPMDShardToFullShape` markers.
//
//===----------------------------------------------------------------------===//

#include "ManualRegions.h"

#include "hlox/Dialect/Sdy/IR/ShardingView.h"
#include "hlox/Dialect/Sdy/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

#define DEBUG_TYPE "sdy-import-gspmd"

namespace hlox::sdy {
#define GEN_PASS_DEF_SDYIMPORTGSPMD
#include "hlox/Dialect/Sdy/Transforms/Passes.h.inc"
} // namespace hlox::sdy

using namespace mlir;
namespace sdy = hlox::sdy;
namespace shlo = hlox::stablehlo;

namespace {

constexpr StringLiteral kShardingAttr = "mhlo.sharding";
constexpr StringLiteral kSdyShardingAttr = "sdy.sharding";
constexpr StringLiteral kMeshName = "mesh";

//===----------------------------------------------------------------------===//
// The GSPMD sharding syntax
//===----------------------------------------------------------------------===//

/// One parsed `mhlo.sharding` string.
struct GspmdSharding {
  enum class Kind { Replicated, Maximal, Manual, Unknown, Tiled, Tuple };
  Kind kind = Kind::Replicated;
  int64_t device = 0;
  /// Tiled: the tile shape, the device of each tile (row-major) and how
  /// many trailing tile dimensions replicate rather than split the tensor.
  SmallVector<int64_t> tileShape;
  SmallVector<int64_t> devices;
  int64_t replicatedTileDims = 0;
  bool hasManualTileDims = false;
  std::vector<GspmdSharding> elements;

  int64_t getNumDevices() const {
    int64_t count = 1;
    for (int64_t size : tileShape)
      count *= size;
    return count;
  }
};

/// A recursive-descent reader of the text HloSharding::ToString writes.
class GspmdParser {
public:
  explicit GspmdParser(StringRef text) : text(text) {}

  FailureOr<GspmdSharding> parse() {
    FailureOr<GspmdSharding> sharding = parseSharding();
    skipSpaces();
    if (succeeded(sharding) && !text.empty())
      return fail("unexpected '" + text.take_front(12).str() + "'");
    return sharding;
  }
  const std::string &getError() const { return error; }

private:
  StringRef text;
  std::string error;

  FailureOr<GspmdSharding> fail(const std::string &message) {
    if (error.empty())
      error = message;
    return failure();
  }
  void skipSpaces() { text = text.ltrim(" \t\n"); }
  bool consume(StringRef token) {
    skipSpaces();
    return text.consume_front(token);
  }
  FailureOr<int64_t> parseInt() {
    skipSpaces();
    size_t length = 0;
    while (length < text.size() && llvm::isDigit(text[length]))
      ++length;
    int64_t value;
    if (length == 0 || text.take_front(length).getAsInteger(10, value)) {
      (void)fail("expected an integer at '" + text.take_front(12).str() + "'");
      return failure();
    }
    text = text.drop_front(length);
    return value;
  }
  /// `[a,b,...]` or `(a,b,...)`.
  LogicalResult parseIntList(char open, char close,
                             SmallVectorImpl<int64_t> &values) {
    if (!consume(StringRef(&open, 1))) {
      (void)fail(std::string("expected '") + open + "'");
      return failure();
    }
    if (consume(StringRef(&close, 1)))
      return success();
    do {
      FailureOr<int64_t> value = parseInt();
      if (failed(value))
        return failure();
      values.push_back(*value);
    } while (consume(","));
    if (!consume(StringRef(&close, 1))) {
      (void)fail(std::string("expected '") + close + "'");
      return failure();
    }
    return success();
  }
  /// Skips a balanced `{...}` (metadata).
  LogicalResult skipBraces() {
    int depth = 0;
    do {
      if (text.empty()) {
        (void)fail("unbalanced '{'");
        return failure();
      }
      if (text.front() == '{')
        ++depth;
      else if (text.front() == '}')
        --depth;
      text = text.drop_front();
    } while (depth > 0);
    return success();
  }

  FailureOr<GspmdSharding> parseSharding() {
    if (!consume("{"))
      return fail("expected '{'");
    GspmdSharding sharding;
    skipSpaces();
    if (text.starts_with("{")) {
      sharding.kind = GspmdSharding::Kind::Tuple;
      do {
        FailureOr<GspmdSharding> element = parseSharding();
        if (failed(element))
          return failure();
        sharding.elements.push_back(std::move(*element));
      } while (consume(","));
    } else if (consume("replicated")) {
      sharding.kind = GspmdSharding::Kind::Replicated;
    } else if (consume("manual")) {
      sharding.kind = GspmdSharding::Kind::Manual;
    } else if (consume("unknown")) {
      sharding.kind = GspmdSharding::Kind::Unknown;
    } else if (consume("maximal")) {
      sharding.kind = GspmdSharding::Kind::Maximal;
      if (!consume("device="))
        return fail("expected 'device=' after 'maximal'");
      FailureOr<int64_t> device = parseInt();
      if (failed(device))
        return failure();
      sharding.device = *device;
    } else if (consume("devices=")) {
      sharding.kind = GspmdSharding::Kind::Tiled;
      if (failed(parseTiles(sharding)))
        return failure();
    } else {
      return fail("unknown sharding '" + text.take_front(12).str() + "'");
    }
    // Trailing attributes.
    while (true) {
      if (consume("last_tile_dim_replicate")) {
        sharding.replicatedTileDims = 1;
      } else if (consume("last_tile_dims=")) {
        if (!consume("{"))
          return fail("expected '{' after 'last_tile_dims='");
        do {
          if (consume("manual"))
            sharding.hasManualTileDims = true;
          else if (!consume("replicated"))
            return fail("expected 'manual' or 'replicated' in last_tile_dims");
          ++sharding.replicatedTileDims;
        } while (consume(","));
        if (!consume("}"))
          return fail("expected '}' after last_tile_dims");
      } else if (consume("metadata=") || consume("shard_as ") ||
                 consume("shard_like ")) {
        skipSpaces();
        if (text.starts_with("{")) {
          if (failed(skipBraces()))
            return failure();
        } else if (failed(parseInt())) {
          return failure();
        }
      } else {
        break;
      }
    }
    if (!consume("}"))
      return fail("expected '}' at '" + text.take_front(12).str() + "'");
    return sharding;
  }

  LogicalResult parseTiles(GspmdSharding &sharding) {
    if (failed(parseIntList('[', ']', sharding.tileShape)))
      return failure();
    int64_t count = sharding.getNumDevices();
    if (consume("<=")) {
      // Iota: devices 0..n-1 shaped as `reshape`, transposed by `perm`.
      SmallVector<int64_t> reshape, perm;
      if (failed(parseIntList('[', ']', reshape)))
        return failure();
      skipSpaces();
      if (text.consume_front("T") && failed(parseIntList('(', ')', perm)))
        return failure();
      if (perm.empty())
        perm = llvm::to_vector(llvm::seq<int64_t>(0, reshape.size()));
      int64_t product = 1;
      for (int64_t size : reshape)
        product *= size;
      SmallVector<int64_t> sorted(perm);
      llvm::sort(sorted);
      if (product != count || perm.size() != reshape.size() ||
          sorted != llvm::to_vector(llvm::seq<int64_t>(0, perm.size()))) {
        (void)fail("iota device list does not fit the tile shape");
        return failure();
      }
      // Walk the transposed shape row-major; map back to the iota index.
      SmallVector<int64_t> strides(reshape.size(), 1);
      for (int64_t i = reshape.size() - 2; i >= 0; --i)
        strides[i] = strides[i + 1] * reshape[i + 1];
      SmallVector<int64_t> index(perm.size(), 0);
      for (int64_t n = 0; n < count; ++n) {
        int64_t device = 0;
        for (auto [i, p] : llvm::enumerate(perm))
          device += index[i] * strides[p];
        sharding.devices.push_back(device);
        for (int64_t i = perm.size() - 1; i >= 0; --i) {
          if (++index[i] < reshape[perm[i]])
            break;
          index[i] = 0;
        }
      }
      return success();
    }
    do {
      FailureOr<int64_t> device = parseInt();
      if (failed(device))
        return failure();
      sharding.devices.push_back(*device);
    } while (consume(","));
    if (static_cast<int64_t>(sharding.devices.size()) != count) {
      (void)fail("tile shape holds " + std::to_string(count) +
                 " devices, the list " +
                 std::to_string(sharding.devices.size()));
      return failure();
    }
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Tile assignments on a mesh
//===----------------------------------------------------------------------===//

/// The axes of each tile dimension (major to minor) that lay the tiles of
/// `sharding` out on `mesh` in iota order, or failure.
FailureOr<SmallVector<sdy::AxisList>> getTileAxes(const GspmdSharding &sharding,
                                                  const sdy::MeshView &mesh) {
  ArrayRef<int64_t> tiles = sharding.tileShape;
  ArrayRef<int64_t> devices = sharding.devices;
  if (devices.empty() || devices.front() != 0)
    return failure();
  int64_t rank = tiles.size();
  SmallVector<int64_t> tileStrides(rank, 1);
  for (int64_t d = rank - 2; d >= 0; --d)
    tileStrides[d] = tileStrides[d + 1] * tiles[d + 1];
  SmallVector<sdy::AxisList> axes(rank);
  SmallVector<bool> used(mesh.getNumAxes(), false);
  for (int64_t d = 0; d < rank; ++d) {
    int64_t covered = 1;
    while (covered < tiles[d]) {
      int64_t delta = devices[covered * tileStrides[d]];
      int64_t axis = -1;
      for (int64_t a = 0; a < mesh.getNumAxes(); ++a)
        if (!used[a] && mesh.getStride(a) == delta)
          axis = a;
      if (axis < 0 || (tiles[d] / covered) % mesh.sizes[axis] != 0)
        return failure();
      used[axis] = true;
      axes[d].insert(axes[d].begin(), axis);
      covered *= mesh.sizes[axis];
    }
    if (covered != tiles[d])
      return failure();
  }
  // Every tile where the axes put it.
  SmallVector<int64_t> index(rank, 0);
  for (int64_t device : devices) {
    int64_t position = 0;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t rest = index[d];
      for (int64_t axis : llvm::reverse(axes[d])) {
        position += (rest % mesh.sizes[axis]) * mesh.getStride(axis);
        rest /= mesh.sizes[axis];
      }
    }
    if (position != device)
      return failure();
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++index[d] < tiles[d])
        break;
      index[d] = 0;
    }
  }
  return axes;
}

/// The prime factors of `n`, smallest first.
SmallVector<int64_t> getPrimeFactors(int64_t n) {
  SmallVector<int64_t> factors;
  for (int64_t p = 2; p * p <= n; ++p)
    for (; n % p == 0; n /= p)
      factors.push_back(p);
  if (n > 1)
    factors.push_back(n);
  return factors;
}

/// A value's or op's GSPMD sharding, where it came from.
struct Site {
  Location loc;
  GspmdSharding sharding;
  /// The types it applies to: one, or one per result of a tuple.
  SmallVector<Type> types;
};

void collectTiled(const GspmdSharding &sharding,
                  SmallVectorImpl<const GspmdSharding *> &tiled) {
  if (sharding.kind == GspmdSharding::Kind::Tuple) {
    for (const GspmdSharding &element : sharding.elements)
      collectTiled(element, tiled);
  } else if (sharding.kind == GspmdSharding::Kind::Tiled) {
    tiled.push_back(&sharding);
  }
}

class ImportGspmdPass final
    : public sdy::impl::SdyImportGspmdBase<ImportGspmdPass> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Parse every sharding first: the mesh must express all of them.
    std::vector<std::unique_ptr<GspmdSharding>> parsed;
    DenseMap<Attribute, GspmdSharding *> byText;
    bool ok = true;
    auto read = [&](StringAttr text, Location loc) -> GspmdSharding * {
      // Exporters write "" for a value without a sharding.
      if (text.getValue().trim().empty())
        return nullptr;
      if (auto it = byText.find(text); it != byText.end())
        return it->second;
      GspmdParser parser(text.getValue());
      FailureOr<GspmdSharding> sharding = parser.parse();
      if (failed(sharding)) {
        emitError(loc) << "cannot read " << kShardingAttr << " \""
                       << text.getValue() << "\": " << parser.getError();
        ok = false;
        return nullptr;
      }
      parsed.push_back(std::make_unique<GspmdSharding>(std::move(*sharding)));
      return byText[text] = parsed.back().get();
    };
    SmallVector<const GspmdSharding *> tiled;
    // Partially manual shardings: on one device only an identity.
    SmallVector<std::pair<Location, std::string>> partial;
    module.walk([&](Operation *op) {
      auto visit = [&](Attribute attr, Location loc) {
        auto text = dyn_cast_or_null<StringAttr>(attr);
        if (!attr)
          return;
        if (!text) {
          emitError(loc) << kShardingAttr << " must be a string, got " << attr;
          ok = false;
          return;
        }
        if (GspmdSharding *sharding = read(text, loc)) {
          if (sharding->hasManualTileDims)
            partial.push_back({loc, "partially manual sharding \"" +
                                        text.getValue().str() + "\""});
          collectTiled(*sharding, tiled);
        }
      };
      visit(op->getDiscardableAttr(kShardingAttr), op->getLoc());
      if (auto function = dyn_cast<FunctionOpInterface>(op)) {
        for (unsigned i = 0; i < function.getNumArguments(); ++i)
          visit(function.getArgAttr(i, kShardingAttr), op->getLoc());
        for (unsigned i = 0; i < function.getNumResults(); ++i)
          visit(function.getResultAttr(i, kShardingAttr), op->getLoc());
      }
    });
    if (!ok)
      return signalPassFailure();

    // The devices: every tiled sharding spans all of them.
    int64_t numDevices = 1;
    for (const GspmdSharding *sharding : tiled)
      numDevices = std::max(numDevices, sharding->getNumDevices());
    if (numDevices <= 1) {
      // Only replicated and maximal shardings: nothing to partition.
      removeShardingAttrs(module);
      return;
    }
    for (auto &[loc, what] : partial)
      emitError(loc) << what
                     << " is not supported on several devices: hlox "
                        "partitions computations manual over every axis";
    if (!partial.empty())
      return signalPassFailure();
    for (const GspmdSharding *sharding : tiled) {
      if (sharding->getNumDevices() != numDevices) {
        module.emitError("GSPMD shardings over ")
            << sharding->getNumDevices() << " and " << numDevices
            << " devices in one program";
        return signalPassFailure();
      }
    }
    if (auto partitions =
            module->getAttrOfType<IntegerAttr>("mhlo.num_partitions");
        partitions && partitions.getInt() != numDevices) {
      module.emitError("shardings over ")
          << numDevices
          << " devices, but mhlo.num_partitions = " << partitions.getInt();
      return signalPassFailure();
    }
    if (!module.getOps<sdy::MeshOp>().empty()) {
      module.emitError("both GSPMD (mhlo.sharding) and Shardy (sdy.mesh) "
                       "shardings in one program");
      return signalPassFailure();
    }

    // The mesh: the prime factors of the device count, in the first order
    // that lays out every tile assignment.
    SmallVector<int64_t> factors = getPrimeFactors(numDevices);
    std::optional<sdy::MeshView> found;
    do {
      sdy::MeshView mesh;
      mesh.sizes.assign(factors.begin(), factors.end());
      for (size_t i = 0; i < factors.size(); ++i)
        mesh.names.push_back("_axis_" + std::to_string(i));
      if (llvm::all_of(tiled, [&](const GspmdSharding *sharding) {
            return succeeded(getTileAxes(*sharding, mesh));
          }))
        found = std::move(mesh);
    } while (!found && std::next_permutation(factors.begin(), factors.end()));
    if (!found) {
      module.emitError("the tile assignments of the GSPMD shardings cannot "
                       "be laid out on one mesh of ")
          << numDevices << " devices (each must order the devices as a "
          << "transposed iota of the others)";
      return signalPassFailure();
    }
    mesh = std::move(*found);

    OpBuilder builder(module.getBodyRegion());
    sdy::MeshOp::create(builder, module.getLoc(), kMeshName,
                        mesh.getAttr(&getContext()));
    meshRef = FlatSymbolRefAttr::get(&getContext(), kMeshName);

    // JAX's manual markers become manual computations, before the
    // shardings they carry are converted.
    for (auto function : module.getOps<FunctionOpInterface>()) {
      if (function.isExternal())
        continue;
      if (failed(formManualRegions(function, byText)))
        return signalPassFailure();
    }
    WalkResult stray = module.walk([&](shlo::CustomCallOp call) {
      StringRef target = call.getCallTargetName();
      if (target != "SPMDFullToShardShape" && target != "SPMDShardToFullShape")
        return WalkResult::advance();
      call.emitOpError("@")
          << target
          << " inside a region: hlox forms manual computations from the "
             "markers of a function's body";
      return WalkResult::interrupt();
    });
    if (stray.wasInterrupted())
      return signalPassFailure();

    module.walk([&](Operation *op) {
      if (failed(convertOp(op, byText)))
        ok = false;
    });
    if (!ok)
      return signalPassFailure();
    if (!module->hasAttr("mhlo.num_partitions"))
      module->setAttr("mhlo.num_partitions",
                      builder.getI32IntegerAttr(numDevices));
  }

private:
  sdy::MeshView mesh;
  FlatSymbolRefAttr meshRef;

  static void removeShardingAttrs(ModuleOp module) {
    module.walk([&](Operation *op) {
      op->removeDiscardableAttr(kShardingAttr);
      if (auto function = dyn_cast<FunctionOpInterface>(op)) {
        for (unsigned i = 0; i < function.getNumArguments(); ++i)
          function.removeArgAttr(i, kShardingAttr);
        for (unsigned i = 0; i < function.getNumResults(); ++i)
          function.removeResultAttr(i, kShardingAttr);
      }
    });
  }

  /// Forms the manual computations of `function`'s body (ManualRegions.h).
  LogicalResult
  formManualRegions(FunctionOpInterface function,
                    const DenseMap<Attribute, GspmdSharding *> &byText) {
    auto lookup = [&](Attribute attr) -> const GspmdSharding * {
      return attr ? byText.lookup(attr) : nullptr;
    };
    auto inSharding = [&](Value value) -> FailureOr<sdy::TensorShardingAttr> {
      Attribute attr;
      if (auto arg = dyn_cast<BlockArgument>(value)) {
        if (arg.getOwner() == &function.getFunctionBody().front())
          attr = function.getArgAttr(arg.getArgNumber(), kShardingAttr);
      } else if (value.getDefiningOp()->getNumResults() == 1) {
        attr = value.getDefiningOp()->getDiscardableAttr(kShardingAttr);
      }
      const GspmdSharding *sharding = lookup(attr);
      if (!sharding)
        return emitError(value.getLoc())
               << "the value @SPMDFullToShardShape takes carries no sharding "
                  "to split it by";
      return convertValue(*sharding, value.getType(), value.getLoc());
    };
    auto outSharding =
        [&](Operation *op) -> FailureOr<sdy::TensorShardingAttr> {
      const GspmdSharding *sharding =
          lookup(op->getDiscardableAttr(kShardingAttr));
      if (!sharding)
        return op->emitOpError(
            "@SPMDShardToFullShape carries no sharding to put its result "
            "together by");
      return convertValue(*sharding, op->getResult(0).getType(), op->getLoc());
    };
    auto isFullyManual = [&](Operation *op) {
      const GspmdSharding *sharding =
          lookup(op->getDiscardableAttr(kShardingAttr));
      return !sharding || (sharding->kind != GspmdSharding::Kind::Tiled &&
                           sharding->kind != GspmdSharding::Kind::Tuple);
    };
    return sdy::formManualComputations(
        function.getFunctionBody().front(), mesh, meshRef,
        {inSharding, outSharding, isFullyManual});
  }

  /// The Shardy form of `sharding` for a value of `type`.
  FailureOr<sdy::TensorShardingAttr> convert(const GspmdSharding &sharding,
                                             Type type, Location loc) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor) {
      emitError(loc) << "GSPMD sharding of a " << type
                     << " value: only ranked tensors are sharded";
      return failure();
    }
    sdy::ShardingView view = sdy::ShardingView::getReplicated(tensor.getRank());
    if (sharding.kind == GspmdSharding::Kind::Tiled) {
      int64_t splitDims = static_cast<int64_t>(sharding.tileShape.size()) -
                          sharding.replicatedTileDims;
      if (splitDims != tensor.getRank()) {
        emitError(loc) << "GSPMD sharding tiles " << splitDims
                       << " dimensions of a rank-" << tensor.getRank()
                       << " tensor";
        return failure();
      }
      FailureOr<SmallVector<sdy::AxisList>> axes = getTileAxes(sharding, mesh);
      assert(succeeded(axes) && "the mesh was chosen to lay this out");
      for (int64_t d = 0; d < splitDims; ++d)
        view.dims[d] = (*axes)[d];
    } else if (sharding.kind == GspmdSharding::Kind::Tuple) {
      emitError(loc) << "tuple sharding of a single " << type << " value";
      return failure();
    }
    // Replicated, maximal (computed everywhere, the same values) and
    // unknown shardings leave every dimension whole.
    return view.getAttr(&getContext(), meshRef, mesh);
  }

  /// The shardings of `types`: one each from a tuple sharding, or the
  /// sharding itself for one type.
  FailureOr<SmallVector<sdy::TensorShardingAttr>>
  convertAll(const GspmdSharding &sharding, TypeRange types, Location loc) {
    SmallVector<sdy::TensorShardingAttr> result;
    if (sharding.kind == GspmdSharding::Kind::Tuple) {
      if (sharding.elements.size() != types.size()) {
        emitError(loc) << "tuple sharding of " << sharding.elements.size()
                       << " elements for " << types.size() << " values";
        return failure();
      }
      for (auto [element, type] : llvm::zip_equal(sharding.elements, types)) {
        FailureOr<sdy::TensorShardingAttr> attr = convert(element, type, loc);
        if (failed(attr))
          return failure();
        result.push_back(*attr);
      }
      return result;
    }
    for (Type type : types) {
      FailureOr<sdy::TensorShardingAttr> attr = convert(sharding, type, loc);
      if (failed(attr))
        return failure();
      result.push_back(*attr);
    }
    return result;
  }

  /// The sharding of a function argument or result of type `type`: a
  /// tuple-typed one takes a tuple sharding of one element per member.
  FailureOr<sdy::TensorShardingAttr> convertValue(const GspmdSharding &sharding,
                                                  Type type, Location loc) {
    if (sharding.kind == GspmdSharding::Kind::Tuple &&
        sharding.elements.size() == 1)
      return convert(sharding.elements.front(), type, loc);
    return convert(sharding, type, loc);
  }

  LogicalResult convertOp(Operation *op,
                          const DenseMap<Attribute, GspmdSharding *> &byText) {
    MLIRContext *context = op->getContext();
    auto lookup = [&](Attribute attr) -> const GspmdSharding * {
      return attr ? byText.lookup(attr) : nullptr;
    };
    if (auto function = dyn_cast<FunctionOpInterface>(op)) {
      for (unsigned i = 0; i < function.getNumArguments(); ++i) {
        if (const GspmdSharding *sharding =
                lookup(function.getArgAttr(i, kShardingAttr))) {
          FailureOr<sdy::TensorShardingAttr> attr = convertValue(
              *sharding, function.getArgumentTypes()[i], op->getLoc());
          if (failed(attr))
            return failure();
          function.removeArgAttr(i, kShardingAttr);
          function.setArgAttr(i, kSdyShardingAttr, *attr);
        }
      }
      for (unsigned i = 0; i < function.getNumResults(); ++i) {
        if (const GspmdSharding *sharding =
                lookup(function.getResultAttr(i, kShardingAttr))) {
          FailureOr<sdy::TensorShardingAttr> attr = convertValue(
              *sharding, function.getResultTypes()[i], op->getLoc());
          if (failed(attr))
            return failure();
          function.removeResultAttr(i, kShardingAttr);
          function.setResultAttr(i, kSdyShardingAttr, *attr);
        }
      }
    }
    const GspmdSharding *sharding =
        lookup(op->getDiscardableAttr(kShardingAttr));
    if (!sharding)
      return success();
    op->removeDiscardableAttr(kShardingAttr);
    auto call = dyn_cast<shlo::CustomCallOp>(op);
    if (call && call.getCallTargetName() == "Sharding") {
      if (call->getNumOperands() != 1 || call->getNumResults() != 1 ||
          call->getOperand(0).getType() != call->getResult(0).getType())
        return call.emitOpError("@Sharding must map one value to one of the "
                                "same type");
      FailureOr<sdy::TensorShardingAttr> attr =
          convertValue(*sharding, call->getResult(0).getType(), call.getLoc());
      if (failed(attr))
        return failure();
      OpBuilder builder(call);
      auto constraint = sdy::ShardingConstraintOp::create(
          builder, call.getLoc(), call->getResult(0).getType(),
          call->getOperand(0), *attr);
      call->getResult(0).replaceAllUsesWith(constraint.getResult());
      call->erase();
      return success();
    }
    if (op->getNumResults() == 0)
      return success();
    FailureOr<SmallVector<sdy::TensorShardingAttr>> attrs =
        convertAll(*sharding, op->getResultTypes(), op->getLoc());
    if (failed(attrs))
      return failure();
    op->setDiscardableAttr(
        kSdyShardingAttr,
        sdy::TensorShardingPerValueAttr::get(context, *attrs));
    return success();
  }
};

} // namespace
