// The persistent kernel cache: a first run compiles both kernels (two
// dispatches: the tanh fuses into the second exp) and stores them, a second
// loads them; --vectorize=false changes the code, so its kernels are
// compiled again. A cache folder that cannot be written is a warning, and
// the program still runs.

// RUN: rm -rf %t && mkdir -p %t
// RUN: hlox-run %s --cache-dir=%t/cache --stats --print-output 2>&1 | FileCheck %s --check-prefix=COLD
// RUN: hlox-run %s --cache-dir=%t/cache --stats --print-output 2>&1 | FileCheck %s --check-prefix=WARM
// RUN: hlox-run %s --cache-dir=%t/cache --stats --vectorize=false 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: touch %t/file
// RUN: hlox-run %s --cache-dir=%t/file/cache --print-output 2>&1 | FileCheck %s --check-prefix=UNWRITABLE

// COLD: kernels 2 distinct (2 compiled, 0 from the cache)
// COLD: dispatches 2
// COLD: result[0]: dense<[2.71828{{[0-9]*}}, 7.3890{{[0-9]*}}, 20.0855{{[0-9]*}}, 54.598{{[0-9]*}}]>
// WARM: kernels 2 distinct (0 compiled, 2 from the cache)
// WARM: result[0]: dense<[2.71828{{[0-9]*}}, 7.3890{{[0-9]*}}, 20.0855{{[0-9]*}}, 54.598{{[0-9]*}}]>
// OTHER: kernels 2 distinct (2 compiled, 0 from the cache)
// UNWRITABLE: warning: cannot store 2 of 2 kernels in the compilation cache: cannot create cache folder {{.*}}: Not a directory
// UNWRITABLE: result[0]: dense<[2.71828

func.func @main() -> (tensor<4xf32>, tensor<4xf32>) {
  %c = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %x = stablehlo.exponential %c : tensor<4xf32>
  %t = stablehlo.tanh %x : tensor<4xf32>
  %y = stablehlo.exponential %t : tensor<4xf32>
  return %x, %y : tensor<4xf32>, tensor<4xf32>
}
