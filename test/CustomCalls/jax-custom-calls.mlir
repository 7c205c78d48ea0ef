// The custom calls JAX writes for ops that are not LAPACK's, compiled and
// interpreted: ApproxTopK (the exact top-k on the CPU), the
// stablehlo.dynamic_* calls of shape-polymorphic exports once their sizes
// are constants (jax-dynamic-*.mlir), and the DUCC FFT calls of 2022-2023
// CPU exports.
// RUN: hlox-run --function=approx --print-output %s | FileCheck %s --check-prefix=APPROX
// RUN: hlox-run --interpret --function=approx --print-output %s | FileCheck %s --check-prefix=APPROX
// RUN: hlox-run --function=approx_min --print-output %s | FileCheck %s --check-prefix=APPROXMIN
// RUN: hlox-run --interpret --function=approx_min --print-output %s | FileCheck %s --check-prefix=APPROXMIN
// RUN: hlox-run --function=ducc_fft --print-output %s | FileCheck %s --check-prefix=FFT
// RUN: hlox-run --interpret --function=ducc_fft --print-output %s | FileCheck %s --check-prefix=FFT
// RUN: hlox-run --function=dynamic_ducc_fft --print-output %s | FileCheck %s --check-prefix=DFFT
// RUN: hlox-run --interpret --function=dynamic_ducc_fft --print-output %s | FileCheck %s --check-prefix=DFFT
// RUN: hlox-run --function=dynamic_ducc_ifft --print-output %s | FileCheck %s --check-prefix=IFFT
// RUN: hlox-run --interpret --function=dynamic_ducc_ifft --print-output %s | FileCheck %s --check-prefix=IFFT
// RUN: hlox-run --function=dynamic_ducc_rfft_irfft --print-output %s | FileCheck %s --check-prefix=RFFT
// RUN: hlox-run --interpret --function=dynamic_ducc_rfft_irfft --print-output %s | FileCheck %s --check-prefix=RFFT
// RUN: hlox-opt --stablehlo-legalize-jax-custom-calls %s | FileCheck %s --check-prefix=IR

func.func @top_k_gt_f32_comparator(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<i1> {
  %0 = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}
func.func @top_k_lt_f32_comparator(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<i1> {
  %0 = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}

// A stable sort by the comparator, sliced: ties keep the lower index.
// APPROX: result[0]: dense<[7.000000e+00, 6.000000e+00, 6.000000e+00]> : tensor<3xf32>
// APPROX-NEXT: result[1]: dense<[6, 2, 5]> : tensor<3xi32>
// IR-LABEL: func.func @approx
// IR: %[[SORT:.*]]:2 = "stablehlo.sort"(%{{.*}}, %{{.*}}) <{dimension = 0 : i64, is_stable = true}>
// IR: stablehlo.compare GT
// IR: stablehlo.slice %[[SORT]]#0 [0:3]
// IR: stablehlo.slice %[[SORT]]#1 [0:3]
// IR-NOT: custom_call
func.func @approx() -> (tensor<3xf32>, tensor<3xi32>) {
  %x = stablehlo.constant dense<[3.0, 1.0, 6.0, 2.0, 5.0, 6.0, 7.0]> : tensor<7xf32>
  %i = stablehlo.iota dim = 0 : tensor<7xi32>
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m1 = stablehlo.constant dense<-1> : tensor<i32>
  %r:2 = stablehlo.custom_call @ApproxTopK(%x, %i, %init, %m1) {called_computations = [@top_k_gt_f32_comparator], mhlo.backend_config = {aggregate_to_topk = true, is_fallback = true, recall_target = 0.949999988 : f32, reduction_dim = 0 : i64, reduction_input_size_override = -1 : i64, top_k = 3 : i64}} : (tensor<7xf32>, tensor<7xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xi32>
}

// approx_min_k along dimension 1 of a matrix.
// APPROXMIN: result[0]: dense<{{\[\[}}1.000000e+00, 2.000000e+00], [-4.000000e+00, -3.000000e+00]]> : tensor<2x2xf32>
// APPROXMIN-NEXT: result[1]: dense<{{\[\[}}1, 3], [3, 0]]> : tensor<2x2xi32>
func.func @approx_min() -> (tensor<2x2xf32>, tensor<2x2xi32>) {
  %x = stablehlo.constant dense<[[3.0, 1.0, 4.0, 2.0], [-3.0, 5.0, 9.0, -4.0]]> : tensor<2x4xf32>
  %i = stablehlo.iota dim = 1 : tensor<2x4xi32>
  %init = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %m1 = stablehlo.constant dense<-1> : tensor<i32>
  %r:2 = stablehlo.custom_call @ApproxTopK(%x, %i, %init, %m1) {called_computations = [@top_k_lt_f32_comparator], mhlo.backend_config = {aggregate_to_topk = true, is_fallback = true, recall_target = 0.949999988 : f32, reduction_dim = 1 : i64, reduction_input_size_override = -1 : i64, top_k = 2 : i64}} : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
  return %r#0, %r#1 : tensor<2x2xf32>, tensor<2x2xi32>
}


// A forward complex transform of each row of [0, 1, 2, 3] (the descriptor
// JAX wrote: shape [3, 4], strides [4, 1], axes [1], forward, scale 1).
// FFT: result[0]: dense<{{\[\[}}(6.000000e+00,0.000000e+00), (-2.000000e+00,2.000000e+00), (-2.000000e+00,{{[^)]*}}), (-2.000000e+00,-2.000000e+00)],
// IR-LABEL: func.func @ducc_fft
// IR: stablehlo.fft %{{.*}}, type = FFT, length = [4]
// IR-NOT: stablehlo.multiply
// IR: return
func.func @ducc_fft() -> tensor<3x4xcomplex<f32>> {
  %d = stablehlo.constant dense<"0x18000000140024000000000008000C001000140007001800140000000000000154000000380000001C00000010000000000000000000F03F0000000001000000010000000200000004000000000000000100000000000000000000000200000004000000000000000100000000000000000000000200000003000000000000000400000000000000"> : tensor<136xui8>
  %x = stablehlo.iota dim = 1 : tensor<3x4xf32>
  %c = stablehlo.convert %x : (tensor<3x4xf32>) -> tensor<3x4xcomplex<f32>>
  %r = stablehlo.custom_call @ducc_fft(%d, %c) {api_version = 2 : i32, operand_layouts = [dense<0> : tensor<1xindex>, dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<136xui8>, tensor<3x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  return %r : tensor<3x4xcomplex<f32>>
}

// The dynamic form: shape, strides and scale as operands (here the scale
// halves the transform).
// DFFT: result[0]: dense<{{\[\[}}(3.000000e+00,0.000000e+00), (-1.000000e+00,1.000000e+00), (-1.000000e+00,{{[^)]*}}), (-1.000000e+00,-1.000000e+00)],
func.func @dynamic_ducc_fft() -> tensor<3x4xcomplex<f32>> {
  %d = stablehlo.constant dense<[20, 0, 0, 0, 0, 0, 14, 0, 16, 0, 8, 0, 0, 0, 0, 0, 12, 0, 7, 0, 14, 0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]> : tensor<44xui8>
  %x = stablehlo.iota dim = 1 : tensor<3x4xf32>
  %c = stablehlo.convert %x : (tensor<3x4xf32>) -> tensor<3x4xcomplex<f32>>
  %shape = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
  %strides = stablehlo.constant dense<[4, 1]> : tensor<2xi32>
  %scale = stablehlo.constant dense<0.5> : tensor<1xf64>
  %r = stablehlo.custom_call @dynamic_ducc_fft(%d, %c, %shape, %strides, %strides, %scale, %shape) {api_version = 2 : i32, indices_of_shape_operands = dense<6> : tensor<1xi64>} : (tensor<44xui8>, tensor<3x4xcomplex<f32>>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<1xf64>, tensor<2xi32>) -> tensor<3x4xcomplex<f32>>
  return %r : tensor<3x4xcomplex<f32>>
}

// The inverse (the descriptor's forward flag cleared), with JAX's 1/N
// scale: the transform above undone.
// IFFT: result[0]: dense<{{\[\[}}0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00]]> : tensor<1x4xf32>
func.func @dynamic_ducc_ifft() -> tensor<1x4xf32> {
  %d = stablehlo.constant dense<[20, 0, 0, 0, 0, 0, 14, 0, 16, 0, 8, 0, 0, 0, 0, 0, 12, 0, 7, 0, 14, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]> : tensor<44xui8>
  %x = stablehlo.constant dense<[[(6.0, 0.0), (-2.0, 2.0), (-2.0, 0.0), (-2.0, -2.0)]]> : tensor<1x4xcomplex<f32>>
  %shape = stablehlo.constant dense<[1, 4]> : tensor<2xi32>
  %strides = stablehlo.constant dense<[4, 1]> : tensor<2xi32>
  %n = stablehlo.constant dense<4.0> : tensor<1xf64>
  %one = stablehlo.constant dense<1.0> : tensor<1xf64>
  %scale = stablehlo.divide %one, %n : tensor<1xf64>
  %r = stablehlo.custom_call @dynamic_ducc_fft(%d, %x, %shape, %strides, %strides, %scale) {api_version = 2 : i32} : (tensor<44xui8>, tensor<1x4xcomplex<f32>>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<1xf64>) -> tensor<1x4xcomplex<f32>>
  %re = stablehlo.real %r : (tensor<1x4xcomplex<f32>>) -> tensor<1x4xf32>
  return %re : tensor<1x4xf32>
}

// Real to complex (the descriptor's kind 2, at a field of its own), then
// complex to real (kind 1, inverse, JAX's 1/N): the row back.
// RFFT: result[0]: dense<{{\[\[}}(6.000000e+00,0.000000e+00), (-2.000000e+00,2.000000e+00), (-2.000000e+00,{{[^)]*}})]]> : tensor<1x3xcomplex<f32>>
// RFFT-NEXT: result[1]: dense<{{\[\[}}0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00]]> : tensor<1x4xf32>
func.func @dynamic_ducc_rfft_irfft() -> (tensor<1x3xcomplex<f32>>, tensor<1x4xf32>) {
  %rd = stablehlo.constant dense<[20, 0, 0, 0, 0, 0, 14, 0, 16, 0, 8, 0, 0, 0, 6, 0, 12, 0, 7, 0, 14, 0, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]> : tensor<44xui8>
  %id = stablehlo.constant dense<[20, 0, 0, 0, 0, 0, 14, 0, 16, 0, 8, 0, 0, 0, 6, 0, 12, 0, 7, 0, 14, 0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]> : tensor<44xui8>
  %x = stablehlo.constant dense<[[0.0, 1.0, 2.0, 3.0]]> : tensor<1x4xf32>
  %shape = stablehlo.constant dense<[1, 4]> : tensor<2xi32>
  %real = stablehlo.constant dense<[4, 1]> : tensor<2xi32>
  %half = stablehlo.constant dense<[3, 1]> : tensor<2xi32>
  %one = stablehlo.constant dense<1.0> : tensor<1xf64>
  %quarter = stablehlo.constant dense<0.25> : tensor<1xf64>
  %f = stablehlo.custom_call @dynamic_ducc_fft(%rd, %x, %shape, %real, %half, %one) {api_version = 2 : i32} : (tensor<44xui8>, tensor<1x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<1xf64>) -> tensor<1x3xcomplex<f32>>
  %b = stablehlo.custom_call @dynamic_ducc_fft(%id, %f, %shape, %half, %real, %quarter) {api_version = 2 : i32} : (tensor<44xui8>, tensor<1x3xcomplex<f32>>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<1xf64>) -> tensor<1x4xf32>
  return %f, %b : tensor<1x3xcomplex<f32>>, tensor<1x4xf32>
}
