//===- VersionTest.cpp - StableHLO versions of portable artifacts --------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/VHLO/IR/Version.h"

#include "gtest/gtest.h"

#include <string>

using hlox::vhlo::getPortableArtifactVersion;
using hlox::vhlo::Version;

namespace {

TEST(VhloVersion, ParsesThreeNumbers) {
  std::optional<Version> version = Version::fromString("1.16.2");
  ASSERT_TRUE(version.has_value());
  EXPECT_EQ(version->getMajor(), 1);
  EXPECT_EQ(version->getMinor(), 16);
  EXPECT_EQ(version->getPatch(), 2);
  EXPECT_EQ(version->str(), "1.16.2");
  for (const char *bad : {"", "1", "1.2", "1.2.3.4", "1.x.0", "1..0", "-1.0.0",
                          " 1.0.0", "1.0.0 ", "1.0.99999999999"})
    EXPECT_FALSE(Version::fromString(bad).has_value()) << bad;
}

TEST(VhloVersion, ComparesByComponent) {
  EXPECT_LT(Version(0, 9, 0), Version(0, 10, 0));
  EXPECT_LT(Version(0, 20, 0), Version(1, 0, 0));
  EXPECT_LT(Version(1, 16, 0), Version(1, 16, 2));
  EXPECT_EQ(Version(1, 2, 3), *Version::fromString("1.2.3"));
  EXPECT_GE(Version::getCurrentVersion(), Version::getMinimumVersion());
}

TEST(VhloVersion, BytecodeFormatOfEachRelease) {
  auto format = [](int64_t major, int64_t minor) {
    return Version(major, minor, 0).getBytecodeVersion();
  };
  EXPECT_EQ(format(0, 9), 0);
  EXPECT_EQ(format(0, 10), 1);
  EXPECT_EQ(format(0, 11), 1);
  EXPECT_EQ(format(0, 12), 3);
  EXPECT_EQ(format(0, 13), 3);
  EXPECT_EQ(format(0, 14), 4);
  EXPECT_EQ(format(0, 15), 6);
  EXPECT_EQ(format(1, 0), 6);
  EXPECT_EQ(Version::getCurrentVersion().getBytecodeVersion(), 6);
  EXPECT_FALSE(Version(0, 8, 0).getBytecodeVersion().has_value());
  EXPECT_FALSE(Version(1, 21, 0).getBytecodeVersion().has_value());
}

TEST(VhloVersion, ReadsTheProducerOfAnArtifact) {
  std::string artifact("ML\xEFR\x0D" "StableHLO_v1.2.3", 21);
  artifact.push_back('\0');
  artifact += "rest of the file";
  std::optional<Version> version = getPortableArtifactVersion(artifact);
  ASSERT_TRUE(version.has_value());
  EXPECT_EQ(*version, Version(1, 2, 3));
  // Not bytecode, another producer, or a producer without a version.
  EXPECT_FALSE(getPortableArtifactVersion("module {}").has_value());
  std::string mlir("ML\xEFR\x0D" "MLIR22.1.8", 15);
  mlir.push_back('\0');
  EXPECT_FALSE(getPortableArtifactVersion(mlir).has_value());
  EXPECT_FALSE(getPortableArtifactVersion(std::string("ML\xEFR", 4))
                   .has_value());
}

} // namespace
