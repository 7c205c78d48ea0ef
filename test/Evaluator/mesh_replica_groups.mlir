// Replica groups given as mesh axes, on four replicas: each replica r
// holds 10^r, so each sum names its group. The mesh inline or by symbol,
// with device ids, and sub-axes of an axis.
// RUN: hlox-run --interpret --split-input-file %s

module @axis_y {
  func.func @sum(%x: tensor<i64>) -> tensor<i64> {
    %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
    }) {replica_groups = #stablehlo.replica_group_mesh_axes<
          mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>, #stablehlo.mesh_axis<name = "y", size = 2>]>,
          axes = [#stablehlo.axis_ref<name = "y">]>} : (tensor<i64>) -> tensor<i64>
    return %0 : tensor<i64>
  }
  func.func @main() {
    %v0 = stablehlo.constant dense<1> : tensor<i64>
    %v1 = stablehlo.constant dense<10> : tensor<i64>
    %v2 = stablehlo.constant dense<100> : tensor<i64>
    %v3 = stablehlo.constant dense<1000> : tensor<i64>
    %r:4 = "interpreter.run_parallel"(%v0, %v1, %v2, %v3) {programs = [[@sum], [@sum], [@sum], [@sum]]} : (tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>)
    // Groups [[0, 1], [2, 3]].
    check.expect_eq_const %r#0, dense<11> : tensor<i64>
    check.expect_eq_const %r#1, dense<11> : tensor<i64>
    check.expect_eq_const %r#2, dense<1100> : tensor<i64>
    check.expect_eq_const %r#3, dense<1100> : tensor<i64>
    func.return
  }
}

// -----

// The mesh by symbol, the major axis: groups [[0, 2], [1, 3]].
module @axis_x_symbol {
  func.func private @mesh() attributes {mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>, #stablehlo.mesh_axis<name = "y", size = 2>]>}
  func.func @sum(%x: tensor<i64>) -> tensor<i64> {
    %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
    }) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">]>} : (tensor<i64>) -> tensor<i64>
    return %0 : tensor<i64>
  }
  func.func @main() {
    %v0 = stablehlo.constant dense<1> : tensor<i64>
    %v1 = stablehlo.constant dense<10> : tensor<i64>
    %v2 = stablehlo.constant dense<100> : tensor<i64>
    %v3 = stablehlo.constant dense<1000> : tensor<i64>
    %r:4 = "interpreter.run_parallel"(%v0, %v1, %v2, %v3) {programs = [[@sum], [@sum], [@sum], [@sum]]} : (tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>)
    check.expect_eq_const %r#0, dense<101> : tensor<i64>
    check.expect_eq_const %r#1, dense<1010> : tensor<i64>
    check.expect_eq_const %r#2, dense<101> : tensor<i64>
    check.expect_eq_const %r#3, dense<1010> : tensor<i64>
    func.return
  }
}

// -----

// Device ids [0, 2, 1, 3] over x=2, y=2: along y, groups [[0, 2], [1, 3]].
module @device_ids {
  func.func @sum(%x: tensor<i64>) -> tensor<i64> {
    %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
    }) {replica_groups = #stablehlo.replica_group_mesh_axes<
          mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>, #stablehlo.mesh_axis<name = "y", size = 2>], device_ids = dense<[0, 2, 1, 3]> : tensor<4xi64>>,
          axes = [#stablehlo.axis_ref<name = "y">]>} : (tensor<i64>) -> tensor<i64>
    return %0 : tensor<i64>
  }
  func.func @main() {
    %v0 = stablehlo.constant dense<1> : tensor<i64>
    %v1 = stablehlo.constant dense<10> : tensor<i64>
    %v2 = stablehlo.constant dense<100> : tensor<i64>
    %v3 = stablehlo.constant dense<1000> : tensor<i64>
    %r:4 = "interpreter.run_parallel"(%v0, %v1, %v2, %v3) {programs = [[@sum], [@sum], [@sum], [@sum]]} : (tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>)
    check.expect_eq_const %r#0, dense<101> : tensor<i64>
    check.expect_eq_const %r#1, dense<1010> : tensor<i64>
    check.expect_eq_const %r#2, dense<101> : tensor<i64>
    check.expect_eq_const %r#3, dense<1010> : tensor<i64>
    func.return
  }
}

// -----

// Sub-axes of x=4 (read as [2, 2], major to minor): (1)2 is the major
// factor, groups [[0, 2], [1, 3]]; (2)2 the minor, [[0, 1], [2, 3]]; both,
// major listed first, one group [[0, 1, 2, 3]] whose all_gather order is
// the devices'; minor listed first, the group's order is [0, 2, 1, 3].
module @sub_axes {
  func.func @major(%x: tensor<i64>) -> tensor<i64> {
    %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
    }) {replica_groups = #stablehlo.replica_group_mesh_axes<
          mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 4>]>,
          axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (1)2>]>} : (tensor<i64>) -> tensor<i64>
    return %0 : tensor<i64>
  }
  func.func @minor(%x: tensor<i64>) -> tensor<i64> {
    %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
    }) {replica_groups = #stablehlo.replica_group_mesh_axes<
          mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 4>]>,
          axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (2)2>]>} : (tensor<i64>) -> tensor<i64>
    return %0 : tensor<i64>
  }
  func.func @gather_minor_first(%x: tensor<1xi64>) -> tensor<4xi64> {
    %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64,
      replica_groups = #stablehlo.replica_group_mesh_axes<
          mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 4>]>,
          axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (2)2>, #stablehlo.axis_ref<name = "x", sub_axis_info = (1)2>]>} : (tensor<1xi64>) -> tensor<4xi64>
    return %0 : tensor<4xi64>
  }
  func.func @main() {
    %v0 = stablehlo.constant dense<1> : tensor<i64>
    %v1 = stablehlo.constant dense<10> : tensor<i64>
    %v2 = stablehlo.constant dense<100> : tensor<i64>
    %v3 = stablehlo.constant dense<1000> : tensor<i64>
    %m:4 = "interpreter.run_parallel"(%v0, %v1, %v2, %v3) {programs = [[@major], [@major], [@major], [@major]]} : (tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>)
    check.expect_eq_const %m#0, dense<101> : tensor<i64>
    check.expect_eq_const %m#1, dense<1010> : tensor<i64>
    %n:4 = "interpreter.run_parallel"(%v0, %v1, %v2, %v3) {programs = [[@minor], [@minor], [@minor], [@minor]]} : (tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>)
    check.expect_eq_const %n#0, dense<11> : tensor<i64>
    check.expect_eq_const %n#2, dense<1100> : tensor<i64>
    %w0 = stablehlo.constant dense<[0]> : tensor<1xi64>
    %w1 = stablehlo.constant dense<[1]> : tensor<1xi64>
    %w2 = stablehlo.constant dense<[2]> : tensor<1xi64>
    %w3 = stablehlo.constant dense<[3]> : tensor<1xi64>
    %g:4 = "interpreter.run_parallel"(%w0, %w1, %w2, %w3) {programs = [[@gather_minor_first], [@gather_minor_first], [@gather_minor_first], [@gather_minor_first]]} : (tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> (tensor<4xi64>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64>)
    check.expect_eq_const %g#0, dense<[0, 2, 1, 3]> : tensor<4xi64>
    check.expect_eq_const %g#3, dense<[0, 2, 1, 3]> : tensor<4xi64>
    func.return
  }
}
