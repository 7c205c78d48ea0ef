// RUN: hlox-opt %s --split-input-file --verify-diagnostics

func.func @ranks(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{ranks do not add up: lhs 2, rhs 2 and result 2 with batch_rank 1 and contracting_rank 1}}
  %0 = library.matmul %a, %b batch_rank = 1 contracting_rank = 1 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @contracting(%a: tensor<4x8xf32>, %b: tensor<9x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{the contracting dimensions of lhs [8] and rhs [9] differ}}
  %0 = library.matmul %a, %b batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf32>, tensor<9x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @transposed_lhs(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{the contracting dimensions of lhs [4] and rhs [8] differ}}
  %0 = library.matmul %a, %b transpose_lhs batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @batch(%a: tensor<2x4x8xf32>, %b: tensor<3x8x16xf32>) -> tensor<2x4x16xf32> {
  // expected-error @+1 {{the batch dimensions of lhs [2] and rhs [3] differ}}
  %0 = library.matmul %a, %b batch_rank = 1 contracting_rank = 1 : (tensor<2x4x8xf32>, tensor<3x8x16xf32>) -> tensor<2x4x16xf32>
  return %0 : tensor<2x4x16xf32>
}

// -----

func.func @rows(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<5x16xf32> {
  // expected-error @+1 {{the row dimensions of lhs [4] and the result [5] differ}}
  %0 = library.matmul %a, %b batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<5x16xf32>
  return %0 : tensor<5x16xf32>
}

// -----

func.func @columns(%a: tensor<4x8xf32>, %b: tensor<16x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{the column dimensions of rhs [16] and the result [8] differ}}
  %0 = library.matmul %a, %b transpose_rhs batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @element_type(%a: tensor<4x8xf64>, %b: tensor<8x16xf64>) -> tensor<4x16xf64> {
  // expected-error @+1 {{operand #0 must be statically shaped tensor of 32-bit float or bfloat16 type or 16-bit float values}}
  %0 = library.matmul %a, %b batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf64>, tensor<8x16xf64>) -> tensor<4x16xf64>
  return %0 : tensor<4x16xf64>
}

// -----

func.func @dynamic(%a: tensor<?x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{operand #0 must be statically shaped tensor of 32-bit float or bfloat16 type or 16-bit float values}}
  %0 = library.matmul %a, %b batch_rank = 0 contracting_rank = 1 : (tensor<?x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @negative(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{attribute 'batch_rank' failed to satisfy constraint}}
  %0 = library.matmul %a, %b batch_rank = -1 contracting_rank = 1 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @conv_types(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xbf16>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{input, kernel and result must have one element type}}
  %0 = library.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xbf16>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_rank(%x: tensor<3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{input, kernel and result must have rank 4}}
  %0 = library.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_window(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{expects 2 strides, 2 dilations and 4 paddings}}
  %0 = library.conv2d %x, %w strides = [1, 1] padding = [0, 0] dilations = [1, 1] : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_stride(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{strides and dilations must be positive}}
  %0 = library.conv2d %x, %w strides = [0, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_padding(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x4x6xf32> {
  // expected-error @+1 {{padding must not be negative}}
  %0 = library.conv2d %x, %w strides = [1, 1] padding = [-1, -1, 0, 0] dilations = [1, 1] : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x4x6xf32>
  return %0 : tensor<1x4x4x6xf32>
}

// -----

func.func @conv_channels(%x: tensor<1x3x8x8xf32>, %w: tensor<4x5x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{the kernel's input channels (5) differ from the input's per group (3)}}
  %0 = library.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x3x8x8xf32>, tensor<4x5x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_result_channels(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x5x6x6xf32> {
  // expected-error @+1 {{the result's batch and channels (1, 5) must be (1, 4)}}
  %0 = library.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x5x6x6xf32>
  return %0 : tensor<1x5x6x6xf32>
}

// -----

func.func @conv_spatial(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<1x3x6x4xf32> {
  // expected-error @+1 {{spatial dimension 0 of the result is 3, expected 4}}
  %0 = library.conv2d %x, %w nhwc strides = [2, 1] padding = [1, 0, 0, 0] dilations = [1, 1] : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x3x6x4xf32>
  return %0 : tensor<1x3x6x4xf32>
}

// -----

func.func @conv_groups(%x: tensor<1x3x8x8xf32>, %w: tensor<4x1x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{the input's and result's channels (3, 4) must divide into 2 groups}}
  %0 = library.conv2d %x, %w groups = 2 strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x3x8x8xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_group_channels(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{the kernel's input channels (4) differ from the input's per group (2)}}
  %0 = library.conv2d %x, %w groups = 2 strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_zero_groups(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{attribute 'groups' failed to satisfy constraint}}
  %0 = library.conv2d %x, %w groups = 0 strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_bias_size(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{the bias must be a vector of the 4 output channels, not 'tensor<3xf32>'}}
  %0 = library.conv2d %x, %w bias %b strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_addend_type(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %r: tensor<1x4x6x5xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{the addend's type 'tensor<1x4x6x5xf32>' differs from the result's 'tensor<1x4x6x6xf32>'}}
  %0 = library.conv2d %x, %w addend %r strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<1x4x6x5xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_nchw_result_not_pointwise(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{only a pointwise f32 convolution (a 1x1 window, unit strides and dilations, no padding, one group) carries nchw_result}}
  %0 = library.conv2d %x, %w nhwc kernel_oihw nchw_result strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_nchw_result_layout(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x1x1xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error @+1 {{nchw_result goes with nhwc and kernel_oihw}}
  %0 = library.conv2d %x, %w nchw_result strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x3x8x8xf32>, tensor<4x3x1x1xf32>) -> tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

// The addend of an NCHW result stays NHWC.
func.func @conv_nchw_result_addend(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x1x1xf32>, %r: tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error @+1 {{the addend's type 'tensor<1x4x8x8xf32>' differs from the result's before nchw_result transposes it 'tensor<1x8x8x4xf32>'}}
  %0 = library.conv2d %x, %w addend %r relu nhwc kernel_oihw nchw_result strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x8x8x3xf32>, tensor<4x3x1x1xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

func.func @conv_relu_bf16(%x: tensor<1x8x8x3xbf16>, %w: tensor<4x3x1x1xbf16>) -> tensor<1x8x8x4xbf16> {
  // expected-error @+1 {{only an f32 convolution carries an epilogue}}
  %0 = library.conv2d %x, %w relu nhwc kernel_oihw strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x8x8x3xbf16>, tensor<4x3x1x1xbf16>) -> tensor<1x8x8x4xbf16>
  return %0 : tensor<1x8x8x4xbf16>
}

// -----

func.func @conv_pool_size(%x: tensor<1x32x32x3xf32>, %w: tensor<8x3x7x7xf32>) -> tensor<1x9x8x8xf32> {
  // expected-error @+1 {{spatial dimension 0 of the pooled result is 9, expected 8}}
  %0 = library.conv2d %x, %w nhwc kernel_oihw strides = [2, 2] padding = [3, 3, 3, 3] dilations = [1, 1] max_pool window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] : (tensor<1x32x32x3xf32>, tensor<8x3x7x7xf32>) -> tensor<1x9x8x8xf32>
  return %0 : tensor<1x9x8x8xf32>
}

// -----

func.func @conv_pool_nchw(%x: tensor<1x3x32x32xf32>, %w: tensor<8x3x7x7xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error @+1 {{only an f32 NHWC convolution without an addend or nchw_result ends with a max pool}}
  %0 = library.conv2d %x, %w strides = [2, 2] padding = [3, 3, 3, 3] dilations = [1, 1] max_pool window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] : (tensor<1x3x32x32xf32>, tensor<8x3x7x7xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// -----

func.func @conv_pool_stride(%x: tensor<1x32x32x3xf32>, %w: tensor<8x3x7x7xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error @+1 {{the max pool's window and strides must be positive}}
  %0 = library.conv2d %x, %w nhwc kernel_oihw strides = [2, 2] padding = [3, 3, 3, 3] dilations = [1, 1] max_pool window = [3, 3] strides = [0, 2] padding = [1, 1, 1, 1] : (tensor<1x32x32x3xf32>, tensor<8x3x7x7xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// -----

func.func @epilogue_operands(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{has epilogue operands but no epilogue}}
  %0 = "library.matmul"(%a, %b, %c) <{batch_rank = 0 : i64, contracting_rank = 1 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 1>}> : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @gather_shape(%x: tensor<4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{result must be 'tensor<2x4xf32>'}}
  %0 = library.all_gather %x {groups = dense<[[0, 1]]> : tensor<1x2xi64>, num_partitions = 1 : i64, num_replicas = 2 : i64} : (tensor<4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @group_outside(%x: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{groups name device 2, outside the grid of 2}}
  %0 = library.all_gather %x {groups = dense<[[0, 2]]> : tensor<1x2xi64>, num_partitions = 1 : i64, num_replicas = 2 : i64} : (tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @group_twice(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{groups name device 1 twice}}
  %0 = library.collective_broadcast %x {groups = dense<[[0, 1], [1, -1]]> : tensor<2x2xi64>, num_partitions = 1 : i64, num_replicas = 2 : i64, root = 0 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @chunks(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{operand must lead with one chunk per member (2)}}
  %0 = library.all_to_all %x {groups = dense<[[0, 1]]> : tensor<1x2xi64>, num_partitions = 1 : i64, num_replicas = 2 : i64} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @kind() -> tensor<i32> {
  // expected-error @+1 {{kind must be replica, partition, group_position or group_size, not rank}}
  %0 = library.process_id {kind = "rank", num_partitions = 1 : i64, num_replicas = 2 : i64} : () -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @reduce_ragged(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{groups must be of one size}}
  %0 = library.all_reduce %x {groups = dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>, num_partitions = 1 : i64, num_replicas = 3 : i64, reduction = "add"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_kind(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{reduction must be add, multiply, minimum, maximum, and or or, not subtract}}
  %0 = library.all_reduce %x {groups = dense<[[0, 1]]> : tensor<1x2xi64>, num_partitions = 1 : i64, num_replicas = 2 : i64, reduction = "subtract"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_float_bitwise(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{and needs integers, not 'f32'}}
  %0 = library.all_reduce %x {groups = dense<[[0, 1]]> : tensor<1x2xi64>, num_partitions = 1 : i64, num_replicas = 2 : i64, reduction = "and"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_bool_add(%x: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{reduces i1 by and or or, not add}}
  %0 = library.all_reduce %x {groups = dense<[[0, 1]]> : tensor<1x2xi64>, num_partitions = 1 : i64, num_replicas = 2 : i64, reduction = "add"} : (tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @reduce_complex(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{reduces f16, bf16, f32, f64, i1 and 8- to 64-bit integers, not 'complex<f32>'}}
  %0 = library.all_reduce %x {groups = dense<[[0, 1]]> : tensor<1x2xi64>, num_partitions = 1 : i64, num_replicas = 2 : i64, reduction = "add"} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @reduce_type(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{result must have the operand's type}}
  %0 = library.all_reduce %x {groups = dense<[[0, 1]]> : tensor<1x2xi64>, num_partitions = 1 : i64, num_replicas = 2 : i64, reduction = "add"} : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @bias_not_columns(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %bias: tensor<4xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{bias of type 'tensor<4xf32>' is not a vector of the result's one column dimension, of its element type}}
  %0 = library.matmul %a, %b bias %bias batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<4xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @addend_type(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %r: tensor<16x4xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{addend of type 'tensor<16x4xf32>' differs from the result's 'tensor<4x16xf32>'}}
  %0 = library.matmul %a, %b addend %r batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @mixed_operands(%a: tensor<4x8xbf16>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{multiplies 'bf16' by 'f32': the operands' element types differ}}
  %0 = library.matmul %a, %b batch_rank = 0 contracting_rank = 1 : (tensor<4x8xbf16>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @f32_to_bf16(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xbf16> {
  // expected-error @+1 {{has a 'bf16' result for 'f32' operands (f32 or theirs expected)}}
  %0 = library.matmul %a, %b batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xbf16>
  return %0 : tensor<4x16xbf16>
}

// -----

func.func @bf16_kernel(%a: tensor<4x8xbf16>, %b: tensor<8x16xbf16>) -> tensor<4x16xf32> {
  // expected-error @+1 {{on 'bf16' takes neither hlox_kernel nor an epilogue dispatch (f32 only)}}
  %0 = library.matmul %a, %b batch_rank = 0 contracting_rank = 1 hlox_kernel : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @relu_and_kernel(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{has the library's epilogue (bias, addend, relu, gelu_tanh) and hlox_kernel or an epilogue dispatch}}
  %0 = library.matmul %a, %b relu batch_rank = 0 contracting_rank = 1 hlox_kernel : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @two_activations(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{has two activations, relu and gelu_tanh}}
  %0 = library.matmul %a, %b relu gelu_tanh batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @ohwi_without_nhwc(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{kernel_ohwi goes with nhwc, without kernel_oihw or a max pool}}
  %0 = library.conv2d %x, %w kernel_ohwi strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}
