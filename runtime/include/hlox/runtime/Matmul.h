//===- Matmul.h - Matrix products through the CPU's library -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The Matmul command: a batched f32 matrix product computed by oneDNN's
// sgemm, with the rows split over the device's threads.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_MATMUL_H
#define HLOX_RUNTIME_MATMUL_H

#include "hlox/runtime/Device.h"
#include "hlox/runtime/HostProgram.h"
#include "hlox/runtime/Status.h"

namespace hlox::runtime {

/// Checks a MatmulSpec against its operands' and result's types: sizes
/// positive or zero, f32 elements, element counts batch x m x k,
/// batch x k x n and batch x m x n.
Status verifyMatmul(const MatmulSpec &spec, const BufferType &lhs,
                    const BufferType &rhs, const BufferType &result);

/// result = lhs x rhs as `spec` says. Each thread of `device` computes a
/// range of the batch's rows with one single-threaded library call per
/// matrix it touches, so that the library's own threads never compete
/// with the device's.
Status runMatmul(Device &device, const MatmulSpec &spec, const float *lhs,
                 const float *rhs, float *result);

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_MATMUL_H
