// RUN: hlox-run %s --compare-with-interpreter | FileCheck %s

// The small-float codecs in kernels are bit arithmetic on each format's
// layout (hlox::buildDecodeSmallFloat, buildEncodeSmallFloat, which the
// CUDA target runs too), no call: against the evaluator's codecs, bit for
// bit, every code of each f8 format decoded (result 0), and every
// sign, exponent and top seven mantissa bits of f32 (ties for every
// format, and the values just above them) and of f64 (its subnormals,
// overflows, infinities and NaNs) encoded into every f4, f6 and f8 format:
// the f8 codes themselves (results 1 and 2), the f4 and f6 ones decoded
// back (results 3 and 4). Left out, where the evaluator (LLVM's APFloat)
// and the runtime's codecs disagree: NaN payloads (the codecs make one
// quiet NaN), infinite and NaN inputs of the formats without them, and
// f8E8M0FNU's NaN code 0xFF and negative inputs (the last row).
// CHECK: result[0] tensor<8x256xui32>: 0 of 2048 elements differ
// CHECK: result[1] tensor<8x131072xui8>: 0 of 1048576 elements differ
// CHECK: result[2] tensor<8x131072xui8>: 0 of 1048576 elements differ
// CHECK: result[3] tensor<3x131072xui32>: 0 of 393216 elements differ
// CHECK: result[4] tensor<3x131072xui32>: 0 of 393216 elements differ
func.func @main() -> (tensor<8x256xui32>, tensor<8x131072xui8>, tensor<8x131072xui8>, tensor<3x131072xui32>, tensor<3x131072xui32>) {
  %codes = stablehlo.iota dim = 0 : tensor<256xui8>
  %nan = stablehlo.constant dense<0x7FC00000> : tensor<256xf32>
  %i32 = stablehlo.iota dim = 0 : tensor<65536xui32>
  %s16 = stablehlo.constant dense<16> : tensor<65536xui32>
  %half32 = stablehlo.constant dense<32768> : tensor<65536xui32>
  %hi = stablehlo.shift_left %i32, %s16 : tensor<65536xui32>
  %hi2 = stablehlo.or %hi, %half32 : tensor<65536xui32>
  %xa = stablehlo.bitcast_convert %hi : (tensor<65536xui32>) -> tensor<65536xf32>
  %xb = stablehlo.bitcast_convert %hi2 : (tensor<65536xui32>) -> tensor<65536xf32>
  %xall = stablehlo.concatenate %xa, %xb, dim = 0 : (tensor<65536xf32>, tensor<65536xf32>) -> tensor<131072xf32>
  %xfinite = stablehlo.is_finite %xall : (tensor<131072xf32>) -> tensor<131072xi1>
  %xzero = stablehlo.constant dense<0.0> : tensor<131072xf32>
  %x = stablehlo.select %xfinite, %xall, %xzero : tensor<131072xi1>, tensor<131072xf32>
  %i64 = stablehlo.iota dim = 0 : tensor<65536xui64>
  %s48 = stablehlo.constant dense<48> : tensor<65536xui64>
  %half64 = stablehlo.constant dense<140737488355328> : tensor<65536xui64>
  %dhi = stablehlo.shift_left %i64, %s48 : tensor<65536xui64>
  %dhi2 = stablehlo.or %dhi, %half64 : tensor<65536xui64>
  %ya = stablehlo.bitcast_convert %dhi : (tensor<65536xui64>) -> tensor<65536xf64>
  %yb = stablehlo.bitcast_convert %dhi2 : (tensor<65536xui64>) -> tensor<65536xf64>
  %yall = stablehlo.concatenate %ya, %yb, dim = 0 : (tensor<65536xf64>, tensor<65536xf64>) -> tensor<131072xf64>
  %yfinite = stablehlo.is_finite %yall : (tensor<131072xf64>) -> tensor<131072xi1>
  %yzero = stablehlo.constant dense<0.0> : tensor<131072xf64>
  %y = stablehlo.select %yfinite, %yall, %yzero : tensor<131072xi1>, tensor<131072xf64>
  %c0 = stablehlo.bitcast_convert %codes : (tensor<256xui8>) -> tensor<256xf8E3M4>
  %d0 = stablehlo.convert %c0 : (tensor<256xf8E3M4>) -> tensor<256xf32>
  %dn0 = stablehlo.compare NE, %d0, %d0 : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xi1>
  %dq0 = stablehlo.select %dn0, %nan, %d0 : tensor<256xi1>, tensor<256xf32>
  %db0 = stablehlo.bitcast_convert %dq0 : (tensor<256xf32>) -> tensor<256xui32>
  %dr0 = stablehlo.reshape %db0 : (tensor<256xui32>) -> tensor<1x256xui32>
  %ex0 = stablehlo.convert %x : (tensor<131072xf32>) -> tensor<131072xf8E3M4>
  %exb0 = stablehlo.bitcast_convert %ex0 : (tensor<131072xf8E3M4>) -> tensor<131072xui8>
  %exr0 = stablehlo.reshape %exb0 : (tensor<131072xui8>) -> tensor<1x131072xui8>
  %ey0 = stablehlo.convert %y : (tensor<131072xf64>) -> tensor<131072xf8E3M4>
  %eyb0 = stablehlo.bitcast_convert %ey0 : (tensor<131072xf8E3M4>) -> tensor<131072xui8>
  %eyr0 = stablehlo.reshape %eyb0 : (tensor<131072xui8>) -> tensor<1x131072xui8>
  %c1 = stablehlo.bitcast_convert %codes : (tensor<256xui8>) -> tensor<256xf8E4M3>
  %d1 = stablehlo.convert %c1 : (tensor<256xf8E4M3>) -> tensor<256xf32>
  %dn1 = stablehlo.compare NE, %d1, %d1 : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xi1>
  %dq1 = stablehlo.select %dn1, %nan, %d1 : tensor<256xi1>, tensor<256xf32>
  %db1 = stablehlo.bitcast_convert %dq1 : (tensor<256xf32>) -> tensor<256xui32>
  %dr1 = stablehlo.reshape %db1 : (tensor<256xui32>) -> tensor<1x256xui32>
  %ex1 = stablehlo.convert %x : (tensor<131072xf32>) -> tensor<131072xf8E4M3>
  %exb1 = stablehlo.bitcast_convert %ex1 : (tensor<131072xf8E4M3>) -> tensor<131072xui8>
  %exr1 = stablehlo.reshape %exb1 : (tensor<131072xui8>) -> tensor<1x131072xui8>
  %ey1 = stablehlo.convert %y : (tensor<131072xf64>) -> tensor<131072xf8E4M3>
  %eyb1 = stablehlo.bitcast_convert %ey1 : (tensor<131072xf8E4M3>) -> tensor<131072xui8>
  %eyr1 = stablehlo.reshape %eyb1 : (tensor<131072xui8>) -> tensor<1x131072xui8>
  %c2 = stablehlo.bitcast_convert %codes : (tensor<256xui8>) -> tensor<256xf8E4M3FN>
  %d2 = stablehlo.convert %c2 : (tensor<256xf8E4M3FN>) -> tensor<256xf32>
  %dn2 = stablehlo.compare NE, %d2, %d2 : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xi1>
  %dq2 = stablehlo.select %dn2, %nan, %d2 : tensor<256xi1>, tensor<256xf32>
  %db2 = stablehlo.bitcast_convert %dq2 : (tensor<256xf32>) -> tensor<256xui32>
  %dr2 = stablehlo.reshape %db2 : (tensor<256xui32>) -> tensor<1x256xui32>
  %ex2 = stablehlo.convert %x : (tensor<131072xf32>) -> tensor<131072xf8E4M3FN>
  %exb2 = stablehlo.bitcast_convert %ex2 : (tensor<131072xf8E4M3FN>) -> tensor<131072xui8>
  %exr2 = stablehlo.reshape %exb2 : (tensor<131072xui8>) -> tensor<1x131072xui8>
  %ey2 = stablehlo.convert %y : (tensor<131072xf64>) -> tensor<131072xf8E4M3FN>
  %eyb2 = stablehlo.bitcast_convert %ey2 : (tensor<131072xf8E4M3FN>) -> tensor<131072xui8>
  %eyr2 = stablehlo.reshape %eyb2 : (tensor<131072xui8>) -> tensor<1x131072xui8>
  %c3 = stablehlo.bitcast_convert %codes : (tensor<256xui8>) -> tensor<256xf8E4M3FNUZ>
  %d3 = stablehlo.convert %c3 : (tensor<256xf8E4M3FNUZ>) -> tensor<256xf32>
  %dn3 = stablehlo.compare NE, %d3, %d3 : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xi1>
  %dq3 = stablehlo.select %dn3, %nan, %d3 : tensor<256xi1>, tensor<256xf32>
  %db3 = stablehlo.bitcast_convert %dq3 : (tensor<256xf32>) -> tensor<256xui32>
  %dr3 = stablehlo.reshape %db3 : (tensor<256xui32>) -> tensor<1x256xui32>
  %ex3 = stablehlo.convert %x : (tensor<131072xf32>) -> tensor<131072xf8E4M3FNUZ>
  %exb3 = stablehlo.bitcast_convert %ex3 : (tensor<131072xf8E4M3FNUZ>) -> tensor<131072xui8>
  %exr3 = stablehlo.reshape %exb3 : (tensor<131072xui8>) -> tensor<1x131072xui8>
  %ey3 = stablehlo.convert %y : (tensor<131072xf64>) -> tensor<131072xf8E4M3FNUZ>
  %eyb3 = stablehlo.bitcast_convert %ey3 : (tensor<131072xf8E4M3FNUZ>) -> tensor<131072xui8>
  %eyr3 = stablehlo.reshape %eyb3 : (tensor<131072xui8>) -> tensor<1x131072xui8>
  %c4 = stablehlo.bitcast_convert %codes : (tensor<256xui8>) -> tensor<256xf8E4M3B11FNUZ>
  %d4 = stablehlo.convert %c4 : (tensor<256xf8E4M3B11FNUZ>) -> tensor<256xf32>
  %dn4 = stablehlo.compare NE, %d4, %d4 : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xi1>
  %dq4 = stablehlo.select %dn4, %nan, %d4 : tensor<256xi1>, tensor<256xf32>
  %db4 = stablehlo.bitcast_convert %dq4 : (tensor<256xf32>) -> tensor<256xui32>
  %dr4 = stablehlo.reshape %db4 : (tensor<256xui32>) -> tensor<1x256xui32>
  %ex4 = stablehlo.convert %x : (tensor<131072xf32>) -> tensor<131072xf8E4M3B11FNUZ>
  %exb4 = stablehlo.bitcast_convert %ex4 : (tensor<131072xf8E4M3B11FNUZ>) -> tensor<131072xui8>
  %exr4 = stablehlo.reshape %exb4 : (tensor<131072xui8>) -> tensor<1x131072xui8>
  %ey4 = stablehlo.convert %y : (tensor<131072xf64>) -> tensor<131072xf8E4M3B11FNUZ>
  %eyb4 = stablehlo.bitcast_convert %ey4 : (tensor<131072xf8E4M3B11FNUZ>) -> tensor<131072xui8>
  %eyr4 = stablehlo.reshape %eyb4 : (tensor<131072xui8>) -> tensor<1x131072xui8>
  %c5 = stablehlo.bitcast_convert %codes : (tensor<256xui8>) -> tensor<256xf8E5M2>
  %d5 = stablehlo.convert %c5 : (tensor<256xf8E5M2>) -> tensor<256xf32>
  %dn5 = stablehlo.compare NE, %d5, %d5 : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xi1>
  %dq5 = stablehlo.select %dn5, %nan, %d5 : tensor<256xi1>, tensor<256xf32>
  %db5 = stablehlo.bitcast_convert %dq5 : (tensor<256xf32>) -> tensor<256xui32>
  %dr5 = stablehlo.reshape %db5 : (tensor<256xui32>) -> tensor<1x256xui32>
  %ex5 = stablehlo.convert %x : (tensor<131072xf32>) -> tensor<131072xf8E5M2>
  %exb5 = stablehlo.bitcast_convert %ex5 : (tensor<131072xf8E5M2>) -> tensor<131072xui8>
  %exr5 = stablehlo.reshape %exb5 : (tensor<131072xui8>) -> tensor<1x131072xui8>
  %ey5 = stablehlo.convert %y : (tensor<131072xf64>) -> tensor<131072xf8E5M2>
  %eyb5 = stablehlo.bitcast_convert %ey5 : (tensor<131072xf8E5M2>) -> tensor<131072xui8>
  %eyr5 = stablehlo.reshape %eyb5 : (tensor<131072xui8>) -> tensor<1x131072xui8>
  %c6 = stablehlo.bitcast_convert %codes : (tensor<256xui8>) -> tensor<256xf8E5M2FNUZ>
  %d6 = stablehlo.convert %c6 : (tensor<256xf8E5M2FNUZ>) -> tensor<256xf32>
  %dn6 = stablehlo.compare NE, %d6, %d6 : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xi1>
  %dq6 = stablehlo.select %dn6, %nan, %d6 : tensor<256xi1>, tensor<256xf32>
  %db6 = stablehlo.bitcast_convert %dq6 : (tensor<256xf32>) -> tensor<256xui32>
  %dr6 = stablehlo.reshape %db6 : (tensor<256xui32>) -> tensor<1x256xui32>
  %ex6 = stablehlo.convert %x : (tensor<131072xf32>) -> tensor<131072xf8E5M2FNUZ>
  %exb6 = stablehlo.bitcast_convert %ex6 : (tensor<131072xf8E5M2FNUZ>) -> tensor<131072xui8>
  %exr6 = stablehlo.reshape %exb6 : (tensor<131072xui8>) -> tensor<1x131072xui8>
  %ey6 = stablehlo.convert %y : (tensor<131072xf64>) -> tensor<131072xf8E5M2FNUZ>
  %eyb6 = stablehlo.bitcast_convert %ey6 : (tensor<131072xf8E5M2FNUZ>) -> tensor<131072xui8>
  %eyr6 = stablehlo.reshape %eyb6 : (tensor<131072xui8>) -> tensor<1x131072xui8>
  %max = stablehlo.constant dense<255> : tensor<256xui8>
  %zero8 = stablehlo.constant dense<0> : tensor<256xui8>
  %is255 = stablehlo.compare EQ, %codes, %max : (tensor<256xui8>, tensor<256xui8>) -> tensor<256xi1>
  %codes7 = stablehlo.select %is255, %zero8, %codes : tensor<256xi1>, tensor<256xui8>
  %c7 = stablehlo.bitcast_convert %codes7 : (tensor<256xui8>) -> tensor<256xf8E8M0FNU>
  %d7 = stablehlo.convert %c7 : (tensor<256xf8E8M0FNU>) -> tensor<256xf32>
  %dn7 = stablehlo.compare NE, %d7, %d7 : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xi1>
  %dq7 = stablehlo.select %dn7, %nan, %d7 : tensor<256xi1>, tensor<256xf32>
  %db7 = stablehlo.bitcast_convert %dq7 : (tensor<256xf32>) -> tensor<256xui32>
  %dr7 = stablehlo.reshape %db7 : (tensor<256xui32>) -> tensor<1x256xui32>
  %x7 = stablehlo.abs %x : tensor<131072xf32>
  %ex7 = stablehlo.convert %x7 : (tensor<131072xf32>) -> tensor<131072xf8E8M0FNU>
  %exb7 = stablehlo.bitcast_convert %ex7 : (tensor<131072xf8E8M0FNU>) -> tensor<131072xui8>
  %exr7 = stablehlo.reshape %exb7 : (tensor<131072xui8>) -> tensor<1x131072xui8>
  %y7 = stablehlo.abs %y : tensor<131072xf64>
  %ey7 = stablehlo.convert %y7 : (tensor<131072xf64>) -> tensor<131072xf8E8M0FNU>
  %eyb7 = stablehlo.bitcast_convert %ey7 : (tensor<131072xf8E8M0FNU>) -> tensor<131072xui8>
  %eyr7 = stablehlo.reshape %eyb7 : (tensor<131072xui8>) -> tensor<1x131072xui8>
  %nx0 = stablehlo.convert %x : (tensor<131072xf32>) -> tensor<131072xf4E2M1FN>
  %nbx0 = stablehlo.convert %nx0 : (tensor<131072xf4E2M1FN>) -> tensor<131072xf32>
  %ncx0 = stablehlo.bitcast_convert %nbx0 : (tensor<131072xf32>) -> tensor<131072xui32>
  %nrx0 = stablehlo.reshape %ncx0 : (tensor<131072xui32>) -> tensor<1x131072xui32>
  %ny0 = stablehlo.convert %y : (tensor<131072xf64>) -> tensor<131072xf4E2M1FN>
  %nby0 = stablehlo.convert %ny0 : (tensor<131072xf4E2M1FN>) -> tensor<131072xf32>
  %ncy0 = stablehlo.bitcast_convert %nby0 : (tensor<131072xf32>) -> tensor<131072xui32>
  %nry0 = stablehlo.reshape %ncy0 : (tensor<131072xui32>) -> tensor<1x131072xui32>
  %nx1 = stablehlo.convert %x : (tensor<131072xf32>) -> tensor<131072xf6E2M3FN>
  %nbx1 = stablehlo.convert %nx1 : (tensor<131072xf6E2M3FN>) -> tensor<131072xf32>
  %ncx1 = stablehlo.bitcast_convert %nbx1 : (tensor<131072xf32>) -> tensor<131072xui32>
  %nrx1 = stablehlo.reshape %ncx1 : (tensor<131072xui32>) -> tensor<1x131072xui32>
  %ny1 = stablehlo.convert %y : (tensor<131072xf64>) -> tensor<131072xf6E2M3FN>
  %nby1 = stablehlo.convert %ny1 : (tensor<131072xf6E2M3FN>) -> tensor<131072xf32>
  %ncy1 = stablehlo.bitcast_convert %nby1 : (tensor<131072xf32>) -> tensor<131072xui32>
  %nry1 = stablehlo.reshape %ncy1 : (tensor<131072xui32>) -> tensor<1x131072xui32>
  %nx2 = stablehlo.convert %x : (tensor<131072xf32>) -> tensor<131072xf6E3M2FN>
  %nbx2 = stablehlo.convert %nx2 : (tensor<131072xf6E3M2FN>) -> tensor<131072xf32>
  %ncx2 = stablehlo.bitcast_convert %nbx2 : (tensor<131072xf32>) -> tensor<131072xui32>
  %nrx2 = stablehlo.reshape %ncx2 : (tensor<131072xui32>) -> tensor<1x131072xui32>
  %ny2 = stablehlo.convert %y : (tensor<131072xf64>) -> tensor<131072xf6E3M2FN>
  %nby2 = stablehlo.convert %ny2 : (tensor<131072xf6E3M2FN>) -> tensor<131072xf32>
  %ncy2 = stablehlo.bitcast_convert %nby2 : (tensor<131072xf32>) -> tensor<131072xui32>
  %nry2 = stablehlo.reshape %ncy2 : (tensor<131072xui32>) -> tensor<1x131072xui32>
  %r0 = stablehlo.concatenate %dr0, %dr1, %dr2, %dr3, %dr4, %dr5, %dr6, %dr7, dim = 0 : (tensor<1x256xui32>, tensor<1x256xui32>, tensor<1x256xui32>, tensor<1x256xui32>, tensor<1x256xui32>, tensor<1x256xui32>, tensor<1x256xui32>, tensor<1x256xui32>) -> tensor<8x256xui32>
  %r1 = stablehlo.concatenate %exr0, %exr1, %exr2, %exr3, %exr4, %exr5, %exr6, %exr7, dim = 0 : (tensor<1x131072xui8>, tensor<1x131072xui8>, tensor<1x131072xui8>, tensor<1x131072xui8>, tensor<1x131072xui8>, tensor<1x131072xui8>, tensor<1x131072xui8>, tensor<1x131072xui8>) -> tensor<8x131072xui8>
  %r2 = stablehlo.concatenate %eyr0, %eyr1, %eyr2, %eyr3, %eyr4, %eyr5, %eyr6, %eyr7, dim = 0 : (tensor<1x131072xui8>, tensor<1x131072xui8>, tensor<1x131072xui8>, tensor<1x131072xui8>, tensor<1x131072xui8>, tensor<1x131072xui8>, tensor<1x131072xui8>, tensor<1x131072xui8>) -> tensor<8x131072xui8>
  %r3 = stablehlo.concatenate %nrx0, %nrx1, %nrx2, dim = 0 : (tensor<1x131072xui32>, tensor<1x131072xui32>, tensor<1x131072xui32>) -> tensor<3x131072xui32>
  %r4 = stablehlo.concatenate %nry0, %nry1, %nry2, dim = 0 : (tensor<1x131072xui32>, tensor<1x131072xui32>, tensor<1x131072xui32>) -> tensor<3x131072xui32>
  return %r0, %r1, %r2, %r3, %r4 : tensor<8x256xui32>, tensor<8x131072xui8>, tensor<8x131072xui8>, tensor<3x131072xui32>, tensor<3x131072xui32>
}
