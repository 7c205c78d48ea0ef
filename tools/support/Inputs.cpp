//===- Inputs.cpp - Program arguments from the command line --------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "Inputs.h"
#include "Npy.h"

#include "hlox/Evaluator/Numerics.h"

#include "mlir/AsmParser/AsmParser.h"
#include "llvm/ADT/SmallString.h"

#include <limits>

using namespace mlir;
using namespace hlox;
using namespace hlox::eval;
using namespace hlox::tools;

namespace {

/// Parses the values of one --input into `tensor`.
LogicalResult parseValues(StringRef text, Tensor &tensor, std::string &error) {
  SmallVector<StringRef> tokens;
  SmallString<64> cleaned;
  for (char c : text)
    cleaned.push_back(c == '[' || c == ']' || c == ',' || c == '\t' ? ' ' : c);
  StringRef(cleaned).split(tokens, ' ', -1, /*KeepEmpty=*/false);
  int64_t count = tensor.getNumElements();
  if (static_cast<int64_t>(tokens.size()) != count &&
      !(tokens.size() == 1 && count > 0)) {
    error = "expected " + std::to_string(count) + " values, got " +
            std::to_string(tokens.size());
    return failure();
  }
  ElementFormat format(tensor.getElementType());
  return dispatch(tensor.getStorage(), [&](auto tag) -> LogicalResult {
    using T = decltype(tag);
    auto out = tensor.data<T>();
    for (int64_t i = 0; i < count; ++i) {
      StringRef token = tokens.size() == 1 ? tokens[0] : tokens[i];
      if constexpr (std::is_same_v<T, bool>) {
        if (token == "true" || token == "1")
          out[i] = true;
        else if (token == "false" || token == "0")
          out[i] = false;
        else {
          error = "bad boolean '" + token.str() + "'";
          return failure();
        }
      } else if constexpr (isInteger<T>) {
        // Unsigned types take values up to their maximum (past INT64_MAX
        // for ui64); a value outside the element type is an error.
        using Wide = std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>;
        Wide value;
        int64_t negative;
        bool belowZero = std::is_unsigned_v<T> && token.starts_with("-") &&
                         !token.getAsInteger(0, negative);
        if (!belowZero && token.getAsInteger(0, value)) {
          error = "bad integer '" + token.str() + "'";
          return failure();
        }
        unsigned bits = format.getIntBits();
        if (belowZero || value < static_cast<Wide>(minOfWidth<T>(bits)) ||
            value > static_cast<Wide>(maxOfWidth<T>(bits))) {
          error = "integer " + token.str() + " is out of range for " +
                  std::string(std::is_signed_v<T> ? "i" : "ui") +
                  std::to_string(bits);
          return failure();
        }
        out[i] = static_cast<T>(value);
      } else if constexpr (std::is_floating_point_v<T>) {
        double value;
        std::string lower = token.lower();
        if (lower == "nan")
          value = std::numeric_limits<double>::quiet_NaN();
        else if (lower == "inf" || lower == "+inf")
          value = std::numeric_limits<double>::infinity();
        else if (lower == "-inf")
          value = -std::numeric_limits<double>::infinity();
        else if (token.getAsDouble(value)) {
          error = "bad number '" + token.str() + "'";
          return failure();
        }
        out[i] = convertElement<T>(value, format);
      } else {
        error = "complex values cannot be given on the command line; use "
                "a .npy file";
        return failure();
      }
    }
    return success();
  });
}

} // namespace

FailureOr<Tensor> hlox::tools::parseInput(StringRef spec, MLIRContext *context,
                             std::string &error) {
  if (spec.consume_front("@")) {
    llvm::Expected<Tensor> tensor = readNpy(spec, context);
    if (!tensor) {
      error = llvm::toString(tensor.takeError());
      return failure();
    }
    return *tensor;
  }
  auto [typeText, values] = spec.split('=');
  if (!spec.contains('=')) {
    error = "expected TYPE=VALUES or @FILE.npy";
    return failure();
  }
  // DxDx...xELEMENT: the element type follows the last 'x' that ends a
  // dimension.
  SmallVector<int64_t> shape;
  StringRef rest = typeText;
  while (true) {
    size_t x = rest.find('x');
    int64_t size;
    if (x == StringRef::npos || rest.take_front(x).getAsInteger(10, size))
      break;
    if (size < 0) {
      error = "negative dimension in '" + typeText.str() + "'";
      return failure();
    }
    shape.push_back(size);
    rest = rest.drop_front(x + 1);
  }
  Type element = parseType(rest, context);
  if (!element || !getStorage(element)) {
    error = "unknown element type '" + rest.str() + "'";
    return failure();
  }
  Tensor tensor(RankedTensorType::get(shape, element));
  if (failed(parseValues(values, tensor, error)))
    return failure();
  return tensor;
}

FailureOr<Tensor> hlox::tools::makeRandomArgument(func::FuncOp function,
                                                  unsigned index,
                                                  std::mt19937_64 &rng) {
  Type argumentType = function.getArgumentTypes()[index];
  auto type = dyn_cast<RankedTensorType>(argumentType);
  if (!type || !type.hasStaticShape())
    return function.emitError("argument ")
           << index << " (" << argumentType
           << ") has no static shape to make up; give it with --input";
  Tensor tensor(type);
  ElementFormat elementFormat(type.getElementType());
  std::uniform_real_distribution<double> real(-1.0, 1.0);
  std::uniform_int_distribution<int64_t> small(0, 15);
  bool ok = dispatch(tensor.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    auto out = tensor.data<T>();
    for (T &element : out) {
      if constexpr (std::is_same_v<T, bool>)
        element = small(rng) & 1;
      else if constexpr (isInteger<T>)
        element = elementFormat.normalize(static_cast<T>(small(rng)));
      else if constexpr (std::is_floating_point_v<T>)
        element = convertElement<T>(real(rng), elementFormat);
      else
        return false;
    }
    return true;
  });
  if (!ok)
    return function.emitError("argument ")
           << index << " (" << type
           << ") cannot be made up; give it with --input";
  return tensor;
}
