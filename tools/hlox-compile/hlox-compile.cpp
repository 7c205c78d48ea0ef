//===- hlox-compile.cpp - Prints a program at a compiler phase ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
//   hlox-compile FILE --compile-to=input|stablehlo|linalg|llvm
//                [--function NAME] [--opaque-constants] [--emit-llvm-ir]
//                [--vectorize=false] [--host-control-flow=auto|always|never]
//                [--fp-contract[=off|elementwise|all]]
//                [--plugin=SO]...
//                [--target-cpu=NAME] [--target-features=+f,-g]
//                [--emit-object] [-o OUT]
//   hlox-compile FILE -o MODEL.hlox [--function NAME] [--target-cpu=NAME] ...
//   hlox-compile FILE --target=cuda [--cuda-arch=sm_90] [-o DIR | -o F.hlox]
//   hlox-compile --list-runtime-symbols
//
// Runs the CPU compiler's phases on FILE up to the named one and prints the
// module there (with --emit-llvm-ir, the llvm phase as LLVM IR; with
// --emit-object, an object file of the kernels for the target CPU, which
// the host need not be able to run). With an output file ending in .hlox
// (or --emit-executable), it compiles the function completely through the
// API (hlox/api/Api.h) into an ahead-of-time executable: host program, kernels
// as objects, signature and the CPU features the code needs, in one file that
// hlox-run, the API and the runtime alone load. --list-runtime-symbols prints
// the functions the runtime gives compiled kernels, one per line: an object
// file's undefined symbols must be among them. --target=cuda prints each
// dispatch's PTX (or writes DIR/KERNEL.ptx), or with -o F.hlox writes the
// program for a CUDA device, which the runtime alone runs (hlox-run-aot
// --device=cuda). Exit status: 0 on success,
// 1 on a parse or compile error.
//
//===----------------------------------------------------------------------===//

#include "ApiValues.h"
#include "CompileFlags.h"
#include "Program.h"
#include "Serve.h"

#include "hlox/Pipelines/Pipelines.h"
#include "hlox/Target/CPU/Compiler.h"
#include "hlox/Target/CPU/TargetMachine.h"
#include "hlox/Target/CUDA/Compiler.h"
#include "hlox/Transforms/Specialize.h"
#include "hlox/api/Api.h"
#include "hlox/api/CompilerOptions.h"
#include "hlox/runtime/Builtins.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
using namespace hlox;
namespace cl = llvm::cl;

namespace {
cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input file>"),
                               cl::init("-"));
cl::opt<std::string> outputFile("o", cl::desc("Output file"), cl::init("-"));
cl::opt<std::string>
    compileTo("compile-to",
              cl::desc("The phase to stop after: input, stablehlo, linalg or "
                       "llvm"),
              cl::init("llvm"));
cl::opt<std::string> functionName("function",
                                  cl::desc("The function to compile"),
                                  cl::init("main"));
cl::opt<bool> emitExecutable(
    "emit-executable",
    cl::desc("Write an ahead-of-time executable (the default for -o "
             "FILE.hlox)"));
cl::opt<bool> opaqueConstants("opaque-constants",
                              cl::desc("Keep every constant a run-time buffer"));
cl::opt<bool> vectorize("vectorize",
                        cl::desc("Tile and vectorize the kernels (on by "
                                 "default)"),
                        cl::init(true));
cl::opt<bool> emitLLVMIR("emit-llvm-ir",
                         cl::desc("Print the llvm phase as LLVM IR"));
cl::opt<bool> emitObject("emit-object",
                         cl::desc("Write the llvm phase as an object file for "
                                  "the target CPU"));
cl::opt<bool> listRuntimeSymbols(
    "list-runtime-symbols",
    cl::desc("Print the functions the runtime gives compiled kernels and "
             "exit"));
cl::opt<std::string>
    target("target",
           cl::desc("The target: cpu (the default), or cuda: each dispatch "
                    "as PTX (printed, or with -o DIR one DIR/NAME.ptx per "
                    "dispatch), or with -o F.hlox the program's executable "
                    "for a CUDA device"),
           cl::init("cpu"));
cl::opt<std::string> cudaArch("cuda-arch",
                              cl::desc("--target=cuda: the GPU architecture "
                                       "(sm_70, sm_75, sm_80, sm_86, sm_89, "
                                       "sm_90)"),
                              cl::init("sm_90"));
cl::opt<bool> validatePtx(
    "validate-ptx",
    cl::desc("--target=cuda: assemble each kernel's PTX with ptxas, found as "
             "$HLOX_PTXAS, in $CUDA_HOME/bin, /usr/local/cuda/bin or on the "
             "PATH (on by default; without a ptxas, a warning)"),
    cl::init(true));
cl::opt<std::string> dumpIr("dump-ir",
                            cl::desc("Also write the module after each phase "
                                     "into this folder"));
} // namespace

/// The CUDA target's options: the flags' and --cuda-arch.
static cuda::CompileOptions getCudaOptions(const cpu::CompileOptions &options) {
  cuda::CompileOptions cudaOptions;
  static_cast<hlox::CompileOptions &>(cudaOptions) = options;
  cudaOptions.arch = cudaArch;
  // cuBLASLt's products are blocked sums, as oneDNN's.
  cudaOptions.libraryCalls = options.libraryCalls && !options.strictNumerics;
  if (validatePtx && cuda::findPtxas().empty())
    llvm::errs() << "warning: no ptxas ($HLOX_PTXAS, $CUDA_HOME/bin, "
                    "/usr/local/cuda/bin, PATH): the PTX is not validated\n";
  return cudaOptions;
}

/// --target=cuda: the program to the CUDA target's linalg phase, then each
/// dispatch to PTX, validated by ptxas, printed or written one file per
/// dispatch.
static int compileForCuda(ModuleOp module, const cpu::CompileOptions &flags) {
  cuda::CompileOptions options = getCudaOptions(flags);
  std::shared_ptr<const Target> target = cuda::createTarget(options);
  if (failed(partitionProgram(module, options)) ||
      failed(target->lowerToPhase(module, Phase::Linalg, nullptr)))
    return 1;
  FailureOr<std::vector<cuda::KernelPtx>> kernels =
      cuda::compileToPtx(module, options);
  if (failed(kernels))
    return 1;
  std::string error;
  if (validatePtx && !cuda::validateWithPtxas(*kernels, cudaArch, error)) {
    llvm::errs() << "error: " << error << "\n";
    return 1;
  }
  if (outputFile == "-") {
    for (const cuda::KernelPtx &kernel : *kernels)
      llvm::outs() << "// @" << kernel.dispatch << ": " << kernel.name << "\n"
                   << kernel.ptx << "\n";
    return 0;
  }
  if (std::error_code code = llvm::sys::fs::create_directories(outputFile)) {
    llvm::errs() << "error: cannot create " << outputFile << ": "
                 << code.message() << "\n";
    return 1;
  }
  for (const cuda::KernelPtx &kernel : *kernels) {
    SmallString<128> path(outputFile.getValue());
    llvm::sys::path::append(path, kernel.name + ".ptx");
    auto output = openOutputFile(path, &error);
    if (!output) {
      llvm::errs() << "error: " << error << "\n";
      return 1;
    }
    output->os() << kernel.ptx;
    output->keep();
  }
  return 0;
}

/// --target=cuda -o F.hlox: the whole program compiled for the GPU, as
/// the runtime's ahead-of-time file (no GPU needed to compile it).
static int writeCudaExecutable(ModuleOp module,
                               const cpu::CompileOptions &flags) {
  cuda::CompileOptions cudaOptions = getCudaOptions(flags);
  if (failed(partitionProgram(module, cudaOptions)))
    return 1;
  FailureOr<std::unique_ptr<CompiledProgram>> compiled =
      compile(module, *cuda::createTarget(cudaOptions, validatePtx));
  if (failed(compiled))
    return 1;
  std::string error;
  FailureOr<runtime::AotProgram> aot =
      cuda::makeAheadOfTimeProgram(cudaOptions.entry, **compiled, error);
  if (failed(aot)) {
    llvm::errs() << "error: " << error << "\n";
    return 1;
  }
  auto output = openOutputFile(outputFile, &error);
  if (!output) {
    llvm::errs() << "error: " << error << "\n";
    return 1;
  }
  output->os() << runtime::writeAotProgram(*aot);
  output->keep();
  return 0;
}

static int compileMain(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  tools::registerPassManagerFlags();
  cl::ParseCommandLineOptions(argc, argv, "hlox CPU compiler phases\n");
  if (!tools::loadPlugins())
    return 1;
  std::optional<Phase> phase = parsePhase(compileTo);
  if (!phase) {
    llvm::errs() << "error: unknown phase '" << compileTo
                 << "' (input, stablehlo, linalg, llvm)\n";
    return 1;
  }
  if (listRuntimeSymbols) {
    for (const runtime::KernelSymbol &symbol : runtime::getKernelSymbols())
      llvm::outs() << symbol.name << "\n";
    return 0;
  }
  if (target != "cpu" && target != "cuda") {
    llvm::errs() << "error: unknown target '" << target << "' (cpu, cuda)\n";
    return 1;
  }
  if (target == "cuda" &&
      (emitLLVMIR || emitObject || compileTo.getNumOccurrences() > 0)) {
    llvm::errs() << "error: --target=cuda compiles each dispatch to PTX: no "
                    "--compile-to, --emit-llvm-ir or --emit-object\n";
    return 1;
  }
  if (llvm::StringRef(outputFile).ends_with(".hlox"))
    emitExecutable = true;
  if (emitExecutable &&
      (emitLLVMIR || emitObject || compileTo.getNumOccurrences() > 0)) {
    llvm::errs() << "error: an executable (-o FILE.hlox, --emit-executable) "
                    "is the whole compilation: no --compile-to, "
                    "--emit-llvm-ir or --emit-object\n";
    return 1;
  }
  if (emitExecutable && outputFile == "-") {
    llvm::errs() << "error: --emit-executable needs an output file (-o)\n";
    return 1;
  }
  if ((emitLLVMIR || emitObject) && *phase != Phase::LLVM) {
    llvm::errs() << "error: --emit-llvm-ir and --emit-object need "
                    "--compile-to=llvm\n";
    return 1;
  }
  if (emitLLVMIR && emitObject) {
    llvm::errs() << "error: --emit-llvm-ir and --emit-object exclude each "
                    "other\n";
    return 1;
  }
  if (emitObject && outputFile == "-") {
    llvm::errs() << "error: --emit-object needs an output file (-o)\n";
    return 1;
  }
  std::unique_ptr<MLIRContext> ownedContext = tools::createToolContext();
  MLIRContext &context = *ownedContext;

  std::string error;
  auto file = openInputFile(inputFile, &error);
  if (!file) {
    llvm::errs() << "error: " << error << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = tools::parseProgram(sourceMgr, &context);
  if (!module)
    return 1;
  api::CompileOptions apiOptions;
  apiOptions.entry = functionName;
  apiOptions.opaqueConstants = opaqueConstants;
  apiOptions.dumpDir = dumpIr;
  apiOptions.vectorize = vectorize;
  tools::applyCompileFlags(apiOptions);
  cpu::CompileOptions options = api::toCompilerOptions(apiOptions);
  if (!options.cacheDir.empty()) {
    llvm::errs() << "error: --cache-dir keeps kernels that hlox-run and "
                    "hlox-bench compile; hlox-compile prints phases\n";
    return 1;
  }
  if (emitExecutable) {
    auto entry = module->lookupSymbol<func::FuncOp>(options.entry);
    if (!entry) {
      module->emitError("no function @") << options.entry;
      return 1;
    }
    if (hasDynamicShapes(entry)) {
      entry.emitError("an ahead-of-time executable needs static shapes: "
                      "@")
          << options.entry << " has dynamic ones";
      return 1;
    }
    if (target == "cuda")
      return writeCudaExecutable(*module, options);
    // The whole compilation, through the API.
    api::StatusOr<std::shared_ptr<api::Client>> client = api::Client::create();
    if (!client.ok()) {
      llvm::errs() << "error: " << client.getStatus().getMessage() << "\n";
      return 1;
    }
    apiOptions.aheadOfTime = true;
    const llvm::MemoryBuffer *source =
        sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
    api::StatusOr<std::shared_ptr<api::Executable>> executable =
        (*client)->compile({source->getBufferStart(), source->getBufferSize()},
                           apiOptions, source->getBufferIdentifier().str());
    if (!executable.ok()) {
      tools::emitApiError(entry, "cannot compile: ", executable.getStatus());
      return 1;
    }
    api::StatusOr<std::string> bytes = (*executable)->serializeAheadOfTime();
    if (!bytes.ok()) {
      tools::emitApiError(entry, "", bytes.getStatus());
      return 1;
    }
    auto output = openOutputFile(outputFile, &error);
    if (!output) {
      llvm::errs() << "error: " << error << "\n";
      return 1;
    }
    output->os() << *bytes;
    output->keep();
    return 0;
  }
  if (target == "cuda")
    return compileForCuda(*module, options);
  // A program sharded over several devices: the program of each device,
  // as the API compiles it.
  if (failed(partitionProgram(*module, options)) ||
      failed(cpu::lowerToPhase(*module, *phase, options)))
    return 1;
  auto output = openOutputFile(outputFile, &error);
  if (!output) {
    llvm::errs() << "error: " << error << "\n";
    return 1;
  }
  if (emitObject) {
    if (failed(cpu::emitObjectFile(*module, options, output->os())))
      return 1;
  } else if (emitLLVMIR) {
    llvm::LLVMContext llvmContext;
    std::unique_ptr<llvm::Module> llvmModule =
        translateModuleToLLVMIR(*module, llvmContext);
    if (!llvmModule) {
      llvm::errs() << "error: translation to LLVM IR failed\n";
      return 1;
    }
    llvmModule->print(output->os(), nullptr);
  } else {
    module->print(output->os());
  }
  output->keep();
  return 0;
}

int main(int argc, char **argv) {
  if (tools::isServeRequest(argc, argv))
    return tools::serveRequests(argv[0], compileMain);
  return compileMain(argc, argv);
}
