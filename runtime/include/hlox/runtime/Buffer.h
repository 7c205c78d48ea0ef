//===- Buffer.h - Typed host buffers ----------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A Buffer is a dense row-major array of one element type and a static
// shape, in 64-byte aligned host memory. The runtime knows element types only
// by their byte width: values are bits to it; what they mean is the
// compiler's business.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_BUFFER_H
#define HLOX_RUNTIME_BUFFER_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace hlox::runtime {

/// The shape and element width of a buffer.
struct BufferType {
  std::vector<int64_t> shape;
  /// Bytes per element (an i1 takes one byte).
  int64_t elementBytes = 0;
  /// The element type's name as the program spells it (f32, ui8, ...), for
  /// messages.
  std::string elementName;

  int64_t getNumElements() const;
  int64_t getByteSize() const { return getNumElements() * elementBytes; }
  /// "2x3xf32".
  std::string str() const;
  bool operator==(const BufferType &other) const {
    return shape == other.shape && elementBytes == other.elementBytes &&
           elementName == other.elementName;
  }
};

/// Whose memory a buffer is in: a device's (its kind, as host programs
/// name it, and its ordinal: "cpu:1"), or the host's ("host:0", memory no
/// device allocated, such as a caller's array).
struct BufferPlacement {
  std::string kind = "host";
  int64_t ordinal = 0;

  bool operator==(const BufferPlacement &other) const {
    return kind == other.kind && ordinal == other.ordinal;
  }
  /// "cpu:1".
  std::string str() const { return kind + ":" + std::to_string(ordinal); }
};

/// Owned, aligned memory of one BufferType, in the host's memory or a
/// device's (getPlacement). Not copyable; share it
/// through std::shared_ptr. Reads and writes are not synchronized: the
/// Executable that writes a buffer is its only user while it runs.
///
/// A buffer made immutable (setImmutable) keeps its contents from then on:
/// its owner promises not to write it, and an Executable neither writes it
/// (donating it is an error) nor looks at it again for what it derived from
/// it in an earlier run (a convolution's weights in the library's blocked
/// layout). Writing an immutable buffer leaves later runs undefined.
class Buffer {
public:
  static constexpr size_t kAlignment = 64;

  explicit Buffer(BufferType type);
  /// A buffer on `storage` (aligned, at least getByteSize() bytes), which
  /// `release` takes back when the buffer dies.
  Buffer(BufferType type, void *storage, std::function<void(void *)> release,
         BufferPlacement placement = {});
  ~Buffer();
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;

  const BufferType &getType() const { return type; }
  void *data() { return storage; }
  const void *data() const { return storage; }
  int64_t getByteSize() const { return type.getByteSize(); }
  /// The device that owns the memory (Device::allocate), or the host.
  const BufferPlacement &getPlacement() const { return placement; }

  /// Promises that the contents no longer change (see above).
  void setImmutable() { immutable = true; }
  bool isImmutable() const { return immutable; }
  /// Takes the promise back for a buffer its owner gives away to be
  /// written (a donated argument): the buffer gets a new identity, so that
  /// nothing derived from its old contents is taken for the new ones.
  void makeWritable();
  /// A number no other buffer of the process has had: with isImmutable(),
  /// the same identity means the same contents.
  uint64_t getId() const { return id; }

private:
  BufferType type;
  void *storage = nullptr;
  uint64_t id = 0;
  bool immutable = false;
  BufferPlacement placement;
  /// Where the storage goes when the buffer dies (freeAligned when empty).
  std::function<void(void *)> release;
};

/// `bytes` rounded up to a multiple of Buffer::kAlignment, at least one
/// multiple: the size allocateAligned allocates.
size_t roundToAlignment(size_t bytes);

/// Allocations of at least this many bytes are placed on 2 MiB boundaries
/// and, on Linux, advised for transparent huge pages (see allocateAligned).
constexpr size_t kHugePageThreshold = size_t(4) << 20;

/// Whether large allocations ask for transparent huge pages: true unless the
/// environment sets HLOX_HUGE_PAGES=0 (read once per process).
bool useHugePages();

/// Allocates `bytes` aligned to Buffer::kAlignment (at least one byte, so
/// that empty buffers still have distinct addresses); null when the memory
/// is exhausted. From kHugePageThreshold bytes up, the storage starts on a
/// 2 MiB boundary and is advised MADV_HUGEPAGE: a kernel that streams a
/// large tensor then walks one page table entry per 2 MiB instead of per
/// 4 KiB (a C model of the 8192x8192 row sum read 11-47% faster from them
/// on a virtual machine, where each walk is nested). The kernel still
/// decides; with THP `never`, or where a huge page cannot be had, the
/// pages stay 4 KiB.
void *allocateAligned(size_t bytes);
void freeAligned(void *pointer);

/// A buffer as a host function sees it: valid during the call only; a host
/// function writes only its results.
struct BufferView {
  const BufferType *type;
  void *data;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_BUFFER_H
