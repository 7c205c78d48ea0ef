//===- TargetMachine.cpp - The CPU that kernels are compiled for ----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/TargetMachine.h"
#include "hlox/runtime/AotProgram.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Host.h"

#include <mutex>

using namespace mlir;
using namespace hlox;
using namespace hlox::cpu;

static void initializeNativeTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

/// Checks the CPU name and each feature against what the target knows.
static llvm::Error checkTargetNames(const cpu::CompileOptions &options,
                                   ArrayRef<std::string> features) {
  std::string triple = llvm::sys::getProcessTriple();
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(llvm::Triple(triple), error);
  if (!target)
    return llvm::createStringError("no target for " + triple + ": " + error);
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(llvm::Triple(triple), "", ""));
  if (options.targetCpu != "host" &&
      !info->isCPUStringValid(options.targetCpu))
    return llvm::createStringError("unknown target CPU '" + options.targetCpu +
                                   "' (--target-cpu takes 'host' or an LLVM "
                                   "CPU name such as x86-64-v2, "
                                   "skylake-avx512, sapphirerapids)");
  for (const std::string &feature : features) {
    StringRef name(feature);
    if (!name.consume_front("+") && !name.consume_front("-"))
      return llvm::createStringError("target feature '" + feature +
                                     "' must start with + or -");
    bool known = llvm::any_of(info->getAllProcessorFeatures(),
                              [&](const llvm::SubtargetFeatureKV &kv) {
                                return name == kv.Key;
                              });
    if (!known)
      return llvm::createStringError("unknown target feature '" + feature +
                                     "'");
  }
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
hlox::cpu::createTargetMachine(const CompileOptions &options) {
  initializeNativeTarget();
  SmallVector<StringRef> parts;
  StringRef(options.targetFeatures).split(parts, ',', -1, false);
  std::vector<std::string> features;
  for (StringRef part : parts)
    features.push_back(part.trim().str());
  if (llvm::Error error = checkTargetNames(options, features))
    return std::move(error);
  llvm::orc::JITTargetMachineBuilder builder{
      llvm::Triple(llvm::sys::getProcessTriple())};
  if (options.targetCpu == "host") {
    auto host = llvm::orc::JITTargetMachineBuilder::detectHost();
    if (!host)
      return host.takeError();
    builder = std::move(*host);
  } else {
    builder.setCPU(options.targetCpu);
  }
  builder.addFeatures(features);
  builder.setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  return builder.createTargetMachine();
}

/// Whether compiled kernels may hold instructions of `feature`. System,
/// security and crypto extensions (and AMX's tiles) are reached only through
/// intrinsics hlox never emits; hypervisors often hide them, so they do not
/// stop a host from running the code.
static bool mayBeInKernels(StringRef feature) {
  static const llvm::StringSet<> intrinsicOnly = {
      "aes",      "cldemote", "clflushopt", "clwb",     "clzero",
      "cmpccxadd", "crc32",   "enqcmd",     "fsgsbase", "fxsr",
      "hreset",   "ibt",      "invpcid",    "kl",       "lwp",
      "movdir64b", "movdiri", "movrs",      "mwaitx",   "pclmul",
      "pconfig",  "pku",      "prefetchi",  "prfchw",   "ptwrite",
      "raoint",   "rdpid",    "rdpru",      "rdrnd",    "rdseed",
      "rtm",      "serialize", "sgx",       "sha",      "sha512",
      "shstk",    "sm3",      "sm4",        "tsxldtrk", "uintr",
      "usermsr",  "vaes",     "vpclmulqdq", "waitpkg",  "wbnoinvd",
      "widekl",   "xsave",    "xsavec",     "xsaveopt", "xsaves"};
  return !intrinsicOnly.contains(feature) && !feature.starts_with("amx-");
}

std::vector<std::string>
hlox::cpu::getFeaturesMissingOnHost(const llvm::TargetMachine &machine) {
  llvm::StringMap<bool> host = llvm::sys::getHostCPUFeatures();
  const llvm::MCSubtargetInfo *info = machine.getMCSubtargetInfo();
  std::vector<std::string> missing;
  // Only the instruction-set features host detection reports count; the
  // rest are tuning flags.
  for (const llvm::SubtargetFeatureKV &kv : info->getAllProcessorFeatures()) {
    auto it = host.find(kv.Key);
    if (it == host.end() || it->second || !mayBeInKernels(kv.Key))
      continue;
    if (info->checkFeatures(std::string("+") + kv.Key))
      missing.push_back(std::string("+") + kv.Key);
  }
  return missing;
}

std::vector<std::string>
hlox::cpu::getRequiredCpuFeatures(const llvm::TargetMachine &machine) {
  const llvm::MCSubtargetInfo *info = machine.getMCSubtargetInfo();
  std::vector<std::string> required;
  for (const llvm::SubtargetFeatureKV &kv : info->getAllProcessorFeatures())
    if (mayBeInKernels(kv.Key) && runtime::isCheckableCpuFeature(kv.Key) &&
        info->checkFeatures(std::string("+") + kv.Key))
      required.push_back(kv.Key);
  return required;
}

LogicalResult hlox::cpu::emitObjectFile(ModuleOp module,
                                        const CompileOptions &options,
                                        llvm::raw_pwrite_stream &os) {
  auto machine = createTargetMachine(options);
  if (!machine)
    return module.emitError("cannot target CPU '")
           << options.targetCpu << "': " << llvm::toString(machine.takeError());
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context);
  if (!llvmModule)
    return module.emitError("translation to LLVM IR failed");
  if (llvm::Error error = compileToObject(*llvmModule, **machine,
                                         OptLevel::O3, os))
    return module.emitError(llvm::toString(std::move(error)));
  return success();
}

llvm::StringRef hlox::cpu::getOptLevelName(OptLevel level) {
  switch (level) {
  case OptLevel::Cleanup:
    return "cleanup";
  case OptLevel::O3:
    return "O3";
  }
  llvm_unreachable("unknown optimization level");
}

/// The clean-up pipeline: folds what the lowering to LLVM leaves (memref
/// descriptors taken apart, repeated address arithmetic) and hoists
/// loop-invariant code, without LLVM's unrolling, vectorization and
/// inlining.
static llvm::Error runCleanup(llvm::Module &module,
                              llvm::TargetMachine &machine) {
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager sccs;
  llvm::ModuleAnalysisManager modules;
  llvm::PassBuilder builder(&machine);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(sccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, sccs, modules);
  llvm::ModulePassManager pipeline;
  if (llvm::Error error = builder.parsePassPipeline(
          pipeline,
          "function(early-cse,instcombine,simplifycfg,loop-mssa(licm))"))
    return error;
  pipeline.run(module, modules);
  return llvm::Error::success();
}

llvm::Error hlox::cpu::compileToObject(llvm::Module &module,
                                       llvm::TargetMachine &machine,
                                       OptLevel level,
                                       llvm::raw_pwrite_stream &os) {
  module.setDataLayout(machine.createDataLayout());
  module.setTargetTriple(machine.getTargetTriple());
  // Instruction selection, scheduling and register allocation take as much
  // effort as the IR optimizations were given.
  machine.setOptLevel(level == OptLevel::O3 ? llvm::CodeGenOptLevel::Aggressive
                                            : llvm::CodeGenOptLevel::Less);
  llvm::Error error =
      level == OptLevel::Cleanup
          ? runCleanup(module, machine)
          : makeOptimizingTransformer(/*optLevel=*/3, /*sizeLevel=*/0,
                                      &machine)(&module);
  if (error)
    return llvm::createStringError("LLVM optimization failed: " +
                                   llvm::toString(std::move(error)));
  llvm::legacy::PassManager codegen;
  if (machine.addPassesToEmitFile(codegen, os, nullptr,
                                  llvm::CodeGenFileType::ObjectFile))
    return llvm::createStringError("the target cannot emit object files");
  codegen.run(module);
  return llvm::Error::success();
}
