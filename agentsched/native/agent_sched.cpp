//===- agent_sched.cpp - expose LLVM's pre-RA scheduling decisions to agents ---===//
//
// A plugin for stock LLVM 19 (llc-19 -load=agent_sched.so -misched=agent-sched).
// It takes the machine scheduler the target would use anyway (GCN's, with all its
// stages, on AMDGPU; GenericScheduler elsewhere) and hooks its strategy's pickNode():
// at every decision point it records the candidates and LLVM's own pick, and may replace
// that pick with one taken from a decision file or asked over a live channel.
//
// The plugin only hooks and serializes; every policy lives in Python (agentsched).
// The protocol (every field) is documented in docs/protocol.md.
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/MachineScheduler.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Target/TargetMachine.h"

#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <unistd.h>
#include <vector>

using namespace llvm;

// ---------------------------------------------------------------- options

static cl::opt<std::string> StateLogPath(
    "agent-sched-state-log", cl::desc("Write every decision point (JSON lines) to this file"),
    cl::init(""));
static cl::opt<std::string> DecisionsPath(
    "agent-sched-decisions", cl::desc("Apply the decisions in this file (JSON lines)"),
    cl::init(""));
static cl::opt<std::string> ChannelFds(
    "agent-sched-channel",
    cl::desc("Live agent: 'RFD,WFD' file descriptors to read picks from and write points to"),
    cl::init(""));
static cl::opt<std::string> ReportPath(
    "agent-sched-report", cl::desc("Write a JSON summary of the compile to this file"),
    cl::init(""));
static cl::opt<bool> Lenient(
    "agent-sched-lenient",
    cl::desc("A decision naming a non-candidate falls back to LLVM's pick (counted as stale) "
             "instead of failing"),
    cl::init(false));
static cl::opt<std::string> BaseSched(
    "agent-sched-base",
    cl::desc("Scheduler to hook: 'target' (the target's own, e.g. GCN) or 'generic'"),
    cl::init("target"));
static cl::opt<std::string> OnlyFunction(
    "agent-sched-function",
    cl::desc("Hook only this function (symbol); every other one keeps the target's own "
             "scheduler, untouched"),
    cl::init(""));

[[noreturn]] static void fail(const Twine &Msg) {
  report_fatal_error("agent-sched: " + Msg, /*gen_crash_diag=*/false);
}

// ------------------------------------------- reaching protected LLVM state
// Pointers to protected members, taken through derived classes: legal C++, and the layout
// is the public headers' (GCN's strategy derives from GenericScheduler).

struct DAGAccess : ScheduleDAGMI {
  using ScheduleDAGMI::SchedImpl;
};
struct GenAccess : GenericScheduler {
  using GenericScheduler::Bot;
  using GenericScheduler::BotCand;
  using GenericScheduler::DAG;
  using GenericScheduler::Top;
  using GenericScheduler::TopCand;
};
static constexpr auto SchedImplOf = &DAGAccess::SchedImpl;
static constexpr auto TopOf = &GenAccess::Top;
static constexpr auto BotOf = &GenAccess::Bot;
static constexpr auto TopCandOf = &GenAccess::TopCand;
static constexpr auto BotCandOf = &GenAccess::BotCand;
static constexpr auto DAGOf = &GenAccess::DAG;

// ------------------------------------------------------ per-object vtables
// GCN's strategy class is private to libLLVM, so it cannot be subclassed. We give the one
// strategy object (and its DAG) a copy of its vtable with one slot replaced (Itanium ABI).

template <class MemFn> static size_t vtableSlot(MemFn F) {
  struct { uintptr_t Ptr; ptrdiff_t Adj; } Raw;
  static_assert(sizeof(Raw) == sizeof(F), "Itanium member function pointer expected");
  std::memcpy(&Raw, &F, sizeof(Raw));
  if (!(Raw.Ptr & 1))
    fail("expected a virtual member function");
  return (Raw.Ptr - 1) / sizeof(void *);
}

static std::deque<std::vector<void *>> VTableCopies;

static void *replaceVirtual(void *Obj, size_t Slot, void *Fn, size_t Entries) {
  void **VPtr = *reinterpret_cast<void ***>(Obj);
  const size_t Prefix = 2; // offset-to-top and RTTI precede the address point
  VTableCopies.emplace_back(VPtr - Prefix, VPtr + Entries);
  std::vector<void *> &Copy = VTableCopies.back();
  void *Orig = Copy[Prefix + Slot];
  Copy[Prefix + Slot] = Fn;
  *reinterpret_cast<void ***>(Obj) = Copy.data() + Prefix;
  return Orig;
}

using PickNodeFn = SUnit *(*)(MachineSchedStrategy *, bool &);
using FinalizeFn = void (*)(ScheduleDAGInstrs *);

// ------------------------------------------------------------ compile state

struct Pick {
  unsigned Id;
  bool Top;
  bool operator==(const Pick &O) const { return Id == O.Id && Top == O.Top; }
};

using PointKey = std::tuple<std::string, unsigned, unsigned, unsigned>; // fn, region, visit, step

struct PassRecord {
  unsigned Region, Visit, Stage, Block, Size, Steps = 0, Changed = 0;
  std::vector<const MachineInstr *> Input, Output; // region order before and after
  std::string Fate = "kept";                        // kept | reverted | modified | unknown
  bool Settled = false;
  bool TableSent = false;            // live channel: instruction table already sent
  std::vector<std::string> Static;   // by node number: serialized static features
  // Live channel deltas: what the agent was last told about each (node, zone).
  struct Sent {
    unsigned Stamp = 0; // the message it was last present in (0: never)
    bool Available = false;
    SmallVector<std::pair<unsigned, int>, 4> PD;
  };
  std::vector<Sent> SentCands;        // by node * 2 + (bottom zone)
  std::vector<unsigned> SentList;     // indices present in the last message
  unsigned SendStamp = 0;
};

struct Totals {
  unsigned Decisions = 0, Choices = 0, Changed = 0, Stale = 0, Missing = 0, Asked = 0;
  unsigned Regions = 0, Passes = 0;
  json::Array PassList;
  std::set<std::pair<std::string, unsigned>> RevertedRegions; // regions with an agent pass undone
  unsigned RevertedPasses = 0, RevertedChangedPasses = 0;
  std::string BaseName;
} Stats;

static std::map<PointKey, Pick> Decisions;
static bool DecisionsLoaded = false;
static int ChanIn = -1, ChanOut = -1;
static std::unique_ptr<raw_fd_ostream> StateLog;
static std::string StateLogTmp;

static bool active() {
  return !StateLogPath.empty() || !DecisionsPath.empty() || !ChannelFds.empty() ||
         !ReportPath.empty();
}

// Everything about one function's scheduling (one DAG object per function).
struct FunctionHook {
  MachineFunction *MF = nullptr;
  // Printing an instruction numbers the whole module's metadata unless a slot tracker is
  // reused: one per function keeps printing linear.
  std::unique_ptr<ModuleSlotTracker> Slots;
  GenericScheduler *Strategy = nullptr;
  ScheduleDAGMILive *DAG = nullptr;
  PickNodeFn OrigPick = nullptr;
  FinalizeFn OrigFinalize = nullptr;
  bool IsAMDGPU = false;
  DenseMap<const MachineInstr *, unsigned> Ids;
  unsigned NextId = 0;
  std::map<std::vector<unsigned>, unsigned> RegionOf; // sorted ids -> region ordinal
  std::vector<unsigned> Visits;                        // per region
  std::vector<int> LastPass;                           // per region: index into Passes
  std::vector<PassRecord> Passes;
  int Current = -1; // pass in progress
  unsigned Stage = 0;
  int LastRegionInStage = -1;
};

static DenseMap<void *, FunctionHook *> HookOf; // strategy or DAG -> hook
static std::deque<FunctionHook> Hooks;

// ------------------------------------------------------------- features

static unsigned idOf(FunctionHook &H, const MachineInstr *MI) {
  auto It = H.Ids.find(MI);
  if (It != H.Ids.end())
    return It->second;
  return H.Ids[MI] = H.NextId++;
}

static void numberFunction(FunctionHook &H) {
  for (MachineBasicBlock &MBB : *H.MF)
    for (MachineInstr &MI : MBB)
      idOf(H, &MI);
}

static bool startsWith(StringRef S, const char *P) { return S.starts_with(P); }

static const char *instrClass(const FunctionHook &H, const MachineInstr &MI, StringRef Opc) {
  if (MI.isBranch() || MI.isTerminator() || MI.isCall() || MI.isReturn())
    return "branch";
  bool Mem = MI.mayLoad() || MI.mayStore();
  if (H.IsAMDGPU) {
    if (Mem) {
      if (startsWith(Opc, "S_"))
        return "smem";
      if (startsWith(Opc, "DS_"))
        return "lds";
      return MI.mayStore() ? "vmem_store" : "vmem_load";
    }
    if (startsWith(Opc, "S_"))
      return "salu";
    if (startsWith(Opc, "V_"))
      return "valu";
    return "other";
  }
  if (Mem) {
    for (const MachineMemOperand *MMO : MI.memoperands())
      if (MMO->getAddrSpace() == 3) // shared memory on NVPTX, LDS on AMDGPU
        return "lds";
    return MI.mayStore() ? "vmem_store" : "vmem_load";
  }
  if (MI.isCopy() || MI.isImplicitDef() || MI.isRegSequence() || MI.isInsertSubreg() ||
      MI.isSubregToReg())
    return "other";
  return "valu";
}

// Which register file a virtual register lives in: 'v' (per-lane/per-thread), 's' (scalar).
static char regFile(const FunctionHook &H, StringRef RCName) {
  if (!H.IsAMDGPU)
    return 'v';
  if (RCName == "VReg_1") // lane masks live in SGPRs
    return 's';
  if (startsWith(RCName, "V") || startsWith(RCName, "AV") || startsWith(RCName, "AReg") ||
      startsWith(RCName, "AGPR"))
    return 'v';
  return 's';
}

struct RegCounts {
  unsigned VDefs = 0, SDefs = 0, VUses = 0, SUses = 0;
};

static RegCounts countRegs(const FunctionHook &H, const MachineInstr &MI) {
  RegCounts C;
  const MachineRegisterInfo &MRI = H.MF->getRegInfo();
  const TargetRegisterInfo *TRI = H.MF->getSubtarget().getRegisterInfo();
  for (const MachineOperand &MO : MI.operands()) {
    if (!MO.isReg() || !MO.getReg().isVirtual() || (MO.isUse() && MO.isUndef()))
      continue;
    const TargetRegisterClass *RC = MRI.getRegClassOrNull(MO.getReg());
    if (!RC)
      continue;
    unsigned Bits = MO.getSubReg() ? TRI->getSubRegIdxSize(MO.getSubReg())
                                   : TRI->getRegSizeInBits(*RC);
    unsigned Units = std::max(1u, Bits / 32);
    bool V = regFile(H, TRI->getRegClassName(RC)) == 'v';
    if (MO.isDef())
      (V ? C.VDefs : C.SDefs) += Units;
    else
      (V ? C.VUses : C.SUses) += Units;
  }
  return C;
}

static std::string instrText(FunctionHook &H, const MachineInstr &MI) {
  if (!H.Slots) {
    const Function &F = H.MF->getFunction();
    H.Slots = std::make_unique<ModuleSlotTracker>(F.getParent());
    H.Slots->incorporateFunction(F);
  }
  std::string S;
  raw_string_ostream OS(S);
  MI.print(OS, *H.Slots, /*IsStandalone=*/false, /*SkipOpers=*/false, /*SkipDebugLoc=*/true,
           /*AddNewLine=*/false, H.MF->getSubtarget().getInstrInfo());
  OS.flush();
  return S;
}

static StringRef opcodeName(const MachineInstr &MI) {
  return MI.getMF()->getSubtarget().getInstrInfo()->getName(MI.getOpcode());
}

static json::Object pressureObject(const FunctionHook &H, ArrayRef<unsigned> P) {
  json::Object O;
  const TargetRegisterInfo *TRI = H.MF->getSubtarget().getRegisterInfo();
  for (unsigned I = 0, E = P.size(); I != E; ++I)
    if (P[I])
      O[TRI->getRegPressureSetName(I)] = P[I];
  return O;
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

static void beginPass(FunctionHook &H) {
  ScheduleDAGMILive *DAG = H.DAG;
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

// ------------------------------------------------------------ serialization

struct Cand {
  SUnit *SU;
  bool Top;
  bool Available;
};

static std::string quoted(StringRef S) {
  std::string Out;
  raw_string_ostream OS(Out);
  OS << json::Value(S.str());
  return OS.str();
}

// The features of an instruction that do not change within a pass, serialized once per pass
// (printing MachineInstrs dominates the cost otherwise).
static const std::string &staticJson(FunctionHook &H, PassRecord &P, const SUnit &SU) {
  if (P.Static.size() <= SU.NodeNum)
    P.Static.resize(H.DAG->SUnits.size() + 1);
  std::string &S = P.Static[SU.NodeNum];
  if (!S.empty())
    return S;
  const MachineInstr &MI = *SU.getInstr();
  StringRef Opc = opcodeName(MI);
  RegCounts RC = countRegs(H, MI);
  raw_string_ostream OS(S);
  OS << "\"id\":" << idOf(H, &MI) << ",\"node\":" << SU.NodeNum << ",\"opcode\":" << quoted(Opc)
     << ",\"text\":" << quoted(instrText(H, MI)) << ",\"class\":\"" << instrClass(H, MI, Opc)
     << "\",\"latency\":" << SU.Latency << ",\"depth\":" << const_cast<SUnit &>(SU).getDepth()
     << ",\"height\":" << const_cast<SUnit &>(SU).getHeight() << ",\"vgpr_defs\":" << RC.VDefs
     << ",\"sgpr_defs\":" << RC.SDefs << ",\"vgpr_uses\":" << RC.VUses
     << ",\"sgpr_uses\":" << RC.SUses << ",\"may_load\":" << (MI.mayLoad() ? "true" : "false")
     << ",\"may_store\":" << (MI.mayStore() ? "true" : "false");
  return OS.str();
}

using RawPD = SmallVector<std::pair<unsigned, int>, 4>;

// LLVM's PressureDiff of a node, nonzero entries (it changes as the region is scheduled).
static RawPD pressureDiff(FunctionHook &H, const SUnit *SU) {
  RawPD Out;
  if (!H.DAG->isTrackingPressure())
    return Out;
  for (const PressureChange &PC : H.DAG->getPressureDiff(SU)) {
    if (!PC.isValid())
      break;
    if (PC.getUnitInc())
      Out.push_back({PC.getPSet(), PC.getUnitInc()});
  }
  return Out;
}

// Compact form "SET:INC,SET:INC"; JSON object form {"SET":INC,...}.
static void pressureDiffText(raw_ostream &OS, FunctionHook &H, const RawPD &PD, bool AsJson) {
  const TargetRegisterInfo *TRI = H.MF->getSubtarget().getRegisterInfo();
  OS << (AsJson ? '{' : '"');
  for (size_t I = 0; I != PD.size(); ++I) {
    OS << (I ? "," : "");
    if (AsJson)
      OS << '"' << TRI->getRegPressureSetName(PD[I].first) << "\":" << PD[I].second;
    else
      OS << TRI->getRegPressureSetName(PD[I].first) << ':' << PD[I].second;
  }
  OS << (AsJson ? '}' : '"');
}

static void pressureJson(raw_ostream &OS, FunctionHook &H, ArrayRef<unsigned> P) {
  const TargetRegisterInfo *TRI = H.MF->getSubtarget().getRegisterInfo();
  OS << '{';
  bool First = true;
  for (unsigned I = 0, E = P.size(); I != E; ++I)
    if (P[I]) {
      OS << (First ? "" : ",") << '"' << TRI->getRegPressureSetName(I) << "\":" << P[I];
      First = false;
    }
  OS << '}';
}

static void pickJson(raw_ostream &OS, Pick K) {
  OS << "{\"id\":" << K.Id << ",\"zone\":\"" << (K.Top ? "top" : "bot") << "\"}";
}

static void candidatesFull(raw_ostream &OS, FunctionHook &H, PassRecord &P,
                           const std::vector<Cand> &Cands) {
  OS << ",\"candidates\":[";
  for (size_t I = 0; I != Cands.size(); ++I) {
    const Cand &C = Cands[I];
    OS << (I ? ",{" : "{") << staticJson(H, P, *C.SU) << ",\"zone\":\""
       << (C.Top ? "top" : "bot") << "\",\"queue\":\""
       << (C.Available ? "available" : "pending") << '"';
    if (H.DAG->isTrackingPressure()) {
      OS << ",\"pressure_diff\":";
      pressureDiffText(OS, H, pressureDiff(H, C.SU), /*AsJson=*/true);
    }
    OS << '}';
  }
  OS << ']';
}

// The ready list changes little from one step to the next, so the live channel sends only
// candidates that appeared or changed ("add": [id, zone, queue, pressure diff]) and those
// that left ("del": [id, zone]); the first message of a pass adds them all.
static void candidateDeltas(raw_ostream &OS, FunctionHook &H, PassRecord &P,
                            const std::vector<Cand> &Cands, bool First) {
  if (First) {
    P.SentCands.assign(2 * H.DAG->SUnits.size(), {});
    P.SentList.clear();
  }
  unsigned Stamp = ++P.SendStamp;
  std::vector<unsigned> Now;
  OS << ",\"add\":[";
  bool FirstAdd = true;
  for (const Cand &C : Cands) {
    unsigned Idx = C.SU->NodeNum * 2 + !C.Top;
    PassRecord::Sent &E = P.SentCands[Idx];
    RawPD PD = pressureDiff(H, C.SU);
    bool WasPresent = E.Stamp && E.Stamp == Stamp - 1;
    if (!WasPresent || E.Available != C.Available || E.PD != PD) {
      OS << (FirstAdd ? "[" : ",[") << idOf(H, C.SU->getInstr())
         << (C.Top ? ",\"t\"," : ",\"b\",") << (C.Available ? "\"a\"," : "\"p\",");
      pressureDiffText(OS, H, PD, /*AsJson=*/false);
      OS << ']';
      FirstAdd = false;
      E.Available = C.Available;
      E.PD = std::move(PD);
    }
    E.Stamp = Stamp;
    Now.push_back(Idx);
  }
  OS << "],\"del\":[";
  bool FirstDel = true;
  for (unsigned Idx : P.SentList)
    if (P.SentCands[Idx].Stamp != Stamp) {
      OS << (FirstDel ? "[" : ",[") << idOf(H, H.DAG->SUnits[Idx / 2].getInstr())
         << (Idx % 2 ? ",\"b\"]" : ",\"t\"]");
      FirstDel = false;
    }
  OS << ']';
  P.SentList = std::move(Now);
}

// A decision point as one JSON line. Full form (state log): every candidate with all its
// features. Compact form (live channel): the region's instructions with their features once
// per pass, then only the changes of the candidate list.
static std::string pointJson(FunctionHook &H, PassRecord &P, const std::vector<Cand> &Cands,
                             Pick Llvm, bool Compact, bool WithTable, const Pick *Chosen) {
  ScheduleDAGMILive *DAG = H.DAG;
  std::string S;
  raw_string_ostream OS(S);
  OS << "{\"function\":" << quoted(H.MF->getName()) << ",\"region\":" << P.Region
     << ",\"visit\":" << P.Visit << ",\"stage\":" << P.Stage << ",\"block\":" << P.Block
     << ",\"region_size\":" << P.Size << ",\"step\":" << P.Steps
     << ",\"remaining\":" << (P.Size - P.Steps);
  if (DAG->isTrackingPressure()) {
    OS << ",\"pressure_top\":";
    pressureJson(OS, H, DAG->getTopRPTracker().getRegSetPressureAtPos());
    OS << ",\"pressure_bot\":";
    pressureJson(OS, H, DAG->getBotRPTracker().getRegSetPressureAtPos());
  }
  OS << ",\"llvm\":";
  pickJson(OS, Llvm);
  if (Chosen) {
    OS << ",\"chosen\":";
    pickJson(OS, *Chosen);
  }
  if (WithTable) {
    OS << ",\"instructions\":[";
    bool First = true;
    for (const MachineInstr *MI : P.Input) {
      const SUnit *SU = DAG->getSUnit(const_cast<MachineInstr *>(MI));
      if (!SU)
        continue;
      OS << (First ? "{" : ",{") << staticJson(H, P, *SU) << ",\"preds\":[";
      First = false;
      bool FirstPred = true;
      for (const SDep &D : SU->Preds)
        if (!D.getSUnit()->isBoundaryNode() && !D.isArtificial()) {
          OS << (FirstPred ? "" : ",") << idOf(H, D.getSUnit()->getInstr());
          FirstPred = false;
        }
      OS << "]}";
    }
    OS << ']';
  }
  if (Compact)
    candidateDeltas(OS, H, P, Cands, WithTable);
  else
    candidatesFull(OS, H, P, Cands);
  OS << '}';
  return OS.str();
}

// ------------------------------------------------------------ live channel

static void writeAll(int Fd, const std::string &S) {
  size_t Done = 0;
  while (Done < S.size()) {
    ssize_t N = ::write(Fd, S.data() + Done, S.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      fail("live channel closed while sending a decision point (the agent process ended)");
    Done += N;
  }
}

static std::string readLine(int Fd) {
  static std::string Buf;
  while (true) {
    size_t NL = Buf.find('\n');
    if (NL != std::string::npos) {
      std::string Line = Buf.substr(0, NL);
      Buf.erase(0, NL + 1);
      return Line;
    }
    char Tmp[4096];
    ssize_t N = ::read(Fd, Tmp, sizeof(Tmp));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      fail("live channel closed while waiting for a pick (the agent process ended)");
    Buf.append(Tmp, N);
  }
}

// An answer is "ID ZONE" (zone 'top' or 'bot'), or "error MESSAGE" from the agent side.
static Pick askAgent(const std::string &Line) {
  writeAll(ChanOut, Line + "\n");
  std::string Ans = readLine(ChanIn);
  StringRef A(Ans);
  if (A.starts_with("error "))
    fail("agent failed: " + A.drop_front(6));
  auto [IdS, ZoneS] = A.trim().split(' ');
  unsigned Id;
  if (IdS.getAsInteger(10, Id) || (ZoneS != "top" && ZoneS != "bot"))
    fail("malformed answer on the live channel: '" + A + "' (expected 'ID top|bot')");
  return {Id, ZoneS == "top"};
}

// ------------------------------------------------------------ decisions file

static void loadDecisions() {
  DecisionsLoaded = true;
  if (DecisionsPath.empty())
    return;
  auto Buf = MemoryBuffer::getFile(DecisionsPath);
  if (!Buf)
    fail("cannot read decisions file '" + DecisionsPath + "': " + Buf.getError().message());
  StringRef Rest = (*Buf)->getBuffer();
  unsigned LineNo = 0;
  while (!Rest.empty()) {
    auto [Line, Tail] = Rest.split('\n');
    Rest = Tail;
    ++LineNo;
    if (Line.trim().empty())
      continue;
    std::string Where = DecisionsPath + ":" + std::to_string(LineNo) + ": ";
    Expected<json::Value> V = json::parse(Line);
    if (!V)
      fail(Where + "not JSON: " + toString(V.takeError()));
    const json::Object *O = V->getAsObject();
    if (!O)
      fail(Where + "expected a JSON object");
    auto Int = [&](const char *K) -> unsigned {
      std::optional<int64_t> I = O->getInteger(K);
      if (!I || *I < 0)
        fail(Where + "field '" + K + "' missing or not a non-negative integer");
      return unsigned(*I);
    };
    std::optional<StringRef> Fn = O->getString("function");
    if (!Fn)
      fail(Where + "field 'function' missing or not a string");
    std::optional<StringRef> Zone = O->getString("zone");
    if (Zone && *Zone != "top" && *Zone != "bot")
      fail(Where + "field 'zone' must be 'top' or 'bot'");
    PointKey K{Fn->str(), Int("region"), Int("visit"), Int("step")};
    Decisions[K] = Pick{Int("pick"), !Zone || *Zone == "top"};
  }
}

// ------------------------------------------------------------ the hook

static SUnit *hookedPickNode(MachineSchedStrategy *S, bool &IsTopNode) {
  FunctionHook &H = *HookOf.lookup(S);
  GenericScheduler *G = H.Strategy;
  SchedBoundary &Top = G->*TopOf, &Bot = G->*BotOf;
  H.DAG = G->*DAGOf;
  if (H.Current < 0)
    beginPass(H);

  // The ready set of each zone (available + pending) does not change inside pickNode;
  // only its split between the two queues may.
  std::vector<Cand> Before;
  for (SUnit *SU : Top.Available) Before.push_back({SU, true, true});
  for (SUnit *SU : Top.Pending) Before.push_back({SU, true, false});
  for (SUnit *SU : Bot.Available) Before.push_back({SU, false, true});
  for (SUnit *SU : Bot.Pending) Before.push_back({SU, false, false});

  SUnit *Default = H.OrigPick(S, IsTopNode);
  if (!Default) {
    endPass(H);
    return nullptr;
  }
  PassRecord &P = H.Passes[H.Current];
  Pick Llvm{idOf(H, Default->getInstr()), IsTopNode};

  std::vector<Cand> Cands;
  for (Cand C : Before) {
    SchedBoundary &Z = C.Top ? Top : Bot;
    if (C.SU != Default)
      C.Available = Z.Available.isInQueue(C.SU);
    else if (C.Top == IsTopNode)
      C.Available = true; // LLVM picks from the available queue
    Cands.push_back(C);
  }
  std::stable_sort(Cands.begin(), Cands.end(), [](const Cand &A, const Cand &B) {
    return std::make_pair(!A.Top, A.SU->NodeNum) < std::make_pair(!B.Top, B.SU->NodeNum);
  });

  // A node ready in both zones is listed twice; a choice needs two distinct instructions.
  bool IsChoice = false;
  for (const Cand &C : Cands)
    IsChoice |= C.SU != Cands.front().SU;
  ++Stats.Decisions;
  Stats.Choices += IsChoice;

  Pick Want = Llvm;
  auto isCandidate = [&](Pick K) {
    for (const Cand &C : Cands)
      if (C.Top == K.Top && idOf(H, C.SU->getInstr()) == K.Id)
        return true;
    return false;
  };

  if (!DecisionsPath.empty()) {
    auto It = Decisions.find(PointKey{H.MF->getName().str(), P.Region, P.Visit, P.Steps});
    if (It == Decisions.end()) {
      Stats.Missing += IsChoice;
    } else if (isCandidate(It->second)) {
      Want = It->second;
    } else if (Lenient) {
      ++Stats.Stale;
    } else {
      fail(Twine("stale decision: instruction ") + Twine(It->second.Id) + " (" +
           (It->second.Top ? "top" : "bot") + ") is not a candidate at function '" +
           H.MF->getName() + "' region " + Twine(P.Region) + " visit " + Twine(P.Visit) +
           " step " + Twine(P.Steps) + " (use --lenient to fall back to LLVM's pick)");
    }
  } else if (ChanOut >= 0 && IsChoice) {
    ++Stats.Asked;
    Want = askAgent(pointJson(H, P, Cands, Llvm, /*Compact=*/true, !P.TableSent, nullptr));
    P.TableSent = true;
    if (!isCandidate(Want))
      fail(Twine("the live agent picked instruction ") + Twine(Want.Id) +
           ", which is not a candidate");
  }

  if (StateLog)
    *StateLog << pointJson(H, P, Cands, Llvm, /*Compact=*/false, P.Steps == 0,
                           Want == Llvm ? nullptr : &Want)
              << "\n";

  ++P.Steps;
  if (Want == Llvm)
    return Default;

  // Override: undo LLVM's pick and take the agent's instead.
  ++Stats.Changed;
  ++P.Changed;
  SUnit *Chosen = nullptr;
  for (const Cand &C : Cands)
    if (idOf(H, C.SU->getInstr()) == Want.Id)
      Chosen = C.SU;
  for (const Cand &C : Before)
    if (C.SU == Default)
      (C.Top ? Top : Bot)
          .releaseNode(Default, C.Top ? Default->TopReadyCycle : Default->BotReadyCycle,
                       /*InPQueue=*/false);
  if (Chosen->isTopReady())
    Top.removeReady(Chosen);
  if (Chosen->isBottomReady())
    Bot.removeReady(Chosen);
  // LLVM caches each zone's best candidate across picks; the cache is stale now.
  (G->*TopCandOf).SU = nullptr;
  (G->*BotCandOf).SU = nullptr;
  IsTopNode = Want.Top;
  return Chosen;
}

static void writeReport();

static void hookedFinalizeSchedule(ScheduleDAGInstrs *DAG) {
  FunctionHook &H = *HookOf.lookup(DAG);
  H.OrigFinalize(DAG); // GCN runs its later stages (and reverts) in here
  for (PassRecord &P : H.Passes) {
    settlePass(H, P);
    json::Object O{{"function", H.MF->getName().str()}, {"region", P.Region}, {"visit", P.Visit},
                   {"stage", P.Stage}, {"block", P.Block}, {"size", P.Size},
                   {"steps", P.Steps}, {"changed", P.Changed}, {"fate", P.Fate}};
    Stats.PassList.push_back(std::move(O));
    if (P.Fate == "reverted") {
      ++Stats.RevertedPasses;
      if (P.Changed) {
        ++Stats.RevertedChangedPasses;
        Stats.RevertedRegions.insert({H.MF->getName().str(), P.Region});
      }
    }
  }
  HookOf.erase(H.Strategy);
  HookOf.erase(DAG);
  H.Passes.clear();
  H.Ids.clear();
  H.Slots.reset();
  writeReport();
}

// ------------------------------------------------------------ report

static void writeReport() {
  if (ReportPath.empty())
    return;
  json::Object R{{"decisions", Stats.Decisions},
                 {"choices", Stats.Choices},
                 {"changed", Stats.Changed},
                 {"stale", Stats.Stale},
                 {"missing", Stats.Missing},
                 {"asked", Stats.Asked},
                 {"regions", Stats.Regions},
                 {"passes", Stats.Passes},
                 {"reverted_regions", (int64_t)Stats.RevertedRegions.size()},
                 {"reverted_passes", Stats.RevertedPasses},
                 {"reverted_changed_passes", Stats.RevertedChangedPasses},
                 {"base", Stats.BaseName},
                 {"pass_list", json::Array(Stats.PassList)}};
  std::string Tmp = ReportPath + ".tmp";
  {
    std::error_code EC;
    raw_fd_ostream OS(Tmp, EC);
    if (EC)
      fail("cannot write report '" + Tmp + "': " + EC.message());
    OS << json::Value(std::move(R)) << "\n";
  }
  if (std::rename(Tmp.c_str(), ReportPath.c_str()))
    fail("cannot rename report into '" + ReportPath + "'");
}

// State log and report are complete once llc is done: commit them at exit.
struct Finisher {
  ~Finisher() {
    if (StateLog) {
      StateLog->close();
      StateLog.reset();
      std::rename(StateLogTmp.c_str(), StateLogPath.c_str());
    }
  }
} static TheFinisher;

// ------------------------------------------------------------ registration

static void setUpOnce() {
  static bool Done = false;
  if (Done)
    return;
  Done = true;
  loadDecisions();
  if (!StateLogPath.empty()) {
    std::error_code EC;
    StateLogTmp = StateLogPath + ".tmp";
    StateLog = std::make_unique<raw_fd_ostream>(StateLogTmp, EC);
    if (EC)
      fail("cannot write state log '" + StateLogPath + "': " + EC.message());
  }
  if (!ChannelFds.empty()) {
    auto [R, W] = StringRef(ChannelFds).split(',');
    if (R.getAsInteger(10, ChanIn) || W.getAsInteger(10, ChanOut))
      fail("-agent-sched-channel expects 'RFD,WFD', got '" + ChannelFds + "'");
  }
  if (!DecisionsPath.empty() && !ChannelFds.empty())
    fail("give either -agent-sched-decisions or -agent-sched-channel, not both");
  if (BaseSched != "target" && BaseSched != "generic")
    fail("-agent-sched-base must be 'target' or 'generic'");
  writeReport(); // a module with nothing to schedule still gets a (zero) report
}

static ScheduleDAGInstrs *createAgentScheduler(MachineSchedContext *C) {
  bool Hooked = OnlyFunction.empty() || C->MF->getName() == OnlyFunction;
  ScheduleDAGInstrs *DAG = nullptr;
  if (BaseSched != "generic" || !Hooked)
    DAG = C->PassConfig->createMachineScheduler(C); // what llc would use without -misched
  if (!DAG)
    DAG = createGenericSchedLive(C);
  if (!active())
    return DAG;
  setUpOnce();
  if (!Hooked)
    return DAG;
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
  H.Strategy = G;
  H.DAG = MI;
  H.IsAMDGPU = C->MF->getTarget().getTargetTriple().isAMDGPU();
  Stats.BaseName = BaseSched == "generic" ? "generic" : (H.IsAMDGPU ? "gcn" : "target");
  numberFunction(H);
  // 64 slots cover the virtual functions of these classes in LLVM 19 with room to spare.
  H.OrigPick = reinterpret_cast<PickNodeFn>(replaceVirtual(
      G, vtableSlot(&MachineSchedStrategy::pickNode), (void *)&hookedPickNode, 64));
  H.OrigFinalize = reinterpret_cast<FinalizeFn>(replaceVirtual(
      DAG, vtableSlot(&ScheduleDAGInstrs::finalizeSchedule), (void *)&hookedFinalizeSchedule,
      64));
  HookOf[G] = &H;
  HookOf[DAG] = &H;
  return DAG;
}

static MachineSchedRegistry AgentSchedRegistry(
    "agent-sched", "Let an agent make every pre-RA scheduling decision (agentsched)",
    createAgentScheduler);
