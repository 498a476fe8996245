//===- postra.cpp - the post-RA machine scheduler, hooked -------------------===//
#include "postra.h"

#include "registration.h"
#include "vtable_patch.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineScheduler.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/Function.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

namespace agentsched {

// PostGenericScheduler's protected state and ScheduleDAGMI's strategy, reached through
// derived classes (legal C++; the layout is the public headers').
struct PostAccess : PostGenericScheduler {
  using PostGenericScheduler::Bot;
  using PostGenericScheduler::BotCand;
  using PostGenericScheduler::RegionPolicy;
  using PostGenericScheduler::Top;
  using PostGenericScheduler::TopCand;
};
struct PostDAGAccess : ScheduleDAGMI {
  using ScheduleDAGMI::SchedImpl;
};

using CreatePostFn = ScheduleDAGInstrs *(*)(const TargetPassConfig *, MachineSchedContext *);
static CreatePostFn OrigCreatePost = nullptr;
static const TargetPassConfig *Patched = nullptr;
static bool Reached = false;

bool postSchedulerReached() { return Reached; }

std::pair<bool, bool> zonesOf(const FunctionHook &H) {
  if (!H.ZonePolicy)
    return {true, true};
  return {!H.ZonePolicy->OnlyBottomUp, !H.ZonePolicy->OnlyTopDown};
}

// Gives the strategy of a post-RA DAG the hooked pickNode() (and the DAG the hooked
// finalizeSchedule()); anything but a PostGenericScheduler on a ScheduleDAGMI is left alone
// with a warning.
static void hookPostScheduler(ScheduleDAGInstrs *DAG, MachineSchedContext *C) {
  auto *MI = dynamic_cast<ScheduleDAGMI *>(DAG);
  auto *G = MI && !dynamic_cast<ScheduleDAGMILive *>(DAG)
                ? dynamic_cast<PostGenericScheduler *>((MI->*&PostDAGAccess::SchedImpl).get())
                : nullptr;
  if (!G) {
    static bool Warned = false;
    if (!Warned)
      errs() << "agent-sched: warning: this target's post-RA scheduler is not "
                "PostGenericScheduler-based; post-RA decisions are not exposed for "
             << C->MF->getName() << "\n";
    Warned = true;
    return;
  }
  Hooks.emplace_back();
  FunctionHook &H = Hooks.back();
  H.MF = C->MF;
  H.Name = functionKey(C->MF->getFunction());
  H.Post = true;
  noteHookedFunction(*C->MF);
  H.Strategy = G;
  H.DAG = MI;
  H.Top = &(G->*&PostAccess::Top);
  H.Bot = &(G->*&PostAccess::Bot);
  H.TopCandSU = &(G->*&PostAccess::TopCand).SU;
  H.BotCandSU = &(G->*&PostAccess::BotCand).SU;
  H.ZonePolicy = &(G->*&PostAccess::RegionPolicy);
  H.IsAMDGPU = C->MF->getTarget().getTargetTriple().isAMDGPU();
  H.IsNVPTX = C->MF->getTarget().getTargetTriple().isNVPTX();
  if (Stats.BaseName.empty())
    Stats.BaseName = H.IsAMDGPU ? "gcn" : "target"; // pre-RA: the target's own, unhooked
  numberFunction(H);
  namespace vt = vtable_patch;
  size_t StrategyEntries = vt::entries(G, vt::baseEntries<PostGenericScheduler>());
  size_t DAGEntries = vt::entries(DAG, vt::baseEntries<ScheduleDAGMI>());
  Stats.Hooked["post"] = json::Object{{"strategy", vt::className(G)},
                                      {"strategy_vtable_slots", (int64_t)StrategyEntries},
                                      {"dag", vt::className(DAG)},
                                      {"dag_vtable_slots", (int64_t)DAGEntries}};
  patchPickAndFinalize(H, G, DAG, StrategyEntries, DAGEntries);
}

// The pass config's createPostMachineScheduler(), replaced: the target's own scheduler,
// hooked for the functions -agent-sched-function admits.
static ScheduleDAGInstrs *hookedCreatePost(const TargetPassConfig *PC, MachineSchedContext *C) {
  ScheduleDAGInstrs *DAG = OrigCreatePost(PC, C);
  Reached = true;
  if (DAG && hookedFunction(C->MF->getName()))
    hookPostScheduler(DAG, C);
  return DAG;
}

void installPostHook(const MachineSchedContext &C) {
  if (Patched || !C.MF->getTarget().getTargetTriple().isAMDGPU())
    return;
  auto *PC = const_cast<TargetPassConfig *>(C.PassConfig);
  namespace vt = vtable_patch;
  size_t Entries = vt::entries(PC, vt::baseEntries<TargetPassConfig>());
  OrigCreatePost = reinterpret_cast<CreatePostFn>(
      vt::replace(PC, vt::slotOf(&TargetPassConfig::createPostMachineScheduler),
                  (void *)&hookedCreatePost, Entries));
  Stats.Hooked["post_pass_config"] = vt::className(PC);
  Patched = PC;
}

} // namespace agentsched
