//===- EvalLinalg.cpp - fft, triangular_solve, cholesky, batch norm -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// These compute in double (complex<double>) and round once into the result
// type. fft is a direct DFT along each transformed dimension (O(n^2) per
// line, which suits a reference).
//
//===----------------------------------------------------------------------===//

#include "EvalUtils.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include <numbers>

using namespace mlir;
using namespace hlox::eval;
using namespace hlox::eval::detail;
namespace shlo = hlox::stablehlo;

namespace {

using Complex = std::complex<double>;

/// The elements of `tensor` as complex<double>.
std::vector<Complex> toComplex(const Tensor &tensor) {
  std::vector<Complex> values(tensor.getNumElements());
  dispatch(tensor.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    ArrayRef<T> in = tensor.data<T>();
    for (size_t i = 0; i < values.size(); ++i) {
      if constexpr (isComplex<T>)
        values[i] = Complex(in[i].real(), in[i].imag());
      else if constexpr (std::is_same_v<T, bool>)
        values[i] = Complex(in[i] ? 1 : 0, 0);
      else
        values[i] = Complex(static_cast<double>(in[i]), 0);
    }
  });
  return values;
}

/// A tensor of `type` from complex<double> values (real parts for real
/// types), rounded once.
Tensor fromComplex(RankedTensorType type, ArrayRef<Complex> values) {
  Tensor result(type);
  ElementFormat format(type.getElementType());
  dispatch(result.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    auto out = result.data<T>();
    for (size_t i = 0; i < out.size(); ++i)
      out[i] = convertElement<T>(values[i], format);
  });
  return result;
}

/// An in-place DFT of every line along `dim` of a tensor of `shape` whose
/// lines have `length` meaningful entries (`length` <= shape[dim]).
void dftAlong(std::vector<Complex> &data, ArrayRef<int64_t> shape,
              int64_t dim, bool inverse) {
  int64_t n = shape[dim];
  if (n == 0 || data.empty())
    return;
  SmallVector<int64_t> strides = stridesOf(shape);
  int64_t stride = strides[dim];
  std::vector<Complex> line(n), out(n);
  double sign = inverse ? 1.0 : -1.0;
  for (int64_t base = 0, e = data.size(); base < e; ++base) {
    if ((base / stride) % n != 0)
      continue; // not the first element of a line
    for (int64_t i = 0; i < n; ++i)
      line[i] = data[base + i * stride];
    for (int64_t k = 0; k < n; ++k) {
      Complex sum = 0;
      for (int64_t t = 0; t < n; ++t)
        sum += line[t] * std::polar(1.0, sign * 2 * std::numbers::pi *
                                             static_cast<double>((k * t) % n) /
                                             n);
      out[k] = inverse ? sum / static_cast<double>(n) : sum;
    }
    for (int64_t i = 0; i < n; ++i)
      data[base + i * stride] = out[i];
  }
}

/// Copies the leading `sizes` block of a tensor of `from` shape into one of
/// `to` shape (zero-filled elsewhere).
std::vector<Complex> reshapeBlock(ArrayRef<Complex> data,
                                  ArrayRef<int64_t> from,
                                  ArrayRef<int64_t> to) {
  int64_t count = 1;
  for (int64_t size : to)
    count *= size;
  std::vector<Complex> out(count);
  if (count == 0 || data.empty())
    return out;
  SmallVector<int64_t> fromStrides = stridesOf(from), toStrides = stridesOf(to);
  SmallVector<int64_t> index(to.size(), 0);
  do {
    bool inside = true;
    int64_t src = 0, dst = 0;
    for (size_t d = 0; d < to.size(); ++d) {
      inside &= index[d] < from[d];
      src += index[d] * fromStrides[d];
      dst += index[d] * toStrides[d];
    }
    if (inside)
      out[dst] = data[src];
  } while (nextIndex(index, to));
  return out;
}

LogicalResult evalFft(Operation *op, ArrayRef<RuntimeValue> operands,
                      SmallVectorImpl<RuntimeValue> &results,
                      Evaluator &evaluator) {
  auto fft = cast<shlo::FftOp>(op);
  const Tensor &operand = operands[0].getTensor();
  RankedTensorType type = resultType(op, evaluator);
  ArrayRef<int64_t> lengths = fft.getFftLength();
  int64_t rank = operand.getRank();
  int64_t first = rank - lengths.size();
  std::vector<Complex> data = toComplex(operand);
  SmallVector<int64_t> shape(operand.getShape());
  switch (fft.getFftType()) {
  case shlo::FftType::FFT:
  case shlo::FftType::IFFT: {
    bool inverse = fft.getFftType() == shlo::FftType::IFFT;
    for (int64_t d = first; d < rank; ++d)
      dftAlong(data, shape, d, inverse);
    break;
  }
  case shlo::FftType::RFFT: {
    for (int64_t d = first; d < rank; ++d)
      dftAlong(data, shape, d, false);
    // Keep the n / 2 + 1 non-redundant coefficients.
    data = reshapeBlock(data, shape, type.getShape());
    break;
  }
  case shlo::FftType::IRFFT: {
    // Rebuild the full Hermitian spectrum along the last dimension, then
    // invert every transformed dimension and keep the real parts.
    SmallVector<int64_t> full(shape);
    full.back() = lengths.back();
    std::vector<Complex> spectrum = reshapeBlock(data, shape, full);
    int64_t n = full.back(), kept = shape.back();
    if (n > 0)
      for (int64_t base = 0, e = spectrum.size(); base < e; base += n)
        for (int64_t k = kept; k < n; ++k)
          spectrum[base + k] = std::conj(spectrum[base + (n - k) % n]);
    for (int64_t d = first; d < rank; ++d)
      dftAlong(spectrum, full, d, true);
    data = std::move(spectrum);
    break;
  }
  }
  results.push_back(fromComplex(type, data));
  return success();
}

LogicalResult evalTriangularSolve(Operation *op,
                                  ArrayRef<RuntimeValue> operands,
                                  SmallVectorImpl<RuntimeValue> &results,
                                  Evaluator &evaluator) {
  auto solve = cast<shlo::TriangularSolveOp>(op);
  const Tensor &aTensor = operands[0].getTensor();
  const Tensor &bTensor = operands[1].getTensor();
  std::vector<Complex> a = toComplex(aTensor), b = toComplex(bTensor);
  int64_t rank = aTensor.getRank();
  int64_t m = aTensor.getShape()[rank - 1];
  int64_t rows = bTensor.getShape()[rank - 2];
  int64_t cols = bTensor.getShape()[rank - 1];
  int64_t batches = m ? aTensor.getNumElements() / (m * m) : 0;
  bool leftSide = solve.getLeftSide();
  shlo::Transpose transpose = solve.getTransposeA();
  bool transposed = transpose != shlo::Transpose::NO_TRANSPOSE;
  bool conjugate = transpose == shlo::Transpose::ADJOINT;
  // op(a) is lower triangular when exactly one of `lower` and a transpose
  // holds.
  bool lower = solve.getLower() != transposed;
  std::vector<Complex> x(b.size());
  for (int64_t batch = 0; batch < batches; ++batch) {
    const Complex *matrix = a.data() + batch * m * m;
    // Entry (i, j) of op(a), reading only the stored triangle.
    auto entry = [&](int64_t i, int64_t j) -> Complex {
      if (i == j && solve.getUnitDiagonal())
        return 1;
      if (lower ? j > i : j < i)
        return 0;
      Complex value = transposed ? matrix[j * m + i] : matrix[i * m + j];
      return conjugate ? std::conj(value) : value;
    };
    const Complex *rhs = b.data() + batch * rows * cols;
    Complex *out = x.data() + batch * rows * cols;
    // Left: op(a) X = B, one column of B at a time. Right: X op(a) = B,
    // i.e. op(a)^T X^T = B^T, one row of B at a time.
    int64_t systems = leftSide ? cols : rows;
    for (int64_t s = 0; s < systems; ++s) {
      auto at = [&](int64_t i) -> int64_t {
        return leftSide ? i * cols + s : s * cols + i;
      };
      auto coefficient = [&](int64_t i, int64_t j) {
        return leftSide ? entry(i, j) : entry(j, i);
      };
      bool forward = leftSide ? lower : !lower;
      for (int64_t step = 0; step < m; ++step) {
        int64_t i = forward ? step : m - 1 - step;
        Complex sum = rhs[at(i)];
        for (int64_t j = 0; j < m; ++j)
          if (j != i && (forward ? j < i : j > i))
            sum -= coefficient(i, j) * out[at(j)];
        out[at(i)] = sum / coefficient(i, i);
      }
    }
  }
  results.push_back(fromComplex(resultType(op, evaluator), x));
  return success();
}

/// cholesky: a = L L^H (lower) or U^H U (upper), reading only that
/// triangle; the other triangle of the result is zero. A matrix that is not
/// positive definite gives NaNs.
LogicalResult evalCholesky(Operation *op, ArrayRef<RuntimeValue> operands,
                           SmallVectorImpl<RuntimeValue> &results,
                           Evaluator &evaluator) {
  auto cholesky = cast<shlo::CholeskyOp>(op);
  bool lower = cholesky.getLower().value_or(false);
  const Tensor &aTensor = operands[0].getTensor();
  std::vector<Complex> a = toComplex(aTensor);
  int64_t rank = aTensor.getRank();
  int64_t n = aTensor.getShape()[rank - 1];
  int64_t batches = n ? aTensor.getNumElements() / (n * n) : 0;
  std::vector<Complex> out(a.size(), Complex(0, 0));
  for (int64_t batch = 0; batch < batches; ++batch) {
    const Complex *m = a.data() + batch * n * n;
    Complex *l = out.data() + batch * n * n;
    // Work on the lower factor L; for `upper`, read a^H's lower triangle
    // and store L^H.
    auto in = [&](int64_t i, int64_t j) {
      return lower ? m[i * n + j] : std::conj(m[j * n + i]);
    };
    std::vector<Complex> factor(n * n, Complex(0, 0));
    bool failed = false;
    for (int64_t j = 0; j < n && !failed; ++j) {
      Complex diagonal = in(j, j);
      for (int64_t k = 0; k < j; ++k)
        diagonal -= factor[j * n + k] * std::conj(factor[j * n + k]);
      if (!(diagonal.real() > 0)) {
        failed = true;
        break;
      }
      double root = std::sqrt(diagonal.real());
      factor[j * n + j] = root;
      for (int64_t i = j + 1; i < n; ++i) {
        Complex sum = in(i, j);
        for (int64_t k = 0; k < j; ++k)
          sum -= factor[i * n + k] * std::conj(factor[j * n + k]);
        factor[i * n + j] = sum / root;
      }
    }
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) {
        Complex value = lower ? factor[i * n + j] : std::conj(factor[j * n + i]);
        if (failed)
          value = Complex(std::numeric_limits<double>::quiet_NaN(),
                          std::numeric_limits<double>::quiet_NaN());
        l[i * n + j] = value;
      }
  }
  results.push_back(fromComplex(resultType(op, evaluator), out));
  return success();
}

/// Per-feature statistics of batch norm: for each feature f, the values of
/// `x` whose index along `featureIndex` is f.
struct FeatureView {
  int64_t features, inner, outer;
  FeatureView(ArrayRef<int64_t> shape, int64_t featureIndex) {
    features = shape[featureIndex];
    inner = 1;
    outer = 1;
    for (int64_t d = featureIndex + 1; d < static_cast<int64_t>(shape.size());
         ++d)
      inner *= shape[d];
    for (int64_t d = 0; d < featureIndex; ++d)
      outer *= shape[d];
  }
  /// The feature of flat element `i`.
  int64_t featureOf(int64_t i) const {
    return inner ? (i / inner) % features : 0;
  }
  int64_t perFeature() const { return inner * outer; }
};

/// The elements of a float tensor as doubles.
std::vector<double> toDoubles(const Tensor &tensor) {
  std::vector<double> values(tensor.getNumElements());
  dispatch(tensor.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>)
      for (size_t i = 0; i < values.size(); ++i)
        values[i] = tensor.data<T>()[i];
  });
  return values;
}

Tensor fromDoubles(RankedTensorType type, ArrayRef<double> values) {
  std::vector<Complex> complexValues(values.begin(), values.end());
  return fromComplex(type, complexValues);
}

LogicalResult evalBatchNormInference(Operation *op,
                                     ArrayRef<RuntimeValue> operands,
                                     SmallVectorImpl<RuntimeValue> &results,
                                     Evaluator &evaluator) {
  auto norm = cast<shlo::BatchNormInferenceOp>(op);
  const Tensor &x = operands[0].getTensor();
  std::vector<double> v = toDoubles(x);
  std::vector<double> scale = toDoubles(operands[1].getTensor()),
                      offset = toDoubles(operands[2].getTensor()),
                      mean = toDoubles(operands[3].getTensor()),
                      variance = toDoubles(operands[4].getTensor());
  double epsilon = norm.getEpsilon().convertToDouble();
  FeatureView view(x.getShape(), norm.getFeatureIndex());
  for (size_t i = 0; i < v.size(); ++i) {
    int64_t f = view.featureOf(i);
    v[i] = (v[i] - mean[f]) / std::sqrt(variance[f] + epsilon) * scale[f] +
           offset[f];
  }
  results.push_back(fromDoubles(resultType(op, evaluator), v));
  return success();
}

/// Mean and (biased) variance per feature.
void featureMoments(ArrayRef<double> v, const FeatureView &view,
                    std::vector<double> &mean, std::vector<double> &variance) {
  mean.assign(view.features, 0);
  variance.assign(view.features, 0);
  double count = static_cast<double>(view.perFeature());
  for (size_t i = 0; i < v.size(); ++i)
    mean[view.featureOf(i)] += v[i];
  for (double &m : mean)
    m = count ? m / count : 0;
  for (size_t i = 0; i < v.size(); ++i) {
    double d = v[i] - mean[view.featureOf(i)];
    variance[view.featureOf(i)] += d * d;
  }
  for (double &var : variance)
    var = count ? var / count : 0;
}

LogicalResult evalBatchNormTraining(Operation *op,
                                    ArrayRef<RuntimeValue> operands,
                                    SmallVectorImpl<RuntimeValue> &results,
                                    Evaluator &evaluator) {
  auto norm = cast<shlo::BatchNormTrainingOp>(op);
  const Tensor &x = operands[0].getTensor();
  std::vector<double> v = toDoubles(x);
  std::vector<double> scale = toDoubles(operands[1].getTensor()),
                      offset = toDoubles(operands[2].getTensor());
  double epsilon = norm.getEpsilon().convertToDouble();
  FeatureView view(x.getShape(), norm.getFeatureIndex());
  std::vector<double> mean, variance;
  featureMoments(v, view, mean, variance);
  for (size_t i = 0; i < v.size(); ++i) {
    int64_t f = view.featureOf(i);
    v[i] = (v[i] - mean[f]) / std::sqrt(variance[f] + epsilon) * scale[f] +
           offset[f];
  }
  results.push_back(fromDoubles(resultType(op, evaluator, 0), v));
  results.push_back(fromDoubles(resultType(op, evaluator, 1), mean));
  results.push_back(fromDoubles(resultType(op, evaluator, 2), variance));
  return success();
}

LogicalResult evalBatchNormGrad(Operation *op, ArrayRef<RuntimeValue> operands,
                                SmallVectorImpl<RuntimeValue> &results,
                                Evaluator &evaluator) {
  auto norm = cast<shlo::BatchNormGradOp>(op);
  const Tensor &x = operands[0].getTensor();
  std::vector<double> v = toDoubles(x);
  std::vector<double> scale = toDoubles(operands[1].getTensor()),
                      mean = toDoubles(operands[2].getTensor()),
                      variance = toDoubles(operands[3].getTensor()),
                      grad = toDoubles(operands[4].getTensor());
  double epsilon = norm.getEpsilon().convertToDouble();
  FeatureView view(x.getShape(), norm.getFeatureIndex());
  double count = static_cast<double>(view.perFeature());
  // The spec's formulas: with centered = x - mean and
  // stddev = sqrt(variance + epsilon), normalized = centered / stddev,
  // grad_offset = sum(grad), grad_scale = sum(grad * normalized),
  // grad_operand = scale / stddev *
  //   (grad - grad_offset / N - normalized * grad_scale / N).
  std::vector<double> gradOffset(view.features, 0), gradScale(view.features, 0);
  std::vector<double> normalized(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    int64_t f = view.featureOf(i);
    normalized[i] = (v[i] - mean[f]) / std::sqrt(variance[f] + epsilon);
    gradOffset[f] += grad[i];
    gradScale[f] += grad[i] * normalized[i];
  }
  std::vector<double> gradOperand(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    int64_t f = view.featureOf(i);
    double stddev = std::sqrt(variance[f] + epsilon);
    gradOperand[i] = scale[f] / stddev *
                     (grad[i] - gradOffset[f] / count -
                      normalized[i] * gradScale[f] / count);
  }
  results.push_back(fromDoubles(resultType(op, evaluator, 0), gradOperand));
  results.push_back(fromDoubles(resultType(op, evaluator, 1), gradScale));
  results.push_back(fromDoubles(resultType(op, evaluator, 2), gradOffset));
  return success();
}

} // namespace

void hlox::eval::registerLinalgOps(OpTable &table) {
  add<shlo::FftOp>(table, evalFft);
  add<shlo::TriangularSolveOp>(table, evalTriangularSolve);
  add<shlo::CholeskyOp>(table, evalCholesky);
  add<shlo::BatchNormInferenceOp>(table, evalBatchNormInference);
  add<shlo::BatchNormTrainingOp>(table, evalBatchNormTraining);
  add<shlo::BatchNormGradOp>(table, evalBatchNormGrad);
}
