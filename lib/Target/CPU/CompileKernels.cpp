//===- CompileKernels.cpp - Each distinct kernel compiled once ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Every kernel gets a key: the SHA-256 of its IR (printed under one name,
// with the declarations it calls), the kernel pipeline, the target CPU and
// its features, the optimization level, and the compiler's version. Kernels
// of equal keys share one compiled body; a key found in the persistent
// cache is loaded, not compiled. The rest are lowered each in a module of
// its own (the pass manager runs them in parallel), translated to LLVM IR
// each in an LLVMContext of its own, and optimized and compiled to object
// code in parallel on the context's thread pool. In the object, a kernel is
// named after its key (`hlox_k<key>_entry`), so that a cached object serves
// any program holding the same kernel, whatever its dispatch is called.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "hlox/Support/DiskCache.h"
#include "hlox/Target/CPU/Passes.h"
#include "hlox/Target/CPU/TargetMachine.h"

#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <algorithm>
#include <chrono>

using namespace mlir;
using namespace hlox;
using namespace hlox::cpu;

namespace {

using Clock = std::chrono::steady_clock;

/// `kernel` printed under a fixed name, followed by the declarations it
/// calls: what its code depends on in the module.
std::string printKernel(func::FuncOp kernel, ModuleOp module) {
  std::string text = printDispatch(kernel);
  llvm::raw_string_ostream os(text);
  llvm::SmallSetVector<StringAttr, 4> callees;
  kernel.walk([&](func::CallOp call) {
    callees.insert(call.getCalleeAttr().getAttr());
  });
  for (StringAttr callee : callees)
    if (Operation *declaration = module.lookupSymbol(callee))
      declaration->print(os << "\n",
                         OpPrintingFlags().assumeVerified().useLocalScope());
  return text;
}

/// The LLVM optimization level of `kernel`: clean-up only for a
/// structured kernel (linalg ops tiled along its workgroup loop, nothing
/// else looping) whose whole work is under kSmallKernelWork scalar
/// iterations, -O3 for the rest. MLIR already vectorized such a kernel and
/// unrolled its register tiles; LLVM's -O1 and -O3 spend most of their time
/// on its loops (unrolling, induction variables) for no measurable gain,
/// while clean-up takes a third of -O1's time.
OptLevel chooseOptLevel(func::FuncOp kernel) {
  constexpr int64_t kSmallKernelWork = 1 << 14;
  auto get = [&](StringRef name) -> int64_t {
    auto attr = kernel->getAttrOfType<IntegerAttr>(name);
    return attr ? attr.getInt() : 0;
  };
  int64_t work = get(kWorkAttr) * get(kWorkgroupsAttr);
  int64_t loops = 0, structured = 0;
  kernel.walk([&](Operation *op) {
    loops += isa<LoopLikeOpInterface>(op);
    structured += isa<linalg::LinalgOp>(op);
  });
  // The kernel ABI's tiling adds one loop over [begin, end).
  bool small = structured > 0 && loops <= (get(kWorkgroupsAttr) > 1) &&
               work > 0 && work < kSmallKernelWork;
  return small ? OptLevel::Cleanup : OptLevel::O3;
}

/// One kernel to compile: its LLVM IR, then its object code.
struct Job {
  size_t object;
  std::string key;
  std::string name;
  OptLevel optLevel;
  ModuleOp nested;
  std::string error;
  double milliseconds = 0;
};

} // namespace

FailureOr<std::shared_ptr<runtime::KernelLibrary>>
hlox::cpu::compileKernels(ModuleOp module, const CompileOptions &options,
                          CompileStats &stats) {
  auto machine = createTargetMachine(options);
  if (!machine)
    return module.emitError("cannot target CPU '")
           << options.targetCpu << "': " << llvm::toString(machine.takeError());
  std::vector<std::string> missing = getFeaturesMissingOnHost(**machine);
  if (!missing.empty() && !options.aheadOfTime)
    return module.emitError("this host cannot run code for target CPU '")
           << options.targetCpu << "' (it lacks " << llvm::join(missing, ",")
           << "); hlox-compile --emit-object compiles for it without "
              "running";
  std::string pipeline = getKernelPipeline(options);
  std::string triple = (*machine)->getTargetTriple().str();
  std::string cpu = (*machine)->getTargetCPU().str();
  std::string features = (*machine)->getTargetFeatureString().str();
  std::string context = DiskCache::hashKey(
      {getCompilerVersion(), pipeline, triple, cpu, features});
  std::optional<DiskCache> cache;
  if (!options.cacheDir.empty())
    cache.emplace(options.cacheDir);

  // Keys, shared bodies and cache hits.
  auto start = Clock::now();
  std::vector<KernelObject> objects;
  llvm::StringMap<size_t> objectOfKey;
  std::vector<Job> jobs;
  for (auto kernel :
       llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
    if (!kernel->hasAttr(kDispatchAttr) || kernel.isExternal())
      continue;
    std::string name = kernel.getSymName().str();
    OptLevel optLevel = chooseOptLevel(kernel);
    std::string key = DiskCache::hashKey(
        {context, getOptLevelName(optLevel), printKernel(kernel, module)});
    auto [it, inserted] = objectOfKey.try_emplace(key, objects.size());
    if (!inserted) {
      objects[it->second].names.push_back(name);
      kernel.erase();
      continue;
    }
    objects.push_back({"hlox_k" + key.substr(0, 40), {name}, {}});
    if (cache) {
      if (std::optional<std::string> object = cache->load(key)) {
        objects.back().bytes = std::move(*object);
        ++stats.cachedKernels;
        kernel.erase();
        continue;
      }
    }
    jobs.push_back({objects.size() - 1, key, name, optLevel, nullptr, {}});
  }
  stats.compiledKernels = jobs.size();
  stats.phaseMilliseconds.emplace_back("keys", millisecondsSince(start));

  // The kernels to compile, lowered in parallel.
  start = Clock::now();
  splitKernels(module);
  if ((!jobs.empty() && failed(lowerKernels(module, options))) ||
      failed(dumpModule(module, Phase::LLVM, options)))
    return failure();
  stats.phaseMilliseconds.emplace_back("llvm", millisecondsSince(start));

  // LLVM IR, one context per kernel, and object code, in parallel.
  start = Clock::now();
  llvm::StringMap<ModuleOp> modules;
  for (auto nested : module.getBody()->getOps<ModuleOp>())
    if (std::optional<StringRef> name = nested.getName())
      modules[*name] = nested;
  for (Job &job : jobs) {
    job.nested = modules.lookup(job.name);
    if (!job.nested)
      return module.emitError("kernel @") << job.name << " was not lowered";
  }
  parallelFor(module.getContext(), 0, jobs.size(), [&](size_t i) {
    Job &job = jobs[i];
    auto jobStart = Clock::now();
    // Translation only reads the kernel's module; each kernel has its own
    // LLVM context.
    llvm::LLVMContext context;
    std::unique_ptr<llvm::Module> llvmModule =
        translateModuleToLLVMIR(job.nested, context, job.name);
    if (!llvmModule) {
      job.error = "translation to LLVM IR failed";
      return;
    }
    // Only the entry point is seen from outside (at -O3 the kernel body
    // is inlined into it).
    const std::string &symbol = objects[job.object].symbol;
    llvm::Function *body = llvmModule->getFunction(job.name);
    llvm::Function *entry =
        llvmModule->getFunction(job.name + kEntrySuffix.str());
    if (!body || !entry) {
      job.error = "it has no entry point";
      return;
    }
    body->setName(symbol + "_body");
    entry->setName(symbol + kEntrySuffix.str());
    for (llvm::GlobalValue &value : llvmModule->global_values())
      if (&value != entry && !value.isDeclaration())
        value.setLinkage(llvm::GlobalValue::InternalLinkage);
    auto jobMachine = createTargetMachine(options);
    if (!jobMachine) {
      job.error = llvm::toString(jobMachine.takeError());
      return;
    }
    llvm::SmallVector<char, 0> buffer;
    llvm::raw_svector_ostream os(buffer);
    if (llvm::Error error =
            compileToObject(*llvmModule, **jobMachine, job.optLevel, os)) {
      job.error = llvm::toString(std::move(error));
      return;
    }
    objects[job.object].bytes.assign(buffer.begin(), buffer.end());
    job.milliseconds = millisecondsSince(jobStart);
  });
  for (Job &job : jobs)
    if (!job.error.empty())
      return module.emitError("code generation of kernel @")
             << job.name << " failed: " << job.error;
  if (cache) {
    // A cache that cannot be written costs time, not correctness: one
    // warning says why.
    std::string firstError;
    int64_t failures = 0;
    for (Job &job : jobs)
      if (llvm::Error error =
              cache->store(job.key, objects[job.object].bytes)) {
        if (!failures++)
          firstError = llvm::toString(std::move(error));
        else
          llvm::consumeError(std::move(error));
      }
    if (failures)
      module.emitWarning("cannot store ")
          << failures << " of " << jobs.size()
          << " kernels in the compilation cache: " << firstError;
  }
  stats.phaseMilliseconds.emplace_back("codegen", millisecondsSince(start));
  // Where code generation spends its time: the kernels that took longest.
  std::vector<const Job *> slowest;
  for (const Job &job : jobs)
    slowest.push_back(&job);
  size_t shown = std::min<size_t>(slowest.size(), 3);
  std::partial_sort(slowest.begin(), slowest.begin() + shown, slowest.end(),
                    [](const Job *a, const Job *b) {
                      return a->milliseconds > b->milliseconds;
                    });
  for (const Job *job : llvm::ArrayRef(slowest).take_front(shown))
    stats.slowestKernels.emplace_back(job->name, job->milliseconds);

  start = Clock::now();
  FailureOr<std::shared_ptr<runtime::KernelLibrary>> library =
      options.aheadOfTime ? keepKernelObjects(std::move(objects))
                          : linkKernels(module, std::move(objects));
  stats.phaseMilliseconds.emplace_back("link", millisecondsSince(start));
  return library;
}
