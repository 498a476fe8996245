//===- serialization.cpp - decision points as JSON lines --------------------===//
#include "serialization.h"

#include "features.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineScheduler.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/raw_ostream.h"

#include <charconv>

namespace agentsched {

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
    if (trackingPressure(H)) {
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

// -agent-sched-features: every candidate's whole row of the catalog, in candidate order,
// from computeFeatures (what a policy sees), each double in the shortest form that reads
// back as the same double. Computed once per point (the channel and the log share it).
static const std::string &featuresJson(const Snapshot &Pt) {
  std::string &Text = Pt.FeaturesText;
  if (!Text.empty())
    return Text;
  static PointFeatures F; // scratch, reused at every point
  bindUnits(Pt.H);
  computeFeatures(Pt, /*WithPressureDiffs=*/true, F);
  Text = ",\"features\":[";
  char Buf[32];
  for (size_t I = 0; I != Pt.Cands.size(); ++I) {
    Text += I ? ",[" : "[";
    for (unsigned K = 0; K != NumFeatures; ++K) {
      if (K)
        Text += ',';
      Text.append(Buf, std::to_chars(Buf, Buf + sizeof(Buf), F.at(I, K)).ptr);
    }
    Text += ']';
  }
  Text += ']';
  return Text;
}

// A decision point as one JSON line. Full form (Compact null): every candidate with all its
// features, the region's instructions at step 0. Compact form (live channel, compact state
// log): the region's instructions with their features in the first line of the pass that
// Compact's reader gets, then only the changes of the candidate list.
std::string pointJson(const Snapshot &Pt, DeltaState *Compact, const Pick *Chosen) {
  FunctionHook &H = Pt.H;
  PassRecord &P = Pt.P;
  const std::vector<Cand> &Cands = Pt.Cands;
  ScheduleDAGMI *DAG = H.DAG;
  bool WithTable = Compact ? !Compact->TableSent : P.Steps == 0;
  std::string S;
  raw_string_ostream OS(S);
  OS << "{\"function\":" << quoted(H.Name) << ",\"region\":" << P.Region
     << ",\"visit\":" << P.Visit << ",\"stage\":" << P.Stage << ",\"block\":" << P.Block
     << ",\"region_size\":" << P.Size << ",\"step\":" << P.Steps
     << ",\"remaining\":" << (P.Size - P.Steps);
  if (H.Post) // post-RA points only (docs/postra.md); absent means pre-RA
    OS << ",\"phase\":\"post\"";
  if (trackingPressure(H)) {
    ScheduleDAGMILive *Live = H.Live;
    OS << ",\"pressure_top\":";
    pressureJson(OS, H, Live->getTopRPTracker().getRegSetPressureAtPos());
    OS << ",\"pressure_bot\":";
    pressureJson(OS, H, Live->getBotRPTracker().getRegSetPressureAtPos());
    if (WithTable || !Compact) { // a pass constant: compact lines carry it with the table
      OS << ",\"pressure_max\":";
      pressureJson(OS, H, Live->getRegPressure().MaxSetPressure);
    }
  }
  OS << ",\"llvm\":";
  pickJson(OS, Pt.Llvm);
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
  if (Features)
    OS << featuresJson(Pt);
  OS << '}';
  return OS.str();
}

} // namespace agentsched
