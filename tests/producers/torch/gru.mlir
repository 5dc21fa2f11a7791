module {
  func.func @main(%arg0: tensor<2x5x6xf32>) -> (tensor<2x5x8xf32>, tensor<1x2x8xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<2x8xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<1x2x8xf32>
    %cst_1 = stablehlo.constant dense_resource<torch_tensor_24_torch.float32_1> : tensor<24xf32>
    %cst_2 = stablehlo.constant dense_resource<torch_tensor_24_8_torch.float32> : tensor<24x8xf32>
    %cst_3 = stablehlo.constant dense_resource<torch_tensor_24_torch.float32> : tensor<24xf32>
    %cst_4 = stablehlo.constant dense_resource<torch_tensor_24_6_torch.float32> : tensor<24x6xf32>
    %cst_5 = arith.constant dense<1> : tensor<1xi64>
    %0 = stablehlo.transpose %arg0, dims = [1, 0, 2] : (tensor<2x5x6xf32>) -> tensor<5x2x6xf32>
    %1 = stablehlo.transpose %cst_4, dims = [1, 0] : (tensor<24x6xf32>) -> tensor<6x24xf32>
    %2 = stablehlo.reshape %0 : (tensor<5x2x6xf32>) -> tensor<5x2x6xf32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [1, 2] : (tensor<6x24xf32>) -> tensor<5x6x24xf32>
    %4 = stablehlo.reshape %3 : (tensor<5x6x24xf32>) -> tensor<5x6x24xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2] : (tensor<5x6x24xf32>) -> tensor<5x6x24xf32>
    %6 = stablehlo.dot_general %2, %5, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<5x2x6xf32>, tensor<5x6x24xf32>) -> tensor<5x2x24xf32>
    %7 = stablehlo.reshape %6 : (tensor<5x2x24xf32>) -> tensor<5x2x24xf32>
    %8 = stablehlo.broadcast_in_dim %cst_3, dims = [2] : (tensor<24xf32>) -> tensor<5x2x24xf32>
    %9 = stablehlo.add %7, %8 : tensor<5x2x24xf32>
    %10 = stablehlo.slice %9 [0:1, 0:2, 0:24] : (tensor<5x2x24xf32>) -> tensor<1x2x24xf32>
    %11 = stablehlo.slice %9 [1:2, 0:2, 0:24] : (tensor<5x2x24xf32>) -> tensor<1x2x24xf32>
    %12 = stablehlo.slice %9 [2:3, 0:2, 0:24] : (tensor<5x2x24xf32>) -> tensor<1x2x24xf32>
    %13 = stablehlo.slice %9 [3:4, 0:2, 0:24] : (tensor<5x2x24xf32>) -> tensor<1x2x24xf32>
    %14 = stablehlo.slice %9 [4:5, 0:2, 0:24] : (tensor<5x2x24xf32>) -> tensor<1x2x24xf32>
    %15 = stablehlo.reshape %10 : (tensor<1x2x24xf32>) -> tensor<2x24xf32>
    %16 = stablehlo.reshape %11 : (tensor<1x2x24xf32>) -> tensor<2x24xf32>
    %17 = stablehlo.reshape %12 : (tensor<1x2x24xf32>) -> tensor<2x24xf32>
    %18 = stablehlo.reshape %13 : (tensor<1x2x24xf32>) -> tensor<2x24xf32>
    %19 = stablehlo.reshape %14 : (tensor<1x2x24xf32>) -> tensor<2x24xf32>
    %20 = stablehlo.slice %15 [0:2, 0:8] : (tensor<2x24xf32>) -> tensor<2x8xf32>
    %21 = stablehlo.slice %15 [0:2, 8:16] : (tensor<2x24xf32>) -> tensor<2x8xf32>
    %22 = stablehlo.slice %15 [0:2, 16:24] : (tensor<2x24xf32>) -> tensor<2x8xf32>
    %23 = stablehlo.transpose %cst_2, dims = [1, 0] : (tensor<24x8xf32>) -> tensor<8x24xf32>
    %24 = stablehlo.dot_general %cst, %23, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x24xf32>) -> tensor<2x24xf32>
    %25 = stablehlo.convert %cst_5 : (tensor<1xi64>) -> tensor<1xf32>
    %26 = stablehlo.reshape %25 : (tensor<1xf32>) -> tensor<f32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<f32>) -> tensor<2x24xf32>
    %28 = stablehlo.multiply %24, %27 : tensor<2x24xf32>
    %29 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %30 = stablehlo.multiply %29, %cst_1 : tensor<24xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [1] : (tensor<24xf32>) -> tensor<2x24xf32>
    %32 = stablehlo.add %28, %31 : tensor<2x24xf32>
    %33 = stablehlo.reshape %32 : (tensor<2x24xf32>) -> tensor<1x2x24xf32>
    %34 = stablehlo.slice %33 [0:1, 0:2, 0:8] : (tensor<1x2x24xf32>) -> tensor<1x2x8xf32>
    %35 = stablehlo.slice %33 [0:1, 0:2, 8:16] : (tensor<1x2x24xf32>) -> tensor<1x2x8xf32>
    %36 = stablehlo.slice %33 [0:1, 0:2, 16:24] : (tensor<1x2x24xf32>) -> tensor<1x2x8xf32>
    %37 = stablehlo.broadcast_in_dim %20, dims = [1, 2] : (tensor<2x8xf32>) -> tensor<1x2x8xf32>
    %38 = stablehlo.add %34, %37 : tensor<1x2x8xf32>
    %39 = stablehlo.logistic %38 : tensor<1x2x8xf32>
    %40 = stablehlo.broadcast_in_dim %21, dims = [1, 2] : (tensor<2x8xf32>) -> tensor<1x2x8xf32>
    %41 = stablehlo.add %35, %40 : tensor<1x2x8xf32>
    %42 = stablehlo.logistic %41 : tensor<1x2x8xf32>
    %43 = stablehlo.multiply %36, %39 : tensor<1x2x8xf32>
    %44 = stablehlo.broadcast_in_dim %22, dims = [1, 2] : (tensor<2x8xf32>) -> tensor<1x2x8xf32>
    %45 = stablehlo.add %44, %43 : tensor<1x2x8xf32>
    %46 = stablehlo.tanh %45 : tensor<1x2x8xf32>
    %47 = stablehlo.subtract %cst_0, %46 : tensor<1x2x8xf32>
    %48 = stablehlo.multiply %47, %42 : tensor<1x2x8xf32>
    %49 = stablehlo.add %48, %46 : tensor<1x2x8xf32>
    %50 = stablehlo.slice %16 [0:2, 0:8] : (tensor<2x24xf32>) -> tensor<2x8xf32>
    %51 = stablehlo.slice %16 [0:2, 8:16] : (tensor<2x24xf32>) -> tensor<2x8xf32>
    %52 = stablehlo.slice %16 [0:2, 16:24] : (tensor<2x24xf32>) -> tensor<2x8xf32>
    %53 = stablehlo.reshape %49 : (tensor<1x2x8xf32>) -> tensor<2x8xf32>
    %54 = stablehlo.dot_general %53, %23, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x24xf32>) -> tensor<2x24xf32>
    %55 = stablehlo.multiply %54, %27 : tensor<2x24xf32>
    %56 = stablehlo.add %55, %31 : tensor<2x24xf32>
    %57 = stablehlo.reshape %56 : (tensor<2x24xf32>) -> tensor<1x2x24xf32>
    %58 = stablehlo.slice %57 [0:1, 0:2, 0:8] : (tensor<1x2x24xf32>) -> tensor<1x2x8xf32>
    %59 = stablehlo.slice %57 [0:1, 0:2, 8:16] : (tensor<1x2x24xf32>) -> tensor<1x2x8xf32>
    %60 = stablehlo.slice %57 [0:1, 0:2, 16:24] : (tensor<1x2x24xf32>) -> tensor<1x2x8xf32>
    %61 = stablehlo.broadcast_in_dim %50, dims = [1, 2] : (tensor<2x8xf32>) -> tensor<1x2x8xf32>
    %62 = stablehlo.add %58, %61 : tensor<1x2x8xf32>
    %63 = stablehlo.logistic %62 : tensor<1x2x8xf32>
    %64 = stablehlo.broadcast_in_dim %51, dims = [1, 2] : (tensor<2x8xf32>) -> tensor<1x2x8xf32>
    %65 = stablehlo.add %59, %64 : tensor<1x2x8xf32>
    %66 = stablehlo.logistic %65 : tensor<1x2x8xf32>
    %67 = stablehlo.multiply %60, %63 : tensor<1x2x8xf32>
    %68 = stablehlo.broadcast_in_dim %52, dims = [1, 2] : (tensor<2x8xf32>) -> tensor<1x2x8xf32>
    %69 = stablehlo.add %68, %67 : tensor<1x2x8xf32>
    %70 = stablehlo.tanh %69 : tensor<1x2x8xf32>
    %71 = stablehlo.subtract %49, %70 : tensor<1x2x8xf32>
    %72 = stablehlo.multiply %71, %66 : tensor<1x2x8xf32>
    %73 = stablehlo.add %72, %70 : tensor<1x2x8xf32>
    %74 = stablehlo.slice %17 [0:2, 0:8] : (tensor<2x24xf32>) -> tensor<2x8xf32>
    %75 = stablehlo.slice %17 [0:2, 8:16] : (tensor<2x24xf32>) -> tensor<2x8xf32>
    %76 = stablehlo.slice %17 [0:2, 16:24] : (tensor<2x24xf32>) -> tensor<2x8xf32>
    %77 = stablehlo.reshape %73 : (tensor<1x2x8xf32>) -> tensor<2x8xf32>
    %78 = stablehlo.dot_general %77, %23, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x24xf32>) -> tensor<2x24xf32>
    %79 = stablehlo.multiply %78, %27 : tensor<2x24xf32>
    %80 = stablehlo.add %79, %31 : tensor<2x24xf32>
    %81 = stablehlo.reshape %80 : (tensor<2x24xf32>) -> tensor<1x2x24xf32>
    %82 = stablehlo.slice %81 [0:1, 0:2, 0:8] : (tensor<1x2x24xf32>) -> tensor<1x2x8xf32>
    %83 = stablehlo.slice %81 [0:1, 0:2, 8:16] : (tensor<1x2x24xf32>) -> tensor<1x2x8xf32>
    %84 = stablehlo.slice %81 [0:1, 0:2, 16:24] : (tensor<1x2x24xf32>) -> tensor<1x2x8xf32>
    %85 = stablehlo.broadcast_in_dim %74, dims = [1, 2] : (tensor<2x8xf32>) -> tensor<1x2x8xf32>
    %86 = stablehlo.add %82, %85 : tensor<1x2x8xf32>
    %87 = stablehlo.logistic %86 : tensor<1x2x8xf32>
    %88 = stablehlo.broadcast_in_dim %75, dims = [1, 2] : (tensor<2x8xf32>) -> tensor<1x2x8xf32>
    %89 = stablehlo.add %83, %88 : tensor<1x2x8xf32>
    %90 = stablehlo.logistic %89 : tensor<1x2x8xf32>
    %91 = stablehlo.multiply %84, %87 : tensor<1x2x8xf32>
    %92 = stablehlo.broadcast_in_dim %76, dims = [1, 2] : (tensor<2x8xf32>) -> tensor<1x2x8xf32>
    %93 = stablehlo.add %92, %91 : tensor<1x2x8xf32>
    %94 = stablehlo.tanh %93 : tensor<1x2x8xf32>
    %95 = stablehlo.subtract %73, %94 : tensor<1x2x8xf32>
    %96 = stablehlo.multiply %95, %90 : tensor<1x2x8xf32>
    %97 = stablehlo.add %96, %94 : tensor<1x2x8xf32>
    %98 = stablehlo.slice %18 [0:2, 0:8] : (tensor<2x24xf32>) -> tensor<2x8xf32>
    %99 = stablehlo.slice %18 [0:2, 8:16] : (tensor<2x24xf32>) -> tensor<2x8xf32>
    %100 = stablehlo.slice %18 [0:2, 16:24] : (tensor<2x24xf32>) -> tensor<2x8xf32>
    %101 = stablehlo.reshape %97 : (tensor<1x2x8xf32>) -> tensor<2x8xf32>
    %102 = stablehlo.dot_general %101, %23, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x24xf32>) -> tensor<2x24xf32>
    %103 = stablehlo.multiply %102, %27 : tensor<2x24xf32>
    %104 = stablehlo.add %103, %31 : tensor<2x24xf32>
    %105 = stablehlo.reshape %104 : (tensor<2x24xf32>) -> tensor<1x2x24xf32>
    %106 = stablehlo.slice %105 [0:1, 0:2, 0:8] : (tensor<1x2x24xf32>) -> tensor<1x2x8xf32>
    %107 = stablehlo.slice %105 [0:1, 0:2, 8:16] : (tensor<1x2x24xf32>) -> tensor<1x2x8xf32>
    %108 = stablehlo.slice %105 [0:1, 0:2, 16:24] : (tensor<1x2x24xf32>) -> tensor<1x2x8xf32>
    %109 = stablehlo.broadcast_in_dim %98, dims = [1, 2] : (tensor<2x8xf32>) -> tensor<1x2x8xf32>
    %110 = stablehlo.add %106, %109 : tensor<1x2x8xf32>
    %111 = stablehlo.logistic %110 : tensor<1x2x8xf32>
    %112 = stablehlo.broadcast_in_dim %99, dims = [1, 2] : (tensor<2x8xf32>) -> tensor<1x2x8xf32>
    %113 = stablehlo.add %107, %112 : tensor<1x2x8xf32>
    %114 = stablehlo.logistic %113 : tensor<1x2x8xf32>
    %115 = stablehlo.multiply %108, %111 : tensor<1x2x8xf32>
    %116 = stablehlo.broadcast_in_dim %100, dims = [1, 2] : (tensor<2x8xf32>) -> tensor<1x2x8xf32>
    %117 = stablehlo.add %116, %115 : tensor<1x2x8xf32>
    %118 = stablehlo.tanh %117 : tensor<1x2x8xf32>
    %119 = stablehlo.subtract %97, %118 : tensor<1x2x8xf32>
    %120 = stablehlo.multiply %119, %114 : tensor<1x2x8xf32>
    %121 = stablehlo.add %120, %118 : tensor<1x2x8xf32>
    %122 = stablehlo.slice %19 [0:2, 0:8] : (tensor<2x24xf32>) -> tensor<2x8xf32>
    %123 = stablehlo.slice %19 [0:2, 8:16] : (tensor<2x24xf32>) -> tensor<2x8xf32>
    %124 = stablehlo.slice %19 [0:2, 16:24] : (tensor<2x24xf32>) -> tensor<2x8xf32>
    %125 = stablehlo.reshape %121 : (tensor<1x2x8xf32>) -> tensor<2x8xf32>
    %126 = stablehlo.dot_general %125, %23, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x24xf32>) -> tensor<2x24xf32>
    %127 = stablehlo.multiply %126, %27 : tensor<2x24xf32>
    %128 = stablehlo.add %127, %31 : tensor<2x24xf32>
    %129 = stablehlo.reshape %128 : (tensor<2x24xf32>) -> tensor<1x2x24xf32>
    %130 = stablehlo.slice %129 [0:1, 0:2, 0:8] : (tensor<1x2x24xf32>) -> tensor<1x2x8xf32>
    %131 = stablehlo.slice %129 [0:1, 0:2, 8:16] : (tensor<1x2x24xf32>) -> tensor<1x2x8xf32>
    %132 = stablehlo.slice %129 [0:1, 0:2, 16:24] : (tensor<1x2x24xf32>) -> tensor<1x2x8xf32>
    %133 = stablehlo.broadcast_in_dim %122, dims = [1, 2] : (tensor<2x8xf32>) -> tensor<1x2x8xf32>
    %134 = stablehlo.add %130, %133 : tensor<1x2x8xf32>
    %135 = stablehlo.logistic %134 : tensor<1x2x8xf32>
    %136 = stablehlo.broadcast_in_dim %123, dims = [1, 2] : (tensor<2x8xf32>) -> tensor<1x2x8xf32>
    %137 = stablehlo.add %131, %136 : tensor<1x2x8xf32>
    %138 = stablehlo.logistic %137 : tensor<1x2x8xf32>
    %139 = stablehlo.multiply %132, %135 : tensor<1x2x8xf32>
    %140 = stablehlo.broadcast_in_dim %124, dims = [1, 2] : (tensor<2x8xf32>) -> tensor<1x2x8xf32>
    %141 = stablehlo.add %140, %139 : tensor<1x2x8xf32>
    %142 = stablehlo.tanh %141 : tensor<1x2x8xf32>
    %143 = stablehlo.subtract %121, %142 : tensor<1x2x8xf32>
    %144 = stablehlo.multiply %143, %138 : tensor<1x2x8xf32>
    %145 = stablehlo.add %144, %142 : tensor<1x2x8xf32>
    %146 = stablehlo.concatenate %49, %73, %97, %121, %145, dim = 0 : (tensor<1x2x8xf32>, tensor<1x2x8xf32>, tensor<1x2x8xf32>, tensor<1x2x8xf32>, tensor<1x2x8xf32>) -> tensor<5x2x8xf32>
    %147 = stablehlo.reshape %145 : (tensor<1x2x8xf32>) -> tensor<2x8xf32>
    %148 = stablehlo.transpose %146, dims = [1, 0, 2] : (tensor<5x2x8xf32>) -> tensor<2x5x8xf32>
    %149 = stablehlo.reshape %147 : (tensor<2x8xf32>) -> tensor<1x2x8xf32>
    return %148, %149 : tensor<2x5x8xf32>, tensor<1x2x8xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_24_torch.float32_1: "0x04000000AB43C0BD429D9A3EB14B83BE36E87CBEAB4C39BEC200513E262D21BEB545A7BEF17030BE3753B1BD2EAF27BEC1EA4FBE904A23BDD9E1A1BC5D9BFD3CDF540EBE4F203D3B2C485A3DF4B66EBD339B4A3EEA0EAC3E8B76023EA591173E201064BE",
      torch_tensor_24_8_torch.float32: "0x0400000059079E3B3A8B363D97DC4D3EE4EAA33E0541AF3E671C993E6C8A4BBE181E20BEA99090BE49C178BE13C77EBE307B123EF5962ABD5A86A13EDEBBECBD6A20ACBE2BB5B1BEA6C519BDA615753EB9912C3EA7F0983E92D5EB3DC701ABBD2F5BFABDF0DD29BEEFBCAC3E1AB787BEA86656BE03F07EBC17C4B13D70D77EBD20D9A5BE77718FBEA675063D66BD87BEAA14883EC6621A3EA8EE68BE32435B3ED002A73D115C89BB5ED07E3EB2CD92BE88F63C3EA561B13EAEC8C3BDE185713E124EA43DF32CB03C9FAB9D3E609EA13EB94C96BEDD57913EF27CC4BDBDE9253DC5CBABBE6D72CDBC40BE10BEB24574BA9EB0403E5D234D3EC5B974BEEF06A9BE998C34BE58BAADBD16E0863E84FA84BE6012A13E5689863EB18C1ABE86CC1D3DAC4C833EC835AC3E77162ABE7AB4D9BC4EE299BEAA3D633E7B590D3D6EB1D4BDEB7318BE411E343E5B68193CED39893D0670843DB344A43C5F1700BBC10C453E1ECBA4BD1F4886BEB73B33BD1E0F893E635E0BBE32BE47BE3ED26C3E47457A3E1295283D63F14A3DF533A73E34665CBEE9B7833E055ED3BC7C0387BE2504FABD8D1F793DAF978E3ED09BC93D97C40CBE26CA43BE02D680BE7E4A88BE438211BE638852BC7CAFA1BE0A256B3E80740ABEEB9D5DBDBDB370BEE95581BEEBBFDA3D8EEB633E2041B0BD0581DCBDA6B9893D7EFC63BE22CDA73D091610BEB4976ABE26C199BE4148073E42349FBEA169A3BD5E8E4B3D39F2F13D9B4890BDC97E973E685077BE9D03AA3D4E8360BE9880A6BE853E95BE08FA983E55ECEBBD47702CBD89674ABE31759A3DC4B910BE7CE5A3BEAC1E4A3D48D6813E5E27A2BEF618BF3D4A2BFCBD2B36143E3AF6463EE2E56ABE0F2868BD97C4AEBEFF91223EFE6C863E88B369BE8DE8DFBB43AF683EC3E2173E6C5D183C0C5D733E5D5A8B3E9B206B3E3DC430BEF0F8B23D67D7A1BE82217FBDBC594A3E25BCA2BE6DD9ABBE5CF973BE48004B3C73F650BE1D60973EC7D20C3EFB795A3D04711C3E47D999BE8EB56FBED89A07BE818E74BEADE21D3EBE62AE3D4597AABDB1908EBE19C1EDBD21AD8B3E28102C3D",
      torch_tensor_24_torch.float32: "0x04000000F20161BEE20CA3BE17E6343ED31BA03E4D3689BE0EDFE23D33B407BDBA55A93EF5FE41BE855A0BBEAD169B3E7EB71C3EA827933E4DF4AD3D0BF7BEBD41624C3ED9F2CABD12443BBEEF4C323EC486103E197E613E97BF5BBE54EE00BDDD9DA2BE",
      torch_tensor_24_6_torch.float32: "0x04000000F59BA73EF663BA3DC90F05BE508E7F3E3147623EA013C1BD9B29E83D5A74AF3DBE0817BE46CAF5BD73C8103ECAD0F1BD88C9BC3D43439C3E332825BEF4DC5ABEB913ABBE67B43D3DF5A4EF3D0DB08DBE5F9BEA3DB0F6B4BE4A3B973EFF9238BE3F3CA0BE04C0C73DA49C8FBE8CFB8A3E9D284E3E0156ADBE10A97D3E33E41FBD0B1F383E883598BE8734983E4A479A3EAC725B3E4BD9A8BE618D193E4DF9A33EA62C22BEA9BDACBCDB9087BE8BA007BE979E99BEE7E173BE7AFE80BE6AFC9A3E6E5126BE71D9323E6950C6BCB0ED813E63E9AB3E5F61BBBDE10D2ABE0175B53D6C21FA3D2E02B3BE8CB8EDBDE32B8FBE01F6683E3D1E9BBE430D1F3E643B9B3E4DA8B03ED06B72BE79E947BD9C46973E1BCDA53E15C31E3B401B6B3D1AF627BD1836A4BE628EBB3D5EBE0F3E2979AA3E7B0B3FBE901DE4BD516BF6BD8ACDB2BD2378A1BD8259D4BD7612A0BEFF83B33EEB1E7C3E1E53B23E524399BE118EF33D87C87BBE280B7BBEAB3AF03DD2D97B3EBC9747BEE407503EF9D4A6BE0EEEACBE592E5BBED55318BDF6D7F73D65CE853E39BAA13EE09893BE9D898CBEFF78A1BD9902A43E63519FBC7A71C43DF5B49B3DE2790E3EEBB66A3E38F26B3E1B028C3E309030BEBCA0A73EB0991DBE3C6D843E4F10ABBE58C0653DAE43F5BD3EDD9F3DB992DF3D09B58ABE0EFBB0BE7F002DBED3542E3E34C4023C6C98E43DA72F76BEF3009E3E0204533E554F9C3EA2F877BEA8C8303E09174ABEC3AEACBE5A8F6E3E7BB77DBE920282BEA2D8AFBE1F2F35BE9A4A743E8CB4AE3E45FDC73D2116AF3D"
    }
  }
#-}
