//===- Matmul.cpp - Matrix products by hlox's kernel or oneDNN ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Matmul.h"

#include "hlox/runtime/Gemm.h"

#include "OneDNN.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <tuple>
#include <utility>
#include <vector>

using namespace hlox::runtime;

/// The work (multiply-adds) that pays for a chunk on another thread.
static constexpr int64_t kMultiplyAddsPerChunk = int64_t(1) << 19;
/// A product with fewer rows than this per thread splits its columns
/// between the threads instead of its rows: each thread then reads its
/// share of the rhs rather than all of it (on 2 threads, 256x4096x4096
/// 23.4 -> 21.7 ms, 7x3072x768 0.23 -> 0.16 ms; 2048x3072x768 is 3%
/// faster by rows, square products the same either way).
static constexpr int64_t kMinRowsPerThread = 512;
/// The columns a column split hands out at a time: a cache line of f32.
static constexpr int64_t kColumnBlock = 16;

/// The fewest rows of a piece for which oneDNN packs the rhs itself: from
/// them on, a copy only costs (a 1024x1024 product by rows on 2 threads
/// took twice as long reading one).
static constexpr int64_t kCopiedRhsRows = 512;

/// The row pitch (in floats) at which oneDNN reads a copy of an rhs whose
/// rows lie a multiple of 1 KiB apart, or 0 when it reads the rhs where it
/// is. oneDNN's AVX2 sgemm reads such an rhs at half its speed (one thread,
/// 256x2048 by 4096 rows 4096 floats apart: 44 GFLOP/s, 2064 floats apart:
/// 91; 1024 apart: 44, 1040: 94), the cache sets its rows map to being
/// few; copying the rows it reads costs a pass over them.
static int64_t getRhsCopyPitch(const MatmulSpec &spec, int64_t count,
                               int64_t rows, int64_t cols) {
  if (spec.transposeRhs || count != 1 || spec.n % 256 != 0 || rows < 32 ||
      rows >= kCopiedRhsRows || spec.k < 64)
    return 0;
  int64_t pitch = (cols + 15) / 16 * 16 + 16;
  return pitch % 256 == 0 ? pitch + 16 : pitch;
}

const char *hlox::runtime::getMatmulElementName(MatmulElement element) {
  switch (element) {
  case MatmulElement::F32:
    return "f32";
  case MatmulElement::BF16:
    return "bf16";
  case MatmulElement::F16:
    return "f16";
  }
  return "?";
}

int64_t hlox::runtime::getMatmulElementBytes(MatmulElement element) {
  return element == MatmulElement::F32 ? 4 : 2;
}

Status hlox::runtime::verifyMatmul(const MatmulSpec &spec,
                                   const BufferType &lhs, const BufferType &rhs,
                                   const BufferType *bias,
                                   const BufferType *addend,
                                   const BufferType &result) {
  if (spec.batch < 0 || spec.m < 0 || spec.n < 0 || spec.k < 0)
    return Status::error("matmul with a negative size");
  if (spec.relu && spec.geluTanh)
    return Status::error("matmul with two activations, ReLU and GELU");
  if (spec.resultElement != MatmulElement::F32 &&
      spec.resultElement != spec.operandElement)
    return Status::error(std::string("matmul of ") +
                         getMatmulElementName(spec.operandElement) +
                         " operands with a " +
                         getMatmulElementName(spec.resultElement) + " result");
  if (spec.hasLibraryEpilogue() && (spec.epilogue || spec.hloxKernel))
    return Status::error(
        "matmul with the library's epilogue and an epilogue kernel or "
        "hlox's kernel");
  if (spec.bias != (bias != nullptr) || spec.addend != (addend != nullptr))
    return Status::error("matmul epilogue operands that its spec does not "
                         "name (or the other way round)");
  int64_t operandBytes = getMatmulElementBytes(spec.operandElement);
  int64_t resultBytes = getMatmulElementBytes(spec.resultElement);
  for (const BufferType *type : {&lhs, &rhs})
    if (type->elementBytes != operandBytes)
      return Status::error("matmul of " + type->str() + ": expected " +
                           getMatmulElementName(spec.operandElement) +
                           " operands");
  for (const BufferType *type : {&result, bias, addend})
    if (type && type->elementBytes != resultBytes)
      return Status::error(
          "matmul result or epilogue operand " + type->str() + ": expected " +
          getMatmulElementName(spec.resultElement) + " elements");
  if ((bias && bias->getNumElements() != spec.n) ||
      (addend && addend->getNumElements() != result.getNumElements()))
    return Status::error("matmul epilogue operands of " +
                         (bias ? bias->str() : std::string("no bias")) +
                         " and " +
                         (addend ? addend->str() : std::string("no addend")) +
                         " for a result of " + result.str());
  if (lhs.getNumElements() != spec.batch * spec.m * spec.k ||
      rhs.getNumElements() != spec.batch * spec.k * spec.n ||
      result.getNumElements() != spec.batch * spec.m * spec.n)
    return Status::error("matmul of " + std::to_string(spec.batch) + " x " +
                         std::to_string(spec.m) + "x" +
                         std::to_string(spec.k) + " by " +
                         std::to_string(spec.k) + "x" +
                         std::to_string(spec.n) + " on " + lhs.str() + ", " +
                         rhs.str() + " -> " + result.str());
  return {};
}

namespace {

/// What a thread keeps across calls: its stream, and scratch memory that
/// only grows.
struct ThreadState {
  dnnl_stream_t stream = nullptr;
  void *scratch = nullptr;
  size_t scratchBytes = 0;
  /// The copy of the rhs columns a product reads (getRhsCopyPitch).
  std::vector<float> rhsCopy;

  ~ThreadState() {
    if (stream)
      dnnl_stream_destroy(stream);
    std::free(scratch);
  }

  /// At least `bytes` of scratch memory, or null when it is exhausted.
  void *getScratch(size_t bytes) {
    if (bytes <= scratchBytes)
      return scratch;
    std::free(scratch);
    scratchBytes = (bytes + 4095) / 4096 * 4096;
    scratch = std::aligned_alloc(4096, scratchBytes);
    if (!scratch)
      scratchBytes = 0;
    return scratch;
  }
};

thread_local ThreadState threadState;

/// A primitive for `count` matrices of `rows` rows and `cols` columns of the
/// product, with the memory descriptions of its operands inside the
/// caller's buffers.
struct Piece {
  dnnl_memory_desc_t lhs, rhs, result, scratch;
  dnnl_primitive_t primitive = nullptr;
  size_t scratchBytes = 0;

  Piece() = default;
  Piece(const Piece &) = delete;
  Piece &operator=(const Piece &) = delete;
  ~Piece() {
    if (primitive)
      dnnl_primitive_destroy(primitive);
  }
};

} // namespace

struct Matmul::Impl {
  MatmulSpec spec;
  std::mutex mutex;
  /// By (matrices, rows, columns, rhs copy pitch): made on first use, on a
  /// thread whose OpenMP thread count is 1.
  std::map<std::tuple<int64_t, int64_t, int64_t, int64_t>,
           std::unique_ptr<Piece>>
      pieces;

  /// The primitive for `count` matrices of `rows` rows and `cols` columns,
  /// reading the rhs from a copy whose rows are `rhsPitch` floats apart
  /// (0: from the rhs itself).
  Status getPiece(int64_t count, int64_t rows, int64_t cols, int64_t rhsPitch,
                  Piece *&piece) {
    std::lock_guard<std::mutex> lock(mutex);
    std::unique_ptr<Piece> &slot = pieces[{count, rows, cols, rhsPitch}];
    if (slot) {
      piece = slot.get();
      return {};
    }
    auto made = std::make_unique<Piece>();
    const int64_t m = spec.m, n = spec.n, k = spec.k;
    // Row-major matrices inside the batch's buffers; a transposed operand
    // is the same matrix read with its strides swapped.
    dnnl_dims_t lhsDims = {count, rows, k};
    dnnl_dims_t lhsStrides = {m * k, spec.transposeLhs ? 1 : k,
                              spec.transposeLhs ? m : 1};
    dnnl_dims_t rhsDims = {count, k, cols};
    dnnl_dims_t rhsStrides = {k * n, spec.transposeRhs ? 1 : n,
                              spec.transposeRhs ? k : 1};
    if (rhsPitch > 0) {
      rhsStrides[0] = k * rhsPitch;
      rhsStrides[1] = rhsPitch;
    }
    dnnl_dims_t resultDims = {count, rows, cols};
    dnnl_dims_t resultStrides = {m * n, n, 1};
    dnnl_status_t s;
    dnnl_primitive_attr_t attributes = nullptr;
    dnnl_matmul_desc_t desc;
    if ((s = dnnl_memory_desc_init_by_strides(&made->lhs, 3, lhsDims,
                                              dnnl_f32, lhsStrides)) !=
            dnnl_success ||
        (s = dnnl_memory_desc_init_by_strides(&made->rhs, 3, rhsDims,
                                              dnnl_f32, rhsStrides)) !=
            dnnl_success ||
        (s = dnnl_memory_desc_init_by_strides(&made->result, 3, resultDims,
                                              dnnl_f32, resultStrides)) !=
            dnnl_success ||
        (s = dnnl_matmul_desc_init(&desc, &made->lhs, &made->rhs, nullptr,
                                   &made->result)) != dnnl_success ||
        (s = dnnl_primitive_attr_create(&attributes)) != dnnl_success ||
        (s = dnnl_primitive_attr_set_scratchpad_mode(
             attributes, dnnl_scratchpad_mode_user)) != dnnl_success)
      return onednn::error("matmul description", s);
    dnnl_primitive_desc_t primitiveDesc = nullptr;
    s = dnnl_primitive_desc_create(&primitiveDesc, &desc, attributes,
                                   onednn::getEngine(), nullptr);
    dnnl_primitive_attr_destroy(attributes);
    if (s != dnnl_success)
      return onednn::error("matmul primitive description", s);
    if (const dnnl_memory_desc_t *scratch = dnnl_primitive_desc_query_md(
            primitiveDesc, dnnl_query_scratchpad_md, 0)) {
      made->scratch = *scratch;
      made->scratchBytes = dnnl_memory_desc_get_size(scratch);
    }
    s = dnnl_primitive_create(&made->primitive, primitiveDesc);
    dnnl_primitive_desc_destroy(primitiveDesc);
    if (s != dnnl_success)
      return onednn::error("matmul primitive", s);
    slot = std::move(made);
    piece = slot.get();
    return {};
  }

  Status computeOwn(int64_t matrix, int64_t count, int64_t row, int64_t rows,
                    int64_t col, int64_t cols, const float *lhs,
                    const float *rhs, float *result,
                    const GemmEpilogue *epilogue);

  /// Computes `count` matrices from `matrix` on, rows [row, row + rows) and
  /// columns [col, col + cols) of each, on the calling thread, and applies
  /// the epilogue to them.
  Status compute(int64_t matrix, int64_t count, int64_t row, int64_t rows,
                 int64_t col, int64_t cols, const float *lhs, const float *rhs,
                 float *result, const GemmEpilogue *epilogue) {
    if (Matmul::usesHloxKernel(spec))
      return computeOwn(matrix, count, row, rows, col, cols, lhs, rhs, result,
                        epilogue);
    Status status =
        computeLibrary(matrix, count, row, rows, col, cols, lhs, rhs, result);
    if (status && epilogue) {
      GemmEpilogue part = *epilogue;
      part.row = matrix * spec.m + row;
      part.col = col;
      // Whole matrices from the first row of `matrix` on, else the rows
      // of the one matrix.
      part.apply(0, count > 1 ? count * spec.m : rows, 0, cols);
    }
    return status;
  }

  /// compute() by oneDNN, without the epilogue.
  Status computeLibrary(int64_t matrix, int64_t count, int64_t row,
                        int64_t rows, int64_t col, int64_t cols,
                        const float *lhs, const float *rhs, float *result) {
    Piece *piece = nullptr;
    int64_t rhsPitch = getRhsCopyPitch(spec, count, rows, cols);
    if (Status status = getPiece(count, rows, cols, rhsPitch, piece); !status)
      return status;
    const int64_t m = spec.m, n = spec.n, k = spec.k;
    const float *a =
        lhs + matrix * m * k + (spec.transposeLhs ? row : row * k);
    const float *b = rhs + matrix * k * n + (spec.transposeRhs ? col * k : col);
    float *c = result + matrix * m * n + row * n + col;
    dnnl_engine_t engine = onednn::getEngine();
    ThreadState &state = threadState;
    if (rhsPitch > 0) {
      state.rhsCopy.resize(k * rhsPitch);
      float *copy = state.rhsCopy.data();
      for (int64_t l = 0; l < k; ++l)
        std::memcpy(copy + l * rhsPitch, b + l * n, sizeof(float) * cols);
      b = copy;
    }
    dnnl_status_t s;
    if (!state.stream &&
        (s = dnnl_stream_create(&state.stream, engine,
                                dnnl_stream_default_flags)) != dnnl_success)
      return onednn::error("stream", s);
    void *scratch = state.getScratch(piece->scratchBytes);
    if (piece->scratchBytes > 0 && !scratch)
      return Status::error("out of memory for a matmul's scratchpad");
    dnnl_memory_t memories[4] = {nullptr, nullptr, nullptr, nullptr};
    if ((s = dnnl_memory_create(&memories[0], &piece->lhs, engine,
                                const_cast<float *>(a))) == dnnl_success &&
        (s = dnnl_memory_create(&memories[1], &piece->rhs, engine,
                                const_cast<float *>(b))) == dnnl_success &&
        (s = dnnl_memory_create(&memories[2], &piece->result, engine, c)) ==
            dnnl_success &&
        piece->scratchBytes > 0)
      s = dnnl_memory_create(&memories[3], &piece->scratch, engine, scratch);
    if (s == dnnl_success) {
      dnnl_exec_arg_t args[] = {{DNNL_ARG_SRC, memories[0]},
                                {DNNL_ARG_WEIGHTS, memories[1]},
                                {DNNL_ARG_DST, memories[2]},
                                {DNNL_ARG_SCRATCHPAD, memories[3]}};
      s = dnnl_primitive_execute(piece->primitive, state.stream,
                                 memories[3] ? 4 : 3, args);
      if (s == dnnl_success)
        s = dnnl_stream_wait(state.stream);
    }
    for (dnnl_memory_t memory : memories)
      if (memory)
        dnnl_memory_destroy(memory);
    return s == dnnl_success ? Status() : onednn::error("matmul", s);
  }
};

/// compute() by hlox's own kernel, one matrix at a time.
Status Matmul::Impl::computeOwn(int64_t matrix, int64_t count, int64_t row,
                                int64_t rows, int64_t col, int64_t cols,
                                const float *lhs, const float *rhs,
                                float *result, const GemmEpilogue *epilogue) {
  const int64_t m = spec.m, n = spec.n, k = spec.k;
  for (int64_t i = matrix; i < matrix + count; ++i) {
    GemmEpilogue part;
    if (epilogue) {
      part = *epilogue;
      part.row = i * m + row;
      part.col = col;
    }
    // A transposed operand is the same matrix read with its strides
    // swapped.
    GemmOperand a{lhs + i * m * k + (spec.transposeLhs ? row : row * k),
                  spec.transposeLhs ? 1 : k, spec.transposeLhs ? m : 1};
    GemmOperand b{rhs + i * k * n + (spec.transposeRhs ? col * k : col),
                  spec.transposeRhs ? 1 : n, spec.transposeRhs ? k : 1};
    if (!Gemm::run(rows, cols, k, a, b, result + i * m * n + row * n + col, n,
                   epilogue ? &part : nullptr))
      return Status::error("out of memory for a matmul's packed panels");
  }
  return {};
}

bool Matmul::usesHloxKernel(const MatmulSpec &spec) {
  return spec.hloxKernel && Gemm::hasVectorKernel();
}

Matmul::Matmul(const MatmulSpec &spec) : impl(std::make_unique<Impl>()) {
  impl->spec = spec;
}

Matmul::~Matmul() = default;

Status Matmul::run(Device &device, const float *lhs, const float *rhs,
                   float *result, const GemmEpilogue *epilogue) {
  const MatmulSpec &spec = impl->spec;
  const int64_t m = spec.m, n = spec.n, k = spec.k;
  if (spec.epilogue != (epilogue != nullptr))
    return Status::error(spec.epilogue ? "matmul without its epilogue"
                                       : "matmul given an epilogue it lacks");
  if (spec.batch == 0 || m == 0 || n == 0)
    return {};
  if (k == 0) {
    std::memset(result, 0, sizeof(float) * spec.batch * m * n);
    if (epilogue)
      epilogue->apply(0, spec.batch * m, 0, n);
    return {};
  }
  if (!usesHloxKernel(spec) && !onednn::getEngine())
    return Status::error("oneDNN has no CPU engine");
  std::mutex failedMutex;
  Status failed;
  auto fail = [&](const Status &status) {
    std::lock_guard<std::mutex> lock(failedMutex);
    failed = status;
  };
  const int64_t threads = device.getNumThreads();
  if (spec.batch < threads && m < threads * kMinRowsPerThread &&
      n >= 2 * kColumnBlock) {
    // Workgroup i is columns [i * kColumnBlock, (i + 1) * kColumnBlock) of
    // every matrix.
    int64_t blocks = (n + kColumnBlock - 1) / kColumnBlock;
    int64_t minBlocks = std::max<int64_t>(
        1, kMultiplyAddsPerChunk / (spec.batch * m * k * kColumnBlock));
    device.dispatch(blocks, minBlocks, [&](int64_t begin, int64_t end) {
      onednn::setNumThreads(1);
      int64_t col = begin * kColumnBlock;
      int64_t cols = std::min(end * kColumnBlock, n) - col;
      if (Status status = impl->compute(0, spec.batch, 0, m, col, cols, lhs,
                                        rhs, result, epilogue);
          !status)
        fail(status);
    });
    return failed;
  }
  if (spec.batch == 1 && usesHloxKernel(spec) && !spec.transposeRhs &&
      Gemm::suitsTeam(static_cast<int>(threads), m, n, k,
                      GemmOperand{rhs, n, 1})) {
    // One matrix split by rows whose rhs is packed once for all threads
    // (each would otherwise pack all of it): workgroup i is member i of
    // the team, on a thread of its own.
    GemmTeam team(static_cast<int>(threads), m, n, k);
    if (team.isReady()) {
      GemmOperand a{lhs, spec.transposeLhs ? 1 : k, spec.transposeLhs ? m : 1};
      device.dispatch(threads, 1, [&](int64_t member, int64_t) {
        if (!Gemm::runTeam(team, static_cast<int>(member), m, n, k, a,
                           GemmOperand{rhs, n, 1}, result, n, epilogue))
          fail(Status::error("out of memory for a matmul's packed panels"));
      });
      return failed;
    }
  }
  // Workgroup i is row i % m of matrix i / m. A chunk computes its leading
  // part of a matrix, the whole matrices after it in one call, then its
  // trailing part of a matrix.
  int64_t minRows = std::max<int64_t>(1, kMultiplyAddsPerChunk / (n * k));
  device.dispatch(spec.batch * m, minRows, [&](int64_t begin, int64_t end) {
    // Each thread computes its rows alone.
    onednn::setNumThreads(1);
    while (begin < end) {
      int64_t matrix = begin / m, row = begin % m;
      int64_t count = 1, rows = std::min(end - begin, m - row);
      if (row == 0 && rows == m) {
        count = (end - begin) / m;
        rows = m;
      }
      Status status = impl->compute(matrix, count, row, rows, 0, n, lhs, rhs,
                                    result, epilogue);
      if (!status) {
        fail(status);
        return;
      }
      begin += count * rows;
    }
  });
  return failed;
}
