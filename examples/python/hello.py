# Compile a StableHLO program and run it on numpy arrays (docs/python.md).
import numpy as np

import hlox

exe = hlox.compile("""
func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.multiply %x, %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}""")
y, = exe(np.array([1, 2, 3], np.float32))
print(np.asarray(y))  # [1. 4. 9.]
