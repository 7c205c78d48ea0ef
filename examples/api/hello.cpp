// Compile a StableHLO program and run it from C++ (docs/api.md).
#include "hlox/api/Api.h"

#include <cstdio>

int main() {
  using namespace hlox::api;
  auto client = Client::create();
  if (!client.ok())
    return 1;
  auto exe = (*client)->compile(R"(
    func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
      %0 = stablehlo.multiply %x, %x : tensor<3xf32>
      return %0 : tensor<3xf32>
    })");
  if (!exe.ok()) {
    std::fprintf(stderr, "%s\n", exe.getStatus().getMessage().c_str());
    return 1;
  }
  float x[3] = {1, 2, 3};
  auto input = (*client)->bufferFromHost(x, ElementType::F32, {3});
  auto results = (*exe)->execute({*input});
  if (!results.ok())
    return 1;
  float y[3];
  if (!(*results)[0]->toHost(y, sizeof(y)).ok())
    return 1;
  std::printf("%g %g %g\n", y[0], y[1], y[2]);
  return 0;
}
