//===- Random.cpp - The random numbers of stablehlo.rng -------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Random.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

using namespace hlox;
using namespace hlox::runtime;

namespace {

bool isFloat(RngElement element) {
  return element != RngElement::Bool && element != RngElement::Signed &&
         element != RngElement::Unsigned;
}

/// The value of one float element.
double loadFloat(const RngSpec &spec, const void *p) {
  switch (spec.element) {
  case RngElement::F16: {
    uint16_t bits;
    std::memcpy(&bits, p, 2);
    return static_cast<double>(std::bit_cast<_Float16>(bits));
  }
  case RngElement::BF16: {
    uint16_t bits;
    std::memcpy(&bits, p, 2);
    return static_cast<double>(
        std::bit_cast<float>(static_cast<uint32_t>(bits) << 16));
  }
  case RngElement::F32: {
    float f;
    std::memcpy(&f, p, 4);
    return f;
  }
  case RngElement::F64: {
    double d;
    std::memcpy(&d, p, 8);
    return d;
  }
  case RngElement::SmallFloat:
    return numerics::decodeSmallFloat(*static_cast<const uint8_t *>(p),
                                      spec.smallFloat);
  default:
    return 0;
  }
}

/// Writes `value` rounded to the element type at `p`.
void storeFloat(const RngSpec &spec, double value, void *p) {
  switch (spec.element) {
  case RngElement::F16: {
    uint16_t bits = numerics::encodeF16(value);
    std::memcpy(p, &bits, 2);
    break;
  }
  case RngElement::BF16: {
    uint16_t bits = numerics::encodeBf16(value);
    std::memcpy(p, &bits, 2);
    break;
  }
  case RngElement::F32: {
    auto f = static_cast<float>(value);
    std::memcpy(p, &f, 4);
    break;
  }
  case RngElement::F64:
    std::memcpy(p, &value, 8);
    break;
  case RngElement::SmallFloat:
    *static_cast<uint8_t *>(p) = static_cast<uint8_t>(
        numerics::encodeSmallFloat(value, spec.smallFloat));
    break;
  default:
    break;
  }
}

void drawFloats(RandomEngine &engine, const RngSpec &spec, int64_t bytes,
                const void *a, const void *b, void *out, int64_t count) {
  double lo = loadFloat(spec, a), hi = loadFloat(spec, b);
  auto *dst = static_cast<uint8_t *>(out);
  for (int64_t i = 0; i < count; ++i) {
    double x;
    if (spec.distribution == RngDistribution::Normal)
      x = hi > 0 ? std::normal_distribution<double>(lo, hi)(engine)
                 : std::numeric_limits<double>::quiet_NaN();
    else
      x = hi > lo ? std::uniform_real_distribution<double>(lo, hi)(engine)
                  : lo;
    storeFloat(spec, x, dst + i * bytes);
  }
}

template <typename T>
void drawIntegers(RandomEngine &engine, const void *a, const void *b,
                  void *out, int64_t count) {
  T lo, hi;
  std::memcpy(&lo, a, sizeof(T));
  std::memcpy(&hi, b, sizeof(T));
  auto *dst = static_cast<T *>(out);
  if (hi <= lo) {
    std::fill(dst, dst + count, lo);
    return;
  }
  uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
  for (int64_t i = 0; i < count; ++i)
    dst[i] = static_cast<T>(static_cast<uint64_t>(lo) + engine() % span);
}

template <typename Signed>
void drawIntegers(RandomEngine &engine, bool isSigned, const void *a,
                  const void *b, void *out, int64_t count) {
  if (isSigned)
    drawIntegers<Signed>(engine, a, b, out, count);
  else
    drawIntegers<std::make_unsigned_t<Signed>>(engine, a, b, out, count);
}

} // namespace

Status hlox::runtime::verifyRngSpec(const RngSpec &spec, int64_t elementBytes) {
  // A program from elsewhere may hold any value in the enums.
  if (static_cast<int32_t>(spec.element) < 0 ||
      spec.element > RngElement::SmallFloat)
    return Status::error("rng of an unknown element kind");
  int64_t expected = 0;
  switch (spec.element) {
  case RngElement::Bool:
  case RngElement::SmallFloat:
    expected = 1;
    break;
  case RngElement::Signed:
  case RngElement::Unsigned:
    if (elementBytes != 1 && elementBytes != 2 && elementBytes != 4 &&
        elementBytes != 8)
      return Status::error("rng of " + std::to_string(elementBytes) +
                           "-byte integers");
    expected = elementBytes;
    break;
  case RngElement::F16:
  case RngElement::BF16:
    expected = 2;
    break;
  case RngElement::F32:
    expected = 4;
    break;
  case RngElement::F64:
    expected = 8;
    break;
  }
  if (elementBytes != expected)
    return Status::error("rng element of " + std::to_string(elementBytes) +
                         " bytes, expected " + std::to_string(expected));
  if (spec.distribution != RngDistribution::Uniform &&
      spec.distribution != RngDistribution::Normal)
    return Status::error("rng of an unknown distribution");
  if (spec.distribution == RngDistribution::Normal && !isFloat(spec.element))
    return Status::error("rng with the normal distribution of non-floats");
  if (spec.element == RngElement::SmallFloat &&
      (static_cast<int32_t>(spec.smallFloat) < 0 ||
       spec.smallFloat > numerics::SmallFloat::F8E8M0FNU))
    return Status::error("rng of an unknown small float format");
  return {};
}

void hlox::runtime::drawRandom(RandomEngine &engine, const RngSpec &spec,
                               int64_t elementBytes, const void *a,
                               const void *b, void *out, int64_t count) {
  if (isFloat(spec.element))
    return drawFloats(engine, spec, elementBytes, a, b, out, count);
  if (spec.element == RngElement::Bool) {
    bool lo = *static_cast<const uint8_t *>(a) != 0;
    bool hi = *static_cast<const uint8_t *>(b) != 0;
    auto *dst = static_cast<uint8_t *>(out);
    for (int64_t i = 0; i < count; ++i)
      dst[i] = lo == hi ? lo : static_cast<uint8_t>(engine() & 1);
    return;
  }
  bool isSigned = spec.element == RngElement::Signed;
  switch (elementBytes) {
  case 1: return drawIntegers<int8_t>(engine, isSigned, a, b, out, count);
  case 2: return drawIntegers<int16_t>(engine, isSigned, a, b, out, count);
  case 4: return drawIntegers<int32_t>(engine, isSigned, a, b, out, count);
  default: return drawIntegers<int64_t>(engine, isSigned, a, b, out, count);
  }
}
