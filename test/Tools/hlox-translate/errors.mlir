// Bad requests and bad artifacts: a clear error and exit 1, never a crash.
// RUN: %expect-exit 1 hlox-translate --serialize %s 2>&1 | FileCheck %s --check-prefix=NO-TARGET
// RUN: %expect-exit 1 hlox-translate %s 2>&1 | FileCheck %s --check-prefix=NO-MODE
// RUN: %expect-exit 1 hlox-translate --serialize --target=1.x %s 2>&1 | FileCheck %s --check-prefix=BAD-TARGET
// RUN: %expect-exit 1 hlox-translate --serialize --target=2.0.0 %s 2>&1 | FileCheck %s --check-prefix=FUTURE-TARGET
// RUN: %expect-exit 1 hlox-translate --serialize --target=0.8.0 %s 2>&1 | FileCheck %s --check-prefix=OLD-TARGET
// RUN: %expect-exit 1 hlox-translate --serialize --target=1.3.0 %s 2>&1 | FileCheck %s --check-prefix=TOO-NEW
// RUN: hlox-translate --serialize --target=current %s -o %t.bc
// RUN: head -c 120 %t.bc > %t.truncated.bc
// RUN: %expect-exit 1 hlox-translate --deserialize %t.truncated.bc 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// RUN: %expect-exit 2 hlox-run %t.truncated.bc 2>&1 | FileCheck %s --check-prefix=TRUNCATED

// NO-TARGET: error: --serialize needs --target=X.Y.Z or --target=current
// NO-MODE: error: give exactly one of --serialize, --deserialize
// BAD-TARGET: error: Invalid target version argument '1.x'
// FUTURE-TARGET: error: target version 2.0.0 is greater than current version 1.20.0
// OLD-TARGET: error: target version 0.8.0 is less than minimum supported 0.9.0
// TOO-NEW: errors.mlir:[[@LINE+7]]:8: error: failed to legalize operation 'vhlo.tan_v2' that was explicitly marked illegal
// TOO-NEW: error: failed to convert VHLO to v1.3.0
// TRUNCATED: error: {{.*}}
// TRUNCATED: note: in bytecode version 6 produced by: StableHLO_v1.20.0
// TRUNCATED: error: failed to deserialize portable artifact using StableHLO_v1.20.0

func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.tan %arg0 : tensor<f32>
  return %0 : tensor<f32>
}
