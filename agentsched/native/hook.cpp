//===- hook.cpp - the hooked pickNode(): compile state, snapshot, apply -----===//
#include "hook.h"

#include "outputs.h"
#include "postra.h"
#include "registration.h"
#include "serialization.h"
#include "sources.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineScheduler.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"

#include <algorithm>
#include <optional>

namespace agentsched {

Totals Stats;
DenseMap<void *, FunctionHook *> HookOf;
std::deque<FunctionHook> Hooks;

void numberFunction(FunctionHook &H) {
  for (MachineBasicBlock &MBB : *H.MF)
    for (MachineInstr &MI : MBB)
      idOf(H, &MI);
}

StringRef opcodeName(const MachineInstr &MI) {
  return MI.getMF()->getSubtarget().getInstrInfo()->getName(MI.getOpcode());
}

// LLVM's PressureDiff of a node, nonzero entries (it changes as the region is scheduled).
bool trackingPressure(const FunctionHook &H) { return H.Live && H.Live->isTrackingPressure(); }

RawPD pressureDiff(FunctionHook &H, const SUnit *SU) {
  RawPD Out;
  if (!trackingPressure(H))
    return Out;
  for (const PressureChange &PC : H.Live->getPressureDiff(SU)) {
    if (!PC.isValid())
      break;
    if (PC.getUnitInc())
      Out.push_back({PC.getPSet(), PC.getUnitInc()});
  }
  return Out;
}

// ------------------------------------------------------------ regions

static std::vector<const MachineInstr *> regionOrder(const PassRecord &P,
                                                     const MachineBasicBlock *MBB) {
  std::set<const MachineInstr *> Members(P.Input.begin(), P.Input.end());
  std::vector<const MachineInstr *> Order;
  for (const MachineInstr &MI : *MBB)
    if (Members.count(&MI))
      Order.push_back(&MI);
  return Order;
}

// Did GCN keep the order this pass produced? Checked when the region is next visited and
// after the last stage (finalizeSchedule), when nothing can move it any more.
static void settlePass(FunctionHook &H, PassRecord &P) {
  if (P.Settled || P.Output.empty())
    return;
  P.Settled = true;
  const MachineBasicBlock *MBB = P.Output.front()->getParent();
  std::vector<const MachineInstr *> Now = regionOrder(P, MBB);
  if (Now.size() != P.Output.size())
    P.Fate = "unknown";
  else if (Now == P.Output)
    P.Fate = "kept";
  else if (Now == P.Input)
    P.Fate = "reverted";
  else
    P.Fate = "modified";
}

// LLVM 19's NVPTX backend prints one PTX call statement from several instructions:
// "call.uni (retval0), " (a call, so a scheduling boundary), then the callee "foo, ", "(",
// each argument "param0, ", ")" or "), " and, for an indirect call, the prototype. LLVM's
// machine scheduler moves other instructions in between (invalid PTX, which
// -verify-machineinstrs does not see; fixed in LLVM 20 by llvm-project PR 116522). Such a
// region starts with the rest of the statement: these pieces must be its first instructions,
// in order, and the plugin makes them so (docs/protocol.md).
static bool isCallStatementPiece(StringRef Opc) {
  return Opc.starts_with("CallVoidInst") || Opc.starts_with("CallArg") ||
         Opc.starts_with("LastCallArg") || Opc == "PrototypeInst";
}

static std::vector<const MachineInstr *> callTail(const FunctionHook &H,
                                                  ArrayRef<const MachineInstr *> Input) {
  std::vector<const MachineInstr *> Tail;
  if (H.IsNVPTX)
    for (const MachineInstr *MI : Input) {
      if (!isCallStatementPiece(opcodeName(*MI)))
        break;
      Tail.push_back(MI);
    }
  return Tail;
}

static void beginPass(FunctionHook &H) {
  ScheduleDAGMI *DAG = H.DAG;
  std::vector<unsigned> Key;
  std::vector<const MachineInstr *> Input;
  for (SUnit &SU : DAG->SUnits)
    Key.push_back(idOf(H, SU.getInstr()));
  for (MachineBasicBlock::iterator I = DAG->begin(), E = DAG->end(); I != E; ++I)
    if (!I->isDebugInstr())
      Input.push_back(&*I);
  std::sort(Key.begin(), Key.end());
  auto [It, New] = H.RegionOf.try_emplace(Key, H.Visits.size());
  unsigned Region = It->second;
  if (New) {
    H.Visits.push_back(0);
    H.LastPass.push_back(-1);
    ++Stats.Regions;
  } else if (H.LastPass[Region] >= 0) {
    settlePass(H, H.Passes[H.LastPass[Region]]);
  }
  // GCN runs its stages as loops over the regions in a fixed order: going back in that
  // order means a new stage began.
  if ((int)Region <= H.LastRegionInStage)
    ++H.Stage;
  H.LastRegionInStage = Region;

  PassRecord P;
  P.Region = Region;
  P.Visit = H.Visits[Region]++;
  P.Stage = H.Stage;
  P.Block = DAG->SUnits.empty() ? 0 : DAG->SUnits.front().getInstr()->getParent()->getNumber();
  P.Size = DAG->SUnits.size();
  P.Input = std::move(Input);
  P.CallTail = callTail(H, P.Input);
  H.Passes.push_back(std::move(P));
  H.Current = H.Passes.size() - 1;
  H.LastPass[Region] = H.Current;
  ++Stats.Passes;
}

static void endPass(FunctionHook &H) {
  PassRecord &P = H.Passes[H.Current];
  if (!P.Input.empty())
    P.Output = regionOrder(P, P.Input.front()->getParent());
  H.Current = -1;
}

// ======================================================== snapshot

bool Snapshot::isCandidate(Pick K) const {
  for (const Cand &C : Cands)
    if (C.Top == K.Top && idOf(H, C.SU->getInstr()) == K.Id)
      return true;
  return false;
}

Pick Snapshot::pickAt(size_t I) const { return {idOf(H, Cands[I].SU->getInstr()), Cands[I].Top}; }

// Lets LLVM pick and lists the candidates; nullopt when the region is done.
static std::optional<Snapshot> snapshot(FunctionHook &H, MachineSchedStrategy *S,
                                        bool &IsTopNode) {
  SchedBoundary &Top = *H.Top, &Bot = *H.Bot;
  if (H.Current < 0)
    beginPass(H);

  // The ready set of each zone (available + pending) does not change inside pickNode;
  // only its split between the two queues may.
  std::vector<Cand> Ready = std::move(H.SpareReady);
  Ready.clear();
  for (SUnit *SU : Top.Available) Ready.push_back({SU, true, true});
  for (SUnit *SU : Top.Pending) Ready.push_back({SU, true, false});
  for (SUnit *SU : Bot.Available) Ready.push_back({SU, false, true});
  for (SUnit *SU : Bot.Pending) Ready.push_back({SU, false, false});

  SUnit *Default = H.OrigPick(S, IsTopNode);
  if (!Default) {
    H.SpareReady = std::move(Ready);
    endPass(H);
    return std::nullopt;
  }
  PassRecord &P = H.Passes[H.Current];
  const Pick Heuristic{idOf(H, Default->getInstr()), IsTopNode}; // what LLVM picked

  // Candidates come from the zones the region is scheduled from: both pre-RA, post-RA the
  // region policy's (postra.cpp: zonesOf; top-down only by default).
  auto [UseTop, UseBot] = zonesOf(H);
  std::vector<Cand> Cands = std::move(H.SpareCands);
  Cands.clear();
  for (Cand C : Ready) {
    if (!(C.Top ? UseTop : UseBot))
      continue;
    SchedBoundary &Z = C.Top ? Top : Bot;
    if (C.SU != Default)
      C.Available = Z.Available.isInQueue(C.SU);
    else if (C.Top == IsTopNode)
      C.Available = true; // LLVM picks from the available queue
    Cands.push_back(C);
  }
  // (zone, node) is unique: std::sort gives the one order (and is faster than stable_sort).
  std::sort(Cands.begin(), Cands.end(), [](const Cand &A, const Cand &B) {
    return std::make_pair(!A.Top, A.SU->NodeNum) < std::make_pair(!B.Top, B.SU->NodeNum);
  });

  // The default path's pick: LLVM's, except inside an NVPTX call statement, whose next
  // piece is then the only candidate.
  Pick Llvm = Heuristic;
  const MachineInstr *LlvmMI = Default->getInstr();
  if (P.CallTailDone < P.CallTail.size()) {
    const MachineInstr *Next = LlvmMI = P.CallTail[P.CallTailDone];
    llvm::erase_if(Cands, [&](const Cand &C) { return !C.Top || C.SU->getInstr() != Next; });
    if (Cands.empty())
      fail("the next piece of a PTX call statement is not ready in function '" +
           H.Name + "' region " + Twine(P.Region));
    Llvm = {idOf(H, Next), true};
    Stats.Forced += !(Llvm == Heuristic);
  }

  // A node ready in both zones is listed twice; a choice needs two distinct instructions.
  bool IsChoice = false;
  for (const Cand &C : Cands)
    IsChoice |= C.SU != Cands.front().SU;
  size_t LlvmIndex = 0;
  while (LlvmIndex != Cands.size() &&
         (Cands[LlvmIndex].SU->getInstr() != LlvmMI || Cands[LlvmIndex].Top != Llvm.Top))
    ++LlvmIndex;
  if (LlvmIndex == Cands.size())
    fail("LLVM's pick is not among the ready nodes in function '" + H.Name + "' region " +
         Twine(P.Region));
  ++Stats.Decisions;
  Stats.Choices += IsChoice;
  return Snapshot{H,         P,        Default,         Heuristic, Llvm, std::move(Ready),
                  std::move(Cands), LlvmIndex, IsChoice};
}


// ======================================================== apply

// Makes Want the pick LLVM returns: LLVM's own node stays; another is swapped in.
static SUnit *apply(const Snapshot &S, Pick Want, bool &IsTopNode) {
  if (Want == S.Heuristic)
    return S.Default;
  if (!(Want == S.Llvm)) {
    ++Stats.Changed;
    ++S.P.Changed;
  }
  // Undo LLVM's pick: its node goes back into each zone it was ready in; the chosen node
  // leaves both zones.
  SchedBoundary &Top = *S.H.Top, &Bot = *S.H.Bot;
  SUnit *Chosen = nullptr;
  for (const Cand &C : S.Cands)
    if (idOf(S.H, C.SU->getInstr()) == Want.Id)
      Chosen = C.SU;
  for (const Cand &C : S.Ready)
    if (C.SU == S.Default)
      (C.Top ? Top : Bot)
          .releaseNode(S.Default, C.Top ? S.Default->TopReadyCycle : S.Default->BotReadyCycle,
                       /*InPQueue=*/false);
  if (Chosen->isTopReady())
    Top.removeReady(Chosen);
  if (Chosen->isBottomReady())
    Bot.removeReady(Chosen);
  // LLVM caches each zone's best candidate across picks; the cache is stale now.
  *S.H.TopCandSU = nullptr;
  *S.H.BotCandSU = nullptr;
  IsTopNode = Want.Top;
  return Chosen;
}

// ======================================================== the hook

SUnit *hookedPickNode(MachineSchedStrategy *Strategy, bool &IsTopNode) {
  FunctionHook &H = *HookOf.lookup(Strategy);
  std::optional<Snapshot> S = snapshot(H, Strategy, IsTopNode);
  if (!S)
    return nullptr; // the region is scheduled
  Pick Want = Source ? Source->decide(*S) : S->Llvm;
  if (StateLog)
    *StateLog << pointJson(*S, CompactLog ? &S->P.Log : nullptr,
                           Want == S->Llvm ? nullptr : &Want)
              << "\n";
  ++S->P.Steps;
  S->P.CallTailDone += S->P.CallTailDone < S->P.CallTail.size();
  SUnit *Picked = apply(*S, Want, IsTopNode);
  H.SpareReady = std::move(S->Ready);
  H.SpareCands = std::move(S->Cands);
  return Picked;
}


// ------------------------------------------------------------ the end of a function

void hookedFinalizeSchedule(ScheduleDAGInstrs *DAG) {
  FunctionHook &H = *HookOf.lookup(DAG);
  H.OrigFinalize(DAG); // GCN runs its later stages (and reverts) in here
  for (PassRecord &P : H.Passes) {
    settlePass(H, P);
    json::Object O{{"function", H.Name}, {"region", P.Region}, {"visit", P.Visit},
                   {"stage", P.Stage}, {"block", P.Block}, {"size", P.Size},
                   {"steps", P.Steps}, {"changed", P.Changed}, {"fate", P.Fate}};
    if (H.Post)
      O["phase"] = "post";
    Stats.PassList.push_back(std::move(O));
    if (P.Fate == "reverted") {
      ++Stats.RevertedPasses;
      if (P.Changed) {
        ++Stats.RevertedChangedPasses;
        Stats.RevertedRegions.insert({H.Name, P.Region});
      }
    }
  }
  functionScheduled(H);
  HookOf.erase(H.Strategy);
  HookOf.erase(DAG);
  H.Passes.clear();
  H.Ids.clear();
  H.Slots.reset();
  std::string Err = flushStateLog(); // a full disk or a closed FIFO fails here, early
  if (!Err.empty())
    fail(Err);
}

} // namespace agentsched
