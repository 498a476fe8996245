//===- agent_sched.cpp - expose LLVM's pre-RA scheduling decisions to agents ---===//
//
// A plugin for stock LLVM 19 (llc-19 -load=agent_sched.so -misched=agent-sched).
// It takes the machine scheduler the target would use anyway (GCN's, with all its
// stages, on AMDGPU; GenericScheduler elsewhere) and hooks its strategy's pickNode():
// at every decision point it records the candidates and LLVM's own pick, and may replace
// that pick with one taken from a decision file, asked over a live channel, or chosen by a
// learned policy file that the plugin evaluates itself.
//
// The plugin hooks, serializes and evaluates policy files; everything else lives in Python
// (agentsched). The protocol (every field) is documented in docs/protocol.md, the policy
// format in docs/policy.md.
//
// Layout: options; vtable patching (namespace vtable_patch); compile state; features and
// serialization; the hook as snapshot -> decide (a DecisionSource: DecisionFile,
// LiveChannel, policy::Policy) -> apply; output files; set-up; the ends of a function and
// of llc; registration.
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/MachineScheduler.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Target/TargetMachine.h"

#include <cerrno>
#include <cmath>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <iterator>
#include <limits>
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <sys/stat.h>
#include <typeinfo>
#include <unistd.h>
#include <vector>

// The vtable hooks below depend on LLVM 19's class layouts (and on its GCN classes adding no
// virtual functions): port and re-check them before building against another LLVM.
static_assert(LLVM_VERSION_MAJOR == 19, "agent_sched.cpp is written for LLVM 19");

using namespace llvm;

// ---------------------------------------------------------------- options

static cl::opt<std::string> StateLogPath(
    "agent-sched-state-log", cl::desc("Write every decision point (JSON lines) to this file"),
    cl::init(""));
static cl::opt<std::string> StateLogFormat(
    "agent-sched-state-log-format",
    cl::desc("'compact' (default: each region's instructions once per pass, then changes of "
             "the candidate list) or 'full' (every candidate with every feature on every line)"),
    cl::init("compact"));
static cl::opt<std::string> DecisionsPath(
    "agent-sched-decisions", cl::desc("Apply the decisions in this file (JSON lines)"),
    cl::init(""));
static cl::opt<std::string> ChannelFds(
    "agent-sched-channel",
    cl::desc("Live agent: 'RFD,WFD' file descriptors to read picks from and write points to"),
    cl::init(""));
static cl::opt<std::string> PolicyPath(
    "agent-sched-policy",
    cl::desc("Pick with the learned policy in this file (docs/policy.md), evaluated here"),
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

// An error that must stop llc where it is (a pick cannot be made, a vtable is not what we
// patch, an output cannot be written): report_fatal_error exits 1 after running LLVM's
// interrupt handlers, which remove llc's -o file (ToolOutputFile registers it) and so leave
// nothing behind. Errors that need not stop the compile at once go through the LLVMContext
// (checkUnmatched).
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

// ======================================================== vtable patching
// GCN's strategy class is private to libLLVM, so it cannot be subclassed to override
// pickNode(). Instead the one strategy object (and its DAG) gets a private copy of its
// class's vtable with one slot replaced (Itanium C++ ABI). Everything that depends on the ABI
// and on LLVM 19's class layouts is in this namespace:
//
//   slotOf(&Class::fn)            the vtable slot of a virtual member function
//   baseEntries<Class>()          how many slots Class's vtable has (from our headers)
//   entries(Obj, BaseEntries)     how many slots Obj's dynamic class's vtable has
//   replace(Obj, Slot, Fn, N)     give Obj a copy of its N-slot vtable with Slot = Fn;
//                                 returns the function it replaced
//   className(Obj)                Obj's dynamic class, demangled, for messages
//
// The copy must be exactly as long as LLVM's table (reading past it would copy garbage, and
// a slot beyond it would be called by nobody): an exported vtable's length is its ELF
// symbol's size; an unexported one's is its base's when the class is known to add no
// virtual function. Anything else is an error naming the class (docs/protocol.md).
namespace vtable_patch {

template <class MemFn> static size_t slotOf(MemFn F) {
  struct { uintptr_t Ptr; ptrdiff_t Adj; } Raw;
  static_assert(sizeof(Raw) == sizeof(F), "Itanium member function pointer expected");
  std::memcpy(&Raw, &F, sizeof(Raw));
  if (!(Raw.Ptr & 1))
    fail("expected a virtual member function");
  return (Raw.Ptr - 1) / sizeof(void *);
}

// A class deriving from Base with one virtual function of its own: that function's slot is
// the number of slots Base's vtable has (headers of the LLVM we are built against).
template <class Base> struct Probe : Base {
  virtual void agentSchedProbe() {}
};
template <class Base> static size_t baseEntries() {
  return slotOf(&Probe<Base>::agentSchedProbe);
}

// Classes private to libLLVM (no vtable symbol) whose LLVM 19 declarations (GCNSchedStrategy.h)
// add no virtual function to their public base: their vtables are as long as the base's
// (checked on Debian's libLLVM 19.1.7 from its relocations: 18 and 17 slots).
static const char *const NoNewVirtuals[] = {
    "N4llvm16GCNSchedStrategyE", "N4llvm28GCNMaxOccupancySchedStrategyE",
    "N4llvm22GCNMaxILPSchedStrategyE", "N4llvm20GCNScheduleDAGMILiveE"};

static void **vptrOf(void *Obj) { return *reinterpret_cast<void ***>(Obj); }

static const char *typeName(void **VPtr) {
  return static_cast<const std::type_info *>(VPtr[-1])->name();
}

static std::string className(void *Obj) {
  return demangle(std::string("_Z") + typeName(vptrOf(Obj)));
}

static size_t entries(void *Obj, size_t BaseEntries) {
  void **VPtr = vptrOf(Obj);
  Dl_info Info;
  ElfW(Sym) *Sym = nullptr;
  size_t Entries = 0;
  if (dladdr1(VPtr, &Info, reinterpret_cast<void **>(&Sym), RTLD_DL_SYMENT) && Sym &&
      Info.dli_sname && StringRef(Info.dli_sname).starts_with("_ZTV")) {
    auto *Start = static_cast<char *>(Info.dli_saddr), *End = Start + Sym->st_size;
    auto *At = reinterpret_cast<char *>(VPtr);
    if (At > Start && At < End)
      Entries = (End - At) / sizeof(void *);
  } else if (is_contained(NoNewVirtuals, StringRef(typeName(VPtr)))) {
    Entries = BaseEntries;
  }
  if (!Entries)
    fail("cannot determine the size of the vtable of " + className(Obj) +
         " (its symbol is not exported); try -agent-sched-base=generic");
  if (Entries < BaseEntries)
    fail("the vtable of " + className(Obj) + " has " + Twine(Entries) +
         " slots, fewer than its base's " + Twine(BaseEntries) + ": not the LLVM 19 layout");
  return Entries;
}

static std::deque<std::vector<void *>> Copies; // live as long as the objects using them

static void *replace(void *Obj, size_t Slot, void *Fn, size_t Entries) {
  void **VPtr = vptrOf(Obj);
  const size_t Prefix = 2; // offset-to-top and RTTI precede the address point
  if (Slot >= Entries)
    fail("vtable slot " + Twine(Slot) + " beyond the " + Twine(Entries) + " slots of " +
         className(Obj));
  Copies.emplace_back(VPtr - Prefix, VPtr + Entries);
  std::vector<void *> &Copy = Copies.back();
  void *Orig = Copy[Prefix + Slot];
  Copy[Prefix + Slot] = Fn;
  *reinterpret_cast<void ***>(Obj) = Copy.data() + Prefix;
  return Orig;
}

} // namespace vtable_patch

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

// What a policy needs of a node that does not change within a pass (its features).
struct NodeFacts {
  unsigned Latency = 0, Depth = 0, Height = 0;
  RegCounts Regs;
  bool Load = false, Store = false;
  unsigned Cls = 0; // index into policy::Classes
  bool Known = false;
};

struct PassRecord {
  unsigned Region, Visit, Stage, Block, Size, Steps = 0, Changed = 0;
  std::vector<const MachineInstr *> Input, Output; // region order before and after
  std::string Fate = "kept";                        // kept | reverted | modified | unknown
  bool Settled = false;
  std::vector<std::string> Static; // by node number: serialized static features
  std::vector<NodeFacts> Facts;    // by node number: a policy's static inputs
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
} Stats;

static bool CompactLog = true;
static std::unique_ptr<raw_fd_ostream> StateLog; // writes to LogFile (below)

static bool active() {
  return !StateLogPath.empty() || !DecisionsPath.empty() || !ChannelFds.empty() ||
         !PolicyPath.empty() || !ReportPath.empty();
}

// Everything about one function's scheduling (one DAG object per function).
struct FunctionHook {
  MachineFunction *MF = nullptr;
  std::string Name; // the "function" of its decision points (functionKey)
  // Printing an instruction numbers the whole module's metadata unless a slot tracker is
  // reused: one per function keeps printing linear.
  std::unique_ptr<ModuleSlotTracker> Slots;
  GenericScheduler *Strategy = nullptr;
  ScheduleDAGMILive *DAG = nullptr;
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
  // -agent-sched-policy: the policy's units per register pressure set (by set index)
  std::vector<int> VgprUnits, SgprUnits;
  std::vector<unsigned> VgprSets; // the sets with VgprUnits
  std::vector<Cand> SpareReady, SpareCands; // storage reused by every pickNode() call
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

// ------------------------------------------------------------ serialization

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

// The ready list changes little from one step to the next, so compact lines carry only
// candidates that appeared or changed ("add": [id, zone, queue, pressure diff]) and those
// that left ("del": [id, zone]) since the last line D's reader got; a pass's first line adds
// them all.
static void candidateDeltas(raw_ostream &OS, FunctionHook &H, DeltaState &D,
                            const std::vector<Cand> &Cands, bool First) {
  if (First) {
    D.SentCands.assign(2 * H.DAG->SUnits.size(), {});
    D.SentList.clear();
  }
  unsigned Stamp = ++D.Stamp;
  std::vector<unsigned> Now;
  OS << ",\"add\":[";
  bool FirstAdd = true;
  for (const Cand &C : Cands) {
    unsigned Idx = C.SU->NodeNum * 2 + !C.Top;
    DeltaState::Sent &E = D.SentCands[Idx];
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
  for (unsigned Idx : D.SentList)
    if (D.SentCands[Idx].Stamp != Stamp) {
      OS << (FirstDel ? "[" : ",[") << idOf(H, H.DAG->SUnits[Idx / 2].getInstr())
         << (Idx % 2 ? ",\"b\"]" : ",\"t\"]");
      FirstDel = false;
    }
  OS << ']';
  D.SentList = std::move(Now);
}

// A decision point as one JSON line. Full form (Compact null): every candidate with all its
// features, the region's instructions at step 0. Compact form (live channel, compact state
// log): the region's instructions with their features in the first line of the pass that
// Compact's reader gets, then only the changes of the candidate list.
static std::string pointJson(FunctionHook &H, PassRecord &P, const std::vector<Cand> &Cands,
                             Pick Llvm, DeltaState *Compact, const Pick *Chosen) {
  ScheduleDAGMILive *DAG = H.DAG;
  bool WithTable = Compact ? !Compact->TableSent : P.Steps == 0;
  std::string S;
  raw_string_ostream OS(S);
  OS << "{\"function\":" << quoted(H.Name) << ",\"region\":" << P.Region
     << ",\"visit\":" << P.Visit << ",\"stage\":" << P.Stage << ",\"block\":" << P.Block
     << ",\"region_size\":" << P.Size << ",\"step\":" << P.Steps
     << ",\"remaining\":" << (P.Size - P.Steps);
  if (DAG->isTrackingPressure()) {
    OS << ",\"pressure_top\":";
    pressureJson(OS, H, DAG->getTopRPTracker().getRegSetPressureAtPos());
    OS << ",\"pressure_bot\":";
    pressureJson(OS, H, DAG->getBotRPTracker().getRegSetPressureAtPos());
    if (WithTable || !Compact) { // a pass constant: compact lines carry it with the table
      OS << ",\"pressure_max\":";
      pressureJson(OS, H, DAG->getRegPressure().MaxSetPressure);
    }
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
  if (Compact) {
    candidateDeltas(OS, H, *Compact, Cands, WithTable);
    Compact->TableSent = true;
  } else
    candidatesFull(OS, H, P, Cands);
  OS << '}';
  return OS.str();
}

// ======================================================== the hook: snapshot
// Each pickNode() call is taken apart into three steps:
//   snapshot  the ready lists and LLVM's own pick (LLVM picks first, always);
//   decide    one decision source says which candidate to take (LLVM's when there is none);
//   apply     undo LLVM's pick and take the chosen node, when they differ.

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

  bool isCandidate(Pick K) const {
    for (const Cand &C : Cands)
      if (C.Top == K.Top && idOf(H, C.SU->getInstr()) == K.Id)
        return true;
    return false;
  }
};

// Lets LLVM pick and lists the candidates; nullopt when the region is done.
static std::optional<Snapshot> snapshot(FunctionHook &H, MachineSchedStrategy *S,
                                        bool &IsTopNode) {
  GenericScheduler *G = H.Strategy;
  SchedBoundary &Top = G->*TopOf, &Bot = G->*BotOf;
  H.DAG = G->*DAGOf;
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

  std::vector<Cand> Cands = std::move(H.SpareCands);
  Cands.clear();
  for (Cand C : Ready) {
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

// ======================================================== the hook: decision sources
// Where the pick at a decision point comes from: at most one source per compile, chosen by
// the options (-agent-sched-decisions, -agent-sched-channel, -agent-sched-policy). Without
// one every pick is LLVM's.

struct DecisionSource {
  virtual ~DecisionSource() = default;
  // The pick to apply at this point (a candidate of S); S.Llvm when there is nothing to say.
  virtual Pick decide(const Snapshot &S) = 0;
  // At the end of a successful llc: an error that fails the compile after all (empty: none).
  virtual std::string finish() { return ""; }
  // Strict mode, during the compile: an error for decisions whose function is settled (no
  // point of it can still come: scheduled already, or not in the module) yet were not used.
  virtual std::string unmatched(function_ref<bool(StringRef)> Settled) { return ""; }
};
static std::unique_ptr<DecisionSource> Source;

static std::string pointName(const std::string &Fn, unsigned Region, unsigned Visit,
                             unsigned Step) {
  return "function '" + Fn + "' region " + std::to_string(Region) + " visit " +
         std::to_string(Visit) + " step " + std::to_string(Step);
}

static bool writeFd(int Fd, StringRef S) {
  while (!S.empty()) {
    ssize_t N = ::write(Fd, S.data(), S.size());
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    S = S.drop_front(N);
  }
  return true;
}

// ------------------------------------------------------------ decision file

// Picks keyed by decision point (-agent-sched-decisions): applied where they match a point;
// one naming a non-candidate is stale (an error unless -agent-sched-lenient); one matching no
// point of the compile is unmatched (an error at the end unless lenient).
class DecisionFile : public DecisionSource {
  struct Entry {
    Pick P;
    unsigned Line;     // in the decision file
    bool Used = false; // its decision point was reached
  };
  std::map<PointKey, Entry> Entries;
  StringMap<unsigned> FunctionIndex; // function names of the decision file
  std::vector<std::string> FunctionNames;

public:
  // Reads the file; returns an error naming FILE:LINE and the field.
  std::string load() {
    auto Buf = MemoryBuffer::getFile(DecisionsPath);
    if (!Buf)
      return "cannot read decisions file '" + DecisionsPath + "': " + Buf.getError().message();
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
        return Where + "not JSON: " + toString(V.takeError());
      const json::Object *O = V->getAsObject();
      if (!O)
        return Where + "expected a JSON object";
      std::string Err;
      // Ids and counters are 32-bit in the plugin: a larger value names no decision point.
      auto Int = [&](const char *K) -> unsigned {
        const json::Value *F = O->get(K);
        std::optional<int64_t> I = F ? F->getAsInteger() : std::nullopt;
        if (Err.empty() && !F)
          Err = Where + "field '" + K + "' missing";
        else if (Err.empty() && (!I || *I < 0 || *I > int64_t(UINT_MAX))) {
          std::string Got;
          raw_string_ostream(Got) << *F;
          Err = Where + "field '" + K + "' must be an integer from 0 to " +
                std::to_string(UINT_MAX) + ", got " + Got;
        }
        return I && Err.empty() ? unsigned(*I) : 0;
      };
      std::optional<StringRef> Fn = O->getString("function");
      if (!Fn)
        return Where + "field 'function' missing or not a string";
      std::optional<StringRef> Zone = O->getString("zone");
      if (O->get("zone") && (!Zone || (*Zone != "top" && *Zone != "bot")))
        return Where + "field 'zone' must be 'top' or 'bot'";
      unsigned Region = Int("region"), Visit = Int("visit"), Step = Int("step"),
               Id = Int("pick");
      if (!Err.empty())
        return Err;
      auto [FnIt, NewFn] = FunctionIndex.try_emplace(*Fn, FunctionNames.size());
      if (NewFn)
        FunctionNames.push_back(Fn->str());
      Entry E{Pick{Id, !Zone || *Zone == "top"}, LineNo};
      auto [It, New] = Entries.try_emplace(PointKey{FnIt->second, Region, Visit, Step}, E);
      if (!New && !(It->second.P == E.P))
        return Where + "a second, different decision for function '" + Fn->str() +
               "' region " + std::to_string(Region) + " visit " + std::to_string(Visit) +
               " step " + std::to_string(Step) + " (line " + std::to_string(It->second.Line) +
               ")";
    }
    return "";
  }

  Pick decide(const Snapshot &S) override {
    const PassRecord &P = S.P;
    auto Fn = FunctionIndex.find(S.H.Name);
    auto It = Fn == FunctionIndex.end()
                  ? Entries.end()
                  : Entries.find(PointKey{Fn->second, P.Region, P.Visit, P.Steps});
    if (It == Entries.end()) {
      Stats.Missing += S.IsChoice;
      return S.Llvm;
    }
    Entry &E = It->second;
    E.Used = true;
    if (S.isCandidate(E.P))
      return E.P;
    if (!Lenient)
      fail(Twine("stale decision: instruction ") + Twine(E.P.Id) + " (" +
           (E.P.Top ? "top" : "bot") + ") is not a candidate at " +
           pointName(S.H.Name, P.Region, P.Visit, P.Steps) + " (" + DecisionsPath + ":" +
           Twine(E.Line) + "; use --lenient to fall back to LLVM's pick)");
    ++Stats.Stale;
    return S.Llvm;
  }

  // Decisions whose point was never reached (another kernel, function or target, or a
  // wrong key) are counted in the report; an error unless lenient.
  std::string finish() override {
    return unmatchedIn([](StringRef) { return true; }, Stats.Unmatched, /*AtEnd=*/true);
  }

  std::string unmatched(function_ref<bool(StringRef)> Settled) override {
    if (Lenient)
      return "";
    unsigned Count = 0;
    return unmatchedIn(Settled, Count, /*AtEnd=*/false);
  }

private:
  std::string unmatchedIn(function_ref<bool(StringRef)> Settled, unsigned &Count, bool AtEnd) {
    unsigned FirstLine = UINT_MAX;
    std::string First;
    for (const auto &[K, E] : Entries)
      if (!E.Used && Settled(FunctionNames[std::get<0>(K)])) {
        ++Count;
        if (E.Line < FirstLine) {
          FirstLine = E.Line;
          First = DecisionsPath + ":" + std::to_string(E.Line) + " (" +
                  pointName(FunctionNames[std::get<0>(K)], std::get<1>(K), std::get<2>(K),
                            std::get<3>(K)) +
                  ")";
        }
      }
    if (!Count || Lenient)
      return "";
    return std::to_string(Count) + " of " + std::to_string(Entries.size()) +
           " decisions match no decision point of this compile, first " + First +
           (Stats.Decisions || !AtEnd ? "" : "; no function was scheduled by agent-sched "
                                              "(optnone? NVPTX needs -enable-misched)") +
           ": are they for another kernel, function or target? (use --lenient to "
           "ignore them)";
  }
};

// ------------------------------------------------------------ live channel

// A live agent (-agent-sched-channel=RFD,WFD): each decision point with a choice is written
// to WFD as one compact JSON line; the answer "ID ZONE" is read from RFD.
class LiveChannel : public DecisionSource {
  int In, Out;
  std::string Buf; // what was read past the last answer

  void writeAll(const std::string &S) {
    if (!writeFd(Out, S))
      fail("live channel closed while sending a decision point (the agent process ended)");
  }

  std::string readLine() {
    while (true) {
      size_t NL = Buf.find('\n');
      if (NL != std::string::npos) {
        std::string Line = Buf.substr(0, NL);
        Buf.erase(0, NL + 1);
        return Line;
      }
      char Tmp[4096];
      ssize_t N = ::read(In, Tmp, sizeof(Tmp));
      if (N < 0 && errno == EINTR)
        continue;
      if (N <= 0)
        fail("live channel closed while waiting for a pick (the agent process ended)");
      Buf.append(Tmp, N);
    }
  }

public:
  LiveChannel(int In, int Out) : In(In), Out(Out) {}

  // An answer is "ID ZONE" (zone 'top' or 'bot'), or "error MESSAGE" from the agent side.
  Pick decide(const Snapshot &S) override {
    if (!S.IsChoice)
      return S.Llvm;
    ++Stats.Asked;
    writeAll(pointJson(S.H, S.P, S.Cands, S.Llvm, &S.P.Channel, nullptr) + "\n");
    std::string Ans = readLine();
    StringRef A(Ans);
    if (A.starts_with("error "))
      fail("agent failed: " + A.drop_front(6));
    auto [IdS, ZoneS] = A.trim().split(' ');
    unsigned Id;
    if (IdS.getAsInteger(10, Id) || (ZoneS != "top" && ZoneS != "bot"))
      fail("malformed answer on the live channel: '" + A + "' (expected 'ID top|bot')");
    Pick Want{Id, ZoneS == "top"};
    if (!S.isCandidate(Want))
      fail(Twine("the live agent picked instruction ") + Twine(Want.Id) +
           ", which is not a candidate");
    return Want;
  }
};

// ------------------------------------------------------------ policy file

// A learned policy (-agent-sched-policy=FILE, docs/policy.md) evaluated here, with no Python
// and no pipe. Its Python twin, agentsched/core/policy.py, must pick the same candidates, so
// both compute the same doubles with the same operations in the same order: the features,
// z = (x - mean) / scale, each layer's output as 0 + w[0]*z[0] + w[1]*z[1] + ... (inputs in
// order) + bias, then the activation (the plugin is built with -ffp-contract=off: no fused
// multiply-adds). Ties within 1e-9 go to LLVM's pick, then to candidate order.
namespace policy {

static const char *const Classes[] = {"valu",       "salu", "vmem_load", "vmem_store",
                                      "smem",       "lds",  "branch",    "other"};

// The feature catalog in docs/policy.md's order (= agentsched.core.policy.FEATURES).
enum Feature : unsigned {
  Latency, Depth, Height, VgprDefs, SgprDefs, VgprUses, SgprUses, MayLoad, MayStore,
  Available, ZoneTop, VgprPressureDiff, SgprPressureDiff, ClsFirst,
  IsLlvmPick = ClsFirst + std::size(Classes), Slack, PressureAfter,
  // region context: the same for every candidate of a point
  CriticalPath, StepFrac, RemainingFrac, LogRegionSize, LogCandidates, PressureTop,
  PressureBot, Stage, Visit, NumFeatures
};
static const char *const FeatureNames[] = {
    "latency", "depth", "height", "vgpr_defs", "sgpr_defs", "vgpr_uses", "sgpr_uses",
    "may_load", "may_store", "available", "zone_top", "vgpr_pressure_diff",
    "sgpr_pressure_diff", "cls_valu", "cls_salu", "cls_vmem_load", "cls_vmem_store",
    "cls_smem", "cls_lds", "cls_branch", "cls_other", "is_llvm_pick", "slack",
    "pressure_after", "critical_path", "step_frac", "remaining_frac", "log_region_size",
    "log_candidates", "pressure_top", "pressure_bot", "stage", "visit"};
static_assert(std::size(FeatureNames) == NumFeatures, "one name per feature");

constexpr double MaxAbs = 1e9, MinScale = 1e-9, TieEps = 1e-9;
constexpr unsigned MaxLayers = 8, MaxWidth = 1024;

struct Layer {
  unsigned In = 0, Out = 0;
  std::vector<double> W, B; // W: In rows of Out (W[i * Out + j] weighs input i for output j)
  enum { Tanh, Relu, Linear } Act = Linear;
};

struct Model {
  std::string Family;             // "amdgpu" or "nvptx"
  std::vector<unsigned> Inputs;   // catalog index of each input, in order
  std::vector<double> Mean, Scale;
  std::vector<Layer> Layers;      // a linear model: one layer, one output, linear
  std::vector<std::pair<std::string, int>> Vgpr, Sgpr; // pressure set -> units
  bool Guard = false;
  int64_t Slack = 0;
};

// Reads one policy file; every error names the file and the field (the same rules as
// agentsched.core.policy._check).
class Reader {
  std::string Where;
  std::string Err;

  bool bad(const std::string &Field, const std::string &Why) {
    if (Err.empty())
      Err = "policy file '" + Where + "': field '" + Field + "' " + Why;
    return false;
  }
  static std::string shortText(const json::Value *V) {
    if (!V)
      return "nothing";
    std::string S;
    raw_string_ostream(S) << *V;
    return S.size() <= 60 ? S : S.substr(0, 57) + "...";
  }
  bool number(const json::Value *V, const std::string &Field, double Lo, double &Out) {
    std::optional<double> D = V ? V->getAsNumber() : std::nullopt;
    if (!D || !std::isfinite(*D) || *D < Lo || *D > MaxAbs)
      return bad(Field, "must be a finite number from " + fmt(Lo) + " to 1e+09, got " +
                            shortText(V));
    Out = *D;
    return true;
  }
  static std::string fmt(double D) {
    char Buf[32];
    std::snprintf(Buf, sizeof(Buf), "%g", D);
    return Buf;
  }
  bool numbers(const json::Value *V, const std::string &Field, size_t N, double Lo,
               std::vector<double> &Out, const char *Per = "input") {
    const json::Array *A = V ? V->getAsArray() : nullptr;
    if (!A)
      return bad(Field, "must be an array of numbers, got " + shortText(V));
    if (A->size() != N)
      return bad(Field, "must have " + std::to_string(N) + " numbers (one per " + Per +
                            "), got " + std::to_string(A->size()));
    Out.resize(N);
    for (size_t I = 0; I != N; ++I)
      if (!number(&(*A)[I], Field + "[" + std::to_string(I) + "]", Lo, Out[I]))
        return false;
    return true;
  }
  bool sets(const json::Object *PS, const char *Group,
            std::vector<std::pair<std::string, int>> &Out) {
    const json::Object *G = PS->getObject(Group);
    std::string Field = std::string("pressure_sets.") + Group;
    if (!G)
      return bad(Field, "must be an object: set -> units");
    for (const auto &[Name, V] : *G) {
      std::optional<int64_t> U = V.getAsInteger();
      if (!U || *U < 1 || *U > 64)
        return bad(Field + "." + Name.str(), "must be an integer from 1 to 64, got " +
                                                 shortText(&V));
      Out.push_back({Name.str(), int(*U)});
    }
    std::sort(Out.begin(), Out.end()); // JSON object order is not kept; sums are exact
    return true;
  }
  bool layer(const json::Value *V, const std::string &At, unsigned In, Layer &L) {
    const json::Object *O = V ? V->getAsObject() : nullptr;
    if (!O || O->size() != 3 || !O->get("weights") || !O->get("bias") ||
        !O->get("activation"))
      return bad(At, "must be {\"weights\": [[...]], \"bias\": [...], \"activation\": ...}");
    const json::Array *W = O->getArray("weights");
    if (!W || W->empty() || W->size() > MaxWidth)
      return bad(At + ".weights", "must be an array of 1 to " + std::to_string(MaxWidth) +
                                      " rows (one per output)");
    L.In = In;
    L.Out = W->size();
    L.W.resize(size_t(In) * L.Out);
    for (unsigned J = 0; J != L.Out; ++J) {
      std::vector<double> Row;
      if (!numbers(&(*W)[J], At + ".weights[" + std::to_string(J) + "]", In, -MaxAbs, Row))
        return false;
      for (unsigned I = 0; I != In; ++I)
        L.W[size_t(I) * L.Out + J] = Row[I];
    }
    if (!numbers(O->get("bias"), At + ".bias", L.Out, -MaxAbs, L.B, "output"))
      return false;
    std::optional<StringRef> A = O->getString("activation");
    if (A == "tanh")
      L.Act = Layer::Tanh;
    else if (A == "relu")
      L.Act = Layer::Relu;
    else if (A == "linear")
      L.Act = Layer::Linear;
    else
      return bad(At + ".activation", "must be one of tanh, relu, linear, got " +
                                         shortText(O->get("activation")));
    return true;
  }

public:
  // Fills M from the file at Path; returns an error message (empty: done).
  std::string read(const std::string &Path, Model &M) {
    Where = Path;
    auto Buf = MemoryBuffer::getFile(Path);
    if (!Buf)
      return "cannot read policy file '" + Path + "': " + Buf.getError().message();
    Expected<json::Value> V = json::parse((*Buf)->getBuffer());
    if (!V)
      return "policy file '" + Path + "': not JSON: " + toString(V.takeError());
    const json::Object *O = V->getAsObject();
    if (!O)
      return "policy file '" + Path + "': expected a JSON object";
    (void)(parse(*O, M));
    return Err;
  }

private:
  bool parse(const json::Object &O, Model &M) {
    static const char *const Known[] = {"format",        "version",    "target",
                                        "features",      "normalization", "pressure_sets",
                                        "model",         "tie_break",  "guard",
                                        "provenance"};
    for (const auto &KV : O)
      if (!is_contained(Known, KV.first.str()))
        return bad(KV.first.str(), "is not a policy field");
    if (O.getString("format") != StringRef("agentsched-policy"))
      return bad("format", "must be 'agentsched-policy', got " + shortText(O.get("format")));
    if (O.getInteger("version") != int64_t(1))
      return bad("version", "must be 1 (this plugin reads version 1), got " +
                                shortText(O.get("version")));
    std::optional<StringRef> Family = O.getString("target");
    if (Family != StringRef("amdgpu") && Family != StringRef("nvptx"))
      return bad("target", "must be one of amdgpu, nvptx, got " + shortText(O.get("target")));
    M.Family = Family->str();
    const json::Array *F = O.getArray("features");
    if (!F || F->empty())
      return bad("features", "must be a non-empty array of feature names");
    for (size_t I = 0; I != F->size(); ++I) {
      std::string Field = "features[" + std::to_string(I) + "]";
      std::optional<StringRef> Name = (*F)[I].getAsString();
      auto It = Name ? llvm::find(FeatureNames, *Name) : std::end(FeatureNames);
      if (It == std::end(FeatureNames))
        return bad(Field, "names no feature: " + shortText(&(*F)[I]) +
                              " (docs/policy.md lists them)");
      unsigned Index = It - std::begin(FeatureNames);
      if (is_contained(M.Inputs, Index))
        return bad(Field, "repeats '" + Name->str() + "'");
      M.Inputs.push_back(Index);
    }
    size_t N = M.Inputs.size();
    M.Mean.assign(N, 0.0);
    M.Scale.assign(N, 1.0);
    if (const json::Value *Norm = O.get("normalization")) {
      const json::Object *NO = Norm->getAsObject();
      if (!NO || llvm::any_of(*NO, [](const auto &KV) {
            return KV.first != "mean" && KV.first != "scale";
          }))
        return bad("normalization", "must be an object with 'mean' and/or 'scale'");
      if (NO->get("mean") &&
          !numbers(NO->get("mean"), "normalization.mean", N, -MaxAbs, M.Mean))
        return false;
      if (NO->get("scale") &&
          !numbers(NO->get("scale"), "normalization.scale", N, MinScale, M.Scale))
        return false;
    }
    const json::Object *PS = O.getObject("pressure_sets");
    if (!PS || PS->size() != 2 || !PS->get("vgpr") || !PS->get("sgpr"))
      return bad("pressure_sets", "must be an object with 'vgpr' and 'sgpr'");
    if (!sets(PS, "vgpr", M.Vgpr) || !sets(PS, "sgpr", M.Sgpr))
      return false;
    const json::Object *Mo = O.getObject("model");
    std::optional<StringRef> Type = Mo ? Mo->getString("type") : std::nullopt;
    if (Type == StringRef("linear")) {
      if (llvm::any_of(*Mo, [](const auto &KV) {
            return KV.first != "type" && KV.first != "weights" && KV.first != "bias";
          }))
        return bad("model", "a linear model has 'weights' and 'bias' only");
      Layer L;
      L.In = N;
      L.Out = 1;
      L.B.assign(1, 0.0);
      if (!numbers(Mo->get("weights"), "model.weights", N, -MaxAbs, L.W))
        return false;
      if (Mo->get("bias") && !number(Mo->get("bias"), "model.bias[0]", -MaxAbs, L.B[0]))
        return false;
      M.Layers.push_back(std::move(L));
    } else if (Type == StringRef("mlp")) {
      const json::Array *Ls = Mo->getArray("layers");
      if (Mo->size() != 2 || !Ls || Ls->empty() || Ls->size() > MaxLayers)
        return bad("model.layers",
                   "must be an array of 1 to " + std::to_string(MaxLayers) + " layers");
      unsigned In = N;
      for (size_t K = 0; K != Ls->size(); ++K) {
        Layer L;
        if (!layer(&(*Ls)[K], "model.layers[" + std::to_string(K) + "]", In, L))
          return false;
        In = L.Out;
        M.Layers.push_back(std::move(L));
      }
      if (In != 1)
        return bad("model.layers[" + std::to_string(Ls->size() - 1) + "].weights",
                   "must have 1 row (the score), got " + std::to_string(In));
    } else {
      return bad("model", "must be an object with \"type\": \"linear\" or \"mlp\", got " +
                              shortText(O.get("model")));
    }
    if (const json::Value *T = O.get("tie_break"); T && T->getAsString() != "llvm_then_order")
      return bad("tie_break", "must be 'llvm_then_order', got " + shortText(T));
    if (const json::Value *G = O.get("guard"); G && G->kind() != json::Value::Null) {
      const json::Object *GO = G->getAsObject();
      if (!GO || GO->getString("type") != StringRef("vgpr_pressure") ||
          llvm::any_of(*GO, [](const auto &KV) {
            return KV.first != "type" && KV.first != "slack";
          }))
        return bad("guard", "must be null or {\"type\": 'vgpr_pressure', \"slack\": N}, got " +
                                shortText(G));
      M.Guard = true;
      if (const json::Value *S = GO->get("slack")) {
        std::optional<int64_t> I = S->getAsInteger();
        if (!I || *I < 0 || *I > int64_t(MaxAbs))
          return bad("guard.slack", "must be an integer >= 0, got " + shortText(S));
        M.Slack = *I;
      }
    }
    if (const json::Value *P = O.get("provenance"); P && !P->getAsObject())
      return bad("provenance", "must be an object");
    return true;
  }
};

static double activate(const Layer &L, double X) {
  switch (L.Act) {
  case Layer::Tanh:
    return std::tanh(X);
  case Layer::Relu:
    return X > 0.0 ? X : 0.0;
  case Layer::Linear:
    break;
  }
  return X;
}

// One layer for N candidates: Out[c][j] = act(0 + In[c][0]*w[0][j] + In[c][1]*w[1][j] + ...
// + b[j]), each sum over the inputs in order (In: N rows of L.In; Out: N rows of L.Out).
// The N * L.Out sums are independent: four advance together in registers, so that none
// waits for its own previous addition (a single dependent chain would, at every input).
static void forward(const Layer &L, const double *In, double *Out, size_t N) {
  const unsigned NI = L.In, NO = L.Out;
  if (NO % 8 == 0) { // wide layers: eight outputs of a candidate (contiguous weights)
    for (size_t C = 0; C != N; ++C) {
      const double *X = In + C * NI;
      for (unsigned J = 0; J != NO; J += 8) {
        // Named sums, not an array: an array would be kept in memory and every addition
        // would wait for the previous one's store.
        double A0 = 0.0, A1 = 0.0, A2 = 0.0, A3 = 0.0, A4 = 0.0, A5 = 0.0, A6 = 0.0, A7 = 0.0;
        const double *W = &L.W[J];
        for (unsigned K = 0; K != NI; ++K, W += NO) {
          const double XK = X[K];
          A0 = A0 + XK * W[0];
          A1 = A1 + XK * W[1];
          A2 = A2 + XK * W[2];
          A3 = A3 + XK * W[3];
          A4 = A4 + XK * W[4];
          A5 = A5 + XK * W[5];
          A6 = A6 + XK * W[6];
          A7 = A7 + XK * W[7];
        }
        const double A[8] = {A0, A1, A2, A3, A4, A5, A6, A7};
        for (unsigned T = 0; T != 8; ++T)
          Out[C * NO + J + T] = activate(L, A[T] + L.B[J + T]);
      }
    }
    return;
  }
  const size_t Total = N * NO;
  size_t P = 0; // Out[P] is candidate P / NO, output P % NO
  for (; P + 4 <= Total; P += 4) {
    const double *X[4];
    unsigned J[4];
    for (unsigned T = 0; T != 4; ++T) {
      X[T] = In + (P + T) / NO * NI;
      J[T] = (P + T) % NO;
    }
    double A0 = 0.0, A1 = 0.0, A2 = 0.0, A3 = 0.0;
    const double *W = L.W.data();
    for (unsigned K = 0; K != NI; ++K, W += NO) {
      A0 = A0 + X[0][K] * W[J[0]];
      A1 = A1 + X[1][K] * W[J[1]];
      A2 = A2 + X[2][K] * W[J[2]];
      A3 = A3 + X[3][K] * W[J[3]];
    }
    Out[P] = activate(L, A0 + L.B[J[0]]);
    Out[P + 1] = activate(L, A1 + L.B[J[1]]);
    Out[P + 2] = activate(L, A2 + L.B[J[2]]);
    Out[P + 3] = activate(L, A3 + L.B[J[3]]);
  }
  for (; P != Total; ++P) {
    const double *X = In + P / NO * NI, *W = L.W.data() + P % NO;
    double A = 0.0;
    for (unsigned K = 0; K != NI; ++K, W += NO)
      A = A + X[K] * *W;
    Out[P] = activate(L, A + L.B[P % NO]);
  }
}

class Policy : public DecisionSource {
  Model M;
  std::vector<double> InvScale;   // 1 / scale, per input (z = (x - mean) * (1 / scale))
  bool Needed[NumFeatures] = {};  // features the model reads (the others are not computed)
  std::vector<double> X, Next, Scores; // scratch, reused at every point
  std::vector<int64_t> After;
  std::vector<char> Allowed;
  std::vector<const NodeFacts *> Facts;

  // The policy's units by pressure-set index of this function's target, checked once.
  void bind(FunctionHook &H) {
    if (!H.VgprUnits.empty())
      return;
    const TargetRegisterInfo *TRI = H.MF->getSubtarget().getRegisterInfo();
    const Triple &TT = H.MF->getTarget().getTargetTriple();
    if ((M.Family == "amdgpu") != TT.isAMDGPU() || (M.Family == "nvptx") != TT.isNVPTX())
      fail("policy file '" + PolicyPath + "': field 'target' is '" + M.Family +
           "', but llc compiles for " + TT.str());
    unsigned NumSets = TRI->getNumRegPressureSets();
    H.VgprUnits.assign(NumSets, 0);
    H.SgprUnits.assign(NumSets, 0);
    for (auto [Group, Sets, Units] :
         {std::make_tuple("vgpr", &M.Vgpr, &H.VgprUnits),
          std::make_tuple("sgpr", &M.Sgpr, &H.SgprUnits)})
      for (const auto &[Name, U] : *Sets) {
        unsigned I = 0;
        while (I != NumSets && Name != TRI->getRegPressureSetName(I))
          ++I;
        if (I == NumSets) {
          std::string Have;
          for (unsigned J = 0; J != NumSets; ++J)
            Have += (J ? ", " : "") + std::string(TRI->getRegPressureSetName(J));
          fail("policy file '" + PolicyPath + "': field 'pressure_sets." + Group + "." + Name +
               "' names no register pressure set of " + TT.str() + " (it has " + Have + ")");
        }
        (*Units)[I] = U;
      }
    for (unsigned I = 0; I != NumSets; ++I)
      if (H.VgprUnits[I])
        H.VgprSets.push_back(I);
  }

  // (P.Facts has a slot per node: decide() sizes it before taking pointers into it.)
  const NodeFacts &facts(FunctionHook &H, PassRecord &P, SUnit &SU) {
    NodeFacts &N = P.Facts[SU.NodeNum];
    if (!N.Known) {
      const MachineInstr &MI = *SU.getInstr();
      const char *Cls = instrClass(H, MI, opcodeName(MI));
      N = {SU.Latency, SU.getDepth(), SU.getHeight(), countRegs(H, MI), MI.mayLoad(),
           MI.mayStore(),
           unsigned(llvm::find_if(Classes, [&](const char *C) { return !strcmp(C, Cls); }) -
                    std::begin(Classes)),
           true};
    }
    return N;
  }

  // The best candidate among the allowed ones (Allowed empty: all); ties as docs/policy.md
  // says: LLVM's pick, then candidate order (one entry per instruction, in LLVM's zone).
  size_t best(const Snapshot &S) {
    auto Ok = [&](size_t I) { return Allowed.empty() || Allowed[I]; };
    double Top = -std::numeric_limits<double>::infinity();
    for (size_t I = 0; I != Scores.size(); ++I)
      if (Ok(I))
        Top = std::max(Top, Scores[I]);
    std::vector<size_t> Best;
    for (size_t I = 0; I != Scores.size(); ++I)
      if (Ok(I) && Scores[I] >= Top - TieEps)
        Best.push_back(I);
    if (Best.size() == 1 || is_contained(Best, S.LlvmIndex))
      return Best.size() == 1 ? Best[0] : S.LlvmIndex;
    std::vector<size_t> Unique; // DecisionPoint.unique_candidates
    DenseMap<const SUnit *, size_t> Slot;
    for (size_t I = 0; I != S.Cands.size(); ++I) {
      auto [It, New] = Slot.try_emplace(S.Cands[I].SU, Unique.size());
      if (New)
        Unique.push_back(I);
      else if (S.Cands[I].Top == S.Llvm.Top && S.Cands[Unique[It->second]].Top != S.Llvm.Top)
        Unique[It->second] = I;
    }
    for (size_t I : Unique)
      if (is_contained(Best, I))
        return I;
    return Best[0];
  }

public:
  std::string load() {
    std::string Err = Reader().read(PolicyPath, M);
    for (unsigned F : M.Inputs)
      Needed[F] = true;
    for (double Sc : M.Scale)
      InvScale.push_back(1.0 / Sc);
    return Err;
  }

  Pick decide(const Snapshot &S) override {
    if (!S.IsChoice)
      return S.Llvm;
    FunctionHook &H = S.H;
    PassRecord &P = S.P;
    ScheduleDAGMILive *DAG = H.DAG;
    bind(H);
    ++Stats.PolicyDecisions;
    const size_t NumSets = H.VgprUnits.size(), N = S.Cands.size();
    static const std::vector<unsigned> None;
    bool Tracking = DAG->isTrackingPressure();
    const std::vector<unsigned> &TopP =
        Tracking ? DAG->getTopRPTracker().getRegSetPressureAtPos() : None;
    const std::vector<unsigned> &BotP =
        Tracking ? DAG->getBotRPTracker().getRegSetPressureAtPos() : None;
    const std::vector<unsigned> &MaxP = Tracking ? DAG->getRegPressure().MaxSetPressure : None;
    auto weighted = [&](const std::vector<unsigned> &Pr, const std::vector<int> &Units) {
      int64_t Sum = 0;
      for (size_t I = 0; I != Pr.size() && I != NumSets; ++I)
        Sum += int64_t(Units[I]) * Pr[I];
      return Sum;
    };

    // Point-wide quantities (docs/policy.md): scale, critical path left, pressure reference.
    int64_t Scale = 1, CP = 0;
    if (P.Facts.size() < DAG->SUnits.size())
      P.Facts.resize(DAG->SUnits.size());
    Facts.resize(N);
    for (size_t I = 0; I != N; ++I) {
      const Cand &C = S.Cands[I];
      const NodeFacts &F = *(Facts[I] = &facts(H, P, *C.SU));
      Scale = std::max<int64_t>(Scale, int64_t(F.Depth) + F.Height + F.Latency);
      CP = std::max<int64_t>(CP, C.Top ? F.Height : F.Depth);
    }
    const double Sc = double(Scale);
    const int64_t Ref = weighted(MaxP, H.VgprUnits);
    const double RefDiv = double(std::max<int64_t>(1, Ref));
    const double Size = double(std::max(1u, P.Size));
    double Row[NumFeatures] = {}; // one candidate's features (the region's are shared)
    Row[CriticalPath] = double(CP) / Sc;
    Row[StepFrac] = double(P.Steps) / Size;
    Row[RemainingFrac] = double(P.Size - P.Steps) / Size;
    Row[LogRegionSize] = std::log2(1.0 + double(P.Size));
    Row[LogCandidates] = std::log2(1.0 + double(N));
    const int64_t NowTop = weighted(TopP, H.VgprUnits), NowBot = weighted(BotP, H.VgprUnits);
    Row[PressureTop] = double(NowTop) / RefDiv;
    Row[PressureBot] = double(NowBot) / RefDiv;
    Row[Stage] = double(P.Stage);
    Row[Visit] = double(P.Visit);

    const bool NeedAfter = M.Guard || Needed[PressureAfter];
    const bool NeedPD = NeedAfter || Needed[VgprPressureDiff] || Needed[SgprPressureDiff];
    const unsigned In = M.Inputs.size();
    After.assign(N, 0);
    X.resize(N * In);
    for (size_t I = 0; I != N; ++I) {
      const Cand &C = S.Cands[I];
      const NodeFacts &F = *Facts[I];
      if (NeedPD) {
        RawPD PD = pressureDiff(H, C.SU);
        int64_t VPD = 0, SPD = 0;
        for (auto [Set, Inc] : PD) {
          VPD += int64_t(H.VgprUnits[Set]) * Inc;
          SPD += int64_t(H.SgprUnits[Set]) * Inc;
        }
        Row[VgprPressureDiff] = double(VPD) / 8.0;
        Row[SgprPressureDiff] = double(SPD) / 8.0;
        if (NeedAfter) { // the "vgpr" pressure at its zone's boundary once it is scheduled
          const std::vector<unsigned> &Cur = C.Top ? TopP : BotP;
          int64_t A = 0;
          for (unsigned Set : H.VgprSets) {
            int64_t V = Set < Cur.size() ? Cur[Set] : 0;
            for (auto [PSet, Inc] : PD)
              if (PSet == Set)
                V += C.Top ? -Inc : Inc;
            A += int64_t(H.VgprUnits[Set]) * std::max<int64_t>(0, V);
          }
          After[I] = A;
          Row[PressureAfter] = double(A) / RefDiv;
        }
      }
      Row[Latency] = double(F.Latency) / Sc;
      Row[Depth] = double(F.Depth) / Sc;
      Row[Height] = double(F.Height) / Sc;
      Row[VgprDefs] = double(F.Regs.VDefs) / 8.0;
      Row[SgprDefs] = double(F.Regs.SDefs) / 8.0;
      Row[VgprUses] = double(F.Regs.VUses) / 8.0;
      Row[SgprUses] = double(F.Regs.SUses) / 8.0;
      Row[MayLoad] = F.Load;
      Row[MayStore] = F.Store;
      Row[Available] = C.Available;
      Row[ZoneTop] = C.Top;
      for (unsigned K = 0; K != std::size(Classes); ++K)
        Row[ClsFirst + K] = F.Cls == K;
      Row[IsLlvmPick] = I == S.LlvmIndex;
      Row[Slack] = double(CP - (C.Top ? F.Height : F.Depth)) / Sc;

      double *Z = &X[I * In];
      const unsigned *Inputs = M.Inputs.data();
      const double *Mean = M.Mean.data(), *Inv = InvScale.data();
      for (unsigned K = 0; K != In; ++K)
        Z[K] = (Row[Inputs[K]] - Mean[K]) * Inv[K];
    }
    for (const Layer &L : M.Layers) {
      Next.resize(N * L.Out);
      forward(L, X.data(), Next.data(), N);
      X.swap(Next);
    }
    Scores.assign(X.begin(), X.begin() + N);

    Allowed.clear();
    size_t Choice = best(S);
    if (M.Guard) {
      // LLVM's own pick, or a pick that leaves its zone's boundary pressure at most the
      // larger of the region's reference + slack and that boundary's pressure now.
      Allowed.resize(N);
      for (size_t I = 0; I != N; ++I)
        Allowed[I] = I == S.LlvmIndex ||
                     After[I] <= std::max(Ref + M.Slack, S.Cands[I].Top ? NowTop : NowBot);
      if (!Allowed[Choice]) {
        Choice = best(S);
        ++Stats.GuardInterventions;
      }
    }
    return {idOf(H, S.Cands[Choice].SU->getInstr()), S.Cands[Choice].Top};
  }
};

} // namespace policy

// ======================================================== the hook: apply

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
  GenericScheduler *G = S.H.Strategy;
  SchedBoundary &Top = G->*TopOf, &Bot = G->*BotOf;
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
  (G->*TopCandOf).SU = nullptr;
  (G->*BotCandOf).SU = nullptr;
  IsTopNode = Want.Top;
  return Chosen;
}

// ======================================================== the hook

static SUnit *hookedPickNode(MachineSchedStrategy *Strategy, bool &IsTopNode) {
  FunctionHook &H = *HookOf.lookup(Strategy);
  std::optional<Snapshot> S = snapshot(H, Strategy, IsTopNode);
  if (!S)
    return nullptr; // the region is scheduled
  Pick Want = Source ? Source->decide(*S) : S->Llvm;
  if (StateLog)
    *StateLog << pointJson(H, S->P, S->Cands, S->Llvm, CompactLog ? &S->P.Log : nullptr,
                           Want == S->Llvm ? nullptr : &Want)
              << "\n";
  ++S->P.Steps;
  S->P.CallTailDone += S->P.CallTailDone < S->P.CallTail.size();
  SUnit *Picked = apply(*S, Want, IsTopNode);
  H.SpareReady = std::move(S->Ready);
  H.SpareCands = std::move(S->Cands);
  return Picked;
}

// ------------------------------------------------------------ output files
// The state log and the report appear under their names only when llc succeeds. Each is
// written to a temp file of its own next to its target, created with O_EXCL (a file or
// symlink planted under that name is never followed, and two runs never share one), renamed
// over the target when llc exits with status 0 (finishAtExit) and removed otherwise. After a
// fatal error or a signal LLVM removes it (RemoveFileOnSignal: async-signal-safe); only
// SIGKILL leaves .NAME.agentsched-PID-XXXXXX behind, which agentsched removes once its llc
// is dead (toolchain/compile.py). A target that exists and is no regular file (/dev/null, a
// FIFO, a terminal) or that names a file descriptor (/dev/stdout, /proc/self/fd/N, "-") is
// written directly: streamed, never replaced.

struct OutputFile {
  const char *What;  // "state log" or "report"
  std::string Final; // where the finished file goes (a symlink's target)
  std::string Tmp;   // the temp file; empty when writing directly
  int Fd = -1;
};
static OutputFile LogFile{"state log"}, ReportFile{"report"};

static std::string errnoText() { return std::strerror(errno); }

// Opens F for Path; returns an error message (empty: done).
static std::string openOutput(OutputFile &F, const std::string &Path) {
  std::string Name = std::string(F.What) + " '" + Path + "'";
  if (Path == "-") {
    F.Fd = ::dup(STDOUT_FILENO);
    return F.Fd < 0 ? "cannot write " + Name + ": " + errnoText() : "";
  }
  struct stat St;
  bool Exists = ::stat(Path.c_str(), &St) == 0;
  if (Exists && S_ISDIR(St.st_mode))
    return Name + " is a directory";
  StringRef P(Path);
  if (Exists && (!S_ISREG(St.st_mode) || P.starts_with("/dev/") || P.starts_with("/proc/"))) {
    F.Fd = ::open(Path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    return F.Fd < 0 ? "cannot write " + Name + ": " + errnoText() : "";
  }
  char Real[PATH_MAX];
  F.Final = Exists && ::realpath(Path.c_str(), Real) ? std::string(Real) : Path;
  std::string Dir = sys::path::parent_path(F.Final).str();
  if (Dir.empty())
    Dir = ".";
  std::string Tmp = Dir + "/." + sys::path::filename(F.Final).str() + ".agentsched-" +
                    std::to_string(::getpid()) + "-XXXXXX";
  F.Fd = ::mkostemp(Tmp.data(), O_CLOEXEC);
  if (F.Fd < 0)
    return "cannot create a temp file for " + Name + " in '" + Dir + "': " + errnoText();
  F.Tmp = Tmp;
  sys::RemoveFileOnSignal(F.Tmp);
  mode_t Mask = ::umask(0);
  ::umask(Mask);
  ::fchmod(F.Fd, Exists ? (St.st_mode & 07777) : (0666 & ~Mask));
  return "";
}

static std::string commitOutput(OutputFile &F) {
  std::string Err;
  if (F.Fd >= 0 && ::close(F.Fd) != 0)
    Err = std::string("cannot write ") + F.What + ": " + errnoText();
  F.Fd = -1;
  if (!F.Tmp.empty()) {
    if (Err.empty() && ::rename(F.Tmp.c_str(), F.Final.c_str()) != 0)
      Err = std::string("cannot rename the ") + F.What + " into '" + F.Final + "': " +
            errnoText();
    if (!Err.empty())
      ::unlink(F.Tmp.c_str());
    F.Tmp.clear();
  }
  return Err;
}

static void discardOutput(OutputFile &F) {
  if (F.Fd >= 0)
    ::close(F.Fd);
  F.Fd = -1;
  if (!F.Tmp.empty())
    ::unlink(F.Tmp.c_str());
  F.Tmp.clear();
}

// Flushes the state log; an error (disk full, a closed FIFO) is returned, not left for
// raw_fd_ostream's destructor (which would call report_fatal_error).
static std::string flushStateLog() {
  if (!StateLog)
    return "";
  StateLog->flush();
  if (!StateLog->has_error())
    return "";
  std::error_code EC = StateLog->error();
  StateLog->clear_error();
  return "cannot write state log '" + StateLogPath + "': " + EC.message();
}

// ------------------------------------------------------------ set-up

// Reads the options, the decision file and opens the outputs, once (at the first function
// scheduled, or at exit when none was). Returns an error message.
static bool SetUpDone = false;
static std::string SetUpError; // file-scope: finishAtExit reads it after local statics died

static std::string setUp() {
  std::string &Err = SetUpError;
  if (SetUpDone)
    return Err;
  SetUpDone = true;
  if (BaseSched != "target" && BaseSched != "generic")
    return Err = "-agent-sched-base must be 'target' or 'generic'";
  if (StateLogFormat != "compact" && StateLogFormat != "full")
    return Err = "-agent-sched-state-log-format must be 'compact' or 'full'";
  CompactLog = StateLogFormat == "compact";
  if (!DecisionsPath.empty() && !ChannelFds.empty())
    return Err = "give either -agent-sched-decisions or -agent-sched-channel, not both";
  if (!ChannelFds.empty()) {
    auto [R, W] = StringRef(ChannelFds).split(',');
    int In, Out;
    if (R.getAsInteger(10, In) || W.getAsInteger(10, Out))
      return Err = "-agent-sched-channel expects 'RFD,WFD', got '" + ChannelFds + "'";
    Source = std::make_unique<LiveChannel>(In, Out);
  }
  if (!PolicyPath.empty() && (!DecisionsPath.empty() || !ChannelFds.empty()))
    return Err = "give one of -agent-sched-decisions, -agent-sched-channel and "
                 "-agent-sched-policy, not several";
  if (!PolicyPath.empty()) {
    auto P = std::make_unique<policy::Policy>();
    if (!(Err = P->load()).empty())
      return Err;
    Source = std::move(P);
  }
  if (!DecisionsPath.empty()) {
    auto File = std::make_unique<DecisionFile>();
    if (!(Err = File->load()).empty())
      return Err;
    Source = std::move(File);
  }
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

// ------------------------------------------------------------ the end of a function

static void functionScheduled(const FunctionHook &H);

static void hookedFinalizeSchedule(ScheduleDAGInstrs *DAG) {
  FunctionHook &H = *HookOf.lookup(DAG);
  H.OrigFinalize(DAG); // GCN runs its later stages (and reverts) in here
  for (PassRecord &P : H.Passes) {
    settlePass(H, P);
    json::Object O{{"function", H.Name}, {"region", P.Region}, {"visit", P.Visit},
                   {"stage", P.Stage}, {"block", P.Block}, {"size", P.Size},
                   {"steps", P.Steps}, {"changed", P.Changed}, {"fate", P.Fate}};
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

// ------------------------------------------------------------ the end of llc

static std::string reportJson() {
  json::Object R{{"decisions", Stats.Decisions},
                 {"choices", Stats.Choices},
                 {"changed", Stats.Changed},
                 {"stale", Stats.Stale},
                 {"missing", Stats.Missing},
                 {"unmatched", Stats.Unmatched},
                 {"asked", Stats.Asked},
                 {"policy_decisions", Stats.PolicyDecisions},
                 {"guard_interventions", Stats.GuardInterventions},
                 {"forced", Stats.Forced},
                 {"regions", Stats.Regions},
                 {"passes", Stats.Passes},
                 {"reverted_regions", (int64_t)Stats.RevertedRegions.size()},
                 {"reverted_passes", Stats.RevertedPasses},
                 {"reverted_changed_passes", Stats.RevertedChangedPasses},
                 {"base", Stats.BaseName},
                 {"hooked", json::Object(Stats.Hooked)},
                 {"state_log_format", StateLogPath.empty() ? "" : StateLogFormat.getValue()},
                 {"pass_list", json::Array(Stats.PassList)}};
  std::string S;
  raw_string_ostream(S) << json::Value(std::move(R)) << "\n";
  return S;
}

// llc succeeded: check the decisions were all used, then publish the state log and report.
static std::string finishOutputs() {
  std::string Err = setUp(); // a module where nothing was scheduled gets its files here
  if (!Err.empty())
    return Err;
  if (Source && !(Err = Source->finish()).empty())
    return Err;
  if (!(Err = flushStateLog()).empty())
    return Err;
  StateLog.reset();
  if (ReportFile.Fd >= 0 && !writeFd(ReportFile.Fd, reportJson()))
    return "cannot write report '" + ReportPath + "': " + errnoText();
  if (!(Err = commitOutput(LogFile)).empty())
    return Err;
  return commitOutput(ReportFile);
}

// Runs when llc exits (glibc's on_exit passes the exit status): a failed compile
// (report_fatal_error and every error exit) leaves no state log or report behind.
static void finishAtExit(int Status, void *) {
  if (!active())
    return;
  std::string Err = Status == 0 ? finishOutputs() : "";
  if (Status == 0 && Err.empty())
    return;
  if (StateLog) {
    (void)flushStateLog();
    StateLog.reset();
  }
  discardOutput(LogFile);
  discardOutput(ReportFile);
  if (!Err.empty()) {
    std::fprintf(stderr, "LLVM ERROR: agent-sched: %s\n", Err.c_str());
    std::fflush(nullptr);
    ::_exit(1); // llc had already decided on 0: this compile failed after all
  }
}

// ------------------------------------------------------------ registration

// Decision points are keyed by function name; unnamed functions (all named "") get
// "__unnamed_N", N their position in the module, so that each has keys of its own.
static std::string functionKey(const Function &F) {
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
    if (!F.isDeclaration() && (OnlyFunction.empty() || Key == OnlyFunction))
      HookableFunctions.try_emplace(Key, false);
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

static void functionScheduled(const FunctionHook &H) {
  HookableFunctions[H.Name] = true;
  checkUnmatched(*H.MF);
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
  H.Name = functionKey(C->MF->getFunction());
  noteModule(*C->MF->getFunction().getParent());
  checkUnmatched(*C->MF); // decisions for functions this module does not have
  H.Strategy = G;
  H.DAG = MI;
  H.IsAMDGPU = C->MF->getTarget().getTargetTriple().isAMDGPU();
  H.IsNVPTX = C->MF->getTarget().getTargetTriple().isNVPTX();
  Stats.BaseName = BaseSched == "generic" ? "generic" : (H.IsAMDGPU ? "gcn" : "target");
  numberFunction(H);
  namespace vt = vtable_patch;
  size_t StrategyEntries = vt::entries(G, vt::baseEntries<GenericScheduler>());
  size_t DAGEntries = vt::entries(DAG, vt::baseEntries<ScheduleDAGMILive>());
  Stats.Hooked = json::Object{{"strategy", vt::className(G)},
                              {"strategy_vtable_slots", (int64_t)StrategyEntries},
                              {"dag", vt::className(DAG)},
                              {"dag_vtable_slots", (int64_t)DAGEntries}};
  H.OrigPick = reinterpret_cast<PickNodeFn>(
      vt::replace(G, vt::slotOf(&MachineSchedStrategy::pickNode), (void *)&hookedPickNode,
                  StrategyEntries));
  H.OrigFinalize = reinterpret_cast<FinalizeFn>(
      vt::replace(DAG, vt::slotOf(&ScheduleDAGInstrs::finalizeSchedule),
                  (void *)&hookedFinalizeSchedule, DAGEntries));
  HookOf[G] = &H;
  HookOf[DAG] = &H;
  return DAG;
}

static MachineSchedRegistry AgentSchedRegistry(
    "agent-sched", "Let an agent make every pre-RA scheduling decision (agentsched)",
    createAgentScheduler);

// Registered after every static object of this file, so it runs before their destructors.
[[maybe_unused]] static const bool FinishRegistered = ::on_exit(finishAtExit, nullptr) == 0;
