//===- DiskCacheTest.cpp - Entries stored, loaded, and damaged ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Support/DiskCache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

using namespace hlox;

namespace {

class DiskCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(
        llvm::sys::fs::createUniqueDirectory("hlox-disk-cache", folder));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(folder); }

  /// Replaces the file of `key` by `text`.
  void overwrite(const DiskCache &cache, llvm::StringRef key,
                 llvm::StringRef text) {
    std::error_code ec;
    llvm::raw_fd_ostream os(cache.getPath(key), ec);
    ASSERT_FALSE(ec);
    os << text;
  }

  std::string read(const DiskCache &cache, llvm::StringRef key) {
    auto buffer = llvm::MemoryBuffer::getFile(cache.getPath(key));
    return buffer ? (*buffer)->getBuffer().str() : std::string();
  }

  llvm::SmallString<128> folder;
};

TEST_F(DiskCacheTest, KeysHashEveryPartApart) {
  std::string ab = DiskCache::hashKey({"ab", "c"});
  EXPECT_EQ(ab.size(), 64u);
  EXPECT_EQ(ab, DiskCache::hashKey({"ab", "c"}));
  EXPECT_NE(ab, DiskCache::hashKey({"a", "bc"}));
  EXPECT_NE(ab, DiskCache::hashKey({"abc"}));
}

TEST_F(DiskCacheTest, StoresAndLoads) {
  DiskCache cache(std::string(folder.str()));
  std::string key = DiskCache::hashKey({"kernel"});
  EXPECT_FALSE(cache.load(key));
  std::string payload("object\0bytes", 12);
  ASSERT_FALSE(llvm::errorToBool(cache.store(key, payload)));
  EXPECT_EQ(cache.load(key), payload);
  ASSERT_FALSE(llvm::errorToBool(cache.store(key, "other")));
  EXPECT_EQ(cache.load(key), "other");
  EXPECT_FALSE(cache.load(DiskCache::hashKey({"another kernel"})));
}

TEST_F(DiskCacheTest, DamagedEntriesReadAsAbsent) {
  DiskCache cache(std::string(folder.str()));
  std::string key = DiskCache::hashKey({"kernel"});
  std::string payload(1000, 'x');
  ASSERT_FALSE(llvm::errorToBool(cache.store(key, payload)));
  std::string file = read(cache, key);
  ASSERT_GT(file.size(), payload.size());
  // Truncated, one byte flipped, grown, emptied.
  overwrite(cache, key, llvm::StringRef(file).drop_back(1));
  EXPECT_FALSE(cache.load(key));
  std::string flipped = file;
  flipped[flipped.size() - 10] ^= 1;
  overwrite(cache, key, flipped);
  EXPECT_FALSE(cache.load(key));
  overwrite(cache, key, file + "x");
  EXPECT_FALSE(cache.load(key));
  overwrite(cache, key, "");
  EXPECT_FALSE(cache.load(key));
  // A store repairs it.
  ASSERT_FALSE(llvm::errorToBool(cache.store(key, payload)));
  EXPECT_EQ(cache.load(key), payload);
}

TEST_F(DiskCacheTest, ConcurrentWritersLeaveOneWholeEntry) {
  DiskCache cache(std::string(folder.str()));
  std::string key = DiskCache::hashKey({"shared kernel"});
  std::vector<std::thread> writers;
  for (int i = 0; i < 8; ++i)
    writers.emplace_back([&, i] {
      for (int j = 0; j < 20; ++j) {
        std::string payload(10000 + 1000 * i, char('a' + i));
        EXPECT_FALSE(llvm::errorToBool(cache.store(key, payload)));
        std::optional<std::string> loaded = cache.load(key);
        // Whatever a reader finds is one writer's whole payload.
        ASSERT_TRUE(loaded);
        EXPECT_EQ(loaded->size(), 10000u + 1000u * (loaded->front() - 'a'));
        EXPECT_EQ(loaded->find_first_not_of(loaded->front()),
                  std::string::npos);
      }
    });
  for (std::thread &writer : writers)
    writer.join();
  // No temporary files are left behind.
  std::error_code ec;
  int files = 0;
  for (llvm::sys::fs::recursive_directory_iterator it(folder, ec), end;
       it != end && !ec; it.increment(ec))
    files += it->type() == llvm::sys::fs::file_type::regular_file;
  EXPECT_EQ(files, 1);
}

TEST_F(DiskCacheTest, UnwritableFolderIsAnError) {
  llvm::SmallString<128> file(folder);
  file += "/plain-file";
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(file, ec);
    ASSERT_FALSE(ec);
  }
  // A folder path that runs through a regular file.
  DiskCache cache((file + "/cache").str());
  llvm::Error error = cache.store(DiskCache::hashKey({"k"}), "payload");
  EXPECT_TRUE(llvm::errorToBool(std::move(error)));
}

TEST_F(DiskCacheTest, VersionNamesReleaseRevisionAndLLVM) {
  llvm::StringRef version = getCompilerVersion();
  EXPECT_TRUE(version.starts_with("hlox "));
  EXPECT_TRUE(version.contains("LLVM "));
}

} // namespace
