//===- hook.h - the hooked pickNode(): compile state, snapshot, apply -------===//
//
// The state of a compile (one FunctionHook per scheduled function, one PassRecord per
// region schedule, the report's totals) and the hook itself: each pickNode() call is taken
// apart into three steps,
//   snapshot  the ready lists and LLVM's own pick (LLVM picks first, always);
//   decide    one decision source says which candidate to take (LLVM's when there is none:
//             sources.h);
//   apply     undo LLVM's pick and take the chosen node, when they differ.
//
//===----------------------------------------------------------------------===//
#ifndef AGENTSCHED_HOOK_H
#define AGENTSCHED_HOOK_H

#include "options.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/Support/JSON.h"

#include <deque>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

// The scheduler's classes by name only: their header (MachineScheduler.h, which brings most
// of CodeGen) is for the files that work on the DAG, not for every user of this state.
namespace llvm {
class GenericScheduler;
class MachineFunction;
struct MachineSchedPolicy;
class SchedBoundary;
class MachineInstr;
class MachineSchedStrategy;
class ScheduleDAGInstrs;
class ScheduleDAGMI;
class ScheduleDAGMILive;
class SUnit;
} // namespace llvm

namespace agentsched {

using PickNodeFn = SUnit *(*)(MachineSchedStrategy *, bool &);
using FinalizeFn = void (*)(ScheduleDAGInstrs *);

// ------------------------------------------------------------ compile state

struct Pick {
  unsigned Id;
  bool Top;
  bool operator==(const Pick &O) const { return Id == O.Id && Top == O.Top; }
};

// fn (index into FunctionNames), region, visit, step
using PointKey = std::tuple<unsigned, unsigned, unsigned, unsigned>;

// What a reader of compact lines (live channel, compact state log) was last told about each
// candidate of a pass, so that the next line carries only the changes.
struct DeltaState {
  bool TableSent = false; // the pass's instruction table
  struct Sent {
    unsigned Stamp = 0; // the line it was last present in (0: never)
    bool Available = false;
    SmallVector<std::pair<unsigned, int>, 4> PD;
  };
  std::vector<Sent> SentCands;    // by node * 2 + (bottom zone)
  std::vector<unsigned> SentList; // indices present in the last line
  unsigned Stamp = 0;
};

// A ready node as a candidate: its zone and queue.
struct Cand {
  SUnit *SU;
  bool Top;
  bool Available;
};

// 32-bit register units an instruction writes and reads, by register file (countRegs).
struct RegCounts {
  unsigned VDefs = 0, SDefs = 0, VUses = 0, SUses = 0;
};

// What the features need of a node that does not change within a pass (features.h).
struct NodeFacts {
  unsigned Latency = 0, Depth = 0, Height = 0;
  RegCounts Regs;
  bool Load = false, Store = false;
  unsigned Cls = 0; // index into Classes
  bool Known = false;
};

struct PassRecord {
  unsigned Region, Visit, Stage, Block, Size, Steps = 0, Changed = 0;
  std::vector<const MachineInstr *> Input, Output; // region order before and after
  std::string Fate = "kept";                        // kept | reverted | modified | unknown
  bool Settled = false;
  std::vector<std::string> Static; // by node number: serialized static features
  std::vector<NodeFacts> Facts;    // by node number: the features' static inputs
  DeltaState Channel, Log;         // live channel and compact state log
  // NVPTX: the end of a PTX call statement that the region starts with (see callTail).
  std::vector<const MachineInstr *> CallTail;
  size_t CallTailDone = 0;
};

struct Totals {
  unsigned Decisions = 0, Choices = 0, Changed = 0, Stale = 0, Missing = 0, Asked = 0;
  unsigned Unmatched = 0; // decisions of the file that matched no decision point
  unsigned PolicyDecisions = 0, GuardInterventions = 0; // -agent-sched-policy
  unsigned Forced = 0; // LLVM picks overridden to keep an NVPTX call statement whole
  unsigned Regions = 0, Passes = 0;
  json::Array PassList;
  std::set<std::pair<std::string, unsigned>> RevertedRegions; // regions with an agent pass undone
  unsigned RevertedPasses = 0, RevertedChangedPasses = 0;
  std::string BaseName;
  json::Object Hooked; // the hooked classes and their vtable sizes
};
extern Totals Stats;

// Everything about one function's scheduling (one DAG object per function).
struct FunctionHook {
  MachineFunction *MF = nullptr;
  std::string Name; // the "function" of its decision points (functionKey)
  // Printing an instruction numbers the whole module's metadata unless a slot tracker is
  // reused: one per function keeps printing linear.
  std::unique_ptr<ModuleSlotTracker> Slots;
  // The hooked scheduler: pre-RA a GenericScheduler (GCN's strategies derive from it) on a
  // ScheduleDAGMILive; post-RA (postra.h) a PostGenericScheduler on a ScheduleDAGMI. The
  // hook reaches the strategy's zones and cached candidates through these pointers.
  MachineSchedStrategy *Strategy = nullptr;
  ScheduleDAGMI *DAG = nullptr;
  ScheduleDAGMILive *Live = nullptr; // DAG when it tracks liveness (pre-RA), else null
  SchedBoundary *Top = nullptr, *Bot = nullptr;
  SUnit **TopCandSU = nullptr, **BotCandSU = nullptr; // the strategy's cached picks
  // post-RA: the region's direction (PostGenericScheduler schedules top-down only by
  // default; its bottom zone then is never a legal place to pick from). Null pre-RA: both.
  const MachineSchedPolicy *ZonePolicy = nullptr;
  bool Post = false; // hooks the post-RA machine scheduler (-agent-sched-phase)
  PickNodeFn OrigPick = nullptr;
  FinalizeFn OrigFinalize = nullptr;
  bool IsAMDGPU = false, IsNVPTX = false;
  DenseMap<const MachineInstr *, unsigned> Ids;
  unsigned NextId = 0;
  std::map<std::vector<unsigned>, unsigned> RegionOf; // sorted ids -> region ordinal
  std::vector<unsigned> Visits;                        // per region
  std::vector<int> LastPass;                           // per region: index into Passes
  std::vector<PassRecord> Passes;
  int Current = -1; // pass in progress
  unsigned Stage = 0;
  int LastRegionInStage = -1;
  // the features' units per register pressure set (by set index; features.h: bindUnits)
  std::vector<int> VgprUnits, SgprUnits;
  std::vector<unsigned> VgprSets; // the sets with VgprUnits
  std::vector<Cand> SpareReady, SpareCands; // storage reused by every pickNode() call
};

extern DenseMap<void *, FunctionHook *> HookOf; // strategy or DAG -> hook
extern std::deque<FunctionHook> Hooks;

// Whether LLVM tracks register pressure in H's region (never post-RA).
bool trackingPressure(const FunctionHook &H);

// The name under which a function's decision points of one phase are matched: the function
// itself pre-RA, "NAME\x1fpost" post-RA (decision files and the unmatched check key by it).
inline std::string phaseKey(StringRef Name, bool Post) {
  return Post ? Name.str() + "\x1fpost" : Name.str();
}

// An instruction's id: numbered once per function, in program order (numberFunction), then
// in order of appearance (rematerialized instructions).
inline unsigned idOf(FunctionHook &H, const MachineInstr *MI) {
  auto It = H.Ids.find(MI);
  if (It != H.Ids.end())
    return It->second;
  return H.Ids[MI] = H.NextId++;
}
void numberFunction(FunctionHook &H);

StringRef opcodeName(const MachineInstr &MI);

using RawPD = SmallVector<std::pair<unsigned, int>, 4>;
// LLVM's PressureDiff of a node, nonzero entries (it changes as the region is scheduled).
RawPD pressureDiff(FunctionHook &H, const SUnit *SU);

// A decision point as pickNode() found it.
struct Snapshot {
  FunctionHook &H;
  PassRecord &P;
  SUnit *Default;          // LLVM's pick ...
  Pick Heuristic;          // ... as (id, zone)
  Pick Llvm;               // the default path's pick: LLVM's, or a PTX call statement's piece
  std::vector<Cand> Ready; // every node ready in each zone before LLVM picked
  std::vector<Cand> Cands; // the candidates offered: top zone first, then by node number
  size_t LlvmIndex;        // Llvm's entry in Cands
  bool IsChoice;           // at least two distinct instructions
  mutable std::string FeaturesText = {}; // -agent-sched-features: serialized once (when asked)

  bool isCandidate(Pick K) const;
  Pick pickAt(size_t I) const; // Cands[I] as (id, zone)
};

// The replacements of the strategy's pickNode() and the DAG's finalizeSchedule()
// (registration.cpp installs them).
SUnit *hookedPickNode(MachineSchedStrategy *Strategy, bool &IsTopNode);
void hookedFinalizeSchedule(ScheduleDAGInstrs *DAG);

} // namespace agentsched

#endif
