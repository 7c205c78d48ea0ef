// JAX's LAPACK targets reject what LAPACK cannot be given, with the target
// and the offending attribute or buffer named, compiled and interpreted; a
// failing call does not spoil the next.
// RUN: %expect-exit 2 hlox-run --function=bad_uplo %s 2>&1 | FileCheck %s --check-prefix=UPLO
// RUN: %expect-exit 2 hlox-run --interpret --function=bad_uplo %s 2>&1 | FileCheck %s --check-prefix=UPLO
// RUN: %expect-exit 2 hlox-run --function=not_square %s 2>&1 | FileCheck %s --check-prefix=SQUARE
// RUN: %expect-exit 2 hlox-run --interpret --function=not_square %s 2>&1 | FileCheck %s --check-prefix=SQUARE
// RUN: %expect-exit 2 hlox-run --function=wrong_type %s 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: %expect-exit 2 hlox-run --function=missing_attr %s 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: %expect-exit 2 hlox-run --function=legacy_sizes %s 2>&1 | FileCheck %s --check-prefix=LEGACY
// RUN: %expect-exit 2 hlox-run --interpret --function=legacy_sizes %s 2>&1 | FileCheck %s --check-prefix=LEGACY
// RUN: %expect-exit 2 hlox-run --function=sort %s 2>&1 | FileCheck %s --check-prefix=SORT
// RUN: %expect-exit 2 hlox-run --function=bad_range %s 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: hlox-run --function=singular --print-output %s 2>&1 | FileCheck %s --check-prefix=SINGULAR
// RUN: hlox-run --interpret --function=singular --print-output %s 2>&1 | FileCheck %s --check-prefix=SINGULAR

// UPLO: lapack-errors.mlir:[[@LINE+3]]:10: error: {{.*}}lapack_spotrf_ffi: attribute 'uplo' is 88; it must be one of 'L' (76), 'U' (85)
func.func @bad_uplo() -> tensor<i32> {
  %a = stablehlo.constant dense<[[4.0, 1.0], [1.0, 3.0]]> : tensor<2x2xf32>
  %r:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 88 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<i32>)
  return %r#1 : tensor<i32>
}

// SQUARE: lapack_dsyevd_ffi: operand 0 has shape [2x3]; the call needs [2x2]
func.func @not_square() -> tensor<i32> {
  %a = stablehlo.constant dense<1.0> : tensor<2x3xf64>
  %r:3 = stablehlo.custom_call @lapack_dsyevd_ffi(%a) {mhlo.backend_config = {mode = 86 : ui8, uplo = 76 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]} : (tensor<2x3xf64>) -> (tensor<2x3xf64>, tensor<2xf64>, tensor<i32>)
  return %r#2 : tensor<i32>
}

// TYPE: lapack_sgetrf_ffi: argument 0 is f64 of rank 2; the handler takes f32
func.func @wrong_type() -> tensor<i32> {
  %a = stablehlo.constant dense<1.0> : tensor<2x2xf64>
  %r:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%a) {mhlo.backend_config = {}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]} : (tensor<2x2xf64>) -> (tensor<2x2xf64>, tensor<2xi32>, tensor<i32>)
  return %r#2 : tensor<i32>
}

// MISSING: lapack_strsm_ffi: {{.*}}'side'
func.func @missing_attr() -> tensor<2x2xf32> {
  %a = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %r = stablehlo.custom_call @lapack_strsm_ffi(%a, %a) {mhlo.backend_config = {diag = 78 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// LEGACY: lapack_sgetrf: operand 1 (m) is 3 but the shapes make it 2
func.func @legacy_sizes() -> tensor<i32> {
  %b = stablehlo.constant dense<1> : tensor<i32>
  %m = stablehlo.constant dense<3> : tensor<i32>
  %n = stablehlo.constant dense<2> : tensor<i32>
  %a = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %r:3 = stablehlo.custom_call @lapack_sgetrf(%b, %m, %n, %a) {api_version = 2 : i32, operand_layouts = [dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xi32>, tensor<i32>)
  return %r#2 : tensor<i32>
}

// SORT: lapack_sgees_ffi: sorting the eigenvalues (sort = 'S') needs a selection function
func.func @sort() -> tensor<i32> {
  %a = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %r:6 = stablehlo.custom_call @lapack_sgees_ffi(%a) {mhlo.backend_config = {mode = 86 : ui8, sort = 83 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>]} : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<i32>, tensor<i32>)
  return %r#5 : tensor<i32>
}

// RANGE: lapack_sgehrd_ffi: low = 2 and high = 5 must satisfy 1 <= low <= high <= 3
func.func @bad_range() -> tensor<i32> {
  %a = stablehlo.constant dense<1.0> : tensor<3x3xf32>
  %r:3 = stablehlo.custom_call @lapack_sgehrd_ffi(%a) {mhlo.backend_config = {high = 5 : i32, low = 2 : i32}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]} : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<2xf32>, tensor<i32>)
  return %r#2 : tensor<i32>
}

// A singular matrix is not an error: info says which pivot is zero, and a
// matrix that is not positive definite says which minor.
// SINGULAR: result[0]: dense<2> : tensor<2xi32>
// SINGULAR-NEXT: result[1]: dense<2> : tensor<i32>
// SINGULAR-NEXT: result[2]: dense<2> : tensor<i32>
func.func @singular() -> (tensor<2xi32>, tensor<i32>, tensor<i32>) {
  %a = stablehlo.constant dense<[[1.0, 2.0], [2.0, 4.0]]> : tensor<2x2xf32>
  %r:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%a) {mhlo.backend_config = {}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]} : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xi32>, tensor<i32>)
  %c:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<i32>)
  return %r#1, %r#2, %c#1 : tensor<2xi32>, tensor<i32>, tensor<i32>
}
