//===- VhloLegalizeToStablehlo.cpp - Current VHLO to StableHLO -----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The inverse of stablehlo-legalize-to-vhlo, rebuilt op by op in pre-order:
// attributes at their default value are dropped, spelled-out fields are
// gathered into StableHLO's structured attributes, and the remaining VHLO
// attributes become the builtin or StableHLO attributes the ops declare.
//
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/VHLO/Transforms/Passes.h"

#include "OpNames.h"
#include "Rebuild.h"
#include "VhloAttrBuilders.h"
#include "hlox/Dialect/VHLO/Transforms/TypeConversion.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

namespace hlox::vhlo {
#define GEN_PASS_DEF_VHLOLEGALIZETOSTABLEHLO
#include "hlox/Dialect/VHLO/Transforms/Passes.h.inc"
} // namespace hlox::vhlo

using namespace mlir;
using namespace hlox;
using namespace hlox::vhlo;

namespace {

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

template <typename StablehloAttrT, typename VhloAttrT>
Attribute convertEnum(VhloAttrT attr) {
  using EnumT = decltype(std::declval<StablehloAttrT>().getValue());
  auto value = stablehlo::symbolizeEnum<EnumT>(stringifyEnum(attr.getValue()));
  if (!value)
    return {};
  return StablehloAttrT::get(attr.getContext(), *value);
}

/// The builtin or StableHLO form of a VHLO attribute; null when there is
/// none. Attributes of other dialects are kept.
Attribute convertGeneric(Attribute attr) {
  MLIRContext *ctx = attr.getContext();
  if (!isFromVhlo(attr))
    return attr;
  return llvm::TypeSwitch<Attribute, Attribute>(attr)
      .Case([&](ArrayV1Attr array) -> Attribute {
        SmallVector<Attribute> elements;
        for (Attribute element : array.getValue()) {
          Attribute converted = convertGeneric(element);
          if (!converted)
            return {};
          elements.push_back(converted);
        }
        return ArrayAttr::get(ctx, elements);
      })
      .Case([&](BooleanV1Attr a) { return BoolAttr::get(ctx, a.getValue()); })
      .Case([&](DictionaryV1Attr dict) -> Attribute {
        SmallVector<NamedAttribute> entries;
        for (auto [key, value] : dict.getValue()) {
          auto name = dyn_cast<StringV1Attr>(key);
          Attribute converted = convertGeneric(value);
          if (!name || !converted)
            return {};
          entries.emplace_back(StringAttr::get(ctx, name.getValue()),
                               converted);
        }
        return DictionaryAttr::get(ctx, entries);
      })
      .Case([&](FloatV1Attr a) -> Attribute {
        Type type = convertTypeFromVhlo(a.getType());
        return type ? FloatAttr::get(type, a.getValue()) : Attribute();
      })
      .Case([&](IntegerV1Attr a) -> Attribute {
        Type type = convertTypeFromVhlo(a.getType());
        return type ? IntegerAttr::get(type, a.getValue()) : Attribute();
      })
      .Case([&](StringV1Attr a) { return StringAttr::get(ctx, a.getValue()); })
      .Case([&](TensorV1Attr a) { return a.getData(); })
      .Case([&](TypeV1Attr a) -> Attribute {
        Type type = convertTypeFromVhlo(a.getValue());
        return type ? TypeAttr::get(type) : Attribute();
      })
      .Case([&](ComparisonDirectionV1Attr a) {
        return convertEnum<stablehlo::ComparisonDirectionAttr>(a);
      })
      .Case([&](ComparisonTypeV1Attr a) {
        return convertEnum<stablehlo::ComparisonTypeAttr>(a);
      })
      .Case([&](FftTypeV1Attr a) {
        return convertEnum<stablehlo::FftTypeAttr>(a);
      })
      .Case([&](PrecisionV1Attr a) {
        return convertEnum<stablehlo::PrecisionAttr>(a);
      })
      .Case([&](RngAlgorithmV1Attr a) {
        return convertEnum<stablehlo::RngAlgorithmAttr>(a);
      })
      .Case([&](RngDistributionV1Attr a) {
        return convertEnum<stablehlo::RngDistributionAttr>(a);
      })
      .Case([&](TransposeV1Attr a) {
        return convertEnum<stablehlo::TransposeAttr>(a);
      })
      .Case([&](ResultAccuracyModeV1Attr a) {
        return convertEnum<stablehlo::ResultAccuracyModeAttr>(a);
      })
      .Case([&](CustomCallApiVersionV1Attr a) {
        return IntegerAttr::get(IntegerType::get(ctx, 32),
                                static_cast<int64_t>(a.getValue()));
      })
      .Case([&](OutputOperandAliasV1Attr a) {
        return stablehlo::OutputOperandAliasAttr::get(
            ctx, a.getOutputTupleIndices(), a.getOperandIndex(),
            a.getOperandTupleIndices());
      })
      .Case([&](ResultAccuracyV1Attr a) -> Attribute {
        auto mode = dyn_cast_or_null<stablehlo::ResultAccuracyModeAttr>(
            convertGeneric(a.getMode()));
        if (!mode)
          return {};
        return stablehlo::ResultAccuracyAttr::get(ctx, a.getAtol(), a.getRtol(),
                                                  a.getUlps(), mode);
      })
      .Case([&](SubAxisInfoV1Attr a) {
        return stablehlo::SubAxisInfoAttr::get(ctx, a.getPreSize(),
                                               a.getSize());
      })
      .Case([&](AxisRefV1Attr a) -> Attribute {
        auto name = dyn_cast<StringV1Attr>(a.getName());
        stablehlo::SubAxisInfoAttr info;
        if (a.getSubAxisInfo())
          info = dyn_cast_or_null<stablehlo::SubAxisInfoAttr>(
              convertGeneric(a.getSubAxisInfo()));
        if (!name || (a.getSubAxisInfo() && !info))
          return {};
        return stablehlo::AxisRefAttr::get(ctx, name.getValue(), info);
      })
      .Case([&](MeshAxisV1Attr a) -> Attribute {
        auto name = dyn_cast<StringV1Attr>(a.getName());
        if (!name)
          return {};
        return stablehlo::MeshAxisAttr::get(ctx, name.getValue(), a.getSize());
      })
      .Case([&](MeshV1Attr a) -> Attribute {
        auto axes = dyn_cast<ArrayV1Attr>(a.getAxes());
        if (!axes)
          return {};
        SmallVector<stablehlo::MeshAxisAttr> meshAxes;
        for (Attribute axis : axes.getValue()) {
          auto converted =
              dyn_cast_or_null<stablehlo::MeshAxisAttr>(convertGeneric(axis));
          if (!converted)
            return {};
          meshAxes.push_back(converted);
        }
        DenseIntElementsAttr deviceIds;
        if (a.getDeviceIds() &&
            !(deviceIds = dyn_cast_or_null<DenseIntElementsAttr>(
                  convertGeneric(a.getDeviceIds()))))
          return {};
        return stablehlo::MeshAttr::get(ctx, meshAxes, deviceIds);
      })
      .Case([&](ReplicaGroupMeshAxesV1Attr a) -> Attribute {
        Attribute mesh;
        if (auto symbol = dyn_cast<StringV1Attr>(a.getMesh()))
          mesh = FlatSymbolRefAttr::get(ctx, symbol.getValue());
        else
          mesh = convertGeneric(a.getMesh());
        auto axes = dyn_cast_or_null<ArrayAttr>(convertGeneric(a.getAxes()));
        if (!mesh || !axes)
          return {};
        return stablehlo::ReplicaGroupMeshAxesAttr::get(ctx, mesh, axes);
      })
      .Default([](Attribute) { return Attribute(); });
}

/// The integers of an i64 tensor.
std::optional<SmallVector<int64_t>> getInts(Attribute attr) {
  auto tensor = dyn_cast_or_null<TensorV1Attr>(attr);
  if (!tensor || !tensor.getData().getElementType().isInteger(64))
    return std::nullopt;
  return llvm::to_vector(tensor.getData().getValues<int64_t>());
}

std::optional<int64_t> getInt(Attribute attr) {
  auto integer = dyn_cast_or_null<IntegerV1Attr>(attr);
  if (!integer)
    return std::nullopt;
  return integer.getValue().getSExtValue();
}

bool isSplatTensorOf(Attribute attr, int64_t value) {
  auto tensor = dyn_cast_or_null<TensorV1Attr>(attr);
  if (!tensor || !tensor.getData().getElementType().isInteger(64))
    return false;
  return llvm::all_of(tensor.getData().getValues<int64_t>(),
                      [&](int64_t v) { return v == value; });
}

bool isAllFalse(Attribute attr) {
  auto tensor = dyn_cast_or_null<TensorV1Attr>(attr);
  if (!tensor || !tensor.getData().getElementType().isInteger(1))
    return false;
  return llvm::none_of(tensor.getData().getValues<bool>(),
                       [](bool v) { return v; });
}

bool isDefaultPrecision(Attribute attr) {
  auto array = dyn_cast_or_null<ArrayV1Attr>(attr);
  return array && !array.getValue().empty() &&
         llvm::all_of(array.getValue(), [](Attribute element) {
           auto precision = dyn_cast<PrecisionV1Attr>(element);
           return precision && precision.getValue() == PrecisionV1::DEFAULT;
         });
}

bool isEmptyArray(Attribute attr) {
  auto array = dyn_cast_or_null<ArrayV1Attr>(attr);
  return array && array.getValue().empty();
}

bool isEmptyTensor(Attribute attr) {
  auto tensor = dyn_cast_or_null<TensorV1Attr>(attr);
  return tensor && tensor.getData().getNumElements() == 0;
}

bool isString(Attribute attr, StringRef value) {
  auto string = dyn_cast_or_null<StringV1Attr>(attr);
  return string && string.getValue() == value;
}

bool isBool(Attribute attr, bool value) {
  auto boolean = dyn_cast_or_null<BooleanV1Attr>(attr);
  return boolean && boolean.getValue() == value;
}

/// Whether attribute `name` of op `base` holds the value StableHLO leaves
/// implicit.
bool isDefault(StringRef base, StringRef name, Attribute value,
               Operation *op) {
  MLIRContext *ctx = op->getContext();
  if (base == "func")
    return (name == "sym_visibility" && isString(value, "")) ||
           ((name == "arg_attrs" || name == "res_attrs") &&
            isEmptyArray(value));
  if (name == "channel_id" && base != "send" && base != "recv")
    return getInt(value) == 0;
  if (name == "use_global_device_ids" || name == "has_dynamic_root" ||
      name == "lower" || name == "indices_are_sorted" ||
      name == "unique_indices" || name == "is_stable" ||
      name == "has_side_effect" || name == "is_host_transfer")
    return isBool(value, false);
  if (base == "compare" && name == "compare_type") {
    auto type = dyn_cast<ComparisonTypeV1Attr>(value);
    return type && type.getValue() == ComparisonTypeV1::NOTYPE;
  }
  if (base == "composite")
    return (name == "version" && getInt(value) == 0) ||
           (name == "composite_attributes" &&
            value == DictionaryV1Attr::get(ctx, {}));
  if (base == "convolution" || base == "dynamic_conv" ||
      base == "reduce_window" || base == "select_and_scatter") {
    if (name == "window_strides" || name == "lhs_dilation" ||
        name == "rhs_dilation" || name == "base_dilations" ||
        name == "window_dilations")
      return isSplatTensorOf(value, 1);
    if (name == "padding")
      return isSplatTensorOf(value, 0);
    if (name == "window_reversal")
      return isAllFalse(value);
  }
  if (name == "precision_config")
    return isDefaultPrecision(value);
  if (base == "custom_call") {
    if (name == "backend_config")
      return isString(value, "") || value == DictionaryV1Attr::get(ctx, {});
    if (name == "api_version") {
      auto api = dyn_cast<CustomCallApiVersionV1Attr>(value);
      return api &&
             api.getValue() == CustomCallApiVersionV1::API_VERSION_ORIGINAL;
    }
    if (name == "operand_layouts" || name == "result_layouts")
      return isEmptyArray(op->getAttr("operand_layouts")) &&
             isEmptyArray(op->getAttr("result_layouts"));
    if (name == "called_computations" || name == "output_operand_aliases" ||
        name == "result_tilings")
      return isEmptyArray(value);
  }
  if (name == "result_accuracy" && hasResultAccuracy(base))
    return value == makeDefaultResultAccuracy(ctx);
  if (name == "known_expanding_dimensions" ||
      name == "known_nonexpanding_dimensions")
    return isEmptyTensor(value);
  if (name == "infeed_config" || name == "outfeed_config")
    return isString(value, "");
  if (base == "infeed" && name == "layout")
    return isEmptyArray(value);
  if ((base == "send" || base == "recv") && name == "source_target_pairs")
    return isEmptyTensor(value);
  if (base == "sort" && name == "dimension")
    return getInt(value) == -1;
  return false;
}

/// The attributes StableHLO declares as `array<i64: ...>`.
bool isDenseI64Array(StringRef base, StringRef name) {
  static const llvm::StringSet<> everywhere = {
      "fft_length", "broadcast_sizes", "permutation", "edge_padding_low",
      "edge_padding_high", "interior_padding", "broadcast_dimensions",
      "known_expanding_dimensions", "known_nonexpanding_dimensions",
      "window_dimensions", "base_dilations", "window_dilations"};
  if (everywhere.contains(name))
    return true;
  if (name == "slice_sizes")
    return base == "dynamic_slice" || base == "gather";
  if (name == "dimensions")
    return base == "reverse" || base == "map" || base == "reduce";
  if (name == "start_indices" || name == "limit_indices" || name == "strides")
    return base == "slice";
  if (name == "window_strides")
    return base == "select_and_scatter" || base == "reduce_window" ||
           base == "convolution" || base == "dynamic_conv";
  if (name == "lhs_dilation" || name == "rhs_dilation")
    return base == "convolution" || base == "dynamic_conv";
  return false;
}

/// Gathers the fields VHLO spells out into StableHLO's structured
/// attributes and converts the attributes StableHLO spells differently.
/// `attrs` holds the op's attributes without defaults; converted ones are
/// erased from it and added to `out`.
LogicalResult implode(Operation *op, StringRef base,
                      llvm::MapVector<StringRef, Attribute> &attrs,
                      NamedAttrList &out) {
  MLIRContext *ctx = op->getContext();
  auto take = [&](StringRef name) {
    Attribute value = attrs.lookup(name);
    attrs.erase(name);
    return value;
  };
  auto takeInts = [&](StringRef name) { return getInts(take(name)); };
  auto takeInt = [&](StringRef name) { return getInt(take(name)); };

  if (base == "convolution" || base == "dynamic_conv") {
    auto inputBatch = takeInt("input_batch_dimension");
    auto inputFeature = takeInt("input_feature_dimension");
    auto inputSpatial = takeInts("input_spatial_dimensions");
    auto kernelIn = takeInt("kernel_input_feature_dimension");
    auto kernelOut = takeInt("kernel_output_feature_dimension");
    auto kernelSpatial = takeInts("kernel_spatial_dimensions");
    auto outputBatch = takeInt("output_batch_dimension");
    auto outputFeature = takeInt("output_feature_dimension");
    auto outputSpatial = takeInts("output_spatial_dimensions");
    if (!inputBatch || !inputFeature || !inputSpatial || !kernelIn ||
        !kernelOut || !kernelSpatial || !outputBatch || !outputFeature ||
        !outputSpatial)
      return op->emitError("malformed convolution dimension numbers");
    out.set("dimension_numbers",
            stablehlo::ConvDimensionNumbersAttr::get(
                ctx, *inputBatch, *inputFeature, *inputSpatial, *kernelIn,
                *kernelOut, *kernelSpatial, *outputBatch, *outputFeature,
                *outputSpatial));
    if (Attribute reversal = take("window_reversal")) {
      auto tensor = dyn_cast<TensorV1Attr>(reversal);
      if (!tensor || !tensor.getData().getElementType().isInteger(1))
        return op->emitError("malformed window_reversal");
      out.set("window_reversal",
              DenseBoolArrayAttr::get(
                  ctx, llvm::to_vector(tensor.getData().getValues<bool>())));
    }
  } else if (base == "dot_general") {
    auto lhsBatch = takeInts("lhs_batching_dimensions");
    auto rhsBatch = takeInts("rhs_batching_dimensions");
    auto lhsContract = takeInts("lhs_contracting_dimensions");
    auto rhsContract = takeInts("rhs_contracting_dimensions");
    if (!lhsBatch || !rhsBatch || !lhsContract || !rhsContract)
      return op->emitError("malformed dot dimension numbers");
    out.set("dot_dimension_numbers",
            stablehlo::DotDimensionNumbersAttr::get(
                ctx, *lhsBatch, *rhsBatch, *lhsContract, *rhsContract));
    SmallVector<Attribute> fields;
    for (StringRef name : {"lhs_precision_type", "rhs_precision_type",
                           "accumulation_type", "lhs_component_count",
                           "rhs_component_count", "num_primitive_operations",
                           "allow_imprecise_accumulation"})
      fields.push_back(take(name));
    Attribute none = makeNoneType(ctx);
    int numNone = llvm::count(fields, none);
    if (numNone == static_cast<int>(fields.size()))
      return success();
    auto type = [&](Attribute attr) -> Type {
      auto typeAttr = dyn_cast_or_null<TypeV1Attr>(attr);
      return typeAttr ? convertTypeFromVhlo(typeAttr.getValue()) : Type();
    };
    Type lhs = type(fields[0]), rhs = type(fields[1]), acc = type(fields[2]);
    auto lhsCount = getInt(fields[3]), rhsCount = getInt(fields[4]),
         numOps = getInt(fields[5]);
    auto imprecise = dyn_cast_or_null<BooleanV1Attr>(fields[6]);
    if (numNone != 0 || !lhs || !rhs || !acc || !lhsCount || !rhsCount ||
        !numOps || !imprecise)
      return op->emitError("dot algorithm fields are partly unset");
    out.set("algorithm", stablehlo::DotAlgorithmAttr::get(
                             ctx, lhs, rhs, acc, *lhsCount, *rhsCount,
                             *numOps, imprecise.getValue()));
  } else if (base == "gather" || base == "dynamic_gather") {
    auto offset = takeInts("offset_dims");
    auto collapsed = takeInts("collapsed_slice_dims");
    auto operandBatching = takeInts("operand_batching_dims");
    auto indicesBatching = takeInts("start_indices_batching_dims");
    auto indexMap = takeInts("start_index_map");
    auto indexVectorDim = takeInt("index_vector_dim");
    if (!offset || !collapsed || !operandBatching || !indicesBatching ||
        !indexMap || !indexVectorDim)
      return op->emitError("malformed gather dimension numbers");
    out.set("dimension_numbers",
            stablehlo::GatherDimensionNumbersAttr::get(
                ctx, *offset, *collapsed, *operandBatching, *indicesBatching,
                *indexMap, *indexVectorDim));
  } else if (base == "scatter") {
    auto window = takeInts("update_window_dims");
    auto inserted = takeInts("inserted_window_dims");
    auto inputBatching = takeInts("input_batching_dims");
    auto indicesBatching = takeInts("scatter_indices_batching_dims");
    auto toOperand = takeInts("scatter_dims_to_operand_dims");
    auto indexVectorDim = takeInt("index_vector_dim");
    if (!window || !inserted || !inputBatching || !indicesBatching ||
        !toOperand || !indexVectorDim)
      return op->emitError("malformed scatter dimension numbers");
    out.set("scatter_dimension_numbers",
            stablehlo::ScatterDimensionNumbersAttr::get(
                ctx, *window, *inserted, *inputBatching, *indicesBatching,
                *toOperand, *indexVectorDim));
  }

  if (attrs.count("channel_id")) {
    auto id = takeInt("channel_id");
    std::optional<int64_t> type = 0;
    if (attrs.count("channel_type"))
      type = takeInt("channel_type");
    if (!id || !type)
      return op->emitError("malformed channel");
    out.set("channel_handle",
            stablehlo::ChannelHandleAttr::get(ctx, *id, *type));
  }
  for (StringRef name : {"use_global_device_ids", "has_dynamic_root"})
    if (Attribute flag = take(name)) {
      if (!isBool(flag, true))
        return op->emitError() << "malformed " << name;
      out.set(name, UnitAttr::get(ctx));
    }
  for (StringRef name : {"callee", "decomposition"})
    if (Attribute symbol = take(name)) {
      auto string = dyn_cast<StringV1Attr>(symbol);
      if (!string)
        return op->emitError() << "malformed " << name;
      out.set(name, FlatSymbolRefAttr::get(ctx, string.getValue()));
    }
  if (Attribute called = take("called_computations")) {
    auto array = dyn_cast<ArrayV1Attr>(called);
    if (!array)
      return op->emitError("malformed called_computations");
    SmallVector<Attribute> symbols;
    for (Attribute element : array.getValue()) {
      auto string = dyn_cast<StringV1Attr>(element);
      if (!string)
        return op->emitError("malformed called_computations");
      symbols.push_back(FlatSymbolRefAttr::get(ctx, string.getValue()));
    }
    out.set("called_computations", ArrayAttr::get(ctx, symbols));
  }
  for (auto it = attrs.begin(); it != attrs.end();) {
    auto [name, value] = *it;
    if (!isDenseI64Array(base, name)) {
      ++it;
      continue;
    }
    auto ints = getInts(value);
    if (!ints)
      return op->emitError() << "malformed " << name;
    out.set(name, DenseI64ArrayAttr::get(ctx, *ints));
    it = attrs.erase(it);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

class Legalizer {
public:
  explicit Legalizer(MLIRContext *ctx) : builder(ctx) {}
  LogicalResult convert(Operation *op);
  OpBuilder builder;

private:
  IRMapping mapping;
};

LogicalResult Legalizer::convert(Operation *op) {
  MLIRContext *ctx = op->getContext();
  auto versioned = dyn_cast<VersionedOpInterface>(op);
  // Ops of other dialects stay as they are.
  if (!versioned) {
    builder.clone(*op, mapping);
    return success();
  }
  if (versioned.getMaxVersion() != Version::getCurrentVersion())
    return op->emitError() << "'" << op->getName()
                           << "' is not the current form of the op: run "
                              "vhlo-to-version{target=current} first";
  StringRef base = getVhloOpBaseName(op->getName().getStringRef());
  std::string name;
  if (base == "func")
    name = "func.func";
  else if (base == "call")
    name = "func.call";
  else if (base == "return")
    name = isa_and_nonnull<FuncOpV1>(op->getParentOp()) ? "func.return"
                                                        : "stablehlo.return";
  else
    name = ("stablehlo." + base).str();
  if (!RegisteredOperationName::lookup(name, ctx))
    return op->emitError() << "'" << op->getName()
                           << "' has no StableHLO op in hlox";

  SmallVector<Type> resultTypes;
  for (Type type : op->getResultTypes()) {
    Type converted = convertTypeFromVhlo(type);
    if (!converted)
      return op->emitError() << "type " << type << " has no StableHLO form";
    resultTypes.push_back(converted);
  }

  llvm::MapVector<StringRef, Attribute> attrs;
  for (NamedAttribute attr : op->getAttrs())
    if (!isDefault(base, attr.getName().getValue(), attr.getValue(), op))
      attrs.insert({attr.getName().getValue(), attr.getValue()});
  NamedAttrList converted;
  if (failed(implode(op, base, attrs, converted)))
    return failure();
  for (auto [attrName, value] : attrs) {
    Attribute attr = convertGeneric(value);
    if (!attr)
      return op->emitError() << "attribute '" << attrName
                             << "' has no StableHLO form: " << value;
    converted.set(attrName, attr);
  }

  OperationState state(op->getLoc(), name);
  for (Value operand : op->getOperands())
    state.operands.push_back(mapping.lookup(operand));
  state.addTypes(resultTypes);
  state.attributes = converted;
  for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i)
    state.addRegion();
  Operation *newOp = builder.create(state);
  for (auto [from, to] : llvm::zip(op->getResults(), newOp->getResults()))
    mapping.map(from, to);

  return rebuildRegions(
      op, newOp, mapping, builder, convertTypeFromVhlo,
      [&](Operation *nested) { return convert(nested); },
      [&](Type type) {
        return op->emitError() << "type " << type << " has no StableHLO form";
      });
}

struct VhloLegalizeToStablehloPass
    : vhlo::impl::VhloLegalizeToStablehloBase<VhloLegalizeToStablehloPass> {
  void runOnOperation() override {
    Legalizer legalizer(&getContext());
    // Ops of other dialects stay as they are.
    if (failed(rebuildModule(
            getOperation(), legalizer.builder,
            [](Operation *op) { return isa<VersionedOpInterface>(op); },
            [&](Operation *op) { return legalizer.convert(op); })))
      signalPassFailure();
  }
};

} // namespace
