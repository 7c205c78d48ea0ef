//===- Compare.cpp - Compiled results against the evaluator's -------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "Compare.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <complex>

using namespace mlir;
using namespace hlox;
using namespace hlox::eval;

tools::Tolerance tools::getDefaultTolerance(Type elementType) {
  if (auto complex = dyn_cast<ComplexType>(elementType))
    elementType = complex.getElementType();
  auto floatType = dyn_cast<FloatType>(elementType);
  if (!floatType)
    return {0, 0};
  switch (floatType.getFPMantissaWidth()) {
  case 53:
    return {1e-9, 1e-12};
  case 24:
    return {1e-4, 1e-5};
  case 11:
    return {1e-2, 1e-3};
  case 8:
    return {4e-2, 1e-2};
  default:
    return {0.25, 0.1};
  }
}

tools::Comparison tools::compareTensors(const Tensor &got, const Tensor &want,
                                        Tolerance tolerance, StringRef name,
                                        llvm::raw_ostream &os) {
  Comparison result;
  constexpr int64_t kShown = 5;
  if (got.getType() != want.getType()) {
    os << name << ": compiled type " << got.getType() << ", evaluator type "
       << want.getType() << "\n";
    result.mismatches = want.getNumElements() ? want.getNumElements() : 1;
    return result;
  }
  double diffSquares = 0, wantSquares = 0;
  dispatch(got.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    ArrayRef<T> a = got.data<T>();
    ArrayRef<T> b = want.data<T>();
    for (int64_t i = 0, e = static_cast<int64_t>(a.size()); i < e; ++i) {
      bool ok;
      if constexpr (std::is_floating_point_v<T> || isComplex<T>) {
        auto isNaN = [](T v) {
          if constexpr (isComplex<T>)
            return std::isnan(v.real()) || std::isnan(v.imag());
          else
            return std::isnan(v);
        };
        double error = std::abs(a[i] - b[i]);
        double magnitude = std::abs(b[i]);
        if (std::isfinite(error) && std::isfinite(magnitude)) {
          diffSquares += error * error;
          wantSquares += magnitude * magnitude;
        }
        if (isNaN(a[i]) || isNaN(b[i])) {
          ok = isNaN(a[i]) && isNaN(b[i]);
        } else if (a[i] == b[i]) {
          ok = true; // infinities too
        } else {
          ok = std::isfinite(error) &&
               error <= tolerance.atol + tolerance.rtol * magnitude;
          if (std::isfinite(error)) {
            result.maxAbsError = std::max(result.maxAbsError, error);
            if (magnitude > 0)
              result.maxRelError =
                  std::max(result.maxRelError, error / magnitude);
          }
        }
      } else {
        ok = a[i] == b[i];
      }
      if (ok)
        continue;
      if (result.mismatches++ < kShown) {
        os << name << eval::formatIndex(i, got.getShape()) << ": compiled ";
        if constexpr (isComplex<T>)
          os << "(" << a[i].real() << ", " << a[i].imag() << "), evaluator ("
             << b[i].real() << ", " << b[i].imag() << ")\n";
        else if constexpr (std::is_floating_point_v<T>)
          os << llvm::formatv("{0:e}, evaluator {1:e}\n", a[i], b[i]);
        else
          os << static_cast<int64_t>(a[i]) << ", evaluator "
             << static_cast<int64_t>(b[i]) << "\n";
      }
    }
    return true;
  });
  if (wantSquares > 0)
    result.normRelError = std::sqrt(diffSquares / wantSquares);
  return result;
}
