//===- StablehloLegalizeToVhlo.cpp - StableHLO to current VHLO -----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The program is rebuilt in VHLO op by op, in pre-order, so that every
// value's use list comes out in the order a bytecode reader recreates: the
// most recently created use first. The original ops are erased at the end.
//
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/VHLO/Transforms/Passes.h"

#include "OpNames.h"
#include "Rebuild.h"
#include "VhloAttrBuilders.h"
#include "hlox/Dialect/VHLO/Transforms/TypeConversion.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/TypeSwitch.h"

namespace hlox::vhlo {
#define GEN_PASS_DEF_STABLEHLOLEGALIZETOVHLO
#include "hlox/Dialect/VHLO/Transforms/Passes.h.inc"
} // namespace hlox::vhlo

using namespace mlir;
using namespace hlox;
using namespace hlox::vhlo;

namespace {

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// An enum case of the same name.
template <typename VhloAttrT, typename EnumAttrT>
Attribute convertEnum(EnumAttrT attr) {
  using VhloEnumT = decltype(std::declval<VhloAttrT>().getValue());
  auto value = symbolizeEnum<VhloEnumT>(stringifyEnum(attr.getValue()));
  if (!value)
    return {};
  return VhloAttrT::get(attr.getContext(), *value);
}

/// The VHLO form of an attribute, or null when VHLO has none.
Attribute convertGeneric(Attribute attr) {
  MLIRContext *ctx = attr.getContext();
  if (auto a = dyn_cast<stablehlo::ComparisonDirectionAttr>(attr))
    return convertEnum<ComparisonDirectionV1Attr>(a);
  if (auto a = dyn_cast<stablehlo::ComparisonTypeAttr>(attr))
    return convertEnum<ComparisonTypeV1Attr>(a);
  if (auto a = dyn_cast<stablehlo::FftTypeAttr>(attr))
    return convertEnum<FftTypeV1Attr>(a);
  if (auto a = dyn_cast<stablehlo::PrecisionAttr>(attr))
    return convertEnum<PrecisionV1Attr>(a);
  if (auto a = dyn_cast<stablehlo::RngAlgorithmAttr>(attr))
    return convertEnum<RngAlgorithmV1Attr>(a);
  if (auto a = dyn_cast<stablehlo::RngDistributionAttr>(attr))
    return convertEnum<RngDistributionV1Attr>(a);
  if (auto a = dyn_cast<stablehlo::TransposeAttr>(attr))
    return convertEnum<TransposeV1Attr>(a);
  if (auto a = dyn_cast<stablehlo::ResultAccuracyModeAttr>(attr))
    return convertEnum<ResultAccuracyModeV1Attr>(a);
  if (auto alias = dyn_cast<stablehlo::OutputOperandAliasAttr>(attr))
    return OutputOperandAliasV1Attr::get(ctx, alias.getOutputTupleIndices(),
                                         alias.getOperandIndex(),
                                         alias.getOperandTupleIndices());
  if (auto accuracy = dyn_cast<stablehlo::ResultAccuracyAttr>(attr)) {
    Attribute mode = convertGeneric(accuracy.getMode());
    if (!mode)
      return {};
    return ResultAccuracyV1Attr::get(ctx, accuracy.getAtol(),
                                     accuracy.getRtol(), accuracy.getUlps(),
                                     mode);
  }
  if (auto info = dyn_cast<stablehlo::SubAxisInfoAttr>(attr))
    return SubAxisInfoV1Attr::get(ctx, info.getPreSize(), info.getSize());
  if (auto axis = dyn_cast<stablehlo::AxisRefAttr>(attr)) {
    Attribute info;
    if (axis.getSubAxisInfo() && !(info = convertGeneric(axis.getSubAxisInfo())))
      return {};
    return AxisRefV1Attr::get(ctx, makeString(ctx, axis.getName()), info);
  }
  if (auto axis = dyn_cast<stablehlo::MeshAxisAttr>(attr))
    return MeshAxisV1Attr::get(ctx, makeString(ctx, axis.getName()),
                               axis.getSize());
  if (auto mesh = dyn_cast<stablehlo::MeshAttr>(attr)) {
    SmallVector<Attribute> axes;
    for (stablehlo::MeshAxisAttr axis : mesh.getAxes())
      axes.push_back(convertGeneric(axis));
    Attribute deviceIds;
    if (mesh.getDeviceIds() &&
        !(deviceIds = convertGeneric(mesh.getDeviceIds())))
      return {};
    return MeshV1Attr::get(ctx, ArrayV1Attr::get(ctx, axes), deviceIds);
  }
  if (auto groups = dyn_cast<stablehlo::ReplicaGroupMeshAxesAttr>(attr)) {
    Attribute mesh = convertGeneric(groups.getMesh());
    Attribute axes = convertGeneric(groups.getAxes());
    if (!mesh || !axes)
      return {};
    return ReplicaGroupMeshAxesV1Attr::get(ctx, mesh, axes);
  }
  if (isa_and_nonnull<stablehlo::StableHLODialect>(attr.getDialect()))
    return {};

  if (auto array = dyn_cast<ArrayAttr>(attr)) {
    SmallVector<Attribute> elements;
    for (Attribute element : array) {
      Attribute converted = convertGeneric(element);
      if (!converted)
        return {};
      elements.push_back(converted);
    }
    return ArrayV1Attr::get(ctx, elements);
  }
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    Type type = convertTypeToVhlo(dense.getType());
    if (!type)
      return {};
    return TensorV1Attr::get(ctx, type, dense);
  }
  if (auto array = dyn_cast<DenseI64ArrayAttr>(attr))
    return makeI64Vector(ctx, array.asArrayRef());
  if (auto array = dyn_cast<DenseBoolArrayAttr>(attr)) {
    auto type = RankedTensorType::get({array.size()}, IntegerType::get(ctx, 1));
    return TensorV1Attr::get(ctx, convertTypeToVhlo(type),
                             DenseElementsAttr::get(type, array.asArrayRef()));
  }
  if (auto dict = dyn_cast<DictionaryAttr>(attr)) {
    SmallVector<std::pair<Attribute, Attribute>> entries;
    for (NamedAttribute entry : dict) {
      Attribute value = convertGeneric(entry.getValue());
      if (!value)
        return {};
      entries.emplace_back(makeString(ctx, entry.getName().getValue()), value);
    }
    return DictionaryV1Attr::get(ctx, entries);
  }
  if (auto floatAttr = dyn_cast<FloatAttr>(attr)) {
    Type type = convertTypeToVhlo(floatAttr.getType());
    if (!type)
      return {};
    return FloatV1Attr::get(ctx, type, floatAttr.getValue());
  }
  if (auto boolAttr = dyn_cast<BoolAttr>(attr))
    return makeBool(ctx, boolAttr.getValue());
  if (auto intAttr = dyn_cast<IntegerAttr>(attr)) {
    Type type = convertTypeToVhlo(intAttr.getType());
    if (!type || !getIntegerBitWidth(type))
      return {};
    return IntegerV1Attr::get(ctx, type, intAttr.getValue());
  }
  if (auto symbol = dyn_cast<FlatSymbolRefAttr>(attr))
    return makeString(ctx, symbol.getValue());
  if (auto string = dyn_cast<StringAttr>(attr)) {
    if (!isa<NoneType>(string.getType()))
      return {};
    return makeString(ctx, string.getValue());
  }
  if (auto typeAttr = dyn_cast<TypeAttr>(attr)) {
    Type type = convertTypeToVhlo(typeAttr.getValue());
    return type ? TypeV1Attr::get(ctx, type) : Attribute();
  }
  return {};
}

/// Adds the attributes `op` has in VHLO when it does not carry them.
void addDefaults(Operation *op, StringRef name, NamedAttrList &attrs) {
  MLIRContext *ctx = op->getContext();
  auto absent = [&](StringRef attrName) { return !op->hasAttr(attrName); };
  auto setIfAbsent = [&](StringRef attrName, Attribute value) {
    if (absent(attrName))
      attrs.set(attrName, value);
  };
  Attribute zero = makeI64(ctx, 0);
  Attribute no = makeBool(ctx, false);
  Attribute emptyArray = ArrayV1Attr::get(ctx, {});
  auto ones = [&](int64_t n) {
    return makeI64Vector(ctx, SmallVector<int64_t>(n, 1));
  };
  auto zeroPadding = [&](int64_t n) {
    return makeI64Tensor(ctx, {n, 2}, {0});
  };
  auto defaultPrecision = [&] {
    Attribute precision = PrecisionV1Attr::get(ctx, PrecisionV1::DEFAULT);
    return ArrayV1Attr::get(ctx, {precision, precision});
  };

  if (name == "func.func") {
    setIfAbsent("sym_visibility", makeString(ctx, ""));
    setIfAbsent("arg_attrs", emptyArray);
    setIfAbsent("res_attrs", emptyArray);
    return;
  }
  if (!name.consume_front("stablehlo."))
    return;
  if (name == "all_gather" || name == "all_reduce" ||
      name == "reduce_scatter") {
    attrs.set("channel_id", zero);
    setIfAbsent("use_global_device_ids", no);
  } else if (name == "all_to_all" || name == "collective_permute") {
    attrs.set("channel_id", zero);
  } else if (name == "collective_broadcast") {
    attrs.set("channel_id", zero);
    attrs.set("has_dynamic_root", no);
  } else if (name == "collective_reduce") {
    attrs.set("channel_id", zero);
    attrs.set("use_global_device_ids", no);
    attrs.set("has_dynamic_root", no);
  } else if (name == "cholesky") {
    setIfAbsent("lower", no);
  } else if (name == "compare") {
    setIfAbsent("compare_type",
                ComparisonTypeV1Attr::get(ctx, ComparisonTypeV1::NOTYPE));
  } else if (name == "composite") {
    setIfAbsent("version", zero);
    setIfAbsent("composite_attributes", DictionaryV1Attr::get(ctx, {}));
  } else if (name == "convolution" || name == "dynamic_conv") {
    auto dims = op->getAttrOfType<stablehlo::ConvDimensionNumbersAttr>(
        "dimension_numbers");
    int64_t n = dims ? dims.getInputSpatialDimensions().size() : 0;
    setIfAbsent("window_strides", ones(n));
    setIfAbsent("lhs_dilation", ones(n));
    setIfAbsent("rhs_dilation", ones(n));
    if (name == "convolution")
      setIfAbsent("padding", zeroPadding(n));
    if (absent("window_reversal"))
      attrs.set("window_reversal",
                convertGeneric(DenseBoolArrayAttr::get(
                    ctx, SmallVector<bool>(n, false))));
    setIfAbsent("precision_config", defaultPrecision());
  } else if (name == "custom_call") {
    setIfAbsent("has_side_effect", no);
    auto api = op->getAttrOfType<IntegerAttr>("api_version");
    bool typedFfi =
        api && api.getInt() == static_cast<int64_t>(
                                   CustomCallApiVersionV1::API_VERSION_TYPED_FFI);
    setIfAbsent("backend_config", typedFfi
                                      ? Attribute(DictionaryV1Attr::get(ctx, {}))
                                      : makeString(ctx, ""));
    setIfAbsent("api_version",
                CustomCallApiVersionV1Attr::get(
                    ctx, CustomCallApiVersionV1::API_VERSION_ORIGINAL));
    for (StringRef list : {"called_computations", "operand_layouts",
                           "result_layouts", "output_operand_aliases",
                           "result_tilings"})
      setIfAbsent(list, emptyArray);
  } else if (name == "dot_general" || name == "dot") {
    setIfAbsent("precision_config", defaultPrecision());
    if (name == "dot_general" && absent("algorithm")) {
      Attribute none = makeNoneType(ctx);
      for (StringRef field : {"lhs_precision_type", "rhs_precision_type",
                              "accumulation_type", "lhs_component_count",
                              "rhs_component_count", "num_primitive_operations",
                              "allow_imprecise_accumulation"})
        attrs.set(field, none);
    }
  } else if (hasResultAccuracy(name)) {
    setIfAbsent("result_accuracy", makeDefaultResultAccuracy(ctx));
  } else if (name == "dynamic_broadcast_in_dim") {
    setIfAbsent("known_expanding_dimensions", makeEmptyI64Vector(ctx));
    setIfAbsent("known_nonexpanding_dimensions", makeEmptyI64Vector(ctx));
  } else if (name == "gather" || name == "dynamic_gather") {
    setIfAbsent("indices_are_sorted", no);
  } else if (name == "infeed") {
    setIfAbsent("infeed_config", makeString(ctx, ""));
    setIfAbsent("layout", emptyArray);
  } else if (name == "outfeed") {
    setIfAbsent("outfeed_config", makeString(ctx, ""));
  } else if (name == "send" || name == "recv") {
    setIfAbsent("is_host_transfer", no);
    setIfAbsent("source_target_pairs", makeEmptyI64Vector(ctx));
  } else if (name == "reduce_window") {
    auto window = op->getAttrOfType<DenseI64ArrayAttr>("window_dimensions");
    int64_t n = window ? window.size() : 0;
    setIfAbsent("window_strides", ones(n));
    setIfAbsent("base_dilations", ones(n));
    setIfAbsent("window_dilations", ones(n));
    setIfAbsent("padding", zeroPadding(n));
  } else if (name == "scatter") {
    setIfAbsent("indices_are_sorted", no);
    setIfAbsent("unique_indices", no);
  } else if (name == "select_and_scatter") {
    auto window = op->getAttrOfType<DenseI64ArrayAttr>("window_dimensions");
    int64_t n = window ? window.size() : 0;
    setIfAbsent("window_strides", ones(n));
    setIfAbsent("padding", zeroPadding(n));
  } else if (name == "sort") {
    setIfAbsent("dimension", makeI64(ctx, -1));
    setIfAbsent("is_stable", no);
  }
}

/// Converts the attributes that VHLO spells differently; returns false for
/// an attribute the generic conversion takes.
FailureOr<bool> convertSpecial(Operation *op, StringRef opName,
                               NamedAttribute attr, NamedAttrList &attrs) {
  MLIRContext *ctx = op->getContext();
  StringRef name = attr.getName().getValue();
  Attribute value = attr.getValue();
  auto ints = [&](ArrayRef<int64_t> values) {
    return makeI64Vector(ctx, values);
  };
  if (name == "channel_handle") {
    auto handle = dyn_cast<stablehlo::ChannelHandleAttr>(value);
    if (!handle)
      return failure();
    attrs.set("channel_id", makeI64(ctx, handle.getHandle()));
    if (opName == "stablehlo.send" || opName == "stablehlo.recv")
      attrs.set("channel_type", makeI64(ctx, handle.getType()));
    return true;
  }
  if ((name == "use_global_device_ids" || name == "has_dynamic_root") &&
      isa<UnitAttr>(value)) {
    attrs.set(name, makeBool(ctx, true));
    return true;
  }
  if (auto dims = dyn_cast<stablehlo::ConvDimensionNumbersAttr>(value)) {
    attrs.set("input_batch_dimension",
              makeI64(ctx, dims.getInputBatchDimension()));
    attrs.set("input_feature_dimension",
              makeI64(ctx, dims.getInputFeatureDimension()));
    attrs.set("input_spatial_dimensions",
              ints(dims.getInputSpatialDimensions()));
    attrs.set("kernel_input_feature_dimension",
              makeI64(ctx, dims.getKernelInputFeatureDimension()));
    attrs.set("kernel_output_feature_dimension",
              makeI64(ctx, dims.getKernelOutputFeatureDimension()));
    attrs.set("kernel_spatial_dimensions",
              ints(dims.getKernelSpatialDimensions()));
    attrs.set("output_batch_dimension",
              makeI64(ctx, dims.getOutputBatchDimension()));
    attrs.set("output_feature_dimension",
              makeI64(ctx, dims.getOutputFeatureDimension()));
    attrs.set("output_spatial_dimensions",
              ints(dims.getOutputSpatialDimensions()));
    return true;
  }
  if (auto dims = dyn_cast<stablehlo::DotDimensionNumbersAttr>(value)) {
    attrs.set("lhs_batching_dimensions", ints(dims.getLhsBatchingDimensions()));
    attrs.set("rhs_batching_dimensions", ints(dims.getRhsBatchingDimensions()));
    attrs.set("lhs_contracting_dimensions",
              ints(dims.getLhsContractingDimensions()));
    attrs.set("rhs_contracting_dimensions",
              ints(dims.getRhsContractingDimensions()));
    return true;
  }
  if (auto algorithm = dyn_cast<stablehlo::DotAlgorithmAttr>(value)) {
    auto type = [&](Type t) -> Attribute {
      Type converted = convertTypeToVhlo(t);
      return converted ? TypeV1Attr::get(ctx, converted) : Attribute();
    };
    Attribute lhs = type(algorithm.getLhsPrecisionType());
    Attribute rhs = type(algorithm.getRhsPrecisionType());
    Attribute acc = type(algorithm.getAccumulationType());
    if (!lhs || !rhs || !acc)
      return failure();
    attrs.set("lhs_precision_type", lhs);
    attrs.set("rhs_precision_type", rhs);
    attrs.set("accumulation_type", acc);
    attrs.set("lhs_component_count",
              makeI64(ctx, algorithm.getLhsComponentCount()));
    attrs.set("rhs_component_count",
              makeI64(ctx, algorithm.getRhsComponentCount()));
    attrs.set("num_primitive_operations",
              makeI64(ctx, algorithm.getNumPrimitiveOperations()));
    attrs.set("allow_imprecise_accumulation",
              makeBool(ctx, algorithm.getAllowImpreciseAccumulation()));
    return true;
  }
  if (auto dims = dyn_cast<stablehlo::GatherDimensionNumbersAttr>(value)) {
    attrs.set("offset_dims", ints(dims.getOffsetDims()));
    attrs.set("collapsed_slice_dims", ints(dims.getCollapsedSliceDims()));
    attrs.set("operand_batching_dims", ints(dims.getOperandBatchingDims()));
    attrs.set("start_indices_batching_dims",
              ints(dims.getStartIndicesBatchingDims()));
    attrs.set("start_index_map", ints(dims.getStartIndexMap()));
    attrs.set("index_vector_dim", makeI64(ctx, dims.getIndexVectorDim()));
    return true;
  }
  if (auto dims = dyn_cast<stablehlo::ScatterDimensionNumbersAttr>(value)) {
    attrs.set("update_window_dims", ints(dims.getUpdateWindowDims()));
    attrs.set("inserted_window_dims", ints(dims.getInsertedWindowDims()));
    attrs.set("input_batching_dims", ints(dims.getInputBatchingDims()));
    attrs.set("scatter_indices_batching_dims",
              ints(dims.getScatterIndicesBatchingDims()));
    attrs.set("scatter_dims_to_operand_dims",
              ints(dims.getScatterDimsToOperandDims()));
    attrs.set("index_vector_dim", makeI64(ctx, dims.getIndexVectorDim()));
    return true;
  }
  if (opName == "stablehlo.custom_call" && name == "api_version") {
    auto api = dyn_cast<IntegerAttr>(value);
    std::optional<CustomCallApiVersionV1> symbol;
    if (api)
      symbol = symbolizeCustomCallApiVersionV1(api.getInt());
    if (!symbol)
      return failure();
    attrs.set(name, CustomCallApiVersionV1Attr::get(ctx, *symbol));
    return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

class Legalizer {
public:
  explicit Legalizer(MLIRContext *ctx) : builder(ctx) {}

  /// Creates the VHLO form of `op` at the builder's insertion point, and of
  /// the ops in its regions.
  LogicalResult convert(Operation *op);

  OpBuilder builder;

private:
  IRMapping mapping;
};

LogicalResult Legalizer::convert(Operation *op) {
  MLIRContext *ctx = op->getContext();
  // VHLO is legal as it is.
  if (isa<VersionedOpInterface>(op)) {
    builder.clone(*op, mapping);
    return success();
  }
  StringRef opName = op->getName().getStringRef();
  std::string vhloName = getCurrentVhloOpName(opName);
  auto illegal = [&]() {
    return op->emitError() << "failed to legalize operation '" << opName
                           << "' that was explicitly marked illegal: ";
  };
  if (vhloName.empty() || !RegisteredOperationName::lookup(vhloName, ctx))
    return illegal() << "it has no VHLO form";

  SmallVector<Type> resultTypes;
  for (Type type : op->getResultTypes()) {
    Type converted = convertTypeToVhlo(type);
    if (!converted)
      return illegal() << "type " << type << " has no VHLO form";
    resultTypes.push_back(converted);
  }

  NamedAttrList attrs;
  addDefaults(op, opName, attrs);
  for (NamedAttribute attr : op->getAttrs()) {
    FailureOr<bool> special = convertSpecial(op, opName, attr, attrs);
    if (failed(special))
      return illegal() << "attribute '" << attr.getName().getValue()
                       << "' has no VHLO form: " << attr.getValue();
    if (*special)
      continue;
    Attribute converted = convertGeneric(attr.getValue());
    if (!converted)
      return illegal() << "attribute '" << attr.getName().getValue()
                       << "' has no VHLO form: " << attr.getValue();
    attrs.set(attr.getName(), converted);
  }

  OperationState state(op->getLoc(), vhloName);
  for (Value operand : op->getOperands())
    state.operands.push_back(mapping.lookup(operand));
  state.addTypes(resultTypes);
  state.attributes = attrs;
  for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i)
    state.addRegion();
  Operation *vhloOp = builder.create(state);
  for (auto [from, to] : llvm::zip(op->getResults(), vhloOp->getResults()))
    mapping.map(from, to);

  return rebuildRegions(
      op, vhloOp, mapping, builder, convertTypeToVhlo,
      [&](Operation *nested) { return convert(nested); },
      [&](Type type) {
        return illegal() << "type " << type << " has no VHLO form";
      });
}

struct StablehloLegalizeToVhloPass
    : vhlo::impl::StablehloLegalizeToVhloBase<StablehloLegalizeToVhloPass> {
  void runOnOperation() override {
    Legalizer legalizer(&getContext());
    // VHLO ops are legal as they are.
    if (failed(rebuildModule(
            getOperation(), legalizer.builder,
            [](Operation *op) { return !isa<VersionedOpInterface>(op); },
            [&](Operation *op) { return legalizer.convert(op); })))
      signalPassFailure();
  }
};

} // namespace
