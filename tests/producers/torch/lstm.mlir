module {
  func.func @main(%arg0: tensor<2x5x6xf32>) -> (tensor<2x5x8xf32>, tensor<1x2x8xf32>, tensor<1x2x8xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<2x8xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<1x2x8xf32>
    %cst_1 = stablehlo.constant dense_resource<torch_tensor_32_torch.float32_1> : tensor<32xf32>
    %cst_2 = stablehlo.constant dense_resource<torch_tensor_32_8_torch.float32> : tensor<32x8xf32>
    %cst_3 = stablehlo.constant dense_resource<torch_tensor_32_torch.float32> : tensor<32xf32>
    %cst_4 = stablehlo.constant dense_resource<torch_tensor_32_6_torch.float32> : tensor<32x6xf32>
    %cst_5 = arith.constant dense<1> : tensor<1xi64>
    %0 = stablehlo.transpose %arg0, dims = [1, 0, 2] : (tensor<2x5x6xf32>) -> tensor<5x2x6xf32>
    %1 = stablehlo.transpose %cst_4, dims = [1, 0] : (tensor<32x6xf32>) -> tensor<6x32xf32>
    %2 = stablehlo.reshape %0 : (tensor<5x2x6xf32>) -> tensor<5x2x6xf32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [1, 2] : (tensor<6x32xf32>) -> tensor<5x6x32xf32>
    %4 = stablehlo.reshape %3 : (tensor<5x6x32xf32>) -> tensor<5x6x32xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2] : (tensor<5x6x32xf32>) -> tensor<5x6x32xf32>
    %6 = stablehlo.dot_general %2, %5, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<5x2x6xf32>, tensor<5x6x32xf32>) -> tensor<5x2x32xf32>
    %7 = stablehlo.reshape %6 : (tensor<5x2x32xf32>) -> tensor<5x2x32xf32>
    %8 = stablehlo.broadcast_in_dim %cst_3, dims = [2] : (tensor<32xf32>) -> tensor<5x2x32xf32>
    %9 = stablehlo.add %7, %8 : tensor<5x2x32xf32>
    %10 = stablehlo.slice %9 [0:1, 0:2, 0:32] : (tensor<5x2x32xf32>) -> tensor<1x2x32xf32>
    %11 = stablehlo.slice %9 [1:2, 0:2, 0:32] : (tensor<5x2x32xf32>) -> tensor<1x2x32xf32>
    %12 = stablehlo.slice %9 [2:3, 0:2, 0:32] : (tensor<5x2x32xf32>) -> tensor<1x2x32xf32>
    %13 = stablehlo.slice %9 [3:4, 0:2, 0:32] : (tensor<5x2x32xf32>) -> tensor<1x2x32xf32>
    %14 = stablehlo.slice %9 [4:5, 0:2, 0:32] : (tensor<5x2x32xf32>) -> tensor<1x2x32xf32>
    %15 = stablehlo.reshape %10 : (tensor<1x2x32xf32>) -> tensor<2x32xf32>
    %16 = stablehlo.reshape %11 : (tensor<1x2x32xf32>) -> tensor<2x32xf32>
    %17 = stablehlo.reshape %12 : (tensor<1x2x32xf32>) -> tensor<2x32xf32>
    %18 = stablehlo.reshape %13 : (tensor<1x2x32xf32>) -> tensor<2x32xf32>
    %19 = stablehlo.reshape %14 : (tensor<1x2x32xf32>) -> tensor<2x32xf32>
    %20 = stablehlo.transpose %cst_2, dims = [1, 0] : (tensor<32x8xf32>) -> tensor<8x32xf32>
    %21 = stablehlo.dot_general %cst, %20, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x32xf32>) -> tensor<2x32xf32>
    %22 = stablehlo.convert %cst_5 : (tensor<1xi64>) -> tensor<1xf32>
    %23 = stablehlo.reshape %22 : (tensor<1xf32>) -> tensor<f32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [] : (tensor<f32>) -> tensor<2x32xf32>
    %25 = stablehlo.multiply %21, %24 : tensor<2x32xf32>
    %26 = stablehlo.broadcast_in_dim %23, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %27 = stablehlo.multiply %26, %cst_1 : tensor<32xf32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [1] : (tensor<32xf32>) -> tensor<2x32xf32>
    %29 = stablehlo.add %25, %28 : tensor<2x32xf32>
    %30 = stablehlo.reshape %29 : (tensor<2x32xf32>) -> tensor<1x2x32xf32>
    %31 = stablehlo.broadcast_in_dim %15, dims = [1, 2] : (tensor<2x32xf32>) -> tensor<1x2x32xf32>
    %32 = stablehlo.add %30, %31 : tensor<1x2x32xf32>
    %33 = stablehlo.slice %32 [0:1, 0:2, 0:8] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %34 = stablehlo.slice %32 [0:1, 0:2, 8:16] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %35 = stablehlo.slice %32 [0:1, 0:2, 16:24] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %36 = stablehlo.slice %32 [0:1, 0:2, 24:32] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %37 = stablehlo.logistic %33 : tensor<1x2x8xf32>
    %38 = stablehlo.logistic %34 : tensor<1x2x8xf32>
    %39 = stablehlo.tanh %35 : tensor<1x2x8xf32>
    %40 = stablehlo.logistic %36 : tensor<1x2x8xf32>
    %41 = stablehlo.multiply %38, %cst_0 : tensor<1x2x8xf32>
    %42 = stablehlo.multiply %37, %39 : tensor<1x2x8xf32>
    %43 = stablehlo.add %41, %42 : tensor<1x2x8xf32>
    %44 = stablehlo.tanh %43 : tensor<1x2x8xf32>
    %45 = stablehlo.multiply %40, %44 : tensor<1x2x8xf32>
    %46 = stablehlo.reshape %45 : (tensor<1x2x8xf32>) -> tensor<2x8xf32>
    %47 = stablehlo.dot_general %46, %20, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x32xf32>) -> tensor<2x32xf32>
    %48 = stablehlo.multiply %47, %24 : tensor<2x32xf32>
    %49 = stablehlo.add %48, %28 : tensor<2x32xf32>
    %50 = stablehlo.reshape %49 : (tensor<2x32xf32>) -> tensor<1x2x32xf32>
    %51 = stablehlo.broadcast_in_dim %16, dims = [1, 2] : (tensor<2x32xf32>) -> tensor<1x2x32xf32>
    %52 = stablehlo.add %50, %51 : tensor<1x2x32xf32>
    %53 = stablehlo.slice %52 [0:1, 0:2, 0:8] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %54 = stablehlo.slice %52 [0:1, 0:2, 8:16] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %55 = stablehlo.slice %52 [0:1, 0:2, 16:24] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %56 = stablehlo.slice %52 [0:1, 0:2, 24:32] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %57 = stablehlo.logistic %53 : tensor<1x2x8xf32>
    %58 = stablehlo.logistic %54 : tensor<1x2x8xf32>
    %59 = stablehlo.tanh %55 : tensor<1x2x8xf32>
    %60 = stablehlo.logistic %56 : tensor<1x2x8xf32>
    %61 = stablehlo.multiply %58, %43 : tensor<1x2x8xf32>
    %62 = stablehlo.multiply %57, %59 : tensor<1x2x8xf32>
    %63 = stablehlo.add %61, %62 : tensor<1x2x8xf32>
    %64 = stablehlo.tanh %63 : tensor<1x2x8xf32>
    %65 = stablehlo.multiply %60, %64 : tensor<1x2x8xf32>
    %66 = stablehlo.reshape %65 : (tensor<1x2x8xf32>) -> tensor<2x8xf32>
    %67 = stablehlo.dot_general %66, %20, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x32xf32>) -> tensor<2x32xf32>
    %68 = stablehlo.multiply %67, %24 : tensor<2x32xf32>
    %69 = stablehlo.add %68, %28 : tensor<2x32xf32>
    %70 = stablehlo.reshape %69 : (tensor<2x32xf32>) -> tensor<1x2x32xf32>
    %71 = stablehlo.broadcast_in_dim %17, dims = [1, 2] : (tensor<2x32xf32>) -> tensor<1x2x32xf32>
    %72 = stablehlo.add %70, %71 : tensor<1x2x32xf32>
    %73 = stablehlo.slice %72 [0:1, 0:2, 0:8] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %74 = stablehlo.slice %72 [0:1, 0:2, 8:16] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %75 = stablehlo.slice %72 [0:1, 0:2, 16:24] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %76 = stablehlo.slice %72 [0:1, 0:2, 24:32] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %77 = stablehlo.logistic %73 : tensor<1x2x8xf32>
    %78 = stablehlo.logistic %74 : tensor<1x2x8xf32>
    %79 = stablehlo.tanh %75 : tensor<1x2x8xf32>
    %80 = stablehlo.logistic %76 : tensor<1x2x8xf32>
    %81 = stablehlo.multiply %78, %63 : tensor<1x2x8xf32>
    %82 = stablehlo.multiply %77, %79 : tensor<1x2x8xf32>
    %83 = stablehlo.add %81, %82 : tensor<1x2x8xf32>
    %84 = stablehlo.tanh %83 : tensor<1x2x8xf32>
    %85 = stablehlo.multiply %80, %84 : tensor<1x2x8xf32>
    %86 = stablehlo.reshape %85 : (tensor<1x2x8xf32>) -> tensor<2x8xf32>
    %87 = stablehlo.dot_general %86, %20, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x32xf32>) -> tensor<2x32xf32>
    %88 = stablehlo.multiply %87, %24 : tensor<2x32xf32>
    %89 = stablehlo.add %88, %28 : tensor<2x32xf32>
    %90 = stablehlo.reshape %89 : (tensor<2x32xf32>) -> tensor<1x2x32xf32>
    %91 = stablehlo.broadcast_in_dim %18, dims = [1, 2] : (tensor<2x32xf32>) -> tensor<1x2x32xf32>
    %92 = stablehlo.add %90, %91 : tensor<1x2x32xf32>
    %93 = stablehlo.slice %92 [0:1, 0:2, 0:8] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %94 = stablehlo.slice %92 [0:1, 0:2, 8:16] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %95 = stablehlo.slice %92 [0:1, 0:2, 16:24] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %96 = stablehlo.slice %92 [0:1, 0:2, 24:32] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %97 = stablehlo.logistic %93 : tensor<1x2x8xf32>
    %98 = stablehlo.logistic %94 : tensor<1x2x8xf32>
    %99 = stablehlo.tanh %95 : tensor<1x2x8xf32>
    %100 = stablehlo.logistic %96 : tensor<1x2x8xf32>
    %101 = stablehlo.multiply %98, %83 : tensor<1x2x8xf32>
    %102 = stablehlo.multiply %97, %99 : tensor<1x2x8xf32>
    %103 = stablehlo.add %101, %102 : tensor<1x2x8xf32>
    %104 = stablehlo.tanh %103 : tensor<1x2x8xf32>
    %105 = stablehlo.multiply %100, %104 : tensor<1x2x8xf32>
    %106 = stablehlo.reshape %105 : (tensor<1x2x8xf32>) -> tensor<2x8xf32>
    %107 = stablehlo.dot_general %106, %20, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x32xf32>) -> tensor<2x32xf32>
    %108 = stablehlo.multiply %107, %24 : tensor<2x32xf32>
    %109 = stablehlo.add %108, %28 : tensor<2x32xf32>
    %110 = stablehlo.reshape %109 : (tensor<2x32xf32>) -> tensor<1x2x32xf32>
    %111 = stablehlo.broadcast_in_dim %19, dims = [1, 2] : (tensor<2x32xf32>) -> tensor<1x2x32xf32>
    %112 = stablehlo.add %110, %111 : tensor<1x2x32xf32>
    %113 = stablehlo.slice %112 [0:1, 0:2, 0:8] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %114 = stablehlo.slice %112 [0:1, 0:2, 8:16] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %115 = stablehlo.slice %112 [0:1, 0:2, 16:24] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %116 = stablehlo.slice %112 [0:1, 0:2, 24:32] : (tensor<1x2x32xf32>) -> tensor<1x2x8xf32>
    %117 = stablehlo.logistic %113 : tensor<1x2x8xf32>
    %118 = stablehlo.logistic %114 : tensor<1x2x8xf32>
    %119 = stablehlo.tanh %115 : tensor<1x2x8xf32>
    %120 = stablehlo.logistic %116 : tensor<1x2x8xf32>
    %121 = stablehlo.multiply %118, %103 : tensor<1x2x8xf32>
    %122 = stablehlo.multiply %117, %119 : tensor<1x2x8xf32>
    %123 = stablehlo.add %121, %122 : tensor<1x2x8xf32>
    %124 = stablehlo.tanh %123 : tensor<1x2x8xf32>
    %125 = stablehlo.multiply %120, %124 : tensor<1x2x8xf32>
    %126 = stablehlo.concatenate %45, %65, %85, %105, %125, dim = 0 : (tensor<1x2x8xf32>, tensor<1x2x8xf32>, tensor<1x2x8xf32>, tensor<1x2x8xf32>, tensor<1x2x8xf32>) -> tensor<5x2x8xf32>
    %127 = stablehlo.reshape %125 : (tensor<1x2x8xf32>) -> tensor<2x8xf32>
    %128 = stablehlo.reshape %123 : (tensor<1x2x8xf32>) -> tensor<2x8xf32>
    %129 = stablehlo.transpose %126, dims = [1, 0, 2] : (tensor<5x2x8xf32>) -> tensor<2x5x8xf32>
    %130 = stablehlo.reshape %127 : (tensor<2x8xf32>) -> tensor<1x2x8xf32>
    %131 = stablehlo.reshape %128 : (tensor<2x8xf32>) -> tensor<1x2x8xf32>
    return %129, %130, %131 : tensor<2x5x8xf32>, tensor<1x2x8xf32>, tensor<1x2x8xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_32_torch.float32_1: "0x04000000A22D6FBEA7BA22BE7817963E44D454BE91A1343EA276BABD219DE03C9C26C9BC812B0CBD650803BEBD57C3BDD2E36E3E4E6783BEFBB31C3D1EF4D9BDD7F3AB3E4A1FE33DD88DB03E1E678D3D012965BEB2454A3D6DEF4B3EFB9AFEBD5EF4F5BDEDB581BEE6872C3E007BB83DA9937B3E635A1EBDBF015DBE8C3EF63D3A16183E",
      torch_tensor_32_8_torch.float32: "0x04000000D4CD99BEE3EB5BBE506CAEBE54BB9C3EB757523E2124F4BDF16E5ABEB1C378BEB4198A3D348E87BECC47ACBDCF860CBE93B594BE48AAA13E1A48ACBE6ACEA1BE857696BEB5E8C13DE3CF8BBD548CA33EB413323C61183A3EDCC5B13E58D87ABED1DA203E4A0FCABD63B7D23D219856BE89D1D0BC6CAA6A3D54309B3D81A1973ED3D8773DF8BFE13D99CDB43D51762BBE773AE03D83DEA43EA6FE063D8180A2397AB7AC3E91F879BEA5C4AC3DC44CA93EF1BE17BD1EC13DBE4EB8D8BDDB93043EE15398BDFD048B3EFD9D0ABE77B39EBECC4DB2BEEA6C98BE0A28F03D4DCCAA3B08BB82BD407A013DDDD267BE61A0B43E6F9F133E1DDDEABD5ECDC63D021DA6BECA4905BD7DBA22BC54B49CBEDC128B3E428F76BE2746E43DFC6C80BE6A1A59BCD58B283E8DE265BC6B328C3EE61300BEF0D5583EFF53493DCCBEA23E655D61BEB3058BBDBB77B03E03DC413EB8F93B3EE28F893E5660DC3C4887BDBD28FC3CBD67FD98BEF3E981BD58ABBDBD2EEA233E9DA6B53D6166AF3E7761273EB279823E31A36BBEC854E0BD269D083E14B3453DF9C786BE30EB333E3946AD3D53844D3D327494BE6DCAB23D4D0501BE7FF8853E9A0432BE97E5E73D1D6F953ECBF57B3EA611363DE24178BE31FB473D9D0D8DBEDC96323EB6C2D0BDBE1875BEE87BCDBDB17FAE3DA89648BEFBAB86BE605F993EC89C113E17DEE53DAEED81BE53B483BE4464113E3168823C650E8ABEC764B6BDF46568BE9AD3F4BDF31261BD204478BDED9217BDA0F0613B4B324E3E7CDB303E21AF53BE7A246D3C15AB7BBE8DE90E3EB6CDB33D21C418BEBFBD203E48C6893E29E214BEBB3E873ED56BB53B696ED0BD4AE9A33EBE6081BE3E6EA43C0FCBEE3D06CD4D3D69DA933E1E732ABE756E5CBEDB9CB73DEB25CE3D2B5E76BD7B70CDBC789FF9BDC503263D111AAF3E3117F63D9677033E23D48C3E134A9BBC422797BEBFC6AFBED408803D1A30403EDABC403E269C423E0D225B3D6BB791BD5AACE43D485189BC17DB29BD92E0C63D5BE189BDBAE9773E4C63AABD01484A3EB2E843BE99D73E3DE25158BEEBFD3FBE9873863DA1E4853E3508AABEA17AB4BE8C9B51BE5623D63DA2FC91BE987786BDB62300BE0D653B3E760487BD99A0E43DA4D1513DAB17023E9F81863E859C8CBEE9A55E3EFDD6923D8FE585BE6EF72BBED2330ABE2E2AA53D98CD6BBE67D6773E53FD673DA89EB1BE9A010D3E64AF73BECD53963EA415593C16B380BDFFA8C2BB13898E3D738A703E97D49D3E9020003C48CF393E43EAAE3E31E51E3EC64ED73D0E1A82BD15E6AB3D03368D3E480C01BEF0D631BD7988A2BE58732D3E18ABA9BE29054EBE25A24D3E8778EE3DD024ADBC421866BE42A29C3B48A2673D8D8297BE1E92F23A3F2A7DBE9F78103ED8D1703E7AD230BE45592B3E61E60C3E8AA74ABE7CE20D3D",
      torch_tensor_32_torch.float32: "0x040000006C8230BD4ED1F8BD189AC43D2DCF90BE4666C43DA325C9BCD89A05BD9AE10D3ECCBE1C3E19BDB73CC75693BEBA7A8A3E99B68D3D48B2803E9FE806BE94F592BE6BB481BE8328C03D88E19FBE50B8503E872FB1BE25F19BBE4943B1B97DE5893E72CF5D3ECEB0ABBE3DF0D7BD3BCFC93D93ADA6BE0C39653EC9A223BED6B58B3E",
      torch_tensor_32_6_torch.float32: "0x040000009A7A8E3D86D2A3BE1C8439BE447B81BD9607FB3DAAC534BE8892EFBD111F03BDCBFFADBE9A3CB4BEC23166BEC70761BE724A3B3E57E0EEBD3E6919BEBD179F3D5805833E82106BBDF0DCDD3D32B88C3DF9ED9ABCCD8BAE3E53FB30BEB583923EAAE61B3E5087E5BD7A9CCDBDF55FD43DA5EC123DE5BC05BEF7F8AC3EBE48A13E8212E53D6029853D276E9CBDADEB2F3EC196773CCC350D3E8376B83D949E74BEB2E18D3EF1B2E33DFC8E6DBEB813D53D7FBFACBD9209023DB6D99FBE1096373EB9493CBE63AF613EEB767E3C994889BDA70FABBDF24D2FBBF094133D30F18C3E381F83BEDD9C3A3E7938023EFCDEAF3E286AABBE77F14ABECEE79F3EDCF8003E4D42B4BE2C3E3F3D4D81743E66EE9B3E5327913D59F9B8BDC59A65BED7675E3D370D613EA4472E3E92A643BE5CB98BBEFA9F103E511A6A3EE3AAADBE33D0A9BEFE781C3E0472903D00F533BE8000063E12431FBBD824143E7BF38C3CEE7058BEE4E09A3E3174B0BD62FF3CBE165B8FBDEA1143BDB918573ECABB9A3DB16D503E3D9B8E3E6067D6BD995188BD68DA83BECBD094BC089AABBE6F0243BEB3EF74BE1600833D0B91C2BD60DBB43E0E35A43D6AE2273E030CD83DDD6FA9BE507273BD00EE9D3D4E87ACBE9F1989BD92EE6A3D2D8FB4BE75EBA23E1CFE32BD6780403E00D072BE83779CBED5D69F3D6BDA913DC72062BEE0A8ABBE7ADFAFBD77D78EBE9F544C3ED1A587BEE800093E6A57703E9603E63D1F4698BE152685BE395B8ABEE9162B3E10808DBEEFB4853EC2167DBEB806FC3C2A56A53E47AD94BE98F8503E4975B23C22284DBD875BBDBCF0DCE53D541C5F3D588877BDB06D1CBE4594813E87BC623E9DC74ABE7A528DBDF171723E10C37ABEB718B13E80DC993E3C1CD83D0A4E953DB7957BBD4752ACBE1076683D5597A23D0EDA35BE8F38223E18B3ADBE46820FBEDADD86BECB6CA9BEF045953E568E9FBE0CA46ABEC5845F3ED0AD1A3ED9A897BC980B843D885EF4BDE5A0B83D4865893D6FAECEBDD3A3B0BE52B2A9BE5B7E913E82D192BD9321AD3ECC5587BECE5365BEA47C04BE79E64ABCAF50873E"
    }
  }
#-}
