// Groups that are not the whole job, in another order than the ranks:
// point-to-point messages between their members.
module attributes {mhlo.num_replicas = 3 : i32} {
  func.func @main(%x: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<6xi32>) {
    %id = stablehlo.replica_id : tensor<ui32>
    %c = stablehlo.convert %id : (tensor<ui32>) -> tensor<i32>
    %b = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %y = stablehlo.add %x, %b : tensor<2xi32>
    %sum = "stablehlo.all_reduce"(%y) ({
      ^bb0(%a: tensor<i32>, %b2: tensor<i32>):
        %s = stablehlo.add %a, %b2 : tensor<i32>
        stablehlo.return %s : tensor<i32>
    }) {replica_groups = dense<[[2, 0], [1, -1]]> : tensor<2x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
    %root = "stablehlo.collective_broadcast"(%y) {replica_groups = dense<[[2, 0], [1, -1]]> : tensor<2x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
    %all = "stablehlo.all_gather"(%y) {all_gather_dim = 0 : i64, replica_groups = dense<[[2, 0, 1]]> : tensor<1x3xi64>} : (tensor<2xi32>) -> tensor<6xi32>
    return %sum, %root, %all : tensor<2xi32>, tensor<2xi32>, tensor<6xi32>
  }
}
