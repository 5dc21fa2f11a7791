module {
  func.func @main(%arg0: tensor<1x4x5x5xf32>) -> tensor<1x2x10x10xf32> {
    %cst = stablehlo.constant dense_resource<torch_tensor_4_2_3_3_torch.float32> : tensor<4x2x3x3xf32>
    %cst_0 = stablehlo.constant dense_resource<torch_tensor_2_torch.float32> : tensor<2xf32>
    %0 = stablehlo.transpose %cst, dims = [2, 3, 1, 0] : (tensor<4x2x3x3xf32>) -> tensor<3x3x2x4xf32>
    %1 = stablehlo.reverse %0, dims = [0, 1] : tensor<3x3x2x4xf32>
    %2 = stablehlo.convolution(%arg0, %1) dim_numbers = [b, f, 0, 1]x[0, 1, o, i]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 2], [1, 2]], lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x5x5xf32>, tensor<3x3x2x4xf32>) -> tensor<1x2x10x10xf32>
    %3 = stablehlo.reshape %cst_0 : (tensor<2xf32>) -> tensor<2x1x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [1, 2, 3] : (tensor<2x1x1xf32>) -> tensor<1x2x10x10xf32>
    %5 = stablehlo.add %2, %4 : tensor<1x2x10x10xf32>
    %6 = stablehlo.logistic %5 : tensor<1x2x10x10xf32>
    return %6 : tensor<1x2x10x10xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_2_3_3_torch.float32: "0x04000000853147BEAB80373EBDC03BBE09BF5E3DDEBA3C3E2560D5BDD21A1EBD3EA5DEBD736A2A3E013532BE0C9101BED0AF053E3B18BB3DC20424BE115D633E1CDB89BCB92B5BBEA082933D0C795A3EFDDACCBC20582BBE3B04FC3D2B1A60BE36B88FBD864A063E7A94203CA4ED28BEB882E93DB73D03BE63CB1CBD98A938BDE5FF2BBE36FC9DBCFAF6063DAD1714BDB2D005BEE629513C05B965BEB10A5D3CBFF1FDBC97B20C3EBA3DA8BDEF9A41BEC08ED23B054C1F3EDCA8F8BDE0F9E63DC47B39BE726898BDC1103E3E2A0E8FBDDD84043E2FF43EBE67C353BEE23E203E56476FBEBDA4C9BC9C6E373C448B893DD3DFD5BDEB5DCCBD39FCB7BD2C2808BE2678D73D605E3FBE7B53DDBD9897233EDFFA96BDACF6FE3C9045BDBDBE232C3EDB0EDBBD",
      torch_tensor_2_torch.float32: "0x0400000067172F3E4553133E"
    }
  }
#-}
