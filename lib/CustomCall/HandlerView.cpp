//===- HandlerView.cpp - A custom call as its handler sees it -------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/CustomCall/HandlerView.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

#include <cstring>

using namespace mlir;
using namespace hlox;

/// The FFI kind of a scalar of type `type`, or INVALID.
static HloxFfiAttrKind getScalarKind(Type type) {
  if (type.isIndex())
    return HLOX_FFI_ATTR_I64;
  if (auto integer = dyn_cast<IntegerType>(type)) {
    unsigned width = integer.getWidth();
    if (width == 1)
      return HLOX_FFI_ATTR_BOOL;
    bool isUnsigned = integer.isUnsigned();
    switch (width) {
    case 8:
      return isUnsigned ? HLOX_FFI_ATTR_U8 : HLOX_FFI_ATTR_I8;
    case 16:
      return isUnsigned ? HLOX_FFI_ATTR_U16 : HLOX_FFI_ATTR_I16;
    case 32:
      return isUnsigned ? HLOX_FFI_ATTR_U32 : HLOX_FFI_ATTR_I32;
    case 64:
      return isUnsigned ? HLOX_FFI_ATTR_U64 : HLOX_FFI_ATTR_I64;
    default:
      return HLOX_FFI_ATTR_INVALID;
    }
  }
  if (auto flt = dyn_cast<FloatType>(type))
    return flt.getWidth() == 64   ? HLOX_FFI_ATTR_F64
           : flt.getWidth() <= 32 ? HLOX_FFI_ATTR_F32
                                  : HLOX_FFI_ATTR_INVALID;
  return HLOX_FFI_ATTR_INVALID;
}

/// Appends the bytes of scalar `attribute` as `kind` to `bytes`.
static bool appendScalar(Attribute attribute, HloxFfiAttrKind kind,
                         std::vector<unsigned char> &bytes) {
  size_t size = ffi::getScalarBytes(kind);
  unsigned char raw[8] = {0};
  if (auto boolean = dyn_cast<BoolAttr>(attribute)) {
    if (kind != HLOX_FFI_ATTR_BOOL)
      return false;
    raw[0] = boolean.getValue();
  } else if (auto integer = dyn_cast<IntegerAttr>(attribute)) {
    if (kind == HLOX_FFI_ATTR_BOOL) {
      raw[0] = integer.getValue().getBoolValue();
    } else {
      uint64_t value = integer.getValue().getZExtValue();
      std::memcpy(raw, &value, size); // little-endian low bytes
    }
  } else if (auto flt = dyn_cast<FloatAttr>(attribute)) {
    double value = flt.getValueAsDouble();
    if (kind == HLOX_FFI_ATTR_F32) {
      float narrow = static_cast<float>(value);
      std::memcpy(raw, &narrow, sizeof(narrow));
    } else {
      std::memcpy(raw, &value, sizeof(value));
    }
  } else {
    return false;
  }
  bytes.insert(bytes.end(), raw, raw + size);
  return true;
}

/// The kind of a scalar attribute, or INVALID.
static HloxFfiAttrKind getAttributeKind(Attribute attribute) {
  if (isa<BoolAttr>(attribute))
    return HLOX_FFI_ATTR_BOOL;
  if (auto typed = dyn_cast<IntegerAttr>(attribute))
    return getScalarKind(typed.getType());
  if (auto typed = dyn_cast<FloatAttr>(attribute))
    return getScalarKind(typed.getType());
  return HLOX_FFI_ATTR_INVALID;
}

LogicalResult hlox::addFfiAttribute(Operation *op, ffi::AttributeMap &map,
                                    StringRef name, Attribute attribute) {
  auto unsupported = [&]() -> LogicalResult {
    if (op)
      op->emitError("attribute '")
          << name << "' (" << attribute
          << ") has no form a custom-call handler can receive";
    return failure();
  };
  std::string key = name.str();
  if (isa<UnitAttr>(attribute)) {
    map.addBool(key, true);
    return success();
  }
  if (auto text = dyn_cast<StringAttr>(attribute)) {
    map.addString(key, text.str());
    return success();
  }
  if (auto dictionary = dyn_cast<DictionaryAttr>(attribute)) {
    ffi::AttributeMap &nested = map.addDictionary(key);
    for (NamedAttribute entry : dictionary)
      if (failed(
              addFfiAttribute(op, nested, entry.getName(), entry.getValue())))
        return failure();
    return success();
  }
  if (HloxFfiAttrKind kind = getAttributeKind(attribute);
      kind != HLOX_FFI_ATTR_INVALID) {
    std::vector<unsigned char> bytes;
    appendScalar(attribute, kind, bytes);
    uint64_t raw = 0;
    std::memcpy(&raw, bytes.data(), bytes.size());
    if (kind == HLOX_FFI_ATTR_BOOL)
      map.addBool(key, raw != 0);
    else if (kind == HLOX_FFI_ATTR_F32 || kind == HLOX_FFI_ATTR_F64)
      map.addFloat(key, kind, cast<FloatAttr>(attribute).getValueAsDouble());
    else
      map.addInteger(key, kind, raw);
    return success();
  }
  // Arrays: every element one scalar kind.
  HloxFfiAttrKind elementKind = HLOX_FFI_ATTR_INVALID;
  std::vector<unsigned char> bytes;
  int64_t count = 0;
  if (auto dense = dyn_cast<DenseArrayAttr>(attribute)) {
    elementKind = getScalarKind(dense.getElementType());
    if (elementKind == HLOX_FFI_ATTR_INVALID)
      return unsupported();
    count = dense.getSize();
    ArrayRef<char> raw = dense.getRawData();
    if (elementKind == HLOX_FFI_ATTR_F32 && !dense.getElementType().isF32())
      return unsupported();
    bytes.assign(raw.begin(), raw.end());
  } else if (auto elements = dyn_cast<DenseIntOrFPElementsAttr>(attribute)) {
    elementKind = getScalarKind(elements.getElementType());
    if (elementKind == HLOX_FFI_ATTR_INVALID ||
        elements.getType().getRank() > 1)
      return unsupported();
    count = elements.getNumElements();
    for (Attribute element : elements.getValues<Attribute>())
      if (!appendScalar(element, elementKind, bytes))
        return unsupported();
  } else if (auto array = dyn_cast<ArrayAttr>(attribute)) {
    count = array.size();
    elementKind =
        array.empty() ? HLOX_FFI_ATTR_I64 : getAttributeKind(array[0]);
    if (elementKind == HLOX_FFI_ATTR_INVALID)
      return unsupported();
    for (Attribute element : array)
      if (getAttributeKind(element) != elementKind ||
          !appendScalar(element, elementKind, bytes))
        return unsupported();
  } else {
    return unsupported();
  }
  map.addArray(key, elementKind, bytes.data(), count);
  return success();
}

FailureOr<std::shared_ptr<const ffi::AttributeMap>>
hlox::getCustomCallAttributes(Operation *call) {
  auto map = std::make_shared<ffi::AttributeMap>();
  Attribute config = call->getAttr("backend_config");
  auto dictionary = dyn_cast_or_null<DictionaryAttr>(config);
  if (!dictionary)
    dictionary =
        dyn_cast_or_null<DictionaryAttr>(call->getAttr("mhlo.backend_config"));
  if (dictionary)
    for (NamedAttribute entry : dictionary)
      if (failed(
              addFfiAttribute(call, *map, entry.getName(), entry.getValue())))
        return failure();
  if (auto text = dyn_cast_or_null<StringAttr>(config);
      text && !text.getValue().empty())
    map->addString("backend_config", text.str());
  // The op's other attributes without a dialect prefix (JAX's
  // error_message); what has no FFI form is left out.
  ArrayRef<StringAttr> inherent;
  if (std::optional<RegisteredOperationName> info =
          call->getName().getRegisteredInfo())
    inherent = info->getAttributeNames();
  for (NamedAttribute attribute : call->getDiscardableAttrs()) {
    StringRef name = attribute.getName().getValue();
    if (name.contains('.') ||
        llvm::is_contained(inherent, attribute.getName()) ||
        map->contains(name))
      continue;
    // Tried on a scratch map first, without diagnostics: what has no FFI
    // form is left out whole.
    ffi::AttributeMap probe;
    if (succeeded(addFfiAttribute(nullptr, probe, name, attribute.getValue())))
      (void)addFfiAttribute(call, *map, name, attribute.getValue());
  }
  return std::shared_ptr<const ffi::AttributeMap>(std::move(map));
}

FailureOr<SmallVector<std::pair<int64_t, int64_t>>>
hlox::getCustomCallAliases(Operation *call) {
  SmallVector<std::pair<int64_t, int64_t>> pairs;
  auto aliases = call->getAttrOfType<ArrayAttr>("output_operand_aliases");
  if (!aliases)
    return pairs;
  int64_t numResults = call->getNumResults();
  for (Attribute attribute : aliases) {
    auto alias = dyn_cast<stablehlo::OutputOperandAliasAttr>(attribute);
    if (!alias)
      return call->emitError("output_operand_aliases holds ") << attribute;
    ArrayRef<int64_t> path = alias.getOutputTupleIndices();
    int64_t result = -1;
    if (numResults == 1 && path.empty())
      result = 0;
    else if (numResults > 1 && path.size() == 1 && path[0] >= 0 &&
             path[0] < numResults)
      result = path[0];
    if (result < 0)
      return call->emitError("output-operand alias ")
             << alias << " names no tensor result";
    int64_t operand = alias.getOperandIndex();
    if (!alias.getOperandTupleIndices().empty() || operand < 0 ||
        operand >= static_cast<int64_t>(call->getNumOperands()))
      return call->emitError("output-operand alias ")
             << alias << " names no tensor operand";
    if (call->getOperand(operand).getType() !=
        call->getResult(result).getType())
      return call->emitError("output-operand alias ")
             << alias << ": operand " << operand << " is "
             << call->getOperand(operand).getType() << " but result " << result
             << " is " << call->getResult(result).getType();
    for (auto [r, o] : pairs)
      if (r == result || o == operand)
        return call->emitError("output-operand alias ")
               << alias << " names a result or operand another alias names";
    pairs.push_back({result, operand});
  }
  return pairs;
}

FailureOr<std::vector<std::vector<int64_t>>>
hlox::getCustomCallLayouts(Operation *call) {
  std::vector<std::vector<int64_t>> layouts;
  auto collect = [&](StringRef name, TypeRange types) -> LogicalResult {
    auto given = call->getAttrOfType<ArrayAttr>(name);
    if (given && given.size() != types.size())
      return call->emitError(name) << " has " << given.size() << " layouts for "
                                   << types.size() << " values";
    for (auto [i, type] : llvm::enumerate(types)) {
      std::vector<int64_t> layout;
      if (given) {
        auto dims = dyn_cast<DenseIntElementsAttr>(given[i]);
        auto tensor = dyn_cast<RankedTensorType>(type);
        if (!dims || !tensor)
          return call->emitError(name) << " entry " << i << " (" << given[i]
                                       << ") is not the layout of a tensor";
        for (APInt dim : dims.getValues<APInt>())
          layout.push_back(dim.getSExtValue());
        int64_t rank = tensor.getRank();
        std::vector<bool> seen(rank, false);
        bool permutation = static_cast<int64_t>(layout.size()) == rank;
        for (int64_t dim : layout) {
          permutation = permutation && dim >= 0 && dim < rank && !seen[dim];
          if (permutation)
            seen[dim] = true;
        }
        if (!permutation)
          return call->emitError(name)
                 << " entry " << i << " is not a permutation of the " << rank
                 << " dimensions of " << type;
        bool rowMajor = true;
        for (int64_t k = 0; k < rank; ++k)
          rowMajor = rowMajor && layout[k] == rank - 1 - k;
        if (rowMajor)
          layout.clear();
      }
      layouts.push_back(std::move(layout));
    }
    return success();
  };
  if (failed(collect("operand_layouts", call->getOperandTypes())) ||
      failed(collect("result_layouts", call->getResultTypes())))
    return failure();
  return layouts;
}
