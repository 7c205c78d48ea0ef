//===- CRuntime.cpp - Running ahead-of-time executables from C -----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/c_runtime.h"

#include "hlox/runtime/AotProgram.h"

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

using namespace hlox::runtime;

struct hlox_rt_program {
  std::vector<std::string> inputTypes, outputTypes;
  std::vector<BufferType> inputs, outputs;
  std::unique_ptr<CpuDevice> device;
  std::unique_ptr<Executable> executable;
};

static char *message(const std::string &text) {
  char *copy = static_cast<char *>(std::malloc(text.size() + 1));
  if (copy)
    std::memcpy(copy, text.c_str(), text.size() + 1);
  return copy;
}

extern "C" {

char *hlox_rt_load(const char *path, unsigned numThreads,
                   hlox_rt_program **program) {
  if (!path || !program)
    return message("hlox_rt_load: null argument");
  std::ifstream file(path, std::ios::binary);
  if (!file)
    return message(std::string("cannot open ") + path);
  std::stringstream contents;
  contents << file.rdbuf();
  std::string bytes = contents.str();
  AotProgram aot;
  Status status = readAotProgram(bytes, aot);
  if (!status)
    return message(std::string(path) + ": " + status.message());
  auto loaded = std::make_unique<hlox_rt_program>();
  loaded->inputTypes = aot.inputTypes;
  loaded->outputTypes = aot.outputTypes;
  for (int64_t value : aot.program.arguments)
    loaded->inputs.push_back(aot.program.values[value].type);
  for (int64_t value : aot.program.results)
    loaded->outputs.push_back(aot.program.values[value].type);
  loaded->executable = loadAotProgram(std::move(aot), status);
  if (!loaded->executable)
    return message(std::string(path) + ": " + status.message());
  loaded->device = std::make_unique<CpuDevice>(numThreads);
  *program = loaded.release();
  return nullptr;
}

void hlox_rt_destroy(hlox_rt_program *program) { delete program; }

size_t hlox_rt_num_inputs(const hlox_rt_program *program) {
  return program ? program->inputs.size() : 0;
}

size_t hlox_rt_num_outputs(const hlox_rt_program *program) {
  return program ? program->outputs.size() : 0;
}

const char *hlox_rt_input_type(const hlox_rt_program *program, size_t index) {
  return program && index < program->inputTypes.size()
             ? program->inputTypes[index].c_str()
             : "";
}

const char *hlox_rt_output_type(const hlox_rt_program *program, size_t index) {
  return program && index < program->outputTypes.size()
             ? program->outputTypes[index].c_str()
             : "";
}

size_t hlox_rt_input_bytes(const hlox_rt_program *program, size_t index) {
  return program && index < program->inputs.size()
             ? static_cast<size_t>(program->inputs[index].getByteSize())
             : 0;
}

size_t hlox_rt_output_bytes(const hlox_rt_program *program, size_t index) {
  return program && index < program->outputs.size()
             ? static_cast<size_t>(program->outputs[index].getByteSize())
             : 0;
}

char *hlox_rt_run(hlox_rt_program *program, const void *const *inputs,
                  void *const *outputs) {
  if (!program || (!inputs && !program->inputs.empty()) ||
      (!outputs && !program->outputs.empty()))
    return message("hlox_rt_run: null argument");
  std::vector<std::shared_ptr<Buffer>> arguments;
  for (size_t i = 0; i < program->inputs.size(); ++i) {
    auto buffer = std::make_shared<Buffer>(program->inputs[i]);
    std::memcpy(buffer->data(), inputs[i], buffer->getByteSize());
    arguments.push_back(std::move(buffer));
  }
  std::vector<std::shared_ptr<Buffer>> results;
  Status status =
      program->executable->execute(*program->device, arguments, results);
  if (!status)
    return message(status.message());
  for (size_t i = 0; i < results.size(); ++i)
    std::memcpy(outputs[i], results[i]->data(), results[i]->getByteSize());
  return nullptr;
}

} // extern "C"
