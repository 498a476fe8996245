//===- registration.cpp - the scheduler llc creates, and the set-up ---------===//
#include "registration.h"

#include "hook.h"
#include "outputs.h"
#include "policy.h"
#include "postra.h"
#include "sources.h"
#include "tuned_db.h"
#include "vtable_patch.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineScheduler.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/Module.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdio>

namespace agentsched {

// The DAG's protected strategy, reached through a derived class (legal C++).
struct DAGAccess : ScheduleDAGMI {
  using ScheduleDAGMI::SchedImpl;
};
static constexpr auto SchedImplOf = &DAGAccess::SchedImpl;

// The strategy's protected state, reached through a derived class: legal C++, and the layout
// is the public headers' (GCN's strategy derives from GenericScheduler).
struct GenAccess : GenericScheduler {
  using GenericScheduler::Bot;
  using GenericScheduler::BotCand;
  using GenericScheduler::Top;
  using GenericScheduler::TopCand;
};

static bool SetUpDone = false;
static std::string SetUpError; // file-scope: finishAtExit reads it after local statics died

std::string setUp() {
  std::string &Err = SetUpError;
  if (SetUpDone)
    return Err;
  SetUpDone = true;
  if (BaseSched != "target" && BaseSched != "generic")
    return Err = "-agent-sched-base must be 'target' or 'generic'";
  if (Phase != "pre" && Phase != "post" && Phase != "both")
    return Err = "-agent-sched-phase must be 'pre', 'post' or 'both', got '" +
                 Phase.getValue() + "'";
  if (StateLogFormat != "compact" && StateLogFormat != "full")
    return Err = "-agent-sched-state-log-format must be 'compact' or 'full'";
  CompactLog = StateLogFormat == "compact";
  const bool Decisions = given(DecisionsPath), Policy = given(PolicyPath);
  if (Decisions && !ChannelFds.empty())
    return Err = "give either -agent-sched-decisions or -agent-sched-channel, not both";
  if (!ChannelFds.empty()) {
    auto [R, W] = StringRef(ChannelFds).split(',');
    int In, Out;
    if (R.getAsInteger(10, In) || W.getAsInteger(10, Out))
      return Err = "-agent-sched-channel expects 'RFD,WFD', got '" + ChannelFds + "'";
    Source = liveChannel(In, Out);
  }
  if (Policy && (Decisions || !ChannelFds.empty()))
    return Err = "give one of -agent-sched-decisions, -agent-sched-channel and "
                 "-agent-sched-policy, not several";
  if (Policy) {
    if (!(Source = loadPolicy(Err)))
      return Err;
  }
  if (Decisions) {
    if (!(Source = loadDecisionFile(Err)))
      return Err;
  }
  if (given(DbPath) || RegionHashes) // the db first, then the source above (tuned_db.h)
    if (!(Source = tunedDb(std::move(Source), Err)))
      return Err;
  if (!StateLogPath.empty()) {
    if (!(Err = openOutput(LogFile, StateLogPath)).empty())
      return Err;
    StateLog = std::make_unique<raw_fd_ostream>(LogFile.Fd, /*shouldClose=*/false);
  }
  if (!ReportPath.empty())
    Err = openOutput(ReportFile, ReportPath);
  return Err;
}

static void setUpOnce() {
  std::string Err = setUp();
  if (!Err.empty())
    fail(Err);
}

// Decision points are keyed by function name; unnamed functions (all named "") get
// "__unnamed_N", N their position in the module, so that each has keys of its own.
std::string functionKey(const Function &F) {
  if (F.hasName())
    return F.getName().str();
  unsigned N = 0;
  for (const Function &G : *F.getParent()) {
    if (&G == &F)
      break;
    ++N;
  }
  return "__unnamed_" + std::to_string(N);
}

// ------------------------------------------------------------ unmatched decisions, early
// Strict decisions that can no longer be used fail the compile as soon as that is known,
// through the LLVMContext: llc then returns 1 and does not keep its -o file. (An error found
// at exit, such as decisions for a module where no function reached the scheduler, can only
// change the exit status: llc has written its output by then.)

static StringMap<bool> HookableFunctions; // function key -> its scheduling is over
static bool UnmatchedReported = false;

static void noteModule(const Module &M) {
  if (!HookableFunctions.empty())
    return;
  unsigned N = 0; // as functionKey, without its scan per function
  for (const Function &F : M) {
    std::string Key = F.hasName() ? F.getName().str() : "__unnamed_" + std::to_string(N);
    ++N;
    if (!F.isDeclaration() && hookedFunction(Key)) {
      if (phasePre())
        HookableFunctions.try_emplace(Key, false);
      if (phasePost())
        HookableFunctions.try_emplace(phaseKey(Key, /*Post=*/true), false);
    }
  }
}

static void checkUnmatched(const MachineFunction &MF) {
  if (!Source || UnmatchedReported)
    return;
  std::string Err = Source->unmatched([](StringRef Fn) {
    auto It = HookableFunctions.find(Fn);
    return It == HookableFunctions.end() || It->second;
  });
  if (Err.empty())
    return;
  UnmatchedReported = true;
  MF.getFunction().getContext().emitError("agent-sched: " + Err);
}

void functionScheduled(const FunctionHook &H) {
  HookableFunctions[phaseKey(H.Name, H.Post)] = true;
  checkUnmatched(*H.MF);
}

void noteHookedFunction(const MachineFunction &MF) {
  noteModule(*MF.getFunction().getParent());
  checkUnmatched(MF); // decisions for functions this module does not have
}

static bool SchedulerReached = false; // createAgentScheduler ran, for any function

void warnIfNothingScheduled() {
  const char *Given = given(PolicyPath)      ? "-agent-sched-policy"
                      : given(DbPath)          ? "-agent-sched-db"
                      : given(DecisionsPath) ? "-agent-sched-decisions"
                      : !ChannelFds.empty()  ? "-agent-sched-channel"
                                             : nullptr;
  bool Reached = (phasePre() && SchedulerReached) || (phasePost() && postSchedulerReached());
  if (!Given || Reached)
    return;
  if (SchedulerReached) { // -agent-sched-phase=post, and no post-RA scheduler ran
    std::fprintf(stderr, "agent-sched: warning: %s changed nothing: llc-19 runs no post-RA "
                         "machine scheduler for this target (-agent-sched-phase=post; "
                         "docs/postra.md)\n", Given);
    return;
  }
  std::fprintf(stderr,
               "agent-sched: warning: %s changed nothing: no function reached the machine "
               "scheduler (%soptnone functions and declarations are never scheduled)\n",
               Given,
               enableMischedGiven() ? "" : "NVPTX runs it only with -enable-misched; ");
}

// A function -agent-sched-others-unscheduled leaves alone: every region stays in the order
// instruction selection gave it, as when the machine scheduler does not run.
struct UnscheduledDAG : ScheduleDAGMI {
  UnscheduledDAG(MachineSchedContext *C)
      : ScheduleDAGMI(C, std::make_unique<GenericScheduler>(C), /*RemoveKillFlags=*/false) {}
  void schedule() override {}
};

static ScheduleDAGInstrs *createAgentScheduler(MachineSchedContext *C) {
  SchedulerReached = true;
  bool Hooked = hookedFunction(C->MF->getName());
  if (!Hooked && OthersUnscheduled)
    return new UnscheduledDAG(C);
  ScheduleDAGInstrs *DAG = nullptr;
  if (BaseSched != "generic" || !Hooked || !phasePre())
    DAG = C->PassConfig->createMachineScheduler(C); // what llc would use without -misched
  if (!DAG)
    DAG = createGenericSchedLive(C);
  if (!active())
    return DAG;
  setUpOnce();
  if (!Hooked)
    return DAG;
  if (phasePost())
    installPostHook(*C); // the post-RA scheduler of this and every later function
  if (!phasePre()) {
    noteHookedFunction(*C->MF);
    return DAG;
  }
  auto *MI = dynamic_cast<ScheduleDAGMILive *>(DAG);
  auto *G = MI ? dynamic_cast<GenericScheduler *>((MI->*SchedImplOf).get()) : nullptr;
  if (!G) {
    static bool Warned = false;
    if (!Warned)
      errs() << "agent-sched: warning: this target's scheduler is not GenericScheduler-based; "
                "decisions are not exposed for " << C->MF->getName() << "\n";
    Warned = true;
    return DAG;
  }
  Hooks.emplace_back();
  FunctionHook &H = Hooks.back();
  H.MF = C->MF;
  H.Name = functionKey(C->MF->getFunction());
  noteHookedFunction(*C->MF);
  H.Strategy = G;
  H.DAG = H.Live = MI;
  H.Top = &(G->*&GenAccess::Top);
  H.Bot = &(G->*&GenAccess::Bot);
  H.TopCandSU = &(G->*&GenAccess::TopCand).SU;
  H.BotCandSU = &(G->*&GenAccess::BotCand).SU;
  H.IsAMDGPU = C->MF->getTarget().getTargetTriple().isAMDGPU();
  H.IsNVPTX = C->MF->getTarget().getTargetTriple().isNVPTX();
  Stats.BaseName = BaseSched == "generic" ? "generic" : (H.IsAMDGPU ? "gcn" : "target");
  numberFunction(H);
  namespace vt = vtable_patch;
  size_t StrategyEntries = vt::entries(G, vt::baseEntries<GenericScheduler>());
  size_t DAGEntries = vt::entries(DAG, vt::baseEntries<ScheduleDAGMILive>());
  // key by key: the post-RA hook (postra.cpp) adds its own
  Stats.Hooked["strategy"] = vt::className(G);
  Stats.Hooked["strategy_vtable_slots"] = (int64_t)StrategyEntries;
  Stats.Hooked["dag"] = vt::className(DAG);
  Stats.Hooked["dag_vtable_slots"] = (int64_t)DAGEntries;
  patchPickAndFinalize(H, G, DAG, StrategyEntries, DAGEntries);
  return DAG;
}

void patchPickAndFinalize(FunctionHook &H, void *Strategy, void *DAG, size_t StrategyEntries,
                          size_t DAGEntries) {
  namespace vt = vtable_patch;
  H.OrigPick = reinterpret_cast<PickNodeFn>(
      vt::replace(Strategy, vt::slotOf(&MachineSchedStrategy::pickNode),
                  (void *)&hookedPickNode, StrategyEntries));
  H.OrigFinalize = reinterpret_cast<FinalizeFn>(
      vt::replace(DAG, vt::slotOf(&ScheduleDAGInstrs::finalizeSchedule),
                  (void *)&hookedFinalizeSchedule, DAGEntries));
  HookOf[Strategy] = &H;
  HookOf[DAG] = &H;
}

static MachineSchedRegistry AgentSchedRegistry(
    "agent-sched", "Let an agent make every pre-RA scheduling decision (agentsched)",
    createAgentScheduler);

} // namespace agentsched
