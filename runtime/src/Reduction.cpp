//===- Reduction.cpp - Elementwise reductions of collectives --------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Reduction.h"

#include "hlox/runtime/Builtins.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <type_traits>

using namespace hlox::runtime;

namespace {

/// minimum or maximum of two floats: NaN if either is, -0 below +0.
template <typename T> T extremum(T a, T b, bool maximum) {
  if (std::isnan(a))
    return a;
  if (std::isnan(b))
    return b;
  if (a == b) // equal, or zeros of either sign
    return (std::signbit(a) != maximum) ? a : b;
  return (a < b) != maximum ? a : b;
}

/// a `kind` b. Integers wrap around; and/or apply to integers only (the
/// callers check isValidReduction).
template <typename T> T combine(ReductionKind kind, T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    switch (kind) {
    case ReductionKind::Add:
      return a + b;
    case ReductionKind::Multiply:
      return a * b;
    case ReductionKind::Minimum:
      return extremum(a, b, false);
    case ReductionKind::Maximum:
      return extremum(a, b, true);
    default:
      return a;
    }
  } else {
    using U = std::make_unsigned_t<T>;
    switch (kind) {
    case ReductionKind::Add:
      return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
    case ReductionKind::Multiply:
      // In 64 bits unsigned: no signed overflow.
      return static_cast<T>(
          static_cast<U>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)));
    case ReductionKind::Minimum:
      return a < b ? a : b;
    case ReductionKind::Maximum:
      return a < b ? b : a;
    case ReductionKind::And:
      return a & b;
    case ReductionKind::Or:
      return a | b;
    }
    return a;
  }
}

/// The loop of one kind on one element type: the kind a constant, so that
/// the compiler vectorizes it.
template <typename T, ReductionKind Kind>
void reduceAs(void *result, const void *lhs, const void *rhs, int64_t count) {
  auto *r = static_cast<T *>(result);
  const auto *a = static_cast<const T *>(lhs);
  const auto *b = static_cast<const T *>(rhs);
  for (int64_t i = 0; i < count; ++i)
    r[i] = combine(Kind, a[i], b[i]);
}

template <typename T>
void reduceTyped(ReductionKind kind, void *result, const void *lhs,
                 const void *rhs, int64_t count) {
  switch (kind) {
  case ReductionKind::Add:
    return reduceAs<T, ReductionKind::Add>(result, lhs, rhs, count);
  case ReductionKind::Multiply:
    return reduceAs<T, ReductionKind::Multiply>(result, lhs, rhs, count);
  case ReductionKind::Minimum:
    return reduceAs<T, ReductionKind::Minimum>(result, lhs, rhs, count);
  case ReductionKind::Maximum:
    return reduceAs<T, ReductionKind::Maximum>(result, lhs, rhs, count);
  case ReductionKind::And:
    return reduceAs<T, ReductionKind::And>(result, lhs, rhs, count);
  case ReductionKind::Or:
    return reduceAs<T, ReductionKind::Or>(result, lhs, rhs, count);
  }
}

/// f16 and bf16: computed in f32, rounded once.
void reduceNarrowFloats(ReductionKind kind, bool bf16, void *result,
                        const void *lhs, const void *rhs, int64_t count) {
  auto widen = [bf16](uint16_t bits) {
    return std::bit_cast<float>(bf16 ? uint32_t(bits) << 16
                                     : extendF16ToF32(bits));
  };
  auto narrow = [bf16](float value) {
    uint32_t bits = std::bit_cast<uint32_t>(value);
    return bf16 ? truncateF32ToBf16(bits) : truncateF32ToF16(bits);
  };
  auto *r = static_cast<uint16_t *>(result);
  const auto *a = static_cast<const uint16_t *>(lhs);
  const auto *b = static_cast<const uint16_t *>(rhs);
  for (int64_t i = 0; i < count; ++i) {
    float x = widen(a[i]), y = widen(b[i]);
    if (kind == ReductionKind::Minimum || kind == ReductionKind::Maximum) {
      // The chosen operand's own bits (its NaN payload too).
      float chosen = combine(kind, x, y);
      r[i] = std::bit_cast<uint32_t>(chosen) == std::bit_cast<uint32_t>(x)
                 ? a[i]
                 : b[i];
      continue;
    }
    r[i] = narrow(combine(kind, x, y));
  }
}

} // namespace

/// Every element type with its name.
static const std::pair<const char *, ReductionElement> kElementNames[] = {
    {"f16", ReductionElement::F16},  {"bf16", ReductionElement::BF16},
    {"f32", ReductionElement::F32},  {"f64", ReductionElement::F64},
    {"i8", ReductionElement::I8},    {"i16", ReductionElement::I16},
    {"i32", ReductionElement::I32},  {"i64", ReductionElement::I64},
    {"ui8", ReductionElement::U8},   {"ui16", ReductionElement::U16},
    {"ui32", ReductionElement::U32}, {"ui64", ReductionElement::U64},
    {"i1", ReductionElement::Bool}};

std::optional<ReductionElement>
hlox::runtime::getReductionElement(const std::string &name) {
  for (auto [spelling, element] : kElementNames)
    if (name == spelling)
      return element;
  return std::nullopt;
}

const char *hlox::runtime::getReductionElementName(ReductionElement element) {
  for (auto [spelling, candidate] : kElementNames)
    if (candidate == element)
      return spelling;
  return "?";
}

bool hlox::runtime::isValidReduction(ReductionKind kind,
                                     ReductionElement element) {
  bool bitwise = kind == ReductionKind::And || kind == ReductionKind::Or;
  switch (element) {
  case ReductionElement::Bool:
    return bitwise;
  case ReductionElement::F16:
  case ReductionElement::BF16:
  case ReductionElement::F32:
  case ReductionElement::F64:
    return !bitwise;
  default:
    return true;
  }
}

const char *hlox::runtime::getReductionKindName(ReductionKind kind) {
  switch (kind) {
  case ReductionKind::Add:
    return "add";
  case ReductionKind::Multiply:
    return "multiply";
  case ReductionKind::Minimum:
    return "minimum";
  case ReductionKind::Maximum:
    return "maximum";
  case ReductionKind::And:
    return "and";
  case ReductionKind::Or:
    return "or";
  }
  return "reduction";
}

std::optional<ReductionKind>
hlox::runtime::parseReductionKind(const std::string &name) {
  for (ReductionKind kind :
       {ReductionKind::Add, ReductionKind::Multiply, ReductionKind::Minimum,
        ReductionKind::Maximum, ReductionKind::And, ReductionKind::Or})
    if (name == getReductionKindName(kind))
      return kind;
  return std::nullopt;
}

void hlox::runtime::reduceElements(ReductionKind kind, ReductionElement element,
                                   void *result, const void *lhs,
                                   const void *rhs, int64_t count) {
  switch (element) {
  case ReductionElement::F16:
  case ReductionElement::BF16:
    return reduceNarrowFloats(kind, element == ReductionElement::BF16, result,
                              lhs, rhs, count);
  case ReductionElement::F32:
    return reduceTyped<float>(kind, result, lhs, rhs, count);
  case ReductionElement::F64:
    return reduceTyped<double>(kind, result, lhs, rhs, count);
  case ReductionElement::I8:
    return reduceTyped<int8_t>(kind, result, lhs, rhs, count);
  case ReductionElement::I16:
    return reduceTyped<int16_t>(kind, result, lhs, rhs, count);
  case ReductionElement::I32:
    return reduceTyped<int32_t>(kind, result, lhs, rhs, count);
  case ReductionElement::I64:
    return reduceTyped<int64_t>(kind, result, lhs, rhs, count);
  case ReductionElement::U8:
  case ReductionElement::Bool:
    return reduceTyped<uint8_t>(kind, result, lhs, rhs, count);
  case ReductionElement::U16:
    return reduceTyped<uint16_t>(kind, result, lhs, rhs, count);
  case ReductionElement::U32:
    return reduceTyped<uint32_t>(kind, result, lhs, rhs, count);
  case ReductionElement::U64:
    return reduceTyped<uint64_t>(kind, result, lhs, rhs, count);
  }
}
