//===- SdyAttrs.cpp - Shardy attribute syntax and verifiers ---------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/Sdy/IR/SdyOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

#include <limits>
#include <string>

using namespace mlir;
using namespace hlox::sdy;

#define GET_ATTRDEF_CLASSES
#include "hlox/Dialect/Sdy/IR/SdyAttrs.cpp.inc"

void SdyDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "hlox/Dialect/Sdy/IR/SdyAttrs.cpp.inc"
      >();
}

namespace {

/// Parses one element of a list with `parse`, appending it to `list`.
template <typename AttrT>
ParseResult parseInto(SmallVectorImpl<AttrT> &list,
                      function_ref<AttrT()> parse) {
  AttrT element = parse();
  if (!element)
    return failure();
  list.push_back(element);
  return success();
}

/// Multiplies sizes, saturating at the largest int64_t.
int64_t saturatingProduct(int64_t a, int64_t b) {
  if (a != 0 && b > std::numeric_limits<int64_t>::max() / a)
    return std::numeric_limits<int64_t>::max();
  return a * b;
}

} // namespace

//===----------------------------------------------------------------------===//
// Element syntax shared by the attributes
//===----------------------------------------------------------------------===//

/// `"x"=4`
static MeshAxisAttr parseMeshAxis(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  std::string name;
  int64_t size;
  if (parser.parseString(&name) || parser.parseEqual() ||
      parser.parseInteger(size))
    return {};
  return MeshAxisAttr::getChecked([&] { return parser.emitError(loc); },
                                  parser.getContext(), name, size);
}

static void printMeshAxis(AsmPrinter &printer, MeshAxisAttr axis) {
  printer.printString(axis.getName());
  printer << '=' << axis.getSize();
}

/// `(pre)size`
static SubAxisInfoAttr parseSubAxisInfo(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  int64_t preSize, size;
  if (parser.parseLParen() || parser.parseInteger(preSize) ||
      parser.parseRParen() || parser.parseInteger(size))
    return {};
  return SubAxisInfoAttr::getChecked([&] { return parser.emitError(loc); },
                                     parser.getContext(), preSize, size);
}

static void printSubAxisInfo(AsmPrinter &printer, SubAxisInfoAttr info) {
  printer << '(' << info.getPreSize() << ')' << info.getSize();
}

/// `"x"` or `"x":(pre)size`
static AxisRefAttr parseAxisRef(AsmParser &parser) {
  std::string name;
  if (parser.parseString(&name))
    return {};
  SubAxisInfoAttr subAxis;
  if (succeeded(parser.parseOptionalColon()) &&
      !(subAxis = parseSubAxisInfo(parser)))
    return {};
  return AxisRefAttr::get(parser.getContext(), name, subAxis);
}

static void printAxisRef(AsmPrinter &printer, AxisRefAttr axis) {
  printer.printString(axis.getName());
  if (SubAxisInfoAttr subAxis = axis.getSubAxisInfo()) {
    printer << ':';
    printSubAxisInfo(printer, subAxis);
  }
}

/// `{"x", "y":(1)2}`
static ParseResult parseAxisRefs(AsmParser &parser,
                                 SmallVectorImpl<AxisRefAttr> &axes) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces, [&] {
    return parseInto<AxisRefAttr>(axes, [&] { return parseAxisRef(parser); });
  });
}

static void printAxisRefs(AsmPrinter &printer, ArrayRef<AxisRefAttr> axes) {
  printer << '{';
  llvm::interleaveComma(axes, printer,
                        [&](AxisRefAttr axis) { printAxisRef(printer, axis); });
  printer << '}';
}

/// A factor's symbol: `i` to `z` for factors 0 to 17, `z_<n>` for 17 + n.
static void printFactor(AsmPrinter &printer, int64_t factor) {
  constexpr int64_t kLastLetter = 'z' - 'i';
  if (factor <= kLastLetter)
    printer << static_cast<char>('i' + factor);
  else
    printer << "z_" << factor - kLastLetter;
}

/// Splits the factor symbols that `symbols` concatenates, as `printFactor`
/// writes them, into `factors`.
static ParseResult parseFactors(AsmParser &parser, SMLoc loc, StringRef symbols,
                                SmallVectorImpl<int64_t> &factors) {
  constexpr int64_t kLastLetter = 'z' - 'i';
  StringRef rest = symbols;
  while (!rest.empty()) {
    if (rest.starts_with("z_")) {
      StringRef digits = rest.drop_front(2).take_while(llvm::isDigit);
      int64_t n;
      if (digits.empty() || digits.front() == '0' ||
          digits.getAsInteger(10, n) ||
          n > std::numeric_limits<int64_t>::max() - kLastLetter)
        return parser.emitError(loc, "expected a positive number without "
                                     "leading zeros after 'z_' in factor "
                                     "symbols '")
               << symbols << "'";
      factors.push_back(kLastLetter + n);
      rest = rest.drop_front(2 + digits.size());
      continue;
    }
    char letter = rest.front();
    if (letter < 'i' || letter > 'z')
      return parser.emitError(loc, "expected factor symbols 'i' to 'z' or "
                                   "'z_<n>', got '")
             << symbols << "'";
    factors.push_back(letter - 'i');
    rest = rest.drop_front();
  }
  return success();
}

/// One factor symbol (`k`, `z_2`).
static FailureOr<int64_t> parseFactor(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef symbol;
  SmallVector<int64_t, 1> factors;
  if (parser.parseKeyword(&symbol) ||
      parseFactors(parser, loc, symbol, factors))
    return failure();
  if (factors.size() != 1)
    return parser.emitError(loc, "expected a single factor symbol, got '")
           << symbol << "'";
  return factors.front();
}

/// `ij` (a dimension mapping, without the `dim_mapping` mnemonic)
static DimMappingAttr parseDimMapping(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef symbols;
  SmallVector<int64_t> factors;
  if (parser.parseKeyword(&symbols) ||
      parseFactors(parser, loc, symbols, factors))
    return {};
  return DimMappingAttr::getChecked([&] { return parser.emitError(loc); },
                                    parser.getContext(), factors);
}

static void printDimMapping(AsmPrinter &printer, DimMappingAttr mapping) {
  for (int64_t factor : mapping.getFactorIndices())
    printFactor(printer, factor);
}

/// `[i, jk]`
static TensorMappingAttr parseTensorMapping(AsmParser &parser) {
  SmallVector<DimMappingAttr> dims;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        return parseInto<DimMappingAttr>(
            dims, [&] { return parseDimMapping(parser); });
      }))
    return {};
  return TensorMappingAttr::get(parser.getContext(), dims);
}

static void printTensorMapping(AsmPrinter &printer, TensorMappingAttr mapping) {
  printer << '[';
  llvm::interleaveComma(
      mapping.getDimMappings(), printer,
      [&](DimMappingAttr dim) { printDimMapping(printer, dim); });
  printer << ']';
}

//===----------------------------------------------------------------------===//
// MeshAxisAttr, MeshAttr
//===----------------------------------------------------------------------===//

LogicalResult MeshAxisAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   StringRef name, int64_t size) {
  if (name.empty())
    return emitError() << "mesh axis names must not be empty";
  if (size <= 0)
    return emitError() << "mesh axis \"" << name
                       << "\" must have a positive size, got " << size;
  return success();
}

Attribute MeshAxisAttr::parse(AsmParser &parser, Type) {
  return parseMeshAxis(parser);
}

void MeshAxisAttr::print(AsmPrinter &printer) const {
  printer << ' ';
  printMeshAxis(printer, *this);
}

int64_t MeshAttr::getNumDevices() const {
  int64_t product = 1;
  for (MeshAxisAttr axis : getAxes())
    product = saturatingProduct(product, axis.getSize());
  return product;
}

MeshAxisAttr MeshAttr::getAxis(StringRef name) const {
  for (MeshAxisAttr axis : getAxes())
    if (axis.getName() == name)
      return axis;
  return {};
}

LogicalResult MeshAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<MeshAxisAttr> axes,
                               ArrayRef<int64_t> deviceIds) {
  llvm::StringSet<> names;
  int64_t numDevices = 1;
  for (MeshAxisAttr axis : axes) {
    if (!names.insert(axis.getName()).second)
      return emitError() << "mesh axis \"" << axis.getName()
                         << "\" appears twice";
    if (axis.getSize() <= 0)
      return emitError() << "mesh axis \"" << axis.getName()
                         << "\" must have a positive size, got "
                         << axis.getSize();
    numDevices = saturatingProduct(numDevices, axis.getSize());
  }
  if (llvm::any_of(deviceIds, [](int64_t id) { return id < 0; }))
    return emitError() << "mesh device ids must be non-negative";
  if (axes.empty()) {
    if (deviceIds.size() > 1)
      return emitError() << "a mesh without axes takes at most one device "
                            "id (a maximal mesh), got "
                         << deviceIds.size();
    return success();
  }
  if (deviceIds.empty())
    return success();
  if (static_cast<int64_t>(deviceIds.size()) != numDevices)
    return emitError() << "mesh has " << deviceIds.size()
                       << " device ids but its axes hold " << numDevices
                       << " devices";
  SmallVector<int64_t> sorted(deviceIds);
  llvm::sort(sorted);
  if (!llvm::equal(sorted, llvm::seq<int64_t>(0, numDevices)))
    return emitError() << "mesh device ids must be a permutation of 0.."
                       << numDevices - 1;
  return success();
}

Attribute MeshAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<MeshAxisAttr> axes;
  SmallVector<int64_t> deviceIds;
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        return parseInto<MeshAxisAttr>(axes,
                                       [&] { return parseMeshAxis(parser); });
      }))
    return {};
  if (succeeded(parser.parseOptionalComma()) &&
      (parser.parseKeyword("device_ids") || parser.parseEqual() ||
       parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
         return parser.parseInteger(deviceIds.emplace_back());
       })))
    return {};
  if (parser.parseGreater())
    return {};
  // An explicit iota order is the implicit one: keep one form of each mesh.
  int64_t numDevices = 1;
  for (MeshAxisAttr axis : axes)
    numDevices = saturatingProduct(numDevices, axis.getSize());
  if (!axes.empty() && static_cast<int64_t>(deviceIds.size()) == numDevices &&
      llvm::equal(deviceIds, llvm::seq<int64_t>(0, numDevices)))
    deviceIds.clear();
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    axes, deviceIds);
}

void MeshAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(getAxes(), printer, [&](MeshAxisAttr axis) {
    printMeshAxis(printer, axis);
  });
  printer << ']';
  if (!getDeviceIds().empty()) {
    printer << ", device_ids=[";
    llvm::interleaveComma(getDeviceIds(), printer);
    printer << ']';
  }
  printer << '>';
}

//===----------------------------------------------------------------------===//
// SubAxisInfoAttr, AxisRefAttr, axis lists
//===----------------------------------------------------------------------===//

LogicalResult
SubAxisInfoAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        int64_t preSize, int64_t size) {
  if (preSize < 1 || size < 1)
    return emitError() << "sub-axis (" << preSize << ")" << size
                       << " must have a positive pre-size and size";
  return success();
}

Attribute SubAxisInfoAttr::parse(AsmParser &parser, Type) {
  return parseSubAxisInfo(parser);
}

void SubAxisInfoAttr::print(AsmPrinter &printer) const {
  printSubAxisInfo(printer, *this);
}

int64_t AxisRefAttr::getSize(MeshAttr mesh) const {
  if (SubAxisInfoAttr subAxis = getSubAxisInfo())
    return subAxis.getSize();
  MeshAxisAttr axis = mesh ? mesh.getAxis(getName()) : MeshAxisAttr();
  return axis ? axis.getSize() : 0;
}

Attribute AxisRefAttr::parse(AsmParser &parser, Type) {
  return parseAxisRef(parser);
}

void AxisRefAttr::print(AsmPrinter &printer) const {
  printer << ' ';
  printAxisRef(printer, *this);
}

Attribute AxisRefListAttr::parse(AsmParser &parser, Type) {
  SmallVector<AxisRefAttr> axes;
  if (parseAxisRefs(parser, axes))
    return {};
  return get(parser.getContext(), axes);
}

void AxisRefListAttr::print(AsmPrinter &printer) const {
  printAxisRefs(printer, getValue());
}

Attribute ListOfAxisRefListsAttr::parse(AsmParser &parser, Type) {
  SmallVector<AxisRefListAttr> lists;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        SmallVector<AxisRefAttr> axes;
        if (parseAxisRefs(parser, axes))
          return failure();
        lists.push_back(AxisRefListAttr::get(parser.getContext(), axes));
        return success();
      }))
    return {};
  return get(parser.getContext(), lists);
}

void ListOfAxisRefListsAttr::print(AsmPrinter &printer) const {
  printer << '[';
  llvm::interleaveComma(getValue(), printer, [&](AxisRefListAttr list) {
    printAxisRefs(printer, list.getValue());
  });
  printer << ']';
}

/// `{"x"}: 0->1`
static AllToAllParamAttr parseAllToAllParam(AsmParser &parser) {
  SmallVector<AxisRefAttr> axes;
  int64_t srcDim, tgtDim;
  if (parseAxisRefs(parser, axes) || parser.parseColon() ||
      parser.parseInteger(srcDim) || parser.parseArrow() ||
      parser.parseInteger(tgtDim))
    return {};
  return AllToAllParamAttr::get(parser.getContext(), axes, srcDim, tgtDim);
}

static void printAllToAllParam(AsmPrinter &printer, AllToAllParamAttr param) {
  printAxisRefs(printer, param.getAxes());
  printer << ": " << param.getSrcDim() << "->" << param.getTgtDim();
}

Attribute AllToAllParamAttr::parse(AsmParser &parser, Type) {
  return parseAllToAllParam(parser);
}

void AllToAllParamAttr::print(AsmPrinter &printer) const {
  printAllToAllParam(printer, *this);
}

Attribute AllToAllParamListAttr::parse(AsmParser &parser, Type) {
  SmallVector<AllToAllParamAttr> params;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        return parseInto<AllToAllParamAttr>(
            params, [&] { return parseAllToAllParam(parser); });
      }))
    return {};
  return get(parser.getContext(), params);
}

void AllToAllParamListAttr::print(AsmPrinter &printer) const {
  printer << '[';
  llvm::interleaveComma(getValue(), printer, [&](AllToAllParamAttr param) {
    printAllToAllParam(printer, param);
  });
  printer << ']';
}

Attribute ManualAxesAttr::parse(AsmParser &parser, Type) {
  SmallVector<StringAttr> names;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces, [&] {
        std::string name;
        if (parser.parseString(&name))
          return failure();
        names.push_back(StringAttr::get(parser.getContext(), name));
        return success();
      }))
    return {};
  return get(parser.getContext(), names);
}

void ManualAxesAttr::print(AsmPrinter &printer) const {
  printer << '{';
  llvm::interleaveComma(getValue(), printer, [&](StringAttr name) {
    printer.printString(name.getValue());
  });
  printer << '}';
}

//===----------------------------------------------------------------------===//
// DimensionShardingAttr
//===----------------------------------------------------------------------===//

LogicalResult
DimensionShardingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              ArrayRef<AxisRefAttr> axes, bool isClosed,
                              std::optional<int64_t> priority) {
  if (priority && *priority < 0)
    return emitError() << "dimension sharding priority must be "
                          "non-negative, got "
                       << *priority;
  // `{}` cannot be sharded further: a priority would say nothing.
  if (priority && isClosed && axes.empty())
    return emitError() << "a closed dimension sharding without axes cannot "
                          "have a priority";
  return success();
}

/// `{"x", "y"}`, `{"x", ?}`, `{?}`, `{}`, then optionally a priority `p<N>`.
Attribute DimensionShardingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<AxisRefAttr> axes;
  bool isClosed = true;
  if (parser.parseLBrace())
    return {};
  if (failed(parser.parseOptionalRBrace())) {
    do {
      if (succeeded(parser.parseOptionalQuestion())) {
        isClosed = false;
        break;
      }
      if (parseInto<AxisRefAttr>(axes, [&] { return parseAxisRef(parser); }))
        return {};
    } while (succeeded(parser.parseOptionalComma()));
    if (!isClosed && failed(parser.parseOptionalRBrace())) {
      parser.emitError(parser.getCurrentLocation(),
                       "'?' must be the last entry of a dimension sharding");
      return {};
    }
    if (isClosed && parser.parseRBrace())
      return {};
  }
  std::optional<int64_t> priority;
  SMLoc priorityLoc = parser.getCurrentLocation();
  StringRef keyword;
  if (succeeded(parser.parseOptionalKeyword(&keyword))) {
    StringRef digits = keyword.drop_front();
    int64_t value;
    if (!keyword.starts_with("p") || digits.empty() ||
        !llvm::all_of(digits, llvm::isDigit) ||
        (digits.size() > 1 && digits.front() == '0') ||
        digits.getAsInteger(10, value)) {
      parser.emitError(priorityLoc, "expected a priority 'p<N>' (N without "
                                    "leading zeros) after a dimension "
                                    "sharding, got '")
          << keyword << "'";
      return {};
    }
    priority = value;
  }
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    axes, isClosed, priority);
}

void DimensionShardingAttr::print(AsmPrinter &printer) const {
  printer << '{';
  llvm::interleaveComma(getAxes(), printer,
                        [&](AxisRefAttr axis) { printAxisRef(printer, axis); });
  if (!getIsClosed())
    printer << (getAxes().empty() ? "?" : ", ?");
  printer << '}';
  if (std::optional<int64_t> priority = getPriority())
    printer << 'p' << *priority;
}

//===----------------------------------------------------------------------===//
// TensorShardingAttr, TensorShardingPerValueAttr
//===----------------------------------------------------------------------===//

LogicalResult
TensorShardingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           Attribute meshOrRef,
                           ArrayRef<DimensionShardingAttr> dimShardings,
                           ArrayRef<AxisRefAttr> replicatedAxes,
                           ArrayRef<AxisRefAttr> unreducedAxes, ReductionOp) {
  if (!isa_and_nonnull<MeshAttr, FlatSymbolRefAttr>(meshOrRef))
    return emitError() << "a sharding's mesh must be a #sdy.mesh or a symbol "
                          "reference to an sdy.mesh";
  // The same axis reference twice says two different things about it.
  llvm::SmallDenseSet<AxisRefAttr, 8> seen;
  auto checkUnique = [&](AxisRefAttr axis) -> LogicalResult {
    if (seen.insert(axis).second)
      return success();
    InFlightDiagnostic diag = emitError() << "axis \"" << axis.getName();
    if (SubAxisInfoAttr subAxis = axis.getSubAxisInfo())
      diag << "\":(" << subAxis.getPreSize() << ")" << subAxis.getSize();
    else
      diag << "\"";
    return diag << " appears twice in a sharding";
  };
  for (DimensionShardingAttr dim : dimShardings)
    for (AxisRefAttr axis : dim.getAxes())
      if (failed(checkUnique(axis)))
        return failure();
  for (AxisRefAttr axis :
       llvm::concat<const AxisRefAttr>(replicatedAxes, unreducedAxes))
    if (failed(checkUnique(axis)))
      return failure();
  return success();
}

MeshAttr
TensorShardingAttr::getMesh(Operation *from,
                            SymbolTableCollection *symbolTables) const {
  Attribute meshOrRef = getMeshOrRef();
  if (auto mesh = dyn_cast<MeshAttr>(meshOrRef))
    return mesh;
  auto ref = dyn_cast<FlatSymbolRefAttr>(meshOrRef);
  if (!ref || !from)
    return {};
  MeshOp meshOp = symbolTables
                      ? symbolTables->lookupNearestSymbolFrom<MeshOp>(from, ref)
                      : SymbolTable::lookupNearestSymbolFrom<MeshOp>(from, ref);
  return meshOp ? meshOp.getMesh() : MeshAttr();
}

LogicalResult TensorShardingAttr::verifyFor(
    Type type, MeshAttr mesh,
    function_ref<InFlightDiagnostic()> emitError) const {
  // A maximal mesh puts the op on one device whatever its values' shapes.
  if (mesh.isMaximal()) {
    if (getRank() != 0 || !getReplicatedAxes().empty() ||
        !getUnreducedAxes().empty())
      return emitError() << "a sharding on a maximal mesh must have rank 0 "
                            "and no replicated or unreduced axes";
    return success();
  }
  // A tuple of one tensor is sharded as that tensor.
  if (auto tuple = dyn_cast_or_null<TupleType>(type);
      tuple && tuple.size() == 1)
    type = tuple.getType(0);
  if (auto shaped = dyn_cast_or_null<ShapedType>(type)) {
    if (!shaped.hasRank())
      return emitError() << "a sharding needs a ranked tensor, got " << type;
    if (shaped.getRank() != getRank())
      return emitError() << "sharding of rank " << getRank()
                         << " does not match the rank of " << type;
  } else if (getRank() != 0 || !getReplicatedAxes().empty() ||
             !getUnreducedAxes().empty()) {
    InFlightDiagnostic diag = emitError() << "a sharding of ";
    if (type)
      diag << "a value of non-tensor type " << type;
    else
      diag << "an op without results";
    return diag << " must have rank 0 and no replicated or unreduced axes";
  }
  auto checkAxis = [&](AxisRefAttr axis) -> LogicalResult {
    MeshAxisAttr meshAxis = mesh.getAxis(axis.getName());
    if (!meshAxis)
      return emitError() << "sharding names axis \"" << axis.getName()
                         << "\", which mesh " << getMeshOrRef()
                         << " does not have";
    if (SubAxisInfoAttr subAxis = axis.getSubAxisInfo()) {
      int64_t span = saturatingProduct(subAxis.getPreSize(), subAxis.getSize());
      if (meshAxis.getSize() % span != 0)
        return emitError() << "sub-axis \"" << axis.getName() << "\":("
                           << subAxis.getPreSize() << ")" << subAxis.getSize()
                           << " does not divide axis \"" << axis.getName()
                           << "\" of size " << meshAxis.getSize();
    }
    return success();
  };
  for (DimensionShardingAttr dim : getDimShardings())
    for (AxisRefAttr axis : dim.getAxes())
      if (failed(checkAxis(axis)))
        return failure();
  for (AxisRefAttr axis :
       llvm::concat<const AxisRefAttr>(getReplicatedAxes(), getUnreducedAxes()))
    if (failed(checkAxis(axis)))
      return failure();
  return success();
}

/// `<@mesh, [dims] [, replicated={...}] [, unreduced=[sum|max|min]{...}]>`;
/// the replicated and unreduced lists may come in either order and
/// `unreduced` may omit `=`.
Attribute TensorShardingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  MLIRContext *context = parser.getContext();
  if (parser.parseLess())
    return {};

  Attribute meshOrRef;
  StringAttr symbol;
  if (succeeded(parser.parseOptionalKeyword("mesh"))) {
    if (!(meshOrRef = MeshAttr::parse(parser, Type())))
      return {};
  } else if (succeeded(parser.parseOptionalSymbolName(symbol))) {
    meshOrRef = FlatSymbolRefAttr::get(symbol);
  } else {
    parser.emitError(parser.getCurrentLocation(),
                     "expected a mesh symbol '@name' or an inline "
                     "'mesh<[...]>'");
    return {};
  }

  SmallVector<DimensionShardingAttr> dims;
  if (parser.parseComma() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        return parser.parseCustomAttributeWithFallback(dims.emplace_back());
      }))
    return {};

  SmallVector<AxisRefAttr> replicated, unreduced;
  ReductionOp reduction = ReductionOp::SUM;
  bool seenReplicated = false, seenUnreduced = false;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc keywordLoc = parser.getCurrentLocation();
    if (succeeded(parser.parseOptionalKeyword("replicated"))) {
      if (seenReplicated) {
        parser.emitError(keywordLoc, "'replicated' given twice");
        return {};
      }
      seenReplicated = true;
      if (parser.parseEqual() || parseAxisRefs(parser, replicated))
        return {};
    } else if (succeeded(parser.parseOptionalKeyword("unreduced"))) {
      if (seenUnreduced) {
        parser.emitError(keywordLoc, "'unreduced' given twice");
        return {};
      }
      seenUnreduced = true;
      StringRef kind;
      if (succeeded(parser.parseOptionalEqual()) &&
          succeeded(parser.parseOptionalKeyword(&kind, {"sum", "max", "min"})))
        reduction = *symbolizeReductionOp(kind);
      if (parseAxisRefs(parser, unreduced))
        return {};
    } else {
      parser.emitError(keywordLoc,
                       "expected 'replicated' or 'unreduced' in a sharding");
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  // Without unreduced axes the reduction says nothing.
  if (unreduced.empty())
    reduction = ReductionOp::SUM;
  return getChecked([&] { return parser.emitError(loc); }, context, meshOrRef,
                    dims, replicated, unreduced, reduction);
}

void TensorShardingAttr::print(AsmPrinter &printer) const {
  printer << '<';
  if (auto mesh = dyn_cast<MeshAttr>(getMeshOrRef())) {
    printer << "mesh";
    mesh.print(printer);
  } else {
    printer.printAttribute(getMeshOrRef());
  }
  printer << ", [";
  llvm::interleaveComma(getDimShardings(), printer,
                        [&](DimensionShardingAttr dim) { dim.print(printer); });
  printer << ']';
  if (!getReplicatedAxes().empty()) {
    printer << ", replicated=";
    printAxisRefs(printer, getReplicatedAxes());
  }
  if (!getUnreducedAxes().empty()) {
    printer << ", unreduced=";
    if (getReductionOp() != ReductionOp::SUM)
      printer << stringifyReductionOp(getReductionOp());
    printAxisRefs(printer, getUnreducedAxes());
  }
  printer << '>';
}

Attribute TensorShardingPerValueAttr::parse(AsmParser &parser, Type) {
  SmallVector<TensorShardingAttr> shardings;
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square,
          [&] {
            return parser.parseCustomAttributeWithFallback(
                shardings.emplace_back());
          }) ||
      parser.parseGreater())
    return {};
  return get(parser.getContext(), shardings);
}

void TensorShardingPerValueAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(
      getShardings(), printer,
      [&](TensorShardingAttr sharding) { sharding.print(printer); });
  printer << "]>";
}

//===----------------------------------------------------------------------===//
// DimMappingAttr, TensorMappingAttr, OpShardingRuleAttr
//===----------------------------------------------------------------------===//

LogicalResult
DimMappingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<int64_t> factorIndices) {
  if (factorIndices.empty())
    return emitError() << "a dimension must map to at least one factor";
  return success();
}

Attribute DimMappingAttr::parse(AsmParser &parser, Type) {
  return parseDimMapping(parser);
}

void DimMappingAttr::print(AsmPrinter &printer) const {
  printer << ' ';
  printDimMapping(printer, *this);
}

Attribute TensorMappingAttr::parse(AsmParser &parser, Type) {
  return parseTensorMapping(parser);
}

void TensorMappingAttr::print(AsmPrinter &printer) const {
  printTensorMapping(printer, *this);
}

/// The optional factor groups of a rule, in the order they are written.
static constexpr StringLiteral kFactorGroups[] = {
    "reduction", "need_replication", "permutation", "blocked_propagation"};

LogicalResult
OpShardingRuleAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           ArrayRef<int64_t> factorSizes,
                           ArrayRef<TensorMappingAttr> operandMappings,
                           ArrayRef<TensorMappingAttr> resultMappings,
                           ArrayRef<int64_t> reductionFactors,
                           ArrayRef<int64_t> needReplicationFactors,
                           ArrayRef<int64_t> permutationFactors,
                           ArrayRef<int64_t> blockedPropagationFactors, bool) {
  int64_t numFactors = factorSizes.size();
  auto checkFactor = [&](int64_t factor) -> LogicalResult {
    if (factor < 0 || factor >= numFactors)
      return emitError() << "sharding rule uses factor " << factor
                         << " but gives sizes of " << numFactors << " factors";
    return success();
  };
  for (TensorMappingAttr mapping :
       llvm::concat<const TensorMappingAttr>(operandMappings, resultMappings))
    for (DimMappingAttr dim : mapping.getDimMappings())
      for (int64_t factor : dim.getFactorIndices())
        if (failed(checkFactor(factor)))
          return failure();
  // A factor has at most one kind (reduction, need_replication,
  // permutation); blocked propagation is orthogonal to the kinds.
  ArrayRef<int64_t> groups[] = {reductionFactors, needReplicationFactors,
                                permutationFactors, blockedPropagationFactors};
  llvm::SmallDenseSet<int64_t, 8> kinded;
  for (auto [index, group] : llvm::enumerate(groups)) {
    llvm::SmallDenseSet<int64_t, 8> inGroup;
    for (int64_t factor : group) {
      if (failed(checkFactor(factor)))
        return failure();
      if (!inGroup.insert(factor).second ||
          (index < 3 && !kinded.insert(factor).second))
        return emitError() << "sharding rule lists factor " << factor
                           << " twice among its factor kinds ("
                           << kFactorGroups[index] << ")";
    }
  }
  return success();
}

Attribute OpShardingRuleAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<TensorMappingAttr> operands, results;
  auto parseMappings = [&](SmallVectorImpl<TensorMappingAttr> &mappings) {
    return parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, [&] {
      return parseInto<TensorMappingAttr>(
          mappings, [&] { return parseTensorMapping(parser); });
    });
  };
  if (parser.parseLess() || parseMappings(operands) || parser.parseArrow() ||
      parseMappings(results))
    return {};

  // `{i=8, j=16}`: every factor's size, in factor order.
  SmallVector<int64_t> sizes;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::OptionalBraces, [&]() -> ParseResult {
            SMLoc factorLoc = parser.getCurrentLocation();
            FailureOr<int64_t> factor = parseFactor(parser);
            if (failed(factor))
              return failure();
            if (*factor != static_cast<int64_t>(sizes.size())) {
              InFlightDiagnostic diag = parser.emitError(
                  factorLoc, "expected the sizes of factors in order, "
                             "starting at 'i'; got factor ");
              return diag << *factor << " at position " << sizes.size();
            }
            return failure(parser.parseEqual() ||
                           parser.parseInteger(sizes.emplace_back()));
          }))
    return {};

  SmallVector<int64_t> groups[4];
  for (auto [name, group] : llvm::zip_equal(kFactorGroups, groups)) {
    if (failed(parser.parseOptionalKeyword(name)))
      continue;
    if (parser.parseEqual() ||
        parser.parseCommaSeparatedList(
            AsmParser::Delimiter::Braces, [&]() -> ParseResult {
              FailureOr<int64_t> factor = parseFactor(parser);
              if (failed(factor))
                return failure();
              group.push_back(*factor);
              return success();
            }))
      return {};
  }

  bool isCustom = false;
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("custom"))
      return {};
    isCustom = true;
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    sizes, operands, results, groups[0], groups[1], groups[2],
                    groups[3], isCustom);
}

void OpShardingRuleAttr::print(AsmPrinter &printer) const {
  auto printMappings = [&](ArrayRef<TensorMappingAttr> mappings) {
    printer << '(';
    llvm::interleaveComma(mappings, printer, [&](TensorMappingAttr mapping) {
      printTensorMapping(printer, mapping);
    });
    printer << ')';
  };
  printer << '<';
  printMappings(getOperandMappings());
  printer << "->";
  printMappings(getResultMappings());
  if (!getFactorSizes().empty()) {
    printer << " {";
    llvm::interleaveComma(llvm::enumerate(getFactorSizes()), printer,
                          [&](auto factor) {
                            printFactor(printer, factor.index());
                            printer << '=' << factor.value();
                          });
    printer << '}';
  }
  ArrayRef<int64_t> groups[] = {
      getReductionFactors(), getNeedReplicationFactors(),
      getPermutationFactors(), getBlockedPropagationFactors()};
  for (auto [name, group] : llvm::zip_equal(kFactorGroups, groups)) {
    if (group.empty())
      continue;
    printer << ' ' << name << "={";
    llvm::interleaveComma(
        group, printer, [&](int64_t factor) { printFactor(printer, factor); });
    printer << '}';
  }
  if (getIsCustomRule())
    printer << ", custom";
  printer << '>';
}
