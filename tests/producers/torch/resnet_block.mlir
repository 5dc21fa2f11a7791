module {
  func.func @main(%arg0: tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32> {
    %cst = stablehlo.constant dense_resource<torch_tensor_4_torch.float32_7> : tensor<4xf32>
    %cst_0 = stablehlo.constant dense_resource<torch_tensor_4_torch.float32_6> : tensor<4xf32>
    %cst_1 = stablehlo.constant dense_resource<torch_tensor_4_torch.float32_5> : tensor<4xf32>
    %cst_2 = stablehlo.constant dense_resource<torch_tensor_4_torch.float32_4> : tensor<4xf32>
    %cst_3 = stablehlo.constant dense_resource<torch_tensor_4_4_3_3_torch.float32_1> : tensor<4x4x3x3xf32>
    %cst_4 = stablehlo.constant dense_resource<torch_tensor_4_torch.float32_3> : tensor<4xf32>
    %cst_5 = stablehlo.constant dense_resource<torch_tensor_4_torch.float32_2> : tensor<4xf32>
    %cst_6 = stablehlo.constant dense_resource<torch_tensor_4_torch.float32_1> : tensor<4xf32>
    %cst_7 = stablehlo.constant dense_resource<torch_tensor_4_torch.float32> : tensor<4xf32>
    %cst_8 = stablehlo.constant dense_resource<torch_tensor_4_4_3_3_torch.float32> : tensor<4x4x3x3xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<2x4x6x6xf32>
    %cst_11 = arith.constant dense<1.000000e-05> : tensor<1xf64>
    %cst_12 = arith.constant dense<1> : tensor<1xi64>
    %0 = stablehlo.convolution(%arg0, %cst_8) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x6x6xf32>
    %1 = stablehlo.convert %cst_11 : (tensor<1xf64>) -> tensor<1xf32>
    %2 = stablehlo.reshape %1 : (tensor<1xf32>) -> tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %4 = stablehlo.add %3, %cst_6 : tensor<4xf32>
    %5 = stablehlo.sqrt %4 : tensor<4xf32>
    %6 = stablehlo.divide %cst_9, %5 : tensor<4xf32>
    %7 = stablehlo.convert %cst_12 : (tensor<1xi64>) -> tensor<1xf32>
    %8 = stablehlo.reshape %7 : (tensor<1xf32>) -> tensor<f32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %10 = stablehlo.multiply %6, %9 : tensor<4xf32>
    %11 = stablehlo.reshape %cst_7 : (tensor<4xf32>) -> tensor<4x1xf32>
    %12 = stablehlo.reshape %11 : (tensor<4x1xf32>) -> tensor<4x1x1xf32>
    %13 = stablehlo.reshape %10 : (tensor<4xf32>) -> tensor<4x1xf32>
    %14 = stablehlo.reshape %13 : (tensor<4x1xf32>) -> tensor<4x1x1xf32>
    %15 = stablehlo.broadcast_in_dim %12, dims = [1, 2, 3] : (tensor<4x1x1xf32>) -> tensor<2x4x6x6xf32>
    %16 = stablehlo.subtract %0, %15 : tensor<2x4x6x6xf32>
    %17 = stablehlo.broadcast_in_dim %14, dims = [1, 2, 3] : (tensor<4x1x1xf32>) -> tensor<2x4x6x6xf32>
    %18 = stablehlo.multiply %16, %17 : tensor<2x4x6x6xf32>
    %19 = stablehlo.reshape %cst_5 : (tensor<4xf32>) -> tensor<4x1xf32>
    %20 = stablehlo.reshape %19 : (tensor<4x1xf32>) -> tensor<4x1x1xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [1, 2, 3] : (tensor<4x1x1xf32>) -> tensor<2x4x6x6xf32>
    %22 = stablehlo.multiply %18, %21 : tensor<2x4x6x6xf32>
    %23 = stablehlo.reshape %cst_4 : (tensor<4xf32>) -> tensor<4x1xf32>
    %24 = stablehlo.reshape %23 : (tensor<4x1xf32>) -> tensor<4x1x1xf32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [1, 2, 3] : (tensor<4x1x1xf32>) -> tensor<2x4x6x6xf32>
    %26 = stablehlo.add %22, %25 : tensor<2x4x6x6xf32>
    %27 = stablehlo.maximum %26, %cst_10 : tensor<2x4x6x6xf32>
    %28 = stablehlo.convolution(%27, %cst_3) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x6x6xf32>
    %29 = stablehlo.add %3, %cst_1 : tensor<4xf32>
    %30 = stablehlo.sqrt %29 : tensor<4xf32>
    %31 = stablehlo.divide %cst_9, %30 : tensor<4xf32>
    %32 = stablehlo.multiply %31, %9 : tensor<4xf32>
    %33 = stablehlo.reshape %cst_2 : (tensor<4xf32>) -> tensor<4x1xf32>
    %34 = stablehlo.reshape %33 : (tensor<4x1xf32>) -> tensor<4x1x1xf32>
    %35 = stablehlo.reshape %32 : (tensor<4xf32>) -> tensor<4x1xf32>
    %36 = stablehlo.reshape %35 : (tensor<4x1xf32>) -> tensor<4x1x1xf32>
    %37 = stablehlo.broadcast_in_dim %34, dims = [1, 2, 3] : (tensor<4x1x1xf32>) -> tensor<2x4x6x6xf32>
    %38 = stablehlo.subtract %28, %37 : tensor<2x4x6x6xf32>
    %39 = stablehlo.broadcast_in_dim %36, dims = [1, 2, 3] : (tensor<4x1x1xf32>) -> tensor<2x4x6x6xf32>
    %40 = stablehlo.multiply %38, %39 : tensor<2x4x6x6xf32>
    %41 = stablehlo.reshape %cst_0 : (tensor<4xf32>) -> tensor<4x1xf32>
    %42 = stablehlo.reshape %41 : (tensor<4x1xf32>) -> tensor<4x1x1xf32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [1, 2, 3] : (tensor<4x1x1xf32>) -> tensor<2x4x6x6xf32>
    %44 = stablehlo.multiply %40, %43 : tensor<2x4x6x6xf32>
    %45 = stablehlo.reshape %cst : (tensor<4xf32>) -> tensor<4x1xf32>
    %46 = stablehlo.reshape %45 : (tensor<4x1xf32>) -> tensor<4x1x1xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [1, 2, 3] : (tensor<4x1x1xf32>) -> tensor<2x4x6x6xf32>
    %48 = stablehlo.add %44, %47 : tensor<2x4x6x6xf32>
    %49 = stablehlo.add %arg0, %48 : tensor<2x4x6x6xf32>
    %50 = stablehlo.maximum %49, %cst_10 : tensor<2x4x6x6xf32>
    return %50 : tensor<2x4x6x6xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_torch.float32_7: "0x0400000000000000000000000000000000000000",
      torch_tensor_4_torch.float32_6: "0x040000000000803F0000803F0000803F0000803F",
      torch_tensor_4_torch.float32_5: "0x04000000A43EB03F47E2783F98C78F3FAA90A63F",
      torch_tensor_4_torch.float32_4: "0x04000000EE6FE73E0CB332BE282BE9BD525DCD3E",
      torch_tensor_4_4_3_3_torch.float32_1: "0x04000000B60CF63CE05B81BD566DF6BA9378B2BD10AF063DD61E57BD2BC4643CB89D21BE00B4153DEEA50DBE0BF522BD007821BD7B79B43DFB47AEBD56CD8C3C80DF7B3DD632D2BBC361B03DCEF1B53D8B315BBDA7BE02BE18F917BE741900BE171D153EC09219BE1E0BB73DC0FF4CBCF60CF8BD6B45583D6B9EDE3D00E24E3CDB0D25BD2096C7BC6B88983C8E0B87BDB83FEF3DF0C347BD57330E3E2BDFF33BAB02CE3DE84CD43DEBAD2EBD3BA6183EFCF802BEA62F243DFE68EDBD7A4A1D3EC0CC68BC4EDF25BE03ECC2BD3FD0033EE014A23CD7CC1B3E007F78BDBB39213E309DAD3D18D816BE16E3163E5B79843DEB9C45BCD322D23D865AAA3DAB6E973DE04473BDC06EA2BD36E315BEEBCE513C1B4CB33D6070CD3CAB5E133ABCB8243E480AC73D96C7BD3C6B34203EF30C90BD801B973CCBAF2CBD6670643D9B7173BDD60C913BCBB86EBDF6C935BDFB98353DB601E83CA06C233D13BB94BDF0D1793DE659293EB0D995BD76AF823D568DFF3A060F293D0627403D085816BE3E49C33D92F424BE230A29BE72F302BEC093613CE084183E4892013ED0543D3DD80FD2BD56384F3CA62467BDA384BEBD60E2973D46B73DBD40590F3CF2E819BEB64680BC936D9EBDEB9DA6BD6B462EBC565E793C1697F33C135FF1BDB62CCB3C2BDE27BCB62B7C3D3EB8153EB0FF983DA6C43ABD80C41C3D58E0AE3DA3C096BDDB8359BD56BD293E400C55BCDB05BABD7356C33D0B6DE5BDD05BA7BD0801C4BD00148BBCBB415CBDF0B0DD3D00F3ECBDAE9CB53DA0D46BBD9E9EBDBD5865943DF0F5FB3DB6ED4C3D",
      torch_tensor_4_torch.float32_3: "0x0400000000000000000000000000000000000000",
      torch_tensor_4_torch.float32_2: "0x040000000000803F0000803F0000803F0000803F",
      torch_tensor_4_torch.float32_1: "0x04000000D7EC773F2E20A43FE280563FFE6E433F",
      torch_tensor_4_torch.float32: "0x04000000E68280BEBC88E0BEB862E5BD786DF7BD",
      torch_tensor_4_4_3_3_torch.float32: "0x04000000CB86D93D6003E33DBB5005BE2B703F3CE0ECF83D026915BEC37616BECB9623BE00C4E7BA9609583D0645A6BDC0B4113C0F4E0BBE43ABC63DD08FC43DC6466EBD40E8F3BDAB9A2BBC108D32BD63D0EEBD7009673DB32A01BE40DBF83DCB81C5BC0EC1CD3D5053C4BD8CDE063E6B0148BD1BB8993DFEC3EFBD862A09BD1671A0BC60F31B3EE04B7E3D56D0A63B5357AC3D565F05BD572914BE9BACA23DABE43A3C5B69583DEB7D75BCDB83103E9A9D20BE869A59BD00CB53BB367465BDC8C5F3BDE862B5BD2CF308BEB0E7363D40345FBDC6511BBD9300823DE04F0C3E0BB66B3D4366083E2BDFAF3C2BB8D83C94E00FBEA0EE563D96C86F3DA615FF3DC3F98ABD13F6D5BDAB0355BB4066313D0E420CBE300B0D3E7EE3D5BD400E0EBDABD705BDA06492BD18F1883D2BFAF43D53D2DFBD9608233EE75F2ABE7B44DA3D8BF3823C38790B3ED6F4083D63DDC2BDFE2DEC3DDE53CE3DE62B263E1057B3BDEB68F03D96135A3C23979F3DD6F7ACBB40C9893CB692133E581D253EAB75D1BB661CA1BD408258BD6FBF273E3E9685BDCB70B9BDF44F19BED851F93D8B13FABD58FAEFBD5838F1BDCBAFDDBC149E01BEC098DDBC3877D0BDA3780EBEF37D033E6BCDBC3C804459BCC22F0A3EB0D41F3EFFC3143E6B8033BCF6537F3D88D9103E600907BEB8170DBE37C1073E862ADDBDA6A8833D2814CE3D00BB023CAB2DCCBDB3910FBEA09806BDCB6AC83C9B1934BDE31ACE3D6063AFBC7323C0BD4042DA3C6647A6BD6B40333DE376C73DBC9B21BE66A9D13D286987BDFBBDF13D20ACF53D025F033E"
    }
  }
#-}
