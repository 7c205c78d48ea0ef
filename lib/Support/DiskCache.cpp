//===- DiskCache.cpp - A persistent store of compiled artifacts -----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Support/DiskCache.h"

#include "hlox/Support/Revision.inc"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

using namespace hlox;

/// Each entry file: the magic, the payload's length (8 bytes, little
/// endian), its SHA-256 (32 bytes), then the payload.
static constexpr llvm::StringLiteral kMagic = "hlox-cache-entry-1\n";
static constexpr size_t kHeaderSize = kMagic.size() + 8 + 32;

llvm::StringRef hlox::getCompilerVersion() {
  static const std::string version = std::string("hlox ") + HLOX_VERSION +
                                     " (" + HLOX_REVISION + "), LLVM " +
                                     LLVM_VERSION_STRING;
  return version;
}

std::string DiskCache::hashKey(llvm::ArrayRef<llvm::StringRef> parts) {
  llvm::SHA256 hash;
  for (llvm::StringRef part : parts) {
    uint8_t size[8];
    llvm::support::endian::write64le(size, part.size());
    hash.update(llvm::ArrayRef<uint8_t>(size));
    hash.update(part);
  }
  std::array<uint8_t, 32> digest = hash.final();
  return llvm::toHex(digest, /*LowerCase=*/true);
}

std::string DiskCache::getPath(llvm::StringRef key) const {
  llvm::SmallString<256> path(folder);
  // Two levels keep folders small when a cache holds many entries.
  llvm::sys::path::append(path, key.take_front(2), key);
  return std::string(path);
}

std::optional<std::string> DiskCache::load(llvm::StringRef key) const {
  auto buffer = llvm::MemoryBuffer::getFile(getPath(key), /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return std::nullopt;
  llvm::StringRef data = (*buffer)->getBuffer();
  if (data.size() < kHeaderSize || !data.starts_with(kMagic))
    return std::nullopt;
  uint64_t size = llvm::support::endian::read64le(data.data() + kMagic.size());
  llvm::StringRef digest = data.substr(kMagic.size() + 8, 32);
  llvm::StringRef payload = data.drop_front(kHeaderSize);
  if (payload.size() != size)
    return std::nullopt;
  std::array<uint8_t, 32> actual = llvm::SHA256::hash(
      llvm::ArrayRef<uint8_t>(payload.bytes_begin(), payload.bytes_end()));
  if (llvm::StringRef(reinterpret_cast<const char *>(actual.data()), 32) !=
      digest)
    return std::nullopt;
  return payload.str();
}

llvm::Error DiskCache::store(llvm::StringRef key,
                             llvm::StringRef payload) const {
  std::string path = getPath(key);
  llvm::StringRef parent = llvm::sys::path::parent_path(path);
  if (std::error_code ec = llvm::sys::fs::create_directories(parent))
    return llvm::createStringError(ec, "cannot create cache folder " + parent +
                                           ": " + ec.message());
  // A file of this writer's own, renamed over the entry once complete.
  llvm::SmallString<256> temporary;
  int fd;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(
          path + ".%%%%%%%%.tmp", fd, temporary))
    return llvm::createStringError(ec, "cannot write into cache folder " +
                                           parent + ": " + ec.message());
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << kMagic;
    uint8_t size[8];
    llvm::support::endian::write64le(size, payload.size());
    os.write(reinterpret_cast<const char *>(size), 8);
    std::array<uint8_t, 32> digest = llvm::SHA256::hash(
        llvm::ArrayRef<uint8_t>(payload.bytes_begin(), payload.bytes_end()));
    os.write(reinterpret_cast<const char *>(digest.data()), 32);
    os << payload;
    os.close();
    if (os.has_error()) {
      std::error_code ec = os.error();
      os.clear_error();
      llvm::sys::fs::remove(temporary);
      return llvm::createStringError(ec, "cannot write " + temporary + ": " +
                                             ec.message());
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(temporary, path)) {
    llvm::sys::fs::remove(temporary);
    return llvm::createStringError(ec, "cannot rename " + temporary + " to " +
                                           path + ": " + ec.message());
  }
  return llvm::Error::success();
}
